"""What every game shares: the game description (spec), the state base class,
seeded randomness and the checks used when a position is read back.

Every game module builds one ``GameSpec`` and one ``GameState`` subclass.  The
rest of the program (scenes, computer players, tournaments, the command line)
only ever talks to games through these two faces.
"""

from __future__ import annotations

import json
import math
import random
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import InvalidMoveError, InvalidPositionError
from .i18n import _


#: The largest seed a game takes (the tournament's own seeds stay below it too).
SEED_MAX = 2 ** 63 - 1
#: The largest count of turns, plies, actions or random draws a position may hold:
#: far beyond any game, and small enough to stay a plain number in every file.
COUNT_MAX = 10 ** 9


class GameState:
    """An immutable game position with the rules attached.

    Subclasses implement ``position``, ``to_move``, ``legal_moves``, ``play``,
    ``is_over``, ``winner`` and ``scores``; the game module sets the class's
    ``spec`` to the game's ``GameSpec``, so every state can say what it is a state
    of.  Two states are equal when their positions are equal, so states can be
    compared and hashed freely.
    """

    spec: "GameSpec"

    # --- the contract -------------------------------------------------
    def position(self) -> dict:
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        raise NotImplementedError

    def legal_moves(self) -> list:
        raise NotImplementedError

    def play(self, move) -> "GameState":
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def winner(self) -> int | None:
        raise NotImplementedError

    @property
    def scores(self) -> tuple:
        raise NotImplementedError

    # --- shared extras --------------------------------------------------
    @property
    def end_reason(self) -> str | None:
        """A short sentence saying how the game ended, or None while it goes on."""
        return self.describe_end()

    def describe_end(self, names=None) -> str | None:
        """``end_reason`` naming the players by ``names`` (one per player in move order,
        such as "Ann (Blue)"), by the game's own names for its sides when None."""
        if not self.is_over:
            return None
        return "The game is over."

    @property
    def variant(self) -> str:
        return self.spec.variants[0]

    def is_legal(self, move) -> bool:
        return move in self.legal_moves()

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self.position() == other.position()

    def __hash__(self) -> int:
        return hash(json.dumps(self.position(), sort_keys=True))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {json.dumps(self.position(), sort_keys=True)}>"


@dataclass(frozen=True)
class GameSpec:
    """One game as the rest of the program sees it.

    ``option_choices`` maps each rule option to the tuple of values it may
    take, or to a type (``int``, ``bool``) for open-ended options, optionally
    with an inclusive range as ``(type, low, high)``.
    """

    name: str
    title: str
    blurb: str
    variants: tuple
    player_counts: dict
    options: dict
    option_choices: dict
    make_new: Callable[..., GameState]
    make_from_position: Callable[[dict], GameState]
    parse: Callable[[GameState, str], Any]
    format: Callable[[GameState, Any], str]
    variant_titles: dict = field(default_factory=dict)
    #: Why a 2-player game of it can never end in a draw (empty when it can): a result
    #: entered by hand is checked against it.
    no_draw: str = ""
    #: Options whose default changed in Callidus 1.1, with the values they had before:
    #: a file written earlier that leaves one out played it with this value.
    former_defaults: dict = field(default_factory=dict)
    #: Facts declared once about the game, read wherever they matter (never guessed
    #: from a state): ``game_timer`` when a game clock runs down for both players at
    #: once and a player may call time (Calla); ``chance`` when ``play()`` draws at
    #: random (Calliro's chips from the bag).
    game_timer: bool = False
    chance: bool = False

    def with_former_defaults(self, options: dict) -> dict:
        """``options`` as read from a file written before Callidus 1.1: every option
        whose default changed since then and that the file leaves out takes its
        former default."""
        return {**self.former_defaults, **options}

    def players(self, variant: str | None = None) -> int:
        return self.player_counts[self.check_variant(variant)]

    def check_variant(self, variant: str | None) -> str:
        if variant is None:
            return self.variants[0]
        if variant not in self.variants:
            raise ValueError(
                f"unknown variant {variant!r} for {self.title}; "
                f"choose one of {', '.join(self.variants)}")
        return variant

    def check_options(self, options: dict) -> dict:
        """Return the full option dict (defaults filled in), refusing bad names or values."""
        full = dict(self.options)
        for name, value in options.items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise ValueError(f"unknown option {shown(name)} for {self.title} "
                                 f"(options: {known})")
            full[name] = check_option_value(name, value, self.option_choices.get(name))
        return full

    def new_game(self, variant: str | None = None, seed: int | None = None, **options) -> GameState:
        variant = self.check_variant(variant)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed <= SEED_MAX):
            raise ValueError(f"seed must be a whole number from 0 to {SEED_MAX}, "
                             f"not {shown(seed)}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return self.make_new(variant, seed, self.check_options(options))

    def from_position(self, data) -> GameState:
        if not isinstance(data, dict):
            raise InvalidPositionError("position: expected a JSON object")
        return self.make_from_position(data)

    def parse_move(self, state: GameState, text: str):
        if not isinstance(text, str):
            raise InvalidMoveError(f"move must be text, not {type(text).__name__}")
        if not text.isascii():   # int() and regular expressions read any script's digits
            raise InvalidMoveError(f"{text!r} is not a move: moves are written in ASCII letters "
                                   f"and digits")
        return self.parse(state, text)

    def format_move(self, state: GameState, move) -> str:
        return self.format(state, move)

    def variant_title(self, variant: str | None = None) -> str:
        """The variant as a player reads it, in the language in use ("Callisto: two
        colours"); the game's name where the variant has no title of its own."""
        variant = self.check_variant(variant)
        title = self.variant_titles.get(variant)
        return _(title) if title else self.title      # marked where the titles are kept


def check_option_value(name: str, value, choice):
    if choice is None:
        return value
    if isinstance(choice, tuple) and choice and isinstance(choice[0], type):
        kind, low, high = (choice + (None, None))[:3]
    elif isinstance(choice, type):
        kind, low, high = choice, None, None
    else:
        if value not in choice:
            allowed = ", ".join(str(c) for c in choice)
            raise ValueError(f"option {name}: {shown(value)} is not one of {allowed}")
        return value
    if kind is bool:
        if not isinstance(value, bool):
            raise ValueError(f"option {name}: expected true or false, not {shown(value)}")
        return value
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"option {name}: expected a whole number, not {shown(value)}")
    elif kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"option {name}: expected a number, not {shown(value)}")
    if low is not None and value < low:
        raise ValueError(f"option {name}: {shown(value)} is below the smallest allowed value {low}")
    if high is not None and value > high:
        raise ValueError(f"option {name}: {shown(value)} is above the largest allowed value {high}")
    return value


