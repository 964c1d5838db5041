"""Board views, one per game, found by game name."""

from __future__ import annotations

import importlib

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
    """Specs of the games that have both rules and a board view, in menu order.  A view
    named in ``VIEW_CLASSES`` that cannot be imported stops the program with its own
    error: a broken game is never quietly left out of the menu."""
    found = []
    for name, spec in GAMES.items():
        if name in VIEW_CLASSES:
            view_class(name)
            found.append(spec)
    return found
