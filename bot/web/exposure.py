"""What an exposed port needs: who a request really comes from, bounds on what one address (or everyone) may hold
open, connections that must send their request in time, and headers that give nothing away.

- :class:`Proxies`: ``X-Forwarded-For`` is believed only from the proxies the operator names (``TRUSTED_PROXIES``;
  loopback by default), and then its last address that is not one of them is the client.
- :class:`StreamCaps`: open event streams per address and in all; a refused stream is told to retry later.
- :class:`ConnectionCap`: open connections in all, within the process's open files (:func:`connections_in_all`); past a
  cap a new connection closes the oldest one still sending its first headers (so a flood of half-sent requests cannot hold
  the port while /healthz and the players wait), or is itself closed where every one is at work.
- :class:`GuardedSite`: a TCP site whose new connections must finish their first request's headers within
  :data:`HEADER_TIMEOUT` seconds, else they are closed; a kept-alive connection's next request must come whole
  within :data:`KEEPALIVE_TIMEOUT` (aiohttp's own keep-alive closes a connection whose request is not complete by
  then).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections import Counter
from collections.abc import Iterable
from typing import Any

from aiohttp import web

from bot.config import Config, Network, networks

log = logging.getLogger("web")

HEADER_TIMEOUT = 10.0  # seconds a connection has to send a request's headers
BODY_TIMEOUT = 20.0  # seconds a request has to send its body
KEEPALIVE_TIMEOUT = 30.0  # seconds an idle kept-alive connection stays open (and a next request has to come whole)


LOOPBACK = networks(Config.trusted_proxies)  # the default: a proxy on this machine


class Proxies:
    """The reverse proxies whose ``X-Forwarded-For`` is believed."""

    def __init__(self, trusted: Iterable[Network] = LOOPBACK) -> None:
        self.trusted = tuple(trusted)

    def trusts(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)

    def client(self, peer: str | None, forwarded: str) -> str:
        """The client's address: ``peer``, or when ``peer`` is a trusted proxy, the last address of ``forwarded``
        that is not one (each proxy appends the address it saw; what comes before a trusted one can be forged).

        >>> Proxies().client("127.0.0.1", "6.6.6.6, 203.0.113.9")
        '203.0.113.9'
        >>> Proxies().client("198.51.100.7", "203.0.113.9")
        '198.51.100.7'
        >>> Proxies(networks("127.0.0.1, 10.0.0.0/8")).client("127.0.0.1", "203.0.113.9, 10.1.2.3")
        '203.0.113.9'
        """
        address = peer or "?"
        if not forwarded or not self.trusts(address):
            return address
        for hop in reversed([part.strip() for part in forwarded.split(",")]):
            if not hop:
                break
            address = hop
            if not self.trusts(hop):
                break
        return address


class StreamCaps:
    """At most ``per_address`` open streams from one address and ``total`` in all."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._open: Counter[str] = Counter()

    @property
    def open(self) -> int:
        return sum(self._open.values())

    def take(self, address: str) -> bool:
        """Count one more stream from ``address``; False (nothing counted) when that would pass a cap."""
        if self._open[address] >= self.per_address or self.open >= self.total:
            return False
        self._open[address] += 1
        return True

    def give_back(self, address: str) -> None:
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]


STREAMS_PER_ADDRESS = 16  # open event streams one address may hold (a household's pages, each in a few tabs)
STREAMS_IN_ALL = 4000  # open event streams in all, at most half the open files the process may have
PROXIES = web.AppKey("proxies", Proxies)
HTTPS = web.AppKey("https", bool)  # the pages are reached by https only: browsers are told never to use http
STREAMS = web.AppKey("streams", StreamCaps)


def address_key(address: str) -> str:
    """Whom an address counts as for the limits: an IPv4 address itself; an IPv6 address its /64 (one household or
    one host is handed a whole /64, and a new address in it costs nothing); anything else as it is.

    >>> address_key("203.0.113.9"), address_key("2001:db8:1:2:aaaa::1"), address_key("2001:db8:1:2::ffff")
    ('203.0.113.9', '2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> address_key("::ffff:203.0.113.9"), address_key("unknown")
    ('203.0.113.9', 'unknown')
    """
    try:
        found = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.IPv6Network((found, 64), strict=False))
    return str(found)


def client_key(request: web.Request) -> str:
    """Whom a request counts against in the per-address limits: :func:`address_key` of :func:`client_address`."""
    return address_key(client_address(request))


def client_address(request: web.Request) -> str:
    """Who asks: the peer, or behind a trusted reverse proxy the address it names (:class:`Proxies`)."""
    proxies = request.app.get(PROXIES) or Proxies()
    return proxies.client(request.remote, request.headers.get("X-Forwarded-For", ""))


