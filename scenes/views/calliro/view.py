"""Calliro's board: a hexagon of shallow wells, two-coloured chips, and beside it
the race to 11, the Repository and the Basket.

Handling is the tabletop's: take a chip of the colour you want on top from the
Repository (drag it, or click it and then click a cell) and the cells where it
may go light up; click a chip on the board to flip it.  As a chip lands it is
turned over for a moment so both players glimpse its underside; then only top
sides show (memory play) unless the "show undersides" setting is on.  When an
action scores, the arcs light up, the scoring chips give way to score chips
and the point is announced for whoever it belongs to.
"""

from __future__ import annotations

import pygame

from game.calliro import PLAYER_NAMES, RULE_2, Move, cell_label

from ..base import GOLD, BoardView, pulse
from .art import (COLOUR_WORDS, FACE, MOVER_PHASES, SQRT3, Overlays, board_surface,
                          chip, glow_cell, lighten, lock, score_chip)
from .trays import Trays

MARGIN = 1.8        # board rim beyond the outer cells, in cell radii
TURN = 0.2          # seconds for half a turn of a chip (scaled by the animation speed)
FLY = 0.32
ARCS = 0.7
SWAP = 0.5
REFUSED = "#refused"


class CalliroView(Overlays, BoardView):
    player_colours = (FACE["B"], FACE["G"])

    def __init__(self, app, spec, seats=None, variant=None):
        super().__init__(app, spec, seats, variant)
        self.named_seats = seats is not None
        self.radius = spec.options["radius"]
        self.cell = 20.0                       # a cell's outer radius in pixels
        self.centre = (0, 0)
        self.frame = pygame.Rect(0, 0, 10, 10)  # the board's hexagon, bounding box
        self.centres: dict = {}
        self.trays: Trays | None = None
        self._board = None
        self._board_key = None
        self._chips = None
        self._chips_key = None
        self._glow = None
        self._glow_key = None
        self.pointer = (0, 0)
        self.held: str | None = None           # the up colour taken from the Repository
        self.drag_from = None
        self.hover_text = ""
        self.anim: dict | None = None
        self.shown_scores = (0, 0)
        self._dropped = None                   # a move put down by hand, not flown in

    def _name(self, player: int) -> str:
        colour = PLAYER_NAMES[player]
        if self.named_seats and player < len(self.seats):
            return f"{self.seats[player]['name']} ({colour})"
        return colour

    # --- layout ---------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        self._fit()

    def _fit(self) -> None:
        rect, n = self.rect, self.radius
        col = int(min(max(rect.width * 0.27, 170), 280)) if self.input_enabled else 0
        gap = max(10, rect.width // 50) if col else 0
        outer = SQRT3 * n + MARGIN                       # board's corner radius, in cells
        s = min((rect.width - col - gap) / (2 * outer), rect.height / (SQRT3 * outer))
        self.cell = s = max(6.0, s)
        w, h = int(2 * outer * s), int(SQRT3 * outer * s)
        x0 = rect.x + (rect.width - w - gap - col) // 2
        self.frame = pygame.Rect(x0, rect.y + (rect.height - h) // 2, w, h)
        self.centre = cx, cy = self.frame.center
        self.centres = {}
        for r in range(-n, n + 1):
            for q in range(-n, n + 1):
                if abs(q + r) <= n:
                    self.centres[(q, r)] = self._pixel(q, r)
        self.trays = (Trays(pygame.Rect(self.frame.right + gap, rect.y, col, rect.height))
                      if col else None)
        self._board = self._chips = self._glow = None

    def _pixel(self, q, r) -> tuple:
        s = self.cell
        return (self.centre[0] + s * SQRT3 * (q + r / 2), self.centre[1] + s * 1.5 * r)

    def cell_center(self, cell) -> tuple:
        x, y = self._pixel(*cell)
        return (int(round(x)), int(round(y)))

    def cell_at(self, pos):
        """The cell under ``pos``, or None."""
        s = self.cell
        fy = (pos[1] - self.centre[1]) / (1.5 * s)
        fx = (pos[0] - self.centre[0]) / (SQRT3 * s) - fy / 2
        q, r, z = round(fx), round(fy), round(-fx - fy)
        dq, dr, dz = abs(q - fx), abs(r - fy), abs(z + fx + fy)
        if dq > dr and dq > dz:
            q = -r - z
        elif dr > dz:
            r = -q - z
        cell = (int(q), int(r))
        return cell if cell in self.centres else None

    @property
    def chip_size(self) -> int:
        return max(8, int(self.cell * 1.5))

    # --- the board and the chips, cached -----------------------------------------
    def _style(self) -> str:
        return self.board_style()

    def _board_layer(self):
        key = (self._style(), self.frame.size, self.cell, self.radius)
        if self._board is None or self._board_key != key:
            self._board_key = key
            pad = 16
            off = (pad - self.frame.x, pad - self.frame.y)
            size = (self.frame.width + 2 * pad, self.frame.height + 2 * pad)
            centres = {c: (x + off[0], y + off[1]) for c, (x, y) in self.centres.items()}
            labels = [(text, (x + off[0], y + off[1])) for text, (x, y) in self._labels()]
            outer = (SQRT3 * self.radius + MARGIN) * self.cell
            self._board = board_surface(key[0], size, (self.centre[0] + off[0],
                                                       self.centre[1] + off[1]),
                                        outer, self.cell, centres, labels)
        return self._board

    def _labels(self) -> list:
        """Column letters below the bottom ends of the columns, row numbers left of the rows."""
        n, out = self.radius, []
        for q in range(-n, n + 1):
            r = min(n, n - q)
            a, b = self._pixel(q, r), self._pixel(q, r + 1)
            out.append((cell_label((q, r), n)[0], _lerp(a, b, 0.68)))
        for r in range(-n, n + 1):
            q = max(-n, -n - r)
            a, b = self._pixel(q, r), self._pixel(q - 1, r)
            out.append((cell_label((q, r), n)[1:], _lerp(a, b, 0.66)))
        return out

    def _undersides(self) -> bool:
        return bool(self.setting("show_undersides", False))

    def sprite(self, text: str, size=None, undersides=None):
        size = size or self.chip_size
        if text.startswith("S"):
            return score_chip(int(text[1]), size)
        show = self._undersides() if undersides is None else undersides
        return chip(text[0], size, text[2].upper() if show else None)

    def _hidden(self) -> frozenset:
        a = self.anim
        if a is None:
            return frozenset()
        phase = a["phases"][a["index"]][0]
        hidden = set()
        if phase in MOVER_PHASES:
            hidden.add(a["cell"])
        if any(p == "swap" for p, _ in a["phases"][a["index"]:]):
            hidden.update(c for c, _ in a["swaps"])
        return frozenset(hidden)

    def _chips_layer(self):
        state = self.state
        key = (id(state), self._hidden(), self._undersides(), self.frame.size, self.cell)
        if self._chips is not None and self._chips_key == key:
            return self._chips
        self._chips_key = key
        hidden = key[1]
        layer = pygame.Surface(self.frame.inflate(32, 32).size, pygame.SRCALPHA)
        ox, oy = 16 - self.frame.x, 16 - self.frame.y
        locked = state.flip_locked if state.to_move is not None else None
        last = state.last["cell"] if state.last and state.last["action"] != "replace" else None
        for cell, (x, y) in self.centres.items():
            text = state.chip_at(cell)
            if text is None or cell in hidden:
                continue
            img = self.sprite(text)
            c = (int(x + ox), int(y + oy))
            layer.blit(img, img.get_rect(center=c))
            if cell == last:
                pygame.draw.circle(layer, (255, 250, 235), c, int(self.chip_size * 0.53), 2)
            if cell == locked:
                icon = lock(int(self.cell * 0.62))
                layer.blit(icon, icon.get_rect(center=(c[0] + self.cell * 0.5,
                                                       c[1] - self.cell * 0.48)))
        self._chips = layer
        return layer

    # --- what may be done now ----------------------------------------------------------
    def _can_act(self) -> bool:
        s = self.state
        return s is not None and self.input_enabled and s.to_move is not None

    def targets(self, up=None) -> tuple:
        """(cells where a chip with ``up`` on top may go, cells refused by Rule 2); with a
        choice pending, the cells the score chip may go on."""
        state = self.state
        legal = state.legal_moves()
        if state.pending_cells:
            return tuple(m.cell for m in legal), ()
        if up is None:
            return (), ()
        good = tuple(m.cell for m in legal if m.action == "place" and m.up == up)
        if not good and not state.repository_counts()[up]:
            return (), ()
        taken = set(good)
        rule_2 = []
        for cell in self.centres:
            if cell not in taken and state.chip_at(cell) is None:
                if state.action_problem(("place", cell, up, None)) == RULE_2:
                    rule_2.append(cell)
        return good, tuple(rule_2)

    def _glow_layer(self):
        state = self.state
        choosing = bool(state.pending_cells)
        key = (id(state), self.held, choosing, self.frame.size, self.cell)
        if self._glow is not None and self._glow_key == key:
            return self._glow
        self._glow_key = key
        layer = pygame.Surface(self.frame.inflate(32, 32).size, pygame.SRCALPHA)
        good, bad = self.targets(self.held) if (self.held or choosing) else ((), ())
        colour = GOLD if choosing else lighten(FACE[self.held], 0.45) if self.held else GOLD
        ox, oy = 16 - self.frame.x, 16 - self.frame.y
        for cells, rgb in ((good, colour), (bad, (220, 50, 40))):
            img = glow_cell(self.cell, rgb, 200)
            for cell in cells:
                x, y = self.centres[cell]
                layer.blit(img, img.get_rect(center=(int(x + ox), int(y + oy))))
        self._glow = layer
        return layer

    # --- state and animation -------------------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        if self.anim is not None:
            self.finish_animation()
        super().set_state(state, previous)
        self.held = None
        self.drag_from = None
        self._chips = self._glow = None
        if state.radius != self.radius:
            self.radius = state.radius
            self._fit()
        dropped, self._dropped = self._dropped, None
        last = state.last
        if previous is None or last is None or not _follows(previous, state):
            self.shown_scores = tuple(state.scores)
            return
        self.shown_scores = tuple(previous.scores)
        self._start(state, previous, last, dropped)

    def _start(self, state, previous, last, dropped) -> None:
        speed = self.speed
        cell = last["cell"]
        phases = []
        before = previous.chip_at(cell)
        if last["action"] == "place":
            hand = dropped is not None and tuple(dropped.cell) == tuple(cell)
            phases.append(("drop", 0.12 / speed) if hand else ("fly", FLY / speed))
            glimpse = max(0.0, float(self.setting("glimpse_seconds", 1.2)))
            if glimpse > 0:
                phases += [("turn", TURN / speed), ("glimpse", glimpse), ("back", TURN / speed)]
        elif last["action"] == "flip":
            phases.append(("flip", 2 * TURN / speed))
        if last["arcs"]:
            phases.append(("arcs", ARCS / speed))
        if last["replaced"]:
            phases.append(("swap", SWAP / speed))
        if not phases:
            self.shown_scores = tuple(state.scores)
            return
        self.anim = {"phases": phases, "index": 0, "t": 0.0, "cell": cell, "chip": last["chip"],
                     "before": before, "state": state, "last": last,
                     "swaps": list(zip(last["replaced"], last["to_basket"])),
                     "basket": None if last["basket_returned"] else tuple(previous.basket)}
        self._enter(phases[0][0])

    def refuse_flip(self, cell) -> None:
        """A flip that Rule 2 forbids: the chip turns over and back, nothing changes."""
        text = self.state.chip_at(cell)
        under = f"{text[2].upper()}/{text[0].lower()}"
        t = TURN / self.speed
        self.anim = {"phases": [("flip", 2 * t), ("flip", 2 * t)], "index": 0, "t": 0.0,
                     "cell": cell, "chip": under, "before": text, "state": self.state,
                     "last": None, "swaps": [], "refused": True}

    @property
    def busy(self) -> bool:
        return self.anim is not None

    def finish_animation(self) -> None:
        a = self.anim
        if a is None:
            return
        while a["index"] + 1 < len(a["phases"]):
            a["index"] += 1
            self._enter(a["phases"][a["index"]][0], quiet=True)
        self._end_animation()

    def update(self, dt: float) -> None:
        super().update(dt)
        a = self.anim
        if a is None:
            return
        a["t"] += dt
        while self.anim is a and a["t"] >= a["phases"][a["index"]][1]:
            a["t"] -= a["phases"][a["index"]][1]
            if a["index"] + 1 >= len(a["phases"]):
                self._end_animation()
                return
            a["index"] += 1
            self._enter(a["phases"][a["index"]][0])

    def _enter(self, phase, quiet=False) -> None:
        a = self.anim
        last = a["last"]
        if a.get("refused"):
            if a["index"] == 1:
                a["chip"], a["before"] = a["before"], a["chip"]
            return
        if phase in ("drop", "flip") or (phase == "back" and not quiet):
            self._sound("place", quiet or phase == "back")
        if phase == "arcs" and any(last["points"]):
            self._sound("capture", quiet)
            self._announce_points(last)
        if phase == "swap" and not last["arcs"] and last["action"] == "replace":
            self._sound("capture", quiet)

    def _sound(self, name, quiet=False) -> None:
        if not quiet:
            self.sound(name)

    def _announce_points(self, last) -> None:
        scorer = 0 if last["points"][0] else 1
        n = last["points"][scorer]
        mover = last["player"]
        big = f"{'Point' if n == 1 else f'{n} points'} to {self._name(scorer)}"
        if scorer != mover:
            small = f"scored on {self._name(mover)}'s move"
        else:
            small = f"{COLOUR_WORDS['BG'[scorer]]} chip{'s' if n > 1 else ''} bent round by orange"
        self.announce(big, lighten(self.player_colours[scorer], 0.45), 2.6, small=small)

    def _end_animation(self) -> None:
        a, self.anim = self.anim, None
        self._chips = None
        if a.get("refused"):
            return
        state, last = a["state"], a["last"]
        self.shown_scores = tuple(state.scores)
        if last["basket_returned"]:
            self.announce("The Basket is poured back", GOLD, 2.4,
                          small="The Repository ran out: its chips return with random sides up")
        for player in last["skipped"]:
            self.announce(f"{self._name(player)} is skipped", (255, 200, 150), 2.4,
                          small="No legal action: the other player moves again")

    # --- input -------------------------------------------------------------------------------
    def handle_event(self, event):
        if self.state is None:
            return None
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self._hover(event.pos)
            return None
        if not self._can_act():
            return None
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel_input()
            return None
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer = event.pos
            self.finish_animation()
            return self._press(event.pos)
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        return None

    def _press(self, pos):
        state = self.state
        up = self.trays.slot_at(pos) if self.trays else None
        cell = self.cell_at(pos)
        if state.pending_cells:
            if cell is not None:
                return self._attempt(("replace", cell, None, None))
            if up is not None:
                self.status = "First choose where the score chip goes: click a lit cell."
            return None
        if up is not None:
            if self.held == up:
                self._put_back()
            elif not state.repository_counts()[up]:
                self.status = f"No chip with {COLOUR_WORDS[up]} up is left in the Repository."
            else:
                self.held = up
                self.drag_from = pos
                self._glow = None
                good, _ = self.targets(up)
                self.status = (f"{COLOUR_WORDS[up].capitalize()} up: put it on a lit cell."
                               if good else f"No cell takes a chip with {COLOUR_WORDS[up]} up now.")
            return None
        if cell is None:
            if self.held is not None:
                self._put_back()
            return None
        if self.held is not None:
            return self._attempt(("place", cell, self.held, None), keep=True)
        if state.chip_at(cell) is None:
            self.status = "Take a chip from the Repository first, or click a chip to flip it."
            return None
        return self._attempt(("flip", cell, None, None))

    def _release(self, pos):
        start, self.drag_from = self.drag_from, None
        if self.held is None or start is None:
            return None
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 8:
            return None                      # a click: the chip stays in hand
        cell = self.cell_at(pos)
        if cell is None:
            self._put_back()
            return None
        return self._attempt(("place", cell, self.held, None))

    def _attempt(self, move, keep=False):
        move = Move(*move)
        problem = self.state.action_problem(move)
        if problem is None:
            self.held = None
            self._glow = None
            self._dropped = move
            return move
        if move.action == "flip" and problem == RULE_2:
            self.status = f"Not allowed: {problem}. The flip is undone: choose another action."
            self.refuse_flip(move.cell)
        else:
            self.status = f"Not allowed: {problem}."
        if not keep and move.action == "place":
            self.held = None
            self._glow = None
        self._sound("warn")
        return None

    def _put_back(self) -> None:
        self.held = None
        self.drag_from = None
        self._glow = None
        self.status = "Put back in the Repository."

    def _hover(self, pos) -> None:
        text = self._hover_words(pos) if self._can_act() else ""
        if text != self.hover_text:
            if text or self.status == self.hover_text:
                self.status = text
            self.hover_text = text

    def _hover_words(self, pos) -> str:
        state = self.state
        cell = self.cell_at(pos)
        label = cell_label(cell, self.radius) if cell else ""
        if state.pending_cells:
            if cell is None:
                return ""
            problem = state.action_problem(("replace", cell, None, None))
            return (f"Put the score chip on {label}." if problem is None
                    else f"Not here: {problem}.")
        if self.held is not None:
            if cell is None:
                return ""
            move = ("place", cell, self.held, None)
            problem = state.action_problem(move)
            if problem:
                return f"Not allowed here: {problem}."
            scoring = state.scoring_after(move)
            words = f"{COLOUR_WORDS[self.held].capitalize()} on {label}"
            if scoring:
                up = self.held if scoring[0] == cell else state.chip_at(scoring[0])[0]
                words += f": {PLAYER_NAMES[0 if up == 'B' else 1]} scores {len(scoring)}"
            return words + "."
        up = self.trays.slot_at(pos) if self.trays else None
        if up is not None:
            n = state.repository_counts()[up]
            if not n:
                return f"No chip with {COLOUR_WORDS[up]} up left."
            return (f"{n} chip{'s' if n > 1 else ''} with {COLOUR_WORDS[up]} up: drag one onto "
                    f"a lit cell, or click it and then a cell.")
        text = state.chip_at(cell) if cell else None
        if text is None:
            return ""
        if text.startswith("S"):
            return f"{label}: {PLAYER_NAMES[int(text[1])]}'s score chip, it never flips."
        if cell == state.flip_locked:
            return f"{label} is locked: it was just flipped, so it cannot be flipped back now."
        return f"Click to flip {label} ({COLOUR_WORDS[text[0]]} up)."

    # --- words -----------------------------------------------------------------------------------
    def describe_move(self, state, move) -> str:
        label = cell_label(move.cell, state.radius)
        if move.action == "place":
            text = f"{COLOUR_WORDS[move.up]} on {label}"
        elif move.action == "flip":
            text = f"flip {label}"
        else:
            text = f"score chip on {label}"
        try:
            points = state.play(move).last["points"]
        except ValueError:
            return text
        for player, n in enumerate(points):
            if n:
                text += f", {PLAYER_NAMES[player]} +{n}"
        return text

    def prompt(self, state, name) -> str:
        if state.to_move is None:
            return "The game is over."
        who = f"{PLAYER_NAMES[state.to_move]} ({name})"
        if state.pending_cells:
            label = cell_label(state.pending_cells[0], state.radius)
            return f"{who}: choose where the score chip for {label} goes - click a lit cell."
        if self.held is not None:
            return f"{who}: put the {COLOUR_WORDS[self.held]} chip on a lit cell (Esc puts it back)."
        if self.rect.width < 760:
            return f"{who}: take a chip from the Repository, or click a chip to flip it."
        return (f"{who}: drag a chip from the Repository onto a lit cell, or click a chip on "
                f"the board to flip it.")

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.state is None:
            return
        top = (self.frame.x - 16, self.frame.y - 16)
        surface.blit(self._board_layer(), top)
        if (self.held is not None and self._can_act()) or (self.state.pending_cells
                                                           and self.anim is None):
            glow = self._glow_layer()
            glow.set_alpha(int(150 + 100 * pulse()))
            surface.blit(glow, top)
        surface.blit(self._chips_layer(), top)
        self._draw_pending_arcs(surface)
        if self.anim is not None:
            self._draw_animation(surface)
        self._draw_marks(surface)
        self._draw_hint(surface)
        if self.trays is not None:
            names = [self._short_name(p) for p in (0, 1)]
            a = self.anim
            basket = a["basket"] if a is not None and a.get("basket") else self.state.basket
            layer = self.trays.layer(self.state, self.shown_scores, basket, self.held,
                                     self.state.to_move, names,
                                     self._can_act() and not self.state.pending_cells)
            surface.blit(layer, self.trays.rect.topleft)
        if self.held is not None and self._can_act():
            self._draw_held(surface)
        super().draw(surface)

    def _short_name(self, player) -> str:
        if self.named_seats and player < len(self.seats):
            return self.seats[player]["name"]
        return PLAYER_NAMES[player]

    def draw_banners(self, surface) -> None:
        rect, self.rect = self.rect, self.frame      # banners sit over the board
        try:
            super().draw_banners(surface)
        finally:
            self.rect = rect


def _lerp(a, b, t) -> tuple:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _follows(previous, state) -> bool:
    """Whether ``state`` came from ``previous`` by the one action ``state.last`` describes
    (after an undo, or a redo over several moves, nothing is animated)."""
    last = state.last
    if previous.to_move != last["player"]:
        return False
    allowed = {tuple(last["cell"])} | {tuple(c) for c in last["replaced"]}
    for cell in state.geo.cells:
        if cell not in allowed and previous.chip_at(cell) != state.chip_at(cell):
            return False
    return True
