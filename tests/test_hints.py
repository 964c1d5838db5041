"""What a newcomer reads and sees in Callisto and Iriri: the Hint button's move named in
words and its piece ringed in the tray, pieces named the way the rules name them, the
H key's words following what it does, refusals that state the rule, an Iriri hand whose
pyramids keep their slots while a word is built, and the centre mark kept under the
pieces."""

import pygame
import pytest

from game import GAMES
from game.callisto import PIECES, CallistoState
from game.iriri import Place
from helpers import click, frames, key, make_app, move_pointer, press, set_position, wait_until
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.setup import SetupScene
from scenes.views.callisto.board import HINT as CALLISTO_HINT
from scenes.views.iriri import art

SIZES = ((960, 600), (1920, 1080))


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request, tmp_path):
    app = make_app(tmp_path, size=request.param)
    app.settings.set("animation_speed", 4.0)
    app.stack.push(MenuScene(app))
    frames(app, 2)
    yield app
    app.close()


def start(app, game, variant=None):
    click(app, app.stack.top.play_buttons[game].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    if variant is not None:
        setup.variant = variant
        setup._fit_seats()
    for seat, name in zip(setup.seats, ("Ann", "Bo")):
        seat["name"] = name
    setup.starter = "0"
    setup.resize()
    press(app, "Start game")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    frames(app, 2)
    return play


class Hinter:
    """Stands in for the hint's worker: it answers ``text`` at once, as a Medium computer
    player would after thinking."""

    def __init__(self, text):
        self.text = text
        self.asked = False

    def start(self, *args, **kwargs):
        self.asked = True

    def poll(self):
        return (self.text, None) if self.asked else None

    def cancel(self):
        self.asked = False

    def close(self):
        pass


def ask_hint(app, play, text):
    """Press Hint, the computer answering ``text``; the board then shows it."""
    play.hinter.close()
    play.hinter = Hinter(text)
    press(app, "Hint")
    assert wait_until(app, lambda: play.view.hint_move is not None, seconds=5)
    move_pointer(app, (2, app.screen.get_height() - 2))     # nothing under the pointer
    frames(app, 2)


def ringed(app, rect, colour, width=3) -> bool:
    """Whether a ring of ``colour`` runs round ``rect`` (the middles of its four sides)."""
    screen = app.screen
    sides = [(rect.centerx, rect.top + 1), (rect.centerx, rect.bottom - 2),
             (rect.left + 1, rect.centery), (rect.right - 2, rect.centery)]
    for x, y in sides:
        near = [tuple(screen.get_at((x + dx, y + dy)))[:3]
                for dx in range(-width, width + 1) for dy in range(-width, width + 1)]
        if not any(sum(abs(a - b) for a, b in zip(p, colour)) < 30 for p in near):
            return False
    return True


# --- Callisto -------------------------------------------------------------------------------

def callisto_after(play, texts):
    """Play ``texts`` (moves as the rules write them) on ``play``."""
    for text in texts:
        assert play.apply(play.spec.parse_move(play.state, text))
        play.view.finish_animation()


def test_callisto_hint_names_the_piece_and_rings_it_in_the_movers_tray(app):
    play = start(app, "callisto")
    view = play.view
    callisto_after(play, ["e9", "l8", "d12", "m5", "e8,f8,g8,f9"])    # Green to move
    state = play.state
    assert state.colour == 1
    move = next(m for m in state.legal_moves() if state.move_piece(m) == "L4")
    where = play.spec.format_move(state, move)
    frames(app, 2)
    slot = view.trays[1].slots["L4"]
    assert not ringed(app, slot.inflate(2, 2), CALLISTO_HINT), "no ring before the hint"
    ask_hint(app, play, where)
    assert play.status_text() == f"Hint: the L tetromino at {where} - marked in the Green tray"
    assert ringed(app, slot.inflate(2, 2), CALLISTO_HINT), "the hinted piece is ringed"
    for name in ("V3", "T4", "1"):          # the look-alikes are not
        assert not ringed(app, view.trays[1].slots[name].inflate(2, 2), CALLISTO_HINT), name
    assert not ringed(app, view.trays[0].slots["L4"].inflate(2, 2), CALLISTO_HINT), \
        "only in the tray of the colour to move"


def test_callisto_names_pieces_in_words_in_the_move_list_hover_and_prompt(app):
    play = start(app, "callisto")
    view = play.view
    callisto_after(play, ["e9", "l8", "d12", "m5", "e8,f8,g8,f9", "l6,k7,l7"])
    assert play.move_texts[-2:] == ["Ann: T tetromino at e8,f8,g8,f9",
                                    "Bo: V tromino at l6,k7,l7"]
    frames(app, 2)
    move_pointer(app, view.trays[0].slots["O"].center)
    assert view.status == "The 2x2 square: click or Enter to pick it up."
    move_pointer(app, view.trays[0].slots["L4"].center)
    assert view.status == "The L tetromino: click or Enter to pick it up."
    click(app, view.trays[0].slots["W"].center)
    short = view.rect.width < 800           # the prompt of a small window is shorter
    assert play.status_text().startswith("Blue (Ann): place the W pentomino." if short else
                                         "Blue (Ann): click a square to place the W pentomino.")


def test_every_piece_has_words_and_every_refusal_states_the_rule():
    from game.callisto import piece_words      # one function names pieces for every screen
    assert [piece_words(p.name) for p in PIECES] == [
        "the 1x1", "the domino", "the I tromino", "the V tromino", "the 2x2 square",
        "the Z tetromino", "the T tetromino", "the L tetromino", "the U pentomino",
        "the T pentomino", "the X pentomino", "the W pentomino"]
    state = CallistoState("callisto_2")
    geo = state.geo
    centre = geo.centre_cells[0]
    refusals = {state.placement_problem([centre]),                 # a 1x1 in the centre
                state.placement_problem([(4, 9), (4, 8)]),         # a domino first
                state.placement_problem([(0, 0)]),                 # off the board
                state.placement_problem([(5, 5), (7, 5)])}         # no piece
    for text in ("e9", "l8", "d12", "m5"):
        state = state.play(GAMES["callisto"].parse_move(state, text))
    refusals.add(state.placement_problem([geo.parse_cell("h2"), geo.parse_cell("i2")]))
    #             (a domino touching nothing blue)
    refusals.add(state.placement_problem([geo.parse_cell("e9")]))  # a taken square
    assert refusals == {
        "the 1x1 may not be put in the centre",
        "a colour's first two moves must be 1x1s",
        "a piece must lie wholly on the board",
        "the squares must form one of the Callisto pieces",
        "a piece larger than a 1x1 must share an edge with its own colour",
        "a piece may only cover empty squares (e9 is taken)"}


def test_the_h_words_follow_whether_the_marks_are_shown(app):
    play = start(app, "callisto")
    view = play.view
    callisto_after(play, ["e9", "l8", "d12", "m5"])
    frames(app, 2)
    shows = "(H shows where pieces fit)"
    hides = "(H hides where pieces fit)"
    if app.screen.get_width() < 1100:       # the short prompt leaves the key out
        assert "(H " not in play.status_text()
        return
    assert play.status_text().endswith(f"{shows}.")
    key(app, pygame.K_h)                    # the marks come on, and the words say so
    assert "H hides them" in play.status_text()
    move_pointer(app, view.trays[0].slots["2"].center)
    move_pointer(app, (2, app.screen.get_height() - 2))   # the status is the prompt again
    assert view.overview and play.status_text().endswith(f"{hides}.")
    callisto_after(play, ["e8,f8,g8,f9"])   # still shown on the next turn: still "hides"
    frames(app, 2)
    assert view.overview and play.status_text().endswith(f"{hides}.")
    key(app, pygame.K_h)
    move_pointer(app, view.trays[1].slots["2"].center)
    move_pointer(app, (2, app.screen.get_height() - 2))
    assert not view.overview and play.status_text().endswith(f"{shows}.")


# --- Iriri --------------------------------------------------------------------------------

# Yellow to place after the first word Ys-Bm; the ring spells Ys-Bm-Yl (once).
RING = ["Ys", "Bm", "Yl", "Bs", "Ym", "Bl", "Ym", "Ym", "Ym", "Bs", "Bs", "Bs", "Bl", "Bl",
        "Bl", "Yl", "Yl", "Yl", "Bm", "Bm", "Ys", "Ys"]
OPENED = {"ring": RING, "board": {"0,0": "Ys", "0,1": "Bm"},
          "hands": [["Ys", "Ym", "Yl"], ["Bs", "Bm", "Bl"]], "scores": [6.5, 0],
          "to_move": 0, "phase": "place", "first_done": True}


def drag(app, a, b):
    move_pointer(app, a)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(a[0]), int(a[1])),
                                         button=1))
    frames(app, 1)
    for k in range(1, 4):
        move_pointer(app, (a[0] + (b[0] - a[0]) * k / 3, a[1] + (b[1] - a[1]) * k / 3),
                     (1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(b[0]), int(b[1])),
                                         button=1))
    frames(app, 2)


