"""Every game played to its end from the keyboard alone, in the real play screen: the
arrows move the cursor, Tab moves between the board and the trays or the ring, Enter
picks up and puts down, R and F turn and flip a Callisto piece.  Each move is chosen by
a simple rule (the first legal one) and turned into the keys a player would press; no
mouse event reaches the program, and the game ends on the results screen.  Then the cursor
itself: shown from a key and gone when the mouse moves, Esc putting back before it pauses,
still on an idle board, and keys pressed in any order never offering an illegal move."""

from __future__ import annotations

import copy
import functools
import random
import time

import pygame
import pytest

import scenes.app
from game import GAMES
from game.calla import shield_index
from game.callisto import PIECES, orientation
from game.iriri import PASS, Place, Take
import helpers
from helpers import MOUSE, every_game, frames, move_pointer, wait_until, watched_menu_app
from scenes.pause import PauseScene
from scenes.play import PlayScene
from scenes.results import ResultsScene
from scenes.views import base
from scenes.views.callisto.pieces import flipped, grab_offset, shape_of, turned
from scenes.views.cursor import ARROWS


@pytest.fixture
def app(tmp_path):
    app = watched_menu_app(tmp_path)
    yield app
    app.close()


def start(app, game, seats=("human", "human"), options=None, variant=None) -> PlayScene:
    """A game of ``game`` in the play screen, as the setup would start it."""
    config = {"game": game, "variant": variant, "options": dict(options or {}),
              "seats": [{"name": f"Player {i + 1}", "kind": "human"} if kind == "human" else
                        {"name": f"Player {i + 1}", "kind": "computer", "level": kind}
                        for i, kind in enumerate(seats)]}
    play = app.stack.push("play", config=config)
    frames(app, 2)
    return play


#: One key down and up, as a keyboard sends it, and a frame to take it in.
press = functools.partial(helpers.key, settle=1)


def ready(app, play) -> bool:
    """Wait until a human may act: the last move has landed, no computer is to move."""
    def settled():
        return (play.view.state is play.state and not play.view.busy
                and (play.finished or not play.computer_to_move()))
    assert wait_until(app, settled, seconds=60), "the game did not come back to a player"
    return not play.finished


def focus(app, view, area: str) -> None:
    """Tab until the cursor's focus is on ``area`` (the first Tab only shows it)."""
    for _ in range(6):
        if view.cursor.shown and view.cursor.area == area:
            return
        press(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {area}: {[a.name for a in view.key_areas()]}")


def route(view, area_name: str, target) -> list:
    """The arrows that take the cursor to ``target`` in ``area_name``: the shortest way by
    the cursor's own moves (a copy of it is moved, not the real one)."""
    areas = view.key_areas()
    start = copy.deepcopy(view.cursor)
    found = start.where(areas)
    assert found[0].name == area_name and target in found[0].spots, (found[0].name, target)
    seen, todo = {(found[1], start.line)}, [(start, [])]
    while todo:
        later = []
        for cursor, keys in todo:
            if cursor.where(areas)[1] == target:
                return keys
            for key, direction in ARROWS.items():
                moved = copy.deepcopy(cursor)
                moved.step(areas, direction)
                state = (moved.where(areas)[1], moved.line)
                if state not in seen:
                    seen.add(state)
                    later.append((moved, keys + [key]))
        todo = later
    raise AssertionError(f"no way to {target} in {area_name}")


def go(app, view, area: str, target) -> None:
    """The cursor to ``target`` in ``area``, by Tab and the arrows."""
    focus(app, view, area)
    for key in route(view, area, target):
        press(app, key)
    assert view.cursor.where(view.key_areas())[1] == target


def choose(app, view, area: str, target) -> None:
    go(app, view, area, target)
    press(app, pygame.K_RETURN)


def finish(app, play) -> ResultsScene:
    """The game over: the results screen comes, and no mouse was used to get there."""
    assert play.state.is_over
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=20)
    assert not MOUSE & set(app.seen), "a mouse event reached the program"
    assert {pygame.KEYDOWN, pygame.KEYUP} <= set(app.seen)
    return app.stack.top


def headline(play) -> str:
    winner = play.state.winner
    return "A draw" if winner is None else f"{play.seats[winner]['name']} wins!"


def played(play, plies: int, limit: int) -> int:
    """One more move was played by the keys (the ply count went up)."""
    assert play.cursor > plies, f"the keys did not play a move: {play.view.status!r}"
    assert play.cursor < limit, "the game does not end"
    return play.cursor


# --- the five games -----------------------------------------------------------------------

def test_calla_played_to_the_end_with_the_keyboard(app):
    play = start(app, "calla", options={"time_limit_minutes": 0})
    view = play.view
    while ready(app, play):
        move = play.state.legal_moves()[0]
        before = play.cursor
        choose(app, view, "shields", shield_index(play.state.to_move, move))
        played(play, before, 300)
    assert finish(app, play).headline == headline(play)


