"""Issue 18: layouts hold in Traditional Chinese. The app's scenes and each game's table (its
texts stay English until the game's catalogue is translated) at 1280x720 and 1920x1080 with the
language set to zh-TW: pygame_gui reports no label too small for its text, every text fitted by
the views lies inside its box, nothing overlaps, nothing is under 12 px at 1280x720."""

from __future__ import annotations


import pytest

from tests.ui.test_layout import GAMES, _problems
from tests.ui.test_layout import _render as _layout_render
from weather_tabletop import i18n

SIZES = [(1280, 720), (1920, 1080)]
SCENES = ["menu", "setup", "settings", "load", "demos", "about", "rules"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _render(scene: str, size, game: str | None = None, steps: int = 0):
    """The layout test's render, in Traditional Chinese."""
    out = _layout_render(scene, size, 1.0, game, steps, language="zh-TW")
    assert i18n.language() == "zh-TW"
    return out


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
