"""The computer players: legal answers within their budget, forced wins taken,
chance sampled instead of read from the state's seed (the match command and the
GTP levels are in ``test_ai_match.py``).

Searches here run by iteration count (``seconds=None``), so every outcome
depends only on the generator given; nothing asserts on wall time (the one
test with a clock budget, already spent, asserts only that a legal move
comes back).  Positions with an obvious best move are built by hand through
the engines' ``from_position``.
"""

from __future__ import annotations

import random

import pytest

from game import GAMES
from game.ai import LEVEL_TITLES, LEVELS, choose_move
from game.ai.levels import level_for
from game.ai.match import states_along
from game.calabria import square_index
from game.core import Fields, GameSpec, GameState, rng_for

STRONG = ("easy", "medium", "hard", "expert")


def pick(game, state, level, iterations, seed=0, info=None):
    return choose_move(game, state, level, random.Random(seed), seconds=None,
                       iterations=iterations, info=info)


def random_moves(state, rng, plies: int):
    """``state`` after ``plies`` uniformly random legal moves drawn from ``rng``."""
    for _ in range(plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state


def sample_states(spec, count=3, plies=(0, 7, 19), seed=1):
    """A few positions along one random game (never a finished one)."""
    return [state for _, state in states_along(spec, plies, seed)][:count]


# --- levels and legality --------------------------------------------------------

def test_levels_weakest_first_with_titles():
    assert LEVELS == ("random", "easy", "medium", "hard", "expert")
    assert set(LEVEL_TITLES) == set(LEVELS) | {"perfect"}     # Calla's Perfect besides


def test_every_level_has_a_budget_for_every_game():
    for game in GAMES:
        for level in STRONG:
            settings = level_for(game, level)
            assert settings.seconds and settings.seconds > 0
            assert settings.searcher in ("mcts", "alphabeta")
        hard = level_for(game, "hard")
        assert hard.seconds <= 2.0     # leaves room to answer within 3 s


def test_unknown_level_is_refused():
    state = GAMES["calla"].new_game()
    with pytest.raises(ValueError, match="unknown computer level"):
        choose_move("calla", state, "grandmaster")


def test_finished_game_is_refused():
    state = GAMES["calla"].from_position({"pits": [0, 0, 0, 0, 0, 17, 1, 1, 1, 1, 1, 10],
                                          "to_move": 1, "turns": [3, 2]})
    assert state.is_over
    with pytest.raises(ValueError, match="game is over"):
        choose_move("calla", state, "hard")


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_a_legal_move(game, level):
    spec = GAMES[game]
    for i, state in enumerate(sample_states(spec)):
        info = {}
        move = pick(game, state, level, iterations=4, seed=i, info=info)
        assert move in state.legal_moves()
        assert info["iterations"] <= 4 or info["searcher"] == "alphabeta"


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("level", STRONG)
def test_a_spent_time_budget_still_gives_a_legal_move(game, level):
    # A budget used up before the search starts (a busy machine): the player
    # still answers, with a legal move.
    for i, state in enumerate(sample_states(GAMES[game], count=2)):
        move = choose_move(game, state, level, random.Random(i), seconds=1e-6, iterations=None)
        assert move in state.legal_moves()


@pytest.mark.parametrize("game", list(GAMES))
def test_one_iteration_still_gives_a_legal_move(game):
    spec = GAMES[game]
    for state in sample_states(spec):
        assert pick(game, state, "expert", iterations=1) in state.legal_moves()


@pytest.mark.parametrize("game", list(GAMES))
def test_iteration_cap_is_the_budget(game):
    state = sample_states(GAMES[game])[-1]
    info = {}
    pick(game, state, "medium", iterations=25, info=info)
    assert 1 <= info["iterations"] <= 25


@pytest.mark.parametrize("game", list(GAMES))
def test_same_generator_same_move(game):
    # An iteration budget and a seeded generator fix the answer: asked twice,
    # the player gives the same moves, and the search's playouts the same count.
    spec = GAMES[game]
    state = sample_states(spec)[1]
    level = "easy" if game == "calla" else "medium"
    first, again = [], []
    for answers in (first, again):
        for s in range(3):
            info = {}
            move = pick(game, state, level, iterations=40, seed=s, info=info)
            answers.append((spec.format_move(state, move), info["iterations"]))
    assert first == again


def test_a_timed_search_stops_once_the_rest_cannot_change_its_move():
    from game.ai.knowledge import knowledge_for
    from game.ai.mcts import Node, Search
    spec = GAMES["iriri"]
    state = sample_states(spec)[1]
    level = level_for("iriri", "hard")
    search = Search(spec, state, level, knowledge_for("iriri"), random.Random(1), deadline=2.0)
    root = Node(None, state, 2)
    root.mover = 0
    for visits in (100, 10, 5):
        child = Node(None, None, 2)
        child.visits = visits
        root.children.append(child)
    search.done = 115
    # 115 iterations in the first second: 115 more could still lift the second move
    # (10 visits) past the first (100); with half a second left, 57 could not.
    assert not search.settled(root, started=0.0, now=1.0)
    search.deadline = 1.5
    assert search.settled(root, started=0.0, now=1.0)
    # A move proven lost is never played, so it does not count as the runner-up...
    root.children[0].visits, root.children[1].visits = 70, 80
    root.children[1].proven = 1
    assert search.settled(root, started=0.0, now=1.0)
    # ...and an iteration cap closer than the deadline bounds what is left.
    root.children[1].proven = None
    root.children[0].visits, root.children[1].visits = 100, 10
    search.deadline, search.iterations = 10.0, 150
    assert search.settled(root, started=0.0, now=1.0)


def test_single_legal_move_is_answered_without_search():
    # Only shield 3 of player A holds cubes.
    state = GAMES["calla"].from_position({"pits": [0, 0, 5, 0, 0, 10, 3, 3, 3, 3, 3, 2],
                                          "to_move": 0, "turns": [4, 4]})
    info = {}
    assert pick("calla", state, "expert", iterations=1000, info=info) == 3
    assert info["iterations"] == 0


# --- Calla -----------------------------------------------------------------------

def calla(pits, to_move=0):
    turns = [5, 5] if to_move == 0 else [6, 5]
    return GAMES["calla"].from_position({"pits": pits, "to_move": to_move, "turns": turns})


@pytest.mark.parametrize("level", STRONG)
def test_calla_takes_the_17th_cube_by_capture(level):
    # A has 13; shield 2 (one cube) lands in the empty shield 3 facing four cubes:
    # 13 + 4 + 1 = 18.  Shield 5 only makes a free turn.
    state = calla([0, 1, 0, 0, 1, 13, 2, 0, 4, 2, 1, 8])
    move = pick("calla", state, level, iterations=2000)
    after = state.play(move)
    assert after.is_over and after.winner == 0


@pytest.mark.parametrize("level", STRONG)
def test_calla_plays_the_free_turn_before_the_winning_capture(level):
    # A has 12.  Capturing at once (shield 2 into empty shield 3, facing 3 cubes)
    # makes only 16 and passes the turn; first the free turn from shield 5
    # (13), then the capture reaches 17.
    state = calla([0, 1, 0, 0, 1, 12, 2, 0, 3, 2, 1, 10])
    first = pick("calla", state, level, iterations=3000)
    assert first == 5
    state = state.play(first)
    assert state.to_move == 0 and not state.is_over
    second = pick("calla", state, level, iterations=3000)
    after = state.play(second)
    assert after.is_over and after.winner == 0 and after.scores[0] == 17


def test_calla_player_b_takes_its_win_too():
    # Mirror image for B: B's shield 2 (index 7) lands in empty index 8 facing
    # index 2 (four cubes): 13 + 5 = 18.
    state = calla([2, 0, 4, 2, 1, 8, 0, 1, 0, 0, 1, 13], to_move=1)
    move = pick("calla", state, "hard", iterations=5000)
    after = state.play(move)
    assert after.is_over and after.winner == 1


def test_calla_alpha_beta_is_exact_with_few_cubes_left():
    # Eight cubes in the shields: the whole rest of the game is searched.
    state = calla([1, 0, 2, 0, 1, 12, 0, 2, 0, 1, 1, 12])
    info = {}
    move = pick("calla", state, "expert", iterations=None, info=info)
    assert info["searcher"] == "alphabeta" and info["exact"]
    assert move in state.legal_moves()


def test_calla_hard_looks_ten_plies_ahead_where_expert_looks_further():
    state = GAMES["calla"].new_game(seed=1)
    hard, expert = {}, {}
    pick("calla", state, "hard", iterations=None, info=hard)
    pick("calla", state, "expert", iterations=60_000, info=expert)
    assert hard["depth"] == 10 and not hard["exact"]
    assert expert["depth"] > 10


def test_calla_model_follows_the_rules():
    from game.ai.knowledge.calla import CallaModel
    spec = GAMES["calla"]
    rng = random.Random(4)
    for _ in range(200):
        state = spec.new_game(end_sweep=rng.choice(["none", "owner_takes"]))
        while True:
            model = CallaModel(state)
            s = model.root
            final = model.terminal(s)
            assert (final is not None) == state.is_over
            if state.is_over:
                assert (final > 0, final < 0) == (state.winner == 0, state.winner == 1)
                break
            assert sorted(model.moves(s)) == state.legal_moves()
            if rng.random() < 0.03:
                state = state.call_time()
                continue
            move = rng.choice(state.legal_moves())
            state = state.play(move)
            assert model.play(s, move) == (state.pits, state.mover, state.free_turn,
                                           state.time_called)


# --- Calabria ----------------------------------------------------------------------

def calabria(pieces: dict, to_move=0, barricades=(4, 4)):
    """A movement-phase position from {square name: board character}."""
    board = ["."] * 96
    for name, char in pieces.items():
        board[square_index(name)] = char
    rows = ["".join(board[r * 12:(r + 1) * 12]) for r in range(8)]
    return GAMES["calabria"].from_position({"board": rows, "phase": "movement",
                                            "to_move": to_move,
                                            "barricades": list(barricades)})


@pytest.mark.parametrize("level", STRONG)
def test_calabria_captures_the_dux(level):
    # The Gladiator Dux on e5 has Romans on d5, f5 and e6; the Roman on e1
    # closes the ring by sliding to e4.
    state = calabria({"d5": "r", "f5": "r", "e6": "r", "e1": "r", "a1": "R",
                      "e5": "G", "k8": "g", "l7": "g", "j8": "g"})
    move = pick("calabria", state, level, iterations=300)
    after = state.play(move)
    assert after.is_over and after.winner == 0


@pytest.mark.parametrize("level", STRONG)
def test_calabria_captures_the_last_piece(level):
    # The last Gladiator piece on h4 sits next to a Roman on g4; the Roman on
    # i1 slides to i4 and takes it.
    state = calabria({"g4": "r", "i1": "r", "c2": "r", "a1": "R",
                      "h4": "g", "a8": "G"})
    move = pick("calabria", state, level, iterations=300)
    after = state.play(move)
    assert after.is_over and after.winner == 0


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_calabria_does_not_hand_over_its_dux(level):
    # The Roman Dux on e5 is held by Gladiators on d5, f5 and e6 and may not
    # move (Alligatus); a Gladiator on e1 would close the ring on e4.  The
    # Romans must guard e4 (or take a guard) now.
    state = calabria({"e5": "R", "d5": "g", "f5": "g", "e6": "g", "e1": "g",
                      "h3": "r", "b4": "r", "k7": "r", "l8": "G"})
    move = pick("calabria", state, level, iterations=400)
    after = state.play(move)
    assert not after.is_over
    for reply in after.legal_moves():
        final = after.play(reply)
        assert not (final.is_over and final.winner == 1), reply


#: The Roman Dux on e1 has a Gladiator on d1 beside it; Gladiators on f5 and e6 can
#: reach f1 and e2.  The Romans have no barricades left (theirs stand at h8, j8,
#: l8 and h6) and two pieces far away on a8 and b8.
TRAP = {"e1": "R", "a8": "r", "b8": "r", "d1": "g", "f5": "g", "e6": "g", "l5": "G",
        "h8": "X", "j8": "X", "l8": "X", "h6": "X"}


def calabria_trap():
    return calabria(TRAP, barricades=(0, 4))


def test_calabria_sees_a_dux_trap_two_moves_ahead():
    from game.ai.knowledge import calabria as know
    state = calabria_trap()
    spec = GAMES["calabria"]

    def trap(text):
        return know.trap(state, spec.parse_move(state, text))
    # a8-a7 lets f5-f1 pin the Dux between d1 and f1, and nothing then stops e6-e2.
    assert trap("a8-a7")
    after = state.play(spec.parse_move(state, "a8-a7"))
    pinned = after.play(spec.parse_move(after, "f5-f1"))
    for answer in pinned.legal_moves():
        final = pinned.play(answer)
        closes = spec.parse_move(final, "e6-e2")
        assert closes in final.legal_moves()
        assert final.play(closes).winner == 1
    # Answers that hold: the Dux leaves, or a piece comes where it can take d1
    # (a1, then c1) or f1 (g8, then g1), or guard e2 (a2, then e2).
    for safe in ("e1-e3", "e1-h1", "a8-a1", "b8-g8", "a8-a2"):
        assert not trap(safe), safe


def test_calabria_expert_never_walks_into_a_dux_trap_where_hard_may():
    from game.ai.knowledge import calabria as know
    state = calabria_trap()
    # One playout each: the move is the search's first choice among equals.
    hard = [pick("calabria", state, "hard", iterations=1, seed=s) for s in range(10)]
    expert = [pick("calabria", state, "expert", iterations=1, seed=s) for s in range(10)]
    assert any(know.trap(state, m) for m in hard)
    assert not any(know.trap(state, m) for m in expert)


#: Romans six pieces, Gladiators two; the shuffle c3-c4, j6-j5, c4-c3, j5-j6 twice
#: over, less its last move: Gladiators to move, and j5-j6 makes the opening
#: position appear a third time, a draw.
REPEAT_UNITS = {"c3": "r", "a1": "r", "c1": "r", "e1": "r", "g1": "r", "i1": "r", "k1": "R",
                "j6": "g", "l8": "g", "a8": "G"}
REPEAT_SHUFFLE = ["c3-c4", "j6-j5", "c4-c3", "j5-j6", "c3-c4", "j6-j5", "c4-c3"]


def calabria_one_move_from_repetition():
    state = calabria(REPEAT_UNITS)
    spec = GAMES["calabria"]
    for text in REPEAT_SHUFFLE:
        state = state.play(spec.parse_move(state, text))
    return state, spec.parse_move(state, "j5-j6")


def test_calabria_prior_looks_first_at_a_draw_by_repetition():
    from game.ai.knowledge import calabria as know
    state, draw = calabria_one_move_from_repetition()
    after = state.play(draw)
    assert after.is_over and after.winner is None and "three times" in after.end_reason
    moves = state.legal_moves()
    ranks = know.prior(state, moves)
    best = max(ranks)
    assert ranks[moves.index(draw)] == best
    assert [m for m, r in zip(moves, ranks) if r == best] == [draw]


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_calabria_takes_a_draw_by_repetition_when_behind(level):
    # two pieces against six: holding the position to a draw beats playing on; a small
    # search finds it among 137 moves because the draw is looked at first
    state, draw = calabria_one_move_from_repetition()
    for seed in range(4):
        assert pick("calabria", state, level, iterations=60, seed=seed) == draw, seed


# --- Callisto ----------------------------------------------------------------------

#: Two endgames of a two-colour game where exactly one placement still wins
#: (found by a full search of the remaining game).  Blue to move in both.
CALLISTO_ENDGAMES = [
    ([[0, "l6"], [1, "i15"], [0, "f13"], [1, "j4"], [0, "f11,f12,g12"], [1, "n11"],
      [0, "j10,i11,j11,h12,i12"], [1, "j2,i3,j3,k3"], [0, "g13,h13,h14,i14"],
      [1, "m10,k11,l11,m11,m12"], [0, "l8,l9,k10,l10"], [1, "j12,k12,j13,j14,k14"],
      [0, "i6,j6,k6,i7"], [1, "k4,i5,j5,k5"], [0, "g7,h7,h8"], [1, "f3,g3,h3,h4"],
      [0, "d10,e10,d11,e11"], [1, "m8,m9,n9,n10"], [0, "c8,c9,d9,c10"], [1, "m7,n7,o7,n8"],
      [0, "j9,k9"], [1, "i1,h2,i2"], [0, "h9,g10,h10,i10"], [1, "l5,m5"], [0, "i8,j8,k8"],
      [1, "f4,e5,f5"], [0, "c6"], [1, "l12,l13"], [0, "m6,n6"], [1, "d5,d6,e6,e7"],
      [0, "e8,f8,e9,f9"], [1, "g14,g15,h15,h16,i16"]], "b7,c7,d7,b8,d8"),
    ([[0, "f13"], [1, "o7"], [0, "e5"], [1, "m5"], [0, "f5,f6,f7,g7"], [1, "m7,n7,m8,m9,n9"],
      [0, "g3,h3,f4,g4"], [1, "j8,k8,l8"], [0, "i6,j6,h7,i7"], [1, "j5,k5,l5"], [0, "g6"],
      [1, "m10,k11,l11,m11,m12"], [0, "i3,j3,i4,i5"], [1, "k6,j7,k7"],
      [0, "e7,c8,d8,e8,e9"], [1, "i12,j12,k12,j13"], [0, "d12,e12,f12,e13"], [1, "h5"],
      [0, "i1,h2,i2"], [1, "i13,i14,j14,j15"], [0, "g8,f9,g9,h9"], [1, "o8,p8,p9"],
      [0, "b9,c9,c10,d10,d11"], [1, "h13,g14,h14,g15"], [0, "e10,f10,e11"],
      [1, "i8,i9,j9,j10,k10"], [0, "g10,h10,g11,g12,h12"], [1, "n10,o10"], [0, "j4,k4"]],
     "i10,h11,i11,j11"),
]


@pytest.mark.parametrize("case", range(len(CALLISTO_ENDGAMES)))
@pytest.mark.parametrize("level", ("medium", "hard", "expert"))
def test_callisto_finds_the_one_winning_placement(level, case):
    moves, best = CALLISTO_ENDGAMES[case]
    spec = GAMES["callisto"]
    state = spec.from_position({"variant": "callisto_2", "moves": moves})
    move = pick("callisto", state, level, iterations=3000)
    assert spec.format_move(state, move) == best


def test_callisto_prior_puts_big_pieces_first():
    from game.ai.knowledge.callisto import prior
    spec = GAMES["callisto"]
    state = spec.new_game(variant="callisto_2")
    for _ in range(4):      # both colours' two 1x1s
        state = state.play(state.legal_moves()[0])
    moves = state.legal_moves()
    ranks = prior(state, moves)
    best = moves[max(range(len(moves)), key=ranks.__getitem__)]
    assert len(state.move_cells(best)) == 5


#: Two-colour Callisto after both colours' 1x1s and two pieces each; Green (the second
#: colour) to move.  Blue's pieces g6-i6 have free cells beside them at f6, g5 and h5.
CONTESTED = "e9;k7;j6;g11;g6,h6,i6,h7,h8;k4,i5,j5,k5,k6;e10,e11,f11,f12,g12"


def test_callisto_contest_ranking_puts_taking_the_other_colours_room_before_size():
    from game.ai.knowledge.callisto import contest_prior, prior
    spec = GAMES["callisto"]
    state = spec.new_game(variant="callisto_2")
    for text in CONTESTED.split(";"):
        state = state.play(spec.parse_move(state, text))
    moves = state.legal_moves()
    # every free cell beside one of Blue's pieces, worked out from the cells themselves
    blue = {cell for colour, move in state.moves if colour == 0
            for cell in state.move_cells(move)}
    taken_cells = {cell for _, move in state.moves for cell in state.move_cells(move)}
    beside_blue = {(x + dx, y + dy) for x, y in blue
                   for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - taken_cells
    size = {m: len(state.move_cells(m)) for m in moves}
    taken = {m: len(beside_blue & set(state.move_cells(m))) for m in moves}
    contest = dict(zip(moves, contest_prior(state, moves)))
    plain = dict(zip(moves, prior(state, moves)))
    # the tetromino on f5, g5, h5 and f6 takes three of those cells (f6, g5, h5)
    block = spec.parse_move(state, "f5,g5,h5,f6")
    assert size[block] == 4 and taken[block] == 3
    far = [m for m in moves if size[m] == 5 and not taken[m]]
    assert len(far) > 20
    assert all(contest[block] > contest[m] for m in far)
    # the plain ranking puts every pentomino first
    assert all(plain[block] < plain[m] for m in moves if size[m] == 5)
    # from its fifth piece on, and while a colour still places its opening 1x1s, both
    # rankings are the same
    later = state
    rng = random.Random(3)
    while sum(1 for colour, _ in later.moves if colour == 1) < 6 or later.colour != 1:
        later = later.play(rng.choice(later.legal_moves()))
    assert later.colour == 1 and not later.is_over
    assert contest_prior(later, later.legal_moves()) == prior(later, later.legal_moves())
    assert contest_prior(state, moves) != prior(state, moves)
    opening = spec.new_game(variant="callisto_2").play(spec.parse_move(state, "e9"))
    ones = opening.legal_moves()
    assert contest_prior(opening, ones) == prior(opening, ones)


def test_callisto_two_colour_hard_and_expert_rank_by_contest_the_other_levels_by_size():
    from game.ai.knowledge import knowledge_for
    from game.ai.knowledge.callisto import contest_order, order
    from game.ai.mcts import Search
    spec = GAMES["callisto"]
    know = knowledge_for("callisto")
    state = spec.new_game(variant="callisto_2")
    for level, variant, expected in (("hard", "callisto_2", contest_order),
                                     ("expert", "callisto_2", contest_order),
                                     ("medium", "callisto_2", order),
                                     ("hard", "callisto", order)):
        settings = level_for("callisto", level, know, variant)
        search = Search(spec, state, settings, know, random.Random(1), None, 10)
        assert search.order is expected, (level, variant)


def test_callisto_playout_places_disjoint_pieces_and_rewards_every_player():
    from game.ai.knowledge.callisto import rollout
    spec = GAMES["callisto"]
    state = spec.new_game(variant="callisto_2")
    rng = random.Random(5)
    state = random_moves(state, rng, 10)
    played = []
    reward = rollout(state, rng, 80, played, {})
    assert len(reward) == 2 and abs(sum(reward) - 1.0) < 1e-9
    assert all(-0.45 <= r <= 1.45 for r in reward)
    # without a search's memory, the evaluation judges the playout: within [0, 1]
    assert all(0.0 <= r <= 1.0 for r in rollout(state, rng, 80, None, None))
    assert played and played[0][1] in state.legal_moves()
    covered = state.occupied
    for player, move in played:
        assert player in (0, 1)
        cells = state.geo.mask_of[move]
        assert not cells & covered
        covered |= cells


def test_callisto_two_colour_playouts_reward_the_result_first_then_the_margin():
    # Pentobi's quality rewards: a won playout always beats a lost one, whatever the
    # margins; among results alike, a wider margin than the search's playouts so far
    # earns more, a narrower one less; a tie is nearly a loss for the first player.
    import copy

    from game.ai.knowledge.callisto import _quality_reward
    memory = {}
    rng = random.Random(7)
    for _ in range(300):        # the search's playouts so far: margins about 0 +- 8
        _quality_reward(rng.gauss(0.0, 8.0), 36, memory)
    won = [_quality_reward(m, 36, copy.deepcopy(memory))[0] for m in (1, 4, 12, 25)]
    lost = [_quality_reward(m, 36, copy.deepcopy(memory))[0] for m in (-25, -12, -4, -1)]
    tie = _quality_reward(0, 36, copy.deepcopy(memory))[0]
    assert won == sorted(won) and lost == sorted(lost)
    assert min(won) > tie > max(lost) and min(won) - max(lost) > 0.3
    assert won[-1] - won[0] > 0.2 and lost[-1] - lost[0] > 0.2
    assert tie < 0.5
    # what the first player loses the second gains
    assert all(abs(sum(_quality_reward(m, 36, copy.deepcopy(memory))) - 1.0) < 1e-9
               for m in (-3, 0, 3))
    # the statistics are the search's own: a fresh memory knows no margins yet
    fresh = {}
    assert _quality_reward(5, 36, fresh)[0] == 1.0
    assert fresh["callisto"][0].n == 1


def test_callisto_playout_tables_keep_the_legal_placements_of_the_positions():
    from game.ai.knowledge.callisto import _playout_tables
    spec = GAMES["callisto"]
    rng = random.Random(4)
    state = spec.new_game(variant="callisto_2")
    overlap, beside, _ = _playout_tables(state.geo)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        colour = state.colour
        after = state.play(move)
        assert after._free == state._free & ~overlap[move]
        grown = (state._touch[colour] | beside[move]) & after._free
        assert grown == after._touch[colour] & after._free
        state = after


def test_callisto_two_colour_opening_ones_go_next_to_the_middle():
    import math
    spec = GAMES["callisto"]
    state = spec.new_game(variant="callisto_2")
    state = state.play(spec.parse_move(state, "f10"))
    for seed in (0, 1):     # without the rule: e11 and e5, towards the edge
        move = pick("callisto", state, "hard", iterations=4000, seed=seed)
        (x, y), = state.move_cells(move)
        assert math.hypot(x - 7.5, y - 7.5) < 3.0      # one of the cells nearest the middle
    three = spec.new_game(variant="callisto_3")
    from game.ai.knowledge.callisto import opening_ones
    assert opening_ones(three, three.legal_moves()) == three.legal_moves()


def test_callisto_two_colour_game_plays_out_the_other_variants_judge_at_once():
    two = level_for("callisto", "hard", variant="callisto_2")
    four = level_for("callisto", "hard", variant="callisto")
    assert two.playout_depth and two.rave and two.fast_rollout and two.quality
    assert four.playout_depth == 0 and not four.fast_rollout and not four.quality
    assert two.seconds == four.seconds <= 2.0
    # Expert's longer search goes deeper along its best lines: it explores less.
    expert = level_for("callisto", "expert", variant="callisto_2")
    assert expert.c < two.c and expert.seconds <= 5.0


def test_callisto_hard_goes_on_from_its_last_search():
    from game.ai import mcts
    from game.ai.knowledge import knowledge_for
    spec = GAMES["callisto"]
    state = spec.new_game(variant="callisto_2")
    rng = random.Random(3)
    state = random_moves(state, rng, 8)
    mcts._KEPT.clear()
    move = choose_move("callisto", state, "hard", random.Random(1), seconds=0.4)
    kept, memory = mcts._KEPT[("callisto", "hard")]
    assert kept.move == move and kept.visits > 0
    # the playouts' statistics go on with the tree
    margins, _ = memory["callisto"]
    assert margins.n > 100
    reply = kept.children[0].move if kept.children else kept.untried[-1]
    after = state.play(move).play(reply)
    search = mcts.Search(spec, after, level_for("callisto", "hard", variant="callisto_2"),
                         knowledge_for("callisto"), random.Random(2), deadline=1e18)
    root = search.kept_root(after)
    assert root is not None and root.state == after
    assert search.memory is memory
    # a position that does not follow from the kept one starts afresh
    mcts._KEPT[("callisto", "hard")] = (kept, memory)
    fresh = mcts.Search(spec, after, level_for("callisto", "hard", variant="callisto_2"),
                        knowledge_for("callisto"), random.Random(2), deadline=1e18)
    assert fresh.kept_root(spec.new_game(variant="callisto_2")) is None
    assert fresh.memory == {}
    mcts._KEPT.clear()


def test_callisto_two_colour_expert_thinks_on_once_its_move_is_settled(monkeypatch):
    from game.ai import mcts
    from game.ai.knowledge import knowledge_for
    spec = GAMES["callisto"]
    state = spec.new_game(variant="callisto_2")
    rng = random.Random(3)
    state = random_moves(state, rng, 8)
    # Every check finds the move settled: Hard stops at the first check, Expert goes on
    # to its cap (the deadline is far away, so the clock plays no part).
    monkeypatch.setattr(mcts.Search, "settled", lambda self, root, started, now: True)
    done = {}
    for level in ("hard", "expert"):
        settings = level_for("callisto", level, variant="callisto_2")
        search = mcts.Search(spec, state, settings.but(keep_tree=False), knowledge_for("callisto"),
                             random.Random(1), deadline=1e18, iterations=200)
        assert search.run() in state.legal_moves()
        done[level] = search.done
    assert done == {"hard": mcts.SETTLE_EVERY, "expert": 200}


@pytest.mark.parametrize("variant", ("callisto_3", "callisto_2_4"))
def test_callisto_other_variants_answer(variant):
    spec = GAMES["callisto"]
    state = spec.new_game(variant=variant)
    rng = random.Random(2)
    state = random_moves(state, rng, 9)
    assert pick("callisto", state, "hard", iterations=30) in state.legal_moves()


# --- chance: a stub game whose play() draws from the seed ---------------------------------

class CoinState(GameState):
    """Player 0 either settles for a draw or bets: the bet wins three times in ten,
    drawn from the position's seed like Calliro's chips."""

    def __init__(self, seed, draws=0, result=None):
        self.seed, self.draws, self.result = seed, draws, result

    def position(self):
        return {"seed": self.seed, "draws": self.draws, "result": self.result}

    @property
    def to_move(self):
        return None if self.result else 0

    @property
    def is_over(self):
        return self.result is not None

    def legal_moves(self):
        return [] if self.result else ["safe", "bet"]

    def play(self, move):
        if move == "safe":
            return CoinState(self.seed, self.draws, "draw")
        won = rng_for(self.seed, self.draws).random() < 0.3
        return CoinState(self.seed, self.draws + 1, "won" if won else "lost")

    @property
    def winner(self):
        return {"won": 0, "lost": 1}.get(self.result)

    @property
    def scores(self):
        return {"won": (1, 0), "lost": (0, 1)}.get(self.result, (0, 0))


def _coin_from_position(data):
    f = Fields(data, ("seed", "draws", "result"))
    return CoinState(f.int("seed", default=0), f.int("draws", default=0), f.raw("result"))


COIN = GameSpec(name="coin", title="Coin", blurb="", variants=("standard",),
                player_counts={"standard": 2}, options={}, option_choices={},
                make_new=lambda v, s, o: CoinState(s), make_from_position=_coin_from_position,
                parse=lambda s, t: t, format=lambda s, m: m, chance=True)
CoinState.spec = COIN


def bet_wins(seed):
    return CoinState(seed).play("bet").winner == 0


@pytest.mark.parametrize("level", STRONG)
def test_chance_is_sampled_not_read_from_the_seed(level):
    # On these seeds the state's own next draw makes the bet win; a search that
    # played on the given state would see a sure win and bet.
    lucky = [s for s in range(200) if bet_wins(s)][:5]
    assert len(lucky) == 5
    for seed in lucky:
        assert pick("coin", CoinState(seed), level, iterations=300) == "safe"


def test_answer_does_not_depend_on_the_state_seed():
    infos = []
    for seed in range(8):
        info = {}
        assert pick("coin", CoinState(seed), "medium", iterations=50, seed=7, info=info) == "safe"
        infos.append(info["iterations"])
    assert len(set(infos)) == 1


# --- Calliro ------------------------------------------------------------------------------

def calliro(cells: dict, scores, to_move, seed=5):
    """A Calliro position from {cell label: chip}: ``scores`` score chips per player are
    laid in rows 1-2 (Blue's) and 8-9 (Green's), far from the play; the Repository
    holds every other chip, up sides drawn from ``seed``."""
    blue_rows = ["e1", "f1", "g1", "h1", "i1", "d2", "e2", "f2", "g2", "h2"]
    green_rows = ["a9", "b9", "c9", "d9", "e9", "a8", "b8", "c8", "d8", "e8"]
    board = {c: "S0" for c in blue_rows[:scores[0]]}
    board.update({c: "S1" for c in green_rows[:scores[1]]})
    board.update(cells)
    return GAMES["calliro"].from_position({"cells": board, "scores": list(scores),
                                           "to_move": to_move, "seed": seed})


def winning_moves(state):
    """Moves after which the mover has won (Calliro: on this state's own draws)."""
    mover = state.to_move
    return [m for m in state.legal_moves()
            if (a := state.play(m)).is_over and a.winner == mover]


@pytest.mark.parametrize("level", STRONG)
def test_calliro_blue_places_for_the_11th_point(level):
    # Blue has 10.  Orange chips on f5 and e4 bend round e5 and f4 at 120 degrees:
    # a blue chip on either scores, whatever lies beneath it.  2 of 81 actions win.
    state = calliro({"f5": "O/b", "e4": "O/g", "c6": "G/o"}, (10, 6), to_move=0)
    spec = GAMES["calliro"]
    assert sorted(spec.format_move(state, m) for m in winning_moves(state)) == ["B@e5", "B@f4"]
    assert len(state.legal_moves()) > 40
    move = pick("calliro", state, level, iterations=200)
    assert spec.format_move(state, move) in ("B@e5", "B@f4")
    after = state.play(move)
    assert after.is_over and after.winner == 0 and after.scores[0] == 11


@pytest.mark.parametrize("level", STRONG)
def test_calliro_green_flips_for_the_11th_point(level):
    # Green has 10.  The orange-up chip on e5 hides green; flipped, it sits between
    # the orange chips on f5 and e4 (120 degrees) and scores.  The empty cells
    # around give no other arc for a green chip.
    state = calliro({"e5": "O/g", "f5": "O/b", "e4": "O/b", "f4": "O/g", "h6": "B/o"},
                    (6, 10), to_move=1)
    spec = GAMES["calliro"]
    wins = [spec.format_move(state, m) for m in winning_moves(state)]
    assert "flip e5" in wins and len(wins) < len(state.legal_moves()) // 4
    move = pick("calliro", state, level, iterations=200)
    assert spec.format_move(state, move) in wins
    after = state.play(move)
    assert after.is_over and after.winner == 1


@pytest.mark.parametrize("level", ("medium", "hard", "expert"))
def test_calliro_the_scorer_takes_the_orange_chip_the_opponent_needs(level):
    # Blue scored round e5 (arc f5-e5-e4) and chooses where the score chip goes.  Green's
    # chip on g4 needs one more orange chip beside f5 (on h4 or g3) to score: taking f5
    # away leaves Green nothing; the chip itself or e4 leaves Green a point next move.
    state = GAMES["calliro"].from_position({
        "cells": {"e5": "B/o", "f5": "O/g", "e4": "O/b", "g4": "G/b"}, "to_move": 0,
        "pending": {"cells": ["e5"], "next": 1}})
    spec = GAMES["calliro"]
    assert {spec.format_move(state, m) for m in state.legal_moves()} == {
        "replace e5", "replace f5", "replace e4"}
    for seed in range(3):
        move = pick("calliro", state, level, iterations=300, seed=seed)
        assert spec.format_move(state, move) == "replace f5", seed


def test_calliro_search_never_reads_the_seed():
    # The same position under four seeds (so four different next draws): the
    # player's answer depends on its own generator alone.
    spec = GAMES["calliro"]
    state = spec.new_game(seed=3)
    rng = random.Random(3)
    state = random_moves(state, rng, 12)
    data = state.position()
    answers = set()
    for seed in (1, 2, 3, 4):
        other = spec.from_position({**data, "seed": seed})
        answers.add(spec.format_move(other, pick("calliro", other, "medium", iterations=60)))
    assert len(answers) == 1


def test_calliro_samples_draw_from_the_unseen_chips_only():
    # The search's copies keep board, Repository (the chips nobody has seen the
    # undersides of) and Basket, and only draw afresh: a new seed each time.
    from game.ai.knowledge import knowledge_for
    from game.ai.mcts import Search, generic_reseed
    spec = GAMES["calliro"]
    state = calliro({"f5": "O/b", "e4": "O/g"}, (3, 2), to_move=0, seed=11)
    rng = random.Random(0)
    copies = [generic_reseed(spec, state, rng) for _ in range(20)]
    original = state.position()
    seeds = set()
    for copy in copies:
        data = copy.position()
        seeds.add(data.pop("seed"))
        assert data == {k: v for k, v in original.items() if k != "seed"}
    assert original["seed"] not in seeds and len(seeds) == 20
    # Each copy draws one of the blue-up chips still in the Repository, and
    # over the copies every kind of them turns up.
    drawn = {c.play(spec.parse_move(c, "B@d4")).position()["cells"]["d4"] for c in copies}
    unseen = {chip for chip in original["repository"] if chip.startswith("B")}
    assert drawn == unseen == {"B/o", "B/g"}
    assert Search(spec, state, level_for("calliro", "hard"), knowledge_for("calliro"),
                  rng).chance


# --- Iriri --------------------------------------------------------------------------------

#: A ring with one piece of each type: nobody can take, so after the placement
#: below both players run out of pieces, pass, and the game ends on score.
IRIRI_RING = ["Ys", "Bs", "Yl", "Bm", "Ym", "Bl"]


def iriri_endgame(board, hands, top, left, **fields):
    """An Iriri position with ``board`` and ``hands``, and the rest of the set in old
    words: a block of rows of five from ``top,left``, sorted by type, so every row and
    column pairs types the ring keeps apart and no piece beside it spells a word."""
    types = ("Ys", "Ym", "Yl", "Bs", "Bm", "Bl")
    used = IRIRI_RING + list(board.values()) + hands[0] + hands[1]
    rest = [t for t in types for _ in range(5 - used.count(t))]
    old = {f"{top + i // 5},{left + i % 5}": t for i, t in enumerate(rest)}
    return {"ring": IRIRI_RING, "board": {**board, **old}, "hands": hands,
            "phase": "place", "first_done": True, **fields}


#: Hand-built endgames where the one placement scoring most is the only win:
#: (position, the winning placement).
IRIRI_OBVIOUS = [
    # Yellow (10.5) trails Blue (13) and holds one small pyramid.  Ys@0,-1 spells
    # Ys-Bs-Yl-Bm, read straight off the ring (4 points: 14.5 to 13); above or below
    # the Bs it makes a two-piece word (2 points: 12.5, lost).
    (iriri_endgame({"0,0": "Bs", "0,1": "Yl", "0,2": "Bm"}, [["Ys"], []], top=1, left=2,
                   scores=[10.5, 13], to_move=0), "Ys@0,-1"),
    # Blue (12) trails Yellow (15.5) and holds one large pyramid.  After Bs-Yl-Bm-Ym
    # it makes a five-piece word (17 to 15.5); anywhere else two pieces (14, lost).
    (iriri_endgame({"0,-1": "Bs", "0,0": "Yl", "0,1": "Bm", "0,2": "Ym"}, [[], ["Bl"]],
                   top=1, left=-5, scores=[15.5, 12], to_move=1), "Bl@0,3"),
]


@pytest.mark.parametrize("case", range(len(IRIRI_OBVIOUS)))
@pytest.mark.parametrize("level", STRONG)
def test_iriri_makes_the_winning_word(level, case):
    position, best = IRIRI_OBVIOUS[case]
    spec = GAMES["iriri"]
    state = spec.from_position(position)
    moves = state.legal_moves()
    assert len(moves) == 3 and not winning_moves(state)   # no win on the spot
    mover = state.to_move
    move = pick("iriri", state, level, iterations=200)
    assert spec.format_move(state, move) == best
    # Played out, the opponent can only pass, then the mover: game over, won.
    state = state.play(move)
    while not state.is_over:
        assert state.legal_moves() == [spec.parse_move(state, "pass")]
        state = state.play(state.legal_moves()[0])
    assert state.winner == mover


#: Iriri endgames from seeded games where exactly one of several placements
#: still wins (checked by a full search of the rest of the game).  No move
#: ends the game at once: the win lies a few turns ahead.
IRIRI_ENDGAMES = [
    ({"ring": ["Ym", "Bm", "Bs", "Bl", "Bm", "Ys", "Yl"],
      "board": {"-1,-1": "Ym", "0,-2": "Bm", "0,-1": "Yl", "0,0": "Ys", "1,-3": "Bm",
                "1,-2": "Ym", "1,0": "Ym", "1,1": "Bm", "2,-2": "Yl", "2,1": "Bl", "2,2": "Bs",
                "3,0": "Yl", "3,1": "Bs", "4,-1": "Yl", "4,0": "Ym", "5,-2": "Bl", "5,-1": "Ys",
                "6,-2": "Bs"},
      "hands": [["Ys", "Ys"], ["Bs", "Bl", "Bl"]], "scores": [23.5, 16], "to_move": 1,
      "phase": "place", "passes": 0, "first_done": True, "seed": 12}, "Bs@1,-4"),
    ({"ring": ["Bl", "Bm", "Ys", "Ym", "Bs", "Yl", "Bm"],
      "board": {"-3,4": "Bl", "-2,-1": "Bs", "-2,3": "Yl", "-2,4": "Bm", "-1,-1": "Yl",
                "-1,0": "Bs", "-1,2": "Bl", "-1,3": "Bm", "0,0": "Ym", "0,1": "Yl", "0,2": "Ys",
                "1,-3": "Ym", "1,-2": "Ys", "1,-1": "Ym", "1,0": "Bs", "2,-1": "Ys", "2,0": "Bm",
                "2,1": "Yl"},
      "hands": [["Ys", "Ym"], ["Bs", "Bl", "Bl"]], "scores": [24.5, 19], "to_move": 0,
      "phase": "place", "passes": 0, "first_done": True, "seed": 13}, "Ys@-1,4"),
    ({"ring": ["Ys", "Ym", "Yl", "Bs", "Bm", "Bl"],
      "board": {"-6,-4": "Yl", "-5,-4": "Bs", "-5,-3": "Ym", "-5,-2": "Ys", "-4,-3": "Ys",
                "-3,-3": "Bl", "-3,-2": "Ym", "-2,-4": "Bm", "-2,-3": "Yl", "-2,-2": "Bl",
                "-2,-1": "Ys", "-2,2": "Bm", "-1,-1": "Bm", "-1,0": "Bs", "-1,2": "Bs",
                "0,0": "Ym", "0,1": "Bm", "0,2": "Yl", "1,0": "Ys"},
      "hands": [["Ym", "Yl"], ["Bs", "Bl", "Bl"]], "scores": [26.5, 21], "to_move": 1,
      "phase": "place", "passes": 0, "first_done": True, "seed": 7}, "Bl@1,1"),
]


@pytest.mark.parametrize("case", range(len(IRIRI_ENDGAMES)))
@pytest.mark.parametrize("level", ("medium", "hard"))
def test_iriri_finds_the_one_winning_placement(level, case):
    position, best = IRIRI_ENDGAMES[case]
    spec = GAMES["iriri"]
    state = spec.from_position(position)
    assert len(state.legal_moves()) > 1 and not winning_moves(state)
    move = pick("iriri", state, level, iterations=3000)
    assert spec.format_move(state, move) == best


def test_a_search_with_expand_grows_a_node_only_once_visited_enough(monkeypatch):
    """``expand`` (Pentobi's expansion threshold): a node below the root ranks its moves
    and grows children only once visited ``base + step * depth`` times, and is played out
    from itself until then; without it a node grows from its second visit."""
    from game.ai import mcts
    from game.ai.knowledge import knowledge_for
    spec = GAMES["callisto"]
    state = spec.new_game(variant="callisto_2")
    rng = random.Random(4)
    state = random_moves(state, rng, 8)
    roots = []
    best = mcts.Search.best
    monkeypatch.setattr(mcts.Search, "best", lambda self, root: roots.append(root) or best(self, root))
    grown_count = {}
    for expand in (None, (1, 0.5)):
        settings = level_for("callisto", "hard", variant="callisto_2").but(
            keep_tree=False, settle=False, expand=expand)
        search = mcts.Search(spec, state, settings, knowledge_for("callisto"), random.Random(1),
                             deadline=1e18, iterations=400)
        assert search.run() in state.legal_moves()
        grown, waiting = [], []
        stack = [(roots[-1], 0)]
        while stack:
            node, depth = stack.pop()
            stack.extend((child, depth + 1) for child in node.children)
            if depth and node.reward is None and node.proven is None:
                (grown if node.untried is not None else waiting).append((depth, node.visits))
        assert grown and waiting
        if expand is None:
            assert max(visits for _, visits in waiting) == 1
        else:
            assert all(visits > 1 + 0.5 * depth for depth, visits in grown)
            assert max(visits for _, visits in waiting) >= 2
        grown_count[expand] = len(grown)
    assert grown_count[(1, 0.5)] < grown_count[None]
