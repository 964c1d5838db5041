"""Tournaments kept in SQLite (export files: ``game.tournament.files``).

One database file (by default ``tournaments.sqlite3`` in platformdirs'
``user_data_dir("Callidus")``) holds any number of tournaments.  Every change
is committed at once: a result is on disk the moment ``record`` returns, so
a tournament resumes exactly after the program is killed.  A game in progress
can be kept too (``save_live``), as plain JSON the caller chooses.

Schema (``PRAGMA application_id`` = 0x43414C4C "CALL", ``user_version`` = 5)::

    tournament(id, name, format, cycles, rounds, tiebreaks JSON, seed, created, updated)
    entrant(tournament_id, idx, name, kind, level, rating NULL, club NULL)
    game_choice(tournament_id, idx, game, variant, time_control TEXT, options JSON)
    pairing(tournament_id, round, board, first, second NULL=bye, seed,
            result NULL=pending, how, recorded)
    live_game(tournament_id, round, board, data JSON, updated)
    result_history(tournament_id, round, board, seq, result NULL=cleared, how, detail,
                   recorded)
    swiss_event(tournament_id, data JSON)   -- ``Tournament.swiss_data``: late entries,
                   withdrawals, requested byes, bye points, ratings, round changes

``result_history`` keeps every result a board has had, in order (the last
is the one in ``pairing``), with ``detail``: for a game played out here its
score on the board and how it ended.  A version 1 file gains the table (and
no history) when it is first opened; a file older than version 4 gains
``swiss_event``, one older than 5 the entrants' ``rating`` and ``club`` (empty).

A file that is not such a database, or is damaged, raises ``StoreError``
(from ``game.tournament.errors``) with a message naming the file, and is left
exactly as it was: nothing is written before the checks pass.  A bad row
spoils only its own tournament: every row is checked as strictly as an
imported file (names, games against the engines, numbers and their ranges),
``list`` names each damaged tournament with the reason instead of failing,
and its rows can still be exported as they are (``export_rows``), renamed
or deleted, while every other tournament opens as usual.  Export files
are written to a temporary neighbour and moved into place
(``game.tournament.files``).  Nothing read is ever executed (no pickle, no
eval); imported JSON is checked field by field.
"""

from __future__ import annotations

import json
import math
import random
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..i18n import _
from .errors import StoreError
from .files import (MAX_DETAIL, BoardRecord, loads_json, read_export, tournament_json_text,
                    write_atomic, write_free, write_tournament_json)
from .checks import name_problem, shown
from .model import FORMATS, MAX_ENTRANTS, MAX_GAMES, MAX_TOURNAMENT_NAME, Result, Tournament
from .pairing import pair_next_round

APPLICATION_ID = 0x43414C4C
SCHEMA_VERSION = 5
#: The first schema written after rule options' defaults changed (``GameSpec.former_defaults``):
#: opening an older store writes those options into its game choices, so a tournament
#: goes on under the rules it began with.
NEW_DEFAULTS = 3

SCHEMA = """
CREATE TABLE tournament (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    cycles INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    tiebreaks TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE entrant (
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    rating INTEGER,
    club TEXT,
    PRIMARY KEY (tournament_id, idx)
);
CREATE TABLE game_choice (
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    game TEXT NOT NULL,
    variant TEXT,
    time_control TEXT,
    options TEXT NOT NULL,
    PRIMARY KEY (tournament_id, idx)
);
CREATE TABLE pairing (
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    first INTEGER NOT NULL,
    second INTEGER,
    seed INTEGER NOT NULL,
    result TEXT,
    how TEXT,
    recorded TEXT,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE TABLE live_game (
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    data TEXT NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE TABLE swiss_event (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournament(id) ON DELETE CASCADE,
    data TEXT NOT NULL
);
CREATE TABLE result_history (
    tournament_id INTEGER NOT NULL REFERENCES tournament(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    result TEXT,
    how TEXT,
    detail TEXT NOT NULL,
    recorded TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round, board, seq)
);
"""
TABLES = ("entrant", "game_choice", "live_game", "pairing", "result_history", "swiss_event",
          "tournament")
