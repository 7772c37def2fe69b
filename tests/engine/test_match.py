"""The match: undo/redo policy (BGA's), the casual option, stale commands, snapshots."""

from __future__ import annotations

import pytest

from tests.support.play import config, random_step
from tests.support.tally import GAME, Draw, EndTurn, Roll, Take
from weather_tabletop.ai import RandomPlayer
from weather_tabletop.engine.match import Match, StaleCommand, _fold
from weather_tabletop.engine.protocol import IllegalMove
from weather_tabletop.i18n import tr


def start(casual: bool = False, players: int = 2, pile: int = 30, **kw) -> Match:
    return Match.start(GAME, config(GAME, players, pile=pile), casual=casual, **kw)


def rebuilt(match: Match):
    state = GAME.initial_state(match.config)
    for group in match.active:
        state = _fold(GAME, state, group.events)
    return state


def test_own_commands_in_own_turn_undo_and_redo_in_order():
    m = start()
    m.submit(Take(0, 2))
    m.submit(Take(0, 3))
    assert m.state.pile == 25
    m.undo(0)
    assert m.state.pile == 28
    m.undo(0)
    assert m.state.pile == 30
    assert tr(m.undo_reason(0)) == "There is nothing to undo."
    m.redo(0)
    assert m.state.pile == 28
    m.redo(0)
    assert m.state.pile == 25
    assert tr(m.redo_reason(0)) == "There is nothing to redo."


def test_undo_and_redo_are_recorded_in_the_log():
    m = start()
    m.submit(Take(0, 1))
    m.undo(0)
    m.redo(0)
    assert [g.kind for g in m.log] == ["setup", "command", "undo", "redo"]
    assert len(m.active) == 2


def test_undo_never_crosses_a_chance_event():
    m = start()
    m.submit(Take(0, 1))
    m.submit(Roll(0))
    reason = m.undo_reason(0)
    assert reason is not None and "chance" in tr(reason)
    with pytest.raises(IllegalMove):
        m.undo(0)


def test_undo_never_crosses_a_reveal():
    m = start()
    m.submit(Draw(0))
    assert "hidden information" in tr(m.undo_reason(0))


def test_undo_stays_in_the_own_turn_unless_casual():
    strict = start()
    strict.submit(Take(0, 1))
    strict.submit(EndTurn(0))
    assert "own turn" in tr(strict.undo_reason(0))
    casual = start(casual=True)
    casual.submit(Take(0, 1))
    casual.submit(EndTurn(0))
    assert casual.undo_reason(0) is None
    casual.undo(0)
    assert casual.state.current == 0 and casual.state.turn_no == 0


def test_casual_never_crosses_another_seats_command():
    m = start(casual=True)
    m.submit(Take(0, 1))
    m.submit(EndTurn(0))
    m.submit(Take(1, 2))
    assert "has moved since" in tr(m.undo_reason(0))
    assert m.undo_reason(1) is None


def test_casual_never_crosses_chance():
    m = start(casual=True)
    m.submit(Roll(0))
    m.submit(EndTurn(0))
    m.undo(0)
    assert "chance" in tr(m.undo_reason(0))


def test_setup_cannot_be_undone_and_redo_is_only_for_the_undoer():
    m = start(casual=True)
    assert tr(m.undo_reason(0)) == "There is nothing to undo."
    m.submit(Take(0, 1))
    m.undo(0)
    assert m.redo_reason(1) is not None
    assert m.redo_reason(0) is None


def test_new_command_clears_redo():
    m = start()
    m.submit(Take(0, 1))
    m.undo(0)
    m.submit(Take(0, 2))
    assert tr(m.redo_reason(0)) == "There is nothing to redo."
    assert m.state.pile == 28


def test_stale_command_is_refused_and_changes_nothing():
    m = start()
    version = m.version
    m.submit(Take(0, 1))
    before = (m.state, m.version)
    with pytest.raises(StaleCommand):
        m.submit(Take(0, 1), expected_version=version)
    assert (m.state, m.version) == before


def test_command_of_a_seat_not_to_act_is_refused():
    m = start()
    with pytest.raises(IllegalMove, match="not P2's turn"):
        m.submit(Take(1, 1))


def test_illegal_command_changes_nothing_and_names_the_rule():
    m = start(pile=10)
    with pytest.raises(IllegalMove, match="Take: 1 to 3"):
        m.submit(Take(0, 4))
    assert m.version == 1 and m.state.pile == 10


def test_sink_failure_leaves_the_match_unchanged():
    calls = []

    def sink(group):
        calls.append(group)
        if group.kind == "command":
            raise OSError("disk full")

    m = start(sink=sink)
    with pytest.raises(OSError):
        m.submit(Take(0, 1))
    assert m.version == 1 and m.state.pile == 30


def test_undo_after_many_commands_equals_a_fresh_fold():
    """Snapshots must give exactly the state a full replay gives, at every undo."""
    m = start(casual=True, pile=100000, snapshot_every=8)
    rng = RandomPlayer(5)
    for i in range(400):
        random_step(GAME, m, rng)
        if i % 7 == 3:
            seat = m.active[-1].seat
            while m.undo_reason(seat) is None:
                m.undo(seat)
                assert m.state == rebuilt(m)
            if m.redo_reason(seat) is None:
                m.redo(seat)
                assert m.state == rebuilt(m)
    assert m.state == rebuilt(m)


def test_barrier_of_names_the_chance_or_reveal_a_command_would_cause_and_changes_nothing():
    """Issue 27: the table asks before a move the undo policy cannot take back; asking must
    decide nothing (the same state, log and version afterwards)."""
    m = start()
    state, version, log = m.state, m.version, list(m.log)
    draw, roll = m.barrier_of(Draw(0)), m.barrier_of(Roll(0))
    assert draw is not None and draw.chance and draw.reveal
    assert roll is not None and roll.chance
    assert m.barrier_of(Take(0, 1)) is None  # plain, undoable
    assert m.barrier_of(EndTurn(0)) is None  # refused now (nothing done yet): nothing to ask
    assert m.state is state and m.version == version and list(m.log) == log
    # what it names is what playing the command records as the group's barrier
    assert m.submit(Roll(0)).barrier == roll
