"""Games between two computer players, played out in other processes.

``play_computer_game`` is pure Python (no pygame): it plays one board with
``game.ai.choose_move`` and returns the result.  ``record_computer_game``
also commits that result to the tournament database itself, so a result is
kept the moment it is known even while the round view is covered by a human
game (only the top scene runs), and the game itself in the game library.  The round view polls ``BackgroundGames`` in
``update()`` to show progress and reload what was kept.

Each move's random source is seeded from the game's seed and the ply, so a
game started again (after the program was closed) plays out the same way.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from game.ai.worker import exit_with_parent
from game.i18n import _, number


def play_computer_game(game: str, variant, options: dict, time_control, levels, seed: int,
                       max_plies: int = 20000) -> dict:
    """Play one game between two computer players; returns {"score", "how", "moves"}.

    ``levels`` are the computer levels of player 0 (first seat) and player 1.
    With a time control the clocks run on real time, as at the table.
    """
    from game import GAMES
    from game.ai import choose_move
    from game.clock import Clock, parse_time_control
    from game.tournament.model import result_of_game

    spec = GAMES[game]
    state = spec.new_game(variant, seed=seed, **(options or {}))
    control = parse_time_control(time_control) if time_control else None
    clock = Clock(control, 2, now=time.monotonic) if control else None
    if clock is not None:
        clock.start(state.to_move if state.to_move is not None else 0)
    moves = []
    while not state.is_over:
        if len(moves) >= max_plies:
            return {"score": "1/2-1/2", "how": "played", "moves": moves}
        mover = state.to_move
        rng = random.Random(f"{seed}/{len(moves)}")
        move = choose_move(game, state, levels[mover], rng)
        moves.append(spec.format_move(state, move))
        state = state.play(move)
        if clock is not None:
            if state.is_over:
                clock.stop()
            elif state.to_move != mover and not clock.press(mover, state.to_move):
                result = result_of_game(state, flagged=mover)
                return {"score": result.score, "how": result.how, "moves": moves}
    result = result_of_game(state)
    return {"score": result.score, "how": result.how, "moves": moves}


def record_computer_game(db_path: str, tid: int, round_no: int, board: int,
                         library_path: str | None = None) -> dict:
    """Play a kept board between computers and commit its result (unless one was entered);
    the game goes to the game library at ``library_path`` too, when one is given."""
    from game.tournament.store import TournamentStore

    with TournamentStore(db_path) as store:
        tournament = store.load(tid)
        pairing = tournament.pairing(round_no, board)
        existing = tournament.result(round_no, board)
        if existing is not None:
            return {"round": round_no, "board": board, "score": existing.score,
                    "how": existing.how, "kept": False}
        choice = tournament.game_for_round(round_no).to_dict()
        levels = [tournament.entrants[pairing.first].level,
                  tournament.entrants[pairing.second].level]
        outcome = play_computer_game(choice["game"], choice["variant"], choice["options"],
                                     choice["time_control"], levels, pairing.seed)
        from game.tournament.model import Result
        tournament = store.load(tid)   # a result entered by hand meanwhile wins
        if tournament.result(round_no, board) is None:
            store.save_result(tid, round_no, board, Result(outcome["score"], outcome["how"]))
            if library_path:
                config = {"game": choice["game"], "variant": choice["variant"],
                          "options": dict(choice["options"] or {}), "starter": "0",
                          "time_control": choice["time_control"],
                          "seats": [{"name": tournament.entrants[who].name, "kind": "computer",
                                     "level": tournament.entrants[who].level}
                                    for who in (pairing.first, pairing.second)],
                          "tournament": {"id": tid, "round": round_no, "board": board}}
                keep_computer_game(library_path, config, pairing.seed, outcome)
        return {"round": round_no, "board": board, "score": outcome["score"],
                "how": outcome["how"], "kept": True}


def keep_computer_game(library_path, config: dict, seed: int, outcome: dict) -> str | None:
    """Keep a game played by ``play_computer_game`` in the game library (its moves and result;
    the times of its moves were not kept).  The tournament's result does not depend on it: a
    failure is only returned, as the message."""
    from game import GAMES
    from game.records.library import Library, LibraryProblem
    from game.records.record import make_record, result_of

    spec = GAMES[config["game"]]
    start = spec.new_game(config["variant"], seed=seed, **config["options"])
    state = start
    try:
        for text in outcome["moves"]:
            state = state.play(spec.parse_move(state, text))
        result = None
        if state.is_over:
            result = result_of(state, state.winner, state.end_reason or "The game is over.")
        elif outcome["how"] == "time":
            flagged = 0 if outcome["score"] == "0-1" else 1
            name = config["seats"][flagged]["name"]
            result = result_of(state, 1 - flagged, f"{name} ran out of time.", flagged=flagged)
        Library(library_path).add(make_record(config, start, outcome["moves"], result=result))
    except (LibraryProblem, ValueError) as exc:
        return str(exc)
    return None


class BackgroundGames:
    """A small pool of worker processes (spawn) playing computer-only boards."""

    def __init__(self, db_path, tid: int, workers: int = 2, library_path=None):
        self.db_path = str(db_path)
        self.library_path = None if library_path is None else str(library_path)
        self.tid = tid
        self.workers = workers
        self._pool = None
        self.running: dict[tuple[int, int], object] = {}   # (round, board) -> future
        self.finished: set[tuple[int, int]] = set()
        self.errors: list[str] = []

    def start(self, round_no: int, board: int) -> None:
        key = (round_no, board)
        if key in self.running:
            return
        for attempt in (1, 2):
            if self._pool is None:
                # each worker ends with the program, however the program ends
                self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                                 mp_context=mp.get_context("spawn"),
                                                 initializer=exit_with_parent)
            try:
                self.running[key] = self._pool.submit(record_computer_game, self.db_path,
                                                      self.tid, round_no, board,
                                                      self.library_path)
                return
            except (BrokenProcessPool, RuntimeError) as exc:
                # a worker died (killed, out of memory): start a fresh pool once, then give up
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
                if attempt == 2:
                    self.errors.append(_("Round {n} board {board}: the computer game could "
                                         "not start ({problem})").format(
                        n=number(round_no), board=number(board),
                        problem=exc or _("worker stopped")))

    def is_running(self, round_no: int, board: int) -> bool:
        return (round_no, board) in self.running

    @property
    def busy(self) -> bool:
        return bool(self.running)

    def poll(self) -> list[dict]:
        """Answers of the games finished since the last poll (never waits)."""
        done = []
        for key, future in list(self.running.items()):
            if not future.done():
                continue
            del self.running[key]
            try:
                done.append(future.result())
                self.finished.add(key)
            except Exception as exc:  # a failed worker: say so, the board stays pending
                self.errors.append(_("Round {n} board {board}: the computer game failed "
                                     "({problem})").format(n=number(key[0]), board=number(key[1]),
                                                           problem=exc))
        return done

    def close(self) -> None:
        """Stop taking work; games already running finish and keep their results."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self.running.clear()
