"""One writer per saved game: an operating-system lock held while the game is open (issue 16).

The lock is taken on a small file beside the save, ``.<save name>.lock``, not on the save itself,
because the save is sometimes replaced by a rename (a torn tail dropped, an old format upgraded)
and a lock belongs to the file it was taken on. POSIX systems (Linux, macOS) use ``flock``,
which belongs to the open file, so two windows of one process exclude each other as two
processes do; Windows uses ``msvcrt.locking`` on the lock file's first byte. The operating
system releases the lock when the process dies, so a killed app never leaves a game locked.

The lock file is removed when the game is closed. A window that was waiting for it checks after
locking that the path still names the file it locked, and tries again if not.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if sys.platform == "win32":  # pragma: no cover - exercised by the Windows build's smoke test
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
        except OSError as exc:  # a file system without locks: one writer cannot be promised
            raise GameLocked(f"locks are not supported here ({exc.strerror})") from None

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class GameLocked(Exception):
    """The game is open in another window (or its folder cannot hold a lock)."""


def lock_path(save: Path) -> Path:
    return save.with_name("." + save.name + ".lock")


class SaveLock:
    """The held lock of one save; :meth:`release` (or the process ending) lets it go."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, save: Path) -> "SaveLock":
        """Lock ``save``; raises GameLocked when another window holds it, OSError when the lock
        file cannot be made (a read-only folder)."""
        path = lock_path(save)
        for _attempt in range(5):
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
            try:
                if not _try_lock(fd):
                    raise GameLocked("open in another window")
                try:
                    same = os.path.samestat(os.fstat(fd), os.stat(path))
                except FileNotFoundError:
                    same = False
                if same:
                    return cls(path, fd)
                _unlock(fd)
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)  # the holder removed the file as we locked it: take the new one
        raise GameLocked("the lock file keeps changing")

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Remove the lock file, then let the lock go (in that order: see the module note)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.unlink(self.path)
        except OSError:
            pass
        try:
            _unlock(fd)
        finally:
            os.close(fd)


def is_locked(save: Path) -> bool:
    """Whether another window holds ``save`` now. Creates nothing: no lock file, no lock."""
    try:
        fd = os.open(lock_path(save), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False
    try:
        if not _try_lock(fd):
            return True
        _unlock(fd)
        return False
    except GameLocked:
        return False
    finally:
        os.close(fd)
