"""Rules speed per game: commands per second of random play including legal-command
enumeration, and the 99th percentile time of ``legal_commands`` on the states a game passes
through (issue 9's first table).

    python bench/rules_speed.py [--games meteo ...] [--seconds 10] [--players 2] [--repeat 3]

``commands/s`` is wall-clock time, as the issue asks; ``per CPU s`` divides by the process's CPU
time instead, which is what one core gives when other work shares the machine. With
``--repeat N`` each game is measured N times and the run with the median commands/s is shown.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from weather_tabletop import games  # noqa: E402
from weather_tabletop.ai import RandomPlayer  # noqa: E402
from weather_tabletop.cli import computer_config  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402
from weather_tabletop.engine.protocol import options_dict  # noqa: E402

TARGETS = {"meteo": 20_000, "machines-to-the-sky": 10_000, "weather-machine": 5_000}


def measure(game_id: str, players: int, seconds: float) -> dict[str, float]:
    game = games.get(game_id)
    players = max(game.min_players, min(players, game.max_players))
    legal_times: list[float] = []
    commands, seed, started, cpu = 0, 1, time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        config = computer_config(game, players, ["random"] * players, options_dict(game), seed)
        match = Match.start(game, config)
        rng = RandomPlayer(seed)
        while not game.is_over(match.state):
            seat = game.to_act(match.state)[0]
            t0 = time.perf_counter()
            legal = game.legal_commands(match.state, seat)
            legal_times.append(time.perf_counter() - t0)
            match.submit(legal[rng._rng.below(len(legal))])
            commands += 1
        seed += 1
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    legal_times.sort()
    return {"players": players, "games": seed - 1, "commands": commands,
            "per_second": commands / elapsed, "per_cpu_second": commands / cpu,
            "legal_p50_us": statistics.median(legal_times) * 1e6,
            "legal_p99_us": legal_times[int(0.99 * (len(legal_times) - 1))] * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    names = args.games or [g for g in games.available() if g in TARGETS]
    print("| game | players | games | commands | commands/s | per CPU s | target | legal p50 us "
          "| legal p99 us |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in names:
        runs = sorted((measure(name, args.players, args.seconds) for _ in range(args.repeat)),
                      key=lambda r: r["per_second"])
        r = runs[len(runs) // 2]
        print(f"| {name} | {r['players']} | {r['games']} | {r['commands']:,} | "
              f"{r['per_second']:,.0f} | {r['per_cpu_second']:,.0f} | {TARGETS.get(name, 0):,} | "
              f"{r['legal_p50_us']:.0f} | {r['legal_p99_us']:.0f} |")


if __name__ == "__main__":
    main()
