"""Issue 13: the table people sit at. Every scene and every game's table, at three positions of
a game (a late round among them), at 1280x720, 1920x1080 and 2560x1440 and at UI scales 100% and
150%: pygame_gui reports no clipped label, every text fitted by the views (``TextCache.box``)
lies inside its box, no two such texts overlap on one surface, nothing drawn is smaller than
12 px at 1280x720, and the board covers at least 70% of the window."""

from __future__ import annotations

import random
import warnings

import pygame
import pytest

from weather_tabletop import games
from weather_tabletop.settings import Settings
from weather_tabletop.ui import screenshot
from weather_tabletop.ui.session import Session
from weather_tabletop.ui.table_layout import Panels, layout
from weather_tabletop.ui.theme import CARD_TEXT_PX, MIN_TEXT_PX, Drawn, effective_scale

SIZES = [(1280, 720), (1920, 1080), (2560, 1440)]
SCALES = [1.0, 1.5]
GAMES = ["meteo", "machines-to-the-sky", "weather-machine"]
SCENES = ["menu", "setup", "rules", "settings", "load", "demos", "about"]
PLAYERS = {"meteo": 3, "machines-to-the-sky": 3, "weather-machine": 4}
SEED = 5


def _late(game_id: str) -> int:
    """Commands into the game's last round: ten before the end of a random game."""
    config = screenshot._config(game_id, PLAYERS[game_id], SEED, {})
    session = Session.in_memory(games.get(game_id), config)
    return max(0, screenshot.play_random(session.match, random.Random(SEED), None) - 10)


POSITIONS = {g: None for g in GAMES}  # steps: early, middle, late (worked out once)


def positions(game_id: str) -> list[int]:
    if POSITIONS[game_id] is None:
        late = _late(game_id)
        POSITIONS[game_id] = [min(12, late), late // 2, late]
    return POSITIONS[game_id]


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"{round(s * 100)}%")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", ["scores", "privacy"])
@pytest.mark.parametrize("game", GAMES)
def test_game_scene_fits(game, scene, size, scale):
    """The final scores (every category named whole) and the privacy screen of each game."""
    _app, drawn, clipped = _render(scene, size, scale, game, 30)
    assert not clipped, clipped
    assert not _problems(drawn, size, scale)


