"""Colour every player can tell apart: the pieces are drawn with each game's own drawing
code at the sizes the views use in a 960x600 window, their colours read back from the
pixels, and compared as people with protanopia, deuteranopia and tritanopia see them
(colorspacious's simulation, differences in CAM02-UCS units, where 10 is easy to tell
apart); then drawn in grey, where each kind must still be told by its mark.

Calla has no pieces of a side (its cubes are everybody's); its two sides' colours are
checked as the analysis chart draws them, with every other game's.

Beside the board the sides are shown too: the sidebar's dot for each seat and the places
of Calliro's race are read back from the window's pixels in grey, where each side's must
still be told from the other's by the mark its pieces carry (Calla's by its letter).
"""

import itertools

import numpy
import pygame
import pytest
from colorspacious import cspace_convert, deltaE

from helpers import click, every_game, frames, make_app, set_position

#: colorspacious's names for the three dichromacies (at full severity).
SIMULATIONS = {"protanopia": "protanomaly", "deuteranopia": "deuteranomaly",
               "tritanopia": "tritanomaly"}
#: The smallest difference between two colours that mean different things, in the
#: colour-blind safe palette, for every vision.
SAFE_FLOOR = 10.0
#: What the game's own palette keeps at least: measured so, Calliro's orange and green
#: chips were 6.3 apart under protanopia and Callisto's red and green 6.0 under
#: deuteranopia before its colours moved a shade; now 13.6 and 19.2.
DEFAULT_FLOOR = 8.0


def seen_by(rgb, vision: str | None):
    """``rgb`` (0-255) as a person with ``vision`` (a key of SIMULATIONS, None for
    normal colour vision) sees it, in sRGB 0-1."""
    colour = numpy.asarray(rgb, dtype=float) / 255
    if vision is None:
        return colour
    seen = cspace_convert(colour, {"name": "sRGB1+CVD", "cvd_type": SIMULATIONS[vision],
                                   "severity": 100}, "sRGB1")
    return numpy.clip(seen, 0, 1)


def smallest_difference(colours: dict, vision: str | None) -> tuple:
    """(difference, one, other) of the two nearest of ``colours`` (meaning -> rgb)."""
    return min((float(deltaE(seen_by(colours[a], vision), seen_by(colours[b], vision),
                             input_space="sRGB1")), a, b)
               for a, b in itertools.combinations(colours, 2))


# --- the pieces, drawn by the games themselves ------------------------------------------

def two_humans(spec, variant):
    return [{"name": f"P{i + 1}", "kind": "human"} for i in range(spec.players(variant))]


def laid_out(app, name, variant=None):
    """The play scene of ``name`` in ``app``'s window, a frame drawn."""
    from game import GAMES
    spec = GAMES[name]
    variant = variant or spec.variants[0]
    config = {"game": name, "variant": variant, "options": {}, "starter": "0",
              "time_control": None, "seats": two_humans(spec, variant)}
    play = app.stack.push("play", config=config, seed=1)
    frames(app, 1)
    return play


def pieces(app) -> dict:
    """For each game, {meaning: (picture, body, marked)} of every piece whose colour
    carries meaning, drawn by the game's art at the smallest size its view draws it in a
    960x600 window.  ``body`` (where the piece is) and ``marked`` (the part of it a mark
    may go on: a chip's face, the middle of a square, round an apex) are boolean arrays
    over the picture."""
    from scenes.views.calabria import art as calabria
    from scenes.views.callisto.pieces import piece_surface
    from scenes.views.iriri import art as iriri
    from game.callisto import orientation

    found = {}
    play = laid_out(app, "calliro")
    board, trays = play.view.board, play.view.trays
    size = min(board.chip_size, int(trays.chip * 0.8), trays.chip)   # the Basket's are least
    found["calliro"] = {word: chip_body(board.sprite(text, size), size)
                        for word, text in (("orange", "O/b"), ("blue", "B/g"), ("green", "G/o"),
                                           ("Blue's score", "S0"), ("Green's score", "S1"))}
    found["calliro undersides"] = {
        word: chip_body(board.sprite(text, size, undersides=True), size, inner=True)
        for word, text in (("orange", "B/o"), ("blue", "G/b"), ("green", "O/g"))}
    app.stack.pop()

    play = laid_out(app, "callisto", "callisto")          # four colours: the smallest trays
    view = play.view
    # the trays pieces are picked from; a compact strip (a colour not to move, in a small
    # window) lies under its colour's name and marked swatch, its pieces only a glance
    unit = min(tray.unit for tray in view.trays if not tray.compact)
    shape = orientation("X", 0)
    found["callisto"] = {}
    middles = numpy.zeros((3 * unit, 3 * unit), dtype=bool)
    for x, y in shape:                      # the middle of each square, where it is carved
        middles[int((x + 0.2) * unit):int((x + 0.8) * unit),
                int((y + 0.2) * unit):int((y + 0.8) * unit)] = True
    for colour, name in enumerate(view.names):
        picture = piece_surface(view.board.rgbs[colour], shape, unit, view.board.marks[colour])
        body = opaque(picture)
        found["callisto"][name] = (picture, body, body & middles)
    app.stack.pop()

    play = laid_out(app, "iriri")
    slot = play.view.ring.slot
    found["iriri"] = {}
    for piece in ("Ys", "Bs", "Ym", "Bm", "Yl", "Bl"):        # each size of each side
        picture = iriri.pyramid(piece, slot)
        body = opaque(picture)
        found["iriri"][piece] = (picture, body, body & disc(picture, slot * iriri.BASE[piece[1]]
                                                             * 0.35))
    app.stack.pop()

    play = laid_out(app, "calabria")
    size = int(play.view.trays.cell * 0.72)          # the pieces taken, in a tray
    found["calabria"] = {}
    for side, army in enumerate(("Romans", "Gladiators")):      # told by their whole figure
        picture = calabria.figure(side, False, size)
        found["calabria"][army] = (picture, opaque(picture), opaque(picture))
    found["calabria barricades"] = {}
    for side, army in enumerate(("Romans", "Gladiators")):
        picture = calabria.barricade(side, size)
        found["calabria barricades"][army] = (picture, opaque(picture), opaque(picture))
    app.stack.pop()
    return found


