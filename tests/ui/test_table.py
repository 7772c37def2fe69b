"""The generic table with Tally: drag and drop with real mouse events, illegal drops, undo/redo
keys, the action list keyboard, the privacy screen and computer seats."""

from __future__ import annotations

import time

import pygame

from tests.support import tally
from tests.ui.helpers import config, drag, key, mouse, post
from weather_tabletop.i18n import tr
from weather_tabletop.ui.scenes.privacy import PrivacyScene
from weather_tabletop.ui.scenes.table import TableScene
from weather_tabletop.ui.session import Session


def table(app, *kinds: str, privacy: bool = False) -> TableScene:
    session = Session.in_memory(tally.GAME, config(*kinds))
    scene = TableScene(app, session, privacy=privacy)
    app.push(scene)
    post(app)
    return scene


def centre_of_piece(scene: TableScene, seat: int) -> tuple[int, int]:
    piece = next(p for p in scene.view.pieces(scene.view_state, scene.viewer) if p.seat == seat)
    return piece.shape.center


def target_for(scene: TableScene, seat: int, command) -> tuple[int, int]:
    piece = next(p for p in scene.view.pieces(scene.view_state, scene.viewer) if p.seat == seat)
    shape = next(s for s, c in scene.view.drop_targets(piece, scene.legal) if c == command)
    return shape.center


def test_drag_token_onto_move_plays_it(app):
    scene = table(app, "person", "person")
    match = scene.session.match
    before = match.version
    drag(app, centre_of_piece(scene, 0), target_for(scene, 0, tally.Take(0, 2)))
    assert match.version == before + 1
    assert match.log[-1].command == tally.Take(0, 2)
    assert match.state.tokens[0] == 2 and match.state.pile == 28
    assert scene.message == ""
    assert "Seat 1 takes 2 tokens" in scene.log.lines[-2].text


def test_drag_highlights_targets_while_held(app):
    scene = table(app, "person", "person")
    post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre_of_piece(scene, 0), button=1,
                                 touch=False))
    assert scene.dragdrop.dragging
    targets = {c for _, c in scene.dragdrop.targets}
    assert targets and targets <= set(scene.legal) and all(c.seat == 0 for c in targets)
    post(app, key(pygame.K_ESCAPE))
    assert not scene.dragdrop.dragging


def test_illegal_drop_snaps_back_with_the_rules_reason(app):
    scene = table(app, "person", "person")
    match = scene.session.match
    before, state = match.version, match.state
    # Ben's token onto Ada's move: the rules say whose turn it is.
    drag(app, centre_of_piece(scene, 1), target_for(scene, 0, tally.Take(0, 1)))
    assert match.version == before and match.state is state
    assert "Ben" in scene.message and "turn" in scene.message
    assert scene.dragdrop._snap is not None  # flying back home
    # Ada's token onto empty board: not a place it can go.
    empty = (scene.board_rect().right - 5, scene.board_rect().bottom - 5)
    drag(app, centre_of_piece(scene, 0), empty)
    assert match.version == before
    assert scene.message == tr("drag.not_a_place")


def test_undo_and_redo_keys(app):
    scene = table(app, "person", "person")
    match = scene.session.match
    scene.submit(tally.Take(0, 3))
    assert match.state.pile == 27
    post(app, key(pygame.K_z, pygame.KMOD_LCTRL))
    assert match.state.pile == 30
    assert scene.message == "Move taken back."
    post(app, key(pygame.K_y, pygame.KMOD_LCTRL))
    assert match.state.pile == 27
    # A die roll is a chance event: undo is refused with the match's reason.
    scene.submit(tally.Roll(0))
    version = match.version
    post(app, key(pygame.K_z, pygame.KMOD_LCTRL))
    assert match.version == version
    assert scene.message == tr(match.undo_reason(0))
    assert scene.message.startswith("Undo stops at chance")


def test_action_list_keyboard(app):
    scene = table(app, "person", "person")
    match = scene.session.match
    post(app, key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_UP))
    assert scene.action_index == 1
    post(app, key(pygame.K_RETURN))
    assert match.log[-1].command == tally.Take(0, 2)


