"""Issue 20, part 3: the Saboteurs wired into the game's flow (``rules``, ``rounds``, ``flow``,
``options``, ``lab``, ``locations``, ``research``, ``benefits``, ``scoring``). A rule test per
wiring step, quoting ``../shared/rules/weather-machine-solo.md``: the setup with one player, the
checkpoint of a solo game, the Saboteurs' place in turn order, the player's turn hooks (the agents
as other players' pieces, Call Security, the two-token set), the base rules meeting Saboteur
Bots, Phases B and C, and the end (+30 TV, the result, the ladder)."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from tests.wm.helpers import at_step, fresh, run as play, start, with_player
from tests.wm.test_saboteurs import SAB, kinds, of, run, table, tv_rises
from weather_tabletop.engine.checkpoint import state_codec
from weather_tabletop.engine.codec import encode
from weather_tabletop.games.weather_machine import commands as C
from weather_tabletop.games.weather_machine import saboteurs as S
from weather_tabletop.games.weather_machine import solo_events as E
from weather_tabletop.games.weather_machine.benefits import funding_benefits
from weather_tabletop.games.weather_machine.board import AGENT, BLOCKED, D, occupant
from weather_tabletop.games.weather_machine.context import name_of
from weather_tabletop.games.weather_machine.data import GOVERNMENT, LAB, RND, SUPPLY, V_SCI
from weather_tabletop.games.weather_machine.events import (ExtremeWeatherEscalated, LockRemoved,
                                                           ResearchTokenDiscarded)
from weather_tabletop.games.weather_machine.flow import run_effect
from weather_tabletop.games.weather_machine.lab import experiment_steps, remove_lock
from weather_tabletop.games.weather_machine.locations import move_lativ
from weather_tabletop.games.weather_machine.options import move_gains, prototype_need
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.solo_state import NO_REPORT, SABOTEUR
from weather_tabletop.games.weather_machine.state import (EMPTY, ExperimentNotRun, FundingBack,
                                                          GovernmentCheck, Income,
                                                          LabFundingChoice, PhaseC,
                                                          SaboteursExperiment, SaboteursIncome,
                                                          SaboteurTurn)

RAIN, WIND, SUN, FOG, SNOW = range(5)


def solo_start(seed: int = 1, **options):
    return start(1, seed, **options)


def to_round_one(seed: int = 1, **options):
    """A solo game after the player's post-setup Supply round (ended at once)."""
    s = solo_start(seed, **options).state
    return play(s, C.Done(0))


# -- 1. setup and state (§2.3) ------------------------------------------------------------------


def test_setup_with_one_player():
    """§2.3: "Set up a normal 2-player game [...] 1. Do not block the rightmost action space (C)
    [...] 2. Put one of Lativ's Bots in each of the 5 Weather Machine branches [...] 3. Use only 2
    Research tokens of each type in each Main Location [...] 4. [...] The player gets these 6 tiles
    (instead of 9) [...] 6. Put the Saboteurs' Scoring marker on 35 CP [...] 7. [...] the player is
    first on both [...] 11. After setup the draw pile holds 17 cards [...] 12. Then take your
    post-setup Supply round. The Saboteurs take none."""
    s = solo_start().state
    assert s.players == 1 and s.solo is not None
    assert all(occupant(s, loc, 2) != BLOCKED for loc in (GOVERNMENT, LAB, RND))
    assert all(br.count(-2) == 1 and br[0] == -2 for br in s.lab)
    lab_held = sum(1 for t in s.solo.hideout.tokens if t[0] == "L")  # step 11.5
    assert max(s.lab_tokens) == 2 and sum(s.lab_tokens) + lab_held == 10
    assert len(s.pl[0].goals_hand) == 6 and not s.pl[0].goals_set
    assert s.solo.tv == 35 and s.turn_order == (0, SAB) and s.initiative == (0, SAB)
    assert len(s.solo.deck.draw) == 17 and s.solo.deck.current != NO_REPORT
    assert len(s.solo.deck.discard) == 2 and len(s.solo.hideout.tokens) == 2
    assert [(x.kind, x.seat) for x in s.stack] == [("fx", -1), ("supply_turn", 0)]
    assert s.phase == "supply"


