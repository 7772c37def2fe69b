"""The table's log: one line per command group (``describe_command``) followed by its
``describe_event`` lines, kept in step with the match by folding only new log entries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.match import Group, Match
from ..i18n import tr


@dataclass(frozen=True)
class Line:
    text: str
    seat: int | None
    kind: str  # "command", "event", "undo", "redo", "setup"


class LogBook:
    """Lines for the log panel; :meth:`sync` adds what happened since the last call."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self._seen = 0
        self._states: list[Any] = []
        self._groups: list[Group] = []
        self._undone: list[tuple[Group, Any]] = []
        self._match_id = 0

    def sync(self, match: Match) -> bool:
        """Bring the lines up to date; True when something was added."""
        if id(match) != self._match_id:
            self.__init__()
            self._match_id = id(match)
            self._states = [match.game.initial_state(match.config)]
        new = match.log[self._seen:]
        for group in new:
            self._add(match, group)
        self._seen = len(match.log)
        return bool(new)

    def _name(self, match: Match, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(match.config.seats):
            return tr("table.someone")
        return match.config.seats[seat].name

    def _events(self, match: Match, state: Any, group: Group, said: str = "") -> Any:
        """Add the event lines of ``group``; a line that repeats the command's line is left out."""
        game = match.game
        for event in group.events:
            text = game.describe_event(state, event)
            if text and _same(text, said):
                said = ""  # only the first repeat is redundant
            elif text:
                self.lines.append(Line(tr(text), group.seat, "event"))
            state = game.apply(state, event)
        return state

    def _add(self, match: Match, group: Group) -> None:
        game = match.game
        if group.kind in ("setup", "command"):
            before = self._states[-1]
            said = ""
            if group.kind == "command" and group.command is not None:
                said = game.describe_command(before, group.command)
                self.lines.append(Line(tr(said), group.seat, "command"))
            else:
                self.lines.append(Line(tr("log.setup"), None, "setup"))
            self._states.append(self._events(match, before, group, said))
            self._groups.append(group)
            self._undone.clear()
        elif group.kind == "undo" and len(self._groups) > 1:
            undone = self._groups.pop()
            state = self._states.pop()
            self._undone.append((undone, state))
            what = game.describe_command(self._states[-1], undone.command) if undone.command else ""
            self.lines.append(Line(tr("log.undo", name=self._name(match, group.seat), what=tr(what)),
                                   group.seat, "undo"))
        elif group.kind == "redo" and self._undone:
            redone, state = self._undone.pop()
            what = game.describe_command(self._states[-1], redone.command) if redone.command else ""
            self._groups.append(redone)
            self._states.append(state)
            self.lines.append(Line(tr("log.redo", name=self._name(match, group.seat), what=tr(what)),
                                   group.seat, "redo"))


def _same(a: str, b: str) -> bool:
    return a.strip().rstrip(".").casefold() == b.strip().rstrip(".").casefold()
