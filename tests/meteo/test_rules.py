"""One test per rule sentence of the Meteo rulebook (quoted in each test's docstring)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from weather_tabletop.engine.chance import rng
from weather_tabletop.games.meteo.board import BOARD, DIRECTIONS, LANDSCAPES, add
from weather_tabletop.games.meteo.bots import _field
from weather_tabletop.games.meteo.commands import (DrawMarker, EndMovement, EndPlacement,
                                                   PlaceMarker, RelocateFigure, RemoveMarker,
                                                   RollWind, StepFigure, StepWitch)
from weather_tabletop.games.meteo.events import (DieRolled, EndTriggered, GameEnded,
                                                 MarkersBlown, SupplyShuffled)
from weather_tabletop.games.meteo.rules import GAME
from weather_tabletop.games.meteo.state import DRAW, MOVE, OVER, PLACE, WIND, WITCH
from weather_tabletop.i18n import tr

from .helpers import config, home, refused, run, start, started, state

RED_FRONT = ((2, -5), (3, -5))  # coloured spaces in front of the red village (3, -6)
B4 = (2, -4)  # plain between them
C5 = (2, -3)  # mountains


def moving(players: int = 2, figures=None, markers=(), steps: int = 6, **kw):
    s = started(players)
    figs = figures if figures is not None else s.figures
    return state(players, figures=figs, markers=list(markers), phase=MOVE, steps_left=steps,
                 current=0, **kw)


def red_with(*positions, players: int = 2):
    """Red's figures at ``positions``, the rest in its starting village."""
    s = started(players)
    figs = [list(f) for f in s.figures]
    for i, p in enumerate(positions):
        figs[0][i] = p
    return figs


def landscape(kind: str, avoid=()) -> tuple[int, int]:
    return next(p for p in BOARD.landscape_spaces()
                if BOARD.spaces[p].landscape == kind and p not in avoid)


# -- Setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,figures", [(2, 9), (3, 6), (4, 5)])
def test_setup(players, figures):
    """Setup: 9 / 6 / 5 figures in the village facing the colour; 3 secret markers each, two face
    up; the witches on their grey dots; the wind marker on its start space; seat 0 has the die."""
    s = started(players)
    for seat in range(players):
        assert s.figures[seat] == (start(s, seat),) * figures
        assert len(s.hands[seat]) == 3
    assert len(s.face_up) == 2 and s.marker_total() == 30
    assert len(s.supply) == 30 - 3 * players - 2
    assert s.witches == tuple(BOARD.perches)
    assert s.wind_space == BOARD.wind_start and BOARD.wind_circle[s.wind_space] == "G"
    assert (s.wind_player, s.current, s.phase, s.round) == (0, 0, PLACE, 1)


def test_setup_colours():
    """"With 3 players, red, dark yellow (orange) and blue, or light yellow, light blue and green";
    with 2 two opposite colours; with 4 one opposite pair is left out."""
    assert started(2).colours == (0, 3)
    assert started(2, colours=("blue", "green")).colours == (4, 1)
    assert started(3).colours == (0, 2, 4)
    assert started(3, colours=("green", "yellow", "lightblue")).colours == (1, 3, 5)
    assert started(4, colours=("green", "orange", "blue", "lightblue")).colours == (1, 2, 4, 5)
    for players, wrong in ((2, ("red", "green")), (3, ("red", "green", "blue")),
                           (4, ("red", "yellow", "green", "orange")), (2, ("red", "purple"))):
        reason = GAME.check_seats(config(players, colours=wrong))
        assert reason and tr(reason).startswith("Setup:")
        with pytest.raises(ValueError, match="Setup"):
            started(players, colours=wrong)
    for c in range(6):
        assert BOARD.villages[(c + 3) % 6] == (-BOARD.villages[c][0], -BOARD.villages[c][1])


# -- 2. Move Figures --------------------------------------------------------------------------

def test_first_step_out_of_the_village_counts():
    """"Players first move onto one of the coloured spaces in front of the village, which counts
    as one move"."""
    s = run(started(2), EndPlacement(0))
    front = BOARD.front[(s.colours[0] + 3) % 6]
    s = run(s, StepFigure(0, start(s, 0), front[0]))
    assert s.steps_left == 5 and front[0] in s.figures[0]


