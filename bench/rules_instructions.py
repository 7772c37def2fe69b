"""Rules cost per command in machine instructions: a measure of ``rules_speed.py``'s workload that
other work on the machine does not disturb (timings on a shared 2-core machine vary by 30%).

Runs the same random play as ``rules_speed.py`` (2 players, seeds 1..N, legal-command enumeration
and ``Match.submit``) under valgrind's cachegrind, once with N games and once with none, and
prints the instructions per command of the difference (default N: 4 games of Meteo, 30 of
Machines To The Sky and of Weather Machine). Needs ``valgrind``; about 50 times slower
than plain Python.

    python bench/rules_instructions.py [--games meteo ...] [--n 4]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_GAMES = {"meteo": 4, "machines-to-the-sky": 30, "weather-machine": 30}


def play(game_id: str, games: int) -> int:
    """Random games with legal-command enumeration; the number of commands."""
    sys.path.insert(0, str(ROOT))
    from weather_tabletop import games as registry
    from weather_tabletop.ai import RandomPlayer
    from weather_tabletop.cli import computer_config
    from weather_tabletop.engine.match import Match
    from weather_tabletop.engine.protocol import options_dict

    game = registry.get(game_id)
    Match.start(game, computer_config(game, 2, ["random"] * 2, options_dict(game), 1))
    commands = 0
    for seed in range(1, games + 1):
        match = Match.start(game, computer_config(game, 2, ["random"] * 2, options_dict(game),
                                                  seed))
        rng = RandomPlayer(seed)
        while not game.is_over(match.state):
            seat = game.to_act(match.state)[0]
            legal = game.legal_commands(match.state, seat)
            match.submit(legal[rng._rng.below(len(legal))])
            commands += 1
    return commands


def instructions(game_id: str, games: int) -> tuple[int, int]:
    """(commands, instructions) of one run under cachegrind."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--play", game_id, str(games)],
        capture_output=True, text=True, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    commands = re.search(r"commands (\d+)", out.stdout)
    if not refs or not commands:
        raise SystemExit(f"cachegrind gave no count:\n{out.stderr[-2000:]}")
    return int(commands.group(1)), int(refs.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(DEFAULT_GAMES))
    parser.add_argument("--n", type=int, default=0, help="games per run (default: per game)")
    parser.add_argument("--play", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        print("commands", play(args.play[0], int(args.play[1])))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    print("| game | games | commands | instructions per command |")
    print("|---|---:|---:|---:|")
    for name in args.games:
        n = args.n or DEFAULT_GAMES.get(name, 4)
        _, base = instructions(name, 0)
        commands, total = instructions(name, n)
        print(f"| {name} | {n} | {commands:,} | {(total - base) / commands:,.0f} |")


if __name__ == "__main__":
    main()
