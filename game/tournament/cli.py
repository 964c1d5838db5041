"""``python -m game tournament ...``: computer-only tournaments, headless.

    tournament run --game GAME[,GAME...] [--variant V[,V...]] --format round-robin|swiss
                   [--rounds N] [--double] --players SPEC,SPEC,... [--time-control T[,T...]]
                   [--tiebreaks A,B,...] [--name NAME] [--seed N] [--db FILE] [--json] [--quiet]
    tournament resume ID [--db FILE] [--json] [--quiet]
    tournament list [--db FILE] [--json]
    tournament show ID [--db FILE] [--json]
    tournament export ID --to FILE [--what json|standings|crosstable|rows|trf] [--force]
                      [--db FILE]
    tournament import FILE [--game GAME] [--db FILE] [--json]

A SPEC is a computer level (random, easy, medium, hard, expert), optionally
named: ``Alice=hard``; unnamed entrants are called ``LEVEL-N`` (N = place in
the list).  Several games rotate round by round; ``--variant`` and
``--time-control`` then take one value per game (or one for all).  Every
result is committed as it is known and the game in progress after every
move, so ``resume`` carries on exactly after the program was killed.

With ``--json`` the final standings are one JSON object on standard output:
``{"tournament": id, "name", "db", "complete", "tiebreak_names": [...],
"standings": [{"rank", "name", "points", "tiebreaks": [...]}, ...]}``.
Progress goes to standard error.  Bad input, or a tournament whose rows are
damaged: one line on standard error and exit status 2.  ``list`` shows a
damaged tournament with the reason, and ``export --what rows`` writes its rows
as they are, whatever they hold.  ``export`` never replaces a file unless
``--force`` is given, and refuses a ``--to`` that names a folder.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from dataclasses import asdict
from datetime import datetime
from pathlib import Path

from ..cli import flags
from ..cli.flags import number, one_line
from ..clock import Clock, GameTimer, parse_time_control
from ..session import Session
from .files import write_crosstable_csv, write_standings_csv, write_tournament_json
from .model import (FORMATS, LEVELS, TIEBREAK_TITLES, Entrant, GameChoice, Tournament,
                    result_of_game)
from .standings import number_text, standings
from .store import StoreError, TournamentStore


class TournamentCliError(Exception):
    """Bad input: printed as one line, exit status 2."""


# --- the parser ---------------------------------------------------------------

#: Swiss rounds asked for at most (the model then checks them against the entrants).
MAX_ROUNDS = 1_000
#: A tournament's number in the database (SQLite's INTEGER).
TOURNAMENT_ID = number(1, flags.SEED_LIMIT - 1, "tournament id")

def add_parser(subparsers) -> None:
    """Add the ``tournament`` subcommand to ``python -m game``'s subparsers."""
    parser = subparsers.add_parser("tournament", help="run, resume, list and export tournaments")
    sub = parser.add_subparsers(dest="tournament_command", required=True,
                                metavar="{run,resume,list,show,export,import}")

    p = sub.add_parser("run", help="play a computer-only tournament headless")
    p.add_argument("--game", required=True, help="game name; several, comma-separated, rotate")
    p.add_argument("--variant", help="variant (one per game, comma-separated)")
    p.add_argument("--format", required=True, choices=FORMATS)
    p.add_argument("--rounds", type=number(1, MAX_ROUNDS), help="number of Swiss rounds")
    p.add_argument("--double", action="store_true", help="double round robin")
    p.add_argument("--players", required=True, help="SPEC,SPEC,...; SPEC = LEVEL or NAME=LEVEL")
    p.add_argument("--time-control", help="e.g. 5+3, 10, 3d2, 90s+0, none (one per game)")
    p.add_argument("--tiebreaks", help="comma-separated, in order: " + ", ".join(TIEBREAK_TITLES))
    p.add_argument("--name", help="tournament name")
    p.add_argument("--seed", type=flags.seed,
                   help="seed of every game (default: drawn at random)")
    _common(p, json_flag=True, quiet=True)

    p = sub.add_parser("resume", help="finish a computer-only tournament")
    p.add_argument("id", type=TOURNAMENT_ID)
    _common(p, json_flag=True, quiet=True)

    p = sub.add_parser("list", help="the kept tournaments")
    _common(p, json_flag=True)

    p = sub.add_parser("show", help="standings of a kept tournament")
    p.add_argument("id", type=TOURNAMENT_ID)
    _common(p, json_flag=True)

    p = sub.add_parser("export", help="write a tournament to JSON or CSV")
    p.add_argument("id", type=TOURNAMENT_ID)
    p.add_argument("--to", required=True, metavar="FILE")
    p.add_argument("--what", choices=("json", "standings", "crosstable", "rows", "trf"),
                   default="json", help="rows: every row kept, as it is (for a damaged "
                   "tournament); trf: FIDE's tournament report file of a Swiss")
    p.add_argument("--force", action="store_true", help="replace FILE if it exists")
    _common(p)

    p = sub.add_parser("import", help="keep a tournament from a JSON export or a .trf")
    p.add_argument("file")
    p.add_argument("--game", help="the game a .trf tournament plays (a TRF names none; "
                                  "default: the first game)")
    _common(p, json_flag=True)


