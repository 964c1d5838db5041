"""FIDE's tournament report file (TRF): a Swiss written for other pairing programs
and arbiters, and a TRF read as a tournament.

What is written is the TRF of FIDE's Handbook (the ``001`` player lines, fixed
columns) with the extensions the FIDE-endorsed pairing engines read (JaVaFo's
TRF(x), bbpPairings' TRF(bx)): ``XXR`` the number of rounds, ``XXC white1``
the first board's colour in round 1, ``BBU`` the pairing-allocated bye's
points when they are not a win's.  "White" is the player who moves first.
Start numbers are the initial ranking (``Tournament.initial_order``).  A game
is ``1``/``=``/``0``, a forfeit ``+``/``-`` (a double forfeit ``-`` for both);
the pairing-allocated bye ``0000 - U``; a round not paired ``0000 - H`` (half
a point: a requested bye, or a late entrant's missed round) or ``0000 - Z``
(none; also every round after a withdrawal), written for the next round
too, for a program to pair it; a game not yet finished has a blank result.
Read back, ``Z`` from a player's last game to the round to pair is a
withdrawal (the file cannot tell it from zero-point byes); before the first
game, a late entry.

Reading is for files from anywhere: the size is bounded, every line and field
is checked, and any problem raises ``StoreError`` with one line naming the
line and the field.  A TRF carries no game, so the reader is told which to
use.  Above ``standings`` (the rank column) and ``model``.
"""

from __future__ import annotations

from pathlib import Path

from .checks import name_problem, shown
from .errors import StoreError
from .files import read_bounded, write_atomic
from .model import (MAX_ENTRANTS, MAX_NAME, MAX_RATING, MAX_TOURNAMENT_NAME, Entrant,
                    Pairing, Result, Tournament, game_seed)
from .standings import standings

#: Largest TRF read, and the longest line: a player line of 200 rounds is about 2,100 characters.
MAX_TRF_BYTES = 2 * 1024 * 1024
MAX_LINE = 4000
#: Most rounds a TRF read may list.
MAX_TRF_ROUNDS = 2 * MAX_ENTRANTS
NAME_WIDTH = 33
ROUNDS_AT = 91


def _points(value: float) -> str:
    return f"{value:4.1f}"


def tournament_trf(tournament: Tournament) -> str:
    """The TRF text of a Swiss (a round robin has no use for it: refused)."""
    if tournament.format != "swiss":
        raise ValueError("a TRF is written for a Swiss; a round robin follows its Berger tables")
    order = tournament.initial_order()
    number = {e: i + 1 for i, e in enumerate(order)}
    table = standings(tournament)
    rank = {s.entrant: s.rank for s in table}
    points = {s.entrant: s.points for s in table}
    count = len(tournament.entrants)
    cells = {e: [] for e in range(count)}
    for boards in tournament.rounds:
        round_no = boards[0].round
        seated = set()
        for p in boards:
            if p.is_bye:
                cells[p.first].append("0000 - U")
                seated.add(p.first)
                continue
            seated.update((p.first, p.second))
            result = tournament.results.get((p.round, p.board))
            for me, other, seat in ((p.first, p.second, 0), (p.second, p.first, 1)):
                if result is None:
                    mark = " "
                else:
                    mine = result.points[seat]
                    if result.how == "forfeit":
                        mark = "+" if mine == 1 else "-"
                    else:
                        mark = {1.0: "1", 0.5: "=", 0.0: "0"}[mine]
                cells[me].append(f"{number[other]:4d} {'wb'[seat]} {mark}")
        for e in range(count):
            if e not in seated:
                half = tournament.absent_points(e, round_no) == 0.5
                cells[e].append(f"0000 - {'H' if half else 'Z'}")
    upcoming = len(tournament.rounds) + 1
    if upcoming <= tournament.total_rounds:
        # who will not be paired in the next round, for a program pairing it
        for e in range(count):
            if tournament.absence(e, upcoming) is not None:
                half = tournament.absent_points(e, upcoming) == 0.5
                cells[e].append(f"0000 - {'H' if half else 'Z'}")
    lines = [f"012 {tournament.name}",
             f"062 {count}",
             "092 Individual: Swiss-System (FIDE Dutch)",
             f"XXR {tournament.total_rounds}",
             "XXC white1"]
    if tournament.bye_points != 1.0:
        lines.append(f"BBU {tournament.bye_points:4.1f}")
    for e in order:
        entrant = tournament.entrants[e]
        name = entrant.name[:NAME_WIDTH]
        rating = "" if entrant.rating is None else str(entrant.rating)
        head = (f"001 {number[e]:4d}      {name:<{NAME_WIDTH}} {rating:>4} {'':3} {'':11} "
                f"{'':10} {_points(points[e])} {rank[e]:4d}")
        lines.append(head + "".join(f"  {cell}" for cell in cells[e]))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def write_trf(tournament: Tournament, path, replace: bool = True) -> None:
    write_atomic(path, tournament_trf(tournament), replace)


