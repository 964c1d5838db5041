"""Make the generated images and sounds under assets/.

Run from the project root:  python tools/make_assets.py
The output is committed, so players never need to run this; it is kept so
that every sprite and sound can be remade or changed.
"""

from __future__ import annotations

import math
import os
import random
import struct
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "assets" / "images"
SOUNDS = ROOT / "assets" / "sounds"
RATE = 22050


# --- images -------------------------------------------------------------------

def _noise_grid(rng, w, h):
    return [[rng.random() for _ in range(w + 1)] for _ in range(h + 1)]


def _smooth(grid, x, y):
    x0, y0 = int(x), int(y)
    fx, fy = x - x0, y - y0
    fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    a = grid[y0][x0] * (1 - fx) + grid[y0][x0 + 1] * fx
    b = grid[y0 + 1][x0] * (1 - fx) + grid[y0 + 1][x0 + 1] * fx
    return a * (1 - fy) + b * fy


def wood(size=(512, 512), seed=3, base=(150, 98, 56), dark=(104, 62, 32)):
    """A plank of wood: long wavy grain lines along x with soft noise."""
    rng = random.Random(seed)
    w, h = size
    coarse = _noise_grid(rng, 8, 8)
    fine = _noise_grid(rng, 64, 16)
    surf = pygame.Surface(size)
    for y in range(h):
        for x in range(w):
            n = _smooth(coarse, x / w * 8 * 0.999, y / h * 8 * 0.999)
            f = _smooth(fine, x / w * 64 * 0.999, y / h * 16 * 0.999)
            ring = math.sin((y / h * 38 + n * 6.0) * math.pi)
            t = 0.5 + 0.35 * ring + 0.25 * (f - 0.5)
            t = max(0.0, min(1.0, t))
            c = tuple(int(dark[i] + (base[i] - dark[i]) * t) for i in range(3))
            surf.set_at((x, y), c)
    return surf


def stone(size=(256, 256), seed=11, base=(196, 190, 178), vein=(150, 142, 130)):
    """Pale marble: soft clouds with a few darker veins."""
    rng = random.Random(seed)
    w, h = size
    coarse = _noise_grid(rng, 6, 6)
    mid = _noise_grid(rng, 24, 24)
    surf = pygame.Surface(size)
    for y in range(h):
        for x in range(w):
            n = _smooth(coarse, x / w * 6 * 0.999, y / h * 6 * 0.999)
            m = _smooth(mid, x / w * 24 * 0.999, y / h * 24 * 0.999)
            v = abs(math.sin((x / w * 3 + y / h * 2 + n * 3) * math.pi))
            t = 0.75 + 0.2 * m - 0.35 * (1 - v) ** 8
            t = max(0.0, min(1.0, t))
            c = tuple(int(vein[i] + (base[i] - vein[i]) * t) for i in range(3))
            surf.set_at((x, y), c)
    return surf


def cube(colour, size=64):
    """A small shaded cube seen from above and the front (three faces)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    s = size
    top = [(s * 0.5, s * 0.06), (s * 0.94, s * 0.28), (s * 0.5, s * 0.5), (s * 0.06, s * 0.28)]
    left = [(s * 0.06, s * 0.28), (s * 0.5, s * 0.5), (s * 0.5, s * 0.96), (s * 0.06, s * 0.74)]
    right = [(s * 0.5, s * 0.5), (s * 0.94, s * 0.28), (s * 0.94, s * 0.74), (s * 0.5, s * 0.96)]

    def shade(k):
        return tuple(max(0, min(255, int(c * k))) for c in colour)

    pygame.draw.polygon(surf, shade(1.18), top)
    pygame.draw.polygon(surf, shade(0.86), left)
    pygame.draw.polygon(surf, shade(0.62), right)
    edge = shade(0.45)
    for face in (top, left, right):
        pygame.draw.aalines(surf, edge, True, face)
    # a highlight on the top face
    pygame.draw.aaline(surf, shade(1.45), (s * 0.2, s * 0.28), (s * 0.5, s * 0.13))
    return surf


# --- sounds -------------------------------------------------------------------

def _write_wav(path, samples):
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 30000))
                                 for s in samples))


def _tone(freqs, seconds, decay=8.0, attack=0.004, noise=0.0, seed=1):
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        v = sum(a * math.sin(2 * math.pi * f * t) for f, a in freqs)
        v += noise * (rng.random() * 2 - 1)
        out.append(v * env)
    return out


def _concat(*parts, gap=0.0):
    out = []
    for p in parts:
        out.extend(p)
        out.extend([0.0] * int(RATE * gap))
    return out


def make_sounds():
    SOUNDS.mkdir(parents=True, exist_ok=True)
    # a cube dropped into a wooden shield: a short knock
    _write_wav(SOUNDS / "sow.wav", _tone([(820, 0.35), (1640, 0.12), (410, 0.2)], 0.09,
                                         decay=55, noise=0.15))
    # a capture: two rising notes
    _write_wav(SOUNDS / "capture.wav", _concat(_tone([(523, 0.4), (1046, 0.1)], 0.14, decay=14),
                                               _tone([(784, 0.4), (1568, 0.1)], 0.28, decay=9)))
    # a free turn: a bright ping
    _write_wav(SOUNDS / "free.wav", _tone([(1318, 0.35), (2636, 0.08)], 0.3, decay=12))
    # the end of the game: a small arpeggio
    _write_wav(SOUNDS / "end.wav", _concat(*[_tone([(f, 0.35), (2 * f, 0.08)], 0.22, decay=7)
                                             for f in (523, 659, 784, 1046)]))
    # low time on a clock
    _write_wav(SOUNDS / "warn.wav", _concat(_tone([(880, 0.4)], 0.12, decay=20),
                                            _tone([(880, 0.4)], 0.12, decay=20), gap=0.05))
    # a piece put down (placement games)
    _write_wav(SOUNDS / "place.wav", _tone([(300, 0.4), (600, 0.15)], 0.12, decay=35, noise=0.1))


def make_images():
    IMAGES.mkdir(parents=True, exist_ok=True)
    pygame.image.save(wood(), str(IMAGES / "wood.png"))
    pygame.image.save(wood((256, 256), seed=8, base=(120, 74, 40), dark=(78, 44, 22)),
                      str(IMAGES / "wood_dark.png"))
    pygame.image.save(stone(), str(IMAGES / "marble.png"))
    pygame.image.save(cube((222, 176, 92)), str(IMAGES / "cube.png"))


def main(argv):
    pygame.init()
    what = set(argv) or {"images", "sounds"}
    if "images" in what:
        make_images()
    if "sounds" in what:
        make_sounds()
    print("assets written to", ROOT / "assets")


if __name__ == "__main__":
    main(sys.argv[1:])
