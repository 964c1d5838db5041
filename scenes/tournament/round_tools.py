"""The round view's tools for a Swiss, in a row under the boards: Add late entrant, the
Entrants (requested byes and withdrawals, ``roster.RosterScene``), and on a round no
board has begun, Swap: the director clicks two names on the boards, sees what the
exchange breaks (a rematch, an absolute colour preference), and confirms.  Every change
joins the round's history, and its boards read "changed by the director".

The round view holds one ``RoundTools`` and hands it its events first (a click on a
name), the row to build in and the line to draw in.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, isolated, number, rtl
from game.tournament.model import MAX_ENTRANTS

from .. import assets, ui
from .common import StoreError
from .lifecycle import changed_boards, next_round, short, swap_preview

ROOM = 52             # the tools' row under the boards
BUTTONS = (("late", N_("Add late entrant"), 170), ("roster", N_("Entrants"), 120),
           ("swap", N_("Swap"), 100))
CHOSEN = (222, 180, 120)


class RoundTools:
    def __init__(self, scene):
        self.scene = scene
        self.chosen: list[int] = []       # the entrants clicked, at most two
        self.buttons: dict = {}
        self.row = pygame.Rect(0, 0, 0, 0)

    @property
    def tournament(self):
        return self.scene.tournament

    @property
    def active(self) -> bool:
        """Whether the round view has the tools (a Swiss)."""
        return self.tournament.format == "swiss"

    def room(self) -> int:
        return ROOM if self.active else 0

    def can_change(self) -> bool:
        """Whether the round shown may still be changed: the last paired, no board with a
        result or a game begun, here, in the background or over the network, and no round
        being paired."""
        s, t = self.scene, self.tournament
        if not self.active or not t.rounds or s.shown != t.rounds_paired or s.pairing.busy:
            return False
        for p in t.rounds[s.shown - 1]:
            key = (p.round, p.board)
            if key in t.results or key in s.live or s.playing == key or (
                    s.background.is_running(*key)) or s.hosted(p) is not None:
                return False        # (a board hosted has its names on the host's seats)
        return True

    def changed(self) -> set[int]:
        """The boards of the round shown that the director changed."""
        return changed_boards(self.tournament.round_changes.get(self.scene.shown, ()))

    # --- widgets ------------------------------------------------------------------------
    def build(self, y: int) -> None:
        """The tools' buttons in the row from ``y`` (the round view's, rebuilt with it)."""
        self.buttons = {}
        if not self.active:
            return
        t, s = self.tournament, self.scene
        if not self.can_change():
            self.chosen = []
        x = 60
        area = (0, 0, s.app.size[0], 1)      # from the right in Persian
        for key, text, width in BUTTONS:
            if key == "swap" and not self.can_change():
                continue
            self.buttons[key] = ui.button(s, ui.mirrored((x, y, width, 38), area), _(text),
                                          tooltip=self._tip(key))
            x += width + 10
        self.row = ui.mirrored((x + 10, y, s.app.size[0] - 60 - x - 10, 38), area)
        if next_round(t) is None or s.pairing.busy or len(t.entrants) >= MAX_ENTRANTS:
            self.buttons["late"].disable()
        if s.pairing.busy:
            self.buttons["roster"].disable()
        if "swap" in self.buttons and len(self.chosen) < 2:
            self.buttons["swap"].disable()

    def _tip(self, key: str) -> str:
        t = self.tournament
        n = next_round(t)
        late = (_("A tournament takes at most {n} entrants").format(n=number(MAX_ENTRANTS))
                if len(t.entrants) >= MAX_ENTRANTS else
                _("A player who comes late, paired from round {n}").format(n=number(n)) if n
                else _("Every round is paired"))
        return {"late": late,
                "roster": _("Requested byes and withdrawals, entrant by entrant"),
                "swap": _("Click two names on the boards, then Swap: they change places "
                          "(the bye is a place too)")}[key]

    # --- events -------------------------------------------------------------------------
    def handle(self, event) -> bool:
        """Take ``event`` if it is for the tools: a button, or a click on a name."""
        if not self.active:
            return False
        s = self.scene
        if ui.pressed(event, self.buttons.get("late")):
            s.app.stack.push("tournament.late_entrant", stored=s.stored, on_done=self.said)
            return True
        if ui.pressed(event, self.buttons.get("roster")):
            s.app.stack.push("tournament.roster", stored=s.stored)
            return True
        if ui.pressed(event, self.buttons.get("swap")):
            self.ask_swap()
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.can_change()):
            for rect, who in self.name_cells():
                if rect.collidepoint(event.pos):
                    self.choose(who)
                    return True
        return False

    def said(self, notice: str) -> None:
        self.scene.notice, self.scene.notice_ok = notice, True

    def name_cells(self) -> list:
        """(rect, entrant) of every name on the boards in view (the bye's player too)."""
        s = self.scene
        cols = s.board_columns()
        cells = []
        boards = s.boards()
        for i in s.board_list.shown():
            row = s.board_list.row_rect(i)
            p = boards[i]
            for (x, width), who in zip(cols[1:3], (p.first, p.second)):
                if who is not None:
                    cells.append((pygame.Rect(x - 6, row.y + 4, width + 12, row.height - 8),
                                  who))
        return cells

    def choose(self, who: int) -> None:
        """A click on a name: chosen, or no longer chosen; the third replaces the second."""
        if who in self.chosen:
            self.chosen.remove(who)
        elif len(self.chosen) < 2:
            self.chosen.append(who)
        else:
            self.chosen[1] = who
        self.scene.resize()

    def ask_swap(self) -> None:
        s, t = self.scene, self.tournament
        a, b = self.chosen
        try:
            words, warnings = swap_preview(t, s.shown, a, b)
        except ValueError as exc:
            s.notice, s.notice_ok = _("Nothing was changed: {problem}").format(problem=exc), \
                False
            return
        s.app.stack.push("tournament.confirm",
                         heading=_("Swap {name} and {other}?").format(
                             name=isolated(short(t.entrants[a].name, 24, 200)),
                             other=isolated(short(t.entrants[b].name, 24, 200))),
                         words=_("{what} The change is kept in the round's history.").format(
                             what=words),
                         warnings=warnings, yes=_("Swap them"),
                         on_yes=lambda: self.swap(a, b))

    def swap(self, a: int, b: int) -> None:
        s = self.scene
        s.reload()
        try:
            s.stored.swap_players(s.shown, a, b)
        except (StoreError, ValueError) as exc:
            s.notice, s.notice_ok = _("Nothing was changed: {problem}").format(problem=exc), \
                False
        else:
            s.notice, s.notice_ok = (s.tournament.round_changes[s.shown][-1] + ".", True)
        self.chosen = []
        s.resize()

    # --- drawing ------------------------------------------------------------------------
    def hint(self) -> str | None:
        """What to do about the names chosen (None when nothing is to be said)."""
        if not self.can_change():
            return None
        names = [self.tournament.entrants[e].name for e in self.chosen]
        if not names:
            return _("To change this round's pairing, click two names, then Swap; or play "
                     "the boards.")
        if len(names) == 1:
            return _("{name} chosen: click the name to change places with.").format(
                name=isolated(short(names[0], 15, 200)))
        return _("Press Swap to exchange {name} and {other}, or click a name to choose "
                 "again.").format(name=isolated(short(names[0], 15, 160)),
                                  other=isolated(short(names[1], 15, 160)))

    def draw_chosen(self, surface) -> None:
        """A frame round each name chosen (as wide as the name, within its column)."""
        names = self.tournament.entrants
        for rect, who in self.name_cells():
            if who in self.chosen:
                frame = rect.copy()
                shown = (_("{name} (computer)").format(name=isolated(names[who].name))
                         if names[who].is_computer else names[who].name)
                frame.width = min(rect.width, assets.measure(shown, 18) + 14)
                if rtl():           # the name is drawn against its column's right
                    frame.right = rect.right
                pygame.draw.rect(surface, CHOSEN, frame, 2, border_radius=6)

    def draw_step(self, surface, text: str) -> None:
        """The line saying what to do next, in two lines at most beside the buttons."""
        box = self.row
        lines = assets.wrap(text, 15, box.width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        # a line of 15-point text, clear of the next (Persian and Chinese lines are taller)
        step = max([21] + [assets.font(15).size(line)[1] + 1 for line in lines])
        top = box.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            assets.text(surface, line, (box.x, top + step * i), size=15, colour=ui.INK,
                        width=box.width)
