"""The HTTP endpoint, off unless HTTP_LISTEN is set: ``/healthz`` and ``/metrics`` (Prometheus), and with a
service the game pages (:mod:`bot.web`)."""

from __future__ import annotations

from aiohttp import web

from bot.couriers import Couriers
from bot.health import PlatformHealth
from bot.metrics import CONTENT_TYPE, METRICS
from bot.service import Service
from bot.telegram_webhook import TelegramWebhook
from storage import SqlStore


def application(store: SqlStore, health: PlatformHealth | None = None) -> web.Application:
    """The aiohttp application serving both paths for ``store``; ``/healthz`` reports ``health``'s platforms."""
    platforms = health or PlatformHealth()

    async def healthz(_: web.Request) -> web.Response:
        body: dict[str, object] = {"status": "ok", "database": store.dialect, "platforms": platforms.report()}
        try:
            await store.active_game_count()
        except Exception as exc:  # the database is down
            body.update(status="unhealthy", database=type(exc).__name__)
        if not platforms.healthy():
            body["status"] = "unhealthy"
        return web.json_response(body, status=200 if body["status"] == "ok" else 503,
                                 headers={"Cache-Control": "no-store"})

    async def metrics(_: web.Request) -> web.Response:
        await METRICS.read_store(store)
        return web.Response(body=METRICS.exposition(), headers={"Content-Type": CONTENT_TYPE,
                                                                "X-Content-Type-Options": "nosniff"})

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    return app


async def start(store: SqlStore, host: str, port: int, service: Service | None = None, couriers: Couriers | None = None,
                telegram_token: str = "", webhook: TelegramWebhook | None = None,
                health: PlatformHealth | None = None) -> web.AppRunner:
    """Serve the endpoint on ``host:port`` (with ``service``, its game pages too, where players' moves go out through
    ``couriers`` and Telegram's Mini App users are checked with ``telegram_token``; with ``webhook``, Telegram's
    updates); stop it with ``await runner.cleanup()``."""
    app = application(store, health)
    if webhook is not None:
        webhook.route(app)
    if service is not None:
        from bot.web.server import add_pages

        add_pages(app, service, couriers, telegram_token)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=2.0)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner
