"""A bot that hosts many long games: the clocks' tick, the start and the everyday commands, timed.

Builds a database of ``--games`` stored games of realistic length (random legal games of 40 to 160
plies), ``--active`` of them going on (half with a one-day clock, ``--bot`` against the built-in
opponent), then times on it: the start (open and migrate the database, first answer), a tick of the
clocks when nothing is due, ``games``, ``stats`` and ``top``, and the memory the process holds after
a hundred ticks. On SQLite and, when the machine has it, on PostgreSQL.

    .venv/bin/python bench/scale.py [--games 100000] [--active 10000] [--bot 2000] [--no-postgres]

Targets on a 2-core machine: a tick ≤ 50 ms when nothing is due, start to first answer ≤ 2 s,
``games``/``stats``/``top`` ≤ 50 ms, memory flat.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import Event, Service, ServiceConfig
from rules import get_game
from storage import open_store

GAMES = ("kamisado", "ashtarashki", "krepost")
PLAYERS = 4000
CHATS = 800
DAY = 86_400.0


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def sample_games(rng: random.Random, per_game: int = 12) -> dict[str, list[tuple[list[str], dict[str, object]]]]:
    """Random legal games of 40 to 160 plies (or to their end), each as (moves, state) at every tenth ply."""
    pool: dict[str, list[tuple[list[str], dict[str, object]]]] = {key: [] for key in GAMES}
    for key in GAMES:
        game = get_game(key)
        for _ in range(per_game):
            state = game.new_state(**({"match": "single"} if key == "kamisado" else {}))
            moves: list[str] = []
            for _ply in range(rng.randrange(40, 160)):
                legal = state.legal_moves()
                if state.outcome() is not None or not legal:
                    break
                move = rng.choice(list(legal))
                moves.append(game.format_move(state, move))
                state = state.play(move)
                if len(moves) % 10 == 0:
                    pool[key].append((list(moves), state.to_dict()))
            pool[key].append((moves, state.to_dict()))
    return pool


def rows(count: int, active: int, bots: int, bot_ids: list[int], now: float, rng: random.Random) -> list[tuple[object, ...]]:
    pool = sample_games(rng)
    made = []
    for number in range(count):
        key = GAMES[number % 3]
        moves, state = rng.choice(pool[key])
        going = number < active
        white, black = 1 + 2 * (number % (PLAYERS // 2)), 2 + 2 * (number % (PLAYERS // 2))
        if going and number < bots:
            black = bot_ids[number % len(bot_ids)]
        to_play = state.get("to_play")
        to_move = {"white": white, "black": black}.get(str(to_play)) if going else None
        if going and to_move in bot_ids:  # the bot has answered already: the human is to move
            to_move = white
        clocked = going and number % 2 == 1
        deadline = now + DAY if clocked else None
        options = {"match": "single"} if key == "kamisado" else {}
        made.append((
            key, json.dumps(options), 1 + number % CHATS, white, black, "normal" if number < bots else None,
            json.dumps(state), json.dumps(moves), "active" if going else "finished",
            None if going else json.dumps({"winner": "white", "reason": "resign"}), DAY if clocked else None, deadline,
            0, now, 1, now, now, 1, to_move, now + DAY / 2 if clocked else None, 1,
        ))
    return made


COLUMNS = ("game, options, chat_id, white_id, black_id, ai_level, state, moves, status, result, time_per_move, deadline,"
           " remind_stage, last_move_at, version, created_at, updated_at, rated, to_move_id, clock_due, verified_version")


async def build(url: str, args: argparse.Namespace, now: float) -> None:
    store = await open_store(url, clock=lambda: now)
    dialect = store.dialect
    await store.close()
    rng = random.Random(5)
    users = [("bench", str(n), f"player{n}", now) for n in range(1, PLAYERS + 1)]
    users += [("bot", level, f"bot-{level}", now) for level in ("easy", "normal", "hard", "master")]
    bot_ids = list(range(PLAYERS + 1, PLAYERS + 5))
    chats = [("bench", f"chat{n}", now) for n in range(1, CHATS + 1)]
    games = rows(args.games, args.active, args.bot, bot_ids, now, rng)
    ratings = [(user, key, "all", 1500.0 + rng.random() * 400, 10, 5, 5, 0) for user in range(1, PLAYERS + 1) for key in GAMES]
    if dialect == "sqlite":
        import sqlite3

        db = sqlite3.connect(url.removeprefix("sqlite:///"))
        with db:
            db.executemany("INSERT INTO users (platform, platform_id, name, created_at) VALUES (?, ?, ?, ?)", users)
            db.executemany("INSERT INTO chats (platform, platform_id, created_at) VALUES (?, ?, ?)", chats)
            db.executemany(f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * 21)})", games)
            db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?)", ratings)
        db.close()
    else:
        import asyncpg  # type: ignore[import-untyped]

        db = await asyncpg.connect(url)
        await db.copy_records_to_table("users", records=users, columns=["platform", "platform_id", "name", "created_at"])
        await db.copy_records_to_table("chats", records=chats, columns=["platform", "platform_id", "created_at"])
        await db.copy_records_to_table("games", records=games, columns=[c.strip() for c in COLUMNS.split(",")])
        await db.copy_records_to_table("ratings", records=ratings, columns=["user_id", "game", "scope", "rating", "games",
                                                                            "wins", "losses", "draws"])
        await db.execute("ANALYZE")
        await db.close()


async def measure(url: str, now: float, label: str) -> None:
    clock = [now + 3600.0]  # an hour later: nothing is due
    began = time.perf_counter()
    store = await open_store(url, clock=lambda: clock[0])
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9,
                                                  shared_database=store.dialect != "sqlite"), clock=lambda: clock[0])
    await service.handle(Event("bench", "chat1", "1", "player1", text="help"))
    start = time.perf_counter() - began
    ticks = []
    for _ in range(20):
        t = time.perf_counter()
        replies = await service.tick()
        ticks.append(time.perf_counter() - t)
        assert not replies, replies
    commands: dict[str, list[float]] = {"games": [], "stats": [], "top": []}
    for number in range(20):
        user = str(1 + 2 * number)
        for command in commands:
            t = time.perf_counter()
            await service.handle(Event("bench", f"chat{1 + number}", user, f"player{user}", text=command))
            commands[command].append(time.perf_counter() - t)
    memory = rss_mb()
    for _ in range(100):
        await service.tick()
    grown = rss_mb() - memory
    fresh = await new_games(service, store, clock[0])
    await store.close()
    shown = " · ".join(f"{name} {1000 * statistics.median(times):.1f} ms (max {1000 * max(times):.1f})"
                       for name, times in commands.items())
    print(f"{label}: start to first answer {start:.2f} s · tick {1000 * statistics.median(ticks):.1f} ms "
          f"(max {1000 * max(ticks):.1f}) · {shown} · memory {memory:.0f} MB, {grown:+.1f} MB after 100 ticks · {fresh}")


NEW_GAMES = 5_000


async def new_games(service: Service, store: object, now: float) -> str:
    """Begin :data:`NEW_GAMES` games with a one-day clock, move once in each, then time the next tick (it should cost
    what a quiet tick costs: nothing is due for hours) and count the games it had to read."""
    game = get_game("ashtarashki")
    began = time.perf_counter()
    for number in range(NEW_GAMES):
        white, black = 1 + 2 * (number % (PLAYERS // 2)), 2 + 2 * (number % (PLAYERS // 2))
        challenge = await store.create_challenge(1 + number % CHATS, "ashtarashki", {}, white, black, None,  # type: ignore[attr-defined]
                                                 "white", int(DAY))
        row = await service.games.start(challenge, white, black, game.new_state())
        state = game.new_state()
        move = state.legal_moves()[number % len(state.legal_moves())]
        await service.games.commit(row, state.play(move), [game.format_move(state, move)])
    made = time.perf_counter() - began
    due = len(await service.games.clock_due(now))
    t = time.perf_counter()
    await service.tick()
    tick = time.perf_counter() - t
    return (f"{NEW_GAMES} games begun and moved in ({1000 * made / NEW_GAMES:.1f} ms each), then a tick "
            f"{1000 * tick:.1f} ms reading {due} due games")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--active", type=int, default=10_000)
    parser.add_argument("--bot", type=int, default=2_000)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args()
    now = time.time()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite3"
        began = time.perf_counter()
        await build(url, args, now)
        print(f"SQLite: {args.games} games built in {time.perf_counter() - began:.0f} s")
        await measure(url, now, "SQLite")
    if args.no_postgres:
        return
    from tests.postgres_server import start_or_explain

    server, reason = start_or_explain()
    if server is None:
        print(f"PostgreSQL skipped: {reason}")
        return
    try:
        url = server.create_database("scale")
        await build(url, args, now)
        await measure(url, now, "PostgreSQL")
    finally:
        server.stop()


if __name__ == "__main__":
    asyncio.run(main())
