"""Computer players for Weather Machine (they read only ``view``).

Levels (``BOTS``):

- ``normal`` (alias ``greedy``): every legal command is tried on a determinised copy of the view,
  its sub-steps (payments, tile placement, benefits chosen within the command) finished the same
  way one level deep, and the command whose result has the best :func:`value` is taken; it ends
  a step ("Done") when nothing improves the position.
- ``easy``: ``normal``, but about one decision in three (never a forced one) is a random legal
  command.
- ``hard``: the planning player (:mod:`weather_tabletop.ai.plan`) over the ``normal`` player's
  three best commands plus ending the step (at the steps that start something: the Supply
  turn, a Subsidy or Investment, moving the Scientist, choosing actions), each followed by
  ``normal`` play of every seat to the end of the round, judged by :func:`evaluate` (own value
  against the best rival's).
- ``priority``: the first computer player of this game, kept for tests that need cheap play: it
  prefers the scoring actions by a fixed priority and otherwise picks at random.

:func:`value` estimates a seat's final Climate Points: the final-scoring breakdown as it would be
if the game ended now ("Final Scoring"), plus what the seat's pieces are expected to be worth
before the end (Vouchers, Chemicals, Machine Parts, Bots, Research and Award tokens towards
papers, published rows ready for a Breakthrough, Bots on the board, Goal tiles in progress). The
weights are the project's own estimates.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from weather_tabletop.ai import EasyPlayer
from weather_tabletop.ai.plan import PlanPlayer
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import Command, Game

from . import commands as C
from .board import D, EMPTY
from .rules import FREE_MOMENTS, is_award, metric
from .solo_data import SOLO
from .state import NO_REPORT, SoloState, WMState

# -- hidden information -------------------------------------------------------------------------

#: Experiment tiles dealt into the deck at setup (Game Setup 15): Stages I and II whole, 2 of III.
DECK_STAGES = (5, 5, 2)


def determinize(view: WMState, seat: int, rng: Rng) -> WMState:
    """A full state consistent with ``view``: the hidden Experiment tiles below the deck's top
    are drawn from the tiles of their Stage not in sight (Game Setup 15 fixes which Stage each
    deck position holds), the hidden Workshop tiles from the tiles not in sight, each in random
    order; the seed is replaced (chance is only used at setup). The real state is never read.
    A tile already removed from the game may be drawn for a hidden place: the view does not say
    which ones were."""
    s = view
    deck = s.exp_deck
    if len(deck) > 1 and EMPTY in deck[1:]:
        total = sum(DECK_STAGES)
        seen = set(s.exp_display) | {s.exp_below, deck[0]}
        pools = [[t for t in range(5 * k, 5 * k + 5) if t not in seen] for k in range(3)]
        out = [deck[0]]
        for pos in range(total - len(deck) + 1, total):
            k = 0 if pos < DECK_STAGES[0] else 1 if pos < DECK_STAGES[0] + DECK_STAGES[1] else 2
            pool = pools[k]
            out.append(pool.pop(rng.below(len(pool))) if pool else deck[0])
        deck = tuple(out)
    up, down = s.up_stack, s.down_stack
    hidden = max(0, len(up) - 1) + len(down)
    if hidden:
        seen_tiles = {t for t in s.offer if t != EMPTY} | ({up[0]} if up else set())
        for p in s.pl:
            seen_tiles |= {t[2] for t in p.tiles}
        for step in s.stack:
            if step.kind == "tile_place":
                seen_tiles.add(step.tile)
        pool = [t for t in range(len(D.workshop_tiles)) if t not in seen_tiles]
        pool = list(rng.shuffled(tuple(pool)))
        while len(pool) < hidden:
            pool.append(pool[-1] if pool else 0)
        n_up = max(0, len(up) - 1)
        up = up[:1] + tuple(pool[:n_up])
        down = tuple(pool[n_up:n_up + len(down)])
    changes = {}
    if s.solo is not None:
        changes["solo"] = unseen_reports(s.solo, rng)
    return replace(s, exp_deck=deck, up_stack=up, down_stack=down, seed=rng.next64() & 0xFFFFFFFF,
                   **changes)


def unseen_reports(solo: SoloState, rng: Rng) -> SoloState:
    """Solo: the face-down Security Reports (the draw pile, the cards removed unseen) drawn in
    random order from the reports not in sight (solo §3.4)."""
    deck = solo.deck
    if NO_REPORT not in deck.draw and NO_REPORT not in deck.removed:
        return solo
    seen = {deck.current, *deck.discard, *deck.draw, *deck.removed}
    pool = list(rng.shuffled(tuple(c.id for c in SOLO.reports if c.id not in seen)))
    draw = tuple(x if x != NO_REPORT else pool.pop() for x in deck.draw)
    removed = tuple(x if x != NO_REPORT else pool.pop() for x in deck.removed)
    return replace(solo, deck=replace(deck, draw=draw, removed=removed))


# -- judging a position -------------------------------------------------------------------------

#: Steps at which a command starts something new; the others finish a command already chosen.
TURN_STEPS = frozenset({"draft", "supply_turn", "turn_sub", "move", "actions", "tokens",
                        "final_place"})


def choices(game: Game, s: WMState, seat: int) -> list[Command]:
    """The legal commands a computer player weighs: all of them, except that it places Award
    tokens only at the free moments of its turn (``FREE_MOMENTS``), never in the middle of an
    action, where the rules allow it too ("at any time during your turn"): an Award there gains
    what it gains a moment earlier or later, and trying each Office space at every payment
    and choice would multiply the commands judged."""
    return middle_free(s, game.legal_commands(s, seat))


def middle_free(s: WMState, legal: list[Command]) -> list[Command]:
    if not s.stack or isinstance(s.stack[-1], FREE_MOMENTS):
        return legal
    return [c for c in legal if not is_award(c)] or legal


VOUCHER = (0.45, 0.5, 0.5, 0.5, 0.9)  # Supply, Government, Lab, R&D, Science
CHEMICAL, PART, WS_BOT, BUILT = 0.8, 0.9, 0.9, 0.6
PENDING_TOKEN, PENDING_AWARD = 1.6, 4.0
LAB_BOT, GOV_BOT, RND_BOT = 1.6, 1.6, 0.8
SUBSIDY, INVESTMENT = 1.5, 2.2
READY_BREAKTHROUGH = 6.0


def value(s: WMState, seat: int) -> float:
    """The seat's expected final CP (the project's estimate; see the module docstring)."""
    p = s.pl[seat]
    end_cp = D.funding_end_cp
    base = float(p.cp + p.end_cp + end_cp[p.funding[0]] + end_cp[p.funding[1]]
                 + end_cp[p.funding[2]] + (5 if p.nobel else 0))
    progress = 0.0
    for _sp, g, _f in p.goals_set:
        goal = D.goals[g]
        have = metric(s, seat, goal.metric)
        if have >= goal.target:
            base += 5
        else:
            progress += 3.0 * have / goal.target
    if s.phase == "over":
        return base
    vouchers = p.vouchers
    v = (VOUCHER[0] * vouchers[0] + VOUCHER[1] * vouchers[1] + VOUCHER[2] * vouchers[2]
         + VOUCHER[3] * vouchers[3] + VOUCHER[4] * vouchers[4])
    v += CHEMICAL * sum(p.chemicals) + PART * sum(p.parts) + WS_BOT * p.ws_bots
    v += BUILT * (12 - sum(p.line))
    v += PENDING_TOKEN * len(p.pending_tokens) + PENDING_AWARD * p.pending_awards
    for cells, state in zip(p.office, p.breakthrough):
        if state == 0:
            n = research = awards = 0
            for x in cells:
                if x:
                    n += 1
                    if x == "A":
                        awards += 1
                    elif x != "C":
                        research += 1
            if n:
                v += (2 * research + 4 * awards) * (0.35 + 0.15 * n)
        elif state == 1:
            v += READY_BREAKTHROUGH
    if p.subsidies:
        v += SUBSIDY * sum(1 for _t, blue in p.subsidies if blue)
    v += INVESTMENT * p.investments + progress
    for br in s.lab:
        v += LAB_BOT * br.count(seat)
    for col in s.gov_bots:
        v += GOV_BOT * col.count(seat)
    for br in s.rnd:
        v += RND_BOT * br.count(seat)
    # late in the game, pieces are worth less: fewer turns remain to turn them into CP
    return base + (0.5 if s.final_round else 1.0) * v


def expected_points(s: WMState, seat: int) -> float:
    """The seat's expected final CP (:func:`value`): what a hint or a review shows as expected
    points (``ai.plan.seat_points``)."""
    return value(s, seat)


def saboteurs_value(s: WMState) -> float:
    """Solo: the final Target Value to beat (the +30 of the end still to come, solo §5.4); a game
    decided at once counts as far behind or far ahead (§5.1, §5.3)."""
    solo = s.solo
    if solo.outcome[0]:
        return -1000.0 if solo.outcome[0] == "won" else 1000.0
    return float(solo.tv + (0 if s.phase == "over" else SOLO.target_value.end_game))


def evaluate(s: WMState, seat: int) -> float:
    """0..1: the seat's :func:`value` against the best rival's (a logistic of the lead)."""
    mine = value(s, seat)
    if s.solo is not None:  # solo: against the Saboteurs' Target Value (solo §5)
        rival = saboteurs_value(s)
    else:
        rival = max(value(s, i) for i in range(s.players) if i != seat)
    lead = mine - rival
    return 1.0 / (1.0 + 2.718281828 ** (-lead / 6.0))


# -- normal: one command deep, its sub-steps finished ------------------------------------------


def _after(game: Game, s: WMState, cmd: Command) -> WMState | None:
    try:
        events = game.decide(s, cmd)
    except Exception:  # a hidden place the sample could not fill: judge the command unknown
        return None
    for e in events:
        s = game.apply(s, e)
    return s


def _finish(game: Game, s: WMState, seat: int) -> WMState:
    """Play the seat's sub-steps of the command just made (payments, placements, choices) by
    the best value one command deep, until a turn-level step or another seat comes up."""
    for _ in range(12):
        if s.phase == "over" or not s.stack:
            return s
        top = s.stack[-1]
        if top.seat != seat or top.kind in TURN_STEPS:
            return s
        legal = choices(game, s, seat)
        if not legal:
            return s
        if len(legal) == 1:
            best = legal[0]
        elif top.kind == "pay":
            best = min(legal, key=_payment_cost)
        else:
            best = max(legal, key=lambda c: _score(game, s, c, seat))
        nxt = _after(game, s, best)
        if nxt is None:
            return s
        s = nxt
    return s


def _payment_cost(cmd: Command) -> float:
    """What a payment gives up in :func:`value`'s weights: the cheapest is what ``value``
    would pick (the payment changes nothing else), without trying each."""
    if isinstance(cmd, C.PayVoucher):
        return VOUCHER[cmd.vtype]
    if isinstance(cmd, C.ScienceExchange):
        return sum(VOUCHER[t] for t in cmd.types)
    return 99.0


def _score(game: Game, s: WMState, cmd: Command, seat: int, finish: bool = False) -> float:
    """The value after ``cmd`` (and, with ``finish``, after its sub-steps played out)."""
    after = _after(game, s, cmd)
    if after is None:
        return -1e9
    if finish:
        after = _finish(game, after, seat)
    return value(after, seat)


def ranked(game: Game, s: WMState, seat: int, legal: list[Command]) -> list[tuple[float, Command]]:
    """Every legal command with the value of its result (sub-steps finished), best first."""
    scored = [(_score(game, s, c, seat, finish=True), i, c) for i, c in enumerate(legal)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, c) for v, _i, c in scored]


def turn_ranked(game: Game, s: WMState, seat: int,
                legal: list[Command]) -> list[tuple[float, Command]]:
    """Where to move the Scientist: every destination judged by the value after the rest of
    the turn played one command deep (:func:`ranked`), best first."""
    scored = []
    for i, cmd in enumerate(legal):
        after = _after(game, s, cmd)
        if after is None:
            scored.append((-1e9, i, cmd))
            continue
        for _ in range(30):
            if after.phase == "over" or not after.stack or after.stack[-1].seat != seat \
                    or after.stack[-1].kind in ("move", "tokens"):
                break
            options = choices(game, after, seat)
            nxt = _after(game, after, options[0] if len(options) == 1 else
                         ranked(game, after, seat, options)[0][1])
            if nxt is None:
                break
            after = nxt
        scored.append((value(after, seat), i, cmd))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, c) for v, _i, c in scored]


def normal_choose(game: Game, view: WMState, seat: int, rng: Rng,
                  sample: WMState | None = None) -> Command:
    legal = choices(game, view, seat)
    if len(legal) == 1:
        return legal[0]
    s = sample if sample is not None else determinize(view, seat, rng)
    rank = turn_ranked if view.stack[-1].kind == "move" else ranked
    best = rank(game, s, seat, legal)
    top = best[0][0]
    ties = [c for v, c in best if v >= top - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.below(len(ties))]


class NormalPlayer:
    """The level ``normal``: :func:`normal_choose`."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0x3E7)

    def choose(self, game: Game, view: Any, seat: int) -> Command:
        return normal_choose(game, view, seat, self._rng)