# --- seeded randomness ----------------------------------------------------

def rng_for(seed: int, draw: int) -> random.Random:
    """The generator for the ``draw``-th random draw of a game started with ``seed``.

    Seeding from the pair keeps every future draw reproducible from a
    position that stores only ``seed`` and the number of draws made so far.
    """
    return random.Random(f"{seed}/{draw}")


# --- reading fields of untrusted data -----------------------------------------

#: The default of a field that must be there.
REQUIRED = object()


class FieldProblem(ValueError):
    """A bad value that knows which field of the data it is about (``field``).

    Shown alone it is a plain sentence (the tournament's set-up screen shows it as
    it is); ``Fields.build`` puts the path of the field in front of it.
    """

    def __init__(self, field_name: str, message: str):
        super().__init__(message)
        self.field = field_name


class Fields:
    """Checked reading of one object of untrusted data: a position, a tournament's
    plain data, a saved clock.  The one reader of fields: every error names the
    field and says what it must be, in one line.

    ``allowed`` lists the fields the object may have (any other is refused);
    ``where`` names the object in messages.  With ``required`` every allowed field
    must be there; otherwise a missing field takes the ``default`` its reader is
    given (a reader given none refuses it).  ``path`` names a field by its path,
    ``where.key: ...`` (tournament data), instead of ``where: field 'key' ...``
    (positions, whose messages ``position_mutations`` reads the field from).
    ``error`` is the class of the errors raised; ``Fields.of_position`` reads a
    position, raising ``InvalidPositionError``.
    """

    def __init__(self, data, allowed, where: str = "position", *, required: bool = False,
                 path: bool = False, error: type = ValueError):
        self.where, self.path, self.error = where, path, error
        if not isinstance(data, dict):
            raise error(_("{where}: expected an object").format(where=where))
        unknown = sorted((key for key in data if key not in allowed), key=str)
        if unknown:
            raise error(_("{where}: unknown field {field}").format(where=where,
                                                                  field=shown(unknown[0])))
        if required:
            missing = [key for key in allowed if key not in data]
            if missing:
                raise error(_("{where}: missing field {field}").format(where=where,
                                                                      field=repr(missing[0])))
        self.data = data

    @classmethod
    def of_position(cls, data, allowed, where: str = "position") -> "Fields":
        """A position (``GameSpec.from_position``): missing fields take their
        start-of-game values; errors are ``InvalidPositionError``."""
        return cls(data, allowed, where, error=InvalidPositionError)

    # --- what is wrong ------------------------------------------------------------
    def bad(self, key: str, why: str) -> ValueError:
        """The error saying that field ``key`` ``why`` (``"must be ..."``)."""
        if self.path:
            return self.error(f"{self.where}.{key}: {why}")
        # TRANSLATORS: a field of a file and what is wrong with it: "position: field 'pits'
        # must be a list, not 5"
        return self.error(_("{where}: field {field} {why}").format(where=self.where,
                                                                    field=repr(key), why=why))

    def _value(self, key: str, default):
        if key in self.data:
            return self.data[key]
        if default is REQUIRED:
            raise self.error(_("{where}: missing field {field}").format(where=self.where,
                                                                       field=repr(key)))
        return default

    # --- reading ------------------------------------------------------------------
    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default=None):
        return self.data.get(key, default)

    def whole(self, value, key: str, low=None, high=None) -> int:
        """``value``, read from field ``key`` (or an entry of it, ``pits[3]``), as a whole
        number from ``low`` to ``high`` (either None: no bound)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.bad(key, _("must be a whole number, not {value}").format(
                value=shown(value)))
        if (low is not None and value < low) or (high is not None and value > high):
            if self.path and low is not None and high is not None:
                raise self.bad(key, _("{value} is out of range {low}-{high}").format(
                    value=shown(value), low=low, high=high))
            if low is not None and value < low:
                raise self.bad(key, _("must be at least {low}, not {value}").format(
                    low=low, value=shown(value)))
            raise self.bad(key, _("must be at most {high}, not {value}").format(
                high=high, value=shown(value)))
        return value

    def int(self, key: str, low=None, high=None, *, default=REQUIRED,
            optional: bool = False) -> int | None:
        """A whole number from ``low`` to ``high``; None too when ``optional``."""
        value = self._value(key, default)
        if value is None and optional:
            return None
        return self.whole(value, key, low, high)

    def bool(self, key: str, *, default=REQUIRED) -> bool:
        value = self._value(key, default)
        if not isinstance(value, bool):
            raise self.bad(key, _("must be true or false, not {value}").format(
                value=shown(value)))
        return value

    def text(self, key: str, choices=None, *, default=REQUIRED, optional: bool = False,
             limit: int | None = None) -> str | None:
        """Text, one of ``choices`` when given, at most ``limit`` characters long; None too
        when ``optional``."""
        value = self._value(key, default)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise self.bad(key, _("must be text, not {value}").format(value=shown(value)))
        if choices is not None and value not in choices:
            raise self.bad(key, _("must be one of {choices}, not {value}").format(
                choices=", ".join(map(str, choices)), value=shown(value)))
        if limit is not None and len(value) > limit:
            raise self.bad(key, _("must be at most {limit} characters long, not {n}").format(
                limit=limit, n=len(value)))
        return value

    def seconds(self, key: str, *, default=REQUIRED) -> float:
        """A finite number of seconds, not below 0, as a float."""
        value = self._value(key, default)
        seconds = seconds_value(value)
        if seconds is None:
            raise self.bad(key, _("must be a number of seconds, not {value}").format(
                value=shown(value)))
        return seconds

    def list(self, key: str, most: int | None = None, *, default=REQUIRED,
             length: int | None = None) -> list:
        """A list of exactly ``length`` entries, or of at most ``most``."""
        value = self._value(key, default)
        if not isinstance(value, list):
            raise self.bad(key, _("must be a list, not {value}").format(value=shown(value)))
        if length is not None and len(value) != length:
            raise self.bad(key, _("must have {length} entries, not {n}").format(
                length=length, n=len(value)))
        if most is not None and len(value) > most:
            raise self.bad(key, _("must have at most {most} entries, not {n}").format(
                most=most, n=len(value)))
        return value

    def int_list(self, key: str, low=None, high=None, *, default=REQUIRED,
                 length: int | None = None) -> list:
        """A list of whole numbers from ``low`` to ``high`` (``list`` for ``length``)."""
        value = self.list(key, default=default, length=length)
        for i, item in enumerate(value):
            self.whole(item, f"{key}[{i}]", low, high)
        return list(value)

    def dict(self, key: str, *, default=REQUIRED) -> dict:
        value = self._value(key, default)
        if not isinstance(value, dict):
            raise self.bad(key, _("must be an object, not {value}").format(value=shown(value)))
        return value

    def derived(self, key: str, value, why: str) -> None:
        """Check a field that the rest of the position already fixes (the scores the
        board gives): it may be left out, and when given it must be ``value`` exactly,
        a list entry by entry (``true`` is never 1, ``2.0`` never 2); ``why`` ends
        the error."""
        if key in self.data and not _same(self.data[key], value):
            raise self.bad(key, why)

    def options(self, spec: GameSpec) -> dict:
        value = self.dict("options", default={})
        try:
            return spec.check_options(value)
        except ValueError as exc:
            raise self.error(_("{where}: field 'options': {problem}").format(
                where=self.where, problem=exc)) from None

    def build(self, make, *args, field: str | None = None):
        """``make(*args)``, its ValueError said again naming this object and the field:
        ``field``, or the one a ``FieldProblem`` names."""
        try:
            return make(*args)
        except FieldProblem as exc:
            raise self.error(f"{self.where}.{exc.field}: {exc}") from None
        except ValueError as exc:
            at = self.where if field is None else f"{self.where}.{field}"
            raise self.error(f"{at}: {exc}") from None


def seconds_value(value) -> float | None:
    """``value`` as a finite, non-negative number of seconds, or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        seconds = float(value)
    except OverflowError:
        return None
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


