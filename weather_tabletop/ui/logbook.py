"""The table's log: one line per command group (``describe_command``) followed by its
``describe_event`` lines, kept in step with the match by folding only new log entries.

A match continued from a save's checkpoint starts with the moves that led to it (the whole active
history, read from the file without the rules) when there are at most :data:`HISTORY_GROUPS` of
them; a longer game's log starts at the checkpoint with a line saying so.

A line keeps what the game said (a message, or a text) and renders it when shown, in the
language chosen then: switching the language re-renders the log without replaying it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.match import Group, Match
from ..i18n import language, msg, tr

HISTORY_GROUPS = 5000  # a restored match's earlier moves are listed up to this many


@dataclass(frozen=True)
class Line:
    said: Any  # a message (or a text), rendered by ``text``
    seat: int | None
    kind: str  # "command", "event", "undo", "redo", "setup"
    _shown: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The line in the current language (rendered once per language)."""
        lang = language()
        shown = self._shown.get(lang)
        if shown is None:
            shown = self._shown[lang] = tr(self.said)
        return shown


class LogBook:
    """Lines for the log panel; :meth:`sync` adds what happened since the last call."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.ends: list[int] = []  # the number of lines after each active group (a replay's)
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
            if match.restored is not None:
                self._start_restored(match)
        new = match.log[self._seen:]
        for group in new:
            self._add(match, group)
        self._seen = len(match.log)
        return bool(new)

    @classmethod
    def of_groups(cls, game: Any, config: Any, groups: Any) -> "LogBook":
        """The lines of a game's moves that stand (a replay), with where each group's end."""
        book = cls()
        holder = _Holder(game, config)
        book._states = [game.initial_state(config)]
        for group in groups:
            book._add(holder, group)  # type: ignore[arg-type]
            book.ends.append(len(book.lines))
        return book

    def _start_restored(self, match: Match) -> None:
        """The lines up to a restored match's checkpoint: its history, else a line about it."""
        base_state, groups, undone = match.restored  # type: ignore[misc]
        base = match.restored_at or 0
        sealed: list[Group] | None = None
        if base <= HISTORY_GROUPS:
            try:
                sealed = list(match.active[:base])
            except (LookupError, Exception):  # noqa: BLE001 - the log must not stop the table
                sealed = None
        if sealed is None:
            self.lines.append(Line(msg("log.earlier", n=base), None, "setup"))
            self._states = [base_state, base_state]
            self._groups = [groups[0]]
        else:
            for group in sealed + [groups[0]]:
                self._add(match, group)
            self._states[-1] = base_state
        for group in groups[1:]:
            self._add(match, group)
        state = self._states[-1]
        for group in reversed(undone):  # the redo stack, next to redo last
            state = _fold(match, state, group)
            self._undone.insert(0, (group, state))

    def _name(self, match: Match, seat: int | None) -> Any:
        if seat is None or not 0 <= seat < len(match.config.seats):
            return msg("table.someone")
        return match.config.seats[seat].name

    def _events(self, match: Match, state: Any, group: Group, said: Any = "") -> Any:
        """Add the event lines of ``group``; a line that repeats the command's line is left out."""
        game = match.game
        for event in group.events:
            text = game.describe_event(state, event)
            if text and _same(text, said):
                said = ""  # only the first repeat is redundant
            elif text:
                self.lines.append(Line(text, group.seat, "event"))
            state = game.apply(state, event)
        return state

    def _add(self, match: Match, group: Group) -> None:
        game = match.game
        if group.kind in ("setup", "command"):
            before = self._states[-1]
            said = ""
            if group.kind == "command" and group.command is not None:
                said = game.describe_command(before, group.command)
                self.lines.append(Line(said, group.seat, "command"))
            else:
                self.lines.append(Line(msg("log.setup"), None, "setup"))
            self._states.append(self._events(match, before, group, said))
            self._groups.append(group)
            self._undone.clear()
        elif group.kind == "undo" and len(self._groups) > 1:
            undone = self._groups.pop()
            state = self._states.pop()
            self._undone.append((undone, state))
            what = game.describe_command(self._states[-1], undone.command) if undone.command else ""
            self.lines.append(Line(msg("log.undo", name=self._name(match, group.seat), what=what),
                                   group.seat, "undo"))
        elif group.kind == "redo" and self._undone:
            redone, state = self._undone.pop()
            what = game.describe_command(self._states[-1], redone.command) if redone.command else ""
            self._groups.append(redone)
            self._states.append(state)
            self.lines.append(Line(msg("log.redo", name=self._name(match, group.seat), what=what),
                                   group.seat, "redo"))


@dataclass(frozen=True)
class _Holder:
    """What ``_add`` reads of a match: its game and its seats."""

    game: Any
    config: Any


def _fold(match: Match, state: Any, group: Group) -> Any:
    for event in group.events:
        state = match.game.apply(state, event)
    return state


def _same(a: Any, b: Any) -> bool:
    """Whether two lines (texts or messages) read the same, compared as shown."""
    a, b = tr(a), tr(b)
    return a.strip().rstrip(".。").casefold() == b.strip().rstrip(".。").casefold()
