"""Writing a round's printouts away from the frame loop: one PDF, and the same pages as
PNGs in a folder beside it.

Laying out, drawing and writing the pages of a 40-entrant event takes two or three
seconds, so a screen hands a copy of the tournament to ``Printing.start`` and goes on.
A thread kept for printouts (a ``game.writer.BackgroundWriter``, so that the app's own
saves never wait behind a printout, and ``PRINTER.flush`` waits for every printout
asked for) hands the work to a process of its own and waits for it; ``Printing.poll``
gives the screen the message to show once the files are written.  Nothing is written
over: the PDF takes the first free name ("Club night round 3 (2).pdf"), and its PNG
pages go in the folder of the same name.
"""

from __future__ import annotations

import copy
import io
import multiprocessing as mp
import unicodedata
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game import i18n
from game.ai.worker import exit_with_parent
from game.i18n import _, isolated, ngettext, number
from game.tournament.files import write_free
from game.tournament.store import StoreError
from game.writer import BackgroundWriter

from .layout import SCREEN_FONTS, Fonts, Page, surface_of
from .printable import round_printouts

#: The thread that sees the printouts written, one after another.
PRINTER = BackgroundWriter()
#: The most bytes of a tournament's name a file name keeps (a name is at most 255 bytes).
NAME_BYTES = 150
#: Characters some system refuses in a file name.
_REFUSED = set('/\\:*?"<>|')


def file_title(name: str) -> str:
    """A file name from a tournament's name as the director wrote it: what some system
    refuses in a name (``/ \\ : * ? " < > |``, control and invisible characters) becomes
    a space, and a very long name is cut."""
    text = "".join(" " if c in _REFUSED or unicodedata.category(c)[0] == "C" else c
                   for c in str(name))
    text = " ".join(text.split()).strip(" .")
    while len(text.encode("utf-8")) > NAME_BYTES:
        text = text[:-1].rstrip(" .")
    return text or "Tournament"


class PrintFonts(Fonts):
    """Measures a text as the wider of its drawing on a PNG and in the PDF."""

    def __init__(self, book):
        self.book = book

    def measure(self, words: str, size: int, bold: bool = False) -> float:
        return max(SCREEN_FONTS.measure(words, size, bold), self.book.measure(words, size, bold))


def png_bytes(page: Page) -> bytes:
    """``page`` drawn, as a grey PNG file's bytes: a third of a colour one's size, and
    quicker to compress."""
    from PIL import Image
    surface = surface_of(page)
    image = Image.frombytes("RGB", page.size, pygame.image.tobytes(surface, "RGB"))
    out = io.BytesIO()
    image.convert("L").save(out, "PNG")
    return out.getvalue()


def shown_path(path: Path) -> str:
    """``path`` as a screen shows it, from its folder's name: "…/Callidus/Club night.pdf"."""
    return f"\u2026/{path.parent.name}/{path.name}" if path.parent.name else str(path)


@dataclass
class Written:
    """What one round's printouts wrote."""

    round_no: int
    pdf: Path
    pngs: list = field(default_factory=list)
    problem: str = ""           # why the PNG pages were not all written

    @property
    def message(self) -> str:
        """What the screen says: the PDF's name and its folder's (the whole path is in
        the folder box, or the button's tooltip)."""
        where = dict(n=number(self.round_no), path=isolated(shown_path(self.pdf)))
        if self.problem:
            return _("Printouts for round {n} written to {path}; the PNG pages were not: "
                     "{problem}").format(problem=self.problem, **where)
        return ngettext("Printouts for round {n} written to {path} ({pages} page; as a PNG "
                        "file too, in the folder of that name).",
                        "Printouts for round {n} written to {path} ({pages} pages; as PNG "
                        "files too, in the folder of that name).", len(self.pngs)).format(
            pages=number(len(self.pngs)), **where)


