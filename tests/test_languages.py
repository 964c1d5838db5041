"""The players' languages: Persian drawn right to left with its numbers in order, names in
their own direction, the language chosen in the settings and taken by every screen at once,
and the system's language found."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from scenes import assets

from helpers import frames, make_app


@pytest.fixture
def persian():
    pygame.init()
    i18n.use("fa")
    yield
    i18n.use("en", persian_digits=False)


def ink_columns(surface) -> list[int]:
    """The x of every column of ``surface`` holding ink."""
    mask = pygame.mask.from_surface(surface, 40)
    w, h = mask.get_size()
    return [x for x in range(w) if any(mask.get_at((x, y)) for y in range(h))]


def find(line: pygame.Surface, part: pygame.Surface) -> list[int]:
    """The x where ``part`` is drawn inside ``line`` (compared as ink masks, row by row)."""
    big = pygame.mask.from_surface(line, 40)
    small = pygame.mask.from_surface(part, 40)
    ink = small.count()
    found = []
    for x in range(line.get_width() - part.get_width() + 1):
        for dy in range(-2, 3):
            if big.overlap_area(small, (x, dy)) >= ink * 0.97:
                found.append(x)
                break
    return found


def test_numbers_keep_their_order_inside_persian_text(persian):
    """"17 از 32" (17 of 32): the line reads from the right, so 17 is drawn right of 32,
    and each number keeps its own digits' order (not "71", not "23")."""
    white = (255, 255, 255)
    line = assets.render("17 از 32", 40, white)
    plain = pygame.font.Font(assets._font_file(False), 40)      # digits as English draws them

    def digits(text):
        return plain.render(text, True, white)

    at17, at32 = find(line, digits("17")), find(line, digits("32"))
    assert at17 and at32, "both numbers are drawn as they are alone"
    assert at32[0] < at17[0], "17 comes first, at the right"
    assert not find(line, digits("71")) and not find(line, digits("23"))


@pytest.mark.parametrize("score", ["14\u00bd", "+6\u00bd", "5:09", "(3)"])
def test_a_score_or_clock_alone_reads_as_in_english(persian, score):
    """A text of no letters (a seat's score "14½" in the sidebar, a gain "+6½", a clock)
    is drawn left to right in Persian too: not "½14", not "6½+"."""
    white = (255, 255, 255)
    plain = pygame.font.Font(assets._font_file(False), 40)
    drawn = assets.render(score, 40, white)
    assert find(drawn, plain.render(score, True, white)), f"{score!r} is drawn reordered"


def test_persian_letters_are_joined_and_drawn_from_the_persian_font(persian):
    """Shaped: a word of joined letters is narrower than its letters drawn apart, and every
    letter comes from a bundled font that has it (گ چ پ ژ included)."""
    word = "گچپژ"
    joined = assets.measure(word, 30)
    apart = sum(assets.measure(ch, 30) for ch in word)
    assert joined < apart
    pieces = assets.layout(word, assets.font(30)._cover, assets._fallback_order("fa"), True)
    assert [(p[0].rsplit("/", 1)[-1], p[2]) for p in pieces] == [("NotoSansArabicUI-Regular.ttf",
                                                                  True)]


def test_a_latin_name_keeps_its_direction_inside_a_persian_sentence(persian):
    """A name set apart by ``isolated`` reads left to right, and a number at its end stays
    with it rather than jumping to the far end of the sentence."""
    name = i18n.isolated("Ann 2")
    assert name != "Ann 2"
    pieces = assets.layout(f"{name} برنده شد", assets.font(20)._cover,
                           assets._fallback_order("fa"), True)
    texts = [text for _, text, _ in pieces]
    assert texts[-1] == "Ann 2", "the name, whole, at the right where the sentence starts"
    assert all("\u2068" not in t and "\u2069" not in t for t in texts), "controls not drawn"


def test_persian_digits_are_an_option():
    i18n.use("fa", persian_digits=True)
    try:
        assert i18n.number(17) == "۱۷" and i18n.number(0.5) == "۰٫۵"
        i18n.use("fa", persian_digits=False)
        assert i18n.number(17) == "17"
        i18n.use("de")
        assert i18n.number(1.2) == "1,2"
    finally:
        i18n.use("en", persian_digits=False)


@pytest.mark.parametrize("environ, code", [
    ({"LANG": "de_AT.UTF-8"}, "de"), ({"LANGUAGE": "fa_IR:en"}, "fa"),
    ({"LC_ALL": "zh_CN.UTF-8"}, "zh_Hans"), ({"LANG": "zh_TW.UTF-8"}, "en"),
    ({"LANG": "pt_BR.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "es_MX", "CALLIDUS_LANGUAGE": "fr"}, "fr")])
def test_the_language_follows_the_system_where_one_fits(environ, code):
    assert i18n.system_language(environ) == code


def test_the_language_is_chosen_in_the_settings_and_taken_at_once(tmp_path):
    """Chosen on the settings screen, the language is kept, the screen rebuilds in it (its
    rows' words and the language list's own names), and the menu under it speaks it when
    it comes back; the choice outlives the program."""
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.stack.push("menu")
        settings = app.stack.push("settings")
        frames(app, 2)
        assert settings.language.selected_option == ("English", "en")
        assert [name for name, _ in settings.language.options_list][:2] == ["English", "فارسی"]
        import pygame_gui
        settings.language.selected_option = ("Deutsch", "de")
        app.dispatch(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                        {"ui_element": settings.language, "text": "Deutsch"}))
        frames(app, 2)
        settings = app.stack.top
        assert app.settings["language"] == "de" and i18n.language().code == "de"
        assert settings.back_button.text == "Fertig"
        assert ("Sprache", settings.rows[0][1]) == settings.rows[0]
        with assets.TextRecorder() as seen:
            frames(app, 1)
        assert "Einstellungen" in [w for _, w in seen.on(app.screen)]
    finally:
        app.close()
        i18n.use("en")
    again = make_app(tmp_path, size=(960, 600))
    try:
        assert i18n.language().code == "de", "kept in the settings file"
    finally:
        again.close()
        i18n.use("en")


from hypothesis import given, settings  # noqa: E402
from test_text_safety import FAST, HELD, HELD_EXAMPLES  # noqa: E402


@settings(FAST, max_examples=60)
@given(words=HELD)
@HELD_EXAMPLES
def test_any_text_draws_in_a_right_to_left_language(words):
    """In Persian every text (any script, direction controls, isolates left open, marks
    alone) is laid out right to left without raising, as wide as it is measured, and
    shortened to its room."""
    pygame.init()
    i18n.use("fa", persian_digits=True)
    try:
        for size, bold in ((17, False), (26, True)):
            image = assets.render(words, size, (255, 255, 255), bold)
            assert image.get_height() >= assets.font(size, bold).get_height()
            if "\n" not in words:
                assert image.get_width() == assets.measure(words, size, bold)
            page = pygame.Surface((300, 200), pygame.SRCALPHA)
            assets.text(page, words, (10, 10), size=size, bold=bold, width=120)
            assets.paragraph(page, words, (10, 40, 120, 150), size=size, bold=bold)
            assert assets.measure(assets.ellipsized(words, size, 60, bold), size, bold) <= 60
            name = i18n.isolated(words)
            assets.render(i18n._("{name} wins!").format(name=name), size, (0, 0, 0), bold)
    finally:
        i18n.use("en", persian_digits=False)
