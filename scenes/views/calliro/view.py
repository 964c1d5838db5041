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

from game.calliro import RULE_2, Move, cell_label
from game.i18n import _, left_to_right, ngettext, number

from ... import assets
from ..base import GOLD, BoardView, seat_label
from ..cursor import Area, around
from ..drawing import lighten
from .art import MARKS, MOVER_PHASES, colour_word, faces
from .board import Board
from .overlays import Overlays
from .trays import Trays

NOTICE = 6.0        # seconds a refusal by Rule 2 stays explained on the board
BANNER_GIVES_WAY = 0.35   # seconds a banner takes to fade out once it would hide a choice

TURN = 0.2          # seconds for half a turn of a chip (scaled by the animation speed)
#: A landing chip never turns over faster than this (seconds a half turn), whatever the
#: speed: too quick, its underside would look like another chip put down.
TURN_AT_LEAST = 0.15
FLY = 0.32
ARCS = 0.7
SWAP = 0.5
REFUSED = "#refused"


def upper_first(text: str) -> str:
    """``text`` starting a sentence: "blue up: ..." -> "Blue up: ..."."""
    return text[:1].upper() + text[1:]


def side_word(player: int) -> str:
    """Player ``player``'s side (Blue, Green) in the language in use."""
    return _("Blue") if player == 0 else _("Green")


def is_rule_2(problem) -> bool:
    """Whether the rules' refusal ``problem`` is Rule 2's (as the rules word it, in English
    or in the language in use)."""
    return problem is not None and problem in (RULE_2, _(RULE_2))


