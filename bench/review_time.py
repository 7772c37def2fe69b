"""Review time per decision (issue 21): how long the review of a finished game takes for each
decision it judges, at the review's default budget, on each recorded demo.

    python bench/review_time.py [--iterations N] [--decisions K] [--seed S]

The default budget is the review's (``ai/review.py``, ``default_iterations``: 24 rollouts, one
round of the shortlist for Weather Machine). For each demo the decisions a review judges (every
seat of these computer-only games, moves with an alternative) are listed, ``K`` of them taken
evenly through the game (default 40; 0: all), and ``advise`` is timed on each exactly as the
review calls it (the seat's view, the move played included). Printed: the decisions in the game,
the median, p90 and max seconds per decision, and the whole game's review time estimated from
the median and from the mean. Nothing is written.
"""

from __future__ import annotations

import argparse
import importlib.resources
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from weather_tabletop.ai.advice import advise  # noqa: E402
from weather_tabletop.ai.review import (DEFAULT_SEED, ReviewedGame, decisions,  # noqa: E402
                                        default_iterations, reviewed_seats)

DEMOS = ("meteo-demo-2p.wtsave", "mtts-solo-demo.wtsave", "weather-machine-demo-3p.wtsave")


def row(name: str, iterations: int | None, sample: int, seed: int) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes((importlib.resources.files("weather_tabletop.saves") / name).read_bytes())
        try:
            reviewed = ReviewedGame.load(path)
        except Exception as exc:  # noqa: BLE001 - a demo this build cannot read: said, not fatal
            return f"{name:34} cannot be reviewed: {type(exc).__name__}: {exc}"
    game, replay = reviewed.game, reviewed.replay
    iterations = default_iterations(game) if iterations is None else iterations
    todo = decisions(game, replay, reviewed_seats(replay.config))
    step = max(1, len(todo) // sample) if sample else 1
    chosen = todo[::step][:sample or None]
    times = []
    for k, seat, played in chosen:
        view = game.view(replay.state_at(k), seat)
        t0 = time.perf_counter()
        advise(game, view, seat, iterations=iterations, seed=seed, include=[played])
        times.append(time.perf_counter() - t0)
    times.sort()
    median = statistics.median(times)
    p90 = times[min(len(times) - 1, round(0.9 * (len(times) - 1)))]
    whole = (median * len(todo), statistics.fmean(times) * len(todo))
    return (f"{name:34} {iterations:3} rollouts, {len(todo):4} decisions, {len(times):3} timed: "
            f"median {median:.3f} s, p90 {p90:.3f} s, max {times[-1]:.3f} s; "
            f"whole game ~{whole[0]:.0f} s (median) / ~{whole[1]:.0f} s (mean)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, help="rollouts per decision (default: the review's "
                   "default for each game)")
    p.add_argument("--decisions", type=int, default=40)
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = p.parse_args()
    print(f"review time per decision at "
          f"{args.iterations or 'the review default'} rollouts per decision, seed {args.seed}")
    for name in DEMOS:
        print(row(name, args.iterations, args.decisions, args.seed), flush=True)


if __name__ == "__main__":
    main()
