"""Where the unfinished game is kept between sessions."""

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
