"""Nothing a player clicks is smaller than 24 pixels across, and every count reads.

Each game is started in the real play screen at the smallest window (960x600) and
the largest usual one (1920x1080), in every variant that changes the trays, and
each place the player can act on is measured as the view itself reports it to its
mouse hit test and its keyboard cursor (``key_areas()``: the trays, hands, the
Repository, the supply, the ring, the shields, and the board's squares or cells).
A click at the middle of each place off the board must pick up what lies there
(or, where a click does not pick anything up, the view's own hit test must find it
there), so that what is measured is what the mouse meets.  Then every count a tray shows ("x3") is measured where the tray
draws it: a pill at least 24 pixels wide or tall, in its own pile's place,
clear of its pile and of every other place.

Only what the player to move can act on must be 24 pixels: in three- and four-
colour Callisto the other colours' trays are shown compact (a strip of small
pieces with no counts), as nothing can be picked from them on this turn.
Callisto's board itself is 20 squares a side (14 for two colours) in a view 528
pixels tall at 960x600: its squares are 16 to 19 pixels there and 18 to 21 at
1024x640, and reach 24 from 1280x720 (the trays give it the width), so its board
is measured from 1280x720 up.  Between the two sizes every place is measured
again at the window sizes players use most.
"""

from __future__ import annotations

import pygame
import pytest

from game import GAMES
from helpers import click, every_game, frames, make_app
from scenes.menu import MenuScene
from scenes.views.drawing import MIN_TARGET, PILL_TEXT

SIZES = ((960, 600), (1920, 1080))
#: Window sizes between, as players have them (the default 1280x800 among them).
BETWEEN = ((1024, 640), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900))

#: (game, variant, how far into the game) for every variant that changes the trays,
#: the phases whose trays differ: Calabria's positioning (the hand) and movement (the
#: barricades), Iriri's taking from the ring after a word, and four-colour Callisto after
#: a move (another colour's tray to pick from).
MOMENTS = {
    "calla": [(None, "start")],
    "calliro": [(None, "start")],
    "callisto": [("callisto_2", "start"), ("callisto_3", "start"), ("callisto", "start"),
                 ("callisto", "one move"), ("callisto_2_4", "start")],
    "iriri": [(None, "start"), (None, "one move")],
    "calabria": [(None, "start"), (None, "movement")],
}
#: Every registered game (one not in MOMENTS at its start), at each of its moments.
CASES = [(game, variant, when) for game in every_game()
         for variant, when in MOMENTS.get(game, [(None, "start")])]


#: The games whose trays show counts: Calla's shields count their cubes on the board
#: itself, and Iriri's hands show each pyramid apart.
COUNTED = [case for case in CASES if case[0] not in ("calla", "iriri")]


def test_every_game_is_measured():
    assert sorted({game for game, _, _ in CASES}) == sorted(every_game())
    for game in every_game():
        measured = {variant or GAMES[game].variants[0] for g, variant, _ in CASES if g == game}
        assert measured == set(GAMES[game].variants), f"{game}: a variant not measured"


@pytest.fixture
def table(tmp_path):
    apps = []

    def open_game(size, game, variant, when):
        app = make_app(tmp_path, size)
        apps.append(app)
        app.settings.set("animation_speed", 4.0)
        app.stack.push(MenuScene(app))
        spec = GAMES[game]
        players = spec.players(variant or spec.variants[0])
        config = {"game": game, "variant": variant, "options": {},
                  "seats": [{"name": f"Player {i + 1}", "kind": "human"}
                            for i in range(players)]}
        play = app.stack.push("play", config=config)
        frames(app, 2)
        state = play.state
        if when == "one move":
            state = state.play(state.legal_moves()[0])
        elif when == "movement":
            while state.phase == "positioning":
                state = state.play(state.legal_moves()[0])
        if state is not play.state:
            play.history[0] = state
            play.view.set_state(state)
            frames(app, 2)
        return app, play

    yield open_game
    for app in apps:
        app.close()


def picked(view, game, area, spot, centre) -> str | None:
    """Whether the hit test at ``centre`` finds ``spot`` of ``area``; None if it does,
    else what it found.  Where a click picks something up, the click itself is made."""
    if area == "board":
        return None                    # measured for size; clicks on it place, not pick
    app = view.app
    if game == "callisto":
        click(app, centre)
        held = view.held
        view.cancel_input()
        return None if held == spot else f"holds {held!r}"
    if game == "calliro":
        click(app, centre)
        held = view.held
        view.cancel_input()
        return None if held == spot else f"holds {held!r}"
    if game == "calabria":
        if spot == "supply":
            side = view.trays.supply_at(centre)
            return None if side == view.state.mover else f"the supply of {side!r}"
        click(app, centre)
        held = view.held
        view.cancel_input()
        return None if held == ("hand", spot) else f"holds {held!r}"
    if game == "iriri":
        if area == "ring":
            index = view.ring.index_at(centre, len(view.state.ring))
            return None if index == spot else f"ring place {index!r}"
        if spot == "button":
            mover = view.state.mover
            return None if view.trays.button_rect(mover).collidepoint(centre) else "no button"
        if view.state.phase == "take":      # the hand waits while pieces are taken
            found = view._hand_at(centre)
            return None if found == (view.state.mover, spot) else f"hand place {found!r}"
        click(app, centre)
        held = view.placement.held
        view.cancel_input()
        return None if held and held.get("slot") == spot else f"holds {held!r}"
    if game == "calla":
        index = view.pit_at(centre)
        return None if index == spot else f"shield {index!r}"
    raise AssertionError(f"no way to tell what a click in {game} picks up")


def drawn_at(screen, picture, rect) -> bool:
    """Whether ``picture`` (a count's pill) shows on ``screen`` at ``rect``, its words
    standing out: where the picture has its light words the screen is clearly lighter
    than where it has its dark pill (a veil over a tray out of play may dim both)."""
    light, dark = [], []
    for y in range(picture.get_height()):
        for x in range(picture.get_width()):
            r, g, b, a = picture.get_at((x, y))
            if a < 200:
                continue
            shown = sum(screen.get_at((rect.x + x, rect.y + y))[:3]) / 3
            if min(r, g, b) >= 200:
                light.append(shown)
            elif max(r, g, b) <= 40:
                dark.append(shown)
    if len(light) < 10 or len(dark) < 10:
        return False
    return sum(light) / len(light) - sum(dark) / len(dark) >= 80


def measured(size, game, variant) -> bool:
    """Whether a board is measured here (see the module's words on Callisto's board)."""
    return game != "callisto" or (size[0] >= 1280 and size[1] >= 720)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game, variant, when", CASES,
                         ids=[f"{g}-{v or 'standard'}-{w}" for g, v, w in CASES])
def test_every_place_a_player_clicks_is_24_pixels_and_picks_up_what_lies_there(
        table, size, game, variant, when):
    app, play = table(size, game, variant, when)
    view = play.view
    areas = view.key_areas()
    assert areas, f"{game}: nothing to act on"
    small, wrong = [], []
    for area in areas:
        if area.name == "board" and not measured(size, game, variant):
            continue
        for spot in area.spots:
            rect = pygame.Rect(area.rect(spot))
            if min(rect.size) < MIN_TARGET:
                small.append(f"{area.name} {spot!r}: {rect.width}x{rect.height}")
            if area.name != "board":
                assert app.screen.get_rect().contains(rect), f"{area.name} {spot!r} off screen"
                problem = picked(view, game, area.name, spot, rect.center)
                if problem is not None:
                    wrong.append(f"{area.name} {spot!r} at {rect.center}: {problem}")
    assert not small, f"{game} {variant or ''} at {size}: smaller than {MIN_TARGET} px: {small}"
    assert not wrong, f"{game} {variant or ''} at {size}: a click at the middle misses: {wrong}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game, variant, when", COUNTED,
                         ids=[f"{g}-{v or 'standard'}-{w}" for g, v, w in COUNTED])
def test_counts_are_pills_in_their_own_place_clear_of_every_piece(
        table, size, game, variant, when):
    app, play = table(size, game, variant, when)
    view = play.view
    found = view.trays.badges(view.state)
    assert found, f"{game}: no counts shown"
    places = [place for _, place, _, _ in found]
    piles = [pile for _, _, pile, _ in found]
    for area in view.key_areas():
        if area.name != "board":
            places += [pygame.Rect(area.rect(spot)) for spot in area.spots]
    for pill, place, pile, picture in found:
        where = f"{game} {variant or ''} at {size}: the count at {pill}"
        assert drawn_at(app.screen, picture, pill), f"{where} is not drawn there"
        assert max(pill.size) >= MIN_TARGET, f"{where} is {pill.width}x{pill.height}"
        assert min(pill.size) >= PILL_TEXT + 3, f"{where} is too low to read"
        assert place.contains(pill), f"{where} spills out of its place {place}"
        assert not pill.colliderect(pile), f"{where} lies over its own pile {pile}"
        for other in places:
            if other != place and not place.contains(other) and pill.colliderect(other):
                raise AssertionError(f"{where} lies over the place {other}")
        for other in piles:
            if other != pile and pill.colliderect(other):
                raise AssertionError(f"{where} lies over the pile at {other}")


def test_four_colours_give_the_colour_to_move_the_room_at_960x600(table):
    """The colour to move's tray shows its pieces large enough to tell apart (a square
    of a piece at least 13 pixels); the others are compact strips; after a move the
    next colour's tray takes the room."""
    app, play = table((960, 600), "callisto", "callisto", "start")
    view = play.view
    for colour in (0, 1):
        trays = view.trays
        mover = view.state.colour
        assert mover == colour
        assert trays[mover].unit >= 13, f"{trays[mover].unit} px a square"
        assert not trays[mover].compact
        assert all(trays[c].compact for c in range(len(trays)) if c != mover)
        tray_area = next(a for a in view.key_areas() if a.name == "tray")
        assert tray_area.frame == trays[mover].rect
        state = view.state.play(view.state.legal_moves()[0])
        play.history[0] = state
        view.set_state(state)
        frames(app, 2)


@pytest.mark.parametrize("size", BETWEEN, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_window_size_between_keeps_every_place_24_pixels(table, size):
    small = []
    for game, variant, when in CASES:
        app, play = table(size, game, variant, when)
        for area in play.view.key_areas():
            if area.name == "board" and not measured(size, game, variant):
                continue
            for spot in area.spots:
                rect = pygame.Rect(area.rect(spot))
                if min(rect.size) < MIN_TARGET:
                    small.append(f"{game} {variant or ''} {area.name} {spot!r}: "
                                 f"{rect.width}x{rect.height}")
        if game not in ("calla", "iriri"):
            for pill, place, pile, picture in play.view.trays.badges(play.view.state):
                if max(pill.size) < MIN_TARGET or not place.contains(pill) \
                        or pill.colliderect(pile):
                    small.append(f"{game} {variant or ''}: the count at {pill}")
    assert not small, f"at {size}: {small}"
