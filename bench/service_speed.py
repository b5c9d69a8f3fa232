"""Moves per second through service + storage (no pictures), and the p99 latency of one human move
with its board picture. Prints figures; asserts nothing.

Usage: ``.venv/bin/python bench/service_speed.py [--moves N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import Event, Service, ServiceConfig
from rules import get_game
from storage import SqliteStore

GAMES = ("kamisado", "ashtarashki", "krepost")


async def play_moves(service: Service, count: int, seed: int) -> list[float]:
    """Two players in several chats type random legal moves; return each move's latency in seconds."""
    rng = random.Random(seed)
    latencies: list[float] = []
    game_ids: dict[str, int] = {}
    for number, key in enumerate(GAMES):
        chat = f"chat{seed}-{number}"
        await service.handle(Event("bench", chat, "b", "Bob", text="hello"))
        await service.handle(Event("bench", chat, "a", "Ann", text=f"play {key} @Bob white"))
        reply = await service.handle(Event("bench", chat, "b", "Bob", text="accept"))
        game_ids[chat] = reply[0].game_id or 0
    chats = list(game_ids)
    while len(latencies) < count:
        chat = rng.choice(chats)
        row = await service.store.game(game_ids[chat])
        if row.status != "active":
            key = GAMES[chats.index(chat)]
            await service.handle(Event("bench", chat, "a", "Ann", text=f"play {key} @Bob white"))
            reply = await service.handle(Event("bench", chat, "b", "Bob", text="accept"))
            game_ids[chat] = reply[0].game_id or 0
            continue
        game = get_game(row.game)
        state = game.state_from_dict(row.state)
        move = rng.choice(list(state.legal_moves()))
        user, name = ("a", "Ann") if state.to_play == "white" else ("b", "Bob")
        text = f"#{row.id} {game.format_move(state, move)}"
        began = time.perf_counter()
        await service.handle(Event("bench", chat, user, name, text=text))
        latencies.append(time.perf_counter() - began)
    return latencies


async def main(moves: int, chats: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "bench.sqlite3")
        plain = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9))
        began = time.perf_counter()
        latencies = await play_moves(plain, moves, 1)
        spent = time.perf_counter() - began
        print(f"service + storage, no pictures: {moves / sum(latencies):,.0f} moves/s of service time over {moves} moves"
              f" (median {statistics.median(latencies) * 1000:.2f} ms per move; {moves / spent:,.0f} moves/s including"
              f" this script's own move choosing; target ≥ 1,000 moves/s)")
        began = time.perf_counter()
        results = await asyncio.gather(*(play_moves(plain, moves // chats, seed) for seed in range(10, 10 + chats)))
        spent = time.perf_counter() - began
        total = sum(len(r) for r in results)
        print(f"service + storage, no pictures, {chats * 3} games in {chats * 3} chats at once: "
              f"{total / spent:,.0f} moves/s wall clock over {total} moves, this script's move choosing included")
        pictured = Service(store, config=ServiceConfig(render_boards=True, rate_limit=10**9))
        latencies = await play_moves(pictured, max(200, moves // 10), 2)
        p99 = statistics.quantiles(latencies, n=100)[98] * 1000
        print(f"one human move with its picture: p50 {statistics.median(latencies) * 1000:.1f} ms, "
              f"p99 {p99:.1f} ms over {len(latencies)} moves (target p99 ≤ 50 ms)")
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--chats", type=int, default=8, help="players typing at the same time")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.moves, arguments.chats))
