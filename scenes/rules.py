"""A game's rules in our own words, a section a page, with board diagrams.

The text lives in ``assets/rules/<game>.json``; a diagram is a position the
game's own board view draws, so pictures always match the real board, or a
``figure`` the view draws by name (Callisto's set of pieces).  Each picture is
drawn once for the window's size and kept; those not yet seen are drawn in
the frames after the screen opens, so turning a page only shows what is ready.
"""

from __future__ import annotations

import json
import re

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game import GAMES
from game.i18n import _, language, number, rtl, rules_text

from . import assets, ui
from .stack import Scene
from .views import view_class
from .views.base import render_static


def load_rules(name: str) -> dict:
    """The rules pages of the game ``name``, their texts in the language in use (the
    ``rules`` catalogue, each text under the game's name; see tools/catalogues.py)."""
    with open(assets.path("rules", f"{name}.json"), encoding="utf-8") as handle:
        rules = json.load(handle)
    for section in rules["sections"]:
        section["heading"] = rules_text(name, section["heading"])
        section["paragraphs"] = [rules_text(name, text) for text in section["paragraphs"]]
        diagram = section.get("diagram")
        if diagram and diagram.get("caption"):
            diagram["caption"] = rules_text(name, diagram["caption"])
    return rules


#: Tags that style a piece of a line (bold, italic), left out in right-to-left languages
#: and in those written without spaces between words.
INLINE_TAG = re.compile(r"</?(b|i|u|strong|em)>")
#: The languages written without spaces between words.
UNSPACED = {"zh_Hans"}


