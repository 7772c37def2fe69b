"""Drawing helpers for the Meteo table: hex geometry, the hit shape of a space, and the piece
surfaces (tiles, tokens, meeples, overlays, die faces), each made once per size and kept.

Art lives in ``art/meteo/*.svg`` (drawn for this project); colours come from the app palette.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from weather_tabletop.ui import art, theme

SQRT3 = math.sqrt(3.0)

#: Screen angle (degrees, y down) of each hex direction of ``board.DIRECTIONS``.
ANGLES = {"E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240, "NE": 300}

LANDSCAPE_RGB = {"plain": (243, 222, 138), "forest": (140, 199, 161),
                 "mountains": (201, 210, 218), "lake": (127, 183, 224)}
EFFECT_RGB = {"impassable": (200, 85, 61), "passable": (63, 143, 107), "holds": (106, 122, 137),
              "cancel": (47, 125, 191)}
EFFECT_WORD = {"impassable": "blocks", "passable": "opens", "holds": "holds", "cancel": "cancel"}
EFFECT_TEXT = {
    "impassable": "impassable: no figure may move onto or over it",
    "passable": "passable: figures may move here",
    "holds": "fog: figures may enter but are held there",
    "cancel": "cancels: both markers go back into the supply",
}


def hex_corners(center: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex (clockwise from the lower right)."""
    cx, cy = center
    return [(cx + size * math.cos(math.radians(30 + 60 * i)),
             cy + size * math.sin(math.radians(30 + 60 * i))) for i in range(6)]


def pixel_to_axial(dx: float, dy: float, size: float) -> tuple[int, int]:
    """The axial hex containing the offset (dx, dy) from the hex (0, 0)'s centre."""
    q = (SQRT3 / 3 * dx - dy / 3) / size
    r = (2 / 3 * dy) / size
    x, z = q, r
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    ddx, ddy, ddz = abs(rx - x), abs(ry - y), abs(rz - z)
    if ddx > ddy and ddx > ddz:
        rx = -ry - rz
    elif ddy > ddz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return int(rx), int(rz)


@dataclass(frozen=True)
class HexShape:
    """A space's hit area (and highlight) on screen."""

    pos: tuple[int, int]
    center: tuple[int, int]
    size: float

    def collidepoint(self, point: tuple[int, int]) -> bool:
        return pixel_to_axial(point[0] - self.center[0], point[1] - self.center[1],
                              self.size) == (0, 0)

    @property
    def bounds(self) -> pygame.Rect:
        w, h = SQRT3 * self.size, 2 * self.size
        return pygame.Rect(round(self.center[0] - w / 2), round(self.center[1] - h / 2),
                           round(w), round(h))

    def highlight(self, surface: pygame.Surface, colour: pygame.Color, ring: int,
                  over: bool) -> None:
        pts = hex_corners(self.center, self.size - ring)
        if over:
            fill = _hex_fill(round(self.size), tuple(colour)[:3])
            surface.blit(fill, fill.get_rect(center=self.center))
        pygame.draw.polygon(surface, colour, pts, ring * (2 if over else 1) + 1)


_cache: dict[tuple, pygame.Surface] = {}


