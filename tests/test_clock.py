"""Clocks: time-control text, clock arithmetic for every control, pause, flag fall, saving.

A fake time source drives every clock: no test sleeps.
"""

import json
import time

import pytest

from game.clock import (Clock, GameTimer, TimeControl, default_low_time, format_time_control,
                        parse_time_control)


class FakeTime:
    def __init__(self, start=1000.0):
        self.t = start

    def __call__(self):
        return self.t

    def advance(self, seconds):
        self.t += seconds


def clock(text, players=2, **kw):
    now = FakeTime()
    c = Clock(parse_time_control(text), players, now=now, **kw)
    return c, now


# --- time-control text ---------------------------------------------------------

@pytest.mark.parametrize("text, main, increment, delay", [
    ("5+3", 300, 3, 0),
    ("10", 600, 0, 0),
    ("3d2", 180, 0, 2),
    ("90s+0", 90, 0, 0),
    ("90s+2", 90, 2, 0),
    ("1.5", 90, 0, 0),
    (" 5 + 3 ", 300, 3, 0),
    ("5M+3S", 300, 3, 0),
    ("5min+3", 300, 3, 0),
    ("0.5s+0.25", 0.5, 0.25, 0),
    ("45s d 5s", 45, 0, 5),
])
def test_parse_time_control(text, main, increment, delay):
    assert parse_time_control(text) == TimeControl(main, increment, delay)


@pytest.mark.parametrize("text, canonical", [
    ("5+3", "5+3"), ("10", "10"), ("3d2", "3d2"), ("90s+0", "90s"), ("1.5", "90s"),
    ("120s+1", "2+1"), ("0.5s+0.25", "0.5s+0.25"), ("none", "none"), ("UNTIMED", "none"),
])
def test_format_is_canonical_and_reads_back(text, canonical):
    control = parse_time_control(text)
    assert format_time_control(control) == canonical
    assert parse_time_control(canonical) == control


def test_kinds_and_descriptions():
    assert parse_time_control("10").kind == "sudden death"
    assert parse_time_control("5+3").kind == "fischer"
    assert parse_time_control("3d2").kind == "bronstein"
    assert parse_time_control("5+3").describe() == "5 min + 3 s per move"
    assert parse_time_control("90s").describe() == "90 s sudden death"
    assert parse_time_control("3d2").describe() == "3 min, 2 s delay"
    assert parse_time_control("none") is None


@pytest.mark.parametrize("text, words", [
    ("", "not understood"),
    ("5+", "not understood"),
    ("abc", "not understood"),
    ("-5", "not understood"),
    ("5+3d2", "not understood"),
    ("5h", "not understood"),
    ("0", "more than 0"),
    ("0s+5", "more than 0"),
    ("601", "at most 600 minutes"),
    ("5+4000", "increment must be between"),
    ("5d4000", "delay must be between"),
])
def test_bad_time_control_text_is_refused_clearly(text, words):
    with pytest.raises(ValueError) as info:
        parse_time_control(text)
    assert words in str(info.value)
    assert repr(text) in str(info.value)


def test_time_control_values_are_checked():
    with pytest.raises(ValueError, match="not both"):
        TimeControl(60, increment=1, delay=1)
    with pytest.raises(ValueError, match="number of seconds"):
        TimeControl("60")
    with pytest.raises(ValueError):
        TimeControl(float("nan"))


def test_default_low_time_threshold():
    assert default_low_time(parse_time_control("5")) == 30
    assert default_low_time(parse_time_control("1")) == 10
    assert default_low_time(parse_time_control("90")) == 60


# --- sudden death ------------------------------------------------------------

def test_sudden_death_counts_down_only_the_player_to_move():
    c, now = clock("1")
    c.start(0)
    now.advance(10)
    assert c.remaining(0) == 50
    assert c.remaining(1) == 60
    assert c.press(0)
    assert c.active == 1
    now.advance(20)
    assert c.remaining(0) == 50
    assert c.remaining(1) == 40
    assert c.press(1)
    now.advance(5)
    assert c.remaining(0) == 45
    assert c.moves(0) == 1 and c.moves(1) == 1


