"""Seals on checkpoint lines: whether this app wrote a checkpoint, so it may be trusted (issue 28).

A checkpoint lets a game open from its state without replaying the moves before it. Its sums
only show that the line is whole: anyone can write a line with a valid sum, so a crafted
checkpoint (a state the rules could never reach, a base of two hundred million) was taken as it
was. Each checkpoint this app writes carries a seal, an HMAC-SHA256 of the line's canonical body
under a key kept in the user's data folder. A checkpoint whose seal does not verify (a file from
another computer, one written before seals, one edited by hand) is never trusted: the game opens
by replaying every move through the rules, which checks every checkpoint as ``verify`` does.

The key is 32 random bytes in ``seal.key``, made on first use; when it cannot be read or made,
nothing is sealed and nothing is trusted (every game opens by replay: slower, never wrong).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path

from .. import paths

KEY_NAME = "seal.key"
KEY_BYTES = 32
FIELD = "seal"  # the checkpoint's key holding its seal

_keys: dict[Path, bytes | None] = {}


def _key() -> bytes | None:
    """The key of this data folder (read once), made when there is none."""
    where = paths.data_dir() / KEY_NAME
    if where not in _keys:
        _keys[where] = _read_or_make(where)
    return _keys[where]


def _read_or_make(where: Path) -> bytes | None:
    try:
        data = where.read_bytes()
        return data if len(data) == KEY_BYTES else None
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        paths.ensure(where.parent)
        fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    except FileExistsError:  # another window made it first
        return _read_or_make(where) if where.exists() else None
    except OSError:
        return None
    key = os.urandom(KEY_BYTES)
    try:
        os.write(fd, key)
        os.fsync(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    return key


def seal(body: bytes) -> str | None:
    """The seal of a checkpoint's canonical body (without its seal), or None without a key."""
    key = _key()
    return hmac.new(key, body, hashlib.sha256).hexdigest()[:32] if key else None


def verifies(body: bytes, value: object) -> bool:
    """Whether ``value`` is this app's seal of ``body``."""
    expected = seal(body)
    return expected is not None and isinstance(value, str) and hmac.compare_digest(expected, value)
