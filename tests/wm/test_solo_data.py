"""Issue 20, the solo mode's component data (``data/solo.toml`` read by ``solo_data.py``): every
Security Report, Challenge card and ladder level against the reference
(``../shared/rules/weather-machine-solo.md``, quoted), the setup and procedure numbers, the
catalogue keys the data names, the readings listed for players, and the loader's refusals."""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from weather_tabletop import i18n
from weather_tabletop.games.weather_machine import solo_data as S
from weather_tabletop.games.weather_machine.data import (GOVERNMENT, LAB, RND, SUPPLY, V_GOV, V_LAB,
                                                         V_RND, V_SCI, V_SUPPLY, load)
from weather_tabletop.games.weather_machine.solo_data import (
    BOTTOM, FOLLOW_LATIV, PINK, SOLO, TOP, WHITE, Condition, ExtraHideoutChemical,
    HideoutChemicalsEach, IncomeFundingBack, IncomeTvPerBoardBot, LabFundingModifier,
    LowerStartTargetValue, NoAgentVouchers, NoCitationTokens, NoSaboteurParts, NoUnlockPurchase,
    RemoveReports, SoloDataError, StartAwards, TurnEndTvIfInitiative, UnlockTv, WinOnlyImmediate,
    WinRequiresGoals, WinRequiresNobel, parse)

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "weather_tabletop" / "games" / "weather_machine"
TOML = (PACKAGE / "data" / "solo.toml").read_text(encoding="utf-8")
CATALOGUE = json.loads((PACKAGE / "locale" / "en" / "solo.json").read_text(encoding="utf-8"))
DOC = ROOT / "docs" / "weather-machine-solo.md"
D = load()
RAIN, WIND, SUN, FOG, SNOW = range(5)
WEATHER = {"Rain": RAIN, "Wind": WIND, "Sun": SUN, "Fog": FOG, "Snow": SNOW}
PLACE = {"Lativ's Lab": LAB, "R&D": RND, "Government": GOVERNMENT, "Supply": SUPPLY,
         "Follow Lativ": FOLLOW_LATIV}


pytestmark = pytest.mark.usefixtures("english")


def tr(m: i18n.Msg) -> str:
    return i18n.tr(m)


# -- §3.2 the 20 Security Reports -------------------------------------------------------------

#: §3.2 "The 20 cards [A] (src/services/Cards.ts)", as printed in the reference
REPORTS_3_2 = """\
| 1 | White | Lativ's Lab | Snow | Top |
| 2 | White | R&D | Fog | Bottom |
| 3 | Pink | R&D | Wind | Top |
| 4 | Pink | Lativ's Lab | Sun | Top |
| 5 | Pink | Lativ's Lab | Sun | Bottom |
| 6 | Pink | Follow Lativ | Snow | Bottom |
| 7 | White | Government | Rain | Top |
| 8 | White | Follow Lativ | Snow | Top |
| 9 | White | Lativ's Lab | Wind | Bottom |
| 10 | White | Follow Lativ | Rain | Top |
| 11 | Pink | Government | Snow | Top |
| 12 | Pink | Follow Lativ | Rain | Bottom |
| 13 | White | Lativ's Lab | Wind | Bottom |
| 14 | Pink | Lativ's Lab | Rain | Top |
| 15 | White | R&D | Sun | Top |
| 16 | Pink | R&D | Fog | Bottom |
| 17 | White | Supply | Wind | Bottom |
| 18 | Pink | Supply | Fog | Top |
| 19 | Pink | Government | Wind | Bottom |
| 20 | White | Government | Sun | Bottom |"""
ROWS = [[c.strip() for c in line.strip("|").split("|")] for line in REPORTS_3_2.splitlines()]


@pytest.mark.parametrize("row", ROWS, ids=[f"report-{r[0]}" for r in ROWS])
def test_each_security_report_is_the_references_row(row):
    """§3.1: "Each card shows four things: an agent (White or Pink), a location (Supply,
    Government, Lativ's Lab, R&D, or Follow Lativ), a weather, a selection arrow (Top or
    Bottom)"; §3.2 gives the row quoted in the test's parameter."""
    number, agent, place, weather, arrow = row
    card = SOLO.report(int(number))
    assert card.id == int(number)
    assert card.agent == {"White": WHITE, "Pink": PINK}[agent]
    assert card.location == PLACE[place]
    assert card.follows_lativ == (place == "Follow Lativ")
    assert card.main_location == (place in ("Lativ's Lab", "R&D", "Government"))
    assert card.weather == WEATHER[weather]
    assert card.arrow == {"Top": TOP, "Bottom": BOTTOM}[arrow]
    assert tr(card.name()) == f"Security Report {number}"


