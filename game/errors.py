"""The errors of the rules and of the files that hold games, each with its own name.

A caller can tell a move text that cannot be read from a move the rules do not
allow now, a position that cannot happen, and a file that is not what it
claims to be, and answer each in its own words.  Every one is a ``ValueError``,
as every rule and input error was before they had names, so a caller that
catches ``ValueError`` catches them all.  The message is always one line
naming what is wrong.

Importable from the package: ``from game import IllegalMoveError``.
"""

from __future__ import annotations


class GameError(ValueError):
    """Any error of the rules or of a game's data (the base of the others)."""


class InvalidMoveError(GameError):
    """A move text that cannot be read as a move of the game at all (``spec.parse_move``):
    not the game's notation, a cell off the board, a piece that does not exist."""


class IllegalMoveError(GameError):
    """A move the rules do not allow now (``state.play``): an empty shield, a placement
    that overlaps, any move once the game is over."""


class InvalidPositionError(GameError):
    """A position that cannot happen (``spec.from_position``): an unknown field, a value
    of the wrong kind, counts that do not add up; the message names the field."""


class DamagedFileError(GameError):
    """A file that cannot be read as what it claims to be: a saved game whose moves do not
    replay, a tournament file or database with a bad field, a damaged match record."""


__all__ = ["GameError", "IllegalMoveError", "InvalidMoveError", "InvalidPositionError",
           "DamagedFileError"]
