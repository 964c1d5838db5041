"""Laid-out pages (``layout.Page``) as one PDF file, made with fpdf2.

The fonts the screens draw with are embedded (only the glyphs used): Noto Sans, and
where it has no glyph the fallbacks ``scenes.assets`` picks for the screens (symbols,
Chinese and Japanese, Korean), so every name prints as it shows.  Each text is drawn
run by run, a run a font, exactly where the layout put it: the page's pixels (150 to
the inch) are the PDF's units, so a PDF page and a PNG page are the same page.

Text written right to left (Persian) is laid out as the screens lay it out
(``assets.layout``: the Unicode bidirectional algorithm, then a piece a font and a
direction), and each right-to-left piece is shaped by HarfBuzz (fpdf2's text shaping,
which uharfbuzz provides), so its letters join as they do on screen; the PDF's text keeps
the words in their logical order, so it can be searched and copied.

``PdfBook.measure`` tells how wide a text is drawn in the PDF; the printouts lay their
pages out with the wider of that and pygame's width, so that a text fits its column in
both.
"""

from __future__ import annotations

import logging
from pathlib import Path

from fpdf import FPDF
from fpdf.errors import FPDFException
from fpdf.enums import TextMode

from game import i18n

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
        self.pdf.c_margin = 0             # a shaped piece is drawn as a cell: no padding
        self.shaping = None               # the direction fpdf2 shapes in now, None: off
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

    def _pieces(self, words: str, bold: bool) -> tuple:
        """(font file or None, text, right to left) of each piece of ``words``, left to
        right as drawn (``assets.layout``, as the screens draw them)."""
        main = assets._coverage(assets._font_file(bold))
        order = assets._fallback_order(i18n.language().code, bold)
        return assets.layout(words, main, order, i18n.rtl())

    def _shape(self, rtl: bool, words: str = "") -> None:
        """Have fpdf2 shape a right-to-left piece (HarfBuzz joins its letters), and leave
        any other as it is."""
        want = ("rtl", assets._script(words).lower()) if rtl else None
        if want == self.shaping:
            return
        if want is None:
            self.pdf.set_text_shaping(False)
        else:
            language = "fas" if i18n.language().code == "fa" else None
            try:
                self.pdf.set_text_shaping(use_shaping_engine=True, direction="rtl",
                                          script=want[1], language=language)
            except FPDFException:     # uharfbuzz missing: the letters printed unjoined
                logging.getLogger(__name__).warning("no text shaping: pip install uharfbuzz")
                self.pdf.set_text_shaping(False)
        self.shaping = want

    def measure(self, words: str, size: int, bold: bool = False) -> float:
        """The width in pixels of ``words`` drawn in the PDF at ``size``."""
        total = 0.0
        for source, run, rtl in self._pieces(assets.drawable(str(words)), bold):
            self._use(source, size, bold)
            self._shape(rtl, run)
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
        if op.anchor in ("bottomright", "bottomleft"):
            y -= main.get_height()
        baseline = y + main.get_ascent()       # where pygame puts it: the same page
        colour = palette[op.colour]
        pdf.set_text_color(*colour)
        for source, run, rtl in self._pieces(words, op.bold):
            self._use(source, op.size, op.bold)
            self._shape(rtl, run)
            thicken = op.bold and source is not None and not assets._has_bold(source)
            if thicken:
                # a fallback font has no bold face: its outline drawn too thickens it
                with pdf.local_context(text_mode=TextMode.FILL_STROKE, draw_color=colour,
                                       line_width=op.size / 60):
                    self._put(x, baseline, run, rtl)
            else:
                self._put(x, baseline, run, rtl)
            x += pdf.get_string_width(run)
        self._shape(False)

    def _put(self, x: float, baseline: float, run: str, rtl: bool) -> None:
        """``run`` from ``x`` on ``baseline``: as it is, or shaped (only a cell is shaped;
        fpdf2 puts a cell of no height's baseline 0.3 of the font's size below its top)."""
        pdf = self.pdf
        if not rtl:
            pdf.text(x, baseline, run)
            return
        pdf.set_xy(x, baseline - 0.3 * pdf.font_size)
        pdf.cell(h=0, text=run)

    def output(self) -> bytes:
        return bytes(self.pdf.output())