def test_twenty_reports_and_the_references_totals():
    """§2.1 "20 Security Report cards"; §3.2 Totals: "Agents: 10 White, 10 Pink. Locations: Lab
    6, R&D 4, Government 4, Follow Lativ 4, Supply 2. Weathers: Wind 5, Rain 4, Sun 4, Snow 4,
    Fog 3. Arrows: 10 Top, 10 Bottom. Cards 9 and 13 are identical (see §7, G1)." """
    r = SOLO.reports
    assert len(r) == SOLO.components.security_reports == 20
    assert [c.id for c in r] == list(range(1, 21))
    assert Counter(c.agent for c in r) == {WHITE: 10, PINK: 10}
    assert Counter(c.location for c in r) == {LAB: 6, RND: 4, GOVERNMENT: 4, FOLLOW_LATIV: 4,
                                              SUPPLY: 2}
    assert Counter(c.weather for c in r) == {WIND: 5, RAIN: 4, SUN: 4, SNOW: 4, FOG: 3}
    assert Counter(c.arrow for c in r) == {TOP: 10, BOTTOM: 10}
    same = [(a.id, b.id) for a in r for b in r if a.id < b.id and
            (a.agent, a.location, a.weather, a.arrow) == (b.agent, b.location, b.weather, b.arrow)]
    assert same == [(9, 13)]
    # G1: "use the table as given, keep it in a data file, and mark it as unverified"
    assert SOLO.reports_verified is False


def test_the_start_deck_can_always_keep_one_card_of_each_agent():
    """§2.3 step 11: "Reveal cards one at a time until you have two cards that show a Main
    Location (not Supply, not Follow Lativ) and different agents": each agent has such cards."""
    for agent in (WHITE, PINK):
        assert any(c.main_location and c.agent == agent for c in SOLO.reports)


# -- §2 components and setup ------------------------------------------------------------------


def test_solo_components():
    """§2.1: "2 Saboteur agents: Agent White and Agent Pink. 20 Security Report cards. 12
    Challenge cards. 1 Priority aid. 1 Hideout board." "their Bots, all 12 of them [I]" "They do
    not use a Laboratory or Voucher markers [R]." """
    c = SOLO.components
    assert c.agents == ("white", "pink") and (WHITE, PINK) == (0, 1)
    assert (c.security_reports, c.challenge_cards, c.priority_aids, c.hideout_boards) == (20, 12, 1, 1)
    assert c.saboteur_bots == 12 == 3 * 4  # a player colour's Bots: 4 sections of 3
    assert c.laboratory is False and c.voucher_markers is False
    assert [tr(i18n.msg(f"wm.solo.agent.{a}")) for a in c.agents] == ["Agent White", "Agent Pink"]


def test_setup_numbers():
    """§2.3: "Set up a normal 2-player game"; 1 "Do not block the rightmost action space (C)";
    2 "Put one of Lativ's Bots in each of the 5 Weather Machine branches (the 2-player rule: the
    bottom space)"; 3 "Use only 2 Research tokens of each type in each Main Location"; 6 "Put the
    Saboteurs' Scoring marker on 35 CP"; 7 "the player is first on both"; 9 "Choose 2 different
    Chemical types at random. For each, take the leftmost Chemical of that type"; 10 "The
    Saboteurs start with none"; 12 "Then take your post-setup Supply round. The Saboteurs take
    none." """
    s = SOLO.setup
    assert s.base_players == 2 and s.block_rightmost_spaces is False
    assert s.lativ_bots_per_branch == 1 and s.lativ_bot_space == 0  # space 0 is the bottom
    assert s.research_tokens_per_type == 2 == D.lab_tokens_small
    assert s.start_target_value == 35 == SOLO.target_value.start
    assert s.player_first is True
    assert (s.hideout_chemical_types, s.hideout_chemicals_per_type) == (2, 1)
    assert s.start_awards == 0
    assert s.player_supply_round is True and s.saboteur_supply_round is False
    # G10: "the Saboteurs are not bound by it"
    assert s.saboteurs_bound_in_round_one is False


