"""Issue 16: the save system under a hostile tester. One test per finding; each failed on the
code before the issue (two writers, failed writes, odd folder entries, crafted text, big files,
slow opening) and holds now."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.support.play import config, random_step
from tests.support.tally import GAME
from weather_tabletop import games
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine import checkpoint, storage
from weather_tabletop.engine.storage import LoadError, OpenElsewhere, SaveFailed, SavedGame
from weather_tabletop.i18n import tr

REPO = Path(__file__).resolve().parents[2]


def played(folder: Path, commands: int = 30, seed: int = 3) -> SavedGame:
    saved = SavedGame.create(GAME, config(GAME, 3, seed=seed, pile=100000), folder)
    rng = RandomPlayer(seed)
    for _ in range(commands):
        random_step(GAME, saved, rng)
    return saved


def rewrite(path: Path, edit) -> None:
    """Rewrite a save line by line through ``edit(number, body)`` with valid sums (a crafted
    file that passes the checksum chain; text is written as JSON escapes, so even a lone
    surrogate can be written)."""
    previous, out = "", []
    for number, raw in enumerate(path.read_bytes().splitlines(), start=1):
        body = json.loads(raw)
        body.pop("sum")
        body = edit(number, body)
        if body.get("kind") == "checkpoint":
            body["prev"] = previous
        data = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
        previous = storage._crc(previous, data)
        out.append(data[:-1] + f',"sum":"{previous}"}}\n'.encode())
    path.write_bytes(b"".join(out))


# -- 1. two writers --------------------------------------------------------------------------


def test_a_second_window_is_refused_and_may_watch(tmp_path):
    first = played(tmp_path, 10)
    with pytest.raises(OpenElsewhere) as refused:
        SavedGame.open(first.path)
    assert "open in another window" in refused.value.message
    watched = SavedGame.watch(first.path)
    assert watched.read_only and watched.match.state == first.match.state
    random_step(GAME, first, RandomPlayer(1))  # the first window goes on playing
    assert SavedGame.replay(first.path).match.state == first.match.state
    first.close()
    again = SavedGame.open(first.path)  # closed there: continued here
    assert again.match.state == first.match.state
    again.close()


def test_rename_and_delete_of_an_open_game_are_refused(tmp_path):
    saved = played(tmp_path, 5)
    with pytest.raises(LoadError, match="open in another window"):
        storage.rename_save(saved.path, "Elsewhere")
    with pytest.raises(LoadError, match="open in another window"):
        storage.delete_save(saved.path)
    assert saved.path.exists()
    assert storage.list_saves(tmp_path)[0].locked
    random_step(GAME, saved, RandomPlayer(2))
    saved.close()
    assert SavedGame.replay(saved.path).match.state == saved.match.state
    assert storage.rename_save(saved.path, "Free now").exists()


def test_a_second_process_is_refused_while_the_first_plays(tmp_path):
    saved = _long_game(tmp_path, steps=5)  # a game the child process knows
    code = ("import sys; from pathlib import Path\n"
            "from weather_tabletop.engine.storage import SavedGame, OpenElsewhere\n"
            "try:\n    SavedGame.open(Path(sys.argv[1]))\nexcept OpenElsewhere:\n    sys.exit(7)\n")
    run = subprocess.run([sys.executable, "-c", code, str(saved.path)], cwd=REPO, timeout=60)
    assert run.returncode == 7
    saved.close()
    run = subprocess.run([sys.executable, "-c", code, str(saved.path)], cwd=REPO, timeout=60)
    assert run.returncode == 0


# -- 2. a failed write -----------------------------------------------------------------------


def _fail_writes(monkeypatch, half: bool = True) -> list[int]:
    """os.write writes half of what it is given once, then fails with ENOSPC (a full disk)."""
    real, calls = os.write, []

    def write(fd, data):
        calls.append(len(data))
        if len(calls) == 1 and half and len(data) > 1:
            return real(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "write", write)
    return calls


def test_a_full_disk_keeps_the_file_loadable_and_the_move_unplayed(tmp_path, monkeypatch):
    saved = played(tmp_path, 12)
    before_bytes, before_state, version = saved.path.read_bytes(), saved.match.state, saved.match.version
    rng = RandomPlayer(5)
    calls = _fail_writes(monkeypatch)
    with pytest.raises(SaveFailed) as failed:
        random_step(GAME, saved, rng)
    said = tr(failed.value.reason)
    assert calls and "disk is full" in said and "safe up to the last move" in said
    assert saved.match.version == version and saved.match.state == before_state  # not played
    assert saved.path.read_bytes() == before_bytes  # the half-written line was cut back
    monkeypatch.undo()  # space is free again: the move is played and the game goes on
    for _ in range(3):
        random_step(GAME, saved, rng)
    saved.close()
    again = SavedGame.replay(saved.path)
    assert again.notice is None and again.match.state == saved.match.state
    assert again.match.version == version + 3  # exactly the acknowledged moves


def test_a_failed_fsync_is_cut_back_too(tmp_path, monkeypatch):
    saved = played(tmp_path, 6)
    size = saved.path.stat().st_size

    def fsync(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(storage.os, "fsync", fsync)
    with pytest.raises(SaveFailed, match="Input/output error"):
        random_step(GAME, saved, RandomPlayer(1))
    monkeypatch.undo()
    assert saved.path.stat().st_size == size
    random_step(GAME, saved, RandomPlayer(1))
    saved.close()
    assert SavedGame.replay(saved.path).match.state == saved.match.state


def test_undo_that_cannot_be_saved_is_not_done(tmp_path, monkeypatch):
    saved = SavedGame.create(GAME, config(GAME, 2, seed=4, pile=100000), tmp_path, casual=True)
    random_step(GAME, saved, RandomPlayer(4))
    seat = saved.match.active[-1].seat
    state = saved.match.state
    _fail_writes(monkeypatch, half=False)
    with pytest.raises(SaveFailed):
        saved.undo(seat)
    assert saved.match.state == state
    monkeypatch.undo()
    saved.undo(seat)
    saved.close()
    assert SavedGame.replay(saved.path).match.state == saved.match.state


# -- 3. odd entries in the saves folder ------------------------------------------------------


def _in_time(fn, seconds: float = 10.0):
    """``fn()`` run in a thread that must end within ``seconds`` (a hang fails the test)."""
    result: list = []

    def run():
        try:
            result.append((True, fn()))
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            result.append((False, exc))

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    assert result, f"{fn} did not return within {seconds} s (hung)"
    ok, value = result[0]
    if not ok:
        raise value
    return value


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_like_a_save_hangs_nothing(tmp_path):
    good = played(tmp_path, 4)
    good.close()
    os.mkfifo(tmp_path / "x.wtsave")
    infos = _in_time(lambda: storage.list_saves(tmp_path))
    rows = {i.path.name: i for i in infos}
    assert "not a regular file" in rows["x.wtsave"].problem
    assert rows[good.path.name].game == "tally"
    with pytest.raises(LoadError, match="not a regular file"):
        _in_time(lambda: SavedGame.replay(tmp_path / "x.wtsave"))
    with pytest.raises(LoadError, match="not a regular file"):
        _in_time(lambda: SavedGame.open(tmp_path / "x.wtsave"))
    run = subprocess.run([sys.executable, "-m", "weather_tabletop", "verify", str(tmp_path / "x.wtsave")],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert run.returncode != 0 and "Traceback" not in run.stderr and "not a regular file" in run.stderr


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_dangling_links_and_loops_are_rows_and_continue_still_works(tmp_path):
    good = played(tmp_path, 4)
    good.close()
    os.symlink(tmp_path / "nowhere.wtsave", tmp_path / "dangling.wtsave")
    os.symlink(tmp_path / "loop.wtsave", tmp_path / "loop.wtsave")
    os.symlink("/dev/zero", tmp_path / "zero.wtsave")
    rows = {i.path.name: i for i in storage.list_saves(tmp_path)}
    assert set(rows) == {good.path.name, "dangling.wtsave", "loop.wtsave", "zero.wtsave"}
    for odd in ("dangling.wtsave", "loop.wtsave", "zero.wtsave"):
        assert rows[odd].game == "?" and rows[odd].problem, odd
    assert storage.most_recent(tmp_path).path == good.path


# -- 4. crafted text and types ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["\ud800", "\x1b]0;pwned\x07", "\x1b[2J", "two\nlines", "x" * 41,
                                  "\u202eevil"])
def test_crafted_seat_names_are_refused_with_a_clear_message(tmp_path, name):
    saved = played(tmp_path, 3)
    saved.close()

    def edit(number, body):
        if number == 1:
            body["seats"][0]["name"] = name
        return body

    rewrite(saved.path, edit)
    data = saved.path.read_bytes()
    with pytest.raises(LoadError, match="seat name"):
        SavedGame.replay(saved.path)
    row = storage.list_saves(tmp_path)[0]
    assert row.game == "?" and "seat name" in row.problem
    run = subprocess.run([sys.executable, "-m", "weather_tabletop", "verify", str(saved.path)],
                         cwd=REPO, capture_output=True, timeout=60)
    assert run.returncode != 0 and b"Traceback" not in run.stderr and b"\x1b" not in run.stderr
    assert saved.path.read_bytes() == data  # never changed


def test_a_seat_given_as_true_is_refused(tmp_path):
    saved = played(tmp_path, 6)
    saved.close()
    lines = [json.loads(raw) for raw in saved.path.read_bytes().splitlines()]
    target = next(n for n, body in enumerate(lines, start=1) if body.get("seat") == 1)

    def edit(number, body):
        if number == target:
            body["seat"] = True
            body["cmd"]["seat"] = True
        return body

    rewrite(saved.path, edit)
    with pytest.raises(LoadError, match="must be a whole number|bad entry"):
        SavedGame.replay(saved.path)


def test_a_forged_game_over_does_not_hide_a_game_from_continue(tmp_path):
    saved = played(tmp_path, 6)
    saved.close()
    rewrite(saved.path, lambda n, body: dict(body, over=True, label="Game over") if n > 1 else body)
    assert storage.list_saves(tmp_path)[0].progress == "Game over"  # what the file says ...
    assert storage.most_recent(tmp_path).path == saved.path  # ... is not what Continue trusts
    again = SavedGame.open(saved.path)
    assert not again.match.active[-1].over and not again.match.is_over()
    again.close()


def test_names_over_forty_characters_cannot_start_a_game(tmp_path):
    from weather_tabletop.engine.protocol import GameConfig, SeatConfig

    base = config(GAME, 2)
    long = GameConfig(base.game, (SeatConfig("y" * 41, base.seats[0].color), base.seats[1]),
                      base.options, 1)
    with pytest.raises(ValueError, match="at most 40"):
        SavedGame.create(GAME, long, tmp_path)


# -- 5. other files --------------------------------------------------------------------------


def test_continuing_a_torn_save_in_a_read_only_place_is_one_line(tmp_path, monkeypatch):
    saved = played(tmp_path, 5)
    saved.close()
    with open(saved.path, "ab") as f:
        f.write(b'{"n": 99, "ki')  # torn
    data = saved.path.read_bytes()

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(storage, "_atomic_write", refuse)
    with pytest.raises(LoadError, match="cannot be continued: Permission denied"):
        SavedGame.open(saved.path)
    assert saved.path.read_bytes() == data
    monkeypatch.undo()
    assert SavedGame.open(saved.path).notice  # and once writable, it goes on


def test_a_read_only_folder_refuses_continue_in_one_line(tmp_path, monkeypatch):
    saved = played(tmp_path, 3)
    saved.close()

    def no_lock(path):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(storage.SaveLock, "acquire", staticmethod(no_lock))
    with pytest.raises(LoadError, match="folder cannot be written"):
        SavedGame.open(saved.path)


def test_sixty_megabytes_of_empty_records_are_refused_quickly(tmp_path):
    path = tmp_path / "big.wtsave"
    with open(path, "wb") as f:
        f.write(b"{}\n" * (20 * 1024 * 1024))  # 60 MB of "{}" lines
    start = time.perf_counter()
    with pytest.raises(LoadError, match="not a Weather Tabletop save"):
        SavedGame.open(path)
    with pytest.raises(LoadError, match="not a Weather Tabletop save"):
        SavedGame.replay(path)
    assert storage.list_saves(tmp_path)[0].game == "?"
    assert time.perf_counter() - start < 30  # was minutes and 1.2 GB; a generous bound


# -- 6. checkpoints --------------------------------------------------------------------------


def _long_game(folder: Path, game_id: str = "meteo", steps: int = 900) -> SavedGame:
    from weather_tabletop.cli import computer_config

    game = games.get(game_id)
    saved = SavedGame.create(game, computer_config(game, 2, ["random"] * 2, {}, 5), folder)
    rng = RandomPlayer(5)
    for i in range(steps):
        if saved.match.is_over():
            break
        random_step(game, saved, rng)
        seat = saved.match.active[-1].seat
        if i % 7 == 3 and saved.match.undo_reason(seat) is None:
            saved.undo(seat)
            if i % 14 == 3:
                saved.redo(seat)
    return saved


def test_continuing_starts_from_the_last_checkpoint_and_equals_the_replay(tmp_path):
    saved = _long_game(tmp_path)
    saved.close()
    read = storage._read_lines(saved.path)
    assert len(read.checkpoints) >= 2
    again = SavedGame.open(saved.path)
    assert again.match.restored_at is not None  # not replayed from the setup
    full = SavedGame.replay(saved.path).match
    assert again.match.state == full.state and again.match.version == full.version
    for seat in range(2):
        assert again.match.undo_reason(seat) == full.undo_reason(seat)
        assert again.match.redo_reason(seat) == full.redo_reason(seat)
    assert [g.events for g in again.match.active] == [g.events for g in full.active]
    rng = RandomPlayer(8)
    for _ in range(40):  # and goes on, writing more checkpoints that verify
        if again.match.is_over():
            break
        random_step(again.match.game, again, rng)
    again.close()
    assert SavedGame.replay(saved.path).match.state == again.match.state


def test_a_forged_checkpoint_is_refused_by_verify(tmp_path):
    saved = _long_game(tmp_path, steps=400)
    saved.close()

    def edit(number, body):
        if body.get("kind") == "checkpoint":
            state = body["state"]
            key = next(k for k, v in state.items() if type(v) is int and k not in ("t", "seed"))
            state[key] += 1
        return body

    rewrite(saved.path, edit)
    with pytest.raises(LoadError, match="checkpoint that does not match"):
        SavedGame.replay(saved.path)


def test_an_old_format_save_loads_and_is_upgraded_only_on_the_next_write(tmp_path):
    saved = played(tmp_path, 8)
    saved.close()
    # the same game as format 1 wrote it: no checkpoint lines, version 1
    rewrite(saved.path, lambda n, body: dict(body, version=1) if n == 1 else body)
    old = saved.path.read_bytes()
    inode = saved.path.stat().st_ino
    again = SavedGame.open(saved.path)
    assert saved.path.read_bytes() == old and saved.path.stat().st_ino == inode  # untouched
    random_step(GAME, again, RandomPlayer(3))
    again.close()
    assert saved.path.stat().st_ino != inode  # a new file renamed over the old one
    assert json.loads(saved.path.read_bytes().splitlines()[0])["version"] == storage.FORMAT_VERSION
    assert SavedGame.replay(saved.path).match.state == again.match.state


def test_a_checkpoint_needs_few_undoable_groups(monkeypatch):
    """``checkpoint.body`` gives nothing when more than MOST_GROUPS groups could be undone."""
    from weather_tabletop.engine.match import Match

    match = _long_game_match()
    above = match.depth - 1 - checkpoint.base_index(match) + len(match.undone)
    assert above > 0 and checkpoint.body(match, "") is not None
    monkeypatch.setattr(checkpoint, "MOST_GROUPS", above - 1)
    assert checkpoint.body(match, "") is None
    del Match


def _long_game_match():
    """A Meteo match stopped with a command above its last die roll."""
    from weather_tabletop.cli import computer_config
    from weather_tabletop.engine.match import Match

    game = games.get("meteo")
    match = Match.start(game, computer_config(game, 2, ["random"] * 2, {}, 5))
    rng = RandomPlayer(5)
    for _ in range(60):
        random_step(game, match, rng)
        if match.active[-1].barrier is None and match.depth > 20:
            break
    return match


def test_a_save_holds_the_progress_line_as_a_message_not_prose(tmp_path):
    """Issue 17: the label of each line is the game's message (key and parameters); the list
    renders it in the reader's language."""
    saved = _long_game(tmp_path, steps=12)
    saved.close()
    last = json.loads(saved.path.read_bytes().splitlines()[-1])
    assert isinstance(last["label"], dict) and last["label"]["key"].startswith("meteo.progress.")
    row = storage.list_saves(tmp_path)[0]
    game = saved.match.game
    assert row.progress == tr(game.progress_msg(saved.match.state)) == game.progress(saved.match.state)
