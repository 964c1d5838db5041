"""A round's printouts (standings and crosstable after it, pairings, find your board,
result slips) as one PDF and as PNG pages, written away from the frame loop and never
over a file; and the projector view, a second window cycling the pairings and the
standings in large type."""

from __future__ import annotations

import math
import threading
import warnings
from pathlib import Path

import pygame
import pytest
from pypdf import PdfReader

from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.pairing import pair_next_round
from game.tournament.store import TournamentStore
from helpers import button, click, frames, make_app, press
from scenes import assets
from scenes.tournament import printable, printing, projector
from scenes.tournament.common import db_path
from scenes.tournament.round import RoundScene
from scenes.tournament.standings import StandingsScene
from test_tournament_data import forty, forty_names


def squeezed(text: str) -> str:
    """``text`` without its white space: a name wrapped over lines reads back whole."""
    return "".join(text.split())


def half_played(rounds: int = 3) -> Tournament:
    """Forty long names, the last round with boards 11 to 20 still to play."""
    t = forty(rounds)
    for key in [k for k in t.results if k[0] == rounds and k[1] > 10]:
        del t.results[key]
    return t


@pytest.fixture(autouse=True)
def _pointer_back_on_the_window():
    """Under the dummy video driver nothing gives the pointer back to the program's window
    once a second window has come and gone (a desktop does, as the pointer moves): without
    it ``pygame.mouse.set_pos`` does nothing for the tests that come after."""
    yield
    if pygame.display.get_surface() is not None and not pygame.mouse.get_focused():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            window = pygame.Window.from_display_module()
        window.hide()
        window.show()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The director's home folder (where the round view prints to) inside the test's."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


# --- what is printed ----------------------------------------------------------------------

def test_the_pdf_has_every_page_and_every_whole_name(tmp_path):
    app = make_app(tmp_path)
    try:
        t = half_played()
        written = printing.write_printouts(t, 3, tmp_path / "out")
        assert written.pdf == tmp_path / "out" / (
            "The Thursday Night Open Championship of the Société des Échecs round 3.pdf")
        pages = PdfReader(str(written.pdf)).pages
        parts = printable.round_printouts(t, 3)
        # the same pages as PNGs, a file each, in the folder named as the PDF
        assert len(pages) == len(written.pngs) == sum(len(p) for _, p in parts)
        assert all(p.parent == written.pdf.with_suffix("") and p.is_file()
                   for p in written.pngs)
        texts = [squeezed(page.extract_text()) for page in pages]
        whole = "".join(texts)
        for name in forty_names():
            assert squeezed(name) in whole, f"{name!r} is not printed whole"
        # each part in its order, each name on each part
        firsts = {}
        at = 0
        for part, part_pages in parts:
            firsts[part] = texts[at]
            part_text = "".join(texts[at:at + len(part_pages)])
            for name in forty_names():
                assert squeezed(name) in part_text, f"{name!r} is missing from the {part}"
            at += len(part_pages)
        assert "Standingsduringround3of3,10of20gamesfinished" in firsts["standings"]
        assert "Crosstable(duringround3of3" in firsts["crosstable"]
        assert "Pairingsofround3of3" in firsts["pairings"]
        assert "Findyourboardinround3of3" in firsts["find your board"]
        assert "Round3,board1" in firsts["result slips"]
        assert len(parts[-1][1]) == math.ceil(20 / printable.SLIPS_A_PAGE)
        # results kept so far, and none for a board still playing
        assert "0-1byforfeit" in firsts["pairings"] and "0-0doubleforfeit" in firsts["pairings"]
    finally:
        app.close()


def test_the_standings_printed_for_an_earlier_round_leave_the_later_ones_out(tmp_path):
    app = make_app(tmp_path)
    try:
        t = half_played()
        pages = dict(printable.round_printouts(t, 2))
        words = [w for page in pages["standings"] for w in page.texts()]
        assert "Standings after round 2 of 3" in words
        # two rounds: nobody has more than two points
        ranks = printable.standings_table(printable.after_round(t, 2)).rows
        assert max(float(row[2].replace("½", ".5") or 0) for row in ranks) <= 2
        assert {w for page in pages["crosstable"] for w in page.texts()} >= {"R1", "R2"}
        assert "R3" not in {w for page in pages["crosstable"] for w in page.texts()}
        assert t.rounds_paired == 3 and len(t.results) == 50     # the original untouched
    finally:
        app.close()


