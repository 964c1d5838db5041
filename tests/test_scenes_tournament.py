"""The tournament screens headless, driven by clicks: a Swiss evening from lobby to export."""

from __future__ import annotations

import json
import sqlite3

import pygame
import pygame_gui
import pytest

from game.tournament.model import Result
from game.tournament.standings import standings as standings_of
from game.tournament.store import TournamentStore
from helpers import button, click, frames, key, make_app, press, wait_until
from scenes.play import PlayScene
from scenes.results import ResultsScene
from scenes.tournament import LobbyScene
from scenes.tournament.background import play_computer_game
from scenes.tournament.common import db_path, game_choices, score_text
from scenes.tournament.entrants import NewTournamentScene
from scenes.tournament.podium import PodiumScene
from scenes.tournament.result_entry import ResultEntryScene
from scenes.tournament.round import RoundScene, result_of_outcome
from scenes.tournament.standings import StandingsScene

#: Roster order matters to a Swiss round 1 (top half meets bottom half): with this order
#: the two humans meet on board 1 and the four computers play boards 2 and 3.
ROSTER = [("Ann", "human"), ("Dee", "computer:random"), ("Eve", "computer:random"),
          ("Bob", "human"), ("Fay", "computer:random"), ("Gus", "computer:random")]


@pytest.fixture
def app(tmp_path):
    app = make_app(tmp_path)
    app.stack.push(LobbyScene(app))
    frames(app, 2)
    yield app
    app.close()


def choose(app, menu, value):
    """Open a drop-down by clicking it and click the option whose value is ``value``."""
    click(app, menu.rect.center)
    expanded = menu.menu_states["expanded"]
    for text, option_value in menu.options_list:
        if option_value == value:
            break
    else:
        raise AssertionError(f"no option {value!r}")
    for item in expanded.options_selection_list.item_list:
        if item["text"] == text:
            click(app, item["button_element"].rect.center)
            assert menu.selected_option[1] == value
            frames(app, 3)    # the change reaches the scene a few events later
            return
    raise AssertionError(f"option {text!r} is not shown")


def type_into(app, entry, text):
    entry.set_text(text)
    frames(app, 1)


def kept(tid=None):
    """The tournament as it is on disk, read through a fresh read-only connection.

    Read-only and without the store's own start-up (which may create tables), so that
    looking never changes what is looked at.
    """
    db = sqlite3.connect(f"file:{db_path()}?mode=ro", uri=True)
    store = object.__new__(TournamentStore)
    store.path, store._db, store.registry = db_path(), db, None
    try:
        infos = store.list()
        return store.load(infos[0].id if tid is None else tid), infos
    finally:
        db.close()


def create_evening(app):
    press(app, "New tournament")
    setup = app.stack.top
    assert isinstance(setup, NewTournamentScene)
    type_into(app, setup.name_entry, "Thursday Swiss")
    press(app, "Add entrant")
    press(app, "Add entrant")
    assert len(setup.name_entries) == 6
    for (name, kind), entry, menu in zip(ROSTER, setup.name_entries, setup.kind_menus):
        type_into(app, entry, name)
        if kind != "human":
            choose(app, menu, kind)
    choose(app, setup.controls["clock0"], "5+3")
    press(app, "Create tournament")
    assert isinstance(app.stack.top, RoundScene), getattr(setup, "error", "")
    return app.stack.top


def finish_human_boards_by_hand(app):
    """Enter "first seat won" for every human board still waiting in the round shown."""
    while any(w.text == "Enter result" for w in app.stack.top.widgets
              if isinstance(w, pygame_gui.elements.UIButton)):
        press(app, "Enter result")
        entry = app.stack.top
        assert isinstance(entry, ResultEntryScene)
        press(app, f"{entry.first} won")
        assert isinstance(app.stack.top, RoundScene)


def pair_round(app, round_no, settle=3):
    """Press Pair round N and wait for the round, paired in another process."""
    press(app, f"Pair round {round_no}", settle=settle)
    scene = app.stack.top
    assert wait_until(app, lambda: not scene.pairing.busy, seconds=30)
    assert scene.tournament.rounds_paired >= round_no, scene.notice


def computer_games_done(app):
    """Every computer game kept, and every worker's answer read: a later answer would
    rebuild the round view under the next click."""
    scene = app.stack.top
    done, total = scene.computer_games()
    return isinstance(scene, RoundScene) and done == total and not scene.background.busy


