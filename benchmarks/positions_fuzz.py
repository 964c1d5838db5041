"""Spoiled positions through ``from_position``, many of them, for every game.

Plays random games of every game and variant, spoils their positions (see
``tests/position_mutations.py``: dropped keys, wrong types, huge and
negative numbers, NaN, control characters, pieces moved, dropped or doubled)
and prints per game how many were tried, refused with a named field,
accepted, and the findings: crashes (any exception but ValueError),
impossible positions accepted, and refusals that name no field.  All three
must read 0.

Run: ``python benchmarks/positions_fuzz.py [seconds per game] [seed]``
(default 20 seconds per game).  Exits with status 1 when anything was found.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from game import GAMES  # noqa: E402
from game.core import shown  # noqa: E402
from position_mutations import (ACCEPTED, CRASH, IMPOSSIBLE, REFUSED, UNNAMED,  # noqa: E402
                                judge, mutate, real_positions)

FINDINGS = (CRASH, IMPOSSIBLE, UNNAMED)


def run(game: str, seconds: float, seed: int) -> tuple[Counter, dict]:
    rng = random.Random(f"{game}/{seed}")
    positions = real_positions(game, games=6, seed=seed)
    counts: Counter = Counter()
    examples: dict = {}
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(50):
            data = mutate(rng.choice(positions), rng, game)
            verdict, detail = judge(game, data)
            counts[verdict] += 1
            if verdict in FINDINGS:
                examples.setdefault(verdict, {}).setdefault(detail[:120], data)
    return counts, examples


def main(argv: list[str]) -> int:
    seconds = float(argv[0]) if argv else 20.0
    seed = int(argv[1]) if len(argv) > 1 else 1
    print(f"{'game':10} {'tried':>8} {'refused':>8} {'accepted':>9} {'crashes':>8} "
          f"{'impossible':>10} {'unnamed':>8}")
    found = 0
    all_examples = {}
    for game in GAMES:
        counts, examples = run(game, seconds, seed)
        tried = sum(counts.values())
        print(f"{game:10} {tried:8} {counts[REFUSED]:8} {counts[ACCEPTED]:9} {counts[CRASH]:8} "
              f"{counts[IMPOSSIBLE]:10} {counts[UNNAMED]:8}", flush=True)
        found += sum(counts[v] for v in FINDINGS)
        all_examples[game] = examples
    for game, examples in all_examples.items():
        for verdict, by_detail in examples.items():
            for detail, data in list(by_detail.items())[:8]:
                print(f"\n{game} {verdict}: {detail}\n  {shown(data, 400)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
