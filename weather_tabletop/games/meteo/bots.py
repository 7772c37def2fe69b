"""A greedy computer player for Meteo: it reads only its seat's view.

It scores a position by how far each colour's figures are from their own village (walking over
the spaces passable now; a figure held by fog or cut off counts extra), its own progress against
the best opponent's. Every choice that needs no chance is tried on the view with ``decide`` and
``apply`` and the best result is taken: markers that block or push back others, steps toward its
own village (movement stops when no step helps), displaced figures sent forward if its own and
backward if another's, the witch's removal that helps most.
"""

from __future__ import annotations

from functools import lru_cache
import math
import time
from dataclasses import replace
from typing import Any, Callable

from weather_tabletop.ai import EasyPlayer
from weather_tabletop.ai.plan import RESERVE, Judgement, PlanPlayer, seat_points
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import Command, IllegalMove

from .board import BOARD, COLOURED, LANDSCAPE, Pos, distance
from .commands import DrawMarker, EndMovement, EndPlacement, PlaceMarker, RollWind, SkipRemoval
from .state import DRAW, MOVE, OVER, PLACE, UNKNOWN, WIND as WIND_PHASE, MeteoState

HELD_PENALTY = 3
CUT_OFF_PENALTY = 8
OPPONENT_WEIGHT = 0.7


_NEIGH: dict[Pos, tuple[Pos, ...]] = {
    p: tuple(n for n in BOARD.neighbours[p] if BOARD.spaces[n].kind in (LANDSCAPE, COLOURED))
    for p in BOARD.spaces}
_LAND: dict[Pos, str] = {p: sp.landscape for p, sp in BOARD.spaces.items()
                         if sp.kind == LANDSCAPE}
_LAKES = frozenset(p for p, land in _LAND.items() if land == "lake")
_CELL: dict[tuple[str, str], str] = {k: c.effect for k, c in BOARD.cells.items()}


@lru_cache(maxsize=512)  # 3 games of normal seats: 47% hits at 512 as at 4096, 1.5 MB not 12
def _field(markers: tuple, colour: int) -> dict[Pos, int]:
    """Steps from each space to ``colour``'s village over spaces passable with these markers
    (fog may be the last space entered but not passed through)."""
    blocked = set(_LAKES)
    holds = set()
    for p, m in markers:
        blocked.discard(p)
        effect = _CELL.get((m, _LAND[p]))
        if effect == "impassable":
            blocked.add(p)
        elif effect == "holds":
            holds.add(p)
    home = BOARD.villages[colour]
    dist = {home: 0}
    frontier = [home]
    d = 0
    # a figure on p came from a neighbour n: n must be enterable and, unless it is where the
    # figure stands, not fog; we only expand from p if p can be passed through
    while frontier:
        d += 1
        nxt = []
        for p in frontier:
            if p in holds:
                continue
            for n in _NEIGH[p]:
                if n in dist or n in blocked:
                    continue
                dist[n] = d
                nxt.append(n)
        frontier = nxt
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


def progress_value(state: MeteoState, seat: int, opponent_weight: float = OPPONENT_WEIGHT) -> float:
    """Own progress minus the best opponent's (higher is better for ``seat``)."""
    return _progress(state.markers, state.figures, state.colours, seat, opponent_weight)


def _progress(markers: tuple, figures: tuple, colours: tuple, seat: int,
              opponent_weight: float = OPPONENT_WEIGHT) -> float:
    """:func:`progress_value` from the markers and figures alone."""
    fog = {p for p, m in markers if m == "fog"}
    costs = []
    for i, figs in enumerate(figures):
        c = colours[i]
        home = BOARD.villages[c]
        field = _field(markers, c)
        total = 0.0
        for p in figs:
            if p == home:
                continue
            d = field.get(p)
            if d is None:
                total += _static(c, p) + CUT_OFF_PENALTY
            elif p in fog:  # fog lies only on landscapes
                total += d + HELD_PENALTY
            else:
                total += d
        costs.append(total)
    others = [costs[i] for i in range(len(costs)) if i != seat]
    return -costs[seat] + opponent_weight * min(others)