def test_goal_tile_draw():
    """§2.3 step 4: "Remove every Goal tile with a majority icon in its top-right corner, and the
    tile that requires 3 Award tokens. From the rest, draw 2 tiles of each colour (blue, green,
    purple) at random, 6 tiles in all." G22: "across all 6"."""
    g = SOLO.setup.goals
    assert [(D.goals[i].metric, D.goals[i].target) for i in g.removed] == [("awards", 3)]
    assert g.colours == ("G", "L", "R") and g.per_colour == 2
    assert g.per_colour * len(g.colours) == 6 == len(D.goal_space_colours)
    assert g.distinct_across_colours is True


def test_start_deck():
    """§2.3 step 11: "Place the agent of the first kept card on the middle action space (B) ...
    Place the agent of the second kept card on space B of its own location. If that is the same
    location as the first, use the rightmost space (C) instead." "For each kept card, move 1
    Research token ... The Saboteurs start with 2 Research tokens." "After setup the draw pile
    holds 17 cards, or 15 with The Clock is Ticking." """
    d = SOLO.setup.deck
    assert d.kept_cards == 2
    assert (d.first_agent_space, d.second_agent_space, d.second_agent_space_same_location) == (1, 1, 2)
    assert d.kept_cards * d.research_tokens_per_kept_card == 2
    assert d.draw_pile_after_setup == 17 == 20 - 2 - 1
    clock = SOLO.effects([6], RemoveReports)
    assert d.draw_pile_after_setup - sum(e.n for e in clock) == 15


# -- §3.3-3.5 priority lists, deck flow, Call Security ----------------------------------------

#: §3.3 "Base weather order", as printed
BASE_3_3 = """\
| Rain | Rain, Wind, Sun, Fog, Snow |
| Wind | Wind, Sun, Fog, Snow, Rain |
| Sun | Sun, Fog, Snow, Rain, Wind |
| Fog | Fog, Snow, Rain, Wind, Sun |
| Snow | Snow, Rain, Wind, Sun, Fog |"""


def test_base_weather_orders():
    """§3.3: "Start with the priority card's weather and continue along the weather cycle" (the
    table quoted in BASE_3_3); §2.2 "Weather cycle (branch order): Rain → Wind → Sun → Fog →
    Snow → Rain." """
    p = SOLO.priority
    assert p.weather_cycle == (RAIN, WIND, SUN, FOG, SNOW)
    for line in BASE_3_3.splitlines():
        weather, order = (c.strip() for c in line.strip("|").split("|"))
        assert p.base_order[WEATHER[weather]] == tuple(WEATHER[w] for w in order.split(", "))


def test_location_and_space_orders():
    """§2.2 "The Main Location cycle is Government → Lativ's Lab → R&D → Government"; the Supply
    icon "lists the types top to bottom as Verdino, Melgoth, Delugium, Calorium, Radieu"; §4.5.2
    "section A (1 Voucher) before section B (2) before section C (3)"; §4.3 Step 2 "take A
    (leftmost, '&') if empty; otherwise C (rightmost) if empty; otherwise B (middle)"; G7 "the
    leftmost empty space"; G8 "count your Scientist, the other agent and Lativ"."""
    p = SOLO.priority
    assert p.main_location_cycle == (GOVERNMENT, LAB, RND)
    assert [D.chemical_names[w] for w in p.chemical_order] == \
        ["Verdino", "Melgoth", "Delugium", "Calorium", "Radieu"]
    assert p.chemical_section_order == (0, 1, 2)
    assert [D.chem_take[s] for s in p.chemical_section_order] == [1, 2, 3]
    assert D.chem_section.count(0) == 2 and D.chem_section.count(1) == 2  # §2.2: 2, 2 and 1 spaces
    assert p.main_space_order == (0, 2, 1)
    assert [D.main_spaces[GOVERNMENT][i][1] for i in p.main_space_order] == ["&", "/", "/"]
    assert p.supply_space_order == (0, 1, 2, 3)
    assert p.figures_left == ("scientist", "agent", "lativ")


def test_destinations():
    """§4.3 Step 1: "Government: Government, then Lativ's Lab, R&D; Lativ's Lab: Lativ's Lab, then
    R&D, Government; R&D: R&D, then Government, Lativ's Lab; Supply: Supply, then Government,
    Lativ's Lab, R&D"; G9 "Government → Lab → R&D" from the Supply or the Office."""
    d = SOLO.priority.destination
    assert d[GOVERNMENT] == (GOVERNMENT, LAB, RND)
    assert d[LAB] == (LAB, RND, GOVERNMENT)
    assert d[RND] == (RND, GOVERNMENT, LAB)
    assert d[SUPPLY] == (SUPPLY, GOVERNMENT, LAB, RND)
    assert SOLO.priority.follow_lativ == (GOVERNMENT, LAB, RND)


