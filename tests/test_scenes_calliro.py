"""Calliro played headless through the real play scene, by pointer: chips taken from
the Repository by drag and by click, flips, the flip lock, scoring for either
player, Rule 2, the Basket, memory play and a whole game to the results."""

import random

import pygame
import pytest

from game import GAMES
from game.calliro import cell_label, cells, parse_cell
from helpers import (menu_app, button, click, frames, key, move_pointer, press, set_position,
                     wait_until)
from scenes.play import PlayScene
from scenes.results import ResultsScene
from scenes.rules import RulesScene
from scenes.setup import SetupScene
from scenes.views.calliro.view import CalliroView
from scenes.views.calliro.art import FACE, basket_chip

SPEC = GAMES["calliro"]
ARC = {"cells": {"e5": "B/o", "f5": "O/g"}}                 # orange on e4 closes an arc
RULE_2_SPOT = {"cells": {"e5": "B/o", "f5": "O/g", "d4": "G/o", "c5": "O/b"}}


@pytest.fixture
def app(tmp_path):
    app = menu_app(tmp_path, glimpse_seconds=0.0)
    yield app
    app.close()


def start(app):
    click(app, app.stack.top.play_buttons["calliro"].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.starter = "0"          # Player 1 plays Blue and moves first
    for i, seat in enumerate(setup.seats):
        seat["name"] = f"Player {i + 1}"
    press(app, "Start game")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    return play


def at(play, label):
    return play.view.cell_center(parse_cell(label))


def slot(play, up):
    return play.view.trays.chip_centre(up)


def drag(app, a, b, release=True):
    move_pointer(app, a)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(a[0]), int(a[1])),
                                         button=1))
    frames(app, 1)
    for k in (1, 2, 3):
        move_pointer(app, (a[0] + (b[0] - a[0]) * k / 3, a[1] + (b[1] - a[1]) * k / 3),
                     buttons=(1, 0, 0))
    if release:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(b[0]), int(b[1])),
                                             button=1))
        frames(app, 2)


def settle(app, play):
    assert wait_until(app, lambda: not play.view.busy, seconds=10)
    frames(app, 2)


def pixel(pos):
    return tuple(pygame.display.get_surface().get_at((int(pos[0]), int(pos[1]))))[:3]


def face_at(pos):
    """Which chip colour the pixel at ``pos`` looks like."""
    px = pixel(pos)
    return min(FACE, key=lambda c: sum((a - b) ** 2 for a, b in zip(px, FACE[c])))


def position(play, data, to_move=0, **extra):
    state = set_position(play, {**data, "to_move": to_move, **extra})
    frames(play.app, 2)
    return state


def test_place_by_drag_and_by_click_click(app):
    play = start(app)
    view = play.view
    before = play.state.repository_counts()
    assert "drag a chip from the Repository" in play.prompt()
    drag(app, slot(play, "B"), at(play, "e5"), release=False)
    assert view.held == "B" and "Blue on e5" in view.status
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(play, "e5"), button=1))
    frames(app, 2)
    settle(app, play)
    assert play.state.chip_at("e5")[0] == "B"
    assert play.state.repository_counts()["B"] == before["B"] - 1
    assert play.move_texts[-1] == "Player 1: blue on e5"
    assert face_at(at(play, "e5")) == "B", "the chip is drawn blue up"
    # Green: click the orange stack, then a cell next to e5
    far, near = at(play, "a5"), at(play, "f5")
    lit_before = pixel(near)
    click(app, slot(play, "O"))
    assert view.held == "O" and play.cursor == 1
    click(app, far)                        # not next to any chip: refused, still in hand
    assert play.cursor == 1 and "not next to any chip" in view.status and view.held == "O"
    assert pixel(near) != lit_before, "the cells next to e5 are lit"
    click(app, near)
    settle(app, play)
    assert play.state.chip_at("f5")[0] == "O"
    assert play.state.repository_counts()["O"] == before["O"] - 1
    assert face_at(near) == "O"


