"""A game in progress (``game.session``): moves, clocks, Calla's game timer, endings, records.

A fake time source drives every session: no test sleeps.  Calla's positions are worked
out by hand from its start (3 3 4 3 3 | 0 for each side; board indices 0-4 are A's
shields, 5 A's calla, 6-10 B's shields, 11 B's calla; move ``m`` sows A's index ``m - 1``).
"""

import json

import pytest
from hypothesis import given, settings, strategies as st

from game.clock import Clock, GameTimer, parse_time_control
from game.records.record import RecordProblem
from game.errors import IllegalMoveError, InvalidMoveError
from game.session import LAG_CREDIT_MAX, GameOver, NotYourTurn, Session


class FakeTime:
    def __init__(self, start=1000.0):
        self.t = start

    def __call__(self):
        return self.t

    def advance(self, seconds):
        self.t += seconds


def calla(minutes=0, control=None, players=None, now=None, **kw):
    now = now or FakeTime()
    return Session("calla", options={"time_limit_minutes": minutes}, time_control=control,
                   players=players or ["Ann", "Bo"], now=now, **kw), now


# --- Calla's game timer and the time-called rule ------------------------------------------

def test_a_calla_game_where_the_timer_runs_out_and_time_is_called():
    session, now = calla(minutes=1)
    assert session.timer.remaining() == 60
    now.advance(5)
    assert session.play("3") == "3"              # A sows shield 3: 3, 4, 5 (A's calla), 6
    assert session.state.pits == (3, 3, 0, 4, 4, 1, 4, 3, 4, 3, 3, 0)
    assert session.to_move == 1 and session.times == [5.0]
    now.advance(54)
    assert not session.check_time() and not session.state.time_called
    now.advance(1)                               # the minute is up while Bo thinks
    assert session.check_time() is False, "time called: Bo still plays a last turn"
    assert session.state.time_called and session.time_called_ply == 1
    assert session.timer.remaining() == 0 and not session.finished
    assert session.history[1].time_called, "the position now is the time-called one"
    now.advance(3)
    session.play("1")                            # Bo sows 6: 7, 8, 9, 10
    assert session.state.pits == (3, 3, 0, 4, 4, 1, 0, 4, 5, 4, 4, 0)
    assert session.finished and session.check_time() is False
    assert session.outcome["winner"] == 0
    assert session.outcome["reason"] == ("Time was called and both players completed their "
                                         "turns; 1 to 0 in the callas.")
    assert session.outcome["moves"] == ["3", "1"] and session.outcome["scores"] == [1, 0]
    with pytest.raises(GameOver, match="the game is over: Time was called"):
        session.play("2")
    assert session.record(finished=True)["result"]["end"] == "rules"


def test_time_called_with_the_turns_level_ends_the_game_at_once():
    session, now = calla(minutes=2)
    session.play("3")
    session.play("1")                            # one turn each
    now.advance(120)
    assert session.check_time() is True
    assert session.finished and session.state.time_called and session.time_called_ply == 2
    assert session.outcome["reason"].startswith("Time was called")


def test_a_move_made_after_the_timer_ran_out_is_played_under_the_time_called_rule():
    session, now = calla(minutes=1)
    session.play("3")
    now.advance(61)                              # nobody looked at the time
    session.play("1")                            # the timer calls time first: Bo's last turn
    assert session.time_called_ply == 1 and session.finished
    with pytest.raises(GameOver):
        session.play("1")


def test_the_game_timer_stands_still_once_the_game_is_over_and_while_paused():
    session, now = calla(minutes=1)
    now.advance(10)
    session.pause()
    now.advance(100)
    assert session.timer.remaining() == 50 and not session.check_time()
    session.resume()
    now.advance(5)
    assert session.timer.remaining() == 45
    session.resign(0)
    now.advance(30)
    assert session.timer.remaining() == 45 and session.played == 15


def test_only_a_game_that_declares_a_game_timer_has_one():
    with_timer, _ = calla(minutes=5)
    assert with_timer.timer is not None
    assert calla(minutes=0)[0].timer is None
    iriri = Session("iriri", options={}, now=FakeTime())
    assert iriri.timer is None and not iriri.spec.game_timer


# --- clocks, and the lag given back --------------------------------------------------

