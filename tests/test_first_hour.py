"""What a newcomer meets in the first hour: the setup kept from one game to the next and
"Play the computer" on the menu; name boxes that read as fields; drop-down lists that open
whole; the file dialog's icons explained; the library naming the computer and its level."""

from __future__ import annotations

import json

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import click, every_game, frames, key, make_app, menu_app, press
from scenes.settings import Settings
from scenes.setup import SetupScene

SIZES = [(960, 600), (1920, 1080)]
FAST = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def choose(app, menu, text):
    """Pick ``text`` from a drop-down by clicks."""
    click(app, menu.rect.center)
    items = menu.menu_states["expanded"].options_selection_list.item_list
    click(app, next(i for i in items if i["text"] == text)["button_element"].rect.center,
          settle=8)
    assert menu.selected_option[0] == text


def type_into(app, entry, text):
    click(app, entry.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 3)


def open_setup(app, game="calla"):
    click(app, app.stack.top.play_buttons[game].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    return setup


def past_the_question(app):
    """Agree to replace the game's unfinished game, if one is kept and the question asked."""
    frames(app, 3)
    if type(app.stack.top).__name__ == "QuestionScene":
        press(app, "Start a new game", settle=3)
    assert type(app.stack.top).__name__ == "PlayScene"


def leave_play(app):
    """Back from the play screen to the menu (its game kept as unfinished)."""
    while type(app.stack.top).__name__ != "MenuScene":
        app.stack.pop()
    frames(app, 2)


# --- 1. the setup remembered ---------------------------------------------------------------

def test_the_next_setup_of_a_game_is_the_last_one(tmp_path):
    app = menu_app(tmp_path)
    setup = open_setup(app)
    type_into(app, setup.name_entries[0], "Ann")
    choose(app, setup.controls["seat1"], "Computer - Hard")
    choose(app, setup.controls["starter"], "Seat 1")
    choose(app, setup.controls["time_control"], "5: 5 min sudden death")
    choose(app, setup.controls["option:time_limit_minutes"], "30 minutes")
    press(app, "Start game")
    past_the_question(app)
    leave_play(app)
    setup = open_setup(app)
    assert setup.name_entries[0].get_text() == "Ann"
    assert setup.controls["seat1"].selected_option[0] == "Computer - Hard"
    assert setup.controls["starter"].selected_option == ("Ann", "0")
    assert setup.controls["time_control"].selected_option[1] == "5"
    assert setup.controls["option:time_limit_minutes"].selected_option[0] == "30 minutes"
    # another game keeps its own
    app.stack.pop()
    frames(app, 2)
    assert open_setup(app, "calabria").controls["seat1"].selected_option[0] == "Human"
    app.close()
    # and the next start of the program too
    again = menu_app(tmp_path)
    assert open_setup(again).name_entries[0].get_text() == "Ann"
    again.close()


def test_play_the_computer_starts_at_once_at_the_last_level_used(tmp_path):
    app = menu_app(tmp_path)
    click(app, app.stack.top.computer_buttons["calla"].rect.center)
    play = app.stack.top
    assert type(play).__name__ == "PlayScene", "no setup screen in between"
    kinds = sorted((seat["kind"], seat.get("level")) for seat in play.seats)
    assert kinds == [("computer", "medium"), ("human", None)], "Medium for a first game"
    leave_play(app)
    setup = open_setup(app)
    type_into(app, setup.name_entries[0], "Ann")
    choose(app, setup.controls["seat1"], "Computer - Expert")
    choose(app, setup.controls["seat1"], "Human")       # two people this time
    press(app, "Start game", settle=3)
    past_the_question(app)
    leave_play(app)
    click(app, app.stack.top.computer_buttons["calla"].rect.center)
    past_the_question(app)
    play = app.stack.top
    seats = {seat["name"]: (seat["kind"], seat.get("level")) for seat in play.seats}
    assert seats["Ann"] == ("human", None)
    assert ("computer", "expert") in seats.values(), "the level last chosen for Calla"
    app.close()


def remembered(**changes):
    setup = {"variant": "standard", "options": {"time_limit_minutes": 30},
             "seats": [{"name": "Ann", "kind": "human"}, {"name": "", "kind": "computer:hard"}],
             "starter": "0", "time_control": "5", "hints": False, "level": "hard"}
    setup.update(changes)
    return setup


@pytest.mark.parametrize("bad", [
    remembered(seats=[{"name": "Ann\x00", "kind": "human"}, {"name": "", "kind": "human"}]),
    remembered(seats=[{"name": "Ann", "kind": "human"}]),
    remembered(options={"time_limit_minutes": "thirty"}),
    remembered(time_control="5 hours please"),
    remembered(level="godlike"),
    remembered(starter="7"),
    "calla",
])
def test_a_bad_remembered_setup_is_ignored_with_the_settings_message(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"setups": {"calla": bad, "calabria": remembered(
        options={}, seats=[{"name": "Bo", "kind": "human"}, {"name": "", "kind": "human"}])}}))
    app = make_app(tmp_path)
    assert app.settings.problem == "Ignored unusable settings: setup of calla."
    from scenes.menu import MenuScene
    app.stack.push(MenuScene(app))
    frames(app, 2)
    assert app.stack.top.notice == app.settings.problem
    setup = open_setup(app)
    assert setup.name_entries[0].get_text() == ""          # a fresh setup
    assert setup.controls["seat1"].selected_option[0] == "Human"
    app.stack.pop()
    frames(app, 2)
    assert open_setup(app, "calabria").name_entries[0].get_text() == "Bo"   # kept
    app.close()


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 100) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=12), inner, max_size=5), max_leaves=20)
SETUP_LIKE = st.fixed_dictionaries(
    {key: st.one_of(JSON, st.just(value)) for key, value in remembered().items()})


