"""Saved games in Callidus's own format (``.callidus``, see ``game.records.record``): the
file dialogs, saving a record, reading one back and opening it on the review screen.

The dialogs are ``sgf_files``'s (the same folder is offered to both kinds of file).
A save is handed to the app's background writer, so the frame never waits for the disk;
its failure shows up in ``save_notice``.  A record read back is replayed move by move,
so a damaged file is refused with the reason before any screen sees it.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from game.files import FileProblem, not_a_file, read_json, shown
from game.records.record import SUFFIX, RecordProblem, replay

from .sgf_files import file_dialog, folder, remember
from .stack import UnknownScreen


def default_name(spec) -> str:
    return f"{spec.name}-{datetime.datetime.now().strftime('%Y-%m-%d-%H%M')}{SUFFIX}"


def save_dialog(scene, spec):
    """A file dialog for where to save a game of ``spec``."""
    return file_dialog(scene, f"Save the game ({SUFFIX})", folder(scene.app.settings) / default_name(spec))


def open_dialog(scene):
    return file_dialog(scene, f"Open a saved game ({SUFFIX})", folder(scene.app.settings), suffixes={SUFFIX},
                       existing=True)


def save_record(app, record: dict, path) -> Path:
    """Have ``record`` written to ``path`` (``.callidus`` added if missing) by the app's
    writer; returns the path.  ``FileProblem`` at once for a path that cannot be a file."""
    path = Path(path)
    if path.suffix.lower() != SUFFIX:
        path = path.with_name(path.name + SUFFIX)
    odd = not_a_file(path)
    if odd:
        raise FileProblem(f"could not write {path}: it is {odd}, not a file")
    app.writer.write_json(path, record)
    remember(path, app.settings)
    app.log(f"saved game {path.name}")
    return path


def save_notice(app, path: Path) -> str:
    """What to tell the player about the save to ``path``: saved, or why not."""
    problem = app.writer.problem(path)
    return f"Not saved: {shown(problem, 300)}" if problem else f"Saved as {path}"


def read_record(app, path) -> dict:
    """The record in the file ``path``, replayed; ``RecordProblem`` saying why it cannot be
    opened (the file is left as it is)."""
    app.writer.flush()              # a game saved a moment ago is on the disk
    remember(Path(path), app.settings)    # the folder was used, even if the file is bad
    try:
        record = read_json(path)
    except FileProblem as exc:
        raise RecordProblem(str(exc)) from None
    replay(record)
    return record


def review(app, record: dict, kept_id=None) -> str | None:
    """Show ``record`` on the review screen; a message when it cannot be shown."""
    try:
        app.stack.push("review", record=record, kept_id=kept_id)
    except UnknownScreen:
        return "This version cannot show a game move by move."
    return None
