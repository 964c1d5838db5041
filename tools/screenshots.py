"""The pictures a person looks at before calling a screen done, made again after any change.

Run from the project root:

    python3 tools/screenshots.py OUT_DIR                  # every picture, 960x600 and 1920x1080
    python3 tools/screenshots.py OUT_DIR --size 1280x800 --language fa --only board,menu

The real program is driven in this process, headless (SDL's dummy video driver), with its
settings, saved games and tournaments in a temporary folder of its own: the player's own
are never read or touched.  Each picture is saved as ``OUT_DIR/<group>/<screen>-<size>.png``,
or ``...-<size>-<language>.png`` for a screen shown in a language asked for:

- ``boards``: every board (Calla, Calliro with its undersides shown, Callisto for two and
  for four colours, Iriri, Calabria positioning and playing), a few moves in, in the game's
  own palette (``-default``) and the colour-blind safe one (``-safe``);
- ``protanopia``, ``deuteranopia``, ``tritanopia``: the same boards as a person with that
  vision sees them (colorspacious's simulation at full severity), and ``greyscale``;
- ``size200``: every board at an interface size of 200 %, in each window asked for that has
  room for more than 100 % (the picture says how much it had: 1920x1080 has room for 180 %);
- ``keyboard``: every board with the keyboard's cursor on it, and again after Enter (a
  piece picked up and carried, or a move played), the menu and a setup with the focus ring;
- ``screens``: in each language asked for, the menu, the five setups, the five boards,
  pause, results, review, the games library, the settings, every rules page, a
  tournament's lobby, round, standings and crosstable, and the first page of its printout
  (drawn from the PDF by ``pdftoppm`` when the machine has it).

``--only`` keeps the pictures of the groups, kinds of screen (board, menu, setup, pause,
results, review, games, settings, rules, lobby, round, standings, crosstable, printout),
games or languages named, comma-separated; words joined by ``+`` must all hold
(``--only board+calliro,menu``).  A screen that fails is reported, and the others are
still made; the exit status is 1 when any failed.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SIZES = ["960x600", "1920x1080"]
LANGUAGES = ["fa", "de"]
VISIONS = {"protanopia": "protanomaly", "deuteranopia": "deuteranomaly",
           "tritanopia": "tritanomaly"}
GROUPS = ["boards", *VISIONS, "greyscale", "size200", "keyboard", "screens"]
KINDS = ["board", "menu", "setup", "pause", "results", "review", "games", "settings", "rules",
         "lobby", "round", "standings", "crosstable", "printout"]
GAME_NAMES = ["calla", "calliro", "callisto", "iriri", "calabria"]

#: The names at the table: short ones on the boards looked at for colour, and on the
#: screens looked at for words, names of several scripts and lengths beside the words.
SHORT = ["Ann", "Bo", "Cy", "Di"]
MIXED = ["Bartholomew Maximilian Featherstonehaugh", "مریم رضایی", "Zoë ødegård", "李小龍"]
ENTRANTS = ["Bartholomew Maximilian Featherstonehaugh", "مریم رضایی", "Zoë ødegård",
            "李小龍 ♞", "Åsa Ñúñez-Çelik de la Peña", "Jonas Müller", "علی محمدی",
            "Jean-Baptiste Poquelin", "Ann", "王秀英 (Wáng Xiùyīng)"]
EVENT = "The Thursday Night Open, Société des Échecs"


@dataclass(frozen=True)
class Board:
    """A board to show: its game, variant and seats, and how far into the game."""
    name: str                 # the picture's name
    game: str
    variant: str | None = None
    seats: int = 2
    moves: int = 6
    phase: str | None = None  # Calabria: play on until this phase, then ``moves`` more
    settings: dict = field(default_factory=dict)


BOARDS = [
    Board("calla", "calla", moves=6),
    Board("calliro", "calliro", moves=10, settings={"show_undersides": True}),
    Board("callisto-2", "callisto", "callisto_2", moves=8),
    Board("callisto-4", "callisto", "callisto", seats=4, moves=12),
    Board("iriri", "iriri", moves=10),
    Board("calabria-positioning", "calabria", moves=3),
    Board("calabria-play", "calabria", moves=4, phase="movement"),
]


@dataclass
class Output:
    """One picture: where it goes, what it is (for ``--only``), and how the screen is
    turned into it (None: as it is)."""
    path: str
    tags: set
    vision: str | None = None


@dataclass
class Job:
    """What one fresh program shows, and the pictures made of it."""
    size: tuple
    language: str
    outputs: list
    show: object                      # show(app, out) -> the surface to save, or None
    settings: dict = field(default_factory=dict)
    note: str = ""


# --- the program, headless --------------------------------------------------------------

def private_environment(home: Path) -> None:
    """Headless, and every file the program keeps in ``home`` (before pygame is imported)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    for part in ("CONFIG", "DATA", "QUICK"):
        os.environ[f"CALLIDUS_{part}_DIR"] = str(home / part.lower())
    os.environ["CALLIDUS_LANGUAGE"] = "en"
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def new_app(job: Job, home: Path):
    from game import i18n
    from scenes.app import App
    for part in ("config", "data", "quick"):     # each picture from a first start
        shutil.rmtree(home / part, ignore_errors=True)
        (home / part).mkdir(parents=True)
    settings_path = home / "config" / "settings.json"
    app = App(size=job.size, settings_path=settings_path, log_path=None)
    app.settings.set("colour_safe", False)
    for name, value in job.settings.items():
        if name == "interface_size":
            app.set_interface_size(value)
        else:
            app.settings.set(name, value)
    app.set_language(job.language, persian_digits=False)
    i18n.use(job.language, persian_digits=False)
    return app