def test_deck_flow():
    """§3.4: "The draw pile is never reshuffled." "Without extra discards the draw pile lasts 17
    Saboteur turns, or 15 with The Clock is Ticking." G2 "follow the text ... Offer the app's
    stricter check as a configuration option"; G3 "keep the app's order"; G13 "you choose"."""
    d = SOLO.deck
    assert d.reshuffle is False and d.turns_without_discards == 17
    assert d.empty_deck_loss == "text" and S.LOSS_CHECKS == ("text", "app")
    assert d.set_after_draw is True and d.player_chooses_two_token_set is True


def test_call_security():
    """§3.5: "Cost: 1 Voucher of the type of the Location your Scientist is in, or 1 Science
    Voucher." "take the current report and the top 2 cards of the draw pile (3 cards). Make
    current ... Put back ... Discard". "The app offers it whenever at least 2 cards remain in
    the draw pile." G17 "at most once per turn, after you have moved"."""
    c = SOLO.call_security
    assert c.cost == 1 and c.draw_cards == 2 and c.min_draw_pile == 2
    assert c.roles == ("current", "put_back", "discard")
    assert c.voucher_types(SUPPLY) == (V_SUPPLY, V_SCI)
    assert c.voucher_types(GOVERNMENT) == (V_GOV, V_SCI)
    assert c.voucher_types(LAB) == (V_LAB, V_SCI)
    assert c.voucher_types(RND) == (V_RND, V_SCI)
    assert c.uses_per_turn == 1 and c.after_moving is True
    assert tr(c.rule()).startswith("Call Security: pay 1 Voucher of the type of your Scientist's")
    assert "the top 2 cards of the draw pile" in tr(c.rule())


# -- §4.5 Target Value and token sets, §5 the end ----------------------------------------------


def test_target_value_numbers():
    """§4.5.1: "figures to the left (+1 each); the Supply when the Saboteurs already hold the
    Initiative (+2); no Government token (+5); no R&D token (+5); a 2-token set (+5, by your
    choice); Government activation (+3 per Saboteur Bot); experiments (the tile's CP per
    Saboteur Bot); your prototypes (+2 per Saboteur Bot used); ... final scoring (+30)." """
    v = SOLO.target_value
    assert (v.start, v.figure_to_the_left, v.supply_initiative_held) == (35, 1, 2)
    assert (v.no_government_token, v.no_rnd_token, v.two_token_set) == (5, 5, 5)
    assert v.government_activation_per_bot == 3 and v.experiment_tile_cp_per_bot == 1
    assert v.prototype_part_per_bot == 2 and v.end_game == 30


def test_token_sets():
    """§4.5.6: "at most one Research token of W from each of the three Main Locations, and at
    least one real Research token." "If W's Citation is locked, a set needs 3 tokens. If W's
    Citation is unlocked, a set needs 2 tokens." "Resolve only that one set this turn." G14
    "take all 3 tokens"."""
    t = SOLO.token_sets
    assert (t.locked, t.unlocked, t.per_location, t.min_research_tokens, t.per_turn) == (3, 2, 1, 1, 1)
    assert t.three_of_unlocked_is_three_set is True


def test_end_conditions():
    """§5.1: "your CP is higher than the current TV (without the +30); you currently meet the
    conditions of at least 4 of the Goal tiles ...; at least 2 of your Funding markers are on or
    beyond the 5th space of their track. The starting space counts as space 0." §5.3 "2 or more
    Level 3 Extreme Weather tiles". §5.2 "A tie is a loss." G18 "the multiplayer timing"."""
    e = SOLO.end
    assert (e.victory_goals_met, e.victory_funding_markers, e.victory_funding_space) == (4, 2, 5)
    assert (e.loss_extreme_level, e.loss_extreme_tiles) == (3, 2)
    assert e.tie_wins is False and e.extra_rounds == 1


# -- §6 the 12 Challenge cards -----------------------------------------------------------------

