"""Property tests: random full games, legal == decide, conservation, purity, views, replay."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import IllegalMove
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.games.machines_to_the_sky import commands as C
from weather_tabletop.games.machines_to_the_sky import content as K
from weather_tabletop.games.machines_to_the_sky.invariants import problems
from weather_tabletop.games.machines_to_the_sky.rules import GAME
from weather_tabletop.games.machines_to_the_sky.state import HIDDEN, MttsState

from .helpers import config, play_random, start


def conserved(s: MttsState) -> None:
    """Experts (10 per colour), Power (32), Projects, Contacts and Element tokens are conserved."""
    assert problems(s) == []


@pytest.mark.parametrize("players,options", [
    (1, {}), (2, {}), (3, {}), (4, {}),
    (1, {"actors": "yes", "red_cards": 6}), (2, {"actors": "yes"}),
    (4, {"red_cards": 6, "automa": "yes", "mat_side": "unique"}),
    (3, {"ignore_event_effects": "yes", "mat_side": "unique"}),
])
def test_random_games_end_and_conserve(players: int, options: dict) -> None:
    for seed in range(3):
        match = start(players, seed, **options)
        conserved(match.state)
        play_random(match, seed, each=conserved)
        assert GAME.is_over(match.state)
        assert match.state.round == K.ROUNDS
        lines = GAME.scores(match.state)
        assert len(lines) == players and all(line.total >= 0 for line in lines)


def _illegal_variants(cmd: C.Command, n: int):
    """Commands near a legal one that the rules may refuse."""
    out = [replace(cmd, seat=(cmd.seat + 1) % max(n, 2))] if n > 1 else []
    for field, bumps in (("lane", (-1, 1, 5)), ("n", (-1, 1, 20)), ("slot", (1, 9, -2)),
                         ("card", (1, 999)), ("token", (1, 99)), ("who", (1,)), ("actor", (1,))):
        if hasattr(cmd, field):
            for b in bumps:
                out.append(replace(cmd, **{field: getattr(cmd, field) + b}))
    if hasattr(cmd, "side"):
        out.append(replace(cmd, side="pocket"))
    if hasattr(cmd, "gain"):
        out.append(replace(cmd, gain="vp"))
    if hasattr(cmd, "kind"):
        out.append(replace(cmd, kind="event"))
    return out


@pytest.mark.parametrize("players,options", [(1, {"red_cards": 3}), (2, {"actors": "yes"}),
                                             (3, {}), (4, {"automa": "yes"})])
def test_legal_commands_are_exactly_what_decide_accepts(players: int, options: dict) -> None:
    match = start(players, 7, **options)
    rnd = RandomPlayer(3)
    pick = Rng(11)
    steps = 0
    while not GAME.is_over(match.state):
        s = match.state
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_commands(s, seat)
        assert legal, f"no legal command at {GAME.progress(s)}"
        assert GAME.legal_commands(GAME.view(s, seat), seat) == legal
        for other in range(players):
            if other != seat:
                assert GAME.legal_commands(s, other) == []
        if steps % 3 == 0:
            for cmd in legal:
                GAME.decide(s, cmd)  # accepted
            legal_set = set(legal)
            for cmd in legal[:: max(1, len(legal) // 8)]:
                for bad in _illegal_variants(cmd, players):
                    if bad in legal_set:
                        continue
                    with pytest.raises(IllegalMove) as info:
                        GAME.decide(s, bad)
                    assert info.value.reason
        match.submit(legal[pick.below(len(legal))] if steps % 2 else rnd.choose(GAME, GAME.view(s, seat), seat))
        steps += 1


def test_apply_and_decide_never_mutate_their_input() -> None:
    match = start(3, 5, actors="yes")
    rnd = RandomPlayer(1)
    for _ in range(400):
        if GAME.is_over(match.state):
            break
        s = match.state
        before = copy.deepcopy(s)
        seat = GAME.to_act(s)[0]
        cmd = rnd.choose(GAME, GAME.view(s, seat), seat)
        events = GAME.decide(s, cmd)
        for ev in events:
            GAME.apply(s, ev)
        assert s == before
        match.submit(cmd)


def test_a_view_does_not_change_when_another_hand_changes() -> None:
    match = start(3, 2)
    s = match.state
    other = replace(s.players[1], hand=s.players[1].hand[:-1] + (s.project_deck[0],),
                    contacts=())
    changed = replace(s, players=(s.players[0], other, s.players[2]))
    v0, v1 = GAME.view(s, 0), GAME.view(changed, 0)
    assert v0.players[1].hand == v1.players[1].hand == (HIDDEN,) * len(s.players[1].hand)
    assert v0.players[0] == v1.players[0]
    assert v0.project_deck == (HIDDEN,) * len(s.project_deck)
    assert GAME.view(s, 1).players[1].hand == s.players[1].hand
    assert all(c == HIDDEN for c in v0.event_deck) and all(c == HIDDEN for c in v0.unique_unused)


def test_same_seed_and_commands_give_the_same_game() -> None:
    a, b = start(2, 42, actors="yes"), start(2, 42, actors="yes")
    play_random(a, 9)
    play_random(b, 9)
    assert a.state == b.state
    assert [g.events for g in a.log] == [g.events for g in b.log]
    c = start(2, 43, actors="yes")
    assert c.state != start(2, 42, actors="yes").state


@pytest.mark.parametrize("players", [1, 3])
def test_save_load_replay_equals_live_state(tmp_path, players: int) -> None:
    saved = SavedGame.create(GAME, config(players, 12, actors="yes"), tmp_path)
    rnd = RandomPlayer(4)
    steps = 0
    while not GAME.is_over(saved.match.state):
        seat = GAME.to_act(saved.match.state)[0]
        saved.submit(rnd.choose(GAME, GAME.view(saved.match.state, seat), seat))
        steps += 1
        if steps in (5, 60):
            assert SavedGame.replay(saved.path).match.state == saved.match.state
    saved.close()
    assert SavedGame.replay(saved.path).match.state == saved.match.state


@pytest.mark.parametrize("players", [1, 2, 4])
def test_greedy_bot_plays_legal_moves_from_the_view(players: int) -> None:
    from weather_tabletop.ai import levels, make_player
    assert "greedy" in levels(GAME)
    match = start(players, 21, actors="yes")
    bots = [make_player("greedy", i, GAME) for i in range(players)]
    while not GAME.is_over(match.state):
        seat = GAME.to_act(match.state)[0]
        view = GAME.view(match.state, seat)
        cmd = bots[seat].choose(GAME, view, seat)
        assert cmd in GAME.legal_commands(match.state, seat)
        match.submit(cmd)
    assert max(line.total for line in GAME.scores(match.state)) > 0


@pytest.mark.parametrize("players,options", [(1, {"red_cards": 6, "actors": "yes"}), (4, {"automa": "yes"})])
def test_every_command_and_event_has_a_description(players: int, options: dict) -> None:
    match = start(players, 17, **options)
    rnd = RandomPlayer(2)
    s = GAME.initial_state(match.config)
    for ev in match.log[0].events:
        assert _readable(GAME.describe_event(s, ev), ev)
        s = GAME.apply(s, ev)
    while not GAME.is_over(match.state):
        s = match.state
        seat = GAME.to_act(s)[0]
        assert GAME.progress(s)
        for cmd in GAME.legal_commands(s, seat):
            assert GAME.describe_command(s, cmd)
        group = match.submit(rnd.choose(GAME, GAME.view(s, seat), seat))
        for ev in group.events:
            assert _readable(GAME.describe_event(s, ev), ev)
            s = GAME.apply(s, ev)


def _readable(text: str, event) -> bool:
    """A log line in words, or nothing for a step the rules run by themselves (what such a step
    does has lines of its own)."""
    if not text:
        return type(event).__name__ == "StepBegan" and event.phase.startswith("auto-")
    text = str(text)
    return "None" not in text and "auto-" not in text and type(event).__name__ not in text


def test_scores_on_a_view_equal_scores_on_the_state() -> None:
    """The result screen may read a view: nothing hidden enters the score."""
    match = start(1, 8, red_cards=4)
    play_random(match, 3)
    assert GAME.scores(GAME.view(match.state, 0)) == GAME.scores(match.state)
