"""The first screen's and the tournament lobby's buttons are as wide as their words in every
language, a file ending reads as written inside a sentence read right to left, and the
settings show the animation speed nearest to the one in the settings file."""

from __future__ import annotations

import pygame
import pytest

from scenes import assets

from helpers import frames, make_app
from test_text_fits import LONG, SIZES, speaking, widgets_fit  # noqa: F401 (a fixture)


def with_unfinished(monkeypatch, tmp_path):
    """The menu offers an unfinished Calla game (between a long name and the computer)."""
    from scenes import saves
    kept = saves.Unfinished("calla", tmp_path / "calla.json", 12, (LONG, "Ann"), (None, "Hard"))
    monkeypatch.setattr(saves, "unfinished_games", lambda app: {"calla": kept})


@pytest.mark.parametrize("size", SIZES)
def test_the_german_menu_with_an_unfinished_game_fits_its_buttons(tmp_path, monkeypatch, size,
                                                                    speaking):
    with_unfinished(monkeypatch, tmp_path)
    app = make_app(tmp_path, size=size)
    try:
        app.set_language("de")
        menu = app.stack.push("menu")
        frames(app, 2)
        assert menu.resume_buttons["calla"].text == "Weiterspielen"
        widgets_fit(app, f"menu-de-{size[0]}")
        # the card's buttons stay on the card, none over another
        card = menu.rows[0][1]
        buttons = [menu.resume_buttons["calla"], menu.computer_buttons["calla"],
                   menu.play_buttons["calla"], menu.rules_buttons["calla"]]
        for i, button in enumerate(buttons):
            assert card.contains(button.rect), button.text
            for other in buttons[i + 1:]:
                assert not button.rect.colliderect(other.rect), (button.text, other.text)
    finally:
        app.close()


def test_the_persian_menu_keeps_the_file_ending_as_written(tmp_path, monkeypatch, speaking):
    from game import i18n
    with_unfinished(monkeypatch, tmp_path)
    app = make_app(tmp_path, size=(1920, 1080))
    try:
        app.set_language("fa", persian_digits=True)
        # a translation typed without the marks that keep a run left to right: the code
        # that makes the label keeps the ending as written all the same
        program = i18n._state.program
        monkeypatch.setattr(program, "gettext", lambda message, real=program.gettext: (
            real(message).replace("\u2066", "").replace("\u2069", "")))
        menu = app.stack.push("menu")
        frames(app, 2)
        assert menu.open_button is not None
        label = menu.open_button.text
        assert ".blksgf" in label and label != "Open .blksgf"      # translated
        drawn = assets.render(label, 17, (255, 255, 255), bold=True)
        ending = assets.render(".blksgf", 17, (255, 255, 255), bold=True)
        assert i18n.rtl()
        # the ending, drawn on its own (it holds no letter written right to left: as in
        # English), is found whole somewhere in the drawn label: the dot left of "b"
        whole, part = pygame.mask.from_surface(drawn, 128), pygame.mask.from_surface(ending, 128)
        needed = part.count()
        best = max(whole.overlap_area(part, (x, y))
                   for x in range(drawn.get_width() - ending.get_width() + 1)
                   for y in range(max(1, drawn.get_height() - ending.get_height() + 1)))
        assert best >= needed * 0.97, f"{label!r}: '.blksgf' is not drawn as written"
    finally:
        app.close()


def test_the_german_lobby_fits_its_buttons(tmp_path, speaking):
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.set_language("de")
        lobby = app.stack.push("tournament.lobby")
        frames(app, 2)
        widgets_fit(app, "lobby-de-960")
        for button in (lobby.new_button, lobby.import_button):
            # the theme's margin each side of the words (pygame_gui's own padding)
            width = assets.measure(button.text, 17, True)
            assert width + 26 <= button.rect.width, \
                f"{button.text!r} needs {width + 26} pixels, has {button.rect.width}"
        assert not lobby.import_entry.rect.colliderect(lobby.import_button.rect)
        assert not lobby.import_entry.rect.colliderect(lobby.new_button.rect)
    finally:
        app.close()


@pytest.mark.parametrize("speed, shown", [(8.0, "4.0"), (0.25, "0.5"), (1.4, "1.0"),
                                          (2.0, "2.0")])
def test_the_settings_show_the_nearest_animation_speed(tmp_path, speed, shown):
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.settings.set("animation_speed", speed)
        settings = app.stack.push("settings")
        frames(app, 2)
        assert settings.speed.selected_option[1] == shown
    finally:
        app.close()


def test_a_persian_unfinished_line_too_long_for_its_room_ends_with_an_ellipsis(
        tmp_path, monkeypatch, speaking):
    with_unfinished(monkeypatch, tmp_path)
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.set_language("fa", persian_digits=True)
        menu = app.stack.push("menu")
        frames(app, 2)
        room = min(assets.measure(t, 15) for t in menu.unfinished["calla"].lines()) - 10
        line = menu.unfinished_line("calla", 15, room)
        assert assets.measure(line, 15) <= room
        assert line.rstrip("\u2069").endswith("\u2026"), line
        # the name cut inside its isolation is closed again
        assert line.count("\u2068") == line.count("\u2069"), line
    finally:
        app.close()
