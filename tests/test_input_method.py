"""The interface size and input methods: typing Chinese or Japanese, the input method's
candidate box opens under the text box where the player sees it on the window."""

from __future__ import annotations

import pygame
import pytest

from helpers import frames
from test_interface_size import click_window, on_window, sized_app


@pytest.mark.parametrize("window, percent", [((1440, 900), 150), ((1440, 900), 100)])
def test_an_input_methods_box_opens_under_the_text_box_where_it_is_seen(tmp_path,
                                                                      monkeypatch, window,
                                                                      percent):
    """Typing Chinese or Japanese, the input method's candidates open under the text box
    on the window: the rect given to the system is the box's, scaled by the size."""
    told = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda rect: told.append(
        pygame.Rect(rect)))
    app = sized_app(tmp_path, window, percent)
    try:
        app.stack.push("games")
        frames(app, 2)
        entry = app.stack.top.player_entry
        click_window(app, on_window(app, entry.rect.center))
        assert entry.is_focused
        scale = percent / 100
        assert told and told[-1] == pygame.Rect(round(entry.rect.x * scale),
                                                round(entry.rect.y * scale),
                                                round(entry.rect.width * scale),
                                                round(entry.rect.height * scale))
    finally:
        app.close()