def test_calliro_played_to_the_end_with_the_keyboard(app):
    play = start(app, "calliro", seats=("human", "random"))
    view = play.view
    actions = set()
    while ready(app, play):
        moves = play.state.legal_moves()
        move = moves[0]
        if "flip" not in actions:          # a flip once, as soon as there is one
            move = next((m for m in moves if m.action == "flip"), move)
        before = play.cursor
        actions.add(move.action)
        if move.action == "place":
            choose(app, view, "repository", move.up)
            assert view.held == move.up and view.cursor.area == "board", \
                "the chip taken goes to the board with the cursor"
        choose(app, view, "board", tuple(move.cell))
        played(play, before, 2000)
    assert actions == {"place", "flip", "replace"}, "a chip placed, a chip flipped, a score chip"
    assert finish(app, play).headline == headline(play)


def test_callisto_played_to_the_end_with_the_keyboard(app):
    play = start(app, "callisto", seats=("human", "random"), variant="callisto_2")
    view = play.view
    turns = set()
    while ready(app, play):
        state = play.state
        move = state.legal_moves()[0]
        before = play.cursor
        piece = PIECES[view.geo.piece_of[move]].name
        cells = view.geo.cells_of_move[move]
        choose(app, view, "tray", piece)
        assert view.held == piece and view.cursor.area == "board"
        for key, mod in turning(piece, view.turn, shape_of(cells)):
            press(app, key, mod)
            turns.add((key, mod))
        assert orientation(piece, view.turn) == shape_of(cells)
        gx, gy = grab_offset(piece, view.turn)
        corner = (min(x for x, _ in cells), min(y for _, y in cells))
        choose(app, view, "board", (corner[0] + gx, corner[1] + gy))
        played(play, before, 200)
    assert finish(app, play).headline == headline(play)
    assert (pygame.K_r, 0) in turns or (pygame.K_f, 0) in turns, "no piece was turned"


def turning(piece: str, turn: int, shape: tuple) -> list:
    """The fewest presses of R, Shift+R and F that bring ``piece`` from orientation ``turn``
    to lie as ``shape``."""
    keys = {(pygame.K_r, 0): lambda t: turned(t, 1),
            (pygame.K_r, pygame.KMOD_SHIFT): lambda t: turned(t, -1),
            (pygame.K_f, 0): flipped}
    todo, seen = [(turn, [])], {turn}
    while todo:
        t, presses = todo.pop(0)
        if orientation(piece, t) == shape:
            return presses
        for press_, change in keys.items():
            if change(t) not in seen:
                seen.add(change(t))
                todo.append((change(t), presses + [press_]))
    raise AssertionError(f"{piece} never lies as {shape}")


def test_iriri_played_to_the_end_with_the_keyboard(app):
    play = start(app, "iriri")
    view = play.view
    took = placed = 0
    while ready(app, play):
        state = play.state
        move = state.legal_moves()[0]
        before = play.cursor
        if isinstance(move, Take):
            for index in move.indices:
                choose(app, view, "ring", index)
            took += 1
        elif move == PASS:
            choose(app, view, "tray", "button")
        else:
            assert isinstance(move, Place)
            for row, col, piece in move.pieces:
                slot = view.hand_shown(state.mover).index(piece)
                choose(app, view, "tray", slot)
                assert view.cursor.area == "board", "the pyramid goes to the board"
                slide_to(app, view, (row, col))
                press(app, pygame.K_RETURN)
                assert view.placement.pieces.get((row, col)) == piece
            choose(app, view, "tray", "button")        # Confirm
            placed += 1
        played(play, before, 500)
    assert took and placed
    assert finish(app, play).headline == headline(play)


def slide_to(app, view, cell) -> None:
    """Slide Iriri's board under the cursor until ``cell`` is in the middle of the view."""
    for _ in range(200):
        middle = view.cursor.where(view.key_areas())[1]
        if middle == cell:
            return
        dr, dc = cell[0] - middle[0], cell[1] - middle[1]
        if dc:
            press(app, pygame.K_RIGHT if dc > 0 else pygame.K_LEFT)
        else:
            press(app, pygame.K_DOWN if dr > 0 else pygame.K_UP)
    raise AssertionError(f"the cursor never reached {cell}")


def test_calabria_played_to_the_end_with_the_keyboard(app):
    play = start(app, "calabria", seats=("human", "random"))
    view = play.view
    kinds = set()
    while ready(app, play):
        state = play.state
        moves = state.legal_moves()
        # the Dux first, from the tray, and a barricade as soon as one may go down, so that
        # each is taken from the tray at least once
        move = next((m for m in moves if m.kind == "D"), moves[0])
        if "X" not in kinds:
            move = next((m for m in moves if m.kind == "X"), move)
        before = play.cursor
        kinds.add(move.kind)
        if move.kind == "M":
            choose(app, view, "board", move.frm)
            assert view.held == ("piece", move.frm)
        elif move.kind == "D" or move.kind == "X":
            choose(app, view, "tray", "D" if move.kind == "D" else "supply")
            assert view.cursor.area == "board", "what was taken goes to the board"
        choose(app, view, "board", move.to)
        played(play, before, 1000)
    assert kinds == {"V", "D", "M", "X"}
    assert finish(app, play).headline == headline(play)


