"""Every screen without a mouse: Tab and Shift+Tab go round each screen's buttons, text
boxes, drop-downs and sliders, a ring shows which has the focus, Enter or Space uses
it as a click would, and Esc goes back.  On the play screen Tab goes from the board to
its trays, then to the sidebar's buttons and back to the board."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import (UIButton, UIDropDownMenu, UIHorizontalSlider,
                                 UITextEntryLine, UIWindow)

from game import GAMES
from game.records.record import make_record, result_of
from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.store import TournamentStore
from helpers import MOUSE, every_game, frames, key, move_pointer, random_game, watched_menu_app
from scenes import focus
from scenes.stack import screen_class, screens
from scenes.views.cursor import EDGE, RING

KINDS = (UIButton, UITextEntryLine, UIDropDownMenu, UIHorizontalSlider)


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    """A game hosted from a screen listens on loopback, on a port the system chooses."""
    monkeypatch.setenv("CALLIDUS_HOST_BIND", "loopback")
    monkeypatch.setenv("CALLIDUS_HOST_PORT", "0")


@pytest.fixture
def app(tmp_path):
    app = watched_menu_app(tmp_path)
    yield app
    while app.stack.top is not None:
        app.stack.pop()
    app.close()


def type_text(app, words: str) -> None:
    for char in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    frames(app, 2)


def focused(app):
    return app.stack.focus.widget if app.stack.focus.shown else None


def label(widget) -> str:
    return getattr(widget, "text", None) or type(widget).__name__


# --- every screen, with what it needs to be shown -----------------------------------------

def humans(game="calla", n=2):
    return {"game": game, "variant": None, "options": {}, "starter": "0",
            "seats": [{"name": f"Player {i + 1}", "kind": "human"} for i in range(n)]}


def kept_tournament():
    from scenes.tournament.common import db_path
    store = TournamentStore(db_path())
    stored = store.create(Tournament("Club night", [Entrant(n) for n in ("Ann", "Bob", "Cid",
                                                                         "Dee")],
                                     "swiss", [GameChoice("calla")], rounds=3))
    stored.pair_next_round()
    return store, stored


def open_screen(app, name, tmp_path):
    """Screen ``name`` on top, built with what it needs, as the program reaches it."""
    stack = app.stack
    if name in ("menu", "settings", "games", "net.join", "pause", "record.reading"):
        if name == "pause":
            stack.push("play", config=humans())
        if name == "record.reading":
            scene = screen_class(name)(app, path=tmp_path / "big.blksgf")
            scene.problem = "This file could not be read."     # no reader started
            return stack.push(scene)
        return stack.push(name)
    if name == "setup":
        return stack.push(name, game_name="calla")
    if name == "rules":
        return stack.push(name, game_name="calla")
    if name == "play":
        return stack.push(name, config=humans())
    if name == "question":
        return stack.push(name, heading="Restart?", words="The game is lost.", yes="Restart",
                          no="Cancel", on_yes=lambda: None)
    if name in ("results", "review"):
        start, texts, history = random_game("calla", 1)
        end = history[-1]
        if name == "results":
            return stack.push(name, config=humans(), state=end, move_texts=texts,
                              history=history)
        record = make_record(humans(), start, texts,
                             result=result_of(end, end.winner, end.end_reason))
        return stack.push(name, record=record)
    if name == "net.hosting":
        return stack.push(name, game={**humans(), "name": "Ann", "seat": 0})
    if name == "tournament.lobby":
        kept_tournament()
        return stack.push(name, folder=None)
    if name == "tournament.dialog":
        return stack.push(name, heading="Rename", note="A new name", confirm="Rename",
                          done=lambda text: None, initial="Club night")
    if name == "tournament.confirm":
        return stack.push(name, heading="Withdraw?", words="Ann leaves.", yes="Withdraw",
                          on_yes=lambda: None)
    store, stored = kept_tournament()
    if name == "tournament.new":
        return stack.push(name, store=store)
    if name == "tournament.result":
        rounds = stack.push("tournament.round", stored=stored, background=False)
        frames(app, 1)
        return stack.push(name, round_scene=rounds, round_no=1, board=1)
    if name == "tournament.round":
        return stack.push(name, stored=stored, background=False)
    if name == "tournament.standings":
        return stack.push(name, stored=stored, folder=tmp_path)
    return stack.push(name, stored=stored)


def expected(scene) -> list:
    """What a player can use on ``scene``: each button, text box, drop-down and slider
    shown and enabled (only a dialog's while one is open)."""
    windows = [w for w in scene.widgets if isinstance(w, UIWindow) and w.alive() and w.visible]
    if windows:
        inside, todo = [], list(windows[-1].get_container().elements)
        while todo:
            element = todo.pop()
            inside.append(element)
            if hasattr(element, "get_container") and not isinstance(element, KINDS):
                todo += list(element.get_container().elements)
        widgets = inside
    else:
        widgets = scene.widgets
    return [w for w in widgets if isinstance(w, KINDS) and w.alive() and w.visible
            and w.is_enabled]


def ring_pixels(surface, rect):
    """The middle of the ring's top line and the dark edge just outside it."""
    ring = pygame.Rect(rect).inflate(2 * (focus.GAP + focus.WIDTH), 2 * (focus.GAP + focus.WIDTH))
    inside = surface.get_rect().inflate(-2, -2)
    if not inside.contains(ring):
        ring = ring.clip(inside)
    x = ring.centerx
    return surface.get_at((x, ring.top + 1))[:3], surface.get_at((x, ring.top - 1))[:3]


def test_every_screen_is_named_here():
    import scenes.registry  # noqa: F401
    assert set(screens()) == set(SCREENS), "a screen to add to SCREENS"


SCREENS = ["menu", "setup", "play", "record.reading", "pause", "question", "results",
           "review", "rules", "games", "net.hosting", "net.join", "settings",
           "tournament.lobby", "tournament.dialog", "tournament.new", "tournament.round",
           "tournament.result", "tournament.standings", "tournament.podium",
           "tournament.roster", "tournament.late_entrant", "tournament.confirm",
           "tournament.hosting", "tournament.live"]


@pytest.mark.parametrize("name", SCREENS)
def test_tab_goes_once_round_every_button_and_box_of_every_screen_with_the_ring_shown(
        app, tmp_path, name):
    """From the first Tab, each button, text box, drop-down and slider the player can use
    has the focus once, then Tab comes back to the first; a light ring on a dark edge
    is drawn round each; Shift+Tab goes back the same way."""
    scene = open_screen(app, name, tmp_path)
    frames(app, 3)
    assert app.stack.top is scene
    usable = expected(scene)
    assert usable, f"{name}: nothing to use"
    part = scene.focus_part()
    visits = []
    for _ in range(len(usable) + 1 + (2 * len(part.key_areas()) if part is not None else 0)):
        if len(visits) > len(usable):
            break
        key(app, pygame.K_TAB)
        assert app.stack.top is scene, f"{name}: Tab left the screen"
        widget = focused(app)
        if widget is None:
            assert part is not None and part.focus_held(), f"{name}: Tab showed nothing"
            continue
        visits.append(widget)
        light, dark = ring_pixels(app.screen, widget.rect)
        assert light == RING and dark == EDGE, f"{name}: no ring round {label(widget)}"
    assert sorted(map(id, visits[:len(usable)])) == sorted(map(id, usable)), (
        f"{name}: Tab went to {[label(w) for w in visits]}, not {[label(w) for w in usable]}")
    assert visits[len(usable):] == visits[:1], f"{name}: Tab does not come back round"
    back = []
    for _ in range(len(usable) - 1):
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        back.append(focused(app))
    if part is None:
        assert back == visits[:len(usable)][::-1][:len(back)], f"{name}: Shift+Tab"


def test_the_ring_goes_when_the_mouse_is_used_and_comes_back_with_tab(app):
    menu = app.stack.top
    before = ring_pixels(app.screen, expected(menu)[0].rect)
    key(app, pygame.K_TAB)
    widget = focused(app)
    assert ring_pixels(app.screen, widget.rect) == (RING, EDGE)
    assert before != (RING, EDGE), "no ring before the first Tab"
    move_pointer(app, (5, 5))
    move_pointer(app, (9, 9))
    frames(app, 1)
    assert focused(app) is None and ring_pixels(app.screen, widget.rect) != (RING, EDGE)
    key(app, pygame.K_TAB)
    assert focused(app) is widget, "the ring comes back where it was"


def test_enter_on_the_menus_first_play_button_opens_that_games_setup(app):
    first = next(iter(GAMES))
    for _ in range(10):
        key(app, pygame.K_TAB)
        if label(focused(app)) == "Play":
            break
    key(app, pygame.K_RETURN, settle=3)
    assert app.stack.top.title == "setup" and app.stack.top.spec.name == first
    assert not MOUSE & set(app.seen)


def test_a_setup_is_filled_in_and_started_with_keys_only(app):
    """Tab to the setup's Play, Enter; the first seat's name box has the focus: a name
    typed, a drop-down opened and an option chosen with the arrows, Tab on to Start game
    and Enter: the game starts with that name and that choice, no mouse used."""
    for _ in range(10):
        key(app, pygame.K_TAB)
        if label(focused(app)) == "Play":
            break
    key(app, pygame.K_RETURN, settle=3)
    setup = app.stack.top
    assert setup.title == "setup"
    assert focused(app) is None, "the ring waits for the first Tab on a screen newly opened"
    key(app, pygame.K_TAB)
    entry = setup.name_entries[0]
    assert focused(app) is entry and entry.is_focused, "the first Tab: the first box, typing"
    type_text(app, "Zed")
    assert entry.get_text() == "Zed"
    key(app, pygame.K_TAB)                 # the first seat's kind
    assert isinstance(focused(app), UIDropDownMenu) and not entry.is_focused, "Tab leaves it"
    key(app, pygame.K_TAB)                 # the second seat's name, then its kind
    key(app, pygame.K_TAB)
    kind = focused(app)
    assert isinstance(kind, UIDropDownMenu)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN, settle=5)    # the option, the list, the drop-down, the setup
    assert setup.seats[1]["kind"].startswith("computer:")
    for _ in range(30):
        if label(focused(app)) == "Start game":
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN, settle=3)
    play = app.stack.top
    assert play.title == "play"
    # (who sits first is drawn at random: the seats are found by name and kind)
    assert sorted((seat["name"] == "Zed", seat["kind"]) for seat in play.seats) == [
        (False, "computer"), (True, "human")]
    assert not MOUSE & set(app.seen)


