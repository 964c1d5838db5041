"""Tournaments: pairing properties, hand-checked tie-breaks and standings, result handling."""

import itertools
import random
from types import SimpleNamespace

import pytest

from game.clock import parse_time_control
from game.core import GameSpec
from game.tournament.model import (SCORES, Entrant, GameChoice, Result, Tournament, berger_rounds,
                                   result_of_game, round_robin_round)
from game.tournament.pairing import pair_next_round
from game.tournament.standings import crosstable_matrix, crosstable_rounds, points, standings


#: The results a game played out can have (a double forfeit is entered by hand).
PLAYED = tuple(score for score in SCORES if score != "0-0")


def roster(count):
    return [Entrant(chr(ord("A") + i) if count <= 26 else f"P{i}") for i in range(count)]


def make(count, format="swiss", **kw):
    kw.setdefault("games", [GameChoice("pick")])
    return Tournament("Test", roster(count), format, **kw)


def fake_spec(name, players):
    """Just enough of a game spec for the registry checks."""
    counts = {v: n for v, n in players.items()}
    return GameSpec(name=name, title=name.title(), blurb="", variants=tuple(counts),
                    player_counts=counts, options={"speed": 1},
                    option_choices={"speed": (int, 1, 3)}, make_new=None,
                    make_from_position=None, parse=None, format=None)


REGISTRY = {"pick": fake_spec("pick", {"standard": 2}),
            "multi": fake_spec("multi", {"duel": 2, "trio": 3, "four": 4})}


# --- round robin ---------------------------------------------------------------

FIDE_BERGER_6 = [  # FIDE Handbook C.05 Annex 1, 5 or 6 players
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]


def test_berger_table_matches_fide_for_six():
    table = [[(a + 1, b + 1) for a, b in r] for r in berger_rounds(6)]
    assert table == FIDE_BERGER_6


def test_berger_five_gives_the_dummy_pairing_as_a_bye():
    table = berger_rounds(5)
    assert [r[-1] for r in table] == [(0, None), (3, None), (1, None), (4, None), (2, None)]
    assert table[0][:2] == [(1, 4), (2, 3)]


@pytest.mark.parametrize("count", range(2, 15))
@pytest.mark.parametrize("cycles", [1, 2])
def test_round_robin_every_pair_once_per_cycle_seats_balanced(count, cycles):
    t = make(count, "round-robin", cycles=cycles)
    per_cycle = count - 1 + count % 2
    assert t.total_rounds == cycles * per_cycle
    while t.can_pair_next():
        pair_next_round(t)               # pairing does not wait for results
    assert t.rounds_paired == t.total_rounds
    for cycle in range(cycles):
        rounds = t.rounds[cycle * per_cycle:(cycle + 1) * per_cycle]
        pairs = [frozenset((p.first, p.second)) for r in rounds for p in r if not p.is_bye]
        assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, itertools.combinations(range(count), 2))))
        byes = [p.first for r in rounds for p in r if p.is_bye]
        assert sorted(byes) == (list(range(count)) if count % 2 else [])
        for r in rounds:
            seated = [x for p in r for x in (p.first, p.second) if x is not None]
            assert sorted(seated) == list(range(count))
            assert [p.is_bye for p in r].count(True) == count % 2
            assert all(not p.is_bye for p in r[:-1])       # the bye is on the last board
        firsts = [sum(p.first == e for r in rounds for p in r if not p.is_bye)
                  for e in range(count)]
        seconds = [sum(p.second == e for r in rounds for p in r) for e in range(count)]
        assert all(abs(f - s) <= 1 for f, s in zip(firsts, seconds))
    if cycles == 2:
        for r in range(per_cycle):
            one = {(p.first, p.second) for p in t.rounds[r] if not p.is_bye}
            two = {(p.second, p.first) for p in t.rounds[r + per_cycle] if not p.is_bye}
            assert one == two                                  # seats swapped


