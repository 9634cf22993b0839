"""QR codes of the players' links, for the touchscreen to show (segno: pure Python, no image library)."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str, scale: int = 8) -> str:
    """The link as an SVG document (black on white, with the quiet zone phones need to read it)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=scale, border=4, xmldecl=False)
    return out.getvalue().decode("utf-8")


def qr_png(url: str, scale: int = 8) -> bytes:
    """The link as PNG bytes (for a Kivy ``CoreImage``)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