def test_iriri_hint_says_which_pyramid_and_where_and_rings_it_in_the_hand(app):
    play = start(app, "iriri")
    set_position(play, OPENED)
    view = play.view
    trays = view.trays
    frames(app, 2)
    assert not ringed(app, trays.slot_rect(0, 2).inflate(2, 2), art.HINT)
    ask_hint(app, play, "Yl@0,2")
    assert isinstance(view.hint_move, Place)
    assert play.status_text() == ("Hint: your large yellow pyramid just right of the medium "
                                  "blue pyramid, for 3 points (Yl@0,2)")
    assert ringed(app, trays.slot_rect(0, 2).inflate(2, 2), art.HINT), "the large one is ringed"
    for slot in (0, 1):
        assert not ringed(app, trays.slot_rect(0, slot).inflate(2, 2), art.HINT), slot
    for slot in range(3):
        assert not ringed(app, trays.slot_rect(1, slot).inflate(2, 2), art.HINT), "not Blue's"


def test_iriri_first_word_hint_starts_from_the_marked_centre_cell(app):
    play = start(app, "iriri")
    hand = play.state.hands[0]
    first, second = hand[0], hand[1]
    ask_hint(app, play, f"{first}@0,0 {second}@0,1")
    words = {"s": "small", "m": "medium", "l": "large"}
    assert play.status_text() == (
        f"Hint: your yellow pyramids ({words[first[1]]} and {words[second[1]]}), in that order, "
        f"going right from the marked centre cell, for 6½ points ({first}@0,0 {second}@0,1)")
    for slot in (0, 1):
        assert ringed(app, play.view.trays.slot_rect(0, slot).inflate(2, 2), art.HINT)


