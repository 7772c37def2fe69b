"""A kill test for each game (issue 9): ``simulate --save-dir`` is killed with SIGKILL at a
random moment; every save file then verifies, and every command acknowledged before the kill
(printed once it was on disk) is in its file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from weather_tabletop import games
from weather_tabletop.engine.storage import SavedGame


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("game_id", sorted(games.RULES))
def test_sigkill_during_simulate_loses_no_acknowledged_command(tmp_path, game_id):
    rng = random.Random(game_id)
    for attempt in range(2):
        folder = tmp_path / f"run{attempt}"
        proc = subprocess.Popen(
            [sys.executable, "-m", "weather_tabletop", "simulate", "--game", game_id,
             "--games", "20", "--seed", str(attempt + 1), "--save-dir", str(folder), "--acks"],
            stdout=subprocess.PIPE, text=True, env=dict(os.environ))
        assert proc.stdout is not None
        acked: dict[str, int] = {}
        stop_after = rng.randrange(20, 400)
        deadline = time.monotonic() + 60
        for n, line in enumerate(proc.stdout):
            _, version, path = line.rstrip("\n").split(" ", 2)
            acked[path] = int(version)
            if n >= stop_after or time.monotonic() > deadline:
                break
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=20)
        assert acked, "the simulation acknowledged nothing"
        for path in folder.glob("*.wtsave"):
            loaded = SavedGame.replay(path)  # a damaged file would raise LoadError here
            assert loaded.match.version >= acked.get(str(path), 0), path
