"""The play scene's panels: the status line under the board and the sidebar
beside it (seats with scores and clocks, the game timer, the moves so far).

``SidebarMixin`` draws from the play scene's own fields (``state``, ``seats``,
``clock``, ``timer``, ``move_texts``, ``side`` and ``status_rect``); it
changes nothing.
"""

from __future__ import annotations

import pygame

from . import assets, ui


class SidebarMixin:
    def _draw_status(self, surface) -> None:
        r = self.status_rect
        ui.panel(surface, r, alpha=150)
        message = self.notice or self.view.status or self.prompt()
        colour = (255, 170, 130) if self.notice or message.startswith("Not allowed") else ui.INK
        size = assets.fitting_size(message, 17, r.width - 28, smallest=12)
        if assets.font(size).size(message)[0] > r.width - 28:      # still too long: two lines
            lines = assets.wrap(message, 12, r.width - 28)[:2]
            for i, line in enumerate(lines):
                assets.text(surface, line, (r.x + 14, r.centery + (i - 0.5) * 15), size=12,
                            colour=colour, anchor="midleft")
            return
        assets.text(surface, message, (r.x + 14, r.centery), size=size, colour=colour,
                    anchor="midleft")

    def _draw_sidebar(self, surface) -> None:
        side = self.side
        ui.panel(surface, side)
        x, y = side.x + 16, side.y + 14
        title = self.spec.variant_title(self.variant)
        assets.text(surface, title, (x, y), bold=True, colour=ui.TITLE,
                    size=assets.fitting_size(title, 24, side.width - 32, bold=True))
        y += 40
        state = self.state
        scores = state.scores
        for player, seat in enumerate(self.seats):
            turn = state.to_move == player
            row = pygame.Rect(x - 4, y, side.width - 24, 58)
            colour = self.view.player_colours[player % len(self.view.player_colours)]
            if turn:
                glow = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*colour, 60), glow.get_rect(), border_radius=8)
                surface.blit(glow, row.topleft)
                pygame.draw.rect(surface, colour, row, 2, border_radius=8)
            pygame.draw.circle(surface, colour, (row.x + 16, row.y + 20), 9)
            assets.text(surface, seat["name"], (row.x + 32, row.y + 6), size=19, bold=True,
                        colour=ui.INK)
            kind = "human" if seat["kind"] == "human" else f"computer ({seat.get('level')})"
            if turn:
                kind = ("thinking" + "." * (1 + pygame.time.get_ticks() // 400 % 3)
                        if seat["kind"] == "computer" else "to move")
            assets.text(surface, kind, (row.x + 32, row.y + 32), size=14,
                        colour=colour if turn else ui.MUTED)
            score = scores[player] if player < len(scores) else ""
            assets.text(surface, score_text(score), (row.right - 10, row.centery), size=30,
                        bold=True, colour=ui.TITLE, anchor="midright")
            if self.clock is not None:
                self._draw_clock(surface, player, row)
            y += 64
        if self.timer is not None:
            y += 6
            low = self.timer < 60
            assets.text(surface, "Game timer", (x, y), size=15, colour=ui.MUTED)
            assets.text(surface, ui.clock_text(self.timer), (side.right - 18, y - 6), size=30,
                        bold=True, anchor="topright",
                        colour=(255, 140, 110) if low else ui.INK)
            y += 34
            rule = self.time_rule_text()
            if rule:
                y = assets.paragraph(surface, rule, (x, y, side.width - 32, 40), size=14,
                                     colour=(255, 190, 150))
        y += 10
        assets.text(surface, "Moves", (x, y), size=16, bold=True, colour=ui.MUTED)
        y += 24
        bottom = side.bottom - 116          # above the Hint button
        lines = [f"{i + 1}. {t}" for i, t in enumerate(self.move_texts[:self.cursor])]
        fit = max(1, (bottom - y) // 20)
        for line in lines[-fit:]:
            assets.text(surface, line, (x, y), colour=ui.INK,
                        size=assets.fitting_size(line, 14, side.width - 32, smallest=11))
            y += 20
        if not lines:
            assets.text(surface, "No moves yet.", (x, y), size=14, colour=ui.MUTED)


    def _draw_clock(self, surface, player, row) -> None:
        clock = self.clock
        left = clock.remaining(player)
        running = clock.active == player and clock.running
        low = clock.low_time(player)
        colour = (255, 120, 100) if low or self.flagged == player else (
            (255, 255, 255) if running else ui.MUTED)
        box = pygame.Rect(row.right - 150, row.y + 8, 84, 40)
        if running:
            pygame.draw.rect(surface, (70, 50, 30), box, border_radius=6)
            pygame.draw.rect(surface, colour, box, 2, border_radius=6)
        text = "flag" if self.flagged == player else ui.clock_text(left)
        assets.text(surface, text, box.center, size=20, bold=True, colour=colour,
                    anchor="center")


def score_text(score) -> str:
    """A score as the sidebar shows it: whole numbers plain, a half as ½."""
    if isinstance(score, float) and score != int(score):
        if score * 2 == int(score * 2):          # a half point, as Iriri's first word earns
            return f"{int(score)}½" if int(score) else "½"
        return f"{score:.1f}"
    return str(int(score)) if isinstance(score, (int, float)) else str(score)
