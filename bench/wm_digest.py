"""Weather Machine play digest: proof that a refactor of the rules plays identically (issue 17).

Plays fixed-seed games per player count (2, 3, 4) and option variant (none, drafting, and with
2 players new_scientists and both), random players choosing from ``legal_commands`` with a seeded
generator, plus a few games of the ``normal`` computer player (it reads the rules' steps), and
prints sha256 digests of

* ``play``: every game's command sequence and final scores (seat, total, breakdown, rank); this
  one must not change;
* ``log``: every command's and event's description (the log a player reads), empty ones too;
  informative, it changes when the wording or the events do;
* ``text``: the same without the empty descriptions (events that say nothing): the lines a
  player reads, which a change of events alone leaves as they were.

Descriptions are rendered in English (a catalogue message is rendered as the table shows it),
each event's from the state just before it, as the table's log folds them.

    python bench/wm_digest.py [--games 200] [--normal 10] [--first-seed 1]

Run it before and after a change and compare the ``play`` lines.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from weather_tabletop import games, i18n  # noqa: E402
from weather_tabletop.ai import make_player  # noqa: E402
from weather_tabletop.engine.chance import Rng  # noqa: E402
from weather_tabletop.cli import computer_config  # noqa: E402
from weather_tabletop.engine.match import Match  # noqa: E402

GAME_ID = "weather-machine"


def variants(players: int) -> list[dict[str, bool]]:
    out = [{}, {"drafting": True}]
    if players == 2:
        out += [{"new_scientists": True}, {"drafting": True, "new_scientists": True}]
    return out


class _Log:
    """Feeds the ``log`` and ``text`` digests."""

    def __init__(self) -> None:
        self.log, self.text = hashlib.sha256(), hashlib.sha256()

    def update(self, data: bytes) -> None:
        self.log.update(data)
        if data.strip():
            self.text.update(data)


def play(game, players: int, options: dict, seed: int, level: str,
         play_h: "hashlib._Hash", log_h: _Log) -> int:
    config = computer_config(game, players, [level] * players, options, seed)
    match = Match.start(game, config)
    rng = Rng(seed, 0xD16)
    bots = [make_player(level, seed * 10 + i, game) for i in range(players)] if level != "random" else None
    head = f"{players}|{sorted(options.items())}|{seed}|{level}\n"
    play_h.update(head.encode())
    log_h.update(head.encode())
    state = game.initial_state(config)
    for group in match.active:
        for event in group.events:
            log_h.update((str(game.describe_event(state, event)) + "\n").encode())
            state = game.apply(state, event)
    n = 0
    while not game.is_over(match.state):
        seat = game.to_act(match.state)[0]
        if bots is None:
            legal = game.legal_commands(match.state, seat)
            cmd = legal[rng.below(len(legal))]
        else:
            cmd = bots[seat].choose(game, game.view(match.state, seat), seat)
        before = match.state
        log_h.update((str(game.describe_command(before, cmd)) + "\n").encode())
        play_h.update((repr(cmd) + "\n").encode())
        group = match.submit(cmd)
        state = before
        for e in group.events:
            log_h.update((str(game.describe_event(state, e)) + "\n").encode())
            state = game.apply(state, e)
        log_h.update((str(group.label) + "\n").encode())
        n += 1
        if n > 20_000:
            raise RuntimeError("no end")
    for line in game.scores(match.state):
        play_h.update(f"{line.seat}:{line.total}:{line.breakdown}:{line.rank}\n".encode())
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per count and variant")
    parser.add_argument("--normal", type=int, default=10, help="normal-player games per count")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args()
    i18n.set_language("en")
    game = games.get(GAME_ID)
    all_play, all_log, all_text = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    started = time.perf_counter()
    for players in args.players:
        for options in variants(players):
            play_h, log_h = hashlib.sha256(), _Log()
            commands = 0
            for seed in range(args.first_seed, args.first_seed + args.games):
                commands += play(game, players, options, seed, "random", play_h, log_h)
            for seed in range(args.first_seed, args.first_seed + (args.normal if not options else 0)):
                commands += play(game, players, options, seed, "normal", play_h, log_h)
            all_play.update(play_h.digest())
            all_log.update(log_h.log.digest())
            all_text.update(log_h.text.digest())
            print(f"{players}p {sorted(options.items())}: {commands} commands  "
                  f"play {play_h.hexdigest()[:16]}  log {log_h.log.hexdigest()[:16]}  "
                  f"text {log_h.text.hexdigest()[:16]}", flush=True)
    print(f"play digest {all_play.hexdigest()}")
    print(f"log digest  {all_log.hexdigest()}")
    print(f"text digest {all_text.hexdigest()}")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
