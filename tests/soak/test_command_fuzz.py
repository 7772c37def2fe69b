"""A fuzz of commands (issue 9): in every phase of every game, well-formed commands that are not
legal — a legal command with one field changed, or given by another seat — are refused with a
reason and change nothing."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from tests.support.play import config, player_counts
from weather_tabletop import games
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import IllegalMove
from weather_tabletop.i18n import tr


def mutants(command, rng: random.Random, players: int, strings: list[str]):
    """Commands of the same kind with one field changed."""
    for f in dataclasses.fields(command):
        value = getattr(command, f.name)
        if isinstance(value, bool):
            options = [not value]
        elif isinstance(value, int):
            options = [value + 1, value - 1, value + 7, -value - 3, 999] if f.name != "seat" else \
                [s for s in range(-1, players + 1) if s != value]
        elif isinstance(value, str):
            options = [rng.choice(strings), "", "no such thing"]
        elif isinstance(value, tuple):
            options = [(), value[::-1], value + value[:1]]
            if value and isinstance(value[0], int):
                options.append((value[0] + 1,) + value[1:])
        else:
            options = [None]
        for option in options:
            try:
                yield dataclasses.replace(command, **{f.name: option})
            except (TypeError, ValueError):
                continue


@pytest.mark.parametrize("game_id", sorted(games.RULES))
def test_illegal_commands_are_refused_with_a_reason_and_change_nothing(game_id):
    game = games.get(game_id)
    rng = random.Random(5)
    refused = 0
    for players in player_counts(game):
        match = Match.start(game, config(game, players, seed=11))
        player = RandomPlayer(2)
        steps = 0
        while not match.is_over() and steps < 400:
            state = match.state
            if steps % 9 == 0:
                seat = match.to_act()[0]
                legal = game.legal_commands(state, seat)
                everyone = {c for s in range(players) for c in game.legal_commands(state, s)}
                strings = sorted({v for c in legal for v in dataclasses.astuple(c)
                                  if isinstance(v, str)}) or ["x"]
                snapshot = copy.deepcopy(state)
                tried = 0
                for command in rng.sample(legal, min(6, len(legal))):
                    for bad in mutants(command, rng, players, strings):
                        if bad in everyone:
                            continue
                        with pytest.raises(IllegalMove) as info:
                            game.decide(state, bad)
                        assert info.value.reason and len(tr(info.value.reason)) > 10, bad
                        tried += 1
                assert state == snapshot
                refused += tried
            seat = match.to_act()[0]
            match.submit(player.choose(game, game.view(match.state, seat), seat))
            steps += 1
    assert refused > 50
