"""The Games screen: every finished game kept in the game library, newest first.

The list filters by game and by a player's name.  A click picks a game; a double click,
Enter or Open shows it on the review screen; Delete asks first.  The keyboard's Tab comes
to the list after the filters (``scenes.focus``: the list is the screen's focus part),
the arrows then move the pick, and Tab goes on to the buttons.  Only the games of the
page shown are read, each replayed (``game.records.library``), so a damaged one is listed
with what is wrong with it and can still be deleted.  Every name is shortened with an
ellipsis to its column.
"""

from __future__ import annotations

import datetime
import html

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine
from pygame_gui.windows import UIConfirmationDialog

from game import GAMES
from game.ai import LEVEL_TITLES
from game.core import shown
from game.i18n import N_, _, digits, isolated, listed, ngettext, number, rtl
from game.records.library import LibraryProblem

from . import assets, record_files, saves, ui
from .focus import draw_focus
from .stack import Scene

ALL_GAMES = (N_("All games"), "")
#: The table's columns: title, share of the width left by the fixed ones (None: as wide
#: as its widest text), alignment (in a language written left to right).
COLUMNS = ((N_("Game"), 0.2, "left"), (N_("Players"), 0.5, "left"), (N_("Date"), None, "left"),
           (N_("Result"), 0.3, "left"), (N_("Moves"), None, "right"))
WIDEST = {"Date": "0000-00-00 00:00", "Moves": "0000"}
HEADER_H = 34
ROW_H = 36
TEXT = 16
PAD = 16
DOUBLE_CLICK_MS = 400
PROBLEM = (255, 170, 120)


def seat_tag(level) -> str:
    """What follows a seat's name in the list: who played it, if not a person."""
    if level is None:
        return ""
    if level in LEVEL_TITLES:
        return _(" (computer, {level})").format(level=LEVEL_TITLES[level])
    return _(" (computer)")


def fit_names(names, separator: str, size: int, width: int, tags=()) -> str:
    """``names`` joined by ``separator`` within ``width`` pixels: the long names share
    the room left by the short ones, each shortened with an ellipsis, so no name is lost
    behind another.  ``tags`` (one per name, " (computer, Hard)" or "") follow their
    names whole; a name is shortened before its tag, and a tag goes only where even its
    name's ellipsis would not fit beside it."""
    names = [str(n) for n in names]
    tags = list(tags) + [""] * (len(names) - len(tags))
    font = assets.font(size)
    # each name drawn in its own direction (a Latin name in a Persian list, and the other way)
    joined = separator.join(isolated(name) + tag for name, tag in zip(names, tags))
    if font.size(joined)[0] <= width or not names:
        return assets.ellipsized(joined, size, width)
    if any(tags):
        room = width - font.size(separator)[0] * (len(names) - 1)
        tag_w = [font.size(tag)[0] for tag in tags]
        if room - sum(tag_w) >= 40 * len(names):
            shorter = fit_names(names, separator, size, room - sum(tag_w) +
                                font.size(separator)[0] * (len(names) - 1))
            parts = shorter.split(separator)
            if len(parts) == len(names):
                return separator.join(part + tag for part, tag in zip(parts, tags))
        names = [name + tag for name, tag in zip(names, tags)]
    room = width - font.size(separator)[0] * (len(names) - 1)
    widths = {i: font.size(name)[0] for i, name in enumerate(names)}
    shares = {}
    todo = sorted(widths, key=widths.get)
    while todo:
        share = room // len(todo)
        if widths[todo[0]] > share:
            for i in todo:
                shares[i] = share
            break
        first = todo.pop(0)
        shares[first] = widths[first]
        room -= widths[first]
    return separator.join(isolated(assets.ellipsized(name, size, max(0, shares[i])))
                          for i, name in enumerate(names))


