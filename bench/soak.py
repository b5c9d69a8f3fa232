"""Soak: hundreds of games at once, thousands of moves, on SQLite and on PostgreSQL.

Simulated players (a pair per game, each game in its own chat) type random legal moves at the same
time; on PostgreSQL two service instances (two "processes", each with its own connection pool)
share the database and every move goes to one of them at random, the way a load balancer would
send it. Prints moves/s, p50/p99 latency and errors, then checks that nothing was lost or doubled:
every game's move list replays to its stored position and holds exactly the moves acknowledged.

Usage: ``.venv/bin/python bench/soak.py [--games 300] [--moves 5000] [--postgres URL | --no-postgres]``.
Without ``--postgres`` a throwaway PostgreSQL server is started when the machine has one.

``--open-loop`` measures instead what players see at a given load: moves arrive at random times
(a Poisson stream of ``--rate`` moves a second, or each rate of ``--rates``) over ``--games`` active
games for ``--seconds``, handled by bot processes of their own (one on SQLite, two sharing
PostgreSQL), each answered with its board picture drawn as the front ends draw it; the latency is
from a move's arrival to its answer, so a bot that falls behind shows it. Prints p50/p99
for each rate and the highest rate whose p99 stays within 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import multiprocessing
import random
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.__main__ import settle
from bot.service import Event, Service, ServiceConfig
from rules import get_game
from rules.core import State
from storage import SqlStore, open_store, verify_replay

GAMES = ("kamisado", "ashtarashki", "krepost")
READY = -1  # what a bot process of the open-loop bench reports once it is up


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


async def stored_position(store: SqlStore, game_id: int) -> State | None:
    """The game's position as the database holds it (``None`` once the game is no longer going on)."""
    row = await store.game(game_id)
    return get_game(row.game).state_from_dict(row.state) if row.status == "active" else None


def move_event(state: State, chat: str, game_id: int, rng: random.Random) -> tuple[Event, State]:
    """The event of a random legal move in ``state`` by the player to move, and the position it leads to."""
    game = get_game(state.game_key)
    move = rng.choice(list(state.legal_moves()))
    number = chat.removeprefix("soak")
    user, name = (f"w{number}", f"W{number}") if state.to_play == "white" else (f"b{number}", f"B{number}")
    return Event("soak", chat, user, name, text=f"#{game_id} {game.format_move(state, move)}"), state.play(move)


def serve_moves(url: str, shared: bool, inbox: Any, results: Any) -> None:
    """A bot process of the open-loop bench: handles the moves it is sent, draws their pictures, and reports
    when each was answered (and whether it was played)."""

    async def run() -> None:
        store = await open_store(url)
        service = Service(store, config=ServiceConfig(rate_limit=10**9, shared_database=shared))
        loop = asyncio.get_running_loop()
        running: set[asyncio.Task[None]] = set()

        async def one(key: int, event: Event) -> None:
            replies = await service.handle(event)
            if replies and replies[0].text.startswith("Careful") and replies[0].choices:  # play it anyway
                replies = await service.handle(replace(event, text=None, payload=replies[0].choices[0][0].payload))
            for reply in replies:  # delivered, as a front end reports it
                await service.sent(reply, f"message-{key}")
            results.put((key, time.monotonic(), bool(replies and " played " in replies[0].text and replies[0].image)))

        service.warm_up()  # ready as the bot is once started (python -m bot does the same)
        settle()
        results.put((READY, time.monotonic(), True))
        while (item := await loop.run_in_executor(None, inbox.get)) is not None:
            task = asyncio.create_task(one(*item))
            running.add(task)
            task.add_done_callback(running.discard)
        await asyncio.gather(*running)
        await store.close()

    asyncio.run(run())


MOVES_AHEAD = 4  # the moves chosen ahead for each game of the open-loop bench


