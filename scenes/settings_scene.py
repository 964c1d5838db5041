"""Settings: language, interface size, sound volume, animation speed, board look, colours,
learning aids."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from game import i18n
from game.i18n import N_, _

from . import assets, ui
from .settings import INTERFACE_SIZES
from .stack import Scene

SPEEDS = [(N_("Slow"), "0.5"), (N_("Normal"), "1.0"), (N_("Fast"), "2.0"),
          (N_("Very fast"), "4.0")]
STYLES = [(N_("Wood"), "wood"), (N_("Stone"), "stone")]
ON_OFF = [(N_("Off"), "0"), (N_("On"), "1")]
#: How long a placed chip shows its underside: (what it is called, seconds).
GLIMPSES = [(N_("Blink"), "0.6"), (N_("Normal"), "1.2"), (N_("Long"), "2.5"),
            (N_("Very long"), "4.0")]
LABEL_W = 268          # the room of a row's words, left of its control
CONTROL_W = 300
NOTE_H = 26            # the line under the interface size saying the window has less room


def translated(options):
    """``options`` (word, value) with their words in the language in use."""
    return [(_(word), value) for word, value in options]


def percent(n: int) -> str:
    """``n`` per cent, written as the language in use writes it."""
    return _("{percent}%").format(percent=i18n.number(n))


def glimpses():
    return [(_("{name} ({seconds} s)").format(name=_(word), seconds=i18n.number(float(value))),
             value) for word, value in GLIMPSES]


class SettingsScene(Scene):
    title = "settings"

    def build(self) -> None:
        w, h = self.app.size
        s = self.app.settings
        persian = i18n.language().code == "fa"
        count = 10 + persian          # the rows (Persian digits only where they can be had)
        top = 120 if h >= 700 else 84
        # the size asked for is more than the window has room for: a line says so
        room = self.app.room_for()
        self.note = None
        if s["interface_size"] > room:
            self.note = _("This window has room for {size}; a larger window or full screen "
                          "gives more.").format(size=percent(room))
        note_h = NOTE_H if self.note else 0
        # every row and Done fit a 600-pixel window, a line of notice under them
        step = max(33, min(50, (h - top - 20 - 30 - 46 - 34 - note_h) // count))
        self.row_h = min(34, step - 4)
        self.box = pygame.Rect((w - 640) // 2, top, 640, 20 + count * step + note_h)
        self.rows = []
        y = self.box.y + 20

        def row(words, make):
            nonlocal y
            control = ui.mirrored(pygame.Rect(self.box.x + 300, y, CONTROL_W, self.row_h),
                                  self.box)
            widget = make(control)
            self.rows.append((words, y))
            y += step
            return widget

        def choice(words, options, value):
            return row(words, lambda rect: ui.dropdown(self, rect, options,
                                                       _pick(options, value)))

        languages = [(language.name, code) for code, language in i18n.LANGUAGES.items()]
        self.language = choice(_("Language"), languages, i18n.language().code)
        self.interface_size = choice(_("Interface size"),
                                     [(percent(n), str(n)) for n in INTERFACE_SIZES],
                                     str(s["interface_size"]))
        self.note_y = y + note_h // 2 - 3
        y += note_h
        self.volume = row(_("Sound volume"), lambda rect: self.add(UIHorizontalSlider(
            rect.inflate(0, -2), s["volume"] * 100, (0, 100), manager=self.app.ui)))
        self.speed = choice(_("Animation speed"), translated(SPEEDS),
                            str(float(s["animation_speed"])))
        self.style = choice(_("Board"), translated(STYLES), s["board_style"])
        self.colour_safe = choice(_("Colour-blind safe colours"), translated(ON_OFF),
                                  "1" if s["colour_safe"] else "0")
        self.hints = choice(_("Mark where a piece may go"), translated(ON_OFF),
                            "1" if s["show_hints"] else "0")
        self.undersides = choice(_("Calliro: show chip undersides"), translated(ON_OFF),
                                 "1" if s["show_undersides"] else "0")
        self.glimpse = choice(_("Calliro: underside glimpse"), glimpses(),
                              str(float(s["glimpse_seconds"])))
        self.turn_board = choice(_("Turn the board to face the player"), translated(ON_OFF),
                                 "1" if s["turn_board"] else "0")
        self.digits = None
        if persian:
            self.digits = choice(_("Persian digits (۱۲۳)"), translated(ON_OFF),
                                 "1" if s["persian_digits"] else "0")
        self.back_button = ui.button(self, (self.box.centerx - 100, self.box.bottom + 30, 200, 46),
                                     _("Done"), "#primary")

    def handle(self, event) -> None:
        s = self.app.settings
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.volume:
            s.set("volume", round(float(event.value) / 100, 2))
            self.app.set_volume(s["volume"])
            self.app.sounds.play("sow")
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            value = event.ui_element.selected_option[1]
            if event.ui_element is self.language:
                if value != i18n.language().code:
                    self.app.set_language(value)          # every screen, at once
            elif event.ui_element is self.interface_size:
                if int(value) != s["interface_size"]:
                    self.app.set_interface_size(int(value))     # every screen, at once
            elif event.ui_element is self.digits:
                self.app.set_language(self.app.settings["language"], persian_digits=value == "1")
            elif event.ui_element is self.speed:
                s.set("animation_speed", float(value))
            elif event.ui_element is self.style:
                s.set("board_style", value)
            elif event.ui_element is self.colour_safe:
                s.set("colour_safe", value == "1")
            elif event.ui_element is self.hints:
                s.set("show_hints", value == "1")
            elif event.ui_element is self.undersides:
                s.set("show_undersides", value == "1")
            elif event.ui_element is self.glimpse:
                s.set("glimpse_seconds", float(value))
            elif event.ui_element is self.turn_board:
                s.set("turn_board", value == "1")
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def draw(self, surface) -> None:
        ui.table(surface)
        ui.heading(surface, _("Settings"), (surface.get_width() // 2, 60 if self.box.y > 100
                                            else 46), size=42)
        ui.panel(surface, self.box)
        words = ui.mirrored(pygame.Rect(self.box.x + 24, 0, LABEL_W, 0), self.box)
        for text, y in self.rows:
            size = assets.fitting_size(text, 18, LABEL_W, bold=True, smallest=14)
            assets.text(surface, text, (words.x, y + self.row_h // 2), colour=ui.INK,
                        bold=True, size=size, anchor="midleft", width=LABEL_W)
        if self.note:
            room = self.box.width - 48
            size = assets.fitting_size(self.note, 15, room, smallest=11)
            assets.text(surface, self.note, (self.box.centerx, self.note_y), colour=ui.INK,
                        size=size, anchor="center", width=room)
        problem = self.app.settings.problem
        width = surface.get_width()
        for i, line in enumerate(assets.wrap(problem, 15, width - 80) if problem else []):
            # wrapped: the message may name a file's whole path
            assets.text(surface, line, (width // 2, self.back_button.rect.bottom + 24 + 20 * i),
                        size=15, colour=(255, 170, 120), anchor="center")


def _pick(options, value):
    """The option of ``value``; for a number the file allows but no option offers (an
    animation speed of 8), the nearest option, so the drop-down shows what is closest."""
    exact = next((o for o in options if o[1] == value), None)
    if exact is not None:
        return exact
    try:
        wanted = float(value)
        return min(options, key=lambda o: abs(float(o[1]) - wanted))
    except (TypeError, ValueError):
        return options[0]
