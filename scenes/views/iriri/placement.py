"""The placement an Iriri player is building: the pyramids put down on the board
this turn but not yet played, what they would make, and the pyramid in hand.

The view holds one ``Placement`` and changes it only from input; the board, the
trays and the ring are given it to draw the pending pieces, the words they form,
what they would score and the piece held.  Nothing here is played until the view
turns it into a ``Place`` on Confirm.
"""

from __future__ import annotations

from game.iriri import Place

from .words import problem_text


class Placement:
    def __init__(self):
        self.pieces: dict = {}      # {cell: type} in the order put down
        self.words: list = []       # every word they form, as the rules read them
        self.points = None          # what they would score, when allowed
        self.problem = None         # why they are not allowed, in a player's words
        # in hand: {"from": "hand", "type", "slot"} | {"from": "pending", "cell", "type"}
        self.held = None
        self.dragging = False       # the held piece follows the pointer
        self.press_pos = None       # where the press that picked it up began

    def clear(self) -> None:
        """Nothing put down and nothing held (call ``check`` after)."""
        self.pieces = {}
        self.held = None
        self.dragging = False
        self.press_pos = None

    def check(self, state) -> None:
        """Work out the words, the points and any problem of the pieces put down on ``state``."""
        pieces = [(r, c, t) for (r, c), t in self.pieces.items()]
        if not pieces or state is None:
            self.words, self.points, self.problem = [], None, None
            return
        self.words = state.words_for(pieces)
        problem = state.placement_problem(pieces)
        if problem:
            self.problem = problem_text(problem, self.words)
            self.points = None
        else:
            self.problem = None
            self.points = state.placement_points(pieces)

    def drop(self, cell) -> None:
        """Put the held pyramid down on ``cell`` (call ``check`` after)."""
        held, self.held = self.held, None
        if held["from"] == "pending":
            self.pieces.pop(held["cell"], None)
        self.pieces[cell] = held["type"]

    def move(self) -> Place:
        """The pieces put down, as the move that plays them."""
        return Place(tuple(sorted((r, c, t) for (r, c), t in self.pieces.items())))

    def hidden(self) -> set:
        """Cells whose pending piece is being dragged away (drawn under the pointer instead)."""
        if self.held is not None and self.held["from"] == "pending" and self.dragging:
            return {self.held["cell"]}
        return set()
