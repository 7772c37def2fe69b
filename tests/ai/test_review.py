"""The review of a finished game (issues 21, 27): a recorded demo gives the same marked moves for
the same seed and budget; the stored review (in the app's data folder, never beside the save) is
used, and ignored when it is damaged, of another budget or of a changed save; the save's bytes
and time never change; the time budget is shared out among the decisions; a stopped review
leaves nothing; the ``review`` command prints the marked moves and refuses bad arguments in one
line."""

from __future__ import annotations

import importlib.resources
import json
import os
from pathlib import Path

import pytest

from weather_tabletop import cli, paths
from weather_tabletop.ai import review as rv
from weather_tabletop.ai.review import ReviewedGame, ReviewError, cache_path, content_hash

DEMO = "mtts-solo-demo.wtsave"  # the quickest demo to review (about a second at 8 rollouts)
ITERATIONS = 8


def copy_demo(folder: Path, name: str = DEMO) -> Path:
    path = folder / name
    path.write_bytes((importlib.resources.files("weather_tabletop.saves") / name).read_bytes())
    return path


def stored(save: Path) -> Path:
    """Where the review of ``save`` is kept (the data folder, by the file's content hash)."""
    return cache_path(content_hash(save.read_bytes()))


def marks(found: rv.Review) -> list[tuple]:
    return [(d.position, d.seat, d.played, d.best, round(d.loss, 6))
            for d in found.marked_decisions()]


def test_a_demo_gives_the_same_marked_moves_for_the_same_seed_and_budget(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    first = ReviewedGame.load(copy_demo(a)).review(ITERATIONS, 3, keep=False)
    second = ReviewedGame.load(copy_demo(b)).review(ITERATIONS, 3, keep=False)
    assert first is not None and second is not None
    assert first == second and marks(first) and marks(first) == marks(second)
    # marked: at most three per seat, each a loss of at least the threshold, the largest ones
    losses = sorted((d.loss for d in first.decisions), reverse=True)
    assert [round(d.loss, 6) for d in sorted(first.marked_decisions(), key=lambda d: -d.loss)] \
        == [round(x, 6) for x in losses[:len(first.marked)]]
    assert len(first.marked) <= rv.MARKS_PER_SEAT * len(first.seats)
    assert all(d.loss >= rv.MARK_THRESHOLD for d in first.marked_decisions())
    # a computer-only game is reviewed for every seat; each decision had an alternative
    assert first.seats == (0,)
    game = ReviewedGame.load(a / DEMO)
    for d in first.decisions:
        view = game.game.view(game.replay.state_at(d.position), d.seat)
        assert d.played in game.game.legal_commands(view, d.seat) and d.best in \
            game.game.legal_commands(view, d.seat)


def test_the_cache_is_used_and_a_damaged_one_ignored(tmp_path, monkeypatch):
    save = copy_demo(tmp_path)
    before = save.read_bytes()
    calls = []
    judge = rv.review
    monkeypatch.setattr(rv, "review", lambda *a, **k: calls.append(1) or judge(*a, **k))
    fresh = ReviewedGame.load(save).review(ITERATIONS, 1)
    assert calls == [1] and stored(save).is_file()
    cached = ReviewedGame.load(save).review(ITERATIONS, 1)
    assert calls == [1] and cached == fresh  # read back, not judged again
    # another budget or seed is another review
    assert ReviewedGame.load(save).cached(ITERATIONS + 1, 1) is None
    assert ReviewedGame.load(save).cached(ITERATIONS, 2) is None
    good = stored(save).read_bytes()
    obj = json.loads(good)
    damaged = [good[:len(good) // 2], b"\xff\xfe not json", b"[]", b"{}",
               json.dumps({**obj, "marked": obj["marked"][1:]}).encode(),
               json.dumps({**obj, "decisions": obj["decisions"][::-1]}).encode(),
               json.dumps({**obj, "decisions": [{**obj["decisions"][0], "played_points": "1"}]
                           + obj["decisions"][1:]}).encode(),
               json.dumps({**obj, "decisions": [{**obj["decisions"][0], "position": 10**9}]
                           + obj["decisions"][1:]}).encode(),
               json.dumps({**obj, "decisions": [{**obj["decisions"][0],
                                                 "played": {"t": "Nothing"}}]
                           + obj["decisions"][1:]}).encode(),
               json.dumps({**obj, "key": {**obj["key"], "version": rv.VERSION + 1}}).encode(),
               # a well-formed command that was no move there (another decision's)
               json.dumps({**obj, "decisions": [{**obj["decisions"][0],
                                                 "best": obj["decisions"][-1]["played"]}]
                           + obj["decisions"][1:]}).encode()]
    for bad in damaged:
        stored(save).write_bytes(bad)
        assert ReviewedGame.load(save).cached(ITERATIONS, 1) is None, bad[:80]
    stored(save).write_bytes(damaged[0])
    again = ReviewedGame.load(save).review(ITERATIONS, 1)
    assert calls == [1, 1] and again == fresh
    assert json.loads(stored(save).read_bytes()) == obj  # the damaged cache is replaced
    assert save.read_bytes() == before


def test_a_changed_save_is_reviewed_again(tmp_path):
    save = copy_demo(tmp_path)
    ReviewedGame.load(save).review(ITERATIONS, 0)
    game = ReviewedGame.load(save)
    game.save_hash = "0" * 64  # what another content would hash to
    assert game.cached(ITERATIONS, 0) is None


def test_a_stopped_review_gives_nothing_and_writes_nothing(tmp_path):
    save = copy_demo(tmp_path)
    seen = []
    found = ReviewedGame.load(save).review(ITERATIONS, 0, stop=lambda: len(seen) > 3,
                                           progress=lambda done, total: seen.append(done))
    assert found is None and not stored(save).exists()
    assert seen[:4] == [0, 1, 2, 3]


def unfinished(folder: Path) -> Path:
    """The demo cut after its first moves (whole lines: a valid save of a game not over)."""
    path = folder / "unfinished.wtsave"
    lines = copy_demo(folder).read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:12]))
    return path


