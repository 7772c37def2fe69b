"""Rule tests for Machines To The Sky: each quotes the rulebook sentence it checks."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from weather_tabletop.engine.protocol import IllegalMove
from weather_tabletop.games.machines_to_the_sky import commands as C
from weather_tabletop.games.machines_to_the_sky import content as K
from weather_tabletop.games.machines_to_the_sky import effects as FX
from weather_tabletop.games.machines_to_the_sky import events as E
from weather_tabletop.games.machines_to_the_sky.rules import (GAME, automa_score, automa_start,
                                                              score_parts)
from weather_tabletop.games.machines_to_the_sky.state import (AUTO_EVENTS, AUTO_LEVELUP,
                                                              AUTO_MARKET, AUTO_ROUND_START,
                                                              AUTOMA, BIDDING, DISCARD, INCOME,
                                                              LEVELUP, LEVELUP_ORDER, MANAGEMENT,
                                                              PRIORITY_SPACE, Source,
                                                              elements, meets_level_up)

from .helpers import pid, start, with_lanes


def play(state, command):
    events = GAME.decide(state, command)
    for ev in events:
        state = GAME.apply(state, ev)
    return state, events


def auto(state):
    events = GAME._auto(state)
    for ev in events:
        state = GAME.apply(state, ev)
    return state, events


def bidding_state(players=2, **options):
    """A fresh game in the Market's Bidding step with a clean Market (no bids)."""
    s = start(players, 3, **options).state
    while s.phase == INCOME:
        s, _ = play(s, C.EndIncome(s.current))
    assert s.phase == BIDDING
    n = len(s.market)
    return replace(s, bids=((0,) * players,) * n, automa_bids=(0,) * n, priority=0, current=0)


# -- Ark Track and content ---------------------------------------------------------------------


def test_ark_maximums_as_printed() -> None:
    """"Level I - MAX 3; Level II - MAX 5; ... Level VII - MAX 35"."""
    assert K.ARK_MAX[1:] == (3, 5, 8, 12, 17, 25, 35)
    assert K.ARK_LEVELS == 7 and len(K.TOKENS) == 28
    s = start(2).state
    assert len(s.ark_track) == 7 and all(len(level) == 4 for level in s.ark_track)


# -- Market ----------------------------------------------------------------------------------


def test_bidding_example_cryosleep() -> None:
    """Bidding Example: red bids 3 on Cryosleep (Rating 3), yellow 4, red adds 2 for 5, yellow
    passes; red takes the card and discards the 5 Experts, yellow's 4 return to them."""
    s = bidding_state()
    cryo = pid("cryosleep")
    assert K.PROJECTS[cryo].rating == 3
    s = replace(s, market=(cryo,) + s.market[1:])
    s = s.with_player(0, stock=6, supply=4).with_player(1, stock=6, supply=4)
    s, _ = play(s, C.Bid(0, 0, 3))
    assert GAME.to_act(s) == (1,)
    with pytest.raises(IllegalMove, match="most Experts on the card"):
        GAME.decide(s, C.Bid(1, 0, 3))  # a tie does not make yellow the leader
    s, _ = play(s, C.Bid(1, 0, 4))
    s, _ = play(s, C.Bid(0, 0, 2))
    assert s.bids[0] == (5, 4)
    assert C.Bid(1, 0, 2) in GAME.legal_commands(s, 1)  # yellow could bid to 6 ...
    s, _ = play(s, C.Pass(1))  # ... but passes
    assert GAME.to_act(s) == (0,)  # passing is final: only red still bids
    s, events = play(s, C.Pass(0))
    assert E.ProjectClaimed(0, 0) in events
    red, yellow = s.players
    assert cryo in red.hand
    assert red.stock == 1 and red.supply == 9  # 5 Experts back to the Supply
    assert yellow.stock == 6 and yellow.supply == 4  # 4 Experts back to yellow's Stock


def test_a_bid_needs_the_strict_lead_and_comes_from_stock() -> None:
    """"You may only Bid if you will be the player with the most Experts on the card after you
    Bid on it." Experts come from the Stock."""
    s = bidding_state()
    s = s.with_player(0, stock=2).with_player(1, stock=3)
    s, _ = play(s, C.Bid(0, 1, 2))
    with pytest.raises(IllegalMove) as info:
        GAME.decide(s, C.Bid(1, 1, 2))
    assert str(info.value.reason) == ("Market, Bid: you may only bid if you will have the most "
                                 "Experts on the card.")
    with pytest.raises(IllegalMove, match="Stock"):
        GAME.decide(s, C.Bid(1, 1, 4))
    assert {c.n for c in GAME.legal_commands(s, 1) if isinstance(c, C.Bid) and c.slot == 1} == {3}


