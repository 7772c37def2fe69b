"""The Machines To The Sky table: the Market with its Projects and bids, the Priority token
space, the Event and Automa cards, the Ark Track, the player mats (the shown seat's large, the
others small) and the hand. It only draws and maps pointer positions to commands:

* an Expert cube from the Stock onto a Market card or the Priority space: ``Bid``. The cubes are
  numbered: picking up the n-th cube takes n Experts, so one drag places the whole bid;
* a Project from the hand onto a lane (the legal lanes are lit): ``PlayProject``; onto the
  discard pile while over the hand limit: ``Discard``;
* the top card of a lane onto the lane to its right / left: ``Advance`` / ``Demote`` (the drag
  image shows both costs);
* a Contact onto the mat: ``PlayContact``; onto the discard pile: ``Discard``;
* a Bonus token onto the Power or Experts counter: ``UseBonus``;
* at a Level Up, a token of the next Ark Level onto the Bonus area or a Score Boost panel:
  ``TakeToken``; a waiting seat's Ark marker clicked: ``ChooseLevelUp``; an Actor clicked:
  ``ChooseActor``;
* the button of the step: ``Pass`` / ``EndManagement`` / ``EndIncome`` / ``SkipToken``.

A piece dropped where it means no move is still answered with the command it would mean there
(a bid on no Market card, a Project into no lane...), so the rules say which rule refuses it.

The board is laid out once in its own coordinates (:data:`BOARD`, 1000 x 640 units) and scaled
as one, fonts too, to the largest size that fits the view's rect: a printed board. Every word is
written through the table's text box (fitted, never below 12 px at 1280x720; cut text has its
whole text as the tooltip, a cut card shows whole in the hover zoom).

Resting the pointer on a card shows a large copy of it beside the card, never over it.
Everything the state decides is drawn once per state into one layer (text from the shared
cache), a panel per frame over the next frames (:class:`StagedRender`; the last layer shows
until the new one is complete); a frame blits it.
"""

from __future__ import annotations

import time
from typing import Any, Iterator, Sequence

import pygame

from weather_tabletop.engine.protocol import Colour, Command, Game
from weather_tabletop.i18n import Msg, language, msg, tr
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import (DRAW_BUDGET, REFERENCE_BOARD, Piece, Shape, StagedRender,
                                            ViewContext, shape_of, text_growth)

from . import commands as C
from . import content as K
from . import words
from . import view_art as va
from .rules import (automa_claimed_vp, automa_score, automa_start, lane_panel, lane_vp,
                    score_parts)
from .state import (ACTORS, BIDDING, DISCARD, HIDDEN, INCOME, LEVELUP, LEVELUP_ORDER, MANAGEMENT,
                    PRIORITY_SPACE, BidStanding, MttsState, advance_cost, bid_standing,
                    demote_cost, elements, hand_limit, mat, slot_counts)

ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
#: the button of a step: its command and its label (``mtts.button.<name>``)
BUTTONS = {BIDDING: (C.Pass, "pass"), MANAGEMENT: (C.EndManagement, "end_management"),
           INCOME: (C.EndIncome, "end_income"), LEVELUP: (C.SkipToken, "skip_token")}

#: the board's own coordinates (units); the view scales them as one to fit its rect
BOARD = (1000, 640)
GAP = 6
#: the rows of the board (y, height) in units: the Market and Events, the Ark Track, the mats,
#: the hand
TOP, ARK, MATS, HAND = (0, 216), (222, 70), (298, 218), (522, 118)
#: the Project discard pile's panel at the right of the hand row (units); a card in hand is as
#: wide as the row gives it within these bounds (wider: more of its text on a line)
DISCARD_W = 120
HAND_CARD_W = (132.0, 180.0)
#: where a piece dropped off every place is said to go: no Market slot, no lane, no side
NOWHERE_SLOT, NO_LANE, NO_SIDE = -9, 0, "nowhere"
#: seconds the pointer rests on a card before its large copy shows
ZOOM_DELAY = 0.35


def t(key: str, **params: Any) -> str:
    """The catalogue's text ``mtts.view.<key>`` with its parameters, in the current language."""
    return tr(f"mtts.view.{key}", **params)


def bid_words(standing: BidStanding, name: str, priority: bool) -> tuple[str, str]:
    """The line under a Market card for the seat bidding, and its tooltip: what it needs to lead
    and what to claim the card (Market Step 2: the most Experts and at least the Rating), or
    that it already leads (and meets the Rating)."""
    what = t("the_priority_token") if priority else t("the_card")
    p = dict(name=name, have=standing.have, rating=standing.rating, what=what)
    if standing.leads and standing.claim == 0:
        return t("bid_leading"), t("bid_leading_tip", **p)
    if standing.leads:
        return (t("bid_for_rating", n=standing.claim),
                t("bid_for_rating_tip", n=standing.claim, **p))
    if standing.claim == standing.lead:
        return t("to_lead", n=standing.lead), t("to_lead_tip", n=standing.lead, **p)
    return (t("bid_to_claim", n=standing.claim),
            t("bid_to_claim_tip", n=standing.lead, claim=standing.claim, **p))


def _els(items: Sequence[str]) -> tuple[Msg, ...]:
    """Elements as a list parameter ("Ecological, Personnel and Installations")."""
    return tuple(words.element(e) for e in items)


#: what a redraw fills as it goes; between its steps these keep what the screen shows
STAGED = ("_pieces", "_cards", "_tips", "_slots", "_lanes", "_panels", "_gains", "_discard",
          "_mat", "_clicks", "_owner")


