"""The oldest glibc a built Linux app starts on: the highest GLIBC_x.y symbol version any of
its ELF files needs (what `objdump -T` lists, read from each file's .gnu.version_r, which
the dynamic loader checks before the program runs).

    python3 tools/glibc_floor.py dist/Callidus                  the floor, the files that set it
    python3 tools/glibc_floor.py dist/Callidus --at-most 2.31   fails naming each newer one

Reads the files with pyelftools (requirements.txt).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ELF_MAGIC = b"\x7fELF"


def parse_version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def show(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def glibc_needed(path: Path) -> tuple[int, ...] | None:
    """The highest GLIBC_ version ``path`` needs, or None for a file that is no ELF file or
    needs no versioned glibc symbol."""
    from elftools.common.exceptions import ELFError
    from elftools.elf.elffile import ELFFile
    with open(path, "rb") as f:
        if f.read(4) != ELF_MAGIC:
            return None
        f.seek(0)
        try:
            section = ELFFile(f).get_section_by_name(".gnu.version_r")
            if section is None:
                return None
            found = [parse_version(aux.name[len("GLIBC_"):])
                     for _, auxiliaries in section.iter_versions() for aux in auxiliaries
                     if aux.name.startswith("GLIBC_") and aux.name[6:7].isdigit()]
        except ELFError as exc:
            raise ValueError(f"{path}: not a readable ELF file ({exc})") from None
    return max(found, default=None)


def needs(folder: Path) -> list[tuple[tuple[int, ...], Path]]:
    """(version, file) for every ELF file under ``folder`` that needs a versioned glibc
    symbol, the highest first.  Links are not followed: what they point to is listed."""
    found = []
    for where, _, names in os.walk(folder):
        for name in names:
            path = Path(where) / name
            if path.is_symlink() or not path.is_file():
                continue
            version = glibc_needed(path)
            if version is not None:
                found.append((version, path))
    return sorted(found, key=lambda entry: (entry[0], str(entry[1])), reverse=True)


def above(folder: Path, limit: tuple[int, ...]) -> list[str]:
    """'file needs GLIBC_x.y' for each file under ``folder`` that needs more than ``limit``."""
    return [f"{path.relative_to(folder)} needs GLIBC_{show(version)}"
            for version, path in needs(folder) if version > limit]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the built app's folder")
    parser.add_argument("--at-most", metavar="X.Y",
                        help="fail, naming each file, when a file needs a newer glibc")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"{args.folder} is not a folder")
    if args.at_most:
        too_new = above(args.folder, parse_version(args.at_most))
        for line in too_new:
            print(line, file=sys.stderr)
        if too_new:
            print(f"{len(too_new)} files need a glibc newer than {args.at_most}",
                  file=sys.stderr)
            return 1
    found = needs(args.folder)
    if not found:
        print(f"{args.folder}: no file needs a versioned glibc symbol")
        return 0
    floor = found[0][0]
    print(f"glibc floor: {show(floor)}")
    for version, path in found:
        if version == floor:
            print(f"  {path.relative_to(args.folder)} needs GLIBC_{show(version)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