def test_flag_falls_at_zero_and_the_late_press_does_not_count():
    c, now = clock("1")
    c.start(0)
    now.advance(59.5)
    assert c.flagged() is None
    now.advance(0.5)
    assert c.flagged() == 0
    assert c.remaining(0) == 0
    assert not c.running
    now.advance(30)
    assert c.press(0) is False
    assert c.flagged() == 0
    assert c.remaining(1) == 60   # the opponent's clock never started
    assert c.active == 0


def test_flag_seen_only_through_remaining_is_the_same():
    c, now = clock("1")
    c.start(0)
    c.press(0)
    now.advance(61)
    assert c.remaining(1) == 0
    assert c.flagged() == 1
    assert c.remaining(0) == 60


# --- Fischer ------------------------------------------------------------------

def test_fischer_increment_is_added_after_every_move():
    c, now = clock("1+5")
    c.start(0)
    now.advance(10)
    c.press(0)
    assert c.remaining(0) == 55
    now.advance(1)
    c.press(1)
    assert c.remaining(1) == 64          # more than the start: increments accumulate
    now.advance(2)
    c.press(0)
    assert c.remaining(0) == 58


def test_fischer_increment_does_not_save_a_fallen_flag():
    c, now = clock("1+5")
    c.start(0)
    now.advance(60)
    assert c.press(0) is False
    assert c.flagged() == 0


# --- Bronstein ------------------------------------------------------------------

def test_bronstein_gives_back_time_used_up_to_the_delay():
    c, now = clock("1d5")
    c.start(0)
    now.advance(3)
    assert c.remaining(0) == 57          # the display counts down from the start of the turn
    c.press(0)
    assert c.remaining(0) == 60          # 3 s used, 3 s given back
    now.advance(8)
    c.press(1)
    assert c.remaining(1) == 57          # 8 s used, only 5 s given back
    now.advance(5)
    c.press(0)
    assert c.remaining(0) == 60          # never above the start


def test_bronstein_flag_can_fall_inside_the_delay():
    c, now = clock("10s d5")
    c.start(0)
    now.advance(8)
    c.press(0)                           # 8 used, 5 back: 7 left
    assert c.remaining(0) == 7
    c.press(1)
    now.advance(7)
    assert c.flagged() == 0


# --- pause and resume ----------------------------------------------------------------

def test_paused_time_is_not_charged():
    c, now = clock("1")
    c.start(0)
    now.advance(10)
    c.pause()
    assert c.paused and not c.running
    now.advance(1000)
    assert c.remaining(0) == 50
    c.pause()                            # twice is harmless
    c.resume()
    assert c.running
    c.resume()
    now.advance(5)
    assert c.remaining(0) == 45


def test_bronstein_delay_counts_the_whole_turn_across_a_pause():
    c, now = clock("1d5")
    c.start(0)
    now.advance(3)
    c.pause()
    now.advance(100)
    c.resume()
    now.advance(1)
    c.press(0)
    assert c.remaining(0) == 60          # 4 s used in the turn, all within the delay


def test_press_while_paused_hands_over_the_turn_still_paused():
    c, now = clock("1+2")
    c.start(0)
    now.advance(4)
    c.pause()
    c.press(0)
    assert c.remaining(0) == 58
    assert c.active == 1 and c.paused
    now.advance(50)
    assert c.remaining(1) == 60
    c.resume()
    now.advance(1)
    assert c.remaining(1) == 59


def test_stop_freezes_every_clock():
    c, now = clock("1")
    c.start(0)
    now.advance(10)
    c.stop()
    now.advance(100)
    assert c.remaining(0) == 50 and c.flagged() is None
    assert c.stopped and not c.running
    c.resume()
    now.advance(100)
    assert c.remaining(0) == 50
    with pytest.raises(ValueError, match="stopped"):
        c.press(0)


# --- warnings, players, misuse ----------------------------------------------------------

def test_low_time_warning_threshold():
    c, now = clock("5")                 # default threshold: 30 s
    c.start(0)
    now.advance(269)
    assert not c.low_time(0)
    now.advance(1)
    assert c.low_time(0)
    assert not c.low_time(1)
    c2, now2 = clock("5", low_time=100)
    c2.start(0)
    now2.advance(200)
    assert c2.low_time(0)


