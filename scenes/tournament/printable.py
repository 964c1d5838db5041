"""Pages for the club's wall: the standings, the crosstable and the pairings of a round,
drawn off screen in black on white (A4 at 150 dots an inch) and saved as PNG.

Every name is printed whole: a cell too narrow for its text wraps it onto more lines
(between words, after a hyphen, or between any two characters where a word alone is too
wide, as a Chinese name is), and a table longer than a page goes on over more pages,
its title and column heads on each.  A table whose columns leave the names too little
room is printed on a page turned sideways; a crosstable of many rounds is printed a
dozen rounds at a time.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.tournament.files import write_free
from game.tournament.model import TIEBREAK_TITLES
from game.tournament.standings import (FORFEIT_LOSS, FORFEIT_WIN, crosstable_rounds,
                                       number_text, standings)

from .. import assets, ui
from .common import game_title, points_text, score_text, time_control_title

PORTRAIT = (1240, 1754)      # A4 at 150 dpi
LANDSCAPE = (1754, 1240)
PAGE = PORTRAIT
MARGIN = 90
INK = (0, 0, 0)
GREY = (90, 90, 90)
RULE = (170, 170, 170)
GAP = 16                     # between two columns
SIZE = 20                    # a cell's text
HEAD_SIZE = 18               # the column heads
NOTE_SIZE = 18               # the note under a table, the page number
ROW_PAD = 10                 # above and below a row's lines
#: The least room a name column may have: a name of 40 letters then takes two lines
#: (three for 40 Chinese characters).
NAME_ROOM = 300
#: Rounds a crosstable page shows at most; more go on further pages.
ROUNDS_A_PAGE = 12


@dataclass(frozen=True)
class Column:
    """A column of a printed table: its head and width (None: a name column, sharing the
    room the others leave)."""

    head: str
    width: int | None


def _pieces(word: str, size: int, width: int, bold: bool) -> list[str]:
    """``word`` cut where it must be to fit ``width``: after its hyphens, else between
    characters."""
    if assets.measure(word, size, bold) <= width:
        return [word]
    out = []
    for part in re.split(r"(?<=-)", word):
        if not part:
            continue
        if assets.measure(part, size, bold) <= width:
            out.append(part)
            continue
        piece = ""
        for ch in part:
            if piece and assets.measure(piece + ch, size, bold) > width:
                out.append(piece)
                piece = ""
            piece += ch
        if piece:
            out.append(piece)
    return out


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` in lines that fit ``width`` pixels at ``size``: every character kept, in
    order (spaces where a line breaks between words are left out)."""
    lines: list[str] = []
    line = ""
    for word in str(text).split():
        for i, piece in enumerate(_pieces(word, size, width, bold)):
            joined = f"{line} {piece}" if line and i == 0 else line + piece
            if not line or assets.measure(joined, size, bold) <= width:
                line = joined
            else:
                lines.append(line)
                line = piece
    if line:
        lines.append(line)
    return lines or [""]


def _line(size: int, bold: bool = False) -> int:
    """The height of a line of text at ``size``, as drawn."""
    return assets.font(size, bold).get_height()


def _page_size(columns: list[Column]) -> tuple[int, int]:
    """Upright, unless the names would have less than ``NAME_ROOM`` each: then sideways."""
    fixed = sum(c.width for c in columns if c.width is not None) + GAP * (len(columns) - 1)
    names = sum(1 for c in columns if c.width is None)
    room = (PORTRAIT[0] - 2 * MARGIN - fixed) / max(1, names)
    return PORTRAIT if names == 0 or room >= NAME_ROOM else LANDSCAPE