def test_a_swiss_evening_from_the_screens_survives_a_restart_and_exports(tmp_path, app):
    rounds = create_evening(app)
    t, infos = kept()
    assert t.name == "Thursday Swiss" and t.format == "swiss" and t.total_rounds == 3
    assert [(e.name, e.kind, e.level) for e in t.entrants] == [
        ("Ann", "human", None), ("Dee", "computer", "random"), ("Eve", "computer", "random"),
        ("Bob", "human", None), ("Fay", "computer", "random"), ("Gus", "computer", "random")]
    assert t.games[0].to_dict()["time_control"] == "5+3"

    pair_round(app, 1)
    boards = rounds.boards()
    assert [{boards[0].first, boards[0].second}] == [{0, 3}]      # the humans meet on board 1
    # the four computers play boards 2 and 3 in other processes; results are kept as they come
    assert wait_until(app, lambda: computer_games_done(app), seconds=30)
    t, _ = kept()
    assert t.result(1, 2) is not None and t.result(1, 3) is not None
    assert t.result(1, 1) is None
    assert rounds.progress_text() == "Computer games: 2 of 2 done"

    # the humans played on a real table: the director types the result in
    press(app, "Enter result")
    press(app, "Ann won")
    t, _ = kept()
    assert t.result(1, 1).score == "1-0" and t.result(1, 1).how == "manual"
    pair_round(app, 2)
    t, _ = kept()
    assert t.rounds_paired == 2

    # the director closes the program in the middle of round 2 ...
    app.close()
    app2 = make_app(tmp_path)
    try:
        app2.stack.push(LobbyScene(app2))
        frames(app2, 2)
        lobby = app2.stack.top
        assert [i.name for i in lobby.infos] == ["Thursday Swiss"]
        press(app2, "Continue")
        scene = app2.stack.top
        assert isinstance(scene, RoundScene) and scene.shown == 2
        assert scene.tournament.result(1, 1).score == "1-0"     # nothing lost
        # ... and finishes the evening
        for round_no in (2, 3):
            if round_no == 3:
                pair_round(app2, 3)
            assert wait_until(app2, lambda: computer_games_done(app2), seconds=30)
            finish_human_boards_by_hand(app2)
        t, infos = kept()
        assert t.is_complete and infos[0].complete
        press(app2, "Final results")
        podium = app2.stack.top
        assert isinstance(podium, PodiumScene)
        assert podium.podium()[1][0].name == standings_of(t)[0].name
        press(app2, "Standings and export")
        standings = app2.stack.top
        assert isinstance(standings, StandingsScene)
        out = tmp_path / "exports"
        type_into(app2, standings.folder_entry, str(out))
        press(app2, "Export standings")
        press(app2, "Export JSON")
        lines = (out / "thursday-swiss-standings.csv").read_text().splitlines()
        assert lines[0].startswith("Rank,Name,Points")
        assert len(lines) == 7
        assert json.loads((out / "thursday-swiss.json").read_text())["tournament"]["name"] \
            == "Thursday Swiss"
        assert "Written:" in standings.notice
    finally:
        app2.close()


def test_play_opens_the_play_scene_with_the_seats_and_clock_and_keeps_the_result(app):
    rounds = create_evening(app)
    rounds.background_enabled = False
    pair_round(app, 1)
    press(app, "Play")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    p = rounds.tournament.pairing(1, 1)
    names = [rounds.tournament.entrants[i].name for i in (p.first, p.second)]
    assert [s["name"] for s in play.config["seats"]] == names
    assert [s["kind"] for s in play.config["seats"]] == ["human", "human"]
    assert play.config["time_control"] == "5+3"
    assert play.config["tournament"] == {"id": rounds.stored.id, "round": 1, "board": 1}
    assert play.clock is not None
    # the second seat's flag falls: the first seat wins on time
    play.flagged = 1
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    t, _ = kept()
    assert t.result(1, 1).score == "1-0" and t.result(1, 1).how == "time"
    press(app, "Back to the round")
    assert app.stack.top is rounds
    assert rounds.state_text(p).startswith("1 - 0")


