"""The computer levels: a budget of work, a wall-clock cap and search settings each.

Every level spends a budget of work, not of time: ``iterations`` counts playouts
for Monte Carlo tree search and searched nodes for alpha-beta.  The same seed
and budget give the same move on a quiet machine and on a busy one (a browser,
a video call, two games of a tournament at once): a level is as strong
everywhere, and only answers later when it gets less of the processor.  Each
budget was calibrated so that on the reference machine (two cores) the level
takes about its ``seconds`` of processor time a move, as fast as it answered
when it thought for that wall time.  However busy the machine, an answer comes
within 3 times its level's seconds of wall time (``WALL_CAP``): a search that got
too little of the processor to spend its budget by then stops there and plays
its best move so far.  A Monte Carlo search also stops as soon as the rest of
its budget could not change the move it plays (unless its level's ``settle`` is
off), and always answers with a legal move, even after a single iteration.

Where an iteration costs less as the game goes on (shorter playouts, fewer
moves to rank), the game's plug-in weighs the budget by the position
(``work_weight``: Callisto's Hard and Expert, Iriri from Medium up), as Pentobi
weighs its simulations by the move number, so that every move takes about the
level's time.

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
hard     1.5      2000        as medium with the larger budget (answers within 4.5 s)
expert   5.0      6000        as hard with about three times the budget
=======  =======  ==========  ======================================================

Budgets per game and the processor time they take (measured with
``benchmarks/budgets.py`` on the reference machine, at load 3 to 5 on its two
cores, on positions along seeded games between Easy players; an iteration's
median cost in milliseconds, and what the budget takes at that cost):

=========  ===============  ===================  ======================  ======================
game       easy             medium               hard                    expert
=========  ===============  ===================  ======================  ======================
Calla      60 (0.06 ms:     3,000 (0.06 ms:      10 plies, at most       2,300,000 nodes
           0.004 s)         0.18 s)              700,000 nodes (2.1 µs   (2.2 µs: 5.0 s)
                                                 a node: 1.5 s; 10 plies
                                                 take 0.01 s)
Calliro    60 (1.1 ms:      300 (2.0 ms: 0.6 s)  780 (1.9 ms: 1.5 s)     2,700 (1.85 ms: 5.0 s)
           0.07 s)
Callisto,  60 (0.28 ms:     3,000 (0.08 ms:      4,850 weighed (0.33 ms  12,200 weighed (0.37 ms
two-colour 0.02 s)          0.25 s)              while weight 1: 1.6 s)  while weight 1: 4.5 s)
Callisto,  60 (0.4 ms:      3,000 (0.13 to       7,300 weighed (0.22 ms  20,500 weighed (0.22 ms
others     0.03 s)          0.15 ms: 0.45 s)     while weight 1: 1.6 s)  while weight 1: 4.5 s)
Iriri      60 (3.2 ms:      120 weighed (5 ms    300 weighed (5 ms at    1,050 weighed (4.7 ms
           0.2 s)           at the start: 0.6 s) the start: 1.5 s)       at the start: 5.0 s)
Calabria   60 (0.4 ms:      300 (0.6 ms:         2,300 (0.64 ms: 1.5 s)  7,800 (0.64 ms: 5.0 s)
           0.02 s)          0.18 s)
=========  ===============  ===================  ======================  ======================

An iteration's cost varies with the position: from the 10th to the 90th
percentile of the positions measured 0.36 to 1.13 ms at Calabria's Hard, 0.85 to
2.7 ms at Calliro's, so a move takes from half to twice the median.  Easy and
Medium budgets that were already capped by iterations stayed as they were;
Calliro's and Iriri's Medium and every Hard and Expert thought for a time before.

Per game (from ``game/ai/knowledge/<game>.py``; see each plug-in):

- Calla: easy and medium as in the table (random playouts; medium with the
  free-turn-and-capture prior and the solver); hard and expert search
  alpha-beta with a transposition table and iterative deepening (iterations
  = nodes), exact to the end of the game once the tree closes (few cubes left);
  hard stops at 10 plies deep, expert deepens until its nodes are spent.
  Perfect, Calla's alone, plays a move of the best value wherever the shipped
  tables or its exact search prove one, Expert's search elsewhere, with about
  Expert's budget in all (``perfect.py``).
- Callisto: prior plus progressive widening (``2 + 1.5 * visits ** 0.5``
  children) at every level; easy evaluates after four-ply big-piece playouts,
  medium and up evaluate each new node at once (territory evaluation) and
  explore with c 0.5 (expert 0.2: its longer search goes deeper, not wider).
  Hard's budget takes 1.6 s, Expert's 4.5 s (two-colour: Expert's grows from its
  fourth piece, Hard's from its fifth), and both go on from the subtree of
  their last search.  In the two-colour game they play every new node out to the
  end on bit sets and share the playouts' moves (RAVE), c 0.5 (expert 0.2, thinking
  its whole budget even once its move is settled), and every level
  puts its opening 1x1s on the free cells nearest the middle.
- Calabria: playouts take captures and stop after 24 plies (easy: 12) for a
  material and Dux-safety evaluation; widening ``4 + 2 * visits ** 0.5`` from
  medium up, captures looked at first, then moves that would draw by
  repetition; every level leaves out moves that hand over the Dux or the last
  piece at once.  Medium stops at 300 playouts (about 0.2 s).  Expert also
  leaves out moves after which the enemy can close all but one side of its
  Dux and no answer stops the ring closing (``trap``).
- Calliro: open-loop search over re-seeded copies (chance is sampled, the
  state's own seed is never read); greedy sampled playouts cut at 40 plies
  (expert 60).  See ``knowledge/calliro.py``.
- Iriri: greedy sampled playouts; from medium up, moves ordered by immediate
  gain with widening ``3 + 1.5 * visits ** 0.5`` and playouts cut at 30 plies.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

#: Levels offered to players, weakest first.
LEVELS = ("random", "easy", "medium", "hard", "expert")

LEVEL_TITLES = {
    "random": "Random mover",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "expert": "Expert",
    "perfect": "Perfect",
}

#: Levels only some games offer, above the shared ones: Calla's Perfect plays from its
#: tables of proven values with Expert's budget (``perfect.py``; no row in ``BASE``).
GAME_LEVELS = {"calla": ("perfect",)}


def levels_for(spec_name: str) -> tuple:
    """The levels one game offers, weakest first."""
    return LEVELS + GAME_LEVELS.get(spec_name, ())


#: However busy the machine, a level answers within this many times its seconds of
#: wall time: a search that got too little of the processor to spend its budget of
#: work by then stops there and plays its best move so far.
WALL_CAP = 3.0

#: The searches a level may use.
SEARCHERS = ("random", "mcts", "alphabeta")


@dataclass(frozen=True)
class Level:
    """Budget and settings of one computer level: every search parameter, with its
    default, in one place.  A game's plug-in overrides single settings by these names
    (``LEVELS``, ``VARIANT_LEVELS``); a name that is not one of them is refused.

    Budget:

    seconds: the level's time: about what its budget takes on the reference
        machine, and the base of its wall-clock cap (``WALL_CAP`` times it);
        None or 0 for no cap.
    iterations: the budget of work: playouts for Monte Carlo tree search,
        searched nodes for alpha-beta (times the plug-in's ``work_weight`` of the
        position, where it has one); None for no limit but the cap.

    Which search:

    searcher: ``random`` (a uniformly random legal move), ``mcts`` or
        ``alphabeta`` (needs the plug-in's ``alphabeta_model``).

    Monte Carlo tree search (``mcts.py``):

    c: UCT exploration constant (rewards lie in [0, 1]).
    prior: order moves by the plug-in's ``prior`` (needed for widening); a name
        of the plug-in's ``PRIORS`` orders them by that ranking instead.
    widen: progressive widening ``(base, factor, power)``: a node with ``n``
        visits may have ``base + factor * n ** power`` children; None expands
        every move before going deeper (and so does a level without ``prior``).
    policy: play out with the plug-in's ``playout`` policy (else uniformly
        random moves).
    playout_depth: plies played out before the position is evaluated (the
        plug-in's ``evaluate``, else the score margin); None plays to the end,
        0 evaluates each new node at once.
    solver: prove wins and losses in the tree (ignored for a game with chance).
    margin: weight of the score margin in a finished playout's reward, next to
        the win itself (helps when every move wins or loses).
    fast_rollout: play out with the plug-in's own ``rollout`` instead of the
        search's move-by-move playout.
    rave: with ``fast_rollout``, share each playout's moves with the sibling moves
        of the tree they match (all moves as first, RAVE); the value is the number
        of visits at which a child's own mean and its shared mean weigh alike.
        None: no sharing.
    quality: with ``fast_rollout``, the plug-in's rollout judges a finished playout
        by its result first and its margin against the search's other playouts
        second (quality-based rewards, kept in the search's ``memory``), instead of
        by its evaluation alone.
    keep_tree: a timed search goes on from the subtree its level's last search
        left, when the plug-in's ``continuation`` finds the moves played since
        (deterministic games only).
    settle: a timed search stops early once the rest of its budget could not
        change the move it plays; False thinks the whole budget (with
        ``keep_tree``, what is left deepens the line the next search goes on from).
    traps: leave out at the root the moves the plug-in's ``trap`` calls losing a
        few moves on.
    expand: ``(base, step)``: a node below the root grows children only once it has
        been visited ``base + step * depth`` times (its depth below the root); until
        then the search plays out from the node itself, as Pentobi does (1 and 0.5).
        None: from its second visit.
    work_from: with the plug-in's ``work_weight`` (Callisto), how many pieces the
        colour to move places at this level before its budget starts to grow; None:
        the plug-in's own for the variant.

    Alpha-beta (``alphabeta.py``):

    depth: the depth limit; None deepens until the budget runs out.
    """

    name: str
    seconds: float | None
    iterations: int | None
    searcher: str = "mcts"
    c: float = 0.9
    prior: bool | str = True
    widen: tuple | None = None
    policy: bool = True
    playout_depth: int | None = None
    solver: bool = True
    margin: float = 0.1
    fast_rollout: bool = False
    rave: float | None = None
    quality: bool = False
    keep_tree: bool = False
    settle: bool = True
    traps: bool = False
    expand: tuple | None = None
    work_from: int | None = None
    depth: int | None = None

    def __post_init__(self):
        if self.searcher not in SEARCHERS:
            raise ValueError(f"level {self.name!r}: unknown searcher {self.searcher!r}; "
                             f"choose one of {', '.join(SEARCHERS)}")

    def but(self, **changes) -> "Level":
        """This level with ``changes`` (settings by name); ValueError naming a setting
        that is not one."""
        check_settings(changes, f"level {self.name!r}")
        return replace(self, **changes)


#: Every setting a level has, in the order of ``Level``'s fields.
SETTINGS = tuple(f.name for f in fields(Level))


def check_settings(settings, where: str, level: str | None = None) -> None:
    """Refuse ``settings`` (``{name: value}``) naming a setting no level has, or a
    ``level`` that is not one; ``where`` begins the message."""
    if level is not None and level not in LEVELS:
        raise ValueError(f"{where}: unknown computer level {level!r}; the levels are "
                         f"{', '.join(LEVELS)}")
    unknown = [key for key in settings if key not in SETTINGS]
    if unknown:
        raise ValueError(f"{where}: unknown level setting {unknown[0]!r}; the settings are "
                         f"{', '.join(SETTINGS)}")


def check_tables(spec_name: str, knowledge) -> None:
    """Refuse a plug-in's ``LEVELS`` or ``VARIANT_LEVELS`` naming a level or a setting that
    does not exist (a misspelt one would otherwise change nothing, unseen)."""
    rows = [(f"LEVELS[{level!r}]", level, settings)
            for level, settings in knowledge.LEVELS.items()]
    rows += [(f"VARIANT_LEVELS[{variant!r}][{level!r}]", level, settings)
             for variant, levels in knowledge.VARIANT_LEVELS.items()
             for level, settings in levels.items()]
    for where, level, settings in rows:
        check_settings(settings, f"{spec_name} knowledge: {where}", level)
        name = settings.get("prior")
        if isinstance(name, str):
            ranking(knowledge, name, f"{spec_name} knowledge: {where}")


def ranking(knowledge, name: str, where: str) -> tuple:
    """The ``(prior, order)`` of the ranking a level names by ``name`` (its ``prior``
    setting); refused, naming ``where`` and the rankings the plug-in offers, when the
    plug-in's ``PRIORS`` has no such ranking.  Checked once for a plug-in's tables and
    again when a search begins (a level may be changed at run time)."""
    if name not in knowledge.PRIORS:
        raise ValueError(f"{where}: prior {name!r} is not one of its rankings "
                         f"({', '.join(knowledge.PRIORS) or 'none'})")
    return knowledge.PRIORS[name]


BASE = {
    "random": Level("random", 0, 0, searcher="random"),
    "easy": Level("easy", 0.25, 60, c=1.0, prior=False, policy=False, solver=False),
    "medium": Level("medium", 0.6, 3000),
    "hard": Level("hard", 1.5, 2000),
    "expert": Level("expert", 5.0, 6000),
}


def iterations_for(settings: Level, knowledge, state) -> int | None:
    """The budget of work of ``settings`` for ``state``: its iterations, times the
    plug-in's ``work_weight`` of the position where it has one."""
    if not settings.iterations or knowledge is None or knowledge.work_weight is None:
        return settings.iterations
    return max(1, round(settings.iterations * knowledge.work_weight(state, settings)))


def wall_deadline(settings: Level, start: float) -> float | None:
    """When a search of ``settings`` begun at ``start`` (on a wall clock) must stop,
    whatever is left of its work: ``WALL_CAP`` times its seconds later; None when
    the settings have no seconds (a search by its iterations alone)."""
    return start + WALL_CAP * settings.seconds if settings.seconds else None


def level_for(spec_name: str, level: str, knowledge=None, variant: str | None = None) -> Level:
    """The settings of ``level`` for one game: the shared row with the game's overrides,
    and those of ``variant`` (the plug-in's ``VARIANT_LEVELS``) when given."""
    if level not in BASE:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
    if knowledge is None:
        from .knowledge import knowledge_for
        knowledge = knowledge_for(spec_name)
    check_tables(spec_name, knowledge)
    settings = BASE[level].but(**knowledge.LEVELS.get(level, {}))
    if variant is not None:
        settings = settings.but(**knowledge.VARIANT_LEVELS.get(variant, {}).get(level, {}))
    return settings


def table(spec_name: str, knowledge=None) -> list:
    """One row per level for documentation: (level, seconds, iterations, settings)."""
    rows = []
    for name in LEVELS:
        lv = level_for(spec_name, name, knowledge)
        settings = {k: v for k, v in asdict(lv).items()
                    if k not in ("name", "seconds", "iterations")}
        rows.append((name, lv.seconds, lv.iterations, settings))
    return rows
