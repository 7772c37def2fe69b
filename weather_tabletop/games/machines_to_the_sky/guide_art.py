"""The pictures of the Machines To The Sky player's guide (``guide.toml``), drawn with the table's
own art: the card faces of :mod:`.view_art` (the card texts from the catalogue), the
Expert cubes and Ark tokens in the seats' colours, the icons of ``art/mtts/`` and the table's
palette. ``picture(name, width, text)`` returns a picture at most ``width`` pixels wide; each is
laid out on a 480-unit canvas and scaled as one, text included.
"""

from __future__ import annotations

from typing import Callable

import pygame

from weather_tabletop.i18n import tr
from weather_tabletop.ui import theme
from weather_tabletop.ui.theme import TextCache

from . import content as K
from . import view_art as va
from . import words
from .rules import GAME

BASE = 480  # the canvas width in units
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
SEATS = {c.key: c for c in GAME.colours}
BOOST_BG = (238, 232, 214)  # the Score Boost panel, as the table draws it


def g(key: str, **params: object) -> str:
    """The catalogue's text ``mtts.guide.<key>`` in the current language."""
    return tr(f"mtts.guide.{key}", **params)


def P(card_id: str) -> int:
    return K.PROJECT_BY_ID[card_id]


def _index(cards, card_id: str) -> int:
    return next(i for i, c in enumerate(cards) if c.id == card_id)


