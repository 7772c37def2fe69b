"""Issue 20, part 2: the Saboteurs as rules (``saboteurs.py`` over ``solo_state``/``solo_events``).
A rule test for each numbered step of the reference's sections 2-5
(``../shared/rules/weather-machine-solo.md``, quoted in each docstring), on small hand-made
states: the setup numbers, each Security Report field's effect, each location's action steps with
their alternatives, the Target Value, the token-set check, the end conditions; then whole runs of
Saboteur turns keep every component somewhere and give every event a log line."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.wm.helpers import fresh, with_player
from weather_tabletop.engine.chance import rng
from weather_tabletop.games.weather_machine import saboteurs as S
from weather_tabletop.games.weather_machine import solo_events as E
from weather_tabletop.games.weather_machine.context import APPLY, Ctx
from weather_tabletop.games.weather_machine.data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY, V_SCI
from weather_tabletop.games.weather_machine.events import (ExtremeWeatherEscalated,
                                                           LativBotDisplaced, LativMoved,
                                                           LockRemoved, ResearchTokenDiscarded)
from weather_tabletop.games.weather_machine.solo_data import PINK, SOLO, WHITE
from weather_tabletop.games.weather_machine.solo_state import (NO_REPORT, NOWHERE, SABOTEUR,
                                                               SABOTEURS_SEAT, Hideout, ReportDeck,
                                                               SoloState)
from weather_tabletop.games.weather_machine.solo_words import LINES, REASONS, describe_solo_event
from weather_tabletop.games.weather_machine.state import EMPTY, LATIV, WMState
from weather_tabletop.i18n import tr

D = S.D
RAIN, WIND, SUN, FOG, SNOW = range(5)
SAB = SABOTEURS_SEAT
PACKAGE = Path(__file__).resolve().parents[2] / "weather_tabletop" / "games" / "weather_machine"
CATALOGUE = json.loads((PACKAGE / "locale" / "en" / "solo_events.json").read_text("utf-8"))
# Security Reports used below (§3.2): id -> agent, location, weather, arrow
GOV_RAIN_TOP = 7        # White, Government, Rain, Top
GOV_SUN_BOTTOM = 20     # White, Government, Sun, Bottom
LAB_SNOW_TOP = 1        # White, Lativ's Lab, Snow, Top
RND_FOG_BOTTOM = 2      # White, R&D, Fog, Bottom
RND_WIND_TOP = 3        # Pink, R&D, Wind, Top
SUPPLY_WIND_BOTTOM = 17  # White, Supply, Wind, Bottom
SUPPLY_FOG_TOP = 18     # Pink, Supply, Fog, Top
FOLLOW_SNOW_TOP = 8     # White, Follow Lativ, Snow, Top
FOLLOW_RAIN_TOP = 10    # White, Follow Lativ, Rain, Top
FOLLOW_RAIN_BOTTOM = 12  # Pink, Follow Lativ, Rain, Bottom


def table(current: int = GOV_RAIN_TOP, priority: int = FOLLOW_RAIN_TOP,
          draw: tuple[int, ...] = (4, 5, 6), agents: tuple = (NOWHERE, NOWHERE),
          chems: tuple[int, ...] = (0,) * 5, tokens: tuple[str, ...] = (), awards: int = 0,
          bots: int = 12, tv: int = 35, challenges: tuple[int, ...] = (), **board) -> WMState:
    """A solo table: one player (off the board unless placed), Lativ in the Supply, the 2-player
    board (a Lativ Bot on the bottom of each branch, 2 tokens of each type), stage-1 Rain, Wind
    and Sun Experiment tiles in the display, and the Saboteurs as given."""
    s = fresh(2)
    s = replace(s, players=1, pl=s.pl[:1], names=s.names[:1], turn_order=(0, SAB),
                initiative=(0, SAB), lativ_loc=SUPPLY, lativ_space=-1, exp_display=(0, 1, 2))
    s = with_player(s, 0, location=0, space=-1)
    solo = SoloState(agents=agents, hideout=Hideout(bots, chems, tokens, awards), tv=tv,
                     deck=ReportDeck(draw, current, (priority,) if priority else (), ()),
                     challenges=challenges, security_calls=0, pending_set=-1, awards_spent=0,
                     outcome=("", ""))
    s = replace(s, solo=solo, **board)
    supply = tuple(tuple(i >= n for i in range(5)) for n in chems)  # the Hideout's came from there
    return s if "chem_supply" in board else replace(s, chem_supply=supply)


def run(s: WMState, fn, *args) -> Ctx:
    c = Ctx(s)
    fn(c, *args)
    return c


def kinds(c: Ctx) -> list[type]:
    return [e.__class__ for e in c.ev]


def of(c: Ctx, cls: type) -> list:
    return [e for e in c.ev if isinstance(e, cls)]


def tv_rises(c: Ctx) -> list[tuple[int, str]]:
    return [(e.n, e.why) for e in of(c, E.TargetValueRaised)]


def chems(**by_weather: int) -> tuple[int, ...]:
    names = ("rain", "wind", "sun", "fog", "snow")
    return tuple(by_weather.get(n, 0) for n in names)


def placed(s: WMState, seat: int, loc: int, space: int) -> WMState:
    return with_player(s, seat, location=loc, space=space)


# -- §2.3 Setup ---------------------------------------------------------------------------------


def set_up(seed: int = 1, challenges: tuple[int, ...] = ()) -> Ctx:
    s = replace(fresh(2), players=1)
    return run(s, S.set_up_saboteurs, rng(seed, 3), challenges)


def test_setup_numbers():
    """§2.3: "2. Put one of Lativ's Bots in each of the 5 Weather Machine branches (the bottom
    space)"; "3. Use only 2 Research tokens of each type in each Main Location"; "6. Put the
    Saboteurs' Scoring marker on 35 CP"; "7. ... the player is first on both"; "8. ... put the
    Saboteurs' Bots there"; "9. Choose 2 different Chemical types at random. For each, take the
    leftmost Chemical of that type from the Supply"; "10. The Saboteurs start with none" (Awards);
    "After setup the draw pile holds 17 cards"."""
    for seed in range(1, 30):
        s = set_up(seed).s
        sol = s.solo
        assert all(branch[0] == LATIV for branch in s.lab)
        assert max(s.lab_tokens + s.gov_tokens + s.rnd_tokens) == 2
        assert sum(s.lab_tokens) + sum(s.gov_tokens) + sum(s.rnd_tokens) == 30 - 2  # 11.5
        assert sol.tv == 35 and sol.hideout.bots == 12 and sol.hideout.awards == 0
        assert s.turn_order[0] == 0 and s.initiative[0] == 0
        held = [w for w in range(5) if sol.hideout.chemicals[w]]
        assert len(held) == 2 and all(sol.hideout.chemicals[w] == 1 for w in held)
        assert all(s.chem_supply[w] == (False,) + (True,) * 4 for w in held)
        assert len(sol.deck.draw) == 17 and sol.deck.current != NO_REPORT
        assert len(sol.deck.discard) == 2


def test_setup_start_reports():
    """§2.3 step 11.2: "Reveal cards one at a time until you have two cards that show a Main
    Location (not Supply, not Follow Lativ) and different agents ... Keep the first qualifying
    card of each agent. Set every other revealed card aside." Cards 17 (White, Supply), 6 (Pink,
    Follow Lativ), 1 (White, Lab), 9 (White, Lab: White already kept), 3 (Pink, R&D)."""
    assert S.start_reports((17, 6, 1, 9, 3, 4)) == ((1, 3), (17, 6, 9))


def test_setup_agents_tokens_and_priority_card():
    """§2.3 steps 11.3-11.8: the first kept card's agent "on the middle action space (B) of that
    card's location"; the second "on space B of its own location. If that is the same location
    as the first, use the rightmost space (C)"; "move 1 Research token of that card's weather from
    that card's location into the Hideout"; "The second kept card goes on top, so it is the first
    priority card"."""
    same = False
    for seed in range(1, 80):
        c = set_up(seed)
        shuffled = of(c, E.ReportsShuffled)[0].draw
        kept, _aside = S.start_reports(shuffled)
        first, second = (SOLO.report(r) for r in kept)
        sol = c.s.solo
        assert sol.agents[first.agent] == (first.location, 1)
        want = 2 if second.location == first.location else 1
        assert sol.agents[second.agent] == (second.location, want)
        same |= want == 2
        colour = {GOVERNMENT: "G", LAB: "L", RND: "R"}
        assert sorted(sol.hideout.tokens) == sorted(
            f"{colour[k.location]}:{k.weather}" for k in (first, second))
        assert sol.deck.discard == (second.id, first.id)
        assert sol.deck.priority == second.id
    assert same, "no seed put both agents in one location"


