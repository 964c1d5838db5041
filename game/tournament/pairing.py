"""Pairing the next round: a round robin's from its Berger table, a Swiss
round Dutch-style from the standings so far.

Above ``model`` (the formats, byes and seats are defined in its docstring, and
the Berger tables live there because a stored round robin is checked against
them) and ``standings`` (a Swiss round is paired on points and who has met
whom); pure Python.
"""

from __future__ import annotations

from . import standings as _standings
from .model import Pairing, Tournament, game_seed, round_robin_round

#: Search steps the Swiss pairer may spend on one round before it pairs the
#: round greedily (only very long events, rounds near the entrant count, need more).
SWISS_SEARCH_BUDGET = 100_000
#: Search steps it may then spend keeping score groups together and seats balanced;
#: when they run out, the best pairing found so far stands.
SWISS_REFINE_BUDGET = 5_000


def pair_next_round(tournament: Tournament) -> list[Pairing]:
    """Pair the next round of ``tournament`` and return its boards (a bye on the last board).

    A Swiss round is paired only once the round before is complete.
    """
    if len(tournament.rounds) >= tournament.total_rounds:
        raise ValueError("every round has been paired")
    if not tournament.can_pair_next():
        raise ValueError(f"round {len(tournament.rounds)} is not finished yet")
    round_no = len(tournament.rounds) + 1
    if tournament.format == "round-robin":
        pairs = round_robin_round(len(tournament.entrants), round_no, tournament.cycles)
    else:
        pairs = pair_swiss(tournament, round_no)
    boards = [Pairing(round_no, board, first, second, game_seed(tournament.seed, round_no, board))
              for board, (first, second) in enumerate(pairs, start=1)]
    tournament.rounds.append(boards)
    return boards


# --- Swiss ------------------------------------------------------------------

def pair_swiss(tournament: Tournament, round_no: int) -> list[tuple[int, int | None]]:
    """The pairs of the next Swiss round, best boards first, the bye last.

    Entrants are ranked by points, then roster order.  Within each score
    group the top half meets the bottom half (1st v. (n/2+1)th, ...); an odd
    entrant floats down to the highest of the next group.  Rematches are
    avoided whenever the whole round can be paired without one: the search
    backtracks over the round and only then allows one rematch more, and so
    on.  With an odd count the bye goes to the lowest-ranked entrant who has
    not had one and leaves a pairing with the fewest rematches.  Among the
    pairings as good, the fewest boards where both entrants have moved first
    more often than second (or both second more often), since one of them
    would then lean two seats: so each entrant's first and second seats stay
    within one of each other wherever the round allows it (the director's
    fairness rule, stricter than the Dutch system's colour preferences); then
    the fewest boards between entrants on different points.  Seats go to whoever had the first seat less often (then: the
    opposite of their last seat; in round 1 alternating by board).
    """
    records = _standings._records(tournament)
    count = len(tournament.entrants)
    points = [line.points for line in records]
    ranked = sorted(range(count), key=lambda e: (-points[e], e))
    met = _standings.met_pairs(tournament)     # a double forfeit is no meeting
    had_bye = {e for e, line in enumerate(records) if line.byes}
    balance = [line.seat_balance for line in records]
    pairs, bye = swiss_pairs(ranked, points, met, had_bye, balance=balance)
    position = {e: i for i, e in enumerate(ranked)}
    pairs.sort(key=lambda ab: (-max(points[ab[0]], points[ab[1]]),
                               min(position[ab[0]], position[ab[1]])))
    seated = []
    for board, (a, b) in enumerate(pairs):
        if position[b] < position[a]:
            a, b = b, a
        seated.append(_seat(records[a], records[b], a, b, board))
    if bye is not None:
        seated.append((bye, None))
    return seated


