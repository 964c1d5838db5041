"""Swiss rounds by the FIDE Dutch system: small brackets worked out by hand from the
rules (C.04.1, C.04.3), the entrant lifecycle (late entry, withdrawal, requested byes),
and the director's changes to a round."""

import pytest

from game.tournament import dutch
from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.pairing import pair_next_round
from game.tournament.standings import points


def make(names, **kw):
    kw.setdefault("rounds", 3)
    return Tournament("Club", [Entrant(n) for n in names], "swiss", [GameChoice("pick")],
                      **kw)


def boards(t, round_no=None):
    """(first mover, second mover) names of a round's boards, a bye as (name, None)."""
    rnd = t.rounds[-1 if round_no is None else round_no - 1]
    name = lambda e: None if e is None else t.entrants[e].name  # noqa: E731
    return [(name(p.first), name(p.second)) for p in rnd]


def play(t, *scores):
    for p, score in zip(t.rounds[-1], scores):
        if not p.is_bye:
            t.record(p.round, p.board, score)


def test_round_one_pairs_the_top_half_with_the_bottom_half_alternating_colours():
    t = make("ABCDEF")
    pair_next_round(t)
    # S1 = A B C, S2 = D E F; the top board's first mover is A, then colours alternate
    assert boards(t) == [("A", "D"), ("E", "B"), ("C", "F")]


def test_a_rematch_is_avoided_by_floating_both_leaders():
    t = make("ABCD")
    pair_next_round(t)                       # A-C, D-B
    play(t, "1-0", "0-1")                    # A and B win
    pair_next_round(t)
    assert boards(t) == [("B", "A"), ("C", "D")]
    play(t, "1/2-1/2", "1/2-1/2")
    pair_next_round(t)
    # A and B (1.5) have met: neither pairs in their bracket; both move down to C, D
    # (0.5), and each meets the one it has not played (A played C, B played D).
    # Colours: A (W, B) and D (W, B) both want the first move, with the same history:
    # the higher ranked A gets it; B (B, W) and C (B, W) both want the second: B
    # gets it, C moves first.
    assert boards(t) == [("A", "D"), ("C", "B")]


def test_the_lowest_of_an_odd_score_group_floats_down():
    t = make("ABCDEF")
    pair_next_round(t)                       # A-D, E-B, C-F
    play(t, "1-0", "0-1", "1-0")             # A, B, C win
    pair_next_round(t)
    # A (moved first) v B (moved second) suit both; C floats down to the highest loser
    # it has not met, D, who wants the first move as C wants the second; E v F.
    assert boards(t) == [("B", "A"), ("D", "C"), ("F", "E")]


def test_colour_preferences_decide_the_opponent_within_a_bracket():
    t = make("ABCDEF")
    pair_next_round(t)                       # A-D, E-B, C-F
    play(t, "1-0", "1-0", "0-1")             # A, E, F win
    pair_next_round(t)
    # winners A, E, F: A v E (S1 v the first of S2) would give one of them the second
    # move again, both having moved first: A meets F (C10), E floats down to D.
    pairs = {frozenset(b) for b in boards(t)}
    assert pairs == {frozenset("AF"), frozenset("ED"), frozenset("BC")}
    assert ("F", "A") in boards(t)           # F moved second in round 1


def test_the_bye_goes_to_the_lowest_player_who_may_have_it():
    t = make("ABCDE", bye_points=0.0)
    pair_next_round(t)                       # A-C, D-B, E the bye (no points)
    assert boards(t)[-1] == ("E", None)
    play(t, "1-0", "0-1")                    # A and B win
    pair_next_round(t)
    # C, D, E have nothing; E may not have a second bye, so E is paired and the
    # lowest ranked of the others, D, gets it; C and E need no exchange.
    assert boards(t) == [("B", "A"), ("C", "E"), ("D", None)]
    assert points(t)[4] == 0.0


def test_a_late_entrant_with_half_a_point_a_missed_round():
    t = make("ABCD")
    pair_next_round(t)
    play(t, "1-0", "1/2-1/2")                # A 1, B 0.5, C 0, D 0.5
    late = t.add_late_entrant(Entrant("E"), 2, "half")
    assert points(t)[late] == 0.5            # the missed round, half a point
    pair_next_round(t)
    # The FIDE Dutch answer (C.04.3), with E on half a point among B and D.
    assert boards(t) == [("B", "A"), ("E", "D"), ("C", None)]
    assert "E" not in {n for b in boards(t, 1) for n in b}


