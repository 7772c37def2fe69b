"""Computer players for Machines To The Sky. They read only ``view(state, seat)``.

Levels: ``easy`` (the greedy player, but about one decision in three is a random legal one),
``normal`` (the greedy player; ``greedy`` is its old name) and ``hard`` (the planning player
of :mod:`weather_tabletop.ai.plan`: a shortlist of the greedy player's best candidates, each
played on in determinised states by the greedy player for every seat to the end of the round and
judged by :func:`evaluate`; 2 s per move by default, or a fixed number of
iterations).

The greedy player values a Project by its VP rules, its effect and whether its Element is still
missing for the next Ark Level; it bids the least that claims the best value per Expert, manages
its mat one step at a time while a step raises its estimate of the final VP plus Level Up
progress, and keeps tokens as Score Boosts where they pay.
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
from . import content as K
from .rules import automa_claimed_vp, automa_score, automa_start, beats_automa, score_parts
from .state import (BIDDING, DISCARD, INCOME, LEVELUP, LEVELUP_ORDER, MANAGEMENT, OVER,
                    PRIORITY_SPACE, MttsState, elements, requirement, slot_counts)

_EFFECT_VALUE = {"income": 1.6, "market": 1.0, "management": 1.0, "levelup": 0.8,
                 "advance": 0.5, "static": 1.2}
_ACTOR_PREFERENCE = ("financier", "recruiter", "engineer", "broker", "architect", "pilot",
                     "diplomat", "archivist")


def _flat_vp(card: int) -> float:
    total = 0.0
    for term in K.PROJECTS[card].vp:
        total += term["vp"] * (1.5 if "per" in term else 1.0) * (0.5 if "if" in term else 1.0)
    return total


def card_value(view: MttsState, seat: int, card: int) -> float:
    """How much a Project is worth to ``seat`` now."""
    if card < 0:
        return 0.0
    proj = K.PROJECTS[card]
    rounds_left = max(0, K.ROUNDS - view.round)
    value = 1.2 * _flat_vp(card) + _EFFECT_VALUE[proj.effect["on"]] * rounds_left / 6
    if proj.permanent:
        value += 0.5
    need = requirement(view, seat)
    if need is not None:
        have = elements(view.players[seat])
        if need[proj.element] > have[proj.element]:
            value += 1.5
    return value - 0.2 * proj.rating


def mat_value(view: MttsState, seat: int) -> float:
    """The estimated worth of a seat's mat: VP now (with the next Ark Level's maximum in view),
    Level Up progress and the engine of active effects."""
    p = view.players[seat]
    lane1, mid, cap = score_parts(view, seat)
    need = requirement(view, seat)
    progress = 0.0
    next_cap = cap
    if need is not None:
        have = elements(p)
        matched = sum(min(have[e], k) for e, k in need.items())
        missing = sum(need.values()) - matched
        progress = 2.5 * matched + (6.0 if missing == 0 else 0.0)
        next_cap = K.ARK_MAX[min(p.ark + 1, K.ARK_LEVELS)]
    vp = lane1 + min(mid, next_cap)
    rounds_left = max(0, K.ROUNDS - view.round)
    engine = 0.0
    for lane in range(1, 5):
        top = p.top(lane)
        if top is not None and top >= 0:
            engine += _EFFECT_VALUE[K.PROJECTS[top].effect["on"]]
    return vp + progress + engine * rounds_left / 8


def greedy_choose(game: Game, view: Any, seat: int, rng: Rng) -> Command:
    """The greedy player's choice for ``seat`` on a view (or a determinised state)."""
    legal = game.legal_commands(view, seat)
    if not legal:
        raise RuntimeError(f"seat {seat} has no legal command")
    contacts = [c for c in legal if isinstance(c, C.PlayContact)]
    if contacts:
        return contacts[0]
    ph = view.phase
    p = view.players[seat]
    if ph == "actors":
        picks = [c for c in legal if isinstance(c, C.ChooseActor)]
        return min(picks, key=lambda c: _ACTOR_PREFERENCE.index(K.ACTORS[c.actor].id))
    if ph == DISCARD:
        def worth(c: C.Discard) -> float:
            return card_value(view, seat, c.card) if c.kind == "project" else \
                (1.5 if seat == view.priority else 0.8)
        return min((c for c in legal if isinstance(c, C.Discard)), key=worth)
    if ph == INCOME:
        bonus = [c for c in legal if isinstance(c, C.UseBonus)]
        if bonus:
            want = "experts" if p.stock < 5 else "power"
            return next(c for c in bonus if c.gain == want)
        return next(c for c in legal if isinstance(c, C.EndIncome))
    if ph == BIDDING:
        return _bid(view, seat, legal)
    if ph == MANAGEMENT:
        return _manage(game, view, seat, legal)
    if ph == LEVELUP_ORDER:
        mine = [c for c in legal if isinstance(c, C.ChooseLevelUp) and c.who == seat]
        return mine[0] if mine else legal[0]
    if ph == LEVELUP:
        return _token(view, seat, legal)
    return legal[rng.below(len(legal))]



