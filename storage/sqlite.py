"""The SQLite driver: WAL, a busy timeout, foreign keys, one writer at a time behind a lock."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import sqlite3
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


class _Statements:
    """Statements on a connection whose lock the caller holds (in a transaction or not)."""

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


class SqliteDriver:
    """One aiosqlite connection in autocommit mode; several statements go between BEGIN and COMMIT.

    Every statement waits for the connection's lock, a read as much as a write: a transaction's statements run on
    the same connection between awaits, and a read slipped in among them would see what is not committed yet (and
    may never be: a move refused as stale is rolled back)."""

    dialect = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._statements = _Statements(connection)
        self._lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str | Path) -> SqliteDriver:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), timeout=30, isolation_level=None)
        try:
            connection.row_factory = aiosqlite.Row
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA synchronous = NORMAL")
            await connection.execute("PRAGMA busy_timeout = 10000")
            await connection.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await connection.close()  # its worker thread would keep the process alive
            raise
        return cls(connection)

    async def check_writable(self) -> None:
        """Raise :class:`sqlite3.Error` unless the database can be written (a read-only file or folder)."""
        async with self._lock:
            version = await self._statements.fetch_one("PRAGMA user_version")
            await self._statements.execute(f"PRAGMA user_version = {int(version[0]) if version else 0}")  # type: ignore[index]

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._lock:
            return await self._statements.fetch_one(sql, params)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._lock:
            return await self._statements.fetch_all(sql, params)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._lock:
            return await self._statements.execute(sql, params)

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with self._lock:
            return await self._statements.insert(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Statements]:
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._statements
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def migrate(self, scripts: Sequence[str]) -> None:
        await self.upgrade(scripts)

    async def upgrade(self, scripts: Sequence[str], copy_to: Path | None = None) -> Path | None:
        """Bring the schema up to date; with ``copy_to``, a database that has data and is behind is first copied
        there (once: an existing copy is kept), so an upgrade has a way back. The copy made, if any."""
        made = None
        async with self._lock:
            current = await self._version()
            check_schema(current, len(scripts))
            if copy_to is not None and 0 < current < len(scripts) and not copy_to.exists():
                await self._copy(copy_to)
                made = copy_to
                log.warning("before bringing its schema from version %d to %d, the database was copied to %s",
                            current, len(scripts), copy_to)
            for number, script in enumerate(scripts, 1):
                if number > current:
                    await self._db.executescript(f"BEGIN IMMEDIATE; {script}; PRAGMA user_version = {number}; COMMIT;")
                    log.info("database migrated to version %d", number)
        return made

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._version()

    async def _version(self) -> int:
        row = await self._statements.fetch_one("PRAGMA user_version")
        return int(row[0]) if row else 0  # type: ignore[index]

    async def backup(self, target: str | Path) -> None:
        async with self._lock:
            await self._copy(Path(target))

    async def _copy(self, target: Path) -> None:
        """A consistent copy at ``target``, written beside it first and then renamed into place (a failed copy leaves
        no half a database); :class:`StoreError` saying why it cannot be written."""
        partial = target.with_name(target.name + ".partial")
        if not target.parent.is_dir() or not os.access(target.parent, os.W_OK):
            # Said here: a connection that cannot open its file fails in its own thread, which may outlive the loop.
            raise StoreError(f"cannot write a copy of the database to {target}: the folder {target.parent} does not "
                             "exist or cannot be written")
        try:
            destination = await aiosqlite.connect(str(partial))
            try:
                await self._db.backup(destination)
            finally:
                await destination.close()
            os.replace(partial, target)
        except (sqlite3.Error, OSError) as exc:
            with contextlib.suppress(OSError):
                partial.unlink()
            raise StoreError(f"cannot write a copy of the database to {target}: {_reason(exc)}") from None

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()


def hold_lock_file(path: str | Path) -> int:
    """Hold the database file itself for this process alone (an ``flock``, which SQLite's own locks do not
    touch), so a second bot is refused whatever path, symlink or hard link names the same file; raise
    :class:`StoreError` when another process holds it."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)  # an empty file is an empty SQLite database
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        raise StoreError(
            f"another bot process is already using the SQLite database {Path(path).resolve()}. "
            "Two processes on one SQLite file would refuse each other's moves: stop the other one, or run "
            "several processes on PostgreSQL (DATABASE_URL=postgresql://…)."
        ) from None
    return descriptor


def _reason(exc: BaseException) -> str:
    """What went wrong, in a few words a person can act on."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    text = str(exc)
    if "readonly" in text or "read-only" in text:
        return "it cannot be written (a read-only file or folder)"
    if "not a database" in text:
        return "the file is not a SQLite database"
    if "unable to open" in text:
        return "it cannot be opened (a folder, or a folder that cannot be written)"
    return text


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
        lock = None
        driver = None
        try:
            lock = hold_lock_file(path) if exclusive and str(path) != ":memory:" else None
            driver = await SqliteDriver.connect(path)
            known = len(scripts_for("sqlite"))
            copy_to = Path(f"{path}.before-v{known}") if str(path) != ":memory:" else None
            copied = await driver.upgrade(scripts_for("sqlite"), copy_to)
            await driver.check_writable()
            if lock is not None:  # this process alone uses the file: locks left by a dead one go
                await driver.execute("DELETE FROM game_locks")
        except BaseException as exc:
            if driver is not None:
                await driver.close()  # its thread would keep the process alive
            if lock is not None:
                os.close(lock)
            if isinstance(exc, sqlite3.Error | OSError):
                raise StoreError(f"cannot use the SQLite database {Path(path).resolve()}: {_reason(exc)}") from None
            raise
        store = cls(driver, clock)
        store._lock_file = lock
        store.copied_before_migrating = copied
        return store

    _lock_file: int | None = None
    copied_before_migrating: Path | None = None  # where the database was copied before its schema was brought up

    async def close(self) -> None:
        await super().close()
        if self._lock_file is not None:
            os.close(self._lock_file)
            self._lock_file = None

    async def backup(self, target: str | Path, *, replace: bool = False) -> None:
        """A consistent copy of the database at ``target`` while it is in use; :class:`StoreError` when ``target``
        exists (unless ``replace``) or cannot be written."""
        if Path(target).exists() and not replace:
            raise StoreError(f"{target} exists already: name another file, or add --force to replace it")
        if Path(target).is_dir():
            raise StoreError(f"{target} is a folder: name a file in it")
        await self._db.backup(target)
