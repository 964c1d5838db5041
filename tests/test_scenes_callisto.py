"""Callisto's board headless, driven by the pointer and keys as a player would:
pieces picked from the tray, turned, flipped and put down; records saved and opened."""

import random

import pygame
import pytest

from game import GAMES
from game.callisto import orientation
from game.records.blksgf import export_sgf, import_sgf
from helpers import (menu_app, button, click, frames, key, move_pointer, press, set_position,
                     wait_until)
from scenes.pause import PauseScene
from scenes.play import PlayScene
from scenes.results import ResultsScene
from scenes.setup import SetupScene
from scenes.views.callisto.pieces import flipped, grab_offset, shape_of, turned

SPEC = GAMES["callisto"]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))          # where the file dialogs open
    import scenes.sgf_files
    monkeypatch.setattr(scenes.sgf_files, "_last_folder", None)
    app = menu_app(tmp_path)
    yield app
    app.close()


def start(app, variant="callisto_2", names=("Ann", "Bo")):
    click(app, app.stack.top.play_buttons["callisto"].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.variant = variant
    setup._fit_seats()
    for seat, name in zip(setup.seats, names):
        seat["name"] = name
    setup.starter = "0"
    setup.resize()
    press(app, "Start game")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    return play


def wheel(app, y):
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                         precise_x=0.0, precise_y=float(y)))
    frames(app, 1)


def pick(app, play, piece):
    view = play.view
    click(app, view.trays[play.state.colour].slots[piece].center)
    assert view.held == piece


def orient_by(app, play, target, style):
    """Turn and flip the held piece until it has the shape ``target``, using the
    wheel and right-click (``style`` "mouse") or R and F ("keys")."""
    view = play.view
    # shortest way there over turns (+1) and flips
    paths = {view.turn: []}
    queue = [view.turn]
    while queue:
        t = queue.pop(0)
        for op, nxt in (("turn", turned(t)), ("flip", flipped(t))):
            if nxt not in paths:
                paths[nxt] = paths[t] + [op]
                queue.append(nxt)
    goal = min((t for t in paths if orientation(view.held, t) == target),
               key=lambda t: len(paths[t]))
    for op in paths[goal]:
        before = view.turn
        if op == "turn":
            wheel(app, 1) if style == "mouse" else key(app, pygame.K_r)
            assert view.turn == turned(before)
        else:
            if style == "mouse":
                click(app, view.pointer, button=3)
            else:
                key(app, pygame.K_f)
            assert view.turn == flipped(before)
    assert orientation(view.held, view.turn) == target


def place(app, play, move, style="keys"):
    """Put ``move`` on the board by hand: tray, turn/flip, click its square."""
    state = play.state
    view = play.view
    cells = state.move_cells(move)
    pick(app, play, state.move_piece(move))
    orient_by(app, play, shape_of(cells), style)
    gx, gy = grab_offset(view.held, view.turn)
    x0 = min(x for x, _ in cells)
    y0 = min(y for _, y in cells)
    target = view.cell_center((x0 + gx, y0 + gy))
    move_pointer(app, target)
    assert sorted(view.ghost_cells()) == sorted(cells)
    assert view.ghost_problem is None and not view.status.startswith("Not allowed")
    before = play.cursor
    click(app, target)
    assert play.cursor == before + 1, view.status
    assert play.state.moves[-1][1] == move
    assert wait_until(app, lambda: not view.busy, seconds=10)