def frames(app, n=3, dt=1 / 60):
    for _ in range(n):
        app.step(dt)


def key(app, code, settle=2):
    import pygame
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
    frames(app, settle)


def park_pointer(app):
    """The pointer off the screen's corner, where it lights up nothing."""
    import pygame
    pygame.mouse.set_pos((app.window.get_width() - 1, app.window.get_height() - 1))


# --- what is shown ----------------------------------------------------------------------

def seats(count, names):
    return [{"name": names[i], "kind": "human"} for i in range(count)]


def play_board(app, board: Board, names=SHORT, settle=True):
    """The play screen of ``board``, its moves played (chosen at random, the same on
    every run) and landed; ``settle``: the banners they raised gone too."""
    from game import GAMES
    spec = GAMES[board.game]
    variant = board.variant or spec.variants[0]
    config = {"game": board.game, "variant": variant, "options": {}, "starter": "0",
              "time_control": "5+3", "seats": seats(board.seats, names)}
    play = app.stack.push("play", config=config, seed=7)
    frames(app, 2)
    rng = random.Random(board.name)
    if board.phase:
        while play.state.phase != board.phase and not play.state.is_over:
            play.apply(rng.choice(play.state.legal_moves()))
            play.view.finish_animation()
            frames(app, 1)
    for _ in range(board.moves):
        if play.state.is_over:
            break
        play.apply(rng.choice(play.state.legal_moves()))
        play.view.finish_animation()
        frames(app, 1)
    park_pointer(app)
    frames(app, 10)
    play.view.finish_animation()
    if settle:
        # the banners a move raised ("Capture!") go in a few seconds: the board alone
        for _ in range(100):
            if not play.view.wants_frames():
                break
            app.step(0.1, draw=False)
    frames(app, 2)
    return play


def show_board(board, focus=False, enter=False):
    """``board``; ``focus``: the keyboard's cursor on it (Tab, then arrows); ``enter``:
    Enter pressed there too (a piece picked up, or a move played) and the cursor moved on."""
    def show(app, out):
        import pygame
        play = play_board(app, board)
        if focus:
            for code in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN):
                key(app, code)
        if enter:
            for code in (pygame.K_RETURN, pygame.K_LEFT, pygame.K_UP, pygame.K_UP):
                key(app, code)
            play.view.finish_animation()          # a move played has landed
            frames(app, 3)
    return show


def show_focus(name, game=None):
    """The menu or ``game``'s setup, Tab pressed a few times: the ring on a widget."""
    def show(app, out):
        import pygame
        if game:
            app.stack.push("setup", game_name=game)
        else:
            app.stack.push("menu")
        frames(app, 2)
        park_pointer(app)
        for _ in range(3):
            key(app, pygame.K_TAB)
    return show


def show_screen(name, *args):
    """A screen by its name in the stack, pushed with ``args`` as its keywords."""
    def show(app, out):
        app.stack.push(name, **(args[0] if args else {}))
        frames(app, 3)
    return show


def show_menu(app, out):
    app.stack.push("menu")
    frames(app, 3)