def test_a_game_left_mid_way_is_kept_in_the_tournament_and_goes_on_where_it_was(app):
    from scenes.saves import unfinished_path
    rounds = create_evening(app)
    rounds.background_enabled = False
    pair_round(app, 1)
    press(app, "Play")
    play = app.stack.top
    for _ in range(3):
        play.apply(play.state.legal_moves()[0])
    frames(app, 3)
    moves = list(play.notation)
    assert len(moves) == 3
    key(app, pygame.K_ESCAPE)
    assert not button(app, "Restart").is_enabled      # no restarting a tournament game at will
    press(app, "Back to the round")
    assert app.stack.top is rounds
    assert not unfinished_path(play.spec.name).exists()   # kept with the tournament, not loose
    press(app, "Play")
    again = app.stack.top
    assert isinstance(again, PlayScene) and again is not play
    assert again.notation == moves and again.state == play.state
    assert "where it was left" in rounds.notice


def test_a_tournament_boards_moves_are_kept_off_the_frame_loop(app, monkeypatch):
    """Each move of a board played on screen reaches the database from the writer's thread,
    never from the frame that plays it, and is there once the writer has caught up."""
    import threading

    from game.tournament import store as store_module
    rounds = create_evening(app)
    rounds.background_enabled = False
    pair_round(app, 1)
    press(app, "Play")
    play = app.stack.top
    writers = []
    save = store_module.TournamentStore.save_live

    def spy(self, *args):
        writers.append(threading.current_thread())
        return save(self, *args)
    monkeypatch.setattr(store_module.TournamentStore, "save_live", spy)
    play.apply(play.state.legal_moves()[0])
    assert app.writer.flush(timeout=10)
    assert writers and threading.main_thread() not in writers
    stored = rounds.stored
    assert stored.load_live(1, 1)["moves"] == play.notation


def test_the_menu_leads_to_the_tournament_lobby(tmp_path):
    from scenes.menu import MenuScene
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.stack.push(MenuScene(app))
        frames(app, 2)
        shown = [w for w in app.stack.top.widgets if isinstance(w, pygame_gui.elements.UIButton)]
        for widget in shown:                          # the bottom row fits the smallest window
            assert 0 <= widget.rect.left and widget.rect.right <= 960
        press(app, "Tournament")
        assert isinstance(app.stack.top, LobbyScene)
        assert button(app, "New tournament")
    finally:
        app.close()


def test_a_damaged_database_shows_a_message_and_is_left_untouched(tmp_path):
    path = db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    junk = b"this is not a database\x00" * 50
    path.write_bytes(junk)
    app = make_app(tmp_path)
    try:
        app.stack.push(LobbyScene(app))
        frames(app, 3)
        lobby = app.stack.top
        assert "damaged" in lobby.problem and str(path) in lobby.problem
        assert not button(app, "New tournament").is_enabled
        assert not button(app, "Import JSON").is_enabled
        press(app, "Back")
    finally:
        app.close()
    assert path.read_bytes() == junk


def test_a_damaged_import_file_shows_a_message_and_changes_nothing(tmp_path, app):
    bad = tmp_path / "evening.json"
    original = b'{"kind": "callidus-tournament", "version": 1, "tournament": {"name": '
    bad.write_bytes(original)
    lobby = app.stack.top
    type_into(app, lobby.import_entry, str(bad))
    press(app, "Import JSON")
    assert "Nothing was imported" in lobby.notice and "not valid JSON" in lobby.notice
    assert bad.read_bytes() == original
    assert lobby.infos == [] and lobby.store.list() == []


def test_an_exported_tournament_imports_again(tmp_path, app):
    create_evening(app)
    t, infos = kept()
    from game.tournament.files import write_tournament_json
    path = tmp_path / "evening.json"
    write_tournament_json(t, path)
    press(app, "Lobby")
    lobby = app.stack.top
    type_into(app, lobby.import_entry, str(path))
    press(app, "Import JSON")
    assert lobby.notice == "Imported Thursday Swiss (2)."       # a name of its own
    assert [i.name for i in lobby.infos] == ["Thursday Swiss (2)", "Thursday Swiss"]


def test_the_editor_refuses_two_entrants_of_one_name_and_keeps_nothing(app):
    press(app, "New tournament")
    setup = app.stack.top
    type_into(app, setup.name_entries[1], "Player 1")
    press(app, "Create tournament")
    assert isinstance(app.stack.top, NewTournamentScene)
    assert "two entrants are called" in setup.error
    assert app.stack.find(LobbyScene).store.list() == []


