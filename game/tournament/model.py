"""Tournaments: roster, pairings, results, standings and tie-breaks.

The tournament's data and its rules, at the bottom of ``game.tournament``
(its docstring says which module does what): pure Python, importing none of
its neighbours.  Pairing the next round is ``pairing.pair_next_round``, the
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
``manual``).  A forfeit counts like a played game everywhere (rulings below).

Standings: points (win 1, draw 1/2, loss 0, Swiss bye 1) first, then the
director's ordered list of tie-breaks, each applied to the entrants still
level after the ones before it:

* ``direct_encounter``: points scored in the games among the tied group.
  Applied only when every two players of the group have played each other
  (in any round); otherwise it leaves the group tied and shows as None.
* ``wins``: games won, a Swiss bye counting as a win.
* ``sonneborn_berger``: sum of the final points of the opponents beaten, plus
  half those of the opponents drawn with.  A bye adds nothing.
* ``buchholz``: sum of the final points of the opponents met; a Swiss bye
  counts as an opponent with the entrant's own points (FIDE's 2023 rule for
  unplayed rounds).
* ``buchholz_cut1``: Buchholz less its lowest contribution; a bye
  contribution is cut first when there is one (as FIDE cuts unplayed rounds
  first).

Only finished games count; a game without a result is ignored by standings.
Entrants level after every tie-break share a rank and are listed in roster
order.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ..clock import TimeControl, format_time_control, parse_time_control

FORMATS = ("round-robin", "swiss")
KINDS = ("human", "computer")
LEVELS = ("random", "easy", "medium", "hard", "expert")
SCORES = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
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



# --- the pieces -------------------------------------------------------------

@dataclass(frozen=True)
class Entrant:
    """A named player: a human, or a computer player at one of ``LEVELS``."""

    name: str
    kind: str = "human"
    level: str | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError("an entrant needs a name")
        if self.name != self.name.strip() or len(self.name) > MAX_NAME:
            raise ValueError(f"entrant name {self.name!r} must be 1-{MAX_NAME} characters "
                             "without leading or trailing spaces")
        if self.kind not in KINDS:
            raise ValueError(f"entrant {self.name!r}: kind must be human or computer, "
                             f"not {self.kind!r}")
        if self.kind == "computer" and self.level not in LEVELS:
            raise ValueError(f"entrant {self.name!r}: computer level must be one of "
                             f"{', '.join(LEVELS)}, not {self.level!r}")
        if self.kind == "human" and self.level is not None:
            raise ValueError(f"entrant {self.name!r}: a human player has no level")

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
            raise ValueError("a tournament game needs a game name")
        if self.variant is not None and not isinstance(self.variant, str):
            raise ValueError(f"variant must be text, not {self.variant!r}")
        if self.time_control is not None and not isinstance(self.time_control, TimeControl):
            raise ValueError("time_control must be a TimeControl or None")
        if not isinstance(self.options, dict):
            raise ValueError("options must be an object")

    def check(self, registry) -> "GameChoice":
        """Refuse a game missing from ``registry`` or a variant that is not for 2 players."""
        spec = registry.get(self.game)
        if spec is None:
            raise ValueError(f"unknown game {self.game!r}; choose one of {', '.join(registry)}")
        variant = spec.check_variant(self.variant)
        if spec.players(variant) != 2:
            raise ValueError(f"{spec.title} {variant} is for {spec.players(variant)} players; "
                             "tournaments are for 2-player variants only")
        spec.check_options(self.options)
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

    @property
    def points(self) -> tuple:
        """(first seat's points, second seat's points)."""
        return SCORES[self.score]


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
        rounds.append(games + byes)
        a = (a - 1 + half) % (n - 1) + 1
    return rounds


def round_robin_round(count: int, round_no: int, cycles: int = 1) -> list[tuple[int, int | None]]:
    """Round ``round_no`` (1-based) of a single or double round robin."""
    table = berger_rounds(count)
    if not 1 <= round_no <= cycles * len(table):
        raise ValueError(f"a round robin of {count} has no round {round_no}")
    pairs = table[(round_no - 1) % len(table)]
    if round_no > len(table):
        pairs = [(y, x) if y is not None else (x, None) for x, y in pairs]
    return pairs


# --- the tournament ---------------------------------------------------------

class Tournament:
    """A tournament in play: its settings, the rounds paired so far and the results.

    ``registry`` (a ``GAMES``-like dict) checks the games when given: known
    game, valid variant and options, 2 players.
    """

    def __init__(self, name: str, entrants, format: str = "swiss", games=None,
                 rounds: int | None = None, cycles: int = 1, tiebreaks=None, seed: int = 0,
                 registry=None):
        if not isinstance(name, str) or not name.strip() or len(name) > 80:
            raise ValueError("a tournament needs a name of 1-80 characters")
        self.name = name.strip()
        if format not in FORMATS:
            raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
        self.format = format
        self.entrants = tuple(entrants)
        for entrant in self.entrants:
            if not isinstance(entrant, Entrant):
                raise ValueError("entrants must be Entrant values")
        count = len(self.entrants)
        if not 2 <= count <= MAX_ENTRANTS:
            raise ValueError(f"a tournament needs 2 to {MAX_ENTRANTS} entrants, not {count}")
        seen = {}
        for entrant in self.entrants:
            key = entrant.name.casefold()
            if key in seen:
                raise ValueError(f"two entrants are called {entrant.name!r}")
            seen[key] = entrant
        self.games = tuple(games) if games else ()
        if not self.games:
            raise ValueError("a tournament needs at least one game")
        for choice in self.games:
            if not isinstance(choice, GameChoice):
                raise ValueError("games must be GameChoice values")
            if registry is not None:
                choice.check(registry)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ValueError(f"seed must be a whole number of 0 or more, not {seed!r}")
        self.seed = seed
        if format == "round-robin":
            if isinstance(cycles, bool) or cycles not in (1, 2):
                raise ValueError("a round robin has 1 cycle (single) or 2 (double)")
            per_cycle = count - 1 + count % 2
            if rounds is not None and rounds != cycles * per_cycle:
                raise ValueError(f"a {'double ' if cycles == 2 else ''}round robin of {count} "
                                 f"entrants has {cycles * per_cycle} rounds, not {rounds}")
            rounds = cycles * per_cycle
        else:
            if cycles != 1:
                raise ValueError("cycles apply to round robins only")
            most = count - 1 + count % 2
            if rounds is None:
                rounds = min(most, max(1, math.ceil(math.log2(count))))
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
                raise ValueError(f"a Swiss of {count} entrants has 1 to {most} rounds, "
                                 f"not {rounds!r}")
        self.cycles = cycles
        self.total_rounds = rounds
        tiebreaks = DEFAULT_TIEBREAKS[format] if tiebreaks is None else tuple(tiebreaks)
        for name_ in tiebreaks:
            if name_ not in TIEBREAKS:
                raise ValueError(f"unknown tie-break {name_!r}; choose from {', '.join(TIEBREAKS)} "
                                 "(points always come first)")
        if len(set(tiebreaks)) != len(tiebreaks):
            raise ValueError("a tie-break is listed twice")
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
    def record(self, round_no: int, board: int, score: str | Result, how: str = "played") -> Result:
        """Enter or correct the result of a game; returns the Result stored."""
        pairing = self.pairing(round_no, board)
        if pairing.is_bye:
            raise ValueError(f"round {round_no} board {board} is a bye; it has no result to enter")
        result = score if isinstance(score, Result) else Result(score, how)
        self.results[(round_no, board)] = result
        return result

    def clear_result(self, round_no: int, board: int) -> None:
        """Take back a result entered by mistake (the game is pending again)."""
        self.pairing(round_no, board)
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
        f = _Reader(data, where, ("name", "format", "cycles", "rounds", "tiebreaks", "seed",
                                  "entrants", "games", "pairings"))
        entrants = []
        for i, item in enumerate(f.list("entrants")):
            e = _Reader(item, f"{where}.entrants[{i}]", ("name", "kind", "level"))
            kind = e.text("kind", KINDS)
            level = e.text("level", LEVELS, optional=True)
            entrants.append(e.build(Entrant, e.text("name"), kind, level))
        games = []
        for i, item in enumerate(f.list("games")):
            g = _Reader(item, f"{where}.games[{i}]", ("game", "variant", "time_control", "options"))
            text = g.text("time_control", optional=True)
            control = g.build(parse_time_control, text) if text is not None else None
            games.append(g.build(GameChoice, g.text("game"), g.text("variant", optional=True),
                                 control, g.dict("options")))
        tiebreaks = f.list("tiebreaks")
        for i, name in enumerate(tiebreaks):
            if not isinstance(name, str):
                raise ValueError(f"{where}.tiebreaks[{i}]: must be text")
        tournament = f.build(cls, f.text("name"), entrants, f.text("format", FORMATS), games,
                             f.int("rounds", 1), f.int("cycles", 1), tiebreaks,
                             f.int("seed", 0), registry)
        tournament._load_pairings(f.list("pairings"), where)
        return tournament

    def _load_pairings(self, items, where: str) -> None:
        count = len(self.entrants)
        byes = set()
        for i, item in enumerate(items):
            at = f"{where}.pairings[{i}]"
            p = _Reader(item, at, ("round", "board", "first", "second", "seed", "result", "how"))
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


class _Reader:
    """Checked access to one object of imported data: errors name the path."""

    def __init__(self, data, where: str, allowed):
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected an object")
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise ValueError(f"{where}: unknown field {unknown[0]!r}")
        missing = [k for k in allowed if k not in data]
        if missing:
            raise ValueError(f"{where}: missing field {missing[0]!r}")
        self.data = data
        self.where = where

    def text(self, key, choices=None, optional=False):
        value = self.data[key]
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise ValueError(f"{self.where}.{key}: must be text")
        if choices is not None and value not in choices:
            raise ValueError(f"{self.where}.{key}: must be one of {', '.join(choices)}, "
                             f"not {value!r}")
        return value

    def int(self, key, low=None, high=None, optional=False):
        value = self.data[key]
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{self.where}.{key}: must be a whole number")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"{self.where}.{key}: {value} is out of range {low}-{high}")
        return value

    def list(self, key):
        value = self.data[key]
        if not isinstance(value, list):
            raise ValueError(f"{self.where}.{key}: must be a list")
        return value

    def dict(self, key):
        value = self.data[key]
        if not isinstance(value, dict):
            raise ValueError(f"{self.where}.{key}: must be an object")
        return value

    def build(self, make, *args):
        try:
            return make(*args)
        except ValueError as exc:
            raise ValueError(f"{self.where}: {exc}") from None

