"""The PostgreSQL driver (asyncpg): a connection pool, ``?`` placeholders turned into ``$n``."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import asyncpg  # type: ignore[import-untyped]

from storage.driver import Row, Statements
from storage.migrations import check_schema, scripts_for
from storage.models import StoreError, StoreUnavailable, until_taken
from storage.sql import SqlStore

log = logging.getLogger("storage")

# Taken for the length of a migration so that two processes starting together apply it once.
_MIGRATION_LOCK = 7_264_101


@cache
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered the PostgreSQL way.

    >>> numbered("SELECT * FROM games WHERE id = ? AND version = ?")
    'SELECT * FROM games WHERE id = $1 AND version = $2'
    """
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def _changed(status: str) -> int:
    """Rows changed, from a command status such as ``UPDATE 1`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


# What asyncpg raises when the server cannot be reached or the connection is lost.
UNREACHABLE = (OSError, asyncio.TimeoutError, asyncpg.exceptions.PostgresConnectionError,
               asyncpg.exceptions.ConnectionDoesNotExistError, asyncpg.exceptions.CannotConnectNowError,
               asyncpg.exceptions.AdminShutdownError)


@asynccontextmanager
async def _reachable() -> AsyncIterator[None]:
    """Turn a lost server or connection into :class:`StoreUnavailable` (the statement changed nothing)."""
    try:
        yield
    except UNREACHABLE as exc:
        raise StoreUnavailable(f"PostgreSQL cannot be reached: {exc or type(exc).__name__}") from exc


# How long a statement may wait for a free connection of the pool before the store says it is unavailable.
ACQUIRE_TIMEOUT = 30.0


@dataclass
class _Held:
    """The connection that holds a game's advisory lock, lent to the work done under the lock: one statement
    (or transaction) at a time, and only while the lock is held."""

    connection: Any
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)
    open: bool = True

    def free(self) -> bool:
        return self.open and not self.busy.locked()


# The lock held by the running task (and the tasks it starts), whose connection its statements use when free.
_held: ContextVar[_Held | None] = ContextVar("held_postgres_connection", default=None)


@dataclass
class PoolWaits:
    """Statements that found no idle pooled connection, and the seconds they waited for one (this process)."""

    count: int = 0
    seconds: float = 0.0


WAITS = PoolWaits()


@asynccontextmanager
async def _connection(pool: asyncpg.Pool) -> AsyncIterator[Any]:
    """A connection for one statement or transaction: the held lock's own when it is free, else one borrowed from
    ``pool`` (waiting at most :data:`ACQUIRE_TIMEOUT`)."""
    held = _held.get()
    if held is not None and held.free():
        async with held.busy:
            yield held.connection
        return
    waiting = pool.get_idle_size() == 0
    began = time.perf_counter()
    async with pool.acquire(timeout=ACQUIRE_TIMEOUT) as connection:
        if waiting:
            WAITS.count += 1
            WAITS.seconds += time.perf_counter() - began
        yield connection


async def _no_reset(_connection: Any) -> None:
    """What a connection needs when it goes back to the pool: nothing beyond asyncpg's own rollback of an open
    transaction. No statement of this store changes a session's settings, listens or keeps a cursor, and an
    advisory lock whose release failed takes its connection down with it (:meth:`PostgresDriver._locked`), so
    the default reset query (a round trip after every statement) would undo nothing."""


class _Pooled:
    """A pool's statements, each on a connection borrowed for it (the held lock's own when it is free), never
    waiting for one without limit."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def _borrowing(self, method: str, sql: str, params: tuple[Any, ...]) -> Any:
        async with _connection(self._pool) as connection:
            return await getattr(connection, method)(sql, *params)

    async def fetchrow(self, sql: str, *params: Any) -> Any:
        return await self._borrowing("fetchrow", sql, params)

    async def fetch(self, sql: str, *params: Any) -> Any:
        return await self._borrowing("fetch", sql, params)

    async def execute(self, sql: str, *params: Any) -> Any:
        return await self._borrowing("execute", sql, params)

    async def fetchval(self, sql: str, *params: Any) -> Any:
        return await self._borrowing("fetchval", sql, params)


