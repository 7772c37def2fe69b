"""The review of a finished game (issue 21): every decision of the people at the table judged
by the game's ``hard`` player, and the moves where a seat's expected score dropped most.

For each command a reviewed seat played (a decision: more than one legal command), the position
before it is taken from the replay and :func:`~weather_tabletop.ai.advice.advise` is asked from
that seat's view only, with the played command included, so the played command and the
computer's preferred one are judged on the same samples. The *loss* of a decision is the
preferred command's expected points minus the played one's. The marked moves are, per seat, the
``MARKS_PER_SEAT`` largest losses of at least ``MARK_THRESHOLD`` points.

The seats reviewed are the people at the table (the save's header); a game among computers only
(the demos) is reviewed for every seat. A review is cached next to the save as
``<save>.review.json``, written atomically and keyed by the save's content hash, the budget, the
seed and :data:`VERSION`: a changed save is reviewed again, and a cache that does not read back
as a review of this very save (damaged, edited, of another version) is ignored. The save itself
is only read. Commands are stored as the save file stores them (``engine/codec.py``).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ..engine.codec import Codec, CodecError, encode, older_records
from ..engine.protocol import Command, Game, GameConfig
from ..engine.replay import Replay
from ..files import FileRefused, read_bounded
from ..i18n import Msg, msg, tr
from .advice import advise, advisor

VERSION = 1
#: rollouts per decision (deterministic): a few whole rounds of the shortlist, or one round for
#: a game whose ``hard`` player judges one sample (:func:`default_iterations`)
DEFAULT_ITERATIONS = 24
DEFAULT_SEED = 0
MAX_ITERATIONS = 100_000
MARKS_PER_SEAT = 3
#: a move is marked only when the preferred command was expected to score this much more
MARK_THRESHOLD = 0.5
MAX_CACHE_BYTES = 8 << 20

Progress = Callable[[int, int], None]


class ReviewError(Exception):
    """The game cannot be reviewed; ``reason`` says why (a catalogue message)."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason.key)
        self.reason = reason


@dataclass(frozen=True)
class Decision:
    """One judged decision: at replay ``position`` (the state before the move, which is group
    ``position + 1``) ``seat`` played ``played``; ``best`` is what the ``hard`` player preferred.
    Points are the seat's expected points, values the player's evaluation (0..1)."""

    position: int
    seat: int
    round: int
    played: Command
    played_points: float
    played_value: float
    best: Command
    best_points: float
    best_value: float

    @property
    def loss(self) -> float:
        """Expected points lost by the played command against the preferred one (0 when it is
        the preferred one; below 0 when it was expected to score more, yet judged worse)."""
        return self.best_points - self.played_points


@dataclass(frozen=True)
class Review:
    """The decisions judged, in the order played, and the indices of the marked ones."""

    decisions: tuple[Decision, ...]
    marked: tuple[int, ...]
    seats: tuple[int, ...]
    iterations: int
    seed: int

    def marked_decisions(self) -> list[Decision]:
        return [self.decisions[i] for i in self.marked]

    def graph(self, seat: int) -> list[tuple[int, float]]:
        """The seat's evaluation over the game: (position, the ``hard`` player's evaluation of
        the command played there)."""
        return [(d.position, d.played_value) for d in self.decisions if d.seat == seat]


# -- what is reviewed ------------------------------------------------------------------------

def reviewed_seats(config: GameConfig) -> tuple[int, ...]:
    """The people at the table, or every seat of a game among computers."""
    people = tuple(i for i, s in enumerate(config.seats) if not s.is_computer)
    return people or tuple(range(len(config.seats)))


def decisions(game: Game, replay: Replay, seats: Sequence[int]) -> list[tuple[int, int, Command]]:
    """(position, seat, command played) for every command of ``seats`` that had an
    alternative, in the order played."""
    out = []
    for k in range(replay.last):
        group = replay.group_at(k + 1)
        if group.kind != "command" or group.command is None or group.seat not in seats:
            continue
        view = game.view(replay.state_at(k), group.seat)
        if len(game.legal_commands(view, group.seat)) > 1:
            out.append((k, group.seat, group.command))
    return out


def mark(found: Sequence[Decision], per_seat: int = MARKS_PER_SEAT,
         threshold: float = MARK_THRESHOLD) -> tuple[int, ...]:
    """The indices (in play order) of each seat's ``per_seat`` largest losses of at least
    ``threshold`` points (ties: the earlier move)."""
    chosen: list[int] = []
    for seat in sorted({d.seat for d in found}):
        mine = [i for i, d in enumerate(found) if d.seat == seat and d.loss >= threshold]
        mine.sort(key=lambda i: (-found[i].loss, i))
        chosen.extend(mine[:per_seat])
    return tuple(sorted(chosen))


