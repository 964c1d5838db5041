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


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    yield app
    app.close()


def swiss(count=10, rounds=4, **settings) -> TournamentStore:
    store = TournamentStore(db_path())
    stored = store.create(Tournament("Club evening", [Entrant(n) for n in NAMES[:count]],
                                     "swiss", [GameChoice("calla")], rounds=rounds,
                                     **settings))
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
    assert app.stack.top is view
    assert wait_until(app, lambda: not view.pairing.busy, seconds=30)
    assert view.notice == "Round 2 is paired." and view.notice_ok
    assert view.shown == 2 and on_disk(stored.id).rounds_paired == 2
    assert view.tournament.rounds[1] == on_disk(stored.id).rounds[1]
    store.close()


def test_a_killed_pairing_says_so_and_pairs_nothing(app):
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    view = round_view(app, stored)
    press(app, "Pair round 2")
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
    store.close()


def test_a_change_while_pairing_pairs_the_round_again_for_the_tournament_as_it_is(app):
    store, stored = swiss()
    stored.pair_next_round()
    finish(stored, 1)
    view = round_view(app, stored)
    press(app, "Pair round 2")
    # another screen (or program) keeps a requested bye before the answer comes
    with TournamentStore(db_path()) as other:
        other.open(stored.id).request_bye(0, 2)
    assert wait_until(app, lambda: view.tournament.rounds_paired == 2, seconds=30)
    seated = {x for p in on_disk(stored.id).rounds[1] for x in (p.first, p.second)}
    assert 0 not in seated and len(seated - {None}) == 9
    store.close()


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
    store.close()
