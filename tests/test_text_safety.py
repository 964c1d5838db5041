"""No text a player types or a file holds ends the program when it is drawn.

pygame's fonts raise on text that draws nothing (only zero-width spaces, direction marks,
soft hyphens...), on U+0000 and on lone surrogates; pygame_gui's text entry renders pieces
of what is typed (the part before the cursor, the part selected), so any piece of only
such characters used to crash it.  Here text of every Unicode category is drawn by our
own fonts and by each kind of widget, typed into every text box of every screen that
takes a name (a piece at a time, then moved about, selected, deleted and cleared), and
put as names on every screen that shows one.
"""

from __future__ import annotations

import html
import random

import pygame
import pygame_gui
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.records.record import make_record, result_of
from game.tournament.checks import name_problem
from game.tournament.model import MAX_NAME, MAX_TOURNAMENT_NAME, Entrant, GameChoice, Tournament
from game.tournament.store import TournamentStore
from helpers import click, drawn_texts, frames, make_app, press, random_game
from scenes import assets, ui
from scenes.stack import Scene

#: Every kind of character: format characters (zero-width, direction marks, the soft
#: hyphen), combining marks, emoji, right-to-left letters (Hebrew, Arabic and the letters
#: Persian adds, with the zero-width non-joiner its names use), unassigned code points,
#: controls, private use, spaces and separators, and any other character at all.
TYPED_CHARACTERS = st.one_of(
    st.characters(categories=["Cf"]),
    st.characters(categories=["Mn", "Me"]),
    st.characters(min_codepoint=0x1F000, max_codepoint=0x1FAFF),
    st.characters(min_codepoint=0x0590, max_codepoint=0x06FF),
    st.sampled_from("پچژگکی\u200c"),
    st.characters(categories=["Cn"]),
    st.characters(categories=["Cc"]),
    st.characters(categories=["Co"]),
    st.characters(categories=["Zs", "Zl", "Zp"]),
    st.characters(),
)
#: A file may also hold lone surrogates (a JSON "\ud800"); typing cannot (SDL sends UTF-8).
HELD_CHARACTERS = st.one_of(TYPED_CHARACTERS, st.characters(categories=["Cs"]))
TYPED = st.lists(TYPED_CHARACTERS, max_size=12).map("".join)
HELD = st.lists(HELD_CHARACTERS, max_size=12).map("".join)


def _accepted(limit):
    """Names a tournament or a game record accepts (``name_problem``: no controls, line
    breaks or surrogates, something visible): such characters around a visible one."""
    usable = st.one_of(
        st.characters(categories=["Cf"]),
        st.characters(categories=["Mn", "Me"]),
        st.characters(min_codepoint=0x1F000, max_codepoint=0x1FAFF),
        st.characters(min_codepoint=0x0590, max_codepoint=0x06FF),
        st.sampled_from("پچژگکی\u200c"),
        st.characters(categories=["Cn"]),
        st.characters(categories=["Co"]),
        st.characters(categories=["Zs"]),
        st.characters(exclude_categories=["Cc", "Cs", "Zl", "Zp"]),
    )
    around = st.lists(usable, max_size=6).map("".join)
    visible = st.characters(categories=["L", "N", "P", "S"])
    return (st.tuples(around, visible, around).map(lambda t: "".join(t).strip()[:limit])
            .filter(lambda name: name_problem(name, limit) is None))


NAME = _accepted(MAX_NAME)
TOURNAMENT_NAME = _accepted(MAX_TOURNAMENT_NAME)

#: The cases that crashed: each format character alone, a name that begins with a
#: direction mark, one that mixes every kind of run, U+0000 and lone surrogates.
FORMAT_ONLY = ["\u200b", "\u200f", "\u202e", "\u2066", "\u00ad", "\u200b\u200f\u202e\u2066\u00ad"]
MIXED = "\u202e😀e\u0301漢字\u200b"
PERSIAN = "علی\u200cرضا"
#: Few examples each (the explicit ones run every time): the app is built once per test
#: and reused by every example, as building it per example would cost more than the rest.
FAST = settings(max_examples=12, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.filter_too_much])
TYPING = settings(FAST, max_examples=6)


