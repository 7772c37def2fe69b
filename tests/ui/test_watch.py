"""Issue 16: a game open in another window is followed here read-only: the table says so, refuses
moves with the reason, and shows the moves the other window makes."""

from __future__ import annotations

from tests.support.play import config, random_step
from tests.support.tally import GAME
from weather_tabletop import i18n
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.storage import SavedGame


def test_a_second_window_watches_and_follows_the_first(app, tmp_path):
    from weather_tabletop.ui.scenes.table import TableScene, open_saved_game

    first = SavedGame.create(GAME, config(GAME, 2, seed=6, pile=100000), tmp_path)
    rng = RandomPlayer(6)
    random_step(GAME, first, rng)
    assert open_saved_game(app, first.path) is None
    scene = app.top
    assert isinstance(scene, TableScene) and scene.session.watching == first.path
    app.tick(0.02)
    assert scene.banner["turn"].text.startswith(i18n.tr("table.watching_banner", what="")[:8])
    assert "another window" in scene.message
    assert scene.legal == []
    seat = first.match.to_act()[0]
    reason = scene.submit(first.match.legal(seat)[0])
    assert reason == i18n.tr("table.watching_only")
    version = scene.session.version
    random_step(GAME, first, rng)  # the other window plays on
    scene._followed = 0.0
    app.tick(0.02)
    assert scene.session.version == version + 1 == first.match.version
    assert scene.session.match.state == first.match.state
    first.close()
