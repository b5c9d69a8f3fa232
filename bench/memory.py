"""The service's memory after many games: RSS after 10,000 games, each in its own chat between its own
two players (challenge, accept, a few moves, resignation), and what the caches hold. Prints figures;
asserts nothing.

Usage: ``.venv/bin/python bench/memory.py [--games N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import Event, Service, ServiceConfig
from storage import SqliteStore


def rss_mib() -> float:
    """The resident set size now (Linux), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def play(count: int, folder: Path) -> None:
    store = await SqliteStore.open(folder / "bot.sqlite3")
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9))
    began = time.perf_counter()
    start = rss_mib()
    for number in range(count):
        chat, ann, bob = f"c{number}", f"a{number}", f"b{number}"
        await service.handle(Event("bench", chat, bob, f"Bob{number}", text="hi"))
        await service.handle(Event("bench", chat, ann, f"Ann{number}", text=f"play ashtarashki @Bob{number} white"))
        await service.handle(Event("bench", chat, bob, f"Bob{number}", text="accept"))
        await service.handle(Event("bench", chat, ann, f"Ann{number}", text="c3-d4"))
        await service.handle(Event("bench", chat, bob, f"Bob{number}", text="resign yes"))
        if (number + 1) % 2000 == 0:
            print(f"{number + 1:>6} games: RSS {rss_mib():7.1f} MiB ({time.perf_counter() - began:5.1f} s)", flush=True)
    games, people = service.games, service.people
    print(f"RSS after {count} games: {rss_mib():.1f} MiB (at start {start:.1f} MiB, +{rss_mib() - start:.1f} MiB)")
    print(f"cached: {len(games._rows)} game rows, {len(games._states)} states, {len(games._locks)} locks, "
          f"{len(people._users)} users, {len(people._chats)} chats, {len(service._recent)} rate-limit senders")
    await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(play(args.games, Path(folder)))


if __name__ == "__main__":
    main()
