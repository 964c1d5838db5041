"""Iriri's rules, each checked on a position worked out by hand."""

import itertools
import json
import random
from pathlib import Path

import pytest

from game import GAMES
from game.iriri import PASS, Place, Take, dictionary, orderings, start_ring

SPEC = GAMES["iriri"]
RULES = Path(__file__).resolve().parent.parent / "assets" / "rules" / "iriri.json"


def grid(*rows, top=0, left=0):
    """A board dict from rows of space-separated types, ``..`` for an empty cell."""
    board = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row.split()):
            if token != "..":
                board[f"{r + top},{c + left}"] = token
    return board


def pos(ring, board=None, hands=None, **extra):
    data = {"ring": ring.split() if isinstance(ring, str) else ring,
            "board": board or {},
            "hands": hands if hands is not None else [["Ys", "Ym", "Yl"], ["Bs", "Bm", "Bl"]]}
    data.update(extra)
    return SPEC.from_position(data)


TYPES = ("Ys", "Ym", "Yl", "Bs", "Bm", "Bl")


def rest_of_set(ring, board, hands):
    """The pieces of the 30 that ``ring``, ``board`` and ``hands`` leave out, by type."""
    left = {t: 5 for t in TYPES}
    for t in [*(ring.split() if isinstance(ring, str) else ring), *board.values(), *hands[0],
              *hands[1]]:
        left[t] -= 1
    assert min(left.values()) >= 0, left
    return [t for t in TYPES for _ in range(left[t])]


def block(pieces, top, left, width):
    """Old words holding the rest of the set: ``pieces`` row by row from ``top,left``,
    ``width`` to a row.  Sorted by type, every row and column repeats a type or pairs
    types the test's ring keeps apart, so no piece beside the block spells a word
    (the tests count the moves they rely on)."""
    return {f"{top + i // width},{left + i % width}": t for i, t in enumerate(pieces)}


def with_rest(ring, board, hands, top, left, width):
    """``board`` and a block of the rest of the set (see ``block``)."""
    return {**board, **block(rest_of_set(ring, board, hands), top, left, width)}


def texts(state):
    return sorted(SPEC.format_move(state, m) for m in state.legal_moves())


def move(state, text):
    return SPEC.parse_move(state, text)


def play(state, *moves):
    for text in moves:
        state = state.play(move(state, text))
    return state


# --- setup ---------------------------------------------------------------------------

def test_setup_hands_and_a_seeded_shuffled_ring():
    s = SPEC.new_game(seed=7)
    assert s.hands == (("Ys", "Ym", "Yl"), ("Bs", "Bm", "Bl"))
    assert len(s.ring) == 24
    assert all(s.ring.count(t) == 4 for t in ("Ys", "Ym", "Yl", "Bs", "Bm", "Bl"))
    assert s.board == {} and s.scores == (0, 0)
    assert s.to_move == 0 and s.phase == "place" and not s.first_done
    assert SPEC.new_game(seed=7).ring == s.ring == start_ring(7)
    assert len({SPEC.new_game(seed=n).ring for n in range(10)}) == 10


# --- words and the ring ------------------------------------------------------------------

def test_words_read_forwards_backwards_and_round_the_ring():
    d = dictionary(("Ys", "Bm", "Yl", "Bs", "Ym", "Bl"))
    assert d.find(("Bm", "Yl", "Bs")) == (1, 1)             # forwards
    assert d.find(("Bs", "Yl", "Bm")) == (3, -1)            # backwards
    assert d.find(("Ym", "Bl", "Ys", "Bm")) == (4, 1)       # over the end of the ring
    assert d.find(("Bm", "Ys", "Bl")) == (1, -1)            # backwards over the start
    assert d.find(("Bm", "Bs")) is None                      # not neighbours
    assert d.find(("Bm", "Yl", "Bm")) is None                # a ring of 6 has one Bm here


def test_colour_and_size_must_both_match():
    d = dictionary(("Ys", "Bm", "Yl", "Bs", "Ym", "Bl"))
    assert d.has(("Ys", "Bm"))
    assert not d.has(("Bs", "Bm"))      # right size, wrong colour
    assert not d.has(("Ym", "Bm"))      # right colour, wrong size


