"""Frame times of every screen at 1280x800 (dummy video driver) and start-up time.

    python benchmarks/frames.py [--frames 300] [--thinking-only] [--think-seconds 6]
                                [--size 1920x1080 --scale 150]

``--size`` and ``--scale`` measure another window and interface size (the screens laid
out smaller and scaled up onto the window each frame).

Prints, per scene, the median and 99th percentile time of one whole frame
(events, update, drawing, flip), and the time from launching the program to
its first menu frame.  Then, per game, the same figures for the play scene
while a Hard computer player thinks (in its worker process, as in play): the
frames are paced at 60 per second, so the worker runs beside the frame loop
as it does in a real game; target p99 under 20 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def measure(app, n, each=None):
    times = []
    for i in range(n):
        if each:
            each(i)
        t = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def scenes(app, n):
    import random

    import pygame

    from scenes.menu import MenuScene
    from scenes.pause import PauseScene
    from scenes.play import PlayScene
    from scenes.results import ResultsScene
    from scenes.rules import RulesScene
    from scenes.setup import SetupScene
    from scenes.views import playable_games

    rows = []
    app.stack.reset(MenuScene(app))
    rows.append(("menu", *measure(app, n)))
    for spec in playable_games():
        app.stack.push(SetupScene(app, spec.name))
        rows.append((f"setup {spec.name}", *measure(app, n)))
        app.stack.pop()
        app.stack.push(RulesScene(app, spec.name, page=1))
        rows.append((f"rules {spec.name}", *measure(app, n)))
        app.stack.pop()
        for variant in spec.variants:
            config = SetupScene(app, spec.name, {"variant": variant}).config(random.Random(0))
            play = PlayScene(app, config, seed=3)
            rng = random.Random(1)
            state = play.state
            for _ in range(8):
                if state.is_over:
                    break
                state = state.play(rng.choice(state.legal_moves()))
            play.history[0] = state
            play.view.set_state(state)
            app.stack.push(play)
            view = play.view.rect

            def wiggle(i):
                pos = (view.x + (i * 37) % view.width, view.y + (i * 53) % view.height)
                pos = (int(pos[0] * app.scale), int(pos[1] * app.scale))   # on the window
                pygame.mouse.set_pos(pos)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                                     buttons=(0, 0, 0)))
            label = spec.name if len(spec.variants) == 1 else f"{spec.name} {variant}"
            rows.append((f"play {label} (pointer moving)", *measure(app, n, wiggle)))
            app.stack.push(PauseScene(app))
            rows.append((f"pause {label}", *measure(app, n)))
            app.stack.pop()
            final = state
            while not final.is_over:
                final = final.play(rng.choice(final.legal_moves()))
            app.stack.replace(ResultsScene(app, config, final))
            rows.append((f"results {label}", *measure(app, n)))
            app.stack.pop()
    return rows


def while_thinking(app, seconds: float, level: str = "hard"):
    """Per game: frame times in the play scene while a ``level`` computer player
    thinks.  Both seats are that computer; only frames that start while its
    worker is busy count.  Returns rows (label, median, p99, frames, moves)."""
    import random

    from scenes.play import PlayScene
    from scenes.views import playable_games

    rows = []
    for spec in playable_games():
        variant = spec.variants[0]
        seats = [{"name": f"Computer {i + 1}", "kind": "computer", "level": level}
                 for i in range(spec.players(variant))]
        config = {"game": spec.name, "variant": variant, "options": {}, "seats": seats,
                  "starter": "0", "time_control": None,
                  "seat_order": list(range(len(seats)))}
        play = PlayScene(app, config, seed=3)
        rng = random.Random(1)
        state = play.state
        for _ in range(6):          # past the opening moves, which may be answered at once
            state = state.play(rng.choice(state.legal_moves()))
        play.history[0] = state
        play.view.set_state(state)
        app.stack.push(play)
        times = []
        moves_before = len(play.notation)
        end = time.perf_counter() + seconds
        while time.perf_counter() < end and not play.state.is_over:
            thinking = play.thinker.thinking
            t = time.perf_counter()
            app.step(1 / 60)
            spent = time.perf_counter() - t
            if thinking:
                times.append(spent * 1000)
            time.sleep(max(0.0, 1 / 60 - spent))
        moves = len(play.notation) - moves_before
        app.stack.pop()
        play.thinker.close()
        play.hinter.close()
        times.sort()
        if times:
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            rows.append((f"play {spec.name}, {level} computer thinking",
                         statistics.median(times), p99, len(times), moves))
    return rows


def startup(runs=5):
    env = {**os.environ, "CALLIDUS_STARTUP_PROBE": "1"}
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, check=True,
                       capture_output=True, timeout=60)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--thinking-only", action="store_true",
                        help="only the frames while a Hard computer player thinks")
    parser.add_argument("--think-seconds", type=float, default=6.0,
                        help="seconds of play measured per game while the computer thinks")
    parser.add_argument("--size", default="1280x800", help="the window, WxH")
    parser.add_argument("--scale", type=int, default=100, choices=(100, 125, 150, 200),
                        help="the interface size, per cent")
    args = parser.parse_args()
    size = tuple(int(side) for side in args.size.lower().split("x"))
    import tempfile

    from scenes.app import App

    with tempfile.TemporaryDirectory() as tmp:
        app = App(size=size, settings_path=Path(tmp) / "s.json")
        app.set_interface_size(args.scale)
        print(f"window {size[0]}x{size[1]}, interface size {round(app.scale * 100)}%, "
              f"screens laid out for {app.size[0]}x{app.size[1]}")
        print(f"{'scene':44} {'median ms':>10} {'p99 ms':>8}")
        if not args.thinking_only:
            for name, median, p99 in scenes(app, args.frames):
                print(f"{name:44} {median:10.2f} {p99:8.2f}", flush=True)
        for name, median, p99, frames, moves in while_thinking(app, args.think_seconds):
            print(f"{name:44} {median:10.2f} {p99:8.2f}   ({frames} frames, {moves} moves "
                  f"played)", flush=True)
        app.close()
    if not args.thinking_only:
        print(f"start-up to first menu frame: {startup():.3f} s (median of 5 launches)")


if __name__ == "__main__":
    main()
