"""The Weather Machine table with real mouse events: the Scientist dragged to a lit action space,
a Workshop tile dragged from the offer into the Workshop and placed, illegal drops refused with
the rules' reason, tooltips, and drawing at two sizes through a random game."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui.helpers import drag, mouse, open_table, piece, post, target  # noqa: E402
from weather_tabletop.engine.match import Group, Match  # noqa: E402
from weather_tabletop.i18n import tr  # noqa: E402
from weather_tabletop.engine.protocol import GameConfig, SeatConfig  # noqa: E402
from weather_tabletop.games.weather_machine import commands as C  # noqa: E402
from weather_tabletop.games.weather_machine.rules import GAME  # noqa: E402
from weather_tabletop.games.weather_machine.view import WeatherMachineView  # noqa: E402
from weather_tabletop.ui.scenes.table import TableScene  # noqa: E402
from weather_tabletop.ui.session import Session  # noqa: E402


def wm_config(players: int = 2, seed: int = 3) -> GameConfig:
    names, colours = ("Ada", "Ben", "Cleo", "Dev"), ("red", "blue", "yellow", "purple")
    return GameConfig(GAME.id, tuple(SeatConfig(names[i], colours[i]) for i in range(players)), (), seed)


def random_states(players: int, seed: int, points: tuple[int, ...]):
    """States of a random game after each number of commands in ``points``."""
    match = Match.start(GAME, wm_config(players, seed))
    rng = random.Random(seed)
    played = 0
    for stop in points:
        while played < stop and not match.is_over():
            seat = match.to_act()[0]
            match.submit(rng.choice(match.legal(seat)))
            played += 1
        yield match


def test_draws_at_two_sizes_through_a_random_game():
    pygame.init()
    surf = pygame.Surface((1920, 1080))
    for players in (2, 4):
        view = WeatherMachineView(GAME, pygame.Rect(10, 10, 594, 588))
        for match in random_states(players, 11, (0, 40, 150, 400)):
            for rect in (pygame.Rect(10, 10, 594, 588), pygame.Rect(471, 117, 891, 882)):
                view.resize(rect)
                seat = match.to_act()[0] if match.to_act() else 0
                state = GAME.view(match.state, seat)
                view.draw(surf, state, seat)
                assert view.pieces(state, seat)
                assert all(rect.contains(p.shape if isinstance(p.shape, pygame.Rect) else p.shape.bounds)
                           for p in view.pieces(state, seat))
                assert view.tooltip_at(view._spaces[("act", 2, 1)].center, state)


def table(app, players: int = 2, seed: int = 3) -> TableScene:
    return open_table(app, GAME, wm_config(players, seed))


BUSY = (C.Research, C.SellPart, C.WorkOnExperiment, C.PublishPaper, C.ConstructBot,
        C.AcquireChemical)


def play_until(scene: TableScene, app, done, seed: int = 1, limit: int = 600,
               busy: bool = False) -> None:
    """Play random legal commands until ``done(state, legal)`` holds for the seat to act
    (``busy``: the actions that place Bots and gain tokens first, whenever they are legal)."""
    rng = random.Random(seed)
    match = scene.session.match
    for _ in range(limit):
        seat = match.to_act()[0]
        if done(match.state, match.legal(seat)):
            break
        legal = match.legal(seat)
        if busy:
            work = [c for c in legal if isinstance(c, BUSY)]
            match.submit(rng.choice(work or legal))
            continue
        # keep the game moving: prefer ending a step over buying everything in Supply
        ends = [c for c in legal if isinstance(c, C.Done)]
        match.submit(ends[0] if ends and rng.random() < 0.6 else rng.choice(legal))
    post(app)
    assert done(match.state, match.legal(match.to_act()[0]))


def top(state) -> str:
    return state.stack[-1].kind if state.stack else ""


def test_the_view_is_registered(app):
    assert isinstance(table(app).view, WeatherMachineView)


def test_move_the_scientist_by_dragging_it(app):
    scene = table(app)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: top(s) == "move")
    seat = match.to_act()[0]
    assert scene.viewer == seat
    moves = [c for c in scene.legal if isinstance(c, C.MoveScientist)]
    lit = {c for _, c in scene.view.drop_targets(piece(scene, ("sci", seat)), scene.legal)}
    assert lit == set(moves)
    move = moves[-1]
    before = match.version
    drag(app, piece(scene, ("sci", seat)).shape.center, target(scene, ("sci", seat), move))
    assert match.version > before and match.log[before].command == move
    p = match.state.pl[seat]
    assert (p.location, p.space) == (move.location, move.space)
    assert scene.message == ""


def test_illegal_scientist_drop_snaps_back_with_the_reason(app):
    scene = table(app)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: top(s) == "move")
    seat = match.to_act()[0]
    p = match.state.pl[seat]
    before, state = match.version, match.state
    # the Scientist onto another space of its own location
    own = next(k for k in scene.view._spaces if k[0] == "act" and k[1] == p.location and k[2] != p.space)
    drag(app, piece(scene, ("sci", seat)).shape.center, scene.view._spaces[own].center)
    assert match.version == before and match.state is state
    assert "Move the Scientist" in scene.message
    assert scene.dragdrop._snap is not None
    # a drop on no place at all
    drag(app, piece(scene, ("sci", seat)).shape.center,
         (scene.board_rect().right - 3, scene.board_rect().bottom - 3))
    assert match.version == before and scene.message == tr("drag.not_a_place")


def test_extend_the_workshop_by_dragging_a_tile_and_place_it_turned(app):
    scene = table(app, seed=5)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: any(isinstance(c, C.ExtendWorkshop) and c.source == 0
                                                for c in legal))
    seat = match.to_act()[0]
    tile = match.state.offer[0]
    before = match.version
    ext = C.ExtendWorkshop(seat, 0)
    drag(app, piece(scene, ("offer", 0)).shape.center, target(scene, ("offer", 0), ext))
    assert match.log[before].command == ext
    while top(match.state) == "pay":  # paying is a choice of the action list
        match.submit(match.legal(seat)[0])
    post(app)
    assert top(match.state) == "tile_place" and match.state.stack[-1].tile == tile
    placements = [c for c in scene.legal if isinstance(c, C.PlaceTile)]
    flips = {c.flipped for c in placements}
    if True in flips:  # R turns the tile; the lit positions follow its orientation
        post(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
        assert scene.view.flip
    wanted = next(c for c in placements if c.flipped == scene.view.flip)
    n = len(match.state.pl[seat].tiles)
    drag(app, piece(scene, ("newtile", tile)).shape.center, target(scene, ("newtile", tile), wanted))
    tiles = match.state.pl[seat].tiles
    assert len(tiles) == n + 1 and (wanted.row, wanted.col, tile, wanted.flipped) in tiles


def test_tooltips_and_tabs(app):
    scene = table(app, players=3)
    play_until(scene, app, lambda s, legal: top(s) == "move")
    view = scene.view
    post(app, mouse(pygame.MOUSEMOTION, view._spaces[("gov", 0, 0)].center))
    assert scene.tooltip is not None and "Sell a Part here needs" in scene.tooltip[0]
    post(app, mouse(pygame.MOUSEMOTION, view._spaces[("lab", 2, 1)].center))
    assert "Work on Experiment places a Bot here" in scene.tooltip[0]
    post(app, mouse(pygame.MOUSEMOTION, view._spaces[("office", 0, 0)].center))
    assert ": Government space;" in scene.tooltip[0]
    # a click on another player's tab shows their Laboratory, no state changes
    before = scene.session.match.version
    other, seat = next((r, s) for r, s in view._tabs if s != scene.viewer)
    post(app, mouse(pygame.MOUSEBUTTONDOWN, other.center), mouse(pygame.MOUSEBUTTONUP, other.center))
    app.render(app.window)
    assert view.shown == seat and scene.session.match.version == before


def bot_piece(scene: TableScene):
    return next(p for p in reversed(scene.view.pieces(scene.view_state, scene.viewer))
                if p.key[0] == "bot")


def test_send_a_bot_to_the_lab_by_dragging_it(app):
    scene = table(app, seed=4)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: any(isinstance(c, C.WorkOnExperiment) for c in legal),
               seed=3, busy=True)
    seat = match.to_act()[0]
    assert scene.viewer == seat and scene.view.shown == seat
    works = [c for c in scene.legal if isinstance(c, C.WorkOnExperiment)]
    bot = bot_piece(scene)
    lit = {c for _, c in scene.view.drop_targets(bot, scene.legal) if isinstance(c, C.WorkOnExperiment)}
    assert lit == set(works)
    work = works[0]
    spot = scene.view._spaces[("lab", work.branch, work.space)].center
    before = match.version
    ws_bots = match.state.pl[seat].ws_bots
    drag(app, bot.shape.center, spot)
    assert match.log[before].command == work
    while top(match.state) == "pay" and match.to_act() == (seat,):  # the Lab Voucher
        match.submit(match.legal(seat)[0])
    assert match.state.lab[work.branch][work.space] == seat
    assert match.state.pl[seat].ws_bots == ws_bots - 1


def test_place_a_research_token_in_the_office_by_dragging_it(app):
    scene = table(app, seed=6)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: any(isinstance(c, C.PlaceToken) and c.token != "A"
                                                for c in legal), seed=3, busy=True)
    seat = match.to_act()[0]
    place = next(c for c in scene.legal if isinstance(c, C.PlaceToken) and c.token != "A")
    tok = piece(scene, ("tok", place.token))
    lit = {c for _, c in scene.view.drop_targets(tok, scene.legal)}
    assert place in lit and all(c.token == place.token for c in lit)
    before = match.version
    waiting = match.state.pl[seat].pending_tokens.count(place.token)
    drag(app, tok.shape.center, scene.view._spaces[("office", place.row, place.col)].center)
    assert match.log[before].command == place
    p = match.state.pl[seat]
    assert p.office[place.row][place.col] == place.token
    assert p.pending_tokens.count(place.token) == waiting - 1


def test_the_score_screen_gives_the_breakdown_in_words_and_the_tiebreakers():
    from dataclasses import replace

    from weather_tabletop.games.weather_machine import view_scores
    from weather_tabletop.ui import screenshot

    app = screenshot.build_app("scores", (1920, 1080), GAME.id, 4, 5, 0, {})
    scores = app.top
    match = scores.session.match
    assert match.is_over()
    names = [s.name for s in scores.session.config.seats]
    lines = {line.seat: line for line, _ in scores.lines}
    for seat, rows in scores.rows.items():
        words = [tr(k) for k, _v in rows]
        assert words[:5] == ["Papers", "Prototypes", "Experiments", "Government Machine",
                             "Other benefits"] and "Nobel Prize" in words and "R&D funding" in words
        total = sum(v if isinstance(v, int) else int(str(v).split()[0]) for _k, v in rows)
        assert total == lines[seat].total
    # seed 5: two players tie on CP and every tiebreaker is equal, so they share the place
    tied = [s for s in lines if sum(1 for o in lines.values() if o.total == lines[s].total) > 1]
    assert len(tied) == 2 and lines[tied[0]].rank == lines[tied[1]].rank
    assert scores.notes and "share the second place" in scores.notes[0]
    app.render(app.window)
    # one more Award for one of them: the first tiebreaker decides
    pl = list(match.state.pl)
    pl[tied[1]] = replace(pl[tied[1]], awards=pl[tied[1]].awards + 1)
    state = replace(match.state, pl=tuple(pl))
    note = view_scores.tiebreak_notes(state, names)[0]
    assert f"the number of Awards decides: {names[tied[1]]} 1 Award" in note and "share" not in note
    while app.stack:
        app._drop()


def test_in_game_cp_is_split_by_what_scored_it():
    from weather_tabletop.games.weather_machine import view_scores

    match = Match.start(GAME, wm_config(2, 4))
    rng = random.Random(3)
    while not match.is_over():
        legal = match.legal(match.to_act()[0])
        work = [c for c in legal if isinstance(c, BUSY)]
        match.submit(rng.choice(work or legal))
    split = view_scores.in_game_cp(match.active, 2)
    for seat, p in enumerate(match.state.pl):
        assert sum(split[seat].values()) == p.cp
    # each kind of score event and its category
    from weather_tabletop.games.weather_machine import events as E
    scored = [E.PaperCPScored(0, 10, 1), E.PrototypeCPScored(1, 6, 2, 1, 2),
              E.PrototypeHelpCPScored(0, 2, 1), E.ExperimentCPScored(1, 6, 2, 3),
              E.GovernmentCPScored(0, 9, 3, 3), E.CPScored(1, 3)]
    split = view_scores.in_game_cp([Group(1, "command", 0, None, tuple(scored))], 2)
    assert [{tr(k): v for k, v in by_seat.items()} for by_seat in split] == [
        {"Papers": 10, "Prototypes": 2, "Experiments": 0, "Government Machine": 9,
         "Other benefits": 0},
        {"Papers": 0, "Prototypes": 6, "Experiments": 6, "Government Machine": 0,
         "Other benefits": 3}]


def test_a_choice_is_asked_next_to_its_spot_and_a_click_plays_it(app):
    from weather_tabletop.games.weather_machine.view import CHOICE_SPOTS

    scene = table(app, players=3, seed=2)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: top(s) in ("gain_any", "funding_any", "take_subsidy",
                                                       "take_chem"), seed=5, busy=True)
    seat = match.to_act()[0]
    view = scene.view
    view.pieces(scene.view_state, scene.viewer)  # the redraw the view spreads over frames, done
    rows = view._choice_rows
    assert rows and [c for _r, c in rows.values()] == scene.legal[:len(rows)]
    spot = view.L.r(*CHOICE_SPOTS[top(match.state)]).move(view.rect.topleft)
    first = rows[0][0]
    assert view.rect.contains(first) and not spot.colliderect(first)  # beside the spot
    # every option says what it does, in words, and so does its tooltip
    post(app, mouse(pygame.MOUSEMOTION, first.center))
    assert scene.tooltip is not None and scene.tooltip[0].endswith("Click to choose it.")
    last, command = rows[len(rows) - 1]
    before = match.version
    post(app, mouse(pygame.MOUSEBUTTONDOWN, last.center), mouse(pygame.MOUSEBUTTONUP, last.center))
    assert match.version == before + 1 and match.log[before].command == command
    assert match.log[before].seat == seat


def test_a_branch_running_is_shown_step_by_step_without_holding_the_frames(app):
    import time

    from weather_tabletop.games.weather_machine import view as V

    scene = table(app, players=2, seed=4)
    match = scene.session.match
    view = scene.view
    rng = random.Random(3)
    before = None
    for _ in range(400):
        before = match.state
        legal = match.legal(match.to_act()[0])
        work = [c for c in legal if isinstance(c, BUSY)]
        match.submit(rng.choice(work or legal))
        post(app)
        if view.steps:
            break
    assert view.steps, "no branch ran"
    ran = [text for _r, text in view.steps if " runs its " in text or text.startswith("Phase B")]
    assert ran and all(text.endswith(".") for _r, text in view.steps)
    after = match.state
    gains = [s for s in range(2) if after.pl[s].cp != before.pl[s].cp]
    assert len([t for _r, t in view.steps if " CP: now " in t]) == len(gains)
    # each step is shown for STEP_SECONDS while the frames go on, then the steps are done
    assert view.current_step() == view.steps[0]
    t0 = time.monotonic()
    post(app, frames=3)
    assert time.monotonic() - t0 < V.STEP_SECONDS
    view._steps_from -= V.STEP_SECONDS * len(view.steps)
    assert view.current_step() is None and view.steps == []


def test_an_award_token_is_dragged_onto_the_office_in_the_middle_of_a_payment(app):
    """"Also, at any time during your turn, if you have any Award tokens on the space to the
    top-left of your Office, you may place them on any empty spaces of your Office": in the
    middle of a payment the Award is lit, offered in Your moves (not as a row of the payment's
    dialog), dragged onto an Office space, and the payment is asked again as it was."""
    from dataclasses import replace

    from weather_tabletop.games.weather_machine.data import load
    from weather_tabletop.games.weather_machine.rules import is_award

    scene = table(app, players=3, seed=2)
    match = scene.session.match
    play_until(scene, app, lambda s, legal: top(s) == "pay" and s.phase == "A" and len(legal) >= 2,
               seed=5, busy=True)
    seat = match.to_act()[0]
    paying = match.state.stack[-1]
    pl = list(match.state.pl)
    pl[seat] = replace(pl[seat], pending_awards=1, awards=1)  # as if from a Breakthrough
    match.state = replace(match.state, pl=tuple(pl), awards_left=match.state.awards_left - 1)
    scene.refresh()
    post(app)
    awards = [c for c in scene.legal if is_award(c)]
    assert awards and [c for c in scene.legal if not is_award(c)] == match.legal(seat)[:-len(awards)]
    view = scene.view
    view.pieces(scene.view_state, scene.viewer)
    assert view._choice_rows and not any(is_award(c) for _r, c in view._choice_rows.values())
    office = load().office_benefit
    place = next(c for c in awards if not office[c.row][c.col])  # a space without a benefit
    tok = piece(scene, ("tok", "A"))
    assert place in {c for _, c in view.drop_targets(tok, scene.legal)}
    before = match.version
    drag(app, tok.shape.center, view._spaces[("office", place.row, place.col)].center)
    assert match.log[before].command == place
    assert match.state.pl[seat].office[place.row][place.col] == "A"
    assert match.state.stack[-1] == paying and scene.legal == match.legal(seat)
