"""Save files: one append-only JSON Lines file per game (DESIGN.md, "Storage").

Line 1 is the header (format, format version, app version, game, options, seats, seed, table
options, created); every further line is one log group of the match. Each line carries ``sum``,
a CRC-32 chained over the previous line's sum, so a flipped byte, a dropped, duplicated or
shuffled line is found. Every line is flushed and fsync'd before the move it records is shown.

Loading replays the log through the rules (each recorded event list must be what ``decide``
gives). A torn last line (no newline: the app died while writing it) is dropped with a notice.
Anything else that is wrong gives a :class:`LoadError` with one clear line, and the file is left
untouched. A file is never rewritten in place: dropping a torn tail writes a new file and renames
it over the old one. Save files are data only; nothing in them is executed; sizes are bounded.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, BinaryIO

from .. import __version__
from .codec import Codec, CodecError, encode
from .match import Group, Match
from .protocol import (Command, Game, GameConfig, IllegalMove, SeatConfig, options_dict,
                       seats_error)

FORMAT = "weather-tabletop-save"
FORMAT_VERSION = 1
SUFFIX = ".wtsave"
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_LINE_BYTES = 1024 * 1024
MAX_DEPTH = 24
MAX_SEATS = 8
MAX_TEXT = 200


class LoadError(Exception):
    """A save that cannot be loaded; ``message`` is one line a player understands."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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


def header_for(game: Game, config: GameConfig, casual: bool) -> dict[str, Any]:
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
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def group_body(group: Group) -> dict[str, Any]:
    body: dict[str, Any] = {"n": group.n, "kind": group.kind, "label": group.label,
                            "over": group.over}
    if group.seat is not None:
        body["seat"] = group.seat
    if group.command is not None:
        body["cmd"] = encode(group.command)
    if group.kind in ("setup", "command"):
        body["events"] = encode(group.events)
    return body


# -- reading -------------------------------------------------------------------------------


@dataclass
class _Read:
    header: dict[str, Any]
    bodies: list[dict[str, Any]]
    last_sum: str
    valid_bytes: int  # length of the file without a torn tail
    notice: str | None


def _read_lines(path: Path) -> _Read:
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise LoadError(f"{name} is too large to be a save ({size // 1024 // 1024} MB).")
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise LoadError(f"{name} does not exist.") from None
    except IsADirectoryError:
        raise LoadError(f"{name} is a folder, not a save file.") from None
    except OSError as exc:
        raise LoadError(f"{name} cannot be read: {exc.strerror or exc}.") from None
    if not data.strip():
        raise LoadError(f"{name} is empty: it is not a Weather Tabletop save.")
    notice = None
    raw = data.split(b"\n")
    if raw[-1] == b"":
        raw.pop()
        valid = len(data)
    else:
        torn = raw.pop()
        valid = len(data) - len(torn)
        if not raw:
            raise LoadError(f"{name} was cut off before its header was complete.")
        notice = "The last move was cut off by a crash while it was being saved and has been dropped."
    previous, header, bodies = "", None, []
    for number, line in enumerate(raw, start=1):
        where = f"{name}, line {number}"
        if len(line) > MAX_LINE_BYTES:
            raise LoadError(f"{where} is too long for a save file.")
        try:
            obj = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            if number == 1 and FORMAT.encode() not in line:
                raise LoadError(f"{name} is not a Weather Tabletop save.") from None
            raise LoadError(f"{where} is damaged (not readable data).") from None
        if not isinstance(obj, dict):
            raise LoadError(f"{name} is not a Weather Tabletop save." if number == 1
                            else f"{where} is damaged (not a record).")
        if number == 1 and obj.get("format") != FORMAT:
            raise LoadError(f"{name} is not a Weather Tabletop save.")
        if number == 1:
            version = obj.get("version")
            if not isinstance(version, int) or isinstance(version, bool) or version < 1:
                raise LoadError(f"{name} has a damaged header (format version).")
            if version > FORMAT_VERSION:
                raise LoadError(f"{name} was saved by a newer Weather Tabletop (save format "
                                f"{version}); this version reads format {FORMAT_VERSION}. "
                                "Update the app to open it.")
        if number == 1 and _depth(obj) > MAX_DEPTH:  # entries: the codec bounds the depth
            raise LoadError(f"{where} is nested too deeply for a save file.")
        checksum = _check_sum(previous, line)
        if checksum is None:
            raise LoadError(f"{where} is damaged (checksum mismatch): the file was changed "
                            "outside the app or the disk lost data.")
        obj.pop("sum", None)
        previous = checksum
        if number == 1:
            header = obj
        else:
            if type(obj.get("n")) is not int or obj["n"] != number - 2:
                raise LoadError(f"{where} is out of order.")
            bodies.append(obj)
    assert header is not None
    return _Read(header, bodies, previous, valid, notice)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise LoadError(f"The save's header has a damaged {what}.")
    return value