def small_event(game: str = "calla") -> Tournament:
    """Eight entrants, accented and Chinese names among them, one on a requested bye and
    another not yet entered: round 1 paired, three boards and a bye."""
    names = ["Zoë Quist", "Émile Roux", "adam Berg", "Łukasz Nowak", "Bea Lind", "Mia Holt",
             "王伟", "Olga Berg"]
    t = Tournament("Club night 3/4", [Entrant(n) for n in names], "swiss",
                   [GameChoice(game)], rounds=3)
    t.request_bye(5, 1)                          # Mia Holt
    t.add_late_entrant(Entrant("Yann Kerr"), 2)
    pair_next_round(t)
    return t


def test_find_your_board_lists_everyone_a_to_z_with_byes_and_absences_in_words(tmp_path):
    app = make_app(tmp_path)
    try:
        t = small_event()
        rows = printable.find_your_board_table(t, 1).rows
        assert [row[0] for row in rows] == ["adam Berg", "Bea Lind", "Émile Roux",
                                            "Łukasz Nowak", "Mia Holt", "Olga Berg",
                                            "Yann Kerr", "Zoë Quist", "王伟"]
        seats = {row[0]: row[1:] for row in rows}
        for p in t.rounds[0]:
            if p.is_bye:
                assert seats[t.entrants[p.first].name] == ["-", "bye: 1 point"]
            else:
                assert seats[t.entrants[p.first].name] == [str(p.board), "first (moves first)"]
                assert seats[t.entrants[p.second].name] == [str(p.board), "second"]
        assert seats["Mia Holt"] == ["-", "requested bye: ½ point"]
        assert seats["Yann Kerr"] == ["-", "enters in round 2"]
        # and so it is printed, in that order
        pages = dict(printable.round_printouts(t, 1))["find your board"]
        words = [w for page in pages for w in page.texts()]
        order = [words.index(row[0]) for row in rows]
        assert order == sorted(order)
        assert "requested bye: ½ point" in words and "bye: 1 point" in words
    finally:
        app.close()


@pytest.mark.parametrize("game, draws", [("calla", True), ("iriri", False)])
def test_a_result_slip_for_each_board_played(tmp_path, game, draws):
    app = make_app(tmp_path)
    try:
        t = small_event(game)
        played = [p for p in t.rounds[0] if not p.is_bye]
        pages = dict(printable.round_printouts(t, 1))["result slips"]
        words = [w for page in pages for w in page.texts()]
        assert sorted(w for w in words if w.startswith("Round 1, board")) == sorted(
            f"Round 1, board {p.board}" for p in played)            # none for the bye
        assert len(pages) == 1
        for p in played:
            assert t.entrants[p.first].name in words and t.entrants[p.second].name in words
        assert words.count("1 - 0  first won") == len(played)
        assert words.count("½ - ½  draw") == (len(played) if draws else 0)
        assert words.count("Signed (first)") == words.count("Signed (second)") == len(played)
    finally:
        app.close()


# --- written away from the frame loop -------------------------------------------------------

def kept(t: Tournament):
    store = TournamentStore(db_path())
    return store, store.create(t)


class Held:
    """The printouts' thread held busy until ``release``: what a screen shows meanwhile."""

    def __enter__(self):
        self.gate = threading.Event()
        printing.PRINTER.call(("held", id(self)), lambda: self.gate.wait(30))
        return self

    def release(self):
        self.gate.set()

    def __exit__(self, *exc):
        self.gate.set()
        printing.PRINTER.flush(timeout=60)


