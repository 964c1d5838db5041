"""Callisto knowledge: priors for its long move lists, a territory evaluation,
and quick playouts on bit sets.

A colour to move may have several hundred placements, so the searches never
try them all: the prior ranks them (piece size, awkward pieces first, new room
to grow, room taken from the others) and the search widens progressively
along that ranking.  The territory evaluation judges a position: each
colour's points so far plus the empty cells it reaches before any other
colour (a flood fill over bit sets), capped by the squares it still holds in
hand (pieces that have no place left count less).  In the two-colour game Hard
and Expert play each new node out to the end instead (``rollout``: each colour
answers the other's last move where it can, big pieces first), on bit sets
kept by the state (``CallistoState._free``, ``_touch``, ``_allowed``), and share
what the playouts learn between moves (RAVE); there both rank a colour's first
four pieces by the cells they take from the other colour (``contest_prior``).  In
the two-colour game every level puts the opening 1x1s next to the middle only
(``OPENING_SPREAD``).
"""

from __future__ import annotations

import math

from game.callisto.board import ids_in

SCORE_SCALE = 8.0

#: How much of a colour's undisputed room counts as future points.
ROOM_WEIGHT = 0.7

#: The last seat's edge from winning ties (see ``evaluate``).
TIE_BONUS = 0.4

#: Easy plays 60 short playouts; the stronger levels judge every new node by
#: the evaluation alone (no playout), which measured stronger at equal time
#: (with the slower move generation of the time): 8 of 10 games at medium's
#: budget against four-ply playouts.  Hard and Expert go on from the subtree
#: of their last search (``keep_tree``); the two-colour game plays out to the
#: end (``VARIANT_LEVELS``).  Evaluations
#: differ less than finished games do, so those levels explore less (c 0.5):
#: 10 of 12 games against the shared 0.9.  Expert explores less again (c 0.2),
#: spending its longer budget deeper along the best lines: with 0.5, its three
#: times longer search only drew level with Hard (8 of 15 games); with 0.2 it won
#: 15 of 17 at a third of both budgets.
LEVELS = {
    "easy": {"iterations": 60, "prior": True, "widen": (2, 1.5, 0.5), "playout_depth": 4},
    "medium": {"widen": (2, 1.5, 0.5), "playout_depth": 0, "c": 0.5},
    "hard": {"seconds": 1.6, "iterations": 7300, "widen": (2, 1.5, 0.5), "playout_depth": 0,
             "c": 0.5, "keep_tree": True},
    "expert": {"seconds": 4.5, "iterations": 20500, "widen": (2, 1.5, 0.5), "playout_depth": 0,
               "c": 0.2, "keep_tree": True},
}

#: The two-colour game's playouts are judged as Pentobi judges its own (Pepels et al.,
#: quality-based rewards): a win is worth 1, a loss 0 (a tie, lost by the first player,
#: 0.1 to it), plus or minus up to ``MARGIN_BONUS`` for a margin above or below the
#: mean of the search's playouts so far (a sigmoid of its distance from that mean in
#: standard deviations),
#: and ``LENGTH_BONUS`` for winning sooner (losing later).  Against Pentobi's level 5
#: on the same 40 seeds, Hard won 13 of 20 games as the first player and 5 of 20 as
#: the second with these rewards, 9 and 4 with ``tanh`` of the margin over
#: ``SCORE_SCALE`` (which the other variants keep); on 20 more second-seat seeds, 4
#: against 1 (records and trials in docs/strength.md).  Statistics that
#: start afresh at each move did worse (2 of 15 second-seat games).  The
#: statistics are the search's own (``memory``), carried on with the tree a level
#: keeps from move to move, so that a search depends only on its position, seed and
#: kept tree.  The bonuses average out over the playouts, so that the mean reward is
#: still the share of playouts won (what the analysis shows as a chance), though
#: one playout's reward may lie up to 0.4 beyond [0, 1].
MARGIN_BONUS = 0.3
LENGTH_BONUS = 0.12
#: How many of the latest playouts the statistics follow (``_Running``).
QUALITY_MEMORY = 2000