def test_passing_is_final() -> None:
    """"Pass: ... You must Pass all of your remaining Bidding turns until this phase ends."""
    s = bidding_state(3)
    s, _ = play(s, C.Pass(0))
    s, _ = play(s, C.Bid(1, 0, 1)) if s.players[1].stock else play(s, C.Pass(1))
    assert GAME.to_act(s) == (2,)
    s, _ = play(s, C.Pass(2))
    assert GAME.to_act(s) == (1,)  # seat 0 is skipped for good


def test_resolve_needs_rating_unclaimed_cards_keep_experts_and_restock() -> None:
    """Resolve Bids: a claim needs at least the Rating; Restock: "Each card in the Market with no
    Experts on it is discarded ... Unclaimed Projects with Experts on them are left"."""
    s = bidding_state()
    four = next(i for i in s.project_deck if K.PROJECTS[i].rating == 4)
    s = replace(s, market=(four,) + s.market[1:])
    s = s.with_player(0, stock=3, supply=7).with_player(1, stock=0, supply=10)
    others = [c for c in s.market[1:]]
    s, _ = play(s, C.Bid(0, 0, 1))
    s, _ = play(s, C.Pass(1))
    s, events = play(s, C.Pass(0))
    assert s.market[0] == four and s.bids[0] == (1, 0)  # below the Rating: stays, with its Expert
    assert four not in s.players[0].hand
    assert all(c in s.project_discard for c in others)  # no Experts: discarded
    assert len([c for c in s.market if c >= 0]) == 2 + 3  # players + 3
    assert s.phase == MANAGEMENT


def test_priority_token_space_has_rating_one() -> None:
    """"This process is then repeated for the Priority Token space (treat its Rating as 1). The
    highest Bidder gets the Priority token"."""
    s = bidding_state()
    s = s.with_player(1, stock=2, supply=8)
    s, _ = play(s, C.Pass(0))
    s, events = play(s, C.Bid(1, PRIORITY_SPACE, 1))
    s, events = play(s, C.Pass(1))
    assert E.PriorityClaimed(1) in events
    assert s.priority == 1 and s.players[1].stock == 1 and s.players[1].supply == 9
    assert s.current == 1  # Management starts with the new Priority player


# -- Income ------------------------------------------------------------------------------------


def test_income_base_and_empty_lanes() -> None:
    """Base Income +2 Power and +3 Experts; "an empty Lane 3 grants +1 Expert, and an empty
    Lane 2 grants +1 Power"."""
    s = start(2).state
    assert GAME.income_of(s, 0) == (3, 4)
    s = with_lanes(s, 0, (), ("seed-vault",), ("compost-deck",))
    # Seed Vault +1 Expert, Compost Deck +1 Power, no empty-lane income for Lanes 2 and 3
    assert GAME.income_of(s, 0) == (3, 4)
    s = with_lanes(s, 0, (), ("rain-collector", "seed-vault"), ("solar-array",))
    assert GAME.income_of(s, 0) == (2 + 2, 3 + 1)


def test_income_discards_all_power_first_and_power_cut() -> None:
    """Step 1: "Each player discards ALL Power from their Stock"; Solo Mode: hard cards "reduce
    each player's Power Income by 1 during the next Phase 1: Income"."""
    s = start(2).state
    s = replace(s.with_player(0, power=5), power_supply=s.power_supply - 5, power_cut=1,
                phase=AUTO_ROUND_START, current=-1, round=2)
    s, events = auto(s)
    assert E.PowerDiscarded() in events
    assert E.IncomeTaken(0, 3 - 1, 4) in events
    assert s.power_cut == 0