def test_an_unfinished_game_is_not_reviewed(tmp_path):
    with pytest.raises(ReviewError) as caught:
        ReviewedGame.load(unfinished(tmp_path))
    assert caught.value.reason.key == "review.not_finished"


def test_the_review_command_prints_the_marked_moves(tmp_path, capsys):
    save = copy_demo(tmp_path)
    before = save.read_bytes()
    assert cli.main(["review", str(save), "--iterations", str(ITERATIONS)]) == 0
    out = capsys.readouterr().out.splitlines()
    found = ReviewedGame.load(save).cached(ITERATIONS, 0)
    assert found is not None and len(out) == 2 + len(found.marked)
    assert all("the computer preferred" in line and line.strip().startswith("Round ")
               for line in out[2:])
    assert cli.main(["review", str(save), "--iterations", str(ITERATIONS), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["position"] for d in data["decisions"] if d["marked"]] == \
        [d.position for d in found.marked_decisions()]
    assert data["seats"][0]["graph"] and len(data["seats"][0]["graph"]) == len(found.decisions)
    assert cli.main(["review", str(save), "--iterations", str(ITERATIONS),
                     "--lang", "zh-TW"]) == 0
    assert "電腦偏好" in capsys.readouterr().out
    assert save.read_bytes() == before


@pytest.mark.parametrize("args, words", [
    (["--iterations", "0"], "--iterations"),
    (["--iterations", "many"], "invalid int value"),
    (["--lang", "xx"], "--lang"),
])
def test_the_review_command_refuses_bad_options(tmp_path, capsys, args, words):
    save = copy_demo(tmp_path)
    try:
        code = cli.main(["review", str(save), *args])
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err


@pytest.mark.parametrize("make", ["missing", "folder", "garbage", "unfinished"])
def test_the_review_command_refuses_what_it_cannot_review(tmp_path, capsys, make):
    path = {"missing": lambda: tmp_path / "nowhere.wtsave",
            "folder": lambda: tmp_path,
            "garbage": lambda: (tmp_path / "bad.wtsave").write_bytes(b"\x00 not a save\n")
            and tmp_path / "bad.wtsave",
            "unfinished": lambda: unfinished(tmp_path)}[make]()
    assert cli.main(["review", str(path), "--iterations", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("weather-tabletop review: ")
    if make == "unfinished":
        assert "finished" in err[0] and not stored(path).exists()


def test_the_review_is_stored_in_the_data_folder_and_the_save_is_untouched(tmp_path):
    folder = tmp_path / "read-only demos"
    folder.mkdir()
    save = copy_demo(folder)
    old = folder / (save.name + ".review.json")  # where version 1 kept it: ignored now
    old.write_bytes(b"{}")
    os.utime(save, ns=(1_000_000_000, 1_000_000_000))
    before, stat = save.read_bytes(), save.stat()
    folder.chmod(0o555)  # nothing can be written beside it
    try:
        first = ReviewedGame.load(save).review(ITERATIONS, 0)
    finally:
        folder.chmod(0o755)
    assert first is not None
    assert stored(save).parent == paths.reviews_dir() and stored(save).is_file()
    assert str(paths.reviews_dir()).startswith(str(paths.data_dir()))
    assert sorted(p.name for p in folder.iterdir()) == sorted([save.name, old.name])
    assert old.read_bytes() == b"{}"
    assert save.read_bytes() == before and save.stat().st_mtime_ns == stat.st_mtime_ns
    # keyed by content: a renamed copy elsewhere keeps its review
    copy = tmp_path / "my game.wtsave"
    copy.write_bytes(before)
    assert ReviewedGame.load(copy).cached(ITERATIONS, 0) == first


def test_the_time_budget_is_shared_out_and_each_decision_judged_once_at_least(tmp_path,
                                                                               monkeypatch):
    monkeypatch.setattr(rv, "DEFAULT_SECONDS", 0.3)  # far less than one round of each
    save = copy_demo(tmp_path)
    seen: list[tuple[int, int]] = []
    found = ReviewedGame.load(save).review(progress=lambda done, total: seen.append((done, total)))
    assert found is not None and found.iterations is None and found.seconds == 0.3
    total = seen[0][1]
    assert seen == [(k, total) for k in range(total + 1)] and len(found.decisions) == total
    # every decision judged: the played command and the computer's preference, both legal
    game = ReviewedGame.load(save)
    for d in found.decisions:
        view = game.game.view(game.replay.state_at(d.position), d.seat)
        legal = game.game.legal_commands(view, d.seat)
        assert d.played in legal and d.best in legal
    assert ReviewedGame.load(save).cached() == found  # stored under the time budget's key
    assert ReviewedGame.load(save).cached(ITERATIONS) is None


def test_old_stored_reviews_beyond_the_limit_go(tmp_path, monkeypatch):
    monkeypatch.setattr(rv, "MAX_REVIEWS_KEPT", 3)
    folder = paths.ensure(paths.reviews_dir())
    for i in range(5):
        old = folder / f"{i:064x}.json"
        old.write_bytes(b"{}")
        os.utime(old, ns=(i * 10**9, i * 10**9))
    save = copy_demo(tmp_path)
    ReviewedGame.load(save).review(ITERATIONS, 0)
    assert sorted(p.name for p in folder.glob("*.json")) == sorted(
        [f"{3:064x}.json", f"{4:064x}.json", stored(save).name])
