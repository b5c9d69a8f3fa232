"""Serving a fake platform on 127.0.0.1 at a free port."""

from __future__ import annotations

import socket

from aiohttp import web


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def serve(app: web.Application) -> tuple[web.AppRunner, str]:
    """Start ``app`` on 127.0.0.1 at a port the system picks; return its runner and base URL."""
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, f"http://127.0.0.1:{port}"
