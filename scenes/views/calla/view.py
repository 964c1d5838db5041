"""Calla's board: two rows of five carved shields and a calla at each end.

Player A sits at the bottom: A's shields run left to right (indices 0-4)
into A's calla on the right; B's shields run along the top from right to
left (6-10) into B's calla on the left, so cubes travel counter-clockwise
as on the real table.  One human playing B against the computer sees the
board turned round, as from B's chair (the "turn the board" setting): B's
shields along the bottom into B's calla on the right.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.calla import CALLA, PLAYER_NAMES, facing, owner, shield_index
from game.i18n import _, isolated, ngettext, number, pgettext

from ... import assets
from ..base import GOLD, INK, BoardView, pulse, says_side, seat_label
from ..cursor import Area
from ..palette import current

CUBE_TINTS = ((236, 190, 100), (226, 176, 84), (244, 204, 120), (214, 166, 80))
def ordinal(k: int) -> str:
    """The ``k``-th (1 to 5) of a player's shields, as a sentence counts it: "1st"."""
    # TRANSLATORS: a shield counted from the one farthest from its calla: "1st shield"
    return (pgettext("shield", "1st"), pgettext("shield", "2nd"), pgettext("shield", "3rd"),
            pgettext("shield", "4th"), pgettext("shield", "5th"))[k - 1]


HIGHLIGHT = (255, 226, 140)
CAPTURE = (255, 120, 90)


@lru_cache(maxsize=256)
def _heap(index: int, count: int, w: int, h: int, cube: int) -> tuple:
    """Stable positions (relative to the pit centre) for ``count`` heaped cubes.

    Cubes settle in a loose pile: the first ones spread over the floor of the
    well, later ones rest on top, nearer the middle.
    """
    rng = random.Random(index * 1000 + count)
    room_x = max(1.0, (w - cube) * 0.36)
    room_y = max(1.0, (h - cube) * 0.30)
    floor = max(3, int((room_x * room_y) / (cube * cube * 0.22)))
    spots = []
    for i in range(count):
        layer = i // floor
        shrink = 0.85 ** layer
        angle = rng.random() * 6.283
        radius = (rng.random() ** 0.6) * min(1.0, 0.35 + count / 14)
        x = radius * room_x * shrink * math.cos(angle)
        y = radius * room_y * shrink * math.sin(angle) - layer * cube * 0.3
        spots.append((x, y, rng.randrange(len(CUBE_TINTS)), layer))
    spots.sort(key=lambda s: (s[3], s[1]))
    return tuple(spots)


