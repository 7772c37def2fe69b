"""Computer players think in a daemon thread so the window never waits for them.

The frame loop calls ``start`` once, then polls ``result()`` each frame; the result carries the
match version it was computed for, and the match refuses it as stale if anything changed since
(an undo, a quit). ``cancel`` abandons the current thought.
"""

from __future__ import annotations

import inspect
import threading
from typing import Any

from ..engine.protocol import Command, Game
from . import Player


class Thinker:
    def __init__(self, game: Game, player: Player) -> None:
        self.game = game
        self.player = player
        self._lock = threading.Lock()
        self._result: tuple[Command, int] | None = None
        self._error: BaseException | None = None
        self._token = 0
        self._busy = False

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, view: Any, seat: int, version: int) -> None:
        with self._lock:
            self._token += 1
            token = self._token
            self._result = None
            self._error = None
            self._busy = True
        thread = threading.Thread(target=self._run, args=(view, seat, version, token),
                                  name=f"thinker-seat-{seat}", daemon=True)
        thread.start()

    def _run(self, view: Any, seat: int, version: int, token: int) -> None:
        def abandoned() -> bool:
            return token != self._token

        try:
            if _takes_stop(self.player):
                command = self.player.choose(self.game, view, seat, stop=abandoned)
            else:
                command = self.player.choose(self.game, view, seat)
            outcome: tuple[Command, int] | None = (command, version)
            error = None
        except BaseException as exc:  # reported to the frame loop, which logs it
            outcome, error = None, exc
        with self._lock:
            if token != self._token:
                return
            self._result, self._error, self._busy = outcome, error, False

    def result(self) -> tuple[Command, int] | None:
        """The finished choice once (then None), or None while thinking. Re-raises a failure."""
        with self._lock:
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            out, self._result = self._result, None
            return out

    def cancel(self) -> None:
        with self._lock:
            self._token += 1
            self._result = None
            self._error = None
            self._busy = False


def _takes_stop(player: Player) -> bool:
    try:
        return "stop" in inspect.signature(player.choose).parameters
    except (TypeError, ValueError):
        return False
