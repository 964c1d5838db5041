"""The scene stack: every screen is a Scene; only the top one gets input.

A scene builds its pygame_gui widgets when it becomes the top scene and
removes them when it is covered or leaves, so widgets of hidden scenes
never catch clicks.  Scenes below a translucent one (``opaque = False``)
are still drawn, which is how overlays such as the pause menu sit on the
board.
"""

from __future__ import annotations

import pygame


class Scene:
    opaque = True
    #: What --smoke and the window caption call this scene.
    title = ""

    def __init__(self, app):
        self.app = app
        self.widgets: list = []

    # --- lifecycle called by the stack --------------------------------
    def enter(self) -> None:
        self.build()

    def leave(self) -> None:
        self.clear()

    def pause(self) -> None:
        self.clear()

    def resume(self) -> None:
        self.build()

    def resize(self) -> None:
        self.clear()
        self.build()

    # --- widgets ---------------------------------------------------------
    def build(self) -> None:
        """Create this scene's widgets for the current window size."""

    def clear(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets = []

    def add(self, widget):
        self.widgets.append(widget)
        return widget

    # --- per frame ---------------------------------------------------------
    def handle(self, event) -> None:
        """One pygame or pygame_gui event, after the UI manager has seen it."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything but the widgets."""


class SceneStack:
    def __init__(self):
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.top:
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from ``scene`` (e.g. back to the menu)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def find(self, kind) -> Scene | None:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the top-most opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def resize(self) -> None:
        if self.top:
            self.top.resize()

    def handle(self, event) -> None:
        if self.top:
            self.top.handle(event)

    def update(self, dt: float) -> None:
        # Scenes underneath keep their timers frozen: only the top one runs.
        if self.top:
            self.top.update(dt)

    def draw(self, surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
