"""Setting up a game: variant, who plays each seat, who starts, rule options."""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import GAMES
from game.ai import LEVEL_TITLES, LEVELS

from . import assets, ui
from .stack import Scene

#: How rule options are offered: name -> (label, [(value, text), ...]).
OPTION_UI = {
    "time_limit_minutes": ("Game timer", [(0, "Off")] + [(m, f"{m} minutes")
                                                         for m in (5, 10, 15, 20, 30, 45, 60)]),
    "end_sweep": ("Cubes left at the end", [("none", "Count for nobody"),
                                            ("owner_takes", "Go to their owner")]),
}

SEAT_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")

#: Per-player clocks offered for any game ("none" = untimed).
TIME_CONTROLS = ("none", "1", "3", "3+2", "5", "5+3", "10", "10+5", "15+10", "25+10", "3d2", "5d5")


def time_control_choices():
    from game.clock import parse_time_control
    choices = []
    for text in TIME_CONTROLS:
        control = parse_time_control(text)
        choices.append(("Untimed" if control is None else f"{text}: {control.describe()}", text))
    return choices


def option_choices(spec, name):
    """(label, [(value, text)]) for any rule option, known or not."""
    if name in OPTION_UI:
        return OPTION_UI[name]
    label = name.replace("_", " ").capitalize()
    choice = spec.option_choices.get(name)
    default = spec.options[name]
    if isinstance(default, bool):
        return label, [(False, "Off"), (True, "On")]
    if isinstance(choice, tuple) and choice and not isinstance(choice[0], type):
        return label, [(v, str(v).replace("_", " ")) for v in choice]
    low = choice[1] if isinstance(choice, tuple) and len(choice) > 1 else 0
    high = choice[2] if isinstance(choice, tuple) and len(choice) > 2 else default * 4 or 10
    values = sorted({v for v in (low, default // 2, default, default * 2, high)
                     if low <= v <= high and (v != 0 or low == 0)})
    return label, [(v, "Off" if v == 0 else str(v)) for v in values]


def seat_kinds():
    kinds = [("Human", "human")]
    kinds += [(f"Computer - {LEVEL_TITLES.get(level, level.title())}", f"computer:{level}")
              for level in LEVELS]
    return kinds


class SetupScene(Scene):
    title = "setup"

    def __init__(self, app, game_name: str, config: dict | None = None):
        super().__init__(app)
        self.spec = GAMES[game_name]
        config = config or {}
        self.variant = config.get("variant", self.spec.variants[0])
        self.options = dict(self.spec.options)
        self.options.update(config.get("options", {}))
        self.seats = [dict(s) for s in config.get("seats", [])]
        self.starter = "random"
        self.time_control = config.get("time_control") or "none"
        self._fit_seats()
        self.error = ""

    def _fit_seats(self) -> None:
        n = self.spec.players(self.variant)
        while len(self.seats) < n:
            self.seats.append({"name": SEAT_NAMES[len(self.seats)], "kind": "human"})
        del self.seats[n:]

    # --- widgets -----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(720, w - 80), 0)
        x = (w - self.box.width) // 2
        y = 150
        row = 46
        control_x = x + 250
        control_w = self.box.width - 270
        self.rows = []
        self.controls = {}
        if len(self.spec.variants) > 1:
            options = [(self.spec.variant_title(v) + f" ({self.spec.players(v)} players)", v)
                       for v in self.spec.variants]
            current = next(o for o in options if o[1] == self.variant)
            self.controls["variant"] = ui.dropdown(self, (control_x, y, control_w, 36), options,
                                                   current)
            self.rows.append(("Variant", y))
            y += row
        self.name_entries = []
        kinds = seat_kinds()
        for i, seat in enumerate(self.seats):
            entry = self.add(UITextEntryLine(pygame.Rect(control_x, y, 180, 36),
                                             manager=self.app.ui, initial_text=seat["name"]))
            entry.set_text_length_limit(16)
            self.name_entries.append(entry)
            current = next((k for k in kinds if k[1] == seat["kind"]), kinds[0])
            self.controls[f"seat{i}"] = ui.dropdown(self, (control_x + 190, y, control_w - 190, 36),
                                                    kinds, current)
            self.rows.append((f"Seat {i + 1}", y))
            y += row
        if len(self.seats) == 2:
            self.two_humans = ui.button(self, (control_x, y, control_w // 2 - 5, 34),
                                        "Two at one screen")
            self.vs_computer = ui.button(self, (control_x + control_w // 2 + 5, y,
                                                control_w // 2 - 5, 34), "Against the computer")
            y += row
        else:
            self.two_humans = self.vs_computer = None
        starters = [("Random", "random")] + [(s["name"], str(i)) for i, s in enumerate(self.seats)]
        current = next((o for o in starters if o[1] == self.starter), starters[0])
        self.controls["starter"] = ui.dropdown(self, (control_x, y, control_w, 36), starters,
                                               current)
        self.rows.append(("Who starts", y))
        y += row
        self.sides_note = self._sides_note()
        if self.sides_note:
            self.sides_y = y - 6
            y += 24
        clocks = time_control_choices()
        current = next((o for o in clocks if o[1] == self.time_control), clocks[0])
        self.controls["time_control"] = ui.dropdown(self, (control_x, y, control_w, 36), clocks,
                                                    current)
        self.rows.append(("Clock for each player", y))
        y += row
        for name in self.spec.options:
            label, choices = option_choices(self.spec, name)
            options = [(text, repr(value)) for value, text in choices]
            current = next((o for o in options if o[1] == repr(self.options[name])), None)
            if current is None:
                options.append((str(self.options[name]), repr(self.options[name])))
                current = options[-1]
            self.controls[f"option:{name}"] = ui.dropdown(self, (control_x, y, control_w, 36),
                                                          options, current)
            self.rows.append((label, y))
            y += row
        self.box.height = y - 150
        self.box.topleft = (x, 150)
        self.back_button = ui.button(self, (x, y + 20, 150, 46), "Back")
        self.rules_button = ui.button(self, (x + 165, y + 20, 150, 46), "Rules")
        self.start_button = ui.button(self, (x + self.box.width - 200, y + 20, 200, 46),
                                      "Start game", "#primary")

    def _sides_note(self) -> str:
        """Which side each seat takes, in move order: the starter takes the first."""
        from .views import view_class
        try:
            sides = view_class(self.spec.name).side_names(self.variant)
        except (ImportError, KeyError):
            return ""
        if not sides:
            return ""
        if len(sides) == 2:
            return f"Whoever starts plays {sides[0]}; the other plays {sides[1]}."
        return ("In turn order from the starter: " + ", ".join(sides[:-1]) + f" and {sides[-1]}.")

    # --- events ------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._dropdown_changed(event)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for i, entry in enumerate(self.name_entries):
                if event.ui_element is entry:
                    self.seats[i]["name"] = entry.get_text()
        elif ui.pressed(event, self.two_humans):
            for seat in self.seats:
                seat["kind"] = "human"
            self.resize()
        elif ui.pressed(event, self.vs_computer):
            level = "medium" if "medium" in LEVELS else LEVELS[-1]
            self.seats[1]["kind"] = f"computer:{level}"
            if self.seats[1]["name"].startswith("Player"):
                self.seats[1]["name"] = "Computer"
            self.resize()
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()
        elif ui.pressed(event, self.rules_button):
            self.app.stack.push("rules", game_name=self.spec.name)
        elif ui.pressed(event, self.start_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
            self.start()

    def _dropdown_changed(self, event) -> None:
        for key, widget in self.controls.items():
            if event.ui_element is not widget:
                continue
            value = widget.selected_option[1]
            if key == "variant":
                self.variant = value
                self._fit_seats()
                self.resize()
            elif key.startswith("seat"):
                self.seats[int(key[4:])]["kind"] = value
            elif key == "starter":
                self.starter = value
            elif key == "time_control":
                self.time_control = value
            elif key.startswith("option:"):
                name = key[len("option:"):]
                _, choices = option_choices(self.spec, name)
                for v, _text in choices:
                    if repr(v) == value:
                        self.options[name] = v

    def config(self, rng=None) -> dict:
        """The game to start: seats in engine order (the starter first)."""
        rng = rng or random.Random()
        seats = []
        for i, seat in enumerate(self.seats):
            name = seat["name"].strip() or SEAT_NAMES[i]
            entry = {"name": name, "kind": "human"}
            if seat["kind"].startswith("computer:"):
                entry = {"name": name, "kind": "computer", "level": seat["kind"].split(":", 1)[1]}
            seats.append(entry)
        first = rng.randrange(len(seats)) if self.starter == "random" else int(self.starter)
        seats = seats[first:] + seats[:first]
        return {"game": self.spec.name, "variant": self.variant, "options": dict(self.options),
                "seats": seats, "starter": self.starter,
                "time_control": None if self.time_control == "none" else self.time_control,
                "seat_order": [(first + i) % len(seats) for i in range(len(seats))]}

    def start(self) -> None:
        config = self.config()
        try:
            self.spec.new_game(variant=config["variant"], **config["options"])
        except ValueError as exc:
            self.error = str(exc)
            return
        self.app.stack.push("play", config=config)

    def draw(self, surface) -> None:
        ui.table(surface)
        w, _ = surface.get_size()
        ui.heading(surface, f"New game of {self.spec.title}", (w // 2, 56), size=40)
        assets.text(surface, "Choose who plays and how; then start.", (w // 2, 96), size=17,
                    colour=ui.MUTED, anchor="center")
        ui.panel(surface, self.box.inflate(30, 30))
        for text, y in self.rows:
            assets.text(surface, text, (self.box.x, y + 6), size=18, colour=ui.INK, bold=True)
        if self.sides_note:
            assets.text(surface, self.sides_note, (self.box.x + 250, self.sides_y), size=15,
                        colour=ui.MUTED)
        if self.error:
            assets.text(surface, self.error, (w // 2, self.box.bottom + 100), size=16,
                        colour=(255, 150, 120), anchor="center")
