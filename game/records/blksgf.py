"""Callisto game records in Pentobi's Blokus SGF (``.blksgf``), both ways.

Pentobi is the reference program for Callisto, so its files are the way to
exchange games with it.  A record is an SGF game tree whose root names the
game in ``GM`` and whose nodes each hold one move: ``B``/``W`` in the
two-colour game, ``1``-``4`` (one per colour) otherwise.  A move's value is
the covered cells in our move notation.  Only the main line is read:
variations (Pentobi's opening books are full of them) are checked for
syntax and skipped, and properties we have no use for are ignored.

Setup properties (``AB``, ``AW``, ``A1``-``A4``, ``AE``) put pieces on the
board without moves; a Callidus position is a list of moves from the empty
board, so such files are refused with a message saying so.

Reading takes one pass over the text, bounded in size (``MAX_CHARS``), in
nesting and in the nodes it keeps, so a hostile file is refused with a
message instead of hanging the program.
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple

from ..callisto import SPEC, CallistoState, colour_words
from ..core import shown
from ..errors import DamagedFileError
from ..i18n import N_, _

APPLICATION = "Callidus"
VERSION = "1.0"

GAME_NAMES = {
    "callisto_2": "Callisto Two-Player",
    "callisto_3": "Callisto Three-Player",
    "callisto": "Callisto",
    "callisto_2_4": "Callisto Two-Player Four-Color",
}
VARIANT_OF_GAME = {name: variant for variant, name in GAME_NAMES.items()}

#: Move property -> colour, per variant.  Pentobi 12.0 wrote ``1``/``2`` for
#: two-player Callisto, and Pentobi itself still reads them, so we do too.
MOVE_PROPERTIES = {
    "callisto_2": {"B": 0, "W": 1, "1": 0, "2": 1},
    "callisto_3": {"1": 0, "2": 1, "3": 2},
    "callisto": {"1": 0, "2": 1, "3": 2, "4": 3},
    "callisto_2_4": {"1": 0, "2": 1, "3": 2, "4": 3},
}
SETUP_PROPERTIES = ("AB", "AW", "A1", "A2", "A3", "A4", "AE")


def _colour_property(variant: str, colour: int) -> str:
    return ("B", "W")[colour] if variant == "callisto_2" else str(colour + 1)


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


# --- writing --------------------------------------------------------------------

def export_sgf(state: CallistoState, player_names=None, date: str | None = None) -> str:
    """The game so far as Pentobi-readable SGF text.

    ``player_names`` (one per player) become ``PB``/``PW`` in two-player
    variants and ``P1``-``P4`` otherwise; ``date`` (``YYYY-MM-DD``) becomes ``DT``.
    """
    variant = state.variant
    root = [f"FF[4]CA[UTF-8]AP[{APPLICATION}:{VERSION}]GM[{GAME_NAMES[variant]}]"]
    if player_names:
        players = SPEC.players(variant)
        if len(player_names) != players:
            raise ValueError(f"expected {players} player names, not {len(player_names)}")
        ids = ("PB", "PW") if players == 2 else tuple(f"P{i + 1}" for i in range(players))
        root += [f"{pid}[{_escape(str(name))}]" for pid, name in zip(ids, player_names) if name]
    if date:
        root.append(f"DT[{_escape(date)}]")
    text = state.geo.text_of
    nodes = [";" + "".join(root)]
    nodes += [f";{_colour_property(variant, c)}[{text[m]}]" for c, m in state.moves]
    return "(" + "\n".join(nodes) + "\n)\n"


# --- reading --------------------------------------------------------------------

#: The largest record read, in characters.  Pentobi's biggest opening books are
#: a few hundred kilobytes; anything far beyond that is not a game record.
MAX_CHARS = 8 * 1024 * 1024
#: Nodes kept on the main line (a Callisto game has at most 84 moves).
MAX_MAIN_LINE = 10_000
#: Game trees open inside one another at once.
MAX_DEPTH = 1_000
#: The longest move value read (a piece of five cells: ``a10,b10,c10,d10,e10``).
MAX_MOVE_CHARS = 100
#: Properties in one node, and values of one property.
MAX_PROPERTIES = 1_000
MAX_VALUES = 1_000

_SPACE = re.compile(r"\s*")
_IDENT = re.compile(r"[A-Za-z0-9]*")
_VALUE = re.compile(r"\[([^\]\\]*(?:\\.[^\]\\]*)*)\]", re.S)
_ESCAPE = re.compile(r"\\(\r\n?|\n|.)", re.S)


def _unescape(match) -> str:
    escaped = match.group(1)
    return "" if escaped[0] in "\r\n" else escaped   # an escaped line break is a soft break


class _Property:
    __slots__ = ("ident", "values", "pos", "reader")

    def __init__(self, ident, values, pos, reader):
        self.ident, self.values, self.pos, self.reader = ident, values, pos, reader

    @property
    def line(self) -> int:
        return self.reader.line_column(self.pos)[0]

    def __str__(self):
        return f"{self.ident}[{shown(self.values[0], 40, quoted=False, invisible=True)}]"


class _Reader:
    """SGF syntax: returns the nodes of the first game tree's main line.

    One pass over the text, a bounded number of steps per character: tokens
    are matched with regular expressions, and lines are counted only when a
    message needs one.  ``steps`` counts the tokens read and the characters
    scanned for line numbers, so tests can check the work grows linearly.
    """

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.steps = 0
        self._line_starts = None

    def where(self, pos: int | None = None) -> str:
        line, column = self.line_column(self.pos if pos is None else pos)
        return _("line {line}, column {column}").format(line=line, column=column)

    def _property(self, ident: str, start: int) -> str:
        """``property XX at line L, column C``, for a message about one property."""
        return _("property {name} at {where}").format(
            name=shown(ident, 40, quoted=False, invisible=True), where=self.where(start))

    def line_column(self, pos: int) -> tuple:
        if self._line_starts is None:     # built once, when the first message needs it
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
            self.steps += len(self.text)
        line = bisect.bisect_right(self._line_starts, pos)
        return line, pos - self._line_starts[line - 1] + 1

    def _skip_space(self):
        self.pos = _SPACE.match(self.text, self.pos).end()

    def main_line(self) -> list:
        text = self.text
        if len(text) > MAX_CHARS:
            raise DamagedFileError(_("the record is {n} characters long; Callidus reads records "
                                     "of up to {most}").format(n=f"{len(text):,}",
                                                               most=f"{MAX_CHARS:,}"))
        if text.startswith("\ufeff"):
            self.pos = 1
        self._skip_space()
        if self.pos >= len(text):
            raise DamagedFileError(_("not an SGF file: it is empty"))
        if text[self.pos] != "(":
            raise DamagedFileError(_("not an SGF file: expected '(' at {where}").format(
                where=self.where()))
        main = []
        # One frame per open '(': [opened at, on the main line, subtrees seen, has a node]
        frames = []
        while True:
            self.steps += 1
            self._skip_space()
            if self.pos >= len(text):
                opened = frames[-1][0]
                raise DamagedFileError(_("unbalanced brackets: the '(' at {where} is never "
                                         "closed").format(where=self.where(opened)))
            ch = text[self.pos]
            if ch == "(":
                if frames and not frames[-1][3]:
                    raise DamagedFileError(_("a variation at {where} comes before any "
                                             "node").format(where=self.where()))
                if len(frames) >= MAX_DEPTH:
                    raise DamagedFileError(_("variations nested more than {most} deep at "
                                             "{where}").format(most=f"{MAX_DEPTH:,}",
                                                               where=self.where()))
                on_main = not frames or (frames[-1][1] and frames[-1][2] == 0)
                if frames:
                    frames[-1][2] += 1
                frames.append([self.pos, on_main, 0, False])
                self.pos += 1
            elif ch == ")":
                if not frames[-1][3]:
                    raise DamagedFileError(_("empty game tree closed at {where}").format(
                        where=self.where()))
                frames.pop()
                self.pos += 1
                if not frames:
                    return main  # later game trees in the file are not ours to read
            elif ch == ";":
                frame = frames[-1]
                if frame[2]:
                    raise DamagedFileError(_("a node at {where} follows a variation").format(
                        where=self.where()))
                self.pos += 1
                node = self._node(keep=frame[1])
                frame[3] = True
                if frame[1]:
                    if len(main) >= MAX_MAIN_LINE:
                        raise DamagedFileError(_("the main line has more than {most} nodes, far "
                                                 "more than any Callisto game").format(
                                                     most=f"{MAX_MAIN_LINE:,}"))
                    main.append(node)
            else:
                raise DamagedFileError(_("unexpected {char} at {where}").format(
                    char=shown(ch), where=self.where()))

    def _node(self, keep: bool) -> dict:
        """The properties of the node at ``pos``; only their names when not ``keep``."""
        text = self.text
        node = {}
        while True:
            self.steps += 1
            self._skip_space()
            start = self.pos
            self.pos = _IDENT.match(text, start).end()
            ident = text[start:self.pos]
            if not ident:
                return node
            values = []
            self._skip_space()
            while text.startswith("[", self.pos):
                self.steps += 1
                match = _VALUE.match(text, self.pos)
                if match is None:
                    raise DamagedFileError(_("unbalanced brackets: the property value '[' at "
                                             "{where} is never closed by ']'").format(
                                                 where=self.where()))
                if len(values) >= MAX_VALUES:
                    raise DamagedFileError(_("{property} has more than {most} values").format(
                        property=self._property(ident, start), most=f"{MAX_VALUES:,}"))
                value = match.group(1)
                values.append(_ESCAPE.sub(_unescape, value) if "\\" in value else value)
                self.pos = match.end()
                self._skip_space()
            if not values:
                raise DamagedFileError(_("{property} has no value").format(
                    property=self._property(ident, start)))
            if ident in node:
                raise DamagedFileError(_("{property} appears twice in one node").format(
                    property=self._property(ident, start)))
            if len(node) >= MAX_PROPERTIES:
                raise DamagedFileError(_("the node at {where} has more than {most} "
                                         "properties").format(where=self.where(start),
                                                              most=f"{MAX_PROPERTIES:,}"))
            node[ident] = _Property(ident, values, start, self) if keep else None


class SgfRecord(NamedTuple):
    """What a record holds for Callidus: the game at the end of its main line, and
    the root's player names (one per player, ``""`` where none is given, as
    written: a name may hold any character, so clean it before showing it)."""
    state: CallistoState
    player_names: tuple


def import_sgf(text) -> CallistoState:
    """The state at the end of the main line of a Callisto SGF record.

    DamagedFileError (a ValueError), naming the property, move number or place in
    the text, for anything that is not a Callisto game we can replay.
    """
    return read_sgf(text).state


def read_sgf(text) -> SgfRecord:
    """The game and player names of a Callisto SGF record (text or UTF-8 bytes),
    read in one pass; ValueError as ``import_sgf``."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_CHARS * 4:
            raise DamagedFileError(_("the record is {n} bytes long; Callidus reads records of "
                                     "up to {most} characters").format(n=f"{len(text):,}",
                                                                       most=f"{MAX_CHARS:,}"))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DamagedFileError(_("not UTF-8 text (byte {n}); only UTF-8 records are "
                                     "supported").format(n=exc.start)) from None
    nodes = _Reader(text).main_line()
    root = nodes[0]
    game = root.get("GM")
    if game is None:
        raise DamagedFileError(_("the root node has no GM property, so the game is unknown"))
    name = game.values[0].strip()
    variant = VARIANT_OF_GAME.get(name)
    if variant is None:
        known = ", ".join(VARIANT_OF_GAME)
        named = shown(name, 40, quoted=False, invisible=True)
        raise DamagedFileError(_("GM[{name}] (line {line}) is not a Callisto game; expected "
                                 "one of {known}").format(name=named, line=game.line,
                                                          known=known))
    charset = root.get("CA")
    if charset is not None and charset.values[0].strip().lower() not in ("utf-8", "utf8"):
        raise DamagedFileError(_("{property} (line {line}): only UTF-8 is supported").format(
            property=charset, line=charset.line))
    return SgfRecord(_replay(nodes, variant), _player_names(root, variant))


