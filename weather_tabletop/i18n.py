"""One translation function for every text a player reads.

Catalogues are JSON files mapping a message key (or an exact English sentence) to its text, with
``{name}`` fields filled from keyword arguments: the app's ``weather_tabletop/locale/<lang>.json``
and each game's ``weather_tabletop/games/<game>/locale/<lang>.json`` (or, for a large one, the
parts ``locale/<lang>/*.json``; its keys start with the game's prefix, e.g. ``meteo.``)::

    tr("menu.new_game")                   -> "New game"
    tr("table.turn", name="Ana")          -> "Ana's turn"
    tr("Seat 1 takes 2 tokens")           -> returned as is unless a catalogue lists it

A text may have plural forms, an object such as ``{"one": "{n} marker", "other": "{n}
markers"}``: the form is chosen by the ``n`` parameter with the language's plural rule.

Rules code never builds sentences: it returns a :class:`Msg` (a key and its parameters), which is
rendered in the reader's language when shown (``tr(msg)`` or ``str(msg)``). A parameter may be a
Msg itself (a component's name) or a tuple of them (rendered as a list: "A, B and C", with the
language's own list pattern).

Lookup order: the chosen language, then English, then the key itself. ``_language`` in a
catalogue is the name shown in the settings. Adding a language is adding data files.
"""

from __future__ import annotations

import importlib.resources
import json
import locale as _locale
import os
import re
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from . import files

DEFAULT_LANGUAGE = "en"
# A catalogue holds a few hundred short texts (English: under 10 KB); 4 MB leaves room for any
# language and stops a damaged or foreign file from filling the memory.
MAX_CATALOGUE_BYTES = 4 << 20
_catalogues: dict[str, dict[str, Any]] = {}
_language = DEFAULT_LANGUAGE
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")
# The plural category of a count, per language (CLDR rules for the languages shipped; a language
# without an entry uses English's).
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "zh-TW": lambda n: "other",
}
# Languages written in Han characters put a space where a Han character meets a Latin letter or
# a digit (Taiwan's usual typesetting: 「Ada 的回合」, 「第 3 輪」). Catalogue texts are written so;
# a filled-in text gets the space where a parameter (a name, a number, a list) meets the text.
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_LATIN = "A-Za-z0-9\u00c0-\u024f"
_SPACED = re.compile(f"(?<=[{_HAN}])(?=[{_LATIN}])|(?<=[{_LATIN}])(?=[{_HAN}])")
SPACED_LANGUAGES = frozenset({"zh-TW"})


@dataclass(frozen=True)
class Msg:
    """A sentence to show: a catalogue key and its named parameters, rendered when shown."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return tr(self)

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)


def msg(key: str, **params: Any) -> Msg:
    """``Msg(key, params)`` with the parameters given by name."""
    return Msg(key, tuple(params.items()))


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
        merged = _entries(data)
        for game in _game_catalogues(lang):
            merged.update(_entries(game))
        _catalogues[lang] = merged
    return _catalogues[lang]


def _entries(data: Any) -> dict[str, Any]:
    """The usable entries of a catalogue: texts, and plural objects of texts."""
    if not isinstance(data, dict):
        return {}
    out: dict[str, Any] = {}
    for k, v in data.items():
        if isinstance(v, str):
            out[str(k)] = v
        elif isinstance(v, dict) and "other" in v and all(
                f in PLURAL_FORMS and isinstance(t, str) for f, t in v.items()):
            out[str(k)] = dict(v)
    return out


def _game_catalogues(lang: str) -> list[Any]:
    """Each game's catalogue for ``lang`` (games without one are skipped)."""
    out = []
    try:
        packages = importlib.resources.files("weather_tabletop.games").iterdir()
    except (OSError, ModuleNotFoundError):
        return out
    for package in sorted(packages, key=lambda e: e.name):
        for entry in _game_files(package / "locale", lang):
            try:
                data = (files.read_bounded(entry, MAX_CATALOGUE_BYTES) if isinstance(entry, Path)
                        else entry.read_bytes()[:MAX_CATALOGUE_BYTES + 1])
                if len(data) > MAX_CATALOGUE_BYTES:
                    continue
                out.append(json.loads(data.decode("utf-8")))
            except (OSError, ValueError, RecursionError):
                continue
    return out


def _game_files(folder: Any, lang: str) -> list[Any]:
    """A game's catalogue files for ``lang``: ``locale/<lang>.json`` and, for a large
    catalogue kept in parts, each ``locale/<lang>/<part>.json`` (by name)."""
    out = []
    try:
        whole = folder / f"{lang}.json"
        if whole.is_file():
            out.append(whole)
        parts = folder / lang
        if parts.is_dir():
            out += sorted((e for e in parts.iterdir()
                           if e.name.endswith(".json") and e.is_file()), key=lambda e: e.name)
    except OSError:
        pass
    return out


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


