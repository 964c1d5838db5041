"""The games library from the keyboard: Tab comes to the list after the filters (the
game picked ringed as every screen rings what the keyboard is on), the arrows move the
pick there, Enter opens the game picked on the review screen, and Tab goes on to the
buttons; Shift+Tab comes back."""

from __future__ import annotations

import pygame
import pytest

from scenes import focus as focus_module

from helpers import frames, key, menu_app, press
from test_games_screen import keep_games


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    app = menu_app(tmp_path)
    yield app
    app.close()


def tab(app, back=False):
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)


def ringed(app, monkeypatch) -> list:
    """The rects the focus ring is drawn round in the next frame."""
    drawn = []
    real = focus_module.draw_focus

    def spy(surface, rect, gap=focus_module.GAP):
        drawn.append(pygame.Rect(rect))
        real(surface, rect, gap)
    monkeypatch.setattr(focus_module, "draw_focus", spy)
    import scenes.games
    monkeypatch.setattr(scenes.games, "draw_focus", spy)
    frames(app, 1)
    monkeypatch.undo()
    return drawn


def test_tab_reaches_the_list_of_games_between_the_filters_and_the_buttons(app, monkeypatch):
    ids = keep_games(6)
    press(app, "Games")
    games = app.stack.top
    assert games.title == "games" and games.selected == 0
    ring = app.stack.focus
    # Tab through the filters: the game's menu, the player's box, then the list
    tab(app)
    for _ in range(3):              # at most the two filters before the list
        if ring.widget not in (games.game_menu, games.player_entry):
            break
        tab(app)
    assert ring.widget is None and games.focus_held(), "Tab did not come to the list"
    assert ringed(app, monkeypatch) == [games.row_rects[0]], "the row picked is ringed"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert games.selected == 2 and games.focus_held()
    assert ringed(app, monkeypatch) == [games.row_rects[2]]
    # Tab goes on to the buttons under the list, Shift+Tab back to the list
    tab(app)
    assert ring.widget in (games.back_button, games.previous_button, games.next_button,
                           games.delete_button, games.open_button)
    assert not games.focus_held()
    tab(app, back=True)
    assert games.focus_held() and ring.widget is None
    # Shift+Tab from the list goes to the filters above it
    tab(app, back=True)
    assert ring.widget is games.player_entry
    games.player_entry.unfocus()
    tab(app)
    assert games.focus_held()
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert review.title == "review" and review.kept_id == ids[2]


def test_the_mouse_takes_the_ring_off_the_list(app, monkeypatch):
    from helpers import move_pointer
    keep_games(3)
    press(app, "Games")
    games = app.stack.top
    for _ in range(3):
        tab(app)
        if games.focus_held():
            break
    assert games.focus_held()
    move_pointer(app, (5, 5))
    assert not games.focus_held() and ringed(app, monkeypatch) == []
