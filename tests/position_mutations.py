"""Real positions of every game, ways to spoil them, and the judge of what
``from_position`` makes of the result.

Shared by ``tests/test_positions_fuzz.py`` (hypothesis drives ``mutate`` with
its own random source) and ``benchmarks/positions_fuzz.py`` (many more
mutations).  The contract (ENGINE_API.md): ``spec.from_position(data)``
either raises a ValueError naming the bad field, or returns a state whose
position reads back to the same state and whose pieces could exist in a game.
"""

from __future__ import annotations

import copy
import json
import math
import random
import re
from collections import Counter

from game import GAMES

# --- real positions ------------------------------------------------------------

#: Per game, (variant, options) of the games played to collect real positions.  Every
#: registered game needs an entry here and in ``COUNTS``: a game without one fails the
#: tests that read them, by name (``for_game``).
CASES = {
    "calla": [(None, {}),
              (None, {"end_sweep": "owner_takes", "time_limit_minutes": 5})],
    "calliro": [(None, {}),
                (None, {"scorer_chooses_replacement": True}),
                (None, {"radius": 2, "triangle_arcs": True, "idle_limit": 6})],
    "callisto": [("callisto_2", {}), ("callisto_3", {}), ("callisto", {}),
                 ("callisto_2_4", {})],
    "iriri": [(None, {})],
    "calabria": [(None, {}),
                 (None, {"barricade_hostility": "owner_only", "repetition_limit": 0,
                         "quiet_ply_limit": 12})],
}


def for_game(table: dict, game: str):
    """``table[game]``, or an error naming the game and the table it is missing from."""
    try:
        return table[game]
    except KeyError:
        names = [name for name, value in globals().items() if value is table]
        raise LookupError(f"{game} has no entry in tests/position_mutations.py's "
                          f"{names[0] if names else 'tables'}: add one") from None


def play_out(game: str, variant, options: dict, seed: int, samples: int = 8) -> list:
    """Positions of one random game (the start, the end and ``samples`` plies between)."""
    spec = GAMES[game]
    rng = random.Random(seed)
    state = spec.new_game(variant, seed=seed, **options)
    states = [state]
    while not state.is_over and len(states) < 2000:
        state = state.play(rng.choice(state.legal_moves()))
        if spec.game_timer and not state.is_over and rng.random() < 0.03:
            state = state.call_time()
        states.append(state)
    picked = {0, len(states) - 1}
    picked.update(rng.randrange(len(states)) for _ in range(samples))
    return [states[i].position() for i in sorted(picked)]


def real_positions(game: str, games: int = 2, seed: int = 0) -> list:
    """Positions from ``games`` random games of every case of ``game``."""
    found = []
    for variant, options in for_game(CASES, game):
        for n in range(games):
            found.extend(play_out(game, variant, options, seed * 1000 + n))
    return found


# --- spoiling them -------------------------------------------------------------------

HUGE = 10 ** 5000
DIGITS = "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669"  # Arabic-Indic


