"""``--smoke N``: run N frames of every screen headless, to prove each one draws."""

from __future__ import annotations

import random

from game import GAMES

from .stack import screen_class
from .views import playable_games


def _frames(app, n):
    for _ in range(n):
        app.step(1 / 60)


def _finished(spec, config, seed=1):
    rng = random.Random(seed)
    state = spec.new_game(variant=config["variant"], seed=seed)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _record(spec, config, seed=1, moves=12):
    """A few random moves from the opening, as a game record (for the review screen)."""
    from game.records.record import make_record
    rng = random.Random(seed)
    start = state = spec.new_game(variant=config["variant"], seed=seed)
    texts = []
    while not state.is_over and len(texts) < moves:
        move = rng.choice(state.legal_moves())
        texts.append(spec.format_move(state, move))
        state = state.play(move)
    return make_record(config, start, texts)


def smoke(app, frames: int) -> int:
    app.stack.reset("menu")
    _frames(app, frames)
    for name in ("settings", "games"):
        app.stack.push(name)
        _frames(app, frames)
        app.stack.pop()
    for spec in playable_games():
        for name in ("setup", "rules"):
            app.stack.push(name, game_name=spec.name)
            _frames(app, frames)
            app.stack.pop()
        for variant in spec.variants:
            setup = screen_class("setup")(app, spec.name, {"variant": variant})
            config = setup.config(random.Random(0))
            app.stack.push("play", config=config, seed=1)
            _frames(app, frames)
            app.stack.push("pause")
            _frames(app, frames)
            app.stack.pop()
            app.stack.replace("results", config=config, state=_finished(spec, config))
            _frames(app, frames)
            app.stack.replace("review", record=_record(spec, config))
            _frames(app, frames)
            app.stack.pop()
    app.close()
    print(f"smoke: {app.frames} frames over every screen of {len(GAMES)} games")
    return 0