def test_round_robin_round_is_refused_past_the_end():
    with pytest.raises(ValueError, match="no round 4"):
        round_robin_round(4, 4)
    assert round_robin_round(4, 4, cycles=2) == [(3, 0), (2, 1)]


def test_round_robin_rounds_flag_must_match():
    with pytest.raises(ValueError, match="has 3 rounds, not 5"):
        make(4, "round-robin", rounds=5)
    assert make(4, "round-robin", rounds=6, cycles=2).total_rounds == 6


# --- Swiss --------------------------------------------------------------------

def rematch_free_exists(players, met):
    """Independent brute force: can ``players`` be paired with no two who met?"""
    players = list(players)
    if not players:
        return True
    a = players[0]
    for b in players[1:]:
        if frozenset((a, b)) not in met:
            if rematch_free_exists([x for x in players[1:] if x != b], met):
                return True
    return False


def pairable(players, ok):
    """Independent brute force: can ``players`` be paired so that ``ok(a, b)`` holds for all?"""
    players = list(players)
    if not players:
        return True
    a = players[0]
    return any(ok(a, b) and pairable([x for x in players[1:] if x != b], ok)
               for b in players[1:])


def play_random_swiss(count, rounds, rng):
    t = make(count, "swiss", rounds=rounds)
    met, byes = set(), []
    while t.can_pair_next():
        boards = pair_next_round(t)
        seated = [x for p in boards for x in (p.first, p.second) if x is not None]
        assert sorted(seated) == list(range(count))
        bye = [p.first for p in boards if p.is_bye]
        assert len(bye) == count % 2
        # No rematch while the round could avoid one (with any allowed bye).
        candidates = [e for e in range(count) if e not in byes] if count % 2 else [None]
        feasible = [c for c in candidates
                    if rematch_free_exists([e for e in range(count) if e != c], met)]
        rematches = [p for p in boards if not p.is_bye
                     and frozenset((p.first, p.second)) in met]
        if feasible:
            assert not rematches, (count, rounds, t.rounds_paired)
        for p in boards:
            if p.is_bye:
                byes.append(p.first)
                continue
            met.add(frozenset((p.first, p.second)))
            t.record(p.round, p.board, rng.choice(PLAYED))
    assert t.is_complete
    # at most one bye each, unless no pairing of a round kept the absolute rules
    assert len(byes) == len(set(byes)) or t.round_changes
    return t


def test_swiss_properties_over_many_random_result_sequences():
    rng = random.Random(20240601)
    for _ in range(150):
        count = rng.randint(2, 12)
        most = count - 1 + count % 2
        play_random_swiss(count, rng.randint(1, most), rng)


def test_swiss_longest_events_never_rematch_when_a_round_robin_is_possible():
    # Every entrant can meet every other exactly once; the pairer should find it
    # often, and must never rematch while a rematch-free round exists.
    rng = random.Random(7)
    for count in (4, 5, 6, 7, 8):
        for _ in range(6):
            play_random_swiss(count, count - 1 + count % 2, rng)


def test_swiss_round_one_is_top_half_against_bottom_half():
    t = make(8)
    boards = pair_next_round(t)
    pairs = [frozenset((p.first, p.second)) for p in boards]
    assert pairs == [frozenset(x) for x in ((0, 4), (1, 5), (2, 6), (3, 7))]
    assert [p.first for p in boards] == [0, 5, 2, 7]       # seats alternate by board


def seat_balances(t):
    """First seats less second seats, per entrant, over the rounds paired."""
    balance = [0] * len(t.entrants)
    for boards in t.rounds:
        for p in boards:
            if not p.is_bye:
                balance[p.first] += 1
                balance[p.second] -= 1
    return balance


