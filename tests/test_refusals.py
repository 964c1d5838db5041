"""Small refusals: damaged things kept aside and named, never silently lost or replaced."""

from __future__ import annotations

import json
import sqlite3

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import frames, key, make_app, press
from scenes.play import PlayScene
from scenes.tournament.round import RoundScene


# --- a tournament board whose kept game is damaged ----------------------------------

@pytest.fixture
def board(tmp_path):
    """The round view of a two-human Calla round robin, with three moves kept half-played
    on round 1, board 1; yields (app, round view, the kept row's text)."""
    yield from _board(tmp_path, "calla")


def _board(tmp_path, game, variant=None):
    from game.tournament.model import Entrant, GameChoice, Tournament
    from scenes.tournament.common import open_store
    app = make_app(tmp_path)
    with open_store() as store:
        t = Tournament("Club night", [Entrant("Ann"), Entrant("Bob")], "round-robin",
                       [GameChoice(game, variant)])
        tid = store.create(t).id
    stored = open_store().open(tid)
    stored.pair_next_round()
    rounds = RoundScene(app, stored, background=False)
    app.stack.push(rounds)
    frames(app, 2)
    press(app, "Play")
    play = app.stack.top
    for _ in range(3):
        play.apply(play.state.legal_moves()[0])
        play.view.finish_animation()
    frames(app, 3)
    key(app, pygame.K_ESCAPE)
    press(app, "Back to the round")
    assert app.stack.top is rounds
    app.writer.flush()
    text = _row(stored)
    assert json.loads(text)["moves"]
    try:
        yield app, rounds, text
    finally:
        app.close()


def _row(stored):
    db = sqlite3.connect(stored.store.path)
    try:
        return db.execute("SELECT data FROM live_game").fetchone()[0]
    finally:
        db.close()


def _damage(stored, value) -> None:
    db = sqlite3.connect(stored.store.path)
    try:
        db.execute("INSERT OR REPLACE INTO live_game VALUES (?, 1, 1, ?, ?)",
                   (stored.id, value, "2026-11-27T10:15:02+00:00"))
        db.commit()
    finally:
        db.close()


def _edited(text, change):
    record = json.loads(text)
    change(record)
    return json.dumps(record)


def _another_game(record):
    """The record of an Iriri game, seated and placed as this board's Calla game."""
    from game import GAMES
    from game.records.record import record_of_moves
    iriri = GAMES["iriri"]
    start = iriri.new_game(seed=7)
    other = record_of_moves(iriri, start, [])
    other["config"].update(seats=record["config"]["seats"],
                           tournament=record["config"]["tournament"])
    record.clear()
    record.update(other)


