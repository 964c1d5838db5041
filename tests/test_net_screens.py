"""Playing over the network from the screens, headless, against a real host on loopback:
the setup hosts a game, the join screen finds a host and takes a seat, the play scene
plays a board of a host (moves both ways, a refusal put back, a dropped connection
rejoined, the other player away, draws and resignations through the host), and a seat
is taken back after the program was closed.

The other player is a ``ClientThread`` driven by the test, as another computer's
program would drive it.  Every wait is bounded by frames and seconds that only a hung
test reaches; what is asserted is what the player reads.
"""

from __future__ import annotations

import random
import re

import pygame
import pytest

from game import GAMES
from game.calla import shield_index
from game.errors import IllegalMoveError
from game.net.background import HostThread
from game.net.client import ClientThread
from helpers import click, frames, key, make_app, press, wait_until
from scenes import assets

CODE = "K7Q-F2M"


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    """A game hosted from the screens listens on loopback, on a port the system chooses."""
    monkeypatch.setenv("CALLIDUS_HOST_BIND", "loopback")
    monkeypatch.setenv("CALLIDUS_HOST_PORT", "0")


@pytest.fixture
def closing():
    """Client threads and hosts made by a test, closed however it ends."""
    made = []
    yield made
    for thing in reversed(made):
        (thing.stop if isinstance(thing, HostThread) else thing.close)()


def until(app, condition, what: str, seconds: float = 20.0) -> None:
    assert wait_until(app, condition, seconds), f"never: {what}"


def top(app) -> str:
    return app.stack.top.title


def drawn(app, monkeypatch) -> list[str]:
    """Every text the screen draws in one frame."""
    texts = []
    real = assets.text

    def spy(surface, words, pos, *args, **kwargs):
        texts.append(str(words))
        return real(surface, words, pos, *args, **kwargs)
    monkeypatch.setattr(assets, "text", spy)
    app.draw()
    monkeypatch.setattr(assets, "text", real)
    return texts


def type_into(app, entry, words: str) -> None:
    """Click ``entry``, empty it and type ``words`` a character at a time."""
    click(app, entry.rect.center, settle=1)
    assert entry.is_focused
    for k, mod in ((pygame.K_a, pygame.KMOD_CTRL), (pygame.K_BACKSPACE, 0)):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="",
                                             scancode=0))
    frames(app, 1)
    for char in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    frames(app, 2)
    assert entry.get_text() == words


def host_setup(app, **config):
    """The setup of Calla, Ann in seat 1 moving first, hosted over the network."""
    app.settings.set("net_name", "Ann")
    app.stack.push("setup", game_name="calla", config={"starter": "0", **config})
    frames(app, 2)
    pushed = []
    real_push = app.stack.push

    def keep(scene, **kwargs):
        pushed.append(real_push(scene, **kwargs))
        return pushed[-1]
    app.stack.push = keep
    try:
        press(app, "Play over the network")
    finally:
        del app.stack.push
    # With every seat taken by the host's side (a computer chosen in the setup), the
    # hosting screen may already have handed over to the game within those frames.
    hosting = pushed[0]
    assert hosting.title == "hosting" and top(app) in ("hosting", "play"), top(app)
    assert not hosting.problem, hosting.problem
    return hosting


def hosted_game(app, closing, **config):
    """Ann hosts from the setup and Bob joins with the code: the play scene and Bob."""
    hosting = host_setup(app, **config)
    bob = ClientThread(hosting.url, password=hosting.code.lower().replace("-", " "))
    closing.append(bob)
    bob.join("Bob")
    until(app, lambda: top(app) == "play", "the game starts once Bob sits down")
    return app.stack.top, bob


def board_of(client, board=1):
    view = client.board(board)
    assert view is not None
    return view


def legal_text(view, rng) -> str:
    """A legal move of the position the host last gave, as the host reads it."""
    state = view.state()
    return GAMES[view.game].format_move(state, rng.choice(state.legal_moves()))


def click_shield(app, play, move: int) -> None:
    """The local player clicks shield ``move`` of the side to move on the board."""
    until(app, lambda: not play.view.busy and play.view.input_enabled, "Ann's board to be free")
    rect = play.view.pits_rects[shield_index(play.state.to_move, move)]
    click(app, rect.center)


# --- hosting from the setup ----------------------------------------------------------------

