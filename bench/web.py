"""The game pages' speed: page and preview times with 10,000 games stored, and how soon an open page hears of a move.

Prints, on this machine:
- a game's page and its PNG preview (p50/p99 over random games of 10,000 on SQLite), as a browser fetches them;
- from a move's commit to its update arriving on an open page (p50/p99): in one process (SQLite), and from another
  process sharing PostgreSQL (LISTEN/NOTIFY);
- with 1,000 pages open on one game in a bot process of their own: the memory they cost that process, and the time
  from each commit (in another process) to the last of the 1,000 pages receiving it.
Asserts nothing. Usage: ``.venv/bin/python bench/web.py [--games 10000] [--pages 1000] [--postgres URL]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
from aiohttp import web

from bot.__main__ import settle
from bot.ops_http import application
from bot.service import Event, Service, ServiceConfig
from bot.web.server import add_pages
from rules import get_game
from storage import SqlStore, open_store
from tests.fakes.loopback import free_port

GAMES = ("kamisado", "ashtarashki", "krepost")


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"


async def serve(service: Service, store: SqlStore, port: int = 0) -> tuple[web.AppRunner, str]:
    app = application(store)
    add_pages(app, service)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    return runner, f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]


async def new_game(service: Service, number: int, key: str | None = None) -> tuple[int, str]:
    """A game between two new players in a chat of its own; (its id, its page's token)."""
    chat, key = f"web{number}", key or GAMES[number % len(GAMES)]
    await service.handle(Event("bench", chat, f"b{number}", f"B{number}", text="hello"))
    await service.handle(Event("bench", chat, f"w{number}", f"W{number}", text=f"play {key} @B{number} white"))
    [board, *_] = await service.handle(Event("bench", chat, f"b{number}", f"B{number}", text="accept"))
    assert board.link is not None and board.game_id is not None
    return board.game_id, board.link[1].rsplit("/", 1)[1]


async def random_move(service: Service, game_id: int, rng: random.Random) -> bool:
    """A random legal move by whoever is to move in the game, typed as the rules write it; False when it is over."""
    row = await service.games.fresh(game_id)
    if row.status != "active":
        return False
    game = get_game(row.game)
    state = game.state_from_dict(row.state)
    number = row.chat_id
    chat = (await service.people.chat_by_id(number)).platform_id
    suffix = chat.removeprefix("web")
    user = f"w{suffix}" if state.to_play == "white" else f"b{suffix}"
    move = game.format_move(state, rng.choice(list(state.legal_moves())))
    await service.handle(Event("bench", chat, user, user.upper(), text=f"#{game_id} {move}"))
    return True


async def read_event(response: aiohttp.ClientResponse) -> dict[str, Any]:
    """The next ``position`` event of an event stream."""
    data = None
    while True:
        line = (await response.content.readline()).decode().rstrip("\n")
        if line.startswith("data: "):
            data = json.loads(line[6:])
        elif not line and data is not None:
            return data


async def read_version(response: aiohttp.ClientResponse) -> int:
    """The game's version an event stream's next event carries, read from its ``id:`` (``ply.version``) alone: each
    of many pages' browsers parses its own event, so the bench's one client does not parse a thousand."""
    version = None
    while True:
        line = await response.content.readline()
        if line.startswith(b"id: "):
            version = int(line[4:].split(b".")[1])
        elif line == b"\n" and version is not None:
            return version


async def page_times(url: str, tokens: list[str], count: int, rng: random.Random) -> tuple[list[float], list[float]]:
    pages, previews = [], []
    async with aiohttp.ClientSession() as session:
        for _ in range(count):
            token = rng.choice(tokens)
            for path, times in ((f"/g/{token}", pages), (f"/g/{token}.png", previews)):
                began = time.perf_counter()
                async with session.get(url + path, headers={"X-Forwarded-For": str(rng.random())}) as response:
                    await response.read()
                    assert response.status == 200, (path, response.status)
                times.append(time.perf_counter() - began)
    return pages, previews


async def update_times(writer: Service, url: str, game_id: int, token: str, moves: int) -> list[float]:
    """From each commit (``writer``'s watcher hears it) to the open page's event, over ``moves`` moves."""
    committed: dict[int, float] = {}
    writer.games.watchers.append(lambda game, version: committed.setdefault(version, time.perf_counter())
                                 if game == game_id else None)
    rng = random.Random(7)
    times = []
    async with aiohttp.ClientSession() as session, session.get(f"{url}/g/{token}/events?since=0.0") as stream:
        await read_event(stream)  # what the page missed: the position now
        for _ in range(moves):
            if not await random_move(writer, game_id, rng):
                break
            while True:
                update = await asyncio.wait_for(read_event(stream), 10)
                if update["version"] in committed:
                    times.append(time.perf_counter() - committed[update["version"]])
                    if update["version"] == max(committed):
                        break
    return times


def many_pages_server(url: str, port: int, ready: Any) -> None:
    """A bot process serving the pages only (its own connections to the shared database)."""

    async def run() -> None:
        store = await open_store(url)
        service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9, shared_database=True,
                                                      public_url=f"http://127.0.0.1:{port}"))
        runner, _ = await serve(service, store, port)
        settle()  # as the bot does once started
        ready.set()
        await asyncio.Event().wait()
        await runner.cleanup()

    asyncio.run(run())


