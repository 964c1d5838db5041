"""The director's screens and printouts of a club tournament in every shipped language.

Every screen (lobby, set-up, round, result entry, entrants, late entrant, a question,
standings, crosstable, podium, hosting, live boards) is drawn with long, accented and
Chinese names at 960x600 and 1920x1080: no text overlaps another or leaves the screen or
its panel, no button's words are wider than the button, and no English text of these
screens is drawn in another language.  In Persian the tables read from the right; the
printouts' PDF holds Persian shaped and right to left, and Chinese.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.store import TournamentStore
from scenes import assets
from scenes.tournament.common import db_path
from scenes.tournament.lobby import LobbyScene
from scenes.tournament.round import RoundScene
from scenes.tournament.standings import StandingsScene

from helpers import frames, make_app
from test_text_fits import NAMES, SIZES, TOURNAMENT, in_language, keep_tournament

LANGUAGES = ["fa", "de", "es", "fr", "zh_Hans"]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def speaking():
    yield
    i18n.use("en", persian_digits=False)


# --- the English texts of these screens --------------------------------------------------

def _own_messages():
    """(English text, context) of every message the tournament screens and printouts say."""
    with open(ROOT / "locale" / "callidus.pot", "rb") as f:
        catalogue = read_po(f)
    out = []
    for message in catalogue:
        if not message.id or not any(place.startswith("scenes/tournament/")
                                     for place, _line in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            out.append((text, message.context))
    return out


def _pattern(text: str) -> re.Pattern:
    """``text`` with each placeholder standing for anything."""
    parts = re.split(r"\{[a-z_]+\}", text)
    return re.compile(".+".join(re.escape(p) for p in parts), re.S)


def english_left(drawn, code: str) -> list[str]:
    """The texts among ``drawn`` that are an English message of these screens, untranslated
    in ``code`` (a message whose translation is the same words, "Buchholz", is fine)."""
    i18n.use(code)
    found = []
    for text, context in _own_messages():
        words = re.sub(r"\{[a-z_]+\}", "", text)
        if len(re.findall(r"[A-Za-z]", words)) < 4:       # "No.", "R{n}", "{n}."
            continue
        said = i18n.pgettext(context, text) if context else i18n._(text)
        if said == text:
            continue
        pattern = _pattern(text)
        found += [d for d in drawn if pattern.fullmatch(d)]
    return found


def _drawn_words(app) -> list[str]:
    """Every text the next frame draws, and every visible button's words."""
    import pygame_gui
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    words = [w for rect, w in recorder.on(app.screen) if rect.width]
    words += [widget.text for widget in app.ui.get_sprite_group().sprites()
              if isinstance(widget, pygame_gui.elements.UIButton) and widget.visible]
    return [i18n.plain(w) for w in words]


# --- every screen, every language, both sizes -------------------------------------------

