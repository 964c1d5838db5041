"""Kill the program with SIGKILL mid-game and count the moves it had shown but not kept.

    python benchmarks/kill_autosave.py [--games 100] [--seed 1] [--bound 0.1]
                                       [--disk-load] [--out FILE]

Each game starts the real program (``--child``: the program as ``main.py`` starts it, its
own frame loop, writer and computer players, with a computer-against-computer game at the
random and easy levels pushed over the menu, animations very fast; the dummy video
driver), in a data folder of its own.  The program notes each move when a frame showing it
has been drawn: its ply, the time and the move, appended to a file named by ``--shown``
(only this benchmark asks for it).  The benchmark waits for a random move (the 1st to the
15th) to be shown, waits a random 0 to 0.5 s more, and kills the program with SIGKILL.  It
then settles the data folder as the next start of the program does (a quick copy the
program left, in memory or beside the file, becomes the file) and reads the unfinished game
kept for that game, and compares its moves with the moves shown.

Printed: how many kills lost a move that had been on screen for longer than ``--bound``
seconds (the promise is none), how many lost a younger move, and the largest loss (moves,
and the age of the oldest move lost).  ``--disk-load`` runs two more processes writing and
flushing 32 MB files throughout, as a busy disk.  Each kill's figures are appended to
``--out`` (default ``benchmarks/records/kill_autosave.jsonl``); run again with the same
file to go on where a run stopped.  The file is read as ``benchmarks/pentobi.py`` reads its
records: one that is not a file of this script's kills is named, with its line, and nothing is
run or written.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("calla", "calliro", "callisto", "iriri", "calabria")
LEVELS = ("random", "easy")
LAST_TARGET = 15            # the kill comes after one of the first LAST_TARGET moves
MAX_DELAY = 0.5             # ... and up to this many seconds after it is shown
START_LIMIT = 60.0          # seconds for the program to start and show its first move


# --- the program, as it runs in each game ------------------------------------------------------
def child(game: str, seed: int, shown: str) -> int:
    """The program with a computer-against-computer game of ``game`` over the menu, noting
    each move shown (after the frame that shows it is drawn) in ``shown``."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import GAMES as SPECS
    from scenes.app import App

    rng = random.Random(seed)
    spec = SPECS[game]
    variant = spec.variants[0]
    seats = [{"name": f"Computer {i + 1}", "kind": "computer", "level": rng.choice(LEVELS)}
             for i in range(spec.players(variant))]
    config = {"game": game, "variant": variant, "options": {}, "seats": seats, "starter": "0",
              "time_control": None, "hints": False, "seat_order": list(range(len(seats)))}
    app = App(size=(1280, 800))
    app.settings.set("animation_speed", 4.0)      # "very fast": more moves a second
    app.stack.push("menu")
    app.stack.push("play", config=config, seed=seed)
    log = open(shown, "a", encoding="utf-8")
    noted = [0]
    draw = app.draw

    def draw_and_note() -> None:
        draw()                  # the frame is on the screen once this returns
        play = app.stack.top
        if getattr(play, "title", "") != "play":
            return
        now = time.time()
        while noted[0] < play.cursor:
            noted[0] += 1
            log.write(json.dumps({"ply": noted[0], "at": now,
                                  "move": play.notation[noted[0] - 1]}) + "\n")
            log.flush()         # in the system's hands: a SIGKILL of this process keeps it
        if play.finished:
            log.write(json.dumps({"over": True, "at": now}) + "\n")
            log.flush()
            app.quit()

    app.draw = draw_and_note
    app.run_stack()
    return 0


# --- the benchmark ------------------------------------------------------------------------------
def read_shown(path: Path) -> tuple[list[dict], bool]:
    moves, over = [], False
    if not path.exists():
        return moves, over
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue            # a line cut short by the kill
        if not isinstance(entry, dict):
            continue            # not a line the program writes
        if entry.get("over"):
            over = True
        elif "ply" in entry:
            moves.append(entry)
    return moves, over


