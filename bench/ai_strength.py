"""How strong the computer levels are: seat-rotated matches between two levels, win rates with
95% Wilson confidence intervals.

    python bench/ai_strength.py --game meteo --games 200 --iterations 1
    python bench/ai_strength.py --game mtts --games 200 --iterations 6 --solo
    python bench/ai_strength.py --game meteo --timing 2 --moves 10

Each pairing plays ``--games`` games; in game ``i`` the first level sits in seat ``i % 2`` and the
seed is ``--seed + i``. A tie counts as half a win. ``hard`` thinks for exactly ``--iterations``
rollouts per move, rounded up to one rollout per candidate (deterministic for a seed), never
against a clock; the defaults (Meteo 1, Machines To The Sky 6, Weather Machine 1) are the
budgets of ``docs/ai.md``.
In Machines To The Sky ``--solo`` also plays ``hard`` alone against the Automa at 0, 2, 4 and 6
red cards (``--red``): a win is what the game's final scores call one, at least as many VP as the
Automa's solo objective (a tie is a joint victory: ``rules.beats_automa``, the same function
the game's result uses). In Weather Machine ``--solo`` plays ``hard`` alone against the
Saboteurs with 0, 2 and 4 Challenge cards drawn at random (``--challenges``; the game's
``challenges`` option): the win rate (a win is ``saboteurs.player_won``, the game's own result),
the mean final CP and Target Value, how the games ended (the immediate victory, the two immediate
losses, the final scoring won or lost, solo §5) and the qualification levels reached (solo §5.6,
``saboteurs.qualification``). Games are played through the rules directly (no saving).

    python bench/ai_strength.py --game wm --solo --pairs "" --games 200 --challenges 0,2,4
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from weather_tabletop.ai import make_player  # noqa: E402
from weather_tabletop.engine.protocol import GameConfig, SeatConfig, default_colours  # noqa: E402
from weather_tabletop.games.machines_to_the_sky.rules import (automa_score,  # noqa: E402
                                                              beats_automa)


def load_game(name: str) -> Any:
    if name == "meteo":
        from weather_tabletop.games.meteo.rules import GAME
    elif name in ("mtts", "machines-to-the-sky"):
        from weather_tabletop.games.machines_to_the_sky.rules import GAME
    elif name in ("wm", "weather-machine"):
        from weather_tabletop.games.weather_machine.rules import GAME
    else:
        raise SystemExit(f"unknown game {name!r} (meteo, mtts, wm)")
    return GAME


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def config(game: Any, players: int, seed: int, options: dict[str, Any]) -> GameConfig:
    seats = tuple(SeatConfig(f"P{i + 1}", key, "computer")
                  for i, key in enumerate(default_colours(game, players)))
    merged = {o.key: o.default for o in game.options}
    merged.update(options)
    return GameConfig(game.id, seats, tuple(sorted(merged.items())), seed)


def play(game_name: str, levels: tuple[str, ...], seed: int, options: dict[str, Any],
         iterations: int) -> tuple[list[int], int | None, float, int]:
    """One game; returns (totals per seat, the Automa's score or None, seconds, commands)."""
    game = load_game(game_name)
    started = time.perf_counter()
    state = game.initial_state(config(game, len(levels), seed, options))
    for event in game.setup_events(state):
        state = game.apply(state, event)
    players = [make_player(lvl, seed * 31 + i, game, iterations=iterations)
               for i, lvl in enumerate(levels)]
    commands = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        command = players[seat].choose(game, game.view(state, seat), seat)
        for event in game.decide(state, command):
            state = game.apply(state, event)
        commands += 1
        if commands > 20000:
            raise RuntimeError(f"seed {seed}: no end after 20000 commands")
    totals = [line.total for line in sorted(game.scores(state), key=lambda l: l.seat)]
    automa = automa_score(state) if getattr(state, "automa", False) else None
    return totals, automa, time.perf_counter() - started, commands


#: how a solo Weather Machine game ended (solo §5): the outcome's reason, or the final scoring
SOLO_ENDS = ("good_name", "extreme", "deck", "final_won", "final_lost")


def wm_solo_play(args: tuple) -> dict[str, Any]:
    """One solo Weather Machine game of ``hard`` against the Saboteurs: whether it was won, the
    final CP and TV, how it ended and the qualification level (None: no title)."""
    index, seed, challenges, iterations = args
    from weather_tabletop.games.weather_machine import saboteurs
    game = load_game("wm")
    started = time.perf_counter()
    state = game.initial_state(config(game, 1, seed, {"challenges": challenges}))
    for event in game.setup_events(state):
        state = game.apply(state, event)
    player = make_player("hard", seed * 31, game, iterations=iterations)
    commands = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        command = player.choose(game, game.view(state, seat), seat)
        for event in game.decide(state, command):
            state = game.apply(state, event)
        commands += 1
        if commands > 20000:
            raise RuntimeError(f"seed {seed}: no end after 20000 commands")
    won = saboteurs.player_won(state, 0)
    reason = state.solo.outcome[1] if state.solo.outcome[0] else \
        ("final_won" if won else "final_lost")
    return {"index": index, "seed": seed, "won": won, "cp": saboteurs.final_total(state, 0),
            "tv": state.solo.tv, "end": reason, "level": saboteurs.qualification(state, 0)[0],
            "round": state.round, "seconds": time.perf_counter() - started,
            "commands": commands}


def wm_solo(games: int, seed: int, challenges: int, iterations: int, jobs: int,
            progress: bool = False) -> dict[str, Any]:
    """``hard`` alone against the Saboteurs with ``challenges`` Challenge cards at random."""
    work = [(i, seed + i, challenges, iterations) for i in range(games)]
    results = []
    with ProcessPoolExecutor(jobs) if jobs > 1 else _Serial() as pool:
        for done in pool.map(wm_solo_play, work):
            results.append(done)
            if progress:
                print(f"  game {done['index']} (seed {done['seed']}): {done['end']}, "
                      f"CP {done['cp']} TV {done['tv']}, level {done['level']} "
                      f"({done['seconds']:.1f} s)", file=sys.stderr, flush=True)
    n = max(games, 1)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    levels: dict[Any, int] = {}
    for r in results:
        levels[r["level"]] = levels.get(r["level"], 0) + 1
    return {"challenges": challenges, "games": games, "wins": wins, "rate": wins / n,
            "low": low, "high": high, "cp": sum(r["cp"] for r in results) / n,
            "tv": sum(r["tv"] for r in results) / n,
            "ends": {e: sum(r["end"] == e for r in results) for e in SOLO_ENDS},
            "levels": levels, "seconds_per_game": sum(r["seconds"] for r in results) / n,
            "results": results}


def _print_wm_solo(row: dict[str, Any]) -> None:
    ends = ", ".join(f"{e} {row['ends'][e]}" for e in SOLO_ENDS)
    levels = ", ".join(f"{'none' if k is None else k}: {row['levels'][k]}"
                       for k in sorted(row["levels"], key=lambda k: (k is None, k or 0)))
    print(f"| hard vs Saboteurs, {row['challenges']} Challenge cards | {row['games']:>4} "
          f"| {row['wins']:>4} | {100 * row['rate']:5.1f}% "
          f"| {100 * row['low']:5.1f}%-{100 * row['high']:5.1f}% | CP {row['cp']:5.1f} "
          f"| TV {row['tv']:5.1f} | {ends} | levels {levels} "
          f"| {row['seconds_per_game']:5.2f} s |", flush=True)


def _job(args: tuple) -> tuple[int, float, float, int]:
    """One game of a pairing: (index, the first level's result 1/0.5/0, seconds, commands)."""
    index, game_name, levels, seed, options, iterations = args
    totals, automa, seconds, commands = play(game_name, levels, seed, options, iterations)
    me = index % 2 if len(levels) == 2 else 0
    rivals = [t for i, t in enumerate(totals) if i != me]
    best = max(rivals, default=totals[me])
    result = 0.0 if totals[me] < best else 0.5 if rivals and totals[me] == best else 1.0
    if automa is not None and not beats_automa(totals[me], automa):
        result = 0.0
    return index, result, seconds, commands


class _Serial:
    """``map`` in this process, lazily (the same interface as the process pool)."""

    def __enter__(self) -> "_Serial":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Any, items: list) -> Any:
        return (fn(x) for x in items)


