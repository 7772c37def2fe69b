"""The rules of Meteo (rulebook ``meteo.en.txt``), pure: the ``GAME`` object.

How the turn is modelled as commands (each a separate, undoable command unless it draws on chance
or reveals a marker):

* 1. Place: ``PlaceMarker`` (at most 2) and ``EndPlacement``. After 2 placements, or with an empty
  hand, movement begins by itself.
* Figures (and witches) standing on a space that has become impassable are *displaced*: before
  anything else happens, the seat who must move them gives ``RelocateFigure``/``RelocateWitch``
  commands (the active player after placing or after the witch's removal; after the wind each
  owner, beginning with the starting player, then the wind player for witches).
* 2. Move: ``StepFigure``/``StepWitch`` (one space each) and ``EndMovement``; using the 6th step
  ends the movement by itself.
* 3. Draw: ``DrawMarker`` one at a time, until the hand holds 3 or nothing can be drawn.
* 4. Wind: on a grey space the wind marker advances by itself; on a blue space ``RollWind``.
* At the end of the turn (after the draw and the wind) the witch moved this turn, if she sees a
  marker: ``RemoveMarker`` or ``SkipRemoval``.

Steps that follow from the rules without a choice are events appended by ``decide``.

Readings of the rulebook that are the project's own (documented here and in ``data/*.toml``):

* The weather witches are figures: they count toward "at most 2 figures" on a space, move only
  through passable spaces, are held by fog, never enter villages, and are moved off a space that
  becomes impassable (by the active player, or by the wind player after the owners), else back to
  their grey dot. Only witches stand on the grey dots (unlimited).
* Passing through a coloured space that already holds a figure is one continuous movement: the
  step onto it needs a further step to a space where the figure can stand, and until it has
  moved on no other step is taken and the movement cannot end.
* "Draw back up to 3": a hand short after an empty supply is filled up to 3 as well. The face-up
  row is refilled whenever it is short and the supply has markers.
* The die passes to "his right-hand neighbour": with turns taken clockwise, the player before
  the wind player in turn order.
* A marker blown onto a coloured space or the wind space goes back into the supply, like one
  blown onto a landscape it may not lie on.
* Round limit (option, default 60 rounds): not in the rulebook. Sensible play ends in 8-20
  rounds, but uniformly random play can wander for 60,000+ commands; the limit keeps every game
  finite and never touches a real one.
* Views hide the seed as well as other hands and the supply, since the supply's order could be
  worked out from the seed.
"""

from __future__ import annotations

from bisect import insort
from typing import Hashable, Iterable

from weather_tabletop.engine.chance import rng
from weather_tabletop.engine.protocol import (Colour, Command, Event, GameConfig, IllegalMove,
                                              OptionSpec, ScoreLine)
from weather_tabletop.i18n import Msg, language, msg, tr

from . import words
from .board import BOARD, COLOURED, LANDSCAPE, PERCH, VILLAGE, WIND, Board, Pos
from .commands import (COMMANDS, DrawMarker, EndMovement, EndPlacement, PlaceMarker,
                       RelocateFigure, RelocateWitch, RemoveMarker, RollWind, SkipRemoval,
                       StepFigure, StepWitch)
from .events import (EVENTS, OLDER_RECORDS, DiePassed, DieRolled, EndTriggered, FaceUpTaken,
                     FaceUpTurned, FigureRelocated, FigureStepped, GameEnded, MarkerDrawn, MarkerPlaced,
                     MarkerRemoved, MarkersBlown, MarkersCancelled, PhaseBegan, SupplyShuffled,
                     TurnBegan, WindAdvanced, WitchRelocated, WitchStepped)
from .state import (DRAW, END, HAND_SIZE, MAX_PLACED, MOVE, OVER, PLACE, SETUP,
                    STEPS_PER_TURN, UNKNOWN, WIND as WIND_PHASE, WITCH, MeteoState)

hidden_information = True

COLOURS = (
    Colour("red", (214, 48, 49), "R", "meteo.colour.red"),
    Colour("green", (46, 150, 70), "G", "meteo.colour.green"),
    Colour("orange", (230, 140, 30), "O", "meteo.colour.orange"),
    Colour("yellow", (238, 214, 90), "Y", "meteo.colour.yellow"),
    Colour("blue", (40, 80, 200), "B", "meteo.colour.blue"),
    Colour("lightblue", (120, 190, 240), "L", "meteo.colour.lightblue"),
)

# Setup: "With 2 players, two opposite colours ... With 3 players, red, dark yellow (orange) and
# blue, or light yellow, light blue and green ... With 4 players, two opposite colours are not used"
PAIRS = {"red-yellow": (0, 3), "green-blue": (1, 4), "orange-lightblue": (2, 5)}
TRIOS = {"red-orange-blue": (0, 2, 4), "green-yellow-lightblue": (1, 3, 5)}
FIGURES = {2: 9, 3: 6, 4: 5}
#: the score categories (catalogue keys), in display order
SCORE_OWN_VILLAGE = "meteo.score.own_village"
SCORE_OWN_HALF = "meteo.score.own_half"
SCORE_OUTSIDE = "meteo.score.not_in_own_half"
SCORE_START = "meteo.score.starting_village"

OPTIONS = (
    OptionSpec("round_limit", msg("meteo.option.round_limit"), (40, 60, 100, 0), 60,
               msg("meteo.option.round_limit_help")),
)


def allowed_colour_sets(players: int) -> list[tuple[int, ...]]:
    """The colour sets the Setup allows for this many players (sorted colour indexes)."""
    if players == 2:
        return list(PAIRS.values())
    if players == 3:
        return list(TRIOS.values())
    return [tuple(c for c in range(6) if c not in p) for p in PAIRS.values()]


def colour_error(config: GameConfig) -> Msg | None:
    """Why the seats' colours are not a set the Setup allows, or None."""
    keys = [c.key for c in COLOURS]
    chosen = [keys.index(s.color) if s.color in keys else -1 for s in config.seats]
    if -1 in chosen:
        return msg("meteo.reason.setup_colours")
    if tuple(sorted(chosen)) in allowed_colour_sets(config.players):
        return None
    if config.players in (2, 3, 4):
        return msg(f"meteo.reason.setup_colours_{config.players}")
    return msg("meteo.reason.players")


def seat_colours(config: GameConfig) -> tuple[int, ...]:
    """The colour of each seat, from the seats' colour keys (Setup: "Each player chooses a
    colour"). Seats sit (and play) clockwise. Raises ValueError for a set the Setup forbids."""
    reason = colour_error(config)
    if reason:
        raise ValueError(reason)
    keys = [c.key for c in COLOURS]
    return tuple(keys.index(s.color) for s in config.seats)


def start_village(board: Board, colour: int) -> Pos:
    """Setup: "places his figures in the village that faces his colour"."""
    return board.villages[(colour + 3) % 6]


