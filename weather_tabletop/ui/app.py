"""The window, the frame loop and the scene stack.

``run(options)`` is what the CLI calls. Events go to the pygame_gui UIManager first; what it
does not consume goes to the top scene (the table hands it on to drag and drop).

The loop draws only when something may have changed (issue 13: a still table or menu used most
of a core redrawing the same picture 60 times a second). It draws at up to 60 frames a second
while events come, for :data:`GRACE` seconds after the last one (pygame_gui's hover colours
fade) and while the top scene says it is :meth:`~.scene.Scene.animating`; then a few frames a
second until :data:`SETTLE` (a widget's tooltip shows after a second of hovering); then nothing,
except a focused text field's blinking cursor. While idle it waits for events, waking
:data:`IDLE_WAKES` times a second so the scene can notice a computer's finished move.
"""

from __future__ import annotations

import os
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

import weather_tabletop

from .. import ai, i18n, remember
from .. import settings as settings_mod
from ..i18n import tr
from ..settings import Settings
from . import art, crash, theme, widgets
from .scene import Scene
from .theme import TextCache

# pygame_gui notes each font size it loads lazily (the rules' and About's headings): not a fault.
warnings.filterwarnings("ignore", message="Finding font with id", category=UserWarning)

MIN_SIZE = (960, 540)
DEFAULT_SIZE = (1280, 720)
DESKTOP_SHARE = 0.9  # a first window takes this much of the desktop's width and height
CRASH_LOOP_SECONDS = 5.0

FPS = 60
GRACE = 0.5        # seconds of full-rate frames after the last event
SETTLE = 2.0       # seconds after the last event during which idle wakes still draw
IDLE_WAKES = 10    # scene updates a second while nothing happens
BLINK = 0.2        # seconds between frames while a text field has the keyboard
POLL = 0.02        # seconds between looks for an event while idle