def _deep(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def junk(rng: random.Random):
    """A value of a wrong kind, or of the right kind and absurd."""
    return rng.choice([
        lambda: None, lambda: True, lambda: False, lambda: 0, lambda: 1, lambda: -1,
        lambda: 2, lambda: 3, lambda: 5, lambda: 12, lambda: 2 ** 31, lambda: 2 ** 64,
        lambda: HUGE, lambda: -HUGE, lambda: 0.5, lambda: 1.0, lambda: -0.0, lambda: 1e308,
        lambda: float("nan"), lambda: float("inf"), lambda: float("-inf"),
        lambda: "", lambda: " ", lambda: "x", lambda: "\x00", lambda: "\u200b",
        lambda: "a\nb\x1b[2J", lambda: "9" * 5000, lambda: "\ud800", lambda: "x" * 100_000,
        lambda: [], lambda: {}, lambda: [None], lambda: {"": None}, lambda: [[[[[]]]]],
        lambda: _deep(rng.choice((50, 3000))), lambda: {"a": _deep(40)},
        lambda: [1] * 1000, lambda: list(range(12)), lambda: {"0,0": "Ys"},
        lambda: "0,0", lambda: "e5", lambda: "O/b", lambda: "Ys", lambda: "S0", lambda: "r",
    ])()


def _paths(value, path=()):
    """Every path into ``value`` (keys and indices) a few levels deep, the root included."""
    yield path
    if len(path) > 4:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


def _get(value, path):
    for step in path:
        value = value[step]
    return value


def _set(root, path, new):
    if not path:
        return new
    _get(root, path[:-1])[path[-1]] = new
    return root


def _copy(value):
    try:
        return copy.deepcopy(value)
    except RecursionError:      # deep junk from an earlier spoiling: share it
        return value


def _tweak_int(n: int, rng):
    if abs(n) > 2 ** 64:         # already absurd: no float or text of it
        return rng.choice([n + 1, -n, 0, None])
    return rng.choice([n + 1, n - 1, -n, -1, n * 10 ** rng.randrange(1, 30), n + HUGE, float(n),
                       str(n), n == 1, n + 0.5, float("nan")])


def _tweak_str(s: str, rng):
    if not s:
        return rng.choice(["", " ", "\x00", "a"])
    i = rng.randrange(len(s))
    options = [
        s.upper(), s.lower(), " " + s, s + "\n", s[:i] + s[i + 1:], s + s, s[:i] + "\x00" + s[i:],
        s[:i] + rng.choice(s) + s[i + 1:], s[:i] + chr(rng.randrange(32, 0x3000)) + s[i + 1:],
        re.sub(r"\d", lambda m: DIGITS[int(m.group())], s), s[::-1], s * 50,
    ]
    return rng.choice(options)


def _tweak_list(items: list, rng):
    items = list(items)
    choice = rng.randrange(6)
    if choice == 0 and items:
        del items[rng.randrange(len(items))]
    elif choice == 1 and items:
        items.insert(rng.randrange(len(items) + 1), _copy(rng.choice(items)))
    elif choice == 2:
        items.insert(rng.randrange(len(items) + 1), junk(rng))
    elif choice == 3:
        rng.shuffle(items)
    elif choice == 4 and items:
        items = items[:rng.randrange(len(items))]
    else:
        items = items + _copy(items)
    return items


def _tweak_dict(d: dict, rng):
    d = dict(d)
    choice = rng.randrange(4)
    if choice == 0 and d:
        del d[rng.choice(list(d))]
    elif choice == 1 and d:
        key = rng.choice(list(d))
        d[_tweak_key(key, rng)] = d.pop(key)
    elif choice == 2 and d:
        d[_tweak_key(rng.choice(list(d)), rng)] = _copy(rng.choice(list(d.values())))
    else:
        d[rng.choice(["x", "", "\x00", "0,0", "e5", "9999,9999"])] = junk(rng)
    return d


def _tweak_key(key, rng):
    if isinstance(key, str):
        if rng.random() < 0.5 and re.fullmatch(r"-?\d+,-?\d+", key):
            r, c = (int(x) for x in key.split(","))
            return rng.choice([f"{r + 1},{c}", f"{r},{c - 1}", f"{r + 30},{c}", f"{-r},{c}",
                               f"{r},{c + 10 ** 40}", f"0{r},{c}", f"{r}, {c}", f"+{r},{c}",
                               f"{r},{c},0", f"{r}.0,{c}"])
        return _tweak_str(key, rng)
    return key


def mutate_value(value, rng):
    """``value`` changed a little (the same kind, wrong numbers) or a lot (junk)."""
    if rng.random() < 0.25:
        return junk(rng)
    if isinstance(value, bool):
        return rng.choice([not value, int(value), None, str(value).lower()])
    if isinstance(value, int):
        return _tweak_int(value, rng)
    if isinstance(value, float):
        return rng.choice([value + 0.5, value + 1, -value, float("nan"), float("inf"),
                           value * 1e300, value + 0.25,
                           int(value) if math.isfinite(value) else 0])
    if isinstance(value, str):
        return _tweak_str(value, rng)
    if isinstance(value, list):
        return _tweak_list(value, rng)
    if isinstance(value, dict):
        return _tweak_dict(value, rng)
    return junk(rng)


# --- moving pieces (the counts an editor of positions gets wrong) ---------------------

def _places(data: dict, game: str) -> list:
    """(path, kind) of every container of pieces: ``list`` or ``dict`` of pieces,
    ``str`` a board row."""
    places = []
    if game == "iriri":
        places += [(("ring",), "list"), (("board",), "dict")]
        places += [(("hands", i), "list") for i in range(2)]
    elif game == "calliro":
        places += [(("cells",), "dict"), (("repository",), "list"), (("basket",), "list")]
    elif game == "calabria":
        places += [(("board", r), "str") for r in range(8)]
    return [(p, kind) for p, kind in places if _exists(data, p)]


def _exists(data, path) -> bool:
    try:
        value = _get(data, path)
    except (KeyError, IndexError, TypeError):
        return False
    return isinstance(value, (list, dict, str))


def _take_piece(container, kind, rng):
    """Remove one piece; return (new container, the piece) or None when empty."""
    if kind == "list" and isinstance(container, list) and container:
        i = rng.randrange(len(container))
        return container[:i] + container[i + 1:], container[i]
    if kind == "dict" and isinstance(container, dict) and container:
        key = rng.choice(list(container))
        rest = dict(container)
        return rest, rest.pop(key)
    if kind == "str" and isinstance(container, str):
        full = [i for i, ch in enumerate(container) if ch != "."]
        if full:
            i = rng.choice(full)
            return container[:i] + "." + container[i + 1:], container[i]
    return None


def _put_piece(container, kind, piece, rng, game):
    if kind == "list" and isinstance(container, list):
        i = rng.randrange(len(container) + 1)
        return container[:i] + [piece] + container[i:]
    if kind == "dict" and isinstance(container, dict):
        return {**container, _free_cell(container, game, rng): piece}
    if kind == "str" and isinstance(container, str) and container:
        i = rng.randrange(len(container))
        return container[:i] + (piece if isinstance(piece, str) and len(piece) == 1 else "r") \
            + container[i + 1:]
    return container


def _free_cell(board: dict, game: str, rng) -> str:
    for _ in range(50):
        if game == "iriri":
            label = f"{rng.randrange(-4, 5)},{rng.randrange(-4, 5)}"
        else:
            label = f"{'abcdefghi'[rng.randrange(9)]}{rng.randrange(1, 10)}"
        if label not in board:
            return label
    return "x"


def move_piece(data: dict, game: str, rng) -> dict:
    """One piece moved between board, hands, ring, repository, basket (or dropped, or
    doubled): totals stay or change by one."""
    places = _places(data, game)
    if not places:
        return data
    src, src_kind = rng.choice(places)
    taken = _take_piece(_get(data, src), src_kind, rng)
    if taken is None:
        return data
    rest, piece = taken
    how = rng.randrange(4)
    if how == 0:                       # dropped: one piece short
        return _set(data, src, rest)
    if how == 1:                       # doubled: one piece too many
        dst, dst_kind = rng.choice(places)
        return _set(data, dst, _put_piece(_get(data, dst), dst_kind, piece, rng, game))
    if how == 2 and isinstance(piece, str):   # changed into another piece
        piece = _tweak_piece(piece, game, rng)
        return _set(data, src, _put_piece(rest, src_kind, piece, rng, game))
    _set(data, src, rest)             # moved elsewhere
    dst, dst_kind = rng.choice(places)
    return _set(data, dst, _put_piece(_get(data, dst), dst_kind, piece, rng, game))


def _tweak_piece(piece: str, game: str, rng) -> str:
    if game == "iriri":
        return rng.choice(("Ys", "Ym", "Yl", "Bs", "Bm", "Bl"))
    if game == "calliro":
        return rng.choice(("O/b", "O/g", "B/o", "B/g", "G/o", "G/b", "S0", "S1"))
    if game == "calabria":
        return rng.choice("rRgGXY.")
    return piece


def shift_count(data: dict, game: str, rng) -> dict:
    """A number that counts something moved by one (Calla's cubes, Calabria's hands...)."""
    if game == "calla" and isinstance(data.get("pits"), list) and data["pits"]:
        pits = list(data["pits"])
        i = rng.randrange(len(pits))
        j = rng.randrange(len(pits))
        if isinstance(pits[i], int) and isinstance(pits[j], int):
            pits[i] += rng.choice((1, -1))
            if rng.random() < 0.6:
                pits[j] -= pits[i] - data["pits"][i]
        data["pits"] = pits
        return data
    if game == "callisto" and isinstance(data.get("moves"), list) and data["moves"]:
        moves = list(data["moves"])
        i = rng.randrange(len(moves))
        how = rng.randrange(4)
        if how == 0:
            moves.insert(rng.randrange(len(moves) + 1), _copy(moves[i]))
        elif how == 1:
            del moves[i]
        elif how == 2 and len(moves) > 1:
            j = rng.randrange(len(moves))
            moves[i], moves[j] = moves[j], moves[i]
        else:
            entry = moves[i]
            if isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str):
                cells = entry[1].split(",")
                k = rng.randrange(len(cells))
                cells[k] = rng.choice([cells[k][0] + str(int(cells[k][1:] or 0) + 1),
                                       "a1", "z99", cells[0], chr(ord(cells[k][0]) + 1)
                                       + cells[k][1:]])
                moves[i] = [entry[0], ",".join(cells)]
        data["moves"] = moves
        return data
    paths = [p for p in _paths(data) if isinstance(_get(data, p), int)
             and not isinstance(_get(data, p), bool)]
    if paths:
        path = rng.choice(paths)
        _set(data, path, _get(data, path) + rng.choice((1, -1)))
    return data


