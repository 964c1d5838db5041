"""The rules screen of every game, headless: its pages turn at once, pictures and all."""

import time

import pygame

from helpers import every_game, frames
from scenes.rules import RulesScene

GAMES = every_game()


def test_turning_a_page_is_instant_for_every_rules_book(app):
    spent = []
    for game in GAMES:
        rules = app.stack.push(RulesScene(app, game))
        frames(app, 12)                   # the screen is open a moment: its pictures are ready
        for step in [1] * (len(rules.sections) - 1) + [-1] * (len(rules.sections) - 1):
            start = time.process_time()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT if step > 0
                                                 else pygame.K_LEFT, mod=0, unicode="",
                                                 scancode=0))
            frames(app, 1)
            spent.append((time.process_time() - start, game, rules.page))
        assert rules.page == 0
        app.stack.pop()
    spent.sort(reverse=True)
    # (the slowest single turn is not asserted: the process's time also counts its
    # background threads, such as the file writer; that no picture is drawn on a turn is
    # test_each_picture_is_drawn_once's)
    median = spent[len(spent) // 2][0]
    assert median < 0.06, f"a page turn takes {median:.3f} s of work (slowest: {spent[:3]})"


def test_each_picture_is_drawn_once(app, monkeypatch):
    from scenes.views.calabria.view import CalabriaView
    drawn = []
    draw = CalabriaView.draw

    def counting(view, surface):
        drawn.append(id(view.state))
        return draw(view, surface)

    monkeypatch.setattr(CalabriaView, "draw", counting)
    rules = app.stack.push(RulesScene(app, "calabria"))
    pictures = sum("diagram" in s for s in rules.sections)
    for _ in range(2):                          # through the book and back, twice
        for key in [pygame.K_RIGHT] * len(rules.sections) + [pygame.K_LEFT] * len(rules.sections):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
            frames(app, 1)
    assert len(drawn) == pictures


def test_every_caption_ends_above_the_buttons(tmp_path):
    """A picture's caption, however long, never runs into Previous and Next: the picture
    shrinks to leave it room, at the smallest window and a large one."""
    from helpers import make_app
    from scenes import assets
    from scenes.rules import CAPTION_SIZE, CAPTION_STEP
    for size in ((960, 600), (1920, 1080)):
        (tmp_path / f"{size[0]}").mkdir()
        app = make_app(tmp_path / f"{size[0]}", size=size)
        try:
            for game in GAMES:
                rules = app.stack.push(RulesScene(app, game))
                for page, section in enumerate(rules.sections):
                    rules.page = page
                    rules.resize()
                    caption = section.get("diagram", {}).get("caption")
                    if not caption:
                        continue
                    rect = rules.diagram_rect
                    lines = assets.wrap(caption, CAPTION_SIZE, rect.width)
                    bottom = rect.bottom + 20 + len(lines) * CAPTION_STEP
                    assert bottom <= rules.prev_button.rect.top, (size, game, page)
                    assert rect.height >= 200, (size, game, page)
                app.stack.pop()
        finally:
            app.close()


def test_chinese_rules_lines_are_full_and_never_cut_with_a_dash(tmp_path):
    """Chinese has no spaces between words: each line of a rules page runs to the panel's
    edge (but the last of a paragraph), and no line is cut with a dash on either side."""
    from helpers import make_app
    from scenes.rules import RulesScene
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.set_language("zh_Hans")
        for game in GAMES:
            rules = app.stack.push(RulesScene(app, game))
            for page in range(len(rules.sections)):
                rules.page = page
                rules.resize()
                frames(app, 1)
                box = next(w for w in rules.widgets if hasattr(w, "text_box_layout"))
                width = box.text_box_layout.layout_rect.width
                rows = box.text_box_layout.layout_rows
                for row, after in zip(rows, rows[1:]):
                    words = "".join(getattr(item, "text", "") for item in row.items)
                    following = "".join(getattr(item, "text", "") for item in after.items)
                    where = f"{game}, page {page + 1}: {words!r}"
                    assert not (words.endswith("-") and following.startswith("-")), \
                        f"{where} is cut with a dash"
                    if words and following:       # not a paragraph's last line
                        assert row.width > width - 2 * row.height, f"{where} ends short"
            app.stack.pop()
    finally:
        app.close()
