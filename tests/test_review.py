"""The review screen headless: stepping by keys, buttons, clicks and the slider (a step
forward animates, a jump does not), Play from here, the analysis with its chart, marks
and ghost, Stop, the library seam, Review from the results screen."""

import random

import pygame
import pytest

from game import GAMES
from game.records.record import make_record
from helpers import button, click, frames, key, make_app, move_pointer, press, wait_until
from scenes.menu import MenuScene

from test_analysis import CALLA_WIN, calla_blunder_record, seats

FAST = {"seconds": None, "iterations": 5000}


def opening_record(moves=6, seed=2, game="calla", variant=None):
    """A game of ``moves`` random moves (fewer if it ends) from the opening, at its end."""
    spec = GAMES[game]
    start = spec.new_game(variant=variant, seed=seed)
    state, texts = start, []
    rng = random.Random(seed)
    while len(texts) < moves and not state.is_over:
        move = rng.choice(state.legal_moves())
        texts.append(spec.format_move(state, move))
        state = state.play(move)
    config = {"game": game, "options": {}, "seats": seats(spec.players(variant))}
    if variant:
        config["variant"] = variant
    return make_record(config, start, texts)


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, size=(1280, 800))
    app.settings.set("animation_speed", 4.0)
    app.stack.push(MenuScene(app))
    frames(app, 2)
    yield app
    app.close()


def open_review(app, record, kept_id=None):
    review = app.stack.push("review", record=record, kept_id=kept_id)
    frames(app, 2)
    return review


def shows(review, index):
    """The review stands on position ``index`` and the board shows it."""
    return review.cursor == index and review.view.state == review.states[index]


# --- stepping ---------------------------------------------------------------------------

def test_the_review_opens_where_the_record_stands(app):
    record = opening_record(6)
    review = open_review(app, record)
    assert shows(review, 6) and len(review.move_texts) == 6
    assert review.move_texts[0].startswith("Ann: ")
    assert not button(app, ">").is_enabled and button(app, "<").is_enabled


def test_keys_step_and_jump(app):
    review = open_review(app, opening_record(6))
    key(app, pygame.K_HOME)
    assert shows(review, 0) and not review.view.busy
    key(app, pygame.K_RIGHT, settle=1)
    assert shows(review, 1) and review.view.busy, "a step forward animates"
    key(app, pygame.K_RIGHT, settle=1)
    assert shows(review, 2)
    key(app, pygame.K_LEFT, settle=1)
    assert shows(review, 1) and not review.view.busy, "a step back shows the position at once"
    key(app, pygame.K_END, settle=1)
    assert shows(review, 6) and not review.view.busy
    key(app, pygame.K_RIGHT)
    assert shows(review, 6)


def test_buttons_step_and_jump(app):
    review = open_review(app, opening_record(6))
    press(app, "|<")
    assert shows(review, 0)
    press(app, ">", settle=2)
    assert shows(review, 1) and review.view.busy
    assert wait_until(app, lambda: not review.view.busy, seconds=10)
    press(app, ">|", settle=2)
    assert shows(review, 6) and not review.view.busy
    press(app, "<", settle=2)
    assert shows(review, 5) and not review.view.busy


def test_a_click_on_a_move_shows_the_position_after_it_at_once(app):
    review = open_review(app, opening_record(6))
    key(app, pygame.K_HOME)
    click(app, review.moves.row_rect(4).center, settle=1)
    assert shows(review, 4) and not review.view.busy
    click(app, review.moves.row_rect(1).center, settle=1)
    assert shows(review, 1) and not review.view.busy