#: §6, each row as printed, with the effects the data must give it
CHALLENGES_6 = [
    ("| 1 | Fully Stocked Opponents | At setup the Saboteurs take 1 Chemical of each of the 5 "
     "types instead of 2 random different ones. |", (HideoutChemicalsEach(1),)),
    ("| 2 | Jamming Devices | At each income (Phase C with Lativ in his Office), raise the TV by 1 "
     "for each Saboteur Bot on the main board. |", (IncomeTvPerBoardBot(1),)),
    ("| 3 | Creative Accounting | The Saboteurs start with 1 Award token. At each income, move one "
     "of your Funding markers back 1 space on one track. If any track allows this, you must "
     "choose such a track. |", (StartAwards(1), IncomeFundingBack(1))),
    ("| 4 | Nobel Laureate | The Saboteurs start with 1 extra Chemical of a random type, which may "
     "repeat a type they hold. You cannot win without the Nobel Prize. |",
     (ExtraHideoutChemical(1), WinRequiresNobel())),
    ("| 5 | Only Overachievers Apply | You cannot win unless you meet at least 5 of the Goal "
     "tiles on your Goal spaces. |", (WinRequiresGoals(5),)),
    ("| 6 | The Clock is Ticking | 2 Security Reports are removed from play at setup (§3.6). |",
     (RemoveReports(2),)),
    ("| 7 | One Step Ahead | At the end of each of your turns, if the Saboteurs' Initiative marker "
     "is in the leftmost position, raise the TV by 3. |", (TurnEndTvIfInitiative(3),)),
    ("| 8 | Moral High Ground | When you place your Scientist, you gain no extra Vouchers for "
     "Saboteur agents to your left. |", (NoAgentVouchers(),)),
    ("| 9 | Peer Review | You cannot use Citation tokens when publishing. When you unlock a "
     "Citation space, you may not pay a Science Voucher for 3 CP. |",
     (NoCitationTokens(), NoUnlockPurchase())),
    ("| 10 | Independent Prototypes | The Saboteurs start with 1 Award token. You may not use "
     "Saboteur Bots to provide parts when you build a prototype in a Breakthrough. |",
     (StartAwards(1), NoSaboteurParts())),
    ("| 11 | Budget Cuts | The Saboteurs start with 1 extra Chemical of a random type, which may "
     "repeat a type they hold. When you receive funding from the Lab Funding track, treat the "
     "modifier below your marker as +0. You still gain the Government or R&D track benefits. |",
     (ExtraHideoutChemical(1), LabFundingModifier(0))),
    ("| 12 | Publish or Perish | The starting TV is 5 lower (30). Each time the Saboteurs cause a "
     "Lock token to be removed from a Citation space, raise the TV by 5. You can win only by "
     "immediate victory. |", (LowerStartTargetValue(5), UnlockTv(5), WinOnlyImmediate())),
]


@pytest.mark.parametrize("row,effects", CHALLENGES_6, ids=[f"challenge-{i + 1}" for i in range(12)])
def test_each_challenge_card_is_the_references_row(row, effects):
    """§6 "The 12 Challenge cards [A]": the row quoted in the test's parameter, as its effects,
    its title in the catalogue, and a rule text that renders every number of the row."""
    number, name, text = (c.strip() for c in row.strip().strip("|").split("|"))
    card = SOLO.challenge(int(number))
    assert card.id == int(number)
    assert card.effects == effects
    assert tr(i18n.msg(card.title)) == name
    sentences = [tr(m) for m in card.text()]
    assert len(sentences) == len(effects)
    for said in sentences:
        assert "{" not in said and said.endswith(".")
    for e in effects:
        n = getattr(e, "n", None)
        if n is not None:
            assert re.search(rf"(?<!\d){n}(?!\d)", text)  # the number is the reference's
            assert re.search(rf"(?<!\d){n}(?!\d)", tr(e.message()))


def test_twelve_challenges_and_the_setup_they_change():
    """§2.3 step 6 "It is 30 with Publish or Perish"; step 9 "Fully Stocked Opponents: take 1 of
    each of the 5 types instead. Nobel Laureate and Budget Cuts: each adds 1 more Chemical";
    step 10 "plus 1 for Creative Accounting and 1 for Independent Prototypes. With both cards
    they start with 2"."""
    assert len(SOLO.challenges) == SOLO.components.challenge_cards == 12
    assert [c.id for c in SOLO.challenges] == list(range(1, 13))
    lower = SOLO.effects([12], LowerStartTargetValue)
    assert SOLO.setup.start_target_value - sum(e.n for e in lower) == 30
    assert SOLO.setup.start_awards + sum(e.n for e in SOLO.effects([3, 10], StartAwards)) == 2
    assert [c.id for c in SOLO.challenges if any(isinstance(e, ExtraHideoutChemical)
                                                  for e in c.effects)] == [4, 11]
    assert SOLO.effects(list(range(1, 13)), HideoutChemicalsEach) == (HideoutChemicalsEach(1),)
    assert SOLO.effects([], StartAwards) == ()


