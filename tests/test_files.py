"""What the program reads from disk cannot crash it, hang it or lose the user's bytes;
what it writes leaves the frame loop and reaches the disk whole.

Property-based (hypothesis): the settings file and the unfinished game are fed
truncations, random bytes, wrong types, deep nesting, huge numbers, Infinity,
control characters and a folder in place of the file.  Every case must end in
a clear message, with the original bytes kept in a file set aside, and no
earlier file set aside ever overwritten.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.core import shown
from game.files import (MAX_DEPTH, FileProblem, check_name, parse_json, read_json, read_text,
                        set_aside, write_text_atomic)
from game.records.record import RecordProblem
from game.writer import BackgroundWriter

ROOT = Path(__file__).resolve().parent.parent

FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

#: Text a hostile user (or a failing disk) may leave where a JSON file was.
HOSTILE = ["[" * 100_000, "{\"a\":" * 100_000, "1" * 5000, "-" + "9" * 5000, "1e999",
           "Infinity", "-Infinity", "NaN", "[Infinity]", "\"\\u0000\"", "\x00", "\x01\x02",
           "\"\u200b\"", "\ufeff", "\"" + "\\\"" * 1000]

CONTROL_TEXT = st.text(alphabet=st.sampled_from(["\x00", "\x01", "\n", "\u200b", "\u2028", "\ud800",
                                                 "a", " ", "\u00e9", "\u0301"]), max_size=6)

JSON_LEAVES = (st.none() | st.booleans() | st.integers(-5, 5) | st.integers()
               | st.floats(allow_nan=False, allow_infinity=False) | CONTROL_TEXT
               | st.text(max_size=12)
               | st.sampled_from(["calla", "human", "computer", "random", "hard", "5+3", "none",
                                  "standard", "callisto_3", 10**30, -1, 1e308, 0.0]))
JSON_VALUES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                           max_leaves=8)


def depth_of(value) -> int:
    """Nesting depth of a parsed JSON value, without recursion."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (list, dict)):
            level += 1
            deepest = max(deepest, level)
            todo.extend((v, level) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


# --- the reading boundary -----------------------------------------------------------

@FAST
@given(st.recursive(st.none() | st.booleans() | st.integers(-10**15, 10**15)
                    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=20))
def test_parse_json_reads_every_ordinary_value_back(value):
    assert parse_json(json.dumps(value), "x.json") == value
    assert parse_json(json.dumps(value, ensure_ascii=False, indent=1), "x.json") == value


@FAST
@given(st.lists(st.sampled_from(list('[]{}",:\\ 1e.-xu0a') + ['\\"', "\\\\", '"[', ']"']),
                max_size=200),
       st.integers(0, 200))
def test_parse_json_never_lets_anything_but_a_file_problem_out(pieces, nest):
    text = "[" * nest + "".join(pieces) + "]" * nest
    try:
        value = parse_json(text, "hostile.json")
    except FileProblem as exc:
        assert "hostile.json" in str(exc)
    else:
        assert value == json.loads(text) and depth_of(value) <= MAX_DEPTH


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000, "nested more than"),
    ("{\"a\":" * 100_000 + "1" + "}" * 100_000, "nested more than"),
    ("[" * 65 + "]" * 65, "nested more than 64 deep"),
    ("1" * 5000, "a number of 5000 characters"),
    ("[1, 2,\n" + "3" * 5000 + "]", "at line 2"),
    ("1" + "0" * 45 + ".5", "a number of"),
    ("1e999", "too large"),
    ("[Infinity]", "Infinity is not a number"),
    ("-Infinity", "-Infinity is not a number"),
    ("{\"volume\": NaN}", "NaN is not a number"),
    ("{\"a\": [1, 2", "not valid JSON"),
])
def test_parse_json_refuses_with_the_reason_and_the_file(text, words):
    with pytest.raises(FileProblem, match=words) as caught:
        parse_json(text, "settings.json")
    assert "settings.json" in str(caught.value)


