"""The app a player downloads: built once per run (tools/build_app.py), then unpacked,
started, played, installed in the desktop's menu, closed and killed as a player would.

The source program goes through the same kill test: it needs no build."""

import hashlib
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time

import pytest
from real_program import (ROOT, click_at, cpu_seconds, descendants, find_window, gone_within,
                          missing_x_tools, processes_of, program_env, stop, wait_for,
                          wait_for_children, x_tools_reason, xdotool)

from game import GAMES
from game.version import VERSION

needs_x = pytest.mark.skipif(bool(missing_x_tools()), reason=x_tools_reason())
if not os.path.isdir("/proc"):
    pytest.skip("reads processes from /proc (Linux)", allow_module_level=True)


@pytest.fixture(scope="session")
def bundle(tmp_path_factory):
    """The built app's folder (dist/Callidus of a build into a temporary folder)."""
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("needs PyInstaller to build the app: "
                    "python3 -m pip install -r requirements-build.txt")
    if not sys.platform.startswith("linux"):
        pytest.skip("the app is built and tested on Linux here")
    top = tmp_path_factory.mktemp("app")
    built = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--no-install",
                            "--dist", str(top / "dist"), "--work", str(top / "build")],
                           capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    return top / "dist" / "Callidus"


def _program(kind, request):
    """The command that starts the program: the source, or the built app."""
    if kind == "source":
        return [sys.executable, str(ROOT / "main.py")]
    return [str(request.getfixturevalue("bundle") / "Callidus")]


