"""Calabria's army trays, one beside each long edge of the board.

A tray holds a header line (the side, its player, what they do now and the
counters that matter), the stack of barricades in reserve, and either the
pieces still to be placed (positioning) or the enemy pieces taken
(movement).  ``Trays`` owns where the trays and everything in them lie, finds
what the pointer is over, and draws the trays for the state, the held thing
and the running animation the view hands it.
"""

from __future__ import annotations

import pygame

from game.calabria import DUX, PIECE
from game.i18n import _, isolated, ngettext, number

from ... import assets
from . import art
from ..base import GOLD, INK, pulse, says_side
from ..drawing import PILL_TEXT, blend_rect, count_pill, label
from .words import hand_words, side_word

DEPTH = 1.5     # a tray's depth, in cells
GAP = 0.16      # between a tray and the board's frame, in cells


def _dim(colour, k):
    return tuple(max(0, min(255, int(v * k))) for v in colour)


class Trays:
    """The two trays: ``rects[0]`` the Romans' below the board, ``rects[1]`` the
    Gladiators' above it; none where the view shows the board alone."""

    def __init__(self, shown: bool):
        self.shown = shown
        self.cell = 40
        self.rects: list[pygame.Rect] = []

    @property
    def room(self) -> float:
        """Cells the trays take above and below the board's frame."""
        return DEPTH + GAP if self.shown else 0.0

    def layout(self, frame: pygame.Rect, cell: int, turned: bool = False) -> None:
        """Lay the trays along the long edges of the board's ``frame``: the Romans' below
        it, or above it on a board ``turned`` for the Gladiators."""
        self.cell = cell
        self.rects = []
        if self.shown:
            th, tg = int(cell * DEPTH), int(cell * GAP)
            f = frame
            self.rects = [pygame.Rect(f.x, f.bottom + tg, f.width, th),   # Romans, below
                          pygame.Rect(f.x, f.top - tg - th, f.width, th)]  # Gladiators, above
            if turned:
                self.rects.reverse()

    # --- where things are --------------------------------------------------------------
    def _header_rect(self, side) -> pygame.Rect:
        t = self.rects[side]
        return pygame.Rect(t.x + self.cell // 5, t.y + 2, t.width - 2 * (self.cell // 5),
                           int(self.cell * 0.42))

    def supply_rect(self, side) -> pygame.Rect:
        """The well of a side's barricades in reserve."""
        t = self.rects[side]
        c = self.cell
        top = t.y + int(c * 0.44)
        return pygame.Rect(t.x + c // 5, top, int(c * 1.45), t.bottom - top - c // 10)

    def _hand_area(self, side) -> pygame.Rect:
        s = self.supply_rect(side)
        t = self.rects[side]
        return pygame.Rect(s.right + self.cell // 4, s.y, t.right - s.right - self.cell // 2,
                           s.height)

    def slot_rect(self, side, index) -> pygame.Rect:
        """Slot ``index`` of a hand: 0 holds the Dux, 1-12 the pieces."""
        area = self._hand_area(side)
        w = area.width / 13
        return pygame.Rect(int(area.x + index * w), area.y, int(w), area.height)

    def hand_at(self, pos, state):
        """(side, "V"/"D") of a piece waiting in a tray under ``pos``, or None;
        (side, None) over an empty part of a hand."""
        s = state
        if not self.rects or s is None or s.phase != "positioning":
            return None
        for side in (0, 1):
            if not self._hand_area(side).collidepoint(pos):
                continue
            pieces, dux = s.in_hand[side]
            for index in range(13):
                if self.slot_rect(side, index).collidepoint(pos):
                    if index == 0 and dux:
                        return side, "D"
                    if 1 <= index <= pieces:
                        return side, "V"
            return side, None
        return None

    def supply_at(self, pos):
        """The side whose barricade stack is under ``pos``, or None."""
        for side, _ in enumerate(self.rects):
            if self.supply_rect(side).collidepoint(pos):
                return side
        return None

    # --- what they show ----------------------------------------------------------------
    def trophy_count(self, state, side, anim) -> int:
        """How many enemy pieces ``side`` has taken, as its tray shows them: a piece
        taken in the running animation ``anim`` joins the tray once it has gone."""
        foe = 1 - side
        taken = 12 - state.board.count(PIECE[foe]) - state.in_hand[foe][0]
        return taken - self._taking(side, anim).count(PIECE[foe])

    @staticmethod
    def _taking(side, anim) -> list:
        return anim.taking(side) if anim is not None else []

    def _dux_taken(self, state, side, anim) -> bool:
        s = state
        foe = 1 - side
        return (s.phase == "movement" and DUX[foe] not in s.board
                and DUX[foe] not in self._taking(side, anim))

    # --- drawing -----------------------------------------------------------------------
    def draw_boxes(self, layer, origin) -> None:
        """The empty trays, into the table's cached ``layer`` whose corner is ``origin``."""
        ox, oy = origin
        for side, tray in enumerate(self.rects):
            self._draw_box(layer, tray.move(-ox, -oy), side, origin)

    def _draw_box(self, layer, tray, side, origin) -> None:
        """A wooden tray lined with felt in the army's colour."""
        radius = max(4, self.cell // 7)
        pygame.draw.rect(layer, (0, 0, 0, 110), tray.move(4, 6), border_radius=radius)
        wood = assets.tiled("wood.png", tray.size, tile=max(128, tray.width // 3))
        box = pygame.Surface(tray.size, pygame.SRCALPHA)
        box.blit(wood, (0, 0))
        mask = pygame.Surface(tray.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        box.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        inset = max(3, self.cell // 12)
        felt_rect = box.get_rect().inflate(-2 * inset, -2 * inset)
        felt_rect.top += int(self.cell * 0.38)
        felt_rect.height -= int(self.cell * 0.38) - inset // 2
        felt = art.schemes()[side]["dark"]
        pygame.draw.rect(box, _dim(felt, 0.7), felt_rect, border_radius=radius // 2)
        # the felt lies below the rim: a shadow along its top and left
        blend_rect(box, (0, 0, 0, 90), felt_rect, max(2, inset // 2), radius // 2)
        blend_rect(box, (255, 230, 190, 60), (felt_rect.x + radius // 2, felt_rect.bottom - 1,
                                                  felt_rect.width - radius, 1))
        blend_rect(box, (255, 235, 200, 70), box.get_rect(), 2, radius)
        layer.blit(box, tray.topleft)
        # the barricade stack sits in its own little well
        s = self.supply_rect(side).move(-origin[0], -origin[1])
        blend_rect(layer, (0, 0, 0, 70), s.inflate(-4, -4), 0, radius // 2)

    def draw(self, surface, state, *, seats, colours, held, enabled, warnings, anim) -> None:
        """What lies in the trays now.  ``held`` is what the player holds (it is not in
        the tray), ``enabled`` whether the player may act, ``warnings`` the counters
        shown beside the side to move and ``anim`` the running animation, if any."""
        for side in range(len(self.rects)):
            self._draw_tray(surface, state, side, seats, colours[side], held, enabled, warnings,
                            anim)

    def _draw_tray(self, surface, state, side, seats, colour, held, enabled, warnings,
                   anim) -> None:
        s = state
        c = self.cell
        header = self._header_rect(side)
        size = max(12, int(c * 0.27))
        turn = s.to_move == side
        side_name = side_word(side)
        name = seats[side]["name"] if side < len(seats) else side_name
        x = header.x
        if turn and not s.is_over:
            dot = max(3, int(c * 0.07))
            pygame.draw.circle(surface, colour, (x + dot, header.centery),
                               dot * (0.8 + 0.35 * pulse()))
            x += dot * 3
        if s.is_over:
            # TRANSLATORS: over the tray of the side that won, or of both after a draw
            doing = (_("win") if s.winner == side
                     else (_("draw") if s.winner is None else ""))
        elif s.phase == "positioning":
            pieces, dux = s.in_hand[side]
            # TRANSLATORS: {hand} is "9 pieces and the Dux", "1 piece", "the Dux"
            doing = (_("places next - {hand} in hand") if turn
                     else _("{hand} in hand")).format(hand=hand_words(pieces, dux))
        else:
            doing = _("to move") if turn else ""
        # A long name is shortened so that what the side is doing keeps its room.
        room = header.right - x
        if doing:
            room -= assets.measure(doing, size, turn) + c // 4
        if turn and warnings:
            room -= assets.measure(warnings, size, True) + c // 4
        words = side_name.upper()
        if not says_side(name, side_name):
            # TRANSLATORS: a side's title over its tray: "ROMANS  Ann"
            words = assets.fitted(_("{side}  {name}").format(side=words, name="{name}"),
                                  name, size, room, True)
        title = label(words, size, colour, True)
        where = title.get_rect(midleft=(x, header.centery))
        surface.blit(title, where)
        assets.record(surface, where, words)
        x += title.get_width() + c // 4
        if doing:
            img = label(doing, size, INK if turn else (200, 184, 160), turn)
            where = img.get_rect(midleft=(x, header.centery))
            surface.blit(img, where)
            assets.record(surface, where, doing)
        if turn and warnings:
            img = label(warnings, size, (255, 170, 110), True)
            where = img.get_rect(midright=(header.right, header.centery))
            surface.blit(img, where)
            assets.record(surface, where, warnings)
        self._draw_supply(surface, s, side, held, enabled)
        if s.phase == "positioning":
            self._draw_hand(surface, s, side, held, enabled)
        else:
            self._draw_trophies(surface, s, side, anim)

    def _draw_supply(self, surface, state, side, held, enabled) -> None:
        s, c = state, self.cell
        rect = self.supply_rect(side)
        left = s.barricades_left[side]
        if held == ("barricade",) and side == s.mover:
            left -= 1    # it is in the player's hand
        stack, size, step = self._stack_place(side, s.barricades_left[side])
        for k in range(left):
            img = art.barricade(side, size)
            surface.blit(img, img.get_rect(center=(stack.x + size / 2 + k * step[0],
                                                   stack.bottom - size / 2 - k * step[1])))
        usable = (side == s.mover and s.phase == "movement" and not s.is_over and
                  s.barricades_left[side] and enabled)
        pill, tag = self._count_pill(side, s.barricades_left[side], usable)
        surface.blit(pill, tag)
        if usable and held is None:
            glow = int(60 + 100 * pulse(1.6))
            frame = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(frame, (*GOLD, glow), frame.get_rect(), 2, border_radius=6)
            surface.blit(frame, rect.topleft)

    def _count_pill(self, side, count: int, usable: bool = False):
        """(picture, rectangle) of the count of ``side``'s barricades: a pill in the
        bottom right corner of their well."""
        rect = self.supply_rect(side)
        pill = count_pill(number(count), max(PILL_TEXT, int(self.cell * 0.24)),
                          GOLD if usable else (150, 130, 110))
        return pill, pill.get_rect(bottomright=(rect.right - 2, rect.bottom - 2))

    def _stack_place(self, side, count: int):
        """(the rectangle the stack of ``count`` barricades fills, a barricade's size, the
        step from one to the next): in the well, left of the count's pill."""
        rect, c = self.supply_rect(side), self.cell
        tag = self._count_pill(side, count)[1]
        room = pygame.Rect(rect.x + 2, rect.y + 2, tag.x - 3 - rect.x, rect.height - 4)
        step = (c * 0.08, c * 0.07)
        spread = max(0, count - 1)
        size = int(max(8, min(room.height - spread * step[1], c * 0.9,
                              room.width - spread * step[0])))
        stack = pygame.Rect(0, 0, int(size + spread * step[0]), int(size + spread * step[1]))
        stack.center = room.center
        return stack, size, step

    def badges(self, state) -> list:
        """Where each barricade count lies, as ``(pill, its well, the stack)`` rectangles
        on the screen and the pill's picture (the drawing puts them exactly there)."""
        found = []
        for side in range(len(self.rects)):
            count = state.barricades_left[side]
            usable = (side == state.mover and state.phase == "movement" and not state.is_over
                      and count > 0)
            pill, tag = self._count_pill(side, count, usable)
            found.append((tag, self.supply_rect(side), self._stack_place(side, count)[0], pill))
        return found

    def _draw_hand(self, surface, state, side, held, enabled) -> None:
        s = state
        pieces, dux = s.in_hand[side]
        mine = side == s.mover and held is not None and held[0] == "hand"
        if mine and held[1] == "V":
            pieces -= 1
        if mine and held[1] == "D":
            dux = 0
        active = side == s.mover and enabled and not s.is_over
        for index in range(13):
            slot = self.slot_rect(side, index)
            if index == 0 and dux:
                img = art.figure(side, True, int(min(slot.width * 1.15, slot.height * 1.05)))
            elif 1 <= index <= pieces:
                img = art.figure(side, False, int(min(slot.width * 1.05, slot.height * 0.9)))
            else:
                continue
            surface.blit(img, img.get_rect(midbottom=(slot.centerx, slot.bottom)))
        if active and held is None and (pieces or dux):
            area = self._hand_area(side)
            glow = int(50 + 90 * pulse(1.6))
            frame = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.rect(frame, (*GOLD, glow), frame.get_rect(), 2, border_radius=6)
            surface.blit(frame, area.topleft)

    def _draw_trophies(self, surface, state, side, anim) -> None:
        """The enemy pieces this side has taken, in a row, with their count."""
        c = self.cell
        foe = 1 - side
        taken = self.trophy_count(state, side, anim)
        dux_taken = self._dux_taken(state, side, anim)
        area = self._hand_area(side)
        size = int(min(area.height * 0.9, c * 0.72))
        step = min(size * 0.82, (area.width - size * 2.6) / 12)
        x = area.x + size / 2
        for k in range(taken):
            img = art.figure(foe, False, size)
            surface.blit(img, img.get_rect(midbottom=(x + k * step, area.bottom)))
        x += taken * step
        if dux_taken:
            img = art.figure(foe, True, int(size * 1.15))
            surface.blit(img, img.get_rect(midbottom=(x + step * 0.3, area.bottom)))
            x += step * 1.4
        if taken or dux_taken:
            words = (ngettext("{n} taken + the Dux", "{n} taken + the Dux", taken) if dux_taken
                     else ngettext("{n} taken", "{n} taken", taken)).format(n=number(taken))
            img = label(words, max(11, int(c * 0.24)), (226, 210, 186), True)
            surface.blit(img, img.get_rect(midleft=(x + size * 0.3, area.centery)))
        else:
            words = (_("Roman pieces taken will stand here") if foe == 0
                     else _("Gladiator pieces taken will stand here"))
            img = label(words, max(11, int(c * 0.22)), (160, 140, 120))
            surface.blit(img, img.get_rect(midleft=(area.x + c // 4, area.centery)))
