"""The Weather Machine player's Laboratory, drawn for :class:`~.view.WeatherMachineView` (a
mixin that uses the view's helpers): one tab per player, and the shown Laboratory's Voucher
tracks, Assembly Line, Office rows with the tokens waiting to be placed, Goal spaces and Goal
tiles, the Workshop with its tiles, Bots, Machine Parts and Chemicals (and the tile being
placed), and the Subsidy and Investment tiles, papers and awards beside it. Every text is a
catalogue message (``locale/en/view.json``).
"""

from __future__ import annotations

from typing import Iterator

import pygame

from weather_tabletop.i18n import Msg, msg, tr
from weather_tabletop.ui import theme
from weather_tabletop.ui.table_view import Piece

from . import board as B
from . import view_art as va
from . import words as T
from .board import D, W
from .data import GOVERNMENT, V_SCI
from .solo_state import SABOTEUR
from .state import PlayerState, WMState
from .view_layout import (GOAL_HAND, GOALS, LINE, OFFICE_ROWS, TABS, TILES_BESIDE, VOUCHERS,
                          WORKSHOP)
from .view_text import cap, commas, lines


class LaboratoryPanels:
    """The players' tabs and the shown Laboratory (mixed into the table view)."""

    # -- the Laboratories ----------------------------------------------------------------------

    def _draw_tabs(self, surf: pygame.Surface, s: WMState, shown: int) -> None:
        """One tab per player: the colour token (its shape with colour-blind markings), the
        name, the CP, and "to act" on the seat the rules wait for; solo: the Saboteurs' tab
        after the player's (``view_solo``)."""
        L = self.L
        x, y, w, h = TABS
        n = s.players + (1 if s.solo is not None else 0)
        gap = 4
        tw = (w - gap * (n - 1)) / n
        acting = self.game.to_act(s)
        for seat in range(s.players):
            tx = x + seat * (tw + gap)
            r = L.r(tx, y, tw, h + 2)
            rgb = self._seat_rgb(seat)
            on = seat == shown
            pygame.draw.rect(surf, (250, 247, 240) if on else (226, 232, 238), r,
                             border_top_left_radius=L.n(8), border_top_right_radius=L.n(8))
            pygame.draw.rect(surf, rgb, (r.x, r.y, r.w, L.n(4)), border_top_left_radius=L.n(8),
                             border_top_right_radius=L.n(8))
            if seat in acting:
                pygame.draw.rect(surf, theme.HIGHLIGHT, r, L.n(2), border_top_left_radius=L.n(8),
                                 border_top_right_radius=L.n(8))
            token = self._disc(seat, L.n(20))
            surf.blit(token, token.get_rect(center=L.p(tx + 14, y + 20)))
            self._label(surf, self._who(seat), L.r(tx + 27, y + 3, tw - 30, 17), 13, theme.INK,
                        bold=on, align="left")
            line2 = tr("wm.view.tab.to_act_cp" if seat in acting else "wm.view.cp", n=s.pl[seat].cp)
            box2 = L.r(tx + 27, y + 20, tw - 30, 17)
            if self.ctx.text.lay(line2, box2.w, box2.h, L.font(12), bold=True).cut:
                line2 = tr("wm.view.tab.to_act") if seat in acting else line2  # the CP stay in the tooltip
            self._label(surf, line2, box2, 12,
                        theme.INK if seat in acting else theme.MUTED, bold=seat in acting, align="left")
            self._tabs.append((self._abs(r), seat))
            key = "wm.view.tab.lab" + ("_end" if s.pl[seat].end_cp else "") + ("_shown" if on else "")
            self._tip(r, lines(msg(key, name=self._who(seat), n=s.pl[seat].cp, end=s.pl[seat].end_cp),
                               msg("wm.view.tab.their_turn") if seat in acting else None))
        if s.solo is not None:
            self._draw_saboteurs_tab(surf, s, x + s.players * (tw + gap), tw, shown == SABOTEUR)

    def _draw_laboratory(self, surf: pygame.Surface, s: WMState, seat_shown: int,
                         viewer: int | None) -> Iterator[None]:
        p = s.pl[seat_shown]
        mine = viewer == seat_shown
        yield
        self._draw_vouchers(surf, p)
        yield
        self._draw_line(surf, p, seat_shown, mine)
        yield
        self._draw_office_rows(surf, s, p, seat_shown, mine)
        yield
        self._draw_goals(surf, p, mine)
        yield
        self._draw_workshop(surf, s, p, seat_shown, mine)
        self._draw_tiles_beside(surf, p)

    def _heading(self, surf: pygame.Surface, text: Msg, x: float, y: float, w: float) -> None:
        self._label(surf, text, self.L.r(x + 4, y, w - 4, 17), 13, theme.INK_SOFT, bold=True,
                    align="left")

    def _draw_vouchers(self, surf: pygame.Surface, p: PlayerState) -> None:
        """The Voucher tracks, each as its Voucher and the count out of the track's limit."""
        L = self.L
        x, y, w, h = VOUCHERS
        cell = w / 5
        for t in range(5):
            cx = x + t * cell
            icon = self.paint.voucher(t, L.n(22))
            surf.blit(icon, icon.get_rect(center=L.p(cx + 16, y + h / 2)))
            lim = D.voucher_limit[t]
            self._label(surf, f"{p.vouchers[t]}/{lim}", L.r(cx + 29, y + 3, cell - 31, 18), 13,
                        theme.INK, bold=True, align="left")
            self._tip(L.r(cx, y, cell, h), lines(
                msg(f"wm.view.vouchers.{va.VOUCHER_KEYS[t]}", n=p.vouchers[t], limit=lim),
                msg("wm.view.vouchers.science_any") if t == V_SCI else None,
                msg("wm.view.vouchers.room")))

    def _draw_line(self, surf: pygame.Surface, p: PlayerState, seat: int, mine: bool) -> None:
        """The Assembly Line: 4 sections of 3 slots, their costs, unlocks, benefits and income."""
        L = self.L
        x, y, w, h = LINE
        self._heading(surf, msg("wm.view.line.heading"), x, y, w)
        built = 12 - sum(p.line)
        for sec in range(4):
            ry = y + 20 + sec * 52
            opened = B.section_open(p, sec)
            head = L.r(x, ry, 38, 51)
            pygame.draw.rect(surf, (236, 240, 244) if opened else (214, 218, 224), head, border_radius=L.n(4))
            cost = L.r(x, ry + 2, 38, 17)  # in Supply Vouchers: their icon and the number
            self._icon_number(surf, self.paint.voucher(0, max(6, cost.h - L.n(2))), D.line_cost[sec],
                              cost, theme.INK)
            if D.line_unlock_bots[sec] and opened:
                self._label(surf, msg("wm.view.line.open"), L.r(x, ry + 32, 38, 17), 12, theme.MUTED)
            elif D.line_unlock_bots[sec]:  # what opens it: the Bots' and the tokens' icons
                self._unlock_row(surf, "bot", D.line_unlock_bots[sec], L.r(x, ry + 19, 38, 15))
                self._unlock_row(surf, "token", D.line_unlock_tokens[sec], L.r(x, ry + 34, 38, 15))
            unlock = (msg("wm.view.line.opens_open" if opened else "wm.view.line.opens_locked",
                          bots=D.line_unlock_bots[sec], built=built, tokens=D.line_unlock_tokens[sec],
                          have=B.office_tokens(p))
                      if D.line_unlock_bots[sec] else None)
            self._tip(head, lines(msg("wm.view.line.section", section=sec + 1, n=D.line_cost[sec]),
                                  unlock))
            for k in range(3):
                slot = sec * 3 + k
                sx = x + 40 + k * 46
                r = L.r(sx, ry, 44, 51)
                pygame.draw.rect(surf, (255, 255, 255), r, border_radius=L.n(4))
                pygame.draw.rect(surf, theme.LINE, r, 1, border_radius=L.n(4))
                if D.line_benefit[slot]:
                    self._benefit(surf, D.line_benefit[slot], L.r(sx, ry + 33, 44, 17), 12,
                                  theme.INK_SOFT)
                else:
                    self._label(surf, msg("wm.view.line.none"), L.r(sx, ry + 33, 44, 17), 12,
                                theme.INK_SOFT)
                income = D.line_income[slot] if slot < 6 else ()
                if p.line[slot]:
                    img = self._bot(seat, L.n(28))
                    box = img.get_rect(center=L.p(sx + 22, ry + 16))
                    if mine and self._movable("line", slot):
                        self._lit(surf, box)
                    surf.blit(img, box)
                    if mine:
                        self._pieces.append(Piece(("line", slot), self._abs(box), tr("wm.view.bot"), seat,
                                                  img))
                elif income:
                    self._label(surf, va.short_benefits(income), L.r(sx, ry + 6, 44, 20), 12, theme.TEAL)
                key = ("wm.view.line.slot" + ("_bot" if p.line[slot] else "")
                       + ("_gain" if D.line_benefit[slot] else "") + ("_income" if income else ""))
                self._tip(r, lines(msg(key, slot=T.line_slot(slot), benefits=T.benefits(D.line_benefit[slot]),
                                       income=T.benefits(income)),
                                   msg("wm.view.line.drag") if mine and p.line[slot]
                                   and self._movable("line", slot) else None))

    def _draw_office_rows(self, surf: pygame.Surface, s: WMState, p: PlayerState, seat: int,
                          mine: bool) -> None:
        L = self.L
        x, y, w, h = OFFICE_ROWS
        self._heading(surf, msg("wm.view.office.heading"), x, y, 56)
        # the space to the top left of the Office: tokens waiting to be placed (shown while any
        # is waiting; an empty box said nothing)
        waiting = list(p.pending_tokens) + ["A"] * p.pending_awards
        if waiting:
            wait = L.r(x + 58, y - 1, w - 58, 22)
            pygame.draw.rect(surf, (255, 250, 232), wait, border_radius=L.n(5))
            pygame.draw.rect(surf, theme.HIGHLIGHT, wait, 1, border_radius=L.n(5))
            self._tip(wait, msg("wm.view.office.waiting", tokens=commas([T.token(t) for t in waiting])))
        for k, tok in enumerate(waiting[:6]):
            img = self.paint.research_token(tok, L.n(20))
            box = img.get_rect(center=L.p(x + 70 + 22 * k, y + 10))
            movable = mine and self._movable("tok", tok)
            if movable:
                self._lit(surf, box, circle=True)
            surf.blit(img, box)
            if mine:
                self._pieces.append(Piece(("tok", tok), self._abs(box), tr(T.token(tok)), seat, img))
            self._tip(box, lines(msg("wm.view.office.token_waiting", token=cap(T.token(tok))),
                                 msg("wm.view.office.token_drag") if movable else None))
        cw, ch = 40, 24
        for r_ in range(6):
            ry = y + 22 + r_ * (ch + 2)
            for c in range(3):
                colour = D.office_colours[r_][c]
                r = L.r(x + c * (cw + 2), ry, cw, ch)
                pygame.draw.rect(surf, va.PALE[colour], r, border_radius=L.n(4))
                pygame.draw.rect(surf, va.TOKEN_RGB[colour], r, 1, border_radius=L.n(4))
                ben = D.office_benefit[r_][c]
                cell = p.office[r_][c]
                if cell:
                    img = self.paint.research_token(cell, L.n(22))
                    surf.blit(img, img.get_rect(center=r.center))
                elif ben:
                    self._benefit(surf, ben, r, 12, theme.INK_SOFT)
                self._space(("office", r_, c), r)
                self._tip(r, msg("wm.view.office.cell" + ("_gain" if ben else "") + ("_holds" if cell else ""),
                                 space=cap(T.office_space(r_, c)), colour=T.TOKEN_COLOURS[colour],
                                 benefits=T.benefits(ben), token=T.token(cell) if cell else ""))
            # the Breakthrough marker: next to the tokens, slid right (published) or gone
            bt = p.breakthrough[r_]
            tx = x + 3 * (cw + 2)
            track = L.r(tx, ry, w - 3 * (cw + 2), ch)
            pygame.draw.rect(surf, (255, 255, 255), track, border_radius=L.n(4))
            pygame.draw.rect(surf, theme.LINE, track, 1, border_radius=L.n(4))
            self._benefit(surf, D.slide_benefit[r_], L.r(tx + 15, ry, w - 3 * (cw + 2) - 30, ch), 12,
                          theme.MUTED)
            if bt < 2:
                img = self._disc(seat, L.n(13), letter=False)
                c = L.p(tx + 8, ry + ch / 2) if bt == 0 else L.p(x + w - 8, ry + ch / 2)
                surf.blit(img, img.get_rect(center=c))
            state = ("next", "published")[bt] if bt < 2 else "used"
            self._tip(track, msg(f"wm.view.office.bt_{state}", n=r_ + 1,
                                 benefits=T.benefits(D.slide_benefit[r_])))

    def _draw_goals(self, surf: pygame.Surface, p: PlayerState, mine: bool) -> None:
        L = self.L
        x, y, w, h = GOALS
        self._heading(surf, msg("wm.view.goals.heading"), x, y, w)
        placed = {sp: (g, f) for sp, g, f in p.goals_set}
        gw, gh = (w - 4) / 3, 37
        for sp in range(6):
            colour = D.goal_space_colours[sp]
            r = L.r(x + (sp % 3) * (gw + 2), y + 20 + (sp // 3) * (gh + 2), gw, gh)
            pygame.draw.rect(surf, va.PALE[colour], r, border_radius=L.n(4))
            pygame.draw.rect(surf, va.TOKEN_RGB[colour], r, L.n(2), border_radius=L.n(4))
            self._space(("goal", sp), r)
            if sp in placed:
                g, flipped = placed[sp]
                self._goal_face(surf, g, r.inflate(-L.n(2), -L.n(2)), flipped)
                self._tip(r, msg("wm.view.goals.space_set_flipped" if flipped else "wm.view.goals.space_set",
                                 space=cap(T.goal_space(sp)), goal=T.goal(g)))
            else:
                self._label(surf, va.short_benefits(D.goal_space_benefit[sp]), r, 12, theme.INK_SOFT)
                self._tip(r, msg("wm.view.goals.space_empty", space=cap(T.goal_space(sp)),
                                 benefits=T.benefits(D.goal_space_benefit[sp])))
        # goal tiles below the Laboratory: three rows of three (narrower when there are more)
        hx, hy, hw, hh = GOAL_HAND
        self._heading(surf, msg("wm.view.goals.hand"), hx, hy, hw)
        hand = p.goals_hand
        cols = max(3, -(-len(hand) // 3))
        rows = max(1, -(-len(hand) // cols))
        tw, th = (hw - 2 * (cols - 1)) / cols, min(40, (hh - 20 - 2 * (rows - 1)) / rows)
        for k, g in enumerate(hand):
            r = L.r(hx + (k % cols) * (tw + 2), hy + 20 + (k // cols) * (th + 2), tw, th)
            self._goal_face(surf, g, r, False)
            if mine:
                img = surf.subsurface(r).copy()
                movable = self._movable("goal", g)
                if movable:
                    pygame.draw.rect(surf, theme.HIGHLIGHT, r.inflate(L.n(4), L.n(4)), L.n(2), border_radius=L.n(4))
                self._pieces.append(Piece(("goal", g), self._abs(r), tr(T.goal(g)), None, img))
            else:
                movable = False
            self._tip(r, lines(msg("wm.view.goals.tile", goal=cap(T.goal(g)), set=D.goals[g].set),
                               msg("wm.view.goals.drag") if movable else None))

    def _unlock_row(self, surf: pygame.Surface, icon: str, n: int, r: pygame.Rect) -> None:
        """One condition that opens a section of the Assembly Line: the piece's icon and the
        number (the section's tooltip says it in words)."""
        img = self.paint.tinted(icon, max(6, r.h - self.L.n(1)), (120, 128, 138))
        self._icon_number(surf, img, n, r, theme.MUTED)

    def _icon_number(self, surf: pygame.Surface, img: pygame.Surface, n: int, r: pygame.Rect,
                     colour: tuple) -> None:
        """The game's icon and a number side by side, centred in ``r`` (the tooltip of the
        place says what they are in words)."""
        L = self.L
        num = self.ctx.text.render(str(n), L.font(12), colour, bold=True)
        x0 = r.centerx - (img.get_width() + L.n(2) + num.get_width()) // 2
        surf.blit(img, img.get_rect(midleft=(x0, r.centery)))
        surf.blit(num, num.get_rect(midleft=(x0 + img.get_width() + L.n(2), r.centery)))

    def _goal_face(self, surf: pygame.Surface, g: int, r: pygame.Rect, flipped: bool) -> None:
        L = self.L
        x = D.goals[g]
        fill = (40, 44, 52) if flipped else va.TOKEN_RGB[x.colour]
        pygame.draw.rect(surf, fill, r, border_radius=L.n(4))
        ink = (255, 255, 255)
        half = r.h // 2
        icon = va.METRIC_ICON.get(x.metric)
        if icon is None:  # the condition in words, its number below
            self._label(surf, va.metric_short(x.metric),
                        pygame.Rect(r.x + 1, r.y, r.w - 2, half), 12, ink)
            self._label(surf, f"{x.target}", pygame.Rect(r.x + 1, r.y + half, r.w - 2, r.h - half),
                        12, ink, bold=True)
            return
        # the game's icon and the number side by side, the word below (the tooltip says it all)
        word = tr(va.metric_short(x.metric))
        top = pygame.Rect(r.x + 1, r.y + 1, r.w - 2, (half if word else r.h) - 1)
        img = self.paint.metric_icon(icon, max(6, min(top.h - L.n(2), L.n(18))))
        num = self.ctx.text.render(f"{x.target}", self.L.font(13), ink, bold=True)
        gap = L.n(3)
        x0 = top.centerx - (img.get_width() + gap + num.get_width()) // 2
        at = img.get_rect(midleft=(x0, top.centery))
        # on a light backing: the icons are drawn in the Locations' colours, as the tiles are
        pygame.draw.rect(surf, (250, 250, 250), at.inflate(L.n(3), L.n(3)), border_radius=L.n(3))
        surf.blit(img, at)
        surf.blit(num, num.get_rect(midleft=(x0 + img.get_width() + gap, top.centery)))
        if word:
            self._label(surf, word, pygame.Rect(r.x + 1, r.y + half, r.w - 2, r.h - half), 12, ink)

    def _arrange(self, p: PlayerState) -> tuple[dict, list, dict]:
        """One arrangement of the Workshop's contents (the rules keep only counts): Chemicals on
        matching junctions (any one on the printed space), Parts and Bots on tiles."""
        g = B.grid(p)
        junctions = sorted(((c, r) for (r, c) in g if (r + 1, c) in g))
        chem_at: dict[tuple[int, int], int] = {}
        overflow: list[int] = []
        for w in range(W):
            n = p.chemicals[w]
            for c, r in junctions:
                if n and (r, c) not in chem_at and g[(r, c)][1] == w:
                    chem_at[(r, c)] = w
                    n -= 1
            overflow += [w] * n
        items: dict[tuple[int, int], str] = {}
        tiles = sorted(((c, r) for (r, c) in g))
        parts = [colour for colour in range(W) for _ in range(p.parts[colour])]
        bots = p.ws_bots
        if parts:
            items[(1, 0)] = f"p{parts.pop(0)}"
        if bots:
            items[(2, 0)] = "b"
            bots -= 1
        for c, r in tiles:
            if parts:
                items[(r, c)] = f"p{parts.pop(0)}"
            elif bots:
                items[(r, c)] = "b"
                bots -= 1
        return chem_at, overflow, items

    def _draw_workshop(self, surf: pygame.Surface, s: WMState, p: PlayerState, seat: int, mine: bool) -> None:
        L = self.L
        x, y, w, h = WORKSHOP
        self._heading(surf, msg("wm.view.workshop.heading"), x, y, 120)
        g = B.grid(p)
        maxc = max([c for _r, c in g] + [0])
        pending = self._placing_tile() if s.stack and s.stack[-1].seat == seat else None
        ncols = maxc + 2
        top = y + 20
        cs = min((h - 22) / 3, (w - 8) / (ncols + (1.2 if pending is not None else 0)))
        x += 4
        area = L.r(x - 4, top - 4, w, 3 * cs + 6)
        self._space(("wsarea",), area)
        chem_at, overflow, items = self._arrange(p)
        for r in range(3):
            for c in range(ncols):
                cell = L.r(x + c * cs, top + r * cs, cs - 2, cs - 2)
                if c == 0:
                    pygame.draw.rect(surf, (236, 232, 222), cell, border_radius=L.n(5))
                    pygame.draw.rect(surf, theme.INK_SOFT, cell, 1, border_radius=L.n(5))
                    self._label(surf, msg(f"wm.view.workshop.short.{r}"),
                                pygame.Rect(cell.x, cell.bottom - L.n(18), cell.w, L.n(17)), 12,
                                theme.MUTED)
                    self._tip(cell, msg(f"wm.view.workshop.printed.{r}", row=T.ws_row(r)))
                elif (r, c) in g:
                    t = next(t for rr, cc, t, f in p.tiles if (rr, cc) == (r, c))
                    f = next(f for rr, cc, t, f in p.tiles if (rr, cc) == (r, c))
                    surf.blit(self.paint.tile(t, f, cell.w), cell)
                    self._tip(cell, msg("wm.view.workshop.tile", tile=cap(T.tile(t)), row=T.ws_row(r)))
                else:
                    if c > maxc + 1:
                        continue
                    pygame.draw.rect(surf, (226, 222, 212), cell, 1, border_radius=L.n(5))
                if c >= 1 and (r, c) not in g:
                    self._space(("ws", r, c), cell)
                # contents
                it = items.get((r, c))
                if it:  # on the printed space: above its name
                    centre = (cell.centerx, cell.centery - (round(cell.h * 0.16) if c == 0 else 0))
                    if it == "b":
                        img = self._bot(seat, round(cell.w * 0.5))
                        box = img.get_rect(center=centre)
                        movable = mine and self._movable("bot")
                        if movable:
                            self._lit(surf, box)
                        surf.blit(img, box)
                        if mine:
                            self._pieces.append(Piece(("bot", (r, c)), self._abs(box), tr("wm.view.bot"),
                                                      seat, img))
                        self._tip(box, lines(msg("wm.view.workshop.bot", name=self._who(seat)),
                                             msg("wm.view.workshop.bot_drag") if movable else None))
                    else:
                        colour = int(it[1:])
                        img = self.paint.tinted("part", round(cell.w * 0.45), va.PART_RGB[colour])
                        surf.blit(img, img.get_rect(center=centre))
                        self._tip(img.get_rect(center=centre), msg("wm.view.workshop.part",
                                                                   part=cap(T.part(colour)),
                                                                   row=T.ws_row(r)))
        # chemicals: on junctions and the printed top-left space
        spots = [((r, c), L.p(x + c * cs + cs / 2 - 1, top + (r + 1) * cs - 1)) for (r, c) in chem_at]
        if overflow:
            spots.append(((-1, 0), L.p(x + cs / 2 - 1, top + cs / 2 - 4)))
        for key, centre in spots:
            wi = chem_at[key] if key in chem_at else overflow[0]
            img = self.paint.tinted("chemical", round(cs * L.k * 0.42), va.CHEM_RGB[wi])
            box = img.get_rect(center=centre)
            movable = mine and self._movable("wschem", wi)
            if movable:
                self._lit(surf, box, circle=True)
            surf.blit(img, box)
            if mine:
                self._pieces.append(Piece(("wschem", wi), self._abs(box), tr(T.chemical_proper(wi)), seat,
                                          img))
            sec = None
            slot = B.supply_rightmost_empty(s, wi)
            if slot is not None:
                sec = D.chem_section[slot]
            self._tip(box, lines(msg("wm.view.workshop.chemical", chemical=cap(T.chemical_name(wi))),
                                 msg("wm.view.workshop.chemical_drag", n=D.chem_return[sec])
                                 if movable and sec is not None else None))
        # the tile being placed, beside the Workshop
        if pending is not None:
            r = L.r(x + ncols * cs + 0.15 * cs, top + cs, cs - 2, cs - 2)
            img = self.paint.tile(pending, self.flip, r.w)
            movable = mine and self._movable("newtile")
            if movable:
                self._lit(surf, r)
            surf.blit(img, r)
            self._label(surf, msg("wm.view.workshop.turn"), pygame.Rect(r.x - L.n(4), r.bottom + L.n(2), r.w + L.n(8),
                                                     L.n(17)), 12, theme.MUTED)
            if mine:
                self._pieces.append(Piece(("newtile", pending), self._abs(r), tr(T.tile(pending)), seat, img))
            self._tip(r, msg("wm.view.workshop.new_tile", tile=cap(T.tile(pending))))

    def _draw_tiles_beside(self, surf: pygame.Surface, p: PlayerState) -> None:
        """Subsidy and Investment tiles to the left of the Laboratory, and the papers and
        awards."""
        L = self.L
        x, y, w, h = TILES_BESIDE
        shown = p.subsidies[:6]
        for k, (tid, up) in enumerate(shown):
            r = L.r(x + k * 47, y, 44, 24)
            kind = D.subsidy_types[D.subsidy_tiles[tid]]
            pygame.draw.rect(surf, va.LOC_RGB[GOVERNMENT] if up else (205, 212, 220), r, border_radius=L.n(4))
            self._label(surf, va.subsidy_short(kind), r, 12, (255, 255, 255) if up else theme.INK_SOFT,
                        bold=True)
            self._tip(r, lines(msg("wm.view.beside.subsidy_up" if up else "wm.view.beside.subsidy_flipped",
                                   subsidy=cap(T.subsidy(tid)), benefit=T.benefit(kind)),
                               msg("wm.view.beside.subsidies", n=len(p.subsidies))
                               if len(p.subsidies) > 6 else None))
        r = L.r(x + len(shown) * 47, y, min(96, w - len(shown) * 47), 24)
        pygame.draw.rect(surf, (252, 236, 196), r, border_radius=L.n(4))
        pygame.draw.rect(surf, theme.SUN, r, 1, border_radius=L.n(4))
        self._label(surf, msg("wm.view.beside.invest", n=p.investments), r.inflate(-L.n(4), 0), 12,
                    theme.INK)
        self._tip(r, msg("wm.view.beside.invest_tip", n=p.investments))
        info = msg("wm.view.beside.info" + ("_nobel" if p.nobel else "") + ("_end" if p.end_cp else ""),
                   papers=p.papers, awards=p.awards, end=p.end_cp)
        self._label(surf, info, L.r(x + 4, y + 28, w - 8, 20), 13, theme.INK_SOFT, bold=True, align="left")