def _launch(command, env, log, *flags):
    return subprocess.Popen(command + ["--game", "calla", "--log", str(log),
                                       "--size", "1280x800", *flags],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _player_env(tmp_path, display=None):
    """A player's environment: a home of their own (so the program's settings and games go
    where platformdirs puts them), and a screen, or none."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("CALLIDUS_", "XDG_", "SDL_"))}
    env.update(HOME=str(home), SDL_AUDIODRIVER="dummy")
    if display:
        env["DISPLAY"] = display
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    return env


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    """Where a player clicks in a 1280x800 window, found by taking the same steps headless:
    the setup's "Against the computer", its second seat's list and the Expert in it, the
    middle shield of Calla's bottom row, and the pause menu's "Quit to menu"."""
    folder = tmp_path_factory.mktemp("places")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CALLIDUS_CONFIG_DIR", str(folder))
        patch.setenv("CALLIDUS_DATA_DIR", str(folder))
        return _find_places(folder)


def _find_places(folder):
    import pygame
    from helpers import button, click, frames, key, make_app, press

    from scenes.menu import MenuScene
    from scenes.play import PlayScene
    from scenes.setup import SetupScene

    app = make_app(folder)
    try:
        app.stack.push(MenuScene(app))
        app.stack.push(SetupScene(app, "calla"))
        frames(app, 2)
        found = {"against the computer": button(app, "Against the computer").rect.center}
        press(app, "Against the computer")
        seat = app.stack.top.controls["seat1"]
        found["second seat"] = seat.rect.center
        click(app, seat.rect.center)
        items = seat.current_state.options_selection_list.item_list
        found["expert"] = next(item["button_element"].rect.center for item in items
                               if item["text"] == "Computer - Expert")
        click(app, found["expert"])
        key(app, pygame.K_RETURN)
        play = app.stack.find(PlayScene)
        # the bottom row's middle shield, A's when A is the human: the seats here may have
        # come out the other way round, with the board turned to face B
        found["middle shield"] = play.view.pits_rects[8 if play.view.turned else 2].center
        key(app, pygame.K_ESCAPE)
        found["quit to menu"] = button(app, "Quit to menu").rect.center
    finally:
        app.close()
    return found


def _start_against_the_computer(display, log, places, expert=False):
    """From the setup the program opened on: a game against the computer, started."""
    find_window(display)
    time.sleep(0.5)
    click_at(display, places["against the computer"])
    if expert:
        click_at(display, places["second seat"])
        click_at(display, places["expert"])
    xdotool(display, "key", "Return")
    assert wait_for(log, "start calla"), "the game did not start"
    starts = next(line for line in log.read_text().splitlines() if line.startswith("start"))
    if "(computer" in starts.split(" vs ")[0]:
        return 1                 # the computer moves first
    time.sleep(0.5)
    click_at(display, places["middle shield"])
    assert wait_for(log, "move 1 calla player 0 3"), log.read_text()
    return 2


# --- the built app -----------------------------------------------------------------------

def test_the_app_holds_the_game_and_not_what_it_does_not_use(bundle):
    program = bundle / "Callidus"
    assert os.access(program, os.X_OK)
    data = bundle / "_internal"
    assert (data / "assets" / "theme.json").is_file()
    for game in GAMES:
        assert (data / "assets" / "rules" / f"{game}.json").is_file()
    for name in ("wood.png", "cube.png"):
        assert (data / "assets" / "images" / name).is_file()
    assert (data / "assets" / "sounds" / "sow.wav").is_file()
    assert (data / "assets" / "icons" / "callidus-256.png").is_file()
    assert (data / "pygame_gui" / "data" / "NotoSans-Regular.ttf").is_file()
    assert os.access(bundle / "install.sh", os.X_OK)
    # no desktop entry beside the program: a file manager would not run it as it stands
    assert sorted(p.name for p in bundle.iterdir()) == ["Callidus", "_internal", "install.sh"]
    entry = (data / "desktop" / "callidus.desktop").read_text()
    assert f"X-AppVersion={VERSION}" in entry
    # the libraries every desktop has come from the system, as the graphics driver's do
    libraries = [p.name for p in data.rglob("*.so*")]
    assert any(name.startswith("libpython3.11.so") for name in libraries)
    for system in ("libstdc++.so", "libgcc_s.so", "libglib-2.0.so", "libgobject-2.0.so",
                   "libz.so", "liblzma.so"):
        assert not [name for name in libraries if name.startswith(system)], system
    files = [p.relative_to(bundle).as_posix().lower() for p in bundle.rglob("*")]
    for unused in ("numpy", "pytest", "hypothesis", "tkinter", "libtk", "notosanssc",
                   "test_", "conftest"):
        assert not [f for f in files if unused in f], unused
    from PyInstaller.archive.readers import CArchiveReader
    modules = CArchiveReader(str(program)).open_embedded_archive("PYZ.pyz").toc
    assert "game.ai.worker" in modules and "scenes.views.calla.view" in modules
    for unused in ("numpy", "pytest", "_pytest", "hypothesis", "tkinter", "tests", "yaml"):
        assert unused not in modules, unused
    assert not [m for m in modules if m.startswith(("tests.", "numpy.", "pygame.tests"))]


def test_the_archive_unpacks_to_the_app_and_comes_with_its_checksum(bundle):
    archive = bundle.parent / f"Callidus-{VERSION}-linux-{os.uname().machine}.tar.gz"
    with tarfile.open(archive) as packed:
        members = {m.name: m for m in packed.getmembers()}
    assert members["Callidus/Callidus"].mode & 0o111
    assert members["Callidus/install.sh"].mode & 0o111
    assert "Callidus/callidus.desktop" not in members
    assert "Callidus/_internal/desktop/callidus.desktop" in members
    assert "Callidus/_internal/desktop/callidus-mime.xml" in members
    assert "Callidus/_internal/assets/theme.json" in members
    sums = bundle.parent / "SHA256SUMS"
    assert sums.read_text().split()[1] == archive.name
    if shutil.which("sha256sum"):
        checked = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=bundle.parent,
                                 capture_output=True, text=True, timeout=60)
        assert checked.returncode == 0 and f"{archive.name}: OK" in checked.stdout
    else:
        digest = hashlib.sha256(archive.read_bytes()).hexdigest()
        assert sums.read_text() == f"{digest}  {archive.name}\n"


def test_help_version_and_a_bad_flag_from_the_app(bundle, tmp_path):
    program = str(bundle / "Callidus")
    env = _player_env(tmp_path)
    shown = subprocess.run([program, "--help"], capture_output=True, text=True, env=env,
                           timeout=60)
    assert shown.returncode == 0 and "--smoke N" in shown.stdout
    shown = subprocess.run([program, "--version"], capture_output=True, text=True, env=env,
                           timeout=60)
    assert shown.returncode == 0 and shown.stdout.strip() == f"Callidus {VERSION}"
    shown = subprocess.run([program, "--size", "700x450"], capture_output=True, text=True,
                           env=env, timeout=60)
    assert shown.returncode == 2 and "smallest window, 960x600" in shown.stderr


def test_every_screen_draws_from_the_app(bundle, tmp_path):
    env = _player_env(tmp_path)
    before = sorted(p.relative_to(bundle) for p in bundle.rglob("*"))
    smoke = subprocess.run([str(bundle / "Callidus"), "--smoke", "2"], capture_output=True,
                           text=True, env=env, timeout=120)
    assert smoke.returncode == 0, smoke.stderr
    assert "smoke:" in smoke.stdout and "Traceback" not in smoke.stderr
    assert sorted(p.relative_to(bundle) for p in bundle.rglob("*")) == before


@needs_x
def test_play_calla_against_the_computer_in_the_app_then_quit(bundle, screen, tmp_path, places):
    """Settings and the unfinished game go to the player's folders, not into the app."""
    log = tmp_path / "moves.log"
    before = sorted(p.relative_to(bundle) for p in bundle.rglob("*"))
    app = _launch([str(bundle / "Callidus")], _player_env(tmp_path, screen), log)
    try:
        ply = _start_against_the_computer(screen, log, places)
        # the computer's move, made in its worker process inside the app
        assert wait_for(log, f"move {ply} calla player {ply - 1} ", seconds=20), log.read_text()
        helpers = descendants(app.pid)
        assert helpers, "the computer player runs in no process of its own"
        time.sleep(1.0)
        xdotool(screen, "key", "Escape")                     # the pause menu
        time.sleep(0.5)
        click_at(screen, places["quit to menu"])
        assert wait_for(log, "quit to menu")
        xdotool(screen, "key", "Escape")                     # Esc on the menu quits
        assert app.wait(15) == 0, app.stderr.read().decode()[-2000:]
    finally:
        stop(app)
    left = gone_within(helpers, 3)
    assert not left, f"processes of the app left after it quit: {sorted(left)}"
    assert not processes_of(bundle / "Callidus")
    assert (tmp_path / "home" / ".local" / "share" / "Callidus" / "unfinished-calla.json").exists()
    assert sorted(p.relative_to(bundle) for p in bundle.rglob("*")) == before


# --- killed while the computer thinks: the source program and the app ----------------------

@needs_x
@pytest.mark.parametrize("kind", ["source", "app"])
def test_killing_the_program_while_the_computer_thinks_leaves_no_process(kind, request, screen,
                                                                         tmp_path, places):
    log = tmp_path / "moves.log"
    program = _launch(_program(kind, request), program_env(screen, tmp_path), log)
    try:
        ply = _start_against_the_computer(screen, log, places, expert=True)
        helpers = wait_for_children(program.pid, 2)         # the worker, multiprocessing's tracker
        end = time.monotonic() + 10
        while time.monotonic() < end and max(map(cpu_seconds, helpers), default=0) < 0.5:
            time.sleep(0.1)
            helpers |= descendants(program.pid)
        assert max(map(cpu_seconds, helpers), default=0) >= 0.5, "the computer is not thinking"
        assert f"move {ply} " not in log.read_text(), "the computer had already answered"
        os.kill(program.pid, signal.SIGKILL)
        program.wait(5)
    finally:
        stop(program)
    left = gone_within(helpers, 3)
    assert not left, f"still running 3 s after the program was killed: {sorted(left)}"


# --- the desktop's menu ----------------------------------------------------------------------

@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="needs desktop-file-validate (Debian package desktop-file-utils)")
def test_install_sh_puts_a_valid_entry_and_icons_in_the_menu_and_takes_them_away(bundle,
                                                                                  tmp_path):
    home = tmp_path / "home"
    folder = tmp_path / "My Games" / "Callidus"          # a path with a space, as people have
    folder.parent.mkdir()
    folder.symlink_to(bundle, target_is_directory=True)
    env = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
    env["HOME"] = str(home)
    done = subprocess.run([str(folder / "install.sh")], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    entry = home / ".local" / "share" / "applications" / "callidus.desktop"
    checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True,
                             text=True, timeout=60)
    assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout
    keys = dict(line.split("=", 1) for line in entry.read_text().splitlines() if "=" in line)
    assert keys["Exec"] == f'"{folder / "Callidus"}" %f'         # a file double-clicked
    assert keys["MimeType"] == "application/x-callidus-game;"
    mime = home / ".local" / "share" / "mime"
    assert (mime / "packages" / "callidus.xml").is_file()
    if shutil.which("update-mime-database"):
        assert "application/x-callidus-game:*.callidus" in (mime / "globs2").read_text()
    assert keys["Icon"] == "callidus" and keys["StartupWMClass"] == "callidus"
    assert keys["Categories"] == "Game;BoardGame;" and keys["X-AppVersion"] == VERSION
    started = subprocess.run([keys["Exec"].split('"')[1], "--version"], capture_output=True,
                             text=True, env=_player_env(tmp_path), timeout=60)
    assert started.stdout.strip() == f"Callidus {VERSION}"
    icons = home / ".local" / "share" / "icons" / "hicolor"
    for n in (16, 24, 32, 48, 64, 128, 256):
        assert (icons / f"{n}x{n}" / "apps" / "callidus.png").is_file()
    done = subprocess.run([str(folder / "install.sh"), "--uninstall"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not entry.exists()
    assert not list(icons.rglob("callidus.png"))
    assert not list(icons.rglob("application-x-callidus-game.png"))
    assert not (mime / "packages" / "callidus.xml").exists()
    if shutil.which("update-mime-database"):
        assert "callidus" not in (mime / "globs2").read_text()
