"""Persian, written right to left, on the menu, the setups, the rules pages and the network
screens: what reads in order runs from the right (a card's title, then its buttons; a
setup's labels, then their fields; the join screen's boxes, then the host's boards), the
words inside the rules pages' pictures are translated, no English is left, and the network
screens' texts fit at both sizes in every shipped language."""

from __future__ import annotations

import re

import pygame
import pygame_gui
import pytest

from game import GAMES
from game.net import discovery
from scenes import assets
from scenes.net.hosting import HostGameScene

from helpers import every_game, frames, key, make_app, wait_until
from test_text_fits import LANGUAGES, LONG, SIZES, in_language

HOSTS = [discovery.FoundHost("Ann's Calla", "calla", "192.168.1.20", 8765, True),
         discovery.FoundHost("Club du jeudi 李", None, "192.168.1.31", 8766, False)]
BOARDS = [{"board": 1, "game": "calla", "variant": "", "time_control": "5+3",
           "names": ["Ann", None], "free": [1], "status": "waiting", "ply": 0},
          {"board": 2, "game": "iriri", "variant": "", "time_control": "none",
           "names": [LONG, "王秀英"], "free": [], "status": "", "ply": 41},
          {"board": 3, "game": "callisto", "variant": "callisto", "time_control": "15+10",
           "names": ["Bob", "Zoë", None, None], "free": [2, 3], "status": "paused", "ply": 7}]


@pytest.fixture
def speaking():
    from game import i18n
    yield
    i18n.use("en", persian_digits=False)


class StandInHost:
    """What the join screen hears from a host: the connection opening, then its boards."""

    def __init__(self, url, password=None):
        self.url = url
        self.on_arrival = None
        self.waiting = [{"type": "connection", "state": "open"},
                        {"type": "boards", "boards": BOARDS}]

    def poll(self):
        out, self.waiting = self.waiting, []
        return out

    def list_boards(self):
        self.waiting.append({"type": "boards", "boards": BOARDS})

    def close(self):
        pass


@pytest.fixture
def hosts_heard(monkeypatch):
    """The join screen hears HOSTS on the network and connects to a stand-in host."""
    from game.net import client
    monkeypatch.setattr(discovery, "browse", lambda timeout=2.0, interfaces=None: list(HOSTS))
    monkeypatch.setattr(client, "ClientThread", StandInHost)


def join_screen(app):
    """The join screen with the hosts heard listed and the first one's boards shown."""
    join = app.stack.push("net.join")
    assert wait_until(app, lambda: join.hosts == HOSTS, 10), "the hosts heard are listed"
    join.address_entry.set_text("192.168.1.20:8765")
    join.connect()
    assert wait_until(app, lambda: len(join.boards) == len(BOARDS), 10), "the boards listed"
    frames(app, 2)
    return join


class StandInRemote:
    """The hosting screen's seat at its own board: Ann seated, the other seat free."""

    def __init__(self):
        from types import SimpleNamespace
        self.view = SimpleNamespace(names=[LONG, None], seat=0, game="calla", variant="calla",
                                    time_control="5+3")
        self.connection, self.ready, self.problem, self.session = "open", True, "", None

    def poll(self):
        pass

    def close(self):
        pass


def hosting_screen(app, problem=""):
    """The hosting screen of a Calla game at 5+3, the address and code shown."""
    game = {"game": "calla", "variant": "calla", "options": {}, "time_control": "5+3",
            "name": LONG, "seat": 0}
    hosting = HostGameScene(app, game=game)
    hosting.started = True                     # no host of its own: a stand-in seat
    hosting.url, hosting.code = "ws://192.168.1.20:8765", "K7Q-F2M"
    hosting.remote = StandInRemote()
    hosting.problem = problem
    app.stack.push(hosting)
    frames(app, 2)
    return hosting


def drawn_texts(app) -> list[tuple[pygame.Rect, str]]:
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    return recorder.on(app.screen)


def text_rect(app, words) -> pygame.Rect:
    found = [rect for rect, text in drawn_texts(app) if text == words]
    assert found, f"{words!r} is not drawn"
    return found[0]


# --- the order of what reads in order -------------------------------------------------------

