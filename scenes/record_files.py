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

from game.core import shown
from game.i18n import _
from game.files import FileProblem, not_a_file, read_json
from game.records.record import SUFFIX, RecordProblem, record_of_moves, replay

from .sgf_files import clean_name, file_dialog, folder, remember
from .stack import UnknownScreen

#: Pentobi's records, opened on the review screen too.
PENTOBI_SUFFIXES = (".blksgf", ".sgf")


def default_name(spec) -> str:
    return f"{spec.name}-{datetime.datetime.now().strftime('%Y-%m-%d-%H%M')}{SUFFIX}"


def save_dialog(scene, spec):
    """A file dialog for where to save a game of ``spec``."""
    return file_dialog(scene, _("Save the game ({suffix})").format(suffix=SUFFIX),
                       folder(scene.app.settings) / default_name(spec))


def open_dialog(scene):
    return file_dialog(scene, _("Open a saved game ({suffix}, or Pentobi's .blksgf)").format(
                           suffix=SUFFIX),
                       folder(scene.app.settings), suffixes={SUFFIX, *PENTOBI_SUFFIXES},
                       existing=True)


def save_record(app, record: dict, path) -> Path:
    """Have ``record`` written to ``path`` (``.callidus`` added if missing) by the app's
    writer; returns the path.  ``FileProblem`` at once for a path that cannot be a file."""
    path = Path(path)
    if path.suffix.lower() != SUFFIX:
        path = path.with_name(path.name + SUFFIX)
    odd = not_a_file(path)
    if odd:
        raise FileProblem(_("could not write {path}: it is {what}, not a file").format(
            path=path, what=odd))
    app.writer.write_json(path, record)
    remember(path, app.settings)
    app.log(f"saved game {path.name}")
    return path


def save_notice(app, path: Path) -> str:
    """What to tell the player about the save to ``path``: saved, or why not."""
    problem = app.writer.problem(path)
    if problem:
        return _("Not saved: {problem}").format(problem=shown(problem, 300, quoted=False))
    return _("Saved as {path}").format(path=path)


def save_failed(app, path: Path) -> bool:
    """Whether the save to ``path`` failed (its notice says why)."""
    return bool(app.writer.problem(path))


def read_record(app, path) -> dict:
    """The record in the file ``path``, replayed; ``RecordProblem`` saying why it cannot be
    opened (the file is left as it is)."""
    app.writer.flush()              # a game saved a moment ago is on the disk
    remember(Path(path), app.settings)    # the folder was used, even if the file is bad
    if Path(path).suffix.lower() in PENTOBI_SUFFIXES:
        return pentobi_record(path)
    try:
        record = read_json(path)
    except FileProblem as exc:
        raise RecordProblem(str(exc)) from None
    replay(record)
    return record


def pentobi_record(path) -> dict:
    """A Callisto game read from Pentobi's ``.blksgf`` record at ``path``, as a record to
    review; ``RecordProblem`` saying why it cannot be read."""
    from game import GAMES
    from game.records.blksgf import read_sgf_file

    spec = GAMES["callisto"]
    try:
        sgf = read_sgf_file(path)
        start = spec.new_game(variant=sgf.state.variant)
        states, texts = [start], []
        for _colour, move in sgf.state.moves:
            texts.append(spec.format_move(states[-1], move))
            states.append(states[-1].play(move))
        record = record_of_moves(spec, start, texts)
    except (FileProblem, ValueError) as exc:
        raise RecordProblem(str(exc)) from None
    for seat, name in zip(record["config"]["seats"], sgf.player_names):
        seat["name"] = clean_name(name) or seat["name"]
    return record


def review(app, record: dict, kept_id=None) -> str | None:
    """Show ``record`` on the review screen; a message when it cannot be shown."""
    try:
        app.stack.push("review", record=record, kept_id=kept_id)
    except UnknownScreen:
        return _("This version cannot show a game move by move.")
    return None
