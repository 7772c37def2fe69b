"""Computer seats at the table: each thinks in a :class:`~weather_tabletop.ai.worker.Thinker`
(a daemon thread); the frame loop only polls, never waits. A move is submitted with the match
version it was computed for, so a move made stale by an undo is dropped and thought again.
Demos use the same pacing to play their recorded commands."""

from __future__ import annotations

from typing import Any, Callable

from ..engine.match import StaleCommand
from ..engine.storage import SaveFailed

SAVE_RETRY_SECONDS = 5.0  # a computer's move that could not be saved is tried again after this
from ..engine.protocol import Command, IllegalMove
from ..i18n import tr
from .session import Session


class Computers:
    """Polls the thinkers of the computer seats to act and submits their moves, at most one
    every ``delay()`` seconds so people can follow."""

    def __init__(self, session: Session, delay: Callable[[], float],
                 hold: Callable[[], bool] = lambda: False) -> None:
        """``hold``: True while the table still shows earlier moves (they may think, but their
        move waits, so the match does not run ahead of what people can follow)."""
        self.session = session
        self.delay = delay
        self.hold = hold
        self.error: str | None = None
        self._retry_at: float | None = None  # a move that could not be saved is tried again
        self.paused = False
        self._players: dict[int, Any] = {}
        self._thinkers: dict[int, tuple[Any, int]] = {}
        self._ready: dict[int, tuple[Command, int]] = {}
        self._last_change = 0.0

    @property
    def thinking(self) -> bool:
        return bool(self._thinkers) or bool(self._ready)

    def touched(self, now: float) -> None:
        """Something changed on the table (a person moved): the pause starts again."""
        self._last_change = now

    def cancel(self) -> None:
        for thinker, _ in self._thinkers.values():
            thinker.cancel()
        self._thinkers.clear()
        self._ready.clear()

    def _player(self, seat: int) -> Any:
        if seat not in self._players:
            from ..ai import make_player

            cfg = self.session.config
            self._players[seat] = make_player(cfg.seats[seat].level, cfg.seed * 31 + seat,
                                              self.session.game)
        return self._players[seat]

    def poll(self, now: float) -> bool:
        """Advance the computer seats; True when a move was played."""
        session = self.session
        match = session.match
        if self._retry_at is not None and now >= self._retry_at:
            self.error, self._retry_at = None, None
        if (self.paused or self.error or match.is_over() or session.watching is not None
                or session.replay is not None):
            self.cancel()
            return False
        if session.is_demo:
            if self.hold() or now - self._last_change < self.delay():
                return False
            self._last_change = now
            return session.play_script_step()
        movers = [s for s in match.to_act() if session.seat_is_computer(s)]
        for seat in list(self._thinkers):
            thinker, version = self._thinkers[seat]
            if seat not in movers or version != match.version:
                thinker.cancel()
                del self._thinkers[seat]
        for seat in list(self._ready):
            if seat not in movers or self._ready[seat][1] != match.version:
                del self._ready[seat]
        for seat in movers:
            if seat in self._ready or seat in self._thinkers:
                continue
            from ..ai.worker import Thinker

            thinker = Thinker(session.game, self._player(seat))
            thinker.start(session.game.view(match.state, seat), seat, match.version)
            self._thinkers[seat] = (thinker, match.version)
        for seat in list(self._thinkers):
            thinker, _ = self._thinkers[seat]
            try:
                result = thinker.result()
            except Exception as exc:  # noqa: BLE001 - a failing computer player must not end the app
                from .crash import write_log

                where = write_log(exc)
                self.error = tr("table.computer_failed", name=session.config.seats[seat].name,
                                path=str(where or tr("crash.no_log")))
                self.cancel()
                return False
            if result is not None:
                self._ready[seat] = result
                del self._thinkers[seat]
        if not self._ready or self.hold() or now - self._last_change < self.delay():
            return False
        seat = min(self._ready)
        command, version = self._ready.pop(seat)
        try:
            session.submit(command, expected_version=version)
        except StaleCommand:
            return False
        except SaveFailed as exc:  # the move is not played: it is worked out again, then retried
            self.error, self._retry_at = tr(exc.reason), now + SAVE_RETRY_SECONDS
            return False
        except IllegalMove as exc:
            self.error = tr("table.computer_error", name=session.config.seats[seat].name,
                            reason=tr(exc.reason))
            return False
        self._last_change = now
        return True