def date_text(date: str) -> str:
    """A record's date as the table shows it: ``2025-05-04 15:02`` (the time where it was
    played)."""
    try:
        return digits(datetime.datetime.fromisoformat(date).strftime("%Y-%m-%d %H:%M"))
    except (TypeError, ValueError):
        return shown(date or "", 20, quoted=False)


class GamesScene(Scene):
    title = "games"

    def __init__(self, app, library=None):
        super().__init__(app)
        self.library = saves.library() if library is None else library
        self.game_filter = ""
        self.player_filter = ""
        self.page = 0
        self.rows_per_page = 1
        self.entries = []
        self.total = 0
        self.selected: int | None = None    # index in ``entries``
        self.problem = ""                   # the library itself cannot be read
        self.notice = ""
        self.notice_ok = True
        self.confirm = None
        self.deleting: dict = {}            # writer job -> the deleted game's line
        self._last_click = (-1, None)       # (ticks, row) of the last click on a row
        self.list_focus = False             # the keyboard is on the list (its ring shows)

    # --- the games shown -------------------------------------------------------------
    def load(self) -> None:
        """Read the page of games shown (after the writer has kept any game just ended)."""
        self.app.writer.flush()
        selected = self.entries[self.selected].id if self.selected is not None else None
        try:
            self.total = self.library.count(self.game_filter or None, self.player_filter)
            pages = max(1, -(-self.total // self.rows_per_page))
            self.page = min(self.page, pages - 1)
            self.entries = self.library.list(self.game_filter or None, self.player_filter,
                                             limit=self.rows_per_page,
                                             offset=self.page * self.rows_per_page)
            self.problem = ""
        except LibraryProblem as exc:
            self.entries, self.total = [], 0
            self.problem = shown(_("The game library cannot be read: {problem}").format(
                problem=exc), 600, quoted=False)
        ids = [entry.id for entry in self.entries]
        self.selected = ids.index(selected) if selected in ids else (0 if ids else None)
        self._refresh_buttons()

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.rows_per_page))

    # --- widgets ---------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.compact = h < 700
        x = 40
        self.filter_y = 84 if self.compact else 104
        games = [(_(ALL_GAMES[0]), "")] + [(spec.title, spec.name) for spec in GAMES.values()]
        chosen = next((g for g in games if g[1] == self.game_filter), games[0])
        window = pygame.Rect(0, 0, w, h)
        # the filters from where the language's lines start
        self.game_menu = ui.dropdown(self, ui.mirrored((x + 64, self.filter_y, 220, 36), window),
                                     games, chosen)
        self.player_entry = self.add(UITextEntryLine(
            ui.mirrored((x + 64 + 220 + 90, self.filter_y, min(280, w - 620), 36), window),
            manager=self.app.ui, initial_text=self.player_filter,
            placeholder_text=_("any player")))
        self.player_entry.set_text_length_limit(40)
        top = self.filter_y + 50
        self.table = pygame.Rect(x, top, w - 2 * x, h - top - 86)
        self.rows_per_page = max(1, (self.table.height - HEADER_H - 12) // ROW_H)
        self.columns = []
        font = assets.font(TEXT)
        fixed = {title: max(max(font.size(digits(text.replace("0", d)))[0] for d in "0123456789"),
                            assets.font(15, True).size(_(title))[0]) + PAD + 8
                 for title, text in WIDEST.items()}      # (digits differ in width, Persian's)
        cx, inner = self.table.x + 16, self.table.width - 32
        left = inner - sum(fixed.values())
        for title, share, align in COLUMNS:
            width = fixed[title] if share is None else int(left * share)
            # a language written right to left has its first column at the right
            rect = ui.mirrored((cx, 0, width - PAD, ROW_H), self.table.inflate(-32, 0))
            if rtl():
                align = "left" if align == "right" else "right"
            self.columns.append((title, rect, align))
            cx += width
        self.row_rects = [pygame.Rect(self.table.x + 6, self.table.y + HEADER_H + 4 + i * ROW_H,
                                      self.table.width - 12, ROW_H)
                          for i in range(self.rows_per_page)]
        y = h - 70
        self.back_button = ui.button(self, (x, y, 130, 46), _("Back"))
        self.previous_button = ui.button(self, (x + 130 + 14, y, 120, 46), _("Previous"))
        self.next_button = ui.button(self, (x + 130 + 14 + 120 + 14, y, 120, 46), _("Next"))
        self.delete_button = ui.button(self, (w - x - 130 - 14 - 130, y, 130, 46), _("Delete"),
                                       tooltip=_("Delete the game picked, after asking"))
        self.open_button = ui.button(self, (w - x - 130, y, 130, 46), _("Open"), "#primary",
                                     tooltip=_("Go through the game move by move"))
        self.confirm = None
        self.load()

    def _refresh_buttons(self) -> None:
        if not self.widgets:
            return
        entry = self.current()
        for widget, on in ((self.open_button, entry is not None and entry.problem is None),
                           (self.delete_button, entry is not None),
                           (self.previous_button, self.page > 0),
                           (self.next_button, self.page < self.pages - 1)):
            widget.enable() if on else widget.disable()

    def current(self):
        if self.selected is None or not 0 <= self.selected < len(self.entries):
            return None
        return self.entries[self.selected]

    # --- the list as a stop of the keyboard's Tab order (``scenes.focus``) ----------------
    def focus_part(self):
        return self

    def focus_slot(self, stops: list) -> int:
        """The list comes after the filters above it, before the buttons under it."""
        return sum(1 for widget in stops if widget.rect.centery < self.table.y)

    def focus_held(self) -> bool:
        # the ring goes when the mouse is used, as every screen's does
        return self.list_focus and self.app.stack.focus.shown and self.current() is not None

    def key_areas(self) -> list:
        """The one area the keyboard moves over here: the list (while it lists a game)."""
        return [self.table] if self.current() is not None else []

    def focus_tab(self, step: int) -> bool:
        return False                        # one stop: Tab goes on

    def focus_take(self, step: int) -> bool:
        if self.current() is None or (self.confirm is not None and self.confirm.alive()):
            return False
        self.list_focus = True
        return True

    def focus_drop(self) -> None:
        self.list_focus = False

    # --- events ------------------------------------------------------------------------
    def handle(self, event) -> None:
        # the dialog is gone by the time its answer arrives
        if (event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED
                and event.ui_element is self.confirm and self.confirm is not None):
            self.confirm = None
            self.delete_current()
            return
        if self.confirm is not None and self.confirm.alive():
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.confirm.kill()         # Esc closes the question, not the screen
                self.confirm = None
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.game_menu:
            self.game_filter = self.game_menu.selected_option[1]
            self.page = 0
            self.load()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.player_entry:
            self.player_filter = self.player_entry.get_text()
            self.page = 0
            self.load()
            return
        if ui.pressed(event, self.back_button):
            self.app.stack.pop()
        elif ui.pressed(event, self.open_button):
            self.open_current()
        elif ui.pressed(event, self.delete_button):
            self.ask_delete()
        elif ui.pressed(event, self.previous_button):
            self.turn_page(-1)
        elif ui.pressed(event, self.next_button):
            self.turn_page(1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        elif self.player_entry.is_focused:
            return                          # keys are the typed name's
        elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.entries:
            step = -1 if event.key == pygame.K_UP else 1
            self.selected = max(0, min(len(self.entries) - 1, (self.selected or 0) + step))
            self._refresh_buttons()
        elif event.key == pygame.K_PAGEUP:
            self.turn_page(-1)
        elif event.key == pygame.K_PAGEDOWN:
            self.turn_page(1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_current()
        elif event.key == pygame.K_DELETE:
            self.ask_delete()

    def _click(self, pos) -> None:
        for i, rect in enumerate(self.row_rects[:len(self.entries)]):
            if rect.collidepoint(pos):
                now = pygame.time.get_ticks()
                double = self._last_click[1] == i and now - self._last_click[0] <= DOUBLE_CLICK_MS
                self._last_click = (now, i)
                self.selected = i
                self._refresh_buttons()
                if double:
                    self.open_current()
                return

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.selected = None
            self.load()

    def open_current(self) -> None:
        entry = self.current()
        if entry is None:
            return
        if entry.problem:
            self.notice, self.notice_ok = _("This game cannot be opened: {problem}").format(
                problem=entry.problem), False
            return
        try:
            record = self.library.get(entry.id)
        except LibraryProblem as exc:
            self.notice, self.notice_ok = _("This game cannot be opened: {problem}").format(
                problem=exc), False
            return
        self.notice = ""
        self.app.log(f"open kept game {entry.game}")
        why = record_files.review(self.app, record, kept_id=entry.id)
        if why:
            self.notice, self.notice_ok = why, False

    def ask_delete(self) -> None:
        entry = self.current()
        if entry is None:
            return
        if entry.problem is None and entry.game in GAMES:
            question = _("Delete the {game} game of {players}, {date}? It cannot be brought "
                         "back.").format(game=GAMES[entry.game].title,
                                         players=listed([isolated(p) for p in entry.players]),
                                         date=date_text(entry.date))
        else:
            question = _("Delete this damaged game? It cannot be brought back.")
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(460, w - 80), 240)
        rect.center = (w // 2, h // 2)
        self.confirm = self.add(UIConfirmationDialog(
            rect, html.escape(question), self.app.ui, window_title=_("Delete a game"),
            action_short_name=_("Delete"), always_on_top=True))

    def delete_current(self) -> None:
        """Forget the game picked: written by the app's writer; the list shows it gone now."""
        entry = self.current()
        if entry is None:
            return
        job = ("library-delete", entry.id)
        library = self.library
        self.app.writer.call(job, lambda: library.delete(entry.id))
        self.deleting[job] = entry
        self.entries.pop(self.selected)
        self.total -= 1
        self.selected = min(self.selected, len(self.entries) - 1) if self.entries else None
        self.notice, self.notice_ok = _("The game was deleted."), True
        self.app.log(f"delete kept game {entry.game}")
        self._refresh_buttons()

    def update(self, dt: float) -> None:
        if self.deleting and not self.app.writer.pending():
            for job in list(self.deleting):
                problem = self.app.writer.problem(job)
                if problem:
                    self.notice, self.notice_ok = _("Not deleted: {problem}").format(
                        problem=problem), False
            self.deleting.clear()
            self.load()                     # the next games move up into the page

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        ui.heading(surface, _("Games"), (w // 2, 40 if self.compact else 54),
                   size=40 if self.compact else 52)
        y = self.filter_y + 18
        window = surface.get_rect()
        for words, room in ((_("Game"), (40, y, 60, 0)), (_("Player"), (40 + 64 + 220 + 18, y,
                                                                       68, 0))):
            room = ui.mirrored(room, window)
            assets.text(surface, words, (room.x, y), size=17, colour=ui.MUTED,
                        anchor="midleft", width=room.width)
        if self.pages > 1:
            count = ngettext("{n} game, page {page} of {pages}",
                             "{n} games, page {page} of {pages}", self.total).format(
                n=number(self.total), page=number(self.page + 1), pages=number(self.pages))
        else:
            count = ngettext("{n} game", "{n} games", self.total).format(n=number(self.total))
        room = max(40, w - 40 - (self.player_entry.rect.right + 16 if not rtl()
                                 else w - self.player_entry.rect.left + 16))
        assets.text(surface, count, (40, y) if rtl() else (w - 40, y), size=17, colour=ui.MUTED,
                    anchor="midleft" if rtl() else "midright", width=room)
        ui.panel(surface, self.table)
        if self.problem:
            assets.paragraph(surface, self.problem, (self.table.x + 24, self.table.y + 24,
                                                     self.table.width - 48, 200),
                             size=17, colour=PROBLEM)
        else:
            self._draw_table(surface)
        if self.notice:
            assets.text(surface, assets.ellipsized(self.notice, 15, w - 80),
                        (w // 2, h - 80), size=15, anchor="midbottom",
                        colour=(170, 230, 150) if self.notice_ok else PROBLEM)

    def _draw_table(self, surface) -> None:
        header_y = self.table.y + HEADER_H // 2 + 2
        for title, rect, align in self.columns:
            x = rect.right if align == "right" else rect.x
            assets.text(surface, _(title), (x, header_y), size=15, bold=True, colour=ui.MUTED,
                        anchor="midright" if align == "right" else "midleft",
                        width=rect.width)
        line_y = self.table.y + HEADER_H
        pygame.draw.line(surface, (120, 96, 70), (self.table.x + 10, line_y),
                         (self.table.right - 10, line_y))
        if not self.entries:
            empty = (_("No game matches these filters.") if self.game_filter or self.player_filter
                     else _("No finished game yet: every game played to its end is kept here."))
            assets.text(surface, empty, (self.table.centerx, self.table.y + HEADER_H + 40),
                        size=17, colour=ui.MUTED, anchor="center", width=self.table.width - 40)
            return
        for i, (entry, rect) in enumerate(zip(self.entries, self.row_rects)):
            if i == self.selected:
                pygame.draw.rect(surface, (92, 66, 40), rect, border_radius=6)
            elif i % 2:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((255, 255, 255, 10))
                surface.blit(shade, rect.topleft)
            self._draw_row(surface, entry, rect.centery)
            if i == self.selected and self.focus_held():
                draw_focus(surface, rect, 0)        # the keyboard is on the list

    def _draw_row(self, surface, entry, y: int) -> None:
        cells = self._cells(entry)
        for (title, rect, align), (text, colour) in zip(self.columns, cells):
            if text is None:
                continue
            width = rect.width
            if title == "Players" and entry.problem:      # the problem takes the rest of the row
                last = self.columns[-1][1]
                width = rect.right - last.x if rtl() else last.right - rect.x
            x = rect.right if align == "right" else rect.x
            assets.text(surface, assets.ellipsized(text, TEXT, width), (x, y), size=TEXT,
                        colour=colour, anchor="midright" if align == "right" else "midleft")

    def _cells(self, entry) -> list:
        """(text, colour) per column; the names already fitted to their columns."""
        spec = GAMES.get(entry.game)
        title = spec.variant_title(entry.variant) if spec and entry.variant else (
            spec.title if spec else entry.game)
        if entry.problem:
            return [(title, ui.INK), (_("Damaged: {problem}").format(problem=entry.problem),
                                      PROBLEM),
                    (None, None), (None, None), (None, None)]
        players_w = self.columns[1][1].width
        result_w = self.columns[3][1].width
        # TRANSLATORS: between the two players' names in the list of games
        separator = _(" vs ") if len(entry.players) == 2 else _(", ")
        return [(title, ui.INK),
                (fit_names(entry.players, separator, TEXT, players_w,
                           [seat_tag(level) for level in entry.computers]), ui.INK),
                (date_text(entry.date), ui.MUTED),
                (self._result_text(entry, result_w), ui.INK),
                (number(entry.moves), ui.MUTED)]

    @staticmethod
    def _result_text(entry, width: int) -> str:
        if not entry.end:
            return assets.ellipsized(_("Unfinished"), TEXT, width)
        if entry.winner is None:
            return assets.ellipsized(_("Draw agreed") if entry.end == "agreed" else _("Draw"),
                                     TEXT, width)
        words = {"time": _("{name} won on time"),
                 "resigned": _("{name} won by resignation")}.get(entry.end, _("{name} won"))
        name = entry.players[entry.winner] if entry.winner < len(entry.players) else "?"
        return assets.ellipsized(assets.fitted(words, name, TEXT, width), TEXT, width)
