"""Fixtures shared by every test folder: a PostgreSQL server started once per test run."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from tests.postgres_server import PostgresServer, start_or_explain

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server, reason = start_or_explain()
    if server is None:
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a new, empty database on the test server."""
    return postgres_server.create_database(f"test_{next(_numbers)}")
