"""The one place images, fonts, sounds and the theme are loaded from.

Everything is cached: an image scaled to a size is made once.  Sound is
optional: if the mixer cannot start, every ``play`` is silently skipped.
"""

from __future__ import annotations

import re
import struct
import sys
from functools import lru_cache
from pathlib import Path

import pygame


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
    """A font that draws any text without raising.

    pygame's ``Font.render`` raises "Text has zero width" on text that draws nothing (only
    zero-width spaces, direction marks, soft hyphens...), which a player can type or a file
    can hold; such text draws as the empty text does, an empty image of the font's height.
    U+0000 and lone surrogates are left out of what is drawn and of what is measured
    alike (``drawable``)."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        if isinstance(text, str):
            text = drawable(text)
        try:
            return super().render(text, antialias, color, bgcolor, wraplength)
        except pygame.error:
            if not text or super().size(text)[0] > 0:
                raise
            return super().render("", antialias, color, bgcolor, wraplength)

    def size(self, text):
        return super().size(drawable(text) if isinstance(text, str) else text)


def guard_widget_fonts() -> None:
    """Have pygame_gui draw every widget's text (entries, labels, buttons, tooltips, text
    boxes) with ``SafeFont``: its fonts are made by ``gui_font_pygame`` from the ``Font``
    it imported, and a text entry renders whatever is typed into it, pieces of it too
    (the selected part, the part before the cursor), so any piece of only format
    characters would end the program.  Called before the first ``UIManager`` loads its
    theme's fonts; ``tests/test_text_safety.py`` types such text into every screen's
    boxes, so a pygame_gui that made its fonts otherwise would be noticed."""
    from pygame_gui.core import gui_font_pygame
    gui_font_pygame.Font = SafeFont


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return SafeFont(_font_file(bold), max(6, int(size)))


# Fonts for the glyphs the main font lacks, tried in this order (``tools/make_assets.py``
# copies them here with their licences): symbols such as chess men, then Chinese and
# Japanese, then Korean.
FALLBACK_FONTS = ("DejaVuSans.ttf", "DroidSansFallbackFull.ttf", "NanumGothicCoding.ttf")


def _cmap(file: str | None) -> frozenset:
    """The code points ``file`` has glyphs for, read from its ``cmap`` table (formats 4
    and 12); empty if the file cannot be read.  pygame's fonts cannot tell: a missing
    glyph renders as the font's empty box, with metrics like any other."""
    if file is None:
        return frozenset()
    try:
        data = Path(file).read_bytes()
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
    except (OSError, StopIteration, struct.error):
        return frozenset()


@lru_cache(maxsize=8)
def _coverage(file: str | None) -> frozenset:
    return _cmap(file)


def _fallback_files() -> list[str]:
    return [str(path("fonts", name)) for name in FALLBACK_FONTS
            if path("fonts", name).exists()]


@lru_cache(maxsize=64)
def _fallback_font(file: str, size: int, bold: bool) -> pygame.font.Font:
    f = SafeFont(file, max(6, int(size)))
    f.bold = bold                   # the fallbacks have no bold face of their own
    return f


@lru_cache(maxsize=2048)
def runs(words: str, bold: bool = False) -> tuple:
    """``words`` cut into runs each drawn by one font: (file or None for the main font,
    text), the main font wherever it has the glyph, else the first fallback that has."""
    main = _coverage(_font_file(bold))
    fallbacks = [(f, _coverage(f)) for f in _fallback_files()]
    out: list[list] = []
    for ch in words:
        source = None
        if ord(ch) not in main and not ch.isspace() and main:
            source = next((f for f, cover in fallbacks if ord(ch) in cover), None)
        if out and out[-1][0] == source:
            out[-1][1] += ch
        else:
            out.append([source, ch])
    return tuple((source, run) for source, run in out)


def _run_font(source, size, bold):
    return font(size, bold) if source is None else _fallback_font(source, size, bold)


def measure(words, size: int, bold: bool = False) -> int:
    """The width in pixels of ``words`` drawn by ``text`` at ``size``."""
    return sum(_run_font(source, size, bold).size(run)[0] for source, run in runs(str(words), bold))


def render(words, size: int, colour, bold: bool = False) -> pygame.Surface:
    """``words`` drawn at ``size``, each glyph from the main font or, where it has none,
    a fallback font, all on the main font's baseline."""
    words = str(words)
    parts = runs(words, bold)
    if len(parts) <= 1 and (not parts or parts[0][0] is None):
        return font(size, bold).render(words, True, colour)
    main = font(size, bold)
    images = []
    for source, run in parts:
        f = _run_font(source, size, bold)
        images.append((f.render(run, True, colour), f.get_ascent()))
    ascent = max(main.get_ascent(), *(a for _, a in images))
    height = max(main.get_height(), *(ascent - a + img.get_height() for img, a in images))
    out = pygame.Surface((sum(img.get_width() for img, _ in images), height), pygame.SRCALPHA)
    x = 0
    for img, a in images:
        out.blit(img, (x, ascent - a))
        x += img.get_width()
    return out


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
    a name is fitted to the room it has (never overprinted, never shrunk unreadably)."""
    full = words = str(words)
    if width is not None:
        words = ellipsized(words, size, width, bold)
    if not words:
        return pygame.Rect(0, 0, 0, 0).move(pos)
    img = render(words, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
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
        text(surface, line, (box.x + 10, box.y + 6 + 22 * i), size=size)


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


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``words`` into lines that fit ``width`` pixels at ``size``."""
    lines, line = [], ""
    for word in str(words).split():
        trial = f"{line} {word}".strip()
        if measure(trial, size, bold) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def paragraph(surface, words, rect, size=16, colour=(240, 236, 226), bold=False, spacing=1.25):
    """Draw wrapped text inside ``rect``; return the y below the last line."""
    y = rect[1]
    step = int(size * spacing) + 2
    for line in wrap(words, size, rect[2], bold):
        text(surface, line, (rect[0], y), size=size, colour=colour, bold=bold)
        y += step
    return y
