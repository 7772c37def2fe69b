"""The Meteo table with real mouse events: markers dragged from the hand onto lit spaces, figures
dragged space by space, illegal drops refused with the rules' reason, clicks on the die, the
supply and the witch's markers, tooltips, the placement table, drawing at two sizes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.meteo.helpers import state as made_state  # noqa: E402
from tests.ui.helpers import drag, key, mouse, open_table, piece, post, target  # noqa: E402
from weather_tabletop.engine.protocol import GameConfig, SeatConfig  # noqa: E402
from weather_tabletop.games.meteo.board import BOARD, COLOURED, LANDSCAPE, distance  # noqa: E402
from weather_tabletop.games.meteo.commands import (DrawMarker, EndPlacement,  # noqa: E402
                                                   PlaceMarker, RemoveMarker, RollWind,
                                                   StepFigure)
from weather_tabletop.games.meteo.rules import GAME, start_village  # noqa: E402
from weather_tabletop.games.meteo.state import DRAW, MOVE, PLACE, WIND, WITCH  # noqa: E402
from weather_tabletop.games.meteo.view import MeteoView  # noqa: E402
from weather_tabletop.ui.scenes.table import TableScene  # noqa: E402
from weather_tabletop.ui.session import Session  # noqa: E402


def meteo_config(players: int = 2, seed: int = 5) -> GameConfig:
    names = ("Ada", "Ben", "Cleo", "Dev")
    keys = GAME.default_colours(players)
    seats = tuple(SeatConfig(names[i], keys[i]) for i in range(players))
    return GameConfig("meteo", seats, (), seed)


def table(app, players: int = 2, seed: int = 5) -> TableScene:
    return open_table(app, GAME, meteo_config(players, seed))


def test_the_view_is_registered_and_draws(app):
    scene = table(app)
    assert isinstance(scene.view, MeteoView)
    app.render(app.window)
    keys = {p.key[0] for p in scene.view.pieces(scene.view_state, scene.viewer)}
    assert {"hand", "fig", "witch", "supply", "faceup", "die", "done", "table"} <= keys


def test_drag_a_marker_from_the_hand_onto_a_lit_space(app):
    scene = table(app)
    match = scene.session.match
    s = match.state
    assert s.phase == PLACE and scene.viewer == 0
    hand = piece(scene, ("hand", 0, s.hands[0][0]))
    post(app, mouse(pygame.MOUSEBUTTONDOWN, hand.shape.center))
    lit = scene.dragdrop.targets
    assert lit and all(isinstance(c, PlaceMarker) and c.kind == s.hands[0][0] for _, c in lit)
    assert {c for _, c in lit} == {c for c in scene.legal if isinstance(c, PlaceMarker)
                                   and c.kind == s.hands[0][0]}
    shape, cmd = next((sh, c) for sh, c in lit if c.pos not in s.marker_map)
    post(app, mouse(pygame.MOUSEMOTION, shape.center), mouse(pygame.MOUSEBUTTONUP, shape.center))
    after = match.state
    assert (cmd.pos, cmd.kind) in after.markers
    assert len(after.hands[0]) == 2 and after.placed == 1
    assert scene.message == ""


def test_drag_a_figure_two_steps(app):
    scene = table(app)
    match = scene.session.match
    # the Done button ends the placement
    done = piece(scene, ("done",))
    post(app, mouse(pygame.MOUSEBUTTONDOWN, done.shape.center),
         mouse(pygame.MOUSEBUTTONUP, done.shape.center))
    assert match.log[-1].command == EndPlacement(0)
    assert match.state.phase == MOVE
    village = start_village(BOARD, match.state.colours[0])
    key = ("fig", 0, village)
    first = next(c for c in scene.legal if isinstance(c, StepFigure) and c.src == village)
    # while held, the drag image carries the steps left
    assert piece(scene, key).image.get_width() > piece(scene, key).shape.width * 2
    drag(app, piece(scene, key).shape.center, target(scene, key, first))
    assert match.state.steps_left == 5
    assert first.dst in match.state.figures[0]
    key = ("fig", 0, first.dst)
    second = next(c for c in scene.legal if isinstance(c, StepFigure) and c.src == first.dst)
    drag(app, piece(scene, key).shape.center, target(scene, key, second))
    s = match.state
    assert s.steps_left == 4 and second.dst in s.figures[0] and first.dst not in s.figures[0]
    assert s.figures[0].count(village) == len(s.figures[0]) - 1
    assert "4 steps left" in GAME.progress(s)


def test_illegal_drops_snap_back_with_the_rules_reason(app):
    scene = table(app)
    match = scene.session.match
    scene.submit(EndPlacement(0))
    before, state = match.version, match.state
    village = start_village(BOARD, state.colours[0])
    fig = piece(scene, ("fig", 0, village))
    # two spaces away: the rules say one space per step
    far = next(p for p in BOARD.spaces if distance(p, village) == 2
               and BOARD.spaces[p].kind == LANDSCAPE)
    drag(app, fig.shape.center, scene.view.hex_shape(far).center)
    assert match.version == before and match.state is state
    assert "one space per step" in scene.message
    assert scene.dragdrop._snap is not None
    # onto a coloured space in front of a foreign village, then into that village
    step = next(c for c in scene.legal if isinstance(c, StepFigure) and c.src == village)
    scene.submit(step)
    # a drop on a village maps to the step, so the rules can judge it
    other = next(v for c, v in enumerate(BOARD.villages) if c != state.colours[0])
    cmd = scene.view.command_for_drop(piece(scene, ("fig", 0, step.dst)),
                                      scene.view.hex_shape(other).center, scene.view_state, 0)
    assert cmd == StepFigure(0, step.dst, other)
    # another player's figures: the rules say whose they are
    version = match.version
    theirs = start_village(BOARD, state.colours[1])
    dst = next(n for n in BOARD.neighbours[theirs] if BOARD.spaces[n].kind == COLOURED)
    drag(app, piece(scene, ("fig", 1, theirs)).shape.center, scene.view.hex_shape(dst).center)
    assert match.version == version
    assert "no figure on that space" in scene.message


def test_foreign_village_drop_gets_the_rules_reason(app):
    scene = table(app)
    match = scene.session.match
    scene.submit(EndPlacement(0))
    view = scene.view
    # Step towards the neighbour village of the starting one along the rim until beside it.
    s = match.state
    start = start_village(BOARD, s.colours[0])
    ring = BOARD.villages.index(start)
    foreign = BOARD.villages[(ring + 1) % 6]
    assert BOARD.spaces[foreign].colour != s.colours[0]
    path = _path(s, start, foreign)
    for a, b in zip(path, path[1:-1]):
        drag(app, piece(scene, ("fig", 0, a)).shape.center, view.hex_shape(b).center)
        assert b in match.state.figures[0], scene.message
    version = match.version
    drag(app, piece(scene, ("fig", 0, path[-2])).shape.center, view.hex_shape(foreign).center)
    assert match.version == version
    assert "foreign villages" in scene.message


def _path(s, start, goal):
    """Shortest walk over passable spaces (breadth first)."""
    from collections import deque

    prev = {start: None}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if p == goal:
            break
        for n in BOARD.neighbours[p]:
            sp = BOARD.spaces[n]
            ok = n == goal or (sp.kind in (LANDSCAPE, COLOURED)
                               and GAME.effect(s, n) == "passable" and n not in s.occupancy)
            if ok and n not in prev:
                prev[n] = p
                queue.append(n)
    out = [goal]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])
    return out[::-1]


def test_draw_from_the_supply_by_dragging_it_to_the_hand(app):
    scene = table(app)
    match = scene.session.match
    s = match.state
    free = next(c for c in scene.legal if isinstance(c, PlaceMarker) and c.pos not in s.marker_map)
    scene.submit(free)
    scene.submit(EndPlacement(0))
    scene.submit(next(c for c in scene.legal if type(c).__name__ == "EndMovement"))
    assert match.state.phase == DRAW
    supply = piece(scene, ("supply",))
    drag(app, supply.shape.center, scene.view._arect(scene.view.L.hand_rect).center)
    # a draw cannot be undone: the drop asks first (issue 27), Enter answers Play
    assert scene.confirm is not None and scene.confirm.command == DrawMarker(0, "supply")
    post(app, key(pygame.K_RETURN))
    assert match.log[-1].command == DrawMarker(0, "supply")
    assert len(match.state.hands[0]) == 3


def test_click_the_die_to_roll_and_the_wind_is_animated(app):
    scene = table(app, seed=11)
    match = scene.session.match
    rng = random.Random(4)
    s = match.state
    while not (s.phase == WIND and BOARD.wind_circle[s.wind_space] == "B" and s.markers):
        seat = match.to_act()[0]
        legal = match.legal(seat)
        places = [c for c in legal if isinstance(c, PlaceMarker)]
        match.submit(rng.choice(places) if places and rng.random() < 0.8 else rng.choice(legal))
        s = match.state
    post(app)
    assert scene.viewer == s.current
    die = piece(scene, ("die",))
    # a roll cannot be undone: the table asks, unless the roll is the only move and nothing
    # earlier could be undone (then the question protects nothing)
    asks = not (scene.legal == [RollWind(s.current)] and match.undo_reason(s.current) is not None)
    post(app, mouse(pygame.MOUSEBUTTONDOWN, die.shape.center),
         mouse(pygame.MOUSEBUTTONUP, die.shape.center))
    assert (scene.confirm is not None) == asks
    if asks:
        assert scene.confirm.command == RollWind(s.current)
        post(app, key(pygame.K_RETURN))
    assert match.log[-1].command == RollWind(s.current)
    post(app)
    assert scene.view._blow is not None
    app.render(app.window)


def test_the_witch_removes_a_clicked_marker():
    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    view = MeteoView(GAME, pygame.Rect(0, 0, 700, 700))
    pos = (0, -5)  # on the witch's white path (q = 0) from her grey dot (0, -6)
    kind = "rain" if (("rain", BOARD.spaces[pos].landscape) in BOARD.cells) else "fog"
    s = made_state(markers=[(pos, kind)], phase=WITCH, witch_moved=2)
    surface = pygame.Surface((700, 700))
    view.draw(surface, s, 0)
    marker = next(p for p in view.pieces(s, 0) if p.key == ("marker", pos))
    legal = GAME.legal_commands(s, 0)
    lit = [c for _, c in view.drop_targets(marker, legal)]
    assert RemoveMarker(0, pos) in lit
    assert view.command_for_drop(marker, marker.shape.center, s, 0) == RemoveMarker(0, pos)


def test_tooltips_and_the_placement_table(app):
    scene = table(app)
    view = scene.view
    s = scene.view_state
    plain = next(p for p, sp in BOARD.spaces.items() if sp.kind == LANDSCAPE
                 and sp.landscape == "plain")
    tip = view.tooltip_at(view.hex_shape(plain).center, s)
    assert tip and "Plain" in tip and BOARD.label(plain) in tip
    village = start_village(BOARD, s.colours[0])
    tip = view.tooltip_at(view.hex_shape(village).center, s)
    assert "village" in tip and "figures here" in tip
    hand = piece(scene, ("hand", 0, s.hands[0][0]))
    assert "May be placed on" in view.tooltip_at(hand.shape.center, s)
    assert "wind circle" in view.tooltip_at(view._abs(view.L.dial_c), s)
    assert "die" in view.tooltip_at(view._abs(view.L.die_c), s)
    # the hover tooltip through the frame
    post(app, mouse(pygame.MOUSEMOTION, view.hex_shape(plain).center))
    assert scene.tooltip is not None and "Plain" in scene.tooltip[0]
    # the placement table toggles with a click on its button
    button = piece(scene, ("table",))
    post(app, mouse(pygame.MOUSEBUTTONDOWN, button.shape.center),
         mouse(pygame.MOUSEBUTTONUP, button.shape.center))
    assert view.show_table
    app.render(app.window)
    cell = view._table_cells[-1]
    assert " on " in view.tooltip_at(cell[0].center, s)
    # a click on the shown table hides it again
    overlay = view._table_rect()
    post(app, mouse(pygame.MOUSEBUTTONDOWN, overlay.center),
         mouse(pygame.MOUSEBUTTONUP, overlay.center))
    assert not view.show_table


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_draws_at_both_sizes_with_four_players(size):
    from weather_tabletop.ui.screenshot import build_app

    application = build_app("table", size, "meteo", 4, 3, 40, {})
    try:
        application.render(application.window)
        scene = application.top
        view = scene.view
        s = scene.view_state
        # every figure on the island is a piece where the rules put it
        for seat, figs in enumerate(s.figures):
            for p in set(figs):
                pc = next(x for x in view.pieces(s, scene.viewer) if x.key == ("fig", seat, p))
                assert view.hex_at(pc.shape.center) == p
        for w, p in enumerate(s.witches):
            pc = next(x for x in view.pieces(s, scene.viewer) if x.key == ("witch", w))
            assert view.hex_at(pc.shape.center) == p
    finally:
        while application.stack:
            application._drop()


def test_displaced_figures_are_dragged_to_a_lit_neighbour():
    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    view = MeteoView(GAME, pygame.Rect(0, 0, 700, 700))
    s0 = made_state()
    plain = next(p for p, sp in BOARD.spaces.items() if sp.kind == LANDSCAPE
                 and sp.landscape == "plain" and distance(p) == 2)
    figures = [list(f) for f in s0.figures]
    figures[1][0] = plain  # one of the other player's figures on a plain under the rain
    s = made_state(figures=figures, markers=[(plain, "rain")], phase=MOVE)
    view.draw(pygame.Surface((700, 700)), s, 0)
    fig = next(p for p in view.pieces(s, 0) if p.key == ("fig", 1, plain))
    legal = GAME.legal_commands(s, 0)
    lit = view.drop_targets(fig, legal)
    assert lit and all(type(c).__name__ == "RelocateFigure" for _, c in lit)
    shape, cmd = lit[0]
    assert view.command_for_drop(fig, shape.center, s, 0) == cmd
    assert view.hex_at(shape.center) == cmd.dst
    # the hex's tooltip says what the marker does
    assert "impassable" in view.tooltip_at(view.hex_shape(plain).center, s)


def test_t_key_shows_the_placement_table_even_when_a_computer_is_to_move(app):
    """The placement table is a view-only control: it works whoever is to move and changes
    nothing in the match."""
    from tests.ui.helpers import key

    config = GameConfig("meteo", (SeatConfig("Ada", "red"), SeatConfig("Bot", "yellow", "computer")),
                        (), 5)
    scene = TableScene(app, Session.in_memory(GAME, config), privacy=False)
    app.push(scene)
    post(app)
    before = scene.session.match.version
    assert not scene.view.show_table
    post(app, key(pygame.K_t))
    assert scene.view.show_table
    post(app, key(pygame.K_t))
    assert not scene.view.show_table
    button = scene.view._arect(scene.view.L.table_button).center
    post(app, mouse(pygame.MOUSEBUTTONDOWN, button), mouse(pygame.MOUSEBUTTONUP, button))
    assert scene.view.show_table
    assert scene.session.match.version >= before  # only the computer seat may have moved
    assert all(g.seat != 0 for g in scene.session.match.log[before:])


def _drawn(size: tuple[int, int], players: int, steps: int, colour_blind: bool = False,
           scale: float = 1.0):
    """A mid-game position drawn by a fresh view of ``size`` with text recording on."""
    from weather_tabletop.ui.screenshot import _config, play_random
    from weather_tabletop.ui.table_view import ViewContext, set_frame_deadline
    from weather_tabletop.ui.theme import TextCache

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    config = _config("meteo", players, 5, {})
    session = Session.in_memory(GAME, config)
    play_random(session.match, random.Random(5), steps)
    seat = session.match.to_act()[0] if session.match.to_act() else 0
    s = GAME.view(session.match.state, seat)
    text = TextCache()
    text.recording = []
    view = MeteoView(GAME, pygame.Rect(0, 0, *size),
                     context=ViewContext(config.seats, colour_blind, scale, text))
    set_frame_deadline(None)
    surface = pygame.Surface(size)
    view.draw(surface, s, seat)
    return view, s, seat, surface, text.recording


@pytest.mark.parametrize("size", [(1010, 640), (1250, 640), (1000, 625), (1530, 970)])
@pytest.mark.parametrize("players,steps", [(2, 10), (3, 150), (4, 300)])
def test_board_text_is_fitted_at_least_12_px_and_never_overlaps(size, players, steps):
    """Issue 13: every text the board draws goes through ``ctx.text.box``, lies inside its box,
    is 12 px or more at the 1280x720 board size and overlaps no other text on its surface."""
    view, _s, _seat, _surface, drawn = _drawn(size, players, steps)
    assert len(drawn) > 91  # the island's coordinates and more
    for d in drawn:
        assert d.box.contains(d.rect), (d.text, d.rect, d.box)
        assert d.size >= 12, (d.text, d.size)
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            assert a.surface != b.surface or not a.rect.colliderect(b.rect), (a.text, b.text)


@pytest.mark.parametrize("players,steps", [(3, 150), (4, 300)])
def test_board_text_grows_with_the_ui_scale(players, steps):
    """Issue 27: at 1280x720 and 150% or 200% (a 1000 x 625 board) the board's text grows with
    the UI scale as far as each box allows: none smaller than at 100%, some larger, every text
    still inside its box and overlapping none."""
    pygame.init()
    sizes = {}
    for scale in (1.0, 1.5, 2.0):
        _view, _s, _seat, _surface, drawn = _drawn((1000, 625), players, steps, scale=scale)
        for d in drawn:
            assert d.box.contains(d.rect), (scale, d.text, d.rect, d.box)
            assert d.size >= 12, (d.text, d.size)
        for i, a in enumerate(drawn):
            for b in drawn[i + 1:]:
                assert a.surface != b.surface or not a.rect.colliderect(b.rect), (a.text, b.text)
        seen: dict[str, int] = {}
        for d in drawn:  # by text (a box that grows with its font moves)
            seen[d.text] = min(seen.get(d.text, d.size), d.size)
        sizes[scale] = seen
    for big in (1.5, 2.0):
        both = sizes[1.0].keys() & sizes[big].keys()
        assert len(both) > 91
        assert all(sizes[big][k] >= sizes[1.0][k] for k in both)
        assert sum(sizes[big][k] > sizes[1.0][k] for k in both) >= 91  # the coordinates too


def test_every_space_shows_its_coordinate_in_its_own_hex():
    """The coordinates the moves and the log use ("the plain K5") are printed on the board: each
    island space's label at the lower edge of its own hex, and its tooltip names it the same way."""
    view, s, _seat, _surface, drawn = _drawn((1010, 640), 3, 40)
    labels = {d.text: d.rect for d in drawn}
    for pos in BOARD.island():
        label = BOARD.label(pos)
        rect = labels[label].move(view.rect.topleft)
        assert view.hex_at(rect.center) == pos, label
        assert rect.centery > view.hex_shape(pos).center[1]  # the lower half of the hex
        assert label in view.tooltip_at(view.hex_shape(pos).center, s)
    assert view.L.s * 20 <= 640  # the island is as tall as the board allows
    assert view.L.s >= 31