def test_challenge_option():
    """§2.3 step 13: "add any number of the 12 Challenge cards, chosen or drawn at random"; §3.6
    The Clock is Ticking: "remove the 2 top cards of the draw pile"; §6 Publish or Perish: "The
    starting TV is 5 lower (30)"."""
    spec = next(o for o in GAME.options if o.key == "challenges")
    assert spec.parse("cards:12+6") == "cards:6+12" and spec.parse("3") == 3
    s = solo_start(challenges="cards:6+12").state
    assert s.solo.challenges == (6, 12) and len(s.solo.deck.draw) == 15 and s.solo.tv == 30
    drawn = solo_start(challenges=3).state.solo.challenges
    assert len(set(drawn)) == 3 and all(1 <= x <= 12 for x in drawn)
    assert solo_start().state.solo.challenges == ()
    # a game of several players keeps the state it had: no solo option in it
    assert dict(fresh(2).options).keys() == {"drafting", "new_scientists"}
    assert fresh(2).solo is None


def test_a_solo_game_checkpoints_reloads_and_verifies(tmp_path, capsys):
    """Checkpoints read the solo state (the dataclasses of ``state.py``): a solo game saved as
    it is played opens from its last checkpoint and replays to the same state; ``verify``
    accepts it."""
    from weather_tabletop.ai import RandomPlayer
    from weather_tabletop.cli import main
    from weather_tabletop.engine.storage import SavedGame
    from tests.support.play import config

    saved = SavedGame.create(GAME, config(GAME, 1, 4, challenges="cards:3+9"), tmp_path)
    bot = RandomPlayer(44)
    steps = 0
    while not GAME.is_over(saved.match.state):
        saved.submit(bot.choose(GAME, GAME.view(saved.match.state, 0), 0))
        steps += 1
        if steps == 60:
            mid = saved.match.state
            assert state_codec(GAME, mid).decode(encode(mid)) == mid
            assert SavedGame.watch(saved.path).match.state == mid
    end = saved.match.state
    saved.close()
    assert SavedGame.open(saved.path).match.state == end
    assert SavedGame.replay(saved.path).match.state == end
    assert main(["verify", str(saved.path), "--json"]) == 0


# -- 2. events and words --------------------------------------------------------------------------


def test_saboteurs_are_named_and_their_events_read():
    """§2.2 "Saboteurs: a single automated opponent": their seat is named, and each of their
    events gives a log line."""
    s = solo_start().state
    assert name_of(s, SAB) == "the Saboteurs"
    m = solo_start()
    lines = [str(GAME.describe_event(m.state, e)) for g in m.log for e in g.events
             if e.__class__ in E.SOLO_EVENTS]
    assert lines and all(lines)


# -- 3. turn order (§4.1) -----------------------------------------------------------------------


def test_saboteurs_turn_is_an_effect_step_in_turn_order():
    """§4.1: "Phase A: both sides take a turn, in turn order. [...] In round 1 the player goes
    first"; §4.2: "Immediate-victory check at the very start of your turn [...] End of your
    turn"; §4.3: the Saboteurs' turn."""
    s = to_round_one()
    order = [x.__class__.__name__ for x in reversed(s.stack)]
    # (step 1 is passed over when there is no Subsidy or Investment tile to use)
    assert order[order.index("ScientistMove"):order.index("PhaseB") + 1] == [
        "ScientistMove", "TokenPlacement", "PlayerTurnEnd", "SaboteurTurn", "PhaseB"]
    assert order[0] in ("SubsidyOrInvestment", "ScientistMove")
    assert s.round == 1 and s.phase == "A"


def test_player_turn_end_runs_the_saboteurs_turn():
    """§4.3: when your turn ends the Saboteurs' agent of the current report moves (Step 1) and
    the report becomes the priority card (Step 6)."""
    s = to_round_one()
    current = s.solo.deck.current
    if s.stack[-1].kind == "turn_sub":
        s = play(s, C.Done(0))
    move = next(c for c in GAME.legal_commands(s, 0) if isinstance(c, C.MoveScientist))
    s = play(s, move)
    while s.stack[-1].kind != "tokens":
        s = play(s, C.Done(0))
    events = GAME.decide(s, C.Done(0))
    names = [e.__class__ for e in events]
    assert E.SaboteurTurnBegan in names and E.ReportPlayed in names
    after = s
    for e in events:
        after = GAME.apply(after, e)
    assert after.solo.deck.discard[0] == current