def test_six_steps_per_turn():
    """"With each turn a player may move 6 steps"."""
    s = run(started(2), EndPlacement(0))
    field = _field((), s.colours[0])
    p = start(s, 0)
    for _ in range(6):
        assert s.current == 0 and s.phase == MOVE
        nxt = min((n for n in BOARD.neighbours[p]
                   if StepFigure(0, p, n) in GAME.legal_commands(s, 0)),
                  key=lambda n: field.get(n, 99))
        s = run(s, StepFigure(0, p, nxt))
        p = nxt
    assert s.current == 1  # the 6th step ended red's movement (and its turn)
    assert "turn" in refused(s, StepFigure(0, p, BOARD.neighbours[p][0]))
    s2 = replace(s, current=0, phase=MOVE, steps_left=0)
    assert "6 steps" in refused(s2, StepFigure(0, p, BOARD.neighbours[p][0]))


def test_at_most_two_figures_on_a_space():
    """"At most 2 figures may be on one space, including while passing through it.\""""
    target = (1, -4)  # forest next to B4
    s = started(2)
    figs = red_with(B4)
    figs[1] = [target, target] + list(s.figures[1][2:])
    s = moving(figures=figs)
    assert "at most 2 figures" in refused(s, StepFigure(0, B4, target))
    figs[1][1] = (1, -3)
    s = moving(figures=figs)
    assert StepFigure(0, B4, target) in GAME.legal_commands(s, 0)


def test_one_figure_standing_on_a_coloured_space():
    """"On the coloured spaces in front of the villages at most one figure may stand, so that
    passing through is always possible.\""""
    s = started(2)
    figs = red_with(B4)
    figs[1] = [RED_FRONT[1]] + list(s.figures[1][1:])
    s = moving(figures=figs)
    s = run(s, StepFigure(0, B4, RED_FRONT[1]))  # passing through
    assert "coloured space" in refused(s, EndMovement(0))
    assert "move on" in refused(s, StepFigure(0, start(s, 0), BOARD.front[3][0]))
    s = run(s, StepFigure(0, RED_FRONT[1], home(s, 0)))
    assert home(s, 0) in s.figures[0]
    # with one step left it may not step on: it could not move on
    s = moving(figures=figs, steps=1)
    assert "coloured space" in refused(s, StepFigure(0, B4, RED_FRONT[1]))


def test_at_most_one_witch_per_turn():
    """"6 steps, which he may distribute freely among his figures and one weather witch.\""""
    s = moving()
    w0 = BOARD.neighbours[s.witches[0]][0]
    s = run(s, StepWitch(0, 0, w0))
    assert s.witch_moved == 0 and s.steps_left == 5
    w1 = BOARD.neighbours[s.witches[1]][0]
    assert "one weather witch" in refused(s, StepWitch(0, 1, w1))
    assert any(isinstance(c, StepWitch) and c.witch == 0 for c in GAME.legal_commands(s, 0))


def test_only_passable_spaces():
    """"Movement may only go through or into passable spaces" (a lake is impassable unless the
    weather makes it passable)."""
    lake = (1, 1)
    src = (2, 0)
    s = moving(figures=red_with(src))
    assert "passable" in refused(s, StepFigure(0, src, lake))
    s = moving(figures=red_with(src), markers=[(lake, "sun")])
    assert StepFigure(0, src, lake) in GAME.legal_commands(s, 0)
    plain = (2, 1)
    s = moving(figures=red_with(src), markers=[(plain, "rain")])
    assert "passable" in refused(s, StepFigure(0, src, plain))


def test_wind_space_is_always_impassable():
    """"The wind space in the middle is always impassable.\""""
    s = moving(figures=red_with((1, 0)))
    assert "wind space" in refused(s, StepFigure(0, (1, 0), (0, 0)))


def test_fog_may_be_entered_but_not_left():
    """"One may not move out of or through fog spaces. Moving into a fog space is allowed, but the
    figure is then held there.\""""
    s = moving(figures=red_with(B4), markers=[(C5, "fog")])
    s = run(s, StepFigure(0, B4, C5))
    assert "fog" in refused(s, StepFigure(0, C5, B4))
    assert not any(isinstance(c, StepFigure) and c.src == C5 for c in GAME.legal_commands(s, 0))


