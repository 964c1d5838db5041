"""Errors with names: a caller can tell a move text that cannot be read
(``InvalidMoveError``) from a move the rules do not allow now
(``IllegalMoveError``), a position that cannot happen (``InvalidPositionError``)
and a file that is not what it claims (``DamagedFileError``), in every game;
each is still a ``ValueError``, so nothing that catches ``ValueError`` changes."""

from __future__ import annotations

import ast
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import (GAMES, DamagedFileError, GameError, IllegalMoveError, InvalidMoveError,
                  InvalidPositionError)
from game.records.record import RecordProblem, record_of_moves, replay
from position_mutations import mutate, real_positions

#: Per game: a start position (changes to the game's own), a move text that cannot be
#: read, a readable move the rules refuse there, and changes that make it impossible.
CASES = {
    "calla": dict(
        start={"pits": [0, 3, 4, 3, 6, 0, 3, 3, 4, 3, 3, 0]},
        unreadable="9", illegal="1", illegal_words="shield 1 of player A is empty",
        impossible={"pits": [3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 3, 1]},
        impossible_words="must hold 32 cubes"),
    "calliro": dict(
        start={}, unreadable="O@z99", illegal="flip e5", illegal_words="illegal action flip e5",
        impossible={"scores": [11, 11]}, impossible_words="field 'scores'"),
    "callisto": dict(
        start={}, unreadable="f7,f7", illegal="h8", illegal_words="may not be put in the centre",
        impossible={"moves": [[1, "h16"]]}, impossible_words="is a move of Green"),
    "iriri": dict(
        start={}, unreadable="Ys@0,0 Ym@0,0", illegal="take 1 2",
        illegal_words="it is the place phase",
        impossible={"hands": [["Ys", "Ym"], ["Bs", "Bm", "Bl"]]},
        impossible_words="fields 'ring', 'board' and 'hands' hold"),
    "calabria": dict(
        start={}, unreadable="V@z9", illegal="e4-e5", illegal_words="illegal action e4-e5",
        impossible={"phase": "movement"}, impossible_words="field 'in_hand'"),
}


def start(game: str):
    spec = GAMES[game]
    return spec.from_position({**spec.new_game(seed=3).position(), **CASES[game]["start"]})


def test_the_registry_and_the_cases_name_the_same_games():
    assert list(CASES) == list(GAMES)


def test_every_error_is_a_value_error_importable_from_the_package():
    for kind in (IllegalMoveError, InvalidMoveError, InvalidPositionError, DamagedFileError):
        assert issubclass(kind, GameError) and issubclass(kind, ValueError)
    assert len({IllegalMoveError, InvalidMoveError, InvalidPositionError,
                DamagedFileError}) == 4
    from game.tournament.errors import StoreError
    assert issubclass(RecordProblem, DamagedFileError) and issubclass(StoreError, DamagedFileError)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_move_text_that_cannot_be_read_is_an_invalid_move(game):
    spec, state = GAMES[game], start(game)
    with pytest.raises(InvalidMoveError) as caught:
        spec.parse_move(state, CASES[game]["unreadable"])
    assert not isinstance(caught.value, IllegalMoveError)
    for text in ("", "   ", "\u0661", 7):     # nothing, blanks, another script's digit, no text
        with pytest.raises(InvalidMoveError):
            spec.parse_move(state, text)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_readable_move_the_rules_refuse_is_an_illegal_move(game):
    spec, state = GAMES[game], start(game)
    move = spec.parse_move(state, CASES[game]["illegal"])      # read without complaint
    assert move not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match=CASES[game]["illegal_words"]):
        state.play(move)


@pytest.mark.parametrize("game", list(GAMES))
def test_any_move_once_the_game_is_over_is_an_illegal_move(game):
    spec = GAMES[game]
    rng = random.Random(4)
    state = spec.new_game(seed=4)
    first = state.legal_moves()[0]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    with pytest.raises(IllegalMoveError):
        state.play(first)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_position_that_cannot_happen_is_an_invalid_position(game):
    spec = GAMES[game]
    data = {**spec.new_game(seed=3).position(), **CASES[game]["impossible"]}
    with pytest.raises(InvalidPositionError, match=CASES[game]["impossible_words"]):
        spec.from_position(data)
    with pytest.raises(InvalidPositionError, match="unknown field 'colour_of_the_sky'"):
        spec.from_position({**spec.new_game(seed=3).position(), "colour_of_the_sky": 1})
    with pytest.raises(InvalidPositionError, match="expected a JSON object"):
        spec.from_position([])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_refusal_of_a_spoiled_position_is_an_invalid_position(game):
    spec = GAMES[game]
    positions = real_positions(game, games=1, seed=7)
    rng = random.Random(11)
    refused = 0
    for _ in range(150):
        data = mutate(rng.choice(positions), rng, game)
        try:
            spec.from_position(data)
        except InvalidPositionError:
            refused += 1
        except ValueError as exc:
            raise AssertionError(f"{type(exc).__name__}, not InvalidPositionError: {exc}")
    assert refused > 15


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          database=None)
@given(text=st.text(alphabet="abcdefgxyzOBGVDXYsml@,-/ 0123456789", max_size=16))
def test_any_text_is_read_as_a_move_or_refused_as_an_invalid_move(game, text):
    spec, state = GAMES[game], start(game)
    try:
        move = spec.parse_move(state, text)
    except InvalidMoveError:
        return
    try:
        state.play(move)
    except IllegalMoveError:
        pass


