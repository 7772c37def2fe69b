"""Save files: one append-only JSON Lines file per game (DESIGN.md, "Storage").

Line 1 is the header (format, format version, app version, game, options, seats, seed, table
options, created); every further line is one log group of the match or, from format 2 on, a
*checkpoint* (see ``checkpoint.py``). Each line carries ``sum``, a CRC-32 chained over the
previous line's sum, so a flipped byte, a dropped, duplicated or shuffled line is found. Every
line is flushed and fsync'd before the move it records is shown.

*Continuing* a game (:meth:`SavedGame.open`) reads the header and the file's tail from its last
checkpoint on, so opening stays instant however long the game is, when this app sealed that
checkpoint (``seal.py``); a checkpoint it did not write is never trusted, and the game opens by
replaying its whole log through the rules, which checks every checkpoint; *verifying* it
(:meth:`SavedGame.replay`) replays the whole log through the rules (each recorded event list must
be what ``decide`` gives) and checks that every checkpoint equals the replayed match.

A torn last line (no newline: the app died while writing it) is dropped with a notice. Anything
else that is wrong gives a :class:`LoadError` with one clear line, and the file is left
untouched. A file is never rewritten in place: dropping a torn tail or upgrading an old format
writes a new file and renames it over the old one. One window at a time writes a game (an
operating-system lock, ``savelock.py``); a write that fails (a full disk) is cut back to the last
whole line and the move is not played. Only regular files are opened, every read is bounded, and
save files are data only: nothing in them is executed.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import stat
import tempfile
import time
import unicodedata
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from .. import __version__
from ..file_names import name_problem
from ..files import FileRefused, open_regular, read_bounded, read_tail
from ..i18n import Msg, msg, tr
from . import checkpoint, seal
from .save_index import SaveIndex
from .codec import Codec, CodecError, encode, older_records
from .match import Group, Match
from .protocol import (Command, Game, GameConfig, IllegalMove, SeatConfig, name_error,
                       options_dict, seats_error)
from .savelock import GameLocked, SaveLock, is_locked

FORMAT = "weather-tabletop-save"
FORMAT_VERSION = 2  # 2: checkpoint lines; format 1 files are read and upgraded on the next write
SUFFIX = ".wtsave"
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_LINE_BYTES = 1024 * 1024
MAX_DEPTH = 24
MAX_SEATS = 8
MAX_TEXT = 200
MAX_NAME = 40  # characters in a seat's name
TAIL_FIRST = 512 * 1024  # bytes of the tail read first when looking for the last checkpoint
TAIL_MOST = 16 * 1024 * 1024  # beyond this without a checkpoint, the whole file is replayed


class LoadError(Exception):
    """A save that cannot be loaded; ``reason`` is one line a player understands (a catalogue
    message, ``load.*``), ``message`` its text in the reader's language."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason)
        self.reason = reason

    @property
    def message(self) -> str:
        return tr(self.reason)


class OpenElsewhere(LoadError):
    """The game is open in another window: it may be watched read-only, not played here."""


class SaveFailed(Exception):
    """A move that could not be written (a full disk, a removed folder): it was not played,
    the file still holds every move up to the one before. ``reason`` is the message to show."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class SaveInfo:
    """What the saved-games list shows of one file."""

    path: Path
    name: str
    game: str
    created: str
    modified: float
    seats: tuple[SeatConfig, ...]
    progress: str
    finished: bool
    commands: int
    problem: str = ""  # why the file cannot be loaded ("" when it can)
    locked: bool = False  # open in another window now
    recoverable: int | None = None  # a damaged file: the commands ``recover`` would keep


# -- lines ---------------------------------------------------------------------------------


def _canonical(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


_SUM_TAIL = len(b',"sum":"00000000"}')


def _crc(previous: str, body: bytes) -> str:
    return f"{zlib.crc32(body, zlib.crc32(previous.encode())):08x}"


def _line(previous: str, body: dict[str, Any]) -> tuple[bytes, str]:
    """One save line: the canonical JSON of ``body`` with ``"sum"`` appended as its last key.
    The sum is the CRC-32 of the body's bytes, chained from the previous line's sum."""
    if "sum" in body:
        raise ValueError("a line body may not hold 'sum'")
    data = _canonical(body)
    checksum = _crc(previous, data)
    tail = f',"sum":"{checksum}"}}'.encode() if len(data) > 2 else f'"sum":"{checksum}"}}'.encode()
    return data[:-1] + tail + b"\n", checksum


def _check_sum(previous: str, line: bytes) -> str | None:
    """The line's own sum if it matches its bytes and the chain, else None."""
    if len(line) < _SUM_TAIL + 1 or not line.endswith(b'"}'):
        return None
    tail = line[-_SUM_TAIL:]
    if not tail.startswith(b',"sum":"'):
        return None
    checksum = tail[8:16].decode("ascii", "replace")
    body = line[:-_SUM_TAIL] + b"}"
    return checksum if _crc(previous, body) == checksum else None


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, d = stack.pop()
        deepest = max(deepest, d)
        if isinstance(node, dict):
            stack.extend((v, d + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, d + 1) for v in node)
    return deepest


def _chain(bodies: list[dict[str, Any]], previous: str = "") -> tuple[bytes, str]:
    out = []
    for body in bodies:
        line, previous = _line(previous, body)
        out.append(line)
    return b"".join(out), previous