def test_the_setup_hosts_a_game_with_an_address_and_a_code_and_moves_go_both_ways(
        app, closing, monkeypatch):
    hosting = host_setup(app, time_control="5+3")
    assert re.fullmatch(r"ws://127\.0\.0\.1:\d+", hosting.url)
    assert re.fullmatch(r"[A-Z0-9]{3}-[A-Z0-9]{3}", hosting.code)
    until(app, lambda: hosting.remote.ready, "Ann seated at her own host")
    words = drawn(app, monkeypatch)
    address = hosting.url.split("//")[1]
    assert hosting.url in words and hosting.code in words
    assert "Calla, 5+3: 5 min + 3 s per move" in words
    assert f"Read out: 127.0.0.1, port {address.split(':')[1]}" in words
    assert "Seat 1: Ann (you)" in words
    assert "Seat 2: waiting for a player to join..." in words

    bob = ClientThread(hosting.url, password=hosting.code.lower().replace("-", " "))
    closing.append(bob)
    bob.join("Bob")
    until(app, lambda: top(app) == "play", "the game starts once Bob sits down")
    play = app.stack.top
    assert [(s["name"], s["kind"]) for s in play.seats] == [("Ann", "human"), ("Bob", "network")]
    assert play.clock is not None and 280 < play.clock.remaining(0) <= 300
    assert not play.hints_allowed and not play.undo_button.is_enabled

    rng = random.Random(3)
    for ply in range(1, 9):
        if play.state.to_move == 0:          # Ann clicks a shield on her board
            move = rng.choice(play.state.legal_moves())
            click_shield(app, play, move)
            until(app, lambda: board_of(bob).ply == ply, f"Bob sees Ann's move {ply}")
            assert board_of(bob).moves[-1] == str(move)
        else:                                # Bob's program sends his
            until(app, lambda: "Waiting for Bob to move." == play.status_text(),
                  "Ann reads that Bob is to move")
            text = legal_text(board_of(bob), rng)
            bob.move(1, text)
            until(app, lambda: play.session.ply == ply and not play.view.busy
                  and board_of(bob).ply == ply, f"Ann's board shows Bob's move {ply}")
            assert play.notation[-1] == text
        assert play.state.position() == board_of(bob).state().position()
    assert len(play.move_texts) == 8
    bob.resign(1)
    until(app, lambda: top(app) == "results", "the results once Bob resigned")
    results = app.stack.top
    assert results.headline == "Ann wins!"
    assert results.outcome["reason"] == "Bob resigned."
    assert results.record["result"]["end"] == "resigned"      # the host's own record
    labels = [w.text for w in results.widgets if hasattr(w, "text")]
    assert "Rematch" not in labels and "Back to menu" in labels


def test_a_move_the_host_refuses_is_put_back_with_the_hosts_reason(app, closing):
    play, bob = hosted_game(app, closing)
    session = play.remote.host.host.boards[1].session

    def refuse(*args, **kwargs):
        raise IllegalMoveError("that shield is closed on this host")
    session.play = refuse
    click_shield(app, play, 3)
    until(app, lambda: play.status_text() == "Not allowed: that shield is closed on this host",
          "the host's reason on the status line")
    assert play.cursor == 0 and play.notation == [] and play.move_texts == []
    assert play.view.state.position() == board_of(bob).state().position()
    del session.play
    click_shield(app, play, 3)
    until(app, lambda: board_of(bob).ply == 1, "the move the host now takes")
    assert play.notation == ["3"]


def test_a_dropped_connection_is_said_and_rejoined_and_an_absent_opponent_is_waited_for(
        app, closing):
    play, bob = hosted_game(app, closing)
    host = play.remote.host

    def drop_ann():
        host.host.boards[1].seats[0].conn.ws.transport.abort()
    host._call(drop_ann)
    until(app, lambda: play.status_text().startswith("The connection to the host is lost: "
                                                     "reconnecting"), "the lost connection said")
    assert not play.view.input_enabled
    until(app, lambda: play.remote.connection == "open" and play.view.input_enabled,
          "Ann's program back at her seat by itself")
    click_shield(app, play, 2)
    until(app, lambda: board_of(bob).ply == 1, "a move after rejoining reaches Bob")

    token = bob.tickets()[1].token
    bob.close()
    until(app, lambda: re.fullmatch(r"Waiting for Bob \(reconnecting, 0:0\d\)",
                                    play.status_text()), "Ann waits for Bob")
    bob = ClientThread(play.remote.net.url, password=play.remote.password)
    closing.append(bob)
    bob.rejoin(1, token, 0)
    until(app, lambda: not play.status_text().startswith("Waiting for Bob (reconnecting"),
          "Bob back")
    until(app, lambda: board_of(bob).ply == 1, "Bob caught up")
    if play.state.to_move == 1:
        bob.move(1, legal_text(board_of(bob), random.Random(1)))
        until(app, lambda: play.session.ply == 2, "Bob's move after he came back")