def test_no_foreign_villages():
    """"One may not move into foreign villages" (the starting village included); the own village
    may be entered."""
    green_front = BOARD.front[1][0]
    s = moving(figures=red_with(green_front, RED_FRONT[0], BOARD.front[3][0]))
    assert "foreign villages" in refused(s, StepFigure(0, green_front, BOARD.villages[1]))
    assert "foreign villages" in refused(s, StepFigure(0, BOARD.front[3][0], start(s, 0)))
    assert StepFigure(0, RED_FRONT[0], home(s, 0)) in GAME.legal_commands(s, 0)


# -- 1. Place Weather Markers -----------------------------------------------------------------

@pytest.mark.parametrize("kind", BOARD.marker_kinds)
@pytest.mark.parametrize("land", LANDSCAPES)
def test_placement_table_landscape_cells(kind, land):
    """"Only the combinations marked in colour in the table are allowed.\""""
    s = started(2)
    p = landscape(land)
    s = state(2, hands=[(kind,), s.hands[1]], phase=PLACE)
    cell = BOARD.cells.get((kind, land))
    if cell is None:
        assert "Placement Table" in refused(s, PlaceMarker(0, kind, p))
    else:
        s = run(s, PlaceMarker(0, kind, p))
        assert s.marker_map[p] == kind
        assert GAME.effect(s, p) == cell.effect


def test_printed_cells():
    """The printed rows: Sun on Plain makes it impassable, on Water passable; Rain makes Plain and
    Forest impassable; and the reviews' cells (rules README)."""
    c = BOARD.cells
    assert c[("sun", "plain")].effect == "impassable"
    assert c[("sun", "lake")].effect == "passable"
    assert ("sun", "forest") not in c and ("sun", "mountains") not in c
    assert {k for (m, k) in c if m == "sun" and c[(m, k)].effect == "cancel"} == {"rain", "fog", "ice"}
    assert c[("rain", "plain")].effect == c[("rain", "forest")].effect == "impassable"
    assert ("rain", "mountains") not in c and ("rain", "lake") not in c
    assert c[("ice", "lake")].effect == "passable"
    assert c[("ice", "mountains")].effect == "impassable"
    assert c[("fire", "forest")].effect == "impassable"
    assert c[("thunderstorm", "mountains")].effect == "impassable"
    assert c[("fog", "mountains")].effect == "holds"
    for kind in BOARD.marker_kinds:  # every marker has a use on a landscape and on a marker
        assert any(m == kind and o in LANDSCAPES for m, o in c)
        assert any(m == kind and c[(m, o)].effect == "cancel" for m, o in c)
    for (a, b), cell in c.items():  # cancellation is symmetric
        if cell.effect == "cancel":
            assert c[(b, a)].effect == "cancel"


def test_cancellation_removes_both_into_the_supply():
    """"placed on weather markers that are already lying down, cancelling them. Both markers are
    removed at once and shuffled face down back into the supply.\""""
    p = landscape("plain")
    s = state(2, markers=[(p, "rain")], hands=[("sun", "ice"), ("ice",)], phase=PLACE)
    before = len(s.supply)
    events = GAME.decide(s, PlaceMarker(0, "sun", p))
    assert any(isinstance(e, SupplyShuffled) and e.chance for e in events)
    s2 = run(s, PlaceMarker(0, "sun", p))
    assert p not in s2.marker_map and len(s2.supply) == before + 2
    assert s2.marker_total() == s.marker_total()
    assert "Placement Table" in refused(s, PlaceMarker(0, "ice", p))  # ice does not cancel rain


def test_at_most_two_markers_per_turn():
    """"The player may play at most two of his weather markers\""""
    ps = [p for p in BOARD.landscape_spaces() if BOARD.spaces[p].landscape == "plain"][:3]
    s = state(2, hands=[("rain", "rain", "sun"), ("ice",)], phase=PLACE)
    s = run(s, PlaceMarker(0, "rain", ps[0]))
    s = run(s, PlaceMarker(0, "rain", ps[1]))
    assert s.phase == MOVE
    assert "Course of Play" in refused(s, PlaceMarker(0, "sun", ps[2]))


