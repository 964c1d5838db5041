"""What Iriri's view says: the banners after a move, the prompt for the player to
move, each move as the move list tells it, and why a placement is refused.

Plain functions of the position and of what the view knows (must the mover
pass, is a human playing here): the view shows what they return.
"""

from __future__ import annotations

from game.core import counted, score_text
from game.iriri import PLAYER_NAMES, Pass, Take, colour_of
from game.iriri.words import word_text

from . import art
from ..base import GOLD, INK, seat_label


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
        return [(f"{PLAYER_NAMES[state.winner]} wins!", art.PLAYER_RGB[state.winner], 3.0,
                 state.end_reason or "")]
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
