"""Iriri played headless through the real play scene, by pointer and keys: pyramids
dragged from the tray and confirmed, words checked against the ring before they are
played, the board panned and zoomed, pieces taken from the ring, passes, a whole game
to the results, undo, hints, resuming and the rules diagrams."""

import random

import pygame

from game import GAMES
from game.iriri import PASS, Place, Take
from helpers import click, frames, key, press, set_position, wait_until
from scenes.play import PlayScene
from scenes.play_sidebar import score_text
from scenes.results import ResultsScene
from scenes.rules import RulesScene
from scenes.setup import SetupScene
from scenes.views.iriri import art

SPEC = GAMES["iriri"]

# Yellow to place; the ring spells Ys-Bm-Yl (once) but never Ys-Yl.
RING = ["Ys", "Bm", "Yl", "Bs", "Ym", "Bl", "Ym", "Ym", "Ym", "Bs", "Bs", "Bs", "Bl", "Bl",
        "Bl", "Yl", "Yl", "Yl", "Bm", "Bm", "Ys", "Ys"]
OPENED = {"ring": RING, "board": {"0,0": "Ys", "0,1": "Bm"},
          "hands": [["Ys", "Ym", "Yl"], ["Bs", "Bm", "Bl"]], "scores": [6.5, 0],
          "to_move": 0, "phase": "place", "first_done": True}
# Yellow has placed and takes one piece: two Ys (one may go), the last Ym and Yl (must
# stay); the rest of the set lies in old words below.
TAKING = {"ring": ["Ys", "Bm", "Ys", "Bs", "Ym", "Bl", "Yl", "Bm"],
          "board": {"0,0": "Ys", "0,1": "Bm",
                    "1,0": "Ys", "1,1": "Ys", "1,2": "Ym", "1,3": "Ym", "1,4": "Ym", "1,5": "Ym",
                    "2,0": "Yl", "2,1": "Yl", "2,2": "Yl", "2,3": "Bs", "2,4": "Bs", "2,5": "Bs",
                    "3,0": "Bm", "3,1": "Bl", "3,2": "Bl", "3,3": "Bl"},
          "hands": [["Yl"], ["Bs", "Bm", "Bl"]],
          "scores": [20.5, 24], "to_move": 0, "phase": "take", "first_done": True}
# Yellow has played every yellow piece but the last of each type, which stay in the ring.
EMPTY_HANDED = {"ring": ["Ys", "Ym", "Yl", "Bs", "Bs", "Bs", "Bm", "Bm", "Bm", "Bl", "Bl", "Bl",
                         "Bs", "Bl"],
                "board": {"0,0": "Ys", "0,1": "Bm",
                          "1,0": "Ys", "1,1": "Ys", "1,2": "Ys", "1,3": "Ym",
                          "2,0": "Ym", "2,1": "Ym", "2,2": "Ym", "2,3": "Yl",
                          "3,0": "Yl", "3,1": "Yl", "3,2": "Yl"},
                "hands": [[], ["Bs", "Bm", "Bl"]], "scores": [30.5, 20], "to_move": 0,
                "phase": "place", "first_done": True}


def start(app, names=("Ann", "Bo")):
    click(app, app.stack.top.play_buttons["iriri"].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.starter = "0"
    for seat, name in zip(setup.seats, names):
        seat["name"] = name
    setup.resize()
    press(app, "Start game")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    frames(app, 2)
    return play


def move_pointer(app, pos, buttons=(0, 0, 0)):
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    frames(app, 1)


def drag(app, a, b, button=1):
    move_pointer(app, a)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(a[0]), int(a[1])),
                                         button=button))
    frames(app, 1)
    held = (1, 0, 0) if button == 1 else (0, 0, 1)
    for k in range(1, 4):
        move_pointer(app, (a[0] + (b[0] - a[0]) * k / 3, a[1] + (b[1] - a[1]) * k / 3), held)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(b[0]), int(b[1])),
                                         button=button))
    frames(app, 2)


