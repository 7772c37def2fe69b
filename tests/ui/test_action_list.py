"""Issue 27, "a move list that cannot misplay": "Your moves" keeps its rows under a resting
pointer, a click plays the entry pressed (or nothing), a move no undo can take back asks first,
the palette's Enter never guesses, and a row's tooltip goes when the list changes. Real pygame
mouse and key events are posted to the table, as in test_table.py."""

from __future__ import annotations

from dataclasses import replace

import pygame

from tests.support import tally
from tests.ui.helpers import config, key, mouse, post
from weather_tabletop.i18n import tr
from weather_tabletop.ui import action_list
from weather_tabletop.ui.move_rows import keep_places
from weather_tabletop.ui.scenes.table import TableScene
from weather_tabletop.ui.session import Session


def table(app, pile: int = 30) -> TableScene:
    session = Session.in_memory(tally.GAME, config("person", "person", pile=pile))
    scene = TableScene(app, session, privacy=False)
    app.push(scene)
    post(app)
    return scene


def spot(scene: TableScene, command) -> tuple[int, int]:
    """The middle of the row that shows ``command`` now."""
    lst = scene.w["actions"]
    return lst.row_rect(scene.rows.index(command)).clip(lst.area).center


def click(app, pos: tuple[int, int]) -> None:
    post(app, mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos),
         mouse(pygame.MOUSEBUTTONUP, pos))


def asking(app, on: bool) -> None:
    app.settings = replace(app.settings, ask_irreversible=on)


class Clock:
    """A clock the test moves (the list's settling time, the dialog's guard)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


# -- rows keep their places ------------------------------------------------------------------


def test_a_move_still_legal_keeps_its_row_and_a_new_one_takes_a_free_row():
    assert keep_places(["a", "b", "c", "d"], ["d", "x", "b"]) == ["x", "b", None, "d"]
    assert keep_places(["a", "b"], ["b", "c", "d"]) == ["c", "b", "d"]
    assert keep_places(["a", "b", "c"], ["a"]) == ["a"]  # no empty rows left at the end
    assert keep_places([], ["a", "b"]) == ["a", "b"]


def test_the_list_does_not_shift_under_the_pointer_after_a_step(app):
    """Pile 2: Take 1, Take 2, Draw, Roll. Taking 2 empties the pile; in the game's order Draw
    would move up two rows, under the pointer of a person about to click again."""
    asking(app, False)
    scene = table(app, pile=2)
    lst = scene.w["actions"]
    assert scene.rows == [tally.Take(0, 1), tally.Take(0, 2), tally.Draw(0), tally.Roll(0)]
    draw_at, roll_at = spot(scene, tally.Draw(0)), spot(scene, tally.Roll(0))
    click(app, spot(scene, tally.Take(0, 2)))
    assert scene.session.match.log[-1].command == tally.Take(0, 2)
    assert scene.session.match.legal(0) == [tally.Draw(0), tally.Roll(0), tally.EndTurn(0)]
    # the pointer rests on the list: Draw and Roll are where they were, End turn took a free row
    assert scene.rows == [tally.EndTurn(0), None, tally.Draw(0), tally.Roll(0)]
    assert scene.rows[lst.row_at(draw_at)] == tally.Draw(0)
    assert scene.rows[lst.row_at(roll_at)] == tally.Roll(0)
    # the table's own list is in the rows' order, so the keyboard means the same moves
    assert scene.legal == [tally.EndTurn(0), tally.Draw(0), tally.Roll(0)]
    assert lst.is_blank(1) and lst.texts[1] == ""
    # the empty row takes no click
    before = scene.session.match.version
    click(app, lst.row_rect(1).center)
    assert scene.session.match.version == before
    # away from the list, the list takes the game's order again
    post(app, mouse(pygame.MOUSEMOTION, scene.board_rect().center))
    assert scene.rows == [tally.Draw(0), tally.Roll(0), tally.EndTurn(0)]
    assert scene.legal == scene.rows


def test_the_keyboard_plays_the_row_it_highlights_when_rows_are_kept(app):
    asking(app, False)
    scene = table(app, pile=2)
    click(app, spot(scene, tally.Take(0, 2)))  # rows: End turn, (empty), Draw, Roll
    scene.select_action(0)
    post(app, key(pygame.K_DOWN))
    lst = scene.w["actions"]
    assert scene.rows[lst.selected] == tally.Draw(0) == scene.legal[scene.action_index]
    post(app, key(pygame.K_RETURN))
    assert scene.session.match.log[-1].command == tally.Draw(0)


# -- a click plays the entry pressed ---------------------------------------------------------


def test_a_click_plays_the_entry_pressed_though_the_list_changed_before_the_release(app):
    """The button goes down on Draw; before it comes up another move lands (here Take 3,
    as from the keyboard), after which the game's order would put End turn on that row."""
    asking(app, False)
    scene = table(app, pile=4)
    match = scene.session.match
    at = spot(scene, tally.Draw(0))
    post(app, mouse(pygame.MOUSEMOTION, at), mouse(pygame.MOUSEBUTTONDOWN, at))
    assert scene.submit(tally.Take(0, 3)) is None
    post(app)
    assert match.legal(0).index(tally.Draw(0)) != scene.rows.index(tally.Draw(0))
    post(app, mouse(pygame.MOUSEBUTTONUP, at))
    assert match.log[-1].command == tally.Draw(0)


