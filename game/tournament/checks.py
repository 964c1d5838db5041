"""Checks shared by everything that reads a tournament: what a name may be, short
messages about bad values, and checked reading of plain data naming the field.

At the very bottom of ``game.tournament``: imports nothing from the package; the
test of a name that can be drawn is the one every reader shares, in ``game.files``.
"""

from __future__ import annotations

from ..core import shown
from ..files import name_problem as drawable_name_problem

class FieldProblem(ValueError):
    """A bad value that knows which field of a tournament's plain data it is about.

    Shown alone it is a plain sentence (the set-up screen shows it as it is);
    ``Tournament.from_dict`` puts the path of the field in front of it.
    """

    def __init__(self, field_name: str, message: str):
        super().__init__(message)
        self.field = field_name


def name_problem(value, limit: int) -> str | None:
    """Why ``value`` cannot be a tournament's or an entrant's name, or None when it can:
    a name any screen can draw (``game.files.name_problem``) that neither begins nor ends
    with a space."""
    problem = drawable_name_problem(value, limit)
    if problem is None and value != value.strip():
        return "must not begin or end with a space"
    return problem


class Reader:
    """Checked access to one object of imported data: errors name the path."""

    def __init__(self, data, where: str, allowed):
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected an object")
        unknown = sorted(set(data) - set(allowed), key=str)
        if unknown:
            raise ValueError(f"{where}: unknown field {shown(unknown[0])}")
        missing = [k for k in allowed if k not in data]
        if missing:
            raise ValueError(f"{where}: missing field {missing[0]!r}")
        self.data = data
        self.where = where

    def text(self, key, choices=None, optional=False, limit=None):
        value = self.data[key]
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise ValueError(f"{self.where}.{key}: must be text, not {_kind(value)}")
        if choices is not None and value not in choices:
            raise ValueError(f"{self.where}.{key}: must be one of {', '.join(choices)}, "
                             f"not {shown(value)}")
        if limit is not None and len(value) > limit:
            raise ValueError(f"{self.where}.{key}: {len(value)} characters are too many "
                             f"(at most {limit})")
        return value

    def int(self, key, low=None, high=None, optional=False):
        value = self.data[key]
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.where}.{key}: must be a whole number, not {_kind(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"{self.where}.{key}: {shown(value)} is out of range {low}-{high}")
        return value

    def list(self, key, most=None):
        value = self.data[key]
        if not isinstance(value, list):
            raise ValueError(f"{self.where}.{key}: must be a list, not {_kind(value)}")
        if most is not None and len(value) > most:
            raise ValueError(f"{self.where}.{key}: {len(value)} items are too many "
                             f"(at most {most})")
        return value

    def dict(self, key):
        value = self.data[key]
        if not isinstance(value, dict):
            raise ValueError(f"{self.where}.{key}: must be an object, not {_kind(value)}")
        return value

    def build(self, make, *args, field=None):
        """``make(*args)``; its ValueError comes back naming the field it is about."""
        try:
            return make(*args)
        except FieldProblem as exc:
            raise ValueError(f"{self.where}.{exc.field}: {exc}") from None
        except ValueError as exc:
            at = self.where if field is None else f"{self.where}.{field}"
            raise ValueError(f"{at}: {exc}") from None


def _kind(value) -> str:
    """What a JSON value is, in words: for a message about the wrong kind of value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    return {int: "a number", float: "a number", str: "text", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)
