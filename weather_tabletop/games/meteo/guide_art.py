"""Pictures for Meteo's player's guide (``guide.toml``), drawn with the table's own art: the
landscape tiles, marker tokens, overlays, figures, witches and die of :mod:`view_art`, the SVGs in
``art/meteo/``, the board of ``data/board.toml`` and the placement table of ``data/markers.toml``,
in the sizes and colours the table uses (issue 14).

``picture(name, width, text)`` returns a surface at most ``width`` wide; each picture is a small
scene of hex fields (:func:`_scene`) or a row of labelled items (:func:`_items`).
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from weather_tabletop.i18n import language, msg, tr
from weather_tabletop.ui import art, theme
from weather_tabletop.ui.theme import TextCache

from . import view_art as va
from .words import marker as marker_name
from .board import BOARD, COLOURED, DIRECTIONS, LANDSCAPE, LANDSCAPES, PERCH, VILLAGE, WIND, Pos, distance
from .rules import COLOURS, start_village
from .view import FIGURE_DY, FIGURE_H, PAIR_DX, TOKEN_D, TOKEN_DY

RED, GREEN, ORANGE, YELLOW, BLUE, LIGHTBLUE = range(6)
GOOD = va.EFFECT_RGB["passable"]
BAD = va.EFFECT_RGB["impassable"]
PAD = 8


def _rgb(colour: int) -> tuple[int, int, int]:
    return tuple(COLOURS[colour].rgb)  # type: ignore[return-value]


def _canvas(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, theme.SKY, surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, theme.LINE, surf.get_rect(), 1, border_radius=10)
    return surf


def _font_px(s: float, k: float) -> int:
    return max(theme.MIN_TEXT_PX, round(s * k))


# -- one space ------------------------------------------------------------------------------

def _draw_space(surf: pygame.Surface, c: tuple[float, float], s: float, spec: dict,
                text: TextCache) -> None:
    """The ground of a space as the table draws it (``view.MeteoView._render_static``)."""
    kind = spec.get("kind", LANDSCAPE)
    ci = (round(c[0]), round(c[1]))
    if kind == LANDSCAPE:
        tile = va.hex_tile(spec["land"], max(4, round(s)))
        surf.blit(tile, tile.get_rect(center=ci))
    elif kind == COLOURED:
        rgb = _rgb(spec["colour"])
        pygame.draw.polygon(surf, va.mix(rgb, (255, 255, 255), 0.45), va.hex_corners(c, s))
        pygame.draw.polygon(surf, rgb, va.hex_corners(c, s * 0.82), max(2, round(s * 0.12)))
    elif kind == WIND:
        pygame.draw.polygon(surf, theme.PANEL, va.hex_corners(c, s))
        rose = art.svg("meteo/wind_rose.svg", (round(1.7 * s), round(1.7 * s)))
        surf.blit(rose, rose.get_rect(center=ci))
    elif kind == VILLAGE:
        col = COLOURS[spec["colour"]]
        pygame.draw.polygon(surf, col.rgb, va.hex_corners(c, s * 0.98))
        pygame.draw.polygon(surf, (255, 255, 255), va.hex_corners(c, s * 0.98),
                            max(2, round(s * 0.1)))
        if not spec.get("pieces"):
            disc = (ci[0], round(c[1] - 0.56 * s)) if spec.get("count") else ci
            r = max(5, round(0.4 * s))
            pygame.draw.circle(surf, (255, 255, 255), disc, r)
            pygame.draw.circle(surf, theme.INK, disc, r, max(1, round(s * 0.05)))
            if r >= 6:
                img = text.render(col.letter, max(8, round(r * 1.3)), theme.INK, bold=True)
                surf.blit(img, img.get_rect(center=disc))
    elif kind == PERCH:
        pygame.draw.circle(surf, (160, 170, 180), ci, round(0.42 * s))
        pygame.draw.circle(surf, theme.INK_SOFT, ci, round(0.42 * s), max(1, round(s * 0.07)))
    if kind in (LANDSCAPE, COLOURED, WIND):
        pygame.draw.polygon(surf, (255, 255, 255), va.hex_corners(c, s), max(1, round(s * 0.06)))


def _effect(spec: dict) -> str | None:
    m = spec.get("marker")
    if not m or spec.get("kind", LANDSCAPE) != LANDSCAPE:
        return None
    return BOARD.cell_effect.get((m, spec["land"]))


def _draw_top(surf: pygame.Surface, c: tuple[float, float], s: float, spec: dict,
              text: TextCache) -> None:
    """What stands on a space: the lit ring, the marker with its overlay, figures, witches."""
    ci = (round(c[0]), round(c[1]))
    if spec.get("lit"):
        fill = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(fill, (*theme.HIGHLIGHT[:3], 90), va.hex_corners(c, s - 2))
        surf.blit(fill, (0, 0))
        pygame.draw.polygon(surf, theme.HIGHLIGHT, va.hex_corners(c, s - 2),
                            max(2, round(s * 0.1)))
    effect = _effect(spec)
    if effect:
        ov = va.overlay(effect, max(4, round(s)))
        surf.blit(ov, ov.get_rect(center=ci))
    if spec.get("marker"):
        tok = va.token(spec["marker"], max(6, round(s * TOKEN_D)))
        dy = TOKEN_DY * s if spec.get("pieces") else 0
        surf.blit(tok, tok.get_rect(center=(ci[0], round(c[1] + dy))))
        if spec.get("sighted"):
            ring = (ci[0], round(c[1] + dy))
            pygame.draw.circle(surf, (255, 255, 255), ring, round(0.6 * s), max(3, round(s * 0.2)))
            pygame.draw.circle(surf, theme.PRIMARY_DARK, ring, round(0.56 * s),
                               max(2, round(s * 0.1)))
    pieces = spec.get("pieces", ())
    h = max(8, round(s * FIGURE_H))
    offs = [0.0] if len(pieces) == 1 else [-PAIR_DX, PAIR_DX]
    for who, off in zip(pieces, offs):
        centre = (round(c[0] + off * s), round(c[1] + FIGURE_DY * s))
        img = va.witch(h, int(who[1:])) if isinstance(who, str) else va.meeple(_rgb(who), h)
        rect = img.get_rect(center=centre)
        if spec.get("ring"):
            pygame.draw.circle(surf, theme.DANGER, centre, round(h * 0.62), max(2, round(s * 0.1)))
        surf.blit(img, rect)
    count = spec.get("count")
    if count:
        img = va.meeple(_rgb(count[0]), max(8, round(s * 0.74)))
        rect = img.get_rect(center=(ci[0], round(c[1] + 0.02 * s)))
        surf.blit(img, rect)
        size = _font_px(s, 0.36)
        num = text.render(str(count[1]), size, (255, 255, 255), bold=True)
        tag = num.get_rect(midtop=(ci[0], rect.bottom - 2)).inflate(8, 0)
        pygame.draw.rect(surf, theme.INK, tag, border_radius=tag.h // 2)
        surf.blit(num, num.get_rect(center=tag.center))


def _xy(pos: Pos) -> tuple[float, float]:
    """A hex's centre in hex sizes."""
    q, r = pos
    return (va.SQRT3 * (q + r / 2), 1.5 * r)


