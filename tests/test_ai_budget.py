"""The computer levels spend budgets of work, not of wall time.

A level makes a number of playouts (or alpha-beta nodes), so the same seed gives
the same move however busy the machine is; a wall-clock cap (``WALL_CAP`` times
the level's seconds) only stops a search that gets too little of the processor.
No test here measures wall time: the load is a real busy process, and the clock
of the cap is injected.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from game import GAMES
from game.ai import choose_move, levels, mcts
from game.ai.knowledge import knowledge_for
from game.ai.levels import LEVELS, WALL_CAP, iterations_for, level_for, wall_deadline
from game.ai.match import play_one, states_along

SEARCHING = [level for level in LEVELS if level != "random"]


def every_level():
    for game, spec in GAMES.items():
        for variant in spec.variants:
            for level in SEARCHING:
                yield game, variant, level


def test_every_level_is_a_budget_of_work_with_a_wall_cap():
    for game, variant, level in every_level():
        settings = level_for(game, level, None, variant)
        where = f"{game} {variant} {level}"
        assert type(settings.iterations) is int and settings.iterations > 0, where
        assert settings.seconds and settings.seconds > 0, where
        assert wall_deadline(settings, 100.0) == 100.0 + WALL_CAP * settings.seconds, where
    # a search given iterations alone has no cap
    assert wall_deadline(level_for("calla", "hard").but(seconds=None), 100.0) is None


def test_the_cap_is_stated_where_the_levels_are_described():
    from pathlib import Path
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"{WALL_CAP:g} times" in levels.__doc__
    assert f"{WALL_CAP:g} times its level's seconds" in readme


class StarvedClock:
    """A wall clock that runs on while the process gets no processor time: every
    look at it finds another ``step`` seconds gone."""

    def __init__(self, step: float = 1000.0):
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_starved_level_still_answers_once_its_cap_is_reached(game, level):
    spec = GAMES[game]
    for i, state in enumerate([s for _, s in states_along(spec, (8, 20), 3)]):
        mcts._KEPT.clear()
        info, clock = {}, StarvedClock()
        move = choose_move(game, state, level, random.Random(i), info=info, clock=clock)
        assert move in state.legal_moves()
        settings = level_for(game, level, None, state.variant)
        budget = iterations_for(settings, knowledge_for(game), state)
        if info["iterations"]:
            # stopped by the cap long before its budget of work was spent
            assert info["capped"], (game, level, info)
            assert info["iterations"] < budget
    mcts._KEPT.clear()


def test_a_search_without_a_cap_spends_its_whole_budget():
    state = [s for _, s in states_along(GAMES["iriri"], (6,), 1)][0]
    info = {}
    choose_move("iriri", state, "hard", random.Random(1), seconds=None, iterations=50,
                info=info, clock=StarvedClock())
    assert info["iterations"] == 50 and not info["capped"]


def late_position(game, variant, plies, seed=5):
    spec = GAMES[game]
    rng = random.Random(seed)
    state = spec.new_game(variant, seed=seed)
    while len(getattr(state, "moves", ())) < plies and not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def test_callisto_and_iriri_search_more_iterations_as_the_game_goes_on():
    hard = level_for("callisto", "hard", None, "callisto_2")
    know = knowledge_for("callisto")
    opening = late_position("callisto", "callisto_2", 6)
    later = late_position("callisto", "callisto_2", 30)
    assert iterations_for(hard, know, opening) == hard.iterations
    assert hard.iterations < iterations_for(hard, know, later) <= hard.iterations * 8
    medium = level_for("callisto", "medium", None, "callisto_2")
    assert iterations_for(medium, know, later) == medium.iterations
    iriri = GAMES["iriri"]
    know = knowledge_for("iriri")
    states = [s for _, s in states_along(iriri, (0, 24), 2)]
    hard = level_for("iriri", "hard")
    assert iterations_for(hard, know, states[0]) == hard.iterations
    assert iterations_for(hard, know, states[1]) > hard.iterations


def test_callisto_expert_budget_grows_from_its_fourth_piece_and_hard_from_its_fifth():
    """Expert's iterations cost relatively more in the middle game than Hard's, so its
    budget grows a piece sooner (its level's ``work_from``; the opening 1x1s count as
    pieces); each grows by the same factor a piece after that, and a level without
    ``work_from`` keeps the variant's."""
    know = knowledge_for("callisto")
    hard = level_for("callisto", "hard", None, "callisto_2")
    expert = level_for("callisto", "expert", None, "callisto_2")
    assert hard.work_from is None and expert.work_from == 3
    rng = random.Random(3)
    state = GAMES["callisto"].new_game("callisto_2", seed=3)
    weights, middle = {}, None
    while not state.is_over:
        placed = sum(1 for c, _ in state.moves if c == state.colour)
        if placed == 8:
            middle = state
        if 2 <= placed <= 6 and placed not in weights:
            weights[placed] = (iterations_for(hard, know, state) / hard.iterations,
                               iterations_for(expert, know, state) / expert.iterations)
        state = state.play(rng.choice(state.legal_moves()))
    assert [weights[p][0] == 1 for p in range(2, 7)] == [True, True, True, False, False]
    assert [weights[p][1] == 1 for p in range(2, 7)] == [True, True, False, False, False]
    # one piece ahead: Expert's weight at its nth piece is Hard's at its (n+1)th
    for placed in (4, 5):
        assert weights[placed][1] == pytest.approx(weights[placed + 1][0], rel=1e-3)
    same = expert.but(work_from=None)
    assert iterations_for(same, know, middle) == round(
        same.iterations * know.work_weight(middle, hard)) > same.iterations


