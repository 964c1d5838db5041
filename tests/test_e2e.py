"""End to end: the real program in a real window (Xvfb), played with xdotool."""

import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "xdotool", "import")
missing = [t for t in TOOLS if shutil.which(t) is None]
pytestmark = pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} "
                                "(Debian packages xvfb, xdotool, imagemagick)")


def _free_display():
    for n in range(90, 140):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    pytest.skip("no free X display number")


@pytest.fixture
def screen():
    n = _free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            break
        time.sleep(0.05)
    yield f":{n}"
    xvfb.terminate()
    xvfb.wait(5)


def _xdotool(display, *args):
    return subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=30)


def _wait_for(path, text, seconds=15):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if path.exists() and text in path.read_text():
            return True
        time.sleep(0.1)
    return False


def _shield_centres():
    """Where the Calla view puts the shields in a 1280x800 window (its own layout code)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game import GAMES
    from scenes.play import board_area
    from scenes.views.calla.view import CallaView

    view = CallaView(None, GAMES["calla"])
    view.layout(board_area((1280, 800)))
    return [r.center for r in view.pits_rects]


def _start(screen, tmp_path, game_name, log):
    env = {**os.environ, "DISPLAY": screen, "SDL_VIDEO_X11_WMCLASS": "callidus",
           "SDL_AUDIODRIVER": "dummy", "CALLIDUS_CONFIG_DIR": str(tmp_path),
           "CALLIDUS_DATA_DIR": str(tmp_path)}
    env.pop("SDL_VIDEODRIVER", None)
    return subprocess.Popen([sys.executable, "main.py", "--game", game_name, "--log", str(log)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _screenshot(screen, tmp_path, name):
    shot = tmp_path / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(shot)],
                   env={**os.environ, "DISPLAY": screen}, timeout=30, check=True)
    assert shot.stat().st_size > 10000
    artifacts = ROOT / "shots"
    artifacts.mkdir(exist_ok=True)
    shutil.copy(shot, artifacts / f"e2e-{name}.png")


def _stop(game):
    game.terminate()
    try:
        game.wait(10)
    except subprocess.TimeoutExpired:
        game.kill()


@contextmanager
def _playing(screen, tmp_path, game_name, log):
    """The program opened on ``game_name``'s setup and started with Enter, as a player
    would; it is closed again however the test ends."""
    game = _start(screen, tmp_path, game_name, log)
    try:
        found = _xdotool(screen, "search", "--sync", "--onlyvisible", "--class", "^callidus$")
        assert found.returncode == 0 and found.stdout.strip(), "the window never appeared"
        time.sleep(0.5)
        _xdotool(screen, "key", "Return")     # Start game, with a random first player
        assert _wait_for(log, f"start {game_name}"), "the game did not start"
        yield game
    finally:
        _stop(game)


def _calabria_places():
    """Where the Calabria view puts the Romans' Dux in its tray and the square e3."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game import GAMES
    from game.calabria import square_index
    from scenes.play import board_area
    from scenes.views.calabria.view import CalabriaView

    spec = GAMES["calabria"]
    view = CalabriaView(None, spec, seats=[{"name": "A", "kind": "human"},
                                           {"name": "B", "kind": "human"}])
    view.layout(board_area((1280, 800)))
    view.set_state(spec.new_game())
    return view.trays.slot_rect(0, 0).center, view.board.square_rect(square_index("e3")).center


def test_drag_a_calabria_dux_from_the_tray_in_a_real_window(screen, tmp_path):
    log = tmp_path / "moves.log"
    with _playing(screen, tmp_path, "calabria", log):
        time.sleep(2.5)     # the opening announcement
        (tx, ty), (sx, sy) = _calabria_places()
        _xdotool(screen, "mousemove", str(tx), str(ty))
        time.sleep(0.2)
        _xdotool(screen, "mousedown", "1")
        for k in range(1, 9):     # carried across the table, as a hand would
            _xdotool(screen, "mousemove", str(tx + (sx - tx) * k // 8), str(ty + (sy - ty) * k // 8))
            time.sleep(0.05)
        time.sleep(0.2)
        _xdotool(screen, "mouseup", "1")
        assert _wait_for(log, "move 1 calabria player 0 D@e3"), log.read_text()
        time.sleep(0.8)
        _screenshot(screen, tmp_path, "calabria")


def test_play_calla_in_a_real_window(screen, tmp_path):
    log = tmp_path / "moves.log"
    with _playing(screen, tmp_path, "calla", log):
        centres = _shield_centres()
        # Whoever starts plays side A (bottom row): sow its middle shield (3 -> index 2).
        x, y = centres[2]
        _xdotool(screen, "mousemove", str(x), str(y))
        time.sleep(0.2)
        _xdotool(screen, "click", "1")
        assert _wait_for(log, "move 1 calla player 0 3"), log.read_text()
        time.sleep(1.5)  # let the cubes fall
        # B answers with its first shield (index 6), top right.
        x, y = centres[6]
        _xdotool(screen, "mousemove", str(x), str(y))
        time.sleep(0.2)
        _xdotool(screen, "click", "1")
        assert _wait_for(log, "move 2 calla player 1 1"), log.read_text()
        time.sleep(1.0)
        _screenshot(screen, tmp_path, "calla")
