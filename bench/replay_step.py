"""Replay step time (issue 21): moving one position back or forward, and jumping anywhere, in a
replay of a long game, with the test-only Tally game (one event a move) and the recorded demos.

    python bench/replay_step.py [--events 1000 10000] [--repeat 500]

For each size a game of about N events is played in memory, its Replay built (timed once), then
``state_at`` is timed for steps back, steps forward and random jumps: median and p99 in ms. The
demos' rows use their real game (the recorded Weather Machine, Meteo and Machines To The Sky
games). The target is under 16 ms a step (one frame at 60 frames per second).
"""

from __future__ import annotations

import argparse
import importlib.resources
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.play import config  # noqa: E402
from tests.support.tally import GAME, EndTurn, Take  # noqa: E402
from weather_tabletop import games  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402
from weather_tabletop.engine.replay import Replay  # noqa: E402
from weather_tabletop.engine.storage import SavedGame  # noqa: E402


def tally(events: int) -> Match:
    games.register(GAME)
    match = Match.start(GAME, config(GAME, 2, seed=1, pile=100000))
    while match.event_count() < events:
        seat = GAME.to_act(match.state)[0]
        match.submit(Take(seat, 1) if not match.state.acted or match.version % 4 else EndTurn(seat))
    return match


def timed(replay: Replay, repeat: int) -> dict[str, list[float]]:
    rng = random.Random(1)
    out: dict[str, list[float]] = {"back": [], "forward": [], "jump": []}
    for _ in range(repeat):
        k = rng.randrange(1, replay.last)
        for name, target in (("back", k - 1), ("forward", k + 1), ("jump", rng.randrange(replay.last))):
            t0 = time.perf_counter()
            replay.state_at(target)
            out[name].append((time.perf_counter() - t0) * 1000)
    return out


def row(label: str, match: Match, repeat: int) -> str:
    t0 = time.perf_counter()
    replay = Replay.of(match)
    built = (time.perf_counter() - t0) * 1000
    out = timed(replay, repeat)
    cells = []
    for name in ("back", "forward", "jump"):
        values = sorted(out[name])
        cells.append(f"{statistics.median(values):.3f} / {values[int(0.99 * (len(values) - 1))]:.3f}")
    return f"| {label} | {replay.last:,} | {built:.0f} | " + " | ".join(cells) + " |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--repeat", type=int, default=500)
    args = ap.parse_args()
    print("| game | positions | build ms | back median / p99 ms | forward median / p99 ms | "
          "jump median / p99 ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for n in args.events:
        print(row(f"Tally, {n:,} events", tally(n), args.repeat))
    for entry in sorted(importlib.resources.files("weather_tabletop.saves").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".wtsave"):
            print(row(entry.name, SavedGame.replay(entry).match, args.repeat))


if __name__ == "__main__":
    main()
