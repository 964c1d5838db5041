"""Callisto records in Pentobi's ``.blksgf`` files: the file dialogs, saving a game
and opening one as a play scene ready to be replayed move by move with Redo.

Both ways go through the engine's own reader and writer (``game.records.blksgf``),
so a file we write is one Pentobi reads, and a bad file gets the engine's
message naming what is wrong.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pygame
from pygame_gui.windows import UIFileDialog

from game import GAMES
from game.core import counted
from game.files import FileProblem, read_text, write_text_atomic

from .stack import screen_class

SUFFIX = ".blksgf"
GAME = "callisto"
_last_folder: Path | None = None     # where the previous dialog left off, this session


def exportable(spec) -> bool:
    """Whether games of ``spec`` can be saved as ``.blksgf``."""
    return spec.name == GAME


def folder() -> Path:
    return _last_folder if _last_folder is not None and _last_folder.is_dir() else Path.home()


def remember(path: Path) -> None:
    """The next file dialog (of any kind) starts in the folder of ``path``."""
    global _last_folder
    _last_folder = Path(path).parent


def _dialog_rect(app) -> pygame.Rect:
    w, h = app.size
    rect = pygame.Rect(0, 0, min(620, w - 80), min(460, h - 80))
    rect.center = (w // 2, h // 2)
    return rect


def file_dialog(scene, title: str, start, suffixes=None, existing: bool = False) -> UIFileDialog:
    """A file dialog of ``scene`` starting at ``start``; the scene gets its
    ``UI_FILE_DIALOG_PATH_PICKED`` event.  ``existing``: only a file that exists may be
    picked (opening), else any name (saving)."""
    return scene.add(UIFileDialog(_dialog_rect(scene.app), scene.app.ui, window_title=title,
                                  initial_file_path=str(start), allowed_suffixes=suffixes,
                                  allow_existing_files_only=existing, always_on_top=True))


# --- saving -------------------------------------------------------------------------

def default_name(play) -> str:
    return f"callisto-{datetime.date.today().isoformat()}{SUFFIX}"


def save_dialog(scene, play) -> UIFileDialog:
    """A file dialog for where to save ``play``'s game; the scene gets its
    ``UI_FILE_DIALOG_PATH_PICKED`` event."""
    return file_dialog(scene, "Save the game for Pentobi (.blksgf)",
                       folder() / default_name(play))


def save_game(play, path) -> Path:
    """Write the game as far as it is shown to ``path`` (``.blksgf`` added if missing).

    Raises ``FileProblem`` with a message for the player."""
    from game.records.blksgf import export_sgf

    path = Path(path)
    if path.suffix.lower() not in (SUFFIX, ".sgf"):
        path = path.with_name(path.name + SUFFIX)
    names = [seat["name"] for seat in play.seats]
    try:
        text = export_sgf(play.state, player_names=names,
                          date=datetime.date.today().isoformat())
    except ValueError as exc:
        raise FileProblem(f"could not write the record: {exc}") from None
    write_text_atomic(path, text)
    remember(path)
    return path


# --- opening -------------------------------------------------------------------------

def open_dialog(scene) -> UIFileDialog:
    return file_dialog(scene, "Open a Callisto record (.blksgf)", folder(),
                       suffixes={SUFFIX, ".sgf"}, existing=True)


def player_names_in(text: str, players: int) -> list:
    """The player names a record gives (``PB``/``PW`` or ``P1``-``P4``), blanks where none."""
    from game.records.blksgf import _Reader   # the engine's SGF syntax; the names are ours to read

    root = _Reader(text).main_line()[0]
    ids = ("PB", "PW") if players == 2 else tuple(f"P{i + 1}" for i in range(players))
    names = []
    for ident in ids:
        prop = root.get(ident)
        name = prop.values[0].strip() if prop is not None else ""
        names.append(" ".join(name.split())[:16])
    return names


def scene_from_sgf(app, text: str):
    """A play scene for the game in ``text``, at its start, every move ready for Redo.

    Raises ``ValueError`` with the engine's message for a record it cannot replay."""
    from game.records.blksgf import import_sgf

    final = import_sgf(text)
    spec = GAMES[GAME]
    variant = final.variant
    players = spec.players(variant)
    names = player_names_in(text, players)
    seats = [{"name": name or f"Player {i + 1}", "kind": "human"} for i, name in enumerate(names)]
    config = {"game": GAME, "variant": variant, "options": {}, "seats": seats, "starter": "0",
              "time_control": None}
    states = [spec.new_game(variant)]
    for _colour, move in final.moves:
        states.append(states[-1].play(move))
    scene = screen_class("play")(app, config, state=states[0])
    scene.history = states
    scene.notation = [spec.format_move(before, move)
                      for before, (_c, move) in zip(states, final.moves)]
    scene.move_texts = [f"{seats[before.to_move]['name']}: "
                        f"{scene.view.describe_move(before, move)}"
                        for before, (_c, move) in zip(states, final.moves)]
    scene.cursor = 0
    scene.view.set_state(states[0])
    return scene


def open_game(app, path):
    """The play scene of the record at ``path``; ``FileProblem`` or ``ValueError`` if unusable."""
    path = Path(path)
    text = read_text(path)
    remember(path)
    scene = scene_from_sgf(app, text)
    moves = len(scene.history) - 1
    scene.view.status = (f"Opened {path.name}: {counted(moves, 'move')}. Press Redo to play them "
                         f"through one by one." if moves else f"Opened {path.name}: no moves yet.")
    app.log(f"open record {path.name} {moves} moves")
    return scene
