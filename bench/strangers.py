"""Strangers beside a flood: the built-in opponent's answers and chat replies while 24 clients ask for explored
positions' verdicts and shared links' cards (24 addresses: 16 IPv4, 8 of one IPv6 /64), against the same without the
flood.

Prints, on this machine: the bot's answer (p50, max) against its budget, a chat reply's time (p50, max), and what the
flood got (answered, 429 too many, 503 busy, and the verdicts computed against those asked for). Asserts nothing.

    .venv/bin/python bench/strangers.py [--moves 8] [--budget 1.0] [--level hard]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp

from bench.web import serve
from bot.service import Event, Service, ServiceConfig
from rules import get_game
from storage import SqliteStore

CLIENTS = 24
ADDRESSES = [f"10.9.{n // 200}.{n % 200 + 1}" for n in range(16)] + [f"2001:db8:5:5::{n + 1:x}" for n in range(8)]


async def finished_games(service: Service, count: int) -> list[str]:
    """``count`` Kamisado games, each resigned after two moves (anyone may explore a finished game); their tokens."""
    tokens = []
    for number in range(count):
        chat = f"done{number}"
        await service.handle(Event("bench", chat, f"b{number}", f"B{number}", text="hello"))
        await service.handle(Event("bench", chat, f"w{number}", f"W{number}", text=f"play kamisado @B{number} white single"))
        [board, *_] = await service.handle(Event("bench", chat, f"b{number}", f"B{number}", text="accept"))
        assert board.link is not None
        tokens.append(board.link[1].rsplit("/", 1)[1])
        await service.handle(Event("bench", chat, f"b{number}", f"B{number}", text="resign yes"))
    return tokens


def random_line(rng: random.Random) -> str:
    """A line of random legal Kamisado moves from the start: mostly positions no one asked for before."""
    game = get_game("kamisado")
    state, line = game.new_state(match="single"), []
    for _ in range(rng.randint(3, 9)):
        if state.outcome() is not None:
            break
        move = rng.choice(list(state.legal_moves()))
        line.append(game.format_move(state, move))
        state = state.play(move)
    return ",".join(line)


async def flood(url: str, tokens: list[str], address: str, stop: asyncio.Event, seen: Counter[str], seed: int) -> None:
    rng = random.Random(seed)
    async with aiohttp.ClientSession(headers={"X-Forwarded-For": address}) as http:
        while not stop.is_set():
            token = rng.choice(tokens)
            path = f"/g/{token}.png" if rng.random() < 0.4 else f"/g/{token}/explore/turn?from=0&line={random_line(rng)}"
            kind = "card" if path.endswith(".png") else "verdict"
            try:
                async with http.get(url + path) as response:
                    await response.read()
                    seen[f"{kind} {response.status}"] += 1
            except aiohttp.ClientError:
                seen[f"{kind} failed"] += 1


def flood_process(url: str, tokens: list[str], stopping: Any, results: Any) -> None:
    """The 24 clients, in a process of their own, until ``stopping`` is set; what they got, put in ``results``."""
    async def run() -> Counter[str]:
        stop, seen = asyncio.Event(), Counter[str]()
        clients = [asyncio.create_task(flood(url, tokens, ADDRESSES[n % len(ADDRESSES)], stop, seen, n))
                   for n in range(CLIENTS)]
        await asyncio.to_thread(stopping.wait)
        stop.set()
        await asyncio.gather(*clients)
        return seen

    results.put(asyncio.run(run()))


async def against_the_bot(service: Service, moves: int, level: str, seed: int, chat: str) -> tuple[list[float], list[float]]:
    """A player's game against the bot: the seconds from each move to the bot's answer, and from a 'help' to its
    reply (a chat reply that needs no thinking), in ``chat``."""
    rng, game = random.Random(seed), get_game("krepost")  # the same seed: the same game, move for move
    answers: list[float] = []
    replies: list[float] = []
    await service.handle(Event("bench", chat, "p", "P", text=f"play krepost bot white level={level}", is_private=True))
    for _ in range(moves):
        game_id = (await service.games.of_chat((await service.people.chat("bench", chat)).id))[0].id
        row = await service.games.fresh(game_id)
        if row.status != "active":
            break
        state = game.state_from_dict(row.state)
        move = game.format_move(state, rng.choice(list(state.legal_moves())))
        began = time.perf_counter()
        await service.handle(Event("bench", chat, "p", "P", text=f"#{game_id} {move}", is_private=True))
        answers.append(time.perf_counter() - began)
        began = time.perf_counter()
        await service.handle(Event("bench", chat, "p", "P", text="help", is_private=True))
        replies.append(time.perf_counter() - began)
    return answers, replies


def summary(times: list[float]) -> str:
    return f"p50 {statistics.median(times):.2f} s, max {max(times):.2f} s" if times else "none"


async def main(moves: int, budget: float, level: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "bot.sqlite3")
        service = Service(store, config=ServiceConfig(ai_time_budget=budget, rate_limit=10**6, render_boards=False,
                                                      public_url="http://pages.test"))
        runner, url = await serve(service, store)
        try:
            tokens = await finished_games(service, 20)
            quiet_answers, quiet_replies = await against_the_bot(service, moves, level, 1, "alone")
            print(f"alone: the bot's answer {summary(quiet_answers)} (budget {budget} s); a chat reply "
                  f"{summary(quiet_replies)}", flush=True)
            context = multiprocessing.get_context("spawn")
            results, stopping = context.Queue(), context.Event()
            flooder = context.Process(target=flood_process, args=(url, tokens, stopping, results))  # as strangers do:
            flooder.start()  # from elsewhere, not from the bot's own event loop
            await asyncio.sleep(3)
            answers, replies = await against_the_bot(service, moves, level, 1, "flooded")
            stopping.set()
            seen = await asyncio.to_thread(results.get, True, 60)
            flooder.join(10)
            print(f"beside {CLIENTS} flooding clients: the bot's answer {summary(answers)} (target ≤ {budget * 1.1:.2f} s "
                  f"beyond the move's own handling); a chat reply {summary(replies)} (target ≤ 0.5 s)")
            print("the flood got: " + ", ".join(f"{key} × {count}" for key, count in sorted(seen.items())))
        finally:
            await runner.cleanup()
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--level", default="hard")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.moves, arguments.budget, arguments.level))
