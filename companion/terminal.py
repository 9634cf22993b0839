"""Text from the game log or a file, printed on a terminal: never a control sequence.

A player's name or a pack's text may hold ESC (a terminal takes what follows as a command: colours,
cursor moves, a new window title), NUL, C1 controls, bidirectional overrides that show a line in
another order than it is stored, zero-width characters that make two names look alike, a lone surrogate
that cannot be encoded. :func:`shown` writes each of them as a visible escape (``\\x1b``, ``\\u202e``);
every other character, accents and emoji included, is printed as it is. :func:`json_text` does the same
for JSON output: the same value once parsed, with those characters written as ``\\uXXXX`` escapes.
"""

from __future__ import annotations

import errno
import json
import os
import sys
import unicodedata
from typing import Any

#: Unicode categories never printed raw: controls, format characters (bidi, zero-width, soft hyphen...),
#: surrogates, private use, unassigned, and the line and paragraph separators.
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _hidden(char: str) -> bool:
    return char not in "\n\t" and unicodedata.category(char) in HIDDEN


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(text: Any, *, lines: bool = False) -> str:
    """``text`` with every control, format or unassigned character escaped; newlines and tabs too
    unless ``lines`` (a block of several lines of the companion's own making)."""
    text = str(text)
    if text.isascii() and text.isprintable():  # the usual case, at no cost
        return text
    return "".join(_escape(c) if _hidden(c) or (not lines and c in "\n\t") else c for c in text)


def json_text(value: Any, **options: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, **options)`` with the characters :func:`shown` escapes
    written as JSON escapes (outside strings JSON has only spaces and newlines, which are kept)."""
    text = json.dumps(value, ensure_ascii=False, **options)
    if text.isascii() and "\x7f" not in text:  # json.dumps escapes every other ASCII control itself
        return text
    return "".join(_json_escape(c) if _hidden(c) else c for c in text)


def _json_escape(char: str) -> str:
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # JSON writes a character beyond the BMP as its UTF-16 surrogate pair
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def survive_any_encoding() -> None:
    """Whatever the locale says (``LANG=C``, ``PYTHONIOENCODING=ascii``, a Latin-1 terminal), no output
    ends a command with UnicodeEncodeError (issue 27, defect 9). The standard output is UTF-8, as
    ``history`` and ``export`` already wrote it: JSON lines and CSV are read by programs, and RFC 8259
    has JSON exchanged in UTF-8; a terminal of another encoding shows the accents wrongly, never a crash.
    Both outputs write what cannot be encoded (a lone surrogate of an undecodable file name, a character
    the standard error's encoding lacks) as a backslash escape."""
    for stream, encoding in ((sys.stdout, "utf-8"), (sys.stderr, None)):
        try:
            stream.flush()
            stream.reconfigure(encoding=encoding or stream.encoding, errors="backslashreplace")
        except (AttributeError, ValueError, OSError):  # not a text file (a test's capture), or closed
            pass


def os_error(exc: OSError) -> str:
    """An OSError in one line, naming the path: ``/x/out.wav: Permission denied``."""
    what = exc.strerror or str(exc)
    if isinstance(exc, FileExistsError) and exc.filename is not None and not os.path.isdir(exc.filename):
        what = "is a file, not a folder"  # mkdir on the way to a file: "File exists" says nothing useful
    if exc.filename is None:
        return what
    if exc.filename2 is not None:
        return f"{exc.filename} -> {exc.filename2}: {what}"
    return f"{exc.filename}: {what}"


#: What writing the standard output meets: a full disk or quota, a file too big, a closed pipe, an output
#: opened for reading (the shell's ``1<file``), a device gone.
OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EPIPE, errno.EBADF, errno.EIO})


def output_failed(exc: OSError) -> bool:
    """True when ``exc`` is the standard output failing (an error of writing, with no file name: every
    file opened by name carries its name). The output's pending data is then dropped, so that Python's
    own flush at exit does not fail again with a traceback."""
    if exc.filename is not None or exc.errno not in OUTPUT_ERRORS:
        return False
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # a stdout with no file behind it (a test's capture)
        pass
    return True