def test_esc_closes_an_open_drop_down_before_it_goes_back(app):
    settings = app.stack.push("settings")
    frames(app, 2)
    while not isinstance(focused(app), UIDropDownMenu) or focused(app) is not settings.style:
        key(app, pygame.K_TAB)
    before = app.settings["board_style"]
    key(app, pygame.K_SPACE)
    assert focus._expanded(settings.style)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is settings and not focus._expanded(settings.style)
    assert app.settings["board_style"] == before
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN, settle=5)
    assert app.settings["board_style"] != before, "an option chosen with the keys"
    volume = app.settings["volume"]
    while focused(app) is not settings.volume:
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_LEFT)
    assert app.settings["volume"] < volume, "Left turns the sound down"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.title == "menu"


def test_tab_in_the_play_screen_goes_board_trays_buttons_and_enter_opens_the_pause_menu(app):
    play = app.stack.push("play", config=humans("calliro"))
    frames(app, 2)
    view = play.view
    areas = [a.name for a in view.key_areas()]
    buttons = [w.text for w in sorted(expected(play), key=lambda w: (w.rect.y, w.rect.x))]
    assert len(areas) > 1 and "Menu" in buttons
    seen = []
    for _ in range(2 * (len(areas) + len(buttons)) + 1):
        key(app, pygame.K_TAB)
        widget = focused(app)
        if widget is not None:
            assert not view.cursor.shown, "one focus at a time"
            seen.append(widget.text)
        else:
            assert view.cursor.shown
            seen.append(view.cursor.area)
    # the first Tab shows the board's cursor where the player acts first; then round
    start = seen.index("board")
    assert seen[start:start + len(areas) + len(buttons)] == areas + buttons
    assert seen[start + len(areas) + len(buttons)] == "board"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    while view.cursor.shown:
        key(app, pygame.K_TAB)
    while focused(app).text != "Menu":
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN, settle=3)
    assert app.stack.top.title == "pause"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play
    key(app, pygame.K_LEFT)                # an arrow brings the focus back to the board
    assert view.cursor.shown and focused(app) is None
    assert not MOUSE & set(app.seen)


