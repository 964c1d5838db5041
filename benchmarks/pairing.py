"""The Swiss pairing against the FIDE Dutch system, and its speed.

Plays random Swiss tournaments (10 to 120 entrants, 5 to 9 rounds; results with
draws and forfeits, requested byes, late entries, withdrawals, ratings for the
initial ranking; now and then a half-point pairing-allocated bye), pairing
every round with ``game.tournament.pairing``.  With ``--bbp PATH`` each
tournament is written as a TRF and checked with bbpPairings, a FIDE-endorsed
Dutch engine (``PATH --dutch FILE -c`` re-pairs every round and prints each
round it would have paired otherwise), and bbpPairings also pairs the round
that took us longest at 120 entrants (``-p``), for its time beside ours.

Prints one line per tournament, then the rounds that differed (the target is
none) and the slowest round's processor seconds at 120 entrants (the target:
under 2 s).  Run from the project root::

    python benchmarks/pairing.py [--count 200] [--seed 1] [--start 0] [--bbp PATH]

``--start K`` skips the first K tournaments of the seed's sequence, so a long
run can be resumed or cut into pieces; tournament ``i`` is the same whatever
the count.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tournament.model import Entrant, GameChoice, Tournament  # noqa: E402
from game.tournament.pairing import pair_next_round  # noqa: E402
from game.tournament.trf import tournament_trf  # noqa: E402


def event(index: int, seed: int):
    """The settings of tournament ``index``: (entrants, rounds, its random source)."""
    rng = random.Random(f"{seed}/{index}")
    count = 120 if index % 10 == 0 else rng.randint(10, 120)
    rounds = min(rng.randint(5, 9), count - 1)
    return count, rounds, rng


def play(index: int, seed: int):
    """Play tournament ``index``; returns (tournament, [(round, entrants paired, seconds)])."""
    count, rounds, rng = event(index, seed)
    late = rng.sample(range(count), k=rng.randint(0, max(1, count // 15)))
    roster = [Entrant(f"P{i}", rating=rng.choice([None] + [rng.randint(1000, 2500)] * 9))
              for i in range(count) if i not in late]
    t = Tournament(f"Random {index}", roster, "swiss", [GameChoice("pick")], rounds=rounds,
                   seed=index, bye_points=0.5 if rng.random() < 0.15 else 1.0,
                   requested_bye_points=0.0 if rng.random() < 0.3 else 0.5)
    waiting = [Entrant(f"P{i}", rating=rng.randint(1000, 2500)) for i in late]
    times = []
    for round_no in range(1, rounds + 1):
        while waiting and (rng.random() < 0.5 or round_no == 3) and round_no <= 3:
            t.add_late_entrant(waiting.pop(), round_no, rng.choice(("zero", "half")))
        if round_no > 1:
            for e in range(len(t.entrants)):
                if t.absence(e, round_no) is None and rng.random() < 0.03:
                    if rng.random() < 0.3:
                        t.withdraw(e, round_no)
                    else:
                        t.request_bye(e, round_no)
        if len(t.expected(round_no)) < 2:
            break
        started = time.process_time()
        boards = pair_next_round(t)
        times.append((round_no, len(t.expected(round_no)), time.process_time() - started))
        for p in boards:
            if p.is_bye:
                continue
            roll = rng.random()
            if roll < 0.03:
                t.record(p.round, p.board, rng.choice(("1-0", "0-1")), "forfeit")
            elif roll < 0.035:
                t.record(p.round, p.board, "0-0", "forfeit")
            else:
                t.record(p.round, p.board, rng.choice(("1-0", "0-1", "1/2-1/2", "1-0", "0-1")))
    return t, times


def before_round(t: Tournament, round_no: int) -> Tournament:
    """A copy of ``t`` with the rounds before ``round_no`` only."""
    data = t.to_dict()
    data["pairings"] = [p for p in data["pairings"] if p["round"] < round_no]
    swiss = data.get("swiss")
    if swiss and "round_changes" in swiss:
        swiss["round_changes"] = [c for c in swiss["round_changes"] if c[0] < round_no]
        if not swiss["round_changes"]:
            swiss.pop("round_changes")
    return Tournament.from_dict(data)


def check(bbp: str, t: Tournament, folder: Path) -> list[int]:
    """The rounds bbpPairings would have paired otherwise."""
    path = folder / "event.trf"
    path.write_text(tournament_trf(t))
    out = subprocess.run([bbp, "--dutch", str(path), "-c"], capture_output=True, text=True,
                         timeout=600)
    if out.returncode not in (0, 1):
        raise SystemExit(f"bbpPairings refused the file ({out.returncode}): {out.stderr.strip()}")
    differed, current = [], None
    for line in out.stdout.splitlines():
        found = re.search(r"Round #(\d+)", line)
        if found:
            current = int(found.group(1))
        elif ("Checker pairings" in line or "No valid pairing" in line) and current:
            differed.append(current)
    return sorted(set(differed))


def bbp_time(bbp: str, t: Tournament, round_no: int, folder: Path) -> float:
    """bbpPairings' seconds (its process time) to pair round ``round_no`` of ``t``."""
    path = folder / "before.trf"
    path.write_text(tournament_trf(before_round(t, round_no)))
    started = time.perf_counter()
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([bbp, "--dutch", str(path), "-p", str(folder / "out.txt")],
                   capture_output=True, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    del started
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200, help="tournaments to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="skip this many tournaments")
    parser.add_argument("--bbp", help="bbpPairings to check every round with")
    args = parser.parse_args(argv)
    rounds_total = differed_total = 0
    slowest = (0.0, None, None)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for index in range(args.start, args.start + args.count):
            t, times = play(index, args.seed)
            rounds_total += len(times)
            worst = max(times, key=lambda x: x[2])
            if len(t.entrants) >= 120 and worst[2] > slowest[0]:
                slowest = (worst[2], index, worst[0], t)
            differed = check(args.bbp, t, folder) if args.bbp else []
            differed_total += len(differed)
            print(f"tournament {index}: {len(t.entrants)} entrants, {len(times)} rounds, "
                  f"slowest round {worst[2]:.2f} s"
                  + (f", rounds differing from bbpPairings: {differed or 'none'}"
                     if args.bbp else ""), flush=True)
    print(f"{args.count} tournaments, {rounds_total} rounds paired")
    if args.bbp:
        print(f"rounds that differ from bbpPairings (FIDE Dutch): {differed_total}")
    if slowest[1] is not None:
        line = (f"slowest round at 120 entrants: {slowest[0]:.2f} s (tournament {slowest[1]}, "
                f"round {slowest[2]})")
        if args.bbp:
            with tempfile.TemporaryDirectory() as tmp:
                line += f"; bbpPairings {bbp_time(args.bbp, slowest[3], slowest[2], Path(tmp)):.2f} s"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
