"""Hostile files and paths outside the saves (issue 16, finding 5): the settings, what the app
remembers, the message catalogues, the screenshot's and the other commands' paths, and the
crash log on a full disk.

A FIFO or a link to ``/dev/zero`` could hang or fill the memory of the code under test, so
whatever could is run in a child process under a time limit and a memory limit: on the old
code the child times out or dies, and the test fails instead of hanging.
"""

from __future__ import annotations

import json
from dataclasses import asdict
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from weather_tabletop import cli, paths, settings
from weather_tabletop.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
DEEP = "[" * 100_000 + "]" * 100_000  # json.loads gives up with RecursionError
MEMORY = 1 << 30                       # a child may use 1 GB of address space
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
needs_dev_zero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")


def _limits(fsize: int | None = None):
    """A ``preexec_fn``: at most :data:`MEMORY` of address space, and with ``fsize`` files no
    larger than that many bytes (a full disk; the write fails with EFBIG instead of a signal)."""
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        if fsize is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
    return apply if sys.platform != "win32" else None


def _child(code: str, *args: str, fsize: int | None = None, timeout: float = 60,
           cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, timeout=timeout, preexec_fn=_limits(fsize), cwd=cwd)


LOAD_SETTINGS = """
import json
from dataclasses import asdict
from dataclasses import asdict
from weather_tabletop import settings
loaded, message = settings.load()
print(json.dumps([asdict(loaded), message]))
"""


def _settings_file() -> Path:
    paths.ensure(paths.config_dir())
    return paths.settings_file()


def _hostile_settings(kind: str, path: Path) -> None:
    if kind == "deep":
        path.write_text(DEEP, encoding="utf-8")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        os.symlink("/dev/zero", path)
    elif kind == "huge":  # a sparse 2 GB file: no disk used, but reading it all is 2 GB
        with open(path, "wb") as f:
            f.truncate(2 << 30)
    elif kind == "folder":
        path.mkdir()
    elif kind == "loop":
        os.symlink(path.name, path)


SETTINGS_KINDS = [
    pytest.param("deep", id="100k-deep-nesting"),
    pytest.param("fifo", id="fifo", marks=needs_fifo),
    pytest.param("dev-zero", id="link-to-dev-zero", marks=needs_dev_zero),
    pytest.param("huge", id="sparse-2GB"),
    pytest.param("folder", id="folder"),
    pytest.param("loop", id="link-loop"),
]


@pytest.mark.parametrize("kind", SETTINGS_KINDS)
def test_a_hostile_settings_file_gives_the_defaults_and_a_message_at_once(kind):
    """Issue 16: 100k-deep nesting stopped the app from starting, a link to /dev/zero ate
    2.6 GB, a FIFO hung start-up. Each is refused (or counted as damaged) in a moment, with
    the defaults and a message for the player."""
    _hostile_settings(kind, _settings_file())
    child = _child(LOAD_SETTINGS, timeout=30)
    assert child.returncode == 0, child.stderr[-2000:]
    loaded, message = json.loads(child.stdout)
    assert loaded == asdict(Settings())
    assert message and "default settings are used" in message
    assert "settings.json.damaged" in message  # where the file will be kept


@pytest.mark.parametrize("kind", SETTINGS_KINDS)
def test_a_damaged_settings_file_is_moved_aside_never_overwritten(kind):
    """Issue 16: a damaged or foreign file is never overwritten. The next save (a setting
    changed) keeps what was there as ``settings.json.damaged``, then writes the new file."""
    path = _settings_file()
    _hostile_settings(kind, path)
    before = os.lstat(path)
    content = path.read_bytes() if kind == "deep" else None
    settings.save(Settings(colour_blind=True))
    aside = path.with_name("settings.json.damaged")
    assert os.lstat(aside).st_ino == before.st_ino  # the very same file, renamed
    if content is not None:
        assert aside.read_bytes() == content
    assert settings.load() == (Settings(colour_blind=True), None)


def test_a_second_damaged_settings_file_does_not_replace_the_first_one_kept():
    path = _settings_file()
    path.write_text("{first", encoding="utf-8")
    settings.save(Settings())
    path.write_text("{second", encoding="utf-8")
    assert "settings.json.damaged-2" in settings.load()[1]
    settings.save(Settings())
    assert path.with_name("settings.json.damaged").read_text("utf-8") == "{first"
    assert path.with_name("settings.json.damaged-2").read_text("utf-8") == "{second"


