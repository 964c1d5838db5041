"""The one place images, fonts, sounds and the theme are loaded from.

Everything is cached: an image scaled to a size is made once.  Sound is
optional: if the mixer cannot start, every ``play`` is silently skipped.
"""

from __future__ import annotations

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


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(_font_file(bold), max(6, int(size)))


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
         shadow=False):
    """Draw ``words`` at ``pos`` (anchored as a pygame Rect attribute); return its rect."""
    f = font(size, bold)
    img = f.render(str(words), True, colour)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(f.render(str(words), True, (0, 0, 0)), rect.move(1, 2))
    surface.blit(img, rect)
    return rect


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
    while size > smallest and font(size, bold).size(str(words))[0] > width:
        size -= 1
    return size


def ellipsized(words: str, size: int, width: int, bold: bool = False) -> str:
    """``words``, cut and ended with an ellipsis where needed to fit ``width`` pixels at
    ``size`` (nothing at all if not even the ellipsis fits)."""
    words = str(words)
    f = font(size, bold)
    if f.size(words)[0] <= width:
        return words
    low, high = 0, len(words)       # the longest start of ``words`` that fits with the ellipsis
    while low < high:
        mid = (low + high + 1) // 2
        if f.size(words[:mid].rstrip() + "\u2026")[0] <= width:
            low = mid
        else:
            high = mid - 1
    if low == 0 and f.size("\u2026")[0] > width:
        return ""
    return words[:low].rstrip() + "\u2026"


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``words`` into lines that fit ``width`` pixels at ``size``."""
    f = font(size, bold)
    lines, line = [], ""
    for word in str(words).split():
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= width or not line:
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
