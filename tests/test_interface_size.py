"""The interface size (100, 125, 150, 200 %): every screen drawn larger on the window, and
still answering the pointer where the player sees it; never larger than the window has room
for; kept in the settings file like the other settings."""

from __future__ import annotations

import json
import time

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scenes.app
from helpers import every_game, frames, make_app
from scenes import assets
from scenes.play import PlayScene
from scenes.settings import INTERFACE_SIZES, Settings
from test_text_fits import LONG, finished_record, texts_fit, widgets_fit

BIG = (1920, 1080)
SMALL = (960, 600)


def sized_app(tmp_path, window, percent):
    """The program in a ``window`` at the interface size ``percent``, at its menu."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    app = make_app(tmp_path, size=window)
    app.settings.set("animation_speed", 4.0)
    app.set_interface_size(percent)
    app.stack.push("menu")
    frames(app, 2)
    return app


def on_window(app, pos):
    """Where ``pos`` of the layout is on the window."""
    return (int(pos[0] * app.scale) + 1, int(pos[1] * app.scale) + 1)


def point(app, pos):
    """The pointer to ``pos`` on the window, as a mouse would."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 1)


def click_window(app, pos):
    """A click at ``pos`` on the window (its own pixels, not the layout's)."""
    point(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def words_drawn(app) -> list[str]:
    with assets.TextRecorder() as seen:
        frames(app, 1)
    return [words for _rect, words in seen.on(app.screen)]


# --- the pointer ------------------------------------------------------------------------------
def test_at_150_percent_a_click_where_a_button_is_seen_presses_it(tmp_path):
    app = sized_app(tmp_path, BIG, 150)
    try:
        assert app.size == (1280, 720) and app.window.get_size() == BIG
        menu = app.stack.top
        settings_button = menu.settings_button
        point(app, on_window(app, settings_button.rect.center))
        assert settings_button.hovered, "the button under the pointer lights up"
        click_window(app, on_window(app, settings_button.rect.center))
        assert app.stack.top.title == "settings"
        done = app.stack.top.back_button
        click_window(app, on_window(app, done.rect.center))
        assert app.stack.top is menu
    finally:
        app.close()


def test_at_150_percent_a_board_follows_the_pointer_where_it_is_seen(tmp_path):
    app = sized_app(tmp_path, BIG, 150)
    try:
        seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
        config = {"game": "calla", "variant": None, "options": {}, "seats": seats,
                  "starter": "0", "time_control": None}
        play = app.stack.push(PlayScene(app, config, seed=1))
        frames(app, 2)
        spot = play.view.rect.center
        point(app, on_window(app, spot))
        assert play.view.pointer == spot
        assert app.mouse_pos() == spot
    finally:
        app.close()


# --- every screen fits ------------------------------------------------------------------------
@pytest.mark.parametrize("window, percent", [(BIG, 150), (SMALL, 100)])
def test_every_screen_fits_its_texts_at_its_size(tmp_path, window, percent):
    """The menu, each game's setup and board, the results, the rules and the settings."""
    app = sized_app(tmp_path, window, percent)
    name = f"{percent}"
    try:
        assert app.size == tuple(round(side * 100 / percent) for side in window)
        texts_fit(app, f"menu-{name}")
        widgets_fit(app, f"menu-{name}")
        for game in every_game():
            app.stack.push("setup", game_name=game)
            frames(app, 2)
            texts_fit(app, f"setup-{game}-{name}")
            widgets_fit(app, f"setup-{game}-{name}")
            app.stack.pop()
            seats = [{"name": LONG, "kind": "human"},
                     {"name": "王秀英", "kind": "computer", "level": "easy"}]
            config = {"game": game, "variant": None, "options": {}, "seats": seats,
                      "starter": "0", "time_control": "5+3"}
            play = app.stack.push(PlayScene(app, config, seed=1))
            frames(app, 2)
            texts_fit(app, f"play-{game}-{name}", [play.sidebar.rect])
            widgets_fit(app, f"play-{game}-{name}")
            app.stack.pop()
            rules = app.stack.push("rules", game_name=game)
            for page in range(len(rules.sections)):
                rules.page = page
                rules.resize()
                frames(app, 2)
                texts_fit(app, f"rules-{game}-{page}-{name}", [rules.text_rect])
            app.stack.pop()
        record, state = finished_record()
        config = dict(record["config"], variant=None, starter="0", time_control="5+3")
        results = app.stack.push("results", config=config, state=state, record=record,
                                 move_texts=["x"] * 40, played=754.0)
        frames(app, 2)
        texts_fit(app, f"results-{name}", [results.panel_rect])
        widgets_fit(app, f"results-{name}")
        app.stack.pop()
        settings_scene = app.stack.push("settings")
        frames(app, 2)
        texts_fit(app, f"settings-{name}", [settings_scene.box])
        widgets_fit(app, f"settings-{name}")
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "fa", "de", "es", "fr", "zh_Hans"])
def test_the_settings_screen_fits_when_it_says_the_window_is_too_small(tmp_path, code):
    from game import i18n
    app = sized_app(tmp_path, SMALL, 200)
    try:
        app.set_language(code, persian_digits=code == "fa")      # Persian: one row more
        settings_scene = app.stack.push("settings")
        frames(app, 2)
        assert settings_scene.note
        words = texts_fit(app, f"settings-capped-{code}", [settings_scene.box])
        widgets_fit(app, f"settings-capped-{code}")
        assert settings_scene.note in words, "the whole sentence, not cut short"
    finally:
        app.close()
        i18n.use("en", persian_digits=False)