def _config_from_header(header: dict[str, Any]) -> tuple[Game, GameConfig, bool]:
    from .. import games

    game_id = _text(header.get("game"), "game name")
    try:
        game = games.get(game_id)
    except LookupError:
        raise LoadError(f"The save is of a game this version does not know: {game_id!r}.") from None
    seats_raw = header.get("seats")
    if not isinstance(seats_raw, list) or not 1 <= len(seats_raw) <= MAX_SEATS:
        raise LoadError("The save's header has a damaged seat list.")
    seats = []
    for raw in seats_raw:
        if not isinstance(raw, dict):
            raise LoadError("The save's header has a damaged seat list.")
        seats.append(SeatConfig(_text(raw.get("name"), "seat name"), _text(raw.get("color"), "colour"),
                                _text(raw.get("kind"), "seat kind"), _text(raw.get("level"), "level")))
    if not game.min_players <= len(seats) <= game.max_players:
        raise LoadError(f"The save has {len(seats)} seats; {game.title} takes "
                        f"{game.min_players}-{game.max_players}.")
    options = header.get("options")
    seed = header.get("seed")
    casual = header.get("casual", False)
    if not isinstance(options, dict) or not isinstance(seed, int) or isinstance(seed, bool) \
            or not isinstance(casual, bool):
        raise LoadError("The save's header is damaged (options, seed or table options).")
    try:
        chosen = options_dict(game, options)
    except ValueError as exc:
        raise LoadError(f"The save's options are not valid: {exc}.") from None
    config = GameConfig(game.id, tuple(seats), tuple(sorted(chosen.items())), seed)
    return game, config, casual


def _replay(read: _Read, name: str) -> Match:
    game, config, casual = _config_from_header(read.header)
    codec = Codec((*game.commands, *game.events))
    reason = seats_error(game, config)
    if reason:
        raise LoadError(f"{name} cannot be set up: {reason}")
    try:
        match = Match(game, config, casual=casual)
    except (ValueError, TypeError, KeyError) as exc:
        raise LoadError(f"{name} cannot be set up: {exc}") from None
    for index, body in enumerate(read.bodies):
        where = f"{name}, line {index + 2}"
        kind = body.get("kind")
        seat = body.get("seat")
        try:
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise ValueError("bad seat")
            command = codec.decode(body["cmd"]) if "cmd" in body else None
            events = codec.decode(body.get("events", []))
            if command is not None and not isinstance(command, Command):
                raise ValueError("not a command")
            if not isinstance(events, tuple):
                raise ValueError("events are not a list")
            match.replay_entry(str(kind), seat, command, events)
        except IllegalMove as exc:
            raise LoadError(f"{where} records a move the rules refuse: {exc.reason}") from None
        except (CodecError, ValueError, TypeError, KeyError) as exc:
            raise LoadError(f"{where} does not match the game's rules ({exc}).") from None
        except Exception as exc:  # crafted data reaching a rule the recorder never could
            raise LoadError(f"{where} does not match the game's rules "
                            f"({type(exc).__name__}: {exc}).") from None
    if not match.log:
        raise LoadError(f"{name} holds no game (the setup is missing).")
    return match


# -- the saved game ------------------------------------------------------------------------