def _inside(view, cell):
    """A point on the square ``cell`` away from its middle (where the X of a refusal runs)."""
    x, y = view.cell_center(cell)
    return (x, y + view.board.cell // 4)


def first_moves(app, play):
    """Blue and Green lay their two 1x1s each."""
    for label in ("e9", "l8", "d12", "m5"):
        move = SPEC.parse_move(play.state, label)
        place(app, play, move)


# --- picking up, turning, flipping, putting back ------------------------------------

def test_pick_up_from_the_tray_and_the_ghost_follows_the_pointer(app):
    play = start(app)
    view = play.view
    assert "pick a 1x1" in play.prompt()
    assert view._in_hand(0, "1") == 3
    pick(app, play, "1")
    assert view._in_hand(0, "1") == 2, "the piece in hand has left the tray"
    assert "click an empty square outside the dark centre for the 1x1" in play.prompt()
    move_pointer(app, view.cell_center((3, 6)))
    assert view.ghost_cells() == [(3, 6)] and view.ghost_problem is None
    move_pointer(app, view.cell_center((4, 7)))
    assert view.ghost_cells() == [(4, 7)]
    r, g, b, _ = app.screen.get_at(_inside(view, (4, 7)))
    assert b > r + 60, "a legal spot shows the piece in its own colour (blue)"


def test_wheel_and_r_turn_right_click_and_f_flip(app):
    play = start(app)
    view = play.view
    pick(app, play, "1")           # any piece may be held, even one not allowed yet
    click(app, view.trays[0].slots["L4"].center)      # swap it for the L
    assert view.held == "L4" and view.turn == 0
    assert "place the L tetromino" in play.prompt() and "R turns" in play.prompt()
    move_pointer(app, view.cell_center((8, 8)))
    shape = orientation("L4", 0)
    wheel(app, 1)
    assert view.turn == 1 and shape_of(view.ghost_cells()) == orientation("L4", 1) != shape
    wheel(app, -1)
    assert view.turn == 0
    key(app, pygame.K_r)
    assert view.turn == 1
    key(app, pygame.K_r, pygame.KMOD_SHIFT)
    assert view.turn == 0
    click(app, view.cell_center((8, 8)), button=3)
    assert view.turn == flipped(0) and play.cursor == 0, "a right-click flips, never places"
    mirrored = sorted((-x, y) for x, y in shape)
    assert shape_of(view.ghost_cells()) == shape_of(mirrored)
    key(app, pygame.K_f)
    assert view.turn == 0


def test_illegal_spots_are_tinted_and_the_reason_shown(app):
    play = start(app)
    view = play.view
    pick(app, play, "2")
    assert "first two moves are 1x1" in view.status
    move_pointer(app, view.cell_center((3, 7)))
    assert view.ghost_problem == "first two moves are 1x1"
    assert "first two moves are 1x1" in view.status and view.status.startswith("Not allowed")
    click(app, view.cell_center((3, 7)))
    assert play.cursor == 0 and "warn" in app.sounds.played
    key(app, pygame.K_ESCAPE)
    pick(app, play, "1")
    centre = view.geo.centre_cells[5]
    move_pointer(app, view.cell_center(centre))
    assert view.ghost_problem == "1x1 not in the centre"
    r, g, b, _ = app.screen.get_at(_inside(view, centre))
    assert r > b + 60 and r > g + 60, "an illegal spot is tinted red"
    assert "1x1 not in the centre" in view.status
    click(app, view.cell_center(centre))
    assert play.cursor == 0 and view.held == "1", "still in hand after a refusal"
    key(app, pygame.K_ESCAPE)
    first_moves(app, play)
    pick(app, play, "2")
    move_pointer(app, view.cell_center((7, 1)))          # far from any blue square
    assert view.ghost_problem == "must touch your own colour along an edge"
    assert "must touch your own colour along an edge" in view.status


def test_place_by_click_and_undo(app):
    play = start(app)
    view = play.view
    first_moves(app, play)
    assert [t.split(": ")[1] for t in play.move_texts] == ["1x1 at e9", "1x1 at l8",
                                                           "1x1 at d12", "1x1 at m5"]
    move = SPEC.parse_move(play.state, "e8,f8,g8,f9")       # the T tetromino from the rules
    place(app, play, move, style="mouse")
    assert play.state.colour_scores == (4, 0)
    assert play.move_texts[-1] == "Ann: T4 at e8-g9"
    assert "place" in app.sounds.played
    assert view._in_hand(0, "T4") == 1
    press(app, "Undo")
    assert play.cursor == 4 and play.state.colour_scores == (0, 0)
    assert view._in_hand(0, "T4") == 2


def test_put_back_with_esc_and_by_clicking_the_tray(app):
    play = start(app)
    view = play.view
    pick(app, play, "1")
    key(app, pygame.K_ESCAPE)
    assert view.held is None and app.stack.top is play, "Esc put the piece back, no pause"
    assert view._in_hand(0, "1") == 3
    pick(app, play, "1")
    click(app, view.trays[0].slots["1"].center)
    assert view.held is None and view._in_hand(0, "1") == 3
    pick(app, play, "1")
    click(app, view.trays[0].header.center)         # anywhere on the tray
    assert view.held is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene), "with nothing in hand Esc pauses"


