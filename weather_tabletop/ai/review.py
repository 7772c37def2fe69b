"""The review of a finished game (issues 21, 27): every decision of the people at the table judged
by the game's ``hard`` player, and the moves where a seat's expected score dropped most.

What it compares: for each command a reviewed seat played (a decision: more than one legal
command), the position before it is taken from the replay and, from that seat's view only, the
``hard`` player's first :data:`REVIEW_WIDTH` candidates (its shortlist, its heuristic's choice
first) and the played command are judged by its sampling loop (``PlanPlayer.judge``: every
candidate on the same samples and rollouts, so the differences are the commands'). Each rollout
follows a candidate with the ``hard`` player's rollout policy to the player's own horizon or,
sooner, to the end of the seat's own turn (``_own_turn``): a review judges where a move leads by
the time the seat hands over, not the other seats' replies (in play, Weather Machine's ``hard``
player looks on to the end of the round; Meteo's planner, which rolls out on its own, looks past
the turn in the endgame as it does in play). The *loss* of a decision is the expected points of
the candidate the player's evaluation ranks first (the *preferred* one) minus the played one's:
a better move outside the shortlist's first few is not seen. The marked moves are, per seat,
the ``MARKS_PER_SEAT`` largest losses of at least ``MARK_THRESHOLD`` points.

Budget: by default :data:`DEFAULT_SECONDS` of thinking for the whole game, each decision given
the time left divided by the decisions left, in whole rounds of samples by the time a rollout
has taken so far (at least one round, so every candidate is judged at least once; at most
:data:`MAX_ROLLOUTS` rollouts, and one round where the ``hard`` player stops at one: Weather
Machine, and Meteo before its endgame); or exactly ``iterations`` rollouts per decision (deterministic:
the command line's ``--iterations`` and the tests). The search is reused between positions: one
player per seat for the whole review, its samples dealt afresh from the same seed at every
decision of a round (a seat's successive decisions are judged on the same deal), and the rollout
policy's command in a position remembered for the rest of the round (``_Remembered``), so a
rollout that reaches a position an earlier one passed through follows it without thinking again.

The seats reviewed are the people at the table (the save's header); a game among computers only
(the demos) is reviewed for every seat. A review is stored in the app's own data folder
(``paths.reviews_dir()``), named by the game file's content hash and keyed by that hash, the
budget, the seed and :data:`VERSION`: a changed file is reviewed again, a renamed or copied one
keeps its review, and a stored review that does not read back as a review of this very game
(damaged, edited, of another version) is ignored. The game file is only read, never written
beside: it may be a demo inside the installed package or a file the app does not own. Reviews
of version 1 were kept beside the save (``<save>.review.json``); they are ignored (this
version judges differently, so they would not read back as its reviews) and go with their save
when the app renames or deletes it. Commands are stored as the save file stores them
(``engine/codec.py``).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from .. import paths
from ..engine.codec import Codec, CodecError, encode, older_records
from ..engine.protocol import Command, Game, GameConfig
from ..engine.replay import Replay
from ..files import FileRefused, read_bounded
from ..i18n import Msg, msg, tr
from .advice import Candidate, advisor
from .plan import PlanPlayer

VERSION = 2
#: the whole review's thinking time by default (seconds), shared out among the decisions
DEFAULT_SECONDS = 8.0
#: rollouts per decision at most under the time budget (the old fixed budget of version 1)
MAX_ROLLOUTS = 24
DEFAULT_SEED = 0
MAX_ITERATIONS = 100_000
#: the ``hard`` player's candidates judged per decision (its shortlist's first), besides the
#: command played
REVIEW_WIDTH = 3
#: positions whose rollout command is remembered at once (a round's; beyond, forgotten: each
#: holds a game state, and a round of Weather Machine's three seats meets about a thousand)
REMEMBERED = 4096
MARKS_PER_SEAT = 3
#: a move is marked only when the preferred command was expected to score this much more
MARK_THRESHOLD = 0.5
MAX_CACHE_BYTES = 8 << 20
#: reviews kept in the data folder (the oldest beyond go: a deleted save's review is never
#: read again)
MAX_REVIEWS_KEPT = 200

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
    iterations: int | None  # rollouts per decision; None: the time budget, ``seconds``
    seed: int
    seconds: float | None = None  # the whole review's thinking time, when it had one

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


class _Remembered:
    """A rollout policy that remembers its command in each position until the round changes
    (the review's reuse of the search between positions): the command is then a function of
    the position, the first rollout's choice there."""

    def __init__(self, policy: Callable[[Game, Any, int, Any], Command]) -> None:
        self.policy = policy
        self.known: dict[tuple[Any, int], Command] = {}

    def __call__(self, game: Game, state: Any, seat: int, rng: Any) -> Command:
        key = (state, seat)
        try:
            command = self.known.get(key)
        except TypeError:  # a game whose states cannot be dict keys: nothing remembered
            return self.policy(game, state, seat, rng)
        if command is None:
            if len(self.known) >= REMEMBERED:
                self.known.clear()
            command = self.known[key] = self.policy(game, state, seat, rng)
        return command


def _own_turn(horizon: Callable[[Game, Any, Any, int], bool]) -> Callable[..., bool]:
    """The player's horizon, or sooner: once another seat is to act or the turn is another
    (``game.turn_id``, the turn undo keeps to): the review judges where a move leads by the end
    of the seat's own turn; the other seats' replies and the seat's next turns, each a search
    of its own in some games, are not played."""

    def ends(game: Game, start: Any, state: Any, seat: int) -> bool:
        return (horizon(game, start, state, seat) or seat not in game.to_act(state)
                or game.turn_id(state) != game.turn_id(start))

    return ends


class _Judge:
    """The review's players (one per seat, kept for the whole game) and its budget: a
    decision's share of the time is turned into whole rounds of samples by the seconds a
    rollout has taken so far in this review (at least one round, at most the ``hard``
    player's ``max_rounds`` and :data:`MAX_ROLLOUTS` rollouts), so no round is begun and
    abandoned."""

    def __init__(self, game: Game, seed: int, iterations: int | None) -> None:
        self.game, self.seed, self.iterations = game, seed, iterations
        self.players: dict[int, PlanPlayer] = {}
        self.round: int | None = None
        self.spent = 0.0  # seconds judging so far
        self.rollouts = 0  # rollouts played in them

    def player(self, seat: int, round_: int) -> PlanPlayer:
        player = self.players.get(seat)
        if player is None:
            player = self.players[seat] = advisor(self.game, self.seed * 31 + seat,
                                                  iterations=self.iterations or 1)
            player.policy = _Remembered(player.policy)
            player.horizon = _own_turn(player.horizon)
        if round_ != self.round:  # a new round: what was remembered is not met again
            self.round = round_
            for p in self.players.values():
                p.policy.known.clear()
        player.reseed(self.seed, round_ * 64 + seat)
        return player

    def rounds(self, player: PlanPlayer, n: int, seconds: float) -> int:
        """Whole rounds of ``n`` candidates that fit in ``seconds``."""
        most = max(1, min(player.max_rounds or 10**9, -(-MAX_ROLLOUTS // n)))
        if not self.rollouts:
            return 1
        return max(1, min(most, int(seconds / (n * self.spent / self.rollouts))))

    def judge(self, state: Any, seat: int, played: Command, seconds: float | None,
              stop: Callable[[], bool] | None) -> list[Candidate] | None:
        """The candidates and the played command, best first (as ``advise`` orders them); None
        when stopped."""
        game = self.game
        view = game.view(state, seat)
        player = self.player(seat, _round(game, state))
        cands = list(dict.fromkeys([*player.candidates(game, view, seat)[:REVIEW_WIDTH], played]))
        if seconds is not None:
            player.iterations = self.rounds(player, len(cands), seconds) * len(cands)
        started = time.perf_counter()
        judged = player.judge(game, view, seat, cands, stop, points=True)
        self.spent += time.perf_counter() - started
        self.rollouts += judged.done
        if judged.rounds == 0:
            return None
        n = judged.rounds
        found = [Candidate(c, judged.points[k] / n, judged.values[k] / n)
                 for k, c in enumerate(cands)]
        order = sorted(range(len(found)), key=lambda k: (
            -(found[k].value + (player.keep_bonus if k == 0 else 0.0)), k))
        return [found[k] for k in order]


def review(game: Game, replay: Replay, *, iterations: int | None = None,
           seconds: float | None = None, seed: int = DEFAULT_SEED,
           seats: Sequence[int] | None = None, stop: Callable[[], bool] | None = None,
           progress: Progress | None = None) -> Review | None:
    """Judge every decision of ``seats`` (default: :func:`reviewed_seats`) of a finished game;
    None when ``stop`` turned True. ``iterations`` rollouts per decision, else ``seconds``
    (default :data:`DEFAULT_SECONDS`) for the whole game, each decision given the time left
    over the decisions left. ``progress(done, total)`` after each decision."""
    if not game.is_over(replay.final):
        raise ReviewError(msg("review.not_finished"))
    if iterations is None and seconds is None:
        seconds = DEFAULT_SECONDS
    seats = tuple(reviewed_seats(replay.config) if seats is None else seats)
    started = time.perf_counter()
    todo = decisions(game, replay, seats)
    judge = _Judge(game, seed, iterations)
    found: list[Decision] = []
    if progress is not None:
        progress(0, len(todo))
    for done, (k, seat, played) in enumerate(todo, 1):
        state = replay.state_at(k)
        share = None if iterations is not None else \
            max(0.0, seconds - (time.perf_counter() - started)) / (len(todo) - done + 1)
        advice = judge.judge(state, seat, played, share, stop)
        if stop is not None and stop() or not advice:
            return None
        mine = next(a for a in advice if a.command == played)
        best = advice[0]
        found.append(Decision(k, seat, _round(game, state), played, mine.points, mine.value,
                              best.command, best.points, best.value))
        if progress is not None:
            progress(done, len(todo))
    return Review(tuple(found), mark(found), seats, iterations, seed,
                  None if iterations is not None else seconds)


def _round(game: Game, state: Any) -> int:
    turn = game.turn_id(state)
    first = turn[0] if isinstance(turn, tuple) and turn else turn
    return first if isinstance(first, int) and not isinstance(first, bool) else 0


# -- the stored reviews, in the app's data folder ------------------------------------------------

def cache_path(save_hash: str) -> Path:
    """Where the review of the game file whose content hashes to ``save_hash`` is stored: the
    app's reviews folder (never beside the game file)."""
    if len(save_hash) != 64 or any(c not in "0123456789abcdef" for c in save_hash):
        raise ValueError("not a content hash")
    return paths.reviews_dir() / f"{save_hash}.json"


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _key(save_hash: str, iterations: int | None, seconds: float | None,
         seed: int) -> dict[str, Any]:
    return {"save": save_hash, "iterations": iterations, "seconds": seconds, "seed": seed,
            "version": VERSION}


def _budget(iterations: int | None) -> tuple[int | None, float | None]:
    """(iterations, seconds) of a review asked for ``iterations`` (None: the time budget)."""
    return (iterations, None) if iterations is not None else (None, DEFAULT_SECONDS)


def to_json(rev: Review, save_hash: str) -> dict[str, Any]:
    """The stored review: the key, the decisions (commands encoded as in saves), the marks
    and, for readers of ``review --json``, each seat's graph."""
    return {
        "key": _key(save_hash, rev.iterations, rev.seconds, rev.seed),
        "seats": list(rev.seats),
        "decisions": [{"position": d.position, "seat": d.seat, "round": d.round,
                       "played": encode(d.played), "played_points": d.played_points,
                       "played_value": d.played_value, "best": encode(d.best),
                       "best_points": d.best_points, "best_value": d.best_value}
                      for d in rev.decisions],
        "marked": list(rev.marked),
    }


def write_cache(rev: Review, save_hash: str) -> Path:
    """Store the review in the reviews folder: a temporary file there renamed over the old
    one, so a reader sees the old review or the new one, never half of one. The oldest
    beyond :data:`MAX_REVIEWS_KEPT` go."""
    target = cache_path(save_hash)
    folder = paths.ensure(target.parent)
    data = json.dumps(to_json(rev, save_hash), separators=(",", ":")).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=".review-", suffix=".tmp", dir=folder)
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
    _prune(folder, target)
    return target


def _prune(folder: Path, keep: Path) -> None:
    try:
        stored = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime_ns)
        for old in stored[:max(0, len(stored) - MAX_REVIEWS_KEPT)]:
            if old != keep:
                old.unlink()
    except OSError:
        pass  # kept for now; the next review tries again


def read_cache(game: Game, replay: Replay, save_hash: str, iterations: int | None,
               seed: int) -> Review | None:
    """The stored review of this game file for this budget (``iterations``, None: the time
    budget) and seed, or None (none, another key, or anything in it that is not exactly a
    review of this game's moves)."""
    try:
        data = read_bounded(cache_path(save_hash), MAX_CACHE_BYTES)
        obj = json.loads(data.decode("utf-8"))
        return _from_json(obj, game, replay, save_hash, iterations, seed)
    except (OSError, FileRefused, ValueError, TypeError, KeyError, IndexError, AttributeError,
            CodecError, RecursionError):
        return None


def _from_json(obj: Any, game: Game, replay: Replay, save_hash: str, iterations: int | None,
               seed: int) -> Review | None:
    iterations, seconds = _budget(iterations)
    if not isinstance(obj, dict) or obj.get("key") != _key(save_hash, iterations, seconds, seed):
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
    return Review(tuple(found), marked, seats, iterations, seed, seconds)


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
        """The stored review for this budget (``iterations`` rollouts per decision; None:
        the default time budget) and seed."""
        return read_cache(self.game, self.replay, self.save_hash, iterations, seed)

    def review(self, iterations: int | None = None, seed: int = DEFAULT_SEED, *,
               stop: Callable[[], bool] | None = None, progress: Progress | None = None,
               keep: bool = True) -> Review | None:
        """The stored review, else a new one (stored in the reviews folder when ``keep``; a
        review that cannot be stored is still shown). None when stopped. ``iterations``:
        rollouts per decision, default the time budget (:data:`DEFAULT_SECONDS`)."""
        found = self.cached(iterations, seed)
        if found is not None:
            if progress is not None:
                progress(len(found.decisions), len(found.decisions))
            return found
        budget_iterations, seconds = _budget(iterations)
        found = review(self.game, self.replay, iterations=budget_iterations, seconds=seconds,
                       seed=seed, stop=stop, progress=progress)
        if found is not None and keep:
            try:
                write_cache(found, self.save_hash)
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
            "seconds": rev.seconds,
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
