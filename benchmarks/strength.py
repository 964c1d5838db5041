"""Strength and speed of the computer levels.

For every game in ``game.GAMES`` (or those named), in its default variant:

1. Think times: the seconds ``hard`` (and, without ``--quick``, ``expert``)
   takes per move on a few positions along a seeded random game (plies 0, 8,
   16 and 24; expert 0 and 16), with the median, the maximum and the
   playouts or nodes searched.  Targets: hard within 3 s a move with a median under 2 s;
   expert within 8 s.
2. Level against level with ``python -m game match`` (seats alternate):
   ``medium`` against ``random`` and ``hard`` against ``medium``, a handful
   of games each (4; ``--quick``: 2; Calabria's long games with a hard
   player: 2), each from the same 4 random opening moves for both seat
   orders (``--opening``), so that Calla, which has no chance, does not
   replay one game; Calla's openings are also balanced (``--balanced``: only
   those a 10-ply search calls even).  Target: the stronger level wins most.

Run from the project root::

    python benchmarks/strength.py [GAME ...] [--quick] [--games N] [--seed S] [--jobs J]
                                  [--pairs medium-random,hard-medium,expert-hard]
                                  [--record DIR]

The whole run takes about 10 minutes on two cores (``--quick`` about 5).
Matches run ``--jobs`` at a time (default 2, one per core): every player
keeps its time budget, but on a machine busy with other work a search then
gets fewer iterations per move, so the load (``os.getloadavg``) is printed
before and after.  Think times are measured one position at a time.  With
``--record DIR`` every match keeps its games in a file of DIR
(``match --record``), so a long run stopped half way goes on where it was.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLIES = (0, 8, 16, 24)
PAIRS = (("medium", "random"), ("hard", "medium"))
LIMITS = {"hard": 3.0, "expert": 8.0}


def load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def think_times(name, level, plies, seed) -> dict:
    from game import GAMES
    from game.ai import choose_move
    from game.ai.match import states_along
    spec = GAMES[name]
    rows = []
    for ply, state in states_along(spec, plies, seed):
        info = {}
        start = time.perf_counter()
        move = choose_move(name, state, level, random.Random(seed + ply), info=info)
        seconds = time.perf_counter() - start
        assert move in state.legal_moves()
        rows.append((ply, seconds, info.get("iterations", 0), info.get("searcher")))
    times = [r[1] for r in rows]
    return {"game": name, "level": level, "rows": rows, "median": statistics.median(times),
            "max": max(times)}


def show_times(result: dict) -> None:
    limit = LIMITS.get(result["level"])
    ok = "" if limit is None else ("  within" if result["max"] <= limit else "  OVER") + \
        f" {limit:.0f} s"
    each = ", ".join(f"ply {p}: {s:.2f} s ({n} {'nodes' if kind == 'alphabeta' else 'playouts'})"
                     for p, s, n, kind in result["rows"])
    print(f"  {result['game']:<9} {result['level']:<7} median {result['median']:.2f} s  "
          f"max {result['max']:.2f} s{ok}   [{each}]", flush=True)


def command(game: str, strong: str, weak: str, games: int, seed: int, record=None) -> list:
    cmd = [sys.executable, "-m", "game", "match", game, "--players", f"{strong},{weak}",
           "--games", str(games), "--seed", str(seed), "--opening", "4", "--json"]
    from game.ai.knowledge import knowledge_for
    if knowledge_for(game).even is not None:
        cmd.append("--balanced")      # only even openings, where the stronger level can show it
    if record is not None:
        cmd += ["--record", str(Path(record) / f"{game}-{strong}-{weak}-seed{seed}.json")]
    return cmd


def run_match(game, strong, weak, games, seed, record=None) -> dict:
    cmd = command(game, strong, weak, games, seed, record)
    start = time.monotonic()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    minutes = (time.monotonic() - start) / 60
    if done.returncode:
        return {"cmd": cmd, "error": done.stderr.strip().splitlines()[-1:], "minutes": minutes}
    players = json.loads(done.stdout)["players"]
    won = players[0]["wins"] + 0.5 * players[0]["draws"]
    return {"cmd": cmd, "players": players, "rate": won / games, "minutes": minutes}


def show_match(result: dict) -> None:
    shown = " ".join(result["cmd"][1:])
    print(f"  $ python {shown}")
    if "error" in result:
        print(f"    failed: {' '.join(result['error'])}")
        return
    for p in result["players"]:
        print(f"    {p['spec']:<7} wins {p['wins']:>2}  draws {p['draws']:>2}  losses "
              f"{p['losses']:>2}  mean score {p['mean_score']:>7.2f}  s/move mean "
              f"{p['mean_seconds']:.3f} max {p['max_seconds']:.3f}")
    print(f"    {result['players'][0]['spec']} scores {100 * result['rate']:.0f}% "
          f"(draws half) in {result['minutes']:.1f} min", flush=True)


#: Rough minutes per game of a match with a hard player (measured on two
#: cores), to start the long matches first and to keep the run short.
HARD_GAME_MINUTES = {"calla": 0.1, "calliro": 1.0, "callisto": 0.5, "iriri": 0.5,
                     "calabria": 3.5}


def games_for(name, strong, per_pair, asked) -> int:
    """Games a pair plays: ``per_pair``, but only two of Calabria's long games
    with a hard or expert player unless ``--games`` asked for more."""
    if asked is None and strong in ("hard", "expert") and HARD_GAME_MINUTES[name] > 2:
        return min(per_pair, 2)
    return per_pair


def expected_minutes(name, strong, weak, games) -> float:
    scale = {"random": 0.0, "easy": 0.2, "medium": 0.4, "hard": 1.0, "expert": 3.3}
    return games * HARD_GAME_MINUTES.get(name, 1.0) * (scale[strong] + scale[weak])


def main(argv=None) -> int:
    from game import GAMES
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"games (default: {', '.join(GAMES)})")
    parser.add_argument("--quick", action="store_true",
                        help="2 games a pair, two positions, no expert timings")
    parser.add_argument("--games", type=int, dest="per_pair",
                        help="games per pair (default 4, --quick 2)")
    parser.add_argument("--pairs", help="comma list like medium-random,hard-medium")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="matches at once (default 2)")
    parser.add_argument("--record", metavar="DIR",
                        help="keep every match's games in DIR (one file a match), so that the "
                             "same run started again plays only the games not yet kept")
    args = parser.parse_args(argv)
    for name in args.games:
        if name not in GAMES:
            parser.error(f"unknown game {name!r}; choose from {', '.join(GAMES)}")
    names = args.games or list(GAMES)
    pairs = PAIRS if not args.pairs else [tuple(p.split("-")) for p in args.pairs.split(",")]
    per_pair = args.per_pair or (2 if args.quick else 4)
    plies = PLIES[:2] if args.quick else PLIES
    levels = ("hard",) if args.quick else ("hard", "expert")
    started = time.monotonic()

    print(f"Before: {load()}")
    print(f"Think times per move on positions at plies {', '.join(map(str, plies))} of a "
          f"seeded random game:")
    for name in names:
        for level in levels:
            # Expert on every other position only: its budget is three times hard's.
            at = plies if level == "hard" else plies[::2]
            show_times(think_times(name, level, at, args.seed))

    print(f"\nLevel against level, {per_pair} games a pair, seats alternating, "
          f"{args.jobs} match(es) at once:")
    jobs = [(name, strong, weak, games_for(name, strong, per_pair, args.per_pair), args.seed)
            for name in names for strong, weak in pairs]
    if args.record:
        Path(args.record).mkdir(parents=True, exist_ok=True)
    # Longest matches first, so that the last one does not run alone.
    order = sorted(jobs, key=lambda job: -expected_minutes(*job[:4]))
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {job: pool.submit(run_match, *job, args.record) for job in order}
        for job in jobs:
            show_match(futures[job].result())
    print(f"\nAfter: {load()}; {(time.monotonic() - started) / 60:.1f} minutes in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
