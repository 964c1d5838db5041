"""Driving the real scenes headless, the way a player would: by pointer and keys."""

from __future__ import annotations

import contextlib
import io
import time

import pygame
import pygame_gui
import pytest


def every_game() -> list:
    """Every game in the registry, by name in menu order: its rules in ``game.GAMES``, its
    board view in ``scenes.views.VIEW_CLASSES``.  Per-game tests take their lists from
    here, so that a game added to the registry is tested with the others."""
    from game import GAMES
    from scenes.views import VIEW_CLASSES
    unseen = [name for name in GAMES if name not in VIEW_CLASSES]
    assert not unseen, f"no board view in scenes.views.VIEW_CLASSES for {', '.join(unseen)}"
    return list(GAMES)


def make_app(tmp_path, size=(1280, 800)):
    from scenes.app import App
    return App(size=size, settings_path=tmp_path / "settings.json", log_path=tmp_path / "log.txt")


def menu_app(tmp_path, **settings):
    """An app at its menu with fast animations and ``settings`` applied, a frame or two in."""
    from scenes.menu import MenuScene
    app = make_app(tmp_path)
    app.settings.set("animation_speed", 4.0)
    for name, value in settings.items():
        app.settings.set(name, value)
    app.stack.push(MenuScene(app))
    frames(app, 2)
    return app


#: The pointer's events.
MOUSE = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL}


def watched_menu_app(tmp_path):
    """``menu_app`` that lists in ``app.seen`` the type of every event the program was
    handed, for a test of the keyboard to check that no ``MOUSE`` event reached it."""
    app = menu_app(tmp_path)
    app.seen = []
    dispatch = app.dispatch

    def seeing(event):
        app.seen.append(event.type)
        dispatch(event)

    app.dispatch = seeing
    return app


def frames(app, n=3, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


def move_pointer(app, pos, buttons=(0, 0, 0), settle=1):
    """Move the pointer to ``pos`` (holding ``buttons``), as a mouse would."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    frames(app, settle)
    return pos


def click(app, pos, button=1, settle=3):
    """Move the pointer to ``pos`` and click there, as a mouse would."""
    pos = move_pointer(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, settle)


def key(app, key, mod=0, settle=2):
    """One key down and up, as a keyboard sends it, and ``settle`` frames to take it in."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    frames(app, settle)


def button(app, text):
    """The visible button of the top scene whose label is ``text``."""
    for widget in app.stack.top.widgets:
        if isinstance(widget, pygame_gui.elements.UIButton) and widget.text == text:
            return widget
    labels = [w.text for w in app.stack.top.widgets if isinstance(w, pygame_gui.elements.UIButton)]
    raise AssertionError(f"no button {text!r} on {type(app.stack.top).__name__}: {labels}")


def press(app, text, settle=3):
    widget = button(app, text)
    assert widget.is_enabled, f"button {text!r} is disabled"
    click(app, widget.rect.center, settle=settle)


def wait_until(app, condition, seconds=20.0, dt=1 / 60):
    """Step frames (in real time, for work in other processes) until ``condition()``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(dt)
        if condition():
            return True
        time.sleep(0.005)
    return False


def drawn_texts(app) -> list:
    """(rect, words) of every text the next frame draws on the screen."""
    from scenes import assets
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    return recorder.on(app.screen)


def play_at_random(app, config, moves, seed):
    """The play screen of ``config`` (dealt from seed 1) on top, and up to ``moves`` moves
    played in it at random (from ``seed``), each landed."""
    import random

    from scenes.play import PlayScene
    play = app.stack.push(PlayScene(app, config, seed=1))
    frames(app, 2)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = list(play.state.legal_moves())
        if play.state.is_over or not legal:
            break
        play.apply(rng.choice(legal))
        frames(app, 2)
        play.view.finish_animation()
        frames(app, 2)
    return play


def random_game(game, seed):
    """A game of ``game`` played at random (its start and moves from ``seed``) to its end:
    the start, the move texts and every state."""
    import random

    from game import GAMES
    spec = GAMES[game]
    rng = random.Random(seed)
    state = start = spec.new_game(seed=seed)
    texts, history = [], [state]
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        texts.append(spec.format_move(state, move))
        state = state.play(move)
        history.append(state)
    return start, texts, history


def random_finished_game(game, names, seed, date="2025-05-04T15:02:11+02:00"):
    """``random_game`` between ``names``: its record (every move half a second, kept on
    ``date``) and its last state."""
    from game import GAMES
    from game.records.record import record_of_moves
    start, texts, history = random_game(game, seed)
    config = {"game": game, "options": {},
              "seats": [{"name": name, "kind": "human"} for name in names]}
    return dict(record_of_moves(GAMES[game], start, texts), config=config,
                times=[0.5] * len(texts), date=date), history[-1]


def set_position(play, data):
    """Start ``play`` (a PlayScene) from a hand-built position instead of the opening."""
    state = play.spec.from_position(data)
    play.history[0] = state
    play.view.set_state(state)
    return state


def load_script(path, name: str):
    """A file of the project that is not a module of a package (main.py, a tool, a
    benchmark), loaded as the module ``name``."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- a benchmark's kept file or record ------------------------------------------------------
# ``run`` is the benchmark's ``main`` with the file in its arguments, its games or searches
# replaced by stand-ins that note what they were asked: it returns (exit code, work done).

def bad_file_is_named(capsys, path, content: bytes, run, said: str) -> None:
    """With ``content`` in ``path`` the benchmark stops before any work: exit 2, one line on
    the error stream naming the file and ``said``, nothing printed, the file byte for byte."""
    path.write_bytes(content)
    code, work = run()
    out, err = capsys.readouterr()
    assert code == 2 and work == []
    assert said in err and path.name in err and len(err.strip().splitlines()) == 1
    assert out == ""
    assert path.read_bytes() == content


def folder_is_named(capsys, path, run) -> None:
    """A folder where the file should be: exit 2, named, nothing done, nothing put in it."""
    path.mkdir()
    code, work = run()
    assert code == 2 and work == []
    assert f"{path.name}: it is a folder" in capsys.readouterr().err
    assert list(path.iterdir()) == []


def any_file_goes_on_or_is_named(path, lines: list, run, refusal: str,
                                 grows: bool = True) -> None:
    """Whatever ``lines`` hold, the benchmark never raises: it goes on from them (exit 0,
    the file only added to when ``grows``) or stops with ``refusal`` naming the file (exit 2,
    no work, the file byte for byte, nothing beside it).  ``run(patch)`` sets its stand-ins
    with ``patch``.  The last line has no newline, as when a run was stopped while writing
    it: a benchmark that goes on may leave it out, keeping the file as it was beside it."""
    path.write_text("\n".join(lines))
    content = path.read_bytes()
    err = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stderr(err), \
            contextlib.redirect_stdout(io.StringIO()):
        code, work = run(patch)
    assert code in (0, 2)
    aside = [p for p in path.parent.iterdir() if p != path]
    if code == 2:
        assert err.getvalue().startswith(refusal) and path.name in err.getvalue()
        assert work == [] and path.read_bytes() == content and aside == []
    elif grows:
        if aside:   # the last line was cut short: left out, the file as it was kept
            [kept] = aside
            assert kept.name.startswith(f"{path.stem}.damaged-")
            assert kept.read_bytes() == content
            head = "".join(content.decode().splitlines(keepends=True)[:-1]).encode()
            assert path.read_bytes().startswith(head)
        else:
            assert path.read_bytes().startswith(content)
    else:
        assert path.read_bytes() == content and aside == []
