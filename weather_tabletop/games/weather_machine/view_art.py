"""Drawing helpers for the Weather Machine table: the palette, tinted pieces from ``art/wm/``
(Scientists, Bots, Chemicals, Machine Parts, tokens, vouchers), Workshop tiles with their
half-circles, and short labels for benefits. Every surface is made once per (thing, size).

Art: ``art/wm/*.svg`` (drawn for this project in the app palette; white parts are tinted).
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from weather_tabletop.i18n import Msg, language, msg, tr
from weather_tabletop.ui import art, theme
from weather_tabletop.ui.art import SurfaceCache
from weather_tabletop.ui.table_view import draw_shape
from weather_tabletop.ui.theme import TextCache

from .board import D, tile_ends

RGB = tuple[int, int, int]

#: Chemical colours by weather (rulebook: green Verdino, white Melgoth, pink Delugium,
#: orange Calorium, blue Radieu)
CHEM_RGB: tuple[RGB, ...] = ((88, 170, 92), (238, 241, 245), (230, 118, 168), (238, 146, 58),
                             (72, 142, 212))
#: Machine Part colours (data: red, yellow, green, blue, black)
PART_RGB: tuple[RGB, ...] = ((200, 70, 60), (236, 196, 60), (70, 150, 80), (50, 100, 190),
                             (52, 58, 66))
#: Locations 1-5 (Supply, Government, Lab, R&D, Office)
LOC_RGB: dict[int, RGB] = {1: (58, 166, 160), 2: (47, 125, 191), 3: (63, 158, 110),
                           4: (138, 107, 184), 5: (242, 177, 52)}
#: Office / Goal / Research-token colours (G Government, L Lab, R R&D)
TOKEN_RGB: dict[str, RGB] = {"G": (47, 125, 191), "L": (63, 158, 110), "R": (138, 107, 184)}
PALE: dict[str, RGB] = {"G": (214, 230, 245), "L": (214, 238, 224), "R": (230, 222, 242)}
#: Voucher types (Supply, Government, Lab, R&D, Science)
VOUCHER_RGB: tuple[RGB, ...] = ((58, 166, 160), (47, 125, 191), (63, 158, 110), (138, 107, 184),
                                (242, 177, 52))
VOUCHER_KEYS = ("supply", "government", "lab", "rnd", "science")
LATIV_RGB: RGB = (91, 107, 122)
#: the benefits that are actions, short (``wm.short.action.<kind>``)
ACTION_KINDS = ("sell_part", "secure", "work_experiment", "publish", "research", "breakthrough",
                "extend_workshop", "construct_bot")
_SHORT = ("voucher_any", "chemical", "part", "investment", "funding_any", "construct_bot")


@cache
def voucher_short(vtype: int) -> Msg:
    """A Voucher type in a few characters ("Sup", "R&D")."""
    return msg(f"wm.short.voucher.{VOUCHER_KEYS[vtype]}")


@cache
def subsidy_short(kind: str) -> Msg:
    """A Subsidy tile's action in a word ("Sell")."""
    return msg(f"wm.short.subsidy.{kind}")


@cache
def metric_short(metric: str) -> Msg:
    """A Goal tile's condition in a few characters ("Gov Bots")."""
    return msg(f"wm.short.metric.{metric}")


#: Goal tile conditions drawn with the game's own icon beside their number (the words do not fit
#: a tile at the 12 px floor: "Lab Research tokens", "Breakthroughs"); the tile's tooltip says
#: them in full. Icon: a Location's Voucher (whose symbol is the Location's), a Workshop tile,
#: a Breakthrough marker on an Extreme Weather space or an Investment tile.
METRIC_ICON: dict[str, str] = {
    "office_G": "voucher_government", "office_L": "voucher_lab", "office_R": "voucher_rnd",
    "gov_bots": "voucher_government", "rnd_bots": "voucher_rnd",
    "funding_government": "voucher_government", "funding_lab": "voucher_lab",
    "funding_rnd": "voucher_rnd", "workshop_tiles": "tile", "breakthroughs": "breakthrough",
    "investments": "investment"}


