"""Calabria played headless through the real play scene, by pointer: placing from the
trays, moving by drag and by click, Dux jump chains, barricades, refusals, captures,
the end of a game and undo."""

import pygame

from game.calabria import square_index
from helpers import click, frames, move_pointer, press, set_position, wait_until
from scenes.play import PlayScene
from scenes.results import ResultsScene
from scenes.rules import RulesScene
from scenes.setup import SetupScene


def start(app):
    click(app, app.stack.top.play_buttons["calabria"].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.starter = "0"          # Player 1 leads the Romans
    for i, seat in enumerate(setup.seats):
        seat["name"] = f"Player {i + 1}"
    press(app, "Start game")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    return play


def centre(play, name):
    return play.view.board.square_rect(square_index(name)).center


def press_at(app, pos):
    move_pointer(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])),
                                         button=1))
    frames(app, 1)


def release_at(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])),
                                         button=1))
    frames(app, 2)


def drag_to(app, pos):
    """With the button held, carry the pointer to ``pos`` in a few steps."""
    for _ in range(3):
        move_pointer(app, pos, buttons=(1, 0, 0))


def drag(app, a, b):
    press_at(app, a)
    drag_to(app, b)
    release_at(app, b)


def settle(app, play):
    assert wait_until(app, lambda: not play.view.busy, seconds=10)
    frames(app, 2)


def pixel(app, pos):
    return tuple(pygame.display.get_surface().get_at((int(pos[0]), int(pos[1]))))[:3]


def movement(play, rows, to_move=0, **extra):
    return set_position(play, {"board": rows, "phase": "movement", "to_move": to_move, **extra})


# The rules' own diagrams, as starting points.
JUMP = [".g..........", ".........G..", "..r....g....", "............",
        "....rr......", "...r....g...", "...R........", "............"]
PINNED = [".......g....", ".g.......G..", ".....r......", "............",
          "..gRg.......", "............", "........r...", "............"]
DUX_RING = ["...rGr......", "............", "..r.....g...", "....r.......",
            "............", ".R..........", ".......g....", "............"]


def test_a_piece_dragged_from_the_tray_is_placed(app):
    play = start(app)
    view = play.view
    assert view.trays.rects[0].top > view.board.rect.bottom, "the Roman tray lies below rank 1"
    assert "place a piece - 12 pieces and the Dux left" in play.prompt()
    dux_slot = view.trays.slot_rect(0, 0).center
    press_at(app, dux_slot)
    drag_to(app, centre(play, "e3"))
    assert view.held == ("hand", "D") and view.dragging
    assert "The Dux: put it on any empty square" in view.status
    release_at(app, centre(play, "e3"))
    settle(app, play)
    assert play.state.piece_at("e3") == "R"
    assert play.state.in_hand[0] == (12, 0)
    assert play.move_texts[-1] == "Player 1: Dux on e3"
    assert play.prompt().startswith("Gladiators (Player 2): place a piece")


def test_click_a_tray_piece_then_a_square(app):
    play = start(app)
    view = play.view
    click(app, view.trays.slot_rect(0, 5).center)    # a Roman piece in the tray
    assert view.held == ("hand", "V") and play.cursor == 0
    move_pointer(app, centre(play, "c2"))
    click(app, centre(play, "c2"))
    settle(app, play)
    assert play.state.piece_at("c2") == "r" and play.state.in_hand[0] == (11, 1)
    # the Romans' tray is out of bounds while the Gladiators place
    click(app, view.trays.slot_rect(0, 3).center)
    assert view.held is None and "Gladiators' turn" in view.status
    click(app, view.trays.slot_rect(1, 0).center)    # the Gladiator Dux
    assert view.held == ("hand", "D")
    click(app, centre(play, "c2"))                   # taken: refused, with the reason
    assert play.cursor == 1 and "taken" in view.status
    click(app, view.trays.slot_rect(1, 0).center)
    click(app, centre(play, "h7"))
    settle(app, play)
    assert play.state.piece_at("h7") == "G"