def test_a_word_may_be_longer_than_the_ring():
    d = dictionary(("Ys", "Bm", "Yl"))
    assert d.find(("Bm", "Yl", "Ys", "Bm", "Yl", "Ys", "Bm", "Yl")) == (1, 1)   # 8 > 3
    assert d.find(("Yl", "Bm", "Ys", "Yl", "Bm", "Ys", "Yl")) == (2, -1)
    assert not d.has(("Bm", "Yl", "Ys", "Bm", "Ys"))


# --- the first placement --------------------------------------------------------------------

#: Before the first word the ring holds the other 24 pieces.  Here Yl-Ys-Ym is
#: the only run of different yellow types; every other yellow piece sits between
#: blue ones.
FIRST_RING = "Yl Ys Ym Bs Bm Bl " + "Ys Bs Ym Bm Yl Bl " * 3


def test_first_placement_covers_origin_and_runs_right_or_down():
    s = pos(FIRST_RING)
    # Yl-Ys, Ys-Ym and Yl-Ys-Ym, each either way round, each along row 0 or down column 0
    assert texts(s) == sorted([
        "Yl@0,0 Ys@0,1", "Ys@0,0 Yl@0,1", "Ys@0,0 Ym@0,1", "Ym@0,0 Ys@0,1",
        "Yl@0,0 Ys@0,1 Ym@0,2", "Ym@0,0 Ys@0,1 Yl@0,2",
        "Yl@0,0 Ys@1,0", "Ys@0,0 Yl@1,0", "Ys@0,0 Ym@1,0", "Ym@0,0 Ys@1,0",
        "Yl@0,0 Ys@1,0 Ym@2,0", "Ym@0,0 Ys@1,0 Yl@2,0"])


def test_first_placement_scores_three_per_piece_and_a_half():
    s = pos(FIRST_RING)
    three = play(s, "Yl@0,0 Ys@1,0 Ym@2,0")
    assert three.scores == (9.5, 0)
    assert three.last["first"] and three.last["points"] == 9.5
    two = play(s, "Ym@0,0 Ys@0,1")
    assert two.scores == (6.5, 0)
    assert two.last["words"] == [{"cells": [(0, 0), (0, 1)], "types": ["Ym", "Ys"],
                                  "start": 2, "step": -1, "points": 2}]
    assert json.loads(json.dumps(two.position()))["scores"] == [6.5, 0]


def test_first_placement_problems_are_named():
    s = pos(FIRST_RING)
    assert s.placement_problem(move(s, "Ys@0,0")) == "the first word needs at least 2 pieces"
    for text in ("Yl@0,1 Ys@0,2", "Yl@0,-1 Ys@0,0", "Yl@-1,0 Ys@0,0", "Yl@1,1 Ys@2,1"):
        assert s.placement_problem(move(s, text)) == \
            "first word must cover 0,0 and run right or down", text
    assert s.placement_problem(move(s, "Yl@0,0 Ym@0,1")) == \
        "word Yl-Ym matches no run of the ring"
    with pytest.raises(ValueError, match="first word must cover 0,0"):
        s.play(move(s, "Yl@5,5 Ys@5,6"))


def test_whoever_places_first_gets_the_half_point():
    # yellow pieces of different sizes are never neighbours in this ring; Bs and Bm are
    s = pos("Ys Ys Ys Ys Bs Bm Ym Ym Ym Ym Bl Bl Bl Bl Yl Yl Yl Yl Bs Bs Bs Bm Bm Bm")
    assert s.legal_moves() == [PASS]
    s = s.play(PASS)
    assert s.to_move == 1 and s.passes == 1 and not s.first_done
    assert texts(s) == sorted(["Bs@0,0 Bm@0,1", "Bm@0,0 Bs@0,1",
                               "Bs@0,0 Bm@1,0", "Bm@0,0 Bs@1,0"])
    s = play(s, "Bm@0,0 Bs@0,1")
    assert s.scores == (0, 6.5) and s.last["first"] and s.passes == 0


