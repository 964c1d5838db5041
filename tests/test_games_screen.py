"""Saved games and the game library through the screens, headless, as a player would:
a game finished at a board is kept; Save game on the results screen and the pause menu;
Open game on the menu; the Games screen lists, filters, opens and deletes (after asking);
long, accented and CJK names stay inside their columns at 960x600 and 1920x1080."""

from __future__ import annotations

import json
import random

import pygame
import pygame_gui
import pytest
from helpers import button, click, frames, key, make_app, menu_app, press, wait_until

from game import GAMES
from game.records.record import replay
from scenes.stack import Scene
from test_library import finished

NAMES = [("Anne-Sophie Wolfeschlegelsteinhausen-Be", "Bo"), ("W" * 40, "ÀÉÎÕÜ ÇÑŸĞŞİ ŁŻŹĆŐŰØÅÆŒßÞÐ"),
         ("Zoë Ångström-Ñúñez", "Łukasz Żółć"), ("王小明", "李华"),
         ("Jean-Baptiste Émile Dupont-Lefèvre", "Maximilian Alexander von Habsburg"),
         ("Мария Ивановна", "Ólafur Þórðarson")]


class ReviewStandIn(Scene):
    """What the review screen is given (the real one is built elsewhere)."""

    title = "review"

    def __init__(self, app, record, kept_id=None):
        super().__init__(app)
        self.record = record
        self.kept_id = kept_id


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))          # where the file dialogs open
    import scenes.app               # the real screens registered before the stand-in
    import scenes.sgf_files
    from scenes import stack
    monkeypatch.setattr(scenes.sgf_files, "_last_folder", None)
    monkeypatch.setitem(stack._screens, "review", ReviewStandIn)
    app = menu_app(tmp_path)
    yield app
    app.close()


def library():
    from scenes.saves import library as the_library
    return the_library()


def finish_at_a_board(app, game="calla", names=("Ann", "Bo"), seed=1):
    """A game of two people played to its end on the play screen; returns the play scene
    once the results screen shows."""
    spec = GAMES[game]
    config = {"game": game, "variant": spec.variants[0], "options": {}, "starter": "0",
              "time_control": "10+5",
              "seats": [{"name": name, "kind": "human"} for name in names]}
    play = app.stack.push("play", config=config, seed=seed)
    rng = random.Random(seed)
    while not play.finished:
        play.update(0.5)
        play.apply(rng.choice(play.state.legal_moves()))
    assert wait_until(app, lambda: app.stack.top.title == "results", seconds=30)
    return play


def type_into(app, entry, text):
    click(app, entry.rect.center)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 3)


def choose(app, menu, value):
    """Open a drop-down by clicking it and click the option whose value is ``value``."""
    click(app, menu.rect.center)
    text = next(text for text, option in menu.options_list if option == value)
    items = menu.menu_states["expanded"].options_selection_list.item_list
    click(app, next(i for i in items if i["text"] == text)["button_element"].rect.center)
    assert menu.selected_option[1] == value
    frames(app, 3)


def pick_file(app, dialog, path):
    type_into(app, dialog.file_path_text_line, str(path))
    click(app, dialog.ok_button.rect.center)
    frames(app, 2)


# --- kept, saved, opened -----------------------------------------------------------------------

def test_a_finished_game_is_kept_in_the_library_off_the_frame_loop(app, tmp_path):
    play = finish_at_a_board(app, "iriri")
    results = app.stack.top
    assert results.kept_id == play.kept_id is not None
    assert results.record["result"]["winner"] == play.state.winner
    app.writer.flush()
    [entry] = library().list()
    assert entry.id == results.kept_id and entry.game == "iriri"
    assert entry.players == ("Ann", "Bo") and entry.moves == play.cursor
    assert library().get(entry.id) == results.record
    assert "kept iriri in the game library" in (tmp_path / "log.txt").read_text()


