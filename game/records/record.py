"""Game records: a game as its start position and the moves played, as JSON.

A record is replayed move by move when it is read back, so a damaged or
edited file can never produce an impossible position: the first bad move
is named in the error.  Records are plain JSON, never executed.
"""

from __future__ import annotations

import json

from .. import GAMES
from ..files import FileProblem, read_json, write_json_atomic

FORMAT = "callidus-game"
VERSION = 1


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
    if record.get("format") != FORMAT:
        raise RecordProblem("not a Callidus saved game (field 'format')")
    if record.get("version") != VERSION:
        raise RecordProblem(f"saved by an unknown version ({record.get('version')!r})")
    name = record.get("game")
    if name not in GAMES:
        raise RecordProblem(f"unknown game {name!r} (field 'game')")
    spec = GAMES[name]
    config = record.get("config")
    if not isinstance(config, dict) or config.get("game") != name:
        raise RecordProblem("field 'config' is missing or names another game")
    seats = config.get("seats")
    if (not isinstance(seats, list) or not all(isinstance(s, dict) and isinstance(s.get("name"), str)
                                               and s.get("kind") in ("human", "computer")
                                               for s in seats)):
        raise RecordProblem("field 'config.seats' is damaged")
    try:
        state = spec.from_position(record.get("start"))
    except ValueError as exc:
        raise RecordProblem(f"start position: {exc}") from None
    if len(seats) != len(state.scores):
        raise RecordProblem("field 'config.seats' does not match the number of players")
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordProblem("field 'moves' must be a list of move texts")
    states = [state]
    for number, text in enumerate(moves, start=1):
        try:
            state = state.play(spec.parse_move(state, text))
        except ValueError as exc:
            raise RecordProblem(f"move {number} {text!r}: {exc}") from None
        states.append(state)
    cursor = record.get("cursor", len(moves))
    if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(moves):
        raise RecordProblem("field 'cursor' is out of range")
    return spec, config, states, list(moves), cursor


def save(path, record: dict) -> None:
    write_json_atomic(path, record)


def load(path) -> tuple:
    try:
        data = read_json(path)
    except FileProblem as exc:
        raise RecordProblem(str(exc)) from None
    return replay(data)
