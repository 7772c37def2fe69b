"""The caption over the foot of the board while other seats' moves are played back, and the
"What happened" stepper once it is the person's decision again (issue 27).

Three looks, one box: *playing* (who did what, "step 2 of 5", a click or Space skips to the end),
*after* (the last step's caption and a "What happened" button, W) and *stepping* (Back and Next,
Left and Right arrows, "Resume", Esc). The box is drawn by the scene, not pygame_gui, and
rendered once per change of what it says."""

from __future__ import annotations

from typing import Any

import pygame

from ..i18n import language, tr
from . import theme
from .table_view import draw_token

#: the caption's text wraps into at most this many lines (then shrinks, then is shortened)
CAPTION_LINES = 3
#: the caption grows with the UI scale up to this factor
MAX_SCALE = 1.5


class PlaybackBar:
    """Draws :class:`~weather_tabletop.ui.playback.Playback`'s caption for ``scene`` (a
    TableScene: its playback, board, text, scale and seats) and takes its clicks and keys."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.rect: pygame.Rect | None = None
        self.buttons: list[tuple[pygame.Rect, str]] = []  # screen rects and what each does
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None
        self._told: int | None = None  # the step the game's view told with its own captions

    # -- what it says ------------------------------------------------------------------------

    def mode(self) -> str | None:
        """"playing", "after", "stepping" or None (nothing to say)."""
        pb = self.scene.playback
        if not pb.enabled or pb.current() is None:
            return None
        if pb.stepping is not None:
            return "stepping"
        return "playing" if pb.playing else "after"

    def who(self, seat: int | None) -> str:
        """The acting seat's name as the caption says it ("Ben (computer)"), or the game's."""
        session = self.scene.session
        if seat is None or not 0 <= seat < len(session.config.seats):
            return tr("follow.game")
        name = session.config.seats[seat].name
        return tr("follow.computer", name=name) if session.seat_is_computer(seat) else name

    def spoken(self) -> tuple[int, Any] | None:
        """The step the caption speaks of: the one shown; once playback is over, the last step
        a seat made (what the game did after it, a new round begun, is one W away)."""
        pb = self.scene.playback
        got = pb.current()
        if got is None or pb.stepping is not None or pb.playing:
            return got
        return next(((k, s) for k in range(got[0], -1, -1) if (s := pb.history[k]).seat
                     is not None), got)

    def caption(self) -> str:
        """The step's words, as the log says them."""
        got = self.spoken()
        if got is None:
            return ""
        return " · ".join(tr(line).strip() for line in got[1].lines)

    # -- drawing -----------------------------------------------------------------------------

    def px(self, n: float) -> int:
        """``n`` pixels at the UI scale, at most MAX_SCALE times (at 200% a caption at full
        size covered a fifth of the board it speaks of)."""
        return max(1, round(n * min(self.scene.app.scale, MAX_SCALE)))

    def _where(self, h: int, w: int) -> pygame.Rect:
        scene = self.scene
        board = scene.lay.board
        bottom = board.bottom - scene.px(10)
        msg = scene._message_rect()
        if msg is not None:
            bottom = msg.top - scene.px(6)
        return pygame.Rect(board.centerx - w // 2, bottom - h, w, h)

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        mode = self.mode()
        moving = getattr(scene.view, "animating", None)
        pb = scene.playback
        if mode != "playing":
            self._told = None
        elif callable(moving) and moving():
            self._told = pb.shown  # the game's view tells this step itself (Phase B captions)
        if mode is None or scene.lay is None or (mode == "playing" and self._told == pb.shown):
            self.rect, self.buttons = None, []  # told once, not twice
            return
        k, step = self.spoken()
        width = min(scene.lay.board.w - 2 * self.px(12), self.px(820))
        key = (mode, k, len(pb.history), width, language(), scene.app.scale, step.seat)
        if key != self._key or self._surface is None:
            self._surface, local = self._render(mode, k, step, width)
            self._key, self._local = key, local
        rect = self._where(self._surface.get_height(), self._surface.get_width())
        self.rect = rect
        self.buttons = [(r.move(rect.topleft), what) for r, what in self._local]
        surface.blit(self._surface, rect)

    def _render(self, mode: str, k: int, step: Any, width: int
                ) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
        scene, text, px = self.scene, self.scene.app.text, self.px
        pad, gap = px(10), px(8)
        size = max(theme.MIN_TEXT_PX, px(15))
        small = max(theme.MIN_TEXT_PX, px(13))
        total = len(scene.playback.history)
        labels = {"playing": [("skip", tr("follow.skip"))],
                  "after": [("open", tr("follow.what_happened"))],
                  "stepping": [("back", tr("follow.back")), ("next", tr("follow.next")),
                               ("resume", tr("follow.resume"))]}[mode]
        bfont = text.font(small, True)
        bh = bfont.get_height() + 2 * px(6)
        bws = [bfont.size(label)[0] + 2 * px(10) for _w, label in labels]
        chip = px(13)
        text_x = pad + 2 * chip + gap
        step_w = text.width(tr("follow.stepping" if mode == "stepping" else "follow.step_n",
                               n=total, total=total), small)
        beside = len(labels) == 1  # one button: "Step n of N" beside it, the box one row lower
        right_w = (step_w + gap + bws[0] if beside
                   else max(sum(bws) + gap * (len(bws) - 1), step_w))
        who = self.who(step.seat)
        said = self.caption()
        wanted = max(text.width(said, size), text.width(who, size, True))
        width = min(width, text_x + wanted + 2 * gap + right_w + pad)
        text_w = max(px(120), width - text_x - right_w - gap - pad)
        lines = 1 if mode == "after" else CAPTION_LINES  # after: small, the board is the person's
        fit = text.lay(said, text_w, lines * round(size * 1.35), size)
        font = text.font(fit.size)
        said_h = (len(fit.lines) - 1) * font.get_linesize() + font.get_height()
        who_h = text.font(size, True).get_height()
        step_h = text.font(small).get_height()
        h = max(pad * 2 + who_h + said_h + px(2), pad * 2 + 2 * chip,
                pad * 2 + bh + (0 if beside else step_h + px(4)))
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        box = surf.get_rect()
        pygame.draw.rect(surf, (*theme.INK[:3], 235), box, border_radius=px(10))
        rgb = scene._seat_rgb(step.seat)
        pygame.draw.rect(surf, rgb, box, max(2, px(3)), border_radius=px(10))
        centre = (pad + chip, pad + chip)
        if step.seat is not None:
            colour = scene.view.ctx.colour(scene.game, step.seat) if hasattr(scene.view, "ctx") \
                else None
            if colour is not None:
                draw_token(surf, centre, chip, colour, step.seat, text,
                           scene.app.settings.colour_blind)
        else:
            pygame.draw.circle(surf, rgb, centre, chip)
            pygame.draw.circle(surf, (255, 255, 255), centre, chip, max(1, px(2)))
        text.box(surf, who, pygame.Rect(text_x, pad, text_w, who_h), size, rgb_light(rgb),
                 bold=True, wrap=False)
        text.box(surf, said, pygame.Rect(text_x, pad + who_h + px(2), text_w, said_h), fit.size,
                 (255, 255, 255), valign="top")
        rx = width - pad - right_w
        step_box = (pygame.Rect(rx, h - pad - bh, step_w, bh) if beside
                    else pygame.Rect(rx, pad, right_w, step_h))
        said_step = tr("follow.stepping" if mode == "stepping" else "follow.step_n", n=k + 1,
                       total=total)
        text.box(surf, said_step, step_box, small,
                 (205, 218, 230), align="right", wrap=False)
        x = width - pad - sum(bws) - gap * (len(bws) - 1)
        local = []
        for (what, label), bw in zip(labels, bws):
            r = pygame.Rect(x, h - pad - bh, bw, bh)
            pygame.draw.rect(surf, theme.PRIMARY if what != "skip" else (70, 84, 100), r,
                             border_radius=px(6))
            text.box(surf, label, r, small, (255, 255, 255), bold=True, align="center",
                     wrap=False)
            local.append((r, what))
            x += bw + gap
        return surf, local

    # -- input -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Space or a click skips the playback; W opens "What happened"; there Left and Right
        step and Esc (or W) resumes. True when the event was the bar's (the table refreshes)."""
        pb = self.scene.playback
        mode = self.mode()
        what = None
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            if self.rect is not None and self.rect.collidepoint(event.pos):
                # once it is the person's decision, a click beside the button is the board's
                what = next((w for r, w in self.buttons if r.collidepoint(event.pos)),
                            {"playing": "skip", "stepping": "none"}.get(mode or ""))
        elif event.type == pygame.KEYDOWN and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            if event.key == pygame.K_SPACE and pb.playing:
                what = "skip"
            elif event.key == pygame.K_w:
                what = "resume" if pb.stepping is not None else ("open" if pb.can_step() else None)
            elif pb.stepping is not None:
                what = {pygame.K_LEFT: "back", pygame.K_RIGHT: "next",
                        pygame.K_ESCAPE: "resume"}.get(event.key, "none")
        if what is None:
            return False
        acted = {"skip": pb.skip, "open": pb.open_steps, "resume": pb.resume,
                 "back": lambda: pb.step_by(-1), "next": lambda: pb.step_by(1)}.get(what)
        if acted is not None and acted():
            self.scene.refresh()
        return True


def rgb_light(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """A seat's colour made light enough to read on the dark caption box."""
    r, g, b = rgb[:3]
    return (min(255, r // 2 + 128), min(255, g // 2 + 128), min(255, b // 2 + 128))
