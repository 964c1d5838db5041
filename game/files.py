"""Safe reading and atomic writing of the small JSON files the program keeps.

A file is written to a temporary neighbour and moved into place, so a crash
mid-write leaves the old file whole.  Nothing loaded is ever executed:
files are plain JSON, checked by whoever reads them.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


class FileProblem(Exception):
    """A file could not be read or written; the message says which and why."""


def write_text_atomic(path, text: str) -> None:
    path = Path(path)
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
    except OSError as exc:
        raise FileProblem(f"could not write {path}: {exc.strerror or exc}") from None


def write_json_atomic(path, data) -> None:
    write_text_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def read_text(path, limit: int = 8 * 1024 * 1024) -> str:
    path = Path(path)
    try:
        if path.stat().st_size > limit:
            raise FileProblem(f"{path} is too large to be a Callidus file")
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise FileProblem(f"{path} does not exist") from None
    except UnicodeDecodeError:
        raise FileProblem(f"{path} is not a text file") from None
    except OSError as exc:
        raise FileProblem(f"could not read {path}: {exc.strerror or exc}") from None


def read_json(path):
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileProblem(f"{path} is damaged (not valid JSON at line {exc.lineno})") from None


# --- reading what a user hands over (a command line's files, a record to open) ---------

#: Bounds of ``loads_bounded``: nesting of arrays and objects, and characters in one number.
JSON_MAX_DEPTH = 64
JSON_MAX_NUMBER = 40

#: A JSON string, or an unclosed one running to the end: every quote that opens one is
#: matched at once, so the scan stays linear whatever the text.
_JSON_STRING = r'"[^"\\]*(?:\\[\s\S]?[^"\\]*)*(?:"|\Z)'
_JSON_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def read_regular_text(path, limit: int, what: str = "file") -> str:
    """The UTF-8 text of the regular file at ``path``, of at most ``limit`` bytes.

    A folder, a fifo or a device is refused without waiting on it, and every
    failure is a ``FileProblem`` naming ``what`` and the path."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise FileProblem(f"{what} {path} does not exist") from None
    except IsADirectoryError:
        raise FileProblem(f"{what} {path} is a folder, not a file") from None
    except (OSError, ValueError) as exc:       # ValueError: a NUL in the path
        raise FileProblem(f"cannot read {what} {path}: "
                          f"{getattr(exc, 'strerror', None) or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileProblem(f"{what} {path} is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(f"{what} {path} is not a regular file")
        if info.st_size > limit:
            raise FileProblem(f"{what} {path} is too large ({info.st_size:,} bytes; at most "
                              f"{limit:,})")
        chunks, size = [], 0
        while size <= limit:                 # the file may have grown since fstat
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileProblem(f"{what} {path} is too large (more than {limit:,} bytes)")
        data = b"".join(chunks)
    except OSError as exc:
        raise FileProblem(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(f"{what} {path} is not UTF-8 text (byte {exc.start})") from None


def loads_bounded(text: str, where: str):
    """``json.loads`` of ``text`` bounded in nesting (``JSON_MAX_DEPTH``) and in the
    length of every number (``JSON_MAX_NUMBER``), refusing ``NaN`` and infinities.

    Every failure, including the ones ``json.loads`` would raise as
    ``RecursionError`` or an integer-size ``ValueError``, is a ``FileProblem``
    whose message begins with ``where`` (the file, as the reader names it)."""
    import itertools
    import math
    import re

    brackets = re.sub(r"[^\[\]{}]+", "", re.sub(_JSON_STRING, "", text, flags=re.S))
    depth = max(itertools.accumulate(map(_JSON_STEP.__getitem__, brackets)), default=0)
    if depth > JSON_MAX_DEPTH:
        raise FileProblem(f"{where} is nested {depth:,} levels deep; at most "
                          f"{JSON_MAX_DEPTH} are read")

    def number(literal: str, kind):
        if len(literal) > JSON_MAX_NUMBER:
            raise FileProblem(f"{where} holds a number of {len(literal):,} characters; at "
                              f"most {JSON_MAX_NUMBER} are read")
        value = kind(literal)
        if not math.isfinite(value):
            raise FileProblem(f"{where} holds {literal}, which is too large for a number")
        return value

    def constant(name: str):
        raise FileProblem(f"{where} holds {name}, which is not a number JSON allows")

    try:
        return json.loads(text, parse_int=lambda s: number(s, int),
                          parse_float=lambda s: number(s, float), parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise FileProblem(f"{where} is damaged (not valid JSON at line {exc.lineno}, column "
                          f"{exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise FileProblem(f"{where} is nested too deeply") from None