def test_a_click_plays_nothing_when_the_entry_pressed_went_away(app):
    scene = table(app, pile=4)
    match = scene.session.match
    at = spot(scene, tally.Take(0, 2))
    post(app, mouse(pygame.MOUSEMOTION, at), mouse(pygame.MOUSEBUTTONDOWN, at))
    scene.submit(tally.Take(0, 3))  # one token left: Take 2 is no longer a move
    post(app)
    version = match.version
    assert scene.rows[scene.w["actions"].row_at(at)] == tally.EndTurn(0)  # a new move there
    post(app, mouse(pygame.MOUSEBUTTONUP, at))
    assert match.version == version and match.log[-1].command == tally.Take(0, 3)
    assert scene.confirm is None


def test_a_row_that_changed_under_the_resting_pointer_takes_no_click_at_once(app):
    scene = table(app, pile=4)
    lst = scene.w["actions"]
    lst.clock = clock = Clock()
    match = scene.session.match
    at = spot(scene, tally.Take(0, 2))
    post(app, mouse(pygame.MOUSEMOTION, at))
    scene.submit(tally.Take(0, 3))  # End turn comes into the row under the pointer
    post(app)
    assert scene.rows[lst.row_at(at)] == tally.EndTurn(0) and lst.settling(lst.row_at(at))
    version = match.version
    clock.now += action_list.SETTLE / 2
    click(app, at)
    assert match.version == version  # meant for Take 2, which was there a moment ago
    clock.now += action_list.SETTLE
    click(app, at)
    assert match.log[-1].command == tally.EndTurn(0)


# -- a move that cannot be undone asks first --------------------------------------------------


def test_an_irreversible_move_asks_first_and_cancel_plays_nothing(app):
    scene = table(app)
    match = scene.session.match
    version, state = match.version, match.state
    click(app, spot(scene, tally.Draw(0)))
    assert scene.confirm is not None and scene.confirm.command == tally.Draw(0)
    assert match.version == version and match.state is state  # asking decided nothing
    assert tr("confirm.title", move="Seat 1 draws") == scene.confirm.title
    post(app, key(pygame.K_ESCAPE))
    assert scene.confirm is None and match.version == version
    # a click on Cancel plays nothing either
    click(app, spot(scene, tally.Roll(0)))
    dialog = scene.confirm
    dialog.clock = Clock()
    dialog.opened = dialog.clock.now - 1
    click(app, dialog.cancel_rect.center)
    assert scene.confirm is None and match.version == version


def test_play_in_the_question_plays_the_move(app):
    scene = table(app)
    match = scene.session.match
    post(app, key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_DOWN))
    assert scene.legal[scene.action_index] == tally.Draw(0)
    post(app, key(pygame.K_RETURN))
    dialog = scene.confirm
    assert dialog is not None
    dialog.clock = clock = Clock()
    dialog.opened = clock.now
    # the second half of a double click does not answer the question
    click(app, dialog.play_rect.center)
    assert scene.confirm is dialog and match.log[-1].kind == "setup"
    clock.now += 1
    click(app, dialog.play_rect.center)
    assert scene.confirm is None and match.log[-1].command == tally.Draw(0)


def test_a_reversible_move_does_not_ask(app):
    scene = table(app)
    click(app, spot(scene, tally.Take(0, 2)))
    assert scene.confirm is None and scene.session.match.log[-1].command == tally.Take(0, 2)


def test_the_setting_turns_the_question_off(app):
    scene = table(app)
    asking(app, False)
    click(app, spot(scene, tally.Roll(0)))
    assert scene.confirm is None and scene.session.match.log[-1].command == tally.Roll(0)


