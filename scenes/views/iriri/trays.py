"""Iriri's hands: a tray in front of each player, Blue's above the board and
Yellow's below it, with the player's name, score and up to three pyramids.

The tray of the player to move also carries the buttons the view draws for
itself: Confirm (play the pending placement) or, when no word fits, Pass.
``Trays`` owns where the trays, their slots and buttons lie and draws them for
the state, the placement and the hands the view hands it.
"""

from __future__ import annotations

import pygame

from game.core import score_text
from game.i18n import _, number
from game.iriri import PLAYER_NAMES

from ... import assets
from . import art
from ..base import GOLD, INK, pulse, says_side
from ..drawing import blend_rect, label, mix, readable

MUTED = (200, 184, 160)
TRAY_OF = (1, 0)    # tray 0 (the top one) is Blue's, tray 1 (the bottom one) Yellow's


class Trays:
    """The two trays: ``seats`` name their players when ``live`` (a game being played)."""

    def __init__(self, seats, live: bool):
        self.seats = seats
        self.live = live
        self.rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(0, 0, 10, 10)]  # one per player

    def layout(self, rects) -> None:
        """``rects``: Yellow's tray, then Blue's."""
        self.rects = list(rects)

    # --- where things are ----------------------------------------------------------
    def hand_area(self, player) -> pygame.Rect:
        t = self.rects[player]
        x = t.x + int(max(104, t.width * 0.3))
        room = self.button_rect(player).x - 14 - x
        side = int(max(24, min(t.height - max(10, t.height // 5), room / 3.35)))
        return pygame.Rect(x, t.centery - side // 2, side * 3 + side // 3, side)

    def slot_rect(self, player, index) -> pygame.Rect:
        area = self.hand_area(player)
        side = area.height
        return pygame.Rect(area.x + index * (side + side // 6), area.y, side, side)

    def button_rect(self, player) -> pygame.Rect:
        """Where the tray of ``player`` shows Confirm or Pass."""
        t = self.rects[player]
        w = int(min(150, max(84, t.width * 0.2)))
        h = min(46, max(28, int(t.height * 0.46)))
        return pygame.Rect(t.right - w - 12, t.centery - h // 2, w, h)

    def player_at(self, pos):
        """The player whose tray lies under ``pos``, or None."""
        for player, tray in enumerate(self.rects):
            if tray.collidepoint(pos):
                return player
        return None

    def slot_at(self, player, pos, count: int):
        """Which of the ``count`` pieces shown in ``player``'s tray lies under ``pos``, or None."""
        for i in range(count):
            if self.slot_rect(player, i).collidepoint(pos):
                return i
        return None

    def header(self, player):
        """(left edge, text size) of the writing in a tray, past its stripe."""
        t = self.rects[player]
        return t.x + max(6, t.height // 7) // 2 + max(5, t.height // 12) + 12, \
            max(12, min(20, t.height // 5))

    def title(self, player):
        """(text, image) of a tray's header: colour word and seat name, in a
        smaller size if need be; the name alone, cut with an ellipsis, when even that
        cannot fit."""
        x, size = self.header(player)
        colour = readable(art.player_rgb()[player])     # words on the dark wood
        side = _(PLAYER_NAMES[player])     # marked where the sides are named (game.iriri)
        name = self.seats[player]["name"] if self.live else side
        title = (f"{side.upper()}  {name}"
                 if self.live and not says_side(name, side) else name.upper())
        room = self.hand_area(player).x - x - 10
        img = self._fitted(title, size, max(12, size - 5), room, colour)
        if img.get_width() > room:   # no room for the colour word: the ink still tells it
            small = max(12, size - 5)
            title = assets.ellipsized(name, small, room, True)
            img = label(title, small, colour, True)
        return title, img

    @staticmethod
    def _fitted(text, size, smallest, room, colour):
        """``text`` in the largest size from ``size`` down to ``smallest`` that fits ``room``."""
        img = label(text, size, colour, True)
        while img.get_width() > room and size > smallest:
            size -= 1
            img = label(text, size, colour, True)
        return img

    # --- drawing -------------------------------------------------------------------
    def draw_boxes(self, layer, offset) -> None:
        """The wooden trays with their felt wells (static layer)."""
        for player in (0, 1):
            self._draw_box(layer, player, offset)

    def _draw_box(self, layer, player, offset) -> None:
        tray = self.rects[player].move(-offset[0], -offset[1])
        radius = max(6, tray.height // 7)
        pygame.draw.rect(layer, (0, 0, 0, 110), tray.move(4, 6), border_radius=radius)
        box = pygame.Surface(tray.size, pygame.SRCALPHA)
        box.blit(assets.tiled("wood.png", tray.size, tile=max(128, tray.width // 3)), (0, 0))
        mask = pygame.Surface(tray.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        box.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        felt = mix(art.schemes()[player]["deep"], (30, 24, 20), 0.55)
        well = self.hand_area(player).move(-self.rects[player].x, -self.rects[player].y)
        well = well.inflate(max(8, well.height // 5), max(6, well.height // 8))
        pygame.draw.rect(box, felt, well, border_radius=radius // 2)
        blend_rect(box, (0, 0, 0, 90), well, max(2, radius // 3), radius // 2)
        blend_rect(box, (255, 235, 200, 70), box.get_rect(), 2, radius)
        stripe = pygame.Rect(0, 0, max(5, tray.height // 12), tray.height - 2 * radius)
        stripe.midleft = (radius // 2 + 2, tray.height // 2)
        pygame.draw.rect(box, art.player_rgb()[player], stripe, border_radius=stripe.width // 2)
        layer.blit(box, tray.topleft)

    def draw(self, surface, state, placement, hands, *, human: bool, must_pass: bool,
             pointer, hinted=()) -> None:
        """Both trays for ``state``: ``hands`` are the pieces each shows slot by slot (None
        for an empty slot), ``human`` says the mover is a human playing here, ``must_pass``
        that no word fits; ``hinted`` the mover's slots the Hint button's move plays."""
        for player in (0, 1):
            self._draw_tray(surface, player, state, placement, hands[player], human, must_pass,
                            pointer, hinted if player == state.mover else ())

    def _draw_tray(self, surface, player, state, placement, shown, human, must_pass,
                   pointer, hinted) -> None:
        s = state
        t = self.rects[player]
        colour = art.player_rgb()[player]
        turn = s.to_move == player
        x, size = self.header(player)
        title, img = self.title(player)
        top = t.y + max(6, t.height // 9)
        self._put(surface, img, img.get_rect(topleft=(x, top)), title)
        score = s.scores[player]
        # a half point after its number in every language ("20½", never "½20" in Persian):
        # a text of no letters is laid out left to right
        said = number(score_text(score))
        big = label(said, int(size * 1.7), (255, 236, 200), True)
        score_rect = self._put(surface, big, big.get_rect(topleft=(x, top + img.get_height() + 2)),
                               said)
        if (turn and placement.pieces and placement.points is not None
                and placement.problem is None):
            said = f"+{number(score_text(placement.points))}"
            plus = label(said, int(size * 1.2), (150, 240, 140), True)
            self._put(surface, plus, plus.get_rect(midleft=(score_rect.right + 8,
                                                            score_rect.centery)), said)
        doing = self._tray_words(s, player, must_pass)
        if doing:
            # under the score, shortened to the room left of the pieces; in a small
            # picture (the rules', the results') with no room under it, left out
            words, ink = doing
            small = max(11, size - 4)
            words = assets.ellipsized(words, small, self.hand_area(player).x - 10 - x, turn)
            img = label(words, small, ink, turn) if words else None
            inked = img.get_bounding_rect() if img is not None else None
            if inked is not None and inked.height:
                y = score_rect.bottom + 3 - inked.y       # its letters under the figures
                if y + inked.bottom <= t.bottom - 3:
                    self._put(surface, img, img.get_rect(topleft=(x, y)), words)
        if turn and not s.is_over:
            dot = max(4, t.height // 14)
            pygame.draw.circle(surface, colour, (t.right - dot * 2, t.y + dot * 2),
                               dot * (0.7 + 0.4 * pulse()))
        self._draw_hand(surface, player, s, placement, shown, human)
        for slot in hinted:
            self._draw_hint(surface, self.slot_rect(player, slot))
        self._draw_button(surface, player, s, placement, human, must_pass, pointer)

    @staticmethod
    def _put(surface, img, rect, words) -> pygame.Rect:
        """``img`` (``words`` drawn) at ``rect`` on ``surface``; where its letters are
        (a figure leaves the room under its baseline free for a line)."""
        surface.blit(img, rect)
        inked = img.get_bounding_rect().move(rect.topleft)
        assets.record(surface, inked, words)
        return inked

    @staticmethod
    def _tray_words(s, player, must_pass):
        if s.is_over:
            if s.winner == player:
                return _("wins"), GOLD
            return None
        if s.to_move != player:
            return _("{n} in hand").format(n=number(len(s.hands[player]))), MUTED
        if s.phase == "take":
            need = s.takeable().need
            return _("takes {n} from the ring").format(n=number(need)), INK
        if must_pass:
            return _("no word fits: must pass"), (255, 170, 120)
        return _("places a word"), INK

    def _draw_hand(self, surface, player, s, placement, shown, human) -> None:
        slot0 = self.slot_rect(player, 0)
        active = (human and s.mover == player and s.phase == "place"
                  and not s.is_over and self.live)
        empty = not any(shown) and not (player == s.mover and placement.pieces)
        if empty:       # the words take the slots' place, so nothing is drawn under them
            area = self.hand_area(player)
            img = label("hand empty", max(11, min(slot0.height // 3, 22)), MUTED)
            surface.blit(img, img.get_rect(center=area.center))
            return
        for i in range(3):
            r = self.slot_rect(player, i)
            pygame.draw.rect(surface, (0, 0, 0), r.inflate(-r.width // 6, -r.height // 6), 1,
                             border_radius=r.width // 8)
        held = placement.held
        held_slot = None
        if held is not None and held["from"] == "hand" and not placement.dragging:
            held_slot = held.get("slot")
        for i, piece in enumerate(shown):
            if piece is not None:
                r = self.slot_rect(player, i)
                surface.blit(art.pyramid(piece, r.width), r)
        if held_slot is not None and s.mover == player:
            # the piece picked by a click waits, lifted, beside its slot
            r = self.slot_rect(player, min(held_slot, 2))
            img = art.pyramid(held["type"], r.width)
            surface.blit(img, r.move(0, -r.height // 6))
            art.outline(surface, r.move(0, -r.height // 6), GOLD, 3, max(4, r.width // 6))
        if active and any(shown) and held is None and not placement.pieces:
            glow = int(60 + 110 * pulse(1.6))
            area = self.hand_area(player).inflate(8, 8)
            frame = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.rect(frame, (*GOLD, glow), frame.get_rect(), 2, border_radius=8)
            surface.blit(frame, area.topleft)

    @staticmethod
    def _draw_hint(surface, r) -> None:
        """A ring round a hand pyramid the Hint button's move plays, in the light blue of
        the hint's cells on the board, its halo breathing."""
        width = max(3, r.width // 14)
        halo = r.inflate(4 * width, 4 * width)
        glow = pygame.Surface(halo.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*art.HINT, int(40 + 70 * pulse())), glow.get_rect(), 2 * width,
                         border_radius=r.width // 5 + 2 * width)
        surface.blit(glow, halo.topleft)
        art.outline(surface, r.inflate(2, 2), art.HINT, width, r.width // 5)

    def _draw_button(self, surface, player, s, placement, human, must_pass, pointer) -> None:
        if not self.live or s.is_over or s.mover != player or not human:
            return
        if s.phase != "place":
            return
        r = self.button_rect(player)
        hot = r.collidepoint(pointer)
        if must_pass:
            art.button(surface, r, _("Pass"), True, True, hot)
            return
        ready = bool(placement.pieces) and placement.problem is None
        art.button(surface, r, _("Confirm"), ready, True, hot and ready)
