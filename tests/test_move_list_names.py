"""A player's long name never hides the move: in the list of moves of every play screen and
of the review, the name is shortened with an ellipsis and the move shows whole; every row
at one size, started at the side the language starts its lines (the right in Persian),
whatever the name's script.  Calliro's race panel keeps each score beside a long name."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.records.record import make_record
from helpers import drawn_texts, frames, make_app, play_at_random, random_game
from scenes import assets
from scenes.menu import MenuScene
from scenes.play import PlayScene

LONG = "Bartholomew Maximilian Featherstonehaugh"      # 40 letters and spaces
PERSIAN = "گلی‌بانو رستمی"
SIZE = (960, 600)


@pytest.fixture(params=["en", "fa"])
def app(request, tmp_path):
    (tmp_path / "settings.json").write_text(f'{{"language": "{request.param}"}}',
                                            encoding="utf-8")
    app = make_app(tmp_path, size=SIZE)
    app.settings.set("animation_speed", 4.0)
    app.stack.push(MenuScene(app))
    frames(app, 2)
    yield app
    app.close()
    i18n.use("en", persian_digits=False)


def seats():
    return [{"name": LONG, "kind": "human"}, {"name": PERSIAN, "kind": "human"}]


def play_moves(app, game, moves, seed=3) -> PlayScene:
    config = {"game": game, "variant": None, "options": {}, "seats": seats(), "starter": "0",
              "time_control": None}
    return play_at_random(app, config, moves, seed)


def move_rows(texts, shown) -> list:
    """(rect, words) of the rows of moves ``shown`` (number, move text), in order: the text
    drawn that begins with the move's number."""
    rows = []
    for n, line in shown:
        start = i18n.number(n) + "."
        found = [(rect, words) for rect, words in texts
                 if words.lstrip("\u2068\u2067\u2066\u202b\u202a\u200f\u200e").startswith(start)
                 and (LONG[:4] in words or PERSIAN[:3] in words)]
        assert found, f"no row drawn for move {n} ({line!r})"
        rows.append(found[0])
    return rows


def check_rows(rows, shown) -> None:
    for (rect, words), (n, line) in zip(rows, shown):
        end = words.rstrip("\u2069 ?").rstrip()
        move = str(line).split(": ", 1)[1].strip()      # the line read "name: move"
        assert end.endswith(move), f"move {n} is not shown whole: {words!r}"
    assert len({rect.height for rect, _w in rows}) == 1, "rows drawn at different sizes"
    if i18n.rtl():
        assert len({rect.right for rect, _w in rows}) == 1, "rows not all at the right"
    else:
        assert len({rect.left for rect, _w in rows}) == 1, "rows not all at the left"


def test_the_play_screens_move_list_shows_every_move_whole(app):
    play = play_moves(app, "calla", 6)
    lines = play.move_texts
    assert len(lines) >= 4
    shown = [(n, lines[n - 1]) for n in range(len(lines) - 3, len(lines) + 1)]
    rows = move_rows(drawn_texts(app), shown)
    check_rows(rows, shown)


def test_the_reviews_move_list_shows_every_move_whole(app):
    start, texts, _history = random_game("calla", 2)
    record = make_record({"game": "calla", "options": {}, "seats": seats()}, start, texts[:6])
    review = app.stack.push("review", record=record)
    frames(app, 2)
    moves = review.moves
    shown = [(n, moves.texts[n - 1])
             for n in range(moves.first + 1, min(len(moves.texts), moves.first + moves.rows) + 1)]
    assert len(shown) >= 4
    rows = move_rows(drawn_texts(app), shown)
    check_rows(rows, shown)


def test_calliros_race_shows_both_scores_beside_long_names(app):
    play = play_moves(app, "calliro", 0)
    with assets.TextRecorder() as recorder:
        play.view.trays._layer = None         # drawn anew, not from the layer kept
        frames(app, 1)
    texts = [words for _s, _r, words in recorder.drawn]
    for name in (LONG, PERSIAN):
        score = i18n.number(0)
        rows = [w for w in texts if name[:3] in w and w.rstrip("\u2069").endswith(score)]
        assert rows, f"no race row shows {name!r} with its score"