def _bid_options(view: MttsState, seat: int, legal: list[Command]) -> list[tuple[float, Command]]:
    """Bids worth making, valued: for each Market card not yet won, the least Bid that leads it
    at its Rating, worth the card's value less 0.55 per Expert (and less with a full hand)."""
    p = view.players[seat]
    bids = {(c.slot, c.n) for c in legal if isinstance(c, C.Bid)}
    out: list[tuple[float, Command]] = []
    hand = len(p.hand)
    for slot, card in enumerate(view.market):
        if card < 0:
            continue
        counts = slot_counts(view, slot)
        mine = counts[seat]
        others = max(v for k, v in counts.items() if k != seat)
        rating = K.PROJECTS[card].rating
        if mine > others and mine >= rating:
            continue  # already winning it
        need = max(rating, others + 1) - mine
        if (slot, need) not in bids:
            continue
        value = card_value(view, seat, card) - 0.55 * need - 0.4 * max(0, hand - 3)
        out.append((value, C.Bid(seat, slot, need)))
    out.sort(key=lambda vc: -vc[0])
    return out


def _priority_bid(view: MttsState, seat: int, legal: list[Command]) -> Command | None:
    p = view.players[seat]
    bids = {(c.slot, c.n) for c in legal if isinstance(c, C.Bid)}
    if seat != view.priority and p.stock >= 6:
        counts = slot_counts(view, PRIORITY_SPACE)
        need = max(v for k, v in counts.items() if k != seat) + 1 - counts[seat]
        if need <= 2 and (PRIORITY_SPACE, need) in bids and counts[seat] + need >= 1:
            return C.Bid(seat, PRIORITY_SPACE, need)
    return None


def _bid(view: MttsState, seat: int, legal: list[Command]) -> Command:
    options = _bid_options(view, seat, legal)
    if options and options[0][0] > 0.4:
        return options[0][1]
    priority = _priority_bid(view, seat, legal)
    if priority is not None:
        return priority
    return next(c for c in legal if isinstance(c, C.Pass))


def _manage_options(game: Game, view: MttsState, seat: int,
                    legal: list[Command]) -> list[tuple[float, Command]]:
    """Each Play, Advance and Demote valued by the gain in :func:`mat_value` less the Power it
    costs (a card kept in hand keeps its options open), best first."""
    base = mat_value(view, seat)
    out: list[tuple[float, Command]] = []
    for cmd in legal:
        if not isinstance(cmd, (C.PlayProject, C.Advance, C.Demote)):
            continue
        s = view
        for ev in game.decide(view, cmd):
            s = game.apply(s, ev)
        spent = view.players[seat].power - s.players[seat].power
        gain = mat_value(s, seat) - base - 0.3 * max(0, spent)
        if isinstance(cmd, C.PlayProject):
            gain -= 0.15  # a card in hand keeps its options open
        out.append((gain, cmd))
    out.sort(key=lambda gc: -gc[0])
    return out


