"""Callisto records in Pentobi's ``.blksgf`` files: the file dialogs, saving a game
and opening one as a play scene ready to be replayed move by move with Redo.

Both ways go through the engine's own reader and writer (``game.records.blksgf``),
so a file we write is one Pentobi reads, and a bad file gets the engine's
message naming what is wrong.
"""

from __future__ import annotations

import datetime
import stat
import unicodedata
from pathlib import Path

import pygame
from pygame_gui.windows import UIFileDialog

from game import GAMES
from game.files import FileProblem, write_text_atomic
from game.i18n import N_, _, language, ngettext, number

from . import assets
from .play_sidebar import MoveLine
from .stack import screen_class

SUFFIX = ".blksgf"
GAME = "callisto"
_last_folder: Path | None = None     # where the previous dialog left off, this session


def exportable(spec) -> bool:
    """Whether games of ``spec`` can be saved as ``.blksgf``."""
    return spec.name == GAME


def documents() -> Path:
    """The user's documents folder, or their home folder when there is none."""
    try:
        from platformdirs import user_documents_dir
        place = Path(user_documents_dir())
    except Exception:          # platformdirs is a convenience: home will do
        return Path.home()
    return place if place.is_dir() else Path.home()


def folder(settings=None) -> Path:
    """Where a file dialog starts: the folder last used (this session, else as kept in
    ``settings``), else the user's documents, else home."""
    kept = settings["last_folder"] if settings is not None else ""
    for place in (_last_folder, Path(kept) if kept else None):
        if place is not None and place.is_dir():
            return place
    return documents()


def remember(path: Path, settings=None) -> None:
    """The next file dialog (of any kind) starts in the folder of ``path``; kept in
    ``settings`` too, so the next session starts there."""
    global _last_folder
    _last_folder = Path(path).parent
    if settings is not None:
        settings.set("last_folder", str(_last_folder.resolve()))


#: The file dialog's four icon buttons: attribute, label beside the icon, tooltip.
DIALOG_TOOLS = (
    ("home_button", N_("Home"), N_("Go to your home folder")),
    ("delete_button", N_("Delete"), N_("Delete the file picked (you are asked first)")),
    ("parent_directory_button", N_("Up"), N_("Go up to the folder that holds this one")),
    ("refresh_button", N_("Refresh"), N_("Read this folder again, to show files new in it")),
)


