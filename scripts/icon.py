"""The app icon: one parametric drawing, rendered to PNG at any size with the stdlib only.

The drawing is described in a 0..1 unit square (y down) by signed-distance shapes, so every
size comes from the same source and edges are anti-aliased from the distance (no fonts, no
browser, no image library).  The background fills the whole square, and the motif stays
inside the central 80 % circle, so the icon also works as a "maskable" icon.

    python3 scripts/icon.py out_dir 192 512     # writes out_dir/icon-192.png, icon-512.png
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

# Colours (sRGB).  THEME is also the manifest's theme/background colour.
THEME = (0x14, 0x5A, 0x32)  # felt green
FELT_LIGHT = (0x1E, 0x7A, 0x46)
CARD = (0xFB, 0xF8, 0xEF)
CARD_EDGE = (0x2B, 0x2B, 0x2B)
RED = (0xC8, 0x1E, 0x1E)
GOLD = (0xE8, 0xB9, 0x3A)

# Three fanned cards: (centre x, centre y, rotation in degrees).
CARDS = ((0.36, 0.54, -16.0), (0.64, 0.54, 16.0), (0.50, 0.50, 0.0))
CARD_HALF = (0.165, 0.235)  # half width, half height
CARD_RADIUS = 0.035


def _box(px: float, py: float, hx: float, hy: float, r: float) -> float:
    """Signed distance to a rounded box centred on the origin."""
    qx, qy = abs(px) - hx + r, abs(py) - hy + r
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def _heart(px: float, py: float, s: float) -> float:
    """Approximate signed distance to a heart of size s centred on the origin (y down)."""
    lobes = min(math.hypot(px + 0.3 * s, py + 0.1 * s), math.hypot(px - 0.3 * s, py + 0.1 * s))
    # the lower point: a square turned by 45 degrees, its top corner hidden between the lobes
    u, v = (px + py - 0.2 * s) / math.sqrt(2), (py - 0.2 * s - px) / math.sqrt(2)
    return min(lobes - 0.4 * s, _box(u, v, 0.4 * s, 0.4 * s, 0.0))


def _layers(x: float, y: float) -> list[tuple[float, tuple[int, int, int]]]:
    """(signed distance, colour) of each layer at point (x, y), bottom to top."""
    out: list[tuple[float, tuple[int, int, int]]] = []
    # a lighter disc behind the cards
    out.append((math.hypot(x - 0.5, y - 0.5) - 0.40, FELT_LIGHT))
    for cx, cy, deg in CARDS:
        a = math.radians(deg)
        dx, dy = x - cx, y - cy
        px, py = dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)
        hx, hy = CARD_HALF
        edge = _box(px, py, hx, hy, CARD_RADIUS)
        out.append((edge, CARD_EDGE))
        out.append((edge + 0.008, CARD))
    # motif on the front card: a red heart with a gold pip above it
    out.append((_heart(x - 0.5, y - 0.52, 0.12), RED))
    out.append((math.hypot(x - 0.5, y - 0.345) - 0.025, GOLD))
    return out


COVER_STEPS = 16  # anti-aliasing in sixteenths: invisible, and few enough colours for a palette


def render(size: int) -> bytes:
    """Return the icon as a PNG of size x size pixels, with a palette (under 256 colours)."""
    px = 1.0 / size
    pixels = []
    for j in range(size):
        y = (j + 0.5) * px
        for i in range(size):
            x = (i + 0.5) * px
            r, g, b = THEME
            for dist, (cr, cg, cb) in _layers(x, y):
                cover = min(1.0, round((0.5 - dist / px) * COVER_STEPS) / COVER_STEPS)
                if cover <= 0.0:  # anti-aliasing from the distance to the shape's edge
                    continue
                r += (cr - r) * cover
                g += (cg - g) * cover
                b += (cb - b) * cover
            pixels.append((round(r), round(g), round(b)))
    return _png(size, size, pixels)


def _png(width: int, height: int, pixels: list[tuple[int, int, int]]) -> bytes:
    """An 8-bit indexed PNG: a palette of the colours used, then one index per pixel."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    palette = sorted(set(pixels))
    if len(palette) > 256:
        raise ValueError(f"the icon has {len(palette)} colours: a palette holds 256")
    index = {colour: i for i, colour in enumerate(palette)}
    raw = b"".join(b"\x00" + bytes(index[c] for c in pixels[y * width:(y + 1) * width])
                   for y in range(height))  # each row: PNG filter type 0, then its indices
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit, palette
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"PLTE", b"".join(bytes(c) for c in palette))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for size in map(int, argv[1:] or ["192", "512"]):
        (out / f"icon-{size}.png").write_bytes(render(size))


if __name__ == "__main__":
    main(sys.argv[1:])