# --- placing on a board with pieces -----------------------------------------------------------

FIGURE = grid("Ym Ys Bs",
              "Yl .. Bm",
              "Bs Ym ..")
#: 17 ring pieces; with the board and both full hands that is all 30.
FIGURE_RING = "Bl Ys Yl Bm Ys Bl Ym Bs Yl Bl Ys Bm Yl Ym Bl Bs Bm"


FIGURE_DATA = {"ring": FIGURE_RING.split(), "board": FIGURE,
               "hands": [["Ys", "Ym", "Yl"], ["Bs", "Bm", "Bl"]], "first_done": True,
               "scores": [10.5, 8], "to_move": 1}


def figure():
    return SPEC.from_position(FIGURE_DATA)


def test_figure_four_one_piece_two_words_one_round_the_ring_scores_six():
    s = figure()
    mv = move(s, "Bl@2,2")
    assert mv in s.legal_moves()
    words = s.words_for(mv)
    assert [(w.types, w.run, w.points) for w in words] == [
        (("Bs", "Ym", "Bl"), (7, -1), 3),     # row 2, read backwards from ring index 7
        (("Bs", "Bm", "Bl"), (15, 1), 3)]     # column 2, from index 15 over the end to 0
    assert words[1].cells == ((0, 2), (1, 2), (2, 2))
    after = s.play(mv)
    assert after.scores == (10.5, 14)
    assert after.last["points"] == 6 and not after.last["first"]
    assert [(w["start"], w["step"]) for w in after.last["words"]] == [(7, -1), (15, 1)]
    # the other blue pieces spell nothing there
    assert s.placement_problem(move(s, "Bm@2,2")) == "word Bs-Ym-Bm matches no run of the ring"
    assert s.placement_problem(move(s, "Bs@2,2")) == "word Bs-Ym-Bs matches no run of the ring"


def test_a_single_piece_in_a_row_word_and_a_column_word_counts_twice():
    # Bm-Yl and Yl-Bs are runs once each; Ys-Bs never
    ring = "Ys Bm Yl Bs Ym Bl Ys Ym Ys Ym Ys Ym Bm Bm Bl Bs Bl Bs Bl Yl Yl"
    board = grid("Bm ..",
                 "Yl Bs")
    s = pos(ring, board, first_done=True, scores=[6.5, 4])
    # at 0,1 a piece joins Bm on its left (row 0) and Bs below it (column 1)
    assert s.placement_problem(move(s, "Ys@0,1")) == "word Ys-Bs matches no run of the ring"
    after = play(s, "Yl@0,1")          # Bm-Yl from index 1 and Yl-Bs from index 2
    assert after.scores == (6.5 + 4, 4)
    assert [(w["types"], w["start"], w["step"]) for w in after.last["words"]] == [
        (["Bm", "Yl"], 1, 1), (["Yl", "Bs"], 2, 1)]


def test_placed_pieces_score_their_line_word_and_each_crossing_word():
    # Bm-Yl, Yl-Ys and Ys-Bl are runs, once each; Bm-Ys and Yl-Ym never
    ring = "Bm Yl Ys Bl Ym Bs Ys Ys Ys Ym Ym Ym Bs Yl Yl Yl Bs Bm Bl Bs Bl Bm"
    board = grid("Bm Bl")          # Blue's first word, after Yellow passed
    s = pos(ring, board, first_done=True, scores=[0, 6.5])
    mv = move(s, "Yl@1,0 Ys@1,1")
    words = s.words_for(mv)
    assert [(w.types, w.run) for w in words] == [
        (("Yl", "Ys"), (1, 1)), (("Bm", "Yl"), (0, 1)), (("Bl", "Ys"), (3, -1))]
    assert words[0].cells == ((1, 0), (1, 1))
    after = s.play(mv)
    assert after.scores == (2 + 2 + 2, 6.5)
    # the line word is fine but a crossing word is not, and the other way round
    assert s.placement_problem(move(s, "Ys@1,0 Yl@1,1")) == "word Bm-Ys matches no run of the ring"
    assert s.placement_problem(move(s, "Yl@1,0 Ym@1,1")) == "word Yl-Ym matches no run of the ring"
    # down column 0 the line word takes in Bm: Bm-Yl-Ys, and no crossing words
    mv = move(s, "Yl@1,0 Ys@2,0")
    assert [w.types for w in s.words_for(mv)] == [("Bm", "Yl", "Ys")]
    assert s.play(mv).scores == (3, 6.5)


