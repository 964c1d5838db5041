"""Tournaments: roster, pairings, results, standings and tie-breaks.

The tournament's data and its rules, at the bottom of ``game.tournament``
(its docstring says which module does what): pure Python, importing only
``checks`` (what a name may be, and checked reading of plain data).  Pairing the next round is ``pairing.pair_next_round``, the
standings are ``standings.standings``, ``store`` keeps a ``Tournament`` in
SQLite; the screens and the command line drive it.

Formats
  ``round-robin``: Berger tables (circle method), single or double
  (``cycles=2``; the second cycle repeats the first with seats swapped).  With
  an odd number of entrants a dummy makes the count even and whoever meets
  the dummy rests that round: a round-robin bye scores nothing and takes no
  part in tie-breaks (everyone rests once a cycle, so it is fair).
  ``swiss``: Dutch-style.  See ``pairing.pair_swiss``.  A Swiss bye scores as a win.

Seats: in every pairing ``first`` takes player index 0 (who moves first) and
``second`` player index 1.  Tournaments are for 2-player variants only.

Results: ``1-0``, ``0-1`` or ``1/2-1/2`` from the first seat's side, with how
the game ended (``played``, ``time``, ``resignation``, ``forfeit``,
``manual``).  A forfeit scores as its result says but is no game played.
``0-0`` is a double forfeit (neither player came): both lose, and they have
not met.  How forfeits and byes enter the tie-breaks (FIDE's rules for
unplayed rounds) is in ``standings``' docstring.  A draw entered by hand is
refused for a game that cannot end drawn (``GameSpec.no_draw``: Iriri,
Callisto).

Standings: points (win 1, draw 1/2, loss 0, Swiss bye 1) first, then the
director's ordered list of tie-breaks, each applied to the entrants still
level after the ones before it:

* ``direct_encounter``: points scored in the games among the tied group.
  Applied only when every two players of the group have played each other
  (in any round); otherwise it leaves the group tied and shows as None.
* ``wins``: rounds won, forfeit wins and Swiss byes included.
* ``sonneborn_berger``: sum of the final points of the opponents beaten, plus
  half those of the opponents drawn with.
* ``buchholz``: sum of the final points of the opponents met.
* ``buchholz_cut1``: Buchholz less its lowest contribution (a round the
  entrant chose not to play is cut first).

Only finished games count; a game without a result is ignored by standings.
Entrants level after every tie-break share a rank and are listed in roster
order.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache

from ..clock import TimeControl, format_time_control, parse_time_control
from .checks import FieldProblem, Reader, name_problem, shown

FORMATS = ("round-robin", "swiss")
KINDS = ("human", "computer")
LEVELS = ("random", "easy", "medium", "hard", "expert")
SCORES = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5), "0-0": (0.0, 0.0)}
HOWS = ("played", "time", "resignation", "forfeit", "manual")
TIEBREAKS = ("direct_encounter", "wins", "sonneborn_berger", "buchholz", "buchholz_cut1")
TIEBREAK_TITLES = {
    "direct_encounter": "Direct encounter",
    "wins": "Wins",
    "sonneborn_berger": "Sonneborn-Berger",
    "buchholz": "Buchholz",
    "buchholz_cut1": "Buchholz Cut-1",
}
DEFAULT_TIEBREAKS = {
    "round-robin": ("direct_encounter", "sonneborn_berger", "wins"),
    "swiss": ("buchholz_cut1", "buchholz", "sonneborn_berger"),
}
MAX_ENTRANTS = 128
MAX_NAME = 40
MAX_TOURNAMENT_NAME = 80
#: Longest game, variant or option name, option text and time control read back.
MAX_WORD = 40
MAX_GAMES = 16
MAX_OPTIONS = 32
# --- the pieces -------------------------------------------------------------

@dataclass(frozen=True)
class Entrant:
    """A named player: a human, or a computer player at one of ``LEVELS``."""

    name: str
    kind: str = "human"
    level: str | None = None

    def __post_init__(self):
        if isinstance(self.name, str) and not self.name.strip():
            raise FieldProblem("name", "an entrant needs a name")
        problem = name_problem(self.name, MAX_NAME)
        if problem:
            raise FieldProblem("name", f"entrant name {shown(self.name)} {problem}")
        if self.kind not in KINDS:
            raise FieldProblem("kind", f"entrant {self.name!r}: kind must be human or computer, "
                                       f"not {shown(self.kind)}")
        if self.kind == "computer" and self.level not in LEVELS:
            raise FieldProblem("level", f"entrant {self.name!r}: computer level must be one of "
                                        f"{', '.join(LEVELS)}, not {shown(self.level)}")
        if self.kind == "human" and self.level is not None:
            raise FieldProblem("level", f"entrant {self.name!r}: a human player has no level")

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"


@dataclass(frozen=True)
class GameChoice:
    """The game of a round: game name, variant, time control and rule options."""

    game: str
    variant: str | None = None
    time_control: TimeControl | None = None
    options: dict = field(default_factory=dict, hash=False)

    def __post_init__(self):
        if not isinstance(self.game, str) or not self.game:
            raise FieldProblem("game", "a tournament game needs a game name")
        if len(self.game) > MAX_WORD:
            raise FieldProblem("game", f"unknown game {shown(self.game)}")
        if self.variant is not None and (not isinstance(self.variant, str)
                                         or len(self.variant) > MAX_WORD):
            raise FieldProblem("variant", f"variant must be a short text, not {shown(self.variant)}")
        if self.time_control is not None and not isinstance(self.time_control, TimeControl):
            raise FieldProblem("time_control", "time_control must be a TimeControl or None")
        if not isinstance(self.options, dict):
            raise FieldProblem("options", "options must be an object")
        if len(self.options) > MAX_OPTIONS:
            raise FieldProblem("options", f"{len(self.options)} options are too many")
        for key, value in self.options.items():
            if not isinstance(key, str) or len(key) > MAX_WORD:
                raise FieldProblem("options", f"unknown option {shown(key)}")
            if not _plain_value(value):
                raise FieldProblem("options", f"option {key!r} must be true, false, a number or "
                                              f"a short text, not {shown(value)}")

    def check(self, registry) -> "GameChoice":
        """Refuse a game missing from ``registry``, a variant that is not for 2 players,
        and options the game does not have or of the wrong kind."""
        spec = registry.get(self.game)
        if spec is None:
            raise FieldProblem("game", f"unknown game {shown(self.game)}; choose one of "
                                       f"{', '.join(registry)}")
        try:
            variant = spec.check_variant(self.variant)
        except ValueError as exc:
            raise FieldProblem("variant", str(exc)) from None
        if spec.players(variant) != 2:
            raise FieldProblem("variant", f"{spec.title} {variant} is for "
                                          f"{spec.players(variant)} players; tournaments are "
                                          "for 2-player variants only")
        try:
            spec.check_options(self.options)
        except ValueError as exc:
            raise FieldProblem("options", str(exc)) from None
        for key, value in self.options.items():
            if not _same_kind(spec.options[key], value):
                raise FieldProblem("options", f"option {key}: expected a value like "
                                              f"{spec.options[key]!r}, not {shown(value)}")
        return self

    def to_dict(self) -> dict:
        return {"game": self.game, "variant": self.variant,
                "time_control": (None if self.time_control is None
                                 else format_time_control(self.time_control)),
                "options": dict(self.options)}


@dataclass(frozen=True)
class Pairing:
    """One board of one round.  ``second`` is None for a bye."""

    round: int
    board: int
    first: int
    second: int | None
    seed: int

    @property
    def is_bye(self) -> bool:
        return self.second is None

    def seat_of(self, entrant: int) -> int | None:
        """0 for the first seat, 1 for the second, None when not on this board."""
        if entrant == self.first:
            return 0
        if entrant == self.second:
            return 1
        return None


@dataclass(frozen=True)
class Result:
    """A finished game: ``score`` from the first seat's side and how it ended."""

    score: str
    how: str = "played"

    def __post_init__(self):
        if self.score not in SCORES:
            raise ValueError(f"result must be one of {', '.join(SCORES)}, not {self.score!r}")
        if self.how not in HOWS:
            raise ValueError(f"how the game ended must be one of {', '.join(HOWS)}, "
                             f"not {self.how!r}")
        if self.score == "0-0" and self.how != "forfeit":
            raise ValueError("0-0 is a double forfeit: how the game ended must be forfeit")

    @property
    def is_double_forfeit(self) -> bool:
        return self.score == "0-0"

    @property
    def points(self) -> tuple:
        """(first seat's points, second seat's points)."""
        return SCORES[self.score]


