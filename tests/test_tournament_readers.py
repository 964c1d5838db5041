"""What the tournament code reads from disk, fed with hostile input (hypothesis).

Two readers: the JSON import file and the rows of the tournament database.
Each example checks what a player would notice: no exception escapes, a
refusal names the file or tournament and the field, the file read is left
byte for byte, every other tournament still opens, and whatever is accepted
reads back the same and has names the font can draw.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import tempfile
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from game.core import GameSpec
from game.tournament.errors import StoreError
from game.tournament.files import read_tournament_json, write_tournament_json
from game.tournament.model import (MAX_NAME, MAX_TOURNAMENT_NAME, Entrant, GameChoice, Tournament,
                                   name_problem)
from game.tournament.pairing import pair_next_round
from game.tournament.store import TournamentStore

#: A few seconds in all; TOURNAMENT_EXAMPLES=5000 makes a soak of it.
FAST = settings(max_examples=int(os.environ.get("TOURNAMENT_EXAMPLES", "120")), deadline=None,
                database=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                      HealthCheck.too_slow])


def _spec(name, counts, options=None, choices=None):
    return GameSpec(name=name, title=name.title(), blurb="", variants=tuple(counts),
                    player_counts=counts, options=options or {}, option_choices=choices or {},
                    make_new=None, make_from_position=None, parse=None, format=None)


REGISTRY = {
    "pick": _spec("pick", {"standard": 2}, {"speed": 1, "fair": True},
                  {"speed": (int, 1, 3), "fair": bool}),
    "multi": _spec("multi", {"duel": 2, "trio": 3}),
}

#: Names a font cannot draw, or that look empty, or are absurd.
BAD_NAMES = ["", " ", "\x00", "Ann\x00", "\u200b", "\u200b\u200c", "\u3164", "\u2800", "\u0301",
             "Ann\n", "A\rB", "\x1b[2J", "\u2028", "\ud800", "x" * (MAX_NAME + 1),
             "y" * (MAX_TOURNAMENT_NAME + 1), "z" * 100_000, " Ann"]
#: Values that mean something to the readers: games, kinds, scores, JSON texts.
MEANINGFUL = ["chess", "pick", "multi", "trio", "duel", "computer", "human", "hard", "swiss",
              "round-robin", "1-0", "0-1", "1/2-1/2", "manual", "forfeit", "wins", "buchholz",
              "5+3", "none", "[]", "{}", '{"speed": 9}', '{"speed": true}', '{"fair": 1}',
              '["wins", "wins"]', '["luck"]', "NaN", "Infinity", "[" * 3000, "1" * 5000]


def _tournaments() -> list[Tournament]:
    """A Swiss with a bye half-way through round 2, and a round robin with two games rotating."""
    swiss = Tournament("Club night", [Entrant(n) for n in ("Ann", "Bob", "Cid", "Dee")]
                       + [Entrant("Eve", "computer", "easy")], "swiss",
                       [GameChoice("pick", None, None, {"speed": 2})], rounds=3, seed=3,
                       registry=REGISTRY)
    for p in pair_next_round(swiss):
        if not p.is_bye:
            swiss.record(p.round, p.board, "1-0")
    board = next(p for p in pair_next_round(swiss) if not p.is_bye)
    swiss.record(board.round, board.board, "1/2-1/2", "forfeit")
    robin = Tournament("Spring", [Entrant(n) for n in ("Fay", "Gus", "Hal", "Ivy")],
                       "round-robin",
                       [GameChoice("pick", "standard", None, {"fair": False}),
                        GameChoice("multi", "duel")], seed=9, registry=REGISTRY)
    for _ in range(2):
        for p in pair_next_round(robin):
            robin.record(p.round, p.board, "0-1", "time")
    return [swiss, robin]


TOURNAMENTS = _tournaments()


def _drawable(t: Tournament) -> None:
    """Every name of an accepted tournament can be drawn (the font raises otherwise)."""
    from scenes import assets
    pygame.font.init()
    for name in [t.name] + [e.name for e in t.entrants]:
        assert name_problem(name, MAX_TOURNAMENT_NAME) is None
        assert assets.font(18).render(name, True, (0, 0, 0)).get_width() > 0


# --- the JSON import file ----------------------------------------------------------------

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                         st.text(max_size=12), st.sampled_from(BAD_NAMES + MEANINGFUL))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                           max_leaves=6)


def _paths(value, path=()):
    """Every place in a JSON value, as a tuple of keys and indices."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, path + (key,))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _paths(inner, path + (i,))


