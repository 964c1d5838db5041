"""Monte Carlo tree search with UCT, written once over the engine contract.

Rewards are vectors, one value in [0, 1] per player, so the same search
serves two to four players and turns where the same player moves again
(Calla's free turns, Iriri's place-then-take).  Every node keeps the sum of
the reward vectors that passed through it; a parent picks the child best for
the player to move there.

Two ways through the tree:

- Deterministic games (closed loop): a node keeps its state and its untried
  moves; the search can prove wins (``solver``).
- Games with chance (the game declares it, ``GameSpec.chance``: Calliro's chip
  draws): the state's own seed fixes its future draws, and a search that read
  it would know the future.  So every iteration starts from a re-seeded copy
  of the root (``knowledge.reseed``: the same position with a fresh random
  seed) and replays its moves down the tree: nodes stand for move sequences,
  each draw on the way is a fresh sample, and a node's statistics average over
  the chance outcomes (open-loop MCTS).  A child's exploration term counts the
  iterations in which its move was legal (availability), since legal moves
  may differ from sample to sample.

Large move lists (Callisto) use the plug-in's prior with progressive
widening: a node with ``n`` visits considers only its best
``base + factor * n ** power`` moves.

Levels may ask for more (closed loop only): ``fast_rollout`` plays out with the
plug-in's own ``rollout``, and ``rave`` then shares each playout's moves with
the sibling moves of the tree they match (all moves as first); ``keep_tree``
lets a level's search go on from the subtree its last search left, and
``settle`` False has it use its whole budget even once its move is settled.

Budget: a level's search makes a number of iterations (``iterations``), so the
same generator and budget give the same move however busy the machine is;
``deadline``, a wall-clock cap (``levels.WALL_CAP`` times the level's seconds),
only stops a search that got too little of the processor to finish its
iterations in time (``Search.capped`` says so).  A search with a deadline is a
level's search: it may stop once its move is settled and keep its tree.
"""

from __future__ import annotations

import math
import time

from .levels import ranking

_LOG = math.log
_SQRT = math.sqrt

#: Samples a move must win in, with chance, to be played as an immediate win.
PROBES = 4

#: A level's search checks every this many iterations whether it may stop early.
SETTLE_EVERY = 32


#: The subtree each (game, level) left after its last level's search, for the next
#: one to go on from (``Search.kept_root``), with the search's ``memory``.
_KEPT: dict = {}


class Node:
    __slots__ = ("move", "children", "untried", "visits", "value", "state", "mover", "proven",
                 "avail", "reward", "amaf_n", "amaf_v")

    def __init__(self, move, state, n_players):
        self.move = move
        self.children = []          # closed loop: list; open loop: {move: Node}
        self.untried = None         # closed loop only: moves not yet expanded, best last
        self.visits = 0
        self.value = [0.0] * n_players
        self.state = state          # closed loop only
        self.mover = None
        self.proven = None          # player proven to win from here (closed loop)
        self.avail = 0              # open loop: iterations in which the move was legal
        self.reward = None          # a finished game's reward vector
        self.amaf_n = 0             # playouts in which this move's player played it later
        self.amaf_v = 0.0           # (all moves as first, RAVE): their reward for that player


def tanh_margin(scores, scale: float) -> list:
    """Per player 0.5 + 0.5 * tanh((own score - best other score) / scale)."""
    n = len(scores)
    out = []
    for p in range(n):
        other = max(scores[q] for q in range(n) if q != p)
        out.append(0.5 + 0.5 * math.tanh((scores[p] - other) / scale))
    return out


def greedy_playout(state, moves, rng, sample: int = 4, explore: float = 0.15):
    """A playout move for score-driven games: of a few random moves, the one
    that gains the mover most over the others at once (sometimes any move)."""
    if len(moves) == 1 or rng.random() < explore:
        return moves[int(rng.random() * len(moves))]
    mover = state.to_move
    before = state.scores
    best, best_gain = None, None
    for _ in range(min(sample, len(moves))):
        move = moves[int(rng.random() * len(moves))]
        after = state.play(move)
        if after.is_over and after.winner == mover:
            return move
        scores = after.scores
        gain = 0.0
        for p, (a, b) in enumerate(zip(scores, before)):
            gain += (a - b) if p == mover else (b - a) / max(1, len(scores) - 1)
        if best_gain is None or gain > best_gain:
            best, best_gain = move, gain
    return best


def generic_reseed(spec, state, rng):
    """The same position with a fresh random ``seed`` (future draws unknown): a game
    with chance keeps its ``seed`` in its position (``docs/engine.md``)."""
    data = state.position()
    data["seed"] = rng.randrange(2**31)
    return spec.from_position(data)


