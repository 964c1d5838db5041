"""Calabria's pictures, drawn once per size and cached: stone tiles, the two
armies, their leaders, the wooden barricades, the Alligatus shackle and the
words set in the view's own type.

The two armies differ in more than colour: a Roman carries a tall oblong
shield under a crest across his helmet, a Gladiator a round shield under a
single upright fin, and each side's barricades are lashed with a small shield
of the same shape.  The colours come from the palette in use
(``views/palette.py``), part of every cached sprite's key.

Each sprite is drawn three times too large and smoothed down, which gives
clean edges without anti-aliasing every primitive by hand.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from ... import assets
from ..drawing import mix, shade
from ..palette import DEFAULT, current

SS = 3  # supersampling factor

#: Each army's shades in the game's own palette; ``schemes()`` gives the palette in use.
ROMAN, GLADIATOR = DEFAULT.calabria
LAUREL = ((120, 150, 40), (200, 190, 70), (250, 226, 110))


def schemes() -> tuple:
    """The Romans' and the Gladiators' shades in the palette in use."""
    return current().calabria


def _finish(big: pygame.Surface, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (size, size))


def _ball(surf, centre, r, light, dark, steps=18, lift=(-0.35, -0.4)):
    """A shaded dome: concentric discs drifting toward the light."""
    cx, cy = centre
    for k in range(steps):
        t = k / (steps - 1)
        rr = r * (1 - t * 0.82)
        ox = cx + lift[0] * r * t
        oy = cy + lift[1] * r * t
        pygame.draw.circle(surf, mix(dark, light, t ** 0.8), (ox, oy), rr)


def _cylinder_fill(surf, rect, light, dark, mask_draw):
    """Fill ``rect`` with a left-lit horizontal curve (a bent shield), clipped by ``mask_draw``."""
    rect = pygame.Rect(rect)
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for x in range(rect.left, rect.right):
        u = (x - rect.left) / max(1, rect.width - 1)
        k = 1.0 - abs(u - 0.36) * 2.1
        colour = mix(dark, light, max(0.0, k) ** 0.9)
        pygame.draw.line(layer, colour, (x, rect.top), (x, rect.bottom))
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask_draw(mask, (255, 255, 255, 255))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, (0, 0))


def _plinth(s, S, scheme):
    """The little base every figure stands on, and its shadow on the board."""
    cast = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.ellipse(cast, (0, 0, 0, 60), (S * 0.08, S * 0.75, S * 0.86, S * 0.23))
    pygame.draw.ellipse(cast, (0, 0, 0, 70), (S * 0.12, S * 0.77, S * 0.78, S * 0.18))
    s.blit(cast, (S * 0.01, S * 0.0))
    pygame.draw.ellipse(s, shade(scheme["base"], 0.55), (S * 0.13, S * 0.74, S * 0.74, S * 0.2))
    pygame.draw.ellipse(s, scheme["base"], (S * 0.13, S * 0.72, S * 0.74, S * 0.18))
    pygame.draw.ellipse(s, scheme["metal"], (S * 0.13, S * 0.72, S * 0.74, S * 0.18), max(2, S // 60))


def _laurel(s, S, cx, cy, w, h):
    """A golden laurel wreath: two arcs of leaves meeting at the front."""
    for side in (-1, 1):
        for k in range(7):
            a = math.pi * (0.55 + 0.5 * k / 6)
            x = cx + side * math.cos(a) * -w / 2
            y = cy - math.sin(a) * h / 2
            leaf = pygame.Surface((int(S * 0.09), int(S * 0.05)), pygame.SRCALPHA)
            pygame.draw.ellipse(leaf, LAUREL[1], leaf.get_rect())
            pygame.draw.ellipse(leaf, LAUREL[2], leaf.get_rect().inflate(-leaf.get_width() // 2,
                                                                         -leaf.get_height() // 2))
            pygame.draw.ellipse(leaf, shade(LAUREL[1], 0.6), leaf.get_rect(), max(1, S // 120))
            angle = math.degrees(a) * side + (90 if side > 0 else -90) + 20 * side
            leaf = pygame.transform.rotate(leaf, angle)
            s.blit(leaf, leaf.get_rect(center=(x, y)))
    pygame.draw.circle(s, (255, 240, 170), (cx, cy - h * 0.02), S * 0.018)


# --- the figures ----------------------------------------------------------------

def _roman(s, S, scheme, dux):
    m = scheme
    line = max(2, S // 70)
    # transverse crest: a fan of red bristles over the helmet (wider for the Dux)
    cw = 0.56 if dux else 0.44
    crest = pygame.Rect(0, 0, S * cw, S * 0.24)
    crest.center = (S * 0.5, S * 0.17)
    pygame.draw.ellipse(s, shade(m["crest"], 0.5), crest.move(0, S * 0.012))
    pygame.draw.ellipse(s, m["crest"], crest)
    for k in range(-6, 7):
        x = S * 0.5 + k * crest.width / 15
        pygame.draw.line(s, shade(m["crest"], 1.25 if k % 2 else 0.8),
                         (x, crest.top + S * 0.03 + abs(k) * S * 0.006),
                         (S * 0.5 + k * S * 0.012, crest.bottom - S * 0.02), line)
    # the crest holder
    pygame.draw.rect(s, m["metal_dark"], (S * 0.47, S * 0.17, S * 0.06, S * 0.08))
    # helmet bowl with a brow band and cheek guards
    _ball(s, (S * 0.5, S * 0.33), S * 0.15, m["metal_light"], m["metal_dark"])
    pygame.draw.arc(s, m["metal_dark"], (S * 0.35, S * 0.2, S * 0.3, S * 0.26), math.pi * 1.05,
                    math.pi * 1.95, line)
    for side in (-1, 1):
        guard = [(S * (0.5 + side * 0.14), S * 0.34), (S * (0.5 + side * 0.15), S * 0.46),
                 (S * (0.5 + side * 0.09), S * 0.5), (S * (0.5 + side * 0.085), S * 0.36)]
        pygame.draw.polygon(s, m["metal"], guard)
        pygame.draw.polygon(s, m["metal_dark"], guard, line)
    pygame.draw.rect(s, (40, 26, 20), (S * 0.41, S * 0.36, S * 0.18, S * 0.1), border_radius=S // 40)
    pygame.draw.line(s, m["metal_light"], (S * 0.36, S * 0.345), (S * 0.64, S * 0.345), line)
    if dux:
        _laurel(s, S, S * 0.5, S * 0.31, S * 0.34, S * 0.2)
    # the scutum: a tall curved rectangle, crimson with a gold rim
    shield = pygame.Rect(S * 0.2, S * 0.4, S * 0.6, S * 0.46)
    radius = int(S * 0.05)
    pygame.draw.rect(s, (0, 0, 0, 110), shield.move(S * 0.015, S * 0.02), border_radius=radius)
    _cylinder_fill(s, shield, m["light"], m["dark"],
                   lambda mk, c: pygame.draw.rect(mk, c, shield, border_radius=radius))
    pygame.draw.rect(s, m["metal"], shield, max(3, S // 36), border_radius=radius)
    pygame.draw.rect(s, m["metal_dark"], shield, max(1, S // 110), border_radius=radius)
    cx, cy = shield.center
    # gold wings and thunderbolts round the boss
    for sx in (-1, 1):
        for sy in (-1, 1):
            pts = [(cx + sx * S * 0.05, cy + sy * S * 0.03), (cx + sx * S * 0.2, cy + sy * S * 0.17),
                   (cx + sx * S * 0.12, cy + sy * S * 0.1), (cx + sx * S * 0.2, cy + sy * S * 0.06)]
            pygame.draw.lines(s, m["metal"], False, pts, max(2, S // 45))
    pygame.draw.line(s, m["metal"], (shield.left + S * 0.05, cy), (shield.right - S * 0.05, cy),
                     max(2, S // 50))
    boss_r = S * (0.085 if dux else 0.07)
    pygame.draw.circle(s, m["metal_dark"], (cx + S * 0.006, cy + S * 0.01), boss_r)
    _ball(s, (cx, cy), boss_r, m["metal_light"], m["metal_dark"], steps=10)
    if dux:
        _star(s, (cx, cy), boss_r * 0.7, (150, 20, 24))


def _gladiator(s, S, scheme, dux):
    m = scheme
    line = max(2, S // 70)
    # murmillo fin: a tall narrow crest seen from the front
    fin = pygame.Rect(0, 0, S * (0.12 if dux else 0.09), S * 0.26)
    fin.midbottom = (S * 0.5, S * 0.3)
    pygame.draw.ellipse(s, shade(m["crest"], 0.55), fin.move(S * 0.01, S * 0.01))
    pygame.draw.ellipse(s, m["crest"], fin)
    pygame.draw.ellipse(s, shade(m["crest"], 1.35), fin.inflate(-fin.width * 0.6, -fin.height * 0.25)
                        .move(-fin.width * 0.15, 0))
    if dux:
        for side in (-1, 1):   # two side feathers for the head gladiator
            feather = pygame.Rect(0, 0, S * 0.07, S * 0.2)
            feather.midbottom = (S * (0.5 + side * 0.13), S * 0.3)
            pygame.draw.ellipse(s, shade(m["crest"], 0.85), feather)
    # the helmet: a bronze dome, a broad brim, a grilled visor
    _ball(s, (S * 0.5, S * 0.34), S * 0.14, m["metal_light"], m["metal_dark"])
    brim = pygame.Rect(0, 0, S * 0.46, S * 0.09)
    brim.center = (S * 0.5, S * 0.42)
    pygame.draw.ellipse(s, m["metal_dark"], brim.move(0, S * 0.01))
    pygame.draw.ellipse(s, m["metal"], brim)
    pygame.draw.ellipse(s, m["metal_light"], brim.inflate(-brim.width * 0.3, -brim.height * 0.55)
                        .move(-brim.width * 0.06, -brim.height * 0.15))
    visor = pygame.Rect(0, 0, S * 0.19, S * 0.14)
    visor.midtop = (S * 0.5, S * 0.29)
    pygame.draw.ellipse(s, shade(m["metal"], 0.8), visor)
    pygame.draw.ellipse(s, m["metal_dark"], visor, line)
    for row in range(3):
        for col in range(4 - (row == 2)):
            x = visor.left + visor.width * (0.22 + col * 0.19 + (0.09 if row == 2 else 0))
            y = visor.top + visor.height * (0.28 + row * 0.22)
            pygame.draw.circle(s, (24, 16, 10), (x, y), S * 0.014)
    if dux:
        _laurel(s, S, S * 0.5, S * 0.31, S * 0.36, S * 0.22)
    # the round shield (parma): bronze with teal bands and rivets
    cx, cy, r = S * 0.5, S * 0.64, S * (0.25 if dux else 0.235)
    pygame.draw.circle(s, (0, 0, 0, 110), (cx + S * 0.015, cy + S * 0.02), r)
    _ball(s, (cx, cy), r, m["metal_light"], m["metal_dark"], steps=22, lift=(-0.25, -0.3))
    pygame.draw.circle(s, m["main"], (cx, cy), r * 0.84, max(3, int(r * 0.16)))
    pygame.draw.circle(s, m["light"], (cx - r * 0.03, cy - r * 0.03), r * 0.84,
                       max(1, int(r * 0.04)))
    pygame.draw.circle(s, m["dark"], (cx, cy), r, max(1, S // 90))
    for k in range(10):
        a = k * math.pi / 5
        pygame.draw.circle(s, m["metal_light"], (cx + math.cos(a) * r * 0.93,
                                                 cy + math.sin(a) * r * 0.93), S * 0.011)
    pygame.draw.circle(s, m["main"], (cx, cy), r * 0.46, max(2, S // 60))
    boss = r * 0.28
    pygame.draw.circle(s, m["metal_dark"], (cx + S * 0.006, cy + S * 0.01), boss)
    _ball(s, (cx, cy), boss, m["metal_light"], m["metal_dark"], steps=10)
    if dux:
        _star(s, (cx, cy), boss * 0.75, shade(m["dark"], 0.9))


def _star(s, centre, r, colour):
    cx, cy = centre
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    pygame.draw.polygon(s, colour, pts)


def figure(side: int, dux: bool, size: int) -> pygame.Surface:
    """A Roman (side 0) or Gladiator (side 1) standing on its base, ``size`` pixels square."""
    return _figure(side, dux, max(8, int(size)), current())


@lru_cache(maxsize=32)
def _figure(side, dux, size, palette) -> pygame.Surface:
    S = size * SS
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    scheme = palette.calabria[side]
    _plinth(s, S, scheme)
    if side == 0:
        _roman(s, S, scheme, dux)
    else:
        _gladiator(s, S, scheme, dux)
    return _finish(s, size)


def ghost(side: int, dux: bool, size: int, alpha: int = 120) -> pygame.Surface:
    return _ghost(side, dux, size, alpha, current())


@lru_cache(maxsize=32)
def _ghost(side, dux, size, alpha, palette) -> pygame.Surface:
    img = figure(side, dux, size).copy()
    img.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return img


# --- barricades -----------------------------------------------------------------

def _plank(s, a, b, width, colour):
    """A rough timber from ``a`` to ``b`` with grain, sharpened at both ends."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    w = width / 2
    tip = width * 0.9
    pts = [(ax, ay), (ax + ux * tip + nx * w, ay + uy * tip + ny * w),
           (bx - ux * tip + nx * w, by - uy * tip + ny * w), (bx, by),
           (bx - ux * tip - nx * w, by - uy * tip - ny * w),
           (ax + ux * tip - nx * w, ay + uy * tip - ny * w)]
    shadow = [(x + width * 0.25, y + width * 0.35) for x, y in pts]
    pygame.draw.polygon(s, (0, 0, 0, 100), shadow)
    pygame.draw.polygon(s, colour, pts)
    light = shade(colour, 1.25)
    dark = shade(colour, 0.62)
    pygame.draw.line(s, light, (ax + ux * tip + nx * w * 0.6, ay + uy * tip + ny * w * 0.6),
                     (bx - ux * tip + nx * w * 0.6, by - uy * tip + ny * w * 0.6), max(1, int(w * 0.35)))
    for k in (-0.2, 0.25):
        pygame.draw.line(s, shade(colour, 0.8), (ax + ux * tip * 1.5 + nx * w * k, ay + uy * tip * 1.5 + ny * w * k),
                         (bx - ux * tip * 1.8 + nx * w * k, by - uy * tip * 1.8 + ny * w * k),
                         max(1, int(w * 0.12)))
    pygame.draw.polygon(s, dark, pts, max(1, int(w * 0.18)))


