"""The state of a game of Machines To The Sky (frozen, tuples only) and pure queries on it.

Cards are ints indexing :mod:`.content`; ``HIDDEN`` (-1) stands for a card a view may not see.
Lanes are numbered 1-4 in commands and events and stored bottom-to-top in ``lanes[lane - 1]``
(the last card is the top, the "active" card: Glossary, "Active").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from operator import itemgetter
from typing import Any, Iterator

from . import content as K

HIDDEN = -1
AUTOMA = -2  # the Automa as a claimant of a Market Project
PRIORITY_SPACE = -1  # the Priority token space as a bid target

# Phases (and steps) at which a decision is waited for.
ACTORS = "actors"  # Setup step 10: choose 1 of 2 Actors
DISCARD = "discard"  # Phase 1 step 1: discard down to the hand limit
INCOME = "income"  # Phase 1 step 2: Bonus tokens, Income Contacts
BIDDING = "bidding"  # Phase 3 step 1
MANAGEMENT = "management"  # Phase 4
LEVELUP_ORDER = "levelup-order"  # Phase 5 step 2: the Priority player picks who resolves next
LEVELUP = "levelup"  # Phase 5 step 2: take a token (and choose its side) or none
OVER = "over"
# Automatic steps (no decision): the runner in rules.py moves through them.
AUTO_ROUND_START = "auto-round-start"
AUTO_INCOME = "auto-income"
AUTO_EVENTS = "auto-events"
AUTO_MARKET = "auto-market"
AUTO_RESOLVE = "auto-resolve"
AUTO_LEVELUP = "auto-levelup"
AUTO_ROUND_END = "auto-round-end"

PANELS = {"lane1": "the Lane 1 panel", "lanes23": "the Lanes 2-3 panel"}


@dataclass(frozen=True)
class Player:
    mat: str  # key into content.MATS
    hand: tuple[int, ...] = ()
    contacts: tuple[int, ...] = ()
    lanes: tuple[tuple[int, ...], ...] = ((), (), (), ())
    power: int = 0
    stock: int = 0  # Experts in Stock
    supply: int = K.EXPERTS  # the player's own Experts in the Supply
    bonus: tuple[int, ...] = ()  # Element tokens kept as Bonus tokens
    boosts: tuple[tuple[int, str], ...] = ()  # (token, panel) Score Boost tokens
    ark: int = 0  # 0 = beneath the Ark Track, 1..7 = Level I..VII
    actor: int = -1
    offer: tuple[int, ...] = ()  # the 2 Actors dealt (Setup step 10)
    passed: bool = False  # Market: passing is final
    free_moves: int = 0  # Advance/Demote without paying Power, this Management phase

    def top(self, lane: int) -> int | None:
        cards = self.lanes[lane - 1]
        return cards[-1] if cards else None

    def lane_of(self, card: int) -> int | None:
        for n, cards in enumerate(self.lanes, 1):
            if card in cards:
                return n
        return None


@dataclass(frozen=True)
class MttsState:
    seed: int
    chance_n: int
    names: tuple[str, ...]
    actors_option: bool
    ignore_events: bool
    automa: bool  # the Automa plays (always in solo)
    red_cards: int
    players: tuple[Player, ...]
    round: int = 0
    phase: str = "setup"
    current: int = -1  # the seat whose decision is waited for (-1: none)
    queue: tuple[int, ...] = ()  # seats still to act in this step, in order
    priority: int = 0
    power_supply: int = K.POWER_TOKENS
    project_deck: tuple[int, ...] = ()
    project_discard: tuple[int, ...] = ()
    market: tuple[int, ...] = ()  # card per slot, -1 = empty slot
    bids: tuple[tuple[int, ...], ...] = ()  # per slot, Experts of each seat
    automa_bids: tuple[int, ...] = ()  # per slot, the Automa's Experts
    priority_bids: tuple[int, ...] = ()  # per seat, Experts on the Priority token space
    contact_deck: tuple[int, ...] = ()
    contact_discard: tuple[int, ...] = ()
    event_deck: tuple[int, ...] = ()
    event_current: int = -1
    unique_pending: int = -1  # the revealed Unique Event waiting to resolve
    events_done: tuple[int, ...] = ()
    unique_unused: tuple[int, ...] = ()  # the 2 Unique Events left out (hidden)
    ark_track: tuple[tuple[int, ...], ...] = ()  # tokens left on Level I..VII
    tokens_spent: tuple[int, ...] = ()  # Bonus tokens discarded for income
    actors_unused: tuple[int, ...] = ()
    automa_deck: tuple[int, ...] = ()
    red_pool: tuple[int, ...] = ()  # red cards not in the Automa deck, in hidden order
    automa_unused: tuple[int, ...] = ()  # green cards not in the deck
    automa_reds: int = 0  # red cards in the Automa deck (public: the difficulty and each addition)
    automa_revealed: tuple[int, ...] = ()
    automa_claimed: tuple[int, ...] = ()
    power_cut: int = 0  # reduce each player's next Power Income (hard Automa cards)

    @property
    def n(self) -> int:
        return len(self.players)

    def with_player(self, seat: int, **changes: Any) -> "MttsState":
        return self.with_player_and(seat, changes)

    def with_player_and(self, seat: int, player_changes: dict[str, Any],
                        **changes: Any) -> "MttsState":
        """The state with ``player_changes`` to one player and ``changes`` to the state: one new
        player and one new state."""
        players = self.players
        changes["players"] = (players[:seat] + (replace(players[seat], **player_changes),)
                              + players[seat + 1:])
        return replace(self, **changes)

    def order(self) -> tuple[int, ...]:
        """Seats clockwise from the Priority player (Market step 1)."""
        return tuple((self.priority + i) % self.n for i in range(self.n))


_FIELDS: dict[type, tuple[tuple[str, ...], frozenset[str], Any]] = {
    cls: (names, frozenset(names), itemgetter(*names))
    for cls in (Player, MttsState) for names in [tuple(f.name for f in fields(cls))]}


def replace(obj: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for ``Player`` and ``MttsState`` (the rules' hot path, many times
    per command): the same new value, built without ``__init__``'s per-field checks."""
    names, known, get = _FIELDS[type(obj)]
    if not known.issuperset(changes):
        raise TypeError(f"{type(obj).__name__} has no field {set(changes) - known}")
    d = obj.__dict__.copy()
    if len(d) != len(names):  # memos (``_MEMOS``): kept while the fields they read are unchanged
        kept = 0
        for key, deps in _MEMOS:
            if key in d:
                if deps is not None and deps.isdisjoint(changes):
                    kept += 1
                else:
                    del d[key]
        if len(d) != len(names) + kept:  # something unknown: the fields only
            d = dict(zip(names, get(d)))
    d.update(changes)
    new = object.__new__(type(obj))
    object.__setattr__(new, "__dict__", d)
    return new