def _manage(game: Game, view: MttsState, seat: int, legal: list[Command]) -> Command:
    options = _manage_options(game, view, seat, legal)
    if options and options[0][0] > 0.25:
        return options[0][1]
    return next(c for c in legal if isinstance(c, C.EndManagement))


def _token(view: MttsState, seat: int, legal: list[Command]) -> Command:
    p = view.players[seat]
    takes = [c for c in legal if isinstance(c, C.TakeToken)]
    if not takes:
        return legal[0]

    def matches(c: C.TakeToken) -> int:
        el = K.TOKENS[c.token]
        lanes = (1,) if c.side == "lane1" else (2, 3)
        return sum(1 for lane in lanes for card in p.lanes[lane - 1]
                   if card >= 0 and K.PROJECTS[card].element == el)

    boosts = [c for c in takes if c.side != "bonus"]
    best = max(boosts, key=matches)
    rounds_left = K.ROUNDS - view.round
    if matches(best) >= 2 or rounds_left <= 2:
        return best
    return next(c for c in takes if c.side == "bonus")


# -- what a seat may not see, sampled ----------------------------------------------------------


def determinize(view: MttsState, seat: int, rng: Rng) -> MttsState:
    """A full state consistent with ``view``: every card ``seat`` cannot see is dealt at random
    from the cards it has not seen (other hands and Contacts, the Project, Contact and Event
    decks, the Unique Events left out, Actor offers, the Automa's deck and its unused cards), and
    a random seed replaces the hidden one. Counts, discards, the Market, lanes, the Automa's
    revealed cards and its number of red cards are kept as the view shows them."""
    players = list(view.players)
    me = players[seat]
    # Projects
    seen = set(me.hand) | set(view.project_discard) | set(view.market) | set(view.automa_claimed)
    for p in players:
        for lane in p.lanes:
            seen.update(lane)
    unseen = rng.shuffled([c for c in range(len(K.PROJECTS)) if c not in seen])
    deal = list(unseen)
    for i, p in enumerate(players):
        if i != seat and p.hand:
            players[i] = replace(p, hand=tuple(deal.pop() for _ in p.hand))
    project_deck = tuple(deal.pop() for _ in view.project_deck)
    # Contacts
    seen = set(me.contacts) | set(view.contact_discard)
    deal = list(rng.shuffled([c for c in range(len(K.CONTACTS)) if c not in seen]))
    for i, p in enumerate(players):
        if i != seat and p.contacts:
            players[i] = replace(players[i], contacts=tuple(deal.pop() for _ in p.contacts))
    contact_deck = tuple(deal.pop() for _ in view.contact_deck)
    # Actors (only dealt with the Actors option)
    seen = set(me.offer) | {p.actor for p in players if p.actor >= 0}
    deal = list(rng.shuffled([a for a in range(len(K.ACTORS)) if a not in seen]))
    for i, p in enumerate(players):
        if i != seat and p.offer:
            players[i] = replace(players[i], offer=tuple(deal.pop() for _ in p.offer))
    actors_unused = tuple(deal.pop() for _ in view.actors_unused)
    # Events: every Calm Event not yet out is in the deck; the Unique ones not yet out are
    # split between the deck and the two left out; the Deadline stays at the bottom.
    out = set(view.events_done) | {view.event_current, view.unique_pending}
    calm = [e for e in K.CALM if e not in out]
    unique = list(rng.shuffled([e for e in K.UNIQUE if e not in out]))
    unused = tuple(unique.pop() for _ in view.unique_unused)
    deadline = K.DEADLINE not in out and len(view.event_deck) > 0
    event_deck = rng.shuffled(calm + unique) + ((K.DEADLINE,) if deadline else ())
    # The Automa: its deck holds ``automa_reds`` red cards, the cards just revealed among them
    automa_deck, red_pool, automa_unused = (), (), ()
    if view.automa and (view.automa_deck or view.red_pool or view.automa_unused):
        known = set(view.automa_revealed)
        reds_in = [c for c in K.RED if c in known]
        greens_in = [c for c in K.GREEN if c in known]
        reds = list(rng.shuffled([c for c in K.RED if c not in known]))
        greens = list(rng.shuffled([c for c in K.GREEN if c not in known]))
        n_red = max(0, min(view.automa_reds, len(view.automa_deck)) - len(reds_in))
        n_green = max(0, len(view.automa_deck) - view.automa_reds - len(greens_in))
        reds_in += [reds.pop() for _ in range(min(n_red, len(reds)))]
        greens_in += [greens.pop() for _ in range(min(n_green, len(greens)))]
        automa_deck = rng.shuffled(reds_in + greens_in)
        red_pool = tuple(reds[:len(view.red_pool)])
        automa_unused = tuple(greens[:len(view.automa_unused)])
    return replace(view, seed=rng.next64() & 0xFFFFFFFF, players=tuple(players),
                   project_deck=project_deck, contact_deck=contact_deck,
                   actors_unused=actors_unused, event_deck=event_deck, unique_unused=unused,
                   automa_deck=automa_deck, red_pool=red_pool, automa_unused=automa_unused)


