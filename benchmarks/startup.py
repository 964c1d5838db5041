"""Start-up to the first menu frame, from the source and from the built app, and its size.

    python3 tools/build_app.py          # first, to have dist/Callidus/
    python3 benchmarks/startup.py [--runs 7] [--app dist/Callidus]

Each launch runs the program with CALLIDUS_STARTUP_PROBE set, so it quits right after
drawing its first menu frame; the time is from launching the process to its exit.  The
window is the dummy video driver's unless the environment chooses one: with
SDL_VIDEODRIVER=x11 and DISPLAY set it opens a real window.  Goal for the app: median
under 1.0 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def launch_times(command, runs: int) -> list[float]:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "CALLIDUS_STARTUP_PROBE": "1",
               "CALLIDUS_CONFIG_DIR": str(Path(home) / "config"),
               "CALLIDUS_DATA_DIR": str(Path(home) / "data")}
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        times = []
        for _ in range(runs):
            started = time.perf_counter()
            subprocess.run(command, env=env, check=True, capture_output=True, timeout=60)
            times.append(time.perf_counter() - started)
    return times


def size_of(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--app", type=Path, default=ROOT / "dist" / "Callidus",
                        help="the built app's folder (default dist/Callidus)")
    args = parser.parse_args()
    program = args.app / ("Callidus.exe" if sys.platform == "win32" else "Callidus")
    rows = [("source (python3 main.py)", [sys.executable, str(ROOT / "main.py")])]
    if program.exists():
        rows.append((f"app ({program.relative_to(args.app.parent)})", [str(program)]))
    else:
        print(f"no app at {args.app}: build it with python3 tools/build_app.py")
    print(f"{'start-up to the first menu frame':36} {'median s':>9} {'min s':>7} {'max s':>7}")
    for label, command in rows:
        launch_times(command, 1)                       # a first launch fills the disk cache
        times = launch_times(command, args.runs)
        print(f"{label:36} {statistics.median(times):9.3f} {min(times):7.3f} "
              f"{max(times):7.3f}", flush=True)
    if program.exists():
        mib = 1024 * 1024
        print(f"app folder {args.app}: {size_of(args.app) / mib:.1f} MiB")
        for archive in sorted(args.app.parent.glob("Callidus-*.tar.gz")) + sorted(
                args.app.parent.glob("Callidus-*.zip")):
            print(f"archive {archive.name}: {archive.stat().st_size / mib:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
