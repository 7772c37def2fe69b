"""One translation function for every text a player reads.

Catalogues are JSON files ``weather_tabletop/locale/<lang>.json`` mapping a message key (or an
exact English sentence) to its text, with ``{name}`` fields filled from keyword arguments::

    tr("menu.new_game")                   -> "New game"
    tr("table.turn", name="Ana")          -> "Ana's turn"
    tr("Seat 1 takes 2 tokens")           -> returned as is unless a catalogue lists it

Lookup order: the chosen language, then English, then the key itself. ``_language`` in a
catalogue is the name shown in the settings. Adding a language is adding one data file.
"""

from __future__ import annotations

import importlib.resources
import json
import string
from pathlib import Path
from typing import Any

from . import files

DEFAULT_LANGUAGE = "en"
# A catalogue holds a few hundred short texts (English: under 10 KB); 4 MB leaves room for any
# language and stops a damaged or foreign file from filling the memory.
MAX_CATALOGUE_BYTES = 4 << 20
_catalogues: dict[str, dict[str, str]] = {}
_language = DEFAULT_LANGUAGE


class _Keep(dict):
    """Leaves unknown ``{fields}`` in place instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _load(lang: str) -> dict[str, str]:
    if lang not in _catalogues:
        try:
            data = json.loads(_read(f"{lang}.json").decode("utf-8"))
        except (OSError, ValueError, RecursionError):
            data = {}
        _catalogues[lang] = ({str(k): str(v) for k, v in data.items() if isinstance(v, str)}
                             if isinstance(data, dict) else {})
    return _catalogues[lang]


def _read(name: str) -> bytes:
    """A catalogue's bytes, bounded (issue 16): a file in the package folder is read with
    :func:`files.read_bounded` (a FIFO or a link to a device is refused, not waited on); one in
    an archive (a frozen build) is read up to the same bound."""
    entry = importlib.resources.files("weather_tabletop.locale") / name
    if isinstance(entry, Path):
        return files.read_bounded(entry, MAX_CATALOGUE_BYTES)
    with entry.open("rb") as src:
        data = src.read(MAX_CATALOGUE_BYTES + 1)
    if len(data) > MAX_CATALOGUE_BYTES:
        raise files.FileRefused(Path(name), "is too large")
    return data


def languages() -> dict[str, str]:
    """Language code -> its own name, for every catalogue shipped."""
    out: dict[str, str] = {}
    for entry in importlib.resources.files("weather_tabletop.locale").iterdir():
        if entry.name.endswith(".json"):
            code = entry.name[:-5]
            out[code] = _load(code).get("_language", code)
    return dict(sorted(out.items()))


def set_language(lang: str) -> str:
    """Switch language; unknown codes fall back to English. Returns the language in use."""
    global _language
    _language = lang if lang in languages() else DEFAULT_LANGUAGE
    return _language


def language() -> str:
    return _language


def has(key: str) -> bool:
    """Whether a catalogue (the current language or English) defines ``key``."""
    return key in _load(_language) or key in _load(DEFAULT_LANGUAGE)


def tr(key_or_text: str, **fmt: Any) -> str:
    """The text for ``key_or_text`` in the current language, with ``fmt`` filled in."""
    text = _load(_language).get(key_or_text)
    if text is None:
        text = _load(DEFAULT_LANGUAGE).get(key_or_text, key_or_text)
    if fmt:
        try:
            return string.Formatter().vformat(text, (), _Keep(fmt))
        except (ValueError, IndexError):
            return text
    return text