def test_the_round_view_writes_its_printouts_in_the_background_never_over_a_file(tmp_path,
                                                                                   home):
    store, stored = kept(small_event())
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        scene = app.stack.top
        folder = home / "Callidus"
        pdf = folder / "Club night 3 4 round 1.pdf"
        with Held() as held:
            press(app, "Print round 1")
            assert not pdf.exists()             # the press was answered; nothing written yet
            assert scene.notice == (f"The printouts for round 1 are being written to "
                                    f"{folder}.")
            assert scene.next_frame_in() is not None     # it looks again by itself
            held.release()
            assert printing.PRINTER.flush(timeout=60)
        frames(app, 2)
        assert pdf.is_file()
        assert scene.notice == ("Printouts for round 1 written to \u2026/Callidus/Club night 3 4 "
                                "round 1.pdf (5 pages; as PNG files too, in the folder of that "
                                "name).")
        assert scene.notice_ok and scene.next_frame_in() is None
        first = pdf.read_bytes()
        press(app, "Print round 1")
        assert printing.PRINTER.flush(timeout=60)
        frames(app, 2)
        again = folder / "Club night 3 4 round 1 (2).pdf"
        assert again.is_file() and pdf.read_bytes() == first
        assert "/Callidus/Club night 3 4 round 1 (2).pdf" in scene.notice
        assert len(list((folder / "Club night 3 4 round 1 (2)").glob("*.png"))) == 5
    finally:
        app.close()
        store.close()


def test_the_standings_print_the_round_chosen(tmp_path):
    store, stored = kept(half_played())
    app = make_app(tmp_path, size=(960, 600))
    try:
        scene = app.stack.push(StandingsScene(app, stored, folder=tmp_path / "wall"))
        frames(app, 2)
        assert scene.round_menu.selected_option[0] == "Round 3"       # the current round
        click(app, scene.round_menu.rect.center)
        expanded = scene.round_menu.menu_states["expanded"]
        item = next(i for i in expanded.options_selection_list.item_list
                    if i["text"] == "Round 2")
        click(app, item["button_element"].rect.center)
        frames(app, 3)
        with Held():
            press(app, "Printouts")
            assert not list((tmp_path / "wall").glob("*.pdf"))
            assert "The printouts for round 2 are being written" in scene.notice
        frames(app, 2)
        pdf = tmp_path / "wall" / ("The Thursday Night Open Championship of the Société des "
                                   "Échecs round 2.pdf")
        assert pdf.is_file() and f"\u2026/wall/{pdf.name}" in scene.notice and scene.notice_ok
        assert "Standingsafterround2of3" in squeezed(PdfReader(str(pdf)).pages[0].extract_text())
    finally:
        app.close()
        store.close()


def test_the_standings_screen_says_when_the_printouts_cannot_be_written(tmp_path):
    store, stored = kept(small_event())
    (tmp_path / "a file").write_text("not a folder")
    app = make_app(tmp_path, size=(960, 600))
    try:
        scene = app.stack.push(StandingsScene(app, stored, folder=tmp_path / "a file"))
        frames(app, 2)
        press(app, "Printouts")
        assert printing.PRINTER.flush(timeout=60)
        frames(app, 2)
        assert scene.notice.startswith("The printouts for round 1 were not written")
        assert not scene.notice_ok
        assert (tmp_path / "a file").read_text() == "not a folder"
    finally:
        app.close()
        store.close()


# --- the projector view -----------------------------------------------------------------------

class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def page_texts(view) -> list:
    """(rect, words) of every text the projector's window shows now."""
    with assets.TextRecorder() as seen:
        view.dirty = True
        view.step()
    return seen.on(view.window.get_surface())


def cycle(app, view, clock) -> list[list]:
    """The texts of every page of the projector's cycle, turned as time passes."""
    pages = []
    for _ in range(len(view.pages)):
        with assets.TextRecorder() as seen:
            clock.now += projector.TURN
            frames(app, 1)
        pages.append(seen.on(view.window.get_surface()))
    return pages