def easy_player(seed: int = 0) -> EasyPlayer:
    """The level ``easy``: ``normal`` with a random legal command in about one decision in three
    (:class:`~weather_tabletop.ai.EasyPlayer`)."""
    return EasyPlayer(seed, normal_choose)


# -- hard: the planning player ------------------------------------------------------------------


WIDTH = 3
#: The steps at which ``hard`` searches; at the others it takes ``normal``'s choice.
SEARCHED = frozenset({"supply_turn", "turn_sub", "move", "actions"})


def shortlist(game: Game, view: WMState, seat: int, legal: list[Command],
              rng: Rng) -> list[Command]:
    """The ``normal`` player's three best commands (its choice first) and ending the step, at
    the steps in ``SEARCHED``; elsewhere ``normal``'s choice alone."""
    legal = middle_free(view, legal)
    s = determinize(view, seat, rng)
    kind = view.stack[-1].kind
    rank = turn_ranked if kind == "move" else ranked
    best = [c for _v, c in rank(game, s, seat, legal)]
    if kind not in SEARCHED:
        return best[:1]
    out = best[:WIDTH] + [c for c in legal if isinstance(c, C.Done)]
    return list(dict.fromkeys(out))


def rollout_policy(game: Game, state: WMState, seat: int, rng: Rng) -> Command:
    """Rollouts play ``normal`` for every seat (the state is already a full sample)."""
    return normal_choose(game, state, seat, rng, sample=state)


