"""Hosting one game from the setup: the address and the code to read out, until the other
player joins (the screen "net.hosting").

The setup's Play over the network comes here with the game it chose.  This screen starts
a host in the program's background (``HostThread``, on the local network, the join
code as its password), makes the board, takes the host player's own seat through a
``ClientThread``, sets the host's own computers on the seats the setup gave a computer
(``bot.play_host_computers``: they come back with the game when it is hosted again) and
waits, showing the address (``ws://...`` and as a person reads it
aloud) and the code, until every seat is taken; then the board is played in the play
scene.  Leaving before that stops the host.  A game hosted before the program was
closed comes back here from the menu (``resume``: its ticket): the host starts again
from its database and the seat is taken back.
"""

from __future__ import annotations

import pygame

from game import GAMES
from game.i18n import _, isolated, number
from game.net.bot import play_host_computers

from .. import assets, ui
from ..stack import Scene
from .common import forget_hosted, host_bind, host_port, hosted_db_path, spoken_address
from .remote import POLL, RemoteGame

#: The panel's height, where the window has room for it.
BOX_H = 430


class HostGameScene(Scene):
    title = "hosting"

    def __init__(self, app, game: dict | None = None, resume: dict | None = None,
                 game_name: str | None = None):
        """``game``: what the setup chose (``game``, ``variant``, ``options``,
        ``time_control``, the host player's ``name`` and ``seat``); ``resume``: the ticket
        of a game hosted before, of ``game_name``."""
        super().__init__(app)
        self.game = game
        self.resume = resume
        name = game["game"] if game is not None else game_name
        self.spec = GAMES[name]
        self.remote: RemoteGame | None = None
        self.url = ""
        self.code = ""
        self.problem = ""
        self.started = False
        self.handed = False          # the play scene holds the game now

    # --- hosting ----------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if not self.started:
            self.started = True
            self.host_game()

    def host_game(self) -> None:
        """Start the host, make the board (or take the kept one back) and take our seat."""
        from game.net.client import ClientThread
        from game.net.host import new_code
        resume = self.resume
        spec = self.spec
        if resume is not None:
            kept = resume["host"]
            code, port, event, name = kept["code"], kept["port"], kept["event"], resume["name"]
        else:
            name = self.game["name"]
            # TRANSLATORS: what a hosted game is called in the list of tables: "Ann's Calla"
            event = _("{name}'s {game}").format(name=name, game=spec.title)[:80]
            code, port = new_code(), host_port()
            forget_hosted(spec.name)        # the unfinished game it served has been replaced
        self.code = code
        try:
            host, url = self._start_host(event, code, port)
        except Exception as exc:            # an address, a port, a database: said, not raised
            self.problem = _("Could not host the game: {problem}").format(problem=_why(exc))
            self.app.log(f"hosting failed: {_why(exc)}")
            return
        self.url = url
        try:
            if resume is None:
                game = self.game
                names = [None] * spec.players(game["variant"])
                names[game["seat"]] = name
                levels = {}
                for seat, level, computer in game.get("computers", ()):
                    if seat != game["seat"] and 0 <= seat < len(names):
                        names[seat], levels[seat] = computer, level
                board = host.create_board(spec.name, variant=game["variant"],
                                          options=game["options"],
                                          time_control=game["time_control"], names=names)
            else:
                board, levels = resume["board"], None
        except Exception as exc:
            host.stop()
            self.problem = _("Could not make the board: {problem}").format(problem=_why(exc))
            return
        if levels or resume is not None:    # the computers chosen in the setup play here
            host.submit(play_host_computers(host.host, board, levels, password=code))
        net = ClientThread(url, password=code)
        info = {"port": host.host.port, "code": code, "event": event}
        self.remote = RemoteGame(self.app, net, board, password=code, name=name, host=host,
                                 host_info=info)
        if resume is None:
            net.join(name, board=board, seat=self.game["seat"])
        else:
            self.remote.token = resume["token"]
            self.remote.view.seat = resume["seat"]
            net.rejoin(board, resume["token"], 0)
        self.app.log(f"hosting {spec.name} at {url} code {code}")

    def _start_host(self, event: str, code: str, port: int):
        """A running ``HostThread`` and its address; on a port already taken, any free one."""
        from game.net.background import HostThread

        def start(port):
            host = HostThread(db=hosted_db_path(self.spec.name), name=event, bind=host_bind(),
                              port=port, password=code, code=True, game=self.spec.name)
            return host, host.start()
        try:
            return start(port)
        except OSError:
            if port == 0:
                raise
            return start(0)

    # --- widgets ----------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        top = 100 if h >= 700 else 86
        self.box = pygame.Rect(0, 0, min(820, w - 60), min(h - top - 90, BOX_H))
        self.box.midtop = (w // 2, max(top, (h - self.box.height - 70) // 2))
        self.back_button = ui.button(self, ui.mirrored((self.box.x, self.box.bottom + 20,
                                                        180, 46), self.box),
                                     _("Stop hosting"), tooltip=_(
                                         "Stop the host: the other player can no longer join"))

    def handle(self, event) -> None:
        if ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def leave(self) -> None:
        if self.remote is not None and not self.handed:
            self.remote.close()         # stops the host too
            self.app.log("hosting stopped")
        super().leave()

    # --- time ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        remote = self.remote
        if remote is None or self.handed or self.problem:
            return
        remote.poll()
        if remote.connection == "closed":
            self.problem = remote.closed_reason
        elif remote.problem:
            self.problem = remote.problem
        elif remote.ready and remote.session is not None and remote.view.started:
            self.handed = True
            self.app.stack.replace("play", config=remote.config, remote=remote)

    def next_frame_in(self) -> float | None:
        return None if self.problem or self.remote is None else POLL

    # --- drawing -------------------------------------------------------------------------
    def seat_lines(self) -> list[tuple[str, bool]]:
        """Each seat as the screen lists it, and whether it is taken."""
        remote = self.remote
        if remote is None or not remote.view.names:
            return []
        view, lines = remote.view, []
        for i, name in enumerate(view.names):
            n = number(i + 1)
            if i == view.seat:
                lines.append((_("Seat {n}: {name} (you)").format(n=n, name=isolated(name)), True))
            elif name:          # a seat is named once someone takes it
                lines.append((_("Seat {n}: {name}").format(n=n, name=isolated(name)), True))
            else:
                lines.append((_("Seat {n}: waiting for a player to join...").format(n=n),
                              False))
        return lines

    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        ui.heading(surface, _("{game} over the network").format(game=self.spec.title),
                   (w // 2, max(50, self.box.y - 50)), size=40)
        box = self.box
        ui.panel(surface, box)
        x, width = box.x + 30, box.width - 60
        y = box.y + 24
        if self.problem:
            y = assets.paragraph(surface, self.problem, (x, y, width, 120), size=18,
                                 colour=(255, 170, 130))
            assets.paragraph(surface, _("Go back to the setup and try again; a game on this "
                                        "computer alone needs no network (Start game)."),
                             (x, y + 12, width, 80), size=16, colour=ui.MUTED)
            return
        if not self.url:
            assets.text(surface, _("Starting the host..."), (x, y), size=18, colour=ui.INK,
                        width=width)
            return
        game = self.game_line()
        assets.text(surface, game, (x, y), size=assets.fitting_size(game, 18, width, True),
                    bold=True, colour=ui.INK, width=width)
        y += 30
        tell = _("Tell the other player, who chooses Join a table in Callidus:")
        assets.text(surface, tell, (x, y), size=assets.fitting_size(tell, 17, width),
                    colour=ui.INK, width=width)
        y += 34
        half = (width - 20) // 2
        # two columns, the address first: at the right in a language written right to left
        band = pygame.Rect(x, y, width, 0)
        first = ui.mirrored((x, y, half, 0), band).x
        second = ui.mirrored((x + half + 20, y, half, 0), band).x
        assets.text(surface, _("Address"), (first, y), size=15, colour=ui.MUTED, width=half)
        assets.text(surface, _("Join code"), (second, y), size=15, colour=ui.MUTED,
                    width=half)
        y += 22
        url = assets.text(surface, self.url, (first, y), bold=True, colour=ui.TITLE,
                          size=assets.fitting_size(self.url, 34, half, bold=True, smallest=18),
                          width=half)
        code = assets.text(surface, self.code, (second, y), bold=True, colour=ui.TITLE,
                           size=assets.fitting_size(self.code, 34, half, bold=True,
                                                    smallest=18), width=half)
        y = max(y + 46, url.bottom + 2, code.bottom + 2)      # as tall as the font draws them
        spoken = _("Read out: {address}").format(address=spoken_address(self.url))
        assets.text(surface, spoken, (first, y), size=assets.fitting_size(spoken, 16, half),
                    colour=ui.MUTED, width=half)
        aside = _("(capitals and dashes do not matter)")
        assets.text(surface, aside, (second, y),
                    size=assets.fitting_size(aside, 16, half), colour=ui.MUTED, width=half)
        y += 40
        for line, taken in self.seat_lines():
            assets.text(surface, line, (x, y), size=18, colour=ui.INK if taken else ui.MUTED,
                        bold=taken, width=width)
            y += 28
        y += 8
        status = ""
        if self.remote is not None and self.remote.connection == "lost":
            status = _("The connection to the host was lost: reconnecting...")
        elif self.remote is not None and self.remote.ready:
            status = _("The game starts as soon as the other player joins.")
        if status:
            assets.text(surface, status, (x, y), size=assets.fitting_size(status, 17, width),
                        colour=ui.INK, width=width)
        note = _("Across the internet: forward TCP port {port} on your router to this computer, "
                 "and give your public address instead.").format(port=self._port())
        # (lines 21 apart: an accented capital or a Persian line stands taller than 14)
        assets.paragraph(surface, note, (x, box.bottom - 54, width, 50), size=14,
                         colour=ui.MUTED, spacing=1.4)

    def game_line(self) -> str:
        """What is hosted: "Calla, 5+3: 5 min + 3 s per move"."""
        from game.clock import parse_time_control
        view = self.remote.view if self.remote is not None else None
        if view is not None and view.game == self.spec.name:
            variant, control = view.variant, view.time_control
        elif self.game is not None:
            variant, control = self.game["variant"], self.game["time_control"] or "none"
        else:
            return self.spec.title
        title = (self.spec.variant_title(variant) if variant in self.spec.variants
                 else self.spec.title)
        try:
            clock = parse_time_control(control or "none")
        except ValueError:
            clock = None
        if clock is None:
            return _("{game}, untimed").format(game=title)
        # TRANSLATORS: a hosted game and its clock: "Calla, 5+3: 5 min + 3 s per move"
        return _("{game}, {control}: {clock}").format(game=title, control=control,
                                                      clock=clock.describe())

    def _port(self) -> str:
        try:
            return self.url.rsplit(":", 1)[1]
        except IndexError:
            return "8765"


def _why(exc) -> str:
    text = str(exc) or type(exc).__name__
    if isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror
    return text.splitlines()[0][:200]