class Search:
    """One search from ``state``; ``run()`` returns the chosen move."""

    def __init__(self, spec, state, level, knowledge, rng, deadline=None, iterations=None,
                 clock=None):
        self.spec = spec
        self.root_state = state
        self.level = level
        self.know = knowledge
        self.rng = rng
        self.deadline = deadline
        self.iterations = iterations if (iterations or deadline is not None) else 1000
        self.n = len(state.scores)
        self.c = level.c
        self.scale = float(knowledge.SCORE_SCALE)
        self.margin = level.margin
        self.chance = spec.chance
        self.solver = level.solver and not self.chance
        if isinstance(level.prior, str):     # another ranking the plug-in offers
            self.prior, self.order = ranking(knowledge, level.prior,
                                             f"{spec.name}: level {level.name!r}")
        else:
            self.prior = knowledge.prior if level.prior else None
            self.order = knowledge.order if self.prior is not None else None
        self.widen = level.widen if self.prior is not None else None
        self.expand = level.expand
        self.policy = knowledge.playout if level.policy else None
        self.evaluator = knowledge.evaluate
        self.fast_rollout = knowledge.rollout if level.fast_rollout else None
        # RAVE needs the moves of the playouts: only with the plug-in's own rollout.
        # The value is the visits at which real and shared means weigh alike.
        self.rave = level.rave if self.fast_rollout is not None else None
        self.playout_depth = level.playout_depth
        # What the plug-in's rollout keeps across this search's playouts (the running
        # statistics of quality rewards; None: the rollout judges by its evaluation);
        # a search that goes on from a kept tree goes on with its memory.
        self.memory = {} if level.quality else None
        self.reseed = knowledge.reseed or (lambda s, r: generic_reseed(spec, s, r))
        self.done = 0               # iterations made
        # ``deadline`` is a wall-clock cap on the clock ``clock`` (by default
        # ``time.perf_counter``); the budget itself is ``iterations``.
        self.clock = clock or time.perf_counter
        self.capped = False         # stopped by the deadline before its iterations were done
        # A level's search stops once its move is settled, unless its level says to
        # think on (``settle`` False): with a kept tree, the rest of the budget
        # deepens the line it plays, which its next search goes on from.
        self.settle = level.settle
        # A level's search may go on from the subtree its last search left
        # (the plug-in's ``continuation`` finds the moves played since).
        self.keep = None
        if level.keep_tree and deadline is not None and not self.chance \
                and knowledge.continuation is not None:
            self.keep = (spec.name, level.name)

    # --- rewards -------------------------------------------------------------
    def outcome(self, state) -> list:
        winner = state.winner
        n = self.n
        if winner is None:
            base = [1.0 / n] * n
        else:
            base = [0.0] * n
            base[winner] = 1.0
        if not self.margin:
            return base
        w = self.margin
        shaped = tanh_margin(state.scores, self.scale)
        return [(1 - w) * b + w * s for b, s in zip(base, shaped)]

    def evaluate(self, state) -> list:
        if self.evaluator is not None:
            return list(self.evaluator(state))
        return tanh_margin(state.scores, self.scale)

    def win_vector(self, winner) -> list:
        out = [0.0] * self.n
        out[winner] = 1.0
        return out

    def rollout(self, state, played=None) -> list:
        limit = self.playout_depth
        if self.fast_rollout is not None:
            return self.fast_rollout(state, self.rng, limit, played, self.memory)
        policy = self.policy
        rng = self.rng
        depth = 0
        while not state.is_over:
            if limit is not None and depth >= limit:
                return self.evaluate(state)
            moves = state.legal_moves()
            if policy is not None:
                move = policy(state, moves, rng)
            else:
                move = moves[int(rng.random() * len(moves))]
            state = state.play(move)
            depth += 1
        return self.outcome(state)

    # --- ordering --------------------------------------------------------------
    def ordered(self, state, moves) -> list:
        """``moves`` with the best (by prior) last; ties in random order."""
        if self.order is not None:
            return self.order(state, moves, self.rng)
        moves = list(moves)
        self.rng.shuffle(moves)
        if self.prior is not None and len(moves) > 1:
            scores = self.prior(state, moves)
            order = sorted(range(len(moves)), key=scores.__getitem__)
            moves = [moves[i] for i in order]
        return moves

    def limit(self, visits: int) -> int:
        base, factor, power = self.widen
        return int(base + factor * visits ** power)

    # --- the search ------------------------------------------------------------
    def run(self):
        state = self.root_state
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        if len(moves) == 1:
            return moves[0]
        win = self.immediate_win(state, moves)
        if win is not None:
            return win
        blunder = self.know.blunder
        if blunder is not None:
            safe = [m for m in moves if not blunder(state, m)]
            if len(safe) == 1:
                return safe[0]
            moves = safe or moves
        trap = self.know.trap if self.level.traps else None
        if trap is not None:
            safe = self.untrapped(trap, state, moves)
            if len(safe) == 1:
                return safe[0]
            moves = safe or moves
        self.root_moves = moves
        root = self.kept_root(state)
        if root is None:
            root = Node(None, state, self.n)
            root.mover = state.to_move
            if not self.chance:
                root.untried = self.ordered(state, moves)
            else:
                root.children = {}
        elif root.untried is None:
            root.untried = self.ordered(state, moves)
        step = self.iterate_open if self.chance else self.iterate_closed
        deadline, cap = self.deadline, self.iterations
        clock = self.clock
        started = clock()
        while True:
            step(root)
            self.done += 1
            if root.proven is not None:
                break
            if cap is not None and self.done >= cap:
                break
            if deadline is not None:
                now = clock()
                if now >= deadline:
                    self.capped = cap is not None
                    break
                if self.settle and self.done % SETTLE_EVERY == 0 \
                        and self.settled(root, started, now):
                    break
        move = self.best(root)
        if self.keep:
            chosen = [ch for ch in root.children if ch.move == move]
            _KEPT[self.keep] = (chosen[0], self.memory) if chosen else None
        return move

    def kept_root(self, state):
        """The node of ``state`` in the tree kept from this level's last search
        (the subtree below the move it played and the replies since), or None.
        Its visits and values count on as if this search had made them."""
        if not self.keep:
            return None
        kept = _KEPT.pop(self.keep, None)
        if kept is None:
            return None
        node, memory = kept
        path = self.know.continuation(node.state, state)
        if path is None:
            return None
        for move in path:
            if node.reward is not None:
                return None
            found = [ch for ch in node.children if ch.move == move]
            if not found:
                return None
            node = found[0]
        if node.state != state:
            return None
        # What the playouts learnt goes on with the tree they built.
        self.memory = memory
        return node

    def untrapped(self, trap, state, moves) -> list:
        """``moves`` less those the plug-in's ``trap`` calls losing a few moves on;
        the check gives up (keeping the moves not yet looked at) only once it has
        used half of the time to a search's deadline (its wall-clock cap), so the
        search itself still has time: the check counts as part of the work."""
        clock = self.clock
        stop = None
        if self.deadline is not None:
            now = clock()
            stop = now + (self.deadline - now) / 2
        safe = []
        for i, move in enumerate(moves):
            if stop is not None and clock() >= stop:
                self.capped = True
                return safe + list(moves[i:])
            if not trap(state, move):
                safe.append(move)
        return safe

    def settled(self, root, started, now) -> bool:
        """Whether the rest of a search cannot change the move played: the most
        visited root move leads the next by more visits than the iterations left
        could give it.  With an iteration budget those are what is left of it, so
        the search stops at the same iteration however busy the machine is; a
        search with a deadline only counts the time left at the rate so far."""
        children = root.children.values() if self.chance else root.children
        first = second = 0
        for child in children:
            if child.proven is not None:    # a win ends the search; a loss is never played
                continue
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        if self.iterations is not None:
            left = self.iterations - self.done
        else:
            left = self.done * (self.deadline - now) / max(now - started, 1e-9)
        return first - second > left

    def immediate_win(self, state, moves):
        """A move that wins on the spot.  With chance, on re-seeded copies: a move
        must win in each of ``PROBES`` samples (never on the state's own seed)."""
        mover = state.to_move
        probes = [self.reseed(state, self.rng) for _ in range(PROBES)] if self.chance \
            else [state]
        for move in moves:
            for probe in probes:
                after = probe.play(move)
                if not (after.is_over and after.winner == mover):
                    break
            else:
                return move
        return None

    def best(self, root):
        mover = root.mover
        children = list(root.children.values()) if self.chance else root.children
        if not children:
            return root.untried[-1]
        winning = [ch for ch in children if ch.proven == mover]
        if winning:
            return max(winning, key=lambda ch: ch.visits).move
        safe = [ch for ch in children if ch.proven is None or ch.proven == mover] or children
        return max(safe, key=lambda ch: (ch.visits, ch.value[mover] / max(1, ch.visits))).move

    # closed loop ------------------------------------------------------------------
    def new_child(self, parent, move):
        state = parent.state.play(move)
        child = Node(move, state, self.n)
        if state.is_over:
            child.reward = self.outcome(state)
            if self.solver and state.winner is not None:
                child.proven = state.winner
        else:
            child.mover = state.to_move
        parent.children.append(child)
        return child

    def iterate_closed(self, root):
        node = root
        path = [root]
        played = [] if self.rave else None
        expand = self.expand
        while True:
            if node.reward is not None:
                reward = node.reward
                break
            if node.proven is not None:
                reward = self.win_vector(node.proven)
                break
            if node.untried is None:
                if expand is not None and node is not root \
                        and node.visits <= expand[0] + expand[1] * (len(path) - 1):
                    reward = self.rollout(node.state, played)
                    break
                node.untried = self.ordered(node.state, node.state.legal_moves())
            if node.untried and (self.widen is None
                                 or len(node.children) < self.limit(node.visits)):
                child = self.new_child(node, node.untried.pop())
                path.append(child)
                if child.reward is not None:
                    reward = child.reward
                elif child.proven is not None:
                    reward = self.win_vector(child.proven)
                else:
                    reward = self.rollout(child.state, played)
                break
            node = self.select(node)
            path.append(node)
        for n in path:
            n.visits += 1
            value = n.value
            for p, r in enumerate(reward):
                value[p] += r
        if played is not None:
            self.share(path, played, reward)
        if self.solver:
            self.prove(path)

    def share(self, path, played, reward):
        """RAVE: a move played later in this iteration (tree or playout) by the
        player choosing at a node counts, as if played there, for that node's
        child of the same move."""
        first = {}
        for player, move in played:
            first[move] = player
        for i in range(len(path) - 1, -1, -1):
            node = path[i]
            mover = node.mover
            if i + 1 < len(path):
                first[path[i + 1].move] = mover
            if mover is None:
                continue
            r = reward[mover]
            for child in node.children:
                if first.get(child.move) == mover:
                    child.amaf_n += 1
                    child.amaf_v += r

    def select(self, node):
        mover = node.mover
        log_n = _LOG(node.visits + 1)
        c = self.c
        rave = self.rave
        best, best_value = None, -1.0
        for child in node.children:
            proven = child.proven
            if proven is not None:
                if proven == mover:
                    return child
                continue
            visits = child.visits
            mean = child.value[mover] / visits
            if rave and child.amaf_n:
                # the all-moves-as-first mean counts for less as real visits grow
                n = child.amaf_n
                beta = n / (n + visits + n * visits / rave)
                mean += beta * (child.amaf_v / n - mean)
            value = mean + c * _SQRT(log_n / visits)
            if value > best_value:
                best, best_value = child, value
        if best is None:   # every child lost (the solver marks the node soon)
            best = max(node.children, key=lambda ch: ch.visits)
        return best

    def prove(self, path):
        """Carry proofs up the path: a node is won for its mover when one child is,
        and won for player w when every move (all expanded) leads to a win for w."""
        for i in range(len(path) - 1, 0, -1):
            child, parent = path[i], path[i - 1]
            if child.proven is None or parent.proven is not None:
                return
            if child.proven == parent.mover:
                parent.proven = child.proven
                continue
            if parent.untried:
                return
            w = child.proven
            if all(ch.proven == w for ch in parent.children):
                parent.proven = w
            else:
                return

    # open loop (chance) ---------------------------------------------------------------
    def iterate_open(self, root):
        state = self.reseed(self.root_state, self.rng)
        node = root
        path = [root]
        reward = None
        while True:
            if state.is_over:
                reward = self.outcome(state)
                break
            mover = state.to_move
            moves = self.root_moves if node is root else state.legal_moves()
            children = node.children
            fresh = [m for m in moves if m not in children]
            if fresh and (self.widen is None or len(children) < self.limit(node.visits)
                          or not any(m in children for m in moves)):
                move = self.ordered(state, fresh)[-1] if self.prior is not None \
                    else fresh[int(self.rng.random() * len(fresh))]
                child = Node(move, None, self.n)
                children[move] = child
                child.children = {}
                state = state.play(move)
                path.append(child)
                reward = self.outcome(state) if state.is_over else self.rollout(state)
                break
            best, best_value = None, -1.0
            c = self.c
            for m in moves:
                child = children.get(m)
                if child is None:
                    continue
                child.avail += 1
                value = (child.value[mover] / child.visits
                         + c * _SQRT(_LOG(child.avail + 1) / child.visits))
                if value > best_value:
                    best, best_value = child, value
            node = best
            path.append(node)
            state = state.play(node.move)
        for n in path:
            n.visits += 1
            value = n.value
            for p, r in enumerate(reward):
                value[p] += r
