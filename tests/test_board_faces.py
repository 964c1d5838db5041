"""What a newcomer sees in the first hour: Calla's board turned to the one human playing B
(as Calabria's to the Gladiators), one banner for free turns that follow each other, the
board and the sidebar telling the same turn at every frame of a sowing, Calliro's chips
whole beside a chip turning over, its point banner clear of the chips to choose from, the
underside glimpse told as the landing chip's other side, a pause menu nothing shows
through, and setup buttons clear of the window's bottom edge."""

import json

import pygame
import pytest

from game import GAMES
from game.calla import CALLA
from game.calliro import parse_cell
from helpers import click, every_game, frames, key, make_app, menu_app, move_pointer, \
    set_position, wait_until
from scenes import assets
from scenes.views.base import render_static
from scenes.views.calla.view import CallaView

CALLA_SPEC = GAMES["calla"]


def calla_config(seats, starter="0"):
    return {"game": "calla", "variant": CALLA_SPEC.variants[0], "options": {},
            "starter": starter, "time_control": None, "seats": seats}


COMPUTER_A = [{"name": "Computer", "kind": "computer", "level": "random"},
              {"name": "Ann", "kind": "human"}]
TWO_HUMANS = [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]


def ann_plays_b(app):
    """Ann alone against the computer, playing B, her turn after the computer's first move."""
    play = app.stack.push("play", config=calla_config([dict(s) for s in COMPUTER_A]), seed=1)
    play.thinker.cancel()
    play.apply(1)                       # the computer's A sows its 1st shield
    play.view.finish_animation()
    frames(app, 2)
    assert play.state.to_move == 1
    return play


def bottom_label(app, play):
    """The words drawn under Calla's board (the player whose shields run along the bottom)."""
    with assets.TextRecorder() as drawn:
        app.draw()
    below = [(rect, words) for rect, words in drawn.on(app.screen)
             if rect.top > play.view.board_rect.bottom]
    return min(below, key=lambda item: item[0].top)[1]


# --- Calla turned to the one human playing B --------------------------------------------

def test_calla_turns_the_board_for_one_human_playing_b(app):
    play = ann_plays_b(app)
    view = play.view
    board = view.board_rect
    b_shields = [view.pits_rects[i] for i in range(6, 11)]
    assert all(r.centery > board.centery for r in b_shields), "B's shields along the bottom"
    assert [r.x for r in b_shields] == sorted(r.x for r in b_shields), "left to right, 1st first"
    assert view.pits_rects[CALLA[1]].centerx > board.centerx, "B's calla on Ann's right"
    assert view.pits_rects[0].centery < board.centery, "A's shields across the table"
    assert bottom_label(app, play).startswith("Ann")
    assert "bottom row" in play.prompt()


def test_keys_hover_and_drag_follow_the_turned_board(app):
    play = ann_plays_b(app)
    view = play.view
    left = min((view.pits_rects[i] for i in range(6, 11)), key=lambda r: r.x)
    move_pointer(app, left.center)
    assert view.hover == 6, "the shield under the pointer is B's 1st"
    assert view.status.startswith(f"{play.state.pits[6]} cubes")
    key(app, pygame.K_1)
    assert play.notation[-1] == "1" and play.state.last["origin"] == 6, "key 1: the leftmost"
    play.view.finish_animation()
    frames(app, 2)
    # drag the cubes of the shield drawn second from the left onto the board
    play.thinker.cancel()
    play.apply(3)                       # the computer's A sows its 3rd shield: Ann's turn
    play.view.finish_animation()
    frames(app, 2)
    second = sorted((view.pits_rects[i] for i in range(6, 11)), key=lambda r: r.x)[1]
    before = play.cursor
    move_pointer(app, second.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=second.center, button=1))
    frames(app, 1)
    move_pointer(app, view.board_rect.center, buttons=(1, 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=view.board_rect.center,
                                         button=1))
    frames(app, 2)
    assert play.cursor == before + 1 and play.history[-1].last["origin"] == 7


