"""Machines To The Sky: the rules as the engine protocol (``GAME``). Pure: no pygame, no I/O.

The round (rulebook "Round Overview") is a chain of steps held in ``state.phase``. Steps that
need nobody's decision (``auto-*``) are run by :meth:`MachinesToTheSky._auto` right after the
command (or the setup) that reaches them, so ``decide`` returns the command's events followed by
every automatic event up to the next decision.

How this app seats the decisions (the rulebook's words in quotes):

* Phase 1 step 1 discards, one card per command, by each player over the limit in turn order
  from the Priority player. Step 2's Income is automatic; then each player holding Bonus tokens
  (and the Priority player holding a playable Income Contact) takes an Income turn in that order.
* Phase 3: "Starting with the Priority player and proceeding clockwise, each player takes a turn
  in which they either Bid or Pass"; seats that passed are skipped.
* Phase 4 "players act simultaneously (or in turns if it helps a new player)": here always in
  turns, one seat at a time in order from the Priority player; ``to_act`` returns that seat.
  A player only ever interacts with their own mat ("The Player Mat"), so the order changes
  nothing but Contacts, which only the Priority player plays.
* Phase 5 step 2 "In an order decided by the Priority player": when two or more players Level
  Up, the Priority player names who resolves next (``ChooseLevelUp``) until one is left.
* Contacts: the Priority player plays them on their own Income, Bidding or Management turn,
  as each Contact states.
* The Automa (Solo Mode, and the ``automa`` option in multiplayer): see ``_auto_market`` and
  ``_auto_resolve``; its score, the solo objective, is :func:`automa_score`.

Where the rulebook is silent or contradicts itself, the project decides (and tests say so):

* Rating: "Rating ... indicates the highest Lane number that card can be played into" contradicts
  "Play a Project card" and its example ("A Rating 2 Project can be placed into all Lanes except
  Lane 1"); the latter is followed: lane >= Rating. The Rating limits playing only; Advance and
  Demote move a top card to any neighbouring lane.
* The hand limit counts Projects and Contacts (both are cards in hand).
* Beneath Level I no maximum is printed: Lanes 2-3 score at most 0 there.
* The first seat starts with the Priority token ("the most experienced player").
* An empty Project deck is refilled by shuffling the discarded Projects (as for Contacts).
* A short Power Supply: each player owed Power gets Supply // (players owed), at most what they
  are owed; the rest stays in the Supply.
* The Automa's Experts count as another player's: a Bid must beat them too; a tie claims nothing.
  Its cubes are its own (not one of the four colours, not limited); Projects it claims leave play
  and count for its score. Its bottom conditions are looked at as Resolve Bids begins.
* The solo objective (Solo Mode prints none): the Automa scores a start for the red cards chosen
  at setup plus the Rating of each Project it claims (:func:`automa_score`); the red cards added
  during play do not count, so the difficulty is the chosen one ("2 Red cards should be
  considered tough, 4 very tough and 6 nearly impossible"). At least as many VP as the Automa
  wins (:func:`beats_automa`: a tie is a joint victory, as between players).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Iterable

from weather_tabletop.engine.chance import rng
from weather_tabletop.engine.protocol import (Colour, Command, CountOption, Event, GameConfig,
                                              IllegalMove, OpponentScore, OptionSpec, ScoreLine)
from weather_tabletop.i18n import Msg, msg, tr

from . import commands as C
from . import content as K
from . import effects as FX
from . import events as E
from . import words
from .state import (ACTORS, AUTO_EVENTS, AUTO_INCOME, AUTO_LEVELUP, AUTO_MARKET, AUTO_RESOLVE,
                    AUTO_ROUND_END, AUTO_ROUND_START, AUTOMA, BIDDING, DISCARD, HIDDEN, INCOME,
                    LEVELUP, LEVELUP_ORDER, MANAGEMENT, OVER, PRIORITY_SPACE, MttsState, Player,
                    Source, active_effects, advance_cost, demote_cost, hand_limit, hand_size,
                    leader, mat, meets_level_up, replace, slot_counts)

DECISIONS = (ACTORS, DISCARD, INCOME, BIDDING, MANAGEMENT, LEVELUP_ORDER, LEVELUP)
SIDES = ("bonus", "lane1", "lanes23")
YES_NO = ("no", "yes")

#: the phase a decision belongs to, as the catalogue names it (``mtts.phase.<name>``)
PHASE_NAMES = {ACTORS: "setup", DISCARD: "income", INCOME: "income", BIDDING: "market",
               MANAGEMENT: "management", LEVELUP_ORDER: "level_up", LEVELUP: "level_up",
               OVER: "over"}
#: what the seat to act does in a phase (``mtts.progress.<name>``)
DOING = {DISCARD: "discard", INCOME: "income", BIDDING: "bid", MANAGEMENT: "manage",
         LEVELUP_ORDER: "order", LEVELUP: "level_up"}
#: the score categories (catalogue keys), in display order
SCORE_LANE1 = "mtts.score.lane1"
SCORE_LANES23 = "mtts.score.lanes23"
SCORE_OVER_MAX = "mtts.score.over_max"
SCORE_AUTOMA = "mtts.score.automa"
#: the Automa's column in the table's scores (its pieces' grey, ``view_art.AUTOMA_RGB``)
AUTOMA_COLOUR = Colour("automa", (96, 108, 120), "A", "mtts.score.automa_column")


def automa_start(red_cards: int) -> int:
    """The Automa's score before it claims anything: ``start`` plus ``per_red`` for each red card
    chosen at setup (project rule, data/components.toml ``automa_score``). Hard cards added during
    play do not count: the difficulty is the chosen setting, as the rulebook prints it ("2 Red
    cards should be considered tough, 4 very tough and 6 nearly impossible")."""
    cfg = K.C["automa_score"]
    return cfg["start"] + cfg["per_red"] * red_cards


def automa_claimed_vp(state: MttsState) -> int:
    """What the Projects the Automa claimed add to its score: ``per_rating`` per point of Rating."""
    return K.C["automa_score"]["per_rating"] * sum(
        K.PROJECTS[c].rating for c in state.automa_claimed if c >= 0)


def automa_score(state: MttsState) -> int:
    """The solo objective (project rule, data/components.toml ``automa_score``): the Automa's
    start for the red cards chosen at setup plus the Rating of each Project it claimed."""
    return automa_start(state.red_cards) + automa_claimed_vp(state)


def beats_automa(vp: int, automa: int) -> bool:
    """The tie rule against the Automa, the rulebook's between players ("In the case of a tie,
    consider it a joint victory", How To Win): at least as many VP as the Automa wins. The
    final scores, the setup note, the table and ``bench/ai_strength.py`` all use this."""
    return vp >= automa


def objective_text(red_cards: int) -> Msg:
    """The solo objective in two sentences, as the setup note says it before the game."""
    cfg = K.C["automa_score"]
    key = "mtts.objective" if cfg["per_rating"] == 1 else "mtts.objective_per_rating"
    return msg(key, start=cfg["start"], per_red=cfg["per_red"], red=red_cards,
               automa=automa_start(red_cards), per=cfg["per_rating"])


def lane_panel(p: Player, lane: int) -> str | None:
    """The Score Boost panel below a lane ("Bonus and Score Boost tokens")."""
    if lane == 1:
        return "lane1"
    if lane in (2, 3) or (lane == 4 and mat(p).lane4_scores):
        return "lanes23"
    return None


def card_vp(state: MttsState, seat: int, card: int, lane: int) -> int:
    """A Project's VP rules plus 1 per matching Score Boost in its lane's panel."""
    p = state.players[seat]
    proj = K.PROJECTS[card]
    src = Source("project", card, lane, proj.effect)
    total = 0
    for term in proj.vp:
        if "if" in term and not FX.test(state, seat, term["if"], src):
            continue
        n = term["vp"] * (FX.count(state, seat, term["per"], src) if "per" in term else 1)
        total += min(n, term["max"]) if "max" in term else n
    panel = lane_panel(p, lane)
    total += sum(1 for tok, pan in p.boosts if pan == panel and K.TOKENS[tok] == proj.element)
    return total


def lane_vp(state: MttsState, seat: int, lane: int) -> int:
    return sum(card_vp(state, seat, c, lane) for c in state.players[seat].lanes[lane - 1] if c >= 0)


def score_parts(state: MttsState, seat: int) -> tuple[int, int, int]:
    """(Lane 1 VP, Lanes 2-3 VP before the limit, the Ark Level maximum) ("Determine The
    Winner"); on the blue unique side Lane 4 counts with Lanes 2 and 3."""
    p = state.players[seat]
    lane1 = lane_vp(state, seat, 1)
    mid = lane_vp(state, seat, 2) + lane_vp(state, seat, 3)
    if mat(p).lane4_scores:
        mid += lane_vp(state, seat, 4)
    return lane1, mid, K.ARK_MAX[p.ark]


@dataclass(frozen=True)
class SeatOption(OptionSpec):
    """A choice each player makes for themselves; the setup offers it once per seat. Its value is
    one choice for every seat (what saves from before the per-seat choice hold) or the seats'
    choices in seat order joined by commas ("unique,identical,unique")."""

    seat_label: str | Msg = ""
    per_seat: bool = True

    def parse(self, text: str) -> Any:
        parts = [OptionSpec.parse(self, part) for part in str(text).split(",")]
        return parts[0] if len(set(parts)) == 1 else ",".join(str(p) for p in parts)

    def seat_values(self, value: Any, players: int) -> list[Any]:
        """Each seat's choice; a single value is every seat's (missing seats take the default,
        extra ones are dropped: the setup uses this when the player count changes)."""
        parts = [OptionSpec.parse(self, part) for part in str(value).split(",")]
        if len(parts) == 1:
            return parts * players
        return (parts + [self.default] * players)[:players]

    def join(self, values: list[Any]) -> Any:
        """The option value for these seats' choices (one value when all agree)."""
        return values[0] if len(set(values)) == 1 else ",".join(str(v) for v in values)


def mat_sides(config: GameConfig) -> list[str]:
    """Setup step 2: "Player Mats have an identical side and a unique side. Each player should
    choose which they will use": each seat's side, from the per-seat ``mat_side`` option (an old
    table-wide "identical"/"unique" is every seat's)."""
    value = str(config.option("mat_side", "identical"))
    parts = [p.strip().lower() for p in value.split(",")]
    if any(p not in ("identical", "unique") for p in parts):
        raise ValueError(msg("mtts.reason.mat_side_value", value=repr(value)))
    if len(parts) == 1:
        return parts * config.players
    if len(parts) != config.players:
        raise ValueError(msg("mtts.reason.mat_side_seats", value=repr(value), n=len(parts),
                             players=config.players))
    return parts


class MachinesToTheSky:
    id = "machines-to-the-sky"
    title = "Machines To The Sky"
    min_players = 1
    max_players = 4
    hidden_information = True

    @staticmethod
    def players_label(n: int) -> Msg | None:
        """The setup's name for ``n`` players where a number alone does not say it."""
        return msg("mtts.solo_mode") if n == 1 else None

    options = (
        OptionSpec("actors", msg("mtts.option.actors"), YES_NO, "no",
                   msg("mtts.option.actors_help")),
        OptionSpec("ignore_event_effects", msg("mtts.option.ignore_event_effects"), YES_NO, "no",
                   msg("mtts.option.ignore_event_effects_help")),
        # with one player the Automa always plays (Solo Mode): the option is of 2-4 players
        CountOption("automa", msg("mtts.option.automa"), YES_NO, "no",
                    msg("mtts.option.automa_help")),
        OptionSpec("red_cards", msg("mtts.option.red_cards"), (0, 1, 2, 3, 4, 5, 6), 0,
                   msg("mtts.option.red_cards_help")),
        SeatOption("mat_side", msg("mtts.option.mat_side"), ("identical", "unique"), "identical",
                   msg("mtts.option.mat_side_help"), seat_label=msg("mtts.option.mat_side_seat")),
    )
    colours = (Colour("red", (200, 60, 55), "R"), Colour("yellow", (225, 185, 40), "Y"),
               Colour("green", (60, 150, 75), "G"), Colour("blue", (55, 100, 205), "B"))
    commands = C.COMMANDS
    events = E.EVENTS

    # -- setup ----------------------------------------------------------------------------

    def check_seats(self, config: GameConfig) -> Msg | str | None:
        """Why these seats cannot start a game (each seat's mat side, Setup step 2), or None."""
        try:
            mat_sides(config)
        except ValueError as exc:
            return exc.args[0] if isinstance(exc.args[0], Msg) else str(exc)
        return None

    def initial_state(self, config: GameConfig) -> MttsState:
        n = config.players
        sides = mat_sides(config)
        players = []
        for i, seat in enumerate(config.seats):
            colour = seat.color if seat.color in K.MATS and seat.color != "identical" \
                else self.colours[i % 4].key
            players.append(Player(mat=colour if sides[i] == "unique" else "identical"))
        automa = n == 1 or config.option("automa", "no") == "yes"
        return MttsState(
            seed=config.seed, chance_n=0, names=tuple(s.name for s in config.seats),
            actors_option=config.option("actors", "no") == "yes",
            ignore_events=config.option("ignore_event_effects", "no") == "yes",
            automa=automa, red_cards=int(config.option("red_cards", 0)) if automa else 0,
            players=tuple(players), market=(-1,) * (n + K.C["market_extra"]),
            bids=((0,) * n,) * (n + K.C["market_extra"]),
            automa_bids=(0,) * (n + K.C["market_extra"]), priority_bids=(0,) * n)

    def setup_events(self, state: MttsState) -> list[Event]:
        """Setup steps 3-10 and the Solo Mode deck, then round 1 up to the first decision."""
        r = rng(state.seed, state.chance_n)
        projects = r.shuffled(range(len(K.PROJECTS)))
        contacts = r.shuffled(range(len(K.CONTACTS)))
        uniques = r.shuffled(K.UNIQUE)
        used = uniques[:K.C["unique_events_used"]]
        event_deck = r.shuffled(K.CALM + used) + (K.DEADLINE,)
        tokens = r.shuffled(range(len(K.TOKENS)))
        per = K.C["ark"]["tokens_per_level"]
        ark = tuple(tuple(tokens[i * per:(i + 1) * per]) for i in range(K.ARK_LEVELS))
        automa_deck: tuple[int, ...] = ()
        red_pool: tuple[int, ...] = ()
        green_unused: tuple[int, ...] = ()
        if state.automa:
            greens, reds = r.shuffled(K.GREEN), r.shuffled(K.RED)
            k = state.red_cards
            automa_deck = r.shuffled(reds[:k] + greens[:K.C["automa_deck"] - k])
            red_pool, green_unused = reds[k:], greens[K.C["automa_deck"] - k:]
        offers: tuple[tuple[int, ...], ...] = ((),) * state.n
        actors_unused: tuple[int, ...] = ()
        if state.actors_option:
            actors = r.shuffled(range(len(K.ACTORS)))
            d = K.C["actors_dealt"]
            offers = tuple(tuple(actors[i * d:(i + 1) * d]) for i in range(state.n))
            actors_unused = actors[state.n * d:]
        events: list[Event] = [E.SetupShuffled(projects, contacts, event_deck,
                                               uniques[K.C["unique_events_used"]:], ark,
                                               automa_deck, red_pool, green_unused, offers,
                                               actors_unused)]
        s = self._ahead(state, events[0], 1)

        def emit(evs: Iterable[Event]) -> None:
            nonlocal s
            for ev in evs:
                events.append(ev)
                s = self._ahead(s, ev, 1)

        for seat in range(s.n):  # Setup step 6
            for _ in range(K.C["start_projects"]):
                emit(FX.draw_events(s, seat, "project"))
            for _ in range(K.C["start_contacts"]):
                emit(FX.draw_events(s, seat, "contact"))
        emit(self._restock(s))  # Setup step 8
        for seat in range(s.n):  # Setup step 9 (seat 0 holds the Priority token)
            if seat != s.priority:
                emit([E.Changed(seat, 0, K.C["start_experts"], "setup")])
        if s.actors_option:
            emit([E.StepBegan(0, ACTORS, -1, ())])
        else:
            emit([E.StepBegan(1, AUTO_ROUND_START, -1, ())])
        emit(self._auto(s))
        return events

    # -- the step machine -------------------------------------------------------------------

    def _auto(self, s: MttsState) -> list[Event]:
        """Every automatic event from ``s`` up to the next decision (or the end)."""
        out: list[Event] = []
        for _ in range(10_000):
            evs = self._step(s)
            if not evs:
                return out
            for ev in evs:
                s = self._ahead(s, ev, 1)
            out.extend(evs)
        raise RuntimeError("the step machine does not settle")

    def _step(self, s: MttsState) -> list[Event]:
        ph = s.phase
        if ph == OVER:
            return []
        if ph in DECISIONS and s.current >= 0:
            if ph == DISCARD and hand_size(s.players[s.current]) <= hand_limit(s.players[s.current]):
                return self._next_discard(s)
            return []
        if ph == ACTORS:
            pending = [i for i in range(s.n) if s.players[i].actor < 0]
            if pending:
                return [E.StepBegan(0, ACTORS, pending[0], tuple(pending[1:]))]
            return [E.StepBegan(1, AUTO_ROUND_START, -1, ())]
        if ph == AUTO_ROUND_START:  # Phase 1 step 1
            return [E.PowerDiscarded(), E.StepBegan(s.round, DISCARD, -1, ())]
        if ph == DISCARD:
            return self._next_discard(s)
        if ph == AUTO_INCOME:
            return self._auto_income(s)
        if ph == INCOME:
            if s.queue:
                return [E.StepBegan(s.round, INCOME, s.queue[0], s.queue[1:])]
            return [E.StepBegan(s.round, AUTO_EVENTS, -1, ())]
        if ph == AUTO_EVENTS:
            return self._auto_events(s)
        if ph == AUTO_MARKET:
            return self._auto_market(s)
        if ph == BIDDING:
            return [E.StepBegan(s.round, BIDDING, s.priority, ())]
        if ph == AUTO_RESOLVE:
            return self._auto_resolve(s)
        if ph == MANAGEMENT:
            if not s.queue:
                return [E.StepBegan(s.round, AUTO_LEVELUP, -1, ())]
            seat = s.queue[0]
            out: list[Event] = [E.StepBegan(s.round, MANAGEMENT, seat, s.queue[1:])]
            s2 = self._ahead(s, out[0])
            out += self._triggers(s2, seat, "management")
            return out
        if ph == AUTO_LEVELUP:  # Phase 5 step 1
            qualified = tuple(i for i in s.order() if meets_level_up(s, i))
            return [E.StepBegan(s.round, LEVELUP_ORDER, -1, qualified)]
        if ph == LEVELUP_ORDER:
            if not s.queue:
                return [E.StepBegan(s.round, AUTO_ROUND_END, -1, ())]
            if len(s.queue) == 1:
                return self._begin_level_up(s, s.queue[0])
            return [E.StepBegan(s.round, LEVELUP_ORDER, s.priority, s.queue)]
        if ph == AUTO_ROUND_END:
            if s.round >= K.ROUNDS:
                return [E.GameEnded(), E.StepBegan(s.round, OVER, -1, ())]
            return [E.StepBegan(s.round + 1, AUTO_ROUND_START, -1, ())]
        raise RuntimeError(f"unknown phase {ph!r}")

    def _next_discard(self, s: MttsState) -> list[Event]:
        for seat in s.order():
            p = s.players[seat]
            if hand_size(p) > hand_limit(p):
                return [] if s.current == seat else [E.StepBegan(s.round, DISCARD, seat, ())]
        return [E.StepBegan(s.round, AUTO_INCOME, -1, ())]

    def _triggers(self, s: MttsState, seat: int, on: str) -> list[Event]:
        """Run the player's active effects with trigger ``on`` (Project Cards)."""
        out: list[Event] = []
        for src in list(active_effects(s.players[seat])):
            if src.effect["on"] != on:
                continue
            evs = FX.run(s, seat, src.effect, src, src.name, self._ahead)
            if evs:
                for ev in evs:
                    s = self._ahead(s, ev)
                out.extend(evs)
        return out

    def income_of(self, s: MttsState, seat: int) -> tuple[int, int]:
        """Phase 1 step 2 before the Supply limits: base Income, empty lanes, Projects (and the
        Actor), minus the hard Automa cards' cut of Power. "Base Income at the bottom left of their
        Player Mat: +2 Power per turn and +3 Experts per turn." and "an empty Lane 3 grants +1
        Expert, and an empty Lane 2 grants +1 Power" hold on every mat side; the red and green
        unique sides (this edition's own) only add an Income for an empty Lane 1."""
        p = s.players[seat]
        m = mat(p)
        power, experts = m.base_power, m.base_experts
        for lane in range(4):
            if not p.lanes[lane]:
                power += m.empty_power[lane]
                experts += m.empty_experts[lane]
        for src in active_effects(p):
            if src.effect["on"] == "income":
                a, b = FX.income(s, seat, src.effect, src)
                power += a
                experts += b
        return max(0, power - s.power_cut), experts

    def _auto_income(self, s: MttsState) -> list[Event]:
        """Phase 1 step 2. "If not enough tokens remain in a Supply: No more are gained.
        Distribute the remaining Power tokens in the Supply evenly among players, leaving any
        excess in the Supply." Experts come from each player's own Supply."""
        wants = {seat: self.income_of(s, seat) for seat in s.order()}
        demand = sum(w[0] for w in wants.values())
        share = None
        if demand > s.power_supply:
            claimants = sum(1 for w in wants.values() if w[0] > 0)
            share = s.power_supply // claimants
        out: list[Event] = []
        for seat, (power, experts) in wants.items():
            if share is not None:
                power = min(power, share)
            experts = min(experts, s.players[seat].supply)
            out.append(E.IncomeTaken(seat, power, experts))
        if s.power_cut:
            out.append(E.PowerCutApplied())
        s2 = s
        for ev in out:
            s2 = self._ahead(s2, ev)
        queue = tuple(seat for seat in s2.order() if s2.players[seat].bonus
                      or (seat == s2.priority and self._contact_options(s2, seat, "income")))
        out.append(E.StepBegan(s.round, INCOME, -1, queue))
        return out

    def _resolve_event(self, s: MttsState, card: int) -> list[Event]:
        out: list[Event] = [E.EventResolved(card, s.ignore_events)]
        s = self._ahead(s, out[0])
        if s.ignore_events:
            return out
        ev = K.EVENTS[card]
        for seat in s.order():
            evs = FX.run(s, seat, ev.effect, None, ev.name, self._ahead)
            if evs:
                for e in evs:
                    s = self._ahead(s, e)
                out.extend(evs)
        return out

    def _auto_events(self, s: MttsState) -> list[Event]:
        """Phase 2: reveal the top Event. A Calm Event applies now; "Each Unique Event resolves
        when the next Unique Event is revealed (or the Deadline Event on round 10)"."""
        card = s.event_deck[0]
        out: list[Event] = [E.EventRevealed(card)]
        s = self._ahead(s, out[0])

        def add(evs: list[Event]) -> None:
            nonlocal s
            for e in evs:
                s = self._ahead(s, e)
            out.extend(evs)

        kind = K.EVENTS[card].kind
        if kind in ("unique", "deadline") and s.unique_pending >= 0:
            add(self._resolve_event(s, s.unique_pending))
        if kind == "unique":
            add([E.UniqueWaiting(card)])
        else:
            add(self._resolve_event(s, card))
        add([E.StepBegan(s.round, AUTO_MARKET, -1, ())])
        return out

    def _auto_market(self, s: MttsState) -> list[Event]:
        """Start of Phase 3: the Automa reveals two random cards and applies each card's top half
        to every Market Project (Solo Mode); then market-time effects."""
        out: list[Event] = []

        def add(evs: list[Event]) -> None:
            nonlocal s
            for e in evs:
                s = self._ahead(s, e)
            out.extend(evs)

        if s.automa and s.automa_deck:
            picked = rng(s.seed, s.chance_n).shuffled(s.automa_deck)[:K.C["automa_revealed"]]
            add([E.AutomaRevealed(tuple(picked))])
            for card in picked:
                for slot, proj in enumerate(s.market):
                    if proj >= 0 and FX.automa_matches(K.AUTOMA[card], proj):
                        add([E.AutomaBid(slot, K.AUTOMA[card].b, card)])
        for seat in s.order():
            add(self._triggers(s, seat, "market"))
        add([E.StepBegan(s.round, BIDDING, s.priority, ())])
        return out

    def _auto_resolve(self, s: MttsState) -> list[Event]:
        """Market step 2 (Resolve Bids) and step 3 (Restock)."""
        out: list[Event] = []

        def add(evs: list[Event]) -> None:
            nonlocal s
            for e in evs:
                s = self._ahead(s, e)
            out.extend(evs)

        for card in s.automa_revealed:  # Solo Mode: the bottom conditions
            met = FX.automa_check(K.AUTOMA[card], s)
            add([E.AutomaChecked(card, met)])
            if met and not K.AUTOMA[card].hard and s.red_pool:
                add([E.AutomaCardAdded(s.red_pool[0])])
        for slot, proj in enumerate(s.market):
            if proj < 0:
                continue
            who = leader(slot_counts(s, slot))
            if who is not None and slot_counts(s, slot)[who] >= K.PROJECTS[proj].rating:
                add([E.ProjectClaimed(slot, who)])
        if any(s.priority_bids):
            who = leader(slot_counts(s, PRIORITY_SPACE))
            if who is not None and s.priority_bids[who] >= K.C["priority_rating"]:
                add([E.PriorityClaimed(who)])
            else:
                add([E.PriorityClaimed(-1)])
        for slot, proj in enumerate(s.market):
            if proj >= 0 and not any(s.bids[slot]) and not s.automa_bids[slot]:
                add([E.MarketDiscarded(slot)])
        add(self._restock(s))
        add([E.StepBegan(s.round, MANAGEMENT, -1, s.order())])
        return out

    def _restock(self, s: MttsState) -> list[Event]:
        """Market step 3: fill empty slots from the Project deck (its discards reshuffled into a
        new deck when it runs out: a project rule, the rulebook is silent)."""
        out: list[Event] = []
        for slot in range(len(s.market)):
            if s.market[slot] >= 0:
                continue
            evs: list[Event]
            if s.project_deck:
                evs = [E.MarketFilled(slot, s.project_deck[0])]
            elif s.project_discard:
                order = rng(s.seed, s.chance_n).shuffled(sorted(s.project_discard))
                evs = [E.ProjectsReshuffled(order), E.MarketFilled(slot, order[0])]
            else:
                continue
            for e in evs:
                s = self._ahead(s, e)
            out.extend(evs)
        return out

    def _begin_level_up(self, s: MttsState, seat: int) -> list[Event]:
        """Phase 5 step 2: the player draws a Contact, then chooses a token (or none)."""
        out: list[Event] = [E.StepBegan(s.round, LEVELUP, seat, tuple(q for q in s.queue if q != seat))]
        s = self._ahead(s, out[0])
        out += FX.draw_events(s, seat, "contact")
        return out

    # -- contacts -----------------------------------------------------------------------------

    def _contact_events(self, s: MttsState, seat: int, card: int) -> list[Event] | None:
        played = E.ContactPlayed(seat, card)
        s2 = self._ahead(s, played)
        evs = FX.run(s2, seat, K.CONTACTS[card].effect, None, K.CONTACTS[card].name, self._ahead)
        return None if evs is None else [played, *evs]

    def _contact_options(self, s: MttsState, seat: int, when: str) -> list[int]:
        if seat != s.priority:
            return []
        return [c for c in dict.fromkeys(s.players[seat].contacts)
                if c >= 0 and K.CONTACTS[c].effect["on"] == when
                and self._contact_events(s, seat, c) is not None]

    # -- commands -------------------------------------------------------------------------------

    def to_act(self, state: MttsState) -> tuple[int, ...]:
        if state.phase in DECISIONS and state.current >= 0:
            return (state.current,)
        return ()

    def is_over(self, state: MttsState) -> bool:
        return state.phase == OVER

    def legal_commands(self, state: MttsState, seat: int) -> list[Command]:
        """Generated directly: ``_reason``'s checks hoisted out of the loops (Contacts still go
        through ``_reason``, which runs their effect). ``_candidates`` filtered through
        ``_reason`` gives the same list in the same order (the tests check this)."""
        if seat not in self.to_act(state):
            return []
        s = state
        p = s.players[seat]
        ph = s.phase
        out: list[Command] = []
        if ph == ACTORS:
            out += [C.ChooseActor(seat, a) for a in p.offer]
        elif ph == DISCARD:
            out += [C.Discard(seat, "project", c) for c in dict.fromkeys(p.hand) if c >= 0]
            out += [C.Discard(seat, "contact", c) for c in dict.fromkeys(p.contacts) if c >= 0]
        elif ph == INCOME:
            out += [C.UseBonus(seat, t, g) for t in p.bonus for g in ("power", "experts")]
            out += self._legal_contacts(s, seat)
            out.append(C.EndIncome(seat))
        elif ph == BIDDING:
            stock = p.stock
            for slot in [PRIORITY_SPACE, *range(len(s.market))]:
                if slot != PRIORITY_SPACE and s.market[slot] < 0:
                    continue
                counts = slot_counts(s, slot)
                mine = counts[seat]
                others = [v for k, v in counts.items() if k != seat]
                # "Bid": only if you will have strictly the most Experts on it
                low = max(1, max(others) - mine + 1) if others else 1
                if low <= stock:
                    out += self._bids(seat, slot, stock)[low - 1:]
            out += self._legal_contacts(s, seat)
            out.append(C.Pass(seat))
        elif ph == MANAGEMENT:
            for c in dict.fromkeys(p.hand):
                if c >= 0:
                    out += self._plays(seat, c)
            lanes = p.lanes
            if lanes[0] or lanes[1] or lanes[2]:
                cost = self._move_cost(p, True)[0]
                out += [C.Advance(seat, lane) for lane in (1, 2, 3)
                        if lanes[lane - 1] and p.power >= cost]
            if lanes[1] or lanes[2] or lanes[3]:
                cost = self._move_cost(p, False)[0]
                out += [C.Demote(seat, lane) for lane in (2, 3, 4)
                        if lanes[lane - 1] and p.power >= cost]
            out += self._legal_contacts(s, seat)
            out.append(C.EndManagement(seat))
        elif ph in (LEVELUP_ORDER, LEVELUP):
            out += _level_up_commands(s, seat)
        return out

    _tables: dict = {}  # commands built once (``_bids``, ``_plays``)

    def _bids(self, seat: int, slot: int, most: int) -> tuple[Command, ...]:
        """``Bid(seat, slot, n)`` for n = 1..most."""
        key = ("bid", seat, slot)
        t = self._tables.get(key, ())
        if len(t) < most:
            t = self._tables[key] = tuple(C.Bid(seat, slot, n)
                                          for n in range(1, max(most, K.EXPERTS) + 1))
        return t if len(t) == most else t[:most]

    def _plays(self, seat: int, card: int) -> tuple[Command, ...]:
        """``PlayProject(seat, card, lane)`` for each lane the card's Rating allows (lane >=
        Rating, "Play a Project")."""
        key = ("play", seat, card)
        t = self._tables.get(key)
        if t is None:
            t = self._tables[key] = tuple(C.PlayProject(seat, card, lane) for lane in range(1, 5)
                                          if lane >= K.PROJECTS[card].rating)
        return t

    def _legal_contacts(self, s: MttsState, seat: int) -> list[Command]:
        """The Contacts ``seat`` may play now (only the Priority player plays Contacts)."""
        if seat != s.priority:
            return []
        cmds = [C.PlayContact(seat, c) for c in dict.fromkeys(s.players[seat].contacts)]
        return [c for c in cmds if self._reason(s, c) is None]

    def _candidates(self, s: MttsState, seat: int) -> list[Command]:
        """A superset of the legal commands (each checked by ``_reason``)."""
        p = s.players[seat]
        ph = s.phase
        out: list[Command] = []
        if ph == ACTORS:
            out += [C.ChooseActor(seat, a) for a in p.offer]
        elif ph == DISCARD:
            out += [C.Discard(seat, "project", c) for c in dict.fromkeys(p.hand)]
            out += [C.Discard(seat, "contact", c) for c in dict.fromkeys(p.contacts)]
        elif ph == INCOME:
            out += [C.UseBonus(seat, t, g) for t in p.bonus for g in ("power", "experts")]
            out += [C.PlayContact(seat, c) for c in dict.fromkeys(p.contacts)]
            out.append(C.EndIncome(seat))
        elif ph == BIDDING:
            for slot in [PRIORITY_SPACE, *range(len(s.market))]:
                out += [C.Bid(seat, slot, n) for n in range(1, p.stock + 1)]
            out += [C.PlayContact(seat, c) for c in dict.fromkeys(p.contacts)]
            out.append(C.Pass(seat))
        elif ph == MANAGEMENT:
            out += [C.PlayProject(seat, c, lane) for c in dict.fromkeys(p.hand) for lane in range(1, 5)]
            out += [C.Advance(seat, lane) for lane in range(1, 4)]
            out += [C.Demote(seat, lane) for lane in range(2, 5)]
            out += [C.PlayContact(seat, c) for c in dict.fromkeys(p.contacts)]
            out.append(C.EndManagement(seat))
        elif ph in (LEVELUP_ORDER, LEVELUP):
            out += _level_up_commands(s, seat)
        return out

    def _reason(self, s: MttsState, c: Command) -> Msg | None:
        """Why the rules refuse ``c`` now, or None if they accept it."""
        if s.phase == OVER:
            return msg("mtts.reason.over")
        if not isinstance(c, C.COMMANDS):
            return msg("mtts.reason.not_a_move")
        if not isinstance(c.seat, int) or c.seat not in self.to_act(s):
            if s.phase == MANAGEMENT:
                return msg("mtts.reason.management_turn")
            return msg("mtts.reason.not_your_turn", phase=self._phase_name(s.phase))
        p = s.players[c.seat]
        ph = s.phase
        if isinstance(c, C.ChooseActor):
            if ph != ACTORS:
                return msg("mtts.reason.actors_before")
            if c.actor not in p.offer:
                return msg("mtts.reason.actors_keep")
            return None
        if isinstance(c, C.Discard):
            if ph != DISCARD:
                return msg("mtts.reason.discard_when")
            pool = p.hand if c.kind == "project" else p.contacts if c.kind == "contact" else ()
            if c.card not in pool or c.card < 0:
                return msg("mtts.reason.discard_own")
            return None
        if isinstance(c, C.UseBonus):
            if ph != INCOME:
                return msg("mtts.reason.bonus_when")
            if c.token not in p.bonus:
                return msg("mtts.reason.bonus_own")
            if c.gain not in ("power", "experts"):
                return msg("mtts.reason.bonus_gain", n=K.C["bonus_gain"])
            return None
        if isinstance(c, C.EndIncome):
            return None if ph == INCOME else msg("mtts.reason.end_income")
        if isinstance(c, C.PlayContact):
            when = {INCOME: "income", BIDDING: "market", MANAGEMENT: "management"}.get(ph)
            if c.seat != s.priority:
                return msg("mtts.reason.contact_priority")
            if c.card not in p.contacts or c.card < 0:
                return msg("mtts.reason.contact_own")
            if when is None or K.CONTACTS[c.card].effect["on"] != when:
                return msg("mtts.reason.contact_time", contact=words.contact(c.card),
                           effect=words.effect("contact", c.card))
            if self._contact_events(s, c.seat, c.card) is None:
                return msg("mtts.reason.all_parts")
            return None
        if isinstance(c, C.Bid):
            if ph != BIDDING:
                return msg("mtts.reason.bid_when")
            if not isinstance(c.n, int) or c.n < 1:
                return msg("mtts.reason.bid_one")
            if c.n > p.stock:
                return msg("mtts.reason.bid_stock")
            if c.slot != PRIORITY_SPACE and not (0 <= c.slot < len(s.market) and s.market[c.slot] >= 0):
                return msg("mtts.reason.bid_where")
            counts = slot_counts(s, c.slot)
            mine = counts[c.seat] + c.n
            if any(v >= mine for k, v in counts.items() if k != c.seat):
                return msg("mtts.reason.bid_most")
            return None
        if isinstance(c, C.Pass):
            return None if ph == BIDDING else msg("mtts.reason.pass_when")
        if isinstance(c, C.PlayProject):
            if ph != MANAGEMENT:
                return msg("mtts.reason.play_when")
            if c.card not in p.hand or c.card < 0:
                return msg("mtts.reason.play_own")
            if not isinstance(c.lane, int) or not 1 <= c.lane <= 4:
                return msg("mtts.reason.play_lane")
            if c.lane < K.PROJECTS[c.card].rating:
                return msg("mtts.reason.play_rating", rating=K.PROJECTS[c.card].rating)
            return None
        if isinstance(c, (C.Advance, C.Demote)):
            verb = "advance" if isinstance(c, C.Advance) else "demote"
            if ph != MANAGEMENT:
                return msg(f"mtts.reason.{verb}_when")
            lo, hi = (1, 3) if verb == "advance" else (2, 4)
            if not isinstance(c.lane, int) or not lo <= c.lane <= hi:
                return msg(f"mtts.reason.{verb}_no_lane")
            if not p.lanes[c.lane - 1]:
                return msg(f"mtts.reason.{verb}_empty", lane=c.lane)
            cost = self._move_cost(p, verb == "advance")[0]
            if p.power < cost:
                return msg(f"mtts.reason.{verb}_cost", cost=cost, power=p.power)
            return None
        if isinstance(c, C.EndManagement):
            return None if ph == MANAGEMENT else msg("mtts.reason.end_management")
        if isinstance(c, C.ChooseLevelUp):
            if ph != LEVELUP_ORDER:
                return msg("mtts.reason.order_when")
            if c.who not in s.queue:
                return msg("mtts.reason.order_who")
            return None
        if isinstance(c, C.TakeToken):
            if ph != LEVELUP:
                return msg("mtts.reason.token_when")
            if p.ark >= K.ARK_LEVELS or c.token not in s.ark_track[p.ark]:
                return msg("mtts.reason.token_level")
            if c.side not in SIDES:
                return msg("mtts.reason.token_side")
            return None
        if isinstance(c, C.SkipToken):
            return None if ph == LEVELUP else msg("mtts.reason.skip_when")
        return msg("mtts.reason.not_a_move")

    def _move_cost(self, p: Player, advance: bool) -> tuple[int, bool]:
        """(Power to pay, uses a free move) for Advance/Demote."""
        base = advance_cost(p) if advance else demote_cost(p)
        if base > 0 and p.free_moves > 0:
            return 0, True
        return base, False

    def decide(self, state: MttsState, command: Command) -> list[Event]:
        reason = self._reason(state, command)
        if reason is not None:
            raise IllegalMove(reason)
        events = self._events(state, command)
        s = state
        for ev in events:
            s = self._ahead(s, ev, 1)
        return events + self._auto(s)

    def _events(self, s: MttsState, c: Command) -> list[Event]:
        seat = c.seat
        p = s.players[seat]
        if isinstance(c, C.ChooseActor):
            return [E.ActorChosen(seat, c.actor), E.StepBegan(0, ACTORS, -1, ())]
        if isinstance(c, C.Discard):
            return [E.CardDiscarded(seat, c.kind, c.card)]
        if isinstance(c, C.UseBonus):
            have = s.power_supply if c.gain == "power" else p.supply
            return [E.BonusUsed(seat, c.token, c.gain, min(K.C["bonus_gain"], have))]
        if isinstance(c, C.EndIncome):
            return [E.StepBegan(s.round, INCOME, -1, s.queue)]
        if isinstance(c, C.PlayContact):
            return self._contact_events(s, seat, c.card) or []
        if isinstance(c, (C.Bid, C.Pass)):
            ev: Event = E.BidPlaced(seat, c.slot, c.n) if isinstance(c, C.Bid) else E.Passed(seat)
            s2 = self._ahead(s, ev)
            for i in range(1, s.n + 1):
                nxt = (seat + i) % s.n
                if not s2.players[nxt].passed:
                    return [ev, E.StepBegan(s.round, BIDDING, nxt, ())]
            return [ev, E.StepBegan(s.round, AUTO_RESOLVE, -1, ())]
        if isinstance(c, C.PlayProject):
            return [E.ProjectPlayed(seat, c.card, c.lane)]
        if isinstance(c, (C.Advance, C.Demote)):
            adv = isinstance(c, C.Advance)
            cost, free = self._move_cost(p, adv)
            dst = c.lane + 1 if adv else c.lane - 1
            card = p.lanes[c.lane - 1][-1]
            moved = E.CardMoved(seat, c.lane, dst, cost, free)
            out: list[Event] = [moved]
            proj = K.PROJECTS[card]
            if adv and proj.effect["on"] == "advance":  # Icon Reference, Advance
                s2 = self._ahead(s, moved)
                evs = FX.run(s2, seat, proj.effect, Source("project", card, dst, proj.effect),
                             proj.name, self._ahead)
                out += evs or []
            return out
        if isinstance(c, C.EndManagement):
            return [E.StepBegan(s.round, MANAGEMENT, -1, s.queue)]
        if isinstance(c, C.ChooseLevelUp):
            return self._begin_level_up(s, c.who)
        if isinstance(c, (C.TakeToken, C.SkipToken)):
            level = p.ark + 1
            out = []
            if isinstance(c, C.TakeToken):
                out.append(E.TokenTaken(seat, p.ark, c.token, c.side))
            out.append(E.LevelledUp(seat, level))
            s2 = s
            for e in out:
                s2 = self._ahead(s2, e)
            out += self._triggers(s2, seat, "levelup")
            out.append(E.StepBegan(s.round, LEVELUP_ORDER, -1, s.queue))
            return out
        raise IllegalMove(msg("mtts.reason.not_a_move"))

    # -- folding events -------------------------------------------------------------------------

    def apply(self, state: MttsState, event: Event) -> MttsState:
        # The rules apply most events two or three times: while working out what follows from
        # them (``_ahead``), in ``decide``'s own fold, then in the match's fold. The result is
        # kept on the state with the number of applies still expected (a memo in ``__dict__``,
        # never a field: ``replace`` does not copy it) and returned for the same event object.
        # Only the rules' own applies leave a result; ``apply`` itself takes it or computes, so
        # the states the match keeps (snapshots, undo's refolds) hold no chain of later states.
        memo = state.__dict__
        ahead = memo.get("_ahead")
        if ahead is not None and ahead[0] is event:
            if ahead[2] > 1:
                memo["_ahead"] = (event, ahead[1], ahead[2] - 1)
            else:
                memo.pop("_ahead", None)
            return ahead[1]
        return self._apply(state, event)

    def _ahead(self, state: MttsState, event: Event, uses: int = 2) -> MttsState:
        """``apply`` for the rules, which expect ``uses`` more applies of this event to this state:
        2 while working out what follows from an event (their own fold, then the match's), 1 in
        the folds of ``decide``, ``_auto`` and ``setup_events`` (the match's)."""
        new = self.apply(state, event)
        state.__dict__["_ahead"] = (event, new, uses)
        return new

    def _apply(self, state: MttsState, event: Event) -> MttsState:
        s = state
        e = event
        if isinstance(e, E.StepBegan):
            if e.phase in (AUTO_MARKET, AUTO_LEVELUP):
                return replace(s, round=e.round, phase=e.phase, current=e.current, queue=e.queue,
                               players=tuple(replace(p, passed=False, free_moves=0)
                                             for p in s.players))
            return replace(s, round=e.round, phase=e.phase, current=e.current, queue=e.queue)
        if isinstance(e, E.CardMoved):
            p = s.players[e.seat]
            card = p.lanes[e.src - 1][-1]
            lanes = _set(p.lanes, e.src - 1, p.lanes[e.src - 1][:-1])
            lanes = _set(lanes, e.dst - 1, lanes[e.dst - 1] + (card,))
            return s.with_player_and(e.seat, {"lanes": lanes, "power": p.power - e.cost,
                                              "free_moves": p.free_moves - (1 if e.free else 0)},
                                     power_supply=s.power_supply + e.cost)
        if isinstance(e, E.BidPlaced):
            p = s.players[e.seat]
            if e.slot == PRIORITY_SPACE:
                return s.with_player_and(e.seat, {"stock": p.stock - e.n}, priority_bids=_set(
                    s.priority_bids, e.seat, s.priority_bids[e.seat] + e.n))
            row = _set(s.bids[e.slot], e.seat, s.bids[e.slot][e.seat] + e.n)
            return s.with_player_and(e.seat, {"stock": p.stock - e.n},
                                     bids=_set(s.bids, e.slot, row))
        if isinstance(e, E.MarketFilled):
            return replace(s, project_deck=s.project_deck[1:],
                           market=_set(s.market, e.slot, e.card))
        if isinstance(e, (E.IncomeTaken, E.Changed)):
            p = s.players[e.seat]
            return s.with_player_and(e.seat, {"power": p.power + e.power,
                                              "stock": p.stock + e.experts,
                                              "supply": p.supply - e.experts},
                                     power_supply=s.power_supply - e.power)
        if isinstance(e, E.Passed):
            return s.with_player(e.seat, passed=True)
        if isinstance(e, E.ProjectClaimed):
            card = s.market[e.slot]
            s = _return_experts(s, s.bids[e.slot], e.claimant)
            if e.claimant >= 0:
                s = s.with_player(e.claimant, hand=s.players[e.claimant].hand + (card,))
            else:
                s = replace(s, automa_claimed=s.automa_claimed + (card,))
            return replace(s, market=_set(s.market, e.slot, -1),
                           bids=_set(s.bids, e.slot, (0,) * s.n),
                           automa_bids=_set(s.automa_bids, e.slot, 0))
        if isinstance(e, E.PriorityClaimed):
            s = _return_experts(s, s.priority_bids, e.seat)
            return replace(s, priority=e.seat if e.seat >= 0 else s.priority,
                           priority_bids=(0,) * s.n)
        if isinstance(e, E.MarketDiscarded):
            return replace(s, project_discard=s.project_discard + (s.market[e.slot],),
                           market=_set(s.market, e.slot, -1))
        if isinstance(e, E.ContactPlayed):
            p = s.players[e.seat]
            return replace(s.with_player(e.seat, contacts=_remove(p.contacts, e.card)),
                           contact_discard=s.contact_discard + (e.card,))
        if isinstance(e, E.ProjectPlayed):
            p = s.players[e.seat]
            lanes = _set(p.lanes, e.lane - 1, p.lanes[e.lane - 1] + (e.card,))
            return s.with_player(e.seat, hand=_remove(p.hand, e.card), lanes=lanes)
        if isinstance(e, E.SetupShuffled):
            players = tuple(replace(p, offer=e.offers[i]) for i, p in enumerate(s.players))
            return replace(s, chance_n=s.chance_n + 1, project_deck=e.project_deck,
                           contact_deck=e.contact_deck, event_deck=e.event_deck,
                           unique_unused=e.unique_unused, ark_track=e.ark_track,
                           automa_deck=e.automa_deck, red_pool=e.red_pool,
                           automa_reds=sum(1 for c in e.automa_deck if K.AUTOMA[c].hard),
                           automa_unused=e.automa_unused, actors_unused=e.actors_unused,
                           players=players)
        if isinstance(e, E.ProjectDrawn):
            p = s.players[e.seat]
            return replace(s.with_player(e.seat, hand=p.hand + (e.card,)), project_deck=s.project_deck[1:])
        if isinstance(e, E.ContactDrawn):
            p = s.players[e.seat]
            return replace(s.with_player(e.seat, contacts=p.contacts + (e.card,)),
                           contact_deck=s.contact_deck[1:])
        if isinstance(e, E.ProjectsReshuffled):
            return replace(s, project_deck=e.deck, project_discard=(), chance_n=s.chance_n + 1)
        if isinstance(e, E.ContactsReshuffled):
            return replace(s, contact_deck=e.deck, contact_discard=(), chance_n=s.chance_n + 1)
        if isinstance(e, E.ActorChosen):
            p = s.players[e.seat]
            rest = tuple(a for a in p.offer if a != e.actor)
            return replace(s.with_player(e.seat, actor=e.actor, offer=()),
                           actors_unused=s.actors_unused + rest)
        if isinstance(e, E.PowerDiscarded):
            back = sum(p.power for p in s.players)
            return replace(s, power_supply=s.power_supply + back,
                           players=tuple(replace(p, power=0) for p in s.players))
        if isinstance(e, E.CardDiscarded):
            p = s.players[e.seat]
            if e.kind == "project":
                return replace(s.with_player(e.seat, hand=_remove(p.hand, e.card)),
                               project_discard=s.project_discard + (e.card,))
            return replace(s.with_player(e.seat, contacts=_remove(p.contacts, e.card)),
                           contact_discard=s.contact_discard + (e.card,))
        if isinstance(e, E.PowerCutApplied):
            return replace(s, power_cut=0)
        if isinstance(e, E.BonusUsed):
            p = s.players[e.seat]
            s = replace(s, tokens_spent=s.tokens_spent + (e.token,))
            if e.gain == "power":
                return replace(s.with_player(e.seat, bonus=_remove(p.bonus, e.token),
                                             power=p.power + e.amount),
                               power_supply=s.power_supply - e.amount)
            return s.with_player(e.seat, bonus=_remove(p.bonus, e.token), stock=p.stock + e.amount,
                                 supply=p.supply - e.amount)
        if isinstance(e, E.BonusLost):
            p = s.players[e.seat]
            return replace(s.with_player(e.seat, bonus=_remove(p.bonus, e.token)),
                           tokens_spent=s.tokens_spent + (e.token,))
        if isinstance(e, E.FreeMoves):
            return s.with_player(e.seat, free_moves=s.players[e.seat].free_moves + e.n)
        if isinstance(e, E.EventRevealed):
            return replace(s, event_deck=s.event_deck[1:], event_current=e.card)
        if isinstance(e, E.EventResolved):
            return replace(s, events_done=s.events_done + (e.card,),
                           unique_pending=-1 if s.unique_pending == e.card else s.unique_pending)
        if isinstance(e, E.UniqueWaiting):
            return replace(s, unique_pending=e.card)
        if isinstance(e, E.AutomaRevealed):
            return replace(s, automa_revealed=e.cards, chance_n=s.chance_n + 1)
        if isinstance(e, E.AutomaBid):
            return replace(s, automa_bids=_set(s.automa_bids, e.slot, s.automa_bids[e.slot] + e.n))
        if isinstance(e, E.AutomaChecked):
            return replace(s, power_cut=s.power_cut + (1 if e.met and K.AUTOMA[e.card].hard else 0))
        if isinstance(e, E.AutomaCardAdded):
            return replace(s, red_pool=s.red_pool[1:], automa_deck=s.automa_deck + (e.card,),
                           automa_reds=s.automa_reds + 1)
        if isinstance(e, E.TokenTaken):
            p = s.players[e.seat]
            track = _set(s.ark_track, e.level, _remove(s.ark_track[e.level], e.token))
            s = replace(s, ark_track=track)
            if e.side == "bonus":
                return s.with_player(e.seat, bonus=p.bonus + (e.token,))
            return s.with_player(e.seat, boosts=p.boosts + ((e.token, e.side),))
        if isinstance(e, E.LevelledUp):
            return s.with_player(e.seat, ark=e.level)
        if isinstance(e, E.GameEnded):
            return s
        raise ValueError(f"unknown event {e!r}")

    # -- what a seat sees -----------------------------------------------------------------------

    def view(self, state: MttsState, seat: int | None) -> MttsState:
        """Hands of others, every deck's order, the left-out and still hidden Unique Events, the
        Automa's face-down deck and other players' Actor offers become HIDDEN (counts kept).
        The seed is hidden too (it would tell the future shuffles)."""
        def hide(t: tuple[int, ...]) -> tuple[int, ...]:
            return (HIDDEN,) * len(t)

        players = tuple(p if i == seat else replace(p, hand=hide(p.hand), contacts=hide(p.contacts),
                                                    offer=hide(p.offer))
                        for i, p in enumerate(state.players))
        return replace(state, seed=0, players=players, project_deck=hide(state.project_deck),
                       contact_deck=hide(state.contact_deck), event_deck=hide(state.event_deck),
                       unique_unused=hide(state.unique_unused),
                       actors_unused=hide(state.actors_unused),
                       automa_deck=hide(state.automa_deck), red_pool=hide(state.red_pool),
                       automa_unused=hide(state.automa_unused))

    # -- scores and words -----------------------------------------------------------------------

    def scores(self, state: MttsState) -> list[ScoreLine]:
        """"Determine The Winner": Lane 1, plus Lanes 2-3 up to the Ark Level's maximum; joint
        victory on ties. With the Automa, its score (``automa_score``) is the last breakdown
        entry (not added to the total) and it takes part in the ranking."""
        totals, parts = [], []
        for seat in range(state.n):
            lane1, mid, cap = score_parts(state, seat)
            capped = min(mid, cap)
            totals.append(lane1 + capped)
            parts.append(((SCORE_LANE1, lane1), (SCORE_LANES23, mid), (SCORE_OVER_MAX, capped - mid)))
        auto = automa_score(state) if state.automa else None
        out = []
        for seat in range(state.n):
            breakdown = parts[seat]
            rank = 1 + sum(1 for t in totals if t > totals[seat])
            if auto is not None:
                breakdown += ((SCORE_AUTOMA, auto),)
                rank += 0 if beats_automa(totals[seat], auto) else 1
            out.append(ScoreLine(seat, totals[seat], breakdown, rank))
        return out

    def opponent_scores(self, state: MttsState) -> tuple[OpponentScore, ...]:
        """The Automa's score (``automa_score``) as its own column: its start and its claimed
        Projects' Ratings; the seats' "to reach" entry repeats it. A tie is a joint victory."""
        if not state.automa:
            return ()
        start = automa_start(state.red_cards)
        return (OpponentScore("mtts.score.automa_column", automa_score(state), AUTOMA_COLOUR,
                              (("mtts.score.automa_start", start),
                               ("mtts.score.automa_claimed", automa_claimed_vp(state))),
                              repeats=SCORE_AUTOMA),)

    #: the final scores' headline when no player beats the Automa ("Solo Mode")
    opponent_wins = "mtts.automa_wins"

    def turn_id(self, state: MttsState) -> Hashable:
        return (state.round, state.phase, state.current)

    def _name(self, state: MttsState, seat: int) -> Msg | str:
        if seat == AUTOMA:
            return msg("mtts.the_automa")
        return state.names[seat] if 0 <= seat < len(state.names) else msg("mtts.nobody")

    @staticmethod
    def _phase_name(phase: str) -> Msg:
        return msg(f"mtts.phase.{PHASE_NAMES.get(phase, 'turn_order')}")

    def progress_msg(self, state: MttsState) -> Msg:
        """The progress line as a message (``progress`` renders it)."""
        if state.phase == OVER:
            return msg("mtts.progress.over")
        if state.phase == ACTORS:
            return msg("mtts.progress.actors", name=self._name(state, state.current))
        if state.current >= 0 and state.phase in DOING:
            return msg(f"mtts.progress.{DOING[state.phase]}", round=state.round,
                       name=self._name(state, state.current))
        phase = self._phase_name(state.phase) if state.phase in PHASE_NAMES else state.phase
        return msg("mtts.progress.round", round=state.round, phase=phase)

    def progress(self, state: MttsState) -> str:
        """Rendered here, not at display time: the match keeps this line as each log group's
        label, which the save file stores for the saved-games list (a string, not a message)."""
        return tr(self.progress_msg(state))

    def _target(self, state: MttsState, slot: int) -> Msg:
        """Where a bid goes: the Priority token space or a Market Project (or its slot)."""
        if slot == PRIORITY_SPACE:
            return msg("mtts.priority_space")
        if 0 <= slot < len(state.market) and state.market[slot] >= 0:
            return words.project(state.market[slot])
        return msg("mtts.slot", slot=slot + 1)

    def describe_command(self, state: MttsState, command: Command) -> Msg:
        c = command
        who = self._name(state, c.seat)
        if isinstance(c, C.ChooseActor):
            return msg("mtts.command.choose_actor", name=who, actor=words.actor(c.actor))
        if isinstance(c, C.Discard):
            return msg("mtts.command.discard", name=who, card=words.card_name(c.kind, c.card))
        if isinstance(c, C.UseBonus):
            key = "mtts.command.bonus_power" if c.gain == "power" else "mtts.command.bonus_experts"
            return msg(key, name=who, n=K.C["bonus_gain"])
        if isinstance(c, C.EndIncome):
            return msg("mtts.command.end_income", name=who)
        if isinstance(c, C.PlayContact):
            return msg("mtts.command.play_contact", name=who, contact=words.contact_text(c.card))
        if isinstance(c, C.Bid):
            return msg("mtts.command.bid", name=who, n=c.n, target=self._target(state, c.slot))
        if isinstance(c, C.Pass):
            return msg("mtts.command.pass", name=who)
        if isinstance(c, C.PlayProject):
            return msg("mtts.command.play_project", name=who, project=words.project(c.card),
                       lane=c.lane)
        if isinstance(c, (C.Advance, C.Demote)):
            p = state.players[c.seat]
            card = p.top(c.lane) if 1 <= c.lane <= 4 else None
            name = words.project(card) if card is not None and card >= 0 else \
                msg("mtts.the_top_card")
            adv = isinstance(c, C.Advance)
            cost, free = self._move_cost(p, adv)
            dst = c.lane + 1 if adv else c.lane - 1
            key = ("mtts.command.advance" if adv else "mtts.command.demote") + \
                ("_free" if free or cost == 0 else "")
            return msg(key, name=who, project=name, lane=dst, cost=cost)
        if isinstance(c, C.EndManagement):
            return msg("mtts.command.end_management", name=who)
        if isinstance(c, C.ChooseLevelUp):
            return msg("mtts.command.choose_level_up", name=who, who=self._name(state, c.who))
        if isinstance(c, C.TakeToken):
            side = c.side if c.side in ("bonus", "lane1") else "lanes23"
            return msg(f"mtts.command.take_token_{side}", name=who,
                       element=words.element(K.TOKENS[c.token]))
        if isinstance(c, C.SkipToken):
            return msg("mtts.command.skip_token", name=who)
        return msg("mtts.command.other", name=who, command=type(c).__name__)

    def setup_note(self, players: int, options: dict[str, Any]) -> Msg | None:
        """The solo objective, shown before the game (Solo Mode leaves the comparison open)."""
        if players > 1 and options.get("automa") != "yes":
            return None
        return objective_text(int(options.get("red_cards", 0)))

    def describe_event(self, state: MttsState, event: Event) -> Msg | str:
        e = event
        name = lambda seat: self._name(state, seat)  # noqa: E731
        if isinstance(e, E.SetupShuffled):
            return msg("mtts.log.setup_shuffled")
        if isinstance(e, E.StepBegan):
            after = self._apply(state, e)
            # Steps the rules run by themselves are not news: what they do is logged instead.
            return "" if after.phase.startswith("auto-") else self.progress_msg(after)
        if isinstance(e, E.ProjectDrawn):
            return msg("mtts.log.project_drawn", name=name(e.seat))
        if isinstance(e, E.ContactDrawn):
            return msg("mtts.log.contact_drawn", name=name(e.seat))
        if isinstance(e, E.ProjectsReshuffled):
            return msg("mtts.log.projects_reshuffled")
        if isinstance(e, E.ContactsReshuffled):
            return msg("mtts.log.contacts_reshuffled")
        if isinstance(e, E.ActorChosen):
            return msg("mtts.log.actor_chosen", name=name(e.seat), actor=words.actor_text(e.actor))
        if isinstance(e, E.PowerDiscarded):
            return msg("mtts.log.power_discarded")
        if isinstance(e, E.CardDiscarded):
            return msg("mtts.log.card_discarded", name=name(e.seat),
                       card=words.card_name(e.kind, e.card))
        if isinstance(e, E.IncomeTaken):
            return msg("mtts.log.income", name=name(e.seat), power=e.power, n=e.experts)
        if isinstance(e, E.PowerCutApplied):
            return msg("mtts.log.power_cut", n=state.power_cut)
        if isinstance(e, E.BonusUsed):
            key = "mtts.log.bonus_power" if e.gain == "power" else "mtts.log.bonus_experts"
            return msg(key, name=name(e.seat), n=e.amount)
        if isinstance(e, E.Changed):
            power = "gain" if e.power > 0 else "lose" if e.power < 0 else "none"
            experts = "gain" if e.experts > 0 else "lose" if e.experts < 0 else "none"
            return msg(f"mtts.log.changed.{power}_{experts}", name=name(e.seat),
                       power=abs(e.power), n=abs(e.experts), why=words.why(e.why))
        if isinstance(e, E.BonusLost):
            return msg("mtts.log.bonus_lost", name=name(e.seat), why=words.why(e.why))
        if isinstance(e, E.FreeMoves):
            return msg("mtts.log.free_moves", name=name(e.seat), n=e.n, why=words.why(e.why))
        if isinstance(e, E.EventRevealed):
            return msg("mtts.log.event_revealed", event=words.event_text(e.card))
        if isinstance(e, E.EventResolved):
            key = "mtts.log.event_ignored" if e.ignored else "mtts.log.event_resolved"
            return msg(key, event=words.event(e.card))
        if isinstance(e, E.UniqueWaiting):
            return msg("mtts.log.unique_waiting", event=words.event(e.card))
        if isinstance(e, E.AutomaRevealed):
            cards = tuple(words.automa_text(c) for c in e.cards)
            if len(cards) == 2:
                return msg("mtts.log.automa_revealed_two", a=cards[0], b=cards[1])
            return msg("mtts.log.automa_revealed", cards=cards)
        if isinstance(e, E.AutomaBid):
            return msg("mtts.log.automa_bid", n=e.n, project=words.project(state.market[e.slot]))
        if isinstance(e, E.AutomaChecked):
            key = "mtts.log.automa_met" if e.met else "mtts.log.automa_not_met"
            return msg(key, card=words.automa_name(e.card))
        if isinstance(e, E.AutomaCardAdded):
            return msg("mtts.log.automa_card_added")
        if isinstance(e, E.BidPlaced):
            return msg("mtts.log.bid", name=name(e.seat), n=e.n, target=self._target(state, e.slot))
        if isinstance(e, E.Passed):
            return msg("mtts.log.passed", name=name(e.seat))
        if isinstance(e, E.ProjectClaimed):
            project = words.project(state.market[e.slot])
            if e.claimant == AUTOMA:
                return msg("mtts.log.automa_claims", project=project)
            return msg("mtts.log.claims", name=name(e.claimant), project=project)
        if isinstance(e, E.PriorityClaimed):
            if e.seat < 0:
                return msg("mtts.log.priority_nobody")
            return msg("mtts.log.priority_taken", name=name(e.seat))
        if isinstance(e, E.MarketDiscarded):
            return msg("mtts.log.market_discarded", project=words.project(state.market[e.slot]))
        if isinstance(e, E.MarketFilled):
            return msg("mtts.log.market_filled", project=words.project(e.card))
        if isinstance(e, E.ContactPlayed):
            return msg("mtts.log.contact_played", name=name(e.seat),
                       contact=words.contact_text(e.card))
        if isinstance(e, E.ProjectPlayed):
            return msg("mtts.log.project_played", name=name(e.seat),
                       project=words.project(e.card), lane=e.lane)
        if isinstance(e, E.CardMoved):
            card = state.players[e.seat].top(e.src)
            what = words.project(card) if card is not None and card >= 0 else msg("mtts.a_card")
            key = "mtts.log.advanced" if e.dst > e.src else "mtts.log.demoted"
            return msg(key, name=name(e.seat), project=what, src=e.src, dst=e.dst, cost=e.cost)
        if isinstance(e, E.TokenTaken):
            side = e.side if e.side in SIDES else "lanes23"
            return msg(f"mtts.log.token_taken_{side}", name=name(e.seat),
                       element=words.element(K.TOKENS[e.token]))
        if isinstance(e, E.LevelledUp):
            return msg("mtts.log.levelled_up", name=name(e.seat), level=e.level)
        if isinstance(e, E.GameEnded):
            return msg("mtts.log.game_ended")
        return msg("mtts.log.other", event=type(e).__name__)


def _remove(t: tuple[int, ...], x: int) -> tuple[int, ...]:
    i = t.index(x) if x in t else t.index(HIDDEN)
    return t[:i] + t[i + 1:]


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1:]


def _return_experts(s: MttsState, row: tuple[int, ...], winner: int) -> MttsState:
    """"All of their Experts on that card are returned to the Supply, and all other Experts on
    that card return to their owner's Stock." """
    players = list(s.players)
    for seat, n in enumerate(row):
        if not n:
            continue
        p = players[seat]
        players[seat] = replace(p, supply=p.supply + n) if seat == winner else replace(p, stock=p.stock + n)
    return replace(s, players=tuple(players))


GAME = MachinesToTheSky()


def _level_up_commands(s: MttsState, seat: int) -> list[Command]:
    """Level Up: choosing whose Level Up comes next, then taking a token (either side) from the
    seat's Ark level or none; every one of them is legal."""
    if s.phase == LEVELUP_ORDER:
        return [C.ChooseLevelUp(seat, w) for w in s.queue]
    p = s.players[seat]
    out: list[Command] = []
    if p.ark < K.ARK_LEVELS:
        out += [C.TakeToken(seat, t, side) for t in s.ark_track[p.ark] for side in SIDES]
    out.append(C.SkipToken(seat))
    return out
