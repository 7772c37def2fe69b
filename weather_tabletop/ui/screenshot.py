"""Off-screen pictures of any scene, for the CLI's ``screenshot`` command and the UI tests.

Games are played in memory (no save file): ``steps`` commands chosen at random from the legal
ones with ``random.Random(seed)`` for the table, or to the end for the scores.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame

from .. import games
from ..engine.protocol import GameConfig, SeatConfig, default_colours, options_dict
from ..settings import Settings
from .table_view import set_frame_deadline

SCENES = ("menu", "setup", "table", "scores", "rules", "settings", "load", "demos", "privacy",
          "about")
NEEDS_GAME = ("table", "scores", "privacy")
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")
MAX_COMMANDS = 20000


def _config(game_id: str, players: int | None, seed: int, options: dict[str, str]) -> GameConfig:
    game = games.get(game_id)
    n = players if players is not None else max(game.min_players, min(2, game.max_players))
    if not game.min_players <= n <= game.max_players:
        raise ValueError(f"{game_id} takes {game.min_players} to {game.max_players} players (got {n})")
    opts = options_dict(game, options)
    seats = tuple(SeatConfig(NAMES[i % len(NAMES)], key)
                  for i, key in enumerate(default_colours(game, n)))
    return GameConfig(game_id, seats, tuple(sorted(opts.items())), seed)


def play_random(match, rng: random.Random, steps: int | None) -> int:
    """Play ``steps`` random legal commands (None: to the end); the number played."""
    played = 0
    while not match.is_over() and (steps is None or played < steps):
        if played >= MAX_COMMANDS:
            raise ValueError(f"the game did not end within {MAX_COMMANDS} random commands")
        seats = match.to_act()
        seat = rng.choice(seats)
        legal = match.legal(seat)
        if not legal:
            raise ValueError(f"seat {seat} is to act but has no legal command")
        match.submit(rng.choice(legal))
        played += 1
    return played


def _check(scene: str, size: tuple[int, int], game: str | None, steps: int) -> None:
    if scene not in SCENES:
        raise ValueError(f"unknown scene {scene!r}; scenes: {', '.join(SCENES)}")
    if len(size) != 2 or not all(isinstance(v, int) and 16 <= v <= 8192 for v in size):
        raise ValueError(f"size must be two whole numbers between 16 and 8192 (got {size!r})")
    if scene in NEEDS_GAME and not game:
        raise ValueError(f"the {scene} scene needs a game (--game); games: "
                         f"{', '.join(games.available()) or 'none'}")
    if game is not None and game not in games.available():
        raise ValueError(f"unknown game {game!r}; games: {', '.join(games.available()) or 'none'}")
    if steps < 0:
        raise ValueError("steps cannot be negative")


def build_app(scene: str, size: tuple[int, int], game: str | None, players: int | None, seed: int,
              steps: int, options: dict[str, str], settings: Settings | None = None):
    """An :class:`App` showing ``scene`` (checked arguments; raises ValueError)."""
    _check(scene, size, game, steps)
    config = _config(game, players, seed, options) if game else None
    if "SDL_VIDEODRIVER" not in os.environ and not pygame.display.get_init():
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    from .app import App
    from .scenes.menu import MenuScene
    from .scenes.privacy import PrivacyScene
    from .scenes.rules import RulesScene
    from .scenes.saves import SavesScene
    from .scenes.scores import ScoresScene
    from .scenes.settings_scene import SettingsScene
    from .scenes.setup import SetupScene
    from .scenes.table import TableScene
    from .session import Session

    app = App(size, settings=settings or Settings())
    app.push(MenuScene(app))
    if scene == "setup":
        app.push(SetupScene(app, game, players))
    elif scene == "rules":
        app.push(RulesScene(app, game))
    elif scene == "settings":
        app.push(SettingsScene(app))
    elif scene == "about":
        from .scenes.about import AboutScene

        app.push(AboutScene(app))
    elif scene in ("load", "demos"):
        app.push(SavesScene(app, demos=scene == "demos"))
    elif scene in NEEDS_GAME:
        session = Session.in_memory(games.get(game), config)
        play_random(session.match, random.Random(seed), None if scene == "scores" else steps)
        table = TableScene(app, session, privacy=False)
        app.push(table)
        if scene == "scores":
            app.push(ScoresScene(app, session))
        elif scene == "privacy":
            acting = session.match.to_act()
            app.push(PrivacyScene(app, table, acting[0] if acting else 0))
    return app


def render(scene: str, out: Path, size: tuple[int, int], game: str | None, players: int | None,
           seed: int, steps: int, options: dict[str, str], settings: Settings | None = None) -> None:
    """Render ``scene`` off-screen at ``size`` and write a PNG to ``out``."""
    app = build_app(scene, tuple(size), game, players, seed, steps, dict(options or {}), settings)
    for _ in range(3):  # let pygame_gui finish laying out lists and text boxes
        app.manager.update(0.05)
        if app.top is not None:
            app.top.update(0.0)
    set_frame_deadline(None)  # a picture shows everything: no work is left for later frames
    app.render(app.window)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, str(out))
