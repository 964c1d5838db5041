"""Calla's proven values: the tables of perfect play the app ships, read in pure Python.

What a value is.  No move puts cubes on the board: a sowing moves cubes forward round the
board, and every cube that leaves the board goes into a calla (sown there, or captured).
So the cubes on the board never grow, and a move that keeps their number (one that neither
reaches the mover's calla nor captures) only moves the mover's cubes nearer their calla.
Positions can therefore be solved in order of cubes on the board, from few upwards.

The best final margin (the mover's score less the opponent's, both playing their best)
does not depend on the shields alone: the game ends at once when a calla reaches 17, so
how far each calla is from 17 changes what a line is worth.  The callas together hold
32 less the cubes on the board, so one calla's count settles both.  A value is kept for
each (shields seen from the mover, cubes in the mover's calla ``a``), as the *relative*
value: the best final margin less the present one (``a - b``).  It lies between ``-n`` and
``n`` for ``n`` cubes on the board, and only the positions where both callas hold at most
16 need one (``a`` from ``amin(n)`` to 16 or ``32 - n``).  ``end_sweep`` changes values (the
cubes left on the board at the end count for their owner, or for nobody), so each setting
has its own table.  The game timer is not part of a value: these are the values of the
game played to its end.  Once time is called the game ends within a turn or two, and
the computer players search that end exactly instead.

Boards are ranked by the combinatorial number system: the ten shields (the mover's five,
then the opponent's five, each from its owner's left) are nine bars among ``n + 9``
places, ranked in colex order.  A table file holds every position with up to ``top``
cubes on the board: layer ``n`` is ``boards(n) * count(n)`` signed bytes, the callas'
counts innermost.

File (``assets/calla/perfect-<end_sweep>.bin``): a 32-byte header (``HEADER``: the
magic ``CALLAPV1``, version, whether the cubes left count for their owner, ``top``, the
compression, the CRC-32 of the table, its length, the length stored), then the table,
compressed with zlib or xz.  ``tools/solve_calla`` makes it.
"""

from __future__ import annotations

import struct
import sys
import zlib
from math import comb
from operator import add
from pathlib import Path

from .board import TOTAL, WIN_CUBES

MAGIC = b"CALLAPV1"
VERSION = 1
HEADER = struct.Struct("<8sBBBBIQQ")
COMPRESSIONS = {0: "none", 1: "zlib", 2: "xz"}
#: The end_sweep settings, each with a table of its own.
SETTINGS = ("none", "owner_takes")
#: The largest table read (far above what is shipped: a damaged header must not ask for
#: gigabytes).
MOST_BYTES = 400 * 1024 * 1024

_BINOM = [[comb(m, k) for k in range(11)] for m in range(TOTAL + 10)]


class TableProblem(ValueError):
    """A table that cannot be used; the message names the file and what is wrong."""


def amin(n: int) -> int:
    """The fewest cubes the mover's calla can hold with ``n`` on the board (neither calla at 17)."""
    return 16 - n if n <= 16 else 0


def count(n: int) -> int:
    """How many counts the mover's calla can have with ``n`` cubes on the board."""
    return n + 1 if n <= 16 else TOTAL + 1 - n


def boards(n: int) -> int:
    """How many ways ``n`` cubes lie in ten shields."""
    return comb(n + 9, 9)


def layer_size(n: int) -> int:
    return boards(n) * count(n)


def table_size(top: int) -> int:
    return sum(layer_size(n) for n in range(top + 1))


def rank(x) -> int:
    """The board's place among the boards with as many cubes (0 first)."""
    r = 0
    p = -1
    for k in range(9):
        p += x[k] + 1
        r += _BINOM[p][k + 1]
    return r


def view(pits, mover: int):
    """``(x, a, b)``: the board seen from ``mover`` (ten bytes: their shields, then the
    opponent's, each from its owner's left), the cubes in the mover's calla and in the
    opponent's."""
    if mover == 0:
        return bytes(pits[0:5]) + bytes(pits[6:11]), pits[5], pits[11]
    return bytes(pits[6:11]) + bytes(pits[0:5]), pits[11], pits[5]