def test_hand_limit_discard() -> None:
    """"They must then discard however many cards from their hand that exceed their hand's 5
    card limit." """
    s = start(2).state
    extra = s.project_deck[:3]
    s = replace(s.with_player(1, hand=s.players[1].hand + extra), project_deck=s.project_deck[3:],
                phase=AUTO_ROUND_START, current=-1, round=2)
    s, _ = auto(s)
    assert s.phase == DISCARD and GAME.to_act(s) == (1,)  # 3 + 3 Projects + 1 Contact = 7
    legal = GAME.legal_commands(s, 1)
    assert legal and all(isinstance(c, C.Discard) for c in legal)
    s, _ = play(s, legal[0])
    assert s.phase == DISCARD
    s, _ = play(s, GAME.legal_commands(s, 1)[0])
    assert s.phase != DISCARD and len(s.players[1].hand) + len(s.players[1].contacts) == 5


def test_bonus_tokens_for_three_power_or_experts() -> None:
    """"discard any amount of their Boost Tokens, choosing to gain 3 Power or 3 Experts"."""
    s = start(2).state
    s = replace(s.with_player(0, bonus=(0, 1), stock=0, supply=10), phase=AUTO_ROUND_START,
                current=-1, round=2)
    s, _ = auto(s)
    assert s.phase == INCOME and GAME.to_act(s) == (0,)
    power, stock = s.players[0].power, s.players[0].stock
    s, _ = play(s, C.UseBonus(0, 0, "power"))
    s, _ = play(s, C.UseBonus(0, 1, "experts"))
    assert s.players[0].power == power + 3 and s.players[0].stock == stock + 3
    assert s.tokens_spent == (0, 1)


def test_short_power_supply_is_split_evenly() -> None:
    """"Distribute the remaining Power tokens in the Supply evenly among players, leaving any
    excess in the Supply." """
    s = start(3).state
    taken = K.POWER_TOKENS - 5
    s = replace(s.with_player(2, power=0), power_supply=5, phase="auto-income", current=-1)
    s = replace(s, tokens_spent=())
    # keep Power conserved for the check: someone holds the rest outside the round's discard
    s = s.with_player(0, power=taken)
    events = GAME._auto_income(s)
    got = {e.seat: e.power for e in events if isinstance(e, E.IncomeTaken)}
    assert got == {0: 1, 1: 1, 2: 1}  # 5 // 3 each, 2 left in the Supply


def test_aquarium_and_farming_give_two_power() -> None:
    """"If a player had both Aquarium and Farming as active cards, they'd get +2 Power, because
    they'd have 1 Ecological Element from each card's type, and 1 Ecological Element from
    Aquarium's effect." """
    s = with_lanes(start(1).state, 0, ("aquarium",), ("farming",))
    p = s.players[0]
    assert elements(p)["ecological"] == 3
    farming = pid("farming")
    src = Source("project", farming, 2, K.PROJECTS[farming].effect)
    assert FX.income(s, 0, K.PROJECTS[farming].effect, src) == (2, 0)
    assert GAME.income_of(s, 0) == (2 + 2, 3 + 1)  # base, empty Lane 3, Farming


def test_permanent_effects_apply_under_other_cards() -> None:
    """"Permanent Effects ... apply to a player when they are anywhere in a lane"."""
    s = with_lanes(start(1).state, 0, (), ("soil-bank", "seed-vault"))
    # Soil Bank (covered): +1 Power permanent; Seed Vault on top: +1 Expert; Lane 3 empty
    assert GAME.income_of(s, 0) == (2 + 1, 3 + 1 + 1)


# -- Events ------------------------------------------------------------------------------------


def _events_state(deck, **options):
    s = start(2, **options).state
    return replace(s, event_deck=tuple(deck), phase=AUTO_EVENTS, current=-1, unique_pending=-1)


def test_calm_event_applies_when_revealed() -> None:
    """"Reveal the top card of the Event deck and apply its effect." """
    clear = next(i for i in K.CALM if K.EVENTS[i].id == "clear-skies")
    s = _events_state([clear, K.DEADLINE])
    s, events = auto(s)
    assert E.EventRevealed(clear) in events and E.EventResolved(clear, False) in events
    assert [e for e in events if isinstance(e, E.Changed)] == [
        E.Changed(0, 1, 0, "Clear Skies"), E.Changed(1, 1, 0, "Clear Skies")]


