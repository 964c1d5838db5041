"""What the tournament screens share: the database, the games offered, small texts."""

from __future__ import annotations

import os
from pathlib import Path

from game import GAMES
from game.tournament.model import LEVELS as TOURNAMENT_LEVELS
from game.tournament.store import StoreError, TournamentStore


#: Common time controls a director picks from (per player: minutes + seconds a move).
TIME_CONTROLS = ("none", "3+2", "5+0", "5+3", "10+0", "15+10", "25+10")
ERROR = (255, 150, 120)
GOOD = (170, 230, 150)


def db_path() -> Path:
    """The tournament database: beside the other kept games (CALLIDUS_DATA_DIR in tests)."""
    from ..saves import data_dir
    return data_dir() / "tournaments.sqlite3"


def open_store(path=None) -> TournamentStore:
    """Open the database; StoreError (the file left untouched) when it cannot be used."""
    return TournamentStore(db_path() if path is None else path)


def export_dir() -> Path:
    """Where exports go unless the director types another folder."""
    home = Path(os.path.expanduser("~"))
    documents = home / "Documents"
    return (documents if documents.is_dir() else home) / "Callidus"


def game_choices() -> list[tuple[str, str]]:
    """(title, "game:variant") of every 2-player variant that has a board view."""
    from ..views import playable_games
    choices = []
    for spec in playable_games():
        for variant in spec.variants:
            if spec.players(variant) != 2:
                continue
            title = spec.title if len(spec.variants) == 1 else spec.variant_title(variant)
            choices.append((title, f"{spec.name}:{variant}"))
    return choices


def game_title(game: str, variant: str | None) -> str:
    spec = GAMES.get(game)
    if spec is None:
        return game
    if len(spec.variants) == 1 or variant is None:
        return spec.title
    return spec.variant_title(variant)


def time_control_title(text: str | None) -> str:
    return "untimed" if text in (None, "none") else f"{text} clock"


def computer_levels() -> list[str]:
    """Levels both the computer players and tournaments know, weakest first."""
    from game.ai import LEVELS
    return [level for level in LEVELS if level in TOURNAMENT_LEVELS]


def kind_choices() -> list[tuple[str, str]]:
    from game.ai import LEVEL_TITLES
    kinds = [("Human", "human")]
    kinds += [(f"Computer: {LEVEL_TITLES.get(level, level.title())}", f"computer:{level}")
              for level in computer_levels()]
    return kinds


def counted(count: int, word: str) -> str:
    """``count`` with ``word``, plural unless one: "1 round", "3 rounds"."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def points_text(points) -> str:
    if points is None:
        return ""
    whole = int(points)
    half = points - whole >= 0.5
    if not half:
        return str(whole)
    return "½" if whole == 0 else f"{whole}½"


def score_text(score: str) -> str:
    return {"1-0": "1 - 0", "0-1": "0 - 1", "1/2-1/2": "½ - ½", "0-0": "0 - 0"}.get(score, score)


def message(surface, text, pos, ok=False, width=None):
    """One line (wrapped when ``width``) of feedback: green when all went well, red when not."""
    from .. import assets
    if not text:
        return
    colour = GOOD if ok else ERROR
    if width:
        assets.paragraph(surface, text, (pos[0] - width // 2, pos[1], width, 80), size=16,
                         colour=colour)
    else:
        assets.text(surface, text, pos, size=16, colour=colour, anchor="midtop")


__all__ = ["StoreError", "TournamentStore", "open_store"]
