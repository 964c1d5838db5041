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
        # {cell: the hand slot its piece came from}: the slot stays empty while the piece
        # is pending, and the other pieces keep theirs, until the turn ends
        self.slots: dict = {}
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
        self.slots = {}
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
            slot = self.slots.pop(held["cell"], None)
        else:
            slot = held.get("slot")
        self.pieces[cell] = held["type"]
        self.slots[cell] = slot

    def remove(self, cell) -> None:
        """Take the pending piece on ``cell`` back to its slot (call ``check`` after)."""
        self.pieces.pop(cell, None)
        self.slots.pop(cell, None)

    def hand_shown(self, hand) -> list:
        """``hand`` slot by slot as its tray shows it: None in the slot of each piece
        pending on the board or held from the hand, the others where they were."""
        shown = list(hand)
        taken = [(self.slots.get(cell), piece) for cell, piece in self.pieces.items()]
        if self.held is not None and self.held["from"] == "hand":
            taken.append((self.held.get("slot"), self.held["type"]))
        for slot, piece in taken:
            empty_slot(shown, piece, slot)
        return shown

    def move(self) -> Place:
        """The pieces put down, as the move that plays them."""
        return Place(tuple(sorted((r, c, t) for (r, c), t in self.pieces.items())))

    def hidden(self) -> set:
        """Cells whose pending piece is being dragged away (drawn under the pointer instead)."""
        if self.held is not None and self.held["from"] == "pending" and self.dragging:
            return {self.held["cell"]}
        return set()


def empty_slot(shown: list, piece: str, slot=None) -> None:
    """Empty the slot of ``shown`` holding ``piece``: ``slot`` if it does, else the first."""
    if slot is not None and 0 <= slot < len(shown) and shown[slot] == piece:
        shown[slot] = None
    elif piece in shown:
        shown[shown.index(piece)] = None
