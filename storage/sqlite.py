"""The SQLite driver: WAL, a busy timeout, foreign keys, one writer at a time behind a lock."""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from storage.driver import Row, Statements
from storage.migrations import check_schema, scripts_for
from storage.models import StoreError
from storage.sql import SqlStore

log = logging.getLogger("storage")


class _Transaction:
    """Statements on a connection whose lock the caller holds."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self._db.execute_fetchall(sql, params)
        return next(iter(rows), None)  # type: ignore[return-value]

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._db.execute_fetchall(sql, params))  # type: ignore[arg-type]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self._db.execute(sql, params)
        return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        row = await self.fetch_one(sql, params)
        assert row is not None
        return int(row["id"])


class SqliteDriver(_Transaction):
    """One aiosqlite connection in autocommit mode; several statements go between BEGIN and COMMIT."""

    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        super().__init__(connection)
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str | Path) -> SqliteDriver:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), timeout=30, isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode = WAL")
        await connection.execute("PRAGMA synchronous = NORMAL")
        await connection.execute("PRAGMA busy_timeout = 10000")
        await connection.execute("PRAGMA foreign_keys = ON")
        return cls(connection)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._lock:
            return await super().execute(sql, params)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._lock:
            return await super().insert(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Statements]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _Transaction(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def migrate(self, scripts: Sequence[str]) -> None:
        async with self._lock:
            current = await self.schema_version()
            check_schema(current, len(scripts))
            for number, script in enumerate(scripts, 1):
                if number > current:
                    await self._db.executescript(f"BEGIN IMMEDIATE; {script}; PRAGMA user_version = {number}; COMMIT;")
                    log.info("database migrated to version %d", number)

    async def schema_version(self) -> int:
        row = await self.fetch_one("PRAGMA user_version")
        return int(row[0]) if row else 0  # type: ignore[index]

    async def backup(self, target: str | Path) -> None:
        async with self._lock:
            destination = await aiosqlite.connect(str(target))
            try:
                await self._db.backup(destination)
            finally:
                await destination.close()

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()


def hold_lock_file(path: str | Path) -> int:
    """Take ``<path>.lock`` for this process alone; raise :class:`StoreError` when another process has it."""
    lock_path = f"{path}.lock"
    Path(lock_path).parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        raise StoreError(
            f"another bot process is already using the SQLite database {path} (it holds {lock_path}). "
            "Two processes on one SQLite file would refuse each other's moves: stop the other one, or run "
            "several processes on PostgreSQL (DATABASE_URL=postgresql://…)."
        ) from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"{os.getpid()}\n".encode())
    return descriptor


class SqliteStore(SqlStore):
    """The store in one SQLite file. Open with :meth:`open`."""

    _db: SqliteDriver

    @classmethod
    async def open(cls, path: str | Path, clock: Callable[[], float] = time.time, *,
                   exclusive: bool = False) -> SqliteStore:
        """Open (creating if needed) the database at ``path`` and bring its schema up to date.

        ``exclusive`` (the running bot) holds a lock file beside the database, so a second bot
        process on the same file is refused with :class:`StoreError` instead of racing this one.
        """
        lock = hold_lock_file(path) if exclusive and str(path) != ":memory:" else None
        driver = None
        try:
            driver = await SqliteDriver.connect(path)
            await driver.migrate(scripts_for("sqlite"))
        except BaseException:
            if driver is not None:
                await driver.close()  # its thread would keep the process alive
            if lock is not None:
                os.close(lock)
            raise
        store = cls(driver, clock)
        store._lock_file = lock
        return store

    _lock_file: int | None = None

    async def close(self) -> None:
        await super().close()
        if self._lock_file is not None:
            os.close(self._lock_file)
            self._lock_file = None

    async def backup(self, target: str | Path) -> None:
        """A consistent copy of the database at ``target`` while it is in use."""
        await self._db.backup(target)