def test_unique_event_resolves_at_the_next_unique_or_the_deadline() -> None:
    """"Each Unique Event resolves when the next Unique Event is revealed (or the Deadline Event
    on round 10)"."""
    u1, u2 = K.UNIQUE[0], K.UNIQUE[1]
    calm = K.CALM[0]
    s = _events_state([u1, calm, u2, K.DEADLINE])
    s, ev1 = auto(s)
    assert s.unique_pending == u1 and not any(isinstance(e, E.EventResolved) and e.card == u1 for e in ev1)
    s = replace(s, phase=AUTO_EVENTS, current=-1)
    s, ev2 = auto(s)
    assert s.unique_pending == u1 and E.EventResolved(calm, False) in ev2
    s = replace(s, phase=AUTO_EVENTS, current=-1)
    s, ev3 = auto(s)
    assert E.EventResolved(u1, False) in ev3 and s.unique_pending == u2
    s = replace(s, phase=AUTO_EVENTS, current=-1)
    s, ev4 = auto(s)
    resolved = [e.card for e in ev4 if isinstance(e, E.EventResolved)]
    assert resolved == [u2, K.DEADLINE]


def test_ignore_event_effects_option() -> None:
    """Optional Rule: "ignoring the effect of all Events ... The Event cards can still be used as
    a timer"."""
    clear = next(i for i in K.CALM if K.EVENTS[i].id == "clear-skies")
    s = _events_state([clear, K.DEADLINE], ignore_event_effects="yes")
    s, events = auto(s)
    assert E.EventResolved(clear, True) in events
    assert not any(isinstance(e, E.Changed) for e in events)


def test_event_deck_setup() -> None:
    """Setup step 5: 6 Calm and 3 random hidden Unique Events shuffled on top of the Deadline."""
    s = start(2, 8).state
    seen = s.events_done + ((s.unique_pending,) if s.unique_pending >= 0 else ())
    deck = seen + s.event_deck
    assert len(deck) == 10 and deck[-1] == K.DEADLINE
    kinds = Counter(K.EVENTS[c].kind for c in deck)
    assert kinds == {"calm": 6, "unique": 3, "deadline": 1}
    assert GAME.view(s, 0).unique_unused == (-1, -1)


# -- Management ----------------------------------------------------------------------------------


def management_state(players=2):
    s = start(players, 4).state
    return replace(s, phase=MANAGEMENT, current=0, queue=tuple(range(1, players)), priority=0)


def test_play_into_lanes_equal_or_higher_than_rating() -> None:
    """"A Rating 2 Project can be placed into all Lanes except Lane 1." """
    s = management_state()
    card = pid("hydroponics")
    s = s.with_player(0, hand=(card,))
    with pytest.raises(IllegalMove, match="equal to or higher than its Rating"):
        GAME.decide(s, C.PlayProject(0, card, 1))
    lanes = {c.lane for c in GAME.legal_commands(s, 0) if isinstance(c, C.PlayProject)}
    assert lanes == {2, 3, 4}
    s, _ = play(s, C.PlayProject(0, card, 2))
    assert s.players[0].top(2) == card and card not in s.players[0].hand


def test_advance_and_demote_pay_the_mat_cost() -> None:
    """"To Advance a card, pay the amount of Power indicated on your Player Mat and move the card
    so that it becomes the top card in the Lane to the right"; Demote to the left."""
    s = with_lanes(management_state(), 0, ("herb-garden",), (), (), ("solar-array",))
    s = replace(s.with_player(0, power=3), power_supply=s.power_supply - 3)
    s, _ = play(s, C.Advance(0, 1))
    assert s.players[0].top(2) == pid("herb-garden") and s.players[0].power == 2
    with pytest.raises(IllegalMove, match="no lane right of Lane 4"):
        GAME.decide(s, C.Advance(0, 4))
    s, _ = play(s, C.Demote(0, 4))
    assert s.players[0].top(3) == pid("solar-array") and s.players[0].power == 0
    with pytest.raises(IllegalMove, match="costs 1 Power and you have 0"):
        GAME.decide(s, C.Advance(0, 2))


def test_advance_trigger() -> None:
    """Icon Reference: "If at the start of an effect, this indicates that the effect is triggered
    by its card being Advanced." Moss Wall: When Advanced, gain 2 Experts."""
    s = with_lanes(management_state(), 0, ("moss-wall",))
    s = replace(s.with_player(0, power=1, stock=0, supply=10), power_supply=s.power_supply - 1)
    s, events = play(s, C.Advance(0, 1))
    assert E.Changed(0, 0, 2, "Moss Wall") in events and s.players[0].stock == 2