def test_draws_and_resignations_go_through_the_host(app, closing, monkeypatch):
    play, bob = hosted_game(app, closing)
    click_shield(app, play, 1)                   # no free turn: Bob is to move
    until(app, lambda: board_of(bob).ply == 1, "Ann's move")
    bob.offer_draw(1)
    until(app, lambda: play.status_text().startswith("Bob offers a draw"), "Bob's offer said")
    key(app, pygame.K_ESCAPE)
    assert top(app) == "pause"
    pause = app.stack.top
    assert not pause.restart_button.is_enabled and not pause.save_game_button.is_enabled
    press(app, "Offer a draw")                   # Ann accepts by offering back
    until(app, lambda: top(app) == "results", "the agreed draw ends the game")
    assert app.stack.top.headline == "A draw"
    assert board_of(bob).result["end"] == "agreed"


def test_the_local_player_resigns_through_the_host(app, closing):
    play, bob = hosted_game(app, closing)
    key(app, pygame.K_ESCAPE)
    press(app, "Resign")
    press(app, "Resign")                         # the question, answered
    until(app, lambda: top(app) == "results", "the results of Ann's resignation")
    assert app.stack.top.headline == "Bob wins!"
    assert board_of(bob).result["reason"] == "Ann resigned."


def test_leaving_the_waiting_screen_stops_the_host(app):
    hosting = host_setup(app)
    url = hosting.url
    press(app, "Stop hosting")
    assert top(app) == "setup"
    lost = ClientThread(url, password=hosting.code)
    try:
        messages = []
        until(app, lambda: messages.extend(lost.poll()) or messages, "an answer")
        assert messages[0]["state"] == "closed" and "cannot reach" in messages[0]["reason"]
    finally:
        lost.close()


# --- joining ---------------------------------------------------------------------------------

@pytest.fixture
def table(tmp_path, closing):
    """A host of one Calla board (5+3, a 5-minute game timer) with Ann in seat 1: its
    address and Ann's client."""
    host = HostThread(db=tmp_path / "host.sqlite3", announce=False, name="Ann's Calla",
                      password=CODE, code=True, game="calla")
    url = host.start()
    closing.append(host)
    host.create_board("calla", options={"time_limit_minutes": 5}, time_control="5+3",
                      names=["Ann", None])
    ann = ClientThread(url, password=CODE)
    closing.append(ann)
    ann.join("Ann", board=1, seat=0)
    return url, ann, host


def join_screen(app, url=None, code=CODE, name="Bob"):
    press(app, "Join a table")
    join = app.stack.top
    assert top(app) == "join"
    if url is not None:
        type_into(app, join.address_entry, url.split("//")[1])
    type_into(app, join.code_entry, code)
    type_into(app, join.name_entry, name)
    return join


def test_the_join_screen_lists_a_host_typed_by_address_and_takes_a_free_seat(
        app, table, monkeypatch):
    url, ann, _ = table
    join = join_screen(app, url, code="k7q f2m")
    press(app, "Connect")
    until(app, lambda: join.boards, "the host's boards listed")
    first, second = join.board_words(join.boards[0])
    assert first == "Board 1: Calla, 5+3"
    assert second == "Ann v a free seat - waiting for players"
    assert "Boards at " + url.split("//")[1] in drawn(app, monkeypatch)
    assert first in drawn(app, monkeypatch)
    press(app, "Take seat")
    until(app, lambda: top(app) == "play", "Bob's board")
    play = app.stack.top
    assert play.remote.seat == 1 and [s["kind"] for s in play.seats] == ["network", "human"]
    assert play.view.turned                   # Bob's side nearest him
    assert play.timer is not None and 290 < play.timer <= 300     # the host's game timer
    assert app.settings["net_name"] == "Bob" and app.settings["net_address"] == \
        url.split("//")[1]
    rng = random.Random(5)
    until(app, lambda: board_of(ann).started, "Ann's program sees the game start")
    for ply in range(1, 7):
        if play.state.to_move == 1:
            click_shield(app, play, rng.choice(play.state.legal_moves()))
            until(app, lambda: board_of(ann).ply == ply, f"Ann sees Bob's move {ply}")
        else:
            ann.move(1, legal_text(board_of(ann), rng))
            until(app, lambda: play.session.ply == ply and not play.view.busy
                  and board_of(ann).ply == ply, f"Bob's board shows Ann's move {ply}")
        assert play.state.position() == board_of(ann).state().position()


