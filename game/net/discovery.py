"""Finding hosts on the local network: mDNS (zeroconf), service ``_callidus._tcp.local.``.

A host announces itself with ``Announcer`` (its event name, the game it hosts
if it hosts one, the port, and whether a password is asked, in the service's
properties); ``browse(timeout)`` lists the hosts heard within ``timeout``
seconds.  mDNS is a convenience: when the network has none (no multicast, a
firewall), the announcer logs one line and the host serves all the same, and
an address typed by hand always works.

Nothing heard is trusted: a property is read as bounded text, a port as a
number from 1 to 65535, and a host that announces nonsense is left out.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import socket
from dataclasses import dataclass

log = logging.getLogger("callidus.net")

SERVICE = "_callidus._tcp.local."
#: The longest property value announced or read (mDNS text records are small).
MAX_PROPERTY = 64


@dataclass(frozen=True)
class FoundHost:
    """A host heard on the network."""

    event: str              # the event's name, as the host announces it
    game: str | None        # the game hosted, for a single game; None for an event of boards
    address: str            # an IPv4 or IPv6 address
    port: int
    password: bool          # True when the host asks for a password or join code

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{host}:{self.port}"


def lan_address() -> str | None:
    """This computer's address on its local network, or None.

    The address the system would send from to reach a private address; a UDP
    socket is connected for that and nothing is sent.
    """
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = sock.getsockname()[0]
        except OSError:
            continue
        if address and not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return address
    return None


def _text(value, limit: int = MAX_PROPERTY) -> str:
    """A property as short printable text ('' when it is not)."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if not isinstance(value, str):
        return ""
    value = "".join(c for c in value if c.isprintable())
    return value[:limit]


def _instance_name(event: str, port: int) -> str:
    # an mDNS instance label is at most 63 bytes; the port keeps two hosts on one computer apart
    label = re.sub(r"[.\x00-\x1f]", " ", event).strip() or "Callidus"
    label = label.encode("utf-8")[:40].decode("utf-8", "ignore")
    return f"{label} ({socket.gethostname()[:12]} {port}).{SERVICE}"


class Announcer:
    """Announces one host while it runs: ``await start()``, ``await stop()``.

    ``start`` never raises: when mDNS cannot be used it logs one line and
    returns False.
    """

    def __init__(self, event: str, port: int, address: str, game: str | None = None,
                 password: bool = False):
        self.event = event
        self.port = port
        self.address = address
        self.game = game
        self.password = password
        self._zeroconf = None
        self._info = None

    async def start(self) -> bool:
        try:
            from zeroconf import IPVersion, ServiceInfo
            from zeroconf.asyncio import AsyncZeroconf
            packed = ipaddress.ip_address(self.address).packed
            properties = {"event": _text(self.event), "game": self.game or "",
                          "port": str(self.port), "password": "1" if self.password else "0",
                          "version": "1"}
            self._info = ServiceInfo(SERVICE, _instance_name(self.event, self.port),
                                     addresses=[packed], port=self.port, properties=properties)
            version = IPVersion.V6Only if len(packed) == 16 else IPVersion.V4Only
            self._zeroconf = AsyncZeroconf(interfaces=[self.address], ip_version=version)
            await self._zeroconf.async_register_service(self._info, allow_name_change=True)
        except Exception as exc:     # no multicast, no interface, a name clash: serve anyway
            log.warning("not announced on the local network (mDNS: %s); join by address",
                        exc or type(exc).__name__)
            await self.stop()
            return False
        return True

    async def stop(self) -> None:
        zc, self._zeroconf = self._zeroconf, None
        if zc is None:
            return
        try:
            if self._info is not None:
                await zc.async_unregister_service(self._info)
        except Exception:            # the network went away: nothing to take back
            pass
        try:
            await zc.async_close()
        except Exception:
            pass


async def browse_async(timeout: float = 2.0, interfaces=None) -> list[FoundHost]:
    """The hosts that answer within ``timeout`` seconds (an empty list without mDNS)."""
    try:
        from zeroconf import IPVersion, ServiceStateChange
        from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf
        kwargs = {"ip_version": IPVersion.V4Only}
        if interfaces is not None:
            kwargs["interfaces"] = list(interfaces)
        zc = AsyncZeroconf(**kwargs)
    except Exception as exc:
        log.warning("cannot look for hosts on the local network (mDNS: %s)", exc)
        return []
    names: list[str] = []

    def heard(zeroconf, service_type, name, state_change):
        if state_change is ServiceStateChange.Added and name not in names and len(names) < 256:
            names.append(name)

    found: dict[tuple, FoundHost] = {}
    browser = None
    try:
        browser = AsyncServiceBrowser(zc.zeroconf, SERVICE, handlers=[heard])
        await asyncio.sleep(timeout)
        for name in list(names):
            try:
                info = await zc.async_get_service_info(SERVICE, name, 1000)
            except Exception:
                continue
            host = _found(info)
            if host is not None:
                found.setdefault((host.address, host.port), host)
    except Exception as exc:
        log.warning("looking for hosts on the local network failed (mDNS: %s)", exc)
    finally:
        try:
            if browser is not None:
                await browser.async_cancel()
            await zc.async_close()
        except Exception:
            pass
    return sorted(found.values(), key=lambda h: (h.event.lower(), h.address, h.port))


def browse(timeout: float = 2.0, interfaces=None) -> list[FoundHost]:
    """``browse_async`` for a caller without an event loop (it blocks ``timeout`` seconds:
    call it from a thread, never from a frame loop)."""
    return asyncio.run(browse_async(timeout, interfaces))


def _found(info) -> FoundHost | None:
    if info is None:
        return None
    try:
        port = int(info.port)
        addresses = info.parsed_addresses()
    except Exception:
        return None
    if not 1 <= port <= 65535 or not addresses:
        return None
    props = {(_text(k)): v for k, v in (info.properties or {}).items()}
    event = _text(props.get("event")) or _text(info.name.split(".")[0])
    from .. import GAMES
    game = _text(props.get("game"))
    game = game if game in GAMES else None
    address = _text(addresses[0])
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return None
    return FoundHost(event, game, address, port, _text(props.get("password")) == "1")