#: what the rules memoize in a state's or a player's ``__dict__`` (never fields), and the fields
#: each is worked out from (None: never kept)
_MEMOS: tuple[tuple[str, frozenset[str] | None], ...] = (
    ("_ahead", None),
    ("_sources", frozenset({"lanes", "actor"})),
    ("_modifiers", frozenset({"lanes", "actor"})),
)


# -- what is active --------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """An active effect: whose, from what, where."""

    kind: str  # "project" (top of a lane), "permanent" (anywhere), "actor"
    card: int
    lane: int | None
    effect: dict[str, Any]

    @property
    def name(self) -> str:
        return K.ACTORS[self.card].name if self.kind == "actor" else K.PROJECTS[self.card].name


def active_effects(p: Player) -> Iterator[Source]:
    """Effects of the active Projects (top of a lane), permanent effects anywhere on the mat, and
    the Actor ("Project Cards"; Glossary, "Active"). Worked out once per player value (a memo in
    its ``__dict__``; ``replace`` carries it over while the lanes and the Actor are unchanged)."""
    memo = p.__dict__
    found = memo.get("_sources")
    if found is None:
        found = memo["_sources"] = tuple(_active_effects(p))
    return iter(found)


def _active_effects(p: Player) -> Iterator[Source]:
    for lane in range(1, 5):
        cards = p.lanes[lane - 1]
        for i, card in enumerate(cards):
            if card < 0:
                continue
            proj = K.PROJECTS[card]
            if i == len(cards) - 1:
                yield Source("project", card, lane, proj.effect)
            if proj.permanent is not None:
                yield Source("permanent", card, lane, proj.permanent)
    if p.actor >= 0:
        yield Source("actor", p.actor, None, K.ACTORS[p.actor].effect)


