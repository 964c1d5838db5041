"""The round view's pairing of the next Swiss round, away from the frame loop.

The Dutch pairing of a round of 200 entrants takes seconds of processor: it runs in a
worker process (``game.tournament.pair_worker``) while the screen stays usable, and the
round is kept when the answer comes, if the tournament is still the one it was paired
from (else it is paired again).  A worker that fails or is killed leaves the
tournament as it was and a message saying so.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _, number
from game.tournament.pair_worker import Pairer, basis
from game.tournament.store import StoreError

#: Seconds between looks for the answer while a round is being paired.
POLL = 0.1


@dataclass(frozen=True)
class Outcome:
    """What came of a pairing: the director's message, whether all went well, and the
    round now paired (None when none is)."""

    notice: str
    ok: bool
    round_no: int | None = None


class PairingJob:
    def __init__(self):
        self.pairer: Pairer | None = None     # its worker is started on the first round

    @property
    def busy(self) -> bool:
        return self.pairer is not None and self.pairer.pairing

    @property
    def round_no(self) -> int | None:
        """The round being paired, or None."""
        return self.pairer.round_no if self.busy else None

    @property
    def pid(self) -> int | None:
        return self.pairer.pid if self.pairer is not None else None

    def start(self, tournament) -> None:
        if self.pairer is None:
            self.pairer = Pairer()
        self.pairer.start(tournament)

    def poll(self, current) -> Outcome | None:
        """Keep the round if its answer has come; what came of it, or None while it is
        being paired.  ``current()`` gives the tournament as it is now, bound to its store
        (read again only once an answer has come)."""
        if not self.busy:
            return None
        answer = self.pairer.poll()
        if answer is None:
            return None
        n = answer.round_no
        if answer.error:
            return Outcome(_("Round {n} was not paired: {problem}. Nothing was changed; press "
                             "Pair round {n} to try again.").format(n=number(n),
                                                                    problem=answer.error), False)
        stored = current()
        if answer.basis != basis(stored.tournament):
            self.start(stored.tournament)
            return Outcome(_("The tournament changed while round {n} was being paired: "
                             "pairing it again...").format(n=number(n)), True)
        try:
            stored.keep_round(answer.boards, answer.changes)
        except (StoreError, ValueError) as exc:
            return Outcome(_("Round {n} was paired but could not be kept: {problem}").format(
                n=number(n), problem=exc), False)
        return Outcome(_("Round {n} is paired.").format(n=number(n)), True, n)

    def close(self) -> None:
        """Stop a pairing under way (nothing of it is kept) and end the worker."""
        if self.pairer is not None:
            self.pairer.close()
            self.pairer = None
