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
name that never overwrites an earlier one, so the user's bytes are kept;
``write_to_free_name`` writes a new file under the first free one of several names
(``keep_aside`` and the tournament's exports take theirs so).
"""

from __future__ import annotations

import errno
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
from .i18n import _, number

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
    """What a path that is no file is, in the language in use ("it is {what}, not a file")."""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a pipe")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    return _("not a regular file")


def not_a_file(path) -> str | None:
    """Why ``path`` exists but is not a regular file (``"a folder"``...), else None."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return None if stat.S_ISREG(mode) else _what_it_is(mode)


def read_bytes(path, limit: int = GAME_LIMIT, what: str = "") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; messages name the
    file as ``what`` says (``"position file"``..., marked with ``N_`` by the caller) when
    given."""
    path = Path(path)
    # TRANSLATORS: a file named by what it holds: "position file /home/ann/a.json"
    name = _("{what} {path}").format(what=_(what), path=path) if what else str(path)
    # O_NONBLOCK: opening a pipe must not wait for a writer; it is refused below
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblem(_("{path} does not exist").format(path=name)) from None
    except IsADirectoryError:
        raise FileProblem(_("could not read {path}: it is {what}, not a file").format(
            path=name, what=_("a folder"))) from None
    except (OSError, ValueError) as exc:
        raise FileProblem(_("could not read {path}: {reason}").format(
            path=name, reason=getattr(exc, "strerror", None) or exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            raise FileProblem(_("could not read {path}: it is {what}, not a file").format(
                path=name, what=_what_it_is(mode)))
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise FileProblem(_("could not read {path}: {reason}").format(
            path=name, reason=exc.strerror or exc)) from None
    if len(data) > limit:
        raise FileProblem(_("{path} is too large (more than {size})").format(
            path=name, size=_size(limit)))
    return data


def read_text(path, limit: int = GAME_LIMIT, what: str = "") -> str:
    """The UTF-8 text of the regular file ``path`` (a leading byte-order mark dropped)."""
    data = read_bytes(path, limit, what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        name = _("{what} {path}").format(what=_(what), path=path) if what else str(path)
        raise FileProblem(_("{path} is not a text file (not UTF-8 at byte {n})").format(
            path=name, n=exc.start)) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_json(path, limit: int = GAME_LIMIT, depth: int = MAX_DEPTH):
    """The JSON value in the file ``path``, read within the bounds of ``parse_json``."""
    return parse_json(read_text(path, limit), str(path), depth)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return _("{n} MB").format(n=number(n // (1024 * 1024)))
    return _("{n} KB").format(n=number(n // 1024))


# Strings (escapes removed beforehand), brackets, and numbers too long to accept.
_TOKENS = re.compile(r'"[^"]*"?|[\[\]{}]|-?[0-9][-+.0-9eE]{%d,}' % MAX_NUMBER)


class _Refused(ValueError):
    pass


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER:
        raise _Refused(_("a number of {n} characters").format(n=len(text)))
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER:
        raise _Refused(_("a number of {n} characters").format(n=len(text)))
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(_("the number {text} is too large").format(text=text))
    return value


def _constant(text: str):
    raise _Refused(_("{text} is not a number a file may hold").format(text=text))


def parse_json(text: str, where: str | None = None, depth: int = MAX_DEPTH):
    """``json.loads(text)`` within bounds; a ``FileProblem`` naming ``where`` otherwise.

    Nesting deeper than ``depth``, a number longer than ``MAX_NUMBER``
    characters, ``NaN`` and ``Infinity`` are refused.  Depth is measured by a
    scan of the text (no recursion), before ``json.loads`` could recurse.  ``where`` is
    a path, or words in the language in use ("the file" when not given).
    """
    if where is None:
        where = _("the file")
    if not isinstance(text, str):
        raise FileProblem(_("{where} is not text").format(where=where))
    # A backslash pair, then an escaped quote, cannot end a string: blank them
    # (same length, so positions hold) and every string is a plain "...".
    plain = text.replace("\\\\", "  ").replace('\\"', "  ")
    level = 0
    for match in _TOKENS.finditer(plain):
        token = match.group()
        if token == "[" or token == "{":
            level += 1
            if level > depth:
                raise FileProblem(_("{where} is damaged: nested more than {depth} deep at "
                                    "line {line}").format(where=where, depth=depth,
                                                          line=_line(text, match.start())))
        elif token == "]" or token == "}":
            level -= 1
        elif token[0] != '"':
            raise FileProblem(_("{where} is damaged: a number of {n} characters at line "
                                "{line}").format(where=where, n=len(token),
                                                 line=_line(text, match.start())))
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as exc:
        raise FileProblem(_("{where} is damaged: {problem}").format(where=where, problem=exc)) \
            from None
    except json.JSONDecodeError as exc:
        raise FileProblem(_("{where} is damaged (not valid JSON at line {line}: {reason})").format(
            where=where, line=exc.lineno, reason=exc.msg)) from None
    except (ValueError, RecursionError, MemoryError) as exc:   # bounded above; never let one out
        raise FileProblem(_("{where} is damaged ({kind})").format(
            where=where, kind=type(exc).__name__)) from None


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
    # each problem is said after the name it is about: "the name 'x' has no visible character"
    if not isinstance(value, str):
        return _("must be text, not {kind}").format(kind=type(value).__name__)
    if not 1 <= len(value) <= limit:
        return _("must be 1-{limit} characters long, not {n}").format(
            limit=number(limit), n=number(len(value)))
    for char in value:
        if unicodedata.category(char) in _NEVER_IN_A_NAME:
            return _("holds the control character U+{code}").format(code=f"{ord(char):04X}")
    if not any(unicodedata.category(char)[0] in "LNPS" and char not in BLANKS for char in value):
        return _("has no visible character")
    return None


def check_name(value, field: str = "name", limit: int = MAX_NAME) -> str:
    """``value`` if it is a name a font can draw (see ``name_problem``); ValueError naming
    ``field`` otherwise."""
    problem = name_problem(value, limit)
    if problem:
        # TRANSLATORS: a field named, then what is wrong with it: "name has no visible character"
        raise ValueError(_("{field} {problem}").format(field=field, problem=problem))
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
        raise FileProblem(_("could not write {path}: it is {what}, not a file").format(
            path=path, what=odd))
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
        raise FileProblem(_("could not write {path}: {reason}").format(
            path=path, reason=getattr(exc, "strerror", None) or exc)) from None


def write_json_atomic(path, data) -> None:
    write_text_atomic(path, json_text(data))


def remove_file(path) -> None:
    """Delete the file ``path`` if it is there (never a folder), and flush the folder."""
    path = Path(path)
    odd = not_a_file(path)
    if odd:
        raise FileProblem(_("could not remove {path}: it is {what}, not a file").format(
            path=path, what=odd))
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        raise FileProblem(_("could not remove {path}: {reason}").format(
            path=path, reason=exc.strerror or exc)) from None
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
        raise FileProblem(_("{path} is {what}, not a file; it was left where it is").format(
            path=path, what=odd))
    for target in _aside_names(path, now):
        try:
            os.link(path, target)       # fails if the name is taken: nothing is overwritten
        except FileExistsError:
            continue
        except FileNotFoundError:
            raise FileProblem(_("{path} does not exist").format(path=path)) from None
        except (OSError, AttributeError, NotImplementedError):
            # no hard links on this file system: rename, after checking the name is free
            if os.path.lexists(target):
                continue
            try:
                os.rename(path, target)
            except OSError as exc:
                raise FileProblem(_("could not move {path} aside: {reason}").format(
                    path=path, reason=exc.strerror or exc)) from None
            sync_folder(path.parent)
            return target
        try:
            os.unlink(path)
        except OSError as exc:
            raise FileProblem(_("could not move {path} aside: {reason}").format(
                path=path, reason=exc.strerror or exc)) from None
        sync_folder(path.parent)
        return target
    raise FileProblem(_("could not move {path} aside: too many damaged files beside "
                        "it").format(path=path))


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
    name, which never replaces a file already there (``write_to_free_name``)."""
    path = Path(path)
    try:
        # any failure to link is taken for a file system without hard links: the copy is
        # then renamed to a name seen free
        target = write_to_free_name(path, data, _aside_names(path, now), no_links=None)
    except OSError as exc:
        raise FileProblem(_("could not keep a copy in {folder}: {reason}").format(
            folder=path.parent, reason=exc.strerror or exc)) from None
    if target is None:
        raise FileProblem(_("could not keep a copy in {folder}: too many damaged files "
                            "there").format(folder=path.parent))
    return target


# --- writing under a free name ------------------------------------------------------

#: What ``os.link`` says where a file system has no hard links (then a free name is
#: taken by renaming, which a file appearing at that very moment could lose to).
NO_LINKS = frozenset(getattr(errno, name) for name in ("EPERM", "ENOTSUP", "EOPNOTSUPP",
                                                       "EXDEV", "ENOSYS", "EMLINK")
                     if hasattr(errno, name))


def write_to_free_name(path, data: bytes, names, no_links=NO_LINKS) -> Path | None:
    """Write ``data`` whole to a temporary neighbour of ``path``, flushed, then give it the
    first of ``names`` not taken and return that name; None when every one is taken.

    The name is taken with a hard link, which fails rather than replace a file: a file
    already there, or one another writer gives the same name at the same moment, is never
    overwritten.  Where ``os.link`` fails with an errno in ``no_links`` (with any OSError
    when ``no_links`` is None) the file system is taken to have no hard links, and the
    file is renamed to a name seen free instead.  The temporary file never stays behind;
    any other OSError is raised for the caller to word."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        for target in names:
            try:
                os.link(tmp, target)        # fails if the name is taken: nothing is overwritten
            except FileExistsError:
                continue
            except (OSError, AttributeError, NotImplementedError) as exc:
                if isinstance(exc, OSError) and no_links is not None \
                        and exc.errno not in no_links:
                    raise
                if os.path.lexists(target):     # no hard links here: a free name only
                    continue
                os.rename(tmp, target)
            sync_folder(path.parent)
            return target
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return None
