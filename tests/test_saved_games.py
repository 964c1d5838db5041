"""Saved games (version 2 records): a finished game of every kind, played at a board, saved,
read back and replayed to the same states with its times, clocks and result; version 1
still read; damage refused with a message and the file untouched; ``play --save`` and
``main.py FILE``."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.records.record import (FORMAT, SUFFIX, VERSION, RecordProblem, load, make_record,
                                 record_of_moves, replay, result_of, save)
from game.version import VERSION as PROGRAM_VERSION

FAST = settings(max_examples=80, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def play_out(app, game, time_control="5+3", options=None, seed=1, dt=0.25):
    """A game of ``game`` played to its end at a board (random legal moves, ``dt`` seconds
    each), by two people; the play scene, finished."""
    spec = GAMES[game]
    rng = random.Random(seed)
    config = {"game": game, "variant": spec.variants[0], "options": options or {},
              "starter": "0", "time_control": time_control,
              "seats": [{"name": "Zoë Ångström", "kind": "human"},
                        {"name": "王小明", "kind": "human"}]}
    play = app.stack.push("play", config=config, seed=seed)
    while not play.finished:
        play.update(dt)
        if play.finished:
            break
        play.apply(rng.choice(play.state.legal_moves()))
    return play


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_game_of_every_kind_is_saved_and_replays_to_the_same_states(app, tmp_path,
                                                                               game):
    play = play_out(app, game)
    record = play.record(finished=True)
    path = tmp_path / f"game{SUFFIX}"
    save(path, record)
    saved = json.loads(path.read_text())
    assert saved["format"] == FORMAT and saved["version"] == VERSION == 3
    assert saved["program"] == f"Callidus {PROGRAM_VERSION}" and saved["date"][:2] == "20"
    spec, config, states, moves, cursor = load(path)
    assert states == play.history and moves == play.notation and cursor == len(moves)
    assert [s["name"] for s in config["seats"]] == ["Zoë Ångström", "王小明"]
    # every move took a quarter of a second; each clock reads what the play scene's showed
    assert saved["times"] == [0.25] * len(moves)
    assert saved["clocks"] == play.clocks and len(saved["clocks"]) == len(moves)
    final = play.clock
    assert saved["clocks"][-1] == [round(final.remaining(p), 3) for p in range(2)]
    result = saved["result"]
    assert result["end"] == "rules" and result["winner"] == states[-1].winner
    assert result["scores"] == list(states[-1].scores) and result["reason"]


def test_a_game_lost_on_time_keeps_who_flagged(app, tmp_path):
    config = {"game": "callisto", "variant": "callisto_2", "options": {}, "starter": "0",
              "time_control": "1", "seats": [{"name": "Zoë Ångström", "kind": "human"},
                                             {"name": "王小明", "kind": "human"}]}
    play = app.stack.push("play", config=config, seed=3)
    play.update(0.1)
    play.apply(play.state.legal_moves()[0])
    play.update(61)                          # the second player's minute runs out
    assert play.flagged == 1
    record = play.record(finished=True)
    assert record["result"] == {"winner": 0, "end": "time", "flagged": 1,
                                "reason": "王小明 (Green) ran out of time.",
                                "scores": list(play.state.scores)}
    assert replay(json.loads(json.dumps(record)))[2] == play.history
    bad = json.loads(json.dumps(record))
    bad["result"]["winner"] = 1
    with pytest.raises(RecordProblem, match="result.winner' is the player whose flag fell"):
        replay(bad)


def test_a_game_whose_timer_ran_out_replays_under_the_time_called_rule(app):
    play = play_out(app, "calla", time_control=None, options={"time_limit_minutes": 1}, dt=7.0)
    assert play.time_called_ply is not None and play.state.time_called
    record = json.loads(json.dumps(play.record(finished=True)))
    _spec, _config, states, _moves, _cursor = replay(record)
    assert states == play.history and states[-1].is_over
    assert "clocks" not in record               # no clock: no readings


def test_version_1_records_are_still_read():
    spec = GAMES["calla"]
    old = {"format": FORMAT, "version": 1, "game": "calla",
           "config": {"game": "calla", "seats": [{"name": "Ann", "kind": "human"},
                                                 {"name": "Bo", "kind": "human"}]},
           "start": spec.new_game(seed=1).position(), "moves": ["3", "1"], "cursor": 2}
    _spec, _config, states, moves, cursor = replay(old)
    assert moves == ["3", "1"] and cursor == 2 and len(states) == 3
    with pytest.raises(RecordProblem, match="unknown field 'result'"):
        replay(dict(old, result={"winner": None}))       # a version 1 record has no result


def _calliro_record(version: int, options: dict) -> dict:
    """A Calliro game in which Green's placement gives Blue a point, as ``version`` wrote it
    (``options`` as the file lists them)."""
    spec = GAMES["calliro"]
    start = spec.new_game(seed=3, scorer_chooses_replacement=False)
    position = dict(start.position(), options=options)
    record = {"format": FORMAT, "version": version, "game": "calliro",
              "config": {"game": "calliro", "variant": "standard", "options": dict(options),
                         "seats": [{"name": "Ann", "kind": "human"},
                                   {"name": "Bo", "kind": "human"}]},
              "start": position, "moves": ["B/o@e5", "O/g@f5", "O/b@d5", "O@e4"], "cursor": 4}
    return record


def test_calliro_records_from_before_the_scorer_chose_replay_as_they_were_played():
    # version 2 wrote no option: the score chip went on the chip that scored
    old = _calliro_record(2, {})
    _spec, config, states, _moves, _cursor = replay(old)
    assert states[-1].chip_at("e5") == "S0" and states[-1].pending_cells == []
    assert config["options"] == {"scorer_chooses_replacement": False}
    assert old["start"]["options"] == {"scorer_chooses_replacement": False}  # kept for resume
    # a version 3 record without the option plays the designers' rule: Blue chooses
    new = _calliro_record(3, {})
    new["cursor"] = 5
    new["moves"].append("replace f5")
    _spec, config, states, _moves, _cursor = replay(new)
    assert states[-2].pending_cells == [(0, 0)] and states[-1].chip_at("f5") == "S0"
    assert states[-1].chip_at("e5") == "B/o" and config["options"] == {}
    # the old record, replayed as a new one, goes wrong at the next move
    with pytest.raises(RecordProblem, match="move 5"):
        replay(dict(_calliro_record(3, {}), moves=old["moves"] + ["O@e6"], cursor=5))


def _finished_calla():
    spec = GAMES["calla"]
    rng = random.Random(5)
    start = state = spec.new_game(seed=5)
    moves = []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(spec.format_move(state, move))
        state = state.play(move)
    config = {"game": "calla", "options": {}, "time_control": "3+2",
              "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]}
    return make_record(config, start, moves, times=[1.5] * len(moves),
                       clocks=[[180.0, 180.0]] * len(moves),
                       result=result_of(state, state.winner, state.end_reason))


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(times=[1.0]), "field 'times' must give the seconds of each"),
    (lambda r: r["times"].__setitem__(0, -1), r"field 'times\[0\]'"),
    (lambda r: r["times"].__setitem__(2, "fast"), r"field 'times\[2\]'"),
    (lambda r: r["clocks"].__setitem__(1, [1.0]), r"field 'clocks\[1\]'"),
    (lambda r: r["config"].update(time_control=None), "field 'clocks': this game has no clock"),
    (lambda r: r["result"].update(winner=7), "result.winner' must be a player"),
    (lambda r: r["result"].update(winner=1 - r["result"]["winner"]), "last position says"),
    (lambda r: r["result"].update(end="boredom"), "result.end"),
    (lambda r: r["result"].update(scores=[0, 0]), "result.scores"),
    (lambda r: r["result"].update(reason="\x00"), "result.reason"),
    (lambda r: r["result"].update(colour="red"), "unknown field 'colour'"),
    (lambda r: [r[k].pop() for k in ("moves", "times", "clocks")] and r.update(
        cursor=len(r["moves"])), "the game is not over at its last move"),
    (lambda r: r.update(cursor=3), "a finished game stands at its last move"),
    (lambda r: r.update(date="yesterday"), "field 'date'"),
    (lambda r: r.update(program=""), "field 'program'"),
    (lambda r: r.update(version=4), "unknown version"),
    (lambda r: r.update(version=2.0), "unknown version"),
])
def test_damaged_version_2_fields_are_refused_naming_the_field(change, words):
    record = _finished_calla()
    replay(record)
    change(record)
    with pytest.raises(RecordProblem, match=words):
        replay(record)


def _damaged(data, raw: bytes) -> bytes:
    how = data.draw(st.sampled_from(["flip", "cut", "insert", "field"]))
    if how == "flip":
        at = data.draw(st.integers(0, len(raw) - 1))
        return raw[:at] + bytes([raw[at] ^ data.draw(st.integers(1, 255))]) + raw[at + 1:]
    if how == "cut":
        return raw[:data.draw(st.integers(0, len(raw) - 1))]
    if how == "insert":
        at = data.draw(st.integers(0, len(raw)))
        return raw[:at] + data.draw(st.sampled_from(
            [b"[" * 5000, b"1" * 5000, b"NaN", b"\x00", b'"\\ud800"', b"}", b",", b"-1"])) + raw[at:]
    record = json.loads(raw)
    field = data.draw(st.sampled_from(["times", "clocks", "result", "date", "program", "moves",
                                       "cursor", "start", "config", "version"]))
    record[field] = data.draw(st.none() | st.integers(-3, 10**6) | st.text(max_size=5)
                              | st.lists(st.integers(-1, 400), max_size=3)
                              | st.dictionaries(st.sampled_from(["winner", "end", "reason"]),
                                                st.integers(-1, 2) | st.text(max_size=3)))
    return json.dumps(record).encode()


@FAST
@given(data=st.data())
def test_a_damaged_saved_game_is_refused_with_a_message_and_left_untouched(tmp_path, data):
    path = tmp_path / f"damaged{SUFFIX}"
    good = json.dumps(_finished_calla(), indent=2).encode()
    raw = _damaged(data, good)
    path.write_bytes(raw)
    try:
        load(path)
    except RecordProblem as exc:
        message = str(exc)
        assert message.strip() and "Traceback" not in message
        assert any(word in message for word in ("field", "move", "damaged", "saved game",
                                                "version", "start position", "not a text",
                                                "game", "config"))
    assert path.read_bytes() == raw


# --- the command line -------------------------------------------------------------------------

def test_play_save_writes_a_record_that_replays(tmp_path, capsys):
    from game.cli.main import main
    path = tmp_path / "calla-game.callidus"
    assert main(["play", "calla", "--seed", "2", "3", "1", "--save", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    spec, config, states, moves, cursor = load(path)
    assert moves == ["3", "1"] and states[-1].position() == printed["position"]
    assert [s["name"] for s in config["seats"]] == ["Player 1", "Player 2"]
    assert "result" not in json.loads(path.read_text())          # not over yet


def test_play_save_of_a_finished_game_keeps_its_result(tmp_path, capsys):
    from game.cli.main import main
    record = _finished_calla()
    path = tmp_path / "done.callidus"
    start = tmp_path / "start.json"
    start.write_text(json.dumps(record["start"]))
    assert main(["play", "calla", "--position", str(start), *record["moves"],
                 "--save", str(path)]) == 0
    saved = json.loads(path.read_text())
    assert saved["result"]["winner"] == record["result"]["winner"]
    assert saved["result"]["end"] == "rules" and replay(saved)[2][-1].is_over


@pytest.mark.parametrize("argv, words", [
    (["play", "calla", "3", "--save", "{tmp}"], "--save {tmp}: could not write"),
    (["play", "calla", "3", "--save", "{tmp}/no/such/folder/x.callidus"], None),
    (["play", "calla", "3", "9", "--save", "{tmp}/x.callidus"], "move 2 '9'"),
])
def test_play_save_problems_are_one_line(tmp_path, capsys, argv, words):
    from game.cli.main import main
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code = main(argv)
    out, err = capsys.readouterr()
    if words is None:                       # a missing folder is made, as for every save
        assert code == 0 and load(argv[-1])[3] == ["3"]
        return
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert words.replace("{tmp}", str(tmp_path)) in err
    assert not (tmp_path / "x.callidus").exists()


def test_every_game_saves_from_the_command_line(tmp_path, capsys):
    from game.cli.main import main
    for name, spec in GAMES.items():
        state = spec.new_game(seed=4)
        moves = []
        for _ in range(3):
            move = state.legal_moves()[0]
            moves.append(spec.format_move(state, move))
            state = state.play(move)
        path = tmp_path / f"{name}.callidus"
        assert main(["play", name, "--seed", "4", *moves, "--save", str(path)]) == 0, name
        assert load(path)[2][-1] == state
    capsys.readouterr()


def test_record_of_moves_refuses_a_bad_move():
    spec = GAMES["calla"]
    with pytest.raises(ValueError, match="move 2 '9'"):
        record_of_moves(spec, spec.new_game(seed=1), ["3", "9"])


# --- main.py FILE -----------------------------------------------------------------------------

def test_main_takes_a_saved_game_to_open(tmp_path):
    from main import parse_flags
    path = str(tmp_path / "game.callidus")
    save(path, _finished_calla())
    args = parse_flags([path, "--size", "960x600"])
    assert args.saved_game == path and args.size == (960, 600)
    assert parse_flags([]).saved_game is None


def test_the_program_opens_a_saved_game_given_on_its_command_line(tmp_path):
    """As a double-click on a .callidus file does (the desktop entry's ``Exec=... %f``)."""
    from real_program import ROOT, stop, wait_for
    path = tmp_path / f"my game{SUFFIX}"
    save(path, _finished_calla())
    log = tmp_path / "log.txt"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CALLIDUS_DATA_DIR=str(tmp_path / "data"),
               CALLIDUS_CONFIG_DIR=str(tmp_path / "config"))
    program = subprocess.Popen([sys.executable, str(ROOT / "main.py"), str(path),
                                "--log", str(log)], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    try:
        assert wait_for(log, f"open saved game {path.name}", seconds=30), log.read_text()
    finally:
        stop(program)
