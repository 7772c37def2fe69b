"""Drawing helpers for the Meteo table: hex geometry, the hit shape of a space, and the piece
surfaces (tiles, tokens, meeples, overlays, die faces), each made once per size and kept.

Art lives in ``art/meteo/*.svg`` (drawn for this project); colours come from the app palette.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from weather_tabletop.i18n import Msg, msg, tr
from weather_tabletop.ui import art, theme

from . import words
from .board import LANDSCAPES, Board

SQRT3 = math.sqrt(3.0)

#: Screen angle (degrees, y down) of each hex direction of ``board.DIRECTIONS``.
ANGLES = {"E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240, "NE": 300}

LANDSCAPE_RGB = {"plain": (243, 222, 138), "forest": (140, 199, 161),
                 "mountains": (201, 210, 218), "lake": (127, 183, 224)}
EFFECT_RGB = {"impassable": (200, 85, 61), "passable": (63, 143, 107), "holds": (106, 122, 137),
              "cancel": (47, 125, 191)}
#: a placement's effect in a word (the placement table's cells) and in words (tooltips): keys
EFFECT_WORD = {e: f"meteo.effect_word.{e}" for e in EFFECT_RGB}
EFFECT_TEXT = {e: f"meteo.effect.{e}" for e in EFFECT_RGB}


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


def uses(b: Board, kind: str) -> Msg:
    """Where the placement table lets a ``kind`` marker lie, in words (its tooltips)."""
    on_land = tuple(msg("meteo.uses.landscape", landscape=words.landscape(on),
                        effect=msg(EFFECT_WORD[c.effect]))
                    for (m, on), c in b.cells.items() if m == kind and on in LANDSCAPES)
    on_marker = [words.marker(on) for (m, on), c in b.cells.items()
                 if m == kind and c.effect == "cancel"]
    land = msg("meteo.uses.on_land", places=on_land) if on_land else None
    cancel = msg("meteo.uses.cancel", markers=words.either(on_marker)) if on_marker else None
    if land is not None and cancel is not None:
        return msg("meteo.uses.both", land=land, cancel=cancel)
    return land or cancel or msg("meteo.uses.nowhere")


def placement_table(b: Board, text: theme.TextCache, s: float, pad: int, width: int,
                title_size: int) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
    """The placement table as the board shows it: a row per marker placed, a column per
    landscape and per marker already lying; allowed cells coloured by their effect. Laid out in
    hex sizes ``s`` like the rest of the board (a cell is at most 1.75 hex sizes), at most
    ``width`` wide; with the tooltip of each cell and head (in the surface's coordinates)."""
    kinds = list(b.marker_kinds)
    cols = list(LANDSCAPES) + kinds
    names = {c: tr(msg(f"meteo.table.head.{c}")) for c in cols}
    cell = round(min(1.75 * s, (width - 4 * pad) / (len(cols) + 2.2)))
    icon = round(cell * 0.6)
    first = round(cell * 2.2)  # the row heads: the marker placed
    fs = max(theme.MIN_TEXT_PX, round(cell * 0.26))
    ls = max(theme.MIN_TEXT_PX, round(cell * 0.25))
    line = text.font(ls).get_height()
    title = tr(msg("meteo.table.title"))
    title_w = first + len(cols) * cell - 2 * pad  # the table's width inside its margins
    lines = len(text.lay(title, title_w, 10 ** 4, title_size, bold=True).lines)
    title_h = text.font(title_size, True).get_linesize() * lines + pad
    head_h = icon + line + 2 * pad
    legend = [(e, tr(msg(f"meteo.table.legend.{e}")))
              for e in ("impassable", "passable", "holds", "cancel")]
    sq = round(cell * 0.3)
    w = first + len(cols) * cell + 3 * pad
    legend_w = (w - 4 * pad) // 2
    legend_h = 2 * line + 2 * pad
    h = pad + title_h + head_h + len(kinds) * cell + legend_h + pad
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.PANEL, surf.get_rect(), border_radius=pad * 2)
    pygame.draw.rect(surf, theme.INK_SOFT, surf.get_rect(), 2, border_radius=pad * 2)
    text.box(surf, title, pygame.Rect(2 * pad, pad, title_w, title_h), title_size, theme.INK,
             bold=True)
    x0 = pad + first
    y0 = pad + title_h
    cells: list[tuple[pygame.Rect, str]] = []
    for j, col in enumerate(cols):
        cx = x0 + j * cell + cell // 2
        img = hex_tile(col, max(4, icon // 2)) if col in LANDSCAPES else token(col, icon)
        surf.blit(img, img.get_rect(center=(cx, y0 + pad + icon // 2)))
        text.box(surf, names[col], pygame.Rect(x0 + j * cell + 1, y0 + pad + icon, cell - 2,
                                               line), ls, theme.INK_SOFT, align="center",
                 wrap=False)
        head = (msg("meteo.table.column_landscape", landscape=words.landscape(col))
                if col in LANDSCAPES else
                msg("meteo.table.column_marker", marker=words.marker(col)))
        cells.append((pygame.Rect(x0 + j * cell, y0, cell, head_h), tr(head)))
    sep = x0 + len(LANDSCAPES) * cell
    pygame.draw.line(surf, theme.INK_SOFT, (sep, y0), (sep, y0 + head_h + len(kinds) * cell), 2)
    for i, kind in enumerate(kinds):
        y = y0 + head_h + i * cell
        tok = token(kind, icon)
        surf.blit(tok, tok.get_rect(center=(pad + icon // 2 + 2, y + cell // 2)))
        text.box(surf, names[kind], pygame.Rect(pad + icon + 6, y, x0 - icon - pad - 8, cell),
                 ls, theme.INK_SOFT, wrap=False)
        cells.append((pygame.Rect(0, y, x0, cell),
                      tr(msg("meteo.table.row", marker=words.marker(kind), uses=uses(b, kind)))))
        for j, col in enumerate(cols):
            r = pygame.Rect(x0 + j * cell + 1, y + 1, cell - 2, cell - 2)
            c = b.cells.get((kind, col))
            if c is None:
                pygame.draw.rect(surf, theme.SKY, r, border_radius=3)
                continue
            pygame.draw.rect(surf, EFFECT_RGB[c.effect], r, border_radius=3)
            text.box(surf, tr(msg(EFFECT_WORD[c.effect])), r.inflate(-2, -2), fs,
                     (255, 255, 255), bold=True, align="center", wrap=False)
            how = dict(marker=words.marker(kind), effect=msg(EFFECT_TEXT[c.effect]),
                       source=msg(f"meteo.source.{c.source}"))
            tip = (msg("meteo.table.cell_landscape", landscape=words.landscape(col), **how)
                   if col in LANDSCAPES else
                   msg("meteo.table.cell_marker", lying=words.marker(col), **how))
            cells.append((r, tr(tip)))
    # the legend: two columns of two
    y = y0 + head_h + len(kinds) * cell + pad
    for k, (effect, label) in enumerate(legend):
        x = 2 * pad + (k % 2) * legend_w
        top = y + (k // 2) * line
        r = pygame.Rect(x, top + (line - sq) // 2, sq, sq)
        pygame.draw.rect(surf, EFFECT_RGB[effect], r, border_radius=3)
        text.box(surf, label, pygame.Rect(r.right + pad, top, legend_w - sq - 3 * pad, line),
                 ls, theme.INK, wrap=False)
    return _convert(surf), cells