def table_pages(title: str, subtitle: str, columns: list[Column], rows: list[list[str]],
                note: str = "") -> list[pygame.Surface]:
    """``rows`` under ``columns`` on as many pages as they take, each page with the title,
    the subtitle and the column heads; ``note`` under the last row; "Page 2 of 3" at the
    foot of each page when there are more than one."""
    size = _page_size(columns)
    width = size[0] - 2 * MARGIN
    cols = ui.columns(MARGIN, width, [c.width for c in columns], gap=GAP)
    title_size = assets.fitting_size(title, 44, width, bold=True, smallest=28)
    # a line's height as the fonts draw it, so that no two lines touch
    title_line, subtitle_line = _line(title_size, True), _line(24)
    head_line, line, note_line = _line(HEAD_SIZE, True), _line(SIZE), _line(NOTE_SIZE)
    titles = wrap(title, title_size, width, bold=True)
    subtitles = wrap(subtitle, 24, width) if subtitle else []
    heads = [wrap(c.head, HEAD_SIZE, w, bold=True) for c, (_, w) in zip(columns, cols)]
    head_height = max(len(h) for h in heads) * head_line + 8
    top = (MARGIN + len(titles) * title_line + len(subtitles) * subtitle_line + 20
           + head_height + 12)
    bottom = size[1] - MARGIN - note_line - 8       # room for the page number
    notes = wrap(note, NOTE_SIZE, width) if note else []
    cells = [[wrap(text, SIZE, w) for text, (_, w) in zip(row, cols)] for row in rows]
    heights = [max(len(lines) for lines in row) * line + 2 * ROW_PAD for row in cells]
    # which rows go on which page
    pages: list[list[int]] = [[]]
    y = top
    for i, h in enumerate(heights):
        if pages[-1] and y + h > bottom:
            pages.append([])
            y = top
        pages[-1].append(i)
        y += h
    if notes and y + len(notes) * note_line + 10 > bottom:
        pages.append([])
    out = []
    for number, on_page in enumerate(pages, start=1):
        page = pygame.Surface(size)
        page.fill((255, 255, 255))
        y = MARGIN
        for text in titles:
            assets.text(page, text, (MARGIN, y), size=title_size, bold=True, colour=INK)
            y += title_line
        for text in subtitles:
            assets.text(page, text, (MARGIN, y), size=24, colour=GREY)
            y += subtitle_line
        y += 20
        for lines, (x, _) in zip(heads, cols):
            for k, text in enumerate(lines):
                assets.text(page, text, (x, y + k * head_line), size=HEAD_SIZE, bold=True,
                            colour=GREY)
        y += head_height
        pygame.draw.line(page, RULE, (MARGIN, y), (size[0] - MARGIN, y), 2)
        y += 12
        for i in on_page:
            for lines, (x, _) in zip(cells[i], cols):
                for k, text in enumerate(lines):
                    assets.text(page, text, (x, y + ROW_PAD + k * line), size=SIZE, colour=INK)
            y += heights[i]
            pygame.draw.line(page, RULE, (MARGIN, y - 1), (size[0] - MARGIN, y - 1), 1)
        if number == len(pages):
            y += 10
            for text in notes:
                assets.text(page, text, (MARGIN, y), size=NOTE_SIZE, colour=GREY)
                y += note_line
        if len(pages) > 1:
            assets.text(page, f"Page {number} of {len(pages)}",
                        (size[0] - MARGIN, size[1] - MARGIN), size=NOTE_SIZE, colour=GREY,
                        anchor="bottomright")
        out.append(page)
    return out


# --- the pages ------------------------------------------------------------------------

def _rounds_done(tournament) -> int:
    return sum(1 for r in range(1, tournament.rounds_paired + 1)
               if tournament.round_complete(r))


def _state(tournament) -> str:
    t = tournament
    return ("final" if t.is_complete
            else f"after {_rounds_done(t)} of {t.total_rounds} rounds")


def pairings_pages(tournament, round_no: int) -> list[pygame.Surface]:
    """The boards of ``round_no``: who plays whom, the first seat moving first, and the
    results kept so far (a forfeit said so)."""
    t = tournament
    choice = t.game_for_round(round_no).to_dict()
    rows = []
    for p in t.rounds[round_no - 1]:
        first = t.entrants[p.first].name
        if p.is_bye:
            rows.append([str(p.board), first, "bye", ""])
            continue
        result = t.result(p.round, p.board)
        text = "" if result is None else score_text(result.score)
        if result is not None and result.how == "forfeit":
            text += " by forfeit"
        rows.append([str(p.board), first, t.entrants[p.second].name, text])
    return table_pages(t.name, f"Round {round_no} of {t.total_rounds}: "
                               f"{game_title(choice['game'], choice['variant'])}, "
                               f"{time_control_title(choice['time_control'])}",
                       [Column("Board", 70), Column("First (moves first)", None),
                        Column("Second", None), Column("Result", 150)], rows)


def pairings_page(tournament, round_no: int) -> pygame.Surface:
    """The first page of ``pairings_pages``."""
    return pairings_pages(tournament, round_no)[0]


