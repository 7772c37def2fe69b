"""Advice from the ``hard`` player (issue 21): the same for every deal of what the seat cannot
see (other seats' hidden cards and markers, the decks, the seed), deterministic for a seed and
budget, best first in the order the ``hard`` player chooses, with a played command included and
judged on the same samples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.meteo import test_ai as meteo
from tests.mtts import test_ai as mtts
from tests.wm import test_ai as wm
from weather_tabletop.ai import make_player
from weather_tabletop.ai.advice import Candidate, advise
from weather_tabletop.games.machines_to_the_sky.rules import GAME as MTTS
from weather_tabletop.games.machines_to_the_sky.state import BIDDING
from weather_tabletop.games.meteo.rules import GAME as METEO
from weather_tabletop.games.weather_machine.rules import GAME as WM

POSITIONS = {
    "meteo-midgame": (METEO, lambda: meteo.midgame(), meteo.other_deal, 14),
    "meteo-endgame": (METEO, lambda: meteo.endgame(seed=2), meteo.other_deal, 8),
    "mtts-bidding": (MTTS, lambda: mtts.at(BIDDING), mtts.other_deal, 8),
    "wm-actions": (WM, lambda: wm.midgame(step="actions"), wm.other_deal, 4),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_advice_does_not_depend_on_what_the_seat_cannot_see(name):
    game, position, other_deal, iterations = POSITIONS[name]
    s = position()
    others = [other_deal(s, k) for k in range(2)]
    assert all(o != s and o.seed != s.seed for o in others)
    assert all(game.view(o, 0) == game.view(s, 0) for o in others)
    advice = [advise(game, game.view(o, 0), 0, iterations=iterations, seed=3)
              for o in [s, *others]]
    assert advice[0] and all(a == advice[0] for a in advice)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_advice_is_the_hard_player_s_judgement_best_first(name):
    game, position, _, iterations = POSITIONS[name]
    view = game.view(position(), 0)
    advice = advise(game, view, 0, iterations=iterations, seed=5)
    assert advice == advise(game, view, 0, iterations=iterations, seed=5)
    player = make_player("hard", 5, game, iterations=iterations)
    chosen = player.choose(game, view, 0)
    assert advice[0].command == chosen
    means = dict(player.last_means)
    assert {a.command: a.value for a in advice} == pytest.approx(means)
    assert all(isinstance(a, Candidate) and 0.0 <= a.value <= 1.0 for a in advice)


def test_a_played_command_is_included_and_an_illegal_one_is_not():
    s = wm.midgame(step="actions")
    view = WM.view(s, 0)
    shortlist = [a.command for a in advise(WM, view, 0, iterations=4, seed=1)]
    outside = [c for c in WM.legal_commands(view, 0) if c not in shortlist]
    assert outside, "the position has legal commands outside the shortlist"
    illegal = replace(outside[-1], seat=1)  # another seat's command is not seat 0's to play
    include = [outside[-1], illegal]
    advice = advise(WM, view, 0, iterations=4, seed=1, include=include)
    commands = [a.command for a in advice]
    assert outside[-1] in commands and len(commands) == len(shortlist) + 1
    # the others are judged on the same samples as without it
    before = {a.command: (a.points, a.value) for a in advise(WM, view, 0, iterations=4, seed=1)}
    assert {a.command: (a.points, a.value) for a in advice if a.command in before} == before


def test_stopped_before_a_whole_round_gives_no_advice():
    s = meteo.endgame(seed=2)
    assert advise(METEO, METEO.view(s, 0), 0, iterations=40, stop=lambda: True) == []
