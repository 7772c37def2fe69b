"""The board area of the table: the :class:`TableView` protocol every game view implements,
and :class:`GenericTableView`, used for games that have none (``games.view_class(id)`` is None).

A view only draws and maps pointer positions to commands; it never changes game state.

Protocol::

    class MyView:
        def __init__(self, game, rect: pygame.Rect, *, context: ViewContext | None = None): ...
        def resize(self, rect: pygame.Rect) -> None
        def draw(self, surface, view_state, seat: int | None) -> None
        def pieces(self, view_state, seat) -> list[Piece]          # hit-testable, draggable
        def drop_targets(self, piece, legal_commands) -> list[tuple[Shape, Command]]
        def command_for_drop(self, piece, pos, view_state, seat) -> Command | None
        def tooltip_at(self, pos, view_state) -> str | None
        def handle_event(self, event) -> bool          # optional: view-only controls (keys,
                                                       # toggles) that change no game state

A ``Shape`` is a ``pygame.Rect`` or any object with ``collidepoint(pos) -> bool`` and a
``bounds`` rect (e.g. :class:`Circle`). ``drop_targets`` lists where ``piece`` may go, one entry
per legal command that moves it; ``command_for_drop`` answers a drop on no target with the
command that drop would mean (so the rules can say why it is refused) or None.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import Any, Hashable, Protocol, Sequence, Union, runtime_checkable

import pygame

from ..engine.protocol import Colour, Command, Game, SeatConfig
from ..i18n import tr
from . import theme
from .theme import TextCache


@dataclass(frozen=True)
class Circle:
    """A round hit area."""

    center: tuple[int, int]
    radius: int

    def collidepoint(self, pos: tuple[int, int]) -> bool:
        dx, dy = pos[0] - self.center[0], pos[1] - self.center[1]
        return dx * dx + dy * dy <= self.radius * self.radius

    @property
    def bounds(self) -> pygame.Rect:
        r = self.radius
        return pygame.Rect(self.center[0] - r, self.center[1] - r, 2 * r, 2 * r)


Shape = Union[pygame.Rect, Circle, Any]


def bounds_of(shape: Shape) -> pygame.Rect:
    return shape if isinstance(shape, pygame.Rect) else pygame.Rect(shape.bounds)


@dataclass
class Piece:
    """A thing on the board that can be picked up.

    ``image`` is drawn under the pointer while it is dragged (None: a plain chip with
    ``label``). ``seat`` is the owner, if any.
    """

    key: Hashable
    shape: Shape
    label: str = ""
    seat: int | None = None
    image: pygame.Surface | None = field(default=None, compare=False)
    draggable: bool = True


@dataclass
class ViewContext:
    """What a view may need besides the game: seats, their colours, style and scale."""

    seats: Sequence[SeatConfig] = ()
    colour_blind: bool = False
    scale: float = 1.0
    text: TextCache = field(default_factory=TextCache)

    def colour(self, game: Game, seat: int) -> Colour:
        """The seat's colour (with its letter)."""
        if 0 <= seat < len(self.seats):
            for c in game.colours:
                if c.key == self.seats[seat].color:
                    return c
        cols = game.colours or (Colour("grey", (120, 130, 140), "?"),)
        return cols[seat % len(cols)]

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return tr("table.seat_n", n=seat + 1)


#: the board's rect at 1280x720 and 100% UI scale (side column open): what a view's text sizes
#: are designed for
REFERENCE_BOARD = (1010, 640)


def text_growth(ui_scale: float, k: float, k_reference: float) -> float:
    """How much larger than its board's scale ``k`` a view draws its text: the share of the UI
    scale (``ViewContext.scale``) that the board did not grow by itself (``k_reference``: the
    board's scale in :data:`REFERENCE_BOARD`). 1 when the board grew as much (a larger window at
    100%); 1.5 at 1280x720 and 150%, where the board stays as large and only the side column grew
    (issue 27). Text is drawn into boxes that shrink it again where the board has no room."""
    if k <= 0 or k_reference <= 0:
        return 1.0
    return max(1.0, ui_scale * k_reference / k)


