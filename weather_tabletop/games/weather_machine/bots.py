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

import math
from dataclasses import replace
from typing import Any, Callable

from weather_tabletop.ai import EasyPlayer
from weather_tabletop.ai.plan import PlanPlayer
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import Command, Game

from . import commands as C
from .board import D, EMPTY, W
from .rules import FREE_MOMENTS, is_award, metric
from .saboteurs import SABOTEUR, immediate_victory, player_won
from .solo_data import SOLO
from .state import ExperimentEnd, NO_REPORT, SaboteurTurn, SoloState, WMState

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


def solo_choices(game: Game, s: WMState, seat: int) -> list[Command]:
    """What ``normal`` weighs: :func:`choices`, and against the Saboteurs never Call Security
    (solo §3.5): its worth is in the Saboteurs' turn after yours, which ``normal``'s one command
    deep does not reach (the turn's end, which it is weighed against, plays that turn at once);
    ``hard`` weighs it with rollouts (:func:`shortlist`)."""
    legal = choices(game, s, seat)
    if s.solo is None:
        return legal
    return [c for c in legal if not isinstance(c, C.CallSecurity)] or legal


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


# -- solo: the race against the Saboteurs (solo §5) ---------------------------------------------

#: What an Extreme Weather tile on top in R&D is expected to cost the player, in CP: a Level 2
#: tile is one escalation from Level 3; a Level 3 tile makes every other weather one or two
#: escalations from the loss of §5.3 (two Level 3 tiles at the end of your turn), and each
#: weather that would then lose at its next escalation costs ``EXTREME_EDGE`` more.
EXTREME_L2, EXTREME_L3, EXTREME_EDGE = 4.0, 12.0, 10.0
#: What the immediate losses and the immediate victory are worth against the final race, in CP.
DECIDED = 1000.0
#: The deck clock (§3.4, §5.3): what running out of Security Reports before the game's last
#: round costs, in CP, scaled by how likely it is (the slack in Saboteur turns it leaves).
CLOCK_LOSS = 60.0
#: Rounds the Experiment deck lasts per tile still in it (Phase B removes a tile only when the
#: display holds one of the active weather, so some rounds remove none).
ROUNDS_PER_TILE = 1.15
#: Reports discarded per Saboteur turn besides the turn's own (fallbacks, token sets, your
#: choices; ``normal``'s games discard 5-7 in 10-12 rounds), and the spread of the deck's
#: shortfall (in reports) over which the loss becomes likely.
DISCARD_RATE, CLOCK_SPREAD = 0.5, 2.0
#: How much of a tile's cost the markers on it take off, all spaces but one covered.
FIXING = 0.5
#: How likely a branch holding a Saboteur Bot is to escalate its weather when the Assistant
#: reaches it in a later round, and the most such an escalation may cost (CP).
FUTURE_ODDS, FUTURE_LOSS = 0.8, 40.0
#: The scale of the race's logistic in :func:`win_chance`, in CP (how uncertain the final
#: margin still is), and the danger (CP) that makes the Level 3 loss certain.
SOLO_SCALE, EXTREME_SCALE = 12.0, 100.0


def extreme_danger(s: WMState) -> float:
    """Solo §5.3: the expected cost of the Extreme Weather tiles on top in R&D (``DECIDED`` once
    two are of Level 3: the loss comes at the end of your next turn whatever you do); a tile
    partly covered by markers costs less, being on its way to be fixed (it then returns to its
    stack). The escalations the Saboteurs' Bots bring count too (§4.6: a branch holding one
    escalates its weather in Phase B whether its experiment runs or not; none in the last round,
    §5.4): the active branch's in this round's Phase B, and each other branch holding one when
    the Assistant reaches it before the last round (``FUTURE_ODDS``, each costing at most
    ``FUTURE_LOSS``: a tile may be fixed first); an experiment running counts once it runs. An
    experiment you are yet to run escalates its weather too, but is not counted: it scores CP,
    and counting it kept the computer from its experiments (docs/ai.md)."""
    levels = [D.extremes[board[-1]].level if board else 0 for board in s.ew_board]
    now = _danger(s, levels)
    if s.round == s.final_round:
        return now
    ending = next((st for st in s.stack if isinstance(st, ExperimentEnd)), None)
    if s.phase == "B" and ending is None:
        return now
    # (branch, odds, in this round's Phase B) in the order the Assistant meets them
    coming: list[tuple[int, float, bool]] = []
    if ending is not None:  # an experiment running: its tile comes next
        coming.append((ending.branch, 1.0, True))
    phases = (s.final_round - s.round if s.final_round
              else ROUNDS_PER_TILE * len(s.exp_deck) + 1) - (0 if s.phase == "A" else 1)
    for k in range(W):
        b = (s.assistant + k) % W
        if k >= phases or (ending is not None and b == ending.branch):
            continue
        branch = s.lab[b]
        if SABOTEUR not in branch:
            continue
        this_round = k == 0 and s.phase == "A"
        coming.append((b, 1.0 if this_round else FUTURE_ODDS, this_round))
    total, last = now, now
    tiles_left = [len(x) for x in s.ew_stack]
    for b, odds, this_round in coming:
        if not tiles_left[b]:
            continue
        nxt = list(levels)
        nxt[b] = D.extremes[s.ew_stack[b][len(s.ew_stack[b]) - tiles_left[b]]].level
        fewer = list(tiles_left)
        fewer[b] -= 1
        after = _danger(s, nxt, fewer)
        step = max(0.0, after - last)
        total += odds * (step if this_round else min(step, FUTURE_LOSS))
        if odds >= 0.5:
            levels, last, tiles_left = nxt, after, fewer
    return total