def opaque(picture) -> numpy.ndarray:
    return pygame.surfarray.array_alpha(picture) >= 250


def disc(picture, radius: float) -> numpy.ndarray:
    """The pixels within ``radius`` of the picture's middle."""
    w, h = picture.get_size()
    x, y = numpy.mgrid[0:w, 0:h]
    return (x - (w - 1) / 2) ** 2 + (y - (h - 1) / 2) ** 2 <= radius ** 2


def chip_body(picture, size: int, inner: bool = False):
    """A chip's picture and its face, where its colour shows and its mark is cut (the
    underside's disc when ``inner``), twice."""
    face = disc(picture, size / 2 * (0.36 if inner else 0.85))
    return picture, face, face


def body_colour(picture, body, marked=None) -> tuple:
    """The colour most of a piece's ``body`` shows: the median of its pixels, channel by
    channel (the mark's lines and the shading fall either side of it)."""
    rgb = pygame.surfarray.array3d(picture)[body]
    return tuple(int(v) for v in numpy.median(rgb, axis=0))


def chart_colours(app) -> dict:
    """For each game's every variant, the colour of each player's line on the analysis
    chart as the chart draws it (read from the line's pixels)."""
    from game import GAMES
    from scenes.review_panels import Chart
    from scenes.views import view_class
    found = {}
    for name in every_game():
        spec = GAMES[name]
        for variant in spec.variants:
            view = view_class(name)(app, spec, two_humans(spec, variant), variant)
            colours = view.player_colours
            chart = Chart(colours, 5)
            chart.place((0, 0, 400, 200))
            n = len(colours)
            # one flat line per player, at heights far apart
            positions = [{"chances": [(k + 1) / (n + 1) for k in range(n)]} for _ in range(5)]
            surface = pygame.Surface((400, 200), pygame.SRCALPHA)
            chart.draw(surface, positions, {}, 0, "")
            x = chart.x_of(2)
            lines = {f"{name} {variant} player {k + 1}":
                     tuple(surface.get_at((x, chart.y_of((k + 1) / (n + 1)))))[:3]
                     for k in range(n)}
            found[f"{name} {variant} chart"] = lines
    return found


def colours_of(app) -> dict:
    """Each group of colours that must be told apart: {group: {meaning: rgb}}."""
    drawn = pieces(app)
    # Iriri's sizes are told by their width and pips: the sides, at each size, by colour
    sides = drawn.pop("iriri")
    for size in "sml":
        drawn[f"iriri {size}"] = {"Yellow": sides["Y" + size], "Blue": sides["B" + size]}
    drawn.pop("calabria barricades")     # the wood is both sides': their shields tell them
    groups = {group: {word: body_colour(*picture) for word, picture in kinds.items()}
              for group, kinds in drawn.items()}
    groups.update(chart_colours(app))
    return groups


