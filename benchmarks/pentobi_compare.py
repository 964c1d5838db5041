"""Where Callisto's search and Pentobi part ways: Pentobi's move in our players' positions.

Reads records of ``benchmarks/pentobi.py`` (Callisto against Pentobi), takes the positions in
which our player was to move (by default as the second player, once the opening 1x1s are
down), asks Pentobi's engine at a level (``--pentobi``, by default 6) for its move there, and
prints both moves, then how often Pentobi agrees, how often it places a smaller piece than
ours (its third 1x1 among them) and how often a larger one.
``--search LEVEL`` also runs our level's search again from each position with the code as it
is now (one process, seeded, a fresh tree: unlike the recorded player it keeps no tree from its
last move, so even unchanged code may choose otherwise), to see whether a change to the search
moves closer to Pentobi's choices before any long match; ``--work K`` gives that search K times
its level's work (no wall-clock cap), to see what a longer search would choose.  Several
searches are a comma list, each a level or ``LEVEL*K`` (K times its work): ``--search
hard,hard*3,expert`` asks Pentobi once a position for all three.

``--mover pentobi`` takes the positions in which the seat's move was Pentobi's instead of our
player's (a record of ``pentobi.py --moves`` has both; ``--moves 0:0`` records Pentobi in both
seats), so that a stronger Pentobi (``--pentobi 8``) tells how often a weaker one, whose moves
the record holds, chose as it does, next to our searches from the same positions.

``--judge LEVEL`` weighs the moves instead of only comparing them: Pentobi at that level (a
stronger one than the players measured) plays each move in question, searches the other
colour's reply, and the mover's chance after the move is one minus the value of the reply it
would play.  Every move of a position is judged from the same position, so the differences
are paired: the summary gives the mean chance our move (and the search's) gives up against
Pentobi's move at ``--pentobi``, with its standard error.  Whole games answer the same
question far more slowly, their outcome hanging on every other move too.  ``--moves LO:HI``
keeps only our seat's own moves LO to HI - 1 (counted from 0, the opening 1x1s being 0 and 1,
as in ``pentobi.py``); ``--out FILE`` keeps each position as one JSON line, and a rerun with the
same file goes on with the positions not yet there.

Pentobi's engine is not part of this project: give its folder with ``--pentobi-dir`` (the
folder holding ``bin/pentobi-gtp``, ``books/`` and ``gtp.py``, by default ``pentobi`` beside the
project), as for ``benchmarks/pentobi.py``.

Run from the project root::

    python benchmarks/pentobi_compare.py benchmarks/records/callisto-hard-pentobi5-budget.jsonl
                                         [--games 3] [--seat 1] [--pentobi 6] [--plies 24]
                                         [--search hard [--work 4]] [--judge 7]
                                         [--moves 2:6] [--out FILE.jsonl] [--pentobi-dir DIR]
    python benchmarks/pentobi_compare.py RECORD --mover pentobi --pentobi 8 --moves 3:6
                                         --search hard,hard*3,expert --games 40
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DIR = ROOT.parent / "pentobi"


def size(state, move) -> int:
    return len(state.move_cells(move))


def judged(judge, word: str, other: str, move: str) -> float | None:
    """The chance the judge gives the colour ``word`` after it plays ``move``: the judge
    searches the other colour's reply (without playing it) and its value is the other's.
    None when the other colour has no move left there (the judge then has nothing to say)."""
    judge.send(f"play {word} {move}")
    try:
        judge.send(f"reg_genmove {other}")
        lines = judge.send("move_values").splitlines()
    except Exception:           # no reply to search: the other colour is blocked
        return None
    finally:
        judge.send("undo")
    return round(1.0 - float(lines[0].split()[2]), 4) if lines else None


def mean_se(values: list) -> tuple:
    """The mean of ``values`` and its standard error."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def _recorder():
    """``benchmarks/pentobi.py``, which writes the records read here: its reader of records
    and of ``LO:HI``."""
    import benchmarks.pentobi
    return benchmarks.pentobi


def _phase(text: str) -> tuple:
    """``LO:HI`` (HI may be left out) read as ``benchmarks/pentobi.py`` reads it."""
    return _recorder()._phase(text)


def json_lines(path: Path) -> list:
    """The JSON objects of ``path``, one a line, read as ``benchmarks/pentobi.py`` reads its
    records (ValueError naming the file and line of the first that is not one)."""
    return _recorder().read_records(path)


def summary_lines(rows: list, pentobi: int, search: str | None, mover: str = "project") -> list:
    """What the judged positions ``rows`` (as kept by ``--out``) say, paired by position."""
    lines = []
    keys = [("ours", "our recorded move" if mover == "project" else "the recorded move")]
    names = _searches(search) if search else []
    keys += [(_key(i, name), f"{name}'s search now") for i, (name, _, _) in enumerate(names)]
    for key, name in keys:
        pairs = [r["chance"][key] - r["chance"]["pentobi"] for r in rows
                 if isinstance(r["chance"].get(key), (int, float))
                 and isinstance(r["chance"].get("pentobi"), (int, float))]
        if pairs:
            mean, se = mean_se(pairs)
            lines.append(f"{name} against Pentobi level {pentobi}'s: {mean:+.4f} a move "
                         f"(standard error {se:.4f}) over {len(pairs)} positions")
    return lines