class RulesScene(Scene):
    title = "rules"

    def __init__(self, app, game_name: str, page: int = 0):
        super().__init__(app)
        self.spec = GAMES[game_name]
        self.relabel()
        self.page = max(0, min(page, len(self.sections) - 1))

    def relabel(self) -> None:
        self.rules = load_rules(self.spec.name)
        self.sections = self.rules["sections"]
        # the pictures hold words too (a tray's, a piece's name): drawn again in the new
        # language, from new positions, which the board views' picture cache has not seen
        self._diagram_state = {}
        self._pictures: dict = {}     # (page, size) -> the page's picture, drawn once

    def build(self) -> None:
        w, h = self.app.size
        section = self.sections[self.page]
        has_diagram = "diagram" in section
        text_w = int((w - 80) * (0.5 if has_diagram else 1.0))
        window = pygame.Rect(0, 0, w, h)
        self.text_rect = ui.mirrored((30, 110, text_w, h - 200), window)
        self.diagram_rect = self.rect_of(self.page)
        paragraphs = section["paragraphs"]
        # pygame_gui breaks lines only at spaces: a piece without one that does not start a
        # line goes down whole, and one longer than a line is cut with a dash at each side
        unspaced = language().code in UNSPACED
        if rtl() or unspaced:
            # pygame_gui lays a line's differently styled pieces out from the left: in a
            # language written right to left each line is kept one piece, which the fonts
            # lay out in its own direction; in one written without spaces a paragraph kept
            # one piece is cut wherever a line is full, with no dash
            paragraphs = [INLINE_TAG.sub("", text) for text in paragraphs]
        if unspaced:
            # a space there sets a Latin name or a number apart, and is no place to break
            # a line: a line broken at one would end short
            paragraphs = [text.replace(" ", "\u00a0") for text in paragraphs]
        html = "<br><br>".join(paragraphs)
        # a plain see-through box over a panel drawn here: pygame_gui's rounded box cost a
        # quarter of a second to build (seconds on a busy machine) on every page turn
        self.add(UITextBox(html, pygame.Rect(self.text_rect), manager=self.app.ui,
                           object_id=ObjectID("#rules_text",
                                              "@right_to_left" if rtl() else None),
                           allow_split_dashes=not unspaced))
        y = h - 70
        # the pages turn towards the end of a line: to the left in a language written right
        # to left, Next then at the left and Back at the right
        self.back_button = ui.button(self, ui.mirrored((30, y, 140, 46), window), _("Back"))
        self.prev_button = ui.button(self, ui.mirrored((w - 330, y, 140, 46), window),
                                     _("Previous"))
        self.next_button = ui.button(self, ui.mirrored((w - 170, y, 140, 46), window), _("Next"),
                                     "#primary")
        if self.page == 0:
            self.prev_button.disable()
        if self.page == len(self.sections) - 1:
            self.next_button.disable()

    def turn(self, delta: int) -> None:
        page = max(0, min(self.page + delta, len(self.sections) - 1))
        if page != self.page:
            self.page = page
            self.resize()

    def handle(self, event) -> None:
        # the arrow towards Next turns the page on: Left in a language written right to left
        back, on = (pygame.K_RIGHT, pygame.K_LEFT) if rtl() else (pygame.K_LEFT, pygame.K_RIGHT)
        if ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE)):
            self.app.stack.pop()
        elif ui.pressed(event, self.prev_button) or (
                event.type == pygame.KEYDOWN and event.key in (back, pygame.K_PAGEUP)):
            self.turn(-1)
        elif ui.pressed(event, self.next_button) or (
                event.type == pygame.KEYDOWN and event.key in (on, pygame.K_PAGEDOWN)):
            self.turn(1)

    def update(self, dt: float) -> None:
        """Draw one picture not yet drawn, nearest pages first, so it is ready when its
        page is turned to."""
        order = sorted(range(len(self.sections)), key=lambda i: (abs(i - self.page), i))
        for index in order:
            if "diagram" not in self.sections[index]:
                continue
            size = self.rect_of(index).inflate(-20, -20).size
            if (index, size) not in self._pictures:
                self.picture(index, size)
                return

    def rect_of(self, index: int) -> pygame.Rect:
        """Where page ``index``'s picture goes in the window, leaving its caption room."""
        caption = self.sections[index].get("diagram", {}).get("caption", "")
        return ui.mirrored(diagram_rect(self.app.size, caption),
                           pygame.Rect((0, 0), self.app.size))

    def diagram_state(self, index: int):
        if index not in self._diagram_state:
            data = self.sections[index]["diagram"]["position"]
            self._diagram_state[index] = self.spec.from_position(data)
        return self._diagram_state[index]

    def picture(self, index: int, size: tuple) -> pygame.Surface | None:
        """The picture of page ``index``, at most ``size`` pixels: a position drawn by the
        game's board view, or a figure it draws by name; drawn once, then kept."""
        key = (index, tuple(size))
        if key not in self._pictures:
            diagram = self.sections[index]["diagram"]
            view = view_class(self.spec.name)
            if "figure" in diagram:
                picture = view.figure(diagram["figure"], size)
            else:
                picture = pygame.Surface(size, pygame.SRCALPHA)
                variant = diagram.get("position", {}).get("variant")
                render_static(self.app, view, self.spec, picture, picture.get_rect(),
                              self.diagram_state(index), diagram.get("marks", ()),
                              variant=variant)
            self._pictures[key] = picture
        return self._pictures[key]

    def draw(self, surface) -> None:
        ui.table(surface)
        w = surface.get_width()
        section = self.sections[self.page]
        ui.heading(surface, _("{game}: {section}").format(game=self.rules["title"],
                                                          section=section["heading"]),
                   (w // 2, 44), size=34)
        assets.text(surface, _("Page {page} of {pages}").format(
            page=number(self.page + 1), pages=number(len(self.sections))), (w // 2, 84),
            size=15, colour=ui.MUTED, anchor="center")
        ui.panel(surface, self.text_rect, alpha=221)
        diagram = section.get("diagram")
        if diagram:
            rect = self.diagram_rect
            ui.panel(surface, rect.inflate(20, 20), alpha=120)
            inner = rect.inflate(-20, -20)
            picture = self.picture(self.page, inner.size)
            if picture is not None:
                surface.blit(picture, picture.get_rect(center=inner.center))
            assets.paragraph(surface, diagram.get("caption", ""),
                             (rect.x, rect.bottom + 20, rect.width, CAPTION_STEP * 8),
                             size=CAPTION_SIZE, colour=ui.INK, spacing=CAPTION_SPACING)


CAPTION_SIZE = 15
CAPTION_SPACING = 1.34     # lines of 15-pixel words (21 high) 22 pixels apart
#: The height of a caption's line (as ``assets.paragraph`` steps).
CAPTION_STEP = int(CAPTION_SIZE * CAPTION_SPACING) + 2


def diagram_rect(size, caption: str = "") -> pygame.Rect:
    """Where a page's picture goes in a window of ``size``, beside the text, leaving room
    under it for ``caption`` (wrapped to the picture's width) above the buttons."""
    w, h = size
    text_w = int((w - 80) * 0.5)
    width = w - text_w - 100
    lines = max(2, len(assets.wrap(caption, CAPTION_SIZE, width))) if caption else 2
    buttons_top = h - 70
    height = buttons_top - 8 - lines * CAPTION_STEP - 20 - 120
    return pygame.Rect(30 + text_w + 30, 120, width, max(120, height))