def test_the_turn_is_a_setting_shared_with_calabria_and_only_for_one_human(app):
    app.settings.set("turn_board", False)
    play = ann_plays_b(app)
    assert play.view.pits_rects[6].centery < play.view.board_rect.centery, "as usual"
    assert bottom_label(app, play).startswith("Computer")
    app.settings.set("turn_board", True)          # changed from the pause menu
    frames(app, 2)
    assert play.view.pits_rects[6].centery > play.view.board_rect.centery
    assert bottom_label(app, play).startswith("Ann")
    play.view.seats[0]["kind"] = "human"          # two at one screen: as usual
    frames(app, 2)
    assert play.view.pits_rects[6].centery < play.view.board_rect.centery


def test_the_rules_diagrams_keep_a_at_the_bottom_and_the_review_shows_it_as_played(app):
    def picture(seats):
        surface = pygame.Surface((800, 500))
        # a new position each time: the pictures are kept by position
        render_static(app, CallaView, CALLA_SPEC, surface, (0, 0, 800, 500),
                      CALLA_SPEC.new_game(), seats=seats)
        return pygame.image.tobytes(surface, "RGB")
    # the final board on the results screen and a rules diagram are pictures: A stays at the
    # bottom, as the rules' words say, whoever sat at the board
    as_two = [{"name": "Computer", "kind": "human"}, {"name": "Ann", "kind": "human"}]
    assert picture(COMPUTER_A) == picture(as_two)
    from game.records.record import make_record
    record = make_record(calla_config([dict(s) for s in COMPUTER_A]), CALLA_SPEC.new_game(),
                         ["1"])
    review = app.stack.push("review", record=record)
    frames(app, 2)
    view = review.view
    assert view.pits_rects[6].centery > view.board_rect.centery, \
        "the review shows the board Ann played on"
    app.stack.pop()
    app.settings.set("turn_board", False)
    review = app.stack.push("review", record=record)
    frames(app, 2)
    assert review.view.pits_rects[6].centery < review.view.board_rect.centery


def test_a_settings_file_of_an_earlier_version_keeps_the_turn_switched_off(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"turn_board_for_gladiators": False}))
    app = make_app(tmp_path)
    try:
        assert app.settings["turn_board"] is False and app.settings.problem is None
        settings = app.stack.push("settings")
        frames(app, 2)
        assert any(text == "Turn the board to face the player" for text, _ in settings.rows)
        assert settings.turn_board.selected_option[0] == "Off"
    finally:
        app.close()


# --- Calla: banners and the turn told during a sowing -----------------------------------

def banners_drawn(app, monkeypatch, words):
    """How many banners saying ``words`` the next frame draws."""
    import scenes.views.base as base
    rendered = []
    real = base.assets.font

    class Spy:
        def __init__(self, font):
            self.font = font

        def render(self, text, *args):
            rendered.append(text)
            return self.font.render(text, *args)

        def __getattr__(self, name):
            return getattr(self.font, name)

    monkeypatch.setattr(base.assets, "font", lambda *a, **k: Spy(real(*a, **k)))
    app.draw()
    monkeypatch.setattr(base.assets, "font", real)
    return rendered.count(words)


def test_free_turns_one_after_another_show_one_banner(app, monkeypatch):
    play = app.stack.push("play", config=calla_config([dict(s) for s in TWO_HUMANS]), seed=1)
    frames(app, 2)
    # A's 5th shield holds 1 cube (into the calla), then the 4th 2 cubes (the last in the calla)
    set_position(play, {"pits": [3, 3, 4, 2, 1, 0, 4, 4, 4, 4, 3, 0], "to_move": 0})
    key(app, pygame.K_5)
    assert wait_until(app, lambda: not play.view.busy, seconds=10)
    assert play.state.to_move == 0 and banners_drawn(app, monkeypatch, "Free turn!") == 1
    key(app, pygame.K_4)
    assert wait_until(app, lambda: not play.view.busy, seconds=10)
    assert play.state.to_move == 0 and play.state.last["free_turn"]
    assert banners_drawn(app, monkeypatch, "Free turn!") == 1, "one banner, refreshed"
    assert len(play.view.banners) == 1