def test_brackets_and_escapes_inside_strings_are_not_nesting():
    text = json.dumps({"name": "[" * 500 + "\\\"{" * 300, "deep": [[["x"]]]})
    assert parse_json(text)["deep"] == [[["x"]]]
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_only_regular_files_are_read_and_never_blocked_on(tmp_path):
    with pytest.raises(FileProblem, match="is a folder"):
        read_json(tmp_path)
    with pytest.raises(FileProblem, match="does not exist"):
        read_json(tmp_path / "missing.json")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)           # nobody writes to it: a plain open() would wait for ever
        with pytest.raises(FileProblem, match="is a pipe"):
            read_json(fifo)


def test_size_is_bounded_and_text_must_be_utf8(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2000 + b"1")
    with pytest.raises(FileProblem, match="too large"):
        read_json(big, limit=1000)
    assert read_json(big, limit=4000) == 1
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(FileProblem, match="not a text file"):
        read_text(bad)
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf[1]")
    assert read_json(bom) == [1]


@pytest.mark.parametrize("name", ["Ann", "Zoë", "李明", "O'Neil-Smith", " Bo ", "🙂", "x" * 40])
def test_names_a_font_can_draw_are_accepted(name):
    assert check_name(name) == name


@pytest.mark.parametrize("name, words", [
    ("A\x00B", "control character U\\+0000"),
    ("\u200b", "no visible character"),
    ("", "1-40 characters long, not 0"),
    ("   ", "no visible character"),
    ("tab\there", "control character"),
    ("line\u2028break", "control character"),
    ("\ud800", "control character"),
    ("x" * 41, "1-40 characters long, not 41"),
    (17, "must be text"),
    (None, "must be text"),
])
def test_names_that_cannot_be_drawn_are_refused_naming_the_field(name, words):
    with pytest.raises(ValueError, match=words) as caught:
        check_name(name, "field 'seats[0].name'")
    assert "seats[0].name" in str(caught.value)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=12))
def test_every_accepted_name_renders(name):
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        check_name(name)
    except ValueError:
        return
    from scenes import assets
    assets.font(16).render(name, True, (0, 0, 0))      # raises on U+0000 or a zero width


@given(st.text(max_size=50))
def test_shown_text_can_always_be_drawn(text):
    safe = shown(text, 400, quoted=False)
    assert "\x00" not in safe and len(safe) <= 400


# --- setting aside -----------------------------------------------------------------------

def test_set_aside_never_overwrites_an_earlier_file(tmp_path):
    path = tmp_path / "settings.json"
    kept = []
    for n in range(4):
        path.write_bytes(b"{ damaged %d" % n)
        kept.append(set_aside(path, now=1_700_000_000))     # the same second each time
    assert len(set(kept)) == 4 and not path.exists()
    assert [p.read_bytes() for p in kept] == [b"{ damaged %d" % n for n in range(4)]
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(1_700_000_000))
    assert kept[0].name == f"settings.damaged-{stamp}.json"
    assert kept[1].name == f"settings.damaged-{stamp}-2.json"


def test_a_folder_is_never_set_aside(tmp_path):
    folder = tmp_path / "settings.json"
    folder.mkdir()
    (folder / "inside").write_text("mine")
    with pytest.raises(FileProblem, match="is a folder"):
        set_aside(folder)
    assert (folder / "inside").read_text() == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


# --- the settings file -------------------------------------------------------------------------

GOOD_SETTINGS = json.dumps({"volume": 0.3, "animation_speed": 2.0, "show_hints": False},
                           indent=2).encode()


@st.composite
def damaged_settings(draw):
    """Bytes a settings file may hold after a crash, a bad edit or a hostile user."""
    kind = draw(st.sampled_from(["truncated", "bytes", "types", "hostile", "control"]))
    if kind == "truncated":
        return GOOD_SETTINGS[:draw(st.integers(0, len(GOOD_SETTINGS) - 1))]
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "types":
        value = draw(JSON_VALUES)
        if draw(st.booleans()):
            value = {draw(st.sampled_from(["volume", "animation_speed", "show_hints",
                                           "board_style", "glimpse_seconds"])): value}
        return json.dumps(value).encode()
    if kind == "hostile":
        at = draw(st.integers(0, len(GOOD_SETTINGS)))
        return GOOD_SETTINGS[:at] + draw(st.sampled_from(HOSTILE)).encode() + GOOD_SETTINGS[at:]
    key = draw(CONTROL_TEXT)
    return json.dumps({key: draw(CONTROL_TEXT), "volume": 0.5}).encode("utf-8", "surrogatepass")


