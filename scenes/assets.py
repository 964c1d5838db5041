"""The one place images, fonts, sounds and the theme are loaded from.

Everything is cached: an image scaled to a size is made once.  Sound is
optional: if the mixer cannot start, every ``play`` is silently skipped.
"""

from __future__ import annotations

import hashlib
import re
import struct
import sys
import unicodedata
from functools import lru_cache
from pathlib import Path

import pygame

from game import i18n

try:                                    # the Unicode bidirectional algorithm
    from bidi import get_display
except ImportError:                     # (right-to-left text then keeps its letters' order)
    get_display = None


def root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    base = Path(frozen) if frozen else Path(__file__).resolve().parent.parent
    return base / "assets"


def path(*parts: str) -> Path:
    return root().joinpath(*parts)


THEME = path("theme.json")


def _font_file(bold: bool) -> str | None:
    try:
        import pygame_gui
    except ImportError:
        return None
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    candidate = Path(pygame_gui.__file__).parent / "data" / name
    return str(candidate) if candidate.exists() else None


#: What no font can take: U+0000 (pygame raises "A null character was found in the text")
#: and lone surrogates, halves of a character that cannot be encoded (a name read from a
#: file may hold either).
_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def drawable(words: str) -> str:
    """``words`` without the code points no font can take (U+0000, lone surrogates)."""
    return _UNDRAWABLE.sub("", words) if _UNDRAWABLE.search(words) else words


