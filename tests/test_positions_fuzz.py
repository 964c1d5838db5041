"""Spoiled positions through ``from_position``, every game.

Real positions from random games, spoiled the way a damaged or hand-edited
file spoils them (``position_mutations``): keys dropped, wrong types, huge and
negative numbers, NaN, control characters, lists cut or grown, pieces moved,
dropped or doubled.  Whatever comes in, ``from_position`` either raises a
ValueError whose message names the field, or returns a state that reads back
to itself and whose pieces could exist in a game.  Then one position for each
impossible count found so far, by name.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from position_mutations import (ACCEPTED, HUGE, REFUSED, impossible, judge, mutate,
                                real_positions)


@lru_cache(maxsize=None)
def positions(game: str) -> tuple:
    return tuple(real_positions(game, games=1, seed=7))


def spoiled(game: str):
    """A real position of ``game``, spoiled in one to three places."""
    return st.builds(lambda base, rng: mutate(base, rng, game),
                     st.sampled_from(positions(game)),
                     st.randoms(use_true_random=False))


# --- the property ----------------------------------------------------------------------

@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          database=None)
@given(data=st.data())
def test_a_spoiled_position_is_refused_by_name_or_read_as_a_possible_state(game, data):
    verdict, detail = judge(game, data.draw(spoiled(game), label="position"))
    assert verdict in (REFUSED, ACCEPTED), f"{verdict}: {detail}"


@pytest.mark.parametrize("game", list(GAMES))
def test_real_positions_are_read_back_and_possible(game):
    """The judge itself: every position of a played game passes it."""
    for position in positions(game):
        state = GAMES[game].from_position(json.loads(json.dumps(position)))
        assert impossible(game, state) is None


@pytest.mark.parametrize("game", list(GAMES))
def test_the_spoiling_reaches_both_answers(game):
    """Spoiled positions are not all refused at the door: many are read, so the
    checks of possible pieces get to work."""
    rng = random.Random(5)
    verdicts = [judge(game, mutate(rng.choice(positions(game)), rng, game))[0]
                for _ in range(150)]
    assert verdicts.count(REFUSED) > 15 and verdicts.count(ACCEPTED) > 15, verdicts


# --- impossible counts, one position each --------------------------------------------------

def start(game: str, **changes) -> dict:
    return {**GAMES[game].new_game(seed=3).position(), **changes}


def refused(game: str, data, field: str) -> str:
    with pytest.raises(ValueError) as caught:
        GAMES[game].from_position(data)
    message = str(caught.value)
    assert f"'{field}'" in message, message
    assert len(message) < 400, message
    return message


def iriri_figure() -> dict:
    """The rules screen's words diagram: 17 ring pieces, 7 on the board, both hands full."""
    return {"ring": "Bl Ys Yl Bm Ys Bl Ym Bs Yl Bl Ys Bm Yl Ym Bl Bs Bm".split(),
            "board": {"0,0": "Ym", "0,1": "Ys", "0,2": "Bs", "1,0": "Yl", "1,2": "Bm",
                      "2,0": "Bs", "2,1": "Ym"},
            "hands": [["Ys", "Ym", "Yl"], ["Bs", "Bm", "Bl"]], "scores": [10.5, 8],
            "to_move": 1, "phase": "place", "first_done": True, "seed": 0}


def test_iriri_figure_is_possible():
    assert GAMES["iriri"].from_position(iriri_figure()).scores == (10.5, 8)


def test_iriri_a_piece_missing_from_the_ring():
    data = iriri_figure()
    data["ring"].remove("Ym")
    assert "hold 4 Ym in all; the set has 5" in refused("iriri", data, "ring")


def test_iriri_a_piece_missing_from_the_board():
    data = iriri_figure()
    del data["board"]["2,1"]
    assert "hold 4 Ym" in refused("iriri", data, "board")


def test_iriri_a_piece_too_many_in_a_hand():
    data = iriri_figure()
    data["ring"].remove("Bm")
    data["hands"][1].append("Bl")
    refused("iriri", data, "hands")


def test_iriri_a_piece_gone_from_the_start():
    data = start("iriri")
    data["ring"].pop()
    refused("iriri", data, "ring")


def test_iriri_a_hand_not_refilled():
    data = iriri_figure()
    data["hands"][0].remove("Ym")
    data["ring"].append("Ym")
    assert "holds 2 pieces while the ring has more to take" in \
        refused("iriri", data, "hands")


def test_iriri_start_hands_swapped_for_ring_pieces():
    data = start("iriri")
    data["hands"][0] = ["Ys", "Ys", "Yl"]
    data["ring"][data["ring"].index("Ys")] = "Ym"
    refused("iriri", data, "hands")


def test_iriri_a_board_piece_apart_from_the_rest():
    data = iriri_figure()
    data["board"]["5,5"] = data["board"].pop("2,1")
    assert "5,5 apart from the rest" in refused("iriri", data, "board")


def test_iriri_a_board_without_the_first_word_on_0_0():
    data = iriri_figure()
    data["board"] = {f"{r + 1},{c}": t for (r, c), t in
                     ((tuple(map(int, k.split(","))), t) for k, t in data["board"].items())}
    refused("iriri", data, "board")


@pytest.mark.parametrize("label", ["-0,1", "00,1", "+1,0", "0, 1", "\u0660,1", "1,0,0",
                                   "1" * 5000 + ",0", "0,100"], ids=repr)
def test_iriri_cell_labels_are_written_one_way(label):
    data = iriri_figure()
    data["board"][label] = data["board"].pop("0,1")
    refused("iriri", data, "board")