def swiss_pairs(ranked, points, met, had_bye, budget: int = SWISS_SEARCH_BUDGET,
                balance=None):
    """Pair ``ranked`` (best first): returns (list of pairs, bye entrant or None).

    ``met`` holds frozensets of entrants who have played; ``had_bye`` those
    who have had a bye; ``balance[e]`` (when given) the first seats less the
    second seats ``e`` has had.  Fewest rematches first, then the lowest
    possible bye, then the fewest colour clashes (two entrants leaning the
    same way), then the fewest boards across score groups.
    The search takes at most ``budget`` steps in all; should a very long event
    (rounds close to the number of entrants) exhaust it, the round is paired
    greedily in preference order, which may then rematch more than needed.
    """
    ranked = tuple(ranked)
    if len(ranked) % 2:
        byes = [e for e in reversed(ranked) if e not in had_bye]
        if not byes:
            raise ValueError("every entrant has already had a bye")
    else:
        byes = [None]
    search = _SwissSearch(ranked, points, met, budget, balance)
    for allowed in range(len(ranked) // 2 + 1):
        for bye in byes:
            found = search.pair(bye, allowed)
            if found is not None:
                return search.refine(bye, allowed, found), bye
            if search.exhausted:
                break
        if search.exhausted:
            break
    search.budget = None   # greedy: the first pairing in preference order, rematches allowed
    found = search.pair(byes[0], len(ranked) // 2)
    return found, byes[0]


class _SwissSearch:
    """Depth-first search for a round's pairs, in Dutch preference order.

    Sets of entrants are bitmasks.  A branch is dropped as soon as more
    entrants are left without a possible new opponent than the rematches
    still allowed can serve.
    """

    def __init__(self, ranked, points, met, budget, balance=None):
        self.ranked = ranked
        self.points = points
        self.bit = {e: 1 << i for i, e in enumerate(ranked)}
        everyone = (1 << len(ranked)) - 1
        self.fresh = {e: everyone & ~self.bit[e] & ~sum(self.bit[o] for o in ranked
                                                        if frozenset((e, o)) in met)
                      for e in ranked}
        lean = {e: 0 if balance is None else (balance[e] > 0) - (balance[e] < 0) for e in ranked}
        # whom each entrant would clash with on seats: both lean the same way
        self.clash = {e: sum(self.bit[o] for o in ranked if o != e and lean[e]
                             and lean[o] == lean[e]) for e in ranked}
        self.unlimited = len(ranked) // 2 + 1
        self.met = met
        self.budget = budget
        self.failed = set()
        self.exhausted = False

    def pair(self, bye, allowed: int, mixed: int | None = None, clashes: int | None = None):
        """A pairing with at most ``allowed`` rematches, ``mixed`` boards between entrants
        on different points and ``clashes`` colour clashes (None: any number)."""
        mask = (1 << len(self.ranked)) - 1
        if bye is not None:
            mask &= ~self.bit[bye]
        return self._pair(mask, allowed, self.unlimited if mixed is None else mixed,
                          self.unlimited if clashes is None else clashes)

    def refine(self, bye, allowed: int, found: list) -> list:
        """Among the pairings with ``allowed`` rematches and this bye (``found`` is one):
        the fewest colour clashes, then the fewest boards across score groups.  The
        search has its own budget; when it is spent the best pairing so far stands."""
        if self.budget is None:
            return found
        self.budget, self.exhausted = SWISS_REFINE_BUDGET, False
        best, level = found, None
        for clashes in range(self.unlimited):
            got = self.pair(bye, allowed, None, clashes)
            if self.exhausted:
                return best
            if got is not None:
                best, level = got, clashes
                break
        for mixed in range(self.unlimited):
            got = self.pair(bye, allowed, mixed, level)
            if self.exhausted:
                return best
            if got is not None:
                return got
        return best

    def _pair(self, mask: int, allowed: int, mixed: int, clashes: int):
        if not mask:
            return []
        key = (mask, allowed, mixed, clashes)
        if key in self.failed:
            return None
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                self.exhausted = True
                return None
            stuck = sum(1 for e in self.ranked if mask & self.bit[e] and not self.fresh[e] & mask)
            if stuck > 2 * allowed:
                self.failed.add(key)
                return None
        remaining = [e for e in self.ranked if mask & self.bit[e]]
        top = remaining[0]
        for other in self._candidates(remaining):
            rematch = not self.fresh[top] & self.bit[other]
            if rematch and not allowed:
                continue
            across = self.points[top] != self.points[other]
            clash = bool(self.clash[top] & self.bit[other])
            if (across and not mixed) or (clash and not clashes):
                continue
            found = self._pair(mask & ~self.bit[top] & ~self.bit[other], allowed - rematch,
                               mixed - across, clashes - clash)
            if found is not None:
                return [(top, other)] + found
            if self.budget is not None and self.budget < 0:
                return None
        self.failed.add(key)
        return None

    def _candidates(self, remaining: list) -> list:
        """Opponents for the top entrant, most preferred first."""
        score = self.points[remaining[0]]
        size = 1
        while size < len(remaining) and self.points[remaining[size]] == score:
            size += 1
        if size == 1:   # alone in the group: float down to the best of the next
            return remaining[1:]
        half = size // 2
        return remaining[half:size] + remaining[half - 1:0:-1] + remaining[size:]


def _seat(line_a, line_b, a: int, b: int, board: int) -> tuple[int, int]:
    """(first, second) for ``a`` (ranked higher) against ``b``."""
    da, db = line_a.seat_balance, line_b.seat_balance
    if da != db:
        return (a, b) if da < db else (b, a)
    la, lb = line_a.last_seat, line_b.last_seat
    if la is not None and lb is not None and la != lb:
        return (a, b) if la == 1 else (b, a)
    if la is not None:
        return (a, b) if la == 1 else (b, a)
    if lb is not None:
        return (b, a) if lb == 1 else (a, b)
    return (a, b) if board % 2 == 0 else (b, a)
