"""Issue 16: two processes on one game, each continuing it again and again and playing moves.
Only one holds the game at a time: the other is refused ("open in another window"), the file
verifies afterwards, and it holds exactly the moves that were acknowledged, in order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from weather_tabletop import games
from weather_tabletop.cli import computer_config
from weather_tabletop.engine.storage import SavedGame

CHILD = Path(__file__).resolve().parents[1] / "support" / "window_child.py"


@pytest.mark.parametrize("game_id", sorted(games.RULES))
def test_two_windows_alternate_and_nothing_acknowledged_is_lost(tmp_path, game_id):
    game = games.get(game_id)
    saved = SavedGame.create(game, computer_config(game, 2, ["random"] * 2, {}, 3), tmp_path)
    start = saved.match.version
    saved.close()
    children = [subprocess.Popen([sys.executable, str(CHILD), str(saved.path), str(seed), "40"],
                                 stdout=subprocess.PIPE, text=True) for seed in (1, 2)]
    outputs = [child.communicate(timeout=300)[0].split("\n") for child in children]
    assert all(child.returncode == 0 for child in children), outputs
    acks = sorted(int(line.split()[1]) for out in outputs for line in out if line.startswith("ACK"))
    refused = sum(line == "REFUSED" for out in outputs for line in out)
    assert refused > 0  # the two really met
    # both usually play; which window takes the game is the system's scheduling (one was
    # refused all 40 rounds in a CI run), so it is not asserted; what is, is below
    assert any(any(line.startswith("ACK") for line in out) for out in outputs)
    final = SavedGame.replay(saved.path)
    assert final.notice is None
    # every acknowledged move is in the file, each version once: no move lost or written twice
    assert acks == list(range(start + 1, start + 1 + len(acks)))
    assert final.match.version == start + len(acks)
