"""A whole game through the computer's eyes: each player's chance to win at
every position, the move it prefers there, and the moves that threw a game away.

``estimate(spec, state, level)`` judges one position with the same searches
and budgets of work the computer players use (so the same position, level and
seed give the same figures however busy the machine is; the level's wall-clock
cap applies as in play):

- Monte Carlo tree search (``mcts.py``): the reward vector (wins, shaded by
  the score margin) averaged over the iterations through the preferred move,
  or over all of them while that move has had few, normalised to chances that
  sum to 1; a win the solver proves is certain.
- Alpha-beta (Calla's strong levels): the searched value (player A's calla
  lead) mapped to a chance by ``0.5 + 0.5 * tanh(lead / SCORE_SCALE)``; a
  value at or beyond ``WIN`` is a proven result, and once the search closes
  the tree (few cubes left) the value is the game's true value (``exact``).
  Analysis lifts the level's depth cap (a playing strength setting): the
  search deepens as far as the budget allows.

A position with a single legal move (or where the search answers without
searching: a win on the spot) takes the value of the position after it; with
chance (Calliro) that position is sampled from a re-seeded copy, so the
estimate never reads future draws from the record.

Calla is solved (``perfect.py``): wherever its tables or its exact search prove a
position within the level's budget, the judgement is exact, with ``margin``, player A's
final margin with best play ("won by 4 with best play"), and a move of that value.

``analyse`` judges every position of a game; the result is plain JSON
(``FORMAT``, kept with the game) and ``figures`` turns it into one entry per
move: who moved, the chances before and after, the preferred move, how far
the mover's chance fell and whether that makes the move a mistake
(``MISTAKE_DROP`` or more, and not the preferred move).
"""

from __future__ import annotations

import math
import random
import time

from ..errors import DamagedFileError
from .levels import LEVELS, iterations_for, level_for, wall_deadline
from .mcts import Search, generic_reseed

FORMAT = "callidus-analysis"
VERSION = 1
#: The level a game is analysed at unless another is asked for.
ANALYSIS_LEVEL = "hard"
#: Levels that can judge a position (the random mover searches nothing).
ANALYSIS_LEVELS = tuple(level for level in LEVELS if level != "random")
#: A move after which the mover's chance falls by this much or more is a mistake.
MISTAKE_DROP = 0.25
#: The largest proven margin an analysis may hold (Calla's: at most its 32 cubes).
MOST_MARGIN = 1000
#: Visits after which the preferred move's own average is trusted as the position's value.
TRUSTED_VISITS = 32

_DEFAULT = object()


class AnalysisProblem(DamagedFileError):
    """Analysis data that does not fit its game; the message says what is wrong."""


# --- one position ------------------------------------------------------------------

def final_chances(state) -> list:
    """A finished game's chances: 1 for the winner, shared equally in a draw."""
    n = len(state.scores)
    winner = state.winner
    if winner is None:
        return [1.0 / n] * n
    return [1.0 if p == winner else 0.0 for p in range(n)]


def margin_chances(margin: int) -> list:
    """The chances of a two-player game whose result is proven: player A's ``margin``."""
    return [1.0, 0.0] if margin > 0 else [0.0, 1.0] if margin < 0 else [0.5, 0.5]


def _normalised(values) -> list:
    values = [min(1.0, max(0.0, float(v))) for v in values]
    total = sum(values)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in values]


def _settings(spec_name, level, know, seconds, iterations, state):
    if level not in ANALYSIS_LEVELS:
        raise ValueError(f"level {level!r} cannot analyse; choose one of "
                         f"{', '.join(ANALYSIS_LEVELS)}")
    settings = level_for(spec_name, level, know, state.variant)
    if settings.searcher == "alphabeta":
        settings = settings.but(depth=None)
    if seconds is not _DEFAULT:
        settings = settings.but(seconds=seconds)
    if iterations is not _DEFAULT:
        settings = settings.but(iterations=iterations)
    else:
        settings = settings.but(iterations=iterations_for(settings, know, state))
    return settings


def _alphabeta(know, state, settings, rng):
    """``(move, chances, exact)`` from an alpha-beta search of ``state``."""
    from .alphabeta import search
    model = know.alphabeta_model(state)
    deadline = wall_deadline(settings, time.perf_counter())
    result = search(model, rng, deadline, settings.iterations, settings.depth)
    value = result.value
    if value >= model.WIN:
        first, exact = 1.0, True
    elif value <= -model.WIN:
        first, exact = 0.0, True
    elif result.exact:
        first, exact = (0.5 if value == 0 else (1.0 if value > 0 else 0.0)), True
    else:
        scale = float(know.SCORE_SCALE)
        first, exact = 0.5 + 0.5 * math.tanh(value / scale), False
    return result.move, [first, 1.0 - first], exact


class _WatchedSearch(Search):
    """The tree search, keeping its root for the statistics of what it searched."""
    root = None

    def best(self, root):
        self.root = root
        return super().best(root)


