"""Callisto's trays: each colour's remaining pieces beside the board, in piles,
with the colour's name, player, pieces left and points in the header.

``Trays`` is the part of ``CallistoView`` that owns the trays: where each one
and each of its piles lies, which pile the pointer is over, and their drawing
(one cached layer, redrawn when the position or the piece in hand changes).
Each pile lies in a place of its own, drawn as a well at least ``MIN_TARGET``
pixels across that a click anywhere in picks the pile up, with its count on a
pill in the well's corner, clear of the piece and of its neighbours.  Where the
column is too small for every tray to show its pieces at a useful size (three
and four colours in a small window), the colour to move gets the room and the
others are shown compact: a strip of small pieces, not to be picked from anyway.
The tray of the colour to move glows, and pieces that fit nowhere are faded; the
piece of the Hint button's move is ringed in its colour's tray, in the hint's own
light blue, so that it is the one picked up and not a piece that looks like it.
It reads the state and the piece in hand that the view passes it.
"""

from __future__ import annotations

import pygame

from game.callisto import PIECE_INDEX, PIECES, orientation
from game.i18n import _, number

from ... import assets
from ..base import INK, pulse
from ..drawing import MIN_TARGET, PILL_TEXT, count_pill, engrave, lighten
from ..palette import current
from .board import HINT
from .pieces import mark_of, piece_surface, shadow_surface, sink, tray_turn

#: The size of a square of the pieces in the colour to move's tray below which the
#: other colours' trays are shown compact to give it the room: with three or four
#: colours (whose trays share the column, and whose board wants the width), and with
#: two (each tray has half the column, so only in a window smaller than any allowed).
FULL_UNIT = {2: 13, 3: 19, 4: 19}
#: The largest square of the pieces in the colour to move's tray when it takes the room.
LARGEST_UNIT = 24


def left_in_tray(state, held: str | None, colour: int, piece: str) -> int:
    """How many of ``piece`` still lie in ``colour``'s tray (one may be in hand)."""
    count = state.left[colour][PIECE_INDEX[piece]]
    if held == piece and state.colour == colour:
        count -= 1
    return count


class Tray:
    """Where one colour's pieces lie beside the board."""

    def __init__(self, colour: int, rect: pygame.Rect):
        self.colour = colour
        self.rect = rect
        self.header = pygame.Rect(rect.x, rect.y, rect.width, 0)
        self.slots: dict[str, pygame.Rect] = {}
        self.unit = 8
        self.badge_size = PILL_TEXT     # text size of a pile's count
        self.compact = False            # a strip of small pieces, no counts, no wells


