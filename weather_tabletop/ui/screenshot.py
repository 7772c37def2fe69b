"""Off-screen pictures of any scene, for the CLI's ``screenshot`` command and the UI tests.

Games are played in memory (no save file): ``steps`` commands chosen at random from the legal
ones with ``random.Random(seed)`` for the table, or to the end for the scores.
"""

from __future__ import annotations

import errno
import io
import os
import random
import tempfile
from pathlib import Path

import pygame

from .. import files, games
from ..engine.protocol import GameConfig, SeatConfig, default_colours, options_dict
from ..settings import Settings
from .table_view import set_frame_deadline

SCENES = ("menu", "setup", "table", "scores", "rules", "settings", "load", "demos", "privacy",
          "about")
NEEDS_GAME = ("table", "scores", "privacy")
NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")
MAX_COMMANDS = 20000


def _config(game_id: str, players: int | None, seed: int, options: dict[str, str],
            computers: bool = False) -> GameConfig:
    game = games.get(game_id)
    n = players if players is not None else max(game.min_players, min(2, game.max_players))
    if not game.min_players <= n <= game.max_players:
        raise ValueError(f"{game_id} takes {game.min_players} to {game.max_players} players (got {n})")
    opts = options_dict(game, options)
    seats = tuple(SeatConfig(NAMES[i % len(NAMES)], key,
                             "computer" if computers and i else "person", "normal")
                  for i, key in enumerate(default_colours(game, n)))
    return GameConfig(game_id, seats, tuple(sorted(opts.items())), seed)


def play_random(match, rng: random.Random, steps: int | None) -> int:
    """Play ``steps`` random legal commands (None: to the end); the number played."""
    played = 0
    while not match.is_over() and (steps is None or played < steps):
        if played >= MAX_COMMANDS:
            raise ValueError(f"the game did not end within {MAX_COMMANDS} random commands")
        seats = match.to_act()
        seat = rng.choice(seats)
        legal = match.legal(seat)
        if not legal:
            raise ValueError(f"seat {seat} is to act but has no legal command")
        match.submit(rng.choice(legal))
        played += 1
    return played


def _check(scene: str, size: tuple[int, int], game: str | None, steps: int) -> None:
    if scene not in SCENES:
        raise ValueError(f"unknown scene {scene!r}; scenes: {', '.join(SCENES)}")
    if len(size) != 2 or not all(isinstance(v, int) and 16 <= v <= 8192 for v in size):
        raise ValueError(f"size must be two whole numbers between 16 and 8192 (got {size!r})")
    if scene in NEEDS_GAME and not game:
        raise ValueError(f"the {scene} scene needs a game (--game); games: "
                         f"{', '.join(games.available()) or 'none'}")
    if game is not None and game not in games.available():
        raise ValueError(f"unknown game {game!r}; games: {', '.join(games.available()) or 'none'}")
    if steps < 0:
        raise ValueError("steps cannot be negative")


def play_to_others(match, rng: random.Random, seat: int = 0) -> None:
    """Go on playing at random until ``seat`` is to act after another seat's command, or after
    what the game did by itself following the seat's own (the Automa, the Saboteurs): a
    position whose last moves were someone else's."""
    from .playback import split_group

    for _ in range(MAX_COMMANDS):
        last = match.log[-1]
        if match.is_over():
            return
        if match.to_act() == (seat,) and last.kind == "command" and (
                last.seat != seat or len(split_group(match.game, match.snapshot_before(
                    len(match.active) - 2), last)) >= 3):
            return
        play_random(match, rng, 1)
    raise ValueError("no position where the others have just moved was found")


def build_app(scene: str, size: tuple[int, int], game: str | None, players: int | None, seed: int,
              steps: int, options: dict[str, str], settings: Settings | None = None,
              last_move: bool = False):
    """An :class:`App` showing ``scene`` (checked arguments; raises ValueError). ``last_move``:
    the seats after the first are computers, the game goes on until the first is to act after
    the others moved, and the table plays those moves again (see :func:`settle_playback`)."""
    _check(scene, size, game, steps)
    config = _config(game, players, seed, options, computers=last_move) if game else None
    if "SDL_VIDEODRIVER" not in os.environ and not pygame.display.get_init():
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    from .app import App
    from .scenes.menu import MenuScene
    from .scenes.privacy import PrivacyScene
    from .scenes.rules import RulesScene
    from .scenes.saves import SavesScene
    from .scenes.scores import ScoresScene
    from .scenes.settings_scene import SettingsScene
    from .scenes.setup import SetupScene
    from .scenes.table import TableScene
    from .session import Session

    app = App(size, settings=settings or Settings())
    app.push(MenuScene(app))
    if scene == "setup":
        app.push(SetupScene(app, game, players))
    elif scene == "rules":
        app.push(RulesScene(app, game))
    elif scene == "settings":
        app.push(SettingsScene(app))
    elif scene == "about":
        from .scenes.about import AboutScene

        app.push(AboutScene(app))
    elif scene in ("load", "demos"):
        app.push(SavesScene(app, demos=scene == "demos"))
    elif scene in NEEDS_GAME:
        session = Session.in_memory(games.get(game), config)
        rng = random.Random(seed)
        play_random(session.match, rng, None if scene == "scores" else steps)
        if last_move and scene == "table":
            play_to_others(session.match, rng)
        table = TableScene(app, session, privacy=False)
        table.computers.paused = True  # a picture: nobody moves on
        app.push(table)
        if last_move and scene == "table":
            table.playback.replay_since(session.match, 0)
            table.refresh()
        if scene == "scores":
            app.push(ScoresScene(app, session))
        elif scene == "privacy":
            acting = session.match.to_act()
            app.push(PrivacyScene(app, table, acting[0] if acting else 0))
    return app