def show_menu_unfinished(app, out):
    """The menu with two games left unfinished, each offered to go on with."""
    for board in (BOARDS[0], BOARDS[3]):
        play_board(app, board, names=MIXED, settle=False)
        app.stack.pop()
    if not app.writer.flush(timeout=30):
        raise RuntimeError("the unfinished games were not written within 30 s")
    show_menu(app, out)


def show_setup(game):
    def show(app, out):
        app.stack.push("setup", game_name=game)
        frames(app, 3)
    return show


def show_play(board):
    def show(app, out):
        play_board(app, board, names=MIXED, settle=False)     # the banners' words too
    return show


def show_pause(app, out):
    play_board(app, BOARDS[2], names=MIXED)
    app.stack.push("pause")
    frames(app, 3)


def finished_game(game="calliro", seed=3):
    """A game of ``game`` played at random to its end: its record and last state."""
    from game import GAMES
    from game.records.record import record_of_moves
    spec = GAMES[game]
    rng = random.Random(seed)
    start = state = spec.new_game(seed=seed)
    moves = []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(spec.format_move(state, move))
        state = state.play(move)
    config = {"game": game, "options": {}, "seats": seats(2, MIXED)}
    return dict(record_of_moves(spec, start, moves), config=config, times=[0.5] * len(moves),
                date="2025-05-04T15:02:11+02:00"), state


def show_results(app, out):
    record, state = finished_game()
    config = dict(record["config"], variant=None, starter="0", time_control="5+3")
    app.stack.push("results", config=config, state=state, record=record,
                   move_texts=["x"] * 40, played=754.0)
    frames(app, 3)