def test_a_tie_break_chosen_twice_is_refused(app):
    press(app, "New tournament")
    setup = app.stack.top
    choose(app, setup.controls["tiebreak1"], "buchholz_cut1")
    press(app, "Create tournament")
    assert "chosen twice" in setup.error


def test_the_outcome_of_a_game_becomes_the_first_seats_result():
    assert result_of_outcome({"winner": 0, "flagged": None, "resigned": None}).score == "1-0"
    assert result_of_outcome({"winner": 1, "flagged": None, "resigned": None}).score == "0-1"
    assert result_of_outcome({"winner": None, "flagged": None, "resigned": None}).score \
        == "1/2-1/2"
    flag = result_of_outcome({"winner": 1, "flagged": 0, "resigned": None})
    assert (flag.score, flag.how) == ("0-1", "time")
    resign = result_of_outcome({"winner": 0, "flagged": None, "resigned": 1})
    assert (resign.score, resign.how) == ("1-0", "resignation")


def test_a_computer_game_plays_out_the_same_from_its_seed():
    one = play_computer_game("calla", "standard", {}, None, ["random", "random"], seed=7)
    two = play_computer_game("calla", "standard", {}, None, ["random", "random"], seed=7)
    assert one == two and one["moves"] and one["score"] in ("1-0", "0-1", "1/2-1/2")


def test_a_double_round_robin_rotating_two_games_with_their_own_clocks(app):
    press(app, "New tournament")
    setup = app.stack.top
    choose(app, setup.controls["format"], "rr2")
    assert "rounds" not in setup.controls                 # a round robin's rounds are fixed
    assert setup.tiebreaks[0] == "direct_encounter"       # the round-robin defaults
    second = game_choices()[-1][1]      # Calabria once its board view exists; Calla until then
    choose(app, setup.controls["game1"], second)
    choose(app, setup.controls["clock1"], "15+10")
    choose(app, setup.controls["clock0"], "none")
    press(app, "Create tournament")
    rounds = app.stack.top
    assert isinstance(rounds, RoundScene), setup.error
    t, _ = kept()
    assert t.format == "round-robin" and t.cycles == 2 and t.total_rounds == 6
    assert [g.to_dict()["time_control"] for g in t.games] == [None, "15+10"]
    press(app, "Pair round 1")
    press(app, "Pair round 2")       # a round robin may pair ahead
    assert rounds.shown == 2
    press(app, "Play")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    assert (play.config["game"], play.config["variant"]) == tuple(second.split(":"))
    assert play.config["time_control"] == "15+10"


def test_a_computer_boards_result_can_be_corrected_by_hand(app):
    rounds = create_evening(app)
    pair_round(app, 1)
    assert wait_until(app, lambda: computer_games_done(app), seconds=30)
    before = rounds.tournament.result(1, 2).score
    wanted = "0-1" if before == "1-0" else "1-0"
    for board, widget in rounds.result_buttons.items():
        if board == 2:
            click(app, widget.rect.center)
            break
    entry = app.stack.top
    assert isinstance(entry, ResultEntryScene) and entry.board == 2
    press(app, f"{entry.first if wanted == '1-0' else entry.second} won")
    # the board was played out here: changing its result is asked first
    assert app.stack.top is entry and "played here" in entry.asking[0]
    assert kept()[0].result(1, 2).score == before
    press(app, f"Yes, keep {score_text(wanted)}")
    t, _ = kept()
    assert t.result(1, 2).score == wanted and t.result(1, 2).how == "manual"


def test_a_broken_worker_pool_is_replaced_instead_of_stopping_the_evening(tmp_path):
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from scenes.tournament.background import BackgroundGames

    class Broken:
        def submit(self, *args):
            raise BrokenProcessPool("a worker was killed")

        def shutdown(self, **kwargs):
            pass

    games = BackgroundGames(tmp_path / "t.sqlite3", 1)
    games._pool = Broken()
    try:
        games.start(1, 2)
        assert isinstance(games._pool, ProcessPoolExecutor) and games.is_running(1, 2)
        assert games.errors == []
    finally:
        games.close()


# --- no click makes a tournament unopenable ----------------------------------------------

def opens_from_disk(tid):
    """The tournament read again from disk, as after a restart: listed undamaged, it opens."""
    with TournamentStore(db_path()) as store:
        info = next(i for i in store.list() if i.id == tid)
        assert not info.damaged, info.problem
        return store.open(tid).tournament


