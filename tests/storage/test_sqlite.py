"""What only the SQLite store has: its pragmas, WAL and the online backup (the rest: test_store.py)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from storage import SqliteStore
from storage.migrations import MIGRATIONS
from storage.sqlite import SqliteDriver
from tests.storage.test_store import new_game


async def test_schema_pragmas_and_migrations(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await SqliteStore.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"users", "chats", "challenges", "games", "ratings"} <= tables
    raw.close()
    again = await SqliteStore.open(path)  # opening twice applies nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_online_backup(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "db.sqlite3")
    try:
        await new_game(store)
        await store.backup(tmp_path / "copy.sqlite3")
    finally:
        await store.close()
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    copy.close()


async def test_a_read_never_sees_a_change_that_is_not_committed(tmp_path: Path) -> None:
    """The one connection runs a transaction's statements between awaits; a read asked for meanwhile waits for the
    transaction to end, so it never sees a change not committed yet (here one that is then rolled back, as a move
    refused as stale is)."""
    driver = await SqliteDriver.connect(tmp_path / "db.sqlite3")
    try:
        await driver.execute("CREATE TABLE t (v INTEGER)")
        await driver.execute("INSERT INTO t VALUES (1)")
        read: asyncio.Future[object] | None = None
        with pytest.raises(LookupError):
            async with driver.transaction() as db:
                await db.execute("UPDATE t SET v = 2")
                read = asyncio.ensure_future(driver.fetch_one("SELECT v FROM t"))
                await asyncio.wait({read}, timeout=1.0)  # the time a read slipped in among the statements would take
                raise LookupError("stale: rolled back")
        assert read is not None
        row = await read
        assert row is not None and row["v"] == 1  # type: ignore[index]
    finally:
        await driver.close()