def _common(p, json_flag=False, quiet=False) -> None:
    p.add_argument("--db", metavar="FILE", help="tournament database (default: user data folder)")
    if json_flag:
        p.add_argument("--json", action="store_true", help="answer as one JSON object")
    if quiet:
        p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def run(args) -> int:
    """Carry out one ``tournament`` command; returns the exit status."""
    commands = {"run": cmd_run, "resume": cmd_resume, "list": cmd_list, "show": cmd_show,
                "export": cmd_export, "import": cmd_import}
    try:
        return commands[args.tournament_command](args)
    except (TournamentCliError, StoreError, ValueError) as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2


def main(argv=None) -> int:
    """``python -m game.tournament.cli ...``, the same as ``python -m game tournament ...``."""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            raise TournamentCliError(message)

    parser = Parser(prog="python -m game")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    add_parser(sub)
    try:
        args = parser.parse_args(argv)
    except TournamentCliError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    return run(args)


# --- commands -------------------------------------------------------------------

def cmd_run(args) -> int:
    from .. import GAMES
    entrants = parse_players(args.players)
    games = parse_games(args.game, args.variant, args.time_control, GAMES)
    if args.format == "round-robin" and args.rounds is not None:
        raise TournamentCliError("--rounds is for a Swiss; use --double for a double round robin")
    if args.format == "swiss" and args.double:
        raise TournamentCliError("--double is for a round robin")
    tiebreaks = None
    if args.tiebreaks:
        tiebreaks = [t.strip().replace("-", "_").lower() for t in args.tiebreaks.split(",")]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if seed < 0:
        raise TournamentCliError("--seed must be 0 or more")
    name = args.name or (f"{GAMES[games[0].game].title} {args.format} "
                         f"{datetime.now():%Y-%m-%d %H:%M}")
    tournament = Tournament(name, entrants, args.format, games, rounds=args.rounds,
                            cycles=2 if args.double else 1, tiebreaks=tiebreaks, seed=seed,
                            registry=GAMES)
    choosers = resolve_choosers(tournament)
    with TournamentStore(args.db) as store:
        stored = store.create(tournament)
        play_tournament(stored, choosers, GAMES, Progress(stored, quiet=args.quiet))
        print_standings(stored, args.json)
    return 0


def cmd_resume(args) -> int:
    from .. import GAMES
    with TournamentStore(args.db) as store:
        stored = store.open(args.id)
        humans = [e.name for e in stored.tournament.entrants if not e.is_computer]
        if humans and not stored.tournament.is_complete:
            raise TournamentCliError(f"tournament {args.id} has human players ({', '.join(humans)}); "
                                     "play it in the program")
        for choice in stored.tournament.games:
            choice.check(GAMES)
        choosers = resolve_choosers(stored.tournament)
        play_tournament(stored, choosers, GAMES, Progress(stored, quiet=args.quiet))
        print_standings(stored, args.json)
    return 0


def cmd_list(args) -> int:
    with TournamentStore(args.db) as store:
        infos = store.list()
        if args.json:
            print(json.dumps({"db": str(store.path), "tournaments": [asdict(i) for i in infos]}))
            return 0
        if not infos:
            print(f"no tournaments in {store.path}")
            return 0
        print(f"{'id':>4}  {'name':<32} {'format':<12} {'entrants':>8}  {'games':>9}  updated")
        for i in infos:
            progress = ("damaged" if i.damaged else "complete" if i.complete
                        else f"{i.games_finished}/{i.games_total}")
            print(f"{i.id:>4}  {i.name[:32]:<32} {i.format:<12} {i.entrants:>8}  "
                  f"{progress:>9}  {i.updated}")
            if i.damaged:
                print(f"      cannot be opened: {i.problem}")
    return 0


def cmd_show(args) -> int:
    with TournamentStore(args.db) as store:
        print_standings(store.open(args.id), args.json)
    return 0


def cmd_export(args) -> int:
    target = export_target(args.to, args.force)
    with TournamentStore(args.db) as store:
        if args.what == "rows":
            store.export_rows(args.id, target, replace=args.force)
            print(f"wrote the rows of tournament {args.id} to {args.to}", file=sys.stderr)
            return 0
        if args.what == "json":     # with every board's history and games in progress
            store.export_json(args.id, target, replace=args.force)
            print(f"wrote json of tournament {args.id} to {args.to}", file=sys.stderr)
            return 0
        tournament = store.load(args.id)
    from .trf import write_trf
    writer = {"json": write_tournament_json, "standings": write_standings_csv,
              "crosstable": write_crosstable_csv, "trf": write_trf}[args.what]
    writer(tournament, target, replace=args.force)
    print(f"wrote {args.what} of tournament {args.id} to {args.to}", file=sys.stderr)
    return 0