def read_sgf_file(path) -> SgfRecord:
    """``read_sgf`` of the file at ``path`` (a regular file of at most ``MAX_CHARS``
    bytes); ``FileProblem`` when it cannot be read, DamagedFileError as ``read_sgf``."""
    from ..files import read_text

    return read_sgf(read_text(path, MAX_CHARS, N_("record")))


def read_sgf_file_for(path, answer, language: str | None = None) -> None:
    """The body of a process reading a large record while the screen goes on:
    sends ``("read", position, player_names)`` or ``("problem", message)``
    through the connection ``answer``, then closes it.  ``language``: the one the
    screen speaks, which the message is worded in."""
    from ..files import FileProblem
    from ..i18n import use

    if language:
        use(language)

    try:
        record = read_sgf_file(path)
        message = ("read", record.state.position(), record.player_names)
    except (FileProblem, ValueError) as exc:
        message = ("problem", str(exc))
    except Exception as exc:      # whatever it is, the screen says so instead of waiting
        message = ("problem", _("it could not be read ({kind}: {reason})").format(
            kind=type(exc).__name__, reason=exc))
    try:
        answer.send(message)
    finally:
        answer.close()


def _player_names(root: dict, variant: str) -> tuple:
    players = SPEC.players(variant)
    ids = ("PB", "PW") if players == 2 else tuple(f"P{i + 1}" for i in range(players))
    return tuple(root[i].values[0] if i in root else "" for i in ids)


