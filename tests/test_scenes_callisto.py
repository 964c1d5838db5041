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
from scenes import assets
from scenes.pause import PauseScene
from scenes.play import PlayScene
from scenes.results import ResultsScene
from scenes.setup import SetupScene
from scenes.views.callisto.pieces import flipped, grab_offset, shape_of, tray_turn, turned

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
    lying = tray_turn("L4")
    assert view.held == "L4" and view.turn == lying, "it comes up as it lay in the tray"
    assert "place the L tetromino" in play.prompt() and "R turns" in play.prompt()
    move_pointer(app, view.cell_center((8, 8)))
    shape = orientation("L4", lying)
    assert shape_of(view.ghost_cells()) == shape
    wheel(app, 1)
    assert view.turn == turned(lying)
    assert shape_of(view.ghost_cells()) == orientation("L4", turned(lying)) != shape
    wheel(app, -1)
    assert view.turn == lying
    key(app, pygame.K_r)
    assert view.turn == turned(lying)
    key(app, pygame.K_r, pygame.KMOD_SHIFT)
    assert view.turn == lying
    click(app, view.cell_center((8, 8)), button=3)
    assert view.turn == flipped(lying) and play.cursor == 0, "a right-click flips, never places"
    mirrored = sorted((-x, y) for x, y in shape)
    assert shape_of(view.ghost_cells()) == shape_of(mirrored)
    key(app, pygame.K_f)
    assert view.turn == lying


def test_illegal_spots_are_tinted_and_the_reason_shown(app):
    play = start(app)
    view = play.view
    pick(app, play, "2")
    assert view.status == ("Not allowed yet: a colour's first two moves must be 1x1s - put "
                           "the domino back.")
    move_pointer(app, view.cell_center((3, 7)))
    assert view.status == "Not allowed here: a colour's first two moves must be 1x1s."
    click(app, view.cell_center((3, 7)))
    assert play.cursor == 0 and "warn" in app.sounds.played
    key(app, pygame.K_ESCAPE)
    pick(app, play, "1")
    centre = view.geo.centre_cells[5]
    move_pointer(app, view.cell_center(centre))
    r, g, b, _ = app.screen.get_at(_inside(view, centre))
    assert r > b + 60 and r > g + 60, "an illegal spot is tinted red"
    assert view.status == "Not allowed here: the 1x1 may not be put in the centre."
    click(app, view.cell_center(centre))
    assert play.cursor == 0 and view.held == "1", "still in hand after a refusal"
    key(app, pygame.K_ESCAPE)
    first_moves(app, play)
    pick(app, play, "2")
    move_pointer(app, view.cell_center((7, 1)))          # far from any blue square
    assert view.status == ("Not allowed here: a piece larger than a 1x1 must share an edge "
                           "with its own colour.")


def test_place_by_click_and_undo(app):
    play = start(app)
    view = play.view
    first_moves(app, play)
    assert [t.split(": ")[1] for t in play.move_texts] == ["1x1 at e9", "1x1 at l8",
                                                           "1x1 at d12", "1x1 at m5"]
    move = SPEC.parse_move(play.state, "e8,f8,g8,f9")       # the T tetromino from the rules
    place(app, play, move, style="mouse")
    assert play.state.colour_scores == (4, 0)
    assert play.move_texts[-1] == "Ann: T tetromino at e8,f8,g8,f9"
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
    assert "move 2 (W[e9], line 2): a piece may only cover empty squares (e9 is taken)" \
        in menu.notice
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


def test_the_rules_page_on_the_pieces_shows_all_21(app):
    from scenes.rules import RulesScene
    rules = app.stack.push(RulesScene(app, "callisto", page=2))
    frames(app, 2)
    assert rules.sections[2]["heading"] == "The pieces"
    area = rules.diagram_rect.inflate(-20, -20)
    shot = app.screen.subsurface(area).copy()
    blue = pygame.mask.from_threshold(shot, (34, 112, 204), (70, 70, 70, 255))
    pieces = [m for m in blue.connected_components() if m.count() > 12]
    assert len(pieces) == 21, "every piece of a colour is drawn, each copy apart"


def views_at(app, sizes=((960, 600), (1280, 800), (1920, 1080)), variants=SPEC.variants):
    """The board view of each variant laid out as the play screen lays it in each window."""
    from scenes.play import board_area
    from scenes.views.callisto.view import CallistoView
    seats = [{"name": f"P{i}", "kind": "human"} for i in range(4)]
    for size in sizes:
        for variant in variants:
            view = CallistoView(app, SPEC, seats, variant)
            view.layout(board_area(size))
            view.set_state(SPEC.new_game(variant=variant))
            yield size, variant, view