def test_the_whole_positioning_phase_by_mouse(app):
    play = start(app)
    view = play.view
    roman = [f"{f}2" for f in "abcdefghijkl"] + ["f1"]
    gladiator = [f"{f}7" for f in "abcdefghijkl"] + ["g8"]
    for k in range(13):
        for side, squares in ((0, roman), (1, gladiator)):
            assert play.state.mover == side
            if k % 3 == 0 and k < 12:                # some dragged from the tray...
                drag(app, view.trays.slot_rect(side, play.state.in_hand[side][0]).center,
                     centre(play, squares[k]))
            else:                                    # ...some clicked straight onto a square
                click(app, centre(play, squares[k]))
            settle(app, play)
    s = play.state
    assert s.phase == "movement" and play.cursor == 26
    assert s.piece_at("f1") == "R" and s.piece_at("g8") == "G", "the Dux goes down last"
    assert s.board.count("r") == 12 and s.board.count("g") == 12
    assert any(b.text == "To battle!" for b in view.banners)
    assert play.prompt() == "Romans (Player 1): move a piece or place a barricade"


def test_a_move_by_drag_shows_its_destinations(app):
    play = start(app)
    movement(play, PINNED)
    view = play.view
    frames(app, 2)
    targets = [square_index(n) for n in ("i1", "i4", "l2")]
    before = [pixel(app, view.board.square_rect(t).center) for t in targets]
    press_at(app, centre(play, "i2"))
    drag_to(app, centre(play, "k5"))          # not a target: nothing to mark there
    assert view.held == ("piece", square_index("i2")) and view.dragging
    after = [pixel(app, view.board.square_rect(t).center) for t in targets]
    assert all(a != b for a, b in zip(before, after)), "destination squares are marked"
    assert set(targets) <= set(play.state.destinations("i2"))
    drag_to(app, centre(play, "i5"))
    assert "Piece i2-i5: release to move there" in view.status
    release_at(app, centre(play, "i5"))
    settle(app, play)
    assert play.state.piece_at("i5") == "r" and play.state.piece_at("i2") is None
    assert play.move_texts[-1] == "Player 1: i2-i5"
    # a drop on a square it cannot reach is refused with the engine's reason
    press_at(app, centre(play, "h8"))
    drag_to(app, centre(play, "g7"))
    release_at(app, centre(play, "g7"))
    assert play.cursor == 1 and "straight lines" in view.status
    click(app, centre(play, "h8"))            # the same by two clicks
    click(app, centre(play, "i7"))
    assert play.cursor == 1 and view.held is None and "straight lines" in view.status


def test_the_dux_jump_chain_is_drawn_and_hops(app):
    play = start(app)
    movement(play, JUMP)
    view = play.view
    frames(app, 2)
    click(app, centre(play, "d2"))            # pick up the Dux by a click
    assert view.held == ("piece", square_index("d2"))
    d3 = view.board.square_rect(square_index("d3"))
    probe = (d3.centerx + int(view.board.cell * 0.42), d3.centery)   # the bow of the hop d2-d4
    plain = pixel(app, probe)
    move_pointer(app, centre(play, "g4"))
    assert "Dux d2-g4: a chain of 2 jumps" in view.status
    assert pixel(app, probe) != plain, "the chain through d4 is drawn"
    click(app, centre(play, "g4"))
    assert view.busy and len(view.anim.legs) == 2, "the Dux hops d2-d4, then d4-g4"
    settle(app, play)
    assert play.state.piece_at("g4") == "R"
    assert play.move_texts[-1] == "Player 1: Dux d2-g4 (jump)"


def test_a_barricade_from_the_supply_with_its_squares_marked(app):
    play = start(app)
    movement(play, JUMP[:3] + ["......X....."] + JUMP[4:], barricades=[3, 4])
    view = play.view
    frames(app, 2)
    allowed = view.board.square_rect(square_index("b4"))
    near = view.board.square_rect(square_index("h4"))
    quiet_allowed, quiet_near = pixel(app, allowed.center), pixel(app, near.center)
    badge = view.trays.supply_rect(0)
    move_pointer(app, badge.center)
    assert view.status == "3 barricades left: drag one onto the board, or take one with Enter"
    press_at(app, badge.center)
    drag_to(app, centre(play, "a1"))
    assert view.held == ("barricade",)
    assert pixel(app, allowed.center) != quiet_allowed, "b4 is marked for a barricade"
    assert pixel(app, near.center) == quiet_near, "h4, next to g5's barricade, is not"
    drag_to(app, near.center)
    release_at(app, near.center)
    assert play.cursor == 0 and "two squares apart" in view.status
    drag(app, badge.center, allowed.center)
    settle(app, play)
    assert play.state.piece_at("b4") == "X" and play.state.barricades_left == (2, 4)
    assert play.move_texts[-1] == "Player 1: barricade b4"
    # Gladiators now; the Roman stack is not theirs to take from
    click(app, badge.center)
    assert view.held is None and "belong to the Romans" in view.status