class Meteo:
    id = "meteo"
    title = "Meteo"
    #: shown above the scores at the table: why everyone starts below zero
    score_note = "meteo.score_note"
    min_players = 2
    max_players = 4
    options = OPTIONS
    colours = COLOURS
    commands = COMMANDS
    events = EVENTS
    #: records of earlier versions' saves and how they read today (engine.codec.older_records)
    OLDER_RECORDS = OLDER_RECORDS
    hidden_information = True
    board = BOARD

    def default_colours(self, players: int) -> tuple[str, ...]:
        """The colour keys offered first in the setup for this many players."""
        first = {2: PAIRS["red-yellow"], 3: TRIOS["red-orange-blue"], 4: (0, 1, 3, 4)}
        return tuple(COLOURS[c].key for c in first.get(players, range(players)))

    def check_seats(self, config: GameConfig) -> Msg | None:
        """Why these seats cannot start a game (the Setup rule), or None."""
        return colour_error(config)

    # -- setup ------------------------------------------------------------------------------

    def initial_state(self, config: GameConfig) -> MeteoState:
        n = config.players
        if not self.min_players <= n <= self.max_players:
            raise ValueError(msg("meteo.reason.players"))
        cols = seat_colours(config)
        figures = tuple((start_village(self.board, c),) * FIGURES[n] for c in cols)
        return MeteoState(
            seed=config.seed, chance_counter=0, players=n, colours=cols, figures=figures,
            witches=tuple(self.board.perches), markers=(), supply=(), face_up=(),
            hands=((),) * n, returned=(), wind_space=self.board.wind_start, wind_player=0,
            round=0, current=0, phase=SETUP, placed=0, steps_left=0, witch_moved=-1,
            took_face_up=False, wind_blown=False, ending=-1,
            round_limit=int(config.option("round_limit", 60)),
            names=tuple(seat.name for seat in config.seats),
        )

    def setup_events(self, state: MeteoState) -> list[Event]:
        """Setup: shuffle the 30 markers, each player draws 3, two are turned face up; the
        starting player (seat 0) is the wind player and begins."""
        b = self.board
        markers = tuple(k for k in b.marker_kinds for _ in range(b.marker_counts[k]))
        events: list[Event] = []
        s = state

        def emit(e: Event) -> None:
            nonlocal s
            events.append(e)
            s = self._apply_ahead(s, e)

        emit(SupplyShuffled(rng(s.seed, s.chance_counter).shuffled(markers)))
        for seat in range(state.players):
            for _ in range(HAND_SIZE):
                emit(MarkerDrawn(seat))
        for _ in range(2):
            emit(FaceUpTurned())
        emit(TurnBegan(0, 1))
        return events

    # -- queries ----------------------------------------------------------------------------

    def effect(self, state: MeteoState, pos: Pos) -> str:
        """"passable", "impassable" or "holds" (fog) for any space (Course of Play)."""
        b = self.board
        m = state.marker_map.get(pos)
        if m is not None:
            sp = b.spaces[pos]
            if sp.kind == LANDSCAPE:
                return b.cell_effect[(m, sp.landscape)]
        return b.bare_effect[pos]

    def displaced(self, state: MeteoState) -> list[tuple[int, int, Pos]]:
        """Pieces standing on impassable spaces: (owner seat, -1, pos) for figures (once per
        figure), (-1, witch, pos) for witches. Computed once per state (states never change)."""
        memo = state.__dict__
        if "_displaced" not in memo:
            memo["_displaced"] = self._displaced(state)
        return memo["_displaced"]

    def _displaced(self, state: MeteoState) -> list[tuple[int, int, Pos]]:
        out: list[tuple[int, int, Pos]] = []
        blocked = self._blocked(state)
        if blocked.isdisjoint(state.occupancy):  # no piece on an impassable space
            return out
        for seat, figs in enumerate(state.figures):
            for p in figs:
                if p in blocked:
                    out.append((seat, -1, p))
        for w, p in enumerate(state.witches):
            if p in blocked:
                out.append((-1, w, p))
        return out

    def _impassable_landscapes(self, state: MeteoState) -> set[Pos]:
        """The landscape spaces that are impassable now (lakes, and markers' effects)."""
        b = self.board
        out = set(b.lakes)
        for p, m in state.markers:
            sp = b.spaces[p]
            if sp.kind == LANDSCAPE:
                if b.cell_effect[(m, sp.landscape)] == "impassable":
                    out.add(p)
                else:
                    out.discard(p)
        return out

    def relocator(self, state: MeteoState) -> tuple[int, list[tuple[int, int, Pos]]]:
        """Who must move displaced pieces now, and which. After placing or the witch's removal:
        the active player moves them all. After the wind: "the respective owners must move these
        figures ... beginning with the starting player"; the wind player then moves witches."""
        memo = state.__dict__
        found = memo.get("_relocator")
        if found is None:
            found = memo["_relocator"] = self._relocator(state)
        return found

    def _relocator(self, state: MeteoState) -> tuple[int, list[tuple[int, int, Pos]]]:
        disp = self.displaced(state)
        if not disp:
            return -1, []
        if not (state.wind_blown and state.phase == WIND_PHASE):  # placing, the witch
            return state.current, disp
        for seat in range(state.players):
            mine = [d for d in disp if d[0] == seat]
            if mine:
                return seat, mine
        return state.current, disp

    def overfull(self, state: MeteoState) -> Pos | None:
        """A coloured space with 2 figures: one is passing through and must move on."""
        memo = state.__dict__
        if "_overfull" not in memo:
            coloured = self.board.coloured
            memo["_overfull"] = next((p for p, n in state.occupancy.items()
                                      if n > 1 and p in coloured), None)
        return memo["_overfull"]

    def _first_home(self, state: MeteoState) -> int:
        """The first seat with all figures in its own half, or -1 (once per placement of the
        figures)."""
        memo = state.__dict__
        found = memo.get("_first_home")
        if found is None:
            halves, colours = self.board.halves, state.colours
            found = memo["_first_home"] = next(
                (seat for seat, figs in enumerate(state.figures)
                 if halves[colours[seat]].issuperset(figs)), -1)
        return found

    def own_half_count(self, state: MeteoState, seat: int) -> int:
        half = self.board.halves[state.colours[seat]]
        return sum(p in half for p in state.figures[seat])

    # -- legality ---------------------------------------------------------------------------

    def _turn_error(self, state: MeteoState, seat: int, phase: str) -> Msg | None:
        if state.phase == OVER:
            return msg("meteo.reason.over")
        if state.phase == SETUP:
            return msg("meteo.reason.not_set_up")
        who, _ = self.relocator(state)
        if who >= 0:
            if seat != who:
                return msg("meteo.reason.others_relocate", name=self.name(state, who))
            return msg("meteo.reason.relocate_first")
        if seat != state.current:
            return msg("meteo.reason.not_your_turn", name=self.name(state, state.current))
        if state.phase != phase:
            return msg("meteo.reason.not_now", phase=self._phase_text(state))
        return None

    def _place_error(self, state: MeteoState, cmd: PlaceMarker) -> Msg | None:
        err = self._turn_error(state, cmd.seat, PLACE)
        if err:
            return err
        if state.placed >= MAX_PLACED:
            return msg("meteo.reason.place_two")
        if cmd.kind not in state.hands[cmd.seat]:
            return msg("meteo.reason.place_from_hand")
        sp = self.board.spaces.get(tuple(cmd.pos))
        if sp is None or sp.kind in (VILLAGE, PERCH):
            return msg("meteo.reason.place_landscapes")
        if sp.kind == COLOURED:
            return msg("meteo.reason.place_coloured")
        if sp.kind == WIND:
            return msg("meteo.reason.place_wind")
        name = words.marker(cmd.kind)
        lying = state.marker_map.get(sp.pos)
        if lying is not None:
            cell = self.board.cells.get((cmd.kind, lying))
            if cell is None or cell.effect != "cancel":
                return msg("meteo.reason.not_on_marker", marker=name, lying=words.marker(lying))
            return None
        if (cmd.kind, sp.landscape) not in self.board.cells:
            return msg("meteo.reason.not_on_landscape", marker=name,
                       landscape=words.landscape(sp.landscape))
        return None

    def _relocate_targets(self, state: MeteoState, src: Pos, witch: bool) -> list[Pos]:
        """Passable neighbouring spaces (fog allowed) with room to stand."""
        out = []
        for n in self.board.neighbours[src]:
            k = self.board.spaces[n].kind
            if k == VILLAGE or k == WIND or (k == PERCH and not witch):
                continue
            if k == PERCH:
                out.append(n)
                continue
            if self.effect(state, n) == "impassable":
                continue
            occ = state.occupancy.get(n, 0)
            if occ >= (1 if k == COLOURED else 2):
                continue
            out.append(n)
        return out

    def _relocate_error(self, state: MeteoState, seat: int, owner: int, witch: int, src: Pos,
                        dst: Pos) -> Msg | None:
        if state.phase in (OVER, SETUP):
            return msg("meteo.reason.over" if state.phase == OVER else "meteo.reason.not_set_up")
        who, pending = self.relocator(state)
        if who < 0:
            return msg("meteo.reason.relocate_none")
        if seat != who:
            return msg("meteo.reason.relocator", name=self.name(state, who))
        if (owner, witch, src) not in pending:
            if witch < 0 and (owner, -1, src) in self.displaced(state):
                return msg("meteo.reason.relocate_owners")
            return msg("meteo.reason.relocate_not_displaced")
        targets = self._relocate_targets(state, src, witch >= 0)
        home = (self.board.perches[witch] if witch >= 0
                else start_village(self.board, state.colours[owner]))
        if dst in targets:
            return None
        if dst == home:
            if targets:
                return msg("meteo.reason.relocate_home_only")
            return None
        if dst not in self.board.neighbours[src]:
            return msg("meteo.reason.relocate_neighbour")
        return msg("meteo.reason.relocate_room")

    def _can_stand(self, state: MeteoState, occ: dict[Pos, int], seat: int, is_witch: bool,
                   src: Pos, dst: Pos) -> bool:
        """Whether the piece at ``src`` could step to ``dst`` and stand there (after ``occ``)."""
        sp = self.board.spaces[dst]
        if sp.kind == WIND:
            return False
        if sp.kind == VILLAGE:
            return not is_witch and sp.colour == state.colours[seat]
        if sp.kind == PERCH:
            return is_witch
        if sp.kind == LANDSCAPE and self.effect(state, dst) == "impassable":
            return False
        n = occ.get(dst, 0) - (1 if dst == src else 0)
        return n < (1 if sp.kind == COLOURED else 2)

    def _step_error(self, state: MeteoState, seat: int, witch: int, src: Pos,
                    dst: Pos) -> Msg | None:
        err = self._turn_error(state, seat, MOVE)
        if err:
            return err
        if state.steps_left <= 0:
            return msg("meteo.reason.steps_used")
        is_witch = witch >= 0
        if is_witch:
            if not 0 <= witch < len(state.witches):
                return msg("meteo.reason.three_witches")
            if state.witch_moved >= 0 and state.witch_moved != witch:
                return msg("meteo.reason.one_witch")
            src = state.witches[witch]
        elif src not in state.figures[seat]:
            return msg("meteo.reason.no_figure")
        over = self.overfull(state)
        if over is not None and src != over:
            return msg("meteo.reason.pass_on_first")
        sp_src = self.board.spaces[src]
        if sp_src.kind == LANDSCAPE and self.effect(state, src) == "holds":
            return msg("meteo.reason.fog")
        if dst not in self.board.neighbours[src]:
            return msg("meteo.reason.one_space")
        return self._step_dst_error(state, seat, is_witch, src, dst)

    def _step_dst_error(self, state: MeteoState, seat: int, is_witch: bool, src: Pos,
                        dst: Pos) -> Msg | None:
        """The rest of ``_step_error``: whether a piece that may move from ``src`` may step to
        its neighbour ``dst``."""
        sp = self.board.spaces[dst]
        if sp.kind == WIND:
            return msg("meteo.reason.wind_space")
        if sp.kind == VILLAGE:
            if is_witch:
                return msg("meteo.reason.witch_village")
            if sp.colour != state.colours[seat]:
                return msg("meteo.reason.foreign_village")
            return None
        if sp.kind == PERCH:
            if not is_witch:
                return msg("meteo.reason.grey_dots")
            return None
        if sp.kind == LANDSCAPE and self.effect(state, dst) == "impassable":
            return msg("meteo.reason.impassable")
        occ = state.occupancy
        here = occ.get(dst, 0)
        if here >= 2:
            return msg("meteo.reason.two_figures")
        if sp.kind == COLOURED and here >= 1:
            # passing through: it must be able to move on and stand somewhere
            after = dict(occ)
            after[src] -= 1
            after[dst] = here + 1
            ok = state.steps_left >= 2 and any(
                self._can_stand(state, after, seat, is_witch, dst, n)
                for n in self.board.neighbours[dst])
            if not ok:
                return msg("meteo.reason.coloured_pass")
        return None

    def _end_move_error(self, state: MeteoState, seat: int) -> Msg | None:
        err = self._turn_error(state, seat, MOVE)
        if err:
            return err
        if self.overfull(state) is not None:
            return msg("meteo.reason.coloured_end")
        return None

    def _remove_error(self, state: MeteoState, seat: int, pos: Pos) -> Msg | None:
        """"At the end of your turn she may remove one weather marker": not before the draw and
        the wind."""
        if (state.phase in (PLACE, MOVE, DRAW, WIND_PHASE) and seat == state.current
                and state.witch_moved >= 0 and self.relocator(state)[0] < 0):
            return msg("meteo.reason.witch_later")
        err = self._turn_error(state, seat, WITCH)
        if err:
            return err
        if pos not in state.marker_map:
            return msg("meteo.reason.witch_no_marker")
        if pos not in self.board.sight(state.witches[state.witch_moved]):
            return msg("meteo.reason.witch_sight")
        return None

    def _draw_error(self, state: MeteoState, seat: int, source: str) -> Msg | None:
        err = self._turn_error(state, seat, DRAW)
        if err:
            return err
        if len(state.hands[seat]) >= HAND_SIZE:
            return msg("meteo.reason.draw_three")
        if source == "supply":
            if not state.supply:
                return msg("meteo.reason.supply_empty")
            return None
        if source not in state.face_up:
            return msg("meteo.reason.no_face_up")
        if state.took_face_up:
            return msg("meteo.reason.one_face_up")
        return None

    def _roll_error(self, state: MeteoState, seat: int) -> Msg | None:
        err = self._turn_error(state, seat, WIND_PHASE)
        if err:
            return err
        if state.wind_blown:
            return msg("meteo.reason.wind_blown")
        if self.board.wind_circle[state.wind_space] != "B":
            return msg("meteo.reason.wind_grey")
        return None

    def _error(self, state: MeteoState, c: Command) -> Msg | None:
        if isinstance(c, StepFigure):  # the commonest command first
            return self._step_error(state, c.seat, -1, tuple(c.src), tuple(c.dst))
        if isinstance(c, PlaceMarker):
            return self._place_error(state, c)
        if isinstance(c, EndPlacement):
            return self._turn_error(state, c.seat, PLACE)
        if isinstance(c, RelocateFigure):
            if not 0 <= c.owner < state.players:
                return msg("meteo.reason.no_player")
            return self._relocate_error(state, c.seat, c.owner, -1, tuple(c.src), tuple(c.dst))
        if isinstance(c, RelocateWitch):
            if not 0 <= c.witch < len(state.witches):
                return msg("meteo.reason.relocate_three_witches")
            return self._relocate_error(state, c.seat, -1, c.witch, state.witches[c.witch],
                                        tuple(c.dst))
        if isinstance(c, StepWitch):
            return self._step_error(state, c.seat, c.witch, (0, 0), tuple(c.dst))
        if isinstance(c, EndMovement):
            return self._end_move_error(state, c.seat)
        if isinstance(c, RemoveMarker):
            return self._remove_error(state, c.seat, tuple(c.pos))
        if isinstance(c, SkipRemoval):
            return self._turn_error(state, c.seat, WITCH)
        if isinstance(c, DrawMarker):
            return self._draw_error(state, c.seat, c.source)
        if isinstance(c, RollWind):
            return self._roll_error(state, c.seat)
        return msg("meteo.reason.unknown_command")

    # -- the protocol -----------------------------------------------------------------------

    def legal_commands(self, state: MeteoState, seat: int) -> list[Command]:
        if state.phase in (OVER, SETUP) or not 0 <= seat < state.players:
            return []
        who, pending = self.relocator(state)
        if who >= 0:
            if seat != who:
                return []
            out: list[Command] = []
            seen = set()
            for owner, w, src in pending:
                if (owner, w, src) in seen:
                    continue
                seen.add((owner, w, src))
                targets = self._relocate_targets(state, src, w >= 0)
                if w >= 0:
                    dsts = targets or [self.board.perches[w]]
                    out += [RelocateWitch(seat, w, d) for d in dsts]
                else:
                    dsts = targets or [start_village(self.board, state.colours[owner])]
                    out += [RelocateFigure(seat, owner, src, d) for d in dsts]
            return out
        if seat != state.current:
            return []
        # Generated directly (the checks each command's decide makes, hoisted out of the loops);
        # ``_candidates`` lists the same commands the slow way: filtered through ``_error``.
        b = self.board
        phase = state.phase
        out = []
        if phase == PLACE:
            if state.placed < MAX_PLACED:
                mm = state.marker_map
                cancels = b.cancels
                for kind in sorted(set(state.hands[seat]) - {UNKNOWN}):
                    rows, bare, everywhere = self._place_table(seat, kind)
                    if not mm:
                        out += bare
                        continue
                    # free spaces the placement table allows, and markers this kind cancels,
                    # in the order of the landscapes
                    keep = [row for row in rows if row[1] not in mm]
                    for p, lying in mm.items():
                        if (kind, lying) in cancels and p in everywhere:
                            insort(keep, everywhere[p])
                    out += [row[2] for row in keep]
            out.append(EndPlacement(seat))
        elif phase == MOVE:
            over = self.overfull(state)
            if state.steps_left > 0:
                held = self._held(state)
                blocked = self._blocked(state)
                occ = state.occupancy.get
                err = self._step_dst_error
                figure_steps, witch_steps = self._step_tables(seat, state.colours[seat])
                # What _step_dst_error says, by the row's kind of space (``_step_tables``):
                # 0 a landscape: passable and fewer than 2 figures; 1 the own village or a grey
                # dot: yes; 2 a coloured space: free, or else ask (passing through).
                for src in sorted(set(state.figures[seat])):
                    if (over is not None and src != over) or src in held:
                        continue
                    out += [cmd for n, how, cmd in figure_steps[src]
                            if (how == 0 and n not in blocked and occ(n, 0) < 2) or how == 1
                            or (how == 2 and (occ(n, 0) == 0
                                              or err(state, seat, False, src, n) is None))]
                moved = state.witch_moved
                for w, src in enumerate(state.witches):
                    if ((moved >= 0 and moved != w) or (over is not None and src != over)
                            or src in held):
                        continue
                    out += [cmd for n, how, cmd in witch_steps[w][src]
                            if (how == 0 and n not in blocked and occ(n, 0) < 2) or how == 1
                            or (how == 2 and (occ(n, 0) == 0
                                              or err(state, seat, True, src, n) is None))]
            if over is None:
                out.append(EndMovement(seat))
        elif phase == WITCH:
            sight = b.sight(state.witches[state.witch_moved])
            out = [RemoveMarker(seat, pos) for pos, _ in state.markers if pos in sight]
            out.append(SkipRemoval(seat))
        elif phase == DRAW:
            if len(state.hands[seat]) < HAND_SIZE:
                if state.supply:
                    out.append(DrawMarker(seat, "supply"))
                if not state.took_face_up:
                    out += [DrawMarker(seat, kind) for kind in sorted(set(state.face_up))]
        elif phase == WIND_PHASE:
            if not state.wind_blown and b.wind_circle[state.wind_space] == "B":
                out.append(RollWind(seat))
        return out

    _tables: dict = {}  # commands built once: the (seat, kind) and (seat, colour) tables

    def _place_table(self, seat: int, kind: str) -> tuple:
        """``PlaceMarker`` commands of ``seat`` and ``kind``: rows (landscape number, space,
        command) for the landscapes the placement table allows, their commands, and a map from
        every landscape to its row."""
        key = (seat, kind)
        t = self._tables.get(key)
        if t is None:
            b = self.board
            ok = b.placeable.get(kind, frozenset())
            everywhere = {p: (i, p, PlaceMarker(seat, kind, p)) for i, p in enumerate(b.landscapes)}
            rows = tuple(everywhere[p] for p in b.landscapes if p in ok)
            t = self._tables[key] = (rows, tuple(row[2] for row in rows), everywhere)
        return t

    def _step_tables(self, seat: int, colour: int) -> tuple:
        """The steps of ``seat`` playing ``colour``: for its figures, and for each witch, a map
        from each space to rows (neighbour, how, the step command) in neighbour order; how:
        0 a landscape, 1 the own village (figures) or a grey dot (witches), 2 a coloured space.
        Steps ``_step_dst_error`` refuses whatever the state (onto the wind space, into
        a foreign village, a figure onto a grey dot, a witch into a village) are left out."""
        key = (seat, colour)
        t = self._tables.get(key)
        if t is None:
            b = self.board

            def rows(src: Pos, witch: int) -> tuple:
                out = []
                for n in b.neighbours[src]:
                    sp = b.spaces[n]
                    if (sp.kind == WIND or (sp.kind == PERCH and witch < 0)
                            or (sp.kind == VILLAGE and (witch >= 0 or sp.colour != colour))):
                        continue
                    how = 0 if sp.kind == LANDSCAPE else 2 if sp.kind == COLOURED else 1
                    out.append((n, how, StepFigure(seat, src, n) if witch < 0
                                else StepWitch(seat, witch, n)))
                return tuple(out)

            t = self._tables[key] = (
                {src: rows(src, -1) for src in b.spaces},
                tuple({src: rows(src, w) for src in b.spaces} for w in range(len(b.perches))))
        return t

    def _blocked(self, state: MeteoState) -> set[Pos]:
        """The impassable landscape spaces now (once per state)."""
        memo = state.__dict__
        found = memo.get("_blocked")
        if found is None:
            found = memo["_blocked"] = self._impassable_landscapes(state)
        return found

    def _held(self, state: MeteoState) -> set[Pos]:
        """The landscape spaces fog holds pieces on now (once per placement of the markers)."""
        memo = state.__dict__
        found = memo.get("_held")
        if found is None:
            b = self.board
            found = memo["_held"] = {
                p for p, m in state.markers
                if b.spaces[p].kind == LANDSCAPE and b.cell_effect[(m, b.spaces[p].landscape)]
                == "holds"}
        return found

    def _candidates(self, state: MeteoState, seat: int) -> list[Command]:
        """A superset of the legal commands of the active seat in a phase without displaced
        pieces, in ``legal_commands``' order: ``legal_commands`` must equal these filtered through
        ``decide``'s checks (the tests check this; it was ``legal_commands`` itself before)."""
        cands: list[Command] = []
        if state.phase == PLACE:
            for kind in sorted(set(state.hands[seat]) - {UNKNOWN}):
                for pos in self.board.landscape_spaces():
                    cands.append(PlaceMarker(seat, kind, pos))
            cands.append(EndPlacement(seat))
        elif state.phase == MOVE:
            for src in sorted(set(state.figures[seat])):
                for n in self.board.neighbours[src]:
                    cands.append(StepFigure(seat, src, n))
            for w, src in enumerate(state.witches):
                for n in self.board.neighbours[src]:
                    cands.append(StepWitch(seat, w, n))
            cands.append(EndMovement(seat))
        elif state.phase == WITCH:
            for pos, _ in state.markers:
                cands.append(RemoveMarker(seat, pos))
            cands.append(SkipRemoval(seat))
        elif state.phase == DRAW:
            cands.append(DrawMarker(seat, "supply"))
            for kind in sorted(set(state.face_up)):
                cands.append(DrawMarker(seat, kind))
        elif state.phase == WIND_PHASE:
            cands.append(RollWind(seat))
        return [c for c in cands if self._error(state, c) is None]

    def decide(self, state: MeteoState, command: Command) -> list[Event]:
        err = self._error(state, command)
        if err:
            raise IllegalMove(err)
        events: list[Event] = []
        s = state

        def emit(e: Event) -> None:
            nonlocal s
            events.append(e)
            s = self._apply_ahead(s, e)

        c = command
        if isinstance(c, StepFigure):  # the commonest command first
            emit(FigureStepped(c.seat, tuple(c.src), tuple(c.dst)))
        elif isinstance(c, PlaceMarker):
            pos = tuple(c.pos)
            lying = s.marker_map.get(pos)
            if lying is None:
                emit(MarkerPlaced(c.seat, c.kind, pos))
            else:
                emit(MarkersCancelled(c.seat, c.kind, pos, lying))
                emit(self._shuffle(s))
        elif isinstance(c, EndPlacement):
            emit(PhaseBegan(MOVE))
        elif isinstance(c, RelocateFigure):
            home = tuple(c.dst) == start_village(self.board, s.colours[c.owner])
            emit(FigureRelocated(c.seat, c.owner, tuple(c.src), tuple(c.dst), home))
        elif isinstance(c, RelocateWitch):
            home = tuple(c.dst) == self.board.perches[c.witch]
            emit(WitchRelocated(c.seat, c.witch, s.witches[c.witch], tuple(c.dst), home))
        elif isinstance(c, StepWitch):
            emit(WitchStepped(c.seat, c.witch, s.witches[c.witch], tuple(c.dst)))
        elif isinstance(c, EndMovement):
            emit(PhaseBegan(DRAW))
        elif isinstance(c, RemoveMarker):
            pos = tuple(c.pos)
            emit(MarkerRemoved(c.seat, s.witch_moved, pos, s.marker_map[pos]))
            emit(self._shuffle(s))
        elif isinstance(c, SkipRemoval):
            emit(PhaseBegan(END))
        elif isinstance(c, DrawMarker):
            if c.source == "supply":
                emit(MarkerDrawn(c.seat))
            else:
                emit(FaceUpTaken(c.seat, c.source))
        elif isinstance(c, RollWind):
            face = rng(s.seed, s.chance_counter).die()
            emit(DieRolled(c.seat, face))
            emit(self._blow(s, self.board.wind_rose[face - 1]))
            if s.returned:
                emit(self._shuffle(s))
        for e in self._follow(s):
            emit(e)
        return events

    def _shuffle(self, s: MeteoState) -> SupplyShuffled:
        """Markers going back are "shuffled face down back into the supply" (a chance event)."""
        return SupplyShuffled(rng(s.seed, s.chance_counter).shuffled(s.supply + s.returned))

    def _blow(self, s: MeteoState, direction: str) -> MarkersBlown:
        """4. Make Wind: "all weather markers ... are shifted one space in the wind direction".

        Order-independent rule: every marker moves at the same moment. The shift maps each row of
        the island in the wind direction onto itself (the far end wraps to the near end: "the
        earth is round"), so no two markers ever land on one space and none moves onto another.
        A marker landing where it may not lie (a landscape the placement table does not allow, a
        coloured space or the wind space) is shuffled back into the supply.
        """
        moves, lost = [], []
        for pos, kind in s.markers:
            t = self.board.blow_target(pos, direction)
            sp = self.board.spaces[t]
            if sp.kind == LANDSCAPE and (kind, sp.landscape) in self.board.cells:
                moves.append((pos, t))
            else:
                lost.append(pos)
        return MarkersBlown(direction, tuple(moves), tuple(lost))

    def _end_of_turn(self, s: MeteoState) -> list[Event]:
        """Weather witch: "At the end of your turn she may remove one weather marker from one of
        the rows she can now see into": after the draw and the wind, the witch moved this turn
        may remove a marker if she sees one; else the turn ends."""
        if s.witch_moved >= 0:
            sight = self.board.sight(s.witches[s.witch_moved])
            if any(p in sight for p, _ in s.markers):
                return [PhaseBegan(WITCH)]
        return self._end_turn(s)

    def _follow(self, s: MeteoState) -> list[Event]:
        """The events that follow by the rules alone, without a choice."""
        out: list[Event] = []
        while True:
            nxt = self._next_auto(s)
            if not nxt:
                return out
            for e in nxt:
                out.append(e)
                s = self._apply_ahead(s, e)

    def _next_auto(self, s: MeteoState) -> list[Event]:
        if s.phase in (OVER, SETUP) or self.displaced(s):
            return []
        if len(s.face_up) < 2 and s.supply:
            return [FaceUpTurned()]
        if s.ending < 0:
            seat = self._first_home(s)
            if seat >= 0:
                return [EndTriggered(seat)]
        hand = s.hands[s.current]
        if s.phase == PLACE and (s.placed >= MAX_PLACED or not hand):
            return [PhaseBegan(MOVE)]
        if s.phase == MOVE and s.steps_left <= 0:
            return [PhaseBegan(DRAW)]
        if s.phase == DRAW:
            can_draw = bool(s.supply) or (bool(s.face_up) and not s.took_face_up)
            if len(hand) >= HAND_SIZE or not can_draw:
                if s.current == s.wind_player:
                    return [PhaseBegan(WIND_PHASE)]
                return self._end_of_turn(s)
        if s.phase == END:
            return self._end_turn(s)
        if s.phase == WIND_PHASE:
            nxt = (s.wind_space + 1) % len(self.board.wind_circle)
            if s.wind_blown:
                # "Afterwards the wind player moves the wind marker one space further ... and
                # hands the die to his right-hand neighbour": "Players take turns in clockwise
                # order", so the neighbour on the right plays before him, the previous seat.
                return [WindAdvanced(nxt), DiePassed((s.current - 1) % s.players),
                        *self._end_of_turn(s)]
            if self.board.wind_circle[s.wind_space] != "B":
                # "If the wind marker stands on a grey space, the wind player moves it one space
                # further in clockwise direction and ends his turn."
                return [WindAdvanced(nxt), *self._end_of_turn(s)]
        return []

    def _end_turn(self, s: MeteoState) -> list[Event]:
        """Players take turns clockwise (seat order). End of the Game: "The round is still
        played to the end", i.e. until the seat before the starting player (seat 0) has played."""
        nxt = (s.current + 1) % s.players
        if nxt == 0:
            if s.ending >= 0 or (s.round_limit and s.round >= s.round_limit):
                return [GameEnded()]
        return [TurnBegan(nxt, s.round + (1 if nxt == 0 else 0))]

    def _apply_ahead(self, state: MeteoState, event: Event) -> MeteoState:
        """``apply`` for ``decide``, which applies its events as it goes: the result is kept on
        the state until the match applies the same event object to it (``apply`` takes it)."""
        new = self.apply(state, event)
        state.__dict__["_ahead"] = (event, new)
        return new

    def apply(self, state: MeteoState, event: Event) -> MeteoState:
        ahead = state.__dict__.pop("_ahead", None)
        if ahead is not None and ahead[0] is event:
            return ahead[1]
        e = event
        how = _APPLY.get(type(e))
        if how is None:
            how = next((f for cls, f in _APPLY.items() if isinstance(e, cls)), None)
            if how is None:
                raise ValueError(f"unknown event {e!r}")
        changes = how(state, e)
        if e.chance:
            changes["chance_counter"] = state.chance_counter + 1
        return state.evolve(**changes) if changes else state

    def view(self, state: MeteoState, seat: int | None) -> MeteoState:
        """Other seats' hands and the supply's order are hidden (their counts stay); so is the
        seed, from which the supply's order could be worked out."""
        hands = tuple(h if i == seat else (UNKNOWN,) * len(h) for i, h in enumerate(state.hands))
        return state.evolve(seed=0, hands=hands, supply=(UNKNOWN,) * len(state.supply),
                            returned=(UNKNOWN,) * len(state.returned))

    def to_act(self, state: MeteoState) -> tuple[int, ...]:
        if state.phase in (OVER, SETUP):
            return ()
        who, _ = self.relocator(state)
        return (who if who >= 0 else state.current,)

    def is_over(self, state: MeteoState) -> bool:
        return state.phase == OVER

    def scores(self, state: MeteoState) -> list[ScoreLine]:
        """End of the Game and Scoring: own village 3, own half 1, not in own half -1, still in
        the starting village -3 per figure; tied seats share a rank. The categories are
        catalogue keys (the score box and the scores screen render them)."""
        lines = []
        for seat in range(state.players):
            c = state.colours[seat]
            home, half, out, start = 0, 0, 0, 0
            for p in state.figures[seat]:
                if p == self.board.villages[c]:
                    home += 1
                elif p == start_village(self.board, c):
                    start += 1
                elif self.board.in_half(c, p):
                    half += 1
                else:
                    out += 1
            breakdown = ((SCORE_OWN_VILLAGE, 3 * home), (SCORE_OWN_HALF, half),
                         (SCORE_OUTSIDE, -out), (SCORE_START, -3 * start))
            lines.append((seat, sum(v for _, v in breakdown), breakdown))
        totals = [t for _, t, _ in lines]
        return [ScoreLine(seat, t, b, 1 + sum(x > t for x in totals)) for seat, t, b in lines]

    def turn_id(self, state: MeteoState) -> Hashable:
        return (state.round, state.current)

    # -- words: every sentence is a catalogue message (``locale/en.json``, keys ``meteo.``) ---

    def name(self, state: MeteoState, seat: int) -> str | Msg:
        """The player's name (the colour's name when the game was set up without names)."""
        if 0 <= seat < len(state.names) and state.names[seat]:
            return state.names[seat]
        return words.colour(self.board, state.colours[seat])

    def _phase_text(self, s: MeteoState) -> Msg:
        who, pending = self.relocator(s)
        if who >= 0 and s.phase not in (OVER, SETUP):
            return msg("meteo.phase.relocate", n=len(pending))
        if s.phase == PLACE:
            return msg("meteo.phase.place", placed=s.placed, most=MAX_PLACED)
        if s.phase == MOVE:
            return msg("meteo.phase.move", n=s.steps_left)
        if s.phase == WITCH:
            return msg("meteo.phase.witch")
        if s.phase == DRAW:
            return msg("meteo.phase.draw", hand=len(s.hands[s.current]), most=HAND_SIZE)
        if s.phase == WIND_PHASE:
            return msg("meteo.phase.wind")
        return msg("meteo.phase.other", phase=s.phase)

    def progress_msg(self, state: MeteoState) -> Msg:
        """The progress line as a message (``progress`` renders it)."""
        if state.phase == SETUP:
            return msg("meteo.progress.setup")
        if state.phase == OVER:
            lines = self.scores(state)
            winners = tuple(self.name(state, l.seat) for l in lines if l.rank == 1)
            return msg("meteo.progress.over", names=winners, n=len(winners))
        who = self.to_act(state)[0]
        key = "meteo.progress.last_round" if state.ending >= 0 else "meteo.progress.turn"
        return msg(key, round=state.round, name=self.name(state, who),
                   phase=self._phase_text(state))

    def progress(self, state: MeteoState) -> str:
        """Rendered here, not at display time: the match keeps this line as each log group's
        label, which the save file stores for the saved-games list (a string, not a message).
        The match asks after every command, so the texts are kept by language and message (a
        game repeats few of them): rendering each anew cost a quarter of the rules' speed."""
        if state.phase in (SETUP, OVER):
            return tr(self.progress_msg(state))
        who, pending = self.relocator(state)
        # what progress_msg reads, as plain values (cheaper than building the message)
        key = (language(), state.round, self.name(state, state.current if who < 0 else who),
               state.phase, len(pending), state.placed, state.steps_left,
               len(state.hands[state.current]), state.ending >= 0)
        text = _PROGRESS_TEXTS.get(key)
        if text is None:
            if len(_PROGRESS_TEXTS) >= 4096:
                _PROGRESS_TEXTS.clear()
            text = _PROGRESS_TEXTS[key] = tr(self.progress_msg(state))
        return text

    def describe_command(self, state: MeteoState, command: Command) -> Msg:
        b = self.board
        c = command
        who = (self.name(state, c.seat) if 0 <= c.seat < state.players
               else msg("meteo.seat_n", n=c.seat + 1))
        if isinstance(c, PlaceMarker):
            pos = tuple(c.pos)
            lying = state.marker_map.get(pos)
            if lying:
                return msg("meteo.cmd.place_cancel", name=who, marker=words.marker(c.kind),
                           lying=words.marker(lying), label=b.label(pos))
            return msg("meteo.cmd.place", name=who, marker=words.marker(c.kind),
                       space=words.space(b, pos))
        if isinstance(c, EndPlacement):
            return msg("meteo.cmd.end_placement", name=who)
        if isinstance(c, RelocateFigure):
            key = "meteo.cmd.relocate" if c.owner == c.seat else "meteo.cmd.relocate_other"
            return msg(key, name=who, owner=self.name(state, c.owner), label=b.label(tuple(c.src)),
                       space=words.space(b, tuple(c.dst)))
        if isinstance(c, RelocateWitch):
            return msg("meteo.cmd.relocate_witch", name=who, witch=c.witch + 1,
                       space=words.space(b, tuple(c.dst)))
        if isinstance(c, StepFigure):
            return msg("meteo.cmd.step", name=who, src=words.space(b, tuple(c.src)),
                       dst=words.space(b, tuple(c.dst)))
        if isinstance(c, StepWitch):
            src = state.witches[c.witch] if 0 <= c.witch < len(state.witches) else None
            if src:
                return msg("meteo.cmd.step_witch_from", name=who, witch=c.witch + 1,
                           src=words.space(b, src), dst=words.space(b, tuple(c.dst)))
            return msg("meteo.cmd.step_witch", name=who, witch=c.witch + 1,
                       dst=words.space(b, tuple(c.dst)))
        if isinstance(c, EndMovement):
            if state.steps_left:
                return msg("meteo.cmd.end_movement_unused", name=who, n=state.steps_left)
            return msg("meteo.cmd.end_movement", name=who)
        if isinstance(c, RemoveMarker):
            pos = tuple(c.pos)
            kind = state.marker_map.get(pos)
            if kind is None:
                return msg("meteo.cmd.remove_unknown", name=who, label=b.label(pos))
            return msg("meteo.cmd.remove", name=who, marker=words.marker(kind), label=b.label(pos))
        if isinstance(c, SkipRemoval):
            return msg("meteo.cmd.skip_removal", name=who)
        if isinstance(c, DrawMarker):
            if c.source == "supply":
                return msg("meteo.cmd.draw_supply", name=who)
            return msg("meteo.cmd.draw_face_up", name=who, marker=words.marker(c.source))
        if isinstance(c, RollWind):
            return msg("meteo.cmd.roll", name=who)
        return msg("meteo.cmd.other", name=who, command=type(c).__name__)

    def describe_event(self, state: MeteoState, event: Event) -> Msg:
        b = self.board
        e = event
        nm = lambda seat: self.name(state, seat)  # noqa: E731
        if isinstance(e, SupplyShuffled):
            return msg("meteo.event.shuffled")
        if isinstance(e, MarkerDrawn):
            return msg("meteo.event.drawn", name=nm(e.seat))
        if isinstance(e, FaceUpTurned):
            top = state.supply[0] if state.supply else UNKNOWN
            if top == UNKNOWN:
                return msg("meteo.event.face_up_turned_unknown")
            return msg("meteo.event.face_up_turned", marker=words.marker(top))
        if isinstance(e, FaceUpTaken):
            return msg("meteo.event.face_up_taken", name=nm(e.seat), marker=words.marker(e.kind))
        if isinstance(e, TurnBegan):
            return msg("meteo.event.turn_began", round=e.round, name=nm(e.seat))
        if isinstance(e, PhaseBegan):
            if e.phase in (PLACE, MOVE, WITCH, DRAW, WIND_PHASE, END):
                return msg(f"meteo.event.phase_{e.phase}", name=nm(state.current))
            return msg("meteo.event.phase_other", name=nm(state.current), phase=e.phase)
        if isinstance(e, MarkerPlaced):
            return msg("meteo.event.placed", name=nm(e.seat), marker=words.marker(e.kind),
                       space=words.space(b, tuple(e.pos)))
        if isinstance(e, MarkersCancelled):
            return msg("meteo.event.cancelled", name=nm(e.seat), marker=words.marker(e.kind),
                       lying=words.marker(e.lying), label=b.label(tuple(e.pos)))
        if isinstance(e, FigureRelocated):
            if e.home:
                return msg("meteo.event.figure_relocated_home", name=nm(e.seat),
                           owner=nm(e.owner), label=b.label(tuple(e.src)))
            return msg("meteo.event.figure_relocated", name=nm(e.seat), owner=nm(e.owner),
                       label=b.label(tuple(e.src)), space=words.space(b, tuple(e.dst)))
        if isinstance(e, WitchRelocated):
            if e.home:
                return msg("meteo.event.witch_relocated_home", name=nm(e.seat), witch=e.witch + 1)
            return msg("meteo.event.witch_relocated", name=nm(e.seat), witch=e.witch + 1,
                       space=words.space(b, tuple(e.dst)))
        if isinstance(e, FigureStepped):
            return msg("meteo.event.figure_stepped", name=nm(e.seat),
                       src=words.space(b, tuple(e.src)), dst=words.space(b, tuple(e.dst)))
        if isinstance(e, WitchStepped):
            return msg("meteo.event.witch_stepped", name=nm(e.seat), witch=e.witch + 1,
                       space=words.space(b, tuple(e.dst)))
        if isinstance(e, MarkerRemoved):
            return msg("meteo.event.removed", witch=e.witch + 1, marker=words.marker(e.kind),
                       label=b.label(tuple(e.pos)))
        if isinstance(e, DieRolled):
            return msg("meteo.event.rolled", name=nm(e.seat), face=e.face,
                       direction=words.direction(b.wind_rose[e.face - 1]))
        if isinstance(e, MarkersBlown):
            if e.lost:
                return msg("meteo.event.blown_lost", n=len(e.moves),
                           lost=msg("meteo.event.blown_back", n=len(e.lost)))
            return msg("meteo.event.blown", n=len(e.moves))
        if isinstance(e, WindAdvanced):
            return msg("meteo.event.wind_advanced")
        if isinstance(e, DiePassed):
            return msg("meteo.event.die_passed", name=nm(e.seat))
        if isinstance(e, EndTriggered):
            return msg("meteo.event.end_triggered", name=nm(e.seat))
        if isinstance(e, GameEnded):
            if state.ending >= 0:
                return msg("meteo.event.game_ended_home",
                           colour=words.colour(b, state.colours[state.ending]))
            return msg("meteo.event.game_ended_limit", n=state.round_limit)
        return msg("meteo.event.other", event=type(e).__name__)


