"""The rules of Callidus's five games, free of any display code.

``GAMES`` maps each game's name to its ``GameSpec`` (see ``game.core``), in
the order the menu shows them.
"""

from __future__ import annotations

import importlib
import importlib.util
import os

from .core import GameSpec, GameState

#: Game modules in menu order; each defines ``SPEC``.
GAME_MODULES = ("calla", "calliro", "callisto", "iriri", "calabria")


def _load() -> dict:
    games = {}
    only = os.environ.get("CALLIDUS_GAMES")  # a comma-separated subset, e.g. for a demo
    wanted = [n for n in GAME_MODULES if not only or n in only.split(",")]
    for name in wanted:
        if importlib.util.find_spec(f"{__name__}.{name}") is None:
            continue
        module = importlib.import_module(f"{__name__}.{name}")
        games[name] = module.SPEC
    return games


GAMES: dict[str, GameSpec] = _load()

__all__ = ["GAMES", "GameSpec", "GameState"]