def test_setup_challenges():
    """§2.3 steps 6, 9, 10 and §3.6 with Challenge cards: "Fully Stocked Opponents: take 1 of
    each of the 5 types instead"; "Nobel Laureate and Budget Cuts: each adds 1 more Chemical of a
    random type"; "1 for Creative Accounting and 1 for Independent Prototypes. With both cards
    they start with 2"; "It is 30 with Publish or Perish"; The Clock is Ticking: "After setup the
    draw pile holds ... 15"."""
    sol = set_up(1, (1,)).s.solo
    assert sol.hideout.chemicals == (1,) * 5
    sol = set_up(1, (4, 11)).s.solo
    assert sum(sol.hideout.chemicals) == 4
    s = set_up(1, (3, 10)).s
    assert s.solo.hideout.awards == 2 and s.awards_left == D.awards - 2
    assert set_up(1, (12,)).s.solo.tv == 30
    sol = set_up(1, (6,)).s.solo
    assert len(sol.deck.draw) == 15 and len(sol.deck.removed) == 2


def test_setup_goal_tiles():
    """§2.3 step 4: "Remove ... the tile that requires 3 Award tokens. From the rest, draw 2 tiles
    of each colour (blue, green, purple) at random, 6 tiles in all. If a drawn tile has the same
    middle icon as one already drawn, set it aside" (7.G22: across all 6)."""
    for seed in range(1, 40):
        goals = S.draw_goals(rng(seed, 5))
        assert len(goals) == 6
        assert sorted(D.goals[g].colour for g in goals) == ["G", "G", "L", "L", "R", "R"]
        assert len({D.goals[g].metric for g in goals}) == 6
        assert not any(D.goals[g].metric == "awards" and D.goals[g].target == 3 for g in goals)


# -- §3 The Security Report deck ---------------------------------------------------------------


def test_priority_card_weather_order():
    """§3.3: "Base weather order. Start with the priority card's weather and continue along the
    weather cycle" (Fog: Fog, Snow, Rain, Wind, Sun)."""
    s = table(priority=RND_FOG_BOTTOM)
    assert S.base_order(s) == (FOG, SNOW, RAIN, WIND, SUN)
    assert S.arrow(s) == "bottom"


def test_research_priority_order():
    """§3.3: "Group 1. Weathers whose Citation space is still locked, where the Hideout holds
    Research tokens of that weather from 1 or 2 different Main Locations, none of them from L.
    Group 2. Weathers whose Citation space is unlocked, where the Hideout holds a Research token
    of that weather from exactly 1 Main Location, and that location is not L. Group 3. All
    remaining weathers." Priority Rain: base order Rain, Wind, Sun, Fog, Snow."""
    s = table(priority=GOV_RAIN_TOP, tokens=("L:3", "R:4", "G:1", "L:2"),
              locks=(True, True, False, True, True))
    # for Government: Fog (L), Snow (R) in group 1; Sun unlocked with one Lab token: group 2;
    # Wind holds a Government token: group 3
    assert S.research_order(s, GOVERNMENT) == (FOG, SNOW, SUN, RAIN, WIND)
    # for the Lab: Fog holds a Lab token: group 3; Sun too
    assert S.research_order(s, LAB) == (WIND, SNOW, RAIN, SUN, FOG)


def test_end_of_turn_report_flow():
    """§3.4 / §4.3 Step 6: "put the current report face up on top of the discard pile, where it
    becomes the new priority card. Then draw the top card of the draw pile as the new current
    report"."""
    s = table(current=SUPPLY_WIND_BOTTOM, draw=(4, 5), chems=chems(rain=1))
    c = run(s, S.saboteur_turn)
    deck = c.s.solo.deck
    assert deck.priority == SUPPLY_WIND_BOTTOM and deck.current == 4 and deck.draw == (5,)


def test_last_report_played_leaves_no_current_report():
    """§3.4: "If the draw pile is empty, no card is drawn (see G2)"; 7.G2: "Lose at the start of a
    Saboteur turn when no current report remains"."""
    c = run(table(current=SUPPLY_WIND_BOTTOM, draw=()), S.saboteur_turn)
    assert c.s.solo.deck.current == NO_REPORT and E.ReportDrawn not in kinds(c)
    assert run(c.s, S.saboteur_turn).s.solo.outcome == ("lost", "deck")


