"""Where Iriri words fit: the ring read as a dictionary, words on the
unbounded board, and the list of every legal placement.

Cells are ``(row, col)``, rows growing downwards.  Piece types are the
strings ``Ys Ym Yl Bs Bm Bl``.  The placement list is the hot spot of the
computer players, so it is built from per-cell tables instead of checking
each candidate placement from scratch; ``IririState._assess`` is the plain,
one-placement reading of the same rules, and the tests hold the two equal.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

ACROSS = (0, 1)   # along a row, to the right
DOWN = (1, 0)     # along a column, downwards
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def word_text(types) -> str:
    return "-".join(types)


class Word(NamedTuple):
    """A word a placement forms: its cells and types in reading order (left to
    right or top to bottom), the ring run it matches as ``(start index, step)``
    with step 1 (increasing index) or -1, or None when it matches
    nothing, and the points it scores (its length)."""
    cells: tuple
    types: tuple
    run: tuple | None
    points: int

    @property
    def valid(self) -> bool:
        return self.run is not None


# --- the ring as a dictionary ---------------------------------------------------------

class Dictionary:
    """Every run of one ring, grouped by length, so a word is checked by one set lookup."""

    __slots__ = ("ring", "_runs")

    def __init__(self, ring: tuple):
        self.ring = ring
        self._runs: dict = {}

    def runs(self, length: int) -> frozenset:
        found = self._runs.get(length)
        if found is None:
            ring, n = self.ring, len(self.ring)
            found = frozenset(tuple(ring[(start + step * k) % n] for k in range(length))
                              for start in range(n) for step in (1, -1))
            self._runs[length] = found
        return found

    def has(self, word: tuple) -> bool:
        return word in self.runs(len(word))

    def find(self, word: tuple) -> tuple | None:
        """The first ring run spelling ``word`` as ``(start, step)``, or None."""
        if not self.has(word):
            return None
        ring, n = self.ring, len(self.ring)
        for start in range(n):
            for step in (1, -1):
                if all(ring[(start + step * k) % n] == t for k, t in enumerate(word)):
                    return (start, step)
        return None  # pragma: no cover - has() said there is one


_DICTIONARIES: dict = {}


def dictionary(ring: tuple) -> Dictionary:
    found = _DICTIONARIES.get(ring)
    if found is None:
        if len(_DICTIONARIES) > 4096:
            _DICTIONARIES.clear()
        found = _DICTIONARIES[ring] = Dictionary(ring)
    return found


_ORDERINGS: dict = {}


def orderings(hand: tuple) -> dict:
    """{k: every distinct ordered choice of k pieces from the hand}, k from 1."""
    found = _ORDERINGS.get(hand)
    if found is None:
        found = {k: sorted(set(itertools.permutations(hand, k))) for k in range(1, len(hand) + 1)}
        _ORDERINGS[hand] = found
    return found


# --- board geometry ---------------------------------------------------------------------

def word_cells(board, cell, axis) -> tuple:
    """The cells of the maximal run of occupied cells through ``cell`` along ``axis``."""
    dr, dc = axis
    r, c = cell
    while (r - dr, c - dc) in board:
        r, c = r - dr, c - dc
    cells = []
    while (r, c) in board:
        cells.append((r, c))
        r, c = r + dr, c + dc
    return tuple(cells)


def touches(board, cell) -> bool:
    r, c = cell
    return any((r + dr, c + dc) in board for dr, dc in STEPS)


def words_through(board, cells) -> list:
    """Cells of every word (2 or more pieces) through any of ``cells``, each once,
    the word along the placement's own line first.  ``board`` already holds them."""
    if len(cells) > 1 and all(c == cells[0][1] for _, c in cells):
        axes = (DOWN, ACROSS)
    else:
        axes = (ACROSS, DOWN)
    seen = set()
    words = []
    for axis in axes:
        for cell in cells:
            run = word_cells(board, cell, axis)
            if len(run) >= 2 and (run[0], axis) not in seen:
                seen.add((run[0], axis))
                words.append(run)
    return words


# --- every legal placement -------------------------------------------------------------

def placements(board, ring, hand, make=tuple) -> dict:
    """{make(pieces): half points} for every legal placement of ``hand``, where
    ``pieces`` is ``((row, col, type), ...)`` in row, then column order."""
    table: dict = {}
    if hand:
        if board:
            _board_placements(table, board, ring, hand, make)
        else:
            _first_placements(table, ring, hand, make)
    return table


