"""Build the Callidus app: a folder a player unpacks and double-clicks, and its archive.

Run from anywhere:  python3 tools/build_app.py [--no-install] [--clean] [--dist DIR]
                    python3 tools/build_app.py --old-linux      (Linux: for glibc 2.31 on)

1. installs the pinned build tools of requirements-build.txt (PyInstaller) with pip;
2. builds tools/callidus.spec into DIST/Callidus/ (on macOS also DIST/Callidus.app): the
   Callidus program, the assets, theme and rules texts, and on Linux install.sh;
3. packs DIST/Callidus-<version>-<platform>.tar.gz (a .zip on Windows) and writes its
   checksum to DIST/SHA256SUMS (check with: sha256sum -c SHA256SUMS).

--old-linux does steps 1 to 3 inside a Debian 11 root (tools/bullseye.py): the app then
starts on glibc 2.31 and newer, where one built on this machine needs this machine's glibc.
The same spec serves Windows and macOS, but each platform builds its own app.
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "tools" / "callidus.spec"
REQUIREMENTS = ROOT / "requirements-build.txt"


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from game.version import VERSION
    return VERSION


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    if system.startswith("linux"):
        system = "linux"
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def run(command: list[str]) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=ROOT)


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def pack(dist: Path, name: str) -> Path:
    """The archive of the app, with the folder (or Callidus.app) at its top."""
    top = dist / ("Callidus.app" if sys.platform == "darwin" else "Callidus")
    stem = f"Callidus-{version()}-{platform_tag()}"
    if sys.platform == "win32":
        archive = dist / f"{stem}.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
            for path in sorted(top.rglob("*")):
                out.write(path, Path(name) / path.relative_to(top))
        return archive
    archive = dist / f"{stem}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as out:
        out.add(top, arcname=top.name if sys.platform == "darwin" else name)
    return archive


def write_checksums(archive: Path) -> Path:
    """SHA256SUMS beside the archive, in sha256sum's format."""
    digest = hashlib.sha256()
    with open(archive, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    sums = archive.parent / "SHA256SUMS"
    partial = sums.with_name(sums.name + ".partial")
    partial.write_text(f"{digest.hexdigest()}  {archive.name}\n", encoding="utf-8")
    partial.replace(sums)
    return sums


def glibc_floor(folder: Path) -> str:
    """The oldest glibc the app starts on, when pyelftools is there to read it."""
    try:
        sys.path.insert(0, str(ROOT / "tools"))
        from glibc_floor import needs, show
        found = needs(folder)
    except ImportError:
        return "not read (pyelftools is not installed)"
    if not found:
        return "none needed"
    return f"{show(found[0][0])} ({found[0][1].relative_to(folder)})"


def build(dist: Path, work: Path, clean: bool = False) -> Path:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(dist), "--workpath", str(work)]
    if clean:
        command.append("--clean")
    run(command + [str(SPEC)])
    program = dist / "Callidus" / ("Callidus.exe" if sys.platform == "win32" else "Callidus")
    if not program.exists():
        raise SystemExit(f"build_app: the build made no {program}")
    return program


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-install", action="store_true",
                        help="use the build tools already installed")
    parser.add_argument("--clean", action="store_true",
                        help="build from scratch, without PyInstaller's cache")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the app and its archive go (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build",
                        help="PyInstaller's working folder (default: build/)")
    parser.add_argument("--old-linux", action="store_true",
                        help="build inside a Debian 11 root, for glibc 2.31 and newer "
                        "(Linux, as root; the root is kept in build/bullseye)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    if args.old_linux:
        sys.path.insert(0, str(ROOT / "tools"))
        import bullseye
        problem = bullseye.why_not()
        if problem:
            raise SystemExit(f"build_app: --old-linux: {problem}")
        if args.work == ROOT / "build":       # the root itself lives in build/
            args.work = bullseye.cache_dir() / "work"
        bullseye.build_app(args.dist.resolve(), args.work.resolve(), args.clean)
        print(f"built inside Debian 11 in {time.monotonic() - started:.0f} s (with its root, "
              f"Python and venv where they were not yet made)")
        return 0
    if not args.no_install:
        run([sys.executable, "-m", "pip", "install", "-q", "-r", str(REQUIREMENTS)])
    program = build(args.dist.resolve(), args.work.resolve(), args.clean)
    archive = pack(args.dist.resolve(), "Callidus")
    sums = write_checksums(archive)
    mib = 1024 * 1024
    print(f"app:     {program.parent}  ({folder_size(program.parent) / mib:.1f} MiB)")
    print(f"archive: {archive}  ({archive.stat().st_size / mib:.1f} MiB), checksum in {sums}")
    if sys.platform.startswith("linux"):
        print(f"glibc:   {glibc_floor(program.parent)} or newer")
    print(f"built in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
