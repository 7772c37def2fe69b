"""A recorded complete 3-player game (greedy computer seats) is verified and replayed."""

from pathlib import Path

from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.games.weather_machine.rules import GAME
from tests.wm.helpers import conservation

SAVE = Path(__file__).parent / "saves" / "weather-machine-3p-greedy.wtsave"


def test_recorded_game_replays_to_its_end() -> None:
    saved = SavedGame.replay(SAVE)
    state = saved.match.state
    assert GAME.is_over(state) and state.players == 3
    assert conservation(state) == []
    lines = GAME.scores(state)
    assert sorted(l.rank for l in lines)[0] == 1
    assert state.round == state.final_round