def show_round(app, rounds, round_no):
    while rounds.shown > round_no:
        press(app, "<", settle=2)
    while rounds.shown < round_no:
        press(app, ">", settle=2)


def walk_board(app, rounds, board, check, again=False):
    """Every editing action the round view offers on one board, checking after each.

    Play starts the game and it is left at once (``again``: started a second time,
    going on from the game kept); then each result is entered, and Clear pressed.
    """
    round_no = rounds.shown
    done = []
    if board in rounds.play_buttons and rounds.play_buttons[board].is_enabled:
        for _ in range(2 if again else 1):
            click(app, rounds.play_buttons[board].rect.center, settle=2)
            play = app.stack.top
            assert isinstance(play, PlayScene), rounds.notice
            play.apply(play.state.legal_moves()[0])
            key(app, pygame.K_ESCAPE, settle=2)
            press(app, "Back to the round", settle=2)
            assert app.stack.top is rounds
            check(f"round {round_no} board {board}: play started and left")
        done.append("play")
    for choice in range(7):        # the six results, then Clear the result
        click(app, rounds.result_buttons[board].rect.center, settle=2)
        entry = app.stack.top
        assert isinstance(entry, ResultEntryScene)
        widgets = list(entry.choices) + [entry.clear_button]
        if not widgets[choice].is_enabled:     # Clear, refused: the dialog says why
            if choice == 1 and entry.no_draw:      # a game that cannot end drawn
                done.append("draw refused")
                press(app, "Cancel", settle=2)
                continue
            assert choice == 6 and entry.no_clear and "changed but not cleared" in entry.no_clear
            press(app, "Cancel", settle=2)
            done.append("clear refused")
            continue
        text = widgets[choice].text
        click(app, widgets[choice].rect.center, settle=2)
        if app.stack.top is entry and entry.asking is not None:   # a game would be lost
            if "asked, then No" not in done:
                press(app, "No, go back", settle=2)
                assert app.stack.top is entry and entry.asking is None
                check(f"round {round_no} board {board}: {text}, then No")
                done.append("asked, then No")
                press(app, text, settle=2)
            click(app, entry.yes_button.rect.center, settle=2)
            done.append("asked, then Yes")
        assert app.stack.top is rounds
        assert "not kept" not in rounds.notice, rounds.notice
        check(f"round {round_no} board {board}: {text}")
        done.append(text)
    if rounds.tournament.result(round_no, board) is None:   # cleared: finish it again
        click(app, rounds.result_buttons[board].rect.center, settle=2)
        click(app, list(app.stack.top.choices)[0].rect.center, settle=2)
        check(f"round {round_no} board {board}: entered again")
    return done


@pytest.mark.parametrize("format_, count", [("swiss", 4), ("rr1", 3)])
def test_no_editing_action_of_the_round_view_makes_a_tournament_unopenable(tmp_path, format_,
                                                                           count):
    """Pair a round, walk every action on every round paired so far, pair the next ...

    After each action the tournament is read back from disk, as after a restart.
    """
    app = make_app(tmp_path, size=(960, 600))
    try:
        with TournamentStore(db_path()) as store:
            from game.tournament.model import Entrant, GameChoice, Tournament
            t = Tournament(f"Walk {format_}", [Entrant(n) for n in ("Ann", "Bob", "Cid", "Dee")
                                               [:count]],
                           "swiss" if format_ == "swiss" else "round-robin",
                           [GameChoice("calla")], rounds=3 if format_ == "swiss" else None)
            tid = store.create(t).id
        app.stack.push(LobbyScene(app))
        frames(app, 2)
        press(app, "Continue")
        rounds = app.stack.top
        rounds.background_enabled = False

        def check(what):
            kept = opens_from_disk(tid)
            assert kept.to_dict() == rounds.tournament.to_dict(), what

        seen = set()
        for round_no in range(1, 4):
            pair_round(app, round_no, settle=2)
            check(f"round {round_no} paired")
            for shown in range(1, round_no + 1):
                show_round(app, rounds, shown)
                for board in sorted(rounds.result_buttons):
                    seen.update(walk_board(app, rounds, board, check, again=round_no == 1))
        assert rounds.tournament.is_complete and opens_from_disk(tid).is_complete
        assert {"play", "Ann won", "Draw", "Ann won by forfeit", "Double forfeit: neither played",
                "asked, then No", "asked, then Yes"} <= seen
        assert ("clear refused" in seen) == (format_ == "swiss")
        assert "Clear the result" in seen
    finally:
        app.close()