def _scene(width: int, spaces: dict[Pos, dict], text: TextCache, max_s: float = 40,
           below: int = 0, extra: Callable | None = None, margin: int = PAD) -> pygame.Surface:
    """Hex spaces drawn as the table draws them, as large as ``width`` allows (a hex size at
    most ``max_s``); ``below`` pixels left free under them; ``extra(surf, px, s)`` draws on top
    (``px`` maps a position to its pixel centre)."""
    xs = [_xy(p) for p in spaces]
    x0 = min(x for x, _ in xs) - va.SQRT3 / 2
    x1 = max(x for x, _ in xs) + va.SQRT3 / 2
    y0 = min(y for _, y in xs) - 1
    y1 = max(y for _, y in xs) + 1
    s = min(max_s, (width - 2 * margin) / (x1 - x0))
    w = min(width, math.ceil((x1 - x0) * s) + 2 * margin)
    h = math.ceil((y1 - y0) * s) + 2 * margin + below
    surf = _canvas(w, h)
    ox = (w - (x1 - x0) * s) / 2 - x0 * s
    oy = margin - y0 * s

    def px(pos: Pos) -> tuple[float, float]:
        x, y = _xy(pos)
        return (ox + x * s, oy + y * s)

    for p, spec in spaces.items():
        _draw_space(surf, px(p), s, spec, text)
    for p, spec in spaces.items():
        _draw_top(surf, px(p), s, spec, text)
    if extra is not None:
        extra(surf, px, s)
    return surf


def _arrow(surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float], rgb: tuple,
           width: int, crossed: bool = False) -> None:
    """An arrow from ``a`` to ``b`` with a white edge (readable on any field)."""
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = max(7, width * 3)
    tip = b
    base = (b[0] - head * math.cos(ang), b[1] - head * math.sin(ang))
    left = (base[0] + head * 0.55 * math.sin(ang), base[1] - head * 0.55 * math.cos(ang))
    right = (base[0] - head * 0.55 * math.sin(ang), base[1] + head * 0.55 * math.cos(ang))
    for colour, extra in (((255, 255, 255), 2), (rgb, 0)):
        pygame.draw.line(surf, colour, a, base, width + 2 * extra)
        pygame.draw.polygon(surf, colour, [tip, left, right])
        if extra:
            pygame.draw.polygon(surf, colour, [tip, left, right], 2 * extra)
    if crossed:
        m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        k = head * 0.8
        for dx, dy in ((k, k), (k, -k)):
            pygame.draw.line(surf, (255, 255, 255), (m[0] - dx, m[1] - dy), (m[0] + dx, m[1] + dy),
                             width + 4)
            pygame.draw.line(surf, BAD, (m[0] - dx, m[1] - dy), (m[0] + dx, m[1] + dy), width + 1)