#: The two-colour game (measured against Pentobi, see docs/strength.md): Hard and Expert
#: play every new node out to the end with ``rollout`` and share the playouts' moves
#: (RAVE).  Against Pentobi's level 4, ten games each with Hard at about 1.5 s a move:
#: evaluation alone won 2 to 4, playouts to the end 5, playouts with RAVE 7.
#: Expert explores less (c 0.2), as in the other variants: with c 0.5 its three times
#: longer search only drew level with Hard (20 of 40 games).  At fixed iterations,
#: 3,000 against 1,000 with c 0.5 won 23 of 40 games; with c 0.2 for the longer search, 28.
#: And it thinks its whole budget (``settle`` off): what is left once its move is settled
#: deepens the line it plays, which its next search goes on from.  Against Pentobi's
#: level 5: 17 of 40 games with c 0.5, 21 with c 0.2, 27 with both; against Hard 20, 22, 26.
#: Hard and Expert rank a colour's first four pieces by ``contest_prior`` (``prior``:
#: "contest") and widen more slowly (2 + 0.8 sqrt(n) children, not 2 + 1.5 sqrt(n)).
#: Pentobi against itself with Hard playing only those four moves of the second seat: 8
#: games of 40 won and 8 points a game lost against level 5, where Pentobi in both seats won
#: 21 and drew level; with the contest ranking and the slower widening 12 of 40 and 3.6
#: points (each alone did little, and ranking every later move alike lost its gain); Expert
#: 4 and 8 of 26 (9.1 and 2.3 points).  In whole games as the second player against level 5,
#: Hard won 14 of 40 with them, 9 before, on the same seeds (docs/strength.md).
VARIANT_LEVELS = {
    "callisto_2": {
        "hard": {"iterations": 4850, "playout_depth": 80, "fast_rollout": True, "rave": 500,
                 "c": 0.5, "quality": True, "prior": "contest", "widen": (2, 0.8, 0.5)},
        "expert": {"iterations": 12200, "playout_depth": 80, "fast_rollout": True, "rave": 500,
                   "c": 0.2, "settle": False, "prior": "contest", "widen": (2, 0.8, 0.5),
                   "work_from": 3},
    },
}

#: Hard and Expert search more iterations as the game goes on, where an iteration
#: costs less (shorter playouts, fewer placements to rank), as Pentobi weighs its
#: simulations by the move number: their budget holds while the colour to move has
#: placed at most ``WORK_FROM`` pieces (per variant; others ``WORK_FROM_OTHERS``) and
#: grows by ``WORK_GROWTH`` a piece after that (``exp``), up to ``WORK_CAP`` times, so
#: that every move takes about the level's time.  Measured at Hard in the two-colour
#: game between Easy players: 0.33 ms an iteration up to the fourth piece, 0.17 ms at
#: the eighth, 0.09 ms at the twelfth, 0.06 ms at the sixteenth; between Hard and
#: Pentobi the late positions stay open longer, and with a growth of 0.15 Hard's
#: moves took 1.5 s of processor at the eighth piece and 2.4 s at the fifteenth, so
#: it grows by 0.12.  In the four-colour game 0.23 ms up to the
#: sixth (three colours and two-player four-colour: up to the fifth), then 0.08 ms at
#: the twelfth and 0.05 ms at the sixteenth (the opening 1x1s count as pieces).  A
#: level's ``work_from`` starts its growth elsewhere: Expert's deeper trees keep its
#: iterations dearer for longer (over 40 games against Pentobi level 6 its moves took
#: 4.8 to 5.5 s of processor for its first four pieces but 3.8 to 4.2 s for the fifth to
#: the twelfth, 4.5 s being its time), so in the two-colour game its budget grows from
#: its fourth piece on, a piece before Hard's.
WORK_GROWTH = 0.12
WORK_FROM = {"callisto_2": 4}
WORK_FROM_OTHERS = 6
WORK_CAP = 8.0
WORK_LEVELS = ("hard", "expert")


def work_weight(state, level) -> float:
    colour = state.colour
    if level.name not in WORK_LEVELS or colour is None:
        return 1.0
    placed = sum(1 for c, _ in state.moves if c == colour)
    start = level.work_from
    if start is None:
        start = WORK_FROM.get(state.variant, WORK_FROM_OTHERS)
    beyond = placed - start
    return min(WORK_CAP, math.exp(WORK_GROWTH * beyond)) if beyond > 0 else 1.0