def test_a_flag_falls_under_a_fischer_control():
    session, now = calla(control="1+2")
    session.start()
    now.advance(10)
    session.play("3")                            # Ann: 60 - 10 + 2
    assert session.clock.remaining(0) == 52 and session.clocks == [[52.0, 60.0]]
    now.advance(59.9)
    assert not session.check_time()
    now.advance(0.2)                             # Bo's minute is gone
    assert session.check_time() is True
    assert session.flagged == 1 and session.finished and session.clock.stopped
    outcome = session.outcome
    assert (outcome["winner"], outcome["reason"], outcome["flagged"]) == (0, "Bo ran out of time.", 1)
    assert session.record(finished=True)["result"]["end"] == "time"


def test_a_move_sent_after_the_flag_fell_ends_the_game_on_time():
    session, now = calla(control="1+2")
    session.start()
    now.advance(61)
    with pytest.raises(GameOver, match="Ann ran out of time"):
        session.play("3")
    assert session.flagged == 0 and session.ply == 0 and session.notation == []


def test_network_lag_is_given_back_up_to_the_cap():
    session, now = calla(control="1+2")
    session.start()
    now.advance(10)
    session.play("3", credit=0.3)                # 60 - 9.7 + 2
    assert session.clock.remaining(0) == pytest.approx(52.3)
    assert session.times == [pytest.approx(9.7)]
    now.advance(10)
    session.play("1", credit=5.0)                # no more than the cap: 60 - 9 + 2
    assert LAG_CREDIT_MAX == 1.0
    assert session.clock.remaining(1) == pytest.approx(53.0)
    now.advance(0.4)
    session.play("2", credit=1.0)                # never more than the move took: + 2
    assert session.clock.remaining(0) == pytest.approx(54.3)
    with pytest.raises(ValueError, match="credit must be a number"):
        session.play("1", credit="1")


def test_lag_given_back_saves_a_move_sent_in_time():
    session, now = calla(control="1+2")
    session.start()
    now.advance(60.5)                            # arrived late, sent with 0.3 s to spare
    session.play("3", credit=0.8)
    assert not session.finished and session.clock.remaining(0) == pytest.approx(2.3)
    late, now2 = calla(control="1+2")
    late.start()
    now2.advance(62)                             # even the cap does not save this one
    with pytest.raises(GameOver):
        late.play("3", credit=1.0)
    assert late.flagged == 0


def test_the_clock_starts_with_the_game_under_way_not_before():
    session, now = calla(control="5")
    now.advance(30)                              # a screen being built
    session.check_time()
    now.advance(10)
    assert session.clock.remaining(0) == 290


# --- resigning, draws, refusals ---------------------------------------------------------

def test_resigning_and_agreeing_a_draw_end_the_game():
    session, now = calla(control="5+3")
    session.play("3")
    session.resign(1)
    assert session.outcome["winner"] == 0 and session.outcome["reason"] == "Bo resigned."
    assert session.outcome["resigned"] == 1 and session.clock.stopped
    record = session.record(finished=True)
    assert record["result"] == {"winner": 0, "end": "resigned", "reason": "Bo resigned.",
                                "scores": [1, 0], "resigned": 1}
    with pytest.raises(GameOver):
        session.resign(0)
    drawn, _ = calla()
    drawn.play("3")
    drawn.agree_draw()
    assert drawn.outcome["winner"] is None and drawn.outcome["reason"] == "Drawn by agreement."
    assert drawn.record(finished=True)["result"]["end"] == "agreed"
    with pytest.raises(GameOver, match="The game is over"):
        drawn.agree_draw()


def test_no_draw_is_agreed_in_a_game_that_cannot_be_drawn():
    session = Session("iriri", now=FakeTime())
    assert "cannot end in a draw" in session.draw_problem()
    with pytest.raises(ValueError, match="cannot end in a draw"):
        session.agree_draw()
    assert not session.finished