def test_legal_cells_light_up_while_a_chip_is_held(app):
    play = start(app)
    position(play, ARC)
    spot, far = at(play, "d5"), at(play, "i1")
    quiet_spot, quiet_far = pixel(spot), pixel(far)
    click(app, slot(play, "G"))
    frames(app, 2)
    assert pixel(spot) != quiet_spot, "a cell next to a chip is lit"
    assert pixel(far) == quiet_far, "a cell far from every chip is not"
    key(app, pygame.K_ESCAPE)
    assert play.view.held is None and play.view.status == "Put back in the Repository."
    assert isinstance(app.stack.top, PlayScene), "Esc put the chip back, it did not pause"


def test_flip_by_click_then_the_lock(app):
    play = start(app)
    position(play, {"cells": {"e5": "B/g", "f5": "O/g"}}, to_move=1)
    view = play.view
    move_pointer(app, at(play, "e5"))
    assert view.status == "Click or Enter to flip e5 (blue up)."
    click(app, at(play, "e5"))
    settle(app, play)
    assert play.state.chip_at("e5") == "G/b" and play.move_texts[-1] == "Player 2: flip e5"
    assert face_at(at(play, "e5")) == "G"
    assert play.state.flip_locked == parse_cell("e5")
    # Blue may not flip it straight back: the lock is drawn and the click refused
    click(app, at(play, "e5"))
    assert play.cursor == 1 and play.state.chip_at("e5") == "G/b"
    assert view.status == "Not allowed: that chip was just flipped by your opponent."
    click(app, at(play, "f5"))
    settle(app, play)
    assert play.state.chip_at("f5") == "G/o"


def test_a_lock_symbol_marks_the_locked_chip(app):
    play = start(app)
    position(play, {"cells": {"e5": "B/g", "f5": "O/g"}}, to_move=1)
    view = play.view
    x, y = at(play, "e5")
    probe = (x + view.board.cell * 0.5, y - view.board.cell * 0.48)
    plain = pixel(probe)
    position(play, {"cells": {"e5": "B/g", "f5": "O/g"}}, to_move=1, flip_lock="e5")
    assert pixel(probe) != plain
    move_pointer(app, at(play, "e5"))
    assert "e5 is locked" in view.status


def test_a_placement_that_scores_is_announced_for_the_scorer(app):
    play = start(app)
    position(play, ARC, to_move=0)
    view = play.view
    drag(app, slot(play, "O"), at(play, "e4"), release=False)
    assert view.status == "Orange on e4: Blue scores 1."
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(play, "e4"), button=1))
    frames(app, 1)
    assert view.busy and view.shown_scores == (0, 0), "the point counts once it is on the board"
    settle(app, play)
    assert play.state.scores == (1, 0) and view.shown_scores == (1, 0)
    assert any(b.text == "Point to Player 1 (Blue)" for b in view.banners)
    assert "capture" in app.sounds.played
    assert play.move_texts[-1] == "Player 1: orange on e4, Blue +1"
    assert play.status_text() == ("Blue (Player 1) scored: click the ringed chip that becomes "
                                  "the score chip, or choose it with arrows and Enter.")
    click(app, at(play, "e5"))
    settle(app, play)
    assert play.state.chip_at("e5") == "S0" and play.state.basket_chips() == ["O/b"]
    assert play.move_texts[-1] == "Player 1: score chip on e5 in place of blue"


def test_a_point_scored_on_the_opponents_move(app):
    play = start(app)
    position(play, ARC, to_move=1)
    view = play.view
    pip = view.trays.pip_centre(0, 1)
    empty_pip = pixel(pip)
    click(app, slot(play, "O"))
    click(app, at(play, "e4"))
    assert wait_until(app, lambda: any(b.text.startswith("Point to") for b in view.banners))
    banner = next(b for b in view.banners if b.text.startswith("Point to"))
    assert banner.text == "Point to Player 1 (Blue)"
    assert banner.small == "scored on Player 2 (Green)'s move"
    settle(app, play)
    assert play.state.scores == (1, 0) and pixel(pip) != empty_pip, "Blue's first pip fills"


