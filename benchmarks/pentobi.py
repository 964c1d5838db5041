"""Callisto's computer levels against Pentobi, the program Callisto comes from.

Pentobi's GTP engine (built from its public source, ``bin/pentobi-gtp``), its
opening books (``books/``) and a small GTP client for it (``gtp.py``) are not
part of this project: give their folder with ``--pentobi-dir`` (by default
``pentobi`` in the folder the project sits in).  This script plays ``python3 -m
game gtp`` against that engine when it is there and says so when it is not;
nothing else in the project needs it.

Run from the project root::

    python benchmarks/pentobi.py --level hard --pentobi 4 --games 40
                                 [--variant callisto_2] [--seed 1] [--out FILE.jsonl]
                                 [--no-cap] [--load N]
    python benchmarks/pentobi.py --summary FILE.jsonl [FILE.jsonl ...]
    python benchmarks/pentobi.py --level hard --pentobi 5 --games 20 --seat second [...]
    python benchmarks/pentobi.py --level hard --pentobi 5 --games 40 --seat second --moves 2:6 [...]
    python benchmarks/pentobi.py ... --seat second --moves 6: --stand-in 8 [...]

Seats alternate; each game is one JSON line (every move with its wall and
processor seconds, the scores); a rerun with the same ``--out`` plays only
the missing games, and refuses to go on from games played with other options (a
record holds one kind of match).  The default ``--out`` is
``benchmarks/records/callisto-LEVEL-pentobiN.jsonl``.  The machine's load is
printed before and after.  Both programs count their work (our levels their
playouts, Pentobi's its simulations), so the games depend on the seeds only,
unless our level's wall-clock cap cuts a move short on a machine busy with
other work: ``--no-cap`` lifts the cap in the engine it starts (as
``match --no-cap``), so that the load changes only how long the moves take.
``--load N`` runs N busy processes (Python spinning) beside the match, killed
at the end.  ``--seat first`` or ``--seat second`` plays every game from that
seat, on the seeds the alternating match gives that seat (game ``2k`` or
``2k + 1`` of ``--seed``), so that the two halves of a match can be measured,
or compared with one kept, apart.  Game ``g`` of ``--seed S`` is always
played on seed ``1000 S + g`` by both engines, so a game is the same whichever
way the match is split.  ``--moves LO:HI``
(with ``--seat``) lets our level play only that seat's moves LO to HI - 1 (its
own moves, counted from 0: the two opening 1x1s are 0 and 1), a
second Pentobi of the same level the seat's other moves: Pentobi against
itself, with our level in one phase of one seat, which shows where in the game
that seat's points are lost (``--moves 0:0``, Pentobi alone, is the yardstick).
``--stand-in N`` gives the Pentobi playing the seat's other moves level N instead
(``--moves 6: --stand-in 8``: the seat's opening by level 8, the rest by our
level).  ``--summary`` prints wins and losses (as the first and as the
second player), the processor and wall seconds a move and the moves that met
the cap, of kept records, and the processor a move by the seat's move number.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DIR = ROOT.parent / "pentobi"


def _phase_words(phase, stand_in=None) -> str:
    if phase is None:
        return ""
    lo, hi = phase
    if hi == lo:
        return "Pentobi in both seats (our level played no move); "
    end = "the end" if hi is None else f"move {hi - 1}"
    other = "" if stand_in is None else f", Pentobi level {_said(stand_in)} its others"
    return f"our level playing its seat's moves {lo} to {end} only{other}; "


#: The largest record read: a game's line is a few kilobytes, a match of 40 some 200 KB.
RECORD_LIMIT = 64 * 1024 * 1024


def read_records(path: Path) -> list:
    """The games of the record ``path`` (see ``numbered_records``)."""
    return [row for _, row in numbered_records(path)]


def numbered_records(path: Path) -> list:
    """The games of the record ``path`` (JSON objects, one a line) with their line numbers,
    read within the bounds of ``game.files`` (a regular file of at most ``RECORD_LIMIT`` bytes,
    bounded nesting and numbers); ValueError naming the file, and the line of the first that
    is not one."""
    return _numbered(_record_text(path), Path(path).name)


def _record_text(path: Path) -> str:
    from game.files import FileProblem, read_text
    try:
        return read_text(path, RECORD_LIMIT)
    except FileProblem as exc:
        raise ValueError(str(exc)) from None


def _numbered(text: str, name: str) -> list:
    from game.files import FileProblem, parse_json
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = parse_json(line, "the line")
        except FileProblem as exc:
            row = exc
        if not isinstance(row, dict):
            reason = f" ({row})" if isinstance(row, FileProblem) else ""
            raise ValueError(f"{name}, line {number}: not a JSON object{reason}")
        rows.append((number, row))
    return rows


def resume_records(path: Path, check=None, what: str = "") -> tuple:
    """What a run appending to the record ``path`` goes on from: ``(rows, said)``, the
    numbered rows kept (as ``numbered_records``; none when there is no such file) and a
    sentence for the run to print, or None.

    A run killed while writing its last line leaves that line cut short, with no newline at
    its end.  Such a line is left out: the record as it was is kept first under a new name
    beside it (``NAME.damaged-STAMP.jsonl``, never over another file) and the record is then
    rewritten without that line, atomically, so that the next line appended starts a line of
    its own.  A whole last line that only lacks its newline gets one.  Any other line that is
    not a JSON object, or for which ``check(row)`` is false (then named as not ``what``), is
    refused (ValueError naming the file and the line) before anything is written."""
    from game.files import FileProblem, keep_aside, parse_json, read_bytes, write_text_atomic
    path = Path(path)
    if not path.exists():
        return [], None
    text = _record_text(path)
    lines = text.splitlines(keepends=True)
    cut = whole = False
    if text and not text.endswith("\n"):
        try:
            whole = isinstance(parse_json(lines[-1], "the line"), dict)
        except FileProblem:
            pass
        cut = not whole
    rows = _numbered("".join(lines[:-1]) if cut else text, path.name)
    for number, row in rows:
        if check is not None and not check(row):
            raise ValueError(f"{path.name}, line {number}: not {what}")
    try:
        if whole:
            write_text_atomic(path, text + "\n")
            return rows, f"{path.name}: its last line lacked its newline; one was added"
        if not cut:
            return rows, None
        kept = keep_aside(path, read_bytes(path, RECORD_LIMIT))    # byte for byte
        write_text_atomic(path, "".join(lines[:-1]))
    except FileProblem as exc:
        raise ValueError(f"{path.name}: its last line is cut short and it could not be "
                         f"mended ({exc})") from None
    return rows, (f"{path.name}: line {len(lines)} was cut short (a run stopped while "
                  f"writing it) or is not a whole JSON object, and is left out; the record "
                  f"as it was is kept as {kept.name}")


def _said(value) -> str:
    """A value a record holds, as a summary or a message shows it (text as itself, its
    invisible characters written out; anything else short)."""
    from game.core import shown
    return shown(value, 30, quoted=False, invisible=True) if isinstance(value, str) \
        else shown(value, 30)


def _option(value) -> str:
    """An option of a kept game or of a run, as a message names it (a phase as LO:HI)."""
    if value is None:
        return "(none)"
    if isinstance(value, list) and len(value) == 2:
        lo, hi = value
        if type(lo) is int and (hi is None or type(hi) is int):
            return f"{lo}:{'' if hi is None else hi}"
    return _said(value)


def other_kind(number: int, row: dict, a) -> str | None:
    """Why the kept game ``row`` (line ``number``) was not played with the options of the
    run ``a`` that would append to its record, or None when it was: a record holds one kind
    of match, so that its summary speaks of all its games."""
    game = row.get("game")
    if type(game) is not int:
        return f"line {number}: no game number"
    seat = seat_of(a.seat, game)
    phase = None if a.moves is None else list(a.moves)
    for what, kept, asked in (("the variant", row.get("variant"), a.variant),
                              ("our level", row.get("level"), a.level),
                              ("Pentobi's level", row.get("pentobi"), a.pentobi),
                              ("the seed", row.get("seed"), a.seed * 1000 + game),
                              ("our seat", row.get("project_player"), seat),
                              ("--moves", row.get("project_moves"), phase),
                              ("--stand-in", row.get("stand_in"), a.stand_in)):
        if kept != asked or type(kept) is not type(asked):
            return (f"line {number}: game {game} was played with {what} {_option(kept)}, "
                    f"this run asks for {_option(asked)}")
    return None


def summary(path: Path) -> str:
    from game.ai.levels import WALL_CAP, level_for
    rows = read_records(path)
    won = sum(r["result"].startswith("win") for r in rows)
    lost = sum(r["result"].startswith("loss") for r in rows)
    ties = sum(r["result"].endswith("tiebreak") for r in rows)
    ours = [m for r in rows for m in r["moves"] if m["who"] == "project"]
    margin = [r["scores"][r["project_player"]] - r["scores"][1 - r["project_player"]]
              for r in rows if r["result"] != "error"]
    phase = rows[0].get("project_moves") if rows else None
    stand_in = rows[0].get("stand_in") if rows else None
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
    return (f"{path.name}: {_said(level)} against Pentobi level {_said(pentobi)}: {len(rows)} "
            f"games, won {won}, "
            f"lost {lost} ({ties} decided by the tie rule; {', '.join(seats)}); "
            f"{_phase_words(phase, stand_in)}"
            f"points {mean(margin):+.2f} a game (the seat ours against the other); a move: "
            f"processor {mean(cpu):.2f} s, wall {mean(wall):.2f} s, at most "
            f"{max(wall, default=0):.2f} s{near}\n  {by_piece(rows)}")


def by_piece(rows: list) -> str:
    """Our level's mean processor seconds a move by its seat's move number (counted from 0:
    the opening 1x1s are 0 and 1), over the games of ``rows`` that reached it: whether a
    level's budget takes about its time from the first pieces to the last."""
    seconds: dict = {}
    for row in rows:
        seat_moves = [m for m in row["moves"] if m["colour"] == row["project_player"]]
        for number, move in enumerate(seat_moves):
            if move["who"] == "project":
                seconds.setdefault(number, []).append(move.get("cpu", 0.0))
    each = ", ".join(f"{n}: {sum(xs) / len(xs):.2f}" for n, xs in sorted(seconds.items()))
    return f"processor a move by the seat's move number (seconds): {each or 'none'}"


