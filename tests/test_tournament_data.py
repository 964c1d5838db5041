"""What a tournament's figures and files show a director: tie-breaks in full (quarters as
¼ ½ ¾), unplayed games as FIDE's tie-break rules count them, forfeits marked in the
crosstables, whole names on the printed pages, imports checked as the screens check a
result, and exports that never replace a file unasked."""

from __future__ import annotations

import json

import pytest

from game.tournament.cli import main as cli_main
from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.pairing import pair_next_round
from game.tournament.standings import number_text, standings
from game.tournament.store import TournamentStore


def run_cli(capsys, *argv):
    code = cli_main(["tournament", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def trio() -> Tournament:
    """A round robin of three: B beat C, A drew B, A beat C (everyone rests once).
    A's and B's Sonneborn-Berger is 3/4: B's 1 1/2 points halved."""
    t = Tournament("Trio", [Entrant("A"), Entrant("B"), Entrant("C")], "round-robin",
                   [GameChoice("calla")], seed=4)
    winners = {frozenset("BC"): "B", frozenset("AB"): None, frozenset("AC"): "A"}
    while t.can_pair_next():
        for p in pair_next_round(t):
            if p.is_bye:
                continue
            first, second = "ABC"[p.first], "ABC"[p.second]
            winner = winners[frozenset((first, second))]
            t.record(p.round, p.board, "1/2-1/2" if winner is None
                     else "1-0" if winner == first else "0-1")
    return t


def drawn_texts(draw) -> list[str]:
    """Every text ``draw()`` puts on any surface."""
    from scenes import assets
    with assets.TextRecorder() as seen:
        draw()
    return [words for _, _, words in seen.drawn]


# --- 1. tie-breaks at full precision -------------------------------------------------------

@pytest.mark.parametrize("value, text", [
    (2.25, "2¼"), (2.5, "2½"), (2.75, "2¾"), (0.25, "¼"), (0.5, "½"), (0.75, "¾"),
    (3.0, "3"), (0, "0"), (12, "12"), (None, "-"), (2.125, "2.125")])
def test_a_figure_is_written_in_full_with_quarters(value, text):
    assert number_text(value) == text


def test_the_standings_screen_shows_sonneborn_berger_in_full(tmp_path):
    from helpers import frames, make_app, press
    from scenes.tournament.standings import StandingsScene
    t = trio()
    assert {s.name: s.tiebreaks[1] for s in standings(t)} == {"A": 0.75, "B": 0.75, "C": 0}
    app = make_app(tmp_path)
    try:
        with TournamentStore(tmp_path / "t.sqlite3") as store:
            scene = StandingsScene(app, store.create(t), folder=tmp_path / "out")
            app.stack.push(scene)
            frames(app, 2)
            texts = drawn_texts(lambda: scene.draw(app.screen))
            assert texts.count("¾") == 2           # A's and B's, not rounded to ½
            press(app, "Crosstable")
            texts = drawn_texts(lambda: scene.draw(app.screen))
            assert texts.count("¾") == 2
    finally:
        app.close()


def test_the_printed_standings_show_sonneborn_berger_in_full(tmp_path):
    from helpers import make_app
    from scenes.tournament import printable
    app = make_app(tmp_path)
    try:
        texts = drawn_texts(lambda: printable.standings_pages(trio()))
        assert texts.count("¾") == 2
    finally:
        app.close()


def test_the_command_line_shows_sonneborn_berger_in_full(tmp_path, capsys):
    db = tmp_path / "t.sqlite3"
    with TournamentStore(db) as store:
        tid = store.add(trio())
    code, out, err = run_cli(capsys, "show", tid, "--db", db)
    assert code == 0, err
    lines = {line.split()[1]: line.split() for line in out.splitlines()[2:]}
    assert lines["A"][-2:] == ["¾", "1"] and lines["C"][-2:] == ["0", "0"]


# --- 2. unplayed rounds in the tie-breaks (FIDE C.07 15 and 16) ------------------------------

def hand(format, names, boards, tiebreaks, rounds) -> Tournament:
    """A tournament with its boards chosen by hand: (round, board, first, second, result)
    with the result as ``1-0``, or ``1-0f`` for a forfeit, ``0-0f`` a double forfeit."""
    pairings = []
    for r, b, first, second, result in boards:
        how = None if result is None else "forfeit" if result.endswith("f") else "played"
        pairings.append({"round": r, "board": b, "first": names.index(first),
                         "second": None if second is None else names.index(second),
                         "seed": 0, "result": None if result is None else result.rstrip("f"),
                         "how": how})
    return Tournament.from_dict({
        "name": "Hand", "format": format, "cycles": 1, "rounds": rounds,
        "tiebreaks": tiebreaks, "seed": 1,
        "entrants": [{"name": n, "kind": "human", "level": None} for n in names],
        "games": [{"game": "calla", "variant": None, "time_control": None, "options": {}}],
        "pairings": pairings})


# A Swiss of five over three rounds with every kind of unplayed round:
#   R1  A-B 1-0          C-D 1-0 by forfeit    E bye
#   R2  A-C 1/2-1/2      B-E double forfeit    D bye
#   R3  B-D 1/2-1/2      E-A 0-1               C bye
# Points A 2.5, B 0.5, C 2.5, D 1.5, E 1; a draw a round caps a bye's dummy at 1.5.
#        values a round (v = voluntarily unplayed)      BH    Cut-1   SB
#   A    B 0.5        C 2.5           E 1               4     3.5     2.75
#   B    A 2.5        dummy 0.5 v     D 1.5             4.5   4       0.75
#   C    dummy 1.5    A 2.5           bye 1.5           5.5   4       4.25
#   D    dummy 1.5 v  bye 1.5         B 0.5             3.5   2       1.75
#   E    bye 1        dummy 0.5 v     A 2.5             4     3.5     1
# A dummy has the player's own points, capped by the scheduled opponent's for a forfeit
# (B's and E's double forfeit: 0.5 and 1; C's forfeit win: D's 1.5) and by 1.5 for a bye.
# Cut-1 takes a voluntarily unplayed round first (D: the forfeit lost, 1.5, not B's 0.5).
SWISS_UNPLAYED = [
    (1, 1, "A", "B", "1-0"), (1, 2, "C", "D", "1-0f"), (1, 3, "E", None, None),
    (2, 1, "A", "C", "1/2-1/2"), (2, 2, "B", "E", "0-0f"), (2, 3, "D", None, None),
    (3, 1, "B", "D", "1/2-1/2"), (3, 2, "E", "A", "0-1"), (3, 3, "C", None, None),
]


def test_unplayed_rounds_enter_the_swiss_tiebreaks_as_fide_counts_them():
    t = hand("swiss", "ABCDE", SWISS_UNPLAYED,
             ["buchholz_cut1", "buchholz", "sonneborn_berger", "wins"], 3)
    table = {s.name: s for s in standings(t)}
    assert {n: s.points for n, s in table.items()} == {"A": 2.5, "B": 0.5, "C": 2.5, "D": 1.5,
                                                      "E": 1}
    assert {n: s.tiebreaks for n, s in table.items()} == {
        "A": (3.5, 4, 2.75, 2), "B": (4, 4.5, 0.75, 0), "C": (4, 5.5, 4.25, 2),
        "D": (2, 3.5, 1.75, 1), "E": (3.5, 4, 1, 1)}
    assert [s.name for s in standings(t)] == ["C", "A", "D", "E", "B"]


def test_a_double_forfeit_is_a_loss_for_both_and_no_game_played():
    t = hand("swiss", "ABCDE", SWISS_UNPLAYED, ["buchholz"], 3)
    table = {s.name: s for s in standings(t)}
    counts = {n: (s.played, s.wins, s.draws, s.losses, s.forfeit_wins, s.forfeit_losses, s.byes)
              for n, s in table.items()}
    assert counts == {"A": (3, 2, 1, 0, 0, 0, 0), "B": (2, 0, 1, 2, 0, 1, 0),
                      "C": (1, 1, 1, 0, 1, 0, 1), "D": (1, 0, 1, 1, 0, 1, 1),
                      "E": (1, 0, 0, 2, 0, 1, 1)}


def test_a_forfeit_is_no_meeting_for_direct_encounter_in_a_swiss():
    from game.tournament.standings import tiebreak_values
    t = hand("swiss", "ABCDE", SWISS_UNPLAYED, ["buchholz"], 3)
    # C and D only met by forfeit; A and C played
    assert tiebreak_values(t, "direct_encounter", [2, 3]) == {2: None, 3: None}
    assert tiebreak_values(t, "direct_encounter", [0, 2]) == {0: 0.5, 2: 0.5}


def test_a_double_forfeit_is_no_meeting():
    from game.tournament.standings import tiebreak_values
    # R1 A-C double forfeit, D-B drawn, E bye; R2 E beat D, A beat B, C bye: A and C never
    # played, so they have not met for direct encounter, nor for the next round's pairing
    t = hand("swiss", "ABCDE", [
        (1, 1, "A", "C", "0-0f"), (1, 2, "D", "B", "1/2-1/2"), (1, 3, "E", None, None),
        (2, 1, "E", "D", "1-0"), (2, 2, "B", "A", "0-1"), (2, 3, "C", None, None)],
        ["buchholz"], 3)
    assert tiebreak_values(t, "direct_encounter", [0, 2]) == {0: None, 2: None}
    assert tiebreak_values(t, "direct_encounter", [1, 3]) == {1: 0.5, 3: 0.5}


def test_forfeits_in_a_round_robin_count_as_the_games_they_replace():
    # A beat B by forfeit, C-D a double forfeit (C.07 15: the games against the
    # scheduled opponents); A drew C, D beat A, B beat C, B drew D.
    names = "ABCD"
    by_pair = {"AB": "1-0f", "CD": "0-0f", "AC": "1/2-1/2", "DA": "1-0", "BC": "1-0",
               "BD": "1/2-1/2"}
    t = Tournament("RR", [Entrant(n) for n in names], "round-robin", [GameChoice("calla")],
                   tiebreaks=["direct_encounter", "sonneborn_berger", "buchholz",
                              "buchholz_cut1", "wins"])
    while t.can_pair_next():
        for p in pair_next_round(t):
            pair = names[p.first] + names[p.second]
            score = by_pair.get(pair)
            if score is None:
                score = {"1-0": "0-1", "0-1": "1-0"}.get(by_pair[pair[::-1]].rstrip("f"),
                                                         by_pair[pair[::-1]].rstrip("f"))
                score += "f" if by_pair[pair[::-1]].endswith("f") else ""
            t.record(p.round, p.board, score.rstrip("f"),
                     "forfeit" if score.endswith("f") else "played")
    table = standings(t)
    assert [(s.rank, s.name, s.points) for s in table] == [
        (1, "D", 1.5), (2, "A", 1.5), (3, "B", 1.5), (4, "C", 0.5)]
    assert {s.name: s.tiebreaks for s in table} == {
        "D": (1.5, 2.25, 3.5, 3, 1), "A": (1, 1.75, 3.5, 3, 1), "B": (0.5, 1.25, 3.5, 3, 1),
        "C": (None, 0.75, 4.5, 3, 0)}
    assert {s.name: (s.played, s.forfeit_wins, s.forfeit_losses) for s in table} == {
        "D": (2, 0, 1), "A": (2, 1, 0), "B": (2, 0, 1), "C": (2, 0, 1)}


def test_a_round_without_a_board_at_the_end_counts_as_a_draw_for_the_opponents():
    from game.tournament.model import Pairing, Result
    # D played two rounds and had no board in the last (as after withdrawing)
    t = hand("swiss", "ABCD", [
        (1, 1, "A", "B", "1-0"), (1, 2, "C", "D", "1-0"),
        (2, 1, "A", "C", "1/2-1/2"), (2, 2, "B", "D", "1-0")], ["buchholz"], 3)
    t.rounds.append([Pairing(3, 1, 1, 2, 0), Pairing(3, 2, 0, None, 0)])
    t.results[(3, 1)] = Result("1-0")
    table = {s.name: s for s in standings(t)}
    assert {n: s.points for n, s in table.items()} == {"A": 2.5, "B": 2, "C": 1.5, "D": 0}
    # B met A, D (0 points, and 1/2 more for the round D had no board in) and C
    assert table["B"].tiebreaks == (2.5 + 0.5 + 1.5,)
    # D's own round without a board: a dummy with D's own 0 points
    assert table["D"].tiebreaks == (1.5 + 2 + 0,) and table["D"].played == 2


# --- 3. forfeits marked in the crosstables ------------------------------------------------

def test_the_crosstables_mark_forfeits_as_fide_does():
    from game.tournament.standings import crosstable_matrix, crosstable_rounds
    t = hand("swiss", "ABCDE", SWISS_UNPLAYED, ["buchholz_cut1"], 3)
    # lines in standings order: C, A, D, E, B
    texts = {r["name"]: [c["text"] for c in r["rounds"]] for r in crosstable_rounds(t)}
    assert texts == {"C": ["3+", "2s½", "bye"], "A": ["5f1", "1f½", "4s1"],
                     "D": ["1−", "bye", "5s½"], "E": ["bye", "5−", "2f0"],
                     "B": ["2s0", "4−", "3f½"]}
    marks = {r["name"]: r["marks"] for r in crosstable_matrix(t)}
    assert marks["C"] == [None, [""], ["+"], [], []]
    assert marks["D"] == [["−"], [], None, [], [""]]
    assert marks["E"][4] == ["−"] and marks["B"][3] == ["−"]     # the double forfeit


def test_the_crosstable_csv_marks_forfeits():
    from game.tournament.files import crosstable_csv
    t = hand("swiss", "ABCDE", SWISS_UNPLAYED, ["buchholz_cut1"], 3)
    rows = [line.split(",") for line in crosstable_csv(t).splitlines()]
    assert rows[0][:8] == ["No.", "Rank", "Name", "1", "2", "3", "4", "5"]
    grid = {row[2]: row[3:8] for row in rows[1:]}
    assert grid == {"C": ["x", "0.5", "+", "", ""], "A": ["0.5", "x", "", "1", "1"],
                    "D": ["−", "", "x", "", "0.5"], "E": ["", "0", "", "x", "−"],
                    "B": ["", "0", "0.5", "−", "x"]}


def test_the_crosstable_screen_marks_forfeits(tmp_path):
    from helpers import frames, make_app, press
    from scenes.tournament.standings import StandingsScene
    t = hand("swiss", "ABCDE", SWISS_UNPLAYED, ["buchholz_cut1"], 3)
    app = make_app(tmp_path)
    try:
        with TournamentStore(tmp_path / "t.sqlite3") as store:
            scene = StandingsScene(app, store.create(t), folder=tmp_path / "out")
            app.stack.push(scene)
            frames(app, 2)
            press(app, "Crosstable")
            texts = drawn_texts(lambda: scene.draw(app.screen))
            assert texts.count("+") == 1 and texts.count("−") == 3
    finally:
        app.close()


def test_the_standings_csv_counts_forfeits_apart_from_games_played():
    from game.tournament.files import standings_csv
    t = hand("swiss", "ABCDE", SWISS_UNPLAYED, ["buchholz_cut1"], 3)
    rows = [line.split(",") for line in standings_csv(t).splitlines()]
    assert rows[0][:10] == ["Rank", "Name", "Points", "Played", "Wins", "Draws", "Losses",
                            "Forfeit wins", "Forfeit losses", "Byes"]
    assert {row[1]: row[3:10] for row in rows[1:]} == {
        "C": ["1", "1", "1", "0", "1", "0", "1"], "A": ["3", "2", "1", "0", "0", "0", "0"],
        "D": ["1", "0", "1", "1", "0", "1", "1"], "E": ["1", "0", "0", "2", "0", "1", "1"],
        "B": ["2", "0", "1", "2", "0", "1", "0"]}


# --- 6. no export replaces a file unasked ------------------------------------------------

def kept_trio(tmp_path):
    db = tmp_path / "t.sqlite3"
    with TournamentStore(db) as store:
        tid = store.add(trio())
    return db, tid


@pytest.mark.parametrize("what", ["json", "standings", "crosstable", "rows"])
def test_export_refuses_a_file_that_exists_unless_forced(tmp_path, capsys, what):
    db, tid = kept_trio(tmp_path)
    target = tmp_path / "out.txt"
    target.write_text("the club's own notes\n")
    code, out, err = run_cli(capsys, "export", tid, "--to", target, "--what", what, "--db", db)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and "exists already" in err and "--force" in err
    assert len(err.strip().splitlines()) == 1
    assert target.read_text() == "the club's own notes\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("out")) == ["out.txt"]
    code, out, err = run_cli(capsys, "export", tid, "--to", target, "--what", what, "--db", db,
                             "--force")
    assert code == 0, err
    assert target.read_text() != "the club's own notes\n"


@pytest.mark.parametrize("to", ["nope//", "nope/", "folder", "folder/.", "."])
def test_export_refuses_a_folder_and_writes_nothing(tmp_path, capsys, monkeypatch, to):
    db, tid = kept_trio(tmp_path)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for force in ([], ["--force"]):
        code, out, err = run_cli(capsys, "export", tid, "--to", to, "--db", db, *force)
        assert code == 2 and out == "" and "names a folder" in err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_write_free_takes_the_next_free_name(tmp_path):
    from game.tournament.errors import StoreError
    from game.tournament.files import write_atomic, write_free
    first = tmp_path / "cup-standings.csv"
    assert write_free(first, "one\n") == first
    assert write_free(first, "two\n") == tmp_path / "cup-standings (2).csv"
    assert write_free(first, b"three\n") == tmp_path / "cup-standings (3).csv"
    assert first.read_text() == "one\n"
    with pytest.raises(StoreError, match="exists already"):
        write_atomic(first, "four\n", replace=False)
    assert first.read_text() == "one\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "cup-standings (2).csv", "cup-standings (3).csv", "cup-standings.csv"]


def test_the_screen_exports_beside_an_earlier_export_never_over_it(tmp_path):
    from helpers import frames, make_app, press
    from scenes.tournament.printing import PRINTER
    from scenes.tournament.standings import StandingsScene
    out = tmp_path / "out"

    def files():
        return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*")
                if p.is_file()}

    app = make_app(tmp_path)
    try:
        with TournamentStore(tmp_path / "t.sqlite3") as store:
            scene = StandingsScene(app, store.create(trio()), folder=out)
            app.stack.push(scene)
            frames(app, 2)
            for label in ("Export standings", "Export crosstable", "Export JSON", "Printouts"):
                press(app, label)
                assert PRINTER.flush(timeout=60)       # printouts are written in the background
                frames(app, 2)
                assert scene.notice_ok, scene.notice
            first = files()
            assert sorted(first) == ["Trio round 3.pdf", "Trio round 3/1 standings.png",
                                     "Trio round 3/2 crosstable.png",
                                     "Trio round 3/3 pairings.png",
                                     "Trio round 3/4 find your board.png",
                                     "Trio round 3/5 result slips.png", "trio-crosstable.csv",
                                     "trio-standings.csv", "trio.json"]
            for label in ("Export standings", "Export crosstable", "Export JSON", "Printouts"):
                press(app, label)
                assert PRINTER.flush(timeout=60)
                frames(app, 2)
                assert scene.notice_ok and " (2)" in scene.notice, scene.notice
            assert {name: data for name, data in files().items() if name in first} == first
            assert sorted(name for name in files() if name not in first) == [
                "Trio round 3 (2).pdf", "Trio round 3 (2)/1 standings.png",
                "Trio round 3 (2)/2 crosstable.png", "Trio round 3 (2)/3 pairings.png",
                "Trio round 3 (2)/4 find your board.png", "Trio round 3 (2)/5 result slips.png",
                "trio (2).json", "trio-crosstable (2).csv", "trio-standings (2).csv"]
    finally:
        app.close()


def test_a_requested_bye_at_the_end_counts_as_a_draw_for_the_opponents():
    from game.tournament.model import Pairing, Result
    # D asked for a half-point bye in the last round: it scores 1/2 and, as D played no
    # more, counts as a draw (1/2, no more) in D's opponents' tie-breaks
    t = hand("swiss", "ABCD", [
        (1, 1, "A", "B", "1-0"), (1, 2, "C", "D", "1-0"),
        (2, 1, "A", "C", "1/2-1/2"), (2, 2, "B", "D", "1-0")], ["buchholz"], 3)
    t.request_bye(3, 3)
    t.rounds.append([Pairing(3, 1, 1, 2, 0), Pairing(3, 2, 0, None, 0)])
    t.results[(3, 1)] = Result("1-0")
    table = {s.name: s for s in standings(t)}
    assert {n: s.points for n, s in table.items()} == {"A": 2.5, "B": 2, "C": 1.5, "D": 0.5}
    assert table["B"].tiebreaks == (2.5 + 0.5 + 1.5,)


# --- 4. whole names on the printed pages -------------------------------------------------

def forty_names() -> list[str]:
    """Forty different names of forty characters: accented, Chinese, one long word."""
    bases = ["Émilie-Françoise Dûpont-Lefèvre de Sàint", "Łukasz Żółkiewski-Wiśniewski z Grzędów",
             "王秀英李小龙张伟刘洋陈静杨帆赵敏黄磊周杰吴刚徐丽孙强马超朱琳胡军郭靖何平高峰林涛罗",
             "Bartholomewmaximilianfeatherstonehaughs", "Nguyễn Thị Minh Khai Trần Hưng Đạo Phạm"]
    names = []
    for i in range(40):
        base = bases[i % len(bases)]
        tag = f" {i:02d}" if " " in base else f"{i:02d}"
        names.append((base[:40 - len(tag)] + tag)[:40])
    assert len(set(names)) == 40 and all(len(n) == 40 for n in names)
    return names


def forty(rounds: int = 3) -> Tournament:
    """A Swiss of forty with long names, ``rounds`` rounds played: the first seat wins,
    but board 2 is a forfeit and board 3 a double forfeit."""
    t = Tournament("The Thursday Night Open Championship of the Société des Échecs",
                   [Entrant(n) for n in forty_names()], "swiss", [GameChoice("calla")],
                   rounds=rounds)
    for _ in range(rounds):
        for p in pair_next_round(t):
            if not p.is_bye:
                score, how = {2: ("0-1", "forfeit"), 3: ("0-0", "forfeit")}.get(
                    p.board, ("1-0", "played"))
                t.record(p.round, p.board, score, how)
    return t


def printed(pages_of) -> list[list[tuple]]:
    """(rect, words) of every text on each page ``pages_of()`` draws."""
    from scenes import assets
    with assets.TextRecorder() as seen:
        pages = pages_of()
    return pages, [seen.on(page) for page in pages]


def assert_whole_names(pages, texts, names):
    for page, drawn in zip(pages, texts):
        area = page.get_rect()
        for rect, words in drawn:
            assert area.contains(rect), f"{words!r} leaves the page"
            assert "\u2026" not in words, f"{words!r} is cut short"
        for i, (a, _) in enumerate(drawn):
            for b, words in drawn[i + 1:]:
                assert not a.colliderect(b), f"{words!r} overprints another text"
    printed_text = "".join(words for drawn in texts for _, words in drawn).replace(" ", "")
    for name in names:
        assert name.replace(" ", "") in printed_text, f"{name!r} is not printed whole"


def test_the_printed_standings_show_forty_long_names_whole(tmp_path):
    from helpers import make_app
    from scenes.tournament import printable
    t = forty()
    app = make_app(tmp_path)
    try:
        pages, texts = printed(lambda: printable.standings_pages(t))
        assert len(pages) >= 2                       # forty rows of two lines: two pages
        assert_whole_names(pages, texts, forty_names())
        words = [w for drawn in texts for _, w in drawn]
        assert f"Page 1 of {len(pages)}" in words
        assert sum(w.isdigit() and 1 <= int(w) <= 40 for drawn in texts
                   for rect, w in drawn if rect.x < 200) >= 40      # every rank printed
    finally:
        app.close()


def test_the_printed_crosstable_shows_whole_names_and_marks_forfeits(tmp_path):
    from helpers import make_app
    from scenes.tournament import printable
    t = forty()
    app = make_app(tmp_path)
    try:
        pages, texts = printed(lambda: printable.crosstable_pages(t))
        assert_whole_names(pages, texts, forty_names())
        words = [w for drawn in texts for _, w in drawn]
        assert sum(w.endswith("+") and w[:-1].isdigit() for w in words) == 3   # 3 rounds
        assert sum(w.endswith("−") and w[:-1].isdigit() for w in words) == 3 + 6
        pairings, texts = printed(lambda: printable.pairings_pages(t, 3))
        assert_whole_names(pairings, texts, forty_names())
    finally:
        app.close()


def test_a_long_crosstable_goes_on_over_pages_a_dozen_rounds_at_a_time(tmp_path):
    from helpers import make_app
    from scenes.tournament import printable
    names = [f"Player {i}" for i in range(1, 15)]
    t = Tournament("Long", [Entrant(n) for n in names], "round-robin", [GameChoice("calla")])
    while t.can_pair_next():
        for p in pair_next_round(t):
            t.record(p.round, p.board, "1-0")
    app = make_app(tmp_path)
    try:
        pages, texts = printed(lambda: printable.crosstable_pages(t))
        assert len(pages) == 2
        heads = [{w for _, w in drawn if w.startswith("R") and w[1:].isdigit()} for drawn in texts]
        assert heads == [{f"R{r}" for r in range(1, 13)}, {"R13"}]
        assert_whole_names(pages, texts, names)
    finally:
        app.close()


# --- 5. import: the screens' checks, free names, nothing lost on the way -----------------

def test_a_drawn_iriri_game_is_refused_at_import_naming_its_round_and_board(tmp_path, capsys):
    from game import GAMES
    from game.tournament.files import write_tournament_json
    from game.tournament.model import Result
    t = Tournament("Iriri night", [Entrant(n) for n in "ABCD"], "swiss", [GameChoice("iriri")],
                   rounds=2)
    pair_next_round(t)
    t.record(1, 1, "1-0")
    t.record(1, 2, "1/2-1/2")          # as a file may say it: "played", which no game ends so
    path = tmp_path / "iriri.json"
    write_tournament_json(t, path)
    db = tmp_path / "t.sqlite3"
    code, out, err = run_cli(capsys, "import", path, "--db", db)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    screen = t.result_problem(1, Result("1/2-1/2", "manual"), GAMES)    # the screen's words
    assert screen and f"round 1 board 2: {screen}" in err
    with TournamentStore(db) as store:
        assert store.list() == []


def test_an_imported_name_already_kept_gets_a_number(tmp_path, capsys):
    db, tid = kept_trio(tmp_path)
    out = tmp_path / "trio.json"
    assert run_cli(capsys, "export", tid, "--to", out, "--db", db)[0] == 0
    for expected in ("Trio (2)", "Trio (3)"):
        code, stdout, err = run_cli(capsys, "import", out, "--db", db, "--json")
        assert code == 0, err
        assert json.loads(stdout)["name"] == expected
    code, stdout, err = run_cli(capsys, "import", out, "--db", db)
    assert '"Trio (4)"' in stdout
    long = "A" * 38 + " " + "B" * 41                    # 80 characters, the most a name has
    data = json.loads(out.read_text())
    data["tournament"]["name"] = long
    out.write_text(json.dumps(data))
    for expected in (long, "A" * 38 + " " + "B" * 37 + " (2)"):
        code, stdout, err = run_cli(capsys, "import", out, "--db", db, "--json")
        assert json.loads(stdout)["name"] == expected and len(expected) <= 80
    with TournamentStore(db) as store:
        assert sorted(i.name for i in store.list()) == sorted(
            ["Trio", "Trio (2)", "Trio (3)", "Trio (4)", long, "A" * 38 + " " + "B" * 37 + " (2)"])


def club_evening(db):
    """A kept Swiss of six with every kind of board record: a score on the board, a
    corrected result, a double forfeit, a result cleared and entered again, a game in
    progress; its id."""
    with TournamentStore(db) as store:
        stored = store.create(Tournament("Club", [Entrant(n) for n in "ABCDEF"], "swiss",
                                         [GameChoice("calla")], rounds=3))
        stored.pair_next_round()
        stored.record(1, 1, "1-0", detail="18 - 14: A has 17 cubes in the calla.")
        stored.record(1, 2, "0-1", "time", detail="9 - 12: the first seat's flag fell.")
        stored.record(1, 2, "1-0", "manual")                     # corrected by hand
        stored.record(1, 3, "0-0", "forfeit")
        stored.pair_next_round()
        stored.record(2, 1, "1/2-1/2", detail="15 - 15: an even split.")
        stored.clear_result(2, 1)
        stored.record(2, 1, "0-1", "manual")
        stored.save_live(2, 2, {"moves": ["a1", "b2"], "clock": None, "timer": None})
        return stored.id


def test_export_and_import_keep_every_board_with_its_score_and_notes(tmp_path, capsys):
    from helpers import make_app
    from scenes.tournament.round import RoundScene
    db = tmp_path / "t.sqlite3"
    tid = club_evening(db)
    out = tmp_path / "club.json"
    assert run_cli(capsys, "export", tid, "--to", out, "--db", db)[0] == 0
    code, stdout, err = run_cli(capsys, "import", out, "--db", db, "--json")
    assert code == 0, err
    copy = json.loads(stdout)["tournament"]
    with TournamentStore(db) as store:
        a, b = store.load(tid), store.load(copy)
        assert b.name == "Club (2)"
        assert b.to_dict() == {**a.to_dict(), "name": "Club (2)"}
        assert store.history(copy) == store.history(tid)          # results, details, times
        assert len(store.history(tid)[(1, 2)]) == 2
        assert store.live_boards(copy) == store.live_boards(tid) == {(2, 2)}
        assert store.load_live(copy, 2, 2) == store.load_live(tid, 2, 2)
        created = "SELECT created FROM tournament WHERE id = ?"
        assert (store._db.execute(created, (copy,)).fetchone()
                == store._db.execute(created, (tid,)).fetchone())
        stored = [store.open(tid), store.open(copy)]
        # what the round view says of each board: the score on the board, "corrected"
        app = make_app(tmp_path)
        try:
            said = []
            for kept in stored:
                scene = RoundScene(app, kept, background=False)
                scene.reload()
                said.append([scene.state_text(p) for boards in kept.tournament.rounds
                             for p in boards if not p.is_bye])
            assert said[0] == said[1]
            assert "18 - 14" in said[0][0] and "corrected" in said[0][1]
            assert "double forfeit" in said[0][2] and "corrected" in said[0][3]
        finally:
            app.close()


_EVENING: dict = {}


def evening_export() -> dict:
    """The export of ``club_evening`` as JSON data (made once)."""
    if not _EVENING:
        import tempfile
        from pathlib import Path
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "t.sqlite3"
            tid = club_evening(db)
            with TournamentStore(db) as store:
                store.export_json(tid, Path(folder) / "club.json")
            _EVENING.update(json.loads((Path(folder) / "club.json").read_text()))
    return json.loads(json.dumps(_EVENING))


def _damaged_records():
    from hypothesis import strategies as st
    from test_tournament_readers import _paths, _place, json_values

    @st.composite
    def damaged(draw):
        data = evening_export()
        paths = [p for p in _paths(data) if p and p[0] in ("boards", "created")]
        path = draw(st.sampled_from(paths))
        if draw(st.booleans()) and len(path) > 1:
            target = data
            for step in path[:-1]:
                target = target[step]
            if isinstance(target, dict):
                del target[path[-1]]
            else:
                target.pop(path[-1])
        else:
            _place(data, path, draw(json_values))
        return data, path
    return damaged()


def test_damaged_board_records_are_refused_naming_the_field_or_read_whole(tmp_path):
    from hypothesis import given
    from game.tournament.errors import StoreError
    from test_tournament_readers import FAST

    @FAST
    @given(_damaged_records())
    def check(case):
        data, path = case
        file = tmp_path / "club.json"
        raw = json.dumps(data).encode()
        file.write_bytes(raw)
        with TournamentStore(tmp_path / "t.sqlite3") as store:
            before = len(store.list())
            try:
                tid = store.import_json(file)
            except StoreError as exc:
                message = str(exc)
                assert message.startswith(str(file)) and "\n" not in message, message
                assert "cannot be read (" not in message, message
                # an Infinity written into the file is refused as the JSON is read, before
                # any field is: the message names that number instead
                assert path[0] in message or "Infinity is not a number a file may hold" \
                    in message, (path, message)
                assert len(store.list()) == before          # nothing half-kept
            else:
                kept = store.history(tid)
                assert set(kept) <= {(b["round"], b["board"]) for b in data["boards"]}
                store.delete(tid)
        assert file.read_bytes() == raw
    check()
