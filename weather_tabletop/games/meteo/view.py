"""The Meteo table: the island drawn from ``data/board.toml``, the weather markers, figures and
witches where the state puts them, the wind circle and the die, the supply and the hands.

It only draws and maps pointer positions to commands (the :class:`TableView` protocol):

* a marker from the hand onto a space or a lying marker: ``PlaceMarker``;
* a figure (or a village's stack) one space per drop: ``StepFigure``, or ``RelocateFigure``
  while figures stand on impassable spaces; a witch: ``StepWitch`` / ``RelocateWitch``;
* a marker in the moved witch's sight, clicked or dragged onto the supply: ``RemoveMarker``;
* the supply stack or a face-up marker onto the hand (or clicked): ``DrawMarker``;
* the die, clicked when the wind blows: ``RollWind``;
* the "Done" button: ``EndPlacement`` / ``EndMovement`` / ``SkipRemoval``;
* the "Placement table" button shows the table of ``data/markers.toml`` over the island.

The board is one drawing in hex sizes (see :class:`_Layout`): the island, each space with its
coordinate ("K5", as the moves and the log name it), and beside it a column with the wind circle
and the die, the buttons and a hint of what to do, the hand, the supply and the other hands.

Surfaces: the static board is one surface per size (the coordinates a layer of their own, laid
over the lying markers); everything the state decides is drawn once per state into a second
layer; a frame blits the two (plus a short wind animation). All text goes through
``ctx.text.box`` at 12 px or more.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Hashable, Iterator, Sequence

import pygame

from weather_tabletop.engine.protocol import Colour, Command, Game
from weather_tabletop.i18n import Msg, language, msg, tr
from weather_tabletop.ui import art, theme
from weather_tabletop.ui.table_view import (DRAW_BUDGET, REFERENCE_BOARD, Piece, Shape, StagedRender,
                                            ViewContext, draw_shape, shape_of, text_growth)

from . import view_art as va
from . import words
from .board import (COLOURED, DIRECTIONS, LANDSCAPE, PERCH, VILLAGE, WIND, Board, Pos,
                    distance)
from .commands import (DrawMarker, EndMovement, EndPlacement, PlaceMarker, RelocateFigure,
                       RelocateWitch, RemoveMarker, RollWind, SkipRemoval, StepFigure, StepWitch)
from .state import (DRAW, MAX_PLACED, MOVE, OVER, PLACE, UNKNOWN, WIND as WIND_PHASE, WITCH,
                    MeteoState)

ANIM_SECONDS = 0.55  # the wind: the die tumbles, then every marker slides one space
ROLL_SECONDS = 0.22


@dataclass
class _Blow:
    """A wind the view saw happen: markers (kind, from, to) in screen space, lost ones."""

    start: float
    moves: list[tuple[str, tuple[float, float], tuple[float, float]]]
    lost: list[tuple[str, tuple[float, float], tuple[float, float]]]


#: The island in hex sizes (the unit ``s`` of the whole board), from the spaces of
#: ``data/board.toml``: every space's hex, the bands of the halves and the grey dots.
ISLAND_LEFT, ISLAND_RIGHT, ISLAND_TOP, ISLAND_BOTTOM = -10.45, 10.85, -10.05, 10.05
#: The side column beside the island (hex sizes): the wind, the buttons and the hint, the hand,
#: the supply, the other hands; its blocks' heights and the gap between them.
COLUMN_W, GAP = 10.0, 0.35
WIND_H, BUTTON_H, HINT_H, HAND_H, SUPPLY_H, ROW_H = 4.6, 1.3, 1.1, 3.4, 3.4, 1.2
#: Where things stand in a space (hex sizes from its centre; the hex reaches +-1 up and down):
#: a lying marker above, figures and witches in front of it, the coordinate at the lower edge.
TOKEN_DY, TOKEN_D = -0.45, 0.84
FIGURE_DY, FIGURE_H, PAIR_DX = 0.07, 0.84, 0.43
LABEL_BOTTOM = 0.93


class _Layout:
    """Where everything goes inside the view's rect (local coordinates, origin top-left).

    The whole board is one drawing in hex sizes: the island (its extent above) and the column
    beside it, scaled as one to the largest hex size ``s`` that fits the rect and centred. Every
    size, font sizes too, is a multiple of ``s`` (text never below 12 px)."""

    def __init__(self, w: int, h: int, ui_scale: float = 1.0) -> None:
        self.w, self.h = w, h
        island_w, island_h = ISLAND_RIGHT - ISLAND_LEFT, ISLAND_BOTTOM - ISLAND_TOP
        total_w = island_w + GAP + COLUMN_W
        self.s = s = self.hex_size(w, h)
        #: text is drawn this much larger than the hex size gives: the UI scale's share
        self.grow = text_growth(ui_scale, s, self.hex_size(*REFERENCE_BOARD))
        self.pad = pad = max(3, round(0.12 * s))
        x0 = (w - total_w * s) / 2
        y0 = (h - island_h * s) / 2
        self.area = pygame.Rect(round(x0), round(y0), round(island_w * s), round(island_h * s))
        self.ox = x0 - ISLAND_LEFT * s
        self.oy = y0 - ISLAND_TOP * s
        cx = round(x0 + (island_w + GAP) * s)
        cw = round(COLUMN_W * s)
        self.column = pygame.Rect(cx, self.area.top, cw, self.area.h)
        blocks = (WIND_H, BUTTON_H + HINT_H + GAP / 2, HAND_H, SUPPLY_H, 3 * ROW_H)
        spare = island_h - sum(blocks)
        gap = spare / (len(blocks) - 1)
        tops, y = [], float(self.area.top)
        for b in blocks:
            tops.append(round(y))
            y += (b + gap) * s
        # the wind circle (dial) and the die beside it
        self.dial_r = round(WIND_H / 2 * s)
        self.dial_c = (cx + self.dial_r, tops[0] + self.dial_r)
        self.die_area = pygame.Rect(cx + 2 * self.dial_r + pad, tops[0],
                                    self.column.right - (cx + 2 * self.dial_r + pad),
                                    round(WIND_H * s))
        self.die_size = round(1.8 * s)
        self.die_c = (self.die_area.centerx,
                      self.die_area.top + round(0.4 * s) + self.die_size // 2)
        # the buttons side by side, the hint below them
        bw = (cw - pad) // 2
        bh = round(BUTTON_H * s)
        self.table_button = pygame.Rect(cx, tops[1], bw, bh)
        self.done_button = pygame.Rect(cx + cw - bw, tops[1], bw, bh)
        self.hint_rect = pygame.Rect(cx, tops[1] + bh + round(GAP / 2 * s), cw, round(HINT_H * s))
        # the hand, the supply with the face-up markers, the other hands
        self.hand_rect = pygame.Rect(cx, tops[2], cw, round(HAND_H * s))
        self.supply_rect = pygame.Rect(cx, tops[3], cw, round(SUPPLY_H * s))
        self.others_rect = pygame.Rect(cx, tops[4], cw, round(3 * ROW_H * s))
        self.head_h = round(0.75 * s)
        self.tile = round(1.95 * s)
        self.gap = round(0.4 * s)

    @staticmethod
    def hex_size(w: int, h: int) -> float:
        """The largest hex size at which the island and the column fit ``w`` x ``h``."""
        island_w, island_h = ISLAND_RIGHT - ISLAND_LEFT, ISLAND_BOTTOM - ISLAND_TOP
        return max(4.0, min(w / (island_w + GAP + COLUMN_W), h / island_h))

    def font(self, k: float) -> int:
        """A font size of ``k`` hex sizes grown with the UI scale (:attr:`grow`; boxes shrink
        it where there is no room), never below the table's 12 px."""
        return max(theme.MIN_TEXT_PX, round(self.s * k * self.grow))

    def px(self, pos: Pos) -> tuple[float, float]:
        q, r = pos
        return (self.ox + self.s * va.SQRT3 * (q + r / 2), self.oy + 1.5 * self.s * r)

    def ipx(self, pos: Pos) -> tuple[int, int]:
        x, y = self.px(pos)
        return round(x), round(y)

    def tile_slots(self, rect: pygame.Rect, n: int) -> list[pygame.Rect]:
        """``n`` tile rects side by side below a block's heading, centred."""
        t, gap = self.tile, self.gap
        total = n * t + (n - 1) * gap
        x = rect.centerx - total // 2
        y = rect.top + self.head_h + (rect.h - self.head_h - t) // 2
        return [pygame.Rect(x + i * (t + gap), y, t, t) for i in range(n)]

    def dial_space(self, i: int, n: int) -> tuple[int, int]:
        a = math.radians(-90 + 360 * i / n)
        r = self.dial_r * 0.8
        return (round(self.dial_c[0] + r * math.cos(a)), round(self.dial_c[1] + r * math.sin(a)))


