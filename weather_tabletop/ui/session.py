"""A game at the table: an autosaved :class:`SavedGame`, an in-memory match (screenshots), a
replay of a saved game or a demo (a replay shown from its start, :meth:`Session.demo`).

The table talks only to this object, so it never needs to know where the moves go.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import games, paths
from ..engine.match import Match
from ..engine.protocol import Command, Game, GameConfig, IllegalMove


class Session:
    """Submit, undo and redo go to the saved game when there is one (so they reach the disk)."""

    def __init__(self, match: Match, saved: Any | None = None, *, notice: str | None = None,
                 script: list[Command] | None = None, title: str = "") -> None:
        self.match = match
        self.saved = saved
        self.notice = notice
        self.script = script  # a demo: the recorded commands, played in order
        self.title = title
        self.watching: Path | None = None  # a game open in another window, followed read-only
        self._stamp: tuple[int, int] | None = None
        self.replay: Any | None = None  # engine.replay.Replay: stepping through a saved game
        self.replay_path: Path | None = None
        self.position = 0  # the replay's position shown
        self.seen_by: int | None = None  # a replay of a finished game: whose view (None: the table's)
        #: a shipped demo in the replay: its timeline plays from the start, it is never continued
        self.recorded = False

    # -- making one --------------------------------------------------------------------------

    @classmethod
    def in_memory(cls, game: Game, config: GameConfig, *, casual: bool = False) -> "Session":
        return cls(Match.start(game, config, casual=casual))

    @classmethod
    def new_saved(cls, game: Game, config: GameConfig, *, casual: bool = False,
                  folder: Path | None = None, hints: bool = True) -> "Session":
        from ..engine.storage import SavedGame

        saved = SavedGame.create(game, config, folder or paths.saves_dir(),
                                 casual=casual, hints=hints)
        return cls(saved.match, saved, notice=getattr(saved, "notice", None))

    @classmethod
    def open_saved(cls, path: Path) -> "Session":
        """Continue a saved game; raises ``storage.LoadError``."""
        from ..engine.storage import SavedGame

        saved = SavedGame.open(path)
        return cls(saved.match, saved, notice=saved.notice)

    @classmethod
    def watch(cls, path: Path) -> "Session":
        """Follow a game another window plays, without ever writing; raises LoadError."""
        from ..engine.storage import SavedGame

        stamp = _stamp(path)
        saved = SavedGame.watch(path)
        session = cls(saved.match, None, notice=saved.notice)
        session.watching, session._stamp = Path(path), stamp
        return session

    def follow(self) -> bool:
        """A watched game: load it again if its file changed; True when it did."""
        from ..engine.storage import LoadError, SavedGame

        if self.watching is None:
            return False
        stamp = _stamp(self.watching)
        if stamp is None or stamp == self._stamp:
            return False
        try:
            self.match = SavedGame.watch(self.watching).match
        except LoadError:
            return False  # caught mid-write or gone: keep what is shown, look again later
        self._stamp = stamp
        return True

    @classmethod
    def replaying(cls, path: Path) -> "Session":
        """Step through a saved game (finished or not) without ever writing it: the whole file
        is checked through the rules first. Raises LoadError."""
        from ..engine.replay import Replay
        from ..engine.storage import SavedGame

        saved = SavedGame.replay(Path(path))
        session = cls(saved.match, None, notice=saved.notice)
        session.replay, session.replay_path = Replay.of(saved.match), Path(path)
        session.seek(session.replay.last)
        return session

    def seek(self, position: int) -> None:
        """A replay: show the game after its move ``position`` (0: as set up)."""
        replay = self.replay
        k = max(0, min(replay.last, position))
        self.position = k
        self.match = Match.restore(self.match.game, self.match.config, casual=self.match.casual,
                                   version=k + 1, base=k, base_state=replay.state_at(k),
                                   groups=[replay.groups[k]], undone=[])
        # the moves before it, for what reads the whole game (Weather Machine's score screen)
        self.match.history_loader = lambda: list(replay.groups)

    def viewers(self) -> list[int | None]:
        """Whose view a replay may show (``engine.replay.viewers``): any seat once the game is
        over, else only the table's public view."""
        from ..engine.replay import viewers

        return viewers(self.replay.game, self.replay, None) if self.replay is not None else [None]

    @property
    def can_continue_here(self) -> bool:
        """A replay at the last position of a game that is not over can be continued."""
        return (self.replay is not None and not self.recorded
                and self.position == self.replay.last
                and not self.replay.game.is_over(self.replay.final))

    @classmethod
    def demo(cls, path: Path) -> "Session":
        """A shipped demo in the replay (issue 27): shown from its start and played on by the
        timeline, yet stepped, scrubbed and reviewed like any replay. Only read, never written
        nor continued (the file is the package's). Raises ``storage.LoadError``."""
        session = cls.replaying(path)
        session.recorded = True
        session.seek(0)
        return session

    # -- reading -------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def config(self) -> GameConfig:
        return self.match.config

    @property
    def version(self) -> int:
        return self.match.version

    @property
    def is_demo(self) -> bool:
        return self.script is not None

    @property
    def read_only(self) -> bool:
        """Nothing can be played here: a demo, a replay or a game watched from another window."""
        return self.script is not None or self.watching is not None or self.replay is not None

    @property
    def path(self) -> Path | None:
        return getattr(self.saved, "path", None)

    def seat_is_computer(self, seat: int) -> bool:
        return self.config.seats[seat].is_computer

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.config.seats) if not s.is_computer]

    # -- changing --------------------------------------------------------------------------

    def submit(self, command: Command, expected_version: int | None = None) -> None:
        """Play a command; raises IllegalMove, or storage.SaveFailed when it could not be saved
        (the match is unchanged then)."""
        if self.watching is not None:
            raise IllegalMove("table.watching_only")
        if self.replay is not None:
            raise IllegalMove("replay.watching_only")
        if self.is_demo and expected_version is None:
            raise IllegalMove("This is a recorded game: it can only be watched.")
        target = self.saved if self.saved is not None else self.match
        target.submit(command, expected_version=expected_version)

    def undo(self, seat: int) -> None:
        if self.watching is not None:
            raise IllegalMove("table.watching_only")
        if self.replay is not None:
            raise IllegalMove("replay.watching_only")
        if self.is_demo:
            raise IllegalMove("This is a recorded game: it can only be watched.")
        (self.saved if self.saved is not None else self.match).undo(seat)

    def redo(self, seat: int) -> None:
        if self.watching is not None:
            raise IllegalMove("table.watching_only")
        if self.replay is not None:
            raise IllegalMove("replay.watching_only")
        if self.is_demo:
            raise IllegalMove("This is a recorded game: it can only be watched.")
        (self.saved if self.saved is not None else self.match).redo(seat)

    def close(self) -> None:
        """Close the save file (the game is already on disk)."""
        if self.saved is not None and hasattr(self.saved, "close"):
            self.saved.close()

    def play_script_step(self) -> bool:
        """Demo: play the next recorded command; False when the recording is over."""
        done = sum(1 for g in self.match.active if g.kind == "command")
        if self.script is None or done >= len(self.script):
            return False
        self.match.submit(self.script[done], expected_version=self.match.version)
        return True

    def restart_demo(self) -> None:
        if self.script is not None:
            self.match = Match.start(self.match.game, self.match.config, casual=self.match.casual)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def new_config(game_id: str, seats: list, options: dict[str, Any], seed: int) -> GameConfig:
    """A GameConfig from the setup screen's choices (options checked by the game's specs)."""
    from ..engine.protocol import options_dict

    game = games.get(game_id)
    return GameConfig(game_id, tuple(seats), tuple(sorted(options_dict(game, options).items())), seed)


def has_hidden_information(game: Game) -> bool:
    """The game's ``hidden_information`` flag (on the game object or its module), default True."""
    import sys

    flag = getattr(game, "hidden_information", None)
    if flag is None:
        flag = getattr(sys.modules.get(type(game).__module__), "hidden_information", True)
    return bool(flag)
