"""``python -m game match``: computer players against each other.

::

    python -m game match GAME [--variant V] --players SPEC,SPEC[,...] --games N [--seed S]
                         [--opening PLIES [--balanced]] [--jobs J] [--record FILE]
                         [--no-cap] [--json] [--progress]

SPEC is one of random, easy, medium, hard, expert, one per seat of the
variant; seats rotate from game to game.  Prints, per player, wins, draws,
losses, mean score and the mean and maximum seconds per move; with
``--json`` one object ``{"players": [...]}`` in the order given.

``--jobs J`` plays J games at once, each in its own process (every player
spends its budget of work, but more games than cores make each move wait
longer).  ``--record FILE``
keeps every finished game in FILE (JSON, rewritten atomically after each
game): run the same command again and it counts the games kept and plays
only the rest, so a match of long games can be stopped and resumed.
"""

from __future__ import annotations

import json
import sys

from ..cli import flags
from ..cli.flags import number
from .levels import LEVELS

#: Bounds of the flags: games in one match, random opening plies, games played at once.
MAX_GAMES = 100_000
MAX_OPENING = 1_000
MAX_JOBS = 64


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("match", help="computer players against each other")
    p.add_argument("game")
    p.add_argument("--variant")
    p.add_argument("--players", required=True, metavar="SPEC,SPEC",
                   help=f"one per seat, each one of {', '.join(LEVELS)}")
    p.add_argument("--games", type=number(1, MAX_GAMES), required=True)
    p.add_argument("--seed", type=flags.seed)
    p.add_argument("--opening", type=number(0, MAX_OPENING), default=0, metavar="PLIES",
                   help="random moves played first, the same for every seat order, so that "
                        "games without chance do not repeat one another")
    p.add_argument("--balanced", action="store_true",
                   help="draw the opening again until the game's own judge calls it even "
                        "(Calla: a 10-ply search finds neither side 2 cubes ahead)")
    p.add_argument("--jobs", type=number(1, MAX_JOBS), default=1, metavar="J",
                   help="games played at once, each in its own process (default 1; at most "
                        "one per core: more make each move wait longer)")
    p.add_argument("--record", metavar="FILE",
                   help="keep each finished game in FILE; the same command run again counts "
                        "the games kept and plays only the rest")
    p.add_argument("--no-cap", action="store_true",
                   help="lift the levels' wall-clock cap: every move spends its whole budget "
                        "of work however busy the machine is (for measuring the budgets)")
    p.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    p.add_argument("--progress", action="store_true",
                   help="a line per finished game on standard error")
    p.set_defaults(run=cmd_match)


def cmd_match(args) -> int:
    from game import GAMES
    from game.cli.main import UsageError
    from .match import run_match

    spec = GAMES.get(args.game.lower())
    if spec is None:
        raise UsageError(f"unknown game {args.game!r}; choose one of {', '.join(GAMES)}")
    try:
        variant = spec.check_variant(args.variant)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.balanced and args.opening < 1:
        raise UsageError("--balanced needs --opening 1 or more")
    specs = [s for s in args.players.split(",")]
    seats = spec.players(variant)
    for s in specs:
        if s.strip().lower() not in LEVELS:
            raise UsageError(f"unknown player {s.strip()!r} in --players; choose from "
                             f"{', '.join(LEVELS)}")
    if len(specs) != seats:
        raise UsageError(f"--players: {spec.variant_title(variant)} seats {seats} players, "
                         f"{len(specs)} given")

    def progress(g, seated, winner, scores):
        who = "draw" if winner is None else f"seat {winner} ({seated[winner]}) wins"
        print(f"game {g + 1}: {' v '.join(seated)}: {who}, scores {list(scores)}",
              file=sys.stderr, flush=True)

    if args.seed is None and args.record:
        args.seed = recorded_seed(args.record)
    if args.seed is None:       # chosen here, so the table can say how to replay the match
        import random
        args.seed = random.SystemRandom().randrange(2**31)
    try:
        tallies = run_match(spec, specs, args.games, args.seed, variant,
                            progress=progress if args.progress else None, opening=args.opening,
                            balanced=args.balanced, jobs=args.jobs, record=args.record,
                            cap=not args.no_cap)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    rows = [t.as_dict() for t in tallies]
    if args.json:
        print(json.dumps({"players": rows}))
        return 0
    print(f"{spec.variant_title(variant)}: {args.games} games, seed {args.seed}")
    print(f"{'player':<8} {'wins':>5} {'draws':>5} {'losses':>6} {'mean score':>10} "
          f"{'mean s/move':>11} {'max s/move':>10}")
    for r in rows:
        print(f"{r['spec']:<8} {r['wins']:>5} {r['draws']:>5} {r['losses']:>6} "
              f"{r['mean_score']:>10.2f} {r['mean_seconds']:>11.3f} {r['max_seconds']:>10.3f}")
    return 0


def recorded_seed(path):
    """The seed of the match kept in ``path`` (None when there is none to read), so
    that resuming a recorded match needs no ``--seed``."""
    from .match import read_record
    try:
        data = read_record(path)
    except ValueError:
        return None                 # the match itself reports the damage
    seed = data.get("seed") if data else None
    return seed if type(seed) is int and 0 <= seed < flags.SEED_LIMIT else None
