"""Hostile command lines: every bad flag, seed, move or file is one line on standard error
and exit status 2, never a traceback, and a file handed over is left as it was."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.cli.main import main
from helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
SEED_LIMIT = 2**63


def run(capsys, argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, argv, *words):
    """Run ``argv``; it must be refused with one line naming ``words``; the line."""
    code, out, err = run(capsys, argv)
    assert code == 2, (argv, code, out, err)
    assert out == "" and "Traceback" not in err
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    for word in words:
        assert word in err, (word, err)
    return err


# --- seeds and other numbers ------------------------------------------------------------

NOT_ASCII_DIGITS = st.text(st.characters(categories=["Nd"]), min_size=1, max_size=6).filter(
    lambda s: not s.isascii())
BAD_SEEDS = st.one_of(
    st.integers(max_value=-1).map(str),
    st.integers(min_value=SEED_LIMIT).map(str),
    st.integers(31, 5000).map(lambda n: "9" * n),
    NOT_ASCII_DIGITS,
    st.text(max_size=12).filter(lambda s: not re.fullmatch(r"[0-9]{1,19}", s)
                                or int(s) >= SEED_LIMIT),
)


@FUZZ
@given(BAD_SEEDS, st.sampled_from([["play", "calla"], ["perft", "iriri", "--depth", "1"],
                                   ["gtp"], ["match", "calla", "--players", "random,random",
                                             "--games", "1"]]))
def test_a_bad_seed_is_refused_on_one_line(capsys, seed, command):
    refused(capsys, command + ["--seed", seed], "--seed")


@FUZZ
@given(st.integers(0, SEED_LIMIT - 1))
def test_every_seed_from_0_to_2_to_the_63_is_taken(capsys, seed):
    code, out, err = run(capsys, ["play", "calliro", "--seed", seed])
    assert code == 0, err
    assert json.loads(out)["position"]["seed"] == seed


@pytest.mark.parametrize("argv, words", [
    (["play", "calla", "--seed", "-1"], "must be from 0 to 9,223,372,036,854,775,807, not -1"),
    (["play", "calla", "--seed", "1" * 30], "not 111111111111111111111111111111"),
    (["play", "calla", "--seed", "\u0663"], "written in the digits 0-9"),
    (["play", "calla", "--seed", "1_000"], "written in the digits 0-9"),
    (["play", "calla", "--seed", " 7"], "written in the digits 0-9"),
    (["perft", "calla", "--depth", "\u0663"], "--depth"),
    (["perft", "calla", "--depth", "101"], "from 0 to 100"),
    (["match", "calla", "--players", "random,random", "--games", "10" * 20], "--games"),
    (["match", "calla", "--players", "random,random", "--games", "2", "--jobs", "65"],
     "--jobs: must be from 1 to 64"),
    (["match", "calla", "--players", "random,random", "--games", "2", "--opening", "\u0662"],
     "--opening"),
    (["tournament", "show", "\u0661"], "argument id"),
    (["tournament", "show", "9" * 25], "argument id"),
    (["tournament", "show", "0"], "argument id"),
    (["tournament", "export", "-3", "--to", "x.json"], "argument id"),
    (["tournament", "run", "--game", "calla", "--format", "swiss", "--rounds", "1" * 40,
      "--players", "random,random"], "--rounds"),
    (["tournament", "run", "--game", "calla", "--format", "swiss", "--seed", "-2",
      "--players", "random,random"], "--seed"),
    (["tournament", "run", "--game", "calla", "--format", "round-robin", "--time-control",
      "\u0665+\u0663", "--players", "random,random"], "time control '\u0665+\u0663'"),
])
def test_bad_numbers_are_refused(capsys, argv, words):
    refused(capsys, argv, words)


# --- moves ----------------------------------------------------------------------------

ARABIC_INDIC = str.maketrans("0123456789", "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667"
                                           "\u0668\u0669")


@pytest.mark.parametrize("name", list(GAMES))
def test_a_legal_move_written_in_other_digits_is_refused(capsys, name):
    spec = GAMES[name]
    state = spec.new_game(seed=3)
    texts = [spec.format_move(state, m) for m in state.legal_moves()]
    text = next(t for t in texts if any(c.isdigit() for c in t))
    code, out, _ = run(capsys, ["play", name, "--seed", "3", text])
    assert code == 0
    refused(capsys, ["play", name, "--seed", "3", text.translate(ARABIC_INDIC)],
            "move 1", "ASCII")


@FUZZ
@given(st.sampled_from(list(GAMES)),
       st.text(min_size=1, max_size=12).filter(lambda s: not s.isascii()
                                                and not s.startswith("-")))
def test_a_move_that_is_not_ascii_is_refused(capsys, name, text):
    refused(capsys, ["play", name, "--seed", "1", text], "move 1")


def test_a_gtp_colour_in_other_digits_is_refused(capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("play \u0661 e9\nplay 1 e9\nquit\n"))
    assert main(["gtp", "--variant", "callisto"]) == 0
    answers = capsys.readouterr().out.split("\n\n")
    assert answers[0].startswith("? invalid color") and answers[1].startswith("=")


# --- position files ---------------------------------------------------------------------

def position_text(name: str) -> str:
    return json.dumps(GAMES[name].new_game(seed=5).position())


def deep(n: int, opener: str) -> str:
    return opener * n + "1" + ("]" if opener == "[" else "}") * n


BAD_JSON = st.one_of(
    st.builds(deep, st.integers(65, 200_000), st.sampled_from(["[", '{"a":'])),
    st.integers(41, 6000).map(lambda n: '{"pits": [' + "7" * n + "]}"),
    st.integers(41, 400).map(lambda n: '{"scores": [0.' + "5" * n + ", 0]}"),
    st.sampled_from(["Infinity", "-Infinity", "NaN", "1e999", "-1e400"]).map(
        lambda x: '{"scores": [' + x + ", 0]}"),
    st.just(""), st.just("\ufeff{"), st.just("{"), st.just("[1,]"),
)


def check_refused_file(capsys, tmp_path, data: bytes, game="calla", *words):
    path = tmp_path / "position.json"
    path.write_bytes(data)
    line = refused(capsys, ["play", game, "--position", path], str(path), *words)
    assert path.read_bytes() == data
    return line


@FUZZ
@given(BAD_JSON)
def test_bad_json_of_every_kind_is_refused_on_one_line(capsys, tmp_path, text):
    check_refused_file(capsys, tmp_path, text.encode())


@FUZZ
@given(st.binary(min_size=1, max_size=200))
def test_random_bytes_as_a_position_are_refused(capsys, tmp_path, data):
    path = tmp_path / "position.json"
    path.write_bytes(data)
    code, out, err = run(capsys, ["play", "calla", "--position", path])
    assert code in (0, 2) and "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) == 1 and str(path) in err
    assert path.read_bytes() == data


@FUZZ
@given(st.sampled_from(list(GAMES)), st.data())
def test_a_truncated_position_is_refused(capsys, tmp_path, name, data):
    text = position_text(name)
    cut = data.draw(st.integers(0, len(text) - 1))
    check_refused_file(capsys, tmp_path, text[:cut].encode(), name)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False,
                                                                       allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=12)


@FUZZ
@given(st.sampled_from(list(GAMES)), st.data())
def test_a_position_with_wrong_values_is_read_or_refused_on_one_line(capsys, tmp_path, name,
                                                                    data):
    position = json.loads(position_text(name))
    field = data.draw(st.sampled_from(sorted(position)))
    position[field] = data.draw(JSON_VALUES)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position))
    code, out, err = run(capsys, ["play", name, "--position", path])
    assert code in (0, 2) and "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) == 1 and str(path) in err


@pytest.mark.parametrize("make, words", [
    (lambda p: p.mkdir(), "is a folder, not a file"),
    (lambda p: os.mkfifo(p), "it is a pipe, not a file"),
    (lambda p: None, "does not exist"),
    (lambda p: p.write_bytes(b'{"pits": "\xff"}'), "not UTF-8"),
    (lambda p: p.write_bytes(b" " * (16 * 2**20 + 1)), "is too large"),
])
def test_a_path_that_is_no_position_file_is_refused_without_waiting(capsys, tmp_path, make,
                                                                     words):
    path = tmp_path / "position\n.json"          # a line break in the name stays on one line
    make(path)
    err = refused(capsys, ["play", "calla", "--position", path], words)
    assert "position\\n.json" in err


def test_a_device_is_no_position_file(capsys):
    refused(capsys, ["play", "calla", "--position", "/dev/zero"], "it is a device, not a file")


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000, "nested more than 64 deep"),
    ('{"scores": [Infinity, 0]}', "Infinity is not a number"),
    ('{"scores": [1e999, 0]}', "1e999 is too large"),
    ("7" * 5000, "a number of 5000 characters"),
])
def test_a_damaged_match_record_is_refused_and_kept(capsys, tmp_path, text, words):
    path = tmp_path / "match.json"
    path.write_text(text)
    refused(capsys, ["match", "calla", "--players", "random,random", "--games", "1",
                     "--record", path], str(path), words)
    assert path.read_text() == text


# --- the program's own flags -------------------------------------------------------------

@pytest.fixture(scope="module")
def program():
    return load_script(ROOT / "main.py", "callidus_main")


def test_the_programs_flags_are_refused_on_one_line(program, capsys, tmp_path):
    folder, fifo = tmp_path / "folder", tmp_path / "fifo"
    folder.mkdir()
    os.mkfifo(fifo)
    for argv, words in [
            (["--size", "\u0661\u0662\u0668\u0660x\u0668\u0660\u0660"], "not a size"),
            (["--size", "9" * 40 + "x800"], "not a size"),
            (["--smoke", "\u0663"], "digits 0-9"),
            (["--smoke", "9" * 31], "--smoke"),
            (["--settings", f"{folder}/"], "not the folder"),
            (["--settings", str(fifo)], "is a pipe"),
            (["--log", str(fifo)], "is a pipe"),
            (["--log", str(folder)], "is a folder")]:
        assert program.main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1 and words in err, (argv, err)
    assert folder.is_dir() and not any(tmp_path.glob("*.damaged*"))


# --- as a user runs it ----------------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["play", "calla", "--seed", "-1"], "--seed"),
    (["play", "calla", "--position", "DEEP"], "nested"),
])
def test_the_command_itself_answers_in_one_line(tmp_path, argv, words):
    deep_file = tmp_path / "deep.json"
    deep_file.write_text("[" * 100_000)
    argv = [str(deep_file) if a == "DEEP" else a for a in argv]
    result = subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and words in result.stderr
