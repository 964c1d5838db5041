"""Callisto over the Go Text Protocol, as far as Pentobi's engine speaks it.

Tools that drive Pentobi's engine can drive Callidus's computer player:
``python -m game gtp [--variant callisto_2] [--level hard]``.  Responses
follow the GTP 2 specification exactly: ``=`` (or ``?`` for an error), the
command's numeric id if it had one, a space, the result (empty for commands
that return nothing) and a blank line, so ``play`` answers ``"= \n\n"``.
``cputime`` reports the processor seconds used so far, which match tools
such as Pentobi's twogtp ask for at the start and end of every game.
"""

from __future__ import annotations

import os
import random
import sys

from .. import GAMES

#: Pentobi's names of the Callisto games.
GAME_NAMES = {
    "Callisto Two-Player": "callisto_2",
    "Callisto Three-Player": "callisto_3",
    "Callisto": "callisto",
    "Callisto Two-Player Four-Color": "callisto_2_4",
}

COMMANDS = ("protocol_version", "name", "version", "known_command", "list_commands", "set_game",
            "clear_board", "play", "genmove", "reg_genmove", "undo", "showboard", "final_score",
            "cputime", "quit")

VERSION = "1.0"


class GtpError(Exception):
    pass


class GtpEngine:
    def __init__(self, variant: str = "callisto_2", level: str = "hard", seed: int | None = None):
        self.spec = GAMES["callisto"]
        self.level = level
        self.rng = random.Random(seed)
        self.set_variant(self.spec.check_variant(variant))
        self.done = False

    def set_variant(self, variant: str) -> None:
        self.variant = variant
        self.history = [self.spec.new_game(variant=variant)]

    @property
    def state(self):
        return self.history[-1]

    @property
    def colours(self) -> int:
        from ..callisto import COLOURS
        return COLOURS[self.variant]

    # --- colours -----------------------------------------------------------
    def colour(self, word: str) -> int:
        word = word.lower()
        if self.colours == 2:
            names = {"b": 0, "black": 0, "blue": 0, "w": 1, "white": 1, "green": 1}
            if word in names:
                return names[word]
            raise GtpError(f"invalid color {word!r}: use b or w")
        if word.isascii() and word.isdigit() and 1 <= int(word) <= self.colours:
            return int(word) - 1
        raise GtpError(f"invalid color {word!r}: use 1 to {self.colours}")

    def colour_word(self, colour: int) -> str:
        return "bw"[colour] if self.colours == 2 else str(colour + 1)

    # --- commands -----------------------------------------------------------
    def handle(self, line: str) -> str | None:
        """The full response to one input line (None for a blank or comment line)."""
        line = line.split("#", 1)[0].strip()
        if not line:
            return None
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
            if not words:
                return f"?{ident} missing command\n\n"
        command, args = words[0], words[1:]
        try:
            result = self.run(command, args)
        except GtpError as exc:
            return f"?{ident} {exc}\n\n"
        return f"={ident} {result}\n\n"

    def run(self, command: str, args: list) -> str:
        if command not in COMMANDS:
            raise GtpError("unknown command")
        return getattr(self, f"cmd_{command}")(args)

    def cmd_protocol_version(self, args):
        return "2"

    def cmd_name(self, args):
        return "Callidus"

    def cmd_version(self, args):
        return VERSION

    def cmd_known_command(self, args):
        return "true" if args and args[0] in COMMANDS else "false"

    def cmd_list_commands(self, args):
        return "\n".join(COMMANDS)

    def cmd_set_game(self, args):
        name = " ".join(args)
        if name not in GAME_NAMES:
            raise GtpError(f"unsupported game {name!r}")
        self.set_variant(GAME_NAMES[name])
        return ""

    def cmd_clear_board(self, args):
        self.set_variant(self.variant)
        return ""

    def _expect_colour(self, colour: int) -> None:
        state = self.state
        if state.is_over:
            raise GtpError("the game is over")
        if state.colour != colour:
            raise GtpError(f"it is color {self.colour_word(state.colour)}'s turn")

    def cmd_play(self, args):
        if len(args) < 2:
            raise GtpError("expected: play COLOR MOVE")
        colour = self.colour(args[0])
        text = " ".join(args[1:])
        if text.lower() == "pass":
            # Callidus skips a colour with no move by itself; a pass for it is fine.
            if self.state.is_over or self.state.colour != colour:
                return ""
            raise GtpError("pass is not allowed while the color has a legal move")
        self._expect_colour(colour)
        try:
            move = self.spec.parse_move(self.state, text)
            self.history.append(self.state.play(move))
        except ValueError as exc:
            raise GtpError(f"illegal move: {exc}") from None
        return ""

    def _choose(self, args):
        if len(args) != 1:
            raise GtpError("expected one color")
        colour = self.colour(args[0])
        if self.state.is_over or self.state.colour != colour:
            return None
        from ..ai import choose_move
        return choose_move("callisto", self.state, self.level, self.rng)

    def cmd_genmove(self, args):
        move = self._choose(args)
        if move is None:
            return "pass"
        text = self.spec.format_move(self.state, move)
        self.history.append(self.state.play(move))
        return text

    def cmd_reg_genmove(self, args):
        move = self._choose(args)
        return "pass" if move is None else self.spec.format_move(self.state, move)

    def cmd_undo(self, args):
        if len(self.history) == 1:
            raise GtpError("cannot undo")
        self.history.pop()
        return ""

    def cmd_showboard(self, args):
        from ..callisto import board_cells, board_size
        state = self.state
        size = board_size(self.variant)
        cells = set(board_cells(self.variant))
        board = state.board
        marks = "XO#@" if self.colours > 2 else "XO"
        letters = "".join(chr(ord("a") + x) for x in range(size))
        rows = [f"   {letters}"]
        for y in range(size):
            line = []
            for x in range(size):
                if (x, y) not in cells:
                    line.append(" ")
                elif (x, y) in board:
                    line.append(marks[board[(x, y)]])
                else:
                    line.append(".")
            rows.append(f"{size - y:2} {''.join(line)}")
        rows.append(f"   {letters}")
        return "\n" + "\n".join(rows)

    def cmd_final_score(self, args):
        scores = self.state.colour_scores
        if self.colours == 2:
            diff = scores[0] - scores[1]
            if diff == 0:
                return "0"
            return f"B+{diff}" if diff > 0 else f"W+{-diff}"
        return " ".join(str(s) for s in scores)

    def cmd_cputime(self, args):
        """Processor seconds used by this engine and the searches it started."""
        used = os.times()
        seconds = used.user + used.system + used.children_user + used.children_system
        return f"{seconds:.3f}"

    def cmd_quit(self, args):
        self.done = True
        return ""


def serve(engine: GtpEngine, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for line in stdin:
        response = engine.handle(line)
        if response is None:
            continue
        stdout.write(response)
        stdout.flush()
        if engine.done:
            break
    return 0