@runtime_checkable
class TableView(Protocol):
    def resize(self, rect: pygame.Rect) -> None: ...

    def draw(self, surface: pygame.Surface, view_state: Any, seat: int | None) -> None: ...

    def pieces(self, view_state: Any, seat: int | None) -> list[Piece]: ...

    def drop_targets(self, piece: Piece, legal_commands: Sequence[Command]
                     ) -> list[tuple[Shape, Command]]: ...

    def command_for_drop(self, piece: Piece, pos: tuple[int, int], view_state: Any,
                         seat: int | None) -> Command | None: ...

    def tooltip_at(self, pos: tuple[int, int], view_state: Any) -> str | None: ...


SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "star", "pentagon")
#: One shape per player colour, the same in every game and every scene (colour-blind markings):
#: no game has two colours with the same shape.
SHAPE_OF_COLOUR = {"red": "circle", "blue": "square", "green": "diamond", "yellow": "triangle",
                   "orange": "hexagon", "lightblue": "star", "purple": "pentagon"}


def shape_of(colour: Colour) -> str:
    """The colour-blind shape of a player colour (a colour no game knows: by its letter)."""
    shape = SHAPE_OF_COLOUR.get(colour.key)
    if shape is None:
        shape = SHAPES[sum(map(ord, colour.letter or "?")) % len(SHAPES)]
    return shape


def shape_points(center: tuple[float, float], r: float, shape: str) -> list[tuple[float, float]]:
    """The outline of ``shape`` (any of :data:`SHAPES` but the circle) of radius ``r``."""
    import math

    x, y = center
    if shape == "square":
        return [(x - r * .85, y - r * .85), (x + r * .85, y - r * .85),
                (x + r * .85, y + r * .85), (x - r * .85, y + r * .85)]
    if shape == "diamond":
        return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if shape == "triangle":
        return [(x, y - r), (x + r, y + r * .8), (x - r, y + r * .8)]
    n = {"hexagon": 6, "pentagon": 5}.get(shape, 10)
    return [(x + (r if i % 2 == 0 or n != 10 else r * .55) * math.cos(math.pi * 2 * i / n - math.pi / 2),
             y + (r if i % 2 == 0 or n != 10 else r * .55) * math.sin(math.pi * 2 * i / n - math.pi / 2))
            for i in range(n)]


