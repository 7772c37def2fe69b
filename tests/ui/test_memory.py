"""Memory that stays flat (issue 27): a table that closes lets go of its scene, view and
computer threads; the caches of rendered text and art keep at most their bound; the guide draws
only what comes into view. Counted in objects and entries, never timed (bench/app_memory.py
measures the app's resident memory)."""

from __future__ import annotations

import gc
import threading
import weakref

import pygame
import pytest

from tests.support import tally
from tests.ui.helpers import config, mouse, post
from weather_tabletop import games
from weather_tabletop.engine.protocol import GameConfig, SeatConfig, default_colours
from weather_tabletop.ui import art, cache, widgets
from weather_tabletop.ui.scene import Scene
from weather_tabletop.ui.scenes.table import TableScene
from weather_tabletop.ui.session import Session
from weather_tabletop.ui.theme import TextCache


def _thinkers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("thinker")]


def _all_computers(game_id: str, players: int) -> GameConfig:
    game = games.get(game_id)
    seats = tuple(SeatConfig(f"C{i}", colour, "computer", "random")
                  for i, colour in enumerate(default_colours(game, players)))
    return GameConfig(game.id, seats, (), 11)


@pytest.mark.parametrize("game_id", ["tally", "meteo"])
def test_a_closed_table_lets_go_of_its_scene_view_and_threads(app, game_id):
    app.home()
    refs: list[weakref.ref] = []
    for n in range(3):
        cfg = config("computer", "computer") if game_id == "tally" else _all_computers(game_id, 2)
        scene = TableScene(app, Session.in_memory(games.get(game_id), cfg), privacy=False)
        app.push(scene)
        post(app, frames=30)  # computers think and move
        assert scene.session.match.version > 1, "the computers played"
        refs += [weakref.ref(scene), weakref.ref(scene.view), weakref.ref(scene.session)]
        scene.leave()
        post(app)
        del scene
    for thread in _thinkers():  # a thought already begun ends on its own, its result dropped
        thread.join(30)
    gc.collect()
    assert [r for r in refs if r() is not None] == []
    assert _thinkers() == []


def test_the_lru_forgets_the_least_recently_used_first():
    kept = cache.LRU(3)
    for key in "abc":
        kept[key] = key
    assert kept.get("a") == "a"  # read: now the most recent
    kept["d"] = "d"
    assert list(kept) == ["c", "a", "d"] or sorted(kept) == ["a", "c", "d"]
    assert "b" not in kept and len(kept) == 3


def test_a_surface_cache_keeps_its_pixel_bound():
    surfaces = cache.surfaces(limit=1000, max_bytes=10 * 100 * 100 * 4)
    for n in range(200):
        surfaces[n] = pygame.Surface((100, 100), pygame.SRCALPHA)
        assert surfaces.bytes <= 10 * 100 * 100 * 4
    assert len(surfaces) == 10 and 199 in surfaces and 0 not in surfaces


def test_the_text_cache_stays_within_its_bound():
    text = TextCache(limit=50)
    for n in range(500):
        text.render(f"line {n}", 16, (0, 0, 0))
        text.fitted(f"a longer line of text {n}", 16, 60)
        text.lay(f"a box of text {n}", 80, 40, 16)
    assert len(text._texts) <= 50 and len(text._fits) <= 50 and len(text._boxes) <= 50
    again = text.render("line 499", 16, (0, 0, 0))
    assert text.render("line 499", 16, (0, 0, 0)) is again  # still cached, not drawn again


def test_a_views_surface_cache_is_bounded():
    made = art.SurfaceCache(limit=20)
    for n in range(100):
        made.get(("piece", n), lambda: pygame.Surface((8, 8)))
    assert len(made) == 20


def test_art_of_many_sizes_is_bounded():
    for n in range(1, 40):
        art.svg("icon.svg", (n * 4, n * 4))
    assert len(art._cache) <= art._cache.limit
    assert art._cache.bytes <= art._cache.max_bytes


def test_a_panel_is_drawn_once_per_size_and_keeps_clicks_from_what_is_under_it(app):
    class Page(Scene):
        clicks = 0

        def build(self) -> None:
            self.panel = widgets.panel(self, pygame.Rect(100, 100, 300, 200))

        def handle(self, event: pygame.event.Event) -> None:
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.clicks += 1

    page = Page(app)
    app.push(page)
    post(app)
    look = widgets._panel_look(app.manager, None)
    first = widgets.panel_surface((300, 200), *look)
    page.close()
    page.open()
    assert widgets.panel_surface((300, 200), *look) is first  # not drawn again
    assert first.get_at((150, 100))[:3] == look[0][:3]  # the theme's panel colour inside
    post(app, mouse(pygame.MOUSEBUTTONDOWN, (200, 200)))
    assert page.clicks == 0
    post(app, mouse(pygame.MOUSEBUTTONDOWN, (600, 500)))
    assert page.clicks == 1


def test_the_guide_draws_only_what_comes_into_view(app):
    from weather_tabletop.ui.scenes.rules import RulesScene

    app.home()
    app.push(RulesScene(app, "weather-machine", "laboratory"))
    post(app)
    view = app.top.view
    waiting = [b for b in view.blocks if b.make is not None]
    assert waiting and waiting[-1].section != "laboratory"  # the sections far below wait
    assert view.current() == "laboratory"
    while app.top.animating():  # the pictures in view come one a frame
        post(app)
    drawn = [b for b in view.blocks if b.section == "laboratory"]
    assert all(b.make is None for b in drawn)
    # what follows moved with the pictures' real heights: no gap, no overlap
    after = view.blocks[view.blocks.index(drawn[-1]) + 1]
    assert after.y >= drawn[-1].y + drawn[-1].height
    assert view.tops[after.section] <= after.y


def test_game_titles_are_known_without_importing_the_rules():
    for game_id, title in games.TITLES.items():
        assert games.get(game_id).title == title
    assert games.title("tally") == tally.GAME.title


def test_the_log_panel_keeps_only_recent_lines_rendered_and_renders_old_ones_when_shown(app):
    from weather_tabletop.ui import log_panel
    from weather_tabletop.ui.log_panel import LogEntry, LogPanel

    panel = LogPanel(pygame.Rect(0, 0, 300, 200), app.text, 16)
    panel.add([LogEntry(f"move {n}: a line of the log", (0, 0, 0)) for n in range(300)])
    panel.flush()
    rendered = [s for s in panel._surfaces if s is not None]
    assert len(panel._surfaces) == 300 and len(rendered) < 100
    assert sum(s.get_height() for s in rendered) <= (log_panel.KEPT_PANELS + 1) * 200
    panel.scroll = panel._height - 150  # back to the first lines
    panel.draw(pygame.Surface((300, 200)))
    assert panel._surfaces[0] is not None


def test_closing_a_table_forgets_its_texts(app):
    app.home()
    scene = TableScene(app, Session.in_memory(tally.GAME, config("person", "person")),
                       privacy=False)
    app.push(scene)
    post(app, frames=3)
    assert len(app.text._texts) > 0
    scene.leave()  # back to a fresh menu, whose texts are drawn anew
    assert len(app.text._texts) == 0
    post(app)
    assert len(app.text._texts) < 50
