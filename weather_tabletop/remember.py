"""Things the app remembers that are not settings, kept as JSON in
``remember.json`` in the user config folder (``paths.config_dir()``, beside the settings).

The window size it was last left at, the setup's last game and seats, the table's panel states:
nothing a player chooses in Settings, so nothing that needs a message when it is lost. Hence
reading never fails, never hangs and never complains: a missing, unreadable, damaged or
oversized file, or one that is not a regular file (a FIFO, a link to a device), simply
remembers nothing, and a value that does not look like what a key holds is the caller's
``default`` (each caller checks the shape it expects; this module only guarantees small JSON).

Writing is atomic like the settings' (a temporary file in the same folder, then ``os.replace``)
and best effort: a read-only config folder must not stop a game from starting.

    remember.put(remember.WINDOW_SIZE, [1728, 972])
    remember.get(remember.WINDOW_SIZE, None)   # [1728, 972], in this run and the next
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from . import files, jsonfile, paths

FILE_NAME = "remember.json"
# Bounds: the whole file, one value's JSON, the number of keys, a key's length, nesting depth.
MAX_FILE_BYTES = 64 * 1024
MAX_VALUE_BYTES = 8 * 1024
MAX_KEYS = 64
MAX_KEY_LENGTH = 64
MAX_DEPTH = 6

# Keys in use (one place to read what is remembered):
WINDOW_SIZE = "window.size"          # [w, h] of the window when it was last left
SETUP_LAST = "setup.last"            # {"game", "players", "seats": [{"name", "colour", "kind"}]}
TABLE_PANELS = "table.panels"        # the table's side panels, collapsed or open

_path_override: Path | None = None
# The file last read and what it held: read once per file, not once per ``get``.
_cache: tuple[Path, dict[str, Any]] | None = None


def remember_file() -> Path:
    return _path_override or paths.config_dir() / FILE_NAME


def use_file(path: Path | None) -> None:
    """Read and write ``path`` instead of the user's file (tests); None goes back to it."""
    global _path_override, _cache
    _path_override = path
    _cache = None


def get(key: str, default: Any = None) -> Any:
    """The value last put under ``key``, or ``default`` when there is none (or it was damaged)."""
    value = _load().get(key, _MISSING)
    if value is _MISSING:
        return default
    return _copy(value)


def put(key: str, value: Any) -> None:
    """Remember ``value`` (small JSON: None, bool, int, float, str, lists and str-keyed dicts of
    these) under ``key`` and write the file. Raises ValueError for a value that is not small JSON
    (a programming error); a file that cannot be written is ignored."""
    if not _valid_key(key):
        raise ValueError(f"not a key to remember: {key!r}")
    if not _small_json(value, 0):
        raise ValueError(f"not a small JSON value: {value!r:.80}")
    text = json.dumps(value, allow_nan=False)
    if len(text.encode("utf-8")) > MAX_VALUE_BYTES:
        raise ValueError(f"value too large to remember under {key!r}")
    data = dict(_load())
    data[key] = json.loads(text)
    if len(data) > MAX_KEYS:  # oldest keys first out (dicts keep insertion order)
        for old in list(data)[: len(data) - MAX_KEYS]:
            del data[old]
    _store(data)


def forget(key: str) -> None:
    data = dict(_load())
    if data.pop(key, _MISSING) is not _MISSING:
        _store(data)


# -- inside ---------------------------------------------------------------------------------

_MISSING = object()


def _valid_key(key: Any) -> bool:
    return isinstance(key, str) and 0 < len(key) <= MAX_KEY_LENGTH


def _small_json(value: Any, depth: int) -> bool:
    if depth > MAX_DEPTH:
        return False
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return all(_small_json(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _small_json(v, depth + 1) for k, v in value.items())
    return False


def _copy(value: Any) -> Any:
    """A copy, so a caller changing what it got does not change what is remembered."""
    return json.loads(json.dumps(value))


def _load() -> dict[str, Any]:
    global _cache
    path = remember_file()
    if _cache is None or _cache[0] != path:
        _cache = (path, _read(path))
    return _cache[1]


def _read(path: Path) -> dict[str, Any]:
    try:  # a FIFO, a device or a link to one is refused unopened (issue 16), as is a big file
        raw = files.read_bounded(path, MAX_FILE_BYTES)
    except OSError:
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in list(data.items())[:MAX_KEYS]
            if _valid_key(k) and _small_json(v, 0)}


def _store(data: dict[str, Any]) -> None:
    global _cache
    path = remember_file()
    _cache = (path, data)
    try:
        jsonfile.write_atomic(path, data, indent=1)
    except OSError:
        pass  # not remembered: the app works the same