def test_geometry_problems_are_named():
    ring = "Ys Ym Yl Bs Bm Bl " + "Bs Bm Bl Ys Bs Bm Bl Ym Bs Bm Bl Yl Ys Ym Yl Yl"
    board = grid("Ys Ym")
    s = pos(ring, board, first_done=True, scores=[6.5, 0])
    assert s.placement_problem(move(s, "Yl@1,0 Ys@2,1")) == "pieces must lie in one row or column"
    assert s.placement_problem(move(s, "Yl@1,0 Ys@1,2")) == "gap between placed pieces"
    assert s.placement_problem(move(s, "Yl@5,5")) == "must touch a piece already on the board"
    assert s.placement_problem(move(s, "Yl@0,1")) == "cell 0,1 is already taken"
    assert s.placement_problem(move(s, "Yl@1,0 Yl@1,1")) == "Yellow holds no more Yl"
    assert s.placement_problem(move(s, "Yl@0,2")) is None
    with pytest.raises(ValueError, match="gap between placed pieces"):
        s.play(move(s, "Yl@1,0 Ys@1,2"))


def test_pieces_on_both_sides_of_existing_ones_fill_no_gap():
    ring = "Bs Ym Bl Ys Bm Yl Bs Bs Bs Bm Bm Bl Bl Ys Ys Ym Ym Ym Yl Yl Yl"
    board = grid("Bl Ys")
    s = pos(ring + " Bm", board, first_done=True, scores=[0, 6.5])
    mv = move(s, "Ym@0,-1 Yl@0,2")     # around Bl Ys: Ym-Bl-Ys-?  Yl is not next to Bm
    assert s.placement_problem(mv) == "word Ym-Bl-Ys-Yl matches no run of the ring"
    board = grid("Bl Ys Bm")
    s = pos(ring, board, first_done=True, scores=[0, 6.5])
    mv = move(s, "Ym@0,-1 Yl@0,3")      # Ym Bl Ys Bm Yl: ring index 1 onwards
    assert mv in s.legal_moves()
    after = s.play(mv)
    assert after.scores == (5, 6.5)
    assert after.last["words"] == [{"cells": [(0, -1), (0, 0), (0, 1), (0, 2), (0, 3)],
                                    "types": ["Ym", "Bl", "Ys", "Bm", "Yl"],
                                    "start": 1, "step": 1, "points": 5}]


def test_a_word_longer_than_the_ring_is_valid():
    # late in a game: one piece of each type left in the ring, the rest played
    ring = "Ys Bs Ym Bm Yl Bl"
    hands = [["Ym", "Yl"], []]
    board = with_rest(ring, grid("Bs Ym Bm Yl Bl Ys Bs"), hands, top=1, left=0, width=5)
    s = pos(ring, board, first_done=True, scores=[40, 46.5], hands=hands)
    mv = move(s, "Ym@0,7")
    assert mv in s.legal_moves()
    after = s.play(mv)
    assert after.scores == (48, 46.5)
    assert after.last["words"][0]["types"] == ["Bs", "Ym", "Bm", "Yl", "Bl", "Ys", "Bs", "Ym"]
    assert (after.last["words"][0]["start"], after.last["words"][0]["step"]) == (1, 1)
    assert s.placement_problem(move(s, "Yl@0,7")) == \
        "word Bs-Ym-Bm-Yl-Bl-Ys-Bs-Yl matches no run of the ring"