def default_iterations(game: Game) -> int:
    """The review's budget for ``game``: ``DEFAULT_ITERATIONS`` rollouts, but one round of the
    shortlist when the game's ``hard`` player judges a single sample in play (``max_rounds`` 1:
    Weather Machine, whose rollouts within a round are otherwise deterministic, so further
    samples repeat the first)."""
    return 1 if getattr(advisor(game), "max_rounds", None) == 1 else DEFAULT_ITERATIONS


def review(game: Game, replay: Replay, *, iterations: int = DEFAULT_ITERATIONS,
           seed: int = DEFAULT_SEED, seats: Sequence[int] | None = None,
           stop: Callable[[], bool] | None = None,
           progress: Progress | None = None) -> Review | None:
    """Judge every decision of ``seats`` (default: :func:`reviewed_seats`) of a finished game;
    None when ``stop`` turned True. ``progress(done, total)`` after each decision."""
    if not game.is_over(replay.final):
        raise ReviewError(msg("review.not_finished"))
    seats = tuple(reviewed_seats(replay.config) if seats is None else seats)
    todo = decisions(game, replay, seats)
    found: list[Decision] = []
    if progress is not None:
        progress(0, len(todo))
    for done, (k, seat, played) in enumerate(todo, 1):
        state = replay.state_at(k)
        advice = advise(game, game.view(state, seat), seat, iterations=iterations, seed=seed,
                        include=[played], stop=stop)
        if stop is not None and stop() or not advice:
            return None
        mine = next(a for a in advice if a.command == played)
        best = advice[0]
        found.append(Decision(k, seat, _round(game, state), played, mine.points, mine.value,
                              best.command, best.points, best.value))
        if progress is not None:
            progress(done, len(todo))
    return Review(tuple(found), mark(found), seats, iterations, seed)


def _round(game: Game, state: Any) -> int:
    turn = game.turn_id(state)
    first = turn[0] if isinstance(turn, tuple) and turn else turn
    return first if isinstance(first, int) and not isinstance(first, bool) else 0


# -- the cache next to the save ----------------------------------------------------------------

def cache_path(save: Path) -> Path:
    """``<save>.review.json`` (``storage.review_cache``: deleting or renaming a save in the app
    takes its review along)."""
    from ..engine.storage import review_cache

    return review_cache(save)


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _key(save_hash: str, iterations: int, seed: int) -> dict[str, Any]:
    return {"save": save_hash, "iterations": iterations, "seed": seed, "version": VERSION}


def to_json(rev: Review, save_hash: str) -> dict[str, Any]:
    """The cache's content: the key, the decisions (commands encoded as in saves), the marks
    and, for readers of ``review --json``, each seat's graph."""
    return {
        "key": _key(save_hash, rev.iterations, rev.seed),
        "seats": list(rev.seats),
        "decisions": [{"position": d.position, "seat": d.seat, "round": d.round,
                       "played": encode(d.played), "played_points": d.played_points,
                       "played_value": d.played_value, "best": encode(d.best),
                       "best_points": d.best_points, "best_value": d.best_value}
                      for d in rev.decisions],
        "marked": list(rev.marked),
    }


def write_cache(save: Path, rev: Review, save_hash: str) -> None:
    """Write the review beside the save: a temporary file in the same folder renamed over the
    cache, so a reader sees the old cache or the new one, never half of one."""
    target = cache_path(save)
    data = json.dumps(to_json(rev, save_hash), separators=(",", ":")).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=".review-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_cache(save: Path, game: Game, replay: Replay, save_hash: str, iterations: int,
               seed: int) -> Review | None:
    """The cached review of this save for this budget and seed, or None (no cache, another
    key, or anything in it that is not exactly a review of this game's moves)."""
    try:
        data = read_bounded(cache_path(save), MAX_CACHE_BYTES)
        obj = json.loads(data.decode("utf-8"))
        return _from_json(obj, game, replay, save_hash, iterations, seed)
    except (OSError, FileRefused, ValueError, TypeError, KeyError, IndexError, AttributeError,
            CodecError, RecursionError):
        return None


