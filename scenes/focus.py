"""The keyboard's focus on every screen: Tab and Shift+Tab go round the top scene's
buttons, text boxes, drop-downs and sliders, and a ring drawn round the one in focus
shows where the keyboard is.

The stack holds one ``FocusRing`` and gives it each event before the top scene.  The
widgets it goes round are the scene's own (``Scene.widgets``, a scrolling list's rows
among them), those shown and enabled, in reading order: rows from the top, each row
from the left (from the right in a language written right to left); while a dialog
window is open, only the dialog's.  Enter or Space on a button posts the very event a
click does, so that each screen's own handling runs unchanged; on a drop-down it opens
it, the arrows then going over its options, Enter choosing one and Esc closing it; on a
slider Left and Right move it; on a text box it puts the typing there (Tab onto a text
box does that already, and Tab leaves it).  Every other key, Esc among them, is the
screen's, as it was.

A scene may have a part with a focus of its own that comes first in Tab order (the play
scene's board and trays, over which the board's cursor moves): ``Scene.focus_part()``
gives it, and Tab goes through its areas, then the buttons, then back to it.  Such a
part answers ``focus_held()`` (whether its own cursor shows), ``focus_tab(step)`` (one
area on, False at its last), ``focus_take(step)`` (the focus comes to its first area,
or its last for Shift+Tab; False when it cannot take it now) and ``focus_drop()``.
A part that is not first answers ``focus_slot(stops)``: how many of the widgets come
before it (the games library's list comes after its filters, before its buttons).

The ring shows from the first Tab and goes when the mouse is used, as the board's
cursor does: a mouse player never sees it.
"""

from __future__ import annotations

import weakref

import pygame
import pygame_gui
from pygame_gui.elements import (UIButton, UIDropDownMenu, UIHorizontalSlider,
                                 UITextEntryLine, UIWindow)

from game import i18n

from .views.cursor import EDGE, RING

#: What Tab stops on.
FOCUSABLE = (UIButton, UITextEntryLine, UIDropDownMenu, UIHorizontalSlider)
#: Keys that use what has the focus, as a click on it would.
PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
CHOOSE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: The ring: a light line this wide between two dark ones, this far outside the widget.
WIDTH = 3
GAP = 4
#: Steps a slider takes from end to end under Left and Right.
SLIDER_STEPS = 20


def _shown(widget) -> bool:
    return bool(widget.alive() and widget.visible and widget.is_enabled)


def reading_order(widgets: list, right_to_left: bool | None = None) -> list:
    """``widgets`` as a reader meets them: rows from the top (a widget whose middle lies
    within the height of the row's first belongs to it), each row from the left, or
    from the right for a language written right to left."""
    rtl = i18n.rtl() if right_to_left is None else right_to_left
    rows: list[list] = []
    for widget in sorted(widgets, key=lambda w: (w.rect.top, w.rect.centery)):
        if rows and rows[-1][0].rect.top <= widget.rect.centery < rows[-1][0].rect.bottom:
            rows[-1].append(widget)
        else:
            rows.append([widget])
    ordered = []
    for row in rows:
        ordered += sorted(row, key=lambda w: -w.rect.centerx if rtl else w.rect.centerx)
    return ordered


def _window_widgets(window) -> list:
    """The widgets inside a dialog window (its title bar and close button left out: Esc
    closes it)."""
    found, todo = [], list(window.get_container().elements)
    while todo:
        element = todo.pop()
        if isinstance(element, FOCUSABLE):
            found.append(element)
        elif hasattr(element, "get_container") and not isinstance(element, FOCUSABLE):
            try:
                todo += list(element.get_container().elements)
            except AttributeError:
                pass
    return found


def stops(scene) -> list:
    """What Tab stops on in ``scene`` now, in order."""
    windows = scene.app.ui.get_window_stack().stack      # a file dialog is one too
    widgets = [w for w in list(windows) + list(scene.widgets)
               if isinstance(w, UIWindow) and w.alive() and w.visible]
    if widgets:
        candidates = _window_widgets(widgets[-1])
    else:
        candidates = [w for w in scene.widgets if isinstance(w, FOCUSABLE)]
    return reading_order([w for w in candidates if _shown(w)])