def mutate(position: dict, rng: random.Random, game: str | None = None) -> dict:
    """A deep copy of ``position`` with one to three things spoiled; ``game``
    adds the piece and count changes that game's positions invite."""
    data = copy.deepcopy(position)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        try:
            data = _spoil(data, rng, game)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
                RecursionError):
            pass            # an earlier spoiling left nothing this one can work on
    return data


def _spoil(data, rng: random.Random, game: str | None):
    roll = rng.random()
    if game and roll < 0.3 and isinstance(data, dict):
        return move_piece(data, game, rng)
    if game and roll < 0.45 and isinstance(data, dict):
        return shift_count(data, game, rng)
    paths = list(_paths(data))
    path = rng.choice(paths[1:] or paths) if rng.random() < 0.98 else ()
    if rng.random() < 0.1 and path and isinstance(_get(data, path[:-1]), dict):
        del _get(data, path[:-1])[path[-1]]
        return data
    return _set(data, path, mutate_value(_get(data, path), rng))


# --- judging -------------------------------------------------------------------------

CRASH, IMPOSSIBLE, UNNAMED, REFUSED, ACCEPTED = (
    "crash", "impossible", "unnamed", "refused", "accepted")
_NAMES_FIELD = re.compile(r"\bfields? '[^']*'|^position: expected")


