"""Crash recovery: a process killed with SIGKILL mid-game loses no acknowledged command."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from weather_tabletop.engine.storage import SavedGame

CHILD = Path(__file__).resolve().parents[1] / "support" / "kill_child.py"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("seed,acks", [(1, 5), (2, 40), (3, 150), (4, 333)])
def test_sigkill_mid_game_keeps_every_acknowledged_command(tmp_path, seed, acks):
    proc = subprocess.Popen([sys.executable, str(CHILD), str(tmp_path), str(seed)],
                            stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    path, last = None, 0
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("FILE "):
            path = Path(line[5:].strip())
        elif line.startswith("ACK "):
            last = int(line[4:])
            if last >= acks:
                break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert path is not None and last >= acks
    loaded = SavedGame.open(path)
    assert loaded.match.version >= last
    loaded.close()
    # Every acknowledged entry is intact, and the file keeps working after the crash.
    assert SavedGame.replay(path).match.version == loaded.match.version