def test_a_game_only_replayed_with_redo_is_not_kept_again(app):
    """As a .blksgf record opened and stepped through with Redo."""
    play = finish_at_a_board(app, "calla")
    record = app.stack.top.record
    app.stack.reset("menu")
    states = replay(record)[2]
    again = app.stack.push("play", config=dict(record["config"], time_control=None),
                           state=states[0])
    again.history, again.notation = states, list(record["moves"])
    again.move_texts = ["a move"] * len(record["moves"])
    while again._can_redo():
        again.redo()
    assert again.finished
    assert wait_until(app, lambda: app.stack.top.title == "results", seconds=30)
    app.writer.flush()
    assert library().count() == 1 and again.kept_id is None and play.kept_id


def test_save_game_on_the_results_screen_then_open_game_on_the_menu(app, tmp_path):
    play = finish_at_a_board(app, "callisto", names=("Zoë", "王小明"))
    results = app.stack.top
    press(app, "Save game")
    dialog = results.dialog
    assert dialog is not None and dialog.alive()
    assert dialog.current_file_path.parent == tmp_path.resolve()
    assert dialog.current_file_path.name.startswith("callisto-")
    assert dialog.current_file_path.suffix == ".callidus"
    pick_file(app, dialog, tmp_path / "our game")
    saved = tmp_path / "our game.callidus"
    assert results.notice == f"Saved as {saved}"
    app.writer.flush()
    assert json.loads(saved.read_text()) == results.record
    before = saved.read_bytes()
    press(app, "Back to menu")
    press(app, "Open game")
    menu = app.stack.top
    assert menu.dialog.allowed_suffixes == {".callidus", ".blksgf", ".sgf"}
    pick_file(app, menu.dialog, saved)
    review = app.stack.top
    assert isinstance(review, ReviewStandIn) and review.kept_id is None
    assert review.record == results.record
    _spec, _config, states, moves, _cursor = replay(review.record)
    assert states == play.history and moves == play.notation
    assert review.record["times"] == [0.5] * len(moves)
    assert review.record["clocks"] == play.clocks
    assert saved.read_bytes() == before


def test_save_game_in_the_pause_menu_keeps_the_game_in_progress(app, tmp_path):
    spec = GAMES["calabria"]
    config = {"game": "calabria", "variant": spec.variants[0], "options": {}, "starter": "0",
              "time_control": None, "seats": [{"name": "Ann", "kind": "human"},
                                              {"name": "Bo", "kind": "human"}]}
    play = app.stack.push("play", config=config, seed=2)
    for _ in range(6):
        play.update(1.0)
        play.apply(play.state.legal_moves()[0])
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    press(app, "Save game")
    pick_file(app, pause.dialog, tmp_path / "half.callidus")
    app.writer.flush()
    frames(app, 1)
    assert pause.notice == f"Saved as {tmp_path / 'half.callidus'}"
    record = json.loads((tmp_path / "half.callidus").read_text())
    assert record["cursor"] == 6 and "result" not in record and "clocks" not in record
    assert record["times"] == [1.0] * 6
    assert replay(record)[2] == play.history
    press(app, "Resume")
    assert app.stack.top is play


def test_a_save_that_fails_says_why(app, tmp_path):
    finish_at_a_board(app, "calla")
    results = app.stack.top
    (tmp_path / "blocked").write_text("a file where a folder should be")
    press(app, "Save game")
    pick_file(app, results.dialog, tmp_path / "blocked" / "game.callidus")
    app.writer.flush()
    frames(app, 1)
    assert results.notice.startswith("Not saved: could not write")
    assert button(app, "Save game").is_enabled


def test_a_damaged_saved_game_is_named_on_the_menu_and_left_as_it_was(app, tmp_path):
    record = json.loads(json.dumps(finished("calla", ("Ann", "Bo"), 1)))
    record["moves"][3] = "7"
    path = tmp_path / "bad.callidus"
    path.write_text(json.dumps(record))
    before = path.read_bytes()
    press(app, "Open game")
    menu = app.stack.top
    pick_file(app, menu.dialog, path)
    assert app.stack.top is menu
    assert menu.notice.startswith("Could not open bad.callidus: move 4 '7': ")
    assert path.read_bytes() == before
    path.write_bytes(b"\xff\xfe nonsense")
    press(app, "Open game")
    pick_file(app, menu.dialog, path)
    assert "not a text file" in menu.notice


