"""Tournament files: the JSON export that another Callidus can import (the
tournament, every result each board has had with how a game played out ended,
the games in progress, each entrant's rating and club), and the standings and
crosstable as CSV for a club's own records.

Every file is written to a temporary neighbour and moved into place; an
export replaces a file only when asked to (``write_atomic``), or takes a free
name beside it (``write_free``).  An import is read as plain JSON and checked
field by field (nothing read is executed); any problem raises ``StoreError``
naming the file and the field.
"""

from __future__ import annotations

import csv
import io
import json
import stat
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _

from ..files import FileProblem, parse_json, read_bytes, write_text_atomic
from ..files import NO_LINKS, not_a_file, write_to_free_name
from .errors import StoreError
from .checks import FieldProblem, Fields, shown
from .model import (HOWS, MAX_ENTRANTS, MAX_RATING, SCORES, TIEBREAK_TITLES, Entrant, Result,
                    Tournament)
from .standings import crosstable_matrix, standings

EXPORT_KIND = "callidus-tournament"
#: Version 3 files keep each board's history of results (with how a game played out
#: ended: its score on the board), the games in progress and when the tournament began;
#: version 4 files each entrant's rating and club (where it has them), which an older
#: Callidus would refuse as unknown fields.
EXPORT_VERSION = 4
#: Longest detail kept with a result (how a game ended, in words), and results kept a board.
MAX_DETAIL = 300
MAX_HISTORY = 1000
#: Version 1 files were written before rule options' defaults changed: their games' left-out
#: options take the former defaults (``GameSpec.former_defaults``).
FORMER_DEFAULTS_BEFORE = 2
#: The first version with the boards' records (``BoardRecord``) and the time of creation.
RECORDS_FROM = 3
MAX_IMPORT_BYTES = 16 * 1024 * 1024


def loads_json(text):
    """JSON text from disk or from the database, read within the bounds every reader shares
    (``game.files.parse_json``: nesting, number length, no ``NaN``); every failure is a
    ValueError saying what is wrong."""
    try:
        return parse_json(text, "the text")
    except FileProblem as exc:
        why = str(exc).replace("the text is damaged: ", "not usable JSON: ")
        why = why.replace("the text is damaged (", "").rstrip(")") if "(" in why[:30] else why
        raise ValueError(why) from None


def write_atomic(path, text: str, replace: bool = True) -> None:
    """Write ``text`` to a temporary neighbour and move it into place; with ``replace``
    False a file already at ``path`` stays as it is (StoreError: it exists)."""
    if not replace:
        _write_new(path, text.encode("utf-8"), [Path(path)])
        return
    try:
        write_text_atomic(path, text)
    except FileProblem as exc:
        raise StoreError(str(exc)) from None


def write_free(path, data) -> Path:
    """Write ``data`` (text or bytes) as a new file: at ``path`` when that name is free,
    else at the first free one after it (``standings (2).csv``, ``standings (3).csv``...);
    no file is ever replaced.  Returns the path written."""
    path = Path(path)
    names = [path] + [path.with_name(f"{path.stem} ({n}){path.suffix}")
                      for n in range(2, 1000)]
    return _write_new(path, data.encode("utf-8") if isinstance(data, str) else data, names)


def _write_new(path, data: bytes, names) -> Path:
    """Write ``data`` as a new file under the first of ``names`` not taken
    (``game.files.write_to_free_name``: never over a file); the path it took.  StoreError
    when every name is taken or the folder refuses."""
    path = Path(path)
    odd = not_a_file(path)
    if odd:
        raise StoreError(f"could not write {path}: it is {odd}, not a file")
    try:
        target = write_to_free_name(path, data, names, NO_LINKS)
    except OSError as exc:
        raise StoreError(f"could not write {path}: {exc.strerror or exc}") from None
    if target is not None:
        return target
    if len(names) == 1:
        raise StoreError(f"{path} exists already; it was left as it is")
    raise StoreError(f"could not write {path}: every name like it is taken")