def _place(data, path, value):
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value


def _remove(data, path):
    target = data
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]


#: The fields a change to a field may spoil: e.g. fewer rounds leave a pairing out of range.
RELATED = {"rounds": {"pairings", "cycles"}, "cycles": {"rounds", "pairings"},
           "format": {"rounds", "cycles", "pairings", "tiebreaks"},
           "entrants": {"pairings", "rounds"}}


@st.composite
def damaged_exports(draw):
    """(file bytes, what was damaged): one field changed, or the text itself damaged."""
    t = draw(st.sampled_from(TOURNAMENTS))
    data = json.loads(json.dumps({"kind": "callidus-tournament", "version": 1,
                                  "tournament": t.to_dict()}))
    how = draw(st.sampled_from(["value", "value", "value", "remove", "add", "deep", "digits",
                                "truncate", "bytes"]))
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    if how == "value":
        _place(data, path, draw(json_values))
    elif how == "remove":
        _remove(data, path)
    elif how == "add":
        target = data if len(path) == 1 else data
        for step in path[:-1]:
            target = target[step]
        if isinstance(target, dict):
            target[draw(st.text(max_size=6))] = draw(json_scalars)
        else:
            target.append(draw(json_values))
    elif how in ("deep", "digits"):
        _place(data, path, "@@HERE@@")
    text = json.dumps(data)
    if how == "deep":
        depth = draw(st.integers(500, 50_000))
        text = text.replace('"@@HERE@@"', "[" * depth + "]" * depth)
    elif how == "digits":
        text = text.replace('"@@HERE@@"', "9" * draw(st.integers(41, 20_000)))
    raw = text.encode()
    if how == "truncate":
        raw = raw[:draw(st.integers(0, len(raw) - 1))]
    elif how == "bytes":
        at = draw(st.integers(0, len(raw) - 1))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at + 1:]
    return raw, how, path


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


@FAST
@given(damaged_exports())
def test_a_damaged_import_file_is_refused_naming_the_field_and_left_untouched(folder, case):
    raw, how, path = case
    file = folder / "club.json"
    file.write_bytes(raw)
    try:
        t = read_tournament_json(file, REGISTRY)
    except StoreError as exc:
        message = str(exc)
        assert message.startswith(str(file)), message
        assert "cannot be read (" not in message, message      # a reason, not a stray error
        assert len(message) < 1000 and "\n" not in message
        if how in ("value", "remove", "add", "deep", "digits") and path[0] == "tournament" \
                and len(path) > 1 and "damaged" not in message:
            fields = {path[1]} | RELATED.get(path[1], set())
            named = [f"tournament.{f}" for f in fields]
            if len(path) == 2 and how in ("remove", "add"):    # a field missing or unknown
                named += [f"tournament: missing field {path[1]!r}", "tournament: unknown field"]
            assert any(words in message for words in named), (path, message)
    else:
        _drawable(t)
        with TournamentStore(folder / "kept.sqlite3", registry=REGISTRY) as store:
            tid = store.add(t)
            assert store.load(tid).to_dict() == t.to_dict()     # accepted means it reads back
    assert file.read_bytes() == raw


def test_a_folder_or_a_missing_file_is_refused(folder):
    with pytest.raises(StoreError, match="is not a file"):
        read_tournament_json(folder, REGISTRY)
    with pytest.raises(StoreError, match="does not exist"):
        read_tournament_json(folder / "missing.json", REGISTRY)