def test_drag_from_the_tray_onto_the_board(app):
    play = start(app)
    view = play.view
    slot = view.trays[0].slots["1"].center
    target = view.cell_center((2, 7))
    pygame.mouse.set_pos(slot)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=slot, button=1))
    frames(app, 1)
    move_pointer(app, target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    frames(app, 2)
    assert play.cursor == 1 and play.state.board == {(2, 7): 0}


def test_refusals_name_the_reason(app):
    play = start(app)
    view = play.view
    click(app, view.trays[1].slots["X"].center)
    assert view.held is None and "Green's tray" in view.status
    click(app, view.cell_center((5, 5)))
    assert "Pick a piece from the Blue tray" in view.status
    move_pointer(app, view.trays[0].slots["W"].center)
    assert "W pentomino" in view.status


def test_hints_mark_every_spot_the_piece_fits(app):
    play = start(app)
    view = play.view
    first_moves(app, play)
    pick(app, play, "V3")
    assert view.hints_on, "the show_hints setting is on by default"
    cover, spots = view.fits()
    legal = [m for m in play.state.legal_moves() if play.state.move_piece(m) == "V3"]
    assert cover == {c for m in legal for c in play.state.move_cells(m)}
    assert spots
    key(app, pygame.K_h)
    assert not view.hints_on and "Hints off" in view.status
    key(app, pygame.K_h)
    spot = sorted(spots)[0]
    view.show_hint(legal[0])                        # the Hint button's ghost draws too
    frames(app, 2)
    click(app, view.cell_center(spot))
    assert play.cursor == 5 and play.state.move_piece(play.state.moves[-1][1]) == "V3"


def test_skipped_colour_is_announced_on_the_board(app):
    play = start(app)
    rng = random.Random(1)
    state = SPEC.new_game("callisto_2")
    while True:
        move = rng.choice(state.legal_moves())
        if state.play(move).last["skipped"]:
            break
        state = state.play(move)
    set_position(play, state.position())
    assert not play.state.can_move(1) and play.state.colour == 0
    place(app, play, move)
    assert play.state.colour == 0 and play.state.last["skipped"] == [1]
    assert any(b.text == "Green is skipped" for b in play.view.banners)
    assert "Blue (Ann)" in play.prompt(), "Blue moves again"


def test_whole_game_by_mouse_to_the_results(app):
    play = start(app)
    first = True
    while not play.state.is_over:
        moves = play.state.legal_moves()
        # the biggest piece that fits, so the game moves on; mouse and keys by turns
        move = max(moves, key=lambda m: (len(play.state.move_cells(m)), -m))
        place(app, play, move, style="mouse" if first else "keys")
        first = not first
        assert play.cursor < 60
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=20)
    results = app.stack.top
    final = play.state
    assert results.state == final
    winner = final.winner
    a, b = final.scores
    assert winner == (0 if a > b else 1), "a tie goes to the later starter, Green"
    assert results.headline == f"{('Ann', 'Bo')[winner]} wins!"
    assert results.outcome["reason"] == final.describe_end(["Ann (Blue)", "Bo (Green)"])
    frames(app, 2)


# --- records ----------------------------------------------------------------------------

def test_save_as_blksgf_from_the_pause_menu(app, tmp_path):
    play = start(app)
    first_moves(app, play)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    press(app, "Save as .blksgf")
    dialog = pause.dialog
    assert dialog is not None and dialog.alive()
    entry = dialog.file_path_text_line
    click(app, entry.rect.center)                   # type a name of our own
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "mine")))
    frames(app, 2)
    assert entry.get_text() == str(tmp_path / "mine")
    click(app, dialog.ok_button.rect.center)
    frames(app, 2)
    saved = tmp_path / "mine.blksgf"
    assert saved.exists() and not dialog.alive()
    assert pause.notice == f"Saved as {saved}"
    text = saved.read_text()
    assert "GM[Callisto Two-Player]" in text and "PB[Ann]" in text and "PW[Bo]" in text
    assert import_sgf(text).moves == play.state.moves
    assert not list(tmp_path.glob(".mine*.tmp")), "written atomically, no leftovers"
    press(app, "Resume")
    assert app.stack.top is play


def test_save_dialog_proposes_a_name_in_the_home_folder(app, tmp_path):
    play = start(app)
    key(app, pygame.K_ESCAPE)
    press(app, "Save as .blksgf")
    dialog = app.stack.top.dialog
    assert dialog.current_file_path.parent == tmp_path.resolve()
    assert dialog.current_file_path.suffix == ".blksgf"
    click(app, dialog.ok_button.rect.center)
    frames(app, 2)
    assert list(tmp_path.glob("callisto-*.blksgf"))
    assert play.cursor == 0


def _pick_in_dialog(app, dialog, name):
    items = [i for i in dialog.file_selection_list.item_list if i["text"] == name]
    assert items, [i["text"] for i in dialog.file_selection_list.item_list]
    click(app, items[0]["button_element"].rect.center)
    click(app, dialog.ok_button.rect.center)
    frames(app, 2)


