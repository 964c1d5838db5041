"""Hostile ``.blksgf`` files: whatever the bytes, reading ends with the game or one clear
message, in work that grows linearly with the file, and the menu opens a record once."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.records import blksgf
from game.records.blksgf import MAX_CHARS, MAX_DEPTH, _Reader, export_sgf, read_sgf

SPEC = GAMES["callisto"]
FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def game(variant="callisto_2", plies=12, seed=4):
    rng = random.Random(seed)
    state = SPEC.new_game(variant)
    while not state.is_over and len(state.moves) < plies:
        state = state.play(rng.choice(state.legal_moves()))
    return state


RECORD = export_sgf(game(), ["Ann", "Bo"], date="2024-05-01")


def outcome(data):
    """The record read, or the message it was refused with; nothing else may escape."""
    try:
        return read_sgf(data)
    except ValueError as exc:
        message = str(exc)
        assert message and "\n" not in message and "\x00" not in message, message
        assert len(message) < 400, message
        return message


def steps(text: str) -> int:
    reader = _Reader(text)
    try:
        reader.main_line()
    except ValueError:
        pass
    return reader.steps


# --- whatever the input, a game or a message ---------------------------------------------

@FUZZ
@given(st.data())
def test_a_truncated_record_is_refused_with_a_message(data):
    cut = data.draw(st.integers(0, len(RECORD) - 2))
    message = outcome(RECORD[:cut])
    assert isinstance(message, str)
    assert any(words in message for words in ("empty", "never closed", "unbalanced", "no value"))


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_give_a_game_or_a_message(data):
    outcome(data)
    outcome(b"(;GM[Callisto Two-Player]" + data)


@FUZZ
@given(st.text(alphabet=st.sampled_from("()[];\\ \n\rBWPLGM129ef,CA:\x00\u200b"), max_size=300))
def test_random_sgf_like_text_gives_a_game_or_a_message(text):
    outcome(text)
    outcome("(;GM[Callisto Two-Player]" + text)


@FUZZ
@given(st.data())
def test_bytes_flipped_in_a_real_record_give_a_game_or_a_message(data):
    text = bytearray(RECORD.encode())
    for _ in range(data.draw(st.integers(1, 5))):
        text[data.draw(st.integers(0, len(text) - 1))] = data.draw(st.integers(0, 255))
    outcome(bytes(text))


@FUZZ
@given(st.integers(1, 3 * MAX_DEPTH), st.sampled_from(["(;", "(", ";", "(;C[x]"]))
def test_deep_nesting_is_read_or_refused_without_recursion(depth, token):
    text = "(;GM[Callisto Two-Player]" + token * depth + ")" * (depth + 1)
    result = outcome(text)
    if token == "(;" and depth < MAX_DEPTH:
        assert not isinstance(result, str), result
    if token == "(;" and depth >= MAX_DEPTH:
        assert f"nested more than {MAX_DEPTH:,} deep" in result


# --- names a font would choke on ----------------------------------------------------------

NAMES = st.text(alphabet=st.one_of(
    st.sampled_from("\x00\x01\x1b\x7f\u200b\u200c\u200d\u2028\u202e\ufeff\u0301\u3164 ]\\\n\t"),
    st.characters()), max_size=24)


@pytest.fixture(scope="module")
def fonts():
    import pygame
    pygame.font.init()
    from scenes import assets
    return [assets.font(size, bold) for size in (14, 18, 26) for bold in (False, True)]


@FUZZ
@given(NAMES, NAMES)
def test_any_player_name_comes_back_and_is_shown_cleaned_or_not_at_all(fonts, first, second):
    from scenes.sgf_files import clean_name

    record = read_sgf(export_sgf(game(plies=2), [first, second]))
    assert record.player_names == (first, second)
    for raw in record.player_names:
        name = clean_name(raw)
        assert len(name) <= 16 and "\x00" not in name
        if name:
            for font in fonts:
                assert font.render(name, True, (0, 0, 0)).get_width() > 0


def test_a_name_that_is_only_invisible_is_not_used(fonts):
    from scenes.sgf_files import clean_name
    assert clean_name("\x00") == "" and clean_name("\u200b\u200b") == ""
    assert clean_name(" \u0301 ") == "" and clean_name("\n\t") == ""
    assert clean_name("An\x00n \u200b Lee") == "Ann Lee"


# --- linear work, within a cap ---------------------------------------------------------

def book(variations: int) -> str:
    """An opening-book-like record: the game as its main line, then many variations."""
    root, moves = RECORD.rstrip()[:-1].split("\n", 1)
    return (f"{root}\n({moves})\n" + "(;B[e9]C[a \\] comment\\\nover lines]\n;W[l8])\n" * variations
            + ")\n")


SHAPES = {
    "variations": book,
    "empty nodes": lambda n: "(;GM[Callisto Two-Player](;B[e9])(;" + ";" * (30 * n) + "))",
    "properties": lambda n: "(;GM[Callisto Two-Player](;B[e9])(" + ";A[]B[x]" * (6 * n) + "))",
    "escapes": lambda n: "(;GM[Callisto Two-Player]C[" + "\\]\\\\" * (10 * n) + "])",
    "lines": lambda n: "(;GM[Callisto Two-Player]" + "\n" * (40 * n) + ";B[e9]C[x])",
    "error at the end": lambda n: book(n)[:-2] + "?)",
}


@pytest.mark.parametrize("shape", SHAPES)
def test_the_work_of_reading_grows_linearly_with_the_file(shape):
    make = SHAPES[shape]
    small, large = make(2000), make(4000)
    assert len(large) >= 1.9 * len(small)
    work_small, work_large = steps(small), steps(large)
    assert work_small <= 3 * len(small)
    assert work_large <= 2.1 * work_small + 10
    # the old reader counted lines from the start for every property: n * n / 2 work
    assert work_large < len(large) * len(large) / 1000


class ScannedText(str):
    """Text that tallies the characters its searching methods scan: the old reader
    counted the lines from the start of the file again for every property."""
    scanned = 0

    def _tally(self, args):
        start, end, _ = slice(*(list(args[1:3]) or [None])).indices(len(self))
        ScannedText.scanned += max(0, end - start)

    def count(self, *args):
        self._tally(args)
        return super().count(*args)

    def find(self, *args):
        self._tally(args)
        return super().find(*args)

    def rfind(self, *args):
        self._tally(args)
        return super().rfind(*args)

    def __getitem__(self, key):
        if isinstance(key, slice):
            ScannedText.scanned += len(range(*key.indices(len(self))))
        return super().__getitem__(key)


@pytest.mark.parametrize("shape", ["variations", "properties", "error at the end"])
def test_no_search_goes_back_over_the_file_again_and_again(shape):
    text = ScannedText(SHAPES[shape](3000))
    ScannedText.scanned = 0
    steps(text)
    assert ScannedText.scanned <= 2 * len(text)


def test_a_message_at_the_end_of_a_large_file_names_the_right_line():
    text = book(3000)[:-2] + "?)"
    lines = text.count("\n") + 1
    assert f"unexpected '?' at line {lines}, column 1" in outcome(text)


def test_a_record_over_the_cap_is_refused_before_any_parsing():
    text = "(;GM[Callisto Two-Player]C[" + "x" * MAX_CHARS + "])"
    reader = _Reader(text)
    with pytest.raises(ValueError, match="characters long; Callidus reads records of up to"):
        reader.main_line()
    assert reader.steps == 0
    with pytest.raises(ValueError, match="bytes long"):
        read_sgf(text.encode() * 5)


def test_a_four_megabyte_record_under_the_cap_is_read_in_few_steps():
    text = "(;GM[Callisto Two-Player]C[" + "comment " * (4 * 2**20 // 8) + "];B[e9];W[l8])"
    assert 4 * 2**20 < len(text) < MAX_CHARS
    reader = _Reader(text)
    nodes = reader.main_line()
    assert len(nodes) == 3 and reader.steps < 20
    assert read_sgf(text).state.position()["moves"] == [[0, "e9"], [1, "l8"]]


def test_a_main_line_longer_than_any_game_is_refused():
    text = "(;GM[Callisto Two-Player]" + ";" * (blksgf.MAX_MAIN_LINE + 1) + ")"
    assert "far more than any Callisto game" in outcome(text)


def test_too_many_properties_or_values_are_refused():
    many = "".join(f"X{i}[]" for i in range(blksgf.MAX_PROPERTIES + 1))
    assert "properties" in outcome(f"(;GM[Callisto Two-Player]{many})")
    assert "values" in outcome("(;GM[Callisto Two-Player]AB" + "[]" * 1001 + ")")


def test_a_huge_move_value_is_refused_without_repeating_it():
    message = outcome("(;GM[Callisto Two-Player];B[" + "a1," * 100_000 + "])")
    assert "too long for a move" in message and len(message) < 200


# --- opening from the menu: once, off the frame loop when large, named on failure ------------

@pytest.fixture
def menu(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    from helpers import menu_app
    app = menu_app(tmp_path)
    yield app.stack.top
    app.close()


def test_the_menu_reads_and_parses_a_record_once(menu, tmp_path, monkeypatch):
    path = tmp_path / "game.blksgf"
    path.write_text(RECORD)
    calls = []
    main_line = _Reader.main_line
    monkeypatch.setattr(_Reader, "main_line", lambda self: calls.append(1) or main_line(self))
    menu.open_record(str(path))
    play = menu.app.stack.top
    assert type(play).__name__ == "PlayScene" and len(play.history) == 13
    assert calls == [1]


def test_names_with_nul_or_nothing_visible_open_and_draw(menu, tmp_path):
    from helpers import frames
    path = tmp_path / "names.blksgf"
    path.write_text(export_sgf(game(), ["A\x00nn", "\u200b\u200b"]))
    menu.open_record(str(path))
    play = menu.app.stack.top
    assert [seat["name"] for seat in play.seats] == ["Ann", "Player 2"]
    assert "Player 2's name has nothing to show" in play.view.status
    frames(menu.app, 3)


@pytest.mark.parametrize("make, words", [
    (lambda p: p.mkdir(), "is a folder, not a record"),
    (lambda p: os.mkfifo(p), "is not a regular file"),
    (lambda p: p.write_bytes(b"(;GM[Callisto Two-Player]PB[\xff])"), "not UTF-8"),
    (lambda p: p.write_bytes(b"\0" * (MAX_CHARS + 1)), "MB are read"),
    (lambda p: p.write_text("(;GM[\x00\u200b];B[e9])"), "GM[\\u0000\\u200b]"),
])
def test_a_file_that_cannot_be_a_record_is_named_with_the_reason(menu, tmp_path, make, words):
    path = tmp_path / "bad.blksgf"
    make(path)
    menu.open_record(str(path))
    assert menu.app.stack.top is menu
    assert menu.notice.startswith("Could not open bad.blksgf: ") and words in menu.notice
    assert "\x00" not in menu.notice


def test_a_large_record_is_read_in_another_process_while_the_screen_says_so(menu, tmp_path):
    from helpers import frames, press, wait_until
    from scenes.sgf_files import READ_IN_BACKGROUND
    app = menu.app
    text = book(READ_IN_BACKGROUND // 40)
    assert len(text) > READ_IN_BACKGROUND
    (tmp_path / "book.blksgf").write_text(text)
    menu.open_record(str(tmp_path / "book.blksgf"))
    reading = app.stack.top
    assert reading.title == "reading a record" and app.stack.scenes[-2] is menu
    frames(app, 2)
    assert wait_until(app, lambda: type(app.stack.top).__name__ == "PlayScene", seconds=60)
    play = app.stack.top
    assert [s["name"] for s in play.seats] == ["Ann", "Bo"] and len(play.history) == 13
    assert play.view.status.startswith("Opened book.blksgf: 12 moves")

    (tmp_path / "bad-book.blksgf").write_text(text[:-2] + "?)")
    app.stack.pop()
    menu.open_record(str(tmp_path / "bad-book.blksgf"))
    # the game opened above is kept as the unfinished Callisto game: asked first
    assert app.stack.top.title == "question"
    press(app, "Start a new game")
    reading = app.stack.top
    assert reading.title == "reading a record"
    assert wait_until(app, lambda: reading.problem, seconds=60)
    assert reading.problem.startswith("Could not open bad-book.blksgf: unexpected '?' at line")
    frames(app, 2)
    press(app, "Back")
    assert app.stack.top is menu
