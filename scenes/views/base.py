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

from game.i18n import _, isolated, number

from .. import assets
from . import palette
from .cursor import ARROWS, CHOOSE, TAB, KeyCursor

INK = (245, 238, 224)
GOLD = (255, 214, 120)
SHADOW = (0, 0, 0)
#: Seconds highlights keep breathing after the last input, move or animation; then they hold
#: still at their brightest, so that a board left alone needs no drawing at all.
BREATHE_SECONDS = 6.0
BANNER_FADE_IN = 0.15         # seconds a banner takes to come into full view


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
        names = self.seat_names(self.variant)
        self.seats = seats or [{"name": names[i] if i < len(names)
                                else _("Player {n}").format(n=number(i + 1)),
                                "kind": "human"} for i in range(spec.players(self.variant))]
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.state = None
        self.banners: list[Banner] = []
        self.status = ""          # one line for the status bar: hints and refusals
        self.hint_move = None     # a move shown as a ghost (hint button)
        self.marks = ()           # things to highlight on a rules diagram
        self.input_enabled = True
        self.pointer = (0, 0)     # where the pointer was last seen over the window
        self.cursor = KeyCursor()   # the keyboard's cursor, shown from the first key
        self.mouse_at = None      # where the mouse itself was last seen (not the cursor)
        self.breathing = False    # the last frame drawn showed a highlight still breathing
        self.reveal = False       # a review: show what the players could not see
        # a game's board (play, review), not a picture of one (a rules diagram, the final
        # board): only a game's board turns to face its player
        self.seated = seats is not None

    @classmethod
    def side_names(cls, variant=None) -> tuple:
        """What each player commands, in move order ("Romans", "Blue"...); () if nothing."""
        return ()

    def seat_colours(self) -> tuple:
        """The colours each player plays, for the sidebar (more than one in Callisto's
        game of two players with two colours each)."""
        return tuple((colour,) for colour in self.player_colours)

    def seat_marks(self) -> tuple:
        """The mark each of ``seat_colours`` carries, as the side's pieces carry it on the
        board, for the sidebar's dots (``drawing.marked_dot``); each view names its own
        (None: a plain dot)."""
        return tuple((None,) * len(colours) for colours in self.seat_colours())

    @classmethod
    def figure(cls, name: str, size: tuple) -> pygame.Surface | None:
        """A rules picture that is not a position (Callisto's set of pieces...), at most
        ``size`` pixels; None when this game has no picture called ``name``."""
        return None

    @classmethod
    def seat_names(cls, variant=None) -> tuple:
        """What a seat is called when nobody names it, by side: the side's own name."""
        return cls.side_names(variant)

    @classmethod
    def side_words(cls, variant=None) -> tuple:
        """Each side as the setup explains it ("A, the bottom row"): its name by default."""
        return cls.side_names(variant)

    @classmethod
    def player_labels(cls, seats, variant=None) -> list:
        """Each seat as the results and end texts name it: "Ann (Blue)", or "Blue"."""
        sides = cls.side_names(variant)
        return [seat_label(seat["name"], sides[i] if i < len(sides) else None)
                for i, seat in enumerate(seats)]

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
        self.cursor.moved_on(self.key_home())
        BREATH.stir()

    def stir(self) -> None:
        """Input came: the highlights breathe again for a while."""
        BREATH.stir()

    def wants_frames(self) -> bool:
        """True while the board changes by itself: an animation runs, a banner fades, a
        highlight breathes.  The frame loop draws every frame then, and otherwise only when
        input comes.  A view with timed effects of its own (flashes, a gliding camera) adds
        them."""
        return self.busy or bool(self.banners) or self.breathing

    @property
    def busy(self) -> bool:
        """True while an animation runs: the next move waits for it."""
        return False

    def finish_animation(self) -> None:
        """Jump to the end of any running animation."""

    def landing_words(self, text: str) -> str:
        """The status line's words for the move ``text`` while it is still landing: what
        the board has shown of it so far (by default all of it)."""
        return text

    def scores_so_far(self) -> tuple | None:
        """The scores as the board shows them part way through an animation (cubes landed
        so far), or None: the sidebar then shows the scores from before the move."""
        return None

    def update(self, dt: float) -> None:
        if self.busy:
            BREATH.stir()        # highlights in an animation (Calliro's glimpse) keep breathing
        for banner in self.banners:
            banner.ttl -= dt
        self.banners = [b for b in self.banners if b.ttl > 0]

    # --- input: one skeleton, parts filled in by each view -----------------------------
    #: A click while an animation runs hurries it to its end; True when that is all the
    #: click does (Calla: the player sees where the cubes landed before sowing again),
    #: False when the click then acts as well.
    hurry_takes_click = False

    def handle_event(self, event):
        """Return a move made by this event, or None.

        Every view shares this skeleton: the pointer followed, a running animation
        hurried by a click, each kind of input handed to its hook (``on_motion``,
        ``on_press``, ``on_release``, ``on_right_press``, ``on_right_release``,
        ``on_wheel``, ``on_key``).  A view fills in the hooks it needs; ``takes_input``
        says whether anything but the pointer's movement reaches them.  The arrows, Tab,
        Enter and Space move and use the keyboard's cursor over the areas the view names
        (``key_areas``): Enter acts as a click where the cursor is."""
        if self.state is None:
            return None
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            if event.pos != self.mouse_at:     # the mouse moved: the keyboard's cursor goes
                self.cursor.shown = False
            self.mouse_at = self.pointer = event.pos
            return self.on_motion(event.pos)
        if kind == pygame.MOUSEBUTTONDOWN:
            self.cursor.shown = False
            self.mouse_at = event.pos
        if not self.takes_input():
            return None
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer = event.pos
            if self.busy:
                self.finish_animation()
                if self.hurry_takes_click:
                    return None
            return self.on_press(event.pos)
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.pointer = event.pos
            return self.on_right_press(event.pos)
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.on_release(event.pos)
        if kind == pygame.MOUSEBUTTONUP and event.button == 3:
            return self.on_right_release(event.pos)
        if kind == pygame.MOUSEWHEEL and event.y:
            return self.on_wheel(event.y)
        if kind == pygame.KEYDOWN:
            if event.key in ARROWS or event.key in CHOOSE or event.key == TAB:
                return self._cursor_key(event.key, event.mod)
            return self.on_key(event)
        return None          # the wheel's clicks (buttons 4 and 5) come as MOUSEWHEEL too

    # --- the keyboard's cursor -------------------------------------------------------
    def _cursor_key(self, key, mod):
        """An arrow, Tab or Enter: move the cursor, move the focus, or act where the cursor
        is as a click there would.  The first key shows the cursor (an arrow moves it
        too); Enter before the cursor is shown does what ``key_unseen`` says."""
        cursor = self.cursor
        areas = self.key_areas()
        if not areas:
            return None
        if not cursor.shown:
            if key in CHOOSE:
                return self.key_unseen()
            cursor.shown = True
            if key == TAB:
                self._point_cursor(areas)
                return None
        if key == TAB:
            cursor.tab(areas, -1 if mod & pygame.KMOD_SHIFT else 1)
        elif key in ARROWS:
            cursor.step(areas, ARROWS[key])
            areas = self.key_areas()         # a board that scrolls has moved under it
        else:
            return self._cursor_choose(areas)
        self._point_cursor(areas)
        return None

    def _point_cursor(self, areas) -> None:
        """The pointer goes where the cursor is, so that what follows the mouse (a piece
        in hand, a preview of what a click would do) follows the cursor as well."""
        found = self.cursor.where(areas)
        if found is not None and found[1] is not None:
            self.pointer = found[0].centre(found[1])
            self.on_motion(self.pointer)

    def _cursor_choose(self, areas):
        """Enter where the cursor is; something just picked up from a tray goes with the
        cursor to the board."""
        found = self.cursor.where(areas)
        if found is None or found[1] is None:
            return None
        area, spot = found
        holding = self.key_holding()
        move = self.key_choose(area.name, spot, area.centre(spot))
        if move is None and not holding and self.key_holding() and area.name != "board":
            self.cursor.go(areas, "board")
            self._point_cursor(self.key_areas())
        return move

    # --- the board as the first stop of the screen's Tab order (``scenes.focus``) ----------
    def focus_held(self) -> bool:
        """Whether the keyboard is on the board (its cursor shows)."""
        return self.cursor.shown and self.state is not None and bool(self.key_areas())

    def focus_tab(self, step: int) -> bool:
        """Tab (``step`` 1) or Shift+Tab (-1) among the areas; False from the last area
        (the first for Shift+Tab), where Tab goes on to the screen's buttons."""
        areas = self.key_areas()
        found = self.cursor.where(areas)
        if found is None:
            return False
        at = [a.name for a in areas].index(found[0].name) + step
        if not 0 <= at < len(areas):
            return False
        self.cursor.tab(areas, step)
        self._point_cursor(areas)
        return True

    def focus_take(self, step: int) -> bool:
        """The keyboard comes to the board: to its first area (``step`` 1), its last (-1)
        or where the cursor was (0).  False while the board takes no keys."""
        areas = self.key_areas() if self.state is not None and self.takes_input() else []
        if not areas:
            return False
        if step:
            self.cursor.go(areas, areas[0].name if step > 0 else areas[-1].name)
        self.cursor.shown = True
        self._point_cursor(areas)
        return True

    def focus_drop(self) -> None:
        """The keyboard leaves the board for the screen's buttons."""
        self.cursor.shown = False

    def key_areas(self) -> list:
        """The areas the keyboard's cursor moves over now (``cursor.Area``), in Tab
        order; the one called ``"board"`` is where a thing picked up is put down.  None
        by default: a view without them is not played from the keyboard."""
        return []

    def key_home(self) -> str | None:
        """The area the cursor comes back to after a move (where the player acts first
        in the new position); None: the first area."""
        return None

    def key_choose(self, area: str, spot, pos):
        """Enter (or Space) on ``spot`` of ``area``, which lies at ``pos``: by default
        what a click there does.  Returns a move, or None."""
        return self.click_at(pos)

    def key_holding(self) -> bool:
        """Whether the player holds something to put down (a piece, a chip, a
        barricade): Enter on a tray that picks one up takes the cursor to the board."""
        return getattr(self, "held", None) is not None

    def key_unseen(self):
        """Enter before the cursor is shown: it shows the cursor (the player cannot know
        where it would act).  A view whose Enter means something of its own (Iriri's
        Confirm) does that instead."""
        self.cursor.shown = True
        self._point_cursor(self.key_areas())
        return None

    def click_at(self, pos):
        """What a click at ``pos`` does (press and release there, a running animation
        hurried first as a click would): a move, or None."""
        self.pointer = pos
        if self.busy:
            self.finish_animation()
            if self.hurry_takes_click:
                return None
        move = self.on_press(pos)
        return move if move is not None else self.on_release(pos)

    def draw_cursor(self, surface) -> None:
        """The keyboard's cursor, while it is shown, breathing like the highlights."""
        if self.cursor.shown and self.state is not None:
            self.cursor.draw(surface, self.key_areas(), pulse())

    def can_act(self) -> bool:
        """Whether the player to move may act on this board now: there is a game going
        on, and the play scene lets input through (a human's turn, no offer pending)."""
        s = self.state
        return s is not None and self.input_enabled and not s.is_over

    def takes_input(self) -> bool:
        """Whether clicks, the wheel and keys reach the hooks at all (the pointer's
        movement always does).  Yes by default: a view whose hooks mean nothing while
        the player cannot act says so here."""
        return True

    def on_motion(self, pos):
        """The pointer moved to ``pos`` (already kept in ``self.pointer``)."""
        return None

    def on_press(self, pos):
        """The left button went down at ``pos``, after any animation was hurried to its
        end: pick up, put down, choose.  Returns a move, or None."""
        return None

    def on_release(self, pos):
        """The left button came up at ``pos``: the end of a drag.  Returns a move, or None."""
        return None

    def on_right_press(self, pos):
        """The right button went down at ``pos``."""
        return None

    def on_right_release(self, pos):
        """The right button came up at ``pos``."""
        return None

    def on_wheel(self, steps: int):
        """The wheel turned ``steps`` notches (up is positive)."""
        return None

    def on_key(self, event):
        """A key went down (the play scene keeps Esc, Ctrl+Z and Ctrl+Y for itself, and
        the keyboard's cursor the arrows, Tab, Enter and Space)."""
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
        """A move as the move list tells it."""
        return self.spec.format_move(state, move)

    def thinking_words(self, state, name: str) -> str:
        """The status line while the computer seat ``name`` chooses its move."""
        return _("{name} is thinking...").format(name=isolated(name))

    def hint_words(self, state, move) -> str:
        """The Hint button's move as the status line says it: what to do, in words."""
        return self.describe_move(state, move)

    # --- settings ------------------------------------------------------------
    def setting(self, name, default):
        """A player setting, or ``default`` where there are none (rules diagrams, tests)."""
        try:
            return self.app.settings[name]
        except (AttributeError, KeyError, TypeError):
            return default

    def faces_far_side(self) -> bool:
        """Whether the board is drawn turned round, the far side nearest: when the one human
        at a game of two plays the side drawn at the top (Calla's B, Calabria's
        Gladiators), unless the settings say not to.  Two at one screen, or a picture of a
        board (a rules diagram, whose words say which side is where), it stays as it is."""
        humans = [side for side, seat in enumerate(self.seats) if seat.get("kind") == "human"]
        return (self.seated and humans == [1] and len(self.seats) == 2
                and bool(self.setting("turn_board", True)))

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
        """Show a banner over the board for ``seconds``; the same words again (a free turn
        after a free turn) refresh the banner that shows them rather than stack a second."""
        seconds = seconds / min(2.0, self.speed)
        shown = [b for b in self.banners if b.text == text]
        self.banners = [b for b in self.banners if b.text != text]
        # a banner refreshed stays in full view: it does not fade in again
        total = seconds + BANNER_FADE_IN if shown else seconds
        self.banners.append(Banner(text, colour, seconds, total, small))
        del self.banners[:-2]

    def draw_banners(self, surface) -> None:
        if not self.banners:
            return
        y = self.rect.centery - 40 * (len(self.banners) - 1)
        for banner in self.banners:
            fade = min(1.0, banner.ttl / 0.35, (banner.total - banner.ttl) / BANNER_FADE_IN
                       + 0.3)
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
        """Draw the keyboard's cursor and the banners.  Every view calls this last, after
        its own parts: it also notes whether they drew a highlight that is still breathing."""
        self.draw_cursor(surface)
        self.draw_banners(surface)
        self.breathing = BREATH.drawn
        BREATH.drawn = False


