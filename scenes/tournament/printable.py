"""What the club pins to the wall and hands out, for any round: the standings and the
crosstable after it, its pairings, a "find your board" list and a result slip a board.

Each is laid out as pages (``layout``): A4 at 150 dots an inch, black on white, every
name whole.  ``*_pages`` give them as pygame surfaces; ``round_printouts`` gives every
page of a round's printouts as the layout's ``Page`` values, which ``printing`` writes
as PNGs and as one PDF, away from the frame loop.

A round's figures are those of the tournament as it stood when the round was paired
and played: the standings after round 2 leave out round 3 even when it has results.
"""

from __future__ import annotations

import copy
import unicodedata
from dataclasses import replace

import pygame

from game import GAMES
from game.i18n import _, digits, isolated, ngettext, number, pgettext
from game.tournament.model import Result
from game.tournament.standings import (FORFEIT_LOSS, FORFEIT_WIN, crosstable_rounds,
                                       number_text, points, standings)

from .common import game_title, points_text, score_text, tiebreak_title, time_control_title
from .layout import (PRINT, SCREEN_FONTS, Box, Column, Fonts, Line, Page, Style, Table, Text,
                     mirrored, number_pages, surface_of, table_pages, wrap)

#: Rounds a crosstable page shows at most; more go on further pages.
ROUNDS_A_PAGE = 12
#: Result slips on a page, one above another, cut apart along dashed lines.
SLIPS_A_PAGE = 4
#: The "find your board" list is read from further away: larger type.
LIST_STYLE = Style(page=PRINT.page, size=26, head_size=22, row_pad=12)


# --- the tournament as it stood -------------------------------------------------------------

def after_round(tournament, round_no: int):
    """A copy of ``tournament`` as it stood after ``round_no``: the rounds after it and
    their results left out (the original is untouched)."""
    t = copy.copy(tournament)
    t.rounds = [list(boards) for boards in tournament.rounds[:max(0, round_no)]]
    t.results = {key: r for key, r in tournament.results.items() if key[0] <= round_no}
    return t


def state_text(tournament) -> str:
    """How far ``tournament`` has gone: "after round 2 of 5", or during a round, how many
    of its games are finished."""
    t = tournament
    if t.is_complete:
        return _("final")
    if not t.rounds:
        return _("before round 1 of {rounds}").format(rounds=number(t.total_rounds))
    n = t.rounds_paired
    if t.round_complete(n):
        return _("after round {n} of {rounds}").format(n=number(n), rounds=number(t.total_rounds))
    games = [p for p in t.rounds[n - 1] if not p.is_bye]
    done = sum(1 for p in games if t.result(p.round, p.board) is not None)
    return ngettext("during round {n} of {rounds}, {done} of {games} game finished",
                    "during round {n} of {rounds}, {done} of {games} games finished",
                    len(games)).format(n=number(n), rounds=number(t.total_rounds),
                                       done=number(done), games=number(len(games)))


def round_words(tournament, round_no: int) -> str:
    """ "round 3 of 5"."""
    return _("round {n} of {rounds}").format(n=number(round_no),
                                             rounds=number(tournament.total_rounds))


def game_words(tournament, round_no: int) -> str:
    """The game of ``round_no`` and its clock: "Calla, 10+5 clock"."""
    choice = tournament.game_for_round(round_no).to_dict()
    # TRANSLATORS: a round's game and its clock, "Calla, 10+5 clock"
    return _("{game}, {clock}").format(game=game_title(choice['game'], choice['variant']),
                                       clock=time_control_title(choice['time_control']))


def result_text(result) -> str:
    """A board's result as printed ("1 - 0", "0 - 1 by forfeit"), "" while none."""
    if result is None:
        return ""
    if result.is_double_forfeit:
        return _("{score} double forfeit").format(score=score_text(result.score))
    text = score_text(result.score)
    return _("{score} by forfeit").format(score=text) if result.how == "forfeit" else text


def bye_text(tournament) -> str:
    """What the pairing-allocated bye gives, in words."""
    if tournament.format == "round-robin":
        return _("rests this round")
    return _("bye: {points}").format(points=_points_words(tournament.bye_points))


def absence_text(tournament, entrant: int, round_no: int) -> str | None:
    """Why ``entrant`` has no board in ``round_no``, in words; None when on a board."""
    why = tournament.absence(entrant, round_no)
    if why is None:
        return None
    if why == "late":
        return _("enters in round {n}").format(n=number(tournament.late_entries[entrant][0]))
    if why == "requested bye":
        return _("requested bye: {points}").format(
            points=_points_words(tournament.absent_points(entrant, round_no)))
    if why == "withdrawn":
        return _("withdrawn")
    return why


