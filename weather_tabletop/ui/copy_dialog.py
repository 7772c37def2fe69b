""""Save a copy as..." in the app (issue 21): the file dialog (pygame_gui's UIFileDialog, themed
like "Open a file...") and the sentence that says how the copy went. Used by the table's menu
and the saved-games list; the copying itself is ``engine/save_copy.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from ..i18n import tr


def open_dialog(scene: Any, source: Path) -> Any:
    """A file dialog over ``scene`` to choose where the copy of ``source`` goes (the player's
    home folder, the game's name with "copy" proposed)."""
    from pygame_gui.windows import UIFileDialog

    from ..engine.storage import SUFFIX

    w, h = scene.app.size
    rect = pygame.Rect(0, 0, min(w - scene.px(40), scene.px(640)), min(h - scene.px(40), scene.px(520)))
    rect.center = (w // 2, h // 2)
    start = Path.home() / (tr("copy.file_name", name=Path(source).stem) + SUFFIX)
    return UIFileDialog(rect, scene.manager, window_title=tr("copy.title"),
                        initial_file_path=str(start), allowed_suffixes={SUFFIX},
                        allow_existing_files_only=False)


def copy_to(source: Path | None, chosen: Path) -> str:
    """Copy the save ``source`` to ``chosen``; what to tell the player (done, or why not)."""
    from ..engine.save_copy import CopyFailed, copy_save

    if source is None:
        return tr("copy.no_file")
    try:
        written = copy_save(source, chosen)
    except CopyFailed as exc:
        return tr(exc.reason)
    return tr("copy.done", path=str(written))
