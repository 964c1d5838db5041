"""The tournament lobby: the kept tournaments, a new one, an imported one.

Each tournament can be renamed, copied (its settings and entrants, without
rounds or results) and deleted (after a confirmation).  A tournament whose
rows are damaged is listed with the reason; its rows can be exported as they
are, and it can be renamed or deleted, while every other one opens.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.i18n import N_, _, digits, isolated, ngettext, number
from game.tournament.model import MAX_TOURNAMENT_NAME

from .. import assets, ui
from ..scroll_list import BAR, BAR_GAP, ScrollList
from ..stack import Scene
from .network import find as find_hosting
from .common import (ERROR, StoreError, button_width, count_text, db_path, export_dir,
                     game_title, message, open_store)

ROW_H = 76
LIST_TOP = 150
#: Below the list: its count line, then the import row's label (at the height's - 172).
LIST_BOTTOM = 172 + 34
FORMAT_TITLES = {"swiss": N_("Swiss"), "round-robin": N_("Round robin")}
#: The least room a card keeps for a tournament's name and state beside its buttons.
NAME_ROOM = 300
#: The copy keeps the settings and the entrants, and none of the rounds or results.
COPY_LABEL = N_("Copy, entrants only")


def fit(words: str, size: int, width: int, bold: bool = False) -> str:
    """``words`` cut with an ellipsis to fit ``width`` pixels at ``size``."""
    return assets.ellipsized(words, size, width, bold)


class LobbyScene(Scene):
    title = "tournaments"

    def __init__(self, app, store_path=None, folder=None):
        super().__init__(app)
        self.store_path = db_path() if store_path is None else store_path
        self.folder = Path(folder) if folder is not None else export_dir()
        self.store = None
        self.problem = ""
        self.notice = ""
        self.notice_ok = False
        self.infos = []
        self.first = 0          # the place in the list of the first tournament shown
        self.card_list: ScrollList | None = None
        self.import_text = str(export_dir() / "tournament.json")
        self._open()

    def _open(self) -> None:
        try:
            self.store = open_store(self.store_path)
        except StoreError as exc:
            self.store = None
            self.problem = _("The tournament database cannot be used: {problem}. Move or "
                             "repair the file, then open this screen again.").format(problem=exc)

    def _refresh(self) -> None:
        self.infos = []
        if self.store is None:
            return
        try:
            self.infos = self.store.list()
        except StoreError as exc:
            self.problem = str(exc)

    def rows_fit(self) -> int:
        """How many tournaments the window has room for above the import row."""
        return max(1, (self.app.size[1] - LIST_TOP - LIST_BOTTOM) // ROW_H)

    @property
    def rows(self) -> list:
        """(info, card rect, room for its texts) of each tournament in view."""
        out = []
        for i in self.card_list.shown():
            rect = self.card_list.row_rect(i).copy()
            rect.height = ROW_H - 8
            out.append((self.infos[i], rect, self.text_room[i]))
        return out

    # --- widgets ---------------------------------------------------------------
    def build(self) -> None:
        self._refresh()
        w, h = self.app.size
        width = min(1000, w - 80)
        shown = min(self.rows_fit(), max(1, len(self.infos)))
        # the cards, and right of them the scroll bar when there are more than fit
        self.card = pygame.Rect((w - width) // 2, LIST_TOP, width - BAR - BAR_GAP,
                                shown * ROW_H)
        self.actions = {}        # widget -> (what it does, the tournament it does it to)
        self.open_buttons = {}
        self.text_room = {}
        self.card_list = ScrollList(self, (self.card.x, self.card.y, width, self.card.height),
                                    ROW_H, len(self.infos), first=self.first,
                                    make_row=self._card_widgets, drop_row=self._drop_card)
        self.first = self.card_list.first
        y = h - 150
        x = self.card.x
        card = self.card
        # the two buttons as wide as their words, the path box taking what they leave
        new_w = button_width(_("New tournament"), 260)
        import_w = button_width(_("Import JSON"), 160)
        self.new_button = ui.button(self, ui.mirrored((x, y, new_w, 46), card),
                                    _("New tournament"), "#primary")
        self.import_entry = self.add(UITextEntryLine(
            ui.mirrored((x + new_w + 20, y + 5, card.width - new_w - 20 - import_w - 10, 36),
                        card),
            manager=self.app.ui, initial_text=self.import_text))
        self.import_button = ui.button(
            self, ui.mirrored((card.right - import_w, y, import_w, 46), card), _("Import JSON"))
        self.back_button = ui.button(self, (x, h - 80, 160, 46), _("Back"))
        if self.store is None:
            for widget in (self.new_button, self.import_button, self.import_entry):
                widget.disable()

    def _card_widgets(self, index: int, rect) -> list:
        """The buttons of tournament ``index``'s card, placed for its row ``rect``."""
        info = self.infos[index]
        if info.damaged:
            buttons = [("export", _("Export rows"), 130, None)]
        else:
            buttons = [("open", _("Results") if info.complete else _("Continue"), 110,
                        "#primary")]
            if not info.complete:    # its boards played on other computers, over the network
                hosted = find_hosting(self.app, info.id) is not None
                buttons.append(("host", _("Hosting") if hosted else _("Host"), 90, None))
        buttons.append(("rename", _("Rename"), 90, None))
        if not info.damaged:
            buttons.append(("copy", _(COPY_LABEL), 184, None))
        buttons.append(("delete", _("Delete"), 80, None))
        buttons = [(action, text, button_width(text, width), object_id)
                   for action, text, width, object_id in buttons]
        if self._text_room(rect, buttons) < NAME_ROOM:
            # a narrow card keeps its room for the name: the round view has Host too
            buttons = [b for b in buttons if b[0] != "host"]
        self.text_room[index] = self._text_room(rect, buttons)
        x = rect.x + 18 + self.text_room[index] + 12
        made = []
        for action, text, width, object_id in buttons:
            widget = ui.button(self, ui.mirrored((x, rect.y + 12, width, 38), rect), text,
                               object_id)
            self.actions[widget] = (action, info)
            if action == "open":
                self.open_buttons[info.id] = widget
            made.append(widget)
            x += width + 6
        return made

    @staticmethod
    def _text_room(rect, buttons) -> int:
        """What a card's ``buttons`` leave its name and state, in pixels."""
        x = rect.right - 12 - sum(b[2] for b in buttons) - 6 * (len(buttons) - 1)
        return x - 12 - rect.x - 18

    def _drop_card(self, index: int, widgets) -> None:
        for widget in widgets:
            self.actions.pop(widget, None)
        self.open_buttons.pop(self.infos[index].id, None)

    # --- events ------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.card_list.handle(event):
            self.first = self.card_list.first
            return
        for widget, (action, info) in self.actions.items():
            if ui.pressed(event, widget):
                self.act(action, info)
                return
        if ui.pressed(event, self.new_button):
            self.notice = ""
            self.app.stack.push("tournament.new", store=self.store)
        elif ui.pressed(event, self.import_button):
            self.import_file(self.import_entry.get_text().strip())
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def act(self, action: str, info) -> None:
        """What a tournament's button does: open, rename, copy, delete, export its rows."""
        self.import_text = self.import_entry.get_text()
        if action == "open":
            self.open_tournament(info.id)
        elif action == "host":
            self.host_tournament(info.id)
        elif action == "export":
            self.export_rows(info)
        elif action == "rename":
            self.app.stack.push("tournament.dialog",
                                heading=_("Rename {name}").format(name=isolated(info.name)),
                                note=_("The new name of the tournament:"), confirm=_("Rename"),
                                done=lambda name: self.rename(info.id, name), initial=info.name)
        elif action == "copy":
            self.app.stack.push("tournament.dialog",
                                heading=_("Copy {name}").format(name=isolated(info.name)),
                                note=_("A new tournament with the same games, format and "
                                       "entrants, and no rounds or results yet. Its name:"),
                                confirm=_("Create the copy"),
                                done=lambda name: self.duplicate(info.id, name),
                                initial=_copy_name(info.name))
        elif action == "delete":
            self.app.stack.push("tournament.dialog",
                                heading=_("Delete {name}?").format(name=isolated(info.name)),
                                note=_("Its entrants, rounds, results and any game left in "
                                       "progress are removed for good. This cannot be undone."),
                                confirm=_("Delete for good"), done=lambda: self.delete(info.id),
                                cancel=_("Keep it"))

    def open_tournament(self, tid: int) -> None:
        try:
            stored = self.store.open(tid)
        except StoreError as exc:
            self.notice, self.notice_ok = str(exc), False
            return
        self.notice = ""
        self.app.stack.push("tournament.round", stored=stored)

    def host_tournament(self, tid: int) -> None:
        """The hosting of tournament ``tid``: its settings, or its tables while hosted."""
        try:
            stored = self.store.open(tid)
        except StoreError as exc:
            self.notice, self.notice_ok = str(exc), False
            return
        self.notice = ""
        self.app.stack.push("tournament.hosting", stored=stored)

    def rename(self, tid: int, name: str) -> str | None:
        """Rename tournament ``tid``; None when done, else why not (the dialog shows it)."""
        try:
            kept = self.store.rename(tid, name)
        except (StoreError, ValueError) as exc:
            return _("Not renamed: {problem}.").format(problem=exc)
        self.notice, self.notice_ok = _("Renamed to {name}.").format(name=isolated(kept)), True
        return None

    def duplicate(self, tid: int, name: str) -> str | None:
        """Keep a copy of ``tid`` (entrants only) called ``name``; None when done, else why not."""
        try:
            self.store.duplicate(tid, name)
        except (StoreError, ValueError) as exc:
            return _("No copy was made: {problem}.").format(problem=exc)
        self.first = 0      # the copy is the newest
        self.notice, self.notice_ok = _("{name} was created with the same entrants, and no "
                                        "rounds yet.").format(name=isolated(name.strip())), True
        return None

    def delete(self, tid: int) -> None:
        name = next((i.name for i in self.infos if i.id == tid),
                    _("Tournament {n}").format(n=number(tid)))
        try:
            self.store.delete(tid)
        except StoreError as exc:
            self.notice, self.notice_ok = _("Nothing was deleted: {problem}").format(
                problem=exc), False
            return
        self.notice, self.notice_ok = _("{name} was deleted.").format(name=isolated(name)), True

    def export_rows(self, info) -> Path | None:
        """Write every row of a damaged tournament, as it is, to a new file in the folder."""
        path = self.folder / f"tournament-{info.id}-rows.json"
        n = 1
        while path.exists():      # never over an earlier export
            n += 1
            path = self.folder / f"tournament-{info.id}-rows-{n}.json"
        try:
            self.store.export_rows(info.id, path, replace=False)   # never over a file
        except StoreError as exc:
            self.notice, self.notice_ok = _("Nothing was written: {problem}").format(
                problem=exc), False
            return None
        self.notice, self.notice_ok = _("The rows of {name} were written to {path}").format(
            name=isolated(info.name), path=isolated(path)), True
        return path

    def import_file(self, text: str) -> None:
        """Keep the tournament of an export file as a new one; a bad file changes nothing."""
        self.import_text = text
        if not text:
            self.notice, self.notice_ok = _("Type the path of a tournament JSON file first."), \
                False
            return
        try:
            tid = self.store.import_json(Path(text).expanduser())
        except StoreError as exc:
            self.notice, self.notice_ok = _("Nothing was imported: {problem}").format(
                problem=exc), False
            self.resize()
            return
        self.first = 0
        name = next((i.name for i in self.store.list() if i.id == tid), None)
        self.notice, self.notice_ok = (_("Imported {name}.").format(name=isolated(name))
                                       if name is not None else _("Imported the tournament.")), \
            True
        self.resize()

    def leave(self) -> None:
        super().leave()
        if self.store is not None:
            self.store.close()
            self.store = None

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        ui.heading(surface, _("Tournaments"), (w // 2, 60), size=52)
        assets.text(surface, _("Continue a tournament, start a new one, or import one from a "
                               "file."),
                    (w // 2, 108), size=18, colour=ui.MUTED, anchor="center", width=w - 40)
        if self.problem:
            ui.panel(surface, self.card.inflate(20, 40))
            message(surface, self.problem, (w // 2, self.card.y - 6), width=self.card.width - 40)
        elif not self.rows:
            ui.panel(surface, self.card.inflate(20, 20))
            assets.text(surface, _("No tournaments yet: press New tournament to set one up."),
                        self.card.center, size=18, colour=ui.INK, anchor="center",
                        width=self.card.width - 20)
        for info, rect, width in self.rows:
            ui.panel(surface, rect)
            x = ui.mirrored((rect.x + 18, 0, width, 1), rect).x    # from the right in Persian
            if info.damaged:
                damaged = _("{name} (damaged)")
                room = width - assets.measure(damaged.format(name=""), 18, True)
                assets.text(surface, damaged.format(name=isolated(fit(info.name, 18, room,
                                                                      bold=True))),
                            (x, rect.y + 4), size=18, bold=True, colour=ui.TITLE, width=width)
                lines = assets.wrap(_("Cannot be opened: {problem}").format(problem=info.problem),
                                    13, width)
                if len(lines) > 2:
                    lines = [lines[0], fit(" ".join(lines[1:]), 13, width)]
                for n, line in enumerate(lines):
                    assets.text(surface, line, (x, rect.y + 27 + 15 * n), size=13,
                                colour=ERROR, width=width)
                continue
            assets.text(surface, info.name, (x, rect.y + 3), size=19, bold=True,
                        colour=ui.TITLE, width=width)
            for n, line in enumerate(self.state_lines(info)):
                assets.text(surface, line, (x, rect.y + 30 + 18 * n), size=13,
                            colour=ui.MUTED, width=width)
        self.card_list.draw(surface)
        if self.infos:
            assets.text(surface, count_text(self.card_list, "tournament"),
                        (w // 2, self.card.bottom + 6), size=14, colour=ui.MUTED,
                        anchor="midtop")
        if self.store is not None:
            label = ui.mirrored((self.card.x + 280, h - 172, self.card.width - 280 - 170, 20),
                                self.card)
            assets.text(surface, _("File to import:"), label.topleft, size=15,
                        colour=ui.MUTED, width=label.width)
        message(surface, fit(self.notice, 16, w - 40) if self.notice else "",
                (w // 2, h - 96 + 0), ok=self.notice_ok)

    def state_lines(self, info) -> list[str]:
        """What a director looks for in the list: the game and format, the round reached
        with the games done; the boards being played and when it was last played."""
        game, variant = info.game
        form = _(FORMAT_TITLES[info.format]) if info.format in FORMAT_TITLES else info.format
        if game:
            first = ngettext("{format}, {game}, {n} entrant: {progress}",
                             "{format}, {game}, {n} entrants: {progress}", info.entrants)
        else:
            first = ngettext("{format}, {n} entrant: {progress}",
                             "{format}, {n} entrants: {progress}", info.entrants)
        first = first.format(format=form, game=game_title(game, variant) if game else "",
                             n=number(info.entrants), progress=self.progress(info))
        when = when_text(info.updated)
        if info.in_progress:
            second = ngettext("{n} board being played", "{n} boards being played",
                              info.in_progress).format(n=number(info.in_progress))
            if when:
                second = _("{boards}, last played {when}").format(boards=second, when=when)
        elif when:
            second = _("last played {when}").format(when=when)
        else:
            return [first]
        return [first, second]

    @staticmethod
    def progress(info) -> str:
        if info.complete:
            return _("finished")
        if info.rounds_paired == 0:
            return ngettext("not started ({n} round)", "not started ({n} rounds)",
                            info.rounds).format(n=number(info.rounds))
        return ngettext("round {n} of {rounds}, {done}/{total} games",
                        "round {n} of {rounds}, {done}/{total} games", info.games_total).format(
            n=number(info.rounds_paired), rounds=number(info.rounds),
            done=number(info.games_finished), total=number(info.games_total))



def when_text(stamp: str) -> str:
    """A kept time (UTC, ISO) as the local date and time, "" if it cannot be read."""
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    local = moment.astimezone()
    # the month by its number: strftime's %b names it in English (or the system's language)
    return digits(local.strftime("%Y-%m-%d %H:%M"))


def _copy_name(name: str) -> str:
    words = _("{name} (copy)")
    room = MAX_TOURNAMENT_NAME - len(words.format(name=""))
    return words.format(name=name[:room].rstrip())


class LobbyDialog(Scene):
    """A box over the lobby: a title, a note, and either a name to type (``initial``
    given) or a question to confirm.

    ``done(name)`` (or ``done()`` for a question) does the work; for a name it
    returns None when the name was used, else why not, shown in the box.
    """

    title = "tournament dialog"
    opaque = False
    HEIGHT = 250

    def __init__(self, app, heading: str, note: str, confirm: str, done, initial=None,
                 cancel: str | None = None):
        super().__init__(app)
        self.heading = heading
        self.note = note
        self.confirm = confirm
        self.cancel = _("Cancel") if cancel is None else cancel
        self.done = done
        self.text = initial
        self.error = ""

    @property
    def asks_name(self) -> bool:
        return self.text is not None

    def build(self) -> None:
        w, h = self.app.size
        box = self.box = pygame.Rect(w // 2 - 320, h // 2 - self.HEIGHT // 2, 640, self.HEIGHT)
        self.entry = None
        if self.asks_name:
            self.entry = self.add(UITextEntryLine(pygame.Rect(box.x + 30, box.y + 116,
                                                              box.width - 60, 38),
                                                  manager=self.app.ui, initial_text=self.text))
            self.entry.set_text_length_limit(MAX_TOURNAMENT_NAME)
            self.entry.focus()
        # a question is answered "no" by default: the safe button is the primary one
        self.ok_button = ui.button(self, (box.x + 30, box.bottom - 62, 280, 44), self.confirm,
                                   "#primary" if self.asks_name else None)
        self.cancel_button = ui.button(self, (box.right - 30 - 280, box.bottom - 62, 280, 44),
                                       self.cancel, None if self.asks_name else "#primary")

    def handle(self, event) -> None:
        if ui.pressed(event, self.ok_button) or (
                self.entry is not None and event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
                and event.ui_element is self.entry):
            self.answer()
        elif ui.pressed(event, self.cancel_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def answer(self) -> None:
        if not self.asks_name:
            self.done()
            self.app.stack.pop()
            return
        self.text = self.entry.get_text()
        problem = self.done(self.text)
        if problem:
            self.error = problem
        else:
            self.app.stack.pop()

    def draw(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        ui.panel(surface, self.box, alpha=240)
        assets.text(surface, fit(self.heading, 26, self.box.width - 40, bold=True),
                    (self.box.centerx, self.box.y + 20), size=26, bold=True, colour=ui.TITLE,
                    anchor="midtop")
        assets.paragraph(surface, self.note, (self.box.x + 30, self.box.y + 64,
                                              self.box.width - 60, 50), size=16, colour=ui.INK,
                         spacing=1.45)
        if self.error:
            message(surface, fit(self.error, 16, self.box.width - 40),
                    (self.box.centerx, self.box.bottom - 88))
