"""The player's side of games over the network.

``hosting`` (the screen "net.hosting") hosts one game from the setup and waits for the
other player; ``join`` (the screen "net.join") finds hosts, lists their boards and takes
a seat or watches; ``remote`` is the part the play scene holds for a board of a host
(``RemoteGame``, with the ``RemoteSession`` the scene plays through); ``common`` holds
what they share (the seat's ticket kept on disk, the words for a failure, where a host
listens).  The host, its messages and the client are ``game.net`` (``docs/network.md``).
"""
