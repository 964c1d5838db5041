"""What the tournament screens share: the database, the games offered, small texts."""

from __future__ import annotations

import os
from pathlib import Path

from game import GAMES
from game.i18n import N_, _, digits, ngettext
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
    if text in (None, "none"):
        return _("untimed")
    # TRANSLATORS: a tournament game's clock, "5+3 clock" (minutes each + seconds a move)
    return _("{clock} clock").format(clock=digits(text))


def computer_levels() -> list[str]:
    """Levels both the computer players and tournaments know, weakest first."""
    from game.ai import LEVELS
    return [level for level in LEVELS if level in TOURNAMENT_LEVELS]


def kind_choices() -> list[tuple[str, str]]:
    from ..ui import level_title
    kinds = [(_("Human"), "human")]
    kinds += [(_("Computer: {level}").format(level=level_title(level)), f"computer:{level}")
              for level in computer_levels()]
    return kinds


#: The tie-breaks as a club names them (the tournament keeps their keys).
TIEBREAK_NAMES = {
    "direct_encounter": N_("Direct encounter"),
    "wins": N_("Wins"),
    "sonneborn_berger": N_("Sonneborn-Berger"),
    "buchholz": N_("Buchholz"),
    "buchholz_cut1": N_("Buchholz Cut-1"),
}


def tiebreak_title(key: str) -> str:
    """A tie-break's name in the language in use: "Buchholz"."""
    from game.tournament.model import TIEBREAK_TITLES
    if key in TIEBREAK_NAMES:
        return _(TIEBREAK_NAMES[key])
    return TIEBREAK_TITLES.get(key, key)


def count_text(rows, kind: str) -> str:
    """``rows.count_text`` (a ``ScrollList``) for ``kind`` of row ("entrant", "board",
    "tournament", "opponent"), in the language in use: "12 boards", "Boards 1-9 of 12"."""
    if kind == "entrant":
        return rows.count_text(whole=lambda n: ngettext("{n} entrant", "{n} entrants", n),
                               part=_("Entrants {first}-{last} of {n}"))
    if kind == "board":
        return rows.count_text(whole=lambda n: ngettext("{n} board", "{n} boards", n),
                               part=_("Boards {first}-{last} of {n}"))
    if kind == "tournament":
        return rows.count_text(whole=lambda n: ngettext("{n} tournament", "{n} tournaments", n),
                               part=_("Tournaments {first}-{last} of {n}"))
    return rows.count_text(whole=lambda n: ngettext("{n} opponent", "{n} opponents", n),
                           part=_("Opponents {first}-{last} of {n}"))


def points_text(points) -> str:
    if points is None:
        return ""
    whole = int(points)
    half = points - whole >= 0.5
    if not half:
        return digits(whole)
    return "½" if whole == 0 else f"{digits(whole)}½"


def score_text(score: str) -> str:
    return digits({"1-0": "1 - 0", "0-1": "0 - 1", "1/2-1/2": "½ - ½", "0-0": "0 - 0"}.get(
        score, score))


def message(surface, text, pos, ok=False, width=None):
    """One line (wrapped when ``width``) of feedback: green when all went well, red when not."""
    from .. import assets
    if not text:
        return
    colour = GOOD if ok else ERROR
    if width:
        assets.paragraph(surface, text, (pos[0] - width // 2, pos[1], width, 80), size=16,
                         colour=colour, spacing=1.45)
    else:
        assets.text(surface, text, pos, size=16, colour=colour, anchor="midtop")


__all__ = ["StoreError", "TournamentStore", "open_store"]


def mirror_columns(cols, left: int, right: int) -> list[tuple[int, int]]:
    """Columns (left, width) laid out from ``left`` to ``right``, taken to the same places
    counted from the right in a language written right to left (its tables read from the
    right: the rank or the board first, at the right)."""
    from game.i18n import rtl
    if not rtl():
        return list(cols)
    return [(left + right - x - w, w) for x, w in cols]


def button_width(text: str, least: int) -> int:
    """A button's width: ``least``, or more where its words (the theme's 17-point bold, a
    margin each side) need it in the language in use."""
    from .. import assets
    return max(least, round(assets.measure(text, 17, True)) + 26)
