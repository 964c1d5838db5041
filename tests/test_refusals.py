"""Small refusals: damaged things kept aside and named, never silently lost or replaced."""

from __future__ import annotations

import json
import sqlite3

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import every_game, frames, key, make_app, press
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


@pytest.mark.parametrize("game", every_game())
def test_a_kept_game_that_reads_goes_on(tmp_path, game):
    for app, rounds, text in _board(tmp_path, game):
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


# --- a position near a counter's cap plays to its end -----------------------------------------

def _plays_to_its_end(spec, state, rng, most=None):
    """Random legal moves from ``state`` to the end (or ``most`` of them), every position
    on the way read back as a file would hold it."""
    plies = 0
    while not state.is_over and (most is None or plies < most):
        state = state.play(rng.choice(state.legal_moves()))
        again = spec.from_position(json.loads(json.dumps(state.position())))
        assert again == state
        plies += 1
    return plies


@st.composite
def calla_positions(draw):
    """Any Calla position with its turn counts within a game's length of the cap."""
    from game.calla import TOTAL, WIN_CUBES
    from game.core import COUNT_MAX
    cuts = sorted(draw(st.lists(st.integers(0, TOTAL), min_size=11, max_size=11)))
    pits = [b - a for a, b in zip([0] + cuts, cuts + [TOTAL])]
    if pits[5] >= WIN_CUBES and pits[11] >= WIN_CUBES:
        pits[5] -= 1
        pits[0] += 1
    to_move = draw(st.integers(0, 1))
    first = COUNT_MAX - draw(st.integers(0, 9000))
    return {"pits": pits, "to_move": to_move, "turns": [first, first - to_move],
            "free_turn": draw(st.booleans()), "time_called": draw(st.booleans()),
            "options": draw(st.sampled_from([{}, {"end_sweep": "owner_takes"}]))}


@settings(max_examples=300, deadline=None)
@given(data=calla_positions(), seed=st.integers(0, 2**32))
def test_a_calla_position_accepted_near_the_cap_plays_to_its_end(data, seed):
    import random

    from game import GAMES
    spec = GAMES["calla"]
    try:
        state = spec.from_position(data)
    except ValueError as exc:
        assert "field" in str(exc)
        return
    rng = random.Random(seed)
    plies = _plays_to_its_end(spec, state, rng)
    assert plies <= state.most_moves_left()


def test_calla_turns_at_the_cap_are_refused_with_the_limit_named():
    from game import GAMES
    from game.core import COUNT_MAX
    spec = GAMES["calla"]
    start = spec.new_game()
    left = start.most_moves_left()
    at = COUNT_MAX - left
    assert spec.from_position(dict(start.position(), turns=[at, at])).turns == (at, at)
    with pytest.raises(ValueError, match=f"'turns' must be at most {at} here"):
        spec.from_position(dict(start.position(), turns=[at + 1, at + 1]))


def test_calla_moves_left_falls_with_every_move():
    import random

    from game import GAMES
    spec = GAMES["calla"]
    for seed in range(200):
        rng = random.Random(seed)
        state = spec.new_game()
        while not state.is_over:
            after = state.play(rng.choice(state.legal_moves()))
            assert after.most_moves_left() < state.most_moves_left()
            state = after


def _near_cap(game, options, change, seed, plies=None):
    """A real position of ``game`` (played a little from its start) with a counter set by
    ``change`` near its cap, then random moves from it (to the end, or ``plies`` of them),
    each read back."""
    import random

    from game import GAMES
    spec = GAMES[game]
    rng = random.Random(seed)
    state = spec.new_game(seed=seed, **options)
    for _ in range(rng.randrange(0, 120)):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    data = state.position()
    change(data, rng)
    try:
        state = spec.from_position(data)
    except ValueError as exc:
        assert "field" in str(exc)
        return
    _plays_to_its_end(spec, state, rng, most=plies)


def _quiet_near_cap(data, rng):
    from game.core import COUNT_MAX
    if data["phase"] == "movement":
        data["quiet_plies"] = COUNT_MAX - rng.randrange(3)


def _idle_near_cap(data, rng):
    from game.core import COUNT_MAX
    data["idle"] = COUNT_MAX - rng.randrange(3)


def _draws_near_cap(data, rng):
    from game.core import COUNT_MAX
    cells = 3 * data["radius"] * (data["radius"] + 1) + 1
    data["draws"] = COUNT_MAX - rng.randrange(2 * cells + 2)


def _iriri_scores_at_most(data, rng):
    from game.iriri.state import HAND_SIZE
    n = len(data["board"])
    if n:
        most = 2 * (HAND_SIZE + 1) * n * n + 1
        data["scores"] = rng.choice([[most / 2, 0], [0, most / 2]])


@pytest.mark.parametrize("game, options, change", [
    ("calabria", {"quiet_ply_limit": 0}, _quiet_near_cap),
    ("calabria", {"quiet_ply_limit": 0, "repetition_limit": 0}, _quiet_near_cap),
    ("calliro", {"idle_limit": 0}, _idle_near_cap),
    ("calliro", {}, _draws_near_cap),
    ("calliro", {"radius": 2}, _draws_near_cap),
    ("iriri", {}, _iriri_scores_at_most),
], ids=["calabria quiet", "calabria quiet, no repetition", "calliro idle", "calliro draws",
        "calliro draws, small board", "iriri scores"])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_a_position_accepted_near_a_counters_cap_stays_playable(game, options, change, seed):
    # Calabria without a quiet limit may go on for ever: a stretch of it is enough
    _near_cap(game, options, change, seed, plies=80 if game == "calabria" else None)


# --- the command line: a saved game that is not there, no display ----------------------------

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def _run_main(tmp_path, args, **env_changes):
    import os
    import subprocess
    import sys
    env = dict(os.environ, CALLIDUS_CONFIG_DIR=str(tmp_path / "config"),
               CALLIDUS_DATA_DIR=str(tmp_path / "data"), SDL_AUDIODRIVER="dummy")
    for name, value in env_changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    try:
        return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"main.py {' '.join(args)} was still running after 30 s") \
            from None


@pytest.mark.parametrize("name, words", [("missing-file.callidus", "there is no such file"),
                                         ("a folder.callidus", "it is a folder")])
def test_a_saved_game_that_is_not_there_is_refused_before_a_window(tmp_path, name, words):
    path = tmp_path / name
    if "folder" in name:
        path.mkdir()
    result = _run_main(tmp_path, [str(path)])
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert lines == [f"callidus: cannot open {path}: {words}" + (", not a saved game"
                                                                 if "folder" in name else "")]


def test_a_damaged_saved_game_still_reaches_the_menu(tmp_path):
    import main
    damaged = tmp_path / "game.callidus"
    damaged.write_text("{")
    assert main.parse_flags([str(damaged)]).saved_game == str(damaged)


def test_with_no_display_the_program_says_so_and_stops(tmp_path):
    result = _run_main(tmp_path, [], DISPLAY=":99999", SDL_VIDEODRIVER=None,
                       WAYLAND_DISPLAY=None)
    assert result.returncode == 2
    lines = [line for line in result.stderr.splitlines() if line.startswith("callidus:")]
    assert lines == ["callidus: no display could be opened (DISPLAY is ':99999')"]
    assert result.stderr.strip().splitlines()[-1] == lines[0]


def test_off_screen_drawing_asked_for_is_not_refused(monkeypatch):
    import main
    for driver in ("dummy", "offscreen", "x11,offscreen"):
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)
        assert main.display_problem() is None
