"""Reading and writing Callisto records in Pentobi's Blokus SGF."""

import random

import pytest

from game import GAMES
from game.records.blksgf import export_sgf, import_sgf

SPEC = GAMES["callisto"]


def random_game(variant, seed, plies=None):
    rng = random.Random(seed)
    state = SPEC.new_game(variant)
    while not state.is_over and (plies is None or len(state.moves) < plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("variant, game, first, second", [
    ("callisto_2", "Callisto Two-Player", "B", "W"),
    ("callisto_3", "Callisto Three-Player", "1", "2"),
    ("callisto", "Callisto", "1", "2"),
    ("callisto_2_4", "Callisto Two-Player Four-Color", "1", "2")])
def test_round_trip_of_finished_games(variant, game, first, second):
    state = random_game(variant, seed=8)
    text = export_sgf(state)
    assert text.startswith(f"(;FF[4]CA[UTF-8]AP[Callidus:1.0]GM[{game}]\n")
    lines = text.splitlines()
    assert lines[1] == f";{first}[{SPEC.format_move(state, state.moves[0][1])}]"
    assert lines[2].startswith(f";{second}[")
    assert lines[-1] == ")"
    assert len(lines) == len(state.moves) + 2
    again = import_sgf(text)
    assert again == state and again.is_over and again.winner == state.winner


def test_round_trip_mid_game_with_a_skipped_colour_and_names():
    state = SPEC.new_game("callisto_2")
    for text in "h15 h16 i15 i16 i1 h1 h2,i2 g15,g14".split():
        state = state.play(SPEC.parse_move(state, text))
    sgf = export_sgf(state, player_names=["Ann [the] \\best", "Bo"], date="2024-05-01")
    assert "PB[Ann [the\\] \\\\best]PW[Bo]DT[2024-05-01]" in sgf
    assert ";B[h2,i2]\n;B[g14,g15]" in sgf  # Green was skipped, so Blue moves twice
    assert import_sgf(sgf) == state
    assert import_sgf(export_sgf(SPEC.new_game("callisto"))) == SPEC.new_game("callisto")
    with pytest.raises(ValueError, match="2 player names"):
        export_sgf(state, player_names=["one"])


def test_hand_written_pentobi_file():
    text = """(
;GM[Callisto Two-Player]FF[4]CA[UTF-8]AP[Pentobi:19.1]DT[2023-05-01]
 PB[Human]PW[Pentobi]
;B[e9]
;W[l8]C[A comment with a \\] bracket
over two lines]
;B[d12] ;W[m5]
;B[f9,e8,g8,f8]
(
 ;W[l7,k7,l6]TE[1]
 ;B[a8]
)
(
 ;W[m4]
)
)
"""
    state = import_sgf(text)
    assert [[c, t] for c, t in state.position()["moves"]] == [
        [0, "e9"], [1, "l8"], [0, "d12"], [1, "m5"], [0, "e8,f8,g8,f9"], [1, "l6,k7,l7"],
        [0, "a8"]]
    assert state.scores == (4, 3) and state.colour == 1


def test_pentobi_opening_books_follow_the_main_line():
    book = ("(\n;GM[Callisto Two-Player]\n(\n ;B[e9]TE[1]\n (\n  ;W[l8]TE[1]\n )\n (\n"
            "  ;W[k7]TE[1]\n )\n)\n(\n ;B[f10]TE[1]\n (\n  ;W[k7]TE[1]\n )\n)\n)\n")
    assert import_sgf(book).position()["moves"] == [[0, "e9"], [1, "l8"]]
    four = "(\n;GM[Callisto Two-Player Four-Color]CA[UTF-8]\n(\n ;1[h12]TE[1]\n)\n(\n ;1[g11]\n)\n)\n"
    state = import_sgf(four)
    assert state.variant == "callisto_2_4" and state.position()["moves"] == [[0, "h12"]]
    assert state.colour == 1 and state.to_move == 1


def test_old_pentobi_two_player_move_properties_and_bytes():
    state = import_sgf("(;GM[Callisto Two-Player];1[e9];2[l8])".encode("utf-8"))
    assert state.position()["moves"] == [[0, "e9"], [1, "l8"]]
    assert import_sgf("\ufeff(;GM[Callisto]PL[1];1[b9];PL[2])").colour == 1


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("GM[Callisto]", r"expected '\('"),
    ("(;GM[Callisto];1[b9]", r"unbalanced brackets: the '\(' at line 1, column 1"),
    ("(;GM[Callisto]\n;1[b9)", r"unbalanced brackets: the property value '\[' at line 2, column 3"),
    ("(;GM[Callisto](;1[b9])", "never closed"),
    ("(;GM[Callisto];1[b9]?)", r"unexpected '\?' at line 1, column 21"),
    ("(;GM)", "GM .* has no value"),
    ("(;FF[4];B[f7])", "no GM property"),
    ("(;GM[Blokus Duo];B[e9])", r"GM\[Blokus Duo\].*not a Callisto game"),
    ("(;GM[Callisto Two-Player]CA[ISO-8859-1];B[e9])", "only UTF-8"),
    ("(;GM[Callisto Two-Player]AB[e9];W[l8])", "setup property AB"),
    ("(;GM[Callisto Two-Player];B[e9];W[l8];B[h8])", r"move 3 \(B\[h8\], line 1\): .*centre"),
    ("(;GM[Callisto Two-Player];B[e9]\n;W[l8]\n;B[d12]\n;W[m5]\n;B[f10,g10])",
     r"move 5 \(B\[f10,g10\], line 5\): .*must share an edge with its own colour"),
    ("(;GM[Callisto Two-Player];B[z99])", r"move 1 .*z99"),
    ("(;GM[Callisto Two-Player];B[e9];W[a1])", r"move 2 .*off the board"),
    ("(;GM[Callisto Two-Player];W[e9])", "move 1 .*Green, but Blue is to move"),
    ("(;GM[Callisto Two-Player];B[e9]W[l8])", "move 1 .*two moves"),
    ("(;GM[Callisto Two-Player];B[])", "move 1 .*no passes"),
    ("(;GM[Callisto];B[e9])", r"B\[e9\] .*not a move property"),
    ("(;GM[Callisto Three-Player];4[e9])", r"4\[e9\] .*not a move property"),
    ("(;GM[Callisto]PL[3];1[e9])", r"PL\[3\].*out of turn"),
    ("(;GM[Callisto];1[e9];GM[Callisto])", "only appear in the root"),
])
def test_malformed_files_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        import_sgf(text)


def test_move_after_the_end_is_refused():
    state = random_game("callisto_2", seed=2)
    text = export_sgf(state).replace("\n)", "\n;B[a8]\n)")
    with pytest.raises(ValueError, match=f"move {len(state.moves) + 1} .*already over"):
        import_sgf(text)
