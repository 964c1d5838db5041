"""Small helpers shared by the screens: widgets, the table background, titles."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox

from . import assets

TITLE = (255, 226, 176)
INK = (243, 233, 214)
MUTED = (200, 184, 160)


def button(scene, rect, text, object_id=None, tooltip=None):
    return scene.add(UIButton(pygame.Rect(rect), text, manager=scene.app.ui,
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


def heading(surface, text, center, size=48):
    assets.text(surface, text, center, size=size, colour=TITLE, bold=True, anchor="center",
                shadow=True)


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