def _searches(text: str) -> list:
    """``--search``: a comma list of levels, each ``LEVEL`` or ``LEVEL*K``, as
    ``(name, level, K or None)``; ArgumentTypeError naming what is not one."""
    from game.ai.levels import LEVELS
    out = []
    for part in text.split(","):
        name = part.strip()
        level, star, times = name.partition("*")
        try:
            work = float(times) if star else None
        except ValueError:
            work = -1.0
        if level not in LEVELS or level == "random" or (
                work is not None and not (0 < work < 1000)):
            from game.core import shown
            raise argparse.ArgumentTypeError(
                f"{shown(name, 30)} is not a level ({', '.join(LEVELS[1:])}) or LEVEL*K "
                f"with K a positive multiple of its work")
        out.append((name, level, work))
    return out


def _key(index: int, name: str) -> str:
    """Where a position keeps the move of its ``index``-th search: the first under
    ``search`` (as before several could be asked), the others under ``search NAME``."""
    return "search" if index == 0 else f"search {name}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", type=Path)
    ap.add_argument("--games", type=int, default=3, help="games per record (default 3)")
    ap.add_argument("--seat", type=int, default=1, choices=(0, 1),
                    help="our player's seat: 0 first, 1 second (default)")
    ap.add_argument("--pentobi", type=int, default=6, help="Pentobi's level (default 6)")
    ap.add_argument("--plies", type=int, default=24, help="up to this ply of each game")
    ap.add_argument("--moves", type=_phase, metavar="LO:HI",
                    help="only our seat's own moves LO to HI - 1 (counted from 0)")
    ap.add_argument("--search", metavar="LEVEL",
                    help="run our LEVEL's search again too (a comma list, LEVEL*K for K times "
                         "its work)")
    ap.add_argument("--mover", choices=("project", "pentobi"), default="project",
                    help="the positions where the seat's move was our player's (default) or "
                         "Pentobi's")
    ap.add_argument("--work", type=float, default=None, metavar="K",
                    help="with --search: K times the level's work, no wall-clock cap")
    ap.add_argument("--judge", type=int, metavar="LEVEL",
                    help="Pentobi's level that judges every move compared (say 7)")
    ap.add_argument("--out", type=Path, help="keep each position as a JSON line (resumable)")
    ap.add_argument("--pentobi-dir", type=Path, default=DEFAULT_DIR)
    a = ap.parse_args(argv)
    if a.work is not None and (not a.search or a.work <= 0):
        ap.error("--work needs --search and a positive multiple")
    try:
        a.searches = _searches(a.search) if a.search else []
    except argparse.ArgumentTypeError as exc:
        ap.error(f"--search: {exc}")
    if a.judge is not None and not 1 <= a.judge <= 9:
        ap.error("--judge takes one of Pentobi's levels, 1 to 9")
    try:
        records = [(path, json_lines(path)) for path in a.records]
        kept, said = [], None
        if a.out is not None:
            numbered, said = _recorder().resume_records(a.out)
            kept = [row for _, row in numbered]
        seen = {(r["seed"], r["ply"]) for r in kept}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"Cannot read the records: {exc}")
        return 2
    if said:
        print(said)
    engine = a.pentobi_dir / "bin" / "pentobi-gtp"
    if not engine.exists() or not (a.pentobi_dir / "gtp.py").exists():
        print(f"Pentobi is not here: {engine} or gtp.py is missing (see benchmarks/pentobi.py).")
        return 2
    sys.path.insert(0, str(a.pentobi_dir))
    from gtp import Gtp, GtpError

    from game.callisto import SPEC

    book = a.pentobi_dir / "books" / "book_callisto_2.blksgf"

    def pentobi_engine(level, seed):
        pent = Gtp([str(engine), "--game", "callisto_2", "--level", str(level),
                    "--noresign", "--quiet", "--threads", "1", "--seed", str(seed),
                    "--book", str(book)], name="pentobi")
        pent.send("set_game Callisto Two-Player")
        pent.send("clear_board")
        return pent

    judge = pentobi_engine(a.judge, 7) if a.judge is not None else None
    if judge is not None:       # each judgement its own search, no subtree kept from the last
        judge.send("param reuse_subtree 0")
    counts = {"positions": 0, "same": 0, "smaller": 0, "larger": 0, "one": 0}
    counts.update({_key(i, name): 0 for i, (name, _, _) in enumerate(a.searches)})
    try:
        for path, rows in records:
            rows = [r for r in rows
                    if r.get("project_player") == a.seat and r.get("variant") == "callisto_2"]
            for row in rows[:a.games]:
                try:
                    print(f"{path.name} game {row['game']} (seed {row['seed']}): "
                          f"{row['result']} {row['scores'][a.seat]}-{row['scores'][1 - a.seat]}")
                    seed = int(row["seed"])
                except (KeyError, TypeError, ValueError, IndexError) as exc:
                    print(f"{path.name}: a game without its seed, result or scores ({exc}), "
                          f"left out")
                    continue
                pent = pentobi_engine(a.pentobi, seed)
                if judge is not None:
                    judge.send("clear_board")
                try:
                    state = SPEC.new_game("callisto_2")
                    own = -1        # our seat's moves so far, counted from 0
                    for ply, entry in enumerate(row["moves"][:a.plies]):
                        word = "bw"[entry["colour"]]
                        own += entry["colour"] == a.seat
                        wanted = (entry["who"] == a.mover and entry["colour"] == a.seat
                                  and ply >= 4
                                  and (a.moves is None or (a.moves[0] <= own and (
                                      a.moves[1] is None or own < a.moves[1]))))
                        if wanted and (row["seed"], ply) not in seen:
                            kept.append(compare(a, state, row, ply, entry, word, pent, judge,
                                                counts))
                        pent.send(f"play {word} {entry['move']}")
                        if judge is not None:
                            judge.send(f"play {word} {entry['move']}")
                        state = state.play(SPEC.parse(state, entry["move"]))
                except (KeyError, TypeError, ValueError, IndexError, GtpError) as exc:
                    print(f"  the rest of this game is left out: {exc}")
                finally:
                    pent.close()
    finally:
        if judge is not None:
            judge.close()
    n = counts["positions"]
    recorded = "our move" if a.mover == "project" else "the recorded move"
    print(f"{n} positions: Pentobi level {a.pentobi} chose {recorded} in {counts['same']}, a "
          f"smaller piece in {counts['smaller']} (its third 1x1 in {counts['one']}), a larger "
          f"one in {counts['larger']}" + "".join(
              f"; {name}'s search now chose Pentobi's move in {counts[_key(i, name)]}"
              for i, (name, _, _) in enumerate(a.searches)))
    if judge is not None:
        judged_rows = [r for r in kept if isinstance(r.get("chance"), dict)]
        print(f"judged by Pentobi level {a.judge} (the mover's chance after each move), "
              f"the positions kept and new:")
        for line in summary_lines(judged_rows, a.pentobi, a.search, a.mover) or ["nothing judged"]:
            print("  " + line)
    return 0


