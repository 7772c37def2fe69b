"""A greedy computer player for Meteo: it reads only its seat's view.

It scores a position by how far each colour's figures are from their own village (walking over
the spaces passable now; a figure held by fog or cut off counts extra), its own progress against
the best opponent's. Every choice that needs no chance is tried on the view with ``decide`` and
``apply`` and the best result is taken: markers that block or push back others, steps toward its
own village (movement stops when no step helps), displaced figures sent forward if its own and
backward if another's, the witch's removal that helps most.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any

from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import Command, IllegalMove

from .board import BOARD, COLOURED, LANDSCAPE, WIND, Pos, distance
from .commands import DrawMarker, EndMovement, EndPlacement, RollWind, SkipRemoval
from .state import MeteoState

HELD_PENALTY = 3
CUT_OFF_PENALTY = 8
OPPONENT_WEIGHT = 0.7


@lru_cache(maxsize=4096)
def _field(markers: tuple, colour: int) -> dict[Pos, int]:
    """Steps from each space to ``colour``'s village over spaces passable with these markers
    (fog may be the last space entered but not passed through)."""
    mm = dict(markers)
    b = BOARD

    def effect(p: Pos) -> str:
        sp = b.spaces[p]
        if sp.kind == LANDSCAPE:
            m = mm.get(p)
            if m is not None:
                return b.cells[(m, sp.landscape)].effect
            return "impassable" if sp.landscape == "lake" else "passable"
        return "impassable" if sp.kind == WIND else "passable"

    home = b.villages[colour]
    dist = {home: 0}
    queue = deque([home])
    while queue:
        p = queue.popleft()
        # a figure on p came from a neighbour n: n must be enterable and, unless it is where the
        # figure stands, not fog; we only expand from p if p can be passed through
        if p != home and effect(p) == "holds":
            continue
        for n in b.neighbours[p]:
            if n in dist:
                continue
            k = b.spaces[n].kind
            if k not in (LANDSCAPE, COLOURED) or effect(n) == "impassable":
                continue
            dist[n] = dist[p] + 1
            queue.append(n)
    return dist


def _static(colour: int, p: Pos) -> int:
    return distance(p, BOARD.villages[colour])


def figure_cost(state: MeteoState, colour: int, p: Pos) -> float:
    """Estimated steps for a figure of ``colour`` at ``p`` to reach its own village."""
    if p == BOARD.villages[colour]:
        return 0.0
    field = _field(state.markers, colour)
    d = field.get(p)
    if d is None:
        return _static(colour, p) + CUT_OFF_PENALTY
    sp = BOARD.spaces[p]
    if sp.kind == LANDSCAPE and state.marker_map.get(p) == "fog":
        return d + HELD_PENALTY
    return float(d)


def evaluate(state: MeteoState, seat: int) -> float:
    """Own progress minus the best opponent's (higher is better for ``seat``)."""
    costs = []
    for i, figs in enumerate(state.figures):
        c = state.colours[i]
        costs.append(sum(figure_cost(state, c, p) for p in figs))
    others = [costs[i] for i in range(len(costs)) if i != seat]
    return -costs[seat] + OPPONENT_WEIGHT * min(others)


def _after(game: Any, view: MeteoState, cmd: Command) -> MeteoState | None:
    try:
        events = game.decide(view, cmd)
    except IllegalMove:
        return None
    s = view
    for e in events:
        s = game.apply(s, e)
    return s


def choose(game: Any, view: MeteoState, seat: int, rng: Rng) -> Command:
    """The greedy choice among ``game.legal_commands(view, seat)``."""
    cmds = game.legal_commands(view, seat)
    if not cmds:
        raise ValueError("no legal command for this seat")
    if len(cmds) == 1:
        return cmds[0]
    draws = [c for c in cmds if isinstance(c, DrawMarker)]
    if draws:
        face_up = [c for c in draws if c.source != "supply"]
        return rng.choice(face_up) if face_up and rng.below(2) == 0 else draws[0]
    rolls = [c for c in cmds if isinstance(c, RollWind)]
    if rolls:
        return rolls[0]
    base = evaluate(view, seat)
    best: list[Command] = []
    best_score = float("-inf")
    for cmd in cmds:
        after = _after(game, view, cmd)
        if after is None:
            continue
        score = evaluate(after, seat)
        if isinstance(cmd, (EndMovement, EndPlacement, SkipRemoval)):
            score += 0.01  # prefer stopping to a move that gains nothing
        if score > best_score + 1e-9:
            best, best_score = [cmd], score
        elif abs(score - best_score) <= 1e-9:
            best.append(cmd)
    if not best:
        return cmds[0]
    if best_score <= base + 1e-9:
        for c in cmds:
            if isinstance(c, (EndMovement, EndPlacement, SkipRemoval)):
                return c
    return best[rng.below(len(best))]


class GreedyPlayer:
    """The computer level ``greedy``: :func:`choose` with its own seeded generator."""

    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0x6EE)

    def choose(self, game: Any, view: MeteoState, seat: int) -> Command:
        return choose(game, view, seat, self._rng)


BOTS = {"greedy": GreedyPlayer}
