"""Resigning and agreeing a draw from the pause menu, headless, as players would: at a board
between two people, against the computer and at a tournament board; the results screen,
the game library and the tournament round keep how the game ended."""

from __future__ import annotations

import os

import pygame
import pytest

from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.store import TournamentStore
from helpers import (button, click, frames, key, make_app, move_pointer, press, set_position,
                     wait_until)
from scenes.pause import PauseScene
from scenes.play import PlayScene
from scenes.results import ResultsScene

HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]


def config_of(game="calla", seats=HUMANS, clock=None, variant=None):
    return {"game": game, "variant": variant, "options": {}, "seats": seats, "starter": "0",
            "time_control": clock}


def start(app, **kwargs) -> PlayScene:
    play = app.stack.push(PlayScene(app, config_of(**kwargs), seed=1))
    frames(app, 2)
    return play


def drawn_words(monkeypatch):
    """Every text the screens draw from now on, as one list."""
    from scenes import assets
    seen = []
    for name in ("text", "paragraph"):
        original = getattr(assets, name)

        def spy(surface, words, *args, _original=original, **kwargs):
            seen.append(str(words))
            return _original(surface, words, *args, **kwargs)

        monkeypatch.setattr(assets, name, spy)
    return seen


def pause(app) -> PauseScene:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    return app.stack.top


def results_of(app) -> ResultsScene:
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=15)
    return app.stack.top


def kept_games():
    from scenes.saves import library
    return library().list()


# --- resigning ---------------------------------------------------------------------------------

def test_the_player_to_move_resigns_at_a_shared_board(app, monkeypatch):
    play = start(app, clock="5+3")
    play.apply(play.state.legal_moves()[0])          # Ann moved: Bo is to move
    play.view.finish_animation()
    frames(app, 3)
    app.writer.flush()
    assert play.save_path.exists()                   # the game in progress is kept
    seen = drawn_words(monkeypatch)
    pause(app)
    press(app, "Resign")
    frames(app, 2)
    assert "Bo resigns: Ann wins." in " ".join(seen)
    press(app, "Keep playing")                      # thought better of it
    assert isinstance(app.stack.top, PauseScene) and not play.finished
    press(app, "Resign")
    press(app, "Resign")                            # the dialog's own button
    assert app.stack.top is play and play.finished
    left = play.clock.remaining(1)
    frames(app, 30, dt=0.5)                          # the clocks stopped with the game
    results = results_of(app)
    assert play.clock.remaining(1) == left and play.clock.stopped
    seen.clear()
    frames(app, 2)
    assert "Ann wins!" in seen and "Bo (B) resigned." in " ".join(seen), seen
    app.writer.flush()
    [entry] = kept_games()
    assert (entry.winner, entry.end, entry.reason) == (0, "resigned", "Bo (B) resigned.")
    assert entry.problem is None                     # the record reads back
    assert results.record["result"]["resigned"] == 1
    from scenes.games import GamesScene                # and the Games screen says so
    assert GamesScene._result_text(entry, 1000) == "Ann won by resignation"
    assert not play.save_path.exists()               # nothing left to resume


def test_against_the_computer_the_human_resigns_and_its_thinking_stops(app, monkeypatch):
    seats = [{"name": "Expert", "kind": "computer", "level": "expert"},
             {"name": "Ann", "kind": "human"}]
    play = start(app, seats=seats)
    assert wait_until(app, lambda: play.thinker.thinking, seconds=5)
    worker = play.thinker.pid
    seen = drawn_words(monkeypatch)
    pause(app)
    press(app, "Resign")
    frames(app, 2)
    assert "Ann resigns: Expert wins." in " ".join(seen)
    press(app, "Resign")
    assert not play.thinker.thinking and play.thinker.pid is None
    with pytest.raises(ProcessLookupError):          # the worker process is gone
        os.kill(worker, 0)
    assert play.cursor == 0                          # the computer's move never came
    results_of(app)
    seen.clear()
    frames(app, 2)
    assert "Expert wins!" in seen and "Ann (B) resigned." in " ".join(seen), seen


