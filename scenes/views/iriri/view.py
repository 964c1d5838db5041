"""Iriri's table: an unbounded cloth for the words, the ring beside it, and a
tray of pyramids in front of each player (Blue above, Yellow below).

Placing: drag pyramids from your tray onto cells (or click one, then a
cell).  They stay pending, see-through, until Confirm (or Enter) plays them;
meanwhile every word they form is outlined, the ring run it matches glows in
the same colour, and the status line gives the score or the word that fails.
Drag a pending piece elsewhere or back to the tray, or right-click it off.
Taking: click your own glowing pyramids on the ring.  The board pans with a
right-button drag or the arrow keys, zooms with the wheel (or + and -), and
C (or the Centre button) brings the pieces back into view.  From the keyboard,
the cursor stays in the middle of the board and the arrows slide the board
under it; Tab goes to the tray (its pyramids and Confirm) and the ring.

``IririView`` holds the parts of the table, each owning its layout, caches and
drawing: the ``board`` (the viewport and its camera), the ``ring`` and the
``trays``.  The view owns what the player is doing (the ``placement`` being
built, the ring pieces ``selected`` to take) and the animation of the last
move; it routes input to the parts, turns it into moves and hands each part
what it needs to draw.
"""

from __future__ import annotations

import math

import pygame

from game.i18n import _, ngettext, number
from game.iriri import PASS, PLAYER_NAMES, Place, Take, colour_of

from . import art, words
from ..base import BoardView
from ..cursor import Area
from ..drawing import MARKS
from ..palette import current
from .board import Board
from .placement import Placement, empty_slot
from .ring import Ring
from .trays import Trays
from .words import points_text, pyramid_words, side_word

DRAG_START = 6          # pixels the pointer moves before a press becomes a drag
ZOOM_IN = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT = (pygame.K_MINUS, pygame.K_KP_MINUS)