def _sowing(i: int, c: int):
    """``(increments, gain, landing)`` of sowing ``c`` cubes from the mover's shield ``i``
    before any capture: what each of the ten shields gains (the emptied one its laps less
    ``c``), the cubes sown into the mover's calla, and where the last cube fell (a shield's
    place in the ten, or -1 for the calla)."""
    cycle = [0] * 11            # 0-4 the mover's shields, 5 their calla, 6-10 the opponent's
    cycle[i] -= c
    pos = i
    for _ in range(c):
        pos = 0 if pos == 10 else pos + 1
        cycle[pos] += 1
    landing = -1 if pos == 5 else (pos if pos < 5 else pos - 1)
    return tuple(cycle[:5] + cycle[6:]), cycle[5], landing


_SOWINGS = [[_sowing(i, c) for c in range(TOTAL + 1)] for i in range(5)]


def sow(x, i: int):
    """``(child, gain, free)`` after the mover sows their shield ``i`` (0-4) of board ``x``
    (ten bytes, as ``view`` gives):
    the board still seen from the mover, the cubes that reached their calla (captures
    too), and whether the last cube fell in the calla (a free turn).  A last cube that
    lands in an empty shield of the mover's captures it and the facing shield's cubes
    (facing shield ``k`` is the opponent's ``4 - k``, place ``9 - k`` of the ten)."""
    increments, gain, landing = _SOWINGS[i][x[i]]
    y = bytes(map(add, x, increments))
    if landing < 0:
        return y, gain, True
    if landing < 5 and y[landing] == 1 and y[9 - landing]:
        y = bytearray(y)
        gain += y[9 - landing] + 1
        y[9 - landing] = 0
        y[landing] = 0
        y = bytes(y)
    return y, gain, False


def flip(y: bytes) -> bytes:
    """The board seen from the other player."""
    return y[5:] + y[:5]


class Tables:
    """Every position's value with up to ``top`` cubes on the board, for one setting."""

    def __init__(self, data: bytes, setting: str, top: int):
        if len(data) != table_size(top):
            raise TableProblem(f"a table up to {top} cubes holds {table_size(top)} values, "
                               f"not {len(data)}")
        self.data = data
        self.setting = setting
        self.sweep = setting == "owner_takes"
        self.top = top
        self.offsets = [sum(layer_size(k) for k in range(n)) for n in range(top + 1)]

    def relative(self, x, a: int) -> int | None:
        """The relative value of board ``x`` with ``a`` cubes in the mover's calla, or None
        when the board holds more than ``top`` cubes."""
        n = sum(x)
        if n > self.top:
            return None
        return self.at(x, n, a)

    def at(self, x, n: int, a: int) -> int:
        """``relative`` for a board of ``n`` cubes within the table (the search's leaves)."""
        value = self.data[self.offsets[n] + rank(x) * count(n) + a - amin(n)]
        return value - 256 if value > 127 else value

    def end_value(self, x) -> int:
        """The relative value when the mover has no cubes left to sow."""
        return -sum(x) if self.sweep else 0

    def margin(self, x, a: int, b: int) -> int | None:
        """The best final margin for the mover, or None beyond the table."""
        if not any(x[:5]):
            return a - b + self.end_value(x)
        relative = self.relative(x, a)
        return None if relative is None else a - b + relative

    def child_margin(self, x, a: int, b: int, i: int):
        """The final margin for the mover after they sow shield ``i`` (0-4) and both play
        their best from there, or None when the position after it is beyond the table."""
        y, gain, free = sow(x, i)
        if a + gain >= WIN_CUBES:
            return a + gain - b
        if free:
            return self.margin(y, a + gain, b)
        theirs = self.margin(flip(y), b, a + gain)
        return None if theirs is None else -theirs


def encode(data: bytes, setting: str, top: int, compression: int = 2) -> bytes:
    """The file of a table (``tools/solve_calla`` writes it; the game only reads)."""
    if compression == 2:
        import lzma
        packed = lzma.compress(data, preset=9 | lzma.PRESET_EXTREME)
    elif compression == 1:
        packed = zlib.compress(data, 9)
    else:
        packed = bytes(data)
    head = HEADER.pack(MAGIC, VERSION, SETTINGS.index(setting), top, compression,
                       zlib.crc32(data), len(data), len(packed))
    return head + packed


