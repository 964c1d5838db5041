"""Records, points, standings, tie-breaks and crosstables of a tournament.

Above ``model`` (its docstring defines points and every tie-break); pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Tournament


@dataclass(frozen=True)
class Standing:
    """One line of the standings; ``tiebreaks`` follow the tournament's order."""

    rank: int
    entrant: int
    name: str
    points: float
    tiebreaks: tuple
    played: int
    wins: int
    draws: int
    losses: int
    byes: int


# --- records, standings, tie-breaks --------------------------------------------

@dataclass
class _Game:
    round: int
    opponent: int | None   # None: a bye
    seat: int | None
    points: float | None   # None: not finished


@dataclass
class _Line:
    games: list = field(default_factory=list)
    points: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    seat_balance: int = 0      # first seats minus second seats
    last_seat: int | None = None

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses


def _records(tournament: Tournament) -> list[_Line]:
    lines = [_Line() for _ in tournament.entrants]
    for boards in tournament.rounds:
        for p in boards:
            if p.is_bye:
                line = lines[p.first]
                line.games.append(_Game(p.round, None, None, tournament.bye_points))
                line.byes += 1
                line.points += tournament.bye_points
                continue
            result = tournament.results.get((p.round, p.board))
            for me, other, seat in ((p.first, p.second, 0), (p.second, p.first, 1)):
                line = lines[me]
                line.seat_balance += 1 if seat == 0 else -1
                line.last_seat = seat
                score = None if result is None else result.points[seat]
                line.games.append(_Game(p.round, other, seat, score))
                if score is not None:
                    line.points += score
                    if score == 1:
                        line.wins += 1
                    elif score == 0:
                        line.losses += 1
                    else:
                        line.draws += 1
    return lines


def points(tournament: Tournament) -> list[float]:
    """Points of every entrant from the finished games and byes."""
    return [line.points for line in _records(tournament)]


def tiebreak_values(tournament: Tournament, name: str, group=None) -> dict:
    """{entrant: value} of one tie-break; ``group`` matters for direct encounter only."""
    lines = _records(tournament)
    points = [line.points for line in lines]
    entrants = range(len(lines)) if group is None else group
    return {e: _tiebreak(tournament, lines, points, name, e, group) for e in entrants}


def _tiebreak(tournament, lines, points, name, e, group):
    line = lines[e]
    finished = [g for g in line.games if g.points is not None]
    if name == "wins":
        return line.wins + (line.byes if tournament.bye_points == 1 else 0)
    if name == "sonneborn_berger":
        return sum(points[g.opponent] * g.points for g in finished if g.opponent is not None)
    if name in ("buchholz", "buchholz_cut1"):
        opponents = [points[g.opponent] for g in finished if g.opponent is not None]
        byes = [points[e] for g in finished if g.opponent is None and tournament.bye_points]
        total = sum(opponents) + sum(byes)
        if name == "buchholz_cut1":
            if byes:
                total -= min(byes)
            elif opponents:
                total -= min(opponents)
        return total
    if name == "direct_encounter":
        return _direct_encounter(lines, e, group)
    raise ValueError(f"unknown tie-break {name!r}")


def _direct_encounter(lines, e, group):
    if group is None or len(group) < 2:
        return None
    members = set(group)
    for x in members:
        met = {g.opponent for g in lines[x].games if g.points is not None}
        if not members - {x} <= met:
            return None
    return sum(g.points for g in lines[e].games
               if g.points is not None and g.opponent in members)


def standings(tournament: Tournament) -> list[Standing]:
    """The standings as they stand: finished games and byes only."""
    lines = _records(tournament)
    points = [line.points for line in lines]
    count = len(lines)
    values = {name: [None] * count for name in tournament.tiebreaks}
    groups = _split([list(range(count))], lambda e: points[e])
    for name in tournament.tiebreaks:
        if name != "direct_encounter":
            for e in range(count):
                values[name][e] = _tiebreak(tournament, lines, points, name, e, None)
        refined = []
        for group in groups:
            if name == "direct_encounter":
                for e in group:
                    values[name][e] = _direct_encounter(lines, e, group)
            if len(group) == 1:
                refined.append(group)
                continue
            refined.extend(_split([group], lambda e: values[name][e]))
        groups = refined
    table = []
    rank = 1
    for group in groups:
        for e in sorted(group):
            line = lines[e]
            table.append(Standing(
                rank=rank, entrant=e, name=tournament.entrants[e].name, points=line.points,
                tiebreaks=tuple(values[name][e] for name in tournament.tiebreaks),
                played=line.played, wins=line.wins, draws=line.draws, losses=line.losses,
                byes=line.byes))
        rank += len(group)
    return table