def test_swiss_score_groups_and_floating():
    t = make(6, rounds=3)
    pair_next_round(t)                   # 0-3, 4-1, 2-5 (first seat first)
    t.record(1, 1, "1-0")                # 0 beats 3
    t.record(1, 2, "1-0")                # 4 beats 1
    t.record(1, 3, "0-1")                # 5 beats 2
    boards = pair_next_round(t)
    pairs = [frozenset((p.first, p.second)) for p in boards]
    # winners [0, 4, 5]: 0 v 4 (S1 v the first of S2) would give one of them the second
    # move again, which both want to avoid (C10): 0 meets 5 and 4 floats down to the
    # highest loser 4 has not met (3), who wants the first move as 4 wants the second.
    assert pairs == [frozenset((0, 5)), frozenset((4, 3)), frozenset((1, 2))]
    assert all(abs(b) <= 1 for b in seat_balances(t))


def test_swiss_floater_skips_an_opponent_already_met():
    t = make(6, rounds=3)
    pair_next_round(t)
    t.record(1, 1, "1-0")                # 0 beats 3
    t.record(1, 2, "0-1")                # 1 beats 4
    t.record(1, 3, "0-1")                # 5 beats 2
    pairs = [frozenset((p.first, p.second)) for p in pair_next_round(t)]
    # 5 floats; the highest loser 2 was 5's opponent, and 3 moved second like 5
    # (one of them would move second twice): 5 meets 4 and 2 meets 3.
    assert pairs == [frozenset((0, 1)), frozenset((5, 4)), frozenset((2, 3))]
    assert all(abs(b) <= 1 for b in seat_balances(t))


def test_swiss_bye_goes_to_the_lowest_score_group_and_scores_a_win():
    t = make(5, rounds=3)
    boards = pair_next_round(t)
    assert boards[-1].is_bye and boards[-1].first == 4
    for p in boards[:-1]:
        t.record(p.round, p.board, "1/2-1/2")
    assert points(t) == [0.5, 0.5, 0.5, 0.5, 1.0]
    boards = pair_next_round(t)
    # 4 (1 point, a bye already) floats into the half-points and meets the top of them;
    # of 1, 2 and 3 the FIDE Dutch answer pairs 2-3 and gives 1 the bye.
    assert boards[-1].is_bye and boards[-1].first == 1
    assert {frozenset((p.first, p.second)) for p in boards[:-1]} == {
        frozenset((4, 0)), frozenset((2, 3))}
    with pytest.raises(ValueError, match="is a bye"):
        t.record(2, len(boards), "1-0")


def test_swiss_waits_for_the_round_to_finish():
    t = make(4, rounds=2)
    pair_next_round(t)
    t.record(1, 1, "1-0")
    with pytest.raises(ValueError, match="round 1 is not finished"):
        pair_next_round(t)
    t.record(1, 2, "0-1")
    pair_next_round(t)
    with pytest.raises(ValueError, match="every round"):
        pair_next_round(t)


def test_swiss_round_count_limits():
    assert make(8).total_rounds == 3
    assert make(5).total_rounds == 3
    with pytest.raises(ValueError, match="1 to 7 rounds"):
        make(8, rounds=8)
    assert make(7, rounds=7).total_rounds == 7   # odd: everyone can rest once


# --- hand-checked tie-breaks ------------------------------------------------------

def imported(format, names, pairings, tiebreaks, rounds):
    """A tournament with pairings chosen by hand, through the import path."""
    return Tournament.from_dict({
        "name": "Hand", "format": format, "cycles": 1, "rounds": rounds,
        "tiebreaks": tiebreaks, "seed": 1,
        "entrants": [{"name": n, "kind": "human", "level": None} for n in names],
        "games": [{"game": "pick", "variant": None, "time_control": None, "options": {}}],
        "pairings": [{"round": r, "board": b, "first": f, "second": s, "seed": 0,
                      "result": res, "how": None if res is None else "played"}
                     for r, b, f, s, res in pairings],
    })