def barricade(side: int, size: int) -> pygame.Surface:
    """A cheval de frise: two crossed sharpened stakes on a beam, lashed with the owner's
    rope and bearing the owner's shield: oblong for the Romans, round for the Gladiators."""
    return _barricade(side, max(8, int(size)), current())


@lru_cache(maxsize=16)
def _barricade(side, size, palette) -> pygame.Surface:
    S = size * SS
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    wood = (150, 100, 54)
    w = S * 0.13
    _plank(s, (S * 0.08, S * 0.62), (S * 0.92, S * 0.62), w * 1.05, shade(wood, 0.82))
    _plank(s, (S * 0.16, S * 0.2), (S * 0.84, S * 0.86), w, wood)
    _plank(s, (S * 0.84, S * 0.2), (S * 0.16, S * 0.86), w, shade(wood, 1.08))
    scheme = palette.calabria[side]
    rope = scheme["rope"]
    cx, cy = S * 0.5, S * 0.53
    for k in range(-2, 3):
        pygame.draw.line(s, shade(rope, 0.7), (cx - S * 0.08, cy + k * S * 0.025 - S * 0.03),
                         (cx + S * 0.08, cy + k * S * 0.025 + S * 0.03), max(2, S // 40))
        pygame.draw.line(s, rope, (cx - S * 0.08, cy + k * S * 0.025 - S * 0.035),
                         (cx + S * 0.08, cy + k * S * 0.025 + S * 0.025), max(1, S // 70))
    # the owner's shield hung where the stakes cross, the same shape as its army's
    rim = max(2, S // 45)
    if side == 0:
        plate = pygame.Rect(0, 0, S * 0.2, S * 0.27)
        plate.center = (cx, cy - S * 0.02)
        pygame.draw.rect(s, (0, 0, 0, 110), plate.move(S * 0.015, S * 0.02), border_radius=S // 40)
        pygame.draw.rect(s, scheme["main"], plate, border_radius=S // 40)
        pygame.draw.rect(s, scheme["metal"], plate, rim, border_radius=S // 40)
    else:
        r = S * 0.13
        pygame.draw.circle(s, (0, 0, 0, 110), (cx + S * 0.015, cy + S * 0.02), r)
        pygame.draw.circle(s, scheme["metal"], (cx, cy - S * 0.01), r)
        pygame.draw.circle(s, scheme["main"], (cx, cy - S * 0.01), r * 0.78, max(2, int(r * 0.3)))
    pygame.draw.circle(s, scheme["metal_light"], (cx, cy - S * 0.01), S * 0.025)
    for x in (0.2, 0.8):
        pygame.draw.circle(s, (60, 56, 52), (S * x, S * 0.62), S * 0.018)
        pygame.draw.circle(s, (170, 166, 160), (S * x - S * 0.005, S * 0.615), S * 0.008)
    return _finish(s, size)


# --- marks ----------------------------------------------------------------------

@lru_cache(maxsize=8)
def shackle(size: int) -> pygame.Surface:
    """Two iron chain links on a dark badge: this piece is held in Alligatus."""
    size = max(8, int(size))
    S = size * SS
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(s, (30, 24, 22, 230), (S / 2, S / 2), S * 0.48)
    pygame.draw.circle(s, (210, 200, 190), (S / 2, S / 2), S * 0.48, max(2, S // 18))
    iron, light, dark = (150, 154, 160), (225, 230, 236), (60, 62, 66)
    for (x, y, ang) in ((0.36, 0.38, 45), (0.64, 0.62, -45)):
        link = pygame.Surface((S * 0.46, S * 0.26), pygame.SRCALPHA)
        r = link.get_rect()
        pygame.draw.ellipse(link, dark, r)
        pygame.draw.ellipse(link, iron, r.inflate(-S * 0.03, -S * 0.03))
        pygame.draw.ellipse(link, light, r.inflate(-S * 0.08, -S * 0.1).move(0, -S * 0.02), max(1, S // 40))
        pygame.draw.ellipse(link, (0, 0, 0, 0), r.inflate(-S * 0.16, -S * 0.14))
        link = pygame.transform.rotate(link, ang)
        s.blit(link, link.get_rect(center=(S * x, S * y)))
    return _finish(s, size)


# --- the board ------------------------------------------------------------------

STYLES = {
    # marble: white Carrara and grey bardiglio squares in a darker marble frame
    "stone": {"tiles": ((242, 238, 228), (178, 178, 174)), "texture": "marble",
              "frame": (112, 106, 100), "frame_texture": "marble.png",
              "ink": (244, 238, 228), "engrave": (40, 34, 30)},
    # darker stone: travertine and brown-grey basalt squares in a wooden frame
    "wood": {"tiles": ((214, 192, 152), (138, 124, 106)), "texture": "grain",
             "frame": None, "frame_texture": "wood.png",
             "ink": (250, 234, 200), "engrave": (52, 30, 14)},
}


@lru_cache(maxsize=4)
def stone_texture(kind: str, seed: int = 5) -> pygame.Surface:
    """A 256-pixel stone texture: clouds of several scales, plus veins or grain."""
    if kind == "marble":
        return assets.scaled("marble.png", (256, 256))
    rng = random.Random(seed)
    out = pygame.Surface((256, 256))
    out.fill((150, 150, 150))
    for cells, weight in ((4, 150), (9, 110), (22, 80), (64, 60)):
        small = pygame.Surface((cells, cells))
        for y in range(cells):
            for x in range(cells):
                v = rng.randrange(70, 230)
                small.set_at((x, y), (v, v, v))
        big = pygame.transform.smoothscale(small, (256, 256))
        big.set_alpha(weight)
        out.blit(big, (0, 0))
    # pits and speckles of a travertine-like stone
    for _ in range(260):
        x, y = rng.randrange(256), rng.randrange(256)
        v = rng.randrange(90, 130) if rng.random() < 0.7 else rng.randrange(180, 210)
        r = 1 if rng.random() < 0.8 else 2
        pygame.draw.circle(out, (v, v, v), (x, y), r)
    for _ in range(8):   # a few faint bedding lines
        y = rng.randrange(256)
        pts = [(x, y + 6 * math.sin(x / 40 + rng.random())) for x in range(0, 257, 16)]
        pygame.draw.lines(out, (132, 132, 132), False, pts, 1)
    return out


def tile(style: str, light: bool, size: int, seed: int) -> pygame.Surface:
    """One square of polished stone with a bevel; veins differ from square to square."""
    spec = STYLES.get(style, STYLES["wood"])
    rng = random.Random(seed)
    tex = stone_texture(spec["texture"])
    crop = max(24, min(200, int(size * 1.3)))
    x, y = rng.randrange(0, 256 - crop), rng.randrange(0, 256 - crop)
    piece = pygame.transform.smoothscale(tex.subsurface((x, y, crop, crop)), (size, size))
    if rng.random() < 0.5:
        piece = pygame.transform.flip(piece, True, False)
    if rng.random() < 0.5:
        piece = pygame.transform.rotate(piece, 90)
    colour = spec["tiles"][0 if light else 1]
    wob = rng.uniform(0.97, 1.03)
    tint = pygame.Surface((size, size))
    tint.fill(shade(colour, wob * 1.02))
    piece.blit(tint, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    lift = pygame.Surface((size, size))
    lift.fill(shade(colour, 0.3))
    piece.blit(lift, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    edge = max(1, size // 26)
    bevel = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.polygon(bevel, (255, 255, 255, 70), [(0, 0), (size, 0), (size - edge, edge),
                                                     (edge, edge), (edge, size - edge), (0, size)])
    pygame.draw.polygon(bevel, (0, 0, 0, 80), [(size, size), (0, size), (edge, size - edge),
                                               (size - edge, size - edge), (size - edge, edge),
                                               (size, 0)])
    piece.blit(bevel, (0, 0))
    return piece


# --- marks on the squares -------------------------------------------------------

@lru_cache(maxsize=16)
def square_glow(size: int, colour: tuple, alpha: int) -> pygame.Surface:
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    img.fill((*colour, alpha))
    return img


@lru_cache(maxsize=8)
def target(size: int, jump: bool) -> pygame.Surface:
    """The mark of a square a held piece may go to: a dot for a slide, a ring for a jump landing."""
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size / 2, size / 2)
    if jump:
        pygame.draw.circle(img, (30, 16, 4, 150), centre, size * 0.36, max(3, size // 12))
        pygame.draw.circle(img, (255, 214, 110, 235), centre, size * 0.34, max(2, size // 16))
        pygame.draw.circle(img, (255, 214, 110, 200), centre, size * 0.08)
    else:
        pygame.draw.circle(img, (30, 16, 4, 110), (centre[0] + 1, centre[1] + 2), size * 0.15)
        pygame.draw.circle(img, (255, 236, 180, 215), centre, size * 0.14)
        pygame.draw.circle(img, (150, 100, 30, 220), centre, size * 0.14, max(1, size // 28))
    return img


@lru_cache(maxsize=4)
def barricade_spot(size: int) -> pygame.Surface:
    """A square where a barricade may go: a small pale pair of crossed stakes."""
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    m, n = size * 0.38, size * 0.62
    for a, b in (((m, m), (n, n)), ((n, m), (m, n))):
        pygame.draw.line(img, (40, 24, 8, 110), (a[0] + 1, a[1] + 2), (b[0] + 1, b[1] + 2),
                         max(3, size // 12))
        pygame.draw.line(img, (255, 226, 160, 210), a, b, max(2, size // 16))
    return img


@lru_cache(maxsize=8)
def ring(size: int, colour: tuple) -> pygame.Surface:
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(img, (*colour, 255), (size / 2, size / 2), size * 0.47, max(3, size // 12))
    pygame.draw.circle(img, (*colour, 90), (size / 2, size / 2), size * 0.40, max(2, size // 20))
    return img


@lru_cache(maxsize=4)
def shadow(size: int) -> pygame.Surface:
    img = pygame.Surface((int(size * 0.8), int(size * 0.3)), pygame.SRCALPHA)
    pygame.draw.ellipse(img, (0, 0, 0, 80), img.get_rect())
    return img
