"""The scene stack: every screen is a Scene; only the top one gets input.

A scene builds its pygame_gui widgets when it becomes the top scene and
removes them when it is covered or leaves, so widgets of hidden scenes
never catch clicks.  Scenes below a translucent one (``opaque = False``)
are still drawn, which is how overlays such as the pause menu sit on the
board.

Screens ask for each other by name (``stack.push("rules", game_name="calla")``),
so that no screen imports another: ``scenes.registry`` registers every screen
class under its name once, and the stack builds the screen from the name and
the keyword arguments of its constructor.

The stack holds the keyboard's focus (``scenes.focus``): Tab goes round the top
scene's widgets before the scene sees the key, and the ring that shows the focus is
drawn over the widgets (``draw_over``).
"""

from __future__ import annotations

import pygame

from .focus import FocusRing

_screens: dict[str, type[Scene]] = {}


class UnknownScreen(LookupError):
    """A screen was asked for by a name nobody registered."""


def register(name: str, scene_class: type[Scene]) -> None:
    """Make ``scene_class`` the screen called ``name``."""
    if _screens.get(name, scene_class) is not scene_class:
        raise ValueError(f"two screens are called {name!r}: "
                         f"{_screens[name].__name__} and {scene_class.__name__}")
    _screens[name] = scene_class


def screen_class(name: str) -> type[Scene]:
    """The screen class called ``name`` (for its class methods, e.g. ``from_record``)."""
    try:
        return _screens[name]
    except KeyError:
        known = ", ".join(sorted(_screens)) or "none (is scenes.registry imported?)"
        raise UnknownScreen(f"no screen is called {name!r}; the screens are: {known}") from None


def screens() -> dict[str, type[Scene]]:
    """Every registered screen: name -> class."""
    return dict(_screens)


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

    def relabel(self) -> None:
        """The language was changed: make again whatever this scene keeps translated (its
        widgets are rebuilt when it is, or comes back, on top).  Texts translated where they
        are drawn follow by themselves."""

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

    def next_frame_in(self) -> float | None:
        """Seconds until this scene looks different with no input: 0 while something on it
        moves (every frame is drawn), None while only input can change it (the frame loop
        then sleeps until an event comes)."""
        return None

    def focus_part(self):
        """A part of this scene with a keyboard focus of its own, first in Tab order
        before the widgets (the play scene's board and trays); None.  ``scenes.focus``
        says what it answers."""
        return None


class SceneStack:
    """The screens open, bottom first.  ``push``, ``replace`` and ``reset`` take a
    scene, or a screen's name and the keyword arguments its constructor takes
    after ``app``; they return the scene that is now on top."""

    def __init__(self, app):
        self.app = app
        self.scenes: list[Scene] = []
        self.focus = FocusRing(app)

    def _make(self, scene: Scene | str, kwargs: dict) -> Scene:
        if isinstance(scene, str):
            return screen_class(scene)(self.app, **kwargs)
        if kwargs:
            raise TypeError("keyword arguments go with a screen's name, not with a scene")
        return scene

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene | str, **kwargs) -> Scene:
        scene = self._make(scene, kwargs)
        if self.top:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.top:
            self.top.resume()
        return scene

    def replace(self, scene: Scene | str, **kwargs) -> Scene:
        scene = self._make(scene, kwargs)
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def reset(self, scene: Scene | str, **kwargs) -> Scene:
        """Leave every scene and start again from ``scene`` (e.g. back to the menu)."""
        scene = self._make(scene, kwargs)
        while self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def find(self, kind: type[Scene] | str) -> Scene | None:
        """The top-most open scene of ``kind`` (a class or a screen's name), or None."""
        if isinstance(kind, str):
            kind = screen_class(kind)
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

    def relabel(self) -> None:
        """Every scene takes the language now in use; the one on top rebuilds its widgets
        (the others build theirs anew when they come back on top)."""
        for scene in self.scenes:
            scene.relabel()
        if self.top:
            self.top.resize()

    def handle(self, event) -> None:
        top = self.top
        if top is None or self.focus.handle(event, top):
            return
        top.handle(event)
        part = top.focus_part() if event.type == pygame.KEYDOWN else None
        if part is not None and part.focus_held():
            self.focus.to_part()         # a key took the focus back to the board

    def draw_over(self, surface) -> None:
        """What is drawn over the widgets: the ring round the one the keyboard is on."""
        if self.top:
            self.focus.draw(surface, self.top)

    def update(self, dt: float) -> None:
        # Scenes underneath keep their timers frozen: only the top one runs.
        if self.top:
            self.top.update(dt)

    def draw(self, surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def next_frame_in(self) -> float | None:
        # Only the top scene runs, so only it can change without input.
        return self.top.next_frame_in() if self.top else None