# --- the lobby: damaged tournaments, rename, copy, delete -----------------------------------

def keep_tournaments(*names):
    """Kept tournaments of four humans (round 1 paired, one result in); their ids."""
    from game.tournament.model import Entrant, GameChoice, Tournament
    ids = []
    with TournamentStore(db_path()) as store:
        for name in names:
            stored = store.create(Tournament(name, [Entrant(n) for n in ("Ann", "Bob", "Cid",
                                                                         "Dee")],
                                             "swiss", [GameChoice("calla")], rounds=3))
            stored.pair_next_round()
            stored.record(1, 1, "1-0")
            ids.append(stored.id)
    return ids


def damage(sql, *args):
    with sqlite3.connect(db_path()) as raw:
        raw.execute(sql, args)
    raw.close()


def row_button(lobby, tid, action):
    return next(w for w, (what, info) in lobby.actions.items()
                if info.id == tid and what == action)


def open_lobby(tmp_path, size=(960, 600)):
    app = make_app(tmp_path, size=size)
    app.stack.push(LobbyScene(app, folder=tmp_path / "exports"))
    frames(app, 2)
    return app, app.stack.top


def test_a_damaged_tournament_is_listed_with_the_reason_and_the_others_open(tmp_path):
    good, unknown, nul = keep_tournaments("Good", "Unknown game", "Nul name")
    damage("UPDATE game_choice SET game = 'chess' WHERE tournament_id = ?", unknown)
    damage("UPDATE entrant SET name = ? WHERE tournament_id = ? AND idx = 2", "C\x00d", nul)
    app, lobby = open_lobby(tmp_path)
    try:
        frames(app, 2)                     # drawn: no name reaches the font unchecked
        infos = {i.id: i for i in lobby.infos}
        assert "unknown game 'chess'" in infos[unknown].problem
        assert "entrants[2].name" in infos[nul].problem and "U+0000" in infos[nul].problem
        for tid in (unknown, nul):         # no way into a damaged one, and no crash in Play
            assert tid not in lobby.open_buttons
            row_button(lobby, tid, "export")
            row_button(lobby, tid, "rename")
            row_button(lobby, tid, "delete")
        click(app, row_button(lobby, nul, "export").rect.center)
        written = tmp_path / "exports" / f"tournament-{nul}-rows.json"
        assert lobby.notice_ok and str(written) in lobby.notice
        rows = json.loads(written.read_text())["rows"]
        assert [e["name"] for e in rows["entrant"]] == ["Ann", "Bob", "C\x00d", "Dee"]
        click(app, row_button(lobby, nul, "export").rect.center)   # never over the first one
        assert (tmp_path / "exports" / f"tournament-{nul}-rows-2.json").exists()
        click(app, lobby.open_buttons[good].rect.center)
        assert isinstance(app.stack.top, RoundScene)
        assert app.stack.top.tournament.result(1, 1).score == "1-0"
    finally:
        app.close()


def test_a_file_with_a_name_the_font_cannot_draw_is_not_imported(tmp_path):
    from game.tournament.files import tournament_json
    keep_tournaments("Good")
    t, _ = kept()
    app, lobby = open_lobby(tmp_path)
    try:
        for name, words in (("A\x00", "U+0000"), ("\u200b", "no visible character")):
            data = tournament_json(t)
            data["tournament"]["entrants"][1]["name"] = name
            path = tmp_path / "bad.json"
            path.write_text(json.dumps(data))
            before = path.read_bytes()
            type_into(app, lobby.import_entry, str(path))
            press(app, "Import JSON")
            assert "Nothing was imported" in lobby.notice and words in lobby.notice
            assert "entrants[1].name" in lobby.notice
            assert path.read_bytes() == before
            assert len(lobby.infos) == 1
    finally:
        app.close()


