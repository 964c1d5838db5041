"""Checks shared by everything that reads a tournament: what a name may be, and the
error of a bad value that knows its field.

Plain data is read field by field through the program's one reader of fields,
``game.core.Fields`` (every field required, named by its path: ``Fields(data,
allowed, where, required=True, path=True)``), and values are quoted in messages by
``game.core.shown``; both are re-exported here for the modules of the package.

At the very bottom of ``game.tournament``: imports nothing from the package; the
test of a name that can be drawn is the one every reader shares, in ``game.files``.
"""

from __future__ import annotations

from ..core import FieldProblem, Fields, shown
from ..files import name_problem as drawable_name_problem
from ..i18n import _

__all__ = ["FieldProblem", "Fields", "name_problem", "shown"]


def name_problem(value, limit: int) -> str | None:
    """Why ``value`` cannot be a tournament's or an entrant's name, or None when it can:
    a name any screen can draw (``game.files.name_problem``) that neither begins nor ends
    with a space."""
    problem = drawable_name_problem(value, limit)
    if problem is None and value != value.strip():
        return _("must not begin or end with a space")
    return problem
