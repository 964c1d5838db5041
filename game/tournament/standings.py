"""Records, points, standings, tie-breaks and crosstables of a tournament.

Above ``model`` (formats, results, the tie-breaks a director may choose); pure Python.

Points: a win 1, a draw ½, a loss 0; a Swiss's pairing-allocated bye what the event
says (a win unless the director chose otherwise), a round-robin rest nothing.  A round
in which an entrant has no board (a requested bye, a round a late entrant missed, the
rounds after a withdrawal) scores what ``Tournament.absent_points`` says.  A forfeit
scores as its result says; a double forfeit (0-0) is a loss for both.  Only finished
games count; a game without a result is left out.

Played and unplayed rounds
  A game is played when it was played out over the board, however it ended.  A
  forfeit, a double forfeit, a bye and a round without a board are unplayed rounds:
  they score, but nobody played, so ``Standing.played`` leaves them out, and the two
  entrants of a double forfeit have not met (nor, for the Swiss pairing and direct
  encounter, those of a forfeit): they may be paired again.
  ``wins``, ``draws`` and ``losses`` count every result against an opponent, forfeits
  included (``forfeit_wins`` and ``forfeit_losses`` say how many were forfeits; a
  double forfeit is a forfeit loss for both).

Tie-breaks, as FIDE's tie-break regulations (C.07, as applied from 1 March 2026) count
them, in our words:

* ``direct_encounter``: the points scored in the games among the tied group, applied
  only when every two of the group have met; otherwise it leaves the group tied and
  shows as None.  In a Swiss only games played are meetings; in a round robin a forfeit
  is one too (C.07 15: there a forfeit stands for the game it replaced).
* ``wins``: rounds won, played or not: wins, forfeit wins and byes scoring a win.
* ``buchholz``: the sum of one value per round, below.
* ``buchholz_cut1``: Buchholz less one of its values: that of a voluntarily unplayed
  round (a forfeit lost, a double forfeit, a round without a board; the lowest of them)
  when the entrant has one, else the lowest value (C.07 16.5).
* ``sonneborn_berger``: the sum of each round's value times the points scored in it.

A round's value in a Swiss (C.07 16): for a game played, the opponent's adjusted
score: their points, except that a round without a board after which they played no
more (only such rounds or forfeit losses followed, or it was the last round so far)
counts as a draw, whatever it scored (16.3).  An unplayed round of the entrant's own
counts as a game against a dummy who finished with the entrant's own points, but with
no more than the scheduled opponent's adjusted score for a forfeit won or lost (a
double forfeit too), and no more than a draw in every round (½ times the rounds) for a
bye or a round without a board (16.4).  In a round robin (C.07 15) a forfeit, double
or not, counts as the game against the scheduled opponent, whose value is their
points, and a rest is no round at all.  The rounds are those paired so far: the
standings after any round are those of a tournament that ended there.

Entrants level after every tie-break share a rank and are listed in roster order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Tournament

#: How a forfeit is marked in a crosstable, as FIDE's crosstables mark it: "5+" won by
#: forfeit against line 5, "12−" lost by forfeit (a double forfeit too) against line 12.
FORFEIT_WIN = "+"
FORFEIT_LOSS = "−"


@dataclass(frozen=True)
class Standing:
    """One line of the standings; ``tiebreaks`` follow the tournament's order.

    ``played`` counts games played over the board; ``wins``, ``draws`` and ``losses``
    every result against an opponent, the forfeits among them counted again in
    ``forfeit_wins`` and ``forfeit_losses``."""

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
    forfeit_wins: int = 0
    forfeit_losses: int = 0


# --- records, standings, tie-breaks --------------------------------------------

#: What a round was for an entrant (``_Game.kind``).
PLAYED, FORFEIT, DOUBLE_FORFEIT, BYE, NO_BOARD = (
    "played", "forfeit", "double forfeit", "bye", "no board")


@dataclass
class _Game:
    round: int
    opponent: int | None   # the scheduled opponent; None: a bye, or no board at all
    seat: int | None
    points: float | None   # None: not finished
    kind: str = PLAYED     # a game not finished yet is PLAYED, its points None

    @property
    def unplayed(self) -> bool:
        return self.kind != PLAYED

    @property
    def voluntary(self) -> bool:
        """A voluntarily unplayed round (C.07 16.1): a forfeit lost, a double forfeit,
        a round without a board."""
        return (self.kind in (DOUBLE_FORFEIT, NO_BOARD)
                or (self.kind == FORFEIT and self.points == 0))


@dataclass
class _Line:
    games: list = field(default_factory=list)
    points: float = 0.0
    played: int = 0            # games played over the board
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeit_wins: int = 0
    forfeit_losses: int = 0
    byes: int = 0
    seat_balance: int = 0      # first seats minus second seats
    last_seat: int | None = None


def _records(tournament: Tournament) -> list[_Line]:
    lines = [_Line() for _ in tournament.entrants]
    for boards in tournament.rounds:
        seated = set()
        for p in boards:
            seated.update(e for e in (p.first, p.second) if e is not None)
            if p.is_bye:
                line = lines[p.first]
                line.games.append(_Game(p.round, None, None, tournament.bye_points, BYE))
                line.byes += 1
                line.points += tournament.bye_points
                continue
            result = tournament.results.get((p.round, p.board))
            kind = PLAYED
            if result is not None and result.how == "forfeit":
                kind = DOUBLE_FORFEIT if result.is_double_forfeit else FORFEIT
            for me, other, seat in ((p.first, p.second, 0), (p.second, p.first, 1)):
                line = lines[me]
                line.seat_balance += 1 if seat == 0 else -1
                line.last_seat = seat
                score = None if result is None else result.points[seat]
                line.games.append(_Game(p.round, other, seat, score, kind))
                if score is None:
                    continue
                line.points += score
                if kind == PLAYED:
                    line.played += 1
                if score == 1:
                    line.wins += 1
                    line.forfeit_wins += kind != PLAYED
                elif score == 0:
                    line.losses += 1
                    line.forfeit_losses += kind != PLAYED
                else:
                    line.draws += 1
        if boards:
            for e, line in enumerate(lines):
                if e not in seated:     # left out of the round (withdrawn, absent)
                    # a requested bye, or a late entrant's missed round, may score
                    away = tournament.absent_points(e, boards[0].round)
                    line.points += away
                    line.games.append(_Game(boards[0].round, None, None, away, NO_BOARD))
    return lines


def points(tournament: Tournament) -> list[float]:
    """Points of every entrant from the finished games and byes."""
    return [line.points for line in _records(tournament)]


class _Rounds:
    """The per-round values every tie-break but direct encounter adds up (see the module
    docstring), worked out once for a whole table."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        self.lines = _records(tournament)
        self.points = [line.points for line in self.lines]
        self.swiss = tournament.format != "round-robin"
        self.rounds = tournament.rounds_paired
        self.adjusted = [self._adjusted(line) for line in self.lines]

    def _adjusted(self, line: _Line) -> float:
        """The score an opponent's tie-breaks read (C.07 16.3): the points, a round
        without a board (a requested bye, a withdrawal) after which only such rounds or
        forfeit losses follow counting as a draw, whatever it scored."""
        if not self.swiss:
            return line.points
        adjusted = line.points
        for i, g in enumerate(line.games):
            if g.kind == NO_BOARD and all(later.voluntary for later in line.games[i + 1:]):
                adjusted += 0.5 - g.points
        return adjusted

    def values(self, e: int) -> list[tuple[float, float, bool]]:
        """(value, points scored, voluntarily unplayed) of each finished round of ``e``."""
        own = self.points[e]
        out = []
        for g in self.lines[e].games:
            if g.points is None:
                continue
            if g.kind == PLAYED or (not self.swiss and g.opponent is not None):
                out.append((self.adjusted[g.opponent], g.points, False))
            elif not self.swiss:
                continue            # a round-robin rest is no round for a tie-break
            elif g.opponent is not None:    # a forfeit: the dummy, capped by the opponent
                out.append((min(own, self.adjusted[g.opponent]), g.points, g.voluntary))
            else:                   # a bye or no board: the dummy, capped by all draws
                out.append((min(own, 0.5 * self.rounds), g.points, g.voluntary))
        return out

    def tiebreak(self, name: str, e: int, group=None):
        line = self.lines[e]
        if name == "wins":
            return line.wins + (line.byes if self.tournament.bye_points == 1 else 0)
        if name == "direct_encounter":
            return self.direct_encounter(e, group)
        values = self.values(e)
        if name == "sonneborn_berger":
            return sum(value * scored for value, scored, _ in values)
        if name in ("buchholz", "buchholz_cut1"):
            total = sum(value for value, _, _ in values)
            if name == "buchholz_cut1" and values:
                voluntary = [value for value, _, unplayed in values if unplayed]
                total -= min(voluntary or [value for value, _, _ in values])
            return total
        raise ValueError(f"unknown tie-break {name!r}")

    def encounters(self, e: int) -> list:
        """The finished games of ``e`` that count as meetings for direct encounter."""
        kinds = (PLAYED,) if self.swiss else (PLAYED, FORFEIT, DOUBLE_FORFEIT)
        return [g for g in self.lines[e].games if g.points is not None and g.kind in kinds]

    def direct_encounter(self, e: int, group):
        if group is None or len(group) < 2:
            return None
        members = set(group)
        for x in members:
            if not members - {x} <= {g.opponent for g in self.encounters(x)}:
                return None
        return sum(g.points for g in self.encounters(e) if g.opponent in members)


