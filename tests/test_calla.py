"""Calla's rules, each checked on a position worked out by hand."""

import random

import pytest

from game import GAMES
from game.calla import CallaState

SPEC = GAMES["calla"]


def pos(pits, to_move=0, **extra):
    assert sum(pits) == 32, "test position must hold 32 cubes"
    data = {"pits": pits, "to_move": to_move}
    data.update(extra)
    return SPEC.from_position(data)


def test_start_position():
    s = SPEC.new_game()
    assert s.pits == (3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 3, 0)
    assert s.to_move == 0
    assert s.legal_moves() == [1, 2, 3, 4, 5]
    assert s.scores == (0, 0)
    assert not s.is_over


def test_sowing_one_cube_per_position():
    s = SPEC.new_game().play(1)  # A empties index 0 (3 cubes): 1, 2, 3
    assert s.pits == (0, 4, 5, 4, 3, 0, 3, 3, 4, 3, 3, 0)
    assert s.to_move == 1 and not s.free_turn
    assert s.last["path"] == [1, 2, 3]


def test_shield_numbers_count_from_far_end_for_both_players():
    s = SPEC.new_game().play(1).play(1)  # B's shield 1 is index 6
    assert s.pits[6] == 0 and s.pits[7:11] == (4, 5, 4, 3)


def test_sowing_passes_through_own_calla():
    s = SPEC.new_game().play(3)  # index 2 has 4: 3, 4, 5 (calla), 6
    assert s.pits == (3, 3, 0, 4, 4, 1, 4, 3, 4, 3, 3, 0)
    assert s.scores == (1, 0)


def test_sowing_skips_opponents_calla_for_player_a():
    s = pos([0, 1, 0, 0, 8, 2, 5, 5, 4, 3, 4, 0])
    s = s.play(5)  # 5,6,7,8,9,10, skip 11, 0, 1
    assert s.last["path"] == [5, 6, 7, 8, 9, 10, 0, 1]
    assert s.pits[11] == 0
    assert s.pits == (1, 2, 0, 0, 0, 3, 6, 6, 5, 4, 5, 0)


def test_sowing_skips_opponents_calla_for_player_b():
    s = pos([3, 3, 3, 3, 3, 0, 3, 3, 3, 1, 7, 0], to_move=1, turns=[1, 0])
    s = s.play(5)  # index 10: 11 (own calla), 0, 1, 2, 3, 4, skip 5, 6
    assert s.last["path"] == [11, 0, 1, 2, 3, 4, 6]
    assert s.pits[5] == 0 and s.pits[11] == 1
    assert s.pits[6] == 4


def test_full_lap_drops_a_cube_into_the_emptied_origin():
    s = pos([12, 1, 1, 1, 1, 0, 3, 3, 4, 3, 3, 0])
    s = s.play(1)  # 1..10, skip 11, 0, 1
    assert s.last["path"] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 1]
    assert s.pits[0] == 1
    assert s.pits == (1, 3, 2, 2, 2, 1, 4, 4, 5, 4, 4, 0)


def test_lap_ending_in_the_emptied_origin_captures():
    # 11 cubes from index 0: 1..10, skip 11, then the last lands in index 0, empty since pickup.
    s = pos([11, 1, 1, 1, 1, 0, 3, 3, 4, 3, 4, 0])
    s = s.play(1)
    assert s.last["capture"] == {"landing": 0, "facing": 10, "count": 6}
    assert s.pits[0] == 0 and s.pits[10] == 0
    assert s.pits[5] == 1 + 6


def test_last_cube_in_own_calla_gives_a_free_turn():
    s = pos([3, 3, 4, 2, 3, 0, 3, 3, 4, 3, 4, 0])
    s = s.play(4)  # index 3 has 2: 4, 5
    assert s.to_move == 0 and s.free_turn
    assert s.turns == (0, 0)
    assert s.last["free_turn"]


def test_free_turns_chain_without_limit():
    s = pos([3, 3, 3, 2, 1, 0, 4, 4, 4, 4, 4, 0])
    s = s.play(5)  # index 4 (1 cube) -> 5, free
    assert s.to_move == 0 and s.free_turn
    s = s.play(4)  # index 3 (2) -> 4, 5, free
    assert s.to_move == 0 and s.free_turn
    s = s.play(5)  # index 4 (1) -> 5, free again
    assert s.to_move == 0 and s.free_turn and s.scores == (3, 0)
    s = s.play(1)  # index 0 (3): 1, 2, 3 -> turn ends
    assert s.to_move == 1 and not s.free_turn and s.turns == (1, 0)


