"""Tournament storage, export and import, and the ``tournament`` command line.

A tiny fake game ("pick": each player picks 1-3 four times, the higher sum
wins) stands in for the real engines, so these tests depend on no one's rules.
"""

import json
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import game
from game.core import GameSpec, GameState
from game.tournament.model import Entrant, GameChoice, Result, Tournament
from game.tournament.pairing import pair_next_round
from game.tournament.cli import TournamentCliError, main, play_game, resolve_chooser
from game.tournament.files import (crosstable_csv, read_tournament_json, standings_csv,
                                   write_tournament_json)
from game.tournament.store import SCHEMA_VERSION, StoreError, TournamentStore, default_db_path

ROOT = Path(__file__).resolve().parent.parent
PICKS_EACH = 4


# --- the fake game ------------------------------------------------------------------

class PickState(GameState):
    DELAY = 0.0   # seconds per move, to slow a subprocess down

    def __init__(self, picks=((), ())):
        self.picks = (tuple(picks[0]), tuple(picks[1]))

    def position(self):
        return {"picks": [list(p) for p in self.picks]}

    @property
    def to_move(self):
        return None if self.is_over else (len(self.picks[0]) + len(self.picks[1])) % 2

    def legal_moves(self):
        return [] if self.is_over else [1, 2, 3]

    def play(self, move):
        if self.is_over or move not in (1, 2, 3):
            raise ValueError(f"illegal pick {move!r}")
        if self.DELAY:
            time.sleep(self.DELAY)
        picks = list(self.picks)
        picks[self.to_move] = picks[self.to_move] + (move,)
        return PickState(picks)

    @property
    def is_over(self):
        return len(self.picks[1]) == PICKS_EACH

    @property
    def scores(self):
        return (sum(self.picks[0]), sum(self.picks[1]))

    @property
    def winner(self):
        a, b = self.scores
        return None if not self.is_over or a == b else (0 if a > b else 1)


def _parse(state, text):
    if text.strip() not in ("1", "2", "3"):
        raise ValueError(f"{text!r} is not a pick")
    return int(text)


SPEC = GameSpec(
    name="pick", title="Pick", blurb="Pick 1-3 four times; the higher sum wins.",
    variants=("standard", "trio"), player_counts={"standard": 2, "trio": 3},
    options={}, option_choices={},
    make_new=lambda variant, seed, options: PickState(),
    make_from_position=lambda data: PickState(data["picks"]),
    parse=_parse, format=lambda state, move: str(move))
PickState.spec = SPEC
REGISTRY = {"pick": SPEC}


@pytest.fixture(autouse=True)
def pick(monkeypatch):
    """The fake game is known while these tests run: the store checks every game it reads."""
    monkeypatch.setitem(game.GAMES, "pick", SPEC)


def swiss(count=5, rounds=3, seed=1):
    return Tournament("Club night", [Entrant(n) for n in "ABCDEFGH"[:count]], "swiss",
                      [GameChoice("pick")], rounds=rounds, seed=seed)


