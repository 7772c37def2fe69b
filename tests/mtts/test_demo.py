"""The recorded solo game of Machines To The Sky in ``saves/`` (Ada, a greedy computer seat,
against the Automa with 2 red cards): ``weather-tabletop verify`` accepts it, and playing its
commands again from the setup (as the demo player does) reaches its recorded final scores."""

from __future__ import annotations

import json
from pathlib import Path

from weather_tabletop import cli, resources
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.games.machines_to_the_sky.rules import GAME, automa_start

NAME = "mtts-solo-demo.wtsave"
DEMO = Path(__file__).resolve().parents[2] / "saves" / NAME
#: The final score recorded in the file: Ada 53 VP against the Automa's solo objective, its start
#: for the 2 red cards chosen plus 14 for the Rating of the Projects it claimed.
EXPECTED = {0: (53, 1, {"mtts.score.lane1": 18, "mtts.score.lanes23": 35,
                        "mtts.score.over_max": 0, "mtts.score.automa": automa_start(2) + 14})}


def test_the_demo_is_shipped():
    assert NAME in [f.name for f in resources.demo_saves()]


def test_verify_accepts_it(capsys):
    assert cli.main(["verify", "--json", str(DEMO)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "machines-to-the-sky" and info["over"] and info["notice"] is None
    assert info["seats"] == ["Ada"]
    got = {s["seat"]: (s["total"], s["rank"], s["breakdown"]) for s in info["scores"]}
    assert got == EXPECTED


def test_replaying_the_commands_reaches_the_recorded_scores():
    recorded = SavedGame.replay(DEMO).match
    assert recorded.config.players == 1 and recorded.state.automa
    commands = [g.command for g in recorded.active if g.kind == "command"]
    assert len(commands) > 50
    match = Match.start(GAME, recorded.config, casual=recorded.casual)
    for command in commands:
        match.submit(command)
    assert match.is_over() and match.state.round == 10
    assert match.state == recorded.state
    got = {l.seat: (l.total, l.rank, dict(l.breakdown)) for l in GAME.scores(match.state)}
    assert got == EXPECTED
