"""Every screen that shows names, drawn with very long, accented and CJK names: no two
texts overlap and none leaves the screen or its panel (``assets.TextRecorder``).

With CALLIDUS_SHOTS set to a folder, each screen is also saved there as a PNG.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from game.tournament.model import Entrant, GameChoice, Tournament
from game.tournament.store import TournamentStore
from scenes import assets
from scenes.play import PlayScene
from scenes.results import ResultsScene
from scenes.tournament.common import db_path
from scenes.tournament.lobby import LobbyScene
from scenes.tournament.round import RoundScene
from scenes.tournament.standings import StandingsScene

from helpers import drawn_texts, every_game, frames, make_app, random_finished_game, wait_until

LONG = "Bartholomew Maximilian Featherstonehaugh"          # 40 characters, the most allowed
NAMES = [LONG, "Zoë ødegård", "李小龍 ♞", "Åsa Ñúñez-Çelik de la Peña y Montoya",
         "김민준", "王秀英 (Wáng Xiùyīng)", "Wolfeschlegelsteinhausenbergerdorff Jr.",
         "Medium-bot", "Ann", "Jean-Baptiste Émile Poquelin-Dubois"]
TOURNAMENT = ("The Thursday Night Open Championship of the Société des Échecs 李 ♞ "
              "and friends")[:80]
SIZES = [(960, 600), (1920, 1080)]


def texts_fit(app, name, panels=()):
    """Draw a frame recording its texts; assert none overlaps another or leaves the screen,
    and that a text starting inside one of ``panels`` stays inside it."""
    recorded = drawn_texts(app)
    screen = app.screen
    shots = os.environ.get("CALLIDUS_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        pygame.image.save(screen, str(Path(shots) / f"{name}-{screen.get_width()}.png"))
    drawn = [(rect, words) for rect, words in recorded if rect.width and rect.height]
    assert drawn, "the screen drew no text"
    bounds = screen.get_rect()
    for rect, words in drawn:
        assert bounds.contains(rect), f"{words!r} leaves the screen ({rect})"
        for panel in panels:
            if panel.collidepoint(rect.topleft):
                assert panel.contains(rect), f"{words!r} leaves its panel {panel} ({rect})"
    for i, (a, first) in enumerate(drawn):
        for b, second in drawn[i + 1:]:
            assert not a.colliderect(b), f"{first!r} {a} overprints {second!r} {b}"
    return [words for _, words in drawn]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", every_game())
def test_the_sidebar_of_each_game_fits_long_names(tmp_path, game, size):
    app = make_app(tmp_path, size=size)
    try:
        seats = [{"name": LONG, "kind": "human"},
                 {"name": "Medium-bot", "kind": "computer", "level": "medium"}]
        config = {"game": game, "variant": None, "options": {}, "seats": seats,
                  "starter": "0", "time_control": "5+3"}
        play = app.stack.push(PlayScene(app, config, seed=1))
        frames(app, 2)
        words = texts_fit(app, f"play-{game}", [play.sidebar.rect])
        assert any(w.endswith("\u2026") and LONG.startswith(w[:-1]) for w in words), \
            "the long name is shortened with an ellipsis"
        assert "Medium-bot" in words
    finally:
        app.close()


def test_accented_and_cjk_names_under_a_running_clock_keep_their_room(tmp_path):
    app = make_app(tmp_path, size=(960, 600))
    try:
        seats = [{"name": "Zoë ødegård", "kind": "human"}, {"name": "李小龍 ♞", "kind": "human"}]
        config = {"game": "calla", "variant": None, "options": {}, "seats": seats,
                  "starter": "0", "time_control": "5+3"}
        play = app.stack.push(PlayScene(app, config, seed=1))
        frames(app, 2)
        words = texts_fit(app, "play-accents", [play.sidebar.rect])
        assert "Zoë ødegård" in words and "李小龍 ♞" in words, "short names are shown whole"
    finally:
        app.close()


def test_glyphs_the_main_font_lacks_come_from_the_fallback_fonts():
    pygame.init()
    runs = assets.runs("Ann ♞ 李")
    assert runs[0] == (None, "Ann ")
    fallbacks = [Path(source).name for source, _ in runs if source is not None]
    assert fallbacks == ["DejaVuSans.ttf", "DroidSansFallbackFull.ttf"]
    # drawn, the horse and the character have ink (not the main font's empty box)
    for words in ("♞", "李"):
        img = assets.render(words, 40, (255, 255, 255))
        box = pygame.font.Font(assets._font_file(False), 40).render(words, True, (255, 255, 255))
        assert pygame.mask.from_surface(img).count() != pygame.mask.from_surface(box).count()


def keep_tournament(format_="swiss", entrants=10, rounds=3, results=1):
    """A kept tournament of long-named entrants, ``results`` rounds played (1-0 on every
    board), the next one paired; its stored handle."""
    store = TournamentStore(db_path())
    people = [Entrant(name) if name != "Medium-bot" else Entrant(name, "computer", "medium")
              for name in NAMES[:entrants]]
    stored = store.create(Tournament(TOURNAMENT, people, format_, [GameChoice("calla")],
                                     rounds=rounds))
    for _ in range(results + 1):
        if not stored.tournament.can_pair_next():
            break
        stored.pair_next_round()
        round_no = stored.tournament.rounds_paired
        if round_no > results:
            break
        for p in stored.tournament.rounds[round_no - 1]:
            if not p.is_bye:
                stored.record(p.round, p.board, random.Random(p.board).choice(
                    ["1-0", "0-1", "1/2-1/2"]))
    return store, stored


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("format_", ["swiss", "round-robin"])
def test_the_directors_screens_fit_long_names(tmp_path, size, format_):
    store, stored = keep_tournament(format_, entrants=10 if format_ == "swiss" else 6,
                                    rounds=3 if format_ == "swiss" else 5)
    app = make_app(tmp_path, size=size)
    try:
        lobby = app.stack.push(LobbyScene(app, folder=tmp_path / "exports"))
        frames(app, 2)
        texts_fit(app, f"lobby-{format_}", [rect for _, rect, _ in lobby.rows])
        rounds = app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        texts_fit(app, f"round-{format_}", [rounds.table.inflate(20, 16)])
        standings = app.stack.push(StandingsScene(app, stored, folder=tmp_path))
        frames(app, 2)
        panel = standings.table_rect.inflate(20, 16)
        texts_fit(app, f"standings-{format_}", [panel])
        standings.crosstable = True
        standings.resize()
        frames(app, 2)
        texts_fit(app, f"crosstable-{format_}", [panel])
    finally:
        app.close()
        store.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_results_headline_fits_a_long_name(tmp_path, size):
    app = make_app(tmp_path, size=size)
    try:
        seats = [{"name": LONG, "kind": "human"}, {"name": "王秀英 (Wáng Xiùyīng)", "kind": "human"}]
        config = {"game": "calliro", "variant": None, "options": {}, "seats": seats,
                  "starter": "0", "time_control": None}
        play = app.stack.push(PlayScene(app, config, seed=3))
        rng = random.Random(6)          # a random game that Blue, the long name, wins
        frames(app, 1)
        while not play.state.is_over:
            play.apply(rng.choice(play.state.legal_moves()))
            play.view.finish_animation()
        assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene), seconds=60)
        frames(app, 2)
        words = texts_fit(app, "results", [app.stack.top.panel_rect])
        headline = next(w for w in words if w.endswith("wins!"))
        assert headline.endswith("\u2026 wins!") or headline in (f"{LONG} wins!",
                                                                    "王秀英 (Wáng Xiùyīng) wins!")
    finally:
        app.close()


def test_the_standings_screen_saves_printable_pages_of_standings_and_pairings(tmp_path):
    from scenes.tournament.printing import PRINTER
    store, stored = keep_tournament("swiss", entrants=10, rounds=3)
    app = make_app(tmp_path, size=(960, 600))
    try:
        standings = app.stack.push(StandingsScene(app, stored, folder=tmp_path / "wall"))
        frames(app, 2)
        standings.print_pages()
        assert PRINTER.flush(timeout=60)
        frames(app, 2)
        name = f"{TOURNAMENT} round 2"
        assert (tmp_path / "wall" / f"{name}.pdf").is_file()
        paths = sorted((tmp_path / "wall" / name).glob("*.png"))
        assert [p.name for p in paths][:4] == ["1 standings.png", "2 crosstable.png",
                                               "3 pairings.png", "4 find your board.png"]
        for path in paths:
            page = pygame.image.load(str(path))
            assert page.get_size() in ((1240, 1754), (1754, 1240))
            # black writing on a white page
            assert page.get_at((5, 5))[:3] == (255, 255, 255)
            assert pygame.mask.from_threshold(page, (0, 0, 0), (60, 60, 60, 255)).count() > 2000
        assert "written to" in standings.notice and standings.notice_ok
    finally:
        app.close()
        store.close()


def test_a_shortened_name_shows_whole_under_the_pointer(tmp_path):
    """The 40-character name cut short in the sidebar is drawn in full while the pointer
    rests on it, and not otherwise."""
    from helpers import frames, make_app

    from scenes import assets
    long_name = "Bartholomew Maximilian Featherstonehaugh"
    app = make_app(tmp_path, size=(960, 600))
    try:
        play = app.stack.push("play", config={
            "game": "calla", "options": {}, "starter": "0", "time_control": None,
            "seats": [{"name": long_name, "kind": "human"}, {"name": "Ann", "kind": "human"}]})
        frames(app, 2)
        with assets.TextRecorder() as seen:
            app.step(0.0, [])
        cut = [(rect, words) for rect, words in seen.on(app.screen)
               if words.endswith("…") and long_name.startswith(words[:-1].rstrip())]
        assert cut, "the sidebar shortens the long name"
        assert not [w for _r, w in seen.on(app.screen) if w == long_name]
        rect = cut[0][0]
        pygame.mouse.set_pos(rect.center)
        with assets.TextRecorder() as seen:
            app.step(0.0, [])
        assert long_name in [w for _r, w in seen.on(app.screen)], "shown whole on hover"
        assert play is app.stack.top
    finally:
        app.close()


@pytest.mark.parametrize("name", ["Zoë ødegård", "李小龍", "김민준", "♞ Knight", "Åsa Ñúñez-Çelik"])
def test_every_letter_of_a_name_has_a_glyph_in_a_bundled_font(name):
    """No empty boxes: each character of accented, Chinese, Korean and symbol names is in
    the main font or one of the bundled fallbacks."""
    from scenes import assets
    fonts = [assets._font_file(False)] + assets._fallback_files()
    missing = [ch for ch in name if not ch.isspace()
               and not any(ord(ch) in assets._coverage(f) for f in fonts)]
    assert not missing, f"no glyph for {missing}"


@pytest.mark.parametrize("format_, entrants, rounds", [("swiss", 10, 3), ("round-robin", 6, 5)])
def test_a_whole_event_of_long_names_runs_to_the_end_readable(tmp_path, format_, entrants,
                                                              rounds):
    """A 10-entrant Swiss and a 6-entrant round robin of long, accented and CJK names, on the
    clock: each round's first board played on screen (lost on time), the others entered
    from real tables, one result corrected; every screen fits its texts at 960x600 from the
    first round to the podium, and every result is one the game allows."""
    from game.clock import parse_time_control
    from helpers import press
    store = TournamentStore(db_path())
    people = [Entrant(name) for name in NAMES[:entrants]]
    stored = store.create(Tournament(TOURNAMENT, people, format_,
                                     [GameChoice("calla", time_control=parse_time_control("3+2"))],
                                     rounds=rounds))
    app = make_app(tmp_path, size=(960, 600))
    try:
        view = app.stack.push(RoundScene(app, stored, background=False))
        frames(app, 2)
        for round_no in range(1, rounds + 1):
            view.stored.pair_next_round()
            view.reload()
            view.resize()
            for p in view.tournament.rounds[round_no - 1]:
                if p.is_bye:
                    continue
                if p.board == 1:                       # played here, the clock running
                    view.play(p.round, p.board)
                    play = app.stack.top
                    assert isinstance(play, PlayScene) and play.clock is not None
                    play.flagged = 1
                    assert wait_until(app, lambda: isinstance(app.stack.top, ResultsScene),
                                      seconds=10)
                    texts_fit(app, f"results-{format_}")
                    press(app, "Back to the round")
                else:                                  # a game from a real table
                    view.stored.record(p.round, p.board, random.Random(p.board).choice(
                        ["1-0", "0-1", "1/2-1/2"]))
            if round_no == 1:                          # a result entered wrongly, corrected
                view.stored.record(1, 2, "0-1" if view.tournament.result(1, 2).score != "0-1"
                                   else "1-0")
            view.reload()
            view.resize()
            frames(app, 2)
            texts_fit(app, f"round{round_no}-{format_}", [view.table.inflate(20, 16)])
        t = view.tournament
        assert t.rounds_paired == rounds and all(
            t.result(p.round, p.board) is not None for r in t.rounds for p in r if not p.is_bye)
        assert all(t.result(p.round, 1).how == "time" for p in (r[0] for r in t.rounds))
        standings = app.stack.push(StandingsScene(app, view.stored, folder=tmp_path))
        frames(app, 2)
        texts_fit(app, f"final-standings-{format_}", [standings.table_rect.inflate(20, 16)])
        standings.crosstable = True
        standings.resize()
        frames(app, 2)
        texts_fit(app, f"final-crosstable-{format_}", [standings.table_rect.inflate(20, 16)])
        app.stack.pop()
        app.stack.push(LobbyScene(app, folder=tmp_path / "exports"))
        frames(app, 2)
        texts_fit(app, f"final-lobby-{format_}")
    finally:
        app.close()
        store.close()


# --- in every language --------------------------------------------------------------------
# The screens whose texts go through the catalogues, drawn in each shipped language at both
# sizes: no text overlaps another or leaves the screen or its panel, and no button's words are
# wider than the button.  A screen joins SCREENS_IN_LANGUAGES once its texts are wrapped.

LANGUAGES = ["en", "fa", "de", "es", "fr", "zh_Hans"]


def widgets_fit(app, name):
    """Every button's and drop-down's words fit inside it (pygame_gui would cut them)."""
    import pygame_gui
    from pygame_gui.core.utility import translate
    for widget in app.ui.get_sprite_group().sprites():
        if isinstance(widget, pygame_gui.elements.UIButton) and widget.visible and widget.text:
            words = translate(widget.text, **widget.text_kwargs)      # pygame_gui's own words
            width = widget.font.size(words)[0]
            assert width <= widget.rect.width - 8, \
                f"{name}: button {words!r} needs {width} pixels, has {widget.rect.width}"


def in_language(app, code, name, panels=(), alone=False):
    """The screen on top fits in language ``code``; ``alone``: its own texts only (an
    overlay's, not those of the screen it dims)."""
    frames(app, 2)
    if alone:
        top = app.stack.top
        original, app.stack.visible = app.stack.visible, lambda: [top]
        try:
            words = texts_fit(app, f"{name}-{code}", panels)
        finally:
            app.stack.visible = original
    else:
        words = texts_fit(app, f"{name}-{code}", panels)
    widgets_fit(app, f"{name}-{code}")
    return words


@pytest.fixture
def speaking(request):
    from game import i18n
    yield
    i18n.use("en", persian_digits=False)


def finished_record(game="calliro", names=(LONG, "王秀英 (Wáng Xiùyīng)"), seed=3):
    return random_finished_game(game, names, seed)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_settings_games_review_and_results_fit_in_every_language(tmp_path, code, size,
                                                                      speaking):
    from scenes.saves import library
    app = make_app(tmp_path, size=size)
    try:
        app.set_language(code, persian_digits=code == "fa")
        settings = app.stack.push("settings")
        in_language(app, code, "settings", [settings.box])
        app.stack.pop()
        record, state = finished_record()
        books = library()
        for seed, game in enumerate(("calla", "iriri", "callisto")):
            books.add(finished_record(game, (NAMES[seed], NAMES[seed + 3]), seed=seed)[0])
        books.add(record)
        games = app.stack.push("games")
        in_language(app, code, "games", [games.table])
        games.ask_delete()
        in_language(app, code, "games-delete")
        app.stack.pop()
        review = app.stack.push("review", record=record)
        review.go(review.last // 2)
        in_language(app, code, "review", [review.side])
        review._open_choice(True)
        in_language(app, code, "review-choice", [review.choice_box])
        app.stack.pop()
        config = dict(record["config"], variant=None, starter="0", time_control="5+3")
        results = app.stack.push("results", config=config, state=state, record=record,
                                 move_texts=["x"] * 40, played=754.0)
        in_language(app, code, "results", [results.panel_rect])
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_pause_menu_and_questions_fit_in_every_language(tmp_path, code, size, speaking):
    from scenes.saves import Unfinished
    app = make_app(tmp_path, size=size)
    try:
        app.set_language(code)
        seats = [{"name": LONG, "kind": "human"}, {"name": "王秀英", "kind": "human"}]
        config = {"game": "callisto", "variant": None, "options": {}, "seats": seats,
                  "starter": "0", "time_control": None}
        app.stack.push(PlayScene(app, config, seed=1))
        frames(app, 2)
        pause = app.stack.push("pause")
        in_language(app, code, "pause", [pause.box], alone=True)
        for asking in ("restart", "resign", "draw"):
            pause.asking = asking
            pause.resize()
            in_language(app, code, f"pause-{asking}", [pause.box], alone=True)
        app.stack.pop()
        kept = Unfinished("calla", tmp_path / "x.json", 12, (LONG, "Ann"), (None, "Hard"))
        app.stack.push("question", heading="?", words=kept.question(), yes="Start a new game",
                       no="Keep it", on_yes=lambda: None)
        in_language(app, code, "question", alone=True)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_rules_page_fits_in_every_language(tmp_path, code, size, speaking):
    app = make_app(tmp_path, size=size)
    try:
        app.set_language(code)
        for game in every_game():
            rules = app.stack.push("rules", game_name=game)
            for page in range(len(rules.sections)):
                rules.page = page
                rules.resize()
                in_language(app, code, f"rules-{game}-{page}", [rules.text_rect])
            app.stack.pop()
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_menu_setups_and_play_screens_fit_in_every_language(tmp_path, code, size,
                                                                 speaking):
    """The first screen, each game's setup and each game's board with its sidebar: the
    buttons' words inside their buttons, no text over another, the sidebar's own inside it."""
    app = make_app(tmp_path, size=size)
    try:
        app.set_language(code, persian_digits=code == "fa")
        app.stack.push("menu")
        in_language(app, code, "menu")
        for game in every_game():
            app.stack.push("setup", game_name=game)
            in_language(app, code, f"setup-{game}")
            app.stack.pop()
            seats = [{"name": LONG, "kind": "human"},
                     {"name": "王秀英", "kind": "computer", "level": "easy"}]
            config = {"game": game, "variant": None, "options": {}, "seats": seats,
                      "starter": "0", "time_control": "5+3"}
            play = app.stack.push(PlayScene(app, config, seed=1))
            in_language(app, code, f"play-{game}", [play.sidebar.rect])
            app.stack.pop()
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_calabria_trays_shorten_a_long_name_to_keep_what_the_side_does_inside(tmp_path, size):
    """Over each Calabria tray the side, the player's name and what the side is doing
    ("places next - 12 pieces and the Dux in hand") stay inside the tray's header: a
    40-character name is shortened with an ellipsis instead of pushing the words out."""
    from scenes import assets
    app = make_app(tmp_path, size=size)
    try:
        seats = [{"name": LONG, "kind": "human"}, {"name": LONG, "kind": "human"}]
        config = {"game": "calabria", "variant": None, "options": {}, "seats": seats,
                  "starter": "0", "time_control": None}
        play = app.stack.push(PlayScene(app, config, seed=1))
        frames(app, 2)
        trays = play.view.trays
        headers = [trays._header_rect(side) for side in (0, 1)]
        with assets.TextRecorder() as recorder:
            frames(app, 1)
        drawn = [(rect, words) for rect, words in recorder.on(app.screen)
                 if rect.width and any(rect.colliderect(h) for h in headers)]
        doing = [w for _, w in drawn if "in hand" in w]
        assert len(doing) == 2, drawn
        assert any(w.endswith("\u2026") for _, w in drawn), "the long name is shortened"
        for rect, words in drawn:
            assert any(h.contains(rect) for h in headers), f"{words!r} {rect} leaves its tray"
    finally:
        app.close()
