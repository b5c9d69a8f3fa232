"""Persistence of users, chats, challenges, games and ratings. Imports the rules core only.

:func:`open_store` opens the database a URL names: ``sqlite:///path/to/file`` (or a plain path)
or ``postgresql://user:password@host:port/database``.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from storage.models import (
    Challenge,
    Chat,
    ConflictError,
    GameBusy,
    GameRow,
    NotFoundError,
    Rating,
    StoreError,
    StoreUnavailable,
    User,
)
from storage.outbox import Delivery, Outgoing
from storage.rows import verify_replay
from storage.sql import SqlStore
from storage.sqlite import SqliteStore


def sqlite_path(url: str) -> str | None:
    """The file of a ``sqlite:///…`` URL or a plain path; None for another kind of URL.

    >>> sqlite_path("sqlite:///data/bot.sqlite3"), sqlite_path("sqlite:////srv/bot.sqlite3")
    ('data/bot.sqlite3', '/srv/bot.sqlite3')
    >>> sqlite_path("postgresql://bot@db/bot") is None
    True
    """
    if url.startswith("sqlite://"):
        return url.removeprefix("sqlite://").removeprefix("/") or ":memory:"
    if "://" in url:
        return None
    return url


async def open_store(url: str, clock: Callable[[], float] = time.time, *, exclusive: bool = False) -> SqlStore:
    """Open and migrate the database ``url`` names; :class:`ValueError` for an unknown kind of URL.

    ``exclusive`` is for the running bot: a SQLite file is then refused to a second process
    (:class:`StoreError`); PostgreSQL is made to be shared.
    """
    path = sqlite_path(url)
    if path is not None:
        return await SqliteStore.open(path, clock=clock, exclusive=exclusive)
    if url.startswith(("postgresql://", "postgres://")):
        from storage.postgres import PostgresStore

        return await PostgresStore.open(url, clock=clock)
    raise ValueError(f"unknown database URL {url!r}: use sqlite:///path or postgresql://user:password@host/database")


async def schema_version_of(url: str) -> int:
    """The schema version of the database ``url`` names, read without changing it (0: no database or an empty one);
    :class:`StoreError` when it cannot be read."""
    path = sqlite_path(url)
    if path is not None:
        if not Path(path).exists():
            return 0
        try:
            with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
                return int(connection.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.Error as exc:
            raise StoreError(f"cannot read the SQLite database {path}: {exc}") from None
    import asyncpg  # type: ignore[import-untyped]

    try:
        connection = await asyncpg.connect(url, timeout=10)
    except (OSError, asyncpg.PostgresError) as exc:
        raise StoreError(f"cannot reach the PostgreSQL database: {type(exc).__name__}: {exc}") from None
    try:
        if await connection.fetchval("SELECT to_regclass('schema_version')") is None:
            return 0
        return int(await connection.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))
    finally:
        await connection.close()


__all__ = [
    "Challenge", "Chat", "ConflictError", "Delivery", "GameBusy", "GameRow", "NotFoundError", "Outgoing", "Rating", "SqlStore",
    "SqliteStore", "StoreError", "StoreUnavailable", "User", "open_store", "schema_version_of", "sqlite_path", "verify_replay",
]