# -- the hard player's judgement ------------------------------------------------------------------


def _final_margin(state: MttsState, seat: int) -> tuple[float, float]:
    """The lead over the best rival at the end, and ``seat``'s result: 1 for a win, 0.5 for a
    win shared with another seat, 0 for a loss (against the Automa by :func:`beats_automa`, its
    tie rule)."""
    totals = [l1 + min(mid, cap)
              for l1, mid, cap in (score_parts(state, s) for s in range(state.n))]
    mine = totals[seat]
    rivals = [t for i, t in enumerate(totals) if i != seat]
    result = 0.0 if any(t > mine for t in rivals) else 0.5 if mine in rivals else 1.0
    if state.automa:
        rivals.append(automa_score(state))
        result = result if beats_automa(mine, rivals[-1]) else 0.0
    return mine - max(rivals, default=mine), result


def evaluate(state: MttsState, seat: int) -> float:
    """The search's reward for ``seat`` in 0..1: at the end, 1 for a sole win (or beating the
    Automa), 0.5 for a tie with another seat and 0 for a loss, nudged by the margin; before it, a
    logistic of :func:`mat_value` against the best rival (another seat's mat value, or the
    Automa's score with what it claims projected to the last round)."""
    if state.phase == OVER:
        margin, base = _final_margin(state, seat)
        return 0.9 * base + 0.1 / (1 + math.exp(-margin / 4))
    mine = mat_value(state, seat)
    rivals = [mat_value(state, s) for s in range(state.n) if s != seat]
    if state.automa:
        claimed = automa_claimed_vp(state)
        rivals.append(automa_start(state.red_cards) +
                      (claimed * K.ROUNDS / max(1, state.round) if state.round else claimed + 8))
    margin = mine - max(rivals, default=mine)
    return 1 / (1 + math.exp(-margin / 4))


