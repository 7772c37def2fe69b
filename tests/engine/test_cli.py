"""The command line: version, simulate, verify, options; wrong arguments exit 2 without a
traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from weather_tabletop import __version__
from weather_tabletop.cli import main
from weather_tabletop.engine.storage import list_saves


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_version_in_a_subprocess_like_a_user():
    result = subprocess.run([sys.executable, "-m", "weather_tabletop", "--version"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == f"Weather Tabletop {__version__}"


def test_simulate_json_summary(capsys, tmp_path):
    code, out, _ = run(capsys, "simulate", "--game", "tally", "--players", "3", "--games", "4",
                       "--seed", "5", "--option", "pile=10", "--save-dir", str(tmp_path), "--json")
    assert code == 0
    result = json.loads(out)
    for key in ("game", "players", "games", "completed", "errors", "commands", "seconds",
                "commands_per_second", "scores", "wins"):
        assert key in result
    assert result["completed"] == 4 and result["errors"] == 0
    assert len(result["scores"]) == 4 and all(len(s) == 3 for s in result["scores"])
    assert sum(result["wins"]) >= 4
    saves = list_saves(tmp_path)
    assert len(saves) == 4 and all(s.finished for s in saves)


def test_simulate_is_reproducible(capsys):
    args = ("simulate", "--game", "tally", "--players", "2", "--games", "3", "--seed", "8", "--json")
    a = json.loads(run(capsys, *args)[1])
    b = json.loads(run(capsys, *args)[1])
    assert a["scores"] == b["scores"] and a["commands"] == b["commands"]


def test_verify_reports_final_scores_and_refuses_damaged_files(capsys, tmp_path):
    run(capsys, "simulate", "--game", "tally", "--players", "2", "--seed", "2",
        "--option", "pile=10", "--save-dir", str(tmp_path))
    path = list_saves(tmp_path)[0].path
    code, out, _ = run(capsys, "verify", str(path), "--json")
    info = json.loads(out)
    assert code == 0 and info["over"] and len(info["scores"]) == 2
    before = path.read_bytes()
    path.write_bytes(before[:40] + b"X" + before[41:])
    code, out, err = run(capsys, "verify", str(path))
    assert code == 2 and "damaged" in err and "Traceback" not in err
    assert err.count("\n") == 1
    code, _, err = run(capsys, "verify", str(tmp_path / "missing.wtsave"))
    assert code == 2 and "does not exist" in err


@pytest.mark.parametrize("argv,needle", [
    (["simulate", "--game", "chess"], "unknown game"),
    (["simulate", "--game", "tally", "--players", "9"], "takes 1 to 4 players"),
    (["simulate", "--game", "tally", "--option", "pile"], "KEY=VALUE"),
    (["simulate", "--game", "tally", "--option", "pile=7"], "takes one of"),
    (["simulate", "--game", "tally", "--option", "speed=3"], "no option"),
    (["simulate", "--game", "tally", "--players", "2", "--bots", "random"], None),
    (["simulate", "--game", "tally", "--players", "2", "--bots", "a,b,c"], "names 3 seats"),
    (["simulate", "--game", "tally", "--bots", "genius"], "unknown computer level"),
    (["simulate", "--game", "tally", "--games", "0"], "at least 1"),
    (["simulate", "--game", "tally", "--iterations", "0"], "--iterations must be at least 1"),
    (["simulate", "--players", "x"], "invalid int"),
    (["screenshot", "--out", "x.png", "--size", "big"], "WxH"),
    (["screenshot", "--out", "x.png", "--scene", "table"], "--game is required"),
    (["frobnicate"], "invalid choice"),
])
def test_wrong_arguments_exit_2_with_a_message(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    if needle is None:
        assert code == 0
        return
    assert code == 2
    assert needle in err
    assert "Traceback" not in err


def test_options_lists_choices(capsys):
    code, out, _ = run(capsys, "options", "tally")
    assert code == 0 and "pile=10|30|100000" in out


def test_simulate_with_an_iteration_budget_is_reproducible(capsys):
    """``--iterations`` makes search players deterministic (issue 7)."""
    args = ("simulate", "--game", "machines-to-the-sky", "--players", "2", "--games", "1",
            "--bots", "hard,normal", "--iterations", "2", "--seed", "4", "--json")
    a = json.loads(run(capsys, *args)[1])
    b = json.loads(run(capsys, *args)[1])
    assert a["completed"] == 1 and a["scores"] == b["scores"] and a["commands"] == b["commands"]


def test_simulate_refuses_a_per_seat_option_for_the_wrong_seats_as_a_usage_error(capsys):
    """An option only the game's setup can check (Machines To The Sky's mat side per seat) is a
    wrong argument: usage error, exit status 2, the rule's words."""
    from weather_tabletop.cli import main

    code = main(["simulate", "--game", "machines-to-the-sky", "--players", "2", "--games", "1",
                 "--option", "mat_side=unique,identical,unique"])
    assert code == 2
    assert "Setup step 2" in capsys.readouterr().err


def test_an_option_of_other_player_counts_is_a_usage_error(capsys):
    """Weather Machine's Challenge cards are the solo game's; New Scientists is a 2-player
    variant: given with another player count, each is refused (exit status 2), not ignored."""
    from weather_tabletop.cli import main

    for players, option in (("3", "challenges=3"), ("1", "new_scientists=True")):
        code = main(["simulate", "--game", "weather-machine", "--players", players, "--games", "1",
                     "--option", option])
        assert code == 2
        err = capsys.readouterr().err
        assert f"applies to {'1 player' if option.startswith('ch') else '2 players'} only, not " \
            f"{players}" in err
    assert main(["simulate", "--game", "weather-machine", "--players", "1", "--games", "1",
                 "--option", "challenges=cards:3+7", "--json"]) == 0