class App:
    """One window. Scenes are pushed and popped; only the top one is built and drawn."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *, settings: Settings | None = None,
                 settings_message: str | None = None, settings_path: Path | None = None,
                 fullscreen: bool = False) -> None:
        _dpi_aware()
        # Display and fonts only: the app plays no sound, and opening audio fails noisily on
        # machines without a sound card.
        pygame.display.init()
        pygame.font.init()
        if settings is None:
            settings, settings_message = settings_mod.load(settings_path)
        self.settings = settings
        self.settings_path = settings_path
        i18n.set_language(settings.language)
        _apply_thinking_time(settings)
        pygame.display.set_caption(weather_tabletop.APP_NAME)
        self._windowed = (max(1, size[0]), max(1, size[1]))
        self.fullscreen = fullscreen or settings.fullscreen
        self.window = self._open_window()
        try:
            pygame.display.set_icon(art.icon())
        except (pygame.error, OSError):
            pass
        self.size = self.window.get_size()
        self.scale = theme.effective_scale(self.size, settings.ui_scale)
        self.manager = theme.make_manager(self.size, self.scale)
        self.text = TextCache()
        self.stack: list[Scene] = []
        self.notices: list[str] = [tr(settings_message)] if settings_message else []
        self.running = True
        self.clock = pygame.time.Clock()
        self._last_crash = 0.0
        self.frames_drawn = 0      # frames drawn so far (tests and bench/idle_cpu.py count them)
        self._quiet = 0.0          # seconds since the last event or change
        self._since_drawn = 0.0    # seconds since the last frame was drawn

    # -- window ----------------------------------------------------------------------------

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self._windowed, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self._windowed = self.size
        self.window = self._open_window()
        self.resize(self.window.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        """Lay everything out again for a new window size."""
        size = (max(1, size[0]), max(1, size[1]))
        if size == self.size:
            return
        self.size = size
        if not self.fullscreen:
            self._windowed = size
        self._rebuild(theme.effective_scale(size, self.settings.ui_scale))

    def _rebuild(self, scale: float) -> None:
        self.changed()
        top = self.top
        if top is not None:
            top.close()
        if scale != self.scale:
            self.scale = scale
            self.manager = theme.make_manager(self.size, scale)
        else:
            self.manager.set_window_resolution(self.size)
        if top is not None:
            top.open()

    def apply_settings(self, new: Settings) -> None:
        """Use and save new settings (scale and language take effect at once). Settings that
        cannot be saved (a read-only folder, a damaged file that cannot be moved aside) still
        apply for this run, with a notice."""
        old = self.settings
        self.settings = new
        try:
            settings_mod.save(new, self.settings_path)
        except OSError as exc:
            self.notices.append(tr("settings.not_saved", reason=exc.strerror or exc))
        if new.thinking_seconds != old.thinking_seconds:
            _apply_thinking_time(new)
        if new.language != old.language:
            i18n.set_language(new.language)
        self.changed()
        if new.ui_scale != old.ui_scale or new.language != old.language:
            top = self.top
            if top is not None:
                top.close()
            self.scale = theme.effective_scale(self.size, new.ui_scale)
            self.manager = theme.make_manager(self.size, self.scale)
            if top is not None:
                top.open()

    # -- scenes ----------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.close()
        self.stack.append(scene)
        scene.open()
        self._caption()
        self.changed()

    def _drop(self) -> None:
        scene = self.stack.pop()
        scene.close()
        scene.dispose()
        if scene.heavy:  # its texts and pictures go with it (issue 27)
            del scene
            self.text.forget()
            art.forget()  # the table's rasterised art and panels: the next screen draws its own
            widgets.forget_panels()
            release_memory()

    def pop(self) -> None:
        if self.stack:
            self._drop()
        if self.top is not None:
            self.top.open()
        self._caption()
        self.changed()

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self._drop()
        self.stack.append(scene)
        scene.open()
        self._caption()
        self.changed()

    def home(self) -> None:
        """Back to the main menu (a fresh one, so its lists are current)."""
        from .scenes.menu import MenuScene

        while self.stack:
            self._drop()
        self.push(MenuScene(self))

    def _caption(self) -> None:
        name = self.top.name if self.top is not None else ""
        title = weather_tabletop.APP_NAME
        pygame.display.set_caption(f"{title} – {name}" if name else title)

    def quit(self) -> None:
        self.running = False

    # -- frame loop ------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        """One event: window events here, then the UI manager, then the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.resize(event.size)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        consumed = self.manager.process_events(event)
        if not consumed and self.top is not None:
            self.top.handle(event)

    def changed(self) -> None:
        """Something on screen changed outside an event (a scene came, the window resized):
        draw at full rate again for a while."""
        self._quiet = 0.0

    def tick(self, dt: float | None = None, *, when_needed: bool | None = None) -> bool:
        """Handle pending events, advance and draw one frame; True when a frame was drawn.

        With no ``dt`` (the loop) it paces itself, at most :data:`FPS` frames a second while
        active, else waiting up to 1/:data:`IDLE_WAKES` s for an event, and draws only when
        something changed or animates. Called with ``dt`` (tests, benches) it does not wait and
        always draws, unless ``when_needed`` is True."""
        if when_needed is None:
            when_needed = dt is None
        if dt is None:
            if when_needed and not self._active():
                _wait_for_event(1 / IDLE_WAKES)
                dt = self.clock.tick() / 1000.0
            else:
                dt = self.clock.tick(FPS) / 1000.0
        events = pygame.event.get()
        for event in events:
            self.dispatch(event)
            if not self.running:
                return False
        self._quiet = 0.0 if events else self._quiet + dt
        self._since_drawn += dt
        self.manager.update(dt)
        if self.top is not None:
            self.top.update(dt)
            if self.top.animating():  # and for the grace time after: its last picture is drawn
                self._quiet = 0.0
        if when_needed and not self._needs_frame():
            return False
        self.render(self.window)
        pygame.display.flip()
        self.frames_drawn += 1
        self._since_drawn = 0.0
        return True

    def _active(self) -> bool:
        """Frames at full rate: just after an event or change, or while the scene animates."""
        return self._quiet < GRACE

    def _needs_frame(self) -> bool:
        if self._active() or self._quiet < SETTLE:
            return True
        return self._typing() and self._since_drawn >= BLINK

    def _typing(self) -> bool:
        """A text field has the keyboard (its cursor blinks)."""
        return any(isinstance(e, (pygame_gui.elements.UITextEntryLine,
                                  pygame_gui.elements.UITextEntryBox))
                   for e in self.manager.get_focus_set() or ())

    def render(self, surface: pygame.Surface) -> None:
        """Draw the top scene and its widgets onto ``surface``."""
        scene = self.top
        if scene is not None:
            scene.draw(surface)
        else:
            surface.fill(theme.SKY)
        self.manager.draw_ui(surface)
        if scene is not None:
            scene.draw_over(surface)

    def loop(self) -> None:
        """Run until the window closes. An error is logged and the menu comes back, with the
        game safe in its autosave; errors in quick succession end the program. The window's
        size is remembered for the next start."""
        while self.running:
            try:
                self.tick()
            except Exception as exc:  # noqa: BLE001 - the crash handler of the app
                now = time.monotonic()
                path = crash.write_log(exc)
                if now - self._last_crash < CRASH_LOOP_SECONDS:
                    raise
                self._last_crash = now
                where = str(path) if path else tr("crash.no_log")
                self.notices.append(tr("crash.message", path=where))
                self._home_after_crash()
        self.remember_window()

    def _home_after_crash(self) -> None:
        """Back to a fresh main menu after an error, even when closing a scene fails in its
        turn (issue 16: on a full disk the table's save cannot be closed either). Each scene
        is dropped on its own; a failure while dropping one is logged and the next dropped."""
        from .scenes.menu import MenuScene

        while self.stack:
            scene = self.stack.pop()
            for step in (scene.close, scene.dispose):
                try:
                    step()
                except Exception as exc:  # noqa: BLE001 - already handling an error
                    crash.write_log(exc)
        self.push(MenuScene(self))

    def remember_window(self) -> None:
        """Keep the windowed size (also when the app ends in full screen) for the next start."""
        remember.put(remember.WINDOW_SIZE, list(self._windowed))


