"""The client headless: menu -> setup -> play -> results, driven by clicks."""

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.calla import shield_index
from scenes import assets
from helpers import button, click, every_game, frames, key, move_pointer, press, set_position, \
    wait_until
from scenes.menu import MenuScene
from scenes.pause import PauseScene
from scenes.play import PlayScene
from scenes.results import ResultsScene
from scenes.rules import RulesScene
from scenes.setup import SetupScene

ROOT = Path(__file__).resolve().parent.parent


def start_calla(app, seat2="human", timer=None, replace=False):
    """A new Calla game from the menu; ``replace``: one left unfinished is there, and the
    player agrees it is replaced."""
    click(app, app.stack.top.play_buttons["calla"].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.starter = "0"          # Player 1 starts, so the seats are predictable
    for i, seat in enumerate(setup.seats):
        seat["name"] = f"Player {i + 1}"
    setup.seats[1]["kind"] = seat2
    if timer is not None:
        setup.options["time_limit_minutes"] = timer
    press(app, "Start game")
    if replace:
        press(app, "Start a new game")
    play = app.stack.top
    assert isinstance(play, PlayScene)
    return play


def sow(app, play, move):
    """Click shield ``move`` of the player to move, then let the cubes fall."""
    index = shield_index(play.state.to_move, move)
    click(app, play.view.pits_rects[index].center)
    assert wait_until(app, lambda: not play.view.busy, seconds=10)


def test_window_title_and_menu_show_callidus(app):
    assert pygame.display.get_caption()[0] == "Callidus"
    assert isinstance(app.stack.top, MenuScene)
    assert "calla" in app.stack.top.play_buttons


def test_click_on_a_shield_sows_and_passes_the_turn(app):
    play = start_calla(app)
    sow(app, play, 1)
    assert play.state.pits[:5] == (0, 4, 5, 4, 3)
    assert play.state.to_move == 1
    assert "Player 1: 1" in play.move_texts[0]


def test_click_on_opponents_shield_does_nothing_and_says_why(app):
    play = start_calla(app)
    click(app, play.view.pits_rects[8].center)
    assert play.cursor == 0
    assert "belongs to" in play.view.status


def test_hover_shows_where_the_last_cube_lands(app):
    play = start_calla(app)
    rect = play.view.pits_rects[3]  # A's shield 4: 3 cubes land in 4, 5 (calla), 6
    move_pointer(app, rect.center, settle=2)
    assert play.view.hover == 3
    assert "3 cubes" in play.view.status


def test_hover_on_a_single_cube_says_one_cube(app):
    play = start_calla(app)
    set_position(play, {"pits": [1, 0, 3, 3, 3, 0, 3, 3, 4, 8, 4, 0], "to_move": 0})
    rect = play.view.pits_rects[0]
    move_pointer(app, rect.center, settle=2)
    assert play.view.status == "1 cube: the last lands in an empty shield - a capture."


def test_free_turn_is_announced_on_the_board(app):
    play = start_calla(app)
    app.settings.set("animation_speed", 1.0)
    # A's shield 3 holds 4 cubes from index 2: 3, 4, 5, 6 - not a free turn; build one instead.
    set_position(play, {"pits": [3, 3, 4, 2, 3, 0, 3, 3, 4, 3, 4, 0], "to_move": 0})
    click(app, play.view.pits_rects[3].center)
    assert wait_until(app, lambda: not play.view.busy, seconds=10)
    assert play.state.to_move == 0 and play.state.free_turn
    assert any(b.text == "Free turn!" for b in play.view.banners)
    assert "free" in app.sounds.played


def test_capture_is_announced(app):
    play = start_calla(app)
    set_position(play, {"pits": [1, 0, 3, 3, 3, 0, 3, 3, 4, 8, 4, 0], "to_move": 0})
    sow(app, play, 1)
    assert play.state.scores == (9, 0)
    assert any(b.text == "Capture!" for b in play.view.banners)
    assert "capture" in app.sounds.played


def test_undo_and_redo_between_humans(app):
    play = start_calla(app)
    sow(app, play, 2)
    sow(app, play, 4)
    after = play.state
    press(app, "Undo")
    assert play.cursor == 1 and play.state.to_move == 1
    press(app, "Undo")
    assert play.cursor == 0 and play.state == play.spec.new_game()
    assert not button(app, "Undo").is_enabled
    press(app, "Redo")
    press(app, "Redo")
    assert play.state == after
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert play.cursor == 1


def test_whole_game_by_clicks_to_results_and_rematch(app, tmp_path):
    play = start_calla(app, timer=0)
    assert play.timer is None
    plies = 0
    while not play.state.is_over:
        sow(app, play, play.state.legal_moves()[-1])
        plies += 1
        assert plies < 300
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    results = app.stack.top
    final = play.state
    assert results.state == final
    winner = final.winner
    assert results.headline == ("A draw" if winner is None else
                                f"{play.seats[winner]['name']} wins!")
    log = (tmp_path / "log.txt").read_text()
    assert "over calla" in log and f"scores {list(final.scores)}" in log
    press(app, "Rematch")
    again = app.stack.top
    assert isinstance(again, PlayScene) and again.cursor == 0
    assert again.state.pits == again.spec.new_game().pits
    # the seats are swapped: whoever moved first now moves second
    assert [s["name"] for s in again.seats] == ["Player 2", "Player 1"]


def test_results_back_to_menu(app):
    play = start_calla(app)
    set_position(play, {"pits": [3, 0, 0, 0, 1, 16, 3, 3, 3, 3, 0, 0], "to_move": 0})
    sow(app, play, 5)
    assert play.state.winner == 0
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    assert app.stack.top.headline == "Player 1 wins!"
    press(app, "Back to menu")
    assert isinstance(app.stack.top, MenuScene) and len(app.stack.scenes) == 1


def watch_sidebar(play, monkeypatch):
    """Every state and move list the sidebar is drawn with, newest last."""
    shown = []
    draw = play.sidebar.draw

    def spy(surface, state, moves, **kwargs):
        shown.append((state, list(moves), kwargs.get("scores") or state.scores))
        draw(surface, state, moves, **kwargs)
    monkeypatch.setattr(play.sidebar, "draw", spy)
    return shown


def test_the_panels_wait_for_the_cubes_to_land(app, monkeypatch):
    play = start_calla(app, seat2="computer:random")
    app.settings.set("animation_speed", 1.0)
    shown = watch_sidebar(play, monkeypatch)
    before = play.state
    click(app, play.view.pits_rects[shield_index(0, 3)].center, settle=2)
    assert play.cursor == 1 and play.view.busy, "the cubes are still moving"
    assert shown[-1] == (before, [], (0, 0)), "scores, turn and moves as before the move"
    assert "thinking" not in play.status_text() and play.status_text() == play.move_texts[0]
    assert wait_until(app, lambda: not play.view.busy, seconds=10)
    frames(app, 1)
    assert shown[-1][0] is play.history[1] and len(shown[-1][1]) == 1
    assert play.status_text() == "Player 2 is thinking..."


def test_the_final_score_shows_once_the_last_cube_lands(app, monkeypatch):
    play = start_calla(app)
    app.settings.set("animation_speed", 1.0)
    before = set_position(play, {"pits": [3, 0, 0, 0, 1, 16, 3, 3, 3, 3, 0, 0], "to_move": 0})
    shown = watch_sidebar(play, monkeypatch)
    click(app, play.view.pits_rects[shield_index(0, 5)].center, settle=2)
    assert play.state.is_over and play.view.busy
    assert shown[-1][0] is before and shown[-1][2][0] == 16
    assert "gathered" not in play.status_text()
    # the score counts the cube once it is in the calla, the end once the move is done
    assert wait_until(app, lambda: play.view.shown[5] == 17, seconds=10)
    frames(app, 1)
    assert shown[-1][2][0] == 17 and "gathered" not in play.status_text()
    assert wait_until(app, lambda: not play.view.busy, seconds=10)
    frames(app, 1)
    assert shown[-1][0].scores[0] == 17 and "gathered 17 cubes" in play.status_text()


def test_the_results_name_the_seats_by_name_and_side(app, monkeypatch):
    """Ann lets the computer start, so she plays B; the computer's seat, left unnamed, is
    called by its side. The results board, headline, end text and scores all agree."""
    import scenes.views.calla.view as calla_view
    click(app, app.stack.top.play_buttons["calla"].rect.center)
    setup = app.stack.top
    setup.seats[0]["name"] = "Ann"
    setup.seats[1]["kind"] = "computer:random"
    setup.starter = "1"
    press(app, "Start game")
    play = app.stack.top
    assert [s["name"] for s in play.seats] == ["Player A", "Ann"]
    set_position(play, {"pits": [3, 3, 3, 3, 3, 0, 0, 0, 0, 0, 1, 16], "to_move": 1})
    drawn = []
    text = calla_view.assets.text
    monkeypatch.setattr(calla_view.assets, "text",
                        lambda surface, words, *a, **k: drawn.append(words)
                        or text(surface, words, *a, **k))
    sow(app, play, 5)
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    results = app.stack.top
    drawn.clear()
    frames(app, 2)
    assert {"Player A", "Ann (B)"} <= set(drawn), f"the final board reads {drawn}"
    assert results.headline == "Ann wins!"
    assert results.outcome["reason"] == "Ann (B) gathered 17 cubes in their calla."
    assert results.labels == ["Player A", "Ann (B)"]


def test_every_setup_says_which_side_the_starter_plays(app):
    for game in every_game():
        click(app, app.stack.top.play_buttons[game].rect.center)
        setup = app.stack.top
        assert setup.sides_note.startswith(("Whoever starts plays", "In turn order")), game
        press(app, "Back")


def test_timer_counts_down_and_time_call_plays_the_last_turn(app):
    play = start_calla(app, timer=5)
    assert 299 < play.timer < 300, "the 5-minute timer has started counting down"
    sow(app, play, 1)                 # A completed a turn; B is behind
    play.update(301)
    assert play.timer == 0 and play.state.time_called
    assert "plays one last turn" in play.time_rule_text()
    assert any(b.text == "Time!" for b in play.view.banners)
    sow(app, play, 1)                 # B's last turn
    assert play.state.is_over and "Time was called" in play.state.end_reason


def test_esc_pauses_and_resume_returns(app):
    play = start_calla(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    before = play.timer
    frames(app, 30)
    assert play.timer == before, "the game timer stands still while paused"
    press(app, "Rules")
    assert isinstance(app.stack.top, RulesScene)
    press(app, "Back")
    press(app, "Resume")
    assert app.stack.top is play


def test_pause_restart_asks_first_and_quit(app):
    play = start_calla(app)
    sow(app, play, 2)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    press(app, "Restart")
    assert app.stack.top is pause and pause.confirming, "Restart asks before starting again"
    assert pause._confirm_words().endswith("The move made so far will be lost.")
    press(app, "Keep playing")
    assert app.stack.top is pause and not pause.confirming
    press(app, "Restart")
    key(app, pygame.K_ESCAPE)                   # Esc also keeps the game
    assert app.stack.top is pause and not pause.confirming
    press(app, "Resume")
    assert app.stack.top is play and play.cursor == 1
    key(app, pygame.K_ESCAPE)
    press(app, "Restart")
    press(app, "Restart")
    fresh = app.stack.top
    assert isinstance(fresh, PlayScene) and fresh is not play and fresh.cursor == 0
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to menu")
    assert isinstance(app.stack.top, MenuScene)


def test_random_computer_answers_without_blocking(app):
    play = start_calla(app, seat2="computer:random")
    sow(app, play, 1)
    assert play.state.to_move == 1
    assert wait_until(app, lambda: play.cursor >= 2 or play.state.to_move == 0, seconds=30)
    assert play.move_texts[1].startswith("Player 2:")
    # undo against the computer goes back to the human's turn
    press(app, "Undo")
    assert play.state.to_move == 0 and play.cursor == 0


def test_rules_pages_turn_and_show_diagrams(app):
    click(app, app.stack.top.rules_buttons["calla"].rect.center)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    seen = []
    for _ in range(len(rules.sections)):
        seen.append(rules.sections[rules.page]["heading"])
        if "diagram" in rules.sections[rules.page]:
            assert rules.diagram_state(rules.page) is not None
        key(app, pygame.K_RIGHT)
    assert "Captures" in seen and "The game timer" in seen


def test_setup_two_modes(app):
    click(app, app.stack.top.play_buttons["calla"].rect.center)
    setup = app.stack.top
    press(app, "Against the computer")
    assert setup.seats[1]["kind"].startswith("computer")
    press(app, "Two at one screen")
    assert all(s["kind"] == "human" for s in setup.seats)
    config = setup.config()
    assert config["options"]["time_limit_minutes"] == 15


def test_a_dropdown_closes_on_its_chosen_option_and_start_still_starts(app):
    click(app, app.stack.top.play_buttons["calla"].rect.center)
    setup = app.stack.top
    clocks = setup.controls["time_control"]
    for menu in (clocks, setup.controls["starter"]):
        click(app, menu.rect.center)
        expanded = menu.menu_states["expanded"]
        assert menu.current_state is expanded
        chosen = next(item for item in expanded.options_selection_list.item_list
                      if item["text"] == menu.selected_option[0])
        click(app, chosen["button_element"].rect.center)     # the option already chosen
        assert menu.current_state is not expanded, "the list closes"
    assert clocks.selected_option[1] == "none"
    start = button(app, "Start game")
    assert not expanded.options_selection_list.alive() or not \
        expanded.options_selection_list.rect.colliderect(start.rect)
    press(app, "Start game")
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.config["time_control"] is None


def test_resize_keeps_the_game(app):
    play = start_calla(app)
    sow(app, play, 3)
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(960, 600), w=960, h=600))
    frames(app, 2)
    assert app.stack.top is play and play.cursor == 1
    assert play.view.board_rect.right <= 960 - 300


