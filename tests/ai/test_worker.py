"""The thinker runs a computer player off the frame loop's thread and can be abandoned."""

from __future__ import annotations

import threading
import time

from tests.support.play import config
from tests.support.tally import GAME
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.ai.search import SearchPlayer
from weather_tabletop.ai.worker import Thinker
from weather_tabletop.engine.match import Match


def wait(thinker: Thinker, limit: float = 10.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        out = thinker.result()
        if out is not None:
            return out
        time.sleep(0.005)
    raise AssertionError("no result")


def test_result_carries_the_version_and_is_legal():
    m = Match.start(GAME, config(GAME, 2, seed=2))
    thinker = Thinker(GAME, RandomPlayer(1))
    thinker.start(GAME.view(m.state, 0), 0, m.version)
    command, version = wait(thinker)
    assert version == m.version and command in GAME.legal_commands(m.state, 0)
    assert thinker.result() is None and not thinker.busy


def test_cancel_stops_a_long_search_and_discards_it():
    m = Match.start(GAME, config(GAME, 2, seed=2, pile=100000))
    thinker = Thinker(GAME, SearchPlayer("hard", 1, seconds=30))
    before = threading.active_count()
    thinker.start(GAME.view(m.state, 0), 0, m.version)
    time.sleep(0.05)
    assert thinker.busy
    thinker.cancel()
    end = time.monotonic() + 5
    while threading.active_count() > before and time.monotonic() < end:
        time.sleep(0.01)
    assert threading.active_count() == before, "the abandoned search kept running"
    assert thinker.result() is None
