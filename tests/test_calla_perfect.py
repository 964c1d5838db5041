"""Calla solved: the shipped tables of perfect play, the exact search above them, and the
Perfect level that plays from them.

The tables are checked against a plain negamax over the game's own rules (``CallaState``),
written here and sharing nothing with the tables' maker or reader; the search above the
tables against the same negamax with the tables cut short; the reader against damaged
files (hypothesis); and Perfect against the values it proves.  Searches here are bounded
by node counts or are exact; nothing asserts on wall time.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import perfect
from game.calla import CallaState
from game.calla import perfect as tables_module
from game.calla.perfect import (SETTINGS, TableProblem, Tables, decode, encode, load, rank,
                                table_size, view)
from helpers import load_script

START = (3, 3, 4, 3, 3, 0, 3, 3, 4, 3, 3, 0)
#: The values found by tools/solve_calla and stated in the README (player A's margin).
START_VALUES = {"none": 3, "owner_takes": 4}
START_MOVES = {"none": "A5", "owner_takes": "A4"}


def options(setting):
    return {"end_sweep": setting, "time_limit_minutes": 0}


@pytest.fixture(autouse=True)
def fresh():
    """Every test reads the tables and proves from nothing."""
    tables_module.forget()
    perfect.forget()
    yield
    tables_module.forget()
    perfect.forget()


# --- an independent plain search ------------------------------------------------------

@lru_cache(maxsize=None)
def negamax(pits, mover, setting):
    """The best final margin (mover's score less the opponent's) by trying every move with
    the game's own rules to the end."""
    state = CallaState(pits, mover, (mover, 0), options=options(setting))
    if state.is_over:
        a, b = state.scores
        return a - b if mover == 0 else b - a
    best = None
    for move in state.legal_moves():
        after = state.play(move)
        value = negamax(after.pits, after.mover, setting)
        value = value if after.mover == mover else -value
        best = value if best is None else max(best, value)
    return best


def random_position(rng, cubes, setting):
    """A position not over with ``cubes`` cubes in the shields, the callas holding the
    rest (neither at 17)."""
    while True:
        pits = [0] * 12
        for _ in range(cubes):
            pits[rng.choice((0, 1, 2, 3, 4, 6, 7, 8, 9, 10))] += 1
        rest = 32 - cubes
        pits[5] = rng.randint(max(0, rest - 16), min(16, rest))
        pits[11] = rest - pits[5]
        mover = rng.randint(0, 1)
        state = CallaState(tuple(pits), mover, (mover, 0), options=options(setting))
        if not state.is_over:
            return state


def table_margin(tables, state):
    x, a, b = view(state.pits, state.mover)
    return tables.margin(x, a, b)


@pytest.mark.parametrize("setting", SETTINGS)
def test_the_shipped_tables_agree_with_a_plain_search_of_the_rules(setting):
    tables = load(setting)
    assert tables.top >= 8
    rng = random.Random(f"tables/{setting}")
    checked = 0
    for _ in range(3000):
        state = random_position(rng, rng.randint(1, 7), setting)
        assert table_margin(tables, state) == negamax(state.pits, state.mover, setting), \
            state.pits
        checked += 1
    assert checked == 3000


@pytest.mark.parametrize("setting", SETTINGS)
def test_the_search_above_the_tables_agrees_with_a_plain_search(setting):
    """The tables cut to 3 cubes, so that positions of 5 to 8 cubes are searched."""
    whole = load(setting)
    short = Tables(whole.data[:table_size(3)], setting, 3)
    rng = random.Random(f"search/{setting}")
    for _ in range(300):
        state = random_position(rng, rng.randint(5, 8), setting)
        prover = perfect.Prover(short)
        x, a, b = view(state.pits, state.mover)
        value, lower, move = prover.prove(x, a)
        want = negamax(state.pits, state.mover, setting)
        assert a - b + value == want, state.pits
        # the move it names reaches that value
        after = state.play(move + 1)
        reached = negamax(after.pits, after.mover, setting)
        assert (reached if after.mover == state.mover else -reached) == want


@pytest.mark.parametrize("setting", SETTINGS)
def test_the_start_position_has_the_value_the_readme_states(setting):
    state = CallaState(START, 0, (0, 0), options=options(setting))
    margin, moves, _, _ = perfect.solve(state)
    assert margin == START_VALUES[setting]
    after = state.play(moves[0])
    x, a, b = view(after.pits, after.mover)
    value, _, _ = perfect.prover_for(setting).prove(x, a)
    assert (a - b + value) * (1 if after.mover == 0 else -1) == START_VALUES[setting]


def solver_tool():
    """tools/solve_calla's main module, loaded from its file (it is a folder, not a package)."""
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "tools" / "solve_calla" / "__main__.py"
    return load_script(path, "solve_calla_tool")