def _from_json(obj: Any, game: Game, replay: Replay, save_hash: str, iterations: int,
               seed: int) -> Review | None:
    if not isinstance(obj, dict) or obj.get("key") != _key(save_hash, iterations, seed):
        return None
    codec = Codec((*game.commands, *game.events), older_records(game))
    n = len(replay.config.seats)
    seats = tuple(_int(s, 0, n - 1) for s in obj["seats"])
    found = []
    for raw in obj["decisions"]:
        k, seat = _int(raw["position"], 0, replay.last - 1), _int(raw["seat"], 0, n - 1)
        played, best = codec.decode(raw["played"]), codec.decode(raw["best"])
        group = replay.group_at(k + 1)
        if not isinstance(best, Command) or group.command != played or group.seat != seat \
                or seat not in seats:
            return None
        game_view = game.view(replay.state_at(k), seat)
        if best not in game.legal_commands(game_view, seat):  # it is shown: it must be a move
            return None
        found.append(Decision(k, seat, _int(raw["round"], 0, 10**6), played,
                              _num(raw["played_points"]), _num(raw["played_value"]), best,
                              _num(raw["best_points"]), _num(raw["best_value"])))
    positions = [d.position for d in found]
    if positions != sorted(set(positions)):
        return None
    marked = tuple(_int(i, 0, len(found) - 1) for i in obj["marked"])
    if marked != mark(found):
        return None
    return Review(tuple(found), marked, seats, iterations, seed)


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError("out of range")
    return value


def _num(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError("not a number")
    return float(value)


# -- a save, reviewed or read from its cache -----------------------------------------------------

@dataclass
class ReviewedGame:
    """A finished save ready to review: its game, replay and content hash."""

    path: Path
    game: Game
    replay: Replay
    save_hash: str

    @classmethod
    def load(cls, path: Path) -> "ReviewedGame":
        """Read the save (never writing it); raises ReviewError for a game not over, and
        ``LoadError`` or ``OSError`` as loading a save does."""
        from ..engine.storage import MAX_FILE_BYTES, SavedGame

        save_hash = content_hash(read_bounded(path, MAX_FILE_BYTES))
        match = SavedGame.replay(path).match
        replay = Replay.of(match)
        if not match.game.is_over(replay.final):
            raise ReviewError(msg("review.not_finished"))
        return cls(path, match.game, replay, save_hash)

    def cached(self, iterations: int | None = None,
               seed: int = DEFAULT_SEED) -> Review | None:
        """The cached review for this budget (default: :func:`default_iterations`) and seed."""
        iterations = default_iterations(self.game) if iterations is None else iterations
        return read_cache(self.path, self.game, self.replay, self.save_hash, iterations, seed)

    def review(self, iterations: int | None = None, seed: int = DEFAULT_SEED, *,
               stop: Callable[[], bool] | None = None, progress: Progress | None = None,
               keep: bool = True) -> Review | None:
        """The cached review, else a new one (written to the cache when ``keep``; a cache that
        cannot be written, e.g. beside a read-only save, is skipped). None when stopped.
        ``iterations``: rollouts per decision, default :func:`default_iterations`."""
        iterations = default_iterations(self.game) if iterations is None else iterations
        found = self.cached(iterations, seed)
        if found is not None:
            if progress is not None:
                progress(len(found.decisions), len(found.decisions))
            return found
        found = review(self.game, self.replay, iterations=iterations, seed=seed, stop=stop,
                       progress=progress)
        if found is not None and keep:
            try:
                write_cache(self.path, found, self.save_hash)
            except OSError:
                pass
        return found

    def line(self, d: Decision) -> Msg:
        """A marked move as one sentence (``review.marked``)."""
        state = self.replay.state_at(d.position)
        name = self.replay.config.seats[d.seat].name
        return msg("review.marked", round=d.round, name=name,
                   played=self.game.describe_command(state, d.played),
                   played_points=f"{d.played_points:.1f}",
                   best=self.game.describe_command(state, d.best),
                   best_points=f"{d.best_points:.1f}", loss=f"{-d.loss:+.1f}")

    def summary(self, rev: Review) -> dict[str, Any]:
        """``review --json``: each reviewed seat's graph (position, evaluation and expected
        points of the command played) and every decision, the marked ones with their
        sentence."""
        seats = self.replay.config.seats
        marked = set(rev.marked)

        def said(d: Decision, command: Command) -> str:
            return tr(self.game.describe_command(self.replay.state_at(d.position), command))

        return {
            "file": str(self.path), "game": self.game.id, "iterations": rev.iterations,
            "seed": rev.seed, "threshold": MARK_THRESHOLD, "positions": self.replay.last,
            "seats": [{"seat": s, "name": seats[s].name, "color": seats[s].color,
                       "graph": [[d.position, round(d.played_value, 4), round(d.played_points, 2)]
                                 for d in rev.decisions if d.seat == s]} for s in rev.seats],
            "decisions": [{"position": d.position, "move": d.position + 1, "seat": d.seat,
                           "round": d.round, "played": said(d, d.played),
                           "played_points": round(d.played_points, 2),
                           "best": said(d, d.best), "best_points": round(d.best_points, 2),
                           "loss": round(d.loss, 2), "marked": i in marked,
                           **({"text": tr(self.line(d))} if i in marked else {})}
                          for i, d in enumerate(rev.decisions)],
        }
