"""Helpers for driving the app with real pygame events."""

from __future__ import annotations

import pygame

from tests.support import tally
from weather_tabletop.engine.protocol import GameConfig, SeatConfig


def config(*kinds: str, pile: int = 30, seed: int = 7) -> GameConfig:
    names = ("Ada", "Ben", "Cleo", "Dev")
    colours = ("red", "blue", "green", "yellow")
    seats = tuple(SeatConfig(names[i], colours[i], kind) for i, kind in enumerate(kinds))
    return GameConfig("tally", seats, (("pile", pile),), seed)


def post(app, *events: pygame.event.Event, frames: int = 1) -> None:
    """Post events and run frames so the app handles them."""
    for e in events:
        pygame.event.post(e)
    for _ in range(frames):
        app.tick(1 / 60)


def mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0),
                                  touch=False)
    return pygame.event.Event(kind, pos=pos, button=1, touch=False)


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def drag(app, start: tuple[int, int], end: tuple[int, int]) -> None:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    post(app, mouse(pygame.MOUSEBUTTONDOWN, start), mouse(pygame.MOUSEMOTION, mid),
         mouse(pygame.MOUSEMOTION, end), mouse(pygame.MOUSEBUTTONUP, end))


__all__ = ["config", "post", "mouse", "key", "drag", "tally", "open_table", "piece", "target"]


def open_table(app, game, config):
    """An in-memory game of ``game`` at the table (no privacy screen), drawn once."""
    from weather_tabletop.ui.scenes.table import TableScene
    from weather_tabletop.ui.session import Session

    scene = TableScene(app, Session.in_memory(game, config), privacy=False)
    app.push(scene)
    post(app)
    return scene


def piece(scene, key):
    """The board piece with ``key`` as the table's view offers it now."""
    return next(p for p in scene.view.pieces(scene.view_state, scene.viewer) if p.key == key)


def target(scene, key, command) -> tuple[int, int]:
    """Where to drop the piece ``key`` so that it plays ``command``."""
    shape = next(s for s, c in scene.view.drop_targets(piece(scene, key), scene.legal) if c == command)
    return shape.center
