"""How many iterations a second Callisto's Hard search makes in the two-colour game.

Hard, capped at N iterations (no clock, fixed seeds, so the moves it chooses depend
only on the code), from nine middle positions of the second player's games against
Pentobi (moves 10, 18 and 26 of the first three such games in
``records/callisto-hard-pentobi4.jsonl``).  Prints iterations a second and the moves
chosen: run it in two checkouts one after the other, a few times, to compare them
on a busy machine.  Run: ``python benchmarks/callisto_search.py [N]`` (default 1500).
The record is read as ``benchmarks/pentobi.py``, which writes it, reads it: one that is not
such a record is named, with its line, and nothing is searched.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import choose_move  # noqa: E402
from game.callisto import SPEC  # noqa: E402

RECORDS = ROOT / "benchmarks" / "records" / "callisto-hard-pentobi4.jsonl"


def positions() -> list:
    """The second player's positions at plies 9, 17 and 25 of the first three games
    in which Callidus played second (ValueError naming the record, and the line of a game
    that cannot be played through); read as ``benchmarks/pentobi.py``, which writes these
    records, reads them."""
    from benchmarks.pentobi import numbered_records
    games = [(n, g) for n, g in numbered_records(RECORDS) if g.get("project_player") == 1]
    found = []
    for number, game in games[:3]:
        try:
            state = SPEC.new_game("callisto_2")
            for ply, entry in enumerate(game["moves"]):
                if ply in (9, 17, 25) and state.to_move == 1:
                    found.append(state)
                state = state.play(SPEC.parse(state, entry["move"]))
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"{RECORDS.name}, line {number}: not a game of the two-colour "
                             f"game ({exc})") from None
    if not found:
        raise ValueError(f"{RECORDS.name}: no game of ten moves or more in which Callidus "
                         "played second")
    return found


def main(iterations: int = 1500) -> int:
    try:
        states = positions()
    except ValueError as exc:
        print(f"callisto_search: cannot read the record: {exc}", file=sys.stderr)
        return 2
    choose_move("callisto", states[0], "hard", random.Random(0), seconds=None, iterations=50)
    moves = []
    start = time.perf_counter()
    for k, state in enumerate(states):
        moves.append(choose_move("callisto", state, "hard", random.Random(7 + k), seconds=None,
                                 iterations=iterations))
    elapsed = time.perf_counter() - start
    print(f"{len(states) * iterations / elapsed:.0f} iterations a second over {len(states)} "
          f"positions; moves {moves}")
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1500))
