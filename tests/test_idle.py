"""The frame loop at rest: an idle screen draws nothing; whatever moves still gets its frames.

These drive ``App.tick`` (the loop's own step, sleeping in real time), not ``App.step``.
"""

import threading
import time

import pygame
import pygame_gui
import pytest

import scenes.app
from game.calla import shield_index
from helpers import click, every_game, frames, menu_app
from scenes import ui
from scenes.play_sidebar import clock_wait
from scenes.views import base


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(scenes.app, "IDLE_WAIT", 0.05)     # idle ticks come back quickly
    app = menu_app(tmp_path)
    yield app
    app.close()


@pytest.fixture
def still(monkeypatch):
    """Highlights stop breathing at once, so a board with nothing moving is idle."""
    monkeypatch.setattr(base, "BREATHE_SECONDS", 0.0)


def hot_seat(app, game, clock=None, seats=None, animation_speed=2.0):
    from game import GAMES
    spec = GAMES[game]
    variant = spec.variants[0]
    seats = seats or [{"name": f"Player {i + 1}", "kind": "human"}
                      for i in range(spec.players(variant))]
    app.settings.set("animation_speed", animation_speed)
    config = {"game": game, "variant": variant, "options": {}, "seats": seats, "starter": "0",
              "time_control": clock, "seat_order": list(range(len(seats)))}
    play = app.stack.push("play", config=config, seed=1)
    frames(app, 2)
    return play


def ticks_for(app, seconds, until=lambda: False):
    """Run the loop for ``seconds`` of real time (or until ``until()``); frames drawn."""
    before = app.frames
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        app.tick()
    return app.frames - before


def every_tick_draws(app, n=8):
    before = app.frames
    for _ in range(n):
        app.tick()
    return app.frames - before == n


def quiet(app, play):
    """Flashes and banners fade in their own time; then the board is drawn no more."""
    ticks_for(app, 5, until=lambda: not play.view.wants_frames())
    assert ticks_for(app, 0.3) == 0


def settle(app, seconds=0.3):
    """Let what a test set up (window events, a first frame) pass."""
    ticks_for(app, seconds)


def test_idle_menu_draws_nothing_until_an_event_comes(app):
    settle(app)
    assert ticks_for(app, 0.5) == 0
    pygame.mouse.set_pos((5, 5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.tick()
    assert app.frames > 0
    settle(app)                       # a hover leaving a button may redraw it once
    assert ticks_for(app, 0.5) == 0


def test_idle_board_draws_nothing_on_every_game(app, still):
    for game in every_game():
        play = hot_seat(app, game)
        settle(app)
        assert ticks_for(app, 0.4) == 0, game
        assert not play.view.wants_frames()
        app.stack.pop()


def test_a_move_animates_to_its_end_through_the_loop(app, still, monkeypatch):
    play = hot_seat(app, "calla")
    settle(app)
    monkeypatch.setattr(scenes.app, "IDLE_WAIT", 0.5)
    old = play.state
    pit = play.view.pits_rects[shield_index(0, 3)].center
    pygame.mouse.set_pos(pit)

    def sow():
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pit, button=1))
    # the click comes in while the loop sleeps: the quiet time before it must not
    # hurry the cubes along
    threading.Timer(0.3, sow).start()
    while play.state is old:
        app.tick()
    assert play.view.busy and play.view.shown == list(old.pits)
    seen = []
    drawn = ticks_for(app, 10, until=lambda: seen.append(list(play.view.shown))
                      or not play.view.busy)
    assert not play.view.busy and play.view.shown == list(play.state.pits)
    steps = len(play.state.last["path"])
    assert len({tuple(s) for s in seen}) >= min(steps, 3), "the cubes are seen on their way"
    assert drawn >= len(seen) - 1, "every frame of the animation is drawn"
    quiet(app, play)


def test_breathing_highlights_settle_and_wake_again(app, monkeypatch):
    monkeypatch.setattr(base, "BREATHE_SECONDS", 1.0)
    monkeypatch.setattr(base.Breath, "FADE_OUT", 0.1)
    play = hot_seat(app, "calabria")          # the dot of the side to move breathes
    base.BREATH.stir()
    app.tick()
    assert play.view.wants_frames()
    assert every_tick_draws(app, 5), "a breathing highlight is drawn every frame"
    ticks_for(app, 1.5)
    assert base.pulse() == 1.0 and not play.view.wants_frames()
    assert ticks_for(app, 0.3) == 0
    pos = play.view.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.tick()
    assert play.view.wants_frames() and every_tick_draws(app, 5)


