"""Solve Calla: endgame tables by cubes on the board, and an exact search above them.

Run from the project root (a C compiler is needed; the game itself never uses this)::

    nice -n 19 python3 tools/solve_calla tables [--up-to 24]
    nice -n 19 python3 tools/solve_calla solve [--tables 24] [--tt 25]
    python3 tools/solve_calla ship [--up-to 13]
    python3 tools/solve_calla value PITS... [--to-move A|B]

Common options: ``--setting none|owner_takes`` (default: both), ``--dir DIR`` for the
working tables (default ``$XDG_CACHE_HOME/callidus/calla-tables``; up to 24 cubes they take
1.45 GB a setting).

Why the tables can be filled in order (checked against the rules of game/calla/state.py):
a sowing moves cubes forward, one to each next place, and the only places off the board
are the callas, so the cubes on the board never grow; they shrink by every cube sown into
the mover's calla and by every capture.  A move that neither reaches the calla nor captures
keeps its cubes on the mover's own side, each nearer the calla, so within one count of
cubes the positions follow one another without cycles (this tool solves them in that
order, depth first).  The best final margin depends on the shields, the player to move and
how far each calla is from 17 (reaching 17 ends the game at once, with the callas as they
are then); the callas hold 32 less the board, so the mover's calla alone settles it.  The
tables are keyed on (shields seen from the mover, cubes in the mover's calla); see
``game/calla/perfect.py``.  ``end_sweep`` changes values (a table per setting); the game
timer does not enter a value, which is that of the game played to its end.  Whether a
turn is a free turn does not matter either, except to the timer.

Commands:

``tables``  builds every layer from 0 cubes up to ``--up-to`` (each written atomically as
    it is done, so a rerun continues from the first layer missing); seconds per layer go
    into ``manifest.json`` beside them.
``solve``   the value of the start position (tables up to ``--tables`` at the leaves of an
    MTD(f) search with a transposition table of 2^``--tt`` entries), with the principal
    variation played out to the end; kept in the manifest, so a rerun prints it again.
``ship``    writes the tables up to ``--up-to`` cubes for the game:
    ``assets/calla/perfect-<setting>.bin`` (``--out`` elsewhere).
``value``   the value of one position, e.g. ``value 0 1 0 0 2 14 1 0 0 3 0 11 --to-move B``.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import layers  # noqa: E402
import native  # noqa: E402
from game.calla import CallaState  # noqa: E402
from game.calla.perfect import SETTINGS, encode, flip, layer_size, table_path, view  # noqa: E402

DEFAULT_TABLES = 24


def default_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "callidus" / "calla-tables"


class Solver:
    """The C core for one setting with its layers held."""

    def __init__(self, folder: Path, setting: str, build: Path | None = None):
        self.folder = folder
        self.setting = setting
        self.lib = native.load(build or folder / "build")
        self.lib.init(SETTINGS.index(setting))
        self.held = {}            # n -> mapping or bytearray, kept alive while pointed at
        self.manifest = layers.read_manifest(folder, setting)

    def _point(self, n: int, buffer, offset: int) -> None:
        self.held[n] = buffer
        self.lib.set_layer(n, ctypes.addressof(ctypes.c_char.from_buffer(buffer, offset)))

    def tables(self, top: int, quiet: bool = False) -> None:
        """Hold every layer up to ``top``, building the missing ones."""
        built = self.manifest.setdefault("layers", {})
        for n in range(top + 1):
            if n in self.held:
                continue
            mapped = layers.open_layer(self.folder, self.setting, n)
            if mapped is not None:
                self._point(n, mapped, layers.HEADER.size)
                continue
            buffer = bytearray(b"\x80") * layer_size(n)
            self._point(n, buffer, 0)
            started, wall = time.process_time(), time.perf_counter()
            boards = self.lib.build_layer(n)
            seconds = time.process_time() - started
            if b"\x80" in buffer:
                raise SystemExit(f"layer {n} was left unfinished: a bug in solver.c")
            layers.save(self.folder, self.setting, n, buffer)
            built[str(n)] = {"seconds": round(seconds, 2), "boards": boards,
                             "positions": len(buffer)}
            layers.write_manifest(self.folder, self.setting, self.manifest)
            if not quiet:
                print(f"{self.setting}: layer {n:2d}  {boards:>11,} boards  {len(buffer):>13,} "
                      f"positions  {seconds:8.2f} s  ({time.perf_counter() - wall:.1f} s wall)",
                      flush=True)
            # read back from the file, so memory holds the page cache's copy only
            mapped = layers.open_layer(self.folder, self.setting, n)
            self._point(n, mapped, layers.HEADER.size)
        self.lib.set_top(top)

    def relative(self, x, a: int) -> int:
        return self.lib.solve(native.board(x), a, 0)

    def margin(self, x, a: int, b: int) -> int:
        """The best final margin for the mover."""
        return a - b + self.relative(x, a)

    def move_margins(self, state) -> dict:
        """Each legal move's final margin for the mover, both playing their best after it."""
        x, a, b = view(state.pits, state.mover)
        found = {}
        for move in state.legal_moves():
            child = native.board([0] * 10)
            code = self.lib.play(native.board(x), move - 1, child)
            y, free, gain = bytes(child), code & 1, code >> 1
            after = state.play(move)
            # the core's sowing against the rules' own
            mine = view(after.pits, state.mover)
            if mine[0] != y or mine[1] != a + gain or mine[2] != b:
                raise SystemExit(f"solver.c sows {move} differently from the rules at "
                                 f"{state.pits}")
            if a + gain >= 17:
                found[move] = a + gain - b
            elif free:
                found[move] = self.margin(y, a + gain, b)
            else:
                found[move] = -self.margin(flip(y), b, a + gain)
        return found