def schedule(seat: str, games: int, done: int) -> list:
    """The games still to play, as ``(game number, our seat)``: with ``seat`` "both"
    games 0 to ``games`` - 1, seats alternating (even games the first seat); with
    "first" or "second" that seat's ``games`` games of the alternating match (the
    even or the odd ones); ``done`` games of them already kept."""
    if seat == "both":
        numbers = range(done, games)
    else:
        numbers = range(2 * done + seat_of(seat, 0), 2 * games, 2)
    return [(game, seat_of(seat, game)) for game in numbers]


def seat_of(seat: str, game: int) -> int:
    """Our seat in game number ``game`` of a run with ``--seat seat``: with "both" the
    seats alternate (even games the first seat, 0), else the seat asked for."""
    if seat == "both":
        return game % 2
    return 0 if seat == "first" else 1


def play_games(a, out: Path, env: dict, done: int) -> int:
    """Plays the games of ``schedule`` not yet in ``out`` (``done`` of them are, as
    ``resume_records`` read them), appending one line per game (a rerun plays only the
    missing games)."""
    sys.path.insert(0, str(a.pentobi_dir))
    from gtp import Gtp  # the GTP client kept beside Pentobi's engine

    from game import GAMES
    spec = GAMES["callisto"]
    engine = a.pentobi_dir / "bin" / "pentobi-gtp"
    book = a.pentobi_dir / "books" / f"book_{a.variant}.blksgf"
    sgf_game = {"callisto_2": "Callisto Two-Player",
                "callisto_2_4": "Callisto Two-Player Four-Color"}[a.variant]
    os.environ.update(env)      # the engines start with the match's path (``--no-cap``)
    lo, hi = a.moves if a.moves is not None else (0, None)

    def pentobi_engine(seed, level):
        return Gtp([str(engine), "--game", a.variant, "--level", str(level),
                    "--noresign", "--quiet", "--threads", "1", "--seed", str(seed),
                    "--book", str(book)], name="pentobi")

    for game, seat in schedule(a.seat, a.games, done):
        seed = a.seed * 1000 + game
        pentobi = pentobi_engine(seed, a.pentobi)
        ours = Gtp([sys.executable, "-m", "game", "gtp", "--variant", a.variant, "--level",
                    a.level, "--seed", str(seed)], cwd=str(ROOT), name="project")
        # With --moves, a second Pentobi plays the seat's moves outside the phase.
        stand_in = (pentobi_engine(seed + 500000, a.stand_in or a.pentobi)
                    if a.moves is not None else None)
        engines = [e for e in (pentobi, ours, stand_in) if e is not None]
        try:
            for e in engines:
                e.send(f"set_game {sgf_game}")
                e.send("clear_board")
            state = spec.new_game(variant=a.variant)
            moves, error, start = [], None, time.time()
            own = 0         # the seat's moves so far
            while not state.is_over:
                colour = state.colour
                word = "bw"[colour] if a.variant == "callisto_2" else str(colour + 1)
                if state.to_move != seat:
                    mover = pentobi
                else:
                    mover = ours if lo <= own and (hi is None or own < hi) else stand_in
                    own += 1
                try:
                    text, wall, cpu = mover.timed(f"genmove {word}")
                    move = spec.parse_move(state, text)
                    canon = spec.format_move(state, move)
                    state = state.play(move)
                    for e in engines:
                        if e is not mover:
                            e.send(f"play {word} {canon}")
                except Exception as exc:  # the game is kept as an error; the match goes on
                    error = f"{mover.name}: {exc}"
                    break
                moves.append(dict(colour=colour, who=mover.name, move=canon,
                                  wall=round(wall, 4), cpu=round(cpu, 4)))
        finally:
            for e in engines:
                e.close()
        scores = list(state.scores)
        if error:
            result = "error"
        else:   # a tie goes to the player who started later (player 1)
            winner = 0 if scores[0] > scores[1] else 1
            result = (("win" if winner == seat else "loss")
                      + ("_tiebreak" if scores[0] == scores[1] else ""))
        row = dict(game=game, seed=seed, variant=a.variant, level=a.level, pentobi=a.pentobi,
                   book=True, project_player=seat, scores=scores, result=result, error=error,
                   **({} if a.moves is None else {"project_moves": [lo, hi]}),
                   **({} if a.stand_in is None else {"stand_in": a.stand_in}),
                   plies=len(moves), seconds=round(time.time() - start, 1), moves=moves)
        with open(out, "a") as f:
            f.write(json.dumps(row) + "\n")
        print(f"game {game}: project ({a.level}) as player {seat}: {result} "
              f"{scores[seat]}-{scores[1 - seat]} in {row['seconds']} s {error or ''}", flush=True)
    return 0


