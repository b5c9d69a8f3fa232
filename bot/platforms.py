"""Running the chat platforms' front ends until SIGTERM or SIGINT."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

from bot.config import Config
from bot.service import Service

log = logging.getLogger(__name__)


async def run_platforms(service: Service, settings: Config, stop: asyncio.Event | None = None) -> None:
    """Run the configured front ends on this event loop; stop cleanly on a signal (or ``stop``)."""
    if settings.discord_token:
        raise SystemExit(
            "The Discord front end is not part of this version yet: unset DISCORD_TOKEN "
            "(Telegram and the terminal chat work)."
        )
    from bot.telegram_app import run_telegram, stop_telegram

    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(name, stop.set)
    assert settings.telegram_token is not None
    application = await run_telegram(service, settings.telegram_token, settings.telegram_api_url)
    log.info("Telegram front end running")
    try:
        await stop.wait()
    finally:
        log.info("stopping: finishing running updates")
        await stop_telegram(application)
