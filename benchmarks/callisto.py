"""How fast Callisto's engine answers a computer player, per variant.

Prints the time to build each board's placement tables, the legal-move count
and generation time at the opening and after 20 random moves, random full games
per second played through the rules (``state.play``, every position built), and
for the two-colour game the playouts per second of the search itself (the
Hard and Expert levels' ``rollout`` on bit sets, from the position after each
colour's two opening 1x1s to the end): the figure to set beside Pentobi's random
games per second.  Rates count processor seconds (``time.process_time``), so
other work on the machine changes them little.
Run: ``python benchmarks/callisto.py [seconds]``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.callisto import SPEC, geometry  # noqa: E402


def legal_timing(state, repeats: int = 50) -> tuple:
    """(move count, milliseconds per legal-move generation at ``state``).

    Times the generator itself: ``legal_moves()`` caches its answer per state.
    """
    start = time.process_time()
    for _ in range(repeats):
        moves = state._generate(state.colour)
    return len(moves), 1000 * (time.process_time() - start) / repeats


def middle_game(variant: str, plies: int, rng: random.Random):
    state = SPEC.new_game(variant)
    while len(state.moves) < plies and not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def games_per_second(variant: str, seconds: float, rng: random.Random) -> tuple:
    start = time.process_time()
    games = plies = 0
    while time.process_time() - start < seconds:
        state = SPEC.new_game(variant)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            plies += 1
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, plies / games


def playouts_per_second(variant: str, seconds: float, rng: random.Random):
    """The search's own playouts to the end a second, from the position after each
    colour's two opening 1x1s (None where the search does not play out)."""
    from game.ai.knowledge.callisto import rollout
    state = SPEC.new_game(variant)
    while any(row[0] > 1 for row in state.left) and not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    if len(state.owned) > 2:
        return None
    start = time.process_time()
    count = 0
    while time.process_time() - start < seconds:
        rollout(state, rng, 200, None)
        count += 1
    return count / (time.process_time() - start)


def main(seconds: float = 3.0) -> None:
    rng = random.Random(2024)
    print(f"{'variant':<14}{'tables ms':>10}{'open moves':>12}{'open ms':>9}"
          f"{'mid moves':>11}{'mid ms':>8}{'games/s':>9}{'plies/game':>12}{'playouts/s':>12}")
    for variant in SPEC.variants:
        start = time.perf_counter()
        geometry(variant)
        tables = 1000 * (time.perf_counter() - start)
        opening = legal_timing(SPEC.new_game(variant))
        middle = legal_timing(middle_game(variant, 20, rng))
        rate, plies = games_per_second(variant, seconds, rng)
        playouts = playouts_per_second(variant, seconds, rng)
        shown = "-" if playouts is None else f"{playouts:.0f}"
        print(f"{variant:<14}{tables:>10.1f}{opening[0]:>12}{opening[1]:>9.3f}"
              f"{middle[0]:>11}{middle[1]:>8.3f}{rate:>9.1f}{plies:>12.1f}{shown:>12}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