def test_a_bad_address_no_host_and_a_wrong_code_are_each_one_line(app, table):
    url, _, _ = table
    join = join_screen(app, "ws://", code="")
    press(app, "Connect")
    assert join.notice.startswith("Not an address:") and join.problem
    type_into(app, join.address_entry, "127.0.0.1:1")
    press(app, "Connect")
    until(app, lambda: join.notice.startswith("No host answers at 127.0.0.1:1"),
          "nobody at that address")
    type_into(app, join.address_entry, url.split("//")[1])
    type_into(app, join.code_entry, "AAA-AAA")
    press(app, "Connect")
    until(app, lambda: "refused the code" in join.notice, "the wrong code said")
    type_into(app, join.code_entry, "")
    press(app, "Connect")
    until(app, lambda: "asks for a code" in join.notice, "a code needed")
    type_into(app, join.code_entry, CODE)
    type_into(app, join.name_entry, "")
    press(app, "Connect")
    until(app, lambda: join.boards, "the boards of the right code")
    press(app, "Take seat")
    assert join.notice == "Type your name first." and top(app) == "join"


def test_a_host_heard_on_the_network_is_listed_and_used(app, table, monkeypatch):
    from game.net import discovery
    url, _, _ = table
    port = int(url.rsplit(":", 1)[1])
    heard = discovery.FoundHost("Ann's Calla", "calla", "127.0.0.1", port, True)
    monkeypatch.setattr(discovery, "browse", lambda timeout=2.0, interfaces=None: [heard])
    join = join_screen(app, code=CODE)
    until(app, lambda: join.hosts == [heard], "the host heard")
    frames(app, 2)
    words = drawn(app, monkeypatch)
    assert "Ann's Calla" in words and f"127.0.0.1:{port}, Calla, with a code" in words
    press(app, "Use")
    until(app, lambda: join.boards, "its boards")
    assert join.address_entry.get_text() == f"127.0.0.1:{port}"
    assert "Boards at Ann's Calla" in drawn(app, monkeypatch)


def test_a_watcher_sees_the_board_move_and_cannot_move(app, table, closing):
    url, ann, _ = table
    bob = ClientThread(url, password=CODE)
    closing.append(bob)
    bob.join("Bob", board=1)
    join = join_screen(app, url, name="Cy")
    press(app, "Connect")
    until(app, lambda: join.boards and join.boards[0]["status"] == "playing", "the board")
    take = next(b for b, (what, _) in join.board_buttons.items() if what == "take")
    assert not take.is_enabled                 # no free seat
    press(app, "Watch")
    until(app, lambda: top(app) == "play", "the watched board")
    play = app.stack.top
    assert play.remote.watching and [s["kind"] for s in play.seats] == ["network", "network"]
    assert play.status_text() == "Watching: Ann to move."
    before = play.state
    click(app, play.view.pits_rects[shield_index(0, 3)].center)
    frames(app, 5)
    assert play.state is before and board_of(ann).ply == 0
    ann.move(1, "1")
    until(app, lambda: play.session.ply == 1, "the watcher sees Ann's move")
    assert play.notation == ["1"]


