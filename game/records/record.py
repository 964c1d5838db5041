"""Game records: a game as its start position and the moves played, as JSON.

A record is replayed move by move when it is read back, so a damaged or
edited file can never produce an impossible position: the first bad move
is named in the error.  Records are plain JSON, never executed.

Version 2 (what is written now) adds to version 1 what a finished or saved
game needs besides its moves, every field optional and checked when read:

- ``times``: the seconds each move took, one entry per move (null: unknown);
- ``clocks``: for a game on the clock, every player's time left after each move;
- ``result``: for a finished game, ``winner`` (a player index or null for a
  draw), ``end`` (``"rules"``; ``"time"`` when ``flagged``'s flag fell;
  ``"resigned"`` when player ``resigned`` resigned; ``"agreed"`` for a draw the
  players agreed), ``scores`` and ``reason`` (the sentence the results screen shows);
- ``date``: when the game was saved or finished (ISO 8601, with the UTC offset);
- ``program``: the program and version that wrote it (``Callidus 1.0.0``).

Version 3 is version 2 written after Calliro's scorer came to choose where a score chip
goes by default.  A rule option left out of a record takes its default, so an older record
is read with the defaults of its own time (``GameSpec.former_defaults``): its moves replay
as they were played.  Version 1 records (the unfinished game of an earlier version) are still read.
Saved games use the extension ``.callidus`` (``SUFFIX``, MIME type ``MIME_TYPE``).
"""

from __future__ import annotations

import datetime
import json
import math

from .. import GAMES
from ..core import changed_options, shown
from ..errors import DamagedFileError, GameError
from ..files import FileProblem, check_name, read_json, write_json_atomic
from ..i18n import _

FORMAT = "callidus-game"
VERSION = 3
#: Versions this reader reads.
READS = (1, 2, 3)
#: The first version written after rule options' defaults changed (``GameSpec.former_defaults``).
NEW_DEFAULTS = 3
#: The file extension of a saved game, and its MIME type (the desktop entry registers both).
SUFFIX = ".callidus"
MIME_TYPE = "application/x-callidus-game"

#: The fields of a record, and of its ``config`` (what the play scene was started with).
FIELDS_V1 = ("format", "version", "game", "config", "start", "moves", "cursor", "extra")
FIELDS = FIELDS_V1 + ("times", "clocks", "result", "date", "program")
RESULT_FIELDS = ("winner", "end", "reason", "scores", "flagged", "resigned")
ENDS = ("rules", "time", "resigned", "agreed")
CONFIG_FIELDS = ("game", "variant", "options", "seats", "starter", "time_control", "seat_order",
                 "tournament", "hints")
SEAT_FIELDS = ("name", "kind", "level")
#: Most moves a record may hold, and the longest move text (far above any real game).
MAX_MOVES = 20000
MAX_MOVE_TEXT = 200
#: Most seconds a move or a clock reading may hold (far above any real game).
MAX_SECONDS = 10**7


class RecordProblem(DamagedFileError):
    """A record that cannot be used; the message says what is wrong."""


def make_record(config: dict, start_state, move_texts, cursor: int | None = None,
                extra: dict | None = None, *, times=None, clocks=None, result=None,
                date: str | None = None) -> dict:
    """The record of a game; ``times``, ``clocks`` and ``result`` as in the module docstring.

    ``date`` defaults to now; the record names this program's version."""
    from ..version import VERSION as PROGRAM_VERSION
    spec = GAMES[config["game"]]
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": spec.name,
        "config": json.loads(json.dumps(config)),  # a copy, and proof it is plain JSON
        "start": start_state.position(),
        "moves": list(move_texts),
        "cursor": len(move_texts) if cursor is None else cursor,
        "date": date or now_text(),
        "program": f"Callidus {PROGRAM_VERSION}",
    }
    if extra:
        record["extra"] = extra
    if times is not None:
        record["times"] = [None if t is None else round(float(t), 3) for t in times]
    if clocks is not None:
        record["clocks"] = [None if c is None else [round(float(v), 3) for v in c]
                            for c in clocks]
    if result is not None:
        record["result"] = json.loads(json.dumps(result))
    return record


def now_text() -> str:
    """The local date and time, to the second, with its UTC offset (a record's ``date``)."""
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def result_of(state, winner, reason: str, flagged: int | None = None,
              resigned: int | None = None, agreed: bool = False) -> dict:
    """A record's ``result`` for a game over in ``state``: by the rules, by a flag, by a
    resignation or by a draw the players agreed."""
    end = ("time" if flagged is not None else "resigned" if resigned is not None
           else "agreed" if agreed else "rules")
    result = {"winner": winner, "end": end, "reason": reason, "scores": list(state.scores)}
    if flagged is not None:
        result["flagged"] = flagged
    if resigned is not None:
        result["resigned"] = resigned
    return result