def test_older_words_are_not_checked_again():
    # Bm-Bs matches nothing in this ring, but it was laid earlier and is left alone.
    ring = "Ys Bm Yl Bs Ym Bl Ys Ys Ys Ym Ym Ym Yl Yl Yl Bl Bs Bl Bs Bl Bm Bm"
    board = grid("Bm Bs")
    s = pos(ring, board, first_done=True, scores=[0, 6.5])
    assert "Ys@1,0" in texts(s)                       # Bm-Ys down column 0
    assert s.placement_problem(move(s, "Ym@0,2")) == "word Bm-Bs-Ym matches no run of the ring"


def test_every_legal_placement_matches_the_one_by_one_check():
    """The fast move list equals every placement near the board that passes the plain check."""
    rng = random.Random(11)
    states = []
    for seed in (1, 2):
        s = SPEC.new_game(seed=seed)
        while not s.is_over:
            if s.phase == "place" and len(s.board) in (2, 5, 9, 14):
                states.append(s)
            s = s.play(rng.choice(s.legal_moves()))
    assert len(states) >= 4
    for s in states:
        hand = s.hands[s.mover]
        rows = [r for r, _ in s.board] or [0]
        cols = [c for _, c in s.board] or [0]
        rr = range(min(rows) - 3, max(rows) + 4)
        cc = range(min(cols) - 3, max(cols) + 4)
        lines = [[(r, c) for c in cc] for r in rr] + [[(r, c) for r in rr] for c in cc]
        found = {}
        for line in lines:
            empty = [cell for cell in line if cell not in s.board]
            for k in range(1, len(hand) + 1):
                for cells in itertools.combinations(empty, k):
                    for order in orderings(hand)[k]:
                        mv = Place(tuple((r, c, t) for (r, c), t in zip(cells, order)))
                        if s.placement_problem(mv) is None:
                            found[mv] = s.placement_points(mv)
        fresh = SPEC.from_position(s.position())
        listed = {m: None for m in fresh.legal_moves() if isinstance(m, Place)}
        assert set(listed) == set(found)
        for m in listed:
            assert fresh.play(m).scores[s.mover] - s.scores[s.mover] == found[m]


# --- taking -----------------------------------------------------------------------------------

def take_position(hand, ring="Ys Ym Ym Bs Yl Bm Bl"):
    """Yellow to take with ``hand``; Blue's hand is empty, and every piece that is in
    neither the ring nor a hand lies on the board."""
    hands = [hand, []]
    board = with_rest(ring, grid("Bs Bm"), hands, top=1, left=0, width=5)
    return pos(ring, board, first_done=True, scores=[30, 36.5], phase="take", hands=hands)


def test_take_as_many_as_allowed_and_never_the_last_of_a_type():
    s = take_position(["Ys"])
    # Yellow needs 2 but only one Ym may go: Ys (0) and Yl (4) are the last of their type
    info = s.takeable()
    assert info.indices == (1, 2) and info.last == (0, 4) and info.need == 1
    assert info.limits == {"Ys": 0, "Ym": 1, "Yl": 0}
    assert texts(s) == ["take 1", "take 2"]
    assert s.take_problem([0]) == "ring piece 0 is the last Ys: it must stay"
    assert s.take_problem([1, 2]) == "only 1 Ym may be taken: the last one must stay"
    assert s.take_problem([3]) == "ring piece 3 (Bs) is not Yellow's"
    with pytest.raises(ValueError, match="last Yl"):
        s.play(Take((4,)))
    after = play(s, "take 2")
    assert after.ring == ("Ys", "Ym", "Bs", "Yl", "Bm", "Bl")     # the ring closes up
    assert after.hands[0] == ("Ys", "Ym")
    assert after.to_move == 1 and after.phase == "place"
    assert after.last["kind"] == "take" and after.last["taken"] == [2]


