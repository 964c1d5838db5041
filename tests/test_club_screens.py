"""The director's tools on the round view, driven by clicks: a Swiss round paired in
another process while the screen stays usable; late entries, withdrawals and requested
byes; swapping two players of a round not yet begun; the byes' points at setup; a
withdrawal shown in the standings."""

from __future__ import annotations

import os
import signal

import pygame
import pytest

from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.store import TournamentStore
from helpers import button, click, frames, make_app, press, wait_until
from scenes.tournament.common import db_path
from scenes.tournament.round import RoundScene
from scenes.tournament.standings import StandingsScene

NAMES = ["Anna Berg", "Boris Cole", "Chloé Dupont", "Dmitri Egorov", "Elena Fischer",
         "Farid Ghani", "Greta Holm", "Hiroshi Ito", "Inès Jolie", "Jakub Kral"]


STORES = []      # the tests' own connections, closed after the screens


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    yield app
    app.close()
    while STORES:
        STORES.pop().close()


def swiss(count=10, rounds=4, **settings) -> TournamentStore:
    store = TournamentStore(db_path())
    stored = store.create(Tournament("Club evening", [Entrant(n) for n in NAMES[:count]],
                                     "swiss", [GameChoice("calla")], rounds=rounds,
                                     **settings))
    STORES.append(store)
    return store, stored


def finish(stored, round_no):
    for p in stored.tournament.rounds[round_no - 1]:
        if not p.is_bye:
            stored.record(p.round, p.board, ("1-0", "0-1", "1/2-1/2")[p.board % 3], "manual")


def on_disk(tid):
    with TournamentStore(db_path()) as store:
        return store.load(tid)


def round_view(app, stored) -> RoundScene:
    view = app.stack.push(RoundScene(app, stored, background=False))
    frames(app, 2)
    return view


# --- pairing off the frame loop -------------------------------------------------------------

def test_a_swiss_round_is_paired_in_another_process_while_the_screen_stays_usable(app):
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    view = round_view(app, stored)
    # the answer is held back until the director has used the screen (a small round is
    # paired in a moment): the worker is the real one
    from game.tournament.pair_worker import Pairer
    view.pairing.pairer = pairer = Pairer()
    held, answer = [True], pairer.poll
    pairer.poll = lambda: None if held[0] else answer()
    press(app, "Pair round 2")
    # not paired in the frame: the button and the line under the boards say it is under way
    assert view.pairing.busy and view.tournament.rounds_paired == 1
    assert button(app, "Pairing round 2\u2026").is_enabled is False
    assert view.next_step().startswith("Pairing round 2\u2026")
    assert view.pairing.pid is not None and view.pairing.pid != os.getpid()
    assert view.next_frame_in() is not None        # the frame loop looks for the answer
    # meanwhile the director looks at the standings and comes back
    press(app, "Standings")
    assert isinstance(app.stack.top, StandingsScene)
    press(app, "Back")
    assert app.stack.top is view and view.pairing.busy
    held[0] = False
    assert wait_until(app, lambda: not view.pairing.busy, seconds=30)
    assert view.notice == "Round 2 is paired." and view.notice_ok
    assert view.shown == 2 and on_disk(stored.id).rounds_paired == 2
    assert view.tournament.rounds[1] == on_disk(stored.id).rounds[1]


def test_a_killed_pairing_says_so_and_pairs_nothing(app):
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    view = round_view(app, stored)
    # frame by frame: a warm worker pairs ten entrants in a few frames
    press(app, "Pair round 2", settle=0)
    for _ in range(10):
        if view.pairing.busy:
            break
        frames(app, 1)
    assert view.pairing.busy
    os.kill(view.pairing.pid, signal.SIGKILL)
    assert wait_until(app, lambda: not view.pairing.busy, seconds=30)
    assert view.notice == ("Round 2 was not paired: the pairing's process stopped "
                           "unexpectedly. Nothing was changed; press Pair round 2 to try again.")
    assert not view.notice_ok
    assert on_disk(stored.id).rounds_paired == 1 and view.tournament.rounds_paired == 1
    assert button(app, "Pair round 2").is_enabled          # and the director tries again
    press(app, "Pair round 2")
    assert wait_until(app, lambda: not view.pairing.busy, seconds=30)
    assert on_disk(stored.id).rounds_paired == 2


