"""What the rules say to a player, in the language chosen: a move each game refuses, the
sides' names, a time control's description, the session's own refusals, and a refusal as
the play screen's status line shows it."""

from __future__ import annotations

import pygame
import pytest

from game import GAMES, i18n
from game.clock import parse_time_control
from game.i18n import _
from game.session import Session
from helpers import click, every_game, frames, make_app, move_pointer, set_position
from scenes.play import PlayScene

SHIPPED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en", persian_digits=False)


def in_language(code, make):
    """What ``make()`` gives with ``code`` in use (English restored after)."""
    i18n.use(code)
    try:
        return make()
    finally:
        i18n.use("en")


# --- one move each game refuses, and the message its rules give for it ------------------

def _calla():
    from game.calla import PLAYER_NAMES, shield_index
    state = GAMES["calla"].new_game()
    while True:
        empty = [m for m in range(1, 6) if not state.pits[shield_index(state.mover, m)]]
        if empty:
            return state, empty[0], lambda: _("shield {shield} of player {side} is empty").format(
                shield=empty[0], side=PLAYER_NAMES[state.mover])
        state = state.play(state.legal_moves()[0])


def _calliro():
    spec = GAMES["calliro"]
    state = spec.new_game()
    move = spec.parse_move(state, "flip e5")
    return state, move, lambda: _("illegal action {move}: {problem}").format(
        move="flip e5", problem=_("there is no chip there"))


def _callisto():
    from game.callisto import find_move
    state = GAMES["callisto"].new_game("callisto_2")
    domino = find_move("callisto_2", "2", 0, (7, 7))
    return state, domino, lambda: _("a colour's first two moves must be 1x1s")


def _iriri():
    from game.iriri import Take
    state = GAMES["iriri"].new_game(seed=1)
    return state, Take((0,)), lambda: _("it is the place phase: place pieces or pass")


def _calabria():
    spec = GAMES["calabria"]
    state = spec.new_game()
    move = spec.parse_move(state, "e4-e5")
    return state, move, lambda: _("illegal action {move}: {problem}").format(
        move="e4-e5", problem=_("no moves or barricades until every piece has been placed"))


REFUSED = {"calla": _calla, "calliro": _calliro, "callisto": _callisto, "iriri": _iriri,
           "calabria": _calabria}


def refused(game):
    """(state, a move its rules refuse, the message expected) of ``game``."""
    if game not in REFUSED:
        raise LookupError(f"{game} has no entry in test_languages_game.REFUSED")
    return REFUSED[game]()


def refusal(game):
    state, move, _expected = refused(game)
    with pytest.raises(ValueError) as caught:
        state.play(move)
    return str(caught.value)


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("game", every_game())
def test_a_refused_move_is_said_in_the_language_chosen(game, code):
    english = refusal(game)
    assert english == refused(game)[2](), "in English the rules' own words"
    said = in_language(code, lambda: refusal(game))
    wanted = in_language(code, refused(game)[2])
    assert said == wanted, "the catalogue's translation"
    assert said != english, f"{game}'s refusal has a translation in {code}"


@pytest.mark.parametrize("code", SHIPPED)
def test_a_move_text_that_is_no_move_is_said_in_the_language_chosen(code):
    spec = GAMES["calla"]

    def refused():
        with pytest.raises(ValueError) as caught:
            spec.parse_move(spec.new_game(), "7")
        return str(caught.value)

    assert refused() == "'7' is not a Calla move: give a shield number 1-5"
    said = in_language(code, refused)
    assert said != refused() and "'7'" in said and "1-5" in said


# --- the sides and the clock ----------------------------------------------------------

def side_names():
    """Each game's sides, by game and variant, in the language in use."""
    import importlib
    return {(game, variant): importlib.import_module(f"game.{game}").side_names(variant)
            for game in every_game() for variant in GAMES[game].variants}


@pytest.mark.parametrize("code", SHIPPED)
def test_the_sides_are_named_in_the_language_chosen(code):
    english = side_names()
    assert english[("calabria", "standard")] == ("Romans", "Gladiators")
    assert english[("callisto", "callisto_2_4")] == ("Blue/Red", "Yellow/Green")
    named = in_language(code, side_names)
    for key, names in named.items():
        assert len(names) == len(english[key])
        for mine, theirs in zip(names, english[key]):
            # Calla's sides are letters, A and B in every language
            assert mine != theirs or len(theirs) == 1, f"{key}: {theirs} in {code}"
    wanted = in_language(code, lambda: (_("Blue"), _("Red")))
    assert named[("callisto", "callisto_2_4")][0] == "/".join(wanted)


