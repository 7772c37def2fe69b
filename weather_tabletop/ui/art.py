"""SVG art from ``art/``, rasterised once per size and kept (pygame-ce loads SVG at any size)."""

from __future__ import annotations

import io
import math
from typing import Callable

import pygame

from .. import resources
from . import cache

#: rasterised art by name and size: bounded (issue 27), as each window size makes new sizes
_cache = cache.surfaces(600, 96 * 1024 * 1024)


def forget() -> None:
    """Drop every rasterised picture (a table closed: bench/app_memory.py measured 4 MB of art
    and 7 MB of panels left, which glibc kept as 16 MB of resident memory)."""
    _cache.clear()


def svg(name: str, size: tuple[int, int]) -> pygame.Surface:
    """``art/<name>`` rasterised to fit ``size`` (aspect kept), cached."""
    key = (name, size)
    surf = _cache.get(key)
    if surf is None:
        data = resources.art(name).read_bytes()
        surf = pygame.image.load_sized_svg(io.BytesIO(data), size)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _cache[key] = surf
    return surf


def cover(name: str, size: tuple[int, int], native: tuple[int, int],
          fill: tuple[int, int, int] | None = None) -> pygame.Surface:
    """``art/<name>`` (drawn at ``native`` size) scaled to cover ``size`` and cropped centred.

    Rasterised 2 px larger than ``size`` needs and laid over ``fill``: an SVG raster one pixel
    wider than its picture (1921 for 1920) has a transparent last column or row, which showed as
    a black line at the window's edge (1920x1080, 1728x972)."""
    key = (name + "#cover", size, fill)
    surf = _cache.get(key)
    if surf is None:
        k = max(size[0] / native[0], size[1] / native[1])
        big_size = (math.ceil(native[0] * k) + 2, math.ceil(native[1] * k) + 2)
        big = svg(name, big_size)
        _cache.pop((name, big_size), None)  # only the cropped picture is kept
        surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        if fill is not None:
            surf.fill(fill)
        surf.blit(big, ((size[0] - big.get_width()) // 2, (size[1] - big.get_height()) // 2))
        for old in [k for k in _cache if k[0] == key[0]]:  # one size at a time: a window
            del _cache[old]  # being resized makes many
        _cache[key] = surf
    return surf


class SurfaceCache:
    """Surfaces made once by a view and kept by key (converted for the screen when there is one);
    at most ``limit`` of them and ``max_bytes`` of pixels, the least recently used going first,
    so a long game's changing sizes cannot pile up (issue 27: it was emptied only at ``limit``
    entries, which at 1920x1080 could be well over 100 MB)."""

    def __init__(self, limit: int = 2000, max_bytes: int = cache.SURFACE_BYTES) -> None:
        self.limit = limit
        self._surfaces = cache.surfaces(limit, max_bytes)

    def __len__(self) -> int:
        return len(self._surfaces)

    def get(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._surfaces.get(key)
        if surf is None:
            surf = make()
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._surfaces[key] = surf
        return surf


def icon() -> pygame.Surface:
    """The window icon."""
    return svg("icon.svg", (64, 64))