def _mcts(spec, know, state, settings, rng):
    """``(move, chances, exact)`` from a tree search of ``state``; chances None when
    the search answered without searching (a win on the spot, one safe move)."""
    deadline = wall_deadline(settings, time.perf_counter())
    search = _WatchedSearch(spec, state, settings, know, rng, deadline, settings.iterations)
    move = search.run()
    root = search.root
    if root is None:
        return move, None, False
    if root.proven is not None and not search.chance:
        return move, [1.0 if p == root.proven else 0.0 for p in range(search.n)], True
    if not root.visits:
        return move, None, False
    # The chosen move's own average once it has been looked at often: it follows the
    # best line, where the root's average is pulled down by every move tried.  In wide
    # games a few visits each make that average the largest of many noisy means, far
    # too high, and the root's average over every iteration is the better guess.
    children = root.children.values() if search.chance else root.children
    child = next((c for c in children if c.move == move), None)
    if child is not None and child.visits >= max(TRUSTED_VISITS, root.visits // 4):
        return move, _normalised(v / child.visits for v in child.value), False
    return move, _normalised(v / root.visits for v in root.value), False


def estimate(spec, state, level: str = ANALYSIS_LEVEL, rng: random.Random | None = None, *,
             seconds=_DEFAULT, iterations=_DEFAULT) -> dict:
    """One position judged: ``{"to_move", "chances", "best", "exact"}``.

    ``chances`` holds one number per player (how likely each is to win from
    here, summing to 1), ``best`` the preferred move's text (None once the game
    is over), ``exact`` whether the chances are proven rather than estimated;
    a Calla position proven by its tables or exact search also has ``margin``.
    ``seconds`` and ``iterations`` replace the level's budget, as in
    ``choose_move``.
    """
    from .knowledge import knowledge_for
    rng = rng or random.Random()
    know = knowledge_for(spec.name)
    settings = _settings(spec.name, level, know, seconds, iterations, state)
    entry = {"to_move": state.to_move, "chances": None, "best": None, "exact": True}
    if state.is_over:
        entry["chances"] = final_chances(state)
        return entry
    if spec.name == "calla":            # solved: exact wherever its tables or search prove it
        from .perfect import judge
        proven = judge(state, settings.seconds, settings.iterations)
        if proven is not None:
            margin, move = proven
            entry.update(chances=margin_chances(margin), best=spec.format_move(state, move),
                         margin=margin)
            return entry
    chance = spec.chance
    reseed = know.reseed or (lambda s, r: generic_reseed(spec, s, r))
    exact = True
    # A forced move (or one the search plays without searching) passes the judgement
    # on to the position after it; a sampled draw on the way makes it an estimate.
    while not state.is_over:
        moves = state.legal_moves()
        chances = None
        if len(moves) == 1:
            move = moves[0]
        elif settings.searcher == "alphabeta":
            move, chances, proven = _alphabeta(know, state, settings, rng)
        else:
            move, chances, proven = _mcts(spec, know, state, settings, rng)
        if entry["best"] is None:
            entry["best"] = spec.format_move(state, move)
        if chances is not None:
            entry["chances"] = [round(c, 4) for c in chances]
            entry["exact"] = exact and proven
            return entry
        if chance:
            state = reseed(state, rng)
            exact = False
        state = state.play(move)
    entry["chances"] = final_chances(state)
    entry["exact"] = exact
    return entry


# --- a whole game ------------------------------------------------------------------

def replay_as_played(record) -> tuple:
    """``record.replay(record)``, with the positions from the ply where a game timer
    ran out played under the time-called rule (``extra.time_called_ply``), as the
    game was: ``(spec, config, states, move_texts, cursor)``.  RecordProblem for a
    damaged record."""
    from game.records.record import replay
    spec, config, states, move_texts, cursor = replay(record)
    extra = record.get("extra")
    called = extra.get("time_called_ply") if isinstance(extra, dict) else None
    if type(called) is not int or not 0 <= called < len(states) or not spec.game_timer:
        return spec, config, states, move_texts, cursor
    try:
        played = states[:called] + [states[called].call_time()]
        for text in move_texts[called:]:
            played.append(played[-1].play(spec.parse_move(played[-1], text)))
    except (ValueError, TypeError, KeyError, IndexError):
        return spec, config, states, move_texts, cursor     # as replayed: still a game
    return spec, config, played, move_texts, cursor


def canonical_moves(spec, states, move_texts) -> list:
    """The move texts of a game in the game's own notation (how ``best`` is written)."""
    return [spec.format_move(before, spec.parse_move(before, text))
            for before, text in zip(states, move_texts)]


def empty(spec, states, move_texts, level: str = ANALYSIS_LEVEL) -> dict:
    """The analysis of a game before any position is judged (``positions`` all None)."""
    return {"format": FORMAT, "version": VERSION, "game": spec.name, "level": level,
            "moves": canonical_moves(spec, states, move_texts),
            "positions": [None] * len(states)}


def analyse(spec, states, move_texts, level: str = ANALYSIS_LEVEL, seed: int | None = None,
            progress=None, **budget) -> dict:
    """Every position of a game judged (``states`` from ``record.replay``); ``progress``,
    when given, is called with ``(index, entry)`` after each.  ``budget`` takes
    ``seconds`` and ``iterations`` as ``estimate`` does."""
    data = empty(spec, states, move_texts, level)
    for index, state in enumerate(states):
        rng = random.Random(position_seed(seed, index))
        entry = estimate(spec, state, level, rng, **budget)
        data["positions"][index] = entry
        if progress is not None:
            progress(index, entry)
    return data


def position_seed(seed: int | None, index: int):
    """The generator seed for position ``index``: the same analysis gives the same figures."""
    return None if seed is None else f"{seed}/{index}"


def complete(data) -> bool:
    return all(entry is not None for entry in data["positions"])


def figures(data) -> list:
    """One entry per move: ``ply`` (1 first), ``player`` (who moved), ``move``,
    ``before`` and ``after`` (everyone's chances; None where not judged yet),
    ``best`` (the preferred move), ``drop`` (how much the mover's chance fell;
    None when unknown) and ``mistake``."""
    return [figure(data, ply) for ply in range(1, len(data["moves"]) + 1)]


def figure(data, ply: int) -> dict:
    """The entry of ``figures`` for move ``ply`` (1 first)."""
    positions = data["positions"]
    before, after = positions[ply - 1], positions[ply]
    player = before["to_move"] if before else None
    entry = {"ply": ply, "player": player, "move": data["moves"][ply - 1],
             "before": before["chances"] if before else None,
             "after": after["chances"] if after else None,
             "best": before["best"] if before else None,
             "drop": None, "mistake": False}
    if before and after and player is not None:
        drop = before["chances"][player] - after["chances"][player]
        entry["drop"] = round(drop, 4)
        entry["mistake"] = drop >= MISTAKE_DROP and before["best"] != entry["move"]
    return entry


def mistakes(data) -> list:
    """The plies (1 first) of the moves marked as mistakes."""
    return [f["ply"] for f in figures(data) if f["mistake"]]


# --- checking stored data ------------------------------------------------------------

def check(data, spec, states, move_texts) -> dict:
    """``data`` if it is an analysis of exactly this game, else AnalysisProblem.

    Stored analyses come back from a database or a file: every field is checked
    before a screen draws from it."""
    if not isinstance(data, dict):
        raise AnalysisProblem("not an analysis (expected an object)")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise AnalysisProblem("not an analysis of this version")
    if data.get("game") != spec.name:
        raise AnalysisProblem(f"an analysis of another game ({data.get('game')!r})")
    if data.get("level") not in ANALYSIS_LEVELS:
        raise AnalysisProblem(f"unknown level {data.get('level')!r}")
    try:
        wanted = canonical_moves(spec, states, move_texts)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise AnalysisProblem(f"the game cannot be read: {exc}") from None
    if data.get("moves") != wanted:
        raise AnalysisProblem("an analysis of other moves")
    positions = data.get("positions")
    if not isinstance(positions, list) or len(positions) != len(states):
        raise AnalysisProblem(f"field 'positions' must hold {len(states)} entries")
    players = len(states[0].scores)
    for i, (entry, state) in enumerate(zip(positions, states)):
        if entry is None:
            continue
        where = f"positions[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"margin"} != {"to_move", "chances",
                                                                     "best", "exact"}:
            raise AnalysisProblem(f"field {where!r} must be a position's figures")
        chances = entry["chances"]
        if (not isinstance(chances, list) or len(chances) != players
                or not all(type(c) in (int, float) and 0 <= c <= 1 for c in chances)):
            raise AnalysisProblem(f"field '{where}.chances' must hold {players} chances")
        if entry["to_move"] != state.to_move:
            raise AnalysisProblem(f"field '{where}.to_move' is not the player to move")
        if type(entry["exact"]) is not bool:
            raise AnalysisProblem(f"field '{where}.exact' must be true or false")
        margin = entry.get("margin")
        if "margin" in entry and (type(margin) is not int or abs(margin) > MOST_MARGIN
                                  or entry["exact"] is not True or players != 2
                                  or entry["chances"] != margin_chances(margin)):
            raise AnalysisProblem(f"field '{where}.margin' must be a proven margin")
        best = entry["best"]
        if state.is_over:
            if best is not None:
                raise AnalysisProblem(f"field '{where}.best': the game is over there")
        else:
            try:
                state.play(spec.parse_move(state, best))
            except (ValueError, TypeError, KeyError, IndexError):
                raise AnalysisProblem(f"field '{where}.best' is not a legal move") from None
    return data
