"""Processor time of the computer levels' budgets of work, for calibrating them.

Every level spends a budget of work (playouts, or nodes for alpha-beta), not of
time.  This script plays a few games between Easy players (seeded, so always the
same positions), takes positions along them, and has each level search each
position for part of its time, measuring the processor seconds
(``time.process_time``, so another program on the machine does not change the
figure much).  Per game and level it prints the processor seconds an iteration
takes (median and spread over the positions), the budget that would take the
level's seconds at that median, and the budget the level has now with what it
costs at the median and at the slowest position.

Run from the project root::

    python benchmarks/budgets.py [GAME ...] [--levels easy,medium,hard,expert]
                                 [--games 2] [--every 6] [--probe 0.3] [--seed 1]

``--probe`` is the share of each level's seconds searched at each position (as the
levels did when they thought for a time, with their iteration caps).  Variants other
than the default can be named as GAME:VARIANT (``callisto:callisto_2``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def positions(spec, variant, games: int, every: int, seed: int) -> list:
    """States every ``every`` plies along ``games`` games between Easy players."""
    from game.ai import choose_move
    found = []
    for g in range(games):
        rng = random.Random(f"{seed}/{g}")
        state = spec.new_game(variant, seed=seed + g)
        for _ in range(4):      # a few random opening moves, as the matches do
            if not state.is_over:
                state = state.play(rng.choice(state.legal_moves()))
        ply = 0
        while not state.is_over:
            if ply % every == 0 and len(state.legal_moves()) > 1:
                found.append((ply, state))
            state = state.play(choose_move(spec.name, state, "easy", rng, seconds=None,
                                           iterations=30))
            ply += 1
    return found


#: Searches shorter than this (processor seconds) are left out of the figures: their
#: fixed costs (the legal moves, the first node) would weigh as iterations.
MEANINGFUL = 0.01


def probe(name, state, level, seconds, iterations) -> tuple:
    """(processor seconds, iterations made) of one search of ``level`` that stops after
    ``seconds`` of wall time or ``iterations``, as the levels did when they thought for
    a time (their wall-clock cap set to exactly their seconds)."""
    from game.ai import choose_move, levels
    info = {}
    cap, levels.WALL_CAP = levels.WALL_CAP, 1.0
    try:
        start = time.process_time()
        choose_move(name, state, level, random.Random(1), seconds=seconds,
                    iterations=iterations, info=info)
        return time.process_time() - start, info.get("iterations", 0)
    finally:
        levels.WALL_CAP = cap


def main(argv=None) -> int:
    from game import GAMES
    from game.ai.levels import level_for
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*")
    p.add_argument("--levels", default="easy,medium,hard,expert")
    p.add_argument("--games", type=int, default=2, dest="count")
    p.add_argument("--every", type=int, default=6)
    p.add_argument("--probe", type=float, default=0.3)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    targets = []
    for word in args.games or list(GAMES):
        name, _, variant = word.partition(":")
        if name not in GAMES:
            p.error(f"unknown game {name!r}")
        targets.append((name, variant or None))
    for name, variant in targets:
        spec = GAMES[name]
        states = positions(spec, variant, args.count, args.every, args.seed)
        print(f"{name} {variant or spec.variants[0] if spec.variants else ''}: "
              f"{len(states)} positions (plies {states[0][0]}-{states[-1][0]})", flush=True)
        for level in args.levels.split(","):
            settings = level_for(name, level, None, variant or spec.new_game(None).variant)
            budget = settings.iterations
            costs, short = [], []
            for ply, state in states:
                cpu, made = probe(name, state, level, settings.seconds * args.probe, budget)
                if made > 1:
                    (costs if cpu >= MEANINGFUL else short).append((cpu / made, ply, made))
            costs = costs or short
            per = sorted(c for c, _, _ in costs)
            median = statistics.median(per)
            low, high = per[len(per) // 10], per[-1 - len(per) // 10]
            slowest = max(costs)
            implied = settings.seconds / median
            now = "" if budget is None else (
                f"; budget {budget}: {budget * median:.2f} s at the median, "
                f"{budget * slowest[0]:.2f} s at ply {slowest[1]}")
            print(f"  {level:<7} {settings.seconds:>4} s  ms/iteration median {1000 * median:.4f} "
                  f"(10-90%: {1000 * low:.4f}-{1000 * high:.4f}; slowest ply {slowest[1]})  "
                  f"-> {implied:,.0f} iterations{now}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
