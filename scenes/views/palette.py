"""Every colour that tells the players something, in one place: Calliro's chips,
Callisto's four colours, Iriri's and Calla's and Calabria's sides, and through
the views' player colours the sidebar's seats and the analysis chart's lines.

Two palettes.  ``DEFAULT`` is the game's own look, its colours moved a few
steps (at most 6 CAM02-UCS units, a shade) so that players with the common
colour vision deficiencies tell them apart better.  ``SAFE`` is built on the
Okabe-Ito colours (Okabe and Ito, "Color Universal Design", 2008), chosen to
stay apart under protanopia, deuteranopia and tritanopia alike.  Whatever the
palette, every piece also carries a mark that tells its colour without colour
(drawn by each game's art module), so no player depends on colour alone.

The setting ``colour_safe`` chooses the palette: ``use`` switches it and the
views read ``current()`` whenever they draw, so a change shows on the next
frame.  Pictures that are drawn once and kept take the palette into the key
they are kept by.  No view writes the colour of a piece or a side itself.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The eight colours of Okabe and Ito's palette, by their own names.
OKABE_ITO = {
    "black": (0, 0, 0),
    "orange": (230, 159, 0),
    "sky blue": (86, 180, 233),
    "bluish green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish purple": (204, 121, 167),
}


def _mix(a, b, t):
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def _pyramid(main, pip):
    """An Iriri pyramid's shades lit from the top left, from its colour ``main``."""
    return {"main": main, "light": _mix(main, (255, 255, 255), 0.5),
            "dark": _mix(main, (0, 0, 0), 0.3), "deep": _mix(main, (0, 0, 0), 0.52),
            "pip": pip, "edge": _mix(main, (255, 255, 255), 0.75)}


def _army(main, metal, crest=None):
    """A Calabrian army's shades: its colour ``main`` on shields, crests and ropes, and
    the ``metal`` of its helmets and bosses."""
    crest = crest or main
    return {"main": main, "dark": _mix(main, (0, 0, 0), 0.5),
            "light": _mix(main, (255, 255, 255), 0.3),
            "metal": metal, "metal_dark": _mix(metal, (0, 0, 0), 0.4),
            "metal_light": _mix(metal, (255, 255, 255), 0.5),
            "crest": crest, "base": _mix(main, (0, 0, 0), 0.35), "rope": main}


@dataclass(frozen=True, eq=False)
class Palette:
    """The colours one palette gives each thing that carries meaning.  Compared and
    hashed by identity: there are only the two, and caches keep pictures by it."""

    name: str
    #: Calliro's chip faces by the engine's colour letter (orange, blue, green).
    calliro: dict
    #: Calliro's score chips: Blue's black one, Green's white one.
    calliro_score: tuple
    #: Callisto's colours by name.
    callisto: dict
    #: Iriri's pyramids: the yellow side's shades, then the blue side's.
    iriri: tuple
    #: Calla's sides A and B (their labels and seats).
    calla: tuple
    #: Calabria's armies: the Romans' shades, then the Gladiators'.
    calabria: tuple
    #: Calabria's sides as their labels and seats show them (light, for dark ground).
    calabria_sides: tuple
    #: A mistake on the analysis chart.
    mistake: tuple


DEFAULT = Palette(
    name="default",
    # Orange a little lighter, blue a little more violet, green a little bluer than they
    # were: a plain orange and green chip, as drawn, were 6.3 units apart under
    # protanopia, now 13.6 (tests/test_colour_access.py measures).
    calliro={"O": (254, 151, 35), "B": (52, 90, 215), "G": (40, 156, 94)},
    calliro_score=((34, 34, 38), (238, 236, 228)),
    # Pentobi's colours warmed a little to sit on the wooden table, then red and green
    # moved apart: as drawn they were 6.0 units apart under deuteranopia, now 19.2.
    callisto={"Blue": (30, 106, 216), "Yellow": (240, 215, 44), "Red": (210, 46, 20),
              "Green": (41, 177, 100)},
    iriri=({"main": (240, 190, 40), "light": (255, 234, 140), "dark": (188, 128, 14),
            "deep": (138, 84, 8), "pip": (92, 52, 0), "edge": (255, 246, 200)},
           {"main": (52, 118, 222), "light": (140, 192, 255), "dark": (28, 70, 160),
            "deep": (16, 40, 108), "pip": (236, 244, 255), "edge": (200, 226, 255)}),
    calla=((240, 196, 110), (150, 200, 240)),
    # Romans: crimson scutum with gold; Gladiators: bronze parma with teal.
    calabria=({"main": (176, 30, 34), "dark": (96, 12, 16), "light": (226, 72, 62),
               "metal": (232, 186, 76), "metal_dark": (150, 104, 30),
               "metal_light": (255, 236, 160), "crest": (204, 34, 30), "base": (120, 24, 22),
               "rope": (200, 40, 34)},
              {"main": (22, 122, 124), "dark": (8, 64, 68), "light": (70, 186, 178),
               "metal": (198, 136, 64), "metal_dark": (118, 72, 28),
               "metal_light": (246, 200, 130), "crest": (32, 160, 150), "base": (16, 84, 86),
               "rope": (30, 150, 144)}),
    calabria_sides=((236, 96, 80), (72, 200, 190)),
    mistake=(255, 110, 90),
)

_OI = OKABE_ITO
#: Okabe-Ito's blue a shade deeper and its bluish green a shade lighter (each under 6
#: units): on a shaded chip the two came within 8.9 units of each other under
#: tritanopia, now 16.3.
_BLUE, _GREEN = (15, 103, 161), (9, 172, 129)
SAFE = Palette(
    name="safe",
    calliro={"O": _OI["orange"], "B": _BLUE, "G": _GREEN},
    calliro_score=DEFAULT.calliro_score,
    callisto={"Blue": _BLUE, "Yellow": _OI["yellow"], "Red": _OI["vermillion"],
              "Green": _GREEN},
    # the yellow pyramid's faces turn amber in the shade, as the game's own do
    iriri=({"main": _OI["yellow"], "light": (250, 243, 160), "dark": (208, 176, 30),
            "deep": (150, 118, 12), "pip": (92, 70, 0), "edge": (255, 250, 214)},
           _pyramid(_BLUE, (236, 244, 255))),
    calla=(_OI["orange"], _OI["sky blue"]),
    calabria=(_army(_OI["vermillion"], (236, 200, 96)),
              _army(_OI["sky blue"], (196, 204, 214))),
    calabria_sides=(_mix(_OI["vermillion"], (255, 255, 255), 0.2), _OI["sky blue"]),
    mistake=_OI["reddish purple"],
)

PALETTES = {"default": DEFAULT, "safe": SAFE}

_chosen = DEFAULT


def current() -> Palette:
    """The palette the views draw in now."""
    return _chosen


def use(safe: bool) -> None:
    """Draw in the colour-blind safe palette (``safe``) or the game's own from now on."""
    global _chosen
    _chosen = SAFE if safe else DEFAULT