def test_settings_with_a_bad_value_are_not_damaged_and_are_saved_over():
    path = _settings_file()
    path.write_text(json.dumps({"ui_scale": 7}), encoding="utf-8")
    assert "ui_scale" in settings.load()[1]
    settings.save(Settings())
    assert not path.with_name("settings.json.damaged").exists()


REMEMBER = """
from weather_tabletop import remember
print(remember.get(remember.WINDOW_SIZE, "nothing"))
"""


@needs_fifo
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "deep", "folder"])
def test_a_hostile_remember_file_remembers_nothing_at_once(kind):
    """Issue 16: what the app remembers is read like the settings: a FIFO (which hung) or a
    link to a device is not opened for reading, deep JSON is nothing remembered."""
    path = paths.ensure(paths.config_dir()) / "remember.json"
    if kind == "dev-zero" and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    _hostile_settings(kind, path)
    child = _child(REMEMBER, timeout=30)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.strip() == "nothing"


CATALOGUES = """
import importlib.resources, pathlib, sys
folder = pathlib.Path(sys.argv[1])
importlib.resources.files = lambda package: folder
from weather_tabletop import i18n
print(sorted(i18n.languages()), len(i18n._load("zz")), len(i18n._load("big")))
"""


@needs_fifo
def test_a_catalogue_that_is_a_fifo_or_too_large_is_skipped(tmp_path):
    """Issue 16: catalogues are read bounded too: a FIFO named like one is not waited on, a
    huge one is not read into memory; each is an empty catalogue (English is used)."""
    english = Path(settings.__file__).parent / "locale" / "en.json"
    (tmp_path / "en.json").write_bytes(english.read_bytes())
    os.mkfifo(tmp_path / "zz.json")
    with open(tmp_path / "big.json", "wb") as f:
        f.truncate(2 << 30)
    child = _child(CATALOGUES, str(tmp_path), timeout=30)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.split() == ["['big',", "'en',", "'zz']", "0", "0"]


# -- command paths -------------------------------------------------------------------------


def _read_only_folder(tmp_path: Path) -> Path:
    """A folder this process cannot write in: a chmod'ed one, or for root a system one."""
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        folder = tmp_path / "read-only"
        folder.mkdir()
        folder.chmod(0o555)
        return folder
    for folder in (Path("/sys"), Path("/proc")):
        try:
            with open(folder / ".weather-tabletop-probe", "wb"):
                pass
        except OSError:
            return folder
    pytest.skip("no folder this process cannot write in")


def _bad_out(kind: str, tmp_path: Path) -> Path:
    if kind == "folder":
        (tmp_path / "shots").mkdir()
        return tmp_path / "shots"
    if kind == "dev-full":
        if not os.path.exists("/dev/full"):
            pytest.skip("no /dev/full")
        return Path("/dev/full")
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this platform")
        os.mkfifo(tmp_path / "pipe.png")
        return tmp_path / "pipe.png"
    if kind == "long-name":
        return tmp_path / ("a" * 300 + ".png")
    if kind == "read-only":
        return _read_only_folder(tmp_path) / "shot.png"
    if kind == "under-a-file":
        (tmp_path / "file").write_text("x")
        return tmp_path / "file" / "shot.png"
    raise AssertionError(kind)


def _one_line_error(code: int, err: str) -> None:
    assert code == 2, err
    assert "Traceback" not in err and err.count("\n") == 1 and err.strip(), err


SHOT = """
import sys
from weather_tabletop import cli
sys.exit(cli.main(["screenshot", "--out", sys.argv[1], "--size", "640x480"]))
"""


@pytest.mark.parametrize("kind", ["folder", "dev-full", "fifo", "long-name", "read-only",
                                  "under-a-file"])
def test_screenshot_onto_a_bad_path_is_a_one_line_error(kind, tmp_path):
    """Issue 16: ``screenshot --out`` onto a folder, a read-only place, /dev/full or a
    300-character name gave a pygame traceback. Each is found before drawing: one line on
    stderr, exit 2, nothing left behind."""
    out = _bad_out(kind, tmp_path)
    before = sorted(os.listdir(tmp_path))
    child = _child(SHOT, str(out), timeout=60)  # a child: writing into a FIFO waited forever
    _one_line_error(child.returncode, child.stderr)
    assert "cannot write" in child.stderr
    assert sorted(os.listdir(tmp_path)) == before  # no temporary file left


