"""Crash reports: an uncaught error in the app loop writes its traceback to
``paths.log_dir()/crash-<time>.log``; the player sees a short message and the game resumes
from its autosave."""

from __future__ import annotations

import platform
import time
import traceback
from pathlib import Path

import weather_tabletop

from .. import paths


def write_log(exc: BaseException) -> Path | None:
    """Write the traceback of ``exc``; the log's path, or None if it could not be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder = paths.ensure(paths.log_dir())
        path = folder / f"crash-{stamp}.log"
        n = 1
        while path.exists():
            path = folder / f"crash-{stamp}-{n}.log"
            n += 1
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        header = (f"Weather Tabletop {weather_tabletop.__version__}, Python {platform.python_version()}, "
                  f"{platform.platform()}\n\n")
        path.write_text(header + text, encoding="utf-8")
        return path
    except OSError:
        return None
