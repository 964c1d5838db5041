"""Where Callisto's search and Pentobi part ways: Pentobi's move in our players' positions.

Reads records of ``benchmarks/pentobi.py`` (Callisto against Pentobi), takes the positions in
which our player was to move (by default as the second player, once the opening 1x1s are
down), asks Pentobi's engine at a level (``--pentobi``, by default 6) for its move there, and
prints both moves, then how often Pentobi agrees, how often it places a smaller piece than
ours (its third 1x1 among them) and how often a larger one.
``--search LEVEL`` also runs our level's search again from each position with the code as it
is now (one process, seeded, a fresh tree: unlike the recorded player it keeps no tree from its
last move, so even unchanged code may choose otherwise), to see whether a change to the search
moves closer to Pentobi's choices before any long match.  Pentobi answers in a fraction of a
second, so a run takes about as long as our searches in it.

Pentobi's engine is not part of this project: give its folder with ``--pentobi-dir`` (the
folder holding ``bin/pentobi-gtp``, ``books/`` and ``gtp.py``, by default ``pentobi`` beside the
project), as for ``benchmarks/pentobi.py``.

Run from the project root::

    python benchmarks/pentobi_compare.py benchmarks/records/callisto-hard-pentobi5-budget.jsonl
                                         [--games 3] [--seat 1] [--pentobi 6] [--plies 24]
                                         [--search hard] [--pentobi-dir DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DIR = ROOT.parent / "pentobi"


def size(state, move) -> int:
    return len(state.move_cells(move))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", type=Path)
    ap.add_argument("--games", type=int, default=3, help="games per record (default 3)")
    ap.add_argument("--seat", type=int, default=1, choices=(0, 1),
                    help="our player's seat: 0 first, 1 second (default)")
    ap.add_argument("--pentobi", type=int, default=6, help="Pentobi's level (default 6)")
    ap.add_argument("--plies", type=int, default=24, help="up to this ply of each game")
    ap.add_argument("--search", metavar="LEVEL", help="run our LEVEL's search again too")
    ap.add_argument("--pentobi-dir", type=Path, default=DEFAULT_DIR)
    a = ap.parse_args(argv)
    engine = a.pentobi_dir / "bin" / "pentobi-gtp"
    if not engine.exists() or not (a.pentobi_dir / "gtp.py").exists():
        print(f"Pentobi is not here: {engine} or gtp.py is missing (see benchmarks/pentobi.py).")
        return 2
    sys.path.insert(0, str(a.pentobi_dir))
    from gtp import Gtp

    from game.ai import choose_move
    from game.callisto import SPEC

    book = a.pentobi_dir / "books" / "book_callisto_2.blksgf"
    counts = {"positions": 0, "same": 0, "smaller": 0, "larger": 0, "one": 0, "search same": 0}
    for path in a.records:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        rows = [r for r in rows if r["project_player"] == a.seat and r["variant"] == "callisto_2"]
        for row in rows[:a.games]:
            print(f"{path.name} game {row['game']} (seed {row['seed']}): {row['result']} "
                  f"{row['scores'][a.seat]}-{row['scores'][1 - a.seat]}")
            pent = Gtp([str(engine), "--game", "callisto_2", "--level", str(a.pentobi),
                        "--noresign", "--quiet", "--threads", "1", "--seed", str(row["seed"]),
                        "--book", str(book)], name="pentobi")
            try:
                pent.send("set_game Callisto Two-Player")
                pent.send("clear_board")
                state = SPEC.new_game("callisto_2")
                for ply, entry in enumerate(row["moves"][:a.plies]):
                    word = "bw"[entry["colour"]]
                    if entry["who"] == "project" and ply >= 4:
                        text = pent.send(f"genmove {word}")
                        pent.send("undo")
                        ours = SPEC.parse(state, entry["move"])
                        theirs = SPEC.parse(state, text)
                        counts["positions"] += 1
                        counts["same"] += ours == theirs
                        counts["smaller"] += size(state, theirs) < size(state, ours)
                        counts["larger"] += size(state, theirs) > size(state, ours)
                        counts["one"] += size(state, theirs) == 1 < size(state, ours)
                        line = (f"  ply {ply:2}: ours {entry['move']:<20} Pentobi {text:<20}"
                                f"{' same' if ours == theirs else ''}")
                        if a.search:
                            again = choose_move("callisto", state, a.search,
                                                random.Random(row["seed"] * 100 + ply))
                            counts["search same"] += again == theirs
                            line += f"  {a.search} now {SPEC.format_move(state, again)}"
                        print(line, flush=True)
                    pent.send(f"play {word} {entry['move']}")
                    state = state.play(SPEC.parse(state, entry["move"]))
            finally:
                pent.close()
    n = counts["positions"]
    print(f"{n} positions: Pentobi level {a.pentobi} chose our move in {counts['same']}, a smaller "
          f"piece in {counts['smaller']} (its third 1x1 in {counts['one']}), a larger one in "
          f"{counts['larger']}" + (f"; {a.search}'s search now chose Pentobi's move in "
                                   f"{counts['search same']}" if a.search else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
