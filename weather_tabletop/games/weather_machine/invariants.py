"""Invariants of a Weather Machine state: the pieces in the box (Components) are all somewhere,
each once, and no track or Workshop holds more than it can. Used by the tests and the soak."""

from __future__ import annotations

from . import board as B
from .state import EMPTY, LATIV, WMState


def problems(s: WMState) -> list[str]:
    """Every component where it should be (Components: the counts in the box); the problems
    found, empty when all is well."""
    d = B.D
    bad = []
    solo = s.solo  # the Saboteurs' Hideout holds pieces too (solo §2.2)
    chems = (sum(sum(x) for x in s.chem_supply) + sum(sum(p.chemicals) for p in s.pl)
             + sum(1 for br in s.rnd_chem for x in br if x != EMPTY)
             + (sum(solo.hideout.chemicals) if solo else 0))
    if chems != 25:
        bad.append(f"chemicals {chems}")
    for seat, p in enumerate(s.pl):
        bots = (sum(p.line) + p.ws_bots + sum(1 for col in s.gov_bots for x in col if x == seat)
                + sum(1 for br in s.lab for x in br if x == seat)
                + sum(1 for br in s.rnd for x in br if x == seat)
                + sum(1 for st in s.stack if st.kind == "to_line" and st.seat == seat))
        if bots != 12:
            bad.append(f"seat {seat} bots {bots}")
        for t in range(5):
            if not 0 <= p.vouchers[t] <= d.voucher_limit[t]:
                bad.append(f"seat {seat} vouchers {p.vouchers}")
        if not B.chems_fit(p, p.chemicals) or not B.items_fit(len(p.tiles), sum(p.parts), p.ws_bots):
            bad.append(f"seat {seat} workshop overfull")
        if min(p.parts) < 0 or min(p.chemicals) < 0 or p.investments < 0 or p.pending_awards < 0:
            bad.append(f"seat {seat} negative")
    lativ = s.lativ_side + sum(1 for br in s.lab for x in br if x == LATIV)
    if lativ != 5:
        bad.append(f"lativ bots {lativ}")
    lab_total = (d.lab_tokens_small if s.players <= 3 else d.lab_tokens) * 5
    tokens = (sum(s.gov_tokens) + sum(s.lab_tokens) + sum(s.rnd_tokens) + s.removed_tokens
              + sum(len(p.pending_tokens) for p in s.pl)
              + sum(1 for p in s.pl for row in p.office for x in row if ":" in x)
              + (len(solo.hideout.tokens) if solo else 0))
    if tokens != 20 + lab_total:
        bad.append(f"research tokens {tokens}")
    awards = s.awards_left + sum(p.awards for p in s.pl)
    placed = sum(1 for p in s.pl for row in p.office for x in row if x == "A")
    saboteurs = solo.hideout.awards + solo.awards_spent if solo else 0
    if awards + saboteurs != 12 or \
            placed + sum(p.pending_awards for p in s.pl) + saboteurs != 12 - s.awards_left:
        bad.append(f"awards {awards}")
    if solo:
        bad += _solo_problems(s)
    if s.gov_markers + sum(s.ew_gov) != 3:
        bad.append("government markers")
    subs = (sum(1 for col in s.gov_grid for x in col if x.startswith("S"))
            + sum(len(p.subsidies) for p in s.pl) + s.discarded_subsidies)
    if subs != 15:
        bad.append(f"subsidy tiles {subs}")
    ew = sum(len(x) for x in s.ew_board) + sum(len(x) for x in s.ew_stack)
    if ew != 15:
        bad.append(f"extreme weather tiles {ew}")
    ws = (sum(1 for x in s.offer if x != EMPTY) + len(s.up_stack) + len(s.down_stack)
          + sum(len(p.tiles) for p in s.pl) + sum(1 for st in s.stack if st.kind == "tile_place"))
    if ws != 30:
        bad.append(f"workshop tiles {ws}")
    exp = len(s.exp_deck) + sum(1 for x in s.exp_display if x != EMPTY) + (s.exp_below != EMPTY)
    if exp > 12:
        bad.append(f"experiment tiles {exp}")
    return bad


def _solo_problems(s: WMState) -> list[str]:
    """The Saboteurs' own pieces (solo §2.1): their 12 Bots in the Hideout or on the board, the
    20 Security Reports in the draw pile, current, discarded or out of the game."""
    from .solo_state import SABOTEUR
    from .state import NO_REPORT

    solo = s.solo
    bad = []
    bots = (solo.hideout.bots + sum(1 for col in s.gov_bots for x in col if x == SABOTEUR)
            + sum(1 for br in s.lab for x in br if x == SABOTEUR)
            + sum(1 for br in s.rnd for x in br if x == SABOTEUR))
    if bots != 12:
        bad.append(f"saboteur bots {bots}")
    deck = solo.deck
    reports = len(deck.draw) + (deck.current != NO_REPORT) + len(deck.discard) + len(deck.removed)
    if reports != 20 or len(set(deck.draw) | set(deck.discard) | set(deck.removed)) != reports - (
            deck.current != NO_REPORT):
        bad.append(f"security reports {reports}")
    return bad