def test_the_projector_cycles_pairings_and_standings_and_follows_the_results(tmp_path):
    clock = Clock()
    store, stored = kept(half_played())
    app = make_app(tmp_path, size=(960, 600))
    try:
        rounds = app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        press(app, "Projector")
        view = projector.find(app)
        assert view is not None and view in app.windows
        assert view.window.size != app.size            # a window of its own
        assert button(app, "Close projector")
        view.clock = clock                              # its time, turned by the test
        view.turn(0)
        frames(app, 2)
        # large type: at 1920x1080 a row's text is 36 pixels and more
        assert projector.screen_style((1920, 1080)).size >= 36
        # idle, it draws nothing until its page turns, and says when that is
        drawn = view.draws
        frames(app, 30)
        assert view.draws == drawn and 0 < view.next_frame_in() <= projector.TURN
        pages = cycle(app, view, clock)
        assert view.draws == drawn + len(pages) and len(pages) > 2       # a screenful a page
        subtitles = [words for page in pages for _, words in page]
        assert any(w.startswith("Pairings of round 3 of 3") for w in subtitles)
        assert "Standings during round 3 of 3, 10 of 20 games finished" in subtitles
        size = view.window.get_surface().get_rect()
        for page in pages:
            assert all(size.contains(rect) for rect, _ in page)
        pairings = [p for p in pages if any(w.startswith("Pairings") for _, w in p)]
        standings = [p for p in pages if any(w.startswith("Standings") for _, w in p)]
        for part in (pairings, standings):
            text = squeezed("".join(w for page in part for _, w in page))
            for name in forty_names():
                assert squeezed(name) in text, f"{name!r} is not shown whole"
        # a result entered on the director's screen: on the projector at once
        for _ in range(len(view.pages)):          # the page with board 11
            if any(w == "11" and rect.x == view.pages[0].ops[0].pos[0]
                   for rect, w in page_texts(view)):
                break
            view.turn()
        drawn = view.draws
        app.stack.push("tournament.result", round_scene=rounds, round_no=3, board=11)
        frames(app, 2)
        entry = app.stack.top
        win = next(w for w, r in entry.choices.items() if r.score == "1-0" and r.how == "manual")
        click(app, win.rect.center)
        frames(app, 3)
        assert view.draws > drawn                     # redrawn without waiting for a turn
        row = page_texts(view)
        board = next(rect for rect, w in row if w == "11")
        assert any(w == "1 - 0" and rect.y == board.y for rect, w in row)
        later = cycle(app, view, clock)
        assert "Standings during round 3 of 3, 11 of 20 games finished" in [
            w for page in later for _, w in page]
    finally:
        app.close()
        store.close()


def test_the_projector_keeps_its_own_input_and_closes(tmp_path):
    store, stored = kept(small_event())
    app = make_app(tmp_path, size=(960, 600))
    try:
        rounds = app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        press(app, "Projector")
        view = projector.find(app)
        # Esc and a click in the projector's window are its own: the round view stays,
        # its buttons untouched
        lobby = button(app, "Lobby").rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=lobby, button=1,
                                             window=view.window))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=lobby, button=1,
                                             window=view.window))
        frames(app, 3)
        assert app.stack.top is rounds
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0, window=view.window))
        frames(app, 3)
        assert app.stack.top is rounds and projector.find(app) is None
        assert button(app, "Projector")               # the button follows
        press(app, "Projector")
        assert projector.find(app) is not None
        press(app, "Close projector")
        assert projector.find(app) is None and not app.windows
        assert rounds.notice == "The projector view is closed."
    finally:
        app.close()
        store.close()


def test_the_projector_stays_open_under_the_standings_and_is_closed_with_the_program(tmp_path):
    store, stored = kept(small_event())
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        press(app, "Standings")
        press(app, "Projector")
        view = projector.find(app)
        press(app, "Back")
        assert projector.find(app) is view and button(app, "Close projector")
    finally:
        app.close()
        store.close()
    assert not app.windows


def test_file_titles_keep_the_name_and_leave_out_what_a_system_refuses():
    assert printing.file_title("Club night 3/4") == "Club night 3 4"
    assert printing.file_title('A<b>:c*d?"e|f\\g') == "A b c d e f g"
    assert printing.file_title("Société\u200b des échecs\x00 ") == "Société des échecs"
    assert printing.file_title("...") == "Tournament"
    long = printing.file_title("王" * 80)
    assert len(long.encode()) <= printing.NAME_BYTES and long == "王" * 50
    assert Path(printing.file_title("Ünïcödé")).name == "Ünïcödé"


def test_a_file_in_the_way_of_the_png_folder_is_left_as_it_is(tmp_path):
    app = make_app(tmp_path)
    try:
        (tmp_path / "Club night 3 4 round 1").write_text("the director's own")
        written = printing.write_printouts(small_event(), 1, tmp_path)
        assert written.pdf == tmp_path / "Club night 3 4 round 1.pdf" and written.pdf.is_file()
        assert not written.pngs and "Club night 3 4 round 1" in written.problem
        assert written.message.startswith(f"Printouts for round 1 written to \u2026/"
                                          f"{tmp_path.name}/{written.pdf.name}; the PNG pages "
                                          "were not: ")
        assert (tmp_path / "Club night 3 4 round 1").read_text() == "the director's own"
    finally:
        app.close()
