"""Issue 28: a save damaged in its middle is never lost whole. Opened from the saved-games list,
it says why it cannot be continued and offers "Continue from move N", which writes the good
moves as a new file and continues that game at the table; the damaged file is left as it was."""

from __future__ import annotations

import random

import pytest

from tests.ui.test_saves_columns import _save
from weather_tabletop import paths
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.settings import Settings

pytestmark = pytest.mark.usefixtures("english")


def _damaged() -> tuple:
    path = _save("meteo", ["Ada", "Ben"], 60, 5)
    data = bytearray(path.read_bytes())
    lines = bytes(data).split(b"\n")
    data[sum(len(line) + 1 for line in lines[:len(lines) // 2]) + 9] ^= 0x04
    path.write_bytes(bytes(data))
    return path, bytes(data)


def test_a_save_damaged_in_its_middle_offers_its_good_moves_and_plays_on(tmp_path):
    from weather_tabletop.ui.app import App
    from weather_tabletop.ui.scenes import saves
    from weather_tabletop.ui.scenes.table import TableScene

    path, damaged = _damaged()
    app = App((1280, 720), settings=Settings(animation_speed="off"))
    scene = saves.SavesScene(app)
    app.push(scene)
    (row,) = [i for i, info in enumerate(scene.infos) if info.path == path]
    scene.act("open", row)
    assert app.top is scene  # not continued: it is damaged
    info = scene.infos[row]
    assert info.problem and info.recoverable and info.recoverable > 0
    buttons = [b for b, (what, _i) in scene.actions.items() if what == "recover"]
    assert buttons and str(info.recoverable) in buttons[0].text
    scene.act("recover", row)
    assert isinstance(app.top, TableScene)
    assert path.read_bytes() == damaged  # never changed
    recovered = app.top.session.path
    assert recovered != path and recovered.parent == paths.saves_dir()
    commands = sum(1 for g in SavedGame.replay(recovered).match.active if g.kind == "command")
    assert commands == info.recoverable
