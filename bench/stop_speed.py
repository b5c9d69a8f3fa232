"""How long a bot process takes to stop on SIGTERM with a backlog: the promise is within 5 s, whatever waits.

    .venv/bin/python bench/stop_speed.py [--runs 3]

A real ``python -m bot`` talks to the fake Telegram (``tests/fakes/telegram_server.py``) on 127.0.0.1. Each run
fills a group's budget (20 messages a minute) with 60 answers to send, makes one of those requests hang (Telegram
never answers it), and sends SIGTERM: the figure is the time from the signal to the process's exit. What was not
sent is left to the outbox (the next start sends it).
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bot.processes import start_bot, telegram_env  # noqa: E402
from tests.fakes.telegram_server import FakeTelegram  # noqa: E402

BOB = {"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob", "language_code": "en"}
GROUP = {"id": -100, "type": "group", "title": "Players"}


async def one_stop(folder: Path) -> float:
    """Seconds from SIGTERM to exit, with 60 answers waiting for the group's budget and one request hanging."""
    fake = FakeTelegram()
    await fake.start()
    process = await start_bot(telegram_env(fake, f"sqlite:///{folder / 'bot.sqlite3'}", RATE_LIMIT="1000"))
    try:
        await fake.wait_for("setMyCommands", count=4, timeout=180)
        since = len(fake.calls)
        for _ in range(60):
            fake.message(BOB, GROUP, "/games")
        await fake.wait_for("sendMessage", count=20, since=since, timeout=60)
        fake.hang.add("sendMessage")  # the next answer is never answered by Telegram
        asked = time.monotonic()
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), 120)
        return time.monotonic() - asked
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        await fake.stop()


async def main(runs: int) -> None:
    figures = []
    for number in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            figures.append(await one_stop(Path(folder)))
        print(f"run {number + 1}: stopped {figures[-1]:.2f} s after SIGTERM", flush=True)
    print(f"stop after SIGTERM with a backlog: max {max(figures):.2f} s over {runs} runs (promise: 5 s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    asyncio.run(main(parser.parse_args().runs))