@FAST
@given(setups=st.one_of(JSON, st.dictionaries(st.sampled_from(["calla", "iriri", "x"]),
                                              st.one_of(SETUP_LIKE, JSON), max_size=3)))
def test_any_remembered_setups_never_stop_the_setup_screen(tmp_path_factory, setups):
    folder = tmp_path_factory.mktemp("settings")
    path = folder / "settings.json"
    path.write_text(json.dumps({"setups": setups}))
    loaded = Settings(path)
    for game in ("calla", "iriri"):
        app = make_app(folder)
        app.settings = loaded
        setup = SetupScene(app, game)
        app.stack.push(setup)
        frames(app, 1)
        setup.config()
        app.close()


# --- 2. the name boxes read as fields ----------------------------------------------------------

def brightest(app, rect):
    """The brightest pixel's brightness inside ``rect`` (borders left out)."""
    app.draw()
    inside = app.screen.subsurface(pygame.Rect(rect).inflate(-8, -8))
    return max(sum(inside.get_at((x, y))[:3]) for x in range(inside.get_width())
               for y in range(inside.get_height()))


@pytest.mark.parametrize("size", SIZES)
def test_a_name_box_looks_like_a_field_with_a_cursor_and_a_muted_suggestion(tmp_path, size):
    app = make_app(tmp_path, size=size)
    setup = app.stack.push(SetupScene(app, "calla"))
    frames(app, 2)
    entry, other = setup.name_entries
    assert entry.border_width["left"] >= 2, "a visible border"
    suggestion = brightest(app, entry.rect)
    click(app, entry.rect.center)
    assert brightest(app, entry.rect) >= 600, "a focused empty box shows its cursor"
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ann"))
    frames(app, 3)
    click(app, other.rect.center)             # the cursor leaves the typed box
    typed = brightest(app, entry.rect)
    assert typed - suggestion >= 90, "the suggested name is muted, a typed one is not"
    assert entry.tool_tip_text and "type" in entry.tool_tip_text
    app.close()


