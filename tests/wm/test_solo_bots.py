"""The computer players against the Saboteurs (issue 20, "Computer seat"): what they weigh in a
solo game (the Target Value race, the two immediate losses, Call Security) and that a game of
several players is judged exactly as before. Sections: ``../shared/rules/weather-machine-solo.md``."""

from __future__ import annotations

from dataclasses import replace

from weather_tabletop.ai import make_player
from weather_tabletop.engine.chance import Rng
from weather_tabletop.games.weather_machine import bots
from weather_tabletop.games.weather_machine import commands as C
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.saboteurs import player_won
from weather_tabletop.games.weather_machine.solo_data import SOLO
from weather_tabletop.games.weather_machine.state import SaboteurTurn, WMState

from .helpers import fresh, run
from .test_ai import midgame


def solo_at(step: str, seed: int = 2, round_: int = 2) -> WMState:
    """A solo game played by ``normal`` until the player is at ``step`` in Phase A of round
    ``round_`` or later."""
    s = fresh(1, seed)
    r = Rng(seed, 9)
    for _ in range(3000):
        seat = GAME.to_act(s)[0]
        if s.phase == "A" and s.round >= round_ and s.stack[-1].kind == step:
            return s
        s = run(s, bots.normal_choose(GAME, GAME.view(s, seat), seat, r))
    raise AssertionError("the step did not come up")


def with_tiles(s: WMState, levels: dict[int, int]) -> WMState:
    """``s`` with the Extreme Weather tiles of the given weathers raised to these levels (the
    tiles below them on the board, the rest of the stack beside it)."""
    board, stack = list(s.ew_board), list(s.ew_stack)
    for w, level in levels.items():
        tiles = tuple(5 * k + w for k in range(3))
        board[w], stack[w] = tiles[:level], tiles[level:]
    return replace(s, ew_board=tuple(board), ew_stack=tuple(stack),
                   ew_bt=tuple(tuple(-1 for _ in x) for x in s.ew_bt))


def test_a_game_of_several_players_is_judged_as_before():
    s = midgame()
    for seat in range(s.players):
        assert bots.judged_value(s, seat) == bots.value(s, seat)
        lead = bots.value(s, seat) - max(bots.value(s, i) for i in range(s.players) if i != seat)
        assert bots.evaluate(s, seat) == 1.0 / (1.0 + 2.718281828 ** (-lead / 6.0))


def test_the_race_is_against_the_target_value_and_its_30():
    """§5.2, §5.4: final CP against the TV raised by 30 at the end."""
    s = solo_at("move")
    assert bots.saboteurs_value(s) == s.solo.tv + SOLO.target_value.end_game
    higher = replace(s, solo=replace(s.solo, tv=s.solo.tv + 7))
    assert bots.solo_margin(higher, 0) == bots.solo_margin(s, 0) - 7


def test_the_chance_to_win_weighs_the_race_and_the_immediate_losses():
    """§5.2-5.4: the race; §5.3: two Level 3 tiles lose; decided games are 0 or 1."""
    s = replace(solo_at("move"), phase="C")
    chance = bots.win_chance(s, 0)
    assert 0.0 < chance < 1.0
    lower = replace(s, solo=replace(s.solo, tv=s.solo.tv + 5))
    assert bots.win_chance(lower, 0) < chance
    assert bots.win_chance(with_tiles(s, {0: 3, 1: 3}), 0) == 0.0
    assert bots.win_chance(with_tiles(s, {0: 3, 1: 2}), 0) < chance
    lost = replace(s, solo=replace(s.solo, outcome=("lost", "deck")))
    won = replace(s, solo=replace(s.solo, outcome=("won", "good_name")))
    assert bots.win_chance(lost, 0) == 0.0 and bots.win_chance(won, 0) == 1.0
    assert bots.evaluate(s, 0) == chance
    assert bots.judged_value(lower, 0) < bots.judged_value(s, 0)