def _plain_value(value) -> bool:
    """True for what a rule option may be: true, false, a finite number, a short text."""
    if isinstance(value, bool) or value is None:
        return True
    if isinstance(value, int):
        return -2**63 <= value < 2**63
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str) and len(value) <= MAX_WORD


def _same_kind(default, value) -> bool:
    """Whether ``value`` is of the kind of an option whose default is ``default``
    (``False`` is not the number 0, nor ``3.0`` the whole number 3)."""
    if default is None:
        return True
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return type(value) is type(default)


def result_of_game(state, flagged: int | None = None, resigned: int | None = None) -> Result:
    """The result of a finished game, a flag fall or a resignation.

    Player index 0 is the first seat.  ``flagged`` / ``resigned`` name the
    player who lost that way; otherwise ``state`` must be over.
    """
    for loser, how in ((flagged, "time"), (resigned, "resignation")):
        if loser is not None:
            if loser not in (0, 1):
                raise ValueError(f"no player {loser!r} in a 2-player game")
            return Result("0-1" if loser == 0 else "1-0", how)
    if not state.is_over:
        raise ValueError("the game is not over yet")
    winner = state.winner
    if winner is None:
        return Result("1/2-1/2")
    return Result("1-0" if winner == 0 else "0-1")


def game_seed(tournament_seed: int, round_no: int, board: int) -> int:
    """The seed of one game, fixed by the tournament's seed."""
    return random.Random(f"{tournament_seed}/{round_no}/{board}").randrange(2**31)