@cache
def short_benefit(b: str) -> Msg:
    """A benefit in a few characters, for a small space on the board (tooltips say it in full)."""
    kind, _, arg = b.partition(":")
    if kind in ("cp", "endcp"):
        return msg(f"wm.short.{kind}", n=int(arg))
    if kind == "voucher":
        t, _, n = arg.partition(":")
        return msg("wm.short.voucher", n=int(n), voucher=voucher_short(VOUCHER_KEYS.index(t)))
    if kind in _SHORT:
        return msg(f"wm.short.{kind}")
    if kind == "funding":
        return msg("wm.short.funding", track=voucher_short(VOUCHER_KEYS.index(arg)))
    if kind in ACTION_KINDS:
        return msg(f"wm.short.action.{kind}")
    return msg("wm.short.code", code=b)


@cache
def short_benefits(items: tuple[str, ...]) -> Msg:
    """Benefits in a few characters, the same one twice counted ("2 Part + 2 CP")."""
    shown: list[Msg] = []
    for b in dict.fromkeys(items):
        n = items.count(b)
        shown.append(short_benefit(b) if n == 1 else msg("wm.short.times", n=n, benefit=short_benefit(b)))
    if not shown:
        return msg("wm.short.none")
    out = shown[-1]
    for item in reversed(shown[:-1]):
        out = msg("wm.short.plus", a=item, b=out)
    return out


def readable_on(rgb: RGB) -> RGB:
    """Ink or white, whichever reads on ``rgb``."""
    return tuple(theme.INK)[:3] if sum(rgb) > 430 else (255, 255, 255)


