"""The engine's command line: ``python -m game list | play | perft | ...``.

Every answer is JSON on standard output; every error is one line on
standard error with exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from .. import GAMES
from . import flags
from .flags import one_line


class UsageError(Exception):
    """A bad flag, file or move: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would exit itself; we want one clear line
        raise UsageError(message)


def _spec(name: str):
    spec = GAMES.get(name.lower())
    if spec is None:
        raise UsageError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    return spec


#: The largest position file read.
POSITION_LIMIT = 16 * 1024 * 1024


def _load_position(spec, path: str):
    from ..files import FileProblem, parse_json, read_text

    try:
        data = parse_json(read_text(path, POSITION_LIMIT, "position file"), f"position file {path}")
    except FileProblem as exc:
        raise UsageError(str(exc)) from None
    try:
        return spec.from_position(data)
    except ValueError as exc:
        raise UsageError(f"position file {path}: {exc}") from None
    except Exception as exc:     # a position no check foresaw: still one line, not a traceback
        raise UsageError(f"position file {path} is not a position Callidus can read "
                         f"({type(exc).__name__}: {exc})") from None


def _start(spec, args):
    if args.position:
        if args.variant or args.seed is not None:
            raise UsageError("--position already fixes the variant and seed")
        return _load_position(spec, args.position)
    try:
        return spec.new_game(variant=args.variant, seed=args.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def play_moves(spec, state, texts):
    """Play move texts in order; UsageError naming the move and ply on the first bad one."""
    for ply, text in enumerate(texts, start=1):
        try:
            move = spec.parse_move(state, text)
            state = state.play(move)
        except ValueError as exc:
            raise UsageError(f"move {ply} {text!r}: {exc}") from None
    return state


def report(spec, state) -> dict:
    return {
        "to_move": state.to_move,
        "over": state.is_over,
        "winner": state.winner,
        "scores": list(state.scores),
        "legal": [spec.format_move(state, m) for m in state.legal_moves()],
        "position": state.position(),
    }


#: The deepest perft asked for (far more than can be counted in a lifetime).
MAX_DEPTH = 100


def perft(state, depth: int) -> int:
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)


def cmd_list(args) -> int:
    games = []
    for spec in GAMES.values():
        games.append({
            "name": spec.name,
            "title": spec.title,
            "description": spec.blurb,
            "variants": [{"name": v, "players": spec.players(v)} for v in spec.variants],
            "options": spec.options,
        })
    print(json.dumps({"games": games}, indent=2))
    return 0


def cmd_play(args) -> int:
    spec = _spec(args.game)
    start = _start(spec, args)
    state = play_moves(spec, start, args.moves)
    if args.save:
        _save(spec, start, args.moves, args.save)
    print(json.dumps(report(spec, state)))
    return 0


def _save(spec, start, moves, path: str) -> None:
    """``play --save FILE``: the game as a record the program opens (``.callidus``)."""
    from ..files import FileProblem
    from ..records.record import record_of_moves, replay, save
    try:
        record = record_of_moves(spec, start, moves)
        replay(record)
        save(path, record)
    except (ValueError, FileProblem) as exc:     # RecordProblem is a ValueError
        raise UsageError(f"--save {path}: {exc}") from None


def cmd_perft(args) -> int:
    spec = _spec(args.game)
    state = _start(spec, args)
    print(json.dumps({"game": spec.name, "depth": args.depth, "nodes": perft(state, args.depth)}))
    return 0


def cmd_gtp(args) -> int:
    from .gtp import GtpEngine, serve
    from ..ai import LEVELS
    if "callisto" not in GAMES:
        raise UsageError("Callisto is not available")
    if args.level not in LEVELS:
        raise UsageError(f"unknown level {args.level!r}; choose one of {', '.join(LEVELS)}")
    try:
        engine = GtpEngine(args.variant, args.level, args.seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return serve(engine)


#: Extra subcommands from other modules: ``(module, attribute)`` pairs whose
#: ``add_parser(subparsers)`` registers them.
EXTENSIONS = ("game.ai.cli", "game.ai.analysis_cli", "game.tournament.cli", "game.net.cli")


def build_parser() -> argparse.ArgumentParser:
    from ..version import VERSION

    parser = _Parser(prog="python -m game", description="Callidus game engines.")
    parser.add_argument("--version", action="version", version=f"Callidus {VERSION}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, required=True)
    sub.add_parser("list", help="games, variants and options").set_defaults(run=cmd_list)

    for name, run, help_text in (("play", cmd_play, "play moves and print the position"),
                                 ("perft", cmd_perft, "count leaves of the legal-move tree")):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("game")
        p.add_argument("--variant")
        p.add_argument("--seed", type=flags.seed)
        p.add_argument("--position", metavar="FILE.json")
        if name == "play":
            p.add_argument("moves", nargs="*", metavar="MOVE")
            p.add_argument("--save", metavar="FILE",
                           help="also write the game as a saved game (.callidus)")
        else:
            p.add_argument("--depth", type=flags.number(0, MAX_DEPTH),
                           required=True)
        p.set_defaults(run=run)

    p = sub.add_parser("gtp", help="Callisto's computer player over the Go Text Protocol")
    p.add_argument("--variant", default="callisto_2")
    p.add_argument("--level", default="hard")
    p.add_argument("--seed", type=flags.seed)
    p.set_defaults(run=cmd_gtp)

    import importlib
    for module_name in EXTENSIONS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        module.add_parser(sub)
    return parser


def main(argv=None) -> int:
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(argv)
        if extra:
            # moves may follow the flags too: play calla --seed 1 3 8
            if hasattr(args, "moves") and not any(text.startswith("-") for text in extra):
                args.moves = list(args.moves) + extra
            else:
                parser.parse_args(argv)      # reports the unknown arguments and exits 2
        return args.run(args) or 0
    except UsageError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:          # output piped into a reader that stopped early
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
