"""The rules of Callidus's five games, free of any display code.

``GAMES`` maps each game's name to its ``GameSpec`` (see ``game.core``), in
the order the menu shows them.  A game package that cannot be imported stops
the program with its own error: a broken game is never quietly left out.  Only
``CALLIDUS_GAMES`` (a comma-separated subset, e.g. for a demo) leaves games out.

The errors of the rules and of game files (``game.errors``) are importable from
here: ``from game import IllegalMoveError``.
"""

from __future__ import annotations

import importlib
import os

from .core import GameSpec, GameState
from .errors import (DamagedFileError, GameError, IllegalMoveError, InvalidMoveError,
                     InvalidPositionError)

#: Game modules in menu order; each defines ``SPEC``.
GAME_MODULES = ("calla", "calliro", "callisto", "iriri", "calabria")


def _wanted(only: str | None) -> tuple:
    """The game modules to load: all of them, or the subset ``only`` names."""
    if not only:
        return GAME_MODULES
    names = [name.strip() for name in only.split(",") if name.strip()]
    unknown = [name for name in names if name not in GAME_MODULES]
    if unknown:
        raise ValueError(f"CALLIDUS_GAMES names no game {unknown[0]!r}; the games are "
                         f"{', '.join(GAME_MODULES)}")
    return tuple(name for name in GAME_MODULES if name in names)


def _load() -> dict:
    return {name: importlib.import_module(f"{__name__}.{name}").SPEC
            for name in _wanted(os.environ.get("CALLIDUS_GAMES"))}


GAMES: dict[str, GameSpec] = _load()

__all__ = ["GAMES", "GameSpec", "GameState", "GameError", "IllegalMoveError",
           "InvalidMoveError", "InvalidPositionError", "DamagedFileError"]