def test_a_pinned_piece_is_refused_with_the_reason(app):
    play = start(app)
    movement(play, PINNED)
    view = play.view
    frames(app, 2)
    assert square_index("d4") in view.pinned, "the pinned Dux wears a shackle"
    move_pointer(app, centre(play, "d4"))
    assert view.status.startswith("Pinned (Alligatus)"), "pointing at it says so"
    click(app, centre(play, "d4"))
    assert view.held is None and play.cursor == 0
    assert "pinned (Alligatus)" in view.status and view.status.startswith("Not allowed")
    click(app, centre(play, "c4"))
    assert "Gladiator piece" in view.status


def test_a_capture_is_animated_and_counted(app):
    play = start(app)
    app.settings.set("animation_speed", 1.0)
    movement(play, PINNED)
    view = play.view
    assert view.trays.trophy_count(play.state, 0, view.anim) == 8, \
        "four Gladiator pieces are left of twelve"
    press_at(app, centre(play, "f6"))
    drag_to(app, centre(play, "f4"))
    assert "f6-f4 - captures e4: release to move there" in view.status
    assert view.preview == (square_index("e4"),), "the piece about to fall is marked"
    release_at(app, centre(play, "f4"))
    assert play.state.piece_at("e4") is None
    assert view.busy and [sq for sq, _ in view.anim.captured] == [square_index("e4")]
    assert view.trays.trophy_count(play.state, 0, view.anim) == 8, \
        "the count rises when the piece has gone"
    assert wait_until(app, lambda: view.anim is None or view.anim.arrived, seconds=5)
    frames(app, 10)
    assert view.anim is not None, "the taken piece is still fading"
    settle(app, play)
    assert view.trays.trophy_count(play.state, 0, view.anim) == 9
    assert "capture" in app.sounds.played
    assert any(b.text == "Capture!" for b in view.banners)
    assert play.move_texts[-1] == "Player 1: f6-f4, captures e4"
    assert square_index("d4") not in view.pinned, "the Dux is free again"


def test_a_game_played_to_its_end_shows_how_it_was_won(app):
    play = start(app)
    movement(play, DUX_RING)
    view = play.view
    frames(app, 2)
    assert square_index("e8") in view.threatened, "the Gladiator Dux is in danger"
    click(app, centre(play, "e5"))
    click(app, centre(play, "e7"))
    assert play.state.is_over
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    results = app.stack.top
    assert results.headline == "Player 1 wins!"
    assert results.outcome["reason"] == "Player 1 (Romans) captured the Gladiator Dux."
    assert "e5-e7, takes the Dux" in results.move_texts[-1]
    frames(app, 2)


def test_undo_takes_back_a_move_and_a_placement(app):
    play = start(app)
    click(app, centre(play, "a1"))
    settle(app, play)
    click(app, centre(play, "l8"))
    settle(app, play)
    assert play.cursor == 2
    press(app, "Undo")
    assert play.cursor == 1 and play.state.piece_at("l8") is None
    assert play.view.state is play.state and play.view.status == "Move taken back."
    press(app, "Undo")
    assert play.state.board == "." * 96 and play.state.in_hand == ((12, 1), (12, 1))


def test_counters_show_when_they_matter(app):
    play = start(app)
    state = movement(play, JUMP, quiet_plies=40)
    assert play.view.words.counters(play.state) == ""
    key = state.key
    movement(play, JUMP, quiet_plies=83, history=[key])
    words = play.view.words.counters(play.state)
    assert "quiet moves: 83/100" in words and "position seen twice" in words
    frames(app, 2)


