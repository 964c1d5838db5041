"""Make the generated images, sounds and the app icon under assets/.

Run from the project root:  python tools/make_assets.py [images] [sounds] [icons]
The output is committed, so players never need to run this; it is kept so
that every sprite and sound can be remade or changed.
"""

from __future__ import annotations

import io
import math
import os
import random
import shutil
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
ICONS = ROOT / "assets" / "icons"
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


# --- the app icon -------------------------------------------------------------
# A "C" of playing chips (Calliro's orange, blue and green) around a gold Calla cube, on
# a walnut tile with a brass rim: drawn large and scaled down, so every size is smooth.

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
CHIPS = ((238, 134, 34), (38, 108, 214), (40, 160, 70))
BRASS = (214, 172, 104)
GOLD = (232, 186, 98)


def _shade(colour, k):
    return tuple(max(0, min(255, int(c * k))) for c in colour[:3])


def _mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def _rounded_mask(size, rect, radius):
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=int(radius))
    return mask


def _soft(surf, factor=24):
    """A blurred copy (scaled down and up again), for shadows."""
    w, h = surf.get_size()
    small = pygame.transform.smoothscale(surf, (max(1, w // factor), max(1, h // factor)))
    return pygame.transform.smoothscale(small, (w, h))


def _tile(S, margin, radius, detailed):
    """The walnut tile with its brass rim, on a transparent canvas of S x S."""
    canvas = pygame.Surface((S, S), pygame.SRCALPHA)
    rect = pygame.Rect(margin, margin, S - 2 * margin, S - 2 * margin)
    shadow = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 120), rect.move(0, S * 0.02), border_radius=int(radius))
    canvas.blit(_soft(shadow, 32) if detailed else shadow, (0, 0))
    face = pygame.Surface((S, S), pygame.SRCALPHA)
    if detailed:
        grain = wood((256, 256), seed=8, base=(128, 80, 44), dark=(84, 48, 24))
        face.blit(pygame.transform.smoothscale(grain, rect.size), rect.topleft)
    else:
        for y in range(rect.height):
            c = _mix((124, 78, 44), (78, 46, 24), y / rect.height)
            pygame.draw.line(face, c, (rect.x, rect.y + y), (rect.right, rect.y + y))
    # lit from the top left: bright in the middle, darker towards the edges
    shade = pygame.Surface((S, S), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    steps = 32
    for i in range(steps):          # each smaller circle replaces the darker one under it
        t = i / (steps - 1)
        pygame.draw.circle(shade, (0, 0, 0, int(110 * (1 - t) ** 1.5)),
                           (int(S * 0.44), int(S * 0.4)), int(S * (0.8 - 0.55 * t)))
    face.blit(shade, (0, 0))
    face.blit(_rounded_mask((S, S), rect, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    canvas.blit(face, (0, 0))
    rim = max(1, int(S * 0.028))
    pygame.draw.rect(canvas, _shade(BRASS, 0.55), rect, rim + max(1, rim // 2),
                     border_radius=int(radius))
    pygame.draw.rect(canvas, BRASS, rect.inflate(-rim, -rim), rim,
                     border_radius=int(radius - rim / 2))
    pygame.draw.rect(canvas, (255, 232, 180), rect.inflate(-rim, -rim), max(1, rim // 3),
                     border_radius=int(radius - rim / 2))
    return canvas, rect


def _chip(surf, centre, r, colour):
    """A glossy playing chip seen from above, with its shadow and rim."""
    x, y = centre
    shadow = pygame.Surface((int(r * 3), int(r * 3)), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 0, 0, 150), (int(r * 1.5), int(r * 1.5)), int(r))
    surf.blit(_soft(shadow, 8), (x - r * 1.5 + r * 0.08, y - r * 1.5 + r * 0.22))
    pygame.draw.circle(surf, _shade(colour, 0.45), (x, y + r * 0.1), r)            # the edge
    pygame.draw.circle(surf, _shade(colour, 0.95), (x, y), r * 0.96)               # the face
    for i in range(12):                                                            # its dome
        t = i / 12
        pygame.draw.circle(surf, _mix(_shade(colour, 0.95), _shade(colour, 1.25), t),
                           (x - r * 0.12 * t, y - r * 0.14 * t), r * (0.9 - 0.45 * t))
    pygame.draw.circle(surf, _shade(colour, 0.7), (x, y), r * 0.7, max(1, int(r * 0.07)))
    shine = pygame.Surface((int(r * 2), int(r * 2)), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (255, 255, 255, 120), (r * 0.45, r * 0.25, r * 0.8, r * 0.42))
    surf.blit(shine, (x - r, y - r))


def _big_icon(S=1024):
    canvas, rect = _tile(S, int(S * 0.055), S * 0.2, detailed=True)
    c = (S * 0.5, S * 0.5)
    # the board's round well that holds the chips
    well = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(well, (20, 10, 4, 120), c, S * 0.39)
    pygame.draw.circle(well, (255, 226, 170, 60), (c[0], c[1] + S * 0.012), S * 0.39,
                       int(S * 0.012))
    canvas.blit(_soft(well, 6), (0, 0))
    ring, r = S * 0.275, S * 0.1
    for i in range(6):              # the "C", open to the right: two chips of each colour
        angle = math.radians(60 + i * 48)
        centre = (c[0] + ring * math.cos(angle), c[1] - ring * math.sin(angle))
        _chip(canvas, centre, r, CHIPS[i // 2])
    gold = cube(GOLD, int(S * 0.28))
    canvas.blit(gold, gold.get_rect(center=(c[0] + S * 0.1, c[1] + S * 0.005)))
    return canvas


def _small_icon(S=1024):
    """For 16 and 24 pixels: the same tile with a bold gold "C" and the cube as one block."""
    canvas, rect = _tile(S, int(S * 0.03), S * 0.18, detailed=False)
    c = (S * 0.5, S * 0.5)
    width = int(S * 0.17)
    box = pygame.Rect(0, 0, S * 0.62, S * 0.62)
    box.center = c
    pygame.draw.arc(canvas, _shade(GOLD, 0.5), box.move(0, S * 0.03), math.radians(45),
                    math.radians(315), width)
    pygame.draw.arc(canvas, GOLD, box, math.radians(45), math.radians(315), width)
    dot = pygame.Rect(0, 0, S * 0.2, S * 0.2)
    dot.center = (c[0] + S * 0.19, c[1])
    pygame.draw.rect(canvas, (255, 236, 190), dot)
    return canvas


def _scaled(big, size):
    surf = big
    while surf.get_width() // 2 >= size:          # halve step by step: a clean box filter
        surf = pygame.transform.smoothscale(surf, (surf.get_width() // 2,) * 2)
    return pygame.transform.smoothscale(surf, (size, size))


def _png(surf) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surf, out, "icon.png")
    return out.getvalue()


def ico_bytes(pngs: dict) -> bytes:
    """A Windows .ico holding ``{size: png bytes}`` (PNG entries are valid since Vista)."""
    sizes = sorted(pngs)
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    for size in sizes:
        side = 0 if size >= 256 else size               # 0 stands for 256
        out += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(pngs[size]), offset)
        offset += len(pngs[size])
    return out + b"".join(pngs[size] for size in sizes)


#: Apple's PNG-based .icns entries: type -> pixels.
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
              ("ic09", 512), ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))


def icns_bytes(pngs: dict) -> bytes:
    """A macOS .icns of PNG entries, from ``{size: png bytes}``."""
    body = b"".join(kind.encode() + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES if size in pngs)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons():
    ICONS.mkdir(parents=True, exist_ok=True)
    big, small = _big_icon(), _small_icon()
    pngs = {}
    for size in ICON_SIZES + (512,):
        pngs[size] = _png(_scaled(small if size <= 24 else big, size))
        if size in ICON_SIZES:
            (ICONS / f"callidus-{size}.png").write_bytes(pngs[size])
    (ICONS / "callidus.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICON_SIZES}))
    (ICONS / "callidus.icns").write_bytes(icns_bytes(pngs))


# Fonts for the glyphs the main font (pygame_gui's Noto Sans) lacks, copied with their
# licences from Debian's packages: fonts-noto-ui-core (Noto Sans Arabic UI, regular and bold,
# about 0.5 MB, SIL Open Font Licence: Persian and Arabic, shaped by HarfBuzz, its line
# height Noto Sans's own), fonts-dejavu-core (symbols such as chess men, about
# 0.7 MB, DejaVu's free licence) and fonts-droid-fallback (Chinese, Japanese and Korean
# ideographs and kana, about 4 MB, Apache 2.0) and fonts-nanum (Korean Hangul, its 2.3 MB
# Gothic Coding face, SIL Open Font Licence). The full Noto CJK fonts (about 19 MB each) are
# left out of the app on purpose.
FONT_SOURCES = (
    ("/usr/share/fonts/truetype/noto/NotoSansArabicUI-Regular.ttf",
     "/usr/share/doc/fonts-noto-ui-core/copyright", "NotoSansArabicUI-LICENSE.txt"),
    ("/usr/share/fonts/truetype/noto/NotoSansArabicUI-Bold.ttf",
     "/usr/share/doc/fonts-noto-ui-core/copyright", "NotoSansArabicUI-LICENSE.txt"),
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
     "/usr/share/doc/fonts-dejavu-core/copyright", "DejaVuSans-LICENSE.txt"),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
     "/usr/share/doc/fonts-droid-fallback/copyright", "DroidSansFallbackFull-LICENSE.txt"),
    ("/usr/share/fonts/truetype/nanum/NanumGothicCoding.ttf",
     "/usr/share/doc/fonts-nanum/copyright", "NanumGothicCoding-LICENSE.txt"),
)


def make_fonts():
    out = ROOT / "assets" / "fonts"
    out.mkdir(parents=True, exist_ok=True)
    for font_file, licence, licence_name in FONT_SOURCES:
        source = Path(font_file)
        if not source.exists():
            print(f"missing {font_file}: install the Debian package that provides it")
            continue
        shutil.copyfile(source, out / source.name)
        shutil.copyfile(licence, out / licence_name)


def main(argv):
    pygame.init()
    what = set(argv) or {"images", "sounds", "icons", "fonts"}
    if "fonts" in what:
        make_fonts()
    if "images" in what:
        make_images()
    if "sounds" in what:
        make_sounds()
    if "icons" in what:
        make_icons()
    print("assets written to", ROOT / "assets")


if __name__ == "__main__":
    main(sys.argv[1:])
