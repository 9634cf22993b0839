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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="The Fort Boyard tabletop companion.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _COMMAND_MODULES:
        importlib.import_module(module).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
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