#: Put on the engine's path by ``--no-cap``: Python imports it at start-up and lifts the
#: levels' wall-clock cap before the engine plays.
NO_CAP = "import game.ai.levels\ngame.ai.levels.WALL_CAP = float('inf')\n"
SPIN = "while True:\n    pass\n"


def _phase(text: str) -> tuple:
    """``LO:HI`` (HI may be left out: to the end) as ``(lo, hi)``."""
    try:
        lo, colon, hi = text.partition(":")
        if not colon:
            raise ValueError(text)
        lo, hi = int(lo), (int(hi) if hi.strip() else None)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not LO:HI (two move numbers)") from None
    if lo < 0 or (hi is not None and hi < lo):
        raise argparse.ArgumentTypeError(f"{text!r}: need 0 <= LO <= HI")
    return lo, hi


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
                    help="the folder holding Pentobi's engine (bin/pentobi-gtp), its books and "
                         "its GTP client (gtp.py)")
    ap.add_argument("--no-cap", action="store_true",
                    help="lift our level's wall-clock cap (the games then depend on the seeds "
                         "only)")
    ap.add_argument("--load", type=int, default=0, metavar="N",
                    help="busy processes running beside the match (default 0)")
    ap.add_argument("--seat", choices=("both", "first", "second"), default="both",
                    help="the seat our level plays (default both, alternating)")
    ap.add_argument("--moves", type=_phase, metavar="LO:HI",
                    help="with --seat: our level plays only the seat's moves LO to HI - 1 "
                         "(counted from 0), Pentobi the others")
    ap.add_argument("--stand-in", type=int, choices=range(1, 10), metavar="N",
                    help="with --moves: the level of the Pentobi playing the seat's other "
                         "moves (default Pentobi's level, --pentobi)")
    a = ap.parse_args(argv)
    if a.moves is not None and a.seat == "both":
        ap.error("--moves needs --seat first or --seat second")
    if a.stand_in is not None and a.moves is None:
        ap.error("--stand-in needs --moves")
    if a.summary:
        code = 0
        for name in a.summary:
            try:
                print(summary(Path(name)))
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
                print(f"{name}: not a record of this script ({exc!r})")
                code = 2
        return code
    needed = [a.pentobi_dir / "bin" / "pentobi-gtp", a.pentobi_dir / "gtp.py"]
    missing = [str(path) for path in needed if not path.exists()]
    if missing:
        print(f"Pentobi is not here: {' and '.join(missing)} missing. Build Pentobi's GTP engine "
              f"and put its GTP client beside it to measure against it (see the README, "
              f"'Computer strength').")
        return 2
    out = Path(a.out or ROOT / "benchmarks" / "records"
               / (f"callisto-{a.level}-pentobi{a.pentobi}"
                  f"{'' if a.seat == 'both' else '-' + a.seat}.jsonl"))
    try:
        kept, said = resume_records(out)
    except ValueError as exc:
        print(f"Cannot go on from the games kept: {exc}")
        return 2
    if said:
        print(said)
    for number, row in kept:
        why = other_kind(number, row, a)
        if why:
            print(f"Cannot go on from the games kept: {out.name}, {why}. A record holds one "
                  f"kind of match: give another --out, or the options its games were played "
                  f"with.")
            return 2
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
            code = play_games(a, out, env, len(kept))
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