def test_take_fills_the_hand_to_three():
    s = take_position([], ring="Ys Ym Ys Bs Yl Ym Yl Ys Bm Bl")
    info = s.takeable()
    assert info.need == 3 and info.limits == {"Ys": 2, "Ym": 1, "Yl": 1}
    # choose 3 of the 7 yellow indices, at most 2 Ys, 1 Ym, 1 Yl
    ys, ym, yl = [0, 2, 7], [1, 5], [4, 6]
    expected = set()
    for combo in itertools.combinations(sorted(ys + ym + yl), 3):
        if (sum(i in ys for i in combo) <= 2 and sum(i in ym for i in combo) <= 1
                and sum(i in yl for i in combo) <= 1):
            expected.add(combo)
    assert {m.indices for m in s.legal_moves()} == expected
    assert s.take_problem([0, 1]) == "take exactly 3 pieces"
    after = play(s, "take 0 5 6")
    assert after.hands[0] == ("Ys", "Ym", "Yl")
    assert after.ring == ("Ym", "Ys", "Bs", "Yl", "Ys", "Bm", "Bl")


def test_nothing_to_take_skips_the_take_phase():
    ring = "Ys Bm Yl Bs Ym Bl"          # one of each: nothing may ever be taken
    board = with_rest(ring, grid("Bm ..", "Yl Bs"), [TYPES[:3], TYPES[3:]],
                      top=2, left=-4, width=5)
    s = pos(ring, board, first_done=True, scores=[26.5, 30])
    after = play(s, "Yl@0,1")
    assert after.to_move == 1 and after.phase == "place"
    assert after.last["take_skipped"]
    assert after.hands[0] == ("Ys", "Ym")
    with pytest.raises(ValueError, match="'phase' is take, but Yellow has nothing to take"):
        SPEC.from_position({**after.position(), "to_move": 0, "phase": "take"})


def test_placing_leads_to_the_take_phase_of_the_same_player():
    s = play(pos(FIRST_RING), "Yl@0,0 Ys@0,1")
    assert s.to_move == 0 and s.phase == "take"
    # Yellow holds Ym and takes two: any two of the 12 yellow ring pieces, 4 of each type
    yellow = [i for i, t in enumerate(s.ring) if t[0] == "Y"]
    assert len(yellow) == 12
    assert {m.indices for m in s.legal_moves()} == set(itertools.combinations(yellow, 2))
    with pytest.raises(ValueError, match="take phase"):
        s.play(move(s, "Ym@1,0"))


# --- passing and the end ---------------------------------------------------------------------