class Breath:
    """When highlights breathe: from an input, a move or an animation until
    ``BREATHE_SECONDS`` after the last one; then they hold still at their brightest.

    A highlight that breathed for ever would need every frame drawn for ever (some
    board shows one whenever a player is to move); drawn a few times a second it
    would stutter and still cost more than the whole idle budget.  The breath fades
    in and out over a moment, so a highlight never jumps."""

    FADE_IN = 0.4
    FADE_OUT = 1.0

    def __init__(self):
        self.woke = -math.inf    # when the breath last started from still
        self.last = -math.inf    # the last input, move or animation frame
        self.drawn = False       # pulse() gave a moving value since the last view was drawn

    @staticmethod
    def now() -> float:
        return pygame.time.get_ticks() / 1000.0

    def stir(self) -> None:
        now = self.now()
        depth = self.depth(now)
        if depth < 1:            # still, or fading out: fade in again from where it is
            self.woke = now - depth * self.FADE_IN
        self.last = now

    def alive(self, now: float) -> bool:
        """Highlights still breathe (or are about to start) at ``now``."""
        return now < self.last + BREATHE_SECONDS

    def depth(self, now: float) -> float:
        """0 (still) .. 1 (full breath) at ``now``."""
        return max(0.0, min(1.0, (now - self.woke) / self.FADE_IN,
                            (self.last + BREATHE_SECONDS - now) / self.FADE_OUT))


