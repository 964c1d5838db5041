"""Setting up a game: variant, who plays each seat, who starts, rule options."""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import GAMES
from game.ai import LEVELS, levels_for
from game.i18n import N_, _, isolated, listed, ngettext, number, pgettext

from . import assets, ui
from .ui import level_title
from .stack import Scene

def option_ui(name):
    """How rule option ``name`` is offered, in the language in use: (label, [(value, text),
    ...]); None for an option this screen does not know."""
    def minutes(m):
        return ngettext("{n} minute", "{n} minutes", m).format(n=number(m))

    def cells(r):
        n = 3 * r * (r + 1) + 1
        return ngettext("Radius {r}: {n} cell", "Radius {r}: {n} cells", n).format(
            r=number(r), n=number(n))

    table = {
        # Calla
        "time_limit_minutes": (_("Game timer"), [(0, _("Off"))] + [
            (m, minutes(m)) for m in (5, 10, 15, 20, 30, 45, 60)]),
        "end_sweep": (_("Cubes left at the end"), [("none", _("Count for nobody")),
                                                   ("owner_takes", _("Go to their owner"))]),
        # Calliro
        "radius": (_("Board size"), [(r, cells(r)) for r in range(2, 9)]),
        "triangle_arcs": (_("Triangles score"), [(False, _("No: only open arcs")),
                                                 (True, _("Yes: tight triangles too"))]),
        "scorer_chooses_replacement": (_("Score chips"), [
            (True, _("The scorer picks the arc's chip")),
            (False, _("Go on the chip that scored"))]),
        "idle_limit": (_("Idle limit"), [(0, _("None"))] + [
            (n, ngettext("Ends after {n} idle action", "Ends after {n} idle actions", n).format(
                n=number(n))) for n in (20, 30, 60, 100, 200)]),
        # Calabria
        "barricade_hostility": (_("Barricades capture"), [
            ("both", _("For both sides")), ("owner_only", _("For their owner only"))]),
        "dux_edge_sides": (_("Dux on an edge"), [(3, _("Taken with 3 sides closed")),
                                                 (4, _("Safe: 4 sides are needed"))]),
        "repetition_limit": (_("Repeated position"), [
            (0, _("Never a draw")), (2, _("Draw the 2nd time")), (3, _("Draw the 3rd time")),
            (4, _("Draw the 4th time")), (5, _("Draw the 5th time"))]),
        "quiet_ply_limit": (_("Without a capture"), [(0, _("Play on for ever"))] + [
            (n, ngettext("Ends after {n} action", "Ends after {n} actions", n).format(
                n=number(n))) for n in (50, 100, 150, 200, 300)]),
    }
    return table.get(name)


#: One line under each rule option, saying what it changes.
OPTION_HELP = {
    "time_limit_minutes": N_("When it runs out the game ends and the callas are counted."),
    "end_sweep": N_("Cubes still in a player's shields when the game ends."),
    "radius": N_("Cells from the centre to an edge; radius 4 is the usual board."),
    "triangle_arcs": N_("Whether two touching orange chips round another chip also score."),
    "scorer_chooses_replacement": N_("Where a point's score chip goes: the original rules let "
                                     "the scorer pick any chip of the arc."),
    "idle_limit": N_("Actions in a row with no placement and no point end the game."),
    "barricade_hostility": N_("Whether a barricade helps both sides capture, or only its "
                              "owner."),
    "dux_edge_sides": N_("A Dux against the board's edge has only 3 neighbours."),
    "repetition_limit": N_("The same position coming round again makes the game a draw."),
    "quiet_ply_limit": N_("Then the side with more pieces on the board wins."),
}


def option_help(name) -> str:
    """The line explaining rule option ``name``; "" for an option this screen does not know."""
    return _(OPTION_HELP[name]) if name in OPTION_HELP else ""


def seat_name(seat: int) -> str:
    """What an unnamed seat is called in a game with no sides' names: "Player 1"."""
    return _("Player {n}").format(n=number(seat + 1))


#: The computer's level for a game never played against it.
DEFAULT_LEVEL = "medium" if "medium" in LEVELS else LEVELS[-1]
NAME_W = 180         # the seat name entries' width
NAME_LIMIT = 16      # characters a seat name may have (the settings keep no longer one)
#: A seat name box's placeholder (the name it gets if none is typed): muted, as a hint is.
PLACEHOLDER = pygame.Color(168, 150, 128)
LIST_ITEM_H = 20     # a drop-down's choice, open (pygame_gui's list_item_height)
LIST_FRAME = 8       # the open list's border and shadow, top and bottom
HELP_H = 17          # the line explaining a rule option, under it