def examples(*cases):
    """``@example`` each of ``cases`` (the argument of a one-argument test)."""
    def add(test):
        for case in reversed(cases):
            test = example(case)(test)
        return test
    return add


TYPED_EXAMPLES = examples(*FORMAT_ONLY, "\u200fAnn", "\u2066שלום\u2069", MIXED, PERSIAN, "A\x00B")
HELD_EXAMPLES = examples(*FORMAT_ONLY, "\u200fAnn", MIXED, PERSIAN, "\x00", "A\x00B", "\ud800",
                         "x\udc00", "\ud83d\ude00", "\u200b\ud800\x00")


@pytest.fixture(scope="module")
def fonts():
    pygame.init()


# --- our own fonts ---------------------------------------------------------------------------

@settings(FAST, max_examples=100)
@given(words=HELD)
@HELD_EXAMPLES
def test_any_text_draws_with_the_programs_fonts(fonts, words):
    """Drawn, measured, shortened and wrapped: an image as tall as a line and as wide as
    measured, for any text at all, and every start of it (as a text entry draws)."""
    for size, bold in ((17, False), (26, True)):
        image = assets.render(words, size, (255, 255, 255), bold)
        assert image.get_height() >= assets.font(size, bold).get_height()
        if "\n" not in words:      # pygame breaks the line there; no name holds one
            assert image.get_width() == assets.measure(words, size, bold)
        page = pygame.Surface((300, 200), pygame.SRCALPHA)
        assets.text(page, words, (10, 10), size=size, bold=bold, shadow=True, width=120)
        assets.paragraph(page, words, (10, 40, 120, 150), size=size, bold=bold)
        assert assets.measure(assets.ellipsized(words, size, 60, bold), size, bold) <= 60
        for run in (words[:i] for i in range(len(words) + 1)):       # every start of it
            assets.font(size, bold).render(run, True, (255, 255, 255))


def test_text_that_draws_nothing_is_an_empty_line(fonts):
    font = assets.font(17)
    for words in FORMAT_ONLY + ["\x00", "\ud800"]:
        image = font.render(words, True, (255, 255, 255))
        assert image.get_size() == (0, font.get_height()) == font.size(words)
    # U+0000 and lone surrogates are left out of what is drawn
    assert font.size("Ann\x00\ud800") == font.size("Ann")


# --- every kind of widget ----------------------------------------------------------------------

@pytest.fixture
def app(tmp_path):
    """The program at a blank screen, which each example opens its screens from and goes
    back to (the app is built once per test: building it per example would cost more)."""
    app = make_app(tmp_path, size=(960, 600))
    app.stack.push(Scene(app))
    frames(app, 2)
    yield app
    app.close()


@settings(FAST, max_examples=30)
@given(words=HELD)
@HELD_EXAMPLES
def test_any_text_draws_in_every_kind_of_widget(app, words):
    """A label, a button and its tooltip, a text box and a text entry holding the text
    (as a screen sets it from a file) are drawn, and the entry keeps it as it was."""
    manager = app.ui
    label = pygame_gui.elements.UILabel(pygame.Rect(20, 20, 200, 30), words, manager=manager)
    button = ui.Button(pygame.Rect(20, 60, 200, 40), words, manager=manager,
                       tool_tip_text=words or None)
    box = pygame_gui.elements.UITextBox(html.escape(words), pygame.Rect(20, 110, 300, 80),
                                        manager=manager)
    entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(20, 200, 300, 36), manager=manager,
                                                initial_text=words)
    try:
        pygame.mouse.set_pos(button.rect.center)     # long enough for the tooltip to come
        for _ in range(3):
            app.step(0.7)
        assert not words or button.tool_tip is not None
        entry.set_text(words[::-1])
        app.step(0.0)
        assert entry.get_text() == words[::-1]
    finally:
        for widget in (label, button, box, entry):
            widget.kill()
        pygame.mouse.set_pos((0, 0))


# --- typing into every text box ----------------------------------------------------------------

CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT
#: Moving about what was typed and selecting pieces of it: the selection and the text
#: on either side of the cursor are drawn apart.
MOVES = [(pygame.K_HOME, 0), (pygame.K_RIGHT, 0), (pygame.K_RIGHT, SHIFT), (pygame.K_END, SHIFT),
         (pygame.K_LEFT, 0), (pygame.K_END, 0), (pygame.K_LEFT, SHIFT), (pygame.K_HOME, SHIFT),
         (pygame.K_a, CTRL), (pygame.K_RIGHT, 0), (pygame.K_LEFT, 0)]


def feed(app, events):
    """Each event handled as a frame handles it, the widgets updated and drawn after
    each (where pygame_gui lays out and draws text); then a whole frame."""
    for event in events:
        app.dispatch(event)
        app.stack.update(0.0)
        app.ui.update(0.0)
        app.ui.draw_ui(app.screen)
    app.step(0.0)


def keys(app, *presses):
    """Each (key, modifiers) pressed and let go."""
    feed(app, [pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0)
               for k, mod in presses for kind in (pygame.KEYDOWN, pygame.KEYUP)])


def type_text(app, words):
    """``words`` typed a character or two at a time, as a keyboard or an input method
    sends them."""
    pieces, at = [], 0
    for n in random.Random(repr(words)).choices((1, 2), k=len(words)):
        if at < len(words):
            pieces.append(words[at:at + n])
        at += n
    feed(app, [pygame.event.Event(pygame.TEXTINPUT, text=piece) for piece in pieces])


def type_and_edit(app, entry, words):
    """Into ``entry``: clear it, type ``words``, move about and select, delete a character
    at each end, clear it and type ``words`` again; what it holds is what was typed."""
    click(app, entry.rect.center, settle=1)
    assert entry.is_focused
    keys(app, (pygame.K_a, CTRL), (pygame.K_BACKSPACE, 0))
    assert entry.get_text() == ""
    type_text(app, words)
    held = words.replace("\x00", "")        # the one character pygame_gui refuses to take
    if entry.length_limit is not None:
        held = held[:entry.length_limit]
    assert entry.get_text() == held
    keys(app, *MOVES)
    assert entry.get_text() == held
    keys(app, (pygame.K_END, 0), (pygame.K_BACKSPACE, 0), (pygame.K_HOME, 0), (pygame.K_DELETE, 0))
    assert entry.get_text() == held[1:-1]
    keys(app, (pygame.K_a, CTRL), (pygame.K_BACKSPACE, 0), (pygame.K_BACKSPACE, 0),
         (pygame.K_LEFT, 0), (pygame.K_END, 0))
    assert entry.get_text() == ""
    type_text(app, words)
    assert entry.get_text() == held
    frames(app, 2)
    return held


def back_to(app, scene):
    while app.stack.top is not scene:
        app.stack.pop()
    frames(app, 1)


def keep_tournament(names=("Ann", "Bob", "Cid", "Dee"), title="Club night", rounds=2):
    """A kept Swiss of ``names``, every round paired and played (1-0, 0-1, a draw by
    board); its store and stored handle."""
    from scenes.tournament.common import db_path
    store = TournamentStore(db_path())
    stored = store.create(Tournament(title, [Entrant(n) for n in names], "swiss",
                                     [GameChoice("calla")], rounds=rounds))
    while stored.tournament.can_pair_next():
        stored.pair_next_round()
        for p in stored.tournament.rounds[stored.tournament.rounds_paired - 1]:
            if not p.is_bye:
                stored.record(p.round, p.board, ("1-0", "0-1", "1/2-1/2")[p.board % 3])
    return store, stored


@pytest.fixture
def kept(app):
    """A tournament kept before the first example (each example reuses the app)."""
    store, stored = keep_tournament()
    yield stored
    store.close()


