"""A recorded complete 3-player game (greedy computer seats) in ``saves/`` is verified by the
command line and replays to its recorded final scores."""

import json
from pathlib import Path

from tests.wm.helpers import conservation
from weather_tabletop.cli import main
from weather_tabletop.engine.storage import SavedGame
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