@lru_cache(maxsize=16)
def _cube_sprite(size: int, tint: int) -> pygame.Surface:
    base = assets.scaled("cube.png", (size, size)).copy()
    tinted = pygame.Surface(base.get_size(), pygame.SRCALPHA)
    tinted.fill((*CUBE_TINTS[tint], 255))
    base.blit(tinted, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    # multiplying darkens; lift it back so the tints read as warm wood-yellow
    base.blit(tinted, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    base.blit(assets.scaled("cube.png", (size, size)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return base


class CallaView(BoardView):
    hurry_takes_click = True      # a click during the sowing only hurries the cubes along

    @classmethod
    def side_names(cls, variant=None) -> tuple:
        return PLAYER_NAMES

    @classmethod
    def seat_names(cls, variant=None) -> tuple:
        return tuple(_("Player {side}").format(side=side) for side in PLAYER_NAMES)

    @classmethod
    def side_words(cls, variant=None) -> tuple:
        return (_("A, the bottom row"), _("B, the top row"))

    @property
    def player_colours(self) -> tuple:
        """A's and B's colours (their labels, seats and chart lines), in the palette in use;
        the labels name the side in words as well."""
        return current().calla

    def seat_marks(self) -> tuple:
        """Calla has no pieces of a side: its seats carry their side's letter, as the
        board's labels name them."""
        return tuple((side,) for side in PLAYER_NAMES)

    def __init__(self, app, spec, seats=None, variant=None):
        super().__init__(app, spec, seats, variant)
        self.pits_rects: list[pygame.Rect] = []
        self.board_rect = pygame.Rect(0, 0, 10, 10)
        self._board_cache = None
        self._board_style = None
        self.hover: int | None = None         # board index under the mouse
        self.dragging: int | None = None      # board index whose cubes are held
        self.pointer = (0, 0)
        # animation: a queue of steps applied to the displayed pits
        self.shown: list[int] | None = None
        self.steps: list[tuple] = []
        self.step_timer = 0.0
        self.hand: tuple[int, int] | None = None  # (cubes in hand, origin) during sowing
        self.flash: dict[int, float] = {}         # pit -> seconds of highlight left
        self.turned = False        # drawn from B's side: B's shields along the bottom

    # --- layout --------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        self.turned = self.faces_far_side()
        w = min(rect.width, int(rect.height * 2.3))
        # the players' labels above and below the board (_draw_side_labels) stay in the rect
        while w > 100 and int(w / 2.3) + _label_room(int(w / 2.3)) > rect.height:
            w -= 4
        h = int(w / 2.3)
        self.board_rect = pygame.Rect(0, 0, w, h)
        self.board_rect.center = rect.center
        b = self.board_rect
        margin = int(w * 0.03)
        calla_w = int(w * 0.12)
        inner = pygame.Rect(b.x + margin * 2 + calla_w, b.y + margin,
                            w - 2 * (margin * 2 + calla_w), h - 2 * margin)
        gap = int(inner.width * 0.02)
        pit_w = (inner.width - 4 * gap) // 5
        pit_h = (inner.height - 3 * gap) // 2
        rects = [None] * 12
        for i in range(5):
            x = inner.x + i * (pit_w + gap)
            rects[i] = pygame.Rect(x, inner.bottom - pit_h, pit_w, pit_h)        # A, bottom row
            rects[10 - i] = pygame.Rect(x, inner.y, pit_w, pit_h)               # B, top row
        calla_h = h - 2 * margin
        rects[5] = pygame.Rect(b.right - margin - calla_w, b.y + margin, calla_w, calla_h)
        rects[11] = pygame.Rect(b.x + margin, b.y + margin, calla_w, calla_h)
        if self.turned:     # a half turn: each pit lies where the pit across the board was
            rects = [rects[(i + 6) % 12] for i in range(12)]
        self.pits_rects = rects
        self._board_cache = None

    def _follow_settings(self) -> None:
        """Turn the board when the setting has changed (from the pause menu)."""
        if self.faces_far_side() != self.turned:
            self.layout(self.rect)

    def _near_player(self) -> int:
        """The player whose shields run along the bottom: A, or B on a turned board."""
        return 1 if self.turned else 0

    def _top_row(self, index: int) -> bool:
        """Whether the shield ``index`` is drawn in the top row."""
        return index not in CALLA and owner(index) != self._near_player()

    def _board_surface(self) -> pygame.Surface:
        if self._board_cache is not None and self._board_style == self._style():
            return self._board_cache
        self._board_style = self._style()
        b = self.board_rect
        style = "marble.png" if self._style() == "stone" else "wood.png"
        surf = pygame.Surface(b.size, pygame.SRCALPHA)
        texture = assets.scaled(style, b.size)
        mask = pygame.Surface(b.size, pygame.SRCALPHA)
        radius = b.height // 6
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        surf.blit(texture, (0, 0))
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        # bevel: light top-left edge, dark bottom-right
        pygame.draw.rect(surf, (255, 235, 200, 70), surf.get_rect(), 3, border_radius=radius)
        pygame.draw.rect(surf, (0, 0, 0, 90), surf.get_rect().inflate(-6, -6), 2,
                         border_radius=radius)
        for index, rect in enumerate(self.pits_rects):
            local = rect.move(-b.x, -b.y)
            self._carve(surf, local, index in CALLA, top_row=self._top_row(index))
        self._board_cache = surf
        return surf

    def _style(self) -> str:
        return self.board_style()

    @staticmethod
    def _shield_points(r: pygame.Rect, point_up: bool) -> list:
        """A heater shield: a flat edge, straight sides, then convex curves to a point."""
        top = r.bottom if point_up else r.top
        sign = -1 if point_up else 1
        side = r.height * 0.42
        tip = (r.centerx, top + sign * r.height)
        pts = [(r.left, top), (r.right, top), (r.right, top + sign * side)]
        ctrl = (r.right, top + sign * r.height * 0.86)
        start = pts[-1]
        steps = 12
        for k in range(1, steps + 1):
            t = k / steps
            x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * ctrl[0] + t * t * tip[0]
            y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * ctrl[1] + t * t * tip[1]
            pts.append((x, y))
        left_start = (r.left, top + sign * side)
        left_ctrl = (r.left, ctrl[1])
        for k in range(steps - 1, -1, -1):
            t = k / steps
            x = (1 - t) ** 2 * left_start[0] + 2 * (1 - t) * t * left_ctrl[0] + t * t * tip[0]
            y = (1 - t) ** 2 * left_start[1] + 2 * (1 - t) * t * left_ctrl[1] + t * t * tip[1]
            pts.append((x, y))
        return pts

    def _carve(self, surf, rect, is_calla, top_row) -> None:
        """A well cut into the board: dark floor, shadow under the far lip, light near lip."""
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = shade.get_rect()
        if is_calla:
            pygame.draw.ellipse(shade, (36, 18, 8, 175), local)
            pygame.draw.ellipse(shade, (0, 0, 0, 70), local.inflate(-8, -14).move(0, -6))
            pygame.draw.ellipse(shade, (60, 32, 14, 120), local.inflate(-18, -40).move(0, 10))
            pygame.draw.ellipse(shade, (255, 230, 190, 80), local, 2)
        else:
            pts = self._shield_points(local.inflate(-2, -2).move(0, 0), point_up=top_row)
            pygame.draw.polygon(shade, (36, 18, 8, 170), pts)
            inner = self._shield_points(local.inflate(-16, -16), point_up=top_row)
            inner = [(x, y + 5) for x, y in inner]
            pygame.draw.polygon(shade, (66, 36, 16, 120), inner)
            pygame.draw.lines(shade, (255, 230, 190, 90), True, pts, 2)
        surf.blit(shade, rect.topleft)

    # --- state and animation ---------------------------------------------------
    def set_state(self, state, previous=None) -> None:
        super().set_state(state, previous)
        self.steps = []
        self.hand = None
        self.dragging = None
        self.hover = None
        last = getattr(state, "last", None)
        if previous is None or last is None:
            self.shown = list(state.pits)
            return
        # Replay the sowing cube by cube on top of the previous pits.
        self.shown = list(previous.pits)
        path, origin = last["path"], last["origin"]
        self.steps.append(("lift", origin, len(path)))
        for index in path:
            self.steps.append(("drop", index))
        if last["capture"]:
            self.steps.append(("capture", last["capture"], last["player"]))
        self.steps.append(("settle", state))
        self.step_timer = 0.12

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def scores_so_far(self) -> tuple | None:
        if not self.steps or self.shown is None:
            return None
        return tuple(self.shown[calla] for calla in CALLA)

    def finish_animation(self) -> None:
        while self.steps:
            self._apply(self.steps.pop(0), quiet=True)

    def _apply(self, step, quiet=False) -> None:
        kind = step[0]
        if kind == "lift":
            _kind, origin, n = step
            self.shown[origin] = 0
            self.hand = (n, origin)
        elif kind == "drop":
            index = step[1]
            self.shown[index] += 1
            if self.hand:
                self.hand = (self.hand[0] - 1, index)
            self.flash[index] = 0.35
            if not quiet:
                self.sound("sow")
        elif kind == "capture":
            capture, player = step[1], step[2]
            self.shown[capture["landing"]] = 0
            self.shown[capture["facing"]] = 0
            self.shown[CALLA[player]] += capture["count"]
            self.flash[capture["facing"]] = 0.8
            self.flash[CALLA[player]] = 0.8
            self.sound("capture")
            self.announce(_("Capture!"), CAPTURE, small=ngettext(
                "{n} cube to {name}'s calla", "{n} cubes to {name}'s calla",
                capture["count"]).format(n=number(capture["count"]),
                                         name=isolated(self._name(player))))
        elif kind == "settle":
            state = step[1]
            self.shown = list(state.pits)
            self.hand = None
            last = state.last
            if last["win"]:
                self.sound("end")
                self.announce(_("{n} cubes!").format(n=number(17)), GOLD, 3.0,
                              small=_("{name} wins").format(name=isolated(self._name(
                                  last["player"]))))
            elif state.is_over:
                self.announce(_("Game over"), GOLD, 3.0, small=_short_end(state))
            elif last["free_turn"]:
                self.sound("free")
                self.announce(_("Free turn!"), HIGHLIGHT, small=_("{name} sows again").format(
                    name=isolated(self._name(last["player"]))))

    def _name(self, player: int) -> str:
        return self.seats[player]["name"] if player < len(self.seats) else "AB"[player]

    def update(self, dt: float) -> None:
        super().update(dt)
        self._follow_settings()
        for k in list(self.flash):
            self.flash[k] -= dt
            if self.flash[k] <= 0:
                del self.flash[k]
        if not self.steps:
            return
        self.step_timer -= dt * self.speed
        while self.steps and self.step_timer <= 0:
            step = self.steps.pop(0)
            self._apply(step)
            self.step_timer += {"lift": 0.18, "drop": 0.16, "capture": 0.5}.get(step[0], 0.2)

    def wants_frames(self) -> bool:
        return bool(self.flash) or super().wants_frames()

    # --- input ---------------------------------------------------------------
    def pit_at(self, pos) -> int | None:
        for index, rect in enumerate(self.pits_rects):
            if rect.collidepoint(pos):
                return index
        return None

    def _playable(self, index) -> bool:
        s = self.state
        return (self.can_act() and index is not None
                and index not in CALLA and owner(index) == s.to_move and s.pits[index] > 0)

    def _move_of(self, index) -> int:
        return index - 6 * owner(index) + 1

    def on_motion(self, pos):
        index = self.pit_at(pos)
        self.hover = index if self._playable(index) and not self.busy else None
        self._update_status()

    def on_press(self, pos):
        index = self.pit_at(pos)
        if self._playable(index):
            self.dragging = index
        elif index is not None and self.can_act():
            self.status = self._refusal(index)

    def on_release(self, pos):
        index, self.dragging = self.dragging, None
        if index is not None and (self.board_rect.collidepoint(pos) or self.pit_at(pos) == index):
            return self._move_of(index)
        return None

    def on_key(self, event):
        if self.can_act() and not self.busy and pygame.K_1 <= event.key <= pygame.K_5:
            move = event.key - pygame.K_1 + 1
            if move in self.state.legal_moves():
                return move
        return None

    def key_areas(self) -> list:
        """The ten shields, both rows: the cursor starts on the first one the player to
        move may sow from."""
        shields = tuple(i for i in range(12) if i not in CALLA)
        s = self.state
        home = next((i for i in shields if self._playable(i)),
                    next((i for i in shields if s.to_move is not None and owner(i) == s.to_move),
                         None))
        return [Area("shields", shields, self._shield_and_count, home=home)]

    def _shield_and_count(self, index) -> pygame.Rect:
        """A shield with its count beside it (the cursor goes round both, hiding neither)."""
        rect = self.pits_rects[index]
        tall = _count_image(0, max(14, rect.width // 6)).get_height() + 2
        if self._top_row(index):
            return pygame.Rect(rect.x, rect.y - tall, rect.width, rect.height + tall)
        return pygame.Rect(rect.x, rect.y, rect.width, rect.height + tall)

    def key_home(self) -> str:
        return "shields"

    def _refusal(self, index) -> str:
        s = self.state
        if index in CALLA:
            return _("Callas are never sown from: pick one of your shields.")
        if owner(index) != s.to_move:
            return _("That shield belongs to {name}.").format(
                name=isolated(self._name(1 - s.to_move)))
        return _("That shield is empty.")

    def _update_status(self) -> None:
        if self.hover is None:
            self.status = ""
            return
        path = self.state.preview(self._move_of(self.hover))
        land = path[-1]
        n = len(path)
        if land == CALLA[self.state.to_move]:
            text = ngettext("{n} cube: the last lands in your calla - a free turn.",
                            "{n} cubes: the last lands in your calla - a free turn.", n)
        elif (owner(land) == self.state.to_move and land not in CALLA and
              self.state.pits[land] == 0 and land != self.hover and self.state.pits[facing(land)]):
            text = ngettext("{n} cube: the last lands in an empty shield - a capture.",
                            "{n} cubes: the last lands in an empty shield - a capture.", n)
        else:
            text = ngettext("{n} cube: click, drag or Enter to sow.",
                            "{n} cubes: click, drag or Enter to sow.", n)
        self.status = text.format(n=number(n))

    # --- words -----------------------------------------------------------------
    def describe_move(self, state, move) -> str:
        cubes = state.pits[shield_index(state.to_move, move)]
        return ngettext("{ordinal} shield, {n} cube", "{ordinal} shield, {n} cubes",
                        cubes).format(ordinal=ordinal(move), n=number(cubes))

    def hint_words(self, state, move) -> str:
        cubes = state.pits[shield_index(state.to_move, move)]
        return ngettext("sow from your {ordinal} shield ({n} cube)",
                        "sow from your {ordinal} shield ({n} cubes)",
                        cubes).format(ordinal=ordinal(move), n=number(cubes))

    def prompt(self, state, name) -> str:
        bottom = state.to_move == self._near_player()
        shown = isolated(name)
        if getattr(state, "free_turn", False):
            return (_("Free turn: {name} sows again from the bottom row.") if bottom else
                    _("Free turn: {name} sows again from the top row.")).format(name=shown)
        side = PLAYER_NAMES[state.to_move]
        if says_side(name, side):
            return (_("{name} (bottom row): click one of your shields to sow, or arrows and "
                      "Enter.") if bottom else
                    _("{name} (top row): click one of your shields to sow, or arrows and "
                      "Enter.")).format(name=shown)
        return (_("{name} ({side}, bottom row): click one of your shields to sow, or arrows "
                  "and Enter.") if bottom
                else _("{name} ({side}, top row): click one of your shields to sow, or arrows "
                       "and Enter.")).format(name=shown, side=side)

    def cancel_input(self) -> bool:
        if self.dragging is not None:
            self.dragging = None
            return True
        return False

    # --- drawing ---------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.state is None:
            return
        self._follow_settings()
        b = self.board_rect
        pygame.draw.rect(surface, (0, 0, 0), b.move(6, 8), border_radius=b.height // 6)
        surface.blit(self._board_surface(), b.topleft)
        pits = list(self.shown if self.shown is not None else self.state.pits)
        if self.dragging is not None:
            held = pits[self.dragging]
            pits[self.dragging] = 0
        cube = max(12, int(self.pits_rects[0].width / 3.6))
        self._draw_highlights(surface)
        for index, rect in enumerate(self.pits_rects):
            self._draw_heap(surface, rect, index, pits[index], cube)
            self._draw_count(surface, index, pits[index])
        if self.dragging is not None:
            self._draw_hand(surface, held, self.pointer, cube)
        elif self.hand and self.hand[0] > 0:
            rect = self.pits_rects[self.hand[1]]
            self._draw_hand(surface, self.hand[0], (rect.centerx, rect.y - cube // 2), cube)
        self._draw_side_labels(surface)
        super().draw(surface)

    def _draw_highlights(self, surface) -> None:
        s = self.state
        glow = int(120 + 100 * pulse())
        for index, left in self.flash.items():
            rect = self.pits_rects[index]
            pygame.draw.rect(surface, (255, 240, 200), rect.inflate(6, 6), 2,
                             border_radius=rect.width // 4)
        if self.marks:
            for mark in self.marks:
                rect = self.pits_rects[int(mark)]
                pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(8, 8), 3,
                                 border_radius=rect.width // 4)
        target = self.hover if self.dragging is None else self.dragging
        if target is not None and not self.busy and self._playable(target):
            rect = self.pits_rects[target]
            pygame.draw.rect(surface, (*HIGHLIGHT, glow), rect.inflate(8, 8), 4,
                             border_radius=rect.width // 4)
            path = s.preview(self._move_of(target))
            land = self.pits_rects[path[-1]]
            ring = pygame.Surface(land.inflate(16, 16).size, pygame.SRCALPHA)
            pygame.draw.ellipse(ring, (255, 255, 255, glow), ring.get_rect(), 4)
            surface.blit(ring, land.inflate(16, 16).topleft)
            for index in path[:-1]:
                c = self.pits_rects[index].center
                pygame.draw.circle(surface, (255, 240, 200, 160), c, 3)
            assets.text(surface, _("last cube"), (land.centerx, land.bottom - land.height // 5),
                        size=14, colour=(255, 255, 255), bold=True, anchor="midbottom",
                        shadow=True)
        if self.hint_move is not None and s.to_move is not None:
            rect = self.pits_rects[shield_index(s.to_move, self.hint_move)]
            pygame.draw.rect(surface, (140, 230, 255), rect.inflate(10, 10), 3,
                             border_radius=rect.width // 4)

    def _draw_heap(self, surface, rect, index, count, cube) -> None:
        if count <= 0:
            return
        cx, cy = rect.center
        for x, y, tint, _layer in _heap(index, count, rect.width, rect.height, cube):
            sprite = _cube_sprite(cube, tint)
            surface.blit(sprite, (cx + x - cube / 2, cy + y - cube / 2))

    def _draw_hand(self, surface, count, pos, cube) -> None:
        for x, y, tint, _size in _heap(99, count, cube * 3, cube * 2, cube):
            surface.blit(_cube_sprite(cube, tint), (pos[0] + x - cube / 2, pos[1] + y - cube / 2))

    def _draw_count(self, surface, index, count) -> None:
        rect = self.pits_rects[index]
        size = max(14, rect.width // 6)
        if index in CALLA:
            pos, anchor = (rect.centerx, rect.bottom - 6), "midbottom"
        elif not self._top_row(index):
            pos, anchor = (rect.centerx, rect.bottom + 2), "midtop"
        else:
            pos, anchor = (rect.centerx, rect.top - 2), "midbottom"
        img = _count_image(count, size)
        r = img.get_rect(**{anchor: pos})
        if index in CALLA:
            surface.blit(img, r)
        else:
            surface.blit(img, r)

    def turn_shown(self) -> int | None:
        """Whose turn the board tells: while cubes are still being sown, the sower's (as the
        sidebar, which shows the position before a move until it lands); then the state's."""
        if self.steps and self.state.last is not None:
            return self.state.last["player"]
        return self.state.to_move

    def _draw_side_labels(self, surface) -> None:
        b = self.board_rect
        size = _label_size(b.height)
        places = (((b.centerx, b.bottom + size + 10), "midtop"),
                  ((b.centerx, b.top - size - 10), "midbottom"))
        mover = self.turn_shown()
        for player in (0, 1):
            pos, anchor = places[player != self._near_player()]
            name = self._name(player)
            colour = self.player_colours[player]
            turn = mover == player
            label = seat_label(name, PLAYER_NAMES[player])
            if turn:
                label = _("{player} - to move").format(player=label)
            assets.text(surface, label, pos, size=size, colour=colour if turn else (170, 160, 145),
                        bold=turn, anchor=anchor, shadow=True)


def _label_size(board_height: int) -> int:
    return max(15, board_height // 22)


def _label_room(board_height: int) -> int:
    """The height the two players' labels take above and below a board this high."""
    size = _label_size(board_height)
    return 2 * (size + 10 + assets.font(size, True).get_height())


def _short_end(state) -> str:
    a, b = state.scores
    if a == b:
        return _("Level at {n} - a draw").format(n=number(a))
    return _("{high} to {low} in the callas").format(high=number(max(a, b)),
                                                     low=number(min(a, b)))


@lru_cache(maxsize=128)
def _count_image(count: int, size: int) -> pygame.Surface:
    f = assets.font(size, True)
    img = f.render(str(count), True, INK)
    pad = 6
    out = pygame.Surface((img.get_width() + 2 * pad, img.get_height()), pygame.SRCALPHA)
    pygame.draw.rect(out, (20, 12, 6, 170), out.get_rect(), border_radius=out.get_height() // 2)
    out.blit(img, (pad, 0))
    return out