@pytest.mark.parametrize("code", SHIPPED)
def test_a_time_control_is_described_in_the_language_chosen(code):
    def described():
        return [parse_time_control(text).describe() for text in ("5+3", "90s", "3d2", "0.5+1.5")]

    assert described() == ["5 min + 3 s per move", "90 s sudden death", "3 min, 2 s delay",
                           "30 s + 1.5 s per move"]
    said = in_language(code, described)
    wanted = in_language(code, lambda: [
        _("{main} min + {extra} s per move").format(main=i18n.number(5), extra=i18n.number(3)),
        _("{main} s sudden death").format(main=i18n.number(90)),
        _("{main} min, {extra} s delay").format(main=i18n.number(3), extra=i18n.number(2)),
        _("{main} s + {extra} s per move").format(main=i18n.number(30),
                                                  extra=i18n.number(1.5))])
    assert said == wanted
    assert all(mine != theirs for mine, theirs in zip(said, described()))


def test_a_decimal_time_takes_the_languages_own_sign():
    assert in_language("de", lambda: parse_time_control("0.5+1.5").describe()).count("1,5") == 1


# --- the session's own refusals --------------------------------------------------------

def test_the_session_refuses_in_the_language_chosen():
    i18n.use("de")
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    session = Session("calla", players=seats)
    with pytest.raises(ValueError) as caught:
        session.play(1, player=1)
    assert str(caught.value) == "Bo ist nicht am Zug: Ann ist am Zug"
    session.resign(0)
    with pytest.raises(ValueError) as caught:
        session.play(1)
    assert str(caught.value) == "die Partie ist vorbei: Ann hat aufgegeben."
    with pytest.raises(ValueError) as caught:
        session.undo()
    assert str(caught.value) == "jetzt kann kein Zug zurückgenommen werden"


# --- on the play screen ------------------------------------------------------------------

def play_scene(app, game):
    spec = GAMES[game]
    variant = "callisto_2" if game == "callisto" else None
    seats = [{"name": f"Player {i + 1}", "kind": "human"}
             for i in range(spec.players(variant))]
    config = {"game": game, "variant": variant, "options": {}, "seats": seats,
              "starter": "0", "time_control": None}
    play = app.stack.push(PlayScene(app, config, seed=1))
    frames(app, 2)
    return play


@pytest.mark.parametrize("game", every_game())
def test_a_refused_move_reaches_the_status_line_in_german(tmp_path, game):
    app = make_app(tmp_path)
    try:
        play = play_scene(app, game)
        state, move, expected = refused(game)
        set_position(play, state.position())
        app.set_language("de")
        assert not play.apply(move)
        wanted = _("Not allowed: {problem}").format(problem=expected())
        assert play.view.status == wanted
        assert expected() in play.status_text() or expected() in play.view.status
        assert expected() != in_language("en", expected)
    finally:
        app.close()


def test_a_pinned_piece_clicked_is_refused_in_german(tmp_path):
    """Driven by the pointer as a player would: a Calabria piece pinned between two
    enemies is clicked, and the status line gives the rules' reason in German."""
    app = make_app(tmp_path)
    try:
        app.settings.set("animation_speed", 4.0)
        play = play_scene(app, "calabria")
        rows = [".......g....", ".g.......G..", ".....r......", "............",
                "..gRg.......", "............", "........r...", "............"]
        set_position(play, {"board": rows, "phase": "movement", "to_move": 0})
        app.set_language("de")
        frames(app, 2)
        from game.calabria import square_index
        where = play.view.board.square_rect(square_index("d4")).center
        move_pointer(app, where)
        click(app, where)
        assert play.cursor == 0 and play.view.held is None
        assert "dieser Stein ist gefesselt (Alligatus)" in play.view.status
        assert "pinned" not in play.view.status
    finally:
        app.close()


# --- files and names ----------------------------------------------------------------------

@pytest.mark.parametrize("code", SHIPPED)
def test_a_damaged_file_is_named_in_the_language_chosen(code, tmp_path):
    from game.files import FileProblem, read_json
    path = tmp_path / "game.callidus"
    path.write_text('{"moves": [1,', encoding="utf-8")

    def problem():
        with pytest.raises(FileProblem) as caught:
            read_json(path)
        return str(caught.value)

    english = problem()
    assert english.startswith(f"{path} is damaged (not valid JSON at line 1")
    said = in_language(code, problem)
    wanted = in_language(code, lambda: _(
        "{where} is damaged (not valid JSON at line {line}: {reason})").format(
            where=path, line=1, reason="Expecting value"))
    assert said == wanted and said != english and str(path) in said


