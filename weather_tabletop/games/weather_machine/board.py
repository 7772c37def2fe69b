"""Pure queries on a Weather Machine state: the Workshop, the Office, vouchers, the board.

Section names in docstrings refer to the English rulebook (``weather-machine.en.txt``).
"""

from __future__ import annotations

from typing import Iterable

from .data import (GOVERNMENT, LAB, OFFICE, RND, SUPPLY, V_SCI, load)
from .state import BLOCKED, EMPTY, LATIV, PlayerState, WMState

D = load()
W = 5
ANY = -1


# -- Workshop ("Your Workshop") -------------------------------------------------------------


def tile_ends(tile: int, flipped: bool) -> tuple[int, int]:
    """(top, bottom) half-circle colours of a placed Workshop tile."""
    a, b = D.workshop_tiles[tile]
    return (b, a) if flipped else (a, b)


def grid(p: PlayerState) -> dict[tuple[int, int], tuple[int, int]]:
    return {(r, c): tile_ends(t, f) for r, c, t, f in p.tiles}


def chem_caps(p: PlayerState) -> list[int]:
    """Chemical spaces by colour: one where two vertically adjacent tiles meet."""
    return list(_chem_caps(p))


def _chem_caps(p: PlayerState) -> tuple[int, ...]:
    """``chem_caps`` once per player value (a memo in its ``__dict__``, never a field)."""
    memo = p.__dict__
    caps = memo.get("_caps")
    if caps is None:
        g = grid(p)
        counts = [0] * W
        for (r, c), (_top, bottom) in g.items():
            if (r + 1, c) in g:
                counts[bottom] += 1
        caps = memo["_caps"] = tuple(counts)
    return caps


def chem_gain_weathers(p: PlayerState) -> list[bool]:
    """For each weather, whether one more Chemical of it fits (``can_gain_chem``): the Chemicals
    beyond their spaces, at most one of which goes on the printed space, grow by one exactly when
    that weather has no free space."""
    caps = _chem_caps(p)
    chems = p.chemicals
    over = 0
    for i in range(W):
        if chems[i] > caps[i]:
            over += chems[i] - caps[i]
    return [over + (chems[w] >= caps[w]) <= 1 for w in range(W)]


def chems_fit(p: PlayerState, chems: Iterable[int]) -> bool:
    """Chemicals fit: one of any type on the printed top-left space, others on matching spaces."""
    caps = _chem_caps(p)
    return sum(max(0, n - caps[i]) for i, n in enumerate(chems)) <= 1


def items_fit(tiles: int, parts: int, bots: int) -> bool:
    """Parts and Bots fit: one per tile space, plus the printed Part space and Bot space."""
    return parts <= tiles + 1 and bots <= tiles + 1 and parts + bots <= tiles + 2


def can_gain_chem(p: PlayerState, w: int) -> bool:
    chems = list(p.chemicals)
    chems[w] += 1
    return chems_fit(p, chems)


def can_gain_part(p: PlayerState) -> bool:
    return items_fit(len(p.tiles), sum(p.parts) + 1, p.ws_bots)


def can_gain_bot(p: PlayerState) -> bool:
    return items_fit(len(p.tiles), sum(p.parts), p.ws_bots + 1)


def tile_placements(p: PlayerState, tile: int) -> list[tuple[int, int, bool]]:
    """"Placing Workshop Tiles": orthogonally adjacent to the Workshop, 3 rows high, touching
    half-circles of the same colour; two orientations."""
    g = grid(p)
    maxcol = max([c for _r, c in g] + [0])
    out = []
    a, b = D.workshop_tiles[tile]
    flips = (False,) if a == b else (False, True)
    for r in range(3):
        for c in range(1, maxcol + 2):
            if (r, c) in g:
                continue
            if not (c == 1 or any(n in g for n in ((r, c - 1), (r, c + 1), (r - 1, c), (r + 1, c)))):
                continue
            for f in flips:
                top, bottom = tile_ends(tile, f)
                if (r - 1, c) in g and g[(r - 1, c)][1] != top:
                    continue
                if (r + 1, c) in g and g[(r + 1, c)][0] != bottom:
                    continue
                out.append((r, c, f))
    return out


def row_capacity(p: PlayerState, row: int) -> int:
    """Machine Part spaces in one Workshop row (the printed Part space is in the middle row)."""
    return sum(1 for r, _c, _t, _f in p.tiles if r == row) + (1 if row == 1 else 0)


def forced_extras(p: PlayerState, row: int, provided: int) -> int:
    """Parts that must stay in ``row`` beside the ``provided`` ones however the Workshop is
    rearranged ("Building a Prototype": they are returned too)."""
    t_r = row_capacity(p, row) - (1 if row == 1 else 0)
    total_tiles = len(p.tiles)
    if row == 1:
        left_tiles = t_r - max(0, provided - 1)
        printed_out = 0
    else:
        left_tiles = t_r - provided
        printed_out = 1
    rest_parts = sum(p.parts) - provided
    bots_out = max(0, p.ws_bots - 1 - left_tiles)
    outside = (total_tiles - t_r) - bots_out + printed_out
    return max(0, rest_parts - outside)


# -- Vouchers ("Vouchers", "Executive Exchanges") -------------------------------------------