_SHIFT_MASKS: dict = {}


def _tables(state):
    """Per board size: the piece sizes and masks for shifting bit sets by a column."""
    geo = state.geo
    key = id(geo)
    tables = _SHIFT_MASKS.get(key)
    if tables is None:
        from game.callisto import PIECES
        size = geo.size
        not_first = 0
        not_last = 0
        for y in range(size):
            for x in range(size):
                bit = 1 << (y * size + x)
                if x != 0:
                    not_first |= bit
                if x != size - 1:
                    not_last |= bit
        sizes = tuple(len(p.shape) for p in PIECES)
        piece_sizes = [0 if geo.piece_of[m] == 0 else sizes[geo.piece_of[m]]
                       for m in range(geo.placements)]
        centre_x = centre_y = (size - 1) / 2
        one_rank = {}
        for index, m in geo.one_at.items():
            x, y = index % size, index // size
            one_rank[m] = -math.hypot(x - centre_x, y - centre_y)
        tables = (size, not_first, not_last, sizes, piece_sizes, one_rank)
        _SHIFT_MASKS[key] = tables
    return tables


def _count_bits(x: int) -> int:
    return bin(x).count("1")


#: Bits set in an int: ``int.bit_count`` where Python has it (3.10 on), much faster.
_popcount = getattr(int, "bit_count", _count_bits)


def territory(state) -> list:
    """Empty cells each colour reaches strictly first, growing from its pieces."""
    return _territory(_tables(state), state.geo.mask, state.occupied, state.owned)


def _territory(tables, board, occupied, owned) -> list:
    size, not_first, not_last, _, _, _ = tables
    empty = board & ~occupied
    reach = list(owned)
    claimed = [0] * len(reach)
    free = empty
    frontier = list(reach)
    while True:
        grown = []
        for f in frontier:
            g = (((f << 1) & not_first) | ((f >> 1) & not_last) | (f << size) | (f >> size)) & free
            grown.append(g)
        any_new = 0
        seen_twice = 0
        for g in grown:
            seen_twice |= any_new & g
            any_new |= g
        if not any_new:
            break
        for c, g in enumerate(grown):
            own = g & ~seen_twice
            claimed[c] |= own
            grown[c] = own
        free &= ~any_new
        frontier = grown
    return [_popcount(c) for c in claimed]


def colour_values(state) -> list:
    return _colour_values(_tables(state), state.geo, state.occupied, state.owned,
                          state.colour_scores, state.left, state.out,
                          state._free, state._touch)


#: How much a piece in hand counts towards a colour's room when it has no place
#: to go now (it may find one as the colour grows; often it never does).
STUCK_WEIGHT = 0.3


def _colour_values(tables, geo, occupied, owned, colour_scores, left, out, free,
                   touch) -> list:
    """Each colour's points so far plus the squares it may still place: its pieces
    in hand (those without a place now count less), up to the room it reaches first."""
    sizes = tables[3]
    room = _territory(tables, geo.mask, occupied, owned)
    piece_ids = geo.piece_ids
    values = []
    for c, score in enumerate(colour_scores):
        if out >> c & 1:
            values.append(score)
            continue
        open_ids = free & touch[c]
        in_hand = 0.0
        for k, n in enumerate(left[c]):
            if k and n:
                in_hand += n * sizes[k] * (1.0 if open_ids & piece_ids[k] else STUCK_WEIGHT)
        values.append(score + ROOM_WEIGHT * min(in_hand, room[c]))
    return values


def evaluate(state) -> list:
    """Per player: 0.5 + 0.5 tanh(margin over the best other player / scale).

    Ties go to the player who started later, so each later seat counts a
    little extra (less than half a point in all: never more than a tie)."""
    return _judge(colour_values(state), len(state.scores))


def _judge(values, players) -> list:
    totals = [TIE_BONUS * p / (players - 1) for p in range(players)]
    for c, v in enumerate(values):
        totals[c % players] += v
    out = []
    for p in range(players):
        other = max(totals[q] for q in range(players) if q != p)
        out.append(0.5 + 0.5 * math.tanh((totals[p] - other) / SCORE_SCALE))
    return out


