"""Issue 16: a real full disk. A small tmpfs is mounted (skipped, with the reason, where mounting
is not allowed), a game is played into it, the disk is filled: moves are refused with "disk is
full" and not played; once space returns the game goes on, verifies, and holds exactly the
acknowledged moves. The app's table under the same full disk keeps running and says why."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from tests.support.play import random_step
from weather_tabletop import games
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.cli import computer_config
from weather_tabletop.engine.storage import SavedGame, SaveFailed
from weather_tabletop.i18n import tr


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / f"disk-{uuid.uuid4().hex[:6]}"
    mount.mkdir()
    if shutil.which("mount") is None:
        pytest.skip("no mount command here")
    run = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not allowed here: {run.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the disk holding ``folder`` to the last byte."""
    filler = folder / "filler.bin"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 1):
            while True:
                try:
                    os.write(fd, b"\0" * size)
                except OSError as exc:
                    assert exc.errno == errno.ENOSPC
                    break
    finally:
        os.close(fd)
    return filler


@pytest.mark.parametrize("game_id", sorted(games.RULES))
def test_a_full_disk_refuses_moves_and_loses_none(small_disk, game_id):
    game = games.get(game_id)
    saved = SavedGame.create(game, computer_config(game, 2, ["random"] * 2, {}, 4), small_disk)
    rng = RandomPlayer(4)
    for _ in range(5):
        random_step(game, saved, rng)
    acknowledged = saved.match.version
    filler = fill(small_disk)
    refused = 0
    for _ in range(60):  # the save's last page may hold a few more lines: play on until refused
        if refused >= 3 or saved.match.is_over():
            break
        state = saved.match.state
        try:
            random_step(game, saved, rng)
        except SaveFailed as exc:
            assert "disk is full" in tr(exc.reason)
            assert saved.match.state == state  # not played
            refused += 1
        else:
            acknowledged = saved.match.version  # a line small enough for the last bytes
    assert refused >= 1
    assert SavedGame.replay(saved.path).match.version == acknowledged  # nothing half-written
    os.unlink(filler)
    for _ in range(5):
        if saved.match.is_over():
            break
        random_step(game, saved, rng)
    acknowledged = saved.match.version
    saved.close()
    again = SavedGame.replay(saved.path)
    assert again.notice is None and again.match.version == acknowledged
    assert again.match.state == saved.match.state


def test_the_table_keeps_running_on_a_full_disk_and_says_why(small_disk, monkeypatch, app):
    from weather_tabletop.ui.scenes.table import TableScene
    from weather_tabletop.ui.session import Session

    game = games.get("meteo")
    config = computer_config(game, 2, ["random"] * 2, {}, 4)
    config = type(config)(config.game, tuple(s.__class__(s.name, s.color, "person", s.level)
                                             for s in config.seats), config.options, config.seed)
    session = Session.new_saved(game, config, folder=small_disk)
    scene = TableScene(app, session)
    app.push(scene)
    app.tick(0.02)
    filler = fill(small_disk)
    for _ in range(60):  # the save's last page may hold a few more lines
        seat = session.match.to_act()[0]
        version = session.version
        move = session.match.legal(seat)[0]
        reason = scene.submit(move)
        if reason:
            break
    assert reason and "disk is full" in reason and "disk is full" in scene.message
    assert session.version == version
    for _ in range(5):
        app.tick(0.02)  # the app goes on drawing
    os.unlink(filler)
    assert scene.submit(move) is None and session.version == version + 1
    session.close()