def test_coloured_spaces_are_never_covered():
    """"The two coloured spaces lying in front of the villages may not be covered with weather
    markers.\""""
    s = state(2, hands=[("rain", "sun", "fog"), ("ice",)], phase=PLACE)
    for kind in ("rain", "sun", "fog"):
        assert "coloured spaces" in refused(s, PlaceMarker(0, kind, RED_FRONT[0]))
    assert "wind space" in refused(s, PlaceMarker(0, "fog", (0, 0)))


def test_forced_relocation_back_to_the_start():
    """"the active player must move those figures onto a passable neighbouring space ... If this
    is not possible, the figure must start again in the village.\""""
    s = started(2)
    figs = red_with(B4)
    figs[1] = list(RED_FRONT) + list(s.figures[1][2:])
    blocked = [((3, -4), "rain"), ((1, -4), "rain"), ((1, -3), "rain"), (C5, "ice")]
    s = state(2, figures=figs, markers=blocked, hands=[("rain",), s.hands[1]], phase=PLACE)
    s = run(s, PlaceMarker(0, "rain", B4))
    assert GAME.legal_commands(s, 0) == [RelocateFigure(0, 0, B4, start(s, 0))]
    s = run(s, RelocateFigure(0, 0, B4, start(s, 0)))
    assert s.figures[0].count(start(s, 0)) == 9
    # with a free neighbour, going back is refused
    s = state(2, figures=red_with(B4), hands=[("rain",), s.hands[1]], phase=PLACE)
    s = run(s, PlaceMarker(0, "rain", B4))
    assert "only if" in refused(s, RelocateFigure(0, 0, B4, start(s, 0)))


# -- the weather witch ------------------------------------------------------------------------

def test_witch_removes_a_marker_from_a_row_in_sight():
    """"At the end of your turn she may remove one weather marker from one of the rows she can
    now see into ... returns it face down to the supply.\""""
    in_sight, out_of_sight = (2, 0), B4
    s = moving(markers=[(in_sight, "rain"), (out_of_sight, "rain")])
    w = BOARD.neighbours[s.witches[0]][0]  # (5, 0)
    s = run(s, StepWitch(0, 0, w))
    s = run(s, EndMovement(0))  # the hand is full (no draw); the wind marker just advances
    assert s.phase == WITCH and s.current == 0 and s.wind_space == 1
    assert "row she can see" in refused(s, RemoveMarker(0, out_of_sight))
    before = len(s.supply)
    s2 = run(s, RemoveMarker(0, in_sight))
    assert in_sight not in s2.marker_map and s2.marker_total() == s.marker_total()
    assert len(s2.supply) == before + 1  # back in the supply
    assert (s2.current, s2.phase) == (1, PLACE)  # and the turn is over


def test_no_removal_without_a_moved_witch():
    s = moving(markers=[((2, 0), "rain")])
    s = run(s, EndMovement(0))
    assert s.phase != WITCH


def test_witch_removal_comes_after_the_draw_so_the_marker_cannot_be_drawn_back():
    """"At the end of your turn she may remove one weather marker ... and returns it face down
    to the supply": after step 3 (Draw Weather Markers), so the marker she removes is not drawn
    back in the same turn, and she is not offered before the draw."""
    in_sight = (2, 0)
    s = moving(markers=[(in_sight, "rain")])
    s = replace(s, hands=((s.hands[0][0],), s.hands[1]), wind_player=1)  # two placed earlier
    s = run(s, StepWitch(0, 0, BOARD.neighbours[s.witches[0]][0]))
    s = run(s, EndMovement(0))
    assert s.phase == DRAW
    assert "end of your turn" in refused(s, RemoveMarker(0, in_sight))
    s = run(run(s, DrawMarker(0, "supply")), DrawMarker(0, "supply"))
    hand = s.hands[0]
    assert s.phase == WITCH and len(hand) == 3
    assert not any(isinstance(c, DrawMarker) for c in GAME.legal_commands(s, 0))
    s2 = run(s, RemoveMarker(0, in_sight))
    assert (s2.current, s2.phase) == (1, PLACE)  # the turn is over: nothing more is drawn
    assert s2.hands[0] == hand and "rain" in s2.supply
    assert s2.marker_total() == s.marker_total()


