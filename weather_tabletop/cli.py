"""The ``weather-tabletop`` command: the app by default; ``simulate``, ``screenshot``,
``verify`` and ``options`` run without opening a window.

Wrong arguments print a usage message and exit 2; nothing a user types ends in a traceback.
That includes every path (issue 16): a folder, a device, a FIFO, a read-only place, a full disk
or a name too long gives one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

from . import __version__, games
from .engine.protocol import (Game, GameConfig, IllegalMove, SeatConfig, default_colours,
                              option_applies, options_dict)


os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
FIRST_FRAME_EXIT = "WEATHER_TABLETOP_FIRST_FRAME_EXIT"  # for bench/startup.py


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="weather-tabletop", description="Weather Machine, Meteo and Machines To The "
                "Sky at one computer, every rule enforced. With no command, opens the app.")
    p.add_argument("--version", action="version", version=f"Weather Tabletop {__version__}")
    p.add_argument("--size", metavar="WxH",
                   help="open the window at this size (else as last left, else 90%% of the screen)")
    p.add_argument("--fullscreen", action="store_true", help="open in full screen (F11 switches)")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    sim = sub.add_parser("simulate", help="play complete games between computer seats")
    sim.add_argument("--game", required=True)
    sim.add_argument("--players", type=int)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", help="computer level per seat, e.g. random,random")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--save-dir", type=Path)
    sim.add_argument("--max-commands", type=int, default=200_000,
                     help="a game longer than this counts as an error")
    sim.add_argument("--iterations", type=int,
                     help="search players think this many iterations a move (deterministic) "
                          "instead of their time budget")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--lang", metavar="CODE",
                     help="language of the texts printed (e.g. zh-TW; default English)")
    sim.add_argument("--acks", action="store_true",
                     help="with --save-dir: print 'ack VERSION FILE' once each command is on disk")

    shot = sub.add_parser("screenshot", help="render a scene off-screen to a PNG")
    shot.add_argument("--out", type=Path, required=True)
    shot.add_argument("--scene", default="menu", choices=["menu", "setup", "table", "scores", "rules",
                                                          "settings", "load", "demos", "about"])
    shot.add_argument("--game")
    shot.add_argument("--players", type=int)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--steps", type=int, default=0)
    shot.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    shot.add_argument("--size", default="1920x1080", metavar="WxH")
    shot.add_argument("--scale", default="100", metavar="PERCENT",
                      help="UI scale in percent, as in Settings (75 to 200; default 100)")
    shot.add_argument("--colour-blind", action="store_true", help="colour-blind markings on")
    shot.add_argument("--lang", metavar="CODE",
                      help="language of the scene (e.g. zh-TW; default English)")
    shot.add_argument("--open", metavar="LIST", dest="open_menu",
                      help="show this drop-down open (settings: language, ui_scale...; "
                           "setup: players, kind1...)")
    shot.add_argument("--last-move", action="store_true",
                      help="table: the other seats are computers and their last moves are shown "
                           "marked and captioned")
    shot.add_argument("--what-happened", type=int, metavar="N",
                      help="table: as --last-move, with 'What happened' open N steps back")

    ver = sub.add_parser("verify", help="load a save without changing it and replay it")
    ver.add_argument("file", type=Path)
    ver.add_argument("--json", action="store_true")

    rec = sub.add_parser("recover", help="write a damaged save's game up to its last good move "
                                          "as a new file (the damaged file is not changed)")
    rec.add_argument("file", type=Path)
    opt = sub.add_parser("options", help="list a game's variants and settings")
    opt.add_argument("game")

    sub.add_parser("paths", help="show where saves, settings and crash reports are kept")
    op = sub.add_parser("open", help="open a saved game (any .wtsave file) in the window as a "
                                     "replay: step through it, continue it from its last move")
    op.add_argument("file", type=Path)
    rv = sub.add_parser("review", help="judge every move of the people in a finished game with "
                                       "the hard computer player; print the moves where a "
                                       "seat's expected score dropped most")
    rv.add_argument("file", type=Path)
    rv.add_argument("--json", action="store_true", help="the marked moves and each seat's graph")
    rv.add_argument("--iterations", type=int, help="rollouts per decision (default: 8 s of "
                                                     "thinking shared by the whole game, each "
                                                     "decision judged once at least)")
    rv.add_argument("--seed", type=int, default=0)
    rv.add_argument("--lang", metavar="CODE", help="language of the texts printed")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) == 1 and argv[0].endswith(".wtsave") and not argv[0].startswith("-"):
        argv = ["open", argv[0]]  # a save double-clicked: the system passes just its path
    with _terminal_safe():
        return _main(argv)


def _main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command in (None, "open"):
            size = _window_size(args.size) if args.size else None
            options = {"first_frame_exit": os.environ.get(FIRST_FRAME_EXIT) == "1",
                       "size": size, "fullscreen": args.fullscreen}
            if args.command == "open":
                from .files import is_regular

                if not is_regular(args.file):
                    raise UsageError(f"{_shown(args.file)} is not a file that can be opened")
                options["replay"] = args.file
            from .ui import app
            return app.run(options)
        return {"simulate": _simulate, "screenshot": _screenshot, "verify": _verify,
                "options": _options, "paths": _paths, "review": _review,
                "recover": _recover}[args.command](args)
    except UsageError as exc:
        where = f"weather-tabletop {args.command}" if args.command else "weather-tabletop"
        print(f"{where}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


# -- helpers -------------------------------------------------------------------------------


#: characters never sent to a terminal: C0 controls but tab and newline, DEL and C1 controls
#: (ESC starts the sequences that set a window's title or clear the screen)
_CONTROLS = dict.fromkeys([*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)], "\ufffd")


class _SafeStream:
    """A text stream that writes every string with its control characters replaced (issue 28:
    a save's header holding escape sequences was printed raw by ``verify`` and ``review``)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(text.translate(_CONTROLS))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _terminal_safe:
    """Within it, what the command line prints to stdout and stderr passes :class:`_SafeStream`
    (every message, whatever file its words came from); the streams are put back after."""

    def __enter__(self) -> None:
        self._saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = _SafeStream(sys.stdout), _SafeStream(sys.stderr)

    def __exit__(self, *exc: Any) -> None:
        sys.stdout, sys.stderr = self._saved


def _shown(path: Any) -> str:
    """A path as one printable line: a name with a newline, an escape sequence or bytes that
    are not UTF-8 is shown escaped, so a message stays one line and printing cannot fail."""
    text = str(path)
    return text if text.isprintable() else repr(text)[1:-1]


def _window_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        if not (320 <= w <= 7680 and 240 <= h <= 4320):
            raise ValueError
    except ValueError:
        raise UsageError(f"--size takes WxH between 320x240 and 7680x4320, not {text!r}") from None
    return w, h


def _game(name: str | None) -> Game:
    if not name:
        raise UsageError(f"--game is required; games: {', '.join(games.available()) or 'none yet'}")
    try:
        return games.get(name)
    except LookupError as exc:
        raise UsageError(str(exc.args[0])) from None


def _players(game: Game, n: int | None) -> int:
    n = getattr(game, "default_players", game.min_players) if n is None else n
    if not game.min_players <= n <= game.max_players:
        raise UsageError(f"{game.title} takes {game.min_players} to {game.max_players} players, not {n}")
    return n


def _counts(counts: tuple[int, ...]) -> str:
    """'1 player', '2/3/4 players'."""
    return f"{'/'.join(map(str, counts))} player{'s' * (tuple(counts) != (1,))}"


def _parse_options(game: Game, items: list[str], players: int | None = None) -> dict[str, Any]:
    """``--option KEY=VALUE`` items checked against the game's options (and, with ``players``,
    the counts an option applies to, such as Weather Machine's solo ones)."""
    given = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes KEY=VALUE, not {item!r}")
        given[key.strip()] = value
    for spec in game.options:
        if players is not None and spec.key in given and not option_applies(spec, players):
            raise UsageError(f"{spec.key} applies to {_counts(spec.players)} only, not {players}")
    try:
        return options_dict(game, given)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _bots(game: Game, spec: str | None, players: int) -> list[str]:
    from .ai import levels
    names = [s.strip() for s in spec.split(",")] if spec else ["random"]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} seats but the game has {players}")
    known = levels(game)
    for name in names:
        if name not in known:
            raise UsageError(f"unknown computer level {name!r}; levels: {', '.join(known)}")
    return names


