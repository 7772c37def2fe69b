"""Computer players for Weather Machine (they read only ``view``).

``greedy``: prefers the actions that score (Breakthrough, Publish a Paper, Research, Sell a Part,
Work on Experiment), always places tokens, pays for experiments, and otherwise picks at random;
it never passes while an action is open to it, except with a small chance.
"""

from __future__ import annotations

from typing import Any

from weather_tabletop.engine.chance import Rng
from weather_tabletop.engine.protocol import Command, Game

from . import commands as C

PRIORITY = {C.Breakthrough: 9, C.PublishPaper: 8, C.BuildPrototype: 7, C.PlaceToken: 7, C.Research: 6,
            C.SellPart: 5, C.WorkOnExperiment: 5, C.SetGoal: 4, C.UseSubsidy: 4, C.ReceiveFunding: 3,
            C.ConstructBot: 3, C.SecureSubsidy: 3, C.ExtendWorkshop: 2, C.AcquireChemical: 2}


class GreedyPlayer:
    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed, 0xB07)

    def choose(self, game: Game, view: Any, seat: int) -> Command:
        legal = game.legal_commands(view, seat)
        if isinstance(legal[0], C.Confirm) or any(isinstance(c, C.Confirm) for c in legal):
            return C.Confirm(seat, True)
        places = [c for c in legal if isinstance(c, C.PlaceToken)]
        if places and self._rng.below(10):
            office = view.pl[seat].office
            fullest = max(sum(1 for x in office[c.row] if x) for c in places)
            return self._rng.choice([c for c in places if sum(1 for x in office[c.row] if x) == fullest])
        best = max(PRIORITY.get(type(c), 1) for c in legal)
        if best >= 2 and self._rng.below(10):
            pool = [c for c in legal if PRIORITY.get(type(c), 1) == best]
        else:
            pool = [c for c in legal if not isinstance(c, C.Done)] or legal
            if self._rng.below(4) == 0:
                pool = legal
        return self._rng.choice(pool)


BOTS = {"greedy": GreedyPlayer}