def test_privacy_screen_between_people(app):
    scene = table(app, "person", "person", privacy=True)
    scene.submit(tally.Take(0, 1))
    scene.submit(tally.EndTurn(0))
    assert isinstance(app.top, PrivacyScene)
    assert app.top.person == "Ben"
    post(app, key(pygame.K_RETURN))
    assert app.top is scene and scene.viewer == 1
    assert scene.legal and all(c.seat == 1 for c in scene.legal)


def test_a_continued_game_opens_behind_the_privacy_screen(app):
    """Issue 13: Continue opened straight onto the next person's secret hand."""
    session = Session.in_memory(tally.GAME, config("person", "person"))
    session.match.submit(tally.Take(0, 1))
    session.match.submit(tally.EndTurn(0))
    scene = TableScene(app, session, cover=True)
    app.push(scene)
    post(app)
    assert isinstance(app.top, PrivacyScene) and app.top.person == "Ben"
    assert scene.viewer is None and not scene.legal
    post(app, key(pygame.K_RETURN))
    assert app.top is scene and scene.viewer == 1


def test_a_continued_game_against_the_computer_opens_at_once(app):
    session = Session.in_memory(tally.GAME, config("person", "computer"))
    scene = TableScene(app, session, cover=True)
    app.push(scene)
    post(app)
    assert app.top is scene and scene.viewer == 0


def test_computer_seat_moves_without_blocking(app):
    scene = table(app, "person", "computer")
    match = scene.session.match
    scene.submit(tally.Take(0, 1))
    scene.submit(tally.EndTurn(0))
    deadline = time.monotonic() + 10
    while match.state.current == 1 and time.monotonic() < deadline:
        started = time.monotonic()
        app.tick(1 / 60)
        assert time.monotonic() - started < 0.5  # the frame never waits for the thinker
    assert match.state.current == 0
    assert any(g.seat == 1 and g.kind == "command" for g in match.log)
    assert scene.viewer == 0


def test_a_cut_action_shows_its_whole_text_on_hover(app):
    """Long command descriptions (Weather Machine's) are cut in the action list; hovering the
    entry shows all of it."""
    from tests.support.play import config as game_config
    from weather_tabletop import games as registry
    from weather_tabletop.ui.scenes.table import TableScene
    from weather_tabletop.ui.session import Session

    game = registry.get("weather-machine")
    scene = TableScene(app, Session.in_memory(game, game_config(game, 2, seed=3)), privacy=False)
    app.push(scene)
    post(app)
    lst = scene.w["actions"]
    font = app.text.font(scene.px(15))
    shown = [(lst.text_at(i), rect.clip(lst.area)) for i, rect in lst.visible_rows()]
    long_items = [(text, rect) for text, rect in shown
                  if font.size(text)[0] > rect.width - scene.px(16)]
    assert long_items, "this position should have an entry too long for the list"
    text, rect = long_items[0]
    post(app, mouse(pygame.MOUSEMOTION, rect.center))
    assert scene.tooltip is not None and scene.tooltip[0] == text
    assert lst.hovered is not None and lst.text_at(lst.hovered) == text


def test_the_hover_text_follows_the_entry_under_the_pointer_after_scrolling(app):
    """Issue 13: after the wheel scrolled the list, the hover text still named the entry that
    had been under the pointer before ("slot 3" over "slot 6")."""
    from tests.support.play import config as game_config
    from weather_tabletop import games as registry

    game = registry.get("weather-machine")
    scene = TableScene(app, Session.in_memory(game, game_config(game, 2, seed=3)), privacy=False)
    app.push(scene)
    post(app)
    lst = scene.w["actions"]
    cut = [i for i, _r in lst.visible_rows() if lst.is_cut(i)]
    assert cut and lst.bar.needed, "this position should have a long list of long entries"
    row = lst.row_rect(cut[0]).clip(lst.area)
    post(app, mouse(pygame.MOUSEMOTION, row.center))
    assert scene.tooltip is not None and scene.tooltip[0] == lst.text_at(cut[0])
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    under = lst.row_at(row.center)
    assert under is not None and under != cut[0]
    expected = lst.text_at(under) if lst.is_cut(under) else None
    assert (scene.tooltip[0] if scene.tooltip else None) == expected