def stuck_position(hands=(["Ym"], ["Bm"])):
    """Yellow holds Ym, which may stand next to neither Bs nor Bl in this ring; the
    ring keeps one piece of each type, so nobody takes, and the rest of the set lies
    in old words up and left of ``Bs Bl``, joined to them above the Bs."""
    ring = "Ym Yl Bs Ys Bl Bm"
    hands = [list(h) for h in hands]
    rest = rest_of_set(ring, grid("Bs Bl"), hands)
    width = 4 if len(rest) == 20 else 7
    board = {**grid("Bs Bl"), **block(rest, -(len(rest) // width), 1 - width, width)}
    return pos(ring, board, first_done=True, scores=[3, 6.5], hands=hands)


def test_a_player_who_cannot_place_must_pass():
    s = stuck_position()
    assert s.legal_moves() == [PASS]
    assert SPEC.format_move(s, PASS) == "pass"
    after = s.play(PASS)
    assert after.to_move == 1 and after.passes == 1 and not after.is_over
    assert after.last["kind"] == "pass" and not after.last["game_over"]
    with pytest.raises(ValueError, match="no placement is possible"):
        pos(FIRST_RING).play(PASS)


def test_a_placement_resets_the_pass_count():
    s = stuck_position().play(PASS)
    # Bm stands next to Bl in the ring, so below Bl (above it, the row of old words
    # grows); not after Bs-Bl in row 0
    assert texts(s) == ["Bm@1,1"]
    assert s.placement_problem(move(s, "Bm@-1,1")) == \
        "word Bm-Bl-Bl-Bl-Bm matches no run of the ring"
    assert s.placement_problem(move(s, "Bm@0,2")) == "word Bs-Bl-Bm matches no run of the ring"
    after = play(s, "Bm@1,1")
    assert after.passes == 0 and after.scores == (3, 6.5 + 2)
    assert after.to_move == 0        # Blue's take was skipped: one Bm, Bs, Bl left


def test_a_pass_ends_the_turn_without_a_take():
    s = stuck_position()
    assert s.legal_moves() == [PASS]
    after = s.play(PASS)
    assert after.to_move == 1 and after.phase == "place"
    assert after.hands == s.hands and after.ring == s.ring
    # A passer's hand is as their last take left it.  One Ym more in the ring, which
    # Yellow would have taken to refill the hand, makes a position no game reaches.
    data = s.position()
    data["board"].pop(next(cell for cell, t in data["board"].items() if t == "Ym"))
    data["ring"].append("Ym")
    with pytest.raises(ValueError, match="'hands' of Yellow: holds 1 piece while the "
                                         "ring has more to take"):
        SPEC.from_position(data)


def test_two_passes_in_a_row_end_the_game():
    s = stuck_position(hands=[["Ym"], []])
    assert s.legal_moves() == [PASS]
    after = s.play(PASS)
    assert after.legal_moves() == [PASS]           # Blue has nothing in hand
    end = after.play(PASS)
    assert end.is_over and end.to_move is None and end.legal_moves() == []
    assert end.winner == 1 and end.scores == (3, 6.5)
    assert end.last["game_over"]
    assert end.end_reason == "Both players passed in a row; Blue wins 6½ to 3."
    with pytest.raises(ValueError, match="over"):
        end.play(PASS)
    assert SPEC.from_position(end.position()) == end


def test_no_first_word_for_either_player_is_a_draw():
    # no two pieces of one colour and different sizes are neighbours in this ring
    s = pos("Ys Ys Ys Ys Bs Bs Bs Bs Ym Ym Ym Ym Bm Bm Bm Bm Yl Yl Yl Yl Bl Bl Bl Bl")
    end = s.play(PASS).play(PASS)
    assert end.is_over and end.winner is None and end.scores == (0, 0)
    assert end.end_reason == "Both players passed in a row; the scores are level at 0 to 0."


# --- move text ---------------------------------------------------------------------------------

def test_move_text_reads_any_case_and_spacing():
    s = figure()
    assert move(s, "bl@2,2") == Place(((2, 2, "Bl"),))
    assert move(s, "  YS @ 1 , 0   yl@0,0 ") == Place(((0, 0, "Yl"), (1, 0, "Ys")))
    assert move(s, "Ym@-1,3") == Place(((-1, 3, "Ym"),))
    assert move(s, "TAKE 9 4") == Take((4, 9))
    assert move(s, "Pass") is PASS
    assert SPEC.format_move(s, Place(((0, 0, "Yl"), (1, 0, "Ys")))) == "Yl@0,0 Ys@1,0"
    assert SPEC.format_move(s, Take((4, 9))) == "take 4 9"


@pytest.mark.parametrize("text", ["", "take", "take x", "take 1 1", "Yx@0,0", "Ys@0",
                                  "Ys@0,0 Ym@0,0", "Ys 0,0", "play"])
def test_bad_move_text_is_refused(text):
    with pytest.raises(ValueError):
        SPEC.parse_move(figure(), text)


def test_illegal_moves_raise():
    s = figure()
    for bad in (Take((0,)), Place(((2, 2, "Bm"),)), Place(((9, 9, "Bl"),)), PASS,
                Place(()), Place(((0, 0),)), "Bl@2,2", None, Place(([2, 2], "Bl"))):
        with pytest.raises(ValueError):
            s.play(bad)
    assert s == figure()


# --- positions -------------------------------------------------------------------------------------

def test_position_fields_fill_with_start_values():
    s = SPEC.from_position({"seed": 3})
    assert s == SPEC.new_game(seed=3)
    assert s.position()["hands"] == [["Ys", "Ym", "Yl"], ["Bs", "Bm", "Bl"]]


@pytest.mark.parametrize("data, field", [
    ({"colour": 1}, "colour"),
    ({"ring": ["Ys", "Yx"]}, "ring"),
    ({"ring": "Ys Ym"}, "ring"),
    ({"ring": []}, "ring"),
    ({"ring": ["Ys"] * 6}, "ring"),
    ({"ring": ["Ys", "Ym"], "hands": [["Ys", "Ym", "Yl"], []]}, "ring"),
    ({"ring": ["Ys"], "board": {"0;0": "Ys"}, "hands": [[], []]}, "board"),
    ({"ring": ["Ys"], "board": {"0,0": "Yq"}, "hands": [[], []]}, "board"),
    ({"hands": [["Ys", "Ys", "Ys", "Ys"], []]}, "hands"),
    ({"ring": ["Ys", "Bs"], "hands": [["Bs"], []]}, "hands"),
    ({"ring": ["Ys"], "hands": [["Ys"]]}, "hands"),
    ({**FIGURE_DATA, "first_done": False}, "first_done"),
    ({**FIGURE_DATA, "scores": [3, 4]}, "scores"),
    ({**FIGURE_DATA, "scores": [3.25, 4]}, "scores"),
    ({"scores": [0.5, 0]}, "scores"),
    ({"scores": ["1", 0]}, "scores"),
    ({"to_move": 2}, "to_move"),
    ({"phase": "draw"}, "phase"),
    ({"phase": "take"}, "phase"),
    ({"passes": 3}, "passes"),
    ({"seed": "x"}, "seed"),
    ({"options": {"speed": 1}}, "options"),
])
def test_bad_positions_name_the_field(data, field):
    with pytest.raises(ValueError, match=field):
        SPEC.from_position(data)


def test_too_many_of_a_type_is_refused():
    with pytest.raises(ValueError, match="6 Ys"):
        SPEC.from_position({"ring": ["Ys"] * 4, "board": {"0,0": "Ys", "0,1": "Ys"},
                            "hands": [[], []], "scores": [6.5, 0]})


# --- the contract over random games -------------------------------------------------------------

def random_games(n, seed=0):
    rng = random.Random(seed)
    for g in range(n):
        s = SPEC.new_game(seed=1000 + g)
        trail = [s]
        while not s.is_over:
            assert len(trail) < 500, "a game that does not end"
            s = s.play(rng.choice(s.legal_moves()))
            trail.append(s)
        yield trail


def test_random_games_round_trip_and_end_consistently():
    for trail in random_games(12):
        for s in trail:
            data = json.loads(json.dumps(s.position()))
            assert SPEC.from_position(data) == s
            assert hash(SPEC.from_position(data)) == hash(s)
            for m in s.legal_moves():
                assert SPEC.parse_move(s, SPEC.format_move(s, m)) == m
        end = trail[-1]
        assert end.passes == 2 and end.legal_moves() == []
        a, b = end.scores
        assert end.winner == (0 if a > b else 1 if b > a else None)
        if end.first_done:
            assert end.winner is not None          # the half point decides ties
        assert all(sum(x.count(t) for x in (end.ring, list(end.board.values()),
                                            end.hands[0] + end.hands[1])) == 5
                   for t in ("Ys", "Ym", "Yl", "Bs", "Bm", "Bl"))


def test_play_never_changes_the_state():
    trail = next(random_games(1, seed=4))
    for s in trail[:-1]:
        before = s.position()
        for m in s.legal_moves()[:5]:
            s.play(m)
        assert s.position() == before


def test_same_seed_same_game():
    a = [s.position() for s in next(random_games(1, seed=9))]
    b = [s.position() for s in next(random_games(1, seed=9))]
    assert a == b


# --- the rules screen --------------------------------------------------------------------------------

def test_rules_file_diagrams_load():
    rules = json.loads(RULES.read_text(encoding="utf-8"))
    assert rules["title"] == "Iriri"
    diagrams = [sec["diagram"] for sec in rules["sections"] if "diagram" in sec]
    assert 2 <= len(diagrams) <= 4
    # the words diagram is the position the scoring test checks by hand
    assert figure() in [SPEC.from_position(d["position"]) for d in diagrams]
    for diagram in diagrams:
        s = SPEC.from_position(diagram["position"])
        for mark in diagram["marks"]:
            if "@" in mark or mark.startswith("take"):
                assert SPEC.parse_move(s, mark) in s.legal_moves(), mark
            else:
                r, c = map(int, mark.split(","))
                assert (r, c) in s.board, mark