def test_wind_player_witch_chooses_after_the_wind():
    """"At the end of your turn she may remove one weather marker from one of the rows she can
    now see into": the wind player's witch chooses among the markers as the wind has left them
    (step 4 comes before the end of the turn)."""
    s = moving(wind_space=1)  # the wind player (seat 0) will make wind on a blue space
    witch = BOARD.neighbours[s.witches[0]][0]
    s = run(s, StepWitch(0, 0, witch))
    s = replace(s, steps_left=0)
    d = BOARD.wind_rose[rng(s.seed, s.chance_counter).die() - 1]
    sight = BOARD.sight(witch)
    fog_ok = {land for (kind, land) in BOARD.cells if kind == "fog"}
    figures = {p for f in s.figures for p in f} | set(s.witches)

    def fits(p):
        sp = BOARD.spaces[p]
        return sp.kind == "landscape" and sp.landscape in fog_ok and p not in figures

    src = next(p for p in BOARD.landscape_spaces() if p not in sight and fits(p)
               and BOARD.blow_target(p, d) in sight and fits(BOARD.blow_target(p, d)))
    s = replace(s, markers=((src, "fog"),))
    s = run(s, EndMovement(0))
    assert s.phase == WIND  # no witch's choice before the wind: she sees no marker yet
    s = run(s, RollWind(0))
    target = BOARD.blow_target(src, d)
    assert s.markers == ((target, "fog"),)
    assert s.phase == WITCH and s.current == 0
    assert RemoveMarker(0, target) in GAME.legal_commands(s, 0)
    s = run(s, RemoveMarker(0, target))
    assert s.markers == () and (s.current, s.phase) == (1, PLACE)


def test_after_a_wind_the_active_player_moves_figures_off_a_space_the_witch_opened():
    """"If this creates an impassable space on which figures stand, the active player must move
    those figures": the witch's removal at the end of a wind turn is the active player's doing
    (the owners move figures only for the wind), and the guide's step says so."""
    from weather_tabletop.games.meteo.view import guide_step

    witch = BOARD.neighbours[BOARD.perches[0]][0]
    lake = next(p for p in BOARD.landscape_spaces() if BOARD.spaces[p].landscape == "lake"
                and p in BOARD.sight(witch))
    s = started(2)
    figs = [list(f) for f in s.figures]
    figs[0][0] = lake
    s = state(2, figures=figs, markers=[(lake, "sun")], phase=WITCH, current=1, wind_player=0,
              wind_blown=True, witch_moved=0,
              witches=(witch,) + tuple(BOARD.perches[1:]))
    s = run(s, RemoveMarker(1, lake))
    assert GAME.displaced(s) and GAME.to_act(s) == (1,)
    assert guide_step(s) == "leave-impassable"
    s = run(s, GAME.legal_commands(s, 1)[0])
    assert (s.current, s.phase) == (0, PLACE)


# -- 3. Draw Weather Markers ------------------------------------------------------------------

def test_draw_back_to_three_with_at_most_one_face_up():
    """"the player draws as many weather markers again as he has placed. In doing so he may take
    at most one of the markers lying face up (and then turns over a new one).\""""
    s = started(2)
    s = state(2, hands=[(s.hands[0][0],), s.hands[1]], phase=DRAW, face_up=("sun", "rain"))
    s = run(s, DrawMarker(0, "sun"))
    assert len(s.face_up) == 2 and len(s.hands[0]) == 2  # a new one was turned up
    assert "at most one" in refused(s, DrawMarker(0, s.face_up[0]))
    s2 = run(s, DrawMarker(0, "supply"))
    assert len(s2.hands[0]) == 3 and s2.phase != DRAW and s2.marker_total() == s.marker_total()


# -- 4. Make Wind -----------------------------------------------------------------------------

def test_wind_on_a_grey_space_just_advances():
    """"If the wind marker stands on a grey space, the wind player moves it one space further in
    clockwise direction and ends his turn.\""""
    s = run(run(started(2), EndPlacement(0)), EndMovement(0))
    assert (s.wind_space, s.wind_player, s.current) == (1, 0, 1)


def _blowing_state(players=2, **kw):
    s = state(players, wind_space=1, phase=WIND, **kw)
    face = rng(s.seed, s.chance_counter).die()
    return s, BOARD.wind_rose[face - 1]


