"""The last move played out on Calabria's board: the piece travels (a slide, a
hop along the Dux's jump chain, or a flight in from its tray), lands, and the
pieces it took rise and fade away.

An ``Animation`` is made by the view from the position before the move and
the move's record, keeps its own clock, and draws itself on the board it is
handed; the view plays the sounds and says what happened when it lands.
"""

from __future__ import annotations

import math

from game.calabria import DUX, PIECE

from . import art
from .words import is_slide


class Animation:
    def __init__(self, previous, last, dropped, board, trays):
        """``last`` is the record of the move played from ``previous``; ``dropped`` the
        (kind, square) of a move the player dropped by drag (it is already there:
        no travel); ``board`` and ``trays`` say where things lie."""
        side, kind, to = last["mover"], last["kind"], last["to"]
        before = list(previous.board)
        c = board.cell
        end = board.square_rect(to).center
        if kind == "M":
            char = previous.board[last["from"]]
            before[last["from"]] = "."
            points = [board.square_rect(sq).center for sq in last["path"]]
            hop = not is_slide(previous.board, last["from"], to) or len(last["path"]) > 2
        else:
            char = PIECE[side] if kind == "V" else DUX[side] if kind == "D" else "XY"[side]
            if kind == "X":
                start = trays.supply_rect(side).center if trays.rects else end
            else:
                index = 0 if kind == "D" else previous.in_hand[side][0]
                start = trays.slot_rect(side, index).center if trays.rects else end
            points = [start, end]
            hop = True
        if dropped == (kind, to):
            points = [end]
        legs = []
        for a, b in zip(points, points[1:]):
            length = math.dist(a, b) / c
            legs.append((a, b, (0.3 if hop else 0.07 + 0.045 * length)))
        captured = [(sq, previous.board[sq]) for sq in last["captured"]]
        if last["dux_captured"] is not None:
            captured.append((last["dux_captured"], previous.board[last["dux_captured"]]))
        self.side = side
        self.kind = kind
        self.char = char                  # what travels
        self.before = "".join(before)     # the board while it travels: the mover lifted off
        self.legs = legs                  # (from, to, seconds) of each slide or hop
        self.hop = hop
        self.end = end
        self.t = 0.0
        self.travel = sum(leg[2] for leg in legs) or 0.1
        self.captured = captured          # (square, piece) of each piece taken
        self.fade = 0.6 if captured else 0.0
        self.arrived = False
        self.last = last

    def advance(self, dt: float) -> None:
        self.t += dt

    @property
    def landing(self) -> bool:
        """True once the piece has travelled but has not yet been told it arrived."""
        return not self.arrived and self.t >= self.travel

    @property
    def over(self) -> bool:
        return self.t >= self.travel + self.fade

    def arrive(self) -> bool:
        """Mark the piece as arrived; True if it had not arrived before."""
        if self.arrived:
            return False
        self.arrived = True
        return True

    def taking(self, side) -> list:
        """Pieces ``side`` is taking: not in its tray until they are gone."""
        if self.side != side:
            return []
        return [ch for _, ch in self.captured]

    @property
    def fading(self) -> set:
        """Squares of the pieces taken, drawn here rather than on the board."""
        return {sq for sq, _ in self.captured}

    def draw(self, surface, board) -> None:
        c = board.cell
        if not self.arrived:
            t = self.t
            for start, end, seconds in self.legs:
                if t <= seconds:
                    u = t / seconds
                    break
                t -= seconds
            else:
                start, end, u = self.end, self.end, 1.0
            if not self.legs:
                start = end = self.end
                u = min(1.0, self.t / self.travel)
            ease = u * u * (3 - 2 * u)
            x = start[0] + (end[0] - start[0]) * ease
            y = start[1] + (end[1] - start[1]) * ease
            height = math.sin(math.pi * u) * c * (0.5 if self.hop else 0.0)
            if self.hop and height > 1:
                shadow = art.shadow(c)
                surface.blit(shadow, shadow.get_rect(center=(x, y + c * 0.3)))
            scale = 1.0 + 0.12 * math.sin(math.pi * u) if self.hop else 1.0
            if not self.legs:
                scale = 1.12 - 0.12 * u
            board.draw_unit(surface, self.char, x, y - height, scale)
            return
        # captured pieces rise and fade away
        u = min(1.0, (self.t - self.travel) / self.fade) if self.fade else 1.0
        for sq, ch in self.captured:
            r = board.square_rect(sq)
            board.draw_unit(surface, ch, r.centerx, r.centery - u * c * 0.6, 1.0 + 0.2 * u,
                            int(255 * (1 - u)))
            if u < 0.5:
                burst = art.ring(c, (255, 140, 90))
                burst.set_alpha(int(255 * (1 - 2 * u)))
                surface.blit(burst, r.topleft)