def tiebreak_values(tournament: Tournament, name: str, group=None) -> dict:
    """{entrant: value} of one tie-break; ``group`` matters for direct encounter only."""
    rounds = _Rounds(tournament)
    entrants = range(len(rounds.lines)) if group is None else group
    return {e: rounds.tiebreak(name, e, group) for e in entrants}


def standings(tournament: Tournament) -> list[Standing]:
    """The standings as they stand: finished games and byes only."""
    rounds = _Rounds(tournament)
    lines, points = rounds.lines, rounds.points
    count = len(lines)
    values = {name: [None] * count for name in tournament.tiebreaks}
    groups = _split([list(range(count))], lambda e: points[e])
    for name in tournament.tiebreaks:
        if name != "direct_encounter":
            for e in range(count):
                values[name][e] = rounds.tiebreak(name, e)
        refined = []
        for group in groups:
            if name == "direct_encounter":
                for e in group:
                    values[name][e] = rounds.direct_encounter(e, group)
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
                byes=line.byes, forfeit_wins=line.forfeit_wins,
                forfeit_losses=line.forfeit_losses))
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
    line numbers cannot).  A cell is None (no board that round) or ``{"opponent":
    entrant or None (bye), "opponent_line", "seat": 0/1/None, "points": number
    or None (pending), "mark", "text"}``; ``mark`` is ``forfeit_mark``'s, and
    ``text`` the short form FIDE's crosstables use: ``3f1`` won against line 3
    in the first seat, ``5s½`` drew in the second seat, ``2f0`` lost, ``4s?``
    not finished; ``5+`` won and ``12−`` lost by forfeit (a double forfeit
    too), where no seat was taken; ``bye``.
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
            if g is None or g.kind == NO_BOARD:
                cells.append(None)
                continue
            other = None if g.opponent is None else line_of[g.opponent]
            cells.append({"opponent": g.opponent, "opponent_line": other, "seat": g.seat,
                          "points": g.points, "mark": forfeit_mark(g),
                          "text": _cell_text(g, other)})
        rows.append({"line": number, "rank": s.rank, "entrant": s.entrant, "name": s.name,
                     "points": s.points, "rounds": cells})
    return rows