def test_discard_top_report_and_empty_pile():
    """§3.4: "'Discard the top Security Report' means moving the top card of the draw pile face up
    onto the discard pile, where it becomes the new priority card at once. If the draw pile is
    empty, nothing happens"."""
    c = run(table(draw=(4, 5)), S.discard_top_report, "fallback")
    assert c.s.solo.deck.draw == (5,) and c.s.solo.deck.priority == 4
    c = run(table(draw=()), S.discard_top_report, "fallback")
    assert kinds(c) == [E.NoReportToDiscard]


def test_call_security():
    """§3.5: "Cost: 1 Voucher of the type of the Location your Scientist is in, or 1 Science
    Voucher. Effect: take the current report and the top 2 cards of the draw pile (3 cards) ...
    Make current ... Put back ... Discard"; "The app offers it whenever at least 2 cards remain in
    the draw pile" (7.G17: once per turn)."""
    s = placed(table(current=7, draw=(4, 5, 6)), 0, LAB, 1)
    types = S.security_cost_types(s, 0)
    assert set(types) == {SOLO.call_security.voucher_types(LAB)[0], V_SCI}
    before = s.pl[0].vouchers[V_SCI]
    c = run(s, S.call_security, 0, V_SCI, 5, 7, 4)
    deck = c.s.solo.deck
    assert (deck.current, deck.draw, deck.priority) == (5, (7, 6), 4)
    assert c.s.pl[0].vouchers[V_SCI] == before - 1
    assert S.security_cost_types(c.s, 0) == ()  # once per turn
    turn = run(c.s, S.start_of_player_turn, 0)  # the next turn, even with no Saboteur turn between
    assert of(turn, E.PlayerTurnBegan)[0].tv == 35 and S.security_cost_types(turn.s, 0)
    with pytest.raises(ValueError):
        run(s, S.call_security, 0, V_SCI, 5, 6, 4)  # card 6 is not among the three
    assert S.security_cost_types(table(draw=(4,)), 0) == ()


# -- §4.3 The Saboteurs' turn --------------------------------------------------------------------


def test_step0_clock_check():
    """§4.3 Step 0 / §5.3: "at the start of the Saboteurs' turn, the Security Report deck is
    exhausted" (7.G2: no current report left; the app's empty draw pile as an option)."""
    c = run(table(current=NO_REPORT, draw=()), S.saboteur_turn)
    assert c.s.solo.outcome == ("lost", "deck")
    c = run(table(current=7, draw=()), S.saboteur_turn)
    assert c.s.solo.outcome == ("", "")
    s = replace(table(current=7, draw=()), options=(("solo_deck_loss", "app"),))
    assert run(s, S.saboteur_turn).s.solo.outcome == ("lost", "deck")


def test_step1_agent_and_location_of_the_report():
    """§3.1: "An agent ... the agent that moves when the card is the current report. A location";
    §4.3 Step 1: "The agent named on the current report moves. The other agent stays put"."""
    s = table(current=RND_WIND_TOP, agents=((GOVERNMENT, 1), (LAB, 1)), chems=chems(rain=1))
    c = run(s, S.saboteur_turn)
    moved = of(c, E.AgentMoved)[0]
    assert (moved.agent, moved.location) == (PINK, RND)
    assert c.s.solo.agents[WHITE] == (GOVERNMENT, 1)


@pytest.mark.parametrize("shown, blocked, expected", [
    (GOV_RAIN_TOP, GOVERNMENT, LAB),       # Government: then Lativ's Lab, R&D
    (LAB_SNOW_TOP, LAB, RND),              # Lativ's Lab: then R&D, Government
    (RND_FOG_BOTTOM, RND, GOVERNMENT),     # R&D: then Government, Lativ's Lab
    (SUPPLY_WIND_BOTTOM, SUPPLY, GOVERNMENT),  # Supply: then Government, Lativ's Lab, R&D
])
def test_step1_destination_when_impossible(shown, blocked, expected):
    """§4.3 Step 1: "Government | Lativ's Lab, R&D; Lativ's Lab | R&D, Government; R&D |
    Government, Lativ's Lab; Supply | Government, Lativ's Lab, R&D". "A location is impossible if:
    the moving agent is already in it"."""
    s = table(current=shown, agents=((blocked, 1), NOWHERE), chems=chems(rain=1))
    if blocked == SUPPLY:
        s = table(current=shown, agents=((SUPPLY, 0), NOWHERE), chems=chems(rain=1))
    moved = of(run(s, S.saboteur_turn), E.AgentMoved)[0]
    assert moved.location == expected and moved.skipped == (blocked,)


def test_step1_full_location_is_impossible():
    """§4.3 Step 1: a location is impossible if "all of its action spaces are occupied"."""
    s = table(current=GOV_RAIN_TOP, agents=(NOWHERE, (GOVERNMENT, 1)), lativ_loc=GOVERNMENT,
              lativ_space=0)
    s = placed(s, 0, GOVERNMENT, 2)
    moved = of(run(s, S.saboteur_turn), E.AgentMoved)[0]
    assert moved.location == LAB


def test_step1_follow_lativ():
    """§4.3 Step 1, Follow Lativ: "Lativ's current Location: Supply, Government, Lab or R&D"; "for
    Follow Lativ, Lativ is in his Office" is impossible; 7.G9: "from Lativ's Main Location,
    continue along the Main Location cycle; from the Supply or from the Office, try Government,
    then Lativ's Lab, then R&D"."""
    s = table(current=FOLLOW_SNOW_TOP, lativ_loc=RND, lativ_space=0)
    assert of(run(s, S.saboteur_turn), E.AgentMoved)[0].location == RND
    s = table(current=FOLLOW_SNOW_TOP, lativ_loc=OFFICE, lativ_space=-1)
    moved = of(run(s, S.saboteur_turn), E.AgentMoved)[0]
    assert moved.location == GOVERNMENT and moved.skipped == (OFFICE,)
    s = table(current=FOLLOW_SNOW_TOP, lativ_loc=RND, lativ_space=0, agents=((RND, 1), NOWHERE))
    assert of(run(s, S.saboteur_turn), E.AgentMoved)[0].location == GOVERNMENT  # R&D -> Gov
    s = table(current=FOLLOW_SNOW_TOP)  # Lativ in the Supply
    assert of(run(s, S.saboteur_turn), E.AgentMoved)[0].location == SUPPLY
    assert S.destinations(s, SOLO.report(FOLLOW_SNOW_TOP)) == (SUPPLY, GOVERNMENT, LAB, RND)


