"""Random full games of Meteo with invariants (DESIGN.md, "Testing")."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.codec import Codec, encode
from weather_tabletop.engine.match import Match
from weather_tabletop.engine.protocol import Command, IllegalMove
from weather_tabletop.games.meteo import bots
from weather_tabletop.games.meteo.board import BOARD
from weather_tabletop.games.meteo.commands import (DrawMarker, EndMovement, EndPlacement,
                                                   PlaceMarker, RelocateFigure, RelocateWitch,
                                                   RemoveMarker, RollWind, SkipRemoval,
                                                   StepFigure, StepWitch)
from weather_tabletop.games.meteo.invariants import problems
from weather_tabletop.games.meteo.rules import GAME, start_village
from weather_tabletop.games.meteo.state import MeteoState
from weather_tabletop.i18n import tr

from .helpers import config


def candidates(s: MeteoState, seat: int) -> list[Command]:
    """A wide net of commands for ``seat``, legal or not."""
    out: list[Command] = [EndPlacement(seat), EndMovement(seat), SkipRemoval(seat),
                          RollWind(seat), DrawMarker(seat, "supply")]
    out += [DrawMarker(seat, k) for k in BOARD.marker_kinds]
    for kind in BOARD.marker_kinds:
        out += [PlaceMarker(seat, kind, p) for p in BOARD.spaces]
    pieces = {p for figs in s.figures for p in figs}
    for src in sorted(pieces):
        for dst in BOARD.neighbours[src] + ((0, 0), BOARD.villages[0]):
            out.append(StepFigure(seat, src, dst))
            for owner in range(s.players):
                out.append(RelocateFigure(seat, owner, src, dst))
    for w, src in enumerate(s.witches):
        for dst in BOARD.neighbours[src] + (BOARD.perches[w], (0, 0)):
            out += [StepWitch(seat, w, dst), RelocateWitch(seat, w, dst)]
    for owner in range(s.players):
        for src in set(s.figures[owner]):
            out.append(RelocateFigure(seat, owner, src, start_village(BOARD, s.colours[owner])))
    out += [RemoveMarker(seat, p) for p, _ in s.markers] + [RemoveMarker(seat, (0, 0))]
    return out


def check_invariants(s: MeteoState) -> None:
    assert problems(s) == []
    if not GAME.is_over(s):
        seats = GAME.to_act(s)
        assert len(seats) == 1 and GAME.legal_commands(s, seats[0])


def random_game(players: int, seed: int, *, sample_every: int = 0, greedy: bool = False,
                **options):
    match = Match.start(GAME, config(players, seed, **options))
    r = Rng(seed, 99)
    n = 0
    commands = []
    while not match.is_over():
        s = match.state
        check_invariants(s)
        seat = match.to_act()[0]
        legal = GAME.legal_commands(s, seat)
        if sample_every and n % sample_every == 0:
            check_legal_equals_decide(s, seat, legal)
            check_views(s)
        if greedy:
            cmd = bots.choose(GAME, GAME.view(s, seat), seat, r)
            assert cmd in legal
        else:
            cmd = r.choice(legal)
        snapshot = copy.deepcopy(s)
        match.submit(cmd)
        assert s == snapshot and hash(s) == hash(snapshot)  # apply never mutated its input
        commands.append(cmd)
        n += 1
        assert n < 20000, "the game did not end"
    check_invariants(match.state)
    return match, commands


def check_legal_equals_decide(s: MeteoState, seat: int, legal: list[Command]) -> None:
    assert len(set(legal)) == len(legal)
    for cmd in legal:
        GAME.decide(s, cmd)
    for other in range(s.players):
        for cmd in candidates(s, other):
            if other == seat and cmd in legal:
                continue
            with pytest.raises(IllegalMove) as exc:
                GAME.decide(s, cmd)
            assert exc.value.reason
    assert GAME.legal_commands(GAME.view(s, seat), seat) == legal


def check_views(s: MeteoState) -> None:
    for a in range(s.players):
        v = GAME.view(s, a)
        for b in range(s.players):
            if b == a or not s.hands[b]:
                continue
            other = ("fog",) * len(s.hands[b]) if s.hands[b][0] != "fog" else ("ice",) * len(s.hands[b])
            changed = replace(s, hands=s.hands[:b] + (other,) + s.hands[b + 1:])
            assert GAME.view(changed, a) == v
        assert v.supply == ("?",) * len(s.supply)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_invariants(players):
    """Uniform random play ends (within the project's round limit) and keeps every invariant:
    markers and figures conserved, legal commands exactly what decide accepts, views hide hands,
    apply never mutates its input."""
    for seed in (1, 2):
        match, _ = random_game(players, seed, sample_every=40 if seed == 1 else 0)
        assert match.is_over()
        assert len(GAME.scores(match.state)) == players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end_without_a_round_limit(players):
    match, commands = random_game(players, 5, greedy=True, round_limit=0)
    assert match.state.round < 40
    assert GAME.progress(match.state).startswith("Game over")


def test_same_seed_and_commands_give_the_same_game():
    """Chance is drawn from the seed: replaying the commands (and the saved log, encoded and
    decoded) gives the same states."""
    match, commands = random_game(3, 7)
    again = Match.start(GAME, config(3, 7))
    for cmd in commands:
        again.submit(cmd)
    assert again.state == match.state
    codec = Codec(GAME.commands + GAME.events)
    loaded = Match(GAME, config(3, 7))
    for g in match.log:
        cmd = codec.decode(encode(g.command)) if g.command else None
        events = tuple(codec.decode(encode(e)) for e in g.events)
        assert events == g.events
        loaded.replay_entry(g.kind, g.seat, cmd, events)
    assert loaded.state == match.state


def test_undo_within_a_turn():
    """Steps are separate commands: a seat can take them back one by one, never across a draw."""
    match = Match.start(GAME, config(2, 3))
    match.submit(EndPlacement(0))
    before = match.state
    step = next(c for c in match.legal(0) if isinstance(c, StepFigure))
    match.submit(step)
    assert match.undo_reason(0) is None
    match.undo(0)
    assert match.state == before


def test_descriptions():
    match, commands = random_game(4, 11)
    again = Match.start(GAME, config(4, 11))
    for cmd in commands[:300]:
        text = GAME.describe_command(again.state, cmd)
        assert text and "Seat" not in tr(text)
        group = again.submit(cmd)
        assert GAME.progress(again.state)
        for e in group.events:
            assert GAME.describe_event(again.state, e)