def judge(game: str, data) -> tuple[str, str]:
    """(verdict, detail) for what ``from_position`` makes of ``data``.

    ``refused``: a ValueError whose message names a field; ``unnamed``: a
    ValueError naming none (or a message too long to read); ``crash``: any
    other exception, also when the accepted state then fails to report or play;
    ``impossible``: accepted, but the pieces could not exist, or the position
    does not read back; ``accepted``: a good state.
    """
    spec = GAMES[game]
    try:
        state = spec.from_position(data)
    except ValueError as exc:
        try:
            text = str(exc)
        except ValueError:
            return UNNAMED, "the message itself cannot be shown"
        if not _NAMES_FIELD.search(text):
            return UNNAMED, text[:300]
        if len(text) > 400:
            return UNNAMED, f"a message of {len(text)} characters: {text[:200]}"
        return REFUSED, text
    except Exception as exc:        # every other escape is the finding
        return CRASH, f"{type(exc).__name__}: {str(exc)[:300]}"
    try:
        problem = impossible(game, state)
    except Exception as exc:
        return CRASH, f"accepted, then {type(exc).__name__}: {str(exc)[:300]}"
    if problem:
        return IMPOSSIBLE, problem
    return ACCEPTED, ""


def impossible(game: str, state) -> str | None:
    """Why ``state`` could not arise, or None; raises when the state cannot even report."""
    spec = GAMES[game]
    position = state.position()
    try:
        text = json.dumps(position, allow_nan=False)
    except ValueError as exc:
        return f"position() is not plain JSON: {exc}"
    again = spec.from_position(json.loads(text))
    if again != state or again.position() != position:
        return "position() does not read back to the same state"
    to_move, over, winner = state.to_move, state.is_over, state.winner
    scores = state.scores
    if any(not isinstance(s, (int, float)) or isinstance(s, bool) or not math.isfinite(s)
           for s in scores):
        return f"scores {scores!r} are not finite numbers"
    moves = state.legal_moves()
    if over != (to_move is None) or (over and moves) or (winner is not None and not over):
        return f"over {over}, to_move {to_move}, winner {winner}, {len(moves)} moves disagree"
    if moves:
        state.play(moves[0])
        state.play(moves[-1])
    return for_game(COUNTS, game)(position)