def test_an_exported_file_reads_back(folder):
    for t in TOURNAMENTS:
        write_tournament_json(t, folder / "good.json")
        assert read_tournament_json(folder / "good.json", REGISTRY).to_dict() == t.to_dict()


# --- the rows of the database ----------------------------------------------------------------

COLUMNS = {
    "tournament": ("name", "format", "cycles", "rounds", "tiebreaks", "seed", "created",
                   "updated"),
    "entrant": ("idx", "name", "kind", "level"),
    "game_choice": ("idx", "game", "variant", "time_control", "options"),
    "pairing": ("round", "board", "first", "second", "seed", "result", "how", "recorded"),
}
#: Where a damaged column of a table shows in the message.
NAMED = {"entrant": {"entrants", "pairings", "rounds"}, "game_choice": {"games"},
         "pairing": {"pairings"}}

db_values = st.one_of(
    st.none(), st.integers(-2**63, 2**63 - 1), st.floats(), st.text(max_size=20),
    st.binary(max_size=12), st.sampled_from(BAD_NAMES + MEANINGFUL),
    st.binary(min_size=1, max_size=6).map(lambda b: ("not utf-8", b"\xff" + b)))


@pytest.fixture(scope="module")
def kept_db(folder):
    """A database of the tournaments above (ids 1 and 2), and their data."""
    path = folder / "base.sqlite3"
    with TournamentStore(path, registry=REGISTRY) as store:
        for t in TOURNAMENTS:
            store.add(t)
    return path, [t.to_dict() for t in TOURNAMENTS]


@FAST
@given(tid=st.sampled_from([1, 2]), table=st.sampled_from(sorted(COLUMNS)),
       row=st.integers(0, 50), column_no=st.integers(0, 7), value=db_values)
def test_a_damaged_row_spoils_only_its_own_tournament(folder, kept_db, tid, table, row,
                                                      column_no, value):
    base, originals = kept_db
    db = folder / "damaged.sqlite3"
    for leftover in folder.glob("damaged.sqlite3*"):
        leftover.unlink()
    db.write_bytes(base.read_bytes())
    column = COLUMNS[table][column_no % len(COLUMNS[table])]
    key = "id" if table == "tournament" else "tournament_id"
    raw = sqlite3.connect(db)
    try:
        rowids = [r[0] for r in raw.execute(f"SELECT rowid FROM {table} WHERE {key} = ? "
                                            "ORDER BY rowid", (tid,))]
        rowid = rowids[row % len(rowids)]
        if isinstance(value, tuple):        # text that is not UTF-8
            raw.execute(f"UPDATE {table} SET {column} = CAST(? AS TEXT) WHERE rowid = ?",
                        (value[1], rowid))
        else:
            raw.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, rowid))
        raw.commit()
    except (sqlite3.IntegrityError,         # a NOT NULL column, or two rows with one key
            UnicodeEncodeError):            # a lone surrogate cannot even be written
        reject()
    finally:
        raw.close()
    other = 3 - tid
    with TournamentStore(db, registry=REGISTRY) as store:
        infos = {i.id: i for i in store.list()}
        assert not infos[other].damaged
        assert store.load(other).to_dict() == originals[other - 1]
        info = infos[tid]
        assert name_problem(info.name, MAX_TOURNAMENT_NAME) is None
        if not info.damaged:
            t = store.load(tid)
            _drawable(t)
            return
        problem = info.problem
        assert problem.startswith(f"tournament {tid}") and "cannot be read (" not in problem
        fields = NAMED.get(table) or {column} | RELATED.get(column, set())
        assert any(f"tournament {tid}.{f}" in problem for f in fields), (table, column, problem)
        with pytest.raises(StoreError) as refused:
            store.open(tid)
        assert str(refused.value) == f"{db} is damaged: {problem}" or len(problem) >= 400
        rows = store.rows(tid)              # what can be read of it can still be exported
        assert json.dumps(rows, ensure_ascii=True) and rows["tournament"][0]["id"] == tid
        assert re.fullmatch(r"[ -~]*", json.dumps(rows, ensure_ascii=True))