def _toward(a: tuple[float, float], b: tuple[float, float], k: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


def _badge(surf: pygame.Surface, centre: tuple[float, float], words: str, size: int,
           fill: tuple, text: TextCache, ink: tuple = (255, 255, 255)) -> pygame.Rect:
    img = text.render(words, size, ink, bold=True)
    tag = va.badge(img, fill, max(3, size // 3))
    rect = tag.get_rect(center=(round(centre[0]), round(centre[1])))
    rect.clamp_ip(surf.get_rect().inflate(-4, -4))
    surf.blit(tag, rect)
    return rect


def _caption_under(surf: pygame.Surface, words: str, text: TextCache, h: int) -> None:
    box = pygame.Rect(PAD, surf.get_height() - h - PAD // 2, surf.get_width() - 2 * PAD, h)
    text.box(surf, words, box, 14, theme.INK_SOFT, align="center")


# -- a row of labelled items ----------------------------------------------------------------

def _items(width: int, items: list[tuple[pygame.Surface, str]], text: TextCache,
           cols: int) -> pygame.Surface:
    """Items in a grid of ``cols`` columns, each with its label below (wrapped to two lines)."""
    rows = [items[i:i + cols] for i in range(0, len(items), cols)]
    cell_w = (width - 2 * PAD) // cols
    line = text.font(12).get_linesize()
    label_h = 2 * line + 2
    heights = [max(img.get_height() for img, _ in r) + label_h + PAD for r in rows]
    surf = _canvas(width, sum(heights) + PAD)
    y = PAD
    for r, h in zip(rows, heights):
        x = PAD + (width - 2 * PAD - len(r) * cell_w) // 2
        img_h = h - label_h - PAD
        for img, label in r:
            surf.blit(img, img.get_rect(midbottom=(x + cell_w // 2, y + img_h)))
            text.box(surf, label, pygame.Rect(x + 2, y + img_h + 3, cell_w - 4, label_h), 13,
                     theme.INK, align="center", valign="top")
            x += cell_w
        y += h
    return surf


def _hex_item(s: float, spec: dict, text: TextCache) -> pygame.Surface:
    w, h = math.ceil(va.SQRT3 * s) + 4, math.ceil(2 * s) + 4
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    _draw_space(surf, (w / 2, h / 2), s, spec, text)
    _draw_top(surf, (w / 2, h / 2), s, spec, text)
    return surf


# -- the pictures ---------------------------------------------------------------------------

def _fields(width: int, text: TextCache) -> pygame.Surface:
    cols = 6 if width >= 420 else 3
    s = min(34.0, ((width - 2 * PAD) / cols - 10) / va.SQRT3)
    specs = [({"land": "plain"}, "plain"), ({"land": "forest"}, "forest"),
             ({"land": "mountains"}, "mountains"), ({"land": "lake"}, "lake"),
             ({"kind": COLOURED, "colour": RED}, "coloured"), ({"kind": WIND}, "wind")]
    return _items(width, [(_hex_item(s, spec, text), tr(msg(f"meteo.guide.field.{label}")))
                          for spec, label in specs], text, cols)


def _markers(width: int, text: TextCache) -> pygame.Surface:
    cols = 7 if width >= 420 else 4
    d = round(min(54, (width - 2 * PAD) / cols - 12))
    items = [(va.token(k, d), tr(marker_name(k))) for k in BOARD.marker_kinds]
    items.append((va.token("back", d), tr(msg("meteo.guide.back"))))
    return _items(width, items, text, cols)


def _row(images: list[pygame.Surface], gap: int) -> pygame.Surface:
    w = sum(i.get_width() for i in images) + gap * (len(images) - 1)
    h = max(i.get_height() for i in images)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    x = 0
    for img in images:
        surf.blit(img, (x, h - img.get_height()))
        x += img.get_width() + gap
    return surf


def _pieces(width: int, text: TextCache) -> pygame.Surface:
    cell = (width - 2 * PAD) // 2
    fh = max(14, min(40, round(cell / 6.6)))
    figures = _row([va.meeple(c.rgb, fh) for c in COLOURS], 1)
    wh = max(16, min(48, round(cell / 3.6)))
    witches = _row([va.witch(wh, n) for n in (1, 2, 3)], 2)
    d = max(18, min(48, cell // 3))
    die = _row([va.die_face(5, d)], 0)
    wind = art.svg("meteo/wind_marker.svg", (d, d))
    return _items(width, [(figures, tr(msg("meteo.guide.figures"))),
                          (witches, tr(msg("meteo.guide.witches"))),
                          (die, tr(msg("meteo.view.die"))),
                          (wind, tr(msg("meteo.guide.wind_marker")))], text, 2)


def _island(width: int, text: TextCache, colours: tuple[int, ...] = (RED, YELLOW),
            tops: dict[Pos, dict] | None = None, extra: Callable | None = None,
            below: int = 0) -> pygame.Surface:
    """The whole island as the table draws it, each half of ``colours`` bordered in its colour
    (bands along the rim), with the white paths, villages and grey dots."""
    spaces: dict[Pos, dict] = {}
    for pos, sp in BOARD.spaces.items():
        if sp.kind == LANDSCAPE:
            spaces[pos] = {"land": sp.landscape}
        elif sp.kind in (COLOURED, VILLAGE):
            spaces[pos] = {"kind": sp.kind, "colour": sp.colour}
        else:
            spaces[pos] = {"kind": sp.kind}
    for pos, spec in (tops or {}).items():
        spaces[pos] = {**spaces[pos], **spec}

    def bands(surf: pygame.Surface, px: Callable, s: float) -> None:
        # drawn over the ground but under nothing important: the halves' bands and white paths
        wb = max(2, round(s * 0.26))
        for pos in BOARD.island():
            if distance(pos) != BOARD.radius:
                continue
            cx, cy = px(pos)
            for name, angle in va.ANGLES.items():
                d = DIRECTIONS[name]
                if distance((pos[0] + d[0], pos[1] + d[1])) <= BOARD.radius:
                    continue
                a = math.radians(angle)
                for c in colours:
                    if not BOARD.in_half(c, pos):
                        continue
                    off = s * 0.86 + wb * 0.5
                    ux, uy = math.cos(a), math.sin(a)
                    mx, my = cx + ux * off, cy + uy * off
                    half = s / 2 + wb * 0.3
                    pygame.draw.line(surf, _rgb(c), (mx - uy * half, my + ux * half),
                                     (mx + uy * half, my - ux * half), wb)
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for pos in BOARD.perches:
            far = (-pos[0] * BOARD.radius // (BOARD.radius + 1),
                   -pos[1] * BOARD.radius // (BOARD.radius + 1))
            pygame.draw.line(layer, (255, 255, 255, 170), px(pos), px(far), max(2, round(s * 0.3)))
        surf.blit(layer, (0, 0))
        # the ground of the villages and grey dots again, over the paths' ends
        for pos in BOARD.perches + BOARD.villages:
            _draw_space(surf, px(pos), s, spaces[pos], text)
            _draw_top(surf, px(pos), s, spaces[pos], text)
        for pos in tops or {}:
            if pos not in BOARD.perches and pos not in BOARD.villages:
                _draw_top(surf, px(pos), s, spaces[pos], text)
        if extra is not None:
            extra(surf, px, s)

    base = {p: ({k: v for k, v in spec.items() if k in ("kind", "land", "colour")}
                if p in (tops or {}) else spec) for p, spec in spaces.items()}
    return _scene(width, base, text, max_s=40, extra=bands, below=below, margin=PAD + 4)


def _island_goal(width: int, text: TextCache) -> pygame.Surface:
    start = start_village(BOARD, RED)
    home = BOARD.villages[RED]

    def extra(surf: pygame.Surface, px: Callable, s: float) -> None:
        a, b = px(start), px(home)
        _arrow(surf, _toward(a, b, 0.12), _toward(a, b, 0.88), theme.INK, max(2, round(s * 0.2)))

    return _island(width, text, tops={start: {"count": (RED, 9)}}, extra=extra)


def _near(center: Pos, radius: int) -> dict[Pos, dict]:
    """The board's spaces within ``radius`` of ``center``, as scene specs."""
    out: dict[Pos, dict] = {}
    for pos, sp in BOARD.spaces.items():
        if distance(pos, center) > radius or sp.kind == PERCH:
            continue
        if sp.kind == LANDSCAPE:
            out[pos] = {"land": sp.landscape}
        else:
            out[pos] = {"kind": sp.kind, "colour": sp.colour}
    return out


def _setup(width: int, text: TextCache) -> pygame.Surface:
    v = start_village(BOARD, RED)
    spaces = _near(v, 2)
    spaces[v]["count"] = (RED, 9)
    front = BOARD.front[YELLOW]

    def extra(surf: pygame.Surface, px: Callable, s: float) -> None:
        a, b = px(v), px(front[1])
        _arrow(surf, _toward(a, b, 0.3), _toward(a, b, 0.85), theme.PRIMARY_DARK,
               max(2, round(s * 0.12)))
        side = (b[0] + 1.25 * s, b[1] - 0.2 * s) if b[0] >= a[0] else (b[0] - 1.25 * s, b[1])
        _badge(surf, side, tr(msg("meteo.view.steps", n=1)), _font_px(s, 0.36), theme.PRIMARY_DARK,
               text)

    return _scene(width, spaces, text, max_s=36, extra=extra)


def _marker_on_field(width: int, text: TextCache) -> pygame.Surface:
    s = min(36.0, ((width - 2 * PAD) / 3 - 10) / va.SQRT3)
    specs = [({"land": "plain", "marker": "sun"}, "sun_plain"),
             ({"land": "lake", "marker": "ice"}, "ice_lake"),
             ({"land": "mountains", "marker": "fog", "pieces": (BLUE,)}, "fog_mountains")]
    return _items(width, [(_hex_item(s, spec, text), tr(msg(f"meteo.guide.example.{label}")))
                          for spec, label in specs], text, 3)


def _cancel(width: int, text: TextCache) -> pygame.Surface:
    s = min(34.0, (width - 2 * PAD) / 7.4)
    d = round(s * TOKEN_D)
    before = _hex_item(s, {"land": "plain", "marker": "rain"}, text)
    after = _hex_item(s, {"land": "plain"}, text)
    sun = va.token("sun", d)
    backs = _row([va.token("back", round(d * 0.7)), va.token("back", round(d * 0.7))], 2)
    w = width
    h = before.get_height() + 3 * PAD + text.font(13).get_linesize() * 2
    surf = _canvas(w, h)
    y = PAD + before.get_height() // 2
    x_sun = PAD + sun.get_width() // 2
    x_before = x_sun + sun.get_width() // 2 + PAD + before.get_width() // 2
    x_after = w - PAD - after.get_width() // 2
    surf.blit(sun, sun.get_rect(center=(x_sun, y)))
    surf.blit(before, before.get_rect(center=(x_before, y)))
    _arrow(surf, (x_sun + sun.get_width() // 2 - 2, y), (x_before - d // 3, y), theme.INK, 2)
    mid = (x_before + x_after) // 2
    _arrow(surf, (x_before + before.get_width() // 2, y), (x_after - after.get_width() // 2, y),
           GOOD, max(2, round(s * 0.1)))
    surf.blit(after, after.get_rect(center=(x_after, y)))
    surf.blit(backs, backs.get_rect(midbottom=(mid, y - 4)))
    box = pygame.Rect(PAD, PAD + before.get_height() + PAD, w - 2 * PAD,
                      h - before.get_height() - 2 * PAD - PAD // 2)
    text.box(surf, tr(msg("meteo.guide.both_back")), box, 13, theme.INK_SOFT,
             align="center", valign="top")
    return surf


def _placement_table(width: int, text: TextCache) -> pygame.Surface:
    """A row per marker: the fields it may lie on, each showing what it does there, and the
    markers it cancels (the cells of ``data/markers.toml``)."""
    kinds = list(BOARD.marker_kinds)
    cols = 8  # the marker, 3 fields, a gap, 3 markers it cancels
    cell = min(52, (width - 2 * PAD) // (cols - 0.5))
    s = cell / va.SQRT3 * 0.92
    d = round(cell * 0.78)
    head = text.font(13, True).get_linesize() + 4
    legend_h = 2 * (text.font(13).get_linesize() + 2) + 4
    w = min(width, round(cell * (cols - 0.5)) + 2 * PAD)
    h = PAD + head + len(kinds) * cell + legend_h + PAD
    surf = _canvas(w, h)
    x0 = (w - cell * (cols - 0.5)) / 2
    heading = pygame.Rect(round(x0 + cell), PAD, 3 * cell, head)
    text.box(surf, tr(msg("meteo.guide.on_fields")), heading, 13, theme.INK, bold=True,
             align="center", wrap=False)
    text.box(surf, tr(msg("meteo.guide.cancels")),
             pygame.Rect(round(x0 + 4.5 * cell), PAD, 3 * cell, head), 13, theme.INK, bold=True,
             align="center", wrap=False)
    for i, kind in enumerate(kinds):
        y = PAD + head + i * cell + cell / 2
        if i % 2 == 0:
            band = pygame.Rect(round(x0 - 4), round(y - cell / 2), round(cell * (cols - 0.5)) + 8,
                               round(cell))
            pygame.draw.rect(surf, theme.SKY_DEEP, band, border_radius=6)
        tok = va.token(kind, d)
        surf.blit(tok, tok.get_rect(center=(round(x0 + cell / 2), round(y))))
        lands = [on for on in LANDSCAPES if (kind, on) in BOARD.cells]
        for j, on in enumerate(lands):
            c = (x0 + (1.5 + j) * cell, y)
            _draw_space(surf, c, s, {"land": on}, text)
            _draw_top(surf, c, s, {"land": on, "marker": None}, text)
            ov = va.overlay(BOARD.cell_effect[(kind, on)], max(4, round(s)))
            surf.blit(ov, ov.get_rect(center=(round(c[0]), round(c[1]))))
        cancels = [k for k in kinds if BOARD.cell_effect.get((kind, k)) == "cancel"]
        for j, other in enumerate(cancels):
            t = va.token(other, round(d * 0.8))
            surf.blit(t, t.get_rect(center=(round(x0 + (5.0 + j) * cell), round(y))))
    sep = round(x0 + 4.25 * cell)
    pygame.draw.line(surf, theme.LINE, (sep, PAD + head), (sep, PAD + head + len(kinds) * cell), 2)
    # the legend: the three overlays
    y = PAD + head + len(kinds) * cell + 4
    line = text.font(13).get_linesize() + 2
    col_w = (w - 2 * PAD) // 2
    legend = [(effect, tr(msg(f"meteo.guide.legend.{effect}")))
              for effect in ("impassable", "passable", "holds")]
    for k, (effect, words) in enumerate(legend):
        x = PAD + (k % 2) * col_w
        top = y + (k // 2) * line
        sw = pygame.Rect(x, top + 2, line - 4, line - 4)
        pygame.draw.rect(surf, va.EFFECT_RGB[effect], sw, border_radius=3)
        text.box(surf, words, pygame.Rect(sw.right + 4, top, col_w - line, line), 13, theme.INK,
                 wrap=False)
    return surf


def _impassable(width: int, text: TextCache) -> pygame.Surface:
    c = (0, 0)
    spaces = {
        c: {"land": "plain", "marker": "rain", "pieces": (RED, BLUE), "ring": True},
        (1, 0): {"land": "forest", "lit": True},
        (1, -1): {"land": "mountains", "marker": "fog", "lit": True},
        (0, -1): {"land": "lake"},
        (-1, 0): {"land": "forest", "pieces": (GREEN, BLUE)},
        (-1, 1): {"kind": COLOURED, "colour": RED, "pieces": (ORANGE,)},
        (0, 1): {"land": "plain", "lit": True},
    }
    return _scene(width, spaces, text, max_s=48)


def _move(width: int, text: TextCache) -> pygame.Surface:
    v = start_village(BOARD, RED)
    front = BOARD.front[YELLOW][1]
    spaces = _near(front, 2)
    for p in list(spaces):
        if distance(p, v) > 3:
            del spaces[p]
    spaces[v]["count"] = (RED, 8)
    path = [v, front]
    # three more steps inward over passable fields, around lakes, as far from the village as can be
    while len(path) < 5:
        here = path[-1]
        options = [n for n in BOARD.neighbours[here] if n in spaces and n not in path
                   and BOARD.spaces[n].kind == LANDSCAPE
                   and BOARD.spaces[n].landscape != "lake"]
        options.sort(key=lambda n: (-distance(n, v), n))
        path.append(options[0])
    spaces[path[-1]]["pieces"] = (RED,)

    def extra(surf: pygame.Surface, px: Callable, s: float) -> None:
        for i, (a, b) in enumerate(zip(path, path[1:]), start=1):
            pa, pb = px(a), px(b)
            _arrow(surf, _toward(pa, pb, 0.2), _toward(pa, pb, 0.8), theme.PRIMARY_DARK,
                   max(2, round(s * 0.1)))
            _badge(surf, (pb[0], pb[1] - 0.62 * s) if i == len(path) - 1 else pb, str(i),
                   _font_px(s, 0.4), theme.PRIMARY_DARK, text)

    return _scene(width, spaces, text, max_s=34, extra=extra)


def _fog(width: int, text: TextCache) -> pygame.Surface:
    spaces = {(0, 0): {"land": "plain"}, (1, 0): {"land": "mountains", "marker": "fog",
                                                 "pieces": (GREEN,)},
              (2, 0): {"land": "forest", "marker": "fire"}}
    below = text.font(13).get_linesize() + 4

    def extra(surf: pygame.Surface, px: Callable, s: float) -> None:
        a, b, c = px((0, 0)), px((1, 0)), px((2, 0))
        _arrow(surf, (a[0] - 0.3 * s, a[1] + 0.55 * s), (b[0] - 0.35 * s, b[1] + 0.55 * s), GOOD,
               max(2, round(s * 0.09)))
        _arrow(surf, (b[0] + 0.35 * s, b[1] + 0.55 * s), (c[0] - 0.1 * s, c[1] + 0.55 * s), BAD,
               max(2, round(s * 0.09)), crossed=True)
        lines = [(a, tr(msg("meteo.guide.fog_in"))), (b, tr(msg("meteo.guide.fog_held"))),
                 (c, tr(msg("meteo.guide.fog_closed")))]
        for p, words in lines:
            box = pygame.Rect(0, 0, round(va.SQRT3 * s), below)
            box.midtop = (round(p[0]), round(p[1] + s + 2))
            text.box(surf, words, box, 13, theme.INK_SOFT, align="center", wrap=False)

    return _scene(width, spaces, text, max_s=44, below=below, extra=extra)


def _witch_sight(width: int, text: TextCache) -> pygame.Surface:
    """A witch on a field, the three rows she sees drawn through her, a Rain in one of them
    (ringed: she may remove it) and a Fire beside it, out of her sight."""
    w0 = (1, 0)  # mountains beside the wind space
    spaces = _near(w0, 3)
    sight = BOARD.sight(w0)
    rain, fire = (1, 3), (0, 3)  # a field in her row three away; a forest beside it, unseen
    assert rain in sight and fire not in sight and spaces[fire].get("land") == "forest"
    spaces[rain].update(marker="rain", sighted=True)
    spaces[fire].update(marker="fire")
    spaces[w0]["pieces"] = ("w2",)

    def rows(surf: pygame.Surface, px: Callable, s: float) -> None:
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for d in ((1, 0), (0, 1), (1, -1)):
            a = px((w0[0] - 3 * d[0], w0[1] - 3 * d[1]))
            b = px((w0[0] + 3 * d[0], w0[1] + 3 * d[1]))
            pygame.draw.line(layer, (*theme.HIGHLIGHT[:3], 150), a, b, max(3, round(s * 0.35)))
        surf.blit(layer, (0, 0))
        # the pieces and markers again, over the rows
        for p in (w0, rain, fire):
            _draw_top(surf, px(p), s, spaces[p], text)

    return _scene(width, spaces, text, max_s=30, extra=rows)


def _draw_picture(width: int, text: TextCache) -> pygame.Surface:
    d = round(min(48, (width - 4 * PAD) / 6))
    slot = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(slot, theme.LINE, (d // 2, d // 2), d // 2 - 1, 2)
    hand = _row([va.token("fire", d), va.token("ice", d), slot], PAD // 2)
    supply = _row([va.token("back", d), va.token("sun", d), va.token("fog", d)], PAD // 2)
    return _items(width, [(supply, tr(msg("meteo.guide.supply"))),
                          (hand, tr(msg("meteo.guide.hand")))], text, 1)


def _wind_circle(width: int, text: TextCache) -> pygame.Surface:
    """The wind circle as the table's column draws it (``view.MeteoView._draw_dial``), the
    wind marker on a blue space and the die beside it."""
    R = round(min(130, (width - 6 * PAD - 8) / 2.7))
    die = round(R * 0.7)
    w = min(width, 2 * R + die + 6 * PAD)
    h = 2 * R + 2 * PAD
    surf = _canvas(w, h)
    cx, cy = PAD + R, PAD + R
    pygame.draw.circle(surf, theme.PANEL, (cx, cy), R)
    pygame.draw.circle(surf, theme.LINE, (cx, cy), R, max(1, R // 40))
    circle = BOARD.wind_circle
    n = len(circle)
    rs = max(4, round(R * 0.13))

    def space(i: int) -> tuple[int, int]:
        a = math.radians(-90 + 360 * i / n)
        return (round(cx + R * 0.8 * math.cos(a)), round(cy + R * 0.8 * math.sin(a)))

    for i, kind in enumerate(circle):
        p = space(i)
        pygame.draw.circle(surf, (47, 125, 191) if kind == "B" else (159, 180, 198), p, rs)
        if i == BOARD.wind_start:
            pygame.draw.circle(surf, theme.INK, p, rs, max(1, rs // 4))
            pygame.draw.circle(surf, (110, 120, 130), p, max(2, rs // 3))
    rose = art.svg("meteo/wind_rose.svg", (round(R * 1.05), round(R * 1.05)))
    surf.blit(rose, rose.get_rect(center=(cx, cy)))
    size = max(theme.MIN_TEXT_PX, round(R * 0.2))
    for face, d in enumerate(BOARD.wind_rose, start=1):
        a = math.radians(va.ANGLES[d])
        p = (round(cx + R * 0.55 * math.cos(a + 0.5)), round(cy + R * 0.55 * math.sin(a + 0.5)))
        img = text.render(str(face), size, theme.INK, bold=True)
        surf.blit(img, img.get_rect(center=p))
    blue = next(i for i, k in enumerate(circle) if k == "B")
    p = space(blue)
    dm = max(12, round(R * 0.42))
    pygame.draw.circle(surf, theme.HIGHLIGHT, p, dm // 2 + max(2, dm // 8))
    marker = art.svg("meteo/wind_marker.svg", (dm, dm))
    surf.blit(marker, marker.get_rect(center=p))
    face = va.die_face(2, die)
    rect = face.get_rect(center=(cx + R + PAD + (w - cx - R - PAD) // 2, cy))
    pygame.draw.rect(surf, theme.HIGHLIGHT, rect.inflate(8, 8), 3, border_radius=die // 4)
    surf.blit(face, rect)
    words = text.render(tr(msg("meteo.guide.die_face", face=2, direction=msg("meteo.direction.E"))),
                        13, theme.INK, bold=True)
    surf.blit(words, words.get_rect(midtop=(rect.centerx, rect.bottom + 8)))
    return surf


def _wind_blow(width: int, text: TextCache) -> pygame.Surface:
    """A row of fields before the wind (top) and after it (bottom, each field under itself)."""
    lands = ["plain", "forest", "plain", "lake", "mountains", "plain"]
    before = {(q, 0): {"land": land} for q, land in enumerate(lands)}
    after = {(q - 1, 2): {"land": land} for q, land in enumerate(lands)}  # column q, row 2

    def col(q: int) -> Pos:
        return (q - 1, 2)

    for q, m in ((0, "fog"), (2, "rain"), (5, "sun")):
        before[(q, 0)]["marker"] = m
    after[col(1)]["marker"] = "fog"  # fog: plain -> forest
    after[col(0)].update(marker="sun", lit=True)  # off the east end: back on at the west end
    below = text.font(13).get_linesize() + 6

    def extra(surf: pygame.Surface, px: Callable, s: float) -> None:
        wdt = max(2, round(s * 0.1))
        for q, lost in ((0, False), (2, True)):
            a, b = px((q, 0)), px(col(q + 1))
            _arrow(surf, _toward(a, b, 0.3), _toward(a, b, 0.75),
                   BAD if lost else theme.PRIMARY_DARK, wdt, crossed=lost)
        a, b = px((5, 0)), px(col(0))
        _arrow(surf, _toward(a, b, 0.12), _toward(a, b, 0.9), theme.PRIMARY_DARK, wdt)
        box = pygame.Rect(0, 0, surf.get_width() - 2 * PAD, below)
        box.midbottom = (surf.get_width() // 2, surf.get_height() - PAD // 2)
        label = text.render(tr(msg("meteo.guide.wind", direction=msg("meteo.direction.E"))), 13,
                            theme.INK_SOFT, bold=True)
        r = label.get_rect(center=box.center).move(-round(s * 0.6), 0)
        surf.blit(label, r)
        _arrow(surf, (r.right + 6, r.centery), (r.right + 6 + round(s * 1.2), r.centery),
               theme.PRIMARY_DARK, max(2, round(s * 0.1)))

    return _scene(width, {**before, **after}, text, max_s=30, below=below, extra=extra)


def _scoring(width: int, text: TextCache) -> pygame.Surface:
    home = BOARD.villages[RED]
    start = start_village(BOARD, RED)
    half, out = (-2, -2), (2, 2)  # a plain in red's half, a plain across the white path
    assert BOARD.in_half(RED, half) and not BOARD.in_half(RED, out)
    tops = {home: {"count": (RED, 5)}, start: {"count": (RED, 1)},
            half: {"pieces": (RED,)}, out: {"pieces": (RED,)}}

    def extra(surf: pygame.Surface, px: Callable, s: float) -> None:
        size = _font_px(s, 0.7)
        for pos, words, fill in ((home, tr(msg("meteo.guide.points_each", points="+3")), GOOD),
                                 (half, "+1", GOOD), (out, "-1", BAD), (start, "-3", BAD)):
            x, y = px(pos)
            dx = 2.6 * s if x < surf.get_width() / 2 else -2.6 * s
            _badge(surf, (x + dx, y), words, size, fill, text)

    return _island(width, text, colours=(RED,), tops=tops, extra=extra)


PICTURES: dict[str, Callable[[int, TextCache], pygame.Surface]] = {
    "island": _island_goal,
    "fields": _fields,
    "markers": _markers,
    "pieces": _pieces,
    "setup": _setup,
    "marker-on-field": _marker_on_field,
    "cancel": _cancel,
    "placement-table": _placement_table,
    "move": _move,
    "fog": _fog,
    "witch-sight": _witch_sight,
    "draw": _draw_picture,
    "wind-circle": _wind_circle,
    "wind-blow": _wind_blow,
    "impassable": _impassable,
    "scoring": _scoring,
}

_made: dict[tuple[str, int, str], pygame.Surface] = {}


def picture(name: str, width: int, text: TextCache) -> pygame.Surface:
    """The guide's picture ``name``, at most ``width`` pixels wide (made once per width and
    language: its labels are catalogue texts)."""
    key = (name, width, language())
    surf = _made.get(key)
    if surf is None:
        make = PICTURES.get(name)
        if make is None:
            raise KeyError(f"Meteo's guide has no picture {name!r}")
        surf = make(max(120, width), text)
        if surf.get_width() > width:
            h = round(surf.get_height() * width / surf.get_width())
            surf = pygame.transform.smoothscale(surf, (width, h))
        _made[key] = surf
    return surf
