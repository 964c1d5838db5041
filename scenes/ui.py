"""Small helpers shared by the screens: widgets, the table background, titles."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from game import i18n
from game.i18n import N_, _

from . import assets

TITLE = (255, 226, 176)
INK = (243, 233, 214)
MUTED = (200, 184, 160)


TIP_WIDEST = 480     # pixels a tooltip grows to before its text wraps
TIP_GAP = 6          # between a tooltip and its button


class Button(UIButton):
    """pygame_gui's button with a tooltip that fits its text, lies beside the button
    (below it, else above), and goes when the button is pressed, not to come back until
    the pointer has left: a dialog the button opens is never covered by it."""

    def __init__(self, *args, **kwargs):
        self._tip_spent = False
        super().__init__(*args, **kwargs)

    def set_tooltip(self, text=None, object_id=None, text_kwargs=None, delay=None,
                    wrap_width=None) -> None:
        if text and wrap_width is None:
            font = self.ui_manager.get_theme().get_font(["tool_tip.text_box", "text_box"])
            wrap_width = min(TIP_WIDEST, font.size(text)[0] + 48)   # padding, border, shadow
        super().set_tooltip(text, object_id, text_kwargs, delay, wrap_width)

    def process_event(self, event) -> bool:
        consumed = super().process_event(event)
        if self.held or self.pressed_event:
            self._tip_spent = True
            if self.tool_tip is not None:
                self.tool_tip.kill()
                self.tool_tip = None
        return consumed

    def while_hovering(self, time_delta, mouse_pos) -> None:
        if self._tip_spent:
            return
        had_tip = self.tool_tip is not None
        super().while_hovering(time_delta, mouse_pos)
        if self.tool_tip is not None and not had_tip:
            self._place_tip(self.tool_tip)

    def on_unhovered(self) -> None:
        super().on_unhovered()
        self._tip_spent = False

    def _place_tip(self, tip) -> None:
        """Below the button, else above, else beside it: never on it, inside the window, and
        where it hides no other button if there is such a place."""
        window = self.ui_manager.get_root_container().get_rect()
        r, box = self.rect, tip.rect.copy()
        places = []
        for side in ("below", "above", "right", "left"):
            box.center = r.center
            if side == "below":
                box.top = r.bottom + TIP_GAP
            elif side == "above":
                box.bottom = r.top - TIP_GAP
            elif side == "right":
                box.left = r.right + TIP_GAP
            else:
                box.right = r.left - TIP_GAP
            if side in ("below", "above"):
                box.clamp_ip(pygame.Rect(window.x, box.y, window.width, box.height))
            if window.contains(box) and not box.colliderect(r):
                places.append(box.copy())
        if not places:
            return                               # pygame_gui's own place, then
        others = [e.rect for e in self.ui_manager.get_sprite_group().sprites()
                  if isinstance(e, UIButton) and e is not self and e.visible and e.alive()]
        clear = [b for b in places if b.collidelist(others) < 0]
        tip.set_position((clear or places)[0].topleft)


def button(scene, rect, text, object_id=None, tooltip=None):
    return scene.add(Button(pygame.Rect(rect), text, manager=scene.app.ui,
                            object_id=object_id, tool_tip_text=tooltip))


def label(scene, rect, text, object_id=None):
    return scene.add(UILabel(pygame.Rect(rect), text, manager=scene.app.ui, object_id=object_id))


class Dropdown(UIDropDownMenu):
    """pygame_gui's drop-down, closing when the option already chosen is clicked again.

    The stock one unselects that option and stays open, its list lying over the
    buttons below it, so the next click meant for one of them picks an option
    instead.  Every screen's drop-downs are made here.
    """

    def process_event(self, event) -> bool:
        expanded = self.menu_states.get("expanded")
        if (event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION
                and self.current_state is expanded and expanded is not None
                and event.ui_element is expanded.options_selection_list):
            expanded.should_transition = True        # closes on the next update, unchanged
            return True
        return super().process_event(event)


def dropdown(scene, rect, options, selected):
    return scene.add(Dropdown(list(options), selected, pygame.Rect(rect), manager=scene.app.ui))


def text_box(scene, rect, html, object_id=None):
    return scene.add(UITextBox(html, pygame.Rect(rect), manager=scene.app.ui,
                               object_id=object_id))


def pressed(event, widget) -> bool:
    return event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is widget


def table(surface) -> None:
    """The dark wooden table every screen sits on."""
    size = surface.get_size()
    surface.blit(assets.scaled("wood_dark.png", size), (0, 0))
    shade = _vignette(size)
    surface.blit(shade, (0, 0))


_vignettes: dict = {}


def _vignette(size):
    if size not in _vignettes:
        _vignettes.clear()
        shade = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        for i in range(24):
            alpha = int(7 * (24 - i) / 24 * 3)
            pygame.draw.rect(shade, (0, 0, 0, alpha), (i * 6, i * 6, w - i * 12, h - i * 12), 6)
        shade.fill((0, 0, 0, 110), special_flags=pygame.BLEND_RGBA_ADD)
        _vignettes[size] = shade
    return _vignettes[size]


def heading(surface, text, center, size=48, width=None):
    """A screen's title, centred; a long one smaller (to two thirds of ``size``), then cut
    with an ellipsis, to ``width`` (the surface less a margin by default)."""
    if width is None:
        width = 2 * min(center[0], surface.get_width() - center[0]) - 40
    size = assets.fitting_size(text, size, width, bold=True, smallest=max(16, size * 2 // 3))
    assets.text(surface, text, center, size=size, colour=TITLE, bold=True, anchor="center",
                shadow=True, width=width)


def columns(x: int, width: int, widths, gap: int = 14) -> list[tuple[int, int]]:
    """(left, width) of each column of a table ``width`` pixels wide starting at ``x``:
    ``widths`` gives each column's width, None for the ones (names) that share what is left;
    a gap between columns that no text enters."""
    fixed = sum(w for w in widths if w is not None) + gap * (len(widths) - 1)
    flexible = sum(1 for w in widths if w is None)
    share = max(40, (width - fixed) // max(1, flexible))
    out = []
    for w in widths:
        w = share if w is None else w
        out.append((x, w))
        x += w + gap
    return out


def panel(surface, rect, alpha=190, border=(176, 138, 90)):
    rect = pygame.Rect(rect)
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (30, 22, 17, alpha), box.get_rect(), border_radius=12)
    pygame.draw.rect(box, (*border, 200), box.get_rect(), 1, border_radius=12)
    surface.blit(box, rect.topleft)


def clock_text(seconds: float) -> str:
    """mm:ss, with tenths under ten seconds."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"0:0{int(seconds * 10) / 10:.1f}"
    whole = int(seconds + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"


def mirrored(rect, area) -> pygame.Rect:
    """``rect``, laid out in ``area`` for a language written left to right, at the same
    place counted from the right when the language in use is written right to left: the
    one question a layout whose order means something asks (``i18n.rtl``)."""
    rect = pygame.Rect(rect)
    if i18n.rtl():
        area = pygame.Rect(area)
        rect.x = area.left + area.right - rect.right
    return rect


#: The computer's levels as a player reads them (a level not named here: its own title).
LEVEL_NAMES = {"random": N_("Random mover"), "easy": N_("Easy"), "medium": N_("Medium"),
               "hard": N_("Hard"), "expert": N_("Expert"), "perfect": N_("Perfect")}


def level_title(level) -> str:
    """The computer's ``level`` as a player reads it: "Medium"."""
    if level in LEVEL_NAMES:
        return _(LEVEL_NAMES[level])
    from game.ai import LEVEL_TITLES
    return LEVEL_TITLES.get(level, str(level).title())
