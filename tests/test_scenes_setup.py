"""The game setup screen's rule options, as a player meets them: choices in words, and
a line saying what each option changes."""

import pygame
import pytest

from game import GAMES
from helpers import frames, make_app, move_pointer
from scenes import assets
from scenes.setup import SetupScene

WITH_OPTIONS = [name for name, spec in GAMES.items() if spec.options]


def drawn_texts(app, monkeypatch):
    """Every text the top scene draws in one frame: (words, rect)."""
    texts = []
    real = assets.text

    def spy(surface, words, pos, *args, **kwargs):
        rect = real(surface, words, pos, *args, **kwargs)
        texts.append((words, rect))
        return rect
    monkeypatch.setattr(assets, "text", spy)
    app.stack.top.draw(app.screen)
    monkeypatch.setattr(assets, "text", real)
    return texts


def setup_at(tmp_path, size, game):
    app = make_app(tmp_path, size=size)
    app.stack.push(SetupScene(app, game))
    frames(app, 2)
    return app


@pytest.mark.parametrize("game", WITH_OPTIONS)
def test_every_rule_option_reads_in_words_with_a_line_saying_what_it_does(tmp_path, game,
                                                                          monkeypatch):
    app = setup_at(tmp_path, (1920, 1080), game)
    setup = app.stack.top
    texts = drawn_texts(app, monkeypatch)
    words = [t for t, _ in texts]
    controls = [setup.controls[f"option:{name}"] for name in GAMES[game].options]
    for name, control in zip(GAMES[game].options, controls):
        shown = control.selected_option[0]
        assert "_" not in shown and shown != str(GAMES[game].options[name]), \
            f"{name} shows a raw value: {shown!r}"
        label = next(text for text, y in setup.rows if y == control.rect.y)
        assert "_" not in label and label[0].isupper()
    helps = [(t, r) for t, r in texts if abs(r.left - controls[0].rect.left) <= 4
             and any(r.top >= c.rect.bottom - 1 and r.bottom <= c.rect.bottom + 24
                     for c in controls)]
    assert len(helps) == len(controls), f"an explanation under each option: {words}"
    for (text, rect), below in zip(helps, controls[1:] + [setup.start_button]):
        assert rect.bottom <= below.rect.top, f"{text!r} runs into what follows it"
        assert rect.right <= setup.box.right + 15, f"{text!r} runs out of its panel"
    app.close()


@pytest.mark.parametrize("game", WITH_OPTIONS)
def test_in_a_small_window_pointing_at_an_option_explains_it(tmp_path, game, monkeypatch):
    app = setup_at(tmp_path, (960, 600), game)
    setup = app.stack.top
    assert setup.start_button.rect.bottom <= 600
    for name in GAMES[game].options:
        control = setup.controls[f"option:{name}"]
        move_pointer(app, control.rect.center)
        texts = drawn_texts(app, monkeypatch)
        said = [t for t, r in texts if r.top >= 80 and r.bottom <= control.rect.top
                or r.top >= control.rect.bottom]
        line = setup.hovered_help()
        assert line and line in said, f"{name}: nothing explains it"
        rect = next(r for t, r in texts if t == line)
        assert rect.left >= 0 and rect.right <= 960
    app.close()