def compare(a, state, row, ply, entry, word, pent, judge, counts) -> dict:
    """One position: Pentobi's move against ours (and the search's), judged when asked;
    printed, counted, and kept in ``--out``."""
    from game.ai import choose_move
    from game.ai.knowledge import knowledge_for
    from game.ai.levels import iterations_for, level_for
    from game.callisto import SPEC as spec
    text = pent.send(f"reg_genmove {word}")
    ours = spec.parse(state, entry["move"])
    theirs = spec.parse(state, text)
    counts["positions"] += 1
    counts["same"] += ours == theirs
    counts["smaller"] += size(state, theirs) < size(state, ours)
    counts["larger"] += size(state, theirs) > size(state, ours)
    counts["one"] += size(state, theirs) == 1 < size(state, ours)
    moves = {"ours": entry["move"], "pentobi": spec.format_move(state, theirs)}
    line = (f"  ply {ply:2}: ours {entry['move']:<20} Pentobi {moves['pentobi']:<20}"
            f"{' same' if ours == theirs else ''}")
    for index, (name, level, work) in enumerate(a.searches):
        work = a.work if work is None else work
        budget = {}
        if work is not None:
            know = knowledge_for("callisto")
            base = iterations_for(level_for("callisto", level, know, state.variant), know, state)
            budget = {"iterations": max(1, int(base * work)), "seconds": None}
        again = choose_move("callisto", state, level,
                            random.Random(row["seed"] * 100 + ply), **budget)
        key = _key(index, name)
        counts[key] += again == theirs
        moves[key] = spec.format_move(state, again)
        line += f"  {name} now {moves[key]}"
    result = {"seed": row["seed"], "ply": ply, "moves": moves}
    if judge is not None:
        other = "bw"[1 - entry["colour"]]
        values = {m: judged(judge, word, other, m) for m in sorted(set(moves.values()))}
        result["chance"] = {k: values[m] for k, m in moves.items()}
        line += "  judged " + " ".join(
            f"{k} {'-' if v is None else f'{v:.3f}'}" for k, v in result["chance"].items())
    print(line, flush=True)
    if a.out is not None:
        with open(a.out, "a") as f:
            f.write(json.dumps(result) + "\n")
    return result


if __name__ == "__main__":
    sys.exit(main())
