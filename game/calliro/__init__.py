"""Calliro: place and flip two-coloured chips on a hex board; bend two orange
chips round one of your own to score.

Blue (player 0) owns the blue sides, Green (player 1) the green sides; orange
is common.  A blue or green chip whose two orange neighbours make a 120 degree
bend (an *arc*) scores for the owner of its colour, whoever made the action.
The scorer then chooses which of the arc's three chips becomes the score chip
(a ``replace`` move, pending until made; the option ``scorer_chooses_replacement``
off puts it on the scoring chip itself).  Two scoring chips side by side
between the same two orange chips are both replaced at once (Rule 3).  An
action that would make both colours score is illegal (Rule 2).  11 points win
at once.

Cells are axial ``(q, r)`` pairs, on the board when
``max(|q|, |r|, |q + r|) <= radius``; pointy-top layout with ``r`` growing
downwards.  ``DIRECTIONS`` lists the six neighbour steps in turning order, so
two directions ``k`` steps apart meet at ``60 * k`` degrees.  Labels: column
letter ``a + (q + radius)``, row number ``r + radius + 1`` (``e5`` is the
centre of the default board).  ``cells``, ``cell_label``, ``parse_cell`` and
``neighbours`` convert.

Every underside is known to the engine; hiding them (memory play) is the
board view's business.  Randomness (which chip of the chosen up colour is
drawn, the up sides at setup and when the Basket returns) comes from
``rng_for(seed, draws)``: the setup is draw 0.
"""

from __future__ import annotations

from .board import (ARC_120, ARC_ANY, BLUE, CHIPS_PER_KIND, COLOURS, COLOUR_NAMES, DIRECTIONS,
                    EMPTY, FLIPPED, GREEN, KINDS, KIND_OF, OPTIONS, OPTION_CHOICES, ORANGE, PAIR,
                    PAIR_KINDS, PAIR_NAMES, PLAYER_NAMES, RULE_2, SCORE_CHIP, UNDER, UP, UP_KINDS,
                    WIN_POINTS, Geometry, Move, cell_label, cells, chip_text, flip, geometry,
                    neighbours, on_board, parse_cell, parse_chip, place, replace, colour_word,
                    side_names)
from .records import SPEC
from .state import CalliroState

__all__ = ["SPEC", "CalliroState", "ARC_120", "ARC_ANY", "BLUE", "CHIPS_PER_KIND", "COLOUR_NAMES",
           "COLOURS", "DIRECTIONS", "EMPTY", "FLIPPED", "GREEN", "KIND_OF", "KINDS",
           "OPTION_CHOICES", "OPTIONS", "ORANGE", "PAIR", "PAIR_KINDS", "PAIR_NAMES",
           "PLAYER_NAMES", "RULE_2", "SCORE_CHIP", "UNDER", "UP", "UP_KINDS", "WIN_POINTS",
           "Geometry", "Move", "cell_label", "cells", "chip_text", "flip", "geometry",
           "neighbours", "on_board", "parse_cell", "parse_chip", "place", "replace",
           "colour_word", "side_names"]
