"""Running the chat platforms' front ends together on one event loop, until SIGTERM or SIGINT."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

from bot.config import Config
from bot.couriers import Couriers
from bot.service import Service

log = logging.getLogger(__name__)


async def run_platforms(service: Service, settings: Config, stop: asyncio.Event | None = None,
                        couriers: Couriers | None = None) -> None:
    """Run every configured front end; on a signal (or ``stop``) let running work finish and close. Each running
    front end is one of ``couriers`` (it sends what moves made on the web pages owe its chats)."""
    couriers = couriers or Couriers()
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for name in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(name, stop.set)
    telegram: Any = None
    discord_client: Any = None
    discord_task: asyncio.Task[None] | None = None
    try:
        if settings.telegram_token:
            from bot.config import host_and_port
            from bot.telegram_app import Webhook, run_telegram

            webhook = None
            if settings.telegram_webhook_url:
                host, port = host_and_port("TELEGRAM_WEBHOOK_LISTEN", settings.telegram_webhook_listen)
                webhook = Webhook(settings.telegram_webhook_url, host, port, settings.telegram_webhook_secret)
            telegram = await run_telegram(service, settings.telegram_token, settings.telegram_api_url, webhook=webhook,
                                          mini_app=settings.telegram_mini_app,
                                          picture_chat=settings.telegram_picture_chat)
            couriers.add("telegram", telegram.bot_data["front"].send_owed)
            log.info("Telegram front end running (%s)", "webhook" if webhook else "polling")
        if settings.discord_token:
            from bot.discord_app import make_client

            discord_client = make_client(service, message_content=settings.discord_message_content,
                                         shard_count=settings.discord_shard_count, shard_ids=settings.discord_shard_ids)
            couriers.add("discord", discord_client.front.send)
            discord_task = asyncio.create_task(discord_client.start(settings.discord_token))
            discord_task.add_done_callback(lambda task: stop.set() if task.exception() else None)
            log.info("Discord front end starting")
        await stop.wait()
    finally:
        log.info("stopping: finishing running work")
        await couriers.settle()
        couriers.remove("telegram")
        couriers.remove("discord")
        if discord_client is not None:
            await discord_client.close()
        if discord_task is not None:
            with contextlib.suppress(Exception):
                await discord_task
        if telegram is not None:
            from bot.telegram_app import stop_telegram

            await stop_telegram(telegram)
