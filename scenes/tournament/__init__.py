"""The tournament screens: lobby, set-up and entrants, round view (with a Swiss's late
entries, requested byes, withdrawals and swaps: ``roster``), standings, podium.

The menu pushes ``"tournament.lobby"`` (see ``scenes.registry``).  Tournaments live in
``tournaments.sqlite3`` in the data folder (``scenes.saves.data_dir()``);
every change is committed at once, so the program may be closed at any
moment and the tournament resumed from the lobby.

The screens are imported on first use, so the worker processes that play
computer games (``background``) start without loading pygame.
"""

__all__ = ["LobbyScene"]


def __getattr__(name):
    if name == "LobbyScene":
        from .lobby import LobbyScene
        return LobbyScene
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
