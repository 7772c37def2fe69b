"""A planning player: flat Monte Carlo over a short list of candidate commands.

At each decision the game's ``shortlist(game, view, seat, legal, rng)`` names a few candidates,
best first by the game's heuristic (the first is what the heuristic player would do). Each
*round* of the search samples one full state consistent with the view
(``determinize(view, seat, rng)`` from the game or its ``bots`` module) and plays every candidate
in it, followed by a rollout of the game's heuristic policy for every seat up to a horizon (for
example the end of the game round), which ``evaluate(state, seat)`` (0..1; else a reward from
the scores) judges. All candidates
of a round share the sample and the rollout's random numbers (common random numbers), so they
are compared on the same deal and differ only by the command. The candidate with the best mean
wins; the heuristic's own choice keeps a small bonus so noise alone never overrules it.

Budgets: ``iterations`` counts rollouts (deterministic for a seed; rounded up to whole rounds),
``seconds`` bounds the thinking time for play (no command of a rollout is started after 92% of
it, so one last command fits in the rest, nor one that would end past the budget if it took as
long as the slowest command of the move so far); ``stop`` abandons the thought. Only whole rounds
count, so every candidate is judged on the same samples; a move whose time runs out before one
whole round takes the heuristic's choice. Under a time budget, ``max_rounds`` stops the search after that
many rounds whatever time is left (for games where more samples add nothing within the horizon).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

from ..engine.chance import Rng
from ..engine.protocol import Command, Game, IllegalMove
from .search import game_hook, score_reward

Shortlist = Callable[[Game, Any, int, list[Command], Rng], list[Command]]
Policy = Callable[[Game, Any, int, Rng], Command]
Horizon = Callable[[Game, Any, Any, int], bool]


RESERVE = 0.92


@dataclass
class Judgement:
    """What a search found so far: per candidate the sums over ``rounds`` whole rounds of the
    evaluation (``values``) and of the seat's points at the rollout's end (``points``, when
    asked for); ``done`` counts the rollouts played, including an unfinished round's."""

    values: list[float]
    points: list[float]
    rounds: int = 0
    done: int = 0

    @classmethod
    def empty(cls, n: int) -> "Judgement":
        return cls([0.0] * n, [0.0] * n)

    def add(self, got: Sequence[tuple[float, float]]) -> None:
        """One whole round: a (value, points) pair per candidate."""
        for k, (value, pts) in enumerate(got):
            self.values[k] += value
            self.points[k] += pts
        self.rounds += 1


@lru_cache(maxsize=16)
def _expected_points(game: Game) -> Callable[[Any, int], float] | None:
    """The game's ``expected_points`` hook, looked up once (it is asked at every rollout's end)."""
    return game_hook(game, "expected_points")


def seat_points(game: Game, state: Any, seat: int) -> float:
    """The seat's expected final points in ``state``: the game's ``expected_points(state, seat)``
    where it has one (Weather Machine counts what a seat's resources and tracks will bring, so
    moves differ before any Climate Point is scored), else its score total (``game.scores``)."""
    expected = _expected_points(game)
    if expected is not None:
        return float(expected(state, seat))
    return float(next(line.total for line in game.scores(state) if line.seat == seat))


