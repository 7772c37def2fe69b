"""The rules: the game's player's guide (``guide.toml``, drawn by :class:`GuideView`, with a
search box and its sections listed) when it ships one; else a ``rules_summary.md`` beside its
rules; else what the game itself declares (players, options and its commands; the test game).

A game may also write guide sections from its message catalogue (``games/<game>/guide_more.py``:
``sections()`` gives each with the id of the section it follows), e.g. Weather Machine's list of
the readings its solo mode chose, which the rules name by catalogue key."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.resources
import re

import pygame
import pygame_gui

from ... import games, guide
from ...i18n import tr
from .. import widgets
from ..guide_view import GuideView
from ..scene import Scene


def summary_text(game_id: str) -> str | None:
    """The text of ``weather_tabletop/games/<id>/rules_summary.md``, if present."""
    package = game_id.replace("-", "_")
    try:
        node = importlib.resources.files("weather_tabletop.games") / package / "rules_summary.md"
        return node.read_text(encoding="utf-8") if node.is_file() else None
    except (OSError, ModuleNotFoundError):
        return None


def _words(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).capitalize()


def fallback_markdown(game_id: str) -> str:
    """A short reference built from the game object: players, options, commands."""
    game = games.get(game_id)
    out = [f"# {tr(game.title)}", "",
           tr("rules.players", low=game.min_players, high=game.max_players), ""]
    if game.options:
        out += [f"## {tr('rules.options')}"]
        for o in game.options:
            choices = ", ".join(str(c) for c in o.choices)
            out.append(f"- **{tr(o.label)}**: {choices} ({tr('rules.default')} {o.default})"
                       + (f" – {tr(o.help)}" if o.help else ""))
        out.append("")
    out += [f"## {tr('rules.commands')}"]
    for cls in game.commands:
        doc = (cls.__doc__ or "").strip().splitlines()
        line = doc[0] if doc and not doc[0].startswith(cls.__name__ + "(") else ""
        out.append(f"- **{tr(_words(cls.__name__))}**" + (f": {tr(line)}" if line else ""))
    return "\n".join(out)


def markdown_html(text: str, scale: float = 1.0) -> str:
    """A small Markdown subset (headings, bullets, bold, italics) as pygame_gui HTML."""
    html: list[str] = []
    h1, h2 = round(30 * scale), round(23 * scale)
    for raw in _reflow(text):
        if not raw.strip():
            if html and html[-1] != "":
                html.append("")
            continue
        line = widgets.escape(raw.rstrip())
        line = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", line)
        line = re.sub(r"(?<![\w*])\*(?!\s)(.+?)\*(?!\w)", r"<i>\1</i>", line)
        line = re.sub(r"`(.+?)`", r"\1", line)
        if line.startswith("# "):
            html.append(f"<font pixel_size={h1}><b>{line[2:]}</b></font>")
        elif line.startswith("## "):
            html.append(f"<font pixel_size={h2}><b>{line[3:]}</b></font>")
        elif line.startswith("### "):
            html.append(f"<b>{line[4:]}</b>")
        elif re.match(r"^\s*[-*] ", line):
            indent = "&nbsp;" * (2 * (len(line) - len(line.lstrip())))
            html.append(f"{indent}•&nbsp;{line.lstrip()[2:]}")
        else:
            html.append(line)
    while html and html[-1] == "":
        html.pop()
    return "<br>".join(html)


_BLOCK = re.compile(r"^\s*([-*] |\d+\. |#)")


def _reflow(text: str) -> list[str]:
    """Source lines joined into paragraphs and list items, so the box wraps them to its width."""
    out: list[str] = []
    for raw in text.splitlines():
        if out and out[-1].strip() and raw.strip() and not _BLOCK.match(raw) \
                and not out[-1].lstrip().startswith("#"):
            out[-1] = out[-1].rstrip() + " " + raw.strip()
        else:
            out.append(raw)
    return out


def with_game_sections(book: guide.Guide, game_id: str) -> guide.Guide:
    """``book`` with the sections the game writes from its catalogue, each after the section it
    names (at the end when that section is missing)."""
    name = f"weather_tabletop.games.{game_id.replace('-', '_')}.guide_more"
    try:
        more = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return book
    sections = list(book.sections)
    for after, section in more.sections():
        at = next((k + 1 for k, s in enumerate(sections) if s.id == after), len(sections))
        sections.insert(at, section)
    return dataclasses.replace(book, sections=tuple(sections))


class RulesScene(Scene):
    def __init__(self, app, game_id: str | None = None, section: str | None = None) -> None:
        """``section``: open the guide at this section (the table's "?" and F1)."""
        super().__init__(app)
        self.name = tr("rules.title")
        ids = games.available()
        self.game_id = game_id if game_id in ids else (ids[0] if ids else None)
        self.section = section
        self.back = self.picker = self.search = None
        self.view: GuideView | None = None
        self._query = ""

    def html(self) -> str:
        if self.game_id is None:
            return widgets.escape(tr("rules.no_games"))
        text = summary_text(self.game_id) or fallback_markdown(self.game_id)
        return markdown_html(text, self.app.scale)

    def build(self) -> None:
        w, h = self.app.size
        m = min(self.px(48), w // 24)
        top = min(self.px(28), h // 30)
        head_h = self.app.text.font(self.px(40), True).get_linesize() + 4
        bh = self.app.text.font(self.px(17), True).get_linesize() + self.px(14)
        widgets.label(self, pygame.Rect(m, top, self.text_size(self.name, "#title", "label")[0] + 8,
                                        head_h), self.name, object_id="#title")
        bw = max(self.px(140), self.text_size(tr("common.back"), "button")[0] + self.px(40))
        self.back = widgets.button(self, pygame.Rect(w - m - bw, top + (head_h - bh) // 2, bw, bh),
                                   tr("common.back"), object_id="#secondary")
        right = w - m - bw - self.px(16)
        pw = min(self.px(300), (right - m) // 3)
        if self.game_id is not None:
            self.picker = widgets.dropdown(
                self, pygame.Rect(right - pw, top + (head_h - bh) // 2, pw, bh),
                [(tr(games.title(g)), g) for g in games.available()], self.game_id)
            right -= pw + self.px(16)
        book = guide.load(self.game_id) if self.game_id is not None else None
        if book is not None:
            book = with_game_sections(book, self.game_id)
        body = pygame.Rect(m, top + head_h + self.px(12), w - 2 * m, 0)
        body.h = h - body.y - min(self.px(24), h // 30)
        at = self.view.current() if self.view is not None else self.section
        self.view = None
        if book is None:
            widgets.text_box(self, body, self.html())
            return
        title_right = m + self.text_size(self.name, "#title", "label")[0] + self.px(24)
        sw = max(self.px(160), right - title_right)
        self.search = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(right - sw, top + (head_h - bh) // 2, sw, bh), self.manager,
            container=self.root, initial_text=self._query or None,
            placeholder_text=tr("guide.search"))
        self.search.set_text_length_limit(60)
        self.view = GuideView(book, body, self.app.text, self.px, None)
        if self._query:
            self.view.search(self._query)
        if at is not None:
            self.view.go(at)

    def animating(self) -> bool:
        """The guide's pictures in view are drawn one a frame after the text (issue 27)."""
        return self.view is not None and self.view.pending()

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.view is not None:
            self.view.draw(surface)

    def handle(self, event: pygame.event.Event) -> None:
        if self.view is not None and self.view.zoom is not None:  # a picture enlarged: closed
            self.view.handle(event, getattr(event, "pos", (0, 0)))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.picker:
            self.game_id = widgets.dropdown_choice(event) or self.game_id
            self.section, self._query = None, ""
            self.close()
            self.open()
        elif (event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.view is not None
              and event.ui_element is self.search):
            self._query = self.search.get_text()
            self.view.search(self._query)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif self.view is not None:
            self.view.handle(event, pygame.mouse.get_pos() if event.type == pygame.MOUSEWHEEL
                             else getattr(event, "pos", (0, 0)))
