"""End to end over the network: two real windows of the program (Xvfb, side by side) play
one board of Calla over loopback to its end, driven with xdotool as two people would.

Ann's window hosts from the setup (Play over the network); Bob's window joins from the
menu (Join a table) with the address it remembers and the code Ann's screen shows, and
each move is a click on a shield of the window whose player is to move.  Calla is the
game played: a game of it ends by its rules in 16 to 45 moves, every move is one click
on a shield (no drags, no hidden draws), and so the test can follow the game with the
rules themselves and always click a legal move.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time

import pytest
from real_program import (ROOT, missing_x_tools, program_env, screenshot, stop,
                          virtual_screen, x_tools_reason, xdotool)

pytestmark = pytest.mark.skipif(bool(missing_x_tools()), reason=x_tools_reason())

SIZE = (960, 600)
#: Where each window sits on the screen: Ann's on the left, Bob's on the right.
PLACES = {"ann": (0, 0), "bob": (SIZE[0], 0)}
MOVE = re.compile(r"^move (\d+) calla player (\d) (\S+)$", re.M)


@pytest.fixture
def wide_screen():
    with virtual_screen(size=(2 * SIZE[0], SIZE[1])) as display:
        if display is None:
            pytest.skip("no free X display number")
        yield display


def _layout():
    """Where the screens put what the players click, in a 960x600 window (their own
    layout code, headless): the setup's Play over the network, the menu's Join a table,
    the join screen's code box, Connect and first Take seat, and each player's shields."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from helpers import make_app

    from game import GAMES
    from scenes.play import board_area
    from scenes.views.calla.view import CallaView
    import tempfile
    from pathlib import Path
    places = {}
    app = make_app(Path(tempfile.mkdtemp()), size=SIZE)
    try:
        setup = app.stack.push("setup", game_name="calla")
        places["network"] = setup.network_button.rect.center
        menu = app.stack.reset("menu")
        places["join"] = menu.join_button.rect.center
        join = app.stack.push("net.join")
        places["code"] = join.code_entry.rect.center
        places["connect"] = join.connect_button.rect.center
        join.boards = [{"board": 1, "game": "calla", "variant": "standard",
                        "time_control": "none", "names": ["Ann", None], "free": [1],
                        "status": "waiting", "ply": 0}]
        join._refresh_boards()
        take = next(b for b, (what, _) in join.board_buttons.items() if what == "take")
        places["take"] = take.rect.center
    finally:
        app.close()
    for who, seats in (("ann", ("human", "network")), ("bob", ("network", "human"))):
        view = CallaView(None, GAMES["calla"], seats=[{"name": "A", "kind": seats[0]},
                                                      {"name": "B", "kind": seats[1]}])
        view.layout(board_area(SIZE))
        places[who] = [r.center for r in view.pits_rects]
    return places