def test_three_players_and_an_explicit_next_player():
    c, now = clock("1", players=3)
    c.start(0)
    now.advance(1)
    c.press(0)
    assert c.active == 1
    now.advance(2)
    c.press(1, next_player=0)           # player 2 is skipped (e.g. has no move)
    assert c.active == 0
    now.advance(3)
    assert [c.remaining(p) for p in range(3)] == [56, 58, 60]


def test_misuse_is_refused():
    c, now = clock("1")
    with pytest.raises(ValueError, match="not been started"):
        c.press(0)
    c.start(1)
    with pytest.raises(ValueError, match="already"):
        c.start(0)
    with pytest.raises(ValueError, match="player 1's clock"):
        c.press(0)
    with pytest.raises(ValueError, match="no player 2"):
        c.remaining(2)
    with pytest.raises(ValueError):
        Clock("5+3")


def test_a_source_stepping_back_is_treated_as_standing_still():
    c, now = clock("1")
    c.start(0)
    now.advance(-500)
    assert c.remaining(0) == 60
    assert c.flagged() is None


def test_default_time_source_ignores_the_wall_clock(monkeypatch):
    c = Clock(parse_time_control("5"))
    c.start(0)
    monkeypatch.setattr(time, "time", lambda: 4.0e9)  # the computer's clock jumps years ahead
    assert 299 < c.remaining(0) <= 300
    assert c.flagged() is None


# --- saving and restoring --------------------------------------------------------

def test_snapshot_restores_a_running_clock_without_charging_the_downtime():
    c, now = clock("1d5")
    c.start(0)
    now.advance(10)
    c.press(0)
    now.advance(2)
    data = json.loads(json.dumps(c.snapshot()))
    later = FakeTime(50_000.0)           # a new program run: another monotonic origin
    back = Clock.restore(data, now=later)
    assert back.active == 1 and back.running
    assert back.remaining(0) == 55 and back.remaining(1) == 58
    later.advance(3)
    back.press(1)
    assert back.remaining(1) == 60       # the turn's 2 + 3 s are all inside the delay
    assert back.snapshot()["control"] == "1d5"


def test_snapshot_keeps_pause_and_flag():
    c, now = clock("1")
    c.start(0)
    now.advance(5)
    c.pause()
    back = Clock.restore(c.snapshot(), now=FakeTime())
    assert back.paused and back.remaining(0) == 55
    now.advance(1)
    c.resume()
    now.advance(100)
    assert c.flagged() == 0
    flagged = Clock.restore(c.snapshot(), now=FakeTime())
    assert flagged.flagged() == 0 and flagged.remaining(0) == 0 and not flagged.running


@pytest.mark.parametrize("change, words", [
    ({"control": "none"}, "must be a time control"),
    ({"control": 5}, "'control' must be text"),
    ({"stored": [60]}, "need 2 entries"),
    ({"active": 7}, "'active' must be a player index"),
    ({"turn_used": -1}, "'turn_used'"),
    ({"colour": 1}, "unknown field 'colour'"),
])
def test_restore_refuses_bad_data_naming_the_field(change, words):
    c, now = clock("1")
    c.start(0)
    data = dict(c.snapshot(), **change)
    with pytest.raises(ValueError, match=words):
        Clock.restore(data, now=now)


# --- Calla's shared game timer ------------------------------------------------------

def test_game_timer_expires_once_and_pauses():
    now = FakeTime()
    timer = GameTimer(60, now=now)
    assert not timer.expired and timer.remaining() == 60
    timer.start()
    now.advance(30)
    timer.pause()
    now.advance(500)
    assert timer.remaining() == 30
    timer.resume()
    now.advance(29)
    assert not timer.expired and timer.low_time()
    now.advance(1)
    assert timer.expired and timer.remaining() == 0 and not timer.running


def test_game_timer_snapshot_and_restore():
    now = FakeTime()
    timer = GameTimer(900, now=now)
    timer.start()
    now.advance(100)
    later = FakeTime(7.0)
    back = GameTimer.restore(json.loads(json.dumps(timer.snapshot())), now=later)
    assert back.remaining() == 800 and back.running
    later.advance(800)
    assert back.expired
    with pytest.raises(ValueError, match="unknown field"):
        GameTimer.restore(dict(timer.snapshot(), extra=1), now=later)
    with pytest.raises(ValueError, match="positive"):
        GameTimer(0)