def _replay(nodes: list, variant: str) -> CallistoState:
    root = nodes[0]
    state = SPEC.new_game(variant)
    moves = MOVE_PROPERTIES[variant]
    number = 0
    for node in nodes:
        for ident in SETUP_PROPERTIES:
            if ident in node:
                prop = node[ident]
                raise DamagedFileError(_("setup property {name} (line {line}) places pieces "
                                         "without moves; Callidus only reads games played from "
                                         "the empty board").format(name=ident, line=prop.line))
        if "GM" in node and node is not root:
            raise DamagedFileError(_("GM (line {line}) may only appear in the root node").format(
                line=node["GM"].line))
        found = [node[i] for i in node if i in moves]
        stray = [node[i] for i in node if i in ("B", "W", "1", "2", "3", "4") and i not in moves]
        if stray:
            prop = stray[0]
            raise DamagedFileError(_("{property} (line {line}) is not a move property of "
                                     "{game}; use {names}").format(
                property=prop, line=prop.line, game=GAME_NAMES[variant],
                names=", ".join(sorted(set(moves)))))
        if "PL" in node:
            _check_player_to_play(node["PL"], state, variant)
        if not found:
            continue
        number += 1
        if len(found) > 1:
            raise DamagedFileError(_("move {n} (line {line}): one node holds two moves, "
                                     "{first} and {second}").format(
                n=number, line=found[0].line, first=found[0], second=found[1]))
        prop = found[0]
        where = _("move {n} ({property}, line {line})").format(n=number, property=prop,
                                                                line=prop.line)
        if len(prop.values) > 1:
            raise DamagedFileError(_("{where}: a move has one value, not {n}").format(
                where=where, n=len(prop.values)))
        value = prop.values[0].strip()
        if not value:
            raise DamagedFileError(_("{where}: empty move; Callisto has no passes").format(
                where=where))
        if len(value) > MAX_MOVE_CHARS:
            raise DamagedFileError(_("{where}: {n} characters is too long for a move").format(
                where=where, n=f"{len(value):,}"))
        if state.is_over:
            raise DamagedFileError(_("{where}: the game is already over").format(where=where))
        colour = moves[prop.ident]
        if colour != state.colour:
            words = colour_words(variant)
            raise DamagedFileError(_("{where}: a move of {colour}, but {mover} is to move").format(
                where=where, colour=words[colour], mover=words[state.colour]))
        try:
            state = state.play(SPEC.parse_move(state, value))
        except ValueError as exc:
            why = shown(str(exc), 160, quoted=False, invisible=True)
            # TRANSLATORS: a move of a record, then why the rules refuse it
            raise DamagedFileError(_("{where}: {problem}").format(where=where, problem=why)) \
                from None
    return state


def _check_player_to_play(prop: _Property, state: CallistoState, variant: str):
    value = prop.values[0].strip().upper()
    wanted = MOVE_PROPERTIES[variant].get(value)
    if wanted is None and variant == "callisto_2_4" and value in ("B", "W"):
        wanted = ("B", "W").index(value)  # the player; their first colour is meant
        if state.colour is not None and state.colour % 2 == wanted:
            return
    if wanted is None:
        raise DamagedFileError(_("{property} (line {line}) names no colour of {game}").format(
            property=prop, line=prop.line, game=GAME_NAMES[variant]))
    if wanted != state.colour:
        raise DamagedFileError(_("{property} (line {line}) sets the colour to play out of turn, "
                                 "which Callidus does not support").format(property=prop,
                                                                           line=prop.line))
