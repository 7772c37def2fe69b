"""The Weather Machine table with real mouse events: the Scientist dragged to a lit action space,
a Workshop tile dragged from the offer into the Workshop and placed, illegal drops refused with
the rules' reason, tooltips, and drawing at two sizes through a random game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui.helpers import drag, mouse, post  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402
from weather_tabletop.engine.protocol import GameConfig, SeatConfig  # noqa: E402
from weather_tabletop.games.weather_machine import commands as C  # noqa: E402
from weather_tabletop.games.weather_machine.rules import GAME  # noqa: E402
from weather_tabletop.games.weather_machine.view import WeatherMachineView  # noqa: E402
from weather_tabletop.ui.scenes.table import TableScene  # noqa: E402
from weather_tabletop.ui.session import Session  # noqa: E402


def wm_config(players: int = 2, seed: int = 3) -> GameConfig:
    names, colours = ("Ada", "Ben", "Cleo", "Dev"), ("red", "blue", "yellow", "purple")
    return GameConfig(GAME.id, tuple(SeatConfig(names[i], colours[i]) for i in range(players)), (), seed)


def random_states(players: int, seed: int, points: tuple[int, ...]):
    """States of a random game after each number of commands in ``points``."""
    match = Match.start(GAME, wm_config(players, seed))
    rng = random.Random(seed)
    played = 0
    for stop in points:
        while played < stop and not match.is_over():
            seat = match.to_act()[0]
            match.submit(rng.choice(match.legal(seat)))
            played += 1
        yield match


def test_draws_at_two_sizes_through_a_random_game():
    pygame.init()
    surf = pygame.Surface((1920, 1080))
    for players in (2, 4):
        view = WeatherMachineView(GAME, pygame.Rect(10, 10, 594, 588))
        for match in random_states(players, 11, (0, 40, 150, 400)):
            for rect in (pygame.Rect(10, 10, 594, 588), pygame.Rect(471, 117, 891, 882)):
                view.resize(rect)
                seat = match.to_act()[0] if match.to_act() else 0
                state = GAME.view(match.state, seat)
                view.draw(surf, state, seat)
                assert view.pieces(state, seat)
                assert all(rect.contains(p.shape if isinstance(p.shape, pygame.Rect) else p.shape.bounds)
                           for p in view.pieces(state, seat))
                assert view.tooltip_at(view._spaces[("act", 2, 1)].center, state)
