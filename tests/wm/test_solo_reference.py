"""Issue 20: a rule test for every numbered step of sections 2-6 of the solo reference
(``../shared/rules/weather-machine-solo.md``), each docstring quoting the sentence it checks.

Most steps are tested where the code they exercise is (``test_saboteurs.py`` the Saboteurs'
rules on small tables, ``test_solo_flow.py`` their place in the game's flow, ``test_solo_data.py``
the numbers of ``data/solo.toml``); this file holds the steps no test there checked, and the map
below says, step by step, which test checks it (file::test; "here" is this file).

Reference step                                            Test
------------------------------------------------------    -----------------------------------------
§2.1 components: 2 agents, 20 reports, 12 challenges,     test_solo_data::test_solo_components
     12 Bots, no Laboratory, no Voucher markers
§2.2 priority card = top of the discard pile              test_saboteurs::test_priority_card_weather_order
§2.2 TV raised where "another player" would gain CP       test_solo_flow::test_activation_you_cause_raises_the_tv, ::test_prototype_with_saboteur_bots
§2.2 Main Location cycle; weather cycle                   test_saboteurs::test_step1_follow_lativ, ::test_priority_card_weather_order
§2.2 weather <-> Chemical, section prices, A/B/C spaces   test_solo_data::test_location_and_space_orders,
                                                          test_saboteurs::test_taking_a_chemical, ::test_step2_action_space
§2.3 "Set up a normal 2-player game"                      test_solo_flow::test_setup_with_one_player
§2.3 step 1 no blocked rightmost space                    test_solo_flow::test_setup_with_one_player
§2.3 step 2 a Lativ Bot in each branch (bottom)           test_saboteurs::test_setup_numbers
§2.3 step 3 2 Research tokens of each type                test_saboteurs::test_setup_numbers
§2.3 step 4.1-4.3 the six Goal tiles                      test_saboteurs::test_setup_goal_tiles,
                                                          test_solo_flow::test_setup_with_one_player
§2.3 step 4.4 the Saboteurs use no Goal tiles             here::test_setup_saboteurs_have_no_lab_goals_or_vouchers
§2.3 step 5 no Laboratory, no Voucher markers             here::test_setup_saboteurs_have_no_lab_goals_or_vouchers
§2.3 step 6 TV 35 (30 with Publish or Perish)             test_saboteurs::test_setup_numbers, ::test_setup_challenges
§2.3 step 7 the player first on both tracks               test_saboteurs::test_setup_numbers
§2.3 step 8 the Saboteurs' Bots in the Hideout            test_saboteurs::test_setup_numbers
§2.3 step 9 2 different random Chemicals, leftmost        test_saboteurs::test_setup_numbers
§2.3 step 9 Fully Stocked / Nobel Laureate / Budget Cuts  test_saboteurs::test_setup_challenges,
     ("The type may repeat one already held")             here::test_setup_extra_chemicals_may_repeat
§2.3 step 10 Awards (Creative Accounting, Independent)    test_saboteurs::test_setup_challenges
§2.3 step 11.1-11.2 reveal one White, one Pink card       test_saboteurs::test_setup_start_reports
§2.3 step 11.3-11.5 agents' spaces, 2 Hideout tokens      test_saboteurs::test_setup_agents_tokens_and_priority_card
§2.3 step 11.6-11.9 shuffle back, Clock, discard, draw    here::test_setup_deck_order_of_steps_11_6_to_11_9
§2.3 step 12 your Supply round, the Saboteurs none        test_solo_flow::test_setup_with_one_player
§2.3 step 13 Challenge cards chosen or drawn              test_solo_flow::test_challenge_option
§3.1 field 1 agent: the agent that moves                  test_saboteurs::test_step1_agent_and_location_of_the_report
§3.1 field 2 location                                     test_saboteurs::test_step1_destination_when_impossible
§3.1 fields 3-4 weather and arrow read from the priority  here::test_current_report_gives_only_agent_and_location
     card only
§3.2 the 20 cards                                         test_solo_data::test_each_security_report_is_the_references_row
§3.3 base weather order                                   test_saboteurs::test_priority_card_weather_order
§3.3 research-priority order (groups 1-3)                 test_saboteurs::test_research_priority_order
§3.3 "Award tokens are ignored when building this list"   here::test_research_order_ignores_awards
§3.3 the arrow: Chemicals / Subsidy / Lab, R&D spaces     test_saboteurs::test_taking_a_chemical, ::test_government_and_version,
     / Government and R&D second Bot                      ::test_lab_lativ_bot_displaced, ::test_rnd_r3_r4,
                                                          here::test_government_arrow_picks_among_matching_spaces
§3.4 never reshuffled                                     here::test_deck_is_never_reshuffled
§3.4 end of turn: discard the report, draw                test_saboteurs::test_end_of_turn_report_flow, ::test_last_report_played_leaves_no_current_report
§3.4 "Discard the top Security Report"; empty pile        test_saboteurs::test_discard_top_report_and_empty_pile
§3.5 Call Security: when, cost, three roles               test_saboteurs::test_call_security, test_solo_flow::test_call_security_is_a_command_after_moving
§3.6 The Clock is Ticking                                 test_saboteurs::test_setup_challenges, here::test_setup_deck_order_of_steps_11_6_to_11_9
§4.1 Phase A in turn order, round 1 you first             test_solo_flow::test_saboteurs_turn_is_an_effect_step_in_turn_order
§4.1 later rounds follow the Initiative                   here::test_later_rounds_follow_the_initiative
§4.2 step order; immediate victory at the start           test_solo_flow::test_saboteurs_turn_is_an_effect_step_in_turn_order
§4.2 round 1: you may not take the leftmost space         here::test_round_one_rule_binds_you_not_the_agents
§4.2 agents count as other players' pieces; Moral HG      test_solo_flow::test_agents_count_as_other_players_pieces
§4.2 Lativ moves, the 2-player discard                    test_solo_flow::test_lativ_moves_with_the_two_player_discard
§4.2 your Government activation: +3 TV per Saboteur Bot   test_solo_flow::test_activation_you_cause_raises_the_tv
§4.2 Breakthrough: +2 TV per Saboteur Bot; Independent    test_solo_flow::test_prototype_with_saboteur_bots
§4.2 Citations: your unlocks change their priorities      here::test_your_unlock_changes_their_research_order
§4.2 end of turn: two Level 3 tiles lose; One Step Ahead  test_saboteurs::test_immediate_loss_extreme_weather, ::test_player_turn_changes
§4.3 Step 0 clock check                                   test_saboteurs::test_step0_clock_check
§4.3 Step 1 destination and alternatives                  test_saboteurs::test_step1_* (4 tests)
§4.3 Step 2 action space A, C, B; Supply leftmost         test_saboteurs::test_step2_action_space
§4.3 Step 3 +1 TV per figure left (Scientist, agent)      test_saboteurs::test_step3_figures_to_the_left
§4.3 Step 3 Lativ is a figure; counted before he moves    here::test_step3_lativ_counts_before_step4_moves_him
§4.3 Step 4 Lativ moves                                   test_saboteurs::test_step4_lativ_moves
§4.3 Step 5-7 actions, next report, one set               test_saboteurs::test_step7_set_after_the_draw
§4.4.1 Supply 1 Initiative / +2 TV; 2 Chemicals           test_saboteurs::test_supply_initiative_and_two_chemicals
§4.4.1 (7.G7) nothing paid or gained in the Supply        here::test_supply_agent_pays_and_gains_nothing
§4.4.2 "&" a Chemical, b Subsidy flipped                  test_saboteurs::test_government_and_version
§4.4.2 b the column in base weather order                 here::test_subsidy_flip_column_follows_the_base_order
§4.4.2 G1-G3                                              test_saboteurs::test_government_g1_to_g3
§4.4.2 G1.4 the arrow picks the space (7.G6)              here::test_government_arrow_picks_among_matching_spaces
§4.4.2 G4 activation                                      test_saboteurs::test_government_g4_activation
§4.4.2 G1.6 fallback                                      test_saboteurs::test_government_fallback
§4.4.2 no Funding, no Subsidy tile kept                   here::test_government_keeps_no_subsidy_and_no_funding
§4.4.3 a Award; L1.1-L1.4 branch and space                test_saboteurs::test_lab_award_and_branch_choice
§4.4.3 L1.5 a Lativ Bot displaced                         test_saboteurs::test_lab_lativ_bot_displaced
§4.4.3 L1.6 the Chemical back; L1.7 no token now          here::test_lab_pays_its_chemical_and_takes_no_token
§4.4.3 L1.8 fallback, the Award kept                      test_saboteurs::test_lab_fallback_keeps_award
§4.4.4 R1, R2 (yes / no)                                  test_saboteurs::test_rnd_r1_r2
§4.4.4 R1.2 the arrow (Bottom)                            here::test_rnd_r1_arrow_picks_top_or_bottom
§4.4.4 R3, R4                                             test_saboteurs::test_rnd_r3_r4
§4.4.4 no bottom-space cost, no benefit, no Funding       here::test_rnd_pays_no_cost_and_gains_nothing
§4.4.4 R3.5 fallback, R1 and R2 stand                     here::test_rnd_fallback_keeps_r1_and_r2
§4.4.5 fallback: discard, then a Chemical (new arrow)     test_saboteurs::test_government_fallback
§4.5.1 the TV only rises; each source                     test_solo_data::test_target_value_numbers and the tests of each source
§4.5.2 taking a Chemical 1-4                              test_saboteurs::test_taking_a_chemical
§4.5.2 (7.G23) the second Chemical chosen again           here::test_each_chemical_is_chosen_again
§4.5.3 paying a Chemical (Supply / beside the Bot)        test_saboteurs::test_government_g1_to_g3, ::test_rnd_r3_r4
§4.5.4 R&D token, or +5 TV and the unlock; 7.G16          test_saboteurs::test_rnd_token_none_left_and_completed
§4.5.4 one unlock per weather per turn                    here::test_one_unlock_per_weather_per_turn
§4.5.5 unlocking a Citation; Publish or Perish +5         test_saboteurs::test_rnd_token_none_left_and_completed
§4.5.6 token origins; a set; 3-token effects              test_saboteurs::test_three_token_set
§4.5.6 which set, only one                                test_saboteurs::test_set_order_and_only_one
§4.5.6 2-token effects, your choice (7.G13)               test_saboteurs::test_two_token_set, test_solo_flow::test_two_token_set_reward_is_the_players_choice
§4.5.6 7.G14                                              test_saboteurs::test_three_tokens_of_an_unlocked_weather
§4.5.6 "Sets are checked only here, not in Phase B"       here::test_sets_are_not_checked_in_phase_b
§4.5.7 placing an Extreme Weather tile, its markers       here::test_extreme_weather_tile_covers_and_markers_leave
§4.6 runs: the Saboteurs' Bots, TV, Lab token             test_saboteurs::test_experiment_runs_with_saboteur_bots, test_solo_flow::test_phase_b_with_saboteur_bots
§4.6 after both sides: Lativ's token removal, his Bots,   here::test_experiment_after_both_sides
     the next tile
§4.6 does not run: a tile, the Bots stay                  test_saboteurs::test_experiment_not_run
§4.6 does not run: Lativ's Bots return                    here::test_experiment_not_run_returns_lativ_bots_and_keeps_saboteurs
§4.7 Phase C: income, Jamming, Creative Accounting        test_solo_flow::test_phase_c_income, test_saboteurs::test_income_changes
§4.7 no income step without Lativ in his Office           here::test_phase_c_without_lativ_in_his_office
§5.1 immediate victory                                    test_saboteurs::test_immediate_victory
§5.1 the 5th space counted from 0                         here::test_immediate_victory_counts_funding_spaces_from_zero
§5.1 + §5.5 restrictions bind the immediate victory too   here::test_immediate_victory_needs_the_challenge_restrictions
§5.2 the normal triggers, the Saboteurs' Bots too         here::test_saboteurs_trigger_the_end
§5.2 win above the TV, a tie loses                        test_saboteurs::test_final_scoring_and_result, test_solo_flow::test_final_scoring_adds_thirty_and_ties_lose,
                                                          here::test_final_comparison_says_why
§5.3 two Level 3 tiles at the end of your turn            test_saboteurs::test_immediate_loss_extreme_weather, test_solo_flow::test_immediate_results_end_the_game
§5.3 ... only at the end of your turn                     here::test_level_three_loss_is_checked_at_the_end_of_your_turn
§5.3 the deck exhausted (7.G2 and the app's option)       test_saboteurs::test_step0_clock_check
§5.4 final Phase B: no new Extreme Weather tile           test_saboteurs::test_experiment_not_run, here::test_final_experiment_places_no_tile
§5.4 +30, your scoring, the comparison                    test_solo_flow::test_final_scoring_adds_thirty_and_ties_lose
§5.5 Nobel Laureate, Only Overachievers, Publish/Perish   test_saboteurs::test_final_scoring_and_result, here::test_final_comparison_says_why
§5.6 the five levels                                      test_solo_data::test_each_ladder_level_is_the_references_row, test_solo_flow::test_the_ladder_is_evaluated
issue 20: every Saboteur step's log line, en and zh-TW     here::test_every_solo_line_renders_in_both_languages
§6 the 12 cards' data                                     test_solo_data::test_each_challenge_card_is_the_references_row
§6 #1 Fully Stocked Opponents                             test_saboteurs::test_setup_challenges
§6 #2 Jamming Devices                                     test_saboteurs::test_income_changes, test_solo_flow::test_phase_c_income,
                                                          here::test_jamming_devices_counts_every_board_bot
§6 #3 Creative Accounting (Award; a track back)           test_saboteurs::test_setup_challenges, ::test_income_changes,
                                                          here::test_creative_accounting_when_no_track_allows_it
§6 #4 Nobel Laureate                                      test_saboteurs::test_setup_challenges, ::test_final_scoring_and_result
§6 #5 Only Overachievers Apply                            test_saboteurs::test_final_scoring_and_result, here::test_immediate_victory_needs_the_challenge_restrictions
§6 #6 The Clock is Ticking                                test_saboteurs::test_setup_challenges, here::test_setup_deck_order_of_steps_11_6_to_11_9
§6 #7 One Step Ahead                                      test_saboteurs::test_player_turn_changes
§6 #8 Moral High Ground                                   test_solo_flow::test_agents_count_as_other_players_pieces
§6 #9 Peer Review (no Citation; no Lock purchase)         here::test_peer_review_forbids_citing, test_solo_flow::test_peer_review_and_budget_cuts
§6 #10 Independent Prototypes                             test_saboteurs::test_setup_challenges, test_solo_flow::test_prototype_with_saboteur_bots
§6 #11 Budget Cuts                                        test_saboteurs::test_setup_challenges, test_solo_flow::test_peer_review_and_budget_cuts
§6 #12 Publish or Perish                                  test_saboteurs::test_setup_challenges, ::test_rnd_token_none_left_and_completed,
                                                          ::test_final_scoring_and_result
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from tests.wm.helpers import at_step, fresh, start, with_player
from tests.wm.test_saboteurs import (FOG, GOV_RAIN_TOP, GOV_SUN_BOTTOM, PACKAGE, RAIN,
                                     RND_FOG_BOTTOM, SAB, SNOW, SUN, SUPPLY_WIND_BOTTOM, WIND,
                                     chems, kinds, of, placed, run, set_up, table, tv_rises)
from weather_tabletop.engine.chance import rng
from weather_tabletop.games.weather_machine import commands as C
from weather_tabletop.games.weather_machine import events as BE
from weather_tabletop.games.weather_machine import saboteurs as S
from weather_tabletop.games.weather_machine import solo_events as E
from weather_tabletop.games.weather_machine.context import Ctx
from weather_tabletop.games.weather_machine.event_words import Capital
from weather_tabletop.games.weather_machine.data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY
from weather_tabletop.games.weather_machine.flow import advance_flow, run_effect
from weather_tabletop.games.weather_machine.options import move_options
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.solo_data import SOLO
from weather_tabletop.games.weather_machine.solo_state import NO_REPORT, SABOTEUR
from weather_tabletop.games.weather_machine.solo_words import LINES, REASONS
from weather_tabletop.games.weather_machine.state import (EMPTY, GOVERNMENT_MARKER, LATIV,
                                                          ExperimentEnd, PhaseB, PhaseC,
                                                          StartRound, WMState)
from weather_tabletop.i18n import Msg, catalogue, set_language, tr

D = S.D
#: the events of the base game a Saboteur action may cause (the others are the player's gains)
SABOTEUR_BASE_EVENTS = {BE.LativMoved, BE.LativBotPlaced, BE.LativBotDisplaced,
                        BE.ResearchTokenDiscarded, BE.LockRemoved, BE.ExtremeWeatherEscalated,
                        BE.NoExtremeWeatherLeft, BE.NoAwardLeft, BE.GovernmentBranchRan,
                        BE.GovernmentCPScored, BE.GovernmentMarkerPlaced,
                        BE.GovernmentMarkerStayed, BE.ExtremeWeatherFixed, BE.GameEndTriggered}


def only_saboteur_events(c: Ctx) -> bool:
    return all(k in E.SOLO_EVENTS or k in SABOTEUR_BASE_EVENTS for k in kinds(c))


# -- §2.3 Setup --------------------------------------------------------------------------------


def test_setup_saboteurs_have_no_lab_goals_or_vouchers():
    """§2.3 step 4.4: "The Saboteurs use no Goal tiles"; step 5: "They get no Laboratory and no
    Voucher markers": the Saboteurs are no seat of the player list; their state holds a Hideout,
    agents, the Target Value and the deck only."""
    s = start(1, 1).state
    assert s.players == 1 and len(s.pl) == 1
    fields = set(type(s.solo).__dataclass_fields__)
    assert not fields & {"goals", "goals_hand", "vouchers", "funding", "office", "tiles"}
    assert sum(len(x.goals_hand) for x in s.pl) == len(SOLO.setup.goals.colours) * 2


def test_setup_extra_chemicals_may_repeat():
    """§2.3 step 9: "Nobel Laureate and Budget Cuts: each adds 1 more Chemical of a random type.
    The type may repeat one already held"; "Fully Stocked Opponents: take 1 of each of the 5
    types instead"."""
    repeated = False
    for seed in range(1, 40):
        sol = set_up(seed, (4, 11)).s.solo
        assert sum(sol.hideout.chemicals) == 4
        repeated |= max(sol.hideout.chemicals) >= 2
    assert repeated, "no seed repeated a type"
    sol = set_up(3, (1, 4)).s.solo
    assert sum(sol.hideout.chemicals) == 6 and min(sol.hideout.chemicals) >= 1


