"""Callisto's computer levels against Pentobi, the program Callisto comes from.

Pentobi's GTP engine (built from its public source) and a referee script that
plays ``python3 -m game gtp`` against it are not part of this project: give
their folder with ``--pentobi-dir`` (by default ``pentobi`` in the folder the
project sits in).  This script runs that referee when it is there and says so
when it is not; nothing else in the project needs it.

Run from the project root::

    python benchmarks/pentobi.py --level hard --pentobi 4 --games 40
                                 [--variant callisto_2] [--seed 1] [--out FILE.jsonl]
                                 [--no-cap] [--load N]
    python benchmarks/pentobi.py --summary FILE.jsonl [FILE.jsonl ...]

Seats alternate; each game is one JSON line (every move with its wall and
processor seconds, the scores); a rerun with the same ``--out`` plays only
the missing games.  The default ``--out`` is
``benchmarks/records/callisto-LEVEL-pentobiN.jsonl``.  The machine's load is
printed before and after.  Both programs count their work (our levels their
playouts, Pentobi's its simulations), so the games depend on the seeds only,
unless our level's wall-clock cap cuts a move short on a machine busy with
other work: ``--no-cap`` lifts the cap in the engine the referee starts (as
``match --no-cap``), so that the load changes only how long the moves take.
``--load N`` runs N busy processes (Python spinning) beside the match, killed
at the end.  ``--summary`` prints wins and losses (as the first and as the
second player), the processor and wall seconds a move and the moves that met
the cap, of kept records.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DIR = ROOT.parent / "pentobi"


def summary(path: Path) -> str:
    from game.ai.levels import WALL_CAP, level_for
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    won = sum(r["result"].startswith("win") for r in rows)
    lost = sum(r["result"].startswith("loss") for r in rows)
    ties = sum(r["result"].endswith("tiebreak") for r in rows)
    ours = [m for r in rows for m in r["moves"] if m["who"] == "project"]
    wall = [m["wall"] for m in ours]
    cpu = [m.get("cpu", 0.0) for m in ours]
    seats = []
    for seat, name in ((0, "first"), (1, "second")):
        played = [r for r in rows if r["project_player"] == seat]
        seats.append(f"as the {name} player {sum(r['result'].startswith('win') for r in played)} "
                     f"of {len(played)}")
    level = rows[0]["level"] if rows else "?"
    pentobi = rows[0]["pentobi"] if rows else "?"
    variant = rows[0]["variant"] if rows else "callisto_2"
    mean = lambda xs: sum(xs) / len(xs) if xs else 0.0  # noqa: E731
    cap = None
    if level in ("easy", "medium", "hard", "expert"):
        cap = WALL_CAP * level_for("callisto", level, None, variant).seconds
    near = "" if cap is None else (f"; {sum(w >= 0.98 * cap for w in wall)} moves of {len(wall)} "
                                   f"took the {cap:.1f} s of the cap or more (cut short "
                                   f"unless the cap was lifted)")
    return (f"{path.name}: {level} against Pentobi level {pentobi}: {len(rows)} games, won {won}, "
            f"lost {lost} ({ties} decided by the tie rule; {', '.join(seats)}); a move: "
            f"processor {mean(cpu):.2f} s, wall {mean(wall):.2f} s, at most "
            f"{max(wall, default=0):.2f} s{near}")


#: Put on the engine's path by ``--no-cap``: Python imports it at start-up and lifts the
#: levels' wall-clock cap before the engine plays.
NO_CAP = "import game.ai.levels\ngame.ai.levels.WALL_CAP = float('inf')\n"
SPIN = "while True:\n    pass\n"


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
    ap.add_argument("--no-cap", action="store_true",
                    help="lift our level's wall-clock cap (the games then depend on the seeds "
                         "only)")
    ap.add_argument("--load", type=int, default=0, metavar="N",
                    help="busy processes running beside the match (default 0)")
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
    env = dict(os.environ)
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL)
                for _ in range(max(0, a.load))]
    try:
        with tempfile.TemporaryDirectory() as folder:
            if a.no_cap:
                Path(folder, "sitecustomize.py").write_text(NO_CAP)
                env["PYTHONPATH"] = os.pathsep.join(
                    [folder, str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p])
            print(f"load before: {os.getloadavg()}; {a.load} busy process(es) beside the match"
                  f"{'; no cap' if a.no_cap else ''}", flush=True)
            code = subprocess.call([sys.executable, str(referee), "--level", a.level, "--pentobi",
                                    str(a.pentobi), "--games", str(a.games), "--variant",
                                    a.variant, "--seed", str(a.seed), "--out", str(out)],
                                   cwd=ROOT, env=env)
            print(f"load after: {os.getloadavg()}")
    finally:
        for proc in spinners:
            proc.kill()
        for proc in spinners:
            proc.wait()
    if out.exists():
        print(summary(out))
    return code


if __name__ == "__main__":
    sys.exit(main())
