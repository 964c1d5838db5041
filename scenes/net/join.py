"""Join a table: find a host, see its boards, take a seat or watch (the screen "net.join").

The hosts on the local network are listed as they are heard (mDNS, looked for in a
thread of its own every few seconds, never in a frame); an address typed by hand, with
the code the host's player reads out, works as well.  Connected, the screen lists the
host's boards (its game, the players, the free seats, how far it got) and takes a free
seat under the player's name, or watches.  Once the host has told the board's story so
far, the board is played in the play scene.  Every failure (no host at that address, a
wrong code, a refusal, a dropped connection) is one line on this screen.

The address last joined is remembered and connected to as the screen opens, so a
player's next game is one click.  From the menu, a seat kept in an unfinished-game file
comes here (``ticket``): the screen connects at once and takes the seat back.
"""

from __future__ import annotations

import queue
import threading
import time
from urllib.parse import urlsplit

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game import GAMES
from game.i18n import N_, _, isolated, number

from .. import assets, ui
from ..scroll_list import ScrollList
from ..stack import Scene
from .common import (ADDRESS_LIMIT, CODE_LIMIT, NAME_LIMIT, address_of, failure_words,
                     name_words, remember)
from .remote import POLL, RemoteGame

#: Seconds between looks for hosts on the local network, and how long each look listens.
BROWSE_EVERY = 5.0
BROWSE_FOR = 2.0
#: Seconds between asking a connected host for its boards again.
LIST_EVERY = 3.0
#: Seconds a connection or a seat may take before the screen says no answer came (the
#: client gives up on a connection after 10 s by itself: this only guards against silence).
ANSWER_WITHIN = 25.0
HOST_ROW = 50
BOARD_ROW = 64
PROBLEM = (255, 170, 130)
STATUS_WORDS = {"waiting": N_("waiting for players"), "paused": N_("paused"), "over": N_("over")}