@pytest.mark.parametrize("code", SHIPPED)
def test_a_name_refused_says_why_in_the_language_chosen(code):
    from game.files import name_problem
    from game.tournament.checks import name_problem as entrant_problem
    english = [name_problem("x" * 20, 16), name_problem("\u200b"), entrant_problem(" Ann", 40)]
    assert english == ["must be 1-16 characters long, not 20", "has no visible character",
                       "must not begin or end with a space"]
    said = in_language(code, lambda: [name_problem("x" * 20, 16), name_problem("\u200b"),
                                      entrant_problem(" Ann", 40)])
    assert all(mine != theirs for mine, theirs in zip(said, english))
    assert "16" in said[0] and "20" in said[0]


def test_a_saved_game_with_a_refused_move_says_which_move_and_why_in_german():
    from game.records.record import RecordProblem, make_record, replay
    spec = GAMES["calabria"]
    start = spec.new_game()
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    record = make_record({"game": "calabria", "variant": None, "options": start.options,
                          "seats": seats}, start, ["e4-e5"])
    i18n.use("de")
    with pytest.raises(RecordProblem) as caught:
        replay(record)
    assert str(caught.value) == ("Zug 1 'e4-e5': unzulässige Aktion e4-e5: keine Züge und keine "
                                 "Barrikaden, bevor alle Steine gesetzt sind")
    record = make_record({"game": "calabria", "variant": None, "options": start.options,
                          "seats": seats}, start, [])
    record["result"] = {"end": "agreed", "winner": 0}
    with pytest.raises(RecordProblem) as caught:
        replay(record)
    assert str(caught.value) == ("Feld 'result': ein Remis wird zwischen zwei Spielern "
                                 "vereinbart, und niemand gewinnt es")


@pytest.mark.parametrize("code", SHIPPED)
def test_a_tournament_refused_says_why_in_the_language_chosen(code):
    from game.tournament.model import Entrant, Tournament

    def refusals():
        said = []
        for make in (lambda: Entrant("x" * 50),
                     lambda: Tournament("Club night", [Entrant("Ann"), Entrant("ann")])):
            with pytest.raises(ValueError) as caught:
                make()
            said.append(str(caught.value))
        return said

    english = refusals()
    assert english[0].startswith("entrant name ") and english[0].endswith(
        "must be 1-40 characters long, not 50")
    assert english[1] == "two entrants are called 'ann'"
    said = in_language(code, refusals)
    assert all(mine != theirs for mine, theirs in zip(said, english))
    assert "50" in said[0] and "'ann'" in said[1]
    if code == "de":
        assert said[0].endswith("muss 1-40 Zeichen lang sein, nicht 50")
        assert said[1] == "zwei Teilnehmer heißen 'ann'"
        i18n.use("de")
        with pytest.raises(ValueError) as caught:
            Entrant("Ann", rating=12345)
        assert str(caught.value) == ("Teilnehmer 'Ann': eine Wertung ist eine ganze Zahl von 0 "
                                     "bis 9999, nicht 12345")


def test_every_game_names_its_sides_for_a_player():
    import importlib
    for game in every_game():
        spec = GAMES[game]
        for variant in spec.variants:
            names = importlib.import_module(f"game.{game}").side_names(variant)
            assert len(names) == spec.players(variant) and all(names), (game, variant)


def test_a_pentobi_record_read_in_the_background_is_refused_in_german(tmp_path):
    """The record is read in another process: the reason comes back worded in the
    language the screen speaks, not in the reader's English."""
    import time

    from scenes.sgf_files import BackgroundRead
    path = tmp_path / "empty.blksgf"
    path.write_text("   \n", encoding="utf-8")
    i18n.use("de")
    reader = BackgroundRead(path)
    deadline = time.monotonic() + 60
    answer = None
    while answer is None and time.monotonic() < deadline:
        answer = reader.poll()
        time.sleep(0.02)
    assert answer == ("problem", "keine SGF-Datei: sie ist leer")


@pytest.mark.parametrize("code", SHIPPED)
def test_a_pentobi_record_with_a_refused_move_says_why_in_the_language_chosen(code):
    from game.records.blksgf import read_sgf

    def problem():
        with pytest.raises(ValueError) as caught:
            read_sgf("(;GM[Callisto Two-Player];B[e9,f9])")
        return str(caught.value)

    english = problem()
    assert english == "move 1 (B[e9,f9], line 1): a colour's first two moves must be 1x1s"
    said = in_language(code, problem)
    wanted = in_language(code, lambda: _("{where}: {problem}").format(
        where=_("move {n} ({property}, line {line})").format(n=1, property="B[e9,f9]", line=1),
        problem=_("a colour's first two moves must be 1x1s")))
    assert said == wanted and said != english


# --- over the network --------------------------------------------------------------------

