"""What a database driver offers the SQL store: statements, transactions, migrations."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

Row = Mapping[str, Any]


class Statements(Protocol):
    """Running statements, inside a transaction or each on its own."""

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an ``INSERT … RETURNING id``; the new row's id."""
        ...


class Driver(Statements, Protocol):
    """One database: statements, transactions, schema migrations."""

    dialect: str  # "sqlite" or "postgresql"

    def transaction(self) -> AbstractAsyncContextManager[Statements]: ...

    async def migrate(self, scripts: Sequence[str]) -> None:
        """Apply the scripts not applied yet, each in its own transaction, at most one process at a time."""
        ...

    async def schema_version(self) -> int: ...

    async def close(self) -> None: ...
