"""The Weather Machine main board, drawn for :class:`~.view.WeatherMachineView` (a mixin that
uses the view's helpers: ``_label``, ``_tip``, ``_space``, ``_movable``, ``_lit``...): the action
spaces with their Scientists and what moving there gains; Supply (the Chemicals, the Workshop
tile offer and stacks); Government (the Government Machine, Research tokens, the Subsidy grid);
Lativ's Lab (the Experiment deck, display and the Weather Machine's branches); R&D (the Extreme
Weather tiles and the Research branches); Lativ's Office (turn order, Initiative, the reserve,
the round and the Funding tracks). Every text is a catalogue message (``locale/en/view.json``).
"""

from __future__ import annotations

from typing import Iterator

import pygame

from weather_tabletop.i18n import Msg, msg, tr
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import Piece

from . import board as B
from . import rules as R
from . import view_art as va
from . import words as T
from .board import D, W
from .commands import MoveScientist
from .data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY
from .solo_data import AGENTS
from .solo_state import SABOTEUR
from .state import BLOCKED, EMPTY, GOVERNMENT_MARKER, LATIV, WMState
from .view_layout import BAND, HEAD_H, PANELS, SPACE_D, SPACE_PITCH, space_centre
from .view_text import cap, commas, joined, lines

#: Experiment tile stages as printed
ROMAN = ("", "I", "II", "III")
#: the Main Locations
MAIN = (GOVERNMENT, LAB, RND)


