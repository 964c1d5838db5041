"""Player settings, kept as JSON in the user's config folder.

A missing file means defaults; a damaged one is set aside (renamed, never
deleted) and the defaults are used, with a message the menu shows once.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.files import FileProblem, read_json, write_json_atomic

DEFAULTS = {
    "volume": 0.7,             # 0.0 - 1.0
    "animation_speed": 1.0,    # 0.5 slow, 1 normal, 2 fast, 4 very fast
    "show_undersides": False,  # Calliro: show each chip's underside (open play)
    "glimpse_seconds": 1.2,    # Calliro: how long a placed chip shows its underside
    "show_hints": True,        # mark legal targets while a piece is held
    "board_style": "wood",     # "wood" or "stone"
}


def _valid(name, value):
    default = DEFAULTS[name]
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 10
    if name == "board_style":
        return value in ("wood", "stone")
    return isinstance(value, type(default))


def default_path() -> Path:
    override = os.environ.get("CALLIDUS_CONFIG_DIR")
    if override:
        return Path(override) / "settings.json"
    from platformdirs import user_config_dir
    return Path(user_config_dir("Callidus", appauthor=False)) / "settings.json"


class Settings:
    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else default_path()
        self.values = dict(DEFAULTS)
        self.problem: str | None = None
        self.load()

    def load(self) -> None:
        if not self.path.exists():
            return
        try:
            data = read_json(self.path)
            if not isinstance(data, dict):
                raise FileProblem(f"{self.path} does not hold settings")
        except FileProblem as exc:
            self._set_aside(str(exc))
            return
        bad = []
        for name, value in data.items():
            if name in DEFAULTS and _valid(name, value):
                self.values[name] = value
            else:
                bad.append(name)
        if bad:
            self.problem = f"Ignored unusable settings: {', '.join(sorted(bad))}."

    def _set_aside(self, why: str) -> None:
        backup = self.path.with_suffix(".damaged.json")
        try:
            os.replace(self.path, backup)
            self.problem = f"Settings file was damaged ({why}); kept it as {backup.name} and used defaults."
        except OSError:
            self.problem = f"Settings file was damaged ({why}); using defaults."

    def __getitem__(self, name):
        return self.values[name]

    def set(self, name, value) -> None:
        if name not in DEFAULTS or not _valid(name, value):
            raise ValueError(f"bad setting {name}={value!r}")
        self.values[name] = value
        self.save()

    def save(self) -> None:
        try:
            write_json_atomic(self.path, self.values)
        except FileProblem as exc:
            self.problem = str(exc)
