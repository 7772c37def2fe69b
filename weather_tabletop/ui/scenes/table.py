"""The table: turn banner, log, scores, undo/redo, the action list and the board, generic over
any game. The board is drawn by the game's TableView (or the generic one); drags go through
:class:`~weather_tabletop.ui.dragdrop.DragDrop`; computer seats think in worker threads."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from ... import games, guide
from ...engine.protocol import Command, IllegalMove
from ...engine.storage import SaveFailed
from ...i18n import language, tr, listing
from .. import theme, widgets
from ..action_list import ActionList
from ..computer import Computers
from ..confirm import ConfirmMove
from ..timeline import Timeline
from ..review_view import ReviewView
from ..dragdrop import DragDrop
from ..log_panel import RENDER_BUDGET, LogEntry, LogPanel
from ..logbook import LogBook
from ..guide_view import step_of
from ..hints import Hints
from ..move_palette import MovePalette, open_palette
from ..move_rows import game_order, keep_places
from ..playback import Playback, RulesForView
from ..playback_bar import PlaybackBar
from ..scene import Scene
from .. import score_table
from ..score_box import ScoreBox
from ..session import Session, has_hidden_information
from .. import table_layout
from ..table_layout import Panels, TableLayout
from ..table_view import GenericTableView, ViewContext, set_frame_deadline
from ..theme import TextCache

LOG_LINES = 160
#: seconds from the start of a frame's update within which the work a move brings (the board's
#: new layer, new log lines, new entries of the action list) is done; the rest waits a frame
FRAME_WORK = 0.0008
#: seconds between looks at the file of a game followed from another window
FOLLOW_SECONDS = 1.0
#: a replay's log panel shows this many lines up to the position shown
REPLAY_LOG_LINES = 40
#: the banner's lines may shrink to this size before they are wrapped or shortened (the
#: smallest text of the app: issue 13)
BANNER_MIN_PX = theme.MIN_TEXT_PX


def open_saved_game(app, path: Path) -> str | None:
    """Continue the saved game at ``path`` at the table; the reason when it cannot be loaded.
    A game open in another window is followed here read-only, with a notice saying so."""
    from ...engine.storage import LoadError, OpenElsewhere

    try:
        try:
            session = Session.open_saved(path)
        except OpenElsewhere:
            session = Session.watch(path)
            session.notice = "table.watching_notice"
    except LoadError as exc:
        app.notices.append(exc.message)
        if app.top is not None:
            app.top.close()
            app.top.open()
        return exc.message
    app.home()
    app.push(TableScene(app, session, cover=True))
    return None


def open_replay(app, path: Path) -> str | None:
    """Step through the saved game at ``path`` (finished or not; the file is never written);
    the reason when it cannot be loaded."""
    from ...engine.storage import LoadError

    try:
        session = Session.replaying(path)
    except LoadError as exc:
        app.notices.append(exc.message)
        return exc.message
    app.home()
    app.push(TableScene(app, session))
    return None


def open_demo(app, path: Path) -> str | None:
    """Watch the recorded game at ``path`` in the replay (issue 27): it plays from its start on
    the timeline, which steps, scrubs and offers Review; the file is never written. The
    reason when it cannot be loaded."""
    from ...engine.storage import LoadError

    try:
        session = Session.demo(path)
    except LoadError as exc:
        app.notices.append(exc.message)
        return exc.message
    app.home()
    app.push(TableScene(app, session))
    return None


@dataclass
class BannerLine:
    """One line of text in the banner, fitted to ``rect``: shrunk (to ``BANNER_MIN_PX``); when
    it still does not fit, ``shorter`` (the same without the game's name) is tried, then wrapped
    into the lines the rect holds, and only then shortened with an ellipsis (issue 27: at 150%
    the step was cut to "Round 3 · P…")."""

    rect: pygame.Rect
    text: str
    size: int
    colour: tuple[int, int, int]
    bold: bool
    shorter: str = ""

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        if not self.text:
            return
        r, small = self.rect, min(self.size, BANNER_MIN_PX)
        tries = [(self.text, False)] + [(self.shorter, False)] * bool(self.shorter) + [
            (self.shorter or self.text, True)]
        for words, wrap in tries:
            if not text.lay(words, r.w, r.h, self.size, self.bold, small, wrap).cut:
                break
        text.box(surface, words, r, self.size, self.colour, self.bold, min_size=small, wrap=wrap)


def _remembered_panels() -> Panels:
    try:
        from ... import remember
    except ImportError:
        return Panels()
    return Panels.from_json(remember.get("table.panels", None))


def _remember_panels(panels: Panels) -> None:
    try:
        from ... import remember
    except ImportError:
        return
    try:
        remember.put("table.panels", panels.to_json())
    except (OSError, ValueError):
        pass  # not remembered; the table works the same


HINTS_KEPT = 100  # the steps each game remembers having explained (newest kept)


def _hints_met(game_id: str) -> list[str]:
    """The steps of ``game_id`` already explained, as "name<TAB>section" (a person meets a
    step's help once, in this game and the next ones)."""
    try:
        from ... import remember
    except ImportError:
        return []
    met = remember.get(f"step_help.{game_id}", [])
    return [m for m in met if isinstance(m, str)] if isinstance(met, list) else []


def _hint_met(game_id: str, person: str) -> None:
    try:
        from ... import remember

        remember.put(f"step_help.{game_id}", (_hints_met(game_id) + [person])[-HINTS_KEPT:])
    except (ImportError, OSError, ValueError):
        pass  # not remembered: the help may show again next game


def _chevron(surface: pygame.Surface, centre: tuple[int, int], r: int, way: str, colour) -> None:
    """A small filled arrowhead pointing ``way`` (right, left or down)."""
    x, y = centre
    pts = {"right": [(x - r // 2, y - r), (x + r // 2 + 1, y), (x - r // 2, y + r)],
           "left": [(x + r // 2, y - r), (x - r // 2 - 1, y), (x + r // 2, y + r)],
           "down": [(x - r, y - r // 2), (x + r, y - r // 2), (x, y + r // 2 + 1)]}[way]
    pygame.draw.polygon(surface, colour, pts)


class TableScene(Scene):
    heavy = True  # its memory is given back when it closes (issue 27)

    def __init__(self, app, session: Session, *, privacy: bool = True, cover: bool = False) -> None:
        """``privacy``: hot-seat people with hidden information pass the screen behind a
        privacy screen; ``cover``: the table also opens behind it (Continue and Load: whoever sat
        here last must not see the next person's hand)."""
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.name = tr(self.game.title)
        self.log = LogBook()
        #: the shown position, which may lag behind the match while others' moves are played
        self.playback = Playback(self.game, enabled=session.replay is None)
        self.bar = PlaybackBar(self)
        self.computers = Computers(session, lambda: app.settings.move_delay,
                                   hold=lambda: self.playback.playing)
        self.privacy = privacy and has_hidden_information(self.game) and len(session.people()) > 1
        self._cover = cover and self.privacy and not session.read_only
        self.dragdrop = DragDrop(self.play, self.show_message)
        self.viewer: int | None = self._first_viewer()
        self.view_state: Any = None
        self.legal: list[Command] = []  # in the order "Your moves" shows them (self.rows)
        self.rows: list[Command | None] = []  # "Your moves", row by row (None: an empty row)
        self._game_order: list[Command] = []  # the legal moves in the game's order
        self.palette_moves: list[Command] = []  # the moves the open palette lists
        self.confirm: ConfirmMove | None = None  # "This cannot be undone: ..." while asked
        self.message = tr(session.notice) if session.notice else ""
        self.action_index = 0
        self.tooltip: tuple[str, pygame.Surface] | None = None
        self.mouse = (0, 0)
        self._seen = -1
        self._scores_shown = session.match.is_over()
        self._log_upto = 0  # log lines already in the panel
        self._actions_key: tuple | None = None
        self._actions_state: Any = None
        self.view: Any = None
        self.w: dict[str, Any] = {}
        self.banner: dict[str, BannerLine] = {}
        self.panels = _remembered_panels()
        self.lay: TableLayout | None = None
        self._message_surface: tuple[str, pygame.Surface] | None = None
        self.palette: MovePalette | None = None
        self._view_look: tuple = ()
        self._hint: tuple[tuple, str] | None = None  # (seat, section) and the line shown
        self._hints_seen: set[tuple] = set()
        self._hint_surface: tuple[str, pygame.Surface] | None = None
        self._followed = 0.0  # a watched game: when its file was last looked at
        self.timeline: Timeline | None = None  # a replay's controls
        self._replay_log: LogBook | None = None
        self.review = ReviewView(session, ViewContext(session.config.seats))  # a finished replay
        self.hints = Hints(session)  # the hard player's best moves for a person (issue 21)
        #: the Menu button's list while it is open: (row, what it does, its words); drawn by the
        #: scene over the side column (pygame_gui widgets would lie under it)
        self._menu: list[tuple[pygame.Rect, str, str]] = []
        self._menu_hover: str | None = None
        self._tips: dict[str, str] = {}  # the banner buttons' tooltips
        self.copy_dialog: Any = None  # "Save a copy as..." while it is open
        self._urgent = False  # a person's own move: the next frame draws the board whole

    # -- who looks at the table ------------------------------------------------------------

    def _acting_people(self) -> list[int]:
        return [s for s in self.session.match.to_act() if not self.session.seat_is_computer(s)]

    def _first_viewer(self) -> int | None:
        if self.session.read_only:
            return self.session.seen_by
        acting = self._acting_people()
        people = self.session.people()
        return acting[0] if acting else (people[0] if people else None)

    def _next_viewer(self) -> int | None:
        acting = self._acting_people()
        if self.session.read_only:
            return self.session.seen_by
        if not acting:
            return self.viewer
        return self.viewer if self.viewer in acting else acting[0]

    # -- layout ----------------------------------------------------------------------------

    def _layout(self) -> TableLayout:
        buttons = 7 if self.session.is_demo else 6  # with "?" and "Final scores" (at the end)
        buttons += self._offers_hints()
        plain = table_layout.layout(self.app.size, self.app.scale, self.panels, buttons)
        if self._hint is None or not self.panels.column:
            return plain
        return table_layout.layout(self.app.size, self.app.scale, self.panels, buttons,
                                   self._hint_height(plain.column.w))

    def _hint_height(self, width: int) -> int:
        """The step help's height in a column ``width`` wide."""
        size, pad = self.side_font(width), self.px(6)
        fit = self.app.text.lay(self._hint[1] if self._hint else "", width - 2 * self.px(10),
                                12 * size, size)
        font = self.app.text.font(fit.size)
        return (len(fit.lines) - 1) * font.get_linesize() + font.get_height() + 2 * pad

    def _timeline(self, lay: TableLayout) -> Timeline | None:
        """A replay's timeline in a strip cut from the bottom of the board."""
        replay = self.session.replay
        if replay is None:
            return None
        board, th = lay.board, self.px(52)
        lay.board = pygame.Rect(board.x, board.y, board.w, board.h - th - lay.gap)
        strip = pygame.Rect(board.x + lay.gap, board.bottom - th - lay.gap // 2,
                            board.w - 2 * lay.gap, th)
        old = self.timeline
        timeline = Timeline(strip, replay, self._seek, self.session.position, scale=self.app.scale,
                            playing=old.playing if old else self.session.recorded,
                            on_extra=self._continue_here)
        timeline.extra = tr("replay.continue") if self.session.can_continue_here else ""
        if len(self.session.viewers()) > 1:  # a finished game: seen by any seat
            timeline.view_label = self._seen_by_label()
            timeline.on_view = self._next_seen_by
        if self.review.shown:  # the review's strip over the timeline, cut from the board too
            gh = self.px(66 if self.review.review is not None else 40)  # a graph, else one line
            lay.board.h -= gh + lay.gap // 2
            self.review.rect = pygame.Rect(strip.x, strip.y - gh - lay.gap // 2, strip.w, gh)
        else:
            self.review.rect = pygame.Rect(0, 0, 0, 0)
        self.review.context = ViewContext(self.session.config.seats, self.app.settings.colour_blind)
        timeline.review_label = tr("review.button") if self.review.offer() else ""
        timeline.on_review = self._start_review
        timeline.marks = self.review.flags()
        return timeline

    def _start_review(self) -> None:
        """Review the finished game on a worker thread (its strip shows the progress)."""
        self.review.start()
        self.close()
        self.open()

    def _seen_by_label(self) -> str:
        seat = self.session.seen_by
        return tr("replay.seen_by_table") if seat is None else tr("replay.seen_by", name=self._name(seat))

    def _next_seen_by(self) -> None:
        """A finished game's replay: show the next seat's view (hands and all), then the
        table's again."""
        options = self.session.viewers()
        self.session.seen_by = options[(options.index(self.session.seen_by) + 1) % len(options)]
        if self.timeline is not None:
            self.timeline.view_label = self._seen_by_label()
        self._seen = -1

    def _seek(self, position: int) -> None:
        if position != self.session.position + 1:  # only a step forward shows what changed
            forget = getattr(self.view, "forget_steps", None)
            if forget is not None:
                forget()
        self.session.seek(position)
        if self.timeline is not None:
            self.timeline.extra = tr("replay.continue") if self.session.can_continue_here else ""

    def _continue_here(self) -> None:
        """The last position of an unfinished game: go on playing it (its file is continued)."""
        if self.session.can_continue_here and self.session.replay_path is not None:
            open_saved_game(self.app, self.session.replay_path)

    def board_rect(self) -> pygame.Rect:
        """The board's rectangle (the built layout's; worked out when the table is not built)."""
        return self.lay.board if self.lay is not None else self._layout().board

    def side_font(self, width: int | None = None) -> int:
        """The side column's text size: the UI scale's, as far as the column's width allows
        (about 15 characters a line at the least)."""
        return max(12, min(self.px(15), (width or self.lay.column.w) // 14))

    def build(self) -> None:
        w, h = self.app.size
        self.name = tr(self.game.title)  # again: the language may have changed (issue 18)
        self.lay = lay = self._layout()
        self.timeline = self._timeline(lay)  # a replay: its strip is cut from the board's
        # where the pointer was over the moves list: a rebuild (the step help coming) keeps it
        pointer = self.w["actions"].mouse if "actions" in self.w else (-1, -1)
        self.w = {}
        widgets.panel(self, lay.banner, object_id="#banner_panel")
        # the two banner lines change with the turn: drawn by the scene (re-laying a pygame_gui
        # label costs milliseconds), fitted to the room the buttons leave
        t = lay.title
        edge = max(2, t.h // 12)
        # the turn line as tall as its text needs (up to half), the step line the rest
        half = t.h - min(t.h // 2, self.app.text.font(self.px(20), True).get_height())
        self.banner = {"game": BannerLine(pygame.Rect(t.x, t.y + edge, t.w, half - edge),
                                          self.name, self.px(15), (220, 235, 247), False),
                       "turn": BannerLine(pygame.Rect(t.x, t.y + half, t.w, t.h - half - edge),
                                          "", self.px(20), (255, 255, 255), True)}
        keys = (["menu", "rules", "help", "restart", "step", "pause"] if self.session.is_demo
                else ["menu", "rules", "help", "redo", "undo"] + ["hint"] * self._offers_hints()
                ) + ["scores"]
        words = {"menu": ("table.menu", "table.menu_tip"), "rules": ("table.rules", "table.rules_tip"),
                 "restart": ("demo.restart", "demo.restart_tip"), "step": ("demo.step", "demo.step_tip"),
                 "pause": ("demo.play" if self.computers.paused else "demo.pause", "demo.pause_tip"),
                 "redo": ("table.redo", "table.redo_tip"), "undo": ("table.undo", "table.undo_tip"),
                 "scores": ("table.final_scores", "table.final_scores_tip"),
                 "help": ("table.help", "table.help_tip"),
                 "hint": ("hint.button", "hint.button_tip")}
        font = self.app.text.font(self.px(17), True)
        x = w - lay.gap
        self._tips = {key: tr(words[key][1]) for key in keys}
        for key in keys:
            label, tip = words[key]
            rect = lay.buttons[len(self.w)]
            bw = max(rect.w, font.size(tr(label))[0] + 2 * self.px(14))
            if key == "help":  # a square "?" button
                bw = max(rect.h, font.size(tr(label))[0] + 2 * self.px(10))
            x -= bw
            self.w[key] = widgets.button(self, pygame.Rect(x, rect.y, bw, rect.h), tr(label),
                                         object_id=None if key == "scores" else "#secondary",
                                         tooltip=tr(tip))
            x -= max(4, self.px(6))
        for line in self.banner.values():
            line.rect.w = max(10, min(line.rect.w, x - line.rect.x - lay.gap))
        self.w["scores"].hide()
        size = self.side_font()
        self._log_upto = 0  # log lines already in the panel
        self._actions_key = None
        self._actions_state = None
        body = lay.bodies
        # drawn by the scene, not pygame_gui (a move re-laid pygame_gui's list: about 12 ms)
        self.w["actions"] = ActionList(body.get("actions", pygame.Rect(-9999, 0, 200, 100)),
                                       self.app.text, row_h=ActionList.two_lines(self.app.text, size),
                                       font_size=size, pad=max(6, size // 2))
        self.w["actions"].mouse = pointer
        self.w["score_box"] = ScoreBox(body.get("scores", pygame.Rect(-9999, 0, 200, 100)),
                                       self.app.text, size=size,
                                       pad=(max(6, size // 2), max(4, size // 3)), radius=self.px(8),
                                       colour_blind=self.app.settings.colour_blind)
        self.log_panel = LogPanel(body.get("log", pygame.Rect(-9999, 0, 200, 100)), self.app.text,
                                  size)
        # the view is kept across a rebuild that changes only sizes (the step help coming or
        # going, a resize): what it shows (a Phase B step, a chosen tab) goes on
        look = (self.app.settings.colour_blind, self.app.scale, id(self.app.text), language())
        if self.view is None or self._view_look != look:
            ctx = ViewContext(self.session.config.seats, self.app.settings.colour_blind,
                              self.app.scale, self.app.text)
            view_cls = games.view_class(self.game.id) or GenericTableView
            self.view = view_cls(RulesForView(self.game), lay.board, context=ctx)
            self._view_look = look
        elif self.view.rect != lay.board:
            self.view.resize(lay.board)
        if self.playback.size != lay.board.size:  # old pictures of the board compare with nothing
            self.playback.forget_pictures(lay.board.size)
        self._seen = -1
        self.tooltip = None
        self._message_surface = None
        self._hint_surface = None
        self.refresh()
        self.log_panel.flush()  # the whole log at once when the table opens
        if self.confirm is not None:  # a new size or language: the question laid out again
            self.confirm = self._question(self.confirm.command, self.confirm.dont_ask)

    def _heading_title(self, key: str) -> str:
        title = tr({"actions": "table.actions", "scores": "table.scores", "log": "table.log"}[key])
        if key == "actions" and self.legal:
            return tr("table.actions_n", title=title, n=len(self.legal))
        return title

    def toggle_panel(self, what: str) -> None:
        """Fold or unfold the side column or one of its panels (remembered)."""
        self.panels = self.panels.toggled(what)
        _remember_panels(self.panels)
        self.close()
        self.open()

    def _draw_side(self, surface: pygame.Surface) -> None:
        """The side column's headings (each folds its panel) and the fold button or strip."""
        lay, text = self.lay, self.app.text
        size = self.side_font()
        if not self.panels.column:
            strip = lay.fold
            pygame.draw.rect(surface, theme.PRIMARY, strip, border_radius=self.px(6))
            _chevron(surface, (strip.centerx, strip.y + strip.w // 2 + 4), strip.w // 4, "left",
                     (255, 255, 255))
            return
        hovered = self._side_hit(self.mouse)
        for key, rect in lay.headers.items():
            if hovered == key:
                pygame.draw.rect(surface, theme.SKY_DEEP, rect, border_radius=self.px(6))
            folded = key not in lay.bodies
            _chevron(surface, (rect.x + rect.h // 2, rect.centery), max(3, rect.h // 6),
                     "right" if folded else "down", theme.INK_SOFT)
            text.box(surface, self._heading_title(key),
                     pygame.Rect(rect.x + rect.h, rect.y, rect.w - rect.h, rect.h),
                     round(size * 1.2), theme.INK, bold=True)
        f = lay.fold
        pygame.draw.rect(surface, theme.SKY_DEEP if hovered == "column" else theme.PANEL, f,
                         border_radius=self.px(6))
        pygame.draw.rect(surface, theme.LINE, f, 1, border_radius=self.px(6))
        _chevron(surface, f.center, max(3, f.h // 5), "right", theme.INK_SOFT)

    def _side_hit(self, pos: tuple[int, int]) -> str | None:
        """What a click at ``pos`` would fold: "column", a panel's key, or None."""
        lay = getattr(self, "lay", None)
        if lay is None:
            return None
        if lay.fold.collidepoint(pos):
            return "column"
        if self.panels.column:
            for key, rect in lay.headers.items():
                if rect.collidepoint(pos):
                    return key
        return None

    # -- keeping the widgets in step with the match ------------------------------------------

    def refresh(self) -> None:
        """Bring every panel up to date with the match (called when something changed)."""
        match = self.session.match
        self._seen = match.version
        self.playback.sync(match)
        if self.app.settings.move_delay <= 0:
            self.playback.skip()  # "instant": the end at once, in this very refresh
        nxt = self._next_viewer()
        if self.playback.holding and self.viewer is not None:
            nxt = self.viewer  # the next seat's screen comes once what happened was shown
        if (self.privacy and nxt is not None and self.viewer is not None and nxt != self.viewer
                and not match.is_over()):
            from .privacy import PrivacyScene

            self.viewer = None
            self.app.push(PrivacyScene(self.app, self, nxt))
            return
        self.viewer = nxt
        self.palette = None  # its moves were the last position's
        game = self.game
        shown = self.playback.shown_state()  # the match's position once playback caught up
        self.view_state = game.view(shown, self.viewer)
        acting = game.to_act(shown)
        self.legal = match.legal(self.viewer) if (self.viewer is not None and self.viewer in acting
                                                  and not self.session.read_only
                                                  and not self.playback.holding) else []
        self._update_banner(acting)
        self._update_hint()
        self._update_log()
        self._update_scores()
        self._update_actions()
        if self.confirm is not None and self.confirm.command not in self.legal:
            self.confirm = None  # the position moved on (a followed game): nothing to ask
        self.dragdrop.set_context(self.view, self.view_state, self.viewer, self.legal,
                                  enabled=bool(self.legal))
        if self.hints.stale(self.viewer) or not self.hints.can_ask(self.viewer, self.legal):
            self.hints.cancel()  # a move, an undo or another seat: the hints were for then
        if "hint" in self.w:
            (self.w["hint"].enable() if self.hints.can_ask(self.viewer, self.legal)
             else self.w["hint"].disable())
        if "undo" in self.w:
            seat = self.viewer
            for key, reason in (("undo", match.undo_reason(seat) if seat is not None else "-"),
                                ("redo", match.redo_reason(seat) if seat is not None else "-")):
                self.w[key].enable() if reason is None else self.w[key].disable()
        if match.is_over() and not self.playback.playing:  # the last moves first, then scores
            self.w["scores"].show()
            if not self._scores_shown:
                self._scores_shown = True
                self.open_scores()

    def _name(self, seat: int) -> str:
        return self.session.config.seats[seat].name

    def _update_banner(self, acting: tuple[int, ...]) -> None:
        """Whose turn it is in the position shown (a seat's turn is named once playback has
        reached it)."""
        if self.game.is_over(self.playback.shown_state()):
            turn = tr("table.game_over")
        elif not acting:  # a step of the game's own shown (Phase B): nobody's turn
            turn = tr("follow.game_moves")
        elif len(acting) == 1:
            seat = acting[0]
            turn = tr("table.turn_of", name=self._name(seat))
            if (self.session.seat_is_computer(seat) and not self.session.read_only
                    and not self.playback.holding):
                turn += "  " + tr("table.thinking")
        else:
            turn = tr("table.to_act", names=listing([self._name(s) for s in acting]))
        if self.session.is_demo:
            turn = tr("demo.banner", what=turn)
        elif self.session.replay is not None:
            turn = tr("replay.banner", what=turn)
        elif self.session.watching is not None:
            turn = tr("table.watching_banner", what=turn)
        self.banner["turn"].text = turn
        self.banner["game"].text = f"{self.name}  ·  {tr(self.game.progress(self.view_state))}"
        self.banner["game"].shorter = tr(self.game.progress(self.view_state))
        if self.hints.turned_off and not self.session.read_only:
            self.banner["game"].text += f"  ·  {tr('hint.off_banner')}"
            self.banner["game"].shorter += f"  ·  {tr('hint.off_banner')}"
        self._split_banner()

    def _split_banner(self) -> None:
        """Share the banner's height between its lines: the turn line as tall as its text
        (up to half); a step line that fits no single line gets 60%, for two small lines."""
        game, turn, t = self.banner["game"], self.banner["turn"], self.lay.title
        edge = max(2, t.h // 12)
        half = t.h - min(t.h // 2, self.app.text.font(self.px(20), True).get_height())
        one = pygame.Rect(t.x, t.y + edge, game.rect.w, half - edge)
        text = self.app.text
        if all(text.lay(words, one.w, one.h, game.size, False, BANNER_MIN_PX, False).cut
               for words in (game.text, game.shorter) if words):
            half = max(half, round(t.h * 0.6))
        game.rect = pygame.Rect(t.x, t.y + edge, game.rect.w, half - edge)
        turn.rect = pygame.Rect(t.x, t.y + half, turn.rect.w, t.h - half - edge)

    def _seat_rgb_or_neutral(self, seat: int | None) -> tuple[int, int, int]:
        """A mark's colour: the acting seat's, a neutral one for what the game did itself."""
        from ..playback import NEUTRAL

        return NEUTRAL if seat is None else self._seat_rgb(seat)

    def _view_settled(self) -> bool:
        """The board shows the state it was given, drawn whole and not animating."""
        moving = getattr(self.view, "animating", None)
        return not bool(getattr(self.view, "busy", False)) and not (callable(moving) and moving())

    def _seat_rgb(self, seat: int | None) -> tuple[int, int, int]:
        if seat is None or not 0 <= seat < len(self.session.config.seats):
            return tuple(theme.INK_SOFT)[:3]
        col = next((c for c in self.game.colours if c.key == self.session.config.seats[seat].color),
                   None)
        return col.rgb if col else tuple(theme.INK)[:3]

    def _log_entry(self, line: Any) -> LogEntry:
        if line.kind == "command":
            letter = ""
            if line.seat is not None:
                col = next((c for c in self.game.colours
                            if c.key == self.session.config.seats[line.seat].color), None)
                letter = col.letter if col else "•"
            return LogEntry(line.text, tuple(theme.INK)[:3], bold=True, letter=letter,
                            letter_colour=self._seat_rgb(line.seat))
        if line.kind in ("undo", "redo"):
            return LogEntry(line.text, tuple(theme.DANGER)[:3], italic_hint=True)
        return LogEntry(line.text, tuple(theme.MUTED)[:3], indent=True)

    def _update_log(self) -> None:
        """Hand the new log lines to the panel, which renders each once (a replay: the lines up
        to the position shown, the last REPLAY_LOG_LINES of them)."""
        if self.session.replay is not None:
            if self._replay_log is None:
                self._replay_log = LogBook.of_groups(self.game, self.session.config,
                                                     self.session.replay.groups)
            book = self._replay_log
            end = book.ends[self.session.position]
            self.log_panel.clear()
            self.log_panel.add([self._log_entry(l)
                                for l in book.lines[max(0, end - REPLAY_LOG_LINES):end]])
            self.log_panel.flush()  # a few lines at once: the panel shows the position's end
            return
        self.log.sync(self.session.match)
        new = self.log.lines[self._log_upto:]
        if new:
            self.log_panel.add([self._log_entry(l) for l in new])
            self._log_upto = len(self.log.lines)

    def _update_scores(self) -> None:
        """The score box's table (a seat per column, the game's own opponent too), laid out
        again only when a score changed."""
        note = getattr(self.game, "score_note", "")  # under the table: the scores come first
        shown = tr(note) if note and not self.session.match.is_over() else ""
        self.w["score_box"].set_table(score_table.build(self.game, self.view_state,
                                                        self.session.config.seats, shown))

    def _update_actions(self, order: list[Command] | None = None) -> None:
        """"Your moves" for ``self.legal`` in the game's order (``order``: that order again,
        when the pointer left the list). While the pointer rests on the list the moves keep
        their rows (:func:`keep_places`), and ``self.legal`` takes the rows' order, so that an
        index means the same move to the keyboard, the hints and the tests as on the screen."""
        lst: ActionList = self.w["actions"]
        if order is None:
            self._game_order = list(self.legal)
        order = self._game_order
        if not order:
            self.rows, self.legal = [], []
            if self.session.is_demo:
                text = tr("demo.watching")
            elif self.session.watching is not None:
                text = tr("table.watching")
            elif self.session.replay is not None:
                text = tr("replay.actions")
            elif self.session.match.is_over():
                text = tr("table.game_over")
            else:
                text = tr("table.waiting")
            key: tuple = ("off", text)
            if key != self._actions_key:
                self._actions_key = key
                lst.set_items([text], enabled=False)
                self._list_changed()
            return
        # The entries' words are worked out when their rows are first drawn (the list may be long).
        game, state = self.game, self.view_state
        resting = self._pointer_on_list()
        sel = lst.selected  # the keyboard's highlight, a row of the rows shown until now
        chosen = self.rows[sel] if sel is not None and sel < len(self.rows) else None
        rows = keep_places(self.rows, order) if resting else game_order(order)
        self.rows, self.legal = rows, [c for c in rows if c is not None]
        key = ("on", tuple(rows))
        if key != self._actions_key or state is not self._actions_state:
            old = lst.texts if key == self._actions_key else None
            self._actions_key, self._actions_state = key, state

            def words(i: int) -> str:
                return "" if rows[i] is None else tr(game.describe_command(state, rows[i]))

            if old is None or old != [words(i) for i in range(len(rows))]:
                lst.set_source(len(rows), words, keys=rows, keep=resting)
                self._list_changed()
        if chosen in self.legal:  # the keyboard's highlight stays on its move
            self.action_index = self.legal.index(chosen)
        self.action_index = min(max(0, self.action_index), len(self.legal) - 1)
        self.select_action(self.action_index, scroll=not resting)

    def _pointer_moved(self, event: pygame.event.Event) -> None:
        """A dialog over the table has the events: "Your moves" still learns where the pointer
        is, so that the move played from the dialog does not keep rows for a pointer gone."""
        if event.type == pygame.MOUSEMOTION and "actions" in self.w:
            self.w["actions"].mouse = event.pos

    def _list_changed(self) -> None:
        """New rows: a tooltip over the list named a row that may hold another move now."""
        lst: ActionList = self.w["actions"]
        if self.tooltip is not None and lst.rect.collidepoint(lst.mouse):
            self.tooltip = None

    def _pointer_on_list(self) -> bool:
        """The pointer rests on "Your moves" (shown): its rows must not move."""
        lst: ActionList = self.w["actions"]
        return (self.lay is not None and self.panels.column and "actions" in self.lay.bodies
                and lst.rect.collidepoint(lst.mouse))

    def select_action(self, index: int, scroll: bool = True) -> None:
        """Highlight the action at ``index`` of ``self.legal`` (keyboard) and scroll it into
        view (not while the pointer rests on the list: nothing moves under it)."""
        if not self.legal:
            return
        index = max(0, min(len(self.legal) - 1, index))
        self.action_index = index
        self.w["actions"].select(self.rows.index(self.legal[index]), scroll=scroll)

    # -- acting ----------------------------------------------------------------------------

    def play(self, command: Command) -> str | None:
        """A person chose ``command`` (a key, a click, the palette, a hint, a drop): play it,
        after asking first when no undo could take it back; None if played or asked, else the
        rules' reason."""
        if self._asks(command):
            self.confirm = self._question(command)
            self.tooltip = None
            return None
        return self.submit(command)

    def _question(self, command: Command, dont_ask: bool = False) -> ConfirmMove:
        """"This cannot be undone: <move>" over the board, at the table's size and language."""
        assert self.lay is not None
        question = ConfirmMove(self.lay.board, self.app.text, command,
                               tr(self.game.describe_command(self.view_state, command)),
                               max(14, self.px(17)))
        question.dont_ask = dont_ask
        return question

    def _asks(self, command: Command) -> bool:
        """Setting "Ask before a move that cannot be undone": a person's command that would
        cause a chance or reveal event (decided on the state, which stays as it was). Not when
        the question protects nothing: the command is the seat's only move and nothing of its
        own could be undone first. Computer seats and demos never ask."""
        s = self.session
        if not (self.app.settings.ask_irreversible and self.lay is not None and not s.read_only
                and not s.is_demo and not s.seat_is_computer(command.seat)):
            return False
        match = s.match
        if self.legal == [command] and match.undo_reason(command.seat) is not None:
            return False
        return match.barrier_of(command) is not None

    def _confirm_event(self, event: pygame.event.Event) -> None:
        """The question is open: every event is its; Play plays the move, Cancel nothing."""
        assert self.confirm is not None
        self._pointer_moved(event)
        answer = self.confirm.handle(event)
        if answer is None:
            return
        confirm, self.confirm = self.confirm, None
        if answer != "play":
            return
        if confirm.dont_ask:
            self.app.apply_settings(replace(self.app.settings, ask_irreversible=False))
        reason = self.submit(confirm.command)
        if reason:
            self.show_message(reason)

    def submit(self, command: Command) -> str | None:
        """Play a person's command; None if played, else the rules' reason."""
        if self.playback.holding:  # what happened is on the board: no move until it is over
            return tr("follow.wait")
        version = self.session.version
        try:
            self.session.submit(command, expected_version=version)
        except IllegalMove as exc:
            return tr(exc.reason)
        except SaveFailed as exc:  # not played: the player sees why and may try again
            self.show_message(tr(exc.reason))
            return tr(exc.reason)
        self.computers.touched(time.monotonic())
        self.playback.own(version)  # the person's decision: shown at once, the marks go
        self._urgent = True
        self.show_message("")
        self.refresh()
        return None

    def show_message(self, text: str) -> None:
        """Say ``text`` at the foot of the board until the next move or a click on it ("":
        nothing to say)."""
        self.message = text
        self._message_surface = None

    # -- the guide at the table (issue 14) -------------------------------------------------

    def _step_section(self):
        """The guide and the section for the step of play shown now (None, None without)."""
        book = guide.load(self.game.id)
        if book is None or self.view_state is None:
            return book, None
        step = step_of(self.game.id, self.view_state)
        return book, (book.for_step(step) if step is not None else None)

    def _topic_at(self, pos: tuple[int, int]) -> str | None:
        """The guide section for the part of the board under ``pos``, if the view names one
        (its ``guide_topic_at``) and the guide has it."""
        book = guide.load(self.game.id)
        find = getattr(self.view, "guide_topic_at", None)
        if book is None or find is None or not self.board_rect().collidepoint(pos):
            return None
        topic = find(pos)
        return topic if topic is not None and book.section(topic) is not None else None

    def open_help(self, pos: tuple[int, int] | None = None) -> None:
        """The guide at the section for the part of the board under ``pos`` (F1 over it), else
        for the step being played ("?" and F1)."""
        from .rules import RulesScene

        topic = self._topic_at(pos) if pos is not None else None
        if topic is None:
            _book, section = self._step_section()
            topic = section.id if section else None
        self.app.push(RulesScene(self.app, self.game.id, topic))

    def _update_hint(self) -> None:
        """The first time a person meets a step of play at this table, one line explains it
        under the banner (Settings: "Show step help"); it goes with the step or a click."""
        had = self._hint is not None
        self._choose_hint()
        if had != (self._hint is not None):
            self._relayout()

    def _choose_hint(self) -> None:
        if self.viewer is None or not self.app.settings.step_help or self.session.read_only:
            self._hint = None
            return
        book, section = self._step_section()
        if section is None or not section.hint:
            self._hint = None
            return
        key = (self.viewer, section.id)
        if self._hint is not None and self._hint[0] == key:
            return
        person = f"{self._name(self.viewer)}\t{section.id}"
        kept = self.session.saved is not None  # a game played for real (not a picture, a bench)
        if key in self._hints_seen or (kept and person in _hints_met(self.game.id)):
            self._hint = None
            return
        self._hints_seen.add(key)
        if kept:
            _hint_met(self.game.id, person)
        self._hint = (key, tr("table.step_hint", hint=section.hint))

    def _hint_rect(self) -> pygame.Rect | None:
        """Where the step help is drawn: at the top of the side column, above the panels."""
        if self._hint is None or self.lay is None or not self.lay.hint.h:
            return None
        text, rect = self._hint[1], self.lay.hint
        if self._hint_surface is None or self._hint_surface[0] != text:
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (255, 244, 214), surf.get_rect(), border_radius=self.px(8))
            pygame.draw.rect(surf, theme.SUN, surf.get_rect(), 2, border_radius=self.px(8))
            self.app.text.box(surf, text, surf.get_rect().inflate(-2 * self.px(10), -2 * self.px(6)),
                              self.side_font(rect.w), theme.INK)
            self._hint_surface = (text, surf)
        return rect

    def _relayout(self) -> None:
        """The step help came or went: the side column's panels make or take back its room."""
        if self.lay is None or self.view is None or self.root is None:
            return
        self.close()
        self.open()

    def _message_rect(self) -> pygame.Rect | None:
        """Where the message is drawn: along the board's foot, as tall as its lines."""
        if not self.message or self.lay is None:
            return None
        board = self.lay.board
        if self._message_surface is None or self._message_surface[0] != self.message:
            size = self.px(16)
            width = min(board.w - 2 * self.px(12), self.px(760))
            fit = self.app.text.lay(self.message, width - 2 * self.px(12), 4 * size * 2, size, True)
            font = self.app.text.font(fit.size, True)
            h = (len(fit.lines) - 1) * font.get_linesize() + font.get_height() + 2 * self.px(8)
            surf = pygame.Surface((width, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, theme.INK, surf.get_rect(), border_radius=self.px(8))
            self.app.text.box(surf, self.message, surf.get_rect().inflate(-2 * self.px(12),
                                                                          -2 * self.px(8)),
                              size, (255, 255, 255), bold=True, align="center")
            self._message_surface = (self.message, surf)
        surf = self._message_surface[1]
        return surf.get_rect(midbottom=(board.centerx, board.bottom - self.px(10)))

    def undo(self) -> None:
        self._take_back("undo")

    def redo(self) -> None:
        self._take_back("redo")

    def _take_back(self, which: str) -> None:
        if self.session.is_demo:
            return
        seat = self.viewer
        match = self.session.match
        if seat is None:
            self.show_message(tr("table.no_person"))
            return
        reason = match.undo_reason(seat) if which == "undo" else match.redo_reason(seat)
        if reason:
            self.show_message(tr(reason))
            return
        try:
            (self.session.undo if which == "undo" else self.session.redo)(seat)
        except (IllegalMove, SaveFailed) as exc:
            self.show_message(tr(exc.reason))
            return
        self.playback.decide()
        self._urgent = True
        self.computers.touched(time.monotonic())
        self.show_message(tr("table.undone") if which == "undo" else tr("table.redone"))
        self.refresh()

    def open_scores(self) -> None:
        from .scores import ScoresScene

        self.app.push(ScoresScene(self.app, self.session))

    def leave(self) -> None:
        """Back to the menu; the game is already saved."""
        self.app.home()

    def dispose(self) -> None:
        self.computers.cancel()
        self.hints.cancel()
        self.review.cancel()  # a review pass stops with the table
        self.session.close()

    # -- hints and "Save a copy as..." (issue 21) -------------------------------------------

    def _offers_hints(self) -> int:
        """1 when the banner has a Hint button (a game played here, set up with hints)."""
        return int(self.hints.allowed and not self.session.read_only and bool(self.session.people()))

    def toggle_hints(self) -> None:
        """Hint (H): work out the best moves of the person to play, or hide those shown. A game
        set up without hints, or a turn that is no person's, offers none."""
        if self.hints.hint is not None:
            self.hints.cancel()
            return
        seat = self.viewer
        if not self.hints.can_ask(seat, self.legal):
            return
        from ...ai.plan import seat_points

        # the points a hint shows are against what the seat can expect now, in the same measure
        self.hints.ask(seat, seat_points(self.game, self.view_state, seat))

    def _poll_hints(self) -> None:
        try:
            reason = self.hints.poll()
        except Exception as exc:  # noqa: BLE001 - a failing advisor must not end the app
            from ..crash import write_log

            self.hints.cancel()
            reason = tr("hint.failed", path=str(write_log(exc) or tr("crash.no_log")))
        if reason:
            self.show_message(reason)

    def _copy_source(self) -> Path | None:
        """The file of the game at this table (None: a game kept in memory only)."""
        s = self.session
        return s.path or s.replay_path or s.watching

    def open_menu(self) -> None:
        """The Menu button's list: back to the main menu, or save a copy of the game's file
        (a game without a file: straight back to the main menu)."""
        if self._menu:
            self._close_menu()
            return
        if self._copy_source() is None or self.root is None:
            self.leave()
            return
        items = [("leave", tr("table.main_menu")), ("copy", tr("copy.button"))]
        font = self.app.text.font(self.px(17), True)
        anchor = self.w["menu"].get_abs_rect()
        bw = max(anchor.w, max(font.size(t)[0] for _k, t in items) + 2 * self.px(16))
        bh = anchor.h + self.px(6)
        x = min(anchor.right, self.app.size[0] - self.px(4)) - bw
        for i, (key, words) in enumerate(items):
            rect = pygame.Rect(x, anchor.bottom + self.px(8) + i * bh, bw, bh)
            self._menu.append((rect, key, words))

    def _close_menu(self) -> None:
        self._menu = []
        self._menu_hover = None

    def _draw_menu(self, surface: pygame.Surface) -> None:
        """The Menu button's list: a panel of rows under the button."""
        if not self._menu:
            return
        box = self._menu[0][0].unionall([r for r, _k, _w in self._menu]).inflate(
            2 * self.px(4), 2 * self.px(4))
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=self.px(8))
        pygame.draw.rect(surface, theme.LINE, box, max(1, self.px(1)), border_radius=self.px(8))
        for rect, key, words in self._menu:
            if key == self._menu_hover:
                pygame.draw.rect(surface, theme.SKY_DEEP, rect, border_radius=self.px(6))
            self.app.text.box(surface, words, rect.inflate(-2 * self.px(12), 0), self.px(17),
                              theme.INK, bold=True, wrap=False)

    def save_copy_as(self) -> None:
        """"Save a copy as...": choose where a copy of this game's file goes."""
        from ..copy_dialog import open_dialog

        self._close_menu()
        source = self._copy_source()
        if source is not None:
            self.copy_dialog = open_dialog(self, source)

    def _menu_event(self, event: pygame.event.Event) -> bool:
        """The Menu's list, the copy dialog's answer; True when the event was theirs."""
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.copy_dialog:
            from ..copy_dialog import copy_to

            self.copy_dialog = None
            self.show_message(copy_to(self._copy_source(), Path(event.text)))
            return True
        if not self._menu:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._menu_hover = next((k for r, k, _w in self._menu if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            key = next((k for r, k, _w in self._menu if r.collidepoint(event.pos)), None)
            self._close_menu()  # a choice, or a click elsewhere: the list closes
            if key == "leave":
                self.leave()
            elif key == "copy":
                self.save_copy_as()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._close_menu()
            return True
        return False

    # -- frame -----------------------------------------------------------------------------

    def open_palette(self) -> None:
        """The moves as a keyboard palette over the board (M or Ctrl+K)."""
        if not self.legal or self.lay is None:
            return
        game, state = self.game, self.view_state
        self.palette_moves = list(self.legal)  # the palette's indices are into these
        self.palette = open_palette(self.lay.board, self.app.text, self.palette_moves,
                                    lambda c: tr(game.describe_command(state, c)),
                                    max(14, self.px(17)))
        pygame.key.start_text_input()

    def _palette_event(self, event: pygame.event.Event) -> None:
        assert self.palette is not None
        self._pointer_moved(event)
        done, chosen = self.palette.handle(event)
        if done:
            self.palette = None  # closed before playing: the question may open in its place
            if chosen is not None and chosen < len(self.palette_moves):
                reason = self.play(self.palette_moves[chosen])
                if reason:
                    self.show_message(reason)

    def handle(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            self._confirm_event(event)
            return
        if self._menu_event(event):
            return
        if self.palette is None and not self.dragdrop.dragging and self.bar.handle(event):
            return
        if self.timeline is not None and self.palette is None and (
                self.review.handle(event, self.timeline.go) or self.timeline.handle(event)):
            return
        if self.palette is not None:
            self._palette_event(event)
            return
        if self.log_panel.handle(event, pygame.mouse.get_pos()):
            return
        if not self.dragdrop.dragging:
            used, command = self.hints.handle(event)  # a click on a hint plays it
            if command is not None:
                reason = self.play(command)
                if reason:
                    self.show_message(reason)
            if used:
                if event.type == pygame.MOUSEMOTION:  # over the hints: no tip of the board
                    self.mouse, self.tooltip = event.pos, None
                return
            if (event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.hints.allowed
                    and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)):
                self.toggle_hints()
                return
        if event.type == pygame.KEYDOWN and not self.dragdrop.dragging and (
                event.key == pygame.K_m and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
                or event.key == pygame.K_k and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            self.open_palette()
            if self.palette is not None and event.key == pygame.K_m:
                self.palette.skip = "m"
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.dragdrop.dragging:
            hit = self._side_hit(event.pos)
            if hit is not None:
                self.toggle_panel(hit)
                return
            msg = self._message_rect()
            if msg is not None and msg.collidepoint(event.pos):
                self.show_message("")
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F9:
            self.toggle_panel("column")
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_help(self.mouse)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hint = self._hint_rect()
            if hint is not None and hint.collidepoint(event.pos):
                self._hint = None  # read: away
                self._relayout()
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if not self.dragdrop.dragging and self._list_event(event):
            return
        view_handler = getattr(self.view, "handle_event", None)
        if (view_handler is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
                and not self.dragdrop.dragging and view_handler(event)):
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if ctrl and event.key == pygame.K_z:
                self.undo()
            elif ctrl and event.key == pygame.K_y:
                self.redo()
            elif self.dragdrop.handle(event):
                pass
            elif event.key == pygame.K_UP:
                self.select_action(self.action_index - 1)
            elif event.key == pygame.K_DOWN:
                self.select_action(self.action_index + 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.legal:
                reason = self.play(self.legal[self.action_index])
                if reason:
                    self.show_message(reason)
            elif event.key == pygame.K_ESCAPE:
                self.leave()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.dragdrop.handle(event):
                self.tooltip = None
            if event.type == pygame.MOUSEMOTION:
                self.mouse = event.pos
                self._hover(event.pos)

    def _list_event(self, event: pygame.event.Event) -> bool:
        """The action list and the score box take their pointer events (a click on an entry
        plays it, the highlighted one too); True when the event was theirs."""
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                              pygame.MOUSEWHEEL) or "actions" not in self.w:
            return False
        used_scores = self.w["score_box"].handle(event)
        lst: ActionList = self.w["actions"]
        used, index = lst.handle(event)
        if event.type == pygame.MOUSEWHEEL and used:
            self._hover(self.mouse)  # the entry under the pointer changed: so does its text
        if (event.type == pygame.MOUSEMOTION and self.legal and not self._pointer_on_list()
                and self.rows != self._game_order):
            self._update_actions(self._game_order)  # the pointer left: the game's order again
            self.dragdrop.set_context(self.view, self.view_state, self.viewer, self.legal,
                                      enabled=True)
        command = self.rows[index] if index is not None and index < len(self.rows) else None
        if command is not None and command in self.legal:  # the move pressed, still legal
            self.select_action(self.legal.index(command))
            reason = self.play(command)
            if reason:
                self.show_message(reason)
        if event.type == pygame.MOUSEMOTION and not (used or used_scores):
            return False  # the board and the tooltips see the pointer move too
        return used or used_scores

    def _button(self, element: Any) -> None:
        key = next((k for k, v in self.w.items() if v is element), None)
        if key == "menu":
            self.open_menu()
        elif key == "hint":
            self.toggle_hints()
        elif key == "rules":
            from .rules import RulesScene

            self.app.push(RulesScene(self.app, self.game.id))
        elif key == "help":
            self.open_help()
        elif key == "undo":
            self.undo()
        elif key == "redo":
            self.redo()
        elif key == "scores":
            self.open_scores()
        elif key == "pause":
            self.computers.paused = not self.computers.paused
            element.set_text(tr("demo.play") if self.computers.paused else tr("demo.pause"))
        elif key == "step":
            self.computers.paused = True
            self.w["pause"].set_text(tr("demo.play"))
            if self.session.play_script_step():
                self.refresh()
        elif key == "restart":
            self.session.restart_demo()
            self.computers.session = self.session
            self.refresh()

    def _hover(self, pos: tuple[int, int]) -> None:
        text = None
        if self.timeline is not None and (self.timeline.rect.collidepoint(pos)
                                          or self.review.rect.collidepoint(pos)):
            text = self.review.tooltip_at(pos) or self.timeline.tooltip_at(pos)
        elif not self.dragdrop.dragging and self.view is not None and self.board_rect().collidepoint(pos):
            text = self.view.tooltip_at(pos, self.view_state)
            if text is not None and self._topic_at(pos) is not None:
                text = tr("table.tip_with_rules", tip=text)
        elif "score_box" in self.w and self.w["score_box"].rect.collidepoint(pos):
            text = self.w["score_box"].tooltip_at(pos)
        elif "actions" in self.w:
            text = self._action_at(pos)
        if text is None:
            self.tooltip = None
        elif self.tooltip is None or self.tooltip[0] != text:
            self.tooltip = (text, self._tooltip_surface(text))

    def _action_at(self, pos: tuple[int, int]) -> str | None:
        """The whole text of the action-list entry under the pointer when the list cuts it."""
        lst: ActionList = self.w["actions"]
        index = lst.row_at(pos)
        return lst.text_at(index) if index is not None and lst.is_cut(index) else None

    def _tooltip_surface(self, text: str) -> pygame.Surface:
        body = self.app.text.render(text, self.px(15), (255, 255, 255), width=self.px(340))
        pad = self.px(8)
        surf = pygame.Surface((body.get_width() + 2 * pad, body.get_height() + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(surf, theme.INK, surf.get_rect(), border_radius=self.px(6))
        surf.blit(body, (pad, pad))
        return surf

    def animating(self) -> bool:
        """The picture changes without input: a move arrived or is being drawn in steps, a
        computer thinks or waits to show its move, a demo plays, a piece is dragged or snaps
        back, the board animates (its ``animating()``, else its staged redraw), or new lines of
        the log and the moves list are still being rendered."""
        match = self.session.match
        if self._cover or self.session.version != self._seen or self.computers.thinking:
            return True
        if self.hints.thinking:
            return True
        if self.session.is_demo and not self.computers.paused and not match.is_over():
            return True
        if self.dragdrop.moving or self.log_panel.pending or self.playback.animating():
            return True
        view = self.view
        moving = getattr(view, "animating", None)
        if callable(moving) and moving():
            return True
        if bool(getattr(view, "busy", False)):  # a property on the games' views
            return True
        # a computer is to act: its thinker starts on the next update
        if self.timeline is not None and (self.timeline.playing or self.review.running):
            return True
        return (not self.session.read_only and not match.is_over() and not self.computers.paused
                and not self.computers.error
                and any(self.session.seat_is_computer(s) for s in match.to_act()))

    def _cover_on_open(self) -> bool:
        """Open behind the privacy screen when a person is to act (before anything is drawn)."""
        self._cover = False
        nxt = self._next_viewer()
        if nxt is None or self.session.match.is_over() or self.session.seat_is_computer(nxt):
            return False
        from .privacy import PrivacyScene

        self.viewer, self.legal = None, []
        self.view_state = self.game.view(self.session.match.state, None)  # nobody's hand
        self.dragdrop.set_context(self.view, self.view_state, None, [], enabled=False)
        self.app.push(PrivacyScene(self.app, self, nxt))
        return True

    def update(self, dt: float) -> None:
        if self._cover and self._cover_on_open():
            return
        # a person's own move is drawn whole in the next frame (else the staged redraw, which
        # got no time once the frame's work had used FRAME_WORK, showed the old board for
        # seconds on a loaded machine)
        set_frame_deadline(None if self._urgent else time.perf_counter() + FRAME_WORK)
        self._urgent = False
        self.dragdrop.update(dt)
        if "actions" in self.w:
            self.w["actions"].update(dt)
            self.w["score_box"].update(dt)
        now = time.monotonic()
        if self.timeline is not None:
            self.timeline.update(now, self.app.settings.move_delay)
            if self.review.poll():  # a review pass ended: its graph and flags come
                self.close()
                self.open()
                return
        if self.session.watching is not None and now - self._followed >= FOLLOW_SECONDS:
            self._followed = now
            if self.session.follow():
                self._seen = -1
        if self.computers.poll(now) or self.session.version != self._seen:
            self.refresh()
        if self.playback.tick(self.app.settings.move_delay):
            self.refresh()  # the next step of what the others did
        if self.hints.thinking:
            self._poll_hints()
        if "actions" in self.w:
            # new entries first, then new log lines; the board's redraw gets the rest
            self.w["actions"].prepare()
            self.log_panel.flush(RENDER_BUDGET)
        if self.computers.error and self.message != self.computers.error:
            self.show_message(self.computers.error)
        self._button_tips()

    def _button_tips(self) -> None:
        """The Menu and Hint buttons lose their tooltips while what they opened is shown: the
        Menu's list lies where its tooltip would, and the hints' list under the Hint button."""
        for key, opened in (("menu", bool(self._menu)), ("hint", self.hints.hint is not None)):
            if key in self.w:
                widgets.show_tooltip(self.w[key], None if opened else self._tips.get(key))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.SKY)
        if self.view is not None and self.view_state is not None:
            self.view.draw(surface, self.view_state, self.viewer)
            self.playback.board_drawn(surface, self.lay.board, self._view_settled(),
                                      self._seat_rgb_or_neutral, self.px)
            if self.timeline is not None:
                self.review.draw_rings(surface, self.view, self.view_state,
                                       self.session.position, self.px)
            self.hints.draw_marks(surface, self.view, self.view_state, self.viewer, self.px,
                                  self.app.text)
        if "actions" in self.w and self.panels.column:
            if "actions" in self.lay.bodies:
                self.w["actions"].draw(surface)
            if "scores" in self.lay.bodies:
                self.w["score_box"].draw(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.copy_dialog is not None and self.copy_dialog.alive():
            return  # "Save a copy as..." is open: nothing of the table's is drawn over it
        for line in self.banner.values():
            line.draw(surface, self.app.text)
        if self.timeline is not None:
            self.timeline.draw(surface, self.app.text)
            self.review.draw(surface, self.app.text, self.session.position, self.px)
            self.review.draw_panel(surface, self.lay.board, self.app.text, self.session.position,
                                   self.px, max(theme.MIN_TEXT_PX, self.px(14)))
        if self.panels.column and "log" in self.lay.bodies:
            self.log_panel.draw(surface)
        self._draw_side(surface)
        hint = self._hint_rect()
        if hint is not None and self._hint_surface is not None:
            surface.blit(self._hint_surface[1], hint)
        if self.hints.hint is not None and not self._menu:
            game, state = self.game, self.view_state
            self.hints.draw_list(surface, self.lay.board, self._name(self.hints.hint.seat),
                                 lambda c: tr(game.describe_command(state, c)), self.px,
                                 max(theme.MIN_TEXT_PX, self.px(15)), self.app.text)
        msg = self._message_rect()
        if msg is not None and self._message_surface is not None:
            surface.blit(self._message_surface[1], msg)
        self.bar.draw(surface)
        self.dragdrop.draw(surface)
        self._draw_menu(surface)
        if self.palette is not None:
            self.palette.draw(surface)
            set_frame_deadline(None)
            return
        if self.confirm is not None:
            self.confirm.draw(surface)
            set_frame_deadline(None)
            return
        if self.tooltip is not None:
            tip = self.tooltip[1]
            x = min(self.mouse[0] + self.px(16), surface.get_width() - tip.get_width() - 4)
            y = min(self.mouse[1] + self.px(20), surface.get_height() - tip.get_height() - 4)
            surface.blit(tip, (x, y))
        set_frame_deadline(None)  # the frame's spread-out work ends with it
