"""Running the real program from a test: a virtual screen (Xvfb) driven with xdotool, the
log it writes, and the processes it leaves behind."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
X_TOOLS = ("Xvfb", "xdotool", "import")


def missing_x_tools() -> list[str]:
    return [tool for tool in X_TOOLS if shutil.which(tool) is None]


def x_tools_reason() -> str:
    return (f"needs {', '.join(missing_x_tools())} "
            "(Debian packages xvfb, xdotool, imagemagick)")


def _free_display():
    for n in range(90, 140):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    return None


@contextmanager
def virtual_screen(size=(1280, 800)):
    """An X display (``":N"``) of ``size`` for the test's duration; None if none is free."""
    n = _free_display()
    if n is None:
        yield None
        return
    xvfb = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x24",
                             "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            time.sleep(0.05)
        yield f":{n}"
    finally:
        xvfb.terminate()
        xvfb.wait(5)


def xdotool(display, *args):
    return subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=30)


def find_window(display) -> str:
    """The id of the program's window, once it is shown (its class is ``callidus``)."""
    found = xdotool(display, "search", "--sync", "--onlyvisible", "--class", "^callidus$")
    assert found.returncode == 0 and found.stdout.strip(), "the window never appeared"
    return found.stdout.split()[0]


def click_at(display, pos, pause=0.2, settle=0.3):
    """Move the pointer to ``pos``, click, and give the program ``settle`` seconds."""
    xdotool(display, "mousemove", str(int(pos[0])), str(int(pos[1])))
    time.sleep(pause)
    xdotool(display, "click", "1")
    time.sleep(settle)


def wait_for(path, text, seconds=15):
    """True once the file at ``path`` holds ``text``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if path.exists() and text in path.read_text():
            return True
        time.sleep(0.1)
    return False


def screenshot(display, tmp_path, name):
    shot = tmp_path / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(shot)],
                   env={**os.environ, "DISPLAY": display}, timeout=30, check=True)
    assert shot.stat().st_size > 10000
    artifacts = ROOT / "shots"
    artifacts.mkdir(exist_ok=True)
    shutil.copy(shot, artifacts / f"e2e-{name}.png")


def program_env(display, tmp_path) -> dict:
    """The environment a player's desktop gives the program, with private user folders."""
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEO_X11_WMCLASS": "callidus",
           "SDL_AUDIODRIVER": "dummy", "CALLIDUS_CONFIG_DIR": str(tmp_path),
           "CALLIDUS_DATA_DIR": str(tmp_path)}
    env.pop("SDL_VIDEODRIVER", None)
    return env


def stop(process):
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


# --- processes -----------------------------------------------------------------------

def _stat(pid):
    """(state, parent pid) of a process, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def running(pid) -> bool:
    """True while ``pid`` runs (a zombie, ended but not yet reaped, does not count)."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def descendants(pid) -> set[int]:
    """Every running process started by ``pid``, or by those, and so on."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(entry.name)
            if stat is not None and stat[0] not in ("Z", "X"):
                children.setdefault(stat[1], []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def gone_within(pids, seconds) -> set[int]:
    """The processes of ``pids`` still running after up to ``seconds`` of waiting."""
    end = time.monotonic() + seconds
    left = {pid for pid in pids if running(pid)}
    while left and time.monotonic() < end:
        time.sleep(0.1)
        left = {pid for pid in left if running(pid)}
    return left


def wait_for_children(pid, count, seconds=20) -> set[int]:
    """The processes started by ``pid`` once there are at least ``count`` of them."""
    end = time.monotonic() + seconds
    found = descendants(pid)
    while len(found) < count and time.monotonic() < end:
        time.sleep(0.1)
        found = descendants(pid)
    return found


def cpu_seconds(pid) -> float:
    """Processor time ``pid`` has used so far (0 once it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def processes_of(program) -> set[int]:
    """Running processes whose executable is ``program``."""
    program = os.path.realpath(program)
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                exe = os.readlink(entry / "exe")
            except OSError:
                continue
            if exe == program and running(entry.name):
                found.add(int(entry.name))
    return found