def draw_shape(surface: pygame.Surface, center: tuple[int, int], r: int, shape: str,
               fill: tuple, outline: tuple | None = None, width: int = 0) -> None:
    """A filled ``shape`` with an optional outline (``width`` pixels; 0: r // 12, at least 2)."""
    line = width or max(2, r // 12)
    if shape == "circle":
        pygame.draw.circle(surface, fill, center, r)
        if outline is not None:
            pygame.draw.circle(surface, outline, center, r, line)
        return
    pts = shape_points(center, r, shape)
    pygame.draw.polygon(surface, fill, pts)
    if outline is not None:
        pygame.draw.polygon(surface, outline, pts, line)


def draw_token(surface: pygame.Surface, center: tuple[int, int], radius: int, colour: Colour,
               index: int, text: TextCache, colour_blind: bool) -> None:
    """A seat's token: its colour, its letter, and with colour-blind markings the colour's shape
    (:func:`shape_of`; ``index`` is kept for callers and no longer chooses the shape)."""
    x, y = center
    shape = shape_of(colour) if colour_blind else "circle"
    r = radius
    draw_shape(surface, center, r, shape, colour.rgb, theme.INK)
    light = sum(colour.rgb) > 450
    letter = text.render(colour.letter, max(10, int(r * 0.9)), theme.INK if light else (255, 255, 255),
                         bold=True)
    dy = r * .12 if shape == "triangle" else 0
    surface.blit(letter, letter.get_rect(center=(x, y + dy)))


def _label(name: str) -> str:
    return tr(name.replace("_", " ").strip().capitalize())


class GenericTableView:
    """Shows any game as text tiles: the fields of its view state, the seats' tokens and the
    moves of the seat to act. Drag your token onto a move to play it; dragging another seat's
    token onto a move asks the rules, which say why it is refused."""

    HIDDEN_FIELDS = ("seed", "chance_n")  # the engine's chance bookkeeping, not game state

    def __init__(self, game: Game, rect: pygame.Rect, *, context: ViewContext | None = None) -> None:
        self.game = game
        self.ctx = context or ViewContext()
        self.rect = pygame.Rect(rect)
        self._cache_key: tuple | None = None
        self._surface: pygame.Surface | None = None
        self._tiles: list[tuple[pygame.Rect, str]] = []
        self._moves: list[tuple[pygame.Rect, Command]] = []
        self._tokens: list[tuple[Circle, int]] = []
        self._more = 0

    def s(self, n: float) -> int:
        return max(1, round(n * self.ctx.scale))

    # -- protocol --------------------------------------------------------------------------

    def resize(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._cache_key = None

    def draw(self, surface: pygame.Surface, view_state: Any, seat: int | None) -> None:
        self._ensure(view_state, seat)
        if self._surface is not None:
            surface.blit(self._surface, self.rect.topleft)

    def pieces(self, view_state: Any, seat: int | None) -> list[Piece]:
        self._ensure(view_state, seat)
        return [Piece(("seat", i), circle, self.ctx.name(i), i, self._token_image(i, circle.radius))
                for circle, i in self._tokens]

    def drop_targets(self, piece: Piece, legal_commands: Sequence[Command]
                     ) -> list[tuple[Shape, Command]]:
        legal = list(legal_commands)
        return [(rect, cmd) for rect, cmd in self._moves
                if cmd in legal and cmd.seat == piece.seat]

    def command_for_drop(self, piece: Piece, pos: tuple[int, int], view_state: Any,
                         seat: int | None) -> Command | None:
        self._ensure(view_state, seat)
        for rect, cmd in self._moves:
            if rect.collidepoint(pos) and piece.seat is not None and cmd.seat != piece.seat:
                return dataclasses.replace(cmd, seat=piece.seat)
        return None

    def tooltip_at(self, pos: tuple[int, int], view_state: Any) -> str | None:
        for circle, i in self._tokens:
            if circle.collidepoint(pos):
                c = self.ctx.colour(self.game, i)
                return tr("view.token_tip", name=self.ctx.name(i), colour=c.label(),
                          letter=c.letter)
        for rect, cmd in self._moves:
            if rect.collidepoint(pos):
                return tr("view.move_tip", move=tr(self.game.describe_command(view_state, cmd)))
        for rect, text in self._tiles:
            if rect.collidepoint(pos):
                return text
        return None

    # -- drawing ---------------------------------------------------------------------------

    def _token_image(self, seat: int, radius: int) -> pygame.Surface:
        surf = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
        draw_token(surf, (radius + 2, radius + 2), radius, self.ctx.colour(self.game, seat), seat,
                   self.ctx.text, self.ctx.colour_blind)
        return surf

    def _ensure(self, view_state: Any, seat: int | None) -> None:
        key = (id(view_state), seat, self.rect.size, self.ctx.colour_blind)
        if key != self._cache_key:
            self._render(view_state, seat)
            self._cache_key = key

    def _fields(self, state: Any) -> list[tuple[str, str]]:
        n = len(self.ctx.seats)
        if not dataclasses.is_dataclass(state):
            return [(tr("view.state"), str(state))]
        out = []
        for f in dataclasses.fields(state):
            if f.name.startswith("_") or f.name in self.HIDDEN_FIELDS:
                continue
            out.append((_label(f.name), self._value(getattr(state, f.name), n)))
        return out

    def _value(self, value: Any, players: int) -> str:
        if isinstance(value, bool):
            return tr("view.yes") if value else tr("view.no")
        if isinstance(value, (tuple, list)):
            if players and len(value) == players and players > 1:
                parts = []
                for i, v in enumerate(value):
                    letter = self.ctx.colour(self.game, i).letter
                    shown = tr("view.items", n=len(v)) if isinstance(v, (tuple, list)) else str(v)
                    parts.append(f"{letter} {shown}")
                return "   ".join(parts)
            if len(value) > 6 or any(isinstance(v, (tuple, list)) for v in value):
                return tr("view.items", n=len(value))
            return ", ".join(str(v) for v in value) or "–"
        return str(value)

    def _render(self, view_state: Any, seat: int | None) -> None:
        r = self.rect
        text = self.ctx.text
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, theme.PANEL, surf.get_rect(), border_radius=self.s(12))
        pygame.draw.rect(surf, theme.LINE, surf.get_rect(), 1, border_radius=self.s(12))
        pad = self.s(18)
        x0, y = pad, pad
        width = r.width - 2 * pad
        head = text.render(tr("view.state_heading"), self.s(17), theme.INK_SOFT, bold=True)
        surf.blit(head, (x0, y))
        y += head.get_height() + self.s(8)
        # state tiles
        self._tiles = []
        tile_w = max(self.s(130), (width - self.s(12) * 3) // 4)
        cols = max(1, (width + self.s(12)) // (tile_w + self.s(12)))
        tile_w = (width - self.s(12) * (cols - 1)) // cols
        tile_h = self.s(48)
        for i, (label, value) in enumerate(self._fields(view_state)):
            tx = x0 + (i % cols) * (tile_w + self.s(12))
            ty = y + (i // cols) * (tile_h + self.s(8))
            tr_rect = pygame.Rect(tx, ty, tile_w, tile_h)
            pygame.draw.rect(surf, theme.SKY, tr_rect, border_radius=self.s(8))
            surf.blit(text.fit(label, self.s(12), theme.MUTED, tile_w - self.s(20), bold=True),
                      (tx + self.s(10), ty + self.s(4)))
            surf.blit(text.fit(value, self.s(17), theme.INK, tile_w - self.s(20), bold=True),
                      (tx + self.s(10), ty + self.s(19)))
            self._tiles.append((tr_rect.move(r.topleft), f"{label}: {value}"))
        rows = (len(self._fields(view_state)) + cols - 1) // cols
        y += rows * (tile_h + self.s(8)) + self.s(8)
        # seats
        head = text.render(tr("view.seats_heading"), self.s(17), theme.INK_SOFT, bold=True)
        surf.blit(head, (x0, y))
        y += head.get_height() + self.s(6)
        radius = self.s(22)
        acting = set(self.game.to_act(view_state))
        self._tokens = []
        n = len(self.ctx.seats) or 1
        slot = min(self.s(150), width // n)
        for i in range(len(self.ctx.seats)):
            cx = x0 + slot * i + slot // 2
            cy = y + radius + self.s(6)
            if i in acting:
                pygame.draw.circle(surf, theme.HIGHLIGHT, (cx, cy), radius + self.s(7))
            draw_token(surf, (cx, cy), radius, self.ctx.colour(self.game, i), i, text,
                       self.ctx.colour_blind)
            name = text.fit(self.ctx.name(i), self.s(14), theme.INK, slot - self.s(8),
                            bold=i in acting)
            surf.blit(name, name.get_rect(midtop=(cx, cy + radius + self.s(8))))
            self._tokens.append((Circle((cx + r.x, cy + r.y), radius), i))
        y += 2 * radius + self.s(40)
        # moves of the seat to act
        moves = self.game.legal_commands(view_state, seat) if seat is not None else []
        hint = tr("view.moves_heading") if moves else tr("view.no_moves")
        head = text.render(hint, self.s(17), theme.INK_SOFT, bold=True)
        surf.blit(head, (x0, y))
        y += head.get_height() + self.s(8)
        self._moves = []
        mw = max(self.s(130), (width - self.s(10) * 3) // 4)
        mcols = max(1, (width + self.s(10)) // (mw + self.s(10)))
        mw = (width - self.s(10) * (mcols - 1)) // mcols
        mh = self.s(44)
        room = max(0, (r.height - pad - y + self.s(10)) // (mh + self.s(10)))
        shown = moves[: room * mcols]
        if len(moves) > len(shown) and shown:
            shown = shown[:-1]
        for i, cmd in enumerate(shown):
            mx = x0 + (i % mcols) * (mw + self.s(10))
            my = y + (i // mcols) * (mh + self.s(10))
            rect = pygame.Rect(mx, my, mw, mh)
            pygame.draw.rect(surf, theme.SKY_DEEP, rect, border_radius=self.s(8))
            pygame.draw.rect(surf, theme.PRIMARY, rect, max(1, self.s(2)), border_radius=self.s(8))
            label = text.render(tr(self.game.describe_command(view_state, cmd)), self.s(14),
                                theme.INK, width=mw - self.s(16))
            area = pygame.Rect(0, 0, mw - self.s(16), mh - self.s(8))
            surf.blit(label, label.get_rect(center=rect.center) if label.get_height() <= area.height
                      else (rect.x + self.s(8), rect.y + self.s(4)), area)
            self._moves.append((rect.move(r.topleft), cmd))
        self._more = len(moves) - len(shown)
        if self._more > 0:
            i = len(shown)
            mx = x0 + (i % mcols) * (mw + self.s(10))
            my = y + (i // mcols) * (mh + self.s(10))
            more = text.render(tr("view.more_moves", n=self._more), self.s(15), theme.MUTED)
            surf.blit(more, more.get_rect(center=pygame.Rect(mx, my, mw, mh).center))
        self._surface = surf.convert_alpha() if pygame.display.get_surface() else surf


#: seconds of a frame a view may spend redrawing its state layer before it shows the new state
#: (:class:`StagedRender`); the rest of the redraw continues in the next frames
DRAW_BUDGET = 0.0012

_deadline: float | None = None


def set_frame_deadline(when: float | None) -> None:
    """The ``time.perf_counter()`` by which this frame's spread-out work (a view's staged
    redraw, new log lines, the action list's new entries) should stop; None: no common limit.
    The table sets it at the start of each frame, so the pieces of work share one budget."""
    global _deadline
    _deadline = when


def work_until(budget: float | None) -> float | None:
    """When work given ``budget`` seconds from now should stop (the frame's deadline if that
    comes first); None: no limit, also outside the table's frames (no deadline set: a
    screenshot, a test drawing once). A unit of work begun before it is finished."""
    if budget is None or _deadline is None:
        return None
    return min(time.perf_counter() + budget, _deadline)


class StagedRender:
    """Drawing work split into steps, run a few steps per frame.

    A view redraws its state layer into a new surface with a generator that yields between
    steps (a panel, a row of figures); :meth:`run` advances it until ``budget`` seconds have passed
    (or the frame's deadline), so a frame in which a move lands stays short, and the view keeps
    showing what it drew last until the new surface is complete (a few frames later). Whoever
    needs the new state's pieces (a press on the board) runs it to the end with ``budget=None``.

    ``names`` are attributes of ``owner`` that the job fills as it draws (pieces, tooltip areas):
    between steps they hold what they held before the job started, so tooltips keep answering
    for the picture on the screen; during a step and once the job is done, the job's."""

    def __init__(self) -> None:
        self._job: Any = None
        self._running = False
        self._owner: Any = None
        self._names: tuple[str, ...] = ()
        self._shown: dict[str, Any] = {}
        self._building: dict[str, Any] | None = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    def start(self, job: Any, owner: Any = None, names: Sequence[str] = ()) -> None:
        self.cancel()
        self._job, self._owner, self._names = job, owner, tuple(names)
        self._shown = {n: getattr(owner, n) for n in self._names}
        self._building = None

    def cancel(self) -> None:
        """Drop the job (the attributes keep what is shown)."""
        self._job = None
        self._building = None

    def _swap(self, values: dict[str, Any]) -> dict[str, Any]:
        owner = self._owner
        old = {n: getattr(owner, n) for n in self._names}
        for n, v in values.items():
            setattr(owner, n, v)
        return old

    def run(self, budget: float | None = None) -> bool:
        """Advance the job: to its end (``budget`` None), else by steps until ``budget``
        seconds or the frame's deadline have passed, and by one step at least (issue 27: with
        none once the deadline had passed, a frame whose update used its time drew nothing
        new, and the old board stayed for seconds on a loaded machine); True when it is done
        (or there was none). Called from inside the job itself (a helper the job shares with the
        protocol methods), it does nothing."""
        job = self._job
        if job is None or self._running:
            return job is None
        end = work_until(budget)
        self._running = True
        if self._building is not None:
            self._swap(self._building)
        try:
            while True:
                next(job)
                if end is not None and time.perf_counter() >= end:
                    self._building = self._swap(self._shown)
                    return False
        except StopIteration:
            if self._job is job:
                self._job = None
                self._building = None
            return True
        finally:
            self._running = False
