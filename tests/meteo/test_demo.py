"""The recorded Meteo game in ``saves/``: ``weather-tabletop verify`` accepts it, and playing its
commands again from the setup (as the demo player does) reaches its recorded final scores."""

from __future__ import annotations

import json
from pathlib import Path

from weather_tabletop import cli, resources
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.games.meteo.rules import GAME
from weather_tabletop.i18n import tr

DEMO = Path(__file__).resolve().parents[2] / "saves" / "meteo-demo-2p.wtsave"
#: The final scores recorded in the file (Ada red, Ben light yellow; greedy computer seats), by
#: category as the English catalogue names it.
EXPECTED = {0: (15, 1, {"own village": 12, "own half": 4, "not in own half": -1,
                        "starting village": 0}),
            1: (13, 2, {"own village": 6, "own half": 7, "not in own half": 0,
                        "starting village": 0})}


def test_the_demo_is_shipped():
    assert "meteo-demo-2p.wtsave" in [f.name for f in resources.demo_saves()]


def test_verify_accepts_it(capsys):
    assert cli.main(["verify", "--json", str(DEMO)]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == "meteo" and info["over"] and info["notice"] is None
    got = {s["seat"]: (s["total"], s["rank"], {tr(k): v for k, v in s["breakdown"].items()})
           for s in info["scores"]}
    assert got == EXPECTED


def test_replaying_the_commands_reaches_the_recorded_scores():
    recorded = SavedGame.replay(DEMO).match
    commands = [g.command for g in recorded.active if g.kind == "command"]
    assert len(commands) > 100
    match = Match.start(GAME, recorded.config, casual=recorded.casual)
    for command in commands:
        match.submit(command)
    assert match.is_over()
    assert match.state == recorded.state
    got = {l.seat: (l.total, l.rank, {tr(k): v for k, v in l.breakdown})
           for l in GAME.scores(match.state)}
    assert got == EXPECTED


def test_a_save_of_an_earlier_version_with_an_english_reason_still_reads(tmp_path):
    """Earlier versions recorded ``GameEnded`` with an English ``reason``; the demo no longer
    holds it (issue 17: a save holds no prose), and a save that does is read as the same event
    (``OLDER_RECORDS``), verified and replayed to the same end."""
    from weather_tabletop.engine import storage
    from weather_tabletop.games.meteo.events import GameEnded

    assert b"reason" not in DEMO.read_bytes()
    bodies = []
    for line in DEMO.read_bytes().splitlines():
        body = json.loads(line)
        body.pop("sum")
        for event in body.get("events") or []:
            if isinstance(event, dict) and event.get("t") == "GameEnded":
                event["reason"] = "Red has all figures in their own half"
        bodies.append(body)
    older = tmp_path / "older.wtsave"
    older.write_bytes(storage._chain(bodies)[0])
    assert b"own half" in older.read_bytes()
    match = SavedGame.replay(older).match
    assert match.is_over() and match.state == SavedGame.replay(DEMO).match.state
    assert GameEnded() in match.active[-1].events
    assert cli.main(["verify", str(older)]) == 0
