"""What Iriri's view says: the banners after a move, the prompt for the player to
move, each move as the move list tells it, the Hint button's move in words, and why
a placement is refused.

Plain functions of the position and of what the view knows (must the mover
pass, is a human playing here): the view shows what they return.
"""

from __future__ import annotations

from game.core import score_text
from game.i18n import _, left_to_right, ngettext, number, pgettext
from game.iriri import Pass, Place, Take
from game.iriri.words import word_text

from . import art
from ..base import GOLD, INK, seat_label
from ..drawing import readable


def side_word(player: int) -> str:
    """Player ``player``'s side (Yellow, Blue) in the language in use."""
    return _("Yellow") if player == 0 else _("Blue")


def points_text(points) -> str:
    """A score as the board says it ("6½"), kept in its order inside a sentence written
    right to left (where "½" alone would turn to the other side of the digits)."""
    return left_to_right(score_text(points))


def said(text: str) -> str:
    """What the rules said (an end's reason), in the language in use; "" stays ""."""
    return _(text) if text else ""


def pyramid_words(piece: str) -> str:
    """'Ym' -> 'medium yellow pyramid', in the language in use (size and colour agree with
    the noun in every language, so each is a whole phrase)."""
    return {"Ys": _("small yellow pyramid"), "Ym": _("medium yellow pyramid"),
            "Yl": _("large yellow pyramid"), "Bs": _("small blue pyramid"),
            "Bm": _("medium blue pyramid"), "Bl": _("large blue pyramid")}.get(piece, piece)


def size_word(size: str) -> str:
    """'m' -> 'medium', a pyramid's size in the language in use."""
    return {"s": pgettext("pyramid size", "small"), "m": pgettext("pyramid size", "medium"),
            "l": pgettext("pyramid size", "large")}[size]


