"""The picture set a person reviews before calling a screen done (tools/screenshots.py):
made for one board and one language in a small window, each picture on disk and not
blank, and the board as a person with protanopia sees it not the same picture."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy
import pygame

ROOT = Path(__file__).resolve().parent.parent


def colours(path: Path) -> int:
    """How many different colours the picture at ``path`` has."""
    pixels = pygame.surfarray.array3d(pygame.image.load(str(path))).reshape(-1, 3)
    return len(numpy.unique(pixels, axis=0))


def test_one_board_in_one_language_makes_every_picture_of_it(tmp_path):
    out = tmp_path / "shots"
    # a player's own folders, which the tool must leave alone
    mine = {part: tmp_path / f"my-{part.lower()}" for part in ("CONFIG", "DATA", "QUICK")}
    env = dict(os.environ, **{f"CALLIDUS_{part}_DIR": str(path) for part, path in mine.items()})
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshots.py"), str(out),
                           "--size", "960x600", "--language", "fa",
                           "--only", "calliro+board"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    summary = done.stdout.strip().splitlines()[-1]
    assert "0 screens failed" in summary, summary
    expected = ["boards/calliro-default-960x600.png", "boards/calliro-safe-960x600.png",
                "protanopia/calliro-safe-960x600.png", "deuteranopia/calliro-safe-960x600.png",
                "tritanopia/calliro-safe-960x600.png", "greyscale/calliro-safe-960x600.png",
                "keyboard/calliro-960x600.png", "screens/play-calliro-960x600-fa.png"]
    for name in expected:
        path = out / name
        assert path.is_file(), f"no {name}: {done.stdout}"
        assert str(path) in done.stdout, f"where {name} went is not said"
        assert pygame.image.load(str(path)).get_size() == (960, 600)
        assert colours(path) > 50, f"{name} is blank"
    # only the board asked for: no other game's, no other screen's
    made = sorted(str(p.relative_to(out)) for p in out.rglob("*.png"))
    assert all("calliro" in name for name in made), made
    safe = pygame.surfarray.array3d(pygame.image.load(str(out / expected[1]))).astype(int)
    seen = pygame.surfarray.array3d(pygame.image.load(str(out / expected[2]))).astype(int)
    assert numpy.abs(safe - seen).sum(axis=2).mean() > 5, "protanopia changes nothing"
    grey = pygame.surfarray.array3d(pygame.image.load(str(out / expected[5])))
    assert (grey[..., 0] == grey[..., 1]).all() and (grey[..., 1] == grey[..., 2]).all()
    # the program kept its settings, games and tournaments in a folder of its own
    assert not any(path.exists() for path in mine.values())


def test_a_bad_size_is_refused_with_a_message(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshots.py"),
                           str(tmp_path / "shots"), "--size", "big"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "'big' is not a size such as 960x600" in done.stderr
    assert not (tmp_path / "shots").exists()


def test_a_screen_that_fails_is_named_and_the_others_are_still_made(tmp_path):
    """Without a PDF renderer the printout's page cannot be drawn: said, its PDF kept
    instead, and the menu still made."""
    alone = Path(sys.executable).parent          # python, but no pdftoppm, on the PATH
    if (alone / "pdftoppm").exists():
        alone = tmp_path / "bin"
        alone.mkdir()
        (alone / "python3").symlink_to(sys.executable)
    out = tmp_path / "shots"
    env = dict(os.environ, PATH=str(alone))
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshots.py"), str(out),
                           "--size", "960x600", "--language", "de",
                           "--only", "printout,menu+de"],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1
    assert "FAILED screens/printout-A4-de.png" in done.stderr
    assert "no PDF renderer" in done.stderr
    assert (out / "screens" / "printout-A4-de.pdf").stat().st_size > 1000
    assert colours(out / "screens" / "menu-960x600-de.png") > 50
    assert done.stdout.strip().splitlines()[-1].startswith("2 pictures in ")
    assert "1 screen failed: screens/printout-A4-de.png" in done.stdout
