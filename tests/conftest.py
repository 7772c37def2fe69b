"""Shared test set-up: headless SDL, a private app home, and the test-only Tally game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from tests.support import tally
from weather_tabletop import games, i18n


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--long", action="store_true", help="run the long soak tests")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="long soak: run with --long")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own WEATHER_TABLETOP_HOME so no test touches real user folders."""
    monkeypatch.setenv("WEATHER_TABLETOP_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture
def app():
    """A 1280x720 app with animations off, for table and flow tests."""
    from weather_tabletop.settings import Settings
    from weather_tabletop.ui.app import App

    application = App((1280, 720), settings=Settings(animation_speed="off"))
    yield application
    while application.stack:
        application._drop()


games.register(tally.GAME)


@pytest.fixture
def english():
    """English for a test (``pytestmark = pytest.mark.usefixtures("english")``), and English
    again after it, whatever language the test switched to."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")

