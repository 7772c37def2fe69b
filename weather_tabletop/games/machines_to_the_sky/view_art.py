"""Drawing helpers for the Machines To The Sky table: the card faces (Projects, Contacts, Events,
Automa cards, Actors), the strips of cards beneath a lane's top card, Expert cubes, Ark markers
and icons. Every picture is made once per (thing, size) and kept. A card's words (its name, the
text the rules' renderer :mod:`.effects` writes, the Rating) are not baked into the picture:
:func:`draw_face` writes them over it through the table's text box, so they are fitted to the
card (wrapped, shrunk to the 12 px floor, then cut, the whole card showing in the hover zoom)
and the layout tests see every one of them.

Art: ``art/mtts/*.svg`` (drawn for this project, the app palette).
"""

from __future__ import annotations

import pygame

from weather_tabletop.ui import art, theme
from weather_tabletop.ui.art import SurfaceCache
from weather_tabletop.ui.table_view import draw_shape
from weather_tabletop.i18n import tr
from weather_tabletop.ui.theme import MIN_TEXT_PX, TextCache

from . import content as K
from . import words

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

    def _lettered(self, base: pygame.Surface | None, rgb: tuple[int, int, int], letter: str,
                  size: int, shape: str | None, dy: float) -> pygame.Surface:
        """A seat's piece: the SVG ``base`` tinted, or with colour-blind markings the colour's
        shape (:func:`~weather_tabletop.ui.table_view.shape_of`), with ``letter`` on it."""
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        if shape is None and base is not None:
            surf.blit(base, (0, 0))
        else:
            draw_shape(surf, (size // 2, size // 2), size // 2 - 1, shape or "square", rgb,
                       theme.INK, max(1, size // 14))
            dy = 0.58 if shape == "triangle" else 0.5
        if letter:
            light = sum(rgb) > 450
            lab = self.text.render(letter, max(MIN_TEXT_PX, round(size * 0.5)),
                                   theme.INK if light else (255, 255, 255), bold=True)
            surf.blit(lab, lab.get_rect(center=(size * 0.5, size * dy)))
        return surf

    def cube(self, rgb: tuple[int, int, int], letter: str, size: int,
             shape: str | None = None) -> pygame.Surface:
        """An Expert cube of a seat's colour with a letter or number on it; with colour-blind
        markings (``shape``) the cube is drawn in the colour's shape."""
        return self._get(("cube", tuple(rgb), letter, size, shape), lambda: self._lettered(
            tinted("expert", size, rgb), rgb, letter, size, shape, 0.62))

    def ark_marker(self, rgb: tuple[int, int, int], letter: str, size: int,
                   shape: str | None = None) -> pygame.Surface:
        """A seat's Ark token (in the colour's shape with colour-blind markings)."""
        return self._get(("ark", tuple(rgb), letter, size, shape), lambda: self._lettered(
            tinted("ark", size, rgb), rgb, letter, size, shape, 0.38))

    def stack(self, base: pygame.Surface, n: int, size: int) -> pygame.Surface:
        """The drag image of ``n`` cubes: the cube with a count badge."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((size * 2 + 8, size * 2), pygame.SRCALPHA)
            big = pygame.transform.smoothscale(base, (round(size * 1.5), round(size * 1.5)))
            surf.blit(big, (0, size // 2))
            lab = self.text.render(f"×{n}", max(MIN_TEXT_PX, round(size * 0.8)), theme.INK, bold=True)
            r = lab.get_rect(topright=(surf.get_width() - 3, 0))
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

    def chip_bg(self, w: int, h: int, fill: tuple) -> pygame.Surface:
        """A rounded button face without its label (the view writes it through the text box)."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            rad = max(3, h // 3)
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=rad)
            pygame.draw.rect(surf, theme.INK, surf.get_rect(), 1, border_radius=rad)
            return surf
        return self._get(("chipbg", w, h, tuple(fill)), make)

    # -- card faces ------------------------------------------------------------------------
    #
    # A card's face is drawn in two parts: its picture (frame, band, icons), made once per size
    # here, and its words (name, text, Rating), which the view writes over it through the
    # table's text box so they are fitted, recorded and never cut without a tooltip.

    def card_bg(self, w: int, h: int, band: tuple, band_h: int, body: tuple[int, int] | None,
                icon_at: tuple[str, int, int, int] | None,
                disc: tuple[int, int, int] | None) -> pygame.Surface:
        """A card's picture without words: the frame, the coloured band of ``band_h`` pixels
        for the name, a tinted body from y ``body[0]`` to ``body[1]`` (a permanent effect), the
        Element icon (name, x, y, size) and the Rating disc (x, y of its centre, radius)."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(3, min(w, h) // 14)
            pygame.draw.rect(surf, theme.PANEL, surf.get_rect(), border_radius=radius)
            border = max(1, min(w, h) // 70)
            band_rect = pygame.Rect(border, border, w - 2 * border, band_h)
            pygame.draw.rect(surf, band, band_rect, border_top_left_radius=radius,
                             border_top_right_radius=radius)
            m = card_margin(w, h)
            if body is not None:
                box = pygame.Rect(m // 2, body[0], w - m, body[1] - body[0])
                pygame.draw.rect(surf, PERMANENT_BG, box, border_radius=max(2, m))
                pygame.draw.rect(surf, PERMANENT_LINE, box, 1, border_radius=max(2, m))
            if icon_at is not None:
                name, x, y, size = icon_at
                if band_rect.collidepoint(x, y):  # on the band: on a white disc
                    pygame.draw.circle(surf, theme.PANEL, (x + size // 2, y + size // 2), size // 2 + 1)
                surf.blit(icon(name, size), (x, y))
            if disc is not None:
                pygame.draw.circle(surf, theme.INK, disc[:2], disc[2])
                if band_rect.collidepoint(disc[:2]):
                    pygame.draw.circle(surf, theme.PANEL, disc[:2], disc[2], 1)
            pygame.draw.rect(surf, theme.INK, surf.get_rect(), max(1, border), border_radius=radius)
            return surf
        return self._get(("cardbg", w, h, tuple(band), band_h, body, icon_at, disc), make)

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

    def strip_bg(self, card: int, w: int, h: int, isz: int, icon_y: int) -> pygame.Surface:
        """The edge of a card beneath a lane's top card: its Element colour and icon, tinted
        green when it has a permanent effect (the view writes the name and Rating over it)."""
        def make() -> pygame.Surface:
            p = K.PROJECTS[card]
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            fill = PERMANENT_BG if p.permanent else theme.PANEL
            rad = max(2, min(h // 4, isz // 2))
            pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=rad)
            pygame.draw.rect(surf, ELEMENT_RGB[p.element], surf.get_rect(), max(1, min(h, 24) // 10),
                             border_radius=rad)
            if isz:
                surf.blit(icon(p.element, isz), (3, icon_y))
            return surf
        return self._get(("strip", card, w, h, isz, icon_y), make)


def card_margin(w: int, h: int) -> int:
    """The inner margin of a card face of ``w`` x ``h`` pixels."""
    return max(3, min(w, h) // 22)


def card_words(kind: str, card: int) -> tuple[str, tuple, tuple[str, str], str, str | None,
                                             int | None, bool]:
    """What a card face says: (name, band colour, corner word and its short form, text, Element
    icon, Rating, permanent), all from the catalogue (the card texts written from the effect
    data, :mod:`.card_text`)."""
    if kind == "project":
        p = K.PROJECTS[card]
        lines = [tr(words.effect("project", card))]
        if p.permanent:
            lines.append(tr("mtts.face.permanent", effect=words.effect("project", card, "permanent")))
        lines.append(tr(words.effect("project", card, "vp")))
        corner = (tr("mtts.face.phase", phase=p.phase), tr("mtts.face.phase_short", phase=p.phase))
        return tr(words.project(card)), ELEMENT_RGB[p.element], corner, "\n".join(lines), \
            p.element, p.rating, bool(p.permanent)
    if kind == "contact":
        word = tr("mtts.face.contact")
        return tr(words.contact(card)), CONTACT_RGB, (word, word), \
            tr(words.effect("contact", card)), None, None, False
    if kind == "event":
        e = K.EVENTS[card]
        text = tr("mtts.face.each_player", effect=words.effect("event", card))
        word = tr(f"mtts.face.event_{e.kind}")
        return tr(words.event(card)), EVENT_RGB[e.kind], (word, tr(words.event_kind(card))), \
            text, None, None, False
    if kind == "automa":
        a = K.AUTOMA[card]
        word = tr("mtts.face.hard" if a.hard else "mtts.face.easy")
        number = sum(1 for b in K.AUTOMA[:card + 1] if b.colour == a.colour)  # in its deck
        return tr("mtts.face.automa", card=number), AUTOMA_CARD_RGB[a.colour], (word, word), \
            tr(words.automa_body(card)), None, None, False
    word = tr("mtts.face.actor")
    return tr(words.actor(card)), ACTOR_RGB, (word, word), tr(words.effect("actor", card)), \
        None, None, False


def draw_face(paint: Painter, surf: pygame.Surface, r: pygame.Rect, kind: str, card: int,
              fs: int, min_px: int = MIN_TEXT_PX) -> bool:
    """A face-up card at ``r`` on ``surf``: the picture (cached) and the words through the text
    box (name wrapped on up to two lines, the text shrunk to ``min_px``, the corner word and the
    Rating). A card wider than high (a lane's top card, the hand) keeps the Element icon and
    the Rating in its band, to leave the text more lines. True when some text had to be cut
    (the whole card then shows in the hover zoom)."""
    name, band, (corner, short), body, el, rating, permanent = card_words(kind, card)
    text = paint.text
    w, h = r.size
    m = card_margin(w, h)
    tsize = fs + 1
    small = max(min_px, fs - 1)
    isz = text.font(small).get_height() + 1  # the icon, the Rating disc, the footer's height
    wide = w > h * 1.15
    room = w - m - (((isz + 2) if el else 0) + ((isz + 2) if rating is not None else 0) + m if wide else 0)
    title = text.lay(name, room, 2 * text.font(max(min_px, tsize), True).get_linesize(),
                     tsize, True, min_px)
    tf = text.font(title.size, True)
    band_h = min(h // 2 if wide else h // 3,
                 (len(title.lines) - 1) * tf.get_linesize() + tf.get_height() + m)
    if wide:
        iy = max(1, (band_h - isz) // 2 + 1)
        icon_at = (el, m, iy, isz) if el else None
        disc_r = pygame.Rect(w - m - isz, iy, isz, isz)
        title_r = pygame.Rect(r.x + m + ((isz + 2) if el else 0), r.y + 1, room, band_h)
        foot = None
        body_bottom = h - m
    else:
        icon_at = (el, m + 1, h - m - isz + 1, isz - 2) if el else None
        disc_r = pygame.Rect(w - m - isz, h - m - isz, isz, isz)
        title_r = pygame.Rect(r.x + m // 2, r.y + 1, w - m, band_h)
        foot = pygame.Rect(r.x + m + (isz + 2 if el else 0), r.bottom - m - isz,
                           w - 2 * m - (isz + 2) * ((1 if el else 0) + (1 if rating is not None else 0)), isz)
        body_bottom = h - m - isz - 1
    body_top = band_h + m
    tint = (body_top - m // 2, body_bottom + m // 4) if permanent else None
    disc = (disc_r.centerx, disc_r.centery, isz // 2) if rating is not None else None
    surf.blit(paint.card_bg(w, h, band, band_h, tint, icon_at, disc), r)
    cut = text.box(surf, name, title_r, tsize, (255, 255, 255), bold=True, min_size=min_px).cut
    body_r = pygame.Rect(r.x + m + (m // 2 if permanent else 0), r.y + body_top,
                         w - 2 * m - (m if permanent else 0), body_bottom - body_top)
    if body_r.h >= text.font(min_px).get_height():
        cut = text.box(surf, body, body_r, fs, theme.INK, valign="top", min_size=min_px).cut or cut
    else:
        cut = True
    if foot is not None and foot.w > 10:
        if text.font(small).size(corner)[0] > foot.w:
            corner = short
        text.box(surf, corner, foot, small, theme.INK_SOFT, align="center", min_size=min_px,
                 wrap=False)
    if rating is not None:
        text.box(surf, str(rating), disc_r.move(r.topleft), small, (255, 255, 255), bold=True,
                 align="center", min_size=min_px, wrap=False)
    return cut
