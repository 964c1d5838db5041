"""A club evening's entrants kept whole: ratings and clubs in the database and in the JSON
export, from databases written before they were kept; the lifecycle of a Swiss (late
entries, withdrawals, requested byes, the director's changes) kept at once; a round paired
in another process kept only whole and only for the tournament it was paired from."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time

import pytest

from game.tournament.files import read_export, write_tournament_json
from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.pairing import pair_next_round
from game.tournament.store import StoreError, TournamentStore


def club_swiss(count: int = 8, rounds: int = 4) -> Tournament:
    people = [Entrant(f"Player {i + 1}", rating=2000 - 10 * i if i % 3 else None,
                      club=("Rook Club", "Knights", None)[i % 3]) for i in range(count)]
    people[1] = Entrant("Bot", "computer", "easy", rating=1500, club="Silicon")
    return Tournament("Thursday", people, "swiss", [GameChoice("calla")], rounds=rounds)


def finish_round(stored, round_no: int) -> None:
    for p in stored.tournament.rounds[round_no - 1]:
        if not p.is_bye:
            stored.record(p.round, p.board, ("1-0", "0-1", "1/2-1/2")[p.board % 3])


def test_the_database_keeps_each_entrants_rating_and_club(tmp_path):
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        tid = store.create(club_swiss()).id
        late = store.open(tid)
        late.add_late_entrant(Entrant("Latecomer", rating=1812, club="Pawns"), 1)
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        back = store.load(tid)
    want = club_swiss().entrants + (Entrant("Latecomer", rating=1812, club="Pawns"),)
    assert [(e.name, e.kind, e.level, e.rating, e.club) for e in back.entrants] == [
        (e.name, e.kind, e.level, e.rating, e.club) for e in want]


def test_a_round_robin_keeps_its_clubs_too(tmp_path):
    people = [Entrant(n, club="Rook Club" if n != "Cid" else None) for n in ("Ann", "Bob", "Cid")]
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        tid = store.add(Tournament("League", people, "round-robin", [GameChoice("calla")]))
        assert [e.club for e in store.load(tid).entrants] == ["Rook Club", "Rook Club", None]


def test_a_database_from_before_ratings_and_clubs_opens_and_keeps_them_from_then_on(tmp_path):
    path = tmp_path / "old.sqlite3"
    with TournamentStore(path) as store:
        old = store.add(Tournament("Old", [Entrant(n) for n in ("Ann", "Bob", "Cid", "Dee")],
                                   "swiss", [GameChoice("calla")], rounds=3))
    with sqlite3.connect(path) as raw:          # as schema 3 wrote it
        raw.execute("ALTER TABLE entrant DROP COLUMN club")
        raw.execute("ALTER TABLE entrant DROP COLUMN rating")
        raw.execute("DROP TABLE swiss_event")
        raw.execute("PRAGMA user_version = 3")
    raw.close()
    with TournamentStore(path) as store:
        assert [(e.name, e.rating, e.club) for e in store.load(old).entrants] == [
            ("Ann", None, None), ("Bob", None, None), ("Cid", None, None), ("Dee", None, None)]
        new = store.add(club_swiss())
        assert store.load(new).entrants[0].club == "Rook Club"
        assert store.load(new).entrants[2].rating == 1980
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 5
    raw.close()


def test_a_database_of_this_version_without_the_columns_is_refused_untouched(tmp_path):
    path = tmp_path / "odd.sqlite3"
    with TournamentStore(path) as store:
        store.add(club_swiss())
    with sqlite3.connect(path) as raw:
        raw.execute("ALTER TABLE entrant DROP COLUMN club")
    raw.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="ratings and clubs are missing"):
        TournamentStore(path)
    assert path.read_bytes() == before


def test_the_json_export_keeps_ratings_and_clubs_and_reads_files_without_them(tmp_path):
    t = club_swiss()
    write_tournament_json(t, tmp_path / "t.json")
    data = json.loads((tmp_path / "t.json").read_text())
    assert data["tournament"]["entrants"][0] == {"name": "Player 1", "kind": "human",
                                                  "level": None, "club": "Rook Club"}
    assert data["tournament"]["entrants"][2]["rating"] == 1980
    back = read_export(tmp_path / "t.json").tournament
    assert [(e.rating, e.club) for e in back.entrants] == [(e.rating, e.club) for e in t.entrants]
    # a file without them (as version 3 wrote it) reads with none
    for entrant in data["tournament"]["entrants"]:
        entrant.pop("club", None)
        entrant.pop("rating", None)
    data["tournament"].pop("swiss", None)
    data["version"] = 3
    (tmp_path / "old.json").write_text(json.dumps(data))
    assert {(e.rating, e.club) for e in read_export(tmp_path / "old.json").tournament.entrants} \
        == {(None, None)}


@pytest.mark.parametrize("bad, field", [({"rating": -1}, "rating"), ({"rating": "high"}, "rating"),
                                        ({"club": ""}, "club"), ({"club": 7}, "club"),
                                        ({"club": "x" * 41}, "club")])
def test_a_bad_rating_or_club_in_an_export_is_refused_naming_it(tmp_path, bad, field):
    write_tournament_json(club_swiss(), tmp_path / "t.json")
    data = json.loads((tmp_path / "t.json").read_text())
    data["tournament"]["entrants"][3].update(bad)
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(StoreError, match=rf"entrants\[3\]\.{field}"):
        read_export(tmp_path / "bad.json")


def test_an_import_keeps_ratings_and_clubs(tmp_path):
    write_tournament_json(club_swiss(), tmp_path / "t.json")
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        tid = store.import_json(tmp_path / "t.json")
        assert store.load(tid).entrants[3].club == "Rook Club"
        assert store.load(tid).entrants[4].rating == 1960


def test_a_copy_keeps_the_byes_points(tmp_path):
    t = Tournament("Half byes", [Entrant(n) for n in "ABCDE"], "swiss", [GameChoice("calla")],
                   rounds=3, bye_points=0.5, requested_bye_points=0.0)
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        copy = store.load(store.duplicate(store.add(t), "Half byes again"))
    assert (copy.bye_points, copy.requested_bye_points) == (0.5, 0.0)


# --- the lifecycle, kept at once ---------------------------------------------------------

def test_late_entries_withdrawals_and_byes_are_kept_at_once(tmp_path):
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        stored = store.create(club_swiss())
        stored.pair_next_round()
        finish_round(stored, 1)
        stored.add_late_entrant(Entrant("Late Lou", club="Pawns"), 2, "half")
        stored.withdraw(3)
        stored.request_bye(4, 2)
        tid = stored.id
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        back = store.open(tid)
        t = back.tournament
        assert t.entrants[-1].name == "Late Lou" and t.late_entries == {8: (2, "half")}
        assert t.withdrawals == {3: 2} and t.requested_byes == {4: frozenset({2})}
        boards = back.pair_next_round()
        seated = {x for p in boards for x in (p.first, p.second) if x is not None}
        assert 8 in seated and 3 not in seated and 4 not in seated


def test_a_swap_is_kept_with_the_boards_it_changed(tmp_path):
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        stored = store.create(club_swiss())
        boards = stored.pair_next_round()
        a, b = boards[0].first, boards[2].second
        warnings = stored.swap_players(1, a, b)
        assert warnings == []
        tid = stored.id
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        t = store.load(tid)
    assert t.rounds[0][0].first == b and t.rounds[0][2].second == a
    assert t.round_changes[1] == [f"Boards 1 and 3 changed by the director: swapped "
                                  f"{t.entrants[a].name} and {t.entrants[b].name}"]


# --- a round paired elsewhere --------------------------------------------------------------

def paired_copy(t: Tournament):
    """The boards and the round's history as another process pairs them."""
    copy = Tournament.from_dict(t.to_dict())
    boards = pair_next_round(copy)
    return boards, copy.round_changes.get(boards[0].round, [])


