"""The one-file executable: built with the project's spec, copied into a folder whose path has a
space and a non-ASCII character, run with an empty HOME and no display (issue 8).

The same test is the smoke test of every built program (issue 19): with
``WEATHER_TABLETOP_TEST_EXE=path`` it tests that file instead of building one (the release
workflow on Windows and macOS), and with ``WEATHER_TABLETOP_TEST_WRAPPER=wine`` it runs the file
through that command (``packaging/windows_on_wine.sh`` testing the Windows program on Linux).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from weather_tabletop import __version__, games, resources

ROOT = Path(__file__).resolve().parents[2]
PREBUILT = os.environ.get("WEATHER_TABLETOP_TEST_EXE")
WRAPPER = shlex.split(os.environ.get("WEATHER_TABLETOP_TEST_WRAPPER", ""))
# The program under test is a Windows one: on Windows itself, or through wine.
WINDOWS = sys.platform == "win32" or bool(PREBUILT and PREBUILT.lower().endswith(".exe"))
if not PREBUILT:
    pytest.importorskip("PyInstaller", reason="the test extra installs PyInstaller")


def windows_path(path: Path) -> str:
    """``path`` as the program sees it: wine shows the Linux root as drive Z:."""
    if sys.platform == "win32":
        return str(path)
    return "Z:" + str(path).replace("/", "\\")


@pytest.fixture(scope="module")
def exe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if PREBUILT:
        built = Path(PREBUILT).resolve()
    else:
        sys.path.insert(0, str(ROOT / "packaging"))
        try:
            import build as packaging_build
        finally:
            sys.path.pop(0)
        built = packaging_build.build(tmp_path_factory.mktemp("dist"))
    place = tmp_path_factory.mktemp("install") / "Wetter Spiele ü"
    place.mkdir()
    copy = place / built.name
    shutil.copy2(built, copy)
    return copy


def run(exe: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "WEATHER_TABLETOP")) and k != "DISPLAY"}
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if WINDOWS:
        # platformdirs' own override of the known folders (%LOCALAPPDATA%, %APPDATA%): Windows
        # does not take them from HOME.
        for folder in ("LOCAL_APPDATA", "APPDATA"):
            env[f"WIN_PD_OVERRIDE_{folder}"] = windows_path(home / folder.lower())
    return subprocess.run([*WRAPPER, str(exe), *args], capture_output=True, text=True,
                          encoding="utf-8", errors="replace", timeout=300, env=env, cwd=exe.parent,
                          stdin=subprocess.DEVNULL)


def test_size_is_within_the_goal(exe):
    assert exe.stat().st_size <= 45 * 1024 * 1024


def test_version(exe, tmp_path):
    result = run(exe, tmp_path, "--version")
    assert result.returncode == 0 and result.stdout.strip() == f"Weather Tabletop {__version__}"


def test_menu_screenshot(exe, tmp_path):
    out = tmp_path / "menü shot.png"
    result = run(exe, tmp_path, "screenshot", "--scene", "menu", "--out", str(out))
    assert result.returncode == 0, result.stderr
    import pygame

    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1920, 1080)
    assert len({picture.get_at((x, y))[:3] for x in range(0, 1920, 97) for y in range(0, 1080, 97)}) > 5


@pytest.mark.parametrize("game", [g for g in games.RULES])
def test_simulate_each_game(exe, tmp_path, game):
    result = run(exe, tmp_path, "simulate", "--game", game, "--games", "1", "--json")
    assert result.returncode == 0, result.stderr
    assert '"completed": 1' in result.stdout and '"errors": 0' in result.stdout


@pytest.mark.parametrize("game", [g for g in games.RULES])
def test_texts_come_from_the_catalogues_as_in_the_installed_app(exe, tmp_path, game):
    """The words players read are in message catalogues read from files at run time: a program
    that cannot read them shows keys (``meteo.option.round_limit``) where the words go. The menu
    screenshot cannot tell; ``options GAME`` prints catalogue texts, as the installed app does."""
    frozen = run(exe, tmp_path, "options", game)
    installed = subprocess.run([sys.executable, "-m", "weather_tabletop", "options", game],
                               capture_output=True, text=True, timeout=60,
                               env=dict(os.environ, WEATHER_TABLETOP_HOME=str(tmp_path / "installed")))
    assert frozen.returncode == 0 and installed.returncode == 0, frozen.stderr + installed.stderr
    assert frozen.stdout == installed.stdout


def test_verify_every_demo(exe, tmp_path):
    demos = resources.demo_saves()
    assert demos
    for demo in demos:
        result = run(exe, tmp_path, "verify", str(ROOT / "saves" / demo.name))
        assert result.returncode == 0, result.stderr


@pytest.mark.skipif(bool(WRAPPER), reason="the installed app here is not the Windows one")
def test_same_folders_as_the_installed_app(exe, tmp_path):
    frozen = run(exe, tmp_path, "paths")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "WEATHER_TABLETOP"))}
    env["HOME"] = str(tmp_path)
    if WINDOWS:
        for folder in ("LOCAL_APPDATA", "APPDATA"):
            env[f"WIN_PD_OVERRIDE_{folder}"] = windows_path(tmp_path / folder.lower())
    installed = subprocess.run([sys.executable, "-m", "weather_tabletop", "paths"],
                               capture_output=True, text=True, env=env, timeout=60)
    assert frozen.returncode == 0 and frozen.stdout == installed.stdout
    assert str(tmp_path) in frozen.stdout


@pytest.mark.skipif(not WRAPPER, reason="only where the program runs through a wrapper (wine)")
def test_user_folders_are_the_windows_known_folders(exe, tmp_path):
    result = run(exe, tmp_path, "paths")
    assert result.returncode == 0, result.stderr
    assert windows_path(tmp_path / "local_appdata" / "weather-tabletop") in result.stdout


def test_a_traditional_chinese_table_renders_as_in_the_installed_app(exe, tmp_path):
    """Issue 18: the program carries the Traditional Chinese font subset and catalogues. Its
    zh-TW table is the installed app's picture to the pixel (a missing font draws other glyphs,
    a missing catalogue English) and differs from the English table."""
    import pygame

    args = ["screenshot", "--scene", "table", "--game", "meteo", "--steps", "12",
            "--size", "1280x720"]
    frozen, installed, english = (tmp_path / "frozen.png", tmp_path / "installed.png",
                                  tmp_path / "english.png")
    result = run(exe, tmp_path, *args, "--lang", "zh-TW", "--out", str(frozen))
    assert result.returncode == 0, result.stderr
    env = dict(os.environ, WEATHER_TABLETOP_HOME=str(tmp_path / "installed"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for lang, out in (("zh-TW", installed), ("en", english)):
        done = subprocess.run([sys.executable, "-m", "weather_tabletop", *args, "--lang", lang,
                               "--out", str(out)], capture_output=True, text=True, timeout=120,
                              env=env)
        assert done.returncode == 0, done.stderr
    pictures = [pygame.image.load(str(p)) for p in (frozen, installed, english)]
    as_bytes = [pygame.image.tobytes(p, "RGB") for p in pictures]
    assert as_bytes[0] == as_bytes[1]
    assert as_bytes[0] != as_bytes[2]
