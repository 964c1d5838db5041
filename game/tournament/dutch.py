"""The FIDE Dutch system (Handbook C.04.3, with the basic rules of C.04.1): the
pairing of the next Swiss round from each player's history.

Pure Python over plain records (``PlayerRecord``, one per entrant); it knows
nothing of ``model`` and imports nothing from this package.  ``pairing`` turns
a ``Tournament`` into records and the answer into boards.

How it works.  The rules rank every candidate pairing of a round by a list of
criteria in strict priority order: the absolute ones (no rematch, no second
bye, no clash of absolute colour preferences, C1-C3) and completion (C4) must
hold; then the quality criteria (most pairs in the bracket, least score
difference, the brackets below, the bye's unplayed games, colours, floats
repeated from the last two rounds, C5-C21); then the order in which the rules
try transpositions and exchanges.  Such a list is a lexicographic order, and
a lexicographic order of per-board quantities is a sum of per-board numbers
in fields of bits, the first criterion in the highest field, each field wide
enough that the sums never carry into the next.  The best pairing is then a
maximum-weight matching of the graph whose vertices are the players and whose
edges are the boards allowed.  Python's integers are unbounded, and
``networkx.max_weight_matching`` works in integers only when every weight is
an ``int`` (its duals stay exact), so the weights carry every criterion whole.

Score brackets are paired from the top down, as the rules say: each bracket's
boards are fixed by one or two matchings over every player still unpaired
(so that the players below can always be completed), the first choosing the
moved-down players' opponents, the second the exchanges and the transposition
of the rest; the players it leaves float down into the next bracket.

Points are counted in half points (a win 2, a draw 1).  ``WHITE`` is the
first mover, ``BLACK`` the second.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

WHITE, BLACK = "w", "b"
#: Points in half points.
WIN, DRAW, LOSS = 2, 1, 0
DOWN, UP = 1, 2


@dataclass(frozen=True)
class RoundEntry:
    """What one round was for one player.

    ``opponent``: the entrant met (None for no opponent); ``played``: the
    game was played over the board (a forfeit was not); ``colour``: ``WHITE``
    or ``BLACK`` for a game paired, None otherwise; ``points`` in half
    points; ``paired``: the player took part in the pairing of that round (a
    game, a forfeit or the pairing-allocated bye), as against a requested
    bye, an absence, or a round before a late entry.  ``pab``: the
    pairing-allocated bye.
    """

    opponent: int | None
    played: bool
    colour: str | None
    points: int
    paired: bool
    pab: bool = False


@dataclass(frozen=True)
class PlayerRecord:
    """One entrant as the pairing sees it: ``rank`` is the place in the initial
    ranking (0 first), ``rounds`` one entry per round played so far, and
    ``pair`` whether to pair the entrant this round (False: withdrawn, on a
    requested bye, not yet entered)."""

    entrant: int
    rank: int
    rounds: tuple
    pair: bool = True

    @property
    def points(self) -> int:
        return sum(r.points for r in self.rounds)


@dataclass
class DutchPairing:
    """The answer: ``boards`` as (first mover, second mover) entrants in board
    order, ``bye`` the entrant given the pairing-allocated bye (or None), and
    ``relaxed`` True when no pairing kept the absolute criteria and the one
    given breaks the fewest (a rematch, a second bye or a colour clash)."""

    boards: list
    bye: int | None
    relaxed: bool = False


class _Player:
    """The facts the criteria read, worked out once from a ``PlayerRecord``."""

    def __init__(self, record: PlayerRecord, rounds_played: int, win: int):
        self.id = record.entrant
        self.rank = record.rank
        self.rounds = record.rounds
        self.score = record.points
        self.met = {r.opponent for r in record.rounds if r.played and r.opponent is not None}
        colours = [r.colour for r in record.rounds if r.played]
        self.colours = colours
        self.played_games = len(colours)
        whites = colours.count(WHITE)
        blacks = len(colours) - whites
        lower = BLACK if whites > blacks else WHITE
        self.imbalance = abs(whites - blacks)
        run = 0
        for c in reversed(colours):
            if c != colours[-1]:
                break
            run += 1
        last = colours[-1] if colours else None
        other = {WHITE: BLACK, BLACK: WHITE, None: None}
        if self.imbalance > 1:
            self.pref = lower
        elif run > 1:
            self.pref = other[last]
        elif self.imbalance > 0:
            self.pref = lower
        elif run:
            self.pref = other[last]
        else:
            self.pref = None
        self.repeated = last if run > 1 else None
        self.abs_imbalance = self.imbalance > 1
        self.absolute = self.abs_imbalance or self.repeated is not None
        self.strong = not self.absolute and self.imbalance > 0
        # C.04.1: no second pairing-allocated bye, nor a bye after a point
        # scored without playing (a forfeit win, a full-point bye).
        self.eligible = not any(
            (not r.played and r.points >= win) or r.pab for r in record.rounds)
        self.float1 = self._float(1, rounds_played)
        self.float2 = self._float(2, rounds_played)

    def score_before(self, rounds_back: int) -> int:
        return self.score - sum(r.points for r in self.rounds[len(self.rounds) - rounds_back:])

    def _float(self, back: int, rounds_played: int):
        if rounds_played < back or len(self.rounds) < back:
            return None
        entry = self.rounds[len(self.rounds) - back]
        if not entry.played:
            return DOWN if entry.points > LOSS else None
        return entry  # resolved against the opponent once every player is known


def _other(colour):
    return {WHITE: BLACK, BLACK: WHITE}.get(colour)


class _Fields:
    """Packs per-board values into one integer, the first field the most significant.

    Each field is as wide as its largest per-board value plus room for the sum
    over every board, so that a sum never carries into the field above."""

    def __init__(self, headroom: int):
        self.headroom = headroom
        self.widths = []

    def add(self, largest: int) -> int:
        self.widths.append(max(1, int(largest).bit_length()) + self.headroom)
        return len(self.widths) - 1

    def shifts(self):
        out, at = [], 0
        for width in reversed(self.widths):
            out.append(at)
            at += width
        return list(reversed(out)), at


def pair_round(records, rounds_played: int, total_rounds: int, win: int = WIN,
               initial_colour: str = WHITE, forbidden=()) -> DutchPairing:
    """The Dutch pairing of round ``rounds_played + 1`` of ``total_rounds``.

    ``records`` lists every entrant (``PlayerRecord``); ``forbidden`` holds
    extra pairs (frozensets of entrants) that must not meet.  Raises
    ValueError when fewer than two entrants are to be paired."""
    players = [_Player(r, rounds_played, win) for r in records if r.pair]
    if len(players) < 2:
        raise ValueError("fewer than two entrants are left to pair")
    by_id = {p.id: p for p in players}
    everyone = {r.entrant: r for r in records}
    for p in players:
        for attr, back in (("float1", 1), ("float2", 2)):
            entry = getattr(p, attr)
            if isinstance(entry, RoundEntry):
                mine = p.score_before(back)
                opp = everyone.get(entry.opponent)
                theirs = (_Player(opp, rounds_played, win).score_before(back)
                          if opp is not None else mine)
                setattr(p, attr, DOWN if mine > theirs else UP if mine < theirs else None)
    # The effective pairing numbers count the entrants taking part (C.04.2): those
    # to pair now and those who have been paired before.
    valid = sorted((r for r in records if r.pair or any(x.paired for x in r.rounds)),
                   key=lambda r: r.rank)
    rank_index = {r.entrant: i for i, r in enumerate(valid)}
    for p in players:
        p.rank_index = rank_index[p.id]
    players.sort(key=lambda p: (-p.score, p.rank_index))
    last_round = rounds_played >= total_rounds - 1
    forbidden = {frozenset(f) for f in forbidden}
    engine = _Engine(players, rounds_played, last_round, forbidden)
    matched, relaxed = engine.run()
    boards = []
    bye = None
    for v, p in enumerate(players):
        w = matched.get(v)
        if w is None:
            bye = p.id
        elif v < w:
            q = players[w]
            first = _colour_for(p, q, initial_colour) == WHITE
            boards.append((p, q) if first else (q, p))
    boards.sort(key=lambda ab: _board_order(ab[0], ab[1]))
    return DutchPairing([(a.id, b.id) for a, b in boards], bye, relaxed)


def _board_order(a, b):
    high, low = (a, b) if (a.score, -a.rank_index) >= (b.score, -b.rank_index) else (b, a)
    return (-high.score, -low.score, high.rank_index)


class _Engine:
    """One round's matchings over the players in pairing order (score, then rank)."""

    def __init__(self, players, rounds_played, last_round, forbidden):
        self.players = players
        self.n = n = len(players)
        self.rounds_played = rounds_played
        self.last_round = last_round
        self.forbidden = forbidden
        self.relaxed = False
        # score groups, top down: list of (first vertex, end vertex)
        groups = []
        for v, p in enumerate(players):
            if not groups or players[groups[-1][0]].score != p.score:
                groups.append([v, v + 1])
            else:
                groups[-1][1] = v + 1
        self.groups = [tuple(g) for g in groups]
        self.group_of = {}
        for gi, (a, b) in enumerate(self.groups):
            for v in range(a, b):
                self.group_of[v] = gi
        # every score's slot in a score field: lower scores in lower bits
        headroom = (2 * n + 2).bit_length()
        self.headroom = headroom
        self.score_shift = {}
        at = 0
        for a, b in reversed(self.groups):
            self.score_shift[players[a].score] = at
            at += max(1, (2 * (b - a)).bit_length()) + headroom
        self.score_width = at
        self.top = players[0].score

    # --- the absolute criteria -------------------------------------------------
    def compatible(self, u: int, v: int) -> bool:
        p, q = self.players[u], self.players[v]
        if q.id in p.met or frozenset((p.id, q.id)) in self.forbidden:
            return False
        if p.absolute and q.absolute and p.pref == q.pref:
            # C.04.3 C3: only topscorers in the last round may meet then
            return self.last_round and (p.score > self.rounds_played
                                        or q.score > self.rounds_played)
        return True

    # --- matchings ---------------------------------------------------------------
    def match(self, active, weight):
        """A maximum-weight matching of ``active`` vertices; ``weight(u, v)`` (u < v)
        is 0 for a board not allowed.  Returns {vertex: partner} both ways."""
        graph = nx.Graph()
        graph.add_nodes_from(active)
        for i, u in enumerate(active):
            for v in active[i + 1:]:
                w = weight(u, v) if u < v else weight(v, u)
                if w > 0:
                    graph.add_edge(u, v, weight=w)
        mate = {}
        for u, v in nx.max_weight_matching(graph):
            mate[u] = v
            mate[v] = u
        return mate

    def run(self):
        n = self.n
        self.compat = [[False] * n for _ in range(n)]
        # when no pairing keeps C1-C3: first the fewest rematches, then no second bye,
        # then the fewest colour clashes (three fields of ``clean``)
        self.clean = [[0] * n for _ in range(n)]
        for u in range(n):
            for v in range(u + 1, n):
                self.compat[u][v] = self.compat[v][u] = self.compatible(u, v)
                p, q = self.players[u], self.players[v]
                fresh = q.id not in p.met and frozenset((p.id, q.id)) not in self.forbidden
                colours_ok = int(self.compat[u][v] or not fresh)
                byes_ok = (not p.eligible) + (not q.eligible)
                hr = self.headroom
                self.clean[u][v] = self.clean[v][u] = (
                    (((fresh << hr) | byes_ok) << hr) | colours_ok) << hr
        # The bye's score is nearly always the lowest score of a player who may take
        # it; the first matching tells whether it is (and whether the round can be
        # paired at all).  Otherwise the bye's score is looked for first.
        eligible = [p.score for p in self.players if p.eligible]
        guess = min(eligible) if eligible else None
        if n % 2 == 0 or (guess is not None and guess < self.top):
            self.bye_score = guess if n % 2 else 0
            self.bye_rank = {}
            self.single_downfloater_bye = False
            if n % 2:
                self._rank_unplayed()
            final = self._pair_brackets(check=True)
            if final is not None:
                return final, False
        if not self._feasible():
            self.relaxed = True
        self._setup_bye()
        return self._pair_brackets(check=False), self.relaxed

    def _ok(self, u, v):
        return self.relaxed or self.compat[u][v]

    def _feasible(self) -> bool:
        """Whether some pairing keeps C1-C3 with the bye (if any) to an eligible player."""
        n = self.n
        eligible = [p.eligible for p in self.players]

        def weight(u, v):
            if not self.compat[u][v]:
                return 0
            return 1 + (not eligible[u]) + (not eligible[v])
        mate = self.match(list(range(n)), weight)
        single = [v for v in range(n) if v not in mate]
        return len(single) == n % 2 and all(eligible[v] for v in single)

    def _setup_bye(self):
        """The score of the bye's player (C.04.3: the lowest score that can take it), and
        the played games of each player on that score (C9: the bye goes to the player
        with the fewest unplayed games)."""
        n = self.n
        players = self.players
        self.bye_score = 0
        self.bye_rank = {}
        self.single_downfloater_bye = False
        if n % 2 == 0:
            return
        top = self.top

        # the bye goes to the lowest score group that can take it: maximise the
        # score slots of the players paired
        order = {s: i for i, s in enumerate(sorted({p.score for p in players}))}

        def weight2(u, v):
            if not self._ok(u, v):
                return 0
            w = 1 + (not players[u].eligible) + (not players[v].eligible)
            if self.relaxed:
                w += self.clean[u][v] << 2
            bits = (n + 1).bit_length() + 8
            w = (w << (2 * bits)) | (order[players[u].score] + order[players[v].score]) << bits
            w |= players[v].score >= top
            return w
        mate = self.match(list(range(n)), weight2)
        single = [v for v in range(n) if v not in mate]
        bye = single[0] if single else n - 1
        self.bye_score = players[bye].score
        if self.bye_score >= top:
            self.single_downfloater_bye = all(
                players[mate[v]].score >= top for v in range(n)
                if players[v].score >= top and v in mate)
        self._rank_unplayed()

    def _rank_unplayed(self):
        counts = sorted((p.played_games for p in self.players if p.score == self.bye_score),
                        reverse=True)
        self.bye_rank = {}
        for i, c in enumerate(counts):
            self.bye_rank[c] = i

    # --- the weights -----------------------------------------------------------
    def _layout(self):
        """The fields of a board's weight, top down (see ``_base``)."""
        n = self.n
        f = _Fields(self.headroom)
        self.F = {}
        self.F["completion"] = f.add(3)
        self.F["pairs"] = f.add(1)
        self.F["scores"] = len(f.widths)
        f.widths.append(self.score_width)
        self.F["next_pairs"] = f.add(1)
        self.F["next_scores"] = len(f.widths)
        f.widths.append(self.score_width)
        self.F["bye_unplayed"] = f.add(2 * n)
        for name in ("c_abs_imbalance", "c_abs_repeat", "c_pref", "c_strong"):
            self.F[name] = f.add(1)
        if self.rounds_played >= 1:
            self.F["down1"] = f.add(2)
            self.F["up1"] = f.add(1)
        if self.rounds_played >= 2:
            self.F["down2"] = f.add(2)
            self.F["up2"] = f.add(1)
        if self.rounds_played >= 1:
            self.F["down1_scores"] = len(f.widths)
            f.widths.append(self.score_width)
            self.F["up1_scores"] = len(f.widths)
            f.widths.append(self.score_width)
        if self.rounds_played >= 2:
            self.F["down2_scores"] = len(f.widths)
            f.widths.append(self.score_width)
            self.F["up2_scores"] = len(f.widths)
            f.widths.append(self.score_width)
        shifts, total = f.shifts()
        self.shift = {name: shifts[i] for name, i in self.F.items()}
        if self.relaxed:
            self.shift["absolute"] = total + 8
        self.base_width = total + 16

    def _completion(self, u, v) -> int:
        """The top of every board's weight: a board at all (the most boards, C4), and
        players who cannot take the bye paired before those who can (C2, C.04.3's bye)."""
        p, q = self.players[u], self.players[v]
        cand = lambda x: x.eligible and x.score <= self.bye_score  # noqa: E731
        w = (1 + (not cand(p)) + (not cand(q))) << self.shift["completion"]
        if self.relaxed:
            w |= self.clean[u][v] << self.shift["absolute"]
        return w

    def _base(self, h, l, in_current, in_next) -> int:
        """The weight of the board of ``h`` and ``l`` (h ranked above l) while the
        bracket is paired; ``in_current``/``in_next``: ``l`` is a resident of the
        bracket / of the next score group."""
        if not self._ok(h, l):
            return 0
        P = self.players
        ph, pl = P[h], P[l]
        s = self.shift
        w = self._completion(h, l)
        sh = self.score_shift
        if in_current:
            w |= 1 << s["pairs"]
            w |= 1 << (s["scores"] + sh[ph.score])
        if in_next:
            w |= 1 << s["next_pairs"]
            w |= 1 << (s["next_scores"] + sh[ph.score])
        if self.single_downfloater_bye:
            rank = 0
            if ph.score == self.bye_score:
                rank += self.bye_rank[ph.played_games]
            if pl.score == self.bye_score:
                rank += self.bye_rank[pl.played_games]
            w += rank << s["bye_unplayed"]
        if not in_current:
            return w
        a, b = pl, ph
        same = a.pref == b.pref and a.pref is not None
        if not (a.abs_imbalance and b.abs_imbalance and same):
            w |= 1 << s["c_abs_imbalance"]
        ok = True
        if a.absolute and b.absolute and same:
            if a.imbalance == b.imbalance:
                ok = a.repeated is None or a.repeated != b.repeated
            else:
                loser = b if a.imbalance > b.imbalance else a
                ok = loser.repeated != _other(a.pref)
        if ok:
            w |= 1 << s["c_abs_repeat"]
        if not same:
            w |= 1 << s["c_pref"]
        if ((not a.strong and not a.absolute) or (not b.strong and not b.absolute)
                or (a.absolute and b.absolute) or a.pref != b.pref):
            w |= 1 << s["c_strong"]
        higher = ph.score > pl.score
        if self.rounds_played >= 1:
            w += ((pl.float1 == DOWN) + (not higher and ph.float1 == DOWN)) << s["down1"]
            w |= int(not (higher and pl.float1 == UP)) << s["up1"]
            w += int(pl.float1 == DOWN) << (s["down1_scores"] + sh[pl.score])
            w += int(ph.float1 == DOWN) << (s["down1_scores"] + sh[ph.score])
            if not (pl.float1 == UP and higher):
                w |= 1 << (s["up1_scores"] + sh[ph.score])
        if self.rounds_played >= 2:
            w += ((pl.float2 == DOWN) + (not higher and ph.float2 == DOWN)) << s["down2"]
            w |= int(not (higher and pl.float2 == UP)) << s["up2"]
            w += int(pl.float2 == DOWN) << (s["down2_scores"] + sh[pl.score])
            w += int(ph.float2 == DOWN) << (s["down2_scores"] + sh[ph.score])
            if not (pl.float2 == UP and higher):
                w |= 1 << (s["up2_scores"] + sh[ph.score])
        return w

    # --- the brackets ------------------------------------------------------------
    def _base_for(self, gi: int, flag: bool):
        """``base(h, l)``: the weight of a board while bracket ``gi`` is paired (kept)."""
        groups = self.groups
        cb, nb = groups[gi]
        nn = groups[gi + 1][1] if gi + 1 < len(groups) else nb
        cache = {}
        saved = self.single_downfloater_bye

        def base(h, l):
            key = (h, l)
            w = cache.get(key)
            if w is None:
                if l < cb:
                    w = 0            # two moved-down players never meet here
                elif not self._ok(h, l):
                    w = 0
                elif l >= nn:
                    w = self._completion(h, l)
                else:
                    self.single_downfloater_bye = flag
                    w = self._base(h, l, cb <= l < nb, nb <= l < nn)
                    self.single_downfloater_bye = saved
                cache[key] = w
            return w
        return base

    def _movers_low(self, gi: int, movers):
        """The order of the moved-down players into bracket ``gi``: (width, low(h, l)):
        first the highest paired in the bracket, then each in turn with the highest
        resident it can have."""
        cb, nb = self.groups[gi]
        k = len(movers)
        if not k:
            return 0, lambda h, l: 0
        size = nb - cb
        rb = (size + 1).bit_length() + self.headroom
        a2 = k * rb
        width = k + self.headroom + a2
        mpos = {m: i for i, m in enumerate(movers)}

        def low(h, l):
            i = mpos.get(h)
            if i is None or not cb <= l < nb:
                return 0
            return (1 << (a2 + k - 1 - i)) | ((size - (l - cb)) << ((k - 1 - i) * rb))
        return width, low

    def _remainder_low(self, remainder, pairs: int):
        """The rest of a bracket (``remainder``, ``pairs`` boards among them): (width,
        low(h, l)).  The fewest exchanges, then the smallest difference of their
        numbers, the lowest of S1 and the highest of S2 exchanged first; then each S1
        player with the highest opponent left."""
        size = len(remainder)
        ridx = {r: i for i, r in enumerate(remainder)}
        s1 = pairs
        hr = self.headroom
        cw = (size + 1).bit_length() + hr          # one head's slot
        s2n = size - s1
        t2_shift = size * cw
        t1_shift = t2_shift + s2n + hr
        b2_shift = t1_shift + s1 + hr
        b1_shift = b2_shift + (size * size + 1).bit_length() + hr
        width = b1_shift + 2 + hr
        full_s1 = ((1 << s1) - 1) << t1_shift

        def low(h, l):
            i = ridx.get(h)
            j = ridx.get(l)
            if i is None or j is None:
                return 0
            w = (size - i) << b2_shift
            if i < s1:
                w |= 1 << b1_shift
            # S1 players from the bottom up prefer not to be a head: a penalty on each
            # head board (with a constant so that weights stay positive)
            w += full_s1
            if i < s1:
                w -= 1 << (t1_shift + i)
            else:
                w += 1 << (t2_shift + (s2n - 1 - (i - s1)))
            return w + ((size - j) << ((size - 1 - i) * cw))
        return width, low

    def _pair_brackets(self, check: bool):
        """Pair the brackets top down.  Each matching holds a bracket's own order and,
        below it, the next bracket's weights and the order of its moved-down players,
        so that one matching a bracket serves.  With ``check``, None when the first
        matching shows the bye's score guessed wrong or no pairing keeps C1-C3."""
        n = self.n
        self._layout()
        groups = self.groups
        final = {}
        bw = self.base_width
        base = self._base_for(0, self.single_downfloater_bye)
        mate = self.match(list(range(n)), base)
        if check:
            single = [v for v in range(n) if v not in mate]
            if len(single) != n % 2 or any(
                    not self.players[v].eligible or self.players[v].score != self.bye_score
                    for v in single):
                return None
        movers = []
        for gi, (cb, nb) in enumerate(groups):
            residents = range(cb, nb)
            for m in movers:
                r = mate.get(m)
                if r is not None and cb <= r < nb:
                    final[m] = r
                    final[r] = m
            movers = [m for m in movers if m not in final]
            remainder = [r for r in residents if r not in final]
            rset = set(remainder)
            pairs = sum(1 for r in remainder if mate.get(r) in rset and mate[r] < r)
            active = [v for v in range(n) if v not in final]
            rw, rlow = self._remainder_low(remainder, pairs)
            last = gi + 1 == len(groups)
            if last:
                mate = self.match(active, lambda h, l: (base(h, l) << rw) + rlow(h, l)
                                  if base(h, l) else 0)
            else:
                ncb = groups[gi + 1][0]
                nxt = self.players[ncb].score
                ng = groups[gi + 1]
                prelim = n % 2 == 1 and self.bye_score >= nxt
                maybe = sorted(movers + remainder)
                aw, alow = self._movers_low(gi + 1, maybe)
                for flag in (prelim, not prelim):
                    base2 = self._base_for(gi + 1, flag)

                    def weight(h, l, base=base, base2=base2):
                        w = base(h, l)
                        if not w:
                            return 0
                        w = (w << rw) + rlow(h, l)
                        return (((w << bw) + base2(h, l)) << aw) + alow(h, l)
                    mate = self.match(active, weight)
                    fell = [r for r in remainder if mate.get(r) not in rset]
                    got = prelim
                    if got:
                        for m in movers + fell + list(range(ng[0], ng[1])):
                            q = mate.get(m)
                            if q is not None and self.players[q].score < nxt:
                                got = False
                    if got == flag or not prelim:
                        break
                base = base2
            fell = []
            for r in remainder:
                q = mate.get(r)
                if q is not None and q in rset:
                    final[r] = q
                else:
                    fell.append(r)
            movers = sorted(movers + fell)
        return final


def _colour_for(p, q, initial_colour):
    """The colour ``p`` gets against ``q`` (C.04.3's colour allocation rules)."""
    result = _neutral_colour(p, q)
    if result is not None:
        return result
    p_lower = (p.score, -p.rank_index) < (q.score, -q.rank_index)
    if p.pref is None:
        if p_lower:
            return initial_colour if q.rank_index % 2 else _other(initial_colour)
        return _other(initial_colour) if p.rank_index % 2 else initial_colour
    return _other(q.pref) if p_lower else p.pref


def _neutral_colour(p, q):
    if p.pref != q.pref or p.pref is None or q.pref is None:
        if p.pref is not None:
            return p.pref
        if q.pref is not None:
            return _other(q.pref)
        return None
    if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
        return p.pref
    if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
        return _other(q.pref)
    if p.strong and not q.strong:
        return p.pref
    if q.strong and not p.strong:
        return _other(q.pref)
    # the most recent round in which their colours differed: alternate from it
    for a, b in zip(reversed(p.colours), reversed(q.colours)):
        if a != b:
            return b
    return None
