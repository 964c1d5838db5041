"""Calla's Perfect level and its tables: what they cost and how Perfect plays against Expert.

1. The tables the game ships (``assets/calla/perfect-<end_sweep>.bin``): positions, bytes
   on disk, seconds to read, and the processor seconds the solver's C core takes to build
   each layer again (when a C compiler is there; ``tools/solve_calla``).
2. Lookups a second by the game's pure-Python reader, over random positions.
3. The start position solved by the game's own exact search above the tables (seconds,
   nodes, value), as Perfect does on its first move.
4. Perfect against Expert over ``--games`` games (default 100) from balanced openings:
   four random moves whose exact value is within 2 cubes either way, each opening played
   twice with the seats swapped.  For every game: the opening's value, the result, the
   margin, and the first result Perfect proved; a game Perfect ends below a result it
   proved (a win not won, a draw lost) is counted, and must be none.  Both levels spend
   Expert's budget (work: about 5 s of processor a move on the reference machine, under a
   wall-clock cap of 15 s; Perfect proves within it); each's longest move is printed.
   Games go one at a time into ``--record`` (default
   ``benchmarks/records/calla-perfect-expert-<setting>-seed<S>.json``), so a run stopped
   half way goes on where it was.

Run from the project root, niced on a shared machine::

    nice -n 19 python3 benchmarks/calla_perfect.py [--games 100] [--setting none]
                                                   [--seed 1] [--skip-match]

The match takes hours (about two minutes a game); the figures before it a minute.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.files import FileProblem, read_json, write_json_atomic  # noqa: E402

START = (3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 3, 0)
OPENING_PLIES = 4
BALANCED = 2


def load_text() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def options(setting):
    return {"end_sweep": setting, "time_limit_minutes": 0}


# --- the tables ----------------------------------------------------------------------

def table_figures() -> None:
    from game.calla import perfect as tables
    print("Shipped tables:")
    for setting in tables.SETTINGS:
        path = tables.table_path(setting)
        tables.forget()
        started = time.perf_counter()
        table = tables.load(setting)
        read = time.perf_counter() - started
        print(f"  {path.relative_to(ROOT)}: positions with up to {table.top} cubes on the board, "
              f"{len(table.data):,} values, {path.stat().st_size:,} bytes on disk "
              f"(xz), read and checked in {read:.2f} s")
    build_figures()


def build_figures() -> None:
    """Each layer built again by the solver's C core, in a temporary folder."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "solve_calla_tool", ROOT / "tools" / "solve_calla" / "__main__.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    from game.calla import perfect as tables
    top = tables.load("none").top
    with tempfile.TemporaryDirectory() as folder:
        for setting in tables.SETTINGS:
            try:
                solver = tool.Solver(Path(folder), setting)
            except tool.native.BuildProblem as exc:
                print(f"  (not built again: {exc})")
                return
            solver.tables(top, quiet=True)
            layers = solver.manifest["layers"]
            total = sum(layers[str(n)]["seconds"] for n in range(top + 1))
            each = ", ".join(f"{n}: {layers[str(n)]['seconds']:.2f} s"
                             for n in range(top - 3, top + 1))
            print(f"  built again ({setting}): layers 0-{top} in {total:.2f} s of processor "
                  f"time (the last four: {each})")


def lookup_figures() -> None:
    from game.calla import perfect as tables
    table = tables.load("none")
    rng = random.Random(7)
    boards = []
    for _ in range(100_000):
        n = rng.randint(1, table.top)
        x = [0] * 10
        for _ in range(n):
            x[rng.randrange(10)] += 1
        boards.append((bytes(x), rng.randint(tables.amin(n), tables.amin(n) + tables.count(n) - 1)))
    started = time.process_time()
    for x, a in boards:
        table.relative(x, a)
    seconds = time.process_time() - started
    print(f"Lookups: {len(boards) / seconds:,.0f} a second (pure Python, processor time, "
          f"{len(boards):,} random positions)")


def start_figures() -> None:
    from game.ai import perfect
    from game.calla import CallaState
    print("The start solved by the game's own search above the tables:")
    for setting in ("none", "owner_takes"):
        perfect.forget()
        state = CallaState(START, 0, (0, 0), options=options(setting))
        prover = perfect.prover_for(setting)
        started, wall = time.process_time(), time.perf_counter()
        margin, moves, _, _ = perfect.solve(state)
        print(f"  end_sweep {setting}: A wins by {margin} (first move {moves[0]}), "
              f"{time.process_time() - started:.2f} s of processor time "
              f"({time.perf_counter() - wall:.2f} s wall), {prover.nodes:,} nodes")


# --- the match -----------------------------------------------------------------------

def opening_value(state) -> int:
    """Player A's final margin with best play from ``state`` (exact; no time limit)."""
    from game.ai import perfect
    margin, _, _, _ = perfect.solve(state)
    return margin if state.mover == 0 else -margin


def balanced_opening(setting: str, index: int, seed: int):
    """The ``index``-th opening: four random moves whose exact value is at most
    ``BALANCED`` cubes either way, and that value."""
    from game.calla import CallaState
    rng = random.Random(f"{seed}/{index}/opening")
    while True:
        state = CallaState(START, 0, (0, 0), options=options(setting))
        for _ in range(OPENING_PLIES):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_over:
            continue
        value = opening_value(state)
        if abs(value) <= BALANCED:
            return state, value


