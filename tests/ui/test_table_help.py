"""Issue 14 at the table: "?" and F1 open the guide at the step being played; the first time a
person meets a step, one line of help shows under the banner (Settings: Show step help)."""

from __future__ import annotations

import dataclasses

import pygame

from tests.ui.helpers import key, mouse, open_table, post
from weather_tabletop import games, guide
from weather_tabletop.engine.protocol import GameConfig, SeatConfig
from weather_tabletop.ui.guide_view import step_of
from weather_tabletop.ui.scenes.rules import RulesScene

GAME = games.get("meteo")


def meteo(app):
    config = GameConfig("meteo", (SeatConfig("Ada", "red"), SeatConfig("Ben", "yellow")), (), 5)
    return open_table(app, GAME, config)


def test_f1_opens_the_guide_at_the_section_for_the_step_being_played(app):
    scene = meteo(app)
    section = guide.load("meteo").for_step(step_of("meteo", scene.view_state))
    assert section is not None
    post(app, key(pygame.K_F1))
    assert isinstance(app.top, RulesScene) and app.top.view is not None
    assert app.top.view.current() == section.id
    post(app, key(pygame.K_ESCAPE))
    assert app.top is scene


def test_the_question_mark_button_does_the_same(app):
    scene = meteo(app)
    button = scene.w["help"]
    assert button.text == "?" and scene.lay.banner.contains(button.rect)
    scene._button(button)
    assert isinstance(app.top, RulesScene)


def test_a_step_met_for_the_first_time_is_explained_once(app):
    scene = meteo(app)
    section = guide.load("meteo").for_step(step_of("meteo", scene.view_state))
    assert scene._hint is not None and section.hint in scene._hint[1]
    rect = scene._hint_rect()
    assert rect is not None and not scene.lay.board.colliderect(rect) and rect == scene.lay.hint
    post(app, mouse(pygame.MOUSEBUTTONDOWN, rect.center), mouse(pygame.MOUSEBUTTONUP, rect.center))
    assert scene._hint is None
    scene.refresh()  # the same step again: not explained twice
    assert scene._hint is None


def test_step_help_can_be_turned_off(app):
    app.settings = dataclasses.replace(app.settings, step_help=False)
    scene = meteo(app)
    assert scene._hint is None and scene._hint_rect() is None


def test_f1_over_a_location_opens_its_section_and_its_tooltip_says_so(app):
    """Weather Machine: tooltips on board locations end with "F1: rules for this"."""
    from tests.support.play import config as game_config
    from weather_tabletop.games.weather_machine.view_layout import PANELS

    wm = games.get("weather-machine")
    scene = open_table(app, wm, game_config(wm, 2, seed=3))
    supply = scene.view._abs(scene.view.L.r(*PANELS[1]))  # Location 1: the Supply
    spot = next((x, y) for x in range(supply.x + 4, supply.right - 4, 6)
                for y in range(supply.y + 4, supply.bottom - 4, 6)
                if scene.view.tooltip_at((x, y), scene.view_state))
    post(app, mouse(pygame.MOUSEMOTION, spot))
    assert scene.tooltip is not None and scene.tooltip[0].endswith("F1: rules for this")
    post(app, key(pygame.K_F1))
    assert isinstance(app.top, RulesScene) and app.top.view.current() == "supply"


def test_f1_over_the_die_opens_the_wind_and_over_the_ark_track_its_section(app):
    """Meteo and Machines To The Sky name the parts of their boards too."""
    from tests.support.play import config as game_config

    scene = meteo(app)
    die = scene.view._arect(scene.view.L.die_area).center
    assert scene._topic_at(die) == "make-wind"
    mtts = games.get("machines-to-the-sky")
    scene = open_table(app, mtts, game_config(mtts, 2, seed=3))
    view = scene.view
    from weather_tabletop.games.machines_to_the_sky.view import ARK, BOARD

    ark = view.R(0, ARK[0], BOARD[0], ARK[1]).move(view.rect.topleft).center
    assert scene._topic_at(ark) == "ark-track"
    scene.mouse = ark
    post(app, key(pygame.K_F1))
    assert isinstance(app.top, RulesScene) and app.top.view.current() == "ark-track"


def test_a_person_meets_a_steps_help_once_across_games(app):
    """The first time a person meets a step in a game: the next saved game does not explain it
    again to the same person (remembered by name)."""
    from weather_tabletop.ui.scenes.table import TableScene
    from weather_tabletop.ui.session import Session

    config = GameConfig("meteo", (SeatConfig("Ada", "red"), SeatConfig("Ben", "yellow")), (), 5)
    shown = []
    for _ in range(2):
        scene = TableScene(app, Session.new_saved(GAME, config), privacy=False)
        app.push(scene)
        post(app)
        shown.append(scene._hint is not None)
        app.home()
    assert shown == [True, False]
