"""The open tournament hosted from this program: ``Hosting``, beside every screen.

The director presses Host (the lobby, the round view) and the tournament's
round is hosted on a thread of its own (``game.net.tournament``'s
``TournamentHostThread``): tables on other computers join, each board's result
goes into the round by itself, and every screen stays usable.  ``Hosting``
takes in what the host did, as it happened, and keeps each board as the
tables see it (``LiveBoard``: the client's ``BoardView`` built from the same
events, plus who sits where and the questions for the director).

It rides the app's frame loop beside the windows it drives (``App.windows``),
with no window of its own: each frame it takes in the host's news (``step``),
it wakes the loop a few times a second while hosting (``next_frame_in``), and
it stops with the program (``close``).  A screen showing boards looks at
``version``, which grows with every change, and draws again only then.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field

from game.i18n import N_, _, digits, isolated, listed, number
from game.net.client import BoardView
from game.net.tournament import pairing_of

#: Seconds between looks at the host's news while hosting.
POLL = 0.25
#: The port a club's tables find the host on (another when it is taken).
DEFAULT_PORT = 8765
#: Who may join: (title, --bind).
BINDS = ((N_("Computers on this network"), "lan"), (N_("This computer only"), "loopback"))
DEFAULT_BIND = "lan"
#: How long a table may be away before the director is asked what happens (seconds).
AWAY_LIMITS = ((60, N_("1 minute")), (180, N_("3 minutes")), (300, N_("5 minutes")),
               (600, N_("10 minutes")))
DEFAULT_AWAY = 180


@dataclass
class LiveBoard:
    """One board of the host as the director follows it."""

    number: int                        # the host's board number (tables join it)
    tag: object = None
    round: int | None = None           # the tournament's round and board, when one of its
    board: int | None = None
    view: BoardView = None
    seated: set = field(default_factory=set)       # seats taken
    paused_why: str | None = None      # "director" or "restart" while paused
    overdue: dict = field(default_factory=dict)    # seat -> name: the director is asked

    def apply(self, message: dict, at: float) -> None:
        """Take in one event of the board (as its players got it)."""
        self.view.apply(message, at)
        kind, seat = message.get("kind"), message.get("seat")
        if kind == "seated" and isinstance(seat, int):
            self.seated.add(seat)
        elif kind == "paused":
            self.paused_why = message.get("why")
        elif kind == "resumed":
            self.paused_why = None
        elif kind == "back":
            self.overdue.pop(seat, None)
        elif kind == "ended":
            self.overdue.clear()

    @property
    def last_move(self) -> str:
        return self.view.moves[-1] if self.view.moves else ""


def clock_text(seconds: float) -> str:
    """A clock as a table shows it: m:ss, h:mm:ss from an hour."""
    whole = max(0, int(seconds + 0.999))
    hours, rest = divmod(whole, 3600)
    if hours:
        return digits(f"{hours}:{rest // 60:02d}:{rest % 60:02d}")
    return digits(f"{rest // 60}:{rest % 60:02d}")


def away_seconds(live: LiveBoard, seat: int, now: float) -> float:
    return max(0.0, now - live.view.away.get(seat, now))


def table_state(live: LiveBoard, now: float | None = None, compact: bool = False,
                named: bool = True) -> str:
    """The board's table in a few words: who is missing, whether it plays, how it ended.
    ``compact``: fewer words and the names short, for a narrow column ("Ann away 1:32");
    without ``named``, no names at all, for the narrowest ("away 1:32")."""
    now = time.monotonic() if now is None else now
    v = live.view
    names = [str(n) if n else _("Seat {n}").format(n=number(i + 1)) for i, n in enumerate(v.names)]
    if compact:
        names = [short_name(n) for n in names]
    names = [isolated(n) for n in names]
    if v.over:
        winner = (v.result or {}).get("winner")
        if compact:
            return _("over")
        if (v.result or {}).get("end") == "director":
            return _("over: ended by the director")
        if (v.result or {}).get("end") == "forfeit" and winner in (0, 1):
            return _("over: {name} forfeited").format(name=names[1 - winner])
        return _("over: drawn") if winner is None else _("over: {name} won").format(
            name=names[winner])
    away = [(seat, names[seat]) for seat in sorted(v.away) if isinstance(seat, int)
            and 0 <= seat < len(names)]
    if away and v.started and live.paused_why != "restart":
        seat, name = away[0]
        gone = clock_text(away_seconds(live, seat, now))
        if compact:
            return (_("{name} away {time}").format(name=name, time=gone) if named
                    else _("away {time}").format(time=gone))
        return _("waiting for {name} (reconnecting, {time})").format(name=name, time=gone)
    if v.paused:
        if live.paused_why == "restart":
            return (_("host restarted") if compact
                    else _("the host restarted: waiting for the tables"))
        return _("paused") if compact else _("paused by the director")
    if not v.started:
        free = [names[i] for i in range(len(names)) if i not in live.seated]
        if len(free) == len(names):
            return _("no table") if compact else _("no table yet")
        return (_("waiting for {names}").format(names=listed(free)) if named or not compact
                else _("waiting"))
    return (_("move {n}").format(n=number(v.ply + 1)) if compact
            else _("playing, move {n}").format(n=number(v.ply + 1)))


def fitted_state(live: LiveBoard, width: int, size: int, now: float | None = None) -> str:
    """``table_state`` in full when it fits ``width`` pixels at ``size``, else compact (so
    that the time away stays in view)."""
    from .. import assets
    for compact, named in ((False, True), (True, True)):
        text = table_state(live, now, compact, named)
        if assets.measure(text, size) <= width:
            return text
    return table_state(live, now, compact=True, named=False)


def short_name(name: str, most: int = 12) -> str:
    """A name cut to ``most`` characters, an ellipsis ending it when cut."""
    return name if len(name) <= most else name[:most - 1].rstrip() + "\u2026"


class Hosting:
    """The tournament ``tid`` of ``store_path`` hosted from this program (see the module
    docstring).  ``start()`` begins (the host starts on its own thread: ``state`` is
    "starting", then "hosting", or "failed" with ``problem``); ``close()`` ends it."""

    window = None          # a companion of App.windows with no window of its own

    def __init__(self, app, store_path, tid: int, name: str, *, bind: str = DEFAULT_BIND,
                 password: str = "", away_limit: float = DEFAULT_AWAY, bots: bool = True,
                 port: int | None = None, library_path=None):
        self.app = app
        self.store_path = store_path
        self.tid = tid
        self.name = name
        self.bind = bind
        self.password = password
        self.away_limit = away_limit
        self.bots = bots
        self.port = DEFAULT_PORT if port is None else port
        self.library_path = library_path
        self.thread = None
        self.state = "starting"
        self.problem = ""
        self.url = ""
        self.notes: list[tuple[str, bool]] = []    # (what happened, whether it went well)
        self.boards: dict[int, LiveBoard] = {}
        self.version = 0
        self.recorded = 0       # results kept: the screens read the tournament again
        self._starter: threading.Thread | None = None
        self._started: list = []

    # --- starting and stopping -------------------------------------------------------
    def start(self) -> None:
        """Start hosting in the background; ``step`` sees it through."""
        from game.net.tournament import TournamentHostThread
        if self not in self.app.windows:
            self.app.windows.append(self)

        def make(port):
            return TournamentHostThread(
                self.store_path, self.tid, bots=self.bots, library_path=self.library_path,
                name=self.name, bind=self.bind, port=port, password=self.password,
                away_limit=self.away_limit)

        def run():
            try:
                thread = make(self.port)
                try:
                    url = thread.start()
                except OSError:
                    if self.port == 0:
                        raise
                    thread = make(0)       # the usual port is taken: the system picks one
                    url = thread.start()
                self._started.append((thread, url))
            except Exception as exc:      # told to the director; nothing runs
                self._started.append((None, _why(exc)))

        self._starter = threading.Thread(target=run, name="callidus-hosting", daemon=True)
        self._starter.start()

    def wait_started(self, timeout: float = 30.0) -> bool:
        """Wait for the host to be up (tests; the screens never wait)."""
        if self._starter is not None:
            self._starter.join(timeout)
        self.step()
        return self.state == "hosting"

    @property
    def running(self) -> bool:
        return self.state in ("starting", "hosting")

    def close(self) -> None:
        """Stop hosting (the boards stay in the host's database: hosting again resumes
        them, and the tables come back)."""
        if self._starter is not None:
            self._starter.join(30)
            self._starter = None
            self._take_started()
        if self.thread is not None:
            self.thread.stop()
            self.thread = None
        if self.state != "failed":
            self.state = "stopped"
        if self in self.app.windows:
            self.app.windows.remove(self)
        self.version += 1

    def _take_started(self) -> None:
        if not self._started:
            return
        thread, said = self._started.pop()
        if thread is None:
            self.state, self.problem = "failed", said
            self.close()
            return
        self.thread, self.url, self.state = thread, said, "hosting"
        for number, tag, texts, now in thread.boards():
            live = self._live(number, tag)
            for text in texts:
                live.apply(json.loads(text), time.monotonic())
            live.view.apply_now(now, time.monotonic())
        if self.port and not self.url.endswith(f":{self.port}"):
            self.notes.append((_("Port {port} is taken: tables join on the port shown.").format(
                port=self.port),
                               False))
        self.version += 1

    # --- the host's news -----------------------------------------------------------------
    def _live(self, number: int, tag) -> LiveBoard:
        live = self.boards.get(number)
        if live is None:
            live = self.boards[number] = LiveBoard(number, tag, view=BoardView(number))
            if isinstance(tag, dict) and tag.get("tournament") == self.tid:
                live.round, live.board = tag.get("round"), tag.get("board")
        return live

    def step(self) -> None:
        """Take in what the host did since the last frame."""
        if self.thread is None:
            if self._starter is not None and not self._starter.is_alive():
                self._starter = None
                self._take_started()
            return
        news = self.thread.poll()
        for item in news:
            kind = item[0]
            if kind == "event":
                board_no, text, at, tag = item[1], item[4], item[5], item[6]
                try:
                    message = json.loads(text)
                except ValueError:
                    continue
                self._live(board_no, tag).apply(message, at)
            elif kind == "overdue":
                board_no, seat, name = item[1], item[2], item[3]
                live = self.boards.get(board_no)
                if live is not None and not live.view.over:
                    live.overdue[seat] = name or _("Seat {n}").format(n=number(seat + 1))
            elif kind == "recorded":
                done = item[1]
                self.recorded += 1
                self.notes.append((done.note + ".", done.kept))
            elif kind == "problem":
                self.notes.append((item[1], False))
        if news:
            del self.notes[:-20]
            self.version += 1

    def next_frame_in(self) -> float | None:
        return POLL if self.running else None

    def handle(self, event) -> None:
        """Input for a window of its own: it has none."""

    # --- what the screens ask --------------------------------------------------------------
    def round_boards(self, round_no: int | None = None) -> list[LiveBoard]:
        """The boards of round ``round_no`` (default: the latest hosted), by board."""
        mine = [b for b in self.boards.values() if b.round is not None]
        if not mine:
            return []
        if round_no is None:
            round_no = max(b.round for b in mine)
        return sorted((b for b in mine if b.round == round_no), key=lambda b: b.board)

    def for_pairing(self, round_no: int, board: int) -> LiveBoard | None:
        found = [b for b in self.boards.values() if (b.round, b.board) == (round_no, board)]
        return max(found, key=lambda b: b.number) if found else None

    def questions(self) -> list[tuple[LiveBoard, int, str]]:
        """(board, seat, name) of every table away past the limit, awaiting the director."""
        return [(live, seat, name) for live in sorted(self.boards.values(),
                                                      key=lambda b: b.number)
                for seat, name in sorted(live.overdue.items())]

    # --- the director's decisions -------------------------------------------------------
    def pause(self, live: LiveBoard) -> None:
        live.overdue.clear()
        if self.thread is not None and not live.view.paused:
            self.thread.pause(live.number)
        self.version += 1

    def resume(self, live: LiveBoard) -> None:
        if self.thread is not None:
            self.thread.resume(live.number)
        self.version += 1

    def let_run(self, live: LiveBoard, seat: int) -> None:
        """The absent player's clock goes on running; nothing is asked again for this
        absence."""
        live.overdue.pop(seat, None)
        self.version += 1

    def forfeit(self, live: LiveBoard, seat: int) -> None:
        live.overdue.clear()
        if self.thread is not None:
            self.thread.forfeit(live.number, seat)
        self.version += 1

    def look(self) -> None:
        """A result was entered by hand: the host reads the round now, and ends the board
        of that pairing if it is still played (its tables are told the director's
        result)."""
        if self.thread is not None:
            self.thread.look()

    def set_away_limit(self, seconds: float) -> None:
        self.away_limit = seconds
        if self.thread is not None:
            self.thread.set_away_limit(seconds)


def find(app, tid: int | None = None) -> Hosting | None:
    """The hosting running beside ``app`` (of tournament ``tid``, when given), if any."""
    for other in getattr(app, "windows", []):
        if isinstance(other, Hosting) and (tid is None or other.tid == tid):
            return other
    return None


def start(app, stored, **settings) -> tuple[Hosting | None, str]:
    """Host ``stored`` (a ``StoredTournament``) from ``app``; (the hosting, what to tell the
    director)."""
    from ..saves import library_path
    running = find(app)
    if running is not None:
        if running.tid == stored.id:
            return running, _("This tournament is hosted already.")
        return None, _("{name} is hosted: stop hosting it first.").format(
            name=isolated(running.name))
    t = stored.tournament
    if t.is_complete:
        return None, _("The tournament is over: there is nothing to host.")
    hosting = Hosting(app, stored.store.path, stored.id, t.name,
                      library_path=library_path(), **settings)
    hosting.start()
    return hosting, _("Starting the host\u2026")


def playing(app, stored, round_no: int, board: int) -> bool:
    """Whether the pairing's board is being played over the network from ``app`` (hosted,
    a table at it, not over)."""
    hosting = find(app, stored.id)
    live = hosting.for_pairing(round_no, board) if hosting is not None else None
    return live is not None and bool(live.seated) and not live.view.over and \
        pairing_of(live.tag, stored.id, stored.tournament) is not None


def state_for(app, stored, pairing, width: int | None = None, size: int = 17) -> str | None:
    """The table state of a pairing hosted from ``app`` (fitted to ``width`` pixels at
    ``size``, when given), or None when it is not hosted."""
    hosting = find(app, stored.id)
    if hosting is None:
        return None
    live = hosting.for_pairing(pairing.round, pairing.board)
    if live is None or pairing_of(live.tag, stored.id, stored.tournament) is None:
        return None
    return table_state(live) if width is None else fitted_state(live, width, size)


def _why(exc) -> str:
    text = str(exc).strip() or type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror
    return text.splitlines()[0][:200]