def test_rule_2_is_refused_with_the_reason(app):
    play = start(app)
    position(play, RULE_2_SPOT)
    view = play.view
    spot = at(play, "e4")
    quiet = pixel(spot)
    drag(app, slot(play, "O"), spot, release=False)
    assert pixel(spot) != quiet, "the forbidden cell is tinted"
    assert "Rule 2" in view.status
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    frames(app, 2)
    assert play.cursor == 0 and play.state.chip_at("e4") is None
    assert view.status == "Not allowed by Rule 2: blue and green would both score."
    assert view.notice["text"].startswith("Blue and green would both score; an action after")


def test_a_flip_breaking_rule_2_is_undone(app):
    play = start(app)
    # turning e4 orange would bend arcs round blue e5 and green d4 at once
    position(play, {"cells": {"e5": "B/o", "f5": "O/g", "d4": "G/o", "c5": "O/b", "e4": "B/o"}})
    view = play.view
    click(app, at(play, "e4"))
    assert play.cursor == 0 and view.busy, "the chip turns over and back"
    assert "Rule 2" in view.status and "Flip undone" in view.status
    assert "The flip is undone: choose another action." in view.notice["text"]
    settle(app, play)
    assert play.state.chip_at("e4") == "B/o" and face_at(at(play, "e4")) == "B"


def test_the_scorer_chooses_where_the_score_chip_goes(app):
    play = start(app)
    position(play, ARC)
    view = play.view
    quiet = {label: pixel(at(play, label)) for label in ("e5", "f5", "d6")}
    click(app, slot(play, "O"))
    click(app, at(play, "e4"))
    settle(app, play)
    assert play.state.pending_cells == [parse_cell("e5")]
    assert play.prompt() == ("Blue (Player 1) scored: click the ringed chip that becomes "
                             "the score chip, or choose it with arrows and Enter.")
    assert pixel(at(play, "f5")) != quiet["f5"], "the orange end of the arc is lit"
    assert pixel(at(play, "e5")) != quiet["e5"], "the chip that scored is lit"
    assert sum(pixel(at(play, "d6"))) <= sum(quiet["d6"]), "a cell outside the arc is not"
    away = pixel(at(play, "f5"))
    move_pointer(app, at(play, "f5"))
    assert pixel(at(play, "f5")) != away, "the score chip is shown where it would go"
    assert view.status == "Put the score chip on f5."
    click(app, at(play, "d6"))             # not a choice
    assert play.cursor == 1 and view.status.startswith("Not allowed: the score chip for e5 goes")
    click(app, slot(play, "B"))            # nothing else can be done first
    assert play.cursor == 1 and view.held is None
    assert view.status == ("First choose where the score chip goes: click a ringed "
                           "chip, or arrows and Enter.")
    click(app, at(play, "f5"))
    assert view.busy, "the replacement is played out"
    settle(app, play)
    assert play.state.chip_at("f5") == "S0" and play.state.chip_at("e5") == "B/o"
    assert play.state.basket_chips() == ["O/g"]
    assert play.state.scores == (1, 0) and play.state.to_move == 1
    assert play.move_texts[-1] == "Player 1: score chip on f5 in place of orange"


def test_a_point_on_the_opponents_move_is_chosen_by_the_scorer(app):
    play = start(app)
    position(play, ARC, to_move=1)
    click(app, slot(play, "O"))
    click(app, at(play, "e4"))             # Green's placement bends an arc round Blue's e5
    settle(app, play)
    assert play.state.to_move == 0 and play.state.pending_cells == [parse_cell("e5")]
    assert play.prompt() == ("Blue (Player 1) scored on Green's move: click the ringed chip "
                             "that becomes the score chip, or choose it with arrows and Enter.")
    click(app, at(play, "e4"))
    settle(app, play)
    assert play.state.chip_at("e4") == "S0" and play.state.to_move == 0, "Blue moves next"


