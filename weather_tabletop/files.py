"""Reading files defensively: only regular files, never more than a bound (issue 16).

Every file the app reads from the player's folders (saves, settings, what it remembers, message
catalogues) goes through :func:`read_bounded`: the path is opened without blocking (a FIFO
named like a save does not hang the app), ``fstat`` must say it is a regular file (a link to
``/dev/zero``, a folder or a socket is refused), and at most ``limit`` bytes are read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class FileRefused(OSError):
    """A path that is not a regular file, or a file larger than allowed. ``reason`` is a short
    phrase for a message ("is not a regular file", "is larger than 64 MB")."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{Path(path).name} {reason}")
        self.reason = reason
        self.strerror = reason


_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) \
    | getattr(os, "O_NOCTTY", 0)


def open_regular(path: Path) -> int:
    """A descriptor for ``path`` if it is a regular file; raises FileRefused or OSError
    (FileNotFoundError, PermissionError, ELOOP for a link loop, ...). The caller closes it.

    ``stat`` first, so a device is never opened at all (opening some has effects: a tape
    rewinds, a terminal becomes the controlling one); ``fstat`` after, on what was really
    opened, in case the path was swapped in between."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise FileRefused(path, "is not a regular file")
    fd = os.open(path, _FLAGS)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileRefused(path, "is not a regular file")
        if getattr(os, "O_NONBLOCK", 0) and os.name != "nt":  # undo the open's O_NONBLOCK
            os.set_blocking(fd, True)  # (Windows has neither: set_blocking fails on files there)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bounded(path: Path, limit: int) -> bytes:
    """The whole content of the regular file ``path``, refused if it holds more than ``limit``
    bytes (checked before reading and while reading, so a growing file cannot get past it)."""
    fd = open_regular(path)
    try:
        if os.fstat(fd).st_size > limit:
            raise FileRefused(path, f"is larger than {_size(limit)}")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileRefused(path, f"is larger than {_size(limit)}")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_tail(fd: int, size: int, limit: int) -> tuple[int, bytes]:
    """The last ``limit`` bytes of the open file ``fd`` of ``size`` bytes, and where they start."""
    start = max(0, size - limit)
    os.lseek(fd, start, os.SEEK_SET)
    chunks, left = [], size - start
    while left > 0:
        chunk = os.read(fd, min(1 << 20, left))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return start, b"".join(chunks)


def is_regular(path: Path) -> bool:
    """Whether ``path`` (following links) is a regular file; False for anything odd or missing."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _size(limit: int) -> str:
    if limit >= 1 << 20:
        return f"{limit >> 20} MB"
    return f"{limit >> 10} KB" if limit >= 1 << 10 else f"{limit} bytes"