def test_one_shape_per_colour_in_every_game_and_scene():
    """Colour-blind markings: a colour has one shape everywhere (Settings showed red as a
    triangle where the setup showed a square), and no game gives two of its colours one shape."""
    from weather_tabletop import games as registry
    from weather_tabletop.ui.table_view import shape_of

    seen: dict[str, str] = {}
    for game_id in ("meteo", "machines-to-the-sky", "weather-machine"):
        colours = registry.get(game_id).colours
        shapes = [shape_of(c) for c in colours]
        assert len(set(shapes)) == len(shapes), game_id
        for c, shape in zip(colours, shapes):
            assert seen.setdefault(c.key, shape) == shape


def test_action_list_by_mouse(app):
    """A click on an entry of "Your moves" plays it (the highlighted one too); the wheel
    scrolls a long list and the keyboard's highlight scrolls into view."""
    from tests.support.play import config as game_config
    from weather_tabletop import games as registry

    game = registry.get("weather-machine")
    scene = TableScene(app, Session.in_memory(game, game_config(game, 2, seed=3)), privacy=False)
    app.push(scene)
    post(app)
    lst = scene.w["actions"]
    match = scene.session.match
    assert len(lst) == len(scene.legal) > 1 and lst.bar.needed
    # the wheel over the list scrolls it; away from it, it does not
    post(app, mouse(pygame.MOUSEMOTION, lst.rect.center),
         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                            precise_y=-1.0, touch=False))
    assert lst.scroll == lst.row_h
    post(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                 precise_y=1.0, touch=False))
    assert lst.scroll == 0
    # the keyboard's highlight at the end of the list is scrolled into view
    post(app, *[key(pygame.K_DOWN) for _ in range(len(scene.legal))])
    assert scene.action_index == len(scene.legal) - 1 == lst.selected
    assert lst.scroll == lst.bar.max_scroll > 0
    assert lst.area.contains(lst.row_rect(lst.selected))
    # a click on the highlighted entry plays it
    index, rect = lst.visible_rows()[-1]
    assert index == lst.selected
    command, before = scene.legal[index], match.version
    spot = rect.clip(lst.area).center
    post(app, mouse(pygame.MOUSEBUTTONDOWN, spot), mouse(pygame.MOUSEBUTTONUP, spot))
    assert match.version > before and match.log[-1].command == command


def test_moves_palette_narrows_by_typed_words_and_plays_the_choice(app):
    """Issue 13: the moves list is also reachable as a keyboard palette."""
    scene = table(app, "person", "person")
    match = scene.session.match
    texts = [scene.game.describe_command(scene.view_state, c) for c in scene.legal]
    post(app, key(pygame.K_m))
    assert scene.palette is not None and len(scene.palette.shown) == len(scene.legal)
    post(app, pygame.event.Event(pygame.TEXTINPUT, text="m"))  # the opening key's own text
    assert scene.palette.query == ""
    target = max(range(len(texts)), key=lambda i: len(set(texts[i].split()) - set(texts[0].split())))
    word = next(w for w in texts[target].split() if sum(w in t.split() for t in texts) == 1)
    post(app, pygame.event.Event(pygame.TEXTINPUT, text=word))
    assert scene.palette.shown == [target]
    chosen = scene.legal[target]
    post(app, key(pygame.K_RETURN))
    assert scene.palette is None
    assert match.log[-1].command == chosen


def test_moves_palette_closes_with_escape_and_plays_nothing(app):
    scene = table(app, "person", "person")
    before = scene.session.match.version
    post(app, key(pygame.K_k, mod=pygame.KMOD_CTRL))
    assert scene.palette is not None
    post(app, key(pygame.K_ESCAPE))
    assert scene.palette is None and scene.session.match.version == before
