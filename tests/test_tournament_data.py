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
    from helpers import frames, make_app
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
            scene.crosstable = True
            texts = drawn_texts(lambda: scene.draw(app.screen))
            assert texts.count("¾") == 2
    finally:
        app.close()


def test_the_printed_standings_show_sonneborn_berger_in_full(tmp_path):
    from helpers import make_app
    from scenes.tournament import printable
    app = make_app(tmp_path)
    try:
        texts = drawn_texts(lambda: printable.standings_page(trio()))
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