# --- larger on the window ---------------------------------------------------------------------
def heading_height(app) -> int:
    """The height, in the window's pixels, of the ink of the settings screen's heading."""
    app.stack.push("settings")
    frames(app, 2)
    with assets.TextRecorder() as seen:
        frames(app, 1)
    [rect] = [rect for rect, words in seen.on(app.screen) if words == "Settings"]
    scale = app.window.get_width() / app.screen.get_width()
    area = pygame.Rect(int(rect.x * scale), int(rect.y * scale), int(rect.width * scale) + 1,
                       int(rect.height * scale) + 1).clip(app.window.get_rect())
    # the heading's pale letters against the dark table: the rows holding any of them
    rows = [y for y in range(area.top, area.bottom)
            if any(sum(app.window.get_at((x, y))[:3]) > 3 * 200
                   for x in range(area.left, area.right))]
    assert rows, "no heading drawn"
    return rows[-1] - rows[0] + 1


def test_text_at_150_percent_is_half_as_tall_again_on_the_window(tmp_path):
    plain = sized_app(tmp_path / "a", BIG, 100)
    try:
        at_100 = heading_height(plain)
    finally:
        plain.close()
    larger = sized_app(tmp_path / "b", BIG, 150)
    try:
        at_150 = heading_height(larger)
    finally:
        larger.close()
    assert 1.4 <= at_150 / at_100 <= 1.6, (at_100, at_150)


# --- no larger than the window has room for ---------------------------------------------------
@pytest.mark.parametrize("window, percent, room", [
    (SMALL, 200, 100), (BIG, 200, 180), ((1366, 768), 150, 128)])
def test_the_size_is_capped_to_the_window_and_the_settings_say_so(tmp_path, window, percent,
                                                                  room):
    app = sized_app(tmp_path, window, percent)
    try:
        assert app.scale == room / 100
        assert app.size[0] >= scenes.app.MIN_SIZE[0] and app.size[1] >= scenes.app.MIN_SIZE[1]
        app.stack.push("settings")
        frames(app, 2)
        assert (f"This window has room for {room}%; a larger window or full screen gives "
                "more.") in words_drawn(app)
        assert app.stack.top.interface_size.selected_option[1] == str(percent)
    finally:
        app.close()


def test_no_word_of_room_while_the_window_has_it(tmp_path):
    app = sized_app(tmp_path, BIG, 150)
    try:
        app.stack.push("settings")
        frames(app, 2)
        assert not [w for w in words_drawn(app) if "has room for" in w]
    finally:
        app.close()


