"""Persistence of users, chats, challenges, games and ratings. Imports the rules core only.

:func:`open_store` opens the database a URL names: ``sqlite:///path/to/file`` (or a plain path)
or ``postgresql://user:password@host:port/database``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

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


__all__ = [
    "Challenge", "Chat", "ConflictError", "Delivery", "GameBusy", "GameRow", "NotFoundError", "Outgoing", "Rating", "SqlStore",
    "SqliteStore", "StoreError", "StoreUnavailable", "User", "open_store", "sqlite_path", "verify_replay",
]
