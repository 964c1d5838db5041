"""What the program costs doing nothing: processor use while a screen sits idle.

    python benchmarks/idle.py [--seconds 10] [--settle 9] [--only menu,calla,...]

Starts the real program once per screen, in a window on its own Xvfb display
(the SDL dummy driver when Xvfb is missing), waits for the screen to settle
and prints the processor time the program used over ``--seconds`` seconds, as
a percentage of one core.  The screens: the menu (``main.py`` itself), each
game's board in a hot-seat game with the pointer resting on the board, and one
board whose clock is running.  Target: under 3 % everywhere.

``--open GAME [--clock CONTROL]`` is how a board is opened: the program as
``main.py`` starts it, with a hot-seat game of GAME pushed over the menu.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)
GAMES = ("calla", "calliro", "callisto", "iriri", "calabria")
CLOCK_SCREEN = ("calla", "5+0")       # the board measured with a running clock


def open_board(game: str, clock: str | None) -> int:
    """The program with a hot-seat game of ``game`` open (its own frame loop, as in play)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import GAMES as SPECS
    from scenes.app import App

    spec = SPECS[game]
    variant = spec.variants[0]
    seats = [{"name": f"Player {i + 1}", "kind": "human"} for i in range(spec.players(variant))]
    config = {"game": game, "variant": variant, "options": {}, "seats": seats, "starter": "0",
              "time_control": clock, "seat_order": list(range(len(seats)))}
    app = App(size=SIZE)
    app.stack.push("menu")
    app.stack.push("play", config=config, seed=1)
    app.run_stack()
    return 0


# --- measuring -------------------------------------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """User and system time of process ``pid`` and its children still running."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for p in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick     # utime, stime
    return total


def children(pid: int) -> list[int]:
    found = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                found += [int(child), *children(int(child))]
    except OSError:
        pass
    return found


class Display:
    """An Xvfb display of our own (or the SDL dummy driver when there is no Xvfb)."""

    def __init__(self):
        self.name = None
        self.server = None
        if shutil.which("Xvfb") is None:
            return
        read, write = os.pipe()
        self.server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24",
             "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as answer:
            self.name = ":" + answer.readline().strip()

    @property
    def kind(self) -> str:
        return "Xvfb" if self.name else "SDL dummy driver"

    def env(self) -> dict:
        env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEO_X11_WMCLASS": "callidus"}
        if self.name:
            env["DISPLAY"] = self.name
            env.pop("SDL_VIDEODRIVER", None)
        else:
            env["SDL_VIDEODRIVER"] = "dummy"
        return env

    def xdotool(self, *args) -> str:
        if not self.name or shutil.which("xdotool") is None:
            return ""
        return subprocess.run(["xdotool", *args], env=self.env(), capture_output=True,
                              text=True, timeout=30).stdout

    def close(self) -> None:
        if self.server is not None:
            self.server.terminate()
            self.server.wait(5)


def measure(display: Display, command: list[str], pointer, settle: float, seconds: float,
            data: Path) -> tuple[float, float]:
    """% of one core used by ``command`` over ``seconds``, after ``settle`` seconds of quiet,
    and by the display server showing it (0 without Xvfb)."""
    env = {**display.env(), "CALLIDUS_CONFIG_DIR": str(data), "CALLIDUS_DATA_DIR": str(data)}
    program = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    try:
        display.xdotool("search", "--sync", "--onlyvisible", "--class", "^callidus$")
        display.xdotool("mousemove", str(pointer[0]), str(pointer[1]))
        time.sleep(settle)
        if program.poll() is not None:
            raise RuntimeError(f"{' '.join(command)} stopped: {program.stderr.read().decode()}")
        server = display.server.pid if display.server else None
        before, start = cpu_seconds(program.pid), time.monotonic()
        served = cpu_seconds(server) if server else 0.0
        time.sleep(seconds)
        used, spent = cpu_seconds(program.pid) - before, time.monotonic() - start
        served = (cpu_seconds(server) - served) if server else 0.0
        return 100.0 * used / spent, 100.0 * served / spent
    finally:
        program.terminate()
        try:
            program.wait(10)
        except subprocess.TimeoutExpired:
            program.kill()
            program.wait()


def screens():
    """(label, command, where the pointer rests) of every screen measured."""
    here = [sys.executable, str(Path(__file__).resolve())]
    board = (SIZE[0] // 3, SIZE[1] // 2)      # on the board, away from the sidebar
    rows = [("menu", [sys.executable, "main.py"], (40, SIZE[1] - 20)),
            ("menu, pointer on a button", [sys.executable, "main.py"], (845, 211))]
    rows += [(f"{game} board, hot seat", [*here, "--open", game], board) for game in GAMES]
    game, clock = CLOCK_SCREEN
    rows.append((f"{game} board, {clock} clock running", [*here, "--open", game, "--clock", clock],
                 board))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds measured per screen")
    parser.add_argument("--settle", type=float, default=9.0,
                        help="seconds each screen is left alone before measuring")
    parser.add_argument("--only", help="comma-separated words: measure only screens naming one")
    parser.add_argument("--open", metavar="GAME", help=argparse.SUPPRESS)
    parser.add_argument("--clock", metavar="CONTROL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.open:
        return open_board(args.open, args.clock)
    rows = screens()
    if args.only:
        words = args.only.split(",")
        rows = [row for row in rows if any(word in row[0] for word in words)]
    display = Display()
    print(f"idle processor use, % of one core over {args.seconds:g} s after {args.settle:g} s "
          f"of quiet ({display.kind}, {SIZE[0]}x{SIZE[1]})")
    print(f"{'screen':36} {'program':>8} {'display server':>16}")
    try:
        for label, command, pointer in rows:
            with tempfile.TemporaryDirectory() as data:
                share, server = measure(display, command, pointer, args.settle, args.seconds,
                                        Path(data))
            print(f"{label:36} {share:6.1f} % {server:14.1f} %", flush=True)
    finally:
        display.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
