"""Two settings of Callisto's two-colour search against each other, at fixed iterations.

Each side is a computer level's settings (``--base``, default ``hard``) with changes given
as JSON, and a number of iterations a move instead of a clock, so the games depend only on
the code and the seeds, never on how busy the machine is: a quick, repeatable way to compare
search settings before measuring them against Pentobi.  Games come in pairs from the same
four random opening moves, A moving first in one and second in the other.

Run from the project root::

    python benchmarks/callisto_selfplay.py --a '{"iterations": 3000, "c": 0.2}' \\
        --b '{"iterations": 1000}' --games 40 [--base hard] [--seed 1] [--jobs 2] \\
        [--out FILE.jsonl]

Prints A's wins, A's wins as the first and as the second player, and how often the first
player won.  With ``--out`` each game is one JSON line; a rerun with the same file plays only
the games still missing.  The file is read as ``benchmarks/pentobi.py`` reads its records: one
that is not a file of this script's games is named, with its line, and nothing is played or
written.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VARIANT = "callisto_2"
OPENING = 4


def settings(base: str, changes: dict):
    """The level ``base`` of the two-colour game with ``changes``; ``iterations`` replaces
    the clock."""
    from game.ai.levels import level_for
    level = level_for("callisto", base, None, VARIANT)
    changes = dict(changes)
    iterations = int(changes.pop("iterations", 1000))
    return level.but(seconds=None, iterations=iterations, **changes)


def play(job) -> dict:
    """Game ``g``: A moves first in even games, second in odd ones."""
    g, a, b, base, seed = job
    from game.ai.knowledge import knowledge_for
    from game.ai.match import random_opening
    from game.ai.mcts import Search
    from game.callisto import SPEC
    know = knowledge_for("callisto")
    levels = [settings(base, a), settings(base, b)]
    if g % 2:
        levels.reverse()
    deal = random.Random(f"{seed}/{g // 2}").randrange(2**31)
    state = random_opening(SPEC.new_game(VARIANT, seed=deal), OPENING, deal)
    rngs = [random.Random(f"{seed}/{g}/{seat}") for seat in range(2)]
    while not state.is_over:
        seat = state.to_move
        moves = state.legal_moves()
        if len(moves) == 1:
            move = moves[0]
        else:
            level = levels[seat]
            move = Search(SPEC, state, level, know, rngs[seat], None, level.iterations).run()
        state = state.play(move)
    return {"game": g, "a_seat": g % 2, "winner": state.winner, "scores": list(state.scores)}


def level_changes(text: str) -> dict:
    """A side's changes to the level: a JSON object (bounded as ``game.files`` bounds JSON)."""
    from game.files import FileProblem, parse_json
    try:
        value = parse_json(text, "the JSON")
    except FileProblem as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("not a JSON object (give one like "
                                         """'{"iterations": 3000}')""")
    return value


def a_game(row: dict) -> bool:
    """Whether ``row`` holds what ``summary`` reads of a game."""
    return type(row.get("game")) is int and {"a_seat", "winner"} <= row.keys()


def kept_games(path: Path) -> list:
    """The games kept in ``path`` by an earlier run, read by ``benchmarks/pentobi.py`` as it
    reads its records to go on from them (a last line cut short by a stopped run is left
    out, the record as it was kept aside); ValueError naming the file, and the line of the
    first that is not a game of this script."""
    from benchmarks.pentobi import resume_records
    kept, said = resume_records(path, a_game, "a game of this script")
    if said:
        print(said)
    return [row for _, row in kept]


def summary(rows: list) -> str:
    a_first = [r for r in rows if r["a_seat"] == 0]
    a_second = [r for r in rows if r["a_seat"] == 1]
    won = lambda rs: sum(r["winner"] == r["a_seat"] for r in rs)  # noqa: E731
    first = sum(r["winner"] == 0 for r in rows)
    return (f"{len(rows)} games: A won {won(rows)} (as the first player {won(a_first)} of "
            f"{len(a_first)}, as the second {won(a_second)} of {len(a_second)}); "
            f"the first player won {first}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--a", required=True, type=level_changes,
                   help="JSON: A's changes to the level, with iterations")
    p.add_argument("--b", required=True, type=level_changes,
                   help="JSON: B's changes to the level, with iterations")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--base", default="hard", choices=("medium", "hard", "expert"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    a, b = args.a, args.b
    for flag, side in (("--a", a), ("--b", b)):
        try:
            settings(args.base, side)
        except (ValueError, TypeError) as exc:
            p.error(f"argument {flag}: {exc}")
    rows = []
    if args.out is not None and args.out.exists():
        try:
            rows = kept_games(args.out)
        except ValueError as exc:
            print(f"callisto_selfplay: cannot go on from the games kept: {exc}",
                  file=sys.stderr)
            return 2
    done = {r["game"] for r in rows}
    jobs = [(g, a, b, args.base, args.seed) for g in range(args.games) if g not in done]
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for row in pool.map(play, jobs):
            rows.append(row)
            if args.out is not None:
                with args.out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
    print(f"A {json.dumps(a)} against B {json.dumps(b)} (base {args.base}, seed {args.seed}): "
          f"{summary(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