def rollout_policy(game: Game, state: MttsState, seat: int, rng: Rng) -> Command:
    """The greedy player, made cheaper for rollouts: in Management it only plays Projects
    (valued by laying the card on the mat, without resolving the play's events) and never
    Advances or Demotes."""
    if state.phase == MANAGEMENT:
        legal = game.legal_commands(state, seat)
        contacts = [c for c in legal if isinstance(c, C.PlayContact)]
        if contacts:
            return contacts[0]
        p = state.players[seat]
        base = mat_value(state, seat)
        best: tuple[float, Command] | None = None
        for cmd in legal:
            if not isinstance(cmd, C.PlayProject):
                continue
            lanes = list(p.lanes)
            lanes[cmd.lane - 1] = lanes[cmd.lane - 1] + (cmd.card,)
            hand = list(p.hand)
            hand.remove(cmd.card)
            after = state.with_player(seat, hand=tuple(hand), lanes=tuple(lanes))
            gain = mat_value(after, seat) - base - 0.15
            if gain > 0.25 and (best is None or gain > best[0]):
                best = (gain, cmd)
        if best is not None:
            return best[1]
        return next(c for c in legal if isinstance(c, C.EndManagement))
    return greedy_choose(game, state, seat, rng)


class GreedyPlayer:
    """The level ``normal`` (formerly ``greedy``): :func:`greedy_choose`."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0x6D7473)

    def choose(self, game: Game, view: Any, seat: int) -> Command:
        return greedy_choose(game, view, seat, self._rng)


def easy_player(seed: int = 0) -> EasyPlayer:
    """The level ``easy``: the greedy player with a random legal command in about one decision in
    three (:class:`~weather_tabletop.ai.EasyPlayer`): it overbids, passes early, plays cards to
    odd lanes."""
    return EasyPlayer(seed, greedy_choose)


def shortlist(game: Game, view: MttsState, seat: int, legal: list[Command],
              rng: Rng) -> list[Command]:
    """The hard player's candidates, the greedy choice first: while bidding the four best Bids
    by value, the Priority Bid and Pass; in Management the four best moves and ending it; at a
    Level Up the tokens on each side; when discarding the two least valued cards. Other
    decisions (Actors, Income, the Level Up order, Contacts) are left to the greedy choice."""
    first = greedy_choose(game, view, seat, rng)
    out = [first]
    ph = view.phase
    if isinstance(first, C.PlayContact):
        return out
    if ph == BIDDING:
        out += [c for _, c in _bid_options(view, seat, legal)[:4]]
        priority = _priority_bid(view, seat, legal)
        if priority is not None:
            out.append(priority)
        out.append(C.Pass(seat))
    elif ph == MANAGEMENT:
        out += [c for _, c in _manage_options(game, view, seat, legal)[:4]]
        out.append(C.EndManagement(seat))
    elif ph == LEVELUP:
        takes = [c for c in legal if isinstance(c, (C.TakeToken, C.SkipToken))]
        out += takes[:9]
    elif ph == DISCARD:
        def worth(c: Command) -> float:
            if not isinstance(c, C.Discard):
                return 99.0
            return card_value(view, seat, c.card) if c.kind == "project" else \
                (1.5 if seat == view.priority else 0.8)
        out += sorted(legal, key=worth)[:2]
    return list(dict.fromkeys(c for c in out if c in legal))


def horizon(game: Game, start: MttsState, state: MttsState, seat: int) -> bool:
    """A rollout stops at the end of the game round it started in (after its Level Up)."""
    return state.round > start.round


HARD_SECONDS = 2.0


def hard_player(seed: int = 0, *, seconds: float | None = None,
                iterations: int | None = None) -> PlanPlayer:
    """The level ``hard``: :class:`~weather_tabletop.ai.plan.PlanPlayer` over
    :func:`shortlist`, each candidate followed by greedy play of every seat to the end of the
    round in a determinised state and judged by :func:`evaluate`; ``seconds`` per move
    (default 2) or exactly ``iterations`` rollouts."""
    return PlanPlayer("hard", seed, shortlist=shortlist, policy=rollout_policy,
                      horizon=horizon, iterations=iterations,
                      seconds=seconds if seconds is not None else HARD_SECONDS)


BOTS: dict[str, Callable[..., Any]] = {"easy": easy_player, "normal": GreedyPlayer,
                                       "greedy": GreedyPlayer, "hard": hard_player}