def header_for(game: Game, config: GameConfig, casual: bool, hints: bool = True) -> dict[str, Any]:
    """The header line; ``hints``: whether the table offers hints (issue 21; a header without
    the key, an older save, allows them)."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app": __version__,
        "game": game.id,
        "options": dict(config.options),
        "seats": [{"name": s.name, "color": s.color, "kind": s.kind, "level": s.level}
                  for s in config.seats],
        "seed": config.seed,
        "casual": casual,
        "hints": hints,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


group_body = checkpoint.group_body

#: the kind of a line recording a hint shown at the table (issue 21): chained like every line,
#: skipped by every reader of moves (load, verify, replay), counted by :func:`hints_taken`
HINT = "hint"


# -- reading -------------------------------------------------------------------------------


@dataclass
class _Read:
    header: dict[str, Any]
    bodies: list[dict[str, Any]]  # the group lines, in order (n = 0, 1, ...)
    checkpoints: list[dict[str, Any]]  # the checkpoint lines, in order
    last_sum: str
    valid_bytes: int  # length of the file without a torn tail
    notice: str | None
    restore_from: dict[str, Any] | None = None  # a fast read: the last checkpoint


TORN = msg("load.torn")


def _line_of(name: str, number: int) -> Msg:
    """Where in a save a refusal points: "<name>, line <number>"."""
    return msg("load.where_line", name=name, line=number)


def _refused(name: str, exc: FileRefused) -> Msg:
    """Why a path that is not a plain file of a readable size is not read as a save."""
    if "larger" in exc.reason:
        return msg("load.too_large", name=name, mb=MAX_FILE_BYTES // 1024 // 1024)
    return msg("load.not_regular", name=name)


def _read_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    name = path.name
    try:
        return read_bounded(path, limit)
    except FileNotFoundError:
        raise LoadError(msg("load.missing", name=name)) from None
    except IsADirectoryError:
        raise LoadError(msg("load.folder", name=name)) from None
    except FileRefused as exc:
        if "larger" in exc.reason:
            raise LoadError(msg("load.too_large", name=name, mb=limit // 1024 // 1024)) from None
        raise LoadError(msg("load.not_regular", name=name)) from None
    except OSError as exc:
        raise LoadError(msg("load.unreadable", name=name, error=exc.strerror or str(exc))) from None


def _split(data: bytes, name: str) -> tuple[list[bytes], int, str | None]:
    """The complete lines of ``data``, the length they cover, and the torn-tail notice."""
    lines, valid, notice = [], 0, None
    for line, end in _lines(data, name):
        lines.append(line)
        valid = end
    if valid < len(data):
        notice = TORN
    return lines, valid, notice


def _lines(data: bytes, name: str) -> Iterator[tuple[bytes, int]]:
    """Each complete line of ``data`` and where it ends, one at a time (a file of millions of
    tiny lines is refused at its first bad one without splitting it all first)."""
    if not data.strip():
        raise LoadError(msg("load.empty", name=name))
    if b"\n" not in data:
        raise LoadError(msg("load.cut_header", name=name))
    start = 0
    while True:
        end = data.find(b"\n", start)
        if end < 0:
            return
        yield data[start:end], end + 1
        start = end + 1


def _parse(line: bytes, previous: str, where: Msg, name: str, first: bool) -> tuple[dict[str, Any], str]:
    """One line's object (without its sum) and its sum, checked against the chain."""
    if len(line) > MAX_LINE_BYTES:
        raise LoadError(msg("load.line_too_long", where=where))
    try:
        obj = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        if first and FORMAT.encode() not in line:
            raise LoadError(msg("load.not_a_save", name=name)) from None
        raise LoadError(msg("load.damaged_data", where=where)) from None
    if not isinstance(obj, dict):
        raise LoadError(msg("load.not_a_save", name=name) if first
                        else msg("load.damaged_record", where=where))
    if first:
        _check_header(obj, name)
    checksum = _check_sum(previous, line)
    if checksum is None:
        raise LoadError(msg("load.damaged_sum", where=where))
    obj.pop("sum", None)
    return obj, checksum


def _check_header(obj: dict[str, Any], name: str) -> None:
    if obj.get("format") != FORMAT:
        raise LoadError(msg("load.not_a_save", name=name))
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise LoadError(msg("load.damaged_version", name=name))
    if version > FORMAT_VERSION:
        raise LoadError(msg("load.newer", name=name, version=version, supported=FORMAT_VERSION))
    if _depth(obj) > MAX_DEPTH:  # entries: the codec bounds the depth
        raise LoadError(msg("load.too_deep", where=_line_of(name, 1)))


def _read_lines(path: Path) -> _Read:
    """Every line of the save, checked (the path ``verify`` and format-1 files take)."""
    name = path.name
    data = _read_file(path)
    previous, header, valid = "", {}, 0
    bodies: list[dict[str, Any]] = []
    checkpoints: list[dict[str, Any]] = []
    last_start, before_last = 0, ""  # where the last line starts and the sum before it
    for number, (line, end) in enumerate(_lines(data, name), start=1):
        where = _line_of(name, number)
        obj, checksum = _parse(line, previous, where, name, number == 1)
        if number == 1:
            header = obj
        elif obj.get("kind") == "checkpoint" and header.get("version", 1) >= 2:
            if obj.get("n") != len(bodies) or obj.get("prev") != previous:
                raise LoadError(msg("load.out_of_order", where=where))
            obj["_at"] = len(bodies)
            checkpoints.append(obj)
        elif obj.get("kind") == HINT:
            pass  # not a move: counted by hints_taken
        else:
            if type(obj.get("n")) is not int or obj["n"] != len(bodies):
                raise LoadError(msg("load.out_of_order", where=where))
            bodies.append(obj)
        last_start, before_last, valid = valid, previous, end
        previous = checksum
    if checkpoints and checkpoints[-1]["_at"] == len(bodies) and checkpoints[-1] is obj:
        # A checkpoint is written in one write with the move line after it: one that ends the
        # file lost that line to a crash. It is a torn tail like any other (issue 28: verify
        # called such a healthy save tampered with).
        checkpoints.pop()
        return _Read(header, bodies, checkpoints, before_last, last_start, TORN)
    return _Read(header, bodies, checkpoints, previous, valid, TORN if valid < len(data) else None)


