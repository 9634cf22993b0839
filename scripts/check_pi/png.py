"""Reads a PNG written by Kivy's screenshot and says whether it shows something: a window that opened but
drew nothing is one flat colour. Pure Python (the host needs no imaging library)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # colour type -> samples a pixel (8-bit, not palette)


class PngError(ValueError):
    pass


def pixels(data: bytes) -> tuple[int, int, int, bytes]:
    """(width, height, channels, the unfiltered 8-bit samples row after row)."""
    if not data.startswith(_SIGNATURE):
        raise PngError("not a PNG file")
    pos, header, idat = len(_SIGNATURE), None, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) != length:
            raise PngError("truncated chunk")
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None or not idat:
        raise PngError("no image header or no image data")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in _CHANNELS or interlace:
        raise PngError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    channels = _CHANNELS[colour]
    raw = zlib.decompress(b"".join(idat))
    return width, height, channels, _unfilter(raw, width * channels, height, channels)


def _unfilter(raw: bytes, stride: int, height: int, bpp: int) -> bytes:
    if len(raw) != (stride + 1) * height:
        raise PngError("image data has the wrong size")
    out, prior = bytearray(), bytearray(stride)
    for row in range(height):
        kind = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = prior[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                corner = prior[i - bpp] if i >= bpp else 0
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
            elif kind != 0:
                raise PngError(f"unknown filter {kind} in row {row}")
        out += line
        prior = line
    return bytes(out)


def colours(path: Path) -> int:
    """How many different colours the image has (counted up to 1000)."""
    width, height, channels, samples = pixels(path.read_bytes())
    seen: set[bytes] = set()
    for i in range(0, len(samples), channels):
        seen.add(samples[i:i + channels])
        if len(seen) >= 1000:
            break
    return len(seen)