def _convert(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _hex_fill(size: int, rgb: tuple[int, int, int], alpha: int = 90) -> pygame.Surface:
    key = ("hexfill", size, rgb, alpha)
    surf = _cache.get(key)
    if surf is None:
        w, h = math.ceil(SQRT3 * size) + 2, 2 * size + 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(surf, (*rgb, alpha), hex_corners((w / 2, h / 2), size))
        _cache[key] = surf = _convert(surf)
    return surf


def hex_tile(landscape: str, size: int) -> pygame.Surface:
    """The landscape art as a hex of circumradius ``size``."""
    return art.svg(f"meteo/hex_{landscape}.svg", (round(SQRT3 * size), 2 * size))


def overlay(effect: str, size: int) -> pygame.Surface:
    """What a marker does to its space, readable at a glance: red hatching for impassable,
    mist for fog, a green rim for a lake made passable."""
    key = ("overlay", effect, size)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, h = math.ceil(SQRT3 * size) + 2, 2 * size + 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    centre = (w / 2, h / 2)
    if effect == "impassable":
        hatch = pygame.Surface((w, h), pygame.SRCALPHA)
        hatch.fill((255, 255, 255, 70))
        step = max(5, size // 3)
        width = max(2, size // 9)
        for x in range(-h, w + h, step):
            pygame.draw.line(hatch, (*EFFECT_RGB["impassable"], 200), (x, h), (x + h, 0), width)
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), hex_corners(centre, size - 1))
        hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(hatch, (0, 0))
    elif effect == "holds":
        pygame.draw.polygon(surf, (240, 244, 248, 150), hex_corners(centre, size - 1))
        width = max(2, size // 10)
        for k in (-0.45, 0.0, 0.45):
            y = h / 2 + k * size
            pts = [(w / 2 - 0.7 * size + i * size * 0.1,
                    y + math.sin(i * 0.9) * size * 0.06) for i in range(15)]
            pygame.draw.lines(surf, (*theme.MUTED[:3], 170), False, pts, width)
    elif effect == "passable":
        pygame.draw.polygon(surf, (*EFFECT_RGB["passable"], 230),
                            hex_corners(centre, size - max(2, size // 10)), max(3, size // 7))
    _cache[key] = surf = _convert(surf)
    return surf


def token(kind: str, diameter: int) -> pygame.Surface:
    """A weather marker (``back`` for its back)."""
    return art.svg(f"meteo/marker_{kind}.svg", (diameter, diameter))


def _halo(body: pygame.Surface, k: int) -> pygame.Surface:
    """``body`` with a white rim ``k`` pixels wide: keeps a piece readable on any landscape."""
    w, h = body.get_size()
    white = pygame.mask.from_surface(body).to_surface(setcolor=(255, 255, 255, 255),
                                                      unsetcolor=(0, 0, 0, 0))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for dx, dy in ((-k, 0), (k, 0), (0, -k), (0, k)):
        surf.blit(white, (dx, dy))
    surf.blit(body, (0, 0))
    return surf


def meeple(rgb: tuple[int, int, int], height: int, shape: str | None = None) -> pygame.Surface:
    """A figure in its player's colour; with colour-blind markings the colour's shape
    (``table_view.shape_of``) as a white badge on its chest."""
    key = ("meeple", rgb, height, shape)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    body = art.svg("meteo/meeple.svg", (height, height)).copy()
    body.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
    # a thin white halo keeps a yellow figure readable on a plain, a blue one on a lake
    surf = _halo(body, max(1, height // 28))
    if shape:
        from weather_tabletop.ui.table_view import draw_shape

        draw_shape(surf, (height // 2, round(height * 0.57)), max(4, round(height * 0.22)), shape,
                   (255, 255, 255), theme.INK, max(1, height // 30))
    _cache[key] = surf = _convert(surf)
    return surf


WITCH_CLOAK = (91, 63, 140)
WITCH_FACE = (160, 204, 139)
WITCH_BROOM = (139, 94, 52)
WITCH_STRAW = (222, 178, 92)


def witch(height: int, number: int = 0) -> pygame.Surface:
    """A witch the size of a figure: a pointed hat, a purple cloak, a broom; ``number`` (1-3)
    white dots on her cloak tell the three witches apart (the log names them "witch 2")."""
    key = ("witch", height, number)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    h = height
    body = pygame.Surface((h, h), pygame.SRCALPHA)
    line = max(1, h // 22)

    def p(x: float, y: float) -> tuple[float, float]:
        return (x * h, y * h)

    # the broom behind her: a stick with a bundle of straw
    pygame.draw.line(body, WITCH_BROOM, p(0.90, 0.34), p(0.24, 0.90), max(2, h // 9))
    straw = [p(0.34, 0.80), p(0.04, 0.86), p(0.02, 0.99), p(0.24, 0.99)]
    pygame.draw.polygon(body, WITCH_STRAW, straw)
    pygame.draw.polygon(body, theme.INK, straw, line)
    # the cloak, wide at the hem
    cloak = [p(0.37, 0.46), p(0.63, 0.46), p(0.86, 0.98), p(0.14, 0.98)]
    pygame.draw.polygon(body, WITCH_CLOAK, cloak)
    pygame.draw.polygon(body, theme.INK, cloak, line)
    # the face
    face = (round(0.5 * h), round(0.42 * h))
    pygame.draw.circle(body, WITCH_FACE, face, max(2, round(0.13 * h)))
    pygame.draw.circle(body, theme.INK, face, max(2, round(0.13 * h)), line)
    # the hat: a wide brim and a tall bent cone
    cone = [p(0.31, 0.31), p(0.69, 0.31), p(0.62, 0.12), p(0.84, 0.0), p(0.44, 0.07)]
    pygame.draw.polygon(body, theme.INK, cone)
    brim = pygame.Rect(0, 0, round(0.82 * h), max(3, round(0.11 * h)))
    brim.center = (round(0.5 * h), round(0.31 * h))
    pygame.draw.ellipse(body, theme.INK, brim)
    band = [p(0.34, 0.25), p(0.66, 0.25), p(0.675, 0.29), p(0.325, 0.29)]
    pygame.draw.polygon(body, WITCH_STRAW, band)
    # her number as dots down the cloak
    r = max(1, round(0.045 * h))
    for i in range(number):
        c = (round(0.5 * h), round((0.62 + 0.12 * i) * h))
        pygame.draw.circle(body, (255, 255, 255), c, r)
    surf = _halo(body, max(1, h // 24))
    _cache[key] = surf = _convert(surf)
    return surf


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def die_face(face: int, size: int) -> pygame.Surface:
    """The die showing ``face`` (0: no face, before the first roll)."""
    key = ("die", face, size)
    surf = _cache.get(key)
    if surf is None:
        surf = art.svg("meteo/die.svg", (size, size)).copy()
        c = size * 0.46
        gap = size * 0.24
        r = max(2, round(size * 0.075))
        for dx, dy in PIPS.get(face, ()):
            pygame.draw.circle(surf, theme.INK, (round(c + dx * gap), round(c + dy * gap)), r)
        _cache[key] = surf = _convert(surf)
    return surf


def badge(text_surf: pygame.Surface, fill: tuple, pad: int) -> pygame.Surface:
    """A rounded label around rendered text."""
    w, h = text_surf.get_width() + 2 * pad, text_surf.get_height() + pad
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=h // 2)
    surf.blit(text_surf, text_surf.get_rect(center=(w // 2, h // 2)))
    return surf


def mix(rgb: tuple[int, int, int], other: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(a + (b - a) * t) for a, b in zip(rgb, other))  # type: ignore[return-value]