def _screens(app, tmp_path, code, seen, stores):
    """Each director's screen in turn, checked; what each drew goes into ``seen`` (the
    tournaments' stores into ``stores``, closed after the app)."""
    def check(name, panels=(), alone=False):
        in_language(app, code, f"tn-{name}", panels, alone=alone)
        seen.extend(_drawn_words(app))

    store, stored = keep_tournament("swiss", entrants=10, rounds=3)
    stores.append(store)
    if True:
        lobby = app.stack.push(LobbyScene(app, folder=tmp_path / "exports"))
        frames(app, 2)
        check("lobby", [rect for _, rect, _ in lobby.rows])
        lobby.act("rename", lobby.infos[0])
        check("lobby-rename", [app.stack.top.box], alone=True)
        app.stack.pop()
        lobby.act("delete", lobby.infos[0])
        check("lobby-delete", [app.stack.top.box], alone=True)
        app.stack.pop()
        setup = app.stack.push("tournament.new", store=store)
        frames(app, 2)
        check("new")
        app.stack.pop()
        rounds = app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        check("round", [rounds.table.inflate(20, 16)])
        p = next(p for p in rounds.boards() if not p.is_bye)
        app.stack.push("tournament.result", round_scene=rounds, round_no=rounds.shown,
                       board=p.board)
        check("result", [app.stack.top.box], alone=True)
        app.stack.pop()
        roster = app.stack.push("tournament.roster", stored=rounds.stored)
        frames(app, 2)
        check("roster", [roster.table_rect.inflate(20, 16)])
        roster.ask_withdrawal(1)
        check("withdraw", [app.stack.top.box], alone=True)
        app.stack.pop()
        app.stack.pop()
        app.stack.push("tournament.late_entrant", stored=rounds.stored)
        check("late", [app.stack.top.box], alone=True)
        app.stack.pop()
        standings = app.stack.push(StandingsScene(app, rounds.stored, folder=tmp_path))
        frames(app, 2)
        panel = standings.table_rect.inflate(20, 16)
        check("standings", [panel])
        standings.crosstable = True
        standings.resize()
        check("crosstable", [panel])
        app.stack.pop()
        app.stack.push("tournament.hosting", stored=rounds.stored)
        check("hosting")
        app.stack.pop()
        app.stack.push("tournament.live", stored=rounds.stored)
        check("live")
        app.stack.pop()
        app.stack.pop()
        # a finished event: its podium
        done = store.create(Tournament(TOURNAMENT, [Entrant(n) for n in NAMES[:4]],
                                       "round-robin", [GameChoice("calla")]))
        while done.tournament.can_pair_next():
            for b in done.pair_next_round():
                if not b.is_bye:
                    done.record(b.round, b.board, "1-0")
        app.stack.push("tournament.podium", stored=done)
        check("podium")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_directors_screen_fits_and_speaks_the_language(tmp_path, code, size, speaking):
    app = make_app(tmp_path, size=size)
    seen: list[str] = []
    stores: list = []
    try:
        app.set_language(code, persian_digits=code == "fa")
        _screens(app, tmp_path, code, seen, stores)
        left = english_left(seen, code)
        assert not left, f"English drawn in {code}: {sorted(set(left))[:12]}"
    finally:
        app.close()
        for store in stores:
            store.close()


def test_the_english_screens_still_fit(tmp_path, speaking):
    """The same walk in English at the smaller size (the check of English words in the
    other languages would pass on a screen drawing nothing)."""
    app = make_app(tmp_path, size=(960, 600))
    seen: list[str] = []
    stores: list = []
    try:
        app.set_language("en")
        _screens(app, tmp_path, "en", seen, stores)
        assert "Tournaments" in seen and "Standings" in seen
    finally:
        app.close()
        for store in stores:
            store.close()


# --- right to left ------------------------------------------------------------------------

def _heads(app):
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    return {words: rect for rect, words in recorder.on(app.screen)}


def test_in_persian_the_standings_read_from_the_right(tmp_path, speaking):
    store, stored = keep_tournament("swiss", entrants=10, rounds=3)
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language("fa")
        standings = app.stack.push(StandingsScene(app, stored, folder=tmp_path))
        frames(app, 2)
        drawn = _heads(app)
        rank, name, points = (drawn[i18n._(w)] for w in ("Rank", "Name", "Points"))
        assert rank.left > name.right > points.left, "rank, name, points from the right"
        table = standings.table_rect
        assert rank.right > table.centerx + table.width // 3, "the rank is the first column"
        # the scroll bar of a list is at its left
        assert standings.rows.track.x < standings.rows.view.x
        standings.crosstable = True
        standings.resize()
        frames(app, 2)
        drawn = _heads(app)
        number, name = drawn[i18n._("No.")], drawn[i18n._("Name")]
        assert number.left > name.right
    finally:
        app.close()
        store.close()


