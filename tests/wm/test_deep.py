"""Deep paths under play: Office rows filled from the token stacks (so components stay conserved)
and Vouchers topped up each turn, then greedy seats play on; papers, Breakthroughs, prototypes,
Awards and exchanges happen, and every invariant holds."""

from __future__ import annotations

import collections
from dataclasses import replace

from tests.wm.helpers import conservation, fresh, with_player
from weather_tabletop.games.weather_machine.bots import PriorityPlayer
from weather_tabletop.games.weather_machine.data import load
from weather_tabletop.games.weather_machine.rules import GAME

D = load()


def rich(seed: int):
    s = fresh(3, seed)
    gov, lab = list(s.gov_tokens), list(s.lab_tokens)
    for seat in range(3):
        w = seat
        office = list(s.pl[seat].office)
        office[0] = (f"G:{w}", f"G:{w}", f"L:{w}")
        gov[w] -= 2
        lab[w] -= 1
        s = with_player(s, seat, office=tuple(office))
    return replace(s, gov_tokens=tuple(gov), lab_tokens=tuple(lab))


def test_deep_paths_keep_every_invariant() -> None:
    kinds: collections.Counter = collections.Counter()
    for seed in range(1, 5):
        s = rich(seed)
        bots = [PriorityPlayer(seed * 7 + i) for i in range(3)]
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            if s.stack[-1].kind == "move":
                s = with_player(s, seat, vouchers=D.voucher_limit)
            cmd = bots[seat].choose(GAME, GAME.view(s, seat), seat)
            kinds[type(cmd).__name__] += 1
            for e in GAME.decide(s, cmd):
                s = GAME.apply(s, e)
            assert conservation(s) == []
    assert kinds["PublishPaper"] >= 3 and kinds["BuildPrototype"] >= 1
