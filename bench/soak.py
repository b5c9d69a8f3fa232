"""Soak: hundreds of games at once, thousands of moves, on SQLite and on PostgreSQL.

Simulated players (a pair per game, each game in its own chat) type random legal moves at the same
time; on PostgreSQL two service instances (two "processes", each with its own connection pool)
share the database and every move goes to one of them at random, the way a load balancer would
send it. Prints moves/s, p50/p99 latency and errors, then checks that nothing was lost or doubled:
every game's move list replays to its stored position and holds exactly the moves acknowledged.

Usage: ``.venv/bin/python bench/soak.py [--games 300] [--moves 5000] [--postgres URL | --no-postgres]``.
Without ``--postgres`` a throwaway PostgreSQL server is started when the machine has one.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import Event, Service, ServiceConfig
from rules import get_game
from storage import SqlStore, open_store, verify_replay

GAMES = ("kamisado", "ashtarashki", "krepost")


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    refused: int = 0  # "the position changed" answers: a race lost, nothing applied
    acknowledged: dict[int, int] = field(default_factory=dict)


async def start_games(service: Service, count: int) -> list[tuple[str, int]]:
    games = []
    for number in range(count):
        chat, white, black = f"soak{number}", f"w{number}", f"b{number}"
        key = GAMES[number % len(GAMES)]
        options = "single" if key == "kamisado" else ""
        await service.handle(Event("soak", chat, black, f"B{number}", text="hello"))
        await service.handle(Event("soak", chat, white, f"W{number}", text=f"play {key} @B{number} white {options}"))
        reply = await service.handle(Event("soak", chat, black, f"B{number}", text="accept"))
        games.append((chat, reply[0].game_id or 0))
    return games


async def player_pair(services: list[Service], store: SqlStore, chat: str, game_id: int, moves: int, seed: int,
                      tally: Tally) -> None:
    """Both players of one game: read the position, type a random legal move, repeat."""
    rng = random.Random(seed)
    number = chat.removeprefix("soak")
    tally.acknowledged[game_id] = 0
    for _ in range(moves):
        row = await store.game(game_id)
        if row.status != "active":
            return
        game = get_game(row.game)
        state = game.state_from_dict(row.state)
        move = rng.choice(list(state.legal_moves()))
        user, name = (f"w{number}", f"W{number}") if state.to_play == "white" else (f"b{number}", f"B{number}")
        text = f"#{game_id} {game.format_move(state, move)}"
        service = rng.choice(services)
        began = time.perf_counter()
        replies = await service.handle(Event("soak", chat, user, name, text=text))
        if replies and replies[0].text.startswith("Careful") and replies[0].choices:  # loses at once: play it anyway
            replies = await service.handle(Event("soak", chat, user, name, payload=replies[0].choices[0][0].payload))
        tally.latencies.append(time.perf_counter() - began)
        answer = replies[0].text if replies else ""
        if " played " in answer:
            tally.acknowledged[game_id] += 1
        elif "position changed" in answer:
            tally.refused += 1
        else:
            tally.errors += 1
        await asyncio.sleep(0)


async def soak(url: str, label: str, games: int, moves: int, instances: int) -> None:
    stores = [await open_store(url) for _ in range(instances)]
    config = ServiceConfig(render_boards=False, rate_limit=10**9, shared_database=instances > 1)
    services = [Service(store, config=config) for store in stores]
    try:
        started = await start_games(services[0], games)
        tally = Tally()
        per_game = max(1, moves // games)
        began = time.perf_counter()
        await asyncio.gather(*(player_pair(services, stores[0], chat, game_id, per_game, n, tally)
                               for n, (chat, game_id) in enumerate(started)))
        spent = time.perf_counter() - began
        applied = sum(tally.acknowledged.values())
        broken = doubled = 0
        for _, game_id in started:
            row = await stores[0].game(game_id)
            if verify_replay(row) is not None:
                broken += 1
            if len([m for m in row.moves if not m.startswith("!")]) != tally.acknowledged[game_id]:
                doubled += 1
        lat = sorted(tally.latencies)
        p99 = statistics.quantiles(lat, n=100)[98] * 1000 if len(lat) >= 100 else max(lat) * 1000
        print(f"{label}: {games} games at once, {instances} service instance(s): {applied} moves applied in "
              f"{spent:.1f} s = {applied / spent:,.0f} moves/s; latency p50 {statistics.median(lat) * 1000:.1f} ms, "
              f"p99 {p99:.1f} ms; errors {tally.errors}; races refused {tally.refused}; "
              f"games not replaying {broken}; games whose moves differ from the acknowledged ones {doubled}")
    finally:
        for store in stores:
            await store.close()


async def main(arguments: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        await soak(f"sqlite:///{folder}/soak.sqlite3", "SQLite", arguments.games, arguments.moves, 1)
    if arguments.no_postgres:
        return
    url, server = arguments.postgres, None
    if url is None:
        from tests.postgres_server import start_or_explain

        server, reason = start_or_explain()
        if server is None:
            print(f"PostgreSQL: skipped ({reason})")
            return
        url = server.create_database("soak")
    try:
        await soak(url, "PostgreSQL", arguments.games, arguments.moves, 2)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--moves", type=int, default=6000, help="moves in all (spread over the games)")
    parser.add_argument("--postgres", help="postgresql://… of an empty database (default: a throwaway server)")
    parser.add_argument("--no-postgres", action="store_true")
    asyncio.run(main(parser.parse_args()))
