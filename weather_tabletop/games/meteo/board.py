"""The Meteo island and the placement table, loaded from ``data/*.toml``.

Hex geometry uses axial coordinates ``(q, r)`` (pointy-top; s = -q - r). The island is every hex
within ``radius`` of the centre; villages and the witches' grey dots are hexes just outside the
rim. See ``data/board.toml`` for the layout decisions (source = "project").
"""

from __future__ import annotations

import importlib.resources
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

Pos = tuple[int, int]

#: The six hex directions, clockwise on screen (y grows downwards), by compass key (their names
#: are the catalogue's ``meteo.direction.*``, see ``words.py``).
DIRECTIONS: dict[str, Pos] = {
    "E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (0, -1), "NE": (1, -1),
}

LANDSCAPES = ("plain", "forest", "mountains", "lake")
_LETTERS = {"P": "plain", "F": "forest", "M": "mountains", "L": "lake", "C": "coloured", "W": "wind"}

# Space kinds
LANDSCAPE = "landscape"
COLOURED = "coloured"
WIND = "wind"
VILLAGE = "village"
PERCH = "perch"  # a witch's grey dot


def distance(a: Pos, b: Pos = (0, 0)) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def add(a: Pos, d: Pos) -> Pos:
    return (a[0] + d[0], a[1] + d[1])


@dataclass(frozen=True)
class Space:
    """One space of the island or just off it."""

    pos: Pos
    kind: str  # LANDSCAPE, COLOURED, WIND, VILLAGE or PERCH
    landscape: str | None  # for LANDSCAPE spaces
    colour: int | None  # the village colour of a VILLAGE or COLOURED space
    label: str  # "F6"; villages and grey dots get a word


@dataclass(frozen=True)
class Cell:
    """One allowed combination of the placement table."""

    marker: str
    on: str  # a landscape or a marker kind
    effect: str  # impassable, passable, holds, cancel
    source: str


