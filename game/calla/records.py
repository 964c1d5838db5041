"""Calla positions and notation: starting a game, reading a position, move text,
and the game's ``SPEC``.

Part of ``game.calla``; the rules themselves are in the state class there.
"""

from __future__ import annotations

from ..core import COUNT_MAX, Fields, GameSpec
from ..i18n import N_, _
from ..errors import InvalidMoveError
from .state import CallaState
from .board import OPTION_CHOICES, OPTIONS, PLAYER_NAMES, START, TOTAL, WIN_CUBES


# --- reading and writing ------------------------------------------------------

def _new(variant: str, seed: int, options: dict) -> CallaState:
    return CallaState(START, 0, (0, 0), options=options)


POSITION_FIELDS = ("options", "pits", "to_move", "turns", "free_turn", "time_called", "scores")


def _from_position(data: dict) -> CallaState:
    f = Fields.of_position(data, POSITION_FIELDS)
    options = f.options(SPEC)
    pits = f.int_list("pits", 0, TOTAL, default=list(START), length=12)
    if sum(pits) != TOTAL:
        raise f.bad("pits", _("must hold {total} cubes in all, not {n}").format(
            total=TOTAL, n=sum(pits)))
    to_move = f.int("to_move", 0, 1, default=0)
    turns = f.int_list("turns", 0, COUNT_MAX, default=[to_move, 0], length=2)
    if turns[0] - turns[1] not in (0, 1):
        raise f.bad("turns", _("must be equal, or player A one ahead (A always starts)"))
    if turns[0] - turns[1] != to_move:
        raise f.bad("to_move", _("does not match turns {turns}: player {side} moves "
                                 "next").format(turns=turns,
                                                side=PLAYER_NAMES[turns[0] - turns[1]]))
    free_turn = f.bool("free_turn", default=False)
    time_called = f.bool("time_called", default=False)
    if pits[5] >= WIN_CUBES and pits[11] >= WIN_CUBES:
        raise f.bad("pits", _("both callas cannot hold 17 cubes"))
    state = CallaState(pits, to_move, turns, free_turn, time_called, options)
    left = state.most_moves_left()
    if max(turns) > COUNT_MAX - left:
        # a count past COUNT_MAX is refused: a game read back must reach its end below it
        raise f.bad("turns", _("must be at most {most} here, not {n}: the game may last "
                               "{left} more turns, and a count stops at {limit}").format(
                                   most=COUNT_MAX - left, n=max(turns), left=left,
                                   limit=COUNT_MAX))
    f.derived("scores", state.scores, _("must equal the callas {scores}").format(
        scores=list(state.scores)))
    return state


def _parse(state: CallaState, text: str) -> int:
    word = text.strip()
    if not word.isdigit() or not 1 <= int(word) <= 5:
        raise InvalidMoveError(_("{text} is not a Calla move: give a shield number 1-5").format(
            text=repr(text)))
    return int(word)


def _format(state: CallaState, move: int) -> str:
    return str(move)


SPEC = GameSpec(
    name="calla",
    title="Calla",
    blurb=N_("Sow cubes round five shields and race to 17 in your calla before time runs out."),
    variants=("standard",),
    player_counts={"standard": 2},
    options=OPTIONS,
    option_choices=OPTION_CHOICES,
    make_new=_new,
    make_from_position=_from_position,
    parse=_parse,
    format=_format,
    game_timer=True,
)
CallaState.spec = SPEC
