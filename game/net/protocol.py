"""The messages between a host and its clients, and the checks every received one passes.

Every message is one WebSocket text frame holding one JSON object whose
``type`` names it (``docs/network.md`` lists them all).  What a client sends
is read by ``read_client_message``: the text is bounded in size, parsed with
bounded nesting and number length (``game.files.parse_json``), and the object
must have exactly the fields its type allows, each of the right kind and
length.  Anything else raises ``Refusal`` with a short reason the host sends
as the connection's close reason.  Nothing received is executed or unpickled:
a message is data, checked before anything reads it.

``TokenBucket`` caps how many messages one connection may send: a burst, then
a steady rate; a connection that runs dry is flooding and is closed.

Messages the host sends are made here too (``encode``), so their fields are
named in one place; a client reads them with ``read_host_message``, bounded the
same way but more leniently in size (a board's record may be long).
"""

from __future__ import annotations

import json
import math
import re
import time

from ..files import FileProblem, name_problem, parse_json

#: The protocol spoken; a client of another version is refused at ``hello``.
VERSION = 1
#: Largest message a client may send, in bytes (a move, a name, a token: all short).
MAX_CLIENT_MESSAGE = 4096
#: Largest message a host sends, in bytes (a finished game's record, a long position).
MAX_HOST_MESSAGE = 4 * 1024 * 1024
#: Deepest nesting of a client's message (none needs more than 2).
MAX_CLIENT_DEPTH = 4
#: Deepest nesting of a host's message (positions hold lists of lists).
MAX_HOST_DEPTH = 32
#: Longest move text, password and board number accepted.
MAX_MOVE = 200
MAX_PASSWORD = 64
MAX_BOARD = 10**6
#: The highest seat number (Callisto's four-colour game has four seats).
MAX_SEAT = 3
#: Longest thinking time a client may report for one move, in milliseconds (a day).
MAX_THINK_MS = 86_400_000
#: Tokens are ``secrets.token_urlsafe`` text: this alphabet, this many characters at most.
MAX_TOKEN = 64
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}", re.ASCII)
_MOVE = re.compile(r"[\x20-\x7e]{1,%d}" % MAX_MOVE, re.ASCII)
#: Request numbers a client may attach (``id``), echoed in the host's direct answer.
MAX_ID = 2**31 - 1

#: WebSocket close codes the host uses (RFC 6455, section 7.4.1).
CLOSE_POLICY = 1008        # malformed, forged, flooding or a wrong password
CLOSE_TOO_BIG = 1009       # websockets closes with this itself when ``max_size`` is passed
CLOSE_GOING_AWAY = 1001    # the host is shutting down
CLOSE_TRY_LATER = 1013     # the host has all the connections it takes


class Refusal(Exception):
    """A received message that is not accepted; ``str()`` is the reason (ASCII, short)."""

    def __init__(self, reason: str):
        # a close reason is at most 123 bytes of UTF-8; reasons here are plain ASCII
        reason = reason.encode("ascii", "replace").decode("ascii")
        super().__init__(reason[:120])

    @property
    def reason(self) -> str:
        return str(self)


# --- field kinds ------------------------------------------------------------------------

def _board(value, field):
    return _whole(value, field, 1, MAX_BOARD)


def _seat(value, field):
    return _whole(value, field, 0, MAX_SEAT)


def _count(value, field):
    return _whole(value, field, 0, 10**9)


def _request(value, field):
    return _whole(value, field, 0, MAX_ID)


def _think(value, field):
    return _whole(value, field, 0, MAX_THINK_MS)


def _whole(value, field, low, high):
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(f"{field} must be a whole number")
    if not low <= value <= high:
        raise Refusal(f"{field} must be from {low} to {high}")
    return value


def _name(value, field):
    problem = name_problem(value)
    if problem:
        raise Refusal(f"{field} {problem}" if problem.isascii() else f"{field} is not a name")
    return value


def _token(value, field):
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        raise Refusal(f"{field} is not a seat token")
    return value


def _move(value, field):
    if not isinstance(value, str) or not _MOVE.fullmatch(value):
        raise Refusal(f"{field} must be 1-{MAX_MOVE} printable ASCII characters")
    return value


def _password(value, field):
    if not isinstance(value, str) or len(value) > MAX_PASSWORD:
        raise Refusal(f"{field} must be text of at most {MAX_PASSWORD} characters")
    if any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in value):
        raise Refusal(f"{field} holds a control character")
    return value


def _version(value, field):
    return _whole(value, field, 0, 1000)