@dataclass(frozen=True)
class BoardRecord:
    """What a kept tournament holds about a board beside its result: every result it has
    had, oldest first (``{"result", "how", "detail", "recorded"}``, the last the board's
    own, ``result`` None where it was cleared; ``detail`` how a game played out here
    ended), and the game in progress on it (plain JSON, or None)."""

    round: int
    board: int
    history: tuple = ()
    live: dict | None = None


@dataclass(frozen=True)
class Export:
    """An export file read back: the tournament, its boards' records, when it began."""

    tournament: Tournament
    boards: tuple = ()
    created: str | None = None


def tournament_json(tournament: Tournament, boards=(), created: str | None = None) -> dict:
    return {"kind": EXPORT_KIND, "version": EXPORT_VERSION, "tournament": tournament.to_dict(),
            "created": created,
            "boards": [{"round": b.round, "board": b.board, "history": list(b.history),
                        "live": b.live} for b in boards]}


def tournament_json_text(tournament: Tournament, boards=(), created: str | None = None) -> str:
    """The text of an export file."""
    return json.dumps(tournament_json(tournament, boards, created), indent=2) + "\n"


def write_tournament_json(tournament: Tournament, path, replace: bool = True, boards=(),
                          created: str | None = None) -> None:
    write_atomic(path, tournament_json_text(tournament, boards, created), replace)


def read_tournament_json(path, registry=None) -> Tournament:
    """The tournament of an export file; StoreError naming the file and the bad field."""
    return read_export(path, registry).tournament


def read_bounded(path: Path, limit: int, kind: str) -> bytes:
    """The bytes of the regular file ``path``, of at most ``limit`` bytes; StoreError in
    one line naming the file otherwise (``kind``: what such a file is, for the message)."""
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise StoreError(f"{path} is not a file")
        if status.st_size > limit:
            raise StoreError(f"{path} is too large to be {kind}")
        return path.read_bytes()
    except FileNotFoundError:
        raise StoreError(f"{path} does not exist") from None
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from None


def read_export(path, registry=None) -> Export:
    """An export file read back whole; StoreError naming the file and the bad field."""
    path = Path(path)
    raw = read_bounded(path, MAX_IMPORT_BYTES, "a tournament file")
    try:
        data = loads_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise StoreError(f"{path} is not a text file") from None
    except ValueError as exc:
        raise StoreError(f"{path} is damaged: {exc}") from None
    return export_from_json(data, registry, str(path))


def tournament_from_json(data, registry=None, source: str = "import") -> Tournament:
    return export_from_json(data, registry, source).tournament