class SafeFont(pygame.font.Font):
    """The one font class every text is drawn with (``font``, and pygame_gui's widgets
    through ``guard_widget_fonts``): it draws any text without raising, in any script,
    in its own direction.

    - pygame's ``Font.render`` raises "Text has zero width" on text that draws nothing (only
      zero-width spaces, direction marks, soft hyphens...), which a player can type or a
      file can hold; such text draws as the empty text does, an empty image of the font's
      height.  U+0000 and lone surrogates are left out of what is drawn and of what is
      measured alike (``drawable``).
    - A glyph this font lacks comes from the first bundled fallback font that has it
      (``FALLBACK_FONTS``, in the order the language in use prefers), on this font's
      baseline.
    - Text holding right-to-left letters (Persian, Arabic, Hebrew), and any text of a
      right-to-left language, is laid out by the Unicode bidirectional algorithm
      (python-bidi), each run of one direction and one font shaped by HarfBuzz
      (``set_script``, ``set_direction``): numbers and Latin names keep their order
      inside Persian sentences, and names set apart with ``i18n.isolated`` keep theirs.
    Text that needs none of this is drawn by pygame at once."""

    def __init__(self, file=None, size=12):
        super().__init__(file, size)
        if isinstance(file, (str, Path)):
            self._cover = _coverage(str(file))
        elif hasattr(file, "getvalue"):             # pygame_gui's fonts come as BytesIO
            self._cover = _coverage_of_bytes(file.getvalue())
        else:
            self._cover = _coverage(_default_font_file())
        self._bold_face = "bold" in (getattr(self, "style_name", "") or "").lower()
        self._direction = None

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        if isinstance(text, str):
            text = drawable(text)
            if text and _needs_layout(text, self._cover, i18n.rtl()):
                return self._compose(text, antialias, color, bgcolor)
        self._set_direction(False, "")
        return self._plain(self, text, antialias, color, bgcolor, wraplength)

    def size(self, text):
        if isinstance(text, str):
            text = drawable(text)
            if text and _needs_layout(text, self._cover, i18n.rtl()):
                pieces = self._pieces(text)
                width = sum(font._shaped_size(words, rtl)[0] for font, words, rtl in pieces)
                return width, self._composed_height(pieces)
        self._set_direction(False, "")
        return super().size(text)

    # --- drawing a piece, and pieces together ------------------------------------------
    def _pieces(self, text) -> list:
        """(font, words, right to left) of each run of ``text`` in its place, left to right."""
        bold = self._bold_face or self.bold
        order = _fallback_order(i18n.language().code, bold)
        return [(self if source is None else _fallback_font(source, self.get_point_size(),
                                                            bold and not _has_bold(source)),
                 words, rtl)
                for source, words, rtl in layout(text, self._cover, order, i18n.rtl())]

    def _set_direction(self, rtl: bool, words: str) -> None:
        want = (rtl, _script(words) if rtl else "Latn")
        if self._direction != want:
            self.set_script(want[1])
            self.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
            self._direction = want

    def _shaped_size(self, words, rtl):
        self._set_direction(rtl, words)
        return pygame.font.Font.size(self, words)

    @staticmethod
    def _plain(font, text, antialias, color, bgcolor=None, wraplength=0):
        try:
            return pygame.font.Font.render(font, text, antialias, color, bgcolor, wraplength)
        except pygame.error:
            if not text or pygame.font.Font.size(font, text)[0] > 0:
                raise
            return pygame.font.Font.render(font, "", antialias, color, bgcolor, wraplength)

    def _composed_height(self, pieces) -> int:
        if not pieces:
            return self.get_height()
        ascent = max(self.get_ascent(), *(f.get_ascent() for f, _, _ in pieces))
        return max(self.get_height(), *(ascent - f.get_ascent() + f.get_height()
                                         for f, _, _ in pieces))

    def _compose(self, text, antialias, color, bgcolor):
        pieces = self._pieces(text)
        if not pieces:                      # only direction controls: drawn as nothing is
            self._set_direction(False, "")
            return self._plain(self, "", antialias, color, bgcolor)
        images = []
        for font, words, rtl in pieces:
            font._set_direction(rtl, words)
            images.append((self._plain(font, words, antialias, color), font.get_ascent()))
        ascent = max(self.get_ascent(), *(a for _, a in images))
        height = max(self.get_height(), *(ascent - a + img.get_height() for img, a in images))
        out = pygame.Surface((sum(img.get_width() for img, _ in images), height),
                             pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for img, a in images:
            out.blit(img, (x, ascent - a))
            x += img.get_width()
        self._set_direction(False, "")
        return out


def guard_widget_fonts() -> None:
    """Have pygame_gui draw every widget's text (entries, labels, buttons, tooltips, text
    boxes) with ``SafeFont``: its fonts are made by ``gui_font_pygame`` from the ``Font``
    it imported, and a text entry renders whatever is typed into it, pieces of it too
    (the selected part, the part before the cursor), so any piece of only format
    characters would end the program; and so the widgets draw Persian and Chinese from
    the fallback fonts, in their direction, as every other text.  Called before the
    first ``UIManager`` loads its theme's fonts; ``tests/test_text_safety.py`` types such
    text into every screen's boxes, so a pygame_gui that made its fonts otherwise would
    be noticed."""
    from pygame_gui.core import gui_font_pygame
    gui_font_pygame.Font = SafeFont


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return SafeFont(_font_file(bold), max(6, int(size)))


# Fonts for the glyphs the main font lacks (``tools/make_assets.py`` copies them here with
# their licences), each (regular face, bold face or None): Persian and Arabic, symbols
# such as chess men (and Arabic letters again), Chinese and Japanese, Korean.  Tried in
# this order, but for Chinese, whose punctuation the Chinese font draws best.
FALLBACK_FONTS = (("NotoSansArabicUI-Regular.ttf", "NotoSansArabicUI-Bold.ttf"),
                  ("DejaVuSans.ttf", None), ("DroidSansFallbackFull.ttf", None),
                  ("NanumGothicCoding.ttf", None))
#: The fallback font a language wants before the others.
LANGUAGE_FONT = {"zh_Hans": "DroidSansFallbackFull.ttf"}
def _cmap(data: bytes) -> frozenset:
    """The code points the font file ``data`` has glyphs for, read from its ``cmap`` table
    (formats 4 and 12); empty if it cannot be read.  pygame's fonts cannot tell: a missing
    glyph renders as the font's empty box, with metrics like any other."""
    try:
        tables = struct.unpack_from(">H", data, 4)[0]
        cmap = next(struct.unpack_from(">I", data, 12 + 16 * i + 8)[0] for i in range(tables)
                    if data[12 + 16 * i:16 + 16 * i] == b"cmap")
        count = struct.unpack_from(">H", data, cmap + 2)[0]
        subtables = {}
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            subtables[(platform, encoding)] = cmap + offset
        points = set()
        for key in ((3, 10), (0, 4), (3, 1), (0, 3)):
            at = subtables.get(key)
            if at is None:
                continue
            fmt = struct.unpack_from(">H", data, at)[0]
            if fmt == 12:
                groups = struct.unpack_from(">I", data, at + 12)[0]
                for g in range(groups):
                    start, end, _ = struct.unpack_from(">III", data, at + 16 + 12 * g)
                    points.update(range(start, end + 1))
                return frozenset(points)
            if fmt == 4:
                segs = struct.unpack_from(">H", data, at + 6)[0] // 2
                ends = struct.unpack_from(f">{segs}H", data, at + 14)
                starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
                deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
                range_at = at + 16 + 6 * segs
                offsets = struct.unpack_from(f">{segs}H", data, range_at)
                for k in range(segs):
                    for c in range(starts[k], ends[k] + 1):
                        if c == 0xFFFF:
                            continue
                        if offsets[k] == 0:
                            glyph = (c + deltas[k]) & 0xFFFF
                        else:
                            where = range_at + 2 * k + offsets[k] + 2 * (c - starts[k])
                            glyph = struct.unpack_from(">H", data, where)[0]
                            glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
                        if glyph:
                            points.add(c)
                return frozenset(points)
        return frozenset(points)
    except (StopIteration, struct.error):
        return frozenset()


@lru_cache(maxsize=16)
def _coverage(file: str | None) -> frozenset:
    if file is None:
        return frozenset()
    try:
        return _cmap(Path(file).read_bytes())
    except OSError:
        return frozenset()


_covers_by_digest: dict = {}


def _coverage_of_bytes(data: bytes) -> frozenset:
    key = hashlib.sha1(data).digest()
    if key not in _covers_by_digest:
        _covers_by_digest[key] = _cmap(data)
    return _covers_by_digest[key]


def _default_font_file() -> str | None:
    candidate = Path(pygame.__file__).parent / pygame.font.get_default_font()
    return str(candidate) if candidate.exists() else None


def _fallback_order(language: str, bold: bool = False) -> tuple:
    """The fallback font files to try, in order, for ``language`` (the bold face where a
    font has one and ``bold``)."""
    first = LANGUAGE_FONT.get(language)
    ordered = sorted(FALLBACK_FONTS, key=lambda pair: pair[0] != first)
    files = []
    for regular, bold_face in ordered:
        name = bold_face if bold and bold_face else regular
        if path("fonts", name).exists():
            files.append(str(path("fonts", name)))
    return tuple(files)


def _fallback_files() -> list[str]:
    """The fallback fonts' regular faces, in the order the language in use tries them."""
    return list(_fallback_order(i18n.language().code))


def _has_bold(file: str) -> bool:
    return any(bold and Path(file).name == bold for _, bold in FALLBACK_FONTS)


@lru_cache(maxsize=64)
def _fallback_font(file: str, size: int, embolden: bool) -> pygame.font.Font:
    f = SafeFont(file, max(6, int(size)))
    f.bold = embolden               # a fallback with no bold face of its own is thickened
    return f


# --- runs of one font, in one direction ----------------------------------------------------

#: Characters that take the font of the run they are in: spaces, joiners (ZWNJ, which
#: Persian writes inside words) and marks set on the letter before them.
_JOINING = frozenset(("Zs", "Cf", "Mn", "Me"))
#: The bidirectional classes that may change the order of what is drawn.
_REORDERING = frozenset(("R", "AL", "AN", "RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI",
                         "PDF", "PDI"))
#: Explicit direction controls: read by the algorithm, drawn by no font.
_CONTROLS = frozenset(("RLE", "RLO", "RLI", "LRE", "LRO", "LRI", "FSI", "PDF", "PDI"))


@lru_cache(maxsize=4096)
def _needs_layout(words: str, cover: frozenset, rtl: bool) -> bool:
    """Whether ``words`` need more than one plain render by a font covering ``cover``."""
    strong = False
    for ch in words:
        if ord(ch) not in cover and not ch.isspace() and cover:
            return True
        kind = unicodedata.bidirectional(ch)
        if kind in _REORDERING:
            return True
        strong = strong or kind == "L"
    return rtl and not strong           # digits and signs alone, in a right-to-left language


def _font_runs(words: str, cover: frozenset, order: tuple) -> list:
    """The source (None: the main font, else a fallback file) of each character."""
    sources = []
    for ch in words:
        current = sources[-1] if sources else None
        point = ord(ch)
        if unicodedata.category(ch) in _JOINING and sources:
            source = current
        elif point in cover or not cover:
            source = None
        else:
            source = next((f for f in order if point in _coverage(f)), None)
        sources.append(source)
    return sources


def _base_is_rtl(words: str, rtl_language: bool) -> bool:
    """The paragraph's direction.  In a language written right to left, any text holding a
    right-to-left letter outside isolates is a sentence of it, whatever its first word
    ("Calliro: ..."); otherwise the direction of the first strong letter outside isolates
    (a Latin name alone reads left to right); a text of no letters at all (a score "14½", a
    gain "+6", a clock) left to right in every language: numbers are written so in Persian
    too, and the algorithm would otherwise put a trailing sign before them ("½14")."""
    depth, first, any_rtl = 0, None, False
    for ch in words:
        kind = unicodedata.bidirectional(ch)
        if kind in ("LRI", "RLI", "FSI"):
            depth += 1
        elif kind == "PDI":
            depth = max(0, depth - 1)
        elif depth == 0 and kind in ("L", "R", "AL"):
            first = first or kind
            any_rtl = any_rtl or kind != "L"
    if rtl_language and any_rtl:
        return True
    return first is not None and first != "L"


_LEVEL = re.compile(r"Level\(\s*(\d+),\s*\)")


def _levels(words: str, base_rtl: bool) -> list[int]:
    """Each character's embedding level by the Unicode bidirectional algorithm (python-bidi's
    unicode-bidi, which knows isolates), with rule L1: what ends the line (spaces, controls)
    is at the paragraph's level."""
    base = 1 if base_rtl else 0
    levels = [base] * len(words)
    if get_display is not None:
        try:
            info = get_display(words, base_dir="R" if base_rtl else "L", debug=True)
            at = info.index("\n    levels: [")
            per_byte = [int(n) for n in _LEVEL.findall(info, at, info.index("\n    ]", at))]
            found, byte = [], 0
            for ch in words:
                found.append(per_byte[byte])
                byte += len(ch.encode("utf-8"))
            if byte == len(per_byte):
                levels = found
        except (ValueError, IndexError, TypeError, UnicodeError):
            pass
    for i in range(len(words) - 1, -1, -1):
        if unicodedata.bidirectional(words[i]) in ("WS", "BN", *_CONTROLS):
            levels[i] = base
        else:
            break
    return levels


@lru_cache(maxsize=4096)
def layout(words: str, cover: frozenset, order: tuple, rtl_language: bool) -> tuple:
    """``words`` as drawn: (source, text, right to left) of each piece of one font and one
    direction, left to right on the line; a piece's text in its own (logical) order, which
    HarfBuzz lays out in the piece's direction.  Direction controls are left out."""
    sources = _font_runs(words, cover, order)
    if _needs_layout(words, frozenset(), rtl_language) or any(
            unicodedata.bidirectional(ch) in _REORDERING for ch in words):
        levels = _levels(words, _base_is_rtl(words, rtl_language))
    else:
        levels = [0] * len(words)
    pieces: list[list] = []            # [source, text, level], in logical order
    for ch, source, level in zip(words, sources, levels):
        if unicodedata.bidirectional(ch) in _CONTROLS:
            continue
        if pieces and pieces[-1][0] == source and pieces[-1][2] == level:
            pieces[-1][1] += ch
        else:
            pieces.append([source, ch, level])
    # rule L2: from the highest level to the lowest odd one, reverse every sequence of
    # pieces at that level or above
    if pieces:
        top = max(p[2] for p in pieces)
        odd = [p[2] for p in pieces if p[2] % 2]
        for level in range(top, min(odd) - 1 if odd else top + 1, -1):
            i = 0
            while i < len(pieces):
                if pieces[i][2] >= level:
                    j = i
                    while j < len(pieces) and pieces[j][2] >= level:
                        j += 1
                    pieces[i:j] = pieces[i:j][::-1]
                    i = j
                else:
                    i += 1
    return tuple((source, text, level % 2 == 1) for source, text, level in pieces)


def _script(words: str) -> str:
    """The ISO 15924 script HarfBuzz shapes a right-to-left piece as."""
    for ch in words:
        if "\u0590" <= ch <= "\u05ff" or "\ufb1d" <= ch <= "\ufb4f":
            return "Hebr"
        if unicodedata.bidirectional(ch) == "AL":
            return "Arab"
    return "Arab"


@lru_cache(maxsize=2048)
def _runs(words: str, bold: bool, order: tuple) -> tuple:
    main = _coverage(_font_file(bold))
    out: list[list] = []
    for ch, source in zip(words, _font_runs(words, main, order)):
        if out and out[-1][0] == source:
            out[-1][1] += ch
        else:
            out.append([source, ch])
    return tuple((source, run) for source, run in out)


def runs(words: str, bold: bool = False) -> tuple:
    """``words`` cut into runs each drawn by one font, in their logical order: (file or None
    for the main font, text), the main font wherever it has the glyph, else the first
    fallback that has (the printouts' PDF draws them so)."""
    return _runs(words, bold, _fallback_order(i18n.language().code, bold))


def measure(words, size: int, bold: bool = False) -> int:
    """The width in pixels of ``words`` drawn by ``text`` at ``size``."""
    return font(size, bold).size(str(words))[0]


def render(words, size: int, colour, bold: bool = False) -> pygame.Surface:
    """``words`` drawn at ``size``: each glyph from the main font or, where it has none, a
    fallback font, on the main font's baseline, in the direction of its script."""
    return font(size, bold).render(str(words), True, colour)




class TextRecorder:
    """The rects ``text`` drew into while it is switched on: ``(surface, rect, words)``
    each, so a test can check that a screen's texts neither overlap nor leave it."""

    def __init__(self):
        self.drawn: list[tuple] = []

    def __enter__(self):
        global _recorder
        _recorder = self
        return self

    def __exit__(self, *exc):
        global _recorder
        _recorder = None

    def on(self, surface) -> list[tuple]:
        """(rect, words) of every text drawn on ``surface``."""
        return [(rect, words) for s, rect, words in self.drawn if s is surface]


_recorder: TextRecorder | None = None


def record(surface, rect, words) -> None:
    """``words`` drawn on ``surface`` at ``rect`` from an image made beforehand (a label
    kept for the next frame), for a ``TextRecorder`` switched on, as ``text`` records."""
    if _recorder is not None:
        _recorder.drawn.append((surface, pygame.Rect(rect), str(words)))


@lru_cache(maxsize=32)
def image(name: str) -> pygame.Surface:
    surf = pygame.image.load(str(path("images", name)))
    return surf.convert_alpha() if pygame.display.get_surface() else surf


@lru_cache(maxsize=256)
def scaled(name: str, size: tuple[int, int]) -> pygame.Surface:
    size = (max(1, int(size[0])), max(1, int(size[1])))
    return pygame.transform.smoothscale(image(name), size)


@lru_cache(maxsize=64)
def tiled(name: str, size: tuple[int, int], tile: int = 256) -> pygame.Surface:
    """``name`` repeated to fill ``size`` (texture for boards of any size)."""
    src = scaled(name, (tile, tile))
    out = pygame.Surface(size)
    for y in range(0, size[1], tile):
        for x in range(0, size[0], tile):
            out.blit(src, (x, y))
    return out


def text(surface, words, pos, size=18, colour=(240, 236, 226), bold=False, anchor="topleft",
         shadow=False, width=None):
    """Draw ``words`` at ``pos`` (anchored as a pygame Rect attribute); return its rect.

    With a ``width``, ``words`` longer than it are shortened with an ellipsis: the one way
    a name is fitted to the room it has (never overprinted, never shrunk unreadably).  In
    a language written right to left, words given a room from their left edge are drawn
    against its right edge, where such a language starts its lines."""
    full = words = str(words)
    if width is not None:
        words = ellipsized(words, size, width, bold)
    if not words:
        return pygame.Rect(0, 0, 0, 0).move(pos)
    img = render(words, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    if width is not None and anchor.endswith("left") and i18n.rtl():
        rect.right = pos[0] + width
    if shadow:
        surface.blit(render(words, size, (0, 0, 0), bold), rect.move(1, 2))
    surface.blit(img, rect)
    if _recorder is not None:
        _recorder.drawn.append((surface, rect.copy(), words))
    if words != full:
        if len(shortened) > 400:             # drawn where no frame collects them (a cache)
            del shortened[:200]
        shortened.append((surface, rect.copy(), full))
    return rect


#: ``(surface, rect, full text)`` of every text ``text`` shortened since the frame began:
#: the app shows the full text of the one under the pointer (``show_full_text``).
shortened: list[tuple] = []


def show_full_text(surface, pointer) -> None:
    """Over a shortened text drawn on ``surface`` under ``pointer``, its full text in a small
    box beside the pointer (kept inside the window); then forget this frame's texts."""
    under = next((full for s, rect, full in reversed(shortened)
                  if s is surface and rect.collidepoint(pointer)), None)
    shortened.clear()
    if under is None:
        return
    area = surface.get_rect()
    size = 16
    room = area.width - 40
    lines = wrap(under, size, room) if measure(under, size) > room else [under]
    w = max(measure(line, size) for line in lines) + 20
    box = pygame.Rect(pointer[0] + 14, pointer[1] + 18, w, 22 * len(lines) + 12)
    box = box.clamp(area)
    if box.collidepoint(pointer):                # never under the pointer itself
        box.bottom = min(box.bottom, pointer[1] - 8)
        box = box.clamp(area)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (30, 22, 17, 235), shade.get_rect(), border_radius=8)
    pygame.draw.rect(shade, (176, 138, 90, 220), shade.get_rect(), 1, border_radius=8)
    surface.blit(shade, box.topleft)
    for i, line in enumerate(lines):
        text(surface, line, (box.x + 10, box.y + 6 + 22 * i), size=size, width=box.width - 20)


class Sounds:
    """Short sound effects at a settable volume; silent when there is no audio."""

    NAMES = ("sow", "capture", "free", "end", "warn", "place")

    def __init__(self):
        self.volume = 0.7
        self.enabled = False
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # names played, newest last (for tests and logs)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in self.NAMES:
                self.sounds[name] = pygame.mixer.Sound(str(path("sounds", f"{name}.wav")))
            self.enabled = True
        except (pygame.error, FileNotFoundError):
            self.sounds = {}

    def play(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-50]
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        sound.set_volume(self.volume)
        sound.play()


def fitting_size(words: str, size: int, width: int, bold: bool = False, smallest: int = 12) -> int:
    """The largest font size up to ``size`` at which ``words`` fit ``width`` pixels."""
    while size > smallest and measure(words, size, bold) > width:
        size -= 1
    return size


def ellipsized(words: str, size: int, width: int, bold: bool = False) -> str:
    """``words``, cut and ended with an ellipsis where needed to fit ``width`` pixels at
    ``size`` (nothing at all if not even the ellipsis fits)."""
    words = str(words)
    if measure(words, size, bold) <= width:
        return words
    low, high = 0, len(words)       # the longest start of ``words`` that fits with the ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if measure(words[:mid].rstrip() + "\u2026", size, bold) <= width:
            low = mid
        else:
            high = mid - 1
    if low == 0 and measure("\u2026", size, bold) > width:
        return ""
    return words[:low].rstrip() + "\u2026"


def fitted(words: str, name: str, size: int, width: int, bold: bool = False) -> str:
    """``words`` (a translated sentence with ``{name}`` in it) with ``name`` put in, the name
    shortened with an ellipsis so that the sentence fits ``width`` pixels: the name is cut,
    never the words around it, wherever the language puts it."""
    rest = measure(words.format(name=""), size, bold)
    short = ellipsized(name, size, max(0, width - rest), bold) if name else name
    return words.format(name=i18n.isolated(short))


#: Letters of scripts written without spaces between words (Chinese, Japanese, Korean
#: syllables are spaced but long runs are broken anywhere too): a line may break before
#: any of them.
_BREAK_ANYWHERE = re.compile(r"[\u2e80-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
                             r"\uff00-\uffef]")
#: Marks a line must not start with: they stay with the letter before them.
_NO_LINE_START = set("，。、；：！？）」』】》〉·,.;:!?)%")


def _wrap_pieces(words: str) -> list[tuple[str, str]]:
    """``words`` as (glue, piece): the pieces a line may break between, each with what
    joins it to the one before (a space between words, nothing inside a run of Chinese)."""
    out = []
    for word in str(words).split():
        pieces: list[str] = []
        for char in word:
            if pieces and (char in _NO_LINE_START or not (
                    _BREAK_ANYWHERE.match(char) or _BREAK_ANYWHERE.match(pieces[-1][-1]))):
                pieces[-1] += char
            else:
                pieces.append(char)
        out += [(" " if i == 0 else "", piece) for i, piece in enumerate(pieces)]
    return out


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``words`` into lines that fit ``width`` pixels at ``size``: at spaces, and
    between any two letters of Chinese or Japanese, which put no spaces between words."""
    lines, line = [], ""
    for glue, piece in _wrap_pieces(words):
        trial = f"{line}{glue}{piece}" if line else piece
        if measure(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = piece
    if line:
        lines.append(line)
    return lines


def paragraph(surface, words, rect, size=16, colour=(240, 236, 226), bold=False, spacing=1.25):
    """Draw wrapped text inside ``rect``; return the y below the last line."""
    y = rect[1]
    step = int(size * spacing) + 2
    for line in wrap(words, size, rect[2], bold):
        # (the room is the line's own: a language written right to left starts it at the right)
        text(surface, line, (rect[0], y), size=size, colour=colour, bold=bold,
             width=max(rect[2], measure(line, size, bold)))
        y += step
    return y
