"""The results screen's account of the whole game, headless: the score across the
game as a chart, how many moves, how long it took and each player's time on the clock."""

import random

import pygame

from helpers import frames, wait_until
from scenes.play import PlayScene
from scenes.results import ResultsScene


def drawn_words(monkeypatch):
    from scenes import assets
    seen = []
    text = assets.text

    def spy(surface, words, *args, **kwargs):
        seen.append(str(words))
        return text(surface, words, *args, **kwargs)

    monkeypatch.setattr(assets, "text", spy)
    return seen


def play_out(app, game="calliro", clock=None, seconds_a_move=2.0, seed=3):
    """A whole game of random moves, each after ``seconds_a_move`` of play time."""
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    config = {"game": game, "variant": None, "options": {}, "seats": seats, "starter": "0",
              "time_control": clock}
    play = app.stack.push(PlayScene(app, config, seed=seed))
    rng = random.Random(seed)
    frames(app, 1)
    while not play.state.is_over:
        app.step(seconds_a_move)
        play.apply(rng.choice(play.state.legal_moves()))
        play.view.finish_animation()
    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=10)
    return play, app.stack.top


def test_results_chart_each_players_score_after_every_move(app, monkeypatch):
    play, results = play_out(app)
    history = play.history[:play.cursor + 1]
    assert results.summary.scores == [tuple(s.scores) for s in history]
    seen = drawn_words(monkeypatch)
    frames(app, 2)
    moves = len(history) - 1
    assert f"{moves} moves in {moves * 2 // 60} min" in " ".join(seen), seen
    assert "Score after each move" in seen and f"move {moves}" in seen
    chart = results.summary.chart_area(pygame.Rect(results.panel_rect.x + 20, 0,
                                                   results.panel_rect.width - 40, 200))
    band = app.screen.subsurface(pygame.Rect(chart.x, results.panel_rect.y, chart.width,
                                             results.buttons_top - results.panel_rect.y))
    for colour in play.view.player_colours:
        lines = pygame.mask.from_threshold(band.copy(), colour, (12, 12, 12, 255))
        assert lines.count() > 30, f"a line in {colour} runs across the chart"
    assert "Time used on the clocks" not in seen, "no clocks ran"


def test_results_say_each_players_time_on_the_clock(app, monkeypatch):
    play, results = play_out(app, clock="10+5", seconds_a_move=3.0)
    seen = drawn_words(monkeypatch)
    frames(app, 2)
    assert "Time used on the clocks" in seen
    history = play.history[:play.cursor + 1]
    for player, name in enumerate(("Ann", "Bo")):
        spent = 3 * sum(1 for s in history[:-1] if s.to_move == player)  # 3 s a move
        # the name (cut to its room when long) and, beside it, the time kept whole
        at = seen.index(name)
        assert seen[at + 1] == f"{spent // 60}:{spent % 60:02d}", seen


def test_a_resumed_game_counts_the_time_played_before(app, tmp_path):
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bo", "kind": "human"}]
    config = {"game": "calla", "variant": None, "options": {}, "seats": seats, "starter": "0",
              "time_control": None}
    play = app.stack.push(PlayScene(app, config))
    app.step(90.0)
    play.apply(play.state.legal_moves()[0])
    record = play.record()
    app.stack.pop()
    again = PlayScene.from_record(app, record)
    assert again.played_before >= 90.0


def test_rematch_swaps_the_seats_and_unnamed_seats_follow_their_side():
    from scenes.results import rematch_config
    from scenes.views import view_class
    names = view_class("iriri").seat_names(None)
    config = {"game": "iriri", "variant": None, "options": {}, "starter": "random",
              "seats": [{"name": "Ann", "kind": "human"},
                        {"name": "Bob", "kind": "computer", "level": "easy"}],
              "seat_order": [0, 1]}
    again = rematch_config(config)
    assert [s["name"] for s in again["seats"]] == ["Bob", "Ann"]
    assert again["seats"][0]["level"] == "easy" and again["seat_order"] == [1, 0]
    assert [s["name"] for s in rematch_config(again)["seats"]] == ["Ann", "Bob"]
    # a seat nobody named is called by the side it plays, before and after
    unnamed = dict(config, seats=[{"name": names[0], "kind": "human"},
                                  {"name": "Bob", "kind": "human"}])
    assert [s["name"] for s in rematch_config(unnamed)["seats"]] == ["Bob", names[1]]
