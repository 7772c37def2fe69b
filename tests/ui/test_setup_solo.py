"""Issue 20: Weather Machine solo at the setup. With one player the options are the solo ones
(solo §2.3 step 13, §6): the Challenge cards (none, n at random, or the cards chosen in a
dialog that lists the 12 cards) and the Saboteurs' clock; the Drafting Variant and New
Scientists ("2-Player Variant: New Scientists") are offered only with the counts they apply to."""

from __future__ import annotations

import warnings

import pygame
import pygame_gui
import pytest

from weather_tabletop import i18n
from weather_tabletop.games.weather_machine.solo_data import SOLO
from weather_tabletop.ui import challenge_dialog
from weather_tabletop.ui.challenge_dialog import ChallengeDialog

from .helpers import mouse

GAME = "weather-machine"


pytestmark = pytest.mark.usefixtures("english")


def _setup(app, players: int):
    from weather_tabletop.ui.scenes.setup import SetupScene

    setup = SetupScene(app, GAME, players)
    app.push(setup)
    return setup


def _offered(setup) -> set[str]:
    return {arg for kind, arg in setup.controls.values() if kind == "option"}


def _choose(setup, key: str, choice: str) -> None:
    dropdown = next(c for c, what in setup.controls.items() if what == ("option", key))
    setup.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=dropdown,
                                    text=choice, selected_option_id=choice))


def _press(scene, button) -> None:
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


def _click_card(dialog: ChallengeDialog, card_id: int) -> None:
    while card_id not in [i for _r, i in dialog._cards]:
        dialog.scroll(1)
    rect = next(r for r, i in dialog._cards if i == card_id)
    dialog.handle(mouse(pygame.MOUSEBUTTONDOWN, rect.center))


def _labels(scene) -> list[str]:
    return [e.text for e in scene.root.elements if isinstance(e, pygame_gui.elements.UILabel)]


@pytest.mark.parametrize("players, offered", [
    (1, {"challenges", "solo_deck_loss"}),
    (2, {"drafting", "new_scientists"}),
    (3, {"drafting"}),
    (4, {"drafting"}),
])
def test_each_option_is_offered_with_the_player_counts_it_applies_to(app, players, offered):
    """New Scientists is a 2-player variant (options.py reads it with 2 players only); the
    solo game deals six Goal tiles (§2.3 step 4), so no draft; the solo options are solo."""
    assert _offered(_setup(app, players)) == offered


def test_an_option_not_offered_is_not_sent_to_the_game(app):
    setup = _setup(app, 2)
    _choose(setup, "new_scientists", "True")
    assert setup.options["new_scientists"] is True
    setup.players = 3
    setup._fit_seats()
    assert "new_scientists" not in setup.offered_options()
    setup.players = 1
    setup._fit_seats()
    assert set(setup.offered_options()) == {"challenges", "solo_deck_loss"}


def test_the_challenge_drop_down_offers_none_n_at_random_and_choose(app):
    texts = [t for t, _k in challenge_dialog.choices(0)]
    assert texts[:3] == ["None", "1 at random", "2 at random"]
    assert texts[12] == "12 at random" and texts[-1] == "Choose the cards…"
    assert len(texts) == 14
    chosen = challenge_dialog.choices("cards:3+7")
    assert ("2 cards chosen", "cards:3+7") in chosen
    assert challenge_dialog.choice_text("cards:12") == "Publish or Perish"


def test_choosing_cards_sets_the_value_and_starts_a_solo_game_with_those_cards(app):
    setup = _setup(app, 1)
    _choose(setup, "challenges", challenge_dialog.CHOOSE)
    dialog = app.top
    assert isinstance(dialog, ChallengeDialog)
    assert sorted(i for _r, i in dialog._cards) == sorted(c.id for c in SOLO.challenges)[
        :len(dialog._cards)]
    _click_card(dialog, 3)
    _click_card(dialog, 7)
    _click_card(dialog, 12)
    _click_card(dialog, 12)  # a second click unticks it
    assert dialog.chosen == {3, 7}
    _press(dialog, dialog.ok)
    assert app.top is setup
    assert setup.options["challenges"] == "cards:3+7"
    dropdown = next(c for c, what in setup.controls.items() if what == ("option", "challenges"))
    assert dropdown.selected_option[0] == "2 cards chosen"
    assert "Chosen: Creative Accounting and One Step Ahead" in " ".join(_labels(setup))
    setup.start()
    session = app.top.session
    assert session.config.option("challenges") == "cards:3+7"
    assert session.match.state.solo.challenges == (3, 7)