def _placed(state: MeteoState, cmd: PlaceMarker) -> tuple:
    """The markers on the island after a legal ``cmd``: it lies down, or cancels the marker
    lying there and both go (the figures stay where they are until relocated)."""
    pos = tuple(cmd.pos)
    if pos in state.marker_map:
        return tuple(m for m in state.markers if m[0] != pos)
    return tuple(sorted(state.markers + ((pos, cmd.kind),)))


def _after(game: Any, view: MeteoState, cmd: Command) -> MeteoState | None:
    try:
        events = game.decide(view, cmd)
    except IllegalMove:
        return None
    s = view
    for e in events:
        s = game.apply(s, e)
    return s


#: How a player judges a position: (weight of the best opponent's cost, weight of the lead in
#: points if the game ended now). The greedy player's is (0.7, 0).
GREEDY_STYLE = (OPPONENT_WEIGHT, 0.0)


def _value(markers: tuple, figures: tuple, colours: tuple, seat: int,
           style: tuple[float, float]) -> float:
    value = _progress(markers, figures, colours, seat, style[0])
    if style[1]:
        pts = [_points(figures[i], colours[i]) for i in range(len(figures))]
        value += style[1] * (pts[seat] - max(p for i, p in enumerate(pts) if i != seat))
    return value


def ranked(game: Any, view: MeteoState, seat: int, cmds: list[Command],
           style: tuple[float, float] = GREEDY_STYLE) -> list[tuple[float, Command]]:
    """Each command that needs no chance, scored by :func:`progress_value` after it (or the
    ``style`` given; stopping gets a hair more than a move that gains nothing), best first."""
    out: list[tuple[float, Command]] = []
    for cmd in cmds:
        if isinstance(cmd, PlaceMarker):
            out.append((_value(_placed(view, cmd), view.figures, view.colours, seat, style),
                        cmd))
            continue
        after = _after(game, view, cmd)
        if after is None:
            continue
        score = _value(after.markers, after.figures, after.colours, seat, style)
        if isinstance(cmd, (EndMovement, EndPlacement, SkipRemoval)):
            score += 0.01  # prefer stopping to a move that gains nothing
        out.append((score, cmd))
    out.sort(key=lambda sc: -sc[0])
    return out


def choose(game: Any, view: MeteoState, seat: int, rng: Rng,
           style: tuple[float, float] = GREEDY_STYLE) -> Command:
    """The greedy choice among ``game.legal_commands(view, seat)``."""
    return _choose(game, view, seat, rng, style)[0]


def _choose(game: Any, view: MeteoState, seat: int, rng: Rng,
            style: tuple[float, float] = GREEDY_STYLE
            ) -> tuple[Command, list[tuple[float, Command]]]:
    """The greedy choice and the ranking it came from (empty when nothing was ranked)."""
    cmds = game.legal_commands(view, seat)
    if not cmds:
        raise ValueError("no legal command for this seat")
    if len(cmds) == 1:
        return cmds[0], []
    draws = [c for c in cmds if isinstance(c, DrawMarker)]
    if draws:
        face_up = [c for c in draws if c.source != "supply"]
        return (rng.choice(face_up) if face_up and rng.below(2) == 0 else draws[0]), []
    rolls = [c for c in cmds if isinstance(c, RollWind)]
    if rolls:
        return rolls[0], []
    base = _value(view.markers, view.figures, view.colours, seat, style)
    scored = ranked(game, view, seat, cmds, style)
    if not scored:
        return cmds[0], []
    best_score = scored[0][0]
    # ties keep the order of the legal commands (as the choice among them is seeded)
    top = {c for sc, c in scored if abs(sc - best_score) <= 1e-9}
    best = [c for c in cmds if c in top]
    if best_score <= base + 1e-9:
        for c in cmds:
            if isinstance(c, (EndMovement, EndPlacement, SkipRemoval)):
                return c, scored
    return best[rng.below(len(best))], scored


