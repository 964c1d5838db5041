"""Tables laid out as pages, once, for whatever draws them: a PNG, a PDF or a window.

A page is its size and a list of drawing operations (texts, lines, boxes) at fixed
places; ``draw_page`` draws one on a pygame surface, ``pdf.PdfBook`` in a PDF.  A table
wraps every cell whole (between words, after a hyphen, or between any two characters
where a word alone is too wide, as a Chinese name is), and goes on over as many pages
as it takes, its title and column heads on each.  Printed, a table whose columns leave
the names too little room turns sideways.

What lays a page out measures its texts through ``Fonts``: ``SCREEN_FONTS`` as pygame
draws them; the printouts measure each text as the wider of pygame's and the PDF's
drawing, so that one layout fits both.

In a language written right to left a page is laid out as in any other, then mirrored
(``mirrored``): its tables read from the right (the rank, the board at the right), each
text against the right edge of its place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from game.i18n import _, number, rtl

from .. import assets


@dataclass(frozen=True)
class Column:
    """A column of a table: its head and width at ``Style.size`` 20 (None: a name column,
    sharing the room the others leave)."""

    head: str
    width: int | None


@dataclass(frozen=True)
class Table:
    """What a table shows: ``rows`` of texts under ``columns``, ``note`` under the last."""

    title: str
    subtitle: str
    columns: list
    rows: list
    note: str = ""


@dataclass(frozen=True)
class Style:
    """Sizes in the page's pixels."""

    page: tuple[int, int]           # upright
    margin: int = 90
    gap: int = 16                   # between two columns
    size: int = 20                  # a cell's text
    head_size: int = 18             # the column heads
    note_size: int = 18             # the note under a table, the page number
    title_size: int = 44
    subtitle_size: int = 24
    row_pad: int = 10               # above and below a row's lines
    #: The least room a name column may have before the page is turned sideways (a
    #: name of 40 letters then takes two lines); None: a page never turns.
    name_room: int | None = 300

    @property
    def scale(self) -> float:
        """What a column's width (given for text of size 20) is multiplied by."""
        return self.size / 20

    @property
    def sideways(self) -> tuple[int, int]:
        return (self.page[1], self.page[0])


#: A4 at 150 dots an inch.
PRINT = Style(page=(1240, 1754))


# --- what is drawn ------------------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    words: str
    pos: tuple[int, int]
    size: int
    colour: str = "ink"             # a colour's name in the palette the page is drawn with
    bold: bool = False
    anchor: str = "topleft"         # "topleft", "topright", "bottomleft" or "bottomright"


@dataclass(frozen=True)
class Line:
    start: tuple[int, int]
    end: tuple[int, int]
    colour: str = "rule"
    width: int = 1
    dashed: bool = False


@dataclass(frozen=True)
class Box:
    rect: tuple[int, int, int, int]
    colour: str = "ink"
    width: int = 2


@dataclass
class Page:
    size: tuple[int, int]
    ops: list = field(default_factory=list)

    def texts(self) -> list[str]:
        return [op.words for op in self.ops if isinstance(op, Text)]


#: Black on white paper.
PAPER = {"paper": (255, 255, 255), "ink": (0, 0, 0), "grey": (90, 90, 90),
         "rule": (170, 170, 170), "title": (0, 0, 0)}


class Fonts:
    """Measures texts as pygame draws them (``scenes.assets``, fallback fonts and all)."""

    def measure(self, words: str, size: int, bold: bool = False) -> float:
        return assets.measure(words, size, bold)

    def height(self, size: int, bold: bool = False) -> int:
        """A line's height as drawn, so that no two lines touch."""
        return assets.font(size, bold).get_height()


SCREEN_FONTS = Fonts()


# --- wrapping -----------------------------------------------------------------------------

def _pieces(word: str, size: int, width: int, bold: bool, measure) -> list[str]:
    """``word`` cut where it must be to fit ``width``: after its hyphens, else between
    characters."""
    if measure(word, size, bold) <= width:
        return [word]
    out = []
    for part in re.split(r"(?<=-)", word):
        if not part:
            continue
        if measure(part, size, bold) <= width:
            out.append(part)
            continue
        piece = ""
        for ch in part:
            if piece and measure(piece + ch, size, bold) > width:
                out.append(piece)
                piece = ""
            piece += ch
        if piece:
            out.append(piece)
    return out


