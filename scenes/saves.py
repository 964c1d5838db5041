"""Where the unfinished game and the library of finished games are kept between sessions."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    override = os.environ.get("CALLIDUS_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir
    return Path(user_data_dir("Callidus", appauthor=False))


def unfinished_path() -> Path:
    return data_dir() / "unfinished-game.json"


def library_path() -> Path:
    return data_dir() / "games.sqlite3"


def library():
    """The game library (``game.records.library``) in the user data folder."""
    from game.records.library import Library
    return Library(library_path())


def keep_in_library(app, record: dict) -> str:
    """Keep the finished game ``record`` in the library, written by the app's writer off the
    frame loop; returns its id at once.  A failure is ``app.writer.problem(library_job(id))``."""
    from game.records.library import new_id
    game_id = new_id()
    books = library()
    app.writer.call(library_job(game_id), lambda: books.add(record, game_id))
    return game_id


def library_job(game_id: str) -> tuple:
    """The writer's name for the job keeping the game ``game_id``."""
    return ("library", game_id)