#: what a redraw fills as it goes; between its steps these keep what the screen shows
STAGED = ("_legal", "_other_rows", "_drawn_state", "_cut_tips")


class MeteoView:
    """The Meteo board (see the module docstring for the interactions)."""

    def __init__(self, game: Game, rect: pygame.Rect, *, context: ViewContext | None = None) -> None:
        self.game = game
        self.board: Board = game.board  # type: ignore[attr-defined]
        self.ctx = context or ViewContext()
        self.rect = pygame.Rect(rect)
        self.L = _Layout(self.rect.w, self.rect.h, self.ctx.scale)
        self._static: pygame.Surface | None = None
        self._labels: pygame.Surface | None = None  # the spaces' coordinates
        self._static_key: tuple | None = None
        self._layer: pygame.Surface | None = None  # figures, witches, the column (alpha)
        self._composite: pygame.Surface | None = None  # static + markers + layer
        self._layer_key: tuple | None = None
        self._stage = StagedRender()
        self._pieces: list[Piece] = []
        self._state: MeteoState | None = None
        self._seat: int | None = None
        self._prev: MeteoState | None = None
        self._blow: _Blow | None = None
        self.show_table = False
        self._table_surface: pygame.Surface | None = None
        self._table_cells: list[tuple[pygame.Rect, str]] = []
        self._other_rows: list[tuple[pygame.Rect, int]] = []
        self._legal: list[Command] = []
        self._cut_tips: list[tuple[pygame.Rect, str]] = []  # texts cut short on the state layer
        self._static_tips: list[tuple[pygame.Rect, str]] = []  # ... on the static board
        self._drawn_state: MeteoState | None = None  # the state the layer being shown is of

    # -- small helpers ---------------------------------------------------------------------

    def _abs(self, p: tuple[float, float]) -> tuple[int, int]:
        return (round(p[0]) + self.rect.x, round(p[1]) + self.rect.y)

    def _arect(self, r: pygame.Rect) -> pygame.Rect:
        return r.move(self.rect.topleft)

    def _font(self, k: float) -> int:
        return self.L.font(k)

    def _box(self, tips: list[tuple[pygame.Rect, str]] | None, surface: pygame.Surface,
             text: str, box: pygame.Rect, size: int, colour: Any, **kw: Any) -> None:
        """``ctx.text.box``; a text cut short keeps its whole wording in ``tips`` for the
        tooltip of its box (board coordinates)."""
        fit = self.ctx.text.box(surface, text, box, size, colour, **kw)
        if fit.cut and tips is not None:
            tips.append((pygame.Rect(box), text))

    def colour_of(self, state: MeteoState, seat: int) -> Colour:
        """A seat's colour is the one the rules gave it (state.colours)."""
        return self.game.colours[state.colours[seat]]

    def _who(self, state: MeteoState, seat: int) -> str:
        """A seat as the board names it: the player's name (the colour is the piece beside it)."""
        return self.ctx.name(seat) or tr(words.colour(self.board, state.colours[seat]))

    def hex_shape(self, pos: Pos) -> va.HexShape:
        return va.HexShape(pos, self._abs(self.L.px(pos)), self.L.s)

    def hex_at(self, point: tuple[int, int]) -> Pos | None:
        """The space (island, village or grey dot) under an absolute screen point."""
        x = point[0] - self.rect.x - self.L.ox
        y = point[1] - self.rect.y - self.L.oy
        pos = va.pixel_to_axial(x, y, self.L.s)
        return pos if pos in self.board.spaces else None

    def _meeple(self, state: MeteoState, seat: int, height: int) -> pygame.Surface:
        c = self.colour_of(state, seat)
        return va.meeple(tuple(c.rgb), height, shape_of(c) if self.ctx.colour_blind else None)

    # -- protocol --------------------------------------------------------------------------

    def resize(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.L = _Layout(self.rect.w, self.rect.h, self.ctx.scale)
        self._static_key = self._layer_key = None
        self._composite = self._layer = None
        self._stage.cancel()
        self._table_surface = None
        self._blow = None

    def animating(self) -> bool:
        """The wind is being shown (the die tumbles, the markers slide): the table draws every
        frame until the frame that ends it has been drawn."""
        return self._blow is not None

    @property
    def busy(self) -> bool:
        """The new state's layer is still being drawn (the last one shows meanwhile)."""
        return self._stage.busy

    def draw(self, surface: pygame.Surface, view_state: Any, seat: int | None) -> None:
        state: MeteoState = view_state
        self._notice(state)
        self._ensure(state, seat, DRAW_BUDGET)
        assert self._composite is not None and self._static is not None
        now = time.monotonic()
        blow = self._blow
        if blow is not None and now - blow.start >= ANIM_SECONDS:
            self._blow = blow = None
        if blow is None:
            surface.blit(self._composite, self.rect.topleft)
        else:
            self._draw_blow(surface, blow, now - blow.start)
        if self.show_table or self._hovering_table_button():
            self._draw_table(surface)

    def pieces(self, view_state: Any, seat: int | None) -> list[Piece]:
        self._ensure(view_state, seat)
        return self._pieces

    def drop_targets(self, piece: Piece, legal_commands: Sequence[Command]
                     ) -> list[tuple[Shape, Command]]:
        key = piece.key
        kind = key[0]
        L = self.L
        out: list[tuple[Shape, Command]] = []
        for c in legal_commands:
            if kind == "hand" and isinstance(c, PlaceMarker) and c.kind == key[2]:
                out.append((self.hex_shape(tuple(c.pos)), c))
            elif kind == "fig" and isinstance(c, StepFigure) and c.seat == key[1] \
                    and tuple(c.src) == key[2]:
                out.append((self.hex_shape(tuple(c.dst)), c))
            elif kind == "fig" and isinstance(c, RelocateFigure) and c.owner == key[1] \
                    and tuple(c.src) == key[2]:
                out.append((self.hex_shape(tuple(c.dst)), c))
            elif kind == "witch" and isinstance(c, (StepWitch, RelocateWitch)) and c.witch == key[1]:
                out.append((self.hex_shape(tuple(c.dst)), c))
            elif kind == "marker" and isinstance(c, RemoveMarker) and tuple(c.pos) == key[1]:
                out.append((self.hex_shape(key[1]), c))
                out.append((self._arect(self._supply_slot()), c))
            elif kind in ("supply", "faceup") and isinstance(c, DrawMarker) \
                    and c.source == ("supply" if kind == "supply" else key[2]):
                out.append((self._arect(L.hand_rect), c))
                out.append((piece.shape, c))
            elif kind == "die" and isinstance(c, RollWind):
                out.append((piece.shape, c))
            elif kind == "done" and isinstance(c, (EndPlacement, EndMovement, SkipRemoval)):
                out.append((piece.shape, c))
        return out

    def handle_event(self, event: pygame.event.Event) -> bool:
        """View-only controls that work whoever is to move: ``T`` or a click on the
        "Placement table" button shows or hides the placement table."""
        toggle = (event.type == pygame.KEYDOWN and event.key == pygame.K_t) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            and (self._arect(self.L.table_button).collidepoint(event.pos)
                 or (self.show_table and self._table_rect().collidepoint(event.pos))))
        if toggle:
            self.show_table = not self.show_table
            self._layer_key = None
        return toggle

    def command_for_drop(self, piece: Piece, pos: tuple[int, int], view_state: Any,
                         seat: int | None) -> Command | None:
        state: MeteoState = view_state
        key = piece.key
        kind = key[0]
        if kind == "table":
            if piece.shape.collidepoint(pos):
                self.show_table = not self.show_table
                self._layer_key = None
            return None
        if seat is None:
            return None
        where = self.hex_at(pos)
        if kind == "hand":
            return PlaceMarker(seat, key[2], where) if where is not None else None
        if kind == "fig":
            owner, src = key[1], key[2]
            if where is None or where == src:
                return None
            if (owner, -1, src) in self.game.displaced(state):  # type: ignore[attr-defined]
                return RelocateFigure(seat, owner, src, where)
            return StepFigure(seat, src, where)
        if kind == "witch":
            w = key[1]
            if where is None or where == state.witches[w]:
                return None
            if (-1, w, state.witches[w]) in self.game.displaced(state):  # type: ignore[attr-defined]
                return RelocateWitch(seat, w, where)
            return StepWitch(seat, w, where)
        if kind == "marker":
            if where == key[1] or self._arect(self._supply_slot()).collidepoint(pos):
                return RemoveMarker(seat, key[1])
            return None
        if kind in ("supply", "faceup"):
            if self._arect(self.L.hand_rect).collidepoint(pos) or piece.shape.collidepoint(pos):
                return DrawMarker(seat, "supply" if kind == "supply" else key[2])
            return None
        if kind == "die":
            return RollWind(seat) if self.rect.collidepoint(pos) else None
        return None

    def guide_topic_at(self, pos: tuple[int, int]) -> str | None:
        """The guide's section for the part of the board under ``pos`` (F1 at the table opens
        it): the wind circle and the die, the placement table, the hand, the supply, a village
        (scoring) or a field of the island (what markers do there)."""
        L = self.L
        local = (pos[0] - self.rect.x, pos[1] - self.rect.y)
        if math.dist(local, L.dial_c) <= L.dial_r or L.die_area.collidepoint(local):
            return "make-wind"
        for area, topic in ((L.table_button, "placement-table"), (L.hand_rect, "place-markers"),
                            (L.supply_rect, "draw-markers")):
            if area.collidepoint(local):
                return topic
        space = self.hex_at(pos)
        if space is None:
            return None
        return "scoring" if space in self.board.villages else "placement-table"

    def tooltip_at(self, pos: tuple[int, int], view_state: Any) -> str | None:
        state: MeteoState = view_state
        if self._stage.busy and self._drawn_state is not None:
            state = self._drawn_state  # a new state is being drawn: what the screen shows
        else:
            self._ensure(state, self._seat)
        if self.show_table:
            for rect, text in self._table_cells:
                if rect.collidepoint(pos):
                    return text
            if self._table_rect().collidepoint(pos):
                return tr(msg("meteo.tip.table_shown"))
        L = self.L
        local = (pos[0] - self.rect.x, pos[1] - self.rect.y)
        for rect, whole in self._cut_tips + self._static_tips:
            if rect.collidepoint(local):
                return whole
        if L.table_button.collidepoint(local):
            return tr(msg("meteo.tip.table_button"))
        if self._done_command(state) is not None and L.done_button.collidepoint(local):
            return tr(self.game.describe_command(state, self._done_command(state)))
        for piece in reversed(self._pieces):
            if piece.key[0] in ("hand", "faceup", "supply") and piece.shape.collidepoint(pos):
                return self._marker_tip(state, piece.key)
        if math.dist(local, L.die_c) <= L.die_size * 0.6:
            return self._die_tip(state)
        if math.dist(local, L.dial_c) <= L.dial_r:
            return self._dial_tip(state)
        for i, (rect, seat) in enumerate(self._other_rows):
            if rect.collidepoint(local):
                n = len(state.hands[seat])
                return tr(msg("meteo.tip.other_hand", name=self._who(state, seat), n=n))
        where = self.hex_at(pos)
        if where is not None:
            return self._space_tip(state, where)
        return None

    # -- tooltips --------------------------------------------------------------------------

    def _uses(self, kind: str) -> Msg:
        return va.uses(self.board, kind)

    def _marker_tip(self, state: MeteoState, key: tuple) -> str:
        if key[0] == "supply":
            return tr(msg("meteo.tip.supply", n=len(state.supply)))
        kind = key[2]
        if kind == UNKNOWN:
            return tr(msg("meteo.tip.secret_marker"))
        tip = "meteo.tip.face_up_marker" if key[0] == "faceup" else "meteo.tip.marker"
        return tr(msg(tip, marker=words.marker(kind), uses=self._uses(kind)))

    def _die_tip(self, state: MeteoState) -> str:
        who = self._who(state, state.wind_player)
        blue = self.board.wind_circle[state.wind_space] == "B"
        face = self._last_roll(state)
        roll = (msg("meteo.tip.die_last_roll", face=face,
                    direction=words.direction(self.board.wind_rose[face - 1])) if face else None)
        return tr(words.sentences(msg("meteo.tip.die", name=who),
                                  msg("meteo.tip.die_blue") if blue else None, roll))

    def _dial_tip(self, state: MeteoState) -> str:
        circle = self.board.wind_circle
        n = len(circle)
        key = "meteo.tip.dial_blue" if circle[state.wind_space] == "B" else "meteo.tip.dial_grey"
        faces = tuple(msg("meteo.tip.die_face", face=i + 1, direction=words.direction(d))
                      for i, d in enumerate(self.board.wind_rose))
        return tr(msg(key, space=state.wind_space + 1, spaces=n, faces=faces))

    def _space_tip(self, state: MeteoState, pos: Pos) -> str:
        b = self.board
        sp = b.spaces[pos]
        lines: list[Msg] = []
        occupants = self._occupants(state).get(pos, [])
        if sp.kind == VILLAGE:
            c = sp.colour
            owner = next((i for i, col in enumerate(state.colours) if col == c), None)
            where = dict(colour=words.colour(b, c), letter=self.game.colours[c].letter)
            lines.append(msg("meteo.tip.village_home", name=self._who(state, owner), **where)
                         if owner is not None else msg("meteo.tip.village_unplayed", **where))
            counts = self._village_counts(state, pos)
            for seat, n in counts:
                lines.append(msg("meteo.tip.village_figures", name=self._who(state, seat), n=n))
            if not counts:
                lines.append(msg("meteo.tip.village_empty"))
            return tr(words.sentences(*lines))
        if sp.kind == PERCH:
            k = b.perches.index(pos)
            here = k < len(state.witches) and state.witches[k] == pos
            return tr(msg("meteo.tip.perch_witch" if here else "meteo.tip.perch", n=k + 1))
        if sp.kind == WIND:
            lines.append(msg("meteo.tip.wind_space", label=sp.label))
        elif sp.kind == COLOURED:
            lines.append(msg("meteo.tip.coloured", label=sp.label,
                             colour=words.colour(b, sp.colour)))
        else:
            marker = state.marker_map.get(pos)
            effect = self.game.effect(state, pos)  # type: ignore[attr-defined]
            land = msg(f"meteo.tip.landscape.{sp.landscape}")
            if marker:
                lines.append(msg("meteo.tip.landscape_marker", landscape=land, label=sp.label,
                                 marker=words.marker(marker), effect=msg(va.EFFECT_TEXT[effect])))
            else:
                lines.append(msg("meteo.tip.landscape_lake" if effect == "impassable"
                                 else "meteo.tip.landscape_passable", landscape=land,
                                 label=sp.label))
        if occupants:
            names = tuple(msg("meteo.tip.witch_n", n=who[1] + 1) if who[0] == "witch"
                          else msg("meteo.tip.figure_of", name=self._who(state, who[1]))
                          for who in occupants)
            lines.append(msg("meteo.tip.here", names=names))
        halves = tuple(msg("meteo.tip.half_of", name=self._who(state, seat))
                       for seat, c in enumerate(state.colours) if b.in_half(c, pos))
        if halves:
            lines.append(msg("meteo.tip.in_halves", halves=halves))
        elif sp.kind in (LANDSCAPE, COLOURED) and distance(pos) <= b.radius:
            lines.append(msg("meteo.tip.white_path"))
        return tr(words.sentences(*lines))

    # -- reading the state -----------------------------------------------------------------

    def _occupants(self, state: MeteoState) -> dict[Pos, list[tuple[str, int]]]:
        """Island spaces and grey dots: ("fig", seat) and ("witch", w) in drawing order."""
        out: dict[Pos, list[tuple[str, int]]] = {}
        for seat, figs in enumerate(state.figures):
            for p in figs:
                if self.board.spaces[p].kind != VILLAGE:
                    out.setdefault(p, []).append(("fig", seat))
        for w, p in enumerate(state.witches):
            out.setdefault(p, []).append(("witch", w))
        return out

    def _village_counts(self, state: MeteoState, pos: Pos) -> list[tuple[int, int]]:
        return [(seat, figs.count(pos)) for seat, figs in enumerate(state.figures)
                if pos in figs]

    def _done_command(self, state: MeteoState) -> Command | None:
        seat = self._seat
        if seat is None or seat != state.current or state.phase == OVER:
            return None
        if self.game.relocator(state)[0] >= 0:  # type: ignore[attr-defined]
            return None
        cmd = {PLACE: EndPlacement, MOVE: EndMovement, WITCH: SkipRemoval}.get(state.phase)
        if cmd is None:
            return None
        c = cmd(seat)
        return c if c in self._legal else None

    def _supply_slot(self) -> pygame.Rect:
        return self.L.tile_slots(self.L.supply_rect, 3)[0]

    # -- the wind animation ----------------------------------------------------------------

    def _notice(self, state: MeteoState) -> None:
        """Start the wind animation when the markers have just been blown."""
        prev = self._prev
        if prev is state:
            return
        self._prev = state
        if prev is None or prev.phase != WIND_PHASE or prev.players != state.players:
            return
        if self.board.wind_circle[prev.wind_space] != "B":
            return
        if not (state.wind_blown or state.wind_space != prev.wind_space):
            return
        after = sorted(state.markers)
        found: list[tuple[int, list, list]] = []
        for i, d in enumerate(self.board.wind_rose):
            moved, lost = self._blown(prev, d)
            if sorted((t, k) for k, _, t in moved) == after:
                found.append((i + 1, moved, lost))
        if not found:
            return
        face, moved, lost = found[0]  # directions that move the markers alike look alike
        L = self.L
        step = DIRECTIONS[self.board.wind_rose[face - 1]]
        moves = []
        for kind, src, dst in moved:
            back = (dst[0] - step[0], dst[1] - step[1])  # one space against the wind
            moves.append((kind, L.px(back), L.px(dst)))
        gone = [(kind, L.px(src), L.px((src[0] + step[0], src[1] + step[1])))
                for kind, src in lost]
        self._blow = _Blow(time.monotonic(), moves, gone)

    def _blown(self, state: MeteoState, direction: str
               ) -> tuple[list[tuple[str, Pos, Pos]], list[tuple[str, Pos]]]:
        """Where the wind ``direction`` takes each marker (4. Make Wind), computed from the board."""
        moved, lost = [], []
        for pos, kind in state.markers:
            t = self.board.blow_target(pos, direction)
            sp = self.board.spaces[t]
            if sp.kind == LANDSCAPE and (kind, sp.landscape) in self.board.cells:
                moved.append((kind, pos, t))
            else:
                lost.append((kind, pos))
        return moved, lost

    def _draw_blow(self, surface: pygame.Surface, blow: _Blow, t: float) -> None:
        assert self._static is not None and self._layer is not None
        surface.blit(self._static, self.rect.topleft)
        k = max(0.0, min(1.0, (t - ROLL_SECONDS) / (ANIM_SECONDS - ROLL_SECONDS)))
        k = k * k * (3 - 2 * k)
        d = round(self.L.s * TOKEN_D)
        for kind, a, b in blow.moves:
            p = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k + TOKEN_DY * self.L.s)
            img = va.token(kind, d)
            surface.blit(img, img.get_rect(center=self._abs(p)))
        for kind, a, b in blow.lost:
            p = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k + TOKEN_DY * self.L.s)
            img = va.token(kind, d).copy()
            img.set_alpha(round(255 * (1 - k)))
            surface.blit(img, img.get_rect(center=self._abs(p)))
        if self._labels is not None:
            surface.blit(self._labels, self.rect.topleft)
        surface.blit(self._layer, self.rect.topleft)
        # the die tumbles, then shows the face the state keeps (as the still table does)
        size = self.L.die_size
        last = self._last_roll(self._state) if self._state is not None else 0
        face = last if t >= ROLL_SECONDS else 1 + int(t * 37) % 6
        img = va.die_face(face, size)
        wobble = 0 if t >= ROLL_SECONDS else round(size * 0.08 * math.sin(t * 60))
        cx, cy = self._abs(self.L.die_c)
        local = pygame.Rect(0, 0, size + 4, size + 4)
        local.center = self.L.die_c
        surface.blit(self._static, local.move(self.rect.topleft), area=local)
        surface.blit(img, img.get_rect(center=(cx + wobble, cy - abs(wobble))))

    # -- building the surfaces -------------------------------------------------------------

    def _ensure(self, state: MeteoState, seat: int | None, budget: float | None = None) -> None:
        """Draw ``state`` for ``seat`` if it is not drawn yet: at once (``budget`` None), else
        within ``budget`` seconds of this frame, going on in the next frames (the last drawing
        shows meanwhile)."""
        self._state, self._seat = state, seat
        skey = (self.rect.size, state.colours, self.ctx.colour_blind, language())
        if skey != self._static_key:
            if self._static_key is not None and self._static_key[3] != skey[3]:
                self._table_surface = None  # the placement table's words too
            self._static = self._render_static(state)
            self._static_key = skey
            self._layer_key = self._composite = None
        # the state itself is kept in the key (an id could be reused by a later state)
        lkey = (state, seat, skey, self.show_table)
        old = self._layer_key
        if old is None or old[0] is not state or old[1:] != lkey[1:]:
            self._layer_key = lkey
            self._stage.start(self._render_state(state, seat), self, STAGED)
            if self._composite is None:
                budget = None  # nothing drawn yet to show meanwhile
        self._stage.run(budget)

    def _render_static(self, state: MeteoState) -> pygame.Surface:
        L, b, s = self.L, self.board, self.L.s
        self._static_tips = []
        surf = pygame.Surface((L.w, L.h))
        surf.fill(theme.SKY)
        # the board: a soft hexagon behind the island
        big = [(L.ox + 10.3 * s * math.cos(math.radians(60 * i)),
                L.oy + 10.3 * s * math.sin(math.radians(60 * i))) for i in range(6)]
        pygame.draw.polygon(surf, theme.SKY_DEEP, big)
        self._draw_halves(surf, state)
        isz = round(s)
        for pos, sp in b.spaces.items():
            c = L.px(pos)
            if sp.kind == LANDSCAPE:
                tile = va.hex_tile(sp.landscape, isz)
                surf.blit(tile, tile.get_rect(center=(round(c[0]), round(c[1]))))
            elif sp.kind == COLOURED:
                rgb = tuple(self.game.colours[sp.colour].rgb)
                pygame.draw.polygon(surf, va.mix(rgb, (255, 255, 255), 0.45), va.hex_corners(c, s))
                pygame.draw.polygon(surf, rgb, va.hex_corners(c, s * 0.82), max(2, round(s * 0.12)))
            elif sp.kind == WIND:
                pygame.draw.polygon(surf, theme.PANEL, va.hex_corners(c, s))
                rose = art.svg("meteo/wind_rose.svg", (round(1.7 * s), round(1.7 * s)))
                surf.blit(rose, rose.get_rect(center=(round(c[0]), round(c[1]))))
        for pos in b.island():
            pygame.draw.polygon(surf, (255, 255, 255), va.hex_corners(L.px(pos), s),
                                max(1, round(s * 0.06)))
        self._draw_paths(surf)
        for c, pos in enumerate(b.villages):
            self._draw_village(surf, c, pos)
        for k, pos in enumerate(b.perches):
            c = L.ipx(pos)
            pygame.draw.circle(surf, (160, 170, 180), c, round(0.42 * s))
            pygame.draw.circle(surf, theme.INK_SOFT, c, round(0.42 * s), max(1, round(s * 0.07)))
        self._labels = self._render_coordinates()
        self._draw_dial(surf)
        self._draw_button(surf, L.table_button, msg("meteo.view.placement_table"), theme.PANEL,
                          theme.PRIMARY, self._static_tips)
        # the column's panels: the hand, the supply, the other hands
        for rect in (L.hand_rect, L.supply_rect, L.others_rect):
            pygame.draw.rect(surf, theme.PANEL, rect, border_radius=L.pad * 2)
            pygame.draw.rect(surf, theme.LINE, rect, 1, border_radius=L.pad * 2)
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def _coordinate_box(self, pos: Pos) -> pygame.Rect:
        """The box a space's coordinate owns: the lower edge of its hex, below the figures."""
        L, s = self.L, self.L.s
        cx, cy = L.px(pos)
        h = self.ctx.text.font(L.font(0.36)).get_height()
        box = pygame.Rect(0, 0, round(1.0 * s), h)
        box.midbottom = (round(cx), round(cy + LABEL_BOTTOM * s))
        return box

    def _render_coordinates(self) -> pygame.Surface:
        """Each island space's coordinate ("K5", as the moves and the log name it), small, on a
        pale tag at the lower edge of its hex: a layer laid over the lying markers."""
        L, b = self.L, self.board
        size = L.font(0.36)
        font = self.ctx.text.font(size)
        surf = tag = pygame.Surface((L.w, L.h), pygame.SRCALPHA)
        boxes = []
        for pos in b.island():
            box = self._coordinate_box(pos)
            w = font.size(b.label(pos))[0] + 2 * max(2, round(L.s * 0.08))
            back = pygame.Rect(0, 0, min(w, box.w), round(box.h * 0.72))
            back.center = (box.centerx, box.centery + round(box.h * 0.04))
            pygame.draw.rect(tag, (255, 255, 255, 165), back, border_radius=back.h // 2)
            boxes.append((pos, box))
        for pos, box in boxes:
            self._box(self._static_tips, surf, b.label(pos), box, size, theme.INK_SOFT,
                      align="center",
                              wrap=False)
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _draw_button(self, surf: pygame.Surface, rect: pygame.Rect, label: Msg, fill: tuple,
                     edge: tuple, tips: list | None = None) -> None:
        radius = max(4, rect.h // 4)
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        pygame.draw.rect(surf, edge, rect, max(1, round(self.L.s * 0.08)), border_radius=radius)
        ink = theme.INK if sum(tuple(fill)[:3]) > 450 else (255, 255, 255)
        inner = rect.inflate(-2 * max(4, rect.h // 6), -max(2, rect.h // 10))
        self._box(tips, surf, tr(label), inner, self._font(0.46), ink, bold=True,
                          align="center")

    def _draw_halves(self, surf: pygame.Surface, state: MeteoState) -> None:
        """Each player's half bordered in their colour: bands along the rim, one ring per pair
        of opposite halves."""
        L, b, s = self.L, self.board, self.L.s
        axes = sorted({c % 3 for c in state.colours})
        width = max(3, round(s * 0.26))
        for pos in b.island():
            if distance(pos) != b.radius:
                continue
            cx, cy = L.px(pos)
            for name, d in DIRECTIONS.items():
                n = (pos[0] + d[0], pos[1] + d[1])
                if distance(n) <= b.radius:
                    continue
                a = math.radians(va.ANGLES[name])
                for c in state.colours:
                    if not b.in_half(c, pos):
                        continue
                    k = axes.index(c % 3)
                    off = s * 0.86 + width * (0.5 + k) + k * 1
                    ux, uy = math.cos(a), math.sin(a)
                    mx, my = cx + ux * off, cy + uy * off
                    half = s / 2 + width * (0.5 + k) * 0.58
                    p1 = (mx - uy * half, my + ux * half)
                    p2 = (mx + uy * half, my - ux * half)
                    rgb = self.game.colours[c].rgb
                    pygame.draw.line(surf, rgb, p1, p2, width)
                    for p in (p1, p2):
                        pygame.draw.circle(surf, rgb, (round(p[0]), round(p[1])), width // 2)

    def _draw_paths(self, surf: pygame.Surface) -> None:
        """The three white paths, from each witch's grey dot across the wind space."""
        L, b, s = self.L, self.board, self.L.s
        layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        width = max(3, round(s * 0.3))
        for pos in b.perches:
            far = (-pos[0] * b.radius // (b.radius + 1), -pos[1] * b.radius // (b.radius + 1))
            a, z = L.px(pos), L.px(far)
            pygame.draw.line(layer, (255, 255, 255, 170), a, z, width)
            pygame.draw.circle(layer, (255, 255, 255, 170), (round(z[0]), round(z[1])), width // 2)
        surf.blit(layer, (0, 0))

    def _draw_village(self, surf: pygame.Surface, c: int, pos: Pos) -> None:
        L, s = self.L, self.L.s
        col = self.game.colours[c]
        centre = L.px(pos)
        pygame.draw.polygon(surf, col.rgb, va.hex_corners(centre, s * 0.98))
        pygame.draw.polygon(surf, (255, 255, 255), va.hex_corners(centre, s * 0.98),
                            max(2, round(s * 0.1)))
        # a roof over the door: the village, with its colour's letter (and shape)
        cx, cy = centre
        disc = (round(cx), round(cy - 0.56 * s))
        r = round(0.34 * s)
        shape = shape_of(col) if self.ctx.colour_blind else "circle"
        draw_shape(surf, disc, r, shape, (255, 255, 255), theme.INK, max(1, round(s * 0.05)))
        h = self.ctx.text.font(self._font(0.36), True).get_height()
        box = pygame.Rect(0, 0, 2 * r, h)
        box.center = (disc[0], disc[1] + (round(r * 0.15) if shape == "triangle" else 0))
        self._box(self._static_tips, surf, col.letter, box, self._font(0.36), theme.INK, bold=True,
                          align="center", wrap=False)

    def _draw_dial(self, surf: pygame.Surface) -> None:
        """The wind circle (grey and blue spaces, the start marked) around the wind rose, with
        the die face for each direction."""
        L = self.L
        R = L.dial_r
        cx, cy = L.dial_c
        pygame.draw.circle(surf, theme.PANEL, (cx, cy), R)
        pygame.draw.circle(surf, theme.LINE, (cx, cy), R, max(1, R // 40))
        circle = self.board.wind_circle
        n = len(circle)
        rs = max(4, round(R * 0.13))
        for i, kind in enumerate(circle):
            p = L.dial_space(i, n)
            fill = (47, 125, 191) if kind == "B" else (159, 180, 198)
            pygame.draw.circle(surf, fill, p, rs)
            if i == self.board.wind_start:
                pygame.draw.circle(surf, theme.INK, p, rs, max(1, rs // 4))
                pygame.draw.circle(surf, (110, 120, 130), p, max(2, rs // 3))
        rose = art.svg("meteo/wind_rose.svg", (round(R * 1.05), round(R * 1.05)))
        surf.blit(rose, rose.get_rect(center=(cx, cy)))
        size = max(theme.MIN_TEXT_PX, round(R * 0.2))
        h = self.ctx.text.font(size, True).get_height()
        for face, d in enumerate(self.board.wind_rose, start=1):
            a = math.radians(va.ANGLES[d])
            p = (round(cx + R * 0.55 * math.cos(a + 0.5)), round(cy + R * 0.55 * math.sin(a + 0.5)))
            box = pygame.Rect(0, 0, h, h)
            box.center = p
            self._box(self._static_tips, surf, str(face), box, size, theme.INK, bold=True,
                      align="center",
                              wrap=False)

    # -- the state layer -------------------------------------------------------------------

    def _render_state(self, state: MeteoState, seat: int | None) -> Iterator[None]:
        """The markers, figures, witches and the column over the static board, a part per step (a
        generator: see :class:`StagedRender`); the result replaces the shown one at the end."""
        assert self._static is not None
        L, s = self.L, self.L.s
        self._drawn_state = state
        self._cut_tips = []
        comp = self._static.copy()
        yield
        # markers on the island, with what they do
        isz = round(s)
        td = round(s * TOKEN_D)
        for pos, kind in state.markers:
            c = L.ipx(pos)
            effect = self.game.effect(state, pos)  # type: ignore[attr-defined]
            ov = va.overlay(effect, isz)
            comp.blit(ov, ov.get_rect(center=c))
            tok = va.token(kind, td)
            comp.blit(tok, tok.get_rect(center=(c[0], round(c[1] + TOKEN_DY * s))))
        comp.blit(self._labels, (0, 0))
        yield
        layer = pygame.Surface((L.w, L.h), pygame.SRCALPHA)
        pieces: list[Piece] = []
        acting = seat is not None and state.phase != OVER and seat in self.game.to_act(state)
        self._legal = self.game.legal_commands(state, seat) if acting else []
        displaced = self.game.displaced(state)  # type: ignore[attr-defined]
        # the witch's sight when she may remove a marker
        if state.phase == WITCH and 0 <= state.witch_moved < len(state.witches):
            sight = self.board.sight(state.witches[state.witch_moved])
            for pos, kind in state.markers:
                if pos in sight:
                    c = L.ipx(pos)
                    pygame.draw.circle(layer, theme.HIGHLIGHT, (c[0], round(c[1] + TOKEN_DY * s)),
                                       round(0.54 * s), max(3, round(s * 0.14)))
                    shape = pygame.Rect(0, 0, td, td)
                    shape.center = self._abs((c[0], c[1] + TOKEN_DY * s))
                    pieces.append(Piece(("marker", pos), shape, tr(words.marker(kind)),
                                        None, va.token(kind, td)))
        yield
        # figures and witches on the island and the grey dots; those that may move now stand
        # on a lit spot
        movable = self._movable()
        mh = round(s * FIGURE_H)
        for pos, who in self._occupants(state).items():
            cx, cy = L.px(pos)
            offs = [0.0] if len(who) == 1 else [-PAIR_DX, PAIR_DX]
            for (kind, idx), off in zip(who, offs):
                centre = (round(cx + off * s), round(cy + FIGURE_DY * s))
                if kind == "fig":
                    img = self._meeple(state, idx, mh)
                else:
                    img = va.witch(mh, idx + 1)
                rect = img.get_rect(center=centre)
                if ((idx, -1, pos) if kind == "fig" else (-1, idx, pos)) in displaced:
                    pygame.draw.circle(layer, theme.DANGER, centre, round(mh * 0.62),
                                       max(2, round(s * 0.1)))
                key: Hashable = ("fig", idx, pos) if kind == "fig" else ("witch", idx)
                if key in movable:
                    self._spot(layer, rect)
                layer.blit(img, rect)
                if not any(p.key == key for p in pieces):
                    image = self._drag_image(state, seat, img, kind, idx)
                    label = (msg("meteo.view.figure_of", name=self._who(state, idx))
                             if kind == "fig" else msg("meteo.view.witch_n", n=idx + 1))
                    pieces.append(Piece(key, rect.move(self.rect.topleft), tr(label),
                                        idx if kind == "fig" else None, image))
        yield
        # figures in villages, as stacks with a count below each
        for v in self.board.villages:
            counts = self._village_counts(state, v)
            if not counts:
                continue
            cx, cy = L.px(v)
            offs = [0.0] if len(counts) == 1 else [-PAIR_DX, PAIR_DX]
            vh = round(s * 0.74)
            size = self._font(0.36)
            bh = self.ctx.text.font(size, True).get_height()
            for (owner, n), off in zip(counts, offs):
                centre = (round(cx + off * s), round(cy + 0.02 * s))
                img = self._meeple(state, owner, vh)
                rect = img.get_rect(center=centre)
                if ("fig", owner, v) in movable:
                    self._spot(layer, rect)
                layer.blit(img, rect)
                box = pygame.Rect(0, 0, round(0.8 * s), bh)
                box.midtop = (centre[0], rect.bottom - round(0.04 * s))
                tag = pygame.Rect(0, 0, round(0.5 * s), round(bh * 0.8))
                tag.center = box.center
                pygame.draw.rect(layer, theme.INK, tag, border_radius=tag.h // 2)
                self._box(self._cut_tips, layer, f"{n}", box, size, (255, 255, 255), bold=True,
                                  align="center", wrap=False)
                pieces.append(Piece(("fig", owner, v), rect.move(self.rect.topleft),
                                    tr(msg("meteo.view.figures_of", name=self._who(state, owner))),
                                    owner, self._drag_image(state, seat, img, "fig", owner)))
        yield
        self._draw_wind_state(layer, state, pieces, acting)
        yield
        self._draw_column(layer, state, seat, pieces, acting)
        yield
        done = self._done_command(state)
        if done is not None:
            label = msg({EndPlacement: "meteo.view.done_placing",
                         EndMovement: "meteo.view.end_movement",
                         SkipRemoval: "meteo.view.remove_none"}[type(done)])
            self._draw_button(layer, L.done_button, label, theme.PRIMARY, theme.PRIMARY_DARK,
                              self._cut_tips)
            img = pygame.Surface(L.done_button.size, pygame.SRCALPHA)
            self._draw_button(img, img.get_rect(), label, theme.PRIMARY, theme.PRIMARY_DARK)
            pieces.append(Piece(("done",), self._arect(L.done_button), tr(label), None, img))
        table_img = pygame.Surface(L.table_button.size, pygame.SRCALPHA)
        table_label = msg("meteo.view.placement_table")
        self._draw_button(table_img, table_img.get_rect(), table_label, theme.PANEL, theme.PRIMARY)
        pieces.append(Piece(("table",), self._arect(L.table_button), tr(table_label), None,
                            table_img))
        yield
        band = max(1, L.h // 4)  # the layer goes onto the composite a quarter per step
        for top in range(0, L.h, band):
            area = pygame.Rect(0, top, L.w, band)
            comp.blit(layer, area, area)
            yield
        # the pieces that something can be done with are picked first (the end of the list)
        if self._legal:
            pieces.sort(key=lambda p: bool(self.drop_targets(p, self._legal)))
        if self.show_table:  # shown: a click anywhere on it hides it again
            pieces.append(Piece(("table",), self._table_rect(), tr(table_label), None,
                                self._table_surface))
        self._pieces = pieces
        self._layer = layer  # made after the display was set, so already in a fast format
        self._composite = comp

    def _movable(self) -> set[Hashable]:
        """The keys of the figures and witches the viewer's legal commands move."""
        out: set[Hashable] = set()
        for c in self._legal:
            if isinstance(c, StepFigure):
                out.add(("fig", c.seat, tuple(c.src)))
            elif isinstance(c, RelocateFigure):
                out.add(("fig", c.owner, tuple(c.src)))
            elif isinstance(c, (StepWitch, RelocateWitch)):
                out.add(("witch", c.witch))
        return out

    def _spot(self, layer: pygame.Surface, rect: pygame.Rect) -> None:
        """The lit spot under a piece that may move now."""
        spot = pygame.Rect(0, 0, round(rect.w * 0.95), max(4, round(rect.h * 0.32)))
        spot.center = (rect.centerx, rect.bottom - spot.h // 3)
        pygame.draw.ellipse(layer, theme.HIGHLIGHT, spot)

    def _drag_image(self, state: MeteoState, seat: int | None, img: pygame.Surface, kind: str,
                    idx: int) -> pygame.Surface:
        """What is carried under the pointer: the piece with the steps left beside it."""
        if state.phase != MOVE or seat is None or seat != state.current or \
                (kind == "fig" and idx != seat):
            return img
        n = state.steps_left
        text = self.ctx.text.render(tr(msg("meteo.view.steps_left", n=n)), self._font(0.45),
                                    (255, 255, 255), bold=True)
        tag = va.badge(text, theme.PRIMARY_DARK, max(3, round(self.L.s * 0.12)))
        w = img.get_width() + tag.get_width() * 2 + 4
        h = max(img.get_height(), tag.get_height())
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.blit(img, img.get_rect(center=(w // 2, h // 2)))
        out.blit(tag, tag.get_rect(midleft=(w // 2 + img.get_width() // 2 + 2, h // 2)))
        return out

    def _last_roll(self, state: MeteoState) -> int:
        """The face the die shows: the last roll as the game state keeps it (0: none kept, a
        blank die). Never the animation's guess nor anything random, so the die reads the same
        after Continue as before it."""
        face = getattr(state, "last_roll", 0)
        return face if isinstance(face, int) and 1 <= face <= 6 else 0

    def _draw_wind_state(self, layer: pygame.Surface, state: MeteoState, pieces: list[Piece],
                         acting: bool) -> None:
        L = self.L
        text = self.ctx.text
        n = len(self.board.wind_circle)
        p = L.dial_space(state.wind_space, n)
        d = max(12, round(L.dial_r * 0.42))
        img = art.svg("meteo/wind_marker.svg", (d, d))
        if self.board.wind_circle[state.wind_space] == "B":
            pygame.draw.circle(layer, theme.HIGHLIGHT, p, d // 2 + max(2, d // 8))
        layer.blit(img, img.get_rect(center=p))
        # the die, ringed in the wind player's colour, and the wind player's name below it
        size = L.die_size
        die = va.die_face(self._last_roll(state), size)
        rect = die.get_rect(center=L.die_c)
        col = self.colour_of(state, state.wind_player)
        ring = max(2, round(L.s * 0.1))
        can_roll = acting and state.phase == WIND_PHASE and not state.wind_blown and \
            self.board.wind_circle[state.wind_space] == "B"
        frame = rect.inflate(ring * 3, ring * 3)
        pygame.draw.rect(layer, theme.HIGHLIGHT if can_roll else col.rgb, frame, ring,
                         border_radius=size // 4)
        layer.blit(die, rect)
        if self.ctx.colour_blind:
            r = max(5, round(L.s * 0.2))
            draw_shape(layer, (frame.right - r // 2, frame.top + r // 2), r, shape_of(col),
                       col.rgb, theme.INK)
        area = L.die_area
        line = text.font(self._font(0.42), True).get_height()
        box = pygame.Rect(area.left, frame.bottom + L.pad, area.w, line)
        self._box(self._cut_tips, layer,
                  tr(msg("meteo.view.die_of", name=self.ctx.name(state.wind_player))), box,
                  self._font(0.42),
                 theme.INK, bold=True, align="center", wrap=False)
        if can_roll:
            hint = pygame.Rect(area.left, box.bottom, area.w, area.bottom - box.bottom)
            self._box(self._cut_tips, layer, tr(msg("meteo.view.click_die")), hint, self._font(0.4),
                     theme.PRIMARY_DARK, align="center", valign="top")
        pieces.append(Piece(("die",), self._arect(rect), tr(msg("meteo.view.die")),
                            state.wind_player, die))

    def _hint(self, state: MeteoState, seat: int | None, acting: bool) -> Msg | None:
        """What the player to act can do now, in the hint's own place under the buttons."""
        if seat is None or not acting or seat != state.current:
            return None
        if self.game.relocator(state)[0] >= 0:  # type: ignore[attr-defined]
            return msg("meteo.hint.relocate")
        if state.phase == PLACE:
            return msg("meteo.hint.place", placed=state.placed, most=MAX_PLACED)
        if state.phase == MOVE:
            return msg("meteo.hint.move", n=state.steps_left)
        if state.phase == WITCH:
            return msg("meteo.hint.witch")
        if state.phase == DRAW:
            return msg("meteo.hint.draw")
        return None

    def _draw_column(self, layer: pygame.Surface, state: MeteoState, seat: int | None,
                    pieces: list[Piece], acting: bool) -> None:
        """The column under the buttons: the hint, the hand, the supply, the other hands."""
        L = self.L
        text = self.ctx.text
        hs = self._font(0.44)
        hint = self._hint(state, seat, acting)
        if hint is not None:
            self._box(self._cut_tips, layer, tr(hint), L.hint_rect, self._font(0.42),
                      theme.PRIMARY_DARK,
                     bold=True)
        # the hand
        # watched without a seat (a demo): the active seat's hand, face down
        owner = seat if seat is not None else state.current
        title = msg("meteo.view.hand_secret" if seat is not None else "meteo.view.hand",
                    name=self.ctx.name(owner))
        head = pygame.Rect(L.hand_rect.left + 2 * L.pad, L.hand_rect.top + L.pad,
                           L.hand_rect.w - 4 * L.pad, L.head_h - L.pad)
        self._box(self._cut_tips, layer, tr(title), head, hs, theme.INK_SOFT, bold=True, wrap=False)
        slots = L.tile_slots(L.hand_rect, 3)
        hand = state.hands[owner] if 0 <= owner < state.players else ()
        for i, slot in enumerate(slots):
            pygame.draw.rect(layer, theme.SKY, slot, border_radius=L.tile // 2)
            if i >= len(hand):
                continue
            if hand[i] == UNKNOWN:
                layer.blit(va.token("back", L.tile), slot)
                continue
            tok = va.token(hand[i], L.tile)
            if any(isinstance(c, PlaceMarker) and c.kind == hand[i] for c in self._legal):
                pygame.draw.circle(layer, theme.HIGHLIGHT, slot.center, L.tile // 2 + L.pad)
            layer.blit(tok, slot)
            pieces.append(Piece(("hand", i, hand[i]), self._arect(slot),
                                tr(words.marker(hand[i])), seat, tok))
        # the supply and the face-up markers
        head = pygame.Rect(L.supply_rect.left + 2 * L.pad, L.supply_rect.top + L.pad,
                           L.supply_rect.w - 4 * L.pad, L.head_h - L.pad)
        self._box(self._cut_tips, layer, tr(msg("meteo.view.supply_head", n=len(state.supply))),
                  head, hs,
                 theme.INK_SOFT, bold=True, wrap=False)
        slots = L.tile_slots(L.supply_rect, 3)
        if state.supply:
            back = va.token("back", L.tile)
            off = max(2, L.tile // 16)
            if DrawMarker(seat if seat is not None else -1, "supply") in self._legal:
                pygame.draw.circle(layer, theme.HIGHLIGHT, slots[0].center, L.tile // 2 + L.pad)
            for k in range(min(3, len(state.supply)) - 1, -1, -1):
                layer.blit(back, slots[0].move(k * off, -k * off))
            cs = self._font(0.38)
            ch = text.font(cs, True).get_height()
            box = pygame.Rect(0, 0, round(0.9 * L.s), ch)
            box.center = (slots[0].right - L.pad, slots[0].bottom - L.pad)
            pygame.draw.rect(layer, theme.INK, box.inflate(0, -ch // 5), border_radius=ch // 2)
            self._box(self._cut_tips, layer, str(len(state.supply)), box, cs, (255, 255, 255),
                      bold=True,
                     align="center", wrap=False)
            pieces.append(Piece(("supply",), self._arect(slots[0]), tr(msg("meteo.view.supply")),
                                None, back))
        else:
            pygame.draw.rect(layer, theme.SKY, slots[0], border_radius=L.tile // 2)
        for i, slot in enumerate(slots[1:]):
            if i < len(state.face_up):
                kind = state.face_up[i]
                tok = va.token(kind, L.tile)
                if DrawMarker(seat if seat is not None else -1, kind) in self._legal:
                    pygame.draw.circle(layer, theme.HIGHLIGHT, slot.center, L.tile // 2 + L.pad)
                layer.blit(tok, slot)
                pieces.append(Piece(("faceup", i, kind), self._arect(slot),
                                    tr(words.marker(kind)), None, tok))
            else:
                pygame.draw.rect(layer, theme.SKY, slot, border_radius=L.tile // 2)
        # the other hands, face down: a row per seat with its figure, name and markers
        others = [i for i in range(state.players) if i != owner]
        rows = max(3, len(others))
        r = L.others_rect.inflate(-4 * L.pad, -2 * L.pad)
        row_h = r.h // rows
        self._other_rows = []
        small = round(L.s * 0.8)
        back = va.token("back", round(L.s * 0.7))
        bw = back.get_width()
        for k, i in enumerate(others):
            row = pygame.Rect(r.left, r.top + k * row_h, r.w, row_h)
            mee = self._meeple(state, i, small)
            layer.blit(mee, mee.get_rect(midleft=(row.left, row.centery)))
            n = len(state.hands[i])
            backs_w = (n + 1) * bw // 2 if n else 0
            for j in range(n):
                layer.blit(back, back.get_rect(midright=(row.right - (n - 1 - j) * bw // 2,
                                                         row.centery)))
            name = pygame.Rect(row.left + small + L.pad, row.top,
                               row.w - small - backs_w - 3 * L.pad, row.h)
            who = (tr(msg("meteo.view.to_play", name=self.ctx.name(i))) if i == state.current
                   else self.ctx.name(i))
            self._box(self._cut_tips, layer, who, name, self._font(0.44), theme.INK,
                      bold=i == state.current,
                     wrap=False)
            self._other_rows.append((row, i))

    # -- the placement table ---------------------------------------------------------------

    def _hovering_table_button(self) -> bool:
        if not pygame.mouse.get_focused():
            return False
        return self._arect(self.L.table_button).collidepoint(pygame.mouse.get_pos())

    def _table_rect(self) -> pygame.Rect:
        """Where the placement table shows: over the island, centred."""
        if self._table_surface is None:
            self._table_surface = self._render_table()
        return self._table_place(*self._table_surface.get_size())

    def _table_place(self, w: int, h: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, w, h)
        rect.center = self.L.area.center
        return rect.move(self.rect.topleft)

    def _draw_table(self, surface: pygame.Surface) -> None:
        rect = self._table_rect()
        assert self._table_surface is not None
        surface.blit(self._table_surface, rect)

    def _render_table(self) -> pygame.Surface:
        """The placement table (``view_art.placement_table``) at this board's size; its cells'
        tooltips in screen coordinates."""
        L = self.L
        surf, cells = va.placement_table(self.board, self.ctx.text, L.s, L.pad, L.area.w,
                                         self._font(0.46))
        origin = self._table_place(*surf.get_size()).topleft
        self._table_cells = [(rect.move(origin), tip) for rect, tip in cells]
        return surf


def guide_step(state: Any) -> str:
    """The step of play a view state is in, as the player's guide (``guide.toml``) names it: the
    table's "?" opens that section and shows its hint the first time. Pure and cheap (the rules'
    answer about figures on impassable spaces is kept on the state)."""
    phase = getattr(state, "phase", "")
    if phase == OVER:
        return "over"
    if phase == "setup":
        return "setup"
    from .rules import GAME

    if GAME.relocator(state)[0] >= 0:
        after_wind = state.wind_blown and phase == WIND_PHASE  # not after the witch's removal
        return "leave-impassable-after-wind" if after_wind else "leave-impassable"
    return {PLACE: "place-markers", MOVE: "move-figures", WITCH: "witch-removes",
            DRAW: "draw-markers", WIND_PHASE: "make-wind"}.get(phase, "round")
