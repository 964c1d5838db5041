"""Pairing the next round in another process, so the frame loop never waits.

A Swiss round of 200 entrants takes the Dutch pairing several seconds of processor;
in the frame loop (or in a thread, which holds the interpreter as long) the window
would stand still.  ``Pairer`` sends a copy of the tournament (its plain data) to a
worker process, which pairs it with ``pairing.pair_next_round`` and sends back the
boards and what the round's history says of them; the caller keeps them
(``StoredTournament.keep_round``) only if the tournament is still the one they were
paired from (``basis``).  A worker that crashes or is killed is an error answer,
never a round half paired.

The process handling is the computer players' (``game.ai.worker``): one pipe, the
spawn context, a worker that leaves as soon as the program that started it is gone.
Pure Python: no pygame.
"""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass

from ..ai.worker import Thinker, serve_jobs


@dataclass(frozen=True)
class Paired:
    """The answer for round ``round_no``: its ``boards`` (``Pairing`` values) and
    ``changes`` (what the round's history says of them) paired from a tournament whose
    ``basis`` is given, or ``error``, one line saying why there are none."""

    round_no: int
    basis: str
    boards: tuple = ()
    changes: tuple = ()
    error: str | None = None


def basis(tournament) -> str:
    """Everything a round is paired from: two tournaments with the same basis are paired
    the same way."""
    return json.dumps(tournament.to_dict(), sort_keys=True)


def pair_copy(data: dict):
    """Pair the next round of the tournament whose plain data is ``data``: (boards,
    changes).  What the worker runs; a plain function, for tests too."""
    from .model import Tournament
    from .pairing import pair_next_round
    copy = Tournament.from_dict(data)
    boards = pair_next_round(copy)
    return tuple(boards), tuple(copy.round_changes.get(boards[0].round, ()))


def _pair(conn, job):
    """A job answered: the round's boards and changes, or one line saying why there are
    none."""
    ident, data = job
    try:
        boards, changes = pair_copy(data)
        return (ident, boards, changes, None)
    except Exception as exc:  # report any failure to the program instead of dying
        last = traceback.format_exception_only(type(exc), exc)[-1].strip()
        return (ident, (), (), last)


def _serve(conn) -> None:
    serve_jobs(conn, _pair)


class Pairer(Thinker):
    """Pairs one round at a time in a worker process (started on the first ``start``,
    kept for the next round); ``poll`` gives the answer when it has come."""

    serve = staticmethod(_serve)

    def __init__(self):
        super().__init__()
        self.round_no: int | None = None
        self.basis = ""

    @property
    def pairing(self) -> bool:
        return self.thinking

    def start(self, tournament) -> None:
        """Pair the next round of ``tournament``; a pairing under way is dropped."""
        if self.thinking:
            self.cancel()
        self.round_no = tournament.rounds_paired + 1
        self.basis = basis(tournament)
        self._ensure()
        self._ident += 1
        self._waiting = self._ident
        try:
            self._conn.send((self._ident, tournament.to_dict()))
        except OSError:         # the worker ended at once: the next poll says so
            pass

    def poll(self) -> Paired | None:
        """The answer once it has come (then the pairer is idle again), else None."""
        if self._waiting is None:
            return None
        while True:
            try:
                if not self._conn.poll():
                    return None
                ident, boards, changes, error = self._conn.recv()
            except (EOFError, OSError):
                self._waiting = None
                self._drop()
                return Paired(self.round_no, self.basis,
                              error="the pairing's process stopped unexpectedly")
            if ident == self._waiting:
                self._waiting = None
                return Paired(self.round_no, self.basis, tuple(boards), tuple(changes), error)