def test_management_one_seat_at_a_time_in_priority_order() -> None:
    """Phase 4 is simultaneous in the rulebook; this app seats it in turns from the Priority
    player, and ``to_act`` names the one seat managing."""
    s = start(3, 2).state
    s = replace(s, phase="auto-resolve", current=-1, priority=2,
                bids=((0, 0, 0),) * len(s.market), automa_bids=(0,) * len(s.market))
    s, _ = auto(s)
    assert s.phase == MANAGEMENT and GAME.to_act(s) == (2,)
    with pytest.raises(IllegalMove, match="one at a time"):
        GAME.decide(s, C.EndManagement(0))
    s, _ = play(s, C.EndManagement(2))
    assert GAME.to_act(s) == (0,)
    s, _ = play(s, C.EndManagement(0))
    assert GAME.to_act(s) == (1,)


# -- Level Up ----------------------------------------------------------------------------------


def _tokens_of(elements_: list[str]) -> tuple[int, ...]:
    pool = list(range(len(K.TOKENS)))
    out = []
    for el in elements_:
        t = next(t for t in pool if K.TOKENS[t] == el)
        pool.remove(t)
        out.append(t)
    return tuple(out)


def levelup_state(players=2):
    s = start(players, 5).state
    level1 = _tokens_of(["ecological", "ecological", "personnel", "installations"])
    rest = tuple(t for t in range(len(K.TOKENS)) if t not in level1)
    track = (level1,) + tuple(rest[i * 4:(i + 1) * 4] for i in range(6))
    return replace(s, ark_track=track, phase=AUTO_LEVELUP, current=-1, priority=1)


def test_level_up_requirements_count_granted_elements() -> None:
    """"Each player checks the Element types of their active Projects, plus any Elements granted
    by their active effects." Living Hull (Ecological) grants an Installations Element."""
    s = levelup_state()
    s = with_lanes(s, 0, ("aquarium",), ("navigator",), ("living-hull",))
    assert meets_level_up(s, 0)  # Eco + Eco(granted) + Personnel + Eco + Installations(granted)
    s = with_lanes(s, 0, ("seed-vault",), ("navigator",), ("solar-array",))
    assert not meets_level_up(s, 0)  # only 1 Ecological of the 2 needed
    s = with_lanes(s, 0, ("aquarium",), ("navigator",), ("solar-array",))
    assert meets_level_up(s, 0)  # Aquarium's granted Element makes the second


def test_level_up_order_contact_token_and_side() -> None:
    """"In an order decided by the Priority player, each player that earned a Level Up ... will
    draw a Contact and may take an Element token of their choice from the Ark Level above their
    current one, keeping it as a Score Boost or Bonus token. Then they move their Ark token up"."""
    s = levelup_state()
    for seat in (0, 1):
        s = with_lanes(s, seat, ("aquarium",), ("navigator",), ("living-hull",))
    s, _ = auto(s)
    assert s.phase == LEVELUP_ORDER and GAME.to_act(s) == (1,)  # the Priority player chooses
    assert set(GAME.legal_commands(s, 1)) == {C.ChooseLevelUp(1, 0), C.ChooseLevelUp(1, 1)}
    contacts = len(s.players[0].contacts)
    s, _ = play(s, C.ChooseLevelUp(1, 0))
    assert s.phase == LEVELUP and GAME.to_act(s) == (0,)
    assert len(s.players[0].contacts) == contacts + 1  # draws a Contact
    token = s.ark_track[0][0]
    s, _ = play(s, C.TakeToken(0, token, "lane1"))
    assert s.players[0].ark == 1 and s.players[0].boosts == ((token, "lane1"),)
    assert token not in s.ark_track[0]
    assert s.phase == LEVELUP and GAME.to_act(s) == (1,)  # the last one needs no choosing
    s, _ = play(s, C.SkipToken(1))
    assert s.players[1].ark == 1 and len(s.ark_track[0]) == 3
    assert s.phase == AUTO_ROUND_START or s.phase in (DISCARD, INCOME, BIDDING)


def test_taken_tokens_make_the_level_easier() -> None:
    """Tips: "The more players that Level Up, the easier the previous Levels become." """
    s = levelup_state()
    s = with_lanes(s, 0, ("aquarium",), ("navigator",))
    assert not meets_level_up(s, 0)
    s = replace(s, ark_track=((s.ark_track[0][2],),) + s.ark_track[1:])  # Personnel left
    assert meets_level_up(s, 0)