def points(state: MeteoState, seat: int) -> int:
    """The seat's score if the game ended now (End of the Game and Scoring)."""
    return _points(state.figures[seat], state.colours[seat])


def _points(figures: tuple, c: int) -> int:
    home, start = BOARD.villages[c], BOARD.villages[(c + 3) % 6]
    half = BOARD.halves[c]
    total = 0
    for p in figures:
        if p == home:
            total += 3
        elif p == start:
            total -= 3
        elif p in half:
            total += 1
        else:
            total -= 1
    return total


def evaluate(state: MeteoState, seat: int) -> float:
    """The planning player's judgement for ``seat`` in 0..1: at the end of the game 1 for a
    sole win, 0.5 for a tie, 0 for a loss (nudged by the margin); before it,
    :func:`progress_value` plus ``SCORE_WEIGHT`` times the lead in points if it ended now,
    mapped linearly (a logistic would flatten the differences between plans)."""
    mine = points(state, seat)
    best_other = max(points(state, i) for i in range(state.players) if i != seat)
    if state.phase == OVER:
        margin = mine - best_other
        base = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        return 0.9 * base + 0.1 / (1 + math.exp(-margin / 4))
    value = _value(state.markers, state.figures, state.colours, seat, HARD_STYLE)
    return min(0.98, max(0.02, 0.5 + value / 200))


SCORE_WEIGHT = 0.5
#: Blocking an opponent is worth less to the planner than to the greedy player: much of it is
#: undone on the opponent's next turn (its own markers, the wind), while own steps stay.
HARD_OPPONENT_WEIGHT = 0.2
HARD_STYLE = (HARD_OPPONENT_WEIGHT, SCORE_WEIGHT)
#: The planner also weighs each step of the movement (measured: judging steps one at a time with
#: ``HARD_STYLE`` and no rollouts loses most games to the greedy player).
PLAN_MOVES = True


def determinize(view: MeteoState, seat: int, rng: Rng) -> MeteoState:
    """A full state consistent with ``view``: the markers ``seat`` has not seen (all 30 less its
    own hand, those lying on the island and the face-up ones) are dealt at random into the other
    hands, the supply and the markers on their way back, in the counts the view shows; a random
    seed replaces the hidden one. A marker the seat drew unseen in a simulation (``UNKNOWN``
    in its own hand, after drawing from the supply in the view) is dealt too."""
    pool: list[str] = []
    for kind in BOARD.marker_kinds:
        pool += [kind] * BOARD.marker_counts[kind]
    for kind in (*view.hands[seat], *(m for _, m in view.markers), *view.face_up):
        if kind != UNKNOWN:
            pool.remove(kind)
    deal = list(rng.shuffled(pool))
    hands = tuple((h if UNKNOWN not in h else
                   tuple(sorted(k if k != UNKNOWN else deal.pop() for k in h))) if i == seat
                  else tuple(sorted(deal.pop() for _ in h)) for i, h in enumerate(view.hands))
    supply = tuple(deal.pop() for _ in view.supply)
    returned = tuple(deal.pop() for _ in view.returned)
    return replace(view, seed=rng.next64() & 0xFFFFFFFF, hands=hands, supply=supply,
                   returned=returned)


def shortlist(game: Any, view: MeteoState, seat: int, legal: list[Command],
              rng: Rng) -> list[Command]:
    """The hard player's candidates, the greedy choice first, then the best by one-step
    judgement (six when placing a marker, four for a step, a relocation or the witch) and the
    command that stops. Drawing and rolling are left to the greedy choice."""
    first, scored = _choose(game, view, seat, rng, HARD_STYLE)
    if not scored or (view.phase == MOVE and not PLAN_MOVES):
        return [first]
    k = 6 if view.phase == PLACE else 4
    out = [first] + [c for _, c in scored[:k]]
    out += [c for c in legal if isinstance(c, (EndMovement, EndPlacement, SkipRemoval))]
    return list(dict.fromkeys(out))