def computer_config(game: Game, players: int, levels_: list[str], options: dict[str, Any],
                    seed: int) -> GameConfig:
    keys = default_colours(game, players)
    seats = tuple(SeatConfig(f"{key.title()} ({lvl})", key, "computer", lvl)
                  for key, lvl in zip(keys, levels_))
    return GameConfig(game.id, seats, tuple(sorted(options.items())), seed)


# -- simulate ------------------------------------------------------------------------------


def play_out(game: Game, session: Any, players: list[Any], max_commands: int,
             ack: Any = None) -> int:
    """Let computer players finish the game of ``session`` (a Match or SavedGame). ``ack`` is
    called after each command is saved (``simulate --acks``)."""
    match = getattr(session, "match", session)
    commands = 0
    while not game.is_over(match.state):
        seats = game.to_act(match.state)
        if not seats:
            raise RuntimeError("no seat may act but the game is not over")
        seat = seats[0]
        command = players[seat].choose(game, game.view(match.state, seat), seat)
        session.submit(command)
        commands += 1
        if ack is not None:
            ack(match.version)
        if commands > max_commands:
            raise RuntimeError(f"no end after {max_commands} commands")
    return commands


def _simulate(args: argparse.Namespace) -> int:
    from .ai import make_player
    from .engine.match import Match
    from .engine.storage import SavedGame

    _use_language(args.lang)
    game = _game(args.game)
    players = _players(game, args.players)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.iterations is not None and args.iterations < 1:
        raise UsageError("--iterations must be at least 1")
    options = _parse_options(game, args.option, players)
    levels_ = _bots(game, args.bots, players)
    try:  # options that only the game's setup can check (a value per seat, say)
        game.initial_state(computer_config(game, players, levels_, options, args.seed))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.save_dir is not None:
        if os.path.exists(args.save_dir) and not os.path.isdir(args.save_dir):
            raise UsageError(f"--save-dir {_shown(args.save_dir)} is not a folder")
        try:  # a folder that cannot be written is found now, not once per game
            args.save_dir.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=args.save_dir):
                pass
        except OSError as exc:
            raise UsageError(f"cannot use --save-dir {_shown(args.save_dir)}: "
                             f"{exc.strerror or exc}") from None
    result: dict[str, Any] = {"game": game.id, "players": players, "games": args.games,
                              "completed": 0, "errors": 0, "commands": 0, "seconds": 0.0,
                              "commands_per_second": 0.0, "scores": [], "wins": [0] * players,
                              "error_messages": []}
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        config = computer_config(game, players, levels_, options, seed)
        budget = {"iterations": args.iterations} if args.iterations else {}
        bots = [make_player(lvl, seed * 31 + i, game, **budget) for i, lvl in enumerate(levels_)]
        try:
            session = (SavedGame.create(game, config, args.save_dir) if args.save_dir
                       else Match.start(game, config))
            ack = None
            if args.acks and args.save_dir:
                path = session.path

                def ack(version: int, path: Path = path) -> None:
                    print(f"ack {version} {path}", flush=True)
            result["commands"] += play_out(game, session, bots, args.max_commands, ack)
            match = getattr(session, "match", session)
            lines = game.scores(match.state)
            result["scores"].append([line.total for line in sorted(lines, key=lambda l: l.seat)])
            for line in lines:
                if line.rank == 1:
                    result["wins"][line.seat] += 1
            result["completed"] += 1
            if hasattr(session, "close"):
                session.close()
        except (IllegalMove, Exception) as exc:  # counted and reported, the run goes on
            result["errors"] += 1
            reason = getattr(exc, "reason", None) or f"{type(exc).__name__}: {exc}"
            result["error_messages"].append(f"game {index + 1} (seed {seed}): {reason}")
    result["seconds"] = round(time.perf_counter() - started, 3)
    result["commands_per_second"] = round(result["commands"] / max(result["seconds"], 1e-9), 1)
    if args.json:
        print(json.dumps(result))
    else:
        from .i18n import has, join, tr

        print(tr("cli.simulated", game=tr(game.title), completed=result["completed"],
                 games=args.games, errors=result["errors"], commands=result["commands"],
                 seconds=result["seconds"], rate=result["commands_per_second"]))
        print(tr("cli.wins", seats=join([
            tr("cli.seat_wins", n=i + 1, wins=w,
               level=tr("level." + levels_[i]) if has("level." + levels_[i]) else levels_[i])
            for i, w in enumerate(result["wins"])])))
        for message in result["error_messages"][:10]:
            print(tr("cli.error", message=message), file=sys.stderr)
    return 1 if result["errors"] else 0


