"""The computer levels: a time budget, an iteration cap and search settings each.

A player stops at whichever limit comes first and always answers with a
legal move, even after a single iteration.  A timed Monte Carlo search also
stops as soon as the rest of its budget could not change the move it plays.
``iterations`` counts playouts for Monte Carlo tree search and searched nodes
for alpha-beta.

Shared table (every game starts from it; a game's knowledge plug-in may
override single settings, listed below the table):

=======  =======  ==========  ======================================================
level    seconds  iterations  settings
=======  =======  ==========  ======================================================
random   0        0           a uniformly random legal move
easy     0.25     60          UCT, exploration 1.0, uniformly random playouts to
                              the end, no solver, no prior
medium   0.6      3000        UCT with the game's prior, playout policy, evaluation
                              cut-off and solver (where the plug-in gives them)
hard     1.5      none        as medium with the larger budget (answers within 3 s)
expert   5.0      none        as hard with more than three times the budget
=======  =======  ==========  ======================================================

Per game (from ``game/ai/knowledge/<game>.py``; see each plug-in):

- Calla: easy and medium as in the table (random playouts; medium with the
  free-turn-and-capture prior and the solver); hard and expert search
  alpha-beta with a transposition table and iterative deepening (iterations
  = nodes), exact to the end of the game once the tree closes (few cubes left);
  hard stops at 10 plies deep, expert deepens until its time is up.
- Callisto: prior plus progressive widening (``2 + 1.5 * visits ** 0.5``
  children) at every level; easy evaluates after four-ply big-piece playouts,
  medium and up evaluate each new node at once (territory evaluation) and
  explore with c 0.5 (expert 0.2: its longer search goes deeper, not wider).
  Hard thinks 1.6 s, Expert 4.5 s, and both go on from the subtree of their
  last search.  In the two-colour game they play every new node out to the
  end on bit sets and share the playouts' moves (RAVE), c 0.5 (expert 0.2, thinking
  its whole budget even once its move is settled), and every level
  puts its opening 1x1s on the free cells nearest the middle.
- Calabria: playouts take captures and stop after 24 plies (easy: 12) for a
  material and Dux-safety evaluation; widening ``4 + 2 * visits ** 0.5`` from
  medium up, captures looked at first, then moves that would draw by
  repetition; every level leaves out moves that hand over the Dux or the last
  piece at once.  Medium stops at 300 playouts (about 0.3 s).  Expert also
  leaves out moves after which the enemy can close all but one side of its
  Dux and no answer stops the ring closing (``trap``).
- Calliro: open-loop search over re-seeded copies (chance is sampled, the
  state's own seed is never read); greedy sampled playouts cut at 40 plies
  (expert 60).  See ``knowledge/calliro.py``.
- Iriri: greedy sampled playouts; from medium up, moves ordered by immediate
  gain with widening ``3 + 1.5 * visits ** 0.5`` and playouts cut at 30 plies.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

#: Levels offered to players, weakest first.
LEVELS = ("random", "easy", "medium", "hard", "expert")

LEVEL_TITLES = {
    "random": "Random mover",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "expert": "Expert",
}


@dataclass(frozen=True)
class Level:
    """Budget and settings of one computer level.

    searcher: ``random``, ``mcts`` or ``alphabeta``.
    c: UCT exploration constant (rewards lie in [0, 1]).
    prior: order moves by the plug-in's prior (needed for widening).
    widen: progressive widening ``(base, factor, power)``: a node with
        ``n`` visits may have ``base + factor * n ** power`` children; None
        expands every move before going deeper.
    policy: use the plug-in's playout policy (else uniformly random).
    playout_depth: plies played out before the position is evaluated;
        None plays to the end.
    solver: prove wins and losses in the tree (deterministic games only).
    margin: weight of the score margin in a finished playout's reward,
        next to the win itself (helps when every move wins or loses).
    depth: alpha-beta depth limit (None: deepen until the budget runs out).
    """

    name: str
    seconds: float | None
    iterations: int | None
    searcher: str = "mcts"
    c: float = 0.9
    prior: bool = True
    widen: tuple | None = None
    policy: bool = True
    playout_depth: int | None = None
    solver: bool = True
    margin: float = 0.1
    depth: int | None = None
    extra: dict = field(default_factory=dict)

    def but(self, **changes) -> "Level":
        known = {k: v for k, v in changes.items() if k in Level.__dataclass_fields__}
        extra = {k: v for k, v in changes.items() if k not in known}
        if extra:
            known["extra"] = {**self.extra, **extra}
        return replace(self, **known)


BASE = {
    "random": Level("random", 0, 0, searcher="random"),
    "easy": Level("easy", 0.25, 60, c=1.0, prior=False, policy=False, solver=False),
    "medium": Level("medium", 0.6, 3000),
    "hard": Level("hard", 1.5, None),
    "expert": Level("expert", 5.0, None),
}


def level_for(spec_name: str, level: str, knowledge=None, variant: str | None = None) -> Level:
    """The settings of ``level`` for one game: the shared row with the game's overrides,
    and those of ``variant`` (the plug-in's ``VARIANT_LEVELS``) when given."""
    if level not in BASE:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
    base = BASE[level]
    if knowledge is None:
        from .knowledge import knowledge_for
        knowledge = knowledge_for(spec_name)
    overrides = getattr(knowledge, "LEVELS", {}).get(level)
    settings = base.but(**overrides) if overrides else base
    if variant is not None:
        more = getattr(knowledge, "VARIANT_LEVELS", {}).get(variant, {}).get(level)
        if more:
            settings = settings.but(**more)
    return settings


def table(spec_name: str, knowledge=None) -> list:
    """One row per level for documentation: (level, seconds, iterations, settings)."""
    rows = []
    for name in LEVELS:
        lv = level_for(spec_name, name, knowledge)
        settings = {k: getattr(lv, k) for k in ("searcher", "c", "prior", "widen", "policy",
                                                   "playout_depth", "solver", "margin", "depth")}
        settings.update(lv.extra)
        rows.append((name, lv.seconds, lv.iterations, settings))
    return rows
