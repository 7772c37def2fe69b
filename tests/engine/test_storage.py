"""Save files: autosave, replay equality, torn tails, damaged and foreign files left untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.play import config, random_step
from tests.support.tally import GAME, Roll, Take
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine import storage
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.storage import LoadError, SavedGame


def played(folder: Path, commands: int = 40, seed: int = 3, casual: bool = True) -> SavedGame:
    saved = SavedGame.create(GAME, config(GAME, 3, seed=seed, pile=100000), folder, casual=casual)
    rng = RandomPlayer(seed)
    for i in range(commands):
        random_step(GAME, saved, rng)
        if i % 5 == 4:
            seat = saved.match.active[-1].seat
            if saved.match.undo_reason(seat) is None:
                saved.undo(seat)
                if i % 10 == 9:
                    saved.redo(seat)
    return saved


def test_every_step_reloads_to_the_live_state(tmp_path):
    saved = SavedGame.create(GAME, config(GAME, 2, seed=9, pile=30), tmp_path, casual=True)
    rng = RandomPlayer(9)
    while not saved.match.is_over():
        random_step(GAME, saved, rng)
        if saved.match.version % 3 == 0 and saved.match.undo_reason(saved.match.active[-1].seat) is None:
            saved.undo(saved.match.active[-1].seat)
        again = SavedGame.replay(saved.path)
        assert again.match.state == saved.match.state
        assert again.match.version == saved.match.version
    assert GAME.scores(SavedGame.replay(saved.path).match.state) == GAME.scores(saved.match.state)


def test_same_seed_and_commands_give_the_same_game(tmp_path):
    a = played(tmp_path / "a", seed=11)
    b = Match.start(GAME, a.match.config, casual=True)
    for group in a.match.active[1:]:
        b.submit(group.command)
    assert b.state == a.match.state
    c = Match.start(GAME, config(GAME, 3, seed=12, pile=100000))
    assert c.state.deck != b.active[0].events[0].deck


def test_continue_after_reload_appends_to_the_same_file(tmp_path):
    saved = played(tmp_path, commands=10)
    saved.close()
    again = SavedGame.open(saved.path)
    random_step(GAME, again, RandomPlayer(1))
    assert SavedGame.replay(saved.path).match.state == again.match.state


def test_torn_last_line_is_dropped_with_a_notice(tmp_path):
    saved = played(tmp_path, commands=12)
    saved.close()  # one window at a time continues a game
    data = saved.path.read_bytes()
    lines = data.split(b"\n")
    full = b"\n".join(lines[:-2]) + b"\n"  # without the last complete line
    torn = full + lines[-2][: len(lines[-2]) // 2]
    saved.path.write_bytes(torn)
    loaded = SavedGame.replay(saved.path)
    assert loaded.notice and "dropped" in str(loaded.notice)
    assert saved.path.read_bytes() == torn  # verify/replay never writes
    reopened = SavedGame.open(saved.path)
    assert reopened.notice
    assert saved.path.read_bytes() == full  # the valid prefix, renamed over the old file
    random_step(GAME, reopened, RandomPlayer(2))
    assert SavedGame.replay(saved.path).notice is None


def _damaged_variants(data: bytes) -> dict[str, bytes]:
    lines = data.split(b"\n")
    header = json.loads(lines[0])
    newer = dict(header, version=99)
    mid = len(data) // 2
    return {
        "empty": b"",
        "garbage": b"\x00\xff\xfe garbage \x81" * 50,
        "foreign json": b'{"hello": "world"}\n',
        "foreign text": b"just some notes\nabout a game\n",
        "newer version": json.dumps(newer).encode() + b"\n" + b"\n".join(lines[1:]),
        "flipped byte": data[:mid] + bytes([data[mid] ^ 0x20]) + data[mid + 1:],
        "flipped digit": data.replace(b'"n":3,', b'"n":4,', 1),
        "dropped line": b"\n".join(lines[:3] + lines[4:]),
        "duplicated line": b"\n".join(lines[:3] + [lines[2]] + lines[3:]),
        "swapped lines": b"\n".join(lines[:2] + [lines[3], lines[2]] + lines[4:]),
        "huge line": data + b"[" * (storage.MAX_LINE_BYTES + 10) + b"\n",
        "deep nesting": data + b"[" * 5000 + b"]" * 5000 + b"\n",
        "header only cut": lines[0][:20],
        "directory-like name": data,
    }


@pytest.mark.parametrize("case", list(_damaged_variants(b'{"a":1}\n{}\n{}\n{}\n{}\n').keys()))
def test_damaged_files_give_a_clear_error_and_stay_byte_identical(tmp_path, case):
    saved = played(tmp_path, commands=20)
    variants = _damaged_variants(saved.path.read_bytes())
    if case == "directory-like name":
        target = tmp_path / "folder.wtsave"
        target.mkdir()
        with pytest.raises(LoadError, match="folder"):
            SavedGame.open(target)
        return
    target = tmp_path / f"case{SavedGame.__name__}.wtsave"
    target.write_bytes(variants[case])
    before = target.read_bytes()
    with pytest.raises(LoadError) as info:
        SavedGame.open(target)
    message = info.value.message
    assert target.name in message or "save" in message.lower()
    assert "\n" not in message and "Traceback" not in message
    assert target.read_bytes() == before
    if case == "newer version":
        assert "newer" in message


@pytest.mark.parametrize("cut", [1, 7, 60, 200, -300, -40, -2])
def test_truncation_at_any_offset_loads_a_prefix_or_refuses(tmp_path, cut):
    saved = played(tmp_path, commands=15)
    data = saved.path.read_bytes()
    target = tmp_path / "cut.wtsave"
    target.write_bytes(data[:cut])
    try:
        loaded = SavedGame.replay(target)
    except LoadError as exc:
        assert "\n" not in exc.message
    else:
        assert loaded.notice
        assert loaded.match.version < saved.match.version
    assert target.read_bytes() == data[:cut]


def test_an_edited_event_is_refused_by_the_rules(tmp_path):
    """A file whose checksums were recomputed but whose events lie is still refused."""
    saved = SavedGame.create(GAME, config(GAME, 2, seed=4), tmp_path)
    saved.submit(Roll(0))
    lines = saved.path.read_bytes().split(b"\n")[:-1]
    bodies = [json.loads(line) for line in lines]
    for b in bodies:
        b.pop("sum")
    bodies[2]["events"][0]["face"] = 7 - bodies[2]["events"][0]["face"]
    previous, out = "", b""
    for body in bodies:
        line, previous = storage._line(previous, body)
        out += line
    saved.path.write_bytes(out)
    with pytest.raises(LoadError, match="differ from what the rules give"):
        SavedGame.replay(saved.path)


def test_an_illegal_recorded_command_names_the_rule(tmp_path):
    saved = SavedGame.create(GAME, config(GAME, 2, seed=4, pile=10), tmp_path)
    saved.submit(Take(0, 1))
    lines = saved.path.read_bytes().split(b"\n")[:-1]
    bodies = [json.loads(line) for line in lines]
    for b in bodies:
        b.pop("sum")
    bodies[2]["cmd"]["n"] = 9
    bodies[2]["events"][0]["n"] = 9
    previous, out = "", b""
    for body in bodies:
        line, previous = storage._line(previous, body)
        out += line
    saved.path.write_bytes(out)
    with pytest.raises(LoadError, match="Take: 1 to 3"):
        SavedGame.replay(saved.path)


def test_list_rename_delete(tmp_path):
    a = played(tmp_path, commands=5, seed=1)
    b = played(tmp_path, commands=8, seed=2)
    (tmp_path / "junk.wtsave").write_bytes(b"nope")
    infos = storage.list_saves(tmp_path)
    assert len(infos) == 3
    by_path = {i.path: i for i in infos}
    assert by_path[a.path].game == "tally" and by_path[a.path].progress.startswith("Turn")
    assert by_path[b.path].commands >= 1
    assert "cannot be loaded" in by_path[tmp_path / "junk.wtsave"].progress
    a.close()
    renamed = storage.rename_save(a.path, "Friday night")
    assert renamed.name == "Friday night.wtsave" and SavedGame.replay(renamed).match.version > 1
    with pytest.raises(LoadError):
        storage.rename_save(renamed, "../escape")
    with pytest.raises(LoadError):
        storage.rename_save(b.path, "Friday night")
    storage.delete_save(renamed)
    assert not renamed.exists()
    assert storage.most_recent(tmp_path).path == b.path


def test_no_pickle_eval_or_exec_in_the_package():
    root = Path(__file__).resolve().parents[2] / "weather_tabletop"
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in ("import pickle", "eval(", "exec(", "marshal", "shelve"):
            assert word not in text, f"{path} uses {word}"


def test_a_refusal_is_a_message_shown_in_the_readers_language(tmp_path):
    """Issue 17/18: why a save is refused is a catalogue message, rendered when shown."""
    from weather_tabletop import i18n

    (tmp_path / "cut.wtsave").write_bytes(b'{"format"')
    with pytest.raises(LoadError) as info:
        SavedGame.open(tmp_path / "cut.wtsave")
    assert info.value.reason.key == "load.cut_header"
    try:
        i18n.set_language("zh-TW")
        assert info.value.message == "cut.wtsave 在檔頭寫完之前就被截斷了。"
    finally:
        i18n.set_language("en")
    assert info.value.message == "cut.wtsave was cut off before its header was complete."


def test_a_checkpoint_written_before_the_state_gained_a_field_still_verifies(tmp_path,
                                                                            monkeypatch):
    """A game's state may gain a field with a default (Weather Machine's ``solo``, None in a
    game of several players): a checkpoint written before has no such field, and reads (the
    game's ``OLDER_RECORDS``) and verifies as the same state; a changed checkpoint is still
    refused."""
    from weather_tabletop.engine import checkpoint
    from weather_tabletop.games.weather_machine.rules import GAME as WM

    monkeypatch.setattr(checkpoint, "EVERY_LINES", 20)
    saved = SavedGame.create(WM, config(WM, 2, seed=5), tmp_path)
    rng = RandomPlayer(5)
    for _ in range(60):
        random_step(WM, saved, rng)
    saved.close()
    bodies = [json.loads(line) for line in saved.path.read_bytes().splitlines()]
    checkpoints = [b for b in bodies if b.get("kind") == "checkpoint"]
    assert checkpoints and all(b["state"]["solo"] is None for b in checkpoints)
    for body in checkpoints:
        del body["state"]["solo"]  # as written before the field existed
    older = tmp_path / "older.wtsave"
    older.write_bytes(_rechained(bodies))
    assert SavedGame.replay(older).match.state == SavedGame.replay(saved.path).match.state
    for body in checkpoints:
        body["state"]["round"] += 1  # a checkpoint that says something else
    changed = tmp_path / "changed.wtsave"
    changed.write_bytes(_rechained(bodies))
    with pytest.raises(LoadError, match="checkpoint"):
        SavedGame.replay(changed)


def _rechained(bodies: list[dict]) -> bytes:
    """Save lines for ``bodies`` with their sums (and checkpoints' ``prev``) chained again."""
    out, previous = [], ""
    for body in bodies:
        body = {k: v for k, v in body.items() if k != "sum"}
        if body.get("kind") == "checkpoint":
            body["prev"] = previous
        line, previous = storage._line(previous, body)
        out.append(line)
    return b"".join(out)