def wheel(app, y):
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                         precise_x=0.0, precise_y=float(y)))
    frames(app, 1)


def settle(app, play):
    assert wait_until(app, lambda: not play.view.busy and play.view.board.camera.goal is None,
                      seconds=10)
    frames(app, 1)


def pixel(pos):
    return tuple(pygame.display.get_surface().get_at((int(pos[0]), int(pos[1]))))[:3]


def cell_centre(play, cell):
    return play.view.board.cell_rect(cell).center


def slot_of(play, piece):
    view = play.view
    shown = view.hand_shown(play.state.mover)
    return view.trays.slot_rect(play.state.mover, shown.index(piece)).center


def put_down(app, play, piece, cell, by="drag"):
    """Carry ``piece`` from the mover's tray to ``cell``: by drag, or by click and click."""
    view = play.view
    if not view.board.camera.shows([cell]):
        key(app, pygame.K_c)
        settle(app, play)
    assert view.board.camera.shows([cell]), f"cell {cell} is off view"
    if by == "drag":
        drag(app, slot_of(play, piece), cell_centre(play, cell))
    else:
        click(app, slot_of(play, piece))
        assert view.placement.held is not None and view.placement.held["type"] == piece
        click(app, cell_centre(play, cell))
    assert view.placement.pieces.get(cell) == piece, view.status


def play_place(app, play, move, by="drag"):
    before = play.cursor
    for r, c, piece in move.pieces:
        put_down(app, play, piece, (r, c), by)
    assert play.view.placement.problem is None, play.view.status
    click(app, play.view.trays.button_rect(play.state.mover).center)
    assert play.cursor == before + 1, play.view.status
    settle(app, play)


def play_take(app, play, move):
    before = play.cursor
    for index in move.indices:
        click(app, play.view.ring.piece_rect(index, len(play.state.ring)).center)
    assert play.cursor == before + 1, play.view.status
    settle(app, play)


