"""The window, the frame loop and what every scene shares (settings, sounds, log, the
writer that keeps files off the frame loop).

The interface size: at a size above 100 % every screen is laid out for a smaller, logical
window (the real one divided by the size) and drawn on a canvas of that size, which each
frame scales up onto the window.  ``App.screen`` and ``App.size`` are the canvas's, pointer
events reach the scenes in its coordinates (``App.mouse_pos`` for the pointer's position
between events), and pygame_gui scales the pointer itself.  At 100 % the canvas is the
window's own surface and nothing is scaled.
"""

from __future__ import annotations

import os
import time
import warnings

import pygame
import pygame_gui

from game import i18n
from game.writer import BackgroundWriter, memory_folder

from . import assets
from . import registry  # noqa: F401  (every screen, registered by name for the stack)
from .settings import Settings
from .stack import SceneStack

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 800)
#: What a desktop keeps for itself around a window: its frame, title bar and the panels.
DESKTOP_ROOM = (24, 80)
FPS = 60
#: The events that carry the pointer's position on the window.
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
BACKGROUND = (38, 30, 25)
ICON = ("icons", "callidus-128.png")


def room_for(window) -> int:
    """The largest interface size, in per cent, that ``window`` has room for: the screens
    laid out for a window of at least ``MIN_SIZE``."""
    return max(100, min(int(have * 100 // low) for have, low in zip(window, MIN_SIZE)))


def interface_scale(percent: int, window) -> float:
    """How much larger than its layout a screen is drawn in ``window`` when the player
    asked for ``percent``: never so much that the layout's window is below ``MIN_SIZE``."""
    return min(percent, room_for(window)) / 100


def logical_size(window, scale: float) -> tuple[int, int]:
    """The window the screens are laid out for: ``window`` shrunk by ``scale``."""
    return tuple(max(low, round(have / scale)) for have, low in zip(window, MIN_SIZE))


def fitting_size(wanted, desktop) -> tuple[int, int]:
    """``wanted``, shrunk to fit a smaller ``desktop`` with room for the window's frame and
    the desktop's panels, but never below the smallest usable size."""
    return tuple(max(low, min(want, have - room))
                 for want, have, room, low in zip(wanted, desktop, DESKTOP_ROOM, MIN_SIZE))
#: Longest sleep of an idle frame loop; pygame_gui's own timers are looked at this often.
IDLE_WAIT = 0.5
#: How often pygame_gui is updated while one of its timers runs: a tooltip coming up, a
#: text cursor blinking.  It draws only when a widget changed.
WIDGET_WAIT = 0.05


class App:
    def __init__(self, size=DEFAULT_SIZE, fullscreen=False, settings_path=None, log_path=None):
        """``size`` None: the default size, or the largest that fits a smaller desktop."""
        self.started = time.perf_counter()
        pygame.init()
        pygame.display.set_caption("Callidus")
        self._set_icon()
        self.flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
        if size is None:
            desktops = pygame.display.get_desktop_sizes()
            size = fitting_size(DEFAULT_SIZE, desktops[0]) if desktops else DEFAULT_SIZE
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        #: The window's own surface; ``screen`` is what every scene draws on (the same
        #: surface at 100 %, else a canvas scaled up onto it).
        self.window = pygame.display.set_mode((0, 0) if fullscreen else size, self.flags)
        self.screen = self.window
        self.scale = 1.0
        self._set_minimum_size()
        assets.guard_widget_fonts()     # before the theme's fonts load: no text may crash a widget
        # pygame_gui's own words (file dialogs, its buttons) from its translation files, and
        # ours for the languages it has none of (locale/pygame_gui)
        self.ui = pygame_gui.UIManager(self.screen.get_size(), str(assets.THEME),
                                       translation_directory_paths=[
                                           str(i18n.locale_dir() / "pygame_gui")])
        self.ui.preload_fonts([{"name": "noto_sans", "point_size": 17, "style": style}
                               for style in ("italic", "bold_italic")])
        # every file the program keeps (settings, the unfinished game) is written from here,
        # off the frame loop; close() waits for it
        self.writer = BackgroundWriter(memory=memory_folder())
        self.settings = Settings(settings_path, writer=self.writer)
        self._use_scale()
        self._use_language()
        self.sounds = assets.Sounds()
        self.sounds.volume = self.settings["volume"]
        self.stack = SceneStack(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        # names end up in the log: one that holds a lone surrogate is written escaped
        self.log_file = (open(log_path, "a", encoding="utf-8", errors="backslashreplace")
                         if log_path else None)
        # what a program killed mid-write left (a quick copy ahead of its file, temporary
        # files) and an earlier version's unfinished game: settled before any screen reads
        from .saves import settle_data_folder
        for note in settle_data_folder(self.settings.path):
            self.log(f"start: {note}")
        self.first_frame_at: float | None = None
        self._widgets_drawn = None     # what the widgets looked like in the frame last drawn
        self._typing_at = None         # the window's rect last given to the input method
        #: Windows the loop drives beside this one (a tournament's projector view), each
        #: with ``window`` (its pygame.Window), ``handle(event)``, ``next_frame_in()``,
        #: ``step()`` (drawing only what changed) and ``close()``.
        self.windows: list = []

    @staticmethod
    def _set_icon() -> None:
        """The window's icon (set before the window opens: some desktops take it only then)."""
        try:
            pygame.display.set_icon(pygame.image.load(str(assets.path(*ICON))))
        except (pygame.error, FileNotFoundError):
            pass

    @staticmethod
    def _window():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return pygame.Window.from_display_module()

    def _set_minimum_size(self) -> None:
        try:
            self._window().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass

    @property
    def size(self) -> tuple[int, int]:
        """The size the screens are laid out for (the window's, below the interface size)."""
        return self.screen.get_size()

    # --- the interface size ----------------------------------------------------
    def _use_scale(self) -> None:
        """Lay the screens out for the window at the interface size chosen, as far as the
        window has room for it."""
        window = self.window.get_size()
        self.scale = interface_scale(self.settings["interface_size"], window)
        if self.scale == 1.0:
            self.screen = self.window
        else:
            logical = logical_size(window, self.scale)
            if self.screen is self.window or self.screen.get_size() != logical:
                self.screen = pygame.Surface(logical).convert(self.window)
        size = self.screen.get_size()
        self.ui.set_window_resolution(size)
        # pygame_gui reads the pointer from the window and scales it itself (never by a
        # window of no size: some desktops report one while it is minimised)
        self.ui.mouse_pos_scale_factor = [layout / max(1, have)
                                          for layout, have in zip(size, window)]

    def _place_text_input(self) -> None:
        """Tell the system where the text box being typed into is, in the window's pixels
        (the layout's scaled by the interface size), so that an input method's candidate
        box (Chinese, Japanese) opens under it.  pygame_gui's text boxes do not say it;
        this is the one place it is said, again only when the box moves or changes."""
        from pygame_gui.elements import UITextEntryLine
        focused = self.ui.get_focus_set() or ()
        entry = next((w for w in focused if isinstance(w, UITextEntryLine)
                      and w.alive() and w.visible), None)
        if entry is None:
            self._typing_at = None
            return
        (sw, sh), (ww, wh) = self.screen.get_size(), self.window.get_size()
        r = entry.rect
        rect = pygame.Rect(round(r.x * ww / sw), round(r.y * wh / sh),
                           round(r.width * ww / sw), round(r.height * wh / sh))
        if rect != self._typing_at:
            self._typing_at = rect
            try:
                pygame.key.set_text_input_rect(rect)
            except pygame.error:
                pass                    # no input method to tell: typing works all the same

    def room_for(self) -> int:
        """The largest interface size, in per cent, the window has room for."""
        return room_for(self.window.get_size())

    def set_interface_size(self, percent: int) -> None:
        """Draw every screen at ``percent`` of its size (as far as the window has room),
        at once: the screen shown is laid out again at the new size."""
        self.settings.set("interface_size", percent)
        self._use_scale()
        self._lay_out_again()

    def logical_pos(self, pos) -> tuple[int, int]:
        """``pos`` on the window, in the coordinates the screens are laid out in (the
        same sums as pygame_gui's, so that a widget and the scene under it agree)."""
        fx, fy = self.ui.mouse_pos_scale_factor
        return int(pos[0] * fx), int(pos[1] * fy)

    def mouse_pos(self) -> tuple[int, int]:
        """Where the pointer is, as the screens are laid out (``pygame.mouse.get_pos()``
        gives the window's pixels)."""
        return self.logical_pos(pygame.mouse.get_pos())

    def _logical_event(self, event):
        """``event`` with its pointer position (and motion) in the layout's coordinates."""
        if self.screen is self.window or event.type not in POINTER_EVENTS:
            return event
        moved = dict(event.dict, pos=self.logical_pos(event.pos))
        if "rel" in moved:
            moved["rel"] = self.logical_pos(event.rel)
        return pygame.event.Event(event.type, moved)

    # --- log -----------------------------------------------------------------
    def log(self, message: str) -> None:
        """One line of what happened (moves, results) for the player's log file."""
        if self.log_file:
            self.log_file.write(f"{message}\n")
            self.log_file.flush()

    # --- the loop ------------------------------------------------------------
    def run(self, first_scene) -> None:
        self.stack.push(first_scene)
        self.run_stack()

    def run_stack(self) -> None:
        try:
            while self.running and self.stack.top:
                self.tick()
        except BaseException:
            self.writer.flush(timeout=10)    # a crash still keeps every save asked for
            raise
        self.close()

    def tick(self) -> None:
        """Wait for the next frame that is needed, then run it.

        While something moves (the top scene's ``next_frame_in`` is 0) every frame is
        drawn, FPS a second.  Otherwise the loop sleeps until an event comes or the
        scene's picture is due to change (a clock's next second), and draws then; in
        between it wakes only to let pygame_gui's timers run, drawing nothing unless
        a widget changed.  An idle screen so costs next to no processor time.
        """
        due = 0.0 if self.frames == 0 else self.stack.next_frame_in()
        if due is not None and due <= 1.0 / FPS:
            self.step(self.clock.tick(FPS) / 1000.0)
            return
        wait = self._widget_wait() if due is None else min(due, self._widget_wait())
        for other in self.windows:
            other_due = other.next_frame_in()
            wait = wait if other_due is None else max(0.0, min(wait, other_due))
        events = self._wait(wait)
        dt = self.clock.tick(FPS) / 1000.0      # no more than FPS frames while the pointer moves
        events += pygame.event.get()
        if events:
            # the quiet time passes first: a move the event starts animates from its beginning
            self.stack.update(dt)
            self.ui.update(dt)
            self.step(0.0, events)
        else:
            self.step(dt, [], draw=due is not None and dt >= due - 0.001)

    def _wait(self, seconds: float) -> list:
        """Sleep until events come (returned) or ``seconds`` pass.  The queue is looked at
        every frame's time, so input is answered as soon as with every frame drawn;
        pygame's ``event.wait`` looks every millisecond, which alone costs 2 % of a core."""
        end = time.monotonic() + seconds
        while True:
            events = pygame.event.get()
            left = end - time.monotonic()
            if events or left <= 0:
                return events
            time.sleep(min(left, 1.0 / FPS))

    def _widget_wait(self) -> float:
        """How soon pygame_gui needs updating with no input: often while the pointer rests
        on a widget (its tooltip comes after a delay) or a text field has the focus (its
        cursor blinks); now and then otherwise."""
        if self.ui.get_hovering_any_element():
            return WIDGET_WAIT
        typing = (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox)
        if any(isinstance(s, typing) and s.is_focused for s in self.ui.get_sprite_group().sprites()):
            return WIDGET_WAIT
        return IDLE_WAIT

    def _widgets_look(self) -> list:
        """What the widgets show: pygame_gui gives a widget a new image when it changes."""
        return [(id(image), tuple(rect)) for image, rect, *_ in self.ui.get_sprite_group().visible]

    def step(self, dt: float, events=None, draw: bool = True) -> None:
        """One frame: events, updates, drawing.  Tests call this directly.

        With ``draw=False`` the frame is drawn only if a widget changed by itself or
        another scene came on top."""
        top = self.stack.top
        for event in pygame.event.get() if events is None else events:
            self.dispatch(event)
        self.stack.update(dt)
        self.ui.update(dt)
        self._place_text_input()
        if draw or self.stack.top is not top or self._widgets_look() != self._widgets_drawn:
            self.draw()
            self.frames += 1
        for other in list(self.windows):
            other.step()

    def dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if self.windows:
            # another window's input is its own; closing this one, while another is open,
            # brings no QUIT: it ends the program all the same
            where = getattr(event, "window", None)
            other = next((w for w in self.windows if where is not None and w.window is where),
                         None)
            if other is not None:
                other.handle(event)
                return
            if event.type == pygame.WINDOWCLOSE:
                self.quit()
                return
        if event.type == pygame.VIDEORESIZE:
            self.on_resize()
            return
        consumed = self.ui.process_events(event)
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        self.stack.handle(self._logical_event(event))

    def on_resize(self) -> None:
        w, h = pygame.display.get_surface().get_size()
        if (w < MIN_SIZE[0] or h < MIN_SIZE[1]) and not self.flags & pygame.FULLSCREEN:
            # the window manager let the window shrink below the smallest usable size
            wanted = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
            try:
                self._window().size = wanted
            except (AttributeError, pygame.error):
                pygame.display.set_mode(wanted, self.flags)
        self.window = pygame.display.get_surface()
        self._use_scale()
        self._lay_out_again()

    def _lay_out_again(self) -> None:
        """The screen shown takes the new size; so does every one beneath it (a board that
        shows again under the pause menu), whose widgets are made and at once put away
        again, as when it is covered."""
        below = self.stack.scenes[:-1]
        self.stack.resize()
        for scene in below:
            scene.resize()
            scene.clear()

    def draw(self) -> None:
        self.screen.fill(BACKGROUND)
        self.stack.draw(self.screen)
        self.ui.draw_ui(self.screen)
        self.stack.draw_over(self.screen)      # the keyboard's focus, over the widgets
        # a name shortened to its room shows whole while the pointer rests on it
        assets.show_full_text(self.screen, self.mouse_pos())
        self._widgets_drawn = self._widgets_look()
        if self.screen is not self.window:
            self._scale_up()
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            if os.environ.get("CALLIDUS_STARTUP_PROBE"):  # benchmarks/frames.py: stop here
                self.quit()

    def _scale_up(self) -> None:
        """The canvas onto the window: smoothed, or each pixel doubled where the size is
        exactly twice (as crisp as the layout, and a third of the time)."""
        window = self.window.get_size()
        if window == tuple(2 * side for side in self.screen.get_size()):
            pygame.transform.scale(self.screen, window, self.window)
        else:
            pygame.transform.smoothscale(self.screen, window, self.window)

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        for other in list(self.windows):
            other.close()
        while self.stack.top:
            self.stack.pop()
        self.writer.close()
        if self.log_file:
            self.log_file.close()
            self.log_file = None

    # --- shared helpers ----------------------------------------------------
    def set_volume(self, volume: float) -> None:
        self.sounds.volume = volume

    def _use_language(self) -> None:
        code = i18n.use(self.settings["language"] or i18n.system_language(),
                        persian_digits=self.settings["persian_digits"])
        self.ui.set_locale(i18n.LANGUAGES[code].widgets or code)

    def set_language(self, code: str, persian_digits: bool | None = None) -> None:
        """Speak ``code`` from now on ("" the system's language), at once: every screen on
        the stack takes it, the one shown rebuilding its widgets."""
        self.settings.set("language", code)
        if persian_digits is not None:
            self.settings.set("persian_digits", persian_digits)
        self._use_language()
        self.stack.relabel()
