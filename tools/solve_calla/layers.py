"""The solver's working tables on disk: one file per setting and cubes on the board.

``<dir>/<setting>/layer-NN.bin``: a 32-byte header (``CALLALYR``, version, setting, cubes,
the CRC-32 of the values, their count) then the values, one signed byte per position, in
the order of ``game/calla/perfect.py``.  A layer is written to a temporary neighbour,
flushed and renamed into place, so a file under its own name is always whole; a rerun
builds only the layers missing.  A layer whose header or checksum is wrong is moved aside
(``layer-NN.damaged-<date>.bin``) and built again.
"""

from __future__ import annotations

import json
import mmap
import os
import struct
import tempfile
import zlib
from pathlib import Path

from game.calla.perfect import SETTINGS, layer_size
from game.files import set_aside, sync_folder

MAGIC = b"CALLALYR"
VERSION = 1
HEADER = struct.Struct("<8sBBBBIQ8x")


class LayerProblem(ValueError):
    """A layer file that cannot be used."""


def layer_path(folder: Path, setting: str, n: int) -> Path:
    return folder / setting / f"layer-{n:02d}.bin"


def write_atomic(path: Path, *parts) -> None:
    """Write ``parts`` (bytes-like) to ``path`` whole or not at all, flushed to the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            for part in parts:
                handle.write(part)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)        # mkstemp's 0600 would keep the app's readers out
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(path.parent)


def save(folder: Path, setting: str, n: int, values) -> Path:
    path = layer_path(folder, setting, n)
    head = HEADER.pack(MAGIC, VERSION, SETTINGS.index(setting), n, 0, zlib.crc32(values),
                       len(values))
    write_atomic(path, head, values)
    return path


def open_layer(folder: Path, setting: str, n: int):
    """The values of a layer on disk as a private writable mapping (so ctypes can point at
    it; nothing is ever written back), or None when the file is missing.  A damaged file is
    moved aside and None returned."""
    path = layer_path(folder, setting, n)
    if not path.exists():
        return None
    try:
        with open(path, "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_COPY)
        problem = check(mapped, setting, n)
    except (OSError, ValueError) as exc:
        problem, mapped = f"cannot be read: {exc}", None
    if problem is None:
        return mapped
    if mapped is not None:
        mapped.close()
    aside = set_aside(path)
    print(f"{path} {problem}; moved to {aside.name} and built again")
    return None


def check(mapped, setting: str, n: int) -> str | None:
    if len(mapped) < HEADER.size:
        return "is cut short"
    magic, version, sweep, cubes, _, crc, length = HEADER.unpack_from(mapped)
    if magic != MAGIC or version != VERSION:
        return "is not a layer of this solver"
    if SETTINGS[sweep] != setting or cubes != n:
        return "is another layer"
    if length != layer_size(n) or len(mapped) != HEADER.size + length:
        return "has the wrong length"
    if zlib.crc32(memoryview(mapped)[HEADER.size:]) != crc:
        return "is damaged (its checksum does not match)"
    return None


def values(mapped) -> memoryview:
    """The values of an open layer (past its header)."""
    return memoryview(mapped)[HEADER.size:]


def manifest_path(folder: Path, setting: str) -> Path:
    return folder / setting / "manifest.json"


def read_manifest(folder: Path, setting: str) -> dict:
    """What the tool measured for a setting (seconds per layer, the start's solution)."""
    try:
        data = json.loads(manifest_path(folder, setting).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_manifest(folder: Path, setting: str, data: dict) -> None:
    text = json.dumps(data, indent=2, sort_keys=True) + "\n"
    write_atomic(manifest_path(folder, setting), text.encode("utf-8"))
