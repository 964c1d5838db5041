"""Calliro positions: starting a game, reading a position, and the game's ``SPEC``.

Part of ``game.calliro``; the rules themselves are in ``state.py``, the move notation
in ``notation.py``.
"""

from __future__ import annotations

from ..core import COUNT_MAX, SEED_MAX, Fields, GameSpec, rng_for, shown
from ..i18n import N_, _
from .board import (BLUE, CHIPS_PER_KIND, EMPTY, GREEN, OPTION_CHOICES, OPTIONS, PAIR, PAIR_KINDS,
                    SCORE_CHIP, UP, WIN_POINTS, Geometry, _random_sides, geometry, pair_words,
                    parse_chip, side_names)
from .notation import format_move, parse_move
from .state import CalliroState, _settle


# --- reading and writing ------------------------------------------------------

#: The most points a player can hold: 10, and then an action scoring the chip on its
#: cell and the six around it (no other chip can have entered an arc).
MOST_POINTS = WIN_POINTS - 1 + 7


def _new(variant: str, seed: int, options: dict) -> CalliroState:
    geo = geometry(options["radius"])
    repo = _random_sides((CHIPS_PER_KIND,) * 3, rng_for(seed, 0))
    return CalliroState(geo, (EMPTY,) * geo.size, tuple(repo), (0, 0, 0), 0, None, 0, 0, seed,
                        1, (), 0, options)


POSITION_FIELDS = ("options", "radius", "cells", "repository", "basket", "scores", "to_move",
                   "flip_lock", "passes", "idle", "seed", "draws", "pending")


def _chip_list(f: Fields, key: str) -> list:
    chips = f.list(key, default=[])
    if len(chips) > 3 * CHIPS_PER_KIND:
        raise f.bad(key, _("holds {n} chips; there are {total} in all").format(
            n=len(chips), total=3 * CHIPS_PER_KIND))
    codes = []
    for n, text in enumerate(chips):
        try:
            code = parse_chip(text)
        except ValueError as exc:
            raise f.bad(key, _("entry {i}: {problem}").format(i=n, problem=exc)) from None
        if code >= SCORE_CHIP[0]:
            raise f.bad(key, _("entry {i}: score chips never leave the board").format(i=n))
        codes.append(code)
    return codes


def _cell_of(f: Fields, key: str, geo: Geometry, label) -> int:
    i = geo.by_label.get(label.strip().lower()) if isinstance(label, str) else None
    if i is None:
        raise f.bad(key, _("names {label}, which is not a cell of the board").format(
            label=shown(label)))
    return i