def _same(given, value) -> bool:
    """``given``, as read from JSON, is ``value``: lists against lists or tuples."""
    if isinstance(value, (list, tuple)):
        return (isinstance(given, list) and len(given) == len(value)
                and all(_same(g, v) for g, v in zip(given, value)))
    return type(given) is type(value) and given == value


# --- quoting what was read ----------------------------------------------------

#: Unicode categories a message never shows as they are: controls (U+0000 stops a
#: font), lone surrogates, line and paragraph separators.
UNDRAWABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})


def shown(value, limit: int = 60, quoted: bool = True, invisible: bool = False) -> str:
    """``value`` the way a message shows what a file or a player gave: short (about
    ``limit`` characters at most) and safe for a font whatever it is (a number of
    5,000 digits, a million characters of text, lists nested a thousand deep, control
    characters), where ``repr`` would raise or flood the message.

    Text comes quoted, as ``repr`` quotes it.  With ``quoted`` False it is shown as the
    text itself (a message, a name, a date to draw), the characters in ``UNDRAWABLE``
    written as ``\\uXXXX``; with ``invisible`` too, every other character that does not
    print (format characters such as U+200B, spaces other than the plain one), so the
    message shows exactly what a file held.  Any other value as Python writes it,
    abbreviated."""
    if isinstance(value, str) and not quoted:
        text = "".join(f"\\u{ord(char):04x}" if (invisible and not char.isprintable())
                       or unicodedata.category(char) in UNDRAWABLE else char
                       for char in value[:limit + 1])
        return text if len(text) <= limit else text[:limit - 3] + "..."
    return _shown(value, 3, limit)


