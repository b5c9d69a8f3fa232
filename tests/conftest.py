"""Fixtures shared by every test folder: a PostgreSQL server started once per test run."""

from __future__ import annotations

import asyncio
import gc
import itertools
import os
import sys
import threading
from collections.abc import Iterator
from typing import Any

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


@pytest.fixture(autouse=True)
def _where_a_stuck_test_waits(request: pytest.FixtureRequest) -> Iterator[None]:
    """Shortly before pytest-timeout stops a test, print every coroutine still waiting and where: the timeout itself
    shows only the event loop waiting, not which of the test's steps never came."""
    marker = request.node.get_closest_marker("timeout")
    limit = float(marker.args[0]) if marker and marker.args else float(request.config.getini("timeout") or 0)
    if limit <= 20:
        yield
        return
    watch = threading.Timer(limit - 10, _print_waiting_tasks, args=(request.node.nodeid,))
    watch.daemon = True
    watch.start()
    yield
    watch.cancel()


def _print_waiting_tasks(test: str) -> None:
    print(f"\n{test} is still waiting; its coroutines, each down to what it awaits:", file=sys.stderr)
    for task in [o for o in gc.get_objects() if isinstance(o, asyncio.Task)]:
        if task.done():
            continue
        print(f"- {task.get_name()}:", file=sys.stderr)
        awaited: Any = task.get_coro()
        for _ in range(30):
            frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "ag_frame", None)
            if frame is None:
                print(f"    awaiting {awaited!r}"[:300], file=sys.stderr)
                break
            print(f"    {frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}", file=sys.stderr)
            awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "ag_await", None)
            if awaited is None:
                break
    sys.stderr.flush()


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