def test_step2_action_space():
    """§4.3 Step 2: "take A (leftmost, '&') if empty; otherwise C (rightmost) if empty; otherwise B
    (middle)"; "Supply: take the leftmost empty Supply action space" (7.G7)."""
    s = table(current=GOV_RAIN_TOP)
    assert of(run(s, S.saboteur_turn), E.AgentMoved)[0].space == 0
    s = placed(table(current=GOV_RAIN_TOP), 0, GOVERNMENT, 0)
    assert of(run(s, S.saboteur_turn), E.AgentMoved)[0].space == 2
    s = placed(table(current=GOV_RAIN_TOP, agents=(NOWHERE, (GOVERNMENT, 2))), 0, GOVERNMENT, 0)
    assert of(run(s, S.saboteur_turn), E.AgentMoved)[0].space == 1
    s = placed(table(current=SUPPLY_WIND_BOTTOM), 0, SUPPLY, 0)
    assert of(run(s, S.saboteur_turn), E.AgentMoved)[0].space == 1


def test_step3_figures_to_the_left():
    """§4.3 Step 3: "Applies only in a Main Location, and only if the agent took B or C. Raise the
    TV by 1 for each figure on an action space to the left of the agent's space. Figures are your
    Scientist, the other agent, and Lativ" (7.G8). "Nothing happens for space A or in the
    Supply"."""
    s = table(current=GOV_RAIN_TOP, agents=(NOWHERE, (GOVERNMENT, 1)))
    s = placed(s, 0, GOVERNMENT, 0)  # A and B taken: the agent takes C with 2 figures left
    c = run(s, S.saboteur_turn)
    assert (2, "figures") in tv_rises(c)
    s = placed(table(current=GOV_RAIN_TOP, lativ_loc=GOVERNMENT, lativ_space=2), 0, GOVERNMENT, 1)
    assert not any(why == "figures" for _n, why in tv_rises(run(s, S.saboteur_turn)))  # A


def test_step4_lativ_moves():
    """§4.3 Step 4: "If Lativ is in the Location the agent just entered, he moves exactly as in the
    multiplayer rules: He goes to the next Location in numeric order. In a Main Location he takes
    the leftmost empty action space ... The 2-player Research token discard applies when he moves
    to Government or R&D"."""
    s = table(current=LAB_SNOW_TOP, lativ_loc=LAB, lativ_space=1, assistant=SUN,
              agents=(NOWHERE, (RND, 0)))
    c = run(s, S.saboteur_turn)
    moved = of(c, LativMoved)[0]
    assert (moved.location, moved.space) == (RND, 1)  # the agent stands on R&D's A
    assert of(c, ResearchTokenDiscarded)[0].token == f"R:{SUN}"
    s = table(current=SUPPLY_WIND_BOTTOM)  # Lativ in the Supply: on to Government
    assert of(run(s, S.saboteur_turn), LativMoved)[0].location == GOVERNMENT


# -- §4.4 Location actions ---------------------------------------------------------------------


def test_supply_initiative_and_two_chemicals():
    """§4.4.1: "If you currently hold the first Initiative position, the Saboteurs take the
    Initiative for free ... If they already hold it, raise the TV by 2 instead. Take 2 Chemicals
    (§4.5.2). Take them one at a time"."""
    c = run(table(), S.supply_actions)
    assert c.s.initiative == (SAB, 0) and len(of(c, E.HideoutChemicalTaken)) == 2
    c = run(table(initiative=(SAB, 0)), S.supply_actions)
    assert tv_rises(c) == [(2, "initiative")]


def test_taking_a_chemical():
    """§4.5.2: "Find the cheapest Supply section that still holds any Chemical ... Among the types
    present in that section, choose the type of which the Hideout holds the fewest. If still tied,
    the arrow picks the topmost or bottommost tied type in the Supply's top-to-bottom order:
    Verdino, Melgoth, Delugium, Calorium, Radieu. Move the leftmost Chemical of that type"."""
    # the arrow: Top -> Verdino, Bottom -> Radieu
    e = of(run(table(priority=GOV_RAIN_TOP), S.take_chemical), E.HideoutChemicalTaken)[0]
    assert (e.weather, e.slot, e.why) == (RAIN, 0, "arrow")
    e = of(run(table(priority=GOV_SUN_BOTTOM), S.take_chemical), E.HideoutChemicalTaken)[0]
    assert e.weather == SNOW
    # the fewest in the Hideout
    s = table(priority=GOV_RAIN_TOP, chems=(1, 0, 1, 1, 1))
    e = of(run(s, S.take_chemical), E.HideoutChemicalTaken)[0]
    assert (e.weather, e.why) == (WIND, "fewest")
    # the cheapest section: only Sun still has Chemicals in section A
    supply = tuple((False, False, True, True, True) if w != SUN else (True,) * 5 for w in range(5))
    e = of(run(table(chem_supply=supply), S.take_chemical), E.HideoutChemicalTaken)[0]
    assert (e.weather, e.slot, e.why) == (SUN, 0, "only")
    # 7.G11: none left
    empty = ((False,) * 5,) * 5
    assert kinds(run(table(chem_supply=empty), S.take_chemical)) == [E.NoChemicalToTake]


def test_government_and_version():
    """§4.4.2 '&' version (space A) only: "a. Take 1 Chemical. b. Flip 1 blue-side-up Subsidy tile
    ... The column is the first column, in base weather order, that still holds a blue-side-up
    tile. The tile is the topmost or bottommost blue-side-up tile in that column, following the
    arrow"."""
    grid = tuple(("S0+", "S1+", "S2+") if w == WIND else ("S3-", "S4-", "S5-") if w == RAIN
                 else ("", "", "") for w in range(5))
    s = table(priority=GOV_RAIN_TOP, gov_grid=grid, bots=0)
    c = run(s, S.government_actions, 0)
    assert kinds(c)[0] == E.HideoutChemicalTaken
    flip = of(c, E.SubsidyFlipped)[0]
    assert (flip.column, flip.row) == (WIND, 0) and c.s.gov_grid[WIND][0] == "S0-"
    c = run(table(priority=GOV_SUN_BOTTOM, gov_grid=grid, bots=0), S.government_actions, 0)
    assert (of(c, E.SubsidyFlipped)[0].row) == 2
    c = run(s, S.government_actions, 1)  # "/" version: no a, no b
    assert not of(c, E.SubsidyFlipped) and E.BotPlacementFailed in kinds(c)


