"""Computer players, written once against the engine contract.

``choose_move(spec_name, state, level, rng)`` returns a legal move of the
player to move.  Levels (``LEVELS``, weakest first): ``random`` (a uniformly
random legal move), then ``easy``, ``medium``, ``hard`` and ``expert``, each a
time budget, an iteration cap and search settings (``levels.py`` has the
table).  Every game is searched by Monte Carlo tree search (``mcts.py``);
Calla's stronger levels use alpha-beta (``alphabeta.py``).  What a search
knows about one game comes from its plug-in in ``knowledge/``.

Tests and benchmarks may replace the budget: ``iterations=N`` with
``seconds=None`` gives a search whose outcome depends only on ``rng``.
"""

from __future__ import annotations

import random
import time

from .levels import LEVEL_TITLES, LEVELS, Level, level_for

__all__ = ["LEVELS", "LEVEL_TITLES", "choose_move", "Level", "level_for"]

_DEFAULT = object()


def choose_move(spec_name: str, state, level: str = "random", rng: random.Random | None = None,
                *, seconds=_DEFAULT, iterations=_DEFAULT, info: dict | None = None):
    """A legal move for the player to move in ``state``.

    ``seconds`` and ``iterations`` replace the level's budget (None: no
    limit of that kind).  ``info``, when given, is filled with what the search
    did: ``searcher``, ``iterations`` (playouts or nodes) and for alpha-beta
    ``depth``, ``exact`` and ``value``.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
    start = time.perf_counter()
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    rng = rng or random.Random()
    from .knowledge import knowledge_for
    know = knowledge_for(spec_name)
    settings = level_for(spec_name, level, know, state.variant)
    if seconds is not _DEFAULT:
        settings = settings.but(seconds=seconds)
    if iterations is not _DEFAULT:
        settings = settings.but(iterations=iterations)
    info = {} if info is None else info
    info["searcher"] = settings.searcher
    if settings.searcher == "random" or len(moves) == 1:
        info["iterations"] = 0
        return rng.choice(moves)
    deadline = None if not settings.seconds else start + settings.seconds
    if settings.searcher == "alphabeta":
        from .alphabeta import search
        model = know.alphabeta_model(state)
        result = search(model, rng, deadline, settings.iterations, settings.depth)
        info.update(iterations=result.nodes, depth=result.depth, exact=result.exact,
                    value=result.value)
        return result.move
    from game import GAMES
    from .mcts import Search
    spec = GAMES.get(spec_name) or state.spec
    search = Search(spec, state, settings, know, rng, deadline, settings.iterations)
    move = search.run()
    info["iterations"] = search.done
    return move