def test_setup_deck_order_of_steps_11_6_to_11_9():
    """§2.3 step 11: "6. Put the set-aside cards back into the draw pile and shuffle it. 7. The
    Clock is Ticking: remove the top 2 cards of the draw pile from the game, unseen. 8. The two
    kept cards form the discard pile. 9. Draw the top card of the draw pile as the first current
    report"; §3.6: "after the set-aside cards are shuffled back in, remove the 2 top cards"."""
    for seed in range(1, 25):
        c = set_up(seed, (6,))
        names = [k.__name__ for k in kinds(c)]
        assert names.index("StartReportsRevealed") < len(names) - 1 - names[::-1].index(
            "ReportsShuffled") < names.index("ReportsRemoved") < names.index("ReportDrawn")
        second_shuffle = of(c, E.ReportsShuffled)[1].draw
        deck = c.s.solo.deck
        assert deck.removed == second_shuffle[:2] and deck.current == second_shuffle[2]
        assert set(of(c, E.StartReportsRevealed)[0].aside) <= set(second_shuffle)
        assert not set(deck.discard) & set(second_shuffle)
        assert len(deck.draw) == 15 and deck.discard == tuple(reversed(of(
            c, E.StartReportsRevealed)[0].kept))


# -- §3 The Security Report deck ---------------------------------------------------------------