def test_the_board_and_the_sidebar_tell_the_same_turn_at_every_frame_of_a_sowing(app,
                                                                                  monkeypatch):
    app.settings.set("animation_speed", 1.0)
    play = app.stack.push("play", config=calla_config([dict(s) for s in TWO_HUMANS]), seed=1)
    frames(app, 2)
    shown = []
    draw = play.sidebar.draw

    def spy(surface, state, moves, **kwargs):
        shown.append(state.to_move)
        draw(surface, state, moves, **kwargs)
    monkeypatch.setattr(play.sidebar, "draw", spy)
    key(app, pygame.K_3)
    assert play.view.busy
    frames_seen = 0
    while play.view.busy or frames_seen < 2:
        with assets.TextRecorder() as drawn:
            app.step(1 / 60)
        frames_seen += 1
        board_says = [words for _, words in drawn.on(app.screen) if words.endswith("- to move")]
        assert len(board_says) == 1
        sidebar_says = play.seats[shown[-1]]["name"]
        assert board_says[0].startswith(sidebar_says), (frames_seen, board_says, sidebar_says)
        assert frames_seen < 600
    assert board_says[0].startswith("Bob")


# --- Calliro ----------------------------------------------------------------------------

def start_calliro(app):
    play = app.stack.push("play", config={
        "game": "calliro", "variant": GAMES["calliro"].variants[0], "options": {},
        "starter": "0", "time_control": None,
        "seats": [{"name": "Blue", "kind": "human"}, {"name": "Green", "kind": "human"}]},
        seed=1)
    frames(app, 2)
    return play


def test_a_chip_turning_over_casts_a_shadow_no_wider_than_it_looks(tmp_path, monkeypatch):
    """The shadow of a chip turning over narrows with it: never a dark block as wide as the
    chip's whole picture, cut square, in the well beside the chips around it."""
    from scenes.views.calliro.overlays import Overlays
    app = menu_app(tmp_path, animation_speed=0.5)
    try:
        play = start_calliro(app)
        view = play.view
        set_position(play, {"cells": {"e5": "B/g", "d4": "O/g", "f5": "G/o"}, "to_move": 0})
        frames(app, 3)
        screen = app.screen
        chip = {}
        blit = Overlays._blit_chip

        def spy(self, surface, img, pos, *args, **kwargs):
            chip["img"], chip["rect"] = img, img.get_rect(center=(int(pos[0]), int(pos[1])))
            if not chip.get("hidden"):
                blit(self, surface, img, pos, *args, **kwargs)
        monkeypatch.setattr(Overlays, "_blit_chip", spy)
        click(app, view.cell_center(parse_cell("e5")), settle=0)
        x0, y0 = view.cell_center(parse_cell("e5"))
        size = view.board.chip_size
        box = pygame.Rect(x0 - size, y0 - size, 2 * size, 2 * size)
        widest, frames_seen = [], 0
        while True:
            app.step(1 / 60)
            if not view.busy:
                break
            frames_seen += 1
            shown = screen.subsurface(box).copy()
            chip["hidden"] = True           # the same frame without the chip and its shadow
            app.draw()
            chip["hidden"] = False
            img, rect = chip["img"], chip["rect"]
            seen = img.get_bounding_rect().width        # the chip as wide as it looks
            rows = {}
            for y in range(box.height):
                for x in range(box.width):
                    spot = (box.x + x, box.y + y)
                    if shown.get_at((x, y)) == screen.get_at(spot):
                        continue
                    if rect.collidepoint(spot) and \
                            img.get_at((spot[0] - rect.x, spot[1] - rect.y))[3]:
                        continue                # the chip itself
                    rows.setdefault(y, []).append(x)
            if rows:
                widest.append((max(max(xs) - min(xs) + 1 for xs in rows.values()), seen))
        assert frames_seen > 10 and widest, "the shadow was seen"
        assert all(shadow <= seen + 2 for shadow, seen in widest), widest
    finally:
        app.close()