#: The tables of schema versions 2 and 3, which gain ``swiss_event`` when opened (and,
#: as version 4 does, the entrants' rating and club).
TABLES_V3 = ("entrant", "game_choice", "live_game", "pairing", "result_history", "tournament")
#: The tables of schema version 1, which gains ``result_history`` when opened.
TABLES_V1 = ("entrant", "game_choice", "live_game", "pairing", "tournament")
ROWS_KIND = "callidus-tournament-rows"
#: Most pairings read for one tournament: a double round robin of 128 has 16,256.
MAX_PAIRINGS = 2 * (MAX_ENTRANTS - 1) * (MAX_ENTRANTS // 2)


def default_db_path() -> Path:
    """Where tournaments live unless another file is chosen."""
    from platformdirs import user_data_dir
    return Path(user_data_dir("Callidus", appauthor=False)) / "tournaments.sqlite3"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _text(raw: bytes) -> str:
    """Text of a row: bytes that are not UTF-8 are kept as lone surrogates (which no
    name or choice accepts) instead of failing the whole query."""
    return raw.decode("utf-8", "surrogateescape")


def _plain(value):
    """A column's value as JSON can hold it, for the export of a damaged tournament's rows."""
    if isinstance(value, bytes):
        return {"bytes": value.hex()}
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


@dataclass(frozen=True)
class TournamentInfo:
    """One line of the list of kept tournaments."""

    id: int
    name: str
    format: str
    entrants: int
    rounds: int
    rounds_paired: int
    games_finished: int
    games_total: int
    complete: bool
    created: str
    updated: str
    #: The game of the round reached (or of round 1): (game, variant).
    game: tuple = ("", None)
    #: Boards of the tournament with a game being played on screen (kept half-way).
    in_progress: int = 0
    #: Why the tournament cannot be opened ("" when it can); its name is then the one
    #: kept if that name can be shown, else "Tournament ID".
    problem: str = ""

    @property
    def damaged(self) -> bool:
        return bool(self.problem)


class TournamentStore:
    """An open tournament database.  Use as a context manager, or ``close()``.

    ``registry`` (default ``game.GAMES``) is what every game read back is
    checked against: a tournament naming a game it lacks is damaged.
    """

    def __init__(self, path=None, registry=None):
        self.path = Path(path) if path is not None else default_db_path()
        self.registry = registry
        self._db = None
        fresh = self._check_file()
        try:
            if fresh:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(str(self.path), timeout=10, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(_("cannot open tournament database {path}: {reason}").format(
                path=self.path, reason=exc)) from None
        try:
            self._db = db
            db.text_factory = _text
            self._check_schema()
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
        except sqlite3.OperationalError as exc:
            db.close()
            self._db = None
            raise StoreError(_("cannot use tournament database {path}: {reason}").format(
                path=self.path, reason=exc)) from None
        except sqlite3.DatabaseError as exc:
            db.close()
            self._db = None
            raise self._damaged(exc) from None
        except StoreError:
            db.close()
            self._db = None
            raise

    # --- opening ----------------------------------------------------------
    def _check_file(self) -> bool:
        """True for a file not yet there (or empty); StoreError for a foreign file."""
        try:
            if not self.path.exists():
                return True
            if self.path.is_dir():
                raise StoreError(_("{path} is a folder, not a tournament database").format(
                    path=self.path))
            if self.path.stat().st_size == 0:
                return True
        except OSError as exc:
            raise StoreError(_("cannot read tournament database {path}: {reason}").format(
                path=self.path, reason=exc.strerror or exc)) from None
        # Ask SQLite itself rather than opening the file by hand: closing a plain file
        # handle would drop the locks that other connections in this process hold on it.
        # The probe is read-only and immutable, so it takes no locks and writes nothing.
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
                raise StoreError(_("{path} is damaged or is not a tournament database (no "
                                   "SQLite header); it was left untouched").format(
                                       path=self.path)) from None
            raise StoreError(_("cannot read tournament database {path}: {reason}").format(
                path=self.path, reason=exc)) from None
        return False

    def _header(self):
        db = self._db
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        return app, version, tables

    def _check_schema(self) -> None:
        db = self._db
        app, version, tables = self._header()
        if app == 0 and version == 0 and not tables:
            with self._tx():  # look again under the write lock: another process may be here
                app, version, tables = self._header()
                if app == 0 and version == 0 and not tables:
                    for statement in SCHEMA.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    return
        if app != APPLICATION_ID:
            raise StoreError(_("{path} is an SQLite database but not a Callidus tournament "
                               "database; it was left untouched").format(path=self.path))
        if version > SCHEMA_VERSION:
            raise StoreError(_("{path} was written by a newer Callidus (schema {version}); it "
                               "was left untouched").format(path=self.path, version=version))
        old = version == 1 and set(TABLES_V1) <= tables and "result_history" not in tables
        needed = TABLES if version >= 4 else TABLES_V3
        if not old and (version not in (2, 3, 4, SCHEMA_VERSION) or not set(needed) <= tables):
            raise StoreError(_("{path} is damaged: tables are missing; it was left "
                               "untouched").format(path=self.path))
        if version == SCHEMA_VERSION and not {"rating", "club"} <= self._entrant_columns():
            raise StoreError(_("{path} is damaged: the entrants' ratings and clubs are missing; "
                               "it was left untouched").format(path=self.path))
        check = db.execute("PRAGMA quick_check").fetchall()
        if [row[0] for row in check] != ["ok"]:
            raise StoreError(_("{path} is damaged ({reason}); it was left untouched").format(
                path=self.path, reason=check[0][0]))
        if version < SCHEMA_VERSION:
            with self._tx():   # look again under the write lock: another process may be here
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version == 1:    # the same tables, less the results' history
                    statement = SCHEMA[SCHEMA.index("CREATE TABLE result_history"):]
                    db.execute(statement.rstrip().rstrip(";"))
                if version < 4:     # a Swiss's entrant lifecycle and settings
                    start = SCHEMA.index("CREATE TABLE swiss_event")
                    db.execute(SCHEMA[start:SCHEMA.index(";", start)].replace(
                        "CREATE TABLE", "CREATE TABLE IF NOT EXISTS"))
                if version < 5:     # the entrants' rating and club, empty until given
                    have = self._entrant_columns()
                    for column, kind in (("rating", "INTEGER"), ("club", "TEXT")):
                        if column not in have:
                            db.execute(f"ALTER TABLE entrant ADD COLUMN {column} {kind}")
                if version < NEW_DEFAULTS:
                    self._keep_former_defaults()
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _entrant_columns(self) -> set:
        return {row[1] for row in self._db.execute("PRAGMA table_info(entrant)")}

    def _keep_former_defaults(self) -> None:
        """Write into every game choice the options it was played with by default before
        they changed (a row that cannot be read is left for the reader to report)."""
        db = self._db
        games = self.games()
        rows = db.execute("SELECT tournament_id, idx, game, options FROM game_choice").fetchall()
        for tid, idx, game, options in rows:
            spec = games.get(game) if isinstance(game, str) else None
            if spec is None or not spec.former_defaults:
                continue
            try:
                value = loads_json(options)
            except ValueError:
                continue
            if isinstance(value, dict):
                db.execute("UPDATE game_choice SET options = ? WHERE tournament_id = ? AND "
                           "idx = ?", (json.dumps(spec.with_former_defaults(value),
                                                  sort_keys=True), tid, idx))

    def _damaged(self, exc) -> StoreError:
        return StoreError(f"{self.path} is damaged or is not a tournament database ({exc}); "
                          "it was left untouched")

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- transactions -----------------------------------------------------
    class _Tx:
        def __init__(self, store, durable):
            self.store = store
            self.durable = durable

        def __enter__(self):
            db = self.store._db
            if db is None:
                raise StoreError(_("the tournament database is closed"))
            if not self.durable:
                db.execute("PRAGMA synchronous = NORMAL")
            db.execute("BEGIN IMMEDIATE")
            return db

        def __exit__(self, kind, exc, tb):
            db = self.store._db
            try:
                db.execute("COMMIT" if kind is None else "ROLLBACK")
            finally:
                if not self.durable:
                    db.execute("PRAGMA synchronous = FULL")
            return False

    def _tx(self, durable: bool = True):
        return self._Tx(self, durable)

    def _run(self, action, *args):
        """Run ``action`` turning database failures into StoreError."""
        try:
            return action(*args)
        except sqlite3.DatabaseError as exc:
            raise StoreError(_("tournament database {path}: {reason}").format(
                path=self.path, reason=exc)) from None

    # --- tournaments --------------------------------------------------------
    def add(self, tournament: Tournament) -> int:
        """Keep a new tournament (with any rounds and results it has); returns its id."""
        return self._run(self._add, tournament)

    def _add(self, t: Tournament) -> int:
        now = _now()
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO tournament (name, format, cycles, rounds, tiebreaks, seed, created, "
                "updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (t.name, t.format, t.cycles, t.total_rounds, json.dumps(list(t.tiebreaks)),
                 t.seed, now, now))
            tid = cur.lastrowid
            _insert_entrants(db, tid, t.entrants)
            db.executemany("INSERT INTO game_choice VALUES (?, ?, ?, ?, ?, ?)",
                           [(tid, i, g["game"], g["variant"], g["time_control"],
                             json.dumps(g["options"], sort_keys=True))
                            for i, g in enumerate(c.to_dict() for c in t.games)])
            for round_no in range(1, t.rounds_paired + 1):
                self._insert_round(db, tid, t, round_no, now)
            self._write_swiss(db, tid, t)
        return tid

    def _write_swiss(self, db, tid, t: Tournament) -> None:
        data = t.swiss_data()
        db.execute("DELETE FROM swiss_event WHERE tournament_id = ?", (tid,))
        if data is not None:
            db.execute("INSERT INTO swiss_event VALUES (?, ?)",
                       (tid, json.dumps(data, sort_keys=True)))

    def save_entrants(self, tid: int, t: Tournament, round_no: int | None = None) -> None:
        """Keep a Swiss's entrant lifecycle and settings (late entries, withdrawals,
        requested byes, the director's changes), the entrants added late, and with
        ``round_no`` that round's boards as they now are."""
        def run():
            with self._tx() as db:
                known = db.execute("SELECT COUNT(*) FROM entrant WHERE tournament_id = ?",
                                   (tid,)).fetchone()[0]
                _insert_entrants(db, tid, t.entrants, known)
                if round_no is not None:
                    db.execute("DELETE FROM pairing WHERE tournament_id = ? AND round = ?",
                               (tid, round_no))
                    self._insert_round(db, tid, t, round_no, _now())
                self._write_swiss(db, tid, t)
                self._touch(db, tid, _now())
        self._run(run)

    def _insert_round(self, db, tid, t, round_no, now):
        rows = []
        for p in t.rounds[round_no - 1]:
            result = t.results.get((p.round, p.board))
            rows.append((tid, p.round, p.board, p.first, p.second, p.seed,
                         None if result is None else result.score,
                         None if result is None else result.how,
                         None if result is None else now))
        db.executemany("INSERT INTO pairing VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

    def games(self):
        """The registry games are checked against."""
        if self.registry is None:
            from .. import GAMES
            return GAMES
        return self.registry

    def list(self) -> list[TournamentInfo]:
        """Every kept tournament, newest first.

        Each is read and checked in full; a damaged one is listed with its
        ``problem`` (and a name that can be shown) instead of failing the list.
        """
        return self._run(self._list)

    def _list(self):
        rows = self._db.execute("SELECT id, created, updated FROM tournament "
                                "ORDER BY updated DESC, id DESC").fetchall()
        infos = []
        for tid, created, updated in rows:
            created = created if isinstance(created, str) else ""
            updated = updated if isinstance(updated, str) else ""
            try:
                t = self._checked(tid)
            except StoreError:
                raise
            except (ValueError, sqlite3.DatabaseError) as exc:
                infos.append(self._damaged_info(tid, created, updated, str(exc)))
                continue
            games = [p for boards in t.rounds for p in boards if not p.is_bye]
            choice = t.game_for_round(max(1, t.rounds_paired)) if t.games else None
            pending = {(p.round, p.board) for p in t.pending()}
            live = self._db.execute("SELECT round, board FROM live_game WHERE tournament_id = ?",
                                    (tid,)).fetchall()
            infos.append(TournamentInfo(
                id=tid, name=t.name, format=t.format, entrants=len(t.entrants),
                rounds=t.total_rounds, rounds_paired=t.rounds_paired,
                games_finished=len(games) - len(pending), games_total=len(games),
                complete=t.is_complete, created=created, updated=updated,
                game=(choice.game, choice.variant) if choice else ("", None),
                in_progress=sum(1 for key in live if tuple(key) in pending)))
        return infos

    def _damaged_info(self, tid, created, updated, problem) -> TournamentInfo:
        db = self._db
        name, format_ = db.execute("SELECT name, format FROM tournament WHERE id = ?",
                                   (tid,)).fetchone()
        if isinstance(name, str) and name_problem(name.strip(), MAX_TOURNAMENT_NAME) is None:
            name = name.strip()
        else:
            name = f"Tournament {tid}"
        entrants, = db.execute("SELECT COUNT(*) FROM entrant WHERE tournament_id = ?",
                               (tid,)).fetchone()
        return TournamentInfo(id=tid, name=name, format=format_ if format_ in FORMATS else "",
                              entrants=entrants, rounds=0, rounds_paired=0, games_finished=0,
                              games_total=0, complete=False, created=created, updated=updated,
                              problem=problem if len(problem) <= 400
                              else problem[:397] + "...")

    def load(self, tid: int) -> Tournament:
        """The tournament kept under ``tid``; StoreError if missing or damaged, naming the field."""
        try:
            return self._run(self._checked, tid)
        except StoreError:      # already says which file and why
            raise
        except ValueError as exc:
            raise StoreError(_("{path} is damaged: {reason}").format(path=self.path,
                                                                     reason=exc)) from None

    def _checked(self, tid) -> Tournament:
        """The tournament ``tid``, every field checked; ValueError naming the bad one."""
        data = self._read(tid)
        try:
            return Tournament.from_dict(data, self.games(), where=f"tournament {tid}")
        except ValueError:
            raise
        except Exception as exc:  # noqa: BLE001 - a bad row must never crash the program
            raise ValueError(f"tournament {tid} cannot be read ({type(exc).__name__}: "
                             f"{shown(str(exc), 80)})") from None

    def _read(self, tid) -> dict:
        """The rows of tournament ``tid`` as ``Tournament.to_dict`` data (not yet checked)."""
        db = self._db
        row = db.execute("SELECT name, format, cycles, rounds, tiebreaks, seed FROM tournament "
                         "WHERE id = ?", (tid,)).fetchone()
        if row is None:
            raise StoreError(_("there is no tournament {id} in {path}").format(
                id=tid, path=self.path))
        where = f"tournament {tid}"
        entrants = []
        for i, (idx, n, k, lv, rating, club) in enumerate(db.execute(
                "SELECT idx, name, kind, level, rating, club FROM entrant WHERE "
                "tournament_id = ? ORDER BY idx LIMIT ?", (tid, MAX_ENTRANTS + 1))):
            _check_index(idx, i, f"{where}.entrants[{i}]")
            entrants.append({"name": n, "kind": k, "level": lv, "rating": rating,
                             "club": club})
        games = []
        for i, (idx, g, v, tc, o) in enumerate(db.execute(
                "SELECT idx, game, variant, time_control, options FROM game_choice "
                "WHERE tournament_id = ? ORDER BY idx LIMIT ?", (tid, MAX_GAMES + 1))):
            _check_index(idx, i, f"{where}.games[{i}]")
            games.append({"game": g, "variant": v, "time_control": tc,
                          "options": _json_column(o, f"{where}.games[{i}].options")})
        pairings = [{"round": r, "board": b, "first": f, "second": s, "seed": sd,
                     "result": res, "how": how}
                    for r, b, f, s, sd, res, how in db.execute(
                        "SELECT round, board, first, second, seed, result, how FROM pairing "
                        "WHERE tournament_id = ? ORDER BY round, board LIMIT ?",
                        (tid, MAX_PAIRINGS + 1))]
        swiss = db.execute("SELECT data FROM swiss_event WHERE tournament_id = ?",
                           (tid,)).fetchone()
        return {"name": row[0], "format": row[1], "cycles": row[2], "rounds": row[3],
                "tiebreaks": _json_column(row[4], f"{where}.tiebreaks"), "seed": row[5],
                "entrants": entrants, "games": games, "pairings": pairings,
                **({} if swiss is None else
                   {"swiss": _json_column(swiss[0], f"{where}.swiss")})}

    def rows(self, tid: int) -> dict:
        """Every row kept for tournament ``tid`` exactly as it is, table by table.

        For a damaged tournament this is what can be read of it (bytes as hex).
        """
        def run():
            tables = {}
            for table, key in (("tournament", "id"), ("entrant", "tournament_id"),
                               ("game_choice", "tournament_id"), ("pairing", "tournament_id"),
                               ("live_game", "tournament_id"),
                               ("result_history", "tournament_id"),
                               ("swiss_event", "tournament_id")):
                cur = self._db.execute(f"SELECT * FROM {table} WHERE {key} = ?", (tid,))
                names = [d[0] for d in cur.description]
                tables[table] = [{n: _plain(v) for n, v in zip(names, r)} for r in cur]
            if not tables["tournament"]:
                raise StoreError(_("there is no tournament {id} in {path}").format(
                    id=tid, path=self.path))
            return tables
        return self._run(run)

    def export_rows(self, tid: int, path, replace: bool = True) -> None:
        """Write ``rows(tid)`` as JSON (ASCII only, whatever the rows hold); a file already
        at ``path`` is replaced only with ``replace``."""
        data = {"kind": ROWS_KIND, "database": str(self.path), "tournament": tid,
                "rows": self.rows(tid)}
        write_atomic(path, json.dumps(data, indent=2, ensure_ascii=True) + "\n", replace)

    def delete(self, tid: int) -> None:
        """Remove tournament ``tid`` and everything kept with it (a damaged one too)."""
        def run():
            with self._tx() as db:
                if db.execute("DELETE FROM tournament WHERE id = ?", (tid,)).rowcount == 0:
                    raise StoreError(_("there is no tournament {id} in {path}").format(
                        id=tid, path=self.path))
        self._run(run)

    def rename(self, tid: int, name: str) -> str:
        """Give tournament ``tid`` (a damaged one too) a new name; returns the name kept.

        A name that cannot be a tournament's raises ValueError saying why.
        """
        text = name.strip() if isinstance(name, str) else name
        if not text:
            raise ValueError(_("a tournament needs a name"))
        problem = name_problem(text, MAX_TOURNAMENT_NAME)
        if problem:
            raise ValueError(_("the name {name} {problem}").format(name=shown(name),
                                                                   problem=problem))

        def run():
            with self._tx() as db:
                if db.execute("UPDATE tournament SET name = ? WHERE id = ?",
                              (text, tid)).rowcount == 0:
                    raise StoreError(_("there is no tournament {id} in {path}").format(
                        id=tid, path=self.path))
        self._run(run)
        return text

    def duplicate(self, tid: int, name: str) -> int:
        """Keep a new tournament called ``name`` with the settings, games and entrants
        of ``tid`` and none of its rounds or results (a fresh seed); returns its id."""
        t = self.load(tid)
        copy = Tournament(name, t.entrants, t.format, t.games, rounds=t.total_rounds,
                          cycles=t.cycles, tiebreaks=t.tiebreaks,
                          seed=random.SystemRandom().randrange(2**62),
                          bye_points=t.bye_points if t.format == "swiss" else None,
                          requested_bye_points=t.requested_bye_points)
        return self.add(copy)

    def open(self, tid: int) -> "StoredTournament":
        """The tournament ``tid`` bound to this store: every change is kept at once."""
        return StoredTournament(self, tid, self.load(tid))

    def create(self, tournament: Tournament) -> "StoredTournament":
        """Keep a new tournament and return it bound to this store."""
        return StoredTournament(self, self.add(tournament), tournament)

    # --- changes of a kept tournament ------------------------------------------
    def save_round(self, tid: int, tournament: Tournament, round_no: int,
                   with_entrants: bool = False) -> None:
        """Keep the pairings of a newly paired round (``with_entrants``: and the Swiss's
        lifecycle and history, ``save_entrants``, in the same commit)."""
        def run():
            with self._tx() as db:
                now = _now()
                self._insert_round(db, tid, tournament, round_no, now)
                if with_entrants:
                    self._write_swiss(db, tid, tournament)
                self._touch(db, tid, now)
        self._run(run)

    def save_result(self, tid: int, round_no: int, board: int, result: Result | None,
                    detail: str = "") -> None:
        """Keep (or, with None, clear) one result; the live game of that board is dropped.

        The result joins the board's history (``history``) with ``detail``: how a
        game played out here ended, in words."""
        detail = str(detail)[:MAX_DETAIL]

        def run():
            with self._tx() as db:
                now = _now()
                if result is None:
                    self._check_clear(db, tid, round_no)
                cur = db.execute(
                    "UPDATE pairing SET result = ?, how = ?, recorded = ? WHERE tournament_id = ? "
                    "AND round = ? AND board = ? AND second IS NOT NULL",
                    (None if result is None else result.score,
                     None if result is None else result.how,
                     None if result is None else now, tid, round_no, board))
                if cur.rowcount != 1:
                    raise StoreError(_("tournament {id} has no game at round {n} board "
                                     "{board}").format(id=tid, n=round_no, board=board))
                db.execute("DELETE FROM live_game WHERE tournament_id = ? AND round = ? "
                           "AND board = ?", (tid, round_no, board))
                seq = db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM result_history WHERE "
                                 "tournament_id = ? AND round = ? AND board = ?",
                                 (tid, round_no, board)).fetchone()[0]
                db.execute("INSERT INTO result_history VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                           (tid, round_no, board, seq,
                            None if result is None else result.score,
                            None if result is None else result.how, detail, now))
                self._touch(db, tid, now)
        self._run(run)

    def history(self, tid: int) -> dict:
        """Every result each board of tournament ``tid`` has had, oldest first:
        ``{(round, board): [HistoryEntry, ...]}``.  Rows that do not read as a
        result are left out (the history is a record, not what the tournament counts)."""
        rows = self._run(lambda: self._db.execute(
            "SELECT round, board, result, how, detail, recorded FROM result_history "
            "WHERE tournament_id = ? ORDER BY round, board, seq", (tid,)).fetchall())
        kept = {}
        for round_no, board, score, how, detail, recorded in rows:
            try:
                result = None if score is None else Result(score, how)
            except ValueError:
                continue
            kept.setdefault((round_no, board), []).append(
                HistoryEntry(result, detail if isinstance(detail, str) else "",
                             recorded if isinstance(recorded, str) else ""))
        return kept

    def _check_clear(self, db, tid, round_no):
        """Refuse to clear a Swiss result once a later round is paired (see
        ``Tournament.clear_problem``): the tournament would no longer read back."""
        row = db.execute("SELECT format FROM tournament WHERE id = ?", (tid,)).fetchone()
        later = db.execute("SELECT MAX(round) FROM pairing WHERE tournament_id = ?",
                           (tid,)).fetchone()[0]
        if row is not None and row[0] == "swiss" and isinstance(later, int) and later > round_no:
            raise StoreError(_("tournament {id}: a result of round {n} cannot be cleared once "
                               "round {later} of the Swiss is paired").format(
                                   id=tid, n=round_no, later=later))

    def _touch(self, db, tid, now):
        db.execute("UPDATE tournament SET updated = ? WHERE id = ?", (now, tid))

    def save_live(self, tid: int, round_no: int, board: int, data: dict) -> None:
        """Keep a game in progress (any JSON-able dict: moves, clock snapshot, ...)."""
        text = json.dumps(data, sort_keys=True)

        def run():
            with self._tx(durable=False) as db:
                db.execute("INSERT OR REPLACE INTO live_game VALUES (?, ?, ?, ?, ?)",
                           (tid, round_no, board, text, _now()))
        self._run(run)

    def load_live(self, tid: int, round_no: int, board: int) -> dict | None:
        """The game kept in progress on a board, None when there is none or it is damaged."""
        live = self.live_game(tid, round_no, board)
        return None if live is None else live.data

    def live_game(self, tid: int, round_no: int, board: int) -> "LiveGame | None":
        """The game kept in progress on a board as it is kept, damaged or not (None: none)."""
        row = self._run(lambda: self._db.execute(
            "SELECT data FROM live_game WHERE tournament_id = ? AND round = ? AND board = ?",
            (tid, round_no, board)).fetchone())
        if row is None:
            return None
        value = row[0]
        if not isinstance(value, str):
            raw = value if isinstance(value, bytes) else str(value).encode()
            return LiveGame(None, "the saved moves are not text", raw)
        raw = value.encode("utf-8", "surrogateescape")
        try:
            data = loads_json(value)
        except ValueError as exc:
            return LiveGame(None, f"the saved moves are damaged, {exc}", raw)
        if not isinstance(data, dict):
            return LiveGame(None, "the saved moves are not a saved game", raw)
        return LiveGame(data, "", raw)

    def live_boards(self, tid: int) -> set:
        """(round, board) of every game of the tournament kept in progress."""
        rows = self._run(lambda: self._db.execute(
            "SELECT round, board FROM live_game WHERE tournament_id = ?", (tid,)).fetchall())
        return {(r, b) for r, b in rows}

    def clear_live(self, tid: int, round_no: int, board: int) -> None:
        def run():
            with self._tx() as db:
                db.execute("DELETE FROM live_game WHERE tournament_id = ? AND round = ? "
                           "AND board = ?", (tid, round_no, board))
        self._run(run)

    # --- import and export ----------------------------------------------------
    def import_json(self, path, registry=None) -> int:
        """Keep the tournament of a JSON export file as a new tournament, with its boards'
        histories and games in progress; returns its id.  A name already kept gets " (2)",
        " (3)"... after it.

        The games are checked against ``registry`` (default: ``game.GAMES``).
        """
        if registry is None:
            from .. import GAMES as registry
        export = read_export(path, registry)
        export.tournament.name = self._run(self._free_name, export.tournament.name)
        tid = self.add(export.tournament)
        try:
            self._run(self._keep_records, tid, export.boards, export.created)
        except StoreError:
            self.delete(tid)
            raise
        return tid

    def _free_name(self, name: str) -> str:
        """``name``, or with " (2)", " (3)"... after it when a kept tournament has it."""
        taken = {n.casefold() for n, in self._db.execute("SELECT name FROM tournament")
                 if isinstance(n, str)}
        for n in range(1, 10_000):
            tail = "" if n == 1 else f" ({n})"
            free = name[:MAX_TOURNAMENT_NAME - len(tail)].rstrip() + tail
            if free.casefold() not in taken:
                return free
        raise StoreError(_("too many tournaments are called {name}").format(name=repr(name)))

    def _keep_records(self, tid: int, boards, created) -> None:
        """Keep imported boards' histories and games in progress, and the time the
        tournament began."""
        with self._tx() as db:
            for b in boards:
                for seq, e in enumerate(b.history, start=1):
                    db.execute("INSERT INTO result_history VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                               (tid, b.round, b.board, seq, e["result"], e["how"],
                                e["detail"], e["recorded"]))
                if b.history and b.history[-1]["result"] is not None:
                    db.execute("UPDATE pairing SET recorded = ? WHERE tournament_id = ? AND "
                               "round = ? AND board = ?",
                               (b.history[-1]["recorded"], tid, b.round, b.board))
                if b.live is not None:
                    db.execute("INSERT OR REPLACE INTO live_game VALUES (?, ?, ?, ?, ?)",
                               (tid, b.round, b.board, json.dumps(b.live, sort_keys=True),
                                _now()))
            if created:
                db.execute("UPDATE tournament SET created = ? WHERE id = ?", (created, tid))

    def export_json(self, tid: int, path, replace: bool = True, free: bool = False) -> Path:
        """Write tournament ``tid`` as an export file at ``path``, with every result each
        board has had (how a game played out here ended with it) and the games in
        progress; the path written.  A file already there is replaced only with
        ``replace``; with ``free`` the export takes the first free name beside it instead
        (``files.write_free``)."""
        tournament = self.load(tid)
        boards = self.board_records(tid)
        row = self._run(lambda: self._db.execute("SELECT created FROM tournament WHERE id = ?",
                                                 (tid,)).fetchone())
        created = row[0] if row and isinstance(row[0], str) else None
        if free:
            return write_free(path, tournament_json_text(tournament, boards, created))
        write_tournament_json(tournament, path, replace, boards, created)
        return Path(path)

    def board_records(self, tid: int) -> list:
        """``files.BoardRecord`` of every board of ``tid`` with a history of results or a
        game in progress, in round and board order."""
        history = self.history(tid)
        live = {key: self.load_live(tid, *key) for key in self.live_boards(tid)}
        records = []
        for key in sorted(set(history) | {k for k, data in live.items() if data is not None}):
            entries = tuple({"result": None if e.result is None else e.result.score,
                             "how": None if e.result is None else e.result.how,
                             "detail": e.detail, "recorded": e.recorded}
                            for e in history.get(key, ()))
            records.append(BoardRecord(key[0], key[1], entries, live.get(key)))
        return records


