"""The match: the log of command groups, undo/redo, snapshots (DESIGN.md, "The engine").

The log only grows. Each entry is one group: the setup's events, a seat's command with the events
it caused, or an undo or redo by a seat. The *active* groups are the setup and the commands not
undone; the state is the fold of their events. Undo follows BGA's policy: a seat may take back its
own commands in its current turn, never across a chance event, a hidden-information reveal or
another seat's command; the casual table option lifts the turn limit only.

Snapshots of the state every ``snapshot_every`` events along the active groups keep undo and
redo cost flat however long the game grows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable

from .protocol import Command, Event, Game, GameConfig, IllegalMove


@dataclass(frozen=True)
class Group:
    """One log entry. ``kind`` is "setup", "command", "undo" or "redo"."""

    n: int
    kind: str
    seat: int | None
    command: Command | None = None
    events: tuple[Event, ...] = ()
    turn: Hashable = None  # the turn the command was given in (for the undo policy)
    label: str = ""  # the game's progress line after this group
    over: bool = False  # the game is over after this group

    @property
    def barrier(self) -> Event | None:
        """The first chance or reveal event of the group, which makes it impossible to undo."""
        for e in self.events:
            if e.chance or e.reveal:
                return e
        return None


class StaleCommand(IllegalMove):
    """A command decided against a state the match has moved past (e.g. a slow computer seat)."""


Sink = Callable[[Group], None]


class Match:
    """A game in progress. ``sink`` receives every new log entry before the state changes
    (the autosave: it must have the entry on disk when it returns)."""

    def __init__(
        self,
        game: Game,
        config: GameConfig,
        *,
        casual: bool = False,
        sink: Sink | None = None,
        snapshot_every: int = 64,
    ) -> None:
        self.game = game
        self.config = config
        self.casual = casual
        self.sink = sink
        self.snapshot_every = snapshot_every
        self.log: list[Group] = []
        self._active: list[Group] = []
        self._undone: list[Group] = []
        initial = game.initial_state(config)
        self._snaps: list[tuple[int, Any]] = [(0, initial)]
        self._since_snap = 0
        self.state: Any = initial

    # -- starting -------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, config: GameConfig, **kwargs: Any) -> "Match":
        """A new game: its setup events are the log's first group."""
        match = cls(game, config, **kwargs)
        events = tuple(game.setup_events(match.state))
        new_state = _fold(game, match.state, events)
        match._commit(group=Group(0, "setup", None, None, events, None, game.progress(new_state)),
                      new_state=new_state)
        return match

    # -- reading --------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """The number of log entries; a command decided at another version is stale."""
        return len(self.log)

    @property
    def active(self) -> tuple[Group, ...]:
        return tuple(self._active)

    def event_count(self) -> int:
        return sum(len(g.events) for g in self._active)

    def legal(self, seat: int) -> list[Command]:
        return self.game.legal_commands(self.state, seat)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    # -- commands -------------------------------------------------------------------------

    def submit(self, command: Command, expected_version: int | None = None) -> Group:
        """Decide the command, autosave the group, then fold it in. Raises IllegalMove."""
        if expected_version is not None and expected_version != self.version:
            raise StaleCommand("The table changed while this move was chosen; choose again.")
        if not self._active:
            raise IllegalMove("The game has not been set up.")
        if self.game.is_over(self.state):
            raise IllegalMove("The game is over.")
        if command.seat not in self.game.to_act(self.state):
            raise IllegalMove(f"It is not {self._name(command.seat)}'s turn.")
        events = tuple(self.game.decide(self.state, command))
        new_state = _fold(self.game, self.state, events)
        group = Group(
            len(self.log), "command", command.seat, command, events,
            self.game.turn_id(self.state), self.game.progress(new_state),
            self.game.is_over(new_state),
        )
        self._commit(group, new_state)
        return group

    def undo_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now, or None if it may."""
        if len(self._active) <= 1:
            return "There is nothing to undo."
        top = self._active[-1]
        if top.seat != seat:
            return (f"Undo takes back only your own moves: {self._name(top.seat)} "
                    "has moved since.")
        barrier = top.barrier
        if barrier is not None:
            what = self.game.describe_event(self.state, barrier)
            return f"Undo stops at chance and hidden information: {what}"
        if not self.casual and top.turn != self.game.turn_id(self.state):
            return "Undo stays within your own turn (the casual table option lifts this)."
        return None

    def redo_reason(self, seat: int) -> str | None:
        if not self._undone:
            return "There is nothing to redo."
        if self._undone[-1].seat != seat:
            return f"Only {self._name(self._undone[-1].seat)} can redo that move."
        return None

    def undo(self, seat: int) -> Group:
        reason = self.undo_reason(seat)
        if reason:
            raise IllegalMove(reason)
        group = Group(len(self.log), "undo", seat, label=self._active[-2].label)
        self._write(group)
        self.log.append(group)
        self._pop_active()
        return group

    def redo(self, seat: int) -> Group:
        reason = self.redo_reason(seat)
        if reason:
            raise IllegalMove(reason)
        target = self._undone[-1]
        new_state = _fold(self.game, self.state, target.events)
        group = Group(len(self.log), "redo", seat, label=target.label, over=target.over)
        self._write(group)
        self.log.append(group)
        self._undone.pop()
        self._push_active(target, new_state)
        return group

    # -- replaying a saved log --------------------------------------------------------------

    def replay_entry(self, kind: str, seat: int | None, command: Command | None,
                     events: tuple[Event, ...]) -> Group:
        """Apply one saved entry, checking it against the rules; raises IllegalMove or
        ValueError when the saved entry is not what the rules give."""
        if kind == "setup":
            if self.log:
                raise ValueError("setup entry after the start")
            expected = tuple(self.game.setup_events(self.state))
            if expected != events:
                raise ValueError("the setup does not match the game's seed")
            new_state = _fold(self.game, self.state, events)
            group = Group(0, "setup", None, None, events, None, self.game.progress(new_state))
            self._commit(group, new_state)
            return group
        if not self.log:
            raise ValueError("the log does not start with the setup")
        if kind == "command":
            if command is None or seat != command.seat:
                raise ValueError("command entry without a matching command")
            sink, self.sink = self.sink, None
            try:
                group = self.submit(command)
            finally:
                self.sink = sink
            if group.events != events:
                raise ValueError("the recorded events differ from what the rules give")
            return group
        if kind == "undo" and seat is not None:
            sink, self.sink = self.sink, None
            try:
                return self.undo(seat)
            finally:
                self.sink = sink
        if kind == "redo" and seat is not None:
            sink, self.sink = self.sink, None
            try:
                return self.redo(seat)
            finally:
                self.sink = sink
        raise ValueError(f"unknown entry kind {kind!r}")

    # -- internals ------------------------------------------------------------------------

    def _name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.config.seats):
            return "another seat"
        return self.config.seats[seat].name

    def _write(self, group: Group) -> None:
        if self.sink is not None:
            self.sink(group)

    def _commit(self, group: Group, new_state: Any) -> None:
        self._write(group)
        self.log.append(group)
        self._undone.clear()
        self._push_active(group, new_state)

    def _push_active(self, group: Group, new_state: Any) -> None:
        self._active.append(group)
        self.state = new_state
        self._since_snap += len(group.events)
        if self._since_snap >= self.snapshot_every:
            self._snaps.append((len(self._active), new_state))
            self._since_snap = 0

    def _pop_active(self) -> None:
        undone = self._active.pop()
        self._undone.append(undone)
        while self._snaps[-1][0] > len(self._active):
            self._snaps.pop()
        at, state = self._snaps[-1]
        for g in self._active[at:]:
            state = _fold(self.game, state, g.events)
        self._since_snap = sum(len(g.events) for g in self._active[at:])
        self.state = state


def _fold(game: Game, state: Any, events: Iterable[Event]) -> Any:
    for event in events:
        state = game.apply(state, event)
    return state