# -- Contacts ------------------------------------------------------------------------------------


def test_only_the_priority_holder_plays_contacts_at_their_time() -> None:
    """"The player with the Priority token may play Contacts from their hand at the time indicated
    by that Contact's effect"."""
    s = management_state()
    courier = next(i for i, c in enumerate(K.CONTACTS) if c.id == "courier")
    night = next(i for i, c in enumerate(K.CONTACTS) if c.id == "night-shift")
    s = s.with_player(0, contacts=(courier, night)).with_player(1, contacts=(courier,))
    legal = GAME.legal_commands(s, 0)
    assert C.PlayContact(0, courier) in legal and C.PlayContact(0, night) not in legal
    with pytest.raises(IllegalMove, match="at the time it states"):
        GAME.decide(s, C.PlayContact(0, night))
    power = s.players[0].power
    s, _ = play(s, C.PlayContact(0, courier))
    assert s.players[0].power == power + 2 and courier in s.contact_discard
    s, _ = play(s, C.EndManagement(0))
    with pytest.raises(IllegalMove, match="Priority token"):
        GAME.decide(s, C.PlayContact(1, courier))


# -- Scoring -------------------------------------------------------------------------------------


def test_scoring_lanes_ark_cap_and_lane_four() -> None:
    """"VP from the Projects in their lanes 1, 2 and 3, with the VP earned from lanes 2 and 3
    subject to the scoring limit displayed at the player's Ark Level"; "Players do not gain VP
    from cards in their lane 4"."""
    s = start(1).state
    s = with_lanes(s, 0, ("seed-vault", "compost-deck"), ("ark-engine",), ("sky-anchor",),
                   ("ark-engine",))
    s = s.with_player(0, ark=2)
    assert score_parts(s, 0) == (2, 9, 5)
    line = GAME.scores(s)[0]
    assert line.total == 2 + 5
    assert dict(line.breakdown)["mtts.score.over_max"] == -4
    s = s.with_player(0, ark=0)
    assert GAME.scores(s)[0].total == 2  # beneath the track: no maximum printed, 0


def test_blue_unique_side_scores_lane_four() -> None:
    """"(except on the blue unique mat where it follows the process for lane 3)"; "the blue mat's
    Lane 2, 3 and 4 all benefit from the same Score Boost tokens"."""
    s = start(4, mat_side="unique").state
    assert s.players[3].mat == "blue"
    s = with_lanes(s, 3, (), ("solar-array",), (), ("solar-array",))
    inst = _tokens_of(["installations"])[0]
    s = s.with_player(3, ark=7, boosts=((inst, "lanes23"),))
    assert score_parts(s, 3) == (0, (2 + 1) * 2, 35)
    s = with_lanes(s, 0, (), ("solar-array",), (), ("solar-array",))
    s = s.with_player(0, ark=7, boosts=((inst, "lanes23"),))
    assert score_parts(s, 0) == (0, 3, 35)


def test_score_boosts_per_lane_panel() -> None:
    """Score Boost: "increasing the Victory Points earned from each Project with an Element type
    matching that Score Boost by 1"."""
    s = start(1).state
    s = with_lanes(s, 0, ("seed-vault", "compost-deck", "deckhand"), ("hydroponics",))
    eco = _tokens_of(["ecological", "ecological"])
    s = s.with_player(0, ark=7, boosts=((eco[0], "lane1"), (eco[1], "lanes23")))
    assert score_parts(s, 0)[:2] == (3 + 2, 1 + 1)


def test_joint_victory_on_ties() -> None:
    """"In the case of a tie, consider it a joint victory." """
    s = start(3, automa="no").state
    for seat in range(3):
        s = with_lanes(s, seat, ("seed-vault",) if seat < 2 else ())
    ranks = [line.rank for line in GAME.scores(s)]
    assert ranks == [1, 1, 3]


# -- Automa --------------------------------------------------------------------------------------


@pytest.mark.parametrize("red", [0, 2, 6])
def test_automa_deck_of_eight_with_red_cards(red: int) -> None:
    """Solo Mode: "create a deck of 8 face down cards. The more red cards used ..., the more
    difficult"."""
    s = start(1, 9, red_cards=red).state
    deck = set(s.automa_deck) | set(s.automa_revealed)
    assert len(s.automa_deck) >= 8
    initial = [c for c in s.automa_deck][:8]
    assert sum(K.AUTOMA[c].hard for c in initial) == red
    assert len(s.automa_revealed) == 2 and deck >= set(s.automa_revealed)


