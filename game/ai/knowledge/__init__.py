"""Game-specific knowledge, plugged into the game-independent searches.

The contract is ``SearchKnowledge``: the tables and hooks a search asks a game
for, each documented there with its default.  ``knowledge/<game>.py`` defines
the ones it has, as module-level names; every one is optional and the searches
fall back to game-independent behaviour without it.  The searches never read a
module directly: ``knowledge_for(name)`` reads it once through ``Knowledge``,
which fills in the default of every hook the module leaves out (None for a
hook), so a search asks ``know.prior is None`` instead of guessing with
``getattr``.  A level or a level setting a plug-in's tables name that does not
exist is refused as soon as a level of the game is built (``levels.level_for``).

A game without a plug-in gets every default.  A plug-in that exists but cannot
be imported stops the program with its own error.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from types import MappingProxyType
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from ...core import GameState

_CACHE: dict = {}


@runtime_checkable
class SearchKnowledge(Protocol):
    """What a search may ask of a game (``tests/test_ai_contract.py`` checks every plug-in).

    The values here are the defaults: a game-independent search for what a
    plug-in leaves out.  ``Move`` below is whatever the game's ``legal_moves``
    returns; a reward or value vector holds one number in [0, 1] per player (a
    rollout's reward may lie a little beyond, with bonuses that average out over many
    playouts, as Callisto's quality rewards do: the mean is still read as a chance).
    """

    #: ``{level: {setting: value}}``: overrides of ``levels.BASE`` for every variant;
    #: the settings are the fields of ``levels.Level``.
    LEVELS: Mapping[str, Mapping[str, Any]] = MappingProxyType({})
    #: ``{variant: {level: {setting: value}}}``, applied on top of ``LEVELS`` when the
    #: position is of that variant.
    VARIANT_LEVELS: Mapping[str, Mapping[str, Mapping[str, Any]]] = MappingProxyType({})
    #: The score margin that counts as a clear lead, for the generic evaluation
    #: (``tanh`` of the margin over it), the margin reward and the analysis of
    #: alpha-beta values.
    SCORE_SCALE: float = 5.0

    #: ``evaluate(state)``: a value in [0, 1] per player for a game not yet over (how
    #: likely each player is to win); used where a playout stops (``playout_depth``).
    #: None: the score margin through ``SCORE_SCALE``.
    evaluate: Callable[[GameState], Sequence[float]] | None = None
    #: ``prior(state, moves)``: a number per move, higher first: move ordering and
    #: the order of progressive widening (levels with ``prior``).
    prior: Callable[[GameState, list], Sequence[float]] | None = None
    #: ``order(state, moves, rng)``: ``moves`` by ``prior``, best last, ties in random
    #: order (a faster way than the search's shuffle-then-sort).
    order: Callable[[GameState, list, random.Random], list] | None = None
    #: ``{name: (prior, order)}``: other rankings of the moves, each with its ``order``,
    #: that a level names by its ``prior`` setting (``prior="contest"``) instead of
    #: ``prior`` and ``order``.
    PRIORS: Mapping[str, tuple] = MappingProxyType({})
    #: ``playout(state, moves, rng)``: the move a playout makes (a fast policy; levels
    #: with ``policy``).  None: a uniformly random move.
    playout: Callable[[GameState, list, random.Random], Any] | None = None
    #: ``rollout(state, rng, plies, played, memory)``: a playout of its own (faster
    #: than the search's, which builds every position) ending in a reward vector; used
    #: by levels with ``fast_rollout``.  ``plies`` is the level's ``playout_depth``;
    #: when ``played`` is a list it receives ``(player, move)`` per move (``rave``);
    #: ``memory`` is a dict the search keeps for its length, where the rollout keeps
    #: what it learns across one search's playouts, for levels with ``quality``
    #: rewards (None: the rollout judges each playout by itself).
    rollout: Callable[[GameState, random.Random, int | None, list | None, dict | None],
                      Sequence[float]] | None = None
    #: ``reseed(state, rng)``: the same position with fresh, unknown future draws, for
    #: a game whose spec declares ``chance`` (the searches re-seed so they see chance,
    #: never the state's own future draws).  None: ``mcts.generic_reseed``, a new
    #: ``seed`` in the position.
    reseed: Callable[[GameState, random.Random], GameState] | None = None
    #: ``continuation(old, new)``: the moves from position ``old`` to ``new``, or None
    #: when ``new`` does not follow from ``old``: a level with ``keep_tree`` then goes
    #: on from its last search's subtree.  None: every search starts afresh.
    continuation: Callable[[GameState, GameState], list | None] | None = None
    #: ``blunder(state, move)``: True when ``move`` hands the opponent a win at once;
    #: the search leaves such moves out at the root (every level).
    blunder: Callable[[GameState, Any], bool] | None = None
    #: ``trap(state, move)``: True when ``move`` lets the opponent set up a win a few
    #: moves on that no answer stops; levels with ``traps`` leave such moves out at
    #: the root; the check is part of the search's work, and gives up only once half
    #: of the time to its wall-clock cap has gone.
    trap: Callable[[GameState, Any], bool] | None = None
    #: ``alphabeta_model(state)``: a fast model of the game for ``alphabeta.search``
    #: (see that module); needed by any level whose ``searcher`` is ``alphabeta``.
    alphabeta_model: Callable[[GameState], Any] | None = None
    #: ``even(state)``: True when neither side is clearly ahead: ``match --balanced``
    #: keeps only openings it calls even.  None: balanced openings are refused.
    even: Callable[[GameState], bool] | None = None
    #: ``work_weight(state, level)``: how many times its budget of iterations the
    #: ``level`` (a ``levels.Level``) searches ``state`` with: more where iterations
    #: cost less (shorter playouts near the end), so that each move takes about the
    #: level's time, as Pentobi weighs its simulations by the move number.  A function
    #: of the position only, so the moves stay the same however busy the machine is.
    #: None: the level's budget as it is everywhere.
    work_weight: Callable[[GameState, Any], float] | None = None


#: The names of the contract, tables first.
HOOKS = tuple(SearchKnowledge.__annotations__)


class Knowledge(SearchKnowledge):
    """A plug-in module read through the contract: each of its names in ``HOOKS``,
    and the default of every one it leaves out."""

    def __init__(self, module=None, name: str = ""):
        self.name = name
        found = vars(module) if module is not None else {}
        for hook in HOOKS:
            if hook in found:
                setattr(self, hook, found[hook])

    def __repr__(self) -> str:
        given = [hook for hook in HOOKS if hook in vars(self)]
        return f"<Knowledge of {self.name or 'no game'}: {', '.join(given) or 'defaults only'}>"


def knowledge_for(spec_name: str) -> Knowledge:
    """The knowledge of ``spec_name``: its plug-in read through ``Knowledge``, or every
    default when the game has no plug-in."""
    if spec_name not in _CACHE:
        module_name = f"{__name__}.{spec_name}"
        if importlib.util.find_spec(module_name) is None:
            _CACHE[spec_name] = Knowledge(name=spec_name)
        else:
            _CACHE[spec_name] = Knowledge(importlib.import_module(module_name), spec_name)
    return _CACHE[spec_name]