def test_rules_diagrams_and_a_small_window(app):
    click(app, app.stack.top.rules_buttons["calabria"].rect.center)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    for _ in range(len(rules.sections)):
        from helpers import key
        key(app, pygame.K_RIGHT)
    press(app, "Back")
    play = start(app)
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    frames(app, 2)
    view = play.view
    assert view.rect.contains(view.trays.rects[0]) and view.rect.contains(view.trays.rects[1])
    assert view.rect.contains(view.board.frame)
    click(app, view.board.square_rect(square_index("l1")).center)
    settle(app, play)
    assert play.state.piece_at("l1") == "r"


def test_a_hint_is_shown_on_the_board(app):
    play = start(app)
    movement(play, PINNED)
    press(app, "Hint")
    assert wait_until(app, lambda: play.view.hint_move is not None, seconds=30)
    assert play.view.hint_move in play.state.legal_moves()
    assert play.view.status.startswith("Hint: ")


def test_setup_names_the_sides_and_against_the_computer_offers_a_fair_level(app):
    click(app, app.stack.top.play_buttons["calabria"].rect.center)
    setup = app.stack.top
    assert setup.sides_note == "Whoever starts plays Romans; the other plays Gladiators."
    press(app, "Against the computer")
    assert setup.seats[1]["kind"] == "computer:medium"


def gladiators_against_the_computer(app, **settings):
    from game import GAMES
    for name, value in settings.items():
        app.settings.set(name, value)
    config = {"game": "calabria", "variant": GAMES["calabria"].variants[0], "options": {},
              "starter": "1", "time_control": None,
              "seats": [{"name": "Romans", "kind": "computer", "level": "random"},
                        {"name": "Ann", "kind": "human"}]}
    play = app.stack.push("play", config=config, seed=1)
    play.thinker.cancel()
    play.apply(next(m for m in play.state.legal_moves() if m.to == square_index("a1")))
    play.view.finish_animation()
    frames(app, 2)
    return play


def corner(board, right, bottom):
    """The centre of the board's square drawn in that corner, by the picture alone."""
    c = board.cell
    return (board.rect.right - c // 2 if right else board.rect.x + c // 2,
            board.rect.bottom - c // 2 if bottom else board.rect.y + c // 2)


def test_a_player_alone_with_the_gladiators_sees_their_side_nearest(app):
    play = gladiators_against_the_computer(app)
    view = play.view
    board, trays = view.board, view.trays
    assert play.state.mover == 1, "the Gladiators to act"
    assert trays.rects[1].top > board.rect.bottom, "the Gladiators' tray below the board"
    assert trays.rects[0].bottom < board.rect.top, "the Romans' tray above it"
    # the Roman piece on a1 stands in the far right corner
    assert board.square_at(corner(board, right=True, bottom=False)) == square_index("a1")
    click(app, corner(board, right=False, bottom=True))      # the near left square
    assert play.cursor == 2 and play.state.board[square_index("l8")] == "g", \
        "the click lands on l8, the Gladiators' corner nearest the player"
    # rank 8 is written nearest the player, file l at the left
    assert play.move_texts[-1].endswith("l8")


def test_the_board_turn_can_be_switched_off_and_is_only_for_one_gladiator(app, tmp_path):
    play = gladiators_against_the_computer(app, turn_board=False)
    board = play.view.board
    assert play.view.trays.rects[1].bottom < board.rect.top, "Gladiators above, as usual"
    assert board.square_at(corner(board, right=False, bottom=True)) == square_index("a1")
    app.settings.set("turn_board", True)                  # changed from the pause menu
    frames(app, 2)
    assert board.square_at(corner(board, right=False, bottom=True)) == square_index("l8")
    play.view.seats[0]["kind"] = "human"                  # two at one screen: as usual
    frames(app, 2)
    assert board.square_at(corner(board, right=False, bottom=True)) == square_index("a1")


def test_the_settings_offer_the_turned_board_in_a_small_window(tmp_path):
    from helpers import make_app
    app = make_app(tmp_path, size=(960, 600))
    settings = app.stack.push("settings")
    frames(app, 2)
    row = next(y for text, y in settings.rows if text.startswith("Turn the board"))
    assert settings.turn_board.rect.y == row and settings.turn_board.selected_option[0] == "On"
    assert settings.box.bottom <= settings.back_button.rect.top
    assert settings.back_button.rect.bottom <= 600
    from test_scenes_calliro import choose
    choose(app, settings.turn_board, "0")
    assert app.settings["turn_board"] is False
    app.close()
