"""Game records: a game as its start position and the moves played, as JSON.

A record is replayed move by move when it is read back, so a damaged or
edited file can never produce an impossible position: the first bad move
is named in the error.  Records are plain JSON, never executed.
"""

from __future__ import annotations

import json

from .. import GAMES
from ..core import changed_options
from ..files import FileProblem, check_name, read_json, write_json_atomic

FORMAT = "callidus-game"
VERSION = 1

#: The fields of a record, and of its ``config`` (what the play scene was started with).
FIELDS = ("format", "version", "game", "config", "start", "moves", "cursor", "extra")
CONFIG_FIELDS = ("game", "variant", "options", "seats", "starter", "time_control", "seat_order",
                 "tournament")
SEAT_FIELDS = ("name", "kind", "level")
#: Most moves a record may hold, and the longest move text (far above any real game).
MAX_MOVES = 20000
MAX_MOVE_TEXT = 200


class RecordProblem(ValueError):
    """A record that cannot be used; the message says what is wrong."""


def make_record(config: dict, start_state, move_texts, cursor: int | None = None,
                extra: dict | None = None) -> dict:
    spec = GAMES[config["game"]]
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": spec.name,
        "config": json.loads(json.dumps(config)),  # a copy, and proof it is plain JSON
        "start": start_state.position(),
        "moves": list(move_texts),
        "cursor": len(move_texts) if cursor is None else cursor,
    }
    if extra:
        record["extra"] = extra
    return record


def replay(record) -> tuple:
    """Check a record; return ``(spec, config, states, move_texts, cursor)``."""
    if not isinstance(record, dict):
        raise RecordProblem("not a saved game (expected a JSON object)")
    unknown = sorted(str(k) for k in set(record) - set(FIELDS))
    if unknown:
        raise RecordProblem(f"unknown field {unknown[0]!r}")
    if record.get("format") != FORMAT:
        raise RecordProblem("not a Callidus saved game (field 'format')")
    if record.get("version") != VERSION:
        raise RecordProblem(f"saved by an unknown version ({record.get('version')!r})")
    name = record.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise RecordProblem(f"unknown game {name!r} (field 'game')")
    spec = GAMES[name]
    config = record.get("config")
    if not isinstance(config, dict) or config.get("game") != name:
        raise RecordProblem("field 'config' is missing or names another game")
    try:
        state = spec.from_position(record.get("start"))
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise RecordProblem(f"start position: {exc}") from None
    check_config(spec, config, state)
    moves = record.get("moves")
    if (not isinstance(moves, list)
            or not all(isinstance(m, str) and len(m) <= MAX_MOVE_TEXT for m in moves)):
        raise RecordProblem("field 'moves' must be a list of move texts")
    if len(moves) > MAX_MOVES:
        raise RecordProblem(f"field 'moves' holds more than {MAX_MOVES} moves")
    states = [state]
    for number, text in enumerate(moves, start=1):
        try:
            state = state.play(spec.parse_move(state, text))
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise RecordProblem(f"move {number} {text!r}: {exc}") from None
        states.append(state)
    cursor = record.get("cursor", len(moves))
    if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(moves):
        raise RecordProblem("field 'cursor' is out of range")
    return spec, config, states, list(moves), cursor


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
    if "options" in position and changed_options(spec, full) != position["options"]:
        raise RecordProblem("field 'config.options' is not the options of the start position")
    players = spec.players(variant)
    seats = config.get("seats")
    if not isinstance(seats, list) or len(seats) != players or len(state.scores) != players:
        raise RecordProblem(f"field 'config.seats' must list the {players} players")
    from ..ai import LEVELS
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
        if "level" in seat and (kind != "computer" or seat["level"] not in LEVELS):
            raise RecordProblem(f"field '{where}.level' must be one of {', '.join(LEVELS)} "
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