def warm_up() -> threading.Thread:
    """Import, on a daemon thread while the menu waits for its first click, the modules that
    New game needs: the setup screen, the table, the rules screen and the rules of the game
    set up last (else the first). Issue 27: on a loaded 2-core machine New game took 1.5-6 s to
    show, most of it importing. A click that comes first simply waits for the import under
    way (Python's import lock), never does it twice."""
    def run() -> None:
        try:
            from .. import games
            from .scenes import rules, table  # noqa: F401 - imported for later
            from .scenes.setup import _last_setup

            ids = games.available()
            last = _last_setup().get("game")
            if ids:
                games.get(last if last in ids else ids[0])
        except Exception:  # noqa: BLE001 - only a head start: the click imports it anyway
            pass

    thread = threading.Thread(target=run, name="warm-up", daemon=True)
    thread.start()
    return thread


def release_memory() -> None:
    """Collect garbage now and, with glibc, hand the freed heap back to the system
    (``malloc_trim``): a closed table's pictures and game states are freed, but glibc keeps
    freed memory for reuse, and the threads that computer players think in each leave an arena
    of it, so the resident memory did not come down after a table closed (issue 27)."""
    import gc

    gc.collect()
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        trim = getattr(libc, "malloc_trim", None)
    except (OSError, AttributeError, TypeError):  # not a C library that ctypes can open
        return
    if trim is not None:
        trim(0)


def _wait_for_event(seconds: float) -> None:
    """Sleep until an event is pending or ``seconds`` have passed, looking every
    :data:`POLL` s. Not ``pygame.event.wait(timeout)``: pygame-ce 2.5 polls SDL every
    millisecond inside it, which alone measured 2.1-2.4% of a core (headless and under Xvfb);
    this costs about 0.4% for at most 20 ms more latency on the first event after a pause."""
    end = time.monotonic() + seconds
    while not pygame.event.peek():
        left = end - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(POLL, left))


