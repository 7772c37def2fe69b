"""Time from a click to the first drawn frame of the screens issue 27 found slow.

    python bench/screen_open.py [--size 1280x720] [--runs 5] [--profile WHAT]

In the real app (SDL's dummy video driver), each measure is the wall time of what the click
does (the menu's or the table's handler) plus the next ``App.tick``, which draws the new
screen:

- New game: the main menu's New game, up to the setup screen's first frame;
- "?": the table's help button, up to the rules guide's first frame;
- setup, player count: choosing another player count in the setup (the page is built again);
- setup, solo: choosing 1 player for Machines To The Sky (the solo options come).

Each is measured ``--runs`` times (the first open of a process separately: it loads what later
opens reuse) and the median printed. ``--warm-up`` first lets the app's start-up import
(``ui.app.warm_up``, run while the menu waits for its first click) finish, as it has when a
person clicks a second or more after the menu shows. ``--profile new|help|players|solo`` prints the cProfile of
one open instead.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["WEATHER_TABLETOP_HOME"] = tempfile.mkdtemp(prefix="wt-screen-open-")

FRAME = 1 / 60


def make_app(size: tuple[int, int]):
    from weather_tabletop.settings import Settings
    from weather_tabletop.ui.app import App

    app = App(size, settings=replace(Settings(), animation_speed="off"))
    app.home()
    app.tick(FRAME)
    return app


def timed(app, click: Callable[[], None]) -> float:
    t0 = time.perf_counter()
    click()
    app.tick(FRAME)
    return time.perf_counter() - t0


def new_game(app) -> Callable[[], None]:
    """From the menu: the click on New game."""
    app.home()
    app.tick(FRAME)
    return lambda: app.top.choose("new")


def setup_at(app, game_id: str, players: int):
    from weather_tabletop.ui.scenes.setup import SetupScene

    app.home()
    app.push(SetupScene(app, game_id, players))
    app.tick(FRAME)
    setup = app.top
    setup.choose_game(game_id)
    setup.players = players
    setup._fit_seats()
    setup.close()
    setup.open()
    app.tick(FRAME)
    return setup


def choose_players(app, game_id: str, players: int, to: int) -> Callable[[], None]:
    """In the setup: the click that picks ``to`` players in the player-count drop-down."""
    import pygame
    import pygame_gui

    setup = setup_at(app, game_id, players)
    element = next(e for e, (kind, _a) in setup.controls.items() if kind == "players")

    def click() -> None:
        event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=element,
                                   text=str(to), selected_option_id=str(to))
        setup.handle(event)

    return click


def help_button(app) -> Callable[[], None]:
    """At a table (an in-memory Weather Machine game of two people): the "?" button."""
    from weather_tabletop import games
    from weather_tabletop.engine.protocol import GameConfig, SeatConfig
    from weather_tabletop.ui.scenes.table import TableScene
    from weather_tabletop.ui.session import Session

    game = games.get("weather-machine")
    seats = tuple(SeatConfig(n, c.key, "person") for n, c in zip(("Ada", "Ben"), game.colours))
    config = GameConfig(game.id, seats, (), 7)
    app.home()
    table = TableScene(app, Session.in_memory(game, config), privacy=False)
    app.push(table)
    for _ in range(3):
        app.tick(FRAME)
    return lambda: table.open_help()


CASES: dict[str, tuple[str, Callable]] = {
    "new": ("New game (menu to setup)", new_game),
    "help": ('"?" at the table (to the rules guide)', help_button),
    "players": ("setup: 2 to 3 players (Weather Machine)",
                lambda app: choose_players(app, "weather-machine", 2, 3)),
    "solo": ("setup: solo (Machines To The Sky, 2 to 1 player)",
             lambda app: choose_players(app, "machines-to-the-sky", 2, 1)),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", choices=sorted(CASES))
    parser.add_argument("--warm-up", action="store_true")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.lower().split("x"))
    app = make_app(size)  # type: ignore[arg-type]
    if args.warm_up:
        from weather_tabletop.ui.app import warm_up

        warm_up().join()
    if args.profile:
        click = CASES[args.profile][1](app)
        prof = cProfile.Profile()
        prof.enable()
        timed(app, click)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(35)
        return
    print(f"Size {args.size}{', after the warm-up' if args.warm_up else ''}; seconds from the "
          "click to the first frame drawn\n")
    print("| screen | first open | median of later opens |")
    print("|---|---:|---:|")
    for title, prepare in CASES.values():
        times = [timed(app, prepare(app)) for _ in range(args.runs + 1)]
        print(f"| {title} | {times[0]:.2f} | {statistics.median(times[1:]):.2f} |", flush=True)


if __name__ == "__main__":
    main()
