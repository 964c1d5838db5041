"""The one version string of Callidus: the menu, ``--version``, the app bundle and its
desktop entry all read it from here (see CHANGELOG.md for what each version brought)."""

VERSION = "1.1.1"
