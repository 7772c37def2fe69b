"""The final score breakdown: one row per seat by rank (ties share a rank), one column per
scoring category, and the total. With more categories than fit side by side, the table turns:
one row per category, one column per seat by rank.

A game's table view class may add ``score_details(game, match, names)`` returning
``(rows, notes)``: ``rows`` maps a seat to its ``(category, value)`` pairs shown instead of the
rules' breakdown (in words, adding up to the total), ``notes`` are sentences shown under the
table (e.g. which tiebreaker decided). A note may also be a :class:`SidePanel`: rows shown in a
panel beside the table (a solo game's result against the game's own opponent), scrolled with the
wheel or its ▲ ▼ buttons when they do not fit."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from ... import games
from ...engine.protocol import ScoreLine
from ...i18n import join, tr
from .. import theme, widgets
from ..scene import Scene
from ..score_table import MISSING, categories, cell_text, heading, seat_colour
from ..session import Session
from ..table_view import draw_token


#: the colours of a condition met (a tick) and not met (a cross): shapes that differ as well
MET = pygame.Color("#2E8B57")
NOT_MET = pygame.Color("#C0392B")


@dataclass(frozen=True)
class PanelRow:
    """A row of a :class:`SidePanel`, rendered text: ``style`` "heading", "strong", "text" or
    "level" (its text at the left, its ``items`` beside it); ``mark`` ticks (True) or crosses
    (False) the row; ``items`` are short texts each ticked or crossed."""
    text: str
    style: str = "text"
    mark: bool | None = None
    items: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class SidePanel:
    """Rows the score screen shows in a panel beside its table."""
    rows: tuple[PanelRow, ...]


def hints_note(session: Session) -> str:
    """How many hints each person took (issue 21: counted from the game's file, so the count
    survives closing and reopening the game); "" when the game was set up without hints or
    has no person at the table."""
    from ..hints import allowed, taken

    seats = session.config.seats
    people = [i for i, seat in enumerate(seats) if not seat.is_computer]
    if not people or not allowed(session):
        return ""
    counts = taken(session)
    if not any(counts.get(i, 0) for i in people):
        return tr("hint.scores_none")
    return tr("hint.scores_note", list=join([tr("hint.taken", name=seats[i].name, n=counts.get(i, 0))
                                             for i in people]))


def ranked(lines: list[ScoreLine]) -> list[tuple[ScoreLine, bool]]:
    """Lines by rank then seat, each with whether its rank is shared."""
    counts: dict[int, int] = {}
    for s in lines:
        counts[s.rank] = counts.get(s.rank, 0) + 1
    return [(s, counts[s.rank] > 1) for s in sorted(lines, key=lambda s: (s.rank, s.seat))]


class ScoresScene(Scene):
    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.name = tr("scores.title")
        match = session.match
        state = match.state if match.is_over() else session.game.view(match.state, None)
        self.lines = ranked(list(session.game.scores(state)))
        self.rows: dict[int, list[tuple[str, object]]] = {s.seat: list(s.breakdown) for s, _ in self.lines}
        self.notes: list[str] = []
        view_cls = games.view_class(session.game.id)
        hook = getattr(view_cls, "score_details", None)
        if hook is not None:
            rows, self.notes = hook(session.game, match, [seat.name for seat in session.config.seats])
            self.rows.update(rows)
        self.panel = next((n for n in self.notes if isinstance(n, SidePanel)), None)
        self.notes = [n for n in self.notes if isinstance(n, str)]
        hints = hints_note(session)
        if hints:
            self.notes = [*self.notes, hints]
        self._table_w = 0  # the table's width (less than the page's beside a panel)
        self._panel_rect: pygame.Rect | None = None
        self._panel_img: pygame.Surface | None = None  # the panel's rows, all of them
        self._panel_cuts: list[int] = []  # where the rows' image may be cut (whole lines)
        self._panel_scroll = 0  # pixels of the rows scrolled past
        self._panel_arrows: list[tuple[pygame.Rect, int, bool, object]] = []
        self.back = self.menu = None
        self._tokens: list[tuple[tuple[int, int], int]] = []
        self._texts: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._rule: pygame.Rect | None = None
        self._first = 0  # the first category row shown when they do not all fit
        self._arrows: list[tuple[pygame.Rect, int, bool, object]] = []  # spot, step, on, button

    def headline(self) -> str:
        seats = self.session.config.seats
        if not self.session.match.is_over():
            return tr("scores.not_over")
        winners = [seats[s.seat].name for s, _ in self.lines if s.rank == 1]
        if len(winners) > 1:
            return tr("scores.shared_win", names=join(winners))
        if winners:
            return tr("scores.wins", name=winners[0])
        # nobody at the table ranks first: the game's own opponent (an Automa) won
        beaten = getattr(self.session.game, "opponent_wins", None)
        return tr(beaten) if beaten else tr("scores.nobody_wins")

    def build(self) -> None:
        w, h = self.app.size
        m = self.px(48)
        bw = self.px(240)
        self._tokens = []
        # the buttons beside the title, as on the other pages: the table has the height below
        widgets.label(self, pygame.Rect(m, self.px(28), w - 2 * m - 2 * bw - self.px(32),
                                        self.px(56)), self.name, object_id="#title")
        widgets.label(self, pygame.Rect(m, self.px(84), w - 2 * m, self.px(34)), self.headline(),
                      object_id="#heading")
        cats = categories(self.rows[s.seat] for s, _ in self.lines)
        self._texts = []
        self._arrows = []
        self._panel_arrows = []
        self._table_w = w - 2 * m
        if self.panel is not None:  # the panel at the right, the table beside it
            self._table_w = max(min(self._table_w // 2, self.px(480)), self._table_w * 2 // 5)
        notes_h = self._notes_height(self._table_w)
        most = h - self.px(136) - self.px(24) - notes_h
        rank_w, name_w, total_w = self.px(150), self.px(280), self.px(120)
        room = self._table_w - rank_w - name_w - total_w - self.px(40)
        if sum(self._cat_widths(cats)) <= room:
            table = self._by_seat(m, cats, most)
        else:
            table = self._by_category(m, cats, most)
        width = self._table_w
        if self.panel is not None:
            gap = self.px(24)
            self._build_panel(pygame.Rect(m + self._table_w + gap, self.px(136),
                                          w - 2 * m - self._table_w - gap,
                                          h - self.px(136) - self.px(24)))
        y = table.bottom + self.px(12)
        for note in self.notes:
            img = self.app.text.render(note, self.px(17), theme.INK, width=width)
            self._texts.append((img, (m, y)))
            y += img.get_height() + self.px(6)
        top = self.px(32)
        self.back = widgets.button(self, pygame.Rect(w - m - 2 * bw - self.px(16), top, bw,
                                                     self.px(50)), tr("scores.back"),
                                   object_id="#secondary")
        self.menu = widgets.button(self, pygame.Rect(w - m - bw, top, bw, self.px(50)),
                                   tr("table.menu"))

    # -- the side panel ------------------------------------------------------------------

    def _build_panel(self, rect: pygame.Rect) -> None:
        """The panel's box at ``rect`` and its rows rendered once into one image; when they do
        not fit, ▲ ▼ buttons at its right scroll them."""
        widgets.panel(self, rect)
        pad = self.px(16)
        inner = rect.inflate(-2 * pad, -2 * pad)
        arrow = max(self.px(32), self.text_size("Ag", "button")[1] + self.px(6))
        img, cuts = self._panel_rows(inner.width)
        if img.get_height() > inner.height:
            img, cuts = self._panel_rows(inner.width - arrow - self.px(8))
            for step, y in ((-1, inner.y), (1, inner.bottom - arrow)):
                spot = pygame.Rect(inner.right - arrow, y, arrow, arrow)
                b = widgets.button(self, spot, "", object_id="#secondary")
                self._panel_arrows.append((spot, step, True, b))
        self._panel_rect, self._panel_img, self._panel_cuts = inner, img, cuts
        self._scroll_panel(0)

    def _panel_rows(self, width: int) -> tuple[pygame.Surface, list[int]]:
        """All the panel's rows, ``width`` wide: headings, sentences (ticked or crossed when
        they say met or not), and rows whose short items, each ticked or crossed, flow beside
        their text (under it when the panel is narrow); and the heights where the image may be
        cut without cutting a line of text (:func:`_whole_lines`)."""
        text = self.app.text
        size, small = self.px(17), self.px(15)
        mark = text.font(size).get_linesize()
        placed: list[tuple[pygame.Surface | bool, tuple[int, int], int]] = []  # image or mark
        y = 0
        for row in self.panel.rows:
            if row.style == "heading":
                y += self.px(6) if y else 0
                img = text.render(row.text, self.px(20), theme.INK, True, width=width)
                placed.append((img, (0, y), 0))
                y += img.get_height() + self.px(6)
                continue
            x = 0
            if row.mark is not None:
                placed.append((row.mark, (0, y), mark))
                x = mark + self.px(6)
            bold = row.style in ("strong", "level")
            left = width - x
            side = row.items and width >= self.px(420)
            if side:
                left = min(self.px(210), width * 9 // 25)
            img = text.render(row.text, size, theme.INK if bold else theme.INK_SOFT, bold,
                              width=left)
            placed.append((img, (x, y), 0))
            if not row.items:
                y += img.get_height() + self.px(8)
                continue
            ix = x0 = left + self.px(12) if side else self.px(16)
            iy = y if side else y + img.get_height() + self.px(2)
            line = text.font(small).get_linesize()
            tick = line - self.px(2)
            bottom = iy + line
            for words, met in row.items:
                room = width - x0 - tick - self.px(4)
                item = text.render(words, small, theme.INK, width=room)
                need = tick + self.px(4) + item.get_width()
                if ix > x0 and ix + need > width:
                    ix, iy = x0, bottom + self.px(2)
                placed.append((met, (ix, iy + (line - tick) // 2), tick))
                placed.append((item, (ix + tick + self.px(4), iy), 0))
                bottom = max(bottom, iy + item.get_height())
                ix += need + self.px(14)
            y = max(y + img.get_height(), bottom) + self.px(10)
        out = pygame.Surface((max(1, width), max(1, y)), pygame.SRCALPHA)
        spans: list[tuple[int, int, int]] = []  # top, bottom, line height of what is placed
        for what, (px_, py_), side_ in placed:
            if isinstance(what, bool):
                _draw_mark(out, pygame.Rect(px_, py_, side_, side_), what, max(2, self.px(3)))
                spans.append((py_, py_ + side_, side_))
            else:
                out.blit(what, (px_, py_))
                lines = max(1, round(what.get_height() / text.font(size).get_linesize()))
                spans.append((py_, py_ + what.get_height(), what.get_height() // lines))
        return out, _whole_lines(spans, out.get_height())

    def _scroll_panel(self, pixels: int) -> None:
        """Scroll the panel's rows by ``pixels`` (kept in range); the buttons show which way
        there is more."""
        if self._panel_rect is None or self._panel_img is None:
            return
        most = max(0, self._panel_img.get_height() - self._panel_rect.height)
        self._panel_scroll = max(0, min(most, self._panel_scroll + pixels))
        for k, (spot, step, _on, b) in enumerate(self._panel_arrows):
            on = self._panel_scroll > 0 if step < 0 else self._panel_scroll < most
            self._panel_arrows[k] = (spot, step, on, b)
            if on:
                b.enable()
            else:
                b.disable()

    def _notes_height(self, width: int) -> int:
        if not self.notes:
            return 0
        return sum(self.app.text.render(n, self.px(17), theme.INK, width=width).get_height()
                   + self.px(6) for n in self.notes) + self.px(12)

    def _cat_widths(self, cats: list[str]) -> list[int]:
        """The width each category's column needs for its heading whole (at least 90 px)."""
        return [max(self.px(90), self.text_size(heading(c), "#field", "label")[0] + self.px(16))
                for c in cats]

    def _rank_text(self, line: ScoreLine, shared: bool) -> str:
        return tr("scores.rank_shared", n=line.rank) if shared else tr("scores.rank_n", n=line.rank)

    def _by_seat(self, m: int, cats: list[str], most: int) -> pygame.Rect:
        """One row per seat, one column per category."""
        table = pygame.Rect(m, self.px(136), self._table_w,
                            min(most, self.px(40 + 28) + self.px(62) * len(self.lines) + self.px(20)))
        widgets.panel(self, table)
        rank_w, name_w, total_w = self.px(150), self.px(280), self.px(120)
        need = self._cat_widths(cats)
        spare = max(0, table.width - rank_w - name_w - total_w - self.px(40) - sum(need))
        widths = [n + spare // max(1, len(cats)) for n in need]  # each heading whole
        x0 = table.x + self.px(20)
        y = table.y + self.px(14)
        heads = [(tr("scores.rank"), rank_w), (tr("scores.player"), name_w)]
        heads += [(heading(c), cw) for c, cw in zip(cats, widths)]
        heads += [(tr("scores.total"), total_w)]
        x = x0
        for text, width in heads:
            widgets.label(self, pygame.Rect(x, y, width - self.px(6), self.px(30)), text,
                          object_id="#field")
            x += width
        y += self.px(40)
        row_h = min(self.px(62), (table.bottom - y - self.px(10)) // max(1, len(self.lines)))
        seats = self.session.config.seats
        for line, shared in self.lines:
            if line.rank == 1:
                widgets.panel(self, pygame.Rect(table.x + self.px(8), y - self.px(4),
                                                table.width - self.px(16), row_h - self.px(4)),
                              object_id="#winner_row")
            x = x0
            widgets.label(self, pygame.Rect(x, y, rank_w, row_h - self.px(8)),
                          self._rank_text(line, shared), object_id="#heading")
            x += rank_w
            self._tokens.append(((x + self.px(18), y + (row_h - self.px(8)) // 2), line.seat))
            widgets.label(self, pygame.Rect(x + self.px(44), y, name_w - self.px(44), row_h - self.px(8)),
                          seats[line.seat].name, object_id="#heading")
            x += name_w
            values = dict(self.rows[line.seat])
            for c, cw in zip(cats, widths):
                widgets.label(self, pygame.Rect(x, y, cw, row_h - self.px(8)),
                              cell_text(values.get(c, MISSING)), object_id="#value")
                x += cw
            widgets.label(self, pygame.Rect(x, y, total_w, row_h - self.px(8)), str(line.total),
                          object_id="#heading")
            y += row_h
        return table

    def _by_category(self, m: int, cats: list[str], most: int) -> pygame.Rect:
        """One row per category, one column per seat by rank (many categories). When the rows
        do not fit (a large UI scale), as many as fit from ``_first`` with ▲ ▼ buttons (and
        the wheel, Page Up/Down) to scroll them; the total stays below them."""
        n = max(1, len(self.lines))
        head_h = self.px(72)
        row_h = max(self.px(28), min(self.px(36), (most - head_h - self.px(30)) // (len(cats) + 1)))
        fit = max(2, (most - head_h - self.px(30)) // row_h - 1)
        arrow = 0
        if fit < len(cats):
            self._first = max(0, min(self._first, len(cats) - fit))
            shown = cats[self._first:self._first + fit]
            arrow = max(self.px(36), self.text_size("Ag", "button")[1] + self.px(8))
        else:
            self._first, shown = 0, cats
        table = pygame.Rect(m, self.px(136), self._table_w,
                            head_h + row_h * (len(shown) + 1) + self.px(30))
        widgets.panel(self, table)
        longest = max((self.text_size(heading(c), "#field", "label")[0] for c in cats), default=0)
        # beside a panel: only the width the headings need, the values the rest
        least, twentieths = (self.px(300), 9) if self.panel is None else (0, 11)
        label_w = max(least, min(longest + self.px(16), table.width * twentieths // 20))
        col_w = min(self.px(300), (table.width - label_w - self.px(40) - arrow) // n)
        if arrow:
            top_row = table.y + self.px(12) + head_h
            for step, y in ((-1, top_row), (1, top_row + row_h * len(shown) - arrow)):
                enabled = self._first > 0 if step < 0 else self._first + fit < len(cats)
                spot = pygame.Rect(table.right - self.px(12) - arrow, y, arrow, arrow)
                b = widgets.button(self, spot, "", object_id="#secondary", enabled=enabled)
                self._arrows.append((spot, step, enabled, b))
        x0 = table.x + self.px(20)
        top = table.y + self.px(12)
        seats = self.session.config.seats
        for k, (line, shared) in enumerate(self.lines):
            x = x0 + label_w + k * col_w
            if line.rank == 1:
                widgets.panel(self, pygame.Rect(x - self.px(8), table.y + self.px(6), col_w - self.px(4),
                                                table.height - self.px(12)), object_id="#winner_row")
            widgets.label(self, pygame.Rect(x, top, col_w - self.px(12), self.px(28)),
                          self._rank_text(line, shared), object_id="#field")
            self._tokens.append(((x + self.px(16), top + self.px(46)), line.seat))
            widgets.label(self, pygame.Rect(x + self.px(38), top + self.px(30), col_w - self.px(50),
                                            self.px(34)), seats[line.seat].name, object_id="#heading")
        y = top + head_h
        for c in shown:
            widgets.label(self, pygame.Rect(x0, y, label_w - self.px(10), row_h), heading(c),
                          object_id="#field")
            for k, (line, _shared) in enumerate(self.lines):
                values = dict(self.rows[line.seat])
                widgets.label(self, pygame.Rect(x0 + label_w + k * col_w, y, col_w - self.px(12), row_h),
                              cell_text(values.get(c, MISSING)), object_id="#value")
            y += row_h
        y += self.px(6)
        widgets.label(self, pygame.Rect(x0, y, label_w - self.px(10), row_h), tr("scores.total"),
                      object_id="#heading")
        for k, (line, _shared) in enumerate(self.lines):
            widgets.label(self, pygame.Rect(x0 + label_w + k * col_w, y, col_w - self.px(12), row_h),
                          str(line.total), object_id="#heading")
        self._rule = pygame.Rect(x0, y - self.px(4), table.width - self.px(40) - arrow,
                                 max(1, self.px(1)))
        return table

    def scroll(self, rows: int) -> None:
        """Move the category rows by ``rows`` (the build keeps them in range)."""
        if self._arrows:
            self._first = max(0, self._first + rows)
            self.close()
            self.open()

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if getattr(self, "_rule", None) is not None:
            pygame.draw.rect(surface, theme.LINE, self._rule)
        for img, pos in self._texts:
            surface.blit(img, pos)
        if self._panel_img is not None and self._panel_rect is not None:
            # only whole lines: from the first cut at or below the scroll to the last that fits
            r, at = self._panel_rect, self._panel_scroll
            top = min((c for c in self._panel_cuts if c >= at), default=at)
            bottom = max((c for c in self._panel_cuts if c <= at + r.height), default=top)
            if bottom > top:
                surface.blit(self._panel_img, (r.x, r.y + top - at),
                             pygame.Rect(0, top, r.width, bottom - top))
        for spot, step, enabled, _button in self._arrows + self._panel_arrows:  # ▲ ▼
            widgets.scroll_arrow(surface, spot, step, enabled)
        game = self.session.game
        for centre, seat in self._tokens:
            colour = seat_colour(game.colours, self.session.config.seats, seat)
            draw_token(surface, centre, self.px(16), colour, seat, self.app.text,
                       self.app.settings.colour_blind)

    def handle(self, event: pygame.event.Event) -> None:
        line = self.px(40)
        over_panel = (self._panel_arrows and self._panel_rect is not None
                      and self._panel_rect.inflate(self.px(32), self.px(32)).collidepoint(
                          pygame.mouse.get_pos()))
        if event.type == pygame.MOUSEWHEEL and over_panel and event.y:
            self._scroll_panel(-line if event.y > 0 else line)
        elif event.type == pygame.MOUSEWHEEL and self._arrows and event.y:
            self.scroll(-1 if event.y > 0 else 1)
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED
              and any(b is event.ui_element for *_r, b in self._panel_arrows)):
            step = next(st for _s, st, _on, b in self._panel_arrows if b is event.ui_element)
            self._scroll_panel(step * 3 * line)
        elif (event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
              and self._panel_arrows and not self._arrows):
            self._scroll_panel((-1 if event.key == pygame.K_PAGEUP else 1) * 6 * line)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(-3 if event.key == pygame.K_PAGEUP else 3)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            step = next((st for _s, st, _on, b in self._arrows if b is event.ui_element), 0)
            if step:
                self.scroll(step)
            elif event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.menu:
                self.app.home()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()


def _draw_mark(surface: pygame.Surface, box: pygame.Rect, met: bool, width: int) -> None:
    """A tick (met) or a cross (not met) in ``box``: the shapes differ, not only the colours."""
    if met:
        points = [(box.x + box.w * 0.12, box.y + box.h * 0.55),
                  (box.x + box.w * 0.4, box.y + box.h * 0.82),
                  (box.x + box.w * 0.88, box.y + box.h * 0.18)]
        pygame.draw.lines(surface, MET, False, points, width)
        return
    a, b = box.inflate(-box.w * 0.3, -box.h * 0.3).topleft, box.inflate(-box.w * 0.3, -box.h * 0.3).bottomright
    pygame.draw.line(surface, NOT_MET, a, b, width)
    pygame.draw.line(surface, NOT_MET, (a[0], b[1]), (b[0], a[1]), width)


def _whole_lines(spans: list[tuple[int, int, int]], height: int) -> list[int]:
    """The heights at which an image of things placed at ``spans`` (top, bottom, line height)
    may be cut without cutting any of them, except between the lines of a text: the top and
    bottom of each and each line's, when no other thing lies across it; with 0 and ``height``."""
    lines = [(top, bottom, set(range(top, bottom, max(1, step))) | {bottom})
             for top, bottom, step in spans]
    candidates = {0, height} | {c for *_span, cuts in lines for c in cuts}
    return sorted(c for c in candidates
                  if all(not top < c < bottom or c in cuts for top, bottom, cuts in lines))

