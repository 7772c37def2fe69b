"""The saved-games list (open, save a copy as, rename, delete) and the demo list (watch a
recorded game)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ... import games, paths, resources
from ...i18n import listing, tr
from .. import theme, widgets
from ..scene import Scene


def list_saves(folder: Path) -> list[Any]:
    """``storage.list_saves`` of ``folder`` ([] when the folder does not exist yet)."""
    from ...engine.storage import list_saves as _list

    if not folder.is_dir():
        return []
    return list(_list(folder))


def latest_unfinished() -> Any | None:
    """The most recent saved game that is not over, for "Continue"."""
    from ...engine.storage import most_recent

    try:
        return most_recent(paths.saves_dir())
    except OSError:
        return None


def game_title(game_id: str) -> str:
    try:
        return tr(games.get(game_id).title)
    except LookupError:
        return game_id


def demo_folder() -> Path:
    return Path(str(resources.demo_dir()))


class SavesScene(Scene):
    """Saved games (``demos=False``) or the demos shipped in ``saves/`` (``demos=True``)."""

    def __init__(self, app, demos: bool = False) -> None:
        super().__init__(app)
        self.demos = demos
        self.name = tr("saves.demos_title") if demos else tr("saves.title")
        self.page = 0
        self._empty: tuple[pygame.Rect, str] | None = None
        self.mode: tuple[str, int] | None = None  # ("rename"|"delete", index)
        self.message = ""
        self.infos: list[Any] = []
        self.refresh()
        self.actions: dict[Any, tuple[str, int]] = {}
        self.rename_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.dialog: Any = None  # the "Open a file..." dialog while it is open
        self.copy_dialog: Any = None  # "Save a copy as..." while it is open ...
        self.copy_from: Path | None = None  # ... and the save it copies

    def refresh(self) -> None:
        try:
            self.infos = list_saves(demo_folder() if self.demos else paths.saves_dir())
        except OSError as exc:
            self.infos = []
            self.message = tr("saves.cannot_read", reason=str(exc))

    def rows_per_page(self) -> int:
        return max(1, (self.app.size[1] - self.px(230)) // self.px(84))

    def build(self) -> None:
        w, h = self.app.size
        self.actions = {}
        self.rename_entry = None
        self._empty = None
        m = self.px(48)
        title_h = max(self.px(56), self.app.text.font(self.px(40), True).get_linesize() + 4)
        widgets.label(self, pygame.Rect(m, self.px(28), w // 2, title_h), self.name,
                      object_id="#title")
        back = widgets.button(self, pygame.Rect(w - m - self.px(180), self.px(36), self.px(180),
                                                self.px(46)), tr("common.back"), object_id="#secondary")
        self.actions[back] = ("back", -1)
        if not self.demos:  # a save from anywhere (sent by a friend): its replay
            bw = max(self.px(200), self.app.text.font(self.px(17), True).size(tr("saves.open_file"))[0]
                     + self.px(28))
            pick = widgets.button(self, pygame.Rect(w - m - self.px(190) - bw, self.px(36), bw,
                                                    self.px(46)), tr("saves.open_file"),
                                  object_id="#secondary", tooltip=tr("saves.open_file_tip"))
            self.actions[pick] = ("open_file", -1)
        if self.message:
            widgets.label(self, pygame.Rect(m, self.px(88), w - 2 * m, self.px(30)), self.message,
                          object_id="#message")
        top = self.px(128)
        if not self.infos:
            box = pygame.Rect(m, top, w - 2 * m, self.px(170))
            widgets.panel(self, box)
            text = tr("saves.none_demos") if self.demos else tr("saves.none")
            # drawn by the scene, wrapped to the box (a label cut it at large UI scales)
            self._empty = (pygame.Rect(box.x + self.px(28), box.y + self.px(16),
                                       box.width - self.px(56), self.px(70)), text)
            if not self.demos:
                new = widgets.button(self, pygame.Rect(box.x + self.px(28), box.y + self.px(92),
                                                       self.px(260), self.px(50)), tr("menu.new_game"))
                self.actions[new] = ("new", -1)
            return
        per = self.rows_per_page()
        pages = (len(self.infos) + per - 1) // per
        self.page = min(self.page, pages - 1)
        rh = self.px(72)
        for row, index in enumerate(range(self.page * per, min(len(self.infos), (self.page + 1) * per))):
            self._row(pygame.Rect(m, top + row * self.px(84), w - 2 * m, rh), index)
        if pages > 1:
            y = h - self.px(70)
            prev = widgets.button(self, pygame.Rect(m, y, self.px(160), self.px(44)),
                                  tr("saves.previous"), object_id="#secondary", enabled=self.page > 0)
            nxt = widgets.button(self, pygame.Rect(m + self.px(340), y, self.px(160), self.px(44)),
                                 tr("saves.next"), object_id="#secondary", enabled=self.page < pages - 1)
            widgets.label(self, pygame.Rect(m + self.px(170), y, self.px(160), self.px(44)),
                          tr("saves.page", page=self.page + 1, pages=pages))
            self.actions[prev] = ("prev", -1)
            self.actions[nxt] = ("next", -1)

    def _row(self, rect: pygame.Rect, index: int) -> None:
        info = self.infos[index]
        widgets.panel(self, rect, object_id="#row")
        pad = self.px(16)
        x, y = rect.x + pad, rect.y + self.px(8)
        # the buttons narrower at a large UI scale (a ninth of the row): the game's words keep room
        bw, bh = min(self.px(120), max(self.px(84), rect.width // 9)), self.px(42)
        by = rect.centery - bh // 2
        if self.mode == ("rename", index):
            self.rename_entry = widgets.entry(self, pygame.Rect(x, by, self.px(420), bh), info.name)
            self.rename_entry.focus()
            ok = widgets.button(self, pygame.Rect(rect.right - pad - 2 * bw - self.px(10), by, bw, bh),
                                tr("saves.rename_ok"))
            cancel = widgets.button(self, pygame.Rect(rect.right - pad - bw, by, bw, bh),
                                    tr("common.cancel"), object_id="#secondary")
            self.actions[ok] = ("rename_ok", index)
            self.actions[cancel] = ("cancel", index)
            return
        if self.mode == ("delete", index):
            widgets.label(self, pygame.Rect(x, by, rect.width // 2, bh),
                          tr("saves.delete_confirm", name=info.name), object_id="#heading")
            yes = widgets.button(self, pygame.Rect(rect.right - pad - 2 * bw - self.px(10), by, bw, bh),
                                 tr("saves.delete_yes"), object_id="#danger")
            keep = widgets.button(self, pygame.Rect(rect.right - pad - bw, by, bw, bh),
                                  tr("saves.keep"), object_id="#secondary")
            self.actions[yes] = ("delete_ok", index)
            self.actions[keep] = ("cancel", index)
            return
        problem = getattr(info, "problem", "")
        locked = getattr(info, "locked", False)
        # a file that cannot be opened has only Delete; a game open elsewhere is watched here
        buttons = 1 if self.demos or problem else 3
        copy_w = 0 if self.demos or problem else max(bw, self.app.text.font(self.px(17), True).size(
            tr("copy.row_button"))[0] + self.px(20))
        # an unfinished game is looked back on too (Replay), and continued with Open; in a row
        # too narrow for five buttons (a large UI scale) its copy is made from the table's Menu
        replay_w = 0 if self.demos or problem or info.finished else bw
        if replay_w and rect.width < self.px(1000):
            copy_w = 0
        text_w = rect.width - 2 * pad - buttons * (bw + self.px(10)) - (copy_w and copy_w + self.px(10))
        text_w -= replay_w and replay_w + self.px(10)
        col = text_w // 4
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.modified)) if info.modified else ""
        if problem:
            cells: tuple = ((0, 0, tr("saves.cannot_open"), "#heading", 20, True, 2),
                            (0, 1, info.name, "#small", 14, False, 2),
                            (2, 0, problem, "#small", 14, False, 2), (2, 1, when, "#small", 14, False, 2))
        else:
            people = listing([tr("saves.computer_seat", name=s.name) if s.is_computer else s.name
                              for s in info.seats])
            players = tr("saves.one_player") if len(info.seats) == 1 else \
                tr("saves.players", n=len(info.seats))
            progress = info.progress if not info.finished else tr("saves.finished")
            # (column, line, text, theme id, its font size, bold, columns): shortened to fit
            cells = ((0, 0, game_title(info.game), "#heading", 20, True, 2),
                     (0, 1, info.name, "#small", 14, False, 2),
                     (2, 0, progress, "#field", 16, True, 1), (2, 1, when, "#small", 14, False, 1),
                     (3, 0, players, "#field", 16, True, 1), (3, 1, people, "#small", 14, False, 1))
        for column, line, text, oid, size, bold, span in cells:
            width = col * span - self.px(10)
            fitted = self.app.text.fitted(text, self.px(size), max(8, width - self.px(4)), bold)
            widgets.label(self, pygame.Rect(x + col * column, y + line * self.px(30), width,
                                            self.px(30 if line == 0 else 26)), fitted,
                          object_id=oid)
        bx = rect.right - pad - buttons * (bw + self.px(10)) + self.px(10)
        if not problem:
            label = tr("saves.watch") if self.demos or locked else tr("saves.open")
            tip = tr("saves.watch_elsewhere_tip") if locked and not self.demos else str(info.path)
            replay = info.finished and not self.demos  # a finished game is looked back on
            if replay:
                label, tip = tr("saves.replay"), tr("saves.replay_tip")
            open_b = widgets.button(self, pygame.Rect(bx, by, bw, bh), label, tooltip=tip)
            self.actions[open_b] = ("replay" if replay else "open", index)
        if copy_w:
            copy_b = widgets.button(self, pygame.Rect(bx - copy_w - self.px(10), by, copy_w, bh),
                                    tr("copy.row_button"), object_id="#secondary",
                                    tooltip=tr("copy.row_tip"))
            self.actions[copy_b] = ("copy", index)
        if replay_w:
            look = widgets.button(self, pygame.Rect(bx - copy_w - replay_w - self.px(20), by, replay_w,
                                                    bh), tr("saves.replay"), object_id="#secondary",
                                  tooltip=tr("saves.replay_unfinished_tip"))
            self.actions[look] = ("replay", index)
        if not self.demos:
            if not problem:
                ren = widgets.button(self, pygame.Rect(bx + bw + self.px(10), by, bw, bh),
                                     tr("saves.rename"), object_id="#secondary")
                self.actions[ren] = ("rename", index)
            dele = widgets.button(self, pygame.Rect(bx + (buttons - 1) * (bw + self.px(10)), by, bw, bh),
                                  tr("saves.delete"), object_id="#danger")
            self.actions[dele] = ("delete", index)

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self._empty is not None:
            rect, text = self._empty
            self.app.text.box(surface, text, rect, self.px(20), theme.INK, bold=True)

    def _rebuild(self) -> None:
        self.close()
        self.open()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            from .table import open_replay

            self.dialog = None
            open_replay(self.app, Path(event.text))
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.copy_dialog:
            from ..copy_dialog import copy_to

            self.copy_dialog = None
            self.message = copy_to(self.copy_from, Path(event.text))
            self.refresh()
            self._rebuild()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.act(*self.actions[event.ui_element])
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.mode and self.mode[0] == "rename":
            self.act("rename_ok", self.mode[1])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.mode:
                self.act("cancel", -1)
            else:
                self.app.pop()

    def act(self, what: str, index: int) -> None:
        """Perform a row or page action."""
        from ...engine import storage
        from .table import open_demo, open_replay, open_saved_game

        self.message = ""
        if what == "back":
            self.app.pop()
            return
        if what == "new":
            from .setup import SetupScene

            self.app.replace(SetupScene(self.app))
            return
        if what == "replay":
            open_replay(self.app, self.infos[index].path)
            return
        if what == "open_file":
            from pygame_gui.windows import UIFileDialog

            w, h = self.app.size
            rect = pygame.Rect(0, 0, min(w - self.px(40), self.px(640)), min(h - self.px(40), self.px(520)))
            rect.center = (w // 2, h // 2)
            self.dialog = UIFileDialog(rect, self.manager, window_title=tr("saves.open_file"),
                                       initial_file_path=str(paths.saves_dir()),
                                       allowed_suffixes={".wtsave"}, allow_existing_files_only=True)
            return
        if what == "copy":  # "Save a copy as...": the file is only read, open or not
            from ..copy_dialog import open_dialog

            self.copy_from = self.infos[index].path
            self.copy_dialog = open_dialog(self, self.copy_from)
            return
        if what == "open":
            if self.demos:
                open_demo(self.app, self.infos[index].path)
            else:
                open_saved_game(self.app, self.infos[index].path)
            return
        if what in ("rename", "delete"):
            self.mode = (what, index)
        elif what == "cancel":
            self.mode = None
        elif what == "rename_ok":
            new = self.rename_entry.get_text().strip() if self.rename_entry else ""
            if new:
                try:
                    storage.rename_save(self.infos[index].path, new)
                except storage.LoadError as exc:
                    self.message = tr(exc.message)
                except OSError as exc:
                    self.message = tr("saves.rename_failed", reason=exc.strerror or str(exc))
            self.mode = None
            self.refresh()
        elif what == "delete_ok":
            try:
                storage.delete_save(self.infos[index].path)
            except storage.LoadError as exc:
                self.message = tr(exc.message)
            except OSError as exc:
                self.message = tr("saves.delete_failed", reason=exc.strerror or str(exc))
            self.mode = None
            self.refresh()
        elif what == "prev":
            self.page = max(0, self.page - 1)
        elif what == "next":
            self.page += 1
        self._rebuild()
