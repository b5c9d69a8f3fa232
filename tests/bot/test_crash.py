"""A process killed in the middle of moves loses no committed move and leaves no half-written game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from storage import SqliteStore, verify_replay

PLAYER = r"""
import asyncio, random, sys
from bot.service import Event, Service, ServiceConfig
from rules import get_game
from storage import SqliteStore

async def main(path):
    store = await SqliteStore.open(path)
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=10**9))
    rng = random.Random(5)
    ids = []
    for n, key in enumerate(["kamisado", "ashtarashki", "krepost"]):
        await service.handle(Event("t", f"c{n}", "b", "Bob", text="hi"))
        await service.handle(Event("t", f"c{n}", "a", "Ann", text=f"play {key} @Bob white"))
        ids.append((await service.handle(Event("t", f"c{n}", "b", "Bob", text="accept")))[0].game_id)
    print("ready", flush=True)
    while True:
        n = rng.randrange(3)
        row = await store.game(ids[n])
        if row.status != "active":
            continue
        game = get_game(row.game)
        state = game.state_from_dict(row.state)
        move = rng.choice(list(state.legal_moves()))
        user = ("a", "Ann") if state.to_play == "white" else ("b", "Bob")
        await service.handle(Event("t", f"c{n}", *user, text=f"#{row.id} {game.format_move(state, move)}"))

asyncio.run(main(sys.argv[1]))
"""


def run_and_kill(script: str, path: Path, seconds: float) -> None:
    """Run ``script`` on the database ``path`` and kill -9 it ``seconds`` after it says it is ready."""
    process = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True,
                               cwd=Path(__file__).resolve().parents[2])
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
        time.sleep(seconds)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait(timeout=30)


async def test_killing_the_process_mid_move_keeps_every_game_consistent(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    run_and_kill(PLAYER, path, 1.5)
    store = await SqliteStore.open(path)
    try:
        games = await store.all_games()
        assert len(games) == 3
        assert sum(len(g.moves) for g in games) > 10
        for row in games:
            assert verify_replay(row) is None, row.id
            assert (await store.load_game(row.id)).status in ("active", "finished")
    finally:
        await store.close()


THINKER = r"""
import asyncio, sys
from bot.service import Event, Service, ServiceConfig
from storage import SqliteStore

async def main(path):
    store = await SqliteStore.open(path)
    service = Service(store, config=ServiceConfig(render_boards=False, ai_time_budget=120))
    print("ready", flush=True)
    # White is the bot (a master with two minutes): it starts thinking at once, and is killed meanwhile.
    await service.handle(Event("t", "c", "a", "Ann", text="play ashtarashki bot black level=master"))

asyncio.run(main(sys.argv[1]))
"""


async def test_killed_while_the_bot_thinks_the_bot_moves_after_the_restart(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    run_and_kill(THINKER, path, 3)
    from bot.service import Service, ServiceConfig

    store = await SqliteStore.open(path)
    try:
        [row] = await store.all_games()
        assert row.moves == []  # the bot never answered before the kill
        service = Service(store, config=ServiceConfig(render_boards=False, ai_time_budget=0.2))
        replies = await service.tick()
        assert len(replies) == 1 and "Bot (master) played" in replies[0].text and replies[0].chat_id == "c"
        assert len((await store.game(row.id)).moves) == 1
        assert await service.tick() == [] and len((await store.game(row.id)).moves) == 1
    finally:
        await store.close()