def export_target(text: str, force: bool = False) -> Path:
    """The file ``--to`` names: refused (TournamentCliError) when it names a folder (ends
    with a slash, or is one) and, unless ``force``, when a file is there already."""
    ends = tuple({os.sep, os.altsep or os.sep, "/"})
    if (not text or text.endswith(ends) or os.path.basename(text) in ("", ".", "..")
            or os.path.isdir(text)):
        raise TournamentCliError(f"--to {text!r} names a folder; give the name of the file "
                                 "to write")
    if os.path.lexists(text) and not force:
        raise TournamentCliError(f"{text} exists already; it was left as it is (add --force "
                                 "to replace it)")
    return Path(text)


def cmd_import(args) -> int:
    from .. import GAMES
    with TournamentStore(args.db) as store:
        if str(args.file).lower().endswith(".trf"):
            from .trf import read_trf
            name = (args.game or next(iter(GAMES))).strip().lower()
            tid = store.add(read_trf(args.file, parse_games(name, None, None, GAMES)))
        else:
            tid = store.import_json(args.file, registry=GAMES)
        name = store.load(tid).name         # " (2)" after a name already kept
        if args.json:
            print(json.dumps({"tournament": tid, "name": name, "db": str(store.path)}))
        else:
            print(f"imported tournament {tid} \"{name}\" into {store.path}")
    return 0


# --- reading the flags ------------------------------------------------------------

def parse_players(text: str) -> list[Entrant]:
    """``random,easy,Alice=hard`` -> computer entrants (unnamed: ``random-1``, ...)."""
    entrants = []
    items = [item.strip() for item in text.split(",")]
    for number, item in enumerate(items, start=1):
        name, _, level = item.rpartition("=")
        level = level.strip().lower()
        if level not in LEVELS:
            raise TournamentCliError(f"player {number} {item!r}: level must be one of "
                                     f"{', '.join(LEVELS)}")
        name = name.strip() or f"{level}-{number}"
        entrants.append(Entrant(name, "computer", level))
    return entrants


def parse_games(games: str, variants: str | None, controls: str | None, registry) -> list:
    """One GameChoice per comma-separated game; variants and time controls align with them."""
    names = [g.strip().lower() for g in games.split(",")]

    def spread(text, what):
        if text is None:
            return [None] * len(names)
        values = [v.strip() for v in text.split(",")]
        if len(values) == 1:
            return values * len(names)
        if len(values) != len(names):
            raise TournamentCliError(f"give one {what} for all games or one per game "
                                     f"({len(names)}), not {len(values)}")
        return values

    choices = []
    for name, variant, control in zip(names, spread(variants, "--variant"),
                                      spread(controls, "--time-control")):
        tc = None if control is None else parse_time_control(control)
        choices.append(GameChoice(name, variant, tc).check(registry))
    return choices


# --- computer players ---------------------------------------------------------------

def resolve_chooser(level: str):
    """A move chooser ``chooser(spec, state, rng) -> move`` for one computer level.

    ``random`` picks a legal move uniformly; the other levels come from
    ``game.ai.choose_move``.  An unknown level is refused with the list of levels.
    """
    if level == "random":
        return lambda spec, state, rng: rng.choice(state.legal_moves())
    from ..ai import LEVELS, choose_move
    if level not in LEVELS:
        raise TournamentCliError(f"unknown computer level {level!r}; choose one of "
                                 f"{', '.join(LEVELS)}")
    return lambda spec, state, rng: choose_move(spec.name, state, level, rng)


def resolve_choosers(tournament: Tournament) -> dict:
    return {i: resolve_chooser(e.level) for i, e in enumerate(tournament.entrants)
            if e.is_computer}


# --- playing ---------------------------------------------------------------------

def play_tournament(stored, choosers, registry, progress=None) -> None:
    """Play every remaining game, pairing rounds as they become due."""
    t = stored.tournament
    while not t.is_complete:
        pending = t.pending()
        if not pending:
            stored.pair_next_round()
            continue
        pairing = pending[0]
        result = play_game(stored, pairing, choosers, registry)
        stored.record(pairing.round, pairing.board, result)
        if progress is not None:
            progress.update()
    if progress is not None:
        progress.finish()