def humans_round(app, game="calla"):
    """A kept Swiss of four people at ``game``, round 1 paired, shown in the round view."""
    from scenes.tournament import LobbyScene
    from scenes.tournament.common import db_path
    with TournamentStore(db_path()) as store:
        stored = store.create(Tournament("Club night", [Entrant(n) for n in
                                                        ("Ann", "Bob", "Cid", "Dee")],
                                         "swiss", [GameChoice(game)], rounds=3))
        stored.pair_next_round()
        tid = stored.id
    app.stack.push(LobbyScene(app))
    frames(app, 2)
    press(app, "Continue")
    rounds = app.stack.top
    rounds.background_enabled = False
    return rounds, tid


def kept_result(tid):
    from scenes.tournament.common import db_path
    with TournamentStore(db_path()) as store:
        return store.open(tid).tournament.result(1, 1)


@pytest.fixture
def club(tmp_path):
    app = make_app(tmp_path)
    yield app
    app.close()


def test_a_tournament_board_resigned_on_screen_is_a_win_by_resignation(club):
    app = club
    rounds, tid = humans_round(app)
    press(app, "Play")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    first, second = (s["name"] for s in play.seats)
    play.apply(play.state.legal_moves()[0])          # the first seat moved: the second resigns
    play.view.finish_animation()
    pause(app)
    press(app, "Resign")
    press(app, "Resign")
    results_of(app)
    result = kept_result(tid)
    assert (result.score, result.how) == ("1-0", "resignation")
    press(app, "Back to the round")
    assert app.stack.top is rounds
    assert rounds.state_text(rounds.tournament.pairing(1, 1)).startswith("1 - 0")
    assert rounds.stored.load_live(1, 1) is None     # the game in progress is cleared
    app.writer.flush()
    [entry] = kept_games()
    assert entry.end == "resigned" and entry.reason == f"{second} (B) resigned."


def test_a_draw_agreed_at_a_tournament_board_is_half_a_point_each(club):
    app = club
    rounds, tid = humans_round(app)
    press(app, "Play")
    pause(app)
    press(app, "Offer a draw")
    press(app, "Accept draw")
    results_of(app)
    assert kept_result(tid).score == "1/2-1/2"


# --- draws -------------------------------------------------------------------------------------

def test_a_draw_offer_is_declined_then_accepted_at_a_shared_board(app, monkeypatch):
    play = start(app)
    seen = drawn_words(monkeypatch)
    pause(app)
    press(app, "Offer a draw")
    frames(app, 2)
    assert "Ann offers a draw. Bo, do you accept?" in " ".join(seen)
    press(app, "Decline")
    assert app.stack.top is play and not play.finished
    assert play.status_text() == "Bo declines the draw."
    pause(app)
    offer = button(app, "Offer a draw")
    assert not offer.is_enabled and "declined" in offer.tool_tip_text   # once a move
    key(app, pygame.K_ESCAPE)
    play.apply(play.state.legal_moves()[0])          # Ann moved: Bo may offer now
    play.view.finish_animation()
    frames(app, 2)
    pause(app)
    press(app, "Offer a draw")
    frames(app, 2)
    assert "Bo offers a draw. Ann, do you accept?" in " ".join(seen)
    press(app, "Accept draw")
    results = results_of(app)
    seen.clear()
    frames(app, 2)
    assert "A draw" in seen and "Drawn by agreement." in " ".join(seen), seen
    app.writer.flush()
    [entry] = kept_games()
    assert (entry.winner, entry.end, entry.problem) == (None, "agreed", None)
    from scenes.games import GamesScene
    assert GamesScene._result_text(entry, 1000) == "Draw agreed"
    assert results.record["result"]["end"] == "agreed"


@pytest.mark.parametrize("game, variant, why", [
    ("iriri", None, "cannot end in a draw"),
    ("callisto", "callisto_2", "cannot end in a draw"),
    ("callisto", "callisto", "between two players"),
])
def test_no_draw_can_be_offered_in_a_game_that_cannot_end_drawn(app, monkeypatch, game,
                                                                variant, why):
    from game import GAMES
    players = GAMES[game].players(variant or GAMES[game].variants[0])
    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(players)]
    play = start(app, game=game, variant=variant, seats=seats)
    pause(app)
    offer = button(app, "Offer a draw")
    assert not offer.is_enabled and why in offer.tool_tip_text
    assert button(app, "Resign").is_enabled
    seen = drawn_words(monkeypatch)
    move_pointer(app, offer.rect.center)             # the menu says why under the box
    assert any(why in words for words in seen), seen
    click(app, offer.rect.center)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play and not play.finished and play.draw_offer is None


