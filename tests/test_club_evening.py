"""A club's evening from the director's screens, start to finish: 40 entrants read from a
CSV file with ratings and clubs, a 7-round Swiss paired round by round (in another
process, the screen usable meanwhile), every result entered by clicking, three late
entrants, two withdrawals and four requested byes, at 960x600 and at 1920x1080; on every
screen no text overprints another or a button, or leaves its panel.  At the end the
tournament is written as FIDE's tournament report file (TRF), read back, and each round
paired again from it as it was played.

With CALLIDUS_BBP naming bbpPairings (a FIDE-endorsed Dutch engine), its checker re-pairs
the evening's TRF and must find nothing to differ; without it that test is skipped.  With
CALLIDUS_SHOTS naming a folder, the TRF and a picture of each screen are left there.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
from pathlib import Path

import pygame
import pytest

from game.tournament.model import GameChoice, Tournament
from game.tournament.pairing import pair_next_round
from game.tournament.store import TournamentStore
from game.tournament.trf import read_trf, tournament_trf, write_trf
from helpers import button, click, frames, make_app, press, wait_until
from scenes import assets
from scenes.tournament.common import db_path
from scenes.tournament.lobby import LobbyScene
from scenes.tournament.result_entry import ResultEntryScene
from scenes.tournament.round import RoundScene
from scenes.tournament.standings import StandingsScene
from test_scenes_tournament import choose
from test_tournament_lists import club, looks_right

SIZES = [(960, 600), (1920, 1080)]
ROUNDS = 7
CLUBS = ["Rook & Pawn", "Les Cavaliers", "Königsspringer", "Knights of Leith"]
#: What the director does before each round is paired: late entrants (name, rating,
#: club, points for the rounds missed), requested byes and withdrawals (entrants by
#: their place on the list, which the CSV's ratings put in order).
BEFORE = {
    2: {"late": [("Lou Latimer", "1612", "Rook & Pawn", "zero")]},
    3: {"late": [("Mia Nakamura-Sørensen", "", "", "half")], "byes": [5, 17]},
    4: {"late": [("Ned Okafor", "1830", "Les Cavaliers", "half")], "withdraw": [9]},
    5: {"byes": [3, 22], "withdraw": [30]},
}
#: The TRF of the last evening run here, for the bbpPairings check.
EVENINGS: dict = {}


def shots(app, name: str) -> None:
    folder = os.environ.get("CALLIDUS_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        size = app.screen.get_width()
        pygame.image.save(app.screen, str(Path(folder) / f"evening-{name}-{size}.png"))


def dialog_right(app, box) -> list[str]:
    """The top scene, a box over the screen below it, drawn alone: its texts inside the
    box, clear of each other and of its widgets, which lie inside the box too."""
    scene = app.stack.top
    frames(app, 1)
    with assets.TextRecorder() as recorder:
        scene.draw(app.screen)
    drawn = [(r, w) for r, w in recorder.on(app.screen) if r.width and r.height]
    widgets = [w for w in scene.widgets if w.alive() and w.visible]
    for widget in widgets:
        assert box.contains(widget.rect), f"{widget} leaves the box {box}"
    for i, (rect, words) in enumerate(drawn):
        assert box.contains(rect), f"{words!r} leaves the box {box} ({rect})"
        for widget in widgets:
            assert not rect.colliderect(widget.rect), f"{words!r} runs under {widget}"
        for other, second in drawn[i + 1:]:
            assert not rect.colliderect(other), f"{words!r} overprints {second!r}"
    return [w for _, w in drawn]


def write_entrants(path: Path) -> list[str]:
    names = club(40)
    rows = ["name,rating,club"] + [f"{n},{2250 - 13 * i},{CLUBS[i % 4]}"
                                  for i, n in enumerate(names)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return names


def set_up(app, tmp_path):
    """The evening created on the setup screen from a CSV file: 7 rounds, the byes'
    points as FIDE's default (the pairing's bye a win, an asked-for bye a draw)."""
    names = write_entrants(tmp_path / "entrants.csv")
    app.stack.push(LobbyScene(app, folder=tmp_path / "exports"))
    frames(app, 2)
    press(app, "New tournament")
    setup = app.stack.top
    setup.name_entry.set_text("Thursday Rapid")
    setup.csv_entry.set_text(str(tmp_path / "entrants.csv"))
    frames(app, 1)
    press(app, "Read CSV")
    assert setup.notice.startswith("40 entrants read"), setup.notice
    choose(app, setup.controls["rounds"], str(ROUNDS))
    choose(app, setup.controls["bye"], "1")
    choose(app, setup.controls["asked"], "0.5")
    looks_right(app, [setup.left.inflate(30, 30), setup.right.inflate(30, 30)])
    shots(app, "setup")
    press(app, "Create tournament")
    view = app.stack.top
    assert isinstance(view, RoundScene), setup.error
    return view, names


def add_late(app, view, name, rating, club_name, start):
    press(app, "Add late entrant", settle=2)
    late = app.stack.top
    late.entries["name"].set_text(name)
    late.entries["rating"].set_text(rating)
    late.entries["club"].set_text(club_name)
    frames(app, 1)
    if start == "half":
        choose(app, late.start_menu, "half")
    dialog_right(app, late.box)
    shots(app, "late-entrant")
    press(app, "Add entrant", settle=2)
    assert app.stack.top is view, late.error
    assert view.notice.startswith(f"{name} enters in round"), view.notice


def byes_and_withdrawals(app, view, byes, gone):
    press(app, "Entrants", settle=2)
    roster = app.stack.top
    panel = roster.table_rect.inflate(20, 16)
    for e in byes:
        roster.rows.show(e)
        frames(app, 1)
        click(app, roster.bye_buttons[e].rect.center, settle=2)
        assert roster.notice.endswith("(½ point)."), roster.notice
    for e in gone:
        roster.rows.show(e)
        frames(app, 1)
        click(app, roster.gone_buttons[e].rect.center, settle=2)
        confirm = app.stack.top
        dialog_right(app, confirm.box)
        shots(app, "withdraw")
        press(app, "Withdraw", settle=2)
        assert app.stack.top is roster and "is withdrawn" in roster.notice
    looks_right(app, [panel])
    shots(app, "entrants")
    press(app, "Back", settle=2)
    assert app.stack.top is view


def enter_results(app, view, rng) -> None:
    """Every board of the round shown, its result entered by clicking (a forfeit now and
    then); the result dialog checked once."""
    checked = False
    for i, p in enumerate(view.boards()):
        if p.is_bye:
            continue
        view.board_list.show(i)
        frames(app, 1)
        click(app, view.result_buttons[p.board].rect.center, settle=2)
        entry = app.stack.top
        assert isinstance(entry, ResultEntryScene) and entry.board == p.board
        if not checked:
            dialog_right(app, entry.box)
            checked = True
        roll = rng.random()
        score, how = (("1-0", "manual") if roll < 0.42 else ("0-1", "manual") if roll < 0.78
                      else ("1/2-1/2", "manual") if roll < 0.95 else ("1-0", "forfeit"))
        widget = next(w for w, r in entry.choices.items() if (r.score, r.how) == (score, how))
        click(app, widget.rect.center, settle=2)
        assert app.stack.top is view


def run_evening(app, tmp_path):
    """The whole evening on the screens; the tournament as kept at the end."""
    view, names = set_up(app, tmp_path)
    rng = random.Random(11)
    withdrawn = []
    for round_no in range(1, ROUNDS + 1):
        plan = BEFORE.get(round_no, {})
        for late in plan.get("late", []):
            add_late(app, view, *late)
        if plan.get("byes") or plan.get("withdraw"):
            byes_and_withdrawals(app, view, plan.get("byes", []), plan.get("withdraw", []))
            withdrawn += plan.get("withdraw", [])
        press(app, f"Pair round {round_no}", settle=1)
        if view.pairing.busy:       # the screen is drawn and usable while it is paired
            assert not button(app, f"Pairing round {round_no}\u2026").is_enabled
            looks_right(app, [view.table.inflate(20, 16)])
        assert wait_until(app, lambda: view.tournament.rounds_paired == round_no, seconds=60), \
            view.notice
        assert view.notice.startswith(f"Round {round_no} is paired."), view.notice
        looks_right(app, [view.table.inflate(20, 16)])
        shots(app, f"round-{round_no}")
        t = view.tournament
        seated = {x for p in t.rounds[-1] for x in (p.first, p.second) if x is not None}
        assert seated == t.expected(round_no)
        assert not seated & set(withdrawn)
        enter_results(app, view, rng)
        assert view.tournament.round_complete(round_no)
    assert view.next_step() == "The tournament is over: press Final results for the podium."
    looks_right(app, [view.table.inflate(20, 16)])
    # the standings say who withdrew
    press(app, "Standings", settle=2)
    standings = app.stack.top
    assert isinstance(standings, StandingsScene)
    table = standings._figures()[0]
    standings.rows.show([s.entrant for s in table].index(withdrawn[0]))
    words = looks_right(app, [standings.table_rect.inflate(20, 16)])
    assert {"withdrawn after round 3", "out after round 3"} & set(words), words
    shots(app, "standings")
    press(app, "Back", settle=2)
    with TournamentStore(db_path()) as store:
        return store.load(view.stored.id), names


def check_kept(t, names) -> None:
    assert t.is_complete and t.rounds_paired == ROUNDS and len(t.entrants) == 43
    assert [e.name for e in t.entrants[:40]] == names          # the CSV's order: by rating
    assert (t.entrants[0].rating, t.entrants[0].club) == (2250, "Rook & Pawn")
    assert (t.entrants[42].rating, t.entrants[42].club) == (1830, "Les Cavaliers")
    assert t.entrants[41].rating is None and t.entrants[41].club is None
    assert t.late_entries == {40: (2, "zero"), 41: (3, "half"), 42: (4, "half")}
    assert t.withdrawals == {9: 4, 30: 5}
    assert t.requested_byes == {5: {3}, 17: {3}, 3: {5}, 22: {5}}
    assert (t.bye_points, t.requested_bye_points) == (1.0, 0.5)


def check_trf(t, path: Path) -> str:
    """The TRF written, read back the same, and every round paired from it as played."""
    write_trf(t, path, replace=False)
    text = path.read_text(encoding="utf-8")
    assert text == tournament_trf(t)
    back = read_trf(path, [GameChoice("calla")])
    assert tournament_trf(back) == text
    name = {i: e.name for i, e in enumerate(t.entrants)}
    again = {i: e.name for i, e in enumerate(back.entrants)}
    assert sorted(name.values()) == sorted(again.values())
    assert {name[e]: v for e, v in t.late_entries.items()} == {
        again[e]: v for e, v in back.late_entries.items()}
    assert {name[e]: v for e, v in t.withdrawals.items()} == {
        again[e]: v for e, v in back.withdrawals.items()}
    assert {name[e]: v for e, v in t.requested_byes.items()} == {
        again[e]: v for e, v in back.requested_byes.items()}

    def boards(tournament, names, round_no):
        return [(names[p.first], None if p.second is None else names[p.second])
                for p in tournament.rounds[round_no - 1]]
    data = back.to_dict()
    for round_no in range(1, ROUNDS + 1):
        assert sorted(map(str, boards(t, name, round_no))) == sorted(
            map(str, boards(back, again, round_no)))
        # the tournament as the file has it before round_no, paired again: the same
        # boards, in the same order (a TRF keeps no board numbers)
        copy = Tournament.from_dict(dict(data, pairings=[p for p in data["pairings"]
                                                         if p["round"] < round_no]))
        ours = [(again[p.first], None if p.second is None else again[p.second])
                for p in pair_next_round(copy)]
        assert ours == boards(t, name, round_no), f"round {round_no} pairs otherwise"
    return text


@pytest.mark.parametrize("size", SIZES)
def test_a_club_evening_runs_to_the_end_from_the_screens(tmp_path, size):
    app = make_app(tmp_path, size=size)
    try:
        t, names = run_evening(app, tmp_path)
    finally:
        app.close()
    check_kept(t, names)
    EVENINGS[size] = check_trf(t, tmp_path / "thursday-rapid.trf")
    folder = os.environ.get("CALLIDUS_SHOTS")
    if folder:
        (Path(folder) / f"thursday-rapid-{size[0]}.trf").write_text(EVENINGS[size])


def test_bbppairings_finds_nothing_to_differ_in_the_evening(tmp_path):
    bbp = os.environ.get("CALLIDUS_BBP")
    if not bbp or not Path(bbp).is_file():
        pytest.skip("set CALLIDUS_BBP to bbpPairings' path to check the evening's TRF with it")
    text = next(iter(EVENINGS.values()), None)
    if text is None:                  # run alone: the evening is run here
        app = make_app(tmp_path, size=SIZES[0])
        try:
            t, _ = run_evening(app, tmp_path)
        finally:
            app.close()
        text = tournament_trf(t)
    path = tmp_path / "evening.trf"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([bbp, "--dutch", str(path), "-c"], capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, f"bbpPairings ({out.returncode}): {out.stdout}{out.stderr}"
    differed = re.findall(r"Checker pairings|No valid pairing", out.stdout)
    assert not differed, out.stdout
