"""The one boundary between the program and the files it keeps or is handed.

Reading: every file is read through ``read_text`` / ``read_json``, which bound
its size, refuse anything that is not a regular file (a folder, a pipe) and
turn every failure into a ``FileProblem`` naming the file and what is wrong.
JSON is parsed by ``parse_json``, which bounds nesting depth and the length of
numbers before ``json.loads`` sees the text (deep nesting raises
``RecursionError`` and a number of thousands of digits ``ValueError`` there),
and refuses ``NaN`` and ``Infinity``.  ``check_name`` is the test for a name a
file holds (a player, a tournament): text a font can draw.  Nothing loaded is
ever executed: files are plain JSON, checked field by field by whoever reads
them.

Writing: a file is written to a temporary neighbour, flushed to the disk and
moved into place, then the folder is flushed too, so a crash mid-write leaves
the old file whole.  ``set_aside`` moves a damaged file out of the way under a
name that never overwrites an earlier one, so the user's bytes are kept.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tempfile
import time
import unicodedata
from pathlib import Path

from .core import UNDRAWABLE

#: Largest settings file read, in bytes.
SETTINGS_LIMIT = 256 * 1024
#: Largest game file (a saved game, a record, a tournament) read, in bytes.
GAME_LIMIT = 16 * 1024 * 1024
#: Deepest nesting of JSON arrays and objects accepted.
MAX_DEPTH = 64
#: Longest number accepted in JSON, in characters.
MAX_NUMBER = 40
#: Longest name accepted by ``check_name``, in characters.
MAX_NAME = 40


class FileProblem(Exception):
    """A file could not be read or written; the message says which and why."""


# --- reading ----------------------------------------------------------------------

def _what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def not_a_file(path) -> str | None:
    """Why ``path`` exists but is not a regular file (``"a folder"``...), else None."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return None if stat.S_ISREG(mode) else _what_it_is(mode)


