"""Drawing helpers for the Machines To The Sky table: the card faces (Projects, Contacts, Events,
Automa cards, Actors), the strips of cards beneath a lane's top card, Expert cubes, Ark markers
and icons. Every surface is made once per (thing, size) and kept; text comes from the shared
:class:`TextCache` and the card text from the rules' renderer (:mod:`.effects`).

Art: ``art/mtts/*.svg`` (drawn for this project, the app palette).
"""

from __future__ import annotations

import pygame

from weather_tabletop.ui import art, theme
from weather_tabletop.ui.art import SurfaceCache
from weather_tabletop.ui.theme import TextCache

from . import content as K
from . import effects as FX

ELEMENT_RGB = {"ecological": (63, 158, 110), "personnel": (224, 145, 58),
               "installations": (90, 111, 168)}
PERMANENT_BG = (221, 241, 226)
PERMANENT_LINE = (63, 158, 110)
CARD_RATIO = 5 / 7  # width / height of every card
AUTOMA_RGB = (96, 108, 120)
CONTACT_RGB = (47, 125, 191)
EVENT_RGB = {"calm": (58, 166, 160), "unique": (200, 85, 61), "deadline": (31, 45, 58)}
AUTOMA_CARD_RGB = {"green": (63, 158, 110), "red": (200, 85, 61)}
ACTOR_RGB = (130, 96, 170)


def card_size(height: int) -> tuple[int, int]:
    return max(10, round(height * CARD_RATIO)), max(14, height)


def icon(name: str, size: int) -> pygame.Surface:
    """``art/mtts/<name>.svg`` at ``size`` x ``size``."""
    return art.svg(f"mtts/{name}.svg", (max(4, size), max(4, size)))


_tinted: dict[tuple, pygame.Surface] = {}


def tinted(name: str, size: int, rgb: tuple[int, int, int]) -> pygame.Surface:
    """A white SVG (cube, Ark token) multiplied by ``rgb``."""
    key = (name, size, tuple(rgb))
    surf = _tinted.get(key)
    if surf is None:
        surf = icon(name, size).copy()
        surf.fill((*rgb, 255), special_flags=pygame.BLEND_RGBA_MULT)
        _tinted[key] = surf
    return surf