def test_two_arcs_at_once_are_chosen_one_after_the_other(app):
    play = start(app)
    position(play, {"cells": {"e5": "B/o", "f5": "O/g", "d4": "B/g", "c5": "O/b"}})
    view = play.view
    quiet = {label: pixel(at(play, label)) for label in ("d4", "c5", "e5", "f5")}
    click(app, slot(play, "O"))
    click(app, at(play, "e4"))
    settle(app, play)
    assert play.state.pending_cells == [parse_cell("d4"), parse_cell("e5")]
    assert "(2 points, one at a time)" in play.prompt()
    assert pixel(at(play, "c5")) != quiet["c5"] and pixel(at(play, "f5")) == quiet["f5"], \
        "only the first arc is lit"
    click(app, at(play, "c5"))
    settle(app, play)
    assert play.state.chip_at("c5") == "S0" and play.state.pending_cells == [parse_cell("e5")]
    assert "(next point)" in play.prompt()
    assert pixel(at(play, "f5")) != quiet["f5"], "now the second arc is lit"
    click(app, at(play, "f5"))
    settle(app, play)
    assert play.state.chip_at("f5") == "S0" and play.state.scores == (2, 0)
    assert play.state.to_move == 1 and view.status == ""


def test_rule_3_replaces_both_chips_without_asking(app):
    play = start(app)
    position(play, {"cells": {"e5": "B/o", "f4": "B/g", "f5": "O/g"}})
    click(app, slot(play, "O"))
    click(app, at(play, "e4"))
    settle(app, play)
    state = play.state
    assert state.scores == (2, 0) and state.pending_cells == [] and state.to_move == 1
    assert state.chip_at("e5") == "S0" and state.chip_at("f4") == "S0"


def _against_the_computer(app, level="random"):
    click(app, app.stack.top.play_buttons["calliro"].rect.center)
    setup = app.stack.top
    setup.starter = "0"
    setup.seats[0]["name"] = "Ann"
    setup.seats[1]["kind"] = f"computer:{level}"
    press(app, "Start game")
    return app.stack.top


def test_the_computers_move_that_gives_you_a_point_asks_you(app, monkeypatch):
    play = _against_the_computer(app)

    class Answers:
        """The computer's worker, answering orange on e4 (Blue's point) to anything."""
        thinking = False

        def start(self, *args, **kwargs):
            self.thinking = True

        def poll(self):
            self.thinking = False
            return "O@e4", None

        def cancel(self):
            self.thinking = False

        close = cancel

    play.thinker.close()
    monkeypatch.setattr(play, "thinker", Answers())
    position(play, {"cells": {"e5": "B/o", "f5": "O/g", "d6": "G/b"}}, to_move=0)
    click(app, slot(play, "G"))
    click(app, at(play, "c7"))
    assert wait_until(app, lambda: play.cursor == 2 and not play.view.busy, seconds=20)
    state = play.state
    assert state.to_move == 0 and state.pending_cells == [parse_cell("e5")]
    assert not play.computer_to_move(), "the human chooses, not the computer"
    assert play.prompt() == ("Blue (Ann) scored on Green's move: click the ringed chip that "
                             "becomes the score chip, or choose it with arrows and Enter.")
    click(app, at(play, "f5"))
    settle(app, play)
    assert play.state.chip_at("f5") == "S0" and play.cursor == 3


def test_the_computer_chooses_its_own_score_chip(app):
    play = _against_the_computer(app, "easy")
    chips = {"e5": "G/o", "f5": "O/b", "e4": "O/b", "b8": "B/g"}
    position(play, {"cells": chips, "pending": {"cells": ["e5"], "next": 0}}, to_move=1)
    assert play.computer_to_move()
    assert play.status_text() == "Green scored: choosing the score chip..."
    assert wait_until(app, lambda: play.cursor == 1 and not play.view.busy, seconds=30)
    assert play.move_texts[0].split(": ")[1] in (
        "score chip on e5 in place of green", "score chip on f5 in place of orange",
        "score chip on e4 in place of orange")
    assert play.state.pending_cells == [] and play.state.to_move == 0
    assert sorted(play.state.position()["cells"].values()).count("S1") == 1


def test_a_game_left_in_the_middle_of_a_choice_asks_again(app):
    from scenes.menu import MenuScene
    play = start(app)
    play.config["seats"][0]["name"] = "Ann"
    position(play, ARC, to_move=1)
    click(app, slot(play, "O"))
    click(app, at(play, "e4"))
    settle(app, play)
    assert play.state.pending_cells
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to menu")
    assert isinstance(app.stack.top, MenuScene)
    click(app, app.stack.top.resume_buttons["calliro"].rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, PlayScene) and resumed is not play
    frames(app, 3)
    assert resumed.state.pending_cells == [parse_cell("e5")]
    assert resumed.prompt() == ("Blue (Ann) scored on Green's move: click the ringed chip that "
                                "becomes the score chip, or choose it with arrows and Enter.")
    click(app, at(resumed, "f5"))
    settle(app, resumed)
    assert resumed.state.chip_at("f5") == "S0" and resumed.state.to_move == 0


