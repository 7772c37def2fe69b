"""Soak (issue 9): for each game and player count, complete games between random and heuristic
computer seats, checking at every step that the seat to act has legal commands that ``decide``
accepts, that ``decide`` and ``apply`` leave their input unchanged, and that a seat's view hides
the seed and is stable; each game is autosaved and its file replays to the final state.

CI plays a few games per game; ``pytest tests/soak --long`` plays 1,000 per game (slow)."""

from __future__ import annotations

import copy
import random

import pytest

from tests.support.play import config
from weather_tabletop import games
from weather_tabletop.ai import levels, make_player
from weather_tabletop.engine.storage import SavedGame


def soak_game(game, players: int, seed: int, folder) -> int:
    rng = random.Random(seed)
    known = [lv for lv in levels(game) if lv in ("random", "greedy", "easy", "normal")]
    seats = [make_player(rng.choice(known), seed * 10 + i, game) for i in range(players)]
    saved = SavedGame.create(game, config(game, players, seed=seed), folder)
    match = saved.match
    steps = 0
    while not match.is_over():
        state = match.state
        seat = match.to_act()[0]
        legal = game.legal_commands(state, seat)
        assert legal, f"{game.id}: seat {seat} must act but has no legal command"
        view = game.view(state, seat)
        assert getattr(view, "seed", 0) == 0, "a view must hide the seed"
        assert game.view(state, seat) == view
        command = seats[seat].choose(game, view, seat)
        if steps % 7 == 0:
            before = copy.deepcopy(state)
            events = game.decide(state, command)
            for e in events:
                game.apply(state, e)
            assert state == before, "decide/apply changed their input"
        saved.submit(command)
        steps += 1
        assert steps < 100_000
    saved.close()
    assert SavedGame.replay(saved.path).match.state == match.state
    return steps


@pytest.mark.parametrize("game_id", sorted(games.RULES))
def test_soak(game_id, tmp_path, request):
    game = games.get(game_id)
    per_count = 1000 // (game.max_players - game.min_players + 1) if request.config.getoption("--long") else 1
    played = [soak_game(game, players, seed=1000 * players + n, folder=tmp_path / f"{players}-{n}")
              for players in range(game.min_players, game.max_players + 1)
              for n in range(per_count)]
    assert all(steps > 0 for steps in played)
