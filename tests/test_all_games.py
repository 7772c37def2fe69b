"""Properties every game must have, checked the same way for all of them: a random game with
undo and redo mixed in, autosaved, replays from its file to exactly the live state after every
single log entry; a damaged copy of it is refused and left unchanged."""

from __future__ import annotations

import pytest

from tests.support.play import config, player_counts
from weather_tabletop import games
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.codec import Codec
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.storage import LoadError, SavedGame, _read_lines

GAMES = sorted(games.RULES)


def play(game, saved: SavedGame, seed: int, limit: int) -> list:
    """Random legal play with undo/redo; the live state after every log entry."""
    match, rng, states = saved.match, RandomPlayer(seed), []
    while not match.is_over() and len(states) < limit:
        seat = match.to_act()[0]
        saved.submit(rng.choose(game, game.view(match.state, seat), seat))
        states.append(match.state)
        roll = rng._rng.below(10)
        if roll == 0 and match.undo_reason(seat) is None:
            saved.undo(seat)
            states.append(match.state)
            if rng._rng.below(2) == 0:
                saved.redo(seat)
                states.append(match.state)
    return states


@pytest.mark.parametrize("game_id", GAMES)
def test_replay_equals_the_live_state_after_every_entry(tmp_path, game_id):
    game = games.get(game_id)
    for players in player_counts(game):
        saved = SavedGame.create(game, config(game, players, seed=7 + players), tmp_path,
                                 casual=True)
        live = play(game, saved, seed=players, limit=3000)
        saved.close()
        read = _read_lines(saved.path)
        codec = Codec((*game.commands, *game.events))
        replay = Match(game, saved.match.config, casual=True)
        setup, *entries = read.bodies
        replay.replay_entry("setup", None, None, codec.decode(setup["events"]))
        assert len(entries) == len(live)
        for body, expected in zip(entries, live):
            command = codec.decode(body["cmd"]) if "cmd" in body else None
            replay.replay_entry(body["kind"], body.get("seat"), command,
                                codec.decode(body.get("events", [])))
            assert replay.state == expected, f"{game_id}: differs after entry {body['n']}"


@pytest.mark.parametrize("game_id, players", [
    (g, n) for g in GAMES for n in sorted({games.get(g).min_players,
                                       getattr(games.get(g), "default_players",
                                               games.get(g).min_players)})])
def test_a_damaged_save_of_every_game_is_refused_and_unchanged(tmp_path, game_id, players):
    game = games.get(game_id)
    saved = SavedGame.create(game, config(game, players, seed=3), tmp_path)
    play(game, saved, seed=3, limit=40)
    saved.close()
    data = saved.path.read_bytes()
    for cut in (len(data) // 3, len(data) // 2):
        damaged = tmp_path / f"damaged-{cut}.wtsave"
        damaged.write_bytes(data[:cut] + bytes([data[cut] ^ 0x01]) + data[cut + 1:])
        with pytest.raises(LoadError):
            SavedGame.open(damaged)
        assert damaged.read_bytes()[:cut] == data[:cut]
        assert len(damaged.read_bytes()) == len(data)
