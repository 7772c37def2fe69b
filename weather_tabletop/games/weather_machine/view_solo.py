"""The Saboteurs at the Weather Machine table (solo, issue 20), drawn for
:class:`~.view.WeatherMachineView` (a mixin that uses the view's helpers).

Sections cited are those of ``../shared/rules/weather-machine-solo.md``:

* their pieces on the main board: a Saboteur Bot (§2.1: the pieces of an unused colour) is the
  same charcoal Bot with a white cross everywhere (never a seat's colour, letter or colour-blind
  shape); the two agents (§2.1) are charcoal badges ringing their own colour with their initial,
  as the Security Reports name them;
* their tab beside the player's (the Target Value and the current report in short) and their
  page in the Laboratory's place: the current report drawn large with its four fields (§3.1),
  the priority card (§3.3), the draw pile's count only (§3.4: its order is hidden), the
  discarded and removed counts, the Hideout (§2.2: Bots, Chemicals, Research tokens by the Main
  Location they came from, §4.5.6, and Awards), the Challenge cards in play (§6) and a Climate
  Points strip with the player's marker and the Target Value marker (§2.2);
* Call Security (§3.5) as buttons with their cost, in the free corner of the Government panel,
  while a ``CallSecurity`` command is legal.

Every text is a catalogue message (``locale/en/view.json``, ``wm.view.solo.*``; the card and
component names are the rules' ``wm.solo.*``).
"""

from __future__ import annotations

from typing import Iterator

import pygame

from weather_tabletop.i18n import Msg, join, msg, tr
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import Piece

from . import view_art as va
from . import words as T
from .board import D, W
from .commands import CallSecurity
from .data import GOVERNMENT, LAB, RND, SUPPLY
from .saboteurs import deck_exhausted
from .solo_data import AGENTS, FOLLOW_LATIV, MAIN_LOCATIONS, SOLO
from .solo_state import NO_REPORT, SABOTEUR, TOKEN_COLOUR
from .solo_words import agent as agent_words, location as location_words
from .state import Hideout, WMState
from .view_layout import LAB_Y, PANELS, SPACE_D, TABS, space_centre
from .view_text import cap, lines

#: the Saboteurs' page, shown in the Laboratory's place (the tab's id, as a seat is a player's)
PAGE = SABOTEUR
#: the Saboteurs' pieces (a colour no seat has) and the agents' own colours (§2.1)
SAB_RGB = (50, 52, 62)
AGENT_RGB = ((248, 248, 248), (236, 118, 170))
#: design rectangles of the page (Laboratory rows, from LAB_Y)
REPORT = (0, LAB_Y + 42, 180, 196)
PRIORITY = (186, LAB_Y + 42, 192, 110)
DECK = (186, LAB_Y + 156, 192, 82)
HIDEOUT = (0, LAB_Y + 242, 378, 150)
CHALLENGES = (0, LAB_Y + 396, 378, 132)
TRACK = (0, LAB_Y + 532, 378, 88)
#: a Research token in the Hideout with its weather's name beside it (design units)
TOKEN_PITCH = 55
#: the free corner of the Government panel, right of its action spaces (Call Security)
SECURITY = (PANELS[GOVERNMENT][0] + 140, PANELS[GOVERNMENT][1] + 25, 160, 66)
#: step kinds whose decision is about the Saboteurs (their page shows meanwhile)
SOLO_DECISIONS = ("solo_security", "solo_set")


def card_fields(card) -> tuple[Msg, Msg, Msg, Msg]:
    """A Security Report's four fields in words (§3.1): agent, location, weather, arrow."""
    return (agent_words(card.agent), location_words(card.location),
            T.weather(card.weather), msg(f"wm.solo.arrow.{card.arrow}"))


def card_tip(card) -> Msg:
    """A Security Report's tooltip: its name and four fields."""
    agent, loc, weather, arrow = card_fields(card)
    return msg("wm.view.solo.card_tip", report=card.name(), agent=agent, location=loc,
               weather=weather, arrow=arrow)


