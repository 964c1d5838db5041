"""The director's live boards in Persian: each tile reads from its right (the board's
number at the right, the first seat's name at the right and its clock at the left, the
picture at the right) and the tiles run from the right, as the standings do."""

from __future__ import annotations

import time

import pytest

from game import i18n
from game.net.client import BoardView
from scenes import assets
from scenes.tournament import network
from scenes.tournament.live import LiveScene

from helpers import frames, make_app
from test_text_fits import keep_tournament


@pytest.fixture
def speaking():
    yield
    i18n.use("en", persian_digits=False)


class Hosting:
    """A host's boards as the live screen reads them, with no network behind them."""
    running, state, url, version, recorded, notes = True, "hosting", "ws://127.0.0.1:1", 1, 0, []

    def __init__(self, boards):
        self.boards = {b.number: b for b in boards}

    def round_boards(self, round_no=None):
        return sorted(self.boards.values(), key=lambda b: b.board)


def _boards(stored):
    now = time.monotonic()
    out = []
    for p in stored.tournament.rounds[-1]:
        if p.is_bye:
            continue
        view = BoardView(board=p.board, game="calla", names=[f"First {p.board}",
                                                             f"Second {p.board}"],
                         clocks=[300000, 240000], running=0, turn=0, at=now, started=True)
        out.append(network.LiveBoard(number=p.board, round=p.round, board=p.board, view=view))
    return out[:3]


def _drawn(app):
    with assets.TextRecorder() as recorder:
        frames(app, 1)
    return [(words, rect) for rect, words in recorder.on(app.screen) if rect.width]


@pytest.mark.parametrize("code", ["fa", "en"])
def test_in_persian_a_live_tile_and_the_tiles_read_from_the_right(tmp_path, monkeypatch,
                                                                    code, speaking):
    store, stored = keep_tournament("swiss", entrants=10, rounds=3)
    hosting = Hosting(_boards(stored))
    monkeypatch.setattr(network, "find", lambda app, tid=None: hosting)
    app = make_app(tmp_path, size=(1280, 800))
    try:
        app.set_language(code, persian_digits=code == "fa")
        live = app.stack.push(LiveScene(app, stored))
        frames(app, 2)
        drawn = _drawn(app)
        tiles = [live.tile_rect(i) for i in range(len(hosting.boards))]
        assert len(tiles) == 3 and all(t is not None for t in tiles)
        rtl = code == "fa"
        # the first board's tile is the rightmost in Persian, the leftmost in English
        xs = [t.x for t in tiles]
        assert xs == (sorted(xs, reverse=True) if rtl else sorted(xs))
        tile = tiles[0]
        mine = {words: rect for words, rect in drawn if tile.colliderect(rect)}
        board = mine[i18n._("Board {n}").format(n=i18n.number(1))]
        name = mine["First 1"]
        clock = mine[network.clock_text(300)]
        picture = live.picture_rect(tile)
        info = live.info_rect(tile)
        if rtl:
            assert board.right > tile.right - 20, "the board's number at the right"
            assert name.right > tile.right - 40 and clock.left < tile.x + 20
            assert name.left > clock.right
            assert picture.right > info.right, "the picture at the right"
        else:
            assert board.left < tile.x + 20 and name.left < tile.x + 40
            assert clock.right > tile.right - 20 and picture.left < info.left
        for rect in (board, name, clock):
            assert tile.contains(rect)
    finally:
        app.close()
        store.close()
