"""``python -m bot`` with a Telegram token runs the Telegram front end and stops cleanly."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.config import Config
from bot.platforms import run_platforms
from bot.service import Service, ServiceConfig
from storage import SqliteStore
from tests.fakes.discord_server import FakeDiscord, point_discord_at
from tests.fakes.telegram_server import FakeTelegram


async def test_telegram_runs_until_told_to_stop(tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    stop = asyncio.Event()
    settings = Config(telegram_token="1:T", telegram_api_url=fake.url)
    task = asyncio.create_task(run_platforms(Service(store, config=ServiceConfig(board_size=200)), settings, stop))
    try:
        await fake.wait_for("setMyCommands", count=4)
        fake.message({"id": 5, "is_bot": False, "first_name": "Zo"}, {"id": 5, "type": "private"}, "/help")
        reply = (await fake.wait_for("sendMessage"))[0]
        assert "Commands" in reply.params["text"]
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)
        await store.close()
        await fake.stop()


async def test_both_platforms_run_on_one_loop(tmp_path: Path) -> None:
    telegram, discord_fake = FakeTelegram(), FakeDiscord()
    await telegram.start()
    await discord_fake.start()
    point_discord_at(discord_fake)
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    stop = asyncio.Event()
    settings = Config(telegram_token="1:T", telegram_api_url=telegram.url, discord_token="d")
    task = asyncio.create_task(run_platforms(Service(store, config=ServiceConfig(board_size=200)), settings, stop))
    try:
        await asyncio.wait_for(discord_fake.ready.wait(), 20)
        await telegram.wait_for("setMyCommands", count=4)
        await discord_fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"))
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)
        await store.close()
        await telegram.stop()
        await discord_fake.stop()
        point_discord_at(None)
