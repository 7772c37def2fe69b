"""Issue 17 for Weather Machine's words: the names of its pieces (``words``), the step titles,
the refusals and the command descriptions (``sentences``) come from the catalogue
(``games/weather_machine/locale/en/*.json``). Every command kind met in finished random games
(every legal command of every state), every refusal reason given there to commands of every
kind and every step title render with no missing key and no unfilled ``{field}``; every
component of the data is named from the catalogue."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.catalogue import assert_well_formed, finished_games, rendered
from tests.wm.helpers import at_step, with_player
from tests.wm.test_deep import rich
from tests.wm.test_properties import random_command
from weather_tabletop import i18n
from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import GameConfig, SeatConfig
from weather_tabletop.games.weather_machine import sentences as S
from weather_tabletop.games.weather_machine import words as T
from weather_tabletop.games.weather_machine.board import D, W
from weather_tabletop.games.weather_machine.bots import PriorityPlayer
from weather_tabletop.games.weather_machine.commands import COMMANDS
from weather_tabletop.games.weather_machine.data import GOVERNMENT, LAB, OFFICE, RND, SUPPLY
from weather_tabletop.games.weather_machine.options import AWARD_RULE
from weather_tabletop.games.weather_machine.rules import GAME
from weather_tabletop.games.weather_machine.state import Decision
from weather_tabletop.i18n import Msg, tr

LOCALE = Path(T.__file__).resolve().parent / "locale" / "en"
#: the parts of the catalogue these tests hold (``events.json`` is the events')
PARTS = ("words.json", "commands.json", "reasons.json", "steps.json")
NAMES = ("Ada", "Ben", "Cleo", "Dev")


def _config(players: int, seed: int, **options: bool) -> GameConfig:
    seats = tuple(SeatConfig(NAMES[i], GAME.colours[i].key) for i in range(players))
    opts = {o.key: o.default for o in GAME.options}
    opts.update(options)
    return GameConfig(GAME.id, seats, tuple(sorted(opts.items())), seed)


@pytest.fixture(scope="module")
def played():
    """Finished random games at 2, 3 and 4 seats, with and without the variants."""
    i18n.set_language("en")
    cases = [(_config(2, 1), 1, None), (_config(3, 2, drafting=True), 2, None),
             (_config(4, 3), 3, None), (_config(2, 4, new_scientists=True, drafting=True), 4, None),
             (_config(3, 5), 5, None)]
    return list(finished_games(GAME, cases))


def test_the_catalogue_parts_are_well_formed_and_distinct():
    seen: set[str] = set()
    for part in PARTS:
        data = json.loads((LOCALE / part).read_text(encoding="utf-8"))
        assert_well_formed(data)
        assert all(k.startswith("wm.") for k in data), part
        assert not seen & set(data), f"{part} repeats keys of another part"
        seen |= set(data)


def _deep_states() -> list:
    """States of games played from a rich position (Office rows ready for papers and
    Breakthroughs, Vouchers often full), where the rare commands are met, a prototype row
    with Parts to return and a Bot going back to the Assembly Line."""
    states = []
    for seed in range(1, 4):
        s = replace(rich(seed), names=NAMES[:3])
        bots = [PriorityPlayer(seed * 5 + i) for i in range(3)]
        n = 0
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            if s.stack[-1].kind == "move" and n % 2 == 0:
                s = with_player(s, seat, vouchers=D.voucher_limit)
            states.append(s)
            for e in GAME.decide(s, bots[seat].choose(GAME, GAME.view(s, seat), seat)):
                s = GAME.apply(s, e)
            n += 1
    states.append(at_step(with_player(rich(1), 0, parts=(1, 1, 0, 0, 0)), ("return_extra", 0, 1)))
    line = (False,) + rich(1).pl[0].line[1:]  # a Bot constructed from slot 1 and no Workshop space
    states.append(at_step(with_player(rich(1), 0, line=line), ("to_line", 0)))
    from tests.wm.helpers import solo_states
    return states + solo_states()  # issue 20: the solo game's commands and steps


@pytest.fixture(scope="module")
def states(played):
    return [s for _match, game_states in played for s in game_states] + _deep_states()


def test_every_command_kind_renders_through_the_catalogue(states):
    kinds = set()
    for state in states:
        seat = GAME.to_act(state)[0]
        for cmd in GAME.legal_commands(state, seat):
            text = rendered(GAME.describe_command(state, cmd))
            assert text.startswith(state.names[cmd.seat]), text
            kinds.add(type(cmd))
    assert kinds == set(COMMANDS)


def test_every_refusal_and_step_title_renders(states):
    """The reasons the rules give to commands of every kind (random fields) at every step met,
    and every step's title and payment purpose."""
    r = Rng(3, 17)
    reasons, titles = set(), set()
    for state in states:
        step = state.stack[-1]
        titles.add(rendered(S.step_title(state, step)))
        purpose = S.pay_purpose(state, step)
        if purpose:
            rendered(purpose)
        if not isinstance(step, Decision):
            continue
        legal = GAME.legal_commands(state, step.seat)
        for _ in range(4):
            cmd = random_command(r, step.seat)
            if cmd.seat == step.seat and cmd not in legal:
                reasons.add(rendered(S.explain(state, step, cmd, legal)))
    assert len(titles) >= 20 and len(reasons) >= 20
    assert all(":" in text for text in reasons)