@dataclass(frozen=True)
class LiveGame:
    """A board's game in progress as kept: ``data`` the JSON object, or None with
    ``problem`` saying why the kept text is not one; ``raw`` the bytes kept, whole, for a
    copy of a damaged game."""

    data: dict | None
    problem: str
    raw: bytes


@dataclass(frozen=True)
class HistoryEntry:
    """One result a board has had: None when it was cleared."""

    result: Result | None
    detail: str
    recorded: str


class StoredTournament:
    """A kept tournament and its database together: each change is committed at once."""

    def __init__(self, store: TournamentStore, tid: int, tournament: Tournament):
        self.store = store
        self.id = tid
        self.tournament = tournament

    def pair_next_round(self):
        changes = dict(self.tournament.round_changes)
        boards = pair_next_round(self.tournament)
        self._keep_paired(changes)
        return boards

    def keep_round(self, boards, changes=()) -> list:
        """Keep the next round as ``pair_next_round`` paired it elsewhere (another process,
        from a copy of this tournament): its ``boards`` (``Pairing`` values) and what the
        round's history says of them (``changes``).  ValueError, and nothing kept, when they
        are not a whole round of this tournament as it is now: the next round's number,
        boards 1, 2, 3..., every entrant to pair seated once and no one else, at most one
        bye, last, to an entrant who has had none."""
        t = self.tournament
        boards = list(boards)
        round_no = t.rounds_paired + 1
        if not t.can_pair_next():
            raise ValueError(_("round {n} cannot be paired now").format(n=round_no))
        if not boards or any(p.round != round_no for p in boards):
            raise ValueError(_("the boards are not those of round {n}").format(n=round_no))
        seated = [x for p in boards for x in (p.first, p.second) if x is not None]
        byes = [i for i, p in enumerate(boards) if p.is_bye]
        earlier = {p.first for r in t.rounds for p in r if p.is_bye}
        if ([p.board for p in boards] != list(range(1, len(boards) + 1))
                or len(seated) != len(set(seated)) or set(seated) != t.expected(round_no)
                or byes not in ([], [len(boards) - 1])
                or (t.format == "swiss" and byes and boards[-1].first in earlier)
                or not all(isinstance(c, str) for c in changes)):
            raise ValueError(_("round {n} was not paired from the tournament as it is "
                               "now").format(n=round_no))
        before = dict(t.round_changes)
        t.rounds.append(boards)
        if changes:
            t.round_changes[round_no] = list(changes)
        self._keep_paired(before)
        return boards

    def _keep_paired(self, changes: dict) -> None:
        """Keep the round just paired and its history, in one commit; taken back from the
        tournament (``changes``: its history before) when it cannot be kept."""
        t = self.tournament
        try:
            self.store.save_round(self.id, t, t.rounds_paired,
                                  with_entrants=t.round_changes != changes)
        except StoreError:
            t.rounds.pop()
            t.round_changes = changes
            raise

    def _kept(self, change, *args, round_no=None):
        """Make a change of the entrants or of a round and keep it; undone if it
        cannot be kept."""
        import copy
        before = copy.copy(self.tournament.__dict__)
        before = {k: copy.copy(v) for k, v in before.items()}
        answer = change(*args)
        try:
            self.store.save_entrants(self.id, self.tournament, round_no)
        except StoreError:
            self.tournament.__dict__.update(before)
            raise
        return answer

    def add_late_entrant(self, entrant, from_round: int, start: str = "zero") -> int:
        return self._kept(self.tournament.add_late_entrant, entrant, from_round, start)

    def withdraw(self, entrant: int, from_round: int | None = None,
                 wanted: bool = True) -> None:
        self._kept(self.tournament.withdraw, entrant, from_round, wanted)

    def request_bye(self, entrant: int, round_no: int, wanted: bool = True) -> None:
        self._kept(self.tournament.request_bye, entrant, round_no, wanted)

    def _not_started(self, round_no: int) -> None:
        if any(r == round_no for r, _ in self.live_boards()):
            raise ValueError(_("a game of round {n} has begun; its boards stay as they "
                               "are").format(n=round_no))

    def swap_players(self, round_no: int, a: int, b: int) -> list[str]:
        """``Tournament.swap_players``, kept at once; returns its warnings."""
        self._not_started(round_no)
        return self._kept(self.tournament.swap_players, round_no, a, b, round_no=round_no)

    def move_player(self, round_no: int, entrant: int, board: int, seat: int) -> list[str]:
        self._not_started(round_no)
        return self._kept(self.tournament.move_player, round_no, entrant, board, seat,
                          round_no=round_no)

    def record(self, round_no: int, board: int, score, how: str = "played",
               detail: str = "") -> Result:
        """Enter or correct a result and commit it before returning (``detail``: how a
        game played out here ended, kept in the board's history)."""
        before = self.tournament.result(round_no, board)
        result = self.tournament.record(round_no, board, score, how, registry=self.store.games())
        try:
            self.store.save_result(self.id, round_no, board, result, detail)
        except StoreError:
            if before is None:
                self.tournament.results.pop((round_no, board), None)
            else:
                self.tournament.results[(round_no, board)] = before
            raise
        return result

    def clear_result(self, round_no: int, board: int) -> None:
        """Take back a result (ValueError where ``Tournament.clear_problem`` refuses)."""
        before = self.tournament.result(round_no, board)
        self.tournament.clear_result(round_no, board)
        try:
            self.store.save_result(self.id, round_no, board, None)
        except StoreError:
            if before is not None:
                self.tournament.results[(round_no, board)] = before
            raise

    def save_live(self, round_no: int, board: int, data: dict) -> None:
        self.store.save_live(self.id, round_no, board, data)

    def load_live(self, round_no: int, board: int) -> dict | None:
        return self.store.load_live(self.id, round_no, board)

    def live_game(self, round_no: int, board: int) -> LiveGame | None:
        return self.store.live_game(self.id, round_no, board)

    def clear_live(self, round_no: int, board: int) -> None:
        self.store.clear_live(self.id, round_no, board)

    def history(self) -> dict:
        """Every result each board has had, oldest first (``TournamentStore.history``)."""
        return self.store.history(self.id)

    def live_boards(self) -> set:
        """(round, board) of the games kept in progress: half-played boards."""
        return self.store.live_boards(self.id)


def keep_live(path, tid: int, round_no: int, board: int, data: dict | None) -> None:
    """Keep a board's game in progress (``data`` None: forget it) through a connection of
    its own, so that a background thread can write it while the screen plays on."""
    with TournamentStore(path) as store:
        if data is None:
            store.clear_live(tid, round_no, board)
        else:
            store.save_live(tid, round_no, board, data)


def _insert_entrants(db, tid: int, entrants, start: int = 0) -> None:
    """Keep ``entrants`` from index ``start`` on, with their ratings and clubs."""
    db.executemany("INSERT INTO entrant (tournament_id, idx, name, kind, level, rating, club) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)",
                   [(tid, i, e.name, e.kind, e.level, e.rating, e.club)
                    for i, e in enumerate(entrants) if i >= start])


def _check_index(value, expected: int, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value != expected:
        raise ValueError(f"{where}: numbered {shown(value)} where {expected} was expected "
                         "(rows missing or out of order)")


def _json_column(value, where: str):
    """A column holding JSON text, read back; ValueError naming it when it does not."""
    if not isinstance(value, str):
        raise ValueError(f"{where}: must be JSON text, not {type(value).__name__}")
    try:
        return loads_json(value)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