#: what a progress line shows (language first) -> its text (``Meteo.progress``)
_PROGRESS_TEXTS: dict[tuple, str] = {}


def _set(t: tuple, i: int, v: object) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def _sorted(t: Iterable) -> tuple:
    return tuple(sorted(t))


def _remove(t: tuple, v: object) -> tuple:
    i = t.index(v)
    return t[:i] + t[i + 1:]


# -- apply: each event's changes to the state's fields (one new state per event) ----------------


def _a_shuffled(s: MeteoState, e: SupplyShuffled) -> dict:
    return {"supply": tuple(e.order), "returned": ()}


def _a_drawn(s: MeteoState, e: MarkerDrawn) -> dict:
    return {"supply": s.supply[1:],
            "hands": _set(s.hands, e.seat, _sorted(s.hands[e.seat] + s.supply[:1]))}


def _a_face_up(s: MeteoState, e: FaceUpTurned) -> dict:
    return {"supply": s.supply[1:], "face_up": s.face_up + s.supply[:1]}


def _a_face_up_taken(s: MeteoState, e: FaceUpTaken) -> dict:
    i = s.face_up.index(e.kind)
    return {"face_up": s.face_up[:i] + s.face_up[i + 1:], "took_face_up": True,
            "hands": _set(s.hands, e.seat, _sorted(s.hands[e.seat] + (e.kind,)))}