def principal_variation(solver: Solver, state) -> tuple:
    """The moves of best play from ``state`` to the end, as text, and the final margin
    for player A."""
    line = []
    while not state.is_over:
        margins = solver.move_margins(state)
        move = max(sorted(margins), key=lambda m: margins[m])
        line.append(f"{'AB'[state.mover]}{move}")
        state = state.play(move)
    a, b = state.scores
    return line, a - b


def options(setting: str) -> dict:
    return {"end_sweep": setting, "time_limit_minutes": 0}


def command_tables(args) -> None:
    for setting in args.settings:
        solver = Solver(args.dir, setting)
        started = time.perf_counter()
        solver.tables(args.up_to)
        total = sum(solver.manifest["layers"].get(str(n), {}).get("seconds", 0)
                    for n in range(args.up_to + 1))
        print(f"{setting}: layers 0-{args.up_to} held ({total:.1f} s of processor time to "
              f"build, {time.perf_counter() - started:.1f} s now)")


def command_solve(args) -> None:
    for setting in args.settings:
        solver = Solver(args.dir, setting)
        solver.tables(args.tables)
        known = solver.manifest.get("start", {}).get(str(args.tables))
        if known and not args.again:
            report(setting, known, kept=True)
            continue
        if not solver.lib.tt_alloc(args.tt):
            raise SystemExit(f"no memory for a table of 2^{args.tt} entries")
        start = CallaState((3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 3, 0), 0, (0, 0),
                           options=options(setting))
        x, a, b = view(start.pits, 0)
        started, wall = time.process_time(), time.perf_counter()
        value = solver.margin(x, a, b)
        seconds = time.process_time() - started
        nodes = solver.lib.nodes()
        margins = solver.move_margins(start)
        line, final = principal_variation(solver, start)
        if final != value or max(margins.values()) != value:
            raise SystemExit(f"the line of best play ends {final}, the value is {value}")
        result = {"value": value, "moves": {str(m): v for m, v in sorted(margins.items())},
                  "pv": line, "seconds": round(seconds, 1),
                  "wall_seconds": round(time.perf_counter() - wall, 1), "nodes": nodes,
                  "tables": args.tables, "tt_bits": args.tt}
        solver.manifest.setdefault("start", {})[str(args.tables)] = result
        layers.write_manifest(args.dir, setting, solver.manifest)
        solver.lib.tt_free()
        report(setting, result)