class SavedGame:
    """A match bound to its save file. Every change is on disk before the call returns."""

    def __init__(self, match: Match, path: Path | None, casual: bool, notice: str | None = None,
                 writer: "_Writer | None" = None) -> None:
        self.match = match
        self.path = path
        self.casual = casual
        self.notice = notice
        self._writer = writer

    @property
    def read_only(self) -> bool:
        return self._writer is None

    @classmethod
    def create(cls, game: Game, config: GameConfig, folder: Path, *, casual: bool = False) -> "SavedGame":
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"{game.id}-{stamp}-{secrets.token_hex(3)}{SUFFIX}"
        header = header_for(game, config, casual)
        line, checksum = _line("", header)
        _atomic_write(path, line)
        writer = _Writer(path, checksum)
        match = Match.start(game, config, casual=casual, sink=writer.append)
        return cls(match, path, casual, None, writer)

    @classmethod
    def open(cls, path: Path) -> "SavedGame":
        """Load a save to continue playing it. A torn tail is dropped by writing the valid part
        to a new file renamed over the old one."""
        path = Path(path)
        read = _read_lines(path)
        match = _replay(read, path.name)
        if read.notice:
            with open(path, "rb") as f:
                _atomic_write(path, f.read(read.valid_bytes))
        writer = _Writer(path, read.last_sum)
        match.sink = writer.append
        return cls(match, path, match.casual, read.notice, writer)

    @classmethod
    def replay(cls, path: Path | Any) -> "SavedGame":
        """Load without ever writing (verify, demos). ``path`` may be a packaged resource."""
        if not isinstance(path, Path):
            with path.open("rb") as src, tempfile.TemporaryDirectory() as tmp:
                local = Path(tmp) / path.name
                local.write_bytes(src.read(MAX_FILE_BYTES + 1))
                read = _read_lines(local)
        else:
            read = _read_lines(path)
        match = _replay(read, path.name)
        return cls(match, None, match.casual, read.notice, None)

    def submit(self, command: Command, expected_version: int | None = None) -> Group:
        return self.match.submit(command, expected_version)

    def undo(self, seat: int) -> Group:
        return self.match.undo(seat)

    def redo(self, seat: int) -> Group:
        return self.match.redo(seat)

    def close(self) -> None:
        if self._writer:
            self._writer.close()


class _Writer:
    """Appends log groups to a save: write, flush, fsync, then return."""

    def __init__(self, path: Path, last_sum: str) -> None:
        self.path = path
        self.last_sum = last_sum
        self._file: BinaryIO | None = None

    def append(self, group: Group) -> None:
        line, checksum = _line(self.last_sum, group_body(group))
        if self._file is None:
            self._file = open(self.path, "ab")
        self._file.write(line)
        self._file.flush()
        os.fsync(self._file.fileno())
        self.last_sum = checksum

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


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


def list_saves(folder: Path) -> list[SaveInfo]:
    """The saves in ``folder``, newest first. Damaged files are listed with their problem as
    ``progress`` so the player can see and delete them; they are never changed."""
    out = []
    if not folder.is_dir():
        return out
    for path in folder.glob(f"*{SUFFIX}"):
        if path.name.startswith(".tmp-"):
            continue
        out.append(_info(path))
    return sorted(out, key=lambda s: s.modified, reverse=True)


def _info(path: Path) -> SaveInfo:
    modified = path.stat().st_mtime
    try:
        read = _read_lines(path)
        h = read.header
        seats = tuple(SeatConfig(str(s.get("name", "?")), str(s.get("color", "?")),
                                 str(s.get("kind", "person")), str(s.get("level", "random")))
                      for s in h.get("seats", []) if isinstance(s, dict))
        last = read.bodies[-1] if read.bodies else {}
        commands = sum(1 for b in read.bodies if b.get("kind") == "command")
        return SaveInfo(path, path.stem, str(h.get("game", "?")), str(h.get("created", "")),
                        modified, seats, str(last.get("label", "")), bool(last.get("over")), commands)
    except LoadError as exc:
        return SaveInfo(path, path.stem, "?", "", modified, (), f"cannot be loaded: {exc.message}",
                        False, 0)


def most_recent(folder: Path) -> SaveInfo | None:
    """The newest save that loads and is not finished (for "Continue")."""
    for info in list_saves(folder):
        if info.game != "?" and not info.finished:
            return info
    return None


def delete_save(path: Path) -> None:
    if path.suffix != SUFFIX:
        raise LoadError(f"{path.name} is not a save file.")
    path.unlink()


_NAME = re.compile(r"^[\w][\w .,'()-]{0,79}$")


def rename_save(path: Path, new_name: str) -> Path:
    """Give a save a new name (its file name); refuses names with path characters or clashes."""
    new_name = new_name.strip()
    if not _NAME.match(new_name):
        raise LoadError("A save name uses letters, digits, spaces and - _ . , ' ( ) (at most 80).")
    target = path.with_name(new_name + SUFFIX)
    if target.exists():
        raise LoadError(f"A save named {new_name!r} already exists.")
    path.rename(target)
    return target
