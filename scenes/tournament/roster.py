"""A Swiss's entrants as the evening goes, reached from the round view: requested byes
and withdrawals entrant by entrant (``RosterScene``), a late entrant added
(``LateEntrantScene``), and the question asked before a withdrawal or a change of a
round's pairing, with what it breaks (``ConfirmScene``).

Every change is kept at once through ``StoredTournament``; byes, withdrawals and late
entries take effect from the next round to be paired.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.i18n import _, digits, isolated, ngettext, number, rtl
from game.tournament.model import MAX_NAME, MAX_RATING, Entrant
from game.tournament.standings import standings

from .. import assets, ui
from ..scroll_list import BAR, BAR_GAP, ScrollList
from ..stack import Scene
from .common import (ERROR, GOOD, StoreError, count_text, kind_choices, mirror_columns,
                     points_text)
from .lifecycle import next_round, short, status_text

LINE = 40             # a row of the entrants
HEADER = 30           # the column titles above them


class ConfirmScene(Scene):
    """A question over the screen below it: what will happen, the warnings in red, and
    two answers; the safe one (nothing changes) is the primary button and Esc's."""

    title = "confirm"
    opaque = False

    def __init__(self, app, heading: str, words: str, yes: str, on_yes, warnings=(),
                 no: str | None = None):
        super().__init__(app)
        self.heading = heading
        self.words = words
        self.warnings = list(warnings)
        self.yes, self.no = yes, _("Cancel") if no is None else no
        self.on_yes = on_yes

    def _lines(self, width):
        lines = [(line, ui.INK) for line in assets.wrap(self.words, 17, width)]
        for warning in self.warnings:
            lines += [(line, ERROR) for line in assets.wrap(
                _("Warning: {problem}.").format(problem=warning), 16, width)]
        return lines

    def build(self) -> None:
        w, h = self.app.size
        width = min(640, w - 60)
        self.lines = self._lines(width - 60)[:12]
        height = 150 + 24 * len(self.lines)
        self.box = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        half = (width - 60 - 20) // 2
        y = self.box.bottom - 64
        self.yes_button = ui.button(self, (self.box.x + 30, y, half, 44), self.yes)
        self.no_button = ui.button(self, (self.box.right - 30 - half, y, half, 44), self.no,
                                   "#primary")

    def handle(self, event) -> None:
        if ui.pressed(event, self.yes_button):
            self.app.stack.pop()
            self.on_yes()
        elif ui.pressed(event, self.no_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def draw(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        ui.panel(surface, self.box, alpha=240)
        room = self.box.width - 60
        assets.text(surface, self.heading, (self.box.centerx, self.box.y + 20), size=24,
                    bold=True, colour=ui.TITLE, anchor="midtop", width=room)
        for i, (line, colour) in enumerate(self.lines):
            assets.text(surface, line, (self.box.x + 30, self.box.y + 66 + 24 * i), size=17,
                        colour=colour, width=room)


class RosterScene(Scene):
    """The entrants of a Swiss, one a row: points, where each stands (withdrawn, late,
    byes asked for), and for the next round to be paired a requested bye marked or taken
    back and a withdrawal (taken back until that round is paired); a late entrant added."""

    title = "entrants"

    def __init__(self, app, stored):
        super().__init__(app)
        self.stored = stored
        self.rows: ScrollList | None = None
        self.notice = ""
        self.notice_ok = False

    @property
    def tournament(self):
        return self.stored.tournament

    def build(self) -> None:
        w, h = self.app.size
        t = self.tournament
        self.points = {s.entrant: s.points for s in standings(t)}
        self.table_rect = pygame.Rect(60, 122, w - 120, h - 122 - 150)
        r = self.table_rect
        self.bye_buttons, self.gone_buttons = {}, {}
        first = self.rows.first if self.rows is not None else 0
        area = pygame.Rect(r.x + 12, r.y + HEADER, r.width - 16, r.height - HEADER - 8)
        # the columns first: the rows in view make their buttons as the list is made
        self.columns = self._columns(w, area.inflate(-(BAR + BAR_GAP), 0).move(
            -(BAR + BAR_GAP) // 2, 0))
        self.rows = ScrollList(self, area, LINE, len(t.entrants), first=first,
                               make_row=self._row_widgets, drop_row=self._drop)
        bottom = h - 76
        self.back_button = ui.button(self, (60, bottom, 140, 46), _("Back"))
        self.late_button = ui.button(self, (w - 60 - 240, bottom, 240, 46), _("Add late entrant"),
                                     "#primary")
        if next_round(t) is None:
            self.late_button.disable()

    def _columns(self, w: int, view) -> dict:
        """(x, width) of each column of a row in ``view``, the buttons at its end."""
        t = self.tournament
        narrow = w < 1150
        bye_w, gone_w = (150, 112) if narrow else (150, 120)
        widths = [36, None]
        keys = ["number", "name"]
        if any(e.rating is not None for e in t.entrants) and not narrow:
            widths.append(60)
            keys.append("rating")
        if any(e.club for e in t.entrants) and not narrow:
            widths.append(None)
            keys.append("club")
        widths += [56, None]
        keys += ["points", "status"]
        room = view.width - 8 - bye_w - gone_w - 30
        cols = dict(zip(keys, ui.columns(view.x + 4, room, widths, gap=12)))
        cols["bye"] = (view.right - 10 - gone_w - 10 - bye_w, bye_w)
        cols["gone"] = (view.right - 10 - gone_w, gone_w)
        # in Persian the number at the right, the buttons at the left
        return dict(zip(cols, mirror_columns(cols.values(), view.x, view.right)))

    def _row_widgets(self, e: int, rect) -> list:
        t = self.tournament
        n = next_round(t)
        if n is None:
            return []
        y = rect.y + (LINE - 34) // 2
        bye_x, bye_w = self.columns["bye"]
        gone_x, gone_w = self.columns["gone"]
        gone = t.withdrawals.get(e)
        made = []
        if gone is not None and gone <= t.rounds_paired:
            return []                          # withdrawn: never paired again
        if gone is not None:
            self.gone_buttons[e] = ui.button(self, (gone_x, y, gone_w, 34), _("Re-enter"),
                                             tooltip=_("Take back the withdrawal: paired in "
                                                       "round {n} after all").format(n=number(n)))
            return [self.gone_buttons[e]]
        asked = n in t.requested_byes.get(e, ())
        bye_points = t.requested_bye_points
        if asked:
            tip = _("Paired in round {n} after all")
        elif not bye_points:
            tip = _("Asked not to play round {n}: no points for it")
        elif bye_points == 0.5:
            tip = _("Asked not to play round {n}: \u00bd point for it")
        else:
            tip = ngettext("Asked not to play round {n}: {points} point for it",
                           "Asked not to play round {n}: {points} points for it",
                           2 if bye_points != 1 else 1)
        self.bye_buttons[e] = ui.button(
            self, (bye_x, y, bye_w, 34),
            _("Cancel bye") if asked else _("Bye in round {n}").format(n=number(n)),
            tooltip=tip.format(n=number(n), points=points_text(bye_points)))
        late = t.late_entries.get(e)
        if late is not None and late[0] > n:
            self.bye_buttons[e].disable()      # not yet in the tournament then
        self.gone_buttons[e] = ui.button(self, (gone_x, y, gone_w, 34), _("Withdraw"),
                                         tooltip=_("Not paired from round {n} on; the games "
                                                   "played stand").format(n=number(n)))
        made += [self.bye_buttons[e], self.gone_buttons[e]]
        return made

    def _drop(self, e: int, widgets) -> None:
        self.bye_buttons.pop(e, None)
        self.gone_buttons.pop(e, None)

    # --- events -------------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.rows.handle(event):
            return
        for e, widget in list(self.bye_buttons.items()):
            if ui.pressed(event, widget):
                self.toggle_bye(e)
                return
        for e, widget in list(self.gone_buttons.items()):
            if ui.pressed(event, widget):
                self.ask_withdrawal(e)
                return
        if ui.pressed(event, self.late_button):
            self.app.stack.push("tournament.late_entrant", stored=self.stored,
                                on_done=self.said)
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def said(self, notice: str) -> None:
        """What a dialog opened from here did, for the notice."""
        self.notice, self.notice_ok = notice, True

    def toggle_bye(self, e: int) -> None:
        t = self.tournament
        n = next_round(t)
        asked = n in t.requested_byes.get(e, ())
        name = t.entrants[e].name
        try:
            self.stored.request_bye(e, n, not asked)
        except (StoreError, ValueError) as exc:
            self.notice, self.notice_ok = _("Nothing was changed: {problem}").format(
                problem=exc), False
        else:
            bye_points = t.requested_bye_points
            if asked:
                said = _("{name} plays round {n} after all.")
            elif bye_points == 0.5:
                said = _("{name} has a bye in round {n} (\u00bd point).")
            else:
                said = ngettext("{name} has a bye in round {n} ({points} point).",
                                "{name} has a bye in round {n} ({points} points).",
                                2 if bye_points != 1 else 1)
            self.notice, self.notice_ok = said.format(
                name=isolated(name), n=number(n), points=points_text(bye_points) or digits(0)), \
                True
        self.resize()

    def ask_withdrawal(self, e: int) -> None:
        t = self.tournament
        n = next_round(t)
        name = t.entrants[e].name
        if e in t.withdrawals:
            self.withdraw(e, False)
            return
        self.app.stack.push(
            "tournament.confirm",
            heading=_("Withdraw {name}?").format(name=isolated(short(name, 24, 400))),
            words=_("{name} is not paired from round {n} on; the games played stand. Until "
                    "round {n} is paired, Re-enter takes it back.").format(
                name=isolated(short(name)), n=number(n)),
            yes=_("Withdraw"), on_yes=lambda: self.withdraw(e, True))

    def withdraw(self, e: int, wanted: bool) -> None:
        t = self.tournament
        name = t.entrants[e].name
        try:
            self.stored.withdraw(e, None, wanted)
        except (StoreError, ValueError) as exc:
            self.notice, self.notice_ok = _("Nothing was changed: {problem}").format(
                problem=exc), False
        else:
            self.notice, self.notice_ok = (
                _("{name} is withdrawn: not paired from round {n} on.").format(
                    name=isolated(name), n=number(t.withdrawals[e])) if wanted
                else _("{name} is paired again from round {n}.").format(
                    name=isolated(name), n=number(next_round(t))), True)
        self.resize()

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        t = self.tournament
        ui.heading(surface, _("Entrants of {name}").format(name=isolated(t.name)), (w // 2, 46),
                   size=40)
        n = next_round(t)
        sub = (_("Byes, withdrawals and late entries take effect from round {n}, the next to "
                 "be paired.").format(n=number(n)) if n
               else _("Every round is paired: the entrants stay as they are."))
        assets.text(surface, sub, (w // 2, 90), size=17, colour=ui.MUTED, anchor="center",
                    width=w - 40)
        ui.panel(surface, self.table_rect.inflate(20, 16))
        cols = self.columns
        titles = {"number": _("No."), "name": _("Name"), "rating": _("Rating"), "club": _("Club"),
                  "points": _("Points"), "status": _("Where they stand")}
        for key, title in titles.items():
            if key in cols:
                assets.text(surface, title, (cols[key][0], self.table_rect.y + 6), size=15,
                            bold=True, colour=ui.MUTED, width=cols[key][1])
        x = min(cols["bye"][0], cols["gone"][0])
        width = max(cols["gone"][0] + cols["gone"][1], cols["bye"][0] + cols["bye"][1]) - x
        assets.text(surface, count_text(self.rows, "entrant"),
                    (x, self.table_rect.y + 6) if rtl() else (x + width, self.table_rect.y + 6),
                    size=15, bold=True, colour=ui.MUTED,
                    anchor="topleft" if rtl() else "topright", width=width)
        for e in self.rows.shown():
            entrant = t.entrants[e]
            y = self.rows.row_rect(e).y + 9
            gone = t.withdrawals.get(e, t.total_rounds + 1) <= t.rounds_paired
            colour = ui.MUTED if gone else ui.INK
            cells = {"number": _("{n}.").format(n=number(e + 1)),
                     "name": (_("{name} (computer)").format(name=isolated(entrant.name))
                              if entrant.is_computer else entrant.name),
                     "rating": "" if entrant.rating is None else digits(entrant.rating),
                     "club": entrant.club or "", "points": points_text(self.points.get(e, 0)),
                     "status": status_text(t, e)}
            for key, text in cells.items():
                if key in cols and text:
                    assets.text(surface, text, (cols[key][0], y), size=17, colour=colour,
                                width=cols[key][1])
        self.rows.draw(surface)
        if self.notice:
            assets.text(surface, self.notice, (w // 2, h - 118), size=16,
                        colour=GOOD if self.notice_ok else ERROR, anchor="midtop",
                        width=w - 80)


class LateEntrantScene(Scene):
    """A late entrant: name, optional rating and club, a person or a computer level, and
    the points for the rounds missed (none, or half a point a round); paired from the
    next round.  ``on_done(text)`` hears what was done."""

    title = "late entrant"
    opaque = False

    def __init__(self, app, stored, on_done=None):
        super().__init__(app)
        self.stored = stored
        self.on_done = on_done
        self.error = ""
        self.values = {"name": "", "rating": "", "club": "", "kind": "human", "start": "zero"}

    @property
    def round_no(self) -> int | None:
        return next_round(self.stored.tournament)

    def build(self) -> None:
        w, h = self.app.size
        n = self.round_no
        missed = (n or 1) - 1
        self.box = pygame.Rect(w // 2 - 310, h // 2 - 240, 620, 480)
        x, y, label = self.box.x + 30, self.box.y + 100, 130
        cx, cw = x + label, self.box.width - 60 - label
        self.labels = []
        self.entries = {}
        area = (x, 0, self.box.width - 60, 1)

        def m(rect):        # the labels at the right in Persian, the boxes left of them
            return ui.mirrored(rect, area)
        for key, title, width, limit in (("name", _("Name"), cw, MAX_NAME),
                                         ("rating", _("Rating (if any)"), 110, 4),
                                         ("club", _("Club (if any)"), cw, MAX_NAME)):
            entry = self.add(UITextEntryLine(m((cx, y, width, 36)), manager=self.app.ui,
                                             initial_text=self.values[key]))
            entry.set_text_length_limit(limit)
            self.entries[key] = entry
            self.labels.append((title, y))
            y += 48
        self.kinds = kind_choices()
        self.kind_menu = ui.dropdown(self, m((cx, y, cw, 36)), self.kinds,
                                     next(k for k in self.kinds if k[1] == self.values["kind"]))
        self.labels.append((_("Plays as"), y))
        y += 48
        if missed == 1:
            half = _("\u00bd point (\u00bd a round missed)")
        else:
            half = ngettext("{points} point (\u00bd a round missed)",
                            "{points} points (\u00bd a round missed)",
                            2 if missed != 2 else 1).format(points=points_text(0.5 * missed))
        self.starts = [(_("No points"), "zero")] + ([(half, "half")] if missed else [])
        self.start_menu = ui.dropdown(self, m((cx, y, cw, 36)), self.starts,
                                      next((s for s in self.starts
                                            if s[1] == self.values["start"]), self.starts[0]))
        self.labels.append((_("Starts with"), y))
        if not missed:
            self.start_menu.disable()
        half_w = (self.box.width - 60 - 20) // 2
        bottom = self.box.bottom - 64
        self.add_button = ui.button(self, (x, bottom, half_w, 44), _("Add entrant"), "#primary")
        self.cancel_button = ui.button(self, (self.box.right - 30 - half_w, bottom, half_w, 44),
                                       _("Cancel"))
        if n is None:
            self.add_button.disable()
        self.entries["name"].focus()

    def _read(self) -> None:
        for key, entry in self.entries.items():
            self.values[key] = entry.get_text()

    def resize(self) -> None:
        if self.widgets:
            self._read()
        super().resize()

    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.kind_menu:
                self.values["kind"] = self.kind_menu.selected_option[1]
            elif event.ui_element is self.start_menu:
                self.values["start"] = self.start_menu.selected_option[1]
            return
        if ui.pressed(event, self.add_button) or (
                event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
                and event.ui_element in self.entries.values()):
            self.add_entrant()
        elif ui.pressed(event, self.cancel_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def entrant(self) -> Entrant:
        """The entrant as typed; ValueError saying what to fix."""
        self._read()
        v = self.values
        name = v["name"].strip()
        if not name:
            raise ValueError(_("type the entrant's name"))
        rating = v["rating"].strip()
        if rating and not (rating.isascii() and rating.isdigit()):
            raise ValueError(_("a rating is a whole number from 0 to {most}").format(
                most=number(MAX_RATING)))
        club = v["club"].strip() or None
        kind, _colon, level = v["kind"].partition(":")
        return Entrant(name, kind, level or None, rating=int(rating) if rating else None,
                       club=club)

    def add_entrant(self) -> None:
        n = self.round_no
        try:
            entrant = self.entrant()
            start = self.values["start"] if n and n > 1 else "zero"
            self.stored.add_late_entrant(entrant, n, start)
        except (StoreError, ValueError) as exc:
            self.error = f"{str(exc)[:1].upper()}{str(exc)[1:]}."
            return
        points = 0.5 * (n - 1) if start == "half" else 0
        if not points:
            text = _("{name} enters in round {n}.")
        elif points < 1:
            text = _("{name} enters in round {n} with \u00bd point.")
        else:
            text = ngettext("{name} enters in round {n} with {points} point.",
                            "{name} enters in round {n} with {points} points.",
                            2 if points != 1 else 1)
        text = text.format(name=isolated(entrant.name), n=number(n), points=points_text(points))
        self.app.stack.pop()
        if self.on_done is not None:
            self.on_done(text)

    def draw(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        ui.panel(surface, self.box, alpha=240)
        room = self.box.width - 60
        assets.text(surface, _("Add a late entrant"), (self.box.centerx, self.box.y + 20),
                    size=26, bold=True, colour=ui.TITLE, anchor="midtop", width=room)
        n = self.round_no
        note = (_("Paired from round {n}, the next to be paired.").format(n=number(n)) if n else
                _("Every round is paired: no one can enter now."))
        assets.text(surface, note, (self.box.centerx, self.box.y + 60), size=16,
                    colour=ui.MUTED, anchor="midtop", width=room)
        for text, y in self.labels:
            place = ui.mirrored((self.box.x + 30, y + 9, 125, 20),
                                (self.box.x + 30, 0, self.box.width - 60, 1))
            assets.text(surface, text, place.topleft, size=15, bold=True,
                        colour=ui.INK, width=125)
        if self.error:
            assets.text(surface, self.error, (self.box.centerx, self.box.bottom - 100),
                        size=15, colour=ERROR, anchor="midtop", width=room)