def report(setting: str, result: dict, kept: bool = False) -> None:
    value = result["value"]
    verdict = (f"the first player wins by {value}" if value > 0 else
               f"the second player wins by {-value}" if value < 0 else "a draw")
    print(f"end_sweep {setting}: with best play {verdict}"
          f"{' (kept from an earlier run)' if kept else ''}")
    print(f"  each first move (A's final margin): "
          + ", ".join(f"{m}: {v:+d}" for m, v in result["moves"].items()))
    print(f"  best play: {' '.join(result['pv'])}")
    print(f"  solved in {result['seconds']} s of processor time "
          f"({result['nodes']:,} nodes, tables up to {result['tables']} cubes)")


def command_ship(args) -> None:
    out = args.out
    for setting in args.settings:
        solver = Solver(args.dir, setting)
        solver.tables(args.up_to, quiet=False)
        data = b"".join(bytes(layers.values(solver.held[n])) for n in range(args.up_to + 1))
        blob = encode(data, setting, args.up_to, {"none": 0, "zlib": 1, "xz": 2}[args.pack])
        path = table_path(setting, out)
        layers.write_atomic(path, blob)
        print(f"{path}: positions up to {args.up_to} cubes, {len(data):,} values, "
              f"{len(blob):,} bytes")


def command_value(args) -> None:
    pits = [int(p) for p in args.pits]
    if len(pits) != 12 or sum(pits) != 32:
        raise SystemExit("give the 12 board places (A's shields, A's calla, B's shields, "
                         "B's calla), 32 cubes in all")
    mover = "AB".index(args.to_move)
    for setting in args.settings:
        solver = Solver(args.dir, setting)
        solver.tables(args.tables, quiet=True)
        solver.lib.tt_alloc(args.tt)
        state = CallaState(pits, mover, (mover, 0), options=options(setting))
        if state.is_over:
            print(f"{setting}: the game is over, {state.scores}")
            continue
        x, a, b = view(pits, mover)
        margins = solver.move_margins(state)
        line, final = principal_variation(solver, state)
        print(f"{setting}: {args.to_move} to move, best final margin "
              f"{solver.margin(x, a, b):+d} for {args.to_move}; moves "
              + ", ".join(f"{m}: {v:+d}" for m, v in sorted(margins.items())))
        print(f"  best play: {' '.join(line)} (A {final:+d})")


def parse(argv):
    parser = argparse.ArgumentParser(prog="solve_calla", description=__doc__.split("\n")[0])
    parser.add_argument("--dir", type=Path, default=default_dir(),
                        help="working tables (default %(default)s)")
    parser.add_argument("--setting", choices=SETTINGS, action="append",
                        help="end_sweep setting (default: both)")
    commands = parser.add_subparsers(dest="command", required=True)
    tables = commands.add_parser("tables", help="build the tables up to N cubes")
    tables.add_argument("--up-to", type=int, default=DEFAULT_TABLES)
    solve = commands.add_parser("solve", help="the value of the start position")
    solve.add_argument("--tables", type=int, default=DEFAULT_TABLES)
    solve.add_argument("--tt", type=int, default=25, help="log2 of the search table's entries")
    solve.add_argument("--again", action="store_true", help="solve even if solved before")
    ship = commands.add_parser("ship", help="write the game's tables")
    ship.add_argument("--up-to", type=int, default=13)
    ship.add_argument("--pack", choices=("xz", "zlib", "none"), default="xz")
    ship.add_argument("--out", type=Path, default=None, help="folder (default assets/calla)")
    value = commands.add_parser("value", help="the value of one position")
    value.add_argument("pits", nargs=12)
    value.add_argument("--to-move", choices=("A", "B"), default="A")
    value.add_argument("--tables", type=int, default=16)
    value.add_argument("--tt", type=int, default=22)
    args = parser.parse_args(argv)
    args.settings = tuple(args.setting or SETTINGS)
    for name in ("up_to", "tables"):
        if getattr(args, name, 0) is not None and not 0 <= getattr(args, name, 0) <= 32:
            parser.error(f"--{name.replace('_', '-')} must be 0-32")
    return args


def main(argv=None) -> None:
    args = parse(argv)
    {"tables": command_tables, "solve": command_solve, "ship": command_ship,
     "value": command_value}[args.command](args)


if __name__ == "__main__":
    main()