def horizon(game: Game, start: WMState, state: WMState, seat: int) -> bool:
    """A rollout ends at the end of the round it started in (after Phase B's experiment)."""
    return state.round != start.round or state.phase == "C"


HARD_SECONDS = 2.0


def hard_player(seed: int = 0, *, seconds: float | None = None,
                iterations: int | None = None) -> PlanPlayer:
    """The level ``hard``: :class:`~weather_tabletop.ai.plan.PlanPlayer` over
    :func:`shortlist`, each candidate followed by ``normal`` play of every seat to the end of
    the round (after Phase B) and judged by :func:`evaluate`; ``seconds`` per move (default 2)
    or exactly ``iterations`` rollouts. Under a time budget it judges one sample: within the
    round the hidden orders decide next to nothing (only which tile refills the Workshop offer),
    and the rollouts are otherwise deterministic, so further samples repeat the first."""
    return PlanPlayer("hard", seed, shortlist=shortlist, policy=rollout_policy,
                      horizon=horizon, iterations=iterations, max_rounds=1,
                      seconds=seconds if seconds is not None else HARD_SECONDS)


# -- priority: the first, cheap player -----------------------------------------------------------

PRIORITY = {C.Breakthrough: 9, C.PublishPaper: 8, C.BuildPrototype: 7, C.PlaceToken: 7, C.Research: 6,
            C.SellPart: 5, C.WorkOnExperiment: 5, C.SetGoal: 4, C.UseSubsidy: 4, C.ReceiveFunding: 3,
            C.ConstructBot: 3, C.SecureSubsidy: 3, C.ExtendWorkshop: 2, C.AcquireChemical: 2}


