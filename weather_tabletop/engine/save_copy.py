""""Save a copy as...": a game's save file written where the player chooses (issue 21), to keep
or to send to a friend, who opens it with "Open a file...".

The copy is the save's bytes as they are on disk, read while the game may be open at a table:
the original is only read (its lock, ``savelock.py``, guards its writer, and this takes no lock),
and the copy ends at the original's last whole line, so a move being written at that instant is
not copied half. The copy is written beside its destination and renamed into place, so a failed
copy (a full disk) leaves nothing behind. It never replaces the original, an existing file or a
folder. Failures are :class:`CopyFailed` with a message from the catalogue.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from ..file_names import name_problem
from ..files import read_bounded
from ..i18n import Msg, msg
from .storage import MAX_FILE_BYTES, SUFFIX


class CopyFailed(Exception):
    """The copy was not made; ``reason`` says why in words a player understands."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason)
        self.reason = reason


def copy_target(chosen: Path) -> Path:
    """The file a copy chosen as ``chosen`` is written to: with the save suffix added when the
    player typed a name without it."""
    chosen = Path(chosen)
    return chosen if chosen.suffix == SUFFIX else chosen.with_name(chosen.name + SUFFIX)


def copy_save(original: Path, chosen: Path) -> Path:
    """Copy the save ``original`` to ``chosen`` (the suffix added if missing); the path written.
    Raises CopyFailed: the destination is the original, an existing file or a folder, the
    folder is missing or not writable, the disk is full, the original cannot be read."""
    original, target = Path(original), copy_target(chosen)
    name = target.name
    if "\x00" in str(chosen):
        raise CopyFailed(msg("copy.bad_character"))
    problem = name_problem(name)
    if problem is not None:
        raise CopyFailed(msg(f"copy.name_{problem}", name=name))
    try:
        if _same(original, target):
            raise CopyFailed(msg("copy.is_original"))
        for folder_named in (Path(chosen), target):
            if folder_named.is_dir():
                raise CopyFailed(msg("copy.is_folder", name=folder_named.name))
        if target.exists() or target.is_symlink():
            raise CopyFailed(msg("copy.exists", name=name))
        folder = target.parent
        if not folder.is_dir():
            raise CopyFailed(msg("copy.no_folder", folder=str(folder)))
    except (OSError, ValueError) as exc:  # a path too long for the system, a loop of links
        raise CopyFailed(_reason(exc, target.parent)) from None
    try:
        data = read_bounded(original, MAX_FILE_BYTES)
    except OSError as exc:
        raise CopyFailed(msg("copy.unreadable", error=str(exc.strerror or exc))) from None
    data = data[:data.rfind(b"\n") + 1]  # whole lines only (a line being written is left out)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".copy-", suffix=SUFFIX, dir=folder)
    except OSError as exc:
        raise CopyFailed(_reason(exc, folder)) from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if target.exists() or target.is_symlink():  # made while we wrote: keep it
            raise FileExistsError(errno.EEXIST, "exists")
        os.replace(tmp, target)
    except FileExistsError:
        _remove(tmp)
        raise CopyFailed(msg("copy.exists", name=name)) from None
    except (OSError, ValueError) as exc:
        _remove(tmp)
        raise CopyFailed(_reason(exc, folder)) from None
    return target


def _same(a: Path, b: Path) -> bool:
    try:
        if b.exists() and os.path.samefile(a, b):
            return True
    except OSError:
        pass
    return os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b))


def _reason(exc: OSError | ValueError, folder: Path) -> Msg:
    if not isinstance(exc, OSError):
        return msg("copy.bad_character")
    if exc.errno == errno.ENAMETOOLONG:
        return msg("copy.path_long")
    if exc.errno == errno.ELOOP:
        return msg("copy.link_loop", folder=str(folder))
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return msg("copy.full")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return msg("copy.no_permission", folder=str(folder))
    return msg("copy.failed", error=str(exc.strerror or exc))


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
