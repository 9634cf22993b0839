"""The parts' own words (English, technical: an exception's text, a library's message) said to the family
in the table's language. A problem the doctor knows (SPI off, a pin in use, a missing device, a refused
permission...) becomes a sentence of the catalogues (``doctor.why.*``) that says what to do; any other text
is shown as a technical quote inside a sentence of the catalogues, never bare. The terminal's
``companion doctor`` keeps the English detail as it was: this is only for the app's screens.
"""

from __future__ import annotations

import re
from typing import Callable

# The values of the doctor's messages that hold a part's own words (the others are numbers, names, paths).
TECHNICAL = frozenset({"error", "reason", "problem", "refused", "passed", "verdict"})

# (pattern, message): searched in order, the first that matches says it; named groups are the values.
KNOWN: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p, re.IGNORECASE), k) for p, k in (
    (r"(?P<path>/dev/spidev[\d.]+) does not exist", "spi_off"),
    (r"pin (?P<pin>GPIO\d+) is already in use", "pin_in_use"),
    (r"permission denied: '(?P<path>[^']+)'", "permission_path"),
    (r"permission denied|operation not permitted", "permission"),
    (r"could not open port (?P<path>[^:\s]+)", "port"),
    (r"no such file or directory: '(?P<path>[^']+)'", "missing_path"),
    (r"no such file or directory", "missing"),
    (r"no module named '(?P<module>[^']+)'", "module"),
    (r"read-only file system", "read_only"),
    (r"no space left on device", "disk_full"),
    (r"database is locked", "log_locked"),
    (r"file is not a database|database disk image is malformed", "log_damaged"),
    (r"^the GPIO buttons could not be opened$", "buttons_closed"),
    (r"^the LED pins could not be opened$", "leds_closed"),
    (r"^no device-tree model$", "no_model"),
    (r"^(none|no engine)$", "none"),
))


# Values that list pins and seats in the terminal's words ("GPIO 17 (pin 11)", "seat 2"): each piece said anew.
LISTS = frozenset({"pins", "stuck"})
PIECES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"GPIO (?P<gpio>\d+) \(pin (?P<pin>\d+)\)"), "gpio_pin"),
    (re.compile(r"GPIO (?P<gpio>\d+) \(not on the header\)"), "gpio_off_header"),
    (re.compile(r"\bseat (?P<seat>\d+)"), "seat"),
)


def pieces(text: str, tr: Callable[..., str]) -> str:
    """A list of pins and seats with each piece in ``tr``'s language."""
    for pattern, key in PIECES:
        text = pattern.sub(lambda m, k=key: tr("doctor.why." + k, **m.groupdict()), text)
    return text


def explain(text: str, tr: Callable[..., str]) -> str:
    """``text`` (a part's English words) as the family reads it with ``tr``: a known problem's sentence,
    else the text quoted as a technical detail."""
    text = str(text).strip()
    for pattern, key in KNOWN:
        found = pattern.search(text)
        if found:
            return tr("doctor.why." + key, **{k: v for k, v in found.groupdict().items() if v is not None})
    return tr("doctor.why.other", error=text) if text else text


def family_values(values: dict, tr: Callable[..., str]) -> dict:
    """A result's values with the technical ones explained in ``tr``'s language."""
    out = {}
    for k, v in values.items():
        if isinstance(v, str) and k in TECHNICAL:
            v = explain(v, tr)
        elif isinstance(v, str) and k in LISTS:
            v = pieces(v, tr)
        out[k] = v
    return out
