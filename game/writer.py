"""Writing files away from the frame loop.

A ``BackgroundWriter`` takes the newest content of a file (``write``) or its
removal (``remove``) and returns at once; a thread of its own writes it with
``files.write_text_atomic`` (temporary file, fsync, ``os.replace``, fsync of
the folder).  Saves to one path coalesce: while a write is on its way, only
the newest content asked for since is kept, and it is written next, so the
file always ends up holding the last thing asked for.  A failure is kept per
path (``problem``) for the caller to show; the thread carries on.

A write asked for with ``quick_copy`` (the unfinished game, after every move)
also goes at once to a quick copy (``quick_copy_path``): whole, renamed into
place, never flushed to the disk, so the system keeps it when the program is
killed, while the file's own write waits for the disk's flush (on a busy disk
tens of milliseconds, and the next move's write waits behind it).  Where the
user has a folder in memory (``memory_folder``: Linux's tmpfs) the copy is
written there by the asking thread itself, before the frame that shows the
move is drawn: no disk is involved, and no other thread has to be scheduled;
elsewhere a second thread writes it beside the file.  The quick copy is never
older than the file (the file's write waits for it) and is removed once the
file has caught up; the next start takes a quick copy it finds as the newest
content (``settle_quick_copy``).  After a power cut the file is still whole.

``call`` runs any other write (a row added to a database) on the same thread, in
the order asked for, so ``flush`` covers it too.

``flush`` waits until everything asked for is on the disk: the program calls
it when it closes (and before it reads a file it writes), so a quit, or a
crash of the program, loses at most the save in flight.  The threads are I/O
bound (the fsyncs release the GIL) and end after ``LINGER`` seconds with
nothing to do, or at ``close``.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import itertools
import os
import stat
import sys
import threading
import weakref
from pathlib import Path

from .i18n import _
from .files import (FileProblem, json_text, keep_aside, not_a_file, read_text, remove_file,
                    write_text_atomic)

_REMOVE = None          # the job that removes a file
#: Seconds a thread of the writer waits for more work before it ends: starting a thread
#: makes the asking thread (the frame loop) wait until the new one runs, which took up to
#: 0.1 s on a busy machine, so a game's moves find the thread there.
LINGER = 120.0


# --- the quick copies ----------------------------------------------------------------------------
def memory_folder() -> Path | None:
    """A folder of this user's in memory, where quick copies are written without a disk:
    ``$CALLIDUS_QUICK_DIR`` when set, else on Linux ``$XDG_RUNTIME_DIR/callidus`` or
    ``/dev/shm/callidus-UID`` (a tmpfs, kept until the computer restarts, private to the
    user); None elsewhere."""
    override = os.environ.get("CALLIDUS_QUICK_DIR")
    if override:
        return Path(override)
    return _memory_folder()


@functools.lru_cache(maxsize=None)
def _memory_folder() -> Path | None:
    if not sys.platform.startswith("linux") or not hasattr(os, "getuid"):
        return None
    uid = os.getuid()
    places = [Path("/dev/shm") / f"callidus-{uid}"]
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        places.insert(0, Path(runtime) / "callidus")
    for folder in places:
        if _in_memory(folder.parent) and _private(folder, uid):
            return folder
    return None


def _in_memory(folder) -> bool:
    """Whether ``folder`` lies on a file system kept in memory (tmpfs, ramfs)."""
    try:
        real = os.path.realpath(folder)
        with open("/proc/self/mounts", encoding="utf-8", errors="replace") as mounts:
            lines = mounts.read().splitlines()
    except OSError:
        return False
    best, kind = "", None
    for line in lines:
        fields = line.split()
        if len(fields) < 3:
            continue
        point = fields[1].replace("\\040", " ")
        inside = real == point or real.startswith(point.rstrip("/") + "/")
        if inside and len(point) >= len(best):
            best, kind = point, fields[2]
    return kind in ("tmpfs", "ramfs")


def _private(folder: Path, uid: int) -> bool:
    """``folder`` made if need be, and only if it is a real folder of the user's alone."""
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return False
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == uid and not info.st_mode & 0o077