@pytest.mark.parametrize("score", [float("nan"), float("inf"), -float("inf"), 1e308, HUGE,
                                   -HUGE, -0.5, 3600.5 + 1, True, None, "10.5", [10.5]],
                         ids=lambda v: "huge" if v in (HUGE, -HUGE) else repr(v))
def test_iriri_scores_are_finite_half_points(score):
    data = iriri_figure()
    data["scores"] = [score, 8]
    refused("iriri", data, "scores")


def test_iriri_scores_beyond_what_the_board_can_have_scored():
    data = iriri_figure()               # 7 pieces: at most 4 * 7 * 7 + 0.5 points in all
    data["scores"] = [150.5, 47]
    assert "adds up to more than 196.5 points" in refused("iriri", data, "scores")
    data["scores"] = [150.5, 46]
    assert GAMES["iriri"].from_position(data).scores == (150.5, 46)


def test_iriri_the_first_word_scores_at_least_six_and_a_half():
    data = iriri_figure()
    data["scores"] = [5.5, 8]
    refused("iriri", data, "scores")


def test_iriri_blue_to_move_before_anyone_passed():
    refused("iriri", start("iriri", to_move=1), "to_move")


def test_iriri_a_pass_by_a_player_who_could_place():
    refused("iriri", {**iriri_figure(), "passes": 1}, "passes")


def test_iriri_a_seed_too_large():
    refused("iriri", start("iriri", seed=HUGE), "seed")
    refused("iriri", start("iriri", seed=-1), "seed")


def test_calla_a_cube_missing_or_more():
    for pits in ([3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 2, 0], [3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 4, 0]):
        assert "32 cubes" in refused("calla", start("calla", pits=pits), "pits")


def test_calla_huge_numbers():
    pits = [3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 3, 0]
    message = refused("calla", start("calla", pits=pits[:-1] + [HUGE]), "pits[11]")
    assert "a number of about 5001 digits" in message
    refused("calla", start("calla", turns=[HUGE, HUGE]), "turns[0]")


def calliro_game(plies: int = 30, **options) -> dict:
    spec = GAMES["calliro"]
    state = spec.new_game(seed=4, **options)
    rng = random.Random(4)
    for _ in range(plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state.position()


def test_calliro_a_chip_missing_or_doubled():
    data = calliro_game()
    data["repository"].pop()
    assert "must make 10" in refused("calliro", data, "repository")
    data = calliro_game()
    data["basket"].append(data["repository"][0])
    refused("calliro", data, "repository")


def test_calliro_more_score_chips_than_any_game_ends_with():
    from game.calliro import geometry
    data = calliro_game(0)
    data["cells"] = {label: "S0" for label in geometry(4).labels[:18]}
    data.pop("scores")
    assert "hold 18 score chips of Blue" in refused("calliro", data, "cells")


def test_calliro_counters_too_large():
    refused("calliro", {**calliro_game(), "seed": HUGE}, "seed")
    refused("calliro", {**calliro_game(), "draws": HUGE}, "draws")
    refused("calliro", {**calliro_game(), "idle": 61}, "idle")


def test_calliro_a_long_or_deep_chip_is_named_briefly():
    data = calliro_game()
    label = next(iter(data["cells"]))
    for junk in ("x" * 100_000, "9" * 5000, nested(5000)):
        data["cells"][label] = junk
        refused("calliro", data, "cells")


def nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def test_calabria_counters_too_large():
    spec = GAMES["calabria"]
    state = spec.new_game(seed=1)
    rng = random.Random(1)
    while state.phase == "positioning":
        state = state.play(rng.choice(state.legal_moves()))
    data = state.position()
    assert spec.from_position({**data, "quiet_plies": 100}).quiet_plies == 100
    refused("calabria", {**data, "quiet_plies": 101}, "quiet_plies")
    refused("calabria", {**data, "quiet_plies": HUGE}, "quiet_plies")


def test_calabria_a_piece_lost_while_positioning():
    data = start("calabria")
    data["board"] = ["r" + "." * 11] + ["." * 12] * 7
    data["to_move"] = 1
    data["in_hand"] = [{"pieces": 10, "dux": 1}, {"pieces": 12, "dux": 1}]
    refused("calabria", data, "in_hand")


def test_callisto_long_move_text_is_named_briefly():
    data = start("callisto", moves=[[0, "x" * 100_000]])
    refused("callisto", data, "moves[0]")


def test_callisto_derived_fields_are_exact():
    data = GAMES["callisto"].from_position({"moves": [[0, "f7"]]}).position()
    refused("callisto", {**data, "scores": [0.0, 0]}, "scores")
    refused("callisto", {**data, "to_move": True}, "to_move")


@pytest.mark.parametrize("game", list(GAMES))
def test_an_unknown_field_with_a_long_name_is_named_briefly(game):
    with pytest.raises(ValueError, match="unknown field 'xxxxxxxxxx") as caught:
        GAMES[game].from_position({"x" * 100_000: 1})
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("seed", [-1, 2 ** 63, HUGE, 1.0, True],
                         ids=["-1", "2**63", "huge", "1.0", "True"])
def test_new_games_take_seeds_from_0_to_2_63(seed):
    with pytest.raises(ValueError, match="seed"):
        GAMES["calla"].new_game(seed=seed)


@pytest.mark.parametrize("game, position, field", [
    ("callisto", {"variant": "callisto_2", "moves": [[0, "h\u0661\u0666"]]}, "moves"),
    ("iriri", {"board": {"\u0660,\u0660": "Ys"}}, "board"),
])
def test_a_cell_written_in_other_digits_is_refused_with_its_field(game, position, field):
    """Cells are written in the digits 0-9 only, as moves are: another script's digits
    (here Arabic-Indic) are refused by name, not read as numbers."""
    with pytest.raises(ValueError, match=field):
        GAMES[game].from_position(position)