def test_a_change_while_pairing_pairs_the_round_again_for_the_tournament_as_it_is(
        app, monkeypatch):
    from scenes.tournament.pairing_job import PairingJob
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    view = round_view(app, stored)
    # the worker's answer is held until the change below is made, however fast it comes
    held = [True]
    poll = PairingJob.poll
    monkeypatch.setattr(PairingJob, "poll",
                        lambda job, current: None if held[0] else poll(job, current))
    press(app, "Pair round 2")
    assert view.pairing.busy
    # another screen (or program) keeps a requested bye before the answer comes
    with TournamentStore(db_path()) as other:
        other.open(stored.id).request_bye(0, 2)
    held[0] = False
    assert wait_until(app, lambda: view.tournament.rounds_paired == 2, seconds=30)
    seated = {x for p in on_disk(stored.id).rounds[1] for x in (p.first, p.second)}
    assert 0 not in seated and len(seated - {None}) == 9


def test_leaving_the_round_view_while_pairing_keeps_no_round(app, tmp_path):
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    view = round_view(app, stored)
    press(app, "Pair round 2")
    pid = view.pairing.pid
    app.stack.pop()
    assert view.pairing.pid is None
    with pytest.raises(ProcessLookupError):
        for _ in range(100):
            os.kill(pid, 0)
            pygame.time.wait(20)
    assert on_disk(stored.id).rounds_paired == 1


# --- late entries, byes, withdrawals ---------------------------------------------------------

def drawn_words(app) -> list[str]:
    """Every text the next frame draws on the window."""
    from scenes import assets
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    return [words for rect, words in recorder.on(app.screen) if rect.width]


def type_into(app, entry, text):
    entry.set_text(text)
    frames(app, 1)


def test_a_late_entrant_added_from_the_round_view_plays_from_the_next_round(app):
    from test_scenes_tournament import choose
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    view = round_view(app, stored)
    press(app, "Add late entrant")
    late = app.stack.top
    assert late.title == "late entrant" and late.round_no == 2
    type_into(app, late.entries["name"], "Zoë Late")
    type_into(app, late.entries["rating"], "1750")
    type_into(app, late.entries["club"], "Pawns")
    choose(app, late.kind_menu, "computer:easy")
    choose(app, late.start_menu, "half")
    press(app, "Add entrant")
    assert app.stack.top is view
    assert view.notice == "Zoë Late enters in round 2 with ½ point." and view.notice_ok
    t = on_disk(stored.id)
    zoe = t.entrants[10]
    assert (zoe.name, zoe.kind, zoe.level, zoe.rating, zoe.club) == (
        "Zoë Late", "computer", "easy", 1750, "Pawns")
    assert t.late_entries == {10: (2, "half")} and t.absent_points(10, 1) == 0.5
    from scenes.tournament.lifecycle import status_text
    assert status_text(t, 10) == "late, from round 2 (+½)"
    press(app, "Pair round 2")
    assert wait_until(app, lambda: view.tournament.rounds_paired == 2, seconds=30)
    assert any(10 in (p.first, p.second) for p in view.tournament.rounds[1])


@pytest.mark.parametrize("field, text, message", [
    ("name", "", "Type the entrant's name."),
    ("name", "anna berg", "Two entrants are called 'anna berg'."),
    ("rating", "12a", "A rating is a whole number from 0 to 9999."),
    ("club", " ", None)])
def test_a_late_entrant_that_cannot_enter_is_refused_in_one_line(app, field, text, message):
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    round_view(app, stored)
    press(app, "Add late entrant")
    late = app.stack.top
    type_into(app, late.entries["name"], "Zed")
    type_into(app, late.entries[field], text)
    press(app, "Add entrant")
    if message is None:                       # a club of spaces is no club
        assert on_disk(stored.id).entrants[-1].club is None
        return
    assert app.stack.top is late and late.error == message
    assert len(on_disk(stored.id).entrants) == 10


def roster_button(app, kind, e):
    roster = app.stack.top
    return (roster.bye_buttons if kind == "bye" else roster.gone_buttons)[e]


