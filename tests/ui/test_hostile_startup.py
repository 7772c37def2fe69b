"""The app starts whatever is in its config folder, and its crash handler survives a full disk
(issue 16, findings 2 and 5).

Start-up is run for real (``python -m weather_tabletop`` drawing one frame, as bench/startup.py
does) in a child process under a time and memory limit, so a FIFO that would hang it or a link
to /dev/zero that would fill the memory fails the test instead of stopping the run.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from weather_tabletop import cli, paths
from weather_tabletop.settings import Settings
from weather_tabletop.ui.app import App
from weather_tabletop.ui.scene import Scene
from weather_tabletop.ui.scenes.menu import MenuScene

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 100_000 + "]" * 100_000
MEMORY = 1 << 30


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _start(home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               **{paths.HOME_VARIABLE: str(home), cli.FIRST_FRAME_EXIT: "1"})
    return subprocess.run([sys.executable, "-m", "weather_tabletop"], capture_output=True,
                          text=True, env=env, timeout=60, cwd=ROOT,
                          preexec_fn=_limit_memory if sys.platform != "win32" else None)


@pytest.mark.parametrize("name, kind", [
    ("settings.json", "deep"),
    ("settings.json", "fifo"),
    ("settings.json", "dev-zero"),
    ("remember.json", "fifo"),
], ids=lambda v: v)
def test_the_app_starts_with_a_hostile_file_in_its_config_folder(home, name, kind):
    """Issue 16: 100k-deep nesting in settings.json stopped the app from starting, a link to
    /dev/zero ate 2.6 GB, a FIFO hung start-up. The app draws its first frame and exits 0,
    with no crash log, and the file is left where and as it was."""
    path = paths.ensure(home / "config") / name
    if kind == "deep":
        path.write_text(DEEP, encoding="utf-8")
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this platform")
        os.mkfifo(path)
    else:
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero")
        os.symlink("/dev/zero", path)
    before = os.lstat(path)
    child = _start(home)
    assert child.returncode == 0, child.stderr[-2000:]
    logs = home / "logs"
    assert not logs.exists() or os.listdir(logs) == []
    after = os.lstat(path)
    assert (after.st_ino, after.st_mode, after.st_size) == (before.st_ino, before.st_mode,
                                                           before.st_size)


def test_deeply_nested_settings_start_the_app_with_the_damaged_notice():
    paths.ensure(paths.config_dir())
    paths.settings_file().write_text(DEEP, encoding="utf-8")
    app = App((1280, 720))
    assert app.settings == Settings()
    assert app.notices and "damaged" in app.notices[0]
    assert "settings.json.damaged" in app.notices[0]


def test_settings_that_cannot_be_saved_still_apply_with_a_notice(tmp_path):
    """A setting changed where the settings cannot be written (here a path under /dev/null,
    which is no folder) applies for this run; the player gets a notice, the app goes on."""
    app = App((1280, 720), settings=Settings(), settings_path=Path(os.devnull) / "settings.json")
    app.apply_settings(Settings(colour_blind=True))
    assert app.settings.colour_blind is True
    assert any("could not be saved" in n for n in app.notices)


class _BrokenTable(Scene):
    """A scene that fails, and fails again when it is closed (a table whose save cannot be
    closed on a full disk); closing it also asks the app to quit, to end the test's loop."""

    name = "broken"

    def update(self, dt: float) -> None:
        raise RuntimeError("the frame failed")

    def close(self) -> None:
        super().close()
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_scene_that_fails_to_close_after_an_error_still_brings_back_the_menu(home):
    """Issue 16: "the crash handler's close fails again and the app exits fatally". Now the
    failing scene is dropped anyway, both errors are logged, and the menu comes back with the
    notice; the loop goes on (until the quit the test posted)."""
    app = App((1280, 720), settings=Settings(animation_speed="off"))
    app.home()
    app.push(_BrokenTable(app))
    try:
        app.loop()
    finally:
        pygame.event.clear()
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    assert any("Something went wrong" in n for n in app.notices)
    logs = sorted((home / "logs").iterdir())
    texts = [log.read_text("utf-8") for log in logs]
    assert any("the frame failed" in t for t in texts)
    assert any("No space left on device" in t for t in texts)
    while app.stack:
        app._drop()
