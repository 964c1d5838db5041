"""The search contract: what a game's knowledge plug-in may tell the searches
(``game.ai.knowledge.SearchKnowledge``), read through one base with defaults, and
level settings that are real fields, so that a misspelt hook or setting is
refused instead of passing unseen."""

from __future__ import annotations

import ast
import collections.abc
import difflib
import importlib
import importlib.util
import inspect
import typing
from pathlib import Path
from types import ModuleType

import pytest

from game import GAMES
from game.ai.knowledge import HOOKS, Knowledge, SearchKnowledge, knowledge_for
from game.ai.levels import BASE, LEVELS, SETTINGS, Level, level_for

ROOT = Path(__file__).resolve().parent.parent


def plug_in(game: str):
    """The module ``game/ai/knowledge/<game>.py``, or None when the game has none."""
    name = f"game.ai.knowledge.{game}"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


def arity(hook: str) -> int:
    """How many arguments the contract passes to ``hook``."""
    hint = typing.get_type_hints(SearchKnowledge)[hook]
    called = [arg for arg in typing.get_args(hint)
              if typing.get_origin(arg) is collections.abc.Callable]
    assert called, f"{hook} is not a hook"
    return len(typing.get_args(called[0])[0])


def test_the_contract_names_every_hook_the_searches_use_trap_included():
    assert {"prior", "order", "playout", "evaluate", "rollout", "reseed", "continuation",
            "trap", "blunder", "alphabeta_model", "even", "work_weight", "LEVELS",
            "VARIANT_LEVELS", "SCORE_SCALE", "PRIORS"} == set(HOOKS)
    # every attribute the searches read from a game's knowledge is in the contract
    read = set()
    for path in sorted((ROOT / "game" / "ai").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and (
                    isinstance(node.value, ast.Name) and node.value.id in ("know", "knowledge")
                    or isinstance(node.value, ast.Attribute) and node.value.attr == "know"):
                read.add(node.attr)
    assert read and read <= set(HOOKS), read - set(HOOKS)
    assert {"trap", "blunder", "continuation", "reseed", "prior", "LEVELS"} <= read


def test_no_search_asks_the_knowledge_through_getattr():
    found = []
    for folder in ("game", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                        and node.func.id in ("getattr", "hasattr") and node.args:
                    target = ast.unparse(node.args[0])
                    if "know" in target:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_plug_in_satisfies_the_contract(game):
    module, know = plug_in(game), knowledge_for(game)
    assert isinstance(know, Knowledge) and isinstance(know, SearchKnowledge)
    given = {name: value for name, value in vars(module).items() if name in HOOKS}
    assert given, f"{game} has a plug-in that gives the searches nothing"
    for hook in HOOKS:
        value = getattr(know, hook)
        assert value is given.get(hook, getattr(SearchKnowledge, hook)), hook
        if hook in ("LEVELS", "VARIANT_LEVELS", "SCORE_SCALE", "PRIORS") or value is None:
            continue
        parameters = inspect.signature(value).parameters.values()
        assert callable(value) and len(parameters) >= arity(hook) and all(
            p.default is not p.empty for p in list(parameters)[arity(hook):]), \
            f"{game}: {hook}{inspect.signature(value)} does not take {arity(hook)} arguments"
    assert isinstance(know.SCORE_SCALE, (int, float)) and know.SCORE_SCALE > 0
    for name, pair in know.PRIORS.items():
        prior, order = pair
        assert len(inspect.signature(prior).parameters) >= arity("prior"), name
        assert len(inspect.signature(order).parameters) >= arity("order"), name
    assert set(know.LEVELS) <= set(LEVELS)
    assert set(know.VARIANT_LEVELS) <= set(GAMES[game].variants)
    if any(level_for(game, lv, variant=v).searcher == "alphabeta"
           for lv in LEVELS for v in GAMES[game].variants):
        assert know.alphabeta_model is not None


@pytest.mark.parametrize("game", list(GAMES))
def test_no_plug_in_name_is_a_misspelt_hook(game):
    """A hook spelt wrong would be read as absent: a public name close to a hook's is one."""
    module = plug_in(game)
    names = [name for name in vars(module) if not name.startswith("_") and name not in HOOKS]
    near = {name: difflib.get_close_matches(name, HOOKS, n=1, cutoff=0.8) for name in names}
    assert not {name: hook for name, hook in near.items() if hook}


def test_a_game_without_a_plug_in_gets_every_default():
    know = knowledge_for("no_such_game")
    assert all(getattr(know, hook) is None for hook in HOOKS if hook[0].islower())
    assert know.LEVELS == {} and know.VARIANT_LEVELS == {} and know.SCORE_SCALE == 5.0
    assert know.PRIORS == {}


# --- level settings -----------------------------------------------------------------------

def test_every_level_of_every_game_and_variant_builds():
    for game, spec in GAMES.items():
        for variant in (None,) + tuple(spec.variants):
            for level in LEVELS:
                settings = level_for(game, level, variant=variant)
                assert isinstance(settings, Level) and settings.name == level


def test_a_misspelt_setting_is_refused_naming_it_and_the_known_ones():
    with pytest.raises(ValueError, match="unknown level setting 'rav'; the settings are .*rave"):
        BASE["hard"].but(rav=500)
    with pytest.raises(ValueError, match="'keeptree'"):
        level_for("callisto", "hard").but(seconds=None, keeptree=True)
    assert BASE["hard"].but(rave=500, traps=True).rave == 500


def test_a_plug_in_with_a_misspelt_setting_or_level_is_refused():
    def fake(**names):
        module = ModuleType("game.ai.knowledge.fake")
        vars(module).update(names)
        return Knowledge(module, "fake")
    with pytest.raises(ValueError, match=r"LEVELS\['hard'\]: unknown level setting 'trap'"):
        level_for("fake", "easy", fake(LEVELS={"hard": {"trap": True}}))
    with pytest.raises(ValueError, match="unknown computer level 'hardd'"):
        level_for("fake", "easy", fake(LEVELS={"hardd": {"traps": True}}))
    with pytest.raises(ValueError, match=r"VARIANT_LEVELS\['two'\]\['expert'\]: .*'setle'"):
        level_for("fake", "easy", fake(VARIANT_LEVELS={"two": {"expert": {"setle": False}}}))
    # a ranking a level names must be one the plug-in offers
    with pytest.raises(ValueError, match=r"VARIANT_LEVELS\['two'\]\['hard'\]: prior 'contset' "
                                         r"is not one of its rankings \(contest\)"):
        level_for("fake", "easy", fake(VARIANT_LEVELS={"two": {"hard": {"prior": "contset"}}},
                                       PRIORS={"contest": (None, None)}))
    assert level_for("fake", "hard", fake(LEVELS={"hard": {"prior": "contest"}},
                                          PRIORS={"contest": (None, None)})).prior == "contest"


def test_a_level_changed_to_an_unknown_ranking_is_refused_when_its_search_begins():
    import random
    from game.ai.mcts import Search
    spec = GAMES["callisto"]
    state = spec.new_game(variant="callisto_2")
    settings = level_for("callisto", "hard", variant="callisto_2")
    know = knowledge_for("callisto")
    with pytest.raises(ValueError, match=r"callisto: level 'hard': prior 'contset' is not one of "
                                         r"its rankings \(contest\)"):
        Search(spec, state, settings.but(prior="contset"), know, random.Random(1), None, 10)
    assert Search(spec, state, settings, know, random.Random(1), None, 10).order \
        is know.PRIORS["contest"][1]


def test_every_setting_is_documented_in_the_level_docstring():
    doc = Level.__doc__
    for setting in SETTINGS:
        if setting != "name":
            assert f"\n    {setting}: " in doc, f"{setting} is not documented"