class Painter:
    """Card faces and pieces, cached per (what, size, style)."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._cache = SurfaceCache(1500)

    def _get(self, key: tuple, make) -> pygame.Surface:
        return self._cache.get(key, make)

    # -- pieces ----------------------------------------------------------------------------

    def cube(self, rgb: tuple[int, int, int], letter: str, size: int) -> pygame.Surface:
        """An Expert cube of a seat's colour with the seat's letter (colour-blind safe)."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            surf.blit(tinted("expert", size, rgb), (0, 0))
            light = sum(rgb) > 450
            lab = self.text.render(letter, max(7, round(size * 0.42)),
                                   theme.INK if light else (255, 255, 255), bold=True)
            surf.blit(lab, lab.get_rect(center=(size * 0.5, size * 0.64)))
            return surf
        return self._get(("cube", tuple(rgb), letter, size), make)

    def ark_marker(self, rgb: tuple[int, int, int], letter: str, size: int) -> pygame.Surface:
        def make() -> pygame.Surface:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            surf.blit(tinted("ark", size, rgb), (0, 0))
            light = sum(rgb) > 450
            lab = self.text.render(letter, max(7, round(size * 0.34)),
                                   theme.INK if light else (255, 255, 255), bold=True)
            surf.blit(lab, lab.get_rect(center=(size * 0.5, size * 0.36)))
            return surf
        return self._get(("ark", tuple(rgb), letter, size), make)

    def stack(self, base: pygame.Surface, n: int, size: int) -> pygame.Surface:
        """The drag image of ``n`` cubes: the cube with a count badge."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
            big = pygame.transform.smoothscale(base, (round(size * 1.5), round(size * 1.5)))
            surf.blit(big, (0, size // 2))
            lab = self.text.render(f"×{n}", max(9, round(size * 0.8)), theme.INK, bold=True)
            r = lab.get_rect(topright=(size * 2, 0))
            pygame.draw.rect(surf, theme.SUN, r.inflate(6, 2), border_radius=6)
            surf.blit(lab, r)
            return surf
        return self._get(("stack", id(base), n, size), make)

    def label_chip(self, label: str, size: int, fill: tuple, ink: tuple = theme.INK) -> pygame.Surface:
        """A rounded label (drag hints, costs)."""
        def make() -> pygame.Surface:
            lab = self.text.render(label, size, ink, bold=True)
            surf = pygame.Surface((lab.get_width() + size, lab.get_height() + size // 2), pygame.SRCALPHA)
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=size // 2)
            pygame.draw.rect(surf, theme.INK, surf.get_rect(), 1, border_radius=size // 2)
            surf.blit(lab, lab.get_rect(center=surf.get_rect().center))
            return surf
        return self._get(("chip", label, size, tuple(fill), tuple(ink)), make)

    # -- card faces ------------------------------------------------------------------------

    def _frame(self, w: int, h: int, band: tuple, title: str, corner: str = "") -> tuple[pygame.Surface, int]:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, w // 14)
        if w >= 60:
            frame = art.svg("mtts/card_frame.svg", (w, h))
            if frame.get_size() != (w, h):  # a lane's top card may be wider than 5:7
                frame = pygame.transform.smoothscale(frame, (w, h))
            surf.blit(frame, (0, 0))
        else:
            pygame.draw.rect(surf, theme.PANEL, surf.get_rect(), border_radius=radius)
            pygame.draw.rect(surf, theme.INK, surf.get_rect(), 1, border_radius=radius)
        bh = max(12, round(h * 0.15))
        border = max(1, w // 60)
        band_rect = pygame.Rect(border, border, w - 2 * border, bh)
        pygame.draw.rect(surf, band, band_rect, border_top_left_radius=radius,
                         border_top_right_radius=radius)
        size = max(8, min(24, round(bh * 0.52)))
        m = max(3, w // 22)
        room = w - 2 * m
        if corner:
            c = self.text.render(corner, max(7, round(size * 0.8)), (255, 255, 255), bold=True)
            surf.blit(c, c.get_rect(midright=(w - m, band_rect.centery)))
            room -= c.get_width() + m // 2
        t = self.text.fit(title, size, (255, 255, 255), room, bold=True)
        surf.blit(t, t.get_rect(midleft=(m, band_rect.centery)))
        return surf, band_rect.bottom

    def _body(self, surf: pygame.Surface, top: int, bottom: int, parts: list[tuple[str, tuple | None]],
              size: int) -> None:
        """Wrapped paragraphs from ``top`` down, clipped at ``bottom``; a part with a fill is
        drawn in a tinted box (permanent effects)."""
        w = surf.get_width()
        m = max(3, w // 18)
        y = top
        for text, fill in parts:
            if y >= bottom - size:
                break
            inner = w - 2 * m - (m if fill else 0)
            body = self.text.render(text, size, theme.INK, width=max(10, inner))
            hgt = min(body.get_height(), bottom - y)
            if fill:
                box = pygame.Rect(m - 1, y - 1, w - 2 * m + 2, hgt + m // 2 + 2)
                pygame.draw.rect(surf, fill, box, border_radius=max(2, m // 2))
                pygame.draw.rect(surf, PERMANENT_LINE, box, 1, border_radius=max(2, m // 2))
                surf.blit(body, (m + m // 2, y + m // 4), pygame.Rect(0, 0, inner, hgt))
                y = box.bottom + m // 2
            else:
                surf.blit(body, (m, y), pygame.Rect(0, 0, inner, hgt))
                y += hgt + m // 2

    def _rating(self, surf: pygame.Surface, rating: int, size: int) -> None:
        w, h = surf.get_size()
        r = max(5, size // 2)
        m = max(3, w // 16)
        c = (w - m - r, h - m - r)
        pygame.draw.circle(surf, theme.INK, c, r)
        lab = self.text.render(str(rating), max(7, round(r * 1.3)), (255, 255, 255), bold=True)
        surf.blit(lab, lab.get_rect(center=c))

    def project(self, card: int, w: int, h: int) -> pygame.Surface:
        """A Project card: name, Element, Rating, phase, the active and permanent effect text
        and the VP rule, all written by the rules' renderer."""
        def make() -> pygame.Surface:
            p = K.PROJECTS[card]
            surf, top = self._frame(w, h, ELEMENT_RGB[p.element], p.name, f"P{p.phase}")
            m = max(3, w // 18)
            isz = max(10, round(h * 0.13))
            bottom = h - m - isz
            if h >= 100 or (w >= 110 and h >= 64):
                size = max(9, min(19, round(h * 0.066 if h >= 100 and h > w else w * 0.06)))
                parts: list[tuple[str, tuple | None]] = [(FX.render_effect(p.effect), None)]
                if p.permanent:
                    parts.append(("Permanent: " + FX.render_effect(p.permanent), PERMANENT_BG))
                vp = self.text.render(FX.render_vp(p.vp), max(8, size - 1), theme.PRIMARY_DARK,
                                      bold=True, width=w - 2 * m)
                vp_top = bottom - vp.get_height()
                self._body(surf, top + m // 2, vp_top - 1, parts, size)
                surf.blit(vp, vp.get_rect(midtop=(w // 2, vp_top)))
            else:
                ic = icon(p.element, round(h * 0.38))
                surf.blit(ic, ic.get_rect(center=(w // 2, (top + bottom) // 2 + isz // 3)))
                if p.permanent:
                    pygame.draw.rect(surf, PERMANENT_BG, pygame.Rect(m, top + 2, w - 2 * m, max(4, h // 12)),
                                     border_radius=2)
                    pygame.draw.rect(surf, PERMANENT_LINE, pygame.Rect(m, top + 2, w - 2 * m, max(4, h // 12)),
                                     1, border_radius=2)
            surf.blit(icon(p.element, isz), (m, h - m - isz))
            self._rating(surf, p.rating, isz)
            return surf
        return self._get(("project", card, w, h), make)

    def back(self, w: int, h: int, count: int | None = None) -> pygame.Surface:
        """A card back, with a count badge when given."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            face = art.svg("mtts/card_back.svg", (w, h))
            surf.blit(face, face.get_rect(center=(w // 2, h // 2)))
            if count is not None:
                lab = self.text.render(str(count), max(9, round(h * 0.3)), theme.INK, bold=True)
                r = lab.get_rect(center=(w // 2, h // 2))
                pygame.draw.rect(surf, theme.PANEL, r.inflate(8, 0), border_radius=6)
                surf.blit(lab, r)
            return surf
        return self._get(("back", w, h, count), make)

    def text_card(self, kind: str, card: int, w: int, h: int) -> pygame.Surface:
        """A Contact, Event, Automa card or Actor: a coloured band and the rendered text."""
        def make() -> pygame.Surface:
            if kind == "contact":
                c = K.CONTACTS[card]
                band, title, corner, body = CONTACT_RGB, c.name, "Contact", FX.render_effect(c.effect)
            elif kind == "event":
                e = K.EVENTS[card]
                band, title = EVENT_RGB[e.kind], e.name
                corner = e.kind.capitalize()
                body = "Each player: " + FX.render_steps(e.effect["steps"]) + "."
            elif kind == "automa":
                a = K.AUTOMA[card]
                band, title = AUTOMA_CARD_RGB[a.colour], f"Automa {a.id}"
                corner = "hard" if a.hard else "easy"
                body = FX.render_automa(card).split(": ", 1)[1]
            else:
                a = K.ACTORS[card]
                band, title, corner, body = ACTOR_RGB, a.name, "Actor", FX.render_effect(a.effect)
            surf, top = self._frame(w, h, band, title, corner if w >= 90 else "")
            if h >= 70:
                size = max(8, min(19, round(h * 0.062)))
                self._body(surf, top + 3, h - 4, [(body, None)], size)
            return surf
        return self._get(("text", kind, card, w, h), make)

    def strip(self, card: int, w: int, h: int) -> pygame.Surface:
        """A card beneath a lane's top card: only its edge shows, with the Element, the Rating,
        the name and (green) a permanent effect, as the rulebook asks to keep them visible."""
        def make() -> pygame.Surface:
            p = K.PROJECTS[card]
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            fill = PERMANENT_BG if p.permanent else theme.PANEL
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=max(2, h // 4))
            pygame.draw.rect(surf, ELEMENT_RGB[p.element], surf.get_rect(), max(1, h // 8),
                             border_radius=max(2, h // 4))
            isz = max(6, h - 4)
            surf.blit(icon(p.element, isz), (2, (h - isz) // 2))
            r = self.text.render(str(p.rating), max(7, round(h * 0.62)), theme.INK, bold=True)
            surf.blit(r, r.get_rect(midright=(w - 4, h // 2)))
            room = w - isz - r.get_width() - 12
            t = self.text.fit(p.name, max(7, round(h * 0.55)), theme.INK, room)
            surf.blit(t, t.get_rect(midleft=(isz + 5, h // 2)))
            return surf
        return self._get(("strip", card, w, h), make)
