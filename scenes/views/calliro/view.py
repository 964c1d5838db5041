"""Calliro's board: a hexagon of shallow wells, two-coloured chips, and beside it
the race to 11, the Repository and the Basket.

Handling is the tabletop's: take a chip of the colour you want on top from the
Repository (drag it, or click it and then click a cell) and the cells where it
may go light up; click a chip on the board to flip it.  As a chip lands it is
turned over for a moment so both players glimpse its underside; then only top
sides show (memory play) unless the "show undersides" setting is on.  When an
action scores, the arcs light up, the scoring chips give way to score chips
and the point is announced for whoever it belongs to.

The view holds three parts: ``board`` (where the board lies, the chips on it
and the cells lit for the chip in hand), ``overlays`` (what moves over the
chips, the chip in hand, hints and marks) and ``trays`` (the column beside the
board).  It keeps the position, the chip in hand and the animation, routes the
pointer, and tells each part what to draw.
"""

from __future__ import annotations

import pygame

from game.calliro import PLAYER_NAMES, RULE_2, Move, cell_label

from ..base import GOLD, BoardView
from .art import COLOUR_WORDS, FACE, MOVER_PHASES, lighten
from .board import Board
from .overlays import Overlays
from .trays import Trays

TURN = 0.2          # seconds for half a turn of a chip (scaled by the animation speed)
FLY = 0.32
ARCS = 0.7
SWAP = 0.5
REFUSED = "#refused"


class CalliroView(BoardView):
    player_colours = (FACE["B"], FACE["G"])
    reveal_note = ("Every chip shows its underside as an inner ring here; in the game the "
                   "players saw them only as the chips landed, unless they played open.")

    def __init__(self, app, spec, seats=None, variant=None):
        super().__init__(app, spec, seats, variant)
        self.named_seats = seats is not None
        self.board = Board(spec.options["radius"])
        self.overlays = Overlays(self.board)
        self.trays: Trays | None = None        # none beside a rules diagram
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
        rect = self.rect
        col = int(min(max(rect.width * 0.27, 170), 280)) if self.input_enabled else 0
        gap = max(10, rect.width // 50) if col else 0
        self.board.fit(rect, beside=col + gap)
        self.trays = (Trays(pygame.Rect(self.board.frame.right + gap, rect.y, col, rect.height))
                      if col else None)

    def cell_center(self, cell) -> tuple:
        """Where the cell ``cell`` lies on the screen."""
        return self.board.cell_center(cell)

    # --- what may be done now ----------------------------------------------------------
    def _can_act(self) -> bool:
        s = self.state
        return s is not None and self.input_enabled and s.to_move is not None

    # --- state and animation -------------------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        if self.anim is not None:
            self.finish_animation()
        super().set_state(state, previous)
        self.held = None
        self.drag_from = None
        if state.radius != self.board.radius:
            self.board.radius = state.radius
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
        cell = self.board.cell_at(pos)
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
                good, _ = self.board.targets(state, up)
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
        cell = self.board.cell_at(pos)
        if cell is None:
            self._put_back()
            return None
        return self._attempt(("place", cell, self.held, None))

    def _attempt(self, move, keep=False):
        move = Move(*move)
        problem = self.state.action_problem(move)
        if problem is None:
            self.held = None
            self._dropped = move
            return move
        if move.action == "flip" and problem == RULE_2:
            self.status = f"Not allowed: {problem}. The flip is undone: choose another action."
            self.refuse_flip(move.cell)
        else:
            self.status = f"Not allowed: {problem}."
        if not keep and move.action == "place":
            self.held = None
        self._sound("warn")
        return None

    def _put_back(self) -> None:
        self.held = None
        self.drag_from = None
        self.status = "Put back in the Repository."

    def _hover(self, pos) -> None:
        text = self._hover_words(pos) if self._can_act() else ""
        if text != self.hover_text:
            if text or self.status == self.hover_text:
                self.status = text
            self.hover_text = text

    def _hover_words(self, pos) -> str:
        state = self.state
        cell = self.board.cell_at(pos)
        label = cell_label(cell, self.board.radius) if cell else ""
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
        state = self.state
        if state is None:
            return
        board, overlays, anim = self.board, self.overlays, self.anim
        board.draw_board(surface, self.board_style())
        if (self.held is not None and self._can_act()) or (state.pending_cells and anim is None):
            board.draw_glow(surface, state, self.held)
        undersides = self._undersides()
        board.draw_chips(surface, state, self._hidden(), undersides)
        if anim is None:
            overlays.draw_pending_arcs(surface, state)
        else:
            overlays.draw_animation(surface, anim, self.trays, undersides, self.rect.bottom)
        overlays.draw_marks(surface, state, self.marks, self.spec.parse_move)
        if self.hint_move is not None and state.to_move is not None:
            overlays.draw_hint(surface, self.hint_move)
        if self.trays is not None:
            names = [self._short_name(p) for p in (0, 1)]
            basket = anim["basket"] if anim is not None and anim.get("basket") else state.basket
            layer = self.trays.layer(state, self.shown_scores, basket, self.held,
                                     state.to_move, names,
                                     self._can_act() and not state.pending_cells)
            surface.blit(layer, self.trays.rect.topleft)
        if self.held is not None and self._can_act():
            overlays.draw_held(surface, state, self.held, self.pointer)
        super().draw(surface)

    def _undersides(self) -> bool:
        return self.reveal or bool(self.setting("show_undersides", False))

    def _hidden(self) -> frozenset:
        """The cells whose chips the animation draws, not the board."""
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

    def _short_name(self, player) -> str:
        if self.named_seats and player < len(self.seats):
            return self.seats[player]["name"]
        return PLAYER_NAMES[player]

    def draw_banners(self, surface) -> None:
        rect, self.rect = self.rect, self.board.frame      # banners sit over the board
        try:
            super().draw_banners(surface)
        finally:
            self.rect = rect


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