@pytest.mark.skipif(sys.platform == "win32", reason="needs RLIMIT_FSIZE")
def test_a_screenshot_on_a_full_disk_is_a_one_line_error_and_keeps_the_old_picture(tmp_path):
    """A disk that fills while the picture is written (here: a file size limit of 4 KB, the
    picture being larger): one line, exit 2, the old picture as it was, no temporary file."""
    out = tmp_path / "shot.png"
    out.write_bytes(b"old picture")
    child = _child(SHOT, str(out), fsize=4096)
    _one_line_error(child.returncode, child.stderr)
    assert out.read_bytes() == b"old picture"
    assert os.listdir(tmp_path) == ["shot.png"]


def test_a_screenshot_is_written_whole_with_the_usual_mode(tmp_path, capsys):
    out = tmp_path / "new" / "shot.png"
    assert cli.main(["screenshot", "--out", str(out), "--size", "320x240"]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert os.listdir(out.parent) == ["shot.png"]
    if hasattr(os, "umask"):
        mask = os.umask(0)
        os.umask(mask)
        assert out.stat().st_mode & 0o777 == 0o666 & ~mask


VERIFY = """
import sys
from weather_tabletop import cli
sys.exit(cli.main(["verify", sys.argv[1]]))
"""


@needs_fifo
def test_verify_of_a_fifo_or_a_device_is_a_one_line_error(tmp_path):
    """Issue 16: a FIFO named like a save hung ``verify``."""
    os.mkfifo(tmp_path / "x.wtsave")
    targets = [tmp_path / "x.wtsave"] + ([Path("/dev/zero")] if os.path.exists("/dev/zero") else [])
    for target in targets:
        child = _child(VERIFY, str(target), timeout=30)
        _one_line_error(child.returncode, child.stderr)
        assert "not a save file" in child.stderr


@pytest.mark.parametrize("kind", ["dev-full", "read-only", "under-a-file"])
def test_simulate_with_a_save_dir_that_cannot_be_written_is_a_one_line_error(kind, tmp_path,
                                                                              capsys):
    """Every path a command takes is checked up front: a --save-dir that cannot hold saves
    is a usage error, not an error in every game."""
    folder = _bad_out(kind, tmp_path)
    if kind == "read-only":
        folder = folder.parent
    code = cli.main(["simulate", "--game", "tally", "--players", "2", "--save-dir", str(folder)])
    _, err = capsys.readouterr()
    _one_line_error(code, err)
    assert "--save-dir" in err


def test_a_path_with_a_newline_or_bad_bytes_is_shown_on_one_line(tmp_path, capsys):
    out = tmp_path / "two\nlines" / ("bad\udcff" if os.name != "nt" else "x")
    out.mkdir(parents=True)
    code = cli.main(["screenshot", "--out", str(out)])
    _, err = capsys.readouterr()
    _one_line_error(code, err)
    assert "two\\nlines" in err


# -- crash log -----------------------------------------------------------------------------

CRASH = """
from weather_tabletop.ui import crash
try:
    raise RuntimeError("x" * 20000)
except RuntimeError as exc:
    print(crash.write_log(exc))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="needs RLIMIT_FSIZE")
def test_a_crash_log_on_a_full_disk_is_no_log_not_an_empty_one():
    """Issue 16: on a full disk the app exited with an empty crash log. A log that cannot be
    written whole is removed, and the caller hears None (the player reads "no log file")."""
    child = _child(CRASH, fsize=1000)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.strip() == "None"
    logs = paths.log_dir()
    assert not logs.exists() or os.listdir(logs) == []


def test_a_crash_log_is_written_whole():
    from weather_tabletop.ui import crash

    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        first, second = crash.write_log(exc), crash.write_log(exc)
    assert first != second  # two in one second do not overwrite each other
    assert "RuntimeError: boom" in first.read_text("utf-8")
    assert "RuntimeError: boom" in second.read_text("utf-8")