def test_government_g1_to_g3():
    """§4.4.2 G1: "An eligible branch (column) has an empty Bot space whose colour matches a
    Chemical in the Hideout. Pick ... in research-priority order for Government. Prefer branches
    that still have a Government Research token below them ... Put the Bot on a matching empty
    space. If several spaces qualify, the arrow chooses. Return the Chemical that matches the space
    from the Hideout to the Supply (its rightmost empty space of that type)". G2: "remove the
    topmost or bottommost Subsidy tile still present ... following the arrow. Put a Machine Part
    of the Bot space's colour ... in its place". G3: "If a Government Research token remains below
    that branch, move it to the Hideout ... If none remains, raise the TV by 5"."""
    # part colour k matches the Chemical of weather k; Rain's column is red, yellow, green
    supply = tuple((False,) + (True,) * 4 for _ in range(5))
    grid = tuple((f"S{3 * w}+", f"S{3 * w + 1}-", f"S{3 * w + 2}+") for w in range(5))
    s = table(priority=GOV_RAIN_TOP, chems=chems(rain=1), chem_supply=supply, gov_grid=grid)
    c = run(s, S.government_actions, 1)
    bot = of(c, E.SaboteurBotPlaced)[0]
    # eligible columns for Verdino (colour 0, red): Rain (row 0), Fog (row 2), Snow (row 1);
    # research order from Rain: Rain first
    assert (bot.location, bot.branch, bot.space, bot.why) == (GOVERNMENT, RAIN, 0, "gov_token")
    assert c.s.gov_bots[RAIN][0] == SABOTEUR and c.s.solo.hideout.chemicals[RAIN] == 0
    assert c.s.chem_supply[RAIN][0] is True  # back on the rightmost empty space
    part = of(c, E.SaboteurPartPlaced)[0]
    assert (part.column, part.row, part.colour) == (RAIN, 0, 0) and c.s.gov_grid[RAIN][0] == "P0"
    assert "G:0" in c.s.solo.hideout.tokens and c.s.gov_tokens[RAIN] == 1
    # no Government token left below Rain: Fog is preferred (it has one)
    c = run(replace(s, gov_tokens=(0, 2, 2, 2, 2)), S.government_actions, 1)
    assert of(c, E.SaboteurBotPlaced)[0].branch == FOG
    # none with a token: the first eligible, and +5 TV (G3)
    c = run(replace(s, gov_tokens=(0,) * 5), S.government_actions, 1)
    assert of(c, E.SaboteurBotPlaced)[0].why == "gov_first"
    assert tv_rises(c) == [(5, "no_government_token")]
    # priority Sun, Bottom: Fog comes first in the order; G2's arrow picks the bottom tile
    c = run(replace(s, solo=replace(s.solo, deck=replace(s.solo.deck, discard=(GOV_SUN_BOTTOM,)))),
            S.government_actions, 1)
    bot = of(c, E.SaboteurBotPlaced)[0]
    part = of(c, E.SaboteurPartPlaced)[0]
    assert (bot.branch, bot.space) == (FOG, 2) and (part.column, part.row) == (FOG, 2)


def test_government_g4_activation():
    """§4.4.2 G4: "If every Bot space of that branch is now occupied, the Government activates it
    as in the multiplayer rules: you gain 3 CP per Bot of yours in the branch; the TV rises by 3
    per Saboteur Bot in the branch"."""
    gov = tuple((EMPTY, 0, SABOTEUR) if w == RAIN else (EMPTY,) * 3 for w in range(5))
    s = table(priority=GOV_RAIN_TOP, chems=chems(rain=1), gov_bots=gov)
    c = run(s, S.government_actions, 1)
    assert c.s.pl[0].cp == s.pl[0].cp + 3
    assert (6, "activation") in tv_rises(c)


def test_government_fallback():
    """§4.4.2 G1: "No eligible branch: skip G2-G4 and use the fallback"; §4.4.5: "Discard the top
    Security Report of the draw pile. It becomes the new priority card. Take 1 Chemical, using the
    new priority card's arrow" (7.G4); "The Saboteurs need a Bot in the Hideout"."""
    s = table(priority=GOV_RAIN_TOP, draw=(GOV_SUN_BOTTOM, 5))
    c = run(s, S.government_actions, 1)
    assert kinds(c) == [E.BotPlacementFailed, E.ReportDiscarded, E.HideoutChemicalTaken]
    assert c.s.solo.deck.priority == GOV_SUN_BOTTOM
    assert of(c, E.HideoutChemicalTaken)[0].weather == SNOW  # Bottom: Radieu
    c = run(table(chems=chems(rain=1), bots=0), S.government_actions, 1)
    assert of(c, E.BotPlacementFailed)[0].why == "no_bot"


def test_lab_award_and_branch_choice():
    """§4.4.3: "a. The Saboteurs take 1 Award token"; L1: "An eligible space is a Weather Machine
    space that is empty or holds one of Lativ's Bots, and ... the Hideout holds the Chemical the
    space requires; the display holds at least one Experiment tile of that branch's weather.
    Choose the branch ... The branch with the most Bots in it ... On a tie, a branch that still has
    a Lab Research token below it. On a further tie, the earliest branch in research-priority order
    for the Lab"; "the arrow picks the topmost or bottommost eligible space"."""
    lab = ((LATIV, EMPTY, EMPTY), (LATIV, 0, EMPTY), (LATIV, EMPTY, EMPTY), (EMPTY,) * 3,
           (EMPTY,) * 3)
    s = table(priority=GOV_RAIN_TOP, chems=chems(rain=1, wind=1, sun=1), lab=lab)
    c = run(s, S.lab_actions, 0)
    assert kinds(c)[0] == E.HideoutAwardTaken and c.s.solo.hideout.awards == 1
    bot = of(c, E.SaboteurBotPlaced)[0]
    assert (bot.branch, bot.space, bot.why) == (WIND, 2, "most_bots")  # Top: the top space
    assert c.s.solo.hideout.chemicals[WIND] == 0
    # a tie broken by the Lab token, then by the order
    lab2 = ((LATIV, EMPTY, EMPTY), (LATIV, EMPTY, EMPTY), (LATIV, EMPTY, EMPTY)) + lab[3:]
    c = run(replace(s, lab=lab2, lab_tokens=(0, 2, 0, 2, 2)), S.lab_actions, 1)
    assert of(c, E.SaboteurBotPlaced)[0].branch == WIND
    assert of(c, E.SaboteurBotPlaced)[0].why == "lab_token"
    c = run(replace(s, lab=lab2), S.lab_actions, 1)
    assert (of(c, E.SaboteurBotPlaced)[0].branch, of(c, E.SaboteurBotPlaced)[0].why) == (
        RAIN, "lab_order")
    # the display: no Fog tile, so Fog's branch is not eligible even with Calorium
    c = run(table(chems=chems(fog=1), lab=lab), S.lab_actions, 1)
    assert of(c, E.BotPlacementFailed)