# Swiss, 5 players, 3 rounds (A=0 ... E=4):
#   R1  A-B 1-0   C-D 1/2   E bye
#   R2  A-C 1/2   E-B 0-1   D bye
#   R3  B-D 1/2   E-A 0-1   C bye
#
#       R1      R2      R3     Pts   Bch   Cut1   SB    Wins
#   A   +B f    =C f    +E s   2.5   4.5   3.5    3.5   2
#   B   -A s    +E s    =D f   1.5   5.5   4.5    2     1
#   C   =D f    =A s    bye    2     6     4.5    3.75  1
#   D   =C s    bye     =B s   2     5     3.5    3.25  1
#   E   bye     -B f    -A f   1     5     4      1     1
# A bye (C.07 16.4) counts as a game won against a dummy with the player's own points,
# but no more than a draw a round (1.5 here): 1.5 for C and D, E's own 1 for E, in
# Buchholz and Sonneborn-Berger alike.  It is no voluntarily unplayed round, so Cut-1
# removes the lowest value, whichever it is.
SWISS_HAND = [
    (1, 1, 0, 1, "1-0"), (1, 2, 2, 3, "1/2-1/2"), (1, 3, 4, None, None),
    (2, 1, 0, 2, "1/2-1/2"), (2, 2, 4, 1, "0-1"), (2, 3, 3, None, None),
    (3, 1, 1, 3, "1/2-1/2"), (3, 2, 4, 0, "0-1"), (3, 3, 2, None, None),
]
ALL_SWISS_TB = ["buchholz_cut1", "buchholz", "sonneborn_berger", "wins", "direct_encounter"]


def test_swiss_tiebreaks_against_the_hand_checked_table():
    t = imported("swiss", "ABCDE", SWISS_HAND, ALL_SWISS_TB, 3)
    table = {s.name: s for s in standings(t)}
    assert {n: s.points for n, s in table.items()} == {"A": 2.5, "B": 1.5, "C": 2, "D": 2,
                                                      "E": 1}
    assert {n: s.tiebreaks[:4] for n, s in table.items()} == {
        "A": (3.5, 4.5, 3.5, 2), "B": (4.5, 5.5, 2, 1), "C": (4.5, 6, 3.75, 1),
        "D": (3.5, 5, 3.25, 1), "E": (4, 5, 1, 1)}
    assert [(s.rank, s.name) for s in standings(t)] == [
        (1, "A"), (2, "C"), (3, "D"), (4, "B"), (5, "E")]
    assert (table["C"].byes, table["C"].played, table["C"].draws) == (1, 2, 2)


def test_direct_encounter_of_a_drawn_pair_leaves_them_to_the_next_tiebreak():
    t = imported("swiss", "ABCDE", SWISS_HAND, ["direct_encounter", "sonneborn_berger"], 3)
    table = standings(t)
    assert [(s.rank, s.name) for s in table] == [(1, "A"), (2, "C"), (3, "D"), (4, "B"),
                                                 (5, "E")]
    de = {s.name: s.tiebreaks[0] for s in table}
    assert de == {"A": None, "B": None, "C": 0.5, "D": 0.5, "E": None}


def test_a_tie_left_after_every_tiebreak_shares_the_rank():
    t = imported("swiss", "ABCDE", SWISS_HAND, ["wins"], 3)
    assert [(s.rank, s.name) for s in standings(t)] == [(1, "A"), (2, "C"), (2, "D"),
                                                         (4, "B"), (5, "E")]


def test_direct_encounter_needs_everyone_in_the_group_to_have_met():
    # After round 2: A 1.5, D 1.5 (never met); B, C, E 1 each (C and B never met).
    t = imported("swiss", "ABCDE", SWISS_HAND[:6], ["direct_encounter"], 3)
    table = standings(t)
    assert all(s.tiebreaks == (None,) for s in table)
    assert [(s.rank, s.name) for s in table] == [(1, "A"), (1, "D"), (3, "B"), (3, "C"),
                                                 (3, "E")]


