"""Issue 28: saves that someone crafted. Nothing read from a file is used as a format string,
as a size, or as a computer level without checking it; nothing from a file reaches a terminal
with its control characters. Each test failed on the code before the issue."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from tests.engine.test_saves_hostile import played, rewrite
from weather_tabletop import cli
from weather_tabletop.engine import storage
from weather_tabletop.engine.storage import LoadError, SavedGame
from weather_tabletop.i18n import tr


def _finished_writing(saved: SavedGame):
    path = saved.path
    saved.close()
    return path


def _last_label(path, label):
    """Give the file's last entry line ``label`` (the sums kept valid)."""
    lines = path.read_bytes().splitlines()
    last = len(lines)

    def edit(number, body):
        if number == last:
            body["label"] = label
        return body

    rewrite(path, edit)


@pytest.mark.parametrize("key", ["{a:>400000000}", "{a.__class__.__mro__}", "{a!r:>99999999}"])
def test_a_saved_progress_label_is_never_used_as_a_format_string(tmp_path, key):
    path = _finished_writing(played(tmp_path, 8))
    _last_label(path, {"key": key, "params": {"a": "x"}})
    started = time.perf_counter()
    tracemalloc.start()
    try:
        (info,) = storage.list_saves(tmp_path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 2 ** 20  # formatting the key took 18 s and 3.5 GB
    assert time.perf_counter() - started < 5
    assert info.progress == tr("load.unknown_progress")
    assert "class" not in info.progress and len(info.progress) < 60


def test_a_label_whose_parameter_is_a_crafted_message_is_unknown_progress(tmp_path):
    path = _finished_writing(played(tmp_path, 8))
    _last_label(path, {"key": "table.turn_of", "params": {"name": {"key": "{a:>90000000}",
                                                                      "params": {"a": "x"}}}})
    (info,) = storage.list_saves(tmp_path)
    assert info.progress == tr("load.unknown_progress")


def test_a_known_label_still_reads_in_the_players_words(tmp_path):
    path = _finished_writing(played(tmp_path, 8))
    (info,) = storage.list_saves(tmp_path)
    assert info.progress and info.progress != tr("load.unknown_progress")
    assert "{" not in info.progress


def test_an_unknown_computer_level_is_refused_at_load_with_its_name(tmp_path):
    path = _finished_writing(played(tmp_path, 8))

    def edit(number, body):
        if number == 1:
            body["seats"][0]["kind"] = "computer"
            body["seats"][0]["level"] = "godlike"
        return body

    rewrite(path, edit)
    with pytest.raises(LoadError) as refused:
        SavedGame.open(path)
    assert "godlike" in refused.value.message
    (info,) = storage.list_saves(tmp_path)
    assert info.game == "?" and "godlike" in info.problem
    assert storage.most_recent(tmp_path) is None  # Continue offers nothing, and never crashes
    assert cli.main(["verify", str(path)]) == 2


def test_a_seat_of_an_unknown_kind_is_refused(tmp_path):
    path = _finished_writing(played(tmp_path, 8))

    def edit(number, body):
        if number == 1:
            body["seats"][1]["kind"] = "alien"
        return body

    rewrite(path, edit)
    with pytest.raises(LoadError):
        SavedGame.open(path)


def test_escape_sequences_from_a_file_never_reach_the_terminal(tmp_path, capsys):
    path = _finished_writing(played(tmp_path, 8))

    def edit(number, body):
        if number == 1:
            body["game"] = "\x1b]0;owned\x07\x1b[2Jmeteo"
        return body

    rewrite(path, edit)
    assert cli.main(["verify", str(path)]) == 2
    out = capsys.readouterr()
    assert "\x1b" not in out.err + out.out and "\x07" not in out.err + out.out
    assert "owned" in out.err  # the message is still there, made harmless


# -- checkpoints: only the app's own are trusted (engine/seal.py) ------------------------------


from tests.engine.test_saves_hostile import _long_game  # noqa: E402
from weather_tabletop.engine import seal  # noqa: E402


def _forge_checkpoints(path, edit_checkpoint):
    """Rewrite every checkpoint through ``edit_checkpoint`` (its sums valid, its seal kept)."""
    def edit(number, body):
        if body.get("kind") == "checkpoint":
            edit_checkpoint(body)
        return body

    rewrite(path, edit)


def test_the_apps_own_checkpoint_is_sealed_and_continuing_starts_there(tmp_path, monkeypatch):
    saved = _long_game(tmp_path)
    saved.close()
    read = storage._read_lines(saved.path)
    assert read.checkpoints and all(isinstance(c.get(seal.FIELD), str) for c in read.checkpoints)
    monkeypatch.setattr(storage, "_read_lines", lambda *a: pytest.fail("replayed whole"))
    again = SavedGame.open(saved.path)
    assert again.match.restored_at is not None
    again.close()


def test_a_checkpoint_base_of_two_hundred_million_costs_nothing(tmp_path):
    saved = _long_game(tmp_path)
    saved.close()
    lines = saved.path.read_bytes().splitlines()
    last = max(i for i, line in enumerate(lines, start=1) if b'"kind":"checkpoint"' in line)
    shift = 200_000_000

    def forge(number, body):  # the last checkpoint and the lines after it, renumbered
        if number >= last:
            body["n"] += shift
        if number == last:
            body["base"] += shift
        return body

    rewrite(saved.path, forge)
    before = saved.path.read_bytes()
    started = time.perf_counter()
    tracemalloc.start()
    try:
        with pytest.raises(LoadError):  # replayed through the rules: the checkpoint is out of order
            SavedGame.open(saved.path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 2 ** 20  # [None] * 2e8 took 24 s and 3.2 GB
    assert time.perf_counter() - started < 10
    assert storage.most_recent(tmp_path) is None
    assert saved.path.read_bytes() == before


def test_a_checkpoint_state_the_rules_never_reached_is_refused(tmp_path):
    saved = _long_game(tmp_path, steps=400)
    saved.close()

    def forge(body):
        state = body["state"]
        key = next(k for k, v in state.items() if type(v) is int and k not in ("t", "seed"))
        state[key] = 10 ** 12

    _forge_checkpoints(saved.path, forge)
    with pytest.raises(LoadError, match="checkpoint that does not match"):
        SavedGame.open(saved.path)  # Continue built a table on it before


def test_a_checkpoint_sealed_elsewhere_opens_by_replay_and_equals_it(tmp_path, monkeypatch):
    saved = _long_game(tmp_path)
    saved.close()
    monkeypatch.setenv("WEATHER_TABLETOP_HOME", str(tmp_path / "another-computer"))
    again = SavedGame.open(saved.path)  # the seal is another key's: replayed, checked, loaded
    assert again.match.restored_at is None
    assert again.match.state == SavedGame.replay(saved.path).match.state
    again.close()


def test_a_crash_between_a_checkpoint_and_its_move_line_is_a_torn_tail(tmp_path):
    saved = _long_game(tmp_path)
    saved.close()
    lines = saved.path.read_bytes().splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if b'"kind":"checkpoint"' in line)
    cut = b"".join(lines[:last + 1]) + lines[last + 1][:20]  # the move line torn after it
    saved.path.write_bytes(cut)
    replayed = SavedGame.replay(saved.path)  # verify, replay and Open a file
    assert replayed.notice == storage.TORN
    assert cli.main(["verify", str(saved.path)]) == 0
    saved.path.write_bytes(b"".join(lines[:last + 1]))  # or nothing of it written at all
    assert SavedGame.replay(saved.path).notice == storage.TORN
    again = SavedGame.open(saved.path)  # Continue, which worked, still does and goes on
    assert again.match.version == replayed.match.version
    again.close()


def test_a_finished_game_ends_with_a_sealed_checkpoint_before_its_last_move(tmp_path, monkeypatch):
    from weather_tabletop.ai import RandomPlayer
    from tests.support.play import random_step
    from weather_tabletop import games
    from weather_tabletop.cli import computer_config

    game = games.get("machines-to-the-sky")
    saved = SavedGame.create(game, computer_config(game, 2, ["random"] * 2, {}, 3), tmp_path)
    rng = RandomPlayer(3)
    while not saved.match.is_over():
        random_step(game, saved, rng)
    saved.close()
    read = storage._read_lines(saved.path)
    assert len(read.bodies) < 200  # short enough to have had no checkpoint before
    assert read.checkpoints and read.checkpoints[-1]["_at"] == len(read.bodies) - 1
    monkeypatch.setattr(storage, "_read_lines", lambda *a: pytest.fail("replayed whole"))
    _read, match = storage.load(saved.path)
    assert match.is_over()


# -- the index of the saves folder (engine/save_index.py) --------------------------------------


def _finished_games(folder, n):
    """``n`` copies of one finished game (distinct files, as a player who played a lot has)."""
    from tests.support.play import random_step
    from weather_tabletop import games
    from weather_tabletop.ai import RandomPlayer
    from weather_tabletop.cli import computer_config

    game = games.get("machines-to-the-sky")
    saved = SavedGame.create(game, computer_config(game, 2, ["random"] * 2, {}, 4), folder)
    rng = RandomPlayer(4)
    while not saved.match.is_over():
        random_step(game, saved, rng)
    saved.close()
    data = saved.path.read_bytes()
    for i in range(n - 1):
        (folder / f"copy {i}.wtsave").write_bytes(data)
    return saved.path


def test_the_list_reads_unchanged_files_from_the_index(tmp_path, monkeypatch):
    _finished_games(tmp_path, 5)
    first = storage.list_saves(tmp_path)
    monkeypatch.setattr(storage, "_ends", lambda *a: pytest.fail("a file was read again"))
    again = storage.list_saves(tmp_path)
    assert [(i.path, i.progress, i.seats, i.finished) for i in again] == \
        [(i.path, i.progress, i.seats, i.finished) for i in first]


def test_a_changed_or_removed_file_is_summarised_again(tmp_path):
    path = _finished_games(tmp_path, 3)
    storage.list_saves(tmp_path)
    (tmp_path / "copy 0.wtsave").unlink()
    path.write_bytes(b"not a save any more\n")
    infos = {i.path.name: i for i in storage.list_saves(tmp_path)}
    assert "copy 0.wtsave" not in infos
    assert infos[path.name].game == "?" and infos[path.name].problem


def test_continue_checks_each_finished_game_once(tmp_path, monkeypatch):
    _finished_games(tmp_path, 20)
    assert storage.most_recent(tmp_path) is None  # all finished: each loaded once
    monkeypatch.setattr(storage, "load", lambda *a: pytest.fail("loaded again"))
    assert storage.most_recent(tmp_path) is None


def test_a_damaged_index_is_made_again(tmp_path):
    from weather_tabletop import paths
    from weather_tabletop.engine.save_index import DB_NAME

    _finished_games(tmp_path, 3)
    storage.list_saves(tmp_path)
    (paths.data_dir() / DB_NAME).write_bytes(b"this is not a database" * 100)
    for suffix in ("-wal", "-shm"):
        (paths.data_dir() / (DB_NAME + suffix)).unlink(missing_ok=True)
    assert len(storage.list_saves(tmp_path)) == 3
    assert len(storage.list_saves(tmp_path)) == 3


def test_a_save_that_ends_in_megabytes_of_empty_records_is_damaged_at_once(tmp_path):
    path = _finished_games(tmp_path, 1)
    with open(path, "ab") as f:
        f.write(b"{}\n" * (3 * 1024 * 1024))  # 9 MB of "{}" after the moves
    started = time.perf_counter()
    (info,) = storage.list_saves(tmp_path)
    assert info.game == "?" and "damaged" in info.problem
    assert info.recoverable and info.recoverable > 10  # its moves before the junk can be kept
    assert storage.most_recent(tmp_path) is None  # not offered by Continue
    assert time.perf_counter() - started < 5  # the list alone took 56 s at 60 MB


# -- names and paths ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["\U0001d49c" * 62, "CON", "nul", "Com1", "LPT9", "CON.txt",
                                  "aux .game"])
