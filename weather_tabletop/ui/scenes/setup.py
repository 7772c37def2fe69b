"""New-game setup: game, player count, seats (name, colour, person or computer and its level),
the game's options and the table option "casual undo"."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui

from ... import games
from ...engine.protocol import GameConfig, SeatConfig, default_colours, seats_error
from ... import i18n
from ...i18n import tr
from .. import widgets
from ..scene import Scene
from ..table_view import draw_token


#: The order levels are offered in; ``greedy`` is another name of ``normal`` and not listed.
LEVEL_ORDER = ("easy", "normal", "hard", "random")


def computer_levels(game) -> tuple[str, ...]:
    """The computer levels the ai package offers for ``game``, from the easiest."""
    from ... import ai

    offered = set(ai.levels(game))
    if "normal" in offered:
        offered.discard("greedy")
    ordered = [lv for lv in LEVEL_ORDER if lv in offered]
    return tuple(ordered + sorted(offered - set(LEVEL_ORDER))) or ("random",)


def default_level(game) -> str:
    """A new computer seat's level: ``normal`` where the game has it."""
    offered = computer_levels(game)
    return "normal" if "normal" in offered else offered[0]


class SetupScene(Scene):
    def __init__(self, app, game_id: str | None = None, players: int | None = None) -> None:
        super().__init__(app)
        self.name = tr("setup.title")
        ids = games.available()
        self.game_id = game_id if game_id in ids else (ids[0] if ids else None)
        self.seats: list[dict[str, str]] = []
        self.options: dict[str, Any] = {}
        self.casual = False
        self.message = ""
        self.players = players or 0
        self.controls: dict[Any, tuple[str, int | str]] = {}
        self.entries: list[pygame_gui.elements.UITextEntryLine] = []
        self._token_spots: list[tuple[tuple[int, int], int]] = []
        if self.game_id:
            self.choose_game(self.game_id)

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

    def _harvest(self) -> None:
        for i, e in enumerate(self.entries):
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

    def build(self) -> None:
        w, h = self.app.size
        m = self.px(48)
        self.controls = {}
        self.entries = []
        self._token_spots = []
        widgets.label(self, pygame.Rect(m, self.px(28), w // 2, self.px(56)), self.name,
                      object_id="#title")
        back = widgets.button(self, pygame.Rect(w - m - self.px(180), self.px(36), self.px(180),
                                                self.px(46)), tr("common.back"), object_id="#secondary")
        self.controls[back] = ("back", 0)
        if self.game_id is None:
            widgets.label(self, pygame.Rect(m, self.px(120), w - 2 * m, self.px(40)),
                          tr("setup.no_games"), object_id="#heading")
            return
        game = self.game
        lw = min(self.px(440), (w - 3 * m) // 2)
        left = pygame.Rect(m, self.px(104), lw, h - self.px(104) - m)
        right = pygame.Rect(left.right + m, left.y, w - left.right - 2 * m, left.height)
        widgets.panel(self, left)
        widgets.panel(self, right)
        x, y, fw = left.x + self.px(24), left.y + self.px(20), lw - self.px(48)
        fh = self.px(40)

        def field(text: str) -> None:
            nonlocal y
            widgets.label(self, pygame.Rect(x, y, fw, self.px(26)), text, object_id="#field")
            y += self.px(28)

        field(tr("setup.game"))
        games_dd = widgets.dropdown(self, pygame.Rect(x, y, fw, fh),
                                    [(tr(games.get(g).title), g) for g in games.available()],
                                    self.game_id)
        self.controls[games_dd] = ("game", 0)
        y += fh + self.px(14)
        field(tr("setup.players"))
        counts = [(str(n), str(n)) for n in range(game.min_players, game.max_players + 1)]
        pdd = widgets.dropdown(self, pygame.Rect(x, y, fw, fh), counts, str(self.players))
        self.controls[pdd] = ("players", 0)
        y += fh + self.px(14)
        start = widgets.button(self, pygame.Rect(x, left.bottom - self.px(20) - self.px(52), fw,
                                                 self.px(52)), tr("setup.start"),
                               tooltip=tr("setup.start_tip"))
        self.controls[start] = ("start", 0)
        if self.message:
            widgets.label(self, pygame.Rect(x, start.relative_rect.y - self.px(36), fw, self.px(30)),
                          self.message, object_id="#message")
        # seats
        rx, ry = right.x + self.px(24), right.y + self.px(20)
        rw = right.width - self.px(48)
        widgets.label(self, pygame.Rect(rx, ry, rw, self.px(30)), tr("setup.seats"),
                      object_id="#heading")
        ry += self.px(44)
        token = self.px(44)
        name_w = (rw - token - self.px(36)) * 36 // 100
        col_w = (rw - token - self.px(36)) * 26 // 100
        kind_w = (rw - token - self.px(36)) - name_w - col_w
        widgets.label(self, pygame.Rect(rx + token + self.px(12), ry, name_w, self.px(24)),
                      tr("setup.name"), object_id="#small")
        widgets.label(self, pygame.Rect(rx + token + name_w + self.px(24), ry, col_w, self.px(24)),
                      tr("setup.colour"), object_id="#small")
        widgets.label(self, pygame.Rect(rx + token + name_w + col_w + self.px(36), ry, kind_w,
                                        self.px(24)), tr("setup.who"), object_id="#small")
        widgets.label(self, pygame.Rect(rx, right.bottom - self.px(44), rw, self.px(26)),
                      tr("setup.seats_hint"), object_id="#small")
        ry += self.px(28)
        colours = [(f"{tr(c.key.capitalize())} ({c.letter})", c.key) for c in game.colours]
        kinds = [(tr("setup.person"), "person")] + [
            (tr("setup.computer", level=tr("level." + lv) if i18n.has("level." + lv) else lv),
             "computer:" + lv)
            for lv in computer_levels(game)]
        step = self.px(54)
        for i, seat in enumerate(self.seats):
            cy = ry + i * step
            self._token_spots.append(((rx + token // 2, cy + fh // 2), i))
            e = widgets.entry(self, pygame.Rect(rx + token + self.px(12), cy, name_w, fh), seat["name"],
                              max_length=24)
            self.entries.append(e)
            cdd = widgets.dropdown(self, pygame.Rect(rx + token + name_w + self.px(24), cy, col_w, fh),
                                   colours, seat["color"])
            self.controls[cdd] = ("colour", i)
            kdd = widgets.dropdown(self, pygame.Rect(rx + token + name_w + col_w + self.px(36), cy,
                                                     kind_w, fh), kinds, seat["kind"])
            self.controls[kdd] = ("kind", i)
        used = self._build_options(game, (x, y, fw, start.relative_rect.y - self.px(12)),
                                   (rx, ry + len(self.seats) * step + self.px(12), rw), fh)
        note = getattr(game, "setup_note", None)
        note = note(self.players, self.options) if note is not None else None
        room = right.bottom - self.px(52) - used
        if note and room >= self.px(44):  # e.g. the solo objective, read before starting
            widgets.text_box(self, pygame.Rect(rx, used + self.px(4), rw, min(self.px(84), room)),
                             widgets.escape(tr(note)))

    def _build_options(self, game: Any, left: tuple[int, int, int, int],
                       right: tuple[int, int, int], fh: int) -> int:
        """The game's variants and the table option: down the left panel while they fit above
        the start button, the rest two to a row below the seats. Returns the lowest y used in
        the right panel."""
        cells: list[tuple[str, Any]] = [(tr(spec.label), spec) for spec in game.options]
        cells.append((tr("setup.table_options"), None))
        row = fh + self.px(42)
        lx, ly, lw, bottom = left
        fits = max(0, (bottom - ly) // row)
        spots = [pygame.Rect(lx, ly + i * row, lw, row) for i in range(min(fits, len(cells)))]
        rest = len(cells) - len(spots)
        bottom = right[1]
        if rest:
            x, y, width = right
            widgets.label(self, pygame.Rect(x, y, width, self.px(30)), tr("setup.options"),
                          object_id="#heading")
            y += self.px(40)
            gap = self.px(24)
            cw = (width - gap) // 2
            spots += [pygame.Rect(x + (i % 2) * (cw + gap), y + (i // 2) * row, cw, row)
                      for i in range(rest)]
            bottom = spots[-1].bottom
        for (label, spec), spot in zip(cells, spots):
            widgets.label(self, pygame.Rect(spot.x, spot.y, spot.width, self.px(26)), label,
                          object_id="#field")
            rect = pygame.Rect(spot.x, spot.y + self.px(28), spot.width, fh)
            if spec is None:
                casual = widgets.button(self, rect, tr("setup.casual_on") if self.casual
                                        else tr("setup.casual_off"), object_id="#secondary",
                                        tooltip=tr("setup.casual_tip"))
                self.controls[casual] = ("casual", 0)
                continue
            dd = widgets.dropdown(self, rect, [(_choice_text(c), str(c)) for c in spec.choices],
                                  str(self.options.get(spec.key, spec.default)))
            self.controls[dd] = ("option", spec.key)
        return bottom

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        game = self.game
        if game is None:
            return
        for centre, i in self._token_spots:
            colour = next((c for c in game.colours if c.key == self.seats[i]["color"]), game.colours[0])
            draw_token(surface, centre, self.px(18), colour, i, self.app.text,
                       self.app.settings.colour_blind)

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
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
        if kind == "start":
            self.start()
            return
        if kind == "game" and choice:
            self.choose_game(choice)
        elif kind == "players" and choice:
            self.players = int(choice)
            self._fit_seats()
        elif kind == "option" and choice is not None:
            spec = next(o for o in self.game.options if o.key == arg)
            self.options[spec.key] = next(c for c in spec.choices if str(c) == choice)
        elif kind == "colour" and choice:
            self.seats[int(arg)]["color"] = choice
        elif kind == "kind" and choice:
            self.seats[int(arg)]["kind"] = choice
        elif kind == "casual":
            self.casual = not self.casual
        self.close()
        self.open()

    def start(self) -> None:
        """Check the choices, create the autosaved game and go to the table."""
        from ..session import Session, new_config
        from .table import TableScene

        seats = self.seat_configs()
        reason = seats_error(self.game, GameConfig(self.game_id, tuple(seats)))
        if reason:
            self.message = tr(reason)
        else:
            try:
                config = new_config(self.game_id, seats, self.options,
                                    random.SystemRandom().randrange(1, 2 ** 31))
                session = Session.new_saved(self.game, config, casual=self.casual)
            except (OSError, ValueError) as exc:
                self.message = tr("setup.cannot_start", reason=str(exc))
            else:
                self.app.replace(TableScene(self.app, session))
                return
        self.close()
        self.open()


def _choice_text(choice: Any) -> str:
    """How an option's value reads on screen: yes/no for switches, else the value."""
    if isinstance(choice, bool):
        return tr("common.yes") if choice else tr("common.no")
    return tr(str(choice))