def elements(p: Player) -> Counter[str]:
    """The player's current Elements: the Element of each active Project plus Elements granted by
    active effects (Project Cards; Phase 5 step 1)."""
    out: Counter[str] = Counter()
    for lane in range(1, 5):
        top = p.top(lane)
        if top is not None and top >= 0:
            out[K.PROJECTS[top].element] += 1
    for src in active_effects(p):
        if src.effect.get("on") == "static":
            for step in src.effect["steps"]:
                if step["op"] == "grant":
                    out[step["element"]] += step.get("n", 1)
    return out


def modifier(p: Player, stat: str) -> int:
    memo = p.__dict__.get("_modifiers")
    if memo is None:
        memo = p.__dict__["_modifiers"] = {}
    found = memo.get(stat)
    if found is None:
        found = memo[stat] = _modifier(p, stat)
    return found


def _modifier(p: Player, stat: str) -> int:
    total = 0
    for src in active_effects(p):
        if src.effect.get("on") == "static":
            for step in src.effect["steps"]:
                if step["op"] == "modify" and step["stat"] == stat:
                    total += step["n"]
    return total


def mat(p: Player) -> K.Mat:
    return K.MATS[p.mat]


def advance_cost(p: Player) -> int:
    return max(0, mat(p).advance_cost + modifier(p, "advance_cost"))


def demote_cost(p: Player) -> int:
    return max(0, mat(p).demote_cost + modifier(p, "demote_cost"))


def hand_limit(p: Player) -> int:
    return K.HAND_LIMIT + modifier(p, "hand_limit")


def hand_size(p: Player) -> int:
    """Cards in hand: Projects and Contacts both count toward the 5 card limit (Phase 1)."""
    return len(p.hand) + len(p.contacts)


def requirement(state: MttsState, seat: int) -> Counter[str] | None:
    """The Elements on the Ark Level above the player's (None at Level VII)."""
    level = state.players[seat].ark
    if level >= K.ARK_LEVELS:
        return None
    return Counter(K.TOKENS[t] for t in state.ark_track[level])


def meets_level_up(state: MttsState, seat: int) -> bool:
    """Phase 5 step 1: the player's Elements include the Elements on the next Ark Level."""
    need = requirement(state, seat)
    if need is None:
        return False
    have = elements(state.players[seat])
    return all(have[e] >= k for e, k in need.items())


def leader(counts: dict[int, int]) -> int | None:
    """The one claimant with strictly the most Experts, or None."""
    if not counts:
        return None
    top = max(counts.values())
    if top <= 0:
        return None
    leaders = [k for k, v in counts.items() if v == top]
    return leaders[0] if len(leaders) == 1 else None


@dataclass(frozen=True)
class BidStanding:
    """Where one claimant stands on a Market card or the Priority space (Market Step 2:
    "at least as many Experts on the card as its Rating, AND the most Experts on that card").

    ``lead``: Experts more it needs to have strictly the most (0: it already leads);
    ``claim``: Experts more it needs to claim the card at Resolve Bids (0: it would now)."""

    have: int
    rating: int
    lead: int
    claim: int

    @property
    def leads(self) -> bool:
        return self.lead == 0


def bid_standing(counts: dict[int, int], claimant: int, rating: int) -> BidStanding:
    """``claimant``'s standing among ``counts`` (Experts per claimant) on a card of ``rating``
    (the Priority space: Rating 1)."""
    have = counts.get(claimant, 0)
    best = max((v for k, v in counts.items() if k != claimant), default=0)
    lead = max(0, best + 1 - have)
    return BidStanding(have, rating, lead, max(lead, rating - have))


def slot_counts(state: MttsState, slot: int) -> dict[int, int]:
    """Experts per claimant (seats, AUTOMA) on a Market slot or the Priority space."""
    if slot == PRIORITY_SPACE:
        return {s: state.priority_bids[s] for s in range(state.n)}
    out = {s: state.bids[slot][s] for s in range(state.n)}
    out[AUTOMA] = state.automa_bids[slot]
    return out
