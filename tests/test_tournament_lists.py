"""A real club's evening on the director's screens: 24 and 200 entrants, 12 and 100 boards.

Every list (boards, standings, crosstable, entrants, tournaments) is reached by the wheel,
the keys or a drag, says how many rows it holds, and keeps its rows and texts inside its
panel, clear of the buttons, at 960x600 as at 1920x1080.  Entrants are typed, pasted and
read from a CSV file (the reader fed with hypothesis too).
"""

from __future__ import annotations

import csv
import io
import os
import re

import pygame
import pygame_gui
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.tournament.files import read_entrant_lines, read_entrants_csv
from game.tournament.model import (MAX_ENTRANTS, MAX_NAME, Entrant, GameChoice, Tournament,
                                   name_problem, round_robin_round)
from game.tournament.store import TournamentStore
from helpers import click, frames, key, make_app, move_pointer, press
from scenes import assets
from scenes.tournament.common import db_path
from scenes.tournament.entrants import NewTournamentScene
from scenes.tournament.lobby import LobbyScene
from scenes.tournament.result_entry import ResultEntryScene
from scenes.tournament.round import RoundScene
from scenes.tournament.standings import StandingsScene

SIZES = [(960, 600), (1920, 1080)]
FIRST = ["Anna", "Boris", "Chloé", "Dmitri", "Elena", "Farid", "Greta", "Hiroshi", "Inès",
         "Jakub", "Kofi", "Lena", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa",
         "Sven", "Tariq"]
LAST = ["Abernathy", "Bergström", "Castellanos", "Dubois-Martin", "Eriksen", "Fitzgerald",
        "García López", "Hoffmann", "Ivanova", "Jankowski"]
FAST = settings(max_examples=int(os.environ.get("TOURNAMENT_EXAMPLES", "150")), deadline=None,
                database=None, suppress_health_check=[HealthCheck.too_slow])


def club(count: int) -> list[str]:
    """``count`` (up to 200) different names such as a club has."""
    return [f"{FIRST[i % 20]} {LAST[(i // 20 + i) % 10]}" for i in range(count)]


def event(count: int, played: int = 0, rounds: int = 5):
    """A kept Swiss of ``count`` entrants, ``played`` rounds finished and the next paired.

    The rounds are laid down from Berger tables (no one meets twice), as a director's
    import would bring them: what is tested is the screens, not the pairing."""
    t = Tournament("Thursday Club Open", [Entrant(n) for n in club(count)], "swiss",
                   [GameChoice("calla")], rounds=rounds)
    data = t.to_dict()
    for round_no in range(1, played + 2):
        for board, (first, second) in enumerate(round_robin_round(count, round_no), 1):
            done = round_no <= played and second is not None
            data["pairings"].append({
                "round": round_no, "board": board, "first": first, "second": second,
                "seed": board, "result": ("1-0", "0-1", "1/2-1/2")[board % 3] if done else None,
                "how": "manual" if done else None})
    store = TournamentStore(db_path())
    stored = store.open(store.add(Tournament.from_dict(data)))
    return store, stored


def looks_right(app, panels=()):
    """Draw a frame; every text inside the window, none over another or over a widget of
    the screen, a text starting inside one of ``panels`` ending inside it; the screen's
    visible widgets inside the window and clear of each other.  The words drawn."""
    return [w for _, w in drawn_right(app, panels)]


def drawn_right(app, panels=()):
    """``looks_right``, giving each text drawn with its rect."""
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    window = app.screen.get_rect()
    drawn = [(r, w) for r, w in recorder.on(app.screen) if r.width and r.height]
    widgets = [w for w in app.stack.top.widgets if w.alive() and w.visible]
    for i, a in enumerate(widgets):
        assert window.contains(a.rect), f"{_label(a)} leaves the window ({a.rect})"
        for b in widgets[i + 1:]:
            assert not a.rect.colliderect(b.rect), f"{_label(a)} lies on {_label(b)}"
    for rect, words in drawn:
        assert window.contains(rect), f"{words!r} leaves the window ({rect})"
        for panel in panels:
            if panel.collidepoint(rect.topleft):
                assert panel.contains(rect), f"{words!r} leaves its panel {panel} ({rect})"
        for widget in widgets:
            assert not rect.colliderect(widget.rect), f"{words!r} runs under {_label(widget)}"
    for i, (a, first) in enumerate(drawn):
        for b, second in drawn[i + 1:]:
            assert not a.colliderect(b), f"{first!r} {a} overprints {second!r} {b}"
    return drawn