def test_initiative_track_holds_both_sides():
    """§4.1: "The player takes [the Initiative] with the usual Supply action": the track has two
    places, the Saboteurs' included."""
    s = to_round_one()
    s = replace(s, initiative=(SAB, 0))
    s = with_player(s, 0, vouchers=(3, 0, 0, 0, 0))
    from weather_tabletop.games.weather_machine.options import supply_commands
    assert C.TakeInitiative(0, 0) in supply_commands(s, 0)


# -- 4. the player's turn (§4.2) -----------------------------------------------------------------


def test_agents_count_as_other_players_pieces():
    """§4.2: "In a Main Location you gain +1 Voucher for each Saboteur agent to the left of your
    space [...] In the Supply you must pay 1 Voucher for each agent to the left of your space.
    Moral High Ground removes the Voucher bonus for agents"."""
    s = table(agents=((GOVERNMENT, 0), (SUPPLY, 0)))
    assert occupant(s, GOVERNMENT, 0) == AGENT
    assert move_gains(s, 0, GOVERNMENT, 1) == (2, 0, 0)
    assert move_gains(s, 0, SUPPLY, 1) == (0, 1, 1)  # Lativ is in the Supply too
    moral = table(agents=((GOVERNMENT, 0), (SUPPLY, 0)), challenges=(8,))
    assert move_gains(moral, 0, GOVERNMENT, 1) == (1, 0, 0)
    assert move_gains(moral, 0, SUPPLY, 1) == (0, 1, 1)


def test_lativ_moves_with_the_two_player_discard():
    """§4.2: "Lativ moves as usual when you enter his Location. This includes the 2-player rule:
    when Lativ moves to Government or R&D, discard a Research token there that matches the
    weather of the Assistant's branch"."""
    s = table(lativ_loc=SUPPLY, lativ_space=-1, agents=((GOVERNMENT, 0), (LAB, 0)), assistant=SUN)
    c = run(s, move_lativ)
    assert of(c, ResearchTokenDiscarded) == [ResearchTokenDiscarded(f"G:{SUN}")]
    assert c.s.lativ_space == 1  # the agent holds the leftmost space


def test_call_security_is_a_command_after_moving():
    """§3.5: "Cost: 1 Voucher of the type of the Location your Scientist is in, or 1 Science
    Voucher. Effect: take the current report and the top 2 cards of the draw pile (3 cards).
    Assign one of them to each of three roles"; 7.G17: "at most once per turn, after you have
    moved"."""
    s = table(current=7, draw=(4, 5, 6))
    s = with_player(s, 0, location=LAB, space=1, vouchers=(0, 0, 1, 0, 1))
    s = at_step(s, ("actions", 0, LAB, 1, 0))
    legal = GAME.legal_commands(s, 0)
    calls = [c for c in legal if isinstance(c, C.CallSecurity)]
    assert {c.vtype for c in calls} == {2, V_SCI}
    assert GAME.view(s, 0).solo.deck.draw == (NO_REPORT,) * 3  # the draw pile is hidden
    taken = play(s, C.CallSecurity(0, V_SCI))
    assert taken.stack[-1].kind == "solo_security"
    assert GAME.view(taken, 0).solo.deck.draw == (4, 5, NO_REPORT)  # the two in hand
    roles = GAME.legal_commands(taken, 0)
    assert set(roles) == {C.AssignReports(0, a, b, d) for a, b, d in permutations((7, 4, 5))}
    done = play(taken, C.AssignReports(0, 5, 7, 4))
    deck = done.solo.deck
    assert (deck.current, deck.draw, deck.priority) == (5, (7, 6), 4)
    assert done.pl[0].vouchers[V_SCI] == 0 and done.stack[-1].kind == "actions"
    assert not [c for c in GAME.legal_commands(done, 0) if isinstance(c, C.CallSecurity)]
    # not before moving: the Scientist's move offers none
    assert not [c for c in GAME.legal_commands(at_step(s, ("move", 0)), 0)
                if isinstance(c, C.CallSecurity)]


def test_two_token_set_reward_is_the_players_choice():
    """§4.5.6, 7.G13: "For a two-token set you choose whether the Target Value rises or the top
    Security Report is discarded; with an empty draw pile the Target Value must rise"."""
    s = at_step(table(draw=(4, 5)), ("solo_set", 0), ("move", 0))
    s = replace(s, solo=replace(s.solo, pending_set=WIND))
    assert GAME.legal_commands(s, 0) == [C.SetRewardChoice(0, False), C.SetRewardChoice(0, True)]
    assert play(s, C.SetRewardChoice(0, True)).solo.deck.priority == 4
    assert play(s, C.SetRewardChoice(0, False)).solo.tv == 40
    empty = replace(s, solo=replace(s.solo, deck=replace(s.solo.deck, draw=())))
    assert GAME.legal_commands(empty, 0) == [C.SetRewardChoice(0, False)]


