"""Iriri: a crossword of Icehouse pyramids, spelled from a shrinking ring.

Yellow (player 0) and Blue (player 1) each own five small, medium and large
pyramids.  Piece types are written ``Ys Ym Yl Bs Bm Bl`` (colour, then size).
The ring (the dictionary) is a circle of pieces; a row or column of touching
pieces on the board is a word, and a word is valid when it can be read off
the ring, in either direction and wrapping round as often as needed.

Cells are ``(row, col)`` on an unbounded grid, rows growing downwards; the
first word of a game covers ``0,0`` and runs right along row 0 or down
column 0.  A turn is two moves by the same player: a place move (or a pass
when no placement is legal), then a take move refilling the hand from the
ring.  A take with nothing to take is skipped, so the opponent moves next.

``state.py`` holds the state and the take rules; ``records.py`` positions,
notation and the ``SPEC``; ``words.py`` the ring as a dictionary, word
geometry and the fast list of legal placements.

Rulings taken here where the seed text is silent (see also the rules screen):

* A pass ends the turn at once: no take phase follows it.  In any position
  reached by play this changes nothing, because the passer's hand is just
  as their previous take left it: full, or with nothing left to take.
* The take move must take exactly ``min(3 - hand size, takeable)`` pieces,
  where ``takeable`` counts, per own-colour type, every ring piece but one.
* A position read from data holds the whole set, five of each type across the
  ring, the board and the hands, as every position of a game does; a hand is
  full, or its owner has nothing left to take, except while that player takes.
  The board grows from the first word on ``0,0`` as one connected group.
* Scores are kept in half points; only the first placement adds a half, so
  a finished game that saw a placement can never be a draw.
"""

from __future__ import annotations

from .records import SPEC
from .state import (PASS, PLAYER_NAMES, TYPES, IririState, Pass, Place, Take, Takeable, cell_label,
                    colour_of, side_names, start_ring, take_need)
from .words import (ACROSS, DOWN, Dictionary, Word, dictionary, orderings, placements, touches,
                    word_cells, words_through)

__all__ = ["SPEC", "IririState", "Place", "Take", "Pass", "PASS", "Word", "Takeable",
           "Dictionary", "dictionary", "orderings", "placements", "word_cells", "words_through",
           "touches", "ACROSS", "DOWN", "TYPES", "PLAYER_NAMES", "colour_of", "cell_label",
           "start_ring", "take_need", "side_names"]
