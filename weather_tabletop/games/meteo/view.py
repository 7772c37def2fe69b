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

Surfaces: the static board is one surface per size; everything the state decides is drawn once
per state into a second layer; a frame blits the two (plus a short wind animation).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Hashable, Iterator, Sequence

import pygame

from weather_tabletop.engine.protocol import Colour, Command, Game
from weather_tabletop.i18n import tr
from weather_tabletop.ui import art, theme
from weather_tabletop.ui.table_view import DRAW_BUDGET, Piece, Shape, StagedRender, ViewContext

from . import view_art as va
from .board import (COLOURED, DIRECTION_NAMES, DIRECTIONS, LANDSCAPE, LANDSCAPES, PERCH, VILLAGE,
                    WIND, Board, Pos, distance)
from .commands import (DrawMarker, EndMovement, EndPlacement, PlaceMarker, RelocateFigure,
                       RelocateWitch, RemoveMarker, RollWind, SkipRemoval, StepFigure, StepWitch)
from .state import DRAW, MOVE, OVER, PLACE, UNKNOWN, WIND as WIND_PHASE, WITCH, MeteoState

ANIM_SECONDS = 0.55  # the wind: the die tumbles, then every marker slides one space
ROLL_SECONDS = 0.22


@dataclass
class _Blow:
    """A wind the view saw happen: markers (kind, from, to) in screen space, lost ones, the die."""

    start: float
    face: int | None
    moves: list[tuple[str, tuple[float, float], tuple[float, float]]]
    lost: list[tuple[str, tuple[float, float], tuple[float, float]]]