def test_every_effect_kind_is_on_a_card():
    used = {type(e) for c in SOLO.challenges for e in c.effects}
    assert used == set(S.EFFECTS.values())


# -- §5.6 the qualification ladder -------------------------------------------------------------

#: §5.6, each row as printed, with the conditions the data must give it
LADDER_5_6 = [
    ("| 1 | Terraformer | 120+ CP; your lowest Funding marker on at least the 4th space; your "
     "highest Funding marker on the last space; 6+ Workshop tiles; at most 2 Vouchers left in "
     "total |",
     (("cp", 120, False), ("lowest_funding", 4, False), ("highest_funding", 7, False),
      ("workshop_tiles", 6, False), ("vouchers", 2, True))),
    ("| 2 | Climatologist | 110+ CP; the Nobel Prize; 4+ Goal tiles met; all Bots unlocked |",
     (("cp", 110, False), ("nobel", 1, False), ("goals_met", 4, False), ("line_bots", 0, True))),
    ("| 3 | Meteorologist | 100+ CP; 3+ papers published; at least one Funding marker on the 8th "
     "space or beyond; 3+ Goal tiles met; 2+ Awards |",
     (("cp", 100, False), ("papers", 3, False), ("highest_funding", 7, False),
      ("goals_met", 3, False), ("awards", 2, False))),
    ("| 4 | Forecaster | 3+ papers published; 7+ of your Bots on the main board; 3+ Goal tiles "
     "met; 1+ Award |",
     (("papers", 3, False), ("board_bots", 7, False), ("goals_met", 3, False),
      ("awards", 1, False))),
    ("| 5 | Stormchaser | 2+ Goal tiles met; 1+ Award |",
     (("goals_met", 2, False), ("awards", 1, False))),
]


@pytest.mark.parametrize("row,conditions", LADDER_5_6, ids=[f"level-{i + 1}" for i in range(5)])
def test_each_ladder_level_is_the_references_row(row, conditions):
    """§5.6 "the title ladder [A]": the row quoted in the test's parameter. G19: spaces counted
    from 0; "all Bots unlocked" is no Bot left on the Assembly Line. The project's Funding
    tracks have spaces 0-7, so "the last space" and "the 8th space or beyond" are space 7."""
    number, title, text = (c.strip() for c in row.strip().strip("|").split("|"))
    level = SOLO.ladder.levels[int(number) - 1]
    assert level.level == int(number)
    assert tr(i18n.msg(level.title)) == title
    assert tr(level.heading()) == f"Level {number}: {title}"
    assert level.conditions == tuple(Condition(*c) for c in conditions)
    assert len(level.conditions) == len(text.split("; "))
    for c in level.conditions:
        said = tr(c.message())
        assert "{" not in said
        if c.metric not in S.FIXED_BOUND:
            assert str(c.n) in said
    assert D.funding_length - 1 == 7


def test_five_levels_and_how_one_is_earned():
    """§5.6: "Level 1 is the best. You earn the best-numbered level whose conditions all hold."
    G19: "award titles only after a win"."""
    ladder = SOLO.ladder
    assert len(ladder.levels) == 5 and ladder.requires_win is True
    nothing = {m: 0 for m in S.METRICS} | {"vouchers": 9, "line_bots": 3}
    assert ladder.level_for(nothing, won=True) is None
    storm = nothing | {"goals_met": 2, "awards": 1}
    assert ladder.level_for(storm, won=True) == 5
    assert ladder.level_for(storm, won=False) is None
    forecaster = storm | {"papers": 3, "board_bots": 7, "goals_met": 3}
    assert ladder.level_for(forecaster, won=True) == 4
    meteo = forecaster | {"cp": 100, "highest_funding": 7, "awards": 2}
    assert ladder.level_for(meteo, won=True) == 3
    climatologist = meteo | {"cp": 110, "nobel": 1, "goals_met": 4, "line_bots": 0}
    assert ladder.level_for(climatologist, won=True) == 2
    terraformer = nothing | {"cp": 120, "lowest_funding": 4, "highest_funding": 7,
                             "workshop_tiles": 6, "vouchers": 2}
    assert ladder.level_for(terraformer, won=True) == 1
    assert ladder.level_for(terraformer | {"vouchers": 3}, won=True) is None


# -- the catalogue and the readings ------------------------------------------------------------


def _fields(text) -> set[str]:
    texts = text.values() if isinstance(text, dict) else [text]
    return {f[1] for t in texts for f in string.Formatter().parse(t) if f[1]}