def test_iriri_hand_pyramids_keep_their_slots_until_the_word_is_played(app):
    play = start(app, "iriri")
    view = play.view
    trays = view.trays
    hand = list(play.state.hands[0])
    assert len(hand) == 3
    slot = [trays.slot_rect(0, i).center for i in range(3)]
    cell = lambda c: view.board.cell_rect(c).center           # noqa: E731
    drag(app, slot[1], cell((0, 0)))                          # the middle one goes first
    assert view.placement.pieces == {(0, 0): hand[1]}
    assert view.hand_shown(0) == [hand[0], None, hand[2]], "the others stay where they were"
    drag(app, slot[2], cell((0, 1)))                          # the last slot still holds one
    assert view.placement.pieces == {(0, 0): hand[1], (0, 1): hand[2]}, \
        "the drag takes the pyramid the player saw in that slot"
    drag(app, slot[1], cell((0, 2)))                          # an empty slot gives nothing
    assert (0, 2) not in view.placement.pieces
    assert view.hand_shown(0) == [hand[0], None, None]
    click(app, cell((0, 0)), button=3)                        # taken back: to its own slot
    assert view.hand_shown(0) == [hand[0], hand[1], None]
    key(app, pygame.K_ESCAPE)                                 # all taken back: closed up
    frames(app, 2)
    assert view.hand_shown(0) == hand


def test_iriri_centre_mark_stays_under_a_pending_pyramid(app):
    play = start(app, "iriri")
    view = play.view
    screen = app.screen
    hand = play.state.hands[0]
    small = next(i for i, t in enumerate(hand) if t[1] == "s")
    size = max(6, int(view.board.camera.cell))
    centre = view.board.cell_rect((0, 0))
    # the ring of the mark: right of the middle and above it, wider than a small pyramid
    ring = [(dx, 0) for dx in range(int(size * 0.29), int(size * 0.35))] + \
        [(0, -dy) for dy in range(int(size * 0.29), int(size * 0.35))]

    def seen():
        return [tuple(screen.get_at((centre.x + size // 2 + dx, centre.y + size // 2 + dy)))[:3]
                for dx, dy in ring]

    cloth = art.CLOTH[view._style()][0]
    assert any(sum(abs(a - b) for a, b in zip(p, cloth)) > 60 for p in seen()), \
        "the empty board marks its centre cell"
    drag(app, view.trays.slot_rect(0, small).center, centre.center)
    assert view.placement.pieces == {(0, 0): hand[small]}
    frames(app, 2)
    # what a pending small pyramid on plain cloth looks like there: no ring of the mark
    # showing through it or round it
    alone = pygame.Surface((size, size))
    alone.fill(cloth)
    alone.blit(art.pyramid(hand[small], size, "pending"), (0, 0))
    expected = [tuple(alone.get_at((size // 2 + dx, size // 2 + dy)))[:3] for dx, dy in ring]
    assert all(sum(abs(a - b) for a, b in zip(p, q)) < 24 for p, q in zip(seen(), expected)), \
        (seen(), expected)