# --- reading ----------------------------------------------------------------------

class _Problem(Exception):
    pass


def read_trf(path, games, seed: int = 0) -> Tournament:
    """The Swiss of a TRF file, playing ``games`` (GameChoice values: a TRF names none).

    StoreError, one line naming the file, the line and the field, for anything
    that is not a TRF this reader can take."""
    path = Path(path)
    raw = read_bounded(path, MAX_TRF_BYTES, "a tournament report file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = raw.decode("latin-1")
        except UnicodeDecodeError:   # pragma: no cover - latin-1 decodes any bytes
            raise StoreError(f"{path} is not a text file") from None
    return tournament_from_trf(text, games, seed, source=str(path))


def tournament_from_trf(text: str, games, seed: int = 0, source: str = "TRF") -> Tournament:
    """``read_trf`` of text already read."""
    if len(text) > MAX_TRF_BYTES:
        raise StoreError(f"{source} is too large to be a tournament report file")
    try:
        return _parse(text, games, seed)
    except _Problem as exc:
        raise StoreError(f"{source}: {exc}") from None
    except ValueError as exc:
        raise StoreError(f"{source}: {exc}") from None


def _parse(text: str, games, seed: int) -> Tournament:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    name = None
    rounds_declared = None
    bye_points = 1.0
    players = {}       # start number -> (line number, name, rating, points, cells)
    for no, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE:
            raise _Problem(f"line {no}: {len(line)} characters are too many for a TRF line")
        if not line.strip():
            continue
        code = line[:3]
        if code == "012":
            name = line[4:].strip()
        elif code in ("XXR", "142"):
            rounds_declared = _whole(line[3:].strip(), no, f"{code} (rounds)", 1, MAX_TRF_ROUNDS)
        elif code == "BBU":
            value = line[3:].strip()
            if value not in ("1.0", "0.5", "0.0", "1", "0"):
                raise _Problem(f"line {no}: BBU (bye points): must be 1.0, 0.5 or 0.0, not "
                               f"{shown(value)}")
            bye_points = float(value)
        elif code == "001":
            if len(players) >= MAX_ENTRANTS:
                raise _Problem(f"line {no}: more than {MAX_ENTRANTS} players")
            player = _player_line(line, no)
            if player[0] in players:
                raise _Problem(f"line {no}: start number {player[0]} is listed twice")
            players[player[0]] = (no,) + player[1:]
        elif not code.isalnum() or len(code) < 3:
            raise _Problem(f"line {no}: {shown(line[:3])} is not a TRF line code")
    if len(players) < 2:
        raise _Problem("a tournament needs at least two 001 player lines")
    count = len(players)
    if sorted(players) != list(range(1, count + 1)):
        missing = min(set(range(1, count + 1)) - set(players))
        raise _Problem(f"start numbers must run 1 to {count}; {missing} is missing")
    paired = max((r for p in players.values() for r, cell in enumerate(p[4], start=1)
                  if cell is not None and (cell[0] or cell[2] == "U")), default=0)
    listed = max(len(p[4]) for p in players.values())
    if listed > paired + 1:
        raise _Problem(f"round {paired + 2} is listed, but round {paired + 1} has no games")
    total = rounds_declared if rounds_declared is not None else max(listed, 1)
    if paired > total:
        raise _Problem(f"XXR (rounds): the players' lines list {paired} rounds, more than "
                       f"the {total} declared")
    if name is None or not name or name_problem(name[:MAX_TOURNAMENT_NAME].strip(),
                                                MAX_TOURNAMENT_NAME):
        name = "Imported tournament"
    entrants = []
    for sn in range(1, count + 1):
        no, pname, rating = players[sn][:3]
        entrants.append(_entrant(pname, rating, no))
    try:
        tournament = Tournament(name[:MAX_TOURNAMENT_NAME].strip(), entrants, "swiss", games,
                                rounds=total, seed=seed, bye_points=bye_points)
    except ValueError as exc:
        raise _Problem(f"the tournament cannot be kept: {exc}") from None
    _rounds(tournament, players, paired, listed)
    return tournament


def _whole(text, no, what, low, high) -> int:
    if not text.isdigit() or len(text) > 6:
        raise _Problem(f"line {no}: {what}: must be a whole number, not {shown(text)}")
    value = int(text)
    if not low <= value <= high:
        raise _Problem(f"line {no}: {what}: {value} is out of range {low}-{high}")
    return value


def _player_line(line: str, no: int):
    if len(line) < 84:
        raise _Problem(f"line {no}: a 001 player line is at least 84 characters, not "
                       f"{len(line)}")
    sn = _whole(line[4:8].strip(), no, "start number (columns 5-8)", 1, 9999)
    pname = line[14:47].strip()
    rating_text = line[48:52].strip()
    rating = None
    if rating_text:
        rating = _whole(rating_text, no, "rating (columns 49-52)", 0, MAX_RATING)
        if rating == 0:
            rating = None
    points_text = line[80:84].strip()
    try:
        points = float(points_text)
    except ValueError:
        raise _Problem(f"line {no}: points (columns 81-84): must be a number like 2.5, not "
                       f"{shown(points_text)}") from None
    if not 0 <= points <= MAX_TRF_ROUNDS or points * 2 != int(points * 2):
        raise _Problem(f"line {no}: points (columns 81-84): {shown(points_text)} is not a "
                       "score")
    cells = []
    rest = line[ROUNDS_AT - 2:]
    if len(rest) > 10 * MAX_TRF_ROUNDS:
        raise _Problem(f"line {no}: more than {MAX_TRF_ROUNDS} rounds")
    for r in range(0, len(rest), 10):
        cell = rest[r:r + 10]
        at = f"line {no}: round {r // 10 + 1} (columns {ROUNDS_AT + r}-{ROUNDS_AT + r + 7})"
        if cell[:2].strip():
            raise _Problem(f"{at}: expected two spaces before the opponent")
        body = cell[2:].ljust(8)
        if len(cell) > 10 and cell[10:].strip():
            raise _Problem(f"{at}: too long")
        if not body.strip():
            cells.append(None)
            continue
        opp_text, colour, result = body[0:4].strip(), body[5], body[7]
        if body[4] != " " or body[6] != " " or (len(body) > 8 and body[8:].strip()):
            raise _Problem(f"{at}: expected 'NNNN c r' (opponent, colour, result)")
        opponent = _whole(opp_text, no, f"round {r // 10 + 1} opponent", 0, 9999) \
            if opp_text else 0
        if colour not in "wb- ":
            raise _Problem(f"{at}: colour must be w, b or -, not {shown(colour)}")
        result = result.upper()
        if result not in "10=WDL+-HFUZ ":
            raise _Problem(f"{at}: result {shown(result)} is not a TRF result")
        if opponent == sn:
            raise _Problem(f"{at}: a player cannot meet themselves")
        if opponent == 0 and result not in "HFUZ-+ ":
            raise _Problem(f"{at}: a round without an opponent takes H, F, U, Z or -, "
                           f"not {shown(result)}")
        if opponent and colour not in "wb":
            raise _Problem(f"{at}: a game needs the colour w or b")
        if opponent and result in "HFUZ":
            raise _Problem(f"{at}: {result} is a bye's result, not a game's")
        if result == "F":
            raise _Problem(f"{at}: full-point byes are not supported (a requested bye scores "
                           "1/2 or 0)")
        cells.append((opponent, colour, result))
    while cells and cells[-1] is None:
        cells.pop()
    return sn, pname, rating, points, cells


def _entrant(pname: str, rating, no: int) -> Entrant:
    pname = pname[:MAX_NAME].strip()
    problem = name_problem(pname, MAX_NAME) if pname else "is empty"
    if problem:
        raise _Problem(f"line {no}: name (columns 15-47): {shown(pname)} {problem}")
    try:
        return Entrant(pname, rating=rating)
    except ValueError as exc:
        raise _Problem(f"line {no}: {exc}") from None


SCORE_OF = {"1": 1.0, "W": 1.0, "+": 1.0, "=": 0.5, "D": 0.5, "0": 0.0, "L": 0.0, "-": 0.0}


def _rounds(t: Tournament, players: dict, paired: int, listed: int) -> None:
    count = len(players)
    # start number n is entrant n - 1: the roster is the file's order
    first_paired = {}
    last_paired = {}
    byes_seen = {}
    for sn, (no, _, _, _, cells) in players.items():
        for r, cell in enumerate(cells, start=1):
            if cell is not None and (cell[0] or cell[2] == "U"):
                first_paired.setdefault(sn, r)
                last_paired[sn] = r
    # a late entry: the absences of one kind (H or Z) before a player's first round
    late_run = {}
    for sn, (no, _, _, _, cells) in players.items():
        run = 0
        while (run < len(cells) and cells[run] is not None and not cells[run][0]
               and cells[run][2] in "HZ-" and cells[run][2] == cells[0][2]):
            run += 1
        if run:
            late_run[sn] = (run + 1, "half" if cells[0][2] == "H" else "zero")
            if run + 1 <= t.total_rounds:
                t.late_entries[sn - 1] = late_run[sn]
            else:
                t.withdrawals[sn - 1] = 1
    for round_no in range(1, listed + 1):
        boards = []
        seen = set()
        for sn in range(1, count + 1):
            no, _, _, _, cells = players[sn]
            cell = cells[round_no - 1] if round_no <= len(cells) else None
            at = f"line {no}: round {round_no}"
            if cell is None and round_no > paired:
                continue            # to be paired in the next round
            if cell is None or (not cell[0] and cell[2] != "U"):
                result = " " if cell is None else cell[2]
                e = sn - 1
                late = late_run.get(sn)
                if late is not None and round_no < late[0]:
                    continue
                tail = cells[round_no - 1:]
                if (round_no > last_paired.get(sn, 0) and result in "Z -"
                        and all(c is not None and c[2] in "Z-" for c in tail)
                        and (listed == paired or len(cells) == listed)):
                    # no point from here to the round to pair: a withdrawal
                    t.withdrawals.setdefault(e, round_no)
                    continue
                if e in t.withdrawals:
                    raise _Problem(f"{at}: the player withdrew in round {t.withdrawals[e]} "
                                   "and cannot be paired later")
                points = 0.5 if result == "H" else 0.0
                if byes_seen.setdefault("points", points) != points:
                    raise _Problem(f"{at}: requested byes must all score the same (H or Z)")
                t.requested_byes[e] = t.requested_byes.get(e, frozenset()) | {round_no}
                continue
            if sn in seen:
                continue
            opponent, colour, result = cell
            if cell[2] == "U":
                boards.append((sn - 1, None, None))
                seen.add(sn)
                continue
            if opponent > count:
                raise _Problem(f"{at}: opponent {opponent} has no player line")
            other = players[opponent][4]
            back = other[round_no - 1] if round_no <= len(other) else None
            if back is None or back[0] != sn or back[1] == colour:
                raise _Problem(f"{at}: {opponent}'s line does not list this game the other "
                               "way round")
            score = _game_result(result, back[2], at)
            first, second = (sn - 1, opponent - 1) if colour == "w" else (opponent - 1, sn - 1)
            if colour == "b" and score is not None:
                score = Result({"1-0": "0-1", "0-1": "1-0"}.get(score.score, score.score),
                               score.how)
            boards.append((first, second, score))
            seen.update((sn, opponent))
        if "points" in byes_seen:
            t.requested_bye_points = byes_seen["points"]
        if round_no > paired:       # the next round: who will not be paired in it
            break
        boards.sort(key=lambda b: (b[1] is None, min(x for x in b[:2] if x is not None)))
        t.rounds.append([Pairing(round_no, i, a, b, game_seed(t.seed, round_no, i))
                         for i, (a, b, _) in enumerate(boards, start=1)])
        for i, (_, b, score) in enumerate(boards, start=1):
            if b is not None and score is not None:
                t.results[(round_no, i)] = score
    data = t.to_dict()
    try:
        check = Tournament.from_dict(data)   # the same checks as any tournament read
    except ValueError as exc:
        raise _Problem(f"the rounds do not make a Swiss: {exc}") from None
    from .standings import points as points_of
    for sn, (no, _, _, pts, _) in players.items():
        if abs(points_of(check)[sn - 1] - pts) > 1e-9:
            raise _Problem(f"line {no}: points (columns 81-84): {pts:g} does not match the "
                           f"results ({points_of(check)[sn - 1]:g})")


def _game_result(mine: str, theirs: str, at: str) -> Result | None:
    """The result (from the first listed player's side) of a game both lines list."""
    if mine == " " and theirs == " ":
        return None
    forfeit = mine in "+-" or theirs in "+-"
    if forfeit:
        pair = mine + theirs
        if pair == "+-":
            return Result("1-0", "forfeit")
        if pair == "-+":
            return Result("0-1", "forfeit")
        if pair == "--":
            return Result("0-0", "forfeit")
        raise _Problem(f"{at}: the forfeit is {shown(mine)} on one line and {shown(theirs)} "
                       "on the other")
    if mine not in SCORE_OF or theirs not in SCORE_OF or SCORE_OF[mine] + SCORE_OF[theirs] != 1:
        raise _Problem(f"{at}: the result is {shown(mine)} on one line and {shown(theirs)} "
                       "on the other")
    return Result({1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[SCORE_OF[mine]])
