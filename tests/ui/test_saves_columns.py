"""Issue 27: the saved-games and demo lists show what a player knows a game by (the game, a
name they gave it, the players with their levels in player words, the progress, the date),
never a file name, never "greedy"; and every column reads whole at 1280x720 and 1920x1080,
UI scale 100% and 150% (the columns were cut even at 1920 wide)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pygame_gui
import pytest

from weather_tabletop import games, i18n, paths
from weather_tabletop.engine.protocol import SeatConfig, default_colours
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.settings import Settings
from weather_tabletop.ui.screenshot import play_random

DEMOS = Path(__file__).resolve().parents[2] / "saves"
SIZES = [((1280, 720), 1.0), ((1280, 720), 1.5), ((1920, 1080), 1.0), ((1920, 1080), 1.5)]

pytestmark = pytest.mark.usefixtures("english")


def _save(game_id: str, names: list[str], steps: int, seed: int) -> Path:
    game = games.get(game_id)
    seats = tuple(SeatConfig(name, colour, "person" if i == 0 else "computer", "normal")
                  for i, (name, colour) in enumerate(zip(names, default_colours(game, len(names)))))
    from weather_tabletop.ui.session import new_config

    config = new_config(game_id, list(seats), {}, seed)
    saved = SavedGame.create(game, config, paths.ensure(paths.saves_dir()))
    play_random(saved.match, random.Random(seed), steps)
    saved.close()
    return saved.path


def _some_saves() -> list[Path]:
    made = [_save("meteo", ["Alexandra", "Bartholomew", "Cleopatra", "Dev"], 40, 3),
            _save("weather-machine", ["Maximiliano", "Ben", "Cleo"], 30, 4),
            _save("machines-to-the-sky", ["Ada"], 10, 5)]
    renamed = made[2].with_name("Friday night with Ada.wtsave")
    made[2].rename(renamed)
    return made[:2] + [renamed]


def _scene(size, scale, demos: bool, monkeypatch, language: str = "en"):
    from weather_tabletop.ui.app import App
    from weather_tabletop.ui.scenes import saves

    monkeypatch.setattr(saves, "demo_folder", lambda: DEMOS)  # this checkout's demos
    app = App(size, settings=Settings(ui_scale=scale, animation_speed="off", language=language))
    app.text.recording = []
    scene = saves.SavesScene(app, demos=demos)
    app.push(scene)
    app.tick(0.02)
    return app, scene


def _texts(app) -> list[str]:
    return [drawn.text for drawn in app.text.recording]


def _elements(scene, kind) -> list:
    return [e for e in scene.root.elements if isinstance(e, kind)]


def test_the_demo_list_names_no_file_and_no_greedy(monkeypatch):
    app, scene = _scene((1280, 720), 1.0, True, monkeypatch)
    texts = _texts(app)
    assert texts, "the rows' texts are drawn"
    stems = {info.path.stem for info in scene.infos}
    assert len(stems) == 4
    for text in texts:
        assert not any(stem in text for stem in stems), text
        assert "greedy" not in text and ".wtsave" not in text, text
    assert any("(computer, normal)" in text for text in texts)  # the level in player words
    tips = [b.tool_tip_text or "" for b in _elements(scene, pygame_gui.elements.UIButton)]
    assert not any(str(DEMOS) in tip for tip in tips)


def test_a_saved_games_row_shows_a_given_name_but_never_a_file_name(monkeypatch):
    made = _some_saves()
    app, scene = _scene((1280, 720), 1.0, False, monkeypatch)
    texts = _texts(app)
    assert "Friday night with Ada" in texts  # the name the player gave it (Rename)
    for path in made[:2]:
        assert not any(path.stem in text for text in texts), path.stem
    assert {"Meteo", "Weather Machine", "Machines To The Sky"} <= set(texts)


@pytest.mark.parametrize("size,scale", SIZES, ids=[f"{s[0]}x{s[1]}@{int(k * 100)}" for s, k in SIZES])
@pytest.mark.parametrize("demos", [False, True], ids=["saves", "demos"])
def test_every_column_reads_whole(size, scale, demos, monkeypatch):
    if not demos:
        _some_saves()
    app, scene = _scene(size, scale, demos, monkeypatch)
    drawn = app.text.recording
    assert drawn and not [d.text for d in drawn if d.cut]
    from weather_tabletop.ui import widgets

    # rows are panels (drawn by widgets.panel as images of their own kind); texts are images
    images = [i for i in _elements(scene, pygame_gui.elements.UIImage)
              if not isinstance(i, widgets._Panel)]
    buttons = [b.get_abs_rect() for b in _elements(scene, pygame_gui.elements.UIButton)]
    panels = [p.get_abs_rect() for p in _elements(scene, widgets._Panel)]
    assert panels
    window = pygame.Rect((0, 0), size)
    for image in images:
        r = image.get_abs_rect()
        assert window.contains(r)
        assert any(p.contains(r) for p in panels), r  # inside its row
        assert not any(r.colliderect(b) for b in buttons), r
    for a in range(len(images)):
        for b in range(a + 1, len(images)):
            assert not images[a].get_abs_rect().colliderect(images[b].get_abs_rect())


def test_the_progress_of_a_chinese_list_is_whole(monkeypatch):
    """zh-TW: the progress line ("第 4 輪 · …") was cut to "Pl…"; it wraps whole now."""
    _some_saves()
    app, scene = _scene((1280, 720), 1.5, False, monkeypatch, "zh-TW")
    assert i18n.language() == "zh-TW"
    assert not [d.text for d in app.text.recording if d.cut]
    assert any(text.startswith("第") for text in _texts(app)), _texts(app)
