"""What the network screens share: where this computer hosts, the words for a failure,
and the ticket that takes a seat back after the program was closed.

A seat's **ticket** (``url``, ``board``, ``seat``, ``token``, ``since``, the player's
``name``, the join code as ``password``, and for the player who hosts it ``host``: the
host's database, port, code and name) is kept in the game's unfinished-game file beside
the moves, under ``"network"``, so that the menu offers to rejoin after a restart.  It
is read back through ``read_ticket``, which refuses anything not a ticket with a line
naming the field.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from game.i18n import _, ngettext, number

#: The port a game hosted from the setup listens on (what the README says to forward).
DEFAULT_PORT = 8765
#: The longest name a player gives for the network (the host takes up to 40; the screens
#: keep it shorter so it reads whole beside the board).
NAME_LIMIT = 24
#: The join code's longest form (the host takes passwords of up to 64 characters).
CODE_LIMIT = 64
#: The longest address remembered.
ADDRESS_LIMIT = 200


def host_port() -> int:
    """The port to host on: ``CALLIDUS_HOST_PORT`` (0: any free port), else 8765."""
    text = os.environ.get("CALLIDUS_HOST_PORT", "").strip()
    if text.isdigit() and int(text) <= 65535:
        return int(text)
    return DEFAULT_PORT


def host_bind() -> str:
    """Who can reach a game hosted here: ``CALLIDUS_HOST_BIND`` (loopback, lan, all or an
    address), else the local network."""
    return os.environ.get("CALLIDUS_HOST_BIND", "").strip() or "lan"


def hosted_db_path(game: str) -> Path:
    """The database of the game of ``game`` hosted from this program (one per game, as its
    unfinished-game file is)."""
    from ..saves import data_dir
    return data_dir() / f"hosted-{game}.sqlite3"


def forget_hosted(game: str) -> None:
    """Remove the database of an earlier hosted game of ``game`` (its unfinished-game file,
    the only thing that pointed to it, has just been replaced)."""
    base = hosted_db_path(game)
    for path in (base, Path(f"{base}-wal"), Path(f"{base}-shm")):
        try:
            path.unlink()
        except FileNotFoundError:
            pass


def address_of(url: str) -> str:
    """``ws://192.168.1.20:8765`` as ``192.168.1.20:8765``."""
    return url.split("://", 1)[-1].rstrip("/")


def spoken_address(url: str) -> str:
    """The address as a person reads it out: ``192.168.1.20, port 8765``."""
    try:
        parts = urlsplit(url)
        # TRANSLATORS: an address as a person reads it out: "192.168.1.20, port 8765"
        return _("{host}, port {port}").format(host=parts.hostname, port=number(parts.port))
    except ValueError:
        return address_of(url)


def failure_words(reason: str, url: str | None = None) -> str:
    """One clear line for what went wrong reaching or talking to a host (``reason`` as the
    client says it)."""
    reason = " ".join(str(reason or "").split())[:300]
    # TRANSLATORS: said in place of a host's address where none is known
    where = address_of(url) if url else _("that address")
    low = reason.lower()
    if "wrong password" in low:
        return _("The host at {where} refused the code: check it and try again.").format(
            where=where)
    if "password needed" in low:
        return _("The host at {where} asks for a code: type the code its player reads "
                 "out.").format(where=where)
    if "too many failed" in low:
        return _("The host refuses after too many wrong codes: wait a minute, then try again.")
    if "speaks protocol" in low:
        return _("The host at {where} runs another version of Callidus ({reason}).").format(
            where=where, reason=reason)
    if "name or service not known" in low or "nodename nor servname" in low \
            or "getaddrinfo" in low or "no address associated" in low:
        if not url:
            return _("No computer has that name: check the address.")
        return _("No computer is called {name}: check the address.").format(
            name=urlsplit(url).hostname)
    if "timed out" in low or "did not answer in time" in low:
        return _("No answer from {where}: check the address, and that both computers are on "
                 "the same network.").format(where=where)
    if "connect call failed" in low or "connection refused" in low or "errno 111" in low \
            or "cannot reach" in low:
        return _("No host answers at {where}: check the address, and that the host is still "
                 "waiting.").format(where=where)
    if "callidus host" in low or "did not welcome" in low or "http" in low:
        return _("{where} is not a Callidus host: check the address.").format(where=where)
    if "token does not match" in low:
        return _("The host no longer knows this seat (the game may have been hosted again).")
    if not reason:
        return _("The connection was closed.")
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")


def name_words(name: str) -> str | None:
    """Why ``name`` cannot be a player's name over the network, or None."""
    from game.files import name_problem
    name = (name or "").strip()
    if not name:
        return _("Type your name first.")
    if name_problem(name, NAME_LIMIT) is None:
        return None
    if len(name) > NAME_LIMIT:
        return ngettext("Your name is too long: {n} character at most.",
                        "Your name is too long: {n} characters at most.",
                        NAME_LIMIT).format(n=number(NAME_LIMIT))
    return _("Your name holds a character that cannot be shown: type it again.")


def remember(app, name: str | None = None, address: str | None = None) -> None:
    """Keep the name and the address last used, so the next game over the network is one
    click (``Settings`` refuses what it cannot keep; that is not worth a word here)."""
    for key, value in (("net_name", name), ("net_address", address)):
        if value is not None and value != app.settings[key]:
            try:
                app.settings.set(key, value)
            except ValueError:
                pass


# --- the ticket ---------------------------------------------------------------------------
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}", re.ASCII)


class TicketProblem(ValueError):
    """A saved ticket that cannot be used; the message names the field."""


def read_ticket(data) -> dict:
    """The ticket kept under ``"network"`` in an unfinished-game file, checked; a
    ``TicketProblem`` names the first field that is wrong."""
    from game.files import name_problem
    from game.net.client import check_url
    if not isinstance(data, dict):
        raise TicketProblem("field 'network' must be an object")

    def number(name, low, high):
        value = data.get(name)
        if type(value) is not int or not low <= value <= high:
            raise TicketProblem(f"field 'network.{name}' must be a whole number from {low} "
                                f"to {high}")
        return value
    try:
        url = check_url(data.get("url"))
    except ValueError as exc:
        raise TicketProblem(f"field 'network.url': {exc}") from None
    token = data.get("token")
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise TicketProblem("field 'network.token' is not a seat's token")
    name = data.get("name")
    if name_problem(name) is not None:
        raise TicketProblem(f"field 'network.name' {name_problem(name)}")
    password = data.get("password")
    if password is not None and (not isinstance(password, str) or len(password) > CODE_LIMIT):
        raise TicketProblem("field 'network.password' must be text of at most 64 characters")
    ticket = {"url": url, "board": number("board", 1, 10**6), "seat": number("seat", 0, 3),
              "token": token, "since": number("since", 0, 10**9), "name": name,
              "password": password, "host": None}
    host = data.get("host")
    if host is not None:
        if not isinstance(host, dict):
            raise TicketProblem("field 'network.host' must be an object")
        port, code, event = host.get("port"), host.get("code"), host.get("event")
        if type(port) is not int or not 0 <= port <= 65535:
            raise TicketProblem("field 'network.host.port' must be a port number")
        if not isinstance(code, str) or not 1 <= len(code) <= CODE_LIMIT:
            raise TicketProblem("field 'network.host.code' must be the join code")
        if name_problem(event, 80) is not None:
            raise TicketProblem(f"field 'network.host.event' {name_problem(event, 80)}")
        ticket["host"] = {"port": port, "code": code, "event": event}
    return ticket