#: What each message type a client may send holds: ``{field: (kind, required)}``.
#: Every message may also carry ``id`` (a request number the answer repeats).
CLIENT_MESSAGES = {
    "hello": {"version": (_version, True), "password": (_password, False)},
    "list": {},
    "join": {"board": (_board, False), "seat": (_seat, False), "name": (_name, True)},
    "rejoin": {"board": (_board, True), "token": (_token, True), "since": (_count, True)},
    "watch": {"board": (_board, True), "since": (_count, False)},
    "unwatch": {"board": (_board, True)},
    "move": {"board": (_board, True), "move": (_move, True), "ply": (_count, True),
             "think_ms": (_think, False)},
    "resign": {"board": (_board, True)},
    "offer_draw": {"board": (_board, True)},
    "accept_draw": {"board": (_board, True)},
}


def read_client_message(data) -> dict:
    """The message a client sent, checked; ``Refusal`` naming what is wrong otherwise.

    ``data`` is what the WebSocket delivered: ``str`` for a text frame,
    ``bytes`` for a binary one (refused).  Never raises anything but ``Refusal``.
    """
    if not isinstance(data, str):
        raise Refusal("messages are JSON text, not binary")
    if len(data) > MAX_CLIENT_MESSAGE:        # characters; websockets bounds the bytes
        raise Refusal(f"message longer than {MAX_CLIENT_MESSAGE} characters")
    try:
        value = parse_json(data, "message", MAX_CLIENT_DEPTH)
    except FileProblem as exc:
        raise Refusal(str(exc).replace("message is damaged", "not JSON", 1)) from None
    return check_client_message(value)


def check_client_message(value) -> dict:
    """A parsed JSON value as a client message (see ``CLIENT_MESSAGES``), or ``Refusal``."""
    if not isinstance(value, dict):
        raise Refusal("a message is a JSON object")
    kind = value.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        raise Refusal("unknown message type")
    fields = CLIENT_MESSAGES[kind]
    message = {"type": kind}
    for key in value:
        if key != "type" and key != "id" and key not in fields:
            raise Refusal(f"{kind}: unknown field {_shown_key(key)}")
    if "id" in value:
        message["id"] = _request(value["id"], "id")
    for key, (check, required) in fields.items():
        if key in value:
            if value[key] is None and not required:
                continue
            message[key] = check(value[key], f"{kind}.{key}")
        elif required:
            raise Refusal(f"{kind}: missing field {key}")
    return message


def _shown_key(key: str) -> str:
    key = key[:20]
    return repr(key) if key.isascii() and key.isprintable() else "(not plain text)"


# --- what the host sends -------------------------------------------------------------------

def encode(message_type: str, /, **fields) -> str:
    """A host message as JSON text (compact; the order of fields as given)."""
    return json.dumps({"type": message_type, **fields}, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def read_host_message(data) -> dict:
    """What a host sent, parsed within bounds; ``Refusal`` if it is not a JSON object
    with a ``type``.  A client checks each field it uses where it uses it."""
    if not isinstance(data, str):
        raise Refusal("the host sent a binary message")
    if len(data) > MAX_HOST_MESSAGE:
        raise Refusal("the host sent a message too long")
    # Bounded by its length (websockets' max_size); json's own limits raise on deep
    # nesting (RecursionError) and on numbers of thousands of digits (ValueError), and
    # both are refused here: a client reads hundreds of messages a second, without the
    # token scan a client's message gets.
    try:
        value = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError, MemoryError):
        raise Refusal("the host sent something that is not JSON") from None
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise Refusal("the host sent something that is not a message")
    return value


def _no_constant(text: str):
    raise ValueError(f"{text} is not a number")


# --- the rate of messages -------------------------------------------------------------------

class TokenBucket:
    """``burst`` messages at once, then ``rate`` a second: ``take()`` is False when dry.

    Time comes from ``now`` (monotonic seconds), so tests need no sleeping.
    """

    def __init__(self, rate: float, burst: float, now=time.monotonic):
        if not (rate > 0 and burst >= 1 and math.isfinite(rate) and math.isfinite(burst)):
            raise ValueError("a token bucket needs a positive rate and a burst of at least 1")
        self.rate = float(rate)
        self.burst = float(burst)
        self._now = now
        self._tokens = float(burst)
        self._last = now()

    def available(self) -> float:
        """Messages that may be sent now."""
        now = self._now()
        if now > self._last:
            self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
            self._last = now
        return self._tokens

    def take(self, cost: float = 1.0) -> bool:
        if self.available() < cost:
            return False
        self._tokens -= cost
        return True