def rollout(state, rng, plies, played=None, memory=None) -> list:
    """``evaluate`` after up to ``plies`` quick moves from ``state``, played on bit sets
    (no positions built): each colour answers the other's last move where it can
    (a placement on the cells around it, where that colour would grow next), else
    anywhere; mostly with its biggest piece that fits.  Only once both colours
    have played their opening 1x1s, and in the two-colour game only (the playouts
    were measured there; the others judge ``state`` at once); 1x1s are not
    played.  ``played``, when given, receives each move as ``(player, placement)``.
    With ``memory`` (levels with ``quality``), two players are rewarded by
    ``_quality_reward``, its statistics kept there; else by ``evaluate``.

    Per-placement tables (``_playout_tables``) make a move a few operations on
    sets of placement ids, and the answers to a move come from a cache."""
    geo = state.geo
    tables = _tables(state)
    if not plies or len(state.owned) > 2 or any(row[0] > 1 for row in state.left):
        return evaluate(state)
    # From here on two colours, each its own player.
    size_ids = _size_ids(geo)
    overlap, beside, answers_at = _playout_tables(geo)
    size = geo.size
    not_first, not_last = tables[1], tables[2]
    board = geo.mask
    rim_of, piece_of = geo.rim_of, geo.piece_of
    covering, piece_ids = geo.covering_ids, geo.piece_ids
    sizes = tables[3]
    n = len(state.owned)
    players = len(state.scores)
    owned = list(state.owned)
    touch = list(state._touch)
    allowed = list(state._allowed)
    left = [list(row) for row in state.left]
    scores = list(state.colour_scores)
    free = state._free
    occupied = state.occupied
    out = state.out
    colour = state.colour
    last = [0, 0]               # the cells around each colour's last move
    rand = rng.random
    count = 0
    while count < plies and colour is not None:
        if out >> colour & 1:
            colour = (colour + 1) % n
            continue
        legal = free & touch[colour] & allowed[colour]
        if not legal:
            out |= 1 << colour
            if out == (1 << n) - 1:
                break
            colour = (colour + 1) % n
            continue
        near = last[1 - colour]     # two colours: each its own player
        pick = 0
        if near:
            near &= ~occupied
            near |= (((near << 1) & not_first) | ((near >> 1) & not_last) | (near << size)
                     | (near >> size)) & board & ~occupied
            # The placements covering those cells: the same cells come back
            # often along one search's playouts, so they are kept.
            answers = answers_at.get(near)
            if answers is None:
                answers = 0
                cells = near
                while cells:
                    low = cells & -cells
                    answers |= covering[low.bit_length() - 1]
                    cells ^= low
                if len(answers_at) >= ANSWERS_KEPT:
                    answers_at.clear()
                answers_at[near] = answers
            pick = legal & answers
        if not pick:
            pick = legal
        chosen = 0
        for ids in size_ids:
            sub = pick & ids
            if sub:
                chosen = sub
                if rand() < 0.85:
                    break
        r = int(rand() * _popcount(chosen))
        if r < _STEP_IDS:           # the r-th id (as ``ids_in(chosen)[r]``), bit by bit
            low = (chosen & -chosen).bit_length() - 1
            chosen >>= low
            for _ in range(r):
                chosen &= chosen - 1
            move = low + (chosen & -chosen).bit_length() - 1
        else:
            move = ids_in(chosen)[r]
        mask = geo.mask_of[move]
        k = piece_of[move]
        occupied |= mask
        owned[colour] |= mask
        free &= ~overlap[move]
        # Every placement beside the move now touches the colour (those over
        # covered cells are no longer free, so they never count).
        touch[colour] |= beside[move]
        left[colour][k] -= 1
        if not left[colour][k]:
            allowed[colour] &= ~piece_ids[k]
        scores[colour] += sizes[k]
        last[colour] = rim_of[move]
        if played is not None:
            played.append((colour, move))
        count += 1
        colour = (colour + 1) % n
    values = _colour_values(tables, geo, occupied, owned, scores, left, out, free, touch)
    if memory is not None and players == 2:
        return _quality_reward(values[0] - values[1], len(state.moves) + count, memory)
    return _judge(values, players)