# --- the cursor itself --------------------------------------------------------------------

def test_the_cursor_shows_on_a_key_and_hides_when_the_mouse_moves(app):
    play = start(app, "calliro")
    view = play.view
    assert not view.cursor.shown, "a mouse player sees no cursor"
    press(app, pygame.K_RIGHT)
    assert view.cursor.shown and view.cursor.area == "repository"
    shown = view.cursor.where(view.key_areas())
    frame = app.screen.copy()
    move_pointer(app, (view.rect.x + 5, view.rect.y + 5))
    assert not view.cursor.shown, "the mouse moved: the cursor goes"
    rect = shown[0].rect(shown[1])
    app.step(1 / 60)
    assert pixels(app.screen, rect) != pixels(frame, rect), "the cursor was drawn, then gone"
    press(app, pygame.K_LEFT)
    assert view.cursor.shown


def pixels(surface, rect) -> bytes:
    """The picture round ``rect``, where the cursor's ring is drawn."""
    return pygame.image.tobytes(surface.subsurface(pygame.Rect(rect).inflate(24, 24)), "RGB")


def test_esc_puts_back_what_is_held_before_it_pauses(app):
    play = start(app, "callisto", variant="callisto_2")
    view = play.view
    press(app, pygame.K_RETURN)
    assert view.cursor.shown and view.held is None, "the first Enter only shows the cursor"
    assert view.cursor.area == "tray"
    press(app, pygame.K_SPACE)
    assert view.held == "1" and view.cursor.area == "board"
    press(app, pygame.K_ESCAPE)
    assert view.held is None and app.stack.top is play and "Put back" in view.status
    press(app, pygame.K_TAB)                # the board, then the tray, then the buttons
    assert view.cursor.area == "tray"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene), "nothing held: Esc pauses"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is play and not MOUSE & set(app.seen)


@pytest.mark.parametrize("game", every_game())
def test_the_cursor_breathes_then_holds_still_on_an_idle_board(app, game, monkeypatch):
    """Shown, the cursor breathes with the highlights a few seconds after the last key, then
    holds still: an idle board with the cursor on it draws no frames."""
    monkeypatch.setattr(scenes.app, "IDLE_WAIT", 0.05)
    monkeypatch.setattr(base, "BREATHE_SECONDS", 1.0)
    monkeypatch.setattr(base.Breath, "FADE_OUT", 0.1)
    play = start(app, game, seats=("human",) * GAMES[game].players(None),
                 options={"time_limit_minutes": 0} if game == "calla" else None)
    view = play.view
    press(app, pygame.K_TAB)
    assert view.cursor.shown
    assert view.wants_frames(), "the cursor breathes after a key"
    end = time.monotonic() + 2.0
    while time.monotonic() < end:
        app.tick()
    before = app.frames
    end = time.monotonic() + 0.3
    while time.monotonic() < end:
        app.tick()
    assert app.frames == before and not view.wants_frames(), "an idle board is not drawn"
    assert view.cursor.shown, "the cursor stays in view"


@pytest.mark.parametrize("game", every_game())
def test_any_keys_in_any_order_only_ever_play_legal_moves(app, game):
    """Keys pressed at random (a cat on the keyboard) never break the board: every move
    they make is one the rules allow, and the cursor is always somewhere it can be drawn."""
    rng = random.Random(game)
    play = start(app, game, seats=("human",) * GAMES[game].players(None),
                 options={"time_limit_minutes": 0} if game == "calla" else None)
    view = play.view
    refused = []
    apply = play.apply

    def applying(move, text=None):
        done = apply(move, text)
        if not done:
            refused.append((move, view.status))
        return done

    play.apply = applying
    keys = [(pygame.K_LEFT, 0), (pygame.K_RIGHT, 0), (pygame.K_UP, 0), (pygame.K_DOWN, 0),
            (pygame.K_TAB, 0), (pygame.K_TAB, pygame.KMOD_SHIFT), (pygame.K_RETURN, 0),
            (pygame.K_SPACE, 0), (pygame.K_r, 0), (pygame.K_f, 0), (pygame.K_BACKSPACE, 0),
            (pygame.K_r, pygame.KMOD_SHIFT)]
    weights = [3, 3, 3, 3, 1, 1, 4, 1, 1, 1, 1, 1]
    held = False
    for _ in range(400):
        press(app, *rng.choices(keys, weights)[0])
        while app.stack.top is not play:     # Tab went on to the sidebar's Menu: back
            app.stack.pop()
        if play.view.busy:
            frames(app, 30)
        if play.finished:
            break
        held = held or view.key_holding()
        areas = view.key_areas()
        if areas and view.cursor.shown:
            area, spot = view.cursor.where(areas)
            assert spot is None or spot in area.spots
    assert not refused, "the board offered a move the rules refuse"
    assert play.cursor > 0 or held, "the keys played a move, or picked something up"
    assert app.stack.top is play