def forfeit_mark(game: _Game) -> str:
    """How a crosstable marks a game: ``FORFEIT_WIN`` ("+") for a forfeit won,
    ``FORFEIT_LOSS`` ("−") for one lost or a double forfeit, "" for a game played
    (or a forfeit scored as a draw, which its points say)."""
    if game.kind not in (FORFEIT, DOUBLE_FORFEIT) or game.points is None:
        return ""
    return {1.0: FORFEIT_WIN, 0.0: FORFEIT_LOSS}.get(game.points, "")


def _cell_text(g: _Game, line) -> str:
    if g.opponent is None:
        return "bye"
    if g.kind != PLAYED:
        return f"{line}{forfeit_mark(g) or number_text(g.points)}"
    return f"{line}{'fs'[g.seat]}{'?' if g.points is None else number_text(g.points)}"


def crosstable_matrix(tournament: Tournament, table: list[Standing] | None = None) -> list[dict]:
    """Per standings line, the points scored against each other line (in standings order).

    ``scores[j]`` is a list of the points from each finished game against the
    j-th line (two in a double round robin), or None on the diagonal;
    ``marks[j]`` the same games' ``forfeit_mark`` ("+", "−" or "" for a game
    played): a crosstable shows a forfeit's mark instead of its points.
    """
    table = standings(tournament) if table is None else table
    lines = _records(tournament)
    rows = []
    for s in table:
        scores, marks = [], []
        for other in table:
            if other.entrant == s.entrant:
                scores.append(None)
                marks.append(None)
                continue
            games = [g for g in lines[s.entrant].games
                     if g.opponent == other.entrant and g.points is not None]
            scores.append([g.points for g in games])
            marks.append([forfeit_mark(g) for g in games])
        rows.append({"line": len(rows) + 1, "rank": s.rank, "entrant": s.entrant,
                     "name": s.name, "points": s.points, "scores": scores, "marks": marks})
    return rows
