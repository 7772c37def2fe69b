"""The recorded solo game of Weather Machine in ``saves/`` (Ada, the hard computer seat, against
the Saboteurs): it is offered as a demo, ``weather-tabletop verify`` accepts it without changing
it, and playing its commands again from the setup reaches its recorded end (the replay's
stepping over every demo: ``tests/engine/test_replay.py``). Recorded with

    weather-tabletop simulate --game weather-machine --players 1 --bots hard --games 40 --seed 200 --save-dir DIR

(the game of seed 203, the seat then named Ada and the options of other player counts left out of
its header, the checksums written again)."""

from __future__ import annotations

import json
from pathlib import Path

from weather_tabletop import cli, resources
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.games.weather_machine import saboteurs
from weather_tabletop.games.weather_machine.rules import GAME

from tests.wm.helpers import conservation

NAME = "weather-machine-solo-demo.wtsave"
DEMO = Path(__file__).resolve().parents[2] / "saves" / NAME
#: Ada's final score when it was recorded: she beat the final Target Value (82, the +30 of the
#: end included) with 89 CP, with no title on the ladder (level 5 needs an Award too)
EXPECTED = {0: (89, 1, {"Climate Points": 40, "End-game CP": 0, "Government funding": 13,
                        "Lab funding": 9, "R&D funding": 7, "Goals": 20, "Nobel Prize": 0})}
FINAL_TV = 82


def test_the_demo_is_shipped() -> None:
    assert NAME in [f.name for f in resources.demo_saves()]


def test_verify_accepts_it_and_leaves_it_unchanged(capsys) -> None:
    before = DEMO.read_bytes()
    assert cli.main(["verify", "--json", str(DEMO)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "weather-machine" and info["over"] and info["notice"] is None
    assert info["seats"] == ["Ada"]
    assert {s["seat"]: (s["total"], s["rank"], s["breakdown"]) for s in info["scores"]} == EXPECTED
    assert DEMO.read_bytes() == before


def test_replaying_the_commands_reaches_the_recorded_end() -> None:
    """Solo §5.5: the final Target Value includes the +30; the player's total beats it."""
    recorded = SavedGame.replay(DEMO).match
    assert recorded.config.players == 1 and recorded.state.solo is not None
    commands = [g.command for g in recorded.active if g.kind == "command"]
    assert len(commands) == 155
    match = Match.start(GAME, recorded.config, casual=recorded.casual)
    for command in commands:
        match.submit(command)
    state = match.state
    assert GAME.is_over(state) and state == recorded.state
    assert conservation(state) == []
    assert state.solo.tv == FINAL_TV and state.solo.outcome == ("", "")  # decided by final scoring
    assert {l.seat: (l.total, l.rank, dict(l.breakdown)) for l in GAME.scores(state)} == EXPECTED
    assert saboteurs.player_won(state, 0)
    level, ticks = saboteurs.qualification(state, 0)
    assert level is None and dict(ticks)[5] == (True, False)