def test_the_basket_is_dimmed_until_the_repository_runs_out(app):
    play = start(app)
    basket = ["O/b"] * 9 + ["O/g"] * 10 + ["B/g"] * 10
    position(play, {"cells": {}, "basket": basket})
    view = play.view
    assert sum(play.state.repository_counts().values()) == 1
    trays = view.trays
    x, y = trays.basket_centre(0)
    size = int(trays.chip * 0.8)
    sprite = basket_chip("O", "B", size)
    local = (sprite.get_width() // 2 - size // 4, sprite.get_height() // 2)
    drawn = sprite.get_at(local)[:3]
    shown = pixel((x - size // 4 + 2, y - 4))     # top chip of the pile is drawn up and right
    assert sum(shown) < sum(drawn) * 0.8, "the Basket's chips are dimmed"
    up = next(c for c, n in play.state.repository_counts().items() if n)
    click(app, slot(play, up))
    click(app, at(play, "e5"))
    settle(app, play)
    assert sum(play.state.repository_counts().values()) == 29 and play.state.basket == (0, 0, 0)
    assert any(b.text == "The Basket is poured back" for b in view.banners)


def test_show_undersides_draws_an_inner_ring(app):
    play = start(app)
    position(play, {"cells": {"e5": "B/o", "d5": "G/b"}})
    centre = at(play, "e5")
    assert face_at(centre) == "B", "memory play: only the top shows"
    app.settings.set("show_undersides", True)
    frames(app, 2)
    assert face_at(centre) == "O" and face_at(at(play, "d5")) == "B"
    app.settings.set("show_undersides", False)
    frames(app, 2)
    assert face_at(centre) == "B"


def test_a_placed_chip_shows_its_underside_for_a_moment(app):
    play = start(app)
    app.settings.set("animation_speed", 1.0)
    app.settings.set("glimpse_seconds", 0.8)
    view = play.view
    click(app, slot(play, "G"))
    click(app, at(play, "c3"))
    under = play.state.chip_at("c3")[2].upper()
    assert wait_until(app, lambda: view.anim and view.anim["phases"][view.anim["index"]][0]
                      == "glimpse", seconds=5)
    frames(app, 2)
    lift = int(view.board.cell * 0.1)
    x, y = at(play, "c3")
    assert face_at((x, y - lift)) == under
    settle(app, play)
    assert face_at((x, y)) == "G"


def test_undo_redo_and_resume(app):
    play = start(app)
    click(app, slot(play, "B"))
    click(app, at(play, "e5"))
    settle(app, play)
    click(app, slot(play, "O"))
    click(app, at(play, "e4"))
    settle(app, play)
    counts = play.state.repository_counts()
    press(app, "Undo")
    view = play.view
    assert not view.busy and play.state.chip_at("e4") is None
    assert play.state.repository_counts()["O"] == counts["O"] + 1
    assert face_at(at(play, "e4")) != "O"
    press(app, "Redo")
    settle(app, play)
    assert face_at(at(play, "e4")) == "O"
    resumed = PlayScene.from_record(app, play.record())
    assert resumed.view.state == play.state and resumed.move_texts == play.move_texts


def test_the_hint_ghost_is_drawn(app):
    play = start(app)
    position(play, ARC)
    view = play.view
    spot = at(play, "e4")
    quiet = pixel(spot)
    view.show_hint(SPEC.parse_move(play.state, "O@e4"))
    frames(app, 2)
    assert pixel(spot) != quiet
    assert view.hint_words(play.state, view.hint_move) == \
        "take a chip with orange up from the Repository and put it on e4"


def face_around(view, label):
    """The chip colour most seen round the middle of ``label`` (an arc drawn over the
    chips crosses its middle)."""
    import math
    from collections import Counter
    x, y = view.cell_center(parse_cell(label))
    r = view.board.cell * 0.3
    seen = Counter(face_at((x + r * math.cos(k * math.pi / 4 + 0.3),
                            y + r * math.sin(k * math.pi / 4 + 0.3))) for k in range(8))
    return seen.most_common(1)[0][0]


def test_rules_pages_draw_their_diagrams(app):
    click(app, app.stack.top.rules_buttons["calliro"].rect.center)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    seen = 0
    for page in range(len(rules.sections)):
        if "diagram" in rules.sections[page]:
            frames(app, 2)
            view = CalliroView(app, SPEC)
            view.input_enabled = False
            view.layout(rules.diagram_rect.inflate(-20, -20))
            state = rules.diagram_state(page)
            for label, chip in state.position()["cells"].items():
                assert face_around(view, label) == chip[0], (page, label)
            seen += 1
        key(app, pygame.K_RIGHT)
    assert seen >= 3


def test_a_small_window(app):
    play = start(app)
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    frames(app, 2)
    view = play.view
    assert view.rect.contains(view.trays.rect) and view.rect.contains(view.board.frame)
    click(app, slot(play, "O"))
    click(app, at(play, "e5"))
    settle(app, play)
    assert play.state.chip_at("e5")[0] == "O"


def test_the_setup_fits_the_smallest_window(app):
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    click(app, app.stack.top.play_buttons["calliro"].rect.center)
    assert isinstance(app.stack.top, SetupScene)
    screen = pygame.Rect(0, 0, 960, 600)
    for text in ("Back", "Rules", "Start game"):
        assert screen.contains(button(app, text).rect), text
    press(app, "Start game")
    assert isinstance(app.stack.top, PlayScene)


def choose(app, menu, value):
    """Open a drop-down by clicking it and click the option whose value is ``value``."""
    click(app, menu.rect.center)
    expanded = menu.menu_states["expanded"]
    text = next(t for t, v in menu.options_list if v == value)
    for item in expanded.options_selection_list.item_list:
        if item["text"] == text:
            click(app, item["button_element"].rect.center)
            frames(app, 3)
            return
    raise AssertionError(f"option {text!r} is not shown")


def test_an_unnamed_seat_is_called_by_the_colour_it_plays(app):
    click(app, app.stack.top.play_buttons["calliro"].rect.center)
    setup = app.stack.top
    press(app, "Against the computer")
    assert setup.sides_note == "Whoever starts plays Blue; the other plays Green."
    assert setup.name_entries[1].placeholder_text == "Blue or Green"
    choose(app, setup.controls["starter"], "1")
    assert setup.sides_note == "Seat 2 starts and plays Blue; seat 1 plays Green."
    assert [e.placeholder_text for e in setup.name_entries] == ["Green", "Blue"]
    press(app, "Start game")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    assert [(s["name"], s["kind"]) for s in play.seats] == [("Blue", "computer"),
                                                            ("Green", "human")]
    assert play.sidebar.seats[0]["name"] == "Blue"


def test_the_settings_offer_undersides_and_the_glimpse(app):
    from scenes.settings_scene import SettingsScene
    press(app, "Settings")
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    labels = [text for text, _ in scene.rows]
    assert "Calliro: show chip undersides" in labels and "Calliro: underside glimpse" in labels
    choose(app, scene.glimpse, "2.5")
    assert app.settings["glimpse_seconds"] == 2.5
    choose(app, scene.undersides, "1")
    assert app.settings["show_undersides"] is True
    assert scene.box.collidepoint(scene.glimpse.rect.bottomleft)


def perform(app, play, move, rng):
    """Make ``move`` with the pointer, as a player would."""
    before = play.cursor
    target = play.view.cell_center(move.cell)
    if move.action == "place":
        if rng.random() < 0.5:
            drag(app, slot(play, move.up), target)
        else:
            click(app, slot(play, move.up), settle=1)
            click(app, target, settle=1)
    else:
        click(app, target, settle=1)
    assert play.cursor == before + 1, (move, play.view.status)


def test_the_side_column_stays_and_wakes_up_on_your_turn(app):
    """Against the computer: pausing while it moves (and the window being rebuilt) keeps the
    Race to 11, Repository and Basket beside the board, and once the computer's move has
    landed the Repository is lit for you again without a touch of the mouse."""
    click(app, app.stack.top.play_buttons["calliro"].rect.center)
    setup = app.stack.top
    setup.starter = "0"
    setup.seats[1]["kind"] = "computer:random"
    press(app, "Start game")
    play = app.stack.top
    view = play.view
    frame, column = view.board.frame.copy(), view.trays.rect.copy()
    lit = pixel(slot(play, "O"))
    click(app, slot(play, "B"))
    click(app, at(play, "e5"))
    assert play.computer_to_move()
    move_pointer(app, at(play, "a5"))            # the pointer moves while the computer plays
    key(app, pygame.K_ESCAPE)
    press(app, "Resume")
    assert isinstance(app.stack.top, PlayScene)
    assert view.trays is not None and view.trays.rect == column and view.board.frame == frame
    assert wait_until(app, lambda: play.cursor == 2 and not view.busy, seconds=30)
    frames(app, 2)
    assert pixel(slot(play, "O")) == lit, "the Repository is not dimmed on your own turn"


def test_a_whole_game_by_mouse_reaches_the_results(app):
    """At the default rules every point is the scorer's choice (but Rule 3's pairs and
    the winning point), asked on the status line and made by a click."""
    play = start(app)
    rng = random.Random(5)
    asked = given = 0
    for _ in range(400):
        state = play.state
        if state.is_over:
            break
        moves = state.legal_moves()
        places = [m for m in moves if m.action == "place"]
        scoring = [m for m in places if state.scoring_after(m)]
        move = rng.choice(scoring or places or moves)
        perform(app, play, move, rng)
        after, last = play.state, play.state.last
        if move.action != "replace" and any(last["points"]):
            given += sum(last["points"])
            direct = [tuple(c) for c in last["replaced"]]
            if not after.is_over:
                assert len(direct) % 2 == 0, "only Rule 3's pairs go without a choice"
            asked += len(last["pending"])
            assert len(direct) + len(last["pending"]) == sum(last["points"])
        if after.pending_cells:
            settle(app, play)
            scorer = ("Blue (Player 1)", "Green (Player 2)")[after.to_move]
            assert play.status_text().startswith(f"{scorer} scored"), play.status_text()
    assert play.state.is_over and asked >= 3 and given >= asked
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=20)
    assert app.stack.top.outcome["reason"] == play.state.describe_end(
        ["Player 1 (Blue)", "Player 2 (Green)"])


def test_a_player_without_an_action_is_announced_as_skipped(app):
    # A radius-2 board full of score chips but c3: nobody can place, and once Blue
    # flips c3 Green may not flip it back, so Green has nothing to do.
    small = [cell_label(x, 2) for x in cells(2)]
    chips = {label: ("S0" if n % 2 else "S1") for n, label in enumerate(small)}
    chips["c3"] = "O/b"
    play = start(app)
    position(play, {"cells": chips, "radius": 2})
    assert [SPEC.format_move(play.state, m) for m in play.state.legal_moves()] == ["flip c3"]
    click(app, play.view.cell_center(parse_cell("c3", 2)))
    settle(app, play)
    assert play.cursor == 1, play.view.status
    assert play.state.chip_at("c3") == "B/o"
    assert play.state.to_move == 0 and play.state.last["skipped"] == [1]
    assert [b.text for b in play.view.banners] == ["Player 2 (Green) is skipped"]
    assert not play.state.is_over and "Player 1" in play.prompt()


# --- what players could not read or see ---------------------------------------------------

def test_the_point_is_announced_after_its_arc_and_clear_of_the_chips_that_scored(app):
    play = start(app)
    position(play, ARC, to_move=0)
    view = play.view
    click(app, slot(play, "O"))
    pygame.mouse.set_pos(at(play, "e4"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(play, "e4"), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(play, "e4"), button=1))
    saw_arc_alone = False
    for _ in range(200):
        frames(app, 1)
        if view.anim is not None and view.anim["phases"][view.anim["index"]][0] == "arcs":
            assert not view.banners, "the arc is shown on its own first"
            saw_arc_alone = True
        if view.banners:
            break
    assert saw_arc_alone and view.banners[0].text == "Point to Player 1 (Blue)"
    arc = [c for a in play.state.last["arcs"] for c in a]
    assert len(arc) == 3
    frames(app, 1)
    shown = [pixel(view.cell_center(c)) for c in arc]
    banners, view.banners = view.banners, []
    frames(app, 1)
    bare = [pixel(view.cell_center(c)) for c in arc]
    view.banners = banners
    assert shown == bare, "no banner lies over the chips that scored"


def test_the_race_labels_sit_clear_of_their_tracks(tmp_path):
    from helpers import make_app
    from scenes.play import board_area
    for size in ((960, 600), (1280, 800), (1920, 1080)):
        app = make_app(tmp_path, size)
        try:
            view = CalliroView(app, SPEC, [{"name": "Annabelle", "kind": "human"},
                                           {"name": "Bo", "kind": "human"}])
            view.layout(board_area(size))
            trays = view.trays
            rows = [trays.label_rect(p) for p in (0, 1)] + [trays.track_rect(p) for p in (0, 1)]
            for i, a in enumerate(rows):
                assert trays.score_rect.contains(a), f"{a} leaves the panel at {size}"
                for b in rows[i + 1:]:
                    assert not a.colliderect(b), f"{a} and {b} overlap at {size}"
        finally:
            app.close()


def small_window(app):
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    frames(app, 2)


def test_the_cell_coordinates_are_written_to_be_read(app):
    play = start(app)
    small_window(app)
    board = play.view.board
    for text, (x, y) in board._labels():
        box = pygame.Rect(0, 0, int(board.cell * 1.2), int(board.cell * 1.2))
        box.center = (int(x), int(y))
        bright = [(px, py) for px in range(box.left, box.right)
                  for py in range(box.top, box.bottom) if min(pixel((px, py))) >= 200]
        assert bright, f"{text} is written in full light ink"
        height = max(py for _, py in bright) - min(py for _, py in bright) + 1
        if text.isdigit():
            assert height >= 9, f"{text} is {height} pixels tall"


def test_rule_2_is_explained_on_the_board_in_readable_lines(app):
    from scenes import assets
    play = start(app)
    small_window(app)
    position(play, {"cells": {"e5": "B/o", "f5": "O/g", "d4": "G/o", "c5": "O/b", "e4": "B/o"}})
    view = play.view
    click(app, at(play, "e4"))
    status = view.status
    assert status.startswith("Not allowed by Rule 2")
    room = play.sidebar.status_rect.width - 28
    assert assets.font(17).size(status)[0] <= room, "the status line keeps its full size"
    box = view.overlays.notice_box(view.notice, view.board.frame)
    box.centery = view.clear_row(box.height, view._keep_clear())
    assert view.board.frame.contains(box)
    assert not box.collidepoint(at(play, "e4")), "the refused chip stays in view"
    assert view.overlays._notice_sizes(view.board.frame)[1] >= 15
    assert "both players' colours sit in arcs" in view.notice["text"]
    frames(app, 2)
    assert pixel(box.move(0, 0).center) != pixel((box.centerx, box.bottom + 30))


def test_the_sidebar_and_status_line_tell_the_point_once_its_arc_is_shown(app, monkeypatch):
    from test_scenes_calla import watch_sidebar
    play = start(app)
    app.settings.set("animation_speed", 1.0)
    position(play, {**ARC, "options": {"scorer_chooses_replacement": False}}, to_move=0)
    view = play.view
    shown = watch_sidebar(play, monkeypatch)
    click(app, slot(play, "O"))
    pygame.mouse.set_pos(at(play, "e4"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(play, "e4"), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(play, "e4"), button=1))
    before_banner = after_banner = 0
    for _ in range(600):
        frames(app, 1)
        if not view.busy:
            break
        if view.banners:
            after_banner += 1
            assert shown[-1][2] == (1, 0), "the point counts once it is announced"
            assert play.status_text().endswith("Blue +1")
        else:
            before_banner += 1
            assert shown[-1][2] == (0, 0), "no point before its arc is shown"
            assert play.status_text() == "Player 1: orange on e4", "the point is not told yet"
    assert before_banner > 5 and after_banner > 5
    settle(app, play)
    assert shown[-1][2] == (1, 0) and play.state.scores == (1, 0)