# --- the Games screen ----------------------------------------------------------------------------

def keep_games(count=12):
    """``count`` games kept on successive days, the games and names in turn; their ids,
    newest first."""
    books = library()
    ids = []
    for i in range(count):
        game = list(GAMES)[i % len(GAMES)]
        ids.append(books.add(finished(game, NAMES[i % len(NAMES)], i + 1,
                                       date=f"2025-04-{i + 1:02d}T20:15:00+02:00")))
    return ids[::-1]


def test_the_games_screen_lists_filters_and_opens(app):
    ids = keep_games(12)
    press(app, "Games")
    games = app.stack.top
    assert games.title == "games"
    assert [e.id for e in games.entries] == ids[:games.rows_per_page]
    assert games.total == 12
    choose(app, games.game_menu, "callisto")
    assert [e.game for e in games.entries] == ["callisto"] * 2
    type_into(app, games.player_entry, "ZOË")
    assert [e.players for e in games.entries] == [("Zoë Ångström-Ñúñez", "Łukasz Żółć")]
    games.player_entry.unfocus()
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert isinstance(review, ReviewStandIn) and review.kept_id == games.entries[0].id
    assert review.record == library().get(review.kept_id)
    app.stack.pop()
    assert app.stack.top is games and games.game_filter == "callisto"
    choose(app, games.game_menu, "")
    type_into(app, games.player_entry, "")
    assert games.total == 12


def test_a_double_click_opens_a_game_and_damaged_ones_are_shown_not_opened(app):
    ids = keep_games(4)
    import sqlite3

    from scenes.saves import library_path
    db = sqlite3.connect(str(library_path()))
    db.execute("UPDATE game SET record = '{\"format\": 1' WHERE id = ?", (ids[1],))
    db.commit()
    db.close()
    press(app, "Games")
    games = app.stack.top
    assert len(games.entries) == 4 and "damaged" in games.entries[1].problem
    click(app, games.row_rects[1].center)
    assert games.selected == 1 and not button(app, "Open").is_enabled
    assert button(app, "Delete").is_enabled
    key(app, pygame.K_RETURN)
    assert app.stack.top is games and "cannot be opened" in games.notice
    click(app, games.row_rects[2].center, settle=0)
    click(app, games.row_rects[2].center, settle=1)
    review = app.stack.top
    assert isinstance(review, ReviewStandIn) and review.kept_id == ids[2]


def test_delete_asks_first_and_then_forgets_the_game(app):
    ids = keep_games(3)
    press(app, "Games")
    games = app.stack.top
    click(app, games.row_rects[1].center)
    press(app, "Delete")
    dialog = games.confirm
    assert isinstance(dialog, pygame_gui.windows.UIConfirmationDialog) and dialog.alive()
    key(app, pygame.K_ESCAPE)                      # changed my mind
    assert games.confirm is None and library().count() == 3
    press(app, "Delete")
    click(app, games.confirm.cancel_button.rect.center)
    frames(app, 2)
    assert library().count() == 3
    press(app, "Delete")
    click(app, games.confirm.confirm_button.rect.center)
    frames(app, 3)
    app.writer.flush()
    frames(app, 2)
    assert [e.id for e in library().list()] == [ids[0], ids[2]]
    assert [e.id for e in games.entries] == [ids[0], ids[2]]
    assert games.notice == "The game was deleted."


def test_pages_of_games(app):
    ids = keep_games(25)
    press(app, "Games")
    games = app.stack.top
    per_page = games.rows_per_page
    assert not button(app, "Previous").is_enabled and button(app, "Next").is_enabled
    press(app, "Next")
    assert [e.id for e in games.entries] == ids[per_page:2 * per_page]
    key(app, pygame.K_PAGEUP)
    assert games.page == 0
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.title == "menu"