def test_a_seat_taken_over_the_network_is_rejoined_after_the_program_was_closed(
        tmp_path, table):
    url, ann, _ = table
    app = make_app(tmp_path)
    app.settings.set("animation_speed", 4.0)
    app.stack.push("menu")
    frames(app, 2)
    join = join_screen(app, url)
    press(app, "Connect")
    until(app, lambda: join.boards, "the boards")
    press(app, "Take seat")
    until(app, lambda: top(app) == "play", "Bob's board")
    until(app, lambda: board_of(ann).started, "the game on")
    ann.move(1, "1")
    until(app, lambda: app.stack.top.session.ply == 1, "Ann's move")
    app.close()                               # the program is closed mid-game
    until_away = []
    assert wait_until_client(ann, until_away, lambda m: m.get("kind") == "away")

    again = make_app(tmp_path)
    try:
        again.stack.push("menu")
        frames(again, 2)
        menu = again.stack.top
        assert menu.unfinished["calla"].network
        assert menu.resume_buttons["calla"].text == "Rejoin"
        press(again, "Rejoin")
        until(again, lambda: top(again) == "play", "Bob's seat taken back")
        play = again.stack.top
        assert play.remote.seat == 1 and play.seats[1]["name"] == "Bob"
        until(again, lambda: play.session.ply == board_of(ann).ply, "every move so far")
        assert play.state.position() == board_of(ann).state().position()
        until(again, lambda: board_of(ann).away == {}, "Bob is back for Ann too")
    finally:
        again.close()


def test_a_hosted_game_is_hosted_again_after_the_program_was_closed(tmp_path, closing):
    app = make_app(tmp_path)
    app.settings.set("animation_speed", 4.0)
    app.stack.push("menu")
    frames(app, 2)
    play, bob = hosted_game(app, closing)
    port = play.remote.host.host.port
    click_shield(app, play, 1)
    until(app, lambda: board_of(bob).ply == 1, "Ann's move")
    app.close()                               # the host goes with the program
    until_lost = []
    assert wait_until_client(bob, until_lost, lambda m: m.get("state") == "lost")

    again = rejoined(tmp_path)
    try:
        play = again.stack.top
        assert play.remote.host.host.port == port and play.session.ply == 1
        until(again, lambda: board_of(bob).away == {} and not board_of(bob).paused,
              "Bob's program back by itself, the clocks running again", seconds=30)
        bob.move(1, legal_text(board_of(bob), random.Random(2)))
        until(again, lambda: play.session.ply == 2, "Bob's move on the game hosted again")
    finally:
        again.close()


def rejoined(tmp_path):
    """The program started again after it was closed, its hosted game brought back by the
    menu's Rejoin."""
    again = make_app(tmp_path)
    try:
        again.stack.push("menu")
        frames(again, 2)
        press(again, "Rejoin")
        until(again, lambda: top(again) == "play", "the hosted game back")
    except BaseException:
        again.close()
        raise
    return again


def wait_until_client(client, seen: list, test, seconds: float = 20.0) -> bool:
    import time
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for message in client.poll():
            seen.append(message)
            if test(message):
                return True
        time.sleep(0.02)
    return False


class FakeTime:
    """The host's clock, stepped by the test."""

    def __init__(self):
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def fake_table(tmp_path, app, closing, **board):
    """A host on a clock the test steps, one Calla board made with ``board``, Ann in seat 1
    and Bob (this program) in seat 2: the host, its clock, Bob's play scene and Ann."""
    fake = FakeTime()
    host = HostThread(db=tmp_path / "host.sqlite3", announce=False, name="Ann's Calla",
                      password=CODE, code=True, game="calla", now=fake, schedule=False)
    url = host.start()
    closing.append(host)
    host.create_board("calla", names=["Ann", None], **board)
    ann = ClientThread(url, password=CODE)
    closing.append(ann)
    ann.join("Ann", board=1, seat=0)
    join = join_screen(app, url)
    press(app, "Connect")
    until(app, lambda: join.boards, "the boards")
    press(app, "Take seat")
    until(app, lambda: top(app) == "play", "Bob's board")
    until(app, lambda: board_of(ann).started, "the game on")
    return host, fake, app.stack.top, ann


def test_time_called_by_the_host_is_shown_as_at_one_screen(tmp_path, app, closing):
    host, fake, play, ann = fake_table(tmp_path, app, closing, time_control="10",
                                       options={"time_limit_minutes": 5})
    assert play.time_rule_text() is None and 290 < play.timer <= 300
    ann.move(1, "1")                             # no free turn: Bob is to move
    until(app, lambda: play.session.ply == 1 and not play.view.busy, "Ann's move")
    fake.t += 301                                # the game timer runs out on the host
    host._call(host.host.check_clocks)
    until(app, lambda: play.time_rule_text() == "Time called: Bob plays one last turn.",
          "time called, as the host said")
    assert "Time!" in [b.text for b in play.view.banners] and play.remote.may_move()
    assert play.session.time_called_ply == 1 and play.timer == 0
    click_shield(app, play, 1)
    until(app, lambda: top(app) == "results", "the results after the last turn")
    assert app.stack.top.outcome["reason"] == play.session.ended["reason"] != ""
    assert play.session.ended["end"] == "rules"