def _first_placements(table, ring, hand, make):
    has = dictionary(ring).has
    orders = orderings(hand)
    for dr, dc in (ACROSS, DOWN):
        for k in range(2, len(hand) + 1):
            for order in orders[k]:
                if has(order):
                    pieces = tuple((dr * i, dc * i, t) for i, t in enumerate(order))
                    table[make(pieces)] = 6 * k + 1


def _board_placements(table, board, ring, hand, make):
    """Single pieces beside the board, then every run of 2 or 3 empty cells of a
    row or column with no empty cell between them and one of them beside the board."""
    dic = dictionary(ring)
    orders = orderings(hand)
    kinds = tuple(dict.fromkeys(hand))
    frontier = {}
    for r, c in board:
        for dr, dc in STEPS:
            cell = (r + dr, c + dc)
            if cell not in board:
                frontier[cell] = None

    fits_cache: dict = {}

    def fits(cell, axis) -> dict:
        """{type: points of the word it makes through ``cell`` along ``axis``}
        for the hand's types that make a valid word there or none at all."""
        key = (cell, axis)
        found = fits_cache.get(key)
        if found is None:
            dr, dc = axis
            r, c = cell
            before = []
            while (r - dr, c - dc) in board:
                r, c = r - dr, c - dc
                before.append(board[(r, c)])
            r, c = cell
            after = []
            while (r + dr, c + dc) in board:
                r, c = r + dr, c + dc
                after.append(board[(r, c)])
            if not before and not after:
                found = dict.fromkeys(kinds, 0)
            else:
                head, tail = tuple(reversed(before)), tuple(after)
                length = len(head) + len(tail) + 1
                runs = dic.runs(length)
                found = {t: length for t in kinds if head + (t,) + tail in runs}
            fits_cache[key] = found
        return found

    for cell in sorted(frontier):
        across, down = fits(cell, ACROSS), fits(cell, DOWN)
        for t in kinds:
            if t in across and t in down:
                table[make(((cell[0], cell[1], t),))] = 2 * (across[t] + down[t])
    most = len(hand)
    if most < 2:
        return
    free = dict.fromkeys(kinds, 0)  # a cell with no neighbours: no crossing word
    lines: dict = {}
    for cell in frontier:
        lines.setdefault((ACROSS, cell[0]), []).append(cell[1])
        lines.setdefault((DOWN, cell[1]), []).append(cell[0])
    spread = most - 1
    for (axis, fixed), spots in sorted(lines.items()):
        dr, dc = axis
        other = DOWN if axis == ACROSS else ACROSS
        # the empty cells of this line near its frontier cells, in order, with
        # running counts of frontier cells and of cells no hand piece fits
        empties = []
        fit = []
        fronts = [0]
        deads = [0]
        for spot in range(min(spots) - spread, max(spots) + spread + 1):
            cell = (fixed, spot) if axis == ACROSS else (spot, fixed)
            if cell in board:
                continue
            empties.append(cell)
            if cell in frontier:
                # the piece and its existing neighbours along the line are a
                # stretch of the line word, so they too must spell a ring run
                along = fits(cell, axis)
                f = {t: p for t, p in fits(cell, other).items() if t in along}
                fit.append(f)
                fronts.append(fronts[-1] + 1)
                deads.append(deads[-1] + (not f))
            else:
                fit.append(free)
                fronts.append(fronts[-1])
                deads.append(deads[-1])
        if deads[-1] == fronts[-1]:
            continue  # no hand piece fits beside the board anywhere on this line
        for k in range(2, most + 1):
            for i in range(len(empties) - k + 1):
                if fronts[i + k] == fronts[i] or deads[i + k] != deads[i]:
                    continue
                cells = empties[i:i + k]
                fitting = fit[i:i + k]
                # the word along the line: pieces around and between the placed ones
                template = []
                r, c = cells[0]
                while (r - dr, c - dc) in board:
                    r, c = r - dr, c - dc
                end = cells[-1]
                while True:
                    template.append(board.get((r, c)))
                    if (r, c) == end:
                        break
                    r, c = r + dr, c + dc
                while (r + dr, c + dc) in board:
                    r, c = r + dr, c + dc
                    template.append(board[(r, c)])
                length = len(template)
                runs = dic.runs(length)
                slots = [j for j, t in enumerate(template) if t is None]
                for order in orders[k]:
                    total = length
                    for f, t in zip(fitting, order):
                        points = f.get(t)
                        if points is None:
                            break
                        total += points
                    else:
                        word = template[:]
                        for slot, t in zip(slots, order):
                            word[slot] = t
                        if tuple(word) in runs:
                            table[make(tuple((cell[0], cell[1], t) for cell, t
                                             in zip(cells, order)))] = 2 * total
