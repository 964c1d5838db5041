"""Where the unfinished games and the library of finished games are kept between sessions.

Each game keeps its own unfinished game (``unfinished-calla.json``...), so starting a
Callisto game never touches a Calliro game left unfinished; a new game of the same game
replaces it only once the player has said so (``ask_before_replacing``).  Earlier versions
kept one, ``unfinished-game.json``: ``settle_data_folder`` moves it to its game's file at
start, or leaves it (still offered) where that file is taken or it cannot be read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from game import GAMES
from game.i18n import _, isolated, listed, number
from game.files import FileProblem, parse_json, read_json, remove_leftovers, sync_folder

LEGACY_NAME = "unfinished-game.json"


def data_dir() -> Path:
    override = os.environ.get("CALLIDUS_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir
    return Path(user_data_dir("Callidus", appauthor=False))


def unfinished_path(game: str) -> Path:
    """The unfinished game of ``game`` ("calla"...)."""
    return data_dir() / f"unfinished-{game}.json"


def legacy_unfinished_path() -> Path:
    """The one unfinished game of earlier versions (see the module's notes)."""
    return data_dir() / LEGACY_NAME


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


# --- at start -------------------------------------------------------------------------------
def settle_data_folder(settings_file=None) -> list[str]:
    """Put the folders in order before anything reads them, once at start; returns what was
    done, for the log.

    A quick copy of an unfinished game that a killed program left ahead of its file becomes
    the file (``game.writer.settle_quick_copy``); the unfinished game of an earlier version
    moves to its game's file; and the temporary files of atomic writes killed mid-way are
    deleted (only ours, and only those older than ``files.LEFTOVER_AGE``: another Callidus
    running now may be writing a younger one), here, in the quick copies' memory folder and
    beside ``settings_file``."""
    from game.writer import memory_folder, settle_quick_copy
    done = []
    folder = data_dir()
    for game in GAMES:
        try:
            note = settle_quick_copy(unfinished_path(game), lambda text, g=game:
                                     _is_record_of(text, {g}))
        except (FileProblem, OSError) as exc:
            note = str(exc)
        if note:
            done.append(note)
    try:
        note = settle_quick_copy(legacy_unfinished_path(),
                                 lambda text: _is_record_of(text, set(GAMES)))
    except (FileProblem, OSError) as exc:
        note = str(exc)
    if note:
        done.append(note)
    note = _migrate_legacy()
    if note:
        done.append(note)
    gone = remove_leftovers(folder)
    memory = memory_folder()
    if memory is not None:
        gone += remove_leftovers(memory)
    if settings_file is not None:
        settings_file = Path(settings_file)
        gone += remove_leftovers(settings_file.parent, names={settings_file.name})
    done += [f"deleted the leftover {path.name}" for path in gone]
    return done


def _is_record_of(text: str, games: set) -> bool:
    """Whether ``text`` is whole JSON naming one of ``games`` (what a quick copy must be to
    become the file; the file's own reader checks the rest when the game is resumed)."""
    try:
        data = parse_json(text)
    except FileProblem:
        return False
    return isinstance(data, dict) and data.get("game") in games


def _migrate_legacy() -> str | None:
    """Move the earlier version's unfinished game to its game's file, never over one."""
    legacy = legacy_unfinished_path()
    if not legacy.is_file():
        return None
    try:
        game = read_json(legacy).get("game")
    except (FileProblem, AttributeError):
        return None         # offered as it is: Resume sets it aside, saying why
    if game not in GAMES:
        return None
    target = unfinished_path(game)
    try:
        os.link(legacy, target)         # fails if the name is taken: nothing is overwritten
    except FileExistsError:
        return None         # both kept: the menu offers the earlier one too
    except OSError:
        if os.path.lexists(target):
            return None
        try:                # no hard links on this file system
            os.rename(legacy, target)
        except OSError:
            return None
        sync_folder(legacy.parent)
        return f"moved {LEGACY_NAME} to {target.name}"
    try:
        os.unlink(legacy)
    except OSError:
        pass                # the same game twice: the menu offers both, and either resumes
    sync_folder(legacy.parent)
    return f"moved {LEGACY_NAME} to {target.name}"


# --- what the menu and the question say --------------------------------------------------------
@dataclass
class Unfinished:
    """An unfinished game on disk, as the menu and the replace question describe it."""

    game: str                   # "calla"; the file's game for the earlier version's file
    path: Path
    moves: int | None = None    # None: the file could not be read
    names: tuple = ()           # each seat's name, cleaned to show
    levels: tuple = ()          # each seat's level title ("Hard"), None for a person
    network: bool = False       # a seat at a board of a host: resumed by rejoining it

    @property
    def title(self) -> str:
        spec = GAMES.get(self.game)
        return spec.title if spec is not None else _("unfinished")

    @property
    def readable(self) -> bool:
        return self.moves is not None

    def players(self, levels: bool = True) -> str:
        """``"Ann v Computer (Hard)"``; three or more seats with commas."""
        shown = [self._seat(n, lv if levels else None) for n, lv in zip(self.names,
                                                                         self.levels)]
        # TRANSLATORS: between the two players of an unfinished game: "Ann v Bo"
        return (_(" v ") if len(shown) == 2 else _(", ")).join(shown)

    @staticmethod
    def _seat(name: str, level) -> str:
        name = isolated(name)
        return _("{name} ({level})").format(name=name, level=level) if level else name

    def lines(self) -> list[str]:
        """What a game's card says of it, fullest first (the menu takes the first that fits)."""
        if not self.readable:
            return [_("Unfinished game: its file cannot be read"), _("Unfinished game")]
        n = number(self.moves)
        if self.network:
            return [_("Over the network: {players}, move {n}").format(players=self.players(), n=n),
                    _("Over the network, move {n}").format(n=n),
                    _("Unfinished, move {n}").format(n=n)]
        return [_("Unfinished: {players}, move {n}").format(players=self.players(), n=n),
                _("Unfinished: {players}, move {n}").format(
                    players=self.players(levels=False), n=n),
                _("Unfinished game, move {n}").format(n=n)]

    def question(self) -> str:
        """The words asking before a new game replaces this one: "... against Medium" for
        one person against the computer, else "... between Ann and Bo"."""
        if not self.readable:
            return _("Your unfinished {game} game (its file cannot be read) will be replaced. "
                     "Start a new game?").format(game=self.title)
        people = [n for n, lv in zip(self.names, self.levels) if not lv]
        computers = [lv for lv in self.levels if lv]
        if len(people) == 1 and computers:
            return _("Your unfinished {game} game against {computers} (move {n}) will be "
                     "replaced. Start a new game?").format(
                game=self.title, computers=listed(computers), n=number(self.moves))
        return _("Your unfinished {game} game between {players} (move {n}) will be replaced. "
                 "Start a new game?").format(
            game=self.title, n=number(self.moves),
            players=listed([self._seat(n, lv) for n, lv in zip(self.names, self.levels)]))


def read_unfinished(path, game: str | None = None) -> Unfinished | None:
    """The unfinished game in ``path`` (``game``: the game it must be), None when there is
    none to offer: no file, or a game in which no move was made.  A file that cannot be read
    is still offered (``moves`` None), so that Resume can set it aside and say why."""
    from game.ai.levels import LEVEL_TITLES

    from .sgf_files import clean_name
    path = Path(path)
    if not path.is_file():
        return None
    try:
        record = read_json(path)
        name = record["game"]
        if name not in GAMES or (game is not None and name != game):
            raise ValueError(name)
        moves = len(record["moves"])
        names, levels = [], []
        for seat in record["config"]["seats"]:
            names.append(clean_name(str(seat.get("name", ""))) or "?")
            level = str(seat.get("level", "random"))
            levels.append((LEVEL_TITLES.get(level) or clean_name(level) or "?")
                          if seat.get("kind") == "computer" else None)
    except Exception:                   # whatever the file holds, the menu still shows
        return Unfinished(game or "", path)
    network = "network" in record       # its seat is taken back even before a move
    if moves == 0 and not network:
        return None
    return Unfinished(name, path, moves, tuple(names), tuple(levels), network)


def unfinished_games(app) -> dict[str, Unfinished]:
    """Every game's unfinished game to offer, by game name (after the writer has written
    what a game just left asked for)."""
    app.writer.flush()
    found = {}
    for game in GAMES:
        path = unfinished_path(game)
        if app.writer.will_exist(path):
            kept = read_unfinished(path, game)
            if kept is not None:
                found[game] = kept
    return found


def ask_before_replacing(app, game: str, start) -> None:
    """Call ``start()`` to begin a new game of ``game``, at once if no unfinished game of
    ``game`` would be replaced, else once the player has agreed (the question's other
    answer, Keep it, leaves everything as it was)."""
    kept = unfinished_games(app).get(game)
    if kept is None:
        start()
        return
    app.stack.push("question",
                   heading=_("Replace your unfinished {game} game?").format(game=kept.title),
                   words=kept.question(), yes=_("Start a new game"), no=_("Keep it"),
                   on_yes=start)