def list_names(scene) -> dict[str, object]:
    """The drop-downs of a scene that :func:`open_list` can open, by name: a settings row's
    key (``language``), a setup control's kind (``players``, ``kind1`` for seat 1's)."""
    import pygame_gui

    out: dict[str, object] = {}
    for element, key in getattr(scene, "controls", {}).items():
        if not isinstance(element, pygame_gui.elements.UIDropDownMenu):
            continue
        if isinstance(key, tuple):
            kind, which = key
            key = kind if which in (0, None) else f"{kind}{which}"
        out.setdefault(str(key), element)
    return out


def open_list(app, name: str) -> None:
    """Open the drop-down ``name`` (see :func:`list_names`) of the scene on top, as a click
    on it would; raises ValueError naming the lists there are."""
    lists = list_names(app.top)
    menu = lists.get(name)
    if menu is None:
        raise ValueError(f"no drop-down {name!r} on this scene; drop-downs: "
                         f"{', '.join(sorted(lists)) or 'none'}")
    menu.current_state.should_transition = True
    for _ in range(2):
        app.manager.update(0.05)


def settle_playback(app, back: int | None = None) -> None:
    """Show a table's queued playback step by step to its end, each step's board drawn whole and
    settled so its changes are marked; ``back``: then open "What happened" that many steps back
    from the last."""
    import time

    table = app.top
    pb = getattr(table, "playback", None)
    if pb is None:
        return
    set_frame_deadline(None)
    for _ in range(len(pb.history) + 1):
        forget = getattr(table.view, "forget_steps", None)
        if forget is not None:
            forget()  # the Weather Machine's own step captions: not in a still picture
        for _wait in range(60):  # the view's own animation (Meteo's wind) ends in real time
            app.render(app.window)
            if not pb._capture:
                break
            time.sleep(0.05)
        if not pb.playing:
            break
        pb.shown += 1
        pb._start_step()
        pb._fade_seconds = 0.0
        table.refresh()
    if back is not None and pb.open_steps():
        pb.step_by(-back)
        table.refresh()


def render(scene: str, out: Path, size: tuple[int, int], game: str | None, players: int | None,
           seed: int, steps: int, options: dict[str, str], settings: Settings | None = None,
           open_menu: str | None = None, last_move: bool = False,
           what_happened: int | None = None) -> None:
    """Render ``scene`` off-screen at ``size`` and write a picture to ``out`` (PNG, or JPEG, BMP
    or TGA when ``out`` ends so). Raises ValueError for bad arguments and OSError, before any
    drawing, for a place that cannot be written (see :func:`reserve`); the picture goes to a
    temporary file beside ``out`` that is renamed over it, so a failed write (a full disk)
    leaves no half picture and an older ``out`` as it was. ``open_menu`` names a drop-down
    shown open (:func:`open_list`)."""
    _check(scene, tuple(size), game, steps)
    out = Path(out)
    fd, tmp = reserve(out)
    try:
        with os.fdopen(fd, "wb") as dest:
            app = build_app(scene, tuple(size), game, players, seed, steps, dict(options or {}),
                            settings, last_move or what_happened is not None)
            for _ in range(3):  # let pygame_gui finish laying out lists and text boxes
                app.manager.update(0.05)
                if app.top is not None:
                    app.top.update(0.0)
            if open_menu:
                open_list(app, open_menu)
            set_frame_deadline(None)  # a picture shows everything: no work is left for later
            if scene == "table" and (last_move or what_happened is not None):
                settle_playback(app, what_happened)
            app.render(app.window)
            from .scenes.rules import RulesScene

            for _ in range(8):  # the guide draws the pictures in view one a frame (issue 27)
                if not isinstance(app.top, RulesScene) or not app.top.animating():
                    break
                app.render(app.window)
            picture = io.BytesIO()  # encoded in memory: a failed write is one clean OSError
            try:
                pygame.image.save(app.window, picture, _format(out))
            except pygame.error as exc:
                raise OSError(str(exc)) from None
            dest.write(picture.getbuffer())
            dest.flush()
            os.fsync(dest.fileno())
        os.replace(tmp, out)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")


def _format(out: Path) -> str:
    """The name pygame reads the format from: ``out``'s if it names one, else a PNG's."""
    return out.name if out.suffix.lower() in IMAGE_SUFFIXES else "screenshot.png"


def reserve(out: Path) -> tuple[int, str]:
    """An open temporary file in ``out``'s folder (made if missing) to write the picture to,
    and its name; raises OSError with a short ``strerror`` when ``out`` cannot be written: a
    folder, a device or anything else that is not a regular file, a name too long for the
    folder, a folder that cannot be made or written (issue 16)."""
    if os.path.isdir(out):
        raise IsADirectoryError(errno.EISDIR, "is a folder")
    if os.path.exists(out) and not files.is_regular(out):  # /dev/full, a FIFO: never replaced
        raise files.FileRefused(out, "is not a regular file")
    folder = out.parent
    folder.mkdir(parents=True, exist_ok=True)
    if len(os.fsencode(out.name)) > _name_max(folder):
        raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))
    fd, tmp = tempfile.mkstemp(prefix=".screenshot-", suffix=".tmp", dir=folder)
    if hasattr(os, "fchmod"):  # the picture gets the usual mode, not mkstemp's private 0600
        mask = os.umask(0)
        os.umask(mask)
        try:
            os.fchmod(fd, 0o666 & ~mask)
        except OSError:
            pass
    return fd, tmp


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, ValueError, OSError):  # no pathconf (Windows): NTFS's limit
        return 255
