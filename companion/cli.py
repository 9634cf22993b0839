"""The ``companion`` command. Each sub-command lives in its own module with ``register(subparsers)``."""

from __future__ import annotations

import argparse
import importlib
import sys

from companion import __version__

# Modules that add sub-commands; each defines register(subparsers) and sets a ``func`` default that
# takes the parsed arguments and returns the exit code.
_COMMAND_MODULES = (
    "companion.headless.cli",
    "companion.app.cli",
    "companion.content.cli",
    "companion.sound.cli",
    "companion.tiles.cli",
    "companion.history.cli",
    "companion.config.cli",
    "companion.doctor.cli",
    "companion.phones.cli",
)


#: The sub-commands each module adds. ``companion COMMAND`` loads only that command's module: loading them
#: all would load what the others need (numpy, pyserial, gpiozero, aiohttp through their packages), a
#: third of a second of the app's start here, more on a Pi. A test keeps this table true.
COMMANDS = {
    "play": "companion.headless.cli",
    "app": "companion.app.cli", "shots": "companion.app.cli",
    "content": "companion.content.cli",
    "voices": "companion.sound.cli", "say": "companion.sound.cli", "sound": "companion.sound.cli",
    "tiles": "companion.tiles.cli",
    "history": "companion.history.cli", "export": "companion.history.cli",
    "config": "companion.config.cli",
    "doctor": "companion.doctor.cli",
    "phones": "companion.phones.cli",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser with every sub-command, or with ``command``'s alone when it is a known one."""
    parser = argparse.ArgumentParser(prog="companion", description="The Fort Boyard tabletop companion.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = (COMMANDS[command],) if command in COMMANDS else _COMMAND_MODULES
    for module in modules:
        importlib.import_module(module).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, while there is still a message to give
        return code
    except OSError as exc:
        # A file or a device the command could not read or write: one line naming it, never a traceback.
        from companion.terminal import os_error, output_failed, shown

        if output_failed(exc):
            if isinstance(exc, BrokenPipeError):  # `companion history | head`: the reader has had enough
                return 1
            message = f"cannot write the output: {exc.strerror or exc}"
        else:
            message = os_error(exc)
        print(shown(f"companion {args.command}: {message}"), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