def test_current_report_gives_only_agent_and_location():
    """§3.1: "The current report provides only the agent and the location. The weather and the
    arrow are always read from the priority card, the top card of the discard pile." Reports 7
    (White, Government, Rain, Top) and 20 (White, Government, Sun, Bottom) as the current report
    play the same turn under one priority card; one priority card or the other changes it."""
    grid = tuple((f"S{3 * w}+", f"S{3 * w + 1}+", f"S{3 * w + 2}+") for w in range(5))

    def turn(current: int, priority: int) -> list:
        s = table(current=current, priority=priority, draw=(4, 5), chems=chems(rain=1, fog=1),
                  gov_grid=grid)
        return [e for e in run(s, S.saboteur_turn).ev
                if not isinstance(e, (E.SaboteurTurnBegan, E.ReportPlayed))]

    assert turn(GOV_RAIN_TOP, 10) == turn(GOV_SUN_BOTTOM, 10)  # priority: Rain, Top
    assert turn(GOV_RAIN_TOP, 10) != turn(GOV_RAIN_TOP, RND_FOG_BOTTOM)


def test_deck_is_never_reshuffled():
    """§3.4: "The draw pile is never reshuffled. Discarded cards stay discarded, so the deck is
    the game clock"; "Without extra discards the draw pile lasts 17 Saboteur turns": the only
    shuffles are the two of the setup (§2.3 steps 11.1 and 11.6), and the turns end when the
    reports run out."""
    for seed in range(1, 8):
        c = Ctx(replace(fresh(2, seed), players=1))
        S.set_up_saboteurs(c, rng(seed, 3), ())
        turns = 0
        while not c.s.solo.outcome[0]:
            if c.s.solo.pending_set >= 0:
                S.choose_set_reward(c, True)
            S.saboteur_turn(c)
            turns += 1
        assert len(of(c, E.ReportsShuffled)) == 2
        # the first current report, then one turn per card drawn: 1 + 17 at most
        assert len(of(c, E.SaboteurTurnBegan)) <= 1 + SOLO.deck.turns_without_discards
        deck = c.s.solo.deck
        assert not deck.draw and len(deck.discard) == 20


