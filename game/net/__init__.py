"""Games over the network: a host holds the boards, clients join, play and watch.

Built on ``websockets`` (asyncio) and ``zeroconf`` (mDNS); every message is
JSON, described in ``docs/network.md``.  Imports run one way, from the top of
this list down; none imports a module above it:

``cli``
    ``python -m game serve`` and ``python -m game bot``.  May import every
    module below.
``tournament``
    A kept tournament's round hosted (``TournamentHost``, and
    ``TournamentHostThread`` for a frame loop): boards made from its
    pairings, the host's bots on computers' seats, each result kept in the
    round.  Imports ``background``, ``bot``, ``client`` and
    ``game.tournament``.
``bot``
    A computer player at a seat of a host (``play_bot``), its thinking in
    another process (``game.ai.worker``).  Imports ``client``.
``background``
    ``HostThread``: a ``Host`` on a thread of its own, for a program with a
    frame loop.  Imports ``host``.
``host``
    ``Host``: the boards, the connections, the clocks' checks.  Imports
    ``board``, ``store``, ``discovery``, ``protocol`` and ``game.session``.
``client``
    ``Client`` (asyncio) and ``ClientThread`` (for a frame loop), with a
    ``BoardView`` of each board followed.  Imports ``protocol``.
``board``
    One board: its session, seats and numbered events.  Imports ``protocol``.
``store``
    A host's boards in SQLite, each event committed as it happens.
``discovery``
    Announcing a host and finding hosts on the local network (mDNS).
``protocol``
    The messages, their checks, the rate of a connection.

The package itself imports nothing, so ``import game.net.protocol`` alone
never loads websockets or SQLite.
"""