def test_open_a_record_from_the_menu_and_replay_it_with_redo(app, tmp_path):
    rng = random.Random(5)
    state = SPEC.new_game("callisto")
    for _ in range(9):
        state = state.play(rng.choice(state.legal_moves()))
    (tmp_path / "four.blksgf").write_text(export_sgf(state, ["Ann", "Bo", "Cy", "Di"]))
    press(app, "Open .blksgf")
    menu = app.stack.top
    _pick_in_dialog(app, menu.dialog, "four.blksgf")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    assert play.variant == "callisto" and play.cursor == 0 and len(play.history) == 10
    assert [s["name"] for s in play.seats] == ["Ann", "Bo", "Cy", "Di"]
    assert all(s["kind"] == "human" for s in play.seats)
    assert "Press Redo" in play.view.status
    assert len(play.view.trays) == 4
    for n in range(1, 10):
        press(app, "Redo")
        assert play.cursor == n and play.state.moves == state.moves[:n]
        assert wait_until(app, lambda: not play.view.busy, seconds=10)
    assert play.state == state
    assert not button(app, "Redo").is_enabled
    assert play.move_texts[0].startswith("Ann: 1x1 at ")


def test_a_tooltip_is_wide_beside_its_button_and_goes_when_it_is_clicked(app):
    open_button = button(app, "Open .blksgf")
    move_pointer(app, open_button.rect.center)
    frames(app, 80)                                        # over a second of hovering
    tip = open_button.tool_tip
    assert tip is not None and tip.alive()
    assert not tip.rect.colliderect(open_button.rect), "the tip never covers its button"
    assert len(tip.text_block.text_box_layout.layout_rows) <= 2, "wide enough for its text"
    click(app, open_button.rect.center)
    dialog = app.stack.top.dialog
    assert dialog is not None and dialog.alive()
    frames(app, 80)                                        # the pointer has not moved
    assert open_button.tool_tip is None and not tip.alive(), "the dialog is not covered"
    assert not any(type(e).__name__ == "UITooltip" for e in app.ui.get_sprite_group().sprites())


def test_a_malformed_record_shows_the_engines_error(app, tmp_path):
    (tmp_path / "bad.blksgf").write_text("(;GM[Callisto Two-Player]\n;B[e9];W[e9])")
    press(app, "Open .blksgf")
    menu = app.stack.top
    _pick_in_dialog(app, menu.dialog, "bad.blksgf")
    assert app.stack.top is menu
    assert "Could not open bad.blksgf" in menu.notice
    assert "move 2 (W[e9], line 2): a cell is already taken" in menu.notice
    frames(app, 2)
    (tmp_path / "worse.blksgf").write_text("(;GM[Go];B[aa]")
    press(app, "Open .blksgf")
    _pick_in_dialog(app, menu.dialog, "worse.blksgf")
    assert app.stack.top is menu and "unbalanced brackets" in menu.notice


# --- three and four seats -------------------------------------------------------------

def test_four_colours_two_each_shows_whose_colour_moves(app):
    click(app, app.stack.top.play_buttons["callisto"].rect.center)
    setup = app.stack.top
    assert "callisto_2_4" in [o[1] for o in setup.controls["variant"].options_list]
    setup.variant = "callisto"
    setup._fit_seats()
    setup.resize()
    assert len(setup.name_entries) == 4
    app.stack.pop()
    play = start(app, "callisto_2_4")
    view = play.view
    assert len(view.trays) == 4 and len(play.seats) == 2
    assert play.prompt().startswith("Blue (Ann's first colour)")
    place(app, play, SPEC.parse_move(play.state, "b10"))
    assert play.prompt().startswith("Yellow (Bo's first colour)")
    place(app, play, SPEC.parse_move(play.state, "s10"))
    assert play.prompt().startswith("Red (Ann's second colour)")
    assert play.move_texts[-1] == "Bo: Yellow 1x1 at s10"
    click(app, view.trays[0].slots["1"].center)
    assert view.held is None and "Blue's tray: Red is to move" in view.status


def test_rules_diagrams_and_small_window(app):
    from scenes.rules import RulesScene
    app.stack.push(RulesScene(app, "callisto", page=1))
    frames(app, 2)
    app.stack.pop()
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    play = start(app, "callisto")
    view = play.view
    assert view.board.frame.right <= view.trays[0].rect.x
    assert view.trays[0].rect.right <= 960 - 300
    assert len(play.prompt()) < 80
    place(app, play, SPEC.parse_move(play.state, "c12"))


def test_setup_says_which_colours_the_seats_play(app):
    click(app, app.stack.top.play_buttons["callisto"].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.sides_note == "Whoever starts plays Blue; the other plays Green."
    setup.variant = "callisto_2_4"
    setup.resize()
    assert setup.sides_note == "Whoever starts plays Blue/Red; the other plays Yellow/Green."
    setup.variant = "callisto_3"
    setup._fit_seats()
    setup.resize()
    assert setup.sides_note == "In turn order from the starter: Blue, Yellow and Red."