def ring_band(view, index):
    """Mean brightness of the track round ring piece ``index`` (where its glow is drawn)."""
    rect = view.ring.piece_rect(index, len(view.state.ring))
    outer = rect.inflate(rect.width // 3, rect.height // 3)
    total, n = 0, 0
    for x in range(outer.left, outer.right, 2):
        for y in range(outer.top, outer.bottom, 2):
            if not rect.inflate(-2, -2).collidepoint(x, y):
                total += sum(pixel((x, y)))
                n += 1
    return total / n


def saturation(colour):
    return max(colour) - min(colour)


# --- placing -------------------------------------------------------------------------------

def test_drag_a_pyramid_it_waits_pending_then_confirm_plays_it(app):
    play = start(app)
    view = play.view
    state = play.state
    assert play.prompt() == "Yellow (Ann): lay the first word from the marked cell, then Confirm"
    move = next(m for m in state.legal_moves() if len(m.pieces) == 2)
    (r0, c0, first), (r1, c1, second) = move.pieces
    empty = pixel(cell_centre(play, (r0, c0)))
    put_down(app, play, first, (r0, c0))
    frames(app, 2)
    assert pixel(cell_centre(play, (r0, c0))) != empty, "the pending pyramid shows"
    assert play.cursor == 0, "nothing is played before Confirm"
    assert view.status == "Not allowed: the first word needs at least 2 pieces"
    put_down(app, play, second, (r1, c1), by="click")
    assert view.status == "This placement scores 6½: Confirm (Enter) plays it"
    assert [t for t in view.hand_shown(0) if t] == [t for t in ("Ys", "Ym", "Yl")
                                                    if t not in (first, second)]
    click(app, view.trays.button_rect(0).center)
    assert play.cursor == 1 and play.notation == [SPEC.format_move(state, move)]
    assert len(play.state.hands[0]) == 1 and play.state.board[(r0, c0)] == first
    assert play.state.scores[0] == 6.5 and score_text(play.state.scores[0]) == "6½"
    assert play.move_texts[0] == f"Ann: {SPEC.format_move(state, move)}, scores 6½"
    settle(app, play)
    assert play.state.phase == "take" and "take 2 pieces from the ring" in play.prompt()


def test_an_invalid_word_is_named_and_confirm_refuses_it(app):
    play = start(app)
    set_position(play, OPENED)
    view = play.view
    frames(app, 2)
    put_down(app, play, "Yl", (1, 0))
    assert view.status == "Not allowed: column word Ys-Yl does not match the ring"
    bad = [w for w in view.placement.words if not w.valid]
    assert bad and bad[0].cells == ((0, 0), (1, 0))
    click(app, view.trays.button_rect(0).center)
    key(app, pygame.K_RETURN)
    assert play.cursor == 0 and (1, 0) not in play.state.board
    assert view.status.startswith("Not allowed: column word Ys-Yl")
    # drag it along to where the row reads Ys-Bm-Yl, as the ring does
    drag(app, cell_centre(play, (1, 0)), cell_centre(play, (0, 2)))
    assert view.placement.pieces == {(0, 2): "Yl"}
    assert view.status == "This placement scores 3: Confirm (Enter) plays it"
    glowing = view.ring.runs(view.placement.words, len(view.state.ring))
    assert sorted(glowing) == [0, 1, 2], "the ring run Ys-Bm-Yl glows"
    key(app, pygame.K_RETURN)
    assert play.cursor == 1 and play.state.board[(0, 2)] == "Yl"


def test_a_pending_piece_goes_back_to_the_tray_by_drag_or_right_click(app):
    play = start(app)
    set_position(play, OPENED)
    view = play.view
    frames(app, 2)
    put_down(app, play, "Yl", (0, 2))
    drag(app, cell_centre(play, (0, 2)), view.trays.slot_rect(0, 0).center)
    assert view.placement.pieces == {} and len(view.hand_shown(0)) == 3
    put_down(app, play, "Ym", (1, 1))
    click(app, cell_centre(play, (1, 1)), button=3)
    assert view.placement.pieces == {} and view.status == "Piece put back in your hand."
    put_down(app, play, "Ys", (0, 2))
    key(app, pygame.K_ESCAPE)
    assert view.placement.pieces == {} and isinstance(app.stack.top, PlayScene), \
        "Esc clears, no pause"


def test_arrow_keys_pan_the_wheel_zooms_and_c_recentres(app):
    play = start(app)
    set_position(play, OPENED)
    view = play.view
    frames(app, 2)
    home = cell_centre(play, (0, 0))
    key(app, pygame.K_RIGHT)
    moved = cell_centre(play, (0, 0))
    assert moved[0] < home[0] and moved[1] == home[1], "the board slides left"
    key(app, pygame.K_DOWN)
    assert cell_centre(play, (0, 0))[1] < home[1]
    size = view.board.cell_rect((0, 0)).width
    move_pointer(app, view.board.viewport.center)
    wheel(app, 2)
    assert view.board.cell_rect((0, 0)).width > size
    wheel(app, -4)
    assert view.board.cell_rect((0, 0)).width < size
    viewport = view.board.viewport
    drag(app, viewport.center, (viewport.centerx + 120, viewport.centery), 3)
    for _ in range(8):
        key(app, pygame.K_LEFT)
    assert not view.board.camera.shows([(0, 0)]), "the pieces are off view"
    click(app, view.board.centre_rect.center)
    settle(app, play)
    assert view.board.camera.shows([(0, 0), (0, 1)], 1.0), "Centre brings them back"


# --- taking -----------------------------------------------------------------------------

def test_take_phase_highlights_and_a_click_takes(app):
    play = start(app)
    set_position(play, TAKING)
    view = play.view
    frames(app, 2)
    assert "take 1 piece from the ring" in play.prompt()
    assert ring_band(view, 0) > ring_band(view, 1) + 20, "the takeable Ys glows, Blue's Bm not"
    click(app, view.ring.piece_rect(1, len(play.state.ring)).center)
    assert play.cursor == 0 and "is Blue's" in view.status
    click(app, view.ring.piece_rect(2, len(play.state.ring)).center)
    assert play.cursor == 1 and play.notation[-1] == "take 2"
    assert len(play.state.ring) == 7 and play.state.hands[0] == ("Ys", "Yl")
    assert view.busy, "the ring closes up in an animation"
    settle(app, play)
    assert play.state.to_move == 1


def test_the_last_of_a_type_is_greyed_and_refused(app):
    play = start(app)
    set_position(play, TAKING)
    view = play.view
    frames(app, 2)
    last_ym = pixel(view.ring.piece_rect(4, len(play.state.ring)).center)
    takeable = pixel(view.ring.piece_rect(0, len(play.state.ring)).center)
    assert saturation(last_ym) < saturation(takeable) / 2, (last_ym, takeable)
    click(app, view.ring.piece_rect(4, len(play.state.ring)).center)
    assert play.cursor == 0 and len(play.state.ring) == 8
    assert view.status == ("Not allowed: ring piece 4 is the last medium yellow pyramid: "
                           "it must stay in the ring")


def test_a_forced_pass_is_announced_and_passed_by_button(app):
    play = start(app)
    set_position(play, EMPTY_HANDED)
    view = play.view
    frames(app, 2)
    assert play.state.legal_moves() == [PASS]
    assert [b.text for b in view.banners] == ["Yellow cannot place"]
    assert "press Pass" in play.prompt() or "press Pass" in view.status
    click(app, view.trays.button_rect(0).center)
    assert play.cursor == 1 and play.notation == ["pass"]
    assert any(b.text == "Yellow passes" for b in view.banners)
    assert play.move_texts[-1] == "Ann: passes"


def test_an_opening_with_no_word_is_announced_once_and_undo_clears_old_news(app):
    # Seed 468 deals a ring in which Yellow's three pyramids make no word at all.
    config = {"game": "iriri", "variant": SPEC.variants[0], "options": {},
              "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}],
              "starter": "0", "time_control": None}
    play = PlayScene(app, config, seed=468)
    app.stack.push(play)
    frames(app, 2)
    view = play.view
    assert play.state.legal_moves() == [PASS]
    assert [b.text for b in view.banners] == ["Yellow cannot place"]
    click(app, view.trays.button_rect(0).center)
    assert play.notation == ["pass"]
    assert "Yellow passes" in [b.text for b in view.banners]
    press(app, "Undo")
    assert play.cursor == 0
    assert [b.text for b in view.banners] == ["Yellow cannot place"]


# --- whole games, undo, hints, resuming ---------------------------------------------------

def test_a_whole_game_by_mouse_reaches_the_results(app):
    play = start(app)
    rng = random.Random(4)
    turn = 0
    while not play.state.is_over:
        state = play.state
        moves = state.legal_moves()
        move = rng.choice(moves)
        if isinstance(move, Place):
            move = max(moves, key=lambda m: (state.placement_points(m), rng.random()))
            play_place(app, play, move, by="drag" if turn % 2 else "click")
            turn += 1
        elif isinstance(move, Take):
            play_take(app, play, move)
        else:
            click(app, play.view.trays.button_rect(state.mover).center)
            assert play.notation[-1] == "pass"
            settle(app, play)
        assert play.cursor < 120
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=20)
    results = app.stack.top
    final = play.state
    assert results.state == final and final.winner is not None
    assert results.headline == f"{('Ann', 'Bo')[final.winner]} wins!"
    assert results.outcome["reason"] == final.describe_end(["Ann (Yellow)", "Bo (Blue)"])
    frames(app, 2)


