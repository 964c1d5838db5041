"""Setting up a tournament: its name, games and clocks, format, tie-breaks and entrants.

Entrants are typed one a row (Enter goes on to the next row, a new one after the last),
pasted as a list of names (Ctrl+V in a name box, or the Paste names button), or read
from a CSV file of names with optional ratings and clubs; a rating orders the roster,
which is the seeding a Swiss pairs its first round from.  The list scrolls
(``scenes.scroll_list``): an evening of 200 entrants is set up in a window of 960x600.
"""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_paste
from pygame_gui.elements import UITextEntryLine

from game import GAMES
from game.clock import parse_time_control
from game.i18n import N_, _, digits, isolated, ngettext, number, rtl
from game.tournament.files import load_entrants_csv, read_entrant_lines
from game.tournament.model import (DEFAULT_TIEBREAKS, MAX_ENTRANTS, MAX_NAME, TIEBREAKS,
                                   Entrant, GameChoice, Tournament)

from .. import assets, ui
from ..scroll_list import BAR, BAR_GAP, ScrollList
from ..stack import Scene
from .common import (ERROR, GOOD, TIME_CONTROLS, StoreError, count_text, export_dir,
                     game_choices, kind_choices, tiebreak_title)

FORMATS = [(N_("Swiss"), "swiss"), (N_("Round robin (single)"), "rr1"),
           (N_("Round robin (double)"), "rr2")]
#: A Swiss's byes: the points of the bye the pairing gives the odd one out, and of a bye a
#: player asks for (the event's settings, beside the format and the rounds).
BYE_POINTS = [(N_("1 point"), "1"), (N_("\u00bd point"), "0.5"), (N_("No point"), "0")]
ASKED_POINTS = [(N_("\u00bd point"), "0.5"), (N_("No point"), "0")]
BESIDE = 130          # a bye's drop-down, beside the format's and the rounds'
NO_GAME = (N_("(none)"), "")            # a second game to rotate with: none
NO_TIEBREAK = (N_("(none)"), "")


def said(options):
    """Drop-down ``options`` (title, value) with their titles in the language in use."""
    return [(_(title), value) for title, value in options]
TIEBREAK_SLOTS = 3
ROW = 44              # a row of the form, and of the entrants list
TOP = 140             # where both panels begin
HEADER = 26           # the column titles above the entrants
TOOLS = 8 + 38 + 8 + 36   # under the entrants: Add and Paste, then the CSV file's row
#: The name every new row gets until the director types another; a row still holding
#: one is free for a pasted or read list to fill.
PLACEHOLDER = re.compile(r"Player \d+")


def placeholder_name(n: int) -> str:
    """The name row ``n`` gets until the director types another: "Player 3"."""
    return _("Player {n}").format(n=number(n))


def _placeholder_pattern() -> re.Pattern:
    """``placeholder_name`` in the language in use, any number in it."""
    words = re.escape(_("Player {n}")).replace(re.escape("{n}"), r"[0-9\u06f0-\u06f9]+")
    return re.compile(words)


def clock_choices():
    """Short labels ("5+3"): the note under the form says what the numbers mean."""
    return [(_("Untimed") if t == "none" else digits(t), t) for t in TIME_CONTROLS]


def clipboard_text() -> str:
    """The text on the clipboard, "" when there is none or it cannot be read."""
    try:
        text = clipboard_paste()
    except Exception:  # noqa: BLE001 - a clipboard that cannot be read holds nothing here
        return ""
    return text if isinstance(text, str) else ""


def is_paste(event) -> bool:
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_v
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
            and not event.mod & pygame.KMOD_ALT)


def is_list(text: str) -> bool:
    """Whether pasted ``text`` is a list of names rather than one name."""
    return len([line for line in text.splitlines() if line.strip()]) > 1


