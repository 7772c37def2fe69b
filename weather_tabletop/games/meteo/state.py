"""The state of a game of Meteo: one frozen, hashable value (rulebook: "Setup").

Figures are identical within a colour, so each seat's figures are a sorted tuple of positions
(villages hold many). Markers on the island are ``(pos, kind)`` pairs sorted by position. In a
seat's view, hidden markers (other hands, the supply order) are ``UNKNOWN``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable

from .board import Pos

UNKNOWN = "?"

# Phases of a turn (rulebook: "Course of Play", steps 1-4)
SETUP = "setup"
PLACE = "place"  # 1. Place Weather Markers
MOVE = "move"  # 2. Move Figures
DRAW = "draw"  # 3. Draw Weather Markers
WIND = "wind"  # 4. Make Wind (wind player only)
WITCH = "witch"  # the end of the turn: the witch moved this turn may remove a marker
END = "end"  # the turn ends once figures made to stand on impassable spaces are moved
OVER = "over"

STEPS_PER_TURN = 6  # "With each turn a player may move 6 steps"
HAND_SIZE = 3  # "Draw back up to 3 weather markers"
MAX_PLACED = 2  # "The player may play at most two of his weather markers"


class cached_property:  # noqa: N801 (named after functools.cached_property)
    """``functools.cached_property`` without its lock (Python 3.11 takes one on every first
    access; states are immutable, so two threads at worst both compute the same value)."""

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, obj: Any, cls: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


@dataclass(frozen=True)
class MeteoState:
    seed: int
    chance_counter: int
    players: int
    colours: tuple[int, ...]  # the colour (0-5, ring order) of each seat
    figures: tuple[tuple[Pos, ...], ...]  # per seat, sorted positions
    witches: tuple[Pos, ...]  # the three witches' positions
    markers: tuple[tuple[Pos, str], ...]  # markers lying on the island, sorted by position
    supply: tuple[str, ...]  # face down, top first
    face_up: tuple[str, ...]  # at most 2, beside the supply
    hands: tuple[tuple[str, ...], ...]  # per seat, sorted
    returned: tuple[str, ...]  # markers on their way back into the supply (before its shuffle)
    wind_space: int  # the wind marker's space on the wind circle
    wind_player: int  # the seat holding the die
    round: int  # 1-based
    current: int  # the active seat
    phase: str
    placed: int  # markers placed this turn
    steps_left: int
    witch_moved: int  # the witch moved this turn, -1 for none
    took_face_up: bool  # a face-up marker was drawn this turn
    wind_blown: bool  # the wind blew this turn (owners relocate, then the marker advances)
    ending: int  # the seat that first had all figures in its own half, -1 before
    round_limit: int  # the project's safety limit on rounds, 0 for none
    names: tuple[str, ...] = ()  # the players' names, as the log and the moves say them
    last_roll: int = 0  # the die's face as last rolled (0 before the first roll): the table shows it

    @cached_property
    def marker_map(self) -> dict[Pos, str]:
        return dict(self.markers)

    @cached_property
    def occupancy(self) -> dict[Pos, int]:
        """Figures and witches per space."""
        out: dict[Pos, int] = {}
        for figs in self.figures:
            for p in figs:
                out[p] = out.get(p, 0) + 1
        for p in self.witches:
            out[p] = out.get(p, 0) + 1
        return out

    def evolve(self, **changes: object) -> "MeteoState":
        """``dataclasses.replace`` for the rules' hot path: the same new state, built without
        ``__init__``. Values derived from fields that did not change (the marker map, the
        occupancy and the rules' memos of them) are carried over, not derived again: every key
        the rules memoize in a state's ``__dict__`` must be listed in ``_MEMOS``."""
        d = self.__dict__.copy()
        if len(d) != _N:  # memos: keep those whose fields did not change, drop the rest
            changed = tuple(changes)
            drop = _DROP.get(changed)
            if drop is None:
                unknown = set(changed).difference(_FIELDS)
                if unknown:
                    raise TypeError(f"MeteoState has no field {unknown}")
                drop = _DROP[changed] = tuple(k for k, deps in _MEMOS
                                              if deps is None or not deps.isdisjoint(changed))
            for key in drop:
                if key in d:
                    del d[key]
        d.update(changes)
        new = object.__new__(MeteoState)
        object.__setattr__(new, "__dict__", d)
        return new

    def marker_total(self) -> int:
        return (len(self.supply) + len(self.face_up) + sum(len(h) for h in self.hands)
                + len(self.markers) + len(self.returned))


_FIELDS = tuple(f.name for f in fields(MeteoState))
_N = len(_FIELDS)
#: values derived from a state (cached properties, the rules' memos) and the fields they read;
#: None: never carried over (the rules' ``_relocator``, ``_ahead``)
_MEMOS: tuple[tuple[str, frozenset[str] | None], ...] = (
    ("marker_map", frozenset({"markers"})),
    ("occupancy", frozenset({"figures", "witches"})),
    ("_displaced", frozenset({"figures", "witches", "markers"})),
    ("_blocked", frozenset({"markers"})),
    ("_held", frozenset({"markers"})),
    ("_first_home", frozenset({"figures", "colours", "players"})),
    ("_overfull", frozenset({"figures", "witches"})),
    ("_relocator", None),
    ("_ahead", None),
)
#: the memos to drop for each tuple of changed fields (``evolve``)
_DROP: dict[tuple[str, ...], tuple[str, ...]] = {}