# --- round-robin tables -------------------------------------------------------
# A round robin's rounds are fixed by the number of entrants alone: the model
# reads them here to check a stored round robin, ``pairing`` to pair one.

def berger_rounds(count: int) -> list[list[tuple[int, int | None]]]:
    """One cycle of Berger tables for ``count`` entrants (indices from 0).

    Each round lists (first seat, second seat); with an odd count the entrant
    drawn against the dummy gets ``(entrant, None)``, a bye, listed last.
    Round 1 is 1-n, 2-(n-1), ...; the last number is fixed and alternates
    seats, the others rotate by n/2 each round (the FIDE tables).
    """
    return [list(pairs) for pairs in _berger_table(count)]


@lru_cache(maxsize=32)
def _berger_table(count: int) -> tuple:
    """``berger_rounds`` as tuples, kept once worked out: checking a long stored
    round robin reads the table round after round."""
    n = count + count % 2
    half = n // 2
    rounds = []
    a = 1
    for r in range(1, n):
        pairs = [(a, n) if r % 2 else (n, a)]
        for k in range(1, half):
            pairs.append(((a - 1 + k) % (n - 1) + 1, (a - 1 - k) % (n - 1) + 1))
        games, byes = [], []
        for x, y in pairs:
            if count % 2 and n in (x, y):
                byes.append((min(x, y) - 1, None))
            else:
                games.append((x - 1, y - 1))
        rounds.append(tuple(games + byes))
        a = (a - 1 + half) % (n - 1) + 1
    return tuple(rounds)


def round_robin_round(count: int, round_no: int, cycles: int = 1) -> list[tuple[int, int | None]]:
    """Round ``round_no`` (1-based) of a single or double round robin."""
    table = _berger_table(count)
    if not 1 <= round_no <= cycles * len(table):
        raise ValueError(f"a round robin of {count} has no round {round_no}")
    pairs = table[(round_no - 1) % len(table)]
    if round_no > len(table):
        return [(y, x) if y is not None else (x, None) for x, y in pairs]
    return list(pairs)


# --- the tournament ---------------------------------------------------------