def test_undo_and_redo_show_the_board_as_it_was(app):
    play = start(app)
    move = next(m for m in play.state.legal_moves() if len(m.pieces) == 2)
    play_place(app, play, move)
    play_take(app, play, play.state.legal_moves()[0])
    ring_after = len(play.state.ring)
    press(app, "Undo")
    assert play.cursor == 1 and play.view.state is play.state
    assert len(play.view.state.ring) == ring_after + 2 and play.state.phase == "take"
    press(app, "Undo")
    assert play.state.board == {} and play.view.placement.pieces == {}
    press(app, "Redo")
    assert play.cursor == 1 and play.view.state.board == play.state.board
    settle(app, play)


def test_a_hint_shows_ghost_pieces(app):
    play = start(app)
    set_position(play, OPENED)
    view = play.view
    frames(app, 2)
    before = {cell: pixel(cell_centre(play, cell)) for cell in ((0, 2), (1, 0), (1, 1), (0, -1))}
    press(app, "Hint")
    assert wait_until(app, lambda: view.hint_move is not None, seconds=30)
    hint = view.hint_move
    assert isinstance(hint, Place) and hint in play.state.legal_moves()
    assert view.status.startswith("Hint: ")
    frames(app, 2)
    for cell in hint.cells:
        assert view.board.camera.shows([cell])
        if cell in before:
            assert pixel(cell_centre(play, cell)) != before[cell], "a ghost stands there"


