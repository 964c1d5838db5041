"""Run a computer player in another process, so the frame loop never waits.

One worker process serves one ``Thinker``.  ``cancel()`` ends the process
at once (a computer player in the middle of a search cannot be asked
nicely); the next request starts a fresh one.
"""

from __future__ import annotations

import multiprocessing as mp
import random
import traceback


def _serve(requests, answers) -> None:
    from game import GAMES
    from game.ai import choose_move

    while True:
        job = requests.get()
        if job is None:
            return
        ident, game_name, position, level, seed = job
        try:
            spec = GAMES[game_name]
            state = spec.from_position(position)
            move = choose_move(game_name, state, level, random.Random(seed))
            answers.put((ident, spec.format_move(state, move), None))
        except Exception:  # report any failure to the client instead of dying silently
            answers.put((ident, None, traceback.format_exc(limit=3)))


class Thinker:
    def __init__(self):
        self._ctx = mp.get_context("spawn")
        self._process = None
        self._requests = None
        self._answers = None
        self._ident = 0
        self._waiting: int | None = None

    @property
    def thinking(self) -> bool:
        return self._waiting is not None

    def _ensure(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        self._requests = self._ctx.Queue()
        self._answers = self._ctx.Queue()
        self._process = self._ctx.Process(target=_serve, args=(self._requests, self._answers),
                                          daemon=True, name="callidus-thinker")
        self._process.start()

    def start(self, game_name: str, position: dict, level: str, seed: int | None = None) -> None:
        """Ask for a move; ``poll`` gives it when ready.  A pending request is dropped."""
        if self.thinking:
            self.cancel()
        self._ensure()
        self._ident += 1
        self._waiting = self._ident
        self._requests.put((self._ident, game_name, position, level, seed))

    def poll(self):
        """``(move_text, error)`` once an answer arrived, else None."""
        if self._waiting is None:
            return None
        while True:
            try:
                ident, move_text, error = self._answers.get_nowait()
            except Exception:  # queue.Empty, or a closed queue after cancel
                if self._process is not None and not self._process.is_alive():
                    self._waiting = None
                    return (None, "the computer player stopped unexpectedly")
                return None
            if ident == self._waiting:
                self._waiting = None
                return (move_text, error)

    def cancel(self) -> None:
        """Stop thinking now."""
        self._waiting = None
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=1)
        self._process = None

    def close(self) -> None:
        if self._process is not None and self._process.is_alive():
            try:
                self._requests.put(None)
                self._process.join(timeout=0.5)
            except Exception:
                pass
        self.cancel()