class PlanPlayer:
    def __init__(self, level: str, seed: int = 0, *, shortlist: Shortlist, policy: Policy,
                 horizon: Horizon, seconds: float | None = 2.0, iterations: int | None = None,
                 depth: int = 200, keep_bonus: float = 0.01,
                 max_rounds: int | None = None) -> None:
        self.level = level
        self.seconds = seconds
        self.iterations = iterations
        self.shortlist = shortlist
        self.policy = policy
        self.horizon = horizon
        self.depth = depth
        self.keep_bonus = keep_bonus
        self.max_rounds = max_rounds
        self._budget_end = float("inf")  # the end of the current move's time budget
        self._slowest = 0.0  # the longest rollout command of the current move
        self._rng = Rng(seed, 0x91A)
        self.last_iterations = 0
        self.last_means: list[tuple[Command, float]] = []

    def reseed(self, seed: int, stream: int) -> None:
        """Start the player's generator afresh: the review (``ai/review.py``) deals the same
        samples at every decision of a turn, so their rollouts meet and are remembered."""
        self._rng = Rng(seed, stream)

    def choose(self, game: Game, view: Any, seat: int,
               stop: Callable[[], bool] | None = None) -> Command:
        started = time.perf_counter()
        cands = self.candidates(game, view, seat)
        if len(cands) == 1:
            return cands[0]
        judged = self.judge(game, view, seat, cands, stop, started=started)
        self.last_iterations = judged.done
        return self.pick(cands, judged.values, judged.rounds)

    def judge(self, game: Game, view: Any, seat: int, cands: list[Command],
              stop: Callable[[], bool] | None = None, *, started: float | None = None,
              points: bool = False) -> "Judgement":
        """The sampling loop shared by :meth:`choose` and advice (``ai/advice.py``): every
        candidate played in each round's sample and rollout, under the player's budget counted
        from ``started``. With ``points`` each rollout's end also gives the seat's score."""
        started = time.perf_counter() if started is None else started
        determinize = game_hook(game, "determinize")
        evaluate = game_hook(game, "evaluate") or (lambda s, i: score_reward(game, s, i))
        # the last command of a rollout may take a while (a greedy Meteo placement ranks every
        # landscape): stop starting commands at 92% of the budget, so a move stays within it
        deadline = None if self.iterations else started + RESERVE * (self.seconds or 1.0)
        # nor start one that would end past the budget if it took as long as the slowest so far
        # (a Weather Machine rollout command can take 0.1-0.3 s on a loaded machine, more than
        # the 8% kept of a short budget)
        self._budget_end = started + (self.seconds or 1.0)
        self._slowest = 0.0
        limit = self.iterations or 10**9
        judged = Judgement.empty(len(cands))
        while judged.done < limit:
            sample = determinize(view, seat, self._rng) if determinize else view
            roll_seed = self._rng.next64() & 0xFFFFFFFF
            got: list[tuple[float, float]] = []
            for command in cands:
                end = self._play(game, sample, command, seat, Rng(roll_seed, 0x7011),
                                 deadline, stop)
                if end is None:
                    return judged
                got.append((evaluate(end, seat), seat_points(game, end, seat) if points else 0.0))
                judged.done += 1
            judged.add(got)
            if self.iterations is None and self.max_rounds is not None \
                    and judged.rounds >= self.max_rounds:
                break
            if stop is not None and stop():
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return judged

    def candidates(self, game: Game, view: Any, seat: int) -> list[Command]:
        """The legal commands to compare, the heuristic's choice first (the game's
        ``shortlist``); a single one when there is nothing to compare. Resets ``last_*``."""
        legal = game.legal_commands(view, seat)
        if not legal:
            raise IllegalMove("no legal command")
        self.last_iterations = 0
        self.last_means = []
        if len(legal) == 1:
            return legal
        cands = [c for c in self.shortlist(game, view, seat, legal, self._rng) if c in legal]
        return list(dict.fromkeys(cands)) or [legal[0]]

    def pick(self, cands: list[Command], totals: list[float], rounds: int) -> Command:
        """The candidate with the best mean over ``rounds`` whole rounds (the heuristic's choice
        keeps ``keep_bonus``); with no whole round, the heuristic's choice."""
        if rounds == 0:
            return cands[0]
        means = [t / rounds for t in totals]
        self.last_means = list(zip(cands, means))
        best = max(range(len(cands)),
                   key=lambda k: (means[k] + (self.keep_bonus if k == 0 else 0.0), -k))
        return cands[best]

    def _play(self, game: Game, start: Any, command: Command, seat: int, rng: Rng,
              deadline: float | None, stop: Callable[[], bool] | None) -> Any | None:
        """The state at the end of the candidate's rollout, or None when time ran out or the
        thought was abandoned on the way (checked before every command, so a move overruns its
        budget only by a command slower than every earlier one of the move)."""
        state = start
        for i in range(self.depth + 1):
            now = time.perf_counter()
            late = deadline is not None and \
                (now >= deadline or now + self._slowest > self._budget_end)
            if late or (stop is not None and stop()):
                return None
            if i == 0:
                state = _step(game, state, command)
            else:
                if game.is_over(state) or self.horizon(game, start, state, seat):
                    break
                actors = game.to_act(state)
                if not actors:
                    break
                state = _step(game, state, self.policy(game, state, actors[0], rng))
            self._slowest = max(self._slowest, time.perf_counter() - now)
        return state


def _step(game: Game, state: Any, command: Command) -> Any:
    for event in game.decide(state, command):
        state = game.apply(state, event)
    return state
