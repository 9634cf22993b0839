"""Legibility at the table, judged from ``widgets.json`` (what ``companion shots`` saw on each picture).

The table reads a 7-inch panel (800×480, about 5.2 px per mm) from 0.5–1.5 m: text on a play screen is
at least 18 px, the current player and the next step at least 36 px, each player's standing at least
24 px; a touch target is at least 48 px (9 mm) on its short side, with at least 8 px between two
targets; no word is broken inside; no text is laid over another. Sizes are for 800×480 and scale with the display profile's short
side (``DisplayProfile.scale``). Screens say which of their texts are the step or a standing with a
``role`` attribute on the widget. No Kivy here: the check runs on the JSON.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: Minimum text size in px at 800×480, by role; text without a role uses ``"text"``.
MIN_TEXT_PX = {"text": 18.0, "standing": 24.0, "step": 36.0}
MIN_TOUCH_PX = 48.0
MIN_GAP_PX = 8.0
TOLERANCE_PX = 0.5  # rounding of positions in the report


@dataclass(frozen=True)
class Problem:
    shot: str
    what: str

    def __str__(self) -> str:
        return f"{self.shot}: {self.what}"


def check_shot(shot: str, report: dict[str, Any], scale: float) -> list[Problem]:
    """Every legibility problem of one picture; ``scale`` is the profile's (1.0 at 800×480)."""
    found = [Problem(shot, what) for what in _text_problems(report.get("texts", []), scale)]
    found += [Problem(shot, what) for what in _touch_problems(report.get("touchables", []), scale)]
    return found


def _text_problems(texts: list[dict[str, Any]], scale: float) -> list[str]:
    found = [f"{_quote(a)} and {_quote(b)} overlap: one is drawn over the other" for a, b in _overlapping(texts)]
    for t in texts:
        role = t.get("role", "text")
        least = MIN_TEXT_PX.get(role, MIN_TEXT_PX["text"]) * scale
        if t["font_px"] + TOLERANCE_PX < least:
            found.append(f"{_quote(t)} is {t['font_px']:g} px, under the {least:g} px of a {role}")
        if t.get("broken_word"):
            found.append(f"{_quote(t)} has a word too wide for its box: it is broken inside")
    return found


def _touch_problems(touchables: list[dict[str, Any]], scale: float) -> list[str]:
    found = []
    least, gap = MIN_TOUCH_PX * scale, MIN_GAP_PX * scale
    for t in touchables:
        if min(t["size"]) + TOLERANCE_PX < least:
            found.append(f"touch target {_quote(t)} is {t['size'][0]}×{t['size'][1]} px, "
                         f"under {least:g} px on a side")
    for i, a in enumerate(touchables):
        for b in touchables[i + 1:]:
            apart = _distance(a, b)
            if apart is not None and apart + TOLERANCE_PX < gap:
                found.append(f"touch targets {_quote(a)} and {_quote(b)} are {apart:g} px apart, under {gap:g} px")
    return found


def _overlapping(texts: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Pairs of texts whose boxes cross by more than a pixel or two (neither holds the other): a layout
    that ran out of room and laid one line over another."""
    pairs = []
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            (ax, ay), (aw, ah) = a["pos"], a["size"]
            (bx, by), (bw, bh) = b["pos"], b["size"]
            if _inside(ax, ay, aw, ah, bx, by, bw, bh) or _inside(bx, by, bw, bh, ax, ay, aw, ah):
                continue
            across = min(ax + aw, bx + bw) - max(ax, bx)
            down = min(ay + ah, by + bh) - max(ay, by)
            if across > 2 and down > 2:
                pairs.append((a, b))
    return pairs


def _distance(a: dict[str, Any], b: dict[str, Any]) -> float | None:
    """The gap between two rectangles; None when one holds the other (a button inside a panel)."""
    (ax, ay), (aw, ah) = a["pos"], a["size"]
    (bx, by), (bw, bh) = b["pos"], b["size"]
    if _inside(ax, ay, aw, ah, bx, by, bw, bh) or _inside(bx, by, bw, bh, ax, ay, aw, ah):
        return None
    dx = max(bx - (ax + aw), ax - (bx + bw), 0)
    dy = max(by - (ay + ah), ay - (by + bh), 0)
    return math.hypot(dx, dy)  # 0 when they overlap; corner to corner when they are diagonal


def _inside(x: float, y: float, w: float, h: float, ox: float, oy: float, ow: float, oh: float) -> bool:
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def _quote(item: dict[str, Any]) -> str:
    text = " ".join(str(item.get("text", "")).split())
    return repr(text[:40] + ("…" if len(text) > 40 else "")) if text else "(no text)"


def scale_of(shot: str) -> float:
    """The profile's scale from a picture's name, ``SCREEN-WIDTHxHEIGHT-LANGUAGE.png``."""
    width, height = (int(v) for v in shot.rsplit("-", 2)[-2].split("x"))
    return min(width, height) / 480


def check_folder(widgets: dict[str, dict[str, Any]], screens: set[str] | None = None) -> list[Problem]:
    """The problems of every picture of ``widgets.json`` (of the given screens only, when given)."""
    found = []
    for shot, report in sorted(widgets.items()):
        if screens is None or shot.rsplit("-", 2)[0] in screens:
            found += check_shot(shot, report, scale_of(shot))
    return found


def main(argv: list[str] | None = None) -> int:
    """``python -m companion.app.legibility DIR [SCREEN...]``: the problems of DIR/widgets.json, one a line,
    then one JSON line of counts; exit 1 when there is any."""
    import argparse
    import json
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m companion.app.legibility", description=main.__doc__)
    parser.add_argument("dir", type=Path, help="a folder written by companion shots")
    parser.add_argument("screens", nargs="*", help="screens to check (default: every picture)")
    args = parser.parse_args(argv)
    widgets = json.loads((args.dir / "widgets.json").read_text("utf-8"))
    found = check_folder(widgets, set(args.screens) or None)
    for problem in found:
        print(problem)
    print(json.dumps({"pictures": len(widgets), "problems": len(found)}))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