def _calla_counts(p: dict) -> str | None:
    pits = p["pits"]
    if len(pits) != 12 or any(type(n) is not int or n < 0 for n in pits) or sum(pits) != 32:
        return f"pits {pits} do not hold 32 cubes"
    turns = p["turns"]
    if turns[0] - turns[1] != p["to_move"]:
        return f"turns {turns} and to_move {p['to_move']} disagree"
    return None


def _calliro_counts(p: dict) -> str | None:
    from game.calliro import geometry
    geo = geometry(p["radius"])
    pairs: Counter = Counter()
    score_chips = [0, 0]
    for label, chip in p["cells"].items():
        if label not in geo.by_label:
            return f"cell {label!r} is not on a board of radius {p['radius']}"
        if chip in ("S0", "S1"):
            score_chips[int(chip[1])] += 1
        else:
            pairs["".join(sorted(chip.lower().split("/")))] += 1
    for chip in p["repository"] + p["basket"]:
        pairs["".join(sorted(chip.lower().split("/")))] += 1
    if sorted(pairs.items()) != [("bg", 10), ("bo", 10), ("go", 10)]:
        return f"the playing chips are {dict(pairs)}, not 10 of each pair"
    if max(score_chips) > 17:
        return f"score chips {score_chips}: nobody gets past 10 + 7 points"
    limit = p["options"].get("idle_limit", 60)
    if limit and p["idle"] > limit:
        return f"idle {p['idle']} is past the idle limit {limit}"
    pending = len((p.get("pending") or {}).get("cells", ()))
    if sum(p["scores"]) not in (sum(score_chips), sum(score_chips) + pending):
        return f"scores {p['scores']} and the score chips {score_chips} disagree"
    return None