def test_an_unfinished_game_resumes_where_it_was(app):
    play = start(app)
    move = next(m for m in play.state.legal_moves() if len(m.pieces) == 2)
    play_place(app, play, move)
    record = play.record()
    resumed = PlayScene.from_record(app, record)
    app.stack.replace(resumed)
    frames(app, 3)
    assert resumed.view.state == play.state and resumed.state.phase == "take"
    takeable, _ = resumed.view._take_looks()
    assert takeable, "the take phase is shown again"


# --- looks, rules diagrams, small windows ----------------------------------------------------

def test_sidebar_colours_are_the_pyramids_and_scores_keep_the_half(app):
    play = start(app)
    assert play.view.player_colours == (art.YELLOW["main"], art.BLUE["main"])
    assert score_text(12.5) == "12½" and score_text(0.5) == "½" and score_text(7) == "7"


def test_the_rules_screen_draws_iriri_diagrams(app):
    click(app, app.stack.top.rules_buttons["iriri"].rect.center)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.spec.name == "iriri"
    drawn = 0
    for page in range(len(rules.sections)):
        if "diagram" in rules.sections[page]:
            r = rules.diagram_rect.inflate(-20, -20)
            colours = {pixel((x, y)) for x in range(r.left, r.right, 9)
                       for y in range(r.top, r.bottom, 9)}
            assert len(colours) > 40, f"page {page + 1} shows a board"
            drawn += 1
        key(app, pygame.K_RIGHT)
    assert drawn == 3
    # the placing diagram scores what its caption says, with both words glowing on the ring
    from scenes.views.iriri.view import IririView
    section = rules.sections[2]
    view = IririView(app, SPEC)
    view.input_enabled = False
    view.layout(pygame.Rect(0, 0, 600, 500))
    view.set_state(SPEC.from_position(section["diagram"]["position"]))
    view.marks = tuple(section["diagram"]["marks"])
    view.draw(pygame.Surface((600, 500), pygame.SRCALPHA))
    assert view.placement.points == 6 and "scores 6" in section["diagram"]["caption"]
    assert len(view.ring.runs(view.placement.words, len(view.state.ring))) == 6


def test_a_small_window_keeps_everything_in_the_board_area(app):
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    play = start(app)
    view = play.view
    for rect in (view.trays.rects[0], view.trays.rects[1], view.board.viewport, view.ring.rect,
                 view.trays.button_rect(0)):
        assert view.rect.contains(rect)
    for i in range(len(play.state.ring)):
        assert view.ring.rect.contains(view.ring.piece_rect(i, len(play.state.ring)))
    move = max(play.state.legal_moves(), key=lambda m: len(m.pieces))
    play_place(app, play, move)
    assert play.state.phase == "take"