@pytest.mark.parametrize("game", list(GAMES))
def test_a_damaged_saved_game_is_a_damaged_file(game):
    spec, state = GAMES[game], start(game)
    good = record_of_moves(spec, state, [spec.format_move(state, state.legal_moves()[0])])
    replay(json.loads(json.dumps(good)))
    damages = {
        "unreadable move": lambda r: r.update(moves=[CASES[game]["unreadable"]]),
        "illegal move": lambda r: r.update(moves=[CASES[game]["illegal"]]),
        "impossible start": lambda r: r["start"].update(CASES[game]["impossible"]),
        "no game": lambda r: r.update(game="chess"),
    }
    for what, damage in damages.items():
        record = json.loads(json.dumps(good))
        damage(record)
        with pytest.raises(DamagedFileError):
            replay(record)
    with pytest.raises(IllegalMoveError, match="move 1"):
        record_of_moves(spec, state, [CASES[game]["illegal"]])
    with pytest.raises(InvalidMoveError, match="move 1"):
        record_of_moves(spec, state, [CASES[game]["unreadable"]])


@pytest.mark.parametrize("game", list(GAMES))
def test_a_damaged_tournament_file_is_a_damaged_file(game, tmp_path):
    from game.tournament.files import read_tournament_json, write_tournament_json
    from game.tournament.model import Entrant, GameChoice, Tournament
    from game.tournament.store import TournamentStore
    from game.tournament.trf import read_trf
    path = tmp_path / "club.json"
    write_tournament_json(Tournament("Club", [Entrant("Ann"), Entrant("Bob")], "swiss",
                                     [GameChoice(game)], registry=GAMES), path)
    assert read_tournament_json(path, GAMES).games[0].game == game
    data = json.loads(path.read_text())
    data["tournament"]["games"][0]["options"] = {"no_such_rule": True}
    path.write_text(json.dumps(data))
    with pytest.raises(DamagedFileError, match="no_such_rule"):
        read_tournament_json(path, GAMES)
    path.write_text("{ not json")
    with pytest.raises(DamagedFileError):
        read_tournament_json(path, GAMES)
    report = tmp_path / "club.trf"
    report.write_text("012 Club\nXXR many\n")
    with pytest.raises(DamagedFileError):
        read_trf(report, GAMES)
    database = tmp_path / "club.sqlite"
    sqlite3.connect(database).execute("CREATE TABLE other (x)").connection.commit()
    with pytest.raises(DamagedFileError):
        TournamentStore(database)


# --- a game that cannot be imported ----------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def _import_game(where: Path, env: dict | None = None):
    return subprocess.run([sys.executable, "-c", "import game\nprint(list(game.GAMES))"],
                          cwd=where, capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})})


def test_a_game_package_that_is_missing_stops_the_program_by_name(tmp_path):
    """A broken or missing game is an error, never a game quietly left out of the menu
    (and its tests quietly skipped)."""
    shutil.copytree(ROOT / "game", tmp_path / "game",
                    ignore=lambda folder, names: [n for n in names
                                                  if n in ("calabria", "__pycache__")])
    done = _import_game(tmp_path)
    assert done.returncode != 0 and "No module named 'game.calabria'" in done.stderr


def test_only_callidus_games_leaves_games_out_and_a_misspelt_name_is_refused():
    done = _import_game(ROOT, env={"CALLIDUS_GAMES": "iriri,calla"})
    assert done.returncode == 0 and done.stdout.split("\n")[0] == "['calla', 'iriri']"
    done = _import_game(ROOT, env={"CALLIDUS_GAMES": "calla,irirri"})
    assert done.returncode != 0 and "CALLIDUS_GAMES names no game 'irirri'" in done.stderr


# --- one reader of fields, one way to quote what was read --------------------------------

def _sources(folder: str):
    for path in sorted((ROOT / folder).rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_one_field_reader_and_one_shown():
    """Positions, tournament data and saved clocks are read through ``core.Fields``, and
    every message quotes what it read through ``core.shown``: no second copy of either."""
    readers, quoters = [], []
    for folder in ("game", "scenes"):
        for path, tree in _sources(folder):
            where = str(path.relative_to(ROOT))
            quoters += [f"{where}: {node.name}" for node in tree.body
                        if isinstance(node, ast.FunctionDef)
                        and node.name in ("shown", "shown_value")]
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    methods = {item.name for item in node.body
                               if isinstance(item, ast.FunctionDef)}
                    if {"int", "text", "list"} <= methods or {"int", "str", "list"} <= methods:
                        readers.append(f"{where}: {node.name}")
    assert readers == ["game/core.py: Fields"]
    assert quoters == ["game/core.py: shown"]


def test_the_one_reader_names_the_field_its_own_way_for_each_kind_of_data():
    from game.clock import Clock
    from game.core import Fields
    with pytest.raises(InvalidPositionError, match=r"^position: field 'to_move' must be at most 1"):
        GAMES["calla"].from_position({"to_move": 2})
    tournament = Fields({"seed": -1}, ("seed",), "tournament 1", required=True, path=True)
    with pytest.raises(ValueError, match=r"^tournament 1\.seed: -1 is out of range 0-9"):
        tournament.int("seed", 0, 9)
    with pytest.raises(ValueError, match=r"^tournament 1: missing field 'rounds'"):
        Fields({"seed": 1}, ("seed", "rounds"), "tournament 1", required=True, path=True)
    with pytest.raises(ValueError, match=r"^clock: field 'control' must be text, not 5"):
        Clock.restore({"control": 5})
