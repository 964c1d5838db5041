"""Per-game tests follow the registry.

Every game named in ``game.GAMES`` has its board view in ``scenes.views.VIEW_CLASSES``;
every per-game test list is built from the registry (``helpers.every_game()``,
``list(GAMES)``), never written out by hand; per-game test data lives in module-level
tables keyed by game name, and a registered game missing from one fails here by name.
So a sixth game added to the registry is tested with the other five, or the tests say
what it still lacks.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import GAME_MODULES, GAMES
from helpers import every_game

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SIXTH = "sextus"          # a made-up game added to a copy of the registry


def test_every_game_has_its_board_view_and_every_view_its_game():
    from scenes.views import VIEW_CLASSES, view_class
    from scenes.views.base import BoardView
    assert list(GAMES) == list(GAME_MODULES), "tests run with every game"
    assert list(VIEW_CLASSES) == list(GAMES)
    for name in GAMES:
        assert issubclass(view_class(name), BoardView), name


def test_a_view_that_cannot_be_imported_stops_the_menu_by_name(monkeypatch):
    """A game whose view package is gone is not quietly left out of the menu."""
    from scenes.views import VIEW_CLASSES, playable_games
    assert [spec.name for spec in playable_games()] == list(GAMES)
    monkeypatch.setitem(GAMES, SIXTH, dataclasses.replace(GAMES["calla"], name=SIXTH))
    monkeypatch.setitem(VIEW_CLASSES, SIXTH, "SextusView")
    with pytest.raises(ImportError, match=f"scenes.views.{SIXTH}"):
        playable_games()


# --- no list of the games written by hand ----------------------------------------------

def _game_named(node) -> str | None:
    """The game a literal names: "calla", "callisto:callisto_2", or a tuple or list
    starting with one (``("calla", None, {})``)."""
    if isinstance(node, (ast.Tuple, ast.List)) and node.elts:
        node = node.elts[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        name = node.value.split(":")[0]
        return name if name in GAME_MODULES else None
    return None


def _names(nodes) -> set:
    return {name for name in map(_game_named, nodes) if name}


def _sources() -> list[Path]:
    return sorted(TESTS.glob("*.py"))


#: Lists of the games written out where they are one fixed scenario rather than a test
#: of each game, and why.
SCENARIOS = {
    ("test_library.py", "kept"): "five finished games whose filters are checked one by one",
}


def hand_written_lists(path: Path) -> list[str]:
    """Lists, tuples and sets in ``path`` that name all the games, or all but one, by
    hand; and per-game tables kept anywhere but at the top of a module (where
    ``per_game_tables`` finds them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    tables = {id(node.value) for node in tree.body
              if isinstance(node, (ast.Assign, ast.AnnAssign))}
    inside = {}
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside.update((id(node), function.name) for node in ast.walk(function))
    most = max(3, len(GAME_MODULES) - 1)
    found = []
    for node in ast.walk(tree):
        if (path.name, inside.get(id(node))) in SCENARIOS:
            continue
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and len(_names(node.elts)) >= most:
            found.append(f"{where} lists {', '.join(sorted(_names(node.elts)))} by hand")
        elif (isinstance(node, ast.Dict) and len(_names(node.keys)) >= most
              and id(node) not in tables):
            found.append(f"{where} keeps a per-game table inside a function")
    return found


def per_game_tables() -> list[tuple[str, str]]:
    """(module, name) of every module-level dict of tests/ keyed by the games (all, or all
    but one)."""
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) \
                    and len(_names(node.value.keys)) >= max(3, len(GAME_MODULES) - 1):
                found += [(path.stem, target.id) for target in node.targets
                          if isinstance(target, ast.Name)]
    return found


def missing_entries() -> list[str]:
    """Each registered game missing from a per-game table, named with the table."""
    missing = []
    for module, name in per_game_tables():
        table = getattr(importlib.import_module(module), name)
        missing += [f"{game} has no entry in {module}.{name}"
                    for game in GAMES if game not in table]
    return missing


def test_no_test_writes_the_games_out_by_hand():
    """A per-game list takes its games from the registry; a list typed out would leave a
    new game untested without a word."""
    found = [entry for path in _sources() for entry in hand_written_lists(path)]
    assert not found, "\n".join(found)


def test_every_per_game_table_has_every_registered_game():
    tables = per_game_tables()
    assert ("position_mutations", "COUNTS") in tables and ("position_mutations", "CASES") in tables
    assert not missing_entries(), "\n".join(missing_entries())


def test_a_sixth_game_is_missed_by_name_in_every_per_game_table(monkeypatch):
    from scenes.views import VIEW_CLASSES
    monkeypatch.setitem(GAMES, SIXTH, dataclasses.replace(GAMES["calla"], name=SIXTH))
    monkeypatch.setitem(VIEW_CLASSES, SIXTH, VIEW_CLASSES["calla"])
    assert every_game()[-1] == SIXTH
    tables = per_game_tables()
    assert missing_entries() == [f"{SIXTH} has no entry in {module}.{name}"
                                 for module, name in tables]
    import position_mutations
    with pytest.raises(LookupError, match=f"{SIXTH} has no entry .*CASES"):
        position_mutations.real_positions(SIXTH)


# --- a sixth game joins every per-game test --------------------------------------------

PLUGIN = f'''
"""Registers a made-up sixth game, played by Calla's rules and view, before collection."""
import dataclasses

import game
import scenes.views

game.GAMES["{SIXTH}"] = dataclasses.replace(game.GAMES["calla"], name="{SIXTH}")
scenes.views.VIEW_CLASSES["{SIXTH}"] = scenes.views.VIEW_CLASSES["calla"]
'''


def test_a_sixth_game_in_the_registry_is_collected_in_every_per_game_test(tmp_path):
    """Collected with a sixth game registered, every test run once per game (its ids
    name all five) is run for the sixth too."""
    (tmp_path / "sixth_game.py").write_text(PLUGIN, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    env.pop("CALLIDUS_GAMES", None)
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-p", "sixth_game", "-p", "no:cacheprovider", str(TESTS)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    games: dict[str, set] = {}
    for line in done.stdout.splitlines():
        test, bracket, params = line.partition("[")
        if "::" in test and bracket:
            games.setdefault(test, set()).update(
                token.split(":")[0] for token in params.rstrip("]").split("-"))
    per_game = {test: seen for test, seen in games.items() if set(GAME_MODULES) <= seen
                or SIXTH in seen}
    assert len(per_game) >= 10, f"too few per-game tests found: {sorted(per_game)}"
    left_out = sorted(test for test, seen in per_game.items() if SIXTH not in seen)
    assert not left_out, "a sixth game is not collected in:\n" + "\n".join(left_out)