def export_from_json(data, registry=None, source: str = "import") -> Export:
    """The export of JSON data, checked field by field; StoreError naming the field.

    A draw in a game that cannot end drawn is refused as the screens refuse it
    (``Tournament.result_problem``), naming its round and board."""
    if not isinstance(data, dict):
        raise StoreError(f"{source}: expected a JSON object")
    if not (isinstance(data.get("kind"), str) and data["kind"] == EXPORT_KIND):
        raise StoreError(f"{source} is not a Callidus tournament file "
                         f"(field 'kind' must be {EXPORT_KIND!r})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise StoreError(f"{source}: field 'version' must be a whole number")
    if version > EXPORT_VERSION:
        raise StoreError(f"{source} was written by a newer Callidus (version {version})")
    fields = {"kind", "version", "tournament"} | (
        {"created", "boards"} if version >= RECORDS_FROM else set())
    unknown = sorted(set(data) - fields, key=str)
    if unknown:
        raise StoreError(f"{source}: unknown field {shown(unknown[0])}")
    if "tournament" not in data:
        raise StoreError(f"{source}: missing field 'tournament'")
    try:
        tournament = data["tournament"]
        if version < FORMER_DEFAULTS_BEFORE:
            tournament = _with_former_defaults(tournament, registry)
        tournament = Tournament.from_dict(tournament, registry)
        for (round_no, board), result in sorted(tournament.results.items()):
            if result.score == "1/2-1/2":     # checked as a draw entered by hand is
                problem = tournament.result_problem(round_no, Result(result.score, "manual"),
                                                    registry)
                if problem:
                    raise ValueError(f"round {round_no} board {board}: {problem}")
        created = data.get("created")
        if created is not None and (not isinstance(created, str) or len(created) > 40):
            raise ValueError("created: must be a short text or null")
        boards = _board_records(data.get("boards", []), tournament)
        return Export(tournament, boards, created)
    except ValueError as exc:
        raise StoreError(f"{source}: {exc}") from None
    except Exception as exc:  # noqa: BLE001 - a file must never crash the program that reads it
        raise StoreError(f"{source} cannot be read ({type(exc).__name__}: "
                         f"{shown(str(exc), 80)})") from None


def _board_records(items, tournament: Tournament) -> tuple:
    """The ``boards`` of an export, checked: each a board of the tournament, once, with
    a history of valid results ending with the board's own."""
    if not isinstance(items, list):
        raise ValueError("boards: must be a list")
    records, seen = [], set()
    for i, item in enumerate(items):
        at = f"boards[{i}]"
        b = Fields(item, ("round", "board", "history", "live"), at, required=True, path=True)
        key = (b.int("round", 1, max(1, tournament.rounds_paired)), b.int("board", 1, 10**6))
        try:
            pairing = tournament.pairing(*key)
        except ValueError as exc:
            raise ValueError(f"{at}: {exc}") from None
        if pairing.is_bye:
            raise ValueError(f"{at}: round {key[0]} board {key[1]} is a bye; it has no results")
        if key in seen:
            raise ValueError(f"{at}: round {key[0]} board {key[1]} is listed twice")
        seen.add(key)
        history = []
        for j, entry in enumerate(b.list("history", MAX_HISTORY)):
            h = Fields(entry, ("result", "how", "detail", "recorded"), f"{at}.history[{j}]",
                       required=True, path=True)
            score = h.text("result", tuple(SCORES), optional=True)
            how = h.text("how", HOWS, optional=True)
            if (score is None) != (how is None):
                raise ValueError(f"{at}.history[{j}]: 'result' and 'how' are given together "
                                 "or not at all")
            result = None if score is None else h.build(Result, score, how)
            history.append((result, {"result": score, "how": how,
                                     "detail": h.text("detail", limit=MAX_DETAIL),
                                     "recorded": h.text("recorded", limit=40)}))
        if history and history[-1][0] != tournament.result(*key):
            raise ValueError(f"{at}.history: the last result is not the board's result")
        live = b.data["live"]
        if live is not None and not isinstance(live, dict):
            raise ValueError(f"{at}.live: must be an object or null")
        records.append(BoardRecord(key[0], key[1], tuple(e for _, e in history), live))
    return tuple(records)


def _with_former_defaults(tournament, registry):
    """A copy of an older file's tournament whose games keep the options they were
    played with by default then (anything unexpected is left for the checks)."""
    if registry is None:
        from .. import GAMES as registry
    if not isinstance(tournament, dict) or not isinstance(tournament.get("games"), list):
        return tournament
    games = []
    for g in tournament["games"]:
        spec = registry.get(g.get("game")) if isinstance(g, dict) and isinstance(
            g.get("game"), str) else None
        if spec is not None and spec.former_defaults and isinstance(
                g.get("options", {}), dict):
            g = {**g, "options": spec.with_former_defaults(g.get("options", {}))}
        games.append(g)
    return {**tournament, "games": games}


def _num(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _csv(rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(rows)
    return out.getvalue()


def standings_csv(tournament: Tournament) -> str:
    """Rank, name, points, games played, wins, draws, losses (forfeits included), forfeit
    wins, forfeit losses (double forfeits included), byes, then each tie-break."""
    # the heads a person reads, in the language in use (English from the command line)
    header = [_("Rank"), _("Name"), _("Points"), _("Played"), _("Wins"), _("Draws"),
              _("Losses"), _("Forfeit wins"), _("Forfeit losses"), _("Byes")]
    header += [_(TIEBREAK_TITLES[name]) for name in tournament.tiebreaks]
    rows = [header]
    for s in standings(tournament):
        rows.append([s.rank, s.name, _num(s.points), s.played, s.wins, s.draws, s.losses,
                     s.forfeit_wins, s.forfeit_losses, s.byes]
                    + [_num(v) for v in s.tiebreaks])
    return _csv(rows)


def crosstable_csv(tournament: Tournament) -> str:
    """The player-against-player grid: a row and a column per line (standings order), each
    cell the points the row's entrant scored against the column's (two in a double round
    robin; empty where they have not met, ``x`` on the diagonal), then the totals.  A
    forfeit shows its mark instead of its points: ``+`` won, ``−`` lost (a double forfeit
    too), as FIDE's crosstables mark them.

    ``No.`` numbers the lines in standings order; the columns refer to those numbers.
    """
    table = standings(tournament)
    tiebreak_titles = [_(TIEBREAK_TITLES[name]) for name in tournament.tiebreaks]
    tail = [_("Points")] + tiebreak_titles
    rows = [[_("No."), _("Rank"), _("Name")] + [str(n) for n in range(1, len(table) + 1)]
            + tail]
    for s, row in zip(table, crosstable_matrix(tournament, table)):
        cells = ["x" if scores is None else " ".join(mark or _num(v)
                                                     for v, mark in zip(scores, marks))
                 for scores, marks in zip(row["scores"], row["marks"])]
        rows.append([row["line"], s.rank, s.name] + cells + [_num(s.points)]
                    + [_num(v) for v in s.tiebreaks])
    return _csv(rows)


def write_standings_csv(tournament: Tournament, path, replace: bool = True) -> None:
    write_atomic(path, standings_csv(tournament), replace)


def write_crosstable_csv(tournament: Tournament, path, replace: bool = True) -> None:
    write_atomic(path, crosstable_csv(tournament), replace)


# --- entrants files ------------------------------------------------------------------

#: The most an entrants file may hold: 200 rows of long names, clubs and ratings fit many
#: times over.
MAX_ENTRANTS_BYTES = 1024 * 1024
#: The columns an entrants file may name in its first row, and the words taken for each.
ENTRANT_COLUMNS = {"name": "name", "player": "name", "rating": "rating", "elo": "rating",
                   "club": "club"}


def read_entrants_csv(text: str) -> list[Entrant]:
    """The entrants of an entrants file's text, in seeding order; pure.

    A row is a name, then optionally a rating (a whole number) and a club, separated by
    commas (or by semicolons or tabs, as spreadsheets write them in some countries).  A
    first row naming the columns (``Name,Rating,Club`` in any order and case) is allowed;
    blank rows are skipped.  Entrants with a rating come first, the highest first, then
    those without, in the file's order.  ValueError with one line naming the row
    (``row 4: the rating 'abc' is not a whole number from 0 to 9999``) when a row cannot
    be used, and nothing is taken.
    """
    if len(text) > MAX_ENTRANTS_BYTES:
        raise ValueError(_("the file is too large for a list of entrants"))
    text = text[1:] if text.startswith("\ufeff") else text
    lines = text.splitlines()
    sample = next((line for line in lines if line.strip()), "")
    delimiter = ","
    if "," not in sample:
        delimiter = ";" if ";" in sample else "\t" if "\t" in sample else ","
    reader = csv.reader(lines, delimiter=delimiter)
    columns = ("name", "rating", "club")
    entrants: list[Entrant] = []
    seen: dict[str, int] = {}
    first = True
    try:
        for cells in reader:
            row = reader.line_num
            cells = [cell.strip() for cell in cells]
            if not any(cells):
                continue
            if first:
                first = False
                header = [ENTRANT_COLUMNS.get(cell.casefold()) for cell in cells]
                if header[0] is not None or "name" in header:
                    columns = _entrant_columns(cells, header, row)
                    continue
            entrant = _entrant_row(cells, columns, row)
            key = entrant.name.casefold()
            if key in seen:
                raise ValueError(_("row {row}: {name} is on row {first} already").format(
                    row=row, name=shown(entrant.name), first=seen[key]))
            seen[key] = row
            if len(entrants) == MAX_ENTRANTS:
                raise ValueError(_("row {row}: a tournament takes at most {most} "
                                   "entrants").format(row=row, most=MAX_ENTRANTS))
            entrants.append(entrant)
    except csv.Error as exc:
        raise ValueError(_("row {row}: {problem}").format(
            row=reader.line_num, problem=shown(str(exc), 80))) from None
    if not entrants:
        raise ValueError(_("no entrant: the file has no row with a name"))
    rated = sorted((e for e in entrants if e.rating is not None), key=lambda e: -e.rating)
    return rated + [e for e in entrants if e.rating is None]


def _entrant_columns(cells, header, row: int) -> tuple:
    for cell, column in zip(cells, header):
        if column is None and cell:
            raise ValueError(_("row {row}: unknown column {cell} (an entrants file has a name, "
                               "a rating and a club)").format(row=row, cell=shown(cell, 40)))
    named = [column for column in header if column is not None]
    for column in named:
        if named.count(column) > 1:
            text = {"name": _("row {row}: two columns give the name"),
                    "rating": _("row {row}: two columns give the rating"),
                    "club": _("row {row}: two columns give the club")}[column]
            raise ValueError(text.format(row=row))
    if "name" not in named:
        raise ValueError(_("row {row}: no column gives the name").format(row=row))
    return tuple(header)


def _entrant_row(cells, columns, row: int) -> Entrant:
    extra = [cell for cell in cells[len(columns):] if cell]
    if extra:
        raise ValueError(_("row {row}: {n} columns; an entrants file has a name, a rating and "
                           "a club").format(row=row, n=len(cells)))
    values = {column: cell for column, cell in zip(columns, cells) if column is not None}
    name = values.get("name", "")
    if not name:
        raise ValueError(_("row {row}: no name").format(row=row))
    rating = values.get("rating") or None
    if rating is not None:
        if not (rating.isascii() and rating.isdigit() and len(rating) <= 4):
            raise ValueError(_("row {row}: the rating {rating} is not a whole number from 0 to "
                               "{most}").format(row=row, rating=shown(rating, 40),
                                                most=MAX_RATING))
        rating = int(rating)
    try:
        return Entrant(name, rating=rating, club=values.get("club") or None)
    except FieldProblem as exc:
        raise ValueError(_("row {row}: {problem}").format(row=row, problem=exc)) from None


def read_entrant_lines(text: str) -> list[Entrant]:
    """Entrants from pasted text, one name a line (a line copied from a spreadsheet: its
    first cell); blank lines skipped; pure.  ValueError naming the line otherwise."""
    if len(text) > MAX_ENTRANTS_BYTES:
        raise ValueError(_("the text is too long for a list of names"))
    entrants: list[Entrant] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        name = line.split("\t", 1)[0].strip()
        if not name:
            continue
        try:
            entrant = Entrant(name)
        except FieldProblem as exc:
            raise ValueError(_("line {n}: {problem}").format(n=number, problem=exc)) from None
        key = name.casefold()
        if key in seen:
            raise ValueError(_("line {n}: {name} is on line {first} already").format(
                n=number, name=shown(name), first=seen[key]))
        seen[key] = number
        if len(entrants) == MAX_ENTRANTS:
            raise ValueError(_("line {n}: a tournament takes at most {most} entrants").format(
                n=number, most=MAX_ENTRANTS))
        entrants.append(entrant)
    return entrants


def load_entrants_csv(path) -> list[Entrant]:
    """The entrants of the file ``path`` (``read_entrants_csv``); UTF-8, or the Windows
    encoding a spreadsheet may save in.  StoreError naming the file and the row."""
    try:
        data = read_bytes(path, MAX_ENTRANTS_BYTES)
    except FileProblem as exc:
        raise StoreError(str(exc)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    try:
        return read_entrants_csv(text)
    except ValueError as exc:
        # TRANSLATORS: a file of entrants named, then what is wrong in it: "club.csv, row 4: ..."
        raise StoreError(_("{file}, {problem}").format(file=Path(path).name, problem=exc)) \
            from None
