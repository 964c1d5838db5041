"""The five boards in every shipped language: after a few moves, nothing the board view
says (its prompt, status line, banners, the moves it names, the Hint's words, the texts
it draws) is left in English, the texts fit at both window sizes, and a Persian prompt
starts at the right.

What "English" means here is read from the source: every text marked for translation in
the board views' files (``scenes/views/<game>/view.py``, ``board.py``, ``overlays.py``,
``art.py``, ``words.py``, ``animation.py``) is turned into a pattern, its placeholders
matching anything, and no text shown in another language may match one whose
translation differs, nor hold a word only English writes ("the", "your", "click").  In
Persian and Chinese, which share no words with English, any
English word left in what the view says fails too (names, notation and the two Latin
words Calabria keeps, Dux and Alligatus, are allowed).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from game import i18n
from scenes import assets
from scenes.play import PlayScene

from helpers import drawn_texts, every_game, frames, make_app, move_pointer, play_at_random
from test_text_fits import SIZES, texts_fit

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
PARTS = ("view", "board", "overlays", "art", "words", "animation")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
#: Words that stay as they are in every language: names given here, keys, Calabria's Latin.
KEPT = {"Ann", "Bo", "Enter", "Tab", "Esc", "Dux", "Alligatus", "Calla", "Calliro",
        "Callisto", "Iriri", "Calabria"}
WORD = re.compile(r"[A-Za-z]{3,}")
#: Words of English that none of the other shipped languages writes.
ENGLISH = re.compile(r"\b(the|your|and|click|drag|onto|from|with|put|pick|left)\b",
                     re.IGNORECASE)


@lru_cache(maxsize=1)
def marked() -> tuple:
    """(context, English text) of every text the board views mark for translation, each
    form of a plural apart."""
    found = []
    for game in every_game():
        for part in PARTS:
            path = ROOT / "scenes" / "views" / game / f"{part}.py"
            if not path.exists():
                continue
            for _line, message, _notes, context in extract_from_file("python", str(path),
                                                                     keywords=KEYWORDS):
                forms = (message,) if isinstance(message, str) else message
                found += [(context, form, message) for form in forms]
    return tuple(found)


def telling(context, form) -> bool:
    """Whether ``form`` has English of its own to find (not only placeholders and marks,
    nor only words every language keeps)."""
    words = WORD.findall(PLACEHOLDER.sub(" ", form))
    return any(word not in KEPT for word in words)


def untranslated_patterns() -> list:
    """(English text, pattern) of each marked text that the language in use says
    differently; a placeholder matches any text."""
    patterns = []
    for context, form, message in marked():
        if not telling(context, form):
            continue
        if isinstance(message, str):
            said = i18n.pgettext(context, form) if context else i18n._(form)
            if said == form:
                continue
        elif all(i18n.ngettext(message[0], message[1], n) in message for n in (1, 2, 5)):
            continue
        parts = PLACEHOLDER.split(form)
        patterns.append((form, re.compile(".+?".join(re.escape(p) for p in parts), re.S)))
    return patterns


def start(app, game, moves=3, seed=7) -> PlayScene:
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    config = {"game": game, "variant": None, "options": {}, "seats": seats, "starter": "0",
              "time_control": "5+3"}
    return play_at_random(app, config, moves, seed)


def said_by_the_view(play) -> list:
    """Everything the board view says as text: the prompt and status line, its banners,
    the move list's words, a move described and hinted in words."""
    view, state = play.view, play.state
    said = [play.prompt(), play.status_text(), view.status]
    said += [text for banner in view.banners for text in (banner.text, banner.small)]
    said += list(play.move_texts)
    legal = list(state.legal_moves()) if not state.is_over else []
    if legal:
        move = legal[len(legal) // 2]
        said += [view.describe_move(state, move), view.hint_words(state, move)]
    return [text for text in said if text]


def english_in(texts, patterns) -> list:
    """The texts among ``texts`` that are one of the marked English texts."""
    return [(text, form) for text in texts for form, pattern in patterns
            if pattern.fullmatch(text.rstrip("\u2026"))]


def foreign_words(texts) -> list:
    """English words left in ``texts`` (for a language sharing none with English)."""
    return [(text, word) for text in texts for word in WORD.findall(text) if word not in KEPT]


@pytest.fixture
def language(request):
    yield request.param
    i18n.use("en", persian_digits=False)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", every_game())
@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
def test_the_board_speaks_the_language_chosen_and_fits(tmp_path, language, game, size):
    (tmp_path / "settings.json").write_text(f'{{"language": "{language}"}}', encoding="utf-8")
    app = make_app(tmp_path, size=size)
    try:
        assert i18n.language().code == language
        play = start(app, game)
        view = play.view
        move_pointer(app, view.rect.center, settle=2)       # what the pointer is over
        drawn = texts_fit(app, f"board-{language}-{game}")
        said = said_by_the_view(play)
        patterns = untranslated_patterns()
        assert not english_in(said + drawn, patterns), "left in English"
        assert not [text for text in said if ENGLISH.search(text)], "English words left"
        if language in ("fa", "zh_Hans"):
            assert not foreign_words(said), "English words left in what the board says"
    finally:
        app.close()


@pytest.mark.parametrize("game", every_game())
def test_a_persian_prompt_starts_at_the_right(tmp_path, game):
    (tmp_path / "settings.json").write_text('{"language": "fa"}', encoding="utf-8")
    app = make_app(tmp_path, size=(1920, 1080))
    try:
        play = start(app, game, moves=2)
        move_pointer(app, (2, 2), settle=2)          # nothing pointed at: the prompt shows
        prompt = play.status_text()
        assert prompt and not foreign_words([prompt])
        room = play.sidebar.status_rect
        lines = [rect for rect, words in drawn_texts(app)
                 if room.contains(rect) and words and words in prompt]
        assert lines, f"the prompt {prompt!r} is drawn on the status line"
        for rect in lines:
            assert abs(rect.right - (room.right - 14)) <= 2, "each line ends at the right edge"
            assert rect.left > room.left + 14 or rect.width >= room.width - 30
    finally:
        app.close()
        i18n.use("en", persian_digits=False)


def test_iriris_board_controls_run_from_the_right_in_persian(tmp_path):
    """The row under Iriri's board (how to move it, then the Centre button) is mirrored in
    a language read from the right: the button at the left end, the help at the right."""
    (tmp_path / "settings.json").write_text('{"language": "fa"}', encoding="utf-8")
    app = make_app(tmp_path, size=(1920, 1080))
    try:
        play = start(app, "iriri", moves=0)
        board = play.view.board
        assert board.centre_rect.left < board.viewport.centerx, "the button is at the left"
        assert board.centre_rect.left - board.viewport.left <= 10
    finally:
        app.close()
        i18n.use("en", persian_digits=False)


@pytest.mark.parametrize("game", every_game())
def test_a_language_chosen_during_a_game_reaches_the_board_at_once(tmp_path, game):
    """Chosen in the middle of a game, the language is the board's at the next frame: its
    prompt and status line, its moves in words, and the trays' titles Callisto writes."""
    app = make_app(tmp_path, size=(1280, 800))
    try:
        play = start(app, game, moves=2)
        app.set_language("de")
        with assets.TextRecorder() as recorder:
            frames(app, 2)
        drawn = [words for _surface, _rect, words in recorder.drawn]
        assert not english_in(said_by_the_view(play) + drawn, untranslated_patterns())
        if game == "callisto":
            assert "Blau  Ann" in drawn, "the first tray's title: its colour and player"
    finally:
        app.close()
        i18n.use("en", persian_digits=False)
