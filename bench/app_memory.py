"""The app's resident memory over many tables and a long stretch of play (issue 27).

    python bench/app_memory.py [--quick] [--size 1280x720] [--tables 20] [--minutes 30]

Drives the real app (``ui.app.App`` on SDL's dummy video driver, its scenes and its frame loop
``App.tick``) the way a player would:

1. **Tables opened and closed**: ``--tables`` times, the main menu's New game, the setup screen
   (a game, a player count, seats), Start, some play at the table, then back to the menu
   (``TableScene.leave``). The three games in turn, every player count they allow (Machines To
   The Sky's solo too). Most tables are all-computer; every third has a person's seat that the
   bench plays through the table's own command path (``TableScene.submit``, what a drop or the
   action list calls), asking a hint (``TableScene.toggle_hints``) on that seat's turns.
2. **Simulated play**: tables of computer seats (and a person's seat played as above) one after
   another until ``--minutes`` of frame time have been simulated. The frame loop runs as fast as
   it goes with a fake clock: each ``App.tick(1/60)`` counts as 1/60 s, and the computer moves'
   pacing is the "off" speed, so the table plays a move as soon as a computer has chosen it.
3. **One review**: a copy of the shipped Machines To The Sky solo demo (in the bench's own home
   folder: a review writes its results beside nothing the app does not own) opened in the
   replay, Review started and polled until it ends (or ``--review-seconds`` pass).

The process's resident set (``/proc/self/statm``; ``resource``'s peak elsewhere) is sampled
after each table closes (after ``gc.collect()``) and every ``--every`` frames of the long play.
The table it prints says the growth after the first table, the figure issue 27 asks to keep
under 10%.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import weakref
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from weather_tabletop import paths  # noqa: E402

#: (game, player count) of the tables opened in turn
TABLES = [("weather-machine", 2), ("meteo", 2), ("machines-to-the-sky", 2),
          ("weather-machine", 3), ("meteo", 3), ("machines-to-the-sky", 1),
          ("weather-machine", 4), ("meteo", 4), ("machines-to-the-sky", 3),
          ("machines-to-the-sky", 4)]
FRAME = 1 / 60


def rss_mb() -> float:
    """The process's resident set now, in MB."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except OSError:  # not Linux: the peak is what the standard library offers
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1e6 if sys.platform == "darwin" else 1e3)


class Bench:
    def __init__(self, size: tuple[int, int], seed: int) -> None:
        from weather_tabletop.settings import Settings
        from weather_tabletop.ui.app import App

        settings = replace(Settings(), animation_speed="off", thinking_seconds=0.5)
        self.app = App(size, settings=settings)
        self.app.home()
        self.app.tick(FRAME)
        self.rng = random.Random(seed)
        self.frames = 0
        self.moves = 0
        self.hints = 0
        self.tables: list[weakref.ref] = []

    def tick(self) -> None:
        self.app.tick(FRAME)
        self.frames += 1

    def open_table(self, game_id: str, players: int, person: bool):
        """New game from the menu, the setup's choices, Start: the table scene."""
        from weather_tabletop.ui.scenes.setup import SetupScene, default_level

        menu = self.app.top
        menu.choose("new")
        setup = self.app.top
        assert isinstance(setup, SetupScene), setup
        self.tick()
        setup.choose_game(game_id)
        setup.players = players
        setup._fit_seats()
        level = "computer:" + default_level(setup.game)
        for i, seat in enumerate(setup.seats):
            seat["kind"] = "person" if (person and i == 0) or players == 1 else level
        setup.close()
        setup.open()
        self.tick()
        setup.start()
        table = self.app.top
        self.tables.append(weakref.ref(table))
        return table

    def play(self, table, frames: int) -> None:
        """Run ``frames`` frames; a person's seat to act plays a random legal command through
        the table (after asking a hint the first time each turn) every 20th frame."""
        from weather_tabletop.ui.scenes.table import TableScene

        asked = -1
        for n in range(frames):
            top = self.app.top
            if top is not table:  # the privacy screen, the final scores: back to the table
                if not isinstance(top, TableScene) and table.session.match.is_over():
                    return
                if hasattr(top, "table") or type(top).__name__ == "PrivacyScene":
                    self.app.pop()
                self.tick()
                continue
            match = table.session.match
            if match.is_over():
                return
            before = match.version
            self.tick()
            if n % 20 == 0 and table.legal and table.viewer is not None \
                    and not table.session.seat_is_computer(table.viewer):
                if asked != match.version and table.hints.hint is None:
                    table.toggle_hints()
                    asked = match.version
                    self.hints += 1
                elif not table.hints.thinking:
                    table.submit(self.rng.choice(table.legal))
            self.moves += max(0, table.session.match.version - before)

    def close_table(self, table) -> None:
        if self.app.top is not table:
            self.app.home()
        else:
            table.leave()
        self.tick()

    def review(self, seconds: float) -> tuple[str, float]:
        """The solo demo's copy in the replay, reviewed; (how it ended, seconds)."""
        from weather_tabletop.ui.scenes.table import open_replay

        copy = paths.ensure(paths.saves_dir()) / "review-bench.wtsave"
        shutil.copyfile(ROOT / "saves" / "mtts-solo-demo.wtsave", copy)
        open_replay(self.app, copy)
        table = self.app.top
        self.tables.append(weakref.ref(table))
        self.tick()
        t0 = time.perf_counter()
        table._start_review()
        while time.perf_counter() - t0 < seconds:
            self.tick()
            if not table.review.running:
                break
        ended = "done" if table.review.review is not None else (
            table.review.failed or "cancelled after the time limit")
        took = time.perf_counter() - t0
        table.leave()
        self.tick()
        return ended, took