DAMAGE = {
    "truncated JSON": lambda text: text[:len(text) // 2],
    "not a JSON object": lambda text: "[1, 2, 3]",
    "bytes, not text": lambda text: text.encode()[:-1] + b"\xff",
    "moves of the wrong type": lambda text: _edited(text, lambda r: r.update(moves=42)),
    "an illegal move in the middle": lambda text: _edited(
        text, lambda r: r["moves"].__setitem__(1, "9")),
    "an unknown game": lambda text: _edited(text, lambda r: r.update(game="chess")),
    "a number too long to read": lambda text: text.replace('"cursor": 3', '"cursor": '
                                                           + "9" * 5000),
    "a huge cursor": lambda text: _edited(text, lambda r: r.update(cursor=10**30)),
    "the moves of another board": lambda text: _edited(
        text, lambda r: r["config"]["tournament"].update(board=2)),
    "the moves of another game": lambda text: _edited(text, _another_game),
    "the moves between other players": lambda text: _edited(
        text, lambda r: r["config"]["seats"][0].update(name="Cid")),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_kept_board_is_copied_aside_and_named_before_a_new_game(board, kind):
    from scenes.saves import data_dir
    app, rounds, text = board
    damaged = DAMAGE[kind](text)
    _damage(rounds.stored, damaged)
    assert damaged != text
    raw = damaged if isinstance(damaged, bytes) else damaged.encode()
    press(app, "Play")
    # no game starts under the director's eyes: the round view says what happened first
    assert app.stack.top is rounds, f"{kind}: a game was started at once"
    copies = sorted(data_dir().glob(f"tournament-{rounds.stored.id}-round-1-board-1"
                                    ".damaged-*.json"))
    assert len(copies) == 1, f"{kind}: no copy of the damaged game kept"
    assert copies[0].read_bytes() == raw, "the copy holds the kept bytes exactly"
    notice = rounds.notice
    assert "Round 1, board 1" in notice and "cannot go on (" in notice
    assert str(copies[0]) in notice and not rounds.notice_ok
    assert "Press Play to start the game again" in notice
    assert rounds.state_text(rounds.tournament.pairing(1, 1)) == "to play"
    # the next Play starts the game afresh, and the copy stays
    press(app, "Play")
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.notation == []
    assert copies[0].read_bytes() == raw


def test_a_second_damaged_copy_never_overwrites_the_first(board):
    from scenes.saves import data_dir
    app, rounds, text = board
    for n in (1, 2):
        _damage(rounds.stored, f"{{damaged {n}")
        press(app, "Play")
        assert app.stack.top is rounds
    copies = sorted(data_dir().glob("tournament-*-round-1-board-1.damaged-*.json"))
    assert sorted(c.read_text() for c in copies) == ["{damaged 1", "{damaged 2"]


@pytest.mark.parametrize("game", ["calla", "calliro", "callisto:callisto_2", "iriri",
                                  "calabria"])
def test_a_kept_game_that_reads_goes_on(tmp_path, game):
    for app, rounds, text in _board(tmp_path, *game.split(":")):
        press(app, "Play")
        play = app.stack.top
        assert isinstance(play, PlayScene), rounds.notice
        assert play.notation == json.loads(text)["moves"]
        assert "goes on where it was left" in rounds.notice


def test_no_copy_kept_leaves_the_damaged_game_where_it_is(board, monkeypatch):
    from game.files import FileProblem
    from scenes.tournament import kept_game
    app, rounds, text = board

    def refuse(*args):
        raise FileProblem("could not keep a copy in /nowhere: Read-only file system")
    monkeypatch.setattr(kept_game, "keep_aside", refuse)
    _damage(rounds.stored, "{")
    press(app, "Play")
    assert app.stack.top is rounds
    assert "No copy of its saved moves could be kept" in rounds.notice
    assert "Read-only file system" in rounds.notice
    assert _row(rounds.stored) == "{", "the damaged game is still there"


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
FIELDS = [("game",), ("moves",), ("cursor",), ("start",), ("config", "tournament"),
          ("config", "variant"), ("config", "options"), ("config", "seats"),
          ("config", "tournament", "board"), ("start", "pits")]


def _board_record(seed=5):
    from game import GAMES
    from game.records.record import make_record
    config = {"game": "calla", "variant": None, "options": {}, "starter": "0",
              "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}],
              "time_control": None, "tournament": {"id": 1, "round": 1, "board": 1}}
    spec = GAMES["calla"]
    state = start = spec.new_game(seed=seed)
    moves = []
    for _ in range(6):
        move = state.legal_moves()[0]
        moves.append(spec.format_move(state, move))
        state = state.play(move)
    return config, make_record(config, start, moves)


def _resume_row(folder, text, config):
    """Keep ``text`` as round 1, board 1's game in a new store and read it back for Play
    (the play scene itself replaced by a stand-in); the stand-in's answer, or the
    KeptGameProblem raised."""
    from game.tournament.model import Entrant, GameChoice, Tournament
    from game.tournament.store import TournamentStore
    from scenes.tournament.kept_game import resume
    with TournamentStore(folder / "t.sqlite3") as store:
        kept = store.create(Tournament("Club night", [Entrant("Ann"), Entrant("Bob")],
                                       "round-robin", [GameChoice("calla")]))
        kept.pair_next_round()
        store._db.execute("INSERT INTO live_game VALUES (?, 1, 1, ?, '')", (kept.id, text))
        live = kept.live_game(1, 1)
        seed = kept.tournament.pairing(1, 1).seed
    assert live.raw == text.encode()

    class Scene:
        @staticmethod
        def from_record(app, data, **kw):
            return data
    return resume(Scene, None, live, config, seed)


def test_the_kept_game_of_the_board_reads_back(tmp_path):
    config, record = _board_record()
    assert _resume_row(tmp_path, json.dumps(record), config) == record


@settings(max_examples=150, deadline=None)
@given(where=st.sampled_from(FIELDS), value=JSON, as_text=st.booleans(),
       cut=st.integers(0, 2000))
def test_a_kept_game_either_goes_on_or_is_refused_in_words(tmp_path_factory, where, value,
                                                           as_text, cut):
    """Whatever a board's kept row holds, reading it back gives the game, or a
    KeptGameProblem saying why: never another error, never another board's game."""
    from scenes.tournament.kept_game import KeptGameProblem
    config, record = _board_record()
    holder = record
    for name in where[:-1]:
        holder = holder[name]
    holder[where[-1]] = value
    text = json.dumps(record, sort_keys=True)
    if as_text:
        text = text[:cut]
    try:
        resumed = _resume_row(tmp_path_factory.mktemp("store"), text, config)
    except KeptGameProblem as exc:
        assert str(exc)
        return
    assert resumed["config"]["tournament"] == config["tournament"]
    assert resumed["game"] == "calla"


# --- a settings file with values that cannot be used ---------------------------------------

UNUSABLE = json.dumps({"volume": "loud", "animation_speed": 2.0, "from_a_newer_version": 1})


def _check_set_aside(folder, settings):
    [kept] = folder.glob("settings.damaged-*.json")
    assert kept.read_text() == UNUSABLE, "the file as the user left it"
    assert "Ignored unusable settings" in settings.problem and str(kept) in settings.problem
    now = json.loads((folder / "settings.json").read_text())
    assert now["volume"] == 0.3 and now["animation_speed"] == 2.0


def test_unusable_settings_are_set_aside_before_the_first_change(tmp_path):
    from scenes.settings import Settings
    path = tmp_path / "settings.json"
    path.write_text(UNUSABLE)
    s = Settings(path)
    assert s["volume"] == 0.7 and s["animation_speed"] == 2.0
    assert path.read_text() == UNUSABLE, "only read, until something is written over it"
    s.set("volume", 0.3)
    _check_set_aside(tmp_path, s)
    s.set("volume", 0.3)                # set aside once: later changes write as usual
    assert len(list(tmp_path.glob("settings.damaged-*.json"))) == 1


def test_unusable_settings_are_set_aside_through_the_writer(tmp_path):
    from helpers import make_app
    path = tmp_path / "settings.json"
    path.write_text(UNUSABLE)
    app = make_app(tmp_path)
    try:
        for volume in (0.1, 0.2, 0.3):     # quick changes coalesce; none writes first
            app.settings.set("volume", volume)
        assert app.writer.flush(timeout=10)
        _check_set_aside(tmp_path, app.settings)
    finally:
        app.close()


def test_unusable_settings_that_cannot_be_set_aside_are_not_written_over(tmp_path,
                                                                          monkeypatch):
    from game.files import FileProblem
    from scenes import settings as settings_module
    path = tmp_path / "settings.json"
    path.write_text(UNUSABLE)

    def refuse(path, now=None):
        raise FileProblem(f"could not move {path} aside: Permission denied")
    monkeypatch.setattr(settings_module, "set_aside", refuse)
    s = settings_module.Settings(path)
    s.set("volume", 0.3)
    assert path.read_text() == UNUSABLE and "Permission denied" in s.problem