def test_refusals_say_why_and_change_nothing():
    session, now = calla(control="5")
    session.start()
    now.advance(3)
    with pytest.raises(NotYourTurn, match="it is not Bo's turn: Ann is to move"):
        session.play("3", player=1)
    session.play("3", player=0)
    before = (session.ply, session.clock.snapshot(), list(session.times))
    with pytest.raises(IllegalMoveError, match="not a shield number 1-5"):
        session.play(7)
    with pytest.raises(InvalidMoveError, match="'zz' is not a Calla move"):
        session.play("zz")
    with pytest.raises(InvalidMoveError):
        session.play("\u0663")                   # another script's digit
    with pytest.raises(ValueError):
        session.resign(2)
    assert (session.ply, session.clock.snapshot(), session.times) == before
    session.resign(0)
    with pytest.raises(GameOver, match="the game is over: Ann resigned"):
        session.play("1", player=1)


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.text(max_size=12), st.integers(), st.none(), st.floats(),
                 st.lists(st.integers(), max_size=3)))
def test_anything_sent_as_a_move_is_played_or_refused_with_a_message(move):
    session, _ = calla()
    try:
        text = session.play(move)
    except ValueError as exc:
        assert str(exc) and session.ply == 0
    else:
        assert session.notation == [text] and session.ply == 1


# --- records ---------------------------------------------------------------------------

def test_a_record_read_back_mid_game_has_the_clocks_as_they_were():
    session, now = calla(minutes=10, control="3+2")
    session.start()
    now.advance(7)
    session.play("3")
    now.advance(11)
    session.play("1")
    now.advance(4)                               # Ann has been thinking 4 s
    record = json.loads(json.dumps(session.snapshot()))
    assert record["extra"]["clock"]["turn_used"] == 4
    later = FakeTime(50.0)                       # another program, another time source
    back = Session.restore(record, now=later)
    assert back.history == session.history and back.notation == ["3", "1"] and back.ply == 2
    assert back.times == [7.0, 11.0] and back.clocks == session.clocks
    assert back.clock.remaining(0) == pytest.approx(180 - 7 + 2 - 4)
    assert back.clock.remaining(1) == pytest.approx(180 - 11 + 2)
    assert back.timer.remaining() == pytest.approx(600 - 22)
    later.advance(6)                             # the clock runs on from the reading
    assert back.clock.remaining(0) == pytest.approx(171 - 6)
    assert back.timer.remaining() == pytest.approx(572)
    assert back.played == pytest.approx(28.0)
    back.play("2")
    assert back.clock.remaining(0) == pytest.approx(167)


def test_a_finished_game_comes_back_finished_as_it_ended():
    session, now = calla(control="5")
    session.play("3")
    session.resign(0)
    back = Session.restore(session.snapshot(), now=FakeTime())
    assert back.finished and back.resigned == 0 and back.outcome == session.outcome


def test_a_time_called_game_reads_back_under_the_rule():
    session, now = calla(minutes=1)
    session.play("3")
    now.advance(60)
    session.check_time()
    back = Session.from_record(session.record(), now=FakeTime())
    assert back.state.time_called and back.time_called_ply == 1 and not back.finished
    assert back.timer.remaining() == 0 and not back.check_time()
    back.play("1")
    assert back.finished


@pytest.mark.parametrize("change, field", [
    (lambda r: r["extra"].update(timer=700), "extra.timer"),
    (lambda r: r["extra"].update(timer="x"), "extra.timer"),
    (lambda r: r["extra"].update(clock=None), "extra.clock"),
    (lambda r: r["extra"]["clock"].update(active=0), "extra.clock"),
    (lambda r: r["extra"]["clock"]["moves"].__setitem__(0, 5), "extra.clock"),
    (lambda r: r["extra"].update(played=-1), "extra.played"),
    (lambda r: r["extra"].update(time_called_ply=1), "extra.time_called_ply"),
    (lambda r: r["extra"].update(lag=1), "extra"),
    (lambda r: r.update(extra=[]), "extra"),
])
def test_a_damaged_record_names_the_field(change, field):
    session, now = calla(minutes=10, control="3+2")
    session.play("3")
    now.advance(2)
    record = json.loads(json.dumps(session.record()))
    change(record)
    with pytest.raises(RecordProblem, match=f"field '{field}"):
        Session.from_record(record)


