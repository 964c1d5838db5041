"""The shape of the code: which modules may import which (read from the source with ``ast``).

- ``game/`` is pure rules: it never imports pygame, pygame_gui or anything under ``scenes/``.
- No screen imports another: screens ask the scene stack for each other by name, and only
  ``scenes.registry`` imports the screen modules.
- A board view never imports the computer players (``game.ai``).
- No view's package imports another's: what two views share lives in ``scenes/views/base.py``
  or ``scenes/views/drawing.py``.
- A board view fills in the hooks of ``BoardView.handle_event`` and never sorts events itself.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Modules under scenes/ that may import screen modules, and why.
MAY_IMPORT_SCREENS = {
    "scenes.registry": "registers every screen by name",
    "scenes.tournament": "re-exports LobbyScene, on first use, for callers outside scenes/",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in the file (function-local imports too), as
    absolute dotted names.  ``from M import N`` gives both ``M`` and ``M.N``, since ``N``
    may be a module or a name (a class) reached through ``M``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1]
                                + ([node.module] if node.module else []))
            else:
                base = node.module
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def sources(folder: str) -> list[Path]:
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files, f"no Python files under {folder}/"
    return files


def registered_screens() -> dict:
    from scenes import registry  # noqa: F401  (fills the stack's table of screens)
    from scenes.stack import screens
    return screens()


def test_the_pure_rules_never_import_pygame_or_the_scenes():
    wrong = [f"{module_name(path)} imports {name}"
             for path in sources("game") for name in sorted(imports(path))
             if any(within(name, top) for top in ("pygame", "pygame_gui", "scenes"))]
    assert not wrong, "\n".join(wrong)


def test_every_screen_class_under_scenes_is_registered():
    """So that the registry's list of screen modules, which the next test uses, is complete."""
    import scenes
    from scenes.stack import Scene

    for info in pkgutil.walk_packages(scenes.__path__, "scenes."):
        importlib.import_module(info.name)
    found, todo = set(), [Scene]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if within(sub.__module__, "scenes"):
                found.add(sub)
    registered = set(registered_screens().values())
    missing = sorted(f"{c.__module__}.{c.__name__}" for c in found - registered)
    assert not missing, "not in scenes.registry: " + ", ".join(missing)


def test_no_screen_imports_another_screen():
    screens = registered_screens().values()
    screen_modules = {cls.__module__ for cls in screens}
    # a screen class reached through a package (``from .tournament import LobbyScene``)
    screen_paths = screen_modules | {f"{cls.__module__.rpartition('.')[0]}.{cls.__name__}"
                                     for cls in screens}
    assert "scenes.play" in screen_modules and "scenes.tournament.lobby" in screen_modules
    wrong = []
    for path in sources("scenes"):
        module = module_name(path)
        if module in MAY_IMPORT_SCREENS:
            continue
        for name in sorted(imports(path)):
            if name in screen_paths and name != module:
                wrong.append(f"{module} imports {name}")
    assert not wrong, "\n".join(wrong)


def test_board_views_never_import_the_computer_players():
    wrong = [f"{module_name(path)} imports {name}"
             for path in sources("scenes/views") for name in sorted(imports(path))
             if within(name, "game.ai")]
    assert not wrong, "\n".join(wrong)


def test_no_view_package_imports_another():
    packages = {path.parent.name for path in sources("scenes/views")
                if path.parent != ROOT / "scenes" / "views"}
    from scenes.views import VIEW_CLASSES
    assert set(VIEW_CLASSES) <= packages
    wrong = [f"{module_name(path)} imports {name}"
             for path in sources("scenes/views") if path.parent.name in packages
             for name in sorted(imports(path))
             for other in packages - {path.parent.name}
             if within(name, f"scenes.views.{other}")]
    assert not wrong, "\n".join(wrong)


def test_board_views_fill_in_the_event_skeleton_instead_of_writing_their_own():
    """Only ``scenes/views/base.py`` tells a click from a key: a view's package never names
    an event type, and a view that overrides ``handle_event`` hands the event on to
    ``BoardView.handle_event`` (``super()``)."""
    from scenes.views import VIEW_CLASSES, view_class
    from scenes.views.base import BoardView
    kinds = {"MOUSEMOTION", "MOUSEBUTTONDOWN", "MOUSEBUTTONUP", "MOUSEWHEEL", "KEYDOWN", "KEYUP"}
    wrong = [f"{path.relative_to(ROOT)}:{node.lineno} names {node.attr}"
             for path in sources("scenes/views") if path.name != "base.py"
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Attribute) and node.attr in kinds]
    for name in VIEW_CLASSES:
        own = view_class(name).__dict__.get("handle_event")
        if own is not None and "super().handle_event(" not in inspect.getsource(own):
            wrong.append(f"{name}'s view writes its own handle_event")
    assert BoardView.handle_event.__qualname__ == "BoardView.handle_event"
    assert not wrong, "\n".join(wrong)


def test_a_screen_is_asked_for_by_name_and_a_wrong_name_is_refused(app):
    from scenes.stack import UnknownScreen

    rules = app.stack.push("rules", game_name="calla")
    assert app.stack.top is rules and rules.spec.name == "calla"
    assert app.stack.find("rules") is rules and app.stack.find("menu") is app.stack.scenes[0]
    with pytest.raises(UnknownScreen, match="no screen is called 'rulez'.*rules"):
        app.stack.push("rulez")
    assert app.stack.top is rules


def test_board_views_hold_their_parts_instead_of_mixing_them_in():
    """Every view class under scenes/views/ has BoardView as its only base, so each attribute
    belongs either to the view or to a part object it holds."""
    from scenes.views import VIEW_CLASSES, view_class
    from scenes.views.base import BoardView
    for name in VIEW_CLASSES:
        cls = view_class(name)
        assert cls.__bases__ == (BoardView,), f"{cls.__name__} mixes in {cls.__bases__}"
    mixins = [f"{path.relative_to(ROOT)}: {node.name}" for path in sources("scenes")
              for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
              if isinstance(node, ast.ClassDef) and node.name.endswith("Mixin")]
    assert not mixins, f"mixin classes under scenes/: {mixins}"


def test_no_import_circle_under_game_or_scenes():
    """Imports form no circle: following them from any module never leads back to it
    (a package's ``__init__`` counts as a module like the others)."""
    modules = {module_name(path): path for folder in ("game", "scenes") for path in sources(folder)}
    graph = {name: {other for other in imports(path) if other in modules and other != name}
             for name, path in modules.items()}
    circles, done = [], set()

    def visit(name, trail):
        if name in trail:
            circles.append(" -> ".join(trail[trail.index(name):] + [name]))
            return
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, trail + [name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert not circles, "\n".join(circles)
