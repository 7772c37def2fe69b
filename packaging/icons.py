"""The Windows ``.ico`` and macOS ``.icns`` icons, rendered from ``art/icon.svg`` at build time.

``python packaging/icons.py OUT_DIR`` writes ``OUT_DIR/icon.ico`` and ``OUT_DIR/icon.icns``; the
spec calls :func:`write_all` itself, so a build needs nothing else. pygame-ce rasterises the SVG
at each size (no scaling of one bitmap, so small sizes stay sharp) and saves PNG; both formats
accept PNG images inside them (ICO since Windows Vista, ICNS since Mac OS X 10.7), so the writers
below only lay out headers: no Pillow, no iconutil, nothing new at run time.
"""

from __future__ import annotations

import io
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "art" / "icon.svg"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (Apple's "icns" format: ic10 is the
# 512x512@2x slot, icp4-icp6 the small sizes).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09",
              1024: b"ic10"}


def png(size: int, svg: Path = SVG) -> bytes:
    """The icon drawn at ``size`` x ``size`` pixels, as PNG bytes."""
    import pygame

    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    if surface.get_size() != (size, size):  # an SVG whose aspect is not square
        surface = pygame.transform.smoothscale(surface, (size, size))
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG per size (ICONDIR, then one ICONDIRENTRY per image)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = [], []
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in a one-byte field
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns(images: dict[int, bytes]) -> bytes:
    """An ICNS file: the magic and total length, then (type, length, PNG) per size."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
                    for size, data in sorted(images.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_all(out_dir: Path, svg: Path = SVG) -> tuple[Path, Path]:
    """Write ``icon.ico`` and ``icon.icns`` into ``out_dir`` and return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    images = {size: png(size, svg) for size in sorted(set(ICO_SIZES) | set(ICNS_TYPES))}
    ico_path, icns_path = out_dir / "icon.ico", out_dir / "icon.icns"
    ico_path.write_bytes(ico({s: images[s] for s in ICO_SIZES}))
    icns_path.write_bytes(icns({s: images[s] for s in ICNS_TYPES}))
    return ico_path, icns_path


if __name__ == "__main__":
    for path in write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "icons"):
        print(f"{path} ({path.stat().st_size / 1e3:.0f} KB)")
