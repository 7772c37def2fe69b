"""Crash reports: an uncaught error in the app loop writes its traceback to
``paths.log_dir()/crash-<time>.log``; the player sees a short message and the game resumes
from its autosave.

Writing a report never raises and never leaves half a report: on a full disk (issue 16) the
partly written file is removed and the caller hears None ("no log file").
"""

from __future__ import annotations

import os
import platform
import time
import traceback
from pathlib import Path

import weather_tabletop

from .. import paths

MAX_TRIES = 100  # crash logs of one second: crash-<time>.log, crash-<time>-1.log, ...


def write_log(exc: BaseException) -> Path | None:
    """Write the traceback of ``exc``; the log's path, or None if it could not be written
    whole (then no file is left)."""
    try:
        text = _report(exc).encode("utf-8", "backslashreplace")
        folder = paths.ensure(paths.log_dir())
    except Exception:  # noqa: BLE001 - the last resort must not fail in its turn
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(MAX_TRIES):
        path = folder / (f"crash-{stamp}.log" if n == 0 else f"crash-{stamp}-{n}.log")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                         0o644)
        except FileExistsError:
            continue
        except OSError:
            return None
        try:
            try:
                view = memoryview(text)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError:  # a full disk: no empty or cut report is left to mislead
            try:
                os.unlink(path)
            except OSError:
                pass
            return None
        return path
    return None


def _report(exc: BaseException) -> str:
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    header = (f"Weather Tabletop {weather_tabletop.__version__}, Python {platform.python_version()}, "
              f"{platform.platform()}\n\n")
    return header + text