class NameEntry(UITextEntryLine):
    """An entrant's name box.  A list of names pasted into it (text of several lines) is
    left to the screen, which makes an entrant of each line; one name pastes as usual."""

    def process_event(self, event) -> bool:
        if self.is_focused and is_paste(event) and is_list(clipboard_text()):
            return True
        return super().process_event(event)


def is_placeholder(entrant: dict) -> bool:
    return (entrant["kind"] == "human" and entrant.get("rating") is None
            and (PLACEHOLDER.fullmatch(entrant["name"].strip()) is not None
                 or _placeholder_pattern().fullmatch(entrant["name"].strip()) is not None))


class NewTournamentScene(Scene):
    title = "new tournament"

    def __init__(self, app, store):
        super().__init__(app)
        self.store = store
        games = game_choices()
        self.settings = {
            "name": _("Club evening"),
            "game0": games[0][1] if games else "",
            "clock0": "5+3",
            "game1": "",
            "clock1": "5+3",
            "format": "swiss",
            "rounds": "auto",
            "bye": "1",
            "asked": "0.5",
        }
        self.tiebreaks = list(DEFAULT_TIEBREAKS["swiss"])
        self.entrants = [{"name": placeholder_name(i + 1), "kind": "human"} for i in range(4)]
        self.csv_text = str(export_dir() / "entrants.csv")
        self.notice = ""
        self.notice_ok = False
        self.entrant_list: ScrollList | None = None
        self.name_entries: list = []

    @property
    def error(self) -> str:
        """What stopped the last step, "" when it went well."""
        return "" if self.notice_ok else self.notice

    # --- what the director chose ------------------------------------------------------
    @property
    def format(self) -> str:
        return "swiss" if self.settings["format"] == "swiss" else "round-robin"

    def round_choices(self):
        count = max(2, len(self.entrants))
        most = count - 1 + count % 2
        auto = min(most, max(1, math.ceil(math.log2(count))))
        return [(_("Auto ({n})").format(n=number(auto)), "auto")] + [
            (number(n), str(n)) for n in range(1, most + 1)]

    @property
    def rated(self) -> bool:
        return any(e.get("rating") is not None for e in self.entrants)

    # --- widgets ------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        left = pygame.Rect(50, TOP, min(560, w // 2 - 70), 0)
        right = pygame.Rect(left.right + 50, TOP, w - left.right - 100, 0)
        # in Persian the form at the right, where a page starts, and the entrants left of it
        left, right = ui.mirrored(left, (0, 0, w, h)), ui.mirrored(right, (0, 0, w, h))
        self.left, self.right = left, right
        self._build_form(w, h)
        self._build_entrants(w, h)
        bottom = h - 76
        self.back_button = ui.button(self, (50, bottom, 160, 46), _("Back"))
        self.create_button = ui.button(self, (w - 50 - 280, bottom, 280, 46),
                                       _("Create tournament"), "#primary")
        # what the last step said, between the two buttons
        self.notice_rect = pygame.Rect(50 + 180, bottom, w - 100 - 180 - 300, 46)

    def _build_form(self, w: int, h: int) -> None:
        left = self.left
        slots = 6 + TIEBREAK_SLOTS - (0 if self.format == "swiss" else 1)
        # a low window packs the form's rows closer, leaving two lines of notes under it
        step = max(40, min(ROW, (h - 90 - TOP - 50) // slots))
        # a narrow form keeps its room for the choices; the labels wrap instead
        label_w = self.label_w = 170 if left.width >= 480 else 140
        cx, cw = left.x + label_w, left.width - label_w
        self.controls = {}
        self.labels = []
        area = (left.x, 0, left.width, 1)

        def m(rect):        # the labels at the right in Persian, the boxes left of them
            return ui.mirrored(rect, area)
        y = left.y
        self.name_entry = self.add(UITextEntryLine(m((cx, y, cw, 36)), manager=self.app.ui,
                                                   initial_text=self.settings["name"]))
        self.name_entry.set_text_length_limit(80)
        self.labels.append((_("Name"), y))
        y += step
        games = game_choices()
        clocks = clock_choices()
        for slot in (0, 1):
            options = games if slot == 0 else said([NO_GAME]) + games
            self.controls[f"game{slot}"] = ui.dropdown(
                self, m((cx, y, cw - 120, 36)), options,
                _pick(options, self.settings[f"game{slot}"]))
            self.controls[f"clock{slot}"] = ui.dropdown(
                self, m((cx + cw - 110, y, 110, 36)), clocks,
                _pick(clocks, self.settings[f"clock{slot}"]))
            self.labels.append((_("Game and clock") if slot == 0 else _("Rotate with"), y))
            y += step
        swiss = self.format == "swiss"
        side = BESIDE + 10 if swiss else 0
        formats = said(FORMATS)
        self.controls["format"] = ui.dropdown(self, m((cx, y, cw - side, 36)), formats,
                                              _pick(formats, self.settings["format"]))
        self.labels.append((_("Format, bye") if swiss else _("Format"), y))
        if swiss:
            byes = said(BYE_POINTS)
            self.controls["bye"] = ui.dropdown(self, m((cx + cw - BESIDE, y, BESIDE, 36)),
                                               byes, _pick(byes, self.settings["bye"]))
        y += step
        if swiss:
            rounds = self.round_choices()
            if self.settings["rounds"] not in [r[1] for r in rounds]:
                self.settings["rounds"] = "auto"
            self.controls["rounds"] = ui.dropdown(self, m((cx, y, cw - side, 36)), rounds,
                                                  _pick(rounds, self.settings["rounds"]))
            asked = said(ASKED_POINTS)
            self.controls["asked"] = ui.dropdown(self, m((cx + cw - BESIDE, y, BESIDE, 36)),
                                                 asked, _pick(asked, self.settings["asked"]))
            self.labels.append((_("Rounds, asked bye"), y))
            y += step
        tiebreaks = said([NO_TIEBREAK]) + [(tiebreak_title(t), t) for t in TIEBREAKS]
        for slot in range(TIEBREAK_SLOTS):
            current = self.tiebreaks[slot] if slot < len(self.tiebreaks) else ""
            self.controls[f"tiebreak{slot}"] = ui.dropdown(self, m((cx, y, cw, 36)), tiebreaks,
                                                           _pick(tiebreaks, current))
            self.labels.append((_("Tie-break {n}").format(n=number(slot + 1)), y))
            y += step
        left.height = y - left.y - (step - 36)

    def _entrant_columns(self) -> dict:
        """Where each part of an entrant's row goes: (x from the row's left, width)."""
        width = self.right.width - BAR - BAR_GAP
        parts = {"number": (0, 34)}
        rest = width - 34 - 36 - 3 * 8            # the number and the remove button
        rating = 52 if self.rated else 0
        club = 0
        if self.rated or any(e.get("club") for e in self.entrants):
            club = max(0, min(220, rest - rating - 200 - 130 - 16))   # only where there is room
            if club < 100:
                club = 0
        rest -= rating + club + (8 if rating else 0) + (8 if club else 0)
        name = max(120, rest * 60 // 100)
        x = 34
        parts["name"] = (x, name)
        x += name + 8
        if rating:
            parts["rating"] = (x, rating)
            x += rating + 8
        if club:
            parts["club"] = (x, club)
            x += club + 8
        parts["kind"] = (x, width - 36 - 8 - x)
        parts["remove"] = (width - 36, 36)
        return parts

    def _build_entrants(self, w: int, h: int) -> None:
        right = self.right
        room = h - 105 - TOP - HEADER - TOOLS
        rows = max(1, min(len(self.entrants), room // ROW))
        self.columns = self._entrant_columns()
        self.kinds = kind_choices()
        count = len(self.entrants)
        self.name_entries = [None] * count
        self.kind_menus = [None] * count
        self.remove_buttons = [None] * count
        first = self.entrant_list.first if self.entrant_list is not None else 0
        self.entrant_list = ScrollList(self, (right.x, right.y + HEADER, right.width,
                                              rows * ROW), ROW, count, first=first,
                                       make_row=self._entrant_widgets,
                                       drop_row=self._drop_entrant)
        y = self.entrant_list.rect.bottom + 8
        self.add_button = ui.button(self, ui.mirrored((right.x, y, 170, 38), right),
                                    _("Add entrant"),
                                    tooltip=(_("A tournament takes at most {n} entrants.").format(
                                        n=number(MAX_ENTRANTS)) if count >= MAX_ENTRANTS
                                        else None))
        if count >= MAX_ENTRANTS:
            self.add_button.disable()
        self.paste_button = ui.button(self, ui.mirrored((right.x + 180, y, 150, 38), right),
                                      _("Paste names"),
                                      tooltip=_("Names copied from a list or a spreadsheet, "
                                                "one a line"))
        y += 38 + 8
        self.csv_entry = self.add(UITextEntryLine(
            ui.mirrored((right.x, y, right.width - 140, 36), right), manager=self.app.ui,
            initial_text=self.csv_text))
        self.csv_button = ui.button(self, ui.mirrored((right.right - 130, y, 130, 36), right),
                                    _("Read CSV"),
                                    tooltip=_("A CSV file with a name on each row, then "
                                              "optionally a rating and a club; a first row "
                                              "naming the columns is allowed"))
        right.height = y + 36 - right.y

    def _entrant_widgets(self, index: int, rect) -> list:
        """The name box, the kind and the remove button of entrant ``index``'s row."""
        entrant = self.entrants[index]
        y = rect.y + (ROW - 36) // 2
        x, width = self.columns["name"]
        entry = self.add(NameEntry(ui.mirrored((rect.x + x, y, width, 36), rect),
                                   manager=self.app.ui, initial_text=entrant["name"]))
        entry.set_text_length_limit(MAX_NAME)
        x, width = self.columns["kind"]
        menu = ui.dropdown(self, ui.mirrored((rect.x + x, y, width, 36), rect), self.kinds,
                           _pick(self.kinds, entrant["kind"]))
        x, width = self.columns["remove"]
        remove = ui.button(self, ui.mirrored((rect.x + x, y, width, 36), rect), "\u00d7",
                           tooltip=_("Take this entrant off the list"))
        if len(self.entrants) <= 2:
            remove.disable()
        self.name_entries[index] = entry
        self.kind_menus[index] = menu
        self.remove_buttons[index] = remove
        return [entry, menu, remove]

    def _drop_entrant(self, index: int, widgets) -> None:
        """Keep what was typed in a row leaving the view."""
        entry = self.name_entries[index]
        if entry is not None:
            self.entrants[index]["name"] = entry.get_text()
        self.name_entries[index] = self.kind_menus[index] = self.remove_buttons[index] = None

    def _read_entries(self) -> None:
        """Take the typed texts into the model (before a rebuild or on Create)."""
        if not getattr(self, "controls", None):
            return
        self.settings["name"] = self.name_entry.get_text()
        self.csv_text = self.csv_entry.get_text()
        for entrant, entry in zip(self.entrants, self.name_entries):
            if entry is not None:
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
        if is_paste(event):
            at = self._focused_row()
            text = clipboard_text()
            if at is not None and is_list(text):
                self.paste(text, at)
                return
        if (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
                and event.ui_element in self.name_entries):
            self._next_row(self.name_entries.index(event.ui_element))
            return
        if self.entrant_list.handle(event):
            return
        for i, widget in enumerate(self.remove_buttons):
            if widget is not None and ui.pressed(event, widget):
                self._read_entries()
                del self.entrants[i]
                self.name_entries = []   # already read: the rebuild must not read them again
                Scene.resize(self)
                return
        if ui.pressed(event, self.add_button):
            self.add_entrant()
        elif ui.pressed(event, self.paste_button):
            text = clipboard_text()
            if not text.strip():
                self.notice, self.notice_ok = _("The clipboard holds no names: copy a list of "
                                                "names, one a line, first."), False
            else:
                self.paste(text)
        elif ui.pressed(event, self.csv_button):
            self.read_csv(self.csv_entry.get_text().strip())
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()
        elif ui.pressed(event, self.create_button):
            self.create()

    def _focused_row(self) -> int | None:
        focused = self.app.ui.get_focus_set() or ()
        return next((i for i, e in enumerate(self.name_entries) if e is not None and e in focused),
                    None)

    def _focus_row(self, index: int) -> None:
        """Bring entrant ``index``'s name box into view, the cursor in it, its text chosen
        (typing replaces it)."""
        self.entrant_list.show(index)
        entry = self.name_entries[index]
        if entry is None:
            return
        self.app.ui.set_focus_set(entry)
        entry.select_range = [0, len(entry.get_text())]

    def _next_row(self, index: int) -> None:
        """Enter in a name box: on to the next row's, a new row after the last."""
        if index + 1 >= len(self.entrants):
            if not self.add_entrant():
                return
        self._focus_row(index + 1)

    def add_entrant(self) -> bool:
        """A new row at the end, its name box ready for typing; False at the most."""
        self._read_entries()
        if len(self.entrants) >= MAX_ENTRANTS:
            self.notice, self.notice_ok = _("A tournament takes at most {n} entrants.").format(
                n=number(MAX_ENTRANTS)), False
            return False
        self.entrants.append({"name": self._free_name(), "kind": "human"})
        self.notice = ""
        self.resize()
        self._focus_row(len(self.entrants) - 1)
        return True

    def _free_name(self) -> str:
        taken = {e["name"].strip().casefold() for e in self.entrants}
        n = len(self.entrants) + 1
        while placeholder_name(n).casefold() in taken:
            n += 1
        return placeholder_name(n)

    # --- lists of entrants --------------------------------------------------------------
    def paste(self, text: str, at: int | None = None) -> bool:
        """Names pasted, one a line: into row ``at`` (with a name box's Ctrl+V), then into
        the rows still holding a placeholder, then after the last."""
        self._read_entries()
        try:
            people = read_entrant_lines(text)
        except ValueError as exc:
            self.notice, self.notice_ok = _("Nothing was pasted: {problem}.").format(
                problem=exc), False
            return False
        if not people:
            self.notice, self.notice_ok = _("The clipboard holds no names."), False
            return False
        if self.take(people, at, "pasted"):
            self.notice, self.notice_ok = ngettext("{n} name was pasted.", "{n} names were pasted.",
                                                   len(people)).format(n=number(len(people))), True
            return True
        return False

    def read_csv(self, text: str) -> bool:
        """The entrants of the CSV file at path ``text``."""
        self._read_entries()
        self.csv_text = text
        if not text:
            self.notice, self.notice_ok = _("Type the path of a CSV file of entrants first."), \
                False
            return False
        try:
            people = load_entrants_csv(Path(text).expanduser())
        except StoreError as exc:
            self.notice, self.notice_ok = _("Nothing was read: {problem}.").format(problem=exc), \
                False
            return False
        if self.take(people, None, "read"):
            rated = any(p.rating is not None for p in people)
            if rated:
                said_ = ngettext("{n} entrant read from {file}, in order of rating.",
                                 "{n} entrants read from {file}, in order of rating.",
                                 len(people))
            else:
                said_ = ngettext("{n} entrant read from {file}.", "{n} entrants read from {file}.",
                                 len(people))
            self.notice, self.notice_ok = said_.format(n=number(len(people)),
                                                       file=isolated(Path(text).name)), True
            return True
        return False

    def take(self, people, at: int | None, how: str) -> bool:
        """Put ``people`` (Entrant values) on the list: into row ``at``, then into the rows
        still holding a placeholder, then after the last; rated entrants first when any
        has a rating.  Nothing changes, and the notice says why, when the list would hold
        more than a tournament takes or one name twice."""
        self._read_entries()
        rows = [{"name": p.name, "kind": "human", "rating": p.rating, "club": p.club}
                for p in people]
        slots = [i for i, e in enumerate(self.entrants)
                 if (at is None or i > at) and is_placeholder(e)]
        if at is not None:
            slots.insert(0, at)
        entrants = list(self.entrants)
        for slot, row in zip(slots, rows):
            entrants[slot] = row
        entrants += rows[len(slots):]
        if len(entrants) > MAX_ENTRANTS:
            words = (_("Nothing was pasted: {n} entrants would be more than the {most} a "
                       "tournament takes.") if how == "pasted" else
                     _("Nothing was read: {n} entrants would be more than the {most} a "
                       "tournament takes."))
            self.notice, self.notice_ok = words.format(n=number(len(entrants)),
                                                       most=number(MAX_ENTRANTS)), False
            return False
        seen = set()
        for e in entrants:
            key = e["name"].strip().casefold()
            if key in seen:
                words = (_("Nothing was pasted: {name} would be entered twice.")
                         if how == "pasted" else
                         _("Nothing was read: {name} would be entered twice."))
                self.notice, self.notice_ok = words.format(name=isolated(e['name'].strip())), \
                    False
                return False
            seen.add(key)
        if any(e.get("rating") is not None for e in entrants):
            # the seeding: the highest rating first, the unrated after, in their order
            entrants.sort(key=lambda e: -e["rating"] if e.get("rating") is not None
                          else 1)
        self.entrants = entrants
        self.name_entries = []       # already read
        if self.entrant_list is not None:
            self.entrant_list.first = 0
        Scene.resize(self)
        return True

    def _dropdown_changed(self, event) -> None:
        for i, widget in enumerate(self.kind_menus):
            if widget is not None and event.ui_element is widget:
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
                raise ValueError(_("entrant {n} needs a name").format(n=number(i + 1)))
            extra = {"rating": e.get("rating"), "club": e.get("club")}
            if e["kind"].startswith("computer:"):
                entrants.append(Entrant(name, "computer", e["kind"].split(":", 1)[1], **extra))
            else:
                entrants.append(Entrant(name, "human", **extra))
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
            raise ValueError(_("a tie-break is chosen twice; pick each one once"))
        rounds = None
        cycles = 1
        if self.format == "swiss":
            if self.settings["rounds"] != "auto":
                rounds = int(self.settings["rounds"])
        else:
            cycles = 2 if self.settings["format"] == "rr2" else 1
        byes = ({"bye_points": float(self.settings["bye"]),
                 "requested_bye_points": float(self.settings["asked"])}
                if self.format == "swiss" else {})
        return Tournament(self.settings["name"], entrants, self.format, games, rounds=rounds,
                          cycles=cycles, tiebreaks=tiebreaks, seed=random.randrange(2**62),
                          registry=GAMES, **byes)

    def create(self) -> None:
        try:
            tournament = self.tournament()
        except ValueError as exc:
            self.notice, self.notice_ok = _("Cannot create the tournament: {problem}.").format(
                problem=exc), False
            return
        try:
            stored = self.store.create(tournament)
        except StoreError as exc:
            self.notice, self.notice_ok = _("The tournament could not be kept: {problem}").format(
                problem=exc), False
            return
        self.app.stack.replace("tournament.round", stored=stored)

    # --- drawing ---------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        ui.heading(surface, _("New tournament"), (w // 2, 56), size=44)
        assets.text(surface, _("Choose the game, the clocks and the format on the left; list "
                               "the entrants on the right."), (w // 2, 100), size=17,
                    colour=ui.MUTED, anchor="center", width=w - 40)
        ui.panel(surface, self.left.inflate(30, 30))
        ui.panel(surface, self.right.inflate(30, 30))
        room = self.label_w - 10
        for text, y in self.labels:
            place = ui.mirrored((self.left.x, y + 8, room, 20), (self.left.x, 0, self.left.width, 1))
            size = assets.fitting_size(text, 17, room, bold=True, smallest=14)
            lines = [text]
            if assets.measure(text, size, True) > room:     # a long label: two lines
                size = 13
                lines = assets.wrap(text, size, room, bold=True)
                lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
            step = max(assets.font(size, True).size(line)[1] for line in lines)
            top = place.y + 9 - step * len(lines) // 2
            for i, line in enumerate(lines):
                assets.text(surface, line, (place.x, top + step * i), size=size, colour=ui.INK,
                            bold=True, width=room)
        self._draw_entrants(surface)
        notes = self.left.bottom + 20
        for i, words in enumerate((_("Clocks: minutes each + seconds added after every move."),
                                   _("Standings: points first, then the tie-breaks in this "
                                     "order."))):
            size = assets.fitting_size(words, 15, self.left.width, smallest=12)
            assets.text(surface, words, (self.left.x, notes + 21 * i), size=size,
                        colour=ui.MUTED, width=self.left.width)
        self._draw_notice(surface)

    def _draw_entrants(self, surface) -> None:
        rows = self.entrant_list
        top = self.right.y
        view = rows.view if rows.rect.width else self.right

        def at(x, width, y, height=20):         # a part of a row, from the right in Persian
            return ui.mirrored((view.x + x, y, width, height), view)
        for key, title in (("name", _("Name")), ("rating", _("Rating")), ("club", _("Club"))):
            if key in self.columns:
                x, width = self.columns[key]
                place = at(x, width, top)
                assets.text(surface, title, place.topleft, size=14, bold=True,
                            colour=ui.MUTED, width=width)
        # how many, over the kinds (which name themselves: Human, Computer: Easy...)
        x, width = self.columns["kind"]
        place = at(x, self.right.width - x, top)
        assets.text(surface, count_text(rows, "entrant"),
                    place.topleft if rtl() else (self.right.right, top), size=14,
                    bold=True, colour=ui.MUTED, anchor="topleft" if rtl() else "topright",
                    width=self.right.width - x)
        for i in rows.shown():
            rect = rows.row_rect(i)
            entrant = self.entrants[i]
            y = rect.y + 12
            place = at(0, 32, y)
            assets.text(surface, _("{n}.").format(n=number(i + 1)), place.topleft, size=16,
                        colour=ui.MUTED, width=32)
            for key in ("rating", "club"):
                value = entrant.get(key)
                if key in self.columns and value is not None:
                    x, width = self.columns[key]
                    place = at(x, width, y)
                    assets.text(surface, digits(value) if key == "rating" else str(value),
                                place.topleft, size=16, colour=ui.INK, width=width)
        rows.draw(surface)

    def _draw_notice(self, surface) -> None:
        """The last step's message (or why no entrant can be added) between the buttons,
        in two lines at most."""
        box = self.notice_rect
        colour = GOOD if self.notice_ok else ERROR
        lines = [(line, colour) for line in assets.wrap(self.notice, 15, box.width)]
        if len(lines) > 2:
            lines = [lines[0], (" ".join(line for line, _ in lines[1:]), colour)]
        full = _("A tournament takes at most {n} entrants.").format(n=number(MAX_ENTRANTS))
        if len(self.entrants) >= MAX_ENTRANTS and len(lines) < 2 and full not in self.notice:
            lines.append((full, ui.MUTED))
        top = box.centery - 11 * len(lines)
        for n, (line, colour) in enumerate(lines):
            assets.text(surface, line, (box.centerx, top + 22 * n), size=15, colour=colour,
                        anchor="midtop", width=box.width)


def _pick(options, value):
    return next((o for o in options if o[1] == value), options[0])