class SaboteurPanels:
    """The Saboteurs' pieces, tab, page and Call Security (mixed into the table view)."""

    # -- pieces ------------------------------------------------------------------------------

    def _sab_bot(self, size: int) -> pygame.Surface:
        """A Saboteur Bot: charcoal with a white cross, in every place and mode."""
        def make() -> pygame.Surface:
            surf = self.paint.tinted("bot", size, SAB_RGB).copy()
            c = (surf.get_width() // 2, round(surf.get_height() * 0.6))
            r = max(2, round(size * 0.17))
            for dx, dy in ((r, r), (r, -r)):
                pygame.draw.line(surf, theme.INK, (c[0] - dx, c[1] - dy), (c[0] + dx, c[1] + dy),
                                 max(3, size // 6))
                pygame.draw.line(surf, (255, 255, 255), (c[0] - dx, c[1] - dy),
                                 (c[0] + dx, c[1] + dy), max(2, size // 10))
            return surf
        return self.paint._get(("sabbot", size), make)

    def _sab_marker(self, size: int, letter: bool = True) -> pygame.Surface:
        """The Saboteurs' round marker (Turn Order, Initiative, Target Value): charcoal, a white
        ring and cross."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size // 2
            pygame.draw.circle(surf, SAB_RGB, (c, c), c - 1)
            pygame.draw.circle(surf, (255, 255, 255), (c, c), c - 1, max(1, size // 10))
            if letter:
                r = max(2, round(size * 0.2))
                for dx, dy in ((r, r), (r, -r)):
                    pygame.draw.line(surf, (255, 255, 255), (c - dx, c - dy), (c + dx, c + dy),
                                     max(2, size // 8))
            return surf
        return self.paint._get(("sabdisc", size, letter), make)

    def _agent_img(self, a: int, size: int) -> pygame.Surface:
        """An agent (§2.1): a charcoal hexagon ringing the agent's colour, with its initial."""
        def make() -> pygame.Surface:
            from weather_tabletop.ui.table_view import draw_shape
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size // 2
            draw_shape(surf, (c, c), c - 1, "hexagon", SAB_RGB, theme.INK, max(1, size // 16))
            pygame.draw.circle(surf, AGENT_RGB[a], (c, c), round(c * 0.62))
            pygame.draw.circle(surf, theme.INK, (c, c), round(c * 0.62), max(1, size // 20))
            lab = self.ctx.text.render(tr(f"wm.view.solo.agent_initial.{AGENTS[a]}"),
                                       max(7, round(size * 0.42)), theme.INK, bold=True)
            surf.blit(lab, lab.get_rect(center=(c, c)))
            return surf
        return self.paint._get(("agent", a, size, tr(f"wm.view.solo.agent_initial.{AGENTS[a]}")),
                               make)

    def _board_sab_bot(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        """A Saboteur Bot on a space of the main board (counted, for the table's checks)."""
        img = self._sab_bot(self.L.n(20))
        box = img.get_rect(center=r.center)
        surf.blit(img, box)
        self._sab_drawn.append(("board", box))

    def _draw_agents(self, surf: pygame.Surface, s: WMState) -> None:
        """The two agents on the action spaces they occupy (§4.3 steps 1-2)."""
        if s.solo is None:
            return
        L = self.L
        for a, (loc, sp) in enumerate(s.solo.agents):
            key = ("act", loc, sp)
            if key not in self._spaces:
                continue  # not placed yet
            r = self._spaces[key].move(-self.rect.x, -self.rect.y)
            img = self._agent_img(a, L.n(34))
            box = img.get_rect(center=r.center)
            surf.blit(img, box)
            self._tips.append((self._abs(box), msg(
                "wm.view.solo.agent_tip", agent=agent_words(a),
                space=T.space(loc, sp))))

    # -- the tab -----------------------------------------------------------------------------

    def _draw_saboteurs_tab(self, surf: pygame.Surface, s: WMState, tx: float, tw: float,
                            on: bool) -> None:
        """The Saboteurs' tab: their marker, name, Target Value and the current report's agent
        and location (§3.1: shown to the player during their turn)."""
        L = self.L
        _x, y, _w, h = TABS
        r = L.r(tx, y, tw, h + 2)
        sol = s.solo
        pygame.draw.rect(surf, (250, 247, 240) if on else (226, 232, 238), r,
                         border_top_left_radius=L.n(8), border_top_right_radius=L.n(8))
        pygame.draw.rect(surf, SAB_RGB, (r.x, r.y, r.w, L.n(4)), border_top_left_radius=L.n(8),
                         border_top_right_radius=L.n(8))
        token = self._sab_marker(L.n(20))
        surf.blit(token, token.get_rect(center=L.p(tx + 14, y + 20)))
        self._label(surf, cap(msg("wm.solo.saboteurs")), L.r(tx + 27, y + 3, tw - 30, 17), 13,
                    theme.INK, bold=on, align="left")
        self._label(surf, msg("wm.view.solo.tab_tv", n=sol.tv), L.r(tx + 27, y + 20, 58, 17), 12,
                    theme.INK, bold=True, align="left")
        cur = sol.deck.current
        if cur != NO_REPORT:
            card = SOLO.report(cur)
            img = self._agent_img(card.agent, L.n(17))
            surf.blit(img, img.get_rect(center=L.p(tx + 96, y + 28)))
            self._label(surf, msg(f"wm.view.solo.loc_short.{self._loc_key(card.location)}"),
                        L.r(tx + 106, y + 20, tw - 108, 17), 12, theme.INK_SOFT, align="left")
        self._tabs.append((self._abs(r), PAGE))
        self._tip(r, lines(msg("wm.view.solo.tab_tip_shown" if on else "wm.view.solo.tab_tip",
                               tv=sol.tv, cp=s.pl[0].cp),
                           self._report_words(cur) if cur != NO_REPORT else None))

    @staticmethod
    def _loc_key(loc: int) -> str:
        return {FOLLOW_LATIV: "follow_lativ", SUPPLY: "supply", GOVERNMENT: "government",
                LAB: "lab", RND: "rnd"}[loc]

    def _report_words(self, rid: int) -> Msg:
        card = SOLO.report(rid)
        return msg("wm.view.solo.current_tip", report=card.name(),
                   agent=agent_words(card.agent),
                   location=location_words(card.location))

    # -- the page ----------------------------------------------------------------------------

    def _draw_saboteurs(self, surf: pygame.Surface, s: WMState, seat: int | None) -> Iterator[None]:
        """The Saboteurs' page, in the Laboratory's place."""
        sol = s.solo
        yield
        in_hand = s.stack[-1].kind == "solo_security" if s.stack else False
        self._draw_report(surf, sol.deck.current, REPORT, large=True,
                          heading=msg("wm.solo.current_report"),
                          tip=msg("wm.view.solo.current_card_tip"))
        prio = sol.deck.priority
        self._draw_report(surf, prio, PRIORITY, large=False, heading=msg("wm.solo.priority_card"),
                          tip=msg("wm.view.solo.priority_tip"))
        if in_hand:
            self._draw_in_hand(surf, sol.deck.draw[:SOLO.call_security.draw_cards])
        else:
            self._draw_deck(surf, s)
        yield
        self._draw_hideout(surf, s)
        yield
        self._draw_challenges(surf, s)
        yield
        self._draw_tv_track(surf, s)

    def _card_frame(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        L = self.L
        pygame.draw.rect(surf, (255, 255, 255), r, border_radius=L.n(6))
        pygame.draw.rect(surf, SAB_RGB, r, L.n(2), border_radius=L.n(6))

    def _draw_report(self, surf: pygame.Surface, rid: int, area: tuple, large: bool,
                     heading: Msg, tip: Msg) -> None:
        """A Security Report with its four fields (§3.1): agent, location, weather, arrow; on the
        current report the weather and arrow are faded under "counts once discarded" (§3.1: they
        are read from the priority card until then)."""
        L = self.L
        x, y, w, h = area
        self._heading(surf, heading, x, y, w)
        box = L.r(x + 2, y + 19, w - 4, h - 21)
        if rid == NO_REPORT:
            pygame.draw.rect(surf, theme.LINE, box, 1, border_radius=L.n(6))
            self._label(surf, msg("wm.view.solo.no_report"), box, 12, theme.MUTED)
            self._tip(box, lines(tip, msg("wm.view.solo.no_report_tip")))
            return
        card = SOLO.report(rid)
        self._card_frame(surf, box)
        ink = theme.INK
        cx, cy = x + 2, y + 19
        cw = w - 4
        # the card's number along its top
        band = L.r(cx, cy, cw, 20)
        pygame.draw.rect(surf, SAB_RGB, band, border_top_left_radius=L.n(6),
                         border_top_right_radius=L.n(6))
        self._label(surf, card.name(), L.r(cx + 6, cy + 1, cw - 12, 18), 12, (255, 255, 255),
                    bold=True, align="left")
        agent, loc, weather, arrow = card_fields(card)
        rows = ((agent, "agent"), (loc, "location"), (weather, "weather"), (arrow, "arrow"))
        if large:  # its weather and arrow under a caption, faded: they count once discarded
            row_h, icon, gap_y = 32, 28, 22
        else:
            row_h, icon, gap_y = 21, 17, 22
        later = 17 if large else 0  # design height of the caption
        if not large:  # the priority card: its weather and arrow are what it decides (§3.3)
            rows = rows[2:] + rows[:2]
            rows = (rows[0], rows[1], (msg("wm.view.solo.agent_at", agent=agent, location=loc),
                                       "both"))
        for k, (text, field) in enumerate(rows):
            ry = cy + gap_y + k * row_h + (later if k >= 2 else 0)
            ic = L.p(cx + 6 + icon / 2, ry + row_h / 2)
            faded = large and k >= 2
            if faded and k == 2:
                self._label(surf, msg("wm.view.solo.once_discarded"),
                            L.r(cx + 6, ry - later, cw - 12, later), 12, theme.MUTED,
                            align="left")
            if field == "agent":
                img = self._agent_img(card.agent, L.n(icon))
                surf.blit(img, img.get_rect(center=ic))
            elif field == "location":
                if card.location == FOLLOW_LATIV:
                    img = self.paint.svg("lativ", L.n(icon))
                    surf.blit(img, img.get_rect(center=ic))
                else:
                    b = pygame.Rect(0, 0, L.n(icon - 4), L.n(icon - 4))
                    b.center = ic
                    pygame.draw.rect(surf, va.LOC_RGB[card.location], b, border_radius=L.n(4))
                    self._label(surf, f"{card.location}", b, 12, (255, 255, 255), bold=True)
            elif field == "weather":
                img = self.paint.tinted("chemical", L.n(icon), va.CHEM_RGB[card.weather])
                if faded:
                    img = img.copy()
                    img.set_alpha(120)
                surf.blit(img, img.get_rect(center=ic))
            elif field == "arrow":
                self._arrow(surf, ic, L.n(icon) // 2, card.arrow == "top",
                            theme.MUTED if faded else SAB_RGB)
            else:
                img = self._agent_img(card.agent, L.n(icon))
                surf.blit(img, img.get_rect(center=ic))
            self._label(surf, text, L.r(cx + 10 + icon, ry, cw - 14 - icon, row_h),
                        14 if large else 12, theme.INK_SOFT if faded else ink,
                        bold=(large and not faded) or (not large and k < 2), align="left")
        self._tip(box, lines(tip, card_tip(card)))

    def _arrow(self, surf: pygame.Surface, c: tuple[int, int], r: int, up: bool,
               rgb: tuple[int, int, int] | pygame.Color = SAB_RGB) -> None:
        """The selection arrow (§3.3): a triangle pointing up (Top) or down (Bottom)."""
        x, y = c
        pts = ([(x, y - r), (x + r, y + r * 0.7), (x - r, y + r * 0.7)] if up else
               [(x, y + r), (x + r, y - r * 0.7), (x - r, y - r * 0.7)])
        pygame.draw.polygon(surf, rgb, pts)

    def _draw_deck(self, surf: pygame.Surface, s: WMState) -> None:
        """The draw pile's count (its order is hidden, §3.4), the discard pile's and the cards
        removed from the game (The Clock is Ticking, §3.6); when no report is left for their next
        turn (§5.3, 7.G2, as the Saboteurs' clock option reads it), that it will be lost."""
        L = self.L
        x, y, w, h = DECK
        deck = s.solo.deck
        back = L.r(x + 4, y + 4, 40, 54)
        pygame.draw.rect(surf, SAB_RGB, back, border_radius=L.n(5))
        pygame.draw.rect(surf, theme.INK, back, 1, border_radius=L.n(5))
        self._label(surf, f"{len(deck.draw)}", back, 16, (255, 255, 255), bold=True)
        self._label(surf, msg("wm.view.solo.draw_pile", n=len(deck.draw)),
                    L.r(x + 50, y + 4, w - 52, 18), 12, theme.INK, bold=True, align="left")
        self._label(surf, msg("wm.view.solo.discarded", n=len(deck.discard)),
                    L.r(x + 50, y + 23, w - 52, 17), 12, theme.INK_SOFT, align="left")
        if deck.removed:
            self._label(surf, msg("wm.view.solo.removed", n=len(deck.removed)),
                        L.r(x + 50, y + 41, w - 52, 17), 12, theme.INK_SOFT, align="left")
        self._tip(L.r(x, y, w, 62), lines(msg("wm.solo.draw_pile", n=len(deck.draw)),
                                          msg("wm.view.solo.deck_tip", n=len(deck.discard),
                                              removed=len(deck.removed))))
        if deck_exhausted(s) and not s.solo.outcome[0]:  # §5.3: their next turn is the loss
            self._label(surf, msg("wm.view.solo.clock_out"), L.r(x + 4, y + 62, w - 8, 17), 12,
                        theme.DANGER, bold=True, align="left")
            self._tip(L.r(x, y + 60, w, 21), msg("wm.view.solo.clock_out_tip"))
        elif s.solo.security_calls and s.phase == "A":
            self._label(surf, msg("wm.view.solo.called", n=s.solo.security_calls),
                        L.r(x + 4, y + 62, w - 8, 17), 12, theme.MUTED, align="left")

    def _draw_in_hand(self, surf: pygame.Surface, cards: tuple[int, ...]) -> None:
        """Call Security (§3.5): the two cards taken from the top of the draw pile, face up
        while their roles are given (the current report is drawn large beside them)."""
        L = self.L
        x, y, w, h = DECK
        self._heading(surf, msg("wm.view.solo.in_hand"), x, y, w)
        cw = (w - 6) / 2
        for k, rid in enumerate(cards):
            r = L.r(x + 2 + k * (cw + 2), y + 19, cw, h - 21)
            if rid == NO_REPORT:
                continue
            card = SOLO.report(rid)
            self._card_frame(surf, r)
            self._label(surf, msg("wm.view.solo.report_short", n=rid),
                        L.r(x + 4 + k * (cw + 2), y + 20, cw - 4, 17), 12, theme.INK, bold=True)
            img = self._agent_img(card.agent, L.n(17))
            surf.blit(img, img.get_rect(center=L.p(x + 14 + k * (cw + 2), y + 47)))
            self._label(surf, msg(f"wm.view.solo.loc_short.{self._loc_key(card.location)}"),
                        L.r(x + 24 + k * (cw + 2), y + 38, cw - 24, 17), 12, theme.INK,
                        align="left")
            chem = self.paint.tinted("chemical", L.n(14), va.CHEM_RGB[card.weather])
            surf.blit(chem, chem.get_rect(center=L.p(x + 14 + k * (cw + 2), y + 67)))
            self._arrow(surf, L.p(x + 32 + k * (cw + 2), y + 67), L.n(6), card.arrow == "top")
            self._label(surf, T.weather(card.weather),
                        L.r(x + 40 + k * (cw + 2), y + 58, cw - 42, 17), 12, theme.INK,
                        align="left")
            self._tip(r, card_tip(card))

    def _draw_hideout(self, surf: pygame.Surface, s: WMState) -> None:
        """The Hideout (§2.2): Bots, Awards, Chemicals, Research tokens by Main Location."""
        L = self.L
        x, y, w, h = HIDEOUT
        hid = s.solo.hideout
        self._heading(surf, msg("wm.solo.hideout"), x, y, 120)
        pygame.draw.rect(surf, (240, 240, 244), L.r(x + 2, y + 19, w - 4, h - 19),
                         border_radius=L.n(6))
        # Bots, one each, then the Awards
        self._label(surf, msg("wm.view.solo.bots"), L.r(x + 6, y + 21, 70, 22), 12, theme.INK_SOFT,
                    align="left")
        for k in range(hid.bots):
            img = self._sab_bot(L.n(19))
            box = img.get_rect(center=L.p(x + 88 + k * 19, y + 32))
            surf.blit(img, box)
            self._sab_drawn.append(("hideout", box))
        self._tip(L.r(x + 2, y + 20, w - 4, 24), msg("wm.view.solo.bots_tip", n=hid.bots,
                                                     board=self._sab_on_board(s)))
        # Chemicals by weather, and the Awards
        self._label(surf, msg("wm.view.solo.chemicals"), L.r(x + 6, y + 46, 70, 22), 12,
                    theme.INK_SOFT, align="left")
        for wi in range(W):
            cx = x + 88 + wi * 40
            img = self.paint.tinted("chemical", L.n(18), va.CHEM_RGB[wi])
            box = img.get_rect(center=L.p(cx, y + 57))
            if hid.chemicals[wi]:
                surf.blit(img, box)
            else:
                pygame.draw.circle(surf, theme.LINE, box.center, box.w // 3, 1)
            self._label(surf, f"{hid.chemicals[wi]}", L.r(cx + 10, y + 48, 18, 18), 12, theme.INK,
                        bold=True, align="left")
            self._tip(L.r(cx - 12, y + 46, 40, 22), msg(
                "wm.view.solo.chemical_tip", chemical=T.chemical_name(wi), n=hid.chemicals[wi]))
        aw = L.r(x + 292, y + 47, 20, 20)
        surf.blit(self.paint.svg("award", aw.w), aw)
        self._label(surf, f"{hid.awards}", L.r(x + 314, y + 48, 40, 18), 12, theme.INK, bold=True,
                    align="left")
        self._tip(L.r(x + 290, y + 46, 80, 22), msg("wm.view.solo.awards_tip", n=hid.awards))
        # Research tokens, grouped by the Main Location they came from (§4.5.6)
        for row, loc in enumerate(MAIN_LOCATIONS):
            ry = y + 72 + row * 25
            mine = sorted(t for t in hid.tokens if t.startswith(TOKEN_COLOUR[loc] + ":"))
            head = L.r(x + 6, ry, 90, 22)
            self._label(surf, msg(f"wm.view.solo.from.{self._loc_key(loc)}"), head, 12,
                        va.TOKEN_RGB[TOKEN_COLOUR[loc]], bold=True, align="left")
            # sorted by weather; each named beside it while there is room (Sun and Snow share
            # an initial, and the sets of §4.5.6 are made by weather)
            mine.sort(key=lambda t: int(t.split(":")[1]))
            pitch = min(TOKEN_PITCH, (w - 100) / max(1, len(mine)))
            for k, tok in enumerate(mine):
                tx = x + 98 + k * pitch
                img = self.paint.research_token(tok, L.n(20))
                box = img.get_rect(center=L.p(tx + 10, ry + 11))
                surf.blit(img, box)
                if pitch >= TOKEN_PITCH:
                    self._label(surf, T.weather(int(tok.split(":")[1])),
                                L.r(tx + 21, ry, pitch - 21, 22), 12, theme.INK, align="left")
                self._tip(L.r(tx, ry, pitch, 22) if pitch >= TOKEN_PITCH else box,
                          msg("wm.view.solo.token_tip", token=cap(T.token(tok))))
            if not mine:
                self._label(surf, msg("wm.view.solo.none"), L.r(x + 98, ry, 120, 22), 12,
                            theme.MUTED, align="left")
            self._tip(L.r(x + 2, ry, 94, 22), msg("wm.view.solo.tokens_tip",
                                                  location=T.location(loc), n=len(mine)))

    @staticmethod
    def _sab_on_board(s: WMState) -> int:
        return sum(x == SABOTEUR for area in (s.gov_bots, s.lab, s.rnd) for br in area for x in br)

    def _draw_challenges(self, surf: pygame.Surface, s: WMState) -> None:
        """The Challenge cards in play (§6): title and effect; the whole text as the tooltip."""
        L = self.L
        x, y, w, h = CHALLENGES
        ids = s.solo.challenges
        self._heading(surf, msg("wm.view.solo.challenges", n=len(ids)), x, y, w)
        if not ids:
            self._label(surf, msg("wm.view.solo.no_challenges"), L.r(x + 6, y + 20, w - 12, 18),
                        12, theme.MUTED, align="left")
            return
        cols = 1 if len(ids) <= 3 else 2 if len(ids) <= 8 else 3
        rows = -(-len(ids) // cols)
        gap = 3
        cw = (w - 4 - gap * (cols - 1)) / cols
        ch = (h - 20 - gap * (rows - 1)) / rows  # the whole height: two cards show 2 lines each
        for k, cid in enumerate(ids):
            card = SOLO.challenge(cid)
            r = L.r(x + 2 + (k % cols) * (cw + gap), y + 20 + (k // cols) * (ch + gap), cw, ch)
            pygame.draw.rect(surf, (255, 246, 228), r, border_radius=L.n(5))
            pygame.draw.rect(surf, SAB_RGB, r, 1, border_radius=L.n(5))
            effect = lines(*card.text())
            if ch >= 34:  # the title on a line, the effect under it (cut: whole on hover)
                head = L.n(17)
                self._label(surf, msg(card.title), pygame.Rect(r.x + L.n(4), r.y + L.n(1),
                                                               r.w - L.n(8), head),
                            12, theme.INK, bold=True, align="left")
                body = pygame.Rect(r.x + L.n(4), r.y + L.n(1) + head, r.w - L.n(8),
                                   r.h - head - L.n(2))
                self._label(surf, effect, body, 12, theme.INK_SOFT, align="left", valign="top")
            else:
                self._label(surf, msg(card.title), r.inflate(-L.n(8), 0), 12, theme.INK, bold=True,
                            align="left")
            self._tip(r, msg("wm.view.solo.challenge_tip", n=cid, title=msg(card.title),
                             effect=effect))

    def _draw_tv_track(self, surf: pygame.Surface, s: WMState) -> None:
        """The Climate Points track: the player's marker and the Target Value marker (§2.2)."""
        L = self.L
        x, y, w, h = TRACK
        tv, cp = s.solo.tv, s.pl[0].cp
        self._heading(surf, msg("wm.view.solo.track"), x, y, w)
        self._label(surf, msg("wm.view.solo.track_line", name=self._who(0), cp=cp, tv=tv),
                    L.r(x + 4, y + 19, w - 8, 18), 12, theme.INK, align="left")
        top = max(100, -(-(max(tv, cp) + 5) // 25) * 25)
        sx, sw, sy = x + 12, w - 24, y + 50
        strip = L.r(sx, sy, sw, 12)
        pygame.draw.rect(surf, (236, 238, 242), strip, border_radius=L.n(4))
        pygame.draw.rect(surf, theme.LINE, strip, 1, border_radius=L.n(4))
        step = 25 if top <= 150 else 50
        for v in range(0, top + 1, step):
            px = sx + sw * v / top
            pygame.draw.line(surf, theme.INK_SOFT, L.p(px, sy + 12), L.p(px, sy + 16), 1)
            self._label(surf, f"{v}", L.r(px - 14, sy + 17, 28, 17), 12, theme.MUTED)
        pc = L.p(sx + sw * min(cp, top) / top, sy + 6)
        tc = L.p(sx + sw * min(tv, top) / top, sy + 6)
        tvm = self._sab_marker(L.n(18))
        surf.blit(tvm, tvm.get_rect(center=tc))
        me = self._disc(0, L.n(16))
        surf.blit(me, me.get_rect(center=pc))
        self._tip(L.r(x, y + 19, w, h - 19), msg("wm.view.solo.track_tip", name=self._who(0),
                                                 cp=cp, tv=tv))

    # -- their turn, step by step (§4.3) ------------------------------------------------------

    def _saboteur_steps(self, a: WMState, b: WMState) -> list[tuple[tuple[float, ...], str]]:
        """What a Saboteur turn changed between two states, a step each (design rectangle,
        caption): the agent's move (§4.3 steps 1-2), the Bots placed (§4.4), the Hideout, the
        Target Value and the next report (step 6). The log has the rules' reasons."""
        if a.solo is None or b.solo is None or a.solo.agents == b.solo.agents:
            return []
        if a.solo.deck.current == NO_REPORT:
            return []  # the setup placing them
        steps: list[tuple[tuple[float, ...], str]] = []
        for ag, (old, new) in enumerate(zip(a.solo.agents, b.solo.agents)):
            if old != new and new[0] in PANELS:
                cx, cy = space_centre(PANELS[new[0]], new[1])
                steps.append(((cx - SPACE_D / 2, cy - SPACE_D / 2, SPACE_D, SPACE_D), tr(
                    "wm.view.solo.step.agent", agent=agent_words(ag),
                    space=T.space(*new))))
        for col in range(W):
            for row in range(3):
                if b.gov_bots[col][row] == SABOTEUR != a.gov_bots[col][row]:
                    cx = PANELS[GOVERNMENT][0] + 84 + col * 44 + 22
                    steps.append(((cx - 9, PANELS[GOVERNMENT][1] + 112 + row * 19, 18, 18), tr(
                        "wm.view.solo.step.bot", space=T.gov_space(col, row))))
        for br in range(W):
            n = D.lab_spaces[br]
            for i in range(n):
                if b.lab[br][i] == SABOTEUR != a.lab[br][i]:
                    cx = PANELS[LAB][0] + 2 + br * 60 + 30
                    steps.append(((cx - 9, PANELS[LAB][1] + 170 + (n - 1 - i) * 19, 18, 18), tr(
                        "wm.view.solo.step.bot_branch", space=T.branch_space(i),
                        weather=T.weather(br), location=T.location(LAB))))
            for i in range(3):
                if b.rnd[br][i] == SABOTEUR != a.rnd[br][i]:
                    cx = PANELS[RND][0] + 2 + br * 60 + 30
                    steps.append(((cx - 10, PANELS[RND][1] + 156 + (2 - i) * 21, 20, 20), tr(
                        "wm.view.solo.step.bot_branch", space=T.branch_space(i),
                        weather=T.weather(br), location=T.location(RND))))
        if b.solo.hideout != a.solo.hideout:
            steps.append((HIDEOUT, hideout_change(a.solo.hideout, b.solo.hideout)))
        if b.solo.tv != a.solo.tv:
            steps.append(self._tv_step(a, b))
        if b.solo.deck.current != a.solo.deck.current:
            steps.append((REPORT, tr("wm.view.solo.step.report", report=(
                SOLO.report(b.solo.deck.current).name() if b.solo.deck.current != NO_REPORT
                else msg("wm.view.solo.no_report")))))
        return steps

    @staticmethod
    def _tv_step(a: WMState, b: WMState) -> tuple[tuple[float, ...], str]:
        """The Target Value rising (§4.5.1), shown on the Saboteurs' tab."""
        tw = (TABS[2] - 4) / 2
        return ((TABS[0] + tw + 4, TABS[1], tw, TABS[3]),
                tr("wm.view.solo.step.tv", a=a.solo.tv, b=b.solo.tv))

    # -- Call Security (§3.5) ----------------------------------------------------------------

    def _draw_call_security(self, surf: pygame.Surface, s: WMState, seat: int | None) -> None:
        """A button per Voucher type that may pay for Call Security now; a click submits
        ``CallSecurity`` (the roles are then given in the choice dialog)."""
        calls = [c for c in self._legal if isinstance(c, CallSecurity)]
        if s.solo is None or not calls:
            return
        L = self.L
        x, y, w, h = SECURITY
        self._label(surf, msg("wm.solo.call_security"), L.r(x, y, w, 18), 13, theme.INK,
                    bold=True, align="left")
        gap = 4
        bw = (w - gap * (len(calls) - 1)) / len(calls)
        rule = SOLO.call_security.rule()
        for k, c in enumerate(calls):
            r = L.r(x + k * (bw + gap), y + 20, bw, 40)
            pygame.draw.rect(surf, (252, 240, 212), r, border_radius=L.n(6))
            pygame.draw.rect(surf, theme.HIGHLIGHT, r, L.n(2), border_radius=L.n(6))
            icon = self.paint.voucher(c.vtype, L.n(20))
            surf.blit(icon, icon.get_rect(center=L.p(x + k * (bw + gap) + 15, y + 40)))
            self._label(surf, msg("wm.view.solo.pay", n=SOLO.call_security.cost,
                                  voucher=va.voucher_short(c.vtype)),
                        L.r(x + k * (bw + gap) + 27, y + 22, bw - 30, 36), 12, theme.INK, bold=True,
                        align="left")
            self._security[c.vtype] = (self._abs(r), c)
            self._pieces.append(Piece(("security", c.vtype), self._abs(r),
                                      tr("wm.solo.call_security"), seat,
                                      surf.subsurface(r).copy()))
            self._tip(r, lines(rule, msg("wm.view.solo.pay_tip", voucher=T.a_voucher(c.vtype))))


def _hideout_items(a: Hideout, b: Hideout) -> list[Msg]:
    """What ``b`` holds that ``a`` did not: Bots, Chemicals, Research and Award tokens."""
    items: list[Msg] = [msg("wm.event.bots", n=b.bots - a.bots)] if b.bots > a.bots else []
    items += [T.chemical(w, y - x) for w, (x, y) in enumerate(zip(a.chemicals, b.chemicals)) if y > x]
    rest = list(a.tokens)
    for tok in b.tokens:
        if tok in rest:
            rest.remove(tok)
        else:
            items.append(T.token(tok))
    items += [T.token("A")] * max(0, b.awards - a.awards)
    return items


def hideout_change(a: Hideout, b: Hideout) -> str:
    """A Saboteur step's caption for their Hideout (§2.2): what came in and what went out."""
    came, went = join(_hideout_items(a, b)), join(_hideout_items(b, a))
    if came and went:
        return tr("wm.view.solo.step.hideout_both", came=came, went=went)
    if came:
        return tr("wm.view.solo.step.hideout_in", items=came)
    return tr("wm.view.solo.step.hideout_out", items=went) if went else tr("wm.view.solo.step.hideout")


__all__ = ["SaboteurPanels", "PAGE", "SAB_RGB", "SOLO_DECISIONS", "REPORT", "HIDEOUT", "SECURITY",
           "hideout_change"]