@FAST
@given(damaged_settings())
def test_a_damaged_settings_file_never_stops_the_program(tmp_path_factory, data):
    from scenes.settings import DEFAULTS, Settings
    folder = tmp_path_factory.mktemp("settings")
    path = folder / "settings.json"
    earlier = folder / "settings.damaged-20000101-000000.json"
    earlier.write_bytes(b"an earlier damaged file")
    path.write_bytes(data)
    s = Settings(path)
    assert set(s.values) == set(DEFAULTS)
    assert earlier.read_bytes() == b"an earlier damaged file"
    aside = [p for p in folder.iterdir() if p not in (path, earlier)]
    if path.exists():                   # readable JSON object: kept as it is
        assert path.read_bytes() == data and not aside
        assert isinstance(json.loads(data), dict)
    else:                               # set aside, byte for byte, and the user told where
        assert len(aside) == 1 and aside[0].read_bytes() == data
        assert "damaged" in s.problem and str(aside[0]) in s.problem
    if s.problem:
        assert shown(s.problem, 400, quoted=False) == s.problem        # a font can draw it


def test_settings_in_a_folder_are_refused_not_renamed(tmp_path):
    from scenes.settings import Settings
    folder = tmp_path / "settings.json"
    folder.mkdir()
    s = Settings(folder)
    assert s["volume"] == 0.7 and "is a folder" in s.problem
    assert folder.is_dir() and [p.name for p in tmp_path.iterdir()] == ["settings.json"]


@pytest.mark.parametrize("make", ["folder/", "folder"])
def test_main_refuses_a_settings_folder_in_one_line(tmp_path, make):
    (tmp_path / "folder").mkdir()
    result = subprocess.run([sys.executable, "main.py", "--settings", str(tmp_path / make)],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "folder" in result.stderr
    assert (tmp_path / "folder").is_dir() and list(tmp_path.iterdir()) == [tmp_path / "folder"]


def test_a_damaged_settings_file_is_named_on_the_menu(tmp_path):
    from helpers import make_app
    from scenes.menu import MenuScene
    (tmp_path / "settings.json").write_text("[" * 100_000)
    app = make_app(tmp_path)
    try:
        app.stack.push(MenuScene(app))
        app.step(1 / 60)
        assert "nested more than" in app.stack.top.notice
        assert "settings.damaged-" in app.stack.top.notice
        [kept] = tmp_path.glob("settings.damaged-*.json")
        assert kept.read_text() == "[" * 100_000
    finally:
        app.close()


# --- the unfinished game ---------------------------------------------------------------------

def _record(app, game, variant, time_control, options, plies):
    from scenes.play import PlayScene
    spec = GAMES[game]
    seats = [{"name": f"Player {i + 1}", "kind": "human"} for i in range(spec.players(variant))]
    play = PlayScene(app, {"game": game, "variant": variant, "options": options, "seats": seats,
                           "starter": "0", "time_control": time_control})
    for _ in range(plies):
        play.update(0.25)
        if play.finished:
            break
        play.apply(play.state.legal_moves()[0])
    play.update(0.25)
    return play.record()


@pytest.fixture
def records(app):
    """Saved games as the play scene writes them: a timer, clocks, three players."""
    made = [_record(app, "calla", "standard", "5+3", {"time_limit_minutes": 5}, 4),
            _record(app, "callisto", "callisto_3", "3d2", {}, 3),
            _record(app, "calabria", "standard", None, {}, 2)]
    app.writer.flush()
    return made


def _paths(value, prefix=()):
    """Every place in a JSON value (a list of keys and indices)."""
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, prefix + (i,))
    return found


