"""Calabria's rules, each checked on a position worked out by hand.

Boards are drawn from a few named squares; unless a test places them itself,
the Roman Dux waits on a8 and the Gladiator Dux on l1, out of the way.
"""

import json
import random
from pathlib import Path

import pytest

from game import GAMES
from game.calabria import Move, square_index, square_name
from game.core import leader

SPEC = GAMES["calabria"]
RULES = Path(__file__).resolve().parent.parent / "assets" / "rules" / "calabria.json"


def sq(name):
    return square_index(name)


def names(squares):
    return sorted(square_name(i) for i in squares)


def rows(units):
    grid = [["."] * 12 for _ in range(8)]
    for name, c in units.items():
        i = sq(name)
        grid[i // 12][i % 12] = c
    return ["".join(r) for r in grid]


def pos(units, to_move=0, phase="movement", **extra):
    units = dict(units)
    if phase == "movement":
        if "R" not in units.values():
            units["a8"] = "R"
        if "G" not in units.values():
            units["l1"] = "G"
    data = {"board": rows(units), "phase": phase, "to_move": to_move}
    data.update(extra)
    return SPEC.from_position(data)


def mv(state, text):
    return state.play(SPEC.parse_move(state, text))


def board_at(state, name):
    return state.board[sq(name)]


# --- positioning ------------------------------------------------------------

def test_start_position():
    s = SPEC.new_game(seed=1)
    assert s.phase == "positioning" and s.to_move == 0
    moves = s.legal_moves()
    assert len(moves) == 192  # a piece or the Dux on each of the 96 squares
    assert {m.kind for m in moves} == {"V", "D"}
    assert s.scores == (0, 0) and not s.is_over
    assert s.barricade_squares() == []


def test_positioning_alternates_and_the_dux_goes_down_whenever_its_side_likes():
    s = SPEC.new_game(seed=1)
    s = mv(s, "D@e4")  # the Romans put their Dux down first
    assert s.to_move == 1 and s.in_hand == ((12, 0), (12, 1))
    assert board_at(s, "e4") == "R"
    s = mv(s, "V@e5")
    assert s.to_move == 0 and s.in_hand == ((12, 0), (11, 1))
    assert {m.kind for m in s.legal_moves()} == {"V"}  # Roman Dux already down
    assert s.action_problem(SPEC.parse_move(s, "D@a1")) == "your Dux is already on the board"
    assert s.action_problem(SPEC.parse_move(s, "V@e5")) == "that square is taken"
    assert SPEC.parse_move(s, "V@e5") not in s.legal_moves()


def test_dux_may_be_the_last_placement_and_then_movement_begins():
    romans = {f"{f}1": "r" for f in "abcdefghijkl"}
    gladiators = {f"{f}8": "g" for f in "abcdefghijkl"}
    s = pos({**romans, **gladiators}, phase="positioning")
    assert s.in_hand == ((0, 1), (0, 1)) and s.to_move == 0
    assert {m.kind for m in s.legal_moves()} == {"D"}  # only the Dux is left
    assert s.action_problem(SPEC.parse_move(s, "V@e4")) == \
        "all your pieces are placed; place your Dux"
    s = mv(s, "D@e4")
    assert s.phase == "positioning" and s.to_move == 1
    s = mv(s, "D@e5")
    assert s.phase == "movement" and s.to_move == 0  # Romans move first
    assert s.quiet_plies == 0
    assert s.barricades_left == (4, 4)
    assert any(m.kind == "X" for m in s.legal_moves())


def test_positioning_makes_no_captures_and_allows_no_barricades():
    s = pos({"c4": "r", "d4": "g"}, phase="positioning")
    assert s.action_problem(SPEC.parse_move(s, "X@a1")) == \
        "no moves or barricades until every piece has been placed"
    assert s.action_problem(SPEC.parse_move(s, "c4-c5")) == \
        "no moves or barricades until every piece has been placed"
    s = mv(s, "V@e4")  # d4 now sits between two Romans
    assert board_at(s, "d4") == "g" and s.last["captured"] == []
    s = mv(s, "V@f4")  # a Gladiator may be placed between enemies too
    assert board_at(s, "f4") == "g"


# --- movement -----------------------------------------------------------------

def test_pieces_move_like_rooks_through_empty_squares():
    s = pos({"e4": "r", "e7": "g", "b4": "r", "h4": "Y", "j8": "g"})
    assert names(s.destinations("e4")) == sorted(
        ["e5", "e6", "e3", "e2", "e1", "d4", "c4", "f4", "g4"])
    assert s.action_problem(SPEC.parse_move(s, "e4-f5")) == \
        "pieces move in straight lines, like a rook"
    assert s.action_problem(SPEC.parse_move(s, "e4-e8")) == "the way is blocked"
    assert s.action_problem(SPEC.parse_move(s, "e4-e7")) == "that square is taken"
    assert s.action_problem(SPEC.parse_move(s, "e7-e6")) == "that is not your piece"
    assert s.action_problem(SPEC.parse_move(s, "h4-h5")) == "barricades never move"
    with pytest.raises(ValueError, match="straight lines"):
        mv(s, "e4-f5")
    after = mv(s, "e4-e6")
    assert board_at(after, "e6") == "r" and board_at(after, "e4") == "."
    assert after.last["path"] == [sq("e4"), sq("e6")] and after.to_move == 1
    assert board_at(s, "e4") == "r"  # the original state is unchanged


def test_custodial_capture_between_two_pieces():
    s = mv(pos({"c4": "r", "d4": "g", "e6": "r", "h8": "g"}), "e6-e4")
    assert board_at(s, "d4") == "."
    assert s.last["captured"] == [sq("d4")]
    assert s.scores == (2, 1)
    assert s.quiet_plies == 0 and s.history == ()


def test_the_dux_captures_as_hammer_and_as_anvil():
    hammer = mv(pos({"c4": "r", "d4": "g", "e6": "R", "h8": "g"}), "e6-e4")
    assert hammer.last["captured"] == [sq("d4")]
    anvil = mv(pos({"c4": "R", "d4": "g", "e6": "r", "h8": "g"}), "e6-e4")
    assert anvil.last["captured"] == [sq("d4")]


def test_barricades_are_hostile_to_both_sides_by_default():
    for barricade in "XY":
        s = mv(pos({"c4": barricade, "d4": "g", "e6": "r", "h8": "g"}), "e6-e4")
        assert s.last["captured"] == [sq("d4")], barricade


def test_owner_only_barricades_are_hostile_to_the_owners_opponent_only():
    options = {"barricade_hostility": "owner_only"}
    own = mv(pos({"c4": "Y", "d4": "g", "e6": "r", "h8": "g"}, options=options), "e6-e4")
    assert own.last["captured"] == [] and board_at(own, "d4") == "g"
    enemy = mv(pos({"c4": "X", "d4": "g", "e6": "r", "h8": "g"}, options=options), "e6-e4")
    assert enemy.last["captured"] == [sq("d4")]
    gladiators = mv(pos({"c4": "X", "d4": "r", "e6": "g", "h1": "r"}, to_move=1, options=options),
                    "e6-e4")
    assert gladiators.last["captured"] == []


def test_placing_a_barricade_captures():
    s = pos({"c4": "r", "d4": "g", "h8": "g"})
    s = mv(s, "X@e4")
    assert s.last["captured"] == [sq("d4")] and s.last["barricade"] == sq("e4")
    assert board_at(s, "e4") == "X" and s.barricades_left == (3, 4)
    owner_only = mv(pos({"c4": "r", "d4": "g", "h8": "g"},
                        options={"barricade_hostility": "owner_only"}), "X@e4")
    assert owner_only.last["captured"] == [sq("d4")]


def test_the_board_edge_is_not_hostile_but_a_line_along_the_edge_is():
    s = mv(pos({"a4": "g", "a5": "r", "b6": "r", "h8": "g"}), "b6-b4")
    assert board_at(s, "a4") == "g" and s.last["captured"] == []
    s = mv(pos({"a4": "g", "a5": "r", "c3": "r", "h8": "g"}), "c3-a3")
    assert s.last["captured"] == [sq("a4")]


def test_corner_capture():
    s = mv(pos({"a1": "g", "a2": "r", "b5": "r", "h8": "g"}), "b5-b1")
    assert s.last["captured"] == [sq("a1")]
    lone = mv(pos({"a1": "g", "b5": "r", "h8": "g"}), "b5-b1")
    assert lone.last["captured"] == []


def test_multiple_captures_at_once():
    s = pos({"d4": "g", "c4": "r", "f4": "g", "g4": "r", "e5": "g", "e6": "r", "e1": "r",
             "h8": "g"})
    s = mv(s, "e1-e4")
    assert names(s.last["captured"]) == ["d4", "e5", "f4"]
    assert s.scores == (4, 1) and not s.is_over


def test_moving_between_two_enemies_is_safe_and_pins_the_piece():
    s = mv(pos({"c4": "g", "e4": "g", "d6": "r", "h8": "g"}), "d6-d4")
    assert board_at(s, "d4") == "r" and s.last["captured"] == []
    assert board_at(s, "c4") == "g" and board_at(s, "e4") == "g"
    s = mv(s, "h8-h7")
    assert sq("d4") in s.pinned()
    assert s.destinations("d4") == []
    assert s.action_problem(SPEC.parse_move(s, "d4-d5")) == "that piece is pinned (Alligatus)"
    with pytest.raises(ValueError, match="Alligatus"):
        mv(s, "d4-d5")


def test_a_vertical_flank_pins_too():
    s = pos({"d5": "g", "d3": "g", "d4": "r", "h8": "g"})
    assert s.pinned() == [sq("d4")] and s.destinations("d4") == []


def test_barricades_never_pin():
    s = pos({"c4": "Y", "e4": "g", "d4": "r", "h8": "g"})
    assert s.pinned() == []
    assert sq("d5") in s.destinations("d4")
    s = pos({"c4": "X", "e4": "Y", "d4": "r", "h8": "g"})
    assert s.pinned() == [] and len(s.destinations("d4")) == 7  # d5-d8, d3-d1


def test_a_pinned_piece_still_helps_capture():
    s = pos({"c4": "g", "e4": "g", "d4": "r", "d5": "g", "b6": "r"})
    assert sq("d4") in s.pinned()
    s = mv(s, "b6-d6")
    assert s.last["captured"] == [sq("d5")]


def test_a_pinned_piece_is_captured_on_its_other_line():
    s = pos({"c4": "g", "e4": "g", "d4": "r", "d5": "g", "h3": "g", "a6": "r"}, to_move=1)
    assert sq("d4") in s.pinned()
    s = mv(s, "h3-d3")
    assert s.last["captured"] == [sq("d4")]


def test_a_pinned_dux_is_the_anvil_that_frees_it():
    s = pos({"c4": "g", "e4": "g", "d4": "R", "f6": "r", "h8": "g"})
    assert sq("d4") in s.pinned() and s.destinations("d4") == []
    s = mv(s, "f6-f4")  # e4 lies between the Roman on f4 and the pinned Roman Dux
    assert s.last["captured"] == [sq("e4")]
    assert sq("d4") not in s.pinned()
    s = mv(s, "h8-h7")
    assert sq("e4") in s.destinations("d4")


# --- the Dux ----------------------------------------------------------------------

def test_the_dux_is_never_removed_by_a_two_sided_flank():
    s = mv(pos({"d4": "G", "c4": "r", "e6": "r", "h8": "g"}), "e6-e4")
    assert board_at(s, "d4") == "G" and not s.is_over
    assert s.last["dux_captured"] is None and s.last["captured"] == []
    assert sq("d4") in s.pinned()


def test_dux_captured_in_the_open_on_four_sides():
    s = pos({"e5": "G", "e6": "r", "d5": "r", "f5": "r", "e1": "r", "h8": "g"})
    assert s.threatened_dux() == [sq("e5")]
    s = mv(s, "e1-e4")
    assert s.is_over and s.winner == 0 and s.to_move is None
    assert s.last["dux_captured"] == sq("e5") and "G" not in s.board
    assert s.end_reason == "Romans captured the Gladiator Dux."
    assert s.legal_moves() == []


def test_dux_surround_may_use_a_barricade_and_be_completed_by_one():
    s = mv(pos({"e5": "G", "e6": "r", "d5": "r", "f5": "Y", "e1": "r", "h8": "g"}), "e1-e4")
    assert s.is_over and s.winner == 0
    s = mv(pos({"e5": "G", "e6": "r", "d5": "r", "f5": "Y", "e1": "r", "h8": "g"},
               options={"barricade_hostility": "owner_only"}), "e1-e4")
    assert not s.is_over and board_at(s, "e5") == "G"  # its own barricade does not count
    s = mv(pos({"e5": "G", "e6": "r", "d5": "r", "f5": "r", "h8": "g"}), "X@e4")
    assert s.is_over and s.last["dux_captured"] == sq("e5") and s.last["barricade"] == sq("e4")


def test_only_an_enemy_action_captures_a_dux():
    s = mv(pos({"e5": "R", "e6": "g", "d5": "g", "f5": "g", "h8": "g", "b2": "r"}), "X@e4")
    assert board_at(s, "e5") == "R" and not s.is_over and s.last["dux_captured"] is None


def test_dux_on_an_edge_needs_three_sides_by_default():
    units = {"e8": "G", "d8": "r", "f8": "r", "e5": "r", "h1": "g"}
    s = mv(pos(units), "e5-e7")
    assert s.is_over and s.winner == 0 and s.last["dux_captured"] == sq("e8")


def test_dux_edge_sides_four_makes_an_edge_dux_safe():
    units = {"e8": "G", "d8": "r", "f8": "r", "e5": "r", "h1": "g"}
    s = pos(units, options={"dux_edge_sides": 4})
    assert s.threatened_dux() == []
    s = mv(s, "e5-e7")
    assert not s.is_over and board_at(s, "e8") == "G"


def test_dux_in_a_corner_needs_two_sides():
    for edge_sides in (3, 4):
        s = pos({"l8": "G", "k8": "r", "l5": "r", "a1": "g"},
                options={"dux_edge_sides": edge_sides})
        s = mv(s, "l5-l7")
        assert s.is_over and s.winner == 0 and s.last["dux_captured"] == sq("l8"), edge_sides


def test_a_dux_enclosed_already_falls_only_to_an_action_beside_it():
    s = pos({"e5": "G", "e6": "r", "d5": "r", "f5": "r", "e4": "r", "h3": "r", "j8": "g"})
    assert not s.is_over
    s = mv(s, "h3-h4")  # not next to the Dux: nothing happens to it
    assert board_at(s, "e5") == "G" and not s.is_over


def test_dux_jump_chain_may_change_direction():
    s = pos({"a1": "R", "a2": "r", "b3": "r", "h8": "g"})
    assert sq("c3") in s.destinations("a1")
    assert s.jump_path("a1", "c3") == [sq("a1"), sq("a3"), sq("c3")]
    after = mv(s, "a1-c3")
    assert board_at(after, "c3") == "R" and board_at(after, "a1") == "."
    assert after.last["path"] == [sq("a1"), sq("a3"), sq("c3")]


def test_dux_jumps_an_unbroken_line_of_own_pieces():
    s = pos({"a1": "R", "a2": "r", "a3": "r", "h8": "g"})
    assert s.jump_path("a1", "a4") == [sq("a1"), sq("a4")]
    assert sq("a5") not in s.destinations("a1")  # lands only just beyond the line


def test_dux_never_jumps_an_enemy_or_a_barricade():
    s = pos({"c3": "R", "d3": "g", "c4": "r", "c5": "g", "b3": "Y", "c2": "r", "c1": "X",
             "h8": "g"})
    assert s.pinned() == []  # a barricade and an enemy do not pin
    assert s.destinations("c3") == []
    assert s.action_problem(SPEC.parse_move(s, "c3-e3")) == \
        "the Dux cannot reach that square by a slide or a chain of jumps"


def test_a_jump_chain_may_not_end_where_it_began():
    s = pos({"b2": "R", "b3": "r", "h8": "g"})
    assert sq("b4") in s.destinations("b2")
    assert sq("b2") not in s.destinations("b2")
    assert s.action_problem(Move("M", sq("b2"), sq("b2"))) == \
        "a jump chain may not end where it began"


def test_chains_to_the_same_square_are_one_move():
    s = pos({"d4": "R", "d5": "r", "e4": "r", "e6": "r", "f5": "r", "h8": "g"})
    to_f6 = [m for m in s.legal_moves() if m == Move("M", sq("d4"), sq("f6"))]
    assert len(to_f6) == 1
    assert s.jump_path("d4", "f6") == [sq("d4"), sq("d6"), sq("f6")]  # fewest jumps, found first


def test_threatened_dux_sees_both_sides_and_barricades():
    own = pos({"e5": "R", "e6": "g", "d5": "g", "f5": "g", "e1": "g", "h8": "r"})
    assert own.threatened_dux() == [sq("e5")]
    no_filler = {"e5": "G", "e6": "r", "d5": "r", "f5": "r", "a3": "X", "c1": "X", "h1": "X",
                 "j3": "X", "h8": "g"}
    assert pos(no_filler).threatened_dux() == []  # no Roman reaches e4, no barricade left
    del no_filler["j3"]
    assert pos(no_filler).threatened_dux() == [sq("e5")]  # X@e4 would do it


# --- barricades -----------------------------------------------------------------------

def test_barricades_stand_two_squares_apart_from_every_barricade():
    s = pos({"e4": "X", "h6": "Y", "a1": "r", "l8": "g"})
    spots = set(names(s.barricade_squares()))
    for near in ("d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5", "g5", "g7", "h5", "h7", "i6"):
        assert near not in spots, near
    for far in ("c4", "e6", "g2", "f6", "j6", "h4"):
        assert far in spots, far
    assert s.action_problem(SPEC.parse_move(s, "X@f5")) == "barricades must stand two squares apart"
    assert s.action_problem(SPEC.parse_move(s, "X@a1")) == "that square is taken"


def test_barricade_supply_is_four_each():
    s = pos({"a1": "X", "c1": "X", "e1": "X", "g1": "X", "b5": "r", "h8": "g"})
    assert s.barricades_left == (0, 4)
    assert s.barricade_squares() == []
    assert s.action_problem(SPEC.parse_move(s, "X@e5")) == "you have no barricades left"
    s = mv(s, "b5-b6")
    assert len(s.barricade_squares()) > 0  # the Gladiators still have theirs


# --- the end ---------------------------------------------------------------------------

def test_capturing_every_enemy_piece_wins():
    s = mv(pos({"c4": "r", "d4": "g", "e6": "r"}), "e6-e4")
    assert s.is_over and s.winner == 0 and s.scores == (2, 0)
    assert s.end_reason == "Romans captured every Gladiator piece."


NO_MOVE_UNITS = {"l1": "G", "k1": "g", "l2": "g", "j1": "r", "k2": "r", "l3": "r",
                 "a1": "Y", "c1": "Y", "e1": "Y", "g1": "Y"}


def test_a_side_with_no_legal_action_loses():
    s = pos(NO_MOVE_UNITS, to_move=1)
    assert s.barricades_left == (4, 0)
    assert s.is_over and s.winner == 0
    assert s.end_reason == "Gladiators had no legal action left, so Romans win."
    # named by the players, a player wins where a side wins
    assert s.describe_end(["Ann (Romans)", "Gladiators"]) == \
        "Gladiators had no legal action left, so Ann (Romans) wins."


def test_end_checks_come_in_order():
    # No legal action comes before repetition.
    stuck = pos(NO_MOVE_UNITS, to_move=1)
    s = pos(NO_MOVE_UNITS, to_move=1, quiet_plies=4, history=[stuck.key, stuck.key])
    assert s.end_reason.startswith("Gladiators had no legal action")
    # A taken Dux comes before no legal action.
    units = {k: v for k, v in NO_MOVE_UNITS.items() if v != "G"}
    s = SPEC.from_position({"board": rows({**units, "a8": "R", "l1": "X"}), "phase": "movement",
                            "to_move": 1})
    assert not s._generate()[0]  # the Gladiators could not move either
    assert s.end_reason == "Romans captured the Gladiator Dux."
    # Repetition comes before the quiet plies, even with a piece more for one side.
    base = pos({"c3": "r", "d3": "r", "j6": "g"})
    s = pos({"c3": "r", "d3": "r", "j6": "g"}, quiet_plies=100, history=[base.key, base.key])
    assert s.is_over and s.winner is None and "occurred three times" in s.end_reason


SHUFFLE = ["c3-c4", "j6-j5", "c4-c3", "j5-j6"]


def test_third_repetition_is_a_draw():
    s = pos({"c3": "r", "j6": "g"})
    for text in SHUFFLE:
        s = mv(s, text)
    assert not s.is_over and len(s.history) == 4
    for text in SHUFFLE:
        s = mv(s, text)
    assert s.is_over and s.winner is None
    assert s.end_reason == "The same position occurred three times: a draw."


def test_repetition_limit_option():
    s = pos({"c3": "r", "j6": "g"}, options={"repetition_limit": 2})
    for text in SHUFFLE:
        s = mv(s, text)
    assert s.is_over and s.winner is None
    s = pos({"c3": "r", "j6": "g"}, options={"repetition_limit": 0})
    for text in SHUFFLE * 3:
        s = mv(s, text)
    assert not s.is_over


def test_captures_and_barricades_reset_the_repetition_history():
    s = pos({"c3": "r", "j6": "g", "j4": "g"})
    s = mv(mv(s, "c3-c4"), "j6-j5")
    assert len(s.history) == 2
    s = mv(s, "X@a6")
    assert s.history == () and s.quiet_plies == 3
    s = mv(pos({"c4": "r", "d4": "g", "e6": "r", "h8": "g"}, quiet_plies=7,
               history=[pos({"c4": "r", "d4": "g", "e6": "r", "h8": "g"}).key]), "e6-e4")
    assert s.history == () and s.quiet_plies == 0


def test_quiet_ply_limit_gives_the_game_to_the_side_with_more_pieces():
    s = mv(pos({"c3": "r", "j6": "g", "k6": "g"}, quiet_plies=99), "c3-c4")
    assert s.is_over and s.winner == 1
    assert s.end_reason == "100 moves passed without a capture; Gladiators win with 2 pieces to 1."
    s = mv(pos({"c3": "r", "j6": "g"}, quiet_plies=98), "c3-c4")
    assert not s.is_over
    s = mv(s, "X@a6")  # a barricade is a quiet ply too
    assert s.is_over and s.winner is None
    assert s.end_reason == "100 moves passed without a capture; both sides have 1 piece: a draw."
    s = mv(pos({"c3": "r", "j6": "g"}, quiet_plies=99, options={"quiet_ply_limit": 0}), "c3-c4")
    assert not s.is_over and s.quiet_plies == 100


# --- the contract -----------------------------------------------------------------------

def random_game(seed, check=None):
    rng = random.Random(seed)
    s = SPEC.new_game(seed=seed)
    states = [s]
    while not s.is_over:
        s = s.play(rng.choice(s.legal_moves()))
        states.append(s)
        assert len(states) < 5000
    return states


def test_random_games_round_trip_and_end_consistently():
    for seed in range(6):
        states = random_game(seed)
        for k, s in enumerate(states):
            data = json.loads(json.dumps(s.position()))
            assert SPEC.from_position(data) == s
            if k % 25 == 0:
                for m in s.legal_moves():
                    assert SPEC.parse_move(s, SPEC.format_move(s, m)) == m
        end = states[-1]
        reason, winner = end._outcome()
        assert end.legal_moves() == [] and end.to_move is None and end.end_reason
        if reason == "quiet":
            assert winner == leader(end.scores)
        elif reason == "pieces":
            assert end.scores[1 - winner] == 0
        elif reason == "dux":
            assert "RG"[1 - winner] not in end.board and "RG"[winner] in end.board
        elif reason == "stuck":
            assert winner == 1 - end.mover
        else:
            assert winner is None


def test_random_games_are_deterministic():
    a = random_game(11)
    b = random_game(11)
    assert a[-1].position() == b[-1].position()
    assert SPEC.new_game(seed=3) == SPEC.new_game(seed=4)  # the game itself draws nothing


def test_play_leaves_the_state_unchanged_and_refuses_illegal_moves():
    s = pos({"c4": "r", "d4": "g", "e6": "r", "h8": "g"})
    before = s.position()
    s.play(SPEC.parse_move(s, "e6-e4"))
    assert s.position() == before
    for bad in (Move("M", sq("c4"), sq("d5")), Move("V", None, sq("a1")), ("nonsense",), [1, 2]):
        with pytest.raises(ValueError):
            s.play(bad)


def test_parse_and_format():
    s = SPEC.new_game(seed=1)
    assert SPEC.parse_move(s, " v@E4 ") == Move("V", None, sq("e4"))
    assert SPEC.format_move(s, SPEC.parse_move(s, "d@a8")) == "D@a8"
    assert SPEC.parse_move(s, "E4-E7") == Move("M", sq("e4"), sq("e7"))
    assert SPEC.format_move(s, Move("X", None, sq("f4"))) == "X@f4"
    for bad in ("", "e4", "e9-e1", "m4-m5", "Q@e4", "V@e0", "e4e5"):
        with pytest.raises(ValueError):
            SPEC.parse_move(s, bad)


def test_missing_fields_take_start_values():
    assert SPEC.from_position({}) == SPEC.new_game(seed=1)
    s = SPEC.from_position({"board": rows({"e4": "r", "e5": "G"}), "to_move": 0})
    assert s.in_hand == ((11, 1), (12, 0)) and s.phase == "positioning"


def with_board(units, **extra):
    data = {"board": rows(units)}
    data.update(extra)
    return data


@pytest.mark.parametrize("data, field", [
    ({"board": ["." * 12] * 7}, "board"),
    ({"board": [".." for _ in range(8)]}, "board"),
    ({"board": ["z" + "." * 11] + ["." * 12] * 7}, "board"),
    (with_board({f"{f}1": "r" for f in "abcdefghijkl"} | {"a2": "r"}, phase="movement"), "board"),
    (with_board({"a1": "X"}), "board"),
    (with_board({"a8": "R", "l1": "G", "b2": "r", "k7": "g", "e4": "X", "f5": "Y"},
                phase="movement"), "board"),
    ({"phase": "battle"}, "phase"),
    ({"to_move": 2}, "to_move"),
    ({"to_move": 1}, "to_move"),
    ({"barricades": [5, 4]}, "barricades"),
    (with_board({"a1": "X", "a8": "R", "l1": "G", "b2": "r", "k7": "g"}, phase="movement",
                barricades=[4, 4]), "barricades"),
    ({"in_hand": [{"pieces": 11, "dux": 1}, {"pieces": 12, "dux": 1}]}, "in_hand"),
    ({"in_hand": [{"pieces": 12, "dux": 1, "extra": 1}, {"pieces": 12, "dux": 1}]}, "in_hand"),
    (with_board({"a8": "R", "l1": "G", "b2": "r", "k7": "g"}, phase="movement",
                in_hand=[{"pieces": 1, "dux": 0}, {"pieces": 0, "dux": 0}]), "in_hand"),
    ({"quiet_plies": -1}, "quiet_plies"),
    ({"quiet_plies": 3}, "quiet_plies"),
    (with_board({"a8": "R", "l1": "G", "b2": "r", "k7": "g"}, phase="movement", quiet_plies=2,
                history=["abc"]), "history"),
    (with_board({"a8": "R", "l1": "G", "b2": "r", "k7": "g"}, phase="movement",
                history=["." * 96 + "|4,4|0"]), "history"),
    (with_board({"b2": "r", "k7": "g"}, phase="movement"), "board"),
    (with_board({"a8": "R", "b2": "r", "k7": "g"}, phase="movement", to_move=0), "to_move"),
    ({"foo": 1}, "foo"),
    ({"options": {"dux_edge_sides": 5}}, "options"),
    ({"options": {"repetition_limit": 1}}, "options"),
    ({"scores": [1, 0]}, "scores"),
    ("not a dict", "position"),
])
def test_bad_positions_name_the_field(data, field):
    with pytest.raises(ValueError, match=field):
        SPEC.from_position(data)


def test_new_game_options_are_checked():
    assert SPEC.new_game(seed=1, quiet_ply_limit=0).options["quiet_ply_limit"] == 0
    with pytest.raises(ValueError):
        SPEC.new_game(seed=1, barricade_hostility="nobody")
    with pytest.raises(ValueError):
        SPEC.new_game(seed=1, dux_edge_sides=2)


def test_every_rules_diagram_loads():
    rules = json.loads(RULES.read_text())
    diagrams = [s["diagram"] for s in rules["sections"] if "diagram" in s]
    assert 2 <= len(diagrams) <= 4
    for diagram in diagrams:
        state = SPEC.from_position(diagram["position"])
        for mark in diagram.get("marks", []):
            if "-" in mark or "@" in mark:
                assert state.action_problem(mark) is None, mark
            else:
                square_index(mark)