# -- screenshot ----------------------------------------------------------------------------


def _use_language(code: str | None) -> str:
    """Switch the texts to ``--lang`` (a shipped catalogue's code); English without it."""
    from . import i18n

    shipped = i18n.languages()
    if code is not None and code not in shipped:
        raise UsageError(f"--lang takes one of {', '.join(shipped)}, not {code!r}")
    return i18n.set_language(code or i18n.DEFAULT_LANGUAGE)


def _screenshot(args: argparse.Namespace) -> int:
    w, h = _window_size(args.size)
    language = _use_language(args.lang)
    options: dict[str, str] = {}
    if args.scene in ("table", "scores"):
        game = _game(args.game)
        players = _players(game, args.players)
        options = _parse_options(game, args.option, players)
    elif args.game:
        game = _game(args.game)
        players = _players(game, args.players)
    else:
        players = args.players
    if args.steps < 0:
        raise UsageError("--steps must be 0 or more")
    from .settings import UI_SCALES, Settings
    scales = {f"{round(v * 100)}": v for v in UI_SCALES}
    scale = scales.get(str(args.scale).rstrip("%"))
    if scale is None:
        raise UsageError(f"--scale takes one of {', '.join(scales)} (percent), not {args.scale!r}")
    from .ui import screenshot
    try:
        screenshot.render(args.scene, args.out, (w, h), args.game, players, args.seed, args.steps,
                          options, settings=Settings(ui_scale=scale, colour_blind=args.colour_blind,
                                                     language=language),
                          open_menu=args.open_menu, last_move=args.last_move,
                          what_happened=args.what_happened)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write {_shown(args.out)}: {exc.strerror or exc}") from None
    print(f"wrote {_shown(args.out)} ({w}x{h}, scene {args.scene})")
    return 0


