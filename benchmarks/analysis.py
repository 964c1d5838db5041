"""How long the computer takes to analyse a whole game (the review screen's Analyse).

Plays a 40-move Calla game and a 35-move Callisto game (two players), seeded
so that every run judges the same games: Callisto's between Easy computer
players (a fixed number of playouts a move), Calla's between random movers,
since few Calla games last 40 moves (Easy's ended after 10 to 34).  Then
judges every position of each at the analysis level
(``game.ai.analysis.ANALYSIS_LEVEL``, Hard: 1.5 s a position at most; Calla's
alpha-beta stops early once its search closes the tree, a tree search once
the rest of its budget could not change its move).  Prints, per game, the
seconds in all, the seconds per position and the mistakes marked, and the
seconds for both.  Run from the project root::

    python benchmarks/analysis.py [--level L] [--seed S]

About a minute and a half on one core; the load average is printed before and
after, since other work on the machine leaves each search fewer iterations.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from strength import load  # noqa: E402  (this folder: the machine's load, said the same way)

#: (game, variant, moves, the level that plays the game)
GAMES_TO_ANALYSE = (("calla", None, 40, "random"), ("callisto", "callisto_2", 35, "easy"))


def played_game(name: str, variant, moves: int, level: str, seed: int):
    """``(spec, states, move texts)`` of the first seeded game between two ``level``
    players, from ``seed`` on, that lasts ``moves`` moves, cut after them."""
    from game import GAMES
    from game.ai import choose_move
    spec = GAMES[name]
    for attempt in range(seed, seed + 100):
        rng = random.Random(attempt)
        state = spec.new_game(variant=variant, seed=attempt)
        states, texts = [state], []
        while not state.is_over and len(texts) < moves:
            move = choose_move(name, state, level, rng, seconds=None)
            texts.append(spec.format_move(state, move))
            state = state.play(move)
            states.append(state)
        if len(texts) == moves:
            return spec, states, texts
    raise SystemExit(f"no {name} game of {moves} moves from seeds {seed} to {seed + 99}")


def main(argv=None) -> int:
    from game.ai.analysis import ANALYSIS_LEVEL, ANALYSIS_LEVELS, analyse, mistakes
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default=ANALYSIS_LEVEL, choices=ANALYSIS_LEVELS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"Analysis at {args.level}, seed {args.seed}; {load()}", flush=True)
    total = 0.0
    for name, variant, moves, level in GAMES_TO_ANALYSE:
        spec, states, texts = played_game(name, variant, moves, level, args.seed)
        start = time.perf_counter()
        data = analyse(spec, states, texts, args.level, seed=args.seed)
        seconds = time.perf_counter() - start
        total += seconds
        exact = sum(1 for entry in data["positions"] if entry["exact"])
        marked = mistakes(data)
        print(f"  {spec.variant_title(variant):<22} {moves} moves, {len(states)} positions: "
              f"{seconds:6.1f} s ({seconds / len(states):.2f} s a position), "
              f"{exact} proven, mistakes at {marked or 'none'}", flush=True)
    print(f"  both games: {total:.1f} s; {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
