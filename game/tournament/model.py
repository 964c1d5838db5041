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
from ..i18n import _
from .checks import FieldProblem, Fields, name_problem, shown

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
#: A club's biggest evening: 200 entrants, 100 boards a round.
MAX_ENTRANTS = 200
MAX_NAME = 40
MAX_RATING = 9999
MAX_TOURNAMENT_NAME = 80
#: Longest game, variant or option name, option text and time control read back.
MAX_WORD = 40
MAX_GAMES = 16
MAX_OPTIONS = 32
#: Points of a Swiss's pairing-allocated bye, and of a requested bye (event settings).
BYE_POINTS = (1.0, 0.5, 0.0)
REQUESTED_BYE_POINTS = (0.5, 0.0)
LATE_POINTS = ("zero", "half")
# --- the pieces -------------------------------------------------------------

@dataclass(frozen=True)
class Entrant:
    """A named player: a human, or a computer player at one of ``LEVELS``."""

    name: str
    kind: str = "human"
    level: str | None = None
    #: From an entrants file, both optional: a rating orders the roster (the seeding), a
    #: club is the player's own.  Neither makes two entries of one player different.
    rating: int | None = field(default=None, compare=False)
    club: str | None = field(default=None, compare=False)

    def __post_init__(self):
        if isinstance(self.name, str) and not self.name.strip():
            raise FieldProblem("name", _("an entrant needs a name"))
        problem = name_problem(self.name, MAX_NAME)
        if problem:
            raise FieldProblem("name", _("entrant name {name} {problem}").format(
                name=shown(self.name), problem=problem))
        if self.kind not in KINDS:
            raise FieldProblem("kind", _("entrant {name}: kind must be human or computer, not "
                                         "{value}").format(name=repr(self.name),
                                                           value=shown(self.kind)))
        if self.kind == "computer" and self.level not in LEVELS:
            raise FieldProblem("level", _("entrant {name}: computer level must be one of "
                                          "{levels}, not {value}").format(
                name=repr(self.name), levels=", ".join(LEVELS), value=shown(self.level)))
        if self.kind == "human" and self.level is not None:
            raise FieldProblem("level", _("entrant {name}: a human player has no level").format(
                name=repr(self.name)))
        if self.rating is not None and (isinstance(self.rating, bool) or not isinstance(
                self.rating, int) or not 0 <= self.rating <= MAX_RATING):
            raise FieldProblem("rating", _("entrant {name}: a rating is a whole number from 0 "
                                           "to {most}, not {value}").format(
                name=repr(self.name), most=MAX_RATING, value=shown(self.rating)))
        if self.club is not None:
            problem = name_problem(self.club, MAX_NAME)
            if problem:
                raise FieldProblem("club", _("entrant {name}: club {club} {problem}").format(
                    name=repr(self.name), club=shown(self.club), problem=problem))

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
            raise FieldProblem("variant", _("{game} {variant} is for {n} players; tournaments "
                                            "are for 2-player variants only").format(
                game=spec.title, variant=variant, n=spec.players(variant)))
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


