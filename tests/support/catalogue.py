"""Helpers for the games' catalogue tests (issue 17): render a message and check it, and play
finished games whose every state the tests then render."""

from __future__ import annotations

import re
import string
from typing import Any, Callable, Iterator

from weather_tabletop import i18n
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import Game, GameConfig
from weather_tabletop.i18n import Msg, tr

FIELD = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


def rendered(message: object) -> str:
    """``message`` rendered in English, checked: a Msg whose key (and every Msg parameter's key,
    at any depth) the catalogue has, and no ``{field}`` left."""
    assert isinstance(message, Msg), f"not a catalogue message: {message!r}"
    check_keys(message)
    text = tr(message)
    assert text and text != message.key, f"missing key {message.key}"
    assert not FIELD.search(text), f"unfilled field in {message.key}: {text!r}"
    return text


def check_keys(message: Msg) -> None:
    assert i18n.has(message.key), f"missing key {message.key}"
    for _, value in message.params:
        for v in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(v, Msg):
                check_keys(v)


Chooser = Callable[[Game, Any, int, Rng], Any]


def finished_games(game: Game, cases: list[tuple[GameConfig, int, Chooser | None]]
                   ) -> Iterator[tuple[Match, list[Any]]]:
    """Each case (config, seed, chooser: a computer player's choose, or None for uniformly
    random moves) played to its end: the match and every state a seat acted in."""
    for config, seed, choose in cases:
        match = Match.start(game, config)
        r = Rng(seed, 17)
        states = []
        while not match.is_over():
            s = match.state
            seat = match.to_act()[0]
            states.append(s)
            if choose is not None:
                command = choose(game, game.view(s, seat), seat, r)
            else:
                command = r.choice(game.legal_commands(s, seat))
            match.submit(command)
        yield match, states


def assert_well_formed(catalogue: dict[str, Any]) -> None:
    """Every text parses as a format string; plural objects have "one" and "other"."""
    for key, text in catalogue.items():
        forms = text.values() if isinstance(text, dict) else [text]
        if isinstance(text, dict):
            assert set(text) == {"one", "other"}, key
        for form in forms:
            list(string.Formatter().parse(form))


# -- a pseudo-language: one game's texts in brackets --------------------------------------------

PSEUDO = "qps"


def bracketed(text: Any) -> Any:
    """``[text]`` (each plural form so); an empty text stays empty."""
    if isinstance(text, dict):
        return {form: bracketed(t) for form, t in text.items()}
    return "[" + text + "]" if text else text


def pseudo_language(monkeypatch: Any, prefix: str) -> Iterator[str]:
    """A test-only language whose texts with keys starting ``prefix`` (a game's) are the English
    ones in brackets and the app's stay English: a text shown without brackets did not come from
    that game's catalogue. Use it as a fixture's body (``yield from``)."""
    i18n.set_language("en")
    english = i18n._load("en")
    i18n._catalogues[PSEUDO] = {k: (bracketed(v) if k.startswith(prefix) else v)
                                for k, v in english.items()}
    shipped = i18n.languages()
    monkeypatch.setattr(i18n, "languages", lambda: {**shipped, PSEUDO: "Pseudo"})
    yield PSEUDO
    i18n.set_language("en")
    i18n._catalogues.pop(PSEUDO, None)


def switch_language_at_an_open_table(app: Any, game: Game, config: GameConfig, monkeypatch: Any,
                                     also: Callable[[Any, list[str]], None] | None = None) -> None:
    """Issue 17: open ``game`` at a table, play 12 random moves, switch to the pseudo-language
    in Settings and check the same match (not reloaded) shows its moves and its log's command and
    event lines in it (``also(scene, english_moves)``: the game's own checks, then), and all in
    English again after switching back."""
    from dataclasses import replace

    from tests.ui.helpers import open_table, post
    from weather_tabletop.ui.log_panel import LogPanel

    scene = open_table(app, game, config)
    match = scene.session.match
    r = Rng(5, 2)
    for _ in range(12):
        seat = match.to_act()[0]
        scene.session.submit(r.choice(game.legal_commands(match.state, seat)))
    scene.refresh()
    post(app)
    english_moves = list(scene.w["actions"].texts)
    assert english_moves and not any(t.startswith("[") for t in english_moves)
    shown: list[str] = []
    add = LogPanel.add
    monkeypatch.setattr(LogPanel, "add", lambda self, entries: (
        shown.extend(e.text for e in entries), add(self, entries))[-1])
    version = match.version

    app.apply_settings(replace(app.settings, language=PSEUDO))
    post(app)

    assert app.top is scene and scene.session.match is match and match.version == version
    lines = [line.text for line in scene.log.lines if line.kind in ("command", "event")]
    assert len(lines) > 12 and all(t.startswith("[") for t in lines)
    assert any(line.kind == "event" for line in scene.log.lines)
    assert len(shown) >= len(scene.log.lines)  # the panel was filled again ...
    assert all(t.startswith("[") for t in shown if t in lines)  # ... in the new language
    moves = scene.w["actions"].texts
    assert len(moves) == len(english_moves) and all(t.startswith("[") for t in moves)
    if also is not None:
        also(scene, english_moves)

    app.apply_settings(replace(app.settings, language="en"))
    post(app)
    assert scene.w["actions"].texts == english_moves
    assert not any(line.text.startswith("[") for line in scene.log.lines)


def render_played(game: Game, played: list, catalogue: dict[str, Any],
                  silent: tuple[str, ...] = ()) -> tuple[set[type], set[type]]:
    """Render every command and event of the ``played`` games (``finished_games``) as the log
    does, each from the state before it, with each progress line and score category: none may
    miss a key or leave a field; the score categories are keys of the game's ``catalogue``. An
    event may say nothing only if its kind is in ``silent`` (a step the rules run by
    themselves). Returns the event and command kinds met."""
    events: set[type] = set()
    commands: set[type] = set()
    for match, _ in played:
        state = game.initial_state(match.config)
        for group in match.active:
            if group.command is not None:
                rendered(game.describe_command(state, group.command))
                commands.add(type(group.command))
            for event in group.events:
                said = game.describe_event(state, event)
                if said == "":
                    assert type(event).__name__ in silent, event
                else:
                    rendered(said)
                events.add(type(event))
                state = game.apply(state, event)
            rendered(game.progress_msg(state))
            assert game.progress(state) == tr(game.progress_msg(state))
        for line in game.scores(match.state):
            for key, _ in line.breakdown:
                assert key in catalogue and tr(key) != key, key
    return events, commands