def pairing(game_name: str, a: str, b: str, games: int, seed: int, iterations: int,
            jobs: int, options: dict[str, Any] | None = None,
            progress: bool = False) -> dict[str, Any]:
    """``a`` against ``b`` (``b`` None: ``a`` alone, against the Automa)."""
    options = options or {}

    def levels_of(i: int) -> str:
        return a if b is None else f"{a} in seat {i % 2}"
    work = []
    for i in range(games):
        if b is None:
            levels: tuple[str, ...] = (a,)
        else:
            levels = (a, b) if i % 2 == 0 else (b, a)
        work.append((i, game_name, levels, seed + i, options, iterations))
    wins = 0.0
    seconds = 0.0
    commands = 0
    results = []
    with ProcessPoolExecutor(jobs) if jobs > 1 else _Serial() as pool:
        for done in pool.map(_job, work):
            results.append(done)
            if progress:
                print(f"  game {done[0]}: {levels_of(done[0])} {done[1]} ({done[2]:.1f} s)",
                      file=sys.stderr, flush=True)
    for _, result, secs, cmds in results:
        wins += result
        seconds += secs
        commands += cmds
    low, high = wilson(wins, games)
    return {"a": a, "b": b, "games": games, "wins": wins, "rate": wins / max(games, 1),
            "low": low, "high": high, "seconds_per_game": seconds / max(games, 1),
            "options": options}