def test_dont_ask_again_plays_and_turns_the_setting_off(app):
    from weather_tabletop import settings as settings_mod

    scene = table(app)
    assert app.settings.ask_irreversible
    click(app, spot(scene, tally.Roll(0)))
    dialog = scene.confirm
    dialog.clock = Clock()
    dialog.opened = dialog.clock.now - 1
    click(app, dialog.check_rect.center)
    assert dialog.dont_ask
    post(app, key(pygame.K_RETURN))
    assert scene.confirm is None and scene.session.match.log[-1].command == tally.Roll(0)
    assert not app.settings.ask_irreversible
    assert not settings_mod.load(app.settings_path)[0].ask_irreversible  # saved
    click(app, spot(scene, tally.Draw(0)))
    assert scene.confirm is None and scene.session.match.log[-1].command == tally.Draw(0)


def test_the_palette_asks_too(app):
    scene = table(app)
    post(app, key(pygame.K_m), pygame.event.Event(pygame.TEXTINPUT, text="m"),
         pygame.event.Event(pygame.TEXTINPUT, text="rolls"), key(pygame.K_RETURN))
    assert scene.palette is None
    assert scene.confirm is not None and scene.confirm.command == tally.Roll(0)
    assert scene.session.match.log[-1].kind == "setup"


def test_a_computer_seat_never_asks(app):
    import time

    session = Session.in_memory(tally.GAME, config("person", "computer"))
    scene = TableScene(app, session, privacy=False)
    app.push(scene)
    post(app)
    scene.submit(tally.Take(0, 1))
    scene.submit(tally.EndTurn(0))
    deadline = time.monotonic() + 10
    while session.match.state.current == 1 and time.monotonic() < deadline:
        post(app)
    assert session.match.state.current == 0 and scene.confirm is None


# -- the palette's Enter ---------------------------------------------------------------------