def test_a_save_name_every_system_refuses_is_refused_with_a_message(tmp_path, name):
    path = _finished_writing(played(tmp_path, 4))
    with pytest.raises(LoadError) as refused:
        storage.rename_save(path, name)
    assert path.exists() and refused.value.message
    assert "Errno" not in refused.value.message


def test_a_long_name_of_four_byte_letters_that_fits_still_renames_and_continues(tmp_path):
    path = _finished_writing(played(tmp_path, 4))
    target = storage.rename_save(path, "\U0001d49c" * 50)  # 200 bytes: room for the lock file
    SavedGame.open(target).close()
    storage.delete_save(target)
    assert not target.exists()


def test_save_a_copy_to_an_impossible_path_is_a_message_and_leaves_nothing(tmp_path):
    from weather_tabletop.engine.save_copy import CopyFailed, copy_save

    path = _finished_writing(played(tmp_path, 4))
    out = tmp_path / "out"
    out.mkdir()
    for chosen in (out / ("x" * 300), out / "a\x00b", out / "CON", Path("/" + "d" * 300) / "x"):
        with pytest.raises(CopyFailed) as failed:
            copy_save(path, chosen)
        assert tr(failed.value.reason) and "Errno" not in tr(failed.value.reason)
    assert list(out.iterdir()) == []  # no .copy-* left behind


