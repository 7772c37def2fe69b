"""The review at the table (issues 21, 27): in the replay of a finished game "Review" runs on a
worker thread while the window goes on (its progress grows, Cancel ends the thread), then shows
a graph per seat, flags the marked moves on the timeline (a click goes there) and, at a marked
move, the panel with the preferred move; a stored review shows at once; an unfinished game
offers no review; the review is stored in the data folder and the save is never written."""

from __future__ import annotations

import importlib.resources
import time
from pathlib import Path

import pygame
import pytest

from weather_tabletop import paths
from weather_tabletop.ai import review as rv
from weather_tabletop.ai.review import cache_path, content_hash

DEMO = "mtts-solo-demo.wtsave"


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """A short time budget for the whole review (each decision still judged once)."""
    monkeypatch.setattr(rv, "DEFAULT_SECONDS", 0.5)


def stored(save: Path) -> Path:
    return cache_path(content_hash(save.read_bytes()))


@pytest.fixture
def save(tmp_path) -> Path:
    path = tmp_path / DEMO
    path.write_bytes((importlib.resources.files("weather_tabletop.saves") / DEMO).read_bytes())
    return path


@pytest.fixture
def long_save(tmp_path) -> Path:
    """A copy of the longest shipped demo (its review takes seconds, not one)."""
    name = "weather-machine-demo-3p.wtsave"
    path = tmp_path / name
    path.write_bytes((importlib.resources.files("weather_tabletop.saves") / name).read_bytes())
    return path


def opened(app, path: Path):
    from weather_tabletop.ui.scenes.table import open_replay

    assert open_replay(app, path) is None
    app.tick(0.02)
    return app.top


def click(app, pos) -> None:
    app.top.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.top.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.tick(0.02)


def finish(app, scene, limit: float = 120.0) -> int:
    """Tick the window until the pass ends; the frames drawn meanwhile."""
    frames, started = 0, time.monotonic()
    surface = pygame.Surface(app.size)
    while scene.review.running:
        assert time.monotonic() - started < limit, "the review did not end"
        assert scene.animating()  # the progress is drawn as it goes
        app.tick(0.02)
        app.render(surface)
        frames += 1
        time.sleep(0.01)
    app.tick(0.02)
    return frames


def test_review_runs_beside_the_window_and_shows_its_graph_flags_and_panel(app, save):
    data = save.read_bytes()
    scene = opened(app, save)
    timeline = scene.timeline
    assert scene.review.offer() and timeline.review_label
    board_before = scene.board_rect().copy()
    click(app, timeline.buttons()["review"].center)
    assert scene.review.running and scene.review.rect.h > 0
    assert finish(app, scene) > 0
    review = scene.review.review
    assert review is not None and stored(save).is_file()
    timeline = scene.timeline  # laid out again with the graph
    assert not timeline.review_label  # reviewed: no second pass offered
    marked = review.marked_decisions()
    assert marked and [p for p, _ in timeline.marks] == [d.position for d in marked]
    # the board gave the graph its room and is still the largest thing on the screen
    board = scene.board_rect()
    assert board.h < board_before.h and board.w == board_before.w
    assert board.w * board.h > 3 * scene.review.rect.w * scene.review.rect.h
    assert board.w * board.h > max(r.w * r.h for r in scene.lay.bodies.values())
    assert scene.review.rect.bottom <= timeline.rect.top and scene.review.rect.top >= board.bottom
    # a click on a flag goes to that marked move: the panel and the rings show
    target = marked[-1]
    bar = timeline.slider()
    click(app, (timeline.x_of(target.position), bar.y - scene.px(14)))  # near the flag's top
    assert scene.session.position == target.position
    app.render(pygame.Surface(app.size))
    assert scene.review.current(target.position) is target and scene.review.panel_rect is not None
    assert scene.board_rect().contains(scene.review.panel_rect)
    # the pointer over the graph names the move there; a click on it goes there
    x, y, d = scene.review._points[0]
    tip = scene.review.tooltip_at((x, y))
    assert tip and scene.review.describe(d, d.played) in tip
    click(app, (x, y))
    assert scene.session.position == d.position
    assert scene.review.panel_rect is None or scene.review.current(d.position) is not None
    assert save.read_bytes() == data


def test_a_cached_review_shows_at_once(app, save):
    scene = opened(app, save)
    click(app, scene.timeline.buttons()["review"].center)
    finish(app, scene)
    first = scene.review.review
    app.home()
    scene = opened(app, save)
    assert not scene.review.running and scene.review.review == first
    assert scene.review.rect.h > 0 and scene.timeline.marks and not scene.timeline.review_label


