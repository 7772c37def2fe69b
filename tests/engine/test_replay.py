"""Replay (issue 21): stepping back and forward over every position of each recorded demo gives
exactly the states the match produced, turns and rounds are found, and nothing is written."""

from __future__ import annotations

import importlib.resources
import random

import pytest

from weather_tabletop.engine.match import Match
from weather_tabletop.engine.replay import Replay, viewers
from weather_tabletop.engine.storage import SavedGame

DEMOS = sorted(e.name for e in importlib.resources.files("weather_tabletop.saves").iterdir()
               if e.name.endswith(".wtsave"))


def _demo(name: str) -> tuple[SavedGame, bytes]:
    entry = importlib.resources.files("weather_tabletop.saves") / name
    data = entry.read_bytes()
    return SavedGame.replay(entry), data


@pytest.mark.parametrize("name", DEMOS)
def test_every_position_is_the_state_the_match_had(name):
    recorded, data = _demo(name)
    source = recorded.match
    # the states the match produced, move by move, by playing the recorded commands again
    again = Match.start(source.game, source.config, casual=source.casual)
    states = [again.state]
    for group in source.active[1:]:
        again.submit(group.command)
        states.append(again.state)
    replay = Replay.of(source)
    assert replay.last == len(states) - 1 and replay.final == source.state
    order = list(range(replay.last + 1))
    for k in order + order[::-1]:  # forward, then back
        assert replay.state_at(k) == states[k], k
    for k in random.Random(name).sample(order, min(40, len(order))):  # and jumps
        assert replay.state_at(k) == states[k]
    assert (importlib.resources.files("weather_tabletop.saves") / name).read_bytes() == data


@pytest.mark.parametrize("name", DEMOS)
def test_turns_and_rounds_step_in_order(name):
    replay = Replay.of(_demo(name)[0].match)
    turn = [replay.game.turn_id(replay.state_at(k)) for k in range(replay.last + 1)]
    starts, k = [0], 0
    while True:  # next_turn gives the last position when no turn starts after k
        nxt = replay.next_turn(k)
        if nxt == k or (nxt == replay.last and turn[nxt] == turn[nxt - 1]):
            break
        starts.append(nxt)
        k = nxt
    assert starts == [0] + [k for k in range(1, replay.last + 1) if turn[k] != turn[k - 1]]
    assert len(starts) > 2
    for a, b in zip(starts, starts[1:]):
        assert replay.previous_turn(b) == a and replay.previous_turn(b - 1) <= a
    rounds = {t[0] for t in turn}
    assert replay.rounds() == len([k for k in range(replay.last + 1)
                                   if k == 0 or turn[k][0] != turn[k - 1][0]]) >= len(rounds) - 1
    assert replay.previous_round(0) == 0 and replay.next_turn(replay.last) == replay.last


def test_an_unfinished_game_is_seen_only_as_its_opener_may(tmp_path):
    from tests.support.play import config, random_step
    from tests.support.tally import GAME
    from weather_tabletop.ai import RandomPlayer

    saved = SavedGame.create(GAME, config(GAME, 3, seed=2, pile=100000), tmp_path)
    for _ in range(6):
        random_step(GAME, saved, RandomPlayer(2))
    replay = Replay.of(saved.match)
    assert viewers(GAME, replay, 1) == [1]
    saved.close()
    finished = Replay.of(_demo(DEMOS[0])[0].match)
    assert viewers(finished.game, finished, 0) == [None, *range(len(finished.config.seats))]