def _a_turn(s: MeteoState, e: TurnBegan) -> dict:
    return {"current": e.seat, "round": e.round, "phase": PLACE, "placed": 0,
            "steps_left": STEPS_PER_TURN, "witch_moved": -1, "took_face_up": False,
            "wind_blown": False}


def _a_phase(s: MeteoState, e: PhaseBegan) -> dict:
    return {"phase": e.phase}


def _a_placed(s: MeteoState, e: MarkerPlaced) -> dict:
    return {"hands": _set(s.hands, e.seat, _remove(s.hands[e.seat], e.kind)),
            "markers": tuple(sorted(s.markers + ((tuple(e.pos), e.kind),))),
            "placed": s.placed + 1}


def _a_cancelled(s: MeteoState, e: MarkersCancelled) -> dict:
    pos = tuple(e.pos)
    return {"hands": _set(s.hands, e.seat, _remove(s.hands[e.seat], e.kind)),
            "markers": tuple(m for m in s.markers if m[0] != pos),
            "returned": s.returned + (e.kind, e.lying), "placed": s.placed + 1}


def _a_relocated(s: MeteoState, e: FigureRelocated) -> dict:
    figs = _sorted(_remove(s.figures[e.owner], tuple(e.src)) + (tuple(e.dst),))
    return {"figures": _set(s.figures, e.owner, figs)}