class CalliroView(BoardView):
    @property
    def reveal_note(self) -> str:
        return _("Every chip shows its underside as an inner ring here; in the game the "
                 "players saw them only as the chips landed, unless they played open.")

    @property
    def player_colours(self) -> tuple:
        """Blue's and Green's chip colours, in the palette in use."""
        return faces()["B"], faces()["G"]

    def seat_marks(self) -> tuple:
        """Blue's and Green's marks, as their chips carry them."""
        return (MARKS["B"],), (MARKS["G"],)

    @classmethod
    def side_names(cls, variant=None) -> tuple:
        return side_word(0), side_word(1)

    def __init__(self, app, spec, seats=None, variant=None):
        super().__init__(app, spec, seats, variant)
        self.named_seats = seats is not None
        self.board = Board(spec.options["radius"])
        self.overlays = Overlays(self.board)
        self.trays: Trays | None = None        # none beside a rules diagram
        self.pointer = (0, 0)
        self.pointer_moved = False     # since the position changed: a preview follows it
        self.held: str | None = None           # the up colour taken from the Repository
        self.drag_from = None
        self.hover_text = ""
        self.anim: dict | None = None
        self.shown_scores = (0, 0)
        self._dropped = None                   # a move put down by hand, not flown in
        self.notice: dict | None = None        # a refusal by Rule 2, explained on the board

    def _name(self, player: int) -> str:
        colour = side_word(player)
        if self.named_seats and player < len(self.seats):
            return seat_label(self.seats[player]["name"], colour)
        return colour

    # --- layout ---------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        self._fit()

    def _fit(self) -> None:
        rect = self.rect
        # A game keeps its column whoever is to move; only a picture (no seats: a rules
        # diagram, the final board) goes without.
        col = int(min(max(rect.width * 0.27, 170), 280)) if self.named_seats else 0
        gap = max(10, rect.width // 50) if col else 0
        self.board.fit(rect, beside=col + gap)
        self.trays = (Trays(pygame.Rect(self.board.frame.right + gap, rect.y, col, rect.height))
                      if col else None)

    def cell_center(self, cell) -> tuple:
        """Where the cell ``cell`` lies on the screen."""
        return self.board.cell_center(cell)

    # --- what may be done now ----------------------------------------------------------
    def can_act(self) -> bool:
        s = self.state
        return s is not None and self.input_enabled and s.to_move is not None

    # --- state and animation -------------------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        if self.anim is not None:
            self.finish_animation()
        super().set_state(state, previous)
        self.held = None
        self.pointer_moved = False
        self.drag_from = None
        self.notice = None
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
                turn = max(TURN_AT_LEAST, TURN / speed)
                phases += [("turn", turn), ("glimpse", glimpse), ("back", turn)]
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

    def scores_so_far(self) -> tuple | None:
        return self.shown_scores if self.anim is not None else None

    def landing_words(self, text: str) -> str:
        """Until the point is announced (after its arc is shown) the move is told without
        it: "orange on e4", then "orange on e4, Blue +1"."""
        a = self.anim
        if a is None or a.get("announced") or not a["last"] or not any(a["last"]["points"]):
            return text
        full = self._last_words(a["last"], a["state"].radius)
        plain = self._last_words(a["last"], a["state"].radius, points=False)
        return text[:-len(full)] + plain if text.endswith(full) else text

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
        if self.notice is not None:
            self.notice["ttl"] -= dt
            if self.notice["ttl"] <= 0:
                self.notice = None
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
        if a["index"] and a["phases"][a["index"] - 1][0] == "arcs":
            self._after_arcs(a)
        if phase == "swap" and not last["arcs"] and last["action"] == "replace":
            self._sound("capture", quiet)

    def _sound(self, name, quiet=False) -> None:
        if not quiet:
            self.sound(name)

    def _after_arcs(self, a) -> None:
        """The arcs have been shown on their own: now the point is announced."""
        if any(a["last"]["points"]) and not a.get("announced"):
            a["announced"] = True
            # the race (and the sidebar) count the point as it is announced
            self.shown_scores = tuple(s + n for s, n in zip(self.shown_scores,
                                                            a["last"]["points"]))
            self._announce_points(a["last"])

    def _announce_points(self, last) -> None:
        scorer = 0 if last["points"][0] else 1
        n = last["points"][scorer]
        mover = last["player"]
        big = ngettext("Point to {name}", "{n} points to {name}", n).format(
            n=number(n), name=self._name(scorer))
        if scorer != mover:
            small = _("scored on {name}'s move").format(name=self._name(mover))
        else:
            small = upper_first(ngettext("{colour} chip bent round by orange",
                                         "{colour} chips bent round by orange", n).format(
                colour=colour_word("BG"[scorer])))
        self.announce(big, lighten(self.player_colours[scorer], 0.45), 2.6, small=small)

    def _end_animation(self) -> None:
        a, self.anim = self.anim, None
        if a.get("refused"):
            return
        state, last = a["state"], a["last"]
        if a["phases"][-1][0] == "arcs":
            self._after_arcs(a)
        self.shown_scores = tuple(state.scores)
        if last["basket_returned"]:
            self.announce(_("The Basket is poured back"), GOLD, 2.4,
                          small=_("The Repository ran out: its chips return with random sides "
                                  "up"))
        for player in last["skipped"]:
            self.announce(_("{name} is skipped").format(name=self._name(player)),
                          (255, 200, 150), 2.4,
                          small=_("No legal action: the other player moves again"))

    # --- input -------------------------------------------------------------------------------
    def takes_input(self) -> bool:
        return self.can_act()

    def on_motion(self, pos):
        self.pointer_moved = True
        self._hover(pos)

    def on_right_press(self, pos):
        self.cancel_input()

    def on_press(self, pos):
        state = self.state
        up = self.trays.slot_at(pos) if self.trays else None
        cell = self.board.cell_at(pos)
        if state.pending_cells:
            if cell is not None:
                return self._attempt(("replace", cell, None, None))
            if up is not None:
                self.status = _("First choose where the score chip goes: click a ringed "
                                "chip, or arrows and Enter.")
            return None
        if up is not None:
            if self.held == up:
                self._put_back()
            elif not state.repository_counts()[up]:
                self.status = _("No chip with {colour} up is left in the Repository.").format(
                    colour=colour_word(up))
            else:
                self.held = up
                self.drag_from = pos
                good, _refused = self.board.targets(state, up)
                self.status = (upper_first(_("{colour} up: put it on a lit cell.").format(
                    colour=colour_word(up))) if good else
                    _("No cell takes a chip with {colour} up now.").format(colour=colour_word(up)))
            return None
        if cell is None:
            if self.held is not None:
                self._put_back()
            return None
        if self.held is not None:
            return self._attempt(("place", cell, self.held, None), keep=True)
        if state.chip_at(cell) is None:
            self.status = _("Take a chip from the Repository first, or click a chip to flip "
                            "it.")
            return None
        return self._attempt(("flip", cell, None, None))

    def on_release(self, pos):
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

    def key_areas(self) -> list:
        """The board's cells and the Repository's three stacks; while a score chip waits
        for its cell, the cursor starts on the first ringed chip it may go on."""
        board = self.board
        size = board.chip_size + 2
        home = None
        if self.state.pending_cells:
            home = next((tuple(m.cell) for m in self.state.legal_moves()), None)
        areas = [Area("board", tuple(board.centres),
                      lambda cell: around(board.cell_center(cell), size),
                      shape="circle", home=home, frame=board.frame)]
        if self.trays is not None:
            slots = self.trays.slots
            # the ring goes round a stack's own place, clear of the panel's title above it
            areas.append(Area("repository", tuple(slots), lambda up: slots[up].inflate(-12, -12),
                              frame=self.trays.repo_rect))
        return areas

    def key_home(self) -> str:
        """A score chip's cell is chosen on the board; else a turn starts at the
        Repository (a flip is a Tab away)."""
        if self.state.pending_cells or not self.named_seats:
            return "board"
        return "repository"

    def _attempt(self, move, keep=False):
        move = Move(*move)
        problem = self.state.action_problem(move)
        if problem is None:
            self.held = None
            self._dropped = move
            return move
        if is_rule_2(problem):
            flip = move.action == "flip"
            self.status = (_("Not allowed by Rule 2: blue and green would both score. Flip "
                             "undone.") if flip else
                           _("Not allowed by Rule 2: blue and green would both score."))
            self._explain_rule_2(move)
            if flip:
                self.refuse_flip(move.cell)
        else:
            self.status = _("Not allowed: {problem}.").format(problem=_(problem))
        if not keep and move.action == "place":
            self.held = None
        self._sound("warn")
        return None

    def _explain_rule_2(self, move) -> None:
        """Rule 2 in full on the board for a few seconds (the status line has room only
        for its gist), clear of the refused chip, the chips that would have scored and
        the orange ends of their arcs."""
        if move.action == "flip":
            text = _("Blue and green would both score; an action after which chips of both "
                     "players' colours sit in arcs is not allowed. The flip is undone: choose "
                     "another action.")
        else:
            text = _("Blue and green would both score; an action after which chips of both "
                     "players' colours sit in arcs is not allowed. Put the chip somewhere "
                     "else, or flip a chip.")
        scorers = [tuple(c) for c in self.state.scoring_after(move)]
        near = [c for c in self.board.centres if any(_next_to(c, s) for s in scorers)]
        self.notice = {"title": _("Not allowed: Rule 2"), "text": text, "ttl": NOTICE,
                       "cells": tuple({tuple(move.cell), *scorers, *near})}

    def _put_back(self) -> None:
        self.held = None
        self.drag_from = None
        self.status = _("Put back in the Repository.")

    def _hover(self, pos) -> None:
        text = self._hover_words(pos) if self.can_act() else ""
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
            return (_("Put the score chip on {cell}.").format(cell=label) if problem is None
                    else _("Not here: {problem}.").format(problem=_(problem)))
        if self.held is not None:
            if cell is None:
                return ""
            move = ("place", cell, self.held, None)
            problem = state.action_problem(move)
            if is_rule_2(problem):
                return _("Not allowed here by Rule 2: blue and green would both score.")
            if problem:
                return _("Not allowed here: {problem}.").format(problem=_(problem))
            scoring = state.scoring_after(move)
            colour = colour_word(self.held)
            if scoring:
                up = self.held if scoring[0] == cell else state.chip_at(scoring[0])[0]
                n = len(scoring)
                return upper_first(ngettext("{colour} on {cell}: {side} scores {n}.",
                                            "{colour} on {cell}: {side} scores {n}.", n).format(
                    colour=colour, cell=label, side=side_word(0 if up == "B" else 1),
                    n=number(n)))
            return upper_first(_("{colour} on {cell}.").format(colour=colour, cell=label))
        up = self.trays.slot_at(pos) if self.trays else None
        if up is not None:
            n = state.repository_counts()[up]
            if not n:
                return _("No chip with {colour} up left.").format(colour=colour_word(up))
            return ngettext("{n} chip with {colour} up: drag it onto a lit cell, or click it "
                            "(or Enter) and then a cell.",
                            "{n} chips with {colour} up: drag one onto a lit cell, or click it "
                            "(or Enter) and then a cell.", n).format(n=number(n), colour=colour_word(up))
        text = state.chip_at(cell) if cell else None
        if text is None:
            return ""
        if text.startswith("S"):
            return _("{cell}: {side}'s score chip, it never flips.").format(
                cell=label, side=side_word(int(text[1])))
        if cell == state.flip_locked:
            return _("{cell} is locked: it was just flipped, so it cannot be flipped back "
                     "now.").format(cell=label)
        return _("Click or Enter to flip {cell} ({colour} up).").format(cell=label,
                                                              colour=colour_word(text[0]))

    # --- words -----------------------------------------------------------------------------------
    def describe_move(self, state, move) -> str:
        try:
            last = state.play(move).last
        except ValueError:
            last = None
        if last is None:
            label = cell_label(move.cell, state.radius)
            if move.action == "place":
                return _("{colour} on {cell}").format(colour=colour_word(move.up), cell=label)
            if move.action == "flip":
                return _("flip {cell}").format(cell=label)
            return _("score chip on {cell}").format(cell=label)
        return self._last_words(last, state.radius)

    @staticmethod
    def _last_words(last, radius, points=True) -> str:
        """An action as the move list tells it, from what the rules say it did: "orange on
        e4", and with ``points`` who scored: "orange on e4, Blue +1"."""
        label = cell_label(last["cell"], radius)
        if last["action"] == "place":
            text = _("{colour} on {cell}").format(colour=colour_word(last["chip"][0]),
                                                  cell=label)
        elif last["action"] == "flip":
            text = _("flip {cell}").format(cell=label)
        elif last["to_basket"]:
            text = _("score chip on {cell} in place of {colour}").format(
                cell=label, colour=colour_word(last["to_basket"][0][0]))
        else:
            text = _("score chip on {cell}").format(cell=label)
        if points:
            for player, n in enumerate(last["points"]):
                if n:
                    # TRANSLATORS: a move in the move list and who scored by it: "orange on
                    # e4, Blue +1" ({points} is "+1")
                    # ("+1" kept in its order inside a sentence written right to left)
                    text = _("{move}, {side} {points}").format(
                        move=text, side=side_word(player),
                        points=left_to_right("+" + number(n)))
        return text

    def hint_words(self, state, move) -> str:
        label = cell_label(move.cell, state.radius)
        if move.action == "place":
            return _("take a chip with {colour} up from the Repository and put it on "
                     "{cell}").format(colour=colour_word(move.up), cell=label)
        if move.action == "flip":
            return _("flip the chip on {cell}").format(cell=label)
        return _("put the score chip on {cell}").format(cell=label)

    def prompt(self, state, name) -> str:
        if state.to_move is None:
            return _("The game is over.")
        who = seat_label(name, side_word(state.to_move), side_first=True)
        if state.pending_cells:
            scored, count = self._why_choosing(state, who)
            if self.rect.width < 760:
                return (_("{scored} ({count}): click a ringed chip, or arrows and Enter.")
                        if count else _("{scored}: click a ringed chip, or arrows and Enter.")
                        ).format(scored=scored, count=count)
            return (_("{scored} ({count}): click the ringed chip that becomes the score chip, "
                      "or choose it with arrows and Enter.") if count else
                    _("{scored}: click the ringed chip that becomes the score chip, or choose "
                      "it with arrows and Enter.")).format(scored=scored, count=count)
        if self.held is not None:
            return _("{who}: put the {colour} chip on a lit cell: click, or arrows and Enter "
                     "(Esc puts it back).").format(who=who, colour=colour_word(self.held))
        if self.rect.width < 760:
            return _("{who}: take a chip from the Repository, or click a chip to flip it "
                     "(or arrows, Tab and Enter).").format(who=who)
        return _("{who}: drag a chip from the Repository onto a lit cell, or click a chip on "
                 "the board to flip it; or arrows, Tab and Enter.").format(who=who)

    def thinking_words(self, state, name) -> str:
        if state.pending_cells:
            who = seat_label(name, side_word(state.to_move), side_first=True)
            scored, count = self._why_choosing(state, who)
            return (_("{scored} ({count}): choosing the score chip...") if count else
                    _("{scored}: choosing the score chip...")).format(scored=scored, count=count)
        return super().thinking_words(state, name)

    @staticmethod
    def _why_choosing(state, who) -> tuple:
        """Who chooses where a score chip goes, and why, and how many choices are left:
        ("Blue (Ann) scored on Green's move", "2 points, one at a time"); "" for the count
        of a single point."""
        last = state.last or {}
        mover = last.get("player")
        if last.get("action") != "replace" and mover is not None and mover != state.to_move:
            scored = _("{who} scored on {side}'s move").format(who=who, side=side_word(mover))
        else:
            scored = _("{who} scored").format(who=who)
        if last.get("action") == "replace":
            return scored, _("next point")
        waiting = len(state.pending_cells)
        count = (ngettext("{n} point, one at a time", "{n} points, one at a time",
                          waiting).format(n=number(waiting)) if waiting > 1 else "")
        return scored, count

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        state = self.state
        if state is None:
            return
        board, overlays, anim = self.board, self.overlays, self.anim
        board.draw_board(surface, self.board_style())
        if (self.held is not None and self.can_act()) or (state.pending_cells and anim is None):
            board.draw_glow(surface, state, self.held)
        undersides = self._undersides()
        board.draw_chips(surface, state, self._hidden(), undersides)
        if anim is None:
            overlays.draw_pending_arcs(surface, state,
                                       self.pointer if self.can_act() and self.pointer_moved
                                       else None)
        else:
            overlays.draw_animation(surface, anim, self.trays, undersides, self.rect.bottom)
        overlays.draw_marks(surface, state, self.marks, self.spec.parse_move)
        if self.hint_move is not None and state.to_move is not None:
            overlays.draw_hint(surface, self.hint_move)
        if self.trays is not None:
            names = [self._short_name(p) for p in (0, 1)]
            basket = anim["basket"] if anim is not None and anim.get("basket") else state.basket
            layer = self.trays.layer(state, self.shown_scores, basket, self.held,
                                     self.turn_shown(), names,
                                     self.can_act() and not state.pending_cells)
            surface.blit(layer, self.trays.rect.topleft)
        if self.held is not None and self.can_act():
            overlays.draw_held(surface, state, self.held, self.pointer)
        super().draw(surface)

    def turn_shown(self) -> int | None:
        """Whose turn the race column tells: while an action is played out, the one who
        acted (as the sidebar, which shows the position before it until it lands)."""
        a = self.anim
        if a is not None and a["last"] is not None:
            return a["last"]["player"]
        return self.state.to_move

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
        return side_word(player)

    def draw_banners(self, surface) -> None:
        """Banners sit over the board, clear of the chips that just scored (or of the
        chip Rule 2 refused), and so does the explanation of a refusal."""
        frame = self.board.frame
        keep_clear = self._keep_clear()
        if self.banners:
            line = assets.font(max(26, frame.height // 12), True).get_linesize()
            height = (sum(line + (34 if b.small else 18) for b in self.banners)
                      + 10 * (len(self.banners) - 1))
            rect, self.rect = self.rect, frame.copy()
            self.rect.centery = self.clear_row(height, keep_clear)
            if self._choosing() and not self._clear(self.rect.centery, height, keep_clear):
                # no band leaves the chips to choose from in view: the banner makes way now
                for banner in self.banners:
                    banner.ttl = min(banner.ttl, BANNER_GIVES_WAY)
            try:
                super().draw_banners(surface)
            finally:
                self.rect = rect
        if self.notice is not None:
            box = self.overlays.notice_box(self.notice, frame)
            box.centery = self.clear_row(box.height, keep_clear)
            self.overlays.draw_notice(surface, self.notice, box)

    def _keep_clear(self) -> tuple:
        """The cells a banner must not hide: the arcs of the last point, the chips to
        choose the score chip's cell from, the refused chip."""
        last = self.anim["last"] if self.anim is not None else (
            self.state.last if self.state is not None else None)
        cells = [c for arc in (last or {}).get("arcs") or () for c in arc]
        if self._choosing():
            cells += [c for arc in self.state.arcs_at(self.state.pending_cells[0]) for c in arc]
            cells += [tuple(m.cell) for m in self.state.legal_moves()]
        if self.notice is not None:
            cells += list(self.notice["cells"])
        return tuple(cells)

    def _choosing(self) -> bool:
        """A score chip's cell is to be chosen now (the action before it has landed)."""
        return self.anim is None and self.state is not None and bool(self.state.pending_cells)

    def _clear(self, y: int, height: int, cells) -> bool:
        """Whether a band ``height`` pixels tall centred on ``y`` leaves ``cells`` in view."""
        if not cells:
            return True
        reach = self.board.chip_size * 0.6 + 4
        ys = [self.board.cell_center(c)[1] for c in cells]
        return y + height / 2 <= min(ys) - reach or y - height / 2 >= max(ys) + reach

    def clear_row(self, height: int, cells) -> int:
        """The middle of a band ``height`` pixels tall across the board that leaves
        ``cells`` in view, as near the board's middle as may be (else as far from them)."""
        frame = self.board.frame
        if not cells:
            return frame.centery
        reach = self.board.chip_size * 0.6 + 4
        ys = [self.board.cell_center(c)[1] for c in cells]
        low, high = min(ys) - reach, max(ys) + reach
        best = None
        top = frame.top + height // 2 + 4
        for y in range(top, max(top, frame.bottom - height // 2 - 4) + 1, 2):
            gap = max(low - (y + height / 2), (y - height / 2) - high)
            key = (gap >= 0, -abs(y - frame.centery) if gap >= 0 else gap)
            if best is None or key > best[0]:
                best = (key, y)
        return best[1]


def _next_to(a, b) -> bool:
    """Whether cells ``a`` and ``b`` are neighbours."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) == 2


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
