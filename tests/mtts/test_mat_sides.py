"""Issue 15 item 3: the unique mat sides never contradict the printed numbers."""

from __future__ import annotations

from weather_tabletop.games.machines_to_the_sky import commands as C
from weather_tabletop.games.machines_to_the_sky import content as K
from weather_tabletop.games.machines_to_the_sky import card_text as TX
from weather_tabletop.games.machines_to_the_sky.rules import GAME
from weather_tabletop.games.machines_to_the_sky.state import MANAGEMENT

from .helpers import at_phase, start, with_lanes

PRINTED = K.MATS["identical"]


def test_every_unique_side_keeps_the_printed_numbers_and_only_adds() -> None:
    """"Base Income at the bottom left of their Player Mat: +2 Power per turn and +3 Experts per
    turn." and "an empty Lane 3 grants +1 Expert, and an empty Lane 2 grants +1 Power": no side
    changes these; an invented unique side only adds to them and is marked as the project's own.
    Only blue's is described ("except on the blue unique mat where it follows the process for
    lane 3")."""
    assert (PRINTED.base_power, PRINTED.base_experts) == (2, 3)
    assert PRINTED.empty_power == (0, 1, 0, 0) and PRINTED.empty_experts == (0, 0, 1, 0)
    for key in ("red", "yellow", "green", "blue"):
        m = K.MATS[key]
        assert (m.base_power, m.base_experts) == (2, 3), key
        assert all(a >= b for a, b in zip(m.empty_power, PRINTED.empty_power)), key
        assert all(a >= b for a, b in zip(m.empty_experts, PRINTED.empty_experts)), key
        assert m.advance_cost <= PRINTED.advance_cost and m.demote_cost <= PRINTED.demote_cost, key
        if key == "blue":
            assert m.source.startswith("rulebook")
        else:
            assert m.source == "project" and "this edition's own" in TX.render_mat(key)


def test_unique_sides_at_income_full_lanes_give_the_printed_base() -> None:
    """"+2 Power per turn and +3 Experts per turn": on the unique side too (red used to take 3
    Power and 2 Experts). With every lane filled each seat's Income is exactly the printed base."""
    s = start(4, mat_side="unique").state
    assert [p.mat for p in s.players] == ["red", "yellow", "green", "blue"]
    for seat in range(4):
        s = with_lanes(s, seat, ("seed-vault",), ("seed-vault",), ("seed-vault",), ("seed-vault",))
    # Seed Vault (active in Lanes 1-3) gives +1 Expert each; nothing else differs by colour
    incomes = {GAME.income_of(s, seat) for seat in range(4)}
    assert len(incomes) == 1


def test_unique_sides_add_an_empty_lane_one_income() -> None:
    """"Empty Lanes on their Player Mat may grant Income": the printed Lanes 2 and 3, plus this
    edition's own Lane 1 on red (+1 Power) and green (+1 Expert); empty mats."""
    s = start(4, mat_side="unique").state
    assert GAME.income_of(s, 0) == (2 + 1 + 1, 3 + 1)  # red
    assert GAME.income_of(s, 1) == (2 + 1, 3 + 1)      # yellow
    assert GAME.income_of(s, 2) == (2 + 1, 3 + 1 + 1)  # green
    assert GAME.income_of(s, 3) == (2 + 1, 3 + 1)      # blue


def test_yellow_unique_side_demotes_for_one_power() -> None:
    """"pay the amount of Power indicated on your Player Mat": yellow's own unique side makes a
    Demote cheaper (1 Power, not the identical side's 2) and leaves Advance at 1."""
    m = start(4, mat_side="unique")
    s = m.state
    s = with_lanes(s, 1, (), ("seed-vault",))
    s = with_lanes(s, 0, (), ("seed-vault",))
    s = s.with_player(1, power=1).with_player(0, power=1)
    s = at_phase(s, MANAGEMENT, 1)
    assert C.Demote(1, 2) in GAME.legal_commands(s, 1)
    s = at_phase(s, MANAGEMENT, 0)
    assert C.Demote(0, 2) not in GAME.legal_commands(s, 0)
