"""The final scores' headline names the winner; when no player beats Machines To The Sky's Automa
(solo), it says the Automa won instead of nothing."""

from __future__ import annotations

from tests.support.play import config, random_step
from weather_tabletop import games
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.match import Match
from weather_tabletop.i18n import tr


def test_the_automa_winning_is_the_headline(app):
    from weather_tabletop.ui.scenes.scores import ScoresScene
    from weather_tabletop.ui.session import Session

    game = games.get("machines-to-the-sky")
    match = Match.start(game, config(game, 1, seed=3, red_cards=6))
    rng = RandomPlayer(3)
    while not match.is_over():
        random_step(game, match, rng)
    scene = ScoresScene(app, Session(match))
    assert [line.rank for line, _ in scene.lines] == [2]  # a random player never reaches it
    assert scene.headline() == tr("mtts.automa_wins") != ""