def _label(widget) -> str:
    return f"{type(widget).__name__} {getattr(widget, 'text', '')!r}"


def count_line(words, noun: str, total: int) -> tuple[int, int]:
    """The rows shown, (first, last) counted from 1, as the count line gives them."""
    for w in words:
        whole = re.fullmatch(rf"(\d+) {noun}s", w)
        if whole and int(whole[1]) == total:
            return 1, total
        part = re.fullmatch(rf"{noun.title()}s (\d+)-(\d+) of (\d+)", w)
        if part and int(part[3]) == total:
            return int(part[1]), int(part[2])
    raise AssertionError(f"no line counts the {total} {noun}s: {words}")


def wheel(app, pos, notches: int, shift: bool = False) -> None:
    """Turn the mouse wheel over ``pos``: negative notches scroll down."""
    move_pointer(app, pos)
    if shift:
        pygame.key.set_mods(pygame.KMOD_SHIFT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False,
                                         precise_x=0.0, precise_y=float(notches), touch=False,
                                         which=0))
    frames(app, 2)
    pygame.key.set_mods(0)


def drag(app, start, end, steps: int = 6) -> None:
    """Press at ``start``, move to ``end`` holding the button, let go."""
    move_pointer(app, start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    for n in range(1, steps + 1):
        at = (start[0] + (end[0] - start[0]) * n // steps,
              start[1] + (end[1] - start[1]) * n // steps)
        move_pointer(app, at, buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def shown_in(widget, area) -> bool:
    return widget.alive() and widget.visible and area.contains(widget.rect)


# --- the round view ----------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [24, 200])
def test_every_board_of_a_big_round_is_reached_by_scrolling_and_its_result_entered(
        tmp_path, size, count):
    store, stored = event(count)
    boards = count // 2
    app = make_app(tmp_path, size=size)
    try:
        view = app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        reached, entered = set(), set()
        for _ in range(boards):
            panel = view.table.inflate(20, 16)
            words = looks_right(app, [panel])
            first, last = count_line(words, "board", boards)
            on_screen = sorted(b for b, w in view.result_buttons.items() if shown_in(w, panel))
            assert on_screen == list(range(first, last + 1)), "the count line says what is shown"
            reached.update(on_screen)
            # a director's click on a board's button opens that board; every board of the
            # 24-entrant evening is tried, one a screenful of the 200-entrant one
            for board in on_screen if count == 24 else [on_screen[-1]]:
                if board in entered:
                    continue
                click(app, view.result_buttons[board].rect.center)
                entry = app.stack.top
                assert isinstance(entry, ResultEntryScene) and entry.board == board
                key(app, pygame.K_ESCAPE)
                assert app.stack.top is view
                entered.add(board)
            if len(reached) == boards:
                break
            if count == 24:     # the wheel over the boards, a notch at a time
                wheel(app, view.table.center, -1)
            else:
                key(app, pygame.K_PAGEDOWN)
        assert reached == set(range(1, boards + 1))
        assert boards in entered
    finally:
        app.close()
        store.close()


def test_the_boards_follow_a_drag_of_the_scroll_bar_or_of_the_rows_and_the_keys(tmp_path):
    store, stored = event(24)
    app = make_app(tmp_path, size=(960, 600))
    try:
        view = app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        panel = view.table.inflate(20, 16)

        def shown():
            return count_line(looks_right(app, [panel]), "board", 12)

        first, last = shown()
        assert first == 1 and last < 12
        page = last
        # the scroll bar's thumb, dragged to the bottom and back to the top
        thumb = view.board_list.thumb()
        assert thumb.left > max(w.rect.right for w in view.result_buttons.values())
        drag(app, thumb.center, (thumb.centerx, panel.bottom + 40))
        assert shown() == (13 - page, 12)
        thumb = view.board_list.thumb()
        drag(app, thumb.center, (thumb.centerx, view.table.y - 60))
        assert shown() == (1, page)
        # the rows themselves, dragged up like a sheet of paper, away from their buttons
        x = view.table.x + 30
        drag(app, (x, view.table.bottom - 10), (x, view.table.bottom - 10 - 3 * 44))
        assert shown() == (4, page + 3)
        key(app, pygame.K_END)
        assert shown() == (13 - page, 12)
        key(app, pygame.K_HOME)
        assert shown() == (1, page)
        key(app, pygame.K_DOWN)
        assert shown() == (2, page + 1)
        key(app, pygame.K_UP)
        assert shown() == (1, page)
        # back from a board's result, the round is shown where it was left
        key(app, pygame.K_END)
        click(app, view.result_buttons[12].rect.center)
        press(app, f"{app.stack.top.first} won")
        assert app.stack.top is view and view.tournament.result(1, 12).score == "1-0"
        assert shown() == (13 - page, 12)
    finally:
        app.close()
        store.close()


# --- standings and crosstable ----------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [24, 200])
def test_every_entrant_of_the_standings_is_reached_by_scrolling(tmp_path, size, count):
    store, stored = event(count, played=1)
    names = set(club(count))
    app = make_app(tmp_path, size=size)
    try:
        view = app.stack.push(StandingsScene(app, stored, folder=tmp_path))
        frames(app, 2)
        panel = view.table_rect.inflate(20, 16)
        seen, pages = set(), 0
        while True:
            words = looks_right(app, [panel])
            first, last = count_line(words, "entrant", count)
            on_screen = [w for w in words if w in names]
            assert len(on_screen) == last - first + 1, "every row shown has its whole name"
            seen.update(on_screen)
            if last == count:
                break
            pages += 1
            assert pages < count
            if pages % 2:
                key(app, pygame.K_PAGEDOWN)
            else:
                wheel(app, panel.center, -2)
        assert seen == names
        key(app, pygame.K_HOME)
        assert count_line(looks_right(app, [panel]), "entrant", count)[0] == 1
    finally:
        app.close()
        store.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_crosstable_of_40_shows_whole_names_and_every_column_inside_its_panel(tmp_path,
                                                                                size):
    store, stored = event(40, played=3)
    names = set(club(40))
    app = make_app(tmp_path, size=size)
    try:
        view = app.stack.push(StandingsScene(app, stored, folder=tmp_path))
        press(app, "Crosstable")
        panel = view.table_rect.inflate(20, 16)
        rows, columns = set(), set()
        for _ in range(60):
            drawn = drawn_right(app, [panel])
            words = [w for _, w in drawn]
            first, last = count_line(words, "entrant", 40)
            shown = [w for w in words if w in names]
            assert len(shown) == last - first + 1, "whole names, every row shown"
            rows.update(shown)
            left, right = count_line(words, "opponent", 40)
            heads = [int(w) for r, w in drawn if w.isdigit() and r.top < view.table_rect.y + 30]
            assert heads == list(range(left, right + 1)), "the count line says which columns"
            columns.update(heads)
            if len(rows) == 40 and len(columns) == 40:
                break
            if len(columns) < 40:       # the columns sideways: keys, then the wheel
                if len(columns) % 2:
                    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
                else:
                    wheel(app, panel.center, -1, shift=True)
            else:
                key(app, pygame.K_PAGEDOWN)
        assert rows == names and columns == set(range(1, 41))
    finally:
        app.close()
        store.close()


# --- the entrants of a new tournament ------------------------------------------------------

def setup_screen(app):
    store = TournamentStore(db_path())
    scene = app.stack.push(NewTournamentScene(app, store))
    frames(app, 2)
    return store, scene


def name_box(app, setup, index):
    """Entrant ``index``'s name box, scrolled into view with the wheel."""
    for _ in range(200):
        entry = setup.name_entries[index] if index < len(setup.name_entries) else None
        if entry is not None and shown_in(entry, setup.right.inflate(30, 30)):
            return entry
        below = entry is None and index >= max(
            (i for i, e in enumerate(setup.name_entries) if e is not None), default=0)
        wheel(app, setup.right.center, -1 if below else 1)
    raise AssertionError(f"entrant {index + 1}'s name box never came into view")


def typed(app, entry, text):
    click(app, entry.rect.center, settle=1)
    key(app, pygame.K_a, pygame.KMOD_CTRL, settle=1)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)


@pytest.mark.parametrize("size", SIZES)
def test_forty_entrants_are_typed_in_and_kept(tmp_path, size):
    names = club(40)
    app = make_app(tmp_path, size=size)
    store, setup = setup_screen(app)
    try:
        while len(setup.entrants) < 40:
            press(app, "Add entrant", settle=2)
        panel = setup.right.inflate(30, 30)
        assert count_line(looks_right(app, [panel]), "entrant", 40)
        for i, name in enumerate(names):
            typed(app, name_box(app, setup, i), name)
        looks_right(app, [panel])
        press(app, "Create tournament")
        assert isinstance(app.stack.top, RoundScene), setup.error
        assert [e.name for e in app.stack.top.tournament.entrants] == names
    finally:
        app.close()
        store.close()


@pytest.mark.parametrize("size", SIZES)
def test_forty_names_pasted_into_a_name_box_become_forty_entrants(tmp_path, size):
    names = club(40)
    app = make_app(tmp_path, size=size)
    store, setup = setup_screen(app)
    try:
        pygame.scrap.put_text("\r\n".join(names) + "\r\n")
        click(app, name_box(app, setup, 0).rect.center)
        key(app, pygame.K_v, pygame.KMOD_CTRL)
        assert [e["name"] for e in setup.entrants] == names
        panel = setup.right.inflate(30, 30)
        assert count_line(looks_right(app, [panel]), "entrant", 40)
        assert "40 names were pasted" in setup.notice
        press(app, "Create tournament")
        assert [e.name for e in app.stack.top.tournament.entrants] == names
    finally:
        app.close()
        store.close()


def test_the_paste_button_adds_the_names_on_the_clipboard_and_refuses_a_bad_line(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    store, setup = setup_screen(app)
    try:
        typed(app, name_box(app, setup, 0), "Ann Organiser")
        pygame.scrap.put_text("Bob\nCy\u200b\u200b\n\u200b\nDee")
        press(app, "Paste names")
        assert "line 3" in setup.notice and not setup.notice_ok
        assert [e["name"] for e in setup.entrants][:1] == ["Ann Organiser"]
        assert len(setup.entrants) == 4, "nothing of a refused paste is taken"
        pygame.scrap.put_text("\n".join(club(30)))
        press(app, "Paste names")
        # the names typed stay; the pasted ones take the places of the untouched defaults
        assert [e["name"] for e in setup.entrants] == ["Ann Organiser"] + club(30)
        assert count_line(looks_right(app, [setup.right.inflate(30, 30)]), "entrant", 31)
    finally:
        app.close()
        store.close()


def test_enter_in_a_name_box_goes_on_to_the_next_entrant_and_adds_one_after_the_last(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    store, setup = setup_screen(app)
    try:
        names = club(8)
        typed(app, name_box(app, setup, 0), names[0])
        for name in names[1:]:
            key(app, pygame.K_RETURN)
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=name))
            frames(app, 1)
        assert len(setup.entrants) == 8
        assert count_line(looks_right(app, [setup.right.inflate(30, 30)]), "entrant", 8)
        press(app, "Create tournament")
        assert [e.name for e in app.stack.top.tournament.entrants] == names
    finally:
        app.close()
        store.close()


def test_an_open_list_of_kinds_closes_when_its_row_scrolls(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    store, setup = setup_screen(app)
    try:
        pygame.scrap.put_text("\n".join(club(20)))
        press(app, "Paste names")
        menu = setup.kind_menus[3]
        click(app, menu.rect.center)
        options = menu.menu_states["expanded"].options_selection_list
        assert options.alive() and options.visible
        key(app, pygame.K_DOWN)
        assert setup.entrant_list.first == 1
        assert not options.alive(), "no list of options is left over another entrant's row"
        kinds = [m for m in setup.kind_menus if m is not None]
        assert all(m.current_state is m.menu_states["closed"] for m in kinds)
    finally:
        app.close()
        store.close()


def test_entrants_read_from_a_csv_file_are_seeded_by_rating(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    good = folder / "members.csv"
    good.write_text("Name,Rating,Club\nAnn Low,1200,Oslo SK\nBob High,2100,\n"
                    "\"Smith, Cy\",,Bergen\nDee Mid,1650,Oslo SK\n", encoding="utf-8")
    bad = folder / "broken.csv"
    bad.write_text("Name,Rating\nEve,1500\nFay,fifteen hundred\n", encoding="utf-8")
    app = make_app(tmp_path, size=(960, 600))
    store, setup = setup_screen(app)
    try:
        setup.csv_entry.set_text(str(bad))
        press(app, "Read CSV")
        assert "row 3" in setup.notice and "fifteen hundred" in setup.notice
        assert [e["name"] for e in setup.entrants] == [f"Player {i}" for i in range(1, 5)]
        setup.csv_entry.set_text(str(good))
        press(app, "Read CSV")
        assert setup.notice_ok, setup.notice
        assert [e["name"] for e in setup.entrants] == ["Bob High", "Dee Mid", "Ann Low",
                                                       "Smith, Cy"]
        words = looks_right(app, [setup.right.inflate(30, 30)])
        assert "2100" in words and count_line(words, "entrant", 4)
        press(app, "Create tournament")
        assert [e.name for e in app.stack.top.tournament.entrants][0] == "Bob High"
    finally:
        app.close()
        store.close()


def test_a_tournament_takes_200_entrants_and_says_so_beyond(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    store, setup = setup_screen(app)
    try:
        pygame.scrap.put_text("\n".join(club(200)))
        press(app, "Paste names")
        assert len(setup.entrants) == 200
        add = next(w for w in setup.widgets
                   if isinstance(w, pygame_gui.elements.UIButton) and w.text == "Add entrant")
        assert not add.is_enabled
        words = looks_right(app, [setup.right.inflate(30, 30)])
        assert any("at most 200" in w for w in words), "the screen says why no more are added"
        press(app, "Create tournament")
        assert len(app.stack.top.tournament.entrants) == 200
    finally:
        app.close()
        store.close()
    with pytest.raises(ValueError, match="2 to 200 entrants, not 201"):
        Tournament("Too many", [Entrant(f"P{i}") for i in range(201)], "swiss",
                   [GameChoice("calla")])


# --- the lobby ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_every_kept_tournament_is_reached_in_the_lobby_by_scrolling(tmp_path, size):
    store = TournamentStore(db_path())
    for n in range(14):
        store.create(Tournament(f"Club evening {n + 1}", [Entrant(x) for x in club(4)],
                                "swiss", [GameChoice("calla")]))
    store.close()
    app = make_app(tmp_path, size=size)
    try:
        lobby = app.stack.push(LobbyScene(app, folder=tmp_path / "exports"))
        frames(app, 2)
        ids = {info.id for info in lobby.infos}
        reached = set()
        for _ in range(30):
            words = looks_right(app, [rect for _, rect, _ in lobby.rows])
            first, last = count_line(words, "tournament", 14)
            area = lobby.card_list.rect
            reached.update(i for i, w in lobby.open_buttons.items() if shown_in(w, area))
            if last == 14:
                break
            wheel(app, area.center, -1)
        assert reached == ids
        oldest = min(ids)
        click(app, lobby.open_buttons[oldest].rect.center)
        assert isinstance(app.stack.top, RoundScene)
        assert app.stack.top.tournament.name == "Club evening 1"
    finally:
        app.close()


# --- the entrants readers --------------------------------------------------------------------

def test_an_entrants_file_may_name_its_columns_and_be_written_by_a_spreadsheet():
    assert [(e.name, e.rating, e.club) for e in read_entrants_csv(
        "\ufeffClub;Name;Elo\r\nOslo SK;Ann;1500\r\n;Bob;\r\n\r\nBergen;Cy;1900\r\n")] == [
        ("Cy", 1900, "Bergen"), ("Ann", 1500, "Oslo SK"), ("Bob", None, None)]
    assert [e.name for e in read_entrants_csv("Ann\nBob\n")] == ["Ann", "Bob"]
    assert [(e.name, e.rating) for e in read_entrants_csv("Ann\t1500\n")] == [("Ann", 1500)]


@pytest.mark.parametrize("text, why", [
    ("Name,Rating\nAnn,1500\nBob,abc\n", "row 3: the rating 'abc' is not a whole number"),
    ("Name,Rating\nAnn,1500\nann,1400\n", "row 3: 'ann' is on row 2 already"),
    ("Name,Rating,Club,Title\nAnn,1,x,GM\n", "row 1: unknown column 'Title'"),
    ("Ann,1500,Oslo,GM\n", "row 1: 4 columns"),
    ("Ann\n,1500\n", "row 2: no name"),
    ("Ann\nB\u200b\u200b\u200b\n\u200b\n", "row 3: entrant name"),
    ("Ann,99999\n", "row 1: the rating '99999'"),
    ("Ann,,Club\x07\n", "row 1: entrant 'Ann': club"),
    ("Name,Rating\n", "no entrant"),
    ("\n".join(f"P{i}" for i in range(MAX_ENTRANTS + 1)), f"row {MAX_ENTRANTS + 1}: a "
                                                           "tournament takes at most 200"),
])
def test_a_bad_entrants_file_is_refused_in_one_line_naming_the_row(text, why):
    with pytest.raises(ValueError) as refused:
        read_entrants_csv(text)
    assert why in str(refused.value) and "\n" not in str(refused.value)


@FAST
@given(st.text(max_size=400))
def test_any_text_read_as_entrants_is_refused_with_a_message_or_gives_drawable_names(text):
    for reader in (read_entrants_csv, read_entrant_lines):
        try:
            entrants = reader(text)
        except ValueError as exc:
            assert str(exc) and "\n" not in str(exc)
            continue
        assert len(entrants) <= MAX_ENTRANTS
        assert len({e.name.casefold() for e in entrants}) == len(entrants)
        for e in entrants:
            assert name_problem(e.name, MAX_NAME) is None
            assert e.club is None or name_problem(e.club, MAX_NAME) is None


def _entrant_or_none(name, rating, club_name):
    try:
        return Entrant(name, rating=rating, club=club_name)
    except ValueError:
        return None


NAMES = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1,
                max_size=MAX_NAME).map(str.strip).filter(lambda n: name_problem(n, MAX_NAME)
                                                         is None)
ROWS = st.lists(st.tuples(NAMES, st.none() | st.integers(0, 9999), st.none() | NAMES),
                min_size=1, max_size=40, unique_by=lambda row: row[0].casefold())


@FAST
@given(ROWS, st.sampled_from([",", ";", "\t"]))
def test_entrants_written_by_a_spreadsheet_read_back_in_seeding_order(rows, delimiter):
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(["Name", "Rating", "Club"])
    for name, rating, club_name in rows:
        writer.writerow([name, "" if rating is None else rating, club_name or ""])
    got = read_entrants_csv(out.getvalue())
    rated = sorted((r for r in rows if r[1] is not None), key=lambda r: -r[1])
    expected = rated + [r for r in rows if r[1] is None]
    assert [(e.name, e.rating, e.club) for e in got] == [
        (n, r, c or None) for n, r, c in expected]