def snapshot(directory: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


# --- keeping tournaments ----------------------------------------------------------

def test_results_are_on_disk_the_moment_record_returns(tmp_path):
    db = tmp_path / "t.sqlite3"
    with TournamentStore(db) as store:
        kept = store.create(swiss())
        boards = kept.pair_next_round()
        kept.record(1, 1, "1-0")
        # Another connection (as after a crash) sees the round and the result.
        with TournamentStore(db) as other:
            seen = other.load(kept.id)
        assert seen.rounds == [boards]
        assert seen.results == {(1, 1): Result("1-0")}
        kept.record(1, 1, "0-1", "manual")          # a correction replaces it
        kept.record(1, 2, Result("1/2-1/2", "forfeit"))
    with TournamentStore(db) as store:
        again = store.load(kept.id)
    assert again.results == {(1, 1): Result("0-1", "manual"), (1, 2): Result("1/2-1/2", "forfeit")}
    assert again.to_dict() == kept.tournament.to_dict()
    assert pair_next_round(again) == pair_next_round(kept.tournament)


def test_several_tournaments_are_kept_listed_reopened_and_deleted(tmp_path):
    db = tmp_path / "t.sqlite3"
    with TournamentStore(db) as store:
        first = store.create(swiss())
        second = store.create(Tournament("Spring", [Entrant("X"), Entrant("Y", "computer", "easy")],
                                         "round-robin", [GameChoice("pick")], cycles=2))
        second.pair_next_round()
        second.record(1, 1, "1-0")
        infos = {i.id: i for i in store.list()}
        assert infos[first.id].name == "Club night" and infos[first.id].games_total == 0
        assert (infos[second.id].format, infos[second.id].entrants, infos[second.id].rounds,
                infos[second.id].games_finished, infos[second.id].games_total,
                infos[second.id].complete) == ("round-robin", 2, 2, 1, 1, False)
        assert store.open(second.id).tournament.entrants[1].level == "easy"
        store.delete(first.id)
        assert [i.id for i in store.list()] == [second.id]
        with pytest.raises(StoreError, match=f"no tournament {first.id}"):
            store.load(first.id)


def test_clearing_a_result_and_live_games(tmp_path):
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        kept = store.create(swiss(4, 2))
        kept.pair_next_round()
        kept.save_live(1, 1, {"moves": ["1", "3"], "clock": None})
        assert kept.load_live(1, 1) == {"moves": ["1", "3"], "clock": None}
        assert kept.load_live(1, 2) is None
        kept.record(1, 1, "1-0")
        assert kept.load_live(1, 1) is None        # a finished game needs no live copy
        kept.clear_result(1, 1)
        assert store.load(kept.id).pending()[0].board == 1


def test_default_database_lives_in_the_user_data_folder(tmp_path, monkeypatch):
    import platformdirs
    calls = []

    def fake(appname=None, appauthor=None, *args, **kwargs):
        calls.append(appname)
        return str(tmp_path / "data")

    monkeypatch.setattr(platformdirs, "user_data_dir", fake)
    assert default_db_path() == tmp_path / "data" / "tournaments.sqlite3"
    with TournamentStore() as store:
        store.add(swiss())
    assert calls[0] == "Callidus"
    assert (tmp_path / "data" / "tournaments.sqlite3").exists()


# --- damaged databases --------------------------------------------------------------

def _kept_db(tmp_path) -> Path:
    db = tmp_path / "t.sqlite3"
    with TournamentStore(db) as store:
        kept = store.create(swiss(8, 3))
        for p in kept.pair_next_round():
            kept.record(p.round, p.board, "1-0")
    return db


@pytest.mark.parametrize("damage, words", [
    ("garbage", "no SQLite header"),
    ("text", "no SQLite header"),
    ("foreign", "not a Callidus tournament database"),
    ("newer", "newer Callidus"),
    ("truncated", "damaged"),
    ("scribbled", "damaged"),
])
def test_a_damaged_database_is_refused_clearly_and_left_untouched(tmp_path, damage, words):
    db = _kept_db(tmp_path)
    data = db.read_bytes()
    if damage == "garbage":
        db.write_bytes(os.urandom(5000))
    elif damage == "text":
        db.write_text("name,points\nA,3\n")
    elif damage == "foreign":
        db.unlink()
        with sqlite3.connect(db) as other:
            other.execute("CREATE TABLE notes (body TEXT)")
            other.execute("INSERT INTO notes VALUES ('keep me')")
        other.close()
    elif damage == "newer":
        with sqlite3.connect(db) as other:
            other.execute("PRAGMA user_version = 99")
        other.close()
    elif damage == "truncated":
        db.write_bytes(data[:len(data) // 2 + 100])
    elif damage == "scribbled":
        page = 4096
        db.write_bytes(data[:page] + b"\xa5" * (len(data) - page))
    before = snapshot(tmp_path)
    with pytest.raises(StoreError) as info:
        with TournamentStore(db) as store:
            store.load(1)
    assert words in str(info.value)
    assert str(db) in str(info.value)
    assert snapshot(tmp_path) == before


def test_inconsistent_rows_are_reported_as_damage(tmp_path):
    db = _kept_db(tmp_path)
    with sqlite3.connect(db) as other:
        other.execute("UPDATE pairing SET result = '2-0' WHERE round = 1 AND board = 1")
    other.close()
    with TournamentStore(db) as store:
        with pytest.raises(StoreError, match=r"damaged: tournament 1\.pairings\[0\]\.result"):
            store.load(1)


def test_a_folder_is_not_a_database(tmp_path):
    with pytest.raises(StoreError, match="is a folder"):
        TournamentStore(tmp_path)


# --- one damaged tournament among good ones --------------------------------------------

def _three_tournaments(db) -> dict:
    """Three kept Swiss tournaments (round 1 played); their data by id."""
    kept = {}
    with TournamentStore(db) as store:
        for name in ("Monday", "Tuesday", "Wednesday"):
            t = Tournament(name, [Entrant(n) for n in ("Ann", "Bob", "Cid", "Dee")], "swiss",
                           [GameChoice("pick")], rounds=3, seed=5)
            stored = store.create(t)
            for p in stored.pair_next_round():
                stored.record(p.round, p.board, "1-0")
            kept[stored.id] = t.to_dict()
    return kept


@pytest.mark.parametrize("sql, value, words", [
    ("UPDATE game_choice SET game = ?", "chess", r"games\[0\]\.game: unknown game 'chess'"),
    ("UPDATE entrant SET name = ? WHERE idx = 1", "Bob\x00", r"entrants\[1\]\.name: .*U\+0000"),
    ("UPDATE entrant SET name = ? WHERE idx = 1", "\u200b", r"entrants\[1\]\.name: .*no visible"),
    ("UPDATE entrant SET name = ? WHERE idx = 1", "x" * 100_000, r"entrants\[1\]\.name: .*1-40"),
    ("UPDATE entrant SET name = ? WHERE idx = 1", b"Bob", r"entrants\[1\]\.name: must be text"),
    ("UPDATE entrant SET name = CAST(? AS TEXT) WHERE idx = 1", b"B\xffb",
     r"entrants\[1\]\.name: .*U\+DCFF"),
    ("UPDATE entrant SET kind = ? WHERE idx = 1", "computer", r"entrants\[1\]\.level"),
    ("UPDATE entrant SET idx = ? WHERE idx = 1", 7, r"entrants\[1\]: numbered 2 where 1"),
    ("UPDATE game_choice SET options = ?", "[" * 100_000, r"games\[0\]\.options: .*nested"),
    ("UPDATE game_choice SET options = ?", '{"speed": 1' + "0" * 5000 + "}",
     r"games\[0\]\.options: .*5001 characters"),
    ("UPDATE game_choice SET options = ?", '{"speed": 3}', r"games\[0\]\.options: unknown option"),
    ("UPDATE game_choice SET options = ?", b"{}", r"games\[0\]\.options: must be JSON text"),
    ("UPDATE game_choice SET time_control = ?", "5" * 5000, r"games\[0\]\.time_control"),
    ("UPDATE tournament SET tiebreaks = ?", "NaN", r"tiebreaks: .*NaN"),
    ("UPDATE tournament SET tiebreaks = ?", '["wins", {}]', r"tiebreaks\[1\]: must be text"),
    ("UPDATE tournament SET name = ?", "\u3164", r"\.name: .*no visible character"),
    ("UPDATE tournament SET rounds = ?", 99, r"\.rounds: a Swiss of 4 entrants has 1 to 3"),
    ("UPDATE tournament SET seed = ?", -1, r"\.seed: -1 is out of range"),
    ("UPDATE tournament SET format = ?", "knockout", r"\.format: must be one of"),
    ("UPDATE tournament SET cycles = ?", 2.5, r"\.cycles: must be a whole number"),
    ("UPDATE pairing SET first = ? WHERE board = 1", 9, r"pairings\[0\]\.first: 9 is out"),
    ("UPDATE pairing SET result = ? WHERE board = 2", 1.5, r"pairings\[1\]\.result: must be one of"),
    ("UPDATE pairing SET result = NULL WHERE board = ?", 1, r"pairings\[0\]: 'result' and 'how'"),
    ("DELETE FROM entrant WHERE idx = ?", 3, r"pairings\[\d\]\.(first|second): 3 is out of range"),
])
def test_a_damaged_row_spoils_only_its_own_tournament(tmp_path, capsys, sql, value, words):
    db = tmp_path / "t.sqlite3"
    kept = _three_tournaments(db)
    with sqlite3.connect(db) as raw:
        table = sql.split()[1] if sql.startswith("UPDATE") else sql.split()[2]
        column = "id" if table == "tournament" else "tournament_id"
        where = " AND " if " WHERE " in sql else " WHERE "
        raw.execute(f"{sql}{where}{column} = 2", (value,))
    raw.close()
    with TournamentStore(db) as store:
        infos = {i.id: i for i in store.list()}              # listing never fails
        assert re.search(words, infos[2].problem) and infos[2].problem.startswith("tournament 2")
        assert infos[2].damaged and len(infos[2].problem) <= 400
        assert not re.search(r"[\x00-\x1f\u200b]", infos[2].name)   # a name that can be drawn
        for tid in (1, 3):                                   # every other tournament opens
            assert not infos[tid].damaged
            assert store.load(tid).to_dict() == kept[tid]
        with pytest.raises(StoreError, match=words) as info:
            store.open(2)
        assert str(info.value).startswith(f"{db} is damaged: tournament 2")
    code, out, err = run_cli(capsys, "show", 2, "--db", db)
    assert code == 2 and out == "" and re.search(words, err)
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    code, out, err = run_cli(capsys, "show", 3, "--db", db)
    assert code == 0 and '"Wednesday"' in out
    code, out, err = run_cli(capsys, "list", "--db", db)
    assert code == 0 and "damaged" in out and "Wednesday" in out


def test_the_rows_of_a_damaged_tournament_are_exported_as_they_are(tmp_path, capsys):
    db = tmp_path / "t.sqlite3"
    _three_tournaments(db)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE entrant SET name = ? WHERE tournament_id = 2 AND idx = 0", ("A\x00",))
        raw.execute("UPDATE pairing SET seed = ? WHERE tournament_id = 2", (b"\x01\x02",))
    raw.close()
    code, out, err = run_cli(capsys, "export", 2, "--what", "rows", "--to", tmp_path / "rows.json",
                             "--db", db)
    assert code == 0, err
    text = (tmp_path / "rows.json").read_text()
    assert text.isascii()
    data = json.loads(text)
    assert data["kind"] == "callidus-tournament-rows" and data["tournament"] == 2
    rows = data["rows"]
    assert [e["name"] for e in rows["entrant"]] == ["A\x00", "Bob", "Cid", "Dee"]
    assert rows["pairing"][0]["seed"] == {"bytes": "0102"}
    assert rows["tournament"][0]["name"] == "Tuesday" and len(rows["pairing"]) == 2
    code, out, err = run_cli(capsys, "export", 2, "--to", tmp_path / "t.json", "--db", db)
    assert code == 2 and "U+0000" in err and not (tmp_path / "t.json").exists()


def test_a_tournament_is_renamed_copied_and_deleted(tmp_path):
    db = tmp_path / "t.sqlite3"
    kept = _three_tournaments(db)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE tournament SET name = ? WHERE id = 2", ("\x00",))
    raw.close()
    with TournamentStore(db) as store:
        assert store.list()[1].name == "Tournament 2"        # a name that cannot be drawn
        assert store.rename(2, "  Tuesday night ") == "Tuesday night"
        assert store.load(2).name == "Tuesday night"         # the rename mended it
        for bad, words in (("\u200b", "no visible character"), ("", "needs a name"),
                           ("x" * 81, "1-80 characters"), ("Tue\x07", "U\\+0007")):
            with pytest.raises(ValueError, match=words):
                store.rename(1, bad)
        assert store.load(1).name == "Monday"
        with pytest.raises(StoreError, match="no tournament 9"):
            store.rename(9, "Nine")
        copy = store.duplicate(3, "Thursday")
        t = store.load(copy)
        assert (t.name, t.rounds_paired, t.results) == ("Thursday", 0, {})
        original = kept[3]
        assert [e.name for e in t.entrants] == [e["name"] for e in original["entrants"]]
        assert (t.format, t.total_rounds, list(t.tiebreaks)) == (
            original["format"], original["rounds"], original["tiebreaks"])
        with pytest.raises(ValueError, match="no visible character"):
            store.duplicate(3, "\u2800")
        store.delete(2)
        assert sorted(i.id for i in store.list()) == [1, 3, copy]
        assert store.load(3).to_dict() == kept[3]


def test_the_swiss_lock_out_cannot_happen(tmp_path, capsys):
    """Finish round 1, pair round 2, record a round-2 result, clear a round-1 result."""
    db = tmp_path / "t.sqlite3"
    with TournamentStore(db) as store:
        stored = store.create(swiss(4, 3))
        for p in stored.pair_next_round():
            stored.record(p.round, p.board, "1-0")
        stored.pair_next_round()
        stored.record(2, 1, "0-1")
        with pytest.raises(ValueError, match="can be changed but not cleared"):
            stored.clear_result(1, 1)
        assert stored.tournament.result(1, 1) == Result("1-0")
        with pytest.raises(StoreError, match="cannot be cleared once round 2"):
            store.save_result(stored.id, 1, 1, None)     # the store refuses it on its own too
        stored.record(1, 1, "1/2-1/2", "manual")         # a change is kept
        stored.clear_result(2, 1)                        # the round under way may be cleared
    with TournamentStore(db) as store:
        again = store.open(1)
    assert again.tournament.result(1, 1) == Result("1/2-1/2", "manual")
    assert again.tournament.result(2, 1) is None and again.tournament.rounds_paired == 2
    code, out, err = run_cli(capsys, "show", 1, "--db", db)
    assert code == 0 and "standings after 2 of 3 rounds" in out


# --- export and import ------------------------------------------------------------------

def hand_round_robin():
    """A, B, C: B beat C, A drew B, A beat C; everyone rests once."""
    t = Tournament("Trio", [Entrant("A"), Entrant("B"), Entrant("C")], "round-robin",
                   [GameChoice("pick")], seed=4)
    results = {frozenset("BC"): "B", frozenset("AB"): None, frozenset("AC"): "A"}
    names = "ABC"
    while t.can_pair_next():
        for p in pair_next_round(t):
            if p.is_bye:
                continue
            winner = results[frozenset((names[p.first], names[p.second]))]
            score = ("1/2-1/2" if winner is None
                     else "1-0" if winner == names[p.first] else "0-1")
            t.record(p.round, p.board, score)
    return t


def test_standings_and_crosstable_csv_of_a_round_robin():
    t = hand_round_robin()
    assert standings_csv(t).splitlines() == [
        "Rank,Name,Points,Played,Wins,Draws,Losses,Forfeit wins,Forfeit losses,Byes,"
        "Direct encounter,Sonneborn-Berger,Wins",
        "1,A,1.5,2,1,1,0,0,0,1,0.5,0.75,1",
        "1,B,1.5,2,1,1,0,0,0,1,0.5,0.75,1",
        "3,C,0,2,0,0,2,0,0,1,,0,0",
    ]
    assert crosstable_csv(t).splitlines() == [
        "No.,Rank,Name,1,2,3,Points,Direct encounter,Sonneborn-Berger,Wins",
        "1,1,A,x,0.5,1,1.5,0.5,0.75,1",
        "2,1,B,0.5,x,1,1.5,0.5,0.75,1",
        "3,3,C,0,0,x,0,,0,0",
    ]


def test_crosstable_csv_of_a_swiss_is_the_player_against_player_grid():
    t = swiss(4, 2)
    for p in pair_next_round(t):
        t.record(p.round, p.board, "1-0")
    pair_next_round(t)
    lines = [line.split(",") for line in crosstable_csv(t).splitlines()]
    assert lines[0] == ["No.", "Rank", "Name", "1", "2", "3", "4", "Points", "Buchholz Cut-1",
                        "Buchholz", "Sonneborn-Berger"]
    grid = [line[3:7] for line in lines[1:]]
    assert [grid[i][i] for i in range(4)] == ["x"] * 4
    # round 1's two games, each seen from both sides; round 2's are not finished: empty
    met = {(i, j): grid[i][j] for i in range(4) for j in range(4) if i != j and grid[i][j]}
    assert len(met) == 4 and sorted(met.values()) == ["0", "0", "1", "1"]
    assert all(grid[j][i] == str(1 - int(v)) for (i, j), v in met.items())


def test_json_export_imports_back_the_same_tournament(tmp_path):
    t = swiss(5, 3, seed=8)
    for p in pair_next_round(t):
        if not p.is_bye:
            t.record(p.round, p.board, "0-1", "resignation")
    pair_next_round(t)
    out = tmp_path / "out" / "club.json"
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        tid = store.add(t)
        store.export_json(tid, out)
        assert [p.name for p in out.parent.iterdir()] == ["club.json"]   # no temp file left
        copy = store.import_json(out, registry=REGISTRY)
        assert copy != tid
        # the same tournament under a name of its own
        assert store.load(copy).to_dict() == {**t.to_dict(), "name": "Club night (2)"}
    assert json.loads(out.read_text())["kind"] == "callidus-tournament"


def _export(tmp_path) -> dict:
    path = tmp_path / "good.json"
    write_tournament_json(swiss(), path)
    return json.loads(path.read_text())


@pytest.mark.parametrize("change, words", [
    (lambda d: d["tournament"]["entrants"][0].update(kind="robot"),
     r"tournament\.entrants\[0\]\.kind: must be one of human, computer"),
    (lambda d: d["tournament"].pop("seed"), "tournament: missing field 'seed'"),
    (lambda d: d.update(kind="callidus-game"), "not a Callidus tournament file"),
    (lambda d: d.update(version=7), r"newer Callidus \(version 7\)"),
    (lambda d: d.update(version="1"), "'version' must be a whole number"),
    (lambda d: d["tournament"]["games"][0].update(game="chess"), "unknown game 'chess'"),
    (lambda d: d["tournament"]["games"][0].update(variant="trio"),
     "tournaments are for 2-player variants only"),
    (lambda d: d["tournament"].update(entrants=[]), "2 to 200 entrants"),
])
def test_a_bad_import_file_is_refused_naming_the_field(tmp_path, change, words):
    data = _export(tmp_path)
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        with pytest.raises(StoreError, match=words):
            store.import_json(path, registry=REGISTRY)
        assert store.list() == []
    assert path.read_bytes() == before


@pytest.mark.parametrize("content, words", [
    (b'{"kind": "callidus-tournament", "version": 1, "tournament": {', r"not valid JSON at line 1"),
    (b"\x89PNG\r\n\x1a\n\x00\xff\xfe", "not a text file"),
    (b"[1, 2, 3]", "expected a JSON object"),
])
def test_a_damaged_import_file_is_refused_and_left_untouched(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(StoreError, match=words) as info:
        read_tournament_json(path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == content
    with pytest.raises(StoreError, match="does not exist"):
        read_tournament_json(tmp_path / "missing.json")


# --- the command line ------------------------------------------------------------------

def run_cli(capsys, *argv):
    code = main(["tournament", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_run_plays_a_round_robin_and_prints_json_standings(tmp_path, capsys, pick):
    db = tmp_path / "t.sqlite3"
    code, out, err = run_cli(capsys, "run", "--game", "pick", "--format", "round-robin",
                             "--players", "random,random,Alice=random,random", "--seed", 3,
                             "--db", db, "--json", "--time-control", "5+3")
    assert code == 0, err
    answer = json.loads(out)
    standings = answer["standings"]
    assert sorted(s["name"] for s in standings) == ["Alice", "random-1", "random-2", "random-4"]
    assert sum(s["points"] for s in standings) == 6          # 6 games, a point each
    assert all(set(s) >= {"name", "points", "tiebreaks"} and len(s["tiebreaks"]) == 3
               for s in standings)
    assert answer["complete"] and answer["tiebreak_names"] == ["direct_encounter",
                                                               "sonneborn_berger", "wins"]
    with TournamentStore(db) as store:
        t = store.load(answer["tournament"])
    assert t.is_complete and str(t.games[0].time_control) == "5+3"


def test_run_a_swiss_with_a_rotation_and_text_output(tmp_path, capsys, pick):
    code, out, err = run_cli(capsys, "run", "--game", "pick,pick", "--format", "swiss",
                             "--rounds", 2, "--players", "random,random,random",
                             "--time-control", "1,none", "--tiebreaks", "wins,buchholz",
                             "--db", tmp_path / "t.sqlite3", "--name", "Rotation")
    assert code == 0, err
    assert 'Tournament 1 "Rotation" (swiss), final standings' in out
    assert "Wins" in out and "Buchholz" in out
    assert "round 2/2 done" in err


@pytest.mark.parametrize("argv, words", [
    (["--game", "chess"], "unknown game 'chess'"),
    (["--variant", "trio"], "tournaments are for 2-player variants only"),
    (["--time-control", "5x"], "time control '5x' is not understood"),
    (["--players", "random,grandmaster"], "level must be one of"),
    (["--players", "random"], "2 to 200 entrants"),
    (["--rounds", "3"], "--rounds is for a Swiss"),
    (["--tiebreaks", "luck"], "unknown tie-break 'luck'"),
    (["--format", "knockout"], "invalid choice"),
    (["--seed", "x"], "argument --seed: must be a whole number written in the digits 0-9"),
])
def test_bad_input_is_one_line_and_exit_status_2(tmp_path, capsys, pick, argv, words):
    settings = {"--game": "pick", "--format": "round-robin", "--players": "random,random",
                "--db": str(tmp_path / "t.sqlite3")}
    for flag, value in zip(argv[::2], argv[1::2]):
        settings[flag] = value
    code, out, err = run_cli(capsys, "run", *[x for kv in settings.items() for x in kv])
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") and words in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_damaged_database_on_the_command_line(tmp_path, capsys, pick):
    db = tmp_path / "t.sqlite3"
    db.write_bytes(b"not a database at all" * 100)
    code, out, err = run_cli(capsys, "run", "--game", "pick", "--format", "swiss",
                             "--players", "random,random", "--db", db)
    assert code == 2 and "no SQLite header" in err and str(db) in err
    assert db.read_bytes() == b"not a database at all" * 100


def test_unknown_computer_levels_are_refused_clearly():
    with pytest.raises(TournamentCliError, match="'grandmaster'.*random, easy, medium, hard, expert"):
        resolve_chooser("grandmaster")
    chooser = resolve_chooser("random")
    import random
    assert chooser(SPEC, PickState(), random.Random(1)) in (1, 2, 3)


def test_list_show_export_import(tmp_path, capsys, pick):
    db = tmp_path / "t.sqlite3"
    assert run_cli(capsys, "run", "--game", "pick", "--format", "swiss", "--players",
                   "random,random,random,random", "--seed", 1, "--db", db, "--quiet",
                   "--name", "Cup")[0] == 0
    code, out, _ = run_cli(capsys, "list", "--db", db, "--json")
    (info,) = json.loads(out)["tournaments"]
    assert (info["name"], info["complete"], info["games_total"]) == ("Cup", True, 4)
    code, out, _ = run_cli(capsys, "show", "1", "--db", db, "--json")
    shown = json.loads(out)["standings"]
    for what in ("json", "standings", "crosstable"):
        assert run_cli(capsys, "export", 1, "--to", tmp_path / f"cup.{what}", "--what", what,
                       "--db", db)[0] == 0
    assert (tmp_path / "cup.standings").read_text().startswith("Rank,Name,Points")
    code, out, _ = run_cli(capsys, "import", tmp_path / "cup.json", "--db", db, "--json")
    assert json.loads(out)["tournament"] == 2
    code, out, _ = run_cli(capsys, "show", "2", "--db", db, "--json")
    assert json.loads(out)["standings"] == shown
    code, out, err = run_cli(capsys, "import", tmp_path / "cup.standings", "--db", db)
    assert code == 2 and "not valid JSON" in err
    code, out, err = run_cli(capsys, "show", "9", "--db", db)
    assert code == 2 and "no tournament 9" in err


def test_the_command_is_reachable_through_python_m_game(tmp_path, capsys, pick):
    from game.cli.main import main as game_main
    code = game_main(["tournament", "run", "--game", "pick", "--format", "swiss", "--players",
                      "random,random", "--db", str(tmp_path / "t.sqlite3"), "--json",
                      "--quiet"])
    assert code == 0
    assert len(json.loads(capsys.readouterr().out)["standings"]) == 2


def test_flag_fall_loses_the_game(tmp_path):
    class Racing:
        """A time source that jumps 100 s every time it is read."""
        t = 0.0

        def __call__(self):
            self.t += 100
            return self.t

    t = Tournament("Blitz", [Entrant("A", "computer", "random"),
                             Entrant("B", "computer", "random")], "swiss",
                   [GameChoice("pick", None, game.clock.parse_time_control("1"))], rounds=1)
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        kept = store.create(t)
        (pairing,) = kept.pair_next_round()
        chooser = resolve_chooser("random")
        result = play_game(kept, pairing, {0: chooser, 1: chooser}, REGISTRY, now=Racing())
    assert result == Result("0-1", "time")        # the first player's flag fell first


def test_a_kept_game_in_progress_is_continued_not_restarted(tmp_path):
    t = Tournament("Resume", [Entrant("A", "computer", "random"),
                              Entrant("B", "computer", "random")], "swiss",
                   [GameChoice("pick")], rounds=1)
    seen = []

    def chooser(spec, state, rng):
        seen.append(state.position())
        return 1

    with TournamentStore(tmp_path / "t.sqlite3") as store:
        kept = store.create(t)
        (pairing,) = kept.pair_next_round()
        kept.save_live(1, 1, {"moves": ["3", "3", "3"], "clock": None, "timer": None})
        result = play_game(kept, pairing, {0: chooser, 1: chooser}, REGISTRY)
        assert kept.load_live(1, 1)["moves"] == ["3", "3", "3", "1", "1", "1", "1", "1"]
    assert seen[0] == {"picks": [[3, 3], [3]]}
    assert result == Result("1-0")                 # 3+3+1+1 beats 3+1+1+1


def test_progress_bar_on_a_terminal(tmp_path):
    import io
    from game.tournament.cli import Progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    with TournamentStore(tmp_path / "t.sqlite3") as store:
        kept = store.create(swiss(4, 2))
        screen = Terminal()
        progress = Progress(kept, stream=screen)
        for p in kept.pair_next_round():
            kept.record(p.round, p.board, "1-0")
            progress.update()
        progress.finish()
    assert screen.getvalue().splitlines()[-1].endswith("] 2/4 games, round 1/2")
    assert "\r[" + "#" * 15 + "-" * 15 + "] 2/4" in screen.getvalue()


# --- persistence: kill the program between results ---------------------------------------

SCRIPT = """
import importlib.util, sys
sys.path.insert(0, {root!r})
spec = importlib.util.spec_from_file_location("pick_game", {test!r})
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module.PickState.DELAY = 0.03
import game
game.GAMES["pick"] = module.SPEC
from game.tournament.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_killed_tournament_resumes_with_nothing_lost(tmp_path, capsys, pick):
    script = tmp_path / "slow_tournament.py"
    script.write_text(SCRIPT.format(root=str(ROOT), test=str(Path(__file__).resolve())))
    db = tmp_path / "killed.sqlite3"
    run_args = ["run", "--game", "pick", "--format", "round-robin", "--players",
                "random,random,random,random,random,random", "--seed", "11", "--name", "Kill me",
                "--quiet", "--json"]
    proc = subprocess.Popen([sys.executable, str(script), "tournament", *run_args,
                             "--db", str(db)], cwd=str(ROOT), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        finished = 0
        while time.monotonic() < deadline and finished < 3:
            time.sleep(0.05)
            if not db.exists() or db.stat().st_size == 0:
                continue
            try:
                with TournamentStore(db) as store:
                    infos = store.list()
            except StoreError:
                continue
            finished = infos[0].games_finished if infos else 0
        assert finished >= 3, proc.stderr.read1().decode() if proc.poll() is not None else ""
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode != 0                    # killed, not finished

    with TournamentStore(db) as store:
        before = store.load(1)
    recorded = dict(before.results)
    assert len(recorded) >= 3 and not before.is_complete

    code, out, err = run_cli(capsys, "resume", 1, "--db", db, "--json", "--quiet")
    assert code == 0, err
    resumed = json.loads(out)
    with TournamentStore(db) as store:
        after = store.load(1)
    assert after.is_complete
    assert all(after.results[key] == result for key, result in recorded.items())

    # The same tournament never interrupted ends the same way, game for game.
    code, out, err = run_cli(capsys, *run_args, "--db", tmp_path / "straight.sqlite3")
    assert code == 0, err
    with TournamentStore(tmp_path / "straight.sqlite3") as store:
        straight = store.load(1)
    assert after.to_dict() == straight.to_dict()
    assert resumed["standings"] == json.loads(out)["standings"]


def test_a_version_1_file_gains_the_results_history_and_keeps_its_tournaments(tmp_path):
    path = tmp_path / "old.sqlite3"
    with TournamentStore(path) as store:
        stored = store.create(make_swiss_for_history())
        stored.pair_next_round()
        stored.record(1, 1, "1-0")
        tid = stored.id
    with sqlite3.connect(path) as raw:       # as the first version wrote it
        raw.execute("DROP TABLE result_history")
        raw.execute("PRAGMA user_version = 1")
    raw.close()
    with TournamentStore(path) as store:
        assert store.load(tid).result(1, 1).score == "1-0"
        assert store.history(tid) == {}
        store.open(tid).record(1, 1, "0-1", "manual")
        assert [e.result.score for e in store.history(tid)[(1, 1)]] == ["0-1"]
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    raw.close()


def test_a_calliro_tournament_from_before_the_scorer_chose_keeps_its_rules(tmp_path):
    path = tmp_path / "old.sqlite3"
    entrants = [Entrant(n) for n in ("Ann", "Bob", "Cid", "Dee")]
    with TournamentStore(path) as store:
        old = store.create(Tournament("Old rules", entrants, "swiss", [GameChoice("calliro")],
                                      rounds=3)).id
    with sqlite3.connect(path) as raw:       # as schema 2 wrote it: options left out
        assert raw.execute("SELECT options FROM game_choice").fetchall() == [("{}",)]
        raw.execute("PRAGMA user_version = 2")
    raw.close()
    with TournamentStore(path) as store:
        assert store.load(old).games[0].options == {"scorer_chooses_replacement": False}
        new = store.create(Tournament("New rules", entrants, "swiss", [GameChoice("calliro")],
                                      rounds=3)).id
        assert store.load(new).games[0].options == {}
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    raw.close()
    # an export of the first version reads the same way; a new export keeps what it says
    with TournamentStore(path) as store:
        exported = tmp_path / "old.json"
        write_tournament_json(store.load(new), exported)
        data = json.loads(exported.read_text())
        assert data["version"] == 4 and data["tournament"]["games"][0]["options"] == {}
        data["version"] = 1
        del data["created"], data["boards"]          # what version 3 added
        exported.write_text(json.dumps(data))
        assert read_tournament_json(exported).games[0].options == {
            "scorer_chooses_replacement": False}


def make_swiss_for_history():
    from game.tournament.model import Entrant, GameChoice, Tournament
    return Tournament("Old file", [Entrant(n) for n in ("Ann", "Bob", "Cid", "Dee")], "swiss",
                      [GameChoice("calla")], rounds=3)
