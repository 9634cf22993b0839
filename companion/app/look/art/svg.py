"""A few helpers to write SVG by hand in Python, rounded so that the output is stable."""

from __future__ import annotations

import math


def num(v: float) -> str:
    """A coordinate with at most 2 decimals and no trailing zeros: the same text on every machine."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(**kw) -> str:
    """``fill="#fff" stroke-width="2"``: underscores become hyphens, floats are rounded, None is left out."""
    parts = []
    for key, value in kw.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = num(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{value}"')
    return " ".join(parts)


def document(width: int, height: int, body: list[str], defs: list[str] = (), title: str = "") -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">')
    lines = [head]
    if title:
        lines.append(f"  <title>{title}</title>")
    if defs:
        lines += ["  <defs>", *(f"    {d}" for d in defs), "  </defs>"]
    lines += [f"  {b}" for b in body]
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def path(d: str, **kw) -> str:
    return f'<path d="{d}" {attrs(**kw)}/>'


def circle(cx: float, cy: float, r: float, **kw) -> str:
    return f"<circle {attrs(cx=float(cx), cy=float(cy), r=float(r), **kw)}/>"


def ellipse(cx: float, cy: float, rx: float, ry: float, **kw) -> str:
    return f"<ellipse {attrs(cx=float(cx), cy=float(cy), rx=float(rx), ry=float(ry), **kw)}/>"


def rect(x: float, y: float, w: float, h: float, **kw) -> str:
    return f"<rect {attrs(x=float(x), y=float(y), width=float(w), height=float(h), **kw)}/>"


def line(x1: float, y1: float, x2: float, y2: float, **kw) -> str:
    return f"<line {attrs(x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **kw)}/>"


def group(children: list[str], **kw) -> str:
    inner = "".join(children)
    return f"<g {attrs(**kw)}>{inner}</g>" if kw else f"<g>{inner}</g>"


def linear(id_: str, stops: list[tuple[float, str, float]], x2: float = 0, y2: float = 1) -> str:
    """A gradient from top to bottom (or along (x2, y2)); stops are (offset, hex, opacity)."""
    s = "".join(f'<stop offset="{num(o)}" stop-color="#{c}" stop-opacity="{num(a)}"/>' for o, c, a in stops)
    return f'<linearGradient id="{id_}" x1="0" y1="0" x2="{num(x2)}" y2="{num(y2)}">{s}</linearGradient>'


def radial(id_: str, stops: list[tuple[float, str, float]]) -> str:
    s = "".join(f'<stop offset="{num(o)}" stop-color="#{c}" stop-opacity="{num(a)}"/>' for o, c, a in stops)
    return f'<radialGradient id="{id_}">{s}</radialGradient>'


def wave(y: float, width: float, amplitude: float, length: float, phase: float = 0) -> str:
    """A path's points along a sea wave from x=0 to ``width`` (for "M..." / "L..." strings)."""
    points = []
    steps = max(int(width / 8), 2)
    for i in range(steps + 1):
        x = width * i / steps
        points.append(f"{num(x)} {num(y + amplitude * math.sin(2 * math.pi * x / length + phase))}")
    return " L".join(points)