def test_wind_on_a_blue_space_shifts_every_marker():
    """"Now all weather markers ... are shifted one space in the wind direction"; then the marker
    advances and the die passes on (with 2 players, to the other player)."""
    s, d = _blowing_state()
    plains = [p for p in BOARD.landscape_spaces() if BOARD.spaces[p].landscape == "plain"]
    ms = [(p, "fog") for p in plains if BOARD.spaces[BOARD.blow_target(p, d)].kind == "landscape"
          and BOARD.spaces[BOARD.blow_target(p, d)].landscape != "lake"][:4]
    s = replace(s, markers=tuple(sorted(ms)))
    events = GAME.decide(s, RollWind(0))
    assert isinstance(events[0], DieRolled) and events[0].chance
    s2 = run(s, RollWind(0))
    assert set(s2.markers) == {(BOARD.blow_target(p, d), k) for p, k in ms}
    assert (s2.wind_space, s2.wind_player, s2.current) == (2, 1, 1)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("wind_player", [0, 1, 2])
def test_the_die_goes_to_the_right_hand_neighbour(players, wind_player):
    """"Players take turns in clockwise order." ... "hands the die to his right-hand neighbour.
    This player is now the wind player until he has once triggered a wind.": at a clockwise
    table the right-hand neighbour is the player before him in turn order."""
    s, _ = _blowing_state(players, current=wind_player, wind_player=wind_player)
    s2 = run(s, RollWind(wind_player))
    assert s2.wind_space == 2
    assert s2.wind_player == (wind_player - 1) % players


@pytest.mark.parametrize("players,every", [(2, 3), (3, 5), (4, 7)])
def test_wind_blows_every_so_many_turns(players, every):
    """The die passing to the right-hand neighbour (the previous player) on a circle of grey and
    blue spaces: the wind blows every 3 turns with 2 players, 5 with 3 and 7 with 4."""
    s = started(players)
    blown_at, turn = [], 0
    while len(blown_at) < 4:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_commands(s, seat)
        if RollWind(seat) in legal:
            blown_at.append(turn)
            cmd = RollWind(seat)
        else:
            cmd = next(c for c in legal if isinstance(c, (EndPlacement, EndMovement)))
        before = s.current
        s = run(s, cmd)
        turn += s.current != before
    assert [b - a for a, b in zip(blown_at, blown_at[1:])] == [every] * 3


def test_wind_wraps_round_the_island():
    """"If a weather marker is pushed off the game board, it comes back on from the opposite
    side.\" ("The earth is round")"""
    assert BOARD.blow_target((5, 0), "E") == (-5, 0)
    assert BOARD.blow_target((0, -5), "NW") == (0, 5)
    for p in BOARD.island():
        for d, v in DIRECTIONS.items():
            t = BOARD.blow_target(p, d)
            assert BOARD.on_island(t) and t != p
            if not BOARD.on_island(add(p, v)):
                assert not BOARD.on_island(add(t, (-v[0], -v[1])))


def test_wind_returns_markers_that_cannot_lie_there():
    """"If a weather marker is pushed into a landscape on which it may not lie ... it is shuffled
    back into the supply.\""""
    s, d = _blowing_state()
    forest = next(p for p in BOARD.landscape_spaces() if BOARD.spaces[p].landscape == "forest"
                  and BOARD.spaces[BOARD.blow_target(p, d)].landscape not in ("forest", None))
    s = replace(s, markers=((forest, "fire"),))
    events = GAME.decide(s, RollWind(0))
    blown = next(e for e in events if isinstance(e, MarkersBlown))
    assert blown.lost == (forest,) and blown.moves == ()
    assert any(isinstance(e, SupplyShuffled) for e in events)
    before = len(s.supply)
    s2 = run(s, RollWind(0))
    assert s2.markers == () and s2.marker_total() == s.marker_total()
    assert len(s2.supply) == before + 1


