"""The ``companion`` command. Each sub-command lives in its own module with ``register(subparsers)``."""

from __future__ import annotations

import argparse
import importlib
import os
import select
import signal
import sys

from companion import __version__

# Modules that add sub-commands; each defines register(subparsers) and sets a ``func`` default that
# takes the parsed arguments and returns the exit code.
_COMMAND_MODULES = (
    "companion.headless.cli",
    "companion.engine.cli",
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
    "games": "companion.engine.cli",
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
    from companion.terminal import survive_any_encoding

    survive_any_encoding()  # before argparse's help, which has accents too
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

        if isinstance(exc, BrokenPipeError) and reader_gone():
            return end_like_a_closed_pipe()  # `companion history | head -1`: the reader has had enough
        if output_failed(exc) and not isinstance(exc, BrokenPipeError):
            message = f"cannot write the output: {exc.strerror or exc}"
        else:
            message = os_error(exc)
        print(shown(f"companion {args.command}: {message}"), file=sys.stderr)
        return 1


def reader_gone() -> bool:
    """Whether the standard output is a pipe (or socket) whose reader has closed it. A broken pipe may
    also be a helper program's (a speech engine's input): that one is an error to name, not this."""
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):  # no file behind the output (a test's capture)
        return False


def end_like_a_closed_pipe() -> int:
    """End as ``cat`` or ``grep`` end when their reader has gone: killed by SIGPIPE, quietly (shells
    report nothing for it, and 141 with ``set -o pipefail``), so a script can tell a reader that had
    enough from a failure (exit 1). The default action is restored only now, never for the whole run: a
    program with sockets (``companion phones``) must not die of a phone's dropped connection (Python's
    "Note on SIGPIPE"). Its output is pointed at /dev/null first, as that note does, so that nothing
    tries to write to the pipe again. The status returned is for a system without SIGPIPE."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        # A parent may have blocked SIGPIPE (a test runner's worker did): a blocked signal stays pending, and
        # the process would end with the status below instead of the signal.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGPIPE})
        os.kill(os.getpid(), signal.SIGPIPE)
    return 128 + 13


if __name__ == "__main__":
    sys.exit(main())
