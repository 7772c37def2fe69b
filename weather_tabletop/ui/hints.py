"""Hints at the table (issue 21): on a person's turn, "Hint" (or H) asks the game's ``hard``
player for its three best moves for that seat, worked out from what the seat sees
(``game.view(state, seat)``, never a hidden hand) in a worker thread at the ``hard`` level's
time budget. They are shown as numbered rings on the board and a short list over it whose rows
play the move.

Where a move acts on the board is found through the drag-and-drop protocol every game view
already has (:meth:`TableView.pieces` and :meth:`TableView.drop_targets` asked for that one
command): the piece it moves and the places it goes, with no code per game.

Every hint shown is recorded (a hint line in the save, ``SavedGame.record_hint``) so the score
screen can say how many hints each seat took; a game set up without hints offers none.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pygame

from ..engine.protocol import Command, Game
from ..i18n import tr
from . import theme
from .table_view import Shape, bounds_of

SHOWN = 3  # candidates shown
#: the advisor's seed: fixed, so a hint depends on what the seat sees and nothing else (not the
#: game's seed, not the order hints were asked in)
HINT_SEED = 0x4814
#: ring colours of the first, second and third candidate
COLOURS = ((46, 160, 90), (47, 125, 191), (150, 90, 180))

#: hints taken in games that have no file (a table in memory: pictures, tests)
_IN_MEMORY: "weakref.WeakKeyDictionary[Any, dict[int, int]]" = weakref.WeakKeyDictionary()


def allowed(session: Any) -> bool:
    """Whether this game was set up with hints (its save's header; a game in memory: yes)."""
    from ..engine.storage import hints_allowed

    saved = getattr(session, "saved", None)
    if saved is not None:
        return bool(getattr(saved, "hints", True))
    path = getattr(session, "replay_path", None) or getattr(session, "watching", None)
    return hints_allowed(path) if path is not None else True


def record(session: Any, seat: int) -> None:
    """Count one hint shown to ``seat``: in the save (raises ``storage.SaveFailed`` when it
    cannot be written), else in memory."""
    saved = getattr(session, "saved", None)
    if saved is not None and hasattr(saved, "record_hint"):
        saved.record_hint(seat)
        return
    counts = _IN_MEMORY.setdefault(session, {})
    counts[seat] = counts.get(seat, 0) + 1


def taken(session: Any) -> dict[int, int]:
    """How many hints each seat took in the session's game (read from its file when it has one:
    that count survives closing and reopening)."""
    from ..engine.storage import hints_taken

    path = (getattr(session, "path", None) or getattr(session, "replay_path", None)
            or getattr(session, "watching", None))
    if path is not None:
        return hints_taken(path)
    return dict(_IN_MEMORY.get(session, {}))


def budget() -> dict[str, Any]:
    """The ``hard`` computer's budget per move (Settings' thinking time; else the game's own)."""
    from ..ai import DEFAULT_BUDGET

    return dict(DEFAULT_BUDGET)


class Adviser:
    """The ``hard`` player's advice as a :class:`~weather_tabletop.ai.Player` for the worker
    thread (:class:`~weather_tabletop.ai.worker.Thinker`): its "choice" is the list of the best
    candidates."""

    level = "hint"

    def __init__(self, shown: int = SHOWN, **budget: Any) -> None:
        self.shown = shown
        self.budget = budget

    def choose(self, game: Game, view: Any, seat: int, stop: Callable[[], bool] | None = None
               ) -> list[Any]:
        return advice(game, view, seat, stop=stop, shown=self.shown, **self.budget)


def advice(game: Game, view: Any, seat: int, *, stop: Callable[[], bool] | None = None,
           shown: int = SHOWN, **budget: Any) -> list[Any]:
    """The best ``shown`` candidates for ``seat`` from ``view`` alone (``ai.advice.advise``)."""
    from ..ai.advice import advise

    return advise(game, view, seat, seed=HINT_SEED, stop=stop, **budget)[:shown]


def places(view: Any, view_state: Any, seat: int | None, command: Command) -> list[Shape]:
    """Where ``command`` acts on the board: the pieces it moves and the places they go (the
    view's drop targets for that one command), or the seat's own piece a click on which plays
    it (a button: the view's ``command_for_drop`` at the piece itself, as a click is taken by
    drag and drop); [] when the board shows it nowhere."""
    out: list[Shape] = []
    seen: set[tuple[int, int, int, int]] = set()

    def add(shape: Shape) -> None:
        key = tuple(bounds_of(shape))
        if key not in seen:
            seen.add(key)
            out.append(shape)

    try:
        pieces = view.pieces(view_state, seat)
    except Exception:  # noqa: BLE001 - a view that cannot say shows the list only
        return []
    for piece in pieces:
        targets = view.drop_targets(piece, [command])
        if targets:
            add(piece.shape)
            for shape, _cmd in targets:
                add(shape)
        elif seat is not None and piece.seat == seat and _click(view, piece, view_state, seat) == command:
            add(piece.shape)
    return out


def _click(view: Any, piece: Any, view_state: Any, seat: int) -> Command | None:
    """What a click on ``piece`` (a drop where it lies) plays."""
    try:
        return view.command_for_drop(piece, bounds_of(piece.shape).center, view_state, seat)
    except Exception:  # noqa: BLE001 - a view that cannot say marks nothing there
        return None


@dataclass
class Hint:
    """The hints of one seat at one match version: asked, then found (``candidates``)."""

    seat: int
    version: int
    candidates: list[Any] | None = None  # None while the computer thinks
    score: float = 0.0  # the seat's score when asked (points are shown against it)
    marks: list[list[Shape]] = field(default_factory=list)
    marks_key: tuple = ()


class Hints:
    """The table's hints: asked on a worker thread, dropped when the match moves on, drawn on
    the board and as a list (see the module note)."""

    def __init__(self, session: Any) -> None:
        from ..ai import levels

        self.session = session
        self.turned_off = not allowed(session)  # the game was set up without hints
        # set up with hints, and the game has a hard player to ask (every game shipped has)
        self.allowed = not self.turned_off and "hard" in levels(session.game)
        self.hint: Hint | None = None
        self._thinker: Any = None
        self._done: set[tuple[int, int]] = set()  # (seat, version) already counted
        self.list_rect: pygame.Rect | None = None
        self._surface: tuple[tuple, pygame.Surface] | None = None
        self._rows_local: list[pygame.Rect] = []  # the list's rows and × inside its surface
        self._close_local: pygame.Rect | None = None
        self.hover: int | None = None

    # -- state -------------------------------------------------------------------------------

    @property
    def thinking(self) -> bool:
        return self.hint is not None and self.hint.candidates is None

    def can_ask(self, seat: int | None, legal: Sequence[Command]) -> bool:
        """A person's turn at a table that allows hints."""
        session = self.session
        return (self.allowed and seat is not None and bool(legal) and not session.read_only
                and not session.seat_is_computer(seat) and not session.match.is_over())

    def ask(self, seat: int, score: float = 0.0) -> None:
        """Start working out ``seat``'s hints for the match as it is now."""
        from ..ai.worker import Thinker

        self.cancel()
        session = self.session
        match = session.match
        self.hint = Hint(seat, match.version, score=score)
        self._thinker = Thinker(session.game, Adviser(**budget()))
        self._thinker.start(session.game.view(match.state, seat), seat, match.version)

    def cancel(self) -> None:
        """Drop the hints (a stale thought is abandoned)."""
        if self._thinker is not None:
            self._thinker.cancel()
        self._thinker = None
        self.hint = None
        self._surface = None
        self.hover = None

    def stale(self, seat: int | None) -> bool:
        """The hints were for another position or another seat."""
        hint = self.hint
        return hint is not None and (hint.version != self.session.match.version or hint.seat != seat)

    def poll(self) -> str | None:
        """Take the worker's answer when it is there (recording the hint); the reason when it
        could not be recorded (the hint is then not shown)."""
        from ..engine.storage import SaveFailed

        if self._thinker is None or self.hint is None:
            return None
        result = self._thinker.result()  # re-raises a failure of the advisor
        if result is None:
            return None
        found, version = result
        self._thinker = None
        hint = self.hint
        if version != hint.version:
            self.hint = None
            return None
        key = (hint.seat, hint.version)
        if found and key not in self._done:
            try:
                record(self.session, hint.seat)
            except SaveFailed as exc:
                self.hint = None
                return tr(exc.reason)
            self._done.add(key)
        hint.candidates = list(found)
        self._surface = None
        return None

    def commands(self) -> list[Command]:
        hint = self.hint
        return [c.command for c in hint.candidates] if hint and hint.candidates else []

    # -- drawing -----------------------------------------------------------------------------

    def draw_marks(self, surface: pygame.Surface, view: Any, view_state: Any, seat: int | None,
                   px: Callable[[float], int], text: Any) -> None:
        """Numbered rings where each candidate acts (the third drawn first, the first on top)."""
        hint = self.hint
        if hint is None or not hint.candidates or view is None:
            return
        key = (id(view_state), tuple(view.rect), seat)
        if hint.marks_key != key:
            if bool(getattr(view, "busy", False)):
                return  # the board is still being drawn: its places are the old ones
            hint.marks = [places(view, view_state, seat, c) for c in self.commands()]
            hint.marks_key = key
        ring = max(3, px(4))
        badges: list[tuple[int, tuple[int, int]]] = []  # (rank, centre)
        for rank in range(len(hint.marks)):  # where each number goes, the first's first
            shapes = hint.marks[rank]
            spots = [shapes[0], shapes[-1]] if len(shapes) > 1 else shapes
            badges += [(rank, self._badge_spot(surface, shape, badges, px)) for shape in spots]
        for rank in reversed(range(len(hint.marks))):
            colour = pygame.Color(COLOURS[rank % len(COLOURS)])
            for shape in hint.marks[rank]:
                if hasattr(shape, "highlight"):
                    shape.highlight(surface, colour, ring, self.hover == rank)
                else:
                    box = bounds_of(shape).inflate(2 * ring, 2 * ring)
                    pygame.draw.rect(surface, colour, box, ring * (2 if self.hover == rank else 1),
                                     border_radius=ring * 2)
        for rank, centre in reversed(badges):
            self._badge(surface, centre, rank, pygame.Color(COLOURS[rank % len(COLOURS)]), px, text)

    @staticmethod
    def _badge_spot(surface: pygame.Surface, shape: Shape, taken: list[tuple[int, tuple[int, int]]],
                    px: Callable[[float], int]) -> tuple[int, int]:
        """The top right corner of ``shape``, moved left past the numbers already there (two
        moves acting on one place show both numbers)."""
        r = max(9, px(12))
        box = bounds_of(shape)
        x, y = min(surface.get_width() - r, box.right), max(r, box.top)
        while any(abs(x - cx) < 2 * r and abs(y - cy) < 2 * r for _rank, (cx, cy) in taken):
            x -= 2 * r + px(2)
        return x, y

    @staticmethod
    def _badge(surface: pygame.Surface, centre: tuple[int, int], rank: int, colour: pygame.Color,
               px: Callable[[float], int], text: Any) -> None:
        r = max(9, px(12))
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, (255, 255, 255), centre, r, max(1, px(2)))
        digit = text.render(str(rank + 1), max(10, round(r * 1.3)), (255, 255, 255), bold=True)
        surface.blit(digit, digit.get_rect(center=centre))

    def draw_list(self, surface: pygame.Surface, board: pygame.Rect, name: str,
                  describe: Callable[[Command], str], px: Callable[[float], int], size: int,
                  text: Any) -> None:
        """The list over the board's top right corner: a title, the three moves with their
        expected points (rows that play the move), a word on what the points mean."""
        hint = self.hint
        if hint is None:
            self.list_rect = None
            return
        look = (id(hint), hint.candidates is None, len(hint.candidates or ()), tuple(board), size,
                self.hover)
        if self._surface is None or self._surface[0] != look:
            self._surface = (look, self._compose(board, name, describe, px, size, text))
        surf = self._surface[1]
        self.list_rect = self._corner(surf.get_rect(), board, px(10))
        surface.blit(surf, self.list_rect)

    def _corner(self, rect: pygame.Rect, board: pygame.Rect, margin: int) -> pygame.Rect:
        """The board corner where the list covers least of the marked places (top right
        first)."""
        inner = board.inflate(-2 * margin, -2 * margin)
        spots = [rect.move_to(topright=inner.topright), rect.move_to(topleft=inner.topleft),
                 rect.move_to(bottomleft=inner.bottomleft),
                 rect.move_to(bottomright=inner.bottomright)]
        marked = [bounds_of(shape).inflate(margin, margin)
                  for shapes in (self.hint.marks if self.hint else []) for shape in shapes]

        def covered(spot: pygame.Rect) -> int:
            return sum(spot.clip(m).w * spot.clip(m).h for m in marked)

        return min(spots, key=lambda spot: (covered(spot), spots.index(spot)))

    def _compose(self, board: pygame.Rect, name: str, describe: Callable[[Command], str],
                 px: Callable[[float], int], size: int, text: Any) -> pygame.Surface:
        hint = self.hint
        assert hint is not None
        width = max(px(220), min(px(440), board.w * 2 // 5))
        pad = px(10)
        inner = width - 2 * pad
        small = max(theme.MIN_TEXT_PX, size - px(2))
        close_w = text.font(size, True).size("×")[0] + px(10)
        parts: list[tuple[str, Any]] = []  # (kind, data) laid out top to bottom
        title = tr("hint.title", name=name)
        y = pad
        title_fit = text.lay(title, inner - close_w, 3 * size, size, True)
        title_h = _height(text, title_fit)
        parts.append(("title", (pygame.Rect(pad, y, inner - close_w, title_h), title)))
        close = pygame.Rect(width - pad - close_w, y, close_w, min(title_h, size + px(8)))
        y += title_h + px(6)
        rows: list[pygame.Rect] = []
        if hint.candidates is None:
            words = tr("hint.thinking")
            fit = text.lay(words, inner, 4 * size, size)
            parts.append(("note", (pygame.Rect(pad, y, inner, _height(text, fit)), words)))
            y += _height(text, fit) + pad
        elif not hint.candidates:
            words = tr("hint.none")
            fit = text.lay(words, inner, 4 * size, size)
            parts.append(("note", (pygame.Rect(pad, y, inner, _height(text, fit)), words)))
            y += _height(text, fit) + pad
        else:
            words = []
            for rank, cand in enumerate(hint.candidates):
                points = tr("hint.points", points=f"{cand.points - hint.score:+.1f}")
                words.append((tr("hint.row", rank=rank + 1, move=describe(cand.command)), points,
                              text.width(points, size, True) + px(6)))
            # one size for every row (the longest move's, if it had to shrink)
            row_size = min(text.lay(move, inner - pw - px(14), 4 * size, size).size
                           for move, _points, pw in words)
            for rank, (move, points, pw) in enumerate(words):
                fit = text.lay(move, inner - pw - px(14), 4 * size, row_size)
                h = max(_height(text, fit), text.font(size, True).get_height()) + px(10)
                row = pygame.Rect(pad, y, inner, h)
                rows.append(row)
                parts.append(("row", (row, move, points, pw, rank, row_size)))
                y += h + px(4)
            foot = tr("hint.foot")
            fit = text.lay(foot, inner, 5 * small, small)
            parts.append(("foot", (pygame.Rect(pad, y + px(2), inner, _height(text, fit)), foot)))
            y += _height(text, fit) + px(2) + pad
        surf = pygame.Surface((width, y), pygame.SRCALPHA)
        pygame.draw.rect(surf, theme.PANEL, surf.get_rect(), border_radius=px(8))
        pygame.draw.rect(surf, COLOURS[0], surf.get_rect(), max(2, px(2)), border_radius=px(8))
        for kind, data in parts:
            if kind == "title":
                text.box(surf, data[1], data[0], size, theme.INK, bold=True)
            elif kind == "note":
                text.box(surf, data[1], data[0], size, theme.INK_SOFT)
            elif kind == "foot":
                text.box(surf, data[1], data[0], small, theme.MUTED)
            else:
                row, move, points, pw, rank, row_size = data
                colour = COLOURS[rank % len(COLOURS)]
                fill = theme.SKY_DEEP if self.hover == rank else theme.SKY
                pygame.draw.rect(surf, fill, row, border_radius=px(6))
                pygame.draw.rect(surf, colour, pygame.Rect(row.x, row.y, px(5), row.h),
                                 border_top_left_radius=px(6), border_bottom_left_radius=px(6))
                text.box(surf, move, pygame.Rect(row.x + px(12), row.y + px(5),
                                                 row.w - pw - px(14), row.h - px(10)),
                         row_size, theme.INK)
                text.box(surf, points, pygame.Rect(row.right - pw - px(4), row.y + px(5), pw,
                                                   row.h - px(10)),
                         size, colour, bold=True, wrap=False, align="right")
        glyph = text.render("×", size, theme.INK_SOFT, bold=True)
        surf.blit(glyph, glyph.get_rect(center=close.center))
        self._rows_local, self._close_local = rows, close
        return surf

    # -- pointer -----------------------------------------------------------------------------

    def _at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        rect = self.list_rect
        if rect is None or not rect.collidepoint(pos):
            return None
        local = (pos[0] - rect.x, pos[1] - rect.y)
        if self._close_local is not None and self._close_local.collidepoint(local):
            return ("close", -1)
        for rank, row in enumerate(self._rows_local):
            if row.collidepoint(local):
                return ("row", rank)
        return ("panel", -1)

    def row_rect(self, rank: int) -> pygame.Rect | None:
        """Where the list's row ``rank`` is on the screen (None when not shown)."""
        rows = self._rows_local
        if self.list_rect is None or rank >= len(rows):
            return None
        return rows[rank].move(self.list_rect.topleft)

    def handle(self, event: pygame.event.Event) -> tuple[bool, Command | None]:
        """(used, command to play): a click on a row plays its move, on × (or Esc) hides the
        hints; the pointer over a row lights its marks."""
        if self.hint is None:
            return False, None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()  # Esc hides the hints first (then it leaves the table)
            return True, None
        if self.list_rect is None:
            return False, None
        if event.type == pygame.MOUSEMOTION:
            hit = self._at(event.pos)
            self.hover = hit[1] if hit is not None and hit[0] == "row" else None
            return hit is not None, None  # over the list: not over the board under it
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._at(event.pos)
            if hit is None:
                return False, None
            if hit[0] == "close":
                self.cancel()
                return True, None
            if hit[0] == "row":
                commands = self.commands()
                return True, commands[hit[1]] if hit[1] < len(commands) else None
            return True, None
        return False, None


def _height(text: Any, fit: Any) -> int:
    font = text.font(fit.size)
    return (max(1, len(fit.lines)) - 1) * font.get_linesize() + font.get_height()