def _shown(value, depth: int, room: int) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        sign = "a negative" if value < 0 else "a"
        return f"{sign} number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, str):
        cut = max(room - 5, 8)
        return repr(value[:cut] + "...") if len(value) > cut else repr(value)
    if isinstance(value, (list, tuple, dict)):
        if not value:
            return "{}" if isinstance(value, dict) else "[]"
        items = list(value.items()) if isinstance(value, dict) else value
        parts = []
        used = 2
        for n, item in enumerate(items):
            if depth == 0 or used >= room or n == 8:
                parts.append("...")
                break
            if isinstance(value, dict):
                text = f"{_shown(item[0], 0, 20)}: {_shown(item[1], depth - 1, room - used)}"
            else:
                text = _shown(item, depth - 1, room - used)
            parts.append(text)
            used += len(text) + 2
        inner = ", ".join(parts)
        return f"{{{inner}}}" if isinstance(value, dict) else f"[{inner}]"
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    return f"a {type(value).__name__}"


def changed_options(defaults: dict, options: dict) -> dict:
    """Only the options that differ from their ``defaults``, as positions store them."""
    return {k: v for k, v in options.items() if defaults.get(k) != v}


def leader(scores) -> int | None:
    """Index of the single highest score, or None when the top is shared."""
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else None


def counted(n: int, word: str) -> str:
    """'1 piece', '2 pieces', '0 pieces': a count with its noun in the right number."""
    return f"{n} {word if n == 1 else word + 's'}"


def score_text(score) -> str:
    """A score as players read it everywhere (board, sidebar, results, end text): whole
    numbers plain, a half point as a fraction: 30, 30½, ½."""
    if isinstance(score, float) and score != int(score):
        if score * 2 == int(score * 2):          # a half point, as Iriri's first word earns
            return f"{int(score)}½" if int(score) else "½"
        return f"{score:.1f}"
    return str(int(score)) if isinstance(score, (int, float)) else str(score)
