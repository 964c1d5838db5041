"""Writing files away from the frame loop.

A ``BackgroundWriter`` takes the newest content of a file (``write``) or its
removal (``remove``) and returns at once; a thread of its own writes it with
``files.write_text_atomic`` (temporary file, fsync, ``os.replace``, fsync of
the folder).  Saves to one path coalesce: while a write is on its way, only
the newest content asked for since is kept, and it is written next, so the
file always ends up holding the last thing asked for.  A failure is kept per
path (``problem``) for the caller to show; the thread carries on.

``call`` runs any other write (a row added to a database) on the same thread, in
the order asked for, so ``flush`` covers it too.

``flush`` waits until everything asked for is on the disk: the program calls
it when it closes (and before it reads a file it writes), so a quit, or a
crash of the program, loses at most the save in flight.  The thread is I/O
bound (the fsyncs release the GIL) and ends whenever nothing is waiting.
"""

from __future__ import annotations

import atexit
import os
import threading
import weakref
from pathlib import Path

from .files import FileProblem, json_text, remove_file, write_text_atomic

_REMOVE = None          # the job that removes a file


class BackgroundWriter:
    def __init__(self, write=write_text_atomic, remove=remove_file):
        self._write = write
        self._remove = remove
        self._jobs: dict[Path, str | None] = {}     # path -> newest text, or _REMOVE
        self._busy: tuple[Path, str | None] | None = None
        self._problems: dict[Path, str] = {}
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        _WRITERS.add(self)

    # --- asking ---------------------------------------------------------------
    def write(self, path, text: str) -> None:
        """Have ``path`` hold ``text``; returns without waiting for the disk."""
        if not isinstance(text, str):
            raise TypeError("the writer writes text")
        self._put(Path(path), text)

    def write_json(self, path, data) -> None:
        """Have ``path`` hold ``data`` as JSON (turned into text now, so later changes to
        ``data`` do not reach the file)."""
        self._put(Path(path), json_text(data))

    def remove(self, path) -> None:
        """Have the file ``path`` removed (after any write asked for before)."""
        self._put(Path(path), _REMOVE)

    def call(self, key, action) -> None:
        """Have ``action()`` run on the writer's thread, after the jobs asked for before.

        ``key`` (any hashable: a path, or a tuple naming a row) names the job: a job still
        waiting under the same key is replaced, and ``problem(key)`` reports a failure (the
        message of a ``FileProblem`` that ``action`` raises)."""
        if not callable(action):
            raise TypeError("the writer calls a function")
        self._put(_key(key), action)

    def _put(self, path: Path, job) -> None:
        with self._lock:
            self._jobs.pop(path, None)      # the older content is never written
            self._jobs[path] = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="file writer",
                                                daemon=True)
                self._thread.start()

    # --- what is known --------------------------------------------------------
    def pending(self) -> int:
        """How many writes or removals are waiting or under way."""
        with self._lock:
            return len(self._jobs) + (self._busy is not None)

    def will_exist(self, path) -> bool:
        """Whether ``path`` is a regular file once what is waiting is written."""
        path = Path(path)
        with self._lock:
            if path in self._jobs:
                return self._jobs[path] is not _REMOVE
            if self._busy is not None and self._busy[0] == path:
                return self._busy[1] is not _REMOVE
        return path.is_file()

    def problem(self, path) -> str | None:
        """Why the last write or removal of ``path`` failed; None once one succeeds."""
        with self._lock:
            return self._problems.get(_key(path))

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write asked for is done; False if ``timeout`` ran out first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._jobs and self._busy is None, timeout)

    close = flush

    # --- the thread -------------------------------------------------------------
    def _run(self) -> None:
        try:
            while self._next():
                pass
        except BaseException:           # however the thread ends, nobody waits on it for ever
            with self._lock:
                self._busy = None
                self._thread = None
                self._lock.notify_all()
            raise

    def _next(self) -> bool:
        """Do the oldest job waiting; False when there is none."""
        with self._lock:
            if not self._jobs:
                self._thread = None
                return False
            path = next(iter(self._jobs))
            job = self._jobs.pop(path)
            self._busy = (path, job)
        problem = None
        try:
            if job is _REMOVE:
                self._remove(path)
            elif callable(job):
                job()
            else:
                self._write(path, job)
        except FileProblem as exc:
            problem = str(exc)
        except Exception as exc:            # the thread must outlive any one file
            problem = f"could not write {path}: {exc}"
        with self._lock:
            self._busy = None
            if problem is None:
                self._problems.pop(path, None)
            else:
                self._problems[path] = problem
            self._lock.notify_all()
        return True


def _key(key):
    """A job's key: a path as a ``Path``, anything else as it is."""
    return Path(key) if isinstance(key, (str, os.PathLike)) else key


_WRITERS: weakref.WeakSet = weakref.WeakSet()


@atexit.register
def _flush_all() -> None:
    """At exit, even after an uncaught exception, what was asked for reaches the disk."""
    for writer in list(_WRITERS):
        writer.flush(timeout=10)
