"""Generic drag and drop over a :class:`~weather_tabletop.ui.table_view.TableView`.

Mouse down on a piece picks it up and highlights the targets of the legal commands that move
it; mouse up on a target submits that command. Dropped anywhere else the piece snaps back, and
the reason is shown: the rules' own reason when the view maps the drop to a command
(``command_for_drop``), else "That is not a place this piece can go."
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from ..engine.protocol import Command
from ..i18n import tr
from . import theme
from .table_view import Piece, Shape, TableView, bounds_of

#: submit a command; returns None when played, else the reason it was refused
Submit = Callable[[Command], "str | None"]

CLICK_SLOP = 5  # pixels a press may move and still count as a click, not a drop
SNAP_SECONDS = 0.18


class DragDrop:
    """Turns pointer events into commands. Call :meth:`set_context` whenever the view state
    or the legal commands change, :meth:`handle` for each unconsumed event and
    :meth:`draw` after the board."""

    def __init__(self, submit: Submit, refused: Callable[[str], None]) -> None:
        self.submit = submit
        self.refused = refused
        self.view: TableView | None = None
        self.view_state: Any = None
        self.seat: int | None = None
        self.legal: list[Command] = []
        self.enabled = True
        self.piece: Piece | None = None
        self.targets: list[tuple[Shape, Command]] = []
        self.pos = (0, 0)
        self._grab = (0, 0)
        self._start = (0, 0)
        self._snap: tuple[Piece, tuple[float, float], float] | None = None
        self._veil_surf: pygame.Surface | None = None

    def set_context(self, view: TableView, view_state: Any, seat: int | None,
                    legal: Sequence[Command], enabled: bool = True) -> None:
        self.view, self.view_state, self.seat = view, view_state, seat
        self.legal = list(legal)
        self.enabled = enabled
        if self.piece is not None and not enabled:
            self.cancel()

    @property
    def dragging(self) -> bool:
        return self.piece is not None

    def cancel(self) -> None:
        self.piece = None
        self.targets = []

    def _piece_at(self, pos: tuple[int, int]) -> Piece | None:
        assert self.view is not None
        for piece in reversed(self.view.pieces(self.view_state, self.seat)):
            if piece.draggable and piece.shape.collidepoint(pos):
                return piece
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was used."""
        if self.view is None or not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            piece = self._piece_at(event.pos)
            if piece is None:
                return False
            self.piece = piece
            self.targets = self.view.drop_targets(piece, self.legal)
            centre = bounds_of(piece.shape).center
            self._grab = (event.pos[0] - centre[0], event.pos[1] - centre[1])
            self._start = self.pos = event.pos
            return True
        if event.type == pygame.MOUSEMOTION and self.piece is not None:
            self.pos = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.piece is not None:
            self.pos = event.pos
            self._drop(event.pos)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.piece is not None:
            self._snap_back()
            return True
        return False

    def _drop(self, pos: tuple[int, int]) -> None:
        piece = self.piece
        assert piece is not None and self.view is not None
        for shape, command in self.targets:
            if shape.collidepoint(pos):
                self.cancel()
                reason = self.submit(command)
                if reason:
                    self.refused(reason)
                return
        moved = abs(pos[0] - self._start[0]) + abs(pos[1] - self._start[1]) > CLICK_SLOP
        command = self.view.command_for_drop(piece, pos, self.view_state, self.seat)
        self._snap_back()
        if command is not None:
            reason = self.submit(command)
            if reason:
                self.refused(reason)
        elif moved:
            self.refused(tr("drag.not_a_place"))

    def _snap_back(self) -> None:
        if self.piece is not None:
            here = (self.pos[0] - self._grab[0], self.pos[1] - self._grab[1])
            self._snap = (self.piece, here, SNAP_SECONDS)
        self.cancel()

    @property
    def moving(self) -> bool:
        """A piece is lifted or snapping back: the picture changes every frame."""
        return self.piece is not None or self._snap is not None

    def update(self, dt: float) -> None:
        if self._snap is not None:
            piece, here, left = self._snap
            left -= dt
            self._snap = (piece, here, left) if left > 0 else None

    def draw(self, surface: pygame.Surface) -> None:
        """Target highlights, the lifted piece under the pointer, a piece snapping back."""
        if self.piece is not None:
            ring = max(2, surface.get_height() // 300)
            for shape, _ in self.targets:
                box = bounds_of(shape).inflate(ring * 2, ring * 2)
                over = shape.collidepoint(self.pos)
                if hasattr(shape, "highlight"):
                    shape.highlight(surface, theme.HIGHLIGHT, ring, over)
                else:
                    pygame.draw.rect(surface, theme.HIGHLIGHT, box, ring * (2 if over else 1),
                                     border_radius=ring * 3)
            home = bounds_of(self.piece.shape)
            surface.blit(self._veil(home.size), home)
            self._draw_piece(surface, self.piece, (self.pos[0] - self._grab[0],
                                                   self.pos[1] - self._grab[1]))
        elif self._snap is not None:
            piece, here, left = self._snap
            home = bounds_of(piece.shape).center
            t = left / SNAP_SECONDS
            at = (home[0] + (here[0] - home[0]) * t, home[1] + (here[1] - home[1]) * t)
            self._draw_piece(surface, piece, at)

    def _veil(self, size: tuple[int, int]) -> pygame.Surface:
        """The pale cover over a lifted piece's home, made once per size."""
        if getattr(self, "_veil_surf", None) is None or self._veil_surf.get_size() != size:
            self._veil_surf = pygame.Surface(size, pygame.SRCALPHA)
            self._veil_surf.fill((255, 255, 255, 150))
        return self._veil_surf

    @staticmethod
    def _draw_piece(surface: pygame.Surface, piece: Piece, centre: tuple[float, float]) -> None:
        if piece.image is not None:
            surface.blit(piece.image, piece.image.get_rect(center=(round(centre[0]), round(centre[1]))))
        else:
            box = bounds_of(piece.shape).copy()
            box.center = (round(centre[0]), round(centre[1]))
            pygame.draw.rect(surface, theme.SUN, box, border_radius=6)
            pygame.draw.rect(surface, theme.INK, box, 2, border_radius=6)
