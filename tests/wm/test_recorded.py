"""A recorded complete 3-player game (greedy computer seats) in ``saves/`` is verified by the
command line and replays to its recorded final scores. It is recorded with

    weather-tabletop simulate --game weather-machine --players 3 --bots greedy --games 1 --seed 7 --save-dir DIR

(issue 17: recorded again when the setup's events got their names; the same 279 commands)."""

import json
from pathlib import Path

import pytest

from tests.wm.helpers import conservation
from weather_tabletop.cli import main
from weather_tabletop.engine import storage
from weather_tabletop.engine.storage import LoadError, SavedGame
from weather_tabletop.games.weather_machine.rules import GAME

SAVE = Path(__file__).resolve().parents[2] / "saves" / "weather-machine-demo-3p.wtsave"
RECORDED = {0: (45, 2), 1: (48, 1), 2: (40, 3)}  # seat: (CP, rank) when it was recorded


def test_recorded_game_replays_to_its_recorded_scores() -> None:
    saved = SavedGame.replay(SAVE)
    state = saved.match.state
    assert GAME.is_over(state) and state.players == 3
    assert conservation(state) == []
    assert {l.seat: (l.total, l.rank) for l in GAME.scores(state)} == RECORDED
    assert state.round == state.final_round


def test_verify_accepts_the_recorded_game(capsys) -> None:
    before = SAVE.read_bytes()
    assert main(["verify", str(SAVE), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "weather-machine" and info["over"] and info["commands"] == 279
    assert SAVE.read_bytes() == before


def _as_older_version(path: Path) -> None:
    """Write the save as versions before issue 17 did: the setup recorded as ``Dealt`` events
    (here its first one), in the save format of then (version 1, without checkpoints: the game
    up to the first one; a checkpoint lets a game continue without reading its setup again),
    with a valid checksum chain."""
    previous, out = "", []
    for number, raw in enumerate(path.read_bytes().splitlines(), start=1):
        body = json.loads(raw)
        body.pop("sum")
        if number == 1:
            body["version"] = 1  # the save format before checkpoints
        if body.get("kind") == "setup":
            body["events"][0] = {"t": "Dealt", "path": ["chance_n"], "value": 1}
        if body.get("kind") == "checkpoint":
            break  # the game so far
        data = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
        previous = storage._crc(previous, data)
        out.append(data[:-1] + f',"sum":"{previous}"}}\n'.encode())
    path.write_bytes(b"".join(out))


@pytest.mark.parametrize("how", ["replay", "open"])
def test_a_save_of_an_older_version_is_refused_saying_so(tmp_path, how) -> None:
    path = tmp_path / "old.wtsave"
    path.write_bytes(SAVE.read_bytes())
    _as_older_version(path)
    before = path.read_bytes()
    with pytest.raises(LoadError, match="saved by an older version of Weather Tabletop"):
        getattr(SavedGame, how)(path)
    assert path.read_bytes() == before


def test_an_older_save_with_checkpoints_is_refused_saying_so_when_continued(tmp_path) -> None:
    """A save of the format with checkpoints, made before issue 17: its checkpoints hold the
    pending steps as tuples and its setup ``Dealt`` events."""
    from weather_tabletop.engine.checkpoint import state_codec
    from weather_tabletop.games.weather_machine.state import step_tuple
    codec = state_codec(GAME, SavedGame.replay(SAVE).match.state)
    path = tmp_path / "old.wtsave"
    previous, out = "", []
    for raw in SAVE.read_bytes().splitlines():
        body = json.loads(raw)
        body.pop("sum")
        if body.get("kind") == "setup":
            body["events"][0] = {"t": "Dealt", "path": ["chance_n"], "value": 1}
        if body.get("kind") == "checkpoint":
            body["prev"] = previous
            body["state"]["stack"] = [list(step_tuple(codec.decode(x)))
                                      for x in body["state"]["stack"]]
        data = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
        previous = storage._crc(previous, data)
        out.append(data[:-1] + f',"sum":"{previous}"}}\n'.encode())
    path.write_bytes(b"".join(out))
    with pytest.raises(LoadError, match="saved by an older version of Weather Tabletop"):
        SavedGame.open(path)