def _entrant_dict(entrant: Entrant) -> dict:
    """An entrant as plain data: its rating and club only when it has them."""
    data = {"name": entrant.name, "kind": entrant.kind, "level": entrant.level}
    for key in ("rating", "club"):
        if getattr(entrant, key) is not None:
            data[key] = getattr(entrant, key)
    return data


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
                 registry=None, bye_points: float | None = None,
                 requested_bye_points: float = 0.5):
        if not isinstance(name, str) or not name.strip():
            raise FieldProblem("name", _("a tournament needs a name"))
        problem = name_problem(name.strip(), MAX_TOURNAMENT_NAME)
        if problem:
            raise FieldProblem("name", _("the tournament name {name} {problem}").format(
                name=shown(name), problem=problem))
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
            raise FieldProblem("entrants", _("a tournament needs 2 to {most} entrants, not "
                                             "{n}").format(most=MAX_ENTRANTS, n=count))
        seen = {}
        for i, entrant in enumerate(self.entrants):
            key = entrant.name.casefold()
            if key in seen:
                raise FieldProblem(f"entrants[{i}].name",
                                   _("two entrants are called {name}").format(
                                       name=repr(entrant.name)))
            seen[key] = entrant
        self.games = tuple(games) if games else ()
        if not self.games:
            raise FieldProblem("games", _("a tournament needs at least one game"))
        if len(self.games) > MAX_GAMES:
            raise FieldProblem("games", _("a tournament rotates at most {most} games, not "
                                          "{n}").format(most=MAX_GAMES, n=len(self.games)))
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
                text = (_("a double round robin of {n} entrants has {rounds} rounds, not "
                          "{given}") if cycles == 2 else
                        _("a round robin of {n} entrants has {rounds} rounds, not {given}"))
                raise FieldProblem("rounds", text.format(n=count, rounds=cycles * per_cycle,
                                                         given=shown(rounds)))
            rounds = cycles * per_cycle
        else:
            if cycles != 1:
                raise FieldProblem("cycles", "cycles apply to round robins only")
            most = count - 1 + count % 2
            if rounds is None:
                rounds = min(most, max(1, math.ceil(math.log2(count))))
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
                raise FieldProblem("rounds", _("a Swiss of {n} entrants has 1 to {most} rounds, "
                                               "not {given}").format(n=count, most=most,
                                                                     given=shown(rounds)))
        self.cycles = cycles
        self.total_rounds = rounds
        tiebreaks = DEFAULT_TIEBREAKS[format] if tiebreaks is None else tuple(tiebreaks)
        for i, name_ in enumerate(tiebreaks):
            if name_ not in TIEBREAKS:
                raise FieldProblem(f"tiebreaks[{i}]",
                                   f"unknown tie-break {shown(name_)}; choose from "
                                   f"{', '.join(TIEBREAKS)} (points always come first)")
            if name_ in tiebreaks[:i]:
                raise FieldProblem(f"tiebreaks[{i}]", _("the tie-break {name} is listed "
                                                        "twice").format(name=name_))
        self.tiebreaks = tuple(tiebreaks)
        if format == "swiss":
            bye_points = 1.0 if bye_points is None else bye_points
            if bye_points not in BYE_POINTS or isinstance(bye_points, bool):
                raise FieldProblem("bye_points", "the pairing-allocated bye scores 1, 1/2 or 0, "
                                                 f"not {shown(bye_points)}")
        elif bye_points not in (None, 0, 0.0):
            raise FieldProblem("bye_points", "a round-robin bye scores nothing")
        if requested_bye_points not in REQUESTED_BYE_POINTS or isinstance(requested_bye_points,
                                                                          bool):
            raise FieldProblem("requested_bye_points", "a requested bye scores 1/2 or 0, not "
                                                       f"{shown(requested_bye_points)}")
        self._bye_points = float(bye_points or 0.0)
        self.requested_bye_points = float(requested_bye_points)
        #: The entrant lifecycle of a Swiss: late entries {entrant: (first round, "zero" or
        #: "half")}, withdrawals {entrant: first round not paired}, requested byes
        #: {entrant: rounds}, and the director's changes to each round {round: [text]}.
        self.late_entries: dict[int, tuple[int, str]] = {}
        self.withdrawals: dict[int, int] = {}
        self.requested_byes: dict[int, frozenset] = {}
        self.round_changes: dict[int, list[str]] = {}
        self.rounds: list[list[Pairing]] = []
        self.results: dict[tuple[int, int], Result] = {}

    # --- questions ------------------------------------------------------
    @property
    def bye_points(self) -> float:
        """Points of the pairing-allocated bye (a Swiss's event setting; a round robin's
        rest scores nothing)."""
        return self._bye_points

    def initial_order(self) -> list[int]:
        """The initial ranking: by rating where ratings are given (the unrated after the
        rated), the roster order among equals."""
        ratings = [getattr(e, "rating", None) for e in self.entrants]
        return sorted(range(len(self.entrants)),
                      key=lambda e: (ratings[e] is None, -(ratings[e] or 0), e))

    def expected(self, round_no: int) -> set[int]:
        """The entrants to pair in ``round_no``: entered by then, not withdrawn, and
        without a requested bye for it."""
        return {e for e in range(len(self.entrants)) if self.absence(e, round_no) is None}

    def absence(self, entrant: int, round_no: int) -> str | None:
        """Why ``entrant`` is not paired in ``round_no`` ("late", "withdrawn",
        "requested bye"), or None when the entrant is to be paired."""
        late = self.late_entries.get(entrant)
        if late is not None and round_no < late[0]:
            return "late"
        gone = self.withdrawals.get(entrant)
        if gone is not None and round_no >= gone:
            return "withdrawn"
        if round_no in self.requested_byes.get(entrant, ()):
            return "requested bye"
        return None

    def absent_points(self, entrant: int, round_no: int) -> float:
        """Points for a round ``entrant`` is not paired in: half a point for each round a
        late entrant missed when the director chose so, the requested bye's points
        (an event setting), nothing after a withdrawal."""
        why = self.absence(entrant, round_no)
        if why == "late":
            return 0.5 if self.late_entries[entrant][1] == "half" else 0.0
        if why == "requested bye":
            return self.requested_bye_points
        return 0.0

    @property
    def rounds_paired(self) -> int:
        return len(self.rounds)

    def game_for_round(self, round_no: int) -> GameChoice:
        """The game played in ``round_no`` (1-based): the games rotate round by round."""
        return self.games[(round_no - 1) % len(self.games)]

    def pairing(self, round_no: int, board: int) -> Pairing:
        if not 1 <= round_no <= len(self.rounds):
            raise ValueError(_("round {n} has not been paired").format(n=round_no))
        boards = self.rounds[round_no - 1]
        if not 1 <= board <= len(boards):
            raise ValueError(_("round {n} has no board {board}").format(n=round_no, board=board))
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
            raise ValueError(_("round {n} board {board} is a bye; it has no result to "
                               "enter").format(n=round_no, board=board))
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
        reason = spec.no_draw if spec is not None else ""
        if reason:
            return _("a game of {game} cannot end in a draw: {why}").format(
                game=spec.title, why=_(reason))
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
            return _("round {paired} is already paired from the results of round {before}, so "
                     "a result of round {n} can be changed but not cleared").format(
                paired=len(self.rounds), before=len(self.rounds) - 1, n=round_no)
        return None

    def clear_result(self, round_no: int, board: int) -> None:
        """Take back a result entered by mistake (the game is pending again).

        Refused (ValueError saying why) where ``clear_problem`` says so.
        """
        self.pairing(round_no, board)
        problem = self.clear_problem(round_no, board)
        if problem and (round_no, board) in self.results:
            raise ValueError(_("the result cannot be cleared: {problem}").format(problem=problem))
        self.results.pop((round_no, board), None)

    # --- the entrants of a Swiss ------------------------------------------------
    def _future_round(self, round_no, what: str) -> int:
        """``round_no`` if it is a round of a Swiss not yet paired; ``what``: "late entries",
        "withdrawals" or "requested byes", what the round is for."""
        if self.format != "swiss":
            raise ValueError({"late entries": _("late entries are for a Swiss"),
                              "withdrawals": _("withdrawals are for a Swiss"),
                              "requested byes": _("requested byes are for a Swiss")}[what])
        if (isinstance(round_no, bool) or not isinstance(round_no, int)
                or not len(self.rounds) < round_no <= self.total_rounds):
            text = {"late entries": _("late entries: the round must be one not yet paired, "
                                      "{first} to {last}, not {value}"),
                    "withdrawals": _("withdrawals: the round must be one not yet paired, "
                                     "{first} to {last}, not {value}"),
                    "requested byes": _("requested byes: the round must be one not yet paired, "
                                        "{first} to {last}, not {value}")}[what]
            raise ValueError(text.format(first=len(self.rounds) + 1, last=self.total_rounds,
                                         value=shown(round_no)))
        return round_no

    def _entrant_index(self, entrant) -> int:
        if isinstance(entrant, bool) or not isinstance(entrant, int) or not (
                0 <= entrant < len(self.entrants)):
            raise ValueError(_("no entrant {entrant}").format(entrant=shown(entrant)))
        return entrant

    def add_late_entrant(self, entrant: Entrant, from_round: int, start: str = "zero") -> int:
        """Enter ``entrant`` from round ``from_round`` on; ``start``: the points for the
        rounds missed, "zero" or "half" (half a point a round).  Returns the index."""
        if not isinstance(entrant, Entrant):
            raise ValueError("a late entrant must be an Entrant")
        self._future_round(from_round, "late entries")
        if start not in LATE_POINTS:
            raise ValueError(_("a late entrant starts with zero or half a point a missed round, "
                               "not {value}").format(value=shown(start)))
        if len(self.entrants) >= MAX_ENTRANTS:
            raise ValueError(_("a tournament has at most {most} entrants").format(
                most=MAX_ENTRANTS))
        if any(e.name.casefold() == entrant.name.casefold() for e in self.entrants):
            raise ValueError(_("two entrants are called {name}").format(name=repr(entrant.name)))
        self.entrants = self.entrants + (entrant,)
        index = len(self.entrants) - 1
        if from_round > 1:
            self.late_entries[index] = (from_round, start)
        return index

    def withdraw(self, entrant: int, from_round: int | None = None,
                 wanted: bool = True) -> None:
        """Pair ``entrant`` no more from ``from_round`` on (default: the next round);
        the games played stand.  ``wanted`` False takes back a withdrawal whose first
        round is not yet paired (a director's mistake, a player who stays after all)."""
        entrant = self._entrant_index(entrant)
        if not wanted:
            if self.withdrawals.get(entrant, 0) <= len(self.rounds):
                raise ValueError(_("{name} has no withdrawal to take back: it has begun, or "
                                   "there is none").format(name=self.entrants[entrant].name))
            del self.withdrawals[entrant]
            return
        round_no = self._future_round(len(self.rounds) + 1 if from_round is None
                                      else from_round, "withdrawals")
        self.withdrawals[entrant] = round_no

    def request_bye(self, entrant: int, round_no: int, wanted: bool = True) -> None:
        """Give ``entrant`` a requested bye in ``round_no`` (``wanted`` False takes it back);
        it scores ``requested_bye_points``."""
        entrant = self._entrant_index(entrant)
        self._future_round(round_no, "requested byes")
        rounds = set(self.requested_byes.get(entrant, ()))
        if wanted:
            rounds.add(round_no)
        else:
            rounds.discard(round_no)
        if rounds:
            self.requested_byes[entrant] = frozenset(rounds)
        else:
            self.requested_byes.pop(entrant, None)

    # --- the director's changes to a round -----------------------------------------
    def swap_players(self, round_no: int, a: int, b: int) -> list[str]:
        """Exchange the places of entrants ``a`` and ``b`` in round ``round_no`` (a bye is
        a place too), before any board of it has a result.  Returns warnings: a rematch,
        an absolute colour preference broken, a second bye.  The change and its warnings
        join the round's history (``round_changes``)."""
        boards = self._open_round(round_no)
        a, b = self._entrant_index(a), self._entrant_index(b)
        if a == b:
            raise ValueError(_("choose two different entrants to swap"))
        places = {}
        for i, p in enumerate(boards):
            for seat, who in enumerate((p.first, p.second)):
                if who in (a, b):
                    places[who] = (i, seat)
        for who in (a, b):
            if who not in places:
                raise ValueError(_("{name} has no place in round {n}").format(
                    name=self.entrants[who].name, n=round_no))
        (ia, sa), (ib, sb) = places[a], places[b]
        seats = [[p.first, p.second] for p in boards]
        seats[ia][sa], seats[ib][sb] = b, a
        return self._replace_round(round_no, seats, f"swapped {self.entrants[a].name} and "
                                                    f"{self.entrants[b].name}")

    def move_player(self, round_no: int, entrant: int, board: int, seat: int) -> list[str]:
        """Put ``entrant`` on ``board`` in ``seat`` (0 moves first, 1 second); whoever sat
        there takes the entrant's place.  Warnings as ``swap_players``."""
        boards = self._open_round(round_no)
        entrant = self._entrant_index(entrant)
        if not 1 <= board <= len(boards) or seat not in (0, 1):
            raise ValueError(_("round {n} has no board {board} seat {seat}").format(
                n=round_no, board=board, seat=seat))
        target = boards[board - 1]
        there = (target.first, target.second)[seat]
        seats = [[p.first, p.second] for p in boards]
        if there is None:
            raise ValueError(_("the bye's empty seat takes no one; swap with the bye's player"))
        if there == entrant:
            return []
        for p in seats:
            for i, who in enumerate(p):
                if who == entrant:
                    p[i] = there
        seats[board - 1][seat] = entrant
        return self._replace_round(round_no, seats, f"moved {self.entrants[entrant].name} to "
                                                    f"board {board} "
                                                    f"{'first' if seat == 0 else 'second'}")

    def _open_round(self, round_no: int) -> list:
        if self.format != "swiss":
            raise ValueError(_("a round robin's rounds follow its Berger tables"))
        if round_no != len(self.rounds) or not self.rounds:
            raise ValueError(_("only the last round paired can be changed"))
        boards = self.rounds[round_no - 1]
        if any((p.round, p.board) in self.results for p in boards):
            raise ValueError(_("a game of round {n} has a result already").format(n=round_no))
        return boards

    def _replace_round(self, round_no: int, seats, change: str) -> list[str]:
        boards = self.rounds[round_no - 1]
        new = []
        for p, (first, second) in zip(boards, seats):
            if first is None:
                first, second = second, None
            new.append(Pairing(p.round, p.board, first, second, p.seed))
        warnings = self.round_warnings(round_no, new)
        self.rounds[round_no - 1] = new
        # the history names the boards, as the director reads them on the round
        changed = [p.board for p, q in zip(boards, new) if (p.first, p.second) != (
            q.first, q.second)]
        where = ("The round" if not changed else f"Board {changed[0]}" if len(changed) == 1
                 else "Boards " + ", ".join(map(str, changed[:-1])) + f" and {changed[-1]}")
        self.round_changes.setdefault(round_no, []).append(
            "; ".join([f"{where} changed by the director: {change}"] + warnings))
        return warnings

    def round_warnings(self, round_no: int, boards) -> list[str]:
        """What in ``boards`` (of round ``round_no``) breaks the Swiss's absolute rules:
        a rematch of a game played, a second pairing-allocated bye, a player given the
        colour (first or second move) an absolute preference forbids."""
        met, byes, colours = set(), set(), {}
        for earlier in self.rounds[:round_no - 1]:
            for p in earlier:
                if p.is_bye:
                    byes.add(p.first)
                    continue
                result = self.results.get((p.round, p.board))
                if result is None or result.how == "forfeit":
                    continue
                met.add(frozenset((p.first, p.second)))
                colours.setdefault(p.first, []).append(0)
                colours.setdefault(p.second, []).append(1)
        out = []
        names = self.entrants
        for p in boards:
            if p.is_bye:
                if p.first in byes:
                    out.append(f"{names[p.first].name} has had a bye already")
                continue
            if frozenset((p.first, p.second)) in met:
                out.append(f"{names[p.first].name} and {names[p.second].name} have met before")
            for who, seat in ((p.first, 0), (p.second, 1)):
                history = colours.get(who, [])
                balance = history.count(0) - history.count(1) + (1 if seat == 0 else -1)
                run = history[-2:] == [seat, seat]
                if abs(balance) > 2 or run:
                    where = "first" if seat == 0 else "second"
                    out.append(f"{names[who].name} would move {where} against an absolute "
                               "colour preference")
        return out

    # --- plain data ---------------------------------------------------------
    def swiss_data(self) -> dict | None:
        """The Swiss's event settings and entrant lifecycle as plain data (None when all
        are the defaults, so that older files and stores stay as they were)."""
        data = {}
        if self.format == "swiss" and self._bye_points != 1.0:
            data["bye_points"] = self._bye_points
        if self.requested_bye_points != 0.5:
            data["requested_bye_points"] = self.requested_bye_points
        if self.late_entries:
            data["late_entries"] = [[e, r, s] for e, (r, s) in sorted(self.late_entries.items())]
        if self.withdrawals:
            data["withdrawals"] = [[e, r] for e, r in sorted(self.withdrawals.items())]
        if self.requested_byes:
            data["requested_byes"] = [[e, sorted(r)] for e, r in
                                      sorted(self.requested_byes.items())]
        if self.round_changes:
            data["round_changes"] = [[r, list(t)] for r, t in sorted(self.round_changes.items())]
        ratings = [getattr(e, "rating", None) for e in self.entrants]
        if any(r is not None for r in ratings):
            data["ratings"] = ratings
        return data or None

    def load_swiss_data(self, data, where: str) -> None:
        """Read ``swiss_data`` back (before the pairings), checking every field."""
        if data is None:
            return
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected an object")
        known = ("bye_points", "requested_bye_points", "late_entries", "withdrawals",
                 "requested_byes", "round_changes", "ratings")
        unknown = sorted(set(data) - set(known), key=str)
        if unknown:
            raise ValueError(f"{where}: unknown field {shown(unknown[0])}")
        count = len(self.entrants)

        def number(value, at, choices):
            if isinstance(value, bool) or value not in choices:
                raise ValueError(f"{where}.{at}: must be one of "
                                 f"{', '.join(str(c) for c in choices)}, not {shown(value)}")
            return float(value)

        def pairs(key, width):
            items = data.get(key, [])
            if not isinstance(items, list) or len(items) > count:
                raise ValueError(f"{where}.{key}: must be a list of at most {count} items")
            for i, item in enumerate(items):
                if not isinstance(item, list) or len(item) != width:
                    raise ValueError(f"{where}.{key}[{i}]: must be a list of {width} items")
                e = item[0]
                if isinstance(e, bool) or not isinstance(e, int) or not 0 <= e < count:
                    raise ValueError(f"{where}.{key}[{i}]: no entrant {shown(e)}")
            return items

        def round_(value, at):
            if isinstance(value, bool) or not isinstance(value, int) or not (
                    1 <= value <= self.total_rounds):
                raise ValueError(f"{where}.{at}: round {shown(value)} is out of range "
                                 f"1-{self.total_rounds}")
            return value
        if "bye_points" in data:
            if self.format != "swiss":
                raise ValueError(f"{where}.bye_points: a round-robin bye scores nothing")
            self._bye_points = number(data["bye_points"], "bye_points", BYE_POINTS)
        if "requested_bye_points" in data:
            self.requested_bye_points = number(data["requested_bye_points"],
                                               "requested_bye_points", REQUESTED_BYE_POINTS)
        for i, (e, r, start) in enumerate(pairs("late_entries", 3)):
            if start not in LATE_POINTS:
                raise ValueError(f"{where}.late_entries[{i}]: starts with zero or half, not "
                                 f"{shown(start)}")
            self.late_entries[e] = (round_(r, f"late_entries[{i}]"), start)
        for i, (e, r) in enumerate(pairs("withdrawals", 2)):
            self.withdrawals[e] = round_(r, f"withdrawals[{i}]")
        for i, (e, rounds) in enumerate(pairs("requested_byes", 2)):
            if not isinstance(rounds, list) or len(rounds) > self.total_rounds:
                raise ValueError(f"{where}.requested_byes[{i}]: must be a list of rounds")
            self.requested_byes[e] = frozenset(round_(r, f"requested_byes[{i}]")
                                               for r in rounds)
        changes = data.get("round_changes", [])
        if not isinstance(changes, list) or len(changes) > self.total_rounds:
            raise ValueError(f"{where}.round_changes: must be a list of rounds")
        for i, item in enumerate(changes):
            if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], list)
                    or len(item[1]) > 2 * MAX_ENTRANTS
                    or not all(isinstance(t, str) and len(t) <= 400 for t in item[1])):
                raise ValueError(f"{where}.round_changes[{i}]: must be a round and its changes")
            self.round_changes[round_(item[0], f"round_changes[{i}]")] = list(item[1])
        if "ratings" in data:
            ratings = data["ratings"]
            if not isinstance(ratings, list) or len(ratings) != count:
                raise ValueError(f"{where}.ratings: must list one rating (or null) an entrant")
            entrants = []
            for i, (e, rating) in enumerate(zip(self.entrants, ratings)):
                try:
                    entrants.append(Entrant(e.name, e.kind, e.level, rating=rating, club=e.club))
                except FieldProblem as exc:
                    raise ValueError(f"{where}.ratings[{i}]: {exc}") from None
            self.entrants = tuple(entrants)

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
            "entrants": [_entrant_dict(e) for e in self.entrants],
            "games": [g.to_dict() for g in self.games],
            "pairings": pairings,
            **({} if self.swiss_data() is None else {"swiss": self.swiss_data()}),
        }

    @classmethod
    def from_dict(cls, data, registry=None, where: str = "tournament") -> "Tournament":
        """Read ``to_dict`` data back, checking every field.

        Raises ValueError naming the bad field (``tournament.entrants[2].level:
        ...``).  ``registry`` also checks the games against the engines.
        """
        swiss = data.get("swiss") if isinstance(data, dict) else None
        if isinstance(data, dict) and "swiss" in data:
            data = {k: v for k, v in data.items() if k != "swiss"}
        f = Fields(data, ("name", "format", "cycles", "rounds", "tiebreaks", "seed", "entrants",
                          "games", "pairings"), where, required=True, path=True)
        name = f.text("name")
        entrants = []
        for i, item in enumerate(f.list("entrants", MAX_ENTRANTS)):
            if isinstance(item, dict):      # rating and club may be left out
                item = {"rating": None, "club": None, **item}
            e = Fields(item, ("name", "kind", "level", "rating", "club"),
                       f"{where}.entrants[{i}]", required=True, path=True)
            kind = e.text("kind", KINDS)
            level = e.text("level", LEVELS, optional=True)
            rating = e.int("rating", 0, MAX_RATING, optional=True)
            club = e.text("club", optional=True, limit=MAX_NAME)
            entrants.append(e.build(Entrant, e.text("name"), kind, level, rating, club))
        games = []
        for i, item in enumerate(f.list("games", MAX_GAMES)):
            g = Fields(item, ("game", "variant", "time_control", "options"),
                       f"{where}.games[{i}]", required=True, path=True)
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
        tournament.load_swiss_data(swiss, f"{where}.swiss")
        tournament._load_pairings(f.list("pairings"), where)
        return tournament

    def _load_pairings(self, items, where: str) -> None:
        count = len(self.entrants)
        byes = set()
        for i, item in enumerate(items):
            at = f"{where}.pairings[{i}]"
            p = Fields(item, ("round", "board", "first", "second", "seed", "result", "how"), at,
                       required=True, path=True)
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
            expected = self.expected(boards[0].round)
            if seated != expected:
                odd = min(seated ^ expected)
                raise ValueError(f"{where}.pairings: round {boards[0].round} " + (
                    f"leaves out {len(expected - seated)} entrant(s)" if odd in expected else
                    f"seats entrant {odd}, who is not to be paired then"))
            if self.format == "round-robin":
                table = round_robin_round(count, boards[0].round, self.cycles)
                if [(q.first, q.second) for q in boards] != table:
                    raise ValueError(f"{where}.pairings: round {boards[0].round} does not "
                                     "follow the round-robin (Berger) table")
