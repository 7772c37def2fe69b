"""Every scene renders off-screen at 1920x1080 and 1280x720."""

from __future__ import annotations

import pygame
import pytest

from tests.support import tally
from tests.ui.helpers import config
from weather_tabletop.ui import screenshot
from weather_tabletop.ui.session import Session

SIZES = [(1920, 1080), (1280, 720)]
SCENES = ["menu", "setup", "table", "scores", "rules", "settings", "load", "privacy"]


def make_saves(n: int) -> list[Session]:
    """``n`` autosaved Tally games with a few moves each."""
    out = []
    for i in range(n):
        s = Session.new_saved(tally.GAME, config("person", "computer", seed=i))
        s.submit(tally.Take(0, 1 + i % 3))
        s.close()
        out.append(s)
    return out


def colours(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x * w // 23, y * h // 17))) for x in range(23) for y in range(17)})


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", SCENES)
def test_scene_renders(scene, size, tmp_path):
    if scene == "load":
        make_saves(3)
    out = tmp_path / f"{scene}.png"
    screenshot.render(scene, out, size, "tally", 2, 5, 6, {})
    image = pygame.image.load(str(out))
    assert image.get_size() == size
    assert colours(image) >= 4


def test_table_needs_a_game(tmp_path):
    with pytest.raises(ValueError, match="needs a game"):
        screenshot.render("table", tmp_path / "t.png", (800, 600), None, None, 1, 3, {})


@pytest.mark.parametrize("kwargs, message", [
    (dict(scene="nope"), "unknown scene"),
    (dict(game="chess"), "unknown game"),
    (dict(players=9), "1 to 4 players"),
    (dict(options={"colour": "x"}), "no option"),
    (dict(size=(0, 10)), "size"),
])
def test_bad_arguments(tmp_path, kwargs, message):
    args = dict(scene="table", out=tmp_path / "t.png", size=(800, 600), game="tally", players=2,
                seed=1, steps=3, options={})
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        screenshot.render(**args)


def test_scores_plays_to_the_end(tmp_path):
    app = screenshot.build_app("scores", (1280, 720), "tally", 3, 11, 0, {"pile": "10"})
    scores = app.top
    assert scores.session.match.is_over()
    ranks = [line.rank for line, _ in scores.lines]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_about_names_the_version_and_every_shipped_licence():
    from weather_tabletop import __version__
    from weather_tabletop.ui.scenes.about import licence_files, licence_text, overview_markdown

    files = licence_files()
    for needed in ("pygame-ce-LGPL-2.1.txt", "pygame-gui-MIT.txt", "NotoSans-OFL.txt",
                   "SDL2-zlib.txt", "Python-PSF.txt", "weather-tabletop-MIT.txt"):
        assert needed in files
    overview = overview_markdown()
    assert __version__ in overview and "pygame-ce" in overview
    index = licence_text("README.md")
    for name in files:  # every shipped text is listed in the index, and the other way round
        assert name in index or name == "weather-tabletop-MIT.txt"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in licence_text("pygame-ce-LGPL-2.1.txt")


@pytest.mark.parametrize("game_id", ["meteo", "machines-to-the-sky", "weather-machine"])
def test_setup_offers_the_levels_from_the_easiest_and_defaults_to_normal(game_id):
    from weather_tabletop import games
    from weather_tabletop.ui.scenes.setup import computer_levels, default_level

    game = games.get(game_id)
    assert computer_levels(game) == ("easy", "normal", "hard")  # "greedy" is normal
    assert "random" not in computer_levels(game)  # moves at random: tests and benchmarks only
    assert default_level(game) == "normal"