class _Running:
    """The mean and variance of the latest values: each new value weighs
    ``1 / QUALITY_MEMORY`` once that many have come (all alike before), so that
    they follow the game as the search goes on from move to move."""
    __slots__ = ("n", "mean", "var")

    def __init__(self):
        self.n = 0
        self.mean = 0.0
        self.var = 0.0

    def add(self, x: float) -> float:
        """Adds ``x``; returns how many standard deviations it lies from the mean
        of the values before it (0 while they do not vary)."""
        n = self.n
        z = (x - self.mean) / math.sqrt(self.var) if n > 1 and self.var > 0.0 else 0.0
        weight = 1.0 / (n + 1) if n < QUALITY_MEMORY else 1.0 / QUALITY_MEMORY
        d = x - self.mean
        self.mean += weight * d
        self.var = (1.0 - weight) * (self.var + weight * d * d)
        self.n = n + 1
        return z


def _sigmoid(x: float) -> float:
    """From -1 to 1, steep near 0 (Pentobi's ``sigmoid(2, x)``)."""
    if x < -20.0:
        return -1.0
    return 2.0 / (1.0 + math.exp(-2.0 * x)) - 1.0


def _quality_reward(margin: float, length: int, memory: dict) -> list:
    """The two players' rewards for a playout the first player ended ``margin``
    ahead in (behind when negative) after ``length`` moves of the game."""
    stats = memory.get("callisto")
    if stats is None:
        stats = memory["callisto"] = (_Running(), _Running())
    first = 1.0 if margin > 0 else (0.1 if margin == 0 else 0.0)
    first += MARGIN_BONUS * _sigmoid(stats[0].add(margin))
    first -= LENGTH_BONUS * (first - 0.5) * _sigmoid(stats[1].add(length))
    return [first, 1.0 - first]


#: Sets of answers kept per board (see ``rollout``); the cache is emptied when full
#: (each entry is one set of placement ids, under a kilobyte).
ANSWERS_KEPT = 20000

_PLAYOUT_TABLES: dict = {}


def _playout_tables(geo) -> tuple:
    """Per board, per placement: the ids of the placements overlapping it, those
    beside it (covering a cell that shares an edge with it), and the answers kept."""
    tables = _PLAYOUT_TABLES.get(id(geo))
    if tables is None:
        covering = geo.covering_ids

        def union(cells):
            ids = 0
            while cells:
                low = cells & -cells
                ids |= covering[low.bit_length() - 1]
                cells ^= low
            return ids

        tables = ([union(mask) for mask in geo.mask_of], [union(rim) for rim in geo.rim_of], {})
        _PLAYOUT_TABLES[id(geo)] = tables
    return tables


#: Up to this many ids, ``rollout`` finds the one it draws by stepping through
#: the bits; above, it lists them (``ids_in``: as costly as some 50 to 100 steps).
_STEP_IDS = 64


_SIZE_IDS: dict = {}


def _size_ids(geo) -> list:
    """Placement ids by piece size, biggest first (1x1s left out)."""
    ids = _SIZE_IDS.get(id(geo))
    if ids is None:
        from game.callisto import PIECES
        by_size = {}
        for k, piece in enumerate(PIECES):
            if k:
                by_size[len(piece.shape)] = by_size.get(len(piece.shape), 0) | geo.piece_ids[k]
        ids = [by_size[s] for s in sorted(by_size, reverse=True)]
        _SIZE_IDS[id(geo)] = ids
    return ids


#: Prior weights per move: piece size first, then new room to grow into and room
#: taken from the others.  (Weighting the blocking above size, as Pentobi's
#: learned priors do, lost 8 games of 8 against its level 4 with this search.)
SIZE_WEIGHT = 10.0
GROW_WEIGHT = 1.0
BLOCK_WEIGHT = 1.5
#: Pieces that fit in few places, placed before the easy ones of their size while
#: there is room: hard players were often left holding both squares at the end.
AWKWARD = {"O": 4.0, "X": 3.0, "U": 2.0, "W": 1.0, "T5": 1.0}