def test_damaged_settings_file_is_set_aside(tmp_path):
    from scenes.settings import Settings
    path = tmp_path / "settings.json"
    path.write_text("{ not json")
    s = Settings(path)
    assert s["volume"] == 0.7
    assert "damaged" in s.problem
    [kept] = tmp_path.glob("settings.damaged-*.json")
    assert kept.read_text() == "{ not json" and str(kept) in s.problem
    s.set("volume", 0.3)
    assert json.loads(path.read_text())["volume"] == 0.3
    path.write_text(json.dumps({"volume": "loud", "animation_speed": 2.0}))
    s = Settings(path)
    assert s["volume"] == 0.7 and s["animation_speed"] == 2.0 and "volume" in s.problem


@pytest.mark.parametrize("flags, message", [
    (["--size", "10x10"], "smaller"),
    (["--size", "big"], "not a size"),
    (["--game", "chess"], "unknown game"),
    (["--smoke", "0"], "at least 1"),
    (["--bogus"], "unrecognized"),
    (["--log", "/nonexistent/dir/log.txt"], "cannot write the log"),
])
def test_bad_flags_get_a_clear_message(flags, message):
    result = subprocess.run([sys.executable, "main.py", *flags], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_smoke_runs_every_screen(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
           "CALLIDUS_CONFIG_DIR": str(tmp_path), "CALLIDUS_DATA_DIR": str(tmp_path),
           "HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "main.py", "--smoke", "3"], cwd=ROOT,
                            capture_output=True, text=True, timeout=240, env=env)
    assert result.returncode == 0, result.stderr
    assert "smoke:" in result.stdout


def test_unfinished_game_survives_a_restart(app, tmp_path):
    from helpers import make_app
    from scenes.saves import unfinished_path
    play = start_calla(app, timer=5)
    sow(app, play, 2)
    sow(app, play, 4)
    play.update(100)
    app.writer.flush()                # saves are written off the frame loop
    assert unfinished_path("calla").exists()
    state, timer = play.state, play.timer
    app.close()                       # the window is closed mid-game
    (tmp_path / "second").mkdir()
    again = make_app(tmp_path / "second")
    again.stack.push(MenuScene(again))
    frames(again, 2)
    menu = again.stack.top
    assert menu.unfinished_line("calla", 15, 1000) == "Unfinished: Player 1 v Player 2, move 2"
    click(again, menu.resume_buttons["calla"].rect.center)
    resumed = again.stack.top
    assert isinstance(resumed, PlayScene)
    assert resumed.state == state and resumed.cursor == 2
    assert [s["name"] for s in resumed.seats] == [s["name"] for s in play.seats]
    assert resumed.timer == pytest.approx(timer, abs=1)
    press(again, "Undo")
    assert resumed.cursor == 1
    again.close()


def test_resume_names_the_game_the_players_and_the_move(app):
    import random
    play = start_calla(app)
    play.config["seats"][0]["name"] = "Ann"
    play.config["seats"][1].update(name="Computer", kind="computer", level="hard")
    rng = random.Random(3)
    for _ in range(12):
        play.apply(rng.choice(play.state.legal_moves()))
        play.view.finish_animation()
    assert not play.finished
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to menu")
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    card = next(rect for spec, rect in menu.rows if spec.name == "calla")
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    said = [words for rect, words in recorder.on(app.screen) if card.contains(rect)]
    assert "Unfinished: Ann v Computer (Hard), move 12" in said, said
    assert card.contains(menu.resume_buttons["calla"].rect)


def test_a_game_without_a_move_is_not_offered_to_resume(app):
    play = start_calla(app)
    sow(app, play, 2)
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to menu")           # back at the menu: that game can be resumed
    assert "calla" in app.stack.top.resume_buttons
    play = start_calla(app, replace=True)   # a new game, left before its first move
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to menu")
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.unfinished_line("calla", 15, 1000) == \
        "Unfinished: Player 1 v Player 2, move 1", \
        "the game with a move is still the one offered, not the empty one"


def test_damaged_unfinished_game_is_set_aside_with_a_message(app, tmp_path):
    from scenes.saves import legacy_unfinished_path
    path = legacy_unfinished_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "callidus-game", "version": 1, "game": "calla", "moves": [')
    app.stack.top.resize()
    press(app, "Resume unfinished game")
    assert isinstance(app.stack.top, MenuScene)
    assert "could not be read" in app.stack.top.notice
    [kept] = path.parent.glob("unfinished-game.damaged-*.json")
    assert not path.exists() and kept.name in app.stack.top.notice


def test_finished_game_leaves_nothing_to_resume(app):
    from scenes.saves import unfinished_path
    play = start_calla(app)
    set_position(play, {"pits": [3, 0, 0, 0, 1, 16, 3, 3, 3, 3, 0, 0], "to_move": 0})
    sow(app, play, 5)
    app.writer.flush()
    assert play.state.is_over and not unfinished_path("calla").exists()


def test_hint_shows_a_legal_move_on_the_board(app):
    play = start_calla(app)
    press(app, "Hint")
    assert not button(app, "Hint").is_enabled, "one hint at a time"
    assert wait_until(app, lambda: play.view.hint_move is not None, seconds=30)
    assert play.view.hint_move in play.state.legal_moves()
    n = play.view.hint_move
    cubes = play.state.pits[shield_index(0, n)]
    nth = ("1st", "2nd", "3rd", "4th", "5th")[n - 1]
    assert play.view.status == f"Hint: sow from your {nth} shield ({cubes} cubes)"
    sow(app, play, 1)
    assert play.move_texts[0] == "Player 1: 1st shield, 3 cubes"
    assert play.view.hint_move is None


def choose(app, menu, text):
    """Pick ``text`` from a setup dropdown by clicks."""
    click(app, menu.rect.center)
    items = menu.menu_states["expanded"].options_selection_list.item_list
    click(app, next(i for i in items if i["text"] == text)["button_element"].rect.center,
          settle=8)


def test_with_clocks_hints_are_off_unless_the_setup_allows_them(app):
    click(app, app.stack.top.play_buttons["calla"].rect.center)
    setup = app.stack.top
    assert setup.controls["hints"].selected_option[1] == "yes", "untimed: hints allowed"
    choose(app, setup.controls["time_control"], "5: 5 min sudden death")
    assert setup.time_control == "5"
    assert setup.controls["hints"].selected_option[1] == "no", "a clock turns hints off"
    press(app, "Start game")
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.clock is not None
    assert not button(app, "Hint").visible
    play.ask_hint()
    assert play.hint_for is None and play.view.hint_move is None


def test_a_timed_game_may_allow_hints(app):
    click(app, app.stack.top.play_buttons["calla"].rect.center)
    setup = app.stack.top
    choose(app, setup.controls["time_control"], "5: 5 min sudden death")
    choose(app, setup.controls["hints"], "Yes: the Hint button shows a good move")
    press(app, "Start game")
    play = app.stack.top
    assert play.clock is not None and button(app, "Hint").visible
    press(app, "Hint")
    assert play.hint_for is not None


def test_no_hint_in_a_tournament_game(app):
    config = {"game": "calla", "variant": "standard", "options": {"time_limit_minutes": 0},
              "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}],
              "starter": "0", "time_control": None, "tournament": {"round": 1, "board": 1}}
    play = PlayScene(app, config)
    app.stack.push(play)
    frames(app, 2)
    assert not button(app, "Hint").visible
    play.ask_hint()
    assert play.hint_for is None


def test_per_player_clocks_run_in_turn_and_a_flag_fall_loses(app):
    click(app, app.stack.top.play_buttons["calla"].rect.center)
    setup = app.stack.top
    setup.starter = "0"
    setup.time_control = "1"           # one minute each, sudden death
    setup.options["time_limit_minutes"] = 0
    press(app, "Start game")
    play = app.stack.top
    assert play.clock is not None and not button(app, "Undo").is_enabled
    play.update(10)
    assert play.clock.remaining(0) == pytest.approx(50, abs=0.2)
    assert play.clock.remaining(1) == pytest.approx(60)
    sow(app, play, 1)                  # Player 1 presses the clock by moving
    play.update(20)
    assert play.clock.remaining(1) == pytest.approx(40, abs=0.5)
    key(app, pygame.K_ESCAPE)
    frames(app, 60)                    # paused: no clock runs
    press(app, "Resume")
    assert play.clock.remaining(1) == pytest.approx(40, abs=0.5)
    play.update(45)                    # Player 2 thinks too long
    assert play.flagged == 1 and play.finished
    assert any(b.text == "Flag fell!" for b in play.view.banners)
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    # unnamed seats are called by their sides, in the headline and the end text alike
    assert app.stack.top.headline == "Player A wins!"
    assert app.stack.top.outcome["reason"] == "Player B ran out of time."


def test_clock_text_shows_tenths_under_ten_seconds():
    from scenes.ui import clock_text
    assert clock_text(9.96) == "0:09.9"
    assert clock_text(75) == "1:15"
    assert clock_text(0) == "0:00.0"


def test_tournament_game_reports_its_outcome_and_returns_to_the_round(app):
    from scenes.stack import Scene
    seen = []
    below = Scene(app)
    app.stack.push(below)
    config = {"game": "calla", "variant": "standard", "options": {"time_limit_minutes": 0},
              "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}],
              "starter": "0", "time_control": None, "tournament": {"round": 1, "board": 1}}
    play = PlayScene(app, config, on_finish=seen.append)
    app.stack.push(play)
    set_position(play, {"pits": [3, 0, 0, 0, 1, 16, 3, 3, 3, 3, 0, 0], "to_move": 0})
    sow(app, play, 5)
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    assert seen and seen[0]["winner"] == 0 and seen[0]["moves"] == ["5"]
    press(app, "Back to the round")
    assert app.stack.top is below