class Board:
    """The island: spaces, neighbours, halves, witches' sight, wind circle and rose."""

    def __init__(self, board: dict, markers: dict) -> None:
        self.radius: int = board["radius"]
        self.spaces: dict[Pos, Space] = {}
        rows = board["rows"]
        if len(rows) != 2 * self.radius + 1:
            raise ValueError("board.toml: wrong number of rows")
        for i, row in enumerate(rows):
            r = i - self.radius
            letters = row.split()
            qs = range(max(-self.radius, -self.radius - r), min(self.radius, self.radius - r) + 1)
            if len(letters) != len(qs):
                raise ValueError(f"board.toml: row {i} has {len(letters)} spaces, not {len(qs)}")
            for n, (q, letter) in enumerate(zip(qs, letters)):
                kind = _LETTERS[letter]
                label = f"{chr(ord('A') + i)}{n + 1}"
                if kind in LANDSCAPES:
                    self.spaces[(q, r)] = Space((q, r), LANDSCAPE, kind, None, label)
                else:
                    self.spaces[(q, r)] = Space((q, r), kind.replace("coloured", COLOURED), None,
                                                None, label)
        self.villages: list[Pos] = [(0, 0)] * 6
        self.colour_keys: list[str] = [""] * 6
        self.colour_names: list[str] = [""] * 6
        for v in board["village"]:
            pos = (v["q"], v["r"])
            self.villages[v["colour"]] = pos
            self.colour_keys[v["colour"]] = v["key"]
            self.colour_names[v["colour"]] = v["name"]
            self.spaces[pos] = Space(pos, VILLAGE, None, v["colour"], f"{v['name'].lower()} village")
        self.perches: list[Pos] = []
        self.witch_paths: list[str] = []
        for k, w in enumerate(board["witch"]):
            pos = (w["q"], w["r"])
            self.perches.append(pos)
            self.witch_paths.append(w["path"])
            self.spaces[pos] = Space(pos, PERCH, None, None, f"grey dot {k + 1}")
        # neighbours within the graph of spaces
        self.neighbours: dict[Pos, tuple[Pos, ...]] = {
            p: tuple(add(p, d) for d in DIRECTIONS.values() if add(p, d) in self.spaces)
            for p in self.spaces
        }
        # coloured spaces take the colour of the village they lie in front of
        self.front: list[tuple[Pos, ...]] = []
        for c, v in enumerate(self.villages):
            front = tuple(sorted(self.neighbours[v]))
            if len(front) != 2 or any(self.spaces[p].kind != COLOURED for p in front):
                raise ValueError(f"board.toml: village {c} must touch exactly two coloured spaces")
            for p in front:
                s = self.spaces[p]
                self.spaces[p] = Space(p, COLOURED, None, c, s.label)
            self.front.append(front)
        for k, p in enumerate(self.perches):
            s = self.spaces
            if [s[n].kind for n in self.neighbours[p]] != [LANDSCAPE]:
                raise ValueError(f"board.toml: grey dot {k + 1} must touch one rim landscape")
        wc = board["wind_circle"]
        self.wind_circle: str = wc["spaces"]
        self.wind_start: int = wc["start"]
        self.wind_rose: tuple[str, ...] = tuple(board["wind_rose"]["faces"])
        if sorted(self.wind_rose) != sorted(DIRECTIONS):
            raise ValueError("board.toml: the wind rose must name all six directions once")
        # markers
        self.marker_kinds: tuple[str, ...] = tuple(m["kind"] for m in markers["marker"])
        self.marker_names: dict[str, str] = {m["kind"]: m["name"] for m in markers["marker"]}
        self.marker_counts: dict[str, int] = {m["kind"]: m["count"] for m in markers["marker"]}
        self.cells: dict[tuple[str, str], Cell] = {}
        for c in markers["cell"]:
            cell = Cell(c["marker"], c["on"], c["effect"], c["source"])
            if cell.marker not in self.marker_kinds:
                raise ValueError(f"markers.toml: unknown marker {cell.marker!r}")
            if cell.on in self.marker_kinds:
                if cell.effect != "cancel":
                    raise ValueError("markers.toml: a marker on a marker can only cancel")
            elif cell.on not in LANDSCAPES or cell.effect not in ("impassable", "passable", "holds"):
                raise ValueError(f"markers.toml: bad cell {cell}")
            self.cells[(cell.marker, cell.on)] = cell
        for (a, b), cell in self.cells.items():
            if cell.effect == "cancel" and (b, a) not in self.cells:
                raise ValueError(f"markers.toml: cancellation {a} on {b} is not symmetric")
        self._tables()

    def _tables(self) -> None:
        """Lookup tables derived once from the spaces and the placement table (the rules' hot
        paths read these instead of re-deriving them per command)."""
        #: every landscape space, sorted (the order legal placements are listed in)
        self.landscapes: tuple[Pos, ...] = tuple(self.landscape_spaces())
        self.coloured: frozenset[Pos] = frozenset(
            p for p, s in self.spaces.items() if s.kind == COLOURED)
        self.lakes: frozenset[Pos] = frozenset(
            p for p in self.landscapes if self.spaces[p].landscape == "lake")
        #: the effect of each space with no marker on it
        self.bare_effect: dict[Pos, str] = {
            p: ("impassable" if (s.kind == LANDSCAPE and s.landscape == "lake") or s.kind == WIND
                else "passable")
            for p, s in self.spaces.items()}
        #: (marker, landscape) -> effect, and the (marker, lying marker) pairs that cancel
        self.cell_effect: dict[tuple[str, str], str] = {k: c.effect for k, c in self.cells.items()}
        self.cancels: frozenset[tuple[str, str]] = frozenset(
            k for k, c in self.cells.items() if c.effect == "cancel")
        #: per marker kind, the landscape spaces (sorted) the placement table lets it lie on
        self.placeable: dict[str, frozenset[Pos]] = {
            k: frozenset(p for p in self.landscapes if (k, self.spaces[p].landscape) in self.cells)
            for k in self.marker_kinds}
        #: per colour, the spaces of that colour's half (``in_half``)
        self.halves: tuple[frozenset[Pos], ...] = tuple(
            frozenset(p for p in self.spaces if self.in_half(c, p)) for c in range(6))

    # -- spaces -----------------------------------------------------------------------------

    def kind(self, pos: Pos) -> str | None:
        s = self.spaces.get(pos)
        return s.kind if s else None

    def on_island(self, pos: Pos) -> bool:
        return distance(pos) <= self.radius

    def island(self) -> Iterator[Pos]:
        return (p for p in self.spaces if distance(p) <= self.radius)

    def landscape_spaces(self) -> list[Pos]:
        return sorted(p for p, s in self.spaces.items() if s.kind == LANDSCAPE)

    def label(self, pos: Pos) -> str:
        s = self.spaces.get(pos)
        return s.label if s else f"({pos[0]},{pos[1]})"

    # -- halves (End of the Game and Scoring) -----------------------------------------------

    def half_value(self, colour: int, pos: Pos) -> int:
        """Positive in the half nearer village ``colour``, negative in the other, 0 on the
        white path between them (or on spaces off the island other than villages)."""
        vq, vr = self.villages[colour]
        vs = -vq - vr
        q, r = pos
        return vq * q + vr * r + vs * (-q - r)

    def in_half(self, colour: int, pos: Pos) -> bool:
        """The half of the island bordered in ``colour``'s colour (its own village included)."""
        if pos == self.villages[colour]:
            return True
        k = self.kind(pos)
        if k not in (LANDSCAPE, COLOURED, WIND):
            return False
        return self.half_value(colour, pos) > 0

    # -- witches ----------------------------------------------------------------------------

    def sight(self, pos: Pos) -> frozenset[Pos]:
        """The island spaces a witch at ``pos`` sees into: the three straight rows through her
        space (same q, same r or same s), her own space included."""
        return _sight(self, pos)

    # -- wind -------------------------------------------------------------------------------

    def blow_target(self, pos: Pos, direction: str) -> Pos:
        """Where a marker on island space ``pos`` goes when the wind blows ``direction``:
        the next space, or, off the island, the far end of its row ("the earth is round")."""
        d = DIRECTIONS[direction]
        t = add(pos, d)
        if self.on_island(t):
            return t
        back = (-d[0], -d[1])
        t = pos
        while self.on_island(add(t, back)):
            t = add(t, back)
        return t


@lru_cache(maxsize=None)
def _sight(board: Board, pos: Pos) -> frozenset[Pos]:
    q, r = pos
    s = -q - r
    return frozenset(p for p in board.island() if p[0] == q or p[1] == r or -p[0] - p[1] == s)


def _load_toml(name: str) -> dict:
    text = importlib.resources.files("weather_tabletop.games.meteo").joinpath("data", name)
    return tomllib.loads(text.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def load_board() -> Board:
    """The island of ``data/board.toml`` with the table of ``data/markers.toml``."""
    return Board(_load_toml("board.toml"), _load_toml("markers.toml"))


BOARD = load_board()