def record_of_moves(spec, start, move_texts) -> dict:
    """The record of a game played from ``start`` by ``move_texts`` (each checked, and
    written in the game's own notation), seated ``Player 1``, ``Player 2``...; with its
    result when the game is over.  The first bad move is named in an error of the kind
    its game raised (``InvalidMoveError``, ``IllegalMoveError``)."""
    position = start.position()
    variant = position.get("variant", spec.variants[0])
    config = {"game": spec.name, "variant": variant, "options": position.get("options", {}),
              "seats": [{"name": f"Player {i + 1}", "kind": "human"}
                        for i in range(len(start.scores))]}
    state, notation = start, []
    for number, text in enumerate(move_texts, start=1):
        try:
            move = spec.parse_move(state, text)
            notation.append(spec.format_move(state, move))
            state = state.play(move)
        except ValueError as exc:       # the same kind of error, naming the move
            kind = type(exc) if isinstance(exc, GameError) else ValueError
            raise kind(_("move {n} {text}: {problem}").format(
                n=number, text=repr(text), problem=exc)) from None
    result = (result_of(state, state.winner, state.end_reason or "The game is over.")
              if state.is_over else None)
    return make_record(config, start, notation, result=result)


def replay(record) -> tuple:
    """Check a record; return ``(spec, config, states, move_texts, cursor)``.

    When time was called in the game (``extra.time_called_ply``), the states from that
    ply on are those of the time-called rule.  The version 2 fields are checked too (the
    caller reads them from ``record``)."""
    if not isinstance(record, dict):
        raise RecordProblem(_("not a saved game (expected a JSON object)"))
    version = record.get("version")
    if record.get("format") != FORMAT:
        raise RecordProblem(_("not a Callidus saved game (field 'format')"))
    if type(version) is not int or version not in READS:
        raise RecordProblem(_("saved by an unknown version ({version})").format(
            version=shown(version, 40)))
    unknown = sorted(str(k) for k in set(record) - set(FIELDS if version >= 2 else FIELDS_V1))
    if unknown:
        raise RecordProblem(_("unknown field {field}").format(field=shown(unknown[0], 40)))
    name = record.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise RecordProblem(_("unknown game {name} (field 'game')").format(name=repr(name)))
    spec = GAMES[name]
    if version < NEW_DEFAULTS:
        _fill_former_defaults(record, spec)
    config = record.get("config")
    if not isinstance(config, dict) or config.get("game") != name:
        raise RecordProblem(_("field 'config' is missing or names another game"))
    try:
        state = spec.from_position(record.get("start"))
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise RecordProblem(_("start position: {problem}").format(problem=exc)) from None
    check_config(spec, config, state)
    moves = record.get("moves")
    if (not isinstance(moves, list)
            or not all(isinstance(m, str) and len(m) <= MAX_MOVE_TEXT for m in moves)):
        raise RecordProblem(_("field 'moves' must be a list of move texts"))
    if len(moves) > MAX_MOVES:
        raise RecordProblem(_("field 'moves' holds more than {n} moves").format(n=MAX_MOVES))
    states = [state]
    for number, text in enumerate(moves, start=1):
        try:
            state = state.play(spec.parse_move(state, text))
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise RecordProblem(_("move {n} {text}: {problem}").format(
                n=number, text=repr(text), problem=exc)) from None
        states.append(state)
    cursor = record.get("cursor", len(moves))
    if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(moves):
        raise RecordProblem(_("field 'cursor' is out of range"))
    _call_time(spec, record, states, moves, cursor)
    if version >= 2:
        _check_version_2(record, config, states, cursor, len(state.scores))
    return spec, config, states, list(moves), cursor


def _fill_former_defaults(record: dict, spec) -> None:
    """Write into an older ``record`` (in place, so that everything reading it after
    ``replay`` sees the same game) the options it played by their former defaults."""
    for holder in (record.get("start"), record.get("config")):
        if isinstance(holder, dict):
            options = holder.get("options", {})
            if isinstance(options, dict) and spec.former_defaults:
                holder["options"] = spec.with_former_defaults(options)


