"""The messages a host accepts: their shapes, bounds and rate (no network here)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from game.net.protocol import (MAX_CLIENT_MESSAGE, Refusal, TokenBucket, check_client_message,
                               read_client_message, read_host_message)

TOKEN = "A" * 32


@pytest.mark.parametrize("message", [
    {"type": "hello", "version": 1},
    {"type": "hello", "version": 1, "password": "K7Q-F2M", "id": 3},
    {"type": "list"},
    {"type": "join", "name": "Ann"},
    {"type": "join", "name": "Zoë", "board": 2, "seat": 1},
    {"type": "rejoin", "board": 1, "token": TOKEN, "since": 7},
    {"type": "watch", "board": 4},
    {"type": "move", "board": 1, "move": "3", "ply": 0, "think_ms": 1200},
    {"type": "resign", "board": 1},
    {"type": "offer_draw", "board": 1},
    {"type": "accept_draw", "board": 1},
])
def test_every_well_formed_message_is_read_back_as_sent(message):
    assert read_client_message(json.dumps(message)) == message


@pytest.mark.parametrize("text, reason", [
    ("not json", "not JSON"),
    ("[1, 2]", "a message is a JSON object"),
    ('{"type": "launch"}', "unknown message type"),
    ('{"type": "list", "extra": 1}', "unknown field 'extra'"),
    ('{"type": "join"}', "missing field name"),
    ('{"type": "join", "name": ""}', "join.name must be 1-40"),
    ('{"type": "join", "name": "a\\u0000b"}', "control character"),
    ('{"type": "join", "name": "Ann", "board": 0}', "join.board must be from 1"),
    ('{"type": "join", "name": "Ann", "board": true}', "join.board must be a whole number"),
    ('{"type": "join", "name": "Ann", "seat": 9}', "join.seat must be from 0 to 3"),
    ('{"type": "rejoin", "board": 1, "token": "short", "since": 0}', "not a seat token"),
    ('{"type": "move", "board": 1, "move": "é", "ply": 0}', "printable ASCII"),
    ('{"type": "move", "board": 1, "move": "3", "ply": -1}', "move.ply must be from 0"),
    ('{"type": "move", "board": 1, "move": "3", "ply": 1e400}', "not JSON"),
    ('{"type": "list", "id": NaN}', "not JSON"),
    ("[" * 50 + "]" * 50, "nested more than"),
    ('{"type": "list", "id": 1' + "0" * 60 + "}", "a number of"),
])
def test_a_malformed_message_is_refused_naming_what_is_wrong(text, reason):
    with pytest.raises(Refusal) as refusal:
        read_client_message(text)
    assert reason in str(refusal.value)


def test_binary_and_oversized_messages_are_refused():
    with pytest.raises(Refusal, match="not binary"):
        read_client_message(b'{"type": "list"}')
    with pytest.raises(Refusal, match="longer than"):
        read_client_message('{"type": "list", "id": 1}' + " " * MAX_CLIENT_MESSAGE)


def test_a_refusal_reason_fits_a_websocket_close_frame():
    refusal = Refusal("x" * 500 + "é")
    assert len(refusal.reason.encode("utf-8")) <= 123


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20)
field_values = st.none() | st.booleans() | st.integers() | st.text() | st.floats() | \
    st.lists(st.integers(), max_size=2)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_value_is_a_message_or_a_refusal(value):
    try:
        message = check_client_message(value)
    except Refusal:
        return
    assert isinstance(message, dict) and message["type"] in (
        "hello", "list", "join", "rejoin", "watch", "unwatch", "move", "resign", "offer_draw",
        "accept_draw")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["hello", "join", "rejoin", "watch", "move", "resign"]),
       st.dictionaries(st.sampled_from(["version", "password", "name", "board", "seat",
                                        "token", "since", "move", "ply", "think_ms", "id"]),
                       field_values, max_size=6))
def test_any_fields_of_a_known_type_are_a_message_or_a_refusal(kind, fields):
    try:
        check_client_message({"type": kind, **fields})
    except Refusal:
        pass


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_any_bytes_or_text_is_a_message_or_a_refusal(data):
    try:
        read_client_message(data)
    except Refusal:
        pass
    if isinstance(data, bytes):
        try:
            read_client_message(data.decode("utf-8", "surrogateescape"))
        except Refusal:
            pass


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_a_client_reads_anything_a_host_sends_as_a_message_or_a_refusal(data):
    try:
        message = read_host_message(data)
    except Refusal:
        return
    assert isinstance(message, dict) and isinstance(message["type"], str)


def test_a_token_bucket_allows_a_burst_then_its_rate():
    now = [0.0]
    bucket = TokenBucket(rate=10, burst=5, now=lambda: now[0])
    assert all(bucket.take() for _ in range(5))
    assert not bucket.take()
    now[0] += 0.1                  # one message's worth
    assert bucket.take()
    assert not bucket.take()
    now[0] += 100                  # never more than the burst is saved up
    assert sum(bucket.take() for _ in range(10)) == 5