def test_the_slider_jumps_where_it_is_clicked_and_dragged(app):
    review = open_review(app, opening_record(6))
    track = review.slider.rect
    click(app, (track.x + 12, track.centery), settle=1)
    assert shows(review, 0)
    click(app, (track.right - 12, track.centery), settle=1)
    assert shows(review, 6) and not review.view.busy
    # press at the start, drag to the middle, let go
    start = move_pointer(app, (track.x + 12, track.centery))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    assert shows(review, 0)
    move_pointer(app, (review.slider.x_of(3), track.centery), buttons=(1, 0, 0))
    assert shows(review, 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    move_pointer(app, (review.slider.x_of(5), track.centery))
    assert shows(review, 3), "the knob stays where it was let go"


def test_a_long_game_scrolls_the_move_list_to_the_position_shown(app):
    review = open_review(app, opening_record(60, seed=5, game="callisto"))
    assert len(review.notation) > review.moves.rows + 2
    key(app, pygame.K_HOME)
    assert review.moves.first == 0
    key(app, pygame.K_END)
    assert review.moves.row_rect(review.cursor) is not None
    click(app, review.moves.row_rect(review.moves.first + 1).center)
    assert shows(review, review.moves.first + 1)


def test_esc_and_back_close_the_review(app):
    open_review(app, opening_record(2))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
    open_review(app, opening_record(2))
    press(app, "Back")
    assert isinstance(app.stack.top, MenuScene)


def test_a_damaged_record_opens_nothing(app):
    from game.records.record import RecordProblem
    record = opening_record(4)
    record["moves"][2] = "9"
    with pytest.raises(RecordProblem, match="move 3"):
        app.stack.push("review", record=record)
    assert isinstance(app.stack.top, MenuScene)


def test_calliro_undersides_are_shown_with_a_note_and_other_games_have_none(app):
    spec = GAMES["calliro"]
    start = spec.new_game(seed=1)
    move = start.legal_moves()[0]
    record = make_record({"game": "calliro", "options": {}, "seats": seats(2)}, start,
                         [spec.format_move(start, move)])
    review = open_review(app, record)
    assert review.view.reveal and review.view._undersides()
    assert review.note_lines and "underside" in " ".join(review.note_lines)
    app.stack.pop()
    review = open_review(app, opening_record(2))
    assert review.note_lines == []


# --- play from here -------------------------------------------------------------------------

def test_play_from_here_two_at_one_screen(app):
    from scenes.play import PlayScene
    review = open_review(app, opening_record(6))
    press(app, "<")
    press(app, "<")
    assert review.cursor == 4
    press(app, "Play from here")
    assert review.choosing and not button(app, "Back").is_enabled
    press(app, "Two at one screen")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    assert play.history == [review.states[4]] and play.state == review.states[4]
    assert [s["kind"] for s in play.seats] == ["human", "human"]
    assert [s["name"] for s in play.seats] == ["Ann", "Bob"]
    assert play.config["game"] == "calla" and play.clock is None


def test_play_from_here_against_the_computer(app):
    from scenes.play import PlayScene
    review = open_review(app, opening_record(5))      # B to move at the end? check below
    mover = review.state.to_move
    press(app, "Play from here")
    press(app, "Against the computer")
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.state == review.states[5]
    assert play.seats[mover]["kind"] == "human"
    others = [s for i, s in enumerate(play.seats) if i != mover]
    assert others and all(s["kind"] == "computer" and s["level"] == "medium" for s in others)


def test_play_from_here_can_be_cancelled_and_not_offered_once_the_game_is_over(app):
    review = open_review(app, calla_blunder_record())
    press(app, "<")
    press(app, "Play from here")
    key(app, pygame.K_ESCAPE)
    assert not review.choosing and app.stack.top is review
    press(app, "Play from here")
    press(app, "Cancel")
    assert not review.choosing and app.stack.top is review
    press(app, ">|")
    assert review.state.is_over and not button(app, "Play from here").is_enabled


# --- analysis ---------------------------------------------------------------------------------

def analyse(app, review, budget=FAST):
    review.budget = dict(budget)
    press(app, "Analyse")
    assert review.analysing and button(app, "Stop")
    assert wait_until(app, lambda: not review.analysing, seconds=60)


def test_analysis_marks_the_blunder_and_shows_the_preferred_move(app):
    review = open_review(app, calla_blunder_record())
    assert review.chart is not None and review.analysis is None
    analyse(app, review)
    assert review.judged == len(review.states) and review.notice == ""
    assert review.marks == {1: (0, 0.0)} and review.moves.marked == {1}
    assert not button(app, "Analyse").is_enabled, "a game is analysed once"
    # standing where the blunder is about to be played: the preferred move is the ghost
    key(app, pygame.K_HOME)
    assert review.view.hint_move == 3
    text = review.status_text()
    assert "mistake" in text and "prefers 3" in text      # Calla is solved: results, not chances
    assert "(before it: won by 3 with best play; after it: lost by 7 with best play)" in text
    # on the blunder itself: both chances, and where to look
    key(app, pygame.K_RIGHT)
    assert review.view.hint_move is None
    assert "a mistake by Ann (before it: won by 3 with best play; after it: lost by 7" in \
        review.status_text()
    key(app, pygame.K_RIGHT)
    assert "mistake" not in review.status_text()


def test_a_click_on_the_chart_shows_that_position(app):
    review = open_review(app, calla_blunder_record())
    analyse(app, review)
    plot = review.chart.plot
    click(app, (plot.x + 1, plot.centery), settle=1)
    assert shows(review, 0)
    click(app, (review.chart.x_of(2), plot.centery), settle=1)
    assert shows(review, 2) and not review.view.busy


def test_the_board_can_be_used_while_the_computer_analyses(app):
    review = open_review(app, opening_record(8))
    review.budget = {"seconds": None, "iterations": None}     # the opening: a long search
    press(app, "Analyse")
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)
    assert review.analysing and shows(review, 1)
    press(app, "Stop")
    assert not review.analysing and button(app, "Analyse").is_enabled
    assert review.analyst.pid is None, "Stop ends the worker"
    judged = review.judged
    # Analyse goes on with what is left
    review.budget = dict(FAST)
    press(app, "Analyse")
    assert wait_until(app, lambda: not review.analysing, seconds=60)
    assert review.judged == len(review.states) >= judged


