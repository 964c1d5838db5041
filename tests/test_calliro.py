"""Calliro's rules, each checked on a position worked out by hand.

On the default board the centre is e5 = (0, 0); its neighbours in turning
order are f5 (E), f4 (NE), e4 (NW), d5 (W), d6 (SW), e6 (SE).  So f5 and e4
bend round e5 at 120 degrees (an arc), f5 and d5 make a straight line, and
f5 and f4 a 60 degree triangle.  Unless a test says otherwise the Repository
holds every chip not on the board or in the Basket, half of each pair with
its first colour (orange, then blue) up.
"""

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game import GAMES
from game.calliro import (DIRECTIONS, Move, cell_label, cells, flip, neighbours, parse_cell,
                          place, replace)
from game.core import leader, rng_for

SPEC = GAMES["calliro"]
RULES = Path(__file__).resolve().parent.parent / "assets" / "rules" / "calliro.json"
PAIRS = (("O", "B"), ("O", "G"), ("B", "G"))


def pair_of(chip):
    return frozenset(chip.upper().split("/"))


def rest(chips, basket=()):
    """The Repository that completes 10 chips of each pair."""
    used = Counter(pair_of(c) for c in list(chips) + list(basket) if not c.startswith("S"))
    out = []
    for a, b in PAIRS:
        n = 10 - used[frozenset((a, b))]
        out += [f"{a}/{b.lower()}"] * (n - n // 2) + [f"{b}/{a.lower()}"] * (n // 2)
    return out


def pos(chips, to_move=0, repository=None, basket=(), **extra):
    data = {"cells": dict(chips), "to_move": to_move, "basket": list(basket)}
    data["repository"] = rest(chips.values(), basket) if repository is None else list(repository)
    data.update(extra)
    return SPEC.from_position(data)


def mv(state, text):
    return state.play(SPEC.parse_move(state, text))


def legal_texts(state):
    return {SPEC.format_move(state, m) for m in state.legal_moves()}


def c(label):
    return parse_cell(label)


# --- the board ------------------------------------------------------------------

def test_board_has_61_cells_with_e5_in_the_centre():
    board = cells()
    assert len(board) == 61 and len(cells(2)) == 19 and len(cells(5)) == 91
    assert cell_label((0, 0)) == "e5" and parse_cell("E5") == (0, 0)
    assert cell_label((-4, 0)) == "a5" and cell_label((4, -4)) == "i1"
    assert cell_label((0, 4)) == "e9" and cell_label((-4, 4)) == "a9"
    for bad in ("a1", "i9", "j5", "e10", "5e"):
        with pytest.raises(ValueError):
            parse_cell(bad)
    assert [cell_label(n) for n in neighbours((0, 0))] == ["f5", "f4", "e4", "d5", "d6", "e6"]
    assert [cell_label(n) for n in neighbours((-4, 0))] == ["b5", "b4", "a6"]  # a corner
    assert len(DIRECTIONS) == 6


def test_new_game_deals_30_chips_with_random_sides_from_the_seed():
    s = SPEC.new_game(seed=5)
    data = s.position()
    assert data["cells"] == {} and data["basket"] == [] and data["scores"] == [0, 0]
    assert len(data["repository"]) == 30
    assert Counter(pair_of(x) for x in data["repository"]) == {
        frozenset("OB"): 10, frozenset("OG"): 10, frozenset("BG"): 10}
    assert s.to_move == 0 and data["draws"] == 1 and data["flip_lock"] is None
    assert sum(s.repository_counts().values()) == 30
    assert SPEC.new_game(seed=5) == s
    sides = {tuple(SPEC.new_game(seed=n).repository_chips()) for n in range(6)}
    assert len(sides) > 1  # the seed decides which sides are up
    assert SPEC.from_position({"seed": 5}) == s


def test_first_chip_goes_anywhere_and_flips_need_a_chip():
    s = SPEC.new_game(seed=1)
    moves = s.legal_moves()
    assert len(moves) == 61 * 3 and all(m.action == "place" for m in moves)
    t = mv(s, "g@a5")
    assert t.chip_at("a5")[0] == "G" and t.to_move == 1


def test_placement_must_touch_a_chip_and_score_chips_count():
    s = pos({"e5": "S0"})
    assert s.scores == (1, 0)
    places = {m.cell for m in s.legal_moves() if m.action == "place"}
    assert places == set(neighbours((0, 0)))
    assert s.action_problem("O@e3") == "not next to any chip"
    assert s.action_problem("O@e5") == "that cell is taken"
    with pytest.raises(ValueError, match="not next to any chip"):
        mv(s, "O@e3")
    assert s.action_problem("flip e5") == "score chips never flip"
    assert s.action_problem("flip e6") == "there is no chip there"
    assert not [m for m in s.legal_moves() if m.action == "flip"]


def test_placing_keeps_the_up_side_and_draws_the_chip_from_the_seed():
    repo = ["O/g"] * 10 + ["B/o"] * 10 + ["B/g"] * 10
    s = pos({}, repository=repo, seed=33)
    assert s.repository_counts() == {"O": 10, "B": 20, "G": 0}
    assert s.action_problem("G@e5") == "the Repository has no chip with green up"
    assert s.action_problem("O/b@e5") == ("the Repository holds no orange/blue chip with "
                                          "orange up")
    assert {m.up for m in s.legal_moves()} == {"O", "B"}
    # only one kind shows orange: no draw is needed
    t = mv(s, "O@e5")
    assert t.chip_at("e5") == "O/g" and t.draws == 1
    assert t.last["chip"] == "O/g" and not t.last["asked"]
    # blue up: 10 B/o and 10 B/g, the first draw after setup decides
    u = mv(s, "B@e5")
    expected = "B/o" if rng_for(33, 1).randrange(20) < 10 else "B/g"
    assert u.chip_at("e5") == expected and u.draws == 2
    assert mv(s, "B@e5") == u
    # asking for a particular chip draws nothing
    v = mv(s, "B/g@e5")
    assert v.chip_at("e5") == "B/g" and v.draws == 1 and v.last["asked"]
    assert v.repository_counts() == {"O": 10, "B": 19, "G": 0}
    assert SPEC.parse_move(s, "b/G@E5") == place((0, 0), "B", "G")


def test_draws_vary_with_the_seed():
    repo = ["O/b"] * 5 + ["B/o"] * 5 + ["O/g"] * 5 + ["G/o"] * 5 + ["B/g"] * 10
    drawn = {mv(pos({}, repository=repo, seed=n), "O@e5").chip_at("e5") for n in range(20)}
    assert drawn == {"O/b", "O/g"}


# --- scoring --------------------------------------------------------------------

#: The option turned off: the chip that scored always becomes the score chip.
OFF = {"scorer_chooses_replacement": False}


def test_an_arc_scores_for_the_colours_owner_on_the_opponents_move():
    s = pos({"e5": "B/o", "f5": "O/g"}, to_move=1, options=OFF)
    t = mv(s, "O@e4")  # Green bends f5-e5-e4: Blue's chip scores
    assert t.scores == (1, 0)
    assert t.chip_at("e5") == "S0" and t.chip_at("e4")[0] == "O" and t.chip_at("f5") == "O/g"
    assert t.basket_chips() == ["O/b"]
    assert t.to_move == 0 and t.idle == 0
    last = t.last
    assert last["player"] == 1 and last["action"] == "place" and last["cell"] == c("e4")
    assert last["points"] == (1, 0)
    assert last["scoring"] == [c("e5")] and last["replaced"] == [c("e5")]
    assert last["arcs"] == [(c("f5"), c("e5"), c("e4"))]
    assert last["to_basket"] == ["B/o"] and not last["basket_returned"]
    assert last["skipped"] == [] and last["pending"] == []


def test_a_flip_that_makes_an_arc_scores():
    s = pos({"e5": "O/g", "f5": "O/b", "e4": "O/b"}, to_move=0, options=OFF)
    t = mv(s, "flip e5")  # Blue turns up green: Green scores
    assert t.scores == (0, 1) and t.chip_at("e5") == "S1"
    assert t.last["flipped"] == [c("e5")] and t.last["chip"] == "G/o"
    assert t.flip_locked is None  # the flipped chip left the board


def test_a_straight_line_never_scores():
    s = pos({"e5": "B/o", "f5": "O/g"})
    t = mv(s, "O@d5")
    assert t.scores == (0, 0) and t.chip_at("e5") == "B/o" and t.last["scoring"] == []
    assert s.scoring_after(SPEC.parse_move(s, "O@d5")) == []
    assert s.scoring_after(SPEC.parse_move(s, "O@e4")) == [c("e5")]


def test_a_triangle_scores_only_with_the_option():
    chips = {"e5": "B/o", "f5": "O/g"}
    t = mv(pos(chips), "O@f4")
    assert t.scores == (0, 0) and t.chip_at("e5") == "B/o"
    u = mv(pos(chips, options={"triangle_arcs": True, **OFF}), "O@f4")
    assert u.scores == (1, 0) and u.chip_at("e5") == "S0"
    assert u.last["arcs"] == [(c("f5"), c("e5"), c("f4"))]


def test_two_blue_chips_between_two_orange_score_two():
    s = pos({"e5": "B/o", "f4": "B/g", "f5": "O/g"})
    t = mv(s, "O@e4")
    assert t.scores == (2, 0)
    assert t.chip_at("e5") == "S0" and t.chip_at("f4") == "S0"
    assert sorted(t.basket_chips()) == ["B/g", "O/b"]
    assert t.last["points"] == (2, 0) and sorted(t.last["scoring"]) == sorted([c("e5"), c("f4")])


def test_a_chip_in_three_arcs_scores_once():
    s = pos({"f5": "O/b", "e4": "O/g", "d6": "O/b"}, options=OFF)
    t = mv(s, "B@e5")
    assert t.scores == (1, 0) and t.chip_at("e5") == "S0"
    assert len(t.last["arcs"]) == 3 and t.last["points"] == (1, 0)
    assert t.basket_chips() and len(t.basket_chips()) == 1


def test_rule_2_forbids_a_placement_that_makes_both_colours_score():
    # O@e4 would bend f5-e5-e4 round blue e5 and e4-d4-c5 round green d4
    s = pos({"e5": "B/o", "f5": "O/g", "d4": "G/o", "c5": "O/b"})
    move = SPEC.parse_move(s, "O@e4")
    assert move not in s.legal_moves()
    assert s.action_problem(move).startswith("Rule 2: blue and green would both score")
    with pytest.raises(ValueError, match="Rule 2"):
        s.play(move)
    assert sorted(s.scoring_after(move)) == sorted([c("e5"), c("d4")])
    assert {"B@e4", "G@e4"} <= legal_texts(s)  # other colours there are fine


def test_rule_2_forbids_a_flip_that_makes_both_colours_score():
    s = pos({"e5": "B/o", "f5": "O/g", "d4": "G/o", "c5": "O/b", "e4": "B/o"}, to_move=1)
    assert "flip e4" not in legal_texts(s)
    assert s.action_problem("flip e4").startswith("Rule 2")
    with pytest.raises(ValueError, match="Rule 2"):
        mv(s, "flip e4")
    assert "flip e5" in legal_texts(s)


def test_one_colour_scoring_twice_is_not_rule_2():
    s = pos({"e5": "B/o", "f5": "O/g", "d4": "B/g", "c5": "O/b"})
    t = mv(s, "O@e4")
    assert t.scores == (2, 0)


# --- the flip lock -------------------------------------------------------------

def test_flip_lock_holds_for_the_opponents_next_turn_only():
    s = pos({"e5": "B/g", "f5": "G/b"}, to_move=0)
    s = mv(s, "flip e5")                                  # turn 1: Blue flips e5
    assert s.flip_locked == c("e5") and s.position()["flip_lock"] == "e5"
    assert "flip e5" not in legal_texts(s) and "flip f5" in legal_texts(s)
    assert s.action_problem("flip e5") == "that chip was just flipped by your opponent"
    with pytest.raises(ValueError, match="just flipped"):
        mv(s, "flip e5")
    s = mv(s, "B@d5")                                     # turn 2: Green places instead
    assert s.flip_locked is None and "flip e5" in legal_texts(s)
    s = mv(s, "G@c5")                                     # turn 3: Blue
    assert "flip e5" in legal_texts(s)                    # Green may flip it again
    t = mv(s, "flip e5")
    assert t.chip_at("e5") == "B/g"


def test_flip_lock_follows_the_latest_flip():
    s = pos({"e5": "B/g", "f5": "G/b"}, to_move=0)
    s = mv(mv(s, "flip e5"), "flip f5")
    assert s.to_move == 0 and s.flip_locked == c("f5")
    assert "flip e5" in legal_texts(s) and "flip f5" not in legal_texts(s)


# --- Basket and Repository -------------------------------------------------------

def test_basket_waits_until_the_repository_is_empty_then_returns_with_random_sides():
    basket = ["O/b"] * 8 + ["O/g"] * 10 + ["B/g"] * 10
    s = pos({"e5": "B/o"}, repository=["O/b"], basket=basket, seed=3)
    assert s.repository_counts() == {"O": 1, "B": 0, "G": 0}
    assert {m.up for m in s.legal_moves() if m.action == "place"} == {"O"}
    t = mv(s, "O@e4")
    assert t.last["basket_returned"] and t.basket_chips() == [] and t.draws == s.draws + 1
    assert len(t.repository_chips()) == 28
    assert Counter(pair_of(x) for x in t.repository_chips()) == {
        frozenset("OB"): 8, frozenset("OG"): 10, frozenset("BG"): 10}
    assert not t.is_over
    sides = {tuple(mv(pos({"e5": "B/o"}, repository=["O/b"], basket=basket, seed=n),
                      "O@e4").repository_chips()) for n in range(5)}
    assert len(sides) > 1


def test_a_chip_scored_with_the_last_placement_comes_back_at_once():
    s = pos({"e5": "B/o", "f5": "O/g"}, repository=["O/b"],
            basket=["O/b"] * 8 + ["O/g"] * 9 + ["B/g"] * 10, options=OFF)
    t = mv(s, "O@e4")
    assert t.scores == (1, 0) and t.last["basket_returned"]
    assert len(t.repository_chips()) == 28 and t.basket_chips() == []


# --- the end -------------------------------------------------------------------------

TEN_BLACK = {label: "S0" for label in ("a9", "b9", "c9", "d9", "e9", "a8", "b8", "c8", "d8",
                                       "e8")}


def test_eleven_points_win_at_once_even_on_the_opponents_move():
    s = pos({**TEN_BLACK, "e5": "B/o", "f5": "O/g"}, to_move=1)
    assert s.scores == (10, 0)
    t = mv(s, "O@e4")  # Green's own placement gives Blue the 11th point
    assert t.is_over and t.winner == 0 and t.scores == (11, 0) and t.to_move is None
    assert t.end_reason == "Blue reached 11 points."
    assert t.legal_moves() == []
    with pytest.raises(ValueError, match="game is over"):
        mv(t, "O@e3")


@pytest.mark.parametrize("score_chips, winner, reason", [
    (["S0", "S0", "S0", "S1", "S1"], 0, "Every chip is on the board; Blue wins 3 to 2."),
    (["S0", "S1", "S1"], 1, "Every chip is on the board; Green wins 2 to 1."),
    (["S0", "S1"], None, "Every chip is on the board; the scores are level at 1 each."),
])
def test_the_game_ends_when_every_chip_is_on_the_board(score_chips, winner, reason):
    board = cells()
    chips = {}
    kinds = ["B/o"] * 10 + ["G/o"] * 10 + ["B/g"] * 9  # no orange up: no arcs
    for cell, chip in zip(board[:29], kinds):
        chips[cell_label(cell)] = chip
    for cell, chip in zip(board[40:], score_chips):
        chips[cell_label(cell)] = chip
    s = pos(chips, repository=["B/g"])
    assert not s.is_over
    t = mv(s, "B@" + cell_label(board[29]))
    assert t.is_over and t.winner == winner and t.end_reason == reason
    assert not t.last["basket_returned"] and t.legal_moves() == []


def test_a_player_without_an_action_passes_and_the_lock_ends_with_that_turn():
    # radius 2: every cell holds a score chip but c3, so nobody can place
    small = [cell_label(x, 2) for x in cells(2)]
    chips = {label: ("S0" if n % 2 else "S1") for n, label in enumerate(small)}
    chips["c3"] = "O/b"
    s = pos(chips, radius=2)
    assert s.scores == (8, 10) and legal_texts(s) == {"flip c3"}
    t = mv(s, "flip c3")
    # Green's only action would flip c3 back: it is locked, so Green is skipped
    assert t.to_move == 0 and t.passes == 1 and t.last["skipped"] == [1]
    assert t.flip_locked is None and legal_texts(t) == {"flip c3"}
    assert not t.is_over
    u = mv(t, "flip c3")
    assert u.to_move == 0 and u.passes == 1 and u.idle == 2


def test_two_passes_in_a_row_end_the_game():
    small = [cell_label(x, 2) for x in cells(2)]
    chips = {label: ("S0" if n < 10 else "S1") for n, label in enumerate(small)}
    s = pos(chips, radius=2)
    assert s.is_over and s.passes == 2 and s.winner == 0
    assert s.end_reason == "Neither player could act; Blue wins 10 to 9."
    chips["c3"] = "O/b"
    locked = pos(chips, radius=2, to_move=1, flip_lock="c3")
    assert locked.to_move == 0 and locked.passes == 1 and locked.flip_locked is None


def test_idle_limit_ends_a_flipping_war_on_score():
    s = pos({"e5": "B/g", "f5": "G/b", "e4": "S1"}, options={"idle_limit": 4})
    for n, text in enumerate(["flip e5", "flip f5", "flip e5"], start=1):
        s = mv(s, text)
        assert s.idle == n and not s.is_over
    s = mv(s, "flip f5")
    assert s.is_over and s.winner == 1
    assert s.end_reason == ("4 actions in a row placed no chip and scored no point; "
                            "Green wins 1 to 0.")


def test_a_placement_or_a_point_resets_the_idle_count():
    s = pos({"e5": "B/g", "f5": "G/b"}, idle=59)
    assert mv(s, "B@d5").idle == 0
    assert mv(s, "flip e5").is_over  # the 60th idle action (default limit)
    scoring = pos({"e5": "O/b", "f5": "O/g", "e4": "O/g"}, idle=59)
    t = mv(scoring, "flip e5")
    assert t.idle == 0 and not t.is_over and t.scores == (1, 0)
    assert not mv(pos({"e5": "B/g", "f5": "G/b"}, idle=80, options={"idle_limit": 0}),
                  "flip e5").is_over


# --- the scorer chooses the replacement (the default) ---------------------------

OPT = {}


def test_the_scorer_chooses_by_default_and_the_option_turns_it_off():
    assert SPEC.options["scorer_chooses_replacement"] is True
    chips = {"e5": "B/o", "f5": "O/g"}
    assert mv(pos(chips, to_move=1), "O@e4").pending_cells == [c("e5")]
    assert mv(pos(chips, to_move=1, options=OFF), "O@e4").pending_cells == []
    assert pos(chips, options=OFF).position()["options"] == OFF


def test_scorer_may_replace_an_orange_end_instead():
    s = pos({"e5": "B/o", "f5": "O/g"}, to_move=1, options=OPT)
    t = mv(s, "O@e4")  # Green's move, Blue's point: Blue chooses
    assert t.to_move == 0 and t.scores == (1, 0) and t.pending_cells == [c("e5")]
    assert t.position()["pending"] == {"cells": ["e5"], "next": 0}
    assert legal_texts(t) == {"replace e5", "replace f5", "replace e4"}
    assert t.action_problem("O@e3").startswith("first choose where the score chip")
    assert t.action_problem("replace e6").startswith("the score chip for e5 goes on")
    assert t.last["replaced"] == [] and t.basket_chips() == []
    u = mv(t, "replace f5")
    assert u.chip_at("f5") == "S0" and u.chip_at("e5") == "B/o"
    assert u.basket_chips() == ["O/g"] and u.scores == (1, 0) and u.pending_cells == []
    assert u.to_move == 0  # Green moved, so Blue plays next
    assert u.last["action"] == "replace" and u.last["to_basket"] == ["O/g"]


def test_after_the_scorers_own_action_the_opponent_moves_next():
    s = pos({"e5": "B/o", "f5": "O/g"}, to_move=0, options=OPT)
    t = mv(s, "O@e4")
    assert t.to_move == 0 and t.position()["pending"]["next"] == 1
    u = mv(t, "replace e5")
    assert u.to_move == 1 and u.chip_at("e5") == "S0" and u.basket_chips() == ["O/b"]


def test_a_chip_in_three_arcs_can_only_be_replaced_itself():
    t = mv(pos({"f5": "O/b", "e4": "O/g", "d6": "O/b"}, options=OPT), "B@e5")
    assert legal_texts(t) == {"replace e5"}
    # with triangles, f5-e5-f4 (60 degrees) and f4-e5-d5 (120) share f4: f4 may take it
    both = {**OPT, "triangle_arcs": True}
    t = mv(pos({"f5": "O/b", "f4": "O/g", "d5": "O/b"}, options=both), "B/o@e5")
    assert len(t.last["arcs"]) == 2 and legal_texts(t) == {"replace e5", "replace f4"}
    u = mv(t, "replace f4")
    assert u.chip_at("e5") == "B/o" and u.arcs_at("e5") == [] and u.to_move == 1


def test_rule_3_two_chips_between_the_same_two_orange_are_both_replaced():
    # e5 and f4 side by side; e4 and f5 are the two cells next to both
    s = pos({"e5": "B/o", "f4": "B/g", "f5": "O/g"}, options=OPT)
    t = mv(s, "O@e4")
    assert t.scores == (2, 0) and t.pending_cells == [] and t.to_move == 1
    assert t.chip_at("e5") == "S0" and t.chip_at("f4") == "S0"
    assert t.chip_at("e4")[0] == "O" and t.chip_at("f5") == "O/g"
    assert sorted(t.basket_chips()) == ["B/g", "O/b"]
    assert sorted(t.last["replaced"]) == sorted([c("e5"), c("f4")])


def test_two_separate_arcs_are_chosen_one_after_the_other_in_cell_order():
    # O@e4 closes f5-e5-e4 round e5 and e4-d4-c5 round d4: no Rule 3 pair
    s = pos({"e5": "B/o", "f5": "O/g", "d4": "B/g", "c5": "O/b"}, options=OPT)
    t = mv(s, "O@e4")
    assert t.scores == (2, 0) and t.pending_cells == [c("d4"), c("e5")] and t.to_move == 0
    assert legal_texts(t) == {"replace d4", "replace e4", "replace c5"}
    u = mv(t, "replace e4")  # the shared orange end breaks e5's arc too
    assert u.pending_cells == [c("e5")] and legal_texts(u) == {"replace e5"}
    assert u.last["pending"] == [c("e5")] and u.to_move == 0
    v = mv(u, "replace e5")
    assert v.chip_at("e4") == "S0" and v.chip_at("e5") == "S0" and v.chip_at("d4") == "B/g"
    assert v.scores == (2, 0) and v.to_move == 1
    assert SPEC.from_position(t.position()) == t and SPEC.from_position(u.position()) == u


def test_a_position_cannot_leave_a_rule_3_pair_waiting_for_a_choice():
    chips = {"e5": "B/o", "f4": "B/g", "f5": "O/g", "e4": "O/b"}
    data = {"cells": chips, "repository": rest(chips.values()), "to_move": 0,
            "pending": {"cells": ["e5", "f4"], "next": 1}}
    with pytest.raises(ValueError, match="'pending'.*Rule 3"):
        SPEC.from_position(data)


def test_a_winning_point_needs_no_choice():
    s = pos({**TEN_BLACK, "e5": "B/o", "f5": "O/g"}, to_move=1, options=OPT)
    t = mv(s, "O@e4")
    assert t.is_over and t.winner == 0 and t.pending_cells == [] and t.chip_at("e5") == "S0"


# --- notation and positions --------------------------------------------------------

def test_move_notation_round_trips_and_refuses_bad_text():
    s = pos({"e5": "B/o"})
    assert SPEC.parse_move(s, " o @ E4 ") == Move("place", (0, -1), "O")
    assert SPEC.format_move(s, place((0, -1), "o", "b")) == "O/b@e4"
    assert SPEC.parse_move(s, "FLIP e5") == flip((0, 0))
    assert SPEC.parse_move(s, "replace f4") == replace((1, -1))
    for bad in ("x@e5", "O/o@e5", "flip", "O@z9", "flip a1", "e5", ""):
        with pytest.raises(ValueError):
            SPEC.parse_move(s, bad)
    assert SPEC.format_move(pos({}, radius=2), flip((0, 0))) == "flip c3"


def test_illegal_moves_raise():
    s = pos({"e5": "B/o"})
    for move in (place((0, 0), "O"), place((9, 9), "O"), flip((1, 0)), replace((0, 0)),
                 ("jump", (0, 0), None, None), "O@e4", 7):
        with pytest.raises(ValueError):
            s.play(move)
    assert s.action_problem("replace e5").startswith("nothing to replace")


@pytest.mark.parametrize("data, field", [
    ({"colour": 1}, "colour"),
    ({"cells": {"z9": "O/b"}}, "cells"),
    ({"cells": {"e5": "O/o"}}, "cells"),
    ({"cells": {"e5": "B/o", "E5": "B/o"}}, "cells"),
    ({"cells": {"e5": "B/o", "f5": "O/b", "e4": "O/g"}}, "cells"),   # an arc left standing
    ({"cells": {"e5": "B/o"}, "repository": ["O/b"] * 10}, "repository"),
    ({"basket": ["S0"]}, "basket"),
    ({"basket": ["O/b"] * 11}, "cells"),
    ({"cells": {"e5": "S0"}, "scores": [0, 0]}, "scores"),
    ({"cells": {"e5": "B/o"}, "flip_lock": "e6"}, "flip_lock"),
    ({"to_move": 2}, "to_move"),
    ({"passes": 3}, "passes"),
    ({"passes": 2, "cells": {"e5": "B/o"}}, "passes"),
    ({"idle": -1}, "idle"),
    ({"radius": 5, "options": {"radius": 4}}, "radius"),
    ({"options": {"radius": 1}}, "options"),
    ({"pending": {"cells": ["e5"]}, "cells": {"e5": "B/o"}, "options": OFF}, "pending"),
    ({"repository": [], "basket": ["O/b"] * 10 + ["O/g"] * 10 + ["B/g"] * 10}, "basket"),
    ({"cells": {**{f"{a}9": "S0" for a in "abcde"}, **{f"{a}8": "S0" for a in "abcdef"},
                **{f"{a}1": "S1" for a in "efghi"}, **{f"{a}2": "S1" for a in "defghi"}}},
     "scores"),
])
def test_bad_positions_name_the_field(data, field):
    with pytest.raises(ValueError, match=f"'{field}'"):
        SPEC.from_position(data)


def test_pending_position_is_checked():
    chips = {"e5": "B/o", "f5": "O/g", "e4": "O/b"}
    good = {"cells": chips, "repository": rest(chips.values()), "options": OPT,
            "pending": {"cells": ["e5"], "next": 1}, "to_move": 0}
    s = SPEC.from_position(good)
    assert s.scores == (1, 0) and s.to_move == 0
    with pytest.raises(ValueError, match="'to_move'"):
        SPEC.from_position({**good, "to_move": 1})
    with pytest.raises(ValueError, match="'pending'"):
        SPEC.from_position({**good, "pending": {"cells": ["f5"]}})


def test_missing_fields_take_start_values_and_radius_sets_the_option():
    s = SPEC.from_position({"radius": 3})
    assert s.radius == 3 and len(s.repository_chips()) == 30 and s.to_move == 0
    assert s.position()["options"] == {"radius": 3} and len(s.legal_moves()) == 37 * 3


# --- playouts ---------------------------------------------------------------------------

@pytest.mark.parametrize("options", [
    {}, {"triangle_arcs": True, "scorer_chooses_replacement": False},
    {"radius": 3, "idle_limit": 12}])
def test_random_playouts_round_trip_and_end_consistently(options):
    rng = random.Random(2024)
    for game in range(8):
        s = SPEC.new_game(seed=game, **options)
        for _ in range(2000):
            if s.is_over:
                break
            moves = s.legal_moves()
            assert moves and len(set(moves)) == len(moves)
            for m in moves:
                assert SPEC.parse_move(s, SPEC.format_move(s, m)) == m
            s = s.play(rng.choice(moves))
            assert SPEC.from_position(s.position()) == s
            assert json.loads(json.dumps(s.position())) == s.position()
        assert s.is_over and s.legal_moves() == [] and s.end_reason
        if max(s.scores) >= 11:
            assert s.scores[s.winner] >= 11
        else:
            assert s.winner == leader(s.scores)


def perft(state, depth):
    if depth == 0:
        return 1
    return sum(perft(state.play(m), depth - 1) for m in state.legal_moves())


def test_perft_two_plies():
    # 37 inner cells leave 6 neighbours, 18 edge cells 4, 6 corners 3; each reply
    # is one of 3 colours on a neighbour, or the flip of the first chip
    assert perft(SPEC.new_game(seed=3), 2) == 3 * (37 * 19 + 18 * 13 + 6 * 10)


def test_the_same_seed_and_moves_give_the_same_game():
    def run(seed):
        rng = random.Random(9)
        s = SPEC.new_game(seed=seed)
        for _ in range(40):
            s = s.play(rng.choice(s.legal_moves()))
        return s
    assert run(4) == run(4)
    assert run(4).position() != run(5).position()


def test_play_does_not_change_the_state():
    s = pos({"e5": "B/o", "f5": "O/g"})
    before = s.position()
    s.play(SPEC.parse_move(s, "O@e4"))
    assert s.position() == before


# --- the rules screen ------------------------------------------------------------------

def test_every_rules_diagram_loads():
    rules = json.loads(RULES.read_text(encoding="utf-8"))
    assert rules["title"] == "Calliro" and rules["sections"]
    diagrams = [sec["diagram"] for sec in rules["sections"] if "diagram" in sec]
    assert 2 <= len(diagrams) <= 4
    for d in diagrams:
        state = SPEC.from_position(d["position"])
        for mark in d.get("marks", []):
            try:
                SPEC.parse_move(state, mark)
            except ValueError:
                parse_cell(mark, state.radius)