# -- verify --------------------------------------------------------------------------------


def _verify(args: argparse.Namespace) -> int:
    from .engine.storage import LoadError, SavedGame

    try:
        saved = SavedGame.replay(args.file)
    except LoadError as exc:
        print(f"weather-tabletop verify: {exc.message}", file=sys.stderr)
        return 2
    except OSError as exc:
        raise UsageError(f"cannot read {_shown(args.file)}: {exc.strerror or exc}") from None
    match, game = saved.match, saved.match.game
    state = match.state
    commands = sum(1 for g in match.active if g.kind == "command")
    info: dict[str, Any] = {
        "file": str(args.file), "game": game.id, "title": game.title,
        "seats": [s.name for s in match.config.seats], "commands": commands,
        "log_entries": len(match.log), "over": game.is_over(state),
        "progress": str(game.progress(state)),
        "notice": str(saved.notice) if saved.notice else None,
    }
    if info["over"]:
        info["scores"] = [{"seat": l.seat, "name": match.config.seats[l.seat].name, "total": l.total,
                           "rank": l.rank, "breakdown": dict(l.breakdown)}
                          for l in game.scores(state)]
    else:
        info["to_act"] = [match.config.seats[s].name for s in game.to_act(state)]
    if args.json:
        print(json.dumps(info))
        return 0
    print(f"{game.title}: {len(info['seats'])} seats ({', '.join(info['seats'])})")
    print(f"{commands} commands, {info['log_entries']} log entries; {info['progress']}")
    if saved.notice:
        print(f"notice: {saved.notice}")
    if info["over"]:
        for s in sorted(info["scores"], key=lambda s: s["rank"]):
            print(f"  {s['rank']}. {s['name']}: {s['total']}")
    else:
        print(f"to act: {', '.join(info['to_act'])}")
    return 0