def _points_words(value: float) -> str:
    if not value:
        return _("no points")
    if value == 0.5:
        return _("\u00bd point")
    return ngettext("{points} point", "{points} points", 1 if value == 1 else 2).format(
        points=points_text(value))


# --- the tables ---------------------------------------------------------------------------

def standings_table(tournament) -> Table:
    """The standings: rank, whole name, points, games played, wins, draws and losses,
    forfeits where there were any, and every tie-break in full."""
    t = tournament
    table = standings(t)
    forfeits = any(s.forfeit_wins or s.forfeit_losses for s in table)
    columns = [Column(_("Rank"), 56), Column(_("Name"), None), Column(_("Points"), 70),
               Column(_("Played"), 70), Column(_("W / D / L"), 104)]
    if forfeits:
        columns.append(Column(_("Forfeits"), 80))
    columns += [Column(tiebreak_title(n), 106) for n in t.tiebreaks]
    rows = []
    for s in table:
        row = [digits(s.rank), s.name, points_text(s.points), digits(s.played),
               digits(f"{s.wins} / {s.draws} / {s.losses}")]
        if forfeits:
            row.append(digits(" ".join(x for x in (
                f"{FORFEIT_WIN}{s.forfeit_wins}" if s.forfeit_wins else "",
                f"{FORFEIT_LOSS}{s.forfeit_losses}" if s.forfeit_losses else "") if x)))
        rows.append(row + [digits(number_text(v)) for v in s.tiebreaks])
    note = ""
    if forfeits:
        note = _("W / D / L count forfeits too; Forfeits: {won} won, {lost} lost by forfeit (a "
                 "double forfeit is lost by both). Played counts the games played over the "
                 "board.").format(won=FORFEIT_WIN, lost=FORFEIT_LOSS)
    if t.is_complete:
        subtitle = _("Final standings")
    else:
        # TRANSLATORS: {state} is "after round 2 of 5", "during round 3 of 5, ..."
        subtitle = _("Standings {state}").format(state=state_text(t))
    return Table(t.name, subtitle, columns, rows, note)


def crosstable_note() -> str:
    """What a crosstable's cell says, under the table."""
    return _("Each round: the opponent's line number, f for the first seat or s for the "
             "second, and the points scored (? not finished yet); {won} won and {lost} lost "
             "by forfeit, as in {example_won} or {example_lost}.").format(
        won=FORFEIT_WIN, lost=FORFEIT_LOSS, example_won=f"5{FORFEIT_WIN}",
        example_lost=f"12{FORFEIT_LOSS}")


def crosstable_tables(tournament) -> list[Table]:
    """The crosstable round by round, as FIDE's crosstables are printed: per line (in
    standings order) whom each round was against and how it went, forfeits marked
    ``5+`` and ``12−``; a dozen rounds a table at most."""
    t = tournament
    rows = crosstable_rounds(t, standings(t))
    rounds = list(range(1, t.rounds_paired + 1))
    chunks = [rounds[i:i + ROUNDS_A_PAGE] for i in range(0, len(rounds), ROUNDS_A_PAGE)]
    tables = []
    for chunk in chunks or [[]]:
        columns = [Column(_("No."), 50), Column(_("Name"), None)]
        # TRANSLATORS: the head of a crosstable's column of round 3: "R3"
        columns += [Column(_("R{n}").format(n=number(r)), 60) for r in chunk]
        columns += [Column(_("Points"), 70)]
        cells = []
        for row in rows:
            line = [digits(row["line"]), row["name"]]
            for r in chunk:
                cell = row["rounds"][r - 1]
                line.append("" if cell is None else cell["text"])
            cells.append(line + [points_text(row["points"])])
        if len(chunks) <= 1:
            subtitle = _("Crosstable ({state})").format(state=state_text(t))
        else:
            subtitle = _("Crosstable ({state}), rounds {first}-{last}").format(
                state=state_text(t), first=number(chunk[0]), last=number(chunk[-1]))
        tables.append(Table(t.name, subtitle, columns, cells, crosstable_note()))
    return tables