def test_a_flag_fallen_on_the_host_is_shown_as_at_one_screen(tmp_path, app, closing):
    host, fake, play, _ = fake_table(tmp_path, app, closing, time_control="1",
                                  options={"time_limit_minutes": 0})
    assert play.timer is None and play.clock.remaining(1) == 60
    fake.t += 61                                 # Ann, to move, lets her minute run out
    host._call(host.host.check_clocks)
    until(app, lambda: play.finished, "the game over on time")
    assert "Flag fell!" in [b.text for b in play.view.banners]
    until(app, lambda: top(app) == "results", "the results")
    assert app.stack.top.outcome["reason"] == "Ann ran out of time."
    assert app.stack.top.headline == "Bob wins!"


def test_a_game_the_director_ends_with_a_result_says_so_and_takes_no_more_moves(
        tmp_path, app, closing):
    host, _, play, ann = fake_table(tmp_path, app, closing, time_control="5+3")
    ann.move(1, "1")                             # no free turn: Bob is to move
    until(app, lambda: play.session.ply == 1 and not play.view.busy, "Ann's move")
    host._call(host.host.decide, 1, "0-1")       # the players told the director Bob won
    until(app, lambda: play.finished, "the game over, as the director decided")
    assert "Ended by the director" in [b.text for b in play.view.banners]
    until(app, lambda: top(app) == "results", "the results")
    assert app.stack.top.headline == "Bob wins!"
    assert app.stack.top.outcome["reason"] == "The director ended the game: Bob won."
    assert board_of(ann).result["end"] == "director"
    seen = []
    ann.move(1, "2")
    assert wait_until_client(ann, seen, lambda m: m.get("type") == "error")
    assert seen[-1]["reason"] == "board 1 is over"


def test_taking_a_seat_asks_before_replacing_an_unfinished_game_of_that_game(app, table):
    from game.files import read_json, write_json_atomic
    from game.session import Session
    from scenes.saves import unfinished_path
    url, _, _ = table
    kept = Session("calla")
    kept.play(kept.state.legal_moves()[0])
    write_json_atomic(unfinished_path("calla"), kept.record())
    join = join_screen(app, url)
    press(app, "Connect")
    until(app, lambda: join.boards, "the boards")
    press(app, "Take seat")
    assert top(app) == "question"
    press(app, "Start a new game")
    until(app, lambda: top(app) == "play", "the seat taken")
    app.writer.flush()
    assert read_json(unfinished_path("calla"))["network"]["seat"] == 1


def test_a_game_of_chance_shows_the_hosts_draws_after_each_move(tmp_path, app, closing):
    """Calliro draws chips at random: the board shows the local move at once, then the
    host's position (its draw) once the host has played it; the seed stays the host's."""
    host = HostThread(db=tmp_path / "host.sqlite3", announce=False, name="Ann's Calliro",
                      password=CODE, code=True, game="calliro")
    url = host.start()
    closing.append(host)
    host.create_board("calliro", names=["Ann", None])
    secret = host.host.boards[1].session.state.position()["seed"]
    ann = ClientThread(url, password=CODE)
    closing.append(ann)
    ann.join("Ann", board=1, seat=0)
    join = join_screen(app, url)
    press(app, "Connect")
    until(app, lambda: join.boards, "the boards")
    press(app, "Take seat")
    until(app, lambda: top(app) == "play", "Bob's board")
    play = app.stack.top
    until(app, lambda: board_of(ann).started, "the game on")
    rng = random.Random(11)
    for ply in range(1, 9):
        if play.state.to_move == 1:
            until(app, lambda: play.view.input_enabled, "Bob's turn on his board")
            assert play.apply(rng.choice(play.state.legal_moves()))   # as his board hands it
        else:
            ann.move(1, legal_text(board_of(ann), rng))
        until(app, lambda: board_of(ann).ply == ply and play.session.ply == ply
              and play.session.pending is None and not play.remote.refresh
              and not play.view.busy, f"move {ply} on both sides")
        assert play.state.position() == board_of(ann).state().position()
        assert play.view.state.position() == play.state.position()
        assert play.state.position()["seed"] == 0 != secret