#: What a busy process runs beside the searches: Python spinning.
SPIN = "while True:\n    pass\n"

#: Searches made with and without load: (game, variant, level, plies into a random game).
#: Levels whose budget was a time before (the moves then changed with the load).
UNDER_LOAD = {"calliro": (None, "medium", 10), "iriri": (None, "medium", 4),
              "callisto": ("callisto_2", "hard", 24), "calabria": (None, "medium", 40),
              "calla": (None, "medium", 6)}


def answers():
    out = []
    for game in GAMES:
        variant, level, plies = UNDER_LOAD[game]       # a game left out is named here
        spec = GAMES[game]
        rng = random.Random(11)
        state = spec.new_game(variant, seed=11)
        for _ in range(plies):
            state = state.play(rng.choice(state.legal_moves()))
        mcts._KEPT.clear()
        info = {}
        move = choose_move(game, state, level, random.Random(4), info=info)
        assert not info["capped"]
        out.append((game, spec.format_move(state, move), info["iterations"]))
    mcts._KEPT.clear()
    return out


def test_the_same_seed_gives_the_same_move_on_a_busy_machine(monkeypatch):
    # The cap is lifted here, so that a machine already busy with other work cannot
    # cut a search short: what is compared is the budget itself.
    monkeypatch.setattr(levels, "WALL_CAP", 1000.0)
    quiet = answers()
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN], stdin=subprocess.DEVNULL)
                for _ in range(2)]
    try:
        busy = answers()
    finally:
        for proc in spinners:
            proc.kill()
        for proc in spinners:
            proc.wait()
    assert busy == quiet


def test_a_match_game_records_processor_seconds_and_moves_cut_short():
    entry = play_one("calla", ["easy", "random"], 0, 7, 7, opening=2)
    for moves, wall, longest, cpu, capped in entry["timing"]:
        assert moves > 0 and wall >= longest >= 0 and cpu >= 0 and capped == 0


def test_a_match_without_the_cap_spends_every_budget_whole(monkeypatch, tmp_path):
    from game.ai.match import read_record, run_match
    # A cap so short that every search meets it at once, as on a machine with no
    # processor to spare: the match counts the moves it cut short...
    monkeypatch.setattr(levels, "WALL_CAP", 1e-12)
    capped = play_one("calla", ["medium", "easy"], 0, 3, 3, opening=2)
    assert sum(t[4] for t in capped["timing"]) > 0
    # ...and without the cap every move spends its whole budget, and the record says so.
    lifted = play_one("calla", ["medium", "easy"], 0, 3, 3, opening=2, cap=False)
    assert sum(t[4] for t in lifted["timing"]) == 0
    path = tmp_path / "match.json"
    run_match(GAMES["calla"], ["easy", "random"], 2, seed=3, record=path, cap=False)
    assert read_record(path)["cap"] is False
    with pytest.raises(ValueError, match="records another match"):
        run_match(GAMES["calla"], ["easy", "random"], 2, seed=3, record=path)