# -- §4.1 - §4.2 Turn order and your turn --------------------------------------------------------


def test_later_rounds_follow_the_initiative():
    """§4.1: "In each later round, whoever's Initiative marker was first at the end of the
    previous round goes first. The Turn Order markers are set to match the Initiative markers in
    Phase C"; "The Saboteurs take it with their Supply action"."""
    s = table(current=SUPPLY_WIND_BOTTOM, chems=chems(rain=1))
    took = run(s, S.saboteur_turn).s
    assert took.initiative == (SAB, 0)
    c = run(at_step(took), run_effect, PhaseC(-1))
    assert c.s.turn_order == (SAB, 0)
    c = run(at_step(c.s), run_effect, StartRound(-1))
    order = [x.__class__.__name__ for x in reversed(c.s.stack)]
    assert order[0] == "SaboteurTurn" and order.index("PlayerTurnStart") == 1


def test_round_one_rule_binds_you_not_the_agents():
    """§4.2: "Round 1: you may not take the leftmost action space [M, A]"; 7.G10: "the
    Saboteurs are not bound by it"."""
    s = replace(table(current=GOV_RAIN_TOP), round=1)
    moves = move_options(s, 0)
    assert not any(sp == 0 for loc, sp in moves if loc != SUPPLY)
    assert (GOVERNMENT, 1) in moves
    assert of(run(s, S.saboteur_turn), E.AgentMoved)[0].space == 0


def test_your_unlock_changes_their_research_order():
    """§4.2: "Citations: the Saboteurs' behaviour depends on which Citation spaces are unlocked,
    so every unlock must be tracked, including yours"; §3.3 group 1 (locked) against group 2
    (unlocked, a token from exactly 1 Main Location)."""
    s = table(priority=GOV_RAIN_TOP, tokens=("L:3", "L:4", "R:4"))
    assert S.research_order(s, GOVERNMENT)[:2] == (FOG, SNOW)
    unlocked = run(s, lambda c: c.emit(BE.LockRemoved(SNOW))).s  # as your publishing does
    assert S.research_order(unlocked, GOVERNMENT)[:1] == (FOG,)
    assert S.research_order(unlocked, GOVERNMENT).index(SNOW) == 4


# -- §4.3 The Saboteurs' turn ------------------------------------------------------------------


def test_step3_lativ_counts_before_step4_moves_him():
    """§4.3 Step 3: "Raise the TV by 1 for each figure on an action space to the left of the
    agent's space. Figures are your Scientist, the other agent, and Lativ [I]"; Step 4: "If
    Lativ is in the Location the agent just entered, he moves" (after Step 3)."""
    s = table(current=GOV_RAIN_TOP, lativ_loc=GOVERNMENT, lativ_space=0)
    c = run(s, S.saboteur_turn)
    assert of(c, E.AgentMoved)[0].space == 2
    assert tv_rises(c)[0] == (1, "figures")
    assert kinds(c).index(E.TargetValueRaised) < kinds(c).index(BE.LativMoved)
    assert c.s.lativ_loc == LAB


# -- §4.4 Location actions ---------------------------------------------------------------------


def test_supply_agent_pays_and_gains_nothing():
    """§4.3 Step 3: "Nothing happens for space A or in the Supply. There the Saboteurs neither
    gain nor pay anything" (7.G7), even behind your Scientist; §4.4.1 "Take 2 Chemicals"."""
    s = placed(table(current=SUPPLY_WIND_BOTTOM, chems=chems(rain=1)), 0, SUPPLY, 0)
    c = run(s, S.saboteur_turn)
    assert of(c, E.AgentMoved)[0].space == 1 and not any(w == "figures" for _n, w in tv_rises(c))
    assert only_saboteur_events(c) and len(of(c, E.HideoutChemicalTaken)) == 2


def test_government_arrow_picks_among_matching_spaces():
    """§4.4.2 G1: "Put the Bot on a matching empty space. If several spaces qualify, the arrow
    chooses [I]" (7.G6: "which of several matching Chemicals is paid is fixed by the space
    chosen"). The Rain column is red, yellow, green (top to bottom): Verdino and Melgoth both
    match."""
    held = chems(rain=1, wind=1)
    top = run(table(priority=GOV_RAIN_TOP, chems=held), S.government_actions, 1)
    bot = of(top, E.SaboteurBotPlaced)[0]
    assert (bot.branch, bot.space) == (RAIN, 0)
    assert of(top, E.HideoutChemicalReturned)[0].weather == RAIN  # red: Verdino
    bottom = run(table(priority=12, chems=held), S.government_actions, 1)  # Rain, Bottom
    bot = of(bottom, E.SaboteurBotPlaced)[0]
    assert (bot.branch, bot.space) == (RAIN, 1)
    assert of(bottom, E.HideoutChemicalReturned)[0].weather == WIND  # yellow: Melgoth


def test_government_keeps_no_subsidy_and_no_funding():
    """§4.4.2: "The Saboteurs never advance Funding tracks and never keep Subsidy tiles [I]"; G2:
    "The removed tile leaves the game"; b: "Nobody gains its benefit"; G1.5: "The Saboteurs gain
    no Voucher"."""
    grid = tuple((f"S{3 * w}+", f"S{3 * w + 1}+", f"S{3 * w + 2}+") for w in range(5))
    s = table(priority=GOV_RAIN_TOP, chems=chems(rain=1), gov_grid=grid)
    c = run(s, S.government_actions, 0)
    assert only_saboteur_events(c)
    assert c.s.discarded_subsidies == s.discarded_subsidies + 1
    assert c.s.pl[0] == s.pl[0]