def pairings_table(tournament, round_no: int) -> Table:
    """The boards of ``round_no``: who plays whom with the points each brings to the
    round, the first seat moving first, and the results kept so far; under them, who has
    no board and why."""
    t = tournament
    before = points(after_round(t, round_no - 1))
    rows = []
    for p in t.rounds[round_no - 1]:
        first = [digits(p.board), t.entrants[p.first].name, points_text(before[p.first])]
        if p.is_bye:
            rows.append(first + [bye_text(t), "", ""])
            continue
        rows.append(first + [t.entrants[p.second].name, points_text(before[p.second]),
                             result_text(t.result(p.round, p.board))])
    away = [_("{name} ({why})").format(name=isolated(e.name), why=absence_text(t, i, round_no))
            for i, e in enumerate(t.entrants) if absence_text(t, i, round_no)]
    note = _("No board this round: {who}.").format(who="; ".join(away)) if away else ""
    return Table(t.name, _("Pairings of {round}: {game}").format(round=round_words(t, round_no),
                                                                 game=game_words(t, round_no)),
                 [Column(pgettext("tournament", "Board"), 70), Column(_("First (moves first)"), None),
                  Column(_("Points"), 70), Column(_("Second"), None), Column(_("Points"), 70),
                  Column(_("Result"), 150)],
                 rows, note)