def kept_kills(path: Path) -> list[dict]:
    """The kills kept in ``path`` by an earlier run (none when there is no such file), read
    by ``benchmarks/pentobi.py`` as it reads its records to go on from them (a last line cut
    short by a stopped run is left out, the record as it was kept aside); ValueError naming
    the file, and the line of the first that is not a kill of this script."""
    from benchmarks.pentobi import resume_records
    kept, said = resume_records(path, a_kill, "a kill of this script")
    if said:
        print(said)
    return [row for _, row in kept]


def a_kill(row: dict) -> bool:
    """Whether ``row`` holds what ``summary`` reads of a kill: its number, and for a kill
    counted, the game, the moves lost and the age of the oldest (a number when any was lost)
    and whether the file held a move never shown."""
    if type(row.get("index")) is not int:
        return False
    if not row.get("killed") or "error" in row:
        return True             # left out of the figures
    lost, oldest = row.get("lost"), row.get("oldest_lost")
    return (type(lost) is int and isinstance(row.get("game"), str) and "differs" in row
            and (type(oldest) in (int, float) or (oldest is None and not lost)))


def kept_moves(data: Path, game: str) -> list[str] | None:
    """The moves of the unfinished game of ``game`` the next start would offer (None: none)."""
    sys.path.insert(0, str(ROOT))
    os.environ["CALLIDUS_DATA_DIR"] = str(data)
    from game.files import FileProblem, read_json
    from scenes import saves
    saves.settle_data_folder()
    path = saves.unfinished_path(game)
    if not path.exists():
        return None
    try:
        return list(read_json(path)["moves"])
    except (FileProblem, KeyError, TypeError) as exc:
        return [f"unreadable: {exc}"]


def disk_load(folder: Path, stop_at: float) -> None:
    """Write and flush 32 MB files until ``stop_at`` (run in a process of its own)."""
    block = os.urandom(1 << 20)
    n = 0
    while time.time() < stop_at:
        with open(folder / f"load-{os.getpid()}-{n % 2}.bin", "wb") as handle:
            for _ in range(32):
                handle.write(block)
            handle.flush()
            os.fsync(handle.fileno())
        n += 1


def one_kill(index: int, seed: int, bound: float, work: Path) -> dict:
    rng = random.Random(f"{seed}-{index}")
    game = GAMES[index % len(GAMES)]
    target = rng.randint(1, LAST_TARGET)
    delay = rng.uniform(0.0, MAX_DELAY)
    folder = work / f"game-{index}"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "data").mkdir(parents=True)
    shown_file = folder / "shown.jsonl"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CALLIDUS_DATA_DIR": str(folder / "data"),
           "CALLIDUS_CONFIG_DIR": str(folder / "config"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    program = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--child", game,
         "--child-seed", str(rng.randrange(2 ** 31)), "--shown", str(shown_file)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True)
    killed_at = None
    try:
        deadline = time.monotonic() + START_LIMIT + 4 * LAST_TARGET
        while time.monotonic() < deadline and program.poll() is None:
            moves, over = read_shown(shown_file)
            if over or len(moves) >= target:
                break
            time.sleep(0.005)
        time.sleep(delay)
        if program.poll() is None:
            killed_at = time.time()
            os.kill(program.pid, signal.SIGKILL)
    finally:
        program.wait()
        try:
            os.killpg(program.pid, signal.SIGKILL)      # its computer players, if any are left
        except ProcessLookupError:
            pass
    moves, over = read_shown(shown_file)
    row = {"index": index, "game": game, "target": target, "delay": round(delay, 3),
           "shown": len(moves), "over": over, "killed": killed_at is not None}
    if killed_at is None or over:
        row["error"] = ("the game ended before the kill" if over else
                        "the program stopped by itself: "
                        + program.stderr.read().decode(errors="replace")[-400:])
        shutil.rmtree(folder, ignore_errors=True)
        return row
    kept = kept_moves(folder / "data", game) or []
    shown = [m["move"] for m in moves]
    same = 0
    while same < min(len(kept), len(shown)) and kept[same] == shown[same]:
        same += 1
    lost = moves[same:]
    row.update(kept=len(kept), lost=len(lost),
               oldest_lost=round(killed_at - lost[0]["at"], 3) if lost else None,
               differs=same < len(kept))       # the file holds a move never shown
    shutil.rmtree(folder, ignore_errors=True)
    return row