def write_printouts(tournament, round_no: int, folder, language: tuple | None = None
                    ) -> Written:
    """Lay out, draw and write every printout of ``round_no``: the PDF in ``folder`` (made
    if missing) under the first free name, the PNGs in a folder of the PDF's name, a file
    a page.  StoreError when the PDF cannot be written; a PNG that cannot be is said in
    ``Written.problem``.  ``language``: (code, Persian digits) to print in, the one in use
    when None (a process of its own is told the screen's)."""
    from .pdf import PdfBook          # fpdf2 and Pillow: loaded when first printing
    if language is not None:
        i18n.use(*language)
    if not pygame.font.get_init():
        pygame.font.init()
    # the files' names stay as they were in every language: a club's folder keeps one kind
    title = f"{file_title(tournament.name)} round {round_no}"
    book = PdfBook(f"{tournament.name}, round {round_no}")
    parts = round_printouts(tournament, round_no, PrintFonts(book))
    for _part, pages in parts:
        for page in pages:
            book.add(page)
    pdf = write_free(Path(folder).expanduser() / f"{title}.pdf", book.output())
    written = Written(round_no, pdf)
    pictures = pdf.with_suffix("")
    try:
        for number, (part, pages) in enumerate(parts, start=1):
            for k, page in enumerate(pages, start=1):
                name = f"{number} {part}" + (f" page {k}" if len(pages) > 1 else "")
                written.pngs.append(write_free(pictures / f"{name}.png", png_bytes(page)))
    except StoreError as exc:
        written.problem = str(exc)
    return written


def language_in_use() -> tuple:
    """(code, Persian digits) of the language in use, for a process of its own."""
    return (i18n.language().code, i18n.digits("0") != "0")


def write_elsewhere(tournament, round_no: int, folder, language: tuple | None = None
                    ) -> Written:
    """``write_printouts`` in a process of its own (spawned, and ending with the program):
    laying out and drawing pages is Python at work, which on a thread would hold the
    interpreter the frame loop needs (frames a tenth of a second late here).  The
    process prints in ``language`` (the one in use by default): it starts in English."""
    language = language_in_use() if language is None else language
    with ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn"),
                             initializer=exit_with_parent) as pool:
        return pool.submit(write_printouts, tournament, round_no, folder, language).result()


class Printing:
    """A screen's printouts on their way: ``start`` returns at once, ``poll`` gives the
    message of each finished one."""

    def __init__(self, writer: BackgroundWriter = PRINTER):
        self.writer = writer
        self.jobs: list[_Job] = []

    def start(self, tournament, round_no: int, folder) -> str:
        """Have the printouts of ``round_no`` written to ``folder``; what to show
        meanwhile."""
        job = _Job(copy.deepcopy(tournament), round_no, Path(folder).expanduser(),
                   language_in_use())
        self.jobs.append(job)
        self.writer.call(("printouts", id(job)), job.run)
        return _("The printouts for round {n} are being written to {folder}.").format(
            n=number(round_no), folder=isolated(job.folder))

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    def poll(self) -> tuple[str, bool] | None:
        """(message, whether all went well) of the oldest printout finished, else None."""
        if not self.jobs or not self.jobs[0].finished:
            return None
        return self.jobs.pop(0).outcome


class _Job:
    def __init__(self, tournament, round_no: int, folder: Path, language: tuple):
        self.tournament, self.round_no, self.folder = tournament, round_no, folder
        self.language = language        # the screen's, when the printouts were asked for
        self.finished = False
        self.outcome: tuple[str, bool] = ("", False)

    def run(self) -> None:
        try:
            written = write_elsewhere(self.tournament, self.round_no, self.folder,
                                      self.language)
            self.outcome = (written.message, not written.problem)
        except (StoreError, OSError, pygame.error) as exc:
            self.outcome = (_("The printouts for round {n} were not written: {problem}").format(
                n=number(self.round_no), problem=exc), False)
        except ImportError as exc:     # fpdf2 or Pillow missing, or not whole
            self.outcome = (_("The printouts for round {n} were not written: {problem} (pip "
                              "install -r requirements.txt)").format(n=number(self.round_no),
                                                                     problem=exc), False)
        except Exception as exc:      # noqa: BLE001 - a name no font takes must not end it
            self.outcome = (_("The printouts for round {n} were not written ({problem})").format(
                n=number(self.round_no), problem=f"{type(exc).__name__}: {exc}"), False)
        finally:
            self.finished = True