def _mutated(record, data):
    """The record with one place replaced, removed, or given an impossible clock."""
    record = json.loads(json.dumps(record))
    places = [p for p in _paths(record) if p]
    where = data.draw(st.sampled_from(places))
    parent = record
    for step in where[:-1]:
        parent = parent[step]
    how = data.draw(st.sampled_from(["replace", "replace", "remove", "clock"]))
    if how == "remove" and isinstance(parent, dict):
        del parent[where[-1]]
    elif how == "clock" and isinstance(record.get("extra", {}).get("clock"), dict):
        clock = record["extra"]["clock"]
        field = data.draw(st.sampled_from(["stored", "active", "turn_used", "moves", "flag"]))
        if field in ("stored", "moves"):
            clock[field][data.draw(st.integers(0, len(clock[field]) - 1))] = data.draw(
                st.sampled_from([10**9, 1e12, 301.0, 9999, -1, 0, 2.5]))
        else:
            clock[field] = data.draw(st.sampled_from([0, 1, 2, 3, None, 1e9, True]))
    else:
        parent[where[-1]] = data.draw(JSON_VALUES)
    return record


def _text_damaged(text, data):
    kind = data.draw(st.sampled_from(["truncated", "bytes", "hostile"]))
    raw = text.encode()
    if kind == "truncated":
        return raw[:data.draw(st.integers(0, len(raw) - 1))]
    if kind == "bytes":
        return data.draw(st.binary(max_size=300))
    at = data.draw(st.integers(0, len(raw)))
    return raw[:at] + data.draw(st.sampled_from(HOSTILE)).encode() + raw[at:]


def _plays_on(app, scene) -> None:
    """A resumed game must keep working: a few frames, drawn, then back to the menu."""
    if not scene.has_computer():       # a computer seat would start a worker process
        for _ in range(3):
            app.step(1 / 60)
    scene.draw(app.screen)
    app.stack.reset("menu")
    app.writer.flush()


@FAST
@given(data=st.data())
def test_a_resumed_record_is_refused_only_with_a_record_problem(app, records, data):
    """The checks themselves, without the menu's last-resort catch: a damaged record
    raises RecordProblem naming the field, and a record accepted plays on."""
    from scenes.play import PlayScene
    record = _mutated(data.draw(st.sampled_from(records)), data)
    try:
        scene = PlayScene.from_record(app, record)
    except RecordProblem as exc:
        assert str(exc)
        return
    app.stack.push(scene)
    _plays_on(app, scene)


def test_a_clock_for_the_wrong_player_or_impossible_times_is_refused(app, records):
    from scenes.play import PlayScene
    record = records[0]
    clock = record["extra"]["clock"]
    to_move = PlayScene.from_record(app, record).state.to_move
    for change, words in [({"active": 1 - to_move}, "runs for player"),
                          ({"stored": [10**6, 300]}, "'stored\\[0\\]' is more time"),
                          ({"turn_used": 10**5}, "turn_used"),
                          ({"moves": [50, 50]}, "counts 50 moves"),
                          ({"control": "10+5"}, "not the clock of config.time_control"),
                          ({"players": 3}, "need 3 entries")]:
        bad = json.loads(json.dumps(record))
        bad["extra"]["clock"] = dict(clock, **change)
        with pytest.raises(RecordProblem, match=words):
            PlayScene.from_record(app, bad)


@pytest.mark.parametrize("change, words", [
    (lambda c: c.update(variant="callisto_2"), "config.variant"),
    (lambda c: c.update(options={"radius": 9}), "config.options"),
    (lambda c: c["seats"].pop(), "config.seats"),
    (lambda c: c["seats"][0].update(name="\x00"), "config.seats\\[0\\].name' holds the control"),
    (lambda c: c["seats"][1].update(name="\u200b"), "no visible character"),
    (lambda c: c["seats"][1].update(kind="computer", level="godlike"), "level"),
    (lambda c: c.update(time_control="forever"), "config.time_control"),
    (lambda c: c.update(time_control=["5"]), "config.time_control"),
    (lambda c: c.update(starter=7), "config.starter"),
    (lambda c: c.update(colour="red"), "unknown field 'colour'"),
])
def test_a_resumed_config_is_checked_as_strictly_as_a_position(app, records, change, words):
    from scenes.play import PlayScene
    bad = json.loads(json.dumps(records[1]))
    change(bad["config"])
    with pytest.raises(RecordProblem, match=words):
        PlayScene.from_record(app, bad)