@pytest.mark.parametrize("game", every_game())
def test_enter_on_the_board_still_picks_up_and_puts_down(app, game):
    """Tab then Enter on the board acts there as before: the first Enter after Tab is
    the board's, not a button's."""
    config = humans(game, GAMES[game].players(None))
    play = app.stack.push("play", config=config)
    frames(app, 2)
    key(app, pygame.K_TAB)
    assert play.view.cursor.shown and focused(app) is None
    key(app, pygame.K_RETURN)
    assert app.stack.top is play


def test_reading_order_runs_right_to_left_in_a_language_written_so():
    class Box:
        def __init__(self, x, y):
            self.rect = pygame.Rect(x, y, 80, 40)
    a, b, c, d = Box(10, 10), Box(100, 12), Box(200, 8), Box(10, 80)
    assert focus.reading_order([d, c, a, b], right_to_left=False) == [a, b, c, d]
    assert focus.reading_order([d, c, a, b], right_to_left=True) == [c, b, a, d]


def test_tab_scrolls_a_long_list_to_reach_every_row(app):
    """Twelve tournaments in the lobby, more than its list shows: Tab goes on from the
    last card shown to the next, the list scrolling, until every card has had the focus."""
    from scenes.tournament.common import db_path
    store = TournamentStore(db_path())
    for i in range(12):
        store.create(Tournament(f"Club night {i + 1}", [Entrant(n) for n in ("Ann", "Bob")],
                                "swiss", [GameChoice("calla")], rounds=1))
    lobby = app.stack.push("tournament.lobby", folder=None)
    frames(app, 2)
    assert lobby.card_list.scrolls, "the list is longer than its room"
    reached = set()
    for _ in range(200):
        key(app, pygame.K_TAB, settle=1)
        what = lobby.actions.get(focused(app))
        if what is not None:
            reached.add(what[1].id)
    assert reached == {info.id for info in lobby.infos}
    store.close()