def test_leftover_temporary_files_are_removed_at_the_next_start(tmp_path):
    import os

    old = [tmp_path / ".copy-abc.wtsave", tmp_path / ".tmp-def.wtsave"]
    young = tmp_path / ".tmp-now.wtsave"  # another window's rewrite under way
    keep = tmp_path / "game.wtsave"
    for p in (*old, young, keep):
        p.write_bytes(b"x" * 1000)
    for p in (*old, keep):
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    assert storage.sweep_leftovers(tmp_path) == 2
    assert not any(p.exists() for p in old) and young.exists() and keep.exists()


# -- recovery: one bad line never costs the whole game ------------------------------------------


def test_one_flipped_byte_in_the_middle_offers_the_game_up_to_the_last_good_move(tmp_path):
    path = _finished_writing(played(tmp_path, 30))
    data = bytearray(path.read_bytes())
    lines = bytes(data).split(b"\n")
    middle = sum(len(line) + 1 for line in lines[:len(lines) // 2]) + 5  # inside a middle line
    data[middle] ^= 0x01
    path.write_bytes(bytes(data))
    damaged = path.read_bytes()
    with pytest.raises(LoadError):
        SavedGame.open(path)
    kept = storage.recoverable(path)
    assert kept is not None and 0 < kept < 30
    recovered = storage.recover(path)
    assert recovered.commands == kept and recovered.path != path
    replayed = SavedGame.replay(recovered.path)  # verifies: every move through the rules
    assert sum(1 for g in replayed.match.active if g.kind == "command") == kept
    assert path.read_bytes() == damaged  # the damaged file is never changed
    again = SavedGame.open(recovered.path)  # and the game goes on from there
    again.close()
    assert storage.recover(path).path != recovered.path  # a second recovery: a new name


def test_a_partial_line_appended_by_another_program_is_recovered_before_it(tmp_path):
    path = _finished_writing(played(tmp_path, 12))
    good = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b'{"n":99,"kind":"comm\n' + good.splitlines(keepends=True)[-1])
    assert storage.recoverable(path) == 12
    assert SavedGame.replay(storage.recover(path).path).match.version == \
        SavedGame.replay(_write(tmp_path / "clean.wtsave", good)).match.version


def _write(path, data):
    path.write_bytes(data)
    return path


def test_a_file_with_no_readable_header_offers_no_recovery(tmp_path):
    path = tmp_path / "junk.wtsave"
    path.write_bytes(b"\x00\x01 not a save\n")
    assert storage.recoverable(path) is None


def test_a_partial_line_another_program_appends_while_the_game_is_open_is_dropped(tmp_path):
    from tests.support.play import random_step
    from weather_tabletop.ai import RandomPlayer

    saved = played(tmp_path, 6)
    with open(saved.path, "ab") as f:
        f.write(b'{"half a line from elsewhere')
    rng = RandomPlayer(11)
    for _ in range(4):
        random_step(saved.match.game, saved, rng)
    version = saved.match.version
    saved.close()
    replayed = SavedGame.replay(saved.path)
    assert replayed.notice is None and replayed.match.version == version


def test_recover_on_the_command_line_writes_the_new_file_and_says_so(tmp_path, capsys):
    path = _finished_writing(played(tmp_path, 10))
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x20
    path.write_bytes(bytes(data))
    assert cli.main(["recover", str(path)]) == 0
    out = capsys.readouterr().out
    (new,) = [p for p in tmp_path.iterdir() if "recovered" in p.name]
    assert new.name in out and cli.main(["verify", str(new)]) == 0
    assert cli.main(["recover", str(tmp_path / "missing.wtsave")]) == 2


def test_a_new_game_where_a_file_stands_for_the_folder_is_a_message_without_errno(tmp_path):
    from weather_tabletop import games
    from weather_tabletop.cli import computer_config
    from weather_tabletop.engine.storage import SaveFailed

    blocker = tmp_path / "saves"
    blocker.write_text("a file, not a folder")
    game = games.get("meteo")
    with pytest.raises(SaveFailed) as failed:
        SavedGame.create(game, computer_config(game, 2, ["random"] * 2, {}, 1), blocker)
    text = tr(failed.value.reason)
    assert "Errno" not in text and str(blocker) in text


def test_a_new_game_on_a_full_disk_says_so(tmp_path, monkeypatch):
    import errno as errnos

    from weather_tabletop import games
    from weather_tabletop.cli import computer_config
    from weather_tabletop.engine.storage import SaveFailed

    def full(*args, **kwargs):
        raise OSError(errnos.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "_atomic_write", full)
    game = games.get("meteo")
    with pytest.raises(SaveFailed) as failed:
        SavedGame.create(game, computer_config(game, 2, ["random"] * 2, {}, 1), tmp_path)
    assert tr(failed.value.reason) == tr("save.create_full")


def test_a_file_where_the_settings_folder_should_be_promises_no_damaged_copy(tmp_path, monkeypatch):
    from weather_tabletop import paths, settings

    monkeypatch.setenv("WEATHER_TABLETOP_HOME", str(tmp_path))
    (tmp_path / "config").write_text("not a folder")
    loaded, message = settings.load()
    assert loaded == settings.Settings() and message
    assert ".damaged" not in message and str(paths.config_dir()) in message


def test_paths_names_the_reviews_folder_and_the_saves_index(capsys):
    from weather_tabletop import paths
    from weather_tabletop.engine.save_index import DB_NAME

    assert cli.main(["paths"]) == 0
    out = capsys.readouterr().out
    assert str(paths.reviews_dir()) in out and str(paths.data_dir() / DB_NAME) in out