class PriorityPlayer:
    """Prefers the actions that score (Breakthrough, Publish a Paper, Research, Sell a Part,
    Work on Experiment), always places tokens, pays for experiments, and otherwise picks at
    random; it never passes while an action is open to it, except with a small chance."""

    level = "priority"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0xB07)

    def choose(self, game: Game, view: Any, seat: int) -> Command:
        legal = choices(game, view, seat)
        if isinstance(legal[0], C.Confirm) or any(isinstance(c, C.Confirm) for c in legal):
            return C.Confirm(seat, True)
        places = [c for c in legal if isinstance(c, C.PlaceToken)]
        if places and self._rng.below(10):
            office = view.pl[seat].office
            fullest = max(sum(1 for x in office[c.row] if x) for c in places)
            return self._rng.choice([c for c in places if sum(1 for x in office[c.row] if x) == fullest])
        best = max(PRIORITY.get(type(c), 1) for c in legal)
        if best >= 2 and self._rng.below(10):
            pool = [c for c in legal if PRIORITY.get(type(c), 1) == best]
        else:
            pool = [c for c in legal if not isinstance(c, C.Done)] or legal
            if self._rng.below(4) == 0:
                pool = legal
        return self._rng.choice(pool)


BOTS: dict[str, Callable[..., Any]] = {"easy": easy_player, "normal": NormalPlayer,
                                       "greedy": NormalPlayer, "hard": hard_player}