@FAST
@given(data=st.data())
def test_a_damaged_unfinished_game_is_set_aside_and_the_menu_carries_on(app, records, data):
    from scenes.menu import MenuScene
    from scenes.saves import legacy_unfinished_path
    path = legacy_unfinished_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    app.writer.flush()
    before = {p: p.read_bytes() for p in path.parent.glob("unfinished-game.damaged-*")}
    record = data.draw(st.sampled_from(records))
    if data.draw(st.booleans()):
        raw = _text_damaged(json.dumps(record, indent=2), data)
    else:
        raw = json.dumps(_mutated(record, data)).encode()
    path.write_bytes(raw)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.resume_unfinished()
    for kept, content in before.items():
        assert kept.read_bytes() == content, "an earlier file set aside was overwritten"
    if app.stack.top is not menu:       # the damage left a game that can be played
        _plays_on(app, app.stack.top)
        return
    assert "could not be read" in menu.notice and shown(menu.notice, 400, quoted=False) == menu.notice
    [new] = set(path.parent.glob("unfinished-game.damaged-*")) - set(before)
    kept = new.read_bytes()
    assert len(kept) == len(raw) and kept == raw, "the set-aside file differs from the original"
    assert new.name in menu.notice and not path.exists()


def test_a_folder_in_place_of_the_unfinished_game_is_left_alone(app):
    from scenes.saves import legacy_unfinished_path
    path = legacy_unfinished_path()
    path.mkdir(parents=True)
    (path / "mine").write_text("keep")
    menu = app.stack.top
    menu.resize()
    assert menu.resume_button is None               # nothing a press could resume
    menu.resume_unfinished()
    assert "is a folder" in menu.notice and "left where it is" in menu.notice
    assert (path / "mine").read_text() == "keep"


# --- the background writer ---------------------------------------------------------------------

class SlowDisk:
    """A write function that holds its first write until released, recording each write."""

    def __init__(self):
        self.written = []
        self.started = threading.Event()
        self.release = threading.Event()

    def __call__(self, path, text):
        self.started.set()
        self.release.wait(10)
        self.written.append((Path(path).name, text))
        write_text_atomic(path, text)


def test_the_writer_coalesces_saves_to_the_newest(tmp_path):
    disk = SlowDisk()
    writer = BackgroundWriter(write=disk)
    path = tmp_path / "game.json"
    writer.write(path, "1")
    assert disk.started.wait(5)          # "1" is on its way; what follows waits
    for text in "2345":
        writer.write(path, text)
    writer.write(tmp_path / "other.json", "x")
    assert writer.will_exist(path) and writer.pending() == 3
    disk.release.set()
    assert writer.flush(timeout=10)
    assert disk.written == [("game.json", "1"), ("game.json", "5"), ("other.json", "x")]
    assert path.read_text() == "5" and writer.pending() == 0


def test_a_removal_after_a_write_wins_and_the_order_is_kept(tmp_path):
    disk = SlowDisk()
    writer = BackgroundWriter(write=disk)
    path = tmp_path / "game.json"
    writer.write(path, "1")
    assert disk.started.wait(5)
    writer.write(path, "2")
    writer.remove(path)
    assert not writer.will_exist(path)
    disk.release.set()
    writer.flush(timeout=10)
    assert not path.exists() and disk.written == [("game.json", "1")]
    writer.write(path, "3")
    writer.flush(timeout=10)
    assert path.read_text() == "3"