class _Layout:
    """Where everything goes inside the view's rect (local coordinates, origin top-left)."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.pad = pad = max(4, round(min(w, h) * 0.012))
        # the island (20.8 x 20.3 hex sizes with its rim) above the strip, both centred
        strip_h = max(56, round(h * 0.165))
        s = min(w / 20.8, (h - strip_h - pad) / 20.3)
        strip_h = max(56, min(strip_h, round(4.2 * s)))
        s = min(w / 20.8, (h - strip_h - pad) / 20.3)
        island_h = round(20.3 * s)
        top0 = max(0, (h - island_h - pad - strip_h) // 2)
        area = pygame.Rect(0, top0, w, island_h)
        self.strip = pygame.Rect(0, area.bottom + pad, w, strip_h)
        self.area = area
        self.s = s
        self.ox = area.centerx - 0.55 * s
        self.oy = area.centery
        # the four corners the hexagonal island leaves free
        left, right = area.left + pad, area.right - pad
        top, bottom = area.top + pad, area.bottom - pad
        xl, xr = self.ox - 6.2 * s, self.ox + 5.7 * s
        yt, yb = self.oy - 5.6 * s, self.oy + 5.6 * s
        self.top_left = pygame.Rect(left, top, max(1, xl - left), max(1, yt - top))
        self.top_right = pygame.Rect(xr, top, max(1, right - xr), max(1, yt - top))
        self.bottom_left = pygame.Rect(left, yb, max(1, xl - left), max(1, bottom - yb))
        self.bottom_right = pygame.Rect(xr, yb, max(1, right - xr), max(1, bottom - yb))
        # the wind circle (dial) top right, the die bottom right, buttons on the left
        self.dial_r = max(20, round(min(2.4 * s, (right - xr) / 2)))
        self.dial_c = (round(min(self.ox + 9.7 * s, right - self.dial_r)),
                       round(max(top + self.dial_r, self.oy - 7.5 * s)))
        br = self.bottom_right
        self.die_size = max(24, min(round(1.9 * s), br.h - 3 * pad - round(0.6 * s), br.w // 2))
        self.die_c = (br.centerx, br.top + pad + self.die_size // 2)
        bw = min(self.top_left.w, round(4.2 * s))
        bh = min(self.top_left.h, max(28, round(1.5 * s)))
        self.table_button = pygame.Rect(self.top_left.left, self.top_left.top, bw, bh)
        bl = self.bottom_left
        self.done_button = pygame.Rect(bl.left, bl.bottom - bh, bw, bh)
        # the strip: the hand, the supply with the face-up markers, the other hands
        st = self.strip
        self.hand_rect = pygame.Rect(st.left, st.top, round(st.w * 0.36), st.h)
        self.supply_rect = pygame.Rect(self.hand_rect.right, st.top, round(st.w * 0.34), st.h)
        self.others_rect = pygame.Rect(self.supply_rect.right, st.top,
                                       st.right - self.supply_rect.right, st.h)
        self.label_size = max(10, round(min(st.h * 0.15, s * 0.55)))
        gap = pad
        self.tile = max(20, min(round(st.h - self.label_size - 4 * pad),
                                (self.supply_rect.w - 4 * gap) // 3))
        self.gap = gap

    def px(self, pos: Pos) -> tuple[float, float]:
        q, r = pos
        return (self.ox + self.s * va.SQRT3 * (q + r / 2), self.oy + 1.5 * self.s * r)

    def ipx(self, pos: Pos) -> tuple[int, int]:
        x, y = self.px(pos)
        return round(x), round(y)

    def tile_slots(self, rect: pygame.Rect, n: int) -> list[pygame.Rect]:
        """``n`` tile rects centred in the lower part of a strip section."""
        t, gap = self.tile, self.gap
        total = n * t + (n - 1) * gap
        x = rect.centerx - total // 2
        y = rect.top + self.label_size + 2 * self.pad + (rect.h - self.label_size - 3 * self.pad - t) // 2
        return [pygame.Rect(x + i * (t + gap), y, t, t) for i in range(n)]

    def dial_space(self, i: int, n: int) -> tuple[int, int]:
        a = math.radians(-90 + 360 * i / n)
        r = self.dial_r * 0.8
        return (round(self.dial_c[0] + r * math.cos(a)), round(self.dial_c[1] + r * math.sin(a)))


#: what a redraw fills as it goes; between its steps these keep what the screen shows
STAGED = ("_legal", "_other_rows", "_drawn_state")


class MeteoView:
    """The Meteo board (see the module docstring for the interactions)."""

    def __init__(self, game: Game, rect: pygame.Rect, *, context: ViewContext | None = None) -> None:
        self.game = game
        self.board: Board = game.board  # type: ignore[attr-defined]
        self.ctx = context or ViewContext()
        self.rect = pygame.Rect(rect)
        self.L = _Layout(self.rect.w, self.rect.h)
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._layer: pygame.Surface | None = None  # figures, witches, strip contents (alpha)
        self._composite: pygame.Surface | None = None  # static + markers + layer
        self._layer_key: tuple | None = None
        self._stage = StagedRender()
        self._pieces: list[Piece] = []
        self._state: MeteoState | None = None
        self._seat: int | None = None
        self._prev: MeteoState | None = None
        self._blow: _Blow | None = None
        self._last_face: int | None = None
        self.show_table = False
        self._table_surface: pygame.Surface | None = None
        self._table_cells: list[tuple[pygame.Rect, str]] = []
        self._other_rows: list[tuple[pygame.Rect, int]] = []
        self._legal: list[Command] = []
        self._drawn_state: MeteoState | None = None  # the state the layer being shown is of

    # -- small helpers ---------------------------------------------------------------------

    def _abs(self, p: tuple[float, float]) -> tuple[int, int]:
        return (round(p[0]) + self.rect.x, round(p[1]) + self.rect.y)

    def _arect(self, r: pygame.Rect) -> pygame.Rect:
        return r.move(self.rect.topleft)

    def _font(self, k: float) -> int:
        return max(10, round(self.L.s * k))

    def colour_of(self, state: MeteoState, seat: int) -> Colour:
        """A seat's colour is the one the rules gave it (state.colours)."""
        return self.game.colours[state.colours[seat]]

    def _who(self, state: MeteoState, seat: int) -> str:
        col = self.board.colour_names[state.colours[seat]]
        name = self.ctx.name(seat)
        return f"{name} ({col})" if name and name != col else col

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
        return va.meeple(tuple(c.rgb), height, c.letter if self.ctx.colour_blind else None,
                         self.ctx.text)

    # -- protocol --------------------------------------------------------------------------

    def resize(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.L = _Layout(self.rect.w, self.rect.h)
        self._static_key = self._layer_key = None
        self._composite = self._layer = None
        self._stage.cancel()
        self._table_surface = None
        self._blow = None

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
                return tr("The placement table. Click it to hide it.")
        L = self.L
        local = (pos[0] - self.rect.x, pos[1] - self.rect.y)
        if L.table_button.collidepoint(local):
            return tr("The placement table: which marker may be placed on which landscape or "
                      "marker, and what it does. Click to show or hide it.")
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
                return tr(f"{self._who(state, seat)} holds {n} secret weather marker"
                          f"{'s' if n != 1 else ''}.")
        where = self.hex_at(pos)
        if where is not None:
            return self._space_tip(state, where)
        return None

    # -- tooltips --------------------------------------------------------------------------

    def _uses(self, kind: str) -> str:
        b = self.board
        on_land = [f"{on} ({va.EFFECT_WORD[c.effect]})" for (m, on), c in b.cells.items()
                   if m == kind and on in LANDSCAPES]
        on_marker = [b.marker_names[on] for (m, on), c in b.cells.items()
                     if m == kind and c.effect == "cancel"]
        parts = []
        if on_land:
            parts.append("on " + ", ".join(on_land))
        if on_marker:
            parts.append("on " + " or ".join(on_marker) + " to cancel both")
        return "; ".join(parts)

    def _marker_tip(self, state: MeteoState, key: tuple) -> str:
        b = self.board
        if key[0] == "supply":
            return tr(f"The supply: {len(state.supply)} weather markers face down. Drag to your "
                      "hand (or click) to draw one.")
        kind = key[2]
        if kind == UNKNOWN:
            return tr("A secret weather marker.")
        where = "Face up beside the supply (take at most one per turn). " \
            if key[0] == "faceup" else ""
        return tr(f"{b.marker_names[kind]}. {where}May be placed {self._uses(kind)}.")

    def _die_tip(self, state: MeteoState) -> str:
        who = self._who(state, state.wind_player)
        text = f"The die: {who} is the wind player and holds it."
        if self.board.wind_circle[state.wind_space] == "B":
            text += " The wind marker stands on a blue space: the wind blows at the end of the turn."
        if self._last_face:
            d = self.board.wind_rose[self._last_face - 1]
            text += f" Last roll: {self._last_face} (wind to the {DIRECTION_NAMES[d]})."
        return tr(text)

    def _dial_tip(self, state: MeteoState) -> str:
        circle = self.board.wind_circle
        n = len(circle)
        colour = "blue: the wind blows" if circle[state.wind_space] == "B" else \
            "grey: the wind marker just moves on"
        faces = ", ".join(f"{i + 1} {DIRECTION_NAMES[d]}" for i, d in enumerate(self.board.wind_rose))
        return tr(f"The wind circle: the wind marker is on space {state.wind_space + 1} of {n} "
                  f"({colour}). Wind rose, die face to direction: {faces}.")

    def _space_tip(self, state: MeteoState, pos: Pos) -> str:
        b = self.board
        sp = b.spaces[pos]
        lines: list[str] = []
        occupants = self._occupants(state).get(pos, [])
        if sp.kind == VILLAGE:
            c = sp.colour
            owner = next((i for i, col in enumerate(state.colours) if col == c), None)
            whose = f"{self._who(state, owner)}'s home" if owner is not None else "not played"
            lines.append(f"The {b.colour_names[c]} village ({self.game.colours[c].letter}): {whose}.")
            counts = self._village_counts(state, pos)
            for seat, n in counts:
                lines.append(f"{self._who(state, seat)}: {n} figure{'s' if n != 1 else ''} here.")
            if not counts:
                lines.append("No figures here.")
            return tr(" ".join(lines))
        if sp.kind == PERCH:
            k = b.perches.index(pos)
            who = "; witch " + str(k + 1) + " stands here" if k < len(state.witches) and \
                state.witches[k] == pos else ""
            return tr(f"Grey dot {k + 1}: witch {k + 1}'s start at the end of a white path{who}.")
        if sp.kind == WIND:
            lines.append(f"The wind space {sp.label}: always impassable. The wind rose shows where "
                         "the wind blows for each die face.")
        elif sp.kind == COLOURED:
            lines.append(f"Coloured space {sp.label} in front of the {b.colour_names[sp.colour]} "
                         "village: no markers; at most one figure may stand here.")
        else:
            marker = state.marker_map.get(pos)
            effect = self.game.effect(state, pos)  # type: ignore[attr-defined]
            if marker:
                lines.append(f"{sp.landscape.capitalize()} {sp.label} with "
                             f"{b.marker_names[marker]}: {va.EFFECT_TEXT[effect]}.")
            else:
                lines.append(f"{sp.landscape.capitalize()} {sp.label}: "
                             f"{'impassable (a lake)' if effect == 'impassable' else 'passable'}.")
        if occupants:
            names = []
            for who in occupants:
                names.append(f"witch {who[1] + 1}" if who[0] == "witch"
                             else f"{self._who(state, who[1])}'s figure")
            lines.append("Here: " + ", ".join(names) + ".")
        halves = [self.board.colour_names[c] for c in state.colours if b.in_half(c, pos)]
        if halves:
            lines.append("In the half of " + ", ".join(halves) + ".")
        elif sp.kind in (LANDSCAPE, COLOURED) and distance(pos) <= b.radius:
            lines.append("On a white path.")
        return tr(" ".join(lines))

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
        face, moved, lost = found[0]
        unique = len(found) == 1
        L = self.L
        step = DIRECTIONS[self.board.wind_rose[face - 1]]
        moves = []
        for kind, src, dst in moved:
            back = (dst[0] - step[0], dst[1] - step[1])  # one space against the wind
            moves.append((kind, L.px(back), L.px(dst)))
        gone = [(kind, L.px(src), L.px((src[0] + step[0], src[1] + step[1])))
                for kind, src in lost]
        self._blow = _Blow(time.monotonic(), face if unique else None, moves, gone)
        if unique:
            self._last_face = face

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
        d = round(self.L.s * 1.0)
        for kind, a, b in blow.moves:
            p = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k - 0.35 * self.L.s)
            img = va.token(kind, d)
            surface.blit(img, img.get_rect(center=self._abs(p)))
        for kind, a, b in blow.lost:
            p = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k - 0.35 * self.L.s)
            img = va.token(kind, d).copy()
            img.set_alpha(round(255 * (1 - k)))
            surface.blit(img, img.get_rect(center=self._abs(p)))
        surface.blit(self._layer, self.rect.topleft)
        # the die tumbles, then shows its face
        size = self.L.die_size
        face = blow.face if t >= ROLL_SECONDS and blow.face else 1 + int(t * 37) % 6
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
        skey = (self.rect.size, state.colours, self.ctx.colour_blind)
        if skey != self._static_key:
            self._static = self._render_static(state)
            self._static_key = skey
            self._layer_key = self._composite = None
        # the state itself is kept in the key (an id could be reused by a later state)
        lkey = (state, seat, skey, self._last_face, self.show_table)
        old = self._layer_key
        if old is None or old[0] is not state or old[1:] != lkey[1:]:
            self._layer_key = lkey
            self._stage.start(self._render_state(state, seat), self, STAGED)
            if self._composite is None:
                budget = None  # nothing drawn yet to show meanwhile
        self._stage.run(budget)

    def _render_static(self, state: MeteoState) -> pygame.Surface:
        L, b, s = self.L, self.board, self.L.s
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
        self._draw_dial(surf)
        self._draw_button(surf, L.table_button, "Placement table", theme.PANEL, theme.PRIMARY)
        # the strip's panel
        pygame.draw.rect(surf, theme.PANEL, L.strip, border_radius=L.pad * 2)
        pygame.draw.rect(surf, theme.LINE, L.strip, 1, border_radius=L.pad * 2)
        for x in (L.supply_rect.left, L.others_rect.left):
            pygame.draw.line(surf, theme.LINE, (x, L.strip.top + L.pad), (x, L.strip.bottom - L.pad))
        return surf.convert() if pygame.display.get_surface() is not None else surf

    def _draw_button(self, surf: pygame.Surface, rect: pygame.Rect, label: str, fill: tuple,
                     edge: tuple) -> None:
        pygame.draw.rect(surf, fill, rect, border_radius=max(4, rect.h // 4))
        pygame.draw.rect(surf, edge, rect, max(1, round(self.L.s * 0.08)),
                         border_radius=max(4, rect.h // 4))
        ink = theme.INK if sum(tuple(fill)[:3]) > 450 else (255, 255, 255)
        label = tr(label)
        size = self._font(0.5)
        room = rect.w - 2 * max(4, rect.h // 6)
        if self.ctx.text.font(size, True).size(label)[0] <= room or " " not in label:
            text = self.ctx.text.fit(label, size, ink, room, bold=True)
            surf.blit(text, text.get_rect(center=rect.center))
            return
        first, second = label.split(" ", 1)
        size = min(size, max(9, rect.h // 3))
        for line, dy in ((first, -1), (second, 1)):
            text = self.ctx.text.fit(line, size, ink, room, bold=True)
            surf.blit(text, text.get_rect(center=(rect.centerx, rect.centery + dy * text.get_height() // 2)))

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
        # a roof over the door: the village
        cx, cy = centre
        disc = (round(cx), round(cy - 0.58 * s))
        pygame.draw.circle(surf, (255, 255, 255), disc, round(0.3 * s))
        glyph = self.ctx.text.render(col.letter, self._font(0.42), theme.INK, bold=True)
        surf.blit(glyph, glyph.get_rect(center=disc))

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
        size = max(9, round(R * 0.2))
        for face, d in enumerate(self.board.wind_rose, start=1):
            a = math.radians(va.ANGLES[d])
            p = (round(cx + R * 0.55 * math.cos(a + 0.5)), round(cy + R * 0.55 * math.sin(a + 0.5)))
            glyph = self.ctx.text.render(str(face), size, theme.INK, bold=True)
            surf.blit(glyph, glyph.get_rect(center=p))

    # -- the state layer -------------------------------------------------------------------

    def _render_state(self, state: MeteoState, seat: int | None) -> Iterator[None]:
        """The markers, figures, witches and the strip over the static board, a part per step (a
        generator: see :class:`StagedRender`); the result replaces the shown one at the end."""
        assert self._static is not None
        L, s = self.L, self.L.s
        self._drawn_state = state
        comp = self._static.copy()
        yield
        # markers on the island, with what they do
        isz = round(s)
        td = round(s * 1.0)
        for pos, kind in state.markers:
            c = L.ipx(pos)
            effect = self.game.effect(state, pos)  # type: ignore[attr-defined]
            ov = va.overlay(effect, isz)
            comp.blit(ov, ov.get_rect(center=c))
            tok = va.token(kind, td)
            comp.blit(tok, tok.get_rect(center=(c[0], round(c[1] - 0.35 * s))))
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
                    pygame.draw.circle(layer, theme.HIGHLIGHT, (c[0], round(c[1] - 0.35 * s)),
                                       round(0.58 * s), max(2, round(s * 0.12)))
                    shape = pygame.Rect(0, 0, td, td)
                    shape.center = self._abs((c[0], c[1] - 0.35 * s))
                    pieces.append(Piece(("marker", pos), shape, self.board.marker_names[kind],
                                        None, va.token(kind, td)))
        yield
        # figures and witches on the island and the grey dots; those that may move now stand
        # on a lit spot
        movable = self._movable()
        mh = round(s * 0.9)
        for pos, who in self._occupants(state).items():
            cx, cy = L.px(pos)
            offs = [0.0] if len(who) == 1 else [-0.43, 0.43]
            for (kind, idx), off in zip(who, offs):
                centre = (round(cx + off * s), round(cy + 0.28 * s))
                if kind == "fig":
                    img = self._meeple(state, idx, mh)
                else:
                    img = va.witch(mh)
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
                    label = (f"{self._who(state, idx)}'s figure" if kind == "fig"
                             else f"Witch {idx + 1}")
                    pieces.append(Piece(key, rect.move(self.rect.topleft), label,
                                        idx if kind == "fig" else None, image))
        yield
        # figures in villages, as stacks with a count
        for v in self.board.villages:
            counts = self._village_counts(state, v)
            if not counts:
                continue
            cx, cy = L.px(v)
            offs = [0.0] if len(counts) == 1 else [-0.42, 0.42]
            vh = round(s * 0.78)
            for (owner, n), off in zip(counts, offs):
                centre = (round(cx + off * s), round(cy + 0.2 * s))
                img = self._meeple(state, owner, vh)
                rect = img.get_rect(center=centre)
                if ("fig", owner, v) in movable:
                    self._spot(layer, rect)
                layer.blit(img, rect)
                text = self.ctx.text.render(f"{n}", self._font(0.36), (255, 255, 255), bold=True)
                tag = va.badge(text, theme.INK, max(2, round(s * 0.08)))
                layer.blit(tag, tag.get_rect(center=(rect.right - round(0.05 * s),
                                                     rect.bottom - round(0.12 * s))))
                pieces.append(Piece(("fig", owner, v), rect.move(self.rect.topleft),
                                    f"{self._who(state, owner)}'s figures",
                                    owner, self._drag_image(state, seat, img, "fig", owner)))
        yield
        self._draw_wind_state(layer, state, pieces, acting)
        yield
        self._draw_strip(layer, state, seat, pieces, acting)
        yield
        done = self._done_command(state)
        if done is not None:
            label = {EndPlacement: "Done placing", EndMovement: "End movement",
                     SkipRemoval: "Remove none"}[type(done)]
            self._draw_button(layer, L.done_button, label, theme.PRIMARY, theme.PRIMARY_DARK)
            img = pygame.Surface(L.done_button.size, pygame.SRCALPHA)
            self._draw_button(img, img.get_rect(), label, theme.PRIMARY, theme.PRIMARY_DARK)
            pieces.append(Piece(("done",), self._arect(L.done_button), label, None, img))
        table_img = pygame.Surface(L.table_button.size, pygame.SRCALPHA)
        self._draw_button(table_img, table_img.get_rect(), "Placement table", theme.PANEL,
                          theme.PRIMARY)
        pieces.append(Piece(("table",), self._arect(L.table_button), "Placement table", None,
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
            pieces.append(Piece(("table",), self._table_rect(), "Placement table", None,
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
        text = self.ctx.text.render(f"{n} step{'s' if n != 1 else ''} left", self._font(0.45),
                                    (255, 255, 255), bold=True)
        tag = va.badge(text, theme.PRIMARY_DARK, max(3, round(self.L.s * 0.12)))
        w = img.get_width() + tag.get_width() * 2 + 4
        h = max(img.get_height(), tag.get_height())
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.blit(img, img.get_rect(center=(w // 2, h // 2)))
        out.blit(tag, tag.get_rect(midleft=(w // 2 + img.get_width() // 2 + 2, h // 2)))
        return out

    def _draw_wind_state(self, layer: pygame.Surface, state: MeteoState, pieces: list[Piece],
                         acting: bool) -> None:
        L = self.L
        n = len(self.board.wind_circle)
        p = L.dial_space(state.wind_space, n)
        d = max(12, round(L.dial_r * 0.42))
        img = art.svg("meteo/wind_marker.svg", (d, d))
        if self.board.wind_circle[state.wind_space] == "B":
            pygame.draw.circle(layer, theme.HIGHLIGHT, p, d // 2 + max(2, d // 8))
        layer.blit(img, img.get_rect(center=p))
        # the die beside the wind player's name
        size = L.die_size
        face = self._last_face or 1
        die = va.die_face(face, size)
        rect = die.get_rect(center=L.die_c)
        col = self.colour_of(state, state.wind_player)
        ring = max(2, round(L.s * 0.12))
        can_roll = acting and state.phase == WIND_PHASE and not state.wind_blown and \
            self.board.wind_circle[state.wind_space] == "B"
        pygame.draw.rect(layer, theme.HIGHLIGHT if can_roll else col.rgb,
                         rect.inflate(ring * 3, ring * 3), ring, border_radius=size // 4)
        layer.blit(die, rect)
        label = self.ctx.text.fit(tr(f"Die: {self.ctx.name(state.wind_player)}"),
                                  self._font(0.42), theme.INK, L.bottom_right.w, bold=True)
        layer.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + ring * 2)))
        if can_roll:
            hint = self.ctx.text.fit(tr("Click to roll"), self._font(0.4), theme.PRIMARY_DARK,
                                     L.bottom_right.w)
            layer.blit(hint, hint.get_rect(midtop=(rect.centerx, rect.bottom + ring * 2
                                                   + label.get_height())))
        pieces.append(Piece(("die",), self._arect(rect), "The die", state.wind_player, die))

    def _draw_strip(self, layer: pygame.Surface, state: MeteoState, seat: int | None,
                    pieces: list[Piece], acting: bool) -> None:
        L = self.L
        text = self.ctx.text
        ls = L.label_size
        # the hand
        # watched without a seat (a demo): the active seat's hand, face down
        owner = seat if seat is not None else state.current
        title = (f"{self.ctx.name(owner)}'s hand (secret)" if seat is not None
                 else f"{self.ctx.name(owner)}'s hand")
        head = text.fit(tr(title), ls, theme.INK_SOFT, L.hand_rect.w - 2 * L.pad, bold=True)
        layer.blit(head, (L.hand_rect.left + L.pad * 2, L.hand_rect.top + L.pad))
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
                pygame.draw.circle(layer, theme.HIGHLIGHT, slot.center, L.tile // 2 + L.pad // 2 + 1)
            layer.blit(tok, slot)
            pieces.append(Piece(("hand", i, hand[i]), self._arect(slot),
                                self.board.marker_names[hand[i]], seat, tok))
        if seat is not None and state.phase == PLACE and seat == state.current and acting:
            hint = f"Drag onto a space ({state.placed} of 2 placed)"
        elif seat is not None and state.phase == DRAW and seat == state.current and acting:
            hint = "Drag the supply or a face-up marker here"
        else:
            hint = ""
        if hint:
            h = text.fit(tr(hint), max(9, ls - 2), theme.MUTED, L.hand_rect.w - 2 * L.pad)
            layer.blit(h, h.get_rect(bottomleft=(L.hand_rect.left + 2 * L.pad,
                                                 L.hand_rect.bottom - L.pad // 2)))
        # the supply and the face-up markers
        head = text.fit(tr(f"Supply {len(state.supply)} · face up"), ls, theme.INK_SOFT,
                        L.supply_rect.w - 2 * L.pad, bold=True)
        layer.blit(head, (L.supply_rect.left + L.pad * 2, L.supply_rect.top + L.pad))
        slots = L.tile_slots(L.supply_rect, 3)
        if state.supply:
            back = va.token("back", L.tile)
            off = max(2, L.tile // 16)
            if DrawMarker(seat if seat is not None else -1, "supply") in self._legal:
                pygame.draw.circle(layer, theme.HIGHLIGHT, slots[0].center,
                                   L.tile // 2 + L.pad // 2 + 1)
            for k in range(min(3, len(state.supply)) - 1, -1, -1):
                layer.blit(back, slots[0].move(k * off, -k * off))
            count = text.render(str(len(state.supply)), self._font(0.45), (255, 255, 255), bold=True)
            tag = va.badge(count, theme.INK, max(2, round(L.s * 0.1)))
            layer.blit(tag, tag.get_rect(center=(slots[0].right - tag.get_width() // 3,
                                                 slots[0].bottom - tag.get_height() // 3)))
            pieces.append(Piece(("supply",), self._arect(slots[0]), "Supply", None, back))
        else:
            pygame.draw.rect(layer, theme.SKY, slots[0], border_radius=L.tile // 2)
        for i, slot in enumerate(slots[1:]):
            if i < len(state.face_up):
                kind = state.face_up[i]
                tok = va.token(kind, L.tile)
                if DrawMarker(seat if seat is not None else -1, kind) in self._legal:
                    pygame.draw.circle(layer, theme.HIGHLIGHT, slot.center,
                                       L.tile // 2 + L.pad // 2 + 1)
                layer.blit(tok, slot)
                pieces.append(Piece(("faceup", i, kind), self._arect(slot),
                                    self.board.marker_names[kind], None, tok))
            else:
                pygame.draw.rect(layer, theme.SKY, slot, border_radius=L.tile // 2)
        # the other hands, face down
        others = [i for i in range(state.players) if i != owner]
        rows = max(3, len(others))
        r = L.others_rect.inflate(-2 * L.pad, -2 * L.pad)
        row_h = r.h // rows
        self._other_rows = []
        small = max(10, round(row_h * 0.8))
        back = va.token("back", max(8, round(row_h * 0.7)))
        for k, i in enumerate(others):
            y = r.top + k * row_h
            row = pygame.Rect(r.left, y, r.w, row_h)
            mee = self._meeple(state, i, small)
            layer.blit(mee, mee.get_rect(midleft=(row.left, row.centery)))
            n = len(state.hands[i])
            backs_w = n * (back.get_width() // 2) + back.get_width() // 2
            name = text.fit(self.ctx.name(i), max(9, round(row_h * 0.5)), theme.INK,
                            r.w - small - backs_w - 3 * L.pad, bold=i == state.current)
            layer.blit(name, name.get_rect(midleft=(row.left + small + L.pad, row.centery)))
            for j in range(n):
                layer.blit(back, back.get_rect(midright=(row.right - (n - 1 - j) * back.get_width() // 2,
                                                         row.centery)))
            self._other_rows.append((row, i))

    # -- the placement table ---------------------------------------------------------------

    def _hovering_table_button(self) -> bool:
        if not pygame.mouse.get_focused():
            return False
        return self._arect(self.L.table_button).collidepoint(pygame.mouse.get_pos())

    def _table_rect(self) -> pygame.Rect:
        """Where the placement table shows: over the island, below its button."""
        if self._table_surface is None:
            self._table_surface = self._render_table()
        L = self.L
        rect = self._table_surface.get_rect(centerx=L.area.centerx)
        rect.top = min(L.table_button.bottom + L.pad, max(0, L.area.bottom - rect.h))
        return rect.move(self.rect.topleft)

    def _draw_table(self, surface: pygame.Surface) -> None:
        rect = self._table_rect()
        assert self._table_surface is not None
        surface.blit(self._table_surface, rect)

    def _size_to_fit(self, words: Sequence[str], start: int, width: int, bold: bool) -> int:
        """The largest font size (at most ``start``) at which every word fits ``width``."""
        size = start
        while size > 8 and max(self.ctx.text.font(size, bold).size(w)[0] for w in words) > width:
            size -= 1
        return size

    def _render_table(self) -> pygame.Surface:
        """The placement table as the board shows it: a row per marker placed, a column per
        landscape and per marker already lying; allowed cells coloured by their effect."""
        L, b = self.L, self.board
        text = self.ctx.text
        kinds = list(b.marker_kinds)
        cols = list(LANDSCAPES) + kinds
        short = {"mountains": "mount.", "thunderstorm": "Storm"}
        names = {c: tr(short.get(c, c if c in LANDSCAPES else b.marker_names[c])) for c in cols}
        w = min(L.area.w - 2 * L.pad, round(L.s * 22))
        cell = int((w - 2 * L.pad) // (len(cols) + 1.6))
        icon = round(cell * 0.62)
        fs = self._size_to_fit([tr(x) for x in va.EFFECT_WORD.values()], max(9, round(cell * 0.27)),
                               cell - 6, True)
        ls = self._size_to_fit(list(names.values()), max(9, round(cell * 0.26)), cell - 2, False)
        legend = [(e, tr(t)) for e, t in (("impassable", "makes impassable"),
                                          ("passable", "makes passable"),
                                          ("holds", "holds figures (fog)"),
                                          ("cancel", "both removed"))]
        head_h = icon + ls + 6
        title_size = max(10, round(cell * 0.3))
        title_h = title_size + 2 * L.pad
        sq = max(8, round(cell * 0.3))
        w = round(cell * (len(cols) + 1.6) + 2 * L.pad)
        gs = self._size_to_fit([" ".join(t for _, t in legend)], fs,
                               w - 2 * L.pad - 4 * (sq + 4 + 2 * L.pad), False)
        legend_h = max(sq, gs) + 2 * L.pad
        h = title_h + head_h + len(kinds) * cell + legend_h + L.pad
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, theme.PANEL, surf.get_rect(), border_radius=L.pad * 2)
        pygame.draw.rect(surf, theme.INK_SOFT, surf.get_rect(), 2, border_radius=L.pad * 2)
        title = text.fit(tr("Placement table (row: the marker placed; column: placed on)"),
                         title_size, theme.INK,
                         w - 4 * L.pad, bold=True)
        surf.blit(title, (L.pad * 2, L.pad))
        x0 = L.pad + round(cell * 1.6)
        y0 = title_h
        self._table_cells = []
        origin = self._table_rect_origin(w, h)
        for j, col in enumerate(cols):
            cx = x0 + j * cell + cell // 2
            img = va.hex_tile(col, max(4, icon // 2)) if col in LANDSCAPES else va.token(col, icon)
            surf.blit(img, img.get_rect(center=(cx, y0 + icon // 2)))
            label = text.fit(names[col], ls, theme.INK_SOFT, cell - 2)
            surf.blit(label, label.get_rect(midtop=(cx, y0 + icon + 2)))
            what = col if col in LANDSCAPES else f"a lying {b.marker_names[col]}"
            self._table_cells.append((pygame.Rect(x0 + j * cell, y0, cell, head_h).move(origin),
                                      tr(f"Column: placed on {what}.")))
        sep = x0 + len(LANDSCAPES) * cell
        pygame.draw.line(surf, theme.INK_SOFT, (sep, y0), (sep, y0 + head_h + len(kinds) * cell), 2)
        for i, kind in enumerate(kinds):
            y = y0 + head_h + i * cell
            tok = va.token(kind, icon)
            surf.blit(tok, tok.get_rect(center=(L.pad + icon // 2 + 2, y + cell // 2)))
            name = text.fit(names[kind], ls, theme.INK_SOFT, x0 - icon - L.pad - 6)
            surf.blit(name, name.get_rect(midleft=(L.pad + icon + 5, y + cell // 2)))
            self._table_cells.append((pygame.Rect(0, y, x0, cell).move(origin),
                                      tr(f"{b.marker_names[kind]}: may be placed "
                                         f"{self._uses(kind)}.")))
            for j, col in enumerate(cols):
                r = pygame.Rect(x0 + j * cell + 1, y + 1, cell - 2, cell - 2)
                c = b.cells.get((kind, col))
                if c is None:
                    pygame.draw.rect(surf, theme.SKY, r, border_radius=3)
                    continue
                pygame.draw.rect(surf, va.EFFECT_RGB[c.effect], r, border_radius=3)
                word = text.render(tr(va.EFFECT_WORD[c.effect]), fs, (255, 255, 255), bold=True)
                surf.blit(word, word.get_rect(center=r.center))
                on = col if col in LANDSCAPES else f"a lying {b.marker_names[col]}"
                self._table_cells.append((r.move(origin),
                                          tr(f"{b.marker_names[kind]} on {on}: "
                                             f"{va.EFFECT_TEXT[c.effect]} ({c.source}).")))
        y = y0 + head_h + len(kinds) * cell + L.pad
        x = L.pad * 2
        for effect, words in legend:
            r = pygame.Rect(x, y + (legend_h - L.pad - sq) // 2, sq, sq)
            pygame.draw.rect(surf, va.EFFECT_RGB[effect], r, border_radius=3)
            t = text.render(words, gs, theme.INK)
            surf.blit(t, t.get_rect(midleft=(r.right + 4, r.centery)))
            x = r.right + 4 + t.get_width() + L.pad * 2
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def _table_rect_origin(self, w: int, h: int) -> tuple[int, int]:
        L = self.L
        rect = pygame.Rect(0, 0, w, h)
        rect.centerx = L.area.centerx
        rect.top = min(L.table_button.bottom + L.pad, max(0, L.area.bottom - h))
        return (rect.x + self.rect.x, rect.y + self.rect.y)