def decode(blob: bytes, setting: str, name: str = "the table") -> Tables:
    """The tables a file holds, every part of it checked; TableProblem says what is wrong."""
    if len(blob) < HEADER.size:
        raise TableProblem(f"{name} is cut short ({len(blob)} bytes)")
    magic, version, sweep, top, compression, crc, length, stored = HEADER.unpack_from(blob)
    if magic != MAGIC:
        raise TableProblem(f"{name} is not a Calla table")
    if version != VERSION:
        raise TableProblem(f"{name} is of version {version}, not {VERSION}")
    if sweep >= len(SETTINGS) or SETTINGS[sweep] != setting:
        raise TableProblem(f"{name} is not the table for end_sweep {setting!r}")
    if top > TOTAL or table_size(top) != length or length > MOST_BYTES:
        raise TableProblem(f"{name} has a damaged header (up to {top} cubes, {length} bytes)")
    if compression not in COMPRESSIONS:
        raise TableProblem(f"{name} is compressed in an unknown way ({compression})")
    if stored != len(blob) - HEADER.size:
        raise TableProblem(f"{name} should hold {stored} bytes after its header, "
                           f"not {len(blob) - HEADER.size}")
    packed = blob[HEADER.size:]
    try:
        if compression == 2:
            import lzma
            unpacker = lzma.LZMADecompressor()
            data = unpacker.decompress(packed, max_length=length + 1)
            whole = unpacker.eof and not unpacker.unused_data
        elif compression == 1:
            unpacker = zlib.decompressobj()
            data = unpacker.decompress(packed, length + 1)
            whole = unpacker.eof and not unpacker.unused_data
        else:
            data, whole = packed, True
    except (zlib.error, ValueError, EOFError, MemoryError, ImportError) as exc:
        raise TableProblem(f"{name} cannot be unpacked: {exc}") from None
    except Exception as exc:        # lzma.LZMAError, from a module that may be missing
        raise TableProblem(f"{name} cannot be unpacked: {exc}") from None
    if len(data) != length or not whole:
        raise TableProblem(f"{name} unpacks to {len(data)} bytes, not {length}")
    if zlib.crc32(data) != crc:
        raise TableProblem(f"{name} is damaged (its checksum does not match)")
    tables = Tables(bytes(data), setting, top)
    for n in range(top + 1):
        # every value of layer n lies in -n..n: delete those bytes, and nothing may be left
        allowed = bytes(v % 256 for v in range(-n, n + 1))
        layer = tables.data[tables.offsets[n]:tables.offsets[n] + layer_size(n)]
        if layer.translate(None, allowed):
            raise TableProblem(f"{name} holds a value out of range for {n} cubes")
    return tables


def assets_folder() -> Path:
    """Where the shipped tables are: the program's assets (inside the app once frozen)."""
    frozen = getattr(sys, "_MEIPASS", None)
    base = Path(frozen) if frozen else Path(__file__).resolve().parent.parent.parent
    return base / "assets" / "calla"


def table_path(setting: str, folder: Path | None = None) -> Path:
    return (folder or assets_folder()) / f"perfect-{setting}.bin"


_LOADED: dict = {}


def load(setting: str, folder: Path | None = None) -> Tables:
    """The shipped tables for ``setting`` (read once per process); TableProblem, with a
    one-line message naming the file, when they are missing or damaged."""
    if setting not in SETTINGS:
        raise TableProblem(f"no Calla table for end_sweep {setting!r}")
    path = table_path(setting, folder)
    key = str(path)
    if key not in _LOADED:
        from ..files import FileProblem, read_bytes
        try:
            blob = read_bytes(path, MOST_BYTES + HEADER.size, "Calla table")
            _LOADED[key] = decode(blob, setting, f"the Calla table {path}")
        except (FileProblem, TableProblem) as exc:
            _LOADED[key] = TableProblem(str(exc))
    found = _LOADED[key]
    if isinstance(found, TableProblem):
        raise found
    return found


def forget() -> None:
    """Read the tables again on next use (tests that damage them)."""
    _LOADED.clear()
