"""Matches between computer players, for strength figures.

Players sit in rotated seats: in game ``g`` the ``i``-th player takes seat
``(i + g) % seats``.  Consecutive games (one full rotation) share a seed, so
games with chance (Calliro's chips, Iriri's ring) deal the same to every
seat order.  Per player the match counts wins, draws and losses, the mean
score (``state.scores`` of its seat) and the time it took per move.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from . import LEVELS, choose_move

#: Longest game played out; a longer one is counted as a draw.
MAX_PLIES = 5000


@dataclass
class Tally:
    spec: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_sum: float = 0.0
    games: int = 0
    move_seconds: list = field(default_factory=list)

    def as_dict(self) -> dict:
        moves = self.move_seconds
        return {
            "spec": self.spec,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "mean_score": round(self.score_sum / self.games, 3) if self.games else 0.0,
            "mean_seconds": round(sum(moves) / len(moves), 4) if moves else 0.0,
            "max_seconds": round(max(moves), 4) if moves else 0.0,
        }


def check_players(specs, seats: int) -> list:
    specs = [s.strip().lower() for s in specs]
    for s in specs:
        if s not in LEVELS:
            raise ValueError(f"unknown player {s!r}; choose from {', '.join(LEVELS)}")
    if len(specs) != seats:
        raise ValueError(f"this game seats {seats} players; {len(specs)} given")
    return specs


def play_game(spec, state, levels, rngs, tallies, seat_of):
    """Play one game from ``state``; ``levels[seat]`` moves for ``seat``."""
    plies = 0
    while not state.is_over and plies < MAX_PLIES:
        seat = state.to_move
        start = time.perf_counter()
        move = choose_move(spec.name, state, levels[seat], rngs[seat])
        tallies[seat_of[seat]].move_seconds.append(time.perf_counter() - start)
        state = state.play(move)
        plies += 1
    return state


def states_along(spec, plies, seed: int) -> list:
    """(ply, state) at each of ``plies`` along one game of uniformly random
    moves drawn from ``seed`` (fewer when the game ends first): sample
    positions for tests and benchmarks."""
    rng = random.Random(seed)
    state = spec.new_game(seed=seed)
    found = []
    for ply in range(max(plies) + 1):
        if state.is_over:
            break
        if ply in plies:
            found.append((ply, state))
        state = state.play(rng.choice(state.legal_moves()))
    return found


#: Openings drawn at most before a balanced match takes the last one drawn.
BALANCE_TRIES = 200


def random_opening(state, plies: int, seed: int, even=None):
    """``state`` after ``plies`` uniformly random legal moves drawn from ``seed``;
    with ``even`` (a judge of positions), the first such opening it calls even."""
    rng = random.Random(f"{seed}/opening")
    start = state
    for _ in range(BALANCE_TRIES if even is not None else 1):
        state = start
        for _ in range(plies):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if even is None or (not state.is_over and even(state)):
            break
    return state


def even_judge(spec):
    """The game's judge of even positions, or ValueError when it has none."""
    from .knowledge import knowledge_for
    even = getattr(knowledge_for(spec.name), "even", None)
    if even is None:
        raise ValueError(f"balanced openings are not available for {spec.title}: "
                         f"it has no judge of even positions")
    return even


def run_match(spec, specs, games: int, seed: int | None = None, variant=None,
              options=None, progress=None, opening: int = 0, balanced: bool = False) -> list:
    """Play ``games`` games; the tallies, in the order of ``specs``."""
    seats = spec.players(variant)
    specs = check_players(specs, seats)
    even = even_judge(spec) if balanced else None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    tallies = [Tally(s) for s in specs]
    deal = random.Random(seed)
    game_seed = None
    for g in range(games):
        if g % seats == 0:
            game_seed = deal.randrange(2**31)
        player_at = [(seat - g) % seats for seat in range(seats)]   # seat -> player index
        levels = [specs[player_at[seat]] for seat in range(seats)]
        rngs = [random.Random(f"{seed}/{g}/{seat}") for seat in range(seats)]
        state = spec.new_game(variant, seed=game_seed, **(options or {}))
        state = random_opening(state, opening, game_seed, even)
        state = play_game(spec, state, levels, rngs, tallies, player_at)
        winner = state.winner if state.is_over else None
        scores = state.scores
        for seat in range(seats):
            tally = tallies[player_at[seat]]
            tally.games += 1
            tally.score_sum += scores[seat]
            if winner is None:
                tally.draws += 1
            elif winner == seat:
                tally.wins += 1
            else:
                tally.losses += 1
        if progress is not None:
            progress(g, [specs[p] for p in player_at], winner, scores)
    return tallies