def _from_position(data: dict) -> CalliroState:
    f = Fields.of_position(data, POSITION_FIELDS)
    options = f.options(SPEC)
    if f.has("radius"):
        low, high = OPTION_CHOICES["radius"][1:]
        radius = f.int("radius", low, high, default=4)
        if "radius" in f.raw("options", {}) and options["radius"] != radius:
            raise f.bad("radius", _("is {radius} but the options say {option}").format(
                radius=radius, option=options["radius"]))
        options["radius"] = radius
    geo = geometry(options["radius"])
    board = [EMPTY] * geo.size
    for label, text in f.dict("cells", default={}).items():
        i = _cell_of(f, "cells", geo, label)
        if board[i]:
            raise f.bad("cells", _("names cell {cell} twice").format(cell=geo.labels[i]))
        try:
            board[i] = parse_chip(text)
        except ValueError as exc:
            raise f.bad("cells", _("{label}: {problem}").format(label=shown(label),
                                                              problem=exc)) from None
    basket = [0, 0, 0]
    for code in _chip_list(f, "basket"):
        basket[PAIR[code]] += 1
    outside = [basket[p] + sum(1 for c in board if PAIR[c] == p) for p in range(3)]
    seed = f.int("seed", 0, SEED_MAX, default=0)
    draws = f.int("draws", 0, COUNT_MAX, default=1)
    if f.has("repository"):
        repo = [0] * 6
        for code in _chip_list(f, "repository"):
            repo[code - 1] += 1
        for p, (a, b) in enumerate(PAIR_KINDS):
            total = outside[p] + repo[a] + repo[b]
            if total != CHIPS_PER_KIND:
                raise f.bad("repository", _("with the board and the Basket must make {n} "
                                            "{colours} chips, not {total}").format(
                    n=CHIPS_PER_KIND, colours=pair_words(p), total=total))
    else:
        for p in range(3):
            if outside[p] > CHIPS_PER_KIND:
                raise f.bad("cells", _("with the Basket hold {n} {colours} chips; there are "
                                       "only {most}").format(n=outside[p],
                                                             colours=pair_words(p),
                                                             most=CHIPS_PER_KIND))
        repo = _random_sides([CHIPS_PER_KIND - n for n in outside], rng_for(seed, 0))
    to_move = f.int("to_move", 0, 1, default=0)
    lock = f.raw("flip_lock")
    if lock is not None:
        lock = _cell_of(f, "flip_lock", geo, lock)
        if not 0 < board[lock] < SCORE_CHIP[0]:
            raise f.bad("flip_lock", _("must name a cell holding a playing chip"))
    passes = f.int("passes", 0, 2, default=0)
    idle = f.int("idle", 0, options["idle_limit"] or COUNT_MAX, default=0)
    state = CalliroState(geo, tuple(board), tuple(repo), tuple(basket), to_move, lock, passes,
                         idle, seed, draws, (), 0, options)
    pending, after = _read_pending(f, state, options)
    in_arcs = [geo.labels[i] for i in range(geo.size) if i not in pending
               and state._arcs(state.board, i)]
    if in_arcs:
        raise f.bad("cells", _("chip {cell} sits in an arc, so it would have scored "
                               "already").format(cell=in_arcs[0]))
    state = CalliroState(geo, tuple(board), tuple(repo), tuple(basket), to_move, lock, passes,
                         idle, seed, draws, pending, after, options)
    left = state.most_draws_left()
    if draws > COUNT_MAX - left:
        # a count past COUNT_MAX is refused: a game read back must reach its end below it
        raise f.bad("draws", _("must be at most {most} here, not {n}: the game may make "
                               "{left} more draws, and a count stops at {limit}").format(
                                   most=COUNT_MAX - left, n=draws, left=left, limit=COUNT_MAX))
    f.derived("scores", state.scores, _("must equal the score chips on the board (with any "
                                        "pending) {scores}").format(scores=list(state.scores)))
    for player, score in enumerate(state.scores):
        if score > MOST_POINTS:
            raise f.bad("cells", _("hold {n} score chips of {side}: the game ends at {win} "
                                   "points, and one action scores at most 7 (its cell and the "
                                   "six around it)").format(n=score, side=side_names()[player],
                                                            win=WIN_POINTS))
    if min(state.scores) >= WIN_POINTS:
        raise f.bad("scores", _("cannot both reach {win}").format(win=WIN_POINTS))
    if pending and max(state.scores) >= WIN_POINTS:
        raise f.bad("pending", _("must be empty once a player has won"))
    if not any(repo) and any(basket) and not pending:
        raise f.bad("basket", _("must be empty while the Repository is empty: it goes back "
                                "into the Repository at once"))
    if passes == 2 and not pending and any(
            CalliroState(geo, tuple(board), tuple(repo), tuple(basket), p, None, 0, 0, seed,
                         draws, (), 0, options)._has_action() for p in (0, 1)):
        raise f.bad("passes", _("is 2, but a player still has a legal action"))
    return _settle(state)


def _read_pending(f: Fields, state: CalliroState, options: dict):
    raw = f.raw("pending")
    if raw is None:
        return (), 0
    if not options["scorer_chooses_replacement"]:
        raise f.bad("pending", _("is only used with the option scorer_chooses_replacement"))
    sub = Fields.of_position(raw, ("cells", "next"), "position: field 'pending'")
    labels = sub.list("cells", default=[])
    if not labels:
        raise f.bad("pending", _("must list at least one scoring chip (or be null)"))
    geo = state.geo
    cells_ = sorted({_cell_of(f, "pending", geo, label) for label in labels})
    if len(cells_) != len(labels):
        raise f.bad("pending", _("names a cell twice"))
    colours = {UP[state.board[i]] for i in cells_}
    if not colours <= {BLUE, GREEN} or len(colours) != 1:
        raise f.bad("pending", _("must name blue chips only or green chips only"))
    if geo.rule_3_chips(state.board, cells_):
        raise f.bad("pending", _("names two chips side by side between the same two orange "
                                 "chips: Rule 3 replaces both at once, with no choice"))
    scorer = colours.pop() - 1
    if state.mover != scorer:
        raise f.bad("to_move", _("must be {n}: {side} chooses where the score chips "
                                 "go").format(n=scorer, side=side_names()[scorer]))
    after = sub.int("next", 0, 1, default=1 - scorer)
    return tuple(cells_), after


SPEC = GameSpec(
    name="calliro",
    title="Calliro",
    blurb=N_("Place and flip two-coloured chips; bend two orange chips round yours to score 11."),
    variants=("standard",),
    player_counts={"standard": 2},
    options=OPTIONS,
    option_choices=OPTION_CHOICES,
    former_defaults={"scorer_chooses_replacement": False},
    chance=True,
    make_new=_new,
    make_from_position=_from_position,
    parse=parse_move,
    format=format_move,
)
CalliroState.spec = SPEC