def test_byes_and_withdrawals_are_marked_from_the_entrants_screen(app):
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    view = round_view(app, stored)
    press(app, "Entrants")
    roster = app.stack.top
    assert roster.title == "entrants"
    assert roster_button(app, "bye", 0).text == "Bye in round 2"
    click(app, roster_button(app, "bye", 0).rect.center)
    assert on_disk(stored.id).requested_byes == {0: frozenset({2})}
    assert roster.notice == "Anna Berg has a bye in round 2 (½ point)."
    assert roster_button(app, "bye", 0).text == "Cancel bye"
    click(app, roster_button(app, "gone", 1).rect.center)
    confirm = app.stack.top
    assert confirm.heading == "Withdraw Boris Cole?"
    press(app, "Cancel")
    assert on_disk(stored.id).withdrawals == {}
    click(app, roster_button(app, "gone", 1).rect.center)
    press(app, "Withdraw")
    assert app.stack.top is roster and on_disk(stored.id).withdrawals == {1: 2}
    assert roster.notice == "Boris Cole is withdrawn: not paired from round 2 on."
    assert roster_button(app, "gone", 1).text == "Re-enter"        # a mistake taken back
    click(app, roster_button(app, "gone", 1).rect.center)
    assert on_disk(stored.id).withdrawals == {}
    click(app, roster_button(app, "gone", 1).rect.center)
    press(app, "Withdraw")
    press(app, "Back")
    assert app.stack.top is view
    press(app, "Pair round 2")
    assert wait_until(app, lambda: view.tournament.rounds_paired == 2, seconds=30)
    seated = {x for p in view.tournament.rounds[1] for x in (p.first, p.second)}
    assert 0 not in seated and 1 not in seated
    # once round 2 is paired the withdrawal stands: no button for Boris any more
    press(app, "Entrants")
    assert 1 not in app.stack.top.gone_buttons
    from scenes.tournament.lifecycle import status_text
    assert status_text(view.tournament, 1) == "withdrawn after round 1"
    assert status_text(view.tournament, 0) == "bye asked: round 2"


# --- swapping two players --------------------------------------------------------------------

def name_cell(view, who):
    return next(rect for rect, e in view.tools.name_cells() if e == who)


def test_two_names_are_swapped_after_the_warnings_are_shown(app):
    store, stored = swiss(count=8)
    stored.pair_next_round()
    finish(stored, 1)
    stored.pair_next_round()
    view = round_view(app, stored)
    t = view.tournament
    met = {frozenset((p.first, p.second)) for p in t.rounds[0]}
    # a swap that makes a rematch: the first board's first player with someone they met
    board = t.rounds[1][0]
    a = board.second
    old = next(x for pair in met if board.first in pair for x in pair if x != board.first)
    assert button(app, "Swap").is_enabled is False
    click(app, name_cell(view, a).center)
    assert view.tools.chosen == [a]
    assert view.next_step().endswith("chosen: click the name to change places with.")
    click(app, name_cell(view, old).center)
    assert button(app, "Swap").is_enabled
    press(app, "Swap")
    confirm = app.stack.top
    assert confirm.title == "confirm"
    names = t.entrants
    assert (f"{names[board.first].name} and {names[old].name} have met before"
            in confirm.warnings)
    press(app, "Swap them")
    assert app.stack.top is view
    after = on_disk(stored.id)
    assert after.rounds[1][0].second == old
    history = after.round_changes[2]
    assert len(history) == 1 and history[0].startswith("Board") and "changed by the director: " \
        f"swapped {names[a].name} and {names[old].name}" in history[0]
    assert "have met before" in history[0]
    assert view.notice == history[0] + "."
    assert view.state_text(view.tournament.rounds[1][0]) == "changed by the director"


def test_a_round_with_a_result_cannot_be_changed(app):
    store, stored = swiss(count=8)
    stored.pair_next_round()
    stored.record(1, 1, "1-0", "manual")
    view = round_view(app, stored)
    assert "Swap" not in [w.text for w in view.widgets if hasattr(w, "text")]
    p = view.tournament.rounds[0][1]
    click(app, (view.board_columns()[1][0] + 10, view.board_list.row_rect(1).centery))
    assert view.tools.chosen == [] and view.tournament.rounds[0][1] == p