def horizon(game: Any, start: MeteoState, state: MeteoState, seat: int) -> bool:
    """A rollout plays the rest of the seat's turn up to drawing markers (what follows is
    chance: the draw and the wind)."""
    return state.current != seat or state.phase in (DRAW, WIND_PHASE, OVER)


#: The endgame: a seat has at most this many figures outside its own half (or the end is
#: triggered). There the planner looks past its own turn (``deep_horizon``).
DEEP_OUTSIDE = 1


def outside(state: MeteoState, seat: int) -> int:
    """The seat's figures not yet in its own half."""
    half = BOARD.halves[state.colours[seat]]
    return sum(p not in half for p in state.figures[seat])


def endgame(state: MeteoState) -> bool:
    return state.ending >= 0 or any(outside(state, i) <= DEEP_OUTSIDE
                                    for i in range(state.players))


def deep_horizon(game: Any, start: MeteoState, state: MeteoState, seat: int) -> bool:
    """In the endgame a rollout plays on through the draw, the wind and the other seats' turns
    until the seat is about to place markers again, or the game is over."""
    if state.phase == OVER:
        return True
    if state.current == start.current and state.round == start.round:
        return False
    return state.current == seat and state.phase == PLACE


def rollout_policy(game: Any, state: MeteoState, seat: int, rng: Rng) -> Command:
    """The greedy player judging positions as the hard player does (``HARD_STYLE``)."""
    return choose(game, state, seat, rng, HARD_STYLE)