def test_the_die_reads_the_same_in_a_fresh_view():
    """After Continue the table is a fresh view: the die shows what the state says, not what the
    view that watched the roll guessed from the markers' slide."""
    from weather_tabletop.engine.match import Match
    from weather_tabletop.ui.table_view import set_frame_deadline

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    match = Match.start(GAME, meteo_config(3, 11))
    rng = random.Random(4)
    s = match.state
    while not (s.phase == WIND and BOARD.wind_circle[s.wind_space] == "B" and s.markers):
        legal = match.legal(match.to_act()[0])
        places = [c for c in legal if isinstance(c, PlaceMarker)]
        match.submit(rng.choice(places) if places and rng.random() < 0.8 else rng.choice(legal))
        s = match.state
    set_frame_deadline(None)
    watched = MeteoView(GAME, pygame.Rect(0, 0, 1010, 640))
    seen = pygame.Surface((1010, 640))
    watched.draw(seen, GAME.view(s, s.current), s.current)
    match.submit(RollWind(s.current))
    after = GAME.view(match.state, s.current)
    watched.draw(seen, after, s.current)
    watched._blow = None  # the animation is over
    watched.draw(seen, after, s.current)
    fresh = MeteoView(GAME, pygame.Rect(0, 0, 1010, 640))
    again = pygame.Surface((1010, 640))
    fresh.draw(again, after, s.current)
    die = pygame.Rect(0, 0, watched.L.die_size, watched.L.die_size)
    die.center = watched.L.die_c
    assert pygame.image.tobytes(seen.subsurface(die), "RGB") == \
        pygame.image.tobytes(again.subsurface(die), "RGB")
    assert watched.tooltip_at(watched._abs(watched.L.die_c), after) == \
        fresh.tooltip_at(fresh._abs(fresh.L.die_c), after)


def test_colour_blind_figures_carry_their_colours_shape():
    from weather_tabletop.games.meteo import view_art as va
    from weather_tabletop.ui.table_view import shape_of

    view, s, seat, _surface, _ = _drawn((1010, 640), 3, 40, colour_blind=True)
    colour = view.colour_of(s, 0)
    plain = va.meeple(tuple(colour.rgb), 40)
    marked = va.meeple(tuple(colour.rgb), 40, shape_of(colour))
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(marked, "RGBA")
    assert view._meeple(s, 0, 40) is marked
