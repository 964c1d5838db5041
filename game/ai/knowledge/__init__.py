"""Game-specific knowledge, plugged into the game-independent searches.

``knowledge/<game>.py`` may define any of these; everything is optional and
the searches fall back to game-independent behaviour without it:

``LEVELS``            ``{level: {setting: value}}`` overrides of ``levels.BASE``.
``VARIANT_LEVELS``    ``{variant: {level: {setting: value}}}``, applied on top of
                      ``LEVELS`` when the position is of that variant.
``SCORE_SCALE``       the score margin that counts as a clear lead (default 5),
                      for the generic evaluation and the margin reward.
``reseed(state, rng)``   the same position with fresh, unknown future draws (for a
                         game whose spec declares ``chance``: the searches re-seed
                         so they see chance, never the state's own future draws).
``evaluate(state)``      a value in [0, 1] per player for a game not yet over
                         (how likely each player is to win).
``prior(state, moves)``  a number per move, higher first: move ordering and the
                         order of progressive widening.
``order(state, moves, rng)``  ``moves`` by ``prior``, best last, ties in random order
                         (a faster way than the search's shuffle-then-sort).
``continuation(old, new)``  the moves from position ``old`` to ``new``, or None when
                         ``new`` does not follow from ``old``: a level with
                         ``keep_tree`` then goes on from its last search's subtree.
``rollout(state, rng, plies, played)``  a playout of its own (faster than the
                         search's, which builds every position) ending in a reward
                         vector; used by levels with ``fast_rollout``.  When
                         ``played`` is a list it receives ``(player, move)`` per move
                         (for levels with ``rave``).
``playout(state, moves, rng)``  the move a playout makes (a fast policy).
``blunder(state, move)``  True when ``move`` hands the opponent a win at once;
                         the search leaves such moves out at the root.
``alphabeta_model(state)``  a fast model of the game for ``alphabeta.search``.
``even(state)``          True when neither side is clearly ahead: ``match
                         --balanced`` keeps only openings it calls even.

A plug-in is only imported for a game that exists in ``game.GAMES``; it must
import its engine lazily so that a missing or unfinished engine never breaks
the other games.
"""

from __future__ import annotations

import importlib
import importlib.util

_CACHE: dict = {}


class _Nothing:
    """The knowledge of a game without a plug-in."""


def knowledge_for(spec_name: str):
    """The plug-in module of ``spec_name``, or an empty stand-in."""
    if spec_name not in _CACHE:
        module_name = f"{__name__}.{spec_name}"
        if importlib.util.find_spec(module_name) is None:
            _CACHE[spec_name] = _Nothing()
        else:
            _CACHE[spec_name] = importlib.import_module(module_name)
    return _CACHE[spec_name]