@pytest.fixture(scope="module")
def core_build(tmp_path_factory):
    """Where the tool's C core is compiled, once for the tests here."""
    return tmp_path_factory.mktemp("calla-core")


@pytest.mark.parametrize("setting", SETTINGS)
def test_the_solver_builds_the_shipped_tables_and_solves_the_start(tmp_path, setting,
                                                                   core_build):
    """The tool's C core (skipped without a C compiler) makes the same values as the shipped
    tables, and its search above them finds the start's value and a line of best play."""
    tool = solver_tool()
    try:
        solver = tool.Solver(tmp_path, setting, core_build)
    except tool.native.BuildProblem as exc:
        pytest.skip(f"no C compiler: {exc}")
    shipped = load(setting)
    solver.tables(shipped.top, quiet=True)
    built = b"".join(bytes(tool.layers.values(solver.held[n])) for n in range(shipped.top + 1))
    assert built == shipped.data
    assert solver.lib.tt_alloc(18)
    start = CallaState(START, 0, (0, 0), options=options(setting))
    x, a, b = view(start.pits, 0)
    assert solver.margin(x, a, b) == START_VALUES[setting]
    line, final = tool.principal_variation(solver, start)
    assert final == START_VALUES[setting] and line[0] == START_MOVES[setting]
    # a rerun takes the layers from disk, each checked; a damaged one is built again
    path = tool.layers.layer_path(tmp_path, setting, 9)
    damaged = bytearray(path.read_bytes())
    damaged[-1] ^= 1
    path.write_bytes(bytes(damaged))
    again = tool.Solver(tmp_path, setting, core_build)
    again.tables(9, quiet=True)
    assert bytes(tool.layers.values(again.held[9])) == shipped.data[table_size(8):table_size(9)]
    assert list(path.parent.glob("layer-09.damaged-*.bin"))


def test_ranks_number_every_board_once():
    seen = set()
    for x in boards_of(4):
        seen.add(rank(x))
    assert seen == set(range(715))


def boards_of(n, shields=10):
    if shields == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in boards_of(n - first, shields - 1):
            yield (first,) + rest


# --- reading the tables ---------------------------------------------------------------

def small_file(setting="none", top=3, compression=1):
    return encode(load(setting).data[:table_size(top)], setting, top, compression)


def test_a_table_file_reads_back_whole():
    for compression in (0, 1, 2):
        blob = small_file(compression=compression)
        tables = decode(blob, "none")
        assert tables.top == 3 and tables.data == load("none").data[:table_size(3)]


def test_a_table_of_the_other_setting_is_refused():
    with pytest.raises(TableProblem, match="not the table for end_sweep 'owner_takes'"):
        decode(small_file("none"), "owner_takes")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_table_file_is_refused_with_a_message(data):
    compression = data.draw(st.sampled_from((0, 1, 2)))
    blob = bytearray(small_file(compression=compression))
    kind = data.draw(st.sampled_from(("flip", "cut", "grow", "garbage")))
    if kind == "flip":
        where = data.draw(st.integers(0, len(blob) - 1))
        blob[where] ^= data.draw(st.integers(1, 255))
    elif kind == "cut":
        del blob[data.draw(st.integers(0, len(blob) - 1)):]
    elif kind == "grow":
        blob += data.draw(st.binary(min_size=1, max_size=64))
    else:
        blob = bytearray(data.draw(st.binary(max_size=200)))
    with pytest.raises(TableProblem) as refused:
        decode(bytes(blob), "none", "the Calla table perfect-none.bin")
    assert "perfect-none.bin" in str(refused.value)


def test_a_header_asking_for_gigabytes_is_refused_before_unpacking():
    blob = bytearray(small_file())
    header = tables_module.HEADER
    fields = list(header.unpack_from(blob))
    fields[3] = 32                                # every position: 5.7 GB
    fields[6] = table_size(32)
    blob[:header.size] = header.pack(*fields)
    with pytest.raises(TableProblem, match="damaged header"):
        decode(bytes(blob), "none")


def test_values_out_of_range_are_refused_even_with_a_matching_checksum():
    data = bytearray(load("none").data[:table_size(3)])
    data[-1] = 100                                # no board of 3 cubes is worth 100
    with pytest.raises(TableProblem, match="out of range"):
        decode(encode(bytes(data), "none", 3, 1), "none")