class Painter:
    """Pieces and tiles, cached per (what, size, colour)."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._cache = SurfaceCache(2000)

    def _get(self, key: tuple, make) -> pygame.Surface:
        return self._cache.get(key, make)

    def svg(self, name: str, size: int) -> pygame.Surface:
        size = max(4, size)
        return art.svg(f"wm/{name}.svg", (size, size))

    def tinted(self, name: str, size: int, rgb: RGB) -> pygame.Surface:
        """A white SVG multiplied by ``rgb``."""
        def make() -> pygame.Surface:
            surf = self.svg(name, size).copy()
            surf.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return surf
        return self._get(("tint", name, max(4, size), tuple(rgb)), make)

    def lettered(self, name: str, size: int, rgb: RGB, letter: str, dy: float = 0.1,
                 shape: str | None = None) -> pygame.Surface:
        """A tinted piece with a seat's letter on it, or with colour-blind markings its colour's
        ``shape`` (white, outlined) in the letter's place."""
        def make() -> pygame.Surface:
            surf = self.tinted(name, size, rgb).copy()
            centre = (surf.get_width() // 2, round(surf.get_height() * (0.5 + dy)))
            if shape:
                draw_shape(surf, centre, max(3, round(size * 0.24)), shape, (255, 255, 255),
                           theme.INK, max(1, size // 16))
            else:
                lab = self.text.render(letter, max(7, round(size * 0.36)), readable_on(rgb), bold=True)
                surf.blit(lab, lab.get_rect(center=centre))
            return surf
        return self._get(("letter", name, size, tuple(rgb), letter, dy, shape), make)

    def tile(self, tile: int, flipped: bool, size: int) -> pygame.Surface:
        """A Workshop tile: a square with a coloured half-circle at its top and bottom edge."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            body = surf.get_rect().inflate(-2, -2)
            pygame.draw.rect(surf, (246, 240, 226), body, border_radius=max(2, size // 10))
            pygame.draw.rect(surf, theme.INK_SOFT, body, max(1, size // 30), border_radius=max(2, size // 10))
            top, bottom = tile_ends(tile, flipped)
            r = size // 4
            for colour, cy, start, end in ((top, body.top, 3.1416, 6.2832), (bottom, body.bottom, 0.0, 3.1416)):
                rect = pygame.Rect(0, 0, 2 * r, 2 * r)
                rect.center = (size // 2, cy)
                pts = [(size // 2, cy)]
                for i in range(17):
                    a = start + (end - start) * i / 16
                    pts.append((size // 2 + r * math.cos(a), cy - r * math.sin(a)))
                pygame.draw.polygon(surf, CHEM_RGB[colour], pts)
                pygame.draw.lines(surf, theme.INK_SOFT, False, pts[1:], max(1, size // 30))
            return surf
        return self._get(("tile", tile, flipped, size), make)

    def disc(self, rgb: RGB, size: int, letter: str = "", ring: RGB | None = None,
             shape: str | None = None) -> pygame.Surface:
        """A marker (Funding, turn order, tabs) in a seat's colour with its letter: round, or
        with colour-blind markings in its colour's ``shape``."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size // 2
            draw_shape(surf, (c, c), c - 1, shape or "circle", rgb, ring or theme.INK,
                       max(1, size // 12))
            if letter:
                lab = self.text.render(letter, max(7, round(size * 0.55)), readable_on(rgb), bold=True)
                dy = round(size * 0.08) if shape == "triangle" else 0
                surf.blit(lab, lab.get_rect(center=(c, c + dy)))
            return surf
        return self._get(("disc", tuple(rgb), size, letter, ring and tuple(ring), shape), make)

    def research_token(self, token: str, size: int) -> pygame.Surface:
        """A Research token ("G:0"): its location colour, ringed by its weather's Chemical colour,
        with the weather's initial; an Award ("A") or Citation ("C") token."""
        def make() -> pygame.Surface:
            if token == "A":
                return self.svg("award", size)
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size // 2
            if token == "C":
                pygame.draw.circle(surf, (250, 250, 250), (c, c), c - 1)
                pygame.draw.circle(surf, theme.INK, (c, c), c - 1, max(1, size // 12))
                lab = self.text.render(tr("wm.short.citation_initial"), max(7, round(size * 0.55)),
                                       theme.INK, bold=True)
            else:
                colour, w = token.split(":")
                pygame.draw.circle(surf, CHEM_RGB[int(w)], (c, c), c - 1)
                pygame.draw.circle(surf, TOKEN_RGB[colour], (c, c), max(2, round(c * 0.72)))
                pygame.draw.circle(surf, theme.INK, (c, c), c - 1, max(1, size // 14))
                lab = self.text.render(tr(f"wm.short.weather_initial.{D.weathers[int(w)]}"),
                                       max(7, round(size * 0.5)), (255, 255, 255), bold=True)
            surf.blit(lab, lab.get_rect(center=(c, c)))
            return surf
        return self._get(("rtok", token, size, language()), make)  # the initial is a word's

    def voucher(self, vtype: int, size: int) -> pygame.Surface:
        return self.svg(f"voucher_{VOUCHER_KEYS[vtype]}", size)

    def metric_icon(self, name: str, size: int) -> pygame.Surface:
        """An icon of :data:`METRIC_ICON` (or any SVG piece by its name) ``size`` pixels high."""
        if name == "tile":
            return self.tile(0, False, size)
        if name == "breakthrough":
            def make() -> pygame.Surface:
                surf = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.rect(surf, LOC_RGB[4], surf.get_rect(), border_radius=max(2, size // 5))
                c = size // 2
                pygame.draw.circle(surf, (255, 255, 255), (c, c), max(2, round(size * 0.3)))
                pygame.draw.circle(surf, theme.INK, (c, c), max(2, round(size * 0.3)), max(1, size // 12))
                return surf
            return self._get(("breakthrough", size), make)
        if name == "investment":  # an Investment tile as the Laboratory's side shows them
            def make() -> pygame.Surface:
                surf = pygame.Surface((size, size), pygame.SRCALPHA)
                body = pygame.Rect(0, size // 6, size, size - size // 3)
                pygame.draw.rect(surf, (252, 236, 196), body, border_radius=max(2, size // 6))
                pygame.draw.rect(surf, theme.SUN, body, max(1, size // 10), border_radius=max(2, size // 6))
                return surf
            return self._get(("investment", size), make)
        return self.svg(name, size)


def badge(text: pygame.Surface, fill: tuple, pad: int) -> pygame.Surface:
    """``text`` on a rounded label."""
    surf = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=pad + 2)
    surf.blit(text, (pad, pad // 2))
    return surf


__all__ = ["Painter", "badge", "short_benefit", "short_benefits", "voucher_short", "subsidy_short",
           "metric_short", "CHEM_RGB", "PART_RGB",
           "LOC_RGB", "TOKEN_RGB", "VOUCHER_RGB", "D"]