async def open_loop(url: str, store: SqlStore, started: list[tuple[str, int]], rate: float, seconds: float,
                    processes: int, seed: int) -> tuple[list[float], int, int]:
    """Moves arriving as a Poisson stream of ``rate`` a second for ``seconds``, each to a game with no move in
    flight, handled by ``processes`` bot processes; the latencies from arrival to answer (with its picture),
    the moves refused or failed, and the arrivals that found every game busy."""
    context = multiprocessing.get_context("spawn")
    inboxes = [context.Queue() for _ in range(processes)]
    results = context.Queue()
    workers = [context.Process(target=serve_moves, args=(url, processes > 1, inbox, results)) for inbox in inboxes]
    for worker in workers:
        worker.start()
    for _ in workers:  # each bot process is up and warm
        key, _, _ = await asyncio.to_thread(results.get)
        assert key == READY
    rng = random.Random(seed)
    # The load stays light: each game's position is read once, then followed here (a move refused or failed is read
    # again), so the bots' database and cores serve the bots. The players' next moves are chosen before the arrivals
    # begin (a few per game: more than a game gets in a run, as a rule), so choosing them takes no CPU from the bots.
    prepared: dict[int, tuple[Event, State]] = {}
    ahead: dict[int, list[tuple[Event, State]]] = {}
    for chat, game_id in started:
        state = await stored_position(store, game_id)
        if state is not None:
            prepared[game_id] = move_event(state, chat, game_id, rng)
            line, after = ahead.setdefault(game_id, []), prepared[game_id][1]
            while len(line) < MOVES_AHEAD and not after.is_over:
                line.append(move_event(after, chat, game_id, rng))
                after = line[-1][1]
    idle = list(prepared)
    chats = {game_id: chat for chat, game_id in started}
    arrived: dict[int, float] = {}
    latencies: list[float] = []
    failed = skipped = 0
    loop = asyncio.get_running_loop()
    answers: asyncio.Queue[tuple[int, float, bool]] = asyncio.Queue()
    threading.Thread(target=lambda: [loop.call_soon_threadsafe(answers.put_nowait, results.get())
                                     for _ in iter(int, 1)], daemon=True).start()

    async def collect() -> None:
        nonlocal failed
        while True:
            game_id, done, played = await answers.get()
            latencies.append(done - arrived.pop(game_id))
            failed += not played
            after: State | None = prepared.pop(game_id)[1]
            line = ahead.get(game_id, [])
            if not played:  # refused or failed: the database says where the game is
                after, line[:] = await stored_position(store, game_id), []
            if line:
                prepared[game_id] = line.pop(0)
                idle.append(game_id)
            elif after is not None and not after.is_over:
                prepared[game_id] = move_event(after, chats[game_id], game_id, rng)
                idle.append(game_id)

    collecting = asyncio.create_task(collect())
    gc.collect()
    gc.freeze()  # as the bot does once started: a full pass over the games followed here would delay the arrivals
    began = time.monotonic()
    arrival = began
    while arrival - began < seconds:
        arrival += rng.expovariate(rate)
        await asyncio.sleep(max(0.0, arrival - time.monotonic()))
        if not idle:
            skipped += 1
            continue
        game_id = idle.pop(rng.randrange(len(idle)))
        arrived[game_id] = arrival
        rng.choice(inboxes).put((game_id, prepared[game_id][0]))
    while arrived:
        if collecting.done():
            collecting.result()  # what stopped the answers from being collected
        await asyncio.sleep(0.05)
    collecting.cancel()
    for inbox in inboxes:
        inbox.put(None)
    for worker in workers:
        worker.join(timeout=60)
    return latencies, failed, skipped


async def open_loop_soak(url: str, label: str, games: int, rates: list[float], seconds: float, processes: int) -> None:
    store = await open_store(url)
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9, shared_database=processes > 1))
    try:
        started = await start_games(service, games)
        best = None
        for number, rate in enumerate(rates):
            latencies, failed, skipped = await open_loop(url, store, started, rate, seconds, processes, number)
            latencies.sort()
            p99 = statistics.quantiles(latencies, n=100)[98] * 1000 if len(latencies) >= 100 else max(latencies) * 1000
            if p99 <= 100 and failed == 0:
                best = rate
            print(f"{label}, {processes} bot process(es), {games} games: {rate:g} moves/s for {seconds:g} s: "
                  f"{len(latencies)} answered with their pictures, p50 {statistics.median(latencies) * 1000:.1f} ms, "
                  f"p99 {p99:.1f} ms; failed {failed}; arrivals with every game busy {skipped}")
        print(f"{label}: the highest rate with p99 ≤ 100 ms: {f'{best:g} moves/s' if best else 'none of those tried'}")
    finally:
        await store.close()


async def main(arguments: argparse.Namespace) -> None:
    if arguments.open_loop:
        rates = arguments.rates or [arguments.rate]

        async def run(url: str, label: str, instances: int) -> None:
            await open_loop_soak(url, label, arguments.games, rates, arguments.seconds, instances)
    else:
        async def run(url: str, label: str, instances: int) -> None:
            await soak(url, label, arguments.games, arguments.moves, instances)
    if not arguments.no_sqlite:
        with tempfile.TemporaryDirectory() as folder:
            await run(f"sqlite:///{folder}/soak.sqlite3", "SQLite", 1)
    if arguments.no_postgres:
        return
    from tests.postgres_server import database_or_none

    with database_or_none(arguments.postgres, "soak") as url:
        if url is not None:
            await run(url, "PostgreSQL", 2)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--moves", type=int, default=6000, help="moves in all (spread over the games)")
    parser.add_argument("--postgres", help="postgresql://… of an empty database (default: a throwaway server)")
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--no-sqlite", action="store_true")
    parser.add_argument("--open-loop", action="store_true", help="moves arriving at a rate, answered with pictures")
    parser.add_argument("--rate", type=float, default=50.0, help="moves a second (with --open-loop)")
    parser.add_argument("--rates", type=float, nargs="+", help="several rates in turn (with --open-loop)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each rate runs (with --open-loop)")
    asyncio.run(main(parser.parse_args()))