@TYPING
@given(words=TYPED)
@TYPED_EXAMPLES
def test_typing_a_seat_name_then_starting_the_game(app, words):
    """Both seat names on the setup screen, then Start game: the play screen shows them."""
    home = app.stack.top
    setup = app.stack.push("setup", game_name="calla")
    frames(app, 1)
    try:
        for entry in setup.name_entries:
            held = type_and_edit(app, entry, words)
        assert [seat["name"] for seat in setup.seats] == [held, held]
        press(app, "Start game")
        assert app.stack.top.title == "play"
        assert shows(app, held.strip()) or not held.strip()     # unnamed: called by its side
    finally:
        back_to(app, home)


@TYPING
@given(words=TYPED)
@TYPED_EXAMPLES
def test_typing_into_the_games_filter(app, words):
    home = app.stack.top
    games = app.stack.push("games")
    frames(app, 1)
    try:
        type_and_edit(app, games.player_entry, words)
        assert games.player_filter == games.player_entry.get_text()
    finally:
        back_to(app, home)


@TYPING
@given(words=TYPED)
@TYPED_EXAMPLES
def test_typing_into_the_lobby_import_box_and_its_rename_and_copy_boxes(app, kept, words):
    """The import path, then a new name in the Rename box and in the Copy box, each
    given with Enter: kept and shown on the tournament's card, or refused with a message
    in the box."""
    home = app.stack.top
    lobby = app.stack.push("tournament.lobby", folder=None)
    frames(app, 1)
    try:
        type_and_edit(app, lobby.import_entry, words)
        for action in ("rename", "copy"):
            info = lobby.infos[0]
            widget = next(w for w, (what, which) in lobby.actions.items()
                          if what == action and which.id == info.id)
            click(app, widget.rect.center)
            dialog = app.stack.top
            assert dialog.entry is not None
            held = type_and_edit(app, dialog.entry, words)
            keys(app, (pygame.K_RETURN, 0))
            frames(app, 2)
            if app.stack.top is dialog:
                assert dialog.error
                back_to(app, lobby)
            else:
                assert held.strip() in [i.name for i in lobby.infos]
                assert shows(app, held.strip())
    finally:
        back_to(app, home)


@TYPING
@given(words=TYPED)
@TYPED_EXAMPLES
def test_typing_a_tournament_and_an_entrant_name_then_creating_it(app, words):
    """The new tournament's name and an entrant's, then Create: the round view shows the
    name, or the screen says what is wrong with it."""
    home = app.stack.top
    app.stack.push("tournament.lobby", folder=None)
    frames(app, 1)
    try:
        press(app, "New tournament")
        new = app.stack.top
        type_and_edit(app, new.name_entry, words)
        held = type_and_edit(app, new.name_entries[0], words)
        press(app, "Create tournament")
        if app.stack.top.title == "round":
            assert shows(app, held.strip())
        else:
            assert app.stack.top is new and new.error
    finally:
        back_to(app, home)


@TYPING
@given(words=TYPED)
@TYPED_EXAMPLES
def test_typing_a_folder_on_the_standings_screen(app, kept, tmp_path, words):
    home = app.stack.top
    standings = app.stack.push("tournament.standings", stored=kept, folder=tmp_path)
    frames(app, 1)
    try:
        type_and_edit(app, standings.folder_entry, words)
    finally:
        back_to(app, home)


# --- names on every screen that shows one --------------------------------------------------------

ISOLATES = dict.fromkeys(range(0x2066, 0x206A))


def named(drawn, *names) -> bool:
    """Each of ``names`` is in one of the texts ``drawn``, whole or shortened with an
    ellipsis (a wrapped text's spaces, no-break spaces too, are one space each)."""
    def spaced(words):
        # the marks that set a name apart for the bidirectional algorithm (isolated())
        # are invisible: a name is shown whether or not the screen put them round it
        return " ".join(words.translate(ISOLATES).split())

    def one(name):
        for words in map(spaced, drawn):
            start = words[:-1].rstrip() if words.endswith("\u2026") else None
            if spaced(name) in words or (start and spaced(name).startswith(start)):
                return True
        return False
    return all(one(name) for name in names)


def shows(app, *names) -> bool:
    """The next frame drawn shows each of ``names``."""
    return named([words for _rect, words in drawn_texts(app)], *names)


