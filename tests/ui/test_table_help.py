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