class _Canvas:
    """A picture being drawn: units scaled to pixels, the table's painter and text box."""

    def __init__(self, width: int, height_units: float, text: TextCache) -> None:
        self.k = width / BASE
        self.text = text
        self.paint = va.Painter(text)
        self.surf = pygame.Surface((width, max(12, self.n(height_units))), pygame.SRCALPHA)
        self.surf.fill(theme.SKY)
        pygame.draw.rect(self.surf, theme.LINE, self.surf.get_rect(), 1, border_radius=self.n(6))

    def n(self, units: float) -> int:
        return max(1, round(units * self.k))

    def R(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(self.n(x), self.n(y), self.n(w), self.n(h))

    @property
    def min_px(self) -> int:
        return max(9, round(11 * self.k))

    def fs(self, units: float) -> int:
        return max(self.min_px, round(units * self.k))

    def words(self, text: str, x: float, y: float, w: float, h: float, size: float = 13,
              colour=theme.INK, bold: bool = False, align: str = "center") -> None:
        self.text.box(self.surf, text, self.R(x, y, w, h), self.fs(size), colour, bold=bold,
                      align=align, min_size=self.min_px)

    def panel(self, r: pygame.Rect, fill=theme.PANEL, line=theme.LINE, width: int = 1) -> None:
        pygame.draw.rect(self.surf, fill, r, border_radius=self.n(6))
        pygame.draw.rect(self.surf, line, r, width, border_radius=self.n(6))

    def card(self, kind: str, card: int, x: float, y: float, w: float, h: float | None = None) -> pygame.Rect:
        r = self.R(x, y, w, w / va.CARD_RATIO if h is None else h)
        va.draw_face(self.paint, self.surf, r, kind, card, self.fs(11), self.min_px)
        return r

    def cube(self, colour: str, x: float, y: float, size: float, letter: str | None = None) -> None:
        if colour == "automa":
            rgb, let = va.AUTOMA_RGB, "A"
        else:
            rgb, let = SEATS[colour].rgb, SEATS[colour].letter
        self.surf.blit(self.paint.cube(rgb, let if letter is None else letter, self.n(size)),
                       (self.n(x), self.n(y)))

    def ark(self, colour: str, x: float, y: float, size: float) -> None:
        c = SEATS[colour]
        self.surf.blit(self.paint.ark_marker(c.rgb, c.letter, self.n(size)), (self.n(x), self.n(y)))

    def icon(self, name: str, x: float, y: float, size: float) -> None:
        self.surf.blit(va.icon(name, self.n(size)), (self.n(x), self.n(y)))

    def chip(self, label: str, x: float, y: float, size: float = 13, fill=theme.SUN,
             centre: bool = False) -> pygame.Rect:
        img = self.paint.label_chip(label, self.fs(size), fill)
        r = img.get_rect(topleft=(self.n(x), self.n(y)))
        if centre:
            r.centerx = self.n(x)
        r.right = min(r.right, self.surf.get_width() - 1)
        r.x = max(1, r.x)
        self.surf.blit(img, r)
        return r

    def arrow(self, x0: float, y0: float, x1: float, y1: float, colour=theme.PRIMARY_DARK) -> None:
        a, b = pygame.Vector2(self.n(x0), self.n(y0)), pygame.Vector2(self.n(x1), self.n(y1))
        pygame.draw.line(self.surf, colour, a, b, max(2, self.n(3)))
        d = (b - a)
        if d.length() == 0:
            return
        d = d.normalize() * self.n(9)
        side = pygame.Vector2(-d.y, d.x) * 0.6
        pygame.draw.polygon(self.surf, colour, [b, b - d + side, b - d - side])

    def strip(self, card: int, x: float, y: float, w: float, h: float = 17) -> None:
        r = self.R(x, y, w, h)
        isz = max(6, r.h - self.n(4))
        self.surf.blit(self.paint.strip_bg(card, r.w, r.h, isz, (r.h - isz) // 2), r)
        num = pygame.Rect(r.right - self.n(14), r.y, self.n(11), r.h)
        self.text.box(self.surf, str(K.PROJECTS[card].rating), num, self.fs(11), theme.INK,
                      bold=True, align="right", min_size=self.min_px, wrap=False)
        name = pygame.Rect(r.x + isz + self.n(5), r.y, num.x - r.x - isz - self.n(7), r.h)
        self.text.box(self.surf, tr(words.project(card)), name, self.fs(11), theme.INK,
                      min_size=self.min_px, wrap=False)

    def token(self, element: str, x: float, y: float, size: float) -> None:
        self.icon(element, x, y, size)


# -- the mat --------------------------------------------------------------------------------

def _mat(c: _Canvas, y: float, h: float, lanes: list[list[str]], boosts: dict[str, list[str]],
         colour: str = "blue", lit: tuple[int, ...] = (), lane4_scores: bool = False,
         vp: dict[int, str] | None = None, empty_words: bool = True) -> list[pygame.Rect]:
    """A player mat: four lanes (cards bottom to top, the top card face up, the ones beneath as
    strips) and the Score Boost panels. Returns the lanes' rects."""
    mat = c.R(4, y, BASE - 8, h)
    c.panel(mat, theme.PANEL, SEATS[colour].rgb, max(2, c.n(2)))
    gap, panel_h = 5, 18
    lw = (BASE - 8 - 12 - 3 * gap) / 4
    top = y + 6
    lane_h = h - 12 - panel_h - 4
    rects = []
    for i, cards in enumerate(lanes, 1):
        x = 10 + (i - 1) * (lw + gap)
        r = c.R(x, top, lw, lane_h)
        rects.append(r)
        pygame.draw.rect(c.surf, theme.SKY, r, border_radius=c.n(5))
        if i in lit:
            pygame.draw.rect(c.surf, theme.SUN, r, max(2, c.n(3)), border_radius=c.n(5))
        scores = i <= 3 or lane4_scores
        title = g("lane_vp", lane=i, vp=g(vp[i])) if vp and i in vp else \
            (g("lane", lane=i) if scores else g("lane_no_vp", lane=i))
        c.words(title, x + 3, top + 1, lw - 6, 16, 11, theme.INK_SOFT, bold=True, align="left")
        ids = [P(cid) for cid in cards]
        yy = top + 19
        for card in ids[:-1]:
            c.strip(card, x + 2, yy, lw - 4)
            yy += 18
        if ids:
            rest = top + lane_h - 3 - yy
            c.card("project", ids[-1], x + 2, yy, lw - 4, min(rest, (lw - 4) / va.CARD_RATIO))
        elif empty_words:
            gain = {2: g("empty_power"), 3: g("empty_expert")}.get(i, "")
            if gain:
                c.words(gain, x + 3, top + 20, lw - 6, lane_h - 24, 11, theme.MUTED)
    py = top + lane_h + 3
    span = 3 if lane4_scores else 2
    for panel, x, w in (("lane1", 10, lw),
                        ("lanes24" if lane4_scores else "lanes23",
                         10 + lw + gap, span * lw + (span - 1) * gap)):
        name = tr(f"mtts.view.boosts_{panel}")
        r = c.R(x, py, w, panel_h)
        pygame.draw.rect(c.surf, BOOST_BG, r, border_radius=c.n(5))
        pygame.draw.rect(c.surf, theme.LINE, r, 1, border_radius=c.n(5))
        toks = boosts.get("lane1" if panel == "lane1" else "lanes23", [])
        c.words(name, x + 3, py, w - 6 - 17 * len(toks), panel_h, 11, theme.INK_SOFT, bold=True,
                align="left")
        for j, el in enumerate(toks):
            c.token(el, x + w - 3 - 17 * (len(toks) - j), py + 1, panel_h - 2)
    return rects


# -- the pictures -----------------------------------------------------------------------------

def _cards(c: _Canvas) -> None:
    """Components: the four kinds of cards."""
    w = 104
    items = [("project", P("cryosleep"), g("project")),
             ("contact", _index(K.CONTACTS, "courier"), g("contact")),
             ("event", _index(K.EVENTS, "great-storm"), g("event")),
             ("automa", _index(K.AUTOMA, "g01"), g("automa"))]
    for i, (kind, card, label) in enumerate(items):
        x = 10 + i * (w + 12)
        c.card(kind, card, x, 8, w)
        c.words(label, x, 8 + w / va.CARD_RATIO + 2, w, 18, 13, bold=True)


def _project_card(c: _Canvas) -> None:
    """A Project card with its parts named."""
    c.card("project", P("cryosleep"), 20, 8, 150)
    notes = [(g("name_band"), 30), (g("effect"), 80), (g("victory_points"), 125),
             (g("element"), 168), (g("rating"), 190)]
    for label, y in notes:
        c.words(label, 200, y, 270, 20, 13, align="left")
        c.arrow(198, y + 10, 176, y + 10)
    c.words(g("permanent"),
            200, 138, 270, 32, 11, theme.MUTED, align="left")


def _pieces(c: _Canvas) -> None:
    """Experts, Power, the Priority token, Ark tokens, Element tokens."""
    c.words(g("experts", n=K.EXPERTS), 8, 6, 220, 18, 13, bold=True, align="left")
    for i, col in enumerate(("red", "yellow", "green", "blue")):
        c.cube(col, 12 + i * 34, 28, 28)
    c.words(g("power_tokens", n=K.POWER_TOKENS), 250, 6, 220, 18, 13, bold=True, align="left")
    for i in range(4):
        c.icon("power", 254 + i * 30, 28, 28)
    c.words(g("priority_token"), 8, 66, 140, 18, 13, bold=True, align="left")
    c.icon("priority", 12, 88, 40)
    c.words(g("ark_tokens"), 150, 66, 120, 18, 13, bold=True, align="left")
    for i, col in enumerate(("red", "yellow", "green", "blue")):
        c.ark(col, 152 + i * 30, 92, 28)
    c.words(g("element_tokens", n=len(K.TOKENS)), 290, 66, 180, 18, 13, bold=True, align="left")
    for i, el in enumerate(K.ELEMENTS):
        c.token(el, 294 + i * 40, 90, 32)


def _elements(c: _Canvas) -> None:
    for i, el in enumerate(K.ELEMENTS):
        x = 10 + i * 156
        r = c.R(x, 6, 148, 58)
        c.panel(r, theme.PANEL, va.ELEMENT_RGB[el], max(2, c.n(2)))
        c.token(el, x + 6, 14, 40)
        c.words(tr(words.element(el)), x + 50, 10, 94, 24, 14, bold=True, align="left")
        count = {"ecological": 24, "personnel": 18, "installations": 12}[el]
        c.words(g("projects", n=count), x + 50, 34, 94, 22, 12, theme.INK_SOFT, align="left")


def _player_mat(c: _Canvas) -> None:
    _mat(c, 4, 232, [["seed-vault", "farming"], [], [], ["ark-engine"]],
         {"lane1": ["ecological"]}, colour="red")


def _ark_track(c: _Canvas, highlight: int = -1, marker_at: int = 1) -> None:
    n = K.ARK_LEVELS + 1
    bw = (BASE - 8 - 3 * (n - 1)) / n
    sample = [["ecological", "personnel", "ecological", "installations"],
              ["personnel", "installations", "ecological", "ecological"],
              ["installations", "installations", "personnel", "ecological"],
              ["personnel", "ecological", "installations", "installations"],
              ["installations", "personnel", "personnel", "ecological"],
              ["ecological", "installations", "installations", "personnel"],
              ["installations", "personnel", "installations", "installations"]]
    for level in range(n):
        x = 4 + level * (bw + 3)
        r = c.R(x, 6, bw, 98)
        c.panel(r, theme.PANEL, theme.SUN if level == highlight else theme.LINE,
                max(2, c.n(3)) if level == highlight else 1)
        widest = tr("mtts.view.ark_level", level=ROMAN[-1])
        wide = c.text.font(c.fs(11), True).size(widest)[0] <= c.n(bw - 4)
        name = tr("mtts.view.ark_start") if level == 0 else \
            (tr("mtts.view.ark_level", level=ROMAN[level]) if wide else ROMAN[level])
        c.words(name, x + 2, 8, bw - 4, 16, 11, bold=True)
        c.words(tr("mtts.view.ark_max", n=K.ARK_MAX[level]), x + 2, 24, bw - 4, 14, 10, theme.PRIMARY_DARK)
        if level:
            for j, el in enumerate(sample[level - 1]):
                c.token(el, x + 3 + (j % 2) * ((bw - 6) / 2), 40 + (j // 2) * 20, min(18, (bw - 8) / 2))
        if level == marker_at:
            c.ark("blue", x + (bw - 22) / 2, 80, 22)
        if level == 0:
            c.ark("red", x + (bw - 22) / 2, 80, 22)


def _ark(c: _Canvas) -> None:
    _ark_track(c)


def _market(c: _Canvas) -> None:
    """The Market in bidding: the Priority token space and Projects with Experts under them."""
    w = 88
    h = w / va.CARD_RATIO
    r = c.R(8, 6, w, h)
    c.panel(r, theme.SKY_DEEP, theme.PRIMARY, 2)
    c.words(tr("mtts.view.priority"), 8, 8, w, 18, 13, bold=True)
    c.icon("priority", 8 + (w - 50) / 2, 34, 50)
    c.words(g("rating_n", n=1), 8, h - 22, w, 18, 11, theme.INK_SOFT)
    cards = ["cryosleep", "hydroponics", "sky-dock", "navigator"]
    bids = [[("red", 5), ("yellow", 4)], [("green", 1)], [], [("yellow", 2)]]
    pri = [("blue", 2)]
    for i, (cid, b) in enumerate(zip([None] + cards, [pri] + bids)):
        x = 8 + i * (w + 7)
        if cid:
            c.card("project", P(cid), x, 6, w)
        y = 8 + h
        if not b:
            c.words(tr("mtts.view.no_bids"), x, y, w, 20, 11, theme.MUTED)
        top = max((v for _, v in b), default=0)
        for j, (col, v) in enumerate(b):
            cx = x + 4 + j * (w / 2)
            if v == top and len([1 for _, vv in b if vv == top]) == 1:
                pygame.draw.rect(c.surf, theme.SUN, c.R(cx - 2, y, w / 2 - 4, 22), border_radius=c.n(4))
            c.cube(col, cx, y + 1, 20)
            c.words(f"×{v}", cx + 21, y, w / 2 - 25, 22, 12, bold=True, align="left")


def _bid_example(c: _Canvas) -> None:
    """The rulebook's Bidding Example: Cryosleep, Rating 3, red 3, yellow 4, red 5, yellow passes."""
    w = 92
    c.card("project", P("cryosleep"), 8, 6, w)
    steps = [("red", 3, g("bid_red_3")), ("yellow", 4, g("bid_yellow_4")),
             ("red", 5, g("bid_red_5")), ("yellow", 0, g("bid_yellow_passes"))]
    for i, (col, v, said) in enumerate(steps):
        y = 8 + i * 30
        c.cube(col, 114, y, 24)
        c.words(said, 144, y, 200, 24, 13, align="left")
    c.words(g("bid_claims", project=words.project(P("cryosleep"))), 114, 128, 360, 40, 12,
            theme.INK, align="left")
    c.chip(g("bid_met"), 320, 40, 12)


def _income(c: _Canvas) -> None:
    """Phase 1: base Income, empty lanes, Bonus tokens."""
    c.words(g("base_income"), 8, 6, 230, 18, 13, bold=True, align="left")
    for i in range(2):
        c.icon("power", 12 + i * 30, 28, 26)
    for i in range(3):
        c.cube("green", 84 + i * 28, 29, 24)
    c.words(g("base_income_amounts"), 8, 58, 230, 18, 12, theme.INK_SOFT, align="left")
    c.words(g("empty_lanes"), 250, 6, 220, 18, 13, bold=True, align="left")
    c.chip(g("lane2_empty"), 250, 28, 12, theme.SKY_DEEP)
    c.chip(g("lane3_empty"), 250, 54, 12, theme.SKY_DEEP)
    c.words(g("bonus_token"), 8, 88, 230, 18, 13, bold=True, align="left")
    c.token("installations", 12, 110, 32)
    c.arrow(50, 126, 80, 126)
    for i in range(3):
        c.icon("power", 86 + i * 24, 112, 24)
    c.words(g("or"), 160, 110, 30, 28, 13, theme.INK_SOFT)
    for i in range(3):
        c.cube("green", 192 + i * 24, 113, 22)
    c.words(g("income_first", n=K.HAND_LIMIT),
            8, 148, 464, 22, 12, theme.INK_SOFT, align="left")


def _events(c: _Canvas) -> None:
    w = 110
    for i, (eid, label) in enumerate((("clear-skies", g("calm")), ("great-storm", g("unique")),
                                      ("deadline", g("deadline")))):
        x = 14 + i * (w + 46)
        c.card("event", _index(K.EVENTS, eid), x, 6, w)
        c.words(label, x - 10, 8 + w / va.CARD_RATIO, w + 20, 18, 12, bold=True)


def _play_project(c: _Canvas) -> None:
    """A Rating 2 Project goes into Lane 2, 3 or 4, never Lane 1."""
    c.card("project", P("hydroponics"), 8, 6, 84)
    c.words(g("rating_n", n=2), 8, 8 + 84 / va.CARD_RATIO, 84, 16, 11, theme.INK_SOFT)
    c.arrow(96, 50, 118, 50)
    # four lanes to the right of the card, the ones it may go into lit
    lw = (BASE - 130 - 3 * 5) / 4
    for i in range(1, 5):
        x = 124 + (i - 1) * (lw + 5)
        r = c.R(x, 6, lw, 140)
        pygame.draw.rect(c.surf, theme.SKY_DEEP, r, border_radius=c.n(5))
        ok = i >= 2
        pygame.draw.rect(c.surf, theme.SUN if ok else theme.LINE, r, max(2, c.n(3)) if ok else 1,
                         border_radius=c.n(5))
        c.words(g("lane", lane=i), x, 10, lw, 18, 12, bold=True)
        c.words(g("lane_yes") if ok else g("lane_no"), x + 3, 40, lw - 6, 80, 12,
                theme.INK if ok else theme.DANGER)


def _advance_demote(c: _Canvas) -> None:
    lw = (BASE - 8 - 12 - 3 * 5) / 4
    x1, x2, x3 = (10 + i * (lw + 5) + lw / 2 for i in range(3))
    c.arrow(x2 + 4, 12, x3 + 20, 12)
    c.chip(g("advance_pay"), x3 + 20, 20, 12, centre=True)
    c.arrow(x2 - 4, 12, x1 - 20, 12, theme.DANGER)
    c.chip(g("demote_pay"), x1 - 20, 20, 12, theme.SKY_DEEP, centre=True)
    _mat(c, 50, 170, [["deckhand"], ["mechanic", "solar-array"], [], []], {}, colour="yellow",
         empty_words=False)


def _contact(c: _Canvas) -> None:
    for i, cid in enumerate(("night-shift", "old-colleague", "logistics-chief")):
        x = 8 + i * 104
        c.card("contact", _index(K.CONTACTS, cid), x, 6, 96)
    c.icon("priority", 330, 20, 56)
    c.words(g("contacts"),
            320, 84, 152, 60, 12, theme.INK, align="left")


def _level_up(c: _Canvas) -> None:
    _ark_track(c, highlight=2, marker_at=1)
    bw = (BASE - 8 - 21) / 8
    c.arrow(4 + 1.5 * bw + 3, 110, 4 + 2.5 * bw + 6, 110)
    c.words(g("level_up"), 8, 118, 464, 34, 12, align="left")
    for i, label in enumerate((g("bonus_token"), g("lane1_panel"), g("lanes23_panel"))):
        x = 8 + i * 158
        r = c.R(x, 156, 150, 26)
        pygame.draw.rect(c.surf, BOOST_BG if i else theme.PANEL, r, border_radius=c.n(5))
        pygame.draw.rect(c.surf, theme.LINE, r, 1, border_radius=c.n(5))
        c.token("personnel", x + 3, 159, 20)
        c.words(label, x + 26, 156, 122, 26, 12, align="left")


def _boosts(c: _Canvas) -> None:
    _mat(c, 4, 176, [["aquarium"], ["solar-array"], ["cryosleep"], []],
         {"lane1": ["ecological"], "lanes23": ["installations", "personnel"]}, colour="green",
         vp={1: "vp_2", 2: "vp_3", 3: "vp_3"})


def _scoring(c: _Canvas) -> None:
    _mat(c, 4, 250, [["farming", "aquarium"], ["solar-array", "wind-turbine"],
                     ["cryosleep", "sky-dock"], ["ark-engine"]],
         {"lane1": ["ecological"], "lanes23": ["installations"]}, colour="blue",
         vp={1: "vp_4", 2: "vp_6", 3: "vp_6"})
    c.chip(g("scoring"), BASE / 2, 258, 12,
           centre=True)


def _automa(c: _Canvas) -> None:
    w = 100
    for i, (aid, label) in enumerate((("g01", g("easy")), ("g03", g("easy")),
                                      ("r01", g("hard")), ("r02", g("hard")))):
        x = 10 + i * (w + 16)
        c.card("automa", _index(K.AUTOMA, aid), x, 6, w)
        c.words(label, x, 8 + w / va.CARD_RATIO, w, 18, 12, bold=True)
    c.cube("automa", 10, 170, 24)
    c.words(g("automa_experts"), 40, 170, 420, 24, 12, align="left")


def _actors(c: _Canvas) -> None:
    w = 112
    for i, aid in enumerate(("engineer", "recruiter")):
        c.card("actor", _index(K.ACTORS, aid), 14 + i * (w + 14), 6, w)
    c.words(g("actors"), 270, 40, 200, 80, 13,
            align="left")


def _unique_mat(c: _Canvas) -> None:
    _mat(c, 4, 200, [["seed-vault"], ["solar-array"], ["sky-dock"], ["ark-engine"]],
         {"lanes23": ["installations"]}, colour="blue", lane4_scores=True,
         vp={4: "scores"})


PICTURES: dict[str, tuple[float, Callable[[_Canvas], None]]] = {
    "cards": (178, _cards),
    "project-card": (222, _project_card),
    "pieces": (140, _pieces),
    "elements": (70, _elements),
    "player-mat": (240, _player_mat),
    "ark-track": (110, _ark),
    "market": (176, _market),
    "bid-example": (172, _bid_example),
    "income": (174, _income),
    "events": (180, _events),
    "play-project": (152, _play_project),
    "advance-demote": (224, _advance_demote),
    "contacts": (150, _contact),
    "level-up": (188, _level_up),
    "score-boosts": (184, _boosts),
    "scoring": (284, _scoring),
    "automa": (200, _automa),
    "actors": (170, _actors),
    "unique-mat": (208, _unique_mat),
}


def picture(name: str, width: int, text: TextCache) -> pygame.Surface:
    """The guide's picture ``name``, ``width`` pixels wide."""
    height, draw = PICTURES[name]
    c = _Canvas(width, height, text)
    draw(c)
    return c.surf