def test_lab_pays_its_chemical_and_takes_no_token():
    """§4.4.3 L1: "6. Return the Chemical the space requires from the Hideout to the Supply. 7. No
    Research token is taken now. Tokens come from experiments (§4.6)"."""
    lab = ((LATIV, EMPTY, EMPTY),) + ((EMPTY,) * 3,) * 4
    s = table(priority=GOV_RAIN_TOP, chems=chems(rain=1), lab=lab)
    c = run(s, S.lab_actions, 1)
    assert of(c, E.SaboteurBotPlaced)[0].branch == RAIN
    assert of(c, E.HideoutChemicalReturned)[0].weather == RAIN
    assert c.s.chem_supply[RAIN][0] and c.s.solo.hideout.chemicals[RAIN] == 0
    assert not of(c, E.HideoutTokenTaken) and c.s.lab_tokens == s.lab_tokens
    assert only_saboteur_events(c)


def test_rnd_pays_no_cost_and_gains_nothing():
    """§4.4.4: "In R&D the Saboteurs never pay the extra cost of a bottom space [A], and they
    gain no space benefits and no Funding [I]": a Bot on a bottom space takes only the Chemical
    depicted beside it."""
    s = table(priority=GOV_SUN_BOTTOM, chems=chems(fog=1), rnd_tokens=(2, 2, 0, 2, 2))
    c = run(s, S.rnd_actions, 1)
    bot = of(c, E.SaboteurBotPlaced)[0]
    assert (bot.branch, bot.space) == (FOG, 0)  # the bottom space
    assert only_saboteur_events(c) and c.s.pl[0] == s.pl[0]
    assert sum(c.s.solo.hideout.chemicals) == 0 and c.s.rnd_chem[FOG][0] == FOG
    assert c.s.solo.hideout.bots == s.solo.hideout.bots - 1


def test_rnd_fallback_keeps_r1_and_r2():
    """§4.4.4 R3: "5. No eligible branch: use the fallback (§4.4.5). R1 and R2, if they happened,
    still stand"; §4.4.5: "Steps done before the failed step stand: ... R&D steps R1 and R2"."""
    w = D.rnd_chemical[RAIN][2]  # R1 under Rain, Top: the top space of Rain's branch
    s = table(priority=GOV_RAIN_TOP, chems=tuple(int(k == w) for k in range(5)), draw=(4, 5))
    c = run(s, S.rnd_actions, 0)
    assert [k.__name__ for k in kinds(c)][:4] == [
        "SaboteurBotPlaced", "ChemicalBesideBot", "HideoutTokenTaken", "BotPlacementFailed"]
    assert c.s.rnd[RAIN][2] == SABOTEUR and f"R:{RAIN}" in c.s.solo.hideout.tokens
    assert E.ReportDiscarded in kinds(c) and kinds(c)[-1] == E.HideoutChemicalTaken


# -- §4.5 Shared procedures --------------------------------------------------------------------


def test_each_chemical_is_chosen_again():
    """§4.5.2: "Repeat the procedure separately for each Chemical [I]" (7.G23: "evaluate the
    take procedure again after each Chemical"): with none held and the arrow Top, Verdino, then
    Melgoth (the Hideout now holds a Verdino)."""
    c = run(table(priority=GOV_RAIN_TOP), S.supply_actions)
    assert [e.weather for e in of(c, E.HideoutChemicalTaken)] == [RAIN, WIND]
    c = run(table(priority=GOV_SUN_BOTTOM), S.supply_actions)
    assert [e.weather for e in of(c, E.HideoutChemicalTaken)] == [SNOW, FOG]


def test_one_unlock_per_weather_per_turn():
    """§4.5.4: "An unlock happens at most once per weather per turn [L]. If the Citation is
    already unlocked, only the +5 applies": R2 and R4 both in a branch without R&D tokens."""
    w1, w2 = D.rnd_chemical[RAIN][2], D.rnd_chemical[RAIN][1]
    held = tuple(int(k == w1) + int(k == w2) for k in range(5))
    s = table(priority=GOV_RAIN_TOP, chems=held, rnd_tokens=(0,) * 5)
    c = run(s, S.rnd_actions, 0)
    assert [e.branch for e in of(c, E.SaboteurBotPlaced)] == [RAIN, RAIN]
    assert len(of(c, BE.LockRemoved)) == 1
    assert tv_rises(c) == [(5, "no_rnd_token"), (5, "no_rnd_token")]


def test_sets_are_not_checked_in_phase_b():
    """§4.5.6: "Resolve only that one set this turn. Sets are checked only here, not in Phase B":
    the Lab token an experiment brings completes a set that waits for Step 7."""
    lab = ((SABOTEUR, SABOTEUR, SABOTEUR),) + ((EMPTY,) * 3,) * 4
    s = table(lab=lab, bots=9, tokens=("G:0", "R:0"))
    c = run(s, S.saboteurs_experiment, RAIN)
    assert "L:0" in c.s.solo.hideout.tokens and not of(c, E.TokenSetResolved)
    assert of(run(c.s, S.resolve_token_set), E.TokenSetResolved)[0].weather == RAIN


def test_extreme_weather_tile_covers_and_markers_leave():
    """§4.5.7: "1. Take the top tile of the matching weather's stack. 2. Place it on that
    weather's space in R&D, covering any tile already there. 3. Breakthrough markers on the
    covered tile go to the box. 4. Government markers on the covered tile go back to the
    Government area"."""
    s = table()
    spaces = len(s.ew_bt[WIND])
    bt = (0, GOVERNMENT_MARKER) + (EMPTY,) * (spaces - 2)
    s = replace(s, ew_bt=tuple(bt if w == WIND else x for w, x in enumerate(s.ew_bt)),
                gov_markers=s.gov_markers - 1)
    top = s.ew_stack[WIND][0]
    c = run(s, S.place_extreme, WIND)
    assert c.s.ew_board[WIND] == s.ew_board[WIND] + (top,)
    assert c.s.ew_stack[WIND] == s.ew_stack[WIND][1:]
    assert c.s.gov_markers == s.gov_markers + 1
    assert set(c.s.ew_bt[WIND]) == {EMPTY}


# -- §4.6 Phase B, §4.7 Phase C ----------------------------------------------------------------


def phase_b(s) -> Ctx:
    """Phase B run from ``s`` until the next decision (the flow's automatic steps)."""
    c = Ctx(at_step(s))
    run_effect(c, PhaseB(-1))
    advance_flow(c)
    return c