def test_every_component_is_named_from_the_catalogue():
    names: list[Msg | str] = [T.and_list([]), AWARD_RULE]
    names += [T.voucher(v, n) for v in range(5) for n in (1, 2)] + [T.a_voucher(v) for v in range(5)]
    names += [T.chemical(w) for w in range(W)] + [T.chemical_name(w) for w in range(W)]
    names += [T.part(c, a) for c in range(len(D.part_colours)) for a in (True, False)]
    names += [T.tile(t) for t in range(len(D.workshop_tiles))]
    names += [o for t in range(len(D.workshop_tiles)) for f in (False, True)
              if (o := T.tile_orientation(t, f))]
    names += [T.ws_row(r) for r in range(3)] + [T.branch_space(i) for i in range(3)]
    names += [T.space(SUPPLY, i) for i in range(4)] + [T.space(OFFICE, 0)]
    names += [T.space(loc, i) for loc in (GOVERNMENT, LAB, RND) for i in range(3)]
    names += [T.symbol(loc, i) for loc in (GOVERNMENT, LAB, RND) for i in range(3)]
    names += [T.location(loc) for loc in (SUPPLY, GOVERNMENT, LAB, RND, OFFICE)]
    names += [T.token(t) for t in ("A", "C")] + [T.token(f"{c}:{w}") for c in "GLR" for w in range(W)]
    names += [T.office_space(r, c) for r in range(6) for c in range(3)]
    names += [T.track(t) for t in range(3)] + [T.subsidy(i) for i in range(len(D.subsidy_tiles))]
    names += [T.gov_space(c, r) for c in range(W) for r in range(3)]
    names += [T.gov_cell(c, r) for c in range(W) for r in range(3)]
    names += [T.experiment(e) for e in range(len(D.experiments))]
    names += [T.extreme(t) for t in range(len(D.extremes))]
    names += [T.goal(g.id) for g in D.goals] + [T.goal_space(i) for i in range(len(D.goal_space_colours))]
    names += [T.line_slot(i) for i in range(12)] + list(T.ORDINALS) + list(T.ACTION_NAMES.values())
    benefits = {b for x in D.experiments for pair in x.benefits for b in pair}
    benefits |= {b for row in D.office_benefit for cell in row for b in cell}
    benefits |= {b for cell in D.line_benefit for b in cell} | {b for x in D.funding_rnd for b in x}
    benefits |= set(D.subsidy_types)
    names += [T.benefit(b) for b in sorted(benefits)]
    for name in names:
        text = rendered(name)
        assert "wm." not in text, text


def test_names_render_in_the_reader_language_when_shown():
    """A name is a message, rendered when shown (a list of names in the language's list
    pattern)."""
    name = T.tile(0)
    assert isinstance(name, Msg) and "Workshop tile" in tr(name)
    assert tr(T.and_list([T.weather(0), T.weather(1), T.weather(2)])) == "Rain, Wind and Sun"


def test_sample_sentences_read_as_before():
    """The English text a player reads did not change with the catalogue."""
    assert tr(T.tile(0)).startswith("the Workshop tile with ")
    assert tr(T.voucher(0, 1)) == "1 Supply Voucher" and tr(T.voucher(3, 2)) == "2 R&D Vouchers"
    assert tr(T.a_voucher(3)) == "an R&D Voucher" and tr(T.a_voucher(1)) == "a Government Voucher"
    assert tr(T.space(SUPPLY, 0)) == "the leftmost space of Supply"
    assert tr(T.space(LAB, 1)) == "the middle space of Lativ's Lab"
    assert tr(T.token("R:0")) == "an R&D Research token of Rain"
    assert tr(T.benefit("cp:3")) == "3 CP"
    assert tr(T.benefits(("voucher:lab:1", "funding:rnd"))) == (
        "1 Lab Voucher and 1 space on the R&D Funding track")
