"""Soak (issue 9): for each game and player count, complete games between random and heuristic
computer seats, checking at every step that every piece is where it should be (the game's
``invariants.problems``), that the seat to act has legal commands and ``decide`` accepts the
ones tried (the chosen one and a random other), that ``decide`` and ``apply`` leave their input
unchanged, and that a seat's view hides the seed, is stable and shows nothing that the computer
players treat as hidden (a state they deal from the view has the same view); each game is
autosaved and its file replays to the final state.

CI plays a few games per game; ``pytest tests/soak --long`` plays 1,000 per game (slow)."""

from __future__ import annotations

import copy
import importlib
import random
from dataclasses import replace

import pytest

from tests.support.play import config, player_counts
from weather_tabletop import games
from weather_tabletop.ai import levels, make_player
from weather_tabletop.ai.search import game_hook
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.storage import SavedGame


def invariants(game):
    """The game's ``invariants.problems(state)`` (every game has one)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    return importlib.import_module(package + ".invariants").problems


def soak_game(game, players: int, seed: int, folder) -> int:
    rng = random.Random(seed)
    problems = invariants(game)
    determinize = game_hook(game, "determinize")
    known = [lv for lv in levels(game) if lv in ("random", "greedy", "easy", "normal")]
    seats = [make_player(rng.choice(known), seed * 10 + i, game) for i in range(players)]
    saved = SavedGame.create(game, config(game, players, seed=seed), folder)
    match = saved.match
    steps = 0
    while not match.is_over():
        state = match.state
        assert problems(state) == [], f"{game.id} seed {seed} step {steps}"
        seat = match.to_act()[0]
        legal = game.legal_commands(state, seat)
        assert legal, f"{game.id}: seat {seat} must act but has no legal command"
        view = game.view(state, seat)
        assert getattr(view, "seed", 0) == 0, "a view must hide the seed"
        assert game.view(state, seat) == view
        command = seats[seat].choose(game, view, seat)
        assert command in legal
        game.decide(state, rng.choice(legal))  # legal == accepted by decide
        if determinize is not None and steps % 5 == 0:
            dealt = determinize(view, seat, Rng(seed, steps))
            assert game.view(dealt, seat) == view, "the view shows what the players deal anew"
        if steps % 7 == 0:
            before = copy.deepcopy(state)
            after = state
            for e in game.decide(state, command):
                after = game.apply(after, e)  # each event on the state the one before left
            assert state == before, "decide/apply changed their input"
        saved.submit(command)
        steps += 1
        assert steps < 100_000
    saved.close()
    assert problems(match.state) == []
    assert SavedGame.replay(saved.path).match.state == match.state
    return steps


@pytest.mark.parametrize("game_id", sorted(games.RULES))
def test_soak(game_id, tmp_path, request):
    game = games.get(game_id)
    counts = player_counts(game, every=True)
    per_count = 1000 // len(counts) if request.config.getoption("--long") else 1
    played = [soak_game(game, players, seed=1000 * players + n, folder=tmp_path / f"{players}-{n}")
              for players in counts for n in range(per_count)]
    assert all(steps > 0 for steps in played)


@pytest.mark.parametrize("game_id", sorted(games.RULES))
def test_the_invariants_find_a_missing_piece(game_id):
    """``problems`` is empty at the start and names a piece taken out of the game."""
    game = games.get(game_id)
    state = _started(game)
    assert invariants(game)(state) == []
    broken = {"meteo": lambda s: replace(s, supply=s.supply[1:]),
              "machines-to-the-sky": lambda s: replace(s, project_deck=s.project_deck[1:]),
              "weather-machine": lambda s: replace(s, awards_left=s.awards_left - 1)}[game_id]
    assert invariants(game)(broken(state))


def _started(game):
    return Match.start(game, config(game, game.min_players, seed=3)).state