def read_bytes(path, limit: int = GAME_LIMIT, what: str = "") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; messages name the
    file as ``what`` says (``"position file"``...) when given."""
    path = Path(path)
    name = f"{what} {path}" if what else str(path)
    # O_NONBLOCK: opening a pipe must not wait for a writer; it is refused below
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblem(f"{name} does not exist") from None
    except IsADirectoryError:
        raise FileProblem(f"could not read {name}: it is a folder, not a file") from None
    except (OSError, ValueError) as exc:
        raise FileProblem(f"could not read {name}: {getattr(exc, 'strerror', None) or exc}") \
            from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            raise FileProblem(f"could not read {name}: it is {_what_it_is(mode)}, not a file")
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise FileProblem(f"could not read {name}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise FileProblem(f"{name} is too large (more than {_size(limit)})")
    return data


def read_text(path, limit: int = GAME_LIMIT, what: str = "") -> str:
    """The UTF-8 text of the regular file ``path`` (a leading byte-order mark dropped)."""
    data = read_bytes(path, limit, what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(f"{(what + ' ') if what else ''}{path} is not a text file (not UTF-8 at byte {exc.start})") from None
    return text[1:] if text.startswith("\ufeff") else text


def read_json(path, limit: int = GAME_LIMIT, depth: int = MAX_DEPTH):
    """The JSON value in the file ``path``, read within the bounds of ``parse_json``."""
    return parse_json(read_text(path, limit), str(path), depth)


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} KB"


# Strings (escapes removed beforehand), brackets, and numbers too long to accept.
_TOKENS = re.compile(r'"[^"]*"?|[\[\]{}]|-?[0-9][-+.0-9eE]{%d,}' % MAX_NUMBER)


class _Refused(ValueError):
    pass


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER:
        raise _Refused(f"a number of {len(text)} characters")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER:
        raise _Refused(f"a number of {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text} is too large")
    return value


def _constant(text: str):
    raise _Refused(f"{text} is not a number a file may hold")


def parse_json(text: str, where: str = "the file", depth: int = MAX_DEPTH):
    """``json.loads(text)`` within bounds; a ``FileProblem`` naming ``where`` otherwise.

    Nesting deeper than ``depth``, a number longer than ``MAX_NUMBER``
    characters, ``NaN`` and ``Infinity`` are refused.  Depth is measured by a
    scan of the text (no recursion), before ``json.loads`` could recurse.
    """
    if not isinstance(text, str):
        raise FileProblem(f"{where} is not text")
    # A backslash pair, then an escaped quote, cannot end a string: blank them
    # (same length, so positions hold) and every string is a plain "...".
    plain = text.replace("\\\\", "  ").replace('\\"', "  ")
    level = 0
    for match in _TOKENS.finditer(plain):
        token = match.group()
        if token == "[" or token == "{":
            level += 1
            if level > depth:
                raise FileProblem(f"{where} is damaged: nested more than {depth} deep "
                                  f"at line {_line(text, match.start())}")
        elif token == "]" or token == "}":
            level -= 1
        elif token[0] != '"':
            raise FileProblem(f"{where} is damaged: a number of {len(token)} characters "
                              f"at line {_line(text, match.start())}")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as exc:
        raise FileProblem(f"{where} is damaged: {exc}") from None
    except json.JSONDecodeError as exc:
        raise FileProblem(f"{where} is damaged (not valid JSON at line {exc.lineno}: "
                          f"{exc.msg})") from None
    except (ValueError, RecursionError, MemoryError) as exc:   # bounded above; never let one out
        raise FileProblem(f"{where} is damaged ({type(exc).__name__})") from None


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


# --- names ------------------------------------------------------------------------

#: Unicode categories a name may not hold: controls, lone surrogates, line breaks (the
#: characters a message never shows as they are, ``core.UNDRAWABLE``).
_NEVER_IN_A_NAME = UNDRAWABLE


#: Characters Unicode files as letters or symbols that nonetheless draw nothing (the
#: Hangul fillers, the blank Braille pattern, ...): a name of these alone looks empty.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")


def name_problem(value, limit: int = MAX_NAME) -> str | None:
    """Why ``value`` cannot be a name drawn on screen, or None when it can.

    A name is text of 1 to ``limit`` characters, without control characters
    (U+0000 makes the font raise) or line breaks, and with at least one
    visible character: a letter, digit, punctuation mark or symbol other than
    a known blank (text of zero-width characters alone makes the font raise,
    a filler alone looks empty).
    """
    if not isinstance(value, str):
        return f"must be text, not {type(value).__name__}"
    if not 1 <= len(value) <= limit:
        return f"must be 1-{limit} characters long, not {len(value)}"
    for char in value:
        if unicodedata.category(char) in _NEVER_IN_A_NAME:
            return f"holds the control character U+{ord(char):04X}"
    if not any(unicodedata.category(char)[0] in "LNPS" and char not in BLANKS for char in value):
        return "has no visible character"
    return None


def check_name(value, field: str = "name", limit: int = MAX_NAME) -> str:
    """``value`` if it is a name a font can draw (see ``name_problem``); ValueError naming
    ``field`` otherwise."""
    problem = name_problem(value, limit)
    if problem:
        raise ValueError(f"{field} {problem}")
    return value


# --- writing ----------------------------------------------------------------------

def json_text(data) -> str:
    """The text a JSON file of the program holds (stable order, one value per line)."""
    return json.dumps(data, indent=2, sort_keys=True) + "\n"


def write_text_atomic(path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all, and flush it to the disk."""
    path = Path(path)
    odd = not_a_file(path)
    if odd:
        raise FileProblem(f"could not write {path}: it is {odd}, not a file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        sync_folder(path.parent)
    except (OSError, UnicodeError) as exc:
        raise FileProblem(f"could not write {path}: {getattr(exc, 'strerror', None) or exc}") \
            from None


def write_json_atomic(path, data) -> None:
    write_text_atomic(path, json_text(data))


def remove_file(path) -> None:
    """Delete the file ``path`` if it is there (never a folder), and flush the folder."""
    path = Path(path)
    odd = not_a_file(path)
    if odd:
        raise FileProblem(f"could not remove {path}: it is {odd}, not a file")
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise FileProblem(f"could not remove {path}: {exc.strerror or exc}") from None
    sync_folder(path.parent)


def sync_folder(folder) -> None:
    """Flush a folder's entries (a rename, a removal) to the disk, where the system allows."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return      # e.g. Windows, where a folder cannot be opened: its renames are durable
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: The temporary file of an atomic write: ``.NAME.`` then mkstemp's eight characters, ``.tmp``.
_TEMPORARY = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp")
#: Seconds after which such a file is a leftover: a write takes milliseconds, so a file this
#: old was left by a program killed mid-write, never one a running program is writing.
LEFTOVER_AGE = 60.0


def remove_leftovers(folder, names=None, now: float | None = None) -> list[Path]:
    """Delete what atomic writes killed mid-way left in ``folder``: regular files named as
    ``write_text_atomic`` names its temporary files (for a file in ``names``, when given)
    and unchanged for more than ``LEFTOVER_AGE`` seconds.  Returns the files deleted;
    nothing else is touched, and a file that cannot be deleted stays."""
    now = time.time() if now is None else now
    gone = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return gone
    for entry in entries:
        match = _TEMPORARY.fullmatch(entry.name)
        if match is None or (names is not None and match["name"] not in names):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime <= LEFTOVER_AGE:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        gone.append(Path(entry.path))
    return gone


# --- setting a damaged file aside ---------------------------------------------------

def set_aside(path, now: float | None = None) -> Path:
    """Move the damaged file ``path`` to a new neighbour and return the new path.

    The new name says when, e.g. ``settings.damaged-20261125-101502.json``,
    with ``-2``, ``-3``... when that name is taken: an earlier file set aside
    is never overwritten.  A path that is not a regular file is refused
    (``FileProblem``) and left where it is.
    """
    path = Path(path)
    odd = not_a_file(path)
    if odd:
        raise FileProblem(f"{path} is {odd}, not a file; it was left where it is")
    for target in _aside_names(path, now):
        try:
            os.link(path, target)       # fails if the name is taken: nothing is overwritten
        except FileExistsError:
            continue
        except FileNotFoundError:
            raise FileProblem(f"{path} does not exist") from None
        except (OSError, AttributeError, NotImplementedError):
            # no hard links on this file system: rename, after checking the name is free
            if os.path.lexists(target):
                continue
            try:
                os.rename(path, target)
            except OSError as exc:
                raise FileProblem(f"could not move {path} aside: {exc.strerror or exc}") \
                    from None
            sync_folder(path.parent)
            return target
        try:
            os.unlink(path)
        except OSError as exc:
            raise FileProblem(f"could not move {path} aside: {exc.strerror or exc}") from None
        sync_folder(path.parent)
        return target
    raise FileProblem(f"could not move {path} aside: too many damaged files beside it")


def _aside_names(path: Path, now: float | None):
    """The names a damaged ``path`` may be kept under, in order of preference."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    for n in range(1, 1000):
        yield path.with_name(f"{path.stem}.damaged-{stamp}{'' if n == 1 else f'-{n}'}"
                             f"{path.suffix}")


def keep_aside(path, data: bytes, now: float | None = None) -> Path:
    """Keep ``data``, the damaged content ``path`` stands for (a row of a database), as a
    new file named as ``set_aside`` would name it, e.g.
    ``tournament-3-round-2-board-4.damaged-20261127-101502.json``; return its path.

    The copy is written whole to a temporary neighbour and flushed before it takes its
    name, which never replaces a file already there."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            for target in _aside_names(path, now):
                try:
                    os.link(tmp, target)    # fails if the name is taken: nothing is overwritten
                except FileExistsError:
                    continue
                except (OSError, AttributeError, NotImplementedError):
                    if os.path.lexists(target):     # no hard links here: rename to a free name
                        continue
                    os.rename(tmp, target)
                sync_folder(path.parent)
                return target
        finally:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    except OSError as exc:
        raise FileProblem(f"could not keep a copy in {path.parent}: "
                          f"{exc.strerror or exc}") from None
    raise FileProblem(f"could not keep a copy in {path.parent}: too many damaged files there")