class JoinScene(Scene):
    title = "join"

    def __init__(self, app, ticket: dict | None = None):
        super().__init__(app)
        self.ticket = ticket
        self.texts = {"address": app.settings["net_address"], "code": "",
                      "name": app.settings["net_name"]}
        if ticket is not None:
            self.texts = {"address": address_of(ticket["url"]),
                          "code": ticket["password"] or "", "name": ticket["name"]}
        self.hosts: list = []           # FoundHost, as last heard
        self.browsed = False            # a look for hosts has finished
        self._found: queue.Queue = queue.Queue()
        self._browsing = False
        self._next_browse = 0.0
        self.net = None                 # the ClientThread of the host connected to
        self.url = ""
        self.phase = "idle"             # idle, connecting, connected, joining
        self.boards: list[dict] = []
        self._next_list = 0.0
        self.remote: RemoteGame | None = None
        self.notice = ""
        self.problem = False            # the notice says what went wrong
        self.event: str | None = None   # the host's name, when it was heard on the network
        self.event_address = None
        self.handed = False
        self.asked_at = 0.0             # when the connection or the seat was asked for

    # --- widgets -------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.compact = h < 700
        width = min(1240, w - 60)
        x0 = (w - width) // 2
        top = 112 if self.compact else 140
        bottom = h - 118
        left_w = max(340, int(width * 0.38))
        # the boxes and hosts found first, the host's boards after them: the other way round
        # in a language written right to left, and so inside each panel and row
        area = pygame.Rect(x0, top, width, bottom - top)
        self.left = ui.mirrored((x0, top, left_w, bottom - top), area)
        self.right = ui.mirrored((x0 + left_w + 24, top, width - left_w - 24, bottom - top),
                                 area)
        x, y, inner = self.left.x + 18, self.left.y + 14, self.left.width - 36
        band = pygame.Rect(x, y, inner, 0)
        self.labels = [(_("Address of the host"), x, y, inner)]
        self.address_entry = self._entry("address", (x, y + 20, inner, 36), ADDRESS_LIMIT)
        y += 66
        half = (inner - 12) // 2
        code_x = ui.mirrored((x, y, half, 0), band).x
        name_x = ui.mirrored((x + half + 12, y, half, 0), band).x
        self.labels += [(_("Join code"), code_x, y, half), (_("Your name"), name_x, y, half)]
        self.code_entry = self._entry("code", (code_x, y + 20, half, 36), CODE_LIMIT)
        self.name_entry = self._entry("name", (name_x, y + 20, half, 36), NAME_LIMIT)
        y += 66
        self.connect_button = ui.button(self, (x, y, inner, 42), _("Connect"), "#primary",
                                        tooltip=_("Connect to the host at this address, to "
                                                  "see its boards"))
        y += 56
        self.hosts_label_y = y
        y += 24
        self.host_buttons: dict = {}
        self.board_buttons: dict = {}
        self.host_list = ScrollList(self, (x, y, inner, self.left.bottom - 10 - y), HOST_ROW,
                                    len(self.hosts), make_row=self._host_row)
        rx, ry = self.right.x + 18, self.right.y + 14
        self.boards_title_y = ry
        self.board_list = ScrollList(self, (rx, ry + 34, self.right.width - 36,
                                            self.right.bottom - 10 - ry - 34), BOARD_ROW,
                                     len(self.boards), make_row=self._board_row)
        self.back_button = ui.button(self, ui.mirrored((x0, h - 70, 150, 46), area), _("Back"))

    def _entry(self, key: str, rect, limit: int):
        entry = self.add(UITextEntryLine(pygame.Rect(rect), manager=self.app.ui,
                                         initial_text=self.texts[key][:limit]))
        entry.set_text_length_limit(limit)
        return entry

    def _read_entries(self) -> None:
        """What the boxes hold now (kept across a rebuild of the screen)."""
        for key in ("address", "code", "name"):
            entry = getattr(self, f"{key}_entry", None)
            if entry is not None and entry.alive():
                self.texts[key] = entry.get_text()

    def clear(self) -> None:
        self._read_entries()
        for name in ("host_list", "board_list"):
            if getattr(self, name, None) is not None:
                getattr(self, name).close()
        super().clear()

    def _host_row(self, index: int, rect) -> list:
        found = self.hosts[index]
        use = self.use_width()
        button = ui.button(self, ui.mirrored((rect.right - use - 4, rect.y + 8, use, 34), rect),
                           _("Use"),
                           tooltip=_("Connect to {address}").format(address=found.url))
        self.host_buttons[button] = found
        return [button]

    def _board_row(self, index: int, rect) -> list:
        board = self.boards[index]
        known = board["game"] in GAMES
        take_w, watch_w = self.board_button_widths()
        if self.stacked_buttons():      # a narrow list: one button over the other
            places = ((rect.right - take_w - 2, rect.y + 5, take_w, 27),
                      (rect.right - take_w - 2, rect.y + 34, take_w, 27))
        else:
            places = ((rect.right - watch_w - 8 - take_w, rect.y + 12, take_w, 38),
                      (rect.right - watch_w - 2, rect.y + 12, watch_w, 38))
        take = ui.button(self, ui.mirrored(places[0], rect), _("Take seat"), "#primary",
                         tooltip=_("Play this board under your name"))
        watch = ui.button(self, ui.mirrored(places[1], rect), _("Watch"),
                          tooltip=_("Follow this board without playing"))
        if not known or not board["free"] or board["status"] == "over":
            take.disable()
        if not known:
            watch.disable()
        self.board_buttons[take] = ("take", board)
        self.board_buttons[watch] = ("watch", board)
        return [take, watch]

    def use_width(self) -> int:
        """A found host's Use button: 72 pixels, or as wide as its words need."""
        font = self.app.ui.get_theme().get_font(["button"])
        return max(72, font.size(_("Use"))[0] + 16)

    def stacked_buttons(self) -> bool:
        return self.board_list.view.width < 600

    def board_button_widths(self) -> tuple[int, int]:
        """The widths of a board's Take seat and Watch buttons: as wide as their words need
        (one width for both, one over the other, in a narrow list)."""
        font = self.app.ui.get_theme().get_font(["button"])
        take, watch = (font.size(words)[0] + 16 for words in (_("Take seat"), _("Watch")))
        if self.stacked_buttons():
            return (max(110, take, watch),) * 2
        return max(112, take), max(80, watch)

    def board_text_room(self) -> int:
        """Pixels a board's words have beside its buttons."""
        take_w, watch_w = self.board_button_widths()
        buttons = take_w + 2 if self.stacked_buttons() else watch_w + 8 + take_w
        return self.board_list.view.width - buttons - 12

    # --- events ----------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in (
                self.address_entry, self.code_entry):
            self.connect()
            return
        if self.host_list.handle(event) or self.board_list.handle(event):
            return
        if ui.pressed(event, self.connect_button):
            self.connect()
            return
        for button, found in list(self.host_buttons.items()):
            if ui.pressed(event, button):
                self.use_host(found)
                return
        for button, (action, board) in list(self.board_buttons.items()):
            if ui.pressed(event, button):
                if action == "take":
                    self.take_seat(board)
                else:
                    self.watch(board)
                return
        if ui.pressed(event, self.back_button) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()

    def _say(self, words: str, problem: bool = False, connected: bool = False) -> None:
        """Say ``words`` under the lists; ``connected``: they say the host was reached (and
        are said again as its boards change)."""
        self.notice, self.problem, self.connected_said = words, problem, connected

    def use_host(self, found) -> None:
        """A host heard on the network: its address goes in the box, and it is connected."""
        self.texts["address"] = address_of(found.url)
        self.event, self.event_address = found.event, address_of(found.url)
        self.address_entry.set_text(self.texts["address"])
        if not found.password:
            self.texts["code"] = ""
            self.code_entry.set_text("")
        self.connect()

    def connect(self) -> None:
        """Connect to the address in the box, with the code (none if the box is empty)."""
        from game.net.client import ClientThread, check_url
        self._read_entries()
        try:
            url = check_url(self.texts["address"])
            urlsplit(url).hostname.encode("idna")      # a name a resolver can look up
        except (ValueError, AttributeError) as exc:
            self._say(_("Not an address: {problem}. Type it as the host shows it, such as "
                        "192.168.1.20:8765.").format(problem=exc), True)
            return
        self.disconnect()
        if address_of(url) != self.event_address:
            self.event = None
        code = self.texts["code"].strip() or None
        self.net = ClientThread(url, password=code)
        self.url = url
        self.phase = "connecting"
        self.asked_at = time.monotonic()
        self.boards = []
        self._refresh_boards()
        self._say(_("Connecting to {address}...").format(address=address_of(url)))

    def disconnect(self) -> None:
        if self.net is not None:
            self.net.close()
        self.net, self.remote, self.phase = None, None, "idle"

    def take_seat(self, board: dict) -> None:
        """Take a free seat of ``board`` under the name in the box (asking first when a game
        of that game left unfinished here would be replaced)."""
        self._read_entries()
        problem = name_words(self.texts["name"])
        if problem:
            self._say(problem, True)
            self.name_entry.focus()
            return
        from ..saves import ask_before_replacing
        ask_before_replacing(self.app, board["game"], lambda: self._join(board))

    def _join(self, board: dict) -> None:
        if self.net is None or self.phase != "connected":
            return
        name = self.texts["name"].strip()
        remember(self.app, name=name)
        self.remote = RemoteGame(self.app, self.net, board["board"], name=name,
                                 password=self.texts["code"].strip() or None)
        self.phase = "joining"
        self.asked_at = time.monotonic()
        self.net.join(name, board=board["board"])
        self._say(_("Taking a seat at board {n}...").format(n=number(board["board"])))

    def watch(self, board: dict) -> None:
        if self.net is None or self.phase != "connected":
            return
        self.remote = RemoteGame(self.app, self.net, board["board"])
        self.phase = "joining"
        self.asked_at = time.monotonic()
        self.net.watch(board["board"])
        self._say(_("Opening board {n}...").format(n=number(board["board"])))

    def _rejoin(self) -> None:
        """Take back the seat of the ticket this screen was opened with."""
        ticket, self.ticket = self.ticket, None
        self.remote = RemoteGame(self.app, self.net, ticket["board"], name=ticket["name"],
                                 password=ticket["password"])
        self.remote.token = ticket["token"]
        self.remote.view.seat = ticket["seat"]
        self.phase = "joining"
        self.asked_at = time.monotonic()
        self.net.rejoin(ticket["board"], ticket["token"], 0)
        self._say(_("Taking your seat back at board {n}...").format(n=number(ticket["board"])))

    # --- time ------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        # the host last joined is asked for its boards at once: the next game is one click
        if self.net is None and (self.ticket is not None or self.texts["address"].strip()):
            self.connect()

    def leave(self) -> None:
        if not self.handed:
            self.disconnect()
        self._next_browse = float("inf")        # no more looking once the screen is gone
        super().leave()

    def update(self, dt: float) -> None:
        self._look_for_hosts()
        if self.net is None or self.handed:
            return
        for message in self.net.poll():
            self._take(message)
            if self.net is None:
                return
        now = time.monotonic()
        if self.phase in ("connecting", "joining") and now - self.asked_at > ANSWER_WITHIN:
            self._say(failure_words("the host did not answer in time", self.url), True)
            self.disconnect()
            return
        if self.phase == "connected" and now >= self._next_list:
            self._next_list = now + LIST_EVERY
            self.net.list_boards()
        remote = self.remote
        if remote is None:
            return
        if remote.problem:
            self._say(remote.problem, True)
            self.remote, self.phase = None, "connected"
        elif remote.ready:
            self.handed = True
            self.app.log(f"joined board {remote.board} at {self.url}")
            self.app.stack.replace("play", config=remote.config, remote=remote)

    def _take(self, message: dict) -> None:
        kind = message.get("type")
        if self.remote is not None and kind != "connection" and (
                kind == "error" or message.get("board") == self.remote.board):
            self.remote.take(message)
            return
        if kind == "connection":
            state = message.get("state")
            if state == "open":
                self.phase = "connected"
                remember(self.app, address=self.texts["address"].strip())
                self._say(_("Connected to {address}: choose a board.").format(
                    address=address_of(self.url)), connected=True)
                self._next_list = 0.0
                if self.ticket is not None:
                    self._rejoin()
            elif state == "lost":
                self._say(_("The connection to the host is lost: reconnecting..."), True)
            elif state == "back":
                self._say(_("Connected to {address} again.").format(
                    address=address_of(self.url)), connected=True)
                self._next_list = 0.0
            elif state == "closed":
                self._say(failure_words(message.get("reason"), self.url), True)
                self.disconnect()
                self.boards = []
                self._refresh_boards()
        elif kind == "boards":
            self._set_boards(message.get("boards"))
        elif kind == "error":
            self._say(failure_words(message.get("reason"), self.url), True)

    def _set_boards(self, boards) -> None:
        """The host's list of boards, each checked (a row that is not a board is left out)."""
        kept = []
        for b in boards if isinstance(boards, list) else []:
            if not isinstance(b, dict) or type(b.get("board")) is not int:
                continue
            names = b.get("names") if isinstance(b.get("names"), list) else []
            free = [s for s in b.get("free") or [] if type(s) is int] \
                if isinstance(b.get("free"), list) else []
            kept.append({"board": b["board"], "game": str(b.get("game") or "?"),
                         "variant": str(b.get("variant") or ""),
                         "time_control": str(b.get("time_control") or "none"),
                         "names": [n if isinstance(n, str) else None for n in names],
                         "free": free, "status": str(b.get("status") or ""),
                         "ply": b.get("ply") if type(b.get("ply")) is int else 0})
        if kept != self.boards:
            self.boards = kept
            self._refresh_boards()
        if self.phase == "connected" and getattr(self, "connected_said", False):
            self._say((_("Connected to {address}: choose a board.") if kept else
                       _("Connected to {address}: the host has no board yet.")).format(
                           address=address_of(self.url)), connected=True)

    def _refresh_boards(self) -> None:
        if getattr(self, "board_list", None) is None:
            return
        self.board_buttons = {}
        self.board_list.count = len(self.boards)
        self.board_list.scroll_to(self.board_list.first, sync=True)
        self.board_list.refresh()

    def _look_for_hosts(self) -> None:
        """Start a look for hosts now and then (in a thread), and take in what it heard."""
        try:
            found = self._found.get_nowait()
        except queue.Empty:
            found = None
        if found is not None:
            self._browsing, self.browsed = False, True
            self._next_browse = time.monotonic() + BROWSE_EVERY
            if found != self.hosts:
                self.hosts = found
                self.host_buttons = {}
                self.host_list.count = len(found)
                self.host_list.scroll_to(self.host_list.first, sync=True)
                self.host_list.refresh()
        if not self._browsing and time.monotonic() >= self._next_browse:
            self._browsing = True
            threading.Thread(target=self._browse, name="callidus-browse", daemon=True).start()

    def _browse(self) -> None:
        from game.net import discovery
        try:
            hosts = discovery.browse(BROWSE_FOR)
        except Exception:        # no multicast, no network: nothing heard
            hosts = []
        self._found.put(list(hosts)[:100])

    def next_frame_in(self) -> float | None:
        if self.net is not None or self._browsing:
            return POLL
        return max(0.05, self._next_browse - time.monotonic())

    # --- drawing -----------------------------------------------------------------------
    def board_words(self, board: dict) -> tuple[str, str]:
        """A board's two lines: what is played, and who plays it and how far it got."""
        spec = GAMES.get(board["game"])
        if spec is None:
            title = _("{game} (not in this program)").format(game=board["game"])
        else:
            title = (spec.variant_title(board["variant"]) if board["variant"] in spec.variants
                     else spec.title)
        control, n = board["time_control"], number(board["board"])
        first = (_("Board {n}: {game}, untimed").format(n=n, game=title)
                 if control in ("none", "") else
                 _("Board {n}: {game}, {control}").format(n=n, game=title, control=control))
        names = [(_("{name} (free)").format(name=isolated(name)) if i in board["free"]
                  else isolated(name)) if name else _("a free seat")
                 for i, name in enumerate(board["names"])]
        status = STATUS_WORDS.get(board["status"])
        state = _(status) if status else _("move {n}").format(n=number(board["ply"] + 1))
        # TRANSLATORS: a board's second line: who plays it, and how far it got
        return first, _("{players} - {state}").format(players=_(" v ").join(names), state=state)

    def draw(self, surface) -> None:
        ui.table(surface)
        w, h = surface.get_size()
        ui.heading(surface, _("Join a table"), (w // 2, 44 if self.compact else 56),
                   size=40 if self.compact else 48)
        line = _("Play or watch a game hosted on another computer.")
        assets.text(surface, line, (w // 2, 84 if self.compact else 104), anchor="center",
                    size=assets.fitting_size(line, 18, w - 40), colour=ui.MUTED)
        ui.panel(surface, self.left)
        ui.panel(surface, self.right)
        for text, x, y, width in self.labels:
            assets.text(surface, text, (x, y), size=15, colour=ui.MUTED, width=width)
        self._draw_hosts(surface)
        self._draw_boards(surface)
        if self.notice:
            colour = PROBLEM if self.problem else ui.INK
            room = w - 60
            size = assets.fitting_size(self.notice, 17, room, smallest=13)
            lines = assets.wrap(self.notice, size, room)[:2]
            y = h - 96 - 10 * (len(lines) - 1)
            for text in lines:
                assets.text(surface, assets.ellipsized(text, size, room), (w // 2, y),
                            size=size, colour=colour, anchor="center")
                y += 20

    def _draw_hosts(self, surface) -> None:
        x, width = self.host_list.view.x, self.host_list.view.width
        assets.text(surface, _("Hosts found on this network"), (x, self.hosts_label_y), size=16,
                    bold=True, colour=ui.TITLE, width=width)
        if not self.hosts:
            words = (_("None found yet: type the address the host's screen shows.")
                     if self.browsed else _("Looking for hosts..."))
            assets.paragraph(surface, words, (x, self.host_list.rect.y + 4, width, 60),
                             size=15, colour=ui.MUTED)
            return
        for index in self.host_list.shown():
            found, rect = self.hosts[index], self.host_list.row_rect(index)
            room = rect.width - self.use_width() - 14
            spec = GAMES.get(found.game) if found.game else None
            address = f"{found.address}:{found.port}"
            if spec is not None:
                line = (_("{address}, {game}, with a code") if found.password else
                        _("{address}, {game}")).format(address=address, game=spec.title)
            else:
                line = (_("{address}, with a code").format(address=address) if found.password
                        else address)
            at = ui.mirrored((rect.x, rect.y, room, 0), rect).x      # beside Use
            assets.text(surface, found.event, (at, rect.y + 4), size=16, bold=True,
                        colour=ui.INK, width=room)
            assets.text(surface, line, (at, rect.y + 26), size=14, colour=ui.MUTED,
                        width=room)
        self.host_list.draw(surface)

    def _draw_boards(self, surface) -> None:
        x, y = self.board_list.view.x, self.boards_title_y
        width = self.board_list.view.width
        where = self.event or address_of(self.url)
        title = (_("Boards at {where}").format(where=isolated(where))
                 if self.net is not None and self.url else _("Boards"))
        assets.text(surface, title, (x, y), size=18, bold=True, colour=ui.TITLE, width=width)
        if not self.boards:
            words = {"connecting": _("Connecting..."),
                     "connected": _("Asking the host for its boards..."),
                     "joining": _("Opening the board...")}.get(
                self.phase, _("Connect to a host to see its boards: type its address and code "
                              "on the left, or use a host found on this network."))
            assets.paragraph(surface, words, (x, self.board_list.rect.y + 4, width, 80),
                             size=16, colour=ui.MUTED)
            return
        room = self.board_text_room()
        for index in self.board_list.shown():
            first, second = self.board_words(self.boards[index])
            rect = self.board_list.row_rect(index)
            if index:
                pygame.draw.line(surface, (90, 70, 50), (rect.x, rect.y), (rect.right, rect.y))
            at = ui.mirrored((rect.x, rect.y, room, 0), rect).x      # beside the buttons
            assets.text(surface, first, (at, rect.y + 10), size=17, bold=True,
                        colour=ui.INK, width=room)
            assets.text(surface, second, (at, rect.y + 34), size=15, colour=ui.MUTED,
                        width=room)
        self.board_list.draw(surface)
