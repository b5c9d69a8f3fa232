"""What only the SQLite store has: its pragmas, WAL and the online backup (the rest: test_store.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from storage import SqliteStore
from storage.migrations import MIGRATIONS
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
