"""How fast the operator's commands answer: the container's health check (promise: about 50 ms) and the commands an
operator types (check-config, db-status, --help), each a new process as a shell or Docker starts it.

    .venv/bin/python bench/operator_speed.py [--runs 7] [--busy 0]

With ``--busy N`` the figures are taken beside N busy loops (a loaded host). The health check asks a real ``/healthz``
(the operations endpoint on a SQLite database, served from this process's own loop on 127.0.0.1).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot import ops_http  # noqa: E402
from storage import open_store  # noqa: E402
from tests.fakes.loopback import free_port  # noqa: E402


def timed(command: list[str], env: dict[str, str], cwd: str) -> float:
    began = time.perf_counter()
    subprocess.run(command, env=env, cwd=cwd, capture_output=True, check=False)
    return time.perf_counter() - began


async def main(runs: int, busy: int) -> None:
    loops = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(busy)]
    try:
        with tempfile.TemporaryDirectory() as folder:
            port = free_port()
            store = await open_store(f"sqlite:///{folder}/bot.sqlite3")
            runner = await ops_http.start(store, "127.0.0.1", port)
            env = {**os.environ, "PYTHONPATH": str(ROOT), "HTTP_LISTEN": f"127.0.0.1:{port}",
                   "DATABASE_PATH": f"{folder}/bot.sqlite3"}
            commands = {"python -m bot.healthcheck": [sys.executable, "-m", "bot.healthcheck"],
                        "python -m bot check-config": [sys.executable, "-m", "bot", "check-config"],
                        "python -m bot db-status": [sys.executable, "-m", "bot", "db-status"],
                        "python -m bot --help": [sys.executable, "-m", "bot", "--help"]}
            for name, command in commands.items():
                figures = [await asyncio.to_thread(timed, command, env, folder) for _ in range(runs)]
                print(f"{name:32} median {statistics.median(figures) * 1000:6.0f} ms, max {max(figures) * 1000:6.0f} ms"
                      f" ({runs} runs, {busy} busy loops beside)")
            await runner.cleanup()
            await store.close()
    finally:
        for loop in loops:
            loop.kill()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--busy", type=int, default=0)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.runs, arguments.busy))
