"""Computer players for Machines To The Sky. They read only ``view(state, seat)``.

``greedy`` values a Project by its VP rules, its effect and whether its Element is still missing
for the next Ark Level; it bids the least that claims the best value per Expert, manages its mat
one step at a time while a step raises its estimate of the final VP plus Level Up progress, and
keeps tokens as Score Boosts where they pay.
"""

from __future__ import annotations

from typing import Any, Callable

from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import Command, Game

from . import commands as C
from . import content as K
from .rules import score_parts
from .state import (BIDDING, DISCARD, INCOME, LEVELUP, LEVELUP_ORDER, MANAGEMENT, PRIORITY_SPACE,
                    MttsState, elements, requirement, slot_counts)

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


def evaluate(view: MttsState, seat: int) -> float:
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


class GreedyPlayer:
    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0x6D7473)

    def choose(self, game: Game, view: Any, seat: int) -> Command:
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
            return self._bid(view, seat, legal)
        if ph == MANAGEMENT:
            return self._manage(game, view, seat, legal)
        if ph == LEVELUP_ORDER:
            mine = [c for c in legal if isinstance(c, C.ChooseLevelUp) and c.who == seat]
            return mine[0] if mine else legal[0]
        if ph == LEVELUP:
            return self._token(view, seat, legal)
        return legal[self._rng.below(len(legal))]

    def _bid(self, view: MttsState, seat: int, legal: list[Command]) -> Command:
        p = view.players[seat]
        bids = {(c.slot, c.n) for c in legal if isinstance(c, C.Bid)}
        best: tuple[float, Command] | None = None
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
            if value > 0.4 and (best is None or value > best[0]):
                best = (value, C.Bid(seat, slot, need))
        if best is None and seat != view.priority and p.stock >= 6:
            counts = slot_counts(view, PRIORITY_SPACE)
            need = max(v for k, v in counts.items() if k != seat) + 1 - counts[seat]
            if need <= 2 and (PRIORITY_SPACE, need) in bids and counts[seat] + need >= 1:
                return C.Bid(seat, PRIORITY_SPACE, need)
        if best is not None:
            return best[1]
        return next(c for c in legal if isinstance(c, C.Pass))

    def _manage(self, game: Game, view: MttsState, seat: int, legal: list[Command]) -> Command:
        base = evaluate(view, seat)
        best: tuple[float, Command] | None = None
        for cmd in legal:
            if not isinstance(cmd, (C.PlayProject, C.Advance, C.Demote)):
                continue
            s = view
            for ev in game.decide(view, cmd):
                s = game.apply(s, ev)
            spent = view.players[seat].power - s.players[seat].power
            gain = evaluate(s, seat) - base - 0.3 * max(0, spent)
            if isinstance(cmd, C.PlayProject):
                gain -= 0.15  # a card in hand keeps its options open
            if gain > 0.25 and (best is None or gain > best[0]):
                best = (gain, cmd)
        if best is not None:
            return best[1]
        return next(c for c in legal if isinstance(c, C.EndManagement))

    def _token(self, view: MttsState, seat: int, legal: list[Command]) -> Command:
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


BOTS: dict[str, Callable[[int], Any]] = {"greedy": GreedyPlayer}
