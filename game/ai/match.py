"""Matches between computer players, for strength figures.

Players sit in rotated seats: in game ``g`` the ``i``-th player takes seat
``(i + g) % seats``.  Consecutive games (one full rotation) share a seed, so
games with chance (Calliro's chips, Iriri's ring) deal the same to every
seat order.  Per player the match counts wins, draws and losses, the mean
score (``state.scores`` of its seat) and the time it took per move: wall
seconds, and the processor seconds the search itself got (the budgets are work,
so the processor time tells how much of its level a player spent, and the wall
time how long it made its opponent wait).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path

from game.errors import DamagedFileError
from game.files import FileProblem, parse_json, read_text, write_json_atomic

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
    moves: int = 0
    seconds: float = 0.0
    max_seconds: float = 0.0
    cpu_seconds: float = 0.0
    capped: int = 0

    def add_seconds(self, moves: int, seconds: float, longest: float, cpu: float = 0.0,
                    capped: int = 0) -> None:
        self.moves += moves
        self.seconds += seconds
        self.max_seconds = max(self.max_seconds, longest)
        self.cpu_seconds += cpu
        self.capped += capped

    def as_dict(self) -> dict:
        return {
            "spec": self.spec,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "mean_score": round(self.score_sum / self.games, 3) if self.games else 0.0,
            "mean_seconds": round(self.seconds / self.moves, 4) if self.moves else 0.0,
            "max_seconds": round(self.max_seconds, 4),
        }


def check_players(specs, seats: int) -> list:
    specs = [s.strip().lower() for s in specs]
    for s in specs:
        if s not in LEVELS:
            raise ValueError(f"unknown player {s!r}; choose from {', '.join(LEVELS)}")
    if len(specs) != seats:
        raise ValueError(f"this game seats {seats} players; {len(specs)} given")
    return specs


def play_game(spec, state, levels, rngs, log=None, cap: bool = True):
    """Play one game from ``state``; ``levels[seat]`` moves for ``seat``.
    Returns the final state and, per seat, [moves, seconds, longest move,
    processor seconds, moves the wall-clock cap cut short]; ``log``, a list, gets
    every move in notation.  ``cap`` False lifts the levels' wall-clock cap, so
    that every move spends its whole budget of work however busy the machine is
    (for measuring the budgets themselves)."""
    budget = {} if cap else {"seconds": None}
    plies = 0
    timing = [[0, 0.0, 0.0, 0.0, 0] for _ in levels]
    while not state.is_over and plies < MAX_PLIES:
        seat = state.to_move
        info = {}
        start, cpu = time.perf_counter(), time.process_time()
        move = choose_move(spec.name, state, levels[seat], rngs[seat], info=info, **budget)
        took = time.perf_counter() - start
        t = timing[seat]
        t[0] += 1
        t[1] += took
        t[2] = max(t[2], took)
        t[3] += time.process_time() - cpu
        t[4] += bool(info.get("capped"))
        if log is not None:
            log.append(spec.format_move(state, move))
        state = state.play(move)
        plies += 1
    return state, timing


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
    even = knowledge_for(spec.name).even
    if even is None:
        raise ValueError(f"balanced openings are not available for {spec.title}: "
                         f"it has no judge of even positions")
    return even


def game_seeds(seed: int, games: int, seats: int) -> list:
    """The deal of each game: one seed per full rotation of the seats."""
    deal = random.Random(seed)
    seeds = []
    for g in range(games):
        if g % seats == 0:
            current = deal.randrange(2**31)
        seeds.append(current)
    return seeds


def play_one(name, specs, g, game_seed, seed, variant=None, options=None, opening=0,
             balanced=False, cap=True) -> dict:
    """Game ``g`` of a match, as a plain record: who sat where, the winning
    seat (None for a draw), the scores, the plies, how it ended, the players'
    timing, and the position after the opening with the moves played from it.
    A top-level function, so games can be played in other processes."""
    from game import GAMES
    spec = GAMES[name]
    seats = len(specs)
    player_at = [(seat - g) % seats for seat in range(seats)]   # seat -> player index
    levels = [specs[player_at[seat]] for seat in range(seats)]
    rngs = [random.Random(f"{seed}/{g}/{seat}") for seat in range(seats)]
    even = even_judge(spec) if balanced else None
    state = spec.new_game(variant, seed=game_seed, **(options or {}))
    state = random_opening(state, opening, game_seed, even)
    start, moves = state.position(), []
    state, timing = play_game(spec, state, levels, rngs, moves, cap)
    return {"game": g, "seated": levels, "winner": state.winner if state.is_over else None,
            "scores": list(state.scores), "timing": timing, "start": start, "moves": moves,
            "plies": opening + sum(t[0] for t in timing),
            "reason": state.end_reason if state.is_over else "too long"}


def check_record(entry, g: int, specs) -> dict:
    """One game of a record file, checked; DamagedFileError names what is wrong."""
    seats = len(specs)
    try:
        seated = entry["seated"]
        winner = entry["winner"]
        scores = entry["scores"]
        timing = entry["timing"]
        ok = (entry["game"] == g
              and seated == [specs[(seat - g) % seats] for seat in range(seats)]
              and (winner is None or (type(winner) is int and 0 <= winner < seats))
              and len(scores) == seats and all(isinstance(x, (int, float)) for x in scores)
              and len(timing) == seats
              and all(len(t) in (3, 5) and all(isinstance(x, (int, float)) and x >= 0
                                               for x in t)
                      for t in timing))
    except (KeyError, TypeError):
        ok = False
    if not ok:
        raise DamagedFileError(f"game {g + 1} in the record is damaged")
    return entry


RECORD_FORMAT = "callidus-match-1"
#: The largest match record read (a game of Calabria, the longest, keeps a few kilobytes).
RECORD_LIMIT = 64 * 1024 * 1024


def read_record(path):
    """The match record in ``path`` as read (None when there is no such file);
    ValueError when it cannot be read or is not a match record."""
    path = Path(path)
    if not path.exists():
        return None
    try:
        data = parse_json(read_text(path, RECORD_LIMIT, "match record"), f"match record {path}")
    except FileProblem as exc:
        raise ValueError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise DamagedFileError(f"{path} is not a match record")
    return data


class Record:
    """A match kept on disk game by game, so a long match can stop and go on.

    The file is JSON: what was asked (game, variant, options, players, seed,
    opening, balanced) and every finished game by its number.  It is rewritten
    atomically after each game; a later run with the same match reuses the
    games it holds and plays only the rest.
    """

    def __init__(self, path, match: dict):
        self.path = Path(path)
        self.match = match
        self.games = {}
        data = read_record(self.path)
        if data is None:
            self.save()             # a file that cannot be written is found before any game
            return
        # "cap" is kept only when the match lifted it, so a record without it had the cap
        match = {"cap": True, **match} if "cap" in data and "cap" not in match else match
        asked = {k: data.get(k, True if k == "cap" else None) for k in match}
        if asked != match:
            differ = ", ".join(f"{k} {asked[k]!r} (asked: {match[k]!r})"
                               for k in match if asked[k] != match[k])
            raise ValueError(f"{self.path} records another match: {differ}")
        games = data.get("games")
        if not isinstance(games, dict):
            raise DamagedFileError(f"{self.path} is damaged: it has no games")
        for key, entry in games.items():
            if not (key.isascii() and key.isdigit() and len(key) <= 9):
                raise DamagedFileError(f"{self.path} is damaged: game {key!r}")
            g = int(key)
            try:
                self.games[g] = check_record(entry, g, match["players"])
            except ValueError as exc:
                raise DamagedFileError(f"{self.path}: {exc}") from None

    def add(self, entry: dict) -> None:
        self.games[entry["game"]] = entry
        self.save()

    def save(self) -> None:
        data = {"format": RECORD_FORMAT, **self.match,
                "games": {str(g): self.games[g] for g in sorted(self.games)}}
        try:
            write_json_atomic(self.path, data)
        except FileProblem as exc:
            raise ValueError(str(exc)) from None


def run_match(spec, specs, games: int, seed: int | None = None, variant=None,
              options=None, progress=None, opening: int = 0, balanced: bool = False,
              jobs: int = 1, record=None, cap: bool = True) -> list:
    """Play ``games`` games; the tallies, in the order of ``specs``.

    ``jobs`` games are played at once, each in a process of its own (every
    player spends its budget of work; use at most one per core, or each move
    waits longer and may meet its wall-clock cap).  ``record``,
    a file path, keeps each finished game; games it already holds for the
    same match are counted without being played again.  ``cap`` False lifts the
    levels' wall-clock cap (``play_game``); a record says so.
    """
    seats = spec.players(variant)
    specs = check_players(specs, seats)
    if balanced:
        even_judge(spec)            # refuse at once when the game has no judge
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    kept = None
    if record is not None:
        asked = {"game": spec.name, "variant": variant, "options": options or {},
                 "players": specs, "seed": seed, "opening": opening, "balanced": balanced}
        if not cap:
            asked["cap"] = False
        kept = Record(record, asked)
    seeds = game_seeds(seed, games, seats)
    results = {g: kept.games[g] for g in range(games) if kept and g in kept.games}
    todo = [g for g in range(games) if g not in results]
    args = (variant, options, opening, balanced, cap)

    def finished(entry):
        results[entry["game"]] = entry
        if kept is not None:
            kept.add(entry)
        if progress is not None:
            progress(entry["game"], entry["seated"], entry["winner"], entry["scores"])

    if jobs <= 1 or len(todo) <= 1:
        for g in todo:
            finished(play_one(spec.name, specs, g, seeds[g], seed, *args))
    else:
        import multiprocessing as mp
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
        from .worker import exit_with_parent
        with ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context("spawn"),
                                 initializer=exit_with_parent) as pool:
            pending = {pool.submit(play_one, spec.name, specs, g, seeds[g], seed, *args)
                       for g in todo}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=lambda f: f.result()["game"]):
                    finished(future.result())
    tallies = [Tally(s) for s in specs]
    for g in range(games):
        entry = results[g]
        winner, scores = entry["winner"], entry["scores"]
        for seat in range(seats):
            tally = tallies[(seat - g) % seats]
            tally.games += 1
            tally.score_sum += scores[seat]
            tally.add_seconds(*entry["timing"][seat])
            if winner is None:
                tally.draws += 1
            elif winner == seat:
                tally.wins += 1
            else:
                tally.losses += 1
    return tallies