def _read_fast(path: Path) -> _Read | None:
    """The header and the lines from the last checkpoint on, reading only the file's ends;
    None when the file has no checkpoint near its end (then it is read whole)."""
    name = path.name
    try:
        fd = open_regular(path)
    except FileRefused as exc:
        raise LoadError(_refused(name, exc)) from None
    except FileNotFoundError:
        raise LoadError(msg("load.missing", name=name)) from None
    except IsADirectoryError:
        raise LoadError(msg("load.folder", name=name)) from None
    except OSError as exc:
        raise LoadError(msg("load.unreadable", name=name, error=exc.strerror or str(exc))) from None
    try:
        size = os.fstat(fd).st_size
        if size > MAX_FILE_BYTES:
            raise LoadError(msg("load.too_large", name=name, mb=MAX_FILE_BYTES // 1024 // 1024))
        first = os.read(fd, min(size, MAX_LINE_BYTES + 1))
        if b"\n" not in first:
            return None  # a torn or oversized header: the whole read says which
        header, header_sum = _parse(first[:first.index(b"\n")], "", _line_of(name, 1), name, True)
        if header.get("version", 1) < 2:
            return None
        want = TAIL_FIRST
        while True:
            start, tail = read_tail(fd, size, want)
            at = tail.rfind(b'"kind":"checkpoint"', 0, tail.rfind(b"\n") + 1)
            if at >= 0 and (start == 0 or tail.rfind(b"\n", 0, at) >= 0):
                break
            if start == 0 or want >= TAIL_MOST:
                return None
            want *= 2
    except OSError as exc:
        raise LoadError(msg("load.unreadable", name=name, error=exc.strerror or str(exc))) from None
    finally:
        os.close(fd)
    line_start = tail.rfind(b"\n", 0, at) + 1
    raw, valid, notice = _split(tail[line_start:], name)
    try:
        saved = json.loads(raw[0].decode("utf-8"))
        previous = saved["prev"] if isinstance(saved, dict) else None
    except (UnicodeDecodeError, ValueError, RecursionError, KeyError):
        return None
    if not isinstance(previous, str):
        return None
    bodies, checkpoint_body = [], None
    for offset, line in enumerate(raw):
        where = msg("load.where_end", name=name)
        obj, previous = _parse(line, previous, where, name, False)
        if checkpoint_body is None:
            checkpoint_body = obj
        elif obj.get("kind") == HINT:
            continue  # not a move
        elif type(obj.get("n")) is not int or obj["n"] != checkpoint_body.get("n", 0) + len(bodies):
            raise LoadError(msg("load.out_of_order", where=where))
        else:
            bodies.append(obj)
    del header_sum
    return _Read(header, bodies, [], previous, start + line_start + valid, notice, checkpoint_body)


def _text(value: Any, what: str) -> str:
    """A text of the header; ``what`` names it in the refusal (``load.damaged_<what>``)."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise LoadError(msg(f"load.damaged_{what}"))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise LoadError(msg(f"load.damaged_{what}")) from None
    return value


def _config_from_header(header: dict[str, Any]) -> tuple[Game, GameConfig, bool]:
    from .. import games

    game_id = _text(header.get("game"), "game")
    try:
        game = games.get(game_id)
    except LookupError:
        raise LoadError(msg("load.unknown_game", game=game_id)) from None
    seats_raw = header.get("seats")
    if not isinstance(seats_raw, list) or not 1 <= len(seats_raw) <= MAX_SEATS:
        raise LoadError(msg("load.damaged_seats"))
    seats = []
    for raw in seats_raw:
        if not isinstance(raw, dict):
            raise LoadError(msg("load.damaged_seats"))
        if name_error(raw.get("name")):
            raise LoadError(msg("load.damaged_name"))
        seat = SeatConfig(_text(raw.get("name"), "name"), _text(raw.get("color"), "colour"),
                          _text(raw.get("kind"), "kind"), _text(raw.get("level"), "level"))
        _check_seat(game, seat)
        seats.append(seat)
    if not game.min_players <= len(seats) <= game.max_players:
        raise LoadError(msg("load.seat_count", n=len(seats), game=msg(game.title),
                            low=game.min_players, high=game.max_players))
    options = header.get("options")
    seed = header.get("seed")
    casual = header.get("casual", False)
    if not isinstance(options, dict) or not isinstance(seed, int) or isinstance(seed, bool) \
            or not isinstance(casual, bool) or not isinstance(header.get("hints", True), bool):
        raise LoadError(msg("load.damaged_options"))
    try:
        chosen = options_dict(game, options)
    except ValueError as exc:
        raise LoadError(msg("load.bad_options", reason=exc.args[0] if exc.args else "")) from None
    config = GameConfig(game.id, tuple(seats), tuple(sorted(chosen.items())), seed)
    return game, config, casual


def _check_seat(game: Game, seat: SeatConfig) -> None:
    """A seat's kind is a person or a computer, and a computer's level is one this version
    plays (issue 28: an unknown level passed ``verify``, then every Continue crashed)."""
    from ..ai import levels

    if seat.kind not in ("person", "computer"):
        raise LoadError(msg("load.damaged_kind"))
    if seat.kind == "computer" and seat.level not in levels(game):
        raise LoadError(msg("load.unknown_level", level=_shown(seat.level)))


def _replay_bodies(match: Match, codec: Codec, bodies: list[dict[str, Any]], name: str,
                   first_line: int, checkpoints: dict[int, dict[str, Any]] | None = None,
                   sums: dict[int, str] | None = None) -> None:
    """Apply saved group lines to ``match`` through the rules; with ``checkpoints`` (by the
    number of groups before each), check each equals the one the replayed match gives."""
    checkpoints = checkpoints or {}
    for index, body in enumerate(bodies):
        where = _line_of(name, first_line + index)
        saved = checkpoints.get(match.version)
        if saved is not None:
            made = checkpoint.body(match, saved.get("prev", ""))
            if made is None or (
                    _canonical(_comparable(made)) != _canonical(_comparable(saved))
                    and _canonical(_comparable(made))
                    != _canonical(_comparable(_as_today(saved, match, codec)))):
                raise LoadError(msg("load.bad_checkpoint", name=name, entry=match.version))
        try:
            group = checkpoint.decode_group(codec, body)
            match.replay_entry(group.kind, group.seat, group.command, group.events)
        except IllegalMove as exc:
            raise LoadError(msg("load.refused_move", where=where, reason=exc.reason)) from None
        except (CodecError, ValueError, TypeError, KeyError) as exc:
            raise LoadError(msg("load.not_the_rules", where=where, detail=str(exc))) from None
        except Exception as exc:  # crafted data reaching a rule the recorder never could
            raise LoadError(msg("load.not_the_rules", where=where,
                                detail=f"{type(exc).__name__}: {exc}")) from None


def _as_today(saved: dict[str, Any], match: Match, codec: Codec) -> dict[str, Any]:
    """A checkpoint as this version writes it: its state, commands and events decoded (records
    of earlier versions upgraded: a game's ``OLDER_RECORDS``) and encoded again, so one written
    before a state or an event gained a field still compares equal. Unreadable: as it is."""
    out = dict(saved)
    try:
        out["state"] = encode(checkpoint.state_codec(match.game, match.state)
                              .decode(saved.get("state")))
        for key in ("groups", "undone"):
            if isinstance(saved.get(key), list):
                out[key] = [_group_today(g, codec) if isinstance(g, dict) else g
                            for g in saved[key]]
    except (CodecError, ValueError, TypeError, KeyError):
        return saved
    return out


def _group_today(group: dict[str, Any], codec: Codec) -> dict[str, Any]:
    out = dict(group)
    for key in ("cmd", "events"):
        if key in group:
            out[key] = encode(codec.decode(group[key]))
    return out


def _comparable(saved: dict[str, Any]) -> dict[str, Any]:
    """A checkpoint without what is not checked: the groups' labels (progress lines, for people
    reading the file; recomputed on load) and the reader's own bookkeeping."""
    out = {k: v for k, v in saved.items() if k not in ("_at", seal.FIELD)}
    for key in ("groups", "undone"):
        if isinstance(out.get(key), list):
            out[key] = [{k: v for k, v in g.items() if k != "label"} if isinstance(g, dict) else g
                        for g in out[key]]
    return out


def _setup(read: _Read, name: str) -> tuple[Game, GameConfig, bool, Codec]:
    game, config, casual = _config_from_header(read.header)
    reason = seats_error(game, config)
    if reason:
        raise LoadError(msg("load.no_setup", name=name, reason=reason))
    return game, config, casual, Codec((*game.commands, *game.events), older_records(game))


def _replay(read: _Read, name: str) -> Match:
    """The match of a whole read, replayed from the setup; every checkpoint checked."""
    game, config, casual, codec = _setup(read, name)
    try:
        match = Match(game, config, casual=casual)
    except (ValueError, TypeError, KeyError) as exc:
        raise LoadError(msg("load.no_setup", name=name, reason=exc.args[0] if exc.args else str(exc))) from None
    by_version = {c["_at"]: c for c in read.checkpoints}
    _replay_bodies(match, codec, read.bodies, name, 2, by_version)
    if not match.version:
        raise LoadError(msg("load.no_game", name=name))
    for saved in read.checkpoints:
        if saved["_at"] == match.version:  # a checkpoint after the last group: never written
            raise LoadError(msg("load.ends_with_checkpoint", name=name))
    return match


def _restore(read: _Read, path: Path) -> Match:
    """The match from the fast read's checkpoint and the lines after it."""
    game, config, casual, codec = _setup(read, path.name)
    assert read.restore_from is not None
    if not _sealed(read.restore_from):
        raise ValueError("a checkpoint this app did not write is not trusted")
    match = checkpoint.restore({"config": config, "casual": casual}, game, codec, read.restore_from)
    _replay_bodies(match, codec, read.bodies, path.name, 0)
    match.history_loader = lambda: _history(path, codec, match.restored_at or 0)
    return match


def _sealed(saved: dict[str, Any]) -> bool:
    """Whether this app wrote the checkpoint ``saved`` (engine/seal.py): only then is its
    state, base and history taken without replaying the moves before it."""
    body = {k: v for k, v in saved.items() if k not in (seal.FIELD, "_at")}
    return seal.verifies(_canonical(body), saved.get(seal.FIELD))


def _history(path: Path, codec: Codec, upto: int) -> list[Group]:
    """The active groups of the whole file, decoded without the rules (a restored match's
    sealed part, for the score screen and the log)."""
    read = _read_lines(path)
    active: list[Group] = []
    undone: list[Group] = []
    for body in read.bodies:
        group = checkpoint.decode_group(codec, body)
        if group.kind in ("setup", "command"):
            active.append(group)
            undone.clear()
        elif group.kind == "undo" and active:
            undone.append(active.pop())
        elif group.kind == "redo" and undone:
            active.append(undone.pop())
    return active[:upto]


def load(path: Path) -> tuple[_Read, Match]:
    """Read a save to continue it: from its last checkpoint when it has one, else whole."""
    read = _read_fast(path)
    if read is not None:
        try:
            return read, _restore(read, path)
        except LoadError:
            raise
        except Exception:  # noqa: BLE001 - a malformed checkpoint: the whole replay says what
            pass
    read = _read_lines(path)
    return read, _replay(read, path.name)


# -- the saved game ------------------------------------------------------------------------


class SavedGame:
    """A match bound to its save file. Every change is on disk before the call returns."""

    def __init__(self, match: Match, path: Path | None, casual: bool, notice: str | None = None,
                 writer: "_Writer | None" = None, hints: bool = True) -> None:
        self.match = match
        self.path = path
        self.casual = casual
        self.notice = notice
        self._writer = writer
        self.hints = hints  # the table offers hints (chosen at setup, kept in the header)

    @property
    def read_only(self) -> bool:
        return self._writer is None

    @classmethod
    def create(cls, game: Game, config: GameConfig, folder: Path, *, casual: bool = False,
               hints: bool = True) -> "SavedGame":
        reason = seats_error(game, config) or next(
            filter(None, (name_error(s.name) for s in config.seats)), None)
        if reason:
            raise ValueError(reason)
        # the options as a reload gives them (defaults filled in), so the live match is the
        # match the file holds
        config = GameConfig(config.game, config.seats,
                            tuple(sorted(options_dict(game, dict(config.options)).items())),
                            config.seed)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"{game.id}-{stamp}-{secrets.token_hex(3)}{SUFFIX}"
        header = header_for(game, config, casual, hints)
        line, checksum = _line("", header)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            _atomic_write(path, line)
            lock = SaveLock.acquire(path)
        except OSError as exc:  # a full disk, a file where the folder should be, no permission
            raise SaveFailed(_cannot_create(exc, folder)) from None
        writer = _Writer(path, checksum, len(line), lock)
        try:
            match = Match.start(game, config, casual=casual, sink=writer.append)
        except BaseException:
            writer.close()
            raise
        writer.match = match
        return cls(match, path, casual, None, writer, hints)

    @classmethod
    def open(cls, path: Path) -> "SavedGame":
        """Load a save to continue playing it, holding its lock until :meth:`close`. A torn
        tail is dropped (and a format-1 file upgraded) by writing a new file renamed over the
        old one. Raises LoadError (OpenElsewhere when another window has it open)."""
        path = Path(path)
        try:
            lock = SaveLock.acquire(path)
        except GameLocked:
            raise OpenElsewhere(msg("load.open_elsewhere", name=path.name)) from None
        except OSError as exc:
            raise LoadError(msg("load.folder_read_only", name=path.name,
                                error=exc.strerror or str(exc))) from None
        try:
            read, match = load(path)
            old = read.header.get("version", 1) < FORMAT_VERSION
            if read.notice and not old:
                data = read_bounded(path, MAX_FILE_BYTES)
                _atomic_write(path, data[:read.valid_bytes])
            writer = _Writer(path, read.last_sum, read.valid_bytes, lock, match,
                             upgrade=read if old else None, since=_since_checkpoint(read))
        except OSError as exc:
            lock.release()
            raise LoadError(msg("load.cannot_continue", name=path.name,
                                error=exc.strerror or str(exc))) from None
        except BaseException:
            lock.release()
            raise
        match.sink = writer.append
        return cls(match, path, match.casual, read.notice, writer, _hints_allowed(read.header))

    @classmethod
    def replay(cls, path: Path | Any) -> "SavedGame":
        """Load without ever writing (verify, demos, watching a game open elsewhere): the whole
        log through the rules. ``path`` may be a packaged resource."""
        if not isinstance(path, Path):
            with path.open("rb") as src, tempfile.TemporaryDirectory() as tmp:
                local = Path(tmp) / path.name
                local.write_bytes(src.read(MAX_FILE_BYTES + 1))
                read = _read_lines(local)
        else:
            read = _read_lines(path)
        match = _replay(read, path.name)
        return cls(match, None, match.casual, read.notice, None, _hints_allowed(read.header))

    @classmethod
    def watch(cls, path: Path) -> "SavedGame":
        """Load to look at, never writing and taking no lock (from the last checkpoint)."""
        read, match = load(Path(path))
        return cls(match, None, match.casual, read.notice, None, _hints_allowed(read.header))

    def submit(self, command: Command, expected_version: int | None = None) -> Group:
        return self.match.submit(command, expected_version)

    def undo(self, seat: int) -> Group:
        return self.match.undo(seat)

    def redo(self, seat: int) -> Group:
        return self.match.redo(seat)

    def record_hint(self, seat: int) -> None:
        """Record that ``seat`` was shown a hint (a line no reader of moves replays); raises
        SaveFailed like a move."""
        if self._writer is not None:
            self._writer.note({"kind": HINT, "seat": seat, "at": self.match.version})

    def close(self) -> None:
        if self._writer:
            self._writer.close()


def _hints_allowed(header: dict[str, Any]) -> bool:
    return header.get("hints", True) is not False


def hints_allowed(path: Path) -> bool:
    """Whether the game saved at ``path`` was set up with hints (its header; an older save, or
    one that cannot be read: yes)."""
    try:
        header, _last = _ends(Path(path))
    except LoadError:
        return True
    return _hints_allowed(header)


def hints_taken(path: Path) -> dict[int, int]:
    """How many hints each seat was shown in the save at ``path`` (its hint lines, wherever they
    are: the fast read of a continued game skips what lies before its last checkpoint).
    A file that cannot be read gives what could be counted."""
    try:
        data = read_bounded(Path(path), MAX_FILE_BYTES)
    except OSError:
        return {}
    counts: dict[int, int] = {}
    for line in data.split(b"\n"):
        if b'"kind":"hint"' not in line or len(line) > MAX_LINE_BYTES:
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError, UnicodeDecodeError):
            continue
        seat = obj.get("seat") if isinstance(obj, dict) and obj.get("kind") == HINT else None
        if type(seat) is int and 0 <= seat < MAX_SEATS:
            counts[seat] = counts.get(seat, 0) + 1
    return counts


class _Writer:
    """Appends log groups (and, now and then, a checkpoint before one) to a save: write, sync,
    then return. A write that fails is cut back to the last whole line and raises SaveFailed;
    the move is then not played (the match changes only after its sink returns)."""

    def __init__(self, path: Path, last_sum: str, size: int, lock: SaveLock,
                 match: Match | None = None, upgrade: _Read | None = None, since: int = 0) -> None:
        self.path = path
        self.last_sum = last_sum
        self.size = size
        self.match = match
        self._lock = lock
        self._upgrade = upgrade
        self._fd: int | None = None
        self._broken = False
        self._lines = since
        self._events = 0
        self._bytes = 0

    def append(self, group: Group) -> None:
        if self._broken:
            raise SaveFailed(msg("save.failed_broken"))
        data, previous = b"", self.last_sum
        # a finished game gets a checkpoint before its last move whatever was written since
        # the last (issue 28): opening it to see that it is over replays one group, not all
        if self.match is not None and (group.over or checkpoint.due(self._lines, self._events,
                                                                    self._bytes)):
            saved = checkpoint.body(self.match, previous)
            if saved is not None:
                sealed = seal.seal(_canonical(saved))
                if sealed is not None:
                    saved[seal.FIELD] = sealed
                data, previous = _line(previous, saved)
        line, previous = _line(previous, checkpoint.group_body(group))
        data += line
        if self._upgrade is not None:
            self._write_upgraded(data)
        else:
            self._write(data)
        self.last_sum = previous
        if len(data) > len(line):
            self._lines = self._events = self._bytes = 0
        self._lines += 1
        self._events += len(group.events)
        self._bytes += len(line)

    def note(self, body: dict[str, Any]) -> None:
        """Append one line that is not a move (a hint record), chained like the others."""
        if self._broken:
            raise SaveFailed(msg("save.failed_broken"))
        line, previous = _line(self.last_sum, body)
        if self._upgrade is not None:
            self._write_upgraded(line)
        else:
            self._write(line)
        self.last_sum = previous

    def _write(self, data: bytes) -> None:
        try:
            if self._fd is None:
                self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
            if os.fstat(self._fd).st_size != self.size:
                # bytes another program appended while this window holds the game (issue 28:
                # a partial line there made the next move's line unreadable): not the game's
                self._cut_back()
                if self._broken:
                    raise OSError(errno.EIO, "the file was changed by another program")
            view = memoryview(data)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
            os.fsync(self._fd)
        except OSError as exc:
            self._cut_back()
            raise SaveFailed(_failed(exc)) from None
        self.size += len(data)

    def _cut_back(self) -> None:
        """Truncate the file to its last whole line; if even that fails, stop writing."""
        try:
            if self._fd is None:
                raise OSError("not open")
            os.ftruncate(self._fd, self.size)
        except OSError:
            self._broken = True  # the next open drops the torn tail
            return
        try:
            os.fsync(self._fd)
        except OSError:
            pass  # the cut is in the file; the disk may keep it later

    def _write_upgraded(self, data: bytes) -> None:
        """The first write to a format-1 save: the whole file again in this format, with the new
        lines, to a temporary file renamed over the old one."""
        read = self._upgrade
        assert read is not None
        header = dict(read.header, version=FORMAT_VERSION)
        old, previous = _chain([header, *read.bodies])
        # the new lines were chained from the old file's last sum: chain them again from here
        again = []
        for raw in data.splitlines(keepends=True):
            body = json.loads(raw)
            body.pop("sum")
            if body.get("kind") == "checkpoint":
                body["prev"] = previous
            line, previous = _line(previous, body)
            again.append(line)
        try:
            _atomic_write(self.path, old + b"".join(again))
        except OSError as exc:
            raise SaveFailed(_failed(exc)) from None
        self._upgrade = None
        self.size = len(old) + sum(len(x) for x in again)
        self.last_sum = previous

    def close(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None
        self._lock.release()


def _since_checkpoint(read: _Read) -> int:
    """Group lines after the last checkpoint (all of them when there is none)."""
    if read.restore_from is not None:
        return len(read.bodies)
    return len(read.bodies) - (read.checkpoints[-1]["_at"] if read.checkpoints else 0)


def _cannot_create(exc: OSError, folder: Path) -> Msg:
    """Why a new game's file could not be made, in words (issue 28: "[Errno 28] ...")."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return msg("save.create_full")
    if isinstance(exc, (FileExistsError, NotADirectoryError)) or folder.is_file():
        return msg("save.create_not_folder", folder=str(folder))
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return msg("save.create_no_permission", folder=str(folder))
    return msg("save.create_failed", folder=str(folder), error=exc.strerror or type(exc).__name__)


def _failed(exc: OSError) -> Msg:
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return msg("save.failed_full")
    return msg("save.failed", error=str(exc.strerror or exc))


def _atomic_write(path: Path, data: bytes) -> None:
    """Write a whole file beside ``path`` and rename it over ``path``."""
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    if hasattr(os, "O_DIRECTORY"):
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# -- the folder ----------------------------------------------------------------------------

TRUST_OLD_BYTES = 2 * 1024 * 1024  # see most_recent
LIST_HEAD = 4096  # bytes first read from the start of each save for the list (its header) ...
LIST_TAIL = 8192  # ... and from its end (the last entry); more when a line is longer
TAIL_LINES = 64  # lines read back from the end for the last entry: past them, it is damaged


def list_saves(folder: Path) -> list[SaveInfo]:
    """The saves in ``folder``, newest first. Each file is summarised from its header and tail
    only, once: the summary is kept in the index (``save_index.py``) and read from there while
    the file keeps its size and time, so the list costs the same with 10 or 10,000 games.
    Whatever is in the folder, the list is made: a file that cannot be read (a link to nowhere,
    a pipe, a damaged file) is a row saying so, and nothing is ever changed."""
    return [info for info, _stamp in _listed(folder)]


def _listed(folder: Path, index: "SaveIndex | None" = None) -> list[tuple[SaveInfo, tuple[int, int]]]:
    """The list with each file's (size, mtime) as summarised; ``index``: an open index."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    names = {entry.name for entry in entries}
    own = index is None
    index = index or SaveIndex.open()
    known = index.rows(folder) if index is not None else {}
    out, fresh = [], []
    try:
        for entry in entries:
            if not entry.name.endswith(SUFFIX) or entry.name.startswith("."):
                continue
            path = Path(entry.path)
            try:
                st = entry.stat()
                stamp = (st.st_size, st.st_mtime_ns)
                modified = st.st_mtime
            except (OSError, ValueError):
                stamp, modified = (-1, -1), 0.0
            row = known.pop(str(path), None)
            summary = None
            if row is not None and (row[0], row[1]) == stamp and stamp[0] >= 0:
                try:
                    summary = json.loads(row[2])
                except ValueError:
                    summary = None
            if summary is None:
                summary = _summary(path)
                if stamp[0] >= 0:
                    fresh.append((path, stamp[0], stamp[1], summary))
            locked = ("." + entry.name + ".lock") in names and is_locked(path)
            out.append((_from_summary(path, modified, summary, locked), stamp))
        if index is not None:
            index.put(fresh)
            index.forget(list(known))  # files gone from the folder
    finally:
        if own and index is not None:
            index.close()
    out.sort(key=lambda pair: pair[0].modified, reverse=True)
    return out


def _summary(path: Path) -> dict[str, Any]:
    """What the list shows of a file, as data for the index: the header's game and seats and
    the last entry's progress label and end flag as written, or why it cannot be read."""
    try:
        header, last = _ends(path)
        _check_header(header, path.name)
        game, config, _casual = _config_from_header(header)
        return {"game": game.id, "created": _shown(header.get("created")),
                "seats": [[s.name, s.color, s.kind, s.level] for s in config.seats],
                "label": last.get("label"), "flag": last.get("over") is True,
                "commands": last["n"] + 1 if type(last.get("n")) is int else 0}
    except LoadError as exc:
        return {"problem": checkpoint.label_value(exc.reason), "keep": recoverable(path)}
    except Exception as exc:  # noqa: BLE001 - the list shows every entry, whatever it holds
        return {"problem": checkpoint.label_value(
            msg("load.unreadable", name=path.name, error=type(exc).__name__))}


def _from_summary(path: Path, modified: float, summary: dict[str, Any], locked: bool) -> SaveInfo:
    """A row of the list from a summary (the index's, or one just made)."""
    try:
        if "problem" not in summary:
            seats = tuple(SeatConfig(*map(str, seat)) for seat in summary["seats"])
            return SaveInfo(path, path.stem, str(summary["game"]), _shown(summary["created"]),
                            modified, seats, _shown(_label_text(summary.get("label"))),
                            summary.get("flag") is True, int(summary.get("commands", 0)), "", locked)
        reason = checkpoint.label_from(summary["problem"])
    except (KeyError, TypeError, ValueError):
        reason = msg("load.unreadable", name=path.name, error="index")
    if not isinstance(reason, Msg) or not _known_label(reason):
        reason = msg("load.unreadable", name=path.name, error="?")
    keep = summary.get("keep")
    return SaveInfo(path, path.stem, "?", "", modified, (),
                    tr("load.list_problem", reason=reason), False, 0, tr(reason), locked,
                    keep if type(keep) is int and keep >= 0 else None)


def _ends(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header and the last whole entry line of a save, reading only the file's two ends."""
    name = path.name
    try:
        fd = open_regular(path)
    except FileRefused as exc:
        raise LoadError(_refused(name, exc)) from None
    except OSError as exc:
        raise LoadError(msg("load.unreadable", name=name, error=exc.strerror or str(exc))) from None
    try:
        size = os.fstat(fd).st_size
        want = LIST_HEAD
        while True:
            _start, head = read_tail(fd, min(size, want), want)  # the first ``want`` bytes
            if b"\n" in head or want > MAX_LINE_BYTES or len(head) < want:
                break
            want *= 4
        if b"\n" not in head:
            raise LoadError(msg("load.no_header", name=name))
        header, _sum = _parse(head[:head.index(b"\n")], "", _line_of(name, 1), name, True)
        last: dict[str, Any] = {}
        want = LIST_TAIL
        while not last:
            start, tail = read_tail(fd, size, want)
            lines = tail.split(b"\n")[:-1]  # what follows the last newline is torn
            if len(lines) > TAIL_LINES:  # an app's file ends with a move within a few lines
                lines = lines[-TAIL_LINES - 1:]
            for line in reversed(lines[1:]):  # the first is the header or cut at ``start``
                if b'"kind":"checkpoint"' in line:
                    continue
                try:
                    obj = json.loads(line)
                except (ValueError, RecursionError, UnicodeDecodeError):
                    continue
                if isinstance(obj, dict) and obj.get("kind") in ("setup", "command", "undo", "redo"):
                    last = obj
                    break
            if not last and len(lines) > TAIL_LINES:
                raise LoadError(msg("load.no_last_move", name=name))
            if start == 0 or want >= 4 * MAX_LINE_BYTES:
                break
            want *= 4
    except OSError as exc:
        raise LoadError(msg("load.unreadable", name=name, error=exc.strerror or str(exc))) from None
    finally:
        os.close(fd)
    return header, last


def _label_text(value: Any) -> str:
    """A saved progress line in the reader's language (a message) or as written (a text)."""
    from ..i18n import tr

    label = checkpoint.label_from(value)
    if not isinstance(label, str) and not _known_label(label):
        return tr("load.unknown_progress")
    try:
        return tr(label) if not isinstance(label, str) else label
    except Exception:  # noqa: BLE001 - a crafted label never stops the list
        return ""


def _known_label(label: Any, depth: int = 0) -> bool:
    """Whether every message in a saved label is a catalogue key (issue 28: an unknown key
    is rendered as its own template, so a key read from a file such as ``{a:>400000000}``
    was formatted at every start). Texts and numbers are only ever parameters."""
    from ..i18n import Msg, has

    if isinstance(label, Msg):
        return has(label.key) and depth < 8 and all(_known_label(v, depth + 1)
                                                  for _k, v in label.params)
    if isinstance(label, tuple):
        return depth < 8 and len(label) <= 64 and all(_known_label(v, depth + 1) for v in label)
    return isinstance(label, (str, int))


def _shown(text: Any) -> str:
    """A text from a file made safe to show: at most 120 characters, no control characters."""
    if not isinstance(text, str):
        return ""
    text = text.encode("utf-8", "replace").decode("utf-8")
    return "".join(ch if unicodedata.category(ch)[0] != "C" else "\ufffd" for ch in text[:120])


def most_recent(folder: Path) -> SaveInfo | None:
    """The newest save that loads and is not finished (for "Continue"): whether it is finished
    is worked out from its moves (from the last checkpoint), never read from the file, and kept
    in the index while the file is unchanged (every finished game ends with a checkpoint, so
    that costs one group's replay once), so a folder of thousands of finished games costs a
    look at each file's size and time. Only a format-1 file over :data:`TRUST_OLD_BYTES`, which
    has no checkpoint and would have to be replayed whole, is judged by the end flag its last
    line carries."""
    index = SaveIndex.open()
    try:
        known = index.rows(folder) if index is not None else {}
        for where, (size, mtime, modified) in _newest_first(folder):
            row = known.get(where)
            path = Path(where)
            if row is not None and (row[0], row[1]) == (size, mtime) and row[3] is not None:
                if row[3]:
                    continue  # over, as the rules said when the file was as it is now
                try:
                    info = _from_summary(path, modified, json.loads(row[2]), is_locked(path))
                except ValueError:
                    info = None
                if info is not None and info.game != "?":
                    return info
                continue
            summary = _summary(path)
            info = _from_summary(path, modified, summary, is_locked(path))
            if index is not None and size >= 0 and (row is None or (row[0], row[1]) != (size, mtime)):
                index.put([(path, size, mtime, summary)])
            if info.game == "?":
                continue
            try:
                if _read_fast(path) is None and size > TRUST_OLD_BYTES:
                    if info.finished:
                        continue
                    return info
                _read, match = load(path)
            except (LoadError, OSError):
                continue
            over = match.is_over()
            if index is not None and size >= 0:
                index.set_over(path, size, mtime, over)
            if not over:
                return info
        return None
    finally:
        if index is not None:
            index.close()


def _newest_first(folder: Path) -> list[tuple[str, tuple[int, int, float]]]:
    """The save files of ``folder`` (their paths as text: a Path each costs more than the
    stat) with (size, mtime in ns, mtime), newest first."""
    out = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return out
    for entry in entries:
        if not entry.name.endswith(SUFFIX) or entry.name.startswith("."):
            continue
        try:
            st = entry.stat()
            out.append((entry.path, (st.st_size, st.st_mtime_ns, st.st_mtime)))
        except (OSError, ValueError):
            out.append((entry.path, (-1, -1, 0.0)))
    out.sort(key=lambda pair: pair[1][2], reverse=True)
    return out


LEFTOVER_SECONDS = 15 * 60  # a temporary file this old is no copy or rewrite still running


def sweep_leftovers(folder: Path) -> int:
    """Remove the temporary files that a copy or a rewrite killed part-way left in ``folder``
    (``.copy-*`` and ``.tmp-*`` save files, up to 64 MB each, hidden, never read); only those
    untouched for :data:`LEFTOVER_SECONDS`, so another window's copy under way is left alone.
    Returns how many went; never fails."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        if not (entry.name.startswith((".copy-", ".tmp-")) and entry.name.endswith(SUFFIX)):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= LEFTOVER_SECONDS:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


@dataclass(frozen=True)
class Recovered:
    """A damaged save's game up to its last good move, written as a new file."""

    path: Path  # the new file
    commands: int  # the commands it holds
    entries: int  # its log entries (commands, undos and redos)


def recoverable(path: Path) -> int | None:
    """The number of commands a damaged save keeps up to its first bad line (for "Continue
    from move N"), or None when nothing can be kept (no readable header or setup)."""
    try:
        return _good_part(path)[2]
    except (LoadError, OSError):
        return None
    except Exception:  # noqa: BLE001 - crafted data reaching a rule: nothing to keep
        return None


def _good_part(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """The header and the entry lines of ``path`` up to the first line that is damaged, out of
    order or not what the rules give, each replayed through the rules; and the commands kept."""
    name = path.name
    data = _read_file(path)
    lines = _lines(data, name)
    first, _end = next(lines)
    header, previous = _parse(first, "", _line_of(name, 1), name, True)
    game, config, casual = _config_from_header(header)
    if seats_error(game, config):
        raise LoadError(msg("load.no_setup", name=name, reason=seats_error(game, config)))
    codec = Codec((*game.commands, *game.events), older_records(game))
    match = Match(game, config, casual=casual)
    good: list[dict[str, Any]] = []
    for number, (line, _end) in enumerate(lines, start=2):
        try:
            obj, previous = _parse(line, previous, _line_of(name, number), name, False)
        except LoadError:
            break
        if obj.get("kind") in ("checkpoint", HINT):
            continue  # a new checkpoint is written as the game goes on; hints are not moves
        if obj.get("n") != len(good):
            break
        try:
            group = checkpoint.decode_group(codec, obj)
            match.replay_entry(group.kind, group.seat, group.command, group.events)
        except Exception:  # noqa: BLE001 - the first entry the rules refuse ends the good part
            break
        good.append(obj)
    if not good:
        raise LoadError(msg("load.no_game", name=name))
    return header, good, sum(1 for g in good if g.get("kind") == "command")


def recover(path: Path) -> Recovered:
    """Write the game of the damaged save at ``path`` up to its last good move as a new file
    beside it ("<name> (recovered)"), never changing the damaged one (issue 28: one flipped
    byte made a game unloadable). The new file verifies. Raises LoadError."""
    path = Path(path)
    header, good, commands = _good_part(path)
    header = {k: v for k, v in header.items() if k != "sum"}
    data, _last = _chain([header] + good)
    folder = path.parent
    for i in range(1, 100):
        suffix = tr("load.recovered_name") if i == 1 else f"{tr('load.recovered_name')} {i}"
        target = folder / f"{path.stem} ({suffix}){SUFFIX}"
        if name_problem(target.name) is not None:
            target = folder / f"{path.stem[:40]} ({suffix}){SUFFIX}"
        if not (target.exists() or target.is_symlink()):
            break
    else:
        raise LoadError(msg("load.name_taken", name=target.stem))
    try:
        _atomic_write(target, data)
    except OSError as exc:
        raise LoadError(msg("load.cannot_recover", name=path.name,
                            error=exc.strerror or str(exc))) from None
    return Recovered(target, commands, len(good))


def _not_open(path: Path, doing: str) -> SaveLock:
    if path.suffix != SUFFIX:
        raise LoadError(msg("load.not_a_save_file", name=path.name))
    try:
        return SaveLock.acquire(path)
    except GameLocked:
        raise LoadError(msg(f"load.open_elsewhere_{doing}", name=path.stem)) from None
    except OSError as exc:
        raise LoadError(msg("load.cannot_change", name=path.stem, error=exc.strerror or str(exc))) from None


def delete_save(path: Path) -> None:
    """Delete a save (refused while it is open in a window), and its review's cache."""
    lock = _not_open(path, "delete")
    try:
        path.unlink()
    except OSError as exc:
        raise LoadError(msg("load.cannot_delete", name=path.stem, error=exc.strerror or str(exc))) from None
    finally:
        lock.release()
    try:
        review_cache(path).unlink()
    except OSError:
        pass  # none, or it cannot go: a cache of a save that is gone is never read


def review_cache(path: Path) -> Path:
    """Where the review of the save at ``path`` is cached (``ai/review.py``)."""
    return path.with_name(path.name + ".review.json")


_NAME = re.compile(r"^[\w][\w .,'()-]{0,79}$")


def rename_save(path: Path, new_name: str) -> Path:
    """Give a save a new name (its file name); refuses names with path characters or clashes,
    and a game open in a window."""
    new_name = new_name.strip()
    if not _NAME.match(new_name):
        raise LoadError(msg("load.bad_name"))
    problem = name_problem(new_name + SUFFIX)  # bytes, Windows' device names, a dot at the end
    if problem is not None:
        raise LoadError(msg(f"load.name_{problem}", name=new_name))
    target = path.with_name(new_name + SUFFIX)
    if target.exists() or target.is_symlink():
        raise LoadError(msg("load.name_taken", name=new_name))
    lock = _not_open(path, "rename")
    try:
        path.rename(target)
    except OSError as exc:
        raise LoadError(msg("load.cannot_rename", name=path.stem, error=exc.strerror or str(exc))) from None
    finally:
        lock.release()
    try:  # the review's cache goes with it (keyed by content, it stays valid)
        review_cache(path).rename(review_cache(target))
    except OSError:
        pass
    return target