# --- 4. drop-down lists open whole -----------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_the_game_timer_list_opens_with_every_entry_in_view(tmp_path, size):
    app = make_app(tmp_path, size=size)
    setup = app.stack.push(SetupScene(app, "calla"))
    frames(app, 2)
    for name, menu in setup.controls.items():
        click(app, menu.rect.center)
        listed = menu.menu_states["expanded"].options_selection_list
        assert listed.scroll_bar is None, f"{name}: the list scrolls"
        window = pygame.Rect(0, 0, *size)
        for item in listed.item_list:
            button = item["button_element"]
            assert button is not None and button.visible, f"{name}: {item['text']} hidden"
            assert listed.rect.contains(button.rect) and window.contains(button.rect), \
                f"{name}: {item['text']!r} is cut off"
        click(app, menu.rect.center)            # closed again
        frames(app, 3)
    app.close()


# --- 5. the file dialog's icons say what they do -------------------------------------------

def test_the_save_dialogs_icons_have_labels_and_tooltips(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    from game import GAMES
    from scenes import record_files
    app = menu_app(tmp_path)
    dialog = record_files.save_dialog(app.stack.top, GAMES["calla"])
    frames(app, 2)
    buttons = [dialog.home_button, dialog.delete_button, dialog.parent_directory_button,
               dialog.refresh_button]
    for button, word in zip(buttons, ("Home", "Delete", "Up", "Refresh")):
        assert word in button.text, f"{button.text!r} has no label"
        assert button.tool_tip_text and "pygame-gui" not in button.tool_tip_text
        assert dialog.rect.contains(button.rect)
    for a, b in zip(buttons, buttons[1:]):
        assert a.rect.right < b.rect.left, "labels side by side, not over each other"
    app.close()


# --- 6. the library names the computer and its level -----------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_the_games_list_says_which_seat_was_the_computer_and_at_what_level(tmp_path, size,
                                                                           monkeypatch):
    from scenes import assets
    from scenes.saves import library
    from test_library import finished
    record = finished("calla", ("Player A", "Tester"))
    record["config"]["seats"][1] = {"name": "Tester", "kind": "computer", "level": "hard"}
    library().add(record)
    app = make_app(tmp_path, size=size)
    app.stack.push("games")
    frames(app, 2)
    drawn = []
    real = assets.text
    monkeypatch.setattr(assets, "text", lambda surface, words, *a, **k: (
        drawn.append(words), real(surface, words, *a, **k))[1])
    app.stack.top.draw(app.screen)
    assert "Player A vs Tester (computer, Hard)" in drawn
    app.close()


# --- 3. the menu shows every game's whole description ------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("unfinished", [False, True])
def test_the_menu_shows_each_whole_description_whatever_the_resume_words(tmp_path, size,
                                                                         unfinished,
                                                                         monkeypatch):
    from scenes import assets
    from scenes.menu import MenuScene
    from scenes.saves import unfinished_path
    from test_unfinished_games import LONG, keep, record_of
    app = make_app(tmp_path, size=size)
    if unfinished:
        for game in every_game():
            keep(unfinished_path(game), record_of(game, 3, seats=[
                {"name": LONG, "kind": "human"},
                {"name": LONG[:38], "kind": "computer", "level": "expert"}]))
    menu = app.stack.push(MenuScene(app))
    frames(app, 2)
    assert bool(menu.resume_buttons) == unfinished
    drawn = []
    real = assets.text

    def spy(surface, words, pos, *args, **kwargs):
        rect = real(surface, words, pos, *args, **kwargs)
        drawn.append((words, rect, kwargs.get("width")))
        return rect
    monkeypatch.setattr(assets, "text", spy)
    menu.draw(app.screen)
    buttons = [w.rect for w in menu.widgets if hasattr(w, "text")]
    for spec, card in menu.rows:
        words, rect, width = next(d for d in drawn if d[0] == spec.blurb)
        assert width is None or assets.measure(spec.blurb, 11) <= width
        assert card.contains(rect), f"{spec.title}'s description leaves its card"
        assert rect.collidelist(buttons) < 0, f"{spec.title}'s description is under a button"
        assert menu.computer_buttons[spec.name].rect.colliderect(card)
    app.close()
