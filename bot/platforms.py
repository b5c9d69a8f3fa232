"""Running the chat platforms' front ends together on one event loop, until SIGTERM or SIGINT."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

from bot.config import Config
from bot.couriers import Couriers
from bot.health import PlatformHealth
from bot.service import Service
from bot.telegram_webhook import TelegramWebhook

log = logging.getLogger(__name__)


class PlatformFailed(RuntimeError):
    """A chat platform the bot was configured for could not be started or stopped running; the message names it."""

    def __init__(self, platform: str, error: BaseException) -> None:
        said = str(error).strip() or type(error).__name__
        super().__init__(f"{platform} failed: {type(error).__name__}: {said}")
        self.platform = platform


async def run_platforms(service: Service, settings: Config, stop: asyncio.Event | None = None,
                        couriers: Couriers | None = None, webhook: TelegramWebhook | None = None,
                        health: PlatformHealth | None = None) -> None:
    """Run every configured front end; on a signal (or ``stop``) let running work finish and close. Each running
    front end is one of ``couriers`` (it sends what moves made on the web pages owe its chats). With ``webhook`` (whose
    route the pages' server serves) Telegram's updates come through it; else by polling. Each front end tells
    ``health`` whether its platform answers.

    Raises :class:`PlatformFailed` when a platform cannot start (a wrong token, no network) or its connection ends
    for good: the process should then exit with an error, so that its supervisor notices."""
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
            from bot.telegram_app import run_telegram

            try:
                telegram = await run_telegram(service, settings.telegram_token, settings.telegram_api_url,
                                              webhook=webhook, mini_app=settings.telegram_mini_app,
                                              picture_chat=settings.telegram_picture_chat, health=health)
            except Exception as exc:
                raise PlatformFailed("Telegram", exc) from exc
            couriers.add("telegram", telegram.bot_data["front"].send_owed)
            log.info("Telegram front end running (%s)", "webhook" if webhook else "polling")
        if settings.discord_token:
            from bot.discord_app import make_client, point_at

            point_at(settings.discord_api_url, settings.discord_gateway_url)
            discord_client = make_client(service, message_content=settings.discord_message_content,
                                         shard_count=settings.discord_shard_count, shard_ids=settings.discord_shard_ids,
                                         health=health)
            couriers.add("discord", discord_client.front.send)
            discord_task = asyncio.create_task(discord_client.start(settings.discord_token))
            discord_task.add_done_callback(lambda task: stop.set() if task.exception() else None)
            log.info("Discord front end starting")
        await stop.wait()
        if discord_task is not None and discord_task.done() and not discord_task.cancelled() and discord_task.exception():
            error = discord_task.exception()
            assert error is not None
            raise PlatformFailed("Discord", error)
    finally:
        log.info("stopping: finishing running work")
        if webhook is not None:
            webhook.detach()  # Telegram is answered 503 and posts again, to this process after its restart or another
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
