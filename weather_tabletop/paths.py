"""Where the app keeps its files: platformdirs' user folders, or under ``WEATHER_TABLETOP_HOME``
(for tests and portable use) when that variable is set."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_DIR_NAME = "weather-tabletop"
HOME_VARIABLE = "WEATHER_TABLETOP_HOME"


def _base(kind: str) -> Path:
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home) / kind
    if kind == "data":
        return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False))
    if kind == "config":
        return Path(platformdirs.user_config_dir(APP_DIR_NAME, appauthor=False))
    return Path(platformdirs.user_log_dir(APP_DIR_NAME, appauthor=False))


def data_dir() -> Path:
    return _base("data")


def saves_dir() -> Path:
    """One save file per game lives here."""
    return data_dir() / "saves"


def reviews_dir() -> Path:
    """The reviews of finished games (``ai/review.py``), one file per game file's content hash:
    the app's own folder, so a review is never written beside a game file (a demo inside the
    installed package, a save sent by a friend) and the game file stays as it was."""
    return data_dir() / "reviews"


def config_dir() -> Path:
    return _base("config")


def log_dir() -> Path:
    return _base("logs")


def settings_file() -> Path:
    return config_dir() / "settings.json"


def ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path