class FileDialog(UIFileDialog):
    """pygame_gui's file dialog without the hidden (dot-) files and folders, its icon
    buttons labelled and each with a tooltip saying what it does."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        font = self.ui_manager.get_theme().get_font(["file_dialog.#home_icon_button"])
        x = 10
        for attr, label, tip in DIALOG_TOOLS:
            button = getattr(self, attr)
            text = f"{button.text} {_(label)}"
            width = font.size(text)[0] + 16
            button.set_text(text)
            button.set_dimensions((width, 24))
            button.set_relative_position((x, 8))
            button.set_tooltip(_(tip))
            x += width + 6

    def _create_list_of_directories_and_files_on_current_path(self):
        super()._create_list_of_directories_and_files_on_current_path()
        self.current_file_list = [item for item in self.current_file_list
                                  if not (item[0] if isinstance(item, tuple) else item)
                                  .startswith(".")]


def _dialog_rect(app) -> pygame.Rect:
    w, h = app.size
    rect = pygame.Rect(0, 0, min(620, w - 80), min(460, h - 80))
    rect.center = (w // 2, h // 2)
    return rect


def file_dialog(scene, title: str, start, suffixes=None, existing: bool = False) -> UIFileDialog:
    """A file dialog of ``scene`` starting at ``start``; the scene gets its
    ``UI_FILE_DIALOG_PATH_PICKED`` event.  ``existing``: only a file that exists may be
    picked (opening), else any name (saving)."""
    return scene.add(FileDialog(_dialog_rect(scene.app), scene.app.ui, window_title=title,
                                  initial_file_path=str(start), allowed_suffixes=suffixes,
                                  allow_existing_files_only=existing, always_on_top=True))


# --- saving -------------------------------------------------------------------------

def default_name(play) -> str:
    return f"callisto-{datetime.date.today().isoformat()}{SUFFIX}"


def save_dialog(scene, play) -> UIFileDialog:
    """A file dialog for where to save ``play``'s game; the scene gets its
    ``UI_FILE_DIALOG_PATH_PICKED`` event."""
    return file_dialog(scene, _("Save the game for Pentobi (.blksgf)"),
                       folder(scene.app.settings) / default_name(play))


def save_game(play, path) -> Path:
    """Write the game as far as it is shown to ``path`` (``.blksgf`` added if missing).

    Raises ``FileProblem`` with a message for the player."""
    return save_state(play.app, play.state, play.seats, path)


def save_state(app, state, seats, path) -> Path:
    """Write the Callisto game that led to ``state``, with the ``seats``' names, to
    ``path`` (``.blksgf`` added if missing); ``FileProblem`` with a message for the player."""
    from game.records.blksgf import export_sgf

    path = Path(path)
    if path.suffix.lower() not in (SUFFIX, ".sgf"):
        path = path.with_name(path.name + SUFFIX)
    names = [seat["name"] for seat in seats]
    try:
        text = export_sgf(state, player_names=names, date=datetime.date.today().isoformat())
    except ValueError as exc:
        raise FileProblem(_("could not write the record: {problem}").format(
            problem=exc)) from None
    write_text_atomic(path, text)
    remember(path, app.settings)
    return path


# --- opening -------------------------------------------------------------------------

def open_dialog(scene) -> UIFileDialog:
    return file_dialog(scene, _("Open a Callisto record (.blksgf)"), folder(scene.app.settings),
                       suffixes={SUFFIX, ".sgf"}, existing=True)


def clean_name(text: str, limit: int = 16) -> str:
    """A player name from a file, fit to show: control and format characters
    (U+0000, zero-width spaces, direction marks) dropped, runs of spaces made one,
    cut to ``limit``; ``""`` when nothing visible is left.  pygame's fonts raise
    on U+0000 and on text of no width, so a name reaches them only through here."""
    kept = "".join(c for c in text if unicodedata.category(c) not in _INVISIBLE)
    name = " ".join(kept.split())[:limit].strip()
    if not any(unicodedata.category(c)[0] in "LNPS" for c in name):
        return ""
    try:
        if assets.font(16).size(name)[0] <= 0:
            return ""
    except (pygame.error, ValueError):
        return ""
    return name


#: Unicode categories never shown in a name: controls, format characters (zero-width
#: spaces and joiners, direction marks), surrogates, private use, unassigned, line
#: and paragraph separators.
_INVISIBLE = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def scene_from_sgf(app, text: str):
    """A play scene for the game in ``text``, at its start, every move ready for Redo.

    Raises ``ValueError`` with the engine's message for a record it cannot replay."""
    from game.records.blksgf import read_sgf

    record = read_sgf(text)
    return scene_from_record(app, record.state, record.player_names)


def scene_from_record(app, final, player_names):
    """A play scene for the game ending in ``final``, at its start, every move ready
    for Redo; ``player_names`` as the record gives them (cleaned here)."""
    spec = GAMES[GAME]
    variant = final.variant
    names = [clean_name(name) for name in player_names]
    seats = [{"name": name or _("Player {n}").format(n=i + 1), "kind": "human"}
             for i, name in enumerate(names)]
    config = {"game": GAME, "variant": variant, "options": {}, "seats": seats, "starter": "0",
              "time_control": None}
    states = [spec.new_game(variant)]
    for _colour, move in final.moves:
        states.append(states[-1].play(move))
    scene = screen_class("play")(app, config, state=states[0])
    scene.history = states
    scene.notation = [spec.format_move(before, move)
                      for before, (_c, move) in zip(states, final.moves)]
    scene.move_texts = [MoveLine(seats[before.to_move]["name"],
                                 scene.view.describe_move(before, move))
                        for before, (_c, move) in zip(states, final.moves)]
    scene.cursor = 0
    scene.view.set_state(states[0])
    return scene


