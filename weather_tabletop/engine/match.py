"""The match: the log of command groups, undo/redo, snapshots (DESIGN.md, "The engine").

The log only grows. Each entry is one group: the setup's events, a seat's command with the events
it caused, or an undo or redo by a seat. The *active* groups are the setup and the commands not
undone; the state is the fold of their events. Undo follows BGA's policy: a seat may take back its
own commands in its current turn, never across a chance event, a hidden-information reveal or
another seat's command; the casual table option lifts the turn limit only.

Snapshots of the state every ``snapshot_every`` events along the active groups keep undo and
redo cost flat however long the game grows.

A match can also be *restored* from a save's checkpoint (:meth:`Match.restore`): the state after
the last group no undo can reach (a chance or reveal, or the setup), the groups above it and the
redo stack. The groups below are then loaded from the file only when something asks for the
whole history (:attr:`Match.active`), never to continue playing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable

from ..i18n import Msg, msg
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
    label: Any = ""  # the game's progress line after this group (a Msg, or a text)
    over: bool = False  # the game is over after this group

    @property
    def barrier(self) -> Event | None:
        """The first chance or reveal event of the group, which makes it impossible to undo."""
        return first_barrier(self.events)


def first_barrier(events: Iterable[Event]) -> Event | None:
    """The first chance or reveal event among ``events``: the undo policy cannot take back a
    group that holds one."""
    for e in events:
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
        self.log: list[Group] = []  # the entries since the match was started or restored
        self._offset = 0  # entries before ``log`` (a restored match)
        self._active: list[Group | None] = []  # None: a sealed group not loaded (restored)
        self._sealed = 0
        self.history_loader: Callable[[], list[Group]] | None = None
        # a restored match: the state after its base and the groups and redo stack it had then
        self.restored: tuple[Any, tuple[Group, ...], tuple[Group, ...]] | None = None
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
        match._commit(group=Group(0, "setup", None, None, events, None, _progress(game, new_state)),
                      new_state=new_state)
        return match

    # -- reading --------------------------------------------------------------------------

    @classmethod
    def restore(cls, game: Game, config: GameConfig, *, casual: bool, version: int, base: int,
                base_state: Any, groups: list[Group], undone: list[Group], **kwargs: Any) -> "Match":
        """A match continued from a checkpoint: ``version`` log entries so far; ``groups`` are the
        active groups from index ``base`` on (the first cannot be undone), ``base_state`` the
        state after the first of them, ``undone`` the redo stack (next to redo last). Each
        group's turn and label are recomputed here from the states, never read from the file."""
        match = cls(game, config, casual=casual, **kwargs)
        match._offset = version
        match._sealed = base
        first = groups[0]
        state, rebuilt = base_state, [Group(first.n, first.kind, first.seat, first.command,
                                            first.events, None, _progress(game, base_state),
                                            game.is_over(base_state))]
        for g in groups[1:]:
            new_state = _fold(game, state, g.events)
            rebuilt.append(_recomputed(game, g, state, new_state))
            state = new_state
        match._active = [None] * base + rebuilt
        match._snaps = [(base + 1, base_state)]
        match._since_snap = sum(len(g.events) for g in rebuilt[1:])
        match.state = state
        redo, after = [], state
        for g in reversed(undone):
            new_state = _fold(game, after, g.events)
            redo.append(_recomputed(game, g, after, new_state))
            after = new_state
        match._undone = list(reversed(redo))
        match.restored = (base_state, tuple(rebuilt), tuple(match._undone))
        return match

    @property
    def version(self) -> int:
        """The number of log entries; a command decided at another version is stale."""
        return self._offset + len(self.log)

    @property
    def restored_at(self) -> int | None:
        """The active index of the first group in memory when restored from a checkpoint."""
        return self._sealed if self.restored is not None else None

    @property
    def active(self) -> tuple[Group, ...]:
        """Every active group from the setup on (a restored match loads the sealed ones)."""
        if self._sealed and self._active[0] is None:
            if self.history_loader is None:
                raise LookupError("this match was restored without its history")
            sealed = self.history_loader()[:self._sealed]
            if len(sealed) != self._sealed:
                raise LookupError("the save's history does not reach its checkpoint")
            self._active[:self._sealed] = sealed
        return tuple(self._active)  # type: ignore[arg-type]

    @property
    def top(self) -> tuple[Group, ...]:
        """The active groups in memory without loading any (all of them unless restored)."""
        return tuple(g for g in self._active[self._sealed:] if g is not None) if self._sealed \
            else tuple(self._active)  # type: ignore[arg-type]

    @property
    def depth(self) -> int:
        """The number of active groups (loaded or not)."""
        return len(self._active)

    def groups_from(self, index: int) -> tuple[Group, ...]:
        """The active groups from ``index`` on (in memory: at or above a restored base)."""
        groups = self._active[index:]
        if any(g is None for g in groups):
            raise LookupError("those groups were not loaded")
        return tuple(groups)  # type: ignore[arg-type]

    @property
    def undone(self) -> tuple[Group, ...]:
        """The redo stack, next to redo last."""
        return tuple(self._undone)

    def event_count(self) -> int:
        return sum(len(g.events) for g in self.active)

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
            raise StaleCommand(msg("engine.stale"))
        if not self._active:
            raise IllegalMove(msg("engine.not_set_up"))
        if self.game.is_over(self.state):
            raise IllegalMove(msg("engine.over"))
        if command.seat not in self.game.to_act(self.state):
            raise IllegalMove(msg("engine.not_turn", name=self._name(command.seat)))
        events = tuple(self.game.decide(self.state, command))
        new_state = _fold(self.game, self.state, events)
        group = Group(
            self.version, "command", command.seat, command, events,
            self.game.turn_id(self.state), _progress(self.game, new_state),
            self.game.is_over(new_state),
        )
        self._commit(group, new_state)
        return group

    def barrier_of(self, command: Command) -> Event | None:
        """The chance or reveal event ``command`` would cause now (None: none, or the command
        is refused), so that a table can ask before a move no undo can take back. ``decide`` is
        pure, so asking changes nothing: the state, the log and the version stay as they were."""
        try:
            return first_barrier(self.game.decide(self.state, command))
        except IllegalMove:
            return None

    def undo_reason(self, seat: int) -> Msg | None:
        """Why ``seat`` may not undo now (a message naming the undo rule), or None if it may."""
        if len(self._active) <= 1:
            return msg("engine.nothing_to_undo")
        top = self._active[-1]
        assert top is not None  # the group at the base of a restored match is never above it
        if top.seat != seat:
            return msg("engine.undo_own_moves", name=self._name(top.seat))
        barrier = top.barrier
        if barrier is not None:
            what = self.game.describe_event(self.state, barrier)
            return msg("engine.undo_barrier", what=what)
        if not self.casual and top.turn != self.game.turn_id(self.state):
            return msg("engine.undo_turn")
        return None

    def redo_reason(self, seat: int) -> Msg | None:
        if not self._undone:
            return msg("engine.nothing_to_redo")
        if self._undone[-1].seat != seat:
            return msg("engine.redo_only", name=self._name(self._undone[-1].seat))
        return None

    def undo(self, seat: int) -> Group:
        reason = self.undo_reason(seat)
        if reason:
            raise IllegalMove(reason)
        below = self._active[-2]
        group = Group(self.version, "undo", seat, label=below.label if below else "")
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
        group = Group(self.version, "redo", seat, label=target.label, over=target.over)
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
            if self.version:
                raise ValueError("setup entry after the start")
            expected = tuple(self.game.setup_events(self.state))
            if expected != events:
                raise ValueError("the setup does not match the game's seed")
            new_state = _fold(self.game, self.state, events)
            group = Group(0, "setup", None, None, events, None, _progress(self.game, new_state))
            self._commit(group, new_state)
            return group
        if not self.version:
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

    def _name(self, seat: int | None) -> Any:
        if seat is None or not 0 <= seat < len(self.config.seats):
            return msg("engine.another_seat")
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
        assert undone is not None
        self._undone.append(undone)
        while self._snaps[-1][0] > len(self._active):
            self._snaps.pop()
        at, state = self._snaps[-1]
        above = [g for g in self._active[at:] if g is not None]
        for g in above:
            state = _fold(self.game, state, g.events)
        self._since_snap = sum(len(g.events) for g in above)
        self.state = state

    def snapshot_before(self, index: int) -> Any:
        """The state after the active groups ``[:index + 1]`` (from the nearest snapshot)."""
        at, state = max((s for s in self._snaps if s[0] <= index + 1), key=lambda s: s[0])
        for g in self._active[at:index + 1]:
            assert g is not None
            state = _fold(self.game, state, g.events)
        return state


def _progress(game: Game, state: Any) -> Any:
    """The progress line kept as a group's label: the game's message (``progress_msg``: a key
    and parameters, rendered when shown, so a save file holds no prose) or, for a game without
    one, its text."""
    as_msg = getattr(game, "progress_msg", None)
    return as_msg(state) if as_msg is not None else game.progress(state)


def _recomputed(game: Game, group: Group, before: Any, after: Any) -> Group:
    """``group`` with the turn it was given in and the label and end flag after it."""
    return Group(group.n, group.kind, group.seat, group.command, group.events,
                 game.turn_id(before) if group.kind == "command" else None,
                 _progress(game, after), game.is_over(after))


def _fold(game: Game, state: Any, events: Iterable[Event]) -> Any:
    for event in events:
        state = game.apply(state, event)
    return state