# Calla: the computer (player B) far ahead, then far behind, with Ann to move.
AHEAD = [2, 2, 2, 0, 0, 4, 2, 2, 2, 0, 0, 16]
BEHIND = [2, 2, 2, 0, 0, 16, 2, 2, 2, 0, 0, 4]


@pytest.mark.parametrize("pits, answer", [(AHEAD, "declines"), (BEHIND, "accepts")])
def test_the_computer_answers_a_draw_offer_from_its_evaluation(app, pits, answer):
    seats = [{"name": "Ann", "kind": "human"},
             {"name": "Medium", "kind": "computer", "level": "medium"}]
    play = start(app, seats=seats, clock="5+3")
    set_position(play, {"pits": pits, "to_move": 0, "turns": [5, 5]})
    frames(app, 2)
    pause(app)
    left = play.clock.remaining(0)
    press(app, "Offer a draw")
    assert app.stack.top is play
    assert "Medium is considering" in play.status_text()
    assert not play.view.input_enabled              # the offer stands for this position
    assert wait_until(app, lambda: play.status_text().endswith("the draw."), seconds=20)
    assert play.status_text() == f"Medium {answer} the draw."
    # weighed on nobody's time (the frame that brought the answer ran on)
    assert left - play.clock.remaining(0) < 1 / 30
    if answer == "accepts":
        results = results_of(app)
        assert results.outcome["winner"] is None and "agreement" in results.outcome["reason"]
    else:
        frames(app, 30)
        assert not play.finished and play.view.input_enabled
        assert play.clock.remaining(0) < left       # Ann's clock runs again
        pause(app)
        assert not button(app, "Offer a draw").is_enabled   # not again this move


# --- the longer menu fits ----------------------------------------------------------------------

LONG = ("Bartholomew Maximilian Featherstonehaugh", "Jean-Baptiste Émile Poquelin-Dubois")


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_pause_menu_and_its_questions_fit_the_window(tmp_path, size):
    """Callisto's menu is the longest (it saves .blksgf too); the names are the longest
    allowed.  Nothing leaves the window or the menu's box, and nothing overprints."""
    from scenes import assets
    app = make_app(tmp_path, size=size)
    try:
        seats = [{"name": name, "kind": "human"} for name in LONG]
        start(app, game="callisto", variant="callisto_2", seats=seats)
        menu = pause(app)
        menu.notice = "Saved as " + "/home/someone/" + "a-long-folder-name/" * 8 + "game.blksgf"
        screen = app.screen.get_rect()
        for asking in (None, "resign", "draw"):
            menu.asking = asking
            menu.resize()
            frames(app, 1)
            with assets.TextRecorder() as recorder:         # the menu's own texts
                menu.draw(app.screen)
            buttons = [w.rect for w in menu.widgets if w.visible]
            assert len(buttons) == (9 if asking is None else 2)
            assert screen.contains(menu.box)
            for i, rect in enumerate(buttons):
                assert menu.box.contains(rect), f"a button leaves the box: {rect} {menu.box}"
                assert rect.collidelist(buttons[i + 1:]) == -1, "two buttons overlap"
            texts = [(r, w) for r, w in recorder.on(app.screen) if r.width and r.height]
            assert any(menu.box.contains(r) for r, _ in texts)
            for i, (rect, words) in enumerate(texts):
                assert screen.contains(rect), f"{words!r} leaves the window"
                inside = menu.box.collidepoint(rect.topleft)
                assert not inside or menu.box.contains(rect), f"{words!r} leaves the box"
                assert rect.collidelist(buttons) == -1, f"{words!r} lies under a button"
                for other, more in texts[i + 1:]:
                    assert not rect.colliderect(other), f"{words!r} overprints {more!r}"
    finally:
        app.close()


# --- the record keeps how the game ended, and refuses what cannot be ---------------------------