@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_menu_card_starts_with_its_title_at_the_right_in_persian(tmp_path, code, speaking):
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language(code)
        menu = app.stack.push("menu")
        frames(app, 2)
        drawn = drawn_texts(app)
        for spec, card in menu.rows:
            title = next(rect for rect, text in drawn if text == spec.title)
            buttons = [menu.rules_buttons[spec.name].rect, menu.play_buttons[spec.name].rect,
                       menu.computer_buttons[spec.name].rect]
            if code == "fa":
                # read from the right: the title, then Play the computer, Play and Rules
                assert title.right == card.right - 22, spec.name
                assert all(title.left > b.right for b in buttons), spec.name
                assert [b.x for b in buttons] == sorted(b.x for b in buttons), spec.name
                assert buttons[0].left == card.left + 10, spec.name
            else:
                assert title.left == card.left + 22, spec.name
                assert all(title.right < b.left for b in buttons), spec.name
                assert [b.x for b in buttons] == sorted((b.x for b in buttons), reverse=True)
                assert buttons[0].right == card.right - 10, spec.name
            blurb = next(rect for rect, text in drawn
                         if rect.top > title.bottom and card.contains(rect))
            assert (blurb.right == card.right - 22) if code == "fa" else (
                blurb.left == card.left + 22), spec.name
        # the buttons under the cards: Tournament first, from the right in Persian
        first, second = menu.tournament_button.rect, menu.join_button.rect
        assert (first.x > second.x) if code == "fa" else (first.x < second.x)
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "fa"])
@pytest.mark.parametrize("game", every_game())
def test_a_setups_labels_are_right_of_their_fields_in_persian(tmp_path, game, code, speaking):
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language(code)
        setup = app.stack.push("setup", game_name=game)
        frames(app, 2)
        drawn = drawn_texts(app)
        fields = list(setup.controls.values()) + setup.name_entries
        for label, y in setup.rows:
            rect = next(r for r, text in drawn if text == label and abs(r.top - y - 6) < 4)
            row = [f.rect for f in fields if f.rect.top == y]
            assert row, (label, y)
            if code == "fa":
                assert rect.right == setup.box.right, label
                assert all(rect.left > f.right for f in row), label
            else:
                assert rect.left == setup.box.left, label
                assert all(rect.right < f.left for f in row), label
        # a seat's row: its name first (from the right in Persian), then who plays it
        for i, entry in enumerate(setup.name_entries):
            kind = setup.controls[f"seat{i}"].rect
            assert (entry.rect.left > kind.right) if code == "fa" else \
                (entry.rect.right < kind.left)
        # the buttons under the rows: Back first, Start game last
        back, start = setup.back_button.rect, setup.start_button.rect
        assert (back.x > start.x) if code == "fa" else (back.x < start.x)
        assert (back.right == setup.box.right) if code == "fa" else (back.x == setup.box.x)
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_join_screens_boxes_and_list_of_boards_mirror_in_persian(tmp_path, code, hosts_heard,
                                                                     speaking):
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language(code)
        join = join_screen(app)
        rtl = code == "fa"
        # the boxes to type in first, the host's boards after them
        assert (join.left.x > join.right.right) if rtl else (join.left.right < join.right.x)
        code_box, name_box = join.code_entry.rect, join.name_entry.rect
        assert (code_box.x > name_box.right) if rtl else (code_box.right < name_box.x)
        first, second = join.board_words(join.boards[0])
        words = text_rect(app, first)
        row = join.board_list.row_rect(0)
        take, watch = [b.rect for b, (action, board) in join.board_buttons.items()
                       if board["board"] == 1 and b.alive()]
        if rtl:
            assert words.right == row.right and words.left > max(take.right, watch.right)
            assert take.x > watch.x and watch.x == row.x + 2
        else:
            assert words.left == row.left and words.right < min(take.x, watch.x)
            assert take.x < watch.x and watch.right == row.right - 2
        host_row = join.host_list.row_rect(0)
        use = next(b.rect for b, found in join.host_buttons.items()
                   if found == HOSTS[0] and b.alive())
        event = text_rect(app, HOSTS[0].event)
        assert (event.right == host_row.right and use.right < event.left) if rtl else \
            (event.left == host_row.left and use.left > event.right)
        assert (join.back_button.rect.right > app.size[0] // 2) if rtl else \
            (join.back_button.rect.x < app.size[0] // 2)
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_hosting_screen_gives_the_address_first_from_the_right_in_persian(tmp_path, code,
                                                                               speaking):
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language(code)
        hosting = hosting_screen(app)
        address, join_code = text_rect(app, hosting.url), text_rect(app, hosting.code)
        box = hosting.box.inflate(-60, 0)
        if code == "fa":
            assert address.right == box.right and join_code.right < address.left
        else:
            assert address.left == box.left and join_code.left > address.right
    finally:
        app.close()


@pytest.mark.parametrize("code", ["en", "fa"])
def test_a_rules_page_turns_towards_the_left_in_persian(tmp_path, code, speaking):
    """The text first, its picture beside it, and Next where a line ends: at the left in
    Persian, where the arrow pointing at it turns the page on."""
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language(code)
        rules = app.stack.push("rules", game_name="iriri")
        frames(app, 2)
        rtl = code == "fa"
        assert (rules.text_rect.x > rules.diagram_rect.right) if rtl else \
            (rules.text_rect.right < rules.diagram_rect.x)
        back, previous, following = (rules.back_button.rect, rules.prev_button.rect,
                                     rules.next_button.rect)
        assert (back.x > previous.x > following.x) if rtl else (back.x < previous.x < following.x)
        onwards, backwards = (pygame.K_LEFT, pygame.K_RIGHT) if rtl else (pygame.K_RIGHT,
                                                                         pygame.K_LEFT)
        key(app, onwards)
        assert rules.page == 1
        key(app, backwards)
        assert rules.page == 0
    finally:
        app.close()


# --- fitting ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_network_screens_fit_in_every_language(tmp_path, code, size, hosts_heard, speaking):
    """Join a table (hosts heard, a host's boards), hosting a game (the address and code,
    the seats) and hosting that failed: no text over another, none out of its panel, every
    button's words inside it."""
    app = make_app(tmp_path, size=size)
    try:
        app.set_language(code, persian_digits=code == "fa")
        join = join_screen(app)
        join._say(join.notice)
        in_language(app, code, "join", [join.left, join.right])
        app.stack.pop()
        hosting = hosting_screen(app)
        in_language(app, code, "hosting", [hosting.box])
        app.stack.pop()
        hosting = hosting_screen(app, problem="Could not host the game: Address already in use")
        in_language(app, code, "hosting-problem", [hosting.box])
        app.stack.pop()
    finally:
        app.close()


# --- no English left ----------------------------------------------------------------------

#: Words that stay as they are in every language: the program's and the games' names, the
#: games' own terms (a calla, Calabria's Latin), a file's ending, a protocol's, and the names
#: the screens are given here.
KEPT = ({"Callidus", "calla", "Dux", "Alligatus", "blksgf", "TCP", "Icehouse"}
        | {spec.title for spec in GAMES.values()}
        | set(re.findall(r"[A-Za-z]+", " ".join([LONG, "Ann", "Bob", "Zoë"] +
                                                [h.event for h in HOSTS]))))


def english(texts) -> list[str]:
    """The texts holding a word of three letters or more that is English (notation such as
    e4-e7 or Ys@0,0 and the words kept in every language aside)."""
    return sorted({text for text in texts
                   if any(word not in KEPT for word in re.findall(r"[A-Za-z]{3,}", text))})


class Seen:
    """Every text drawn while it is on: by ``assets.text``, by a picture's own fonts, and the
    words of every visible button and drop-down."""

    def __init__(self, monkeypatch):
        self.texts: list[str] = []
        render = assets.render
        font_render = assets.SafeFont.render

        def rendered(words, *args, **kwargs):
            self.texts.append(str(words))
            return render(words, *args, **kwargs)

        def font_rendered(font, words, *args, **kwargs):
            self.texts.append(str(words))
            return font_render(font, words, *args, **kwargs)
        monkeypatch.setattr(assets, "render", rendered)
        monkeypatch.setattr(assets.SafeFont, "render", font_rendered)

    def widgets(self, app) -> None:
        for widget in app.ui.get_sprite_group().sprites():
            if not widget.visible:
                continue
            if isinstance(widget, pygame_gui.elements.UIButton):
                self.texts.append(widget.text)
            elif isinstance(widget, pygame_gui.elements.UIDropDownMenu):
                self.texts.append(str(widget.selected_option[0]))


def test_no_english_is_left_on_the_menu_setups_rules_pictures_and_network_screens(
        tmp_path, hosts_heard, monkeypatch, speaking):
    from scenes.views import base
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language("fa")
        seen = Seen(monkeypatch)
        left = {}

        def look(name):
            seen.texts = []
            frames(app, 2)
            seen.widgets(app)
            found = english(seen.texts)
            if found:
                left[name] = found
        app.stack.push("menu")
        look("menu")
        for game in every_game():
            app.stack.push("setup", game_name=game)
            look(f"setup-{game}")
            app.stack.pop()
            base._static_cache.clear()          # the pictures drawn anew, words and all
            rules = app.stack.push("rules", game_name=game)
            for page, section in enumerate(rules.sections):
                if "diagram" in section:
                    rules.page = page
                    rules.resize()
                    look(f"rules-{game}-{page}")
            app.stack.pop()
        join_screen(app)
        look("join")
        app.stack.pop()
        hosting_screen(app)
        look("hosting")
        assert not left, f"English left in Persian: {left}"
    finally:
        app.close()
