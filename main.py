"""Callidus: five abstract board games at one table.  Start-up only."""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's class names the program to the desktop, which matches it with the menu entry
# (StartupWMClass in callidus.desktop).  Set before pygame is imported: pygame names the class
# after the script otherwise.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "callidus")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "callidus")


class FlagError(Exception):
    pass


class FileRefused(FlagError):
    """A file named on the command line that cannot be opened: no use pointing at --help."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise FlagError(message)


def _size(text: str):
    from game.cli.flags import whole_number
    try:
        w, h = (whole_number(part, "a side", 0, None) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    if w < 960 or h < 600:
        raise argparse.ArgumentTypeError(f"{text} is smaller than the smallest window, 960x600")
    if w > 10000 or h > 10000:
        raise argparse.ArgumentTypeError(f"{text} is larger than any screen")
    return (w, h)


def _frames(text: str) -> int:
    from game.cli.flags import whole_number
    try:
        n = whole_number(text, "the number of frames", None, 1_000_000)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if n < 1:
        raise argparse.ArgumentTypeError("the number of frames must be at least 1")
    return n


def _settings_file(text: str) -> str:
    """The --settings file: a file, or a name for one, never a folder (nor a pipe)."""
    from game.files import not_a_file
    if not text:
        raise FlagError("--settings needs a file name")
    if text.endswith(("/", os.sep)):
        raise FlagError(f"--settings needs a file, not the folder {text!r}")
    odd = not_a_file(text)
    if odd:
        raise FlagError(f"--settings {text} is {odd}, not a settings file")
    return text


def _saved_game_file(text: str) -> None:
    """Refuse a saved game that is not there at all (or is a folder) before a window opens;
    a file that is there but damaged is the menu's to explain."""
    from game.files import not_a_file
    odd = not_a_file(text)
    if odd:
        raise FileRefused(f"cannot open {text}: it is {odd}, not a saved game")
    if not os.path.lexists(text):
        raise FileRefused(f"cannot open {text}: there is no such file")


#: SDL's video drivers that draw off-screen, showing nothing.
OFF_SCREEN = ("dummy", "offscreen")


def display_problem() -> str | None:
    """Why no window can be shown, or None when one can.

    With no display to open (no X server, a bad DISPLAY) SDL falls back to drawing
    off-screen without an error, and the program would run unseen until killed.  Drawing
    off-screen is fine only when SDL_VIDEODRIVER asks for it (tests, --smoke)."""
    asked = os.environ.get("SDL_VIDEODRIVER", "").lower().replace(" ", "").split(",")
    if any(name in OFF_SCREEN for name in asked):
        return None
    import pygame
    try:
        pygame.display.init()
    except pygame.error as exc:
        return f"no display could be opened ({exc}){_displays()}"
    if pygame.display.get_driver() not in OFF_SCREEN:
        return None
    pygame.display.quit()
    return f"no display could be opened{_displays()}"


def _displays() -> str:
    """Where a display was looked for, for the message saying none opened."""
    if os.name != "posix" or sys.platform == "darwin":
        return ""
    named = [f"{name} is {os.environ[name]!r}" for name in ("DISPLAY", "WAYLAND_DISPLAY")
             if os.environ.get(name)]
    return f" ({', '.join(named)})" if named else " (DISPLAY is not set)"


def parse_flags(argv):
    from game import GAMES
    from game.version import VERSION

    parser = _Parser(prog="callidus", description="Callidus: Calla, Calliro, Callisto, Iriri "
                     "and Calabria at one table, against a friend or the computer.")
    parser.add_argument("--version", action="version", version=f"Callidus {VERSION}")
    parser.add_argument("--game", metavar="NAME", help="go straight to the setup of a game "
                        f"({', '.join(GAMES)})")
    parser.add_argument("--size", type=_size, metavar="WxH",
                        help="window size (default 1280x800, or as large as fits a smaller "
                        "desktop; at least 960x600)")
    parser.add_argument("--fullscreen", action="store_true", help="fill the screen")
    parser.add_argument("--smoke", type=_frames, metavar="N",
                        help="run N frames of every screen without showing them, then exit")
    parser.add_argument("--log", metavar="FILE", help="append a line per move and result to FILE")
    parser.add_argument("--settings", metavar="FILE", help="use this settings file")
    parser.add_argument("saved_game", nargs="?", metavar="FILE",
                        help="open a saved game (.callidus) to go through it move by move")
    args = parser.parse_args(argv)
    if args.log:
        from game.files import not_a_file
        odd = not_a_file(args.log)
        if odd:
            raise FlagError(f"--log {args.log} is {odd}; give the path of a file")
        try:
            open(args.log, "a", encoding="utf-8").close()
        except OSError as exc:
            raise FlagError(f"cannot write the log file {args.log}: {exc.strerror}") from None
    if args.settings is not None:
        args.settings = _settings_file(args.settings)
    if args.saved_game is not None:
        _saved_game_file(args.saved_game)
    if args.game:
        from scenes.views import VIEW_CLASSES
        name = args.game.lower()
        if name not in GAMES or name not in VIEW_CLASSES:
            raise FlagError(f"unknown game {args.game!r}; choose one of {', '.join(GAMES)}")
        args.game = name
    return args


def _output_to_log_file_when_windowed() -> None:
    """A windowed app on Windows has no console: Python gives it no stdout and no stderr.
    What the program says (a bad flag, a traceback) then goes to callidus.log in the user
    data folder instead of nowhere (a new log once the old one passes 1 MB)."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    from scenes.saves import data_dir
    try:
        path = data_dir() / "callidus.log"
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > 1_000_000:
            os.replace(path, path.with_name("callidus.old.log"))
        out = open(path, "a", encoding="utf-8", errors="backslashreplace", buffering=1)
    except OSError:
        out = open(os.devnull, "w", encoding="utf-8")
    sys.stdout = sys.stdout or out
    sys.stderr = sys.stderr or out


def main(argv=None) -> int:
    _output_to_log_file_when_windowed()
    try:
        args = parse_flags(sys.argv[1:] if argv is None else argv)
    except FlagError as exc:
        from game.cli.flags import one_line
        hint = "" if isinstance(exc, FileRefused) else "  (see --help)"
        print(f"callidus: {one_line(exc)}{hint}", file=sys.stderr)
        return 2
    if args.smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    problem = display_problem()
    if problem:
        from game.cli.flags import one_line
        print(f"callidus: {one_line(problem)}", file=sys.stderr)
        return 2
    from scenes.app import App

    size = args.size or ((1280, 800) if args.smoke else None)    # None: fit the desktop
    app = App(size=size, fullscreen=args.fullscreen, settings_path=args.settings,
              log_path=args.log)
    if args.smoke:
        from scenes.smoke import smoke
        return smoke(app, args.smoke)
    menu = app.stack.push("menu")
    if args.saved_game:
        menu.open_saved_game(args.saved_game)    # a bad file: the menu says why
    elif args.game:
        app.stack.push("setup", game_name=args.game)
    app.run_stack()
    return 0


if __name__ == "__main__":
    _output_to_log_file_when_windowed()    # the computer players' processes too
    import multiprocessing
    multiprocessing.freeze_support()     # computer players run in child processes, also when frozen
    sys.exit(main())