def test_lab_lativ_bot_displaced():
    """§4.4.3 L1: "If the space holds a Lativ Bot, move that Bot to another empty space of the
    same branch. If there is none, put it beside the Lab". Bottom arrow: the bottom space."""
    lab = ((LATIV, EMPTY, EMPTY),) + ((EMPTY,) * 3,) * 4
    s = table(priority=GOV_SUN_BOTTOM, chems=chems(rain=1), lab=lab, lativ_side=4)
    c = run(s, S.lab_actions, 1)
    assert c.s.lab[RAIN][0] == SABOTEUR and of(c, LativBotDisplaced)[0].space == 1
    full = ((LATIV, 0, 0),) + lab[1:]
    c = run(replace(s, lab=full), S.lab_actions, 1)
    assert of(c, LativBotDisplaced)[0].space == -1 and c.s.lativ_side == 5


def test_running_out():
    """7.G11: "an impossible Chemical take, Award gain or tile placement does nothing"."""
    c = run(table(awards_left=0), S.lab_actions, 0)
    assert kinds(c)[0].__name__ == "NoAwardLeft" and c.s.solo.hideout.awards == 0
    stacks = tuple(() if w == RAIN else (5 + w, 10 + w) for w in range(5))
    c = run(table(ew_stack=stacks), S.place_extreme, RAIN)
    assert kinds(c)[0].__name__ == "NoExtremeWeatherLeft" and c.s.ew_board == table().ew_board


def test_lab_fallback_keeps_award():
    """§4.4.3 L1: "No eligible space: use the fallback. With the '&' version, the Award is still
    kept"."""
    c = run(table(), S.lab_actions, 0)
    assert kinds(c)[:2] == [E.HideoutAwardTaken, E.BotPlacementFailed]
    assert c.s.solo.hideout.awards == 1 and E.ReportDiscarded in kinds(c)


def test_rnd_r1_r2():
    """§4.4.4 R1: "Go through the base weather order and take the first branch that has an empty
    Research space. The arrow picks the topmost or bottommost empty space in it. Place a Hideout
    Bot there." R2: "Does the Hideout hold the Chemical depicted to the left of that space? Yes:
    move that Chemical ... onto the space left of the Bot, then take a Research token. No: nothing
    more happens for this Bot"."""
    w = D.rnd_chemical[RAIN][2]
    s = table(priority=GOV_RAIN_TOP, chems=chems(**{("rain", "wind")[w]: 1}))
    c = run(s, S.rnd_actions, 0)
    first = of(c, E.SaboteurBotPlaced)[0]
    assert (first.branch, first.space, first.why) == (RAIN, 2, "free")
    assert c.s.rnd_chem[RAIN][2] == w and f"R:{RAIN}" in c.s.solo.hideout.tokens
    c = run(table(priority=GOV_RAIN_TOP), S.rnd_actions, 0)
    assert of(c, E.NoChemicalForBot)[0].branch == RAIN and c.s.rnd[RAIN][2] == SABOTEUR
    assert E.BotPlacementFailed in kinds(c)  # then R3 has no Chemical: the fallback


def test_rnd_r3_r4():
    """§4.4.4 R3: "An eligible branch has an empty Research space whose required Chemical is in the
    Hideout. Pick in research-priority order for R&D. Prefer branches that still have an R&D
    Research token below them ... Place the Bot and move the required Chemical from the Hideout
    onto the space left of the Bot." R4: the R&D Research token (§4.5.4); "In R&D the Saboteurs
    never pay the extra cost of a bottom space"."""
    s = table(priority=GOV_SUN_BOTTOM, chems=chems(fog=1))  # Calorium: Sun (1), Fog (0 and 2)
    c = run(s, S.rnd_actions, 1)
    bot = of(c, E.SaboteurBotPlaced)[0]
    assert (bot.branch, bot.space, bot.why) == (SUN, 1, "rnd_token")
    assert c.s.rnd_chem[SUN][1] == FOG and f"R:{SUN}" in c.s.solo.hideout.tokens
    assert c.s.solo.hideout.chemicals == (0,) * 5 and c.s.solo.hideout.bots == 11
    c = run(replace(s, rnd_tokens=(2, 2, 0, 2, 2)), S.rnd_actions, 1)
    bot = of(c, E.SaboteurBotPlaced)[0]
    assert (bot.branch, bot.space) == (FOG, 0)  # Bottom: the bottom of Fog's two spaces
    c = run(replace(s, rnd_tokens=(0,) * 5), S.rnd_actions, 1)
    assert of(c, E.SaboteurBotPlaced)[0].why == "rnd_first"


def test_rnd_token_none_left_and_completed():
    """§4.5.4: "If none remains: raise the TV by 5; unlock the Citation of that weather, if it is
    still locked"; 7.G16: "if the Saboteurs' Bot completes the branch, treat it as 'no token' (+5
    TV and the unlock), even if a token remains"; §4.5.5 Publish or Perish: "each Lock token the
    Saboteurs remove also raises the TV by 5"."""
    s = table(rnd_tokens=(0, 2, 2, 2, 2))
    c = run(s, S.rnd_token, RAIN)
    assert tv_rises(c) == [(5, "no_rnd_token")] and of(c, LockRemoved)[0].weather == RAIN
    c = run(replace(s, locks=(False,) + (True,) * 4), S.rnd_token, RAIN)
    assert tv_rises(c) == [(5, "no_rnd_token")] and not of(c, LockRemoved)
    full = ((SABOTEUR,) * 3,) + ((EMPTY,) * 3,) * 4
    c = run(table(rnd=full, challenges=(12,)), S.rnd_token, RAIN)
    assert tv_rises(c) == [(5, "completed"), (5, "unlock")] and c.s.rnd_tokens[RAIN] == 2


# -- §4.5.6 Research-token sets, §4.5.7 Extreme Weather ------------------------------------------


def test_three_token_set():
    """§4.5.6: "A set of weather W uses at most one Research token of W from each of the three Main
    Locations, and at least one real Research token. Award tokens fill the missing places. If W's
    Citation is locked, a set needs 3 tokens." Effects: "Remove its tokens, including the Awards
    used ... Place the top Extreme Weather tile of W ... Discard the top Security Report. Unlock
    W's Citation." §4.5.7: "Place it on that weather's space in R&D, covering any tile"."""
    s = table(priority=GOV_RAIN_TOP, tokens=("G:1", "G:1", "R:1"), awards=2, draw=(4, 5))
    c = run(s, S.resolve_token_set)
    done = of(c, E.TokenSetResolved)[0]
    assert (done.weather, done.tokens, done.awards, done.size) == (WIND, ("G:1", "R:1"), 1, 3)
    assert c.s.solo.hideout.tokens == ("G:1",) and c.s.solo.hideout.awards == 1
    assert of(c, ExtremeWeatherEscalated)[0].weather == WIND and c.s.ew_board[WIND][-1] == 6
    assert c.s.solo.deck.priority == 4 and not c.s.locks[WIND]