_PIECE_RANKS: dict = {}


def _piece_ranks(geo, piece_sizes) -> list:
    """Per placement: its piece's size, weighted, and its awkwardness."""
    ranks = _PIECE_RANKS.get(id(geo))
    if ranks is None:
        from game.callisto import PIECES
        extra = [AWKWARD.get(p.name, 0.0) for p in PIECES]
        ranks = [SIZE_WEIGHT * piece_sizes[m] + extra[geo.piece_of[m]]
                 for m in range(geo.placements)]
        _PIECE_RANKS[id(geo)] = ranks
    return ranks


def prior(state, moves) -> list:
    """Bigger pieces first; then new room to grow into and room taken from others."""
    _, _, _, _, piece_sizes, one_rank = _tables(state)
    geo = state.geo
    base = _piece_ranks(geo, piece_sizes)
    colour = state.colour
    occupied = state.occupied
    own_rim = state.rims[colour]
    others_rim = 0
    for c, rim in enumerate(state.rims):
        if c != colour:
            others_rim |= rim
    others_rim &= ~occupied
    room = geo.mask & ~(occupied | own_rim)     # cells a placement would newly reach
    mask_of, rim_of = geo.mask_of, geo.rim_of
    count = _popcount
    grow, block = GROW_WEIGHT, BLOCK_WEIGHT
    # A 1x1: near the middle while opening, a last resort later.
    one_shift = 0.0 if state.left[colour][0] > 1 else 40.0
    return [base[m] + grow * count(rim_of[m] & room) + block * count(mask_of[m] & others_rim)
            if piece_sizes[m] else one_rank.get(m, -20.0) - one_shift
            for m in moves]


#: Hard's and Expert's ranking of a colour's first four pieces in the two-colour game:
#: the features Pentobi's search weighs for this variant (its ``PriorKnowledge``, weights
#: it learned from games and that are logarithms here), which put taking the other
#: colour's growth cells far ahead of piece size.  Per cell of the piece: on a free cell
#: beside the other colour, else any.  Per cell around the piece: free and not yet beside
#: the colour (new room), free and already beside it, beside an own piece, beside the
#: other colour's piece.  And the piece's size (the third 1x1 counts with size 0), and
#: touching the cells around the other colour's last move.
#: Pentobi's weights are learned at a temperature of 0.84: each is divided by it.
_T = 0.84
CONTEST_PIECE = {0: 0.942 / _T, 2: -1.642 / _T, 3: -0.800 / _T, 4: 0.436 / _T, 5: 1.082 / _T}
CONTEST_ON_GROWTH = 2.047 / _T
CONTEST_ON_OTHER = 0.305 / _T
CONTEST_RIM_NEW = 0.221 / _T
CONTEST_RIM_REACHED = -0.631 / _T
#: Pentobi counts a cell around the piece twice as an attach point and once as an
#: adjacent point: for an own piece -0.273 and -0.022, for the other colour's -0.597 and -0.049.
CONTEST_RIM_OWN = (2 * -0.273 - 0.022) / _T
CONTEST_RIM_OTHER = (2 * -0.597 - 0.049) / _T
CONTEST_NEAR_LAST = 0.203 / _T

_CONTEST_BASE: dict = {}


def _contest_base(geo, piece_sizes) -> list:
    """Per placement: what its contest rank holds whatever the position (its piece,
    its cells counted as any, every cell around it counted as the other colour's)."""
    base = _CONTEST_BASE.get(id(geo))
    if base is None:
        base = [CONTEST_PIECE[piece_sizes[m]] + max(1, piece_sizes[m]) * CONTEST_ON_OTHER
                + _popcount(geo.rim_of[m]) * CONTEST_RIM_OTHER for m in range(geo.placements)]
        _CONTEST_BASE[id(geo)] = base
    return base


#: The colour's moves (its two opening 1x1s included) that ``contest_prior`` ranks:
#: its first four pieces.  Later it ranks as ``prior``.
CONTEST_MOVES = 6