def test_in_persian_a_rounds_boards_read_from_the_right(tmp_path, speaking):
    store, stored = keep_tournament("swiss", entrants=10, rounds=3)
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language("fa")
        view = app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        drawn = _heads(app)
        board = drawn[i18n.pgettext("tournament", "Board")]
        first, second = (drawn[i18n._(w)] for w in ("First (moves first)", "Second"))
        assert board.left > first.left > second.left, "board, first, second from the right"
        play = next(iter(view.result_buttons.values()))
        assert play.rect.right < second.left, "the buttons at the row's left end"
    finally:
        app.close()
        store.close()


# --- printouts --------------------------------------------------------------------------

def _printed_text(tmp_path, code) -> str:
    from pypdf import PdfReader

    from scenes.tournament import printing
    store, stored = keep_tournament("swiss", entrants=10, rounds=3)
    try:
        pygame.init()
        written = printing.write_printouts(stored.tournament, 2, tmp_path / code,
                                           language=(code, False))
    finally:
        store.close()
        i18n.use("en", persian_digits=False)
    reader = PdfReader(str(written.pdf))
    return "".join(page.extract_text() for page in reader.pages)


def _squeezed(text: str) -> str:
    return "".join(ch for ch in text if not ch.isspace() and ch not in "\u200c\u2068\u2069")


def test_a_persian_printout_holds_persian_words(tmp_path, speaking):
    text = _squeezed(_printed_text(tmp_path, "fa"))
    # a page's words, each whole (a line's words come out of the PDF in the order drawn)
    for words in ("جدول", "رده‌بندی", "جفت‌بندی", "پیدا", "علامت", "امضا", "متقاطع"):
        assert _squeezed(words) in text, f"{words!r} is not printed"
    assert "Standings" not in text and "Pairings" not in text
    for name in NAMES:
        assert _squeezed(name) in text, f"{name!r} is not printed whole"


def test_a_chinese_printout_holds_chinese_words(tmp_path, speaking):
    text = _squeezed(_printed_text(tmp_path, "zh_Hans"))
    for words in ("排名", "对阵", "查找您的台次", "结果（勾选一项）", "交叉表"):
        assert _squeezed(words) in text, f"{words!r} is not printed"
    assert "Standings" not in text


def test_persian_is_printed_shaped_and_from_the_right(tmp_path, speaking):
    """A Persian title in the PDF: its letters joined as the screen joins them (shaped by
    HarfBuzz: the same width as pygame draws it, where the letters one by one are far
    wider), and against the page's right edge."""
    from scenes.tournament.layout import SCREEN_FONTS, Page, Text, mirrored
    from scenes.tournament.pdf import PdfBook
    pygame.init()
    i18n.use("fa")
    book = PdfBook()
    for words in ("جدول رده‌بندی", "میز خود را پیدا کنید", "دور ۲ از 3 — Ann"):
        screen, printed = SCREEN_FONTS.measure(words, 44, True), book.measure(words, 44, True)
        assert abs(screen - printed) <= 0.02 * screen, (words, screen, printed)
    page = mirrored(Page((1240, 1754), [Text("جدول رده‌بندی", (90, 90), 44, bold=True)]))
    assert page.ops[0].anchor == "topright" and page.ops[0].pos == (1150, 90)
    book.add(page)
    assert book.output().startswith(b"%PDF")


def test_printouts_asked_for_on_a_screen_speak_its_language(tmp_path, speaking):
    """The printouts are written in a process of their own, which starts in English: the
    screen's language goes with them, and the message saying where they are is in it too."""
    from pypdf import PdfReader

    from scenes.tournament.printing import PRINTER
    store, stored = keep_tournament("swiss", entrants=10, rounds=3)
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.set_language("de")
        standings = app.stack.push(StandingsScene(app, stored, folder=tmp_path / "wall"))
        frames(app, 2)
        standings.print_pages()
        assert PRINTER.flush(timeout=90)
        frames(app, 2)
        assert standings.notice.startswith("Ausdrucke für Runde 2") and standings.notice_ok
        pdf = next((tmp_path / "wall").glob("*.pdf"))
        text = "".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
        assert "Tabelle während Runde 2 von 3" in text and "Paarungen" in text
        assert "Standings" not in text
    finally:
        app.close()
        store.close()
