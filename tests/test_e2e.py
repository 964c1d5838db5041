"""End to end: the real program in a real window (Xvfb), played with xdotool."""

import os
import subprocess
import sys
import time
from contextlib import contextmanager

import pytest
from real_program import (ROOT, find_window, missing_x_tools, program_env, screenshot, stop,
                          wait_for, x_tools_reason, xdotool)

pytestmark = pytest.mark.skipif(bool(missing_x_tools()), reason=x_tools_reason())


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
    return subprocess.Popen([sys.executable, "main.py", "--game", game_name, "--log", str(log),
                             "--size", "1280x800"],
                            cwd=ROOT, env=program_env(screen, tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@contextmanager
def _playing(screen, tmp_path, game_name, log):
    """The program opened on ``game_name``'s setup and started with Enter, as a player
    would; it is closed again however the test ends."""
    game = _start(screen, tmp_path, game_name, log)
    try:
        find_window(screen)
        time.sleep(0.5)
        xdotool(screen, "key", "Return")     # Start game, with a random first player
        assert wait_for(log, f"start {game_name}"), "the game did not start"
        yield game
    finally:
        stop(game)


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
        xdotool(screen, "mousemove", str(tx), str(ty))
        time.sleep(0.2)
        xdotool(screen, "mousedown", "1")
        for k in range(1, 9):     # carried across the table, as a hand would
            xdotool(screen, "mousemove", str(tx + (sx - tx) * k // 8), str(ty + (sy - ty) * k // 8))
            time.sleep(0.05)
        time.sleep(0.2)
        xdotool(screen, "mouseup", "1")
        assert wait_for(log, "move 1 calabria player 0 D@e3"), log.read_text()
        time.sleep(0.8)
        screenshot(screen, tmp_path, "calabria")


def test_play_calla_in_a_real_window(screen, tmp_path):
    log = tmp_path / "moves.log"
    with _playing(screen, tmp_path, "calla", log):
        centres = _shield_centres()
        # Whoever starts plays side A (bottom row): sow its middle shield (3 -> index 2).
        x, y = centres[2]
        xdotool(screen, "mousemove", str(x), str(y))
        time.sleep(0.2)
        xdotool(screen, "click", "1")
        assert wait_for(log, "move 1 calla player 0 3"), log.read_text()
        time.sleep(1.5)  # let the cubes fall
        # B answers with its first shield (index 6), top right.
        x, y = centres[6]
        xdotool(screen, "mousemove", str(x), str(y))
        time.sleep(0.2)
        xdotool(screen, "click", "1")
        assert wait_for(log, "move 2 calla player 1 1"), log.read_text()
        time.sleep(1.0)
        screenshot(screen, tmp_path, "calla")


def _calliro_places():
    """Where the Calliro view puts the Repository's three stacks and the board's cells in a
    1280x800 window (its own layout code)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    pygame.font.init()
    from game import GAMES
    from game.calliro import parse_cell
    from scenes.play import board_area
    from scenes.views.calliro.view import CalliroView

    spec = GAMES["calliro"]
    view = CalliroView(None, spec, seats=[{"name": "A", "kind": "human"},
                                          {"name": "B", "kind": "human"}])
    view.layout(board_area((1280, 800)))
    view.set_state(spec.new_game())
    stacks = {up: view.trays.chip_centre(up) for up in "OBG"}
    return stacks, lambda label: view.cell_center(parse_cell(label))


def test_calliro_asks_the_scorer_in_a_real_window(screen, tmp_path):
    """Green's orange chip bends an arc round Blue's chip: Blue is asked where the score chip
    goes, and a click on one of the arc's orange chips puts it there."""
    log = tmp_path / "moves.log"
    stacks, cell = _calliro_places()

    def place(up, label, number, player):
        (ax, ay), (bx, by) = stacks[up], cell(label)
        xdotool(screen, "mousemove", str(int(ax)), str(int(ay)))
        time.sleep(0.2)
        xdotool(screen, "click", "1")           # take a chip with ``up`` on top
        time.sleep(0.3)
        xdotool(screen, "mousemove", str(int(bx)), str(int(by)))
        time.sleep(0.2)
        xdotool(screen, "click", "1")           # and put it down
        assert wait_for(log, f"move {number} calliro player {player} {up}@{label}"), \
            log.read_text()
        time.sleep(2.5)                         # it lands and shows its underside

    with _playing(screen, tmp_path, "calliro", log):
        place("B", "e5", 1, 0)
        place("O", "f5", 2, 1)
        place("G", "e6", 3, 0)
        place("O", "e4", 4, 1)                  # Blue's point, on Green's move
        screenshot(screen, tmp_path, "calliro-choice")
        x, y = cell("f5")
        xdotool(screen, "mousemove", str(int(x)), str(int(y)))
        time.sleep(0.2)
        xdotool(screen, "click", "1")
        assert wait_for(log, "move 5 calliro player 0 replace f5"), log.read_text()
