"""A list longer than its room: rows of one height in a viewport, the rest reached by
scrolling.

A screen holds one ``ScrollList`` per list (boards, standings, entrants, the columns of
a crosstable) and gives it the events it gets; the list answers the mouse wheel, a drag
of its scroll bar or of the rows themselves, and the keys Up, Down, Page Up, Page Down,
Home and End (Left and Right for a list that runs sideways).  It never draws the rows:
the screen draws each row the list says is shown, where the list says it is.

A row's own widgets (a Play button, a name box) are made by the screen when the row
comes into view (``make_row``) and killed when it leaves, so a widget outside the
viewport is never drawn and never clicked, and a list of 200 rows costs the widgets of
the dozen shown.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

from game.i18n import number, rtl

BAR = 12            # the scroll bar's thickness
BAR_GAP = 6         # between the rows and the bar
SMALLEST_THUMB = 28
WHEEL_ROWS = 3      # rows a notch of the wheel moves
DRAG_START = 6      # pixels the pointer moves on the rows before they follow it
TRACK = (30, 22, 17)
THUMB = (176, 138, 90)
THUMB_HELD = (222, 180, 120)

KEYS = {
    "y": {pygame.K_UP: ("row", -1), pygame.K_DOWN: ("row", 1),
          pygame.K_PAGEUP: ("page", -1), pygame.K_PAGEDOWN: ("page", 1),
          pygame.K_HOME: ("end", -1), pygame.K_END: ("end", 1)},
    "x": {pygame.K_LEFT: ("row", -1), pygame.K_RIGHT: ("row", 1)},
}


class ScrollList:
    """``count`` rows of ``row`` pixels each (columns of ``row`` pixels when ``axis`` is
    "x") in ``rect``, which holds the scroll bar too (right of the rows, or under them).

    ``first`` is the row shown first.  ``make_row(index, rect)`` makes the widgets of a
    row coming into view, placed for ``rect`` (the row's rect on screen), through the
    scene's ``add`` and returns them; the list moves them as it scrolls and kills them,
    after ``drop_row(index, widgets)``, when the row leaves the view or the list is
    dropped.  ``scene`` gives the UI manager (keys are left to a text box that has the
    focus) and the scene's widget list.
    """

    def __init__(self, scene, rect, row: int, count: int, *, first: int = 0,
                 axis: str = "y", make_row=None, drop_row=None):
        self.scene = scene
        self.rect = pygame.Rect(rect)
        self.row = max(1, int(row))
        self.count = max(0, int(count))
        self.axis = axis
        self.make_row = make_row
        self.drop_row = drop_row
        self.first = 0
        self.widgets: dict[int, list] = {}      # row -> [(widget, offset from the row)]
        self.drag = None        # ("thumb", grab) or ("rows", pointer, first, following)
        # a list running sideways in a language written right to left starts at the right:
        # its first column, its thumb and its Right key mirrored
        self.from_right = axis == "x" and rtl()
        self.scroll_to(first, sync=True)

    # --- geometry ----------------------------------------------------------------
    @property
    def view(self) -> pygame.Rect:
        """Where the rows are drawn: ``rect`` less the scroll bar's room."""
        r = self.rect
        if self.axis == "y":
            # a language written right to left has the bar at the left, where its lines start
            x = r.x + BAR + BAR_GAP if rtl() else r.x
            return pygame.Rect(x, r.y, max(0, r.width - BAR - BAR_GAP), r.height)
        return pygame.Rect(r.x, r.y, r.width, max(0, r.height - BAR - BAR_GAP))

    @property
    def track(self) -> pygame.Rect:
        r = self.rect
        if self.axis == "y":
            return pygame.Rect(r.x if rtl() else r.right - BAR, r.y, BAR, r.height)
        return pygame.Rect(r.x, r.bottom - BAR, r.width, BAR)

    def _length(self, rect) -> int:
        return rect.height if self.axis == "y" else rect.width

    @property
    def page(self) -> int:
        """How many whole rows the view shows."""
        return max(1, self._length(self.view) // self.row)

    @property
    def last(self) -> int:
        """One past the last row shown."""
        return min(self.count, self.first + self.page)

    @property
    def most_first(self) -> int:
        return max(0, self.count - self.page)

    @property
    def scrolls(self) -> bool:
        """Whether some rows are out of view (and the scroll bar is drawn)."""
        return self.count > self.page

    def shown(self) -> range:
        """The rows in view, first to last."""
        return range(self.first, self.last)

    def row_rect(self, index: int) -> pygame.Rect | None:
        """Where row ``index`` is on screen, or None while it is out of view."""
        if not self.first <= index < self.last:
            return None
        v = self.view
        at = (index - self.first) * self.row
        if self.axis == "y":
            return pygame.Rect(v.x, v.y + at, v.width, self.row)
        if self.from_right:
            return pygame.Rect(v.right - at - self.row, v.y, self.row, v.height)
        return pygame.Rect(v.x + at, v.y, self.row, v.height)

    @property
    def used(self) -> pygame.Rect:
        """The part of the view the rows shown fill."""
        v = self.view
        length = (self.last - self.first) * self.row
        if self.axis == "y":
            return pygame.Rect(v.x, v.y, v.width, length)
        if self.from_right:
            return pygame.Rect(v.right - length, v.y, length, v.height)
        return pygame.Rect(v.x, v.y, length, v.height)

    def thumb(self) -> pygame.Rect | None:
        if not self.scrolls:
            return None
        t = self.track
        length = self._length(t)
        size = max(SMALLEST_THUMB, length * self.page // self.count)
        at = (length - size) * self.first // max(1, self.most_first)
        if self.axis == "y":
            return pygame.Rect(t.x, t.y + at, t.width, size)
        if self.from_right:
            return pygame.Rect(t.right - at - size, t.y, size, t.height)
        return pygame.Rect(t.x + at, t.y, size, t.height)

    def count_text(self, word: str | None = None, plural: str | None = None, *,
                   whole=None, part: str | None = None) -> str:
        """How many rows there are, and which are shown when not all are: "12 boards",
        "Boards 1-9 of 12".  In the players' language: ``whole(n)`` gives the count as a
        sentence ("{n} boards", through ``ngettext``) and ``part`` the shown rows'
        ("Boards {first}-{last} of {n}", one row: "{first}" alone); ``word`` and
        ``plural`` make both in English."""
        if whole is None:
            plural = plural or f"{word}s"
            whole = lambda n: f"{{n}} {word if n == 1 else plural}"          # noqa: E731
            part = part or f"{plural[:1].upper()}{plural[1:]} {{first}}-{{last}} of {{n}}"
        if not self.scrolls:
            return whole(self.count).format(n=number(self.count))
        first, last = self.first + 1, self.last
        if first == last:
            part = part.replace("{first}-{last}", "{first}")
        return part.format(first=number(first), last=number(last), n=number(self.count))

    # --- scrolling --------------------------------------------------------------
    def scroll_to(self, first: int, sync: bool = False) -> bool:
        """Show rows from ``first`` on (kept within the list); whether the view moved."""
        first = max(0, min(int(first), self.most_first))
        moved = first != self.first
        self.first = first
        if moved or sync:
            self._sync()
        return moved

    def scroll_by(self, rows: int) -> bool:
        return self.scroll_to(self.first + rows)

    def show(self, index: int) -> bool:
        """Scroll the least that brings row ``index`` into view."""
        if index < self.first:
            return self.scroll_to(index)
        if index >= self.last:
            return self.scroll_to(index - self.page + 1)
        return False

    # --- the rows' widgets -----------------------------------------------------------
    def _sync(self) -> None:
        """Kill the widgets of rows gone out of view, move the others, make the new ones."""
        for index in [i for i in self.widgets if not self.first <= i < self.last]:
            self._drop(index)
        if self.make_row is None:
            return
        for index in self.shown():
            rect = self.row_rect(index)
            if index in self.widgets and any(_open(w) for w, _ in self.widgets[index]):
                self._drop(index)       # an open drop-down would stay behind: made anew, shut
            if index in self.widgets:
                for widget, offset in self.widgets[index]:
                    widget.set_position((rect.x + offset[0], rect.y + offset[1]))
                continue
            made = self.make_row(index, rect) or []
            self.widgets[index] = [(w, (w.rect.x - rect.x, w.rect.y - rect.y)) for w in made]

    def _drop(self, index: int) -> None:
        pairs = self.widgets.pop(index, [])
        if self.drop_row is not None:
            self.drop_row(index, [w for w, _ in pairs])
        for widget, _ in pairs:
            widget.kill()
            if widget in self.scene.widgets:
                self.scene.widgets.remove(widget)

    def row_widgets(self, index: int) -> list:
        """The widgets of row ``index`` (none while it is out of view)."""
        return [w for w, _ in self.widgets.get(index, [])]

    def refresh(self, index: int | None = None) -> None:
        """Make the widgets of row ``index`` (of every row with None) again: what they
        show has changed."""
        for i in list(self.widgets) if index is None else [index]:
            if i in self.widgets:
                self._drop(i)
        self._sync()

    def close(self) -> None:
        """Drop every row's widgets (the screen is rebuilt or left)."""
        for index in list(self.widgets):
            self._drop(index)

    # --- input ---------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """Scroll for ``event`` if it is meant for this list; whether it was."""
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            # (a press begun here is let go here too: no widget holds it to take the release)
            self._follow(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self.drag = None
            return True
        return False

    def _wheel(self, event) -> bool:
        if not self.rect.collidepoint(self.scene.app.mouse_pos()):
            return False
        sideways = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if self.axis == "y":
            notches = 0 if sideways else event.y
        else:
            notches = event.y if sideways else -event.x
        if not notches:
            return False
        self.scroll_by(-notches * WHEEL_ROWS)
        return True

    def _typing(self) -> bool:
        focused = self.scene.app.ui.get_focus_set() or ()
        return any(isinstance(e, UITextEntryLine) for e in focused)

    def _key(self, event) -> bool:
        what = KEYS[self.axis].get(event.key)
        if what is None or self._typing():
            return False
        kind, sign = what
        if self.from_right:
            sign = -sign            # Left goes on to the later columns
        if self.axis == "x" and event.mod & pygame.KMOD_SHIFT:
            kind = "page"
        if kind == "row":
            self.scroll_by(sign)
        elif kind == "page":
            self.scroll_by(sign * max(1, self.page - 1))    # a row of the last page stays
        else:
            self.scroll_to(0 if sign < 0 else self.most_first)
        return True

    def _along(self, pos) -> int:
        return pos[1] if self.axis == "y" else pos[0]

    def _press(self, pos) -> bool:
        thumb = self.thumb()
        if thumb is not None and thumb.collidepoint(pos):
            self.drag = ("thumb", self._along(pos) - self._along(thumb.topleft))
            return True
        if thumb is not None and self.track.collidepoint(pos):
            before = self._along(pos) < self._along(thumb.topleft)
            if self.from_right:
                before = self._along(pos) >= thumb.right
            self.scroll_by((-1 if before else 1) * max(1, self.page - 1))
            return True
        if self.scrolls and self.view.collidepoint(pos):
            self.drag = ("rows", self._along(pos), self.first, False)
            return True
        return False

    def _follow(self, pos) -> None:
        if self.drag[0] == "thumb":
            t, thumb = self.track, self.thumb()
            room = self._length(t) - self._length(thumb)
            at = self._along(pos) - self.drag[1] - self._along(t.topleft)
            if self.from_right:
                at = room - at
            if room > 0:
                self.scroll_to(round(at * self.most_first / room))
            return
        _, start, first, following = self.drag
        moved = start - self._along(pos)       # the rows follow the pointer, as on paper
        if self.from_right:
            moved = -moved
        if not following and abs(moved) < DRAG_START:
            return
        self.drag = ("rows", start, first, True)
        self.scroll_to(first + round(moved / self.row))

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface) -> None:
        """The scroll bar, when some rows are out of view."""
        thumb = self.thumb()
        if thumb is None:
            return
        pygame.draw.rect(surface, TRACK, self.track, border_radius=BAR // 2)
        held = self.drag is not None
        pygame.draw.rect(surface, THUMB_HELD if held else THUMB, thumb, border_radius=BAR // 2)


def _open(widget) -> bool:
    """Whether ``widget`` is a drop-down showing its options (they would not move with it)."""
    states = getattr(widget, "menu_states", None)
    return bool(states) and widget.current_state is states.get("expanded")
