"""Text wrapped into a box: at spaces, and anywhere between Chinese letters, which are
written without spaces, so a Chinese paragraph stays inside its box."""

from __future__ import annotations

import pygame
import pytest

from scenes import assets

CHINESE = "规则2：当一块芯片被两个敌人夹住时，它不能移动，除非它的主人选择另一块芯片。"
ENGLISH = "The quick brown fox jumps over the lazy dog again and again"


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


@pytest.mark.parametrize("text", [CHINESE, ENGLISH, "Dux 在 e4 被夹住，不能移动。" * 3])
def test_every_wrapped_line_fits_its_box(text):
    lines = assets.wrap(text, 16, 200)
    assert len(lines) > 1
    assert all(assets.measure(line, 16) <= 200 for line in lines), lines
    # nothing is lost or doubled: the letters are the text's own, in order
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_chinese_line_never_starts_with_a_comma_or_full_stop():
    for width in range(120, 400, 7):
        for line in assets.wrap(CHINESE, 16, width)[1:]:
            assert line[0] not in "，。：", (width, line)


def test_english_still_breaks_only_between_words():
    lines = assets.wrap(ENGLISH, 16, 200)
    assert " ".join(lines) == ENGLISH
