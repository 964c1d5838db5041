"""Feed the readers of hostile input many mutated inputs and count the failures.

A failure is anything but the promised answer: an ``.blksgf`` record must give
a game or a ``ValueError`` with a one-line message; a command line must answer
with status 0, or status 2 and one line on standard error, and leave the file
it was given as it was, within ``LIMIT`` seconds.  Prints, per reader, how many inputs were tried and
how many failed, with the first few failures.

Run: ``python benchmarks/soak.py [seconds per reader] [seed]`` (default 20 s, seed 1).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.cli.main import main as cli  # noqa: E402
from game.records.blksgf import export_sgf, read_sgf  # noqa: E402

NASTY = ["\x00", "\u200b", "\u202e", "\ufeff", "\n", "\r", "\\", "]", "[", "(", ")", ";",
         "\u0663", "\u0301", "\U0001F600", "\x1b", "\x7f", "\u2028"]


class Tally:
    def __init__(self, name):
        self.name, self.tried, self.failed, self.examples = name, 0, 0, []

    def fail(self, what: str, data) -> None:
        self.failed += 1
        if len(self.examples) < 3:
            self.examples.append(f"{what}\n      input: {repr(data)[:160]}")

    def report(self) -> str:
        lines = [f"{self.name:<28} {self.tried:>8} tried {self.failed:>6} failed"]
        lines += [f"    {e}" for e in self.examples]
        return "\n".join(lines)


def mutate(data: bytes, rng: random.Random) -> bytes:
    """``data`` damaged in one to four random ways."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(7)
        at = rng.randrange(len(data) + 1)
        if kind == 0:
            del data[at:]
        elif kind == 1 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 2:
            data[at:at] = rng.choice(NASTY).encode() * rng.choice((1, 2, 50))
        elif kind == 3:
            end = min(len(data), at + rng.randint(1, 40))
            data[at:at] = data[at:end] * rng.choice((2, 10, 1000))
        elif kind == 4:
            del data[at:at + rng.randint(1, 20)]
        elif kind == 5:
            opener = rng.choice((b"(", b"(;", b"[", b'{"a":', b";"))
            data[at:at] = opener * rng.choice((10, 1000, 100_000))
        else:
            data[at:at] = rng.choice((b"Infinity", b"NaN", b"1e999", b"-1", b"9" * 5000,
                                      str(2**63).encode(), b'"\\ud800"', b"null"))
    return bytes(data)


def records(rng: random.Random) -> list:
    spec = GAMES["callisto"]
    out = []
    for variant in spec.variants:
        state = spec.new_game(variant)
        while not state.is_over and len(state.moves) < rng.randint(0, 40):
            state = state.play(rng.choice(state.legal_moves()))
        names = ["".join(rng.choice(NASTY + list("AnnBo ")) for _ in range(rng.randint(0, 8)))
                 for _ in range(spec.players(variant))]
        out.append(export_sgf(state, names).encode())
    return out


def soak_blksgf(seconds: float, rng: random.Random) -> Tally:
    tally = Tally(".blksgf (read_sgf)")
    seeds = records(rng)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        data = mutate(rng.choice(seeds), rng)
        tally.tried += 1
        try:
            read_sgf(data)
        except ValueError as exc:
            message = str(exc)
            if not message or "\n" in message or "\x00" in message or len(message) > 400:
                tally.fail(f"bad message: {message[:120]!r}", data)
        except Exception:
            tally.fail(traceback.format_exc(limit=2).strip().splitlines()[-1], data)
    return tally


def run_cli(argv) -> tuple:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


class TooSlow(BaseException):
    """An input took longer than ``LIMIT`` seconds: a hang, as far as a user can tell."""


#: Seconds one input may take.
LIMIT = 10.0


def _too_slow(signum, frame):
    raise TooSlow(f"no answer after {LIMIT:g} s")


def answered(tally, argv, data=None, path=None) -> None:
    tally.tried += 1
    signal.signal(signal.SIGALRM, _too_slow)
    signal.setitimer(signal.ITIMER_REAL, LIMIT)
    try:
        code, out, err = run_cli(argv)
    except BaseException:
        tally.fail(traceback.format_exc(limit=2).strip().splitlines()[-1], data or argv)
        return
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    if code not in (0, 2) or (code == 2 and (len(err.splitlines()) != 1 or out)):
        tally.fail(f"status {code}, stderr {err[:120]!r}", data or argv)
    elif path is not None and path.read_bytes() != data:
        tally.fail("the file was changed", data)


def soak_positions(seconds: float, rng: random.Random, folder: Path) -> Tally:
    tally = Tally("--position FILE")
    path = folder / "position.json"
    seeds = [(name, json.dumps(spec.new_game(seed=rng.randrange(100)).position()).encode())
             for name, spec in GAMES.items()]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        name, text = rng.choice(seeds)
        data = mutate(text, rng)
        path.write_bytes(data)
        answered(tally, ["play", name, "--position", path], data, path)
    return tally


def soak_match_records(seconds: float, rng: random.Random, folder: Path) -> Tally:
    tally = Tally("match --record FILE")
    path = folder / "match.json"
    path.unlink(missing_ok=True)
    argv = ["match", "calla", "--players", "random,random", "--games", "1", "--seed", "3",
            "--record", path]
    run_cli(argv)
    good = path.read_bytes()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        data = mutate(good, rng)
        path.write_bytes(data)
        answered(tally, argv, data, None)     # a readable record is rewritten: not checked
    return tally


def soak_flags(seconds: float, rng: random.Random, folder: Path) -> Tally:
    tally = Tally("seeds, numbers and moves")
    pool = list("0123456789-_ +x") + NASTY
    commands = [["play", "calla", "--seed"], ["perft", "calla", "--depth"],
                ["match", "calla", "--players", "random,random", "--games"],
                ["tournament", "show", "--db", folder / "t.db"],
                ["play", "calla", "--seed", "1"], ["play", "callisto", "--seed", "1"],
                ["play", "iriri", "--seed", "1"]]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        word = "".join(rng.choice(pool) for _ in range(rng.randint(1, 12)))
        command = rng.choice(commands)
        if command[0] in ("match", "perft") and word.isascii() and word.isdigit():
            continue                 # a real match or count, which may rightly take hours
        answered(tally, command + [word])
    return tally


def main(argv) -> int:
    seconds = float(argv[0]) if argv else 20.0
    seed = int(argv[1]) if len(argv) > 1 else 1
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        tallies = [soak_blksgf(seconds, rng), soak_positions(seconds, rng, folder),
                   soak_match_records(seconds, rng, folder), soak_flags(seconds, rng, folder)]
    print(f"soak: {seconds:g} s per reader, seed {seed}")
    for tally in tallies:
        print(tally.report())
    return 1 if any(t.failed for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
