"""New-game setup: game, player count, seats (name, colour, person or computer and its level),
the game's options and the table option "casual undo"."""

from __future__ import annotations

import random
from typing import Any, Callable

import pygame
import pygame_gui

from ... import games, remember
from ...engine.storage import SaveFailed
from ...engine.protocol import (GameConfig, SeatConfig, default_colours, option_applies,
                               seats_error)
from ... import i18n
from ...i18n import Msg, tr
from .. import challenge_dialog, theme, widgets
from ..scene import Scene
from ..table_view import draw_token


Row = tuple[int, Callable[[int, int, int], None]]  # a row's height and put(x, y, width)

# Theme ids of the widgets' fonts (most specific first), to size them from their text.
FIELD = ("#field", "label")
SMALL = ("#small", "label")
HEADING = ("#heading", "label")
MESSAGE = ("#message", "label")
BODY = ("label",)
DROPDOWN = ("drop_down_menu",)
ENTRY = ("text_entry_line",)


def _height(rows: list[Row]) -> int:
    return sum(height for height, _ in rows)


def _glue(rows: list[Row], at: int) -> list[Row]:
    """``rows`` with row ``at`` and the one after it made one, so a scrolled column never
    shows a heading without what it heads."""
    if at + 1 >= len(rows):
        return rows
    (h1, put1), (h2, put2) = rows[at], rows[at + 1]

    def put(x: int, y: int, w: int) -> None:
        put1(x, y, w)
        put2(x, y + h1, w)

    return rows[:at] + [(h1 + h2, put)] + rows[at + 2:]


#: The levels a player chooses from in the setup, from the easiest. ``greedy`` is another name
#: of ``normal``; ``random`` (moves at random) is for tests, benchmarks and the command line.
LEVEL_ORDER = ("easy", "normal", "hard")


def computer_levels(game) -> tuple[str, ...]:
    """The computer levels the setup offers for ``game``, from the easiest (a game with none
    of them, such as the tests' Tally, offers what the ai package has)."""
    from ... import ai

    offered = set(ai.levels(game))
    ordered = tuple(lv for lv in LEVEL_ORDER if lv in offered)
    return ordered or tuple(sorted(offered)) or ("random",)


def default_level(game) -> str:
    """A new computer seat's level: ``normal`` where the game has it."""
    offered = computer_levels(game)
    return "normal" if "normal" in offered else offered[0]


def is_default_name(name: str) -> bool:
    """Whether ``name`` is a seat's default name in some shipped language ("Player 2", "玩家
    2"): the setup gives it in the language in use and by the seat's place, since one kept from
    a game set up in English would stay English in the Chinese interface (issue 27)."""
    for code in i18n.languages():
        pattern = i18n.catalogue(code).get("setup.player_n")
        if isinstance(pattern, str) and "{n}" in pattern:
            head, _, tail = pattern.partition("{n}")
            middle = name[len(head):len(name) - len(tail)] if len(name) > len(head + tail) else ""
            if name.startswith(head) and name.endswith(tail) and middle.isdigit():
                return True
    return False