# Round robin, 4 players (A=0 ... D=3), Berger rounds:
#   R1 A-D 1/2, B-C 0-1    R2 D-C 1/2, A-B 1-0    R3 B-D 0-1, C-A 0-1?  (see below)
# Results by pair: A beat C, B beat A, A-D draw, C beat B, C-D draw, D beat B
#             A    B    C    D    Pts  DE   SB    Bch  Cut1 Wins
#   A         x    0    1    =    1.5  1    2.5   4.5  3.5  1
#   B         1    x    0    0    1    -    1.5   5    3.5  1
#   C         0    1    x    =    1.5  0    2     4.5  3.5  1
#   D         =    1    =    x    2    -    2.5   4    3    1
PAIR_RESULTS = {(0, 2): 1.0, (1, 0): 1.0, (0, 3): 0.5, (2, 1): 1.0, (2, 3): 0.5, (3, 1): 1.0}


def hand_round_robin(tiebreaks):
    t = make(4, "round-robin", tiebreaks=tiebreaks)
    while t.can_pair_next():
        for p in pair_next_round(t):
            score = PAIR_RESULTS.get((p.first, p.second))
            if score is None:
                score = 1 - PAIR_RESULTS[(p.second, p.first)]
            t.record(p.round, p.board, {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[score])
    return t


def test_round_robin_tiebreaks_against_the_hand_checked_table():
    t = hand_round_robin(["direct_encounter", "sonneborn_berger", "buchholz",
                          "buchholz_cut1", "wins"])
    table = standings(t)
    assert [(s.rank, s.name, s.points) for s in table] == [
        (1, "D", 2), (2, "A", 1.5), (3, "C", 1.5), (4, "B", 1)]
    values = {s.name: s.tiebreaks for s in table}
    assert values == {"A": (1, 2.5, 4.5, 3.5, 1), "B": (None, 1.5, 5, 3.5, 1),
                      "C": (0, 2, 4.5, 3.5, 1), "D": (None, 2.5, 4, 3, 1)}


def test_direct_encounter_applies_only_within_the_group_tied_so_far():
    # Wins tie A and C (1 each, as everyone); direct encounter then puts A first.
    t = hand_round_robin(["wins", "direct_encounter"])
    assert [(s.rank, s.name) for s in standings(t)] == [(1, "D"), (2, "A"), (3, "C"),
                                                         (4, "B")]
    # Buchholz alone leaves A and C level.
    t = hand_round_robin(["buchholz"])
    assert [(s.rank, s.name) for s in standings(t)] == [(1, "D"), (2, "A"), (2, "C"),
                                                         (4, "B")]


def test_crosstables():
    t = imported("swiss", "ABCDE", SWISS_HAND, ["buchholz_cut1"], 3)
    rows = crosstable_rounds(t)
    assert [r["name"] for r in rows] == ["A", "C", "D", "B", "E"]
    assert [c["text"] for c in rows[0]["rounds"]] == ["4f1", "2f½", "5s1"]
    assert [c["text"] for c in rows[4]["rounds"]] == ["bye", "4f0", "1f0"]
    matrix = crosstable_matrix(hand_round_robin(["direct_encounter"]))
    assert [r["name"] for r in matrix] == ["D", "A", "C", "B"]
    assert matrix[1]["scores"] == [[0.5], None, [1.0], [0.0]]


def test_crosstable_shows_pending_games():
    t = make(4, rounds=2)
    pair_next_round(t)
    t.record(1, 1, "1-0")
    texts = {r["name"]: [c["text"] for c in r["rounds"]] for r in crosstable_rounds(t)}
    assert texts["B"][0].endswith("?")
    assert standings(t)[0].points == 1


def test_round_robin_rest_scores_nothing_and_is_not_a_tiebreak_opponent():
    t = make(3, "round-robin", tiebreaks=["buchholz", "wins"])
    while t.can_pair_next():
        for p in pair_next_round(t):
            if not p.is_bye:
                t.record(p.round, p.board, "1-0")
    assert sum(points(t)) == 3
    for s in standings(t):
        assert s.byes == 1 and s.played == 2
        assert s.tiebreaks[1] == s.wins    # the rest is not a win


# --- results ------------------------------------------------------------------------

def test_results_from_games_flags_resignations_and_the_director():
    over = SimpleNamespace(is_over=True, winner=1)
    drawn = SimpleNamespace(is_over=True, winner=None)
    going = SimpleNamespace(is_over=False, winner=None)
    assert result_of_game(over) == Result("0-1", "played")
    assert result_of_game(drawn) == Result("1/2-1/2", "played")
    assert result_of_game(going, flagged=0) == Result("0-1", "time")
    assert result_of_game(going, resigned=1) == Result("1-0", "resignation")
    with pytest.raises(ValueError, match="not over"):
        result_of_game(going)
    t = make(2, rounds=1)
    pair_next_round(t)
    t.record(1, 1, "1-0", "forfeit")
    assert points(t) == [1, 0]
    t.record(1, 1, "0-1", "manual")      # the director corrects it
    assert points(t) == [0, 1]
    assert t.result(1, 1) == Result("0-1", "manual")
    t.clear_result(1, 1)
    assert t.pending() and not t.is_complete
    with pytest.raises(ValueError, match="result must be one of"):
        t.record(1, 1, "2-0")
    with pytest.raises(ValueError, match="how the game ended"):
        t.record(1, 1, "1-0", "lost interest")
    with pytest.raises(ValueError, match="no board 2"):
        t.record(1, 2, "1-0")


def _swiss_with_round_two_under_way():
    """The lock-out of issue 15: round 1 finished, round 2 paired, a round-2 result in."""
    t = make(4, rounds=3)
    for p in pair_next_round(t):
        t.record(p.round, p.board, "1-0")
    pair_next_round(t)
    t.record(2, 1, "1-0")
    return t


def test_a_swiss_result_is_changed_but_not_cleared_once_a_later_round_is_paired():
    t = _swiss_with_round_two_under_way()
    assert "round 2 is already paired" in t.clear_problem(1, 1)
    with pytest.raises(ValueError, match="can be changed but not cleared"):
        t.clear_result(1, 1)
    assert t.result(1, 1) == Result("1-0")          # refused: nothing changed
    t.record(1, 1, "0-1", "manual")                 # changing it is allowed ...
    t.record(1, 1, "1/2-1/2", "forfeit")
    assert t.rounds_paired == 2 and len(t.rounds[1]) == 2   # ... round 2 keeps its pairings
    assert Tournament.from_dict(t.to_dict()).to_dict() == t.to_dict()   # and it reads back
    assert t.clear_problem(2, 1) is None            # the round being played can be cleared
    t.clear_result(2, 1)
    assert Tournament.from_dict(t.to_dict()).pending() == t.pending()


def test_a_round_robin_result_can_always_be_cleared():
    t = make(4, "round-robin")
    for _ in range(3):
        for p in pair_next_round(t):
            t.record(p.round, p.board, "1-0")
    for p in t.rounds[0]:
        assert t.clear_problem(1, p.board) is None
        t.clear_result(1, p.board)
    assert Tournament.from_dict(t.to_dict()).pending() == t.rounds[0]


# --- setup checks -----------------------------------------------------------------------

def test_games_rotate_round_by_round_with_their_time_controls():
    games = [GameChoice("pick", None, parse_time_control("5+3")),
             GameChoice("multi", "duel", None)]
    t = Tournament("Rotation", roster(4), "round-robin", games, registry=REGISTRY)
    assert [t.game_for_round(r).game for r in (1, 2, 3)] == ["pick", "multi", "pick"]
    assert str(t.game_for_round(1).time_control) == "5+3"


@pytest.mark.parametrize("choice, words", [
    (GameChoice("multi", "trio"), "for 3 players; tournaments are for 2-player variants only"),
    (GameChoice("multi", "four"), "for 4 players"),
    (GameChoice("chess"), "unknown game 'chess'"),
    (GameChoice("multi", "solo"), "unknown variant 'solo'"),
    (GameChoice("pick", None, None, {"speed": 9}), "above the largest"),
    (GameChoice("pick", None, None, {"speed": True}), "expected a whole number"),
    (GameChoice("pick", None, None, {"speed": 2.0}), "expected a whole number"),
    (GameChoice("pick", None, None, {"colour": 2}), "unknown option 'colour'"),
])
def test_games_are_checked_and_multiplayer_variants_refused(choice, words):
    with pytest.raises(ValueError, match=words):
        Tournament("T", roster(4), "swiss", [choice], registry=REGISTRY)


@pytest.mark.parametrize("options, words", [
    ({"speed": [1, 2]}, "must be true, false, a number or a short text"),
    ({"speed": float("nan")}, "must be true, false, a number"),
    ({"speed": 10**30}, "must be true, false, a number"),
    ({"speed": "x" * 1000}, "must be true, false, a number"),
    ({"x" * 1000: 1}, "unknown option 'xxxx"),
    ({str(i): 1 for i in range(33)}, "33 options are too many"),
])
def test_options_that_are_not_plain_values_are_refused_without_a_registry(options, words):
    with pytest.raises(ValueError, match=words) as info:
        GameChoice("pick", None, None, options)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("kwargs, words", [
    ({"entrants": roster(1)}, "2 to 200 entrants"),
    ({"entrants": [Entrant("Ann"), Entrant("ann")]}, "two entrants are called"),
    ({"format": "knockout"}, "format must be one of"),
    ({"tiebreaks": ["points"]}, "unknown tie-break 'points'"),
    ({"tiebreaks": ["wins", "wins"]}, "listed twice"),
    ({"cycles": 2}, "round robins only"),
    ({"games": []}, "at least one game"),
    ({"seed": -1}, "seed"),
])
def test_bad_settings_are_refused(kwargs, words):
    settings = dict(name="T", entrants=roster(4), format="swiss", games=[GameChoice("pick")])
    settings.update(kwargs)
    with pytest.raises(ValueError, match=words):
        Tournament(**settings)


def test_entrants_are_checked():
    assert Entrant("Deep", "computer", "hard").is_computer
    with pytest.raises(ValueError, match="level must be one of"):
        Entrant("Deep", "computer", "godlike")
    with pytest.raises(ValueError, match="a human player has no level"):
        Entrant("Ann", "human", "easy")
    with pytest.raises(ValueError, match="needs a name"):
        Entrant("  ")


@pytest.mark.parametrize("name, words", [
    ("Ann\x00", "control character U\\+0000"),
    ("\x00", "control character U\\+0000"),
    ("Ann\nBob", "control character U\\+000A"),
    ("Ann\u2028", "control character U\\+2028"),
    ("Ann\x1b[31m", "control character U\\+001B"),
    ("\u200b", "no visible character"),
    ("\u200b\u200d\ufeff", "no visible character"),
    ("\u3164", "no visible character"),            # the Hangul filler: a letter that draws nothing
    ("\u2800\u2800", "no visible character"),
    ("\u0301", "no visible character"),            # a combining accent on nothing
    ("x" * 41, "1-40 characters long, not 41"),
    ("x" * 1_000_000, "not 1000000"),
    (" Ann", "begin or end with a space"),
    (7, "must be text, not int"),
])
def test_names_that_cannot_be_drawn_are_refused(name, words):
    with pytest.raises(ValueError, match=words) as info:
        Entrant(name)
    assert len(str(info.value)) < 200                 # a long name is not repeated whole


@pytest.mark.parametrize("name, words", [
    ("Club\x00night", "control character U\\+0000"),
    ("\u200b", "no visible character"),
    ("x" * 81, "1-80 characters long, not 81"),
    (None, "needs a name"),
])
def test_tournament_names_that_cannot_be_drawn_are_refused(name, words):
    with pytest.raises(ValueError, match=words):
        Tournament(name, roster(2), games=[GameChoice("pick")])
    assert Tournament("  Club night ", roster(2), games=[GameChoice("pick")]).name == "Club night"


@pytest.mark.parametrize("name", ["Zoë", "李小龙", "A\u200bB", "Ann 😀", "O'Brien-Smith",
                                  "x" * 40, "\u05e9\u05e8\u05d4"])
def test_names_that_draw_are_kept(name):
    assert Entrant(name).name == name


# --- plain data -------------------------------------------------------------------

def test_to_dict_and_from_dict_round_trip_mid_tournament():
    t = make(5, rounds=3, seed=99)
    boards = pair_next_round(t)
    t.record(1, 1, "1-0", "time")
    again = Tournament.from_dict(t.to_dict())
    assert again.to_dict() == t.to_dict()
    assert again.pending() == t.pending() == [boards[1]]
    again.record(1, 2, "0-1")
    t.record(1, 2, "0-1")
    assert pair_next_round(again) == pair_next_round(t)


@pytest.mark.parametrize("change, words", [
    (lambda d: d["entrants"][1].update(level="godlike"), r"entrants\[1\]\.level: must be one"),
    (lambda d: d["entrants"][0].pop("kind"), r"entrants\[0\]: missing field 'kind'"),
    (lambda d: d.update(colour="red"), "unknown field 'colour'"),
    (lambda d: d.update(rounds="3"), r"tournament\.rounds: must be a whole number"),
    (lambda d: d["games"][0].update(time_control="5x"), r"games\[0\]\.time_control: time control '5x'"),
    (lambda d: d["pairings"][0].update(first=9), r"pairings\[0\]\.first: 9 is out of range"),
    (lambda d: d["pairings"][0].update(result="1-0", how=None), "given together"),
    (lambda d: d["pairings"][1].update(round=2), "pairings must be listed in order"),
    (lambda d: d["pairings"][1].update(first=0, second=1), "already has a board"),
    (lambda d: d["pairings"].pop(0), "expected round 1 board 1"),
    (lambda d: d["pairings"][1].update(second=None, result=None, how=None),
     "already has a bye"),
])
def test_from_dict_names_the_bad_field(change, words):
    t = make(5, rounds=3)
    for p in pair_next_round(t)[:-1]:
        t.record(p.round, p.board, "1-0")
    data = t.to_dict()
    change(data)
    with pytest.raises(ValueError, match=words):
        Tournament.from_dict(data)


def test_from_dict_keeps_a_round_robin_on_its_berger_table():
    t = make(4, "round-robin")
    pair_next_round(t)
    data = t.to_dict()
    assert Tournament.from_dict(data).rounds == t.rounds
    data["pairings"][0].update(first=data["pairings"][0]["second"],
                               second=data["pairings"][0]["first"])
    with pytest.raises(ValueError, match=r"round 1 does not follow the round-robin \(Berger\)"):
        Tournament.from_dict(data)


def test_from_dict_refuses_a_second_bye_and_a_round_left_unfinished():
    data = imported("swiss", "ABCDE", SWISS_HAND, ["wins"], 3).to_dict()
    data["pairings"][4].update(first=3, second=1)                            # round 2: D-B
    data["pairings"][5].update(first=4, second=None, result=None, how=None)  # E rests again
    with pytest.raises(ValueError, match="second bye"):
        Tournament.from_dict(data)
    data = imported("swiss", "ABCDE", SWISS_HAND, ["wins"], 3).to_dict()
    data["pairings"][0].update(result=None, how=None)
    with pytest.raises(ValueError, match="cannot start before round 1 is finished"):
        Tournament.from_dict(data)
