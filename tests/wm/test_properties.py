"""Property tests: random games end; legal_commands equals what decide accepts; components are
conserved; vouchers stay within their tracks; apply never mutates; save/load/replay equality."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from tests.support.play import config
from tests.wm.helpers import conservation, start
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import IllegalMove
from weather_tabletop.i18n import tr
from weather_tabletop.engine.storage import SavedGame
from weather_tabletop.games.weather_machine import commands as C
from weather_tabletop.games.weather_machine.rules import GAME


def play(match, seed: int, each=None, limit: int = 5000) -> int:
    players = [RandomPlayer(seed * 31 + i) for i in range(match.config.players)]
    n = 0
    while not GAME.is_over(match.state):
        seat = GAME.to_act(match.state)[0]
        cmd = players[seat].choose(GAME, GAME.view(match.state, seat), seat)
        if each:
            each(match.state, cmd)
        match.submit(cmd)
        n += 1
        assert n < limit
    return n


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_components_conserved(players: int) -> None:
    for seed in range(1, 7):
        match = start(players, seed)

        def check(state, _cmd):
            assert conservation(state) == []

        play(match, seed, check)
        assert conservation(match.state) == []
        assert GAME.is_over(match.state)
        assert match.state.round >= 2
        lines = GAME.scores(match.state)
        assert min(l.rank for l in lines) == 1
        for line in lines:
            assert line.total == sum(v for _k, v in line.breakdown)


@pytest.mark.parametrize("options", [{"drafting": True}, {"new_scientists": True}])
def test_variants_play_to_the_end(options) -> None:
    for seed in range(1, 4):
        match = start(2, seed, **options)
        play(match, seed)
        assert GAME.is_over(match.state)
        assert all(len(p.goals_hand) + len(p.goals_set) <= 9 for p in match.state.pl)


FIELD_VALUES = {int: (-1, 0, 1, 2, 3, 4, 5, 7, 11), str: ("A", "G:0", "L:1", "R:2", "chemical", "part", "x"),
                bool: (False, True)}


def random_command(r: Rng, seat: int):
    cls = r.choice(C.COMMANDS)
    values = []
    for f in dataclasses.fields(cls)[1:]:
        if f.type in ("tuple[int, int, int]",):
            values.append(tuple(r.choice((0, 1, 2, 3)) for _ in range(3)))
        elif f.type == "str":
            values.append(r.choice(FIELD_VALUES[str]))
        elif f.type == "bool":
            values.append(r.choice(FIELD_VALUES[bool]))
        else:
            values.append(r.choice(FIELD_VALUES[int]))
    return cls(r.choice((seat, seat, seat, (seat + 1) % 3)), *values)


def test_legal_commands_equal_what_decide_accepts_and_fuzz_is_refused() -> None:
    r = Rng(5, 5)
    for seed in (1, 2):
        match = start(3, seed)
        seen_legal = 0

        def check(state, _cmd):
            nonlocal seen_legal
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_commands(state, seat)
            assert legal, "the seat to act always has a legal command"
            assert len(set(legal)) == len(legal)
            for other in range(3):
                if other != seat:
                    assert GAME.legal_commands(state, other) == []
            for cmd in legal[:8]:
                GAME.decide(state, cmd)  # accepted
                seen_legal += 1
            before = pickle.dumps(state)
            for _ in range(6):
                cmd = random_command(r, seat)
                if cmd in legal:
                    continue
                with pytest.raises(IllegalMove) as exc:
                    GAME.decide(state, cmd)
                assert ":" in tr(exc.value.reason) and len(tr(exc.value.reason)) > 15
            assert pickle.dumps(state) == before

        play(match, seed, check)
        assert seen_legal > 100


def test_apply_never_mutates_its_input() -> None:
    match = start(3, 4)
    players = [RandomPlayer(i) for i in range(3)]
    for _ in range(150):
        if GAME.is_over(match.state):
            break
        state = match.state
        seat = GAME.to_act(state)[0]
        cmd = players[seat].choose(GAME, GAME.view(state, seat), seat)
        snapshot = copy.deepcopy(state)
        s = state
        for e in GAME.decide(state, cmd):
            s = GAME.apply(s, e)
        assert state == snapshot
        match.submit(cmd)


@pytest.fixture
def registered():
    from weather_tabletop import games
    known = "weather-machine" in games.RULES
    if not known:
        games.register(GAME)
    yield
    if not known:
        games.unregister(GAME.id)


def test_save_load_replay_equality(tmp_path, registered) -> None:
    saved = SavedGame.create(GAME, config(GAME, 3, 9), tmp_path)
    players = [RandomPlayer(90 + i) for i in range(3)]
    steps = 0
    while not GAME.is_over(saved.match.state):
        seat = GAME.to_act(saved.match.state)[0]
        saved.submit(players[seat].choose(GAME, GAME.view(saved.match.state, seat), seat))
        steps += 1
        if steps % 97 == 0:
            assert SavedGame.replay(saved.path).match.state == saved.match.state
    assert SavedGame.replay(saved.path).match.state == saved.match.state
    saved.close()


def test_view_hides_only_stack_orders() -> None:
    s = start(3, 2).state
    v = GAME.view(s, 0)
    assert v.exp_deck[0] == s.exp_deck[0] and set(v.exp_deck[1:]) == {-1}
    assert set(v.down_stack) == {-1} and v.up_stack[0] == s.up_stack[0]
    assert v.pl == s.pl and GAME.hidden_information is False
