"""Headless UI fixtures: a dummy display, a private app home, the Tally game registered."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import warnings  # noqa: E402

import pytest  # noqa: E402

from tests.support import tally  # noqa: E402
from weather_tabletop import games, paths  # noqa: E402

warnings.filterwarnings("ignore", message=".*Label Rect is too small.*")
warnings.filterwarnings("ignore", message=".*not already loaded.*")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Every test gets its own settings, saves and logs folder."""
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def tally_game():
    """The test-only game stays registered for the whole run (tests/conftest.py registers it;
    other folders' tests load its saves)."""
    games.register(tally.GAME)
    return tally.GAME