def test_cancel_leaves_the_choice_and_the_setup_remembers_the_cards(app):
    from weather_tabletop.ui.scenes.setup import SetupScene

    setup = _setup(app, 1)
    _choose(setup, "challenges", challenge_dialog.CHOOSE)
    _click_card(app.top, 5)
    _press(app.top, app.top.ok)
    _choose(setup, "challenges", challenge_dialog.CHOOSE)
    dialog = app.top
    assert dialog.chosen == {5}
    _click_card(dialog, 1)
    _press(dialog, dialog.cancel)
    assert setup.options["challenges"] == "cards:5"
    _choose(setup, "challenges", "4")
    assert setup.options["challenges"] == 4
    _choose(setup, "challenges", challenge_dialog.CHOOSE)
    _click_card(app.top, 9)
    _click_card(app.top, 2)
    _press(app.top, app.top.ok)
    setup.start()
    again = SetupScene(app, GAME, 1)
    assert again.options["challenges"] == "cards:2+9"


def test_the_dialog_with_no_card_ticked_means_none(app):
    setup = _setup(app, 1)
    _choose(setup, "challenges", challenge_dialog.CHOOSE)
    _press(app.top, app.top.clear)
    assert app.top.chosen == set()
    _press(app.top, app.top.ok)
    assert setup.options["challenges"] == 0


@pytest.mark.parametrize("language", ["en", "zh-TW"])
@pytest.mark.parametrize("scale", [1.0, 1.5], ids=["100%", "150%"])
def test_the_card_dialog_fits_the_window_and_reaches_every_card(language, scale):
    """At 1280x720 and 150% the cards lie inside the window, apart from each other and the
    buttons; those that do not fit are reached by scrolling, every one of the 12."""
    from weather_tabletop.settings import Settings
    from weather_tabletop.ui import screenshot

    i18n.set_language(language)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app = screenshot.build_app("setup", (1280, 720), GAME, 1, 1, 0, {},
                                   Settings(ui_scale=scale, language=language))
        dialog = ChallengeDialog(app, (3, 7), lambda ids: None)
        app.push(dialog)
        window = pygame.Rect(0, 0, 1280, 720)
        seen: set[int] = set()
        for _ in range(12):
            rects = [r for r, _i in dialog._cards]
            buttons = [b.rect for b in (dialog.ok, dialog.cancel, dialog.clear)]
            for k, r in enumerate(rects):
                assert window.contains(r)
                assert not any(r.colliderect(o) for o in rects[k + 1:] + buttons)
            assert all(window.contains(b) for b in buttons)
            seen |= {i for _r, i in dialog._cards}
            dialog.scroll(1)
        if scale == 1.0:
            dialog.first = 0
            dialog._rebuild()
            assert len(dialog._cards) == 12, "all 12 at 100%"
    assert seen == {c.id for c in SOLO.challenges}
    assert not [w for w in caught if "too small for text" in str(w.message)]


@pytest.mark.parametrize("chosen", ["cards:3+9+12", "0"])
def test_the_table_options_stay_together_under_one_heading(app, chosen):
    """Casual undo and Hints are one group ("At the table"): when the solo options fill the
    left column, both go under the seats, never one in each column (seen with 3 cards chosen)."""
    setup = _setup(app, 1)
    setup.options["challenges"] = chosen if chosen.startswith("cards:") else int(chosen)
    setup.close()
    setup.open()
    buttons = {what[0]: c for c, what in setup.controls.items() if what[0] in ("casual", "hints")}
    assert set(buttons) == {"casual", "hints"}
    casual, hints = (buttons[k].get_abs_rect() for k in ("casual", "hints"))
    assert casual.x == hints.x or casual.y == hints.y, (casual, hints)  # stacked or side by side
