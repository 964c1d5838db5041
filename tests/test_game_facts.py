"""Facts a game declares once on its ``GameSpec`` (``game_timer``, ``chance``), read
there by everything that needs them and never guessed from a state; and the
declarations hold: a game without chance plays the same whatever its seed."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game import GAMES

ROOT = Path(__file__).resolve().parent.parent


def test_no_rule_or_search_guesses_a_game_fact_from_a_state():
    guesses = []
    for folder in ("game",):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                text = ast.unparse(node) if isinstance(node, (ast.Call, ast.Compare)) else ""
                asks = (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in ("hasattr", "getattr") and node.args
                        and "state" in ast.unparse(node.args[0]))
                looks = isinstance(node, ast.Compare) and ".position()" in text \
                    and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)
                if asks or looks:
                    guesses.append(f"{path.relative_to(ROOT)}:{node.lineno} {text}")
    assert not guesses, "\n".join(guesses)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_state_knows_its_game(game):
    spec = GAMES[game]
    state = spec.new_game(seed=1)
    assert state.spec is spec and state.variant == spec.variants[0]
    assert spec.from_position(state.position()).spec is spec


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_timer_is_declared_by_the_games_that_have_one(game):
    spec = GAMES[game]
    state = spec.new_game(seed=1)
    assert spec.game_timer == callable(getattr(state, "call_time", None))
    if spec.game_timer:
        assert state.call_time().is_over       # time called before anyone moved


@pytest.mark.parametrize("game", list(GAMES))
def test_chance_is_declared_by_the_games_whose_play_draws_at_random(game):
    """A game that declares no chance plays every move the same from copies that differ
    only in their seed; one that declares it keeps its seed in the position, and some
    move of a played game then comes out otherwise."""
    spec = GAMES[game]
    rng = random.Random(3)
    state = spec.new_game(seed=3)
    differs = False
    for _ in range(60):
        if state.is_over:
            break
        move = rng.choice(state.legal_moves())
        if "seed" in spec.new_game(seed=3).position():
            other = spec.from_position({**state.position(), "seed": 99})
            differs |= other.play(move).position() != {**state.play(move).position(), "seed": 99}
        state = state.play(move)
    assert differs == spec.chance
    if spec.chance:
        assert "seed" in state.position()