def listed(words) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``, in the language in use."""
    words = list(words)
    if len(words) == 1:
        return words[0]
    text = words[0]
    for word in words[1:-1]:
        # TRANSLATORS: items of a list but the last: "small, medium"
        text = _("{items}, {item}").format(items=text, item=word)
    # TRANSLATORS: the last item of a list: "small, medium and large"
    return _("{items} and {item}").format(items=text, item=words[-1])


def news(state, previous, last, must_pass: bool, human: bool) -> list:
    """The banners that tell what ``state`` brings, as (text, colour, seconds, small).

    ``previous`` is None after a jump (undo, a loaded game); ``human`` says the
    mover is a human playing here."""
    if state.is_over:
        if previous is None:
            return []
        if state.winner is None:
            return [(_("A draw"), GOLD, 3.0, said(state.end_reason))]
        ink = readable(art.player_rgb()[state.winner])
        return [(_("{side} wins!").format(side=side_word(state.winner)), ink, 3.0,
                 said(state.end_reason))]
    banners = []
    if previous is not None and last is not None:
        who = side_word(last["player"])
        if last["kind"] == "pass":
            banners.append((_("{side} passes").format(side=who), INK, 2.0,
                            _("No word of theirs fitted the ring")))
        elif last["kind"] == "place" and last["take_skipped"]:
            banners.append((_("Nothing to take"), INK, 1.8,
                            (_("The ring holds no yellow piece Yellow may take")
                             if last["player"] == 0 else
                             _("The ring holds no blue piece Blue may take"))))
    if must_pass:
        who = side_word(state.mover)
        banners.append((_("{side} cannot place").format(side=who), (255, 170, 120), 2.6,
                        _("No word fits the ring: press Pass (or Enter)") if human else
                        _("No word fits the ring: the turn passes")))
    return banners


def problem_text(problem: str, words) -> str:
    """Why a placement is refused, naming the word that does not match the ring."""
    bad = [w for w in words if not w.valid]
    if bad and word_text(bad[0].types) in problem:
        w = bad[0]
        word = word_text(w.types)
        if len({r for r, _c in w.cells}) == 1:
            return _("row word {word} does not match the ring").format(word=word)
        return _("column word {word} does not match the ring").format(word=word)
    return _(problem)


def prompt(state, name, must_pass: bool) -> str:
    """What the player to move is asked to do; ``must_pass`` when no word fits."""
    who = seat_label(name, side_word(state.mover), side_first=True)
    if state.phase == "take":
        need = state.takeable().need
        return ngettext("{who}: take {n} piece from the ring (click your glowing ones, or "
                        "arrows and Enter)",
                        "{who}: take {n} pieces from the ring (click your glowing ones, or "
                        "arrows and Enter)", need).format(who=who, n=number(need))
    if must_pass:
        return _("{who}: no word fits the ring - press Pass (or Enter)").format(who=who)
    if not state.first_done:
        return _("{who}: lay the first word from the marked cell, then Confirm").format(who=who)
    return _("{who}: drag pyramids from your tray to make words, or arrows, Tab and Enter; "
             "then Confirm").format(who=who)


def describe_move(spec, state, move) -> str:
    """A move as the move list tells it: a placement with what it scores."""
    if isinstance(move, Pass):
        return _("passes")
    if isinstance(move, Take):
        kinds = ", ".join(state.ring[i] for i in move.indices if 0 <= i < len(state.ring))
        return _("takes {pieces} (ring {places})").format(
            pieces=left_to_right(kinds), places=left_to_right(" ".join(str(i) for i in
                                                                     move.indices)))
    text = spec.format_move(state, move)
    points = state.placement_points(move)
    return text if points is None else _("{move}, scores {points}").format(
        move=text, points=points_text(points))


# --- the Hint button's move in words ---------------------------------------------------------

def _beside(side: str, unique: bool, piece: str) -> str:
    """"just left of the large blue pyramid" (``the`` when it is the only one such)."""
    other = pyramid_words(piece)
    if unique:
        return {"left": _("just left of the {pyramid}"), "right": _("just right of the {pyramid}"),
                "above": _("just above the {pyramid}"),
                "below": _("just below the {pyramid}")}[side].format(pyramid=other)
    return {"left": _("just left of a {pyramid}"), "right": _("just right of a {pyramid}"),
            "above": _("just above a {pyramid}"),
            "below": _("just below a {pyramid}")}[side].format(pyramid=other)


def _one_of(i: int, sizes: list) -> str:
    """Which of several pyramids: "the medium one", or "the second one" when two share a
    size."""
    if sizes.count(sizes[i]) == 1:
        return {"s": _("the small one"), "m": _("the medium one"),
                "l": _("the large one")}[sizes[i]]
    return (_("the first one"), _("the second one"), _("the third one"))[min(i, 2)]


#: (step from a placed cell to its neighbour, where the placed cell lies from it)
BESIDE = (((0, 1), "left"), ((0, -1), "right"), ((1, 0), "above"), ((-1, 0), "below"))


def hint_words(spec, state, move) -> str:
    """The Hint button's move as a player reads it: which pyramids of the hand (their
    size and colour, as the rules name them) and where, beside which piece on the board,
    what it scores, and the notation in brackets; a take names the ring pieces, a pass
    says why."""
    if isinstance(move, Pass):
        return _("pass - no word of yours fits the ring")
    if isinstance(move, Take):
        named = [_("the {pyramid} at ring position {place}").format(
            pyramid=pyramid_words(state.ring[i]), place=i)
            for i in move.indices if 0 <= i < len(state.ring)]
        return _("take {pieces} (circled in light blue on the ring)").format(
            pieces=listed(named))
    if not isinstance(move, Place) or not move.pieces:
        return describe_move(spec, state, move)
    pieces = move.pieces
    sizes = [t[1] for _r, _c, t in pieces]
    if len(pieces) == 1:
        what = _("your {pyramid}").format(pyramid=pyramid_words(pieces[0][2]))
    else:
        colour = (pgettext("pyramids", "yellow") if state.mover == 0 else
                  pgettext("pyramids", "blue"))
        what = _("your {colour} pyramids ({sizes})").format(
            colour=colour, sizes=listed(size_word(size) for size in sizes))
    across = len({r for r, _c, _t in pieces}) == 1
    if len(pieces) > 1 and state.board:
        what = (_("{pyramids}, left to right,") if across else
                _("{pyramids}, top to bottom,")).format(pyramids=what)
    elif len(pieces) > 1 and len(set(sizes)) > 1:
        what = _("{pyramids}, in that order,").format(pyramids=what)
    # TRANSLATORS: the Hint's move: which pyramids, then where they go
    text = _("{what} {where}").format(what=what, where=_where(state, pieces, sizes, across))
    points = state.placement_points(move)
    if points is not None:
        text = _("{move}, for {points} points").format(move=text, points=points_text(points))
    return _("{move} ({notation})").format(move=text, notation=spec.format_move(state, move))


def _where(state, pieces, sizes, across) -> str:
    """Where a placement goes, in words: from the marked centre cell on an empty board,
    else one of its pyramids beside a piece already there."""
    if not state.board:
        if len(pieces) == 1:
            return _("on the marked centre cell")
        return (_("going right from the marked centre cell") if across else
                _("going down from the marked centre cell"))
    on_board = list(state.board.values())
    for i, (r, c, _t) in enumerate(pieces):
        for (dr, dc), side in BESIDE:
            neighbour = state.board.get((r + dr, c + dc))
            if neighbour is None:
                continue
            beside = _beside(side, on_board.count(neighbour) == 1, neighbour)
            if len(pieces) == 1:
                return beside
            # TRANSLATORS: one of several pyramids and where it goes: "the medium one just
            # left of the large blue pyramid"
            return _("{which} {beside}").format(which=_one_of(i, sizes), beside=beside)
    return _("beside the pieces")     # (every placement touches the board)