def test_the_lobby_renames_copies_and_deletes_a_tournament(tmp_path):
    first, second = keep_tournaments("Monday", "Tuesday")
    damage("UPDATE tournament SET name = ? WHERE id = ?", "\u200b", second)
    app, lobby = open_lobby(tmp_path)
    try:
        assert {i.id: i.name for i in lobby.infos}[second] == f"Tournament {second}"
        # a damaged name is mended by renaming; a bad new name is refused in the dialog
        click(app, row_button(lobby, second, "rename").rect.center)
        dialog = app.stack.top
        type_into(app, dialog.entry, "\u2800")
        press(app, "Rename")
        assert app.stack.top is dialog and "no visible character" in dialog.error
        type_into(app, dialog.entry, "  Tuesday night ")
        press(app, "Rename")
        assert app.stack.top is lobby and lobby.notice == "Renamed to Tuesday night."
        assert {i.id: (i.name, i.damaged) for i in lobby.infos}[second] == ("Tuesday night",
                                                                         False)
        # the copy has the entrants and none of the rounds
        click(app, row_button(lobby, first, "copy").rect.center)
        dialog = app.stack.top
        assert dialog.entry.get_text() == "Monday (copy)"
        press(app, "Create the copy")
        assert app.stack.top is lobby and lobby.notice_ok
        copy = lobby.infos[0]
        assert (copy.name, copy.entrants, copy.rounds_paired) == ("Monday (copy)", 4, 0)
        # deleting asks first; keeping it changes nothing
        click(app, row_button(lobby, first, "delete").rect.center)
        assert "cannot be undone" in app.stack.top.note
        press(app, "Keep it")
        assert first in [i.id for i in lobby.infos]
        click(app, row_button(lobby, first, "delete").rect.center)
        press(app, "Delete for good")
        assert app.stack.top is lobby and lobby.notice == "Monday was deleted."
        assert sorted(i.id for i in lobby.infos) == sorted([second, copy.id])
        with TournamentStore(db_path()) as store:
            assert sorted(i.id for i in store.list()) == sorted([second, copy.id])
    finally:
        app.close()


def test_the_lobby_fits_the_smallest_window_and_scrolls_through_a_long_list(tmp_path):
    ids = keep_tournaments(*[f"Evening {n}" for n in range(1, 8)])
    damage("UPDATE entrant SET kind = 'robot' WHERE tournament_id = ?", ids[-1])
    app, lobby = open_lobby(tmp_path)
    try:
        seen = []
        while True:
            frames(app, 1)
            pygame.image.save(app.screen, str(tmp_path / f"lobby-{len(seen)}.png"))
            buttons = [w for w in lobby.widgets
                       if isinstance(w, (pygame_gui.elements.UIButton,
                                         pygame_gui.elements.UITextEntryLine))]
            for w in buttons:                 # inside the window, and apart from each other
                assert w.rect.left >= 0 and w.rect.right <= 960 and w.rect.bottom <= 600, w
                assert not any(w.rect.colliderect(o.rect) for o in buttons if o is not w)
            for _, rect, width in lobby.rows:
                assert width >= 300           # room for the name and the state
            seen += [info.id for info, _, _ in lobby.rows]
            if lobby.card_list.last == len(lobby.infos):
                break
            pygame.mouse.set_pos(lobby.card_list.rect.center)      # the wheel, over the list
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                                 precise_x=0.0, precise_y=-1.0, touch=False,
                                                 which=0))
        assert sorted(set(seen)) == sorted(ids)    # every tournament can be reached
        assert (tmp_path / "lobby-0.png").exists()
    finally:
        app.close()


# --- results that can happen ----------------------------------------------------------------

def humans_round(app, game="calla"):
    """A kept Swiss of four humans at ``game``, round 1 paired, shown in the round view."""
    from game.tournament.model import Entrant, GameChoice, Tournament
    with TournamentStore(db_path()) as store:
        stored = store.create(Tournament("Club night", [Entrant(n) for n in
                                                        ("Ann", "Bob", "Cid", "Dee")],
                                         "swiss", [GameChoice(game)], rounds=3))
        stored.pair_next_round()
        tid = stored.id
    app.stack.push(LobbyScene(app))
    frames(app, 2)
    press(app, "Continue")
    rounds = app.stack.top
    assert isinstance(rounds, RoundScene)
    rounds.background_enabled = False
    return rounds, tid


def open_entry(app, rounds, board):
    click(app, rounds.result_buttons[board].rect.center, settle=2)
    entry = app.stack.top
    assert isinstance(entry, ResultEntryScene) and entry.board == board
    return entry