def _callisto_counts(p: dict) -> str | None:
    from game.callisto import PIECES, geometry
    geo = geometry(p["variant"])
    covered: set = set()
    used: Counter = Counter()
    for colour, text in p["moves"]:
        move = geo.by_mask.get(_mask(geo, text))
        if move is None:
            return f"move {text!r} is not a piece on the board"
        cells = set(geo.cells_of_move[move])
        if cells & covered or not all(geo.on_board(c) for c in cells):
            return f"move {text!r} covers a covered or missing cell"
        covered |= cells
        used[(colour, geo.piece_of[move])] += 1
    for (colour, k), n in used.items():
        if n > PIECES[k].count:
            return f"colour {colour} used piece {PIECES[k].name} {n} times"
    return None


def _mask(geo, text: str) -> int:
    mask = 0
    for word in text.split(","):
        mask |= 1 << geo.index(geo.parse_cell(word))
    return mask


def _iriri_counts(p: dict) -> str | None:
    pieces = Counter(p["ring"]) + Counter(p["board"].values()) \
        + Counter(p["hands"][0]) + Counter(p["hands"][1])
    if sorted(pieces.items()) != sorted((t, 5) for t in ("Ys", "Ym", "Yl", "Bs", "Bm", "Bl")):
        return f"the set holds {dict(pieces)}, not 5 of each of the 6 types"
    for player, hand in enumerate(p["hands"]):
        if len(hand) > 3 or any((t[0] == "Y") != (player == 0) for t in hand):
            return f"hand {player} {hand} is impossible"
    cells = set()
    for label in p["board"]:
        r, c = (int(x) for x in label.split(","))
        if f"{r},{c}" != label:
            return f"cell label {label!r} is not canonical"
        cells.add((r, c))
    if cells:
        if (0, 0) not in cells or len(cells) < 2:
            return f"a board of {len(cells)} pieces without the first word on 0,0"
        seen, todo = {(0, 0)}, [(0, 0)]
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen != cells:
            return "the board is not one connected group"
    if any(s < 0 or s > 3600.5 for s in p["scores"]):
        return f"scores {p['scores']} are out of reach"
    if not cells:
        if p["hands"] != [["Ys", "Ym", "Yl"], ["Bs", "Bm", "Bl"]]:
            return f"hands {p['hands']} before the first word"
        if p["to_move"] != p["passes"] % 2:
            return f"to_move {p['to_move']} after {p['passes']} passes on an empty board"
    from game.iriri import take_need
    for player in (0, 1):
        if (p["phase"] == "place" or player != p["to_move"]) \
                and take_need(tuple(p["ring"]), tuple(p["hands"][player]), player):
            return f"hand {player} {p['hands'][player]} was not refilled"
    return None


def _calabria_counts(p: dict) -> str | None:
    board = "".join(p["board"])
    if len(board) != 96:
        return "the board is not 8 rows of 12"
    for side, (piece, dux, wall) in enumerate((("r", "R", "X"), ("g", "G", "Y"))):
        hand = p["in_hand"][side]
        if board.count(piece) + hand["pieces"] > 12 or board.count(dux) + hand["dux"] > 1:
            return f"side {side} has more than 12 pieces and one Dux"
        if p["phase"] == "positioning" and (board.count(piece) + hand["pieces"] != 12
                                            or board.count(dux) + hand["dux"] != 1):
            return f"side {side} lost pieces during positioning"
        if board.count(wall) + p["barricades"][side] != 4:
            return f"side {side} does not have 4 barricades in all"
        limit = p["options"].get("quiet_ply_limit", 100)
        if limit and p["quiet_plies"] > limit:
            return f"quiet_plies {p['quiet_plies']} is past the limit {limit}"
        if p["scores"][side] != board.count(piece):
            return f"score {p['scores'][side]} is not the {board.count(piece)} pieces on board"
    return None


COUNTS = {"calla": _calla_counts, "calliro": _calliro_counts, "callisto": _callisto_counts,
          "iriri": _iriri_counts, "calabria": _calabria_counts}