def _render(scene: str, size, scale: float, game: str | None = None, steps: int = 0,
            step_help: bool = False, players: int | None = None, language: str = "en"):
    """The app showing ``scene``, drawn once with text recording on; (app, drawn, warnings)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        seats = players if players is not None else PLAYERS.get(game or "", None)
        app = screenshot.build_app(scene, size, game, seats, SEED, steps,
                                   {}, Settings(ui_scale=scale, step_help=step_help,
                                                language=language))
        app.text.recording = drawn = []
        if app.top is not None:  # built again with recording on: every text is drawn afresh
            app.top.close()
            app.top.open()
        for _ in range(3):
            app.manager.update(0.05)
            app.top.update(0.0)
        screenshot.set_frame_deadline(None)
        app.render(app.window)
        app.text.recording = None
    clipped = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    return app, drawn, clipped


def _problems(drawn: list[Drawn], size, scale: float) -> list[str]:
    out = []
    for d in drawn:
        if not d.box.inflate(2, 2).contains(d.rect):
            out.append(f"{d.text!r} at {d.rect} leaves its box {d.box}")
        # a card's own text (its declared floor, theme.CARD_TEXT_PX) may be smaller
        card = d.floor == CARD_TEXT_PX and d.size >= CARD_TEXT_PX
        if size == (1280, 720) and d.size < MIN_TEXT_PX and not card:
            out.append(f"{d.text!r} is {d.size} px")
    seen: dict[tuple, Drawn] = {}
    unique = []
    for d in drawn:  # the same text drawn again in the same place (a layer redrawn) is one
        key = (id(d.surface), tuple(d.rect), d.text)
        if key not in seen:
            seen[key] = d
            unique.append(d)
    for i, a in enumerate(unique):
        for b in unique[i + 1:]:
            if a.surface is b.surface and a.rect.inflate(-2, -2).colliderect(b.rect.inflate(-2, -2)):
                out.append(f"{a.text!r} {a.rect} overlaps {b.text!r} {b.rect}")
    return out


@pytest.mark.parametrize("scale", SCALES + [1.25, 2.0], ids=lambda s: f"{round(s * 100)}%")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", SCENES)
def test_scene_fits(scene, size, scale):
    """The app's own scenes at every UI scale Settings offers from 100% to 200%."""
    _app, drawn, clipped = _render(scene, size, scale)
    assert not clipped, clipped
    assert not _problems(drawn, size, scale)


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"{round(s * 100)}%")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("when", [0, 1, 2], ids=["early", "middle", "late"])
@pytest.mark.parametrize("game", GAMES)
def test_table_fits(game, when, size, scale):
    steps = positions(game)[when]
    app, drawn, clipped = _render("table", size, scale, game, steps)
    table = app.top
    assert not clipped, clipped
    problems = _problems(drawn, size, scale)
    assert not problems, problems[:10]
    board = table.board_rect()
    assert board.w * board.h >= 0.70 * size[0] * size[1]
    # the board's own texts go through the fitting too (else the checks above skip them)
    app.text.recording = on_board = []
    table.view.resize(board)
    screenshot.set_frame_deadline(None)
    table.view.draw(pygame.Surface(app.size), table.view_state, table.viewer)
    app.text.recording = None
    assert len(on_board) >= 10
    problems = _problems(on_board, size, scale)
    assert not problems, problems[:10]


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5, 2.0])
@pytest.mark.parametrize("size", SIZES + [(1366, 768), (1600, 900)], ids=str)
@pytest.mark.parametrize("column", [True, False])
def test_board_covers_most_of_the_window(size, scale, column):
    """The board is the largest thing on the table: at least 70% of the window with the side
    column open, at every UI scale Settings offers from 100% to 200%."""
    lay = layout(size, effective_scale(size, scale), Panels(column), 5)
    board = lay.board
    assert board.w * board.h >= 0.70 * size[0] * size[1]
    assert not board.colliderect(lay.column) and not board.colliderect(lay.banner)
    for rect in list(lay.headers.values()) + list(lay.bodies.values()):
        assert lay.column.contains(rect)
    assert all(b.h > 0 for b in lay.bodies.values())


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"{round(s * 100)}%")
@pytest.mark.parametrize("game", GAMES)
def test_step_help_takes_a_strip_from_the_board_and_covers_nothing(game, scale):
    """Issue 14's one line of help under the banner: while it shows, the board is below it."""
    app, drawn, clipped = _render("table", (1280, 720), scale, game, 0, step_help=True)
    table = app.top
    assert not clipped
    assert table._hint is not None and table.lay.hint.h > 0
    assert not table.lay.hint.colliderect(table.lay.board)
    assert table.lay.banner.bottom <= table.lay.hint.y
    assert not _problems(drawn, (1280, 720), scale)


def test_folded_panels_give_their_room_to_the_others():
    size = (1280, 720)
    full = layout(size, 1.0, Panels(), 5)
    folded = layout(size, 1.0, Panels(True, ("actions",)), 5)
    assert folded.bodies["actions"].h > full.bodies["actions"].h
    assert set(folded.bodies) == {"actions"} and set(folded.headers) == {"actions", "scores", "log"}
    strip = layout(size, 1.0, Panels(False), 5)
    assert strip.board.w > full.board.w and strip.column.w < 40


def test_panel_states_read_back_safely():
    assert Panels.from_json({"column": False, "open": ["log"]}) == Panels(False, ("log",))
    for bad in (None, [], {"column": "no"}, {"open": "log"}, 7):
        assert Panels.from_json(bad) == Panels()
    assert Panels().toggled("scores").toggled("scores") == Panels()