def test_a_cancelled_review_leaves_nothing(app, tmp_path):
    # the longest shipped demo: the solo one's review (2.6 s) could end before the click on
    # Cancel on a quiet machine, and a finished review is kept
    long = "weather-machine-demo-3p.wtsave"
    save = tmp_path / long
    save.write_bytes((importlib.resources.files("weather_tabletop.saves") / long).read_bytes())
    scene = opened(app, save)
    click(app, scene.timeline.buttons()["review"].center)
    assert scene.review.running
    app.render(pygame.Surface(app.size))  # the strip with its Cancel button
    assert scene.review._cancel.w > 0
    click(app, scene.review._cancel.center)
    app.tick(0.02)
    assert not scene.review.running and scene.review.review is None
    assert scene.review.rect.h == 0 and scene.timeline.review_label  # offered again
    time.sleep(0.3)
    assert not stored(save).exists()


def test_leaving_the_table_stops_a_review(app, save):
    scene = opened(app, save)
    click(app, scene.timeline.buttons()["review"].center)
    run = scene.review.run
    assert run is not None
    app.home()
    run.join(10)
    assert run.finished and run.result is None and not stored(save).exists()


def test_an_unfinished_game_offers_no_review(app, save, tmp_path):
    lines = save.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "unfinished.wtsave"
    cut.write_bytes(b"".join(lines[:20]))
    scene = opened(app, cut)
    assert not scene.review.available and not scene.timeline.review_label
    assert "review" not in scene.timeline.buttons()


def test_the_progress_grows_and_the_review_lands_in_the_data_folder(app, long_save):
    import os

    save = long_save  # the solo demo's review can end before its progress is first sampled

    (save.parent / "sent").mkdir()  # a folder of its own (the data folder is beside it here)
    save = save.rename(save.parent / "sent" / save.name)
    os.utime(save, ns=(2_000_000_000, 2_000_000_000))
    data, mtime = save.read_bytes(), save.stat().st_mtime_ns
    beside = sorted(p.name for p in save.parent.iterdir())
    scene = opened(app, save)
    click(app, scene.timeline.buttons()["review"].center)
    run = scene.review.run
    shares = []
    surface = pygame.Surface(app.size)
    started = time.monotonic()
    while scene.review.running:
        assert time.monotonic() - started < 60, "the review did not end"
        if run.total:
            shares.append(run.done / run.total)
        app.tick(0.02)
        app.render(surface)  # the strip draws the bar at this share
        time.sleep(0.005)
    assert shares == sorted(shares) and len(set(shares)) > 2 and run.done == run.total > 0
    assert scene.review.review is not None
    assert stored(save).is_file() and stored(save).parent == paths.reviews_dir()
    assert sorted(p.name for p in save.parent.iterdir()) == beside  # nothing beside the save
    assert save.read_bytes() == data and save.stat().st_mtime_ns == mtime


def test_cancel_ends_the_worker_thread_promptly(app, save, monkeypatch):
    monkeypatch.setattr(rv, "DEFAULT_SECONDS", 120.0)  # a long pass, cancelled on its way
    scene = opened(app, save)
    click(app, scene.timeline.buttons()["review"].center)
    run = scene.review.run
    started = time.monotonic()
    while run.done < 2:
        assert time.monotonic() - started < 30 and run.alive
        time.sleep(0.01)
    app.render(pygame.Surface(app.size))  # the strip with its bar and Cancel
    assert 0 < run.done < run.total
    click(app, scene.review._cancel.center)
    assert scene.review.run is None
    cancelled = time.monotonic()
    run.join(5)
    assert not run.alive and time.monotonic() - cancelled < 3
    assert run.finished and run.result is None and not stored(save).exists()
    assert scene.timeline.review_label  # offered again


def test_a_demo_is_reviewed_from_its_replay_and_never_written(app):
    from weather_tabletop.ui.scenes.table import open_demo

    demo = Path(__file__).resolve().parents[2] / "saves" / DEMO
    data, mtime = demo.read_bytes(), demo.stat().st_mtime_ns
    beside = sorted(p.name for p in demo.parent.iterdir())
    assert open_demo(app, demo) is None
    scene = app.top
    app.tick(0.02)
    assert scene.session.recorded and scene.timeline is not None
    assert scene.review.offer() and "review" in scene.timeline.buttons()
    click(app, scene.timeline.buttons()["review"].center)
    assert scene.review.running
    finish(app, scene)
    assert scene.review.review is not None and scene.timeline.marks
    assert stored(demo).is_file() and stored(demo).parent == paths.reviews_dir()
    assert sorted(p.name for p in demo.parent.iterdir()) == beside
    assert demo.read_bytes() == data and demo.stat().st_mtime_ns == mtime