@pytest.fixture
def small_app(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    yield app
    app.close()
    from scenes.views import palette
    palette.use(False)             # the next test starts in the game's own colours


def report(groups) -> list:
    """Every group's smallest difference under each vision, nearest pair first."""
    rows = []
    for group, colours in groups.items():
        for vision in (None, *SIMULATIONS):
            d, a, b = smallest_difference(colours, vision)
            rows.append((d, group, vision or "normal vision", a, b))
    return sorted(rows)


# --- the tests ---------------------------------------------------------------------------

def test_the_colour_blind_safe_palette_keeps_every_meaning_apart_under_each_dichromacy(
        small_app):
    small_app.settings.set("colour_safe", True)
    rows = report(colours_of(small_app))
    close = [f"{group}: {a} and {b} differ by {d:.1f} under {vision}"
             for d, group, vision, a, b in rows if d < SAFE_FLOOR]
    assert not close, "\n".join(close)


def test_the_games_own_palette_keeps_its_colours_apart_as_far_as_its_look_allows(small_app):
    rows = report(colours_of(small_app))
    close = [f"{group}: {a} and {b} differ by {d:.1f} under {vision}"
             for d, group, vision, a, b in rows if d < DEFAULT_FLOOR]
    assert not close, "\n".join(close)


def grey_pattern(picture, body) -> numpy.ndarray:
    """The picture in grey with its lightness taken out: each pixel's grey less the body's
    middle grey, over the body's spread from dark to light.  Two pieces that differ only
    in colour come out alike; a mark shows as a pattern of its own."""
    rgb = pygame.surfarray.array3d(picture).astype(float)
    grey = rgb @ numpy.array([0.299, 0.587, 0.114])
    low, mid, high = numpy.percentile(grey[body], (10, 50, 90))
    return (grey - mid) / max(8.0, high - low)


#: How far apart two pieces' grey patterns must be, in their bodies' spreads, for a
#: pixel to differ clearly.
CLEARLY = 0.35
#: The share of the marked part of two kinds that must differ clearly in grey.
MARKED = 0.16


def told_apart(one, other) -> float:
    """The share of the part of two pieces that carries a mark (on pictures of one size)
    where their grey patterns clearly differ, or one has body and the other none.  Two
    pieces that differ only in colour come out near 0."""
    (pa, ba, ma), (pb, bb, mb) = one, other
    region = ma | mb
    differ = (numpy.abs(grey_pattern(pa, ba) - grey_pattern(pb, bb)) > CLEARLY) & ba & bb
    shape = (ba ^ bb) & region
    return float(((differ & region) | shape).sum()) / float(max(1, region.sum()))


@pytest.mark.parametrize("safe", [False, True], ids=["own colours", "colour-blind safe"])
def test_every_kind_is_told_apart_in_grey_by_its_mark(small_app, safe):
    small_app.settings.set("colour_safe", safe)
    alike = []
    for group, kinds in pieces(small_app).items():
        pairs = itertools.combinations(kinds, 2)
        if group == "iriri":            # sizes differ by their width and pips already
            pairs = [(a, b) for a, b in pairs if a[1] == b[1]]
        if group == "calliro":          # score chips are black and white: lightness tells
            pairs = [(a, b) for a, b in pairs if "score" not in a + b]
        for a, b in pairs:
            share = told_apart(kinds[a], kinds[b])
            if share < MARKED:
                alike.append(f"{group}: {a} and {b} differ in grey on {share:.0%} of where "
                             "a mark goes")
    assert not alike, "\n".join(alike)


def test_score_chips_are_told_apart_in_grey_by_their_lightness(small_app):
    kinds = pieces(small_app)["calliro"]
    greys = {word: numpy.median(pygame.surfarray.array3d(picture)[body]
                                @ numpy.array([0.299, 0.587, 0.114]))
             for word, (picture, body, _) in kinds.items()}
    assert greys["Green's score"] - greys["Blue's score"] > 120, greys


def choose(app, menu, value):
    """Open a drop-down by clicking it and click the option whose value is ``value``."""
    click(app, menu.rect.center)
    text = next(t for t, v in menu.options_list if v == value)
    for item in menu.menu_states["expanded"].options_selection_list.item_list:
        if item["text"] == text:
            click(app, item["button_element"].rect.center)
            frames(app, 3)
            return
    raise AssertionError(f"option {text!r} is not shown")


def test_the_setting_is_remembered_and_shown_at_once_without_a_restart(small_app):
    from game.calliro import parse_cell
    from scenes.settings import Settings
    app = small_app
    play = laid_out(app, "calliro")
    set_position(play, {"cells": {"e5": "G/b"}, "to_move": 0})
    frames(app, 2)
    board = play.view.board
    spot = board.cell_center(parse_cell("e5", board.radius))
    before = tuple(app.screen.get_at(spot))[:3]
    seat_dots = play.sidebar.seat_colours
    settings = app.stack.push("settings")
    frames(app, 1)
    row = next(y for text, y in settings.rows if text.startswith("Colour-blind safe"))
    assert settings.colour_safe.rect.y == row
    assert settings.colour_safe.selected_option[0] == "Off"
    assert settings.box.bottom <= settings.back_button.rect.top
    assert settings.back_button.rect.bottom <= 600, "the rows and Done fit a small window"
    choose(app, settings.colour_safe, "1")
    assert app.settings["colour_safe"] is True
    app.stack.pop()
    frames(app, 2)
    after = tuple(app.screen.get_at(spot))[:3]
    assert after != before, "the green chip is drawn in the safe palette at once"
    assert play.sidebar.seat_colours != seat_dots, "the sidebar's seats follow the palette"
    assert play.sidebar.seat_colours == play.view.seat_colours()
    assert app.writer.flush(timeout=10)
    assert Settings(app.settings.path)["colour_safe"] is True, "remembered for the next start"


# --- the sides beside the board: the sidebar's seats and Calliro's race ------------------

def on_screen(app, rect) -> tuple:
    """The window's pixels in ``rect`` as a piece for ``told_apart``: (picture, the disc
    inscribed in it twice)."""
    picture = app.screen.subsurface(rect).copy()
    inside = disc(picture, min(rect.w, rect.h) / 2 - 1)
    return picture, inside, inside


def sides_alike(places: dict) -> list:
    """Each two places of different sides ({side: [piece, ...]}) that differ in grey on
    less than ``MARKED`` of their discs."""
    alike = []
    for a, b in itertools.combinations(places, 2):
        for one in places[a]:
            for other in places[b]:
                share = told_apart(one, other)
                if share < MARKED:
                    alike.append((a, b, share))
    return alike


@pytest.mark.parametrize("safe", [False, True], ids=["own colours", "colour-blind safe"])
def test_the_sidebars_seats_are_told_apart_in_grey_by_their_sides_marks(small_app, safe):
    from game import GAMES
    small_app.settings.set("colour_safe", safe)
    alike = []
    for name in every_game():
        for variant in GAMES[name].variants:
            play = laid_out(small_app, name, variant)
            bar = play.sidebar
            dots = {player: [on_screen(small_app, at) for _picture, at
                             in bar.seat_dots(player, bar.seat_row(player))]
                    for player in range(len(play.seats))}
            assert all(dots.values()), f"{name} {variant}: a seat without its dot"
            alike += [f"{name} {variant}: the dots of seats {a + 1} and {b + 1} differ in grey "
                      f"on {share:.0%}" for a, b, share in sides_alike(dots)]
            small_app.stack.pop()
    assert not alike, "\n".join(alike)


@pytest.mark.parametrize("safe", [False, True], ids=["own colours", "colour-blind safe"])
def test_calliros_race_tells_blue_from_green_in_grey_by_their_marks(small_app, safe):
    from game.calliro import WIN_POINTS
    small_app.settings.set("colour_safe", safe)
    play = laid_out(small_app, "calliro")
    trays = play.view.trays
    assert not any(play.view.state.scores), "a new game: every place on the race to come"
    places = {}
    for player in (0, 1):
        places[player] = []
        for n in range(1, WIN_POINTS):          # the last lies under the goal's ring
            x, y = trays.pip_centre(player, n)
            places[player].append(on_screen(small_app, pygame.Rect(
                x - trays.pip // 2, y - trays.pip // 2, trays.pip, trays.pip)))
    alike = sides_alike(places)
    assert not alike, f"{len(alike)} of Blue's and Green's places alike in grey, " \
                      f"at most {max(s for *_, s in alike):.0%} apart"


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)], ids=["960x600", "1920x1080"])
@pytest.mark.parametrize("code", ["en", "fa"])
def test_the_seats_marked_dots_stay_in_their_row_clear_of_every_word(tmp_path, size, code):
    from game import GAMES, i18n
    from scenes import assets
    app = make_app(tmp_path, size=size)
    try:
        app.set_language(code, persian_digits=code == "fa")
        for name in every_game():
            for variant in GAMES[name].variants:
                seats = [{"name": "Bartholomew Maximilian Featherstonehaugh", "kind": "human"}
                         for _ in range(GAMES[name].players(variant))]
                config = {"game": name, "variant": variant, "options": {}, "starter": "0",
                          "time_control": "5+3", "seats": seats}
                play = app.stack.push("play", config=config, seed=1)
                with assets.TextRecorder() as recorder:
                    frames(app, 1)
                words = [(rect, text) for rect, text in recorder.on(app.screen) if rect.w]
                bar = play.sidebar
                for player in range(len(seats)):
                    row = bar.seat_row(player)
                    for _picture, at in bar.seat_dots(player, row):
                        assert row.contains(at), f"{name} {variant}: a dot leaves its row"
                        over = [text for rect, text in words if rect.colliderect(at)]
                        assert not over, f"{name} {variant} ({code}): a dot under {over}"
                app.stack.pop()
    finally:
        app.close()
        i18n.use("en", persian_digits=False)