def _a_stepped(s: MeteoState, e: FigureStepped) -> dict:
    figs = _sorted(_remove(s.figures[e.seat], tuple(e.src)) + (tuple(e.dst),))
    return {"figures": _set(s.figures, e.seat, figs), "steps_left": s.steps_left - 1}


def _a_witch_relocated(s: MeteoState, e: WitchRelocated) -> dict:
    return {"witches": _set(s.witches, e.witch, tuple(e.dst))}


def _a_witch_stepped(s: MeteoState, e: WitchStepped) -> dict:
    return {"witches": _set(s.witches, e.witch, tuple(e.dst)), "witch_moved": e.witch,
            "steps_left": s.steps_left - 1}


def _a_removed(s: MeteoState, e: MarkerRemoved) -> dict:
    pos = tuple(e.pos)
    return {"markers": tuple(m for m in s.markers if m[0] != pos),
            "returned": s.returned + (e.kind,), "phase": END}


def _a_rolled(s: MeteoState, e: DieRolled) -> dict:
    """The die stays on the face it showed until the next roll (the table draws it so, also
    after Continue)."""
    return {"last_roll": e.face}


def _a_blown(s: MeteoState, e: MarkersBlown) -> dict:
    mm = s.marker_map
    moved = tuple(sorted((tuple(t), mm[tuple(f)]) for f, t in e.moves))
    back = tuple(mm[tuple(p)] for p in e.lost)
    return {"markers": moved, "returned": s.returned + back, "wind_blown": True}


def _a_wind(s: MeteoState, e: WindAdvanced) -> dict:
    return {"wind_space": e.space}


def _a_die(s: MeteoState, e: DiePassed) -> dict:
    return {"wind_player": e.seat}


def _a_ending(s: MeteoState, e: EndTriggered) -> dict:
    return {"ending": e.seat}


def _a_ended(s: MeteoState, e: GameEnded) -> dict:
    return {"phase": OVER}


_APPLY = {
    SupplyShuffled: _a_shuffled, MarkerDrawn: _a_drawn, FaceUpTurned: _a_face_up,
    FaceUpTaken: _a_face_up_taken, TurnBegan: _a_turn, PhaseBegan: _a_phase,
    MarkerPlaced: _a_placed, MarkersCancelled: _a_cancelled, FigureRelocated: _a_relocated,
    FigureStepped: _a_stepped, WitchRelocated: _a_witch_relocated,
    WitchStepped: _a_witch_stepped, MarkerRemoved: _a_removed, DieRolled: _a_rolled,
    MarkersBlown: _a_blown, WindAdvanced: _a_wind, DiePassed: _a_die, EndTriggered: _a_ending,
    GameEnded: _a_ended,
}

GAME = Meteo()
