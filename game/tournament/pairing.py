"""Pairing the next round: a round robin's from its Berger table, a Swiss
round by the FIDE Dutch system (``dutch``) from the rounds so far.

Above ``model`` (the formats, byes and seats are defined in its docstring, and
the Berger tables live there because a stored round robin is checked against
them) and ``dutch`` (the Dutch system over plain records); pure Python.
"""

from __future__ import annotations

from . import dutch as _dutch
from .model import Pairing, Tournament, game_seed, round_robin_round


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
    """The pairs of the next Swiss round by the FIDE Dutch system (``dutch``), best
    boards first, the pairing-allocated bye last.

    The initial ranking is ``Tournament.initial_order`` (ratings, then the roster).
    A forfeit is no game played: its players may meet again and it gives no colour.
    When no pairing keeps the absolute rules (a rematch, a second bye, a clash of
    absolute colour preferences would be needed) the round breaks the fewest, and
    ``Tournament.round_changes`` says so for the round.
    """
    result = _dutch.pair_round(swiss_records(tournament, round_no), round_no - 1,
                               tournament.total_rounds)
    pairs: list[tuple[int, int | None]] = list(result.boards)
    if result.bye is not None:
        pairs.append((result.bye, None))
    if result.relaxed:
        boards = [Pairing(round_no, b, x, y, 0) for b, (x, y) in enumerate(pairs, start=1)]
        warnings = tournament.round_warnings(round_no, boards)
        tournament.round_changes.setdefault(round_no, []).append(
            "no pairing kept every absolute rule" + "".join(f"; {w}" for w in warnings))
    return pairs


def swiss_records(tournament: Tournament, round_no: int) -> list:
    """Every entrant's history before ``round_no`` as the Dutch pairing reads it."""
    half = {1.0: 2, 0.5: 1, 0.0: 0}
    order = tournament.initial_order()
    rank = {e: i for i, e in enumerate(order)}
    count = len(tournament.entrants)
    history = [[None] * (round_no - 1) for _ in range(count)]
    for boards in tournament.rounds[:round_no - 1]:
        for p in boards:
            r = p.round - 1
            if p.is_bye:
                history[p.first][r] = _dutch.RoundEntry(None, False, None,
                                                        half[tournament.bye_points], True,
                                                        pab=True)
                continue
            result = tournament.results.get((p.round, p.board))
            score = result.points if result is not None else (0.0, 0.0)
            played = result is not None and result.how != "forfeit"
            history[p.first][r] = _dutch.RoundEntry(p.second, played, _dutch.WHITE,
                                                    half[score[0]], True)
            history[p.second][r] = _dutch.RoundEntry(p.first, played, _dutch.BLACK,
                                                     half[score[1]], True)
    expected = tournament.expected(round_no)
    records = []
    for e in range(count):
        rounds = tuple(entry if entry is not None else _dutch.RoundEntry(
            None, False, None, half[tournament.absent_points(e, r + 1)], False)
            for r, entry in enumerate(history[e]))
        records.append(_dutch.PlayerRecord(e, rank[e], rounds, e in expected))
    return records