def alphabetical_key(name: str) -> tuple:
    """Where ``name`` goes in an A to Z list: accents and case left aside (É with E, Ł
    with L), then the name itself."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return (plain.translate(_LETTERS), name)


_LETTERS = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae",
                          "œ": "oe", "ı": "i"})


def find_your_board_table(tournament, round_no: int) -> Table:
    """Every entrant A to Z with their board and seat in ``round_no``; a bye, or a round
    without a board, said in words."""
    t = tournament
    seats = {}
    for p in t.rounds[round_no - 1]:
        if p.is_bye:
            seats[p.first] = ["-", bye_text(t)]
            continue
        seats[p.first] = [digits(p.board), _("first (moves first)")]
        seats[p.second] = [digits(p.board), pgettext("seat", "second")]
    rows = []
    for i in sorted(range(len(t.entrants)), key=lambda i: alphabetical_key(t.entrants[i].name)):
        where = seats.get(i) or ["-", absence_text(t, i, round_no) or _("no board")]
        rows.append([t.entrants[i].name] + where)
    return Table(t.name, _("Find your board in {round}: {game}").format(
                     round=round_words(t, round_no), game=game_words(t, round_no)),
                 [Column(_("Name"), None), Column(pgettext("tournament", "Board"), 80), Column(_("Seat"), 260)], rows)


# --- result slips ---------------------------------------------------------------------------

def slip_pages(tournament, round_no: int, style: Style = PRINT, fonts: Fonts = SCREEN_FONTS
               ) -> list[Page]:
    """A result slip for each board played in ``round_no`` (a bye needs none), four to a
    page with dashed lines to cut along: the round and board, the game, both names, a box
    to tick for each result the game can have and a line for each player to sign.  The
    slips fill their pages, which go unnumbered: they are cut apart."""
    t = tournament
    boards = [p for p in t.rounds[round_no - 1] if not p.is_bye]
    draws = t.result_problem(round_no, Result("1/2-1/2", "manual"), GAMES) is None
    results = [(score_text("1-0"), _("first won"))] + (
        [(score_text("1/2-1/2"), pgettext("result", "draw"))] if draws else []) \
        + [(score_text("0-1"), _("second won"))]
    edge = style.margin // 2            # the slips fill the page to this near its edges
    band = (style.page[1] - 2 * edge) // SLIPS_A_PAGE
    pages = []
    for start in range(0, len(boards), SLIPS_A_PAGE):
        page = Page(style.page)
        for k, p in enumerate(boards[start:start + SLIPS_A_PAGE]):
            top = edge + k * band
            if k:
                _cut_line(page, style, fonts, top)
            _slip(page, style, fonts, t, p, results, top, band)
        pages.append(mirrored(page))
    return pages


def _cut_line(page: Page, style: Style, fonts: Fonts, y: int) -> None:
    """A dashed line across the page at ``y``, scissors at its start."""
    edge = style.margin // 2
    scissors = 30
    page.ops.append(Text("\u2702", (edge, y - fonts.height(scissors) // 2), scissors, "grey"))
    page.ops.append(Line((edge + scissors + 8, y), (page.size[0] - edge, y), colour="grey",
                         width=2, dashed=True))


SLIP_SIZE = 24      # the names and the choices on a slip
SLIP_LABEL = 260    # the room the labels at the left of a slip take


def _slip(page: Page, style: Style, fonts: Fonts, t, p, results, top: int, band: int) -> None:
    """One board's slip, in the middle of the band from ``top`` ``band`` pixels high."""
    left, right = style.margin, page.size[0] - style.margin
    size = SLIP_SIZE
    titles = (_("First (moves first)"), _("Second"), _("Result (tick one)"))
    # the labels' column as wide as the widest label needs (a language's may be longer)
    label = min(max(SLIP_LABEL, round(max(fonts.measure(x, size) for x in titles)) + 24),
                (right - left) // 2)
    line = fonts.height(size)
    ops = []
    ops.append(Text(_("Round {n}, board {board}").format(n=number(p.round),
                                                         board=number(p.board)),
                    (left, 0), 34, "title", bold=True))
    y = fonts.height(34, True)
    for text in wrap(_("{tournament}: {game}").format(tournament=isolated(t.name),
                                                      game=game_words(t, p.round)),
                     style.size, right - left, fonts=fonts):
        ops.append(Text(text, (left, y), style.size, "grey"))
        y += fonts.height(style.size)
    y += 14
    for title, who in ((titles[0], p.first), (titles[1], p.second)):
        for k, text in enumerate(wrap(title, size, label - 16, fonts=fonts)):
            ops.append(Text(text, (left, y + k * line), size, "grey"))
        lines = wrap(t.entrants[who].name, size, right - left - label, bold=True, fonts=fonts)
        for i, text in enumerate(lines):
            ops.append(Text(text, (left + label, y + i * line), size, bold=True))
        y += len(lines) * line + 8
    y += 22
    for k, text in enumerate(wrap(titles[2], size, label - 16, fonts=fonts)):
        ops.append(Text(text, (left, y + k * line), size, "grey"))
    x = left + label
    box = line
    for score, words in results:
        # TRANSLATORS: a result to tick on a slip: "1 - 0  first won"
        text = _("{score}  {result}").format(score=score, result=words)
        width = box + 12 + round(fonts.measure(text, size))
        if x > left + label and x + width > right:      # no room left: on the next line
            x, y = left + label, y + line + 16
        ops.append(Box((x, y, box, box)))
        ops.append(Text(text, (x + box + 12, y), size))
        x += width + 40
    y += line + 48                      # room to sign above the lines
    middle = (left + right) // 2
    for title, x, end in ((_("Signed (first)"), left, middle - 30),
                          (_("Signed (second)"), middle + 30, right)):
        ops.append(Text(title, (x, y), size, "grey"))
        start = x + round(fonts.measure(title, size)) + 12
        ops.append(Line((start, y + line - 6), (end, y + line - 6), "ink"))
    y += line
    shift = top + max(0, (band - y) // 2)
    page.ops.extend(_moved(op, shift) for op in ops)


def _moved(op, dy: int):
    """``op`` moved ``dy`` pixels down the page."""
    if isinstance(op, Text):
        return replace(op, pos=(op.pos[0], op.pos[1] + dy))
    if isinstance(op, Line):
        return replace(op, start=(op.start[0], op.start[1] + dy),
                       end=(op.end[0], op.end[1] + dy))
    x, y, w, h = op.rect
    return replace(op, rect=(x, y + dy, w, h))


# --- a round's printouts ------------------------------------------------------------------

def round_printouts(tournament, round_no: int, fonts: Fonts = SCREEN_FONTS
                    ) -> list[tuple[str, list[Page]]]:
    """Every page printed for ``round_no``: (part, its pages) for the standings, the
    crosstable (both as they stood after that round), the pairings, the find-your-board
    list and the result slips, in that order."""
    t = tournament
    then = after_round(t, round_no)
    crosstable = [page for table in crosstable_tables(then)
                  for page in table_pages(table, fonts=fonts, numbered=False)]
    number_pages(crosstable, PRINT)
    return [("standings", table_pages(standings_table(then), fonts=fonts)),
            ("crosstable", crosstable),
            ("pairings", table_pages(pairings_table(t, round_no), fonts=fonts)),
            ("find your board", table_pages(find_your_board_table(t, round_no), LIST_STYLE,
                                            fonts)),
            ("result slips", slip_pages(t, round_no, fonts=fonts))]


# --- as pygame surfaces -----------------------------------------------------------------

def standings_pages(tournament) -> list[pygame.Surface]:
    return [surface_of(p) for p in table_pages(standings_table(tournament))]


def standings_page(tournament) -> pygame.Surface:
    """The first page of ``standings_pages``."""
    return standings_pages(tournament)[0]


def crosstable_pages(tournament) -> list[pygame.Surface]:
    return [surface_of(p) for table in crosstable_tables(tournament)
            for p in table_pages(table)]


def pairings_pages(tournament, round_no: int) -> list[pygame.Surface]:
    return [surface_of(p) for p in table_pages(pairings_table(tournament, round_no))]


def pairings_page(tournament, round_no: int) -> pygame.Surface:
    """The first page of ``pairings_pages``."""
    return pairings_pages(tournament, round_no)[0]
