"""FIDE's tournament report file: a Swiss written as TRF and read back, the command
line's export and import, and the reader fed with hostile input (hypothesis)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.tournament.cli import main
from game.tournament.errors import StoreError
from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.pairing import pair_next_round
from game.tournament.store import TournamentStore
from game.tournament.trf import read_trf, tournament_from_trf, tournament_trf

GAMES = [GameChoice("pick")]


def event(seed=3, count=9, rounds=5):
    """A Swiss with ratings, draws, a forfeit, a late entrant, a withdrawal and a
    requested bye, every round finished."""
    rng = random.Random(seed)
    t = Tournament("Club night", [Entrant(f"Player {i}", rating=2000 - 37 * i)
                                  for i in range(count)], "swiss", GAMES, rounds=rounds)
    for round_no in range(1, rounds + 1):
        if round_no == 2:
            t.add_late_entrant(Entrant("Late Comer", rating=1900), 2, "half")
            t.request_bye(3, 2)
        if round_no == 4:
            t.withdraw(5, 4)
        for p in pair_next_round(t):
            if not p.is_bye:
                if p.board == 2 and round_no == 3:
                    t.record(p.round, p.board, "0-1", "forfeit")
                else:
                    t.record(p.round, p.board, rng.choice(("1-0", "0-1", "1/2-1/2")))
    return t


def test_the_trf_lists_players_by_rating_with_their_rounds():
    t = Tournament("Open", [Entrant("Low", rating=1500), Entrant("High", rating=2100),
                            Entrant("Unrated")], "swiss", GAMES, rounds=2)
    pair_next_round(t)
    t.record(1, 1, "1-0")
    text = tournament_trf(t)
    lines = text.splitlines()
    assert lines[0] == "012 Open"
    assert "XXR 2" in lines and "XXC white1" in lines
    players = [line for line in lines if line.startswith("001")]
    # start numbers follow the initial ranking: High (2100), Low (1500), Unrated
    assert players[0][4:8] == "   1" and players[0][14:47].strip() == "High"
    assert players[0][48:52] == "2100" and players[0][80:84] == " 1.0"
    assert players[0][89:99] == "     2 w 1"       # met start number 2 (Low), moved first, won
    assert players[1][89:99] == "     1 b 0"
    assert players[2][89:99] == "  0000 - U"       # the pairing-allocated bye


def test_a_finished_swiss_reads_back_as_it_was_written():
    t = event()
    text = tournament_trf(t)
    back = tournament_from_trf(text, GAMES)
    assert tournament_trf(back) == text
    names = lambda tt: [{(tt.entrants[p.first].name,  # noqa: E731
                          "" if p.second is None else tt.entrants[p.second].name)
                         for p in r} for r in tt.rounds]
    assert names(back) == names(t)
    late = next(e for e, x in enumerate(back.entrants) if x.name == "Late Comer")
    assert back.late_entries[late] == (2, "half")
    assert any(x.name == "Player 5" for e, x in enumerate(back.entrants)
               if back.withdrawals.get(e) == 4)
    forfeits = [r for r in back.results.values() if r.how == "forfeit"]
    assert len(forfeits) == 1


def test_a_round_to_pair_pairs_the_same_after_a_round_trip():
    t = event(rounds=6)
    t.rounds.pop()                                  # round 6 not yet paired
    t.results = {k: v for k, v in t.results.items() if k[0] < 6}
    t.request_bye(0, 6)
    back = tournament_from_trf(tournament_trf(t), GAMES)
    name = lambda tt, e: None if e is None else tt.entrants[e].name  # noqa: E731
    ours = [(name(t, p.first), name(t, p.second)) for p in pair_next_round(t)]
    theirs = [(name(back, p.first), name(back, p.second)) for p in pair_next_round(back)]
    assert ours == theirs
    assert "Player 0" not in {n for b in ours for n in b}


@pytest.mark.parametrize("change, words", [
    (lambda s: s.replace("XXR 5", "XXR many"), "line 4: XXR (rounds): must be a whole number"),
    (lambda s: s.replace(" 4.5    1 ", " x.5    1 ", 1), "line 6: points (columns 81-84)"),
    (lambda s: s.replace(" w 1", " q 1", 1), "colour must be w, b or -"),
    (lambda s: s.replace(" w 1", " w 7", 1), "is not a TRF result"),
    (lambda s: s + s.splitlines()[5] + "\n", "start number 1 is listed twice"),
    (lambda s: s.replace(" b 0", " b 1", 1), "the result is"),
])
def test_a_bad_trf_is_refused_naming_the_line_and_field(tmp_path, change, words):
    t = event()
    path = tmp_path / "bad.trf"
    path.write_text(change(tournament_trf(t)))
    with pytest.raises(StoreError) as info:
        read_trf(path, GAMES)
    message = str(info.value)
    assert words in message and "\n" not in message and str(path) in message


def test_a_trf_that_is_too_large_or_missing_is_refused(tmp_path):
    big = tmp_path / "big.trf"
    big.write_bytes(b"x" * (3 * 1024 * 1024))
    with pytest.raises(StoreError, match="too large"):
        read_trf(big, GAMES)
    with pytest.raises(StoreError, match="does not exist"):
        read_trf(tmp_path / "none.trf", GAMES)


def test_the_command_line_exports_and_imports_a_trf(tmp_path, capsys):
    db = tmp_path / "t.sqlite3"
    with TournamentStore(db) as store:
        t = event()
        t.games = (GameChoice("calla"),)
        tid = store.add(t)
    out = tmp_path / "club.trf"
    assert main(["tournament", "export", str(tid), "--what", "trf", "--to", str(out),
                 "--db", str(db)]) == 0
    assert out.read_text().startswith("012 Club night")
    assert main(["tournament", "import", str(out), "--game", "calla", "--db", str(db)]) == 0
    assert "imported tournament" in capsys.readouterr().out
    with TournamentStore(db) as store:
        back = store.load(tid + 1)
    assert tournament_trf(back) == out.read_text()
    out.write_text("001 oops\n")
    assert main(["tournament", "import", str(out), "--db", str(db)]) == 2
    assert "line 1" in capsys.readouterr().err


def test_a_swiss_with_its_lifecycle_is_kept_in_the_store(tmp_path):
    db = tmp_path / "t.sqlite3"
    with TournamentStore(db) as store:
        kept = store.create(Tournament("Kept", [Entrant(n, rating=r) for n, r in
                                                (("A", 1500), ("B", 1700), ("C", None),
                                                 ("D", 1600))], "swiss",
                                       [GameChoice("calla")], rounds=3, bye_points=0.5))
        for p in kept.pair_next_round():
            kept.record(p.round, p.board, "1-0")
        kept.add_late_entrant(Entrant("E"), 2, "half")
        kept.request_bye(0, 2)
        kept.pair_next_round()
        first = kept.tournament.rounds[1][0]
        warnings = kept.swap_players(2, first.first, first.second)
        assert isinstance(warnings, list)
    with TournamentStore(db) as store:
        back = store.load(kept.id)
    assert back.bye_points == 0.5
    assert back.late_entries == {4: (2, "half")}
    assert back.requested_byes == {0: frozenset({2})}
    assert back.rounds[1] == kept.tournament.rounds[1]
    assert back.round_changes == kept.tournament.round_changes
    assert [e.rating for e in back.entrants] == [1500, 1700, None, 1600, None]


trf_lines = st.one_of(
    st.text(max_size=120),
    st.builds(lambda a, b: "001 " + a.rjust(4) + " " * 6 + b,
              st.text("0123456789 ", max_size=5),
              st.text(" 0123456789.wbUHZ+-=", max_size=200)),
    st.sampled_from(["XXR 3", "XXR 0", "XXC white1", "BBU 0.5", "012 Name", "142 99999999"]),
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(trf_lines, max_size=12))
def test_any_text_reads_as_a_tournament_or_one_clear_line(lines):
    text = "\n".join(lines)
    try:
        t = tournament_from_trf(text, GAMES)
    except StoreError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        assert isinstance(t, Tournament) and t.format == "swiss"


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.data())
def test_a_real_trf_damaged_anywhere_reads_or_is_refused_in_one_line(data):
    text = tournament_trf(event(seed=5, count=7, rounds=4))
    at = data.draw(st.integers(0, len(text) - 1))
    junk = data.draw(st.text(max_size=6))
    damaged = text[:at] + junk + text[at + data.draw(st.integers(0, 6)):]
    try:
        tournament_from_trf(damaged, GAMES)
    except StoreError as exc:
        assert "\n" not in str(exc)
