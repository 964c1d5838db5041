"""A ``Host`` in the background of a program with a frame loop: ``HostThread``.

The host runs on an event loop of its own thread; every method here returns
at once or after the host has done what was asked (a board made), never after
network traffic.  What happens on the boards arrives through ``poll()``::

    host = HostThread(db=path, name="Friday club", bind="lan", password=code, code=True)
    url = host.start()                          # raises what the host raised
    board = host.create_board("calla", time_control="5+3", names=["Ann", "Bob"])
    for news in host.poll():                    # each frame
        ...   # ("event", board, kind, data) or ("result", board, result)
    host.stop()

The host's work runs in the program's process (a few boards cost little); a
host of many boards is better run as ``python -m game serve`` of its own.
"""

from __future__ import annotations

import asyncio
import queue
import threading

from ..i18n import source_language_here
from .host import Host


class HostThread:
    """``Host(**settings)`` run on a thread of its own (see the module docstring)."""

    def __init__(self, events: bool = True, **settings):
        self._settings = settings
        self._events = events
        self._queue: queue.Queue = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._thread: threading.Thread | None = None
        self.host: Host | None = None
        self._stopped = None
        self._tasks: set = set()        # what runs beside the host (``submit``)

    def start(self, timeout: float = 15.0) -> str:
        """Start the host; its address (``ws://ADDRESS:PORT``).  Raises what ``Host.start``
        raised (``HostStoreError``, ``OSError``) or ``TimeoutError``."""
        started = threading.Event()
        failure: list = []

        def run():
            # what the host says goes to other programs as machine text: each player's
            # program words what it shows in its own language
            source_language_here()
            asyncio.set_event_loop(self._loop)

            async def main():
                self._stopped = asyncio.Event()
                try:
                    self.host = Host(on_result=self._result,
                                     on_event=self._event if self._events else None,
                                     **self._settings)
                    await self.host.start()
                except BaseException as exc:        # handed to the caller of start()
                    failure.append(exc)
                    started.set()
                    return
                started.set()
                await self._stopped.wait()
                for task in list(self._tasks):
                    task.cancel()
                await asyncio.gather(*self._tasks, return_exceptions=True)
                await self.host.close()

            try:
                self._loop.run_until_complete(main())
            finally:
                self._loop.close()

        self._thread = threading.Thread(target=run, name="callidus-host", daemon=True)
        self._thread.start()
        if not started.wait(timeout):
            raise TimeoutError("the host did not start in time")
        if failure:
            raise failure[0]
        return self.host.url

    @property
    def url(self) -> str | None:
        return self.host.url if self.host is not None else None

    def _result(self, board: int, result: dict) -> None:
        self._queue.put(("result", board, result))

    def _event(self, board: int, kind: str, data: dict) -> None:
        self._queue.put(("event", board, kind, data))

    def _call(self, function, *args, **kwargs):
        async def run():
            return function(*args, **kwargs)
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def create_board(self, game: str, **settings) -> int:
        """``Host.create_board`` on the host's thread; the board's number."""
        return self._call(self.host.create_board, game, **settings)

    def submit(self, coroutine) -> None:
        """Run ``coroutine`` on the host's event loop beside the host (a computer of its own
        at a seat: ``bot.play_host_computers``), until it ends or the host stops."""
        def begin():
            task = self._loop.create_task(coroutine)
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        self._loop.call_soon_threadsafe(begin)

    def summaries(self) -> list[dict]:
        return self._call(self.host.summaries)

    def pause(self, board: int) -> None:
        self._call(self.host.pause, board)

    def resume(self, board: int) -> None:
        self._call(self.host.resume, board)

    def forfeit(self, board: int, seat: int, reason: str | None = None) -> None:
        self._call(self.host.forfeit, board, seat, reason)

    def poll(self) -> list:
        """What happened since the last call, oldest first (never waits)."""
        found = []
        while True:
            try:
                found.append(self._queue.get_nowait())
            except queue.Empty:
                return found

    def stop(self, timeout: float = 10.0) -> None:
        """Close the host (its boards stay in its database) and end the thread."""
        if self._thread is None or self._loop.is_closed():
            return
        try:
            self._loop.call_soon_threadsafe(self._stopped.set)
        except RuntimeError:        # the loop already ended
            pass
        self._thread.join(timeout)
