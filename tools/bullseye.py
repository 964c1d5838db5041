"""Build the Linux app inside Debian 11 (bullseye), so that it starts on glibc 2.31 and newer.

    python3 tools/build_app.py --old-linux        (the usual way; it calls this)
    python3 tools/bullseye.py prepare             (only the build root, its Python and venv)
    python3 tools/bullseye.py player              (only the player's root the tests run it in)
    python3 tools/bullseye.py shell [ROOT]        (a shell inside a root, for a look around)

A program built on Linux needs a glibc at least as new as the one it was built against, and
PyInstaller copies the build machine's libpython and libraries into the app.  So the app is
built inside a Debian 11 root (glibc 2.31): made with mmdebstrap (or debootstrap) from
Debian's packages, with CPython 3.11 built there from Debian's own python3.11 source package
(bookworm's: upstream 3.11.2 with the security fixes Debian backported), a venv holding
requirements.txt and requirements-build.txt (their manylinux wheels suit glibc 2.31), and
PyInstaller run there on the work tree, mounted read-only.

Everything is kept in the cache folder (build/bullseye, or CALLIDUS_BULLSEYE_CACHE) and
reused: a root is made once, CPython is built once, the venv is filled again only when a
requirements file changes.  Each step marks itself done only once it has finished, so an
interrupted run starts that step again.  Long steps run under nice -n 19.  Needs Linux, root
(chroot and mount namespaces) and mmdebstrap or debootstrap (Debian packages of those names).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shlex
import shutil
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = "bullseye"
#: Where Debian keeps bullseye: its usual mirror, then its archive once it has moved there.
MIRRORS = ("http://deb.debian.org/debian", "http://archive.debian.org/debian")
#: The release whose python3.11 source package is built (Debian 11 ships only 3.9).
PYTHON_SOURCE_SUITE = "bookworm"
PYTHON = "/opt/python3.11"
VENV = "/opt/venv"
#: What the build needs: compilers (the buildd variant), and the headers of the libraries
#: CPython's modules link to (ssl, zlib, bz2, lzma, ctypes, sqlite3, uuid).
BUILD_PACKAGES = ("ca-certificates", "libssl-dev", "zlib1g-dev", "libbz2-dev", "libffi-dev",
                  "liblzma-dev", "libsqlite3-dev", "uuid-dev", "xz-utils", "patch")
#: A player's Debian 11 desktop, as far as the app relies on it: X11 and its extensions
#: (SDL opens them at run time), OpenGL, ALSA and PulseAudio, and the libraries every
#: desktop has that the app leaves out (see EXCLUDED_LIBRARIES in tools/callidus.spec).
PLAYER_PACKAGES = ("libx11-6", "libxext6", "libxcursor1", "libxi6", "libxfixes3",
                   "libxrandr2", "libxss1", "libxkbcommon0", "libgl1", "libegl1",
                   "libgl1-mesa-dri", "libasound2", "libpulse0", "libglib2.0-0",
                   "libsqlite3-0", "libstdc++6", "libfontconfig1", "libfreetype6")
DONE = ".callidus-done"
#: Debian's archive keys (the debian-archive-keyring package, on Debian and Ubuntu alike).
DEBIAN_KEYRING = Path("/usr/share/keyrings/debian-archive-keyring.gpg")


def cache_dir() -> Path:
    return Path(os.environ.get("CALLIDUS_BULLSEYE_CACHE") or ROOT / "build" / "bullseye")


def why_not() -> str | None:
    """Why a Debian 11 root cannot be made or entered on this machine, or None."""
    if not sys.platform.startswith("linux"):
        return "a Debian root is made on Linux only"
    if os.geteuid() != 0:
        return "making and entering a Debian root needs root (chroot, mount namespaces)"
    if not (shutil.which("mmdebstrap") or shutil.which("debootstrap")):
        return "needs mmdebstrap or debootstrap (apt-get install mmdebstrap)"
    for tool in ("unshare", "chroot"):
        if not shutil.which(tool):
            return f"needs {tool} (util-linux, coreutils)"
    return None


def is_ready(root: Path) -> bool:
    return (root / DONE).is_file()


def build_root() -> Path:
    return cache_dir() / "root"


def player_root() -> Path:
    return cache_dir() / "player"


def ready_to_build() -> bool:
    """True when the build root, its Python and its venv are all made."""
    root = build_root()
    return is_ready(root) and (root / VENV.lstrip("/") / DONE).is_file()


def log(message: str) -> None:
    print(f"bullseye: {message}", flush=True)


# --- making a root -------------------------------------------------------------------------

def mirror() -> str:
    """The first mirror that holds bullseye."""
    for url in MIRRORS:
        try:
            with urllib.request.urlopen(f"{url}/dists/{SUITE}/Release", timeout=30) as answer:
                if answer.status == 200:
                    return url
        except OSError:
            continue
    raise SystemExit(f"bullseye: no mirror holds Debian {SUITE} ({', '.join(MIRRORS)})")


def sources(url: str) -> list[str]:
    security = url.replace("/debian", "/debian-security")
    return [f"deb {url} {SUITE} main", f"deb {url} {SUITE}-updates main",
            f"deb {security} {SUITE}-security main"]


def make_root(target: Path, variant: str, packages: tuple[str, ...]) -> Path:
    """A Debian 11 root at ``target``: made in ``target.partial`` and renamed when whole."""
    if is_ready(target):
        return target
    problem = why_not()
    if problem:
        raise SystemExit(f"bullseye: {problem}")
    partial = target.with_name(target.name + ".partial")
    for leftover in (partial, target):
        if leftover.exists():
            shutil.rmtree(leftover)
    target.parent.mkdir(parents=True, exist_ok=True)
    url = mirror()
    started = time.monotonic()
    log(f"making a Debian {SUITE} root ({variant}) in {target} from {url}")
    if shutil.which("mmdebstrap"):
        command = ["mmdebstrap", "--mode=root", f"--variant={variant}", "--quiet",
                   f"--include={','.join(packages)}", SUITE, str(partial), *sources(url)]
        if DEBIAN_KEYRING.is_file():      # on Ubuntu, apt does not trust Debian's keys itself
            command.insert(1, f"--keyring={DEBIAN_KEYRING}")
    else:
        command = ["debootstrap", f"--variant={variant}", f"--include={','.join(packages)}",
                   SUITE, str(partial), url]
    subprocess.run(["nice", "-n", "19", *command], check=True)
    if not shutil.which("mmdebstrap"):
        (partial / "etc" / "apt" / "sources.list").write_text("\n".join(sources(url)) + "\n")
        run_in(partial, ["sh", "-c", "apt-get update -qq && apt-get upgrade -y -qq"])
    (partial / DONE).write_text(f"{url}\n")
    partial.rename(target)
    log(f"root made in {time.monotonic() - started:.0f} s")
    return target


def run_in(root: Path, command: list[str], binds=(), env=None, cwd="/", nice=False,
           **popen) -> subprocess.CompletedProcess | subprocess.Popen:
    """Run ``command`` inside ``root``: in a mount namespace of its own (nothing mounted
    there is seen outside, or left behind), with /proc and /dev, and ``binds`` as (folder
    outside, folder inside, read_only) mounted.  With ``popen`` arguments (stdout=...,
    wait=False) it returns the Popen; otherwise it waits and raises when the command fails."""
    wait = popen.pop("wait", True)
    resolv = Path("/etc/resolv.conf")
    if resolv.exists():
        (root / "etc" / "resolv.conf").unlink(missing_ok=True)
        shutil.copyfile(resolv, root / "etc" / "resolv.conf")
    steps = [f"mount -t proc proc {shlex.quote(str(root / 'proc'))}",
             f"mount --rbind /dev {shlex.quote(str(root / 'dev'))}"]
    for outside, inside, read_only in binds:
        point = root / str(inside).lstrip("/")
        point.mkdir(parents=True, exist_ok=True)
        steps.append(f"mount --bind {shlex.quote(str(outside))} {shlex.quote(str(point))}")
        if read_only:
            steps.append(f"mount -o remount,bind,ro {shlex.quote(str(point))}")
    variables = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                 "HOME": "/root", "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive",
                 **(env or {})}
    inner = ["env", "-i", *(f"{k}={v}" for k, v in variables.items()),
             "sh", "-c", 'cd "$1" && shift && exec "$@"', "sh", cwd, *command]
    steps.append("exec chroot " + shlex.quote(str(root)) + " " + shlex.join(inner))
    # --kill-child: the command ends with the unshare that runs it (a test stopping it)
    full = ["unshare", "--mount", "--propagation", "private", "--fork", "--kill-child", "--",
            "sh", "-ec", "; ".join(steps)]
    if nice:
        full = ["nice", "-n", "19", *full]
    if not wait:
        return subprocess.Popen(full, **popen)
    return subprocess.run(full, check=popen.pop("check", True), **popen)


# --- CPython and the venv ------------------------------------------------------------------

PYTHON_BUILD = f"""
set -eu
mkdir -p /usr/src/python
cd /usr/src/python
if ! ls python3.11_*.dsc >/dev/null 2>&1; then
    echo "deb-src {{mirror}} {PYTHON_SOURCE_SUITE} main" > /etc/apt/sources.list.d/python-source.list
    apt-get update -qq
    apt-get source --download-only python3.11