#: Records larger than this (in bytes) are read in another process, while a screen
#: says so: the biggest take seconds, and the frame loop must not wait on them.
READ_IN_BACKGROUND = 256 * 1024


def open_game(app, path):
    """The play scene of the record at ``path``, or for a large record the screen
    reading it, which opens the game when read; ``FileProblem`` or ``ValueError``
    if unusable.  The file is read and parsed once."""
    from game.records.blksgf import read_sgf_file

    path = Path(path)
    size = record_size(path)
    remember(path, app.settings)
    if size > READ_IN_BACKGROUND:
        return screen_class("record.reading")(app, path=path, size=size)
    record = read_sgf_file(path)
    return opened(app, path, record.state, record.player_names)


def record_size(path: Path) -> int:
    """The size of the record at ``path``; ``FileProblem`` when it is not a regular
    file of at most ``MAX_CHARS`` bytes, before anything waits on it."""
    from game.records.blksgf import MAX_CHARS

    try:
        info = path.stat()
    except FileNotFoundError:
        raise FileProblem(_("{path} does not exist").format(path=path)) from None
    except (OSError, ValueError) as exc:
        raise FileProblem(_("could not read {path}: {problem}").format(
            path=path, problem=getattr(exc, "strerror", None) or exc)) from None
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem(_("{path} is a folder, not a record").format(path=path))
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(_("{path} is not a regular file").format(path=path))
    if info.st_size > MAX_CHARS:
        raise FileProblem(_("{name} is {size} MB; records of up to {most} MB are read").format(
            name=path.name, size=f"{info.st_size / 2**20:.1f}", most=MAX_CHARS // 2**20))
    return info.st_size


def opened(app, path: Path, final, player_names):
    """The play scene for a record read from ``path``, its status saying so."""
    scene = scene_from_record(app, final, player_names)
    moves = len(scene.history) - 1
    if moves:
        status = ngettext("Opened {name}: {n} move. Press Redo to play it.",
                          "Opened {name}: {n} moves. Press Redo to play them through one by "
                          "one.", moves).format(name=path.name, n=number(moves))
    else:
        status = _("Opened {name}: no moves yet.").format(name=path.name)
    for i, name in enumerate(player_names):
        if name.strip() and not clean_name(name):
            status += " " + _("Player {n}'s name has nothing to show, so it is not used.").format(
                n=i + 1)
    scene.view.status = status
    app.log(f"open record {path.name} {moves} moves")
    return scene


class BackgroundRead:
    """A record read and checked in another process (spawned, so the frame loop
    keeps its core); ``poll()`` gives the play scene's makings when done."""

    def __init__(self, path: Path):
        import multiprocessing as mp

        from game.records.blksgf import read_sgf_file_for

        context = mp.get_context("spawn")
        self._answers, answer = context.Pipe(duplex=False)
        # the reader words its message in the language the screen speaks
        self._process = context.Process(target=read_sgf_file_for,
                                        args=(str(path), answer, language().code),
                                        daemon=True, name="callidus-record-reader")
        self._process.start()
        answer.close()               # the child holds its own end; EOF tells us it died

    def poll(self):
        """None while reading; then ``("read", final state, player names)`` or
        ``("problem", message)``."""
        if self._answers is None:
            return None
        try:
            if not self._answers.poll():
                if self._process.is_alive() or self._answers.poll(0.05):
                    return None
                raise EOFError       # the reader died before it could answer
            answer = self._answers.recv()
        except (EOFError, OSError):
            answer = ("problem", _("the reading stopped unexpectedly"))
        self.cancel()
        if answer[0] == "read":
            from game.records.blksgf import SPEC
            try:
                return ("read", SPEC.from_position(answer[1]), tuple(answer[2]))
            except ValueError as exc:
                return ("problem", str(exc))
        return answer

    def cancel(self) -> None:
        """Stop reading (at once: a parse in progress cannot be asked nicely)."""
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
        if self._process is not None:
            self._process.join(timeout=1)
            self._process = None
        if self._answers is not None:
            self._answers.close()
            self._answers = None