class Trays:
    """Every colour's tray, one above the other; ``trays[colour]`` is that colour's
    ``Tray``, and there are none when the view shows the board alone."""

    def __init__(self, names: tuple, titles: list, live: bool):
        self.names = names          # each tray's colour ("Blue"...)
        self.marks = tuple(mark_of(name) for name in names)
        self.titles = titles        # each tray's header: its colour, and its player's name
        self.live = live            # a game in play: the mover's tray says so and fades misfits
        self.area = pygame.Rect(0, 0, 0, 0)
        self._trays: list[Tray] = []
        self.hover: tuple | None = None     # (colour, piece) of the pile under the pointer
        self._layer = None
        self._layer_for = None              # (state, held) the layer shows
        self._focus: dict = {}              # colour -> the glow round its tray
        self.column: pygame.Rect | None = None
        self.mover = 0                      # the colour whose tray gets the room

    def __len__(self) -> int:
        return len(self._trays)

    @property
    def rgbs(self) -> tuple:
        """Each tray's colour, in the palette in use."""
        palette = current()
        return tuple(palette.callisto[name] for name in self.names)

    def __getitem__(self, colour: int) -> Tray:
        return self._trays[colour]

    def __iter__(self):
        return iter(self._trays)

    # --- where things are -------------------------------------------------------------
    def fit(self, column: pygame.Rect | None) -> None:
        """Stack the trays in the middle of ``column``; None: no trays are shown."""
        self.column = column
        self._lay()

    def follow(self, mover: int | None) -> None:
        """``mover`` is the colour to move now: where the other trays are compact, its
        tray takes the room (at the end of a game the last one keeps it)."""
        if mover is None or mover == self.mover:
            return
        self.mover = mover
        if any(tray.compact for tray in self._trays):
            self._lay()

    def _lay(self) -> None:
        self._trays = []
        self._layer = None
        self._focus.clear()
        column = self.column
        if column is None:
            self.area = pygame.Rect(0, 0, 0, 0)
            return
        rects, compact = self._plan(column)
        self.area = rects[0].unionall(rects[1:])
        self._trays = [self._layout_compact(colour, r) if compact[colour]
                       else self._layout_tray(colour, r) for colour, r in enumerate(rects)]

    def unit_for(self, column: pygame.Rect) -> int:
        """The size of a square of the pieces in the colour to move's tray, with the trays
        stacked in ``column``."""
        rects, compact = self._plan(column)
        return _grid(rects[min(self.mover, len(rects) - 1)])[0]

    def _plan(self, column: pygame.Rect) -> tuple:
        """(each tray's rectangle, whether each is compact): all alike when the pieces
        are large enough so, else the colour to move's large and the others compact."""
        n = len(self.rgbs)
        spacing = max(6, column.height // 80)
        tray_h = min((column.height - spacing * (n - 1)) // n, int(column.width * 1.05))
        heights = [tray_h] * n
        compact = [False] * n
        full = _grid(pygame.Rect(0, 0, column.width, tray_h))[0]
        if n > 1 and full < FULL_UNIT.get(n, FULL_UNIT[4]):
            best = None
            for rows in (2, 1):          # strips of two rows where that costs the mover nothing
                strip = _strip_height(column.width, rows)
                big = min(column.height - (strip + spacing) * (n - 1), int(column.width * 1.3))
                unit = _grid(pygame.Rect(0, 0, column.width, big))[0]
                while unit > LARGEST_UNIT and big > tray_h:   # no larger than a board's squares
                    big -= 4
                    unit = _grid(pygame.Rect(0, 0, column.width, big))[0]
                if unit > full and (best is None or unit > best[0]):
                    best = (unit, big, strip)
            if best is not None:
                unit, big, strip = best
                mover = min(self.mover, n - 1)
                heights = [big if c == mover else strip for c in range(n)]
                compact = [c != mover for c in range(n)]
        total = sum(heights) + spacing * (n - 1)
        y = column.y + (column.height - total) // 2
        rects = []
        for h in heights:
            rects.append(pygame.Rect(column.x, y, column.width, h))
            y += h + spacing
        return rects, compact

    def _layout_tray(self, colour: int, rect: pygame.Rect) -> Tray:
        tray = Tray(colour, rect)
        tray.unit, cols, area, tray.badge_size = _grid(rect)
        tray.header = pygame.Rect(rect.x, rect.y, rect.width, area.y - 2 - rect.y)
        rows = -(-len(PIECES) // cols)
        sw, sh = area.width / cols, area.height / rows
        for i, piece in enumerate(PIECES):
            col, row = i % cols, i // cols
            tray.slots[piece.name] = pygame.Rect(int(area.x + col * sw), int(area.y + row * sh),
                                                 int(sw) - 2, int(sh) - 2)
        return tray

    def _layout_compact(self, colour: int, rect: pygame.Rect) -> Tray:
        """A tray shown as a strip: its header, and under it every pile in one or two
        rows of small pieces (what that colour has left, at a glance)."""
        tray = Tray(colour, rect)
        tray.compact = True
        head = _head(rect.height, compact=True)
        tray.header = pygame.Rect(rect.x, rect.y, rect.width, head)
        area = pygame.Rect(rect.x + 5, rect.y + head + 1, rect.width - 10,
                           rect.height - head - 4)
        rows = 2 if area.height >= 2 * (3 * 6 + 4) else 1
        cols = -(-len(PIECES) // rows)
        sw, sh = area.width / cols, area.height / rows
        for i, piece in enumerate(PIECES):
            col, row = i % cols, i // cols
            tray.slots[piece.name] = pygame.Rect(int(area.x + col * sw), int(area.y + row * sh),
                                                 int(sw) - 1, int(sh) - 1)
        tray.unit = max(2, min(min((s.width - 2) // _extent(p)[0], (s.height - 2) // _extent(p)[1])
                               for p, s in zip(PIECES, tray.slots.values())))
        return tray

    def slot_at(self, pos) -> tuple | None:
        """``(colour, piece name or None)`` of the tray under ``pos``, or None."""
        for tray in self._trays:
            if tray.rect.collidepoint(pos):
                for name, slot in tray.slots.items():
                    if slot.collidepoint(pos):
                        return tray.colour, name
                return tray.colour, None
        return None

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface, state, held: str | None, hint: tuple | None = None) -> None:
        """The trays for ``state`` with ``held`` in the hand of the colour to move, the
        mover's tray glowing, the pile under the pointer outlined and the ``hint``'s
        ``(colour, piece)`` ringed."""
        surface.blit(self._trays_layer(state, held), self.area.topleft)
        self._draw_focus(surface, state.colour, held)
        if hint is not None:
            self._draw_hint(surface, *hint)

    def _trays_layer(self, state, held) -> pygame.Surface:
        if self._layer is not None and self._layer_for[0] is state \
                and self._layer_for[1:] == (held, current()):
            return self._layer
        self._layer_for = (state, held, current())
        area = self.area
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        mover = state.colour
        playable = state.playable_pieces() if mover is not None and self.live else None
        for tray in self._trays:
            colour = tray.colour
            rgb = self.rgbs[colour]
            r = tray.rect.move(-area.x, -area.y)
            radius = max(6, min(r.height // 14, 12))
            pygame.draw.rect(layer, (28, 20, 15, 215), r, border_radius=radius)
            felt = r.inflate(-6, -6)
            felt.top = r.y + tray.header.height
            felt.height = r.bottom - felt.top - 3
            pygame.draw.rect(layer, (*sink(rgb, 0.72), 150), felt, border_radius=radius // 2)
            pygame.draw.rect(layer, (0, 0, 0, 90), felt, 1, border_radius=radius // 2)
            pygame.draw.rect(layer, (*sink(rgb, 0.2), 255), r, 2, border_radius=radius)
            self._draw_tray_header(layer, state, tray, r)
            out = bool(state.out >> colour & 1)
            for name, slot in tray.slots.items():
                self._draw_slot(layer, tray, name, slot.move(-area.x, -area.y),
                                left_in_tray(state, held, colour, name),
                                dim=(colour == mover and playable is not None
                                     and name not in playable))
            if mover is not None and colour != mover:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                pygame.draw.rect(shade, (0, 0, 0, 95 if out else 60), shade.get_rect(),
                                 border_radius=radius)
                layer.blit(shade, r.topleft)
            if out and not state.is_over:
                words = _("OUT: cannot move")
                size = assets.fitting_size(words, max(14, min(30, r.height // 5)),
                                           r.width - 24, bold=True, smallest=11)
                img = assets.font(size, True).render(words, True, (255, 210, 190))
                if not tray.compact:
                    img = pygame.transform.rotate(img, 8)
                layer.blit(img, img.get_rect(center=r.center))
        self._layer = layer
        return layer

    def _draw_tray_header(self, layer, state, tray, r) -> None:
        colour = tray.colour
        rgb = self.rgbs[colour]
        head = tray.header.height
        size = max(11, int(head * 0.55))
        x = r.x + 10
        cy = r.y + head // 2 + 2
        # the colour's swatch with its mark: the tray's legend
        pygame.draw.circle(layer, rgb, (x + size // 2, cy), size // 2)
        pygame.draw.circle(layer, lighten(rgb, 0.5), (x + size // 2 - 1, cy - 1), size // 2, 1)
        engrave(layer, self.marks[colour], (x + size // 2, cy), size * 0.32, rgb,
                max(1, size // 10))
        x += size + 6
        turn = state.colour == colour
        left = sum(state.left[colour])
        small_size = max(10, size - 3)
        points = number(state.colour_scores[colour])
        # TRANSLATORS: under a colour's tray: squares of pieces left, and its points
        choices = [_("{left} left  {points} pts").format(left=number(left), points=points),
                   _("{left} left").format(left=number(left))]
        if turn and self.live:
            choices.insert(0, _("to move  {left} left  {points} pts").format(
                left=number(left), points=points))
        # the title (colour and player) is cut to leave room for at least the count left
        title_room = r.right - 10 - x - 14 - assets.measure(choices[-1], small_size, turn)
        rect = assets.text(layer, self.titles[colour], (x, cy), size=size, bold=True,
                           colour=lighten(rgb, 0.45) if turn else (214, 200, 180),
                           anchor="midleft", width=title_room)
        room = r.right - 10 - (rect.right + 14)
        for info in choices:
            if assets.measure(info, small_size, turn) <= room:
                assets.text(layer, info, (r.right - 10, cy), size=small_size, bold=turn,
                            colour=lighten(rgb, 0.55) if turn else INK, anchor="midright")
                break

    def _draw_slot(self, layer, tray, name, slot, count, dim=False) -> None:
        u = tray.unit
        shape = orientation(name, tray_turn(name))
        body = piece_surface(self.rgbs[tray.colour], shape, u, self.marks[tray.colour])
        piece = PIECES[PIECE_INDEX[name]]
        if tray.compact:       # one small piece a pile, faded once none is left
            pos = body.get_rect(center=slot.center)
            if count <= 0 or dim:
                body = body.copy()
                body.set_alpha(34 if count <= 0 else 110)
            layer.blit(body, pos)
            return
        # the pile's own place, a well a click anywhere in picks it up
        pygame.draw.rect(layer, (255, 255, 255, 16), slot, border_radius=5)
        pygame.draw.rect(layer, (0, 0, 0, 70), slot, 1, border_radius=5)
        pile, room, tag = _pile_place(piece, u, slot, tray.badge_size)
        pos = body.get_rect(bottomleft=room.bottomleft)
        if count <= 0:
            ghost = body.copy()
            ghost.set_alpha(34)
            layer.blit(ghost, pos)
            return
        step = pile // 2 if pile else 0
        for k in range(min(count, 3) - 1, 0, -1):     # the rest of the pile, behind
            under = pos.move(k * step, -k * step)
            layer.blit(shadow_surface(shape, u, 70), under.move(1, 2))
            back = body.copy()
            back.set_alpha(150)
            layer.blit(back, under)
        layer.blit(shadow_surface(shape, u, 90), pos.move(max(1, u // 5), max(1, u // 4)))
        if dim:
            faded = body.copy()
            faded.set_alpha(110)
            layer.blit(faded, pos)
        else:
            layer.blit(body, pos)
        if count > 1 and tag is not None:
            pill = count_pill(f"x{count}", tray.badge_size, self.rgbs[tray.colour])
            layer.blit(pill, pill.get_rect(bottomright=tag.bottomright))

    def badges(self, state, held: str | None = None) -> list:
        """Where each pile's count lies, as ``(pill, the pile's place, the pile)``
        rectangles on the screen and the pill's picture, for every pile of more than one
        piece in a tray that shows counts (the drawing puts them exactly there)."""
        found = []
        for tray in self._trays:
            if tray.compact:
                continue
            for name, slot in tray.slots.items():
                count = left_in_tray(state, held, tray.colour, name)
                piece = PIECES[PIECE_INDEX[name]]
                pile, room, tag = _pile_place(piece, tray.unit, slot, tray.badge_size)
                if count > 1 and tag is not None:
                    pill = count_pill(f"x{count}", tray.badge_size, self.rgbs[tray.colour])
                    found.append((pill.get_rect(bottomright=tag.bottomright), slot, room, pill))
        return found

    def piece_rect(self, colour: int, name: str) -> pygame.Rect:
        """Where the pile of ``name`` is drawn in ``colour``'s tray (its copies behind
        included), inside its place."""
        tray = self._trays[colour]
        slot = tray.slots[name]
        if tray.compact:
            w, h = _extent(PIECES[PIECE_INDEX[name]])
            return pygame.Rect(0, 0, w * tray.unit, h * tray.unit).move(
                slot.centerx - w * tray.unit // 2, slot.centery - h * tray.unit // 2)
        return _pile_place(PIECES[PIECE_INDEX[name]], tray.unit, slot, tray.badge_size)[1]

    def _draw_focus(self, surface, mover, held) -> None:
        if mover is not None and mover < len(self._trays):
            tray = self._trays[mover]
            glow = self._focus.get((mover, current()))
            if glow is None:
                glow = pygame.Surface(tray.rect.inflate(8, 8).size, pygame.SRCALPHA)
                radius = max(6, tray.rect.height // 14) + 4
                pygame.draw.rect(glow, (*lighten(self.rgbs[mover], 0.3), 255), glow.get_rect(), 3,
                                 border_radius=radius)
                self._focus[(mover, current())] = glow
            glow.set_alpha(int(120 + 120 * pulse()))
            surface.blit(glow, tray.rect.inflate(8, 8).topleft)
        if self.hover is not None and held is None:
            colour, name = self.hover
            slot = self._trays[colour].slots[name]
            pygame.draw.rect(surface, (255, 240, 200), slot, 2, border_radius=6)

    def _draw_hint(self, surface, colour: int, name: str) -> None:
        """A ring round the hinted piece's place in its tray: dark under light blue so it
        reads on any tray colour, thick enough to see in the smallest trays, its halo
        breathing like the hint's squares on the board."""
        if colour >= len(self._trays) or name not in self._trays[colour].slots:
            return
        slot = self._trays[colour].slots[name]
        width = max(3, self._trays[colour].unit // 4)
        ring = slot.inflate(2, 2)
        radius = max(6, slot.height // 5)
        halo = pygame.Surface(ring.inflate(4 * width, 4 * width).size, pygame.SRCALPHA)
        pygame.draw.rect(halo, (*HINT, int(40 + 70 * pulse())), halo.get_rect(), 2 * width,
                         border_radius=radius + 2 * width)
        surface.blit(halo, ring.inflate(4 * width, 4 * width).topleft)
        pygame.draw.rect(surface, (10, 20, 30), ring.inflate(2, 2), width + 2,
                         border_radius=radius + 1)
        pygame.draw.rect(surface, HINT, ring, width, border_radius=radius)


# --- how the piles lie in a tray ---------------------------------------------------------

MARGIN = 3          # pixels kept free round each pile in its place
PILL_INSET = 2      # between a count's pill and the corner of its pile's place


def _extent(piece) -> tuple:
    """(width, height) of ``piece`` as it lies in the tray, in squares."""
    shape = orientation(piece.name, tray_turn(piece.name))
    return max(x for x, _ in shape) + 1, max(y for _, y in shape) + 1


def _pill_size(badge_size: int) -> tuple:
    """(width, height) of the widest count a pile shows ("x3")."""
    return count_pill("x3", badge_size, (0, 0, 0)).get_size()


def _pile_place(piece, unit: int, slot: pygame.Rect, badge_size: int):
    """(pile offset, the rectangle the pile fills, the corner its count's pill goes in)
    for ``piece`` in ``slot``: the pill in the place's bottom right corner and the pile
    above it or to its left, never under it; (offset, None, None) when it does not fit."""
    w, h = _extent(piece)
    pile = 2 * max(1, unit // 6) if piece.count > 1 else 0      # two copies peep out behind
    pw, ph = w * unit + pile, h * unit + pile
    box = slot.inflate(-2 * MARGIN, -2 * MARGIN)
    room = pygame.Rect(0, 0, pw, ph)
    if piece.count <= 1:
        if pw > box.width or ph > box.height:
            return pile, None, None
        room.center = box.center
        return pile, room, None
    bw, bh = _pill_size(badge_size)
    tag = pygame.Rect(0, 0, bw, bh)
    tag.bottomright = (slot.right - PILL_INSET, slot.bottom - PILL_INSET)
    if bw + 2 * PILL_INSET > slot.width or bh + 2 * PILL_INSET > slot.height:
        return pile, None, None
    above = pygame.Rect(box.x, box.y, box.width, tag.top - 1 - box.y)
    beside = pygame.Rect(box.x, box.y, tag.left - 1 - box.x, box.height)
    for part in (above, beside):
        if pw <= part.width and ph <= part.height:
            room.center = part.center
            return pile, room, tag
    return pile, None, None


def _head(height: int, compact: bool = False) -> int:
    """The height of a tray's header line."""
    if compact:
        return max(16, min(22, height // 2))
    return max(16, min(30, height // 7))


def _strip_height(width: int, rows: int = 1) -> int:
    """The height of a compact tray ``width`` pixels wide: its header and ``rows`` rows of
    small pieces, each square of them 2 to 8 pixels."""
    cols = -(-len(PIECES) // rows)
    widest = max(_extent(p)[0] for p in PIECES)
    unit = max(2, min(8, int((width - 10) / cols - 3) // widest))
    if rows > 1:
        unit = max(unit, 6)
    return _head(0, compact=True) + rows * (3 * unit + 4) + 6


def _grid(rect: pygame.Rect) -> tuple:
    """(unit, columns, pieces' area, count text size) of the grid of piles that gives the
    largest pieces in a tray ``rect``: every place at least ``MIN_TARGET`` pixels across,
    each pile's count on a pill in its corner."""
    head = _head(rect.height)
    area = pygame.Rect(rect.x + 5, rect.y + head + 2, rect.width - 10, rect.height - head - 6)
    badge_size = max(PILL_TEXT, min(16, rect.height // 12))
    best = (0, 6)
    for cols in (12, 6, 4, 3, 2):
        rows = -(-len(PIECES) // cols)
        slot = pygame.Rect(0, 0, int(area.width / cols) - 2, int(area.height / rows) - 2)
        if min(slot.size) < MIN_TARGET:
            continue
        unit = min(slot.width, slot.height) // 3
        while unit > best[0] and not all(_pile_place(p, unit, slot, badge_size)[1]
                                         for p in PIECES):
            unit -= 1
        if unit > best[0]:
            best = (unit, cols)
    return max(1, best[0]), best[1], area, badge_size