def play_game(stored, pairing, choosers, registry, now=time.monotonic):
    """Play one board between computer players and return its Result.

    The game is a ``Session`` (``game.session``), whose clocks and game timer run on
    ``now``; options left out take the game's defaults (Calla's game timer too).  The
    moves so far, the clocks and the ply time was called at are kept after every move,
    and a game found kept is continued from there.  Each move's random source is seeded
    from the game's seed and the ply, so a continued game plays on as the first attempt
    would have.
    """
    choice = stored.tournament.game_for_round(pairing.round)
    spec = registry[choice.game]
    setup = {"variant": choice.variant, "options": spec.check_options(choice.options),
             "time_control": choice.time_control, "seed": pairing.seed, "now": now}
    session = None
    live = stored.load_live(pairing.round, pairing.board)
    if live:
        try:
            session = Session.replay(
                spec, live.get("moves", []),
                clock=Clock.restore(live["clock"], now=now) if live.get("clock") else None,
                timer=GameTimer.restore(live["timer"], now=now) if live.get("timer") else None,
                time_called_ply=live.get("time_called_ply"), **setup)
        except (ValueError, TypeError):  # a kept game that no longer replays: start it afresh
            session = None
    if session is None:
        session = Session(spec, **setup)
    session.start()
    while not session.check_time() and not session.finished:
        state = session.state
        entrant = pairing.first if state.to_move == 0 else pairing.second
        rng = random.Random(f"{pairing.seed}/{len(session.notation)}")
        move = choosers[entrant](spec, state, rng)
        if session.check_time() or session.state is not state:
            continue            # the time ran out while it thought: the position changed
        text = spec.format_move(state, move)
        try:
            session.play(move, text=text)
        except ValueError as exc:
            if session.finished:        # its flag fell as it moved
                break
            name = stored.tournament.entrants[entrant].name
            raise TournamentCliError(f"{name} chose an illegal move {text!r} in round "
                                     f"{pairing.round} board {pairing.board}: {exc}") from None
        stored.save_live(pairing.round, pairing.board, {
            "moves": session.notation,
            "clock": None if session.clock is None else session.clock.snapshot(),
            "timer": None if session.timer is None else session.timer.snapshot(),
            "time_called_ply": session.time_called_ply,
        })
    return result_of_game(session.state, flagged=session.flagged)


class Progress:
    """A progress bar on standard error (a line per round when it is not a terminal)."""

    WIDTH = 30

    def __init__(self, stored, quiet=False, stream=None):
        self.stored = stored
        self.stream = sys.stderr if stream is None else stream
        self.quiet = quiet
        t = stored.tournament
        self.total = t.total_rounds * (len(t.entrants) // 2)
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last_round = None

    def done(self) -> int:
        t = self.stored.tournament
        return sum(1 for boards in t.rounds for p in boards if not p.is_bye) - len(t.pending())

    def update(self) -> None:
        if self.quiet:
            return
        t = self.stored.tournament
        done = self.done()
        round_no = t.rounds_paired
        if self.tty:
            filled = self.WIDTH * done // max(1, self.total)
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {done}/{self.total} games, "
                              f"round {round_no}/{t.total_rounds}")
            self.stream.flush()
        elif t.round_complete(round_no) and round_no != self.last_round:
            self.last_round = round_no
            self.stream.write(f"round {round_no}/{t.total_rounds} done, "
                              f"{done}/{self.total} games\n")
            self.stream.flush()

    def finish(self) -> None:
        if not self.quiet and self.tty:
            self.stream.write("\n")
            self.stream.flush()


# --- output ---------------------------------------------------------------------------

def standings_json(stored) -> dict:
    t = stored.tournament
    return {
        "tournament": stored.id,
        "name": t.name,
        "db": str(stored.store.path),
        "complete": t.is_complete,
        "tiebreak_names": list(t.tiebreaks),
        "standings": [{"rank": s.rank, "name": s.name, "points": s.points,
                       "tiebreaks": list(s.tiebreaks)} for s in standings(t)],
    }


def print_standings(stored, as_json: bool) -> None:
    if as_json:
        print(json.dumps(standings_json(stored)))
        return
    t = stored.tournament
    state = "final standings" if t.is_complete else (
        f"standings after {t.rounds_paired} of {t.total_rounds} rounds")
    print(f"Tournament {stored.id} \"{t.name}\" ({t.format}), {state}")
    titles = [TIEBREAK_TITLES[name] for name in t.tiebreaks]
    width = max([4] + [len(e.name) for e in t.entrants])
    print(f"{'Rank':>4}  {'Name':<{width}}  {'Points':>6}" + "".join(f"  {x:>16}" for x in titles))
    for s in standings(t):
        cells = "".join(f"  {_num(v):>16}" for v in s.tiebreaks)
        print(f"{s.rank:>4}  {s.name:<{width}}  {_num(s.points):>6}{cells}")


def _num(value) -> str:
    return number_text(value)


if __name__ == "__main__":
    sys.exit(main())