class SetupScene(Scene):
    def __init__(self, app, game_id: str | None = None, players: int | None = None) -> None:
        super().__init__(app)
        self.name = tr("setup.title")
        ids = games.available()
        last = _last_setup()  # the game, seats and options of the last game started here
        if game_id is None and last.get("game") in ids:
            game_id = last["game"]
        self.game_id = game_id if game_id in ids else (ids[0] if ids else None)
        self.seats: list[dict[str, str]] = [dict(seat) for seat in last.get("seats", [])]
        self.options: dict[str, Any] = {}
        self.casual = bool(last.get("casual", False))
        self.hints = bool(last.get("hints", True))  # "Allow hints" (issue 21), kept in the save
        self.message = ""
        self.players = players or last.get("players", 0)
        self.controls: dict[Any, tuple[str, Any]] = {}
        self.entries: dict[int, pygame_gui.elements.UITextEntryLine] = {}  # by seat, when shown
        self._token_spots: list[tuple[tuple[int, int], int]] = []
        self._scroll: dict[str, int] = {}  # a column's first row shown
        self._scrollers: list[tuple[str, pygame.Rect]] = []  # the columns that scroll
        self._arrows: list[tuple[pygame.Rect, int, bool]] = []  # scroll buttons: spot, step, on
        if self.game_id:
            self.choose_game(self.game_id)
            if last.get("game") == self.game_id:
                for spec in self.game.options:
                    value = last.get("options", {}).get(spec.key)
                    if any(value == c and type(value) is type(c) for c in spec.choices):
                        self.options[spec.key] = value
                    elif getattr(spec, "per_seat", False) and isinstance(value, str):
                        try:  # one choice per seat ("unique,identical")
                            self.options[spec.key] = spec.parse(value)
                        except ValueError:
                            pass
                    elif isinstance(value, str):  # a value beyond the list (cards chosen)
                        try:
                            if spec.parse(value) == value:
                                self.options[spec.key] = value
                        except ValueError:
                            pass

    # -- state -----------------------------------------------------------------------------

    @property
    def game(self):
        return games.get(self.game_id) if self.game_id else None

    def choose_game(self, game_id: str) -> None:
        self.game_id = game_id
        game = self.game
        self.options = {o.key: o.default for o in game.options}
        self.players = max(game.min_players, min(game.max_players, self.players or 2))
        self._fit_seats()

    def _fit_seats(self) -> None:
        game = self.game
        colours = [c.key for c in game.colours]
        while len(self.seats) < self.players:
            i = len(self.seats)
            used = {s["color"] for s in self.seats}
            free = [c for c in colours if c not in used] or colours
            self.seats.append({"name": tr("setup.player_n", n=i + 1), "color": free[0],
                               "kind": "person" if i == 0 else "computer:" + default_level(game)})
        del self.seats[self.players:]
        self._default_names()
        kinds = {"person"} | {"computer:" + lv for lv in computer_levels(game)}
        if seats_error(game, GameConfig(game.id, tuple(SeatConfig("", s["color"]) for s in self.seats))):
            # The colours no longer form a set the game allows (e.g. Meteo's opposite pairs).
            for s, key in zip(self.seats, default_colours(game, self.players)):
                s["color"] = key
        for i, s in enumerate(self.seats):
            if s["color"] not in colours:
                s["color"] = colours[i % len(colours)]
            if s["kind"] not in kinds:
                s["kind"] = "computer:" + default_level(game)

    def _default_names(self) -> None:
        """Default names in the language in use, by place ("Player 2" remembered from a game
        set up in English reads "玩家 2" in Chinese)."""
        for i, seat in enumerate(self.seats):
            if is_default_name(seat["name"]):
                seat["name"] = tr("setup.player_n", n=i + 1)

    def _harvest(self) -> None:
        for i, e in self.entries.items():
            if i < len(self.seats):
                self.seats[i]["name"] = e.get_text().strip()[:24]

    def seat_configs(self) -> list[SeatConfig]:
        self._harvest()
        out = []
        for i, s in enumerate(self.seats):
            kind, _, level = s["kind"].partition(":")
            out.append(SeatConfig(s["name"] or tr("setup.player_n", n=i + 1), s["color"], kind,
                                  level or "random"))
        return out

    # -- widgets ---------------------------------------------------------------------------
    #
    # The page is sized from the theme's fonts at this scale (issue 13: at UI scale 150% fixed
    # sizes ran off the window and cut labels). A title bar with Back and Start, and under it
    # the game and its options (left) beside the seats (right) when both fit side by side, else
    # one column. Each column is a list of rows; a column whose rows do not all fit
    # shows the rows from its scroll position and scrolls by whole rows (the ▲ ▼ buttons, the
    # wheel, Page Up and Page Down): widgets are never drawn half outside their panel, and the
    # drop-down lists stay in the root container, so they open over everything.

    def build(self) -> None:
        if self.game_id is not None:
            self._default_names()  # the language may have changed since
        w, h = self.app.size
        m = max(12, min(self.sp(48), w // 26, h // 15))
        self.controls, self.entries, self._token_spots, self._scrollers = {}, {}, [], []
        self._arrows = []
        top = max(8, min(self.sp(28), m))
        bar_h = max(self.px(46), self.text_size("Ag", "button")[1] + self.px(14))
        title_h = self.text_size(self.name, "#title", "label")[1]
        head_h = max(title_h, bar_h)
        # the title bar: the title, then Back and (with a game) Start at the right
        x = w - m
        if self.game_id is not None:
            start_text = tr("setup.start")
            start_w = self.text_size(start_text, "button")[0] + self.px(64)
            x -= start_w
            start = widgets.button(self, pygame.Rect(x, top + (head_h - bar_h) // 2, start_w, bar_h),
                                   start_text, tooltip=tr("setup.start_tip"))
            self.controls[start] = ("start", 0)
            x -= self.sp(16)
        back_text = tr("common.back")
        back_w = self.text_size(back_text, "#secondary", "button")[0] + self.px(64)
        x -= back_w
        back = widgets.button(self, pygame.Rect(x, top + (head_h - bar_h) // 2, back_w, bar_h),
                              back_text, object_id="#secondary")
        self.controls[back] = ("back", 0)
        widgets.label(self, pygame.Rect(m, top + (head_h - title_h) // 2, max(1, x - 2 * m),
                                        title_h), self.name, object_id="#title")
        body_top = top + head_h + max(8, self.sp(20))
        if self.game_id is None:
            self._lines(tr("setup.no_games"), HEADING, m, body_top, w - 2 * m)
            return
        if self.message:  # why the game could not start, over the page
            body_top = self._lines(self.message, MESSAGE, m, body_top, w - 2 * m) + self.sp(8)
        self._build_body(pygame.Rect(m, body_top, w - 2 * m, h - m - body_top), m)

    def _build_body(self, body: pygame.Rect, gap: int) -> None:
        pad_x, pad_y = max(8, self.sp(24)), max(6, self.sp(20))
        cells = self._option_cells()
        left_w = max(self.px(360), self._field_width())
        right_min = self._seat_row_min() + 2 * pad_x
        if left_w + gap + right_min <= body.width:
            left = pygame.Rect(body.x, body.y,
                               max(left_w, min(self.px(440), body.width - gap - right_min)),
                               body.height)
            right = pygame.Rect(left.right + gap, body.y, body.right - left.right - gap, body.height)
            lw, rw, room = left.width - 2 * pad_x, right.width - 2 * pad_x, body.height - 2 * pad_y
            # the options down the left while they fit, the rest under the seats; when some
            # column must scroll, as few as possible
            def left_rows(width: int, keep: int) -> list[Row]:
                return self._game_rows(width) + self._option_rows(cells[:keep], width, 1, False)

            def right_rows(width: int, keep: int) -> list[Row]:
                return (self._seat_rows(width) + self._option_rows(cells[keep:], width, None, True)
                        + self._note_rows(width))

            # the table options (Casual undo, then Hints under the one heading) stay together
            splits = [k for k in range(len(cells), -1, -1)
                      if k == len(cells) or cells[k][1] != "hints"]
            fits = [k for k in splits if _height(left_rows(lw, k)) <= room]
            both = [k for k in fits if _height(right_rows(rw, k)) <= room]
            keep = both[0] if both else (fits[0] if fits else 0)
            self._column("left", left, pad_x, pad_y, lambda width: left_rows(width, keep))
            self._column("right", right, pad_x, pad_y, lambda width: right_rows(width, keep))
        else:
            self._column("left", body, pad_x, pad_y,
                         lambda width: self._game_rows(width) + self._seat_rows(width)
                         + self._option_rows(cells, width, None, True) + self._note_rows(width))

    def _column(self, name: str, rect: pygame.Rect, pad_x: int, pad_y: int,
                make: Callable[[int], list[Row]]) -> None:
        """A panel at ``rect`` with the rows ``make(width)``: all of them, or from the scroll
        position as many as fit, with ▲ ▼ buttons beside them."""
        widgets.panel(self, rect)
        inner = rect.inflate(-2 * pad_x, -2 * pad_y)
        width, rows = inner.width, make(inner.width)
        first, arrow = 0, max(self.px(36), self.text_size("Ag", "button")[1] + self.px(8))
        if _height(rows) > inner.height:  # room for the scroll buttons at the right
            width = inner.width - arrow - pad_x // 2
            rows = make(width)
            last_first = len(rows) - 1
            while last_first > 0 and _height(rows[last_first - 1:]) <= inner.height:
                last_first -= 1
            first = max(0, min(self._scroll.get(name, 0), last_first))
        self._scroll[name] = first
        y, shown = inner.y, first
        for height, put in rows[first:]:
            if y + height > inner.bottom and shown > first:
                break
            put(inner.x, y, width)
            y += height
            shown += 1
        if first > 0 or shown < len(rows):
            for step, y in ((-1, inner.y), (1, inner.bottom - arrow)):
                enabled = first > 0 if step < 0 else shown < len(rows)
                spot = pygame.Rect(inner.right - arrow, y, arrow, arrow)
                b = widgets.button(self, spot, "", object_id="#secondary", enabled=enabled)
                self.controls[b] = ("scroll", (name, step))
                self._arrows.append((spot, step, enabled))
            self._scrollers.append((name, rect))

    # -- rows: (height, put(x, y, width)) --------------------------------------------------

    def _game_rows(self, width: int) -> list[Row]:
        game = self.game
        fh = self._control_h()
        rows = self._label_rows(tr("setup.game"), FIELD, width)

        def games_row(x: int, y: int, w: int) -> None:
            dd = widgets.dropdown(self, pygame.Rect(x, y, w, fh),
                                  [(tr(games.title(g)), g) for g in games.available()],
                                  self.game_id)
            self.controls[dd] = ("game", 0)

        def players_row(x: int, y: int, w: int) -> None:
            named = getattr(game, "players_label", lambda n: None)
            counts = [(tr(named(n)) if named(n) else str(n), str(n))
                      for n in range(game.min_players, game.max_players + 1)]
            dd = widgets.dropdown(self, pygame.Rect(x, y, w, fh), counts, str(self.players))
            self.controls[dd] = ("players", 0)

        gap = self.sp(24)
        half = (width - gap) // 2
        if half >= self._field_width():  # side by side
            field_h = self.text_size("Ag", *FIELD)[1] + 2

            def both(x: int, y: int, w: int) -> None:
                widgets.label(self, pygame.Rect(x, y, half, field_h), tr("setup.game"),
                              object_id="#field")
                widgets.label(self, pygame.Rect(x + half + gap, y, half, field_h),
                              tr("setup.players"), object_id="#field")
                games_row(x, y + field_h, half)
                players_row(x + half + gap, y + field_h, half)

            return [(field_h + fh + self._gap(), both)]
        rows.append((fh + self._gap(), games_row))
        rows += self._label_rows(tr("setup.players"), FIELD, width)
        rows.append((fh + self._gap(), players_row))
        return rows

    def _seat_widths(self) -> tuple[int, int, int]:
        """Token, colour and kind widths of a seat row: the longest choice whole."""
        extra = self._dropdown_extra()
        colour_w = max(self.text_size(text, *DROPDOWN)[0] for text, _ in self._colour_choices())
        kind_w = max(self.text_size(text, *DROPDOWN)[0] for text, _ in self._kind_choices())
        header = max(self.text_size(tr("setup.colour"), *SMALL)[0],
                     self.text_size(tr("setup.who"), *SMALL)[0])
        return (self._control_h() + self.px(4), max(colour_w + extra, header),
                max(kind_w + extra, header))

    def _seat_row_min(self) -> int:
        token, colour_w, kind_w = self._seat_widths()
        name_min = self.text_size("Player 10", *ENTRY)[0] + self.px(24)
        return token + name_min + colour_w + kind_w + 3 * self.sp(12)

    def _seat_rows(self, width: int) -> list[Row]:
        fh, g = self._control_h(), self.sp(12)
        token, colour_w, kind_w = self._seat_widths()
        name_w = width - token - colour_w - kind_w - 3 * g
        if name_w < self.px(100):  # too narrow for whole choices: share what there is
            spare = max(0, width - token - 3 * g - self.px(100))
            total = colour_w + kind_w
            colour_w, kind_w = spare * colour_w // total, spare * kind_w // total
            name_w = width - token - colour_w - kind_w - 3 * g
        name_x = token + g
        colour_x = name_x + name_w + g
        kind_x = colour_x + colour_w + g
        small_h = self.text_size("Ag", *SMALL)[1]
        rows = self._label_rows(tr("setup.seats"), HEADING, width)
        head = len(rows) - 1  # the heading's last line, the column names and the first seat

        def heads(x: int, y: int, w: int) -> None:
            for dx, cw, key in ((name_x, name_w, "setup.name"), (colour_x, colour_w, "setup.colour"),
                                (kind_x, kind_w, "setup.who")):
                widgets.label(self, pygame.Rect(x + dx, y, cw, small_h), tr(key), object_id="#small")

        rows.append((small_h + self.px(4), heads))
        for i in range(len(self.seats)):
            def seat_row(x: int, y: int, w: int, i: int = i) -> None:
                seat = self.seats[i]
                self._token_spots.append(((x + token // 2, y + fh // 2), i))
                e = widgets.entry(self, pygame.Rect(x + name_x, y, name_w, fh), seat["name"],
                                  max_length=24)
                self.entries[i] = e
                cdd = widgets.dropdown(self, pygame.Rect(x + colour_x, y, colour_w, fh),
                                       self._colour_choices(), seat["color"])
                self.controls[cdd] = ("colour", i)
                kdd = widgets.dropdown(self, pygame.Rect(x + kind_x, y, kind_w, fh),
                                       self._kind_choices(), seat["kind"])
                self.controls[kdd] = ("kind", i)

            rows.append((fh + self.sp(14), seat_row))
        rows = _glue(_glue(rows, head), head)
        if len(self.seats) < 2:  # one player: nobody takes turns at the screen
            return rows
        return rows + self._label_rows(tr("setup.seats_hint"), SMALL, width, gap=self.sp(8))

    def _option_cells(self) -> list[tuple[str, Any]]:
        """The game's variants, then the table option (None): (label, spec); an option each
        player chooses for themselves (``per_seat``) is one cell per seat: (label, (spec, seat))."""
        cells: list[tuple[str, Any]] = []
        for spec in self.game.options:
            if not option_applies(spec, self.players):
                continue  # an option of other player counts (Weather Machine's solo game)
            if getattr(spec, "per_seat", False):
                by_key = {key: text for text, key in self._colour_choices()}
                cells += [(tr("setup.seat_option", option=tr(spec.seat_label or spec.label),
                              seat=by_key.get(seat["color"], "")), (spec, i))
                          for i, seat in enumerate(self.seats)]
            else:
                cells.append((tr(spec.label), spec))
        return cells + [(tr("setup.table_options"), None), ("", "hints")]

    def _option_rows(self, cells: list[tuple[str, Any]], width: int, per_row: int | None,
                     heading: bool) -> list[Row]:
        """The option cells ``per_row`` to a row (None: as many as fit, at most 3)."""
        if not cells:
            return []
        gap, fh = self.sp(24), self._control_h()
        if per_row is None:  # each label, and each drop-down's longest choice, whole
            least = max(self.px(220), max(min(self.text_size(label, *FIELD)[0], self.px(360))
                                          for label, _ in cells),
                        max((self._choices_width(spec) for _label, spec in cells), default=0))
            per_row = max(1, min(3, len(cells), (width + gap) // (least + gap)))
        cw = (width - (per_row - 1) * gap) // per_row
        field_h = self.text_size("Ag", *FIELD)[1] + 2
        rows = self._label_rows(tr("setup.options"), HEADING, width) if heading else []
        for start in range(0, len(cells), per_row):
            group = cells[start:start + per_row]
            texts = [self._wrap(label, FIELD, cw) if label else [] for label, _ in group]
            lines = max(len(t) for t in texts)  # 0: a cell without a label (Hints) on its own
            # under a drop-down, what it stands for when its text cannot say it all
            notes = [self._wrap(self._option_note(spec), SMALL, cw) if spec else []
                     for _label, spec in group]
            note_h = max(len(n) for n in notes) * (self.text_size("Ag", *SMALL)[1] + 2)

            def option_row(x: int, y: int, w: int, group=group, texts=texts, lines=lines,
                           notes=notes) -> None:
                for k, ((label, spec), text) in enumerate(zip(group, texts)):
                    cx = x + k * (cw + gap)
                    for n, line in enumerate(text):
                        widgets.label(self, pygame.Rect(cx, y + n * field_h, cw, field_h), line,
                                      object_id="#field")
                    rect = pygame.Rect(cx, y + lines * field_h + self.px(2), cw, fh)
                    if spec == "hints":  # a table option too: whether Hint is offered
                        hints = widgets.button(self, rect, tr("hint.setup_on") if self.hints
                                               else tr("hint.setup_off"), object_id="#secondary",
                                               tooltip=tr("hint.setup_tip"))
                        self.controls[hints] = ("hints", 0)
                        continue
                    if spec is None:
                        casual = widgets.button(self, rect, tr("setup.casual_on") if self.casual
                                                else tr("setup.casual_off"), object_id="#secondary",
                                                tooltip=tr("setup.casual_tip"))
                        self.controls[casual] = ("casual", 0)
                        continue
                    seat = None
                    if isinstance(spec, tuple):  # one seat's own choice
                        spec, seat = spec
                    value = self.options.get(spec.key, spec.default)
                    if seat is not None:
                        value = spec.seat_values(value, len(self.seats))[seat]
                    listed = (challenge_dialog.choices(value)
                              if challenge_dialog.applies(self.game_id, spec)
                              else [(_choice_text(c, spec), str(c)) for c in spec.choices])
                    dd = widgets.dropdown(self, rect, listed, str(value))
                    self.controls[dd] = ("option", spec.key) if seat is None else (
                        "seat_option", (spec.key, seat))
                    small_h = self.text_size("Ag", *SMALL)[1] + 2
                    for n, line in enumerate(notes[k]):
                        widgets.label(self, pygame.Rect(cx, rect.bottom + self.px(2) + n * small_h,
                                                        cw, small_h), line, object_id="#small")

            rows.append((lines * field_h + self.px(2) + fh + note_h + self._gap(), option_row))
        return _glue(rows, len(self._wrap(tr("setup.options"), HEADING, width)) - 1) if heading else rows

    def _choices_width(self, spec: Any) -> int:
        """The width a cell's drop-down needs for its longest choice (0: no drop-down)."""
        if isinstance(spec, tuple):
            spec = spec[0]
        if spec is None or isinstance(spec, str):
            return 0
        if challenge_dialog.applies(self.game_id, spec):
            texts = [t for t, _k in challenge_dialog.choices(self.options.get(spec.key))]
        else:
            texts = [_choice_text(c, spec) for c in spec.choices]
        return max(self.text_size(t, *DROPDOWN)[0] for t in texts) + self._dropdown_extra()

    def _option_note(self, spec: Any) -> str:
        """The line under an option's drop-down ("" for none): the Challenge cards chosen."""
        if challenge_dialog.applies(self.game_id, spec):
            return challenge_dialog.summary(self.options.get(spec.key, spec.default))
        return ""

    def _note_rows(self, width: int) -> list[Row]:
        """The game's note on these choices (e.g. the solo objective), read before starting."""
        note = getattr(self.game, "setup_note", None)
        note = note(self.players, self.options) if note is not None else None
        return self._label_rows(tr(note), BODY, width, gap=self.sp(8)) if note else []

    # -- sizes and text --------------------------------------------------------------------

    def sp(self, n: float) -> int:
        """``n`` reference pixels of space between things: like :meth:`px`, but growing at
        most a quarter faster than the window, so a large UI scale enlarges the text and the
        controls without spending the window on margins."""
        w, h = self.app.size
        return round(n * min(self.app.scale, 1.25 * min(w / 1280, h / 720)))

    def _control_h(self) -> int:
        line = max(self.text_size("Ag", *DROPDOWN)[1], self.text_size("Ag", *ENTRY)[1])
        return max(self.px(40), line + self.px(12))

    def _gap(self) -> int:
        return self.sp(14)

    def _dropdown_extra(self) -> int:
        """A drop-down's room besides its text: padding and the ▼ button."""
        return self.px(24) + self._control_h() // 2 + self.px(16)

    def _field_width(self) -> int:
        """The left column's least width: its drop-downs' longest choices whole (the games,
        and the player counts a game names, e.g. "1 (solo against the Saboteurs)")."""
        texts = [tr(games.title(g)) for g in games.available()]
        named = getattr(self.game, "players_label", lambda n: None)
        texts += [tr(named(n)) for n in range(self.game.min_players, self.game.max_players + 1)
                  if named(n)]
        return max(self.text_size(t, *DROPDOWN)[0] for t in texts) + self._dropdown_extra()

    def _colour_choices(self) -> list[tuple[str, str]]:
        return [(tr("setup.colour_choice", colour=c.label(), letter=c.letter), c.key)
                for c in self.game.colours]

    def _kind_choices(self) -> list[tuple[str, str]]:
        return [(tr("setup.person"), "person")] + [
            (tr("setup.computer", level=tr("level." + lv) if i18n.has("level." + lv) else lv),
             "computer:" + lv) for lv in computer_levels(self.game)]

    def _wrap(self, text: str, ids: tuple[str, ...], width: int) -> list[str]:
        """``text`` broken into lines no wider than ``width`` in the font of ``ids`` (at spaces
        and between CJK characters, as everywhere in the app)."""
        return theme.wrap_lines(" ".join(text.split()), lambda t: self.text_size(t, *ids)[0],
                                width - 2) or [""]

    def _label_rows(self, text: str, ids: tuple[str, ...], width: int, gap: int = 0) -> list[Row]:
        """One row per line of ``text`` wrapped to ``width`` (labels never cut)."""
        line_h = self.text_size("Ag", *ids)[1] + 2
        rows: list[Row] = []
        lines = self._wrap(text, ids, width)
        for n, line in enumerate(lines):
            extra = gap if n == len(lines) - 1 else 0

            def put(x: int, y: int, w: int, line: str = line) -> None:
                widgets.label(self, pygame.Rect(x, y, w, line_h), line, object_id=ids[0])

            rows.append((line_h + extra + (self.sp(6) if ids is HEADING else 0), put))
        return rows

    def _lines(self, text: str, ids: tuple[str, ...], x: int, y: int, width: int) -> int:
        """Labels for ``text`` wrapped to ``width`` from (x, y); the y under them."""
        for height, put in self._label_rows(text, ids, width):
            put(x, y, width)
            y += height
        return y

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        game = self.game
        if game is None:
            return
        for spot, step, enabled in self._arrows:  # the scroll buttons' triangles
            widgets.scroll_arrow(surface, spot, step, enabled)
        for centre, i in self._token_spots:
            colour = next((c for c in game.colours if c.key == self.seats[i]["color"]), game.colours[0])
            draw_token(surface, centre, self.px(18), colour, i, self.app.text,
                       self.app.settings.colour_blind)

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.MOUSEWHEEL and self._scrollers:
            at = pygame.mouse.get_pos()
            name = next((n for n, rect in self._scrollers if rect.collidepoint(at)), None)
            if name is not None and event.y:
                self.scroll(name, -1 if event.y > 0 else 1)
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
                and self._scrollers):
            self.scroll(self._scrollers[-1][0], -3 if event.key == pygame.K_PAGEUP else 3)
            return
        if event.type not in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED):
            return
        what = self.controls.get(event.ui_element)
        if what is None:
            return
        kind, arg = what
        choice = widgets.dropdown_choice(event)
        self._harvest()
        self.message = ""
        if kind == "back":
            self.app.pop()
            return
        if kind == "scroll":
            self.scroll(*arg)
            return
        if kind == "start":
            self.start()
            return
        if kind == "game" and choice:
            self.choose_game(choice)
        elif kind == "players" and choice:
            self.players = int(choice)
            self._fit_seats()
        elif kind == "option" and choice == challenge_dialog.CHOOSE:
            self.choose_challenges(arg)
            return
        elif kind == "option" and choice is not None:
            spec = next(o for o in self.game.options if o.key == arg)
            self.options[spec.key] = next((c for c in spec.choices if str(c) == choice),
                                          self.options.get(spec.key, spec.default))
        elif kind == "seat_option" and choice is not None:
            key, seat = arg
            spec = next(o for o in self.game.options if o.key == key)
            values = spec.seat_values(self.options.get(key, spec.default), len(self.seats))
            values[seat] = next(c for c in spec.choices if str(c) == choice)
            self.options[key] = spec.join(values)
        elif kind == "colour" and choice:
            self.seats[int(arg)]["color"] = choice
        elif kind == "kind" and choice:
            self.seats[int(arg)]["kind"] = choice
        elif kind == "casual":
            self.casual = not self.casual
        elif kind == "hints":
            self.hints = not self.hints
        self.close()
        self.open()

    def choose_challenges(self, key: str) -> None:
        """Open the Challenge cards dialog (solo §6); the cards ticked there become the
        option's value ``cards:a+b`` (none: 0)."""
        def done(ids: tuple[int, ...]) -> None:
            self.options[key] = challenge_dialog.value_of(ids)
            self.close()
            self.open()

        self._harvest()
        self.app.push(challenge_dialog.ChallengeDialog(
            self.app, challenge_dialog.chosen_ids(self.options.get(key)), done))

    def offered_options(self) -> dict[str, Any]:
        """The options chosen that apply to this player count (the others take their
        defaults: an option of other counts is not shown, so it is not the player's choice)."""
        return {spec.key: self.options[spec.key] for spec in self.game.options
                if spec.key in self.options
                and option_applies(spec, self.players)}

    def _remember(self, seats: list[SeatConfig]) -> None:
        """Keep this game's choices for the next new game (issue 13: the setup forgot them)."""
        remember.put(remember.SETUP_LAST, {
            "game": self.game_id, "players": len(seats), "casual": self.casual,
            "hints": self.hints,
            "seats": [{"name": s["name"], "color": s["color"], "kind": s["kind"]}
                      for s in self.seats],
            "options": {k: v for k, v in self.options.items()
                        if v is None or isinstance(v, (bool, int, float, str))}})

    def scroll(self, column: str, rows: int) -> None:
        """Move a column that does not fit by ``rows`` rows (the build keeps it in range)."""
        self._harvest()
        self._scroll[column] = max(0, self._scroll.get(column, 0) + rows)
        self.close()
        self.open()

    def start(self) -> None:
        """Check the choices, create the autosaved game and go to the table."""
        from ..session import Session, new_config
        from .table import TableScene

        seats = self.seat_configs()
        for spec in self.game.options:  # a per-seat choice names every seat, no more
            if getattr(spec, "per_seat", False):
                self.options[spec.key] = spec.join(spec.seat_values(
                    self.options.get(spec.key, spec.default), len(seats)))
        reason = seats_error(self.game, GameConfig(self.game_id, tuple(seats)))
        if reason:
            self.message = tr(reason)
        else:
            try:
                config = new_config(self.game_id, seats, self.offered_options(),
                                    random.SystemRandom().randrange(1, 2 ** 31))
                session = Session.new_saved(self.game, config, casual=self.casual,
                                            hints=self.hints)
            except SaveFailed as exc:  # the disk is full, the folder cannot be written
                self.message = tr(exc.reason)
            except (OSError, ValueError) as exc:
                self.message = tr("setup.cannot_start", reason=str(exc))
            else:
                self._remember(seats)
                self.app.replace(TableScene(self.app, session))
                return
        self.close()
        self.open()


def _last_setup() -> dict[str, Any]:
    """What :meth:`SetupScene._remember` kept, with anything of the wrong shape left out
    (the file is the user's; :func:`SetupScene._fit_seats` then checks colours and kinds
    against the game)."""
    last = remember.get(remember.SETUP_LAST, {})
    if not isinstance(last, dict):
        return {}
    out: dict[str, Any] = {}
    if isinstance(last.get("game"), str):
        out["game"] = last["game"]
    players = last.get("players")
    if isinstance(players, int) and not isinstance(players, bool) and 1 <= players <= 16:
        out["players"] = players
    if isinstance(last.get("casual"), bool):
        out["casual"] = last["casual"]
    if isinstance(last.get("hints"), bool):
        out["hints"] = last["hints"]
    seats = last.get("seats")
    if isinstance(seats, list):
        out["seats"] = [{"name": seat["name"][:24], "color": seat["color"], "kind": seat["kind"]}
                        for seat in seats[:16]
                        if isinstance(seat, dict)
                        and all(isinstance(seat.get(k), str) and len(seat[k]) <= 64
                                for k in ("name", "color", "kind"))]
    if isinstance(last.get("options"), dict):
        out["options"] = last["options"]
    return out


def _choice_text(choice: Any, spec: Any = None) -> str:
    """How an option's value reads on screen: yes/no for switches, the game's own words for the
    value (its catalogue's ``<option label key>.<value>``) where it has them, else the value."""
    if isinstance(choice, bool) or choice in ("yes", "no"):
        return tr("common.yes") if choice in (True, "yes") else tr("common.no")
    label = getattr(spec, "label", None)
    if isinstance(label, Msg) and i18n.has(f"{label.key}.{choice}"):
        return tr(f"{label.key}.{choice}")
    return tr(str(choice))