@FAST
@given(first=TYPED, second=NAME)
@example(first="\u200b", second=MIXED)
@example(first="\u200fAnn", second=PERSIAN)
@example(first="\u202e", second="\u2066שלום\u2069")
@example(first="\u00ad\x00", second="Zo\u00ade")
@example(first="A\ud800", second="B")
def test_names_on_the_setup_play_and_results_screens(app, first, second):
    """A typed name (any text) and one from a file: in the setup screen's boxes, the play
    screen's sidebar and status line, under the clocks, and on the results screen."""
    from scenes.results import ResultsScene
    home = app.stack.top
    names = [first or "?", second]
    seats = [{"name": name, "kind": "human"} for name in names]
    config = {"game": "calla", "variant": None, "options": {}, "seats": seats,
              "starter": "0", "time_control": "5+3"}
    try:
        setup = app.stack.push("setup", game_name="calla", config=config)
        frames(app, 2)
        assert [entry.get_text() for entry in setup.name_entries] == names
        app.stack.push("play", config=config, seed=1)
        frames(app, 2)
        assert shows(app, *names)
        start, texts, history = random_game("calla", 1)
        app.stack.push(ResultsScene(app, config, history[-1], texts, history=history))
        frames(app, 2)
        assert shows(app, *names)
    finally:
        back_to(app, home)


@FAST
@given(first=NAME, second=NAME)
@example(first=MIXED, second="\u200fAnn")
@example(first=PERSIAN, second="\u2066שלום\u2069")
def test_names_in_the_games_library_its_delete_question_and_the_review(app, first, second):
    """A finished game kept in the library: listed on the Games screen, named in the
    question Delete asks, and shown on the review screen."""
    from scenes.saves import library
    home = app.stack.top
    start, texts, history = random_game("calla", 1)
    config = {"game": "calla", "options": {},
              "seats": [{"name": first, "kind": "human"}, {"name": second, "kind": "human"}]}
    end = history[-1]
    record = make_record(config, start, texts, result=result_of(end, end.winner, end.end_reason))
    library().add(record)
    try:
        games = app.stack.push("games")
        frames(app, 2)
        assert games.entries and list(games.entries[0].players) == [first, second]
        assert shows(app, first, second)
        games.ask_delete()
        frames(app, 2)
        assert games.confirm is not None
        keys(app, (pygame.K_ESCAPE, 0))
        app.stack.push("review", record=record)
        frames(app, 2)
        assert app.stack.top.title == "review"
        assert shows(app, first, second)
    finally:
        back_to(app, home)


@settings(FAST, max_examples=10)
@given(names=st.lists(NAME, min_size=4, max_size=4, unique_by=str.casefold), title=TOURNAMENT_NAME)
@example(names=[MIXED, "\u200fAnn", PERSIAN, "Zo\u00ade"], title="\u202eClub\u200b night")
def test_names_on_every_tournament_screen(app, names, title):
    """Entrants and a tournament named with every kind of character: the lobby's card,
    the round view, the standings, the crosstable, the podium and the printable pages."""
    from scenes.tournament.printable import pairings_page, standings_page
    home = app.stack.top
    store, stored = keep_tournament(names, title)
    try:
        lobby = app.stack.push("tournament.lobby", folder=None)
        frames(app, 2)
        assert stored.tournament.name in [i.name for i in lobby.infos]
        assert shows(app, stored.tournament.name)
        app.stack.push("tournament.round", stored=stored, background=False)
        frames(app, 2)
        assert shows(app, *names)
        standings = app.stack.push("tournament.standings", stored=stored)
        frames(app, 2)
        assert shows(app, *names)
        standings.crosstable = True
        standings.resize()
        frames(app, 2)
        app.stack.push("tournament.podium", stored=stored)
        frames(app, 2)
        t = stored.tournament
        for draw in (lambda: standings_page(t), lambda: pairings_page(t, t.rounds_paired)):
            with assets.TextRecorder() as recorder:
                page = draw()
            assert named([words for _rect, words in recorder.on(page)], *names)
    finally:
        back_to(app, home)
        store.close()