def test_each_tray_is_headed_by_its_colour_and_seat_name(app):
    # the default window has room for both words on both trays (Yellow's used to lose its own)
    play = start(app, names=("Player 1", "Player 2"))
    titles = [play.view.trays.title(p)[0] for p in (0, 1)]
    assert titles == ["YELLOW  Player 1", "BLUE  Player 2"]
    app.stack.pop()
    app.stack.pop()
    frames(app, 2)
    # the smallest window keeps at least the seat's name, in the seat's ink
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    play = start(app, names=("Player 1", "Player 2"))
    for p in (0, 1):
        title, img = play.view.trays.title(p)
        assert title.endswith(f"Player {p + 1}")
        assert img.get_width() <= play.view.trays.hand_area(p).x - play.view.trays.header(p)[0]


# Yellow's one pyramid fits nowhere and Blue's hand is empty: two passes end the game.
STUCK = {"ring": ["Ys", "Ym", "Yl", "Bs", "Bm", "Bl"],
         "board": {"0,0": "Bl", "1,0": "Ym", "2,0": "Bm", "3,0": "Yl", "4,0": "Bl", "5,0": "Bl",
                   "0,1": "Bs", "1,1": "Bs", "2,1": "Ys", "3,1": "Yl", "4,1": "Ys", "5,1": "Bl",
                   "0,2": "Bs", "1,2": "Ym", "2,2": "Yl", "3,2": "Bm", "4,2": "Bs", "5,2": "Bm",
                   "0,3": "Ys", "1,3": "Yl", "2,3": "Ys", "3,3": "Bm", "4,3": "Ym"},
         "hands": [["Ym"], []], "scores": [3, 6.5], "to_move": 0, "phase": "place",
         "first_done": True}


def drawn_words(monkeypatch):
    """Every text the screens draw from now on (through ``assets.text`` and
    ``assets.paragraph``), in order."""
    from scenes import assets
    seen = []
    text, paragraph = assets.text, assets.paragraph

    def spy_text(surface, words, *args, **kwargs):
        seen.append(str(words))
        return text(surface, words, *args, **kwargs)

    def spy_paragraph(surface, words, *args, **kwargs):
        seen.append(str(words))
        return paragraph(surface, words, *args, **kwargs)

    monkeypatch.setattr(assets, "text", spy_text)
    monkeypatch.setattr(assets, "paragraph", spy_paragraph)
    return seen


def test_hand_empty_is_written_clear_of_the_tray_slots(app):
    play = start(app)
    set_position(play, STUCK)
    frames(app, 2)
    area = play.view.trays.hand_area(1)            # Blue holds nothing
    words = [(x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)
             if sum(abs(a - b) for a, b in zip(pixel((x, y)), (200, 184, 160))) < 60]
    assert words, "the tray says its hand is empty"
    xs, ys = [x for x, _ in words], [y for _, y in words]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    lines = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
             if pixel((x, y)) == (0, 0, 0)]
    assert not lines, f"slot outlines run through the words 'hand empty' at {lines[:3]}"
    assert box.height >= 10, "the words are big enough to read"


def test_results_write_half_points_as_the_board_does(app, monkeypatch):
    play = start(app)
    set_position(play, STUCK)
    frames(app, 2)
    for _ in range(2):                          # Yellow, then Blue, must pass
        click(app, play.view.trays.button_rect(play.state.mover).center)
        settle(app, play)
    assert play.state.is_over and play.state.scores == (3, 6.5)
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    seen = drawn_words(monkeypatch)
    frames(app, 2)
    assert "6½" in seen, "the final score is written 6½, as on the board"
    assert not [w for w in seen if "6.5" in w], "nowhere is it written 6.5"
    assert any("6½ to 3" in w for w in seen), "the end text says it the same way"