def show_review(app, out):
    record, _state = finished_game()
    review = app.stack.push("review", record=record)
    review.go(review.last // 2)
    frames(app, 3)


def show_games(app, out):
    from scenes.saves import library
    books = library()
    for seed, game in enumerate(GAME_NAMES):
        books.add(finished_game(game, seed=seed)[0])
    app.stack.push("games")
    frames(app, 3)


def show_rules(game, page):
    def show(app, out):
        rules = app.stack.push("rules", game_name=game)
        rules.page = page
        rules.resize()
        frames(app, 3)
    return show


def rules_pages(game) -> int:
    """How many pages ``game``'s rules have (in English; every language has as many)."""
    import json
    data = json.loads((ROOT / "assets" / "rules" / f"{game}.json").read_text(encoding="utf-8"))
    return len(data["sections"])


def private_folder(name: str) -> Path:
    """A folder beside the program's own files, in the temporary home."""
    folder = Path(os.environ["CALLIDUS_DATA_DIR"]) / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def kept_event():
    """A Swiss of 10 entrants kept in the tournament database: round 1 played, round 2
    paired.  Its store (to close) and handle."""
    from game.tournament.model import Entrant, GameChoice, Tournament
    from scenes.tournament.common import db_path, open_store
    path = db_path()
    path.unlink(missing_ok=True)
    store = open_store()
    stored = store.create(Tournament(EVENT, [Entrant(n) for n in ENTRANTS], "swiss",
                                     [GameChoice("calla")], rounds=3))
    stored.pair_next_round()
    for p in stored.tournament.rounds[0]:
        if not p.is_bye:
            stored.record(p.round, p.board, random.Random(p.board).choice(
                ["1-0", "0-1", "1/2-1/2"]))
    stored.pair_next_round()
    return store, stored


def show_tournament(which):
    def show(app, out):
        store, stored = kept_event()
        app.closing = getattr(app, "closing", []) + [store.close]
        if which == "lobby":
            app.stack.push("tournament.lobby", folder=private_folder("exports"))
        elif which == "round":
            app.stack.push("tournament.round", stored=stored, background=False)
        else:
            standings = app.stack.push("tournament.standings", stored=stored,
                                       folder=private_folder("exports"))
            if which == "crosstable":
                standings.crosstable = True
                standings.resize()
        frames(app, 3)
    return show


def show_printout(app, out):
    """The first page of the printout of standings and pairings, drawn from its PDF."""
    from scenes.tournament.printing import PRINTER
    store, stored = kept_event()
    app.closing = getattr(app, "closing", []) + [store.close]
    folder = private_folder("printouts")
    standings = app.stack.push("tournament.standings", stored=stored, folder=folder)
    frames(app, 2)
    standings.print_pages()
    if not PRINTER.flush(timeout=120):
        raise RuntimeError("the printout was not written within two minutes")
    frames(app, 2)
    pdfs = sorted(folder.rglob("*.pdf"))
    if not pdfs:
        raise RuntimeError(f"no PDF written: {standings.notice}")
    renderer = shutil.which("pdftoppm")
    if renderer is None:
        kept = out.with_suffix(".pdf")
        shutil.copyfile(pdfs[0], kept)
        raise RuntimeError(f"no PDF renderer (pdftoppm) on this machine; the PDF is {kept}")
    stem = out.with_suffix("")
    subprocess.run([renderer, "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile",
                    str(pdfs[0]), str(stem)], check=True, capture_output=True, timeout=120)
    import pygame
    return pygame.image.load(str(stem) + ".png")


# --- the pictures -----------------------------------------------------------------------

def size_text(size) -> str:
    return f"{size[0]}x{size[1]}"


def board_tags(board: Board) -> set:
    return {"board", board.game, board.name}


def jobs_for(sizes, languages) -> list[Job]:
    from scenes.app import room_for
    jobs = []
    for size in sizes:
        s = size_text(size)
        for board in BOARDS:
            tags = board_tags(board)
            jobs.append(Job(size, "en", [Output(f"boards/{board.name}-default-{s}.png",
                                                tags | {"boards", "default"})],
                            show_board(board), dict(board.settings)))
            safe = [Output(f"boards/{board.name}-safe-{s}.png", tags | {"boards", "safe"})]
            for palette in ("safe", "default"):
                for vision in (*VISIONS, "greyscale"):
                    safe.append(Output(f"{vision}/{board.name}-{palette}-{s}.png",
                                       tags | {vision, palette}, vision=(vision, palette)))
            default_views = [o for o in safe if o.vision and o.vision[1] == "default"]
            jobs[-1].outputs += default_views
            jobs.append(Job(size, "en", [o for o in safe if o not in default_views],
                            show_board(board), dict(board.settings, colour_safe=True)))
            if room_for(size) > 100:
                jobs.append(Job(size, "en", [Output(f"size200/{board.name}-{s}.png",
                                                    tags | {"size200"})],
                                show_board(board), dict(board.settings, interface_size=200),
                                note=f"room for {min(200, room_for(size))} %"))
            jobs.append(Job(size, "en", [Output(f"keyboard/{board.name}-{s}.png",
                                                tags | {"keyboard"})],
                            show_board(board, focus=True), dict(board.settings)))
            jobs.append(Job(size, "en", [Output(f"keyboard/{board.name}-enter-{s}.png",
                                                tags | {"keyboard"})],
                            show_board(board, focus=True, enter=True), dict(board.settings)))
        jobs.append(Job(size, "en", [Output(f"keyboard/menu-{s}.png", {"keyboard", "menu"})],
                        show_focus("menu")))
        jobs.append(Job(size, "en", [Output(f"keyboard/setup-calliro-{s}.png",
                                            {"keyboard", "setup", "calliro"})],
                        show_focus("setup", "calliro")))
        for code in languages:
            def screen(name, tags, show, settings=None):
                jobs.append(Job(size, code, [Output(f"screens/{name}-{s}-{code}.png",
                                                    set(tags) | {"screens", code})],
                                show, settings or {}))
            screen("menu", {"menu"}, show_menu)
            screen("menu-unfinished", {"menu"}, show_menu_unfinished)
            for game in GAME_NAMES:
                screen(f"setup-{game}", {"setup", game}, show_setup(game))
            for board in BOARDS:
                if board.name in ("callisto-4", "calabria-positioning"):
                    continue                    # the words are those of the other board
                screen(f"play-{board.name}", board_tags(board), show_play(board),
                       dict(board.settings))
            screen("pause", {"pause"}, show_pause)
            screen("results", {"results"}, show_results)
            screen("review", {"review"}, show_review)
            screen("games", {"games"}, show_games)
            screen("settings", {"settings"}, show_screen("settings"))
            for game in GAME_NAMES:
                for page in range(rules_pages(game)):
                    screen(f"rules-{game}-{page + 1:02d}", {"rules", game},
                           show_rules(game, page))
            for which in ("lobby", "round", "standings", "crosstable"):
                screen(which, {which, "tournament"}, show_tournament(which))
            if size == sizes[0]:                # a printed page is the same in every window
                jobs.append(Job(size, code, [Output(f"screens/printout-A4-{code}.png",
                                                    {"screens", "printout", "tournament",
                                                     code})], show_printout))
    return jobs


def selected(jobs, only) -> list[Job]:
    """The jobs, each keeping the pictures ``only`` asks for: a picture is kept when all
    the words of one of its choices (each a set of words) are among its tags."""
    if not only:
        return jobs
    kept = []
    for job in jobs:
        outputs = [o for o in job.outputs if any(choice <= o.tags for choice in only)]
        if outputs:
            job.outputs = outputs
            kept.append(job)
    return kept


def seen_as(surface, vision: str):
    """``surface`` as a person with ``vision`` sees it (a key of VISIONS, or greyscale)."""
    import numpy
    import pygame
    if vision == "greyscale":
        return pygame.transform.grayscale(surface)
    from colorspacious import cspace_convert
    rgb = pygame.surfarray.array3d(surface).astype(float) / 255
    seen = cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": VISIONS[vision],
                                "severity": 100}, "sRGB1")
    return pygame.surfarray.make_surface((numpy.clip(seen, 0, 1) * 255).round()
                                         .astype(numpy.uint8))


