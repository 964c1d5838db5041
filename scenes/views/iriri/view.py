"""Iriri's table: an unbounded cloth for the words, the ring beside it, and a
tray of pyramids in front of each player (Blue above, Yellow below).

Placing: drag pyramids from your tray onto cells (or click one, then a
cell).  They stay pending, see-through, until Confirm (or Enter) plays them;
meanwhile every word they form is outlined, the ring run it matches glows in
the same colour, and the status line gives the score or the word that fails.
Drag a pending piece elsewhere or back to the tray, or right-click it off.
Taking: click your own glowing pyramids on the ring.  The board pans with a
right-button drag or the arrow keys, zooms with the wheel (or + and -), and
C (or the Centre button) brings the pieces back into view.
"""

from __future__ import annotations

import math

import pygame

from game.core import counted
from game.iriri import PASS, PLAYER_NAMES, Place, Take, colour_of

from . import art
from ..base import BoardView
from .board import BoardMixin
from .camera import Camera
from .ring import RingMixin, type_words
from .trays import TraysMixin
from .words import WordsMixin

DRAG_START = 6          # pixels the pointer moves before a press becomes a drag
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1),
            pygame.K_DOWN: (0, -1)}
ZOOM_IN = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT = (pygame.K_MINUS, pygame.K_KP_MINUS)
MUTED = (200, 184, 160)


