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
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bot.processes import stop_with_a_backlog  # noqa: E402


async def main(runs: int) -> None:
    figures = []
    for number in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            _, seconds = await stop_with_a_backlog(Path(folder))
            figures.append(seconds)
        print(f"run {number + 1}: stopped {figures[-1]:.2f} s after SIGTERM", flush=True)
    print(f"stop after SIGTERM with a backlog: max {max(figures):.2f} s over {runs} runs (promise: 5 s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    asyncio.run(main(parser.parse_args().runs))
