"""The saved-games list (open, save a copy as, rename, delete) and the demo list (watch a
recorded game)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any, NamedTuple

import pygame
import pygame_gui

from ... import games, i18n, paths, resources
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


#: The name a new save gets (``storage``: ``<game id>-YYYYmmdd-HHMMSS-<6 hex digits>``): a
#: file name, never shown; a name the player gave with Rename is.
_AUTOMATIC_NAME = re.compile(r"^[a-z0-9-]+-\d{8}-\d{6}-[0-9a-f]{6}$")


def shown_name(info: Any, demos: bool = False) -> str:
    """The save's name as the list shows it: the one its player gave it, else "" (a demo's or
    a new save's file name says nothing to a player: the game, players and date do)."""
    if demos or _AUTOMATIC_NAME.match(info.name):
        return ""
    return info.name


def when_text(info: Any) -> str:
    """When the save was last written, as the list shows it."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(info.modified)) if info.modified else ""


def seat_text(seat: Any) -> str:
    """A seat as the list names it: its name, and for a computer its level in player words
    (a demo's ``greedy`` players read "computer, normal")."""
    if not seat.is_computer:
        return seat.name
    level = seat.level if i18n.has("level." + seat.level) else "normal"
    return tr("saves.computer_seat", name=seat.name, level=tr("level." + level))


class Cell(NamedTuple):
    """One text of a row: what it says, its size (reference pixels) and look."""

    text: str
    size: int
    bold: bool
    colour: Any


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

    # -- the rows' text: name, game, players, progress, date ---------------------------------
    #
    # Three columns of text in every row (the game and the name the player gave; the players;
    # the progress and the date), as wide as their longest text on the list needs when there
    # is room, else sharing the room and wrapping (issue 27: cut even at 1920 wide). A row is
    # as tall as its wrapped text; a page holds the rows that fit.

    def columns(self, info: Any) -> list[list[Cell]]:
        """The texts of a row, column by column."""
        soft = theme.INK_SOFT
        problem = getattr(info, "problem", "")
        if problem:  # the reason names the file: all there is to know a damaged file by
            return [[Cell(tr("saves.cannot_open"), 20, True, theme.INK)],
                    [Cell(problem, 14, False, soft)], [Cell(when_text(info), 14, False, soft)]]
        first = [Cell(game_title(info.game), 20, True, theme.INK)]
        name = shown_name(info, self.demos)
        if name:
            first.append(Cell(name, 14, False, soft))
        players = (tr("saves.one_player") if len(info.seats) == 1
                   else tr("saves.players", n=len(info.seats)))
        progress = info.progress if not info.finished else tr("saves.finished")
        return [first,
                [Cell(players, 16, True, soft),
                 Cell(listing([seat_text(seat) for seat in info.seats]), 14, False, soft)],
                [Cell(progress or tr("saves.not_started"), 16, True, soft),
                 Cell(when_text(info), 14, False, soft)]]

    def _button_lines(self, info: Any, row_w: int) -> list[list[tuple[str, int]]]:
        """The row's buttons (:meth:`_buttons`) on one line, or on two when one line would
        take more than a third of the row (five buttons of a saved game): the text keeps
        the room to read whole."""
        buttons = self._buttons(info, row_w)
        if len(buttons) > 2 and self._line_w(buttons) > row_w // 3:
            half = (len(buttons) + 1) // 2
            return [buttons[:half], buttons[half:]]
        return [buttons]

    def _line_w(self, buttons: list[tuple[str, int]]) -> int:
        return sum(w + self.px(10) for _what, w in buttons) - self.px(10)

    def _buttons_w(self, info: Any, row_w: int) -> int:
        """The width the row's buttons take at its right (see :meth:`_button_lines`)."""
        return max(self._line_w(line) for line in self._button_lines(info, row_w)) + self.px(10)

    def _button_size(self, row_w: int) -> tuple[int, int]:
        # the buttons narrower at a large UI scale (a ninth of the row): the game's words keep room
        return min(self.px(120), max(self.px(84), row_w // 9)), self.px(42)

    def _buttons(self, info: Any, row_w: int) -> list[tuple[str, int]]:
        """The row's buttons from the left, with their widths: an unfinished game is looked
        back on too (Replay) and continued with Open; in a row too narrow for five buttons (a
        large UI scale) its copy is made from the table's Menu; a file that cannot be opened
        has only Delete."""
        bw, _bh = self._button_size(row_w)
        problem = getattr(info, "problem", "")
        if self.demos:
            return [("open", bw)]
        if problem:  # a damaged file whose moves up to the damage can be kept: offer them
            keep = getattr(info, "recoverable", None)
            if keep:
                words = tr("saves.recover", n=keep)
                return [("recover", max(bw, self.app.text.width(words, self.px(17), True)
                                        + self.px(20))), ("delete", bw)]
            return [("delete", bw)]
        out: list[tuple[str, int]] = []
        replay = not info.finished
        if not (replay and row_w < self.px(1000)):
            out.append(("copy", max(bw, self.app.text.width(tr("copy.row_button"), self.px(17), True)
                                    + self.px(20))))
        if replay:
            out.append(("replay", bw))
        return out + [("open", bw), ("rename", bw), ("delete", bw)]

    def _measure(self, row_w: int) -> tuple[list[int], list[int]]:
        """The columns' widths for rows ``row_w`` wide, and each save's row height."""
        pad, gap = self.px(16), self.px(18)
        text_w = min(row_w - 2 * pad - self._buttons_w(info, row_w) for info in self.infos)
        text = self.app.text
        cols = [self.columns(info) for info in self.infos]
        needs = [max((text.width(c.text, self.px(c.size), c.bold) + self.px(4)
                      for row in cols for c in row[k]), default=0) for k in range(3)]
        widths = _share(needs, max(30, text_w - 2 * gap))
        heights = []
        for row in cols:
            tall = max(sum(self._cell_h(c, w) for c in column) for column, w in zip(row, widths))
            heights.append(max(self.px(72), tall + 2 * self.px(8)))
        for i, info in enumerate(self.infos):  # two lines of buttons need their height
            lines = len(self._button_lines(info, row_w))
            heights[i] = max(heights[i], lines * (self._button_size(row_w)[1] + self.px(10))
                             + self.px(14))
        return widths, heights

    def _cell_h(self, cell: Cell, width: int) -> int:
        size = self.px(cell.size)
        fit = self.app.text.lay(cell.text, width, 1 << 14, size, cell.bold, min_size=size)
        font = self.app.text.font(size, cell.bold)
        return (len(fit.lines) - 1) * font.get_linesize() + font.get_height() + self.px(2)

    def _pages(self, heights: list[int], room: int) -> list[range]:
        """The saves page by page: as many rows as fit ``room`` (at least one)."""
        pages, start, used = [], 0, 0
        for i, hgt in enumerate(heights):
            if i > start and used + hgt > room:
                pages.append(range(start, i))
                start, used = i, 0
            used += hgt + self.px(12)
        pages.append(range(start, len(heights)))
        return pages

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
        widths, heights = self._measure(w - 2 * m)
        paged = self._pages(heights, h - top - self.px(16))
        if len(paged) > 1:
            paged = self._pages(heights, h - top - self.px(86))  # room for Previous / Next
        pages = len(paged)
        self.page = min(self.page, pages - 1)
        y = top
        for index in paged[self.page]:
            self._row(pygame.Rect(m, y, w - 2 * m, heights[index]), index, widths)
            y += heights[index] + self.px(12)
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

    def _row(self, rect: pygame.Rect, index: int, widths: list[int]) -> None:
        info = self.infos[index]
        widgets.panel(self, rect, object_id="#row")
        pad, gap = self.px(16), self.px(18)
        x, y = rect.x + pad, rect.y + self.px(8)
        bw, bh = self._button_size(rect.width)
        by = rect.centery - bh // 2
        label = shown_name(info, self.demos) or tr("saves.game_at", game=game_title(info.game),
                                                  when=when_text(info))
        if self.mode == ("rename", index):
            self.rename_entry = widgets.entry(self, pygame.Rect(x, by, self.px(420), bh),
                                              shown_name(info))
            self.rename_entry.focus()
            ok = widgets.button(self, pygame.Rect(rect.right - pad - 2 * bw - self.px(10), by, bw, bh),
                                tr("saves.rename_ok"))
            cancel = widgets.button(self, pygame.Rect(rect.right - pad - bw, by, bw, bh),
                                    tr("common.cancel"), object_id="#secondary")
            self.actions[ok] = ("rename_ok", index)
            self.actions[cancel] = ("cancel", index)
            return
        if self.mode == ("delete", index):
            text_w = rect.width - 2 * pad - 2 * (bw + self.px(10))
            widgets.text_block(self, pygame.Rect(x, rect.y + self.px(8), text_w,
                                                 rect.height - self.px(16)),
                               tr("saves.delete_confirm", name=label), self.px(20), theme.INK,
                               bold=True)
            yes = widgets.button(self, pygame.Rect(rect.right - pad - 2 * bw - self.px(10), by, bw, bh),
                                 tr("saves.delete_yes"), object_id="#danger")
            keep = widgets.button(self, pygame.Rect(rect.right - pad - bw, by, bw, bh),
                                  tr("saves.keep"), object_id="#secondary")
            self.actions[yes] = ("delete_ok", index)
            self.actions[keep] = ("cancel", index)
            return
        for column, width in zip(self.columns(info), widths):
            cy = y
            for cell in column:
                hgt = self._cell_h(cell, width)
                widgets.text_block(self, pygame.Rect(x, cy, width, hgt), cell.text,
                                   self.px(cell.size), cell.colour, bold=cell.bold)
                cy += hgt
            x += width + gap
        locked = getattr(info, "locked", False)
        lines = self._button_lines(info, rect.width)
        by = rect.centery - (len(lines) * (bh + self.px(10)) - self.px(10)) // 2
        spots = []
        for n, line in enumerate(lines):
            bx = rect.right - pad - self._line_w(line)
            for what, width in line:
                spots.append((what, pygame.Rect(bx, by + n * (bh + self.px(10)), width, bh)))
                bx += width + self.px(10)
        for what, spot in spots:
            if what == "open":
                text, tip = ((tr("saves.watch"), tr("saves.watch_tip")) if self.demos
                             else (tr("saves.watch"), tr("saves.watch_elsewhere_tip")) if locked
                             else (tr("saves.open"), tr("saves.open_tip")))
                act = "open"
                if info.finished and not self.demos:  # a finished game is looked back on
                    text, tip, act = tr("saves.replay"), tr("saves.replay_tip"), "replay"
                b = widgets.button(self, spot, text, tooltip=tip)
            elif what == "copy":
                b = widgets.button(self, spot, tr("copy.row_button"), object_id="#secondary",
                                   tooltip=tr("copy.row_tip"))
                act = "copy"
            elif what == "replay":
                b = widgets.button(self, spot, tr("saves.replay"), object_id="#secondary",
                                   tooltip=tr("saves.replay_unfinished_tip"))
                act = "replay"
            elif what == "recover":
                b = widgets.button(self, spot, tr("saves.recover", n=info.recoverable),
                                   tooltip=tr("load.recover_offer", n=info.recoverable))
                act = "recover"
            elif what == "rename":
                b = widgets.button(self, spot, tr("saves.rename"), object_id="#secondary")
                act = "rename"
            else:
                b = widgets.button(self, spot, tr("saves.delete"), object_id="#danger")
                act = "delete"
            self.actions[b] = (act, index)

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
            elif open_saved_game(self.app, self.infos[index].path) is not None:
                self._offer_recovery(index)  # damaged in its middle: found only now
            return
        if what == "recover":  # issue 28: the moves up to the damage, as a new file, played on
            try:
                done = storage.recover(self.infos[index].path)
            except storage.LoadError as exc:
                self.message = exc.message
            else:
                self.app.notices.append(tr("load.recovered", n=done.commands, name=done.path.stem))
                open_saved_game(self.app, done.path)
                return
            self.refresh()
            self._rebuild()
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


    def _offer_recovery(self, index: int) -> None:
        """A save that would not open: its row says why, and offers its good moves (recovery
        replays the file once to count them)."""
        from dataclasses import replace

        from ...engine import storage

        info = self.infos[index]
        keep = storage.recoverable(info.path)
        if keep:
            reason = self.app.notices[-1] if self.app.notices else ""
            self.infos[index] = replace(info, problem=reason, recoverable=keep)
            self._rebuild()


def _share(needs: list[int], room: int) -> list[int]:
    """Widths for columns that need ``needs`` pixels in ``room``: each its need when all fit
    (the spare to the widest), else the columns needing less than an equal share get their
    need and the others share the rest equally (their text wraps)."""
    widths = [0] * len(needs)
    left, free = list(range(len(needs))), room
    while left:
        fair = free // len(left)
        small = [i for i in left if needs[i] <= fair]
        if not small:
            for i in left:
                widths[i] = fair
            break
        for i in small:
            widths[i] = needs[i]
            free -= needs[i]
            left.remove(i)
    if sum(widths) < room:  # all fitted: the spare goes to the players' column
        widths[1 if len(widths) > 1 else 0] += room - sum(widths)
    return widths
