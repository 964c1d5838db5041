"""Pages for the club's wall: the pairings of a round and the standings, drawn off screen
in black on white (an A4 page at 150 dots an inch) and saved as PNG."""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from game.tournament.files import write_free
from game.tournament.model import TIEBREAK_TITLES
from game.tournament.standings import number_text, standings

from .. import assets, ui
from .common import game_title, points_text, score_text, time_control_title

PAGE = (1240, 1754)          # A4 at 150 dpi
MARGIN = 90
INK = (0, 0, 0)
GREY = (90, 90, 90)
RULE = (170, 170, 170)
LINE = 40


def _page(title: str, subtitle: str) -> tuple[pygame.Surface, int]:
    page = pygame.Surface(PAGE)
    page.fill((255, 255, 255))
    width = PAGE[0] - 2 * MARGIN
    size = assets.fitting_size(title, 44, width, bold=True, smallest=28)
    assets.text(page, title, (MARGIN, MARGIN), size=size, bold=True, colour=INK, width=width)
    assets.text(page, subtitle, (MARGIN, MARGIN + 62), size=24, colour=GREY, width=width)
    return page, MARGIN + 130


def _table(page, y, headers, widths, rows) -> int:
    """Rows of cells in columns (``ui.columns``: None for the names); the y below them."""
    cols = ui.columns(MARGIN, PAGE[0] - 2 * MARGIN, widths, gap=18)
    for text, (x, w) in zip(headers, cols):
        assets.text(page, text, (x, y), size=20, bold=True, colour=GREY, width=w)
    y += 34
    pygame.draw.line(page, RULE, (MARGIN, y), (PAGE[0] - MARGIN, y), 2)
    y += 10
    for row in rows:
        if y + LINE > PAGE[1] - MARGIN:
            break
        for text, (x, w) in zip(row, cols):
            assets.text(page, text, (x, y), size=22, colour=INK, width=w)
        y += LINE
    return y


def pairings_page(tournament, round_no: int) -> pygame.Surface:
    """The boards of ``round_no``: who plays whom, the first seat moving first, and the
    results kept so far."""
    t = tournament
    choice = t.game_for_round(round_no).to_dict()
    page, y = _page(t.name, f"Round {round_no} of {t.total_rounds}: "
                            f"{game_title(choice['game'], choice['variant'])}, "
                            f"{time_control_title(choice['time_control'])}")
    rows = []
    for p in t.rounds[round_no - 1]:
        first = t.entrants[p.first].name
        if p.is_bye:
            rows.append([str(p.board), first, "bye", ""])
            continue
        result = t.result(p.round, p.board)
        rows.append([str(p.board), first, t.entrants[p.second].name,
                     score_text(result.score) if result else ""])
    _table(page, y, ["Board", "First (moves first)", "Second", "Result"],
           [80, None, None, 150], rows)
    return page


def standings_page(tournament) -> pygame.Surface:
    t = tournament
    done = sum(1 for r in range(1, t.rounds_paired + 1) if t.round_complete(r))
    page, y = _page(t.name, "Final standings" if t.is_complete
                    else f"Standings after {done} of {t.total_rounds} rounds")
    tb = [TIEBREAK_TITLES[n] for n in t.tiebreaks]
    rows = [[str(s.rank), s.name, points_text(s.points), str(s.played),
             f"{s.wins} / {s.draws} / {s.losses}"]
            + [number_text(v) for v in s.tiebreaks]
            for s in standings(t)]
    _table(page, y, ["Rank", "Name", "Points", "Played", "W / D / L"] + tb,
           [70, None, 90, 90, 130] + [150] * len(tb), rows)
    return page


def save_pages(tournament, folder, stem: str) -> list[Path]:
    """The standings and the pairings of the latest round paired, as PNGs in ``folder``
    (made if missing); the paths written.  A page never replaces a file: it takes the
    first free name beside it ("...-standings (2).png")."""
    folder = Path(folder).expanduser()
    folder.mkdir(parents=True, exist_ok=True)
    pages = [(f"{stem}-standings.png", standings_page(tournament))]
    if tournament.rounds_paired:
        n = tournament.rounds_paired
        pages.append((f"{stem}-round-{n}-pairings.png", pairings_page(tournament, n)))
    return [write_free(folder / name, png_bytes(page)) for name, page in pages]


def png_bytes(page: pygame.Surface) -> bytes:
    """``page`` as a PNG file's bytes."""
    out = io.BytesIO()
    pygame.image.save(page, out, "page.png")
    return out.getvalue()