def test_a_withdrawn_player_is_never_paired_again_and_games_stand():
    t = make("ABCDEF")
    pair_next_round(t)
    play(t, "1-0", "0-1", "1/2-1/2")
    t.withdraw(0)                            # A leaves after round 1, with 1 point
    t.request_bye(3, 2)                      # D asks for a bye in round 2
    pair_next_round(t)
    seated = {n for b in boards(t) for n in b}
    assert "A" not in seated and "D" not in seated
    # the FIDE Dutch answer for the four left: B (1) meets C, F v E
    assert boards(t) == [("B", "C"), ("F", "E")]
    assert points(t)[0] == 1.0
    assert points(t)[3] == 0.5               # the requested bye's half point
    play(t, "1-0", "1-0")
    pair_next_round(t)
    assert "A" not in {n for b in boards(t) for n in b}


def test_requested_byes_may_score_nothing():
    t = make("ABCD", requested_bye_points=0.0)
    pair_next_round(t)                       # A-C, D-B
    play(t, "1-0", "1-0")                    # A and D win
    t.request_bye(3, 2)
    pair_next_round(t)
    assert points(t)[3] == 1.0               # D's win in round 1, nothing for the bye
    assert len(boards(t)) == 2 and boards(t)[-1][1] is None   # three left: one bye


def test_a_round_with_no_legal_pairing_breaks_the_fewest_rules_and_says_so():
    # Four players who have all met: no pairing keeps C1, so the one given has the
    # fewest rematches (two boards, both rematches) and says it is relaxed.
    met = {0: (1, 2, 3), 1: (0, 3, 2), 2: (3, 0, 1), 3: (2, 1, 0)}
    records = []
    for e, opponents in met.items():
        rounds = tuple(dutch.RoundEntry(o, True, "wb"[(e + r) % 2], 1, True)
                       for r, o in enumerate(opponents))
        records.append(dutch.PlayerRecord(e, e, rounds))
    result = dutch.pair_round(records, 3, 4)
    assert result.relaxed and len(result.boards) == 2 and result.bye is None
    t = make("ABCD", rounds=3)
    for _ in range(3):
        pair_next_round(t)
        play(t, "1-0", "1-0")
    assert not t.round_changes               # three rounds of four: no rule broken


def test_the_weights_stay_exact_integers():
    # A criterion in a low field must still decide between pairings equal above it:
    # with 60 players the weights are hundreds of bits long, far beyond a float.
    records = [dutch.PlayerRecord(e, e, ()) for e in range(60)]
    result = dutch.pair_round(records, 0, 5)
    assert result.boards[0] == (0, 30) and result.boards[1] == (31, 1)
    assert result.bye is None and not result.relaxed


def test_swapping_players_warns_of_a_rematch_and_keeps_the_change():
    t = make("ABCD")
    pair_next_round(t)                       # A-C, D-B
    play(t, "1-0", "0-1")
    pair_next_round(t)                       # B-A, C-D
    warnings = t.swap_players(2, 1, 2)       # B and C change places: C-A, B-D
    assert any("have met before" in w for w in warnings)
    assert boards(t) == [("C", "A"), ("B", "D")]
    assert t.round_changes[2] and "swapped B and C" in t.round_changes[2][0]
    back = Tournament.from_dict(t.to_dict())
    assert back.round_changes == t.round_changes


def test_moving_a_player_warns_of_an_absolute_colour_preference():
    t = make("ABCDEF", rounds=5)
    for scores in (("1-0", "1-0", "1-0"), ("1-0", "1-0", "1-0")):
        pair_next_round(t)
        play(t, *scores)
    pair_next_round(t)
    first_twice = [e for e in range(6)
                   if all(p.first == e for r in t.rounds[:2] for p in r
                          if e in (p.first, p.second))]
    assert first_twice
    e = first_twice[0]
    board = next(p for p in t.rounds[2] if e in (p.first, p.second))
    seat = 0 if board.second == e else 1     # to the other seat: the first move
    if seat == 0:
        warnings = t.move_player(3, e, board.board, 0)
        assert any("absolute colour preference" in w for w in warnings)


def test_a_round_with_a_result_cannot_be_changed():
    t = make("ABCD")
    pair_next_round(t)
    play(t, "1-0")
    with pytest.raises(ValueError, match="has a result"):
        t.swap_players(1, 0, 1)
