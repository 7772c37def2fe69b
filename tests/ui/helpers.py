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


__all__ = ["config", "post", "mouse", "key", "drag", "tally"]