#: Windows language ids (LANGID, primary and sub-language) of Traditional Chinese: Taiwan,
#: Hong Kong, Macao.
_WINDOWS_TRADITIONAL = {0x0404, 0x0C04, 0x1404}


def language_of_locale(name: str | None) -> str | None:
    """The shipped language a locale name asks for, or None: ``zh_TW``, ``zh_HK``, ``zh_MO``,
    ``zh_Hant`` (any case, ``-`` or ``_``, with or without ``.UTF-8`` or ``@...``) and
    Windows' names ("Chinese (Traditional)_Taiwan") give ``zh-TW``; ``en...`` gives ``en``."""
    if not name:
        return None
    text = name.split(".")[0].split("@")[0].strip().lower().replace("-", "_")
    if text in ("c", "posix", ""):
        return None
    parts = text.split("_")
    if parts[0] == "zh" or text.startswith("chinese"):
        traditional = ("hant" in parts or any(p in ("tw", "hk", "mo") for p in parts[1:])
                       or any(w in text for w in ("traditional", "taiwan", "hong kong", "macao")))
        return "zh-TW" if traditional else None
    if parts[0] == "en" or text.startswith("english"):
        return "en"
    return None


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language to start in when the player has chosen none (first start): the system
    locale's, when a catalogue for it is shipped, else English. Looks at ``LANGUAGE`` (a list),
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` as gettext does, then Python's locale, then on
    Windows the user's interface language."""
    env = os.environ if environ is None else environ
    names: list[str] = []
    chosen = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    if env.get("LANGUAGE") and chosen.split(".")[0] not in ("", "C", "POSIX"):
        names += env["LANGUAGE"].split(":")
    names.append(chosen)
    if environ is None:
        try:
            names.append(_locale.getlocale()[0] or "")
        except (ValueError, TypeError):
            pass
        names.append(_windows_language())
    shipped = languages()
    for name in names:
        lang = language_of_locale(name)
        if lang in shipped:
            return lang
        if lang is not None:  # a language asked for but not shipped stops the search (English)
            break
    return DEFAULT_LANGUAGE


def _windows_language() -> str:
    """The Windows user interface language as a locale name ("zh_TW"), else ""."""
    if sys.platform != "win32":
        return ""
    try:
        import ctypes

        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (OSError, AttributeError):
        return ""
    if langid in _WINDOWS_TRADITIONAL:
        return "zh_TW"
    return "zh_CN" if langid & 0x3FF == 0x04 else ("en" if langid & 0x3FF == 0x09 else "")


def catalogue(lang: str) -> dict[str, Any]:
    """Every text of ``lang`` (the app's catalogue and the games'), by key."""
    return dict(_load(lang))


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


def tr(key_or_text: str | Msg, **fmt: Any) -> str:
    """The text for ``key_or_text`` (a key, an English sentence or a :class:`Msg`) in the current
    language, with ``fmt`` (or the Msg's parameters) filled in."""
    if isinstance(key_or_text, Msg):
        fmt = {**dict(key_or_text.params), **fmt}
        key_or_text = key_or_text.key
    text: Any = _load(_language).get(key_or_text)
    if text is None:
        text = _load(DEFAULT_LANGUAGE).get(key_or_text, key_or_text)
    if isinstance(text, dict):
        text = _plural(text, fmt)
    if fmt:
        values = {k: _shown(v) for k, v in fmt.items()}
        try:
            text = string.Formatter().vformat(text, (), _Keep(values))
        except (ValueError, IndexError):
            return text
        if _language in SPACED_LANGUAGES:
            text = _SPACED.sub(" ", text)
    return text


def _plural(forms: dict[str, str], fmt: dict[str, Any]) -> str:
    count = fmt.get("n")
    if not isinstance(count, int):
        count = next((v for v in fmt.values() if isinstance(v, int) and not isinstance(v, bool)), 0)
    rule = PLURAL_RULES.get(_language, PLURAL_RULES["en"])
    return forms.get(rule(abs(count)), forms["other"])


def _shown(value: Any) -> Any:
    """A parameter as it is shown: a Msg rendered, a tuple or list rendered as a list."""
    if isinstance(value, Msg):
        return tr(value)
    if isinstance(value, (tuple, list)):
        return join([_shown(v) for v in value])
    return value


def join(items: list[Any]) -> str:
    """``items`` as a list in the current language ("A", "A and B", "A, B and C")."""
    items = [str(_shown(i)) for i in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return tr("list.two", a=items[0], b=items[1])
    text = items[-2]
    text = tr("list.end", a=text, b=items[-1])
    for item in reversed(items[:-2]):
        text = tr("list.middle", a=item, b=text)
    return text


def listing(items: list[Any]) -> str:
    """``items`` one after another, without "and" ("A, B, C"; 「A、B、C」): a row of figures
    such as a score's categories."""
    items = [str(_shown(i)) for i in items]
    if not items:
        return ""
    text = items[-1]
    for item in reversed(items[:-1]):
        text = tr("list.middle", a=item, b=text)
    return text
