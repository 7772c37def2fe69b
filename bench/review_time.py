"""Review time per shipped demo (issue 27: "each shipped demo reviewed in under 20 s at the
default budget"): the whole review the app runs from the replay's Review button, timed.

    python bench/review_time.py [--iterations N] [--demos NAME ...] [--yardstick-commands C]

Each demo in ``saves/`` (every ``*.wtsave`` the package ships) is copied to a temporary folder
and reviewed exactly as the table does (``ReviewedGame.review`` at its default budget, or
``--iterations N`` rollouts per decision, nothing cached, nothing written beside the save).
Printed per demo: the decisions judged, the wall-clock seconds, the process's CPU seconds over
them, the load average (1 min) at the end, and the seconds in *yardsticks*.

The yardstick is a fixed piece of work measured in the same run, just before each demo: ``C``
commands of random Meteo play with every legal command listed (``rules_speed.py``'s workload),
same seed every time. The machine is shared (2 cores, several people), so a review that took
20 s while others ran may take 8 s alone; "review / yardstick" changes far less with the load
than seconds do, and lets two runs at different loads be compared. Nothing is written.
"""

from __future__ import annotations

import argparse
import importlib.resources
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from weather_tabletop import games  # noqa: E402
from weather_tabletop.ai import RandomPlayer  # noqa: E402
from weather_tabletop.ai.review import ReviewedGame  # noqa: E402
from weather_tabletop.cli import computer_config  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402
from weather_tabletop.engine.protocol import options_dict  # noqa: E402

TARGET = 20.0  # seconds per demo (issue 27)


def demos() -> list[str]:
    folder = importlib.resources.files("weather_tabletop.saves")
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".wtsave"))


def yardstick(commands: int) -> float:
    """Seconds for ``commands`` commands of seeded random Meteo play (2 seats), legal
    commands listed before each: the same work in every run."""
    game = games.get("meteo")
    done, seed = 0, 1
    started = time.perf_counter()
    while done < commands:
        config = computer_config(game, 2, ["random"] * 2, options_dict(game), seed)
        match = Match.start(game, config)
        rng = RandomPlayer(seed)
        while done < commands and not game.is_over(match.state):
            seat = game.to_act(match.state)[0]
            legal = game.legal_commands(match.state, seat)
            match.submit(legal[rng._rng.below(len(legal))])
            done += 1
        seed += 1
    return time.perf_counter() - started


def review_one(name: str, iterations: int | None) -> tuple[int, float, float]:
    """(decisions judged, wall seconds, CPU seconds) of one whole review of the demo."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes((importlib.resources.files("weather_tabletop.saves") / name).read_bytes())
        wall, cpu = time.perf_counter(), time.process_time()
        found = ReviewedGame.load(path).review(iterations, keep=False)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        assert found is not None
        return len(found.decisions), wall, cpu


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, help="rollouts per decision (default: the "
                   "review's own budget, as in the app)")
    p.add_argument("--demos", nargs="*", help="demo file names (default: every shipped demo)")
    p.add_argument("--yardstick-commands", type=int, default=20_000)
    args = p.parse_args()
    budget = f"{args.iterations} rollouts per decision" if args.iterations else "default budget"
    print(f"review of each shipped demo, {budget}; yardstick: "
          f"{args.yardstick_commands:,} random Meteo commands")
    print("| demo | decisions | review s | CPU s | yardstick s | review / yardstick "
          "| load (1 min) | under 20 s |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name in args.demos or demos():
        stick = yardstick(args.yardstick_commands)
        n, wall, cpu = review_one(name, args.iterations)
        print(f"| {name} | {n} | {wall:.1f} | {cpu:.1f} | {stick:.2f} | {wall / stick:.1f} "
              f"| {os.getloadavg()[0]:.1f} | {'yes' if wall < TARGET else 'no'} |", flush=True)


if __name__ == "__main__":
    main()
