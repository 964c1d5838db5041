"""Calla's board: the twelve board indices, the cubes at the start, the options, and
the geometry every rule reads (whose pit an index is, which shield faces which,
where sown cubes land).

Board indices: 0-4 are player A's shields from A's left, 5 is A's calla,
6-10 are B's shields from B's left and 11 is B's calla.  Shield ``i`` faces
shield ``10 - i``.  A move is the number of the mover's shield, 1-5, counted
from the shield farthest from the mover's own calla, so move ``m`` of player
``p`` empties board index ``6 * p + m - 1`` (``shield_index``).
"""

from __future__ import annotations

START = (3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 3, 0)
TOTAL = sum(START)
WIN_CUBES = 17
CALLA = (5, 11)
PLAYER_NAMES = ("A", "B")        # letters, the same in every language

OPTIONS = {"end_sweep": "none", "time_limit_minutes": 15}
OPTION_CHOICES = {"end_sweep": ("none", "owner_takes"), "time_limit_minutes": (int, 0, 600)}


def side_names(variant=None) -> tuple:
    """What each player is called by side: the letters A and B, the same in every language
    (the screens say "Player A")."""
    return PLAYER_NAMES


def shield_index(player: int, move: int) -> int:
    """Board index of shield ``move`` (1-5) of ``player``."""
    return 6 * player + move - 1


def shields(player: int) -> range:
    return range(6 * player, 6 * player + 5)


def facing(index: int) -> int:
    return 10 - index


def owner(index: int) -> int:
    return 0 if index < 6 else 1


def sow_path(pits, origin: int, player: int) -> list[int]:
    """Board indices where each cube from ``origin`` lands, in order.

    The opponent's calla is skipped; the emptied origin is not, so a lap of
    eleven or more cubes drops one back into it.
    """
    skip = CALLA[1 - player]
    path = []
    index = origin
    for _ in range(pits[origin]):
        index = (index + 1) % 12
        if index == skip:
            index = (index + 1) % 12
        path.append(index)
    return path
