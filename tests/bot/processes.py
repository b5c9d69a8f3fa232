"""The real ``python -m bot`` as a process of its own, pointed at the fake Telegram, for the tests that restart it."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

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