def test_experiment_after_both_sides():
    """§4.6 "If it runs": the Saboteurs "Return each of their Bots ... raise the TV by the tile's
    CP for each Bot ... Then, if a Lab Research token of that weather remains below the branch,
    move it to the Hideout"; "After both sides: 1. If a Lativ Bot is in the branch, remove 1
    Research token below the branch from the game, if able (2-player rule). 2. Return Lativ's
    Bots to beside the Lab. 3. Place the next Extreme Weather tile of that weather"."""
    lab = ((SABOTEUR, LATIV, SABOTEUR),) + ((EMPTY,) * 3,) * 4
    s = table(lab=lab, bots=10, assistant=RAIN, lativ_side=4)
    c = phase_b(s)
    names = [k.__name__ for k in kinds(c)]
    order = ["SaboteurBotsReturned", "TargetValueRaised", "HideoutTokenTaken", "LabTokenRemoved",
             "LativBotsReturned", "ExtremeWeatherEscalated"]
    assert [names.index(n) for n in order] == sorted(names.index(n) for n in order)
    assert c.s.lab_tokens[RAIN] == 0 and "L:0" in c.s.solo.hideout.tokens
    assert c.s.solo.hideout.bots == 12 and LATIV not in c.s.lab[RAIN]


def test_experiment_not_run_returns_lativ_bots_and_keeps_saboteurs():
    """§4.6 "If it does not run: ... If at least one Saboteur Bot is in the branch, place a new
    Extreme Weather tile of that weather. The Saboteur Bots stay in the branch; the Saboteurs
    never take Bots back voluntarily. Return Lativ's Bots to beside the Lab." Then "Prepare for
    the next experiment": "Move the Assistant to the next branch"."""
    lab = ((SABOTEUR, LATIV, EMPTY),) + ((EMPTY,) * 3,) * 4
    s = table(lab=lab, bots=11, assistant=RAIN, lativ_side=4)
    c = phase_b(s)
    assert c.s.lab[RAIN][0] == SABOTEUR and LATIV not in c.s.lab[RAIN]
    assert of(c, BE.ExtremeWeatherEscalated)[0].weather == RAIN
    assert of(c, BE.AssistantMoved)[0].branch == WIND
    assert not of(c, E.SaboteurBotsReturned)


def test_phase_c_without_lativ_in_his_office():
    """§4.7: "2. If Lativ is in his Office: ... the Saboteurs gain none; Jamming Devices ...;
    Creative Accounting ...": with Lativ elsewhere there is no income, no Jamming Devices and no
    Creative Accounting."""
    gov = ((SABOTEUR, EMPTY, EMPTY),) + ((EMPTY,) * 3,) * 4
    s = with_player(table(challenges=(2, 3), gov_bots=gov), 0, funding=(2, 2, 2))
    c = run(at_step(s), run_effect, PhaseC(-1))
    kinds_on_stack = [x.__class__.__name__ for x in c.s.stack]
    assert "SaboteursIncome" not in kinds_on_stack and "FundingBack" not in kinds_on_stack
    assert not tv_rises(c)


def test_creative_accounting_when_no_track_allows_it():
    """§6 #3 Creative Accounting: "move one of your Funding markers back 1 space on one track. If
    any track allows this, you must choose such a track": with every marker on its starting
    space there is none, and the step passes."""
    s = with_player(table(challenges=(3,)), 0, funding=(0, 0, 0))
    assert S.funding_back_tracks(s, 0) == ()
    back = at_step(s, ("solo_funding_back", 0))
    assert GAME.legal_commands(back, 0) == []
    c = Ctx(back)
    advance_flow(c)
    assert not of(c, E.FundingPushedBack) and c.s.pl[0].funding == (0, 0, 0)
    assert "solo_funding_back" not in [x.kind for x in c.s.stack]


def test_peer_review_forbids_citing():
    """§6 #9 Peer Review: "You cannot use Citation tokens when publishing"; §4.2: "When you
    unlock one, you may still pay 1 Science Voucher for 3 CP, unless Peer Review is in play"
    (test_solo_flow::test_peer_review_and_budget_cuts)."""
    office = list(fresh().pl[0].office)
    office[0] = ("G:2", "G:2", "")
    for challenges, cites in (((), True), ((9,), False)):
        s = with_player(table(challenges=challenges, locks=(True, True, False, True, True)), 0,
                        office=tuple(office), vouchers=(0, 0, 2, 0, 0))
        s = at_step(s, ("actions", 0, LAB, 0, 0))
        publish = [x for x in GAME.legal_commands(s, 0) if isinstance(x, C.PublishPaper)]
        assert any(x.cite_goal >= 0 for x in publish) == cites


# -- §5 End of game ----------------------------------------------------------------------------


def test_immediate_victory_needs_the_challenge_restrictions():
    """§5.1 (at least 4 Goal tiles met) with §5.5: "Only Overachievers Apply: you cannot win
    unless you meet at least 5 of the Goal tiles"; "Nobel Laureate: you cannot win without the
    Nobel Prize"."""
    goals = tuple((i, g, False) for i, g in enumerate((2, 5, 8, 18, 22, 25)))

    def player(challenges: tuple[int, ...], met: int, nobel: bool = False):
        return with_player(table(tv=35, challenges=challenges), 0, cp=40, funding=(6, 6, 6),
                           goals_set=goals[:met], nobel=nobel)

    assert S.immediate_victory(player((5,), 5), 0)
    assert S.immediate_victory(player((), 4), 0)
    assert not S.immediate_victory(player((5,), 4), 0)
    assert not S.immediate_victory(player((4,), 6), 0)
    assert S.immediate_victory(player((4,), 6, nobel=True), 0)


def test_saboteurs_trigger_the_end():
    """§5.2: "The ending is triggered by any of the normal triggers: ... the Government Machine is
    completed; every R&D Research space is occupied" - by a Saboteur Bot too."""
    rnd = tuple((SABOTEUR,) * 3 if w != SUN else (SABOTEUR, SABOTEUR, EMPTY) for w in range(5))
    s = table(priority=GOV_SUN_BOTTOM, rnd=rnd, bots=1)
    c = run(s, S.rnd_actions, 0)
    assert [e.reason for e in of(c, BE.GameEndTriggered)] == ["wm.trigger.research"]
    gov = tuple((SABOTEUR,) * 3 if w != RAIN else (EMPTY, SABOTEUR, SABOTEUR) for w in range(5))
    s = table(priority=GOV_RAIN_TOP, chems=chems(rain=1), gov_bots=gov)
    c = run(s, S.government_actions, 1)
    assert "wm.trigger.government" in [e.reason for e in of(c, BE.GameEndTriggered)]


