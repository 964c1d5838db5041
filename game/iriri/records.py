"""Iriri on paper: positions read and written (``from_position``), move
notation parsed and formatted (``Ys@0,0 Yl@0,1``, ``take 4 9``, ``pass``), and
the game's ``SPEC``."""

from __future__ import annotations

import re

from ..core import SEED_MAX, Fields, GameSpec, shown
from ..i18n import N_, _, ngettext
from ..errors import IllegalMoveError, InvalidMoveError, InvalidPositionError
from .state import (HAND_SIZE, OPTION_CHOICES, OPTIONS, OWN_TYPES, PASS, PER_TYPE,
                    TYPES, IririState, Pass, Place, Take, cell_label, colour_of, placements,
                    side_names, sort_hand, start_ring, take_need)


START_HANDS = (OWN_TYPES[0], OWN_TYPES[1])
#: No score passes this: 30 placements of at most 4 words of at most 30 pieces, and a half.
MAX_POINTS = (HAND_SIZE + 1) * (len(TYPES) * PER_TYPE) ** 2 + 0.5


def _new(variant: str, seed: int, options: dict) -> IririState:
    return IririState(start_ring(seed), {}, START_HANDS, (0, 0), 0, seed=seed)


POSITION_FIELDS = ("options", "ring", "board", "hands", "scores", "to_move", "phase",
                   "passes", "first_done", "seed")
#: A cell label as ``position()`` writes it: plain digits, no ``-0``, no leading zeros.
#: A board of 30 pieces grown from ``0,0`` never reaches beyond 29 either way.
_CELL = re.compile(r"(0|-?[1-9][0-9]?),(0|-?[1-9][0-9]?)")


def _type_list(f: Fields, key: str, value, side: str | None = None) -> list:
    """``value`` as a list of piece types; ``side``: whose hand it is, for the message."""
    if not isinstance(value, list):
        raise f.bad(key, _("must be a list of piece types") if side is None else
                    _("of {side}: must be a list of piece types").format(side=side))
    for i, t in enumerate(value):
        if not isinstance(t, str) or t not in TYPES:
            text = (_("entry {i} is {value}, not one of {types}") if side is None else
                    _("of {side}: entry {i} is {value}, not one of {types}"))
            raise f.bad(key, text.format(side=side, i=i, value=shown(t),
                                         types=", ".join(TYPES)))
    return value


def _read_board(f: Fields) -> dict:
    board = {}
    for label, t in f.dict("board", default={}).items():
        m = _CELL.fullmatch(label) if isinstance(label, str) else None
        if not m:
            raise f.bad("board", _("has cell {label}; cells are written \"row,col\" (like "
                                   "\"0,0\" or \"-1,2\")").format(label=shown(label)))
        if not isinstance(t, str) or t not in TYPES:
            raise f.bad("board", _("cell {label} holds {value}, not one of {types}").format(
                label=label, value=shown(t), types=", ".join(TYPES)))
        board[(int(m.group(1)), int(m.group(2)))] = t
    if board:
        if len(board) < 2 or (0, 0) not in board:
            raise f.bad("board", _("must hold the first word: 2 or more pieces covering 0,0"))
        reached, todo = {(0, 0)}, [(0, 0)]
        while todo:
            r, c = todo.pop()
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if cell in board and cell not in reached:
                    reached.add(cell)
                    todo.append(cell)
        if len(reached) != len(board):
            away = min(set(board) - reached)
            raise f.bad("board", _("has cell {cell} apart from the rest: every placement "
                                   "touches the pieces already down").format(
                                       cell=cell_label(away)))
    return board


def _read_scores(f: Fields, on_board: int) -> list:
    """Half points per player.  Only the first word scores a half; a placement of
    ``k`` pieces (at most 3) makes at most ``k + 1`` words, none longer than the
    board, and a board of ``n`` pieces saw at most ``n`` placements."""
    scores = f.list("scores", default=[0, 0], length=2)
    halves = []
    for player, score in enumerate(scores):
        if isinstance(score, bool) or not isinstance(score, (int, float)) \
                or not 0 <= score <= MAX_POINTS \
                or score * 2 != int(score * 2):
            raise f.bad("scores", _("entry {i} must be a whole or half number of points from 0 "
                                    "to {most}, not {value}").format(i=player, most=MAX_POINTS,
                                                                     value=shown(score)))
        halves.append(int(score * 2))
    odd = [player for player, h in enumerate(halves) if h % 2]
    if on_board:
        if len(odd) != 1:
            raise f.bad("scores", _("must give exactly one player a half point (the first "
                                    "word's)"))
        if halves[odd[0]] < 13:
            raise f.bad("scores", _("gives {side} the first word's half point, but less than "
                                    "the 6.5 points any first word scores").format(
                                        side=side_names()[odd[0]]))
        most = 2 * (HAND_SIZE + 1) * on_board * on_board + 1
        if sum(halves) > most:
            raise f.bad("scores", _("adds up to more than {most} points, the most {n} pieces on "
                                    "the board can have scored").format(most=most / 2,
                                                                        n=on_board))
    elif any(halves):
        raise f.bad("scores", _("must be 0 to 0 before the first word is placed"))
    return halves


