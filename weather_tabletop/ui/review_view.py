"""The review of a finished game at the table (issue 21), in replay mode.

"Review" on the timeline starts :mod:`weather_tabletop.ai.review` on a worker thread (the window
keeps drawing; a progress bar and Cancel show in a strip above the timeline). Then the strip
holds each reviewed seat's evaluation graph over the game (the ``hard`` player's evaluation of
each move played, in the seat's colour, across the game's positions from first to last; the
pointer over a point shows the move, a click goes there). The marked moves are flags on the
slider and rings on the graph; at a marked move's position a short panel over the board says
what was played, what the computer preferred and the difference in expected points, and the
board rings the pieces of both (the views' drag-and-drop places, as hints do). A review already
stored (the app's reviews folder, by the game file's content hash) shows at once; a demo inside
the installed package is reviewed the same way, and nothing is written beside any game file.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

import pygame

from ..ai.review import DEFAULT_SEED, Decision, Review, ReviewedGame, content_hash
from ..engine.protocol import Command
from ..files import read_bounded
from ..i18n import tr
from . import theme
from .hints import places
from .table_view import ViewContext, bounds_of, draw_token

#: the rings of the preferred move and of the move played
PREFERRED = (46, 160, 90)
PLAYED = theme.DANGER


class ReviewRun:
    """One review pass on a daemon thread: ``done``/``total`` as it goes, then ``result`` (None
    when cancelled) or ``error``; ``finished`` when it has stopped."""

    def __init__(self, reviewed: Callable[[], ReviewedGame], iterations: int | None = None,
                 seed: int = DEFAULT_SEED) -> None:
        self.done = 0
        self.total = 0
        self.result: Review | None = None
        self.error: BaseException | None = None
        self.finished = False
        self.reviewed: ReviewedGame | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(reviewed, iterations, seed),
                                        name="review", daemon=True)
        self._thread.start()

    def _run(self, reviewed: Callable[[], ReviewedGame], iterations: int | None,
             seed: int) -> None:
        try:
            self.reviewed = reviewed()
            self.result = self.reviewed.review(iterations, seed, stop=self._stop.is_set,
                                               progress=self._progress)
        except BaseException as exc:  # shown in the strip; the table goes on
            self.error = exc
        finally:
            self.finished = True

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def cancel(self) -> None:
        self._stop.set()

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        """The worker thread still runs (a cancelled pass ends at its next command)."""
        return self._thread.is_alive()


class ReviewView:
    """The review of the session's finished game: its state, strip, flags, panel and rings."""

    def __init__(self, session: Any, context: ViewContext) -> None:
        self.session = session
        replay, path = session.replay, session.replay_path
        self.available = (replay is not None and path is not None
                          and replay.game.is_over(replay.final))
        self.review: Review | None = None
        self.reviewed: ReviewedGame | None = None
        self.run: ReviewRun | None = None
        self.failed = ""  # why the last pass stopped
        self.rect = pygame.Rect(0, 0, 0, 0)  # the strip (w 0: none)
        self.context = context
        self._graph: tuple[tuple, pygame.Surface] | None = None
        self._points: list[tuple[int, int, Decision]] = []  # (x, y, decision) on the screen
        self._panel: tuple[tuple, pygame.Surface] | None = None
        self.panel_rect: pygame.Rect | None = None
        self._rings: tuple[tuple, list, list] | None = None
        self._cancel = pygame.Rect(0, 0, 0, 0)
        self._plot = (0, 1)  # the graph's left and right ends on the screen
        self._changed = False  # a pass was cancelled: the table lays out again
        if self.available:
            try:
                self.reviewed = self._load()
                self.review = self.reviewed.cached()
            except (OSError, ValueError):
                self.reviewed = None

    def _load(self) -> ReviewedGame:
        """The session's game to review (its replay, the save's content hash)."""
        from ..engine.storage import MAX_FILE_BYTES

        path = Path(self.session.replay_path)
        replay = self.session.replay
        return ReviewedGame(path, replay.game, replay, content_hash(read_bounded(path,
                                                                                 MAX_FILE_BYTES)))

    # -- state -------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.run is not None

    @property
    def shown(self) -> bool:
        """The strip shows (a pass running, a review, or why a pass stopped)."""
        return self.available and (self.running or self.review is not None or bool(self.failed))

    def offer(self) -> bool:
        """The timeline offers "Review"."""
        return self.available and self.review is None and not self.running

    def start(self) -> None:
        if self.offer():
            self.failed = ""
            reviewed = self.reviewed
            self.run = ReviewRun(lambda: reviewed if reviewed is not None else self._load())

    def cancel(self) -> None:
        """Abandon the pass (its strip goes at the next :meth:`poll`)."""
        if self.run is not None:
            self.run.cancel()
            self.run = None
            self._changed = True

    def poll(self) -> bool:
        """Take a finished pass; True when what the table shows changed shape (the strip came
        or went)."""
        run = self.run
        if run is None or not run.finished:
            changed, self._changed = self._changed, False
            return changed
        self.run = None
        if run.error is not None:
            reason = getattr(run.error, "reason", None) or getattr(run.error, "message", None)
            self.failed = tr("review.failed", reason=tr(reason) if reason is not None
                             else f"{type(run.error).__name__}: {run.error}")
        elif run.result is not None:
            self.review, self.reviewed = run.result, run.reviewed
            self._graph = None
        return True

    def marked(self) -> list[Decision]:
        return self.review.marked_decisions() if self.review is not None else []

    def current(self, position: int) -> Decision | None:
        """The marked move decided at ``position`` (the position before it), if any."""
        return next((d for d in self.marked() if d.position == position), None)

    def flags(self) -> tuple[tuple[int, tuple[int, int, int]], ...]:
        """The timeline's flags: each marked move's position in its seat's colour."""
        return tuple((d.position, self.colour(d.seat)) for d in self.marked())

    def colour(self, seat: int) -> tuple[int, int, int]:
        return tuple(self.context.colour(self.session.replay.game, seat).rgb)

    def describe(self, d: Decision, command: Command) -> str:
        replay = self.session.replay
        return tr(replay.game.describe_command(replay.state_at(d.position), command))

    # -- pointer -----------------------------------------------------------------------------

    def point_at(self, pos: tuple[int, int]) -> Decision | None:
        """The graph's point nearest ``pos`` (within a few pixels across, any height)."""
        if self.review is None or not self.rect.collidepoint(pos) or not self._points:
            return None
        x, y, d = min(self._points, key=lambda p: (abs(p[0] - pos[0]), abs(p[1] - pos[1])))
        reach = max(4, self.rect.h // 10)
        return d if abs(x - pos[0]) <= reach else None

    def handle(self, event: pygame.event.Event, seek: Callable[[int], None]) -> bool:
        """A click on Cancel stops the pass; on the graph goes to the nearest move."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self.shown \
                or not self.rect.collidepoint(event.pos):
            return False
        if self.running and self._cancel.collidepoint(event.pos):
            self.cancel()
            return True
        d = self.point_at(event.pos)
        if d is not None:
            seek(d.position)
        return True

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        d = self.point_at(pos)
        if d is None:
            return None
        return tr("review.graph_tip", name=self.context.name(d.seat), n=d.position + 1,
                  played=self.describe(d, d.played), value=f"{d.played_value:.2f}")

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, text: Any, position: int,
             px: Callable[[float], int]) -> None:
        """The strip: the progress and Cancel while a pass runs, else the graph."""
        if not self.shown or not self.rect.w:
            return
        rect = self.rect
        size = max(theme.MIN_TEXT_PX, px(13))
        if self.running or self.failed:
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=px(8))
            pygame.draw.rect(surface, theme.LINE, rect, 1, border_radius=px(8))
            self._draw_progress(surface, text, px, size)
            return
        look = (tuple(rect), id(self.review), size, self.context.colour_blind)
        if self._graph is None or self._graph[0] != look:
            self._graph = (look, self._compose(text, px, size))
        surface.blit(self._graph[1], rect)
        x = self._x_of(position)  # where the replay stands
        pygame.draw.line(surface, theme.PRIMARY, (x, rect.y + px(4)), (x, rect.bottom - px(4)),
                         max(1, px(2)))
        current = self.current(position)
        if current is not None:
            for px_, py_, d in self._points:
                if d is current:
                    pygame.draw.circle(surface, theme.INK, (px_, py_), px(11), max(2, px(2)))

    def _draw_progress(self, surface: pygame.Surface, text: Any, px: Callable[[float], int],
                       size: int) -> None:
        rect = self.rect
        pad = px(10)
        if self.failed:
            text.box(surface, self.failed, rect.inflate(-2 * pad, -px(4)), size, theme.DANGER)
            return
        run = self.run
        assert run is not None
        bw = text.width(tr("common.cancel"), size, True) + 2 * px(12)
        self._cancel = pygame.Rect(rect.right - pad - bw, rect.centery - px(14), bw, px(28))
        pygame.draw.rect(surface, theme.SKY_DEEP, self._cancel, border_radius=px(6))
        pygame.draw.rect(surface, theme.LINE, self._cancel, 1, border_radius=px(6))
        text.box(surface, tr("common.cancel"), self._cancel, size, theme.INK, bold=True,
                 align="center", wrap=False)
        words = tr("review.progress", done=run.done, total=run.total or "…")
        ww = min(text.width(words, size) + px(8), rect.w // 3)
        text.box(surface, words, pygame.Rect(rect.x + pad, rect.y, ww, rect.h), size, theme.INK,
                 wrap=False)
        bar = pygame.Rect(rect.x + pad + ww + pad, rect.centery - px(5),
                          max(10, self._cancel.x - rect.x - 3 * pad - ww), px(10))
        pygame.draw.rect(surface, (210, 220, 230), bar, border_radius=bar.h // 2)
        share = run.done / run.total if run.total else 0.0
        if share:
            pygame.draw.rect(surface, theme.PRIMARY,
                             pygame.Rect(bar.x, bar.y, max(bar.h, round(bar.w * share)), bar.h),
                             border_radius=bar.h // 2)

    def _x_of(self, position: int) -> int:
        """Where ``position`` is across the graph (the game's positions, first to last)."""
        left, right = self._plot
        return left + round((right - left) * position / max(1, self.session.replay.last))

    def _compose(self, text: Any, px: Callable[[float], int], size: int) -> pygame.Surface:
        """The graph's fixed part: the panel, the title and the seats' names on the left, the
        line of even chances, each seat's line and its marked moves (window coordinates kept
        in ``_points`` for the pointer)."""
        rect = self.rect
        review = self.review
        assert review is not None
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = surf.get_rect()
        pygame.draw.rect(surf, theme.PANEL, local, border_radius=px(8))
        pygame.draw.rect(surf, theme.LINE, local, 1, border_radius=px(8))
        pad = px(6)
        top, bottom = pad + px(2), rect.h - pad - px(2)
        # the words left of the plot: the title, then the seats in their colours
        words_w = min(px(200), rect.w // 4)
        self._plot = (rect.x + pad + words_w + px(16), rect.right - px(14))
        left, right = self._plot
        if words_w > px(40):
            lines = [(tr("review.graph_title"), theme.INK_SOFT)] + \
                [(self.context.name(s), self.colour(s)) for s in review.seats]
            small = max(theme.MIN_TEXT_PX, size - px(1))
            each = max(1, (rect.h - 2 * pad) // len(lines))
            for i, (words, colour) in enumerate(lines):
                box = pygame.Rect(pad + px(4), pad + i * each, words_w, each)
                text.box(surf, words, box, small, colour, bold=i > 0, wrap=False)
        # the evaluations' own range (with a margin), so a close game's swings show
        values = [d.played_value for d in review.decisions] or [0.5]
        low, high = min(values), max(values)
        margin = max(0.02, (high - low) * 0.08)
        low, high = max(0.0, low - margin), min(1.0, high + margin)

        def y_of(value: float) -> int:
            return round(bottom - (value - low) / max(1e-9, high - low) * (bottom - top))

        if low < 0.5 < high:  # a dotted line at even chances (0.5)
            mid = y_of(0.5)
            for x in range(left - rect.x, right - rect.x, px(8)):
                pygame.draw.line(surf, theme.LINE, (x, mid), (x + px(3), mid))
        self._points = []
        marked = {id(d) for d in review.marked_decisions()}
        for seat in review.seats:
            colour = self.colour(seat)
            mine = [d for d in review.decisions if d.seat == seat]
            pts = [(self._x_of(d.position), rect.y + y_of(d.played_value)) for d in mine]
            if len(pts) > 1:  # edged in a darker shade, so a light colour (yellow) shows
                line = [(x - rect.x, y - rect.y) for x, y in pts]
                dark = tuple(round(c * 0.55) for c in colour)
                pygame.draw.lines(surf, dark, False, line, max(1, px(2)) + 2)
                pygame.draw.lines(surf, colour, False, line, max(1, px(2)))
            self._points += [(x, y, d) for (x, y), d in zip(pts, mine)]
        game = self.session.replay.game
        for x, y, d in self._points:  # a marked move: the seat's token (letter; shape too
            if id(d) in marked:       # with colour-blind markings)
                draw_token(surf, (x - rect.x, y - rect.y), px(8), self.context.colour(game, d.seat),
                           d.seat, text, self.context.colour_blind)
        return surf

    def draw_panel(self, surface: pygame.Surface, board: pygame.Rect, text: Any, position: int,
                   px: Callable[[float], int], size: int) -> None:
        """At a marked move: what was played, what the computer preferred and the difference,
        over the board's top left corner."""
        d = self.current(position)
        if d is None:
            self.panel_rect = None
            return
        look = (id(d), tuple(board), size)
        if self._panel is None or self._panel[0] != look:
            self._panel = (look, self._compose_panel(d, board, text, px, size))
        surf = self._panel[1]
        self.panel_rect = self._corner(surf.get_rect(), board, px(10))
        surface.blit(surf, self.panel_rect)

    def _corner(self, rect: pygame.Rect, board: pygame.Rect, margin: int) -> pygame.Rect:
        """The board corner where the panel covers least of the ringed pieces (top left
        first)."""
        inner = board.inflate(-2 * margin, -2 * margin)
        spots = [rect.move_to(topleft=inner.topleft), rect.move_to(topright=inner.topright),
                 rect.move_to(bottomleft=inner.bottomleft),
                 rect.move_to(bottomright=inner.bottomright)]
        rings = [bounds_of(shape).inflate(margin, margin)
                 for shapes in (self._rings[1:] if self._rings else ()) for shape in shapes]

        def covered(spot: pygame.Rect) -> int:
            return sum(spot.clip(r).w * spot.clip(r).h for r in rings)

        return min(spots, key=lambda spot: (covered(spot), spots.index(spot)))

    def _compose_panel(self, d: Decision, board: pygame.Rect, text: Any,
                       px: Callable[[float], int], size: int) -> pygame.Surface:
        marked = self.marked()
        width = max(px(240), min(px(420), board.w * 2 // 5))
        pad = px(10)
        inner = width - 2 * pad
        lines = [(tr("review.panel_title", n=marked.index(d) + 1, total=len(marked),
                     round=d.round, name=self.context.name(d.seat)), theme.INK, True, None),
                 (tr("review.panel_played", played=self.describe(d, d.played)), theme.INK, False,
                  PLAYED),
                 (tr("review.panel_preferred", best=self.describe(d, d.best)), theme.INK, False,
                  PREFERRED),
                 (tr("review.panel_points", played=f"{d.played_points:.1f}",
                     best=f"{d.best_points:.1f}", loss=f"{-d.loss:+.1f}"), theme.INK_SOFT, True,
                  None)]
        laid = []
        y = pad
        for words, colour, bold, bar in lines:
            indent = px(12) if bar else 0
            fit = text.lay(words, inner - indent, 4 * size, size, bold)
            font = text.font(fit.size, bold)
            h = (len(fit.lines) - 1) * font.get_linesize() + font.get_height()
            laid.append((pygame.Rect(pad + indent, y, inner - indent, h), words, colour, bold, bar))
            y += h + px(6)
        surf = pygame.Surface((width, y + pad - px(6)), pygame.SRCALPHA)
        pygame.draw.rect(surf, theme.PANEL, surf.get_rect(), border_radius=px(8))
        pygame.draw.rect(surf, theme.DANGER, surf.get_rect(), max(2, px(2)), border_radius=px(8))
        for box, words, colour, bold, bar in laid:
            if bar:
                pygame.draw.rect(surf, bar, pygame.Rect(pad, box.y, px(5), box.h),
                                 border_radius=px(2))
            text.box(surf, words, box, size, colour, bold=bold)
        return surf

    def draw_rings(self, surface: pygame.Surface, view: Any, view_state: Any, position: int,
                   px: Callable[[float], int]) -> None:
        """At a marked move: rings on the board where the preferred move (green) and the move
        played (red) act, where the game's view can show them."""
        d = self.current(position)
        if d is None or view is None or view_state is None:
            return
        key = (id(view_state), tuple(view.rect), id(d))
        if self._rings is None or self._rings[0] != key:
            if bool(getattr(view, "busy", False)):
                return  # the board is still being drawn: its places are the old ones
            # the places as the deciding seat saw them (its hand too: the pieces it could move)
            replay = self.session.replay
            seen = replay.game.view(replay.state_at(d.position), d.seat)
            self._rings = (key, places(view, seen, d.seat, d.played),
                           places(view, seen, d.seat, d.best))
        ring = max(3, px(4))
        for shapes, colour in ((self._rings[1], PLAYED), (self._rings[2], PREFERRED)):
            for shape in shapes:
                if hasattr(shape, "highlight"):
                    shape.highlight(surface, pygame.Color(colour), ring, colour == PREFERRED)
                else:
                    pygame.draw.rect(surface, colour, bounds_of(shape).inflate(2 * ring, 2 * ring),
                                     ring, border_radius=ring * 2)