BREATH = Breath()


def says_side(name: str, side: str | None) -> bool:
    """Whether a seat's ``name`` already names its ``side`` ("Blue", "Player A")."""
    if not side:
        return True
    name, side = name.casefold(), side.casefold()
    return name == side or side in name.replace("/", " ").split()


def seat_label(name: str, side: str | None, side_first: bool = False) -> str:
    """A player named with their side: "Ann (Blue)", or "Blue (Ann)" with ``side_first``;
    the name alone when it already says the side."""
    if says_side(name, side):
        return name
    # TRANSLATORS: a player named with their side: "Blue (Ann)"
    return (_("{side} ({name})") if side_first else _("{name} ({side})")).format(
        side=side, name=isolated(name))


def pulse(period: float = 1.2) -> float:
    """0..1 breathing value for highlights, from the clock; 1 once the board was left alone
    for a while (``Breath``)."""
    t = BREATH.now()
    if not BREATH.alive(t):
        return 1.0
    BREATH.drawn = True
    return 1.0 - BREATH.depth(t) * (0.5 - 0.5 * math.sin(2 * math.pi * t / period))


def render_static(app, view_class, spec, surface, rect, state, marks=(), variant=None,
                  seats=None) -> None:
    """Draw ``state`` into ``rect`` with no input or animation (rules diagrams, results);
    ``seats``: who played, for a board that names its players.

    The picture is made once per state, place, size and palette, then reused every frame.
    """
    rect = pygame.Rect(rect)
    names = tuple(seat["name"] for seat in seats or ())
    key = (view_class, id(state), tuple(rect), tuple(marks), variant, surface.get_size(), names,
           palette.current())
    cached = _static_cache.get(key)
    if cached is None:
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        view = view_class(app, spec, variant=variant)   # no seats: a picture, nothing to play
        if seats:
            view.seats = list(seats)
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