class IririView(BoardView):

    def seat_marks(self) -> tuple:
        """Yellow's and Blue's marks, as their pyramids carry them."""
        return tuple((MARKS[name.lower()],) for name in PLAYER_NAMES)

    @classmethod
    def side_names(cls, variant=None) -> tuple:
        return side_word(0), side_word(1)

    @property
    def player_colours(self) -> tuple:
        """Yellow's and Blue's colours, in the palette in use."""
        return art.player_rgb()

    def __init__(self, app, spec, seats=None, variant=None):
        # Rules diagrams and the results screen pass no seats: nothing there is played.
        self.live = seats is not None
        super().__init__(app, spec, seats, variant)
        self.board = Board()
        self.ring = Ring()
        self.trays = Trays(self.seats, self.live)
        self.placement = Placement()
        self.pointer = (0, 0)
        self.selected: set = set()  # ring indices picked in the take phase
        self.marked_take = ()       # ring indices a rules diagram points at
        self._marks_done = None
        self.must_pass = False
        self.anim = None
        self._confirmed = None      # cells of a placement confirmed here: no flight to show
        self._static = self._static_key = None

    # --- layout ------------------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        rect = self.rect
        gap = max(8, rect.width // 90)
        ring_w = int(max(170, min(rect.width * 0.34, rect.height * 0.42)))
        board_w = rect.width - ring_w - gap
        tray_h = int(max(60, min(112, rect.height * 0.15)))
        self.trays.layout([pygame.Rect(rect.x, rect.bottom - tray_h, board_w, tray_h),  # Yellow
                           pygame.Rect(rect.x, rect.y, board_w, tray_h)])                # Blue
        self.board.layout(pygame.Rect(rect.x, rect.y + tray_h + gap, board_w,
                                      rect.height - 2 * (tray_h + gap)))
        self.ring.layout(pygame.Rect(rect.x + board_w + gap, rect.y, ring_w, rect.height))
        if self.state is not None:
            self.board.camera.frame(self._framed_cells(), glide=False)
        self._static = None

    def _style(self) -> str:
        return self.board_style(tuple(art.CLOTH))

    def _framed_cells(self) -> list:
        cells = list(self.state.board) + list(self.placement.pieces)
        if isinstance(self.hint_move, Place):
            cells += list(self.hint_move.cells)
        return cells

    def _human_to_move(self) -> bool:
        s = self.state
        if not self.live or s is None or s.to_move is None:
            return False
        seat = self.seats[s.to_move] if s.to_move < len(self.seats) else None
        return seat is not None and seat.get("kind", "human") == "human"

    def can_act(self) -> bool:
        return self.input_enabled and self._human_to_move()

    def hand_shown(self, player) -> list:
        """The pieces a tray shows, slot by slot: the hand with None in the slots of what
        is pending or held from it.  The other pieces keep their slots until the placement
        is played or taken back, so the next drag finds each pyramid where it was."""
        s = self.state
        p = self.placement
        hand = list(s.hands[player])
        if player == s.mover and not s.is_over:
            hand = p.hand_shown(hand)
            a = self.anim
            if a is not None and a["kind"] == "take" and a["player"] == player:
                for t in a["taken_types"]:
                    empty_slot(hand, t)
        return hand

    def _hand_at(self, pos):
        """(player, slot index) of a hand piece under ``pos``; index None on an empty spot."""
        player = self.trays.player_at(pos)
        if player is None:
            return None
        shown = self.hand_shown(player)
        index = self.trays.slot_at(player, pos, len(shown))
        return player, None if index is None or shown[index] is None else index

    def _take_looks(self) -> tuple:
        """(takeable indices, last-of-a-type indices) to show on the ring, or empty sets."""
        s = self.state
        if s.is_over or s.phase != "take" or (self.live and not self._human_to_move()):
            return set(), set()
        info = s.takeable()
        # a rules diagram greys the last pieces but does not make the others pulse
        return set(info.indices) if self.live else set(), set(info.last)

    # --- state and animation ---------------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        super().set_state(state, previous)
        self.placement.clear()
        self.selected = set()
        self.marked_take = ()
        self._marks_done = None
        self._refresh_pending()
        self.must_pass = (state.phase == "place" and not state.is_over
                          and state.legal_moves() == [PASS])
        self.board.show(state)
        confirmed, self._confirmed = self._confirmed, None
        self.anim = None
        last = getattr(state, "last", None)
        if previous is not None and last is not None and self.live:
            self.anim = self._make_animation(state, previous, last, confirmed)
        cells = list(state.board)
        if previous is None:
            self.board.camera.frame(cells, glide=False)
        elif not self.board.camera.shows(cells, 1.0):
            self.board.camera.frame(cells, glide=True)
        if self.live:
            self._announce(state, previous, last)
        self.board.changed()

    def _announce(self, state, previous, last) -> None:
        human = self._human_to_move()
        if state.is_over and previous is not None:
            self.sound("end")
        for text, colour, seconds, small in words.news(state, previous, last, self.must_pass,
                                                       human):
            self.announce(text, colour, seconds, small=small)
        if self.must_pass and human:
            self.status = _("{side} cannot make any word: press Pass (or Enter)").format(
                side=side_word(state.mover))

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
                    starts.append(self.trays.slot_rect(player, i).center)
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
                targets.append(self.trays.slot_rect(player, i).center)
            return {"kind": "take", "player": player, "old_ring": previous.ring, "taken": taken,
                    "taken_types": list(last["taken_types"]),
                    "kept": [i for i in range(len(previous.ring)) if i not in taken],
                    "targets": targets, "hand_size": self.trays.slot_rect(player, 0).width,
                    "t": 0.0, "travel": 0.55, "total": 0.55}
        return None

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def finish_animation(self) -> None:
        if self.anim is not None:
            self.anim = None
            self.board.changed()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)
        a = self.anim
        if a is None:
            return
        a["t"] += dt * self.speed
        if a["kind"] == "place" and not a["landed"] and a["t"] >= a["travel"]:
            a["landed"] = True
            self.board.changed()
            self.sound("place")
        if a["t"] >= a["total"]:
            self.anim = None
            self.board.changed()

    def wants_frames(self) -> bool:
        return self.board.gliding or super().wants_frames()

    # --- the pending placement ----------------------------------------------------------
    def _refresh_pending(self) -> None:
        self.board.changed()
        p = self.placement
        p.check(self.state)
        if not p.pieces or self.state is None:
            return
        if p.problem:
            self.status = _("Not allowed: {problem}").format(problem=p.problem)
        else:
            self.status = _("This placement scores {points}: Confirm (Enter) plays it").format(
                points=points_text(p.points))

    def _confirm(self):
        p = self.placement
        if not p.pieces:
            self.status = _("Nothing to confirm yet: drag pyramids from your hand onto the "
                            "board, or arrows, Tab and Enter")
            return None
        if p.problem:
            self.status = _("Not allowed: {problem}").format(problem=p.problem)
            return None
        self._confirmed = set(p.pieces)
        return p.move()

    def _drop(self, cell) -> None:
        self.placement.drop(cell)
        self._refresh_pending()

    def recentre(self) -> None:
        self.board.camera.frame(self._framed_cells(), glide=True)

    # --- input -----------------------------------------------------------------------------
    def on_motion(self, pos):
        self.board.track(pos)
        p = self.placement
        if (p.held is not None and p.press_pos is not None and not p.dragging
                and math.dist(pos, p.press_pos) > DRAG_START):
            p.dragging = True
            self.board.changed()

    def on_press(self, pos):
        if self.board.centre_rect.collidepoint(pos):
            self.recentre()
            return None
        if not self.can_act():
            return None
        return self._press(pos)

    def on_right_release(self, pos):
        self.board.end_pan()

    def on_wheel(self, steps):
        self.board.zoom(1.15 ** max(-4, min(4, steps)), self.pointer)

    def on_key(self, event):
        p = self.placement
        if event.key in ZOOM_IN or event.key in ZOOM_OUT:
            self.board.zoom(1.2 if event.key in ZOOM_IN else 1 / 1.2)
        elif event.key == pygame.K_c:
            self.recentre()
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and p.pieces:
            p.remove(list(p.pieces)[-1])
            self._refresh_pending()
        return None

    # --- the keyboard's cursor ------------------------------------------------------------
    def key_areas(self) -> list:
        """The board (the cell in the middle of the view: the arrows slide the board
        under it, as it has no edges), the mover's tray with its Confirm or Pass button,
        and the ring, whose glowing pyramids are taken with Enter."""
        s = self.state
        if not self.live or s is None or s.is_over:
            return []
        board, trays, ring = self.board, self.trays, self.ring
        mover = s.mover
        areas = [Area("board", (self._middle_cell(),), board.cell_rect, geometry="scroll",
                      frame=board.viewport, scroll=self._slide)]
        spots = tuple(i for i, piece in enumerate(self.hand_shown(mover)) if piece is not None)
        if self._human_to_move() and s.phase == "place":
            spots += ("button",)
        if spots:
            areas.append(Area("tray", spots, lambda spot: trays.button_rect(mover)
                              if spot == "button" else trays.slot_rect(mover, spot),
                              home=spots[0], frame=trays.rects[mover]))
        n = len(s.ring)
        home = None
        if s.phase == "take":
            home = next(iter(sorted(s.takeable().indices)), None)
        areas.append(Area("ring", tuple(range(n)), lambda i: ring.piece_rect(i, n),
                          geometry="ring", home=home, frame=ring.rect))
        return areas

    def key_home(self) -> str:
        return "ring" if self.state.phase == "take" else "board"

    def key_holding(self) -> bool:
        return self.placement.held is not None

    def key_unseen(self):
        """Enter before the cursor is shown confirms the placement (or passes), as it
        always has; with nothing to confirm it shows the cursor."""
        s = self.state
        if self.can_act() and s.phase == "place" and (self.must_pass or self.placement.pieces):
            return PASS if self.must_pass else self._confirm()
        return super().key_unseen()

    def key_choose(self, area, spot, pos):
        """Enter where the cursor is, as a click there; on an empty cell of the board with
        nothing in hand it confirms the placement (or passes) instead."""
        s, p = self.state, self.placement
        if (area == "board" and self.can_act() and s.phase == "place" and p.held is None
                and spot not in s.board and spot not in p.pieces
                and (p.pieces or self.must_pass)):
            return PASS if self.must_pass else self._confirm()
        return super().key_choose(area, spot, pos)

    def _middle_cell(self):
        return self.board.cell_at(self.board.viewport.center)

    def _slide(self, dx: int, dy: int) -> None:
        """An arrow on the board: the board slides so that the cell ``dx, dy`` from the
        middle one comes to the middle, under the cursor."""
        camera = self.board.camera
        row, col = self._middle_cell()
        camera.pan((camera.x - (col + dx + 0.5)) * camera.cell if dx else 0,
                   (camera.y - (row + dy + 0.5)) * camera.cell if dy else 0)
        self.board.changed()

    def on_right_press(self, pos) -> None:
        p = self.placement
        cell = self.board.cell_at(pos)
        if self.can_act() and cell in p.pieces:
            p.remove(cell)
            if p.held is not None and p.held.get("cell") == cell:
                p.held = None
            self._refresh_pending()
            if not p.pieces:
                self.status = _("Piece put back in your hand.")
            return
        if p.held is not None:
            p.held = None
            p.dragging = False
            self.board.changed()
        self.board.start_pan(pos)

    def _press(self, pos):
        s = self.state
        p = self.placement
        if s.phase == "take":
            index = self.ring.index_at(pos, len(s.ring))
            if index is not None:
                return self._take_click(index)
            need = s.takeable().need
            self.status = ngettext("Take {n} piece from the ring first: click your glowing "
                                   "pyramids, or arrows and Enter",
                                   "Take {n} pieces from the ring first: click your glowing "
                                   "pyramids, or arrows and Enter", need).format(n=number(need))
            return None
        if self.live and self.trays.button_rect(s.mover).collidepoint(pos):
            return PASS if self.must_pass else self._confirm()
        if self.must_pass:
            self.status = _("No word fits the ring: press Pass (or Enter)")
            return None
        hit = self._hand_at(pos)
        if hit is not None:
            return self._press_hand(pos, *hit)
        cell = self.board.cell_at(pos)
        if cell is None:
            if self.ring.rect.collidepoint(pos):
                self.status = _("The ring is the dictionary: your words must appear in it")
            return None
        p.press_pos = pos
        p.dragging = False
        if cell in p.pieces:
            if p.held is not None and p.held.get("cell") == cell:
                p.held = None             # a second click lets go
                self.board.changed()
                return None
            p.held = {"from": "pending", "cell": cell, "type": p.pieces[cell]}
            self.status = _("Drag it to another cell, or back to your tray; right-click "
                            "removes it")
            self.board.changed()
            return None
        if cell in s.board:
            self.status = (_("That cell is taken: choose an empty one") if p.held is not None
                           else _("Drag a pyramid from your tray onto an empty cell beside the "
                                  "pieces, or arrows, Tab and Enter"))
            return None
        if p.held is not None:
            self._drop(cell)
            p.press_pos = None
            return None
        self.status = _("Pick a pyramid from your tray first, then the cell (click, or Tab, "
                        "arrows and Enter)")
        return None

    def _press_hand(self, pos, player, index):
        s = self.state
        p = self.placement
        if player != s.mover:
            self.status = _("That is {side}'s tray: {mover} is to move").format(
                side=side_word(player), mover=side_word(s.mover))
            return None
        held, p.held = p.held, None
        if held is not None:
            if held["from"] == "pending":          # a click on the tray puts it back
                p.remove(held["cell"])
                self._refresh_pending()
                return None
            if index is None or held.get("slot") == index:
                self.board.changed()
                return None
        if index is None:
            return None
        piece = self.hand_shown(player)[index]
        p.held = {"from": "hand", "type": piece, "slot": index}
        p.press_pos = pos
        p.dragging = False
        pyramid = pyramid_words(piece)
        self.status = _("{pyramid}: drop it on an empty cell beside the pieces (click, or "
                        "arrows and Enter)").format(pyramid=pyramid[:1].upper() + pyramid[1:])
        return None

    def on_release(self, pos):
        p = self.placement
        if p.held is None or not p.dragging:
            p.press_pos = None
            return None
        p.dragging = False
        p.press_pos = None
        held = p.held
        s = self.state
        hit = self._hand_at(pos)
        if hit is not None and hit[0] == s.mover:
            p.held = None
            if held["from"] == "pending":
                p.remove(held["cell"])
                self._refresh_pending()
                if not p.pieces:
                    self.status = _("Piece put back in your tray.")
            self.board.changed()
            return None
        cell = self.board.cell_at(pos)
        free = cell is not None and cell not in s.board and (
            cell not in p.pieces or cell == held.get("cell"))
        if free:
            self._drop(cell)
        else:
            p.held = None             # it goes back where it came from
            self.board.changed()
            if cell is not None and cell in s.board:
                self.status = _("That cell is taken: drop the pyramid on an empty one")
        return None

    def _take_click(self, index):
        s = self.state
        info = s.takeable()
        piece = s.ring[index]
        if colour_of(piece) != s.mover:
            self.status = _("Not allowed: ring piece {place} is {side}'s; take your own "
                            "colour").format(place=index, side=side_word(colour_of(piece)))
            return None
        if index in info.last:
            self.status = _("Not allowed: ring piece {place} is the last {pyramid}: it must "
                            "stay in the ring").format(place=index, pyramid=pyramid_words(piece))
            return None
        if index in self.selected:
            self.selected.discard(index)
            self.status = _("Ring piece {place} put back").format(place=index)
            return None
        same = sum(1 for i in self.selected if s.ring[i] == piece) + 1
        if same > info.limits[piece]:
            n = info.limits[piece]
            self.status = ngettext("Not allowed: only {n} piece like this one ({pyramid}) may be "
                                   "taken; the last one must stay",
                                   "Not allowed: only {n} pieces like this one ({pyramid}) may "
                                   "be taken; the last one must stay", n).format(
                n=number(n), pyramid=pyramid_words(piece))
            return None
        self.selected.add(index)
        if len(self.selected) >= info.need:
            return Take(tuple(sorted(self.selected)))
        left = info.need - len(self.selected)
        self.status = ngettext("Ring piece {place} chosen: take {n} more",
                               "Ring piece {place} chosen: take {n} more", left).format(
            place=index, n=number(left))
        return None

    def cancel_input(self) -> bool:
        p = self.placement
        p.dragging = False
        p.press_pos = None
        self.board.end_pan()
        if p.held is not None:
            p.held = None
            self.board.changed()
            return True
        if p.pieces:
            p.clear()
            self._refresh_pending()
            self.status = _("Placement taken back to the tray.")
            return True
        if self.selected:
            self.selected = set()
            return True
        return False

    def show_hint(self, move) -> None:
        super().show_hint(move)
        if isinstance(move, Place) and not self.board.camera.shows(move.cells, 0.5):
            self.board.camera.frame(self._framed_cells(), glide=True)
        self.board.changed()

    # --- what the view says --------------------------------------------------------------
    def prompt(self, state, name) -> str:
        return words.prompt(state, name, state is self.state and self.must_pass)

    def describe_move(self, state, move) -> str:
        return words.describe_move(self.spec, state, move)

    def hint_words(self, state, move) -> str:
        return words.hint_words(self.spec, state, move)

    def hinted_slots(self) -> tuple:
        """The slots of the mover's tray holding pyramids the Hint button's move plays
        and not yet put on its cells."""
        hint, s = self.hint_move, self.state
        if not isinstance(hint, Place) or s is None or s.is_over:
            return ()
        wanted = [t for r, c, t in hint.pieces if self.placement.pieces.get((r, c)) != t]
        slots = []
        for i, piece in enumerate(self.hand_shown(s.mover)):
            if piece is not None and piece in wanted:
                wanted.remove(piece)
                slots.append(i)
        return tuple(slots)

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
                self.placement.clear()
                self.placement.pieces = {(r, c): t for r, c, t in move.pieces}
                self._refresh_pending()
                self.board.camera.frame(self._framed_cells(), glide=False)
            elif isinstance(move, Take):
                self.marked_take = move.indices

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.state is None:
            return
        self._apply_marks()
        s = self.state
        p = self.placement
        a = self.anim
        human = self._human_to_move()
        surface.blit(self._static_layer(), self.rect.topleft)
        self.board.draw(surface, s, p, self.hint_move, a, self._style(), self.show_hints())
        if self.live:
            self.board.draw_controls(surface, self.pointer)
        self.trays.draw(surface, s, p, [self.hand_shown(0), self.hand_shown(1)], human=human,
                        must_pass=self.must_pass, pointer=self.pointer,
                        hinted=self.hinted_slots())
        takeable, last = self._take_looks()
        self.ring.draw(surface, s, p, anim=a, hint=self.hint_move, takeable=takeable, last=last,
                       selected=self.selected, marked=self.marked_take,
                       explain_take=human or not self.live)
        if a is not None and a["kind"] == "place":
            self.board.draw_flights(surface, a, self.trays.slot_rect(a["player"], 0).width)
        self.board.draw_held(surface, p, self.pointer, self.trays.slot_rect(0, 0).width)
        super().draw(surface)

    def _static_layer(self) -> pygame.Surface:
        key = (tuple(self.rect), self.ring.slot, self._style(), current())
        if self._static is not None and self._static_key == key:
            return self._static
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        offset = self.rect.topleft
        self.trays.draw_boxes(layer, offset)
        self.board.draw_shadow(layer, offset)
        self.ring.draw_panel(layer, offset)
        self._static, self._static_key = layer, key
        return layer