def rss(pid: int) -> float:
    """The process's resident memory in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def many_pages(url: str, count: int, moves: int) -> None:
    port = free_port()
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    server = context.Process(target=many_pages_server, args=(url, port, ready), daemon=True)
    server.start()
    ready.wait(60)
    store = await open_store(url)
    writer = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9, shared_database=True,
                                                 public_url=f"http://127.0.0.1:{port}"))
    game_id, token = await new_game(writer, 900_001, "ashtarashki")
    base = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        async with session.get(f"{base}/g/{token}") as warm:
            await warm.read()
        await asyncio.sleep(0.5)
        before = rss(server.pid or 0)
        streams = [await session.get(f"{base}/g/{token}/events", headers={"X-Forwarded-For": str(n)}) for n in range(count)]
        await asyncio.gather(*(read_version(stream) for stream in streams))  # each got the position now
        await asyncio.sleep(0.5)
        after = rss(server.pid or 0)
        committed: dict[int, float] = {}
        writer.games.watchers.append(lambda game, version: committed.setdefault(version, time.perf_counter()))
        rng, lasts = random.Random(3), []
        # The bench's one client stands for a thousand browsers: its own garbage collection (a thousand streams'
        # objects) is not theirs, so it waits while the moves are timed.
        gc.disable()
        for _ in range(moves):
            if not await random_move(writer, game_id, rng):
                break
            version = max(committed)
            arrivals = []

            async def until(stream: aiohttp.ClientResponse) -> None:
                while await read_version(stream) < version:  # noqa: B023
                    pass
                arrivals.append(time.perf_counter())  # noqa: B023

            await asyncio.wait_for(asyncio.gather(*(until(s) for s in streams)), 30)
            lasts.append(max(arrivals) - committed[version])
        gc.enable()
        for stream in streams:
            stream.close()
    print("each move, ms:", [round(t * 1000) for t in lasts], file=sys.stderr)
    print(f"{count} pages open on one game: {after - before:.1f} MB more in the serving process "
          f"({before:.0f} → {after:.0f} MB); commit in another process → the last of the {count} pages: {percentiles(lasts)}"
          f"  (targets: ≤ 50 MB, ≤ 250 ms)")
    server.kill()
    await store.close()


async def main(arguments: argparse.Namespace) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(f"sqlite:///{folder}/web.sqlite3")
        service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9, public_url="http://bench"))
        began = time.perf_counter()
        tokens, ids = [], []
        for number in range(arguments.games):
            game_id, token = await new_game(service, number)
            ids.append(game_id)
            tokens.append(token)
        for game_id in ids[:300]:  # some games with moves, as pages are of games going on
            for _ in range(rng.randrange(1, 30)):
                if not await random_move(service, game_id, rng):
                    break
        print(f"{arguments.games} games stored in {time.perf_counter() - began:.0f} s", file=sys.stderr)
        runner, url = await serve(service, store)
        pages, previews = await page_times(url, tokens[:300], arguments.requests, rng)
        print(f"SQLite, {arguments.games} games: a game's page {percentiles(pages)}; its PNG preview {percentiles(previews)}"
              f"  (targets: page p99 ≤ 50 ms, preview ≤ 30 ms)")
        times = await update_times(service, url, *(await new_game(service, 800_000, "krepost")), arguments.moves)
        print(f"one process (SQLite): commit → open page's update {percentiles(times)}  (target: p99 ≤ 100 ms)")
        await runner.cleanup()
        await store.close()
    from tests.postgres_server import database_or_none

    with database_or_none(arguments.postgres, "web") as url:
        if url is not None:
            await across_processes(url, arguments)


async def across_processes(url: str, arguments: argparse.Namespace) -> None:
    """The PostgreSQL figures: a page served by another process, and a thousand pages on one game."""
    first, second = await open_store(url), await open_store(url)
    config = ServiceConfig(render_boards=False, rate_limit=10**9, shared_database=True, public_url="http://bench")
    writer, reader = Service(first, config=config), Service(second, config=config)
    runner, page_url = await serve(reader, second)
    game_id, token = await new_game(writer, 800_001, "krepost")
    times = await update_times(writer, page_url, game_id, token, arguments.moves)
    print(f"two processes (PostgreSQL): commit in one → page served by the other {percentiles(times)}"
          "  (target: p99 ≤ 250 ms)")
    await runner.cleanup()
    await first.close()
    await second.close()
    await many_pages(url, arguments.pages, min(arguments.moves, 30))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=300, help="page and preview fetches")
    parser.add_argument("--moves", type=int, default=100, help="moves whose updates are timed")
    parser.add_argument("--pages", type=int, default=1000, help="pages open on one game")
    parser.add_argument("--postgres", help="postgresql://… of an empty database (default: a throwaway server)")
    asyncio.run(main(parser.parse_args()))
