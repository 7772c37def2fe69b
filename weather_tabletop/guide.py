"""A game's player's guide: one structured document per game and language
(``games/<game>/guide.toml`` in English, ``guide.<lang>.toml`` translated), read here and drawn by the Rules scene (issue 14). No pygame: the tests read guides without a window.

A guide is a title, an introduction, sections in reading order and the list "Where this edition
decided". A section has an ``id`` (linkable: the table's "?" opens the section of the step being
played), a title, its text (paragraphs, "- " bullets, ``**bold**``), pictures the game's own art
draws (``games/<game>/guide_art.py``: ``picture(name, width, text) -> Surface``), the steps of
play it explains (the values of the game view's ``guide_step(state)``) and a one-line ``hint``
shown at the table the first time a person meets one of those steps.
"""

from __future__ import annotations

import importlib.resources
import re
import tomllib
from dataclasses import dataclass, field

from . import i18n

#: an id: lower-case words joined by hyphens
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
DECIDED_ID = "decided"


@dataclass(frozen=True)
class Picture:
    name: str
    caption: str = ""


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    text: str
    steps: tuple[str, ...] = ()
    hint: str = ""
    pictures: tuple[Picture, ...] = ()

    def words(self) -> str:
        """Everything a search looks through, lower-cased."""
        return " ".join([self.title, self.text, self.hint]
                        + [p.caption for p in self.pictures]).lower()


@dataclass(frozen=True)
class Decision:
    """A reading this edition chose where the rulebook is silent or contradicts itself."""

    rulebook: str  # the rulebook's sentence, quoted
    where: str  # the rulebook section it is in
    choice: str  # what this edition does


@dataclass(frozen=True)
class Guide:
    game: str
    title: str
    intro: str
    sections: tuple[Section, ...]
    decided: tuple[Decision, ...] = field(default=())

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.all_sections() if s.id == section_id), None)

    def for_step(self, step: str) -> Section | None:
        """The section that explains ``step`` (a value of the view's ``guide_step``)."""
        return next((s for s in self.sections if step in s.steps), None)

    def all_sections(self) -> tuple[Section, ...]:
        """The sections, and "Where this edition decided" as the last one."""
        if not self.decided:
            return self.sections
        lines = []
        for d in self.decided:
            lines.append(i18n.tr("guide.decided_item", where=d.where, rulebook=d.rulebook))
            lines.append(f"- {d.choice}")
            lines.append("")
        return self.sections + (Section(DECIDED_ID, i18n.tr("guide.decided"),
                                        "\n".join(lines).strip()),)

    def search(self, query: str) -> list[Section]:
        """The sections that hold every word of ``query`` (all of them for an empty query)."""
        words = query.lower().split()
        return [s for s in self.all_sections() if all(w in s.words() for w in words)]


class GuideError(ValueError):
    """The guide file is missing a field or holds a wrong value (a project data error)."""


def _text(data: dict, key: str, where: str, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise GuideError(f"{where}: '{key}' must be text")
    return value.strip()


def parse(game: str, raw: str) -> Guide:
    """A guide from the text of its TOML file (GuideError when it is malformed)."""
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        raise GuideError(f"{game} guide: {exc}") from None
    sections = []
    seen: set[str] = set()
    for i, s in enumerate(data.get("section", [])):
        where = f"{game} guide, section {i + 1}"
        sid = _text(s, "id", where)
        if not ID.match(sid) or sid in seen or sid == DECIDED_ID:
            raise GuideError(f"{where}: id {sid!r} is not a new lower-case-hyphen id")
        seen.add(sid)
        steps = s.get("steps", [])
        if not isinstance(steps, list) or not all(isinstance(x, str) for x in steps):
            raise GuideError(f"{where}: 'steps' must be a list of text")
        pictures = []
        for p in s.get("pictures", []):
            if not isinstance(p, dict):
                raise GuideError(f"{where}: a picture must be a table with a name")
            pictures.append(Picture(_text(p, "name", where), _text(p, "caption", where, False)))
        sections.append(Section(sid, _text(s, "title", where), _text(s, "text", where),
                                tuple(steps), _text(s, "hint", where, False), tuple(pictures)))
    decided = []
    for i, d in enumerate(data.get("decided", [])):
        where = f"{game} guide, decision {i + 1}"
        decided.append(Decision(_text(d, "rulebook", where), _text(d, "where", where),
                                _text(d, "choice", where)))
    if not sections:
        raise GuideError(f"{game} guide: no sections")
    return Guide(game, _text(data, "title", game), _text(data, "intro", game, False),
                 tuple(sections), tuple(decided))


_cache: dict[tuple[str, str], Guide | None] = {}


def load(game_id: str, lang: str | None = None) -> Guide | None:
    """The guide of ``game_id`` in ``lang`` (the reader's language when not given):
    ``guide.<lang>.toml`` beside the English ``guide.toml``, which is read for a language the
    game has no guide in. None when the game ships no guide."""
    lang = i18n.language() if lang is None else lang
    if (game_id, lang) not in _cache:
        package = game_id.replace("-", "_")
        raw = None
        for name in ([f"guide.{lang}.toml"] if lang != "en" else []) + ["guide.toml"]:
            try:
                node = importlib.resources.files("weather_tabletop.games") / package / name
                raw = node.read_text(encoding="utf-8") if node.is_file() else None
            except (OSError, ModuleNotFoundError):
                raw = None
            if raw is not None:
                break
        _cache[game_id, lang] = parse(game_id, raw) if raw is not None else None
    return _cache[game_id, lang]


#: what a player's text must not hold: code, not words (issue 14)
CODE_PATTERNS = (
    (re.compile(r"`"), "a backtick"),
    (re.compile(r"\b[a-z]+_[a-z0-9_]+\b"), "a snake_case word"),
    (re.compile(r"==|!=|->|\(\)"), "an operator"),
    (re.compile(r"[\"'][a-z0-9_]+[\"']"), "a quoted identifier"),
    (re.compile(r"\b[a-z]+[A-Z][A-Za-z]*\b"), "a camelCase word"),
)


def code_in(text: str) -> list[str]:
    """What in ``text`` looks like code (empty when it reads as words)."""
    out = []
    for pattern, what in CODE_PATTERNS:
        m = pattern.search(text)
        if m:
            out.append(f"{what}: {m.group(0)!r}")
    return out