#: Per-player clocks offered for any game ("none" = untimed).
TIME_CONTROLS = ("none", "1", "3", "3+2", "5", "5+3", "10", "10+5", "15+10", "25+10", "3d2", "5d5")


def time_control_choices():
    from game.clock import parse_time_control
    choices = []
    for text in TIME_CONTROLS:
        control = parse_time_control(text)
        choices.append((_("Untimed") if control is None else f"{text}: {control.describe()}",
                        text))
    return choices


def option_choices(spec, name):
    """(label, [(value, text)]) for any rule option, known or not."""
    known = option_ui(name)
    if known is not None:
        return known
    label = name.replace("_", " ").capitalize()
    choice = spec.option_choices.get(name)
    default = spec.options[name]
    if isinstance(default, bool):
        return label, [(False, _("Off")), (True, _("On"))]
    if isinstance(choice, tuple) and choice and not isinstance(choice[0], type):
        return label, [(v, str(v).replace("_", " ")) for v in choice]
    low = choice[1] if isinstance(choice, tuple) and len(choice) > 1 else 0
    high = choice[2] if isinstance(choice, tuple) and len(choice) > 2 else default * 4 or 10
    values = sorted({v for v in (low, default // 2, default, default * 2, high)
                     if low <= v <= high and (v != 0 or low == 0)})
    return label, [(v, _("Off") if v == 0 else number(v)) for v in values]


class SeatNameEntry(UITextEntryLine):
    """A seat's name box (themed ``#seat_name``: an inset field with a bright border).  Its
    placeholder, the name the seat gets if none is typed, is drawn in a muted colour, so
    that it reads as a suggestion in a field to type in, not as a label."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, object_id="#seat_name", **kwargs)
        self._muted()

    def _muted(self) -> None:
        colour = PLACEHOLDER if not self.get_text() else self.ui_theme.get_colour_or_gradient(
            "normal_text", self.combined_element_ids)
        if colour != self.text_colour:
            self.text_colour = colour
            self.rebuild()

    def process_event(self, event) -> bool:
        consumed = super().process_event(event)
        self._muted()
        return consumed

    def set_text(self, text) -> None:
        super().set_text(text)
        self._muted()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        # pygame_gui loses the cursor of a box emptied of its placeholder on focus (its
        # blink state says on, the line says off): a box clicked showed no cursor at all
        layout = self.drawable_shape.text_box_layout if self.drawable_shape else None
        row = layout.cursor_text_row if layout is not None else None
        if row is not None and row.edit_cursor_active != (self.cursor_on and self.is_focused):
            self.drawable_shape.toggle_text_cursor()

    def cursor_shown(self) -> bool:
        """Whether the box shows its text cursor now."""
        layout = self.drawable_shape.text_box_layout if self.drawable_shape else None
        row = layout.cursor_text_row if layout is not None else None
        return bool(row is not None and row.edit_cursor_active)

    def rebuild_from_changed_theme_data(self) -> None:
        super().rebuild_from_changed_theme_data()
        if hasattr(self, "text"):
            self._muted()


def draw_pencil(surface, right: int, centery: int, colour) -> None:
    """A small pencil ending at ``right``: the sign of a field to type in."""
    x, y = right - 16, centery
    body = [(x + 4, y + 5), (x + 14, y - 5), (x + 17, y - 2), (x + 7, y + 8)]
    pygame.draw.polygon(surface, colour, body)
    pygame.draw.polygon(surface, colour, [(x + 4, y + 5), (x + 7, y + 8), (x + 1, y + 10)], 1)
    pygame.draw.line(surface, (30, 22, 17), (x + 12, y - 3), (x + 15, y), 1)


def seat_kinds(game_name: str | None = None):
    """Who may sit in a seat: a person, or the computer at each level the game offers."""
    kinds = [(_("Human"), "human")]
    kinds += [(_("Computer - {level}").format(level=level_title(level)), f"computer:{level}")
              for level in (levels_for(game_name) if game_name else LEVELS)]
    return kinds


class SetupScene(Scene):
    title = "setup"

    def __init__(self, app, game_name: str, config: dict | None = None):
        super().__init__(app)
        self.spec = GAMES[game_name]
        if config is None:       # the last setup of this game (settings checked it on reading)
            config = app.settings["setups"].get(game_name, {})
        self.variant = config.get("variant", self.spec.variants[0])
        self.options = dict(self.spec.options)
        self.options.update(config.get("options", {}))
        self.seats = [dict(s) for s in config.get("seats", [])]   # "name": "" until typed
        self.starter = config.get("starter", "random")
        self.time_control = config.get("time_control") or "none"
        # a hint is a training aid: off by default once the players have clocks
        self.hints = config.get("hints", self.time_control == "none")
        # the computer's level last chosen for this game: "Against the computer" plays it
        self.level = config.get("level", DEFAULT_LEVEL)
        self._fit_seats()
        self.error = ""

    def remembered(self) -> dict:
        """This setup as the settings keep it, for the next game of this game."""
        from game.files import name_problem

        def kept(name: str) -> str:
            # a name the settings would refuse (only invisible characters, say) is not kept:
            # the next setup offers the seat's own name instead
            name = name.strip()
            return name if name and name_problem(name, NAME_LIMIT) is None else ""
        return {"variant": self.variant, "options": dict(self.options),
                "seats": [{"name": kept(seat["name"]), "kind": seat["kind"]}
                          for seat in self.seats],
                "starter": self.starter, "time_control": self.time_control,
                "hints": bool(self.hints), "level": self.level}

    def remember(self) -> None:
        setups = dict(self.app.settings["setups"])
        setups[self.spec.name] = self.remembered()
        self.app.settings.set("setups", setups)

    def against_computer(self) -> None:
        """The seats made one person against the computer at ``self.level``: a setup that
        already has both keeps its seats; otherwise the first seat is the person's and the
        others the computer's."""
        kinds = [seat["kind"] for seat in self.seats]
        if "human" in kinds and any(kind != "human" for kind in kinds):
            return
        for i, seat in enumerate(self.seats):
            seat["kind"] = "human" if i == 0 else f"computer:{self.level}"

    @classmethod
    def computer_game(cls, app, game_name: str) -> dict:
        """The game the menu's "Play the computer" starts at once: this game's last setup,
        against the computer at the level last used for it (Medium if none); remembered as
        the setup of this game."""
        setup = cls(app, game_name)
        setup.against_computer()
        setup.remember()
        return setup.config()

    def _fit_seats(self) -> None:
        n = self.spec.players(self.variant)
        while len(self.seats) < n:
            self.seats.append({"name": "", "kind": "human"})
        del self.seats[n:]

    # --- sides and names ---------------------------------------------------------
    def _view(self):
        """The game's board view class, which knows the sides' names (None if unknown)."""
        from .views import view_class
        try:
            return view_class(self.spec.name)
        except (ImportError, KeyError):
            return None

    def _sides(self, kind="side_names") -> tuple:
        """The sides in move order, as ``kind`` gives them: ``side_names``, ``seat_names``
        (what an unnamed seat is called) or ``side_words`` (as this screen explains them)."""
        view = self._view()
        sides = getattr(view, kind)(self.variant) if view is not None else ()
        return sides if len(sides) == len(self.seats) else ()

    def _seat_title(self, seat: int) -> str:
        return self.seats[seat]["name"].strip() or _("Seat {n}").format(n=number(seat + 1))

    def default_name(self, seat: int, first: int | None = None) -> str:
        """What ``seat`` is called if nobody names it: the side it plays ("Blue"), once the
        starter (``first``, else the one chosen) is known."""
        names = self._sides("seat_names")
        if first is None and self.starter != "random":
            first = int(self.starter)
        if not names:
            return seat_name(seat)
        if first is not None:
            return names[(seat - first) % len(names)]
        # the starter is drawn when the game starts: any of the names, as fits the entry
        # TRANSLATORS: an unnamed seat's name before the starter is drawn: "Blue or Green"
        choices = [_("{names} or {last}").format(names=pgettext("list", ", ").join(names[:-1]),
                                                 last=names[-1]),
                   # TRANSLATORS: the first two of the seats' names, when all do not fit
                   _("{first}, {second}...").format(first=names[0], second=names[1]),
                   _("named by side")]
        font = self.app.ui.get_theme().get_font(["text_entry_line"])
        return next((c for c in choices if font.size(c)[0] <= NAME_W - 14), choices[-1])

    # --- widgets -----------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(720, w - 80), 0)
        x = (w - self.box.width) // 2
        # the rows are laid out labels first, from the left; a language written right to
        # left has them mirrored in this band: labels at the right, their fields left of them
        self.band = pygame.Rect(x, 0, self.box.width, 0)
        control_x = x + 250
        control_w = self.box.width - 270
        self.sides_note = self._sides_note()
        self.note_lines = assets.wrap(self.sides_note, 15, control_w) if self.sides_note else []
        # a line's step: 20, or a taller script's own height (Persian, drawn from its font)
        self.note_step = max([20] + [assets.render(line, 15, ui.MUTED).get_height()
                                     for line in self.note_lines])
        # rows close up in a short window, so that Start game is always on screen
        rows = ((len(self.spec.variants) > 1) + len(self.seats) + (len(self.seats) == 2) + 3
                + len(self.spec.options))
        top = 150 if h >= 700 else 126
        room = h - top - 15 - 20 - 46 - 12 - (self.note_step * len(self.note_lines) + 4)
        # each rule option's explanation under it where there is room, else (small windows)
        # in the line under the title while the pointer is on the option
        helps = [option_help(name) for name in self.spec.options]
        help_h = HELP_H if room - HELP_H * sum(map(bool, helps)) >= 42 * rows else 0
        room -= help_h * sum(map(bool, helps))
        row = max(36, min(46, room // rows))     # 36: the buttons keep a margin at 600 high
        ch = min(36, row - 8)            # a control's height
        y = top
        self.rows = []
        self.controls = {}
        if len(self.spec.variants) > 1:
            options = [(ngettext("{variant} ({n} player)", "{variant} ({n} players)",
                                 self.spec.players(v)).format(variant=self.spec.variant_title(v),
                                                              n=number(self.spec.players(v))), v)
                       for v in self.spec.variants]
            current = next(o for o in options if o[1] == self.variant)
            self.controls["variant"] = self._dropdown((control_x, y, control_w, ch), options,
                                                   current)
            self.rows.append((_("Variant"), y))
            y += row
        self.name_entries = []
        kinds = seat_kinds(self.spec.name)
        for i, seat in enumerate(self.seats):
            default = self.default_name(i)
            entry = self.add(SeatNameEntry(self._placed((control_x, y, NAME_W, ch)),
                                           manager=self.app.ui, initial_text=seat["name"],
                                           placeholder_text=default))
            entry.set_text_length_limit(NAME_LIMIT)
            entry.set_tooltip(_("Click to type this player's name (else: {name})").format(
                name=isolated(default)))
            self.name_entries.append(entry)
            current = next((k for k in kinds if k[1] == seat["kind"]), kinds[0])
            self.controls[f"seat{i}"] = self._dropdown((control_x + 190, y, control_w - 190, ch),
                                                    kinds, current)
            self.rows.append((_("Seat {n}").format(n=number(i + 1)), y))
            y += row
        if len(self.seats) == 2:
            self.two_humans = ui.button(self, self._placed((control_x, y, control_w // 2 - 5,
                                                            ch - 2)), _("Two at one screen"))
            self.vs_computer = ui.button(self, self._placed((control_x + control_w // 2 + 5, y,
                                                             control_w // 2 - 5, ch - 2)),
                                         _("Against the computer"))
            y += row
        else:
            self.two_humans = self.vs_computer = None
        starters = [(_("Random"), "random")] + [(self._seat_title(i), str(i))
                                             for i in range(len(self.seats))]
        current = next((o for o in starters if o[1] == self.starter), starters[0])
        self.controls["starter"] = self._dropdown((control_x, y, control_w, ch), starters,
                                               current)
        self.rows.append((_("Who starts"), y))
        y += row
        if self.note_lines:
            self.sides_y = y - 6
            y += self.note_step * len(self.note_lines) + 4
        clocks = time_control_choices()
        current = next((o for o in clocks if o[1] == self.time_control), None)
        if current is None:          # a remembered clock this list does not offer
            from game.clock import parse_time_control
            current = (f"{self.time_control}: "
                       f"{parse_time_control(self.time_control).describe()}", self.time_control)
            clocks.append(current)
        self.controls["time_control"] = self._dropdown((control_x, y, control_w, ch), clocks,
                                                    current)
        self.rows.append((_("Clock for each player"), y))
        y += row
        hints = [(_("Yes: the Hint button shows a good move"), "yes"), (_("No"), "no")]
        self.controls["hints"] = self._dropdown((control_x, y, control_w, ch), hints,
                                             hints[0] if self.hints else hints[1])
        self.rows.append((_("Allow hints"), y))
        y += row
        self.help_lines = []         # (text, y) drawn under their options
        self.help_spots = []         # (rect, text): where the pointer shows an explanation
        for name, help_text in zip(self.spec.options, helps):
            label, choices = option_choices(self.spec, name)
            options = [(text, repr(value)) for value, text in choices]
            current = next((o for o in options if o[1] == repr(self.options[name])), None)
            if current is None:
                options.append((str(self.options[name]), repr(self.options[name])))
                current = options[-1]
            self.controls[f"option:{name}"] = self._dropdown((control_x, y, control_w, ch),
                                                          options, current)
            self.rows.append((label, y))
            if help_text:
                self.help_spots.append((pygame.Rect(x, y, self.box.width, ch), help_text))
                if help_h:
                    self.help_lines.append((help_text, y + ch + 1))
            y += row + (help_h if help_text else 0)
        self.box.height = y - top
        self.box.topleft = (x, top)
        self.back_button = ui.button(self, self._placed((x, y + 20, 130, 46)), _("Back"))
        self.rules_button = ui.button(self, self._placed((x + 145, y + 20, 130, 46)),
                                      _("Rules"))
        self.network_button = ui.button(
            self, self._placed((x + 290, y + 20, self.box.width - 200 - 15 - 290, 46)),
            _("Play over the network"), tooltip=_(
                "Host this game for a player on another computer: you play Seat 1, and the next "
                "screen shows the address and the code to give them"))
        self.start_button = ui.button(self, self._placed((x + self.box.width - 200, y + 20,
                                                          200, 46)), _("Start game"), "#primary")

    def _placed(self, rect) -> pygame.Rect:
        """``rect``, laid out from the left, where the language in use has it (``band``)."""
        return ui.mirrored(rect, self.band)

    def _dropdown(self, rect, options, current):
        """A drop-down whose list, when it opens, shows every choice: downwards where the
        window has room for all of them below it, else upwards (pygame_gui's list scrolls
        instead, cutting off the first or last).  ``rect`` is laid out from the left."""
        rect = self._placed(rect)
        options = list(options)
        needed = LIST_ITEM_H * len(options) + LIST_FRAME
        below, above = self.app.size[1] - rect.bottom, rect.top
        up = needed > below and (needed <= above or above > below)
        return self.add(ui.Dropdown(options, current, rect, manager=self.app.ui,
                                    object_id="#opens_up" if up else None))

    def hovered_help(self) -> str:
        """The explanation of the rule option under the pointer, or ""."""
        pos = self.app.mouse_pos()
        return next((text for rect, text in getattr(self, "help_spots", ())
                     if rect.collidepoint(pos)), "")

    def _sides_note(self) -> str:
        """Which side each seat takes, in move order: the starter takes the first."""
        sides = self._sides("side_words")
        if not sides:
            return ""
        if self.starter != "random":
            # by seat number, as the rows are labelled: names may still be typed
            order = [(i + int(self.starter)) % len(sides) + 1 for i in range(len(sides))]
            # TRANSLATORS: one of the clauses listed after "Seat 2 starts and plays Blue; "
            rest = [_("seat {n} plays {side}").format(n=number(seat), side=side)
                    for seat, side in zip(order[1:], sides[1:])]
            return _("Seat {n} starts and plays {side}; {others}.").format(
                n=number(order[0]), side=sides[0], others=listed(rest))
        if len(sides) == 2:
            return _("Whoever starts plays {first}; the other plays {second}.").format(
                first=sides[0], second=sides[1])
        return _("In turn order from the starter: {sides}.").format(sides=listed(sides))

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
            self.seats[1]["kind"] = f"computer:{self.level}"
            self.resize()
        elif ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()
        elif ui.pressed(event, self.rules_button):
            self.app.stack.push("rules", game_name=self.spec.name)
        elif ui.pressed(event, self.network_button):
            self.host_over_network()
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
                if value.startswith("computer:"):
                    self.level = value.split(":", 1)[1]
            elif key == "starter":
                self.starter = value
                self.resize()            # the sides each seat plays, and their names, change
            elif key == "time_control":
                self.time_control = value
                self.hints = value == "none"     # with clocks, hints are off unless allowed
                self.resize()
            elif key == "hints":
                self.hints = value == "yes"
            elif key.startswith("option:"):
                name = key[len("option:"):]
                _label, choices = option_choices(self.spec, name)
                for v, _text in choices:
                    if repr(v) == value:
                        self.options[name] = v

    def config(self, rng=None) -> dict:
        """The game to start: seats in engine order (the starter first)."""
        rng = rng or random.Random()
        first = rng.randrange(len(self.seats)) if self.starter == "random" else int(self.starter)
        seats = []
        for i, seat in enumerate(self.seats):
            name = seat["name"].strip() or self.default_name(i, first)
            entry = {"name": name, "kind": "human"}
            if seat["kind"].startswith("computer:"):
                entry = {"name": name, "kind": "computer", "level": seat["kind"].split(":", 1)[1]}
            seats.append(entry)
        seats = seats[first:] + seats[:first]
        return {"game": self.spec.name, "variant": self.variant, "options": dict(self.options),
                "seats": seats, "starter": self.starter,
                "time_control": None if self.time_control == "none" else self.time_control,
                "hints": bool(self.hints),
                "seat_order": [(first + i) % len(seats) for i in range(len(seats))]}

    def start(self) -> None:
        config = self.config()
        try:
            self.spec.new_game(variant=config["variant"], **config["options"])
        except ValueError as exc:
            self.error = str(exc)
            return
        self.remember()
        from .saves import ask_before_replacing
        ask_before_replacing(self.app, self.spec.name,
                             lambda: self.app.stack.push("play", config=config))

    def host_over_network(self) -> None:
        """Host this game for players on other computers ("net.hosting"): the same game,
        variant, options and clock; the person here plays Seat 1 (its side as the starter
        decides), a seat given a computer is played by the host's computer at that level,
        the other seats are taken by whoever joins with the code."""
        config = self.config()
        try:
            self.spec.new_game(variant=config["variant"], **config["options"])
        except ValueError as exc:
            self.error = str(exc)
            return
        from .net.common import NAME_LIMIT, remember
        typed = self.seats[0]["name"].strip()
        name = (typed or self.app.settings["net_name"] or seat_name(0))[:NAME_LIMIT]
        self.remember()
        if typed:
            remember(self.app, name=name)
        game = {"game": self.spec.name, "variant": config["variant"],
                "options": config["options"], "time_control": config["time_control"],
                "name": name, "seat": config["seat_order"].index(0),
                "computers": [(i, seat["level"], seat["name"]) for i, seat in
                              enumerate(config["seats"]) if seat["kind"] == "computer"]}
        from .saves import ask_before_replacing
        ask_before_replacing(self.app, self.spec.name,
                             lambda: self.app.stack.push("net.hosting", game=game))

    def draw(self, surface) -> None:
        ui.table(surface)
        w = surface.get_width()
        ui.heading(surface, _("New game of {game}").format(game=self.spec.title), (w // 2, 56),
                   size=40)
        hovered = self.hovered_help()
        if self.error:           # in place of the line under the title: always on screen
            assets.text(surface, self.error, (w // 2, 96), anchor="center",
                        size=assets.fitting_size(self.error, 17, w - 40), colour=(255, 150, 120))
        elif hovered and not self.help_lines:     # no room under the options: said up here
            assets.text(surface, hovered, (w // 2, 96), anchor="center",
                        size=assets.fitting_size(hovered, 17, w - 40), colour=ui.INK)
        else:
            line = (_("Choose who plays and how; point at a rule to see what it does.")
                    if self.help_spots and not self.help_lines
                    else _("Choose who plays and how; then start."))
            assets.text(surface, line, (w // 2, 96), size=assets.fitting_size(line, 17, w - 40),
                        colour=ui.MUTED, anchor="center")
        ui.panel(surface, self.box.inflate(30, 30))
        label_x = self._placed((self.box.x, 0, 240, 0)).x
        for text, y in self.rows:
            size = assets.fitting_size(text, 18, 240, bold=True, smallest=14)
            assets.text(surface, text, (label_x, y + 6), colour=ui.INK, bold=True, size=size,
                        width=240)
        for entry in getattr(self, "name_entries", ()):     # the name boxes are typed in
            # on the label's side of the box: left of it, or right of it in a language
            # written right to left
            pencil = self._placed((self._placed(entry.rect).x - 24, 0, 16, 0))
            draw_pencil(surface, pencil.right, entry.rect.centery,
                        ui.INK if entry.is_focused else ui.MUTED)
        field = self._placed((self.box.x + 250, 0, self.box.width - 250, 0))
        for text, y in self.help_lines:
            assets.text(surface, text, (field.x, y),
                        size=assets.fitting_size(text, 14, field.width, smallest=11),
                        colour=ui.MUTED, width=field.width)
        for i, line in enumerate(self.note_lines):
            assets.text(surface, line, (field.x, self.sides_y + self.note_step * i),
                        size=15, colour=ui.MUTED, width=field.width)