@pytest.mark.parametrize("game", ["iriri", "callisto"])
def test_no_draw_can_be_entered_in_a_game_that_cannot_end_drawn(app, game):
    rounds, tid = humans_round(app, game)
    open_entry(app, rounds, 1)
    draw = button(app, "Draw")
    assert not draw.is_enabled and "cannot end in a draw" in draw.tool_tip_text
    press(app, "Cancel", settle=2)
    # nor through the store, whatever asks it
    assert "1/2-1/2" not in [r.score for r in rounds.tournament.results.values()]
    assert not rounds.record(1, 1, Result("1/2-1/2", "manual"))
    assert "cannot end in a draw" in rounds.notice
    assert kept(tid)[0].result(1, 1) is None


def test_a_double_forfeit_is_its_own_result_and_scores_nothing(app):
    rounds, tid = humans_round(app)
    open_entry(app, rounds, 1)
    press(app, "Double forfeit: neither played", settle=2)
    assert app.stack.top is rounds
    p = rounds.tournament.pairing(1, 1)
    assert rounds.state_text(p) == "0 - 0  (double forfeit)"
    t, _ = kept(tid)
    assert t.result(1, 1).score == "0-0" and t.result(1, 1).how == "forfeit"
    points = {line.name: line.points for line in standings_of(t)}
    assert points[t.entrants[p.first].name] == 0 and points[t.entrants[p.second].name] == 0
    # a forfeit is another result: one player won
    open_entry(app, rounds, 1)
    press(app, f"{t.entrants[p.first].name} won by forfeit", settle=2)
    assert kept(tid)[0].result(1, 1).score == "1-0"


def test_a_half_played_board_stays_being_played_after_a_restart(app):
    rounds, tid = humans_round(app)
    press(app, "Play", settle=2)
    play = app.stack.top
    assert isinstance(play, PlayScene)
    play.apply(play.state.legal_moves()[0])
    key(app, pygame.K_ESCAPE, settle=2)
    press(app, "Back to the round", settle=2)
    assert app.stack.top is rounds
    # the program is closed and opened again: a fresh round view reads the store
    again = RoundScene(app, rounds.stored.store.open(tid), background=False)
    app.stack.push(again)
    frames(app, 2)
    p = again.tournament.pairing(1, 1)
    assert again.playing is None and again.state_text(p) == "being played"
    # Enter result asks before the game in progress is thrown away
    entry = open_entry(app, again, 1)
    press(app, f"{entry.first} won", settle=2)
    assert app.stack.top is entry and "in progress" in entry.asking[0]
    press(app, "No, go back", settle=2)
    assert kept(tid)[0].result(1, 1) is None and again.stored.load_live(1, 1) is not None
    press(app, f"{entry.first} won", settle=2)
    press(app, "Yes, keep 1 - 0", settle=2)
    assert app.stack.top is again
    assert kept(tid)[0].result(1, 1).score == "1-0" and again.stored.load_live(1, 1) is None


def test_a_board_played_here_shows_its_score_and_a_correction_keeps_both(app):
    rounds, tid = humans_round(app)
    p = rounds.tournament.pairing(1, 1)
    # the play scene reports the end of the game on board 1
    rounds.game_finished(1, 1, {"winner": 0, "reason": "Ann has 17 cubes in her calla.",
                                "scores": [17, 9], "flagged": None, "resigned": None})
    rounds.resize()
    assert rounds.state_text(p) == "1 - 0  (17 - 9 on the board)"
    entry = open_entry(app, rounds, 1)
    assert entry.detail == "17 - 9: Ann has 17 cubes in her calla."
    press(app, f"{entry.second} won", settle=2)
    assert "played here and ended 1 - 0" in entry.asking[0]
    press(app, "Yes, keep 0 - 1", settle=2)
    assert app.stack.top is rounds
    assert rounds.state_text(p) == "0 - 1  (entered), corrected"
    # both results are kept in the board's history, on disk
    with TournamentStore(db_path()) as store:
        history = store.history(tid)[(1, 1)]
    assert [(e.result.score, e.result.how) for e in history] == [("1-0", "played"),
                                                                 ("0-1", "manual")]
    assert history[0].detail == "17 - 9: Ann has 17 cubes in her calla."
    entry = open_entry(app, rounds, 1)
    assert entry.earlier == "1 - 0" and entry.detail == ""
    press(app, "Cancel", settle=2)
