"""The final score breakdown: one row per seat by rank (ties share a rank), one column per
scoring category, and the total. With more categories than fit side by side, the table turns:
one row per category, one column per seat by rank.

A game's table view class may add ``score_details(game, match, names)`` returning
``(rows, notes)``: ``rows`` maps a seat to its ``(category, value)`` pairs shown instead of the
rules' breakdown (in words, adding up to the total), ``notes`` are sentences shown under the
table (e.g. which tiebreaker decided)."""

from __future__ import annotations

import pygame
import pygame_gui

from ... import games
from ...engine.protocol import ScoreLine
from ...i18n import join, tr
from .. import theme, widgets
from ..scene import Scene
from ..session import Session
from ..table_view import draw_token


def heading(key: str) -> str:
    """A category key as a heading: "end_cp" -> "End cp", "R&D funding" stays as it is."""
    text = tr(key).replace("_", " ")
    return text[:1].upper() + text[1:]


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
        hints = hints_note(session)
        if hints:
            self.notes = [*self.notes, hints]
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
        cats: list[str] = []
        for s, _ in self.lines:
            for k, _v in self.rows[s.seat]:
                if k not in cats:
                    cats.append(k)
        self._texts = []
        self._arrows = []
        notes_h = self._notes_height(w - 2 * m)
        most = h - self.px(136) - self.px(24) - notes_h
        rank_w, name_w, total_w = self.px(150), self.px(280), self.px(120)
        room = w - 2 * m - rank_w - name_w - total_w - self.px(40)
        if sum(self._cat_widths(cats)) <= room:
            table = self._by_seat(m, cats, most)
        else:
            table = self._by_category(m, cats, most)
        width = w - 2 * m
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
        w = self.app.size[0]
        table = pygame.Rect(m, self.px(136), w - 2 * m,
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
                widgets.label(self, pygame.Rect(x, y, cw, row_h - self.px(8)), str(values.get(c, "–")),
                              object_id="#value")
                x += cw
            widgets.label(self, pygame.Rect(x, y, total_w, row_h - self.px(8)), str(line.total),
                          object_id="#heading")
            y += row_h
        return table

    def _by_category(self, m: int, cats: list[str], most: int) -> pygame.Rect:
        """One row per category, one column per seat by rank (many categories). When the rows
        do not fit (a large UI scale), as many as fit from ``_first`` with ▲ ▼ buttons (and
        the wheel, Page Up/Down) to scroll them; the total stays below them."""
        w = self.app.size[0]
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
        table = pygame.Rect(m, self.px(136), w - 2 * m, head_h + row_h * (len(shown) + 1) + self.px(30))
        widgets.panel(self, table)
        longest = max((self.text_size(heading(c), "#field", "label")[0] for c in cats), default=0)
        label_w = max(self.px(300), min(longest + self.px(16), table.width * 9 // 20))
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
                              str(values.get(c, "–")), object_id="#value")
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
        for spot, step, enabled, _button in self._arrows:  # the scroll buttons' triangles
            r = spot.width * 0.22
            cx, cy = spot.center
            colour = theme.INK if enabled else theme.MUTED
            pygame.draw.polygon(surface, colour, [(cx, cy + step * r),
                                                  (cx - r * 1.2, cy - step * r * 0.8),
                                                  (cx + r * 1.2, cy - step * r * 0.8)])
        game = self.session.game
        for centre, seat in self._tokens:
            colour = next((c for c in game.colours if c.key == self.session.config.seats[seat].color),
                          game.colours[seat % len(game.colours)])
            draw_token(surface, centre, self.px(16), colour, seat, self.app.text,
                       self.app.settings.colour_blind)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self._arrows and event.y:
            self.scroll(-1 if event.y > 0 else 1)
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