def _danger(s: WMState, levels: list[int], left: list[int] | None = None) -> float:
    """:func:`extreme_danger` of tiles of these ``levels`` with ``left`` tiles beside each
    (default: the stacks as they are; a weather whose count differs has a new tile, no marker
    on it)."""
    end = SOLO.end
    top = end.loss_extreme_level
    level3 = sum(1 for lv in levels if lv >= top)
    if level3 >= end.loss_extreme_tiles:
        return DECIDED
    edge = level3 == end.loss_extreme_tiles - 1
    danger = 0.0
    for w, lv in enumerate(levels):
        stack = len(s.ew_stack[w]) if left is None else left[w]
        if lv >= top:
            d = EXTREME_L3
        elif lv == top - 1 and stack:
            d = EXTREME_L2 + (EXTREME_EDGE if edge else 0.0)
        else:
            continue
        if stack == len(s.ew_stack[w]) and s.ew_bt[w]:
            d *= 1.0 - FIXING * sum(x != EMPTY for x in s.ew_bt[w]) / len(s.ew_bt[w])
        danger += d
    return danger


def saboteur_turns_needed(s: WMState) -> float:
    """Solo §3.4, §5.2: the Saboteur turns still to come before the game ends: this round's if
    it is still to come, then one per round up to the last round; before an end trigger, about
    ``ROUNDS_PER_TILE`` rounds per tile left in the Experiment deck (the trigger comes when
    Phase B removes a tile with the deck empty) and the last round's (measured on ``normal``'s
    games: 1.0 turn from a round's start with no tile left, 10.5 with 8)."""
    if s.final_round:
        pending = 1 if any(isinstance(st, SaboteurTurn) for st in s.stack) else 0
        return pending + max(0, s.final_round - s.round)
    return ROUNDS_PER_TILE * len(s.exp_deck) + 1


def clock_danger(s: WMState) -> float:
    """Solo §5.3: the expected cost of the Security Report deck running out before the last
    round (a loss at the start of a Saboteur turn with no report left): ``CLOCK_LOSS`` times a
    logistic of how many reports the deck is short by, counting ``DISCARD_RATE`` discards per
    Saboteur turn still to come (fallbacks, token sets)."""
    return CLOCK_LOSS / (1.0 + 2.718281828 ** (-deck_shortfall(s) / CLOCK_SPREAD))


def deck_shortfall(s: WMState) -> float:
    """Solo §3.4: the reports the deck is expected to be short by at the game's end (negative:
    to spare), counting ``DISCARD_RATE`` discards per Saboteur turn still to come."""
    deck = s.solo.deck
    have = len(deck.draw) + (deck.current != NO_REPORT)
    return saboteur_turns_needed(s) * (1.0 + DISCARD_RATE) - have


def solo_margin(s: WMState, seat: int) -> float:
    """Solo: the seat's expected final CP (:func:`value`) less the final Target Value to beat
    (:func:`saboteurs_value`, §5.2, §5.4)."""
    return value(s, seat) - saboteurs_value(s)


