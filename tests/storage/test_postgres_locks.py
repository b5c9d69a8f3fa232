"""PostgreSQL's game locks as the server sees them (``pg_locks``, ``pg_stat_activity``): the work under a lock runs
on the connection that holds it, a second statement at once takes another connection instead of waiting, and
nothing of the lock is left on a pooled connection after it."""

from __future__ import annotations

import asyncio

import asyncpg  # type: ignore[import-untyped]

from storage import open_store
from storage.postgres import GAME_LOCKS, PostgresStore
from tests.storage.test_store import new_game


async def holder_of(observer: asyncpg.Connection, game_id: int) -> int | None:
    """The backend holding the game's advisory lock, as the server's lock table says."""
    pid: int | None = await observer.fetchval(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND granted",
        GAME_LOCKS, game_id)
    return pid


async def test_the_work_under_a_game_lock_runs_on_the_connection_that_holds_it(postgres_url: str) -> None:
    store = await open_store(postgres_url)
    assert isinstance(store, PostgresStore)
    observer = await asyncpg.connect(postgres_url)
    try:
        game_id = await new_game(store)
        async with store.game_lock(game_id):
            holder = await holder_of(observer, game_id)
            worker = await store._db.fetch_one("SELECT pg_backend_pid() AS pid")
            async with store._db.transaction() as statements:
                in_transaction = await statements.fetch_one("SELECT pg_backend_pid() AS pid")
            assert holder is not None and worker is not None and in_transaction is not None
            assert worker["pid"] == holder == in_transaction["pid"]
            # Two statements at once: one on the lock's connection, the other on a connection of its own.
            both = await asyncio.gather(*(store._db.fetch_one("SELECT pg_backend_pid() AS pid, pg_sleep(0.2)")
                                          for _ in range(2)))
            assert len({row["pid"] for row in both if row is not None}) == 2
        assert await holder_of(observer, game_id) is None
        after = await store._db.fetch_one("SELECT pg_backend_pid() AS pid")
        assert after is not None
        assert await observer.fetchval("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == 0
    finally:
        await observer.close()
        await store.close()


async def test_a_task_started_under_a_lock_no_longer_uses_its_connection_once_it_is_released(postgres_url: str) -> None:
    store = await open_store(postgres_url)
    assert isinstance(store, PostgresStore)
    observer = await asyncpg.connect(postgres_url)
    try:
        game_id = await new_game(store)
        release = asyncio.Event()

        async def later() -> tuple[int, int | None]:
            await release.wait()
            row = await store._db.fetch_one("SELECT pg_backend_pid() AS pid")
            assert row is not None
            return row["pid"], await holder_of(observer, game_id)

        async with store.game_lock(game_id):
            task = asyncio.create_task(later())  # inherits the lock's context
            holder = await holder_of(observer, game_id)
        async with store.game_lock(game_id + 1000):  # the old connection may serve another lock now
            release.set()
            pid, still_held = await task
            other = await holder_of(observer, game_id + 1000)
        assert still_held is None and holder is not None
        assert other is not None and pid != other
    finally:
        await observer.close()
        await store.close()


async def test_a_lock_whose_holder_is_cancelled_is_released(postgres_url: str) -> None:
    store = await open_store(postgres_url)
    assert isinstance(store, PostgresStore)
    observer = await asyncpg.connect(postgres_url)
    try:
        game_id = await new_game(store)

        async def hold_then_get_cancelled() -> None:
            async with store.game_lock(game_id):
                await store._db.fetch_one("SELECT 1 AS one")
                await asyncio.sleep(10)

        task = asyncio.create_task(hold_then_get_cancelled())
        for _ in range(100):
            if await holder_of(observer, game_id) is not None:
                break
            await asyncio.sleep(0.02)
        holder = await holder_of(observer, game_id)
        assert holder is not None
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        for _ in range(100):  # the lock is gone, whether unlocked or with its connection
            if await holder_of(observer, game_id) is None:
                break
            await asyncio.sleep(0.02)
        assert await holder_of(observer, game_id) is None
        async with store.game_lock(game_id, wait=0.5):
            assert await holder_of(observer, game_id) is not None
    finally:
        await observer.close()
        await store.close()