def test_the_palettes_enter_on_an_ambiguous_query_plays_nothing(app):
    """Issue 27: "ends" + Enter played the top fuzzy match."""
    scene = table(app)
    match = scene.session.match
    post(app, key(pygame.K_m), pygame.event.Event(pygame.TEXTINPUT, text="m"),
         pygame.event.Event(pygame.TEXTINPUT, text="takes"))
    palette = scene.palette
    assert palette is not None and len(palette.shown) == 3
    assert palette.list.selected is None  # nothing highlighted: nothing Enter would play
    post(app, key(pygame.K_RETURN))
    assert scene.palette is palette and match.log[-1].kind == "setup"
    assert palette.query == "takes" and palette.note == tr("palette.narrow", n=3)
    # a row picked with the arrow keys is played
    post(app, key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert scene.palette is None and match.log[-1].command == tally.Take(0, 2)


def test_the_palettes_enter_plays_the_move_whose_words_are_the_query(app):
    scene = table(app)
    post(app, key(pygame.K_m), pygame.event.Event(pygame.TEXTINPUT, text="m"),
         pygame.event.Event(pygame.TEXTINPUT, text="seat 1 takes 1 token"))
    assert scene.palette is not None and len(scene.palette.shown) == 3  # "1 tokens" too
    post(app, key(pygame.K_RETURN))
    assert scene.palette is None
    assert scene.session.match.log[-1].command == tally.Take(0, 1)


# -- rows and tooltips -----------------------------------------------------------------------


def weather_machine(app) -> TableScene:
    from tests.support.play import config as game_config
    from weather_tabletop import games as registry

    game = registry.get("weather-machine")
    scene = TableScene(app, Session.in_memory(game, game_config(game, 2, seed=3)), privacy=False)
    app.push(scene)
    post(app)
    return scene


def test_rows_have_one_text_size_and_a_cut_row_keeps_its_start(app):
    scene = weather_machine(app)
    lst = scene.w["actions"]
    fits = {i: lst._fit(i) for i, _r in lst.visible_rows()}
    assert {f.size for f in fits.values()} == {lst.size}
    cut = [i for i, f in fits.items() if f.cut]
    assert cut, "this position should have an entry too long for its row"
    for i in cut:
        lines, whole = fits[i].lines, lst.text_at(i)
        shown = " ".join(lines)
        assert len(lines) <= 2 and "…" in shown
        assert whole.startswith(shown.split(" … ")[0].rstrip("…"))  # its start shows


def test_moves_that_differ_late_read_differently(app):
    from weather_tabletop.ui.action_list import differs_at, middle_cut

    text = app.text
    line = 2 * text.font(13).get_linesize()
    for texts in (["Ada moves a figure from the light yellow village to the coloured space K3",
                   "Ada moves a figure from the light yellow village to the coloured space K4"],
                  ["Ada extends the Workshop from space 1 of the offer: the Workshop tile with "
                   "two white half-circles, for 1 Supply Voucher",
                   "Ada extends the Workshop from space 2 of the offer: the Workshop tile with "
                   "two white half-circles, for 1 Supply Voucher"]):
        same = differs_at(texts)
        fits = [middle_cut(text, t, 150, line, 13, n) for t, n in zip(texts, same)]
        assert all(f.cut for f in fits) and fits[0].lines != fits[1].lines
        assert all(" ".join(f.lines).startswith(t.split(" ")[0]) for f, t in zip(fits, texts))
    zh = ["艾達把一個人物從淺黃色村莊移到彩色格 K3", "艾達把一個人物從淺黃色村莊移到彩色格 K4"]
    same = differs_at(zh)
    got = [middle_cut(text, t, 90, line, 13, n) for t, n in zip(zh, same)]
    assert got[0].lines != got[1].lines


def test_a_rows_tooltip_goes_when_the_list_changes(app):
    scene = weather_machine(app)
    lst = scene.w["actions"]
    cut = next(i for i, _r in lst.visible_rows() if lst.is_cut(i))
    at = lst.row_rect(cut).clip(lst.area).center
    post(app, mouse(pygame.MOUSEMOTION, at))
    assert scene.tooltip is not None and scene.tooltip[0] == lst.text_at(cut)
    reversible = next(c for c in scene.legal if scene.session.match.barrier_of(c) is None)
    assert scene.submit(reversible) is None
    post(app)
    assert scene.tooltip is None


def test_the_menu_buttons_tooltip_is_off_while_its_list_is_open(app, monkeypatch, tmp_path):
    scene = table(app)
    menu = scene.w["menu"]
    assert menu.tool_tip_text == tr("table.menu_tip")
    # a game with a file: the Menu button opens its list (Main menu, Save a copy as...)
    monkeypatch.setattr(scene, "_copy_source", lambda: tmp_path / "game.wtsave")
    scene.open_menu()
    post(app)
    assert scene._menu and menu.tool_tip_text is None
    post(app, key(pygame.K_ESCAPE))
    assert not scene._menu and menu.tool_tip_text == tr("table.menu_tip")


def test_the_hint_buttons_tooltip_is_off_while_the_hints_are_shown(app):
    """Issue 27: the Hint button's tooltip covered the list of hints under it."""
    from tests.ui.test_hints import meteo_config, wait
    from weather_tabletop import ai, games

    ai.set_budget(iterations=3)
    try:
        session = Session.in_memory(games.get("meteo"), meteo_config("person", "person"))
        scene = TableScene(app, session, privacy=False)
        app.push(scene)
        post(app)
        button = scene.w["hint"]
        assert button.tool_tip_text == tr("hint.button_tip")
        post(app, key(pygame.K_h))
        wait(app, scene)
        assert scene.hints.hint is not None and scene.hints.list_rect is not None
        assert button.tool_tip_text is None and button.tool_tip is None
        post(app, key(pygame.K_h))  # the hints hidden: the tooltip is back
        assert scene.hints.hint is None and button.tool_tip_text == tr("hint.button_tip")
    finally:
        ai.set_budget()


def test_the_question_follows_a_new_window_size(app):
    scene = table(app)
    click(app, spot(scene, tally.Draw(0)))
    first = scene.confirm
    first.dont_ask = True
    app.resize((1600, 900))
    post(app)
    again = scene.confirm
    assert again is not None and again is not first
    assert again.command == tally.Draw(0) and again.dont_ask
    assert scene.lay.board.contains(again.rect)
    assert again.rect.center == scene.lay.board.center


def test_the_settings_screen_turns_the_question_off_and_on(app):
    import pygame_gui

    from weather_tabletop import settings as settings_mod
    from weather_tabletop.ui.scenes.settings_scene import SettingsScene

    app.push(SettingsScene(app))
    post(app)

    def toggle() -> None:
        button = next(b for b, k in app.top.controls.items() if k == "ask_irreversible")
        assert button.text == tr("settings.on" if app.settings.ask_irreversible else "settings.off")
        post(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                     ui_object_id=button.most_specific_combined_id))

    assert app.settings.ask_irreversible  # on by default
    toggle()
    assert not app.settings.ask_irreversible
    assert not settings_mod.load(app.settings_path)[0].ask_irreversible
    toggle()
    assert app.settings.ask_irreversible