def settle() -> float:
    gc.collect()
    return rss_mb()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a smoke test)")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--frames-per-table", type=int, default=600)
    parser.add_argument("--minutes", type=float, default=30.0,
                        help="simulated minutes of play (frames at 1/60 s each)")
    parser.add_argument("--every", type=int, default=6000, help="frames between samples")
    parser.add_argument("--review-seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    if args.quick:
        args.tables, args.frames_per_table, args.minutes = 4, 120, 0.5
        args.every, args.review_seconds = 600, 10.0
    size = tuple(int(n) for n in args.size.lower().split("x"))
    home = tempfile.mkdtemp(prefix="wt-app-memory-")
    os.environ[paths.HOME_VARIABLE] = home
    t_start = time.perf_counter()
    bench = Bench(size, args.seed)  # type: ignore[arg-type]
    rows: list[tuple[str, str, float]] = [("start (menu drawn)", "", settle())]

    for n in range(args.tables):
        game_id, players = TABLES[n % len(TABLES)]
        person = n % 3 == 2 or players == 1
        table = bench.open_table(game_id, players, person)
        bench.play(table, args.frames_per_table)
        bench.close_table(table)
        del table
        seats = f"{players} seat{'s' if players > 1 else ''}" + (
            ", a person played by the bench" if person else "")
        rows.append((f"table {n + 1} closed", f"{game_id}, {seats}", settle()))

    frames_goal = int(args.minutes * 60 * 60)
    start_frames, start_moves, games_played = bench.frames, bench.moves, 0
    next_sample = bench.frames + args.every
    t_play = time.perf_counter()
    while bench.frames - start_frames < frames_goal:
        game_id, players = TABLES[games_played % len(TABLES)]
        person = games_played % 2 == 1 or players == 1
        table = bench.open_table(game_id, players, person)
        while bench.frames - start_frames < frames_goal and not table.session.match.is_over():
            bench.play(table, min(args.every, next_sample - bench.frames) or 1)
            if bench.frames >= next_sample:
                minutes = (bench.frames - start_frames) / 3600
                rows.append((f"play, {minutes:.1f} simulated min",
                             f"{game_id}, {players} seat{'s' if players > 1 else ''}",
                             rss_mb()))
                next_sample += args.every
            if bench.app.top is not table and table.session.match.is_over():
                break
        bench.close_table(table)
        del table
        games_played += 1
    play_frames, play_moves = bench.frames - start_frames, bench.moves - start_moves
    play_wall = time.perf_counter() - t_play
    rows.append(("play ended, table closed", f"{games_played} tables", settle()))

    ended, took = bench.review(args.review_seconds)
    rows.append(("review of the solo demo, closed", f"{ended}, {took:.0f} s", settle()))

    alive = sum(1 for ref in bench.tables if ref() is not None)
    threads = threading.active_count()
    first = rows[1][2]
    print(f"Size {args.size}; {len(bench.tables)} tables; simulated play: {play_frames:,} frames "
          f"= {play_frames / 3600:.1f} min at 1/60 s a frame, {play_moves:,} moves, "
          f"{games_played} games, {bench.hints} hints asked; {play_wall:.0f} s of wall time "
          f"({time.perf_counter() - t_start:.0f} s in all)\n")
    print("| when | what | RSS MB | vs. after table 1 |")
    print("|---|---|---:|---:|")
    for when, what, mb in rows:
        print(f"| {when} | {what} | {mb:.0f} | {100 * (mb - first) / first:+.1f}% |")
    last = rows[-1][2]
    top = max(mb for _w, _x, mb in rows[1:])
    print(f"\nGrowth after the first table: {100 * (last - first) / first:+.1f}% at the end, "
          f"{100 * (top - first) / first:+.1f}% at the highest sample. Table scenes still alive: "
          f"{alive} of {len(bench.tables)}; threads running: {threads}.")
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