def vouchers_feasible(v: tuple[int, ...], demands: Iterable[tuple[int, int]]) -> bool:
    """Whether a sequence of payments can be made: (type, n) with type ANY for any Voucher.
    A typed payment uses that type, then Science, then Science Exchanges (3 other Vouchers)."""
    if demands.__class__ is list and len(demands) == 1:  # the usual question: one payment
        t, n = demands[0]
        if t == ANY:
            return n <= v[0] + v[1] + v[2] + v[3] + v[V_SCI]
        if 0 <= t < V_SCI:
            if n <= v[t]:  # covered by its own type
                return True
            # the rest from Science, then by Science Exchanges (3 other Vouchers each)
            short = max(0, n - v[t] - v[V_SCI])
            return 3 * short <= v[0] + v[1] + v[2] + v[3] - v[t]
    have = list(v)
    typed = [0] * 5
    any_n = 0
    for t, n in demands:
        if t == ANY:
            any_n += n
        else:
            typed[t] += n
    short = typed[V_SCI]
    for t in range(4):
        use = min(typed[t], have[t])
        have[t] -= use
        short += typed[t] - use
    sci = have[V_SCI]
    covered = min(short, sci)
    short -= covered
    pool = sum(have[:4])
    return 3 * short <= pool and any_n <= pool - 3 * short + (sci - covered)


def gain_room(p: PlayerState, vtype: int) -> int:
    return D.voucher_limit[vtype] - p.vouchers[vtype]


# -- Office ("4. Place Research Tokens", "Citations") --------------------------------------


def row_weather(p: PlayerState, row: int) -> int | None:
    for cell in p.office[row]:
        if ":" in cell:
            return int(cell.split(":")[1])
    return None


def token_spaces(p: PlayerState, token: str) -> list[tuple[int, int]]:
    """Empty Office spaces for a token: an Award anywhere; a Research token on its colour, in a
    row holding no Research token of another weather."""
    out = []
    for r in range(6):
        if token != "A":
            colour, w = token.split(":")
            rw = row_weather(p, r)
            if rw is not None and rw != int(w):
                continue
        for c in range(3):
            if p.office[r][c]:
                continue
            if token != "A" and D.office_colours[r][c] != token.split(":")[0]:
                continue
            out.append((r, c))
    return out


def row_tokens(p: PlayerState, row: int) -> int:
    return sum(1 for c in p.office[row] if c)


def row_research(p: PlayerState, row: int) -> int:
    return sum(1 for c in p.office[row] if ":" in c)


def office_tokens(p: PlayerState) -> int:
    """Research/Award/Citation tokens in the Office and on the space to its top left."""
    return sum(row_tokens(p, r) for r in range(6)) + len(p.pending_tokens) + p.pending_awards


# -- Assembly Line ("Construct a Bot") ----------------------------------------------------


def section_open(p: PlayerState, section: int) -> bool:
    built = 12 - sum(p.line)
    return (built >= D.line_unlock_bots[section] or office_tokens(p) >= D.line_unlock_tokens[section])


def bot_slots(p: PlayerState) -> list[int]:
    """Assembly Line slots holding a Bot in an open section (``section_open``, worked out once
    per section)."""
    line = p.line
    built = 12 - sum(line)
    tokens = -1
    out = []
    for k in range(4):
        if not (line[3 * k] or line[3 * k + 1] or line[3 * k + 2]):
            continue
        if built < D.line_unlock_bots[k]:
            if tokens < 0:
                tokens = office_tokens(p)
            if tokens < D.line_unlock_tokens[k]:
                continue
        out += [i for i in range(3 * k, 3 * k + 3) if line[i]]
    return out


# -- The board --------------------------------------------------------------------------------


#: a Saboteur agent on an action space (solo; solo_state.SABOTEUR, as their Bots)
AGENT = -5


def occupant(s: WMState, loc: int, space: int) -> int:
    """Who is on an action space: a seat, LATIV, BLOCKED, AGENT (solo) or EMPTY."""
    for i, p in enumerate(s.pl):
        if p.location == loc and p.space == space:
            return i
    if s.lativ_loc == loc and s.lativ_space == space:
        return LATIV
    if s.solo is not None and s.solo.agent_at(loc, space) >= 0:
        return AGENT  # solo §4.2: the Saboteurs' agents count as other players' pieces
    if s.players == 2 and loc in (GOVERNMENT, LAB, RND) and space == 2:
        return BLOCKED
    return EMPTY


def spaces_of(loc: int) -> int:
    return D.supply_spaces if loc == SUPPLY else 3 if loc in (GOVERNMENT, LAB, RND) else 0


def supply_leftmost(s: WMState, w: int) -> int | None:
    for i, full in enumerate(s.chem_supply[w]):
        if full:
            return i
    return None


def supply_rightmost_empty(s: WMState, w: int) -> int | None:
    for i in range(4, -1, -1):
        if not s.chem_supply[w][i]:
            return i
    return None


def top_extreme(s: WMState, w: int) -> int | None:
    return s.ew_board[w][-1] if s.ew_board[w] else None


def extreme_full(s: WMState, w: int) -> bool:
    """Every space of the branch's top Extreme Weather tile holds a marker, a player's
    Breakthrough marker or a Government marker: "If all the spaces on the Extreme Weather tile
    are now full, the weather is fixed"."""
    if top_extreme(s, w) is None:
        return False
    return all(x != EMPTY for x in s.ew_bt[w])


def lab_full(s: WMState, b: int) -> bool:
    return all(x != EMPTY for x in s.lab[b])


__all__ = ["ANY", "D", "EMPTY", "LATIV", "LAB", "OFFICE", "RND", "SUPPLY", "GOVERNMENT", "W"]
