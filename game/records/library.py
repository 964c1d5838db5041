"""The game library: every finished game, kept in an SQLite database.

One file (``games.sqlite3`` in the user data folder; the caller names it)
holds the games as records (``game.records.record``), newest first, with the
computer's analysis of a game once it has been made.  A game's id is chosen
when it is kept (``new_id``), so a screen knows it at once while the row is
written elsewhere (the app's background writer).

Schema (``PRAGMA application_id`` = 0x43414C47 "CALG", ``user_version`` = 1)::

    game(id TEXT PRIMARY KEY, game TEXT, players TEXT (a JSON list of names),
         finished TEXT (UTC, for the order), record TEXT (JSON), analysis TEXT (JSON) NULL)

Every record read back goes through ``record.replay``: a damaged row is
refused with a message (``LibraryProblem``), never a crash, and the other
rows are still listed.  Reading never writes: the file is opened read-only,
so a damaged file is left exactly as it was.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
import sqlite3
import uuid
from dataclasses import dataclass
from pathlib import Path

from .. import GAMES
from ..core import shown
from ..files import GAME_LIMIT, FileProblem, json_text, not_a_file, parse_json
from ..i18n import _
from .record import RecordProblem, replay

APPLICATION_ID = 0x43414C47
SCHEMA_VERSION = 1
#: Largest analysis kept with a game, in characters of JSON.
ANALYSIS_LIMIT = 4 * 1024 * 1024

SCHEMA = """
CREATE TABLE game (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    finished TEXT NOT NULL,
    record TEXT NOT NULL,
    analysis TEXT
);
CREATE INDEX game_by_time ON game (finished);
"""


class LibraryProblem(FileProblem):
    """The library, or one game in it, cannot be used; the message says what is wrong."""


def new_id() -> str:
    """A new game's id in the library."""
    return uuid.uuid4().hex


@dataclass(frozen=True)
class KeptGame:
    """One line of the library's list: a game as its record says, or the problem with it."""

    id: str
    game: str                  # the game's name ("calla"), as far as it could be read
    players: tuple             # the seats' names, first seat first
    #: per seat, first seat first: None for a person, else the computer's level ("" unknown)
    computers: tuple = ()
    date: str = ""             # when the game ended (the record's ``date``)
    variant: str = ""
    moves: int = 0
    winner: int | None = None
    end: str = ""              # "rules", "time", "resigned", "agreed"; "" if unfinished
    reason: str = ""
    analysed: bool = False
    problem: str | None = None  # why the row cannot be opened; None when it can


class _NotText(bytes):
    """What a text column held that is not UTF-8: kept as bytes, refused by the checks."""


def _text(data: bytes):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _NotText(data)


def _utc(date) -> str:
    """The sort key of a record's date: UTC, to the second; now when there is none."""
    try:
        when = datetime.datetime.fromisoformat(date)
        if when.tzinfo is None:
            when = when.astimezone()
    except (TypeError, ValueError):
        when = datetime.datetime.now().astimezone()
    return when.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")