def contest_prior(state, moves) -> list:
    """Contested cells first (``CONTEST_PIECE`` and the weights after it), in the
    two-colour game for the colour's first four pieces after its opening 1x1s;
    ``prior`` elsewhere."""
    colour = state.colour
    if len(state.owned) != 2 or state.left[colour][0] > 1 \
            or sum(1 for c, _ in state.moves if c == colour) >= CONTEST_MOVES:
        return prior(state, moves)
    geo = state.geo
    base = _contest_base(geo, _tables(state)[4])
    empty = geo.mask & ~state.occupied
    own = state.owned[colour]
    reached = state.rims[colour] & empty
    growth = state.rims[1 - colour] & empty
    near_last = 0
    if state.moves and state.moves[-1][0] != colour:
        near_last = geo.rim_of[state.moves[-1][1]] & empty
    on_growth = CONTEST_ON_GROWTH - CONTEST_ON_OTHER
    rim_reached = CONTEST_RIM_REACHED - CONTEST_RIM_NEW
    rim_free = CONTEST_RIM_NEW - CONTEST_RIM_OTHER
    rim_own = CONTEST_RIM_OWN - CONTEST_RIM_OTHER
    mask_of, rim_of = geo.mask_of, geo.rim_of
    count = _popcount
    out = []
    for m in moves:
        mask = mask_of[m]
        rim = rim_of[m]
        out.append(base[m] + on_growth * count(mask & growth) + rim_reached * count(rim & reached)
                   + rim_free * count(rim & empty) + rim_own * count(rim & own)
                   + (CONTEST_NEAR_LAST if mask & near_last else 0.0))
    return out


def contest_order(state, moves, rng) -> list:
    """``order`` by ``contest_prior``."""
    return _order_by(contest_prior, state, moves, rng)


#: Other rankings a level may name (``prior``: "contest").
PRIORS = {"contest": (contest_prior, contest_order)}


def continuation(old, new):
    """The moves leading from position ``old`` to ``new`` of the same game, or None."""
    if old.variant != new.variant or new.moves[:len(old.moves)] != old.moves:
        return None
    return [m for _, m in new.moves[len(old.moves):]]


#: How much farther from the middle than the nearest free cell a colour's two
#: opening 1x1s may go, per variant (cells; variants not listed: anywhere).  After
#: Pentobi, whose search considers only the free cells nearest the middle for the
#: opening 1x1s of the two-colour game.  Judged by the territory evaluation alone,
#: Hard spread them towards the edges (e11 or e5 after Pentobi's f10), leaving the
#: middle to a first player who heads there at once.
OPENING_SPREAD = {"callisto_2": 0.0}


def opening_ones(state, moves) -> list:
    """``moves``, less the opening 1x1s that ``OPENING_SPREAD`` keeps out."""
    spread = OPENING_SPREAD.get(state.variant)
    if spread is None or state.colour is None or state.left[state.colour][0] <= 1:
        return moves
    one_rank = _tables(state)[5]
    ranks = [one_rank.get(m) for m in moves]
    if None in ranks:       # not only opening 1x1s: leave them all
        return moves
    bar = max(ranks) - spread - 1e-9
    return [m for m, r in zip(moves, ranks) if r >= bar]


def order(state, moves, rng) -> list:
    """``moves`` by ``prior``, best last; a random fraction of a point breaks ties.
    The opening 1x1s of the two-colour game go near the middle only (``opening_ones``)."""
    return _order_by(prior, state, moves, rng)


def _order_by(rank, state, moves, rng) -> list:
    """``moves`` less the opening 1x1s kept out, by ``rank``, best last; a random
    hundredth of a point breaks ties."""
    moves = opening_ones(state, moves)
    ranks = rank(state, moves)
    rand = rng.random
    keyed = sorted(zip([r + 0.01 * rand() for r in ranks], moves))
    return [m for _, m in keyed]


def playout(state, moves, rng):
    """Mostly a random placement of the biggest piece that fits; sometimes any move."""
    if rng.random() < 0.2:
        return moves[int(rng.random() * len(moves))]
    piece_sizes = _tables(state)[4]
    best = max(piece_sizes[m] for m in moves)
    big = [m for m in moves if piece_sizes[m] == best]
    return big[int(rng.random() * len(big))]
