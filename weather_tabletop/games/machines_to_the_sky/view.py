"""The Machines To The Sky table: the Market mat with its Projects and bids, the Priority token
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

Hovering a card draws a large copy of it; every component has a tooltip. Everything the state
decides is drawn once per state into one layer (text from the shared cache), a panel per frame
over the next frames (:class:`StagedRender`; the last layer shows until the new one is complete);
a frame blits it.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

import pygame

from weather_tabletop.engine.protocol import Colour, Command, Game
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import DRAW_BUDGET, Piece, Shape, StagedRender, ViewContext

from . import commands as C
from . import content as K
from . import effects as FX
from . import view_art as va
from .rules import automa_score, lane_panel, lane_vp, score_parts
from .state import (ACTORS, BIDDING, DISCARD, HIDDEN, INCOME, LEVELUP, LEVELUP_ORDER, MANAGEMENT,
                    PRIORITY_SPACE, MttsState, advance_cost, demote_cost, elements, hand_limit,
                    slot_counts)

ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
SIDE_WORDS = {"bonus": "as a Bonus token", "lane1": "as a Score Boost on the Lane 1 panel",
              "lanes23": "as a Score Boost on the Lanes 2-3 panel"}
BUTTONS = {BIDDING: (C.Pass, "Pass"), MANAGEMENT: (C.EndManagement, "End Management"),
           INCOME: (C.EndIncome, "Done with Income"), LEVELUP: (C.SkipToken, "Take no token")}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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

    # -- helpers -----------------------------------------------------------------------------

    def _fs(self, k: float) -> int:
        """A font size: ``k`` thousandths of the board's height (at least 9 px)."""
        return max(9, round(self.rect.h * k / 1000))

    def colour(self, seat: int) -> Colour:
        return self.ctx.colour(self.game, seat)

    def _name(self, state: MttsState, seat: int) -> str:
        if 0 <= seat < len(self.ctx.seats):
            return self.ctx.name(seat)
        return state.names[seat] if 0 <= seat < len(state.names) else f"Seat {seat + 1}"

    def _a(self, r: pygame.Rect) -> pygame.Rect:
        return r.move(self.rect.topleft)

    def _tip(self, r: pygame.Rect, text: str) -> None:
        self._tips.append((self._a(r), text))

    def _card(self, surf: pygame.Surface, r: pygame.Rect, kind: str, card: int) -> None:
        """Draw a face-up card at ``r`` (local) and register it for zoom and tooltip."""
        if kind == "project":
            img = self.paint.project(card, r.w, r.h)
        else:
            img = self.paint.text_card(kind, card, r.w, r.h)
        surf.blit(img, r)
        self._cards.append((self._a(r), kind, card))

    @staticmethod
    def card_text(kind: str, card: int) -> str:
        if kind == "project":
            return FX.render_project(card)
        if kind == "contact":
            return "Contact: " + FX.render_contact(card) + " Played by the Priority holder."
        if kind == "event":
            return "Event: " + FX.render_event(card)
        if kind == "automa":
            return FX.render_automa(card)
        return "Actor: " + FX.render_actor(card)

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

    def drop_targets(self, piece: Piece, legal_commands: Sequence[Command]
                     ) -> list[tuple[Shape, Command]]:
        self._stage.run()  # the places of the state being drawn
        legal = set(legal_commands)
        out: list[tuple[Shape, Command]] = []
        for shape, cmd in self._candidates(piece):
            if cmd in legal:
                out.append((shape, cmd))
        return out

    def command_for_drop(self, piece: Piece, pos: tuple[int, int], view_state: Any,
                         seat: int | None) -> Command | None:
        self._ensure(view_state, seat)
        if piece.key in self._clicks:
            return self._clicks[piece.key] if piece.shape.collidepoint(pos) else None
        for shape, cmd in self._candidates(piece):
            if shape.collidepoint(pos):
                return cmd
        return None

    def tooltip_at(self, pos: tuple[int, int], view_state: Any) -> str | None:
        self._hover = pos  # while a new state is being drawn: the shown one's cards and tips
        for r, kind, card in reversed(self._cards):
            if r.collidepoint(pos):
                return self.card_text(kind, card)
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

    def _pointer(self) -> tuple[int, int] | None:
        """Where the pointer is: the real mouse in a window, else the last hover the table
        reported through ``tooltip_at`` (headless runs, posted events). None while pressed."""
        if pygame.mouse.get_pressed()[0]:
            return None
        real = pygame.mouse.get_pos()
        if pygame.mouse.get_focused() and real != (0, 0):
            return real
        return self._hover

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        pos = self._pointer()
        if pos is None or not self.rect.collidepoint(pos):
            return
        hit = next(((r, k, c) for r, k, c in reversed(self._cards) if r.collidepoint(pos)), None)
        if hit is None:
            return
        r, kind, card = hit
        zh = min(round(self.rect.h * 0.45), 380)
        zw, zh = va.card_size(zh)
        if r.h >= zh * 0.9:
            return
        img = self.paint.project(card, zw, zh) if kind == "project" else \
            self.paint.text_card(kind, card, zw, zh)
        gap = max(6, zh // 30)
        x = pos[0] - zw - gap * 3 if pos[0] - zw - gap * 3 >= self.rect.left else pos[0] + gap * 3
        y = min(max(self.rect.top, pos[1] - zh // 2), self.rect.bottom - zh)
        if x + zw > self.rect.right:
            x = self.rect.right - zw
        shadow = pygame.Rect(x + gap // 2, y + gap // 2, zw, zh)
        pygame.draw.rect(surface, theme.LINE, shadow, border_radius=max(4, zw // 14))
        surface.blit(img, (x, y))

    # -- rendering ---------------------------------------------------------------------------

    def _ensure(self, state: MttsState, seat: int | None, budget: float | None = None) -> None:
        """Draw ``state`` for ``seat`` if it is not drawn yet: at once (``budget`` None), else
        within ``budget`` seconds of this frame, going on in the next frames (the last drawing
        shows meanwhile)."""
        # the state itself is kept in the key (an id could be reused by a later state)
        key = (state, seat, self.rect.size, self.rect.topleft, self.ctx.colour_blind)
        old = self._key
        if old is None or old[0] is not state or old[1:] != key[1:]:
            self._key = key
            self._stage.start(self._render(state, seat), self, STAGED)
            if self._layer is None:
                budget = None  # nothing drawn yet to show meanwhile
        self._stage.run(budget)

    def _render(self, state: MttsState, seat: int | None) -> Iterator[None]:
        """Draw the state, a panel per step (a generator: see :class:`StagedRender`); the new
        surface replaces the shown one at the end. Drawn over the table's own background colour,
        so it is blitted without per-pixel alpha."""
        self._reset()
        w, h = self.rect.size
        surf = pygame.Surface((w, h))
        if pygame.display.get_surface():
            surf = surf.convert()  # in the screen's format from the start
        surf.fill(theme.SKY)
        pad = max(4, round(min(w, h) * 0.012))
        self.pad = pad
        ha = round(h * 0.30)
        hb = round(h * 0.14)
        hd = round(h * 0.17)
        hc = h - ha - hb - hd - 3 * pad
        market = pygame.Rect(0, 0, w, ha)
        row_b = pygame.Rect(0, market.bottom + pad, w, hb)
        row_c = pygame.Rect(0, row_b.bottom + pad, w, hc)
        row_d = pygame.Rect(0, row_c.bottom + pad, w, hd)
        focus = self.focus(state, seat)
        self._owner = seat if seat is not None and seat == focus else None
        yield
        self._draw_market(surf, state, market)
        yield
        self._draw_row_b(surf, state, row_b)
        yield
        yield from self._draw_mats(surf, state, row_c, focus)
        yield
        self._draw_hand(surf, state, row_d, focus)
        yield
        self._layer = surf

    def _panel(self, surf: pygame.Surface, r: pygame.Rect, fill=theme.PANEL, line=theme.LINE,
               width: int = 1) -> None:
        rad = max(4, self.pad)
        pygame.draw.rect(surf, fill, r, border_radius=rad)
        pygame.draw.rect(surf, line, r, width, border_radius=rad)

    def _heading(self, surf: pygame.Surface, x: int, y: int, text: str, room: int,
                 colour=theme.INK_SOFT) -> int:
        lab = self.ctx.text.fit(text, self._fs(21), colour, room, bold=True)
        surf.blit(lab, (x, y))
        return lab.get_height()

    # market ------------------------------------------------------------------------------

    def _draw_market(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect) -> None:
        self._panel(surf, r)
        p = self.pad
        text = self.ctx.text
        head = (f"Market  ·  Round {max(1, state.round)} of {K.ROUNDS}  ·  Project deck "
                f"{len(state.project_deck)}  ·  discard {len(state.project_discard)}")
        hh = self._heading(surf, r.x + p * 2, r.y + p // 2, head, r.w - 4 * p)
        slots = len(state.market)
        n = slots + 1
        cube = max(10, round(r.h * 0.1))
        top = r.y + p + hh
        ch = r.bottom - top - cube - 2 * p - self._fs(17)
        cw, ch = va.card_size(ch)
        gap = p
        if n * cw + (n + 1) * gap > r.w:
            cw = (r.w - (n + 1) * gap) // n
            ch = round(cw / va.CARD_RATIO)
        x0 = r.x + (r.w - (n * cw + (n - 1) * gap)) // 2
        acting = state.current if state.phase == BIDDING else -1
        for i, slot in enumerate([PRIORITY_SPACE, *range(slots)]):
            cr = pygame.Rect(x0 + i * (cw + gap), top, cw, ch)
            counts = slot_counts(state, slot)
            if slot == PRIORITY_SPACE:
                self._priority_space(surf, state, cr)
            elif state.market[slot] >= 0:
                self._card(surf, cr, "project", state.market[slot])
            else:
                pygame.draw.rect(surf, theme.SKY, cr, border_radius=max(3, cw // 14))
                pygame.draw.rect(surf, theme.LINE, cr, 1, border_radius=max(3, cw // 14))
                lab = text.render("empty", self._fs(15), theme.MUTED)
                surf.blit(lab, lab.get_rect(center=cr.center))
            target = cr.union(pygame.Rect(cr.x, cr.bottom, cw, cube + p))
            self._slots.append((self._a(target), slot))
            self._bids(surf, state, slot, counts, pygame.Rect(cr.x, cr.bottom + p // 2, cw, cube), cube)
            if acting >= 0 and (slot == PRIORITY_SPACE or state.market[slot] >= 0):
                mine = counts.get(acting, 0)
                best = max((v for k, v in counts.items() if k != acting), default=0)
                need = max(1, best + 1 - mine)
                if slot != PRIORITY_SPACE:
                    need = max(need, K.PROJECTS[state.market[slot]].rating - mine)
                lab = text.fit(f"{self._name(state, acting)}: {need}+ to lead", self._fs(15),
                               theme.MUTED, cw)
                surf.blit(lab, lab.get_rect(midtop=(cr.centerx, cr.bottom + cube + p)))

    def _priority_space(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect) -> None:
        self._panel(surf, r, theme.SKY_DEEP, theme.PRIMARY, 2)
        text = self.ctx.text
        lab = text.fit("Priority", self._fs(17), theme.INK, r.w - 6, bold=True)
        surf.blit(lab, lab.get_rect(midtop=(r.centerx, r.y + 4)))
        size = min(r.w - 10, r.h // 2)
        ic = va.icon("priority", size)
        surf.blit(ic, ic.get_rect(center=(r.centerx, r.centery)))
        holder = self._name(state, state.priority)
        lab = text.fit(f"held by {holder}", self._fs(14), theme.INK_SOFT, r.w - 6)
        surf.blit(lab, lab.get_rect(midbottom=(r.centerx, r.bottom - 4)))
        self._tip(r, f"The Priority token space (treated as Rating 1). The highest bid here takes "
                     f"the Priority token: its holder bids first, plays Contacts and orders the "
                     f"Level Ups. Now held by {holder}.")

    def _bids(self, surf: pygame.Surface, state: MttsState, slot: int, counts: dict[int, int],
              r: pygame.Rect, cube: int) -> None:
        text = self.ctx.text
        shown = [(k, v) for k, v in counts.items() if v > 0]
        if not shown:
            lab = text.fit("no bids", self._fs(14), theme.MUTED, r.w)
            surf.blit(lab, lab.get_rect(center=r.center))
            return
        top = max(v for _, v in shown)
        leaders = [k for k, v in shown if v == top]
        chip_w = cube + text.font(self._fs(15), True).size("×10")[0] + 4
        x = r.centerx - min(r.w, chip_w * len(shown)) // 2
        words = []
        for k, v in shown:
            if k >= 0:
                col = self.colour(k)
                img = self.paint.cube(col.rgb, col.letter, cube)
                who = self._name(state, k)
            else:
                img = self.paint.cube(va.AUTOMA_RGB, "A", cube)
                who = "the Automa"
            if k in leaders and len(leaders) == 1:
                pygame.draw.rect(surf, theme.SUN, pygame.Rect(x - 1, r.y - 1, chip_w, cube + 2),
                                 border_radius=4)
            surf.blit(img, (x, r.y))
            lab = text.render(f"×{v}", self._fs(15), theme.INK, bold=True)
            surf.blit(lab, lab.get_rect(midleft=(x + cube + 1, r.centery)))
            x += chip_w
            words.append(f"{who} {v}")
        what = "the Priority token space" if slot == PRIORITY_SPACE else \
            K.PROJECTS[state.market[slot]].name
        self._tip(r, f"Experts on {what}: " + ", ".join(words) + ".")

    # ark track, events, automa -----------------------------------------------------------

    def _draw_row_b(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect) -> None:
        p = self.pad
        text = self.ctx.text
        ch = r.h
        cw, ch = va.card_size(ch)
        cards: list[tuple[str, int]] = []
        cards.append(("event", state.event_current))
        if state.unique_pending >= 0 and state.unique_pending != state.event_current:
            cards.append(("event", state.unique_pending))
        if state.automa:
            cards += [("automa", c) for c in state.automa_revealed]
        room = round(r.w * 0.36)
        if len(cards) * (cw + p) > room:
            cw = room // len(cards) - p
            ch = round(cw / va.CARD_RATIO)
        side_w = len(cards) * (cw + p)
        ark = pygame.Rect(r.x, r.y, r.w - side_w - p, r.h)
        self._draw_ark(surf, state, ark)
        x = ark.right + p
        for kind, card in cards:
            cr = pygame.Rect(x, r.y, cw, ch)
            if card >= 0:
                self._card(surf, cr, kind, card)
            else:
                surf.blit(self.paint.back(cw, ch, len(state.event_deck)), cr)
                self._tip(cr, f"Event deck: {_plural(len(state.event_deck), 'card')} left "
                              f"(the Deadline is the last).")
            x += cw + p

    def _automa_panel(self, surf: pygame.Surface, state: MttsState, box: pygame.Rect) -> None:
        """The Automa in the column of the other mats: its deck, score and claimed Projects."""
        text = self.ctx.text
        p = self.pad
        self._panel(surf, box, theme.SKY, va.AUTOMA_RGB, 2)
        size = self._fs(16)
        cube = self.paint.cube(va.AUTOMA_RGB, "A", size + 4)
        surf.blit(cube, (box.x + p, box.y + p // 2 - 1))
        lab = text.fit(f"Automa  {automa_score(state)} VP", size, theme.INK, box.w - 3 * p - size, bold=True)
        surf.blit(lab, (box.x + 2 * p + size + 4, box.y + p // 2 + 1))
        facts = (f"deck {len(state.automa_deck)} ({state.automa_reds} red) · claimed "
                 f"{len(state.automa_claimed)}" + (f" · your Power -{state.power_cut}" if state.power_cut else ""))
        y = box.y + p // 2 + size + 6
        fl = text.fit(facts, self._fs(14), theme.INK_SOFT, box.w - 2 * p)
        surf.blit(fl, (box.x + p, y))
        y += fl.get_height() + 2
        sh = max(10, self._fs(19))
        for c in reversed(state.automa_claimed):
            if y + sh > box.bottom - 2:
                break
            sr = pygame.Rect(box.x + p, y, box.w - 2 * p, sh)
            surf.blit(self.paint.strip(c, sr.w, sr.h), sr)
            self._cards.append((self._a(sr), "project", c))
            y += sh + 1
        self._tip(box, f"The Automa: {_plural(len(state.automa_deck), 'card')} in its deck "
                       f"({state.automa_reds} red). It has claimed "
                       f"{_plural(len(state.automa_claimed), 'Project')}: score "
                       f"{automa_score(state)} (the Rating of each claimed Project + "
                       f"{K.C['automa_score']['red_vp']} per red card). Beat it to win."
                       + (f" Hard cards cut the next Power Income by {state.power_cut}."
                          if state.power_cut else ""))

    def _draw_ark(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect) -> None:
        self._panel(surf, r, theme.SKY_DEEP)
        text = self.ctx.text
        p = self.pad
        n = K.ARK_LEVELS + 1
        bw = (r.w - p * (n + 1)) // n
        size = self._fs(15)
        levelling = state.current if state.phase == LEVELUP else -1
        for level in range(n):
            box = pygame.Rect(r.x + p + level * (bw + p), r.y + p, bw, r.h - 2 * p)
            nxt = levelling >= 0 and state.players[levelling].ark + 1 == level
            self._panel(surf, box, theme.PANEL, theme.SUN if nxt else theme.LINE, 3 if nxt else 1)
            title = "Start" if level == 0 else f"Level {ROMAN[level]}"
            if level and text.font(size, True).size(title)[0] > bw - 4:
                title = ROMAN[level]
            lab = text.fit(title, size, theme.INK, bw - 4, bold=True)
            surf.blit(lab, (box.x + 3, box.y + 2))
            mx = text.fit(f"max {K.ARK_MAX[level]}", size, theme.PRIMARY_DARK, bw - 4)
            surf.blit(mx, (box.x + 3, box.y + 2 + lab.get_height()))
            body_top = box.y + 4 + lab.get_height() + mx.get_height()
            tokens = state.ark_track[level - 1] if level >= 1 and state.ark_track else ()
            tsz = max(8, min((bw - 8) // 4, (box.bottom - body_top) // 2 - 2))
            tx = box.x + 3
            for t in tokens:
                tr_ = pygame.Rect(tx, body_top, tsz, tsz)
                surf.blit(va.icon(K.TOKENS[t], tsz), tr_)
                el = K.ELEMENT_NAMES[K.TOKENS[t]]
                tip = (f"{el} Element token on Ark Level {ROMAN[level]}. Bonus side: discard it in "
                       f"Income for 3 Power or 3 Experts. Score Boost side: +1 VP for each {el} "
                       f"Project in the lanes of the panel it is placed on.")
                self._tip(tr_, tip)
                if nxt and levelling == self._owner:
                    self._pieces.append(Piece(("token", t), self._a(tr_), el, levelling,
                                              va.icon(K.TOKENS[t], round(tsz * 1.4))))
                tx += tsz + 1
            here = [s for s in range(state.n) if state.players[s].ark == level]
            msz = max(10, min(box.bottom - body_top - tsz - 4, (bw - 6) // max(1, len(here))))
            mx_ = box.x + 3
            for s in here:
                col = self.colour(s)
                mr = pygame.Rect(mx_, box.bottom - msz - 2, msz, msz)
                surf.blit(self.paint.ark_marker(col.rgb, col.letter, msz), mr)
                self._tip(mr, f"{self._name(state, s)}'s Ark token: Level {ROMAN[level] or '0 (beneath the track)'}; "
                              f"Lanes 2-3 score at most {K.ARK_MAX[level]} VP.")
                if state.phase == LEVELUP_ORDER and s in state.queue and self._owner == state.current:
                    key = ("order", s)
                    self._clicks[key] = C.ChooseLevelUp(state.current, s)
                    pygame.draw.rect(surf, theme.SUN, mr.inflate(4, 4), 2, border_radius=4)
                    self._pieces.append(Piece(key, self._a(mr), self._name(state, s), state.current,
                                              self.paint.ark_marker(col.rgb, col.letter, msz)))
                mx_ += msz
            if level == 0:
                tip = "Beneath the Ark Track (every Ark token starts here): Lanes 2-3 score at most 0 VP."
            else:
                need = ", ".join(K.ELEMENT_NAMES[K.TOKENS[t]] for t in tokens) or "nothing (all tokens taken)"
                tip = (f"Ark Level {ROMAN[level]}: Level Up to it when your Elements include the "
                       f"Elements on it: {need}. Lanes 2-3 then score at most {K.ARK_MAX[level]} VP.")
            self._tip(box, tip)

    # mats --------------------------------------------------------------------------------

    def _draw_mats(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect,
                   focus: int) -> Iterator[None]:
        others: list[int] = [s for s in state.order() if s != focus]
        if state.automa:
            others.append(-2)
        p = self.pad
        side = round(r.w * 0.27) if others else 0
        big = pygame.Rect(r.x, r.y, r.w - side - (p if side else 0), r.h)
        yield from self._big_mat(surf, state, big, focus)
        if others:
            each = (r.h - p * (len(others) - 1)) // len(others)
            for i, s in enumerate(others):
                yield
                box = pygame.Rect(big.right + p, r.y + i * (each + p), side, each)
                if s < 0:
                    self._automa_panel(surf, state, box)
                else:
                    self._small_mat(surf, state, box, s)

    def _seat_line(self, surf: pygame.Surface, state: MttsState, x: int, y: int, s: int,
                   size: int, room: int) -> int:
        """Token + name + VP; returns the x after it."""
        col = self.colour(s)
        cube = self.paint.cube(col.rgb, col.letter, size + 4)
        surf.blit(cube, (x, y - 2))
        x += cube.get_width() + 4
        lane1, mid, cap = score_parts(state, s)
        vp = lane1 + min(mid, cap)
        name = self.ctx.text.fit(f"{self._name(state, s)}  {vp} VP", size, theme.INK, room, bold=True)
        surf.blit(name, (x, y))
        return x + name.get_width()

    def _big_mat(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int) -> Iterator[None]:
        pl = state.players[s]
        col = self.colour(s)
        self._panel(surf, r, theme.PANEL, col.rgb, 2)
        self._mat = self._a(r)
        text = self.ctx.text
        p = self.pad
        size = self._fs(19)
        owner = self._owner == s
        x = self._seat_line(surf, state, r.x + p, r.y + p, s, size, r.w // 3)
        lane1, mid, cap = score_parts(state, s)
        self._tip(pygame.Rect(r.x, r.y, x - r.x, size + 2 * p),
                  f"{self._name(state, s)}: Lane 1 {lane1} VP + Lanes 2-3 {mid} VP (at most {cap} "
                  f"at Ark Level {ROMAN[pl.ark] or '0'}). {FX.player_mat_text(state, s)}")
        # facts of the seat
        small = self._fs(16)
        facts = [f"Advance {advance_cost(pl)}", f"Demote {demote_cost(pl)}",
                 f"Supply {pl.supply}"]
        if pl.free_moves:
            facts.append(f"free moves {pl.free_moves}")
        if pl.passed and state.phase == BIDDING:
            facts.append("passed")
        els = elements(pl)
        facts.append("Elements " + " ".join(f"{K.ELEMENT_NAMES[e][:3]} {els[e]}" for e in K.ELEMENTS if els[e]))
        lab = text.fit("  ·  ".join(facts), small, theme.INK_SOFT, r.right - x - 3 * p)
        surf.blit(lab, (x + 2 * p, r.y + p + (size - small) // 2 + 2))
        self._tip(pygame.Rect(x + 2 * p, r.y + p, lab.get_width(), size),
                  f"Advance costs {advance_cost(pl)} Power, Demote {demote_cost(pl)} Power "
                  f"(the mat and active effects). {pl.supply} Experts in the Supply. Current "
                  "Elements (active Projects + granted): " +
                  (", ".join(f"{K.ELEMENT_NAMES[e]} {els[e]}" for e in K.ELEMENTS if els[e]) or "none") + ".")
        # stock row
        y = r.y + p * 2 + size + 2
        row_h = max(16, round(r.h * 0.13))
        yield
        self._stock_row(surf, state, pygame.Rect(r.x + p, y, r.w - 2 * p, row_h), s, owner)
        # lanes and panels
        top = y + row_h + p
        panel_h = max(14, round(r.h * 0.1))
        lanes_r = pygame.Rect(r.x + p, top, r.w - 2 * p, r.bottom - top - panel_h - 2 * p)
        lw = (lanes_r.w - 3 * p) // 4
        for lane in range(1, 5):
            lr = pygame.Rect(lanes_r.x + (lane - 1) * (lw + p), lanes_r.y, lw, lanes_r.h)
            yield
            self._lane(surf, state, lr, s, lane, owner)
        py = lanes_r.bottom + p
        panels = {"lane1": pygame.Rect(lanes_r.x, py, lw, panel_h)}
        span = 3 if K.MATS[pl.mat].lane4_scores else 2
        panels["lanes23"] = pygame.Rect(lanes_r.x + lw + p, py, span * lw + (span - 1) * p, panel_h)
        for name, pr in panels.items():
            self._boost_panel(surf, state, pr, s, name)
        if owner:
            self._panels["lane1"] = self._a(panels["lane1"])
            self._panels["lanes23"] = self._a(panels["lanes23"])

    def _stock_row(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int,
                   owner: bool) -> None:
        pl = state.players[s]
        col = self.colour(s)
        text = self.ctx.text
        p = self.pad
        size = self._fs(16)
        pygame.draw.rect(surf, theme.SKY, r, border_radius=max(3, p))
        x = r.x + p
        lab = text.render("Stock", size, theme.INK_SOFT, bold=True)
        surf.blit(lab, lab.get_rect(midleft=(x, r.centery)))
        x += lab.get_width() + p
        cube = min(r.h - 4, max(10, round(r.h * 0.8)))
        cubes = max(pl.stock, 1)
        step = min(cube + 2, max(6, (r.w * 45 // 100 - lab.get_width()) // cubes))
        start = x
        for i in range(pl.stock):
            cr = pygame.Rect(x + i * step, r.centery - cube // 2, cube, cube)
            img = self.paint.cube(col.rgb, col.letter, cube)
            surf.blit(img, cr)
            if owner:
                n = i + 1
                if cube >= 16:
                    num = text.render(str(n), max(8, cube // 3), theme.INK_SOFT)
                    surf.blit(num, num.get_rect(midbottom=(cr.centerx, cr.top + 2)))
                hit = pygame.Rect(cr.x, cr.y, step, cube)
                self._pieces.append(Piece(("bid", n), self._a(hit), f"{n}", s,
                                          self.paint.stack(img, n, cube)))
                self._tip(hit, f"Expert {n} of {pl.stock} in {self._name(state, s)}'s Stock: drag "
                               f"it onto a Market card or the Priority space to bid {_plural(n, 'Expert')}.")
        if pl.stock == 0:
            lab0 = text.render("empty", size, theme.MUTED)
            surf.blit(lab0, lab0.get_rect(midleft=(x, r.centery)))
        x = max(start + pl.stock * step, x + (lab.get_width() if pl.stock == 0 else 0)) + 2 * p
        self._tip(pygame.Rect(r.x, r.y, x - r.x, r.h),
                  f"{_plural(pl.stock, 'Expert')} in Stock (to bid with), {pl.supply} in the Supply.")
        # power
        ic = va.icon("power", cube)
        pr = pygame.Rect(x, r.centery - cube // 2, cube, cube)
        surf.blit(ic, pr)
        lab = text.render(f"{pl.power}", size, theme.INK, bold=True)
        surf.blit(lab, lab.get_rect(midleft=(pr.right + 3, r.centery)))
        power_r = pygame.Rect(x, r.y, cube + lab.get_width() + 6, r.h)
        self._tip(power_r, f"{pl.power} Power in Stock (pays for Advance and Demote; all Power is "
                           f"discarded at the start of each round). Supply: {state.power_supply}.")
        x = power_r.right + 2 * p
        # bonus tokens
        if pl.bonus:
            lab = text.render("Bonus", size, theme.INK_SOFT, bold=True)
            surf.blit(lab, lab.get_rect(midleft=(x, r.centery)))
            bonus_start = x
            x += lab.get_width() + 3
            for t in pl.bonus:
                tr_ = pygame.Rect(x, r.centery - cube // 2, cube, cube)
                surf.blit(va.icon(K.TOKENS[t], cube), tr_)
                el = K.ELEMENT_NAMES[K.TOKENS[t]]
                self._tip(tr_, f"{el} Bonus token: in Income, drag it onto the Power or the "
                               f"Stock to discard it for 3 Power or 3 Experts.")
                if owner:
                    self._pieces.append(Piece(("bonus", t), self._a(tr_), el, s, va.icon(K.TOKENS[t], cube)))
                x += cube + 2
            if owner:
                self._panels["bonus"] = self._a(pygame.Rect(bonus_start, r.y, x - bonus_start, r.h))
            x += p
        if owner:
            self._gains["experts"] = self._a(pygame.Rect(r.x, r.y, power_r.x - r.x, r.h))
            self._gains["power"] = self._a(power_r)
        # priority, actor, button on the right
        right = r.right - p
        command = None
        if owner and state.current == s and state.phase in BUTTONS:
            cls, label = BUTTONS[state.phase]
            command = cls(s)
            chip = self.paint.label_chip(label, size, theme.SUN)
            br = chip.get_rect(midright=(right, r.centery))
            surf.blit(chip, br)
            self._clicks[("button", label)] = command
            self._pieces.append(Piece(("button", label), self._a(br), label, s, chip))
            self._tip(br, f"{label}: " + self.game.describe_command(state, command) + ".")
            right = br.left - p
        if state.priority == s:
            ic = va.icon("priority", cube)
            ir = ic.get_rect(midright=(right, r.centery))
            surf.blit(ic, ir)
            self._tip(ir, f"{self._name(state, s)} holds the Priority token.")
            right = ir.left - p
        if pl.actor >= 0:
            lab = text.fit(K.ACTORS[pl.actor].name, size, theme.INK, max(20, right - x))
            ar = lab.get_rect(midright=(right, r.centery))
            surf.blit(lab, ar)
            self._tip(ar, "Actor: " + FX.render_actor(pl.actor))
        if not pl.bonus and owner and state.phase == LEVELUP and state.current == s:
            br = pygame.Rect(x, r.y, max(cube * 2, right - x), r.h)
            lab = text.fit("Bonus tokens", size, theme.MUTED, br.w)
            surf.blit(lab, lab.get_rect(midleft=(br.x, br.centery)))
            self._panels["bonus"] = self._a(br)

    def _lane(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int, lane: int,
              owner: bool) -> None:
        pl = state.players[s]
        text = self.ctx.text
        p = self.pad
        pygame.draw.rect(surf, theme.SKY, r, border_radius=max(3, p))
        size = self._fs(16)
        panel = lane_panel(pl, lane)
        vp = lane_vp(state, s, lane)
        title = f"Lane {lane}" + (f" · {vp} VP" if panel else " · no VP")
        lab = text.fit(title, size, theme.INK_SOFT, r.w - 4, bold=True)
        surf.blit(lab, (r.x + 3, r.y + 2))
        if owner:
            self._lanes[lane] = self._a(r)
        cards = [c for c in pl.lanes[lane - 1]]
        self._tip(r, f"Lane {lane}: {_plural(len(cards), 'Project')}. "
                     + ("Scores VP at the end." if panel else "Scores no VP at the end.")
                     + (" Empty lane income: " + ", ".join(
                         w for w in (f"+{K.MATS[pl.mat].empty_power[lane - 1]} Power" if K.MATS[pl.mat].empty_power[lane - 1] else "",
                                     f"+{K.MATS[pl.mat].empty_experts[lane - 1]} Experts" if K.MATS[pl.mat].empty_experts[lane - 1] else "") if w)
                        if not cards and (K.MATS[pl.mat].empty_power[lane - 1] or K.MATS[pl.mat].empty_experts[lane - 1]) else ""))
        if not cards:
            return
        top = r.y + lab.get_height() + 4
        inner = pygame.Rect(r.x + 3, top, r.w - 6, r.bottom - top - 3)
        sh = max(12, min(self._fs(24), inner.h // 7))
        beneath = cards[:-1]
        ch = inner.h - len(beneath) * (sh + 1)
        cw, ch = va.card_size(max(20, ch))
        if cw > inner.w:
            cw = inner.w
            ch = round(cw / va.CARD_RATIO)
        y = inner.y
        max_strips = max(0, (inner.h - 40) // (sh + 1))
        hidden = len(beneath) - max_strips + 1 if len(beneath) > max_strips else 0
        if hidden:
            lab = text.fit(f"+{hidden} more beneath", self._fs(13), theme.MUTED, inner.w)
            surf.blit(lab, lab.get_rect(midleft=(inner.x + 2, y + sh // 2)))
            self._tip(pygame.Rect(inner.x, y, inner.w, sh), "Further beneath: " + ", ".join(
                K.PROJECTS[c].name for c in beneath[:hidden]) + ".")
            y += sh + 1
        for c in beneath[hidden:]:
            sr = pygame.Rect(inner.x, y, inner.w, sh)
            surf.blit(self.paint.strip(c, sr.w, sr.h), sr)
            self._cards.append((self._a(sr), "project", c))
            y += sh + 1
        cw = inner.w  # the top card takes the lane's width (wider than 5:7 when the lane is low)
        ch = min(round(cw / va.CARD_RATIO), inner.bottom - y)
        cr = pygame.Rect(inner.x, y, cw, ch)
        top_card = cards[-1]
        self._card(surf, cr, "project", top_card)
        if owner:
            adv, dem = advance_cost(pl), demote_cost(pl)
            parts = []
            if lane > 1:
                parts.append(f"< Demote {dem}")
            if lane < 4:
                parts.append(f"Advance {adv} >")
            chip = self.paint.label_chip("   ".join(parts) + " Power", self._fs(15), theme.SUN)
            img = pygame.Surface((max(cw, chip.get_width()), ch + chip.get_height() + 2), pygame.SRCALPHA)
            img.blit(self.paint.project(top_card, cw, ch), ((img.get_width() - cw) // 2, chip.get_height() + 2))
            img.blit(chip, ((img.get_width() - chip.get_width()) // 2, 0))
            self._pieces.append(Piece(("lane", lane), self._a(cr), K.PROJECTS[top_card].name, s, img))

    def _boost_panel(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int,
                     name: str) -> None:
        pl = state.players[s]
        text = self.ctx.text
        pygame.draw.rect(surf, (238, 232, 214), r, border_radius=max(3, self.pad))
        pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=max(3, self.pad))
        label = "Lane 1 boosts" if name == "lane1" else ("Lanes 2-4 boosts" if K.MATS[pl.mat].lane4_scores
                                                         else "Lanes 2-3 boosts")
        lab = text.fit(label, self._fs(14), theme.INK_SOFT, r.w // 2, bold=True)
        surf.blit(lab, lab.get_rect(midleft=(r.x + 4, r.centery)))
        x = r.x + lab.get_width() + 8
        isz = r.h - 4
        toks = [t for t, pan in pl.boosts if pan == name]
        for t in toks:
            surf.blit(va.icon(K.TOKENS[t], isz), (x, r.y + 2))
            x += isz + 1
        words = ", ".join(K.ELEMENT_NAMES[K.TOKENS[t]] for t in toks) or "none yet"
        self._tip(r, f"Score Boost panel ({label[:-7]}): +1 VP at the end for each Project of a "
                     f"matching Element in these lanes, per token. Tokens: {words}.")

    def _small_mat(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int) -> None:
        pl = state.players[s]
        col = self.colour(s)
        text = self.ctx.text
        p = self.pad
        self._panel(surf, r, theme.PANEL, col.rgb, 2)
        size = self._fs(16)
        self._seat_line(surf, state, r.x + p, r.y + p // 2 + 1, s, size, r.w - 3 * p - size)
        facts = (f"Stock {pl.stock} · Power {pl.power} · hand {len(pl.hand) + len(pl.contacts)} · "
                 f"Ark {ROMAN[pl.ark] or '0'}" + (" · passed" if pl.passed and state.phase == BIDDING else "")
                 + (" · Priority" if state.priority == s else ""))
        lab = text.fit(facts, self._fs(14), theme.INK_SOFT, r.w - 2 * p)
        y = r.y + p // 2 + size + 6
        surf.blit(lab, (r.x + p, y))
        self._tip(pygame.Rect(r.x, r.y, r.w, y + lab.get_height() - r.y),
                  f"{self._name(state, s)}: {_plural(pl.stock, 'Expert')} in Stock, {pl.power} "
                  f"Power, {len(pl.hand)} Projects and {len(pl.contacts)} Contacts in hand "
                  f"(hidden), {len(pl.bonus)} Bonus tokens, Ark Level {ROMAN[pl.ark] or '0'}."
                  + (f" Actor: {FX.render_actor(pl.actor)}" if pl.actor >= 0 else ""))
        top = y + lab.get_height() + 2
        lw = (r.w - 2 * p - 3 * 2) // 4
        lh = r.bottom - top - p // 2
        if lh < 10:
            return
        for lane in range(1, 5):
            lr = pygame.Rect(r.x + p + (lane - 1) * (lw + 2), top, lw, lh)
            pygame.draw.rect(surf, theme.SKY, lr, border_radius=3)
            cards = pl.lanes[lane - 1]
            if not cards:
                lab = text.fit(f"L{lane} empty", self._fs(13), theme.MUTED, lw - 2)
                surf.blit(lab, lab.get_rect(center=lr.center))
                self._tip(lr, f"{self._name(state, s)}'s Lane {lane} is empty.")
                continue
            below_h = self._fs(16) if len(cards) > 1 else 0
            if lh - below_h >= 40:
                sh = min(lh - below_h, round(lw / va.CARD_RATIO))
                sr = pygame.Rect(lr.x, lr.y, lw, sh)
                surf.blit(self.paint.project(cards[-1], lw, sh), sr)
            else:
                sh = min(lh, max(10, self._fs(20)))
                sr = pygame.Rect(lr.x, lr.y, lw, sh)
                surf.blit(self.paint.strip(cards[-1], lw, sh), sr)
            self._cards.append((self._a(sr), "project", cards[-1]))
            if len(cards) > 1 and lh > sh + 8:
                below = text.fit(f"L{lane} +{len(cards) - 1} beneath", self._fs(13), theme.MUTED, lw - 2)
                surf.blit(below, (lr.x + 2, sr.bottom + 1))
                self._tip(pygame.Rect(lr.x, sr.bottom, lw, lr.bottom - sr.bottom),
                          f"Beneath: " + ", ".join(K.PROJECTS[c].name for c in cards[:-1]) + ".")

    # hand --------------------------------------------------------------------------------

    def _draw_hand(self, surf: pygame.Surface, state: MttsState, r: pygame.Rect, s: int) -> None:
        pl = state.players[s]
        text = self.ctx.text
        p = self.pad
        self._panel(surf, r)
        owner = self._owner == s
        visible = all(c != HIDDEN for c in pl.hand + pl.contacts)
        n = len(pl.hand) + len(pl.contacts)
        head = (f"{self._name(state, s)}'s hand: {n} of {hand_limit(pl)}"
                if visible else f"{self._name(state, s)}'s hand (hidden): {n} cards")
        if state.phase == ACTORS and pl.offer and all(a >= 0 for a in pl.offer):
            head = f"{self._name(state, s)}: keep one of these Actors (click it)"
        hh = self._heading(surf, r.x + 2 * p, r.y + p // 2, head, r.w // 2)
        ch = r.h - hh - p - p // 2
        cw, ch = va.card_size(ch)
        # the discard pile on the right
        dw = cw
        dr = pygame.Rect(r.right - p - dw, r.y + hh + p, dw, ch)
        if state.project_discard:
            surf.blit(self.paint.project(state.project_discard[-1], dw, ch), dr)
            self._cards.append((self._a(dr), "project", state.project_discard[-1]))
        else:
            pygame.draw.rect(surf, theme.SKY, dr, border_radius=max(3, dw // 14))
            pygame.draw.rect(surf, theme.LINE, dr, 1, border_radius=max(3, dw // 14))
        lab = text.fit(f"Discard {len(state.project_discard)}", self._fs(15), theme.INK_SOFT,
                       dw + 4 * p, bold=True)
        surf.blit(lab, lab.get_rect(bottomright=(dr.right, dr.top - 1)))
        self._tip(dr, f"The Project discard pile: {_plural(len(state.project_discard), 'card')}."
                      + (" Over the hand limit: drag a card here to discard it." if state.phase == DISCARD else ""))
        if owner:
            self._discard = self._a(dr)
        row = pygame.Rect(r.x + 2 * p, r.y + hh + p, dr.x - r.x - 4 * p, ch)
        if state.phase == ACTORS and pl.offer and all(a >= 0 for a in pl.offer):
            items = [("actor", a) for a in pl.offer]
        else:
            items = [("project", c) for c in pl.hand] + [("contact", c) for c in pl.contacts]
        if not items:
            lab = text.render("no cards", self._fs(16), theme.MUTED)
            surf.blit(lab, lab.get_rect(midleft=(row.x, row.centery)))
            return
        step = min(cw + p, (row.w - cw) // max(1, len(items) - 1)) if len(items) > 1 else cw
        for i, (kind, c) in enumerate(items):
            cr = pygame.Rect(row.x + i * step, row.y, cw, ch)
            if c == HIDDEN:
                surf.blit(self.paint.back(cw, ch), cr)
                self._tip(cr, f"A card in {self._name(state, s)}'s hand (hidden).")
                continue
            self._card(surf, cr, kind, c)
            if not owner:
                continue
            hit = pygame.Rect(cr.x, cr.y, min(cw, step), ch) if i < len(items) - 1 else cr
            img = self.paint.project(c, cw, ch) if kind == "project" else self.paint.text_card(kind, c, cw, ch)
            if kind == "actor":
                key = ("actor", c)
                self._clicks[key] = C.ChooseActor(s, c)
                self._pieces.append(Piece(key, self._a(hit), K.ACTORS[c].name, s, img))
            else:
                key = ("hand", c) if kind == "project" else ("contact", c)
                self._pieces.append(Piece(key, self._a(hit), "", s, img))