def tab_to(app, text: str, limit: int = 40) -> None:
    """Tab until the button ``text`` has the focus."""
    for _ in range(limit):
        key(app, pygame.K_TAB)
        if label(focused(app)) == text:
            return
    raise AssertionError(f"Tab never reached {text!r}")


def test_a_screens_own_keys_keep_their_meaning_until_tab_is_pressed_there(app):
    """The ring used on the menu, then a game's results come: Enter still means Rematch
    there, as before; after a Tab there it presses the button the ring is on."""
    key(app, pygame.K_TAB)
    assert focused(app) is not None
    start, texts, history = random_game("calla", 1)
    app.stack.push("results", config=humans(), state=history[-1], move_texts=texts,
                   history=history)
    frames(app, 2)
    assert focused(app) is None
    key(app, pygame.K_RETURN, settle=3)
    assert app.stack.top.title == "play", "Enter on the results: a rematch"
    app.stack.pop()
    app.stack.push("results", config=humans(), state=history[-1], move_texts=texts,
                   history=history)
    frames(app, 2)
    tab_to(app, "Back to menu")
    key(app, pygame.K_RETURN, settle=3)
    assert app.stack.top.title == "menu", "Enter pressed the button in focus"


def test_tab_stays_in_a_dialog_while_it_is_open(app):
    """Open game's file dialog over the menu: Tab goes round the dialog's own boxes and
    buttons only; Esc closes it."""
    menu = app.stack.top
    tab_to(app, "Open game")
    key(app, pygame.K_RETURN, settle=3)
    assert menu.dialog is not None and menu.dialog.alive()
    def inside(element) -> bool:
        """Whether ``element`` is one of the dialog's, also inside its file list."""
        box, seen = menu.dialog.get_container(), set()
        while element is not None and id(element) not in seen:
            if element is box:
                return True
            seen.add(id(element))
            element = getattr(element, "ui_container", None)
        return False
    for _ in range(12):
        key(app, pygame.K_TAB)
        assert inside(focused(app)), f"Tab left the dialog for {label(focused(app))}"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu and not (menu.dialog and menu.dialog.alive())


def test_the_focus_moves_to_the_nearest_button_when_its_own_can_no_longer_be_used(app):
    """Undo pressed with the keys until nothing is left to undo: the ring goes to the
    nearest button that can be used (Redo) instead of vanishing."""
    play = app.stack.push("play", config=humans("calla"))
    frames(app, 2)
    play.apply(play.state.legal_moves()[0])
    frames(app, 60)
    assert play.undo_button.is_enabled
    for _ in range(12):
        key(app, pygame.K_TAB)
        if focused(app) is play.undo_button:
            break
    key(app, pygame.K_RETURN, settle=3)
    assert play.cursor == 0 and not play.undo_button.is_enabled
    frames(app, 1)
    assert focused(app) is play.redo_button
    assert ring_pixels(app.screen, play.redo_button.rect) == (RING, EDGE)
