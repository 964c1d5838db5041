"""What Iriri's view says: the banners after a move, the prompt for the player to
move, each move as the move list tells it, the Hint button's move in words, and why
a placement is refused.

Plain functions of the position and of what the view knows (must the mover
pass, is a human playing here): the view shows what they return.
"""

from __future__ import annotations

from game.core import counted, score_text
from game.iriri import PLAYER_NAMES, Pass, Place, Take, colour_of
from game.iriri.words import word_text

from . import art
from ..base import GOLD, INK, seat_label
from ..drawing import readable


def type_words(piece: str) -> str:
    """'Ym' -> 'medium yellow'."""
    return f"{art.SIZE_WORDS[piece[1]]} {PLAYER_NAMES[colour_of(piece)].lower()}"


def news(state, previous, last, must_pass: bool, human: bool) -> list:
    """The banners that tell what ``state`` brings, as (text, colour, seconds, small).

    ``previous`` is None after a jump (undo, a loaded game); ``human`` says the
    mover is a human playing here."""
    if state.is_over:
        if previous is None:
            return []
        if state.winner is None:
            return [("A draw", GOLD, 3.0, state.end_reason or "")]
        ink = readable(art.player_rgb()[state.winner])
        return [(f"{PLAYER_NAMES[state.winner]} wins!", ink, 3.0, state.end_reason or "")]
    banners = []
    if previous is not None and last is not None:
        who = PLAYER_NAMES[last["player"]]
        if last["kind"] == "pass":
            banners.append((f"{who} passes", INK, 2.0, "No word of theirs fitted the ring"))
        elif last["kind"] == "place" and last["take_skipped"]:
            banners.append(("Nothing to take", INK, 1.8,
                            f"The ring holds no {who.lower()} piece {who} may take"))
    if must_pass:
        who = PLAYER_NAMES[state.mover]
        what = "press Pass" if human else "the turn passes"
        banners.append((f"{who} cannot place", (255, 170, 120), 2.6,
                        f"No word fits the ring: {what}"))
    return banners


def problem_text(problem: str, words) -> str:
    """Why a placement is refused, naming the word that does not match the ring."""
    bad = [w for w in words if not w.valid]
    if bad and problem.startswith("word "):
        w = bad[0]
        axis = "row" if len({r for r, _ in w.cells}) == 1 else "column"
        return f"{axis} word {word_text(w.types)} does not match the ring"
    return problem


def prompt(state, name, must_pass: bool) -> str:
    """What the player to move is asked to do; ``must_pass`` when no word fits."""
    who = seat_label(name, PLAYER_NAMES[state.mover], side_first=True)
    if state.phase == "take":
        need = state.takeable().need
        return (f"{who}: take {counted(need, 'piece')} from the ring "
                f"(click your glowing ones)")
    if must_pass:
        return f"{who}: no word fits the ring - press Pass"
    if not state.first_done:
        return f"{who}: lay the first word from the marked cell, then Confirm"
    return f"{who}: drag pyramids from your tray to make words, then Confirm"


def describe_move(spec, state, move) -> str:
    """A move as the move list tells it: a placement with what it scores."""
    if isinstance(move, Pass):
        return "passes"
    if isinstance(move, Take):
        kinds = ", ".join(state.ring[i] for i in move.indices if 0 <= i < len(state.ring))
        return f"takes {kinds} (ring {' '.join(str(i) for i in move.indices)})"
    text = spec.format_move(state, move)
    points = state.placement_points(move)
    return text if points is None else f"{text}, scores {score_text(points)}"


# --- the Hint button's move in words ---------------------------------------------------------

COUNTS = {2: "two", 3: "three"}
ORDINALS = ("first", "second", "third")
#: (step from a placed cell to its neighbour, where the placed cell lies from it)
BESIDE = (((0, 1), "left of"), ((0, -1), "right of"), ((1, 0), "above"), ((-1, 0), "below"))


def listed(words) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def hint_words(spec, state, move) -> str:
    """The Hint button's move as a player reads it: which pyramids of the hand (their
    size and colour, as the rules name them) and where, beside which piece on the board,
    what it scores, and the notation in brackets; a take names the ring pieces, a pass
    says why."""
    if isinstance(move, Pass):
        return "pass - no word of yours fits the ring"
    if isinstance(move, Take):
        named = [f"the {type_words(state.ring[i])} at ring position {i}"
                 for i in move.indices if 0 <= i < len(state.ring)]
        return f"take {listed(named)} (circled in light blue on the ring)"
    if not isinstance(move, Place) or not move.pieces:
        return describe_move(spec, state, move)
    pieces = move.pieces
    sizes = [art.SIZE_WORDS[t[1]] for _, _, t in pieces]
    colour = PLAYER_NAMES[state.mover].lower()
    if len(pieces) == 1:
        what = f"your {sizes[0]} {colour} pyramid"
    elif len(set(sizes)) == 1:
        what = f"your {COUNTS.get(len(sizes), len(sizes))} {sizes[0]} {colour} pyramids"
    else:
        what = f"your {listed(sizes)} {colour} pyramids"
    across = len({r for r, _, _ in pieces}) == 1
    if len(pieces) > 1 and state.board:
        what += ", left to right," if across else ", top to bottom,"
    elif len(pieces) > 1 and len(set(sizes)) > 1:
        what += ", in that order,"
    text = f"{what} {_where(state, pieces, sizes, across)}"
    points = state.placement_points(move)
    if points is not None:
        text += f", for {score_text(points)} points"
    return f"{text} ({spec.format_move(state, move)})"


def _where(state, pieces, sizes, across) -> str:
    """Where a placement goes, in words: from the marked centre cell on an empty board,
    else one of its pyramids beside a piece already there."""
    if not state.board:
        if len(pieces) == 1:
            return "on the marked centre cell"
        return f"going {'right' if across else 'down'} from the marked centre cell"
    on_board = list(state.board.values())
    for i, (r, c, _) in enumerate(pieces):
        for (dr, dc), side in BESIDE:
            neighbour = state.board.get((r + dr, c + dc))
            if neighbour is None:
                continue
            the = "the" if on_board.count(neighbour) == 1 else "a"
            beside = f"just {side} {the} {type_words(neighbour)} pyramid"
            if len(pieces) == 1:
                return beside
            which = (f"the {sizes[i]} one" if sizes.count(sizes[i]) == 1
                     else f"the {ORDINALS[i]} one")
            return f"{which} {beside}"
    return "beside the pieces"     # (every placement touches the board)
