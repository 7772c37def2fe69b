"""The names of Meteo's components as catalogue messages (``locale/en.json``, keys ``meteo.``).

Rules and view never spell a component's name: they pass these :class:`Msg` values as parameters
of a sentence's message, so each language names (and declines) them itself::

    msg("meteo.event.placed", name="Ana", marker=marker("sun"), space=space(BOARD, (1, -2)))

A space's coordinate ("D5") is data, the same in every language.
"""

from __future__ import annotations

from weather_tabletop.i18n import Msg, msg

from .board import COLOURED, LANDSCAPE, PERCH, VILLAGE, WIND, Board, Pos


def marker(kind: str) -> Msg:
    """A weather marker's name: "Sun", "Fog", ..."""
    return msg(f"meteo.marker.{kind}")


def colour(board: Board, c: int) -> Msg:
    """A colour's name as a player's name: "Red", "Light yellow", ..."""
    return msg(f"meteo.colour.{board.colour_keys[c]}")


def village(board: Board, c: int) -> Msg:
    """A village as a place in a sentence: "the red village"."""
    return msg(f"meteo.village.{board.colour_keys[c]}")


def landscape(name: str) -> Msg:
    """A landscape inside a sentence: "plain", "mountains", ..."""
    return msg(f"meteo.landscape.{name}")


def direction(d: str) -> Msg:
    """A wind direction: "east", "south-west", ..."""
    return msg(f"meteo.direction.{d}")


def space(board: Board, pos: Pos) -> Msg:
    """A space as a place in a sentence: "the plain D5", "the coloured space A3", "the red
    village", "the grey dot 1"."""
    s = board.spaces.get(pos)
    if s is None:
        return msg("meteo.space.off_board", q=pos[0], r=pos[1])
    if s.kind == LANDSCAPE:
        return msg(f"meteo.space.{s.landscape}", label=s.label)
    if s.kind == COLOURED:
        return msg("meteo.space.coloured", label=s.label)
    if s.kind == WIND:
        return msg("meteo.space.wind", label=s.label)
    if s.kind == VILLAGE:
        return village(board, s.colour)
    if s.kind == PERCH:
        return msg("meteo.space.perch", n=board.perches.index(pos) + 1)
    return msg("meteo.space.off_board", q=pos[0], r=pos[1])


def either(items: list[Msg | str]) -> Msg | str:
    """Alternatives as one list ("Rain", "Rain or Fog", "Sun, Rain or Fog"), built from the
    catalogue's own "or" patterns (the app's list patterns say "and")."""
    if len(items) == 1:
        return items[0]
    out: Msg | str = msg("meteo.list.or_end", a=items[-2], b=items[-1])
    for item in reversed(items[:-2]):
        out = msg("meteo.list.or_middle", a=item, b=out)
    return out


def sentences(*parts: Msg | None) -> Msg:
    """Several sentences shown together (a tooltip), each its own catalogue entry, joined by
    the catalogue's sentence separator."""
    shown = [p for p in parts if p is not None]
    out = shown[-1]
    for part in reversed(shown[:-1]):
        out = msg("meteo.sentences", a=part, b=out)
    return out