class GreedyPlayer:
    """The computer level ``normal`` (formerly ``greedy``): :func:`choose` with its own seeded
    generator."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0x6EE)

    def choose(self, game: Any, view: MeteoState, seat: int) -> Command:
        return choose(game, view, seat, self._rng)


def easy_player(seed: int = 0) -> EasyPlayer:
    """The level ``easy``: the greedy player with a random legal command in about one decision in
    three (:class:`~weather_tabletop.ai.EasyPlayer`): it wanders, places markers to no purpose,
    stops early."""
    return EasyPlayer(seed, choose)


HARD_SECONDS = 2.0
#: Under a time budget, an endgame move judges at most this many samples.
HARD_MAX_ROUNDS = 32


def _step(game: Any, state: MeteoState, command: Command) -> MeteoState:
    for event in game.decide(state, command):
        state = game.apply(state, event)
    return state


class _Abandoned(Exception):
    """The thought ran out of time or was abandoned (``stop``)."""


class MeteoPlanner(PlanPlayer):
    """:class:`PlanPlayer`'s flat Monte Carlo, organised for Meteo's turns.

    A candidate is followed by the greedy play of the rest of the seat's turn (``HARD_STYLE``),
    which has no chance in it: the turn's end is computed once, on the view, and the greedy
    step from each position is remembered for the rest of the turn (the candidates of one
    decision and the decisions of one turn share most of their positions). Before the endgame
    that end of the turn is judged by :func:`evaluate` and one round decides. In the endgame
    (:func:`endgame`) each round deals a sample of what the seat cannot see and plays on
    through the draw, the wind and the other seats' turns (they play as the greedy player)
    until the seat is to place markers again, or the game is over; ``iterations`` (rounded up
    to whole rounds) or ``seconds`` bound the rounds. The samples of a turn are the same for
    every decision of that turn (round ``k`` deals from a generator seeded by the player's
    seed, the game round and ``k``), so their continuations are remembered too."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._seed = args[1] if len(args) > 1 else kwargs.get("seed", 0)
        self._seat = 0
        self._turn: tuple = ()
        self._next: dict = {}
        self._ends: dict = {}
        self._cont: dict = {}

    def judge(self, game: Any, view: MeteoState, seat: int, cands: list[Command],
              stop: Callable[[], bool] | None = None, *, started: float | None = None,
              points: bool = False) -> Judgement:
        started = time.perf_counter() if started is None else started
        self._seat = seat
        turn = (view.round, view.current, seat)
        if turn != self._turn:
            self._turn = turn
            self._next, self._ends, self._cont = {}, {}, {}
        deep = endgame(view)
        deadline = None if self.iterations else started + RESERVE * (self.seconds or 1.0)
        self._deadline, self._stop = deadline, stop
        # under a time budget at most max_rounds samples: more add little, and the positions
        # remembered for them would grow (a pause of the garbage collector over 100,000 of them
        # took 0.7 s)
        rounds_cap = self.max_rounds if self.max_rounds and not self.iterations else 10**9
        limit = min(self.iterations or 10**9, rounds_cap * len(cands)) if deep else 1
        judged = Judgement.empty(len(cands))
        try:
            ends = [self._end(game, _step(game, view, c)) for c in cands]
            while judged.done < limit:
                got = [self._judge(game, view, e, judged.rounds, deep) for e in ends]
                judged.add([(value, seat_points(game, last, seat) if points else 0.0)
                            for value, last in got])
                judged.done += len(cands)
                if stop is not None and stop():
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        except _Abandoned:
            pass
        return judged

    def _check(self) -> None:
        if (self._deadline is not None and time.perf_counter() >= self._deadline) or \
                (self._stop is not None and self._stop()):
            raise _Abandoned

    def _greedy(self, game: Any, state: MeteoState) -> MeteoState:
        """The position after the greedy command there (remembered; ties broken by a
        generator of fixed seed, so it is a function of the position)."""
        nxt = self._next.get(state)
        if nxt is None:
            self._check()
            actor = game.to_act(state)[0]
            style = HARD_STYLE if actor == self._seat else GREEDY_STYLE
            nxt = _step(game, state, choose(game, state, actor, Rng(self._seed, 0x6EE), style))
            self._next[state] = nxt
        return nxt

    def _end(self, game: Any, state: MeteoState) -> MeteoState:
        """The end of the seat's turn (``horizon``) after greedy play from ``state``."""
        end = self._ends.get(state)
        if end is None:
            s = state
            path = []
            for _ in range(self.depth):
                if game.is_over(s) or horizon(game, state, s, self._seat) or not game.to_act(s):
                    break
                path.append(s)
                s = self._greedy(game, s)
            end = s
            for p in path:
                self._ends[p] = end
            self._ends[state] = end
        return end

    def _judge(self, game: Any, view: MeteoState, end: MeteoState, k: int,
               deep: bool) -> tuple[float, MeteoState]:
        """The value of round ``k`` for a candidate whose turn ends at ``end``, with the
        position its rollout ended in."""
        if not deep or end.phase == OVER:
            return evaluate(end, self._seat), end
        key = (end, k)
        judged = self._cont.get(key)
        if judged is None:
            seat = self._seat
            s = determinize(end, seat, Rng(self._seed * 7919 + view.round, 0xD0 + k))
            for _ in range(self.depth):
                if deep_horizon(game, view, s, seat) or not game.to_act(s):
                    break
                s = self._greedy(game, s)
            judged = self._cont[key] = (evaluate(s, seat), s)
        return judged


def hard_player(seed: int = 0, *, seconds: float | None = None,
                iterations: int | None = None) -> PlanPlayer:
    """The level ``hard``: :class:`MeteoPlanner` over :func:`shortlist`; each candidate is
    followed by the greedy play of the rest of the turn and judged by :func:`evaluate`, in the
    endgame after the other seats' turns too, over several samples. Before the endgame a move
    is one round; in it, ``seconds`` per move (default 2, at most ``HARD_MAX_ROUNDS`` rounds)
    or ``iterations`` rollouts (rounded up to whole rounds)."""
    return MeteoPlanner("hard", seed, shortlist=shortlist, policy=rollout_policy,
                        horizon=horizon, iterations=iterations, keep_bonus=0.001,
                        seconds=seconds if seconds is not None else HARD_SECONDS,
                        max_rounds=HARD_MAX_ROUNDS)


BOTS: dict[str, Callable[..., Any]] = {"easy": easy_player, "normal": GreedyPlayer,
                                       "greedy": GreedyPlayer, "hard": hard_player}
