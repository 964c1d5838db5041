"""The window as a desktop shows it: its size on a small desktop, the smallest size when the
player resizes it, its class, and the version in the menu's corner."""

import subprocess
import sys
import time

import pytest
from helpers import frames
from real_program import (ROOT, find_window, missing_x_tools, program_env, stop,
                          virtual_screen, x_tools_reason, xdotool)

from game.version import VERSION
from scenes.app import DEFAULT_SIZE, MIN_SIZE, fitting_size

needs_x = pytest.mark.skipif(bool(missing_x_tools()), reason=x_tools_reason())


@pytest.mark.parametrize("desktop, size", [
    ((1920, 1080), (1280, 800)),
    ((1366, 768), (1280, 688)),
    ((1280, 800), (1256, 720)),          # room left for the frame and the panels
    ((1024, 768), (1000, 688)),
    ((800, 600), (960, 600)),            # never below the smallest usable size
])
def test_the_window_fits_a_smaller_desktop(desktop, size):
    assert fitting_size(DEFAULT_SIZE, desktop) == size


def test_the_menu_shows_the_version(app, monkeypatch):
    from scenes import assets
    drawn = []
    real_text = assets.text

    def text(surface, words, *args, **kwargs):
        drawn.append(str(words))
        return real_text(surface, words, *args, **kwargs)

    monkeypatch.setattr(assets, "text", text)
    frames(app, 1)
    assert app.stack.top.title == "menu"
    assert f"version {VERSION}" in drawn


def _geometry(display, window):
    shown = xdotool(display, "getwindowgeometry", window).stdout
    size = next(line for line in shown.splitlines() if "Geometry:" in line).split()[-1]
    return tuple(int(n) for n in size.split("x"))


def _open(display, tmp_path, *flags):
    env = program_env(display, tmp_path)
    del env["SDL_VIDEO_X11_WMCLASS"]            # the program names its window's class itself
    return subprocess.Popen([sys.executable, "main.py", *flags], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@needs_x
def test_on_a_small_desktop_the_window_opens_as_large_as_fits(tmp_path):
    with virtual_screen((1100, 700)) as display:
        if display is None:
            pytest.skip("no free X display number")
        program = _open(display, tmp_path)
        try:
            window = find_window(display)    # found by its class, callidus
            assert _geometry(display, window) == (1076, 620)
        finally:
            stop(program)


@needs_x
def test_the_window_does_not_shrink_below_the_smallest_usable_size(screen, tmp_path):
    program = _open(screen, tmp_path, "--size", "1100x700")
    try:
        window = find_window(screen)
        time.sleep(0.5)
        xdotool(screen, "windowsize", window, "700", "450")
        end = time.monotonic() + 5
        size = _geometry(screen, window)
        while time.monotonic() < end and size != MIN_SIZE:
            time.sleep(0.1)
            size = _geometry(screen, window)
        assert size == MIN_SIZE
        xdotool(screen, "windowsize", window, "1000", "640")      # larger is taken as it is
        time.sleep(0.5)
        assert _geometry(screen, window) == (1000, 640)
        assert program.poll() is None
    finally:
        stop(program)