def run(job: Job, out_dir: Path, home: Path) -> list[str]:
    """Show ``job`` in a fresh program and save its pictures; the lines to print."""
    import pygame
    app = new_app(job, home)
    try:
        first = out_dir / job.outputs[0].path
        first.parent.mkdir(parents=True, exist_ok=True)
        picture = job.show(app, first)
        if picture is None:
            picture = app.window.copy()
        lines = []
        for out in job.outputs:
            path = out_dir / out.path
            path.parent.mkdir(parents=True, exist_ok=True)
            image = picture if out.vision is None else seen_as(picture, out.vision[0])
            pygame.image.save(image, str(path))
            lines.append(f"{path}" + (f"  ({job.note})" if job.note else ""))
        return lines
    finally:
        for close in getattr(app, "closing", []):
            close()
        app.close()


def parse_size(text: str) -> tuple:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 960x600") from None
    if w < 960 or h < 600 or w > 7680 or h > 4320:
        raise argparse.ArgumentTypeError(f"{text}: a window from 960x600 to 7680x4320")
    return (w, h)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", type=Path, help="the folder the pictures go in")
    parser.add_argument("--size", action="append", type=parse_size,
                        help="a window size, WIDTHxHEIGHT (again for more; default "
                             + " and ".join(SIZES) + ")")
    parser.add_argument("--language", action="append",
                        help="a language the screens are shown in (again for more; default "
                             + " and ".join(LANGUAGES) + ")")
    parser.add_argument("--only", default="",
                        help="the pictures to make, comma-separated, each choice one of these "
                             "or several joined by + (board+calliro): "
                             + ", ".join(GROUPS + KINDS + GAME_NAMES) + ", a language code")
    args = parser.parse_args(argv)
    sizes = args.size or [parse_size(s) for s in SIZES]
    languages = args.language or LANGUAGES
    only = [{word.strip().lower() for word in choice.split("+")}
            for choice in args.only.split(",") if choice.strip()]
    home = Path(tempfile.mkdtemp(prefix="callidus-shots-"))
    try:
        private_environment(home)
        from game import i18n
        unknown = [code for code in languages if code not in i18n.LANGUAGES]
        if unknown:
            parser.error(f"no language {', '.join(unknown)} (there are "
                         f"{', '.join(i18n.LANGUAGES)})")
        jobs = selected(jobs_for(sizes, languages), only)
        if not jobs:
            parser.error(f"--only {args.only} keeps no picture")
        made, failed = 0, []
        for job in jobs:
            try:
                for line in run(job, args.out_dir, home):
                    print(line, flush=True)
                    made += 1
            except Exception as exc:            # one screen's failure, the others still made
                where = ", ".join(o.path for o in job.outputs[:1])
                detail = traceback.format_exception_only(type(exc), exc)[-1].strip()
                failed.append(f"{where}: {detail}")
                print(f"FAILED {where}: {detail}", file=sys.stderr, flush=True)
        print(f"{made} pictures in {args.out_dir} ({len(sizes)} window sizes, languages "
              f"{', '.join(languages)}); {len(failed)} "
              f"{'screen' if len(failed) == 1 else 'screens'} failed"
              + (": " + "; ".join(failed) if failed else ""))
        return 1 if failed else 0
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