def test_saboteur_turn_step_asks_for_a_pending_set():
    """§4.3 Step 7 then the player's choice (7.G13): the Saboteurs' turn step leaves the decision
    on top when a two-token set is pending."""
    tokens = ("G:1", "L:1")
    s = table(current=17, priority=10, draw=(4, 5), tokens=tokens, locks=(True, False, True,
                                                                            True, True))
    c = run(at_step(s), run_effect, SaboteurTurn(-1))
    assert c.s.solo.pending_set == WIND and c.s.stack[-1].kind == "solo_set"


def test_immediate_results_end_the_game():
    """§5.1 "you win at once"; §5.3 "You lose at once" (at the end of your turn, two Level 3
    tiles): the game is over, without the end's +30."""
    board = tuple((w, 5 + w, 10 + w) if w < 2 else (w,) for w in range(5))
    s = at_step(table(ew_board=board, tv=40), ("tokens", 0), ("fx", 0, "solo_turn_end"))
    end = play(s, C.Done(0))
    assert end.phase == "over" and end.solo.outcome == ("lost", "extreme") and end.solo.tv == 40
    assert GAME.scores(end)[0].rank == 2


# -- 5. base rules meeting Saboteur Bots --------------------------------------------------------


def test_activation_you_cause_raises_the_tv():
    """§4.2: "Government activation caused by you: raise the TV by 3 for each Saboteur Bot in the
    activated branch"."""
    gov = ((SABOTEUR, 0, SABOTEUR),) + ((EMPTY,) * 3,) * 4
    c = run(table(gov_bots=gov), run_effect, GovernmentCheck(0, RAIN))
    assert (6, "activation") in tv_rises(c)


def test_prototype_with_saboteur_bots():
    """§4.2: "Breakthrough: raise the TV by 2 for each Saboteur Bot that provides a Machine Part
    to your prototype [...] Independent Prototypes forbids using their Bots"."""
    rnd = ((SABOTEUR, EMPTY, EMPTY),) + ((EMPTY,) * 3,) * 4
    s = table(rnd=rnd)
    s = with_player(s, 0, tiles=((1, 1, 0, False), (1, 2, 1, False), (2, 1, 2, False)))
    rich = with_player(s, 0, parts=(5,) * 5)
    barred = replace(rich, solo=replace(rich.solo, challenges=(10,)))
    # the Saboteur Bot's space provides its part; with Independent Prototypes you provide it
    assert D.rnd_parts[RAIN][0] not in prototype_need(rich, 0, RAIN, 1, 0)[0]
    assert sorted(prototype_need(barred, 0, RAIN, 1, 0)[0]) == sorted(D.rnd_parts[RAIN])
    from weather_tabletop.games.weather_machine.research import finish_prototype
    assert (2, "prototype") in tv_rises(run(rich, finish_prototype, 0, RAIN, 1, 0))
    assert not tv_rises(run(barred, finish_prototype, 0, RAIN, 1, 0))


def test_peer_review_and_budget_cuts():
    """§6 Peer Review: "You cannot use Citation tokens when publishing. When you unlock a Citation
    space, you may not pay a Science Voucher for 3 CP"; Budget Cuts: "When you receive funding
    from the Lab Funding track, treat the modifier below your marker as +0"."""
    s = with_player(table(challenges=(9,)), 0, vouchers=(0, 0, 0, 0, 3))
    c = run(s, remove_lock, 0, RAIN)
    assert kinds(c) == [LockRemoved] and c.s.stack == s.stack
    plain = with_player(table(), 0, vouchers=(0, 0, 0, 0, 3))
    assert run(plain, remove_lock, 0, RAIN).s.stack[-1].kind == "lock_pay"
    pos = max(range(len(D.funding_lab_modifier)), key=lambda i: D.funding_lab_modifier[i])
    cuts = run(table(challenges=(11,)), funding_benefits, 0, 1, pos)
    assert cuts.s.stack[-1] == LabFundingChoice(0, 0)
    full = run(table(), funding_benefits, 0, 1, pos)
    assert full.s.stack[-1] == LabFundingChoice(0, D.funding_lab_modifier[pos])


