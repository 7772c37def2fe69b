"""Issue 18: layouts hold in Traditional Chinese. The app's scenes and each game's table (its
texts stay English until the game's catalogue is translated) at 1280x720 and 1920x1080 with the
language set to zh-TW: pygame_gui reports no label too small for its text, every text fitted by
the views lies inside its box, nothing overlaps, nothing is under 12 px at 1280x720."""

from __future__ import annotations

import warnings

import pytest

from tests.ui.test_layout import GAMES, PLAYERS, SEED, _problems
from weather_tabletop import i18n
from weather_tabletop.settings import Settings
from weather_tabletop.ui import screenshot

SIZES = [(1280, 720), (1920, 1080)]
SCENES = ["menu", "setup", "settings", "load", "demos", "about", "rules"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _render(scene: str, size, game: str | None = None, steps: int = 0):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = screenshot.build_app(scene, size, game, PLAYERS.get(game or ""), SEED, steps, {},
                                   Settings(language="zh-TW", step_help=False))
        assert i18n.language() == "zh-TW"
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


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", SCENES)
def test_scene_fits_in_zh_tw(scene, size):
    _app, drawn, clipped = _render(scene, size)
    assert not clipped, clipped
    problems = _problems(drawn, size, 1.0)
    assert not problems, problems[:10]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
def test_table_fits_in_zh_tw(game, size):
    app, drawn, clipped = _render("table", size, game, 12)
    assert not clipped, clipped
    problems = _problems(drawn, size, 1.0)
    assert not problems, problems[:10]
    assert app.top.w["undo"].text == "復原"
