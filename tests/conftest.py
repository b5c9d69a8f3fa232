"""Fixtures shared by every test folder: a PostgreSQL server started once per test run."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest

from tests import browser
from tests.postgres_server import PostgresServer, install, start_or_explain


def pytest_configure(config: pytest.Config) -> None:
    """Install PostgreSQL's server and Chromium once, before the test workers start (each then runs a server of its
    own): several workers installing at the same moment would fight over the package manager's lock."""
    if not hasattr(config, "workerinput"):
        install()
        browser.install()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest tests first (``@pytest.mark.slow(seconds)``), so the workers do not wait at the end for one of them;
    the rest a test of each file in turn (each file's in its order). A file's tests often wait alike (on a flaky fake's
    retries, a client's start, a timer): taken file by file, every worker waits at once and the processors idle.

    pytest-xdist hands each worker two tests in a row to begin with (then one more each time one ends), so the order
    begins with one of the slowest tests and one quick test for each worker: two of the slowest on one worker would
    run one after the other while the others finish."""
    slow = sorted((item for item in items if _expected_seconds(item)), key=_expected_seconds, reverse=True)
    by_file: dict[str, list[pytest.Item]] = {}
    for item in items:
        if not _expected_seconds(item):
            by_file.setdefault(str(item.path), []).append(item)
    rest = [item for turn in itertools.zip_longest(*by_file.values()) for item in turn if item is not None]
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    first = [item for pair in zip(slow[:workers], rest, strict=False) for item in pair]
    items[:] = first + slow[len(first) // 2:] + rest[len(first) // 2:]


def _expected_seconds(item: pytest.Item) -> float:
    """The longest a test is marked to take: a parameter's own mark can say more than its function's."""
    return max((float(marker.args[0]) for marker in item.iter_markers("slow")), default=0.0)


_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server, reason = start_or_explain()
    if server is None:
        if os.environ.get("CI") == "true":  # in CI nothing may be skipped for want of it
            pytest.fail(f"PostgreSQL is needed in CI: {reason}")
        pytest.skip(f"PostgreSQL tests skipped: {reason}")
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a new, empty database on the test server."""
    return postgres_server.create_database(f"test_{next(_numbers)}")
