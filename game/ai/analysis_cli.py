"""``python -m game analyse FILE``: the computer's view of a saved game (``analyze`` too).

::

    python -m game analyse FILE [--level L] [--iterations N] [--seed S] [--json]

FILE is a Callidus saved game.  Every position is judged at level L (default
``hard``; ``easy``, ``medium``, ``hard`` or ``expert``), as in the review
screen's Analyse.  One line per move, printed as soon as it is known: who
moved, the move, the mover's chance to win before and after it, the move the
computer prefers and ``mistake`` where the chance fell by 25 points or more.
``--json`` prints one object when done::

    {"game": "calla", "level": "hard", "seed": 7, "players": ["Ann", "Bob"],
     "start": [0.5, 0.5],
     "moves": [{"ply": 1, "player": 0, "move": "3", "before": [0.5, 0.5],
                "after": [0.55, 0.45], "best": "3", "drop": -0.05,
                "mistake": false, "exact": false}, ...]}

``exact`` says the chances after the move are proven (Calla's search near the
end, a finished game), not estimated.  ``--iterations N`` replaces the
level's time with N playouts (or searched nodes) a position, so the figures
depend on ``--seed`` only.
"""

from __future__ import annotations

import json
import random


def add_parser(subparsers) -> None:
    from .analysis import ANALYSIS_LEVEL, ANALYSIS_LEVELS
    p = subparsers.add_parser("analyse", aliases=["analyze"],
                              help="each player's chance to win after every move of a saved game")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--level", default=ANALYSIS_LEVEL,
                   help=f"one of {', '.join(ANALYSIS_LEVELS)} (default {ANALYSIS_LEVEL})")
    p.add_argument("--iterations", type=int, metavar="N",
                   help="playouts (or searched nodes) a position instead of the level's time")
    p.add_argument("--seed", type=int)
    p.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    p.set_defaults(run=cmd_analyse)


def percent(chance) -> str:
    return "  ?" if chance is None else f"{round(chance * 100):>3d}%"


def cmd_analyse(args) -> int:
    from game.cli.main import UsageError
    from game.files import FileProblem, read_json
    from game.records.record import RecordProblem

    from .analysis import ANALYSIS_LEVELS, empty, estimate, figure, figures, position_seed, \
        replay_as_played

    if args.level not in ANALYSIS_LEVELS:
        raise UsageError(f"unknown level {args.level!r} for an analysis; choose one of "
                         f"{', '.join(ANALYSIS_LEVELS)}")
    if args.iterations is not None and args.iterations < 1:
        raise UsageError("--iterations must be 1 or more")
    try:
        spec, config, states, move_texts, _cursor = replay_as_played(read_json(args.file))
    except (FileProblem, RecordProblem) as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    budget = {} if args.iterations is None else {"iterations": args.iterations, "seconds": None}
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    names = [seat["name"] for seat in config["seats"]]
    data = empty(spec, states, move_texts, args.level)
    if not args.json:
        print(f"{spec.variant_title(config.get('variant'))}: {len(move_texts)} moves, "
              f"analysed at {args.level} (seed {seed})", flush=True)
    for index, state in enumerate(states):
        data["positions"][index] = estimate(spec, state, args.level,
                                            random.Random(position_seed(seed, index)), **budget)
        if index and not args.json:
            print(_line(figure(data, index), names), flush=True)
    rows = figures(data)
    for row in rows:
        row["exact"] = data["positions"][row["ply"]]["exact"]
    if args.json:
        print(json.dumps({"game": spec.name, "level": args.level, "seed": seed, "players": names,
                          "start": data["positions"][0]["chances"], "moves": rows}))
    elif rows:
        marked = [str(row["ply"]) for row in rows if row["mistake"]]
        print(f"mistakes: {', '.join(marked) if marked else 'none'}")
    return 0


def _line(row, names) -> str:
    player = row["player"]
    who = names[player] if player is not None and player < len(names) else "?"
    mine = (row["before"][player], row["after"][player]) if player is not None else (None, None)
    best = "" if row["best"] in (None, row["move"]) else f"  best {row['best']}"
    mark = "  mistake" if row["mistake"] else ""
    return (f"{row['ply']:>4}. {who[:14]:<14} {row['move']:<16} "
            f"{percent(mine[0])} -> {percent(mine[1])}{best}{mark}")