def _dpi_aware() -> None:
    """On Windows, ask for real pixels so the table is not blurred by display scaling."""
    import sys

    if sys.platform != "win32":
        return
    try:
        import ctypes

        ctypes.windll.shcore.SetProcessDpiAwareness(1)
    except (AttributeError, OSError):
        pass


def _size_option(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return int(value[0]), int(value[1])
    if isinstance(value, str) and "x" in value.lower():
        w, h = value.lower().split("x", 1)
        return int(w), int(h)
    return None


def window_size(option: Any = None) -> tuple[int, int]:
    """The size to open the window at: an explicit ``option`` ("WxH" or a pair) if given, else
    the size it was last left at, else :data:`DESKTOP_SHARE` of the desktop; never smaller than
    :data:`MIN_SIZE`, and a remembered size no larger than the desktop (the screen may have
    changed since). Needs ``pygame.display.init()``."""
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        desktop = DEFAULT_SIZE
    size = _size_option(option)
    if size is None:
        kept = remember.get(remember.WINDOW_SIZE)
        if (isinstance(kept, list) and len(kept) == 2
                and all(isinstance(n, int) and not isinstance(n, bool) and 0 < n < 100_000
                        for n in kept)):
            size = (min(kept[0], desktop[0]), min(kept[1], desktop[1]))
        else:
            size = (round(desktop[0] * DESKTOP_SHARE), round(desktop[1] * DESKTOP_SHARE))
    return max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])


def _fatal_screen(window: pygame.Surface | None, message: str) -> None:
    """The last resort after repeated errors: a plain message until a key or close."""
    if window is None:
        return
    font = pygame.font.Font(theme.font_path(), 20)
    window.fill(theme.SKY)
    y = 40
    for line in message.split("\n"):
        window.blit(font.render(line, True, theme.INK), (40, y))
        y += 32
    pygame.display.flip()
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    while True:
        event = pygame.event.wait()
        if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return


def _apply_thinking_time(settings: Settings) -> None:
    """``hard`` computer seats made from now on think this long per move (seats already at a
    table keep the budget they were made with)."""
    ai.set_budget(seconds=settings.thinking_seconds)


def run(argv_options: dict) -> int:
    """Open the window and play. Options (all optional): ``size`` ("1280x720" or a pair; else
    see :func:`window_size`), ``fullscreen`` (bool), ``open`` (a save file to continue at once),
    ``replay`` (a save file to step through at once).
    Returns the exit code."""
    app: App | None = None
    try:
        from .. import paths
        from ..engine.storage import sweep_leftovers

        sweep_leftovers(paths.saves_dir())  # what a killed copy or rewrite left (issue 28)
        pygame.display.init()
        app = App(window_size(argv_options.get("size")),
                  fullscreen=bool(argv_options.get("fullscreen")))
        app.home()
        target = argv_options.get("open")
        if target:
            from .scenes.table import open_saved_game

            open_saved_game(app, Path(str(target)))
        replay = argv_options.get("replay")
        if replay:  # weather-tabletop open FILE: a replay (a load error shows as a notice)
            from .scenes.table import open_replay

            open_replay(app, Path(str(replay)))
        if argv_options.get("first_frame_exit"):  # bench/startup.py: stop after one drawn frame
            app.tick(1 / 60)
            return 0
        warm_up()
        app.loop()
        return 0
    except Exception as exc:  # noqa: BLE001 - last resort: log and tell the player
        path = crash.write_log(exc)
        where = str(path) if path else tr("crash.no_log")
        try:
            _fatal_screen(app.window if app else None, tr("crash.fatal", path=where))
        except Exception:  # noqa: BLE001 - no screen to show it on: the exit code says it
            pass
        return 1
    finally:
        pygame.quit()