def test_wind_markers_move_at_once():
    """"Since the weather markers theoretically move at the same time, none of them can move onto
    another one": a whole row of markers shifts together."""
    s, d = _blowing_state()
    row = [p for p in BOARD.island() if p[1] == 0 and p != (0, 0)]
    s = replace(s, markers=tuple(sorted((p, "fog") for p in row if BOARD.spaces[p].landscape
                                        in ("plain", "forest", "mountains"))))
    blown = GAME._blow(s, d)
    targets = [t for _, t in blown.moves]
    assert len(targets) == len(set(targets))


def test_wind_displaced_figures_moved_by_owners_in_order():
    """"If impassable spaces arise ... the respective owners must move these figures after the
    wind, beginning with the starting player\""""
    s, d = _blowing_state()
    lakes = [(1, 1), (-1, -1)]
    figs = red_with(lakes[0])
    figs[1] = [lakes[1]] + list(s.figures[1][1:])
    s = replace(s, figures=tuple(tuple(sorted(f)) for f in figs), current=1, wind_player=1,
                markers=tuple((p, "sun") for p in sorted(lakes)))
    s = run(s, RollWind(1))
    assert sorted(GAME.displaced(s)) == sorted([(0, -1, lakes[0]), (1, -1, lakes[1])])
    assert GAME.to_act(s) == (0,)  # the starting player first, though Yellow rolled
    assert all(c.owner == 0 for c in GAME.legal_commands(s, 0))
    assert GAME.legal_commands(s, 1) == []
    s = run(s, GAME.legal_commands(s, 0)[0])
    assert GAME.to_act(s) == (1,)
    s = run(s, GAME.legal_commands(s, 1)[0])
    assert (s.wind_space, s.wind_player, s.current, s.round) == (2, 0, 0, 2)


# -- End of the Game and Scoring --------------------------------------------------------------

def test_the_round_is_played_to_the_end():
    """"As soon as the first player has drawn all his figures into his own half ... the game
    ends. The round is still played to the end.\""""
    border = (1, 0)  # on red's white path (r = 0): not in red's half
    inside = (1, -1)
    s = started(2)
    figs = [[home(s, 0)] * 8 + [border], list(s.figures[1])]
    s = state(2, figures=figs, phase=MOVE, steps_left=6, markers=[])
    s = run(s, StepFigure(0, border, inside))
    assert s.ending == 0 and s.phase == MOVE
    s = run(s, EndMovement(0))
    assert s.current == 1 and s.phase != OVER  # yellow still plays
    s = run(run(s, EndPlacement(1)), EndMovement(1))
    assert s.phase == OVER


def shown(breakdown) -> dict[str, int]:
    """A score breakdown by its categories' English names."""
    return {tr(k): v for k, v in breakdown}


def test_scoring_with_ties():
    """Scoring: own village 3, own half 1, not in own half -1, still in the starting village -3;
    tied players share the rank."""
    s = started(2)
    red = [home(s, 0), home(s, 0), (1, -1), (1, 1), start(s, 0)] + [(1, -1)] * 4
    yellow = [home(s, 1), (1, 1), (1, 1), (-1, -1), start(s, 1)] + [(2, 1)] * 4
    s = state(2, figures=[red, yellow])
    lines = GAME.scores(s)
    assert shown(lines[0].breakdown) == {"own village": 6, "own half": 5, "not in own half": -1,
                                        "starting village": -3}
    assert lines[0].total == 7
    assert shown(lines[1].breakdown) == {"own village": 3, "own half": 6, "not in own half": -1,
                                        "starting village": -3}
    assert lines[1].total == 5 and (lines[0].rank, lines[1].rank) == (1, 2)
    yellow = [home(s, 1), home(s, 1), (1, 1), (-1, -1), start(s, 1)] + [(2, 1)] * 4
    lines = GAME.scores(state(2, figures=[red, yellow]))
    assert lines[0].total == lines[1].total == 7 and lines[0].rank == lines[1].rank == 1


# -- view -------------------------------------------------------------------------------------

def test_view_hides_other_hands_and_the_supply():
    s = started(3)
    v = GAME.view(s, 1)
    assert v.hands[1] == s.hands[1]
    assert v.hands[0] == ("?",) * 3 and v.hands[2] == ("?",) * 3
    assert v.supply == ("?",) * len(s.supply) and v.face_up == s.face_up
    assert GAME.legal_commands(GAME.view(s, 0), 0) == GAME.legal_commands(s, 0)
