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

``python benchmarks/callisto.py --openings RECORD.jsonl [--playouts N]`` asks instead how the
search's playouts judge the openings real games had: for each two-colour game of a record of
``benchmarks/pentobi.py``, the position after its four opening 1x1s, N of Hard's playouts from
it (1,000 by default), and the share of them the first player won, beside the share of those
games the first player won in fact.
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


def openings(path: Path, playouts: int = 1000) -> str:
    """How the search's playouts judge the openings of the games kept in ``path``;
    ValueError naming the file (and the line) when it holds no such games."""
    # Read as ``benchmarks/pentobi.py``, which writes these records, reads them.
    from benchmarks.pentobi import numbered_records
    from game.ai.knowledge.callisto import rollout
    records = numbered_records(path)
    rng = random.Random(1)
    rows, starts = [], []
    for number, row in records:
        try:
            if row.get("variant") != "callisto_2" or len(row.get("moves", ())) < 4:
                continue
            state = SPEC.new_game("callisto_2")
            for entry in row["moves"][:4]:
                state = state.play(SPEC.parse(state, entry["move"]))
            scores = row["scores"]
            if len(scores) != 2 or not all(type(x) in (int, float) for x in scores):
                raise ValueError(f"scores {scores!r}")
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"{path.name}, line {number}: not a game of the two-colour game "
                             f"({exc})") from None
        rows.append(row)
        starts.append(state)
    if not rows:
        raise ValueError(f"{path.name}: no two-colour game of four moves or more")
    shares = []
    for state in starts:
        memory = {}
        won = sum(rollout(state, rng, 200, None, memory)[0] > 0.5 for _ in range(playouts))
        shares.append(won / playouts)
    first = sum(r["scores"][0] > r["scores"][1] for r in rows)
    return (f"{path.name}: from the openings of {len(rows)} games, {playouts} playouts each gave "
            f"the first player {100 * sum(shares) / len(shares):.0f}% on average "
            f"({100 * min(shares):.0f}% to {100 * max(shares):.0f}%); the first player won "
            f"{first} of those {len(rows)} games")


def _positive(text: str) -> int:
    import argparse
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return value


def cli(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("seconds", nargs="?", type=float, default=3.0,
                    help="seconds of each rate's measurement (default 3)")
    ap.add_argument("--openings", type=Path, metavar="RECORD",
                    help="judge the openings of a record's games by the playouts instead")
    ap.add_argument("--playouts", type=_positive, default=1000, metavar="N",
                    help="with --openings: playouts from each opening (default 1000)")
    a = ap.parse_args(argv)
    if a.openings is not None:
        if not a.openings.exists():
            ap.error(f"{a.openings}: no such record")
        try:
            said = openings(a.openings, a.playouts)
        except ValueError as exc:
            print(f"callisto: cannot judge the openings: {exc}", file=sys.stderr)
            return 2
        print(said)
    else:
        main(a.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(cli())