@pytest.mark.parametrize("damage", ("missing", "folder", "cut"))
def test_a_missing_or_damaged_table_says_so_and_perfect_plays_on(tmp_path, monkeypatch, capsys,
                                                                 damage):
    whole = small_file()
    monkeypatch.setattr(tables_module, "assets_folder", lambda: tmp_path)
    path = tmp_path / "perfect-none.bin"
    if damage == "folder":
        path.mkdir()
    elif damage == "cut":
        path.write_bytes(whole[:40])
    with pytest.raises(TableProblem, match="perfect-none.bin"):
        load("none")
    state = CallaState(START, 0, (0, 0), options=options("none"))
    info = {}
    move = perfect.choose(state, random.Random(1), info, search_nodes=20_000, seconds=None)
    assert move in state.legal_moves()
    assert "perfect-none.bin" in info["problem"]
    assert info["proven"] is None and info["searcher"] == "alphabeta"
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and "perfect-none.bin" in said[0] and "plays as Expert" in said[0]


# --- the Perfect level ----------------------------------------------------------------

def positions_along_games(setting, games, seed):
    rng = random.Random(seed)
    for _ in range(games):
        state = CallaState(START, 0, (0, 0), options=options(setting))
        while not state.is_over:
            yield state
            state = state.play(rng.choice(state.legal_moves()))


def exact_margin_after(state, move):
    """The mover's final margin after ``move`` with best play, by the search unbounded."""
    after = state.play(move)
    if after.is_over:
        a, b = after.scores
        return a - b if state.mover == 0 else b - a
    x, a, b = view(after.pits, after.mover)
    value, _, _ = perfect.prover_for(after.options["end_sweep"]).prove(x, a)
    margin = a - b + value
    return margin if after.mover == state.mover else -margin


@pytest.mark.parametrize("setting", SETTINGS)
def test_perfect_plays_a_move_of_the_proven_value(setting):
    played = 0
    for state in positions_along_games(setting, 6, f"perfect/{setting}"):
        if sum(state.pits[0:5]) + sum(state.pits[6:11]) > 20:
            continue            # keep the exact checks below quick
        info = {}
        move = perfect.choose(state, random.Random(played), info, seconds=None)
        assert info["proven"] is not None, state.pits
        best = max(exact_margin_after(state, m) for m in state.legal_moves())
        assert info["proven"] == best
        assert exact_margin_after(state, move) == best
        played += 1
    assert played > 40


def test_perfect_keeps_a_proven_result_when_its_search_runs_short():
    """Short of the count it needs for the exact value, it plays a move proven to keep the
    result it proved a move earlier, never Expert's guess."""
    setting = "owner_takes"
    state = CallaState((3, 7, 1, 0, 5, 2, 5, 1, 1, 0, 2, 5), 0, (3, 3),
                       options=options(setting))
    margin, moves, _, _ = perfect.solve(state)
    assert (margin, moves) == (4, [5])
    perfect.remember(state, 5, margin)
    position = state.play(5).play(2)            # B's reply, a poor one (A can win by 8)
    assert position.mover == state.mover
    perfect.prover_for(setting).bounds.clear()  # as if its table of bounds had been emptied
    info = {}
    # the floor's pass takes about 300 nodes here, the exact value about 15,000
    move = perfect.choose(position, random.Random(0), info, proof_nodes=3000, seconds=None)
    assert info["proven"] is None
    assert info["lower"] >= margin
    assert exact_margin_after(position, move) >= margin


def test_perfect_falls_back_to_expert_once_time_is_called():
    state = CallaState(START, 0, (0, 0), options=options("none")).play(5).call_time()
    assert not state.is_over            # B has the last turn
    info = {}
    move = perfect.choose(state, random.Random(2), info, search_nodes=20_000, seconds=None)
    assert move in state.legal_moves()
    assert info["searcher"] == "alphabeta" and info["proven"] is None


# --- Perfect among the levels ---------------------------------------------------------

def test_perfect_is_a_level_of_calla_alone():
    from game import GAMES
    from game.ai import choose_move, levels_for
    assert levels_for("calla")[-2:] == ("expert", "perfect")
    for name in GAMES:
        if name != "calla":
            assert levels_for(name) == ("random", "easy", "medium", "hard", "expert")
            with pytest.raises(ValueError, match="unknown computer level 'perfect'"):
                choose_move(name, GAMES[name].new_game(seed=1), "perfect")
    state = CallaState(START, 0, (0, 0), options=options("none"))
    info = {}
    move = choose_move("calla", state, "perfect", random.Random(3), info=info)
    assert move == 5 and info["proven"] == 3        # A5 wins by 3 with best play


def pick(app, menu, text):
    """Pick ``text`` from a drop-down by clicks."""
    from helpers import click
    click(app, menu.rect.center)
    items = menu.menu_states["expanded"].options_selection_list.item_list
    click(app, next(i for i in items if i["text"] == text)["button_element"].rect.center,
          settle=8)
    assert menu.selected_option[0] == text


