"""The real ``python -m bot`` as a process of its own, pointed at the fake Telegram, for the tests that restart it."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import aiohttp

from tests.fakes.telegram_server import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]


def telegram_env(fake: FakeTelegram, database_url: str, **settings: str) -> dict[str, str]:
    """The environment of a bot process on ``database_url`` that talks to ``fake``, with more ``settings``."""
    return {**os.environ, "TELEGRAM_TOKEN": "123:TEST", "TELEGRAM_API_URL": fake.url, "DATABASE_URL": database_url,
            **settings}


async def start_bot(env: dict[str, str]) -> asyncio.subprocess.Process:
    """A new bot process with ``env``, its output discarded."""
    return await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=ROOT, env=env,
                                                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)


async def until_served(url: str, timeout: float = 120.0) -> None:
    """Wait until the process answers ``/healthz`` at ``url``."""
    deadline = asyncio.get_running_loop().time() + timeout
    async with aiohttp.ClientSession() as session:
        while True:
            try:
                async with session.get(f"{url}/healthz") as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"nothing served at {url} within {timeout} s")
            await asyncio.sleep(0.3)


BOB = {"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob", "language_code": "en"}
GROUP = {"id": -100, "type": "group", "title": "Players"}


async def stop_with_a_backlog(folder: Path) -> tuple[int | None, float]:
    """A bot process on the fake Telegram with 60 answers waiting for a group's budget (20 messages a minute) and a
    request Telegram never answers, sent SIGTERM: its exit code and the seconds from the signal to its exit."""
    fake = FakeTelegram()
    await fake.start()
    process = await start_bot(telegram_env(fake, f"sqlite:///{folder / 'bot.sqlite3'}", RATE_LIMIT="1000"))
    try:
        await fake.wait_for("setMyCommands", count=4, timeout=180)
        since = len(fake.calls)
        for _ in range(60):  # three minutes of the group's budget
            fake.message(BOB, GROUP, "/games")
        await fake.wait_for("sendMessage", count=20, since=since, timeout=60)
        fake.hang.add("sendMessage")  # and a request under way is never answered
        asked = time.monotonic()
        process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(process.wait(), 120)
        return code, time.monotonic() - asked
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        await fake.stop()