def test_every_key_the_data_names_is_in_the_english_catalogue_with_its_fields():
    names = SOLO.catalogue_keys()
    missing = sorted(set(names) - set(CATALOGUE))
    assert not missing
    differ = {k: (sorted(f), sorted(_fields(CATALOGUE[k]))) for k, f in names.items()
              if set(f) != _fields(CATALOGUE[k])}
    assert not differ
    for key, value in CATALOGUE.items():
        assert key.startswith("wm.solo.")
        if isinstance(value, dict):
            assert "other" in value and set(value) <= set(i18n.PLURAL_FORMS)
            assert _fields(value) >= {"n"}
    assert "Agent White" in tr(i18n.msg("wm.solo.agent.white"))


def test_the_solo_catalogue_is_merged_without_clashes():
    """Its keys reach the reader through i18n (the game's catalogue parts) and no other catalogue
    than solo.json (English, and each language's translation of it) holds them."""
    for key in SOLO.catalogue_keys():
        assert tr(i18n.msg(key, n=1, title="x", cards=2)) != key
    others = [p for p in (ROOT / "weather_tabletop").glob("**/locale/**/*.json")
              if p.name != "solo.json"]  # en/solo.json and its translations (zh-TW/solo.json)
    for path in others:
        keys = json.loads(path.read_text(encoding="utf-8"))
        assert not [k for k in keys if k.startswith("wm.solo.")], path


def test_the_readings_document_lists_the_catalogue_readings_in_order():
    """docs/weather-machine-solo.md, one line per reading chosen (§7), is the catalogue's
    ``wm.solo.reading.*`` sentences in the order of solo.toml's [readings]."""
    lines = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("- ")]
    said = [re.match(r"- (§[^:]+): (.*)$", line).groups() for line in lines]
    assert [text for _label, text in said] == [tr(i18n.msg(k)) for k in SOLO.readings]
    for (label, _text), key in zip(said, SOLO.readings):
        gap = re.fullmatch(r"wm\.solo\.reading\.g(\d+)", key)
        assert label == (f"§7 G{gap.group(1)}" if gap else label)


def test_every_reading_the_data_file_marks_is_listed():
    """Each ``reading chosen: 7.Gn`` in solo.toml is a reading of the list; every §7 entry with a
    rules meaning (all but G20, the helper app's display bug) is listed."""
    marked = {int(n) for n in re.findall(r"reading chosen: 7\.G(\d+)", TOML)}
    listed = {int(k.rsplit(".g", 1)[1]) for k in SOLO.readings if re.search(r"\.g\d+$", k)}
    assert marked and marked <= listed
    assert listed == set(range(1, 25)) - {20}
    assert marked >= {1, 2, 3, 7, 8, 9, 10, 13, 14, 17, 18, 19, 22}