def _call_time(spec, record, states: list, moves: list, cursor: int) -> None:
    """Replay the moves after time was called (``extra.time_called_ply``) under that rule."""
    extra = record.get("extra")
    called = extra.get("time_called_ply") if isinstance(extra, dict) else None
    if called is None:
        return
    if type(called) is not int or not 0 <= called <= cursor or not spec.game_timer:
        raise RecordProblem(_("field 'extra.time_called_ply' must be a ply of the game "
                              "on a game timer"))
    try:
        states[called] = states[called].call_time()
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise RecordProblem(_("field 'extra.time_called_ply': {problem}").format(problem=exc)) \
            from None
    for i in range(called + 1, len(states)):
        try:
            states[i] = states[i - 1].play(spec.parse_move(states[i - 1], moves[i - 1]))
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise RecordProblem(_("move {n} after time was called: {problem}").format(
                n=i, problem=exc)) from None


def _seconds(value) -> bool:
    return (type(value) in (int, float) and math.isfinite(value)
            and 0 <= value <= MAX_SECONDS)


def _check_version_2(record: dict, config: dict, states: list, cursor: int,
                     players: int) -> None:
    """The fields version 2 added: ``times``, ``clocks``, ``result``, ``date``, ``program``."""
    moves = len(states) - 1
    times = record.get("times")
    if times is not None:
        if not isinstance(times, list) or len(times) != moves:
            raise RecordProblem(_("field 'times' must give the seconds of each of the {n} "
                                  "moves").format(n=moves))
        for i, value in enumerate(times):
            if value is not None and not _seconds(value):
                raise RecordProblem(_("field 'times[{i}]' must be a number of seconds").format(
                    i=i))
    clocks = record.get("clocks")
    if clocks is not None:
        from ..clock import parse_time_control
        if parse_time_control(config.get("time_control") or "none") is None:
            raise RecordProblem(_("field 'clocks': this game has no clock"))
        if not isinstance(clocks, list) or len(clocks) != moves:
            raise RecordProblem(_("field 'clocks' must give the clocks after each of the {n} "
                                  "moves").format(n=moves))
        for i, reading in enumerate(clocks):
            if reading is not None and (not isinstance(reading, list)
                                        or len(reading) != players
                                        or not all(_seconds(v) for v in reading)):
                raise RecordProblem(_("field 'clocks[{i}]' must give the seconds left of the "
                                      "{n} players").format(i=i, n=players))
    if "result" in record:
        _check_result(record["result"], states, cursor, players)
    date = record.get("date")
    if date is not None:
        try:
            if not isinstance(date, str) or len(date) > 40:
                raise ValueError
            datetime.datetime.fromisoformat(date)
        except ValueError:
            raise RecordProblem(_("field 'date' must be a date and time like "
                                  "2025-05-04T15:02:11+02:00")) from None
    program = record.get("program")
    if program is not None:
        try:
            check_name(program, "field 'program'", limit=80)
        except ValueError as exc:
            raise RecordProblem(str(exc)) from None


def _check_result(result, states: list, cursor: int, players: int) -> None:
    """A finished game's ``result`` must be what its last position says."""
    if not isinstance(result, dict):
        raise RecordProblem(_("field 'result' must be an object"))
    unknown = sorted(str(k) for k in set(result) - set(RESULT_FIELDS))
    if unknown:
        raise RecordProblem(_("field 'result': unknown field {field}").format(
            field=shown(unknown[0], 40)))
    if cursor != len(states) - 1:
        raise RecordProblem(_("field 'result': a finished game stands at its last move "
                              "(field 'cursor')"))
    state = states[cursor]
    end = result.get("end")
    if end not in ENDS:
        raise RecordProblem(_("field 'result.end' must be one of {ends}").format(
            ends=", ".join(ENDS)))
    winner = result.get("winner")
    if winner is not None and (type(winner) is not int or not 0 <= winner < players):
        raise RecordProblem(_("field 'result.winner' must be a player or null for a draw"))
    flagged = result.get("flagged")
    resigned = result.get("resigned")
    if flagged is not None and end != "time":
        raise RecordProblem(_("field 'result.flagged': no flag fell in a game that ended "
                              "{end}").format(end=repr(end)))
    if resigned is not None and end != "resigned":
        raise RecordProblem(_("field 'result.resigned': nobody resigned in a game that ended "
                              "{end}").format(end=repr(end)))
    if end == "rules":
        if not state.is_over:
            raise RecordProblem(_("field 'result': the game is not over at its last move"))
        if winner != state.winner:
            raise RecordProblem(_("field 'result.winner' is {winner}, but the last position "
                                  "says {wanted}").format(winner=repr(winner),
                                                          wanted=repr(state.winner)))
    elif state.is_over:
        raise RecordProblem(_("field 'result': the game was over by its rules before it ended "
                              "{end}").format(end=repr(end)))
    elif end == "time":
        if type(flagged) is not int or not 0 <= flagged < players:
            raise RecordProblem(_("field 'result.flagged' must name the player whose flag fell"))
        if winner == flagged:
            raise RecordProblem(_("field 'result.winner' is the player whose flag fell"))
    elif end == "resigned":
        if type(resigned) is not int or not 0 <= resigned < players:
            raise RecordProblem(_("field 'result.resigned' must name the player who resigned"))
        if winner == resigned:
            raise RecordProblem(_("field 'result.winner' is the player who resigned"))
    elif winner is not None or players != 2:
        raise RecordProblem(_("field 'result': a draw is agreed between two players, and "
                              "nobody wins it"))
    scores = result.get("scores")
    if scores is not None and scores != list(state.scores):
        raise RecordProblem(_("field 'result.scores' are not the scores of the last position"))
    try:
        check_name(result.get("reason"), "field 'result.reason'", limit=300)
    except ValueError as exc:
        raise RecordProblem(str(exc)) from None