def standings_pages(tournament) -> list[pygame.Surface]:
    """The standings: rank, whole name, points, games played, wins, draws and losses,
    forfeits where there were any, and every tie-break in full."""
    t = tournament
    table = standings(t)
    forfeits = any(s.forfeit_wins or s.forfeit_losses for s in table)
    columns = [Column("Rank", 56), Column("Name", None), Column("Points", 70),
               Column("Played", 70), Column("W / D / L", 104)]
    if forfeits:
        columns.append(Column("Forfeits", 80))
    columns += [Column(TIEBREAK_TITLES[n], 106) for n in t.tiebreaks]
    rows = []
    for s in table:
        row = [str(s.rank), s.name, points_text(s.points), str(s.played),
               f"{s.wins} / {s.draws} / {s.losses}"]
        if forfeits:
            row.append(" ".join(x for x in (
                f"{FORFEIT_WIN}{s.forfeit_wins}" if s.forfeit_wins else "",
                f"{FORFEIT_LOSS}{s.forfeit_losses}" if s.forfeit_losses else "") if x))
        rows.append(row + [number_text(v) for v in s.tiebreaks])
    note = ""
    if forfeits:
        note = (f"W / D / L count forfeits too; Forfeits: {FORFEIT_WIN} won, {FORFEIT_LOSS} "
                "lost by forfeit (a double forfeit is lost by both). Played counts the games "
                "played over the board.")
    state = "Final standings" if t.is_complete else f"Standings {_state(t)}"
    return table_pages(t.name, state, columns, rows, note)


def standings_page(tournament) -> pygame.Surface:
    """The first page of ``standings_pages``."""
    return standings_pages(tournament)[0]


CROSSTABLE_NOTE = ("Each round: the opponent's line number, f for the first seat or s for the "
                   f"second, and the points scored (? not finished yet); {FORFEIT_WIN} won "
                   f"and {FORFEIT_LOSS} lost by forfeit, as in 5{FORFEIT_WIN} or "
                   f"12{FORFEIT_LOSS}.")


def crosstable_pages(tournament) -> list[pygame.Surface]:
    """The crosstable round by round, as FIDE's crosstables are printed: per line (in
    standings order) whom each round was against and how it went, forfeits marked
    ``5+`` and ``12−``; a dozen rounds a page at most."""
    t = tournament
    table = standings(t)
    rows = crosstable_rounds(t, table)
    rounds = list(range(1, t.rounds_paired + 1))
    chunks = [rounds[i:i + ROUNDS_A_PAGE] for i in range(0, len(rounds), ROUNDS_A_PAGE)]
    pages = []
    for chunk in chunks or [[]]:
        columns = [Column("No.", 50), Column("Name", None)]
        columns += [Column(f"R{r}", 60) for r in chunk] + [Column("Points", 70)]
        cells = []
        for row in rows:
            line = [str(row["line"]), row["name"]]
            for r in chunk:
                cell = row["rounds"][r - 1]
                line.append("" if cell is None else cell["text"])
            cells.append(line + [points_text(row["points"])])
        which = "" if len(chunks) <= 1 else f", rounds {chunk[0]}-{chunk[-1]}"
        pages += table_pages(t.name, f"Crosstable ({_state(t)}){which}", columns, cells,
                             CROSSTABLE_NOTE)
    return pages


def save_pages(tournament, folder, stem: str) -> list[Path]:
    """The standings, the crosstable and the pairings of the latest round paired, as PNGs
    in ``folder`` (made if missing), a file a page; the paths written.  A page never
    replaces a file: it takes the first free name beside it ("...-standings (2).png")."""
    folder = Path(folder).expanduser()
    folder.mkdir(parents=True, exist_ok=True)
    sets = [(f"{stem}-standings", standings_pages(tournament))]
    if tournament.rounds_paired:
        n = tournament.rounds_paired
        sets.append((f"{stem}-crosstable", crosstable_pages(tournament)))
        sets.append((f"{stem}-round-{n}-pairings", pairings_pages(tournament, n)))
    written = []
    for name, pages in sets:
        for number, page in enumerate(pages, start=1):
            part = "" if len(pages) == 1 else f"-{number}"
            written.append(write_free(folder / f"{name}{part}.png", png_bytes(page)))
    return written


def png_bytes(page: pygame.Surface) -> bytes:
    """``page`` as a PNG file's bytes."""
    out = io.BytesIO()
    pygame.image.save(page, out, "page.png")
    return out.getvalue()
