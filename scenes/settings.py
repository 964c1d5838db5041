"""Player settings, kept as JSON in the user's config folder.

A missing file means defaults; a damaged one is set aside (renamed, never
deleted, never over an earlier one) and the defaults are used, with a message
the menu shows once.  A file holding values that cannot be used (or settings
this version does not know) is read for what it has, and set aside the same
way just before the first change is written over it.  A path that is not a
file (a folder) is left alone.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.core import shown
from game.i18n import _, isolated, ngettext, number
from game.files import (SETTINGS_LIMIT, FileProblem, not_a_file, read_json, set_aside,
                        write_json_atomic)

from .views import palette

DEFAULTS = {
    "volume": 0.7,             # 0.0 - 1.0
    "animation_speed": 1.0,    # 0.5 slow, 1 normal, 2 fast, 4 very fast
    "show_undersides": False,  # Calliro: show each chip's underside (open play)
    "glimpse_seconds": 1.2,    # Calliro: how long a placed chip shows its underside
    "show_hints": True,        # mark legal targets while a piece is held
    "board_style": "wood",     # "wood" or "stone"
    "turn_board": True,        # one human playing the far side (Calla's B, Calabria's
                               # Gladiators) sees the board turned, their own side nearest
    "colour_safe": False,      # every board in the colour-blind safe palette (views/palette.py)
    "interface_size": 100,     # per cent, one of INTERFACE_SIZES: every screen drawn larger
    "language": "",            # a code of game.i18n.LANGUAGES ("" the system's, English
                               # where none of them fits)
    "persian_digits": False,   # Persian: numbers in Persian digits (۱۲۳) instead of 123
    "last_folder": "",         # where the last file dialog picked a file ("" none yet)
    "setups": {},              # game name -> the setup its last game started with
    "net_name": "",            # the name last given to play over the network ("" none yet)
    "net_address": "",         # the host's address last joined ("" none yet)
}


#: Settings read under the name an earlier version wrote them with.
FORMER_NAMES = {"turn_board_for_gladiators": "turn_board"}

#: The interface sizes a player may choose, in per cent (scenes/app.py draws them).
INTERFACE_SIZES = (100, 125, 150, 200)

#: The range of each number setting.
RANGES = {"volume": (0.0, 1.0), "animation_speed": (0.25, 8.0), "glimpse_seconds": (0.0, 10.0)}


#: What a remembered setup holds (``SetupScene.remembered``): its game's seats as the
#: setup screen lists them, and the computer's level last chosen for that game.
SETUP_FIELDS = ("variant", "options", "seats", "starter", "time_control", "hints", "level")


def setup_problem(game, setup) -> str | None:
    """Why ``setup`` cannot be the remembered setup of ``game``, or None when it can."""
    from game import GAMES
    from game.ai import levels_for
    from game.clock import parse_time_control
    from game.files import name_problem

    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None:
        return "an unknown game"
    if not isinstance(setup, dict) or sorted(setup) != sorted(SETUP_FIELDS):
        return "not a setup"
    if setup["variant"] not in spec.variants:
        return "an unknown variant"
    options = setup["options"]
    try:
        if not isinstance(options, dict):
            raise ValueError
        spec.check_options(options)
    except (ValueError, TypeError):
        return "unusable rule options"
    seats, players = setup["seats"], spec.players(setup["variant"])
    levels = levels_for(spec.name)
    kinds = ["human"] + [f"computer:{level}" for level in levels]
    if (not isinstance(seats, list) or len(seats) != players
            or not all(isinstance(seat, dict) and sorted(seat) == ["kind", "name"]
                       and seat["kind"] in kinds and isinstance(seat["name"], str)
                       and (seat["name"] == "" or name_problem(seat["name"], 16) is None)
                       for seat in seats)):
        return "unusable seats"
    if setup["starter"] not in ["random"] + [str(i) for i in range(players)]:
        return "an unknown starter"
    control = setup["time_control"]
    try:
        if not isinstance(control, str) or len(control) > 40:
            raise ValueError
        if control != "none" and parse_time_control(control) is None:
            raise ValueError
    except ValueError:
        return "an unusable clock"
    if not isinstance(setup["hints"], bool) or setup["level"] not in levels:
        return "unusable hints or level"
    return None


def ignored(bad, unknown: int) -> str:
    """The message naming the settings read but not used: ``bad`` ones by name, and how
    many ``unknown`` ones."""
    names = ", ".join(sorted(
        _("setup of {game}").format(game=name[1]) if isinstance(name, tuple) else name
        for name in bad))
    if not unknown:
        return _("Ignored unusable settings: {names}.").format(names=names)
    if not bad:
        return ngettext("Ignored unusable settings: {n} unknown setting.",
                        "Ignored unusable settings: {n} unknown settings.", unknown).format(
                            n=number(unknown))
    return ngettext("Ignored unusable settings: {names}; {n} unknown setting.",
                    "Ignored unusable settings: {names}; {n} unknown settings.", unknown).format(
                        names=names, n=number(unknown))


def _usable_setups(value) -> tuple[dict, list[str]]:
    """The remembered setups of ``value`` that can be used, and ``("setup", game)`` for
    each that cannot (the settings message names them)."""
    if not isinstance(value, dict):
        return {}, ["setups"]
    kept, bad = {}, []
    for game, setup in value.items():
        if setup_problem(game, setup) is None:
            kept[game] = setup
        else:
            bad.append(("setup", shown(str(game), 20, quoted=False)))
    return kept, bad


def _valid(name, value):
    default = DEFAULTS[name]
    if name == "setups":
        return not _usable_setups(value)[1]
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        low, high = RANGES[name]
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and low <= value <= high)
    if name == "interface_size":
        return isinstance(value, int) and not isinstance(value, bool) and value in INTERFACE_SIZES
    if name == "board_style":
        return value in ("wood", "stone")
    if name == "language":
        from game.i18n import LANGUAGES
        return value == "" or value in LANGUAGES
    if name == "net_name":
        from game.files import name_problem
        return value == "" or name_problem(value) is None
    if name == "net_address":
        return isinstance(value, str) and len(value) <= 200 and value.isprintable()
    return isinstance(value, type(default))


def default_path() -> Path:
    override = os.environ.get("CALLIDUS_CONFIG_DIR")
    if override:
        return Path(override) / "settings.json"
    from platformdirs import user_config_dir
    return Path(user_config_dir("Callidus", appauthor=False)) / "settings.json"


class Settings:
    """The settings, read once at start-up; every change is saved through ``writer``
    (a ``game.writer.BackgroundWriter``) when one is given, else at once."""

    def __init__(self, path: Path | None = None, writer=None):
        self.path = Path(path) if path else default_path()
        self.values = dict(DEFAULTS)
        self.writer = writer
        # what the player should know about the file, worded when shown: the settings are
        # read before their language is known
        self._said = None
        # the file holds what this version cannot use: set it aside before writing over it
        self.aside_due = False
        self.load()
        palette.use(self.values["colour_safe"])

    @property
    def load_problem(self) -> str | None:
        """What went wrong reading (or setting aside) the file, in the language in use."""
        return self._said() if self._said is not None else None

    @load_problem.setter
    def load_problem(self, text: str | None) -> None:
        self._said = None if text is None else (lambda: text)

    @property
    def problem(self) -> str | None:
        """What the player should know about the settings file, or None."""
        saving = self.writer.problem(self.path) if self.writer is not None else None
        return saving or self.load_problem

    def load(self) -> None:
        odd = not_a_file(self.path)
        if odd:     # never read, never moved: it is not ours to touch
            path = self.path
            self._said = lambda: _("The settings file {path} is {odd}, not a file; using "
                                   "defaults, and changes cannot be kept.").format(
                                       path=isolated(path), odd=odd)
            return
        if not self.path.exists():
            return
        try:
            data = read_json(self.path, limit=SETTINGS_LIMIT)
            if not isinstance(data, dict):
                raise FileProblem(f"{self.path} does not hold settings")
        except FileProblem as exc:
            self._set_aside(str(exc))
            return
        bad, unknown = [], 0
        for name, value in data.items():
            name = FORMER_NAMES.get(name, name)
            if name not in DEFAULTS:
                unknown += 1        # its name may be anything: it is counted, never shown
            elif name == "setups":      # one game's bad setup costs no other game's
                self.values[name], dropped = _usable_setups(value)
                bad += dropped
            elif _valid(name, value):
                self.values[name] = value
            else:
                bad.append(name)
        if bad or unknown:
            self._said = lambda: ignored(bad, unknown)
            self.aside_due = True

    def _set_aside(self, why: str) -> None:
        try:
            kept = set_aside(self.path)
        except FileProblem as exc:
            self._said = lambda: _("Settings file was damaged ({problem}); using defaults "
                                   "({trouble}).").format(problem=why, trouble=exc)
            return
        self._said = lambda: _("Settings file was damaged; kept it as {name} and used defaults "
                               "({problem}).").format(name=isolated(kept), problem=why)

    def __getitem__(self, name):
        return self.values[name]

    def set(self, name, value) -> None:
        if name not in DEFAULTS or not _valid(name, value):
            raise ValueError(f"bad setting {name}={value!r}")
        self.values[name] = value
        if name == "colour_safe":       # every board shows it from its next frame
            palette.use(value)
        self.save()

    def save(self) -> None:
        if self.writer is not None:
            if self.aside_due:      # one job, so that the write can never come first
                values = dict(self.values)
                self.writer.call(self.path, lambda: self._write_over(values))
            else:
                self.writer.write_json(self.path, self.values)
            return
        try:
            self._write_over(self.values)
        except FileProblem as exc:
            self.load_problem = str(exc)

    def _write_over(self, values: dict) -> None:
        """Write ``values``, setting aside first a file whose unusable settings they drop
        (FileProblem, and nothing written, when it cannot be set aside)."""
        if self.aside_due and os.path.lexists(self.path):
            kept = set_aside(self.path)
            said = self._said or (lambda: "")
            self._said = lambda: _("{problem} The file was kept as {name}.").format(
                problem=said(), name=isolated(kept))
        self.aside_due = False
        write_json_atomic(self.path, values)
