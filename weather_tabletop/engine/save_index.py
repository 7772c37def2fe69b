"""The index of the saves: one small summary per save file, so that the saved-games list and
Continue cost the same with ten games or ten thousand (issue 28).

The saves stay the source of truth. The index (SQLite, the standard library's ``sqlite3``, in WAL
mode, in the user's data folder) keeps, per file path, the size and modification time it was
summarised at, the summary the list shows (game, seats, progress label, the file's end flag, the
number of entries, or why it cannot be loaded) and, once Continue has loaded the game through the
rules, whether it is over. A row whose file changed size or time is summarised again; a row whose
file is gone is dropped. An index that cannot be opened, is damaged or is locked by another window
is rebuilt or done without: every answer can be worked out again from the files.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from .. import paths

DB_NAME = "saves-index.sqlite3"
SCHEMA = 1
BUSY_MS = 500  # another window writing the index: wait this long, then do without it

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER);
CREATE TABLE IF NOT EXISTS saves (
    path TEXT PRIMARY KEY, folder TEXT NOT NULL, size INTEGER NOT NULL, mtime INTEGER NOT NULL,
    summary TEXT NOT NULL, over INTEGER
);
CREATE INDEX IF NOT EXISTS saves_folder ON saves (folder);
"""


class SaveIndex:
    """The open index; every method swallows the database's own failures (then it answers
    "not known" and the caller works it out from the file)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    @classmethod
    def open(cls, where: Path | None = None) -> "SaveIndex | None":
        """The index in the data folder (made, or made again when damaged); None when none
        can be had."""
        where = where or paths.data_dir() / DB_NAME
        for attempt in range(2):
            try:
                paths.ensure(where.parent)
                db = sqlite3.connect(str(where), timeout=BUSY_MS / 1000, isolation_level=None)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")  # a cache: a lost commit is redone
                db.executescript(_SCHEMA)
                row = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                if row is None:
                    db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (SCHEMA,))
                elif row[0] != SCHEMA:
                    db.executescript("DROP TABLE saves;" + _SCHEMA)
                    db.execute("UPDATE meta SET value=? WHERE key='schema'", (SCHEMA,))
                return cls(db)
            except sqlite3.DatabaseError:
                if attempt or not _remove(where):
                    return None
            except (OSError, ValueError):
                return None
        return None

    def close(self) -> None:
        try:
            self._db.close()
        except sqlite3.Error:
            pass

    def rows(self, folder: Path) -> dict[str, tuple[int, int, str, int | None]]:
        """Every row of ``folder``: path -> (size, mtime, summary, over)."""
        try:
            cur = self._db.execute("SELECT path, size, mtime, summary, over FROM saves "
                                   "WHERE folder=?", (str(folder),))
            return {p: (s, m, text, over) for p, s, m, text, over in cur}
        except sqlite3.Error:
            return {}

    def put(self, rows: list[tuple[Path, int, int, dict[str, Any]]]) -> None:
        """The summaries of files, each at its size and mtime (whether it is over: unknown),
        in one transaction."""
        self._run_many("INSERT OR REPLACE INTO saves VALUES (?, ?, ?, ?, ?, NULL)",
                       [(str(p), str(p.parent), size, mtime, json.dumps(summary))
                        for p, size, mtime, summary in rows])

    def set_over(self, path: Path, size: int, mtime: int, over: bool) -> None:
        """Whether the game at ``path`` is over, worked out by the rules at ``size``/``mtime``."""
        self._run("UPDATE saves SET over=? WHERE path=? AND size=? AND mtime=?",
                  (int(over), str(path), size, mtime))

    def forget(self, paths_gone: list[str]) -> None:
        if paths_gone:
            self._run_many("DELETE FROM saves WHERE path=?", [(p,) for p in paths_gone])

    def _run(self, sql: str, args: tuple) -> None:
        try:
            self._db.execute(sql, args)
        except sqlite3.Error:
            pass  # locked by another window or damaged: the next start works it out again

    def _run_many(self, sql: str, args: list[tuple]) -> None:
        try:
            with self._db:
                self._db.executemany(sql, args)
        except sqlite3.Error:
            pass


def _remove(where: Path) -> bool:
    """Remove a damaged index and its WAL files (they are ours, and only a cache)."""
    try:
        for suffix in ("", "-wal", "-shm"):
            Path(str(where) + suffix).unlink(missing_ok=True)
        return True
    except OSError:
        return False