def test_the_address_last_joined_is_asked_for_its_boards_as_the_screen_opens(app, table):
    url, _, _ = table
    app.settings.set("net_address", url.split("//")[1])
    app.settings.set("net_name", "Bob")
    press(app, "Join a table")
    join = app.stack.top
    until(app, lambda: "asks for a code" in join.notice, "the remembered host, asked at once")
    type_into(app, join.code_entry, CODE)
    press(app, "Connect")
    until(app, lambda: join.boards, "its boards")
    press(app, "Take seat")                      # and the name is remembered too
    until(app, lambda: top(app) == "play", "Bob's board")



# --- what comes from a file or over the wire, however it is -----------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40)
                    | st.floats(allow_nan=False) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=6), max_leaves=25)
TICKET = {"url": "ws://127.0.0.1:8765", "board": 1, "seat": 1,
          "token": "A" * 32, "since": 4, "name": "Bob", "password": CODE,
          "host": {"port": 8765, "code": CODE, "event": "Ann's Calla"}}
FUZZ = settings(max_examples=80, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(field=st.sampled_from(sorted(TICKET) + ["host.port", "host.code", "host.event"]),
       value=JSON)
def test_a_kept_ticket_is_read_or_refused_naming_its_field(field, value):
    from scenes.net.common import TicketProblem, read_ticket
    ticket = {**TICKET, "host": dict(TICKET["host"])}
    if field.startswith("host."):
        ticket["host"][field[5:]] = value
    else:
        ticket[field] = value
    try:
        kept = read_ticket(ticket)
    except TicketProblem as exc:
        assert f"'network.{field.split('.')[0]}" in str(exc)
    else:
        assert kept["url"].startswith("ws://") and type(kept["board"]) is int


@FUZZ
@given(messages=st.lists(st.fixed_dictionaries(
    {"type": st.sampled_from(["event", "now", "seated", "error", "connection", "boards"]),
     "board": st.sampled_from([1, 2, None]), "seq": st.integers(0, 6),
     "kind": st.sampled_from(["created", "seated", "started", "move", "time_called",
                              "away", "back", "paused", "resumed", "draw_offered", "ended"])},
    optional={"position": JSON, "names": JSON, "clocks": JSON, "move": JSON, "ply": JSON,
              "seat": JSON, "game": st.sampled_from(["calla", "calliro", "chess", 3]),
              "reason": JSON, "state": JSON, "record": JSON, "winner": JSON, "end": JSON,
              "away": JSON, "token": JSON, "timer_ms": JSON, "running": JSON}),
    max_size=12))
def test_whatever_a_host_sends_a_board_is_shown_or_refused_in_words(messages):
    """A RemoteGame takes in any messages without raising: the board it makes (if any) can
    be asked everything the screens ask."""
    from scenes.net.remote import RemoteGame

    class Net:
        url = "ws://127.0.0.1:8765"

        def poll(self):
            return []
    game = RemoteGame(None, Net(), 1)
    for message in messages:
        game.take(message)
    if game.session is not None:
        game.status_words()
        game.move_problem()
        game.session.outcome
        game.session.record()
        game.ticket()
    assert isinstance(game.problem, str)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(boards=JSON)
def test_whatever_list_of_boards_a_host_sends_is_listed_or_left_out(app, boards):
    join = app.stack.push("net.join")
    join._set_boards(boards if not isinstance(boards, list) else boards
                     + [{"board": 7, "game": "calla", "names": ["Ann", 5], "free": [1, "x"]}])
    for board in join.boards:
        first, second = join.board_words(board)
        assert first.startswith(f"Board {board['board']}: ")
    join.draw(app.screen)
    app.stack.pop()


def test_a_damaged_ticket_is_set_aside_with_its_reason(app):
    from game.files import write_json_atomic
    from game.session import Session
    from scenes.saves import unfinished_path
    kept = Session("calla")
    kept.play(kept.state.legal_moves()[0])
    write_json_atomic(unfinished_path("calla"), {**kept.record(),
                                                 "network": {**TICKET, "token": "x"}})
    app.stack.reset("menu")
    frames(app, 2)
    assert app.stack.top.resume_buttons["calla"].text == "Rejoin"
    press(app, "Rejoin")
    menu = app.stack.top
    assert top(app) == "menu"
    assert "field 'network.token' is not a seat's token" in menu.notice
    assert "could not be read and was kept as" in menu.notice
    assert not unfinished_path("calla").exists()


def test_a_game_of_four_hosted_from_the_setup_starts_once_every_seat_is_taken(
        app, closing, monkeypatch):
    app.settings.set("net_name", "Ann")
    app.stack.push("setup", game_name="callisto", config={"variant": "callisto",
                                                          "starter": "0"})
    frames(app, 2)
    press(app, "Play over the network")
    hosting = app.stack.top
    until(app, lambda: hosting.remote is not None and hosting.remote.ready, "Ann seated")
    others = []
    for name in ("Bob", "Cy", "Dee"):
        words = drawn(app, monkeypatch)
        assert sum(1 for w in words if w.endswith("waiting for a player to join...")) == \
            3 - len(others)
        client = ClientThread(hosting.url, password=hosting.code)
        closing.append(client)
        client.join(name)
        others.append(client)
        if name != "Dee":
            until(app, lambda: len([n for n in hosting.remote.view.names if n]) ==
                  1 + len(others), f"{name} seated")
            assert top(app) == "hosting"
    until(app, lambda: top(app) == "play", "the game once the fourth seat is taken")
    play = app.stack.top
    assert [s["kind"] for s in play.seats] == ["human", "network", "network", "network"]
    assert play.draw_problem() == "A draw is agreed between two players; this game has more."


def robo_moves(play) -> int:
    """Moves made by seat 1 (board seat 0) so far."""
    session = play.session
    return sum(1 for state in session.history[:session.ply] if state.to_move == 0)


def play_until_robo_moves(app, play) -> None:
    """Ann (board seat 1) plays legal moves until the other seat has answered one."""
    before = robo_moves(play)
    for _ in range(30):
        until(app, lambda: robo_moves(play) > before or (
            play.state.to_move == 1 and play.session.pending is None and not play.view.busy
            and play.remote.may_move()), "Ann's turn, or Robo's answer", seconds=40)
        if robo_moves(play) > before:
            return
        click_shield(app, play, play.state.legal_moves()[0])
    raise AssertionError("Robo never answered")


def test_a_computer_chosen_in_the_setup_plays_its_seat_on_the_host_and_comes_back(
        tmp_path, closing):
    app = make_app(tmp_path)
    app.settings.set("animation_speed", 4.0)
    app.stack.push("menu")
    frames(app, 2)
    seats = [{"name": "", "kind": "human"}, {"name": "Robo", "kind": "computer:easy"}]
    hosting = host_setup(app, seats=seats, starter="1")      # Robo moves first
    until(app, lambda: top(app) == "play", "the game, Robo's seat taken by the host's computer")
    play = app.stack.top
    assert [s["name"] for s in play.seats] == ["Robo", "Ann"] and play.remote.seat == 1
    until(app, lambda: robo_moves(play) >= 1, "Robo's first move, played by the host")
    stranger = ClientThread(hosting.url, password=hosting.code)
    closing.append(stranger)
    stranger.join("Zed")
    seen = []
    assert wait_until_client(stranger, seen, lambda m: m.get("type") == "error")
    assert seen[-1]["reason"] == "no board has a free seat"
    play_until_robo_moves(app, play)
    until(app, lambda: play.state.to_move == 1 and not play.view.busy, "Ann's turn")
    ply = play.session.ply
    app.close()                               # the host, and its computer, go with the program
    again = rejoined(tmp_path)
    try:
        play = again.stack.top
        assert play.session.ply == ply
        play_until_robo_moves(again, play)   # Robo is back at its seat on the host
    finally:
        again.close()


@pytest.mark.parametrize("words", ["\u200b\u200f", "\u202eABC\u2066", "\u00ad", "😀" * 30,
                                   "ws://[::1", "a b\tc", "Ann\u0301e", "名前"])
def test_any_text_in_the_join_screens_boxes_is_taken_or_refused_in_words(app, words):
    join = app.stack.push("net.join")
    frames(app, 2)
    for entry in (join.address_entry, join.code_entry, join.name_entry):
        entry.set_text(words[:entry.length_limit] if entry.length_limit else words)
    frames(app, 2)
    press(app, "Connect")
    until(app, lambda: join.notice and join.phase != "connecting", "an answer")
    assert join.problem and top(app) == "join"
    join.phase = "connected"
    join.take_seat({"board": 1, "game": "calla"})
    if join.texts["name"].strip():
        assert top(app) in ("join", "question")
    frames(app, 2)
    app.draw()