def test_capture_takes_facing_cubes_and_the_landing_cube():
    s = pos([1, 0, 3, 3, 3, 0, 3, 3, 4, 8, 4, 0])
    s = s.play(1)  # index 0 -> 1, empty own shield; facing index 9 holds 8
    assert s.pits[1] == 0 and s.pits[9] == 0
    assert s.pits[5] == 9
    assert s.to_move == 1 and not s.free_turn
    assert s.last["capture"] == {"landing": 1, "facing": 9, "count": 9}


def test_landing_in_empty_shield_facing_empty_shield_captures_nothing():
    s = pos([1, 0, 3, 3, 3, 0, 6, 6, 4, 0, 6, 0])
    s = s.play(1)
    assert s.pits[1] == 1 and s.pits[5] == 0
    assert s.last["capture"] is None
    assert s.to_move == 1


def test_landing_in_empty_opponent_shield_captures_nothing():
    s = pos([3, 3, 3, 3, 2, 0, 0, 6, 6, 3, 3, 0])
    s = s.play(5)  # index 4: 5, 6 (B's empty shield)
    assert s.pits[6] == 1 and s.last["capture"] is None


def test_player_b_captures_into_own_calla():
    s = pos([3, 3, 3, 5, 3, 0, 1, 0, 6, 4, 4, 0], to_move=1, turns=[1, 0])
    s = s.play(1)  # index 6 -> 7, empty; facing 3 holds 5
    assert s.pits[11] == 6 and s.pits[3] == 0 and s.pits[7] == 0


def test_seventeen_cubes_win_at_once_even_on_a_free_turn_landing():
    s = pos([3, 0, 0, 0, 1, 16, 3, 3, 3, 3, 0, 0])
    s = s.play(5)  # 17th cube lands in A's calla
    assert s.is_over and s.winner == 0 and s.to_move is None
    assert s.legal_moves() == []
    assert "17" in s.end_reason


def test_seventeen_by_capture_wins():
    s = pos([1, 0, 0, 0, 0, 14, 0, 0, 0, 3, 0, 14])
    s = s.play(1)  # 1 lands in empty index 1, facing 9 holds 3: calla 14 + 4 = 18
    assert s.is_over and s.winner == 0 and s.scores == (18, 14)


def test_empty_shield_move_is_refused():
    s = SPEC.new_game().play(1)  # A's index 0 is now empty, but it is B's turn
    s = s.play(2)  # B plays index 7
    with pytest.raises(ValueError, match="empty"):
        s.play(1)


def test_end_when_mover_has_no_cubes_leaves_shield_cubes_uncounted():
    # A to move with empty shields: over at once; B's 12 shield cubes count for nobody.
    s = pos([0, 0, 0, 0, 0, 10, 3, 3, 3, 3, 0, 10])
    assert s.is_over and s.to_move is None
    assert s.scores == (10, 10) and s.winner is None
    assert "no cubes" in s.end_reason


def test_end_sweep_owner_takes_adds_shield_cubes_to_their_owner():
    data = {"pits": [0, 0, 0, 0, 0, 10, 3, 3, 3, 3, 0, 10], "to_move": 0,
            "options": {"end_sweep": "owner_takes"}}
    s = SPEC.from_position(data)
    assert s.scores == (10, 22) and s.winner == 1


def test_end_reached_by_a_move():
    s = pos([0, 0, 0, 0, 1, 15, 0, 0, 0, 0, 2, 14], to_move=1, turns=[1, 0])
    s = s.play(5)  # B: index 10 (2): 11, 0 -> A has a cube again, A to move
    assert s.to_move == 0 and s.scores == (15, 15)
    s = s.play(1)  # A: index 0 -> 1
    # B has no cubes in shields now: the game ends at the start of B's turn.
    assert s.pits[1] == 1 and s.mover == 1
    assert s.is_over and s.to_move is None and s.scores == (15, 15) and s.winner is None


def test_more_cubes_in_calla_wins_at_the_end():
    s = pos([0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 1, 15])
    assert s.is_over and s.winner == 0 and s.scores == (16, 15)