class _Statements:
    def __init__(self, runner: Any) -> None:
        self._runner = runner  # a connection, or the pool's _Pooled: both have fetchrow, fetch and execute

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with _reachable():
            row: Row | None = await self._runner.fetchrow(numbered(sql), *params)
        return row

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with _reachable():
            return list(await self._runner.fetch(numbered(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with _reachable():
            return _changed(await self._runner.execute(numbered(sql), *params))

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        async with _reachable():
            return int(await self._runner.fetchval(numbered(sql), *params))


class PostgresDriver(_Statements):
    """A pool of connections to one PostgreSQL database.

    An advisory lock holds a connection for as long as it is held, and the work done under it needs
    connections of its own: so at most half the pool is ever spent on locks (later lockers queue for a
    slot), and the other half always serves the work, which is what keeps a burst of moves from starving it.
    """

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, max_size: int = 20, url: str = "") -> None:
        super().__init__(_Pooled(pool))
        self._pool = pool
        self.url = url  # for a connection of its own that listens
        self.lock_slots = max(1, max_size // 2)
        self._lock_slots = asyncio.Semaphore(self.lock_slots)

    @classmethod
    async def connect(cls, url: str, *, max_size: int = 20) -> PostgresDriver:
        """A pool of up to ``max_size`` connections to ``url``, as many as there are lock slots opened at once, so
        the first moves after a start (the updates the platform kept meanwhile) find their connections ready."""
        pool = await asyncpg.create_pool(url, min_size=max(1, max_size // 2), max_size=max_size, command_timeout=60,
                                         reset=_no_reset)
        return cls(pool, max_size, url)

    def pool_waits(self) -> tuple[int, float]:
        """How many statements waited for a pooled connection, and the seconds they waited in all."""
        return WAITS.count, WAITS.seconds

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Statements]:
        async with _reachable(), _connection(self._pool) as connection, connection.transaction():
            yield _Statements(connection)

    @asynccontextmanager
    async def advisory_lock(self, space: int, key: int, wait: float) -> AsyncIterator[None]:
        """Hold PostgreSQL's advisory lock ``(space, key)`` on a connection of this process: it dies with the
        connection, so a process killed while holding it blocks nobody. :class:`GameBusy` after ``wait`` s
        of another process holding it; :class:`StoreUnavailable` when no lock slot or connection frees up
        within :data:`ACQUIRE_TIMEOUT` (the work under the locks stopped moving)."""
        try:
            await asyncio.wait_for(self._lock_slots.acquire(), ACQUIRE_TIMEOUT)
        except TimeoutError:
            raise StoreUnavailable(f"no PostgreSQL lock slot became free within {ACQUIRE_TIMEOUT:.0f} s") from None
        try:
            async with self._locked(space, key, wait):
                yield
        finally:
            self._lock_slots.release()

    @asynccontextmanager
    async def _locked(self, space: int, key: int, wait: float) -> AsyncIterator[None]:
        """Take the lock on a pooled connection and lend that connection to the statements run under it; give
        it back unlocked, or closed when the unlock did not go through (the lock must not outlive its holder)."""
        async with _reachable(), self._pool.acquire(timeout=ACQUIRE_TIMEOUT) as connection:

            async def take() -> bool:
                return bool(await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", space, key))

            await until_taken(take, wait, f"{space}:{key}")
            held = _Held(connection)
            outer = _held.set(held)
            unlocked = False
            try:
                yield
            finally:
                with suppress(ValueError):  # closed from another context (a task torn down): nothing set there
                    _held.reset(outer)
                try:
                    async with held.busy:  # a statement still running on it, started by a task of the holder
                        held.open = False
                        await connection.execute("SELECT pg_advisory_unlock($1, $2)", space, key)
                        unlocked = True
                finally:
                    if not unlocked:
                        connection.terminate()

    async def migrate(self, scripts: Sequence[str]) -> None:
        async with self._pool.acquire(timeout=ACQUIRE_TIMEOUT) as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            await connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            current = await connection.fetchval("SELECT max(version) FROM schema_version") or 0
            check_schema(current, len(scripts))
            for number, script in enumerate(scripts, 1):
                if number > current:
                    await connection.execute(script)
                    await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                    log.info("database migrated to version %d", number)

    async def schema_version(self) -> int:
        async with self._pool.acquire(timeout=ACQUIRE_TIMEOUT) as connection:
            return int(await connection.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))

    async def close(self) -> None:
        await self._pool.close()


GAME_LOCKS = 7_264_102  # the advisory locks' key space of games
CHANGES_CHANNEL = "game_changed"  # NOTIFY'd "<game id>:<version>" by a trigger when a game's new version commits


class PostgresStore(SqlStore):
    """The store in a PostgreSQL database, shared by any number of bot processes."""

    _db: PostgresDriver

    @asynccontextmanager
    async def game_lock(self, game_id: int, *, wait: float = 10.0, lease: float = 30.0) -> AsyncIterator[None]:
        """Hold the game for this process (an advisory lock, released at once if the process dies);
        :class:`GameBusy` when another process holds it ``wait`` seconds."""
        async with self._db.advisory_lock(GAME_LOCKS, game_id, wait):
            yield

    async def watch_changes(self, changed: Callable[[int | None, int | None], None]) -> Callable[[], Awaitable[None]] | None:
        """Listen on a connection of its own (``LISTEN game_changed``), connecting again after a loss (and then
        calling ``changed(None, 0)``: what was announced meanwhile is unknown)."""
        stopping = asyncio.Event()

        def heard(_connection: Any, _pid: int, _channel: str, payload: str) -> None:
            game, _, version = payload.partition(":")
            if game.isdigit() and version.isdigit():
                changed(int(game), int(version))
            elif game.isdigit() and version == "review":  # reviewed: no new version, something new to show
                changed(int(game), None)

        async def listen() -> None:
            pause, first = 0.5, True
            while not stopping.is_set():
                try:
                    connection = await asyncpg.connect(self._db.url)
                except (*UNREACHABLE, asyncpg.exceptions.PostgresError) as exc:
                    log.warning("cannot listen for other processes' moves (%s): trying again", _reason(exc))
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, 30.0)
                    continue
                lost = asyncio.Event()
                connection.add_termination_listener(lambda _c, lost=lost: lost.set())
                try:
                    await connection.add_listener(CHANGES_CHANNEL, heard)
                    if not first:
                        changed(None, 0)
                    first, pause = False, 0.5
                    done = {asyncio.ensure_future(stopping.wait()), asyncio.ensure_future(lost.wait())}
                    _, waiting = await asyncio.wait(done, return_when=asyncio.FIRST_COMPLETED)
                    for task in waiting:
                        task.cancel()
                finally:
                    if not connection.is_closed():
                        await connection.close()

        task = asyncio.create_task(listen())

        async def stop() -> None:
            stopping.set()
            await task

        return stop

    @classmethod
    async def open(cls, url: str, clock: Callable[[], float] = time.time) -> PostgresStore:
        """Connect to ``url`` (``postgresql://user:password@host:port/database``) and migrate the schema;
        :class:`StoreError` naming the server (never the password) and the reason when that fails."""
        try:
            driver = await asyncio.wait_for(PostgresDriver.connect(url), CONNECT_TIMEOUT)
        except (*UNREACHABLE, asyncpg.exceptions.PostgresError) as exc:
            raise StoreError(f"cannot use the PostgreSQL database {_shown(url)}: {_reason(exc)}") from None
        try:
            await driver.migrate(scripts_for("postgresql"))
        except BaseException:
            await driver.close()
            raise
        return cls(driver, clock)


CONNECT_TIMEOUT = 15.0


def _shown(url: str) -> str:
    """``url`` without its password.

    >>> _shown("postgresql://bot:s3cret@db:5432/bot")
    'postgresql://bot@db:5432/bot'
    """
    parts = urlsplit(url)
    host = parts.hostname or ""
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, asyncpg.exceptions.InvalidPasswordError | asyncpg.exceptions.InvalidAuthorizationSpecificationError):
        return f"the server refused the user or password ({exc})"
    if isinstance(exc, OSError | asyncio.TimeoutError):
        return f"the server cannot be reached ({exc.strerror if isinstance(exc, OSError) and exc.strerror else 'no answer'})"
    return str(exc) or type(exc).__name__