def test_replay_goes_on_with_the_clocks_it_is_given():
    session, now = calla(minutes=1, control="5+2")
    session.play("3")
    now.advance(61)
    session.check_time()                          # time called at ply 1
    assert session.time_called_ply == 1
    clock = Clock.restore(session.clock.snapshot(), now=now)
    timer = GameTimer.restore(session.timer.snapshot(), now=now)
    back = Session.replay("calla", ["3"], options={"time_limit_minutes": 1},
                          time_control="5+2", clock=clock, timer=timer, time_called_ply=1,
                          now=now)
    assert back.state == session.state and back.clock is clock and back.timer is timer
    with pytest.raises(ValueError, match="move 2 '9'"):
        Session.replay("calla", ["3", "9"], now=now)
    with pytest.raises(ValueError, match="not the clock"):
        Session.replay("calla", [], time_control="5", now=now,
                       clock=Clock(parse_time_control("3"), now=now))


# --- undo and redo -------------------------------------------------------------------------

def test_undo_and_redo_between_people():
    session, now = calla()
    assert not session.can_undo and not session.can_redo
    session.play("3")
    session.play("1")
    session.undo()
    assert session.ply == 1 and session.can_redo and session.to_move == 1
    session.redo()
    assert session.ply == 2 and not session.can_redo
    session.undo()
    session.play("2")                            # a new move forgets the one taken back
    assert session.notation == ["3", "2"] and not session.can_redo
    with pytest.raises(ValueError):
        session.redo()


def test_undo_against_the_computer_goes_back_to_the_person():
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Hal", "kind": "computer",
                                                  "level": "easy"}]
    session, _ = calla(players=seats)
    session.play("3")
    session.play("1")                            # the computer's answer
    session.undo()
    assert session.ply == 0 and session.to_move == 0
    session.redo()
    assert session.ply == 2, "redo replays the computer's answer too"
    alone = [dict(seats[1], name="Cy"), seats[1]]
    machines, _ = calla(players=alone)
    machines.play("3")
    assert not machines.can_undo


def test_no_undo_on_the_clock_or_once_the_game_is_over():
    timed, _ = calla(control="5")
    timed.play("3")
    assert not timed.can_undo
    untimed, _ = calla()
    untimed.play("3")
    untimed.resign(0)
    assert not untimed.can_undo


# --- the tournament command line plays its boards through a session ------------------------

class Stop(Exception):
    """The program killed between two moves."""


def calla_board(tmp_path, minutes=1):
    from game import GAMES
    from game.tournament.model import Entrant, GameChoice, Tournament
    from game.tournament.store import TournamentStore
    t = Tournament("Timed", [Entrant("A", "computer", "random"),
                             Entrant("B", "computer", "random")], "swiss",
                   [GameChoice("calla", options={"time_limit_minutes": minutes})], rounds=1,
                   seed=5)
    store = TournamentStore(tmp_path / "t.sqlite3")
    kept = store.create(t)
    (pairing,) = kept.pair_next_round()
    return store, kept, pairing, GAMES


def test_a_tournament_board_plays_on_under_the_time_called_rule(tmp_path):
    """Each move takes 7 s of a minute: time is called before the ninth is made, and the
    game ends when both have had as many turns; a board kept after time was called goes
    on under the rule."""
    from game.tournament.cli import play_game, resolve_chooser
    from game.tournament.model import result_of_game

    now = FakeTime()
    pick = resolve_chooser("random")
    seen = []

    def chooser(spec, state, rng):
        seen.append(state)
        now.advance(7)
        return pick(spec, state, rng)

    store, kept, pairing, games = calla_board(tmp_path)
    with store:
        result = play_game(kept, pairing, {0: chooser, 1: chooser}, games, now=now)
        live = kept.load_live(1, 1)
    called = live["time_called_ply"]
    assert called == 8 and live["timer"]["used"] == 60
    assert not seen[8].time_called and seen[9].time_called, "chosen again once time was called"
    session = Session.replay("calla", live["moves"], options={"time_limit_minutes": 1},
                             time_called_ply=called, now=FakeTime())
    assert session.finished and session.state.time_called
    assert session.state.turns[0] == session.state.turns[1]
    assert result == result_of_game(session.state)

    seen.clear()
    (tmp_path / "again").mkdir()
    store, kept, pairing, games = calla_board(tmp_path / "again")
    with store:
        kept.save_live(1, 1, {"moves": live["moves"][:called], "clock": None,
                              "timer": dict(live["timer"]), "time_called_ply": called})
        assert play_game(kept, pairing, {0: chooser, 1: chooser}, games, now=now) == result
    assert seen[0].time_called and seen[0] == session.history[called]
