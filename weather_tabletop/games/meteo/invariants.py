"""Invariants of a Meteo state: the 30 weather markers (5 of each kind) are all somewhere, each
once; every colour has its figures and there are three witches; hands hold at most three
markers; a landscape holds at most two figures, a coloured space one (except the space being
left by a continuous move), and markers lie on landscapes only. Used by the tests and the soak."""

from __future__ import annotations

from .board import BOARD
from .rules import FIGURES, GAME
from .state import MeteoState


def problems(s: MeteoState) -> list[str]:
    """What is out of place; empty when all is well."""
    bad = []
    if s.marker_total() != 30:
        bad.append(f"{s.marker_total()} weather markers, not 30")
    kinds = sorted(s.supply + s.face_up + s.returned + sum(s.hands, ())
                   + tuple(k for _, k in s.markers))
    if kinds != sorted(k for k in BOARD.marker_kinds for _ in range(5)):
        bad.append("the weather markers are not 5 of each kind")
    if any(len(f) != FIGURES[s.players] for f in s.figures):
        bad.append("a colour does not have its figures")
    if len(s.witches) != 3:
        bad.append(f"{len(s.witches)} witches")
    if len(s.face_up) > 2 or s.returned:
        bad.append("markers left face up or on their way back")
    if any(len(h) > 3 for h in s.hands):
        bad.append("a hand holds more than 3 markers")
    overfull = GAME.overfull(s)
    for p, n in s.occupancy.items():
        kind = BOARD.spaces[p].kind
        if kind == "landscape" and n > 2:
            bad.append(f"{n} figures on the landscape {p}")
        if kind == "coloured" and n > 1 and overfull != p:
            bad.append(f"{n} figures on the coloured space {p}")
    if any(BOARD.spaces[p].kind != "landscape" for p, _ in s.markers):
        bad.append("a weather marker off a landscape")
    return bad
