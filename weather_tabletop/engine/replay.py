"""Stepping through a finished or unfinished game (issue 21): the position after each move that
stands, reached in any order at a bounded cost.

A :class:`Replay` holds the active groups of a match (the setup, then each command not taken
back) and a snapshot of the state every ``snapshot_every`` groups, made in one pass at the start.
Position ``k`` is the state after group ``k`` (0: the game as set up); reaching it folds at most
``snapshot_every`` groups' events onto the nearest snapshot, so stepping back is as cheap as
stepping forward. Moves are grouped into turns and rounds by the game's ``turn_id`` (its first
item is the round in every game here). Nothing here writes: a replay is made from a loaded match
(``SavedGame.replay`` checks the whole file through the rules first).
"""

from __future__ import annotations

import bisect
from typing import Any, Hashable, Sequence

from .match import Group, Match
from .protocol import Game, GameConfig


class Replay:
    """The positions of one game, 0 (set up) to ``last``."""

    def __init__(self, game: Game, config: GameConfig, groups: Sequence[Group], *,
                 snapshot_every: int = 32) -> None:
        if not groups or groups[0].kind != "setup":
            raise ValueError("a replay starts with the game's setup")
        self.game, self.config = game, config
        self.groups = tuple(groups)
        self.every = snapshot_every
        self._snaps: list[Any] = []
        self._turns: list[Hashable] = []
        state = game.initial_state(config)
        for k, group in enumerate(self.groups):
            for event in group.events:
                state = game.apply(state, event)
            if k % snapshot_every == 0:
                self._snaps.append(state)
            self._turns.append(game.turn_id(state))
        self.final = state
        self._turn_starts = [k for k in range(len(self._turns))
                             if k == 0 or self._turns[k] != self._turns[k - 1]]
        self._round_starts = [k for k in range(len(self._turns))
                              if k == 0 or _round(self._turns[k]) != _round(self._turns[k - 1])]

    @classmethod
    def of(cls, match: Match) -> "Replay":
        """The replay of a match's moves that stand (loading a restored match's history)."""
        return cls(match.game, match.config, match.active)

    @property
    def last(self) -> int:
        return len(self.groups) - 1

    def state_at(self, k: int) -> Any:
        """The state after group ``k`` (clamped to 0..last)."""
        k = max(0, min(self.last, k))
        base = k // self.every
        state = self._snaps[base]
        for group in self.groups[base * self.every + 1:k + 1]:
            for event in group.events:
                state = self.game.apply(state, event)
        return state

    def group_at(self, k: int) -> Group:
        return self.groups[max(0, min(self.last, k))]

    # -- moving by turns and rounds --------------------------------------------------------

    def next_turn(self, k: int) -> int:
        """The first position of the next turn (the last position when there is none)."""
        i = bisect.bisect_right(self._turn_starts, k)
        return self._turn_starts[i] if i < len(self._turn_starts) else self.last

    def previous_turn(self, k: int) -> int:
        """The first position of this turn, or of the one before when already there."""
        i = bisect.bisect_left(self._turn_starts, k)
        return self._turn_starts[i - 1] if i > 0 else 0

    def next_round(self, k: int) -> int:
        i = bisect.bisect_right(self._round_starts, k)
        return self._round_starts[i] if i < len(self._round_starts) else self.last

    def previous_round(self, k: int) -> int:
        i = bisect.bisect_left(self._round_starts, k)
        return self._round_starts[i - 1] if i > 0 else 0

    def rounds(self) -> int:
        return len(self._round_starts)


def viewers(game: Game, replay: Replay, opener: int | None) -> list[int | None]:
    """Whose view a replay may show: any seat, or everything (None), once the game is over;
    while it is unfinished only what the seat that opened it may see (issue 21)."""
    if game.is_over(replay.final):
        return [None, *range(len(replay.config.seats))]
    return [opener]


def _round(turn: Hashable) -> Any:
    return turn[0] if isinstance(turn, tuple) and turn else turn
