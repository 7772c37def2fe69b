"""How the Weather Machine table puts catalogue texts together (issue 17): a name that begins a
sentence, sentences shown together in a tooltip, short names side by side. Each piece is a
catalogue message; only the separators come from here, and they are catalogue entries too
(``wm.view.sentences``, ``wm.view.comma``, ``wm.view.semicolon``)."""

from __future__ import annotations

from typing import Sequence

from weather_tabletop import i18n
from weather_tabletop.i18n import Msg, msg, tr

#: texts rendered, by (language, message): a redraw of the board shows mostly the same texts
_SHOWN: dict[tuple[str, Msg | str], str] = {}
SHOWN_MAX = 8192


def shown(text: Msg | str) -> str:
    """``tr(text)``, remembered per language (a message is a frozen value; the catalogues do
    not change while the app runs)."""
    key = (i18n.language(), text)
    out = _SHOWN.get(key)
    if out is None:
        if len(_SHOWN) >= SHOWN_MAX:
            _SHOWN.clear()
        out = _SHOWN[key] = tr(text)
    return out


def cap(text: Msg | str) -> str:
    """``text`` rendered, with its first letter upper case (the rest unchanged): a name that
    begins a sentence (a language without capitals is left as it is)."""
    text = shown(text)
    return text[:1].upper() + text[1:]


def joined(key: str, items: Sequence[Msg | str]) -> Msg | str:
    """Items side by side, each pair joined by the catalogue's ``key`` ("{a}, {b}"); "" for
    none."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = msg(key, a=item, b=out)
    return out


def commas(items: Sequence[Msg | str]) -> Msg | str:
    """Short names side by side, separated by commas as the catalogue says."""
    return joined("wm.view.comma", items)


def lines(*parts: Msg | str | None) -> Msg:
    """Several sentences shown together (a tooltip), each its own catalogue entry, joined by
    the catalogue's sentence separator (``wm.view.sentences``); None and "" are left out."""
    shown = [p for p in parts if p]
    out = shown[-1]
    for part in reversed(shown[:-1]):
        out = msg("wm.view.sentences", a=part, b=out)
    return out
