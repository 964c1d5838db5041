"""A host's boards kept in SQLite, every event committed as it happens.

One database file (by default ``host.sqlite3`` in platformdirs'
``user_data_dir("Callidus")``, or ``CALLIDUS_DATA_DIR`` when set) holds a
host's settings and its boards.  Each event of a board is one transaction:
the event's row, the board's numbered position in its sequence and the
game's record after it (``Session.record()``) are committed together before
anyone is told of the event, so a host killed at any moment restarts with
every event its players saw.

The journal is SQLite's write-ahead log with ``synchronous = NORMAL``: a
commit survives the host process being killed (the log is in the operating
system's hands); a power cut may lose the last commits.  Tokens are kept as
SHA-256 digests and the password as a salted digest: the file does not give
away a seat.

Schema (``PRAGMA application_id`` = 0x43414C4E "CALN", ``user_version`` = 1)::

    setting(key, value)                     -- event name, password digest
    board(id, game, variant, options JSON, time_control, seed, names JSON, tag JSON,
          status, seq, session JSON, result JSON, created, updated)
    seat(board_id, seat, name, token_hash)
    event(board_id, seq, kind, data JSON, at)

A file that is not such a database, or is damaged, raises ``HostStoreError``
naming the file and is left as it was: nothing is written before the checks
pass.  A board whose rows no longer read is reported by ``boards()`` with its
problem and left out of play; the others are served as usual.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from ..files import FileProblem, parse_json

APPLICATION_ID = 0x43414C4E
SCHEMA_VERSION = 1
#: Largest JSON column read back (a long game's record).
MAX_COLUMN = 16 * 1024 * 1024

SCHEMA = """
CREATE TABLE setting (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE board (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,
    time_control TEXT NOT NULL,
    seed INTEGER NOT NULL,
    names TEXT NOT NULL,
    tag TEXT,
    status TEXT NOT NULL,
    seq INTEGER NOT NULL,
    session TEXT,
    result TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE seat (
    board_id INTEGER NOT NULL REFERENCES board(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (board_id, seat)
);
CREATE TABLE event (
    board_id INTEGER NOT NULL REFERENCES board(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (board_id, seq)
);
"""
TABLES = {"setting", "board", "seat", "event"}


class HostStoreError(Exception):
    """The host's database cannot be used; the message names the file and why."""


def default_db_path() -> Path:
    """Where a host keeps its boards unless another file is chosen."""
    override = os.environ.get("CALLIDUS_DATA_DIR")
    if override:
        return Path(override) / "host.sqlite3"
    from platformdirs import user_data_dir
    return Path(user_data_dir("Callidus", appauthor=False)) / "host.sqlite3"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _loads(text, what: str):
    if not isinstance(text, str):
        raise ValueError(f"{what} is not text")
    if len(text) > MAX_COLUMN:
        raise ValueError(f"{what} is too long")
    try:
        return parse_json(text, what)
    except FileProblem as exc:
        raise ValueError(str(exc)) from None


@dataclass
class StoredBoard:
    """One board as read back; ``problem`` says why it cannot be served ('' when it can)."""

    id: int
    game: str
    variant: str
    options: dict
    time_control: str
    seed: int
    names: list
    tag: object
    status: str
    seq: int
    session: dict | None
    result: dict | None
    seats: dict = field(default_factory=dict)     # seat -> (name, token digest)
    problem: str = ""


class HostStore:
    """An open host database; ``close()`` when done.  Not shared between threads."""

    def __init__(self, path=None):
        self.path = Path(path) if path is not None else default_db_path()
        self._db = None
        fresh = self._check_file()
        try:
            if fresh:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(str(self.path), timeout=10, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise HostStoreError(f"cannot open host database {self.path}: {exc}") from None
        self._db = db
        try:
            db.text_factory = lambda raw: raw.decode("utf-8", "surrogateescape")
            self._check_schema()
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.DatabaseError as exc:
            self.close()
            raise HostStoreError(f"{self.path} is damaged or cannot be used ({exc}); "
                                 "it was left untouched") from None
        except HostStoreError:
            self.close()
            raise

    def close(self) -> None:
        if self._db is not None:
            try:
                self._db.close()
            finally:
                self._db = None

    # --- opening ------------------------------------------------------------------------
    def _check_file(self) -> bool:
        try:
            if not self.path.exists():
                return True
            if self.path.is_dir():
                raise HostStoreError(f"{self.path} is a folder, not a host database")
            if self.path.stat().st_size == 0:
                return True
        except OSError as exc:
            raise HostStoreError(f"cannot read host database {self.path}: "
                                 f"{exc.strerror or exc}") from None
        # Ask SQLite rather than opening the file by hand: closing a plain file handle
        # would drop the locks other connections of this process hold on it.  The probe
        # is read-only and immutable: it takes no locks and writes nothing.
        from urllib.parse import quote
        uri = f"file:{quote(str(self.path.resolve()))}?mode=ro&immutable=1"
        try:
            probe = sqlite3.connect(uri, uri=True, timeout=10)
            try:
                probe.execute("PRAGMA schema_version").fetchone()
            finally:
                probe.close()
        except sqlite3.DatabaseError as exc:
            if "not a database" in str(exc) or "malformed" in str(exc):
                raise HostStoreError(f"{self.path} is damaged or is not a host database "
                                     "(no SQLite header); it was left untouched") from None
            raise HostStoreError(f"cannot read host database {self.path}: {exc}") from None
        return False

    @contextlib.contextmanager
    def _transaction(self):
        """One transaction: every statement inside is kept together or not at all.  The
        connection is in autocommit mode (``isolation_level=None``), where ``with
        connection:`` would commit each statement on its own, so that a program killed
        between an event and its board's row kept the one without the other (the board
        was then not resumed: "its events are incomplete")."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _check_schema(self) -> None:
        db = self._db
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app == 0 and version == 0 and not tables:
            db.execute("BEGIN IMMEDIATE")
            try:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return
        if app != APPLICATION_ID:
            raise HostStoreError(f"{self.path} is an SQLite database but not a Callidus host "
                                 "database; it was left untouched")
        if version > SCHEMA_VERSION:
            raise HostStoreError(f"{self.path} was written by a newer Callidus (schema "
                                 f"{version}); it was left untouched")
        if not TABLES <= tables:
            raise HostStoreError(f"{self.path} is damaged: tables are missing; "
                                 "it was left untouched")
        check = db.execute("PRAGMA quick_check").fetchall()
        if [row[0] for row in check] != ["ok"]:
            raise HostStoreError(f"{self.path} is damaged ({check[0][0]}); "
                                 "it was left untouched")

    # --- settings -----------------------------------------------------------------------
    def setting(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
        return row[0] if row and isinstance(row[0], str) else None

    def set_setting(self, key: str, value: str | None) -> None:
        with self._transaction():
            if value is None:
                self._db.execute("DELETE FROM setting WHERE key = ?", (key,))
            else:
                self._db.execute("INSERT OR REPLACE INTO setting VALUES (?, ?)", (key, value))

    def set_password(self, password: str | None, code: bool = False) -> None:
        """Keep ``password`` as a salted digest (None: no password).  ``code``: a join code,
        matched without regard to case, spaces and dashes."""
        if password is None:
            self.set_setting("password", None)
            return
        salt = secrets.token_hex(16)
        kept = normalise_code(password) if code else password
        self.set_setting("password", _dumps({"salt": salt, "code": code,
                                             "digest": _salted(salt, kept)}))

    def password_set(self) -> bool:
        return self.setting("password") is not None

    def password_matches(self, given: str | None) -> bool:
        """True when no password is asked, or ``given`` is it."""
        kept = self.setting("password")
        if kept is None:
            return True
        if given is None:
            return False
        try:
            data = _loads(kept, "password setting")
            salt, code, digest = data["salt"], bool(data["code"]), data["digest"]
            if not isinstance(salt, str) or not isinstance(digest, str):
                return False
        except (ValueError, KeyError, TypeError):
            return False       # a damaged setting lets nobody in rather than everybody
        if code:
            given = normalise_code(given)
        return hmac.compare_digest(_salted(salt, given), digest)

    # --- boards -------------------------------------------------------------------------
    def add_board(self, game: str, variant: str, options: dict, time_control: str, seed: int,
                  names, tag=None) -> int:
        now = _now()
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO board (game, variant, options, time_control, seed, names, tag, "
                "status, seq, session, result, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', 0, NULL, NULL, ?, ?)",
                (game, variant, _dumps(options), time_control, seed, _dumps(list(names)),
                 None if tag is None else _dumps(tag), now, now))
        return cursor.lastrowid

    def add_event(self, board_id: int, seq: int, kind: str, data: dict, status: str,
                  session: dict | None, result: dict | None = None,
                  seat: tuple | None = None) -> None:
        """Commit one event with the board's state after it (and a seat taken with it)."""
        now = _now()
        db = self._db
        with self._transaction():
            db.execute("INSERT INTO event VALUES (?, ?, ?, ?, ?)",
                       (board_id, seq, kind, _dumps(data), now))
            if seat is not None:
                index, name, digest = seat
                db.execute("INSERT OR REPLACE INTO seat VALUES (?, ?, ?, ?)",
                           (board_id, index, name, digest))
            db.execute("UPDATE board SET status = ?, seq = ?, session = ?, result = ?, "
                       "updated = ? WHERE id = ?",
                       (status, seq, None if session is None else _dumps(session),
                        None if result is None else _dumps(result), now, board_id))

    def events(self, board_id: int, since: int = 0, limit: int | None = None) -> list:
        """``(seq, kind, data)`` of the board's events after ``since``, in order."""
        query = "SELECT seq, kind, data FROM event WHERE board_id = ? AND seq > ? ORDER BY seq"
        args = [board_id, since]
        if limit is not None:
            query += " LIMIT ?"
            args.append(limit)
        rows = []
        for seq, kind, data in self._db.execute(query, args):
            try:
                rows.append((seq, kind, _loads(data, f"board {board_id} event {seq}")))
            except ValueError:
                rows.append((seq, kind, {}))
        return rows

    def boards(self, unfinished_only: bool = False) -> list[StoredBoard]:
        query = ("SELECT id, game, variant, options, time_control, seed, names, tag, status, "
                 "seq, session, result FROM board")
        if unfinished_only:
            query += " WHERE status != 'over'"
        found = []
        for row in self._db.execute(query + " ORDER BY id").fetchall():
            found.append(self._board(row))
        return found

    def board(self, board_id: int) -> StoredBoard | None:
        row = self._db.execute(
            "SELECT id, game, variant, options, time_control, seed, names, tag, status, seq, "
            "session, result FROM board WHERE id = ?", (board_id,)).fetchone()
        return None if row is None else self._board(row)

    def _board(self, row) -> StoredBoard:
        (ident, game, variant, options, control, seed, names, tag, status, seq, session,
         result) = row
        board = StoredBoard(ident, game, variant, {}, control, seed, [None, None], None,
                            status, seq if isinstance(seq, int) else 0, None, None)
        try:
            for name, value, kind in (("game", game, str), ("variant", variant, str),
                                      ("time_control", control, str), ("status", status, str),
                                      ("seed", seed, int), ("seq", seq, int)):
                if not isinstance(value, kind):
                    raise ValueError(f"{name} is not {kind.__name__}")
            board.options = _loads(options, "options")
            board.names = _loads(names, "names")
            board.tag = None if tag is None else _loads(tag, "tag")
            board.session = None if session is None else _loads(session, "session")
            board.result = None if result is None else _loads(result, "result")
            if not isinstance(board.options, dict) or not isinstance(board.names, list):
                raise ValueError("options or names are not what a board holds")
            for index, name, digest in self._db.execute(
                    "SELECT seat, name, token_hash FROM seat WHERE board_id = ?", (ident,)):
                if not (isinstance(index, int) and isinstance(name, str)
                        and isinstance(digest, str)):
                    raise ValueError("a seat row is damaged")
                board.seats[index] = (name, digest)
        except (ValueError, sqlite3.DatabaseError) as exc:
            board.problem = str(exc) or type(exc).__name__
        return board

    def set_status(self, board_id: int, status: str, result: dict | None = None) -> None:
        with self._transaction():
            self._db.execute("UPDATE board SET status = ?, result = COALESCE(?, result), "
                             "updated = ? WHERE id = ?",
                             (status, None if result is None else _dumps(result), _now(),
                              board_id))


def normalise_code(text: str) -> str:
    """A join code as compared: capitals, without spaces and dashes."""
    return "".join(c for c in text.upper() if c not in " -_")


def _salted(salt: str, text: str) -> str:
    return hashlib.sha256((salt + "\x00" + text).encode("utf-8", "surrogatepass")).hexdigest()