def test_pulse_fades_rather_than_jumps():
    breath = base.Breath()
    breath.stir()
    now = breath.now()
    assert breath.depth(now) < 0.1                    # from still it fades in
    assert breath.depth(now + breath.FADE_IN + 0.01) == 1.0
    end = now + base.BREATHE_SECONDS
    assert 0.4 < breath.depth(end - breath.FADE_OUT / 2) < 0.6   # and fades out
    assert breath.depth(end) == 0.0
    breath.last -= base.BREATHE_SECONDS - breath.FADE_OUT / 2    # half faded out: stirred now
    now = breath.now()
    fading = breath.depth(now)
    breath.stir()
    assert breath.depth(now) == pytest.approx(fading, abs=0.05)
    assert breath.depth(now + breath.FADE_IN + 0.01) == 1.0


def test_highlights_breathe_from_the_first_frame_after_input(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(base.Breath, "now", staticmethod(lambda: clock[0]))
    monkeypatch.setattr(base, "BREATH", base.Breath())
    assert base.pulse() == 1.0 and not base.BREATH.drawn        # never stirred: still
    base.BREATH.stir()
    assert base.pulse() == 1.0 and base.BREATH.drawn, "the next frames are wanted"
    clock[0] += 0.3
    assert base.pulse(1.2) < 0.5
    clock[0] += base.BREATHE_SECONDS
    base.BREATH.drawn = False
    assert base.pulse() == 1.0 and not base.BREATH.drawn


def test_running_clock_is_drawn_once_per_new_reading(app, still):
    play = hot_seat(app, "calla", clock="5+0")
    settle(app)
    shown = []
    draw = app.draw

    def drawing():
        shown.append(ui.clock_text(play.clock.remaining(play.clock.active)))
        draw()
    app.draw = drawing
    start, began = play.clock.remaining(0), time.monotonic()
    drawn = ticks_for(app, 2.2)
    spent = time.monotonic() - began
    assert start - play.clock.remaining(0) == pytest.approx(spent, abs=0.1), "time runs on"
    # About one frame a second; a process starved by a busy machine may wake past a reading
    # and draw the next one only (never the same reading twice, below).
    assert 1 <= drawn <= 4, shown
    assert len(set(shown)) == len(shown), "no frame without a new reading"
    assert shown[-1] == ui.clock_text(play.clock.remaining(0))


def test_clock_wait_ends_just_after_the_reading_changes():
    assert clock_wait(0.05) == pytest.approx(0.05, abs=0.003)   # 0:00.0 until the flag falls
    for seconds in (0.1, 0.15, 3.14159, 9.87, 9.9, 10.0, 10.0005, 10.2, 12.3, 59.999, 60.0,
                    299.5, 3600.0):
        wait = clock_wait(seconds)
        reading = ui.clock_text(seconds)
        assert 0 < wait <= 1.01
        assert ui.clock_text(seconds - wait) != reading, seconds
        for k in range(10):
            assert ui.clock_text(seconds - max(0.0, wait - 0.003) * k / 9) == reading, seconds
    assert clock_wait(0.0) is None


def test_computer_move_lands_while_nobody_touches_anything(app, still):
    seats = [{"name": "Computer", "kind": "computer", "level": "random"},
             {"name": "Human", "kind": "human"}]
    play = hot_seat(app, "calla", seats=seats, animation_speed=4.0)
    assert ticks_for(app, 30, until=lambda: play.notation and not play.view.busy)
    assert play.state.to_move == 1
    quiet(app, play)


def test_text_cursor_blinks_on_an_idle_setup_screen(app):
    app.stack.push("setup", game_name="calla")
    frames(app, 2)
    field = next(w for w in app.stack.top.widgets
                 if isinstance(w, pygame_gui.elements.UITextEntryLine))
    click(app, field.rect.center)
    assert field.is_focused
    drawn = ticks_for(app, 3.0)
    assert 2 <= drawn <= 15, "the cursor blinks, the screen is not redrawn every frame"


def test_tooltip_shows_while_the_pointer_rests_on_a_button(app):
    menu = app.stack.top
    pos = menu.tournament_button.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                         buttons=(0, 0, 0)))

    def tooltip():
        return any(isinstance(s, pygame_gui.elements.UITooltip)
                   for s in app.ui.get_sprite_group().sprites())
    ticks_for(app, 5, until=tooltip)
    assert tooltip()
    app.tick()
    assert app._widgets_look() == app._widgets_drawn, "the tooltip is on the screen"


def test_round_screen_looks_for_background_results_while_games_run():
    from types import SimpleNamespace

    from scenes.tournament.round import BACKGROUND_POLL, RoundScene
    running = SimpleNamespace(background=SimpleNamespace(busy=True),
                              pairing=SimpleNamespace(busy=False),
                              printing=SimpleNamespace(busy=False), dirty=False,
                              app=SimpleNamespace(windows=[]),     # the round is not hosted
                              stored=SimpleNamespace(id=1))
    assert 0 < RoundScene.next_frame_in(running) == BACKGROUND_POLL <= 0.5
    running.background.busy = False
    assert RoundScene.next_frame_in(running) is None
    running.printing.busy = True            # printouts written elsewhere: looked for too
    assert RoundScene.next_frame_in(running) == BACKGROUND_POLL
