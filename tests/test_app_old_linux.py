"""The Linux app for the desktops people have: built inside Debian 11 (tools/bullseye.py), it
needs no glibc newer than 2.31, ships none of the libraries the system provides, and plays
Calla inside a Debian 11 root under Xvfb.

Building the Debian 11 root and its Python takes minutes, so the tests do not make it: they
use it where `python3 tools/build_app.py --old-linux` has made it (build/bullseye, or
CALLIDUS_BULLSEYE_CACHE), and say so where it has not.  The glibc reader itself is always
tested, on this machine's own files."""

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time

import pytest
from real_program import (ROOT, click_at, descendants, gone_within, missing_x_tools, stop,
                          wait_for, x_tools_reason, xdotool)

sys.path.insert(0, str(ROOT / "tools"))
import bullseye  # noqa: E402
from glibc_floor import above, glibc_needed, needs  # noqa: E402

if not sys.platform.startswith("linux"):
    pytest.skip("the Linux app's glibc and Debian 11 (Linux only)", allow_module_level=True)

from test_app_bundle import _start_against_the_computer, places  # noqa: E402, F401

needs_x = pytest.mark.skipif(bool(missing_x_tools()), reason=x_tools_reason())
FLOOR = (2, 31)
#: What the app takes from the player's system (tools/callidus.spec, SYSTEM_LIBRARIES).
SYSTEM_LIBRARIES = ("libstdc++.so", "libgcc_s.so", "libglib-2.0.so", "libgobject-2.0.so",
                    "libgthread-2.0.so", "libgio-2.0.so", "libz.so", "liblzma.so",
                    "libuuid.so")


# --- the reader, on this machine's files ------------------------------------------------------

def _objdump_highest(path):
    shown = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True,
                           timeout=60).stdout
    found = [tuple(map(int, version.split(".")))
             for version in re.findall(r"\bGLIBC_(\d+(?:\.\d+)+)", shown)]
    return max(found, default=None)


def test_the_glibc_reader_names_each_file_that_needs_a_newer_glibc(tmp_path):
    python = os.path.realpath(sys.executable)
    libpython = os.path.join(sysconfig.get_config_var("LIBDIR") or "",
                             sysconfig.get_config_var("INSTSONAME") or "")
    libraries = [libpython] if os.path.isfile(libpython) else []
    (tmp_path / "lib").mkdir()
    copied = []
    for i, source in enumerate([python, *libraries]):
        target = tmp_path / "lib" / f"{i}-{os.path.basename(source)}"
        shutil.copyfile(source, target)
        copied.append(target)
    (tmp_path / "notes.txt").write_text("not a program")
    (tmp_path / "link").symlink_to(copied[0])
    found = needs(tmp_path)
    assert [path for _, path in found] and {path for _, path in found} <= set(copied)
    assert glibc_needed(tmp_path / "notes.txt") is None
    for version, path in found:
        assert (2, 2) <= version <= tuple(map(int, os.confstr("CS_GNU_LIBC_VERSION")
                                              .split()[1].split(".")))
        if shutil.which("objdump"):
            assert version == _objdump_highest(path), path
    newest = found[0]
    told = above(tmp_path, (newest[0][0], newest[0][1] - 1))
    assert f"{newest[1].relative_to(tmp_path)} needs GLIBC_{newest[0][0]}.{newest[0][1]}" in told
    assert above(tmp_path, newest[0]) == []
    assert not [line for line in told if line.startswith("link ")]


def test_the_glibc_floor_command_fails_naming_the_files(tmp_path):
    shutil.copyfile(os.path.realpath(sys.executable), tmp_path / "python")
    command = [sys.executable, str(ROOT / "tools" / "glibc_floor.py"), str(tmp_path)]
    shown = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0 and shown.stdout.startswith("glibc floor: 2.")
    shown = subprocess.run(command + ["--at-most", "2.0"], capture_output=True, text=True,
                           timeout=60)
    assert shown.returncode == 1 and "python needs GLIBC_2." in shown.stderr


# --- the app built inside Debian 11 -----------------------------------------------------------

