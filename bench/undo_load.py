"""Undo, redo, load and autosave cost against log length, with the test-only Tally game.

    python bench/undo_load.py [--events 1000 10000 100000] [--repeat 200]

For each size N a casual-undo game of about N events is built in memory and written as a save
file; then it is timed:

* load: ``SavedGame.open`` (read, check every checksum, replay every command through the rules),
  median of 3;
* undo and redo at the end of the log on the opened game, each including its autosave (the line
  appended, flushed and fsync'd), median and p99 over --repeat pairs;
* autosave: appending one log line to that file, split into write+flush and the fsync.

Prints a table; the figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.play import config  # noqa: E402
from tests.support.tally import GAME, EndTurn, Take  # noqa: E402
from weather_tabletop import games  # noqa: E402
from weather_tabletop.engine import storage  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402
from weather_tabletop.engine.storage import SavedGame  # noqa: E402


def build(folder: Path, events: int) -> Path:
    """A game of about ``events`` events, built without fsyncs, written as one save file."""
    games.register(GAME)
    cfg = config(GAME, 2, seed=1, pile=100000)
    match = Match.start(GAME, cfg, casual=True)
    count = match.event_count()
    while count < events:  # one event per command: takes of 1 token, a turn end every 4th
        seat = GAME.to_act(match.state)[0]
        group = match.submit(Take(seat, 1) if not match.state.acted or match.version % 4
                             else EndTurn(seat))
        count += len(group.events)
    line, last = storage._line("", storage.header_for(GAME, cfg, True))
    chunks = [line]
    for group in match.log:
        line, last = storage._line(last, storage.group_body(group))
        chunks.append(line)
    path = folder / f"bench-{events}{storage.SUFFIX}"
    path.write_bytes(b"".join(chunks))
    return path


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def measure(events: int, repeat: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        path = build(Path(tmp), events)
        loads = []
        for _ in range(3):
            t0 = time.perf_counter()
            saved = SavedGame.open(path)
            loads.append((time.perf_counter() - t0) * 1000)
            saved.close()
        saved = SavedGame.open(path)
        seat = saved.match.active[-1].seat
        undo, redo = [], []
        for _ in range(repeat):
            t0 = time.perf_counter()
            saved.undo(seat)
            t1 = time.perf_counter()
            saved.redo(seat)
            undo.append((t1 - t0) * 1000)
            redo.append((time.perf_counter() - t1) * 1000)
        saved.close()
        write, sync = [], []
        line = b'{"n":0,"kind":"bench"}\n'
        with open(path, "ab") as f:
            for _ in range(repeat):
                t0 = time.perf_counter()
                f.write(line)
                f.flush()
                t1 = time.perf_counter()
                os.fsync(f.fileno())
                write.append((t1 - t0) * 1000)
                sync.append((time.perf_counter() - t1) * 1000)
        size = path.stat().st_size
    return {"events": saved.match.event_count(), "undo_ms": statistics.median(undo),
            "undo_p99_ms": pct(undo, 0.99), "redo_ms": statistics.median(redo),
            "load_ms": statistics.median(loads), "write_ms": statistics.median(write),
            "fsync_ms": statistics.median(sync), "file_kb": size / 1024}


def table(sizes: list[int], repeat: int) -> list[str]:
    rows = ["| events | undo median ms | undo p99 ms | redo median ms | load ms | "
            "autosave write ms | fsync ms | file KB |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sizes:
        r = measure(n, repeat)
        rows.append(f"| {r['events']:,} | {r['undo_ms']:.3f} | {r['undo_p99_ms']:.3f} | "
                    f"{r['redo_ms']:.3f} | {r['load_ms']:.0f} | {r['write_ms']:.4f} | "
                    f"{r['fsync_ms']:.3f} | {r['file_kb']:,.0f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    print("\n".join(table(args.events, args.repeat)))


if __name__ == "__main__":
    main()
