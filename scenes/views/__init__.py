"""Board views, one per game, found by game name."""

from __future__ import annotations

import importlib
import importlib.util

from game import GAMES

#: game name -> class name in ``scenes.views.<game name>``
VIEW_CLASSES = {
    "calla": "CallaView",
    "calliro": "CalliroView",
    "callisto": "CallistoView",
    "iriri": "IririView",
    "calabria": "CalabriaView",
}


def view_class(name: str):
    module = importlib.import_module(f"{__name__}.{name}.view")
    return getattr(module, VIEW_CLASSES[name])


def playable_games() -> list:
    """Specs of the games that have both rules and a board view, in menu order."""
    found = []
    for name, spec in GAMES.items():
        if name in VIEW_CLASSES and importlib.util.find_spec(f"{__name__}.{name}") is not None:
            found.append(spec)
    return found