@pytest.fixture(scope="module")
def old_app(tmp_path_factory):
    """The app built inside the cached Debian 11 root from this work tree."""
    problem = bullseye.why_not()
    if problem:
        pytest.skip(f"the app for older Linux is built inside a Debian 11 root: {problem}")
    if not bullseye.ready_to_build():
        pytest.skip(f"no Debian 11 build root in {bullseye.cache_dir()}: "
                    "python3 tools/build_app.py --old-linux makes it (minutes, once)")
    top = tmp_path_factory.mktemp("old-linux")
    bullseye.build_app(top / "dist", bullseye.cache_dir() / "test-work")
    return top / "dist" / "Callidus"


def test_the_app_for_older_linux_needs_no_glibc_newer_than_2_31(old_app):
    assert needs(old_app), "no ELF file read: the reader or the build is broken"
    too_new = above(old_app, FLOOR)
    assert not too_new, "\n".join(too_new)


def test_the_app_for_older_linux_leaves_the_systems_libraries_to_the_system(old_app):
    names = [p.name for p in (old_app / "_internal").rglob("*.so*")]
    assert any(name.startswith("libpython3.11.so") for name in names)
    assert not [name for name in names if name.startswith(SYSTEM_LIBRARIES)]
    archive = next(old_app.parent.glob("Callidus-*-linux-*.tar.gz"))
    sums = (old_app.parent / "SHA256SUMS").read_text().split()
    assert sums[1] == archive.name


@pytest.fixture(scope="module")
def debian_11():
    """A player's Debian 11: a small root with the desktop's libraries (tools/bullseye.py)."""
    problem = bullseye.why_not()
    if problem:
        pytest.skip(f"needs a Debian 11 root: {problem}")
    try:
        return bullseye.make_player()
    except (subprocess.CalledProcessError, SystemExit) as exc:
        pytest.skip(f"a Debian 11 root could not be made here: {exc}")


def _app_process(launcher):
    """The app's own process under the launcher (unshare, chroot)."""
    end = time.monotonic() + 20
    while time.monotonic() < end:
        for pid in descendants(launcher.pid):
            try:
                command = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")[0]
            except OSError:
                continue
            if command == b"/opt/Callidus/Callidus":
                return pid
        time.sleep(0.1)
    raise AssertionError("the app did not start inside Debian 11")


@needs_x
def test_the_app_plays_calla_inside_debian_11(old_app, debian_11, screen, tmp_path, places):
    """Started inside a Debian 11 root (glibc 2.31) on a virtual screen: a move, the
    computer's answer from its worker process, and a clean quit."""
    home = tmp_path / "home"
    home.mkdir()
    log = home / "moves.log"
    app = bullseye.run_in(
        debian_11, ["/opt/Callidus/Callidus", "--game", "calla", "--log",
                    "/home/player/moves.log", "--size", "1280x800"],
        binds=[(old_app, "/opt/Callidus", True), (home, "/home/player", False)],
        env={"HOME": "/home/player", "DISPLAY": screen, "SDL_AUDIODRIVER": "dummy"},
        wait=False, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        pid = _app_process(app)
        ply = _start_against_the_computer(screen, log, places)
        assert wait_for(log, f"move {ply} calla player {ply - 1} ", seconds=30), log.read_text()
        workers = descendants(pid)
        assert workers, "the computer player runs in no process of its own"
        # what the app runs on: Debian 11's glibc, and its libstdc++ (loaded by the sound
        # library), not a copy of the app's (the paths are seen from outside the root)
        maps = open(f"/proc/{pid}/maps").read().splitlines()
        loaded = {line.split()[-1] for line in maps if ".so" in line}
        assert [path for path in loaded if path.endswith("/libc-2.31.so")], sorted(loaded)
        ours = [path for path in loaded if "/opt/Callidus/_internal/" in path]
        assert [path for path in ours if "/libpython3.11.so" in path], sorted(loaded)
        assert [path for path in loaded if "/libstdc++.so" in path and path not in ours]
        assert not [path for path in ours
                    if os.path.basename(path).startswith(SYSTEM_LIBRARIES)], sorted(ours)
        time.sleep(1.0)
        xdotool(screen, "key", "Escape")
        time.sleep(0.5)
        click_at(screen, places["quit to menu"])
        assert wait_for(log, "quit to menu")
        xdotool(screen, "key", "Escape")
        assert app.wait(20) == 0, app.stderr.read().decode()[-2000:]
    finally:
        stop(app)
    assert not gone_within(workers, 3)
    assert (home / ".local" / "share" / "Callidus" / "unfinished-calla.json").exists()