class BoardPanels:
    """The main board's panels and action spaces (mixed into the table view)."""

    def _action_spaces(self, surf: pygame.Surface, s: WMState, loc: int, seat: int | None) -> None:
        """The action spaces of a location along the top of its panel; under them a band that
        says, while the Scientist is to move, what each lit space gains or pays."""
        L = self.L
        panel = PANELS[loc]
        n = B.spaces_of(loc)
        moving = (self._legal and any(isinstance(c, MoveScientist) for c in self._legal))
        for i in range(n):
            cx, cy = space_centre(panel, i)
            r = L.r(cx - SPACE_D / 2, cy - SPACE_D / 2, SPACE_D, SPACE_D)
            occ = B.occupant(s, loc, i)
            fill = va.LOC_RGB[loc] if occ != BLOCKED else (160, 166, 172)
            pygame.draw.circle(surf, (244, 246, 248), r.center, r.w // 2)
            pygame.draw.circle(surf, fill, r.center, r.w // 2, L.n(3))
            if loc == SUPPLY:
                desc: Msg | str = msg("wm.view.supply_space.desc")
                gain = msg("wm.view.supply_space.gain")
                self._label(surf, msg("wm.view.supply_space.any"), r, 12, theme.INK, bold=True)
            else:
                vt, symbol = D.main_spaces[loc][i]
                desc = T.symbol(loc, i)
                icon = self.paint.voucher(vt, L.n(17))
                surf.blit(icon, icon.get_rect(midbottom=(r.centerx, r.centery + L.n(2))))
                self._label(surf, "/" if symbol == "/" else "&",
                            L.r(cx - 8, cy - 1, 16, 17), 12, theme.INK, bold=True)
                gain = msg("wm.view.space.gain", voucher=T.a_voucher(vt))
            if occ == BLOCKED:
                pygame.draw.line(surf, theme.INK_SOFT, r.topleft, r.bottomright, L.n(3))
            self._space(("act", loc, i), r)
            who = {EMPTY: msg("wm.view.space.empty"), BLOCKED: "", LATIV: msg("wm.view.space.lativ")}.get(
                occ, msg("wm.view.space.scientist", name=self._who(occ)) if occ >= 0 else "")
            if occ == B.AGENT:  # solo §4.2: an agent counts as another player's piece
                agent = s.solo.agent_at(loc, i)
                who = msg("wm.view.solo.space_agent", agent=msg(f"wm.solo.agent.{AGENTS[agent]}"))
            if occ == BLOCKED:
                tip = msg("wm.view.space.blocked", space=cap(T.space(loc, i)))
            else:
                tip = lines(msg("wm.view.space.tip", space=cap(T.space(loc, i)), gain=gain, desc=desc),
                            who)
            self._tip(r, tip)
            if moving and seat is not None and MoveScientist(seat, loc, i) in self._legal:
                self._gain_label(surf, s, seat, loc, i, tip)
        if loc == SUPPLY:
            # Lativ's own space in Supply, its name in the band under it
            cx, cy = space_centre(panel, 4)
            r = L.r(cx - 14, cy - 14, 28, 28)
            pygame.draw.circle(surf, (236, 238, 241), r.center, r.w // 2)
            pygame.draw.circle(surf, va.LATIV_RGB, r.center, r.w // 2, L.n(2))
            self._label(surf, msg("wm.view.lativ"), L.r(cx - 22, panel[1] + BAND[0], 44, 17), 12,
                        theme.MUTED)
            if s.lativ_loc == SUPPLY:
                img = self.paint.svg("lativ", L.n(30))
                surf.blit(img, img.get_rect(center=r.center))
            self._tip(r, msg("wm.view.lativ_supply_space"))

    def _gain_label(self, surf: pygame.Surface, s: WMState, seat: int, loc: int, i: int,
                    tip: Msg) -> None:
        """What moving the Scientist to this space gains or pays, in the band under it (its own
        space: it covers nothing)."""
        n, sci, pay = R.move_gains(s, seat, loc, i)
        if loc == SUPPLY:
            parts = [msg("wm.view.gain.any")] + ([msg("wm.view.gain.sci")] if sci else []) + (
                [msg("wm.view.gain.pay", n=pay)] if pay else [])
        else:
            vt = D.main_spaces[loc][i][0]
            parts = [msg("wm.view.gain.vouchers", n=n, voucher=va.voucher_short(vt))] + (
                [msg("wm.view.gain.sci")] if sci else [])
        L = self.L
        cx, _cy = space_centre(PANELS[loc], i)
        box = L.r(cx - SPACE_PITCH / 2 + 1, PANELS[loc][1] + BAND[0], SPACE_PITCH - 2, BAND[1])
        pygame.draw.rect(surf, theme.HIGHLIGHT, box, border_radius=L.n(4))
        self._label(surf, joined("wm.view.gain.marks", parts), box, 12, theme.INK, bold=True,
                    valign="top")
        self._tip(box, lines(msg("wm.view.gain.tip", parts=commas(parts)), tip))

    def _draw_scientists(self, surf: pygame.Surface, s: WMState, seat: int | None) -> None:
        L = self.L
        size = L.n(34)
        for i, p in enumerate(s.pl):
            if p.location == OFFICE or p.location not in self._spaces_loc():
                continue
            key = ("act", p.location, p.space)
            if key not in self._spaces:
                continue
            r = self._spaces[key].move(-self.rect.x, -self.rect.y)
            img = self._bot(i, size, "scientist", 0.08)
            box = img.get_rect(center=r.center)
            movable = self._movable("sci", None, i) if i == seat else False
            if movable:
                self._lit(surf, box, circle=True)
            surf.blit(img, box)
            self._pieces.append(Piece(("sci", i), self._abs(box),
                                      tr("wm.view.scientist", name=self._who(i)), i, img, draggable=True))
            self._tips.append((self._abs(box), lines(
                msg("wm.view.scientist.tip", name=self._who(i), space=T.space(p.location, p.space)),
                msg("wm.view.scientist.drag") if movable else None)))
        # Lativ on an action space
        if s.lativ_loc in MAIN and s.lativ_space >= 0:
            r = self._spaces[("act", s.lativ_loc, s.lativ_space)].move(-self.rect.x, -self.rect.y)
            img = self.paint.svg("lativ", L.n(34))
            surf.blit(img, img.get_rect(center=r.center))
            self._tip(r, msg("wm.view.lativ_on", space=T.space(s.lativ_loc, s.lativ_space)))

    # -- Supply --------------------------------------------------------------------------------

    def _draw_supply(self, surf: pygame.Surface, s: WMState, seat: int | None) -> None:
        L = self.L
        x, y, w, h = PANELS[SUPPLY]
        self._action_spaces(surf, s, SUPPLY, seat)
        # chemicals: five rows of five slots in three sections; the cost and return over them
        head = y + 94
        top = y + 129
        slot, rh = 30, 17
        gx = x + 80
        self._label(surf, msg("wm.view.supply.cost"), L.r(x + 4, head, gx - x - 8, 17), 12, theme.MUTED,
                    align="right")
        self._label(surf, msg("wm.view.supply.return"), L.r(x + 4, head + 17, gx - x - 8, 17), 12,
                    theme.MUTED, align="right")
        self._tip(L.r(x + 4, head, gx - x - 8 + 5 * slot, 34), msg("wm.view.supply.cost_tip"))
        for i in range(5):
            sec = D.chem_section[i]
            self._label(surf, f"{D.chem_take[sec]}", L.r(gx + i * slot, head, slot, 17), 12,
                        theme.INK, bold=True)
            self._label(surf, f"+{D.chem_return[sec]}", L.r(gx + i * slot, head + 17, slot, 17), 12,
                        theme.MUTED)
        for sec_start, sec_end in ((0, 2), (2, 4), (4, 5)):
            r = L.r(gx + sec_start * slot + 1, top - 1, (sec_end - sec_start) * slot - 2, 5 * rh + 2)
            pygame.draw.rect(surf, (238, 244, 247), r, border_radius=L.n(5))
        for wi in range(W):
            ry = top + wi * rh
            row = L.r(x + 4, ry, gx - x - 4 + 5 * slot, rh)
            self._space(("chemrow", wi), row)
            self._label(surf, T.chemical_proper(wi), L.r(x + 4, ry, gx - x - 8, rh), 12,
                        theme.INK_SOFT, align="right")
            left = B.supply_leftmost(s, wi)
            for i in range(5):
                c = L.p(gx + i * slot + slot // 2, ry + rh / 2)
                sec = D.chem_section[i]
                if s.chem_supply[wi][i]:
                    img = self.paint.tinted("chemical", L.n(16), va.CHEM_RGB[wi])
                    box = img.get_rect(center=c)
                    if i == left and self._movable("chem", wi):
                        self._lit(surf, box, circle=True)
                    surf.blit(img, box)
                    if i == left:
                        self._pieces.append(Piece(("chem", wi), self._abs(box),
                                                  tr(T.chemical_proper(wi)), None, img))
                    state = "here"
                else:
                    pygame.draw.circle(surf, va.CHEM_RGB[wi], c, L.n(6), L.n(2))
                    state = "empty"
                self._tip(pygame.Rect(c[0] - L.n(16), c[1] - L.n(9), L.n(32), L.n(18)), lines(
                    msg(f"wm.view.supply.slot_{state}", chemical=T.chemical_name(wi),
                        weather=T.weather(wi), slot=i + 1, n=D.chem_take[sec], gain=D.chem_return[sec]),
                    msg("wm.view.supply.drag_chemical") if i == left and self._movable("chem", wi)
                    else None))
        # the Workshop tile offer (two rows of two) and the two stacks under it, right of the
        # Chemicals; the face-up stack's height under it
        tx, ts = gx + 5 * slot + 6, 30
        self._label(surf, msg("wm.view.tiles"), L.r(tx, head, 2 * ts + 4, 17), 12, theme.MUTED, bold=True)
        self._tip(L.r(tx, head, 2 * ts + 4, 17), msg("wm.view.tiles.tip"))
        for i in range(6):
            r = L.r(tx + (i % 2) * (ts + 4), head + 18 + (i // 2) * (ts + 2), ts, ts)
            if i < 4:
                t = s.offer[i]
                label = msg("wm.view.offer.space", n=i + 1)
            elif i == 4:
                t = s.up_stack[0] if s.up_stack else EMPTY
                label = msg("wm.view.offer.up", n=len(s.up_stack))
            else:
                t = EMPTY
            if i == 5:
                pygame.draw.rect(surf, (120, 132, 146), r, border_radius=L.n(5))
                self._label(surf, f"{len(s.down_stack)}", r, 12, (255, 255, 255), bold=True)
                self._tip(r, msg("wm.view.offer.down", n=len(s.down_stack)))
                continue
            if t == EMPTY:
                pygame.draw.rect(surf, theme.LINE, r, L.n(2), border_radius=L.n(5))
                self._tip(r, msg("wm.view.offer.empty", where=label))
                continue
            img = self.paint.tile(t, False, r.w)
            if self._movable("offer", i):
                self._lit(surf, r)
            surf.blit(img, r)
            if i == 4:  # the stack's height under it
                self._label(surf, f"{len(s.up_stack)}", L.r(tx, head + 18 + 3 * (ts + 2), ts, 17), 12,
                            theme.INK, bold=True)
            self._pieces.append(Piece(("offer", i), self._abs(r), tr(T.tile(t)), None, img))
            self._tip(r, lines(msg("wm.view.offer.tile", tile=cap(T.tile(t)), where=label),
                               msg("wm.view.offer.drag") if self._movable("offer", i) else None))

    # -- Government ----------------------------------------------------------------------------

    def _draw_government(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[GOVERNMENT]
        self._action_spaces(surf, s, GOVERNMENT, self._viewer)
        info = L.r(x + w - 104, y, 98, HEAD_H)
        self._label(surf, msg("wm.view.gov.markers", n=s.gov_markers), info, 12, (255, 255, 255),
                    align="right")
        self._tip(info, msg("wm.view.gov.markers_tip", n=s.gov_markers))
        col_w = 44
        gx = x + 84
        # machine: 3 Bot spaces per column coloured by Machine Part; row 0 on top
        for col in range(W):
            cx = gx + col * col_w + col_w / 2
            self._label(surf, T.weather(col), L.r(gx + col * col_w, y + 94, col_w, 17), 12,
                        theme.INK_SOFT, bold=True)
            for row in range(3):
                colour = D.gov_colours[col][row]
                r = L.r(cx - 9, y + 112 + row * 19, 18, 18)
                pygame.draw.rect(surf, va.PART_RGB[colour], r, border_radius=L.n(4))
                pygame.draw.rect(surf, theme.INK_SOFT, r, 1, border_radius=L.n(4))
                occ = s.gov_bots[col][row]
                if occ >= 0:
                    img = self._bot(occ, L.n(20))
                    surf.blit(img, img.get_rect(center=r.center))
                elif occ == SABOTEUR:
                    self._board_sab_bot(surf, r)
                self._space(("gov", col, row), r)
                self._tip(r, msg("wm.view.gov.space_bot" if occ >= 0 else
                                 "wm.view.solo.gov_space_bot" if occ == SABOTEUR else
                                 "wm.view.gov.space_empty",
                                 space=cap(T.gov_space(col, row)), part=T.part(colour),
                                 name=self._who(occ) if occ >= 0 else ""))
        self._label(surf, msg("wm.view.tokens"), L.r(x + 4, y + 171, gx - x - 8, 17), 12, theme.MUTED,
                    align="right")
        for col in range(W):
            self._token_stack(surf, f"G:{col}", s.gov_tokens[col], (gx + col * col_w, y + 171, col_w, 17),
                              msg("wm.view.gov.tokens", weather=T.weather(col), n=s.gov_tokens[col]))
        # subsidy grid
        for row in range(3):
            ry = y + 190 + row * 20
            self._label(surf, va.short_benefits(D.gov_row_benefit[row]), L.r(x + 4, ry, gx - x - 8, 19),
                        12, theme.INK_SOFT, align="right")
            self._tip(L.r(x, ry, gx - x, 19), msg("wm.view.gov.row", benefits=T.benefits(D.gov_row_benefit[row])))
            for col in range(W):
                r = L.r(gx + col * col_w + 2, ry, col_w - 4, 19)
                cell = s.gov_grid[col][row]
                if cell.startswith("S"):
                    tid = int(cell[1:-1])
                    up = cell.endswith("+")
                    kind = D.subsidy_types[D.subsidy_tiles[tid]]
                    fill = va.LOC_RGB[GOVERNMENT] if up else (205, 212, 220)
                    pygame.draw.rect(surf, fill, r, border_radius=L.n(4))
                    self._label(surf, va.subsidy_short(kind), r, 12,
                                (255, 255, 255) if up else theme.INK_SOFT, bold=True)
                    tip: Msg = msg("wm.view.gov.subsidy_up" if up else "wm.view.gov.subsidy_flipped",
                                   subsidy=cap(T.subsidy(tid)), benefit=T.benefit(kind),
                                   column=T.benefits(D.gov_column_benefit[col]),
                                   row=T.benefits(D.gov_row_benefit[row]))
                elif cell.startswith("P"):
                    colour = int(cell[1:])
                    pygame.draw.rect(surf, (236, 240, 244), r, border_radius=L.n(4))
                    img = self.paint.tinted("part", L.n(18), va.PART_RGB[colour])
                    surf.blit(img, img.get_rect(center=r.center))
                    tip = msg("wm.view.gov.part", part=cap(T.part(colour)))
                else:
                    pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
                    tip = msg("wm.view.gov.empty_cell")
                self._tip(r, tip)
        for col in range(W):
            rr = L.r(gx + col * col_w, y + 251, col_w, 18)
            self._benefit(surf, D.gov_column_benefit[col], rr, 12, theme.INK_SOFT)
            self._tip(rr, msg("wm.view.gov.column", weather=T.weather(col),
                              benefits=T.benefits(D.gov_column_benefit[col])))

    def _token_stack(self, surf: pygame.Surface, token: str, n: int,
                     cell: tuple[float, float, float, float], tip: Msg) -> None:
        """A stack of Research tokens in a design ``cell``: one token and how many are left."""
        L = self.L
        x, y, w, h = cell
        img = self.paint.research_token(token, L.n(14))
        box = img.get_rect(center=L.p(x + w / 2 - 8, y + h / 2))
        if n:
            surf.blit(img, box)
        else:
            pygame.draw.circle(surf, theme.LINE, box.center, box.w // 2, 1)
        self._label(surf, f"{n}", L.r(x + w / 2, y, 16, h), 12, theme.INK, bold=True, align="left")
        self._tip(L.r(*cell), tip)

    # -- Lab -----------------------------------------------------------------------------------

    def _exp_tile(self, surf: pygame.Surface, e: int, r: pygame.Rect, where: Msg) -> None:
        L = self.L
        if e == EMPTY:
            pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
            self._tip(r, msg("wm.view.exp.empty", where=where))
            return
        x = D.experiments[e]
        pygame.draw.rect(surf, va.CHEM_RGB[x.weather], r, border_radius=L.n(4))
        pygame.draw.rect(surf, theme.INK_SOFT, r, 1, border_radius=L.n(4))
        ink = va.readable_on(va.CHEM_RGB[x.weather])
        line = r.h // 3
        for k, (text, bold) in enumerate(((msg("wm.view.exp.head", weather=T.weather(x.weather),
                                               stage=ROMAN[x.stage]), True),
                                          (msg("wm.view.sci", n=x.science), False),
                                          (msg("wm.view.cp", n=x.cp), False))):
            self._label(surf, text, pygame.Rect(r.x + 1, r.y + k * line, r.w - 2, line), 12, ink,
                        bold=bold)
        a, b = x.benefits
        self._tip(r, msg("wm.view.exp.tip", where=where, experiment=T.experiment(e),
                         weather=T.weather(x.weather), n=x.science, cp=x.cp, a=T.benefits(a),
                         b=T.benefits(b)))

    def _draw_lab(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[LAB]
        self._action_spaces(surf, s, LAB, self._viewer)
        info = L.r(x + w - 124, y, 118, HEAD_H)
        self._label(surf, msg("wm.view.lab.lativ_bots", n=s.lativ_side), info, 12, (255, 255, 255),
                    align="right")
        self._tip(info, msg("wm.view.lab.lativ_bots_tip", n=s.lativ_side))
        # the experiment deck and the tile below it (top right), the display under them
        tw, th = 56, 51
        deck = L.r(x + 146, y + 25, tw, th)
        top = s.exp_deck[0] if s.exp_deck else EMPTY
        self._exp_tile(surf, top, deck, msg("wm.view.exp.deck", n=len(s.exp_deck)))
        self._label(surf, msg("wm.view.lab.deck", n=len(s.exp_deck)), L.r(x + 140, y + 76, tw + 12, 17),
                    12, theme.MUTED)
        below = L.r(x + 146 + tw + 18, y + 25, tw, th)
        self._exp_tile(surf, s.exp_below, below, msg("wm.view.exp.below"))
        self._label(surf, msg("wm.view.lab.next"), L.r(x + 146 + tw + 12, y + 76, tw + 12, 17), 12,
                    theme.MUTED)
        for i in range(3):
            r = L.r(x + 6 + i * (tw + 4), y + 96, tw, th)
            self._exp_tile(surf, s.exp_display[i], r, msg("wm.view.exp.display", n=i + 1))
        self._label(surf, msg("wm.view.lab.display"), L.r(x + 6 + 3 * (tw + 4) + 4, y + 96, 110, th), 12, theme.MUTED,
                    align="left")
        # the machine: five branches of spaces (space 0 at the bottom)
        bw = 60
        bx = x + 2
        by = y + 150
        for b in range(W):
            cx = bx + b * bw + bw / 2
            head = L.r(cx - 27, by, 54, 17)
            active = b == s.assistant
            pygame.draw.rect(surf, va.CHEM_RGB[b], head, border_radius=L.n(4))
            if active:
                pygame.draw.rect(surf, theme.INK, head, L.n(2), border_radius=L.n(4))
            self._label(surf, T.weather(b), head, 12, va.readable_on(va.CHEM_RGB[b]), bold=True)
            self._tip(head, msg("wm.view.lab.branch_active" if active else "wm.view.lab.branch",
                                weather=T.weather(b)))
            n = D.lab_spaces[b]
            for i in range(n):
                r = L.r(cx - 9, by + 20 + (n - 1 - i) * 19, 18, 18)
                pygame.draw.rect(surf, (234, 244, 238), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[LAB], r, 1, border_radius=L.n(4))
                occ = s.lab[b][i]
                if occ >= 0:
                    img = self._bot(occ, L.n(20))
                    surf.blit(img, img.get_rect(center=r.center))
                elif occ == LATIV:
                    img = self.paint.tinted("bot", L.n(20), va.LATIV_RGB)
                    surf.blit(img, img.get_rect(center=r.center))
                elif occ == SABOTEUR:
                    self._board_sab_bot(surf, r)
                self._space(("lab", b, i), r)
                who = (msg("wm.view.bot_of", name=self._who(occ)) if occ >= 0 else
                       msg("wm.view.lativ_bot") if occ == LATIV else
                       msg("wm.view.solo.bot") if occ == SABOTEUR else msg("wm.view.empty"))
                self._tip(r, msg("wm.view.lab.space_lativ" if occ == LATIV else "wm.view.lab.space",
                                 space=T.branch_space(i), weather=T.weather(b), who=who))
            ay = by + 20 + n * 19 + 2
            if active:
                img = self.paint.svg("assistant", L.n(18))
                surf.blit(img, img.get_rect(center=L.p(cx - 20, ay + 9)))
            lock = L.r(cx - 12, ay + 2, 14, 14)
            if s.locks[b]:
                surf.blit(self.paint.svg("lock", lock.w), lock)
                self._tip(lock, msg("wm.view.lab.locked", weather=T.weather(b)))
            else:
                pygame.draw.circle(surf, theme.LINE, lock.center, lock.w // 2, 1)
                self._tip(lock, msg("wm.view.lab.open", weather=T.weather(b)))
            self._token_stack(surf, f"L:{b}", s.lab_tokens[b], (cx + 2, ay, 28, 17),
                              msg("wm.view.lab.tokens", weather=T.weather(b), n=s.lab_tokens[b]))

    # -- R&D -----------------------------------------------------------------------------------

    def _draw_rnd(self, surf: pygame.Surface, s: WMState) -> None:
        L = self.L
        x, y, w, h = PANELS[RND]
        self._action_spaces(surf, s, RND, self._viewer)
        legend = msg("wm.view.rnd.gains", **{where: va.short_benefits(D.rnd_benefit[i])
                                             for i, where in enumerate(("bottom", "middle", "top"))})
        self._label(surf, legend, L.r(x + 140, y + 26, w - 146, 64), 12, theme.INK_SOFT, align="left")
        bw = 60
        bx = x + 2
        ty = y + 93
        for b in range(W):
            cx = bx + b * bw + bw / 2
            # the Extreme Weather tile on top of this branch
            t = B.top_extreme(s, b)
            tile = L.r(cx - 28, ty, 56, 60)
            if t is None:
                pygame.draw.rect(surf, theme.LINE, tile, 1, border_radius=L.n(5))
                self._tip(tile, msg("wm.view.rnd.no_tile", weather=T.weather(b)))
            else:
                x_ = D.extremes[t]
                pygame.draw.rect(surf, va.CHEM_RGB[b], tile, border_radius=L.n(5))
                pygame.draw.rect(surf, theme.INK_SOFT, tile, 1, border_radius=L.n(5))
                ink = va.readable_on(va.CHEM_RGB[b])
                self._label(surf, msg("wm.view.rnd.tile_head", weather=T.weather(b), level=x_.level),
                            L.r(cx - 27, ty + 1, 54, 17), 12, ink, bold=True)
                self._label(surf, msg("wm.view.sci", n=x_.science), L.r(cx - 26, ty + 19, 28, 17), 12,
                            ink, align="left")
                for k, colour in enumerate(x_.top_parts):
                    img = self.paint.tinted("part", L.n(12), va.PART_RGB[colour])
                    surf.blit(img, img.get_rect(center=L.p(cx + 20 - 13 * k, ty + 27)))
                # the tile's spaces along the bottom: each holds a player's Breakthrough marker,
                # a Government marker (a Government Machine branch ran) or nothing
                nb = len(x_.breakthrough)
                for k in range(nb):
                    c = L.p(cx - 20 + 13 * k, ty + 48)
                    occ = s.ew_bt[b][k]
                    pygame.draw.circle(surf, (255, 255, 255), c, L.n(6))
                    pygame.draw.circle(surf, theme.INK_SOFT, c, L.n(6), 1)
                    if occ == GOVERNMENT_MARKER:
                        g = pygame.Rect(0, 0, L.n(11), L.n(11))
                        g.center = c
                        pygame.draw.rect(surf, va.LOC_RGB[GOVERNMENT], g)
                        pygame.draw.rect(surf, theme.INK_SOFT, g, 1)
                        held = "government"
                    elif occ >= 0:
                        img = self._disc(occ, L.n(13), letter=False)
                        surf.blit(img, img.get_rect(center=c))
                        held = "seat"
                    else:
                        held = "empty"
                    self._tip(pygame.Rect(c[0] - L.n(7), c[1] - L.n(7), L.n(13), L.n(14)),
                              msg(f"wm.view.rnd.bt_{held}", n=k + 1, tile=T.extreme(t),
                                  name=self._who(occ) if occ >= 0 else "",
                                  benefits=T.benefits(x_.breakthrough[k])))
                need = commas([T.part_colour(c) for c in x_.top_parts]) or msg("wm.view.none")
                self._tip(tile, msg("wm.view.rnd.tile", tile=cap(T.extreme(t)), n=x_.science, parts=need,
                                    stack=len(s.ew_stack[b])))
            # research spaces, bottom space 0 drawn lowest
            for i in range(3):
                ry = ty + 63 + (2 - i) * 21
                r = L.r(cx - 10, ry, 20, 20)
                pygame.draw.rect(surf, (240, 234, 248), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[RND], r, 1, border_radius=L.n(4))
                occ = s.rnd[b][i]
                paid = s.rnd_chem[b][i]
                want = D.rnd_chemical[b][i]
                chem = self.paint.tinted("chemical", L.n(14), va.CHEM_RGB[paid if paid >= 0 else want])
                cbox = chem.get_rect(center=L.p(cx - 20, ry + 10))
                if paid < 0:
                    chem = chem.copy()
                    chem.set_alpha(110)
                surf.blit(chem, cbox)
                part = self.paint.tinted("part", L.n(14), va.PART_RGB[D.rnd_parts[b][i]])
                surf.blit(part, part.get_rect(center=L.p(cx + 20, ry + 10)))
                if occ >= 0:
                    img = self._bot(occ, L.n(20))
                    surf.blit(img, img.get_rect(center=r.center))
                elif occ == SABOTEUR:
                    self._board_sab_bot(surf, r)
                self._space(("rnd", b, i), r)
                self._tip(L.r(cx - 28, ry, 56, 21), lines(
                    msg("wm.view.rnd.space_bot" if occ >= 0 else
                        "wm.view.solo.rnd_space_bot" if occ == SABOTEUR else "wm.view.rnd.space_empty",
                        space=T.branch_space(i), weather=T.weather(b),
                        name=self._who(occ) if occ >= 0 else "",
                        colour=T.part_colour(D.rnd_parts[b][i]), chemical=T.chemical_name(want),
                        benefits=T.benefits(D.rnd_benefit[i])),
                    msg("wm.view.rnd.bottom_extra") if i == 0 else None))
            self._token_stack(surf, f"R:{b}", s.rnd_tokens[b], (cx - 14, ty + 127, 28, 17),
                              msg("wm.view.rnd.tokens", weather=T.weather(b), n=s.rnd_tokens[b]))

    # -- Lativ's Office: turn order, initiative, reserve in its band; the Funding tracks -------

    def _draw_office(self, surf: pygame.Surface, s: WMState) -> Iterator[None]:
        L = self.L
        x, y, w, h = PANELS[OFFICE]
        ink = va.readable_on(va.LOC_RGB[OFFICE])
        self._label(surf, msg("wm.view.title.office"), L.r(x + 6, y, 124, HEAD_H), 13, ink, bold=True,
                    align="left")
        here = L.r(x + 134, y + 2, 18, 18)
        if s.lativ_loc == OFFICE:
            surf.blit(self.paint.svg("lativ", here.w), here)
        else:
            pygame.draw.circle(surf, (255, 255, 255), here.center, here.w // 2, 1)
        self._tip(here, msg("wm.view.office.lativ_here" if s.lativ_loc == OFFICE
                            else "wm.view.office.lativ_away"))
        for row, (label, order, lx, lw) in enumerate(
                ((msg("wm.view.office.turn_order"), s.turn_order, 156, 72),
                 (msg("wm.view.office.initiative"), s.initiative, 302, 64))):
            self._label(surf, label, L.r(x + lx, y, lw, HEAD_H), 12, ink, bold=True, align="right")
            for i, seat in enumerate(order):
                c = L.p(x + lx + lw + 11 + i * 17, y + HEAD_H / 2)
                img = self._disc(seat, L.n(16))
                surf.blit(img, img.get_rect(center=c))
                self._tip(img.get_rect(center=c), lines(
                    msg("wm.view.office.order_tip", order=label, name=self._who(seat), ordinal=T.ORDINALS[i]),
                    msg("wm.view.office.initiative_tip") if row == 1 else None))
        # the reserve
        nob = L.r(x + 442, y + 2, 18, 18)
        if s.nobel_left:
            surf.blit(self.paint.svg("nobel", nob.w), nob)
        else:
            pygame.draw.circle(surf, theme.LINE, nob.center, nob.w // 2, 1)
        self._tip(nob, msg("wm.view.office.nobel" if s.nobel_left else "wm.view.office.nobel_taken"))
        aw = L.r(x + 464, y + 2, 18, 18)
        surf.blit(self.paint.svg("award", aw.w), aw)
        self._label(surf, f"{s.awards_left}", L.r(x + 483, y, 20, HEAD_H), 12, ink, bold=True,
                    align="left")
        self._tip(L.r(x + 464, y, 40, HEAD_H), msg("wm.view.office.awards", n=s.awards_left))
        rnd = L.r(x + 506, y, w - 512, HEAD_H)
        self._label(surf, msg("wm.view.office.round_of" if s.final_round else "wm.view.office.round",
                              n=s.round, last=s.final_round), rnd, 12, ink, bold=True, align="right")
        triggers = [R.trigger_words(s, t) for t in s.triggers]
        self._tip(rnd, msg("wm.view.office.round_tip_final" if s.final_round else "wm.view.office.round_tip",
                           n=s.round, removed=s.removed_tokens, last=s.final_round,
                           triggers=joined("wm.view.semicolon", triggers)))
        yield
        # Funding tracks: the end-of-game CP and the markers on a cell's first line, its benefit
        # on the second
        fy = y + HEAD_H
        cw = (w - 44) / D.funding_length
        for t in range(3):
            yield
            ry = fy + t * 34
            loc = (GOVERNMENT, LAB, RND)[t]
            self._label(surf, va.voucher_short(t + 1), L.r(x + 4, ry, 38, 34), 13, va.LOC_RGB[loc],
                        bold=True, align="left")
            for i in range(D.funding_length):
                cx0 = x + 42 + i * cw
                r = L.r(cx0, ry, cw - 2, 34)
                pygame.draw.rect(surf, (246, 246, 250), r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.LOC_RGB[loc], r, 1, border_radius=L.n(4))
                if t == 0:
                    ben = D.funding_gov[i]
                    what = va.short_benefits(ben)
                    full = T.benefits(ben)
                    how = msg("wm.view.fund.gov_how")
                elif t == 1:
                    what = msg("wm.view.fund.lab_short_sci" if D.funding_lab_science[i] else
                               "wm.view.fund.lab_short", n=D.funding_lab_modifier[i])
                    full = msg("wm.view.fund.lab_full", sci=D.funding_lab_science[i],
                               n=D.funding_lab_modifier[i])
                    how = msg("wm.view.fund.lab_how")
                else:
                    ben = D.funding_rnd[i]
                    what = va.short_benefits(ben)
                    full = T.benefits(ben)
                    how = msg("wm.view.fund.rnd_how")
                self._label(surf, f"{D.funding_end_cp[i]}", L.r(cx0 + 2, ry, 16, 17), 12,
                            theme.MUTED, align="left")
                if t == 1:
                    self._label(surf, what, L.r(cx0 + 1, ry + 17, cw - 4, 17), 12, theme.INK_SOFT)
                else:
                    self._benefit(surf, ben, L.r(cx0 + 1, ry + 17, cw - 4, 17), 12, theme.INK_SOFT)
                on = [seat for seat, p in enumerate(s.pl) if p.funding[t] == i]
                # Three markers fit right of the CP number; with more, the third place shows how
                # many others share the space (the tooltip names them).
                shown = on if len(on) <= 3 else on[:2]
                for k, seat in enumerate(shown):
                    img = self._disc(seat, L.n(14))
                    surf.blit(img, img.get_rect(center=L.p(cx0 + 27 + 15 * k, ry + 9)))
                if len(on) > 3:
                    self._label(surf, f"+{len(on) - 2}", L.r(cx0 + 50, ry, cw - 52, 17), 12,
                                theme.INK, bold=True, align="left")
                names = commas([self._who(seat) for seat in on])
                self._tip(r, lines(msg(f"wm.view.fund.tip.{T.TRACK_KEYS[t]}", n=i + 1, full=full,
                                       cp=D.funding_end_cp[i]), how,
                                   msg("wm.view.fund.markers", names=names) if names else None))