def test_automa_top_half_applies_to_every_market_project() -> None:
    """"Check the top half of each card against each Project card on the Market. For each
    condition {A} that is true, the result {B} is applied to that Project card." """
    s = start(1, 9).state
    card = next(i for i, a in enumerate(K.AUTOMA) if a.a == {"element": "ecological"})
    s = replace(s, automa_deck=(card,), phase=AUTO_MARKET, current=-1,
                automa_bids=(0,) * len(s.market))
    s, events = auto(s)
    bids = {e.slot: e.n for e in events if isinstance(e, E.AutomaBid)}
    eco = {i for i, c in enumerate(s.market) if K.PROJECTS[c].element == "ecological"}
    assert set(bids) == eco and all(n == K.AUTOMA[card].b for n in bids.values())


def test_automa_experts_compete_and_claim() -> None:
    """"Automa Experts compete in Resolve Bids": a player must outbid them; unbeaten and at the
    Rating, the Automa claims the card."""
    s = bidding_state(1, red_cards=0)
    one = next(i for i, p in enumerate(K.PROJECTS) if p.rating == 1)
    s = replace(s, market=(one,) + s.market[1:], automa_bids=(2,) + (0,) * (len(s.market) - 1),
                automa_revealed=())
    s = s.with_player(0, stock=5, supply=5)
    with pytest.raises(IllegalMove, match="most Experts"):
        GAME.decide(s, C.Bid(0, 0, 2))
    s, events = play(s, C.Pass(0))
    assert E.ProjectClaimed(0, AUTOMA) in events and one in s.automa_claimed
    assert automa_score(s) == automa_start(0) + K.PROJECTS[one].rating


def test_automa_bottom_conditions() -> None:
    """"an easy Automa card will add a random Hard Automa card to the Automa deck, and Hard Automa
    cards will reduce each player's Power Income by 1 during the next Phase 1: Income"."""
    s = bidding_state(1, red_cards=0)
    green = next(i for i, a in enumerate(K.AUTOMA) if not a.hard and a.check["check"] == "unbid")
    red = next(i for i, a in enumerate(K.AUTOMA) if a.hard and a.check["check"] == "unbid")
    s = replace(s, automa_revealed=(green, red), automa_bids=(0,) * len(s.market))
    pool = s.red_pool
    s, events = play(s, C.Pass(0))
    assert E.AutomaChecked(green, True) in events and E.AutomaChecked(red, True) in events
    assert s.automa_deck[-1] == pool[0] and K.AUTOMA[pool[0]].hard
    assert s.power_cut == 1


def test_solo_objective_in_scores() -> None:
    """Project rule: the Automa's score is shown in the breakdown and takes part in the ranking."""
    s = start(1).state
    s = replace(s, automa_claimed=(pid("ark-engine"),))
    line = GAME.scores(s)[0]
    assert dict(line.breakdown)["mtts.score.automa"] == automa_score(s)
    assert line.rank == 2 if automa_score(s) > line.total else 1


# -- Actors and the end ---------------------------------------------------------------------------


def test_actors_deal_two_keep_one() -> None:
    """Setup step 10: "deal 2 to each player, have them place their chosen Actor face up ... and
    return the other Actor to the game box"."""
    s = start(3, actors="yes").state
    assert GAME.to_act(s) == (0,)
    offer = s.players[0].offer
    assert len(offer) == 2
    assert GAME.view(s, 1).players[0].offer == (-1, -1)
    s, _ = play(s, C.ChooseActor(0, offer[1]))
    assert s.players[0].actor == offer[1] and offer[0] in s.actors_unused
    assert GAME.to_act(s) == (1,)


def test_game_ends_after_round_ten() -> None:
    """"The game ends after 10 full Rounds have been resolved." """
    s = start(2).state
    s = replace(s, round=10, phase=AUTO_LEVELUP, current=-1)
    s, events = auto(s)
    assert GAME.is_over(s) and E.GameEnded() in events and GAME.to_act(s) == ()
    assert GAME.progress(s) == "Game over"


def test_progress_line() -> None:
    s = bidding_state()
    assert GAME.progress(s) == "Round 1 · Market: Red to bid"