def test_time_called_at_start_of_turn_with_equal_turns_ends_the_game():
    s = SPEC.new_game().play(1).play(1)  # one turn each
    t = s.call_time()
    assert t.is_over and t.time_called and t.scores == s.scores
    assert "Time" in t.end_reason


def test_time_called_when_behind_player_to_move_plays_one_more_turn():
    s = SPEC.new_game().play(1)  # A completed a turn, B has not
    t = s.call_time()
    assert not t.is_over and t.to_move == 1 and t.time_rule_active
    t = t.play(1)
    assert t.is_over


def test_time_called_during_free_turns_lets_the_turn_finish_then_the_other_replies():
    s = pos([3, 3, 4, 2, 3, 0, 3, 3, 4, 3, 4, 0])
    s = s.play(4)  # free turn pending for A
    t = s.call_time()
    assert not t.is_over and t.to_move == 0
    t = t.play(5)  # index 4 (4 cubes): 5, 6, 7, 8 -> A's turn ends, turns (1, 0)
    assert not t.is_over and t.to_move == 1
    t = t.play(4)  # B's one more turn: index 9 (3 cubes + 0) ...
    assert t.is_over


def test_time_called_free_turn_chain_of_the_last_reply_also_finishes():
    s = pos([3, 3, 3, 3, 3, 0, 3, 3, 3, 2, 5, 1], to_move=1, turns=[1, 0]).call_time()
    s = s.play(4)  # index 9 (2): 10, 11 -> free turn, game goes on
    assert not s.is_over and s.to_move == 1
    s = s.play(1)  # index 6 (3): 7, 8, 9 -> turn ends, turns equal, time called: over
    assert s.is_over


def test_call_time_is_idempotent_and_kept_in_the_position():
    s = SPEC.new_game().play(1).call_time()
    assert s.call_time() is s
    again = SPEC.from_position(s.position())
    assert again == s and again.time_called


@pytest.mark.parametrize("bad, field", [
    ({"pits": [3] * 12}, "pits"),
    ({"pits": [3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 3]}, "pits"),
    ({"pits": [-1, 3, 4, 3, 3, 1, 3, 3, 4, 3, 3, 0]}, "pits"),
    ({"to_move": 2}, "to_move"),
    ({"to_move": 1, "turns": [0, 0]}, "to_move"),
    ({"turns": [3, 1]}, "turns"),
    ({"free_turn": "yes"}, "free_turn"),
    ({"colour": 1}, "colour"),
    ({"options": {"end_sweep": "everyone"}}, "options"),
    ({"options": {"bogus": 1}}, "options"),
    ({"scores": [5, 5]}, "scores"),
])
def test_bad_positions_name_the_field(bad, field):
    with pytest.raises(ValueError, match=field):
        SPEC.from_position(bad)


def test_illegal_and_malformed_moves():
    s = SPEC.new_game()
    for text in ("0", "6", "x", "", "1 2"):
        with pytest.raises(ValueError, match="shield number"):
            SPEC.parse_move(s, text)
    with pytest.raises(ValueError):
        s.play(7)
    assert SPEC.parse_move(s, " 3 ") == 3


def test_random_games_round_trip_and_terminate():
    rng = random.Random(7)
    for _ in range(50):
        s = SPEC.new_game()
        plies = 0
        while not s.is_over:
            assert SPEC.from_position(s.position()) == s
            for m in s.legal_moves():
                assert SPEC.parse_move(s, SPEC.format_move(s, m)) == m
            s = s.play(rng.choice(s.legal_moves()))
            plies += 1
            assert sum(s.pits) == 32
            assert plies < 1000
        a, b = s.scores
        assert s.winner == (None if a == b else (0 if a > b else 1))
        assert s.to_move is None and s.legal_moves() == []


def test_play_leaves_the_original_state_unchanged():
    s = SPEC.new_game()
    before = s.position()
    s.play(3)
    assert s.position() == before


def test_new_game_options_are_checked():
    with pytest.raises(ValueError, match="time_limit_minutes"):
        SPEC.new_game(time_limit_minutes=-1)
    with pytest.raises(ValueError, match="variant"):
        SPEC.new_game(variant="big")
    s = SPEC.new_game(end_sweep="owner_takes", time_limit_minutes=0)
    assert s.position()["options"] == {"end_sweep": "owner_takes", "time_limit_minutes": 0}
    assert isinstance(s, CallaState)
