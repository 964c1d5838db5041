"""Computer players, written once against the engine contract.

``choose_move(spec_name, state, level, rng)`` returns a legal move of the
player to move.  Levels (``LEVELS``, weakest first): ``random`` (a uniformly
random legal move), then ``easy``, ``medium``, ``hard`` and ``expert``, each a
budget of work (playouts or nodes), a wall-clock cap and search settings
(``levels.py`` has the table); Calla also offers ``perfect`` (``perfect.py``;
``levels_for`` gives a game's levels).  Every game is searched by Monte Carlo
tree search (``mcts.py``); Calla's stronger levels use alpha-beta
(``alphabeta.py``).  What a search knows about one game comes from its plug-in
in ``knowledge/``.

A level's move depends only on ``rng`` and its budget of work, never on how
busy the machine is, unless the search got so little of the processor that
its wall-clock cap stopped it (``info["capped"]``).  Tests and benchmarks may
replace the budget: ``iterations=N`` with ``seconds=None`` gives a search with
no cap at all.
"""

from __future__ import annotations

import random
import time

from .levels import (LEVEL_TITLES, LEVELS, Level, iterations_for, level_for, levels_for,
                     wall_deadline)

__all__ = ["LEVELS", "LEVEL_TITLES", "choose_move", "Level", "level_for", "levels_for"]

_DEFAULT = object()


def choose_move(spec_name: str, state, level: str = "random", rng: random.Random | None = None,
                *, seconds=_DEFAULT, iterations=_DEFAULT, info: dict | None = None,
                clock=None):
    """A legal move for the player to move in ``state``.

    ``iterations`` replaces the level's budget of work (otherwise the level's own,
    weighed for the position by the plug-in's ``work_weight``) and ``seconds`` its time,
    which sets the wall-clock cap (``levels.WALL_CAP`` times it); None: no limit
    of that kind.  ``clock`` is the wall clock the cap is read on (by default
    ``time.perf_counter``).  ``info``, when given, is filled with what the search
    did: ``searcher``, ``iterations`` (playouts or nodes), ``capped`` (whether
    the cap stopped it before its budget was spent) and for alpha-beta ``depth``,
    ``exact`` and ``value``.
    """
    if level not in levels_for(spec_name):
        raise ValueError(f"unknown computer level {level!r}; choose one of "
                         f"{', '.join(levels_for(spec_name))}")
    clock = clock or time.perf_counter
    start = clock()
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    rng = rng or random.Random()
    if level == "perfect":      # Calla's: proofs first, Expert's search where none comes
        from .perfect import choose
        budget = {} if seconds is _DEFAULT else {"seconds": seconds}
        if iterations is not _DEFAULT:
            budget.update(proof_nodes=iterations, search_nodes=iterations)
        return choose(state, rng, info, clock=clock, **budget)
    from .knowledge import knowledge_for
    know = knowledge_for(spec_name)
    settings = level_for(spec_name, level, know, state.variant)
    if seconds is not _DEFAULT:
        settings = settings.but(seconds=seconds)
    if iterations is not _DEFAULT:
        settings = settings.but(iterations=iterations)
    else:
        settings = settings.but(iterations=iterations_for(settings, know, state))
    info = {} if info is None else info
    info["searcher"] = settings.searcher
    info["capped"] = False
    if settings.searcher == "random" or len(moves) == 1:
        info["iterations"] = 0
        return rng.choice(moves)
    deadline = wall_deadline(settings, start)
    if settings.searcher == "alphabeta":
        from .alphabeta import search
        model = know.alphabeta_model(state)
        result = search(model, rng, deadline, settings.iterations, settings.depth, clock, info)
        info.update(iterations=result.nodes, depth=result.depth, exact=result.exact,
                    value=result.value)
        return result.move
    from game import GAMES
    from .mcts import Search
    spec = GAMES.get(spec_name) or state.spec
    search = Search(spec, state, settings, know, rng, deadline, settings.iterations, clock)
    move = search.run()
    info["iterations"] = search.done
    info["capped"] = search.capped
    return move