class IririView(BoardMixin, RingMixin, TraysMixin, WordsMixin, BoardView):
    player_colours = art.PLAYER_RGB

    def __init__(self, app, spec, seats=None, variant=None):
        # Rules diagrams and the results screen pass no seats: nothing there is played.
        self.live = seats is not None
        super().__init__(app, spec, seats, variant)
        self.camera = Camera()
        self.viewport = pygame.Rect(0, 0, 400, 300)
        self.trays = [pygame.Rect(0, 0, 10, 10), pygame.Rect(0, 0, 10, 10)]
        self.centre_rect = pygame.Rect(0, 0, 0, 0)
        self.ring_rect = pygame.Rect(0, 0, 10, 10)
        self.ring_centre, self.ring_radius, self.ring_slot = (0, 0), 50.0, 20
        self.ring_info = pygame.Rect(0, 0, 0, 0)
        # the placement being built: {cell: type} in the order it was put down
        self.pending: dict = {}
        self.pending_words: list = []
        self.pending_points = None
        self.pending_problem = None
        self.held = None            # {"from": "hand", "type", "slot"} | {"from": "pending", "cell", "type"}
        self.dragging = False
        self.press_pos = None
        self.pointer = (0, 0)
        self.hover = None           # cell under the pointer
        self.panning = None         # last pointer position of a right-button drag
        self.selected: set = set()  # ring indices picked in the take phase
        self.marked_take = ()       # ring indices a rules diagram points at
        self._marks_done = None
        self.must_pass = False
        self.anim = None
        self._confirmed = None      # cells of a placement confirmed here: no flight to show
        self._frontier = frozenset()
        self._static = self._static_key = None
        self._board = self._board_key = None

    # --- layout ------------------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        rect = self.rect
        gap = max(8, rect.width // 90)
        ring_w = int(max(170, min(rect.width * 0.34, rect.height * 0.42)))
        board_w = rect.width - ring_w - gap
        tray_h = int(max(60, min(112, rect.height * 0.15)))
        self.trays = [pygame.Rect(rect.x, rect.bottom - tray_h, board_w, tray_h),   # Yellow
                      pygame.Rect(rect.x, rect.y, board_w, tray_h)]                 # Blue
        self.viewport = pygame.Rect(rect.x, rect.y + tray_h + gap, board_w,
                                    rect.height - 2 * (tray_h + gap))
        self._layout_ring(pygame.Rect(rect.x + board_w + gap, rect.y, ring_w, rect.height))
        self.camera.set_viewport(self.viewport)
        w = max(84, min(120, self.viewport.width // 6))
        h = max(26, min(34, self.viewport.height // 14))
        self.centre_rect = pygame.Rect(0, 0, w, h)
        self.centre_rect.bottomright = (self.viewport.right - 8, self.viewport.bottom - 8)
        if self.state is not None:
            self.camera.frame(self._framed_cells(), glide=False)
        self._static = self._board = None

    def _style(self) -> str:
        return self.board_style(tuple(art.CLOTH))

    def cell_rect(self, cell) -> pygame.Rect:
        return self.camera.cell_rect(cell)

    def _framed_cells(self) -> list:
        cells = list(self.state.board) + list(self.pending)
        if isinstance(self.hint_move, Place):
            cells += list(self.hint_move.cells)
        return cells

    def _human_to_move(self) -> bool:
        s = self.state
        if not self.live or s is None or s.to_move is None:
            return False
        seat = self.seats[s.to_move] if s.to_move < len(self.seats) else None
        return seat is not None and seat.get("kind", "human") == "human"

    def _active(self) -> bool:
        return self.input_enabled and self._human_to_move()

    # --- state and animation ---------------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        super().set_state(state, previous)
        self.held = None
        self.dragging = False
        self.press_pos = None
        self.selected = set()
        self.marked_take = ()
        self._marks_done = None
        self.pending = {}
        self._refresh_pending()
        self.must_pass = (state.phase == "place" and not state.is_over
                          and state.legal_moves() == [PASS])
        self._frontier = frozenset(
            (r + dr, c + dc) for r, c in state.board for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if (r + dr, c + dc) not in state.board)
        confirmed, self._confirmed = self._confirmed, None
        self.anim = None
        last = getattr(state, "last", None)
        if previous is not None and last is not None and self.live:
            self.anim = self._make_animation(state, previous, last, confirmed)
        cells = list(state.board)
        if previous is None:
            self.camera.frame(cells, glide=False)
        elif not self.camera.shows(cells, 1.0):
            self.camera.frame(cells, glide=True)
        if self.live:
            self._announce(state, previous, last)
        self._board = None

    def _make_animation(self, state, previous, last, confirmed):
        player = last["player"]
        if last["kind"] == "place":
            cells = [tuple(c) for c in last["cells"]]
            starts = None
            if confirmed != set(cells):
                hand = list(previous.hands[player])
                starts = []
                for t in last["pieces"]:
                    i = hand.index(t)
                    hand[i] = None
                    starts.append(self.hand_slot_rect(player, i).center)
            travel = 0.4 if starts else 0.05
            return {"kind": "place", "player": player, "cells": cells, "pieces": last["pieces"],
                    "starts": starts, "t": 0.0, "travel": travel, "total": travel + 0.75,
                    "landed": False, "words": last["words"], "points": last["points"]}
        if last["kind"] == "take":
            taken = list(last["taken"])
            hand = list(state.hands[player])
            targets = []
            for t in last["taken_types"]:
                i = hand.index(t)
                hand[i] = None
                targets.append(self.hand_slot_rect(player, i).center)
            return {"kind": "take", "player": player, "old_ring": previous.ring, "taken": taken,
                    "taken_types": list(last["taken_types"]),
                    "kept": [i for i in range(len(previous.ring)) if i not in taken],
                    "targets": targets, "hand_size": self.hand_slot_rect(player, 0).width,
                    "t": 0.0, "travel": 0.55, "total": 0.55}
        return None

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def finish_animation(self) -> None:
        if self.anim is not None:
            self.anim = None
            self._board = None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.camera.update(dt):
            self._board = None
        a = self.anim
        if a is None:
            return
        a["t"] += dt * self.speed
        if a["kind"] == "place" and not a["landed"] and a["t"] >= a["travel"]:
            a["landed"] = True
            self._board = None
            self.sound("place")
        if a["t"] >= a["total"]:
            self.anim = None
            self._board = None

    # --- the pending placement ----------------------------------------------------------
    def _refresh_pending(self) -> None:
        self._board = None
        pieces = [(r, c, t) for (r, c), t in self.pending.items()]
        if not pieces or self.state is None:
            self.pending_words, self.pending_points, self.pending_problem = [], None, None
            return
        s = self.state
        self.pending_words = s.words_for(pieces)
        problem = s.placement_problem(pieces)
        if problem:
            self.pending_problem = self._problem_words(problem, self.pending_words)
            self.pending_points = None
            self.status = f"Not allowed: {self.pending_problem}"
        else:
            self.pending_problem = None
            self.pending_points = s.placement_points(pieces)
            self.status = (f"This placement scores {art.half_text(self.pending_points)}: "
                           f"Confirm (Enter) plays it")

    def _confirm(self):
        if not self.pending:
            self.status = "Nothing to confirm yet: drag pyramids from your hand onto the board"
            return None
        if self.pending_problem:
            self.status = f"Not allowed: {self.pending_problem}"
            return None
        self._confirmed = set(self.pending)
        return Place(tuple(sorted((r, c, t) for (r, c), t in self.pending.items())))

    def _drop(self, cell) -> None:
        held, self.held = self.held, None
        if held["from"] == "pending":
            self.pending.pop(held["cell"], None)
        self.pending[cell] = held["type"]
        self._refresh_pending()

    def recentre(self) -> None:
        self.camera.frame(self._framed_cells(), glide=True)

    # --- input -----------------------------------------------------------------------------
    def handle_event(self, event):
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer = event.pos
            if self.busy:
                self.finish_animation()
            if self.centre_rect.collidepoint(event.pos):
                self.recentre()
                return None
            if not self._active():
                return None
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._right_press(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.panning = None
            return None
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.camera.zoom(1.15 ** max(-4, min(4, event.y)), self.pointer)
            self._board = None
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _motion(self, pos):
        if self.panning is not None:
            self.camera.pan(pos[0] - self.panning[0], pos[1] - self.panning[1])
            self.panning = pos
            self._board = None
        self.pointer = pos
        self.hover = self.camera.cell_at(pos)
        if (self.held is not None and self.press_pos is not None and not self.dragging
                and math.dist(pos, self.press_pos) > DRAG_START):
            self.dragging = True
            self._board = None
        return None

    def _key(self, event):
        if event.key in PAN_KEYS:
            dx, dy = PAN_KEYS[event.key]
            step = max(24, self.camera.cell * 1.5)
            self.camera.pan(dx * step, dy * step)
            self._board = None
        elif event.key in ZOOM_IN or event.key in ZOOM_OUT:
            self.camera.zoom(1.2 if event.key in ZOOM_IN else 1 / 1.2)
            self._board = None
        elif event.key == pygame.K_c:
            self.recentre()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._active():
            if self.state.phase == "place":
                return PASS if self.must_pass else self._confirm()
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.pending:
            self.pending.pop(list(self.pending)[-1])
            self._refresh_pending()
        return None

    def _right_press(self, pos) -> None:
        cell = self.camera.cell_at(pos)
        if self._active() and cell in self.pending:
            self.pending.pop(cell)
            if self.held is not None and self.held.get("cell") == cell:
                self.held = None
            self._refresh_pending()
            if not self.pending:
                self.status = "Piece put back in your hand."
            return
        if self.held is not None:
            self.held = None
            self.dragging = False
            self._board = None
        if self.viewport.collidepoint(pos):
            self.panning = pos

    def _press(self, pos):
        s = self.state
        if s.phase == "take":
            index = self.ring_index_at(pos)
            if index is not None:
                return self._take_click(index)
            need = s.takeable().need
            self.status = (f"Take {counted(need, 'piece')} from the ring first: "
                           f"click your glowing pyramids")
            return None
        if self.live and self.button_rect(s.mover).collidepoint(pos):
            return PASS if self.must_pass else self._confirm()
        if self.must_pass:
            self.status = "No word fits the ring: press Pass"
            return None
        hit = self.hand_index_at(pos)
        if hit is not None:
            return self._press_hand(pos, *hit)
        cell = self.camera.cell_at(pos)
        if cell is None:
            if self.ring_rect.collidepoint(pos):
                self.status = "The ring is the dictionary: your words must appear in it"
            return None
        self.press_pos = pos
        self.dragging = False
        if cell in self.pending:
            if self.held is not None and self.held.get("cell") == cell:
                self.held = None          # a second click lets go
                self._board = None
                return None
            self.held = {"from": "pending", "cell": cell, "type": self.pending[cell]}
            self.status = "Drag it to another cell, or back to your tray; right-click removes it"
            self._board = None
            return None
        if cell in s.board:
            self.status = ("That cell is taken: choose an empty one" if self.held is not None else
                           "Drag a pyramid from your tray onto an empty cell beside the pieces")
            return None
        if self.held is not None:
            self._drop(cell)
            self.press_pos = None
            return None
        self.status = "Pick a pyramid from your tray first, then the cell"
        return None

    def _press_hand(self, pos, player, index):
        s = self.state
        if player != s.mover:
            self.status = (f"That is {PLAYER_NAMES[player]}'s tray: "
                           f"{PLAYER_NAMES[s.mover]} is to move")
            return None
        held, self.held = self.held, None
        if held is not None:
            if held["from"] == "pending":          # a click on the tray puts it back
                self.pending.pop(held["cell"], None)
                self._refresh_pending()
                return None
            if index is None or held.get("slot") == index:
                self._board = None
                return None
        if index is None:
            return None
        piece = self.hand_shown(player)[index]
        self.held = {"from": "hand", "type": piece, "slot": index}
        self.press_pos = pos
        self.dragging = False
        self.status = (f"{type_words(piece).capitalize()} pyramid: drop it on an empty cell "
                       f"beside the pieces")
        return None

    def _release(self, pos):
        if self.held is None or not self.dragging:
            self.press_pos = None
            return None
        self.dragging = False
        self.press_pos = None
        held = self.held
        s = self.state
        hit = self.hand_index_at(pos)
        if hit is not None and hit[0] == s.mover:
            self.held = None
            if held["from"] == "pending":
                self.pending.pop(held["cell"], None)
                self._refresh_pending()
                if not self.pending:
                    self.status = "Piece put back in your tray."
            self._board = None
            return None
        cell = self.camera.cell_at(pos)
        free = cell is not None and cell not in s.board and (
            cell not in self.pending or cell == held.get("cell"))
        if free:
            self._drop(cell)
        else:
            self.held = None          # it goes back where it came from
            self._board = None
            if cell is not None and cell in s.board:
                self.status = "That cell is taken: drop the pyramid on an empty one"
        return None

    def _take_click(self, index):
        s = self.state
        info = s.takeable()
        piece = s.ring[index]
        if colour_of(piece) != s.mover:
            self.status = (f"Not allowed: ring piece {index} is "
                           f"{PLAYER_NAMES[colour_of(piece)]}'s; take your own colour")
            return None
        if index in info.last:
            self.status = (f"Not allowed: ring piece {index} is the last {type_words(piece)}: "
                           f"it must stay in the ring")
            return None
        if index in self.selected:
            self.selected.discard(index)
            self.status = f"Ring piece {index} put back"
            return None
        same = sum(1 for i in self.selected if s.ring[i] == piece) + 1
        if same > info.limits[piece]:
            self.status = (f"Not allowed: only {info.limits[piece]} {type_words(piece)} "
                           f"may be taken; the last one must stay")
            return None
        self.selected.add(index)
        if len(self.selected) >= info.need:
            return Take(tuple(sorted(self.selected)))
        left = info.need - len(self.selected)
        self.status = f"Ring piece {index} chosen: take {left} more"
        return None

    def cancel_input(self) -> bool:
        self.dragging = False
        self.press_pos = None
        self.panning = None
        if self.held is not None:
            self.held = None
            self._board = None
            return True
        if self.pending:
            self.pending = {}
            self._refresh_pending()
            self.status = "Placement taken back to the tray."
            return True
        if self.selected:
            self.selected = set()
            return True
        return False

    def show_hint(self, move) -> None:
        super().show_hint(move)
        if isinstance(move, Place) and not self.camera.shows(move.cells, 0.5):
            self.camera.frame(self._framed_cells(), glide=True)
        self._board = None

    # --- rules diagrams --------------------------------------------------------------------
    def _apply_marks(self) -> None:
        if not self.marks or self._marks_done is self.state:
            return
        self._marks_done = self.state
        for mark in self.marks:
            try:
                move = self.spec.parse_move(self.state, str(mark))
            except ValueError:
                continue
            if isinstance(move, Place):
                self.pending = {(r, c): t for r, c, t in move.pieces}
                self._refresh_pending()
                self.camera.frame(self._framed_cells(), glide=False)
            elif isinstance(move, Take):
                self.marked_take = move.indices

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.state is None:
            return
        self._apply_marks()
        surface.blit(self._static_layer(), self.rect.topleft)
        surface.blit(self._board_layer(), self.viewport.topleft)
        clip = surface.get_clip()
        surface.set_clip(self.viewport.clip(clip))
        self._draw_board_marks(surface)
        self._draw_landing(surface)
        surface.set_clip(clip)
        pygame.draw.rect(surface, (38, 28, 20), self.viewport.inflate(6, 6), 3, border_radius=6)
        if self.live:
            art.button(surface, self.centre_rect, "Centre (C)", True, False,
                       self.centre_rect.collidepoint(self.pointer))
            room = self.centre_rect.x - self.viewport.x - 16
            for words in ("Right-drag or arrow keys: move the board   Wheel: zoom",
                          "Right-drag: move   Wheel: zoom"):
                tip = art.label(words, 13, MUTED)
                if tip.get_width() <= room:
                    surface.blit(tip, tip.get_rect(bottomleft=(self.viewport.x + 8,
                                                               self.viewport.bottom - 6)))
                    break
        for player in (0, 1):
            self._draw_tray(surface, player)
        self._draw_ring(surface)
        self._draw_flights(surface)
        self._draw_held(surface)
        super().draw(surface)

    def _static_layer(self) -> pygame.Surface:
        key = (tuple(self.rect), self.ring_slot, self._style())
        if self._static is not None and self._static_key == key:
            return self._static
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        offset = self.rect.topleft
        for player in (0, 1):
            self._draw_tray_box(layer, self.trays[player], player, offset)
        pygame.draw.rect(layer, (0, 0, 0, 100), self.viewport.move(-offset[0] + 4, -offset[1] + 6),
                         border_radius=6)
        self._draw_ring_panel(layer, offset)
        self._static, self._static_key = layer, key
        return layer
