"""Unfinished games: one kept per game, each offered on the menu, a new game of the same
game replacing one only when the player says so, the earlier version's single file taken
over at start, leftovers of killed writes cleaned, and every move in the file as soon as it
is played, whatever the disk is doing."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from pathlib import Path

import pygame
import pygame_gui
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from game.records.record import make_record
from game.writer import BackgroundWriter, memory_folder, newest_text, quick_copy_path
from helpers import click, frames, key, make_app, press
from scenes import assets
from scenes.menu import MenuScene
from scenes.play import PlayScene
from scenes.question import QuestionScene
from scenes.saves import (legacy_unfinished_path, settle_data_folder, unfinished_games,
                          unfinished_path)
from scenes.setup import SetupScene

FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
PEOPLE = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
AGAINST_MEDIUM = [{"name": "You", "kind": "human"},
                  {"name": "Computer", "kind": "computer", "level": "medium"}]
LONG = "Bartholomew Maximilian Featherstonehaugh"          # 40 characters, the most allowed
SIZES = [(960, 600), (1920, 1080)]


def record_of(game, moves, seats=PEOPLE, seed=1) -> dict:
    """An unfinished game of ``game``: ``moves`` random legal moves from its start."""
    spec = GAMES[game]
    variant = spec.variants[0]
    config = {"game": game, "variant": variant, "options": {}, "seats": seats,
              "starter": "0", "time_control": None}
    rng = random.Random(seed)
    start = state = spec.new_game(variant=variant, seed=seed)
    texts = []
    for _ in range(moves):
        move = rng.choice(state.legal_moves())
        texts.append(spec.format_move(state, move))
        state = state.play(move)
    return make_record(config, start, texts)


def keep(path: Path, record: dict) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=2))
    return path.read_bytes()


def started(tmp_path, size=(1280, 800)):
    """The program started (its folders settled) and at its menu."""
    app = make_app(tmp_path, size=size)
    app.settings.set("animation_speed", 4.0)
    app.stack.push(MenuScene(app))
    frames(app, 2)
    return app


def new_game_from_menu(app, game):
    """Play, then Start game on the setup screen, two people at the board."""
    click(app, app.stack.top.play_buttons[game].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.starter = "0"
    for i, seat in enumerate(setup.seats):
        seat.update(name=f"Player {i + 1}", kind="human")
    press(app, "Start game")


def moves_in(path: Path) -> list[str]:
    return json.loads(path.read_text())["moves"]


# --- one unfinished game per game ------------------------------------------------------------

def test_each_game_keeps_its_own_unfinished_game_and_the_menu_offers_each(tmp_path):
    app = started(tmp_path)
    try:
        played = {}
        for game in ("calliro", "callisto"):
            new_game_from_menu(app, game)
            play = app.stack.top
            assert isinstance(play, PlayScene)
            for _ in range(2):
                play.apply(play.state.legal_moves()[0])
                play.view.finish_animation()
            played[game] = (list(play.notation), play.state)
            key(app, pygame.K_ESCAPE)
            press(app, "Quit to menu")
        menu = app.stack.top
        assert isinstance(menu, MenuScene)
        for game, (notation, _) in played.items():
            assert moves_in(unfinished_path(game)) == notation, \
                f"starting the next game lost the unfinished {game} game"
        assert set(menu.resume_buttons) == {"calliro", "callisto"}
        assert menu.unfinished_line("calliro", 15, 1000) == \
            "Unfinished: Player 1 v Player 2, move 2"
        click(app, menu.resume_buttons["calliro"].rect.center)
        resumed = app.stack.top
        assert isinstance(resumed, PlayScene) and resumed.spec.name == "calliro"
        assert resumed.state == played["calliro"][1] and resumed.cursor == 2
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_menu_fits_an_unfinished_game_of_every_game_and_an_earlier_one(tmp_path, size):
    long_names = [{"name": LONG, "kind": "human"},
                  {"name": "Zoë Ångström-Featherstone", "kind": "computer", "level": "expert"}]
    for i, game in enumerate(GAMES):
        keep(unfinished_path(game), record_of(game, 12 + i, long_names, seed=i))
    keep(legacy_unfinished_path(), record_of("calla", 3, long_names, seed=9))   # stays: taken
    app = started(tmp_path, size)
    try:
        menu = app.stack.top
        assert set(menu.resume_buttons) == set(GAMES)
        with assets.TextRecorder() as recorder:
            frames(app, 1)
        texts = [(rect, words) for rect, words in recorder.on(app.screen) if rect.width]
        buttons = [b.rect for b in menu.widgets
                   if isinstance(b, pygame_gui.elements.UIButton)]
        for i, a in enumerate(buttons):
            assert app.screen.get_rect().contains(a)
            for b in buttons[i + 1:]:
                assert not a.colliderect(b), f"buttons {a} and {b} overlap"
        for spec, card in menu.rows:
            game = spec.name
            for widget in (menu.resume_buttons[game], menu.play_buttons[game],
                           menu.rules_buttons[game]):
                assert card.contains(widget.rect), f"{game}: a button leaves its card"
            said = [(rect, words) for rect, words in texts if card.collidepoint(rect.topleft)]
            assert any(f"move {12 + list(GAMES).index(game)}" in words for _, words in said), \
                f"{game}'s card does not say how far its game got: {said}"
            for rect, words in said:
                assert card.contains(rect), f"{words!r} leaves the card of {game}"
                assert rect.collidelist(buttons) < 0, f"{words!r} runs under a button"
        for i, (a, first) in enumerate(texts):
            for b, second in texts[i + 1:]:
                assert not a.colliderect(b), f"{first!r} overprints {second!r}"
        assert menu.resume_button is not None and "Calla (earlier)" in menu.resume_button.text
    finally:
        app.close()


# --- asking before a new game replaces one ----------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_a_new_game_of_the_same_game_asks_and_keep_it_keeps_it(tmp_path, size):
    path = unfinished_path("calliro")
    before = keep(path, record_of("calliro", 3, AGAINST_MEDIUM))
    app = started(tmp_path, size)
    try:
        new_game_from_menu(app, "calliro")
        question = app.stack.top
        assert isinstance(question, QuestionScene)
        assert question.words == ("Your unfinished Calliro game against Medium (move 3) will "
                                  "be replaced. Start a new game?")
        with assets.TextRecorder() as recorder:
            frames(app, 1)
        drawn = recorder.on(app.screen)
        first = max(i for i, (_, words) in enumerate(drawn) if words == question.heading)
        said = drawn[first:]                                # what the question drew, on top
        assert " ".join(w for _, w in said[1:]) == question.words, "the words are shown whole"
        assert all(question.box.contains(rect) for rect, _ in said)
        for widget in (question.yes_button, question.no_button):
            assert question.box.contains(widget.rect)
            assert all(not widget.rect.colliderect(rect) for rect, _ in said)
        press(app, "Keep it")
        assert isinstance(app.stack.top, SetupScene), "Keep it goes back to the setup"
        press(app, "Start game")
        key(app, pygame.K_ESCAPE)                           # Esc answers Keep it too
        assert isinstance(app.stack.top, SetupScene)
        key(app, pygame.K_ESCAPE)
        app.writer.flush()
        assert path.read_bytes() == before
        assert "calliro" in app.stack.top.resume_buttons
    finally:
        app.close()


def test_start_a_new_game_replaces_it_at_the_first_move(tmp_path):
    path = unfinished_path("calliro")
    before = keep(path, record_of("calliro", 3, AGAINST_MEDIUM))
    keep(unfinished_path("calla"), record_of("calla", 2))
    app = started(tmp_path)
    try:
        new_game_from_menu(app, "calla")
        assert isinstance(app.stack.top, QuestionScene)     # Calla's own game is asked for
        press(app, "Keep it")
        key(app, pygame.K_ESCAPE)
        new_game_from_menu(app, "calliro")
        press(app, "Start a new game")
        play = app.stack.top
        assert isinstance(play, PlayScene) and play.spec.name == "calliro"
        app.writer.flush()
        assert path.read_bytes() == before, "replaced only once the new game has a move"
        play.apply(play.state.legal_moves()[0])
        app.writer.flush()
        kept = json.loads(path.read_text())
        assert len(kept["moves"]) == 1 and kept["config"]["seats"][0]["name"] == "Player 1"
        assert moves_in(unfinished_path("calla")) == record_of("calla", 2)["moves"]
    finally:
        app.close()


def test_a_new_game_over_before_its_first_move_leaves_the_older_one(tmp_path):
    path = unfinished_path("calla")
    before = keep(path, record_of("calla", 2))
    app = started(tmp_path)
    try:
        config = {"game": "calla", "variant": "standard", "options": {}, "starter": "0",
                  "seats": PEOPLE, "time_control": "1+0"}
        play = app.stack.push(PlayScene(app, config))
        play.clock.start(0)
        play.update(61)                 # Ann's flag falls before anyone moved
        assert play.finished and play.cursor == 0
        app.writer.flush()
        assert path.read_bytes() == before
    finally:
        app.close()


# --- the earlier version's single file --------------------------------------------------------

def test_the_earlier_single_file_becomes_its_games_file_at_start(tmp_path):
    legacy = legacy_unfinished_path()
    before = keep(legacy, record_of("calliro", 2))
    app = started(tmp_path)
    try:
        assert not legacy.exists()
        assert unfinished_path("calliro").read_bytes() == before
        menu = app.stack.top
        assert set(menu.resume_buttons) == {"calliro"} and menu.resume_button is None
        click(app, menu.resume_buttons["calliro"].rect.center)
        play = app.stack.top
        assert isinstance(play, PlayScene) and play.cursor == 2
        play.apply(play.state.legal_moves()[0])
        app.writer.flush()
        assert len(moves_in(unfinished_path("calliro"))) == 3 and not legacy.exists()
    finally:
        app.close()


def test_an_earlier_file_whose_game_has_one_already_is_kept_and_offered(tmp_path):
    legacy = legacy_unfinished_path()
    older = keep(legacy, record_of("calla", 2, seed=5))
    newer = keep(unfinished_path("calla"), record_of("calla", 4, seed=6))
    app = started(tmp_path)
    try:
        assert legacy.read_bytes() == older and unfinished_path("calla").read_bytes() == newer
        menu = app.stack.top
        assert menu.resume_button.text == "Resume Calla (earlier): Ann v Bo, move 2"
        assert "calla" in menu.resume_buttons
        press(app, "Resume Calla (earlier): Ann v Bo, move 2")
        play = app.stack.top
        assert isinstance(play, PlayScene) and play.cursor == 2
        play.apply(play.state.legal_moves()[0])
        app.writer.flush()
        assert len(moves_in(legacy)) == 3, "the earlier game goes on in its own file"
        assert unfinished_path("calla").read_bytes() == newer
    finally:
        app.close()


# --- leftovers of killed writes ---------------------------------------------------------------

def test_leftover_temporary_files_are_deleted_at_start_and_only_those(tmp_path):
    data = unfinished_path("calla").parent
    config = tmp_path                   # where make_app keeps the settings file
    data.mkdir(parents=True)
    old = time.time() - 120
    leftovers = [data / ".unfinished-calla.json.k2x_9a0b.tmp",
                 data / "..unfinished-iriri.json.quick.abcdefgh.tmp",
                 data / ".unfinished-game.json.00000000.tmp",
                 config / ".settings.json.qwertyui.tmp"]
    memory = memory_folder()
    memory.mkdir()
    leftovers.append(memory / ".0123456789abcdef-unfinished-calla.json.quick.a1b2c3d4.tmp")
    kept = [data / ".unfinished-calla.json.youngone.tmp",       # a write under way now
            data / "notes.tmp", data / ".unfinished-calla.json.tmp",
            data / ".unfinished-calla.json.TOOLONG99.tmp",
            config / ".bashrc.abcdefgh.tmp"]                    # not a file of ours
    for path in leftovers + kept:
        path.write_text("x")
        if "youngone" not in path.name:
            os.utime(path, (old, old))
    (data / ".folder.abcdefgh.tmp").mkdir()
    os.utime(data / ".folder.abcdefgh.tmp", (old, old))
    app = started(tmp_path)
    try:
        assert not [p.name for p in leftovers if p.exists()]
        assert all(p.exists() for p in kept) and (data / ".folder.abcdefgh.tmp").is_dir()
    finally:
        app.close()


# --- every move in the file at once -----------------------------------------------------------

def calla_board(app):
    config = {"game": "calla", "variant": "standard", "options": {}, "starter": "0",
              "seats": PEOPLE, "time_control": None}
    play = app.stack.push(PlayScene(app, config))
    frames(app, 1)
    return play


def next_start_reads(game) -> list[str]:
    """The moves of the unfinished game of ``game`` a start of the program would read if
    the program were killed now (nothing is changed)."""
    def whole(text):
        try:
            return json.loads(text)["game"] == game
        except (ValueError, KeyError, TypeError):
            return False
    text = newest_text(unfinished_path(game), whole)
    return [] if text is None else json.loads(text)["moves"]


def test_moves_reach_the_file_while_the_disk_is_still_taking_an_earlier_write(
        tmp_path, monkeypatch):
    """The disk is slow to flush (a busy machine): each move is where a killed program's next
    start reads it before its frame is drawn, not after that flush, nor after the next move
    or an animation."""
    app = started(tmp_path)
    disk = threading.Event()
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (
        threading.current_thread().name == "file writer" and disk.wait(30), real_fsync(fd))[1])
    try:
        play = calla_board(app)
        for _ in range(2):
            play.apply(play.state.legal_moves()[0])
            assert play.view.busy               # no frame drawn: its animation has not begun
            assert next_start_reads("calla") == play.notation, \
                "the move is not where a kill leaves it"
        assert len(play.notation) == 2 and not disk.is_set()
    finally:
        disk.set()
        app.close()
    assert moves_in(unfinished_path("calla")) == play.notation
    assert not quick_copy_path(unfinished_path("calla"), memory_folder()).exists(), \
        "the quick copy goes once the file has caught up"


class HeldDisk:
    """A write function that holds every write until released."""

    def __init__(self, real):
        self.real = real
        self.release = threading.Event()
        self.started = threading.Event()

    def __call__(self, path, text):
        self.started.set()
        self.release.wait(10)
        self.real(path, text)


def test_without_a_memory_folder_a_thread_writes_the_quick_copy_first(tmp_path):
    from game.files import write_text_atomic
    from game.writer import write_quick_copy
    disk = HeldDisk(write_text_atomic)
    writer = BackgroundWriter(write=disk)
    path = tmp_path / "game.json"
    writer.write(path, "1", quick_copy=True)
    assert disk.started.wait(5)
    writer.write(path, "2", quick_copy=True)
    assert writer.copied(timeout=5)
    assert quick_copy_path(path).read_text() == "2" and not path.exists()
    disk.release.set()
    assert writer.flush(timeout=10)
    assert path.read_text() == "2" and not quick_copy_path(path).exists()

    copying = HeldDisk(write_quick_copy)         # now the copy is slow: the file waits for it
    writer = BackgroundWriter(copy=copying)
    writer.write(path, "3", quick_copy=True)
    assert copying.started.wait(5)
    assert not writer.flush(timeout=0.3) and path.read_text() == "2"
    copying.release.set()
    assert writer.flush(timeout=10) and path.read_text() == "3"
    writer.write(path, "4", quick_copy=True)
    writer.remove(path)
    assert writer.flush(timeout=10)
    assert not path.exists() and not quick_copy_path(path).exists()


def test_in_memory_the_quick_copy_is_written_before_write_returns(tmp_path):
    from game.files import write_text_atomic
    disk = HeldDisk(write_text_atomic)
    memory = tmp_path / "memory"
    writer = BackgroundWriter(write=disk, memory=memory)
    path = tmp_path / "data" / "game.json"
    for text in "12":
        writer.write(path, text, quick_copy=True)
        assert quick_copy_path(path, memory).read_text() == text    # no waiting: it is there
    assert not path.exists() and [p.name for p in memory.iterdir()] == \
        [quick_copy_path(path, memory).name]
    disk.release.set()
    assert writer.flush(timeout=10)
    assert path.read_text() == "2" and not quick_copy_path(path, memory).exists()
    writer.write(path, "3", quick_copy=True)
    writer.remove(path)
    assert not quick_copy_path(path, memory).exists()
    assert writer.flush(timeout=10) and not path.exists()


QUICK_COPIES = st.one_of(
    st.binary(max_size=200),
    st.sampled_from([b"", b"{}", b"[]", b"null", b'{"game": "calla"', b'{"game": "iriri"}',
                     b"\xff\xfe", b"[" * 5000]),
    st.integers(0, 2000).map(lambda n: json.dumps(record_of("calla", 5)).encode()[:n]))


@FAST
@given(quick=QUICK_COPIES, in_memory=st.booleans())
def test_a_damaged_quick_copy_never_costs_the_file(tmp_path_factory, quick, in_memory):
    folder = tmp_path_factory.mktemp("data")
    os.environ["CALLIDUS_DATA_DIR"] = str(folder)      # the autouse fixture puts it back
    os.environ["CALLIDUS_QUICK_DIR"] = str(folder / "memory")
    path = unfinished_path("calla")
    before = keep(path, record_of("calla", 2))
    copy = quick_copy_path(path, memory_folder() if in_memory else None)
    copy.parent.mkdir(exist_ok=True)
    copy.write_bytes(quick)
    settle_data_folder()
    assert not copy.exists()
    [aside] = list(folder.glob(".unfinished-calla.json.damaged-*.quick")) or [None]
    if path.read_bytes() == before:
        assert aside is not None and aside.read_bytes() == quick, "the copy is kept aside"
    else:
        assert aside is None and path.read_bytes() == quick
        assert json.loads(quick)["game"] == "calla"


@pytest.mark.parametrize("in_memory", [True, False])
def test_a_whole_quick_copy_becomes_the_file_at_start(tmp_path, in_memory):
    path = unfinished_path("callisto")
    keep(path, record_of("callisto", 2))
    newer = json.dumps(record_of("callisto", 3))
    copy = quick_copy_path(path, memory_folder() if in_memory else None)
    copy.parent.mkdir(exist_ok=True)
    copy.write_text(newer)
    app = started(tmp_path)
    try:
        assert path.read_text() == newer and not copy.exists()
        assert unfinished_games(app)["callisto"].moves == 3
    finally:
        app.close()


DAMAGE = st.one_of(
    st.binary(max_size=300),
    st.sampled_from([b"", b"{}", b"[]", b"null", b"\xff\xfe", b"[" * 5000, b"1" * 5000,
                     b'{"game": "calla", "moves": 5, "config": {"seats": "x"}}',
                     b'{"game": "iriri", "moves": ["a"], "config": {"seats": []}}']),
    st.integers(0, 3000).map(lambda n: json.dumps(record_of("calla", 4)).encode()[:n]),
    st.tuples(st.integers(0, 3000), st.sampled_from(["\u0000", "\u200b", "\ud800", "é" * 50,
                                                     '"', "]", "9" * 60])).map(
        lambda cut: (lambda t: (t[:cut[0]] + cut[1] + t[cut[0]:]).encode("utf-8",
                                                                          "surrogatepass"))(
            json.dumps(record_of("calla", 4)))))


@FAST
@given(damage=DAMAGE)
def test_a_damaged_unfinished_game_of_a_game_never_stops_the_menu(tmp_path_factory, damage):
    home = tmp_path_factory.mktemp("home")
    os.environ["CALLIDUS_DATA_DIR"] = str(home / "data")    # the autouse fixture puts it back
    path = unfinished_path("calla")
    path.parent.mkdir(parents=True)
    path.write_bytes(damage)
    app = started(home)
    try:
        menu = app.stack.top
        frames(app, 1)
        if "calla" not in menu.resume_buttons:
            return                      # nothing to offer (no move made): nothing to lose
        menu.resume_unfinished("calla")
        if isinstance(app.stack.top, PlayScene):
            assert app.stack.top.spec.name == "calla"
            return
        assert app.stack.top is menu and "could not be read" in menu.notice
        [aside] = path.parent.glob("unfinished-calla.damaged-*.json")
        assert aside.read_bytes() == damage and not path.exists()
        assert aside.name in menu.notice and "calla" not in menu.resume_buttons
        frames(app, 1)
    finally:
        app.close()
