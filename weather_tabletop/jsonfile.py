"""Small JSON files written whole and atomically: a temporary file in the same folder, flushed
and synced, then renamed over the old one, so a crash leaves the old file or the new one, never
half of either (the settings, what the app remembers)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_atomic(path: Path, data: Any, indent: int = 2) -> None:
    """Write ``data`` as JSON to ``path`` atomically; raises OSError (the old file stays)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.stem + "-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=indent)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
