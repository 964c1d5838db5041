"""``--smoke N``: run N frames of every screen headless, to prove each one draws."""

from __future__ import annotations

import random

from game import GAMES

from .menu import MenuScene
from .pause import PauseScene
from .play import PlayScene
from .results import ResultsScene
from .rules import RulesScene
from .settings_scene import SettingsScene
from .setup import SetupScene
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


def smoke(app, frames: int) -> int:
    app.stack.reset(MenuScene(app))
    _frames(app, frames)
    app.stack.push(SettingsScene(app))
    _frames(app, frames)
    app.stack.pop()
    for spec in playable_games():
        for scene in (SetupScene(app, spec.name), RulesScene(app, spec.name)):
            app.stack.push(scene)
            _frames(app, frames)
            app.stack.pop()
        for variant in spec.variants:
            setup = SetupScene(app, spec.name, {"variant": variant})
            config = setup.config(random.Random(0))
            app.stack.push(PlayScene(app, config, seed=1))
            _frames(app, frames)
            app.stack.push(PauseScene(app))
            _frames(app, frames)
            app.stack.pop()
            app.stack.replace(ResultsScene(app, config, _finished(spec, config)))
            _frames(app, frames)
            app.stack.pop()
    app.close()
    print(f"smoke: {app.frames} frames over every screen of {len(GAMES)} games")
    return 0
