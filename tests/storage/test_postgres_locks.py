"""PostgreSQL's game locks as the server sees them (``pg_locks``): the work under a lock runs on the connection that
holds it, a second statement at once takes another connection instead of waiting, and nothing of the lock is left
on a pooled connection after it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import asyncpg  # type: ignore[import-untyped]
import pytest

from storage import open_store
from storage.postgres import GAME_LOCKS, PostgresStore
from tests.storage.test_store import new_game


@dataclass
class Locks:
    """A store with one game, and a connection of the test's own that reads the server's lock table."""

    store: PostgresStore
    observer: asyncpg.Connection
    game_id: int

    async def holder(self, game_id: int | None = None) -> int | None:
        """The backend holding the game's advisory lock, as the server's lock table says."""
        pid: int | None = await self.observer.fetchval(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND granted",
            GAME_LOCKS, self.game_id if game_id is None else game_id)
        return pid

    async def backend(self) -> int:
        """The backend a statement of the store runs on."""
        row = await self.store._db.fetch_one("SELECT pg_backend_pid() AS pid")
        assert row is not None
        return int(row["pid"])


@pytest.fixture
async def locks(postgres_url: str) -> AsyncIterator[Locks]:
    store = await open_store(postgres_url)
    assert isinstance(store, PostgresStore)
    observer = await asyncpg.connect(postgres_url)
    try:
        yield Locks(store, observer, await new_game(store))
    finally:
        await observer.close()
        await store.close()


async def test_the_work_under_a_game_lock_runs_on_the_connection_that_holds_it(locks: Locks) -> None:
    async with locks.store.game_lock(locks.game_id):
        holder = await locks.holder()
        worker = await locks.backend()
        async with locks.store._db.transaction() as statements:
            in_transaction = await statements.fetch_one("SELECT pg_backend_pid() AS pid")
        assert holder is not None and in_transaction is not None
        assert worker == holder == in_transaction["pid"]
        # Two statements at once: one on the lock's connection, the other on a connection of its own.
        both = await asyncio.gather(*(locks.store._db.fetch_one("SELECT pg_backend_pid() AS pid, pg_sleep(0.2)")
                                      for _ in range(2)))
        assert len({row["pid"] for row in both if row is not None}) == 2
    assert await locks.holder() is None
    await locks.backend()
    assert await locks.observer.fetchval("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == 0


async def test_a_task_started_under_a_lock_no_longer_uses_its_connection_once_it_is_released(locks: Locks) -> None:
    release = asyncio.Event()

    async def later() -> tuple[int, int | None]:
        await release.wait()
        return await locks.backend(), await locks.holder()

    async with locks.store.game_lock(locks.game_id):
        task = asyncio.create_task(later())  # inherits the lock's context
        holder = await locks.holder()
    async with locks.store.game_lock(locks.game_id + 1000):  # the old connection may serve another lock now
        release.set()
        pid, still_held = await task
        other = await locks.holder(locks.game_id + 1000)
    assert still_held is None and holder is not None
    assert other is not None and pid != other


async def test_a_lock_whose_holder_is_cancelled_is_released(locks: Locks) -> None:
    async def hold_then_get_cancelled() -> None:
        async with locks.store.game_lock(locks.game_id):
            await locks.backend()
            await asyncio.sleep(10)

    task = asyncio.create_task(hold_then_get_cancelled())
    for _ in range(100):
        if await locks.holder() is not None:
            break
        await asyncio.sleep(0.02)
    assert await locks.holder() is not None
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    for _ in range(100):  # the lock is gone, whether unlocked or with its connection
        if await locks.holder() is None:
            break
        await asyncio.sleep(0.02)
    assert await locks.holder() is None
    async with locks.store.game_lock(locks.game_id, wait=0.5):
        assert await locks.holder() is not None