def test_a_failed_write_leaves_the_old_file_and_says_why(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_text("old")

    def failing_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    writer = BackgroundWriter()
    writer.write(path, "new")
    writer.flush(timeout=10)
    assert path.read_text() == "old" and "Input/output error" in writer.problem(path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]      # no temporary left
    monkeypatch.undo()
    writer.write(path, "new")
    writer.flush(timeout=10)
    assert path.read_text() == "new" and writer.problem(path) is None


def test_an_atomic_write_flushes_the_file_then_the_folder_after_the_rename(tmp_path, monkeypatch):
    import stat
    done = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (
        done.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file"),
        real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (done.append("replace"), real_replace(a, b))[1])
    write_text_atomic(tmp_path / "game.json", "new")
    assert done == ["fsync file", "replace", "fsync folder"]
    assert (tmp_path / "game.json").read_text() == "new"


CRASH_MID_WRITE = """
import os, sys, time
sys.path.insert(0, {root!r})
from game.files import write_text_atomic
os.fsync = lambda fd: (print("writing", flush=True), time.sleep(60))
write_text_atomic({path!r}, "new " * 100000)
"""


def test_a_crash_mid_write_leaves_the_old_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    script = CRASH_MID_WRITE.format(root=str(ROOT), path=str(path))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "writing"
    finally:
        proc.kill()
        proc.wait(10)
        proc.stdout.close()
    assert path.read_text() == "old"


def test_a_folder_in_the_way_is_reported_not_replaced(tmp_path):
    folder = tmp_path / "game.json"
    folder.mkdir()
    writer = BackgroundWriter()
    writer.write(folder, "x")
    writer.remove(tmp_path / "other.json")
    writer.flush(timeout=10)
    assert "is a folder" in writer.problem(folder) and folder.is_dir()


def _start_calla(app):
    from scenes.play import PlayScene
    config = {"game": "calla", "variant": "standard", "options": {}, "starter": "0",
              "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}],
              "time_control": None}
    play = app.stack.push(PlayScene(app, config))
    app.step(1 / 60)
    return play


def _sow(app, play, move):
    from game.calla import shield_index
    from helpers import click, wait_until
    click(app, play.view.pits_rects[shield_index(play.state.to_move, move)].center)
    assert wait_until(app, lambda: not play.view.busy, seconds=10)


def test_a_move_never_waits_for_the_disk(app, monkeypatch):
    """The frame that plays a move hands the save to the writer: no fsync on the frame
    loop's thread; the writer's thread writes it, and the file holds the move."""
    from scenes.saves import unfinished_path
    play = _start_calla(app)
    app.writer.flush()
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(threading.current_thread()),
                                                 real_fsync(fd))[1])
    _sow(app, play, 3)
    assert play.cursor == 1
    assert threading.main_thread() not in synced, "a frame waited for an fsync"
    app.writer.flush()
    assert synced and json.loads(unfinished_path("calla").read_text())["moves"] == ["3"]


def test_closing_the_window_flushes_the_last_move(app, monkeypatch):
    from scenes.saves import unfinished_path
    play = _start_calla(app)
    app.writer.flush()
    real = app.writer._write

    def slow(path, text):
        time.sleep(0.3)
        real(path, text)

    monkeypatch.setattr(app.writer, "_write", slow)
    _sow(app, play, 3)
    _sow(app, play, 2)
    app.close()                          # the window closed a moment after the move
    assert json.loads(unfinished_path("calla").read_text())["moves"] == ["3", "2"]


def test_a_save_that_fails_is_shown_in_the_game(app):
    from scenes.saves import unfinished_path
    unfinished_path("calla").mkdir(parents=True)      # something in the way of the file
    play = _start_calla(app)
    _sow(app, play, 3)
    app.writer.flush()
    app.step(1 / 60)
    assert "Could not keep the game on disk" in play.notice and "folder" in play.notice


def test_settings_are_saved_through_the_writer(tmp_path):
    from scenes.settings import Settings
    disk = SlowDisk()
    writer = BackgroundWriter(write=disk)
    s = Settings(tmp_path / "settings.json", writer=writer)
    s.set("volume", 0.1)
    assert disk.started.wait(5)
    for v in (0.2, 0.3, 0.4):
        s.set("volume", v)
    disk.release.set()
    writer.flush(timeout=10)
    assert len(disk.written) == 2
    assert json.loads((tmp_path / "settings.json").read_text())["volume"] == 0.4

