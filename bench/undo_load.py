"""Undo, redo and load time against log length, with the test-only Tally game.

    python bench/undo_load.py [--events 1000 10000 100000] [--repeat 200]

Builds a casual-undo game of about N events (a take-heavy random game, so most commands can be
undone), then times: one undo and one redo at the end of the log (median and p99 over --repeat
pairs), and loading the save file (read, check every checksum, replay every command through the
rules), median of 5. Prints a table; the figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.play import config  # noqa: E402
from tests.support.tally import GAME, EndTurn, Take  # noqa: E402
from weather_tabletop import games  # noqa: E402
from weather_tabletop.engine.storage import SavedGame  # noqa: E402


def build(folder: Path, events: int) -> SavedGame:
    games.register(GAME)
    saved = SavedGame.create(GAME, config(GAME, 2, seed=1, pile=100000), folder, casual=True)
    m = saved.match
    while m.event_count() < events:
        seat = GAME.to_act(m.state)[0]
        saved.submit(Take(seat, 1 + m.version % 3) if m.state.acted is False or m.version % 4
                     else EndTurn(seat))
    return saved


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def measure(events: int, repeat: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        saved = build(Path(tmp), events)
        seat = saved.match.active[-1].seat
        undo, redo = [], []
        for _ in range(repeat):
            t0 = time.perf_counter()
            saved.undo(seat)
            t1 = time.perf_counter()
            saved.redo(seat)
            t2 = time.perf_counter()
            undo.append((t1 - t0) * 1000)
            redo.append((t2 - t1) * 1000)
        loads = []
        for _ in range(5):
            t0 = time.perf_counter()
            SavedGame.replay(saved.path)
            loads.append((time.perf_counter() - t0) * 1000)
        size = saved.path.stat().st_size
        saved.close()
    return {"events": saved.match.event_count(), "undo_ms": statistics.median(undo),
            "undo_p99_ms": pct(undo, 0.99), "redo_ms": statistics.median(redo),
            "load_ms": statistics.median(loads), "file_kb": size / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print("| events | undo median ms | undo p99 ms | redo median ms | load ms | file KB |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in args.events:
        r = measure(n, args.repeat)
        print(f"| {r['events']:,} | {r['undo_ms']:.3f} | {r['undo_p99_ms']:.3f} | "
              f"{r['redo_ms']:.3f} | {r['load_ms']:.1f} | {r['file_kb']:.0f} |")
        # Each undo and redo appends a line and fsyncs it: that disk cost is in these figures.


if __name__ == "__main__":
    main()