def check_config(spec, config: dict, state) -> None:
    """Refuse a ``config`` the play scene could not start from ``state`` with.

    Checked as strictly as a position: known fields only, the variant and
    options of the start position, one seat per player with a drawable name,
    a known computer level, a time control that parses.  RecordProblem names
    the field.
    """
    unknown = sorted(str(k) for k in set(config) - set(CONFIG_FIELDS))
    if unknown:
        raise RecordProblem(f"field 'config': unknown field {unknown[0]!r}")
    position = state.position()
    variant = config.get("variant")
    if variant is not None and (not isinstance(variant, str) or variant not in spec.variants):
        raise RecordProblem(f"field 'config.variant': no variant {variant!r} in {spec.title}")
    variant = variant or spec.variants[0]
    if position.get("variant", spec.variants[0]) != variant:
        raise RecordProblem("field 'config.variant' is not the variant of the start position")
    options = config.get("options", {})
    if not isinstance(options, dict):
        raise RecordProblem("field 'config.options' must be an object")
    try:
        full = spec.check_options(options)
    except ValueError as exc:
        raise RecordProblem(f"field 'config.options': {exc}") from None
    if "options" in position and changed_options(spec.options, full) != position["options"]:
        raise RecordProblem("field 'config.options' is not the options of the start position")
    players = spec.players(variant)
    seats = config.get("seats")
    if not isinstance(seats, list) or len(seats) != players or len(state.scores) != players:
        raise RecordProblem(f"field 'config.seats' must list the {players} players")
    from ..ai import levels_for
    levels = levels_for(spec.name)
    for i, seat in enumerate(seats):
        where = f"config.seats[{i}]"
        if not isinstance(seat, dict):
            raise RecordProblem(f"field {where!r} must be an object")
        unknown = sorted(str(k) for k in set(seat) - set(SEAT_FIELDS))
        if unknown:
            raise RecordProblem(f"field {where!r}: unknown field {unknown[0]!r}")
        try:
            check_name(seat.get("name"), f"field '{where}.name'")
        except ValueError as exc:
            raise RecordProblem(str(exc)) from None
        kind = seat.get("kind")
        if kind not in ("human", "computer"):
            raise RecordProblem(f"field '{where}.kind' must be human or computer")
        if "level" in seat and (kind != "computer" or seat["level"] not in levels):
            raise RecordProblem(f"field '{where}.level' must be one of {', '.join(levels)} "
                                "for a computer")
    starter = config.get("starter", "random")
    if starter != "random" and starter not in [str(i) for i in range(players)]:
        raise RecordProblem("field 'config.starter' must be random or a seat number")
    order = config.get("seat_order", list(range(players)))
    if (not isinstance(order, list) or not all(type(i) is int for i in order)
            or sorted(order) != list(range(players))):
        raise RecordProblem("field 'config.seat_order' must put each seat once")
    control = config.get("time_control")
    if control is not None:
        from ..clock import parse_time_control
        if not isinstance(control, str) or len(control) > 40:
            raise RecordProblem("field 'config.time_control' must be a time control like 5+3")
        try:
            parse_time_control(control)
        except ValueError as exc:
            raise RecordProblem(f"field 'config.time_control': {exc}") from None
    if "hints" in config and not isinstance(config["hints"], bool):
        raise RecordProblem("field 'config.hints' must be true or false")
    tournament = config.get("tournament")
    if "tournament" in config and (
            not isinstance(tournament, dict) or set(tournament) != {"id", "round", "board"}
            or not all(type(v) is int and 1 <= v <= 10**9 for v in tournament.values())):
        raise RecordProblem("field 'config.tournament' must name a tournament, round and board")


def save(path, record: dict) -> None:
    write_json_atomic(path, record)


def load(path) -> tuple:
    try:
        data = read_json(path)
    except FileProblem as exc:
        raise RecordProblem(str(exc)) from None
    return replay(data)
