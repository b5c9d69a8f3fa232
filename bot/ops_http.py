"""The HTTP endpoint, off unless HTTP_LISTEN is set: ``/healthz`` and ``/metrics`` (Prometheus), and with a
service the game pages (:mod:`bot.web`)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiohttp import ClientError, web

from bot.couriers import Couriers
from bot.health import PlatformHealth
from bot.metrics import CONTENT_TYPE, METRICS
from bot.service import Service
from bot.telegram_webhook import TelegramWebhook
from bot.web.exposure import (
    BODY_TIMEOUT,
    HEADER_TIMEOUT,
    HTTPS,
    KEEPALIVE_TIMEOUT,
    PROXIES,
    STREAMS,
    STREAMS_PER_ADDRESS,
    ConnectionCap,
    GuardedSite,
    Proxies,
    StreamCaps,
    after_answer,
    connections_in_all,
    streams_in_all,
)
from storage import SqlStore


def application(store: SqlStore, health: PlatformHealth | None = None, *, proxies: Proxies | None = None,
                https: bool = False, open_files: int = 1024) -> web.Application:
    """The aiohttp application serving both paths for ``store``; ``/healthz`` reports ``health``'s platforms.
    ``proxies``: whose ``X-Forwarded-For`` is believed; ``https``: the pages are reached by https only (HSTS);
    ``open_files``: the process's limit, which bounds the open event streams."""
    platforms = health or PlatformHealth()

    async def healthz(_: web.Request) -> web.Response:
        body: dict[str, object] = {"status": "ok", "database": store.dialect}
        try:
            await store.active_game_count()
        except Exception as exc:  # the database is down
            body.update(status="unhealthy", database=type(exc).__name__)
        body["platforms"] = platforms.report()  # read with the verdict below, after the database's answer: one moment
        if not platforms.healthy():
            body["status"] = "unhealthy"
        return web.json_response(body, status=200 if body["status"] == "ok" else 503,
                                 headers={"Cache-Control": "no-store"})

    async def metrics(_: web.Request) -> web.Response:
        await METRICS.read_store(store)
        return web.Response(body=METRICS.exposition(), headers={"Content-Type": CONTENT_TYPE,
                                                                "X-Content-Type-Options": "nosniff"})

    app = web.Application(middlewares=[bodies_in_time])
    app[PROXIES] = proxies or Proxies()
    app[STREAMS] = StreamCaps(STREAMS_PER_ADDRESS, streams_in_all(open_files))
    app[HTTPS] = https
    app.on_response_prepare.append(after_answer)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    return app


async def start(store: SqlStore, host: str, port: int, service: Service | None = None, couriers: Couriers | None = None,
                telegram_token: str = "", webhook: TelegramWebhook | None = None,
                health: PlatformHealth | None = None, header_timeout: float = HEADER_TIMEOUT,
                keepalive_timeout: float = KEEPALIVE_TIMEOUT, **exposure: Any) -> web.AppRunner:
    """Serve the endpoint on ``host:port`` (with ``service``, its game pages too, where players' moves go out through
    ``couriers`` and Telegram's Mini App users are checked with ``telegram_token``; with ``webhook``, Telegram's
    updates; ``exposure``: :func:`application`'s options); stop it with ``await runner.cleanup()``. Connections
    must send their first headers within ``header_timeout`` s, a kept-alive one its next request within
    ``keepalive_timeout`` s, and bodies within :data:`BODY_TIMEOUT` s."""
    app = application(store, health, **exposure)
    if webhook is not None:
        webhook.route(app)
    if service is not None:
        from bot.web.server import add_pages

        add_pages(app, service, couriers, telegram_token)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=2.0, keepalive_timeout=keepalive_timeout)
    await runner.setup()
    cap = ConnectionCap(connections_in_all(int(exposure.get("open_files", 1024))))
    await GuardedSite(runner, host, port, header_timeout, cap).start()
    return runner


@web.middleware
async def bodies_in_time(request: web.Request, handler: Any) -> web.StreamResponse:
    """A request with a body must send all of it within :data:`BODY_TIMEOUT` seconds (408 after that); a client that
    leaves before it has is one line in the log."""
    if request.body_exists:
        try:
            await asyncio.wait_for(request.read(), BODY_TIMEOUT)
        except TimeoutError:
            return web.json_response({"error": "the request's body came too slowly"}, status=408,
                                     headers={"Connection": "close"})
        except (ConnectionResetError, ClientError) as exc:  # the browser went away mid-request
            logging.getLogger("web").info("a client left %s before its request was read: %s", request.path,
                                          exc or type(exc).__name__)
            return web.Response(status=400)
    return await handler(request)  # type: ignore[no-any-return]