def _recover(args: argparse.Namespace) -> int:
    """``recover FILE``: the game of a damaged save up to its last good move, as a new file."""
    from .engine.storage import LoadError, recover
    from .i18n import tr

    try:
        done = recover(args.file)
    except LoadError as exc:
        print(f"weather-tabletop recover: {exc.message}", file=sys.stderr)
        return 2
    except OSError as exc:
        raise UsageError(f"cannot read {_shown(args.file)}: {exc.strerror or exc}") from None
    print(tr("load.recovered", n=done.commands, name=_shown(done.path)))
    return 0


def _review(args: argparse.Namespace) -> int:
    """``review FILE``: the review of a finished game (``ai/review.py``), from its cache when
    there is one; the save is only read."""
    from .ai.review import MARK_THRESHOLD, MAX_ITERATIONS, ReviewedGame, ReviewError
    from .engine.storage import LoadError
    from .files import is_regular
    from .i18n import tr

    _use_language(args.lang)
    if args.iterations is not None and not 1 <= args.iterations <= MAX_ITERATIONS:
        raise UsageError(tr("review.error_iterations", most=MAX_ITERATIONS, value=args.iterations))
    if not is_regular(args.file):
        raise UsageError(tr("review.error_file", path=_shown(args.file)))
    try:
        reviewed = ReviewedGame.load(args.file)
        found = reviewed.review(args.iterations, args.seed)
    except ReviewError as exc:
        raise UsageError(tr(exc.reason)) from None
    except LoadError as exc:
        raise UsageError(exc.message) from None
    except OSError as exc:
        raise UsageError(tr("review.error_read", path=_shown(args.file),
                            reason=getattr(exc, "reason", None) or exc.strerror or exc)) from None
    assert found is not None  # nothing stops it
    if args.json:
        print(json.dumps(reviewed.summary(found)))
        return 0
    if found.iterations is None:  # the default: a time budget for the whole game
        print(tr("review.summary_seconds", game=tr(reviewed.game.title), n=len(found.decisions),
                 seconds=f"{found.seconds:g}", seed=args.seed))
    else:
        print(tr("review.summary", game=tr(reviewed.game.title), n=len(found.decisions),
                 iterations=found.iterations, seed=args.seed))
    marked = found.marked_decisions()
    if marked:
        print(tr("review.marked_heading"))
        for d in marked:
            print("  " + tr(reviewed.line(d)))
    else:
        print(tr("review.none_marked", threshold=f"{MARK_THRESHOLD:.1f}"))
    return 0


def _options(args: argparse.Namespace) -> int:
    game = _game(args.game)
    print(f"{game.title} ({game.min_players}-{game.max_players} players)")
    if not game.options:
        print("  no options")
    for o in game.options:
        only = getattr(o, "players", None)
        which = f"  [{_counts(only)} only]" if only else ""
        print(f"  {o.key}={'|'.join(str(c) for c in o.choices)}  (default {o.default})  "
              f"{o.label}{which}")
    return 0


def _paths(args: argparse.Namespace) -> int:
    from . import paths
    from .engine.save_index import DB_NAME

    print(f"saves:    {_shown(paths.saves_dir())}")
    print(f"settings: {_shown(paths.settings_file())}")
    print(f"logs:     {_shown(paths.log_dir())}")
    print(f"reviews:  {_shown(paths.reviews_dir())}")
    print(f"index:    {_shown(paths.data_dir() / DB_NAME)}")
    return 0
