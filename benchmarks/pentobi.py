"""Callisto's computer levels against Pentobi, the program Callisto comes from.

Pentobi's GTP engine (built from its public source) and a referee script that
plays ``python3 -m game gtp`` against it are not part of this project: give
their folder with ``--pentobi-dir`` (by default ``pentobi`` in the folder the
project sits in).  This script runs that referee when it is there and says so
when it is not; nothing else in the project needs it.

Run from the project root::

    python benchmarks/pentobi.py --level hard --pentobi 4 --games 40
                                 [--variant callisto_2] [--seed 1] [--out FILE.jsonl]
    python benchmarks/pentobi.py --summary FILE.jsonl [FILE.jsonl ...]

Seats alternate; each game is one JSON line (every move with its wall and
processor seconds, the scores); a rerun with the same ``--out`` plays only
the missing games.  The default ``--out`` is
``benchmarks/records/callisto-LEVEL-pentobiN.jsonl``.  The machine's load is
printed before and after: the project's levels think for a set time, so on a
busy machine they search less, while Pentobi's levels count simulations.
``--summary`` prints wins and losses and the seconds a move of kept records.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT.parent / "pentobi"


def summary(path: Path) -> str:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    won = sum(r["result"].startswith("win") for r in rows)
    lost = sum(r["result"].startswith("loss") for r in rows)
    ties = sum(r["result"].endswith("tiebreak") for r in rows)
    ours = [m["wall"] for r in rows for m in r["moves"] if m["who"] == "project"]
    first = [r for r in rows if r["project_player"] == 0]
    first_won = sum(r["result"].startswith("win") for r in first)
    level = rows[0]["level"] if rows else "?"
    pentobi = rows[0]["pentobi"] if rows else "?"
    mean = sum(ours) / len(ours) if ours else 0.0
    return (f"{path.name}: {level} against Pentobi level {pentobi}: {len(rows)} games, won {won}, "
            f"lost {lost} ({ties} decided by the tie rule; as first player {first_won} of "
            f"{len(first)}); seconds a move {mean:.2f}, at most {max(ours, default=0):.2f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="hard")
    ap.add_argument("--pentobi", type=int, default=4, help="Pentobi's level, 1-9")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--variant", default="callisto_2", choices=("callisto_2", "callisto_2_4"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out")
    ap.add_argument("--summary", nargs="+", metavar="FILE")
    ap.add_argument("--pentobi-dir", type=Path, default=DEFAULT_DIR,
                    help="the folder holding Pentobi's engine (bin/pentobi-gtp) and referee.py")
    a = ap.parse_args(argv)
    if a.summary:
        for name in a.summary:
            print(summary(Path(name)))
        return 0
    referee = a.pentobi_dir / "referee.py"
    if not referee.exists():
        print(f"Pentobi is not here: {referee} is missing. Build Pentobi's GTP engine and put "
              f"the referee there to measure against it (see the README, 'Computer strength').")
        return 2
    out = Path(a.out or ROOT / "benchmarks" / "records"
               / f"callisto-{a.level}-pentobi{a.pentobi}.jsonl")
    print(f"load before: {os.getloadavg()}", flush=True)
    code = subprocess.call([sys.executable, str(referee), "--level", a.level, "--pentobi",
                            str(a.pentobi), "--games", str(a.games), "--variant", a.variant,
                            "--seed", str(a.seed), "--out", str(out)], cwd=ROOT)
    print(f"load after: {os.getloadavg()}")
    if out.exists():
        print(summary(out))
    return code


if __name__ == "__main__":
    sys.exit(main())