def test_row_and_column_labels_sit_outside_the_rim(app):
    for size, variant, view in views_at(app):
        board = view.board
        labels = board.label_rects()
        assert len(labels) == 2 * board.size
        for text, rect in labels:
            assert not rect.colliderect(board.frame), f"{text} on the rim ({variant}, {size})"
            assert view.rect.contains(rect), f"{text} cut off ({variant}, {size})"
        assert board.label_size >= 11
        font = assets.font(board.label_size)
        inked = [(text, font.render(text, True, (255, 255, 255)).get_bounding_rect().move(
            rect.topleft)) for text, rect in labels]
        for (a, ra), (b, rb) in zip(inked, inked[1:]):
            assert not ra.colliderect(rb), f"{a} and {b} overlap ({variant}, {size})"


def test_trays_of_three_and_four_colours_have_room_for_the_pieces_and_counts(app):
    from scenes.views.callisto.trays import _pile_place
    from game.callisto import PIECES
    for size, variant, view in views_at(app, variants=("callisto_3", "callisto",
                                                       "callisto_2_4")):
        small = size[0] < 1200
        for tray in view.trays:
            assert view.trays.area.right <= view.rect.right
            if tray.compact:        # not the colour to move: a strip, not picked from
                continue
            assert tray.unit >= (11 if small else 16), f"{variant} at {size}: {tray.unit} px"
            for piece in PIECES:
                slot = tray.slots[piece.name]
                pile, room, tag = _pile_place(piece, tray.unit, slot, tray.badge_size)
                assert room is not None and slot.contains(room), f"{piece.name} spills over"
                if piece.count > 1:
                    assert not tag.colliderect(room), f"the count sits on the {piece.title}"
                    assert slot.contains(tag)
        assert view.board.frame.right <= view.trays.area.x



def test_the_move_list_names_the_squares_a_piece_covers(app):
    play = start(app)
    first_moves(app, play)
    state = play.state
    move = next(m for m in state.legal_moves() if state.move_piece(m) == "V3")
    place(app, play, move)
    text = play.move_texts[-1]
    assert text.startswith("Ann: V tromino at ")
    named = sorted(text.split(" at ", 1)[1].split(","))
    covered = sorted(play.view.geo.label(c) for c in state.move_cells(move))
    assert named == covered, "every square named is covered, and no other"


def test_the_sidebar_shows_both_colours_of_each_player_in_the_two_by_two_game(app):
    from scenes.views.callisto.view import COLOUR_RGB
    play = start(app, "callisto_2_4")
    frames(app, 2)
    side = play.sidebar.rect
    row_h = 64
    for player, colours in enumerate((("Blue", "Red"), ("Yellow", "Green"))):
        top = side.y + 54 + player * row_h
        band = app.screen.subsurface(pygame.Rect(side.x + 8, top + 8, 60, 24)).copy()
        for name in colours:
            found = pygame.mask.from_threshold(band, COLOUR_RGB[name], (30, 30, 30, 255))
            assert found.count() > 40, f"{('Ann', 'Bo')[player]}'s row shows a {name} dot"


def test_h_shows_the_marks_when_none_are_shown_and_hides_them_when_they_are(app):
    play = start(app)
    view = play.view
    first_moves(app, play)
    frames(app, 2)
    state = play.state
    spot = sorted(c for m in state.legal_moves() if state.move_piece(m) == "V3"
                  for c in state.move_cells(m))[0]
    plain = app.screen.get_at(view.cell_center(spot))
    key(app, pygame.K_h)                 # nothing in hand: the first H shows where pieces fit
    assert app.screen.get_at(view.cell_center(spot)) != plain, "the squares light up"
    assert "H hides" in view.status
    key(app, pygame.K_h)
    assert app.screen.get_at(view.cell_center(spot)) == plain, "the second H hides them"
    pick(app, play, "V3")                # with a piece in hand the marks are on, as set
    frames(app, 2)
    lit = app.screen.get_at(view.cell_center(spot))
    assert lit != plain
    key(app, pygame.K_h)
    assert app.screen.get_at(view.cell_center(spot)) == plain and "Hints off" in view.status