def test_the_analysis_is_kept_in_the_library_and_done_once(app):
    class Library:
        def __init__(self):
            self.kept = {}

        def get_analysis(self, game_id):
            return self.kept.get(game_id)

        def set_analysis(self, game_id, data):
            self.kept[game_id] = data

    app.library = Library()
    record = calla_blunder_record()
    review = open_review(app, record, kept_id=7)
    analyse(app, review)
    assert app.library.kept[7] == review.analysis
    app.stack.pop()
    again = open_review(app, record, kept_id=7)
    assert again.marks == {1: (0, 0.0)} and not button(app, "Analyse").is_enabled
    # an analysis that does not fit the game is set aside with a word
    app.library.kept[8] = {**review.analysis, "moves": ["1"] * len(record["moves"])}
    app.stack.pop()
    other = open_review(app, record, kept_id=8)
    assert other.analysis is None and "set aside" in other.notice


def test_a_failing_library_never_stops_the_review(app):
    class Broken:
        def get_analysis(self, game_id):
            raise OSError("disk on fire")

        def set_analysis(self, game_id, data):
            raise OSError("disk on fire")

    app.library = Broken()
    review = open_review(app, calla_blunder_record(), kept_id=1)
    assert "disk on fire" in review.notice
    analyse(app, review)
    assert review.marks and "Could not keep" in review.notice


# --- from the results screen ---------------------------------------------------------------------

def test_review_from_the_results_screen_opens_the_game_just_played(app):
    from scenes.play import PlayScene
    from scenes.results import ResultsScene
    from scenes.review import ReviewScene
    spec = GAMES["calla"]
    config = {"game": "calla", "options": {}, "seats": seats(2)}
    play = app.stack.push("play", config=config, state=spec.from_position(CALLA_WIN))
    assert isinstance(play, PlayScene)
    for text in ("3",):
        play.apply(spec.parse_move(play.state, text))
    while not play.state.is_over:
        play.apply(play.state.legal_moves()[0])
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=20)
    press(app, "Review")
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.states[0] == spec.from_position(CALLA_WIN)
    assert review.notation == play.notation and shows(review, len(play.notation))
    press(app, "Back")
    assert isinstance(app.stack.top, ResultsScene)


# --- layout ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("game", ["calla", "callisto"])
def test_nothing_overlaps_or_leaves_the_window(tmp_path, size, game):
    app = make_app(tmp_path, size=size)
    try:
        variant = "callisto" if game == "callisto" else None     # four seats: the tallest list
        review = open_review(app, opening_record(40, seed=1, game=game, variant=variant))
        window = pygame.Rect((0, 0), size)
        parts = [review.board_rect, review.chart.rect, review.slider.rect, review.status_rect,
                 review.side]
        parts += [w.rect for w in review.widgets if w.rect.colliderect(review.board_rect.union(
            review.status_rect))]
        for i, a in enumerate(parts):
            assert window.contains(a), a
            for b in parts[i + 1:]:
                assert not a.colliderect(b), (a, b)
        inside = [review.moves.rect, review.progress_rect] + [r for r in review.seat_rows]
        inside += [w.rect for w in review.widgets if review.side.contains(w.rect)]
        # Analyse, Back, Play from here, and Save .blksgf for Callisto
        assert len(inside) == 2 + len(review.seat_rows) + 3 + (game == "callisto")
        for i, a in enumerate(inside):
            assert review.side.contains(a), a
            for b in inside[i + 1:]:
                assert not a.colliderect(b), (a, b)
        assert review.moves.rows >= 5
    finally:
        app.close()


# --- Pentobi's records ----------------------------------------------------------------------

def test_a_callisto_game_is_saved_as_blksgf_from_the_review_and_opens_there_again(app, tmp_path):
    import pygame_gui

    from game.records.blksgf import read_sgf_file
    from scenes import record_files
    record = opening_record(moves=8, game="callisto", variant="callisto_2")
    review = open_review(app, record)
    review.go(2)                                  # the whole game is saved, wherever it stands
    press(app, "Save .blksgf")
    assert review.dialog is not None and review.dialog.alive()
    target = tmp_path / "eight moves"
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                         text=str(target), ui_element=review.dialog))
    frames(app, 2)
    saved = tmp_path / "eight moves.blksgf"
    assert saved.exists() and review.notice == f"Saved as {saved}"
    assert read_sgf_file(saved).state == review.states[-1]
    # and Open game reads it back onto the review screen, move by move
    again = record_files.read_record(app, saved)
    assert again["moves"] == review.notation
    reopened = open_review(app, again)
    assert reopened.states == review.states and reopened.seats[0]["name"] == "Ann"


def test_a_damaged_blksgf_is_refused_by_open_game_with_the_reason(app, tmp_path):
    from game.records.record import RecordProblem
    from scenes import record_files
    bad = tmp_path / "bad.blksgf"
    bad.write_text("(;GM[Callisto Two-Player];B[zz99])", encoding="utf-8")
    with pytest.raises(RecordProblem, match="bad.blksgf|zz99|move"):
        record_files.read_record(app, bad)
    assert bad.read_text(encoding="utf-8") == "(;GM[Callisto Two-Player];B[zz99])"
