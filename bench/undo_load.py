"""Open, verify, undo, redo and autosave cost against log length, with the test-only Tally game.

    python bench/undo_load.py [--events 1000 10000 100000] [--repeat 200] [--saves 1000]

For each size N a game of about N events is played through the save file's own writer (so it
holds the checkpoints the app writes; fsync is skipped while building) and then timed:

* open: ``SavedGame.open``, continuing the game as the app does (header, last checkpoint and the
  lines after it), median of 3;
* verify: ``SavedGame.replay``, every command through the rules from the setup and every
  checkpoint compared with the replayed match (what ``weather-tabletop verify`` does), once;
* undo and redo at the end of the log on the opened game, each including its autosave (the line
  appended and fsync'd), median and p99 over --repeat pairs;
* autosave: appending one log line to that file, split into write+flush and the fsync.

Then the saved-games list of a folder of --saves saves (hard links of the 1k-event game: the
list reads each file's header and tail), median of 3.

Prints tables; the figures go in docs/performance.md.
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
    """A game of about ``events`` events written through the save's writer (without fsyncs)."""
    games.register(GAME)
    cfg = config(GAME, 2, seed=1, pile=100000)
    real_fsync = storage.os.fsync
    storage.os.fsync = lambda fd: None  # type: ignore[assignment]
    try:
        saved = SavedGame.create(GAME, cfg, folder)
        match = saved.match
        count = match.event_count()
        while count < events or not match.state.acted:  # end on a take: undo is allowed
            seat = GAME.to_act(match.state)[0]
            group = saved.submit(Take(seat, 1) if not match.state.acted or match.version % 4
                                 else EndTurn(seat))
            count += len(group.events)
        saved.close()
    finally:
        storage.os.fsync = real_fsync  # type: ignore[assignment]
    path = folder / f"bench-{events}{storage.SUFFIX}"
    saved.path.rename(path)
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
        t0 = time.perf_counter()
        SavedGame.replay(path)
        verify_ms = (time.perf_counter() - t0) * 1000
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
    return {"events": saved.match.event_count(), "verify_ms": verify_ms,
            "undo_ms": statistics.median(undo),
            "undo_p99_ms": pct(undo, 0.99), "redo_ms": statistics.median(redo),
            "load_ms": statistics.median(loads), "write_ms": statistics.median(write),
            "fsync_ms": statistics.median(sync), "file_kb": size / 1024}


def table(sizes: list[int], repeat: int) -> list[str]:
    rows = ["| events | open ms | verify ms | undo median ms | undo p99 ms | redo median ms | "
            "autosave write ms | fsync ms | file KB |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in sizes:
        r = measure(n, repeat)
        rows.append(f"| {r['events']:,} | {r['load_ms']:.1f} | {r['verify_ms']:,.0f} | "
                    f"{r['undo_ms']:.3f} | {r['undo_p99_ms']:.3f} | {r['redo_ms']:.3f} | "
                    f"{r['write_ms']:.4f} | {r['fsync_ms']:.3f} | {r['file_kb']:,.0f} |")
    return rows


def list_time(saves: int) -> str:
    """The saved-games list of ``saves`` saves, median of 3 (ms)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = build(folder, 1000)
        for i in range(saves - 1):
            os.link(path, folder / f"copy-{i}{storage.SUFFIX}")
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            listed = storage.list_saves(folder)
            times.append((time.perf_counter() - t0) * 1000)
        assert len(listed) == saves and all(i.game == GAME.id for i in listed)
    return f"saved-games list of {saves} saves: {statistics.median(times):.0f} ms (median of 3)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--saves", type=int, default=1000)
    args = parser.parse_args()
    print("\n".join(table(args.events, args.repeat)))
    if args.saves:
        print(list_time(args.saves))


if __name__ == "__main__":
    main()