def test_level_three_loss_is_checked_at_the_end_of_your_turn():
    """§5.3: "at the end of your turn, 2 or more Level 3 Extreme Weather tiles are on the board":
    a second Level 3 tile the Saboteurs place decides nothing during their turn."""
    board = tuple((w, 5 + w, 10 + w) if w == RAIN else (w, 5 + w) if w == WIND else (w,)
                  for w in range(5))
    stacks = tuple((10 + w,) if w == WIND else () for w in range(5))
    s = table(current=SUPPLY_WIND_BOTTOM, priority=GOV_RAIN_TOP, draw=(4, 5), ew_board=board,
              ew_stack=stacks, tokens=("G:1", "L:1", "R:1"))
    c = run(s, S.saboteur_turn)
    assert S.level_three_tiles(c.s) == 2 and not of(c, E.SoloDecided)
    assert run(c.s, S.end_of_player_turn).s.solo.outcome == ("lost", "extreme")


def test_final_experiment_places_no_tile():
    """§5.4 step 1: "Do not place any new Extreme Weather tiles at this time, whether a branch
    runs or not"; "Saboteur Bots score TV as usual"."""
    lab = ((SABOTEUR, SABOTEUR, SABOTEUR),) + ((EMPTY,) * 3,) * 4
    s = replace(table(lab=lab, bots=9), phase="final")
    c = run(s, run_effect, ExperimentEnd(-1, RAIN, 0))
    assert not of(c, BE.ExtremeWeatherEscalated) and c.s.ew_board == s.ew_board
    c = Ctx(at_step(replace(s, final_round=2, round=2)))
    run_effect(c, PhaseB(-1))
    advance_flow(c)
    assert of(c, E.SaboteurBotsReturned) and tv_rises(c)[0][1] == "experiment"
    assert not of(c, BE.ExtremeWeatherEscalated)


# -- the log: every Saboteur step in words, in both languages (issue 20) -----------------------


def _keys(said: Any) -> set[str]:
    """Every catalogue key a line is made of (its own and its parameters', nested)."""
    if isinstance(said, Msg):
        return {said.key}.union(*(_keys(v) for _k, v in said.params))
    if isinstance(said, Capital):
        return _keys(said.words)
    if isinstance(said, (tuple, list)):
        return set().union(*(_keys(v) for v in said)) if said else set()
    return set()


def _solo_game_events(seed: int, challenges: str) -> list[tuple[Any, Any]]:
    """(state before, event) of a whole solo game played by random legal commands."""
    from weather_tabletop.engine.chance import Rng
    m = start(1, seed, challenges=challenges)
    r = Rng(seed, 0x10C)
    while not GAME.is_over(m.state):
        legal = GAME.legal_commands(m.state, GAME.to_act(m.state)[0])
        m.submit(legal[r.below(len(legal))])
    s = m.snapshot_before(-1)
    out = []
    for group in m.active:
        for e in group.events:
            out.append((s, e))
            s = GAME.apply(s, e)
    return out


def _hand_made(s: WMState) -> list[tuple[Any, Any]]:
    """The lines a few random games may not reach: the player's decisions, the end conditions
    and the Saboteurs' running out."""
    events = [E.SecurityReportsTaken(0, 4, (7, 4, 5)), E.SecurityCalled(0, 4, 5, 7, 4),
              E.SetRewardPending(WIND), E.SetRewardChosen(WIND, True),
              E.SetRewardChosen(WIND, False), E.FundingPushedBack(0, 1, 1),
              E.NoChemicalToTake(), E.NoReportToDiscard("fallback"), E.ReportsRemoved(2),
              E.PlayerTurnBegan(0, 40, 7), E.PlayerTurnBegan(0, 40, NO_REPORT),
              E.SaboteursJoined(35, 12, 0, ()), E.SaboteursJoined(35, 12, 2, (3, 10)),
              E.NoChemicalForBot(RAIN, RAIN), E.SaboteurBotsReturned(RAIN, 2),
              E.SaboteurBotsStay(RAIN, 1), E.SaboteurBotsStay(RAIN, 2)]
    events += [E.SoloDecided(r, why) for r, why in (("won", "good_name"), ("lost", "deck"),
                                                    ("lost", "extreme"))]
    events += [E.ReportDiscarded(4, why) for why in ("fallback", "set", "two_set")]
    events += [E.SoloCompared(0, 80, 80, False, why)
               for why in REASONS["wm.solo_event.compared"]]
    events += [E.BotPlacementFailed(loc, why) for loc in (GOVERNMENT, LAB, RND)
               for why in ("no_bot", "no_space")] + [E.BotPlacementFailed(RND, "skipped")]
    events += [E.TargetValueRaised(5, why, 2) for why in REASONS["wm.solo_event.tv_why"]]
    events += [E.TokenSetResolved(WIND, ("G:1", "R:1"), 1, 3), E.TokenSetResolved(SUN, ("L:2",), 1, 2)]
    events += [E.StartReportsRevealed((1, 3), ()), E.StartReportsRevealed((1, 3), (17,)),
               E.StartReportsRevealed((1, 3), (17, 6))]
    return [(s, e) for e in events]


def _folded(s: WMState, fn: Any, *args: Any) -> list[tuple[Any, Any]]:
    """(state before, event) of one rule step run on ``s``."""
    out = []
    for e in run(s, fn, *args).ev:
        out.append((s, e))
        s = GAME.apply(s, e)
    return out


def _rare_reasons() -> list[tuple[Any, Any]]:
    """Small tables for the reasons a few random games seldom reach."""
    lab = ((LATIV, EMPTY, EMPTY),) * 3 + ((EMPTY,) * 3,) * 2
    only_sun = tuple((False, False, True, True, True) if w != SUN else (True,) * 5
                     for w in range(5))
    one_blue = tuple(("S0+", "S1-", "S2-") if w == RAIN else ("", "", "") for w in range(5))
    return (
        _folded(table(priority=GOV_RAIN_TOP, chems=chems(rain=1), gov_tokens=(0,) * 5),
                S.government_actions, 1)
        + _folded(table(priority=GOV_RAIN_TOP, chems=chems(rain=1, wind=1, sun=1), lab=lab,
                        lab_tokens=(0, 2, 0, 2, 2)), S.lab_actions, 1)
        + _folded(table(priority=GOV_SUN_BOTTOM, chems=chems(fog=1), rnd_tokens=(0,) * 5),
                  S.rnd_actions, 1)
        + _folded(table(chem_supply=only_sun), S.take_chemical)
        + _folded(table(tokens=("G:2", "L:2", "R:2"), locks=(True, True, False, True, True),
                        draw=(4,)), S.resolve_token_set)
        + _folded(table(priority=GOV_RAIN_TOP, gov_grid=one_blue, bots=0), S.government_actions, 0)
        + _folded(table(current=8, lativ_loc=OFFICE, lativ_space=-1), S.saboteur_turn))


