"""What the director's tools for a Swiss's entrants say and work out: where an entrant
stands (withdrawn, late, byes asked for), the boards a round's history says the director
changed, and what a swap would do, worked out on a copy (``swap_preview``).  Shared by
the round view's tools (``round_tools``) and the entrants' screens (``roster``).
"""

from __future__ import annotations

import re

from game.i18n import _, isolated, ngettext, number

from .. import assets
from .common import points_text

#: The boards a change of the round names ("Boards 1 and 3 changed by the director: ...").
CHANGED = re.compile(r"Boards? ([\d, and]+) changed by the director")


def changed_boards(changes) -> set[int]:
    """The boards the director changed, from a round's history (``round_changes``)."""
    boards = set()
    for text in changes:
        found = CHANGED.match(text)
        if found:
            boards.update(int(n) for n in re.findall(r"\d+", found[1]))
    return boards


def short(name: str, size: int = 17, width: int = 220) -> str:
    """A name fitted into a sentence of a dialog."""
    return assets.ellipsized(name, size, width)


def next_round(t) -> int | None:
    """The round byes, withdrawals and late entries take effect from (None when every
    round is paired)."""
    return t.rounds_paired + 1 if t.rounds_paired < t.total_rounds else None


def withdrawn_text(t, e: int) -> str:
    """"withdrawn after round 3" for an entrant who withdrew, else ""."""
    gone = t.withdrawals.get(e)
    if gone is None:
        return ""
    if gone == 1:
        return _("withdrawn before round 1")
    return _("withdrawn after round {n}").format(n=number(gone - 1))


def withdrawn_tags(t, e: int) -> list[str]:
    """``withdrawn_text`` and shorter ways of saying it, for a narrow column."""
    long = withdrawn_text(t, e)
    if not long:
        return []
    gone = t.withdrawals[e]
    return [long, _("out before round 1") if gone == 1
            else _("out after round {n}").format(n=number(gone - 1))]


def status_text(t, e: int) -> str:
    """Where entrant ``e`` stands in the evening: withdrawn, late, byes asked for."""
    parts = [withdrawn_text(t, e)] if e in t.withdrawals else []
    late = t.late_entries.get(e)
    if late is not None:
        first, start = late      # short: the column is narrow in a small window
        if start == "half":
            parts.append(_("late, from round {n} (+{points})").format(
                n=number(first), points=points_text(0.5 * (first - 1))))
        else:
            parts.append(_("late, from round {n}").format(n=number(first)))
    byes = sorted(t.requested_byes.get(e, ()))
    if byes:
        parts.append(ngettext("bye asked: round {rounds}", "byes asked: rounds {rounds}",
                              len(byes)).format(rounds=", ".join(number(b) for b in byes)))
    return "; ".join(parts)


def swap_preview(t, round_no: int, a: int, b: int) -> tuple[str, list[str]]:
    """What swapping entrants ``a`` and ``b`` in round ``round_no`` does (one sentence)
    and the warnings the tournament gives for it, worked out on a copy: nothing changes."""
    import copy
    preview = copy.copy(t)
    preview.rounds = list(t.rounds)
    preview.round_changes = {k: list(v) for k, v in t.round_changes.items()}
    warnings = preview.swap_players(round_no, a, b)
    where = {}
    for p in preview.rounds[round_no - 1]:
        for seat, who in ((0, p.first), (1, p.second)):
            if who in (a, b):
                where[who] = (_("the bye") if p.is_bye else
                              _("board {board}, first").format(board=number(p.board))
                              if seat == 0 else
                              _("board {board}, second").format(board=number(p.board)))
    names = t.entrants
    return (_("{name} goes to {place}, {other} to {other_place}.").format(
        name=isolated(short(names[a].name)), place=where[a],
        other=isolated(short(names[b].name)), other_place=where[b]), warnings)