def win_chance(s: WMState, seat: int) -> float:
    """Solo: the chance to win, 0..1: decided (§5.1, §5.3, or the final scoring with §5.5's
    restrictions) 1 or 0; an immediate victory due at the start of the next turn (§5.1) 1; else
    the chance to survive the two immediate losses (§5.3: 1 - :func:`extreme_danger` /
    ``EXTREME_SCALE``, 1 - :func:`clock_danger` / ``CLOCK_LOSS``) times a logistic of
    :func:`solo_margin` (scale ``SOLO_SCALE``). A player far behind in the race gains more by a
    CP than by a little less risk, which a product weighs and a sum of CP would not."""
    if s.solo.outcome[0] or s.phase == "over":
        return 1.0 if player_won(s, seat) else 0.0
    if immediate_victory(s, seat):
        return 1.0
    survive = max(0.0, 1.0 - extreme_danger(s) / EXTREME_SCALE) \
        * (1.0 - clock_danger(s) / CLOCK_LOSS)
    return survive / (1.0 + 2.718281828 ** (-solo_margin(s, seat) / SOLO_SCALE))


def judged_value(s: WMState, seat: int) -> float:
    """What ``normal`` maximises: :func:`value`; against the Saboteurs the log of
    :func:`win_chance` in CP (``SOLO_SCALE`` per factor e: about a CP per CP far behind)."""
    if s.solo is None:
        return value(s, seat)
    return SOLO_SCALE * math.log(max(win_chance(s, seat), 1e-9))


def saboteurs_value(s: WMState) -> float:
    """Solo: the final Target Value to beat (the +30 of the end still to come, solo §5.4); a game
    decided at once counts as far behind or far ahead (§5.1, §5.3)."""
    solo = s.solo
    if solo.outcome[0]:
        return -1000.0 if solo.outcome[0] == "won" else 1000.0
    return float(solo.tv + (0 if s.phase == "over" else SOLO.target_value.end_game))


def evaluate(s: WMState, seat: int) -> float:
    """0..1: the seat's :func:`value` against the best rival's (a logistic of the lead); solo,
    :func:`win_chance`."""
    if s.solo is not None:  # solo: against the Saboteurs' Target Value (solo §5)
        return win_chance(s, seat)
    mine = value(s, seat)
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
        legal = solo_choices(game, s, seat)
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
    return judged_value(after, seat)


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
            options = solo_choices(game, after, seat)
            nxt = _after(game, after, options[0] if len(options) == 1 else
                         ranked(game, after, seat, options)[0][1])
            if nxt is None:
                break
            after = nxt
        scored.append((judged_value(after, seat), i, cmd))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, c) for v, _i, c in scored]


def normal_choose(game: Game, view: WMState, seat: int, rng: Rng,
                  sample: WMState | None = None) -> Command:
    legal = solo_choices(game, view, seat)
    if len(legal) == 1:
        return legal[0]
    s = sample if sample is not None else determinize(view, seat, rng)
    if view.stack[-1].kind == "solo_security":
        return security_roles(game, s, seat, legal, rng)
    rank = turn_ranked if view.stack[-1].kind == "move" else ranked
    best = rank(game, s, seat, legal)
    top = best[0][0]
    ties = [c for v, c in best if v >= top - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.below(len(ties))]


def through_saboteur_turn(game: Game, s: WMState, seat: int, rng: Rng) -> WMState | None:
    """``s`` (the player at the end of their turn, the Saboteurs next) played on through the
    Saboteurs' turn: the turn ended, a choice it brings (a two-token set's reward, §4.5.6) made
    by ``normal``; None if a step could not be played."""
    start = s.round
    for _ in range(8):
        if s.phase != "A" or s.round != start \
                or not any(isinstance(st, SaboteurTurn) for st in s.stack):
            return s
        actors = game.to_act(s)
        if not actors:
            return s
        legal = solo_choices(game, s, actors[0])
        done = [c for c in legal if isinstance(c, C.Done)]
        if s.stack[-1].kind == "tokens" and done:
            cmd = done[0]
        else:
            cmd = legal[0] if len(legal) == 1 else normal_choose(game, s, actors[0], rng, sample=s)
        nxt = _after(game, s, cmd)
        if nxt is None:
            return None
        s = nxt
    return s


def security_roles(game: Game, s: WMState, seat: int, legal: list[Command], rng: Rng) -> Command:
    """Solo §3.5 Call Security: the roles of the three reports in hand that leave the best
    :func:`judged_value` after the Saboteurs' turn (:func:`through_saboteur_turn`)."""
    scored = []
    for i, cmd in enumerate(legal):
        after = _after(game, s, cmd)
        end = None if after is None else through_saboteur_turn(game, after, seat, rng)
        scored.append((-1e9 if end is None else judged_value(end, seat), i, cmd))
    scored.sort(key=lambda t: (-t[0], t[1]))
    return scored[0][2]