def record_ended(how: str, moves: int = 4):
    """A Calla record ended after ``moves`` moves: resigned by Bo, or drawn by agreement."""
    from game import GAMES
    from game.records.record import make_record, result_of
    spec = GAMES["calla"]
    state = start = spec.new_game(seed=1)
    texts = []
    for _ in range(moves):
        move = state.legal_moves()[0]
        texts.append(spec.format_move(state, move))
        state = state.play(move)
    result = (result_of(state, 0, "Bo (B) resigned.", resigned=1) if how == "resigned"
              else result_of(state, None, "Drawn by agreement.", agreed=True))
    return make_record(config_of(), start, texts, result=result)


@pytest.mark.parametrize("how, change, words", [
    ("resigned", lambda r: r.update(resigned=0), "is the player who resigned"),
    ("resigned", lambda r: r.update(resigned=5), "must name the player who resigned"),
    ("resigned", lambda r: r.pop("resigned"), "must name the player who resigned"),
    ("resigned", lambda r: r.update(end="rules"), "nobody resigned in a game that ended"),
    ("resigned", lambda r: r.update(end="agreed"), "nobody resigned in a game that ended"),
    ("agreed", lambda r: r.update(winner=1), "a draw is agreed between two players"),
    ("agreed", lambda r: r.update(flagged=1), "no flag fell in a game that ended 'agreed'"),
])
def test_a_damaged_resignation_or_agreed_draw_is_refused_naming_the_field(how, change, words):
    from game.records.record import RecordProblem, replay
    record = record_ended(how)
    replay(record)                                   # as written, it reads back
    change(record["result"])
    with pytest.raises(RecordProblem, match=words):
        replay(record)


def test_a_game_over_by_its_rules_cannot_be_resigned_afterwards():
    from game.records.record import RecordProblem, replay
    from test_library import finished
    record = finished()
    record["result"].update(end="resigned", resigned=1 - record["result"]["winner"])
    with pytest.raises(RecordProblem, match="over by its rules before it ended 'resigned'"):
        replay(record)


def test_any_result_of_an_ended_game_reads_back_or_is_refused_with_a_message():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from game.records.record import ENDS, RecordProblem, replay
    anything = st.one_of(st.none(), st.booleans(), st.integers(-2, 3), st.text(max_size=4),
                         st.floats(allow_nan=True), st.lists(st.integers(), max_size=2))

    @settings(max_examples=300, deadline=None)
    @given(how=st.sampled_from(["resigned", "agreed"]),
           end=st.one_of(st.sampled_from(ENDS), anything), winner=anything,
           resigned=anything, flagged=anything, drop=st.sets(st.sampled_from(
               ["winner", "end", "resigned", "flagged", "reason", "scores"])))
    def check(how, end, winner, resigned, flagged, drop):
        record = record_ended(how)
        result = record["result"]
        result.update(end=end, winner=winner, resigned=resigned, flagged=flagged)
        for name in drop:
            result.pop(name, None)
        try:
            replay(record)
        except RecordProblem as exc:
            assert str(exc)
            return
        # what reads back is a result the game can have
        assert result["end"] in ENDS
        if result["end"] == "resigned":
            assert result["resigned"] in (0, 1) and result.get("winner") != result["resigned"]
        if result["end"] == "agreed":
            assert result.get("winner") is None and result.get("resigned") is None

    check()


def test_a_tournament_result_is_kept_when_the_board_is_left_before_the_results_come(club):
    """The result goes to the round as the game ends: a director who presses Esc and Back to
    the round in the moment before the results screen must not lose it."""
    app = club
    rounds, tid = humans_round(app)
    press(app, "Play")
    play = app.stack.top
    play.apply(play.state.legal_moves()[0])
    play.view.finish_animation()
    pause(app)
    press(app, "Resign")
    press(app, "Resign")
    assert play.finished and app.stack.top is play      # the finished board, results to come
    pause(app)
    press(app, "Back to the round")
    assert app.stack.top is rounds
    result = kept_result(tid)
    assert result is not None and (result.score, result.how) == ("1-0", "resignation")
    assert rounds.stored.load_live(1, 1) is None