def test_set_order_and_only_one():
    """§4.5.6: "Go through the base weather order of the current priority card and take the first
    valid 3-token set among the locked weathers ... Resolve only that one set this turn"."""
    s = table(priority=GOV_SUN_BOTTOM, tokens=("G:0", "L:0", "R:0", "G:4", "L:4", "R:4"))
    c = run(s, S.resolve_token_set)
    assert [e.weather for e in of(c, E.TokenSetResolved)] == [SNOW]  # Sun, Fog, Snow, Rain, Wind


def test_two_token_set():
    """§4.5.6: "If W's Citation is unlocked, a set needs 2 tokens. Effects of a 2-token set: Remove
    its 2 tokens ... Then either raise the TV by 5 or discard the top Security Report. ... you
    choose. If the draw pile is empty, the TV must rise" (7.G13)."""
    s = table(tokens=("L:2",), awards=1, locks=(True, True, False, True, True), draw=(4, 5))
    c = run(s, S.resolve_token_set)
    assert of(c, E.TokenSetResolved)[0].size == 2 and c.s.solo.pending_set == SUN
    d = run(c.s, S.choose_set_reward, True)
    assert d.s.solo.deck.priority == 4 and d.s.solo.pending_set == -1
    d = run(c.s, S.choose_set_reward, False)
    assert tv_rises(d) == [(5, "two_set")]
    c = run(replace(s, solo=replace(s.solo, deck=replace(s.solo.deck, draw=()))),
            S.resolve_token_set)
    assert tv_rises(c) == [(5, "two_set")] and c.s.solo.pending_set == -1


def test_three_tokens_of_an_unlocked_weather():
    """7.G14: "a third token can give them a 3-token set of an unlocked weather. The app then
    applies the 3-token effects and skips the unlock"."""
    s = table(tokens=("G:2", "L:2", "R:2"), locks=(True, True, False, True, True), draw=(4,))
    c = run(s, S.resolve_token_set)
    assert of(c, E.TokenSetResolved)[0].size == 3 and not of(c, LockRemoved)
    assert of(c, ExtremeWeatherEscalated)


def test_step7_set_after_the_draw():
    """§4.3 Step 7 (7.G3): "Check the Hideout for a complete set and resolve at most one. The
    priority card used here is the report just discarded in Step 6"."""
    s = table(current=SUPPLY_FOG_TOP, priority=GOV_RAIN_TOP, draw=(4, 5),
              tokens=("G:3", "L:3", "R:3", "G:0", "L:0", "R:0"))
    c = run(s, S.saboteur_turn)
    assert kinds(c).index(E.ReportDrawn) < kinds(c).index(E.TokenSetResolved)
    assert of(c, E.TokenSetResolved)[0].weather == FOG  # the Fog card just used, not Rain


# -- §4.6 Phase B, §4.7 Phase C, §4.2 the player's turn -----------------------------------------


def test_experiment_runs_with_saboteur_bots():
    """§4.6: "Return each of their Bots to the Hideout, and raise the TV by the tile's CP for each
    Bot. They pay nothing and gain no benefit. Then, if a Lab Research token of that weather
    remains below the branch, move it to the Hideout"."""
    lab = ((SABOTEUR, SABOTEUR, 0),) + ((EMPTY,) * 3,) * 4
    c = run(table(lab=lab, bots=10), S.saboteurs_experiment, RAIN)
    assert c.s.lab[RAIN] == (EMPTY, EMPTY, 0) and c.s.solo.hideout.bots == 12
    assert tv_rises(c) == [(2 * D.experiments[0].cp, "experiment")]
    assert "L:0" in c.s.solo.hideout.tokens


def test_experiment_not_run():
    """§4.6: "If at least one Saboteur Bot is in the branch, place a new Extreme Weather tile of
    that weather. The Saboteur Bots stay"; §5.4: "Do not place any new Extreme Weather tiles at
    this time" (the final Phase B)."""
    lab = ((SABOTEUR, EMPTY, EMPTY),) + ((EMPTY,) * 3,) * 4
    c = run(table(lab=lab), S.experiment_not_run, RAIN)
    assert of(c, ExtremeWeatherEscalated) and c.s.lab[RAIN][0] == SABOTEUR
    assert kinds(c) == [E.SaboteurBotsStay, ExtremeWeatherEscalated]  # the line says why
    assert not run(table(lab=lab), S.experiment_not_run, RAIN, True).ev
    assert not run(table(), S.experiment_not_run, RAIN).ev


def test_income_changes():
    """§4.7: "the Saboteurs gain none; Jamming Devices: raise the TV by 1 for each Saboteur Bot on
    the main board; Creative Accounting: move one of your Funding markers back 1 space, on a track
    where this is possible"."""
    gov = ((SABOTEUR, EMPTY, EMPTY),) + ((EMPTY,) * 3,) * 4
    rnd = ((EMPTY, SABOTEUR, EMPTY),) + ((EMPTY,) * 3,) * 4
    assert not run(table(gov_bots=gov, rnd=rnd), S.saboteurs_income).ev
    c = run(table(gov_bots=gov, rnd=rnd, challenges=(2,)), S.saboteurs_income)
    assert tv_rises(c) == [(2, "jamming")]
    s = with_player(table(challenges=(3,)), 0, funding=(0, 3, 1))
    assert S.funding_back_tracks(s, 0) == (1, 2)
    assert run(s, S.funding_back, 0, 1).s.pl[0].funding == (0, 2, 1)
    assert S.funding_back_tracks(table(), 0) == ()


def test_player_turn_changes():
    """§4.2: "Government activation caused by you: raise the TV by 3 for each Saboteur Bot in the
    activated branch"; "Breakthrough: raise the TV by 2 for each Saboteur Bot that provides a
    Machine Part"; "One Step Ahead: if the Saboteurs' Initiative marker is in the leftmost (first)
    position, raise the TV by 3"."""
    gov = ((SABOTEUR, 0, SABOTEUR),) + ((EMPTY,) * 3,) * 4
    assert tv_rises(run(table(gov_bots=gov), S.activation_tv, RAIN)) == [(6, "activation")]
    assert tv_rises(run(table(), S.prototype_tv, 2)) == [(4, "prototype")]
    s = table(challenges=(7,), initiative=(SAB, 0))
    assert tv_rises(run(s, S.end_of_player_turn)) == [(3, "one_step_ahead")]
    assert not run(table(challenges=(7,)), S.end_of_player_turn).ev


