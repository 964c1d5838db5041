"""Calabria on paper: positions read and written (``from_position``) and the game's
``SPEC``; the move notation is in ``notation.py``."""

from __future__ import annotations

import re

from ..core import COUNT_MAX, Fields, GameSpec
from ..i18n import N_, _
from .state import CalabriaState
from .board import (BARRICADES_EACH, BOARD_CHARS, DUX, EMPTY, HEIGHT, NEAR, OPTION_CHOICES,
                    OPTIONS, PIECE, PIECES_EACH, SIZE, WIDTH)
from .notation import format_move, parse_move


# --- reading and writing ------------------------------------------------------

def _new(variant: str, seed: int, options: dict) -> CalabriaState:
    return CalabriaState(EMPTY * SIZE, "positioning", 0, options=options)


POSITION_FIELDS = ("options", "board", "phase", "to_move", "barricades", "in_hand",
                   "quiet_plies", "history", "scores")
_KEY = re.compile(r"[.rRgGXY]{96}\|[0-4],[0-4]\|[01]")


def _from_position(data: dict) -> CalabriaState:
    f = Fields.of_position(data, POSITION_FIELDS)
    options = f.options(SPEC)
    rows = f.list("board", default=["." * WIDTH] * HEIGHT, length=HEIGHT)
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != WIDTH:
            raise f.bad("board", _("row {row} (rank {rank}) must be text of {n} squares").format(
                row=r + 1, rank=HEIGHT - r, n=WIDTH))
        bad = set(row) - set(BOARD_CHARS)
        if bad:
            raise f.bad("board", _("row {row} holds {char}; use one of {chars}").format(
                row=r + 1, char=repr(sorted(bad)[0]), chars=BOARD_CHARS))
    board = "".join(rows)
    for c, most in (("r", PIECES_EACH), ("g", PIECES_EACH), ("R", 1), ("G", 1),
                    ("X", BARRICADES_EACH), ("Y", BARRICADES_EACH)):
        if board.count(c) > most:
            raise f.bad("board", _("holds {n} {char}, at most {most}").format(
                n=board.count(c), char=repr(c), most=most))
    walls = [i for i, c in enumerate(board) if c in "XY"]
    if any(b in NEAR[a] for a in walls for b in walls if a < b):
        raise f.bad("board", _("has barricades closer than two squares apart"))
    phase = f.text("phase", ("positioning", "movement"), default="positioning")
    to_move = f.int("to_move", 0, 1, default=0)
    on_board = [(board.count(PIECE[s]), board.count(DUX[s])) for s in (0, 1)]
    if phase == "positioning":
        default_hand = [{"pieces": PIECES_EACH - p, "dux": 1 - d} for p, d in on_board]
    else:
        default_hand = [{"pieces": 0, "dux": 0}, {"pieces": 0, "dux": 0}]
    hand = []
    for s, entry in enumerate(f.list("in_hand", default=default_hand, length=2)):
        sub = Fields.of_position(entry, ("pieces", "dux"), f"position: field 'in_hand'[{s}]")
        pieces = sub.int("pieces", 0, PIECES_EACH, default=default_hand[s]["pieces"])
        dux = sub.int("dux", 0, 1, default=default_hand[s]["dux"])
        hand.append((pieces, dux))
    placed = [0, 0]
    for s in (0, 1):
        p, d = on_board[s]
        placed[s] = p + d
        if phase == "positioning" and (p + hand[s][0] != PIECES_EACH or d + hand[s][1] != 1):
            text = (_("with the board must make {n} pieces and one Dux for the Romans") if s == 0
                    else _("with the board must make {n} pieces and one Dux for the Gladiators"))
            raise f.bad("in_hand", text.format(n=PIECES_EACH))
    if phase == "positioning":
        if hand == [(0, 0), (0, 0)]:
            raise f.bad("phase", _("is positioning but every piece is placed"))
        if "X" in board or "Y" in board:
            raise f.bad("board", _("holds a barricade during positioning"))
        if placed[0] - placed[1] not in (0, 1):
            raise f.bad("board", _("does not match alternate placements with the Romans first"))
        if placed[0] - placed[1] != to_move:
            text = (_("must be {n}: the Romans place next") if placed[0] == placed[1]
                    else _("must be {n}: the Gladiators place next"))
            raise f.bad("to_move", text.format(n=placed[0] - placed[1]))
    elif hand != [(0, 0), (0, 0)]:
        raise f.bad("in_hand", _("must be empty in the movement phase"))
    default_left = [BARRICADES_EACH - board.count(c) for c in "XY"]
    left = f.int_list("barricades", 0, BARRICADES_EACH, default=default_left, length=2)
    if left != default_left:
        raise f.bad("barricades", _("with the barricades on the board must make {n} per side; "
                                    "expected {expected}").format(n=BARRICADES_EACH,
                                                                  expected=default_left))
    quiet = f.int("quiet_plies", 0, options["quiet_ply_limit"] or COUNT_MAX, default=0)
    history = f.list("history", default=[])
    # checked first: a file may hold a million of them (a count at the cap has stopped
    # counting: any number of positions may have passed)
    if len(history) > quiet and quiet < COUNT_MAX:
        raise f.bad("history", _("holds {n} positions, but only {quiet} quiet plies "
                                 "passed").format(n=len(history), quiet=quiet))
    for i, key in enumerate(history):
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise f.bad("history", _("entry {i} is not a position key").format(i=i))
        if key.split("|")[1] != f"{left[0]},{left[1]}":
            raise f.bad("history", _("entry {i} has other barricade counts than the "
                                     "board").format(i=i))
    if phase == "positioning" and (quiet or history):
        raise f.bad("quiet_plies" if quiet else "history", _("must be empty during positioning"))
    if phase == "movement":
        lost = [s for s in (0, 1) if on_board[s][1] == 0 or on_board[s][0] == 0]
        if len(lost) == 2:
            raise f.bad("board", _("shows both sides beaten"))
        if lost and lost[0] != to_move:
            raise f.bad("to_move", _("must be the Romans: they were just beaten") if lost[0] == 0
                        else _("must be the Gladiators: they were just beaten"))
    state = CalabriaState(board, phase, to_move, left, hand, quiet, history, options)
    f.derived("scores", state.scores, _("must equal the pieces on the board {scores}").format(
        scores=list(state.scores)))
    return state


SPEC = GameSpec(
    name="calabria",
    title="Calabria",
    blurb=N_("Romans against Gladiators: place your army, then trap pieces between two of yours."),
    variants=("standard",),
    player_counts={"standard": 2},
    options=OPTIONS,
    option_choices=OPTION_CHOICES,
    make_new=_new,
    make_from_position=_from_position,
    parse=parse_move,
    format=format_move,
)
CalabriaState.spec = SPEC