def test_two_level_three_tiles_are_a_loss_and_one_makes_level_two_dangerous():
    """§5.3: two Level 3 Extreme Weather tiles at the end of your turn lose at once."""
    s = solo_at("move")
    s = replace(s, phase="C")  # no Phase B still to come this round
    assert bots.extreme_danger(with_tiles(s, {0: 3, 1: 3})) == bots.DECIDED
    one = bots.extreme_danger(with_tiles(s, {0: 3}))
    level2 = bots.extreme_danger(with_tiles(s, {1: 2}))
    both = bots.extreme_danger(with_tiles(s, {0: 3, 1: 2}))
    assert 0 < level2 < one < both and both > one + level2


def test_a_weather_half_fixed_costs_less():
    """An Extreme Weather tile full of markers is fixed (returns to its stack): markers on the
    top tile count as progress towards it."""
    s = with_tiles(replace(solo_at("move"), phase="C"), {2: 3})
    spaces = s.ew_bt[2]
    covered = replace(s, ew_bt=s.ew_bt[:2] + ((-4,) + spaces[1:],) + s.ew_bt[3:])
    assert bots.extreme_danger(covered) < bots.extreme_danger(s)


def test_the_clock_costs_more_as_the_report_deck_shrinks():
    """§3.4, §5.3: the deck is the game clock; running out before the last round loses."""
    s = solo_at("move")
    deck = s.solo.deck
    shorter = [replace(s, solo=replace(s.solo, deck=replace(deck, draw=deck.draw[k:])))
               for k in range(0, len(deck.draw), 3)]
    costs = [bots.clock_danger(x) for x in shorter]
    assert costs == sorted(costs) and costs[-1] > costs[0] + bots.CLOCK_LOSS / 3


def test_security_is_called_only_before_the_saboteurs_turn_and_with_reports_to_spare(monkeypatch):
    """§3.5: Call Security is offered at the free moments of your turn; the computer calls it
    at the end of a turn the Saboteurs' turn follows, when the deck can spare a report."""
    for seed in range(2, 30):
        s = solo_at("tokens", seed)
        legal = GAME.legal_commands(s, 0)
        calls = [c for c in legal if isinstance(c, C.CallSecurity)]
        if calls and any(isinstance(c, C.Done) for c in legal) \
                and any(isinstance(st, SaboteurTurn) for st in s.stack):
            break
    else:
        raise AssertionError("no turn's end before the Saboteurs' turn offered Call Security")
    assert not any(isinstance(c, C.CallSecurity) for c in bots.solo_choices(GAME, s, 0))
    view = GAME.view(s, 0)
    monkeypatch.setattr(bots, "SECURITY_SPARE", 99.0)
    assert bots.security_call(GAME, view, 0, calls, Rng(1, 2)) is None
    monkeypatch.setattr(bots, "SECURITY_SPARE", -99.0)
    monkeypatch.setattr(bots, "SECURITY_GAIN", -1e9)  # whatever it gains
    assert bots.security_call(GAME, view, 0, calls, Rng(1, 2)) in calls
    cands = bots.shortlist(GAME, view, 0, legal, Rng(1, 2))
    assert len(cands) == 1 and (cands[0] in calls or isinstance(cands[0], C.Done))
    roles = run(s, calls[0])
    options = GAME.legal_commands(roles, 0)
    assert len(options) == 6
    chosen = bots.shortlist(GAME, GAME.view(roles, 0), 0, options, Rng(1, 2))
    assert len(chosen) == 1 and chosen[0] in options
    assert bots.normal_choose(GAME, GAME.view(roles, 0), 0, Rng(3, 4)) in options


def test_hard_plays_a_solo_game_to_its_end():
    s = fresh(1, 5, challenges=2)
    player = make_player("hard", 5, GAME, iterations=1)
    for _ in range(3000):
        if GAME.is_over(s):
            break
        seat = GAME.to_act(s)[0]
        command = player.choose(GAME, GAME.view(s, seat), seat)
        assert command in GAME.legal_commands(s, seat)
        s = run(s, command)
    assert GAME.is_over(s)
    assert isinstance(player_won(s, 0), bool)
