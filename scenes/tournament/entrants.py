"""Setting up a tournament: its name, games and clocks, format, tie-breaks and entrants."""

from __future__ import annotations

import math
import random

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import GAMES
from game.clock import parse_time_control
from game.tournament.model import (DEFAULT_TIEBREAKS, MAX_NAME, TIEBREAK_TITLES, TIEBREAKS,
                                   Entrant, GameChoice, Tournament)

from .. import assets, ui
from ..stack import Scene
from .common import TIME_CONTROLS, StoreError, game_choices, kind_choices, message

FORMATS = [("Swiss", "swiss"), ("Round robin (single)", "rr1"), ("Round robin (double)", "rr2")]
NO_GAME = ("(no other game)", "")
NO_TIEBREAK = ("(none)", "")
TIEBREAK_SLOTS = 3
ROW = 44


def clock_choices():
    """Short labels ("5+3"): the note under the form says what the numbers mean."""
    return [("Untimed" if t == "none" else t, t) for t in TIME_CONTROLS]


class NewTournamentScene(Scene):
    title = "new tournament"

    def __init__(self, app, store):
        super().__init__(app)
        self.store = store
        games = game_choices()
        self.settings = {
            "name": "Club evening",
            "game0": games[0][1] if games else "",
            "clock0": "5+3",
            "game1": "",
            "clock1": "5+3",
            "format": "swiss",
            "rounds": "auto",
        }
        self.tiebreaks = list(DEFAULT_TIEBREAKS["swiss"])
        self.entrants = [{"name": f"Player {i + 1}", "kind": "human"} for i in range(4)]
        self.error = ""

    # --- what the director chose ------------------------------------------------------
    @property
    def format(self) -> str:
        return "swiss" if self.settings["format"] == "swiss" else "round-robin"

    def round_choices(self):
        count = max(2, len(self.entrants))
        most = count - 1 + count % 2
        auto = min(most, max(1, math.ceil(math.log2(count))))
        return [(f"Suggested ({auto})", "auto")] + [(str(n), str(n)) for n in range(1, most + 1)]

    def max_entrants(self) -> int:
        return max(2, (self.app.size[1] - 150 - 130) // ROW)

    # --- widgets ------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        left = pygame.Rect(50, 150, min(560, w // 2 - 70), 0)
        right = pygame.Rect(left.right + 50, 150, w - left.right - 100, 0)
        self.left, self.right = left, right
        label_w = 170
        cx, cw = left.x + label_w, left.width - label_w
        self.controls = {}
        self.labels = []
        y = left.y
        self.name_entry = self.add(UITextEntryLine(pygame.Rect(cx, y, cw, 36), manager=self.app.ui,
                                                   initial_text=self.settings["name"]))
        self.name_entry.set_text_length_limit(80)
        self.labels.append(("Name", y))
        y += ROW
        games = game_choices()
        clocks = clock_choices()
        for slot in (0, 1):
            options = games if slot == 0 else [NO_GAME] + games
            self.controls[f"game{slot}"] = ui.dropdown(
                self, (cx, y, cw - 150, 36), options,
                _pick(options, self.settings[f"game{slot}"]))
            self.controls[f"clock{slot}"] = ui.dropdown(
                self, (cx + cw - 140, y, 140, 36), clocks,
                _pick(clocks, self.settings[f"clock{slot}"]))
            self.labels.append(("Game and clock" if slot == 0 else "Rotate with", y))
            y += ROW
        self.controls["format"] = ui.dropdown(self, (cx, y, cw, 36), FORMATS,
                                              _pick(FORMATS, self.settings["format"]))
        self.labels.append(("Format", y))
        y += ROW
        if self.format == "swiss":
            rounds = self.round_choices()
            if self.settings["rounds"] not in [r[1] for r in rounds]:
                self.settings["rounds"] = "auto"
            self.controls["rounds"] = ui.dropdown(self, (cx, y, cw, 36), rounds,
                                                  _pick(rounds, self.settings["rounds"]))
            self.labels.append(("Rounds", y))
            y += ROW
        tiebreaks = [NO_TIEBREAK] + [(TIEBREAK_TITLES[t], t) for t in TIEBREAKS]
        for slot in range(TIEBREAK_SLOTS):
            current = self.tiebreaks[slot] if slot < len(self.tiebreaks) else ""
            self.controls[f"tiebreak{slot}"] = ui.dropdown(self, (cx, y, cw, 36), tiebreaks,
                                                           _pick(tiebreaks, current))
            self.labels.append((f"Tie-break {slot + 1}", y))
            y += ROW
        left.height = y - left.y
        # entrants, one row each
        kinds = kind_choices()
        self.name_entries, self.kind_menus, self.remove_buttons = [], [], []
        y = right.y
        for i, entrant in enumerate(self.entrants):
            entry = self.add(UITextEntryLine(pygame.Rect(right.x + 40, y, 160, 36),
                                             manager=self.app.ui, initial_text=entrant["name"]))
            entry.set_text_length_limit(MAX_NAME)
            self.name_entries.append(entry)
            self.kind_menus.append(ui.dropdown(self, (right.x + 210, y, right.width - 300, 36),
                                               kinds, _pick(kinds, entrant["kind"])))
            self.remove_buttons.append(ui.button(self, (right.right - 80, y, 80, 36), "Remove"))
            if len(self.entrants) <= 2:
                self.remove_buttons[-1].disable()
            y += ROW
        self.add_button = ui.button(self, (right.x + 40, y + 4, 220, 38), "Add entrant")
        if len(self.entrants) >= self.max_entrants():
            self.add_button.disable()
        right.height = y + 46 - right.y
        bottom = h - 76
        self.back_button = ui.button(self, (left.x, bottom, 160, 46), "Back")
        self.create_button = ui.button(self, (w - 50 - 280, bottom, 280, 46),
                                       "Create tournament", "#primary")

    def _read_entries(self) -> None:
        """Take the typed texts into the model (before a rebuild or on Create)."""
        if not getattr(self, "name_entries", None):
            return
        self.settings["name"] = self.name_entry.get_text()
        for entrant, entry in zip(self.entrants, self.name_entries):
            entrant["name"] = entry.get_text()

    def resize(self) -> None:
        self._read_entries()   # typed names survive the rebuild
        super().resize()

    def rebuild(self) -> None:
        self.resize()

    # --- events -----------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._dropdown_changed(event)
            return
        for i, widget in enumerate(self.remove_buttons):
            if ui.pressed(event, widget):
                self._read_entries()
                del self.entrants[i]
                self.name_entries = []   # already read: the rebuild must not read them again
                super().resize()
                return
        if ui.pressed(event, self.add_button):
            self._read_entries()
            self.entrants.append({"name": self._free_name(), "kind": "human"})
            self.resize()
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()
        elif ui.pressed(event, self.create_button):
            self.create()

    def _free_name(self) -> str:
        taken = {e["name"].strip().casefold() for e in self.entrants}
        n = len(self.entrants) + 1
        while f"player {n}" in taken:
            n += 1
        return f"Player {n}"

    def _dropdown_changed(self, event) -> None:
        for i, widget in enumerate(self.kind_menus):
            if event.ui_element is widget:
                self.entrants[i]["kind"] = widget.selected_option[1]
                return
        for key, widget in self.controls.items():
            if event.ui_element is not widget:
                continue
            value = widget.selected_option[1]
            if key.startswith("tiebreak"):
                slot = int(key[len("tiebreak"):])
                chosen = self.tiebreaks + [""] * (TIEBREAK_SLOTS - len(self.tiebreaks))
                chosen[slot] = value
                self.tiebreaks = chosen
            else:
                self.settings[key] = value
                if key == "format":
                    if value == "swiss":
                        self.tiebreaks = list(DEFAULT_TIEBREAKS["swiss"])
                    else:
                        self.tiebreaks = list(DEFAULT_TIEBREAKS["round-robin"])
                    self.rebuild()

    # --- creating -----------------------------------------------------------------
    def tournament(self) -> Tournament:
        """The tournament as set up; ValueError says what to fix."""
        self._read_entries()
        entrants = []
        for i, e in enumerate(self.entrants):
            name = e["name"].strip()
            if not name:
                raise ValueError(f"entrant {i + 1} needs a name")
            if e["kind"].startswith("computer:"):
                entrants.append(Entrant(name, "computer", e["kind"].split(":", 1)[1]))
            else:
                entrants.append(Entrant(name, "human"))
        games = []
        for slot in (0, 1):
            value = self.settings[f"game{slot}"]
            if not value:
                continue
            game, variant = value.split(":", 1)
            clock = self.settings[f"clock{slot}"]
            games.append(GameChoice(game, variant,
                                    None if clock == "none" else parse_time_control(clock)))
        tiebreaks = [t for t in self.tiebreaks if t]
        if len(set(tiebreaks)) != len(tiebreaks):
            raise ValueError("a tie-break is chosen twice; pick each one once")
        rounds = None
        cycles = 1
        if self.format == "swiss":
            if self.settings["rounds"] != "auto":
                rounds = int(self.settings["rounds"])
        else:
            cycles = 2 if self.settings["format"] == "rr2" else 1
        return Tournament(self.settings["name"], entrants, self.format, games, rounds=rounds,
                          cycles=cycles, tiebreaks=tiebreaks, seed=random.randrange(2**62),
                          registry=GAMES)

    def create(self) -> None:
        try:
            tournament = self.tournament()
        except ValueError as exc:
            self.error = f"Cannot create the tournament: {exc}."
            return
        try:
            stored = self.store.create(tournament)
        except StoreError as exc:
            self.error = f"The tournament could not be kept: {exc}"
            return
        self.app.stack.replace("tournament.round", stored=stored)

    # --- drawing ---------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        ui.heading(surface, "New tournament", (w // 2, 56), size=44)
        assets.text(surface, "Choose the game, the clocks and the format on the left; list "
                             "the entrants on the right.", (w // 2, 100), size=17,
                    colour=ui.MUTED, anchor="center")
        ui.panel(surface, self.left.inflate(30, 30))
        ui.panel(surface, self.right.inflate(30, 30))
        for text, y in self.labels:
            assets.text(surface, text, (self.left.x, y + 8), size=17, colour=ui.INK, bold=True)
        for i, _ in enumerate(self.entrants):
            assets.text(surface, f"{i + 1}.", (self.right.x, self.right.y + i * ROW + 8), size=17,
                        colour=ui.MUTED)
        assets.text(surface, f"{len(self.entrants)} entrants", (self.right.right,
                                                                self.right.bottom - 34),
                    size=16, colour=ui.MUTED, anchor="topright")
        assets.text(surface, "Clocks: minutes for each player + seconds added after every "
                             "move.", (self.left.x, self.left.bottom + 20), size=15,
                    colour=ui.MUTED)
        assets.text(surface, "Standings: points first, then the tie-breaks in this order.",
                    (self.left.x, self.left.bottom + 42), size=15, colour=ui.MUTED)
        message(surface, self.error, (w // 2, h - 120))


def _pick(options, value):
    return next((o for o in options if o[1] == value), options[0])