def test_an_empty_library_and_a_damaged_file_are_said_so(app):
    press(app, "Games")
    games = app.stack.top
    assert games.entries == [] and not games.problem
    frames(app, 2)
    app.stack.pop()
    from scenes.saves import library_path
    library_path().parent.mkdir(parents=True, exist_ok=True)
    library_path().write_bytes(b"this is not a database" * 100)
    press(app, "Games")
    assert "cannot be read" in app.stack.top.problem
    frames(app, 2)
    assert library_path().read_bytes() == b"this is not a database" * 100


# --- drawn inside the lines ----------------------------------------------------------------------

def _ink_outside(surface, inside: pygame.Rect, area: pygame.Rect, background) -> int:
    """How many pixels of ``area`` outside ``inside`` differ from ``background``."""
    count = 0
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            if not inside.collidepoint(x, y) and surface.get_at((x, y))[:3] != background:
                count += 1
    return count


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_long_accented_and_cjk_names_stay_in_their_columns(tmp_path, monkeypatch, size):
    """Every cell's text is drawn within its column, and the PNG is kept for a look."""
    from scenes import stack
    monkeypatch.setitem(stack._screens, "review", ReviewStandIn)
    keep_games(30)
    app = make_app(tmp_path, size=size)
    try:
        app.stack.push("menu")
        games = app.stack.push("games")
        frames(app, 2)
        pygame.image.save(app.screen, str(tmp_path / f"games-{size[0]}x{size[1]}.png"))
        assert len(games.entries) == games.rows_per_page
        bottom_buttons = min(w.rect.top for w in games.widgets
                             if isinstance(w, pygame_gui.elements.UIButton))
        assert games.table.bottom < bottom_buttons and games.table.right <= size[0] - 20
        assert games.row_rects[-1].bottom <= games.table.bottom
        for entry in games.entries:
            cells = games._cells(entry)
            for (title, rect, _align), (text, _colour) in zip(games.columns, cells):
                from scenes import assets
                width = assets.font(16).size(assets.ellipsized(text, 16, rect.width))[0]
                assert width <= rect.width, (title, text)
        lefts = [rect.x for _t, rect, _a in games.columns]
        rights = [rect.right for _t, rect, _a in games.columns]
        assert all(r < nxt for r, nxt in zip(rights, lefts[1:])), "columns overlap"
        assert rights[-1] <= games.table.right - 10
        # draw each row on a plain surface: nothing spills out of its columns
        probe = pygame.Surface(size)
        for entry in games.entries:
            probe.fill((0, 0, 0))
            games._draw_row(probe, entry, 300)
            inside = pygame.Rect(games.columns[0][1].x, 300 - ROW_H // 2,
                                 games.columns[-1][1].right - games.columns[0][1].x, ROW_H)
            area = pygame.Rect(0, 300 - 40, size[0], 80)
            assert _ink_outside(probe, inside, area, (0, 0, 0)) == 0
    finally:
        app.close()


ROW_H = 36


def listed(dialog):
    return [item[0] if isinstance(item, tuple) else item for item in dialog.current_file_list]


def test_the_file_dialog_starts_in_documents_then_where_the_last_file_was(app, tmp_path):
    import scenes.sgf_files
    from scenes.menu import MenuScene
    documents = tmp_path / "Documents"
    (documents / ".cache").mkdir(parents=True)
    (documents / ".hidden.callidus").write_text("{}")
    (documents / "games").mkdir()
    (documents / "games" / "bad.callidus").write_text("{}")
    (documents / "seen.callidus").write_text("{}")
    press(app, "Open game")
    dialog = app.stack.top.dialog
    assert dialog.current_directory_path == str(documents.resolve()), "documents, not home"
    assert sorted(listed(dialog)) == ["games", "seen.callidus"], "no dot-files or dot-folders"
    pick_file(app, dialog, documents / "games" / "bad.callidus")
    assert "bad.callidus" in app.stack.top.notice, "a bad file is refused, its folder kept"
    app.close()
    scenes.sgf_files._last_folder = None                # the next session
    again = make_app(tmp_path)
    again.stack.push(MenuScene(again))
    frames(again, 2)
    press(again, "Open game")
    assert again.stack.top.dialog.current_directory_path == str((documents / "games").resolve())
    again.close()