fi
rm -rf build
mkdir build
cd build
tar xf ../python3.11_*.orig.tar.* --strip-components=1
tar xf ../python3.11_*.debian.tar.*
# Debian's own patches first move files to Debian's layout; those from its first security fix
# on are upstream's fixes backported to 3.11.2, and they are applied.
for patch in $(grep -v '^#' debian/patches/series | sed -n '/^CVE-/,$p'); do
    patch -p1 -s < "debian/patches/$patch"
done
# One of those fixes has pyexpat.c take an internal header: Debian builds pyexpat into the
# interpreter, while here it is a module, which must then say so (as 3.12's pyexpat.c does).
if grep -q '"pycore_' Modules/pyexpat.c && ! grep -q Py_BUILD_CORE_MODULE Modules/pyexpat.c; then
    sed -i '1i #ifndef Py_BUILD_CORE_BUILTIN\\n#  define Py_BUILD_CORE_MODULE 1\\n#endif' \
        Modules/pyexpat.c
fi
./configure -q --prefix={PYTHON} --enable-shared --with-ensurepip=install \\
    LDFLAGS="-Wl,-rpath,{PYTHON}/lib"
make -s -j"$(nproc)"
rm -rf {PYTHON}
make -s install
cd ..
rm -rf build
{PYTHON}/bin/python3.11 -c "import ssl, sqlite3, ctypes, lzma, bz2, zlib, uuid, pyexpat"
touch {PYTHON}/{DONE}
"""


def build_python(root: Path) -> None:
    if (root / PYTHON.lstrip("/") / DONE).is_file():
        return
    started = time.monotonic()
    url = (root / DONE).read_text().split()[0]
    log(f"building CPython 3.11 from Debian's python3.11 source into {PYTHON} (minutes)")
    run_in(root, ["sh", "-c", PYTHON_BUILD.replace("{mirror}", url)], nice=True)
    log(f"CPython built in {time.monotonic() - started:.0f} s")


def requirements_digest() -> str:
    digest = hashlib.sha256()
    for name in ("requirements.txt", "requirements-build.txt"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def fill_venv(root: Path) -> None:
    """The venv with the game's and the build's requirements, again when either changed."""
    done = root / VENV.lstrip("/") / DONE
    wanted = requirements_digest()
    if done.is_file() and done.read_text().strip() == wanted:
        return
    started = time.monotonic()
    log(f"installing requirements.txt and requirements-build.txt into {VENV}")
    done.unlink(missing_ok=True)
    # pip inside the root trusts the certificate authorities this machine trusts (a network
    # that inspects HTTPS has its own among them)
    authorities = Path(ssl.get_default_verify_paths().cafile
                       or "/etc/ssl/certs/ca-certificates.crt")
    trusted = root / "etc" / "ssl" / "callidus-host-authorities.crt"
    if authorities.is_file():
        shutil.copyfile(authorities, trusted)
    script = (f"[ -x {VENV}/bin/python ] || {PYTHON}/bin/python3.11 -m venv {VENV}; "
              f"{VENV}/bin/python -m pip install -q --upgrade pip; "
              f"{VENV}/bin/python -m pip install -q -r /src/requirements.txt "
              "-r /src/requirements-build.txt")
    env = {"PIP_CERT": "/etc/ssl/callidus-host-authorities.crt"} if trusted.is_file() else {}
    run_in(root, ["sh", "-ec", script], binds=[(ROOT, "/src", True)], env=env, nice=True)
    done.write_text(wanted + "\n")
    log(f"venv filled in {time.monotonic() - started:.0f} s")


def prepare() -> Path:
    """The build root with its CPython and venv, made or brought up to date."""
    root = make_root(build_root(), "buildd", BUILD_PACKAGES)
    build_python(root)
    fill_venv(root)
    return root


def make_player() -> Path:
    return make_root(player_root(), "minbase", PLAYER_PACKAGES)


# --- building the app ----------------------------------------------------------------------

def build_app(dist: Path, work: Path, clean: bool = False) -> None:
    """tools/build_app.py run inside the build root on this work tree: the app and its
    archive go to ``dist`` as a build on this machine would put them."""
    root = prepare()
    dist.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)
    command = [f"{VENV}/bin/python", "/src/tools/build_app.py", "--no-install",
               "--dist", "/out/dist", "--work", "/out/work"] + (["--clean"] if clean else [])
    run_in(root, command, binds=[(ROOT, "/src", True), (dist, "/out/dist", False),
                                 (work, "/out/work", False)],
           env={"PYTHONDONTWRITEBYTECODE": "1"}, cwd="/src", nice=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("prepare", "player", "shell"))
    parser.add_argument("root", nargs="?", type=Path, help="for shell: the root to enter")
    args = parser.parse_args(argv)
    if args.what == "prepare":
        print(prepare())
    elif args.what == "player":
        print(make_player())
    else:
        root = args.root or build_root()
        return run_in(root, ["bash"], binds=[(ROOT, "/src", True)], check=False).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
