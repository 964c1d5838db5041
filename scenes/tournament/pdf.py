"""Laid-out pages (``layout.Page``) as one PDF file, made with fpdf2.

The fonts the screens draw with are embedded (only the glyphs used): Noto Sans, and
where it has no glyph the fallbacks ``scenes.assets`` picks for the screens (symbols,
Chinese and Japanese, Korean), so every name prints as it shows.  Each text is drawn
run by run, a run a font, exactly where the layout put it: the page's pixels (150 to
the inch) are the PDF's units, so a PDF page and a PNG page are the same page.

``PdfBook.measure`` tells how wide a text is drawn in the PDF; the printouts lay their
pages out with the wider of that and pygame's width, so that a text fits its column in
both.
"""

from __future__ import annotations

import logging
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import TextMode

from .. import assets
from .layout import PAPER, PRINT, Box, Fonts, Line, Page, Text

#: Points (1/72 inch) in one of the page's pixels (150 to the inch).
POINTS = 72 / 150
MAIN = "noto"


class PdfBook(Fonts):
    """A PDF being made: its fonts, loaded when first needed, and its pages."""

    def __init__(self, title: str = ""):
        # a glyph no font has is left out of the page; fpdf2 says so in its log, not to us
        logging.getLogger("fpdf").setLevel(logging.ERROR)
        self.pdf = FPDF(unit=POINTS, format=PRINT.page)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margin(0)
        self.pdf.set_creator("Callidus")
        if title:
            self.pdf.set_title(title)
        self.families: set = set()        # (family, style) of the fonts added

    # --- fonts ------------------------------------------------------------------
    def _family(self, source, bold: bool) -> tuple[str, str]:
        """(family, style) of the PDF font for a run of ``assets.runs``: the main font
        (None) in its own bold, a fallback font (a file) as it is."""
        if source is None:
            family, style, file = MAIN, "B" if bold else "", assets._font_file(bold)
        else:
            family, style, file = Path(source).stem.lower(), "", source
        key = (family, style)
        if key not in self.families:
            self.pdf.add_font(family, style, file)
            self.families.add(key)
        return key

    def _use(self, source, size: int, bold: bool) -> None:
        family, style = self._family(source, bold)
        self.pdf.set_font(family, style, size * POINTS)

    def measure(self, words: str, size: int, bold: bool = False) -> float:
        """The width in pixels of ``words`` drawn in the PDF at ``size``."""
        total = 0.0
        for source, run in assets.runs(assets.drawable(str(words)), bold):
            self._use(source, size, bold)
            total += self.pdf.get_string_width(run)
        return total

    # --- drawing ------------------------------------------------------------------
    def add(self, page: Page, palette: dict = PAPER) -> None:
        """``page`` as the next page of the PDF."""
        pdf = self.pdf
        pdf.add_page(format=page.size)
        for op in page.ops:
            if isinstance(op, Text):
                self._text(op, palette)
            elif isinstance(op, Line):
                pdf.set_draw_color(*palette[op.colour])
                pdf.set_line_width(op.width)
                if op.dashed:
                    pdf.set_dash_pattern(dash=14, gap=10)
                pdf.line(*op.start, *op.end)
                if op.dashed:
                    pdf.set_dash_pattern()
            elif isinstance(op, Box):
                pdf.set_draw_color(*palette[op.colour])
                pdf.set_line_width(op.width)
                pdf.rect(*op.rect)

    def _text(self, op: Text, palette: dict) -> None:
        words = assets.drawable(op.words)
        if not words.strip():
            return
        pdf = self.pdf
        x, y = op.pos
        if op.anchor in ("topright", "bottomright"):
            x -= self.measure(words, op.size, op.bold)
        main = assets.font(op.size, op.bold)
        if op.anchor == "bottomright":
            y -= main.get_height()
        baseline = y + main.get_ascent()       # where pygame puts it: the same page
        colour = palette[op.colour]
        pdf.set_text_color(*colour)
        for source, run in assets.runs(words, op.bold):
            self._use(source, op.size, op.bold)
            if op.bold and source is not None:
                # a fallback font has no bold face: its outline drawn too thickens it
                with pdf.local_context(text_mode=TextMode.FILL_STROKE, draw_color=colour,
                                       line_width=op.size / 60):
                    pdf.text(x, baseline, run)
            else:
                pdf.text(x, baseline, run)
            x += pdf.get_string_width(run)

    def output(self) -> bytes:
        return bytes(self.pdf.output())
