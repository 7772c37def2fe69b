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


def test_many_categories_at_a_large_ui_scale_scroll_above_the_total(app):
    """Weather Machine's eleven categories at 1280x720 and UI scale 150%: the rows that fit,
    with ▲ ▼ (and the wheel) to scroll the others; the total, the notes and the buttons stay on
    the page and nothing lies under the buttons."""
    import dataclasses

    import pygame
    import pygame_gui

    from weather_tabletop.ui.scenes.scores import ScoresScene
    from weather_tabletop.ui.session import Session

    app.apply_settings(dataclasses.replace(app.settings, ui_scale=1.5))
    game = games.get("weather-machine")
    match = Match.start(game, config(game, 4, seed=3))
    rng = RandomPlayer(3)
    while not match.is_over():
        random_step(game, match, rng)
    scene = ScoresScene(app, Session(match))
    app.push(scene)
    app.tick(0.02)
    labels = [e for e in scene.root.elements if isinstance(e, pygame_gui.elements.UILabel)]
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(e.rect) for e in labels)
    for button in (scene.back, scene.menu):
        assert not [e.text for e in labels if e.rect.colliderect(button.rect)]
    shown = [e.text for e in labels]
    assert tr("scores.total") in shown
    assert scene._arrows, "eleven categories do not fit at 150%: they scroll"
    first = scene._first
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene._first == first + 1
    assert [e.text for e in scene.root.elements
            if isinstance(e, pygame_gui.elements.UILabel)] != shown
