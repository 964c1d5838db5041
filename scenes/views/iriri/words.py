"""What Iriri's view says: the banners after a move, the prompt for the player to
move, each move as the move list tells it, and why a placement is refused.
``WordsMixin`` gives ``IririView`` these."""

from __future__ import annotations

from game.core import counted
from game.iriri import PLAYER_NAMES, Pass, Take
from game.iriri.words import word_text

from . import art
from ..base import GOLD, INK


class WordsMixin:
    """Needs the view's ``state``, ``must_pass``, ``player_colours`` and ``_human_to_move``."""

    def _announce(self, state, previous, last) -> None:
        if state.is_over:
            if previous is None:
                return
            self.sound("end")
            if state.winner is None:
                self.announce("A draw", GOLD, 3.0, small=state.end_reason or "")
            else:
                self.announce(f"{PLAYER_NAMES[state.winner]} wins!",
                              self.player_colours[state.winner], 3.0,
                              small=state.end_reason or "")
            return
        if previous is not None and last is not None:
            who = PLAYER_NAMES[last["player"]]
            if last["kind"] == "pass":
                self.announce(f"{who} passes", INK, 2.0, small="No word of theirs fitted the ring")
            elif last["kind"] == "place" and last["take_skipped"]:
                self.announce("Nothing to take", INK, 1.8,
                              small=f"The ring holds no {who.lower()} piece {who} may take")
        if self.must_pass:
            who = PLAYER_NAMES[state.mover]
            what = "press Pass" if self._human_to_move() else "the turn passes"
            self.announce(f"{who} cannot place", (255, 170, 120), 2.6,
                          small=f"No word fits the ring: {what}")
            if self._human_to_move():
                self.status = f"{who} cannot make any word: press Pass"

    @staticmethod
    def _problem_words(problem: str, words) -> str:
        bad = [w for w in words if not w.valid]
        if bad and problem.startswith("word "):
            w = bad[0]
            axis = "row" if len({r for r, _ in w.cells}) == 1 else "column"
            return f"{axis} word {word_text(w.types)} does not match the ring"
        return problem

    def prompt(self, state, name) -> str:
        who = f"{PLAYER_NAMES[state.mover]} ({name})"
        if state.phase == "take":
            need = state.takeable().need
            return (f"{who}: take {counted(need, 'piece')} from the ring "
                    f"(click your glowing ones)")
        if state is self.state and self.must_pass:
            return f"{who}: no word fits the ring - press Pass"
        if not state.first_done:
            return f"{who}: lay the first word from the marked cell, then Confirm"
        return f"{who}: drag pyramids from your tray to make words, then Confirm"

    def describe_move(self, state, move) -> str:
        if isinstance(move, Pass):
            return "passes"
        if isinstance(move, Take):
            kinds = ", ".join(state.ring[i] for i in move.indices if 0 <= i < len(state.ring))
            return f"takes {kinds} (ring {' '.join(str(i) for i in move.indices)})"
        text = self.spec.format_move(state, move)
        points = state.placement_points(move)
        return text if points is None else f"{text}, scores {art.half_text(points)}"