def test_every_solo_line_renders_in_both_languages():
    """Issue 20: "each Saboteur turn played step by step with a one-line reason per step in the
    log": every event kind of the Saboteurs, rendered with the state before it (as the log does)
    and with another state (its fields only), in English and Traditional Chinese: each key it is
    made of is in both catalogues, no field is left unfilled, and every key of the Saboteurs'
    event catalogue is some line's."""
    english, chinese = catalogue("en"), catalogue("zh-TW")
    cases: list[tuple[Any, Any]] = []
    for seed, challenges in ((1, "0"), (2, "cards:1+3+10"), (3, "cards:2+7+12"), (4, "3"),
                             (5, "cards:4+11"), (6, "0"), (7, "0"), (8, "cards:6+9")):
        cases += _solo_game_events(seed, challenges)
    end = cases[-1][0]
    cases += [(end, e) for _s, e in cases] + _hand_made(end) + _rare_reasons()
    seen: set[type] = set()
    used: set[str] = set()
    try:
        for s, e in cases:
            said = GAME.describe_event(s, e)
            if e.__class__ in LINES:
                assert said, e
                seen.add(e.__class__)
            elif not said:
                continue
            keys = _keys(said)
            used |= keys
            assert all(k in english and k in chinese for k in keys), (e, keys - set(chinese))
            for lang in ("en", "zh-TW"):
                set_language(lang)
                text = tr(said)
                assert text and "{" not in text and "wm." not in text, (lang, e, text)
            set_language("en")
    finally:
        set_language("en")
    assert seen == set(E.SOLO_EVENTS)
    own = {k for k in json.loads((PACKAGE / "locale" / "en" / "solo_events.json").read_text(
        "utf-8")) if k.startswith("wm.solo_event.")}
    assert own <= used, sorted(own - used)


def test_final_comparison_says_why():
    """§5.2: "You win if your final CP is higher than the final TV. A tie is a loss"; §5.5:
    "Nobel Laureate: you cannot win without the Nobel Prize. Only Overachievers Apply: you cannot
    win unless you meet at least 5 of the Goal tiles ... Publish or Perish: only an immediate
    victory counts": the end says which, and agrees with the result."""
    def compared(cp: int, challenges: tuple[int, ...] = ()) -> Any:
        s = with_player(table(tv=70, challenges=challenges), 0, cp=cp)
        return of(run(s, S.final_comparison, 0), E.SoloCompared)[0]

    assert (compared(71).won, compared(71).why) == (True, "above")
    assert (compared(70).won, compared(70).why) == (False, "tie")
    assert (compared(60).won, compared(60).why) == (False, "below")
    assert (compared(71, (4,)).won, compared(71, (4,)).why) == (False, "nobel")
    assert (compared(71, (5,)).won, compared(71, (5,)).why) == (False, "goals")
    assert (compared(90, (12,)).won, compared(90, (12,)).why) == (False, "immediate_only")
    s = at_step(with_player(table(tv=40), 0, cp=71), ("final_place", 0))
    from tests.wm.helpers import run as play
    said = [e for e in GAME.decide(s, C.Done(0)) if isinstance(e, E.SoloCompared)]
    assert said == [E.SoloCompared(0, 71, 70, True, "above")]
    end = play(s, C.Done(0))
    assert end.solo.tv == 70 and GAME.scores(end)[0].rank == 1


def test_immediate_victory_counts_funding_spaces_from_zero():
    """§5.1: "at least 2 of your Funding markers are on or beyond the 5th space of their track.
    The starting space counts as space 0": with four Goal tiles met either way (three Funding
    tiles of 4 and a Citation), markers on spaces 5, 4, 4 do not win, on 5, 5, 4 they do."""
    goals = tuple((i, g, False) for i, g in enumerate((2, 5, 8, 13)))

    def player(funding: tuple[int, int, int]) -> WMState:
        return with_player(table(tv=35), 0, cp=40, funding=funding, goals_set=goals, citations=1)

    assert S.goals_met(player((5, 4, 4)), 0) == 4 == S.goals_met(player((5, 5, 4)), 0)
    assert not S.immediate_victory(player((5, 4, 4)), 0)
    assert S.immediate_victory(player((5, 5, 4)), 0)
    assert not S.immediate_victory(with_player(player((5, 5, 4)), 0, cp=35), 0)  # not above


def test_rnd_r1_arrow_picks_top_or_bottom():
    """§4.4.4 R1: "1. Go through the base weather order and take the first branch that has an
    empty Research space. 2. The arrow picks the topmost or bottommost empty space in it":
    priority Rain, Bottom (report 12): Rain's bottom space; Rain's full: Wind's."""
    c = run(table(priority=12), S.rnd_actions, 0)
    first = of(c, E.SaboteurBotPlaced)[0]
    assert (first.branch, first.space, first.why) == (RAIN, 0, "free")
    rnd = ((SABOTEUR,) * 3,) + ((EMPTY,) * 3,) * 4
    first = of(run(table(priority=12, rnd=rnd, bots=9), S.rnd_actions, 0), E.SaboteurBotPlaced)[0]
    assert (first.branch, first.space) == (WIND, 0)


def test_subsidy_flip_column_follows_the_base_order():
    """§4.4.2 b: "The column is the first column, in base weather order, that still holds a
    blue-side-up tile" (7.G12): priority Sun (Sun, Fog, Snow, Rain, Wind), blue tiles under Rain
    and Snow: Snow's is flipped."""
    grid = tuple(("S0+", "", "") if w == RAIN else ("", "S1+", "") if w == SNOW else ("", "", "")
                 for w in range(5))
    c = run(table(priority=GOV_SUN_BOTTOM, gov_grid=grid, bots=0), S.government_actions, 0)
    flip = of(c, E.SubsidyFlipped)[0]
    assert (flip.column, flip.row) == (SNOW, 1) and c.s.gov_grid[RAIN][0] == "S0+"


def test_jamming_devices_counts_every_board_bot():
    """§6 #2 Jamming Devices: "At each income (Phase C with Lativ in his Office), raise the TV by
    1 for each Saboteur Bot on the main board": Government, the Weather Machine and R&D."""
    gov = ((SABOTEUR, EMPTY, EMPTY),) + ((EMPTY,) * 3,) * 4
    lab = ((SABOTEUR, SABOTEUR, EMPTY),) + ((EMPTY,) * 3,) * 4
    rnd = ((EMPTY, SABOTEUR, EMPTY),) + ((EMPTY,) * 3,) * 4
    s = table(gov_bots=gov, lab=lab, rnd=rnd, bots=8, challenges=(2,))
    assert tv_rises(run(s, S.saboteurs_income)) == [(4, "jamming")]


def test_research_order_ignores_awards():
    """§3.3: "Award tokens are ignored when building this list": Awards in the Hideout change no
    group (a Rain token from R&D puts Rain in group 1 for Government either way)."""
    plain = table(priority=GOV_SUN_BOTTOM, tokens=("R:0",))
    awards = table(priority=GOV_SUN_BOTTOM, tokens=("R:0",), awards=3)
    assert S.research_order(plain, GOVERNMENT) == S.research_order(awards, GOVERNMENT) == (
        RAIN, SUN, FOG, SNOW, WIND)
    assert S.research_order(awards, RND) == S.base_order(awards)