def test_the_setup_offers_perfect_for_calla_and_the_computer_plays_it(tmp_path):
    import time
    from helpers import click, frames, menu_app, press
    from game.records.record import load as load_record
    from scenes import saves
    app = menu_app(tmp_path)
    click(app, app.stack.top.play_buttons["calliro"].rect.center)
    offered = [text for text, _ in app.stack.top.controls["seat1"].options_list]
    assert "Computer - Expert" in offered and "Computer - Perfect" not in offered
    app.stack.pop()
    frames(app, 2)
    click(app, app.stack.top.play_buttons["calla"].rect.center)
    setup = app.stack.top
    offered = [text for text, _ in setup.controls["seat1"].options_list]
    assert offered[-2:] == ["Computer - Expert", "Computer - Perfect"]
    pick(app, setup.controls["seat1"], "Computer - Perfect")
    starter = next(text for text, value in setup.controls["starter"].options_list if value == "1")
    pick(app, setup.controls["starter"], starter)
    press(app, "Start game", settle=3)
    frames(app, 3)
    if type(app.stack.top).__name__ == "QuestionScene":
        press(app, "Start a new game", settle=3)
    play = app.stack.top
    assert type(play).__name__ == "PlayScene"
    assert ("computer", "perfect") in [(s["kind"], s.get("level")) for s in play.seats]
    waited = time.monotonic()
    while play.cursor == 0 and time.monotonic() - waited < 120:
        frames(app, 5)
        time.sleep(0.05)
    assert play.cursor == 1, "Perfect answered"
    start = CallaState(START, 0, (0, 0))
    assert play.state.pits == start.play(5).pits     # A5: the move of best value at the start
    for _ in range(20):
        frames(app, 5)
    app.close()
    # the unfinished game, with its Perfect seat, reads back
    kept = saves.read_unfinished(saves.unfinished_path("calla"), "calla")
    assert kept is not None and kept.moves == 1 and "Perfect" in kept.levels
    _, config, states, _, _ = load_record(saves.unfinished_path("calla"))
    assert [(seat["kind"], seat.get("level")) for seat in config["seats"]] == [
        ("computer", "perfect"), ("human", None)]    # the computer plays A, as it started


# --- exact analysis -------------------------------------------------------------------

def test_the_analysis_gives_proven_margins_and_marks_a_result_thrown_away():
    import json
    from game import GAMES
    from game.ai import analysis
    spec = GAMES["calla"]
    start = spec.new_game()
    states, moves = [start, start.play(1)], ["1"]       # A1 loses: A can win by 3, not after it
    data = analysis.analyse(spec, states, moves, "hard", seed=1, seconds=None,
                            iterations=400_000)
    assert data["positions"][0] == {"to_move": 0, "chances": [1.0, 0.0], "best": "5",
                                    "exact": True, "margin": 3}
    assert data["positions"][1]["margin"] == -7 and data["positions"][1]["exact"]
    figure = analysis.figures(data)[0]
    assert figure["mistake"] and figure["best"] == "5"
    stored = json.loads(json.dumps(data))
    assert analysis.check(stored, spec, states, moves) == data
    stored["positions"][1]["margin"] = 5                # not what its chances say
    with pytest.raises(analysis.AnalysisProblem, match="margin"):
        analysis.check(stored, spec, states, moves)


@pytest.mark.parametrize("code", ["en", "fa", "de", "es", "fr", "zh_Hans"])
def test_the_review_gives_proven_results_in_every_language_within_its_sidebar(tmp_path,
                                                                             code):
    """Each player's line under their name says the result with best play where the
    analysis proved it, in the language in use, inside the sidebar."""
    from game import GAMES, i18n
    from game.ai import analysis
    from helpers import frames, make_app
    from scenes import assets
    from test_analysis import calla_blunder_record
    spec = GAMES["calla"]
    app = make_app(tmp_path, size=(960, 600))
    try:
        app.set_language(code, persian_digits=code == "fa")
        review = app.stack.push("review", record=calla_blunder_record())
        review.analysis = analysis.analyse(spec, review.states, review.notation, "hard",
                                           seed=1, seconds=None, iterations=5000)
        review._refresh_marks()
        review.go(0)
        frames(app, 2)
        drawn = []
        real = assets.text

        def spy(surface, words, pos, *args, **kwargs):
            rect = real(surface, words, pos, *args, **kwargs)
            drawn.append((words, rect))
            return rect
        assets.text = spy
        try:
            review.draw(app.screen)
        finally:
            assets.text = real
        wanted = {i18n._("won by {n} with best play").format(n=i18n.number(3)),
                  i18n._("lost by {n} with best play").format(n=i18n.number(3))}
        shown = {words: rect for words, rect in drawn if words in wanted}
        assert set(shown) == wanted, [words for words, _ in drawn]
        assert all(review.side.contains(rect) for rect in shown.values())
        # standing on the mistake: the results before and after it, in words
        review.go(1)
        text = review.status_text()
        assert i18n._("lost by {n} with best play").format(n=i18n.number(7)) in text
    finally:
        i18n.use("en", persian_digits=False)
        app.close()