# -- 6. Phases B and C (§4.6, §4.7) ------------------------------------------------------------


def test_phase_b_with_saboteur_bots():
    """§4.6: "If it runs, resolve each side in turn order [...] Saboteurs, if they have a Bot in
    the branch: Return each of their Bots to the Hideout, and raise the TV by the tile's CP for
    each Bot"; "If it does not run [...] If at least one Saboteur Bot is in the branch, place a
    new Extreme Weather tile of that weather"."""
    lab = ((SABOTEUR, 0, SABOTEUR),) + tuple((EMPTY,) * D.lab_spaces[b] for b in range(1, 5))
    s = table(lab=lab)
    steps = experiment_steps(s, RAIN, 0)
    assert SaboteursExperiment(-1, RAIN) in steps
    c = run(s, run_effect, SaboteursExperiment(-1, RAIN))
    assert c.s.lab[RAIN].count(SABOTEUR) == 0 and c.s.solo.hideout.bots == 14
    c = run(s, run_effect, ExperimentNotRun(-1, RAIN, 0))
    assert of(c, ExtremeWeatherEscalated)
    assert not run(s, run_effect, ExperimentNotRun(-1, RAIN, 1)).ev  # §5.4: none at the end


def test_phase_c_income():
    """§4.7: "If Lativ is in his Office: you gain income as usual; the Saboteurs gain none;
    Jamming Devices: raise the TV by 1 for each Saboteur Bot on the main board; Creative
    Accounting: move one of your Funding markers back 1 space"."""
    from weather_tabletop.games.weather_machine.data import OFFICE
    s = table(lativ_loc=OFFICE, lativ_space=-1, challenges=(2, 3),
              gov_bots=((SABOTEUR, EMPTY, EMPTY),) + ((EMPTY,) * 3,) * 4)
    s = with_player(s, 0, funding=(0, 2, 0))
    c = run(at_step(s), run_effect, PhaseC(-1))
    top = [x.__class__ for x in reversed(c.s.stack)][:3]
    assert top == [Income, SaboteursIncome, FundingBack]
    assert tv_rises(run(s, run_effect, SaboteursIncome(-1))) == [(1, "jamming")]
    back = at_step(s, ("solo_funding_back", 0))
    assert GAME.legal_commands(back, 0) == [C.PushFundingBack(0, 1)]
    assert play(back, C.PushFundingBack(0, 1)).pl[0].funding == (0, 1, 0)


# -- 7. the end (§5) ----------------------------------------------------------------------------


def test_final_scoring_adds_thirty_and_ties_lose():
    """§5.4: "Saboteurs: raise the TV by 30. They score nothing else"; §5.2: "You win if your
    final CP is higher than the final TV. A tie is a loss"."""
    s = at_step(with_player(table(tv=40), 0, cp=71), ("final_place", 0))
    end = play(s, C.Done(0))
    assert end.phase == "over" and end.solo.tv == 70
    assert GAME.scores(end)[0].rank == 1 and GAME.scores(end)[0].total == 71
    tie = play(at_step(with_player(table(tv=40), 0, cp=70), ("final_place", 0)), C.Done(0))
    assert GAME.scores(tie)[0].rank == 2


def test_the_ladder_is_evaluated():
    """§5.6: "You earn the best-numbered level whose conditions all hold"; 7.G19: "award titles
    only after a win"; Level 5 Stormchaser: "2+ Goal tiles met; 1+ Award"."""
    goals = tuple((i, g, False) for i, g in enumerate((2, 5, 8, 18, 22, 25)))
    s = with_player(table(tv=0), 0, cp=50, funding=(6, 6, 6), goals_set=goals, awards=1)
    level, ticks = S.qualification(s, 0)
    assert level == 5 and ticks[-1] == (5, (True, True))
    assert S.qualification(replace(s, solo=replace(s.solo, tv=1000)), 0)[0] is None


def test_computer_seats_play_the_human_side():
    """Issue 20: "normal and hard can play the human side"."""
    from weather_tabletop.ai import make_player
    from weather_tabletop.cli import play_out
    from weather_tabletop.engine.match import Match
    from tests.support.play import config
    for level in ("normal", "hard"):
        m = Match.start(GAME, config(GAME, 1, 2))
        play_out(GAME, m, [make_player(level, 5, GAME)], 5000)
        assert GAME.is_over(m.state) and len(GAME.scores(m.state)) == 1