def _from_position(data: dict) -> IririState:
    f = Fields.of_position(data, POSITION_FIELDS)
    f.options(SPEC)
    seed = f.int("seed", 0, SEED_MAX, default=0)
    ring = tuple(_type_list(f, "ring", f.raw("ring", list(start_ring(seed)))))
    board = _read_board(f)

    raw_hands = f.list("hands", default=[list(h) for h in START_HANDS], length=2)
    hands = []
    for player, hand in enumerate(raw_hands):
        side = side_names()[player]
        _type_list(f, "hands", hand, side)
        if len(hand) > HAND_SIZE:
            raise f.bad("hands", _("of {side}: holds {n} pieces, at most {most}").format(
                side=side, n=len(hand), most=HAND_SIZE))
        for t in hand:
            if colour_of(t) != player:
                raise f.bad("hands", _("of {side}: holds {piece}, which is not {side}").format(
                    side=side, piece=t))
        hands.append(sort_hand(hand))
    hands = tuple(hands)

    for t in TYPES:
        n = ring.count(t) + sum(1 for v in board.values() if v == t) + hands[colour_of(t)].count(t)
        if n != PER_TYPE:
            raise InvalidPositionError(_("position: fields 'ring', 'board' and 'hands' hold {n} "
                                         "{piece} in all; the set has {each} of each type, and "
                                         "no piece ever leaves the game").format(
                                             n=n, piece=t, each=PER_TYPE))
        if t not in ring:
            raise f.bad("ring", _("holds no {piece}: the last piece of every type stays in the "
                                  "ring").format(piece=t))

    first_done = bool(board)
    f.derived("first_done", first_done, _("must be true exactly when the board holds pieces"))
    halves = _read_scores(f, len(board))

    to_move = f.int("to_move", 0, 1, default=0)
    phase = f.text("phase", ("place", "take"), default="place")
    passes = f.int("passes", 0, 2, default=0)
    if phase == "take":
        if passes:
            raise f.bad("passes", _("must be 0 in the take phase: the mover has just placed"))
        if not first_done:
            raise f.bad("phase", _("cannot be take before any piece was placed"))
        if take_need(ring, hands[to_move], to_move) == 0:
            raise f.bad("phase", _("is take, but {side} has nothing to take").format(
                side=side_names()[to_move]))
    for player in (0, 1):
        if (phase == "place" or player != to_move) and take_need(ring, hands[player], player):
            held = len(hands[player])
            raise f.bad("hands", ngettext(
                "of {side}: holds {n} piece while the ring has more to take: a hand is "
                "refilled at the end of its owner's turn",
                "of {side}: holds {n} pieces while the ring has more to take: a hand is "
                "refilled at the end of its owner's turn", held).format(
                    side=side_names()[player], n=held))
    if not board:
        if hands != START_HANDS:
            raise f.bad("hands", _("must be each player's small, medium and large piece until "
                                   "the first word is placed"))
        if to_move != passes % 2:
            raise f.bad("to_move", _("must be {n}: Yellow moves first, and before the first word "
                                     "only passes ({passes}) hand the turn on").format(
                                         n=passes % 2, passes=passes))
    for player in (1 - to_move, to_move)[:passes]:      # who passed, the latest first
        if placements(board, ring, hands[player]):
            raise f.bad("passes", _("is {passes}, but {side}, who passed, has a placement: a "
                                    "player passes only when none is left").format(
                                        passes=passes, side=side_names()[player]))
    return IririState(ring, board, hands, tuple(halves), to_move, phase, passes, first_done,
                      seed)


_PIECE = re.compile(r"([yb][sml])@(-?[0-9]+),(-?[0-9]+)")


def _parse(state, text: str):
    words = re.sub(r"\s*([@,])\s*", r"\1", text.strip().lower()).split()
    if words == ["pass"]:
        return PASS
    if words and words[0] == "take":
        if len(words) == 1:
            raise InvalidMoveError(_("{text}: name the ring indices to take, e.g. 'take 4 9'")
                                   .format(text=repr(text)))
        indices = []
        for word in words[1:]:
            if not word.isdigit():
                raise InvalidMoveError(_("{text}: {word} is not a ring index (0, 1, 2, ...)")
                                       .format(text=repr(text), word=repr(word)))
            indices.append(int(word))
        if len(set(indices)) != len(indices):
            raise InvalidMoveError(_("{text}: a ring index is named twice").format(
                text=repr(text)))
        return Take(tuple(sorted(indices)))
    if not words:
        raise InvalidMoveError(_("an empty move: place pieces like 'Ys@0,0 Yl@0,1', 'take 4 9' "
                                 "or 'pass'"))
    pieces = []
    for word in words:
        m = _PIECE.fullmatch(word)
        if not m:
            raise InvalidMoveError(_("{text} is not an Iriri move: place pieces like "
                                     "'Ys@0,0 Yl@0,1', take with 'take 4 9', or 'pass'").format(
                                         text=repr(text)))
        pieces.append((int(m.group(2)), int(m.group(3)), m.group(1)[0].upper() + m.group(1)[1]))
    pieces.sort()
    if len({(r, c) for r, c, __ in pieces}) != len(pieces):
        raise InvalidMoveError(_("{text}: two pieces on one cell").format(text=repr(text)))
    return Place(tuple(pieces))


def _format(state, move) -> str:
    if isinstance(move, Place):
        return " ".join(f"{t}@{r},{c}" for r, c, t in move.pieces)
    if isinstance(move, Take):
        return "take " + " ".join(str(i) for i in move.indices)
    if isinstance(move, Pass):
        return "pass"
    raise IllegalMoveError(_("{move} is not an Iriri move").format(move=repr(move)))


SPEC = GameSpec(
    name="iriri",
    title="Iriri",
    blurb=N_("Lay pyramid words crossword-style, spelled from a ring that shrinks as you take."),
    variants=("standard",),
    player_counts={"standard": 2},
    options=OPTIONS,
    option_choices=OPTION_CHOICES,
    make_new=_new,
    make_from_position=_from_position,
    parse=_parse,
    format=_format,
    no_draw=N_("the first word scores a half point, so once a piece is down the scores "
               "never tie"),
)
IririState.spec = SPEC
