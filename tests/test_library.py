"""The game library: finished games kept in SQLite, listed newest first, filtered, opened,
deleted, with their analysis; a damaged row or file is refused with a message, never a crash,
and reading never changes the file."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.records.library import Library, LibraryProblem, new_id
from game.records.record import replay
from helpers import random_finished_game

FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def finished(game="calla", names=("Ann", "Bo"), seed=1, date="2025-05-04T15:02:11+02:00"):
    """The record of a finished game of ``game`` (random moves from ``seed``)."""
    return random_finished_game(game, names, seed, date)[0]


@pytest.fixture
def library(tmp_path):
    return Library(tmp_path / "games.sqlite3")


@pytest.fixture
def kept(library):
    """Five games kept on five days, the newest last: (id, record) oldest first."""
    games = []
    for day, (game, names) in enumerate([("calla", ("Ann", "Bo")),
                                         ("calliro", ("Émilie", "Bo")),
                                         ("callisto", ("王小明", "Ann")),
                                         ("iriri", ("Zoë", "Łukasz")),
                                         ("calabria", ("Bo", "ANNA"))], start=1):
        record = finished(game, names, seed=day, date=f"2025-05-0{day}T10:00:00+00:00")
        games.append((library.add(record), record))
    return games


def test_reading_a_library_never_kept_is_empty_and_makes_no_file(library):
    assert library.list() == [] and library.count() == 0
    assert not library.path.exists()


def test_games_are_listed_newest_first_with_what_the_table_shows(library, kept):
    listed = library.list()
    assert [e.id for e in listed] == [game_id for game_id, _ in reversed(kept)]
    calla = listed[-1]
    record = kept[0][1]
    assert (calla.game, calla.variant, calla.players) == ("calla", "standard", ("Ann", "Bo"))
    assert calla.date == "2025-05-01T10:00:00+00:00" and calla.moves == len(record["moves"])
    assert calla.winner == record["result"]["winner"] and calla.end == "rules"
    assert calla.problem is None and not calla.analysed


def test_the_order_is_by_the_time_the_game_ended_whatever_the_offset(library):
    late = library.add(finished(date="2025-05-04T23:30:00-05:00"))     # 04:30 UTC on the 5th
    early = library.add(finished(date="2025-05-05T03:00:00+00:00"))
    assert [e.id for e in library.list()] == [late, early]


def test_filters_by_game_and_by_player_name_in_any_case(library, kept):
    ids = [game_id for game_id, _ in kept]
    assert [e.id for e in library.list(game="callisto")] == [ids[2]]
    assert [e.id for e in library.list(player="ann")] == [ids[4], ids[2], ids[0]]
    assert [e.id for e in library.list(player="ÉMILIE")] == [ids[1]]
    assert [e.id for e in library.list(player="王")] == [ids[2]]
    assert [e.id for e in library.list(game="calla", player="bo")] == [ids[0]]
    assert library.list(game="iriri", player="bo") == []
    assert library.count(player="bo") == 3 and library.count() == 5
    assert [e.id for e in library.list(limit=2, offset=1)] == [ids[3], ids[2]]


def test_get_gives_the_record_back_and_it_replays(library, kept):
    game_id, record = kept[3]
    got = library.get(game_id)
    assert got == record
    assert replay(got)[2][-1].is_over


def test_delete_forgets_a_game_and_only_that_one(library, kept):
    game_id = kept[1][0]
    assert library.delete(game_id) is True
    assert library.delete(game_id) is False
    assert game_id not in [e.id for e in library.list()] and library.count() == 4
    with pytest.raises(LibraryProblem, match="no longer in the library"):
        library.get(game_id)


def test_the_analysis_is_kept_with_its_game(library, kept):
    game_id = kept[0][0]
    assert library.get_analysis(game_id) is None
    data = {"level": "medium", "moves": [{"ply": 1, "chances": [0.5, 0.5]}]}
    library.set_analysis(game_id, data)
    assert library.get_analysis(game_id) == data
    assert [e.analysed for e in library.list(game="calla")] == [True]
    library.delete(game_id)
    with pytest.raises(LibraryProblem, match="no longer in the library"):
        library.set_analysis(game_id, data)
    with pytest.raises(LibraryProblem, match="not plain data"):
        library.set_analysis(kept[1][0], {"x": object()})


def test_a_record_that_does_not_replay_is_not_kept(library):
    record = finished()
    record["moves"][2] = "9"
    with pytest.raises(LibraryProblem, match="cannot be kept: move 3 '9'"):
        library.add(record)
    assert library.count() == 0
    game_id = new_id()
    library.add(finished(), game_id)
    with pytest.raises(LibraryProblem, match="could not keep"):
        library.add(finished(), game_id)           # the same id twice


def _set(library, game_id, **columns):
    db = sqlite3.connect(str(library.path))
    for column, value in columns.items():
        db.execute(f"UPDATE game SET {column} = ? WHERE id = ?", (value, game_id))
    db.commit()
    db.close()


@pytest.mark.parametrize("columns, words", [
    ({"record": "{ half"}, "damaged"),
    ({"record": json.dumps({"format": "callidus-game", "version": 2})}, "unknown game"),
    ({"record": 42}, "not a saved game"),
    ({"record": b"\xff\x00"}, "not JSON text"),
    ({"game": "iriri"}, "not the game listed"),
    ({"players": json.dumps(["Ann", "Mallory"])}, "not the game listed"),
    ({"players": "[[["}, "not the game listed"),
])
def test_a_damaged_row_is_refused_and_the_others_still_listed(library, kept, columns, words):
    game_id = kept[2][0]
    _set(library, game_id, **columns)
    listed = {e.id: e for e in library.list()}
    assert len(listed) == 5
    assert words in listed[game_id].problem
    assert all(e.problem is None for i, e in listed.items() if i != game_id)
    with pytest.raises(LibraryProblem):
        library.get(game_id)
    assert library.get(kept[0][0]) == kept[0][1]


def test_a_damaged_move_in_a_row_is_named(library, kept):
    game_id, record = kept[0]
    damaged = json.loads(json.dumps(record))
    damaged["moves"][4] = "17"
    _set(library, game_id, record=json.dumps(damaged))
    [entry] = [e for e in library.list() if e.id == game_id]
    assert "move 5 '17'" in entry.problem
    with pytest.raises(LibraryProblem, match="move 5 '17'"):
        library.get(game_id)


def test_a_damaged_analysis_is_refused(library, kept):
    game_id = kept[0][0]
    _set(library, game_id, analysis="[" * 1000)
    with pytest.raises(LibraryProblem, match="nested more than"):
        library.get_analysis(game_id)
    assert library.get(game_id) == kept[0][1]


@pytest.mark.parametrize("content, words", [
    (b"not a database at all, just text" * 40, "damaged or is not a game library"),
    (b"SQLite format 3\x00" + b"\xff" * 2000, "damaged or is not a game library"),
])
def test_a_file_that_is_not_a_library_is_refused_and_left_untouched(library, content, words):
    library.path.write_bytes(content)
    for action in (library.list, library.count, lambda: library.get("x"),
                   lambda: library.add(finished()), lambda: library.delete("x")):
        with pytest.raises(LibraryProblem, match=words):
            action()
    assert library.path.read_bytes() == content


def test_another_sqlite_database_or_a_newer_library_is_left_untouched(library, tmp_path):
    db = sqlite3.connect(str(library.path))
    db.execute("CREATE TABLE other (x)")
    db.commit()
    db.close()
    before = library.path.read_bytes()
    with pytest.raises(LibraryProblem, match="not a Callidus game library"):
        library.add(finished())
    assert library.path.read_bytes() == before
    newer = Library(tmp_path / "newer.sqlite3")
    newer.add(finished())
    db = sqlite3.connect(str(newer.path))
    db.execute("PRAGMA user_version = 9")
    db.commit()
    db.close()
    with pytest.raises(LibraryProblem, match="newer Callidus"):
        newer.list()


@pytest.mark.parametrize("where", [b"players TEXT", b'"format": "callidus-game"'])
def test_text_that_is_not_utf8_inside_the_file_is_refused(library, kept, where):
    """In the tables' own description (SQLite's message about it is not UTF-8 either) or in
    a kept record."""
    raw = library.path.read_bytes()
    at = raw.index(where) + 2
    raw = raw[:at] + b"\xcc" + raw[at + 1:]
    library.path.write_bytes(raw)
    try:
        listed = library.list()
    except LibraryProblem as exc:
        assert "damaged" in str(exc)
    else:
        assert [e for e in listed if e.problem] and len(listed) == len(kept)
    assert library.path.read_bytes() == raw


def test_a_folder_in_place_of_the_library_is_named(library):
    library.path.mkdir()
    with pytest.raises(LibraryProblem, match="is a folder"):
        library.list()


# --- random damage -------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**6) | st.text(max_size=6)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3), max_leaves=6)


def _places(value, prefix=()):
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _places(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _places(v, prefix + (i,))
    return found


def _mutated_text(record, data) -> str:
    if data.draw(st.booleans()):
        text = json.dumps(record)
        at = data.draw(st.integers(0, len(text) - 1))
        return text[:at] + data.draw(st.sampled_from(["", "x", "]", "\"", "9", "\\u0000",
                                                      "[" * 200])) + text[at + 1:]
    record = json.loads(json.dumps(record))
    where = data.draw(st.sampled_from([p for p in _places(record) if p]))
    parent = record
    for step in where[:-1]:
        parent = parent[step]
    if isinstance(parent, dict) and data.draw(st.booleans()):
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(JSON_VALUES)
    return json.dumps(record)


@FAST
@given(data=st.data())
def test_random_damage_to_a_row_is_refused_with_a_message(tmp_path_factory, data):
    library = Library(tmp_path_factory.mktemp("lib") / "games.sqlite3")
    records = [finished("calla", seed=1), finished("iriri", ("Zoë", "Bo"), seed=2),
               finished("callisto", ("Ann", "王"), seed=3)]
    ids = [library.add(r) for r in records]
    victim = data.draw(st.integers(0, 2))
    _set(library, ids[victim], record=_mutated_text(records[victim], data))
    before = library.path.read_bytes()
    listed = {e.id: e for e in library.list()}
    assert set(listed) == set(ids)
    for i, game_id in enumerate(ids):
        if i != victim:
            assert listed[game_id].problem is None and library.get(game_id) == records[i]
    try:
        library.get(ids[victim])
    except LibraryProblem as exc:
        assert str(exc).strip() and listed[ids[victim]].problem == str(exc)
    else:
        assert listed[ids[victim]].problem is None      # the damage left a game that replays
    assert library.path.read_bytes() == before


@FAST
@given(data=st.data())
def test_random_damage_to_the_file_never_escapes_and_reading_leaves_it_as_it_was(
        tmp_path_factory, data):
    library = Library(tmp_path_factory.mktemp("lib") / "games.sqlite3")
    ids = [library.add(finished("calla", seed=s)) for s in range(1, 4)]
    raw = bytearray(library.path.read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        raw = raw[:data.draw(st.integers(0, len(raw)))]
    library.path.write_bytes(bytes(raw))
    for action in (library.list, library.count, lambda: library.get(ids[0]),
                   lambda: library.get_analysis(ids[1]), lambda: library.list(player="a")):
        try:
            action()
        except LibraryProblem as exc:
            assert str(exc).strip()
    assert library.path.read_bytes() == bytes(raw)


# --- games played elsewhere -------------------------------------------------------------------

def test_a_computer_game_of_a_tournament_is_kept_too(tmp_path):
    from scenes.tournament.background import keep_computer_game, play_computer_game
    outcome = play_computer_game("calla", "standard", {}, None, ["random", "random"], seed=7)
    config = {"game": "calla", "variant": "standard", "options": {}, "starter": "0",
              "time_control": None, "tournament": {"id": 1, "round": 2, "board": 3},
              "seats": [{"name": "Easy bot", "kind": "computer", "level": "easy"},
                        {"name": "Random bot", "kind": "computer", "level": "random"}]}
    library = Library(tmp_path / "games.sqlite3")
    assert keep_computer_game(library.path, config, 7, outcome) is None
    [entry] = library.list()
    assert entry.players == ("Easy bot", "Random bot") and entry.moves == len(outcome["moves"])
    assert {"1-0": 0, "0-1": 1, "1/2-1/2": None}[outcome["score"]] == entry.winner
    flagged = dict(outcome, moves=outcome["moves"][:5], how="time", score="1-0")
    assert keep_computer_game(library.path, config, 7, flagged) is None
    latest = library.list()[0]
    assert latest.end == "time" and latest.winner == 0
    assert "not a Calla move" in keep_computer_game(
        library.path, config, 7, dict(outcome, moves=["9"]))


def test_a_calliro_tournament_game_between_computers_keeps_the_scorers_choices(tmp_path):
    from scenes.tournament.background import keep_computer_game, play_computer_game
    outcome = play_computer_game("calliro", "standard", {}, None, ["random", "random"], seed=6)
    assert any(m.startswith("replace ") for m in outcome["moves"])
    config = {"game": "calliro", "variant": "standard", "options": {}, "starter": "0",
              "time_control": None, "tournament": {"id": 1, "round": 1, "board": 1},
              "seats": [{"name": "Ann", "kind": "computer", "level": "random"},
                        {"name": "Bo", "kind": "computer", "level": "random"}]}
    library = Library(tmp_path / "games.sqlite3")
    assert keep_computer_game(library.path, config, 6, outcome) is None
    [entry] = library.list()
    assert entry.moves == len(outcome["moves"])


# --- written off the frame loop -------------------------------------------------------------

def test_the_writer_runs_other_writes_in_order_and_reports_their_failure(tmp_path):
    from game.files import FileProblem
    from game.writer import BackgroundWriter

    done = []
    writer = BackgroundWriter()

    def fail():
        raise FileProblem("the disk is full")

    writer.write(tmp_path / "a.txt", "first")
    writer.call(("row", 1), lambda: done.append((tmp_path / "a.txt").read_text()))
    writer.call(("row", 2), fail)
    assert writer.flush(timeout=10)
    assert done == ["first"]
    assert writer.problem(("row", 2)) == "the disk is full" and writer.problem(("row", 1)) is None
    with pytest.raises(TypeError):
        writer.call("x", "not a function")


def test_a_game_the_library_cannot_keep_is_said_on_the_results_screen(app, tmp_path):
    from helpers import wait_until

    from scenes.saves import library_path
    library_path().parent.mkdir(parents=True, exist_ok=True)
    library_path().write_bytes(b"not a database" * 100)
    config = {"game": "calla", "variant": "standard", "options": {}, "starter": "0",
              "time_control": None, "seats": [{"name": "Ann", "kind": "human"},
                                              {"name": "Bo", "kind": "human"}]}
    play = app.stack.push("play", config=config, seed=1)
    rng = random.Random(1)
    while not play.finished:
        play.apply(rng.choice(play.state.legal_moves()))
    assert wait_until(app, lambda: app.stack.top.title == "results", seconds=30)
    app.writer.flush()
    app.step(1 / 60)
    assert app.stack.top.notice.startswith("Not kept in the game library: ")
    assert "not a game library" in app.stack.top.notice
    assert library_path().read_bytes() == b"not a database" * 100