def timing(game_name: str, seconds: float, moves: int, seed: int) -> None:
    """``hard`` under a time budget against ``normal``: the longest of ``moves`` thinking times
    of ``hard`` against its budget (the issue's bar: budget plus 10%)."""
    game = load_game(game_name)
    state = game.initial_state(config(game, 2, seed, {}))
    for event in game.setup_events(state):
        state = game.apply(state, event)
    players = [make_player("hard", seed, game, seconds=seconds), make_player("normal", seed, game)]
    times: list[float] = []
    while not game.is_over(state) and len(times) < moves:
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        started = time.perf_counter()
        command = players[seat].choose(game, view, seat)
        if seat == 0 and getattr(players[0], "last_iterations", 0):
            times.append(time.perf_counter() - started)
        for event in game.decide(state, command):
            state = game.apply(state, event)
    times.sort()
    print(f"{game.title}: hard at {seconds} s per move, {len(times)} searched moves: "
          f"median {times[len(times) // 2]:.3f} s, longest {times[-1]:.3f} s "
          f"({100 * times[-1] / seconds:.0f}% of the budget)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="meteo", help="meteo, mtts or wm")
    ap.add_argument("--games", type=int, default=200, help="games per pairing")
    ap.add_argument("--iterations", type=int, default=None,
                    help="hard's iterations per move (default: the game's bench budget)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--pairs", default="hard-random,hard-normal,normal-random",
                    help="comma-separated a-b pairings")
    ap.add_argument("--solo", action="store_true",
                    help="hard alone: against the Automa at --red red cards (Machines To The "
                         "Sky), against the Saboteurs at --challenges Challenge cards (wm)")
    ap.add_argument("--red", default="0,2,4,6", help="red-card counts for --solo (mtts)")
    ap.add_argument("--challenges", default="0,2,4",
                    help="Challenge-card counts (drawn at random) for --solo (wm)")
    ap.add_argument("--timing", type=float, default=None, metavar="SECONDS",
                    help="instead: time hard's moves under this per-move budget")
    ap.add_argument("--moves", type=int, default=20, help="searched moves for --timing")
    ap.add_argument("--progress", action="store_true", help="a line per game on stderr")
    args = ap.parse_args(argv)
    game = load_game(args.game)
    if args.timing:
        timing(args.game, args.timing, args.moves, args.seed)
        return 0
    iterations = args.iterations or (6 if game.id == "machines-to-the-sky" else 1)
    rows = []
    for pair in [p for p in args.pairs.split(",") if p]:
        a, b = pair.split("-")
        rows.append(pairing(args.game, a, b, args.games, args.seed, iterations, args.jobs,
                            progress=args.progress))
        _print_row(rows[-1])
    if args.solo and game.id == "weather-machine":
        for n in (int(x) for x in args.challenges.split(",")):
            rows.append(wm_solo(args.games, args.seed, n, iterations, args.jobs,
                                progress=args.progress))
            _print_wm_solo(rows[-1])
    elif args.solo:
        for red in (int(x) for x in args.red.split(",")):
            rows.append(pairing(args.game, "hard", None, args.games, args.seed, iterations,
                                args.jobs, {"red_cards": red}, progress=args.progress))
            _print_row(rows[-1])
    print(f"({game.title}; hard at {iterations} iterations per move; "
          f"{args.games} games per row, seeds {args.seed}-{args.seed + args.games - 1})")
    return 0


def _print_row(row: dict[str, Any]) -> None:
    if row["b"] is None:
        name = f"{row['a']} vs Automa, {row['options']['red_cards']} red cards"
    else:
        name = f"{row['a']} vs {row['b']}"
    print(f"| {name:<34} | {row['games']:>5} | {row['wins']:>6.1f} | {100 * row['rate']:5.1f}% "
          f"| {100 * row['low']:5.1f}%-{100 * row['high']:5.1f}% "
          f"| {row['seconds_per_game']:6.2f} s |", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
