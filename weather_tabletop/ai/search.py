"""A search player: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration samples a full state consistent with what the seat sees
(``determinize(view, seat, rng)`` on the game or in its ``bots`` module; a game without hidden
information can omit it), walks
the shared tree choosing among the commands legal in that sample by UCB with availability counts,
adds one node, plays a short rollout (the game's rollout policy if it has one, else random) and
backs up every seat's reward (``game.evaluate(state, seat)`` in 0..1, else from the scores).
Budgets are counted in iterations (deterministic for a seed) or seconds (for play).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

from ..engine.chance import Rng
from ..engine.protocol import Command, Game, IllegalMove


@dataclass
class _Node:
    seat: int | None = None  # the seat that chose the command leading here
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[Hashable, "_Node"] = field(default_factory=dict)


def score_reward(game: Game, state: Any, seat: int) -> float:
    """Reward from the scores: 1 for a sole win, shared for ties, scaled by the margin else."""
    lines = game.scores(state)
    mine = next(l for l in lines if l.seat == seat)
    best_other = max((l.total for l in lines if l.seat != seat), default=mine.total)
    margin = mine.total - best_other
    if game.is_over(state):
        if mine.rank == 1:
            winners = sum(1 for l in lines if l.rank == 1)
            return 0.75 + 0.25 / winners if winners > 1 else 1.0
        return 0.0 + 0.25 / (1 + math.exp(-margin / 5))
    return 1 / (1 + math.exp(-margin / 5))


class SearchPlayer:
    """ISMCTS under a budget. ``iterations`` wins over ``seconds`` when both are given."""

    def __init__(self, level: str, seed: int = 0, *, seconds: float | None = 2.0,
                 iterations: int | None = None, rollout_depth: int = 40,
                 exploration: float = 0.7,
                 rollout_policy: Callable[[Game, Any, int, Rng], Command] | None = None,
                 candidates: Callable[[Game, Any, int, list[Command]], list[Command]] | None = None
                 ) -> None:
        self.level = level
        self.seconds = seconds
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.candidates = candidates
        self._rng = Rng(seed, 0x5EA)
        self.last_iterations = 0

    def choose(self, game: Game, view: Any, seat: int, stop: Callable[[], bool] | None = None
               ) -> Command:
        legal = self._legal(game, view, seat)
        if not legal:
            raise IllegalMove("no legal command")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node()
        deadline = None if self.iterations else time.perf_counter() + (self.seconds or 1.0)
        limit = self.iterations or 10**9
        determinize = game_hook(game, "determinize")
        evaluate = game_hook(game, "evaluate")
        done = 0
        while done < limit:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if stop is not None and stop():
                break
            sample = determinize(view, seat, self._rng) if determinize else view
            self._iterate(game, root, sample, evaluate)
            done += 1
        self.last_iterations = done
        keys = {c: c for c in legal}
        best = max((k for k in root.children if k in keys),
                   key=lambda k: (root.children[k].visits, root.children[k].reward), default=None)
        return keys[best] if best is not None else legal[0]

    def _legal(self, game: Game, state: Any, seat: int) -> list[Command]:
        legal = game.legal_commands(state, seat)
        if self.candidates is not None and len(legal) > 1:
            legal = self.candidates(game, state, seat, legal) or legal
        return legal

    # -- one iteration ------------------------------------------------------------------------

    def _iterate(self, game: Game, root: _Node, state: Any,
                 evaluate: Callable[[Any, int], float] | None) -> None:
        path = [root]
        node = root
        while not game.is_over(state):
            actor = game.to_act(state)[0]
            legal = self._legal(game, state, actor)
            if not legal:
                break
            for c in legal:
                child = node.children.get(c)
                if child is not None:
                    child.available += 1
            untried = [c for c in legal if c not in node.children]
            if untried:
                command = untried[self._rng.below(len(untried))]
                child = _Node(seat=actor)
                child.available = 1
                node.children[command] = child
                state = _step(game, state, command)
                path.append(child)
                break
            command = self._select(node, legal)
            state = _step(game, state, command)
            node = node.children[command]
            path.append(node)
        state = self._rollout(game, state)
        rewards: dict[int, float] = {}
        for n in path:
            n.visits += 1
            if n.seat is not None:
                if n.seat not in rewards:
                    rewards[n.seat] = (evaluate(state, n.seat) if evaluate
                                       else score_reward(game, state, n.seat))
                n.reward += rewards[n.seat]

    def _select(self, node: _Node, legal: list[Command]) -> Command:
        c = self.exploration
        best, best_value = legal[0], -1.0
        for command in legal:
            child = node.children[command]
            value = (child.reward / child.visits
                     + c * math.sqrt(math.log(max(child.available, 1)) / child.visits))
            if value > best_value:
                best, best_value = command, value
        return best

    def _rollout(self, game: Game, state: Any) -> Any:
        for _ in range(self.rollout_depth):
            if game.is_over(state):
                break
            actor = game.to_act(state)[0]
            if self.rollout_policy is not None:
                command = self.rollout_policy(game, state, actor, self._rng)
            else:
                legal = game.legal_commands(state, actor)
                if not legal:
                    break
                command = legal[self._rng.below(len(legal))]
            state = _step(game, state, command)
        return state


def game_hook(game: Game, name: str) -> Callable[..., Any] | None:
    """A search hook of the game (``determinize``, ``evaluate``): a method of the game object,
    or a function of that name and signature in the game's ``bots`` module."""
    hook = getattr(game, name, None)
    if hook is not None:
        return hook
    import importlib

    module_name = type(game).__module__.rsplit(".", 1)[0] + ".bots"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return None
    return getattr(module, name, None)


def _step(game: Game, state: Any, command: Command) -> Any:
    for event in game.decide(state, command):
        state = game.apply(state, event)
    return state