# --- the byes' points at setup, a withdrawal in the standings ---------------------------------

def test_a_swiss_is_set_up_with_the_points_of_its_byes(app):
    from test_scenes_tournament import choose
    from scenes.tournament.entrants import NewTournamentScene
    from scenes.tournament.common import open_store
    store = open_store()
    STORES.append(store)
    setup = app.stack.push(NewTournamentScene(app, store))
    frames(app, 2)
    assert setup.controls["bye"].selected_option[1] == "1"          # a win, unless chosen
    assert setup.controls["asked"].selected_option[1] == "0.5"
    choose(app, setup.controls["bye"], "0.5")
    choose(app, setup.controls["asked"], "0")
    press(app, "Create tournament")
    assert isinstance(app.stack.top, RoundScene), setup.error
    t = on_disk(app.stack.top.stored.id)
    assert (t.bye_points, t.requested_bye_points) == (0.5, 0.0)


def test_a_round_robin_has_no_bye_settings(app):
    from test_scenes_tournament import choose
    from scenes.tournament.entrants import NewTournamentScene
    from scenes.tournament.common import open_store
    store = open_store()
    STORES.append(store)
    setup = app.stack.push(NewTournamentScene(app, store))
    frames(app, 2)
    choose(app, setup.controls["format"], "rr1")
    assert "bye" not in setup.controls and "asked" not in setup.controls
    press(app, "Create tournament")
    assert on_disk(app.stack.top.stored.id).bye_points == 0


@pytest.mark.parametrize("size, tag", [((960, 600), "out after round 2"),
                                       ((1920, 1080), "withdrawn after round 2")])
def test_the_standings_say_who_withdrew_and_when(tmp_path, size, tag):
    from game.tournament.standings import standings
    app = make_app(tmp_path, size=size)
    try:
        store, stored = swiss()
        for round_no in (1, 2):
            stored.pair_next_round()
            finish(stored, round_no)
        stored.withdraw(2)          # Chloé Dupont leaves after round 2
        view = app.stack.push(StandingsScene(app, stored))
        frames(app, 2)
        view.rows.show([s.entrant for s in standings(stored.tournament)].index(2))
        words = drawn_words(app)
        assert tag in words and sum(w == tag for w in words) == 1
        assert any(w.startswith("Chloé Dup") for w in words)
    finally:
        app.close()
        store.close()


def test_anything_typed_for_a_late_entrant_enters_them_or_says_why_in_one_line(tmp_path):
    """Name, rating and club typed with every kind of character (format characters alone,
    controls, right-to-left text, digits of other scripts): the entrant is kept as typed
    (trimmed), or nothing is kept and one line says why; the screen never fails."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st
    from test_text_safety import FORMAT_ONLY, TYPED
    app = make_app(tmp_path, size=(960, 600))
    store, stored = swiss(count=4, rounds=3)
    view = round_view(app, stored)
    texts = st.one_of(TYPED, st.sampled_from(FORMAT_ONLY + ["", " ", "１２", "٣٤", "10000"]))

    @settings(max_examples=40, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(texts, texts, texts)
    def typed(name, rating, club_name):
        before = len(view.tournament.entrants)
        press(app, "Add late entrant", settle=2)
        late = app.stack.top
        for key, text in (("name", name), ("rating", rating), ("club", club_name)):
            late.entries[key].set_text(text)      # (longer than the box takes: refused)
        frames(app, 1)
        shown = {key: entry.get_text() for key, entry in late.entries.items()}
        press(app, "Add entrant", settle=2)
        if app.stack.top is late:                    # refused: one line, nothing kept
            assert late.error and "\n" not in late.error
            assert len(on_disk(stored.id).entrants) == before
            frames(app, 1)
            press(app, "Cancel", settle=2)
        else:
            kept = on_disk(stored.id).entrants[-1]
            assert len(on_disk(stored.id).entrants) == before + 1
            assert kept.name == shown["name"].strip()
            assert kept.rating == (int(shown["rating"]) if shown["rating"].strip() else None)
            assert kept.club == (shown["club"].strip() or None)
        assert app.stack.top is view
    try:
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)     # a text too long for a box
            typed()
    finally:
        app.close()
        store.close()