def test_the_point_banner_leaves_the_chips_to_choose_from_in_view(tmp_path):
    """Two points at once: the first score chip is placed while the banner still shows;
    the banner then keeps clear of the second arc's chips, or gives way."""
    app = make_app(tmp_path, size=(960, 600))
    try:
        from scenes.menu import MenuScene
        app.settings.set("animation_speed", 4.0)
        app.settings.set("glimpse_seconds", 0.0)
        app.stack.push(MenuScene(app))
        frames(app, 2)
        play = start_calliro(app)
        view = play.view
        set_position(play, {"cells": {"e5": "B/o", "f5": "O/g", "d4": "B/g", "c5": "O/b"},
                            "to_move": 0})
        frames(app, 2)
        click(app, view.trays.chip_centre("O"))
        click(app, view.cell_center(parse_cell("e4")), settle=1)
        assert wait_until(app, lambda: not view.busy and view.banners, seconds=5)
        click(app, view.cell_center(parse_cell("c5")), settle=1)
        assert wait_until(app, lambda: not view.busy, seconds=5)
        assert play.state.pending_cells == [parse_cell("e5")] and view.banners, \
            "the banner still shows as the second choice is asked"
        screen = app.screen
        while view.banners:
            app.step(1 / 60)
            targets = [view.cell_center(m.cell) for m in play.state.legal_moves()]
            seen = [screen.get_at(t)[:3] for t in targets]
            banners, view.banners = view.banners, []
            app.draw()
            view.banners = banners
            assert seen == [screen.get_at(t)[:3] for t in targets], "a chip to click is hidden"
    finally:
        app.close()


def test_the_glimpse_is_told_as_the_chips_underside(tmp_path):
    app = menu_app(tmp_path, animation_speed=4.0, glimpse_seconds=0.6)
    try:
        play = start_calliro(app)
        view = play.view
        click(app, view.trays.chip_centre("G"))
        click(app, view.cell_center(parse_cell("c3")), settle=0)
        phases = {}
        while view.busy:
            with assets.TextRecorder() as drawn:
                app.step(1 / 60)
            phase = view.anim["phases"][view.anim["index"]][0] if view.anim else None
            said = [rect for rect, words in drawn.on(app.screen) if words == "underside"]
            phases.setdefault(phase, []).append(said)
        x, y = view.cell_center(parse_cell("c3"))
        assert all(len(s) == 1 for s in phases["glimpse"]), "said all through the glimpse"
        assert all(abs(s[0].centerx - x) < 4 and 0 < s[0].top - y < view.board.chip_size
                   for s in phases["glimpse"]), "just under the chip"
        assert not any(phases.get("drop", []) + phases.get("fly", [])), \
            "not before the chip turns over"
        assert len(phases["turn"]) >= 9, "the chip is seen turning over, at any speed"
        with assets.TextRecorder() as drawn:
            frames(app, 2)
        assert not any(words == "underside" for _, words in drawn.on(app.screen))
    finally:
        app.close()


# --- the pause menu, the setup ----------------------------------------------------------

def test_nothing_shows_through_the_pause_menu_over_callisto(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    try:
        from scenes.menu import MenuScene
        app.stack.push(MenuScene(app))
        frames(app, 2)
        play = app.stack.push("play", config={
            "game": "callisto", "variant": GAMES["callisto"].variants[0], "options": {},
            "starter": "0", "time_control": None,
            "seats": [{"name": "Blue", "kind": "human"}, {"name": "Green", "kind": "human"}]},
            seed=1)
        frames(app, 2)
        slot = next(iter(play.view.trays._trays[0].slots.values()))
        move_pointer(app, slot.center)
        key(app, pygame.K_ESCAPE)
        pause = app.stack.top
        box = pause.box.inflate(-24, -24)        # inside the panel's rounded corners
        over_game = app.screen.subsurface(box).copy()
        draw = play.draw
        play.draw = lambda surface: surface.fill((0, 0, 0))     # nothing under the menu
        app.draw()
        play.draw = draw
        assert pygame.image.tobytes(app.screen.subsurface(box), "RGB") == \
            pygame.image.tobytes(over_game, "RGB"), "the game shows through the menu"
    finally:
        app.close()


@pytest.mark.parametrize("game", every_game())
def test_the_setup_buttons_keep_a_margin_in_the_smallest_window(tmp_path, game):
    app = make_app(tmp_path, size=(960, 600))
    try:
        from scenes.menu import MenuScene
        app.stack.push(MenuScene(app))
        frames(app, 2)
        click(app, app.stack.top.play_buttons[game].rect.center)
        setup = app.stack.top
        for button in (setup.back_button, setup.rules_button, setup.start_button):
            assert button.rect.bottom <= 600 - 12, f"{button.text} touches the bottom edge"
        assert setup.box.bottom < setup.start_button.rect.top
    finally:
        app.close()
