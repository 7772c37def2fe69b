"""The final score breakdown: one row per seat by rank (ties share a rank), one column per
scoring category, and the total."""

from __future__ import annotations

import pygame
import pygame_gui

from ...engine.protocol import ScoreLine
from ...i18n import tr
from .. import widgets
from ..scene import Scene
from ..session import Session
from ..table_view import draw_token


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
        self.back = self.menu = None
        self._tokens: list[tuple[tuple[int, int], int]] = []

    def headline(self) -> str:
        seats = self.session.config.seats
        if not self.session.match.is_over():
            return tr("scores.not_over")
        winners = [seats[s.seat].name for s, _ in self.lines if s.rank == 1]
        if len(winners) > 1:
            return tr("scores.shared_win", names=" & ".join(winners))
        return tr("scores.wins", name=winners[0]) if winners else ""

    def build(self) -> None:
        w, h = self.app.size
        m = self.px(48)
        self._tokens = []
        widgets.label(self, pygame.Rect(m, self.px(28), w - 2 * m, self.px(56)), self.name,
                      object_id="#title")
        widgets.label(self, pygame.Rect(m, self.px(84), w - 2 * m, self.px(34)), self.headline(),
                      object_id="#heading")
        cats: list[str] = []
        for s, _ in self.lines:
            for k, _v in s.breakdown:
                if k not in cats:
                    cats.append(k)
        most = h - self.px(136) - self.px(100)
        table = pygame.Rect(m, self.px(136), w - 2 * m,
                            min(most, self.px(40 + 28) + self.px(62) * len(self.lines) + self.px(20)))
        widgets.panel(self, table)
        rank_w, name_w, total_w = self.px(150), self.px(280), self.px(120)
        cat_w = max(self.px(90), (table.width - rank_w - name_w - total_w - self.px(40)) // max(1, len(cats)))
        x0 = table.x + self.px(20)
        y = table.y + self.px(14)
        heads = [(tr("scores.rank"), rank_w), (tr("scores.player"), name_w)]
        heads += [(tr(c.replace("_", " ").capitalize()), cat_w) for c in cats]
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
            rank = tr("scores.rank_shared", n=line.rank) if shared else tr("scores.rank_n", n=line.rank)
            x = x0
            widgets.label(self, pygame.Rect(x, y, rank_w, row_h - self.px(8)), rank, object_id="#heading")
            x += rank_w
            self._tokens.append(((x + self.px(18), y + (row_h - self.px(8)) // 2), line.seat))
            widgets.label(self, pygame.Rect(x + self.px(44), y, name_w - self.px(44), row_h - self.px(8)),
                          seats[line.seat].name, object_id="#heading")
            x += name_w
            values = dict(line.breakdown)
            for c in cats:
                widgets.label(self, pygame.Rect(x, y, cat_w, row_h - self.px(8)), str(values.get(c, "–")),
                              object_id="#value")
                x += cat_w
            widgets.label(self, pygame.Rect(x, y, total_w, row_h - self.px(8)), str(line.total),
                          object_id="#heading")
            y += row_h
        bw = self.px(240)
        self.back = widgets.button(self, pygame.Rect(w - m - 2 * bw - self.px(16), h - self.px(80), bw,
                                                     self.px(50)), tr("scores.back"),
                                   object_id="#secondary")
        self.menu = widgets.button(self, pygame.Rect(w - m - bw, h - self.px(80), bw, self.px(50)),
                                   tr("table.menu"))

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        game = self.session.game
        for centre, seat in self._tokens:
            colour = next((c for c in game.colours if c.key == self.session.config.seats[seat].color),
                          game.colours[seat % len(game.colours)])
            draw_token(surface, centre, self.px(16), colour, seat, self.app.text,
                       self.app.settings.colour_blind)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.menu:
                self.app.home()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

