"""Run a computer player in another process, so the frame loop never waits.

One worker process serves one ``Thinker`` (a move at a time) or one
``Analyst`` (every position of a game, reported one by one).  ``cancel()`` ends the process
at once (a computer player in the middle of a search cannot be asked
nicely); the next request starts a fresh one.

The worker talks over a single ``Pipe``: no queue, lock or semaphore, so
nothing is left for multiprocessing's resource tracker to clean up, and the
tracker ends with the last process that holds it.  The worker leaves by
itself as soon as the program that started it is gone, however it ended
(closed, crashed or killed), even in the middle of a search.  Every worker,
the tournament's pairing one too, serves its jobs with ``serve_jobs``.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
import threading
import time
import traceback


def exit_with_parent(poll: float = 0.5) -> None:
    """End this process as soon as the process that started it is gone.

    Call it first thing in a child process (also fits ``ProcessPoolExecutor``'s
    ``initializer``).  A watching thread waits on multiprocessing's parent
    sentinel (a pipe that closes, or on Windows the parent's handle, when the
    parent ends); without one it watches ``os.getppid()`` change."""
    parent = mp.parent_process()
    parent_pid = os.getppid()

    def watch() -> None:
        if parent is not None and parent.sentinel is not None:
            from multiprocessing.connection import wait
            try:
                wait([parent.sentinel])
            except OSError:
                pass
        else:
            while os.getppid() == parent_pid:
                time.sleep(poll)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def serve_jobs(conn, answer) -> None:
    """Serve the jobs the program sends down ``conn`` until it has none left; what a
    worker process runs.

    Each job is answered by sending ``answer(conn, job)`` back.  ``answer`` reports a
    failure of the job in its answer; an OSError out of it (the pipe broken while it sent
    along the way) ends the worker quietly, as a closed pipe does.  The worker leaves when
    the program sends None, closes its end, or is gone (``exit_with_parent``)."""
    exit_with_parent()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):      # the program closed its end: nothing more to do
            return
        if job is None:
            return
        try:
            conn.send(answer(conn, job))
        except OSError:
            return


def _move(conn, job):
    """A ``Thinker``'s job answered: the move text, or the error that stopped the search."""
    from game import GAMES
    from game.ai import choose_move

    ident, game_name, position, level, seed = job
    try:
        spec = GAMES[game_name]
        state = spec.from_position(position)
        move = choose_move(game_name, state, level, random.Random(seed))
        return (ident, spec.format_move(state, move), None)
    except Exception:  # report any failure to the client instead of dying silently
        return (ident, None, traceback.format_exc(limit=3))


def _serve(conn) -> None:
    serve_jobs(conn, _move)


class Thinker:
    #: What the worker process runs (module-level, so the spawned process can find it).
    serve = staticmethod(_serve)

    def __init__(self):
        self._ctx = mp.get_context("spawn")
        self._process = None
        self._conn = None
        self._ident = 0
        self._waiting: int | None = None

    @property
    def thinking(self) -> bool:
        return self._waiting is not None

    @property
    def pid(self) -> int | None:
        """The worker's process id while it runs (for tests and diagnostics)."""
        return self._process.pid if self._process is not None else None

    def _ensure(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        self._drop()
        ours, theirs = self._ctx.Pipe()
        self._process = self._ctx.Process(target=self.serve, args=(theirs,), daemon=True,
                                          name="callidus-thinker")
        self._process.start()
        theirs.close()        # only the worker holds its end: a worker that dies reads as EOF
        self._conn = ours

    def start(self, game_name: str, position: dict, level: str, seed: int | None = None) -> None:
        """Ask for a move; ``poll`` gives it when ready.  A pending request is dropped."""
        if self.thinking:
            self.cancel()
        self._ensure()
        self._ident += 1
        self._waiting = self._ident
        self._conn.send((self._ident, game_name, position, level, seed))

    def poll(self):
        """``(move_text, error)`` once an answer arrived, else None."""
        if self._waiting is None:
            return None
        while True:
            try:
                if not self._conn.poll():
                    return None
                ident, move_text, error = self._conn.recv()
            except (EOFError, OSError):
                self._waiting = None
                self._drop()
                return (None, "the computer player stopped unexpectedly")
            if ident == self._waiting:
                self._waiting = None
                return (move_text, error)

    def cancel(self) -> None:
        """Stop thinking now."""
        self._waiting = None
        if self._process is not None and self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=1)
        self._drop()

    def close(self) -> None:
        if self._process is not None and self._process.is_alive():
            try:
                self._conn.send(None)
                self._process.join(timeout=0.5)
            except (OSError, ValueError):
                pass
        self.cancel()

    def _drop(self) -> None:
        """Forget the worker (already ended) and close our end of its pipe."""
        if self._process is not None:
            if self._process.is_alive():
                self._process.kill()
            self._process.join(timeout=1)
            try:
                self._process.close()
            except ValueError:        # still running after a second: let it go
                pass
        if self._conn is not None:
            self._conn.close()
        self._process = None
        self._conn = None


def _analysis(conn, job):
    """An ``Analyst``'s job answered: each position's figures sent as they come, then
    how the job ended."""
    from game import GAMES
    from game.ai.analysis import estimate, position_seed

    ident, game_name, positions, level, seed, budget = job
    try:
        spec = GAMES[game_name]
        for index, position in positions:
            state = spec.from_position(position)
            entry = estimate(spec, state, level, random.Random(position_seed(seed, index)),
                             **budget)
            conn.send((ident, "entry", index, entry))
        return (ident, "done", None, None)
    except OSError:
        raise           # the pipe is broken: the worker ends
    except Exception:  # report any failure to the client instead of dying silently
        return (ident, "error", None, traceback.format_exc(limit=3))


def _serve_analysis(conn) -> None:
    serve_jobs(conn, _analysis)


class Analyst(Thinker):
    """Judges the positions of a game in a worker process, one after another.

    ``start`` sends the positions; ``poll`` returns the figures that arrived
    since the last call, as ``(index, entry)`` pairs (``analysis.estimate``);
    ``finished`` and ``error`` say how the job ended.  ``cancel`` stops it at
    once (what was reported is kept by the caller)."""

    serve = staticmethod(_serve_analysis)

    def __init__(self):
        super().__init__()
        self.finished = False
        self.error: str | None = None

    def start(self, game_name: str, positions, level: str, seed: int | None = None,
              **budget) -> None:
        """Judge ``positions`` (``(index, position dict)`` pairs) at ``level``;
        ``budget`` may replace the level's ``seconds`` and ``iterations``."""
        if self.thinking:
            self.cancel()
        self._ensure()
        self._ident += 1
        self._waiting = self._ident
        self.finished = False
        self.error = None
        self._conn.send((self._ident, game_name, list(positions), level, seed, budget))

    def poll(self) -> list:
        arrived = []
        while self._waiting is not None:
            try:
                if not self._conn.poll():
                    break
                ident, kind, index, payload = self._conn.recv()
            except (EOFError, OSError):
                self._waiting = None
                self.error = "the analysis stopped unexpectedly"
                self._drop()
                break
            if ident != self._waiting:
                continue
            if kind == "entry":
                arrived.append((index, payload))
            else:
                self._waiting = None
                self.finished = kind == "done"
                self.error = payload if kind == "error" else None
        return arrived