# -- §5 End of game -----------------------------------------------------------------------------


def winner(**changes) -> WMState:
    """A player with 40 CP, six Funding-track Goal tiles met on the Goal spaces, and all three
    Funding markers on space 6."""
    goals = tuple((i, g, False) for i, g in enumerate((2, 5, 8, 18, 22, 25)))
    return with_player(table(tv=35, **changes), 0, cp=40, funding=(6, 6, 6), goals_set=goals)


def test_immediate_victory():
    """§5.1: "your CP is higher than the current TV (without the +30); you currently meet the
    conditions of at least 4 of the Goal tiles on your Laboratory's Goal spaces; at least 2 of your
    Funding markers are on or beyond the 5th space of their track. The starting space counts as
    space 0"."""
    c = run(winner(), S.start_of_player_turn, 0)
    assert kinds(c) == [E.PlayerTurnBegan, E.SoloDecided]
    assert c.s.solo.outcome == ("won", "good_name")
    assert not run(c.s, S.saboteur_turn).ev  # the game is decided
    assert not S.immediate_victory(with_player(winner(), 0, cp=35), 0)
    assert not S.immediate_victory(with_player(winner(), 0, funding=(5, 4, 4),
                                               goals_set=winner().pl[0].goals_set), 0)
    three = winner().pl[0].goals_set[:3]
    assert not S.immediate_victory(with_player(winner(), 0, goals_set=three), 0)


def test_immediate_loss_extreme_weather():
    """§5.3: "at the end of your turn, 2 or more Level 3 Extreme Weather tiles are on the
    board"."""
    board = tuple((w, 5 + w, 10 + w) if w < 2 else (w,) for w in range(5))
    assert run(table(ew_board=board), S.end_of_player_turn).s.solo.outcome == ("lost", "extreme")
    one = tuple((w, 5 + w, 10 + w) if w < 1 else (w,) for w in range(5))
    assert not run(table(ew_board=one), S.end_of_player_turn).ev


def test_final_scoring_and_result():
    """§5.4: "Saboteurs: raise the TV by 30"; §5.2: "You win if your final CP is higher than the
    final TV. A tie is a loss"; §5.5: "Nobel Laureate: you cannot win without the Nobel Prize.
    Only Overachievers Apply: ... at least 5 of the Goal tiles ... Publish or Perish: only an
    immediate victory counts"."""
    c = run(table(tv=40), S.final_tv)
    assert c.s.solo.tv == 70
    s = with_player(c.s, 0, cp=71)
    assert S.player_won(s, 0)
    assert not S.player_won(with_player(s, 0, cp=70), 0)
    assert not S.player_won(replace(s, solo=replace(s.solo, challenges=(4,))), 0)
    assert S.player_won(with_player(replace(s, solo=replace(s.solo, challenges=(4,))), 0,
                                    nobel=True), 0)
    assert not S.player_won(replace(s, solo=replace(s.solo, challenges=(5,))), 0)
    assert not S.player_won(replace(s, solo=replace(s.solo, challenges=(12,))), 0)
    won = run(replace(winner(), solo=replace(winner().solo, challenges=(12,))),
              S.start_of_player_turn, 0).s
    assert S.player_won(won, 0)


# -- whole runs: conservation and the log ------------------------------------------------------


def problems(s: WMState) -> list[str]:
    """Every component the Saboteurs touch still somewhere, once."""
    h = s.solo.hideout
    bad = []
    chem = (sum(map(sum, s.chem_supply)) + sum(h.chemicals)
            + sum(1 for br in s.rnd_chem for x in br if x != EMPTY))
    bad += [f"chemicals {chem}"] * (chem != 25)
    bots = h.bots + sum(x == SABOTEUR for a in (s.gov_bots, s.lab, s.rnd) for br in a for x in br)
    bad += [f"bots {bots}"] * (bots != 12)
    tokens = (sum(s.gov_tokens) + sum(s.lab_tokens) + sum(s.rnd_tokens) + s.removed_tokens
              + len(h.tokens))
    bad += [f"tokens {tokens}"] * (tokens != 30)
    awards = s.awards_left + h.awards + s.solo.awards_spent
    bad += [f"awards {awards}"] * (awards != D.awards)
    deck = s.solo.deck
    cards = len(deck.draw) + len(deck.discard) + len(deck.removed) + (deck.current != NO_REPORT)
    bad += [f"reports {cards}"] * (cards != 20)
    return bad


def test_whole_runs_keep_components_and_speak():
    """Saboteur turns from setup until the deck runs out (each Challenge card once, two-token sets
    answered both ways): every component is somewhere, every event has an applier and a line from
    the catalogue with no unfilled field."""
    seen: set[type] = set()
    for seed in range(1, 25):
        s = replace(fresh(2, seed), players=1)
        c = Ctx(s)
        S.set_up_saboteurs(c, rng(seed, 3), (seed % 12 + 1,))
        turns = 0
        while not c.s.solo.outcome[0]:
            if c.s.solo.pending_set >= 0:
                S.choose_set_reward(c, turns % 2 == 0)
            S.saboteur_turn(c)
            turns += 1
            assert problems(c.s) == [], (seed, turns)
        assert turns <= 19
        for e in c.ev:
            if e.__class__ in LINES:
                seen.add(e.__class__)
                text = tr(describe_solo_event(c.s, e))
                assert text and "{" not in text, e
    assert {E.SaboteursJoined, E.AgentMoved, E.SaboteurBotPlaced, E.TokenSetResolved,
            E.HideoutChemicalTaken, E.ReportDrawn} <= seen


def test_every_event_applied_and_worded():
    """Each solo event has one applier and one line; each key the lines name is in the
    catalogue, every reason key too; chance and reveal are marked."""
    assert all(cls in APPLY for cls in E.SOLO_EVENTS)
    assert set(LINES) == set(E.SOLO_EVENTS)
    for prefix, reasons in REASONS.items():
        for r in reasons:
            assert f"{prefix}.{r}" in CATALOGUE
    assert E.ReportsShuffled.chance and E.HideoutChemicalsDrawn.chance
    assert E.ReportDrawn.reveal and E.ReportDiscarded.reveal and not E.ReportPlayed.reveal
