"""The log and the action list read as plain English in the rulebook's words.

For every command ``legal_commands`` offers at every state of random games (all phases, 2-4
players, both variants), ``describe_command`` names the seat and contains no "=", no parenthesis
and no class name; no event description shows a state path ("=", "stack"); state patches say
nothing; every kind of command is met and described."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tests.wm.test_deep import rich
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import GameConfig, SeatConfig
from weather_tabletop.games.weather_machine import commands as C
from weather_tabletop.games.weather_machine.bots import PriorityPlayer
from weather_tabletop.games.weather_machine.data import load
from weather_tabletop.games.weather_machine.events import StepsChanged
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.i18n import tr

D = load()
NAMES = ("Ada", "Ben", "Cleo", "Dev")
def said(state, cmd) -> str:
    """``describe_command`` rendered in English."""
    return tr(GAME.describe_command(state, cmd))


CAMEL = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")
CLASS_NAMES = {cls.__name__ for cls in C.COMMANDS}
RULEBOOK_WORDS = {"Research", "Breakthrough"}  # action names of the rulebook, also class names


def start(players: int, seed: int, **options) -> Match:
    seats = tuple(SeatConfig(NAMES[i], GAME.colours[i].key) for i in range(players))
    opts = {o.key: o.default for o in GAME.options}
    opts.update(options)
    return Match.start(GAME, GameConfig(GAME.id, seats, tuple(sorted(opts.items())), seed))


def check_command(state, cmd, seen: set) -> None:
    text = said(state, cmd)
    name = state.names[cmd.seat]
    assert name in text, text
    assert "=" not in text and "(" not in text and ")" not in text, text
    assert not CAMEL.search(text), text
    assert not any(c in text.split() for c in CLASS_NAMES - RULEBOOK_WORDS), text
    assert len(text) < 320, text
    seen.add(type(cmd))


def check_events(state, events) -> None:
    for e in events:
        text = str(GAME.describe_event(state, e))
        assert "=" not in text and "stack" not in text, text
        if isinstance(e, StepsChanged):
            assert text == ""
        state = GAME.apply(state, e)


def play(state, players, seen: set, every_command: bool = True, limit: int = 5000) -> None:
    n = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_commands(state, seat)
        if every_command or n % 3 == 0:
            for cmd in legal:
                check_command(state, cmd, seen)
        cmd = players[seat].choose(GAME, GAME.view(state, seat), seat)
        check_command(state, cmd, seen)
        events = GAME.decide(state, cmd)
        check_events(state, events)
        for e in events:
            state = GAME.apply(state, e)
        n += 1
        assert n < limit
    return state


SEEN: set = set()


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, {}), (2, {"new_scientists": True}),
                                             (3, {"drafting": True}), (4, {"drafting": True})])
def test_every_legal_command_reads_as_a_sentence(players, options) -> None:
    for seed in (1, 2):
        match = start(players, seed, **options)
        check_events(GAME.initial_state(match.config), match.log[0].events)
        bots = [(PriorityPlayer if (seed + i) % 2 else RandomPlayer)(seed * 13 + i) for i in range(players)]
        end = play(match.state, bots, SEEN)
        assert GAME.is_over(end)


def test_deep_paths_read_as_sentences_and_every_command_is_met() -> None:
    from tests.wm.helpers import with_player
    draft = start(3, 3, drafting=True)
    play(draft.state, [PriorityPlayer(i) for i in range(3)], SEEN, every_command=False)
    for seed in range(1, 4):
        s = rich(seed)
        s = replace(s, names=NAMES[:3])
        bots = [PriorityPlayer(seed * 5 + i) for i in range(3)]
        n = 0
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            if s.stack[-1].kind == "move" and n % 2 == 0:
                s = with_player(s, seat, vouchers=D.voucher_limit)
            for cmd in GAME.legal_commands(s, seat):
                check_command(s, cmd, SEEN)
            cmd = bots[seat].choose(GAME, GAME.view(s, seat), seat)
            events = GAME.decide(s, cmd)
            check_events(s, events)
            for e in events:
                s = GAME.apply(s, e)
            n += 1
    # Parts that must leave the prototype row with the others, chosen among two colours (rare in play)
    from tests.wm.helpers import at_step
    s = at_step(with_player(rich(1), 0, parts=(1, 1, 0, 0, 0)), ("return_extra", 0, 1))
    for cmd in GAME.legal_commands(s, 0):
        check_command(s, cmd, SEEN)
    assert said(s, C.ReturnPart(0, 0)) == (
        f"{s.names[0]} returns a red Machine Part from the prototype row to the reserve")
    from tests.wm.helpers import solo_states  # issue 20: the solo game's commands
    for s in solo_states():
        for cmd in GAME.legal_commands(s, GAME.to_act(s)[0]):
            check_command(s, cmd, SEEN)
    missing = {c.__name__ for c in C.COMMANDS} - {c.__name__ for c in SEEN}
    assert not missing, missing


def test_sample_sentences() -> None:
    """A few exact sentences, in the rulebook's words."""
    s = start(3, 2).state
    seat = GAME.to_act(s)[0]
    who = s.names[seat]
    t = s.offer[0]
    a, b = D.workshop_tiles[t]
    colours = D.raw["weathers"]["chemical_colours"]
    text = said(s, C.ExtendWorkshop(seat, 0))
    tile = (f"two {colours[a]} half-circles" if a == b else f"{colours[a]} and {colours[b]} half-circles")
    assert text == f"{who} extends the Workshop from space 1 of the offer: the Workshop tile with {tile}, for 1 Supply Voucher"
    assert said(s, C.AcquireChemical(seat, 0)) == f"{who} takes 1 green Verdino from the Supply for 1 Supply Voucher"
    assert said(s, C.ConstructBot(seat, 4)) == (
        f"{who} builds a Bot from slot 5, section 2, of the Assembly Line for 1 Supply Voucher, gaining any 1 Machine Part")