class MachinesView:
    """The Machines To The Sky table (see the module docstring for the interactions)."""

    def __init__(self, game: Game, rect: pygame.Rect, *, context: ViewContext | None = None) -> None:
        self.game = game
        self.ctx = context or ViewContext()
        self.rect = pygame.Rect(rect)
        self.paint = va.Painter(self.ctx.text)
        self._key: tuple | None = None
        self._layer: pygame.Surface | None = None
        self._stage = StagedRender()
        self._hover: tuple[int, int] | None = None
        self._rest = 0.0  # when the pointer came onto the card it rests on
        self._rest_on: pygame.Rect | None = None  # that card
        self._zooms: dict[tuple, pygame.Surface] = {}
        self.k, self.ox, self.oy, self.grow = 1.0, 0, 0, 1.0
        self._reset()

    def _reset(self) -> None:
        self._pieces: list[Piece] = []
        self._cards: list[tuple[pygame.Rect, str, int]] = []  # (rect, kind, card) for the zoom
        self._tips: list[tuple[pygame.Rect, str]] = []
        self._slots: list[tuple[pygame.Rect, int]] = []
        self._lanes: dict[int, pygame.Rect] = {}
        self._panels: dict[str, pygame.Rect] = {}
        self._gains: dict[str, pygame.Rect] = {}
        self._discard: pygame.Rect | None = None
        self._mat: pygame.Rect | None = None
        self._clicks: dict[Any, Command] = {}
        self._owner: int | None = None

    # -- the board's coordinates -------------------------------------------------------------

    def _scale_to(self, w: int, h: int) -> None:
        """The largest scale at which the whole board fits ``w`` x ``h``, centred."""
        self.k = min(w / BOARD[0], h / BOARD[1])
        self.ox = (w - round(BOARD[0] * self.k)) // 2
        self.oy = (h - round(BOARD[1] * self.k)) // 2
        reference = min(REFERENCE_BOARD[0] / BOARD[0], REFERENCE_BOARD[1] / BOARD[1])
        self.grow = text_growth(self.ctx.scale, self.k, reference)

    def n(self, units: float) -> int:
        """A length in pixels."""
        return round(units * self.k)

    def R(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect of the board's coordinates in the layer's pixels."""
        x0, y0 = self.ox + round(x * self.k), self.oy + round(y * self.k)
        return pygame.Rect(x0, y0, self.ox + round((x + w) * self.k) - x0,
                           self.oy + round((y + h) * self.k) - y0)

    def f(self, units: float) -> int:
        """A font size in pixels: ``units`` at the board's scale grown with the UI scale
        (``table_view.text_growth``; the boxes shrink it where there is no room), never below
        the floor."""
        return max(self.min_px, round(units * self.k * self.grow))

    def fc(self, units: float) -> int:
        """A card's font size: at the board's scale only, as the cards do not grow with the
        board (a larger font there took the room of the card's text; the zoom shows it large)."""
        return max(self.min_px, round(units * self.k))

    @property
    def min_px(self) -> int:
        return max(theme.MIN_TEXT_PX, round(theme.MIN_TEXT_PX * self.k))

    @property
    def card_px(self) -> int:
        """The floor of a card's text (:data:`view_art.CARD_TEXT_PX` at the board's scale)."""
        return max(va.CARD_TEXT_PX, round(va.CARD_TEXT_PX * self.k))

    # -- helpers -----------------------------------------------------------------------------

    def colour(self, seat: int) -> Colour:
        return self.ctx.colour(self.game, seat)

    def _shape(self, seat: int) -> str | None:
        """The seat's colour-blind shape when the markings are on."""
        return shape_of(self.colour(seat)) if self.ctx.colour_blind else None

    def _cube(self, seat: int, size: int, label: str | None = None) -> pygame.Surface:
        if seat < 0:
            return self.paint.cube(va.AUTOMA_RGB, "A", size)
        col = self.colour(seat)
        return self.paint.cube(col.rgb, col.letter if label is None else label, size, self._shape(seat))

    def _name(self, state: MttsState, seat: int) -> str:
        if 0 <= seat < len(self.ctx.seats):
            return self.ctx.name(seat)
        return state.names[seat] if 0 <= seat < len(state.names) else self.ctx.name(seat)

    def _a(self, r: pygame.Rect) -> pygame.Rect:
        return r.move(self.rect.topleft)

    def _tip(self, r: pygame.Rect, text: str) -> None:
        self._tips.append((self._a(r), text))

    def _text(self, surf: pygame.Surface, text: str, r: pygame.Rect, units: float, colour=theme.INK,
              bold: bool = False, align: str = "left", valign: str = "center", wrap: bool = False,
              tip: str | None = None) -> bool:
        """``text`` fitted into ``r`` (its own space on the board); when it had to be cut, the
        whole text (or ``tip``) is the tooltip there. True when cut."""
        fit = self.ctx.text.box(surf, text, r, self.f(units), colour, bold=bold, align=align,
                                valign=valign, min_size=self.min_px, wrap=wrap)
        if fit.cut:
            self._tip(r, tip or text)
        return fit.cut

    def _card(self, surf: pygame.Surface, r: pygame.Rect, kind: str, card: int) -> None:
        """Draw a face-up card at ``r`` (layer pixels) and register it for the zoom."""
        va.draw_face(self.paint, surf, r, kind, card, self.fc(12), self.min_px, self.card_px)
        self._cards.append((self._a(r), kind, card))

    def _strip(self, surf: pygame.Surface, r: pygame.Rect, card: int, beneath: str = "") -> None:
        """A card beneath a lane's top card (or a small mat's top card): only its edge shows,
        with the Element, the name, the Rating and (green) a permanent effect, as the rulebook
        asks to keep them visible. A tall one writes the name on two lines above the icon; a
        medium one on two lines beside the Rating and ``beneath`` (the cards under it)."""
        isz = max(6, min(r.h - 4, self.n(16)))
        tall = r.h >= self.n(52)
        medium = not tall and r.h >= self.n(36)
        foot = self.n(19)
        icon_y = r.h - foot + (foot - isz) // 2 if tall else (r.h - isz) // 2
        surf.blit(self.paint.strip_bg(card, r.w, r.h, isz if not medium else 0, icon_y), r)
        if tall:
            num = pygame.Rect(r.right - self.n(18), r.bottom - foot, self.n(14), foot - 1)
            name = pygame.Rect(r.x + self.n(5), r.y + 2, r.w - self.n(10), r.h - foot - 2)
        elif medium:
            col = self.n(17)
            num = pygame.Rect(r.right - col - self.n(3), r.y + 1, col, r.h // 2 - 1)
            name = pygame.Rect(r.x + self.n(4), r.y + 1, num.x - r.x - self.n(5), r.h - 2)
            if beneath:
                self._text(surf, beneath, pygame.Rect(num.x, num.bottom, col, r.h // 2 - 1), 12,
                           theme.MUTED, align="right")
        else:
            num = pygame.Rect(r.right - self.n(16), r.y, self.n(14), r.h)
            name = pygame.Rect(r.x + isz + 5, r.y, num.x - r.x - isz - 7, r.h)
        self._text(surf, str(K.PROJECTS[card].rating), num, 12, bold=True, align="right")
        title = tr(words.project(card))
        font = self.ctx.text.font(self.min_px)
        wrap = (tall or medium) and all(font.size(wd)[0] <= name.w for wd in title.split())  # no word cut
        self.ctx.text.box(surf, title, name, self.fc(12), theme.INK,
                          min_size=self.min_px, wrap=wrap, align="center" if tall else "left")
        self._cards.append((self._a(r), "project", card))

    @staticmethod
    def card_text(kind: str, card: int) -> str:
        """A card's whole text (the tooltip of a card too small to zoom)."""
        if kind == "project":
            return tr(words.project_text(card))
        if kind == "contact":
            return tr("mtts.tip.contact", contact=words.contact_text(card))
        if kind == "event":
            return tr("mtts.tip.event", event=words.event_text(card))
        if kind == "automa":
            return tr(words.automa_text(card))
        return tr("mtts.tip.actor", actor=words.actor_text(card))

    def focus(self, state: MttsState, seat: int | None) -> int:
        """The seat whose mat is drawn large: the viewer, else the seat to act, else Priority."""
        if seat is not None and 0 <= seat < state.n:
            return seat
        return state.current if state.current >= 0 else state.priority

    # -- protocol ----------------------------------------------------------------------------

    def resize(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._key = self._layer = None
        self._stage.cancel()

    @property
    def busy(self) -> bool:
        """The new state is still being drawn (the last drawing shows meanwhile)."""
        return self._stage.busy

    def draw(self, surface: pygame.Surface, view_state: Any, seat: int | None) -> None:
        self._ensure(view_state, seat, DRAW_BUDGET)
        if self._layer is not None:
            surface.blit(self._layer, self.rect.topleft)
        self._draw_zoom(surface)

    def pieces(self, view_state: Any, seat: int | None) -> list[Piece]:
        self._ensure(view_state, seat)
        return self._pieces

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A press hides the zoom until the pointer moves on (it never covers a drop)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._hover = self._rest_on = None
        return False

    def drop_targets(self, piece: Piece, legal_commands: Sequence[Command]
                     ) -> list[tuple[Shape, Command]]:
        self._stage.run()  # the places of the state being drawn
        self._hover = self._rest_on = None
        legal = set(legal_commands)
        return [(shape, cmd) for shape, cmd in self._candidates(piece) if cmd in legal]

    def command_for_drop(self, piece: Piece, pos: tuple[int, int], view_state: Any,
                         seat: int | None) -> Command | None:
        """The command a drop at ``pos`` means, legal or not (the rules then say why not);
        None for a click or a drop back home."""
        self._ensure(view_state, seat)
        if piece.key in self._clicks:
            return self._clicks[piece.key] if piece.shape.collidepoint(pos) else None
        for shape, cmd in self._candidates(piece):
            if shape.collidepoint(pos):
                return cmd
        if piece.shape.collidepoint(pos):
            return None
        return self._off_target(piece, view_state, seat)

    def _off_target(self, piece: Piece, state: MttsState, seat: int | None) -> Command | None:
        """What a piece dropped on no place of its own is taken to mean: a bid on no Market
        slot, a Project into no lane, a token on no side; for a Contact its play when that is
        refused. The rules refuse these and say which rule does."""
        kind, value = piece.key if isinstance(piece.key, tuple) else (piece.key, None)
        s = piece.seat if piece.seat is not None else -1
        if kind == "bid":
            return C.Bid(s, NOWHERE_SLOT, value)
        if kind == "hand":
            return C.PlayProject(s, value, NO_LANE)
        if kind == "token":
            return C.TakeToken(s, value, NO_SIDE)
        if kind == "bonus":
            return C.UseBonus(s, value, NO_SIDE)
        if kind == "contact":
            play = C.PlayContact(s, value)
            return None if play in self.game.legal_commands(state, seat) else play
        return None

    def guide_topic_at(self, pos: tuple[int, int]) -> str | None:
        """The guide's section for the row of the board under ``pos`` (F1 at the table opens
        it): the Market, the Ark Track, the Player Mats, the hand."""
        for (y, h), topic in ((TOP, "market-bid"), (ARK, "ark-track"), (MATS, "player-mat"),
                              (HAND, "play-project")):
            if self.R(0, y, BOARD[0], h).move(self.rect.topleft).collidepoint(pos):
                return topic
        return None

    def tooltip_at(self, pos: tuple[int, int], view_state: Any) -> str | None:
        """The tooltip at ``pos``; none over a card whose large copy shows (the zoom is the
        card's tooltip)."""
        self._hover = pos
        hit = self._card_at(pos)
        if (hit[0] if hit else None) != self._rest_on:  # a new card: the rest starts again
            self._rest_on, self._rest = (hit[0] if hit else None), time.monotonic()
        if hit is not None:
            r, kind, card = hit
            return None if self._zoom_size(r) else self.card_text(kind, card)
        for r, text in reversed(self._tips):
            if r.collidepoint(pos):
                return text
        return None

    def _candidates(self, piece: Piece) -> list[tuple[pygame.Rect, Command]]:
        """Every place ``piece`` could be dropped and the command it would mean there."""
        kind, value = piece.key if isinstance(piece.key, tuple) else (piece.key, None)
        s = piece.seat if piece.seat is not None else -1
        out: list[tuple[pygame.Rect, Command]] = []
        if kind == "bid":
            out += [(r, C.Bid(s, slot, value)) for r, slot in self._slots]
        elif kind == "hand":
            out += [(r, C.PlayProject(s, value, lane)) for lane, r in self._lanes.items()]
            if self._discard is not None:
                out.append((self._discard, C.Discard(s, "project", value)))
        elif kind == "contact":
            if self._discard is not None:
                out.append((self._discard, C.Discard(s, "contact", value)))
            if self._mat is not None:
                out.append((self._mat, C.PlayContact(s, value)))
        elif kind == "lane":
            if value + 1 in self._lanes:
                out.append((self._lanes[value + 1], C.Advance(s, value)))
            if value - 1 in self._lanes:
                out.append((self._lanes[value - 1], C.Demote(s, value)))
        elif kind == "token":
            out += [(r, C.TakeToken(s, value, side)) for side, r in self._panels.items()]
        elif kind == "bonus":
            out += [(r, C.UseBonus(s, value, gain)) for gain, r in self._gains.items()]
        return out

    # -- hover zoom --------------------------------------------------------------------------

    def _card_at(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str, int] | None:
        return next(((r, k, c) for r, k, c in reversed(self._cards) if r.collidepoint(pos)), None)

    def _zoom_size(self, r: pygame.Rect) -> tuple[int, int] | None:
        """The size of a card's large copy; None when the card is drawn about as large."""
        zh = min(round(self.rect.h * 0.56), self.n(360))
        zw = round(zh * va.CARD_RATIO)
        return None if r.h >= zh * 0.8 and r.w >= zw * 0.8 else (zw, zh)

    def _zoom_place(self, r: pygame.Rect, zw: int, zh: int) -> pygame.Rect:
        """Where the large copy of the card at ``r`` goes: beside it (right, else left), else
        above or below it, inside the board; never over the card."""
        box = self.rect
        gap = self.n(8)
        y = min(max(box.top, r.centery - zh // 2), box.bottom - zh)
        x = min(max(box.left, r.centerx - zw // 2), box.right - zw)
        for z in (pygame.Rect(r.right + gap, y, zw, zh), pygame.Rect(r.left - gap - zw, y, zw, zh),
                  pygame.Rect(x, r.top - gap - zh, zw, zh), pygame.Rect(x, r.bottom + gap, zw, zh)):
            if box.contains(z):
                return z
        # no side has the room: the side with the most of it, clamped into the board
        right = box.right - r.right >= r.left - box.left
        z = pygame.Rect(r.right + gap if right else r.left - gap - zw, y, zw, zh)
        return z.clamp(box)

    def _zoom_image(self, kind: str, card: int, zw: int, zh: int) -> pygame.Surface:
        key = (kind, card, zw, zh, language())
        img = self._zooms.get(key)
        if img is None:
            if len(self._zooms) > 60:
                self._zooms.clear()
            img = pygame.Surface((zw, zh), pygame.SRCALPHA)
            va.draw_face(self.paint, img, img.get_rect(), kind, card, max(self.min_px, zw // 14),
                         self.min_px)
            self._zooms[key] = img
        return img

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        pos = self._hover
        if pos is None or pygame.mouse.get_pressed()[0] or not self.rect.collidepoint(pos):
            return
        real = pygame.mouse.get_pos()
        if pygame.mouse.get_focused() and real != (0, 0) and real != pos:
            return  # the pointer has left the board since it was last seen there
        if time.monotonic() - self._rest < ZOOM_DELAY:
            return
        hit = self._card_at(pos)
        size = self._zoom_size(hit[0]) if hit is not None else None
        if hit is None or size is None:
            return
        r, kind, card = hit
        zr = self._zoom_place(r, *size)
        shadow = zr.move(self.n(4), self.n(4))
        pygame.draw.rect(surface, theme.LINE, shadow, border_radius=max(4, zr.w // 14))
        surface.blit(self._zoom_image(kind, card, *size), zr)

    # -- rendering ---------------------------------------------------------------------------

    def _ensure(self, state: MttsState, seat: int | None, budget: float | None = None) -> None:
        """Draw ``state`` for ``seat`` if it is not drawn yet: at once (``budget`` None), else
        within ``budget`` seconds of this frame, going on in the next frames (the last drawing
        shows meanwhile)."""
        # the state itself is kept in the key (an id could be reused by a later state)
        key = (state, seat, self.rect.size, self.rect.topleft, self.ctx.colour_blind, language())
        old = self._key
        if old is None or old[0] is not state or old[1:] != key[1:]:
            self._key = key
            self._stage.start(self._render(state, seat), self, STAGED)
            if self._layer is None:
                budget = None  # nothing drawn yet to show meanwhile
        self._stage.run(budget)

    def _render(self, state: MttsState, seat: int | None) -> Iterator[None]:
        """Draw the state, a row per step (a generator: see :class:`StagedRender`); the new
        surface replaces the shown one at the end. Drawn over the table's own background colour,
        so it is blitted without per-pixel alpha."""
        self._reset()
        w, h = self.rect.size
        surf = pygame.Surface((w, h))
        if pygame.display.get_surface():
            surf = surf.convert()  # in the screen's format from the start
        surf.fill(theme.SKY)
        self._scale_to(w, h)
        focus = self.focus(state, seat)
        self._owner = seat if seat is not None and seat == focus else None
        yield
        self._draw_top(surf, state)
        yield
        self._draw_ark(surf, state, self.R(0, ARK[0], BOARD[0], ARK[1]))
        yield
        yield from self._draw_mats(surf, state, focus)
        yield
        self._draw_hand(surf, state, self.R(0, HAND[0], BOARD[0], HAND[1]), focus)
        yield
        self._layer = surf

    def _panel(self, surf: pygame.Surface, r: pygame.Rect, fill=theme.PANEL, line=theme.LINE,
               width: int = 1) -> None:
        rad = max(4, self.n(6))
        pygame.draw.rect(surf, fill, r, border_radius=rad)
        pygame.draw.rect(surf, line, r, width, border_radius=rad)

    # market and events -------------------------------------------------------------------

    def _draw_top(self, surf: pygame.Surface, state: MttsState) -> None:
        """The Market (Priority space and Projects, the bids below) and, to its right, the
        Event cards and the Automa's revealed cards, all cards of one size."""
        side: list[tuple[str, int]] = [("event", state.event_current)]
        if state.unique_pending >= 0 and state.unique_pending != state.event_current:
            side.append(("event", state.unique_pending))
        if state.automa:
            side += [("automa", c) for c in state.automa_revealed]
        nm, ne = 1 + len(state.market), len(side)
        inner = 8
        cw = min(112.0, (BOARD[0] - GAP - 4 * inner - (nm - 1 + ne - 1) * GAP) / (nm + ne))
        y0, hh = TOP[0], 22
        below = 45  # the bids and the lead line under a Market card
        ch = TOP[1] - hh - below - 4  # as tall as the row: narrow cards keep their text whole
        mw = nm * cw + (nm - 1) * GAP + 2 * inner
        ew = ne * cw + (ne - 1) * GAP + 2 * inner
        market = self.R(0, y0, BOARD[0] - ew - GAP, TOP[1])
        self._panel(surf, market)
        head = t("market_head", round=max(1, state.round), rounds=K.ROUNDS,
                 deck=len(state.project_deck), discard=len(state.project_discard))
        self._text(surf, head, self.R(inner, y0 + 2, BOARD[0] - ew - GAP - 2 * inner, hh - 2), 14,
                   theme.INK_SOFT, bold=True)
        x0 = (BOARD[0] - ew - GAP - mw) / 2 + inner
        acting = state.current if state.phase == BIDDING else -1
        for i, slot in enumerate([PRIORITY_SPACE, *range(len(state.market))]):
            x = x0 + i * (cw + GAP)
            cr = self.R(x, y0 + hh, cw, ch)
            counts = slot_counts(state, slot)
            if slot == PRIORITY_SPACE:
                self._priority_space(surf, state, cr)
            elif state.market[slot] >= 0:
                self._card(surf, cr, "project", state.market[slot])
            else:
                pygame.draw.rect(surf, theme.SKY, cr, border_radius=self.n(6))
                pygame.draw.rect(surf, theme.LINE, cr, 1, border_radius=self.n(6))
                self._text(surf, t("empty"), cr, 12, theme.MUTED, align="center")
            target = cr.union(self.R(x, y0 + hh + ch, cw, 28))
            self._slots.append((self._a(target), slot))
            self._bids(surf, state, slot, counts, self.R(x, y0 + hh + ch + 3, cw, 22))
            if acting >= 0 and (slot == PRIORITY_SPACE or state.market[slot] >= 0):
                rating = 1 if slot == PRIORITY_SPACE else K.PROJECTS[state.market[slot]].rating
                label, tip = bid_words(bid_standing(counts, acting, rating),
                                       self._name(state, acting), slot == PRIORITY_SPACE)
                lr = self.R(x, y0 + hh + ch + 26, cw, 18)
                self._text(surf, label, lr, 12, theme.MUTED, align="center")
                self._tip(lr, tip)
        # the Events (and the Automa's cards)
        ex = BOARD[0] - ew
        events = self.R(ex, y0, ew, TOP[1])
        self._panel(surf, events, theme.SKY_DEEP)
        title = t("events_automa" if state.automa else "events", n=ne)
        self._text(surf, title, self.R(ex + inner, y0 + 2, ew - 2 * inner, hh - 2), 14,
                   theme.INK_SOFT, bold=True)
        for i, (kind, card) in enumerate(side):
            cr = self.R(ex + inner + i * (cw + GAP), y0 + hh, cw, ch)
            if card >= 0:
                self._card(surf, cr, kind, card)
            else:
                surf.blit(self.paint.back(cr.w, cr.h), cr)
                self._tip(cr, t("event_deck_tip", n=len(state.event_deck)))
        self._text(surf, t("event_deck", n=len(state.event_deck)),
                   self.R(ex + inner, y0 + hh + ch + 3, ew - 2 * inner, 40), 12, theme.INK_SOFT,
                   align="center", valign="top", wrap=True)

    def _priority_space(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect) -> None:
        self._panel(surf, r, theme.SKY_DEEP, theme.PRIMARY, 2)
        title = pygame.Rect(r.x + 3, r.y + 3, r.w - 6, self.n(20))
        self._text(surf, t("priority"), title, 14, bold=True, align="center")
        holder = self._name(state, state.priority)
        foot = pygame.Rect(r.x + 3, r.bottom - self.n(38), r.w - 6, self.n(36))
        self._text(surf, t("held_by", name=holder), foot, 12, theme.INK_SOFT, align="center", wrap=True)
        room = pygame.Rect(r.x, title.bottom, r.w, foot.y - title.bottom)
        size = max(8, min(r.w - self.n(16), room.h - 4))
        ic = va.icon("priority", size)
        surf.blit(ic, ic.get_rect(center=room.center))
        self._tip(r, t("priority_tip", name=holder))

    def _bids(self, surf: pygame.Surface, state: MttsState, slot: int, counts: dict[int, int],
              r: pygame.Rect) -> None:
        shown = [(k, v) for k, v in counts.items() if v > 0]
        if not shown:
            self._text(surf, t("no_bids"), r, 12, theme.MUTED, align="center")
            return
        top = max(v for _, v in shown)
        leaders = [k for k, v in shown if v == top]
        chip_w = min(r.h + self.n(24), r.w // len(shown))
        numw = self.ctx.text.font(self.min_px, True).size(f"×{top}")[0] + 2
        cube = min(r.h, chip_w - numw - 1)
        x = r.centerx - chip_w * len(shown) // 2
        bidders = []
        for k, v in shown:
            chip = pygame.Rect(x, r.y, chip_w, r.h)
            if cube >= self.n(14):
                if k in leaders and len(leaders) == 1:
                    pygame.draw.rect(surf, theme.SUN, chip, border_radius=4)
                surf.blit(self._cube(k, cube), (x, r.y + (r.h - cube) // 2))
                self._text(surf, f"×{v}", pygame.Rect(x + cube, r.y, chip_w - cube, r.h), 12, bold=True)
            else:  # no room for cubes: the seat's colour and letter with the count
                rgb = self.colour(k).rgb if k >= 0 else va.AUTOMA_RGB
                letter = self.colour(k).letter if k >= 0 else "A"
                pygame.draw.rect(surf, rgb, chip.inflate(-2, 0), border_radius=4)
                if k in leaders and len(leaders) == 1:
                    pygame.draw.rect(surf, theme.SUN, chip.inflate(-2, 0), 2, border_radius=4)
                ink = theme.INK if sum(rgb) > 450 else (255, 255, 255)
                self._text(surf, f"{letter}{v}", chip.inflate(-4, 0), 12, ink, bold=True, align="center")
            x += chip_w
            bidders.append(msg("mtts.view.bidder", n=v,
                               name=self._name(state, k) if k >= 0 else msg("mtts.the_automa")))
        what = msg("mtts.priority_space") if slot == PRIORITY_SPACE else \
            words.project(state.market[slot])
        self._tip(r, t("bids_tip", target=what, bids=tuple(bidders)))

    # ark track ---------------------------------------------------------------------------

    def _draw_ark(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect) -> None:
        self._panel(surf, r, theme.SKY_DEEP)
        n = K.ARK_LEVELS + 1
        bw = (BOARD[0] - GAP * (n + 1)) / n
        levelling = state.current if state.phase == LEVELUP else -1
        y = ARK[0] + 3
        bh = ARK[1] - 6
        for level in range(n):
            bx = GAP + level * (bw + GAP)
            box = self.R(bx, y, bw, bh)
            nxt = levelling >= 0 and state.players[levelling].ark + 1 == level
            self._panel(surf, box, theme.PANEL, theme.SUN if nxt else theme.LINE, 3 if nxt else 1)
            title = t("ark_start") if level == 0 else t("ark_level", level=ROMAN[level])
            self._text(surf, title, self.R(bx + 4, y + 2, bw * 0.56 - 4, 18), 13, bold=True)
            self._text(surf, t("ark_max", n=K.ARK_MAX[level]), self.R(bx + bw * 0.56, y + 2, bw * 0.44 - 5, 18),
                       12, theme.PRIMARY_DARK, align="right",
                       tip=t("ark_max_tip", n=K.ARK_MAX[level]))
            tokens = state.ark_track[level - 1] if level >= 1 and state.ark_track else ()
            tsz = self.n(19)
            for i, tok in enumerate(tokens):
                tr_ = self.R(bx + 4 + i * 21, y + 22, 19, 19)
                surf.blit(va.icon(K.TOKENS[tok], tsz), tr_)
                el = words.element(K.TOKENS[tok])
                self._tip(tr_, t("ark_token_tip", element=el, level=ROMAN[level],
                                 n=K.C["bonus_gain"]))
                if nxt and levelling == self._owner:
                    self._pieces.append(Piece(("token", tok), self._a(tr_), tr(el), levelling,
                                              va.icon(K.TOKENS[tok], round(tsz * 1.4))))
            here = [s for s in range(state.n) if state.players[s].ark == level]
            msz = min(21, (bw - 8) / max(1, len(here)))
            for i, s in enumerate(here):
                col = self.colour(s)
                mr = self.R(bx + 4 + i * msz, y + bh - 23, msz, 21)
                img = self.paint.ark_marker(col.rgb, col.letter, min(mr.w, mr.h), self._shape(s))
                surf.blit(img, mr)
                self._tip(mr, t("ark_marker_tip" if level else "ark_marker_start_tip",
                                name=self._name(state, s), level=ROMAN[level], n=K.ARK_MAX[level]))
                if state.phase == LEVELUP_ORDER and s in state.queue and self._owner == state.current:
                    key = ("order", s)
                    self._clicks[key] = C.ChooseLevelUp(state.current, s)
                    pygame.draw.rect(surf, theme.SUN, mr.inflate(4, 4), 2, border_radius=4)
                    self._pieces.append(Piece(key, self._a(mr), self._name(state, s), state.current, img))
            if level == 0:
                tip = t("ark_start_tip", n=K.ARK_MAX[0])
            elif tokens:
                tip = t("ark_level_tip", level=ROMAN[level], n=K.ARK_MAX[level],
                        elements=_els([K.TOKENS[tok] for tok in tokens]))
            else:
                tip = t("ark_level_empty_tip", level=ROMAN[level], n=K.ARK_MAX[level])
            self._tip(box, tip)

    # mats --------------------------------------------------------------------------------

    def _draw_mats(self, surf: pygame.Surface, state: MttsState, focus: int) -> Iterator[None]:
        others: list[int] = [s for s in state.order() if s != focus]
        if state.automa:
            others.append(-2)
        y, h = MATS
        side = 374 if others else 0
        big_w = BOARD[0] - side - (GAP if side else 0)
        yield from self._big_mat(surf, state, (0, y, big_w, h), focus)
        if others:
            each = (h - GAP * (len(others) - 1)) / len(others)
            for i, s in enumerate(others):
                yield
                box = (big_w + GAP, y + i * (each + GAP), side, each)
                if s < 0:
                    self._automa_panel(surf, state, box)
                else:
                    self._small_mat(surf, state, box, s)

    def _seat_line(self, surf: pygame.Surface, state: MttsState, x: float, y: float, s: int,
                   w: float, units: float) -> float:
        """The seat's token, name and VP in at most ``w`` units from (x, y), one line high;
        the units used."""
        h = units + 6
        tok = self.R(x, y, h, h)
        surf.blit(self._cube(s, min(tok.w, tok.h)), tok)
        lane1, mid, cap = score_parts(state, s)
        line = t("seat_vp", name=self._name(state, s), n=lane1 + min(mid, cap))
        used = min(w, h + 6 + self.ctx.text.font(self.f(units), True).size(line)[0] / self.k)
        self._text(surf, line, self.R(x + h + 4, y, used - h - 4, h), units, bold=True)
        return used

    def _big_mat(self, surf: pygame.Surface, state: MttsState, box: tuple, s: int) -> Iterator[None]:
        x0, y0, w, h = box
        r = self.R(*box)
        pl = state.players[s]
        self._panel(surf, r, theme.PANEL, self.colour(s).rgb, max(2, self.n(2)))
        self._mat = self._a(r)
        owner = self._owner == s
        name_w = min(210, w * 0.34)
        name_w = self._seat_line(surf, state, x0 + 6, y0 + 4, s, name_w, 15)
        lane1, mid, cap = score_parts(state, s)
        self._tip(self.R(x0, y0, name_w + 6, 26),
                  t("seat_tip", name=self._name(state, s), lane1=lane1, mid=mid, cap=cap,
                    level=ROMAN[pl.ark] or "0", mat=words.mat_text(mat(pl).side)))
        # facts of the seat, then Priority and the Actor on the right
        right = x0 + w - 6
        if pl.actor >= 0:
            ar = self.R(right - 130, y0 + 4, 130, 21)
            self._text(surf, tr(words.actor(pl.actor)), ar, 13, align="right",
                       tip=tr("mtts.tip.actor", actor=words.actor_text(pl.actor)))
            self._tip(ar, tr("mtts.tip.actor", actor=words.actor_text(pl.actor)))
            right -= 134
        if state.priority == s:
            ir = self.R(right - 21, y0 + 4, 21, 21)
            surf.blit(va.icon("priority", min(ir.w, ir.h)), ir)
            self._tip(ir, t("holds_priority", name=self._name(state, s)))
            right -= 25
        facts = [t("fact_advance", n=advance_cost(pl)), t("fact_demote", n=demote_cost(pl)),
                 t("fact_supply", n=pl.supply)]
        if pl.free_moves:
            facts.append(t("fact_free_moves", n=pl.free_moves))
        if pl.passed and state.phase == BIDDING:
            facts.append(t("fact_passed"))
        els = elements(pl)
        facts.append(t("fact_elements", elements=" ".join(
            t("element_count_short", element=msg(f"mtts.element_short.{e}"), n=els[e])
            for e in K.ELEMENTS if els[e])) if any(els.values()) else t("fact_no_elements"))
        fr = self.R(x0 + 12 + name_w, y0 + 4, right - x0 - 16 - name_w, 21)
        counts = tuple(msg("mtts.view.element_count", element=words.element(e), n=els[e])
                       for e in K.ELEMENTS if els[e])
        tip = t("facts_tip" if counts else "facts_none_tip", advance=advance_cost(pl),
                demote=demote_cost(pl), n=pl.supply, elements=counts)
        self._text(surf, "  ·  ".join(facts), fr, 12, theme.INK_SOFT, tip=tip)
        self._tip(fr, tip)
        yield
        self._stock_row(surf, state, (x0 + 6, y0 + 29, w - 12, 28), s, owner)
        # lanes and panels
        top, panel_h = y0 + 61, 19
        lanes_h = h - (top - y0) - panel_h - 8
        lw = (w - 12 - 3 * GAP) / 4
        for lane in range(1, 5):
            yield
            self._lane(surf, state, (x0 + 6 + (lane - 1) * (lw + GAP), top, lw, lanes_h), s, lane, owner)
        py = top + lanes_h + 4
        span = 3 if mat(pl).lane4_scores else 2
        panels = {"lane1": self.R(x0 + 6, py, lw, panel_h),
                  "lanes23": self.R(x0 + 6 + lw + GAP, py, span * lw + (span - 1) * GAP, panel_h)}
        for name, pr in panels.items():
            self._boost_panel(surf, state, pr, s, name)
        if owner:
            self._panels["lane1"] = self._a(panels["lane1"])
            self._panels["lanes23"] = self._a(panels["lanes23"])

    def _stock_row(self, surf: pygame.Surface, state: MttsState, box: tuple, s: int,
                   owner: bool) -> None:
        x0, y0, w, h = box
        pl = state.players[s]
        r = self.R(*box)
        pygame.draw.rect(surf, theme.SKY, r, border_radius=self.n(5))
        self._text(surf, t("stock"), self.R(x0 + 4, y0, 42, h), 13, theme.INK_SOFT, bold=True)
        x = x0 + 48
        cube = h - 4
        # the button of the step on the right
        right = x0 + w - 4
        if owner and state.current == s and state.phase in BUTTONS:
            cls, button = BUTTONS[state.phase]
            label = tr(f"mtts.button.{button}")
            command = cls(s)
            bw = 132
            br = self.R(right - bw, y0 + 2, bw, h - 4)
            surf.blit(self.paint.chip_bg(br.w, br.h, theme.SUN), br)
            self._text(surf, label, br.inflate(-self.n(8), 0), 13, bold=True, align="center")
            self._clicks[("button", button)] = command
            self._pieces.append(Piece(("button", button), self._a(br), label, s,
                                      surf.subsurface(br).copy()))
            self._tip(br, t("button_tip", button=label,
                            command=self.game.describe_command(state, command)))
            right -= bw + 6
        room = max(40, (right - x) * 0.5)
        step = min(cube + 2, room / max(1, pl.stock))
        for i in range(pl.stock):
            cr = self.R(x + i * step, y0 + 2, cube, cube)
            n = i + 1
            img = self._cube(s, cr.h, str(n) if owner else None)
            surf.blit(img, cr)
            if owner:
                hit = pygame.Rect(cr.x, cr.y, max(1, self.n(step)), cr.h)
                self._pieces.append(Piece(("bid", n), self._a(hit), f"{n}", s,
                                          self.paint.stack(img, n, cr.h)))
                self._tip(hit, t("expert_tip", n=n, of=pl.stock, name=self._name(state, s)))
        if pl.stock == 0:
            self._text(surf, t("empty"), self.R(x, y0, 50, h), 12, theme.MUTED)
        x = x + max(pl.stock * step + 2, 52)
        self._tip(self.R(x0, y0, x - x0, h), t("stock_tip", n=pl.stock, supply=pl.supply))
        stock_r = self.R(x0, y0, x - x0, h)
        # power
        pr = self.R(x + 4, y0 + 2, cube, cube)
        surf.blit(va.icon("power", pr.h), pr)
        self._text(surf, str(pl.power), self.R(x + 6 + cube, y0, 26, h), 13, bold=True)
        power_r = self.R(x, y0, cube + 34, h)
        self._tip(power_r, t("power_tip", n=pl.power, supply=state.power_supply))
        x += cube + 40
        # bonus tokens
        bonus_x = x
        if pl.bonus:
            self._text(surf, t("bonus"), self.R(x, y0, 44, h), 12, theme.INK_SOFT, bold=True)
            x += 46
            for tok in pl.bonus:
                if x + cube > right:
                    break
                tr_ = self.R(x, y0 + 2, cube, cube)
                surf.blit(va.icon(K.TOKENS[tok], tr_.h), tr_)
                el = words.element(K.TOKENS[tok])
                self._tip(tr_, t("bonus_tip", element=el, n=K.C["bonus_gain"]))
                if owner:
                    self._pieces.append(Piece(("bonus", tok), self._a(tr_), tr(el), s,
                                              va.icon(K.TOKENS[tok], tr_.h)))
                x += cube + 2
        elif owner and state.phase == LEVELUP and state.current == s:
            self._text(surf, t("bonus_tokens"), self.R(x, y0, max(60, right - x), h), 12, theme.MUTED)
            x = max(x + 60, right)
        if owner:
            self._gains["experts"] = self._a(stock_r)
            self._gains["power"] = self._a(power_r)
            if pl.bonus or (state.phase == LEVELUP and state.current == s):
                self._panels["bonus"] = self._a(self.R(bonus_x, y0, max(20, x - bonus_x), h))

    def _lane(self, surf: pygame.Surface, state: MttsState, box: tuple, s: int, lane: int,
              owner: bool) -> None:
        x0, y0, w, h = box
        pl = state.players[s]
        r = self.R(*box)
        pygame.draw.rect(surf, theme.SKY, r, border_radius=self.n(5))
        panel = lane_panel(pl, lane)
        title = t("lane_vp", lane=lane, n=lane_vp(state, s, lane)) if panel else \
            t("lane_no_vp", lane=lane)
        self._text(surf, title, self.R(x0 + 4, y0 + 1, w - 8, 18), 12, theme.INK_SOFT, bold=True)
        if owner:
            self._lanes[lane] = self._a(r)
        cards = list(pl.lanes[lane - 1])
        m = mat(pl)
        power, experts = m.empty_power[lane - 1], m.empty_experts[lane - 1]
        income = ("power_experts" if power and experts else "power" if power else
                  "experts" if experts else "")
        gains = dict(power=power, n=experts)
        tip = t("lane_tip" if panel else "lane_no_vp_tip", lane=lane, n=len(cards))
        if not cards and income:
            tip = tr("mtts.sentences", a=tip, b=t(f"lane_income_tip_{income}", **gains))
        self._tip(r, tip)
        if not cards:
            if income:
                self._text(surf, t(f"lane_income_{income}", **gains), self.R(x0 + 4, y0 + 20, w - 8, h - 24),
                           12, theme.MUTED, align="center", wrap=True)
            return
        inner_y, inner_h = y0 + 20, h - 23
        sh = 18
        beneath = cards[:-1]
        room = max(0, int((inner_h - 62) // (sh + 1)))  # strips that leave a readable top card
        hidden = len(beneath) - room + 1 if len(beneath) > room else 0
        y = inner_y
        if hidden:
            hr = self.R(x0 + 3, y, w - 6, sh)
            self._text(surf, t("more_beneath", n=hidden), hr, 12, theme.MUTED)
            self._tip(hr, t("further_beneath_tip",
                            projects=tuple(words.project(c) for c in beneath[:hidden])))
            y += sh + 1
        for c in beneath[hidden:]:
            self._strip(surf, self.R(x0 + 3, y, w - 6, sh), c)
            y += sh + 1
        cr = self.R(x0 + 3, y, w - 6, inner_y + inner_h - y)
        top_card = cards[-1]
        self._card(surf, cr, "project", top_card)
        if owner:
            costs = dict(demote=demote_cost(pl), advance=advance_cost(pl))
            chip_text = t("move_chip_both", **costs) if 1 < lane < 4 else \
                t("move_chip_demote", **costs) if lane > 1 else t("move_chip_advance", **costs)
            chip = self.paint.label_chip(chip_text, self.f(13), theme.SUN)
            card = surf.subsurface(cr)
            img = pygame.Surface((max(cr.w, chip.get_width()), cr.h + chip.get_height() + 2), pygame.SRCALPHA)
            img.blit(card, ((img.get_width() - cr.w) // 2, chip.get_height() + 2))
            img.blit(chip, ((img.get_width() - chip.get_width()) // 2, 0))
            self._pieces.append(Piece(("lane", lane), self._a(cr), tr(words.project(top_card)), s, img))

    def _boost_panel(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int,
                     name: str) -> None:
        pl = state.players[s]
        pygame.draw.rect(surf, (238, 232, 214), r, border_radius=self.n(5))
        pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=self.n(5))
        lanes = "lane1" if name == "lane1" else ("lanes24" if mat(pl).lane4_scores else "lanes23")
        label = t(f"boosts_{lanes}")
        toks = [t for t, pan in pl.boosts if pan == name]
        isz = r.h - 2
        lab_w = r.w - len(toks) * (isz + 1) - self.n(8)
        self._text(surf, label, pygame.Rect(r.x + self.n(4), r.y, max(1, lab_w), r.h), 12,
                   theme.INK_SOFT, bold=True)
        x = r.right - len(toks) * (isz + 1) - self.n(3)
        for tok in toks:
            surf.blit(va.icon(K.TOKENS[tok], isz), (x, r.y + 1))
            x += isz + 1
        self._tip(r, t(f"boosts_tip_{lanes}" if toks else f"boosts_none_tip_{lanes}",
                       elements=_els([K.TOKENS[tok] for tok in toks])))

    def _small_mat(self, surf: pygame.Surface, state: MttsState, box: tuple, s: int) -> None:
        x0, y0, w, h = box
        pl = state.players[s]
        r = self.R(*box)
        self._panel(surf, r, theme.PANEL, self.colour(s).rgb, max(2, self.n(2)))
        used = self._seat_line(surf, state, x0 + 5, y0 + 3, s, 170, 13)
        facts = [t("small_stock", n=pl.stock), t("small_power", n=pl.power),
                 t("small_hand", n=len(pl.hand) + len(pl.contacts)),
                 t("small_ark", level=ROMAN[pl.ark] or "0")]
        if pl.passed and state.phase == BIDDING:
            facts.append(t("fact_passed"))
        if state.priority == s:
            facts.append(t("small_priority"))
        facts = t("small_separator").join(facts)
        tip = t("small_tip", name=self._name(state, s), n=pl.stock, power=pl.power,
                projects=len(pl.hand), contacts=len(pl.contacts), bonus=len(pl.bonus),
                level=ROMAN[pl.ark] or "0")
        if pl.actor >= 0:
            tip = tr("mtts.sentences", a=tip, b=msg("mtts.tip.actor", actor=words.actor_text(pl.actor)))
        fr = self.R(x0 + used + 12, y0 + 3, w - used - 18, 19)
        self._text(surf, facts, fr, 12, theme.INK_SOFT, align="right", tip=tip)
        self._tip(self.R(x0, y0, w, 22), tip)
        top = y0 + 24
        lh = h - 24 - 3
        if lh < 14:
            return
        lw = (w - 10 - 3 * 3) / 4
        for lane in range(1, 5):
            lx = x0 + 5 + (lane - 1) * (lw + 3)
            lr = self.R(lx, top, lw, lh)
            pygame.draw.rect(surf, theme.SKY, lr, border_radius=self.n(3))
            cards = pl.lanes[lane - 1]
            if not cards:
                self._text(surf, t("lane_empty", lane=lane), lr, 12, theme.MUTED, align="center")
                self._tip(lr, t("lane_empty_tip", name=self._name(state, s), lane=lane))
                continue
            below = 18 if len(cards) > 1 and lh >= 52 + 18 else 0
            if lh - below >= 80:
                self._card(surf, self.R(lx, top, lw, lh - below), "project", cards[-1])
            else:  # too low for "+N beneath" under it: the count goes beside the Rating
                self._strip(surf, self.R(lx, top, lw, min(lh - below, 56)), cards[-1],
                            f"+{len(cards) - 1}" if len(cards) > 1 and not below else "")
            if below:
                br = self.R(lx, top + lh - below, lw, below)
                self._text(surf, t("beneath", n=len(cards) - 1), br, 12, theme.MUTED, align="center")
                self._tip(br, t("beneath_tip", projects=tuple(words.project(c) for c in cards[:-1])))

    def _automa_panel(self, surf: pygame.Surface, state: MttsState, box: tuple) -> None:
        """The Automa in the column of the other mats: its score (the solo objective) and how it
        is made, what it takes to beat it, its deck and its claimed Projects."""
        x0, y0, w, h = box
        r = self.R(*box)
        self._panel(surf, r, theme.SKY, va.AUTOMA_RGB, max(2, self.n(2)))
        tok = self.R(x0 + 5, y0 + 3, 19, 19)
        surf.blit(self._cube(-2, tok.h), tok)
        score, claimed = automa_score(state), automa_claimed_vp(state)
        start = automa_start(state.red_cards)
        self._text(surf, t("automa_vp", n=score), self.R(x0 + 28, y0 + 3, 130, 19), 13, bold=True)
        facts = t("automa_facts_cut" if state.power_cut else "automa_facts",
                  deck=len(state.automa_deck), red=state.automa_reds,
                  claimed=len(state.automa_claimed), cut=state.power_cut)
        self._text(surf, facts, self.R(x0 + 160, y0 + 3, w - 166, 19), 12, theme.INK_SOFT, align="right")
        how = t("automa_how", start=start, red=state.red_cards, claimed=claimed)
        self._text(surf, how, self.R(x0 + 8, y0 + 23, w * 0.5 - 8, 17), 12, theme.INK_SOFT)
        self._text(surf, t("automa_need", n=score), self.R(x0 + w * 0.5, y0 + 23, w * 0.5 - 6, 17),
                   12, bold=True, align="right")
        y = y0 + 42
        for c in reversed(state.automa_claimed):
            if y + 18 > y0 + h - 3:
                break
            self._strip(surf, self.R(x0 + 5, y, w - 10, 18), c)
            y += 19
        cfg = K.C["automa_score"]
        tip = t("automa_tip", score=score, start=cfg["start"], per_red=cfg["per_red"],
                red=state.red_cards, automa=start, claimed=claimed, per=cfg["per_rating"],
                cards=len(state.automa_deck), reds=state.automa_reds,
                n=len(state.automa_claimed))
        if state.power_cut:
            tip = tr("mtts.sentences", a=tip, b=t("automa_cut_tip", n=state.power_cut))
        self._tip(r, tip)

    # hand --------------------------------------------------------------------------------

    def _draw_hand(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int) -> None:
        """The shown seat's hand and, in a panel of its own at the row's right end, the Project
        discard pile (issue 27: drawn inside the hand, it read as one of the cards in hand)."""
        pl = state.players[s]
        y0, h = HAND
        hand_w = BOARD[0] - DISCARD_W - GAP
        self._panel(surf, self.R(0, y0, hand_w, h))
        self._draw_discard(surf, state, self.R(hand_w + GAP, y0, DISCARD_W, h), s)
        owner = self._owner == s
        visible = all(c != HIDDEN for c in pl.hand + pl.contacts)
        n = len(pl.hand) + len(pl.contacts)
        who = self._name(state, s)
        head = t("hand", name=who, n=n, limit=hand_limit(pl)) if visible else \
            t("hand_hidden", name=who, n=n)
        if state.phase == ACTORS and pl.offer and all(a >= 0 for a in pl.offer):
            head = t("hand_actors", name=who)
        elif owner and state.phase == DISCARD and state.current == s:
            head = t("hand_discard", name=who, n=n, limit=hand_limit(pl)) if visible else \
                t("hand_hidden_discard", name=who, n=n)
        ch = h - 28
        self._text(surf, head, self.R(8, y0 + 3, hand_w - 16, 20), 14, theme.INK_SOFT, bold=True)
        if state.phase == ACTORS and pl.offer and all(a >= 0 for a in pl.offer):
            items = [("actor", a) for a in pl.offer]
        else:
            items = [("project", c) for c in pl.hand] + [("contact", c) for c in pl.contacts]
        row_w = hand_w - 16
        if not items:
            self._text(surf, t("no_cards"), self.R(8, y0 + 24, 200, ch), 13, theme.MUTED)
            return
        # as wide as the row gives each card (its text whole), overlapping only when crowded
        cw = max(HAND_CARD_W[0], min(HAND_CARD_W[1], (row_w - GAP * (len(items) - 1)) / len(items)))
        step = min(cw + GAP, (row_w - cw) / max(1, len(items) - 1)) if len(items) > 1 else cw
        for i, (kind, c) in enumerate(items):
            cr = self.R(8 + i * step, y0 + 24, cw, ch)
            if c == HIDDEN:
                surf.blit(self.paint.back(cr.w, cr.h), cr)
                self._tip(cr, t("hidden_card_tip", name=self._name(state, s)))
                continue
            self._card(surf, cr, kind, c)
            if not owner:
                continue
            hit = self.R(8 + i * step, y0 + 24, min(cw, step), ch) if i < len(items) - 1 else cr
            img = surf.subsurface(cr).copy()
            if kind == "actor":
                key = ("actor", c)
                self._clicks[key] = C.ChooseActor(s, c)
                self._pieces.append(Piece(key, self._a(hit), tr(words.actor(c)), s, img))
            else:
                key = ("hand", c) if kind == "project" else ("contact", c)
                self._pieces.append(Piece(key, self._a(hit), "", s, img))

    def _draw_discard(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int) -> None:
        """The Project discard pile: its count and its top card (where a card over the hand
        limit is dropped)."""
        self._panel(surf, r, theme.SKY_DEEP)
        y0, h = HAND
        x = BOARD[0] - DISCARD_W
        self._text(surf, t("discard", n=len(state.project_discard)),
                   self.R(x + 8, y0 + 3, DISCARD_W - 16, 20), 13, theme.INK_SOFT, bold=True)
        dr = self.R(x + 8, y0 + 24, DISCARD_W - 16, h - 28)
        if state.project_discard:  # its top card's edge, as beneath a lane's top card (the
            self._strip(surf, dr, state.project_discard[-1])  # zoom shows it whole)
        else:
            pygame.draw.rect(surf, theme.SKY, dr, border_radius=self.n(6))
            pygame.draw.rect(surf, theme.LINE, dr, 1, border_radius=self.n(6))
        self._tip(dr, t("discard_limit_tip" if state.phase == DISCARD else "discard_tip",
                        n=len(state.project_discard)))
        if self._owner == s:
            self._discard = self._a(dr)


def guide_step(state: Any) -> str:
    """The step of play a view state is in, as the id the player's guide knows it by
    (``guide.toml``'s ``steps``): the table's "?" opens the guide's section for it. Pure and
    cheap: it reads the phase only (the steps the rules run by themselves map to the section
    that explains them)."""
    phase = state.phase
    steps = {ACTORS: "setup-actors", DISCARD: "income-discard", INCOME: "income-bonus",
             BIDDING: "market-bid", MANAGEMENT: "management", LEVELUP_ORDER: "level-up-order",
             LEVELUP: "level-up", "over": "over", "setup": "setup",
             "auto-round-start": "income-discard", "auto-income": "income-bonus",
             "auto-events": "events", "auto-market": "market-bid",
             "auto-resolve": "market-resolve", "auto-levelup": "level-up",
             "auto-round-end": "level-up"}
    return steps.get(phase, "round")