def quick_copy_path(path, folder=None) -> Path:
    """Where the quick copy of ``path`` is kept: in ``folder`` (a ``memory_folder``) under a
    name made from the file's whole path, or without one beside it as ``.NAME.quick``."""
    path = Path(path)
    if folder is None:
        return path.with_name(f".{path.name}.quick")
    mark = hashlib.sha256(str(path.absolute()).encode("utf-8", "surrogatepass")).hexdigest()
    return Path(folder) / f"{mark[:16]}-{path.name}.quick"


def write_quick_copy(target, text: str) -> None:
    """Put ``text`` in the file ``target`` (a quick copy): whole or not at all, and not
    flushed to the disk.

    Four system calls and nothing else: a thread doing it waits for the frame loop's
    thread to let go of the interpreter after each, so every step counts."""
    target = Path(target)
    data = text.encode("utf-8")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) \
        | getattr(os, "O_BINARY", 0)
    for attempt in range(100):
        # named as files.write_text_atomic names its temporary files, so that a start
        # after a kill cleans up a leftover the same way (files.remove_leftovers)
        tmp = target.with_name(f".{target.name}.{_temporary_tail()}.tmp")
        try:
            fd = os.open(tmp, flags, 0o600)
            break
        except FileExistsError:
            continue
        except FileNotFoundError:
            if attempt:
                raise
            target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)   # private
    else:
        raise FileExistsError(f"no free temporary name beside {target}")
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


_TAILS = itertools.count()
_TAIL_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