def summary(rows: list[dict], bound: float) -> str:
    kills = [r for r in rows if r.get("killed") and "error" not in r]
    late = [r for r in kills if r["lost"] and r["oldest_lost"] > bound]
    young = [r for r in kills if r["lost"] and r["oldest_lost"] <= bound]
    odd = [r for r in kills if r["differs"]]
    worst = max(kills, key=lambda r: (r["lost"], r["oldest_lost"] or 0), default=None)
    lines = [f"{len(kills)} kills ({len(rows) - len(kills)} games left out: ended or failed "
             f"before the kill)",
             f"kills that lost a move shown for longer than {bound * 1000:.0f} ms: {len(late)}",
             f"kills that lost a move shown for {bound * 1000:.0f} ms or less: {len(young)}",
             f"kills whose file held a move never shown: {len(odd)}"]
    if worst is not None and worst["lost"]:
        lines.append(f"largest loss: {worst['lost']} move(s), the oldest shown "
                     f"{worst['oldest_lost'] * 1000:.0f} ms before the kill ({worst['game']}, "
                     f"kill {worst['index']})")
    else:
        lines.append("largest loss: none")
    for r in late[:10]:
        lines.append(f"  kill {r['index']} {r['game']}: {r['lost']} lost, oldest "
                     f"{r['oldest_lost'] * 1000:.0f} ms")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bound", type=float, default=0.1, help="seconds (default 0.1)")
    parser.add_argument("--disk-load", action="store_true",
                        help="keep the disk busy with another process's flushed writes")
    parser.add_argument("--out", type=Path,
                        default=ROOT / "benchmarks" / "records" / "kill_autosave.jsonl")
    parser.add_argument("--child", metavar="GAME", help=argparse.SUPPRESS)
    parser.add_argument("--child-seed", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--shown", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child, args.child_seed, args.shown)

    args.out.parent.mkdir(parents=True, exist_ok=True)
    try:
        rows = kept_kills(args.out)
    except ValueError as exc:
        print(f"kill_autosave: cannot go on from the kills kept: {exc}", file=sys.stderr)
        return 2
    done = {r["index"] for r in rows}
    work = Path(tempfile.mkdtemp(prefix="callidus-kill-"))
    loads = []
    if args.disk_load:
        import multiprocessing
        for _ in range(2):
            loads.append(multiprocessing.get_context("spawn").Process(
                target=disk_load, args=(work, time.time() + 10 ** 6), daemon=True))
            loads[-1].start()
    try:
        for index in range(args.games):
            if index in done:
                continue
            row = one_kill(index, args.seed, args.bound, work)
            row["disk_load"] = args.disk_load
            rows.append(row)
            with args.out.open("a", encoding="utf-8") as out:
                out.write(json.dumps(row) + "\n")
            lost = (f"lost {row['lost']} (oldest {row['oldest_lost'] * 1000:.0f} ms)"
                    if row.get("lost") else row.get("error", "nothing lost"))
            print(f"kill {index:3d} {row['game']:<9} after move {row['shown']:2d}: {lost}",
                  flush=True)
    finally:
        for load in loads:
            load.terminate()
            load.join(5)
        shutil.rmtree(work, ignore_errors=True)
    print(summary([r for r in rows if r["index"] < args.games], args.bound))
    return 0


if __name__ == "__main__":
    sys.exit(main())
