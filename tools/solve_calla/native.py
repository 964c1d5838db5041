"""The solver's compiled core (solver.c): built with the system's C compiler on first use
and loaded with ctypes.

The library is rebuilt whenever solver.c changes (its hash names the file), into the
tables folder's ``build/``; ``CC`` picks the compiler (default ``cc``).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent / "solver.c"


class BuildProblem(RuntimeError):
    """The C core could not be built or loaded; the message says why."""


def library_path(build_dir: Path) -> Path:
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    suffix = ".dll" if sys.platform == "win32" else ".so"
    return build_dir / f"calla_solver-{digest}{suffix}"


def build(build_dir: Path) -> Path:
    target = library_path(build_dir)
    if target.exists():
        return target
    build_dir.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + f".{os.getpid()}.tmp")
    compiler = os.environ.get("CC", "cc")
    command = [compiler, "-O3", "-march=native", "-shared", "-fPIC", "-o", str(temporary),
               str(SOURCE)]
    try:
        done = subprocess.run(command, capture_output=True, text=True)
    except OSError as exc:
        raise BuildProblem(f"cannot run the C compiler {compiler!r}: {exc}") from None
    if done.returncode:
        raise BuildProblem(f"{' '.join(command)} failed:\n{done.stderr.strip()}")
    os.replace(temporary, target)
    return target


def load(build_dir: Path):
    """The core as a ctypes library with its functions' types declared."""
    path = build(build_dir)
    try:
        lib = ctypes.CDLL(str(path))
    except OSError as exc:
        raise BuildProblem(f"cannot load {path}: {exc}") from None
    u8p = ctypes.POINTER(ctypes.c_uint8)
    i8p = ctypes.c_void_p
    signatures = {
        "init": (None, [ctypes.c_int]),
        "set_layer": (None, [ctypes.c_int, i8p]),
        "set_top": (None, [ctypes.c_int]),
        "build_layer": (ctypes.c_uint64, [ctypes.c_int]),
        "boards": (ctypes.c_uint64, [ctypes.c_int]),
        "amin": (ctypes.c_int, [ctypes.c_int]),
        "acount": (ctypes.c_int, [ctypes.c_int]),
        "rank10": (ctypes.c_uint64, [u8p]),
        "tt_alloc": (ctypes.c_int, [ctypes.c_int]),
        "tt_clear": (None, []),
        "tt_free": (None, []),
        "nodes": (ctypes.c_uint64, []),
        "solve": (ctypes.c_int, [u8p, ctypes.c_int, ctypes.c_int]),
        "at_least": (ctypes.c_int, [u8p, ctypes.c_int, ctypes.c_int]),
        "best_move": (ctypes.c_int, [u8p, ctypes.c_int]),
        "play": (ctypes.c_int, [u8p, ctypes.c_int, u8p]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


def board(values) -> "ctypes.Array":
    """Ten shields as the core takes them."""
    return (ctypes.c_uint8 * 10)(*values)