def _lists(scene) -> list:
    """The scrolling lists ``scene`` holds (each a ``ScrollList`` among its fields)."""
    from .scroll_list import ScrollList
    return [v for v in vars(scene).values() if isinstance(v, ScrollList)]


def _row_of(lists: list, widget):
    """(list, row) of the scrolling list row ``widget`` is on, or None."""
    for listed in lists:
        for index in list(listed.widgets):
            if widget in listed.row_widgets(index):
                return listed, index
    return None


def _expanded(widget) -> bool:
    states = getattr(widget, "menu_states", None)
    return bool(states) and widget.current_state is states.get("expanded")


def _press(button) -> None:
    """What a click on ``button`` sends (the screen and pygame_gui take it next frame)."""
    button.on_self_event(pygame_gui.UI_BUTTON_PRESSED, {"mouse_button": 1})


class FocusRing:
    """Where the keyboard's focus is among the top scene's widgets, and whether it shows."""

    def __init__(self, app):
        self.app = app
        self.shown = False
        self.widget = None           # the widget in focus (None: none, or the scene's part)
        self.place = None            # where it was: the same place is found after a rebuild
        self.scene = None            # the scene it is in
        self.kept = weakref.WeakKeyDictionary()     # scene -> its place, while covered
        self.option = 0              # the option lit in a drop-down opened from the keys
        self.mouse_at = None

    # --- where the focus is --------------------------------------------------------------
    def _follow(self, scene) -> None:
        """Another scene on top: the focus is where it was when that scene was last on
        top (a screen come back to), else nowhere yet."""
        if scene is not self.scene:
            if self.scene is not None and self.place is not None:
                self.kept[self.scene] = self.place
            self.scene = scene
            self.widget = None
            self.place = self.kept.pop(scene, None) if scene is not None else None

    def current(self, scene):
        """The widget in focus in ``scene``; when it is gone (the screen was rebuilt) or
        can no longer be used (Undo with nothing left to undo), the one nearest its place
        takes the focus, one of its kind first: the focus never vanishes."""
        self._follow(scene)
        if self.widget is not None and self.widget.alive() and _shown(self.widget):
            return self.widget
        self.widget = None
        if self.place is None:
            return None
        here = stops(scene)
        if here and self.place is not None:
            kind, centre = self.place
            same = [w for w in here if type(w) is kind] or here
            self.widget = min(same, key=lambda w: (pygame.Vector2(w.rect.center)
                                                   - centre).length_squared())
        return self.widget

    def focus(self, widget) -> None:
        """Put the focus on ``widget`` (typing goes into a text box) and show it."""
        ui = self.app.ui
        focused = ui.get_focus_set() or set()
        if any(isinstance(w, UITextEntryLine) and w is not widget for w in focused):
            ui.set_focus_set(None)
        if isinstance(widget, UITextEntryLine) and not widget.is_focused:
            ui.set_focus_set(widget)
            widget.edit_position = len(widget.get_text())
        self.widget = widget
        self.place = (type(widget), pygame.Vector2(widget.rect.center))
        self.shown = True

    def _typing(self, here: list):
        focused = self.app.ui.get_focus_set() or set()
        return next((w for w in here if isinstance(w, UITextEntryLine) and w in focused), None)

    # --- input ------------------------------------------------------------------------------
    def handle(self, event, scene) -> bool:
        """Take ``event`` if it is the focus's; whether it was (then the scene does not
        get it)."""
        self._follow(scene)
        if event.type == pygame.MOUSEMOTION:
            if tuple(event.pos) != self.mouse_at:
                self.shown = False
            self.mouse_at = tuple(event.pos)
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.shown = False
            return False
        if event.type != pygame.KEYDOWN:
            return False
        part = scene.focus_part()
        if part is not None and part.focus_held():
            self.to_part()               # the keys brought the focus back to the board
        widget = self.current(scene)
        if self.shown and widget is not None and _expanded(widget):
            if self._in_options(event, widget):
                return True
        if event.key == pygame.K_TAB:
            return self._tab(scene, part, -1 if event.mod & pygame.KMOD_SHIFT else 1)
        if not self.shown or widget is None or not _shown(widget):
            return False
        if isinstance(widget, UITextEntryLine):
            if event.key in PRESS and not widget.is_focused:
                self.focus(widget)
                return True
            return False                 # the typed text's
        if isinstance(widget, UIHorizontalSlider):
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._slide(widget, -1 if event.key == pygame.K_LEFT else 1)
                return True
            return event.key in PRESS
        if event.key in PRESS:
            if isinstance(widget, UIDropDownMenu):
                self._open(widget)
            else:
                _press(widget)
            return True
        return False

    def _tab(self, scene, part, step: int) -> bool:
        here = stops(scene)
        widget = self.current(scene)
        slot = getattr(part, "focus_slot", None)
        slot = max(0, min(len(here), slot(here))) if slot is not None else 0
        if part is not None:
            if part.focus_held():
                if part.focus_tab(step):
                    return True
                part.focus_drop()
                if here:
                    self.focus(here[slot % len(here)] if step > 0 else here[slot - 1])
                else:
                    part.focus_take(step)
                return True
            if (not self.shown or widget is None) and part.focus_take(0):
                self.to_part()            # the first Tab shows the board's cursor
                self.shown = True
                return True
        if not here:
            return part is not None
        if not self.shown or widget not in here:
            typing = self._typing(here)
            if typing is not None:        # Tab leaves a text box clicked into
                self.focus(here[(here.index(typing) + step) % len(here)])
            else:
                self.focus(widget if widget in here else here[0])
            return True
        at = here.index(widget) + step
        if self._scroll_on(scene, widget, here[at % len(here)], step):
            return True
        # the part sits before stop ``slot`` (0: before the first, after the last)
        between = at - step == ((slot - 1) % len(here) if step > 0 else slot % len(here))
        if part is not None and between and part.focus_take(step):
            self.to_part()
            return True
        self.focus(here[at % len(here)])
        return True

    def _scroll_on(self, scene, widget, going, step: int) -> bool:
        """Tab from the last row shown of a scrolling list (Shift+Tab from the first)
        when more rows lie beyond: the list scrolls one row and the focus goes into it."""
        lists = _lists(scene)
        row = _row_of(lists, widget)
        if row is None:
            return False
        listed, index = row
        beyond = index + step
        if not 0 <= beyond < listed.count or listed.row_rect(beyond) is not None:
            return False                  # no row beyond, or it is in view: Tab reaches it
        ahead = _row_of(lists, going)
        if ahead is not None and ahead[0] is listed and (ahead[1] - index) * step >= 0:
            return False                  # the next stop is on this row or one beyond
        first = listed.first
        listed.show(beyond)
        usable = reading_order([w for w in listed.row_widgets(beyond) if _shown(w)])
        if usable:
            self.focus(usable[0] if step > 0 else usable[-1])
            return True
        listed.scroll_to(first)           # nothing to use there: as it was
        return False

    def to_part(self) -> None:
        """The keyboard has gone to the scene's part (the board): no widget has it."""
        focused = self.app.ui.get_focus_set() or set()
        if any(isinstance(w, UITextEntryLine) for w in focused):
            self.app.ui.set_focus_set(None)
        self.widget = self.place = None

    def settle(self, scene) -> None:
        """A screen come back to on top shows the focus where it was when it was left
        (the ring on a screen newly opened waits for the first Tab, so that the keys a
        screen has of its own, Enter on the results, keep their meaning)."""
        self._follow(scene)
        if self.shown:
            self.current(scene)

    # --- drop-downs and sliders --------------------------------------------------------
    def _open(self, dropdown) -> None:
        options = list(dropdown.options_list)
        chosen = tuple(dropdown.selected_option)
        self.option = next((i for i, o in enumerate(options) if tuple(o) == chosen), 0)
        _press(dropdown.current_state.selected_option_button)

    def _option_list(self, dropdown):
        return getattr(dropdown.current_state, "options_selection_list", None)

    def _in_options(self, event, dropdown) -> bool:
        """The keys of a drop-down opened: Up and Down over its options, Enter choosing,
        Esc (and Tab, which then goes on) closing it unchanged."""
        listed = self._option_list(dropdown)
        count = len(dropdown.options_list)
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.option = max(0, min(count - 1, self.option
                                     + (-1 if event.key == pygame.K_UP else 1)))
            self._show_option(listed)
            return True
        if event.key in CHOOSE and listed is not None:
            item = listed.item_list[self.option]
            if item.get("button_element") is not None:
                _press(item["button_element"])
            else:
                for other in listed.item_list:
                    other["selected"] = False
                item["selected"] = True
                pygame.event.post(pygame.event.Event(
                    pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                    {"text": item["text"], "ui_element": listed,
                     "ui_object_id": listed.most_specific_combined_id}))
            return True
        if event.key in (pygame.K_ESCAPE, pygame.K_TAB):
            dropdown.current_state.should_transition = True      # closes on the next update
            return event.key == pygame.K_ESCAPE
        return False

    def _show_option(self, listed) -> None:
        """Scroll an open drop-down's list so that the option lit is in view."""
        bar = getattr(listed, "scroll_bar", None)
        if listed is None or bar is None or not listed.item_list:
            return
        count = len(listed.item_list)
        bar.set_scroll_from_start_percentage(max(0.0, min(1.0 - bar.visible_percentage,
                                                          self.option / count)))

    def _slide(self, slider, step: int) -> None:
        """Left or Right on a slider: a step along it, told as a drag of it is."""
        low, high = slider.value_range
        value = slider.get_current_value() + step * max(slider.increment,
                                                        (high - low) / SLIDER_STEPS)
        slider.set_current_value(max(min(low, high), min(max(low, high), value)), warn=False)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
            "value": slider.current_value, "ui_element": slider,
            "ui_object_id": slider.most_specific_combined_id}))

    # --- drawing ------------------------------------------------------------------------------
    def focus_rect(self, scene) -> pygame.Rect | None:
        """Where the ring is drawn round: the widget in focus, or the option lit in a
        drop-down opened from the keys; None while the ring is not shown."""
        if not self.shown:
            return None
        widget = self.current(scene)
        if widget is None or not _shown(widget):
            return None
        if _expanded(widget):
            listed = self._option_list(widget)
            if listed is not None and self.option < len(listed.item_list):
                button = listed.item_list[self.option].get("button_element")
                if button is not None and button.alive():
                    return pygame.Rect(button.rect)
            return pygame.Rect(listed.rect if listed is not None else widget.rect)
        return pygame.Rect(widget.rect)

    def draw(self, surface, scene) -> None:
        self.settle(scene)
        rect = self.focus_rect(scene)
        if rect is not None:
            # an option of an open drop-down: close round it, its neighbours' words in view
            draw_focus(surface, rect, 0 if _expanded(self.widget) else GAP)


def draw_focus(surface, rect: pygame.Rect, gap: int = GAP) -> None:
    """The ring ``gap`` pixels round ``rect``: a light line on a dark edge either side, so
    that it reads on the dark table, a light button and a light board alike; kept inside
    the screen."""
    ring = rect.inflate(2 * (gap + WIDTH), 2 * (gap + WIDTH))
    inside = surface.get_rect().inflate(-2, -2)
    ring = ring.clip(inside) if not inside.contains(ring) else ring
    radius = 8
    pygame.draw.rect(surface, EDGE, ring.inflate(2, 2), WIDTH + 2, border_radius=radius + 1)
    pygame.draw.rect(surface, RING, ring, WIDTH, border_radius=radius)
