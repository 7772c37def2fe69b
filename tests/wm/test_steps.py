"""The pending steps are typed (issue 17): each kind a frozen dataclass, written in events and
saves as the tuple saves have always held, and read back as the same step."""

from dataclasses import FrozenInstanceError, fields, replace

import pytest

from tests.wm.helpers import fresh
from weather_tabletop.engine.checkpoint import state_codec
from weather_tabletop.engine.codec import CodecError, encode
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.state import (DECISIONS, EFFECTS, Payment, PhaseC,
                                                          Sell, step_from_tuple, step_tuple)


def _example(cls: type) -> object:
    values = {"int": 1, "str": "x", "tuple": ((1, 2),)}
    return cls(*[values.get(f.type, 1) for f in fields(cls)])


def test_every_step_is_written_as_its_tuple_and_read_back() -> None:
    for cls in DECISIONS + EFFECTS:
        step = _example(cls)
        written = step_tuple(step)
        assert written[1] == step.seat
        assert written[0] == ("fx" if cls in EFFECTS else cls.kind)
        assert step_from_tuple(written) == step and type(step_from_tuple(written)) is cls


def test_the_tuples_are_the_ones_saves_hold() -> None:
    assert step_tuple(Payment(0, -1, 2, ())) == ("pay", 0, -1, 2, ())
    assert step_tuple(Sell(1, 2, 0)) == ("fx", 1, "sell", 2, 0)
    assert step_tuple(PhaseC(-1)) == ("fx", -1, "phase_c")


def test_steps_are_frozen_and_check_their_arguments() -> None:
    step = Payment(0, 1, 2, ())
    with pytest.raises(FrozenInstanceError):
        step.n = 3  # type: ignore[misc]
    assert replace(step, n=1) == Payment(0, 1, 1, ())
    for bad in (lambda: Payment(0, 1, 2), lambda: Payment(0, 1, 2, (), 5),
                lambda: Payment(0, 1, 2, later=(), x=1)):
        with pytest.raises(TypeError):
            bad()


def test_a_checkpoint_reads_back_typed_steps_and_refuses_an_older_tuple_stack() -> None:
    """A checkpoint written before the steps were typed is refused (the save is then read
    whole, and its setup says that an older version made it: test_recorded)."""
    s = fresh(3)
    codec = state_codec(GAME, s)
    assert codec.decode(encode(s)) == s
    older = encode(s)
    older["stack"] = [list(step_tuple(x)) for x in s.stack]  # a checkpoint written before
    with pytest.raises(CodecError, match="older version"):
        codec.decode(older)