def test_a_round_paired_elsewhere_is_kept_whole(tmp_path):
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        stored = store.create(club_swiss())
        boards, changes = paired_copy(stored.tournament)
        kept = stored.keep_round(boards, changes)
        assert kept == boards and stored.tournament.rounds_paired == 1
        assert store.load(stored.id).rounds == [boards]


def test_a_round_paired_for_another_state_of_the_tournament_is_refused(tmp_path):
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        stored = store.create(club_swiss())
        boards, changes = paired_copy(stored.tournament)
        stored.request_bye(boards[0].first, 1)         # the director changed something since
        with pytest.raises(ValueError, match="not paired from the tournament as it is now"):
            stored.keep_round(boards, changes)
        assert stored.tournament.rounds_paired == 0 and store.load(stored.id).rounds == []
        with pytest.raises(ValueError, match="not those of round 1"):
            stored.keep_round([b.__class__(2, b.board, b.first, b.second, b.seed)
                               for b in boards], changes)


# --- pairing in another process ------------------------------------------------------------

def answer_of(pairer, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        answer = pairer.poll()
        if answer is not None:
            return answer
        time.sleep(0.02)
    raise AssertionError(f"no answer within {seconds} s")


def test_a_worker_pairs_the_round_the_tournament_would_pair_itself(tmp_path):
    from game.tournament.pair_worker import Pairer, basis
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        stored = store.create(club_swiss())
        stored.pair_next_round()
        finish_round(stored, 1)
        stored.withdraw(5)
        pairer = Pairer()
        try:
            pairer.start(stored.tournament)
            assert pairer.pairing and pairer.round_no == 2
            answer = answer_of(pairer)
            assert not pairer.pairing and answer.error is None and answer.round_no == 2
            assert answer.basis == basis(stored.tournament)
            here = Tournament.from_dict(stored.tournament.to_dict())
            assert list(answer.boards) == pair_next_round(here)
            stored.keep_round(answer.boards, answer.changes)
            assert store.load(stored.id).rounds[1] == list(answer.boards)
            # the same worker pairs the next round too
            finish_round(stored, 2)
            pairer.start(stored.tournament)
            assert answer_of(pairer).round_no == 3
        finally:
            pairer.close()


def test_a_worker_killed_while_pairing_is_an_error_and_no_round(tmp_path):
    from game.tournament.pair_worker import Pairer
    with TournamentStore(tmp_path / "t.sqlite3") as store:
        stored = store.create(club_swiss())
        pairer = Pairer()
        try:
            pairer.start(stored.tournament)
            os.kill(pairer.pid, signal.SIGKILL)
            answer = answer_of(pairer)
            assert answer.boards == () and answer.error == (
                "the pairing's process stopped unexpectedly")
            assert not pairer.pairing and pairer.pid is None
            assert store.load(stored.id).rounds == []
            pairer.start(stored.tournament)         # a new worker for the next try
            assert answer_of(pairer).error is None
        finally:
            pairer.close()


def test_a_round_that_cannot_be_paired_comes_back_as_one_line(tmp_path):
    from game.tournament.pair_worker import Pairer
    t = club_swiss(rounds=1)
    pair_next_round(t)           # the one round: there is no next one
    pairer = Pairer()
    try:
        pairer.start(t)
        answer = answer_of(pairer)
        assert answer.boards == () and answer.error == (
            "ValueError: every round has been paired")
    finally:
        pairer.close()
