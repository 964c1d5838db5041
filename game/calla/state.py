"""The rules of Calla: the state and its moves.

Part of ``game.calla``, whose docstring describes the game and its modules.
"""

from __future__ import annotations

from ..core import GameState, changed_options
from ..errors import IllegalMoveError
from ..i18n import _, number
from .board import (CALLA, OPTIONS, PLAYER_NAMES, TOTAL, WIN_CUBES, facing, owner, shield_index,
                    shields, sow_path)

#: The most steps a side's cubes can still take towards its calla: every cube on the
#: farthest shield, four steps from the last one.
MOST_STEPS = 4 * TOTAL


class CallaState(GameState):
    """A Calla position.

    ``last`` describes the sowing that produced this state, for the board
    view: ``player``, ``move`` (1-5), ``origin`` (board index), ``path`` (board
    index of every cube in order), ``capture`` (None or ``{"landing", "facing",
    "count"}`` where ``count`` includes the landing cube), ``free_turn`` (the
    same player moves again) and ``win`` (the sowing reached 17 cubes).
    ``last`` is None for a position read from data.
    """

    __slots__ = ("pits", "mover", "turns", "free_turn", "time_called", "options", "last")

    def __init__(self, pits, mover, turns, free_turn=False, time_called=False,
                 options=None, last=None):
        self.pits = tuple(pits)
        self.mover = mover
        self.turns = tuple(turns)
        self.free_turn = free_turn
        self.time_called = time_called
        self.options = dict(OPTIONS) if options is None else options
        self.last = last

    # --- the contract -------------------------------------------------
    def position(self) -> dict:
        return {
            "options": changed_options(OPTIONS, self.options),
            "pits": list(self.pits),
            "to_move": self.mover,
            "turns": list(self.turns),
            "free_turn": self.free_turn,
            "time_called": self.time_called,
            "scores": list(self.scores),
        }

    @property
    def to_move(self):
        return None if self.is_over else self.mover

    @property
    def is_over(self) -> bool:
        return self._end() is not None

    def _end(self) -> str | None:
        """Why the game is over ("win", "empty", "time"), or None."""
        if self.pits[5] >= WIN_CUBES or self.pits[11] >= WIN_CUBES:
            return "win"
        if not any(self.pits[i] for i in shields(self.mover)):
            return "empty"
        if self.time_called and not self.free_turn and self.turns[0] == self.turns[1]:
            return "time"
        return None

    def legal_moves(self) -> list[int]:
        if self.is_over:
            return []
        base = 6 * self.mover
        return [m for m in range(1, 6) if self.pits[base + m - 1]]

    def play(self, move) -> "CallaState":
        if self.is_over:
            raise IllegalMoveError(_("the game is over"))
        if isinstance(move, bool) or not isinstance(move, int) or not 1 <= move <= 5:
            raise IllegalMoveError(_("{move} is not a shield number 1-5").format(move=repr(move)))
        player = self.mover
        origin = shield_index(player, move)
        if not self.pits[origin]:
            raise IllegalMoveError(_("shield {shield} of player {side} is empty").format(
                shield=move, side=PLAYER_NAMES[player]))
        pits = list(self.pits)
        path = sow_path(pits, origin, player)
        pits[origin] = 0
        for index in path:
            pits[index] += 1
        landing = path[-1]
        capture = None
        free = False
        if landing == CALLA[player]:
            free = True
        elif owner(landing) == player and pits[landing] == 1 and pits[facing(landing)]:
            count = pits[facing(landing)] + 1
            capture = {"landing": landing, "facing": facing(landing), "count": count}
            pits[facing(landing)] = 0
            pits[landing] = 0
            pits[CALLA[player]] += count
        win = pits[CALLA[player]] >= WIN_CUBES
        turns = list(self.turns)
        if free and not win:
            mover, free_turn = player, True
        else:
            turns[player] += 1
            mover, free_turn = 1 - player, False
        last = {"player": player, "move": move, "origin": origin, "path": path,
                "capture": capture, "free_turn": free and not win, "win": win}
        return CallaState(pits, mover, turns, free_turn, self.time_called, self.options, last)

    @property
    def winner(self):
        if not self.is_over:
            return None
        a, b = self.scores
        if a == b:
            return None
        return 0 if a > b else 1

    @property
    def scores(self) -> tuple:
        a, b = self.pits[5], self.pits[11]
        if self.options["end_sweep"] == "owner_takes" and self._end() in ("empty", "time"):
            a += sum(self.pits[i] for i in shields(0))
            b += sum(self.pits[i] for i in shields(1))
        return (a, b)

    # --- Calla's extras ---------------------------------------------------
    def call_time(self) -> "CallaState":
        """The state after the shared game timer ran out (see the module rules)."""
        if self.time_called or self.is_over:
            return self
        return CallaState(self.pits, self.mover, self.turns, self.free_turn, True, self.options,
                          self.last)

    def preview(self, move: int) -> list[int]:
        """Where each cube of ``move`` would land, without playing it."""
        return sow_path(self.pits, shield_index(self.mover, move), self.mover)

    def describe_end(self, names=None):
        end = self._end()
        if end is None:
            return None
        names = names or [_("Player {side}").format(side=name) for name in PLAYER_NAMES]
        a, b = number(self.scores[0]), number(self.scores[1])
        if end == "win":
            who = 0 if self.pits[5] >= WIN_CUBES else 1
            return _("{name} gathered {n} cubes in their calla.").format(
                name=names[who], n=number(WIN_CUBES))
        if end == "empty":
            if a == b:
                return _("{name} had no cubes left to sow; the callas are level, "
                         "{a} to {b}.").format(name=names[self.mover], a=a, b=b)
            return _("{name} had no cubes left to sow; {a} to {b} in the callas.").format(
                name=names[self.mover], a=a, b=b)
        if a == b:
            return _("Time was called and both players completed their turns; the callas "
                     "are level, {a} to {b}.").format(a=a, b=b)
        return _("Time was called and both players completed their turns; {a} to {b} in "
                 "the callas.").format(a=a, b=b)

    def most_moves_left(self) -> int:
        """A bound on the moves the game can still take from here, whatever is played;
        every move lowers it by at least one (so a turn count plus it never grows).

        Callas only ever gain cubes.  A move that does not drop a cube into the
        mover's calla keeps every cube on the mover's own side, nearer the calla,
        and leaves the other side as it was; so between two cubes reaching a calla
        each player has fewer moves than their cubes have steps to go.  The bound
        weighs each cube still to reach a calla above any such run of moves."""
        steps = [sum(k * self.pits[6 * player + k] for k in range(5)) for player in (0, 1)]
        in_callas = self.pits[CALLA[0]] + self.pits[CALLA[1]]
        return ((TOTAL - in_callas) * (2 * MOST_STEPS + 1)
                + (MOST_STEPS - steps[0]) + (MOST_STEPS - steps[1]))

    @property
    def time_rule_active(self) -> bool:
        """True when time has been called but the game is not yet over."""
        return self.time_called and not self.is_over