def play_game(state, perfect_seat: int, seed: int) -> dict:
    """One game; every result Perfect proved on its moves (its margin, exact or a lower
    bound it kept to) is checked against how the game ended."""
    from game.ai import choose_move, perfect
    rng = random.Random(seed)
    claims = []               # (ply, margin for Perfect proven at least)
    times = {"perfect": [], "expert": []}
    capped = {"perfect": 0, "expert": 0}
    proven_moves = perfect_moves = 0
    ply = 0
    while not state.is_over:
        started = time.perf_counter()
        if state.mover == perfect_seat:
            info = {}
            move = perfect.choose(state, rng, info)
            times["perfect"].append(time.perf_counter() - started)
            capped["perfect"] += info["capped"]
            if "problem" in info:
                raise SystemExit(info["problem"])
            perfect_moves += 1
            proven_moves += info["proven"] is not None
            known = info["proven"] if info["proven"] is not None else info["lower"]
            if known is not None:
                claims.append((ply, known))
        else:
            info = {}
            move = choose_move("calla", state, "expert", rng, info=info)
            times["expert"].append(time.perf_counter() - started)
            capped["expert"] += info["capped"]
        state = state.play(move)
        ply += 1
    a, b = state.scores
    margin = (a - b) if perfect_seat == 0 else (b - a)
    best = max((k for _, k in claims), default=None)
    return {"perfect_seat": perfect_seat, "margin": margin, "plies": ply,
            "first_proof": None if not claims else {"ply": claims[0][0],
                                                    "margin": claims[0][1]},
            "best_proof": best,
            "below_proof": best is not None and ((best > 0 and margin <= 0)
                                                 or (best == 0 and margin < 0)),
            "short_of_proof": best is not None and margin < best,
            "proven_moves": proven_moves, "perfect_moves": perfect_moves,
            "perfect_seconds": times["perfect"], "expert_seconds": times["expert"],
            "capped": capped}


def match(games: int, setting: str, seed: int, record: Path) -> None:
    from game.ai import perfect
    try:
        kept = read_json(record)
        done = kept["games"] if kept.get("setting") == setting and kept.get("seed") == seed else []
    except (FileProblem, AttributeError, KeyError, TypeError):
        done = []
    print(f"Perfect against Expert, end_sweep {setting}, {games} games from balanced openings "
          f"(record {record.relative_to(ROOT) if record.is_relative_to(ROOT) else record}, "
          f"{len(done)} kept); {load_text()}", flush=True)
    while len(done) < games:
        index = len(done)
        opening, value = balanced_opening(setting, index // 2, seed)
        perfect.forget()          # Perfect starts each game knowing nothing of its opening
        seat = index % 2
        result = play_game(opening, seat, seed * 1000 + index)
        result.update(opening=index // 2, opening_value=value)
        done.append(result)
        write_json_atomic(record, {"setting": setting, "seed": seed, "games": done})
        show_game(index, result)
    summary(done)
    print(load_text())


def show_game(index: int, g: dict) -> None:
    proof = g["first_proof"]
    proof_text = "never proved" if proof is None else \
        f"proved {proof['margin']:+d} at ply {proof['ply']}"
    print(f"  game {index + 1:3d}: Perfect as {'AB'[g['perfect_seat']]}, opening "
          f"{g['opening_value']:+d} for A, Perfect {g['margin']:+d}, {proof_text}"
          f"{'  BELOW ITS PROOF' if g['below_proof'] else ''}; "
          f"longest moves {max(g['perfect_seconds'], default=0):.2f} s / "
          f"{max(g['expert_seconds'], default=0):.2f} s", flush=True)


def summary(done: list) -> None:
    wins = sum(g["margin"] > 0 for g in done)
    draws = sum(g["margin"] == 0 for g in done)
    losses = len(done) - wins - draws
    below = sum(g["below_proof"] for g in done)
    short_of_proof = sum(g["short_of_proof"] for g in done)
    short = sum(g["margin"] < (g["opening_value"] if g["perfect_seat"] == 0
                               else -g["opening_value"]) for g in done)
    perfect_times = [s for g in done for s in g["perfect_seconds"]]
    expert_times = [s for g in done for s in g["expert_seconds"]]
    proven = sum(g["proven_moves"] for g in done)
    moves = sum(g["perfect_moves"] for g in done)
    print(f"{len(done)} games: Perfect {wins} won, {draws} drawn, {losses} lost against "
          f"Expert; mean margin {statistics.mean(g['margin'] for g in done):+.2f}")
    print(f"  games Perfect ended below a result it proved (a win not won, a draw lost): "
          f"{below}; below a margin it proved: {short_of_proof}; below the opening's exact "
          f"value for its side: {short}")
    capped = {who: sum(g["capped"][who] for g in done) for who in ("perfect", "expert")}
    print(f"  Perfect's moves proven exactly: {proven} of {moves}; wall seconds a move: "
          f"Perfect median {statistics.median(perfect_times):.2f}, longest "
          f"{max(perfect_times):.2f}; Expert median {statistics.median(expert_times):.2f}, "
          f"longest {max(expert_times):.2f}; moves stopped by the wall-clock cap: Perfect "
          f"{capped['perfect']}, Expert {capped['expert']}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--setting", choices=("none", "owner_takes"), default="none")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--record", type=Path)
    parser.add_argument("--skip-match", action="store_true")
    parser.add_argument("--skip-tables", action="store_true")
    args = parser.parse_args(argv)
    record = args.record or (ROOT / "benchmarks" / "records" /
                             f"calla-perfect-expert-{args.setting}-seed{args.seed}.json")
    print(load_text())
    if not args.skip_tables:
        table_figures()
        lookup_figures()
        start_figures()
    if not args.skip_match:
        match(args.games, args.setting, args.seed, record)


if __name__ == "__main__":
    main()