def _temporary_tail() -> str:
    """Eight letters and digits, different for every call of every process."""
    n = (os.getpid() * 1_000_003 + next(_TAILS) * 7919) % 36 ** 8
    return "".join(_TAIL_LETTERS[(n // 36 ** i) % 36] for i in range(8))


def newest_text(path, accept) -> str | None:
    """What a start of the program reads as the content of ``path`` (None: no file): the
    newest whole quick copy (``accept(text)`` says whether a copy's text is whole), else the
    file.  Nothing is changed (``settle_quick_copy`` does that)."""
    copy = _whole_copies(path, accept)[0]
    if copy is not None:
        return copy[1]
    try:
        return read_text(path)
    except FileProblem:
        return None


def _whole_copies(path, accept):
    """``(newest whole copy as (place, text), or None; every quick copy there is; the damaged
    ones as (place, bytes))``."""
    found, whole, damaged = [], [], []
    for place in {quick_copy_path(path), quick_copy_path(path, memory_folder())}:
        try:
            info = os.lstat(place)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        found.append(place)
        try:
            text = read_text(place)
            ok = accept(text)
        except FileProblem:
            ok, text = False, None
        if ok:
            whole.append((info.st_mtime_ns, place, text))
        else:
            try:
                damaged.append((place, place.read_bytes()))
            except OSError:
                pass
    newest = max(whole, key=lambda w: (w[0], str(w[1])))[1:] if whole else None
    return newest, found, damaged


def settle_quick_copy(path, accept) -> str | None:
    """At start, before ``path`` is read: a quick copy left by a program that ended before
    its file caught up becomes the file (written atomically) if ``accept(text)`` says its
    text is whole; one that is not is kept aside beside the file under a new name
    (``.NAME.damaged-...quick``).  Returns what happened (None: there was no quick copy)."""
    if not_a_file(path):
        return None
    newest, found, damaged = _whole_copies(path, accept)
    if not found:
        return None
    notes = []
    for place, data in damaged:
        kept = keep_aside(quick_copy_path(path), data)
        notes.append(f"a damaged quick copy of {Path(path).name} was kept as {kept.name}")
    if newest is not None:
        write_text_atomic(path, newest[1])
        notes.append(f"{Path(path).name} took its quick copy")
    for place in found:
        remove_file(place)
    return "; ".join(notes) or None


class BackgroundWriter:
    def __init__(self, write=write_text_atomic, remove=remove_file, copy=write_quick_copy,
                 memory: Path | None = None):
        """``memory``: a ``memory_folder`` for the quick copies, written by the asking thread
        itself; without one a thread of their own writes them beside the files."""
        self._write = write
        self._remove = remove
        self._copy = copy
        self._memory = None if memory is None else Path(memory)
        # path (or a call's key) -> (version, job): the newest text, _REMOVE or a function
        self._jobs: dict = {}
        self._busy: tuple | None = None
        self._problems: dict = {}
        # quick copies: path -> (version, text) waiting; the path being copied; per path the
        # newest version asked for and the newest version whose copy is done (or dropped)
        self._copies: dict[Path, tuple[int, str]] = {}
        self._copying: Path | None = None
        self._dropping: Path | None = None      # a quick copy being removed: not written now
        self._asked: dict[Path, int] = {}
        self._copied: dict[Path, int] = {}
        self._quick: set[Path] = set()          # paths ever given a quick copy
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self._copier: threading.Thread | None = None
        self._closed = False
        _WRITERS.add(self)

    # --- asking ---------------------------------------------------------------
    def write(self, path, text: str, quick_copy: bool = False) -> None:
        """Have ``path`` hold ``text``; returns without waiting for the disk.  With
        ``quick_copy``, a quick copy holds it first (see the module's notes)."""
        if not isinstance(text, str):
            raise TypeError("the writer writes text")
        self._put(Path(path), text, quick_copy)

    def write_json(self, path, data, quick_copy: bool = False) -> None:
        """Have ``path`` hold ``data`` as JSON (turned into text now, so later changes to
        ``data`` do not reach the file)."""
        self._put(Path(path), json_text(data), quick_copy)

    def remove(self, path) -> None:
        """Have the file ``path`` removed (after any write asked for before), and its quick
        copy."""
        self._put(Path(path), _REMOVE)

    def call(self, key, action) -> None:
        """Have ``action()`` run on the writer's thread, after the jobs asked for before.

        ``key`` (any hashable: a path, or a tuple naming a row) names the job: a job still
        waiting under the same key is replaced, and ``problem(key)`` reports a failure (the
        message of a ``FileProblem`` that ``action`` raises)."""
        if not callable(action):
            raise TypeError("the writer calls a function")
        self._put(_key(key), action)

    def _put(self, path, job, quick_copy: bool = False) -> None:
        with self._lock:
            version = self._asked.get(path, 0) + 1
            self._asked[path] = version
            if self._memory is not None and (quick_copy or path in self._quick):
                # in memory: a few microseconds, no disk, before the caller's next frame
                if quick_copy:
                    self._quick.add(path)
                self._copy_now(path, job if quick_copy else None)
                self._copied[path] = version
            elif quick_copy:
                self._quick.add(path)
                self._copies.pop(path, None)
                self._copies[path] = (version, job)
                self._start("_copier", self._run_copies, "quick copy writer")
            elif path in self._quick:
                # a removal, or a write without a copy: an older quick copy is never written
                self._copies.pop(path, None)
                self._copied[path] = version
            self._jobs.pop(path, None)      # the older content is never written
            self._jobs[path] = (version, job)
            self._start("_thread", self._run, "file writer")
            self._lock.notify_all()         # a thread waiting for work takes it

    def _copy_now(self, path: Path, text: str | None) -> None:
        """Write (or, for None, remove) the quick copy of ``path`` in the memory folder."""
        target = quick_copy_path(path, self._memory)
        try:
            if text is None:
                target.unlink(missing_ok=True)
            else:
                self._copy(target, text)
        except Exception:       # the file's own write still comes, and reports a failure
            pass

    def _start(self, attr: str, target, name: str) -> None:
        if getattr(self, attr) is None:
            thread = threading.Thread(target=target, name=name, daemon=True)
            setattr(self, attr, thread)
            thread.start()

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
                return self._jobs[path][1] is not _REMOVE
            if self._busy is not None and self._busy[0] == path:
                return self._busy[1][1] is not _REMOVE
        return path.is_file()

    def problem(self, path) -> str | None:
        """Why the last write or removal of ``path`` failed; None once one succeeds."""
        with self._lock:
            return self._problems.get(_key(path))

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every write asked for is done; False if ``timeout`` ran out first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._jobs and self._busy is None
                                       and not self._copies and self._copying is None,
                                       timeout)

    def copied(self, timeout: float | None = None) -> bool:
        """Wait until every quick copy asked for is written (not the files themselves);
        False if ``timeout`` ran out first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._copies and self._copying is None,
                                       timeout)

    def close(self, timeout: float | None = None) -> bool:
        """``flush``, then let the threads end at once instead of lingering."""
        done = self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        return done

    # --- the threads ------------------------------------------------------------
    def _run(self) -> None:
        self._loop(self._next, "_thread")

    def _run_copies(self) -> None:
        self._loop(self._next_copy, "_copier")

    def _loop(self, step, attr: str) -> None:
        try:
            while step():
                pass
        except BaseException:           # however a thread ends, nobody waits on it for ever
            with self._lock:
                if attr == "_thread":
                    self._busy = None
                else:
                    self._copying = None
                setattr(self, attr, None)
                self._lock.notify_all()
            raise

    def _next(self) -> bool:
        """Do the oldest job waiting; False when there is none."""
        with self._lock:
            if not self._lock.wait_for(lambda: self._jobs or self._closed, LINGER) \
                    or not self._jobs:
                self._thread = None
                self._lock.notify_all()
                return False
            path = next(iter(self._jobs))
            version, job = self._jobs.pop(path)
            self._busy = (path, (version, job))
            quick = path in self._quick
            if quick:
                # the file never gets ahead of its quick copy: a kill must not leave an older
                # copy beside a newer file (the next start takes the copy)
                self._lock.wait_for(lambda: self._copying != path
                                    and self._copied.get(path, 0) >= version)
        problem = None
        try:
            if job is _REMOVE:
                if quick:
                    self._drop_copy(path, version)
                self._remove(path)
            elif callable(job):
                job()
            else:
                self._write(path, job)
                if quick:
                    self._drop_copy(path, version)      # the file has caught up
        except FileProblem as exc:
            problem = str(exc)
        except Exception as exc:            # the thread must outlive any one file
            problem = _("could not write {path}: {reason}").format(path=path, reason=exc)
        with self._lock:
            self._busy = None
            if problem is None:
                self._problems.pop(path, None)
            else:
                self._problems[path] = problem
            self._lock.notify_all()
        return True

    def _drop_copy(self, path: Path, version: int) -> None:
        """Remove the quick copy of ``path`` once the file holds ``version`` (or is removed),
        unless a newer copy is written or on its way."""
        with self._lock:
            if (path in self._copies or self._copying == path
                    or self._copied.get(path, 0) > version):
                return
            if self._memory is not None:
                self._copy_now(path, None)      # memory: quick enough to do holding the lock
                return
            self._dropping = path
        try:
            quick_copy_path(path).unlink(missing_ok=True)
        except OSError:
            pass        # left over, it is taken at the next start: never older than the file
        finally:
            with self._lock:
                self._dropping = None
                self._lock.notify_all()

    def _next_copy(self) -> bool:
        """Write the oldest quick copy waiting; False when there is none."""
        with self._lock:
            while True:
                if not self._lock.wait_for(lambda: self._copies or self._closed, LINGER) \
                        or not self._copies:
                    self._copier = None
                    self._lock.notify_all()
                    return False
                path = next((p for p in self._copies if p != self._dropping), None)
                if path is not None:
                    break
                self._lock.wait()
            version, text = self._copies.pop(path)
            self._copying = path
        try:
            self._copy(quick_copy_path(path), text)
        except Exception:       # the file's own write still comes, and reports a failure
            pass
        finally:                # done or failed, the file's write waiting for it goes on
            with self._lock:
                self._copying = None
                self._copied[path] = max(self._copied.get(path, 0), version)
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