class Library:
    """The game library in the SQLite file ``path`` (made when the first game is kept).

    Each call opens and closes its own connection, so a library may be used from any
    thread (the writer's thread adds, the frame loop lists)."""

    def __init__(self, path):
        self.path = Path(path)
        # the lines of records already replayed, by (id, digest of the record's text): a list
        # shown again (a page turned, a filter typed) does not replay them again
        self._lines: dict = {}

    # --- opening ----------------------------------------------------------------------
    def _exists(self) -> bool:
        odd = not_a_file(self.path)
        if odd:
            raise LibraryProblem(_("{path} is {what}, not a game library").format(
                path=self.path, what=odd))
        try:
            return self.path.is_file() and self.path.stat().st_size > 0
        except OSError as exc:
            raise LibraryProblem(_("could not read {path}: {reason}").format(
                path=self.path, reason=exc.strerror or exc)) from None

    def _connect(self, write: bool) -> sqlite3.Connection:
        """A connection, its file checked to be a game library; None-safe to close."""
        try:
            if write:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(str(self.path), timeout=10, isolation_level=None)
            else:
                from urllib.parse import quote
                uri = f"file:{quote(str(self.path.resolve()))}?mode=ro"
                db = sqlite3.connect(uri, uri=True, timeout=10, isolation_level=None)
        except (OSError, sqlite3.Error, ValueError) as exc:
            raise LibraryProblem(_("could not open the game library {path}: {reason}").format(
                path=self.path, reason=exc)) from None
        db.text_factory = _text         # a damaged file may hold text that is not UTF-8
        try:
            self._check(db, write)
        except BaseException:
            db.close()
            raise
        return db

    def _check(self, db, write: bool) -> None:
        try:
            app = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if write and app == 0 and version == 0 and not tables:
                self._create(db)
                app, version, tables = APPLICATION_ID, SCHEMA_VERSION, {"game"}
            if write:
                db.execute("PRAGMA synchronous = FULL")
        except (sqlite3.Error, ValueError) as exc:     # ValueError: a message not UTF-8
            raise LibraryProblem(_("{path} is damaged or is not a game library ({reason}); it "
                                   "was left untouched").format(
                path=self.path, reason=shown(str(exc), 200, quoted=False))) from None
        if app != APPLICATION_ID:
            raise LibraryProblem(_("{path} is not a Callidus game library; it was left "
                                   "untouched").format(path=self.path))
        if version > SCHEMA_VERSION:
            raise LibraryProblem(_("{path} was written by a newer Callidus (schema {version}); "
                                   "it was left untouched").format(path=self.path,
                                                                   version=version))
        if version != SCHEMA_VERSION or "game" not in tables:
            raise LibraryProblem(_("{path} is damaged: its table of games is missing; it was "
                                   "left untouched").format(path=self.path))

    @staticmethod
    def _create(db) -> None:
        """Make the tables of an empty file (looked at again under the write lock: another
        connection may have made them meanwhile)."""
        db.execute("BEGIN IMMEDIATE")
        try:
            if not db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _read(self, query: str, args=()) -> list:
        """The rows of a read-only ``query``; no rows at all when no game was ever kept."""
        if not self._exists():
            return []
        db = self._connect(write=False)
        try:
            return db.execute(query, args).fetchall()
        except (sqlite3.Error, ValueError) as exc:
            raise LibraryProblem(_("the game library {path} could not be read, it may be "
                                   "damaged ({reason}); it was left untouched").format(
                path=self.path, reason=shown(str(exc), 200, quoted=False))) from None
        finally:
            db.close()

    def _write(self, query: str, args=()) -> int:
        """Run one changing ``query`` in a transaction; the number of rows it changed."""
        self._exists()
        db = self._connect(write=True)
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                changed = db.execute(query, args).rowcount
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return changed
        except sqlite3.IntegrityError as exc:
            raise LibraryProblem(_("could not keep the game in {path}: {reason}").format(
                path=self.path, reason=exc)) from None
        except (sqlite3.Error, ValueError) as exc:
            raise LibraryProblem(_("could not write the game library {path}: {reason}").format(
                path=self.path, reason=shown(str(exc), 200, quoted=False))) from None
        finally:
            db.close()

    # --- keeping ----------------------------------------------------------------------
    def add(self, record: dict, game_id: str | None = None) -> str:
        """Keep the game ``record`` (checked by replaying it first); returns its id."""
        try:
            spec, config, _states, _moves, _cursor = replay(record)
        except RecordProblem as exc:
            raise LibraryProblem(_("the game cannot be kept: {problem}").format(problem=exc)) \
                from None
        game_id = game_id or new_id()
        text = json.dumps(record, sort_keys=True, ensure_ascii=False)
        players = json.dumps([seat["name"] for seat in config["seats"]], ensure_ascii=False)
        self._write("INSERT INTO game (id, game, players, finished, record) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (game_id, spec.name, players, _utc(record.get("date")), text))
        return game_id

    def delete(self, game_id) -> bool:
        """Forget a game (and its analysis); False if there was no such game."""
        return self._write("DELETE FROM game WHERE id = ?", (game_id,)) > 0

    def set_analysis(self, game_id, data) -> None:
        """Keep the computer's analysis (any JSON value) with the game ``game_id``."""
        try:
            text = json_text(data)
        except (TypeError, ValueError) as exc:
            raise LibraryProblem(_("the analysis is not plain data: {reason}").format(
                reason=exc)) from None
        if len(text) > ANALYSIS_LIMIT:
            raise LibraryProblem(_("the analysis is too large to keep"))
        if not self._write("UPDATE game SET analysis = ? WHERE id = ?", (text, game_id)):
            raise LibraryProblem(_("that game is no longer in the library"))

    # --- reading ----------------------------------------------------------------------
    def get(self, game_id) -> dict:
        """The record of the game ``game_id``, replayed; ``LibraryProblem`` if it cannot be."""
        rows = self._read("SELECT game, players, record FROM game WHERE id = ?", (game_id,))
        if not rows:
            raise LibraryProblem(_("that game is no longer in the library"))
        record, __ = self._checked(*rows[0])
        return record

    def get_analysis(self, game_id):
        """The analysis kept with the game, or None; ``LibraryProblem`` if it is damaged."""
        rows = self._read("SELECT analysis FROM game WHERE id = ?", (game_id,))
        if not rows:
            raise LibraryProblem(_("that game is no longer in the library"))
        text = rows[0][0]
        if text is None:
            return None
        if not isinstance(text, str) or len(text) > ANALYSIS_LIMIT:
            raise LibraryProblem(_("the kept analysis is damaged (not JSON text)"))
        try:
            return parse_json(text, _("the kept analysis"))
        except FileProblem as exc:
            raise LibraryProblem(str(exc)) from None

    def list(self, game: str | None = None, player: str | None = None,
             limit: int | None = None, offset: int = 0) -> list[KeptGame]:
        """The kept games, newest first: of ``game`` only, with a seat whose name holds
        ``player`` (any case), from ``offset``, at most ``limit``.  A damaged row is listed
        with its ``problem``."""
        rows = self._matching(game, player)
        rows = rows[offset:] if limit is None else rows[offset:offset + limit]
        return [self._entry(row) for row in rows]

    def count(self, game: str | None = None, player: str | None = None) -> int:
        """How many kept games ``list`` would give without a limit."""
        return len(self._matching(game, player))

    def _matching(self, game, player) -> list:
        query = ("SELECT id, game, players, record, analysis IS NOT NULL FROM game"
                 + (" WHERE game = ?" if game else "")
                 + " ORDER BY finished DESC, rowid DESC")
        rows = self._read(query, (game,) if game else ())
        wanted = (player or "").strip().casefold()
        if not wanted:
            return rows
        return [row for row in rows
                if any(wanted in name.casefold() for name in self._names(row[2]))]

    @staticmethod
    def _names(text) -> list[str]:
        try:
            names = json.loads(text) if isinstance(text, str) and len(text) < 10_000 else None
        except ValueError:
            names = None
        if not isinstance(names, list):
            return []
        return [name for name in names if isinstance(name, str)]

    def _record(self, text) -> tuple[dict, dict]:
        """The record held in a row's text, replayed: ``(record, config)``."""
        if not isinstance(text, str) or len(text) > GAME_LIMIT:
            raise LibraryProblem(_("the kept record is damaged (not JSON text)"))
        try:
            record = parse_json(text, _("the kept record"))
            _spec, config, _states, _moves, _cursor = replay(record)
        except (FileProblem, RecordProblem) as exc:
            raise LibraryProblem(shown(str(exc), 300, quoted=False)) from None
        except Exception as exc:        # a check missed something: still never a crash
            why = _("the kept record cannot be read ({kind}: {reason})").format(
                kind=type(exc).__name__, reason=exc)
            raise LibraryProblem(shown(why, 300, quoted=False)) from None
        return record, config

    def _entry(self, row) -> KeptGame:
        game_id, game, players, text, analysed = row
        key = (game_id, game, players,
               hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
               if isinstance(text, str) else repr(text))
        if key not in self._lines:
            if len(self._lines) > 5000:
                self._lines.clear()
            self._lines[key] = self._line(game_id, game, players, text)
        return dataclasses.replace(self._lines[key], analysed=bool(analysed))

    def _checked(self, game, players, text) -> tuple[dict, dict]:
        """The record of a row, replayed and matching the row's game and players:
        ``(record, config)``."""
        record, config = self._record(text)
        if (record["game"] != game
                or [s["name"] for s in config["seats"]] != self._names(players)):
            raise LibraryProblem(_("the kept record is not the game listed (game or players "
                                   "differ)"))
        return record, config

    def _line(self, game_id, game, players, text) -> KeptGame:
        names = tuple(shown(name, 40, quoted=False) for name in self._names(players))
        game = game if isinstance(game, str) else "?"
        try:
            record, config = self._checked(game, players, text)
        except LibraryProblem as exc:
            return KeptGame(id=game_id, game=shown(game, 20, quoted=False), players=names,
                            problem=str(exc))
        result = record.get("result") or {}
        computers = tuple(None if seat["kind"] != "computer" else seat.get("level", "")
                          for seat in config["seats"])
        return KeptGame(id=game_id, game=game, players=names, computers=computers,
                        date=record.get("date") or "",
                        variant=config.get("variant") or GAMES[game].variants[0],
                        moves=len(record["moves"]),
                        winner=result.get("winner"), end=result.get("end", ""),
                        reason=result.get("reason", ""))