def streams_in_all(open_files: int) -> int:
    """How many event streams a process allowed ``open_files`` open files may hold: two thirds of its connections, at
    most :data:`STREAMS_IN_ALL` (the other connections are the pages' other requests, /healthz, the webhook).

    >>> streams_in_all(1024), streams_in_all(65536), streams_in_all(96)
    (512, 4000, 21)
    """
    return max(1, min(STREAMS_IN_ALL, connections_in_all(open_files) * 2 // 3))


def connections_in_all(open_files: int) -> int:
    """How many connections a process allowed ``open_files`` open files may hold open: three quarters of them, and 64
    files left whatever the limit (the database, the platforms, the pictures on disk, the modules being loaded).

    >>> connections_in_all(1024), connections_in_all(96), connections_in_all(65536)
    (768, 32, 49152)
    """
    return max(8, min(open_files * 3 // 4, open_files - 64))


class ConnectionCap:
    """At most ``most`` connections open; past that, a new one closes the oldest still sending its first headers, or
    (when every open one has sent them: each is at work) is refused itself."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open = 0
        self._half_sent: dict[_TimedConnection, None] = {}  # in the order they came (the oldest first)
        self.evicted = 0  # connections closed to make room, for the log and the tests

    def admit(self, connection: _TimedConnection) -> bool:
        """Whether ``connection`` may stay (room is made for it where a half-sent one can go)."""
        if self.open >= self.most:
            if not self._half_sent:
                return False
            oldest = next(iter(self._half_sent))
            self._half_sent.pop(oldest)
            self.evicted += 1
            if self.evicted in (1, 10, 100) or self.evicted % 1000 == 0:
                log.warning("%d connections closed before they sent a request: %d are allowed open", self.evicted,
                            self.most)
            oldest.abort()
        self.open += 1
        self._half_sent[connection] = None
        return True

    def sent_headers(self, connection: _TimedConnection) -> None:
        self._half_sent.pop(connection, None)

    def closed(self, connection: _TimedConnection) -> None:
        self._half_sent.pop(connection, None)
        self.open -= 1


class _TimedConnection(asyncio.Protocol):
    """An aiohttp connection that is closed when its first request's headers do not arrive in time. It stands between
    the transport and aiohttp's own protocol and hands everything on; it also tells a waiting handler that the client
    has gone (:func:`connection_lost`)."""

    def __init__(self, inner: Any, header_timeout: float, cap: ConnectionCap | None = None) -> None:
        self._inner = inner
        self._timeout = header_timeout
        self._cap = cap
        self._refused = False  # over the cap with no room to make: closed before aiohttp saw it
        self._transport: asyncio.Transport | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._seen = b""  # the first request's bytes so far, until its headers end (a blank line)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]
        self.lost: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self._cap is not None and not self._cap.admit(self):
            self._refused = True
            transport.abort()  # type: ignore[attr-defined]
            return
        self._inner.connection_made(transport)
        self._timer = asyncio.get_running_loop().call_later(self._timeout, self._too_slow)

    def abort(self) -> None:
        """Close the connection now (it is not sending its request, and room is needed)."""
        if self._transport is not None and not self._transport.is_closing():
            self._transport.abort()

    def _too_slow(self) -> None:
        self.abort()

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self._timer is not None:
            self._seen = self._seen[-3:] + data
            if b"\r\n\r\n" in self._seen:
                self._timer.cancel()
                self._timer, self._seen = None, b""
                if self._cap is not None:
                    self._cap.sent_headers(self)
        self._inner.data_received(data)

    def eof_received(self) -> bool | None:
        if self._refused:
            return None
        return self._inner.eof_received()  # type: ignore[no-any-return]

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.lost.done():
            self.lost.set_result(None)
        if self._refused:
            return
        if self._cap is not None:
            self._cap.closed(self)
        if self._timer is not None:
            self._timer.cancel()
        self._inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self._inner.pause_writing()

    def resume_writing(self) -> None:
        self._inner.resume_writing()


class GuardedSite(web.BaseSite):
    """``host:port`` served by ``runner``, each connection given :data:`HEADER_TIMEOUT` for its headers."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, header_timeout: float = HEADER_TIMEOUT,
                 cap: ConnectionCap | None = None) -> None:
        super().__init__(runner)
        self._host, self._port, self._header_timeout, self._cap = host, port, header_timeout, cap

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            lambda: _TimedConnection(server(), self._header_timeout, self._cap), self._host, self._port, reuse_address=True,
            backlog=self._backlog)


def connection_lost(request: web.Request) -> asyncio.Future[None] | None:
    """Done when the client of ``request`` has gone (its connection closed), for a handler that otherwise only waits,
    such as an event stream's; None when that cannot be known."""
    protocol = request.transport.get_protocol() if request.transport is not None else None
    return protocol.lost if isinstance(protocol, _TimedConnection) else None


async def after_answer(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: no software version in ``Server``; behind https, browsers told to keep to it."""
    response.headers["Server"] = "boardgame-bot"
    if request.app.get(HTTPS):
        response.headers["Strict-Transport-Security"] = "max-age=31536000"