def test_a_resized_window_keeps_the_size_as_far_as_it_has_room(tmp_path):
    app = sized_app(tmp_path, BIG, 150)
    try:
        pygame.display.set_mode((1200, 700), app.flags)
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1200, 700), w=1200, h=700))
        frames(app, 2)
        assert app.scale == 1.16 and app.size == (1034, 603)
        assert app.stack.top.title == "menu" and texts_fit(app, "menu-resized")
        pygame.display.set_mode(BIG, app.flags)
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=BIG, w=BIG[0], h=BIG[1]))
        frames(app, 2)
        assert app.scale == 1.5 and app.size == (1280, 720)
    finally:
        app.close()


def test_a_board_under_the_pause_menu_takes_the_new_size_at_once(tmp_path):
    app = sized_app(tmp_path, BIG, 100)
    try:
        seats = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]
        config = {"game": "calabria", "variant": None, "options": {}, "seats": seats,
                  "starter": "0", "time_control": None}
        play = app.stack.push(PlayScene(app, config, seed=1))
        app.stack.push("pause")
        app.stack.push("settings")
        frames(app, 2)
        app.set_interface_size(150)
        app.stack.pop()
        frames(app, 2)
        assert app.screen.get_rect().contains(play.view.rect)
        assert play.widgets == [], "a covered screen keeps no widgets to catch clicks"
    finally:
        app.close()


# --- chosen on the settings screen, kept in the settings file ---------------------------------
def test_the_size_chosen_on_the_settings_screen_applies_at_once_and_survives_a_restart(tmp_path):
    import pygame_gui
    app = sized_app(tmp_path, BIG, 100)
    try:
        scene = app.stack.push("settings")
        frames(app, 2)
        chooser = scene.interface_size
        assert [words for words, _ in chooser.options_list] == ["100%", "125%", "150%", "200%"]
        chooser.selected_option = ("150%", "150")
        scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                        ui_element=chooser, text="150%"))
        frames(app, 2)
        assert app.scale == 1.5 and app.size == (1280, 720)
        assert app.stack.top.interface_size.selected_option[1] == "150"
        assert app.stack.top.box.centerx == 640, "the settings laid out again for the size"
    finally:
        app.close()
    assert json.loads((tmp_path / "settings.json").read_text())["interface_size"] == 150
    again = make_app(tmp_path, size=BIG)
    try:
        assert again.scale == 1.5 and again.size == (1280, 720)
    finally:
        again.close()


def test_an_unusable_size_in_the_settings_file_is_set_aside_with_a_message(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"interface_size": 300, "volume": 0.5}))
    app = make_app(tmp_path, size=BIG)
    try:
        assert app.scale == 1.0 and app.settings["volume"] == 0.5
        assert app.settings.problem == "Ignored unusable settings: interface_size."
        app.stack.push("menu")
        frames(app, 2)
        assert "interface_size" in app.stack.top.notice
        app.set_interface_size(125)
        assert app.writer.flush(timeout=10)
        [kept] = tmp_path.glob("settings.damaged-*.json")
        assert json.loads(kept.read_text())["interface_size"] == 300
        assert json.loads(path.read_text())["interface_size"] == 125
    finally:
        app.close()


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                 st.floats(allow_nan=False, allow_infinity=False),
                 st.text(max_size=8), st.lists(st.integers(), max_size=3),
                 st.sampled_from([100.0, 150.0, True, "150", 125])))
def test_the_settings_file_gives_a_usable_size_whatever_it_holds(tmp_path_factory, value):
    path = tmp_path_factory.mktemp("sizes") / "settings.json"
    path.write_text(json.dumps({"interface_size": value}))
    s = Settings(path)
    assert s["interface_size"] in INTERFACE_SIZES and type(s["interface_size"]) is int
    if s["interface_size"] != value or type(value) is not int:
        assert s.problem == "Ignored unusable settings: interface_size."


# --- an idle larger screen --------------------------------------------------------------------
def test_an_idle_screen_at_150_percent_draws_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(scenes.app, "IDLE_WAIT", 0.05)
    app = sized_app(tmp_path, BIG, 150)
    try:
        end = time.monotonic() + 0.3
        while time.monotonic() < end:
            app.tick()
        before = app.frames
        end = time.monotonic() + 0.5
        while time.monotonic() < end:
            app.tick()
        assert app.frames == before
    finally:
        app.close()
