"""About: the version, where the app keeps its files, and the licences of everything it ships
(from ``weather_tabletop/licences/``), each readable in full."""

from __future__ import annotations

import importlib.resources

import pygame
import pygame_gui

from ... import __version__, paths
from ...i18n import tr
from .. import widgets
from ..scene import Scene
from .rules import markdown_html

OVERVIEW = "overview"


def licence_files() -> list[str]:
    """The licence texts shipped with the app, by file name."""
    folder = importlib.resources.files("weather_tabletop") / "licences"
    return sorted(f.name for f in folder.iterdir() if f.name.endswith(".txt"))


def licence_text(name: str) -> str:
    node = importlib.resources.files("weather_tabletop") / "licences" / name
    return node.read_text(encoding="utf-8", errors="replace")


def overview_markdown() -> str:
    index = licence_text("README.md")
    table = []
    for row in index.splitlines():  # the index's table rows as bullets
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("part", "---"):
            table.append(f"- **{cells[0]}**: {cells[1]}; {cells[2]} ({cells[3]})")
    return "\n".join([
        f"# {tr('app.title')} {__version__}",
        tr("about.what"),
        "",
        f"## {tr('about.files')}",
        f"- {tr('about.saves')}: {paths.saves_dir()}",
        f"- {tr('about.settings')}: {paths.settings_file()}",
        f"- {tr('about.logs')}: {paths.log_dir()}",
        "",
        f"## {tr('about.licences')}",
        tr("about.licences_intro"),
        *table,
    ])


class AboutScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.name = tr("about.title")
        self.shown = OVERVIEW
        self.back = self.picker = None

    def build(self) -> None:
        w, h = self.app.size
        m = self.px(48)
        title_h = max(self.px(56), self.app.text.font(self.px(40), True).get_linesize() + 4)
        widgets.label(self, pygame.Rect(m, self.px(28), self.px(500), title_h), self.name,
                      object_id="#title")
        self.back = widgets.button(self, pygame.Rect(w - m - self.px(180), self.px(36), self.px(180),
                                                     self.px(46)), tr("common.back"),
                                   object_id="#secondary")
        choices = [(tr("about.overview"), OVERVIEW)] + [(n[:-4], n) for n in licence_files()]
        self.picker = widgets.dropdown(
            self, pygame.Rect(w - m - self.px(200) - self.px(380), self.px(38), self.px(380),
                              self.px(42)), choices, self.shown)
        if self.shown == OVERVIEW:
            html = markdown_html(overview_markdown(), self.app.scale)
        else:
            html = widgets.escape(licence_text(self.shown)).replace("\n", "<br>")
        widgets.text_box(self, pygame.Rect(m, self.px(104), w - 2 * m, h - self.px(104) - m), html)

    def draw(self, surface: pygame.Surface) -> None:
        widgets.plain_background(surface)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.picker:
            self.shown = widgets.dropdown_choice(event) or OVERVIEW
            self.close()
            self.open()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
