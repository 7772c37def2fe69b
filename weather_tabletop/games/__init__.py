"""The games the app knows, imported on first use.

``RULES`` maps a game id to the object implementing the engine protocol; ``VIEWS`` to the pygame
table view. Rules modules never import pygame, so simulate and verify stay headless.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..engine.protocol import Game

RULES: dict[str, str] = {}
RULES["weather-machine"] = "weather_tabletop.games.weather_machine.rules:GAME"
RULES["machines-to-the-sky"] = "weather_tabletop.games.machines_to_the_sky.rules:GAME"
RULES["meteo"] = "weather_tabletop.games.meteo.rules:GAME"
VIEWS: dict[str, str] = {}
VIEWS["weather-machine"] = "weather_tabletop.games.weather_machine.view:WeatherMachineView"
VIEWS["machines-to-the-sky"] = "weather_tabletop.games.machines_to_the_sky.view:MachinesView"
VIEWS["meteo"] = "weather_tabletop.games.meteo.view:MeteoView"
#: each game's title (its ``title``, a catalogue key), so a list of the games (the setup's and
#: the rules' game pickers) need not import every game's rules (issue 27: seconds on a loaded
#: machine); tests check these against the games' own titles
TITLES: dict[str, str] = {"weather-machine": "Weather Machine",
                          "machines-to-the-sky": "Machines To The Sky", "meteo": "Meteo"}
_registered: dict[str, Game] = {}


class UnknownGame(LookupError):
    def __init__(self, name: str) -> None:
        known = ", ".join(available()) or "none yet"
        super().__init__(f"unknown game {name!r}; games: {known}")


def available() -> list[str]:
    return sorted(set(RULES) | set(_registered))


def register(game: Game, view: str | None = None) -> None:
    """Add a game object at run time (the test-only game uses this)."""
    _registered[game.id] = game
    if view:
        VIEWS[game.id] = view


def unregister(game_id: str) -> None:
    _registered.pop(game_id, None)
    VIEWS.pop(game_id, None)


def get(name: str) -> Game:
    if name in _registered:
        return _registered[name]
    if name not in RULES:
        raise UnknownGame(name)
    return _load(RULES[name])


def title(name: str) -> str:
    """The title of game ``name`` (a catalogue key), without importing its rules when known."""
    if name in _registered:
        return _registered[name].title
    if name in TITLES:
        return TITLES[name]
    return get(name).title


def view_class(name: str) -> Any | None:
    """The table view class of a game, or None to use the generic table."""
    return _load(VIEWS[name]) if name in VIEWS else None


def _load(path: str) -> Any:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)
