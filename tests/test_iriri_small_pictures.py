"""Iriri's trays in small pictures, in Persian: the rules pages' pictures and the results
screen's board at 960x600.  The tray's line under the score ("places a word", "3 in
hand") is shortened or left out where there is no room, never drawn over the score; on
a board as large as the play screen's it is still there."""

from __future__ import annotations

import random

import pygame
import pytest

from game import GAMES, i18n
from game.core import score_text
from scenes import assets
from scenes.rules import RulesScene
from scenes.views import base, view_class

from helpers import frames, make_app


@pytest.fixture
def persian(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    app.set_language("fa", persian_digits=True)
    base._static_cache.clear()          # pictures drawn in another language before
    yield app
    app.close()
    base._static_cache.clear()
    i18n.use("en", persian_digits=False)


def overprints(drawn) -> list:
    """Pairs of texts drawn on the same picture over each other."""
    by_surface: dict = {}
    for surface, rect, words in drawn:
        if rect.width and rect.height:
            by_surface.setdefault(id(surface), []).append((rect, words))
    found = []
    for texts in by_surface.values():
        for i, (a, first) in enumerate(texts):
            for b, second in texts[i + 1:]:
                if a.colliderect(b):
                    found.append((first, a, second, b))
    return found


def played(moves: int, seed: int = 2):
    spec = GAMES["iriri"]
    rng = random.Random(seed)
    state = spec.new_game(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def picture_texts(app, rect, state, surface_size):
    spec = GAMES["iriri"]
    surface = pygame.Surface(surface_size, pygame.SRCALPHA)
    with assets.TextRecorder() as recorder:
        base.render_static(app, view_class("iriri"), spec, surface, rect, state)
    return recorder.drawn


def test_the_rules_pictures_in_persian_draw_no_text_over_another(persian):
    app = persian
    rules = app.stack.push(RulesScene(app, "iriri"))
    frames(app, 1)
    shown = 0
    for index, section in enumerate(rules.sections):
        diagram = section.get("diagram", {})
        if "position" not in diagram:
            continue
        size = rules.rect_of(index).inflate(-20, -20).size
        rules._pictures.clear()         # drawn ahead while the first page showed
        base._static_cache.clear()
        with assets.TextRecorder() as recorder:
            rules.picture(index, size)
        words = [w for _s, _r, w in recorder.drawn]
        state = rules.diagram_state(index)
        for score in state.scores:
            said = i18n.number(score_text(score))
            assert any(said in w for w in words), f"page {index + 1}: no {said} in {words}"
        bad = overprints(recorder.drawn)
        assert not bad, f"page {index + 1}: {bad[0]}"
        shown += 1
    assert shown >= 2


@pytest.mark.parametrize("moves", [2, 7, 400])
def test_the_results_board_in_persian_draws_no_text_over_another(persian, moves):
    app = persian
    state = played(moves)
    window = pygame.Rect(0, 0, 960, 600)
    drawn = picture_texts(app, (30, 90, 960 - 460, 600 - 140), state, window.size)
    assert drawn
    bad = overprints(drawn)
    assert not bad, bad[0]


def test_a_board_as_large_as_the_play_screens_keeps_the_trays_line(persian):
    app = persian
    state = played(2)
    drawn = picture_texts(app, (20, 20, 900, 740), state, (1280, 800))
    words = [w for _s, _r, w in drawn]
    said = i18n._("places a word")
    assert any(w == said for w in words), words
    assert not overprints(drawn)