def _start(display, folder, who, log, settings, *flags):
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps(settings))
    env = {**program_env(display, folder), "CALLIDUS_QUICK_DIR": str(folder / "memory"),
           "CALLIDUS_HOST_BIND": "loopback",
           "CALLIDUS_HOST_PORT": "0", "SDL_VIDEO_WINDOW_POS": "{},{}".format(*PLACES[who])}
    return subprocess.Popen([sys.executable, "main.py", "--log", str(log), "--size",
                             f"{SIZE[0]}x{SIZE[1]}", *flags], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _click(display, who, pos):
    x, y = PLACES[who][0] + pos[0], PLACES[who][1] + pos[1]
    xdotool(display, "mousemove", str(int(x)), str(int(y)))
    time.sleep(0.15)
    xdotool(display, "click", "1")


def _until(test, seconds=45.0, every=0.1):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = test()
        if found:
            return found
        time.sleep(every)
    return None


def _read(log):
    return log.read_text() if log.exists() else ""


def test_two_windows_play_a_game_of_calla_over_loopback_to_its_end(wide_screen, tmp_path):
    from game import GAMES
    from game.calla import shield_index
    spec = GAMES["calla"]
    places = _layout()
    logs = {who: tmp_path / f"{who}.log" for who in ("ann", "bob")}
    ann_setup = {"variant": "standard", "options": {}, "starter": "0", "time_control": "none",
                 "hints": False, "level": "medium",
                 "seats": [{"name": "Ann", "kind": "human"}, {"name": "", "kind": "human"}]}
    ann = _start(wide_screen, tmp_path / "ann", "ann", logs["ann"],
                 {"animation_speed": 8.0, "setups": {"calla": ann_setup}}, "--game", "calla")
    bob = None
    try:
        _shown(wide_screen, ann, 1)
        time.sleep(0.8)
        _click(wide_screen, "ann", places["network"])
        hosting = _until(lambda: re.search(r"hosting calla at (\S+) code (\S+)",
                                           _read(logs["ann"])))
        assert hosting, _read(logs["ann"])
        url, code = hosting.group(1), hosting.group(2)
        time.sleep(0.5)
        screenshot(wide_screen, tmp_path, "network-hosting")

        # Bob's program remembers the address from an earlier game: he types the code only
        bob = _start(wide_screen, tmp_path / "bob", "bob", logs["bob"],
                     {"animation_speed": 8.0, "net_name": "Bob",
                      "net_address": url.split("//")[1]})
        _shown(wide_screen, bob, 2)
        time.sleep(0.8)
        _click(wide_screen, "bob", places["join"])
        time.sleep(0.6)
        _click(wide_screen, "bob", places["code"])
        xdotool(wide_screen, "type", "--delay", "40", code.lower())
        _click(wide_screen, "bob", places["connect"])

        def seated():
            if "joined board 1" in _read(logs["bob"]):
                return True
            _click(wide_screen, "bob", places["take"])      # once the boards are listed
            return "joined board 1" in _read(logs["bob"])
        assert _until(seated, seconds=30, every=1.0), _read(logs["bob"])
        assert _until(lambda: "network calla board 1 seat 0" in _read(logs["ann"]))
        assert "network calla board 1 seat 1" in _read(logs["bob"])
        time.sleep(1.0)
        screenshot(wide_screen, tmp_path, "network-game-start")

        rng = random.Random(29)
        state, played = spec.new_game(), 0
        while not state.is_over:
            who = "ann" if state.to_move == 0 else "bob"
            move = rng.choice(state.legal_moves())
            text = spec.format_move(state, move)
            line = f"move {played + 1} calla player {state.to_move} {text}"

            def landed():
                return all(line in _read(log) for log in logs.values())
            for _ in range(6):          # a click that only hurried an animation is made again
                _click(wide_screen, who, places[who][shield_index(state.to_move, move)])
                if _until(lambda: line in _read(logs[who]), seconds=4):
                    break               # (made on the mover's board: never clicked twice)
            assert _until(landed, seconds=45), f"{line} not in both logs:\n" \
                f"{_read(logs['ann'])}\n{_read(logs['bob'])}"
            state, played = state.play(move), played + 1
            time.sleep(0.4)
        ends = _until(lambda: all("over calla" in _read(log) for log in logs.values()))
        assert ends, "both windows say the game is over"
        over = [re.findall(r"^over calla .*$", _read(log), re.M)[-1] for log in logs.values()]
        assert over[0] == over[1]
        winner = state.winner
        assert (f"winner {winner}" in over[0]) if winner is not None else "draw" in over[0]
        time.sleep(2.5)         # the results come after the final board
        screenshot(wide_screen, tmp_path, "network-game-over")
        for who in ("ann", "bob"):
            assert not (tmp_path / who / "unfinished-calla.json").exists()
        assert len(MOVE.findall(_read(logs["ann"]))) == played
    finally:
        if bob is not None:
            stop(bob)
        stop(ann)


def _shown(display, program, count: int) -> None:
    """Wait until ``count`` windows of the program are shown (a busy machine maps them
    slowly); a program that ended instead is named with what it printed."""
    _until(lambda: _window_up(display, count) or program.poll() is not None, seconds=90)
    if program.poll() is not None:
        raise AssertionError(f"the program ended: {program.stderr.read().decode()[-2000:]}")
    assert _window_up(display, count), "the window never appeared"


def _window_up(display, count: int) -> bool:
    """Whether ``count`` windows of the program are shown."""
    found = xdotool(display, "search", "--onlyvisible", "--class", "^callidus$")
    return found.returncode == 0 and len(found.stdout.split()) >= count
