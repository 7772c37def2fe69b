"""The review at the table (issue 21): in the replay of a finished game "Review" runs on a worker
thread while the window goes on (progress, Cancel), then shows a graph per seat, flags the
marked moves on the timeline (a click goes there) and, at a marked move, the panel with the
preferred move; a cached review shows at once; an unfinished game offers no review; the save is
never written."""

from __future__ import annotations

import importlib.resources
import time
from pathlib import Path

import pygame
import pytest

from weather_tabletop.ai.review import cache_path

DEMO = "mtts-solo-demo.wtsave"


@pytest.fixture
def save(tmp_path) -> Path:
    path = tmp_path / DEMO
    path.write_bytes((importlib.resources.files("weather_tabletop.saves") / DEMO).read_bytes())
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
    assert review is not None and cache_path(save).is_file()
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


def test_a_cancelled_review_leaves_nothing(app, save):
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
    assert not cache_path(save).exists()


def test_leaving_the_table_stops_a_review(app, save):
    scene = opened(app, save)
    click(app, scene.timeline.buttons()["review"].center)
    run = scene.review.run
    assert run is not None
    app.home()
    run.join(10)
    assert run.finished and run.result is None and not cache_path(save).exists()


def test_an_unfinished_game_offers_no_review(app, save, tmp_path):
    lines = save.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "unfinished.wtsave"
    cut.write_bytes(b"".join(lines[:20]))
    scene = opened(app, cut)
    assert not scene.review.available and not scene.timeline.review_label
    assert "review" not in scene.timeline.buttons()