def test_the_solo_data_needs_no_pygame():
    code = ("import sys; import weather_tabletop.games.weather_machine.solo_data as s; "
            "assert 'pygame' not in sys.modules; print(len(s.SOLO.reports))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "20"


# -- the loader's refusals ---------------------------------------------------------------------


def _changed(old: str, new: str, count: int = 1) -> str:
    assert TOML.count(old) >= count, old
    return TOML.replace(old, new, count)


REFUSALS = [
    ("not toml", TOML + "\n[[[", r"solo\.toml: "),
    ("bad arrow", _changed('weather = "snow", arrow = "top" }', 'weather = "snow", arrow = "up" }'),
     r"security_reports\.cards\[0\]\.arrow: must be one of top, bottom, not 'up'"),
    ("bad agent", _changed('{ id = 3, agent = "pink"', '{ id = 3, agent = "green"'),
     r"security_reports\.cards\[2\]\.agent"),
    ("bad location", _changed('id = 17, agent = "white", location = "supply"',
                              'id = 17, agent = "white", location = "office"'),
     r"security_reports\.cards\[16\]\.location"),
    ("card out of order", _changed("{ id = 5,", "{ id = 50,"),
     r"security_reports\.cards\[4\]\.id: must be a whole number 5\.\.5, not 50"),
    ("a card missing", _changed(
        '  { id = 20, agent = "white", location = "government", weather = "sun", arrow = "bottom" },\n',
        ""), r"security_reports\.cards: must be a list of 20"),
    ("unknown key", _changed('arrow = "top" }', 'arrow = "top", colour = 3 }'),
     r"security_reports\.cards\[0\]: unknown key\(s\) colour"),
    ("missing key", _changed("start_target_value = 35\n", ""),
     r"solo\.toml\.setup: 'start_target_value' is missing"),
    ("true for a number", _changed("\nper_turn = 1\n", "\nper_turn = true\n"),
     r"token_sets\.per_turn: must be a whole number"),
    ("number for a flag", _changed("reshuffle = false", "reshuffle = 0"),
     r"deck\.reshuffle: must be true or false, not 0"),
    ("start TV disagrees", _changed("start = 35", "start = 36"),
     r"setup\.start_target_value and target_value\.start differ"),
    ("draw pile count", _changed("draw_pile_after_setup = 17", "draw_pile_after_setup = 16"),
     r"draw_pile_after_setup must be 17"),
    ("base order off the cycle", _changed('sun = ["sun", "fog", "snow", "rain", "wind"]',
                                          'sun = ["sun", "snow", "fog", "rain", "wind"]'),
     r"priority\.base_order\.sun: must start with its weather and follow the weather cycle"),
    ("destination", _changed('lab = ["lab", "rnd", "government"]', 'lab = ["rnd", "lab"]'),
     r"priority\.destination\.lab: must start with lab"),
    ("space order", _changed("main_space_order = [0, 2, 1]", "main_space_order = [0, 2, 2]"),
     r"priority\.main_space_order: must order 0\.\.2"),
    ("unknown Goal tile", _changed('removed = ["awards:3"]', 'removed = ["awards:9"]'),
     r"setup\.goals\.removed\[0\]: no Goal tile is 'awards:9'"),
    ("unknown effect", _changed('{ kind = "unlock_tv", n = 5 }', '{ kind = "unlock_tvs", n = 5 }'),
     r"challenge\[11\]\.effects\[1\]\.kind: must be one of"),
    ("effect without its number", _changed('{ kind = "unlock_tv", n = 5 }', '{ kind = "unlock_tv" }'),
     r"challenge\[11\]\.effects\[1\]: 'n' is missing"),
    ("effect with a stray number", _changed('{ kind = "win_only_immediate" }',
                                            '{ kind = "win_only_immediate", n = 1 }'),
     r"challenge\[11\]\.effects\[2\]: unknown key\(s\) n"),
    ("negative number", _changed('{ kind = "remove_reports", n = 2 }', '{ kind = "remove_reports", n = -2 }'),
     r"challenge\[5\]\.effects\[0\]\.n: must be a whole number at least 1, not -2"),
    ("no effects", _changed('effects = [{ kind = "win_requires_goals", n = 5 }]', "effects = []"),
     r"challenge\[4\]\.effects: a Challenge card has at least one effect"),
    ("title not a key", _changed('title = "wm.solo.challenge.peer_review"', 'title = "Peer Review"'),
     r"challenge\[8\]\.title: must be a catalogue key"),
    ("a challenge missing", TOML.replace("[[challenge]]", "[[ignored]]", 1),
     r"challenge: must be 12 \[\[challenge\]\] tables"),
    ("unknown metric", _changed('{ metric = "board_bots", atleast = 7 }', '{ metric = "bots", atleast = 7 }'),
     r"ladder\.level\[3\]\.conditions\[1\]\.metric: must be one of"),
    ("wrong bound", _changed('{ metric = "vouchers", atmost = 2 }', '{ metric = "vouchers", atleast = 2 }'),
     r"ladder\.level\[0\]\.conditions\[4\]: 'vouchers' is read with 'atmost' only"),
    ("beyond the track", _changed('{ metric = "highest_funding", atleast = 7 },  # the last',
                                  '{ metric = "highest_funding", atleast = 8 },  # the last'),
     r"ladder\.level\[0\]\.conditions\[2\]\.atleast: a Funding track's spaces are 0\.\.7, not 8"),
    ("fixed bound", _changed('{ metric = "nobel", atleast = 1 }', '{ metric = "nobel", atleast = 2 }'),
     r"'nobel' is always 1"),
    ("shared title", _changed('title = "wm.solo.level.stormchaser"', 'title = "wm.solo.level.forecaster"'),
     r"two ladder\.level titles share a key"),
    ("reading repeated", _changed('"g1", "bots",', '"g1", "g1",'),
     r"readings\.ids: must be distinct lower-case ids"),
    ("unknown block", TOML + '\n[extras]\nx = 1\n', r"solo\.toml: unknown key\(s\) extras"),
]


@pytest.mark.parametrize("text,error", [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_a_malformed_file_is_refused_with_its_place_named(text, error):
    with pytest.raises(SoloDataError, match=error):
        parse(text)


def test_the_shipped_file_parses_to_the_loaded_data():
    assert parse(TOML) == SOLO == S.load()