def wrap(text: str, size: int, width: int, bold: bool = False, fonts: Fonts = SCREEN_FONTS
         ) -> list[str]:
    """``text`` in lines that fit ``width`` pixels at ``size``: every character kept, in
    order (spaces where a line breaks between words are left out)."""
    measure = fonts.measure
    lines: list[str] = []
    line = ""
    for word in str(text).split():
        for i, piece in enumerate(_pieces(word, size, width, bold, measure)):
            joined = f"{line} {piece}" if line and i == 0 else line + piece
            if not line or measure(joined, size, bold) <= width:
                line = joined
            else:
                lines.append(line)
                line = piece
    if line:
        lines.append(line)
    return lines or [""]


def fitting_size(fonts: Fonts, text: str, size: int, width: int, smallest: int,
                 bold: bool = False) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``text`` fits."""
    while size > smallest and fonts.measure(text, size, bold) > width:
        size -= 1
    return size


# --- tables -------------------------------------------------------------------------------

def columns_at(x: int, width: int, widths: list, gap: int) -> list[tuple[int, int]]:
    """(left, width) of each column: ``widths`` fixed, None sharing what is left."""
    fixed = sum(w for w in widths if w is not None) + gap * (len(widths) - 1)
    flexible = sum(1 for w in widths if w is None)
    share = max(40, (width - fixed) // max(1, flexible))
    out = []
    for w in widths:
        w = share if w is None else w
        out.append((x, w))
        x += w + gap
    return out


def page_size(style: Style, columns: list[Column]) -> tuple[int, int]:
    """Upright, unless the names would have less than ``name_room`` each: then sideways."""
    if style.name_room is None:
        return style.page
    widths = [None if c.width is None else round(c.width * style.scale) for c in columns]
    fixed = sum(w for w in widths if w is not None) + style.gap * (len(columns) - 1)
    names = sum(1 for w in widths if w is None)
    room = (style.page[0] - 2 * style.margin - fixed) / max(1, names)
    return style.page if names == 0 or room >= style.name_room else style.sideways


def heading(page: Page, fonts: Fonts, style: Style, title: str, subtitle: str,
            colour: str = "title") -> int:
    """The title and subtitle at the top of ``page``, wrapped; the height they take."""
    width = page.size[0] - 2 * style.margin
    size = fitting_size(fonts, title, style.title_size, width, smallest=style.title_size * 2 // 3,
                        bold=True)
    y = style.margin
    for text in wrap(title, size, width, bold=True, fonts=fonts):
        page.ops.append(Text(text, (style.margin, y), size, colour, bold=True))
        y += fonts.height(size, True)
    for text in wrap(subtitle, style.subtitle_size, width, fonts=fonts) if subtitle else []:
        page.ops.append(Text(text, (style.margin, y), style.subtitle_size, "grey"))
        y += fonts.height(style.subtitle_size)
    return y - style.margin


def number_pages(pages: list[Page], style: Style) -> None:
    """"Page 2 of 3" at the foot of each page, when there are more than one."""
    if len(pages) < 2:
        return
    for at, page in enumerate(pages, start=1):
        words = _("Page {n} of {total}").format(n=number(at), total=number(len(pages)))
        if rtl():           # the foot's far end, where a line ends, is its left
            page.ops.append(Text(words, (style.margin, page.size[1] - style.margin),
                                 style.note_size, "grey", anchor="bottomleft"))
        else:
            page.ops.append(Text(words, (page.size[0] - style.margin,
                                         page.size[1] - style.margin),
                                 style.note_size, "grey", anchor="bottomright"))


def table_pages(table: Table, style: Style = PRINT, fonts: Fonts = SCREEN_FONTS,
                numbered: bool = True) -> list[Page]:
    """``table`` on as many pages as it takes, each page with the title, the subtitle and
    the column heads; the note under the last row; "Page 2 of 3" at the foot of each page
    when there are more than one (and ``numbered``)."""
    size = page_size(style, table.columns)
    width = size[0] - 2 * style.margin
    widths = [None if c.width is None else round(c.width * style.scale) for c in table.columns]
    cols = columns_at(style.margin, width, widths, style.gap)
    head_line, line = fonts.height(style.head_size, True), fonts.height(style.size)
    note_line = fonts.height(style.note_size)
    heads = [wrap(c.head, style.head_size, w, bold=True, fonts=fonts)
             for c, (_, w) in zip(table.columns, cols)]
    head_height = max(len(h) for h in heads) * head_line + 8
    probe = Page(size)
    top = style.margin + heading(probe, fonts, style, table.title, table.subtitle) + 20 \
        + head_height + 12
    bottom = size[1] - style.margin - (note_line + 8 if numbered else 0)
    notes = wrap(table.note, style.note_size, width, fonts=fonts) if table.note else []
    cells = [[wrap(text, style.size, w, fonts=fonts) for text, (_, w) in zip(row, cols)]
             for row in table.rows]
    heights = [max(len(lines) for lines in row) * line + 2 * style.row_pad for row in cells]
    # which rows go on which page
    chunks: list[list[int]] = [[]]
    y = top
    for i, h in enumerate(heights):
        if chunks[-1] and y + h > bottom:
            chunks.append([])
            y = top
        chunks[-1].append(i)
        y += h
    if notes and y + len(notes) * note_line + 10 > bottom:
        chunks.append([])
    pages = []
    for number, on_page in enumerate(chunks, start=1):
        page = Page(size)
        y = style.margin + heading(page, fonts, style, table.title, table.subtitle) + 20
        for lines, (x, _) in zip(heads, cols):
            for k, text in enumerate(lines):
                page.ops.append(Text(text, (x, y + k * head_line), style.head_size, "grey",
                                     bold=True))
        y += head_height
        page.ops.append(Line((style.margin, y), (size[0] - style.margin, y), width=2))
        y += 12
        for i in on_page:
            for lines, (x, _) in zip(cells[i], cols):
                for k, text in enumerate(lines):
                    page.ops.append(Text(text, (x, y + style.row_pad + k * line), style.size))
            y += heights[i]
            page.ops.append(Line((style.margin, y - 1), (size[0] - style.margin, y - 1)))
        if number == len(chunks):
            y += 10
            for text in notes:
                page.ops.append(Text(text, (style.margin, y), style.note_size, "grey"))
                y += note_line
        pages.append(mirrored(page))
    if numbered:
        number_pages(pages, style)
    return pages


_MIRRORED_ANCHORS = {"topleft": "topright", "topright": "topleft",
                     "bottomleft": "bottomright", "bottomright": "bottomleft"}


def mirrored(page: Page) -> Page:
    """``page`` read from the right when the language in use is written right to left:
    every place counted from the page's right edge, every text against the right of its
    place (unchanged otherwise)."""
    if not rtl():
        return page
    width = page.size[0]
    ops = []
    for op in page.ops:
        if isinstance(op, Text):
            ops.append(Text(op.words, (width - op.pos[0], op.pos[1]), op.size, op.colour,
                            op.bold, _MIRRORED_ANCHORS.get(op.anchor, op.anchor)))
        elif isinstance(op, Line):
            ops.append(Line((width - op.start[0], op.start[1]), (width - op.end[0], op.end[1]),
                            op.colour, op.width, op.dashed))
        elif isinstance(op, Box):
            x, y, w, h = op.rect
            ops.append(Box((width - x - w, y, w, h), op.colour, op.width))
        else:
            ops.append(op)
    return Page(page.size, ops)


# --- drawing with pygame ------------------------------------------------------------------

def draw_page(page: Page, surface: pygame.Surface, palette: dict = PAPER) -> None:
    """Draw ``page`` on ``surface`` (of the page's size), its background first."""
    surface.fill(palette["paper"])
    for op in page.ops:
        if isinstance(op, Text):
            assets.text(surface, op.words, op.pos, size=op.size, bold=op.bold,
                        colour=palette[op.colour], anchor=op.anchor)
        elif isinstance(op, Line):
            colour = palette[op.colour]
            if op.dashed:
                _dashes(surface, colour, op.start, op.end, op.width)
            else:
                pygame.draw.line(surface, colour, op.start, op.end, op.width)
        elif isinstance(op, Box):
            pygame.draw.rect(surface, palette[op.colour], op.rect, op.width)


DASH, DASH_GAP = 14, 10


def _dashes(surface, colour, start, end, width) -> None:
    """A dashed line, as a cut line is drawn (level or upright lines only)."""
    (x0, y0), (x1, y1) = start, end
    length = max(abs(x1 - x0), abs(y1 - y0))
    step_x, step_y = (x1 - x0) / max(1, length), (y1 - y0) / max(1, length)
    at = 0
    while at < length:
        stop = min(length, at + DASH)
        pygame.draw.line(surface, colour, (x0 + step_x * at, y0 + step_y * at),
                         (x0 + step_x * stop, y0 + step_y * stop), width)
        at += DASH + DASH_GAP


def surface_of(page: Page, palette: dict = PAPER) -> pygame.Surface:
    """``page`` drawn on a surface of its own."""
    surface = pygame.Surface(page.size)
    draw_page(page, surface, palette)
    return surface