#: Call Security (solo §3.5) is judged on this many deals of the hidden reports ...
SECURITY_DEALS = 3
#: ... and called when it gains at least this much :func:`judged_value` on average.
SECURITY_GAIN = 1.0
#: ... and only with at least this many reports to spare (:func:`deck_shortfall`): the deck is
#: the game's clock, and running out loses (§5.3).
SECURITY_SPARE = 3.0


def security_call(game: Game, view: WMState, seat: int, calls: list[Command],
                  rng: Rng) -> Command | None:
    """Solo §3.5: Call Security at the end of the turn when it pays. Only when the Saboteurs'
    turn comes next (the report they play then is the one chosen) and the deck has reports to
    spare (``SECURITY_SPARE``): on a few deals of the reports not in sight, the best roles of
    the three reports it brings (:func:`security_roles`) against ending the turn, through the
    Saboteurs' turn, the Voucher paid and the shorter deck (:func:`clock_danger`) counted; None
    when ending the turn is as good."""
    if not any(isinstance(st, SaboteurTurn) for st in view.stack) \
            or deck_shortfall(view) > -SECURITY_SPARE:
        return None
    call = min(calls, key=lambda c: VOUCHER[c.vtype])
    gain = 0.0
    for _ in range(SECURITY_DEALS):
        s = determinize(view, seat, rng)
        roles = _after(game, s, call)
        base = through_saboteur_turn(game, s, seat, rng)
        if base is None or roles is None:
            return None
        best = security_roles(game, roles, seat, game.legal_commands(roles, seat), rng)
        after = _after(game, roles, best)
        end = None if after is None else through_saboteur_turn(game, after, seat, rng)
        if end is None:
            return None
        gain += judged_value(end, seat) - judged_value(base, seat)
    return call if gain / SECURITY_DEALS >= SECURITY_GAIN else None


class NormalPlayer:
    """The level ``normal``: :func:`normal_choose`; against the Saboteurs it calls Security at
    the end of a turn when that pays (:func:`security_call`; its rollouts in ``hard`` do not)."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0x3E7)

    def choose(self, game: Game, view: Any, seat: int) -> Command:
        cmd = normal_choose(game, view, seat, self._rng)
        if view.solo is not None and isinstance(cmd, C.Done) and view.stack[-1].kind == "tokens":
            calls = [c for c in choices(game, view, seat) if isinstance(c, C.CallSecurity)]
            if calls:  # solo §3.5, at the end of the turn when it pays
                return security_call(game, view, seat, calls, self._rng) or cmd
        return cmd


def easy_player(seed: int = 0) -> EasyPlayer:
    """The level ``easy``: ``normal`` with a random legal command in about one decision in three
    (:class:`~weather_tabletop.ai.EasyPlayer`)."""
    return EasyPlayer(seed, normal_choose)


# -- hard: the planning player ------------------------------------------------------------------


WIDTH = 3
#: Whether ``hard`` weighs Call Security against the Saboteurs (solo §3.5).
CALL_SECURITY = True
#: The steps at which ``hard`` searches; at the others it takes ``normal``'s choice.
SEARCHED = frozenset({"supply_turn", "turn_sub", "move", "actions"})


def shortlist(game: Game, view: WMState, seat: int, legal: list[Command],
              rng: Rng) -> list[Command]:
    """The ``normal`` player's three best commands (its choice first) and ending the step, at
    the steps in ``SEARCHED``; elsewhere ``normal``'s choice alone. Against the Saboteurs, where
    ``normal`` would end the turn, Call Security instead when it pays (:func:`security_call`),
    and the roles of the reports it brings by :func:`security_roles`."""
    legal = middle_free(view, legal)
    kind = view.stack[-1].kind
    if view.solo is not None:
        if kind == "solo_security":
            return [security_roles(game, determinize(view, seat, rng), seat, legal, rng)]
        calls = [c for c in legal if isinstance(c, C.CallSecurity)]
        legal = [c for c in legal if not isinstance(c, C.CallSecurity)] or legal
    s = determinize(view, seat, rng)
    rank = turn_ranked if kind == "move" else ranked
    best = [c for _v, c in rank(game, s, seat, legal)]
    if view.solo is not None and calls and kind == "tokens" and isinstance(best[0], C.Done) \
            and CALL_SECURITY:
        call = security_call(game, view, seat, calls, rng)
        return [call if call is not None else best[0]]
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
