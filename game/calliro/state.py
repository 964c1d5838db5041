"""The rules of Calliro: the state and its moves.

Part of ``game.calliro``, whose docstring describes the game and its modules.
"""

from __future__ import annotations

from ..core import COUNT_MAX, GameState, changed_options, leader, rng_for
from ..errors import IllegalMoveError
from ..i18n import _, ngettext, number
from .board import (ARC_120, ARC_ANY, BLUE, COLOURS, EMPTY, FLIPPED, GREEN, KIND_OF,
                    OPTIONS, ORANGE, PAIR, PAIR_KINDS, RULE_2, SCORE_CHIP, UNDER, UP,
                    UP_KINDS, WIN_POINTS, _ARC_PAIRS_60, _ARC_PAIRS_120, _random_sides, chip_text,
                    colour_word, parse_cell, side_names)
from .notation import describe_move, parse_move



class CalliroState(GameState):
    """A Calliro position.

    ``last`` describes the action that produced this state, for the board view
    (None for a position read from data).  Cells are ``(q, r)``:

    - ``player``: who acted (for ``replace``, the scorer choosing);
    - ``action``: ``place``, ``flip`` or ``replace``; ``cell``: where;
    - ``chip``: the chip now at ``cell`` after a place or flip, as ``"O/b"``
      (a placement's drawn chip with its underside), or for ``replace`` the
      chip that went to the Basket; ``asked``: the placement named its chip;
    - ``flipped``: cells flipped (one, or none);
    - ``arcs``: every scoring arc as ``(orange end, scoring chip, orange end)``;
    - ``scoring``: cells of the chips that scored; ``points``: points gained
      per player, e.g. ``(0, 2)``;
    - ``replaced``: cells now holding a new score chip; ``to_basket``: the
      chips that went to the Basket; ``basket_returned``: the Basket went back
      into the Repository with fresh random up sides;
    - ``pending``: scoring chips still waiting for the scorer's ``replace``;
    - ``skipped``: players passed automatically after the action, in order.
    """

    __slots__ = ("geo", "board", "repo", "basket", "mover", "lock", "passes", "idle", "seed",
                 "draws", "pending", "after_pending", "options", "last", "_scores", "_moves",
                 "_end")

    def __init__(self, geo, board, repo, basket, mover, lock, passes, idle, seed, draws,
                 pending, after_pending, options, last=None):
        self.geo = geo
        self.board = board                # tuple of chip codes by cell index
        self.repo = repo                  # tuple of counts by kind (KINDS order)
        self.basket = basket              # tuple of counts by pair (PAIR_NAMES order)
        self.mover = mover
        self.lock = lock                  # cell index the player to move may not flip
        self.passes = passes
        self.idle = idle
        self.seed = seed
        self.draws = draws
        self.pending = pending            # scoring cell indices awaiting ``replace``
        self.after_pending = after_pending  # who moves once the pending choices are made
        self.options = options
        self.last = last
        points = [board.count(SCORE_CHIP[0]), board.count(SCORE_CHIP[1])]
        points[mover] += len(pending)
        self._scores = tuple(points)
        self._moves = None
        self._end = False                 # False: not worked out yet

    # --- the contract -------------------------------------------------
    def position(self) -> dict:
        labels = self.geo.labels
        return {
            "options": changed_options(OPTIONS, self.options),
            "radius": self.geo.radius,
            "cells": {labels[i]: chip_text(c) for i, c in enumerate(self.board) if c},
            "repository": self.repository_chips(),
            "basket": self.basket_chips(),
            "scores": list(self._scores),
            "to_move": self.mover,
            "flip_lock": None if self.lock is None else labels[self.lock],
            "passes": self.passes,
            "idle": self.idle,
            "seed": self.seed,
            "draws": self.draws,
            "pending": ({"cells": [labels[i] for i in self.pending], "next": self.after_pending}
                        if self.pending else None),
        }

    def most_draws_left(self) -> int:
        """A bound on the random draws the game can still make, whatever is played; no
        action raises ``draws`` plus it.

        A draw picks the kind of a chip placed, or turns the Basket's chips as they go
        back into an empty Repository.  A chip placed fills a cell for good (chips are
        flipped or become score chips, never taken away), and the Basket goes back only
        once the Repository is emptied, which takes a chip placed, or now when it is
        empty already: two draws for each empty cell, and one more for an empty
        Repository."""
        return 2 * self.board.count(EMPTY) + (0 if any(self.repo) else 1)

    def _identity(self) -> tuple:
        return (self.board, self.repo, self.basket, self.mover, self.lock, self.passes,
                self.idle, self.seed, self.draws, self.pending, self.after_pending,
                tuple(sorted(self.options.items())))

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    @property
    def to_move(self):
        return None if self.is_over else self.mover

    @property
    def scores(self) -> tuple:
        return self._scores

    @property
    def is_over(self) -> bool:
        return self._ending() is not None

    @property
    def winner(self):
        end = self._ending()
        if end is None:
            return None
        return leader(self._scores)

    def _ending(self) -> str | None:
        """Why the game is over (``points``, ``chips``, ``passes``, ``idle``), or None."""
        if self._end is False:
            self._end = self._work_out_end()
        return self._end

    def _work_out_end(self):
        if self.pending:
            return None
        if max(self._scores) >= WIN_POINTS:
            return "points"
        if not any(self.repo) and not any(self.basket):
            return "chips"
        if self.passes >= 2:
            return "passes"
        limit = self.options["idle_limit"]
        if limit and self.idle >= limit:
            return "idle"
        return None

    def describe_end(self, names=None):
        end = self._ending()
        if end is None:
            return None
        names = names or side_names()
        a, b = self._scores
        if end == "points":
            who = 0 if a >= WIN_POINTS else 1
            return ngettext("{name} reached {n} point.", "{name} reached {n} points.",
                            self._scores[who]).format(name=names[who],
                                                      n=number(self._scores[who]))
        idle = self.options["idle_limit"]
        if a == b:
            text = {"chips": _("Every chip is on the board; the scores are level at {a} each."),
                    "passes": _("Neither player could act; the scores are level at {a} each."),
                    "idle": ngettext("{idle} action in a row placed no chip and scored no "
                                     "point; the scores are level at {a} each.",
                                     "{idle} actions in a row placed no chip and scored no "
                                     "point; the scores are level at {a} each.", idle)}[end]
            return text.format(a=number(a), idle=number(idle))
        who = 0 if a > b else 1
        text = {"chips": _("Every chip is on the board; {name} wins {a} to {b}."),
                "passes": _("Neither player could act; {name} wins {a} to {b}."),
                "idle": ngettext("{idle} action in a row placed no chip and scored no point; "
                                 "{name} wins {a} to {b}.",
                                 "{idle} actions in a row placed no chip and scored no point; "
                                 "{name} wins {a} to {b}.", idle)}[end]
        return text.format(name=names[who], a=number(max(a, b)), b=number(min(a, b)),
                           idle=number(idle))

    def legal_moves(self) -> list:
        if self._moves is None:
            self._moves = self._generate()
        return list(self._moves)

    def is_legal(self, move) -> bool:
        return self.action_problem(move) is None

    def play(self, move) -> "CalliroState":
        problem, plan = self._plan(move)
        if problem:
            raise IllegalMoveError(_("illegal action {move}: {problem}").format(
                move=describe_move(self, move), problem=problem))
        if plan[0] == "replace":
            return self._replace(plan[1])
        return self._act(plan)

    # --- Calliro's extras ---------------------------------------------
    @property
    def radius(self) -> int:
        return self.geo.radius

    def chip_at(self, cell) -> str | None:
        """The chip on ``cell`` (``(q, r)`` or a label): ``"O/b"``, ``"S0"``, ``"S1"`` or None."""
        return chip_text(self.board[self._index(cell)])

    def repository_counts(self) -> dict:
        """Chips in the Repository by up colour: ``{"O": n, "B": n, "G": n}``."""
        return {COLOURS[u]: self.repo[a] + self.repo[b] for u, (a, b) in enumerate(UP_KINDS)}

    def repository_chips(self) -> list:
        return [chip_text(k + 1) for k in range(6) for _ in range(self.repo[k])]

    def basket_chips(self) -> list:
        """The Basket's chips by pair, written with the first colour of orange, blue,
        green up (their sides are dealt afresh when they return)."""
        return [chip_text(PAIR_KINDS[p][0] + 1) for p in range(3) for _ in range(self.basket[p])]

    @property
    def flip_locked(self):
        """The cell the player to move may not flip (just flipped by the opponent), or None."""
        return None if self.lock is None else self.geo.cells[self.lock]

    @property
    def pending_cells(self) -> list:
        """Scoring chips waiting for the scorer's ``replace`` choice; the first is chosen next."""
        return [self.geo.cells[i] for i in self.pending]

    def arcs_at(self, cell) -> list:
        """The arcs ``(end, cell, end)`` the chip on ``cell`` sits in now."""
        i = self._index(cell)
        c = self.geo.cells
        return [(c[a], c[i], c[b]) for a, b in self._arcs(self.board, i)]

    def scoring_after(self, move) -> list:
        """Cells of the chips that would score if ``move`` (legal or not) were made;
        for a preview while the player hovers."""
        problem, plan = self._plan(move, rule_2=False)
        if problem or plan[0] == "replace":
            return []
        return [self.geo.cells[i] for i in plan[-1]]

    def action_problem(self, move) -> str | None:
        """Why ``move`` (a Move or its text) is illegal now, or None when it is legal."""
        if isinstance(move, str):
            try:
                move = parse_move(self, move)
            except ValueError as exc:
                return str(exc)
        return self._plan(move)[0]

    # --- the rules ----------------------------------------------------
    def _index(self, cell) -> int:
        if isinstance(cell, str):
            cell = parse_cell(cell, self.geo.radius)
        i = self.geo.index.get(tuple(cell))
        if i is None:
            raise ValueError(f"{cell!r} is not a cell of the board")
        return i

    def _orange_mask(self, board, i, extra=-1) -> int:
        """Bit d set when the neighbour of ``i`` in direction d is orange up
        (cell ``extra`` counts as orange whatever it holds)."""
        mask = 0
        bit = 1
        for j in self.geo.steps[i]:
            if j >= 0 and (j == extra or UP[board[j]] == ORANGE):
                mask |= bit
            bit <<= 1
        return mask

    def _arc_table(self):
        return ARC_ANY if self.options["triangle_arcs"] else ARC_120

    def _arcs(self, board, i) -> list:
        """The arcs of the chip on ``i`` as pairs of orange end cells."""
        if UP[board[i]] not in (BLUE, GREEN):
            return []
        steps = self.geo.steps[i]
        mask = self._orange_mask(board, i)
        pairs = _ARC_PAIRS_120 + (_ARC_PAIRS_60 if self.options["triangle_arcs"] else ())
        return [(steps[a], steps[b]) for a, b in pairs if mask >> a & 1 and mask >> b & 1]

    def _scorers(self, i, up) -> tuple:
        """Cells that score once cell ``i`` shows ``up``.  Before any action no chip
        sits in an arc, so only ``i`` itself or (when it turns orange) its
        blue and green neighbours can."""
        board = self.board
        table = self._arc_table()
        if up != ORANGE:
            return (i,) if table[self._orange_mask(board, i)] else ()
        out = []
        for n in self.geo.adjacent[i]:
            if UP[board[n]] > ORANGE and table[self._orange_mask(board, n, i)]:
                out.append(n)
        return tuple(out)

    def _breaks_rule_2(self, scorers) -> bool:
        if len(scorers) < 2:
            return False
        first = UP[self.board[scorers[0]]]
        return any(UP[self.board[n]] != first for n in scorers)

    def _frontier(self) -> list:
        """Empty cells next to a chip, in cell order (every cell on an empty board)."""
        board, adjacent = self.board, self.geo.adjacent
        near = set()
        for i, code in enumerate(board):
            if code:
                near.update(adjacent[i])
        if not near:
            return list(range(self.geo.size))
        return sorted(i for i in near if not board[i])

    def _has_action(self) -> bool:
        """Whether the player to move can act.  The quick cases come first: turning
        blue or green up, by a flip or a placement, can never break Rule 2."""
        board, lock = self.board, self.lock
        for i, code in enumerate(board):
            if 0 < code < SCORE_CHIP[0] and i != lock and UNDER[code] != ORANGE:
                return True
        repo = self.repo
        if any(repo[2:]) and self._frontier():
            return True
        return bool(self.legal_moves())

    def _replace_targets(self) -> list:
        """Where the score chip for the first pending chip may go: on the chip
        itself, or on an orange end whose removal leaves it in no arc."""
        p = self.pending[0]
        arcs = self._arcs(self.board, p)
        ends = sorted({e for arc in arcs for e in arc if all(e in other for other in arcs)})
        return [p] + ends

    def _generate(self) -> list:
        if self._ending() is not None:
            return []
        geo = self.geo
        if self.pending:
            return [geo.replace_moves[j] for j in self._replace_targets()]
        moves = []
        repo = self.repo
        ups = [u for u, (a, b) in enumerate(UP_KINDS) if repo[a] or repo[b]]
        if ups:
            board, adjacent = self.board, geo.adjacent
            for i in self._frontier():
                for u in ups:
                    # orange can only break Rule 2 next to two or more blue/green chips
                    if u == ORANGE and sum(UP[board[j]] > ORANGE for j in adjacent[i]) > 1 \
                            and self._breaks_rule_2(self._scorers(i, ORANGE)):
                        continue
                    moves.append(geo.place_moves[u][i])
        flips = geo.flip_moves
        for i, code in enumerate(self.board):
            if 0 < code < SCORE_CHIP[0] and i != self.lock:
                if UNDER[code] == ORANGE and self._breaks_rule_2(self._scorers(i, ORANGE)):
                    continue
                moves.append(flips[i])
        return moves

    def _plan(self, move, rule_2=True):
        """(problem, None) for an illegal move, else (None, plan) with what to do."""
        if self._ending() is not None:
            return _("the game is over"), None
        try:
            if not isinstance(move, tuple):
                raise TypeError
            action, cell, up, under = move
            i = self.geo.index.get(tuple(cell))
        except (TypeError, ValueError):
            return _("not a Calliro action"), None
        if i is None:
            return _("that cell is not on the board"), None
        board = self.board
        if action == "replace":
            if not self.pending:
                return _("nothing to replace: replace is the scorer's choice of where a "
                         "score chip goes"), None
            if i not in self._replace_targets():
                label = self.geo.labels[self.pending[0]]
                return _("the score chip for {cell} goes on {cell} itself or on an orange "
                         "chip of its arc").format(cell=label), None
            return None, ("replace", i)
        if self.pending:
            label = self.geo.labels[self.pending[0]]
            return _("first choose where the score chip for {cell} goes (replace a "
                     "cell)").format(cell=label), None
        if action == "place":
            if not isinstance(up, str) or up.upper() not in ("O", "B", "G"):
                return _("choose the up colour O, B or G"), None
            u = COLOURS.index(up.upper())
            if board[i]:
                return _("that cell is taken"), None
            if not any(board[j] for j in self.geo.adjacent[i]) and any(board):
                return _("not next to any chip"), None
            kind = None
            if under is None:
                a, b = UP_KINDS[u]
                if not self.repo[a] + self.repo[b]:
                    return _("the Repository has no chip with {colour} up").format(
                        colour=colour_word(u)), None
            else:
                if not isinstance(under, str) or under.upper() not in ("O", "B", "G"):
                    return _("the underside must be O, B or G"), None
                d = COLOURS.index(under.upper())
                if d == u:
                    return _("a chip has two different colours"), None
                kind = KIND_OF[(u, d)]
                if not self.repo[kind]:
                    return _("the Repository holds no {up}/{under} chip with {up} up").format(
                        up=colour_word(u), under=colour_word(d)), None
            scorers = self._scorers(i, u)
            if rule_2 and self._breaks_rule_2(scorers):
                return _(RULE_2), None
            return None, ("place", i, u, kind, scorers)
        if action == "flip":
            code = board[i]
            if not code:
                return _("there is no chip there"), None
            if code >= SCORE_CHIP[0]:
                return _("score chips never flip"), None
            if i == self.lock:
                return _("that chip was just flipped by your opponent"), None
            scorers = self._scorers(i, UNDER[code])
            if rule_2 and self._breaks_rule_2(scorers):
                return _(RULE_2), None
            return None, ("flip", i, FLIPPED[code], scorers)
        return _("not a Calliro action: place, flip or replace"), None

    def _act(self, plan) -> "CalliroState":
        cells_ = self.geo.cells
        board = list(self.board)
        repo = list(self.repo)
        draws = self.draws
        player = self.mover
        action, i = plan[0], plan[1]
        scorers = plan[-1]
        last = {"player": player, "action": action, "cell": cells_[i], "asked": False,
                "flipped": [], "arcs": [], "scoring": [cells_[n] for n in scorers],
                "points": (0, 0), "replaced": [], "to_basket": [], "basket_returned": False,
                "pending": [], "skipped": []}
        if action == "place":
            u, kind = plan[2], plan[3]
            if kind is None:
                a, b = UP_KINDS[u]
                if repo[a] and repo[b]:
                    kind = a if rng_for(self.seed, draws).randrange(repo[a] + repo[b]) < repo[a] \
                        else b
                    draws += 1
                else:
                    kind = a if repo[a] else b
            else:
                last["asked"] = True
            repo[kind] -= 1
            board[i] = kind + 1
            lock, idle = None, 0
        else:
            board[i] = plan[2]
            # without an idle limit the count is never read: it stops at the cap
            lock, idle = i, min(self.idle + 1, COUNT_MAX)
            last["flipped"] = [cells_[i]]
        last["chip"] = chip_text(board[i])
        if scorers:
            idle = 0
            scorer = UP[board[scorers[0]]] - 1
            points = [0, 0]
            points[scorer] = len(scorers)
            last["points"] = tuple(points)
            for n in scorers:
                for a, b in self._arcs(board, n):
                    last["arcs"].append((cells_[a], cells_[n], cells_[b]))
            reaches_win = self._scores[scorer] + len(scorers) >= WIN_POINTS
            if self.options["scorer_chooses_replacement"] and not reaches_win:
                # Rule 3: chips side by side between the same two orange chips are
                # both replaced; the scorer chooses for every other scoring chip
                pairs = self.geo.rule_3_chips(board, scorers)
                pending = tuple(sorted(n for n in scorers if n not in pairs))
            else:
                pending = ()
            basket = list(self.basket)
            for n in scorers:
                if n in pending:
                    continue
                last["to_basket"].append(chip_text(board[n]))
                basket[PAIR[board[n]]] += 1
                board[n] = SCORE_CHIP[scorer]
                last["replaced"].append(cells_[n])
            if pending:
                last["pending"] = [cells_[n] for n in pending]
                return CalliroState(self.geo, tuple(board), tuple(repo), tuple(basket), scorer,
                                    lock, 0, idle, self.seed, draws, pending, 1 - player,
                                    self.options, last)
        else:
            basket = self.basket
        if lock is not None and not 0 < board[lock] < SCORE_CHIP[0]:
            lock = None
        return self._finish(board, repo, basket, draws, 1 - player, lock, idle, last)

    def _replace(self, j) -> "CalliroState":
        board = list(self.board)
        basket = list(self.basket)
        scorer = self.mover
        cells_ = self.geo.cells
        p = self.pending[0]
        last = {"player": scorer, "action": "replace", "cell": cells_[j], "asked": False,
                "chip": chip_text(board[j]), "flipped": [], "arcs": [], "scoring": [cells_[p]],
                "points": (0, 0), "replaced": [cells_[j]], "to_basket": [chip_text(board[j])],
                "basket_returned": False, "pending": [], "skipped": []}
        basket[PAIR[board[j]]] += 1
        board[j] = SCORE_CHIP[scorer]
        lock = self.lock
        if lock is not None and not 0 < board[lock] < SCORE_CHIP[0]:
            lock = None
        rest = self.pending[1:]
        if rest:
            last["pending"] = [cells_[n] for n in rest]
            return CalliroState(self.geo, tuple(board), self.repo, tuple(basket), scorer, lock,
                                0, self.idle, self.seed, self.draws, rest, self.after_pending,
                                self.options, last)
        return self._finish(board, list(self.repo), basket, self.draws, self.after_pending,
                            lock, self.idle, last)

    def _finish(self, board, repo, basket, draws, nxt, lock, idle, last) -> "CalliroState":
        """End an action: the Basket returns when the Repository is empty, then the
        next player moves, or passes when they have no legal action."""
        if not any(repo) and any(basket):
            repo = _random_sides(basket, rng_for(self.seed, draws))
            draws += 1
            basket = (0, 0, 0)
            last["basket_returned"] = True
        state = CalliroState(self.geo, tuple(board), tuple(repo), tuple(basket), nxt, lock, 0,
                             idle, self.seed, draws, (), 0, self.options, last)
        return _settle(state)


def _settle(state: CalliroState) -> CalliroState:
    """Pass automatically for a player to move who has no legal action (twice ends the game)."""
    while state._ending() is None and not state.pending and not state._has_action():
        skipped = state.mover
        last = dict(state.last) if state.last else None
        if last is not None:
            last["skipped"] = last["skipped"] + [skipped]
        state = CalliroState(state.geo, state.board, state.repo, state.basket, 1 - skipped,
                             None, state.passes + 1, state.idle, state.seed, state.draws, (), 0,
                             state.options, last)
    return state


