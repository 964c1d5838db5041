"""``python -m game serve`` and ``python -m game bot``: hosting and filling seats headless.

::

    python -m game serve --game GAME [--variant V] [--time-control TC] [--boards N]
                         [--port P] [--bind ADDRESS] [--db FILE] [--password PW]
                         [--name EVENT] [--no-announce]
    python -m game serve [--port P] [--bind ADDRESS] [--db FILE] [--password PW]
    python -m game serve --tournament NAME [--store FILE] [--port P] [--bind ADDRESS]
                         [--db FILE] [--password PW] [--no-bots]
    python -m game bot URL [--level L] [--board N] [--name NAME] [--password PW]

``serve --game`` hosts one new game (``--boards N``: N of them) and prints,
once it listens, one JSON line with its address (``url``), the join code
players give (``code``; ``--password`` chooses it, ``--password ""`` asks
none) and its boards; without ``--game`` it resumes the unfinished boards of
its database (``--db``).  Either way it ends when every board it hosts is
over, printing one JSON line per board's result.  ``--bind``: ``loopback``
(the default: this computer only), ``lan`` (this computer's address on the
local network), ``all`` or an address.

``serve --tournament`` hosts the round being played of a kept tournament
(``--store``: its database, by default the program's) and every round paired
after it (``game.net.tournament``): each board's result goes into the round
by itself.  It prints one JSON line once it listens (``url``, ``tournament``,
``round``, ``boards``), then one per result kept (``round``, ``board``,
``score``, ``how``, ``kept``, ``note``), and ends when the tournament is
complete (or on Ctrl+C).  Its database (``--db``) is by default
``tournament-ID-host.sqlite3`` beside the store, the one the program's Host
button uses.

``bot`` joins the first free seat of the host at URL (or board N), plays it
at computer level L (default ``random``) and prints one JSON line,
``{"result": "win" | "loss" | "draw", "moves": N, ...}``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import socket
import sys

from ..cli import flags
from ..cli.flags import number

#: The most boards one ``serve --game`` hosts.
MAX_BOARDS = 1000


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("serve", help="host games for other computers to join")
    p.add_argument("--game", help="host a new game of GAME (without it: resume --db's boards)")
    p.add_argument("--variant")
    p.add_argument("--time-control", metavar="TC", help="e.g. 5+3, 10, 3d2 or none")
    p.add_argument("--boards", type=number(1, MAX_BOARDS), default=1, metavar="N",
                   help="host N games of GAME at once (default 1)")
    p.add_argument("--port", type=number(0, 65535), default=8765, metavar="P",
                   help="TCP port (default 8765; 0 lets the system choose)")
    p.add_argument("--bind", default="loopback", metavar="ADDRESS",
                   help="loopback (default: this computer only), lan, all, or an address")
    p.add_argument("--db", metavar="FILE", help="the host's database (default: in the "
                                                "user data folder)")
    p.add_argument("--password", metavar="PW",
                   help="what joining players give (default with --game: a new join code; "
                        "\"\" asks none)")
    p.add_argument("--name", metavar="EVENT", help="the event's name, as the network shows it")
    p.add_argument("--no-announce", action="store_true",
                   help="do not announce the host on the local network (mDNS)")
    p.add_argument("--tournament", metavar="NAME",
                   help="host the round being played of the kept tournament NAME (or its "
                        "number), and the rounds paired after it")
    p.add_argument("--store", metavar="FILE",
                   help="with --tournament: the tournament database (default: the "
                        "program's, in the user data folder)")
    p.add_argument("--no-bots", action="store_true",
                   help="with --tournament: computer entrants' seats wait for a table's bot "
                        "instead of this host's")
    p.set_defaults(run=cmd_serve)

    p = subparsers.add_parser("bot", help="a computer player takes a seat at a host")
    p.add_argument("url", metavar="URL", help="the host, ws://HOST:PORT")
    p.add_argument("--level", default="random")
    p.add_argument("--board", type=number(1, 10**6), metavar="N")
    p.add_argument("--name", metavar="NAME")
    p.add_argument("--password", metavar="PW", help="the host's join code or password")
    p.add_argument("--seed", type=flags.seed)
    p.set_defaults(run=cmd_bot)


def _usage(message: str):
    from ..cli.main import UsageError
    return UsageError(message)


def cmd_serve(args) -> int:
    from .. import GAMES
    from ..clock import parse_time_control
    from ..files import name_problem
    from .host import resolve_bind

    spec = None
    if args.tournament is not None:
        for flag in ("game", "variant", "time_control"):
            if getattr(args, flag) is not None:
                raise _usage(f"--{flag.replace('_', '-')} is not for --tournament: the "
                             "tournament's game choice is played")
        if args.boards != 1:
            raise _usage("--boards is not for --tournament: the round's pairings are hosted")
    for flag in ("store", "no_bots"):
        if getattr(args, flag) and args.tournament is None:
            raise _usage(f"--{flag.replace('_', '-')} needs --tournament")
    if args.tournament is not None:
        pass                            # its game is the tournament's
    elif args.game is None:
        for flag in ("variant", "time_control"):
            if getattr(args, flag) is not None:
                raise _usage(f"--{flag.replace('_', '-')} needs --game")
        if args.boards != 1:
            raise _usage("--boards needs --game")
    else:
        spec = GAMES.get(args.game.lower())
        if spec is None:
            raise _usage(f"unknown game {args.game!r}; choose one of {', '.join(GAMES)}")
        try:
            spec.check_variant(args.variant)
            parse_time_control(args.time_control or "none")
        except ValueError as exc:
            raise _usage(str(exc)) from None
    try:
        resolve_bind(args.bind)
    except ValueError as exc:
        raise _usage(str(exc)) from None
    if args.password is not None and len(args.password) > 64:
        raise _usage("--password must be at most 64 characters")
    name = args.name
    if name is not None and name_problem(name):
        raise _usage(f"--name {name_problem(name)}")
    logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr)
    if args.tournament is not None:
        return _serve_tournament_command(args, name)
    if name is None:
        where = socket.gethostname()[:20] or "this computer"
        name = f"{spec.title} on {where}" if spec is not None else f"Callidus on {where}"
    return asyncio.run(_serve(args, spec, name))


def _serve_tournament_command(args, name) -> int:
    from ..tournament.store import StoreError, TournamentStore
    from .tournament import data_folder, find_tournament
    store_path = args.store or data_folder() / "tournaments.sqlite3"
    try:
        with TournamentStore(store_path) as store:
            tid = find_tournament(store, args.tournament)
            tournament = store.load(tid)
    except (StoreError, ValueError) as exc:
        raise _usage(str(exc)) from None
    if tournament.is_complete:
        raise _usage(f"nothing to host: {tournament.name} is complete")
    return asyncio.run(_serve_tournament(args, store_path, tid, name or tournament.name))


async def _serve_tournament(args, store_path, tid: int, name: str) -> int:
    from .host import Host
    from .store import HostStoreError
    from .tournament import TournamentHost, data_folder, host_db_path
    done = asyncio.Event()
    hosting = None

    def recorded(kept):
        print(json.dumps({"round": kept.round, "board": kept.board,
                          "host_board": kept.host_board, "score": kept.score,
                          "how": kept.how, "kept": kept.kept, "note": kept.note}), flush=True)

    def finished(board_id, result):
        if hosting is not None:
            hosting.on_result(board_id, result)

    password = args.password or ""
    host = Host(args.db or host_db_path(store_path, tid), name=name, password=password,
                bind=args.bind, port=args.port, announce=not args.no_announce,
                on_result=finished)
    try:
        await host.start()
    except HostStoreError as exc:
        raise _usage(str(exc)) from None
    except OSError as exc:
        raise _usage(f"cannot listen on {args.bind} port {args.port}: "
                     f"{exc.strerror or exc}") from None
    try:
        hosting = TournamentHost(host, store_path, tid, password=password or None,
                                 library_path=data_folder() / "games.sqlite3",
                                 bots=not args.no_bots, on_recorded=recorded,
                                 on_complete=done.set)
        try:
            await hosting.start()
        except Exception as exc:
            raise _usage(f"the tournament cannot be hosted: {exc}") from None
        print(json.dumps({"url": host.url, "tournament": hosting.name, "id": tid,
                          "round": hosting.round_no, "password": host.store.password_set(),
                          "db": str(host.store.path), "boards": host.summaries()}),
              flush=True)
        print(f"{hosting.name}: tables join at {host.url}", file=sys.stderr, flush=True)
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(signum, done.set)
            except (NotImplementedError, RuntimeError):
                pass
        await done.wait()
        await asyncio.sleep(0.2)       # let the last event reach the players
    finally:
        if hosting is not None:
            await hosting.close()
        await host.close()
    return 0


async def _serve(args, spec, name: str) -> int:
    from .host import Host, new_code
    from .store import HostStoreError
    code = None
    password = args.password
    if spec is not None and password is None:
        code = password = new_code()
    results: list = []
    done = asyncio.Event()

    def finished(board_id, result):
        results.append(board_id)
        print(json.dumps({"board": board_id, "winner": result.get("winner"),
                          "end": result.get("end"), "reason": result.get("reason"),
                          "scores": result.get("scores"), "moves": result.get("moves")}),
              flush=True)
        if all(b.over for b in host.boards.values()):
            done.set()

    host = Host(args.db, name=name, password=password, code=code is not None, bind=args.bind,
                port=args.port, announce=not args.no_announce,
                game=spec.name if spec is not None else None, on_result=finished)
    try:
        await host.start()
    except HostStoreError as exc:
        raise _usage(str(exc)) from None
    except OSError as exc:
        raise _usage(f"cannot listen on {args.bind} port {args.port}: "
                     f"{exc.strerror or exc}") from None
    try:
        if spec is not None:
            for _ in range(args.boards):
                try:
                    host.create_board(spec.name, args.variant, time_control=args.time_control)
                except ValueError as exc:
                    raise _usage(str(exc)) from None
        if not any(not b.over for b in host.boards.values()):
            raise _usage(f"nothing to host: {host.store.path} holds no unfinished board "
                         "(start a game with --game)")
        print(json.dumps({"url": host.url, "code": code,
                          "password": host.store.password_set(),
                          "db": str(host.store.path), "boards": host.summaries()}),
              flush=True)
        shown = f" with join code {code}" if code else ""
        print(f"{name}: players join at {host.url}{shown}", file=sys.stderr, flush=True)
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(signum, done.set)
            except (NotImplementedError, RuntimeError):
                pass
        await done.wait()
        await asyncio.sleep(0.2)       # let the last event reach the players
    finally:
        await host.close()
    return 0


def cmd_bot(args) -> int:
    from ..ai import LEVELS
    from .client import NetError, check_url
    from .bot import play_bot
    if args.level not in LEVELS:
        raise _usage(f"unknown level {args.level!r}; choose one of {', '.join(LEVELS)}")
    try:
        url = check_url(args.url)
    except ValueError as exc:
        raise _usage(str(exc)) from None
    if args.name is not None:
        from ..files import name_problem
        if name_problem(args.name):
            raise _usage(f"--name {name_problem(args.name)}")
    try:
        result = asyncio.run(play_bot(url, args.level, board=args.board, name=args.name,
                                      password=args.password, seed=args.seed))
    except NetError as exc:
        raise _usage(str(exc)) from None
    print(json.dumps(result), flush=True)
    return 0
