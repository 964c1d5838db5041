"""Strength and speed of the computer levels, on a quiet or a busy machine.

For every game in ``game.GAMES`` (or those named), in its default variant:

1. Think times: the processor and wall seconds ``hard`` (and, without
   ``--quick``, ``expert``) takes per move on a few positions along a seeded
   random game (plies 0, 8, 16 and 24; expert 0 and 16), with the playouts or
   nodes searched.  Every level spends a budget of work, so the processor
   seconds stay about the same whatever else runs; the wall seconds grow with
   the load up to the level's cap (``levels.WALL_CAP`` times its seconds).
2. Level against level with ``python -m game match`` (seats alternate):
   ``medium`` against ``random`` and ``hard`` against ``medium`` by default
   (``--pairs``), a handful of games each (4; ``--quick``: 2; Calabria's long
   games with a hard player: 2), each from the same 4 random opening moves for
   both seat orders (``--opening``), so that Calla, which has no chance, does
   not replay one game; Calla's openings are also balanced (``--balanced``:
   only those a 10-ply search calls even).  Per level it prints the processor
   and wall seconds a move, the moves its wall-clock cap cut short, and the
   result.

``--load N`` starts N busy processes (each a Python loop spinning, killed at
the end) beside everything the run does, as other programs on the player's
machine would.  Every match keeps its games in ``--record DIR`` (by default
``benchmarks/records/ladder``), one file per match and load, named with a digest
of the two levels' settings (a match kept before they changed is not reused),
so a long run
stopped half way goes on where it was; when the same match was kept at another
load, the run says how many of the games at both loads are the same move for
move (with budgets of work they all are, unless a cap cut a move short).
``--no-cap`` lifts the levels' wall-clock cap in the matches, so that other
work on a shared machine changes only how long the moves take, never the moves
(the records are kept apart from those with the cap).
``--summary`` plays nothing: per match and load it tells what the records hold
for the levels' present settings (wins, draws and losses of the stronger level,
its wins in each seat, the processor seconds a move of each level, and how many
games are the same move for move as at load 0), the figures of the ladder table.

Run from the project root::

    python benchmarks/strength.py [GAME ...] [--quick] [--games N] [--seed S] [--jobs J]
                                  [--pairs medium-random,hard-medium,expert-hard]
                                  [--load N] [--no-cap] [--record DIR] [--no-times]
                                  [--summary]

The whole run takes about 10 minutes on two cores (``--quick`` about 5).
Matches run ``--jobs`` at a time (default 2, one per core).  The load average
(``os.getloadavg``) is printed before and after.  Think times are measured one
position at a time.
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
RECORDS = ROOT / "benchmarks" / "records" / "ladder"


def load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


#: What each busy process runs: Python spinning, as another program would.
SPIN = "while True:\n    pass\n"


def start_load(count: int) -> list:
    """``count`` busy processes; ``stop_load`` ends them."""
    return [subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL)
            for _ in range(count)]


def stop_load(spinners) -> None:
    for proc in spinners:
        proc.kill()
    for proc in spinners:
        proc.wait()


def think_times(name, level, plies, seed) -> dict:
    from game import GAMES
    from game.ai import choose_move
    from game.ai.levels import WALL_CAP, level_for
    from game.ai.match import states_along
    spec = GAMES[name]
    rows = []
    for ply, state in states_along(spec, plies, seed):
        info = {}
        start, cpu = time.perf_counter(), time.process_time()
        move = choose_move(name, state, level, random.Random(seed + ply), info=info)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        assert move in state.legal_moves()
        rows.append((ply, cpu, seconds, info.get("iterations", 0), info.get("searcher"),
                     info.get("capped", False)))
    cap = WALL_CAP * level_for(name, level, None, spec.new_game(None).variant).seconds
    return {"game": name, "level": level, "rows": rows, "cap": cap,
            "median": statistics.median(r[1] for r in rows), "max": max(r[2] for r in rows)}


def show_times(result: dict) -> None:
    ok = "within" if result["max"] <= result["cap"] else "OVER"
    ok += f" its {result['cap']:.1f} s cap"
    each = ", ".join(f"ply {p}: {c:.2f} s ({w:.2f} s wall, {n} "
                     f"{'nodes' if kind == 'alphabeta' else 'playouts'}{', capped' if cut else ''})"
                     for p, c, w, n, kind, cut in result["rows"])
    print(f"  {result['game']:<9} {result['level']:<7} processor median {result['median']:.2f} s, "
          f"wall max {result['max']:.2f} s {ok}   [{each}]", flush=True)


#: The settings every level had when the ladder's records began: each counts in a match's
#: digest.  A setting added since counts only where a level sets it to other than its
#: default, so that adding one to ``Level`` leaves the records of the levels that do not use
#: it where they are.
DIGEST_SETTINGS = ("name", "seconds", "iterations", "searcher", "c", "prior", "widen", "policy",
                   "playout_depth", "solver", "margin", "fast_rollout", "rave", "quality",
                   "keep_tree", "settle", "traps", "depth")


def settings_text(level) -> str:
    """``level`` as its match's digest reads it: as the level's own ``repr`` reads it (all its
    settings, in order), less the settings added since ``DIGEST_SETTINGS`` left at their
    defaults."""
    from dataclasses import MISSING, fields
    kept = []
    for field in fields(level):
        value = getattr(level, field.name)
        if field.name not in DIGEST_SETTINGS and field.default is not MISSING \
                and value == field.default:
            continue
        kept.append(f"{field.name}={value!r}")
    return f"{type(level).__qualname__}({', '.join(kept)})"


def settings_tag(game, *levels) -> str:
    """A short digest of the levels' settings in the game's default variant, so that a
    record kept before a budget or setting changed is never counted with the new ones."""
    import hashlib
    from game import GAMES
    from game.ai.levels import level_for
    variant = GAMES[game].new_game(None).variant
    text = "[" + ", ".join(settings_text(level_for(game, level, None, variant))
                           for level in levels) + "]"
    return hashlib.sha1(text.encode()).hexdigest()[:6]


def record_path(record_dir, game, strong, weak, seed, load_count, cap=True) -> Path:
    tag = settings_tag(game, strong, weak) + ("" if cap else "-nocap")
    return Path(record_dir) / f"{game}-{strong}-{weak}-{tag}-seed{seed}-load{load_count}.json"


def command(game: str, strong: str, weak: str, games: int, seed: int, record, cap=True) -> list:
    cmd = [sys.executable, "-m", "game", "match", game, "--players", f"{strong},{weak}",
           "--games", str(games), "--seed", str(seed), "--opening", "4", "--json"]
    if not cap:
        cmd.append("--no-cap")
    from game.ai.knowledge import knowledge_for
    if knowledge_for(game).even is not None:
        cmd.append("--balanced")      # only even openings, where the stronger level can show it
    return cmd + ["--record", str(record)]


def per_level(record, data=None) -> dict:
    """Per level of a kept match: moves, processor and wall seconds, the longest move
    (wall) and the moves its cap cut short; from the timing of every game.  ``data``:
    the record already read, when it is."""
    if data is None:
        from game.ai.match import read_record
        data = read_record(record)
    out = {}
    for entry in data["games"].values():
        for level, timing in zip(entry["seated"], entry["timing"]):
            row = out.setdefault(level, [0, 0.0, 0.0, 0.0, 0])
            moves, wall, longest = timing[:3]
            cpu, capped = timing[3:5] if len(timing) >= 5 else (0.0, 0)
            row[0] += moves
            row[1] += cpu
            row[2] += wall
            row[3] = max(row[3], longest)
            row[4] += capped
    return out


def same_games(record, other) -> tuple | None:
    """(games alike move for move, games kept in both) of two records of one match at
    different loads; None when ``other`` is not there."""
    from game.ai.match import read_record
    if not Path(other).exists():
        return None
    mine, theirs = read_record(record)["games"], read_record(other)["games"]
    both = sorted(set(mine) & set(theirs), key=int)
    alike = sum(mine[g]["moves"] == theirs[g]["moves"] for g in both)
    return alike, len(both)


def run_match(game, strong, weak, games, seed, record_dir, load_count, cap=True) -> dict:
    record = record_path(record_dir, game, strong, weak, seed, load_count, cap)
    cmd = command(game, strong, weak, games, seed, record, cap)
    start = time.monotonic()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    minutes = (time.monotonic() - start) / 60
    if done.returncode:
        return {"cmd": cmd, "error": done.stderr.strip().splitlines()[-1:], "minutes": minutes}
    players = json.loads(done.stdout)["players"]
    won = players[0]["wins"] + 0.5 * players[0]["draws"]
    others = {}
    stem = record.name.rsplit("-load", 1)[0]
    for other in sorted(Path(record_dir).glob(f"{stem}-load*.json")):
        if other != record:
            others[other.stem.rsplit("-load", 1)[1]] = same_games(record, other)
    return {"cmd": cmd, "players": players, "rate": won / games, "minutes": minutes,
            "levels": per_level(record), "others": others}


def show_match(result: dict) -> None:
    shown = " ".join(result["cmd"][1:])
    print(f"  $ python {shown}")
    if "error" in result:
        print(f"    failed: {' '.join(result['error'])}")
        return
    for p in result["players"]:
        moves, cpu, wall, longest, capped = result["levels"].get(p["spec"], [0, 0, 0, 0, 0])
        print(f"    {p['spec']:<7} wins {p['wins']:>2}  draws {p['draws']:>2}  losses "
              f"{p['losses']:>2}  mean score {p['mean_score']:>7.2f}  a move: processor "
              f"{cpu / max(moves, 1):.3f} s, wall {wall / max(moves, 1):.3f} s (longest "
              f"{longest:.2f} s), cut short by the cap {capped} of {moves}")
    alike = "; ".join(f"the same as at load {load_count}: {same[0]} of {same[1]} games"
                      for load_count, same in result["others"].items() if same)
    print(f"    {result['players'][0]['spec']} scores {100 * result['rate']:.0f}% "
          f"(draws half) in {result['minutes']:.1f} min{'; ' + alike if alike else ''}",
          flush=True)


def cell(record) -> dict:
    """What a kept match says for the ladder: games, the stronger level's wins, draws
    and losses, its wins as the first and as the second player, and per level the
    processor seconds a move.  ValueError naming what is wrong with a record that
    cannot be read as a match."""
    from game.ai.match import read_record
    data = read_record(record)
    try:
        strong = data["players"][0]
        games = data["games"]
        won = drawn = lost = 0
        seats = {0: [0, 0], 1: [0, 0]}      # the stronger level's seat: [won, played]
        for entry in games.values():
            seated, winner = entry["seated"], entry["winner"]
            seat = seated.index(strong)
            seats[seat][1] += 1
            if winner is None:
                drawn += 1
            elif winner == seat:
                won += 1
                seats[seat][0] += 1
            else:
                lost += 1
        levels = per_level(record, data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise ValueError(f"{Path(record).name} is not a match record this summary can read "
                         f"({type(exc).__name__}: {exc})") from None
    return {"players": data["players"], "games": len(games), "won": won, "drawn": drawn,
            "lost": lost, "seats": seats,
            "cpu": {level: row[1] / max(row[0], 1) for level, row in levels.items()}}


def summary(record_dir, names, pairs, seed, cap=True) -> list:
    """Lines telling each ladder match kept in ``record_dir`` for the levels' present
    settings, at every load kept: the result, by seat, the processor a move, and how
    many games are the same move for move as at load 0."""
    lines = []
    for name in names:
        for strong, weak in pairs:
            base = record_path(record_dir, name, strong, weak, seed, 0, cap)
            stem = base.name.rsplit("-load", 1)[0]
            kept = sorted(Path(record_dir).glob(f"{stem}-load*.json"),
                          key=lambda path: int(path.stem.rsplit("-load", 1)[1] or 0))
            if not kept:
                lines.append(f"{name} {strong} v {weak}: no games kept ({stem})")
                continue
            for record in kept:
                load_count = record.stem.rsplit("-load", 1)[1]
                try:
                    c = cell(record)
                except ValueError as exc:
                    lines.append(f"{name} {strong} v {weak}, load {load_count}: {exc}")
                    continue
                (w1, n1), (w2, n2) = c["seats"][0], c["seats"][1]
                cpu = ", ".join(f"{level} {seconds:.{2 if seconds >= 0.05 else 3}f} s"
                                for level, seconds in c["cpu"].items())
                line = (f"{name} {strong} v {weak}, load {load_count}: "
                        f"{c['won']}-{c['drawn']}-{c['lost']} in {c['games']} games "
                        f"(as the first player {w1} of {n1}, as the second {w2} of {n2}); "
                        f"processor a move: {cpu or 'not kept'}")
                if record != base:
                    try:
                        same = same_games(record, base)
                    except (ValueError, KeyError, TypeError, AttributeError):
                        same = None
                    if same:
                        line += f"; the same as at load 0: {same[0]} of {same[1]} games"
                lines.append(line)
    return lines


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
    parser.add_argument("--load", type=int, default=0, metavar="N",
                        help="busy processes running beside the run (default 0)")
    parser.add_argument("--record", metavar="DIR", default=str(RECORDS),
                        help="where every match keeps its games, one file a match and load "
                             "(default benchmarks/records/ladder): the same run started "
                             "again plays only the games not yet kept")
    parser.add_argument("--no-times", action="store_true", help="leave out the think times")
    parser.add_argument("--no-cap", action="store_true",
                        help="lift the levels' wall-clock cap in the matches (match --no-cap): "
                             "every move spends its whole budget, so a machine busy with other "
                             "work changes only how long the moves take")
    parser.add_argument("--summary", action="store_true",
                        help="play nothing: tell what the records hold for the levels' present "
                             "settings (each match at each load kept, by seat, and how many "
                             "games are the same as at load 0)")
    args = parser.parse_args(argv)
    for name in args.games:
        if name not in GAMES:
            parser.error(f"unknown game {name!r}; choose from {', '.join(GAMES)}")
    if args.load < 0:
        parser.error("--load must be 0 or more")
    names = args.games or list(GAMES)
    pairs = PAIRS if not args.pairs else [tuple(p.split("-")) for p in args.pairs.split(",")]
    from game.ai.levels import LEVELS
    for pair in pairs:
        if len(pair) != 2 or any(level not in LEVELS for level in pair):
            parser.error(f"--pairs: {'-'.join(pair)!r} is not two levels like hard-medium "
                         f"(the levels are {', '.join(LEVELS)})")
    if args.summary:
        for line in summary(args.record, names, pairs, args.seed, not args.no_cap):
            print(line)
        return 0
    per_pair = args.per_pair or (2 if args.quick else 4)
    plies = PLIES[:2] if args.quick else PLIES
    levels = ("hard",) if args.quick else ("hard", "expert")
    started = time.monotonic()
    spinners = start_load(args.load)
    try:
        print(f"Before: {load()}; {args.load} busy process(es) beside the run")
        if not args.no_times:
            print(f"Think times per move on positions at plies {', '.join(map(str, plies))} of "
                  f"a seeded random game:")
            for name in names:
                for level in levels:
                    # Expert on every other position only: its budget is three times hard's.
                    at = plies if level == "hard" else plies[::2]
                    show_times(think_times(name, level, at, args.seed))

        print(f"\nLevel against level, {per_pair} games a pair, seats alternating, "
              f"{args.jobs} match(es) at once:")
        jobs = [(name, strong, weak, games_for(name, strong, per_pair, args.per_pair), args.seed)
                for name in names for strong, weak in pairs]
        Path(args.record).mkdir(parents=True, exist_ok=True)
        # Longest matches first, so that the last one does not run alone.
        order = sorted(jobs, key=lambda job: -expected_minutes(*job[:4]))
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = {job: pool.submit(run_match, *job, args.record, args.load,
                                        not args.no_cap)
                       for job in order}
            for job in jobs:
                show_match(futures[job].result())
        print(f"\nAfter: {load()}; {(time.monotonic() - started) / 60:.1f} minutes in all")
    finally:
        stop_load(spinners)
    return 0


if __name__ == "__main__":
    sys.exit(main())
