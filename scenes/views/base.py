"""What every board view shares: layout, announcements and the input seam.

A view draws one game's board for a state it is given and turns mouse and
keyboard input into moves.  It never changes a state: the play scene asks
``handle_event`` for a move, plays it, and hands the new state back through
``set_state``, which also starts the animation of what just happened.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from .. import assets

INK = (245, 238, 224)
GOLD = (255, 214, 120)
SHADOW = (0, 0, 0)


@dataclass
class Banner:
    text: str
    colour: tuple
    ttl: float
    total: float
    small: str = ""


class BoardView:
    #: Colours of each player in this game, for the sidebar and banners.
    player_colours = ((222, 176, 92), (190, 210, 230))
    #: What ``reveal`` shows that the players did not see, said beside a review's board
    #: ("" for a game without hidden information).
    reveal_note = ""

    def __init__(self, app, spec, seats=None, variant=None):
        self.app = app
        self.spec = spec
        self.variant = variant or spec.variants[0]
        self.seats = seats or [{"name": f"Player {i + 1}", "kind": "human"}
                               for i in range(spec.players(self.variant))]
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.state = None
        self.banners: list[Banner] = []
        self.status = ""          # one line for the status bar: hints and refusals
        self.hint_move = None     # a move shown as a ghost (hint button)
        self.marks = ()           # things to highlight on a rules diagram
        self.input_enabled = True
        self.reveal = False       # a review: show what the players could not see

    @classmethod
    def side_names(cls, variant=None) -> tuple:
        """What each player commands, in move order ("Romans", "Blue"...); () if nothing."""
        return ()

    # --- set by the play scene ---------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def set_state(self, state, previous=None) -> None:
        """Show ``state``; when ``previous`` is given, animate the move between them."""
        self.state = state
        self.hint_move = None
        self.status = ""
        if previous is None:
            self.banners = []    # a jump (undo, a loaded game): old news no longer applies

    @property
    def busy(self) -> bool:
        """True while an animation runs: the next move waits for it."""
        return False

    def finish_animation(self) -> None:
        """Jump to the end of any running animation."""

    def update(self, dt: float) -> None:
        for banner in self.banners:
            banner.ttl -= dt
        self.banners = [b for b in self.banners if b.ttl > 0]

    def handle_event(self, event):
        """Return a move made by this event, or None."""
        return None

    def cancel_input(self) -> bool:
        """Drop a held piece or pending placement; True if there was one (Esc used up).

        A view that keeps what the player holds in ``held`` only needs ``_put_back``."""
        if getattr(self, "held", None) is None:
            return False
        self._put_back()
        return True

    def _put_back(self) -> None:
        """Return the held piece to where it came from."""

    def show_hint(self, move) -> None:
        self.hint_move = move

    def describe_move(self, state, move) -> str:
        return self.spec.format_move(state, move)

    # --- settings ------------------------------------------------------------
    def setting(self, name, default):
        """A player setting, or ``default`` where there are none (rules diagrams, tests)."""
        try:
            return self.app.settings[name]
        except (AttributeError, KeyError, TypeError):
            return default

    def board_style(self, styles=("wood", "stone")) -> str:
        """The board look chosen in the settings, when this view draws it; else the first."""
        style = self.setting("board_style", styles[0])
        return style if style in styles else styles[0]

    def show_hints(self) -> bool:
        return bool(self.setting("show_hints", True))

    def sound(self, name: str) -> None:
        """Play a sound effect; silent where there is no app (rules diagrams, tests)."""
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.play(name)

    # --- shared drawing ------------------------------------------------------
    @property
    def speed(self) -> float:
        try:
            return max(0.25, float(self.setting("animation_speed", 1.0)))
        except (TypeError, ValueError):
            return 1.0

    def announce(self, text: str, colour=GOLD, seconds: float = 1.8, small: str = "") -> None:
        seconds = seconds / min(2.0, self.speed)
        self.banners.append(Banner(text, colour, seconds, seconds, small))
        del self.banners[:-2]

    def draw_banners(self, surface) -> None:
        if not self.banners:
            return
        y = self.rect.centery - 40 * (len(self.banners) - 1)
        for banner in self.banners:
            fade = min(1.0, banner.ttl / 0.35, (banner.total - banner.ttl) / 0.15 + 0.3)
            room = max(200, self.rect.width - 40)
            big = assets.font(assets.fitting_size(banner.text, max(26, self.rect.height // 12),
                                                  room - 60, bold=True, smallest=20), True)
            img = big.render(banner.text, True, banner.colour)
            small = None
            if banner.small:
                small = assets.font(assets.fitting_size(banner.small, 18, room - 40)).render(
                    banner.small, True, INK)
            w = min(room, max(img.get_width() + 60, small.get_width() + 40 if small else 0))
            h = img.get_height() + (34 if banner.small else 18)
            box = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(box, (20, 14, 10, int(210 * fade)), box.get_rect(), border_radius=14)
            pygame.draw.rect(box, (*banner.colour, int(255 * fade)), box.get_rect(), 3,
                             border_radius=14)
            img.set_alpha(int(255 * fade))
            box.blit(img, img.get_rect(midtop=(w // 2, 8)))
            if small is not None:
                small.set_alpha(int(255 * fade))
                box.blit(small, small.get_rect(midbottom=(w // 2, h - 8)))
            surface.blit(box, box.get_rect(center=(self.rect.centerx, y)))
            y += h + 10

    def draw(self, surface) -> None:
        self.draw_banners(surface)


def pulse(period: float = 1.2) -> float:
    """0..1 breathing value for highlights, from the clock."""
    t = pygame.time.get_ticks() / 1000.0
    return 0.5 + 0.5 * math.sin(2 * math.pi * t / period)


def render_static(app, view_class, spec, surface, rect, state, marks=(), variant=None) -> None:
    """Draw ``state`` into ``rect`` with no input or animation (rules diagrams, results).

    The picture is made once per state, place and size, then reused every frame.
    """
    rect = pygame.Rect(rect)
    key = (view_class, id(state), tuple(rect), tuple(marks), variant, surface.get_size())
    cached = _static_cache.get(key)
    if cached is None:
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        view = view_class(app, spec, variant=variant)
        view.input_enabled = False
        view.layout(rect)
        view.set_state(state)
        view.marks = tuple(marks)
        view.draw(layer)
        bounds = layer.get_bounding_rect()
        cached = (layer.subsurface(bounds).copy(), bounds.topleft, state)
        if len(_static_cache) > 16:
            _static_cache.clear()
        _static_cache[key] = cached
    surface.blit(cached[0], cached[1])


_static_cache: dict = {}