class Tournament:
    """A tournament in play: its settings, the rounds paired so far and the results.

    ``registry`` (a ``GAMES``-like dict) checks the games when given: known
    game, valid variant and options, 2 players.
    """

    def __init__(self, name: str, entrants, format: str = "swiss", games=None,
                 rounds: int | None = None, cycles: int = 1, tiebreaks=None, seed: int = 0,
                 registry=None):
        if not isinstance(name, str) or not name.strip():
            raise FieldProblem("name", "a tournament needs a name")
        problem = name_problem(name.strip(), MAX_TOURNAMENT_NAME)
        if problem:
            raise FieldProblem("name", f"the tournament name {shown(name)} {problem}")
        self.name = name.strip()
        if format not in FORMATS:
            raise FieldProblem("format", f"format must be one of {', '.join(FORMATS)}, "
                                         f"not {shown(format)}")
        self.format = format
        self.entrants = tuple(entrants)
        for entrant in self.entrants:
            if not isinstance(entrant, Entrant):
                raise FieldProblem("entrants", "entrants must be Entrant values")
        count = len(self.entrants)
        if not 2 <= count <= MAX_ENTRANTS:
            raise FieldProblem("entrants", f"a tournament needs 2 to {MAX_ENTRANTS} entrants, "
                                           f"not {count}")
        seen = {}
        for i, entrant in enumerate(self.entrants):
            key = entrant.name.casefold()
            if key in seen:
                raise FieldProblem(f"entrants[{i}].name",
                                   f"two entrants are called {entrant.name!r}")
            seen[key] = entrant
        self.games = tuple(games) if games else ()
        if not self.games:
            raise FieldProblem("games", "a tournament needs at least one game")
        if len(self.games) > MAX_GAMES:
            raise FieldProblem("games", f"a tournament rotates at most {MAX_GAMES} games, "
                                        f"not {len(self.games)}")
        for i, choice in enumerate(self.games):
            if not isinstance(choice, GameChoice):
                raise FieldProblem("games", "games must be GameChoice values")
            if registry is not None:
                try:
                    choice.check(registry)
                except FieldProblem as exc:
                    raise FieldProblem(f"games[{i}].{exc.field}", str(exc)) from None
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise FieldProblem("seed", f"seed must be a whole number from 0 to 2**63 - 1, "
                                       f"not {shown(seed)}")
        self.seed = seed
        if format == "round-robin":
            if isinstance(cycles, bool) or cycles not in (1, 2):
                raise FieldProblem("cycles", "a round robin has 1 cycle (single) or 2 (double)")
            per_cycle = count - 1 + count % 2
            if rounds is not None and rounds != cycles * per_cycle:
                raise FieldProblem("rounds", f"a {'double ' if cycles == 2 else ''}round robin "
                                             f"of {count} entrants has {cycles * per_cycle} "
                                             f"rounds, not {shown(rounds)}")
            rounds = cycles * per_cycle
        else:
            if cycles != 1:
                raise FieldProblem("cycles", "cycles apply to round robins only")
            most = count - 1 + count % 2
            if rounds is None:
                rounds = min(most, max(1, math.ceil(math.log2(count))))
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
                raise FieldProblem("rounds", f"a Swiss of {count} entrants has 1 to {most} "
                                             f"rounds, not {shown(rounds)}")
        self.cycles = cycles
        self.total_rounds = rounds
        tiebreaks = DEFAULT_TIEBREAKS[format] if tiebreaks is None else tuple(tiebreaks)
        for i, name_ in enumerate(tiebreaks):
            if name_ not in TIEBREAKS:
                raise FieldProblem(f"tiebreaks[{i}]",
                                   f"unknown tie-break {shown(name_)}; choose from "
                                   f"{', '.join(TIEBREAKS)} (points always come first)")
            if name_ in tiebreaks[:i]:
                raise FieldProblem(f"tiebreaks[{i}]", f"the tie-break {name_} is listed twice")
        self.tiebreaks = tuple(tiebreaks)
        self.rounds: list[list[Pairing]] = []
        self.results: dict[tuple[int, int], Result] = {}

    # --- questions ------------------------------------------------------
    @property
    def bye_points(self) -> float:
        return 1.0 if self.format == "swiss" else 0.0

    @property
    def rounds_paired(self) -> int:
        return len(self.rounds)

    def game_for_round(self, round_no: int) -> GameChoice:
        """The game played in ``round_no`` (1-based): the games rotate round by round."""
        return self.games[(round_no - 1) % len(self.games)]

    def pairing(self, round_no: int, board: int) -> Pairing:
        if not 1 <= round_no <= len(self.rounds):
            raise ValueError(f"round {round_no} has not been paired")
        boards = self.rounds[round_no - 1]
        if not 1 <= board <= len(boards):
            raise ValueError(f"round {round_no} has no board {board}")
        return boards[board - 1]

    def result(self, round_no: int, board: int) -> Result | None:
        return self.results.get((round_no, board))

    def round_complete(self, round_no: int) -> bool:
        return all(p.is_bye or (p.round, p.board) in self.results
                   for p in self.rounds[round_no - 1])

    def pending(self) -> list[Pairing]:
        """Games paired and not yet finished, in round and board order."""
        return [p for boards in self.rounds for p in boards
                if not p.is_bye and (p.round, p.board) not in self.results]

    @property
    def is_complete(self) -> bool:
        return len(self.rounds) == self.total_rounds and not self.pending()

    def can_pair_next(self) -> bool:
        if len(self.rounds) >= self.total_rounds:
            return False
        return self.format == "round-robin" or not self.rounds or self.round_complete(len(self.rounds))

    # --- changes ---------------------------------------------------------
    def record(self, round_no: int, board: int, score: str | Result, how: str = "played",
               registry=None) -> Result:
        """Enter or correct the result of a game; returns the Result stored.

        With ``registry`` (a ``GAMES``-like dict) a result entered by hand is
        checked against the round's game (``result_problem``)."""
        pairing = self.pairing(round_no, board)
        if pairing.is_bye:
            raise ValueError(f"round {round_no} board {board} is a bye; it has no result to enter")
        result = score if isinstance(score, Result) else Result(score, how)
        problem = self.result_problem(round_no, result, registry)
        if problem:
            raise ValueError(problem)
        self.results[(round_no, board)] = result
        return result

    def result_problem(self, round_no: int, result: Result, registry=None) -> str | None:
        """Why ``result`` cannot be the result of a game of round ``round_no``, or None.

        A game played here ends as its rules say; a result entered by hand
        (``manual``) is a draw only in a game that can end drawn."""
        if registry is None or result.score != "1/2-1/2" or result.how != "manual":
            return None
        spec = registry.get(self.game_for_round(round_no).game)
        reason = getattr(spec, "no_draw", "")
        if reason:
            return f"a game of {spec.title} cannot end in a draw: {reason}"
        return None

    def clear_problem(self, round_no: int, board: int) -> str | None:
        """Why the result of this board may not be taken back, or None when it may.

        A Swiss pairs each round from the finished rounds before it, so once
        the next round is paired a result of an earlier round may be changed
        to another result but not cleared: the round would be unfinished
        again under a round paired from it.  (A round robin's rounds are
        fixed in advance: any result may be cleared.)
        """
        if self.format == "swiss" and round_no < len(self.rounds):
            return (f"round {len(self.rounds)} is already paired from the results of round "
                    f"{len(self.rounds) - 1}, so a result of round {round_no} can be changed "
                    "but not cleared")
        return None

    def clear_result(self, round_no: int, board: int) -> None:
        """Take back a result entered by mistake (the game is pending again).

        Refused (ValueError saying why) where ``clear_problem`` says so.
        """
        self.pairing(round_no, board)
        problem = self.clear_problem(round_no, board)
        if problem and (round_no, board) in self.results:
            raise ValueError(f"the result cannot be cleared: {problem}")
        self.results.pop((round_no, board), None)

    # --- plain data ---------------------------------------------------------
    def to_dict(self) -> dict:
        """Everything about the tournament as JSON-able data (``from_dict`` reads it)."""
        pairings = []
        for boards in self.rounds:
            for p in boards:
                result = self.results.get((p.round, p.board))
                pairings.append({
                    "round": p.round, "board": p.board, "first": p.first, "second": p.second,
                    "seed": p.seed,
                    "result": None if result is None else result.score,
                    "how": None if result is None else result.how,
                })
        return {
            "name": self.name,
            "format": self.format,
            "cycles": self.cycles,
            "rounds": self.total_rounds,
            "tiebreaks": list(self.tiebreaks),
            "seed": self.seed,
            "entrants": [{"name": e.name, "kind": e.kind, "level": e.level}
                         for e in self.entrants],
            "games": [g.to_dict() for g in self.games],
            "pairings": pairings,
        }

    @classmethod
    def from_dict(cls, data, registry=None, where: str = "tournament") -> "Tournament":
        """Read ``to_dict`` data back, checking every field.

        Raises ValueError naming the bad field (``tournament.entrants[2].level:
        ...``).  ``registry`` also checks the games against the engines.
        """
        f = Reader(data, where, ("name", "format", "cycles", "rounds", "tiebreaks", "seed",
                                  "entrants", "games", "pairings"))
        name = f.text("name")
        entrants = []
        for i, item in enumerate(f.list("entrants", MAX_ENTRANTS)):
            e = Reader(item, f"{where}.entrants[{i}]", ("name", "kind", "level"))
            kind = e.text("kind", KINDS)
            level = e.text("level", LEVELS, optional=True)
            entrants.append(e.build(Entrant, e.text("name"), kind, level))
        games = []
        for i, item in enumerate(f.list("games", MAX_GAMES)):
            g = Reader(item, f"{where}.games[{i}]", ("game", "variant", "time_control", "options"))
            text = g.text("time_control", optional=True, limit=MAX_WORD)
            control = (g.build(parse_time_control, text, field="time_control")
                       if text is not None else None)
            games.append(g.build(GameChoice, g.text("game", limit=MAX_WORD),
                                 g.text("variant", optional=True, limit=MAX_WORD),
                                 control, g.dict("options")))
        tiebreaks = f.list("tiebreaks", len(TIEBREAKS))
        for i, name_ in enumerate(tiebreaks):
            if not isinstance(name_, str):
                raise ValueError(f"{where}.tiebreaks[{i}]: must be text")
        tournament = f.build(cls, name, entrants, f.text("format", FORMATS), games,
                             f.int("rounds", 1, 2 * MAX_ENTRANTS), f.int("cycles", 1, 2),
                             tiebreaks, f.int("seed", 0, 2**63 - 1), registry)
        tournament._load_pairings(f.list("pairings"), where)
        return tournament

    def _load_pairings(self, items, where: str) -> None:
        count = len(self.entrants)
        byes = set()
        for i, item in enumerate(items):
            at = f"{where}.pairings[{i}]"
            p = Reader(item, at, ("round", "board", "first", "second", "seed", "result", "how"))
            round_no = p.int("round", 1, self.total_rounds)
            board = p.int("board", 1, count)
            first = p.int("first", 0, count - 1)
            second = p.int("second", 0, count - 1, optional=True)
            seed = p.int("seed", 0, 2**63 - 1)
            if round_no == len(self.rounds) + 1 and board == 1:
                if (self.format == "swiss" and self.rounds
                        and not self.round_complete(len(self.rounds))):
                    raise ValueError(f"{at}: round {round_no} of a Swiss cannot start "
                                     f"before round {len(self.rounds)} is finished")
                self.rounds.append([])
            if round_no != len(self.rounds) or board != len(self.rounds[-1]) + 1:
                expected = (f"round {len(self.rounds)} board {len(self.rounds[-1]) + 1}, or "
                            f"round {len(self.rounds) + 1} board 1" if self.rounds
                            else "round 1 board 1")
                raise ValueError(f"{at}: expected {expected} (pairings must be listed in order)")
            seated = {x for q in self.rounds[-1] for x in (q.first, q.second) if x is not None}
            for who in (first, second):
                if who is not None and who in seated:
                    raise ValueError(f"{at}: entrant {who} already has a board in round {round_no}")
            if first == second:
                raise ValueError(f"{at}: an entrant cannot play themselves")
            if second is None:
                if any(q.is_bye for q in self.rounds[-1]):
                    raise ValueError(f"{at}: round {round_no} already has a bye")
                if self.format == "swiss" and first in byes:
                    raise ValueError(f"{at}: entrant {first} would have a second bye")
                byes.add(first)
            pairing = Pairing(round_no, board, first, second, seed)
            self.rounds[-1].append(pairing)
            score = p.text("result", tuple(SCORES), optional=True)
            how = p.text("how", HOWS, optional=True)
            if (score is None) != (how is None):
                raise ValueError(f"{at}: 'result' and 'how' are given together or not at all")
            if score is not None:
                if second is None:
                    raise ValueError(f"{at}: a bye has no result")
                self.results[(round_no, board)] = Result(score, how)
        for boards in self.rounds:
            seated = {x for q in boards for x in (q.first, q.second) if x is not None}
            if len(seated) != count:
                raise ValueError(f"{where}.pairings: round {boards[0].round} leaves out "
                                 f"{count - len(seated)} entrant(s)")
            if self.format == "round-robin":
                table = round_robin_round(count, boards[0].round, self.cycles)
                if [(q.first, q.second) for q in boards] != table:
                    raise ValueError(f"{where}.pairings: round {boards[0].round} does not "
                                     "follow the round-robin (Berger) table")