#: How a figure's quarters are written: 2.25 is "2¼".
_QUARTERS = {0.25: "¼", 0.5: "½", 0.75: "¾"}


def number_text(value, none: str = "-") -> str:
    """A figure of the standings (points or a tie-break) as the screens, the printed pages
    and the command line write it: in full, whole numbers as they are and quarters as
    ¼ ½ ¾ ("2¼", "½"); a finer fraction in decimals ("2.125");
    ``none`` for a tie-break that does not apply."""
    if value is None:
        return none
    if value < 0:
        return "-" + number_text(-value, none)
    whole = int(value)
    part = value - whole
    if not part:
        return str(whole)
    mark = _QUARTERS.get(part)
    if mark is None:
        return repr(float(value))
    return mark if whole == 0 else f"{whole}{mark}"


def _split(groups, key) -> list[list[int]]:
    """Sort each group by ``key`` (highest first; None sorts as level) and cut at changes."""
    out = []
    for group in groups:
        keys = {e: key(e) for e in group}
        if any(k is None for k in keys.values()):
            out.append(sorted(group))
            continue
        ordered = sorted(group, key=lambda e: (-keys[e], e))
        current = [ordered[0]]
        for e in ordered[1:]:
            if keys[e] == keys[current[0]]:
                current.append(e)
            else:
                out.append(current)
                current = [e]
        out.append(current)
    return out


# --- crosstables -------------------------------------------------------------

def crosstable_rounds(tournament: Tournament, table: list[Standing] | None = None) -> list[dict]:
    """Per standings line, one cell per round paired.

    Lines are numbered 1, 2, ... in standings order (ranks can be shared,
    line numbers cannot).  A cell is None (not paired) or ``{"opponent":
    entrant or None (bye), "opponent_line", "seat": 0/1/None, "points": number
    or None (pending), "text"}``; ``text`` is the short form: ``+3f`` won
    against line 3 in the first seat, ``=5s`` drew in the second seat, ``-2f``
    lost, ``?4s`` not finished, ``bye``.
    """
    table = standings(tournament) if table is None else table
    line_of = {s.entrant: number for number, s in enumerate(table, start=1)}
    lines = _records(tournament)
    rows = []
    for number, s in enumerate(table, start=1):
        by_round = {g.round: g for g in lines[s.entrant].games}
        cells = []
        for round_no in range(1, tournament.rounds_paired + 1):
            g = by_round.get(round_no)
            if g is None:
                cells.append(None)
                continue
            other = None if g.opponent is None else line_of[g.opponent]
            cells.append({"opponent": g.opponent, "opponent_line": other, "seat": g.seat,
                          "points": g.points, "text": _cell_text(g, other)})
        rows.append({"line": number, "rank": s.rank, "entrant": s.entrant, "name": s.name,
                     "points": s.points, "rounds": cells})
    return rows


def _cell_text(g: _Game, line) -> str:
    if g.opponent is None:
        return "bye"
    sign = "?" if g.points is None else {1.0: "+", 0.5: "=", 0.0: "-"}[g.points]
    return f"{sign}{line}{'fs'[g.seat]}"


def crosstable_matrix(tournament: Tournament, table: list[Standing] | None = None) -> list[dict]:
    """Per standings line, the points scored against each other line (in standings order).

    ``scores[j]`` is a list of the points from each finished game against the
    j-th line (two in a double round robin), or None on the diagonal.
    """
    table = standings(tournament) if table is None else table
    lines = _records(tournament)
    rows = []
    for s in table:
        scores = []
        for other in table:
            if other.entrant == s.entrant:
                scores.append(None)
                continue
            scores.append([g.points for g in lines[s.entrant].games
                           if g.opponent == other.entrant and g.points is not None])
        rows.append({"line": len(rows) + 1, "rank": s.rank, "entrant": s.entrant,
                     "name": s.name, "points": s.points, "scores": scores})
    return rows