def test_a_thread_that_speaks_the_source_texts_is_english_in_any_language():
    import threading
    from game.i18n import number, ngettext, source_language_here
    i18n.use("fa", persian_digits=True)
    heard = []

    def host():
        source_language_here()
        heard.extend([_("the game is over"), ngettext("take exactly {n} piece",
                                                      "take exactly {n} pieces", 2),
                      number(17), number(0.5), i18n.rtl()])

    thread = threading.Thread(target=host)
    thread.start()
    thread.join()
    assert heard == ["the game is over", "take exactly {n} pieces", "17", "0.5", False]
    assert _("the game is over") == "بازی تمام شده است" and i18n.rtl(), "this thread is Persian"


def test_a_host_in_a_german_program_sends_english_to_the_players(tmp_path):
    """What the host says (here how a game ended) goes to the other programs as machine
    text, whatever the language of the program hosting: each player's program words what
    it shows in its own language."""
    import time

    from game.net.background import HostThread
    from game.net.client import ClientThread
    i18n.use("de")
    host = HostThread(db=tmp_path / "host.sqlite3", announce=False, name="Club")
    url = host.start()
    tables = []
    try:
        board = host.create_board("calla")
        ann, bob = ClientThread(url), ClientThread(url)
        tables = [ann, bob]
        ann.join("Ann")
        bob.join("Bob")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            for table in tables:
                table.poll()
            view = ann.board(board)
            if view is not None and view.started and view.seat is not None \
                    and bob.board(board) is not None and bob.board(board).seat is not None:
                break
            time.sleep(0.01)
        ann.resign(board)
        news = []
        while time.monotonic() < deadline and not any(n[0] == "result" for n in news):
            for table in tables:
                table.poll()
            news += host.poll()
            time.sleep(0.01)
    finally:
        for table in tables:
            table.close()
        host.stop()
    results = [n for n in news if n[0] == "result"]
    assert results and results[0][2]["reason"] == "Ann resigned."
    assert _("{name} resigned.").format(name="Ann") == "Ann hat aufgegeben."


@pytest.mark.parametrize("code", SHIPPED)
def test_a_position_refused_names_its_field_in_the_language_chosen(code):
    def problem():
        with pytest.raises(ValueError) as caught:
            GAMES["calla"].from_position({"pits": 5})
        return str(caught.value)

    english = problem()
    assert english == "position: field 'pits' must be a list, not 5"
    said = in_language(code, problem)
    assert said != english and "'pits'" in said and "5" in said
    if code == "de":
        assert said == "position: Feld 'pits' muss eine Liste sein, nicht 5"
        i18n.use("de")
        with pytest.raises(ValueError) as caught:
            GAMES["calla"].from_position({"pits": [3] * 12})
        assert str(caught.value) == ("position: Feld 'pits' muss insgesamt 32 Würfel enthalten, "
                                     "nicht 36")
        with pytest.raises(ValueError) as caught:
            GAMES["iriri"].from_position({"scores": [1, 0]})
        assert str(caught.value) == ("position: Feld 'scores' muss 0 zu 0 sein, bevor das erste "
                                     "Wort gelegt ist")
        with pytest.raises(ValueError) as caught:
            GAMES["calliro"].from_position({"basket": ["S0"]})
        assert str(caught.value) == ("position: Feld 'basket' Eintrag 0: Punktchips verlassen nie "
                                     "das Brett")


@pytest.mark.parametrize("code", SHIPPED)
def test_a_list_of_entrants_refused_names_the_row_in_the_language_chosen(code):
    from game.tournament.files import read_entrant_lines, read_entrants_csv

    def problems():
        said = []
        for read, text in ((read_entrants_csv, "Name,Rating\nAnn,12345\n"),
                           (read_entrant_lines, "Ann\nBo\nann\n")):
            with pytest.raises(ValueError) as caught:
                read(text)
            said.append(str(caught.value))
        return said

    english = problems()
    assert english == ["row 2: the rating '12345' is not a whole number from 0 to 9999",
                       "line 3: 'ann' is on line 1 already"]
    said = in_language(code, problems)
    assert all(mine != theirs for mine, theirs in zip(said, english))
    assert "'12345'" in said[0] and "9999" in said[0] and "'ann'" in said[1]


def test_a_damaged_tournament_database_is_named_in_german(tmp_path):
    from game.tournament.errors import StoreError
    from game.tournament.store import TournamentStore
    path = tmp_path / "club.sqlite3"
    path.write_bytes(b"not a database at all, just some bytes" * 20)
    i18n.use("de")
    with pytest.raises(StoreError) as caught:
        TournamentStore(path).list()
    assert str(caught.value) == (f"{path} ist beschädigt oder keine Turnierdatenbank (kein "
                                 "SQLite-Kopf); sie blieb unverändert")
