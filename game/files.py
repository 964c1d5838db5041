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
