"""Calabria's board: twelve files of stone squares between two army trays.

The Romans sit at the bottom (rank 1) with their tray below the board, the
Gladiators at the top with theirs above it.  A tray holds the pieces still to
be placed, the four barricades in reserve and the enemy pieces taken.

Input is the same everywhere: press on a thing and drag it to a square, or
click it and then click the square.  A thing is a piece in the tray
(positioning), a piece on the board, or the barricade stack (movement).
"""

from __future__ import annotations

import math

import pygame

from game.calabria import DUX, HEIGHT, PIECE, SIDE_NAMES, WIDTH, Move, square_name

from . import art
from ..base import GOLD, BoardView, pulse
from .board import BoardMixin
from .trays import TraysMixin, label
from .words import WordsMixin, is_slide

HIGHLIGHT = (255, 226, 140)
DANGER = (255, 70, 50)
HINT = (130, 225, 255)
PIECE_SIZE = 1.0        # sprite sizes in cells: the Dux stands taller
DUX_SIZE = 1.18
DRAG_START = 6          # pixels the pointer moves before a press becomes a drag


class CalabriaView(BoardMixin, TraysMixin, WordsMixin, BoardView):
    player_colours = ((236, 96, 80), (72, 200, 190))

    @classmethod
    def side_names(cls, variant=None) -> tuple:
        return SIDE_NAMES

    def __init__(self, app, spec, seats=None, variant=None):
        # Rules diagrams and the results screen pass no seats: they show the board alone.
        self.with_trays = seats is not None
        super().__init__(app, spec, seats, variant)
        self.cell = 40
        self.board_rect = pygame.Rect(0, 0, 480, 320)
        self.frame_rect = self.board_rect
        self.trays: list[pygame.Rect] = []
        self._static = None
        self._static_key = None
        # input
        self.held = None           # ("hand", "V"/"D") | ("barricade",) | ("piece", square)
        self.dragging = False      # the held thing follows the pointer
        self.press_pos = None
        self.pressed_again = False  # the press was on what was already held (a toggle)
        self.pointer = (0, 0)
        self.hover = None          # square under the pointer
        self.preview = ()          # squares of pieces the hovered action would capture
        self._hover_key = None
        self._idle_hint = ""       # the pointer hint now on the status line, if any
        self._dropped = None       # (kind, to) of a move dropped by drag: no travel animation
        # per-state facts
        self.pinned = frozenset()
        self.threatened = frozenset()
        # animation
        self.anim = None

    # --- layout --------------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        frame = 0.48
        tray = 1.5 if self.with_trays else 0.0
        gap = 0.16 if self.with_trays else 0.0
        across = WIDTH + 2 * frame
        down = HEIGHT + 2 * frame + 2 * (tray + gap)
        c = int(min(rect.width / across, rect.height / down))
        self.cell = max(12, c)
        c = self.cell
        fm = int(c * frame)
        total_h = HEIGHT * c + 2 * fm + 2 * int(c * (tray + gap))
        top = rect.centery - total_h // 2 + int(c * (tray + gap))
        self.board_rect = pygame.Rect(0, 0, WIDTH * c, HEIGHT * c)
        self.board_rect.midtop = (rect.centerx, top + fm)
        self.frame_rect = self.board_rect.inflate(2 * fm, 2 * fm)
        self.trays = []
        if self.with_trays:
            th, tg = int(c * tray), int(c * gap)
            f = self.frame_rect
            self.trays = [pygame.Rect(f.x, f.bottom + tg, f.width, th),   # Romans, below
                          pygame.Rect(f.x, f.top - tg - th, f.width, th)]  # Gladiators, above
        self._static = None

    def _style(self) -> str:
        return self.board_style(tuple(art.STYLES))

    def square_rect(self, square) -> pygame.Rect:
        c = self.cell
        return pygame.Rect(self.board_rect.x + (square % WIDTH) * c,
                           self.board_rect.y + (square // WIDTH) * c, c, c)

    def square_at_pos(self, pos):
        if not self.board_rect.collidepoint(pos):
            return None
        c = self.cell
        return ((pos[1] - self.board_rect.y) // c) * WIDTH + (pos[0] - self.board_rect.x) // c

    # --- state and animation ---------------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        super().set_state(state, previous)
        self.held = None
        self.preview = ()
        self.dragging = False
        self.press_pos = None
        self.anim = None
        self.pinned = frozenset(state.pinned()) if state.phase == "movement" else frozenset()
        self.threatened = frozenset(state.threatened_dux())
        last = getattr(state, "last", None)
        dropped, self._dropped = self._dropped, None
        if previous is None or last is None:
            return
        self.anim = self._make_animation(state, previous, last, dropped)

    def _make_animation(self, state, previous, last, dropped) -> dict:
        side, kind, to = last["mover"], last["kind"], last["to"]
        board = list(previous.board)
        c = self.cell
        end = self.square_rect(to).center
        if kind == "M":
            char = previous.board[last["from"]]
            board[last["from"]] = "."
            points = [self.square_rect(sq).center for sq in last["path"]]
            hop = not is_slide(previous.board, last["from"], to) or len(last["path"]) > 2
        else:
            char = PIECE[side] if kind == "V" else DUX[side] if kind == "D" else "XY"[side]
            if kind == "X":
                start = self.supply_rect(side).center if self.trays else end
            else:
                index = 0 if kind == "D" else previous.in_hand[side][0]
                start = self.slot_rect(side, index).center if self.trays else end
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
        return {"side": side, "kind": kind, "char": char, "board": "".join(board), "legs": legs,
                "hop": hop, "end": end, "t": 0.0, "travel": sum(l[2] for l in legs) or 0.1,
                "captured": captured, "fade": 0.6 if captured else 0.0, "arrived": False,
                "last": last}

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def finish_animation(self) -> None:
        if self.anim is not None:
            self._arrive(quiet=True)
            self._conclude()
            self.anim = None

    def update(self, dt: float) -> None:
        super().update(dt)
        a = self.anim
        if a is None:
            return
        a["t"] += dt * self.speed
        if not a["arrived"] and a["t"] >= a["travel"]:
            self._arrive()
        if a["t"] >= a["travel"] + a["fade"]:
            self._conclude()
            self.anim = None

    def _arrive(self, quiet=False) -> None:
        a = self.anim
        if a["arrived"]:
            return
        a["arrived"] = True
        if quiet:
            return
        self.sound("place" if a["kind"] != "M" else "sow")
        if a["captured"]:
            self.sound("capture")

    def _conclude(self) -> None:
        """What is said once a move has landed: captures, the battle starting, the end."""
        a, s = self.anim, self.state
        last = a["last"]
        foe = SIDE_NAMES[1 - a["side"]]
        if s.is_over:
            self.sound("end")
            if s.winner is None:
                self.announce("A draw", GOLD, 3.0, small=s.end_reason or "")
            else:
                self.announce(f"{SIDE_NAMES[s.winner]} win!", self.player_colours[s.winner], 3.0,
                              small=s.end_reason or "")
        elif last["captured"]:
            where = " ".join(square_name(sq) for sq in last["captured"])
            n = len(last["captured"])
            self.announce("Capture!", (255, 140, 100), 1.3,
                          small=f"{n} {foe[:-1] if n == 1 else foe} taken: {where}")
        elif last["kind"] in "VD" and s.phase == "movement":
            self.announce("To battle!", GOLD, 2.2, small="The Romans move first")

    # --- input -------------------------------------------------------------------------
    def _active(self) -> bool:
        s = self.state
        return s is not None and self.input_enabled and not s.is_over

    def _move_for(self, held, square):
        if held[0] == "hand":
            return Move(held[1], None, square)
        if held[0] == "barricade":
            return Move("X", None, square)
        return Move("M", held[1], square)

    def _legal(self, move) -> bool:
        return self.state.action_problem(move) is None

    def handle_event(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.hover = self.square_at_pos(event.pos)
            if (self.held is not None and self.press_pos is not None and not self.dragging
                    and math.dist(event.pos, self.press_pos) > DRAG_START):
                self.dragging = True
            if self.held is not None:
                self._hover_status()
            else:
                self._idle_status(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer = event.pos
            self.hover = self.square_at_pos(event.pos)
            if self.busy:
                self.finish_animation()
            if not self._active():
                return None
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel_input()
        return None

    def _press(self, pos):
        s = self.state
        side = s.mover
        square = self.square_at_pos(pos)
        hand = self.hand_at_pos(pos)
        supply = self.supply_at_pos(pos)
        self.press_pos = pos
        self.dragging = False
        self.pressed_again = False
        if square is not None:
            if self.held is not None:
                move = self._move_for(self.held, square)
                if self._legal(move):
                    self.held = None
                    self.press_pos = None
                    return move
                if self.held == ("piece", square):
                    self.pressed_again = True
                    return None
            c = s.board[square]
            if s.phase == "movement" and c in (PIECE[side], DUX[side]) and s.destinations(square):
                self.held = ("piece", square)
                self._hover_status()
                return None
            if s.phase == "positioning" and c == "." and self.held is None:
                pieces, _ = s.in_hand[side]
                move = Move("V" if pieces else "D", None, square)
                self.press_pos = None
                return move
            if self.held is not None and c not in (PIECE[side], DUX[side]):
                self.status = self._problem(self._move_for(self.held, square))
            else:
                self.status = self._refusal(square)
            self.held = None
            self.press_pos = None
            return None
        if hand is not None:
            owner, kind = hand
            if owner != side:
                self.status = f"Not allowed: it is the {SIDE_NAMES[side]}' turn to place a piece."
                self.press_pos = None
            elif kind is None:
                self.press_pos = None
            else:
                self.pressed_again = self.held == ("hand", kind)
                self.held = ("hand", kind)
                self._hover_status()
            return None
        if supply is not None:
            if supply != side:
                self.status = f"Not allowed: those barricades belong to the {SIDE_NAMES[supply]}."
            elif s.phase != "movement":
                self.status = ("Not allowed: barricades come out once every piece is placed.")
            elif not s.barricades_left[side]:
                self.status = "Not allowed: you have no barricades left."
            elif not s.barricade_squares():
                self.status = "Not allowed: no square is two squares away from every barricade."
            else:
                self.pressed_again = self.held == ("barricade",)
                self.held = ("barricade",)
                self._hover_status()
                return None
            self.press_pos = None
            return None
        self.cancel_input()
        return None

    def _release(self, pos):
        pressing, self.press_pos = self.press_pos, None
        if self.held is None or pressing is None:
            self.dragging = False
            return None
        if not self.dragging:
            if self.pressed_again:   # a second click on what is held puts it back
                self.held = None
                self.status = ""
            return None
        self.dragging = False
        square = self.square_at_pos(pos)
        held = self.held
        if square is None:
            self.held = None
            self.status = ""
            return None
        if held == ("piece", square):
            return None   # put back where it was: still held, for a click on a target
        move = self._move_for(held, square)
        self.held = None
        if self._legal(move):
            self._dropped = (move.kind, square)
            return move
        self.status = self._problem(move)
        return None

    def cancel_input(self) -> bool:
        had = self.held is not None
        self.held = None
        self.preview = ()
        self.dragging = False
        self.press_pos = None
        return had

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.state is None:
            return
        surface.blit(self._static_layer(), self.rect.topleft)
        a = self.anim
        board = a["board"] if a is not None and not a["arrived"] else self.state.board
        self._draw_under(surface, board)
        self._draw_board_pieces(surface, board)
        self._draw_over(surface)
        if self.trays:
            for side in (0, 1):
                self._draw_tray(surface, side)
        self._draw_animation(surface)
        self._draw_held(surface)
        super().draw(surface)

    def _tint_square(self, surface, square, colour, alpha) -> None:
        r = self.square_rect(square)
        glow = art.square_glow(r.width, colour, alpha)
        surface.blit(glow, r.topleft)

    def _draw_under(self, surface, board) -> None:
        """Marks that lie on the stone, under the pieces."""
        s = self.state
        last = getattr(s, "last", None)
        if last is not None and self.anim is None:
            for sq in (last["from"], last["to"]):
                if sq is not None:
                    self._tint_square(surface, sq, (255, 214, 120), 95)
        for mark in self._mark_squares():
            self._tint_square(surface, mark, HIGHLIGHT, 90)
        if self.hint_move is not None:
            for sq in (self.hint_move[1], self.hint_move[2]):
                if sq is not None:
                    r = self.square_rect(sq)
                    pygame.draw.rect(surface, HINT, r.inflate(-4, -4), 3, border_radius=6)
        if self.held is not None:
            for sq in self.preview:
                self._tint_square(surface, sq, DANGER, 110)
        held = self.held
        if held is not None and held[0] == "piece":
            r = self.square_rect(held[1])
            pygame.draw.rect(surface, HIGHLIGHT, r.inflate(-2, -2), 3, border_radius=5)

    def _draw_board_pieces(self, surface, board) -> None:
        c = self.cell
        held_sq = self.held[1] if self.held and self.held[0] == "piece" else None
        fading = {sq for sq, _ in self.anim["captured"]} if self.anim else set()
        for square, ch in enumerate(board):
            if ch == "." or square in fading:
                continue
            if square == held_sq and self.dragging:
                continue
            r = self.square_rect(square)
            lift = int(c * 0.07) if square == held_sq else 0
            self._blit_unit(surface, ch, r.centerx, r.centery - lift)

    def _blit_unit(self, surface, ch, cx, cy, scale=1.0, alpha=None) -> None:
        c = self.cell
        if ch in "XY":
            img = art.barricade("XY".index(ch), int(c * 0.92 * scale))
        else:
            side = 0 if ch in "rR" else 1
            dux = ch in "RG"
            img = art.figure(side, dux, int(c * (DUX_SIZE if dux else PIECE_SIZE) * scale))
        if alpha is not None:
            img = img.copy()
            img.set_alpha(alpha)
        rect = img.get_rect(center=(cx, cy - (c * 0.04 if ch not in "XY" else 0)))
        surface.blit(img, rect)

    def _draw_over(self, surface) -> None:
        """Marks over the pieces: shackles, targets, the jump chain under the pointer."""
        c = self.cell
        if self.anim is None:
            # a threatened Dux: a red ring that breathes, wider than its square
            glow = int(110 + 140 * pulse(0.9))
            for sq in self.threatened:
                r = self.square_rect(sq).inflate(c // 5, c // 5)
                ring = art.ring(r.width, DANGER)
                ring.set_alpha(glow)
                surface.blit(ring, r.topleft)
            chain = art.shackle(max(12, int(c * 0.42)))
            for sq in self.pinned:
                r = self.square_rect(sq)
                surface.blit(chain, chain.get_rect(topright=(r.right + c // 10, r.top + c // 6)))
        held = self.held
        s = self.state
        if (held is None and s.phase == "positioning" and self.hover is not None and self._active()
                and s.board[self.hover] == "." and self.anim is None):
            # a click here places a piece: show which one
            r = self.square_rect(self.hover)
            dux = not s.in_hand[s.mover][0]
            img = art.ghost(s.mover, dux, int(c * (DUX_SIZE if dux else PIECE_SIZE)))
            surface.blit(img, img.get_rect(center=(r.centerx, r.centery - c * 0.04)))
        if held is None or not self.show_hints():
            self._draw_marked_moves(surface)
            return
        if held[0] == "piece":
            frm = held[1]
            for sq in s.destinations(frm):
                r = self.square_rect(sq)
                jump = not is_slide(s.board, frm, sq)
                surface.blit(art.target(c, jump), r.topleft)
            if self.hover is not None and self.hover in s.destinations(frm):
                r = self.square_rect(self.hover)
                if not self.dragging:   # a ghost of the piece where it would stand
                    self._blit_unit(surface, s.board[frm], r.centerx, r.centery, alpha=130)
                pygame.draw.rect(surface, HIGHLIGHT, r.inflate(-3, -3), 3, border_radius=5)
                path = s.jump_path(frm, self.hover)
                if path and not is_slide(s.board, frm, self.hover):
                    self._draw_chain(surface, path, HIGHLIGHT)
        elif held[0] == "barricade":
            peg = art.barricade_spot(c)
            for sq in s.barricade_squares():
                surface.blit(peg, self.square_rect(sq).topleft)
        elif held[0] == "hand" and self.hover is not None and s.board[self.hover] == "." \
                and not self.dragging:
            r = self.square_rect(self.hover)
            dux = held[1] == "D"
            img = art.ghost(s.mover, dux, int(c * (DUX_SIZE if dux else PIECE_SIZE)))
            surface.blit(img, img.get_rect(center=r.center))
        self._draw_marked_moves(surface)

    def _draw_chain(self, surface, path, colour) -> None:
        """Hops drawn as arcs from landing to landing, with a dot on each landing."""
        c = self.cell
        points = [self.square_rect(sq).center for sq in path]
        for k, (a, b) in enumerate(zip(points, points[1:])):
            # bow each hop sideways: upward along a rank, to the right along a file
            nx, ny = (0, -1) if a[1] == b[1] else (1, 0)
            arc = []
            for i in range(17):
                t = i / 16
                bow = math.sin(math.pi * t) * c * 0.42
                arc.append((a[0] + (b[0] - a[0]) * t + nx * bow,
                            a[1] + (b[1] - a[1]) * t + ny * bow))
            pygame.draw.lines(surface, (40, 20, 0), False, [(x + 1, y + 2) for x, y in arc], 7)
            pygame.draw.lines(surface, colour, False, arc, 4)
            # an arrowhead at each landing
            (x1, y1), (x2, y2) = arc[-3], arc[-1]
            ang = math.atan2(y2 - y1, x2 - x1)
            size = c * 0.16
            head = [(x2, y2), (x2 - size * math.cos(ang - 0.45), y2 - size * math.sin(ang - 0.45)),
                    (x2 - size * math.cos(ang + 0.45), y2 - size * math.sin(ang + 0.45))]
            pygame.draw.polygon(surface, colour, head)
        for k, p in enumerate(points[1:-1], start=1):
            pygame.draw.circle(surface, (40, 20, 0), p, c * 0.13)
            pygame.draw.circle(surface, colour, p, c * 0.11)
            img = label(str(k), max(9, int(c * 0.18)), (40, 20, 0), True)
            surface.blit(img, img.get_rect(center=p))

    def _mark_squares(self) -> list:
        out = []
        for mark in self.marks:
            try:
                if isinstance(mark, int):
                    out.append(mark)
                elif "-" not in str(mark):
                    from game.calabria import square_index
                    out.append(square_index(str(mark)))
            except ValueError:
                continue
        return out

    def _draw_marked_moves(self, surface) -> None:
        """Moves named in a rules diagram: the path drawn as an arrow (a chain for a jump)."""
        from game.calabria import square_index
        for mark in self.marks:
            if not isinstance(mark, str) or "-" not in mark:
                continue
            try:
                frm, to = (square_index(part) for part in mark.split("-"))
            except ValueError:
                continue
            for sq in (frm, to):
                r = self.square_rect(sq)
                pygame.draw.rect(surface, HIGHLIGHT, r.inflate(-3, -3), 3, border_radius=5)
            path = self.state.jump_path(frm, to) or [frm, to]
            if is_slide(self.state.board, frm, to):
                self._draw_arrow(surface, self.square_rect(frm).center, self.square_rect(to).center)
            else:
                self._draw_chain(surface, path, HIGHLIGHT)

    def _draw_arrow(self, surface, a, b) -> None:
        c = self.cell
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        tip = (b[0] - math.cos(ang) * c * 0.2, b[1] - math.sin(ang) * c * 0.2)
        pygame.draw.line(surface, (40, 20, 0), (a[0] + 1, a[1] + 2), (tip[0] + 1, tip[1] + 2), 7)
        pygame.draw.line(surface, HIGHLIGHT, a, tip, 4)
        size = c * 0.25
        head = [(b[0], b[1]), (tip[0] - size * math.cos(ang - 0.6) + math.cos(ang) * size * 0.2,
                               tip[1] - size * math.sin(ang - 0.6) + math.sin(ang) * size * 0.2),
                (tip[0] - size * math.cos(ang + 0.6) + math.cos(ang) * size * 0.2,
                 tip[1] - size * math.sin(ang + 0.6) + math.sin(ang) * size * 0.2)]
        pygame.draw.polygon(surface, HIGHLIGHT, head)

    # moving things ------------------------------------------------------------------------
    def _draw_animation(self, surface) -> None:
        a = self.anim
        if a is None:
            return
        c = self.cell
        if not a["arrived"]:
            t = a["t"]
            for start, end, seconds in a["legs"]:
                if t <= seconds:
                    u = t / seconds
                    break
                t -= seconds
            else:
                start, end, u = a["end"], a["end"], 1.0
            if not a["legs"]:
                start = end = a["end"]
                u = min(1.0, a["t"] / a["travel"])
            ease = u * u * (3 - 2 * u)
            x = start[0] + (end[0] - start[0]) * ease
            y = start[1] + (end[1] - start[1]) * ease
            height = math.sin(math.pi * u) * c * (0.5 if a["hop"] else 0.0)
            if a["hop"] and height > 1:
                shadow = art.shadow(c)
                surface.blit(shadow, shadow.get_rect(center=(x, y + c * 0.3)))
            scale = 1.0 + 0.12 * math.sin(math.pi * u) if a["hop"] else 1.0
            if not a["legs"]:
                scale = 1.12 - 0.12 * u
            self._blit_unit(surface, a["char"], x, y - height, scale)
            return
        # captured pieces rise and fade away
        u = min(1.0, (a["t"] - a["travel"]) / a["fade"]) if a["fade"] else 1.0
        for sq, ch in a["captured"]:
            r = self.square_rect(sq)
            self._blit_unit(surface, ch, r.centerx, r.centery - u * c * 0.6, 1.0 + 0.2 * u,
                            int(255 * (1 - u)))
            if u < 0.5:
                burst = art.ring(c, (255, 140, 90))
                burst.set_alpha(int(255 * (1 - 2 * u)))
                surface.blit(burst, r.topleft)

    def _draw_held(self, surface) -> None:
        held = self.held
        if held is None or not self.dragging:
            return
        s, c = self.state, self.cell
        if held[0] == "piece":
            ch = s.board[held[1]]
        elif held[0] == "hand":
            ch = DUX[s.mover] if held[1] == "D" else PIECE[s.mover]
        else:
            ch = "XY"[s.mover]
        x, y = self.pointer
        shadow = art.shadow(c)
        surface.blit(shadow, shadow.get_rect(center=(x + c * 0.08, y + c * 0.35)))
        self._blit_unit(surface, ch, x, y - c * 0.08, 1.1)
