"""Start-up and the saved-games list with many finished games in the saves folder (issue 28).

    python bench/saves_scale.py [--counts 10,1000,10000] [--runs 3]

For each count, a fresh data folder gets that many finished two-player Machines To The Sky games
(copies of one game played by random players, each its own file) and one unfinished game, the
oldest, so Continue must look at every finished game before it. Then it measures, each as the median of --runs:

- the list: ``storage.list_saves`` the first time (the index is built) and again (read from it);
- Continue: ``storage.most_recent`` the first time (each finished game is loaded once) and again;
- the whole app: start to the first drawn menu frame (``WEATHER_TABLETOP_FIRST_FRAME_EXIT=1``,
  the menu looks for Continue), after one start that built the index;
- a yardstick in the same run: start to first frame with an empty saves folder.

Before issue 28, Continue replayed every finished game without a checkpoint at every start:
300 finished games took 45-57 s to the menu and 3,000 over 10 minutes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _game(folder: Path, finished: bool, seed: int) -> Path:
    from tests.support.play import random_step
    from weather_tabletop import games
    from weather_tabletop.ai import RandomPlayer
    from weather_tabletop.cli import computer_config
    from weather_tabletop.engine.storage import SavedGame

    game = games.get("machines-to-the-sky")
    saved = SavedGame.create(game, computer_config(game, 2, ["random"] * 2, {}, seed), folder)
    rng = RandomPlayer(seed)
    for _ in range(10_000 if finished else 12):
        if saved.match.is_over():
            break
        random_step(game, saved, rng)
    saved.close()
    return saved.path


def _fill(home: Path, count: int) -> Path:
    os.environ["WEATHER_TABLETOP_HOME"] = str(home)  # the games are sealed with home's key
    saves = home / "data" / "saves"
    saves.mkdir(parents=True)
    data = _game(saves, True, 4).read_bytes()
    for i in range(count - 1):
        (saves / f"finished {i:05d}.wtsave").write_bytes(data)
        os.utime(saves / f"finished {i:05d}.wtsave", (1e9 + i, 1e9 + i))
    unfinished = _game(saves, False, 5)  # the oldest: Continue looks at every finished game first
    os.utime(unfinished, (1e9 - 60, 1e9 - 60))
    return saves


def _in_process(home: Path, saves: Path) -> dict[str, float]:
    """The list and Continue, first and again, in a child with ``home`` as its data folder."""
    code = (
        "import sys, time, json; sys.path.insert(0, %r)\n"
        "from pathlib import Path\n"
        "from weather_tabletop.engine import storage\n"
        "out = {}\n"
        "for key, call in (('list_first', storage.list_saves), ('list_again', storage.list_saves),"
        " ('continue_first', storage.most_recent), ('continue_again', storage.most_recent)):\n"
        "    t = time.perf_counter(); r = call(Path(%r)); out[key] = time.perf_counter() - t\n"
        "    if key.startswith('continue'): assert r is not None and not r.finished\n"
        "print(json.dumps(out))\n" % (str(Path(__file__).resolve().parents[1]), str(saves)))
    env = dict(os.environ, WEATHER_TABLETOP_HOME=str(home))
    done = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                          text=True, timeout=3600)
    import json

    return json.loads(done.stdout.strip().splitlines()[-1])


def _start(home: Path) -> float:
    env = dict(os.environ, WEATHER_TABLETOP_FIRST_FRAME_EXIT="1", WEATHER_TABLETOP_HOME=str(home),
               SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "weather_tabletop"], env=env, check=True,
                   capture_output=True, timeout=3600)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="10,1000,10000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| finished games | list, first (s) | list, again (s) | Continue, first (s) "
          "| Continue, again (s) | start to menu (s) | start, empty folder (s) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for count in (int(c) for c in args.counts.split(",")):
        rows = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as tmp:
                home = Path(tmp)
                saves = _fill(home, count)
                took = _in_process(home, saves)
                took["start"] = statistics.median(_start(home) for _ in range(2))
            with tempfile.TemporaryDirectory() as empty:
                _start(Path(empty))
                took["yardstick"] = _start(Path(empty))
            rows.append(took)
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        print(f"| {count:,} | {med['list_first']:.2f} | {med['list_again']:.2f} | "
              f"{med['continue_first']:.2f} | {med['continue_again']:.2f} | {med['start']:.2f} | "
              f"{med['yardstick']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
