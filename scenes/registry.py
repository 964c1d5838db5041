"""Every screen under its name: the one module that imports the screen modules.

Screens ask the scene stack for each other by these names (see ``scenes.stack``);
``scenes.app`` imports this module, so the names are known before the first
screen opens.  It is not imported from ``scenes/__init__.py``: the tournament's
worker processes import ``scenes.tournament.background`` and must start without
pygame.
"""

from __future__ import annotations

from .games import GamesScene
from .menu import MenuScene
from .net.hosting import HostGameScene
from .net.join import JoinScene
from .pause import PauseScene
from .play import PlayScene
from .question import QuestionScene
from .record_reading import RecordReadingScene
from .results import ResultsScene
from .review import ReviewScene
from .rules import RulesScene
from .settings_scene import SettingsScene
from .setup import SetupScene
from .stack import register
from .tournament.entrants import NewTournamentScene
from .tournament.hosting import HostingScene
from .tournament.live import LiveScene
from .tournament.lobby import LobbyDialog, LobbyScene
from .tournament.podium import PodiumScene
from .tournament.roster import ConfirmScene, LateEntrantScene, RosterScene
from .tournament.result_entry import ResultEntryScene
from .tournament.round import RoundScene
from .tournament.standings import StandingsScene

SCREENS = {
    "menu": MenuScene,
    "setup": SetupScene,
    "play": PlayScene,
    "record.reading": RecordReadingScene,
    "pause": PauseScene,
    "question": QuestionScene,
    "results": ResultsScene,
    "review": ReviewScene,
    "rules": RulesScene,
    "games": GamesScene,
    "net.hosting": HostGameScene,
    "net.join": JoinScene,
    "settings": SettingsScene,
    "tournament.lobby": LobbyScene,
    "tournament.dialog": LobbyDialog,
    "tournament.new": NewTournamentScene,
    "tournament.round": RoundScene,
    "tournament.result": ResultEntryScene,
    "tournament.standings": StandingsScene,
    "tournament.podium": PodiumScene,
    "tournament.roster": RosterScene,
    "tournament.late_entrant": LateEntrantScene,
    "tournament.confirm": ConfirmScene,
    "tournament.hosting": HostingScene,
    "tournament.live": LiveScene,
}

for _name, _scene_class in SCREENS.items():
    register(_name, _scene_class)
