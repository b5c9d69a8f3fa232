"""A service on a real SQLite file, with a clock the test controls; the system's Chromium for the browser tests."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import Event, Reply, Service, ServiceConfig
from rules import get_game
from storage import SqliteStore, SqlStore, open_store
from tests import browser


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class Chat:
    """A chat where tests speak as named users."""

    def __init__(self, service: Service, chat_id: str = "g1", platform: str = "test", private: bool = False) -> None:
        self.service = service
        self.chat_id = chat_id
        self.platform = platform
        self.private = private

    async def say(self, user: str, text: str, **fields: object) -> list[Reply]:
        event = Event(self.platform, self.chat_id, user.lower(), user, text=text, is_private=self.private, **fields)  # type: ignore[arg-type]
        return await self.service.handle(event)

    async def press(self, user: str, payload: str) -> list[Reply]:
        return await self.service.handle(Event(self.platform, self.chat_id, user.lower(), user, payload=payload))

    async def one(self, user: str, text: str, **fields: object) -> Reply:
        replies = await self.say(user, text, **fields)
        assert len(replies) == 1, replies
        return replies[0]


def stored(key: str, moves: list[str], **options: object) -> list[str]:
    """``moves`` as typed, read one after the other from the start of a game of ``key`` by the rules, in the notation
    the game stores (its own)."""
    game = get_game(key)
    state, written = game.new_state(**options), []
    for text in moves:
        move = game.parse_move(state, text)
        written.append(game.format_move(state, move))
        state = state.play(move)
    return written


@contextlib.asynccontextmanager
async def two_processes(url: str, clock: Clock) -> AsyncIterator[tuple[Service, Service, list[SqlStore]]]:
    """Two bot processes' services sharing the PostgreSQL database at ``url`` on one clock, and their stores."""
    stores = [await open_store(url, clock=clock) for _ in range(2)]
    try:
        config = ServiceConfig(render_boards=False, rate_limit=1000, shared_database=True)
        first, second = (Service(store, config=config, clock=clock) for store in stores)
        yield first, second, stores
    finally:
        for store in stores:
            await store.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.sqlite3"


@pytest.fixture
async def store(db_path: Path, clock: Clock) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(db_path, clock=clock)
    yield opened
    await opened.close()


@pytest.fixture
def service(store: SqliteStore, clock: Clock) -> Service:
    return Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000), clock=clock)


@pytest.fixture
def chat(service: Service) -> Chat:
    return Chat(service)


from tests.bot.test_discord import running  # noqa: E402, F401  (the Discord fixture, likewise)
from tests.bot.test_telegram import telegram  # noqa: E402, F401  (the Telegram fixture, for every module here)
from tests.bot.test_web_pages import site  # noqa: E402, F401  (the pages served on 127.0.0.1, likewise)


@pytest.fixture
async def chromium() -> AsyncIterator[Any]:
    """The system's Chromium, headless, driven by Playwright (installed from Debian's packages when missing)."""
    program = browser.chromium()
    if program is None:
        reason = browser.install() or "no Chromium"
        program = browser.chromium()
        if program is None:
            if os.environ.get("CI") == "true":  # in CI nothing may be skipped for want of it
                pytest.fail(f"Chromium is needed in CI: {reason}")
            pytest.skip(f"browser tests skipped: {reason}")
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=program, args=browser.FLAGS)
        yield PatientBrowser(launched)
        await launched.close()


class PatientBrowser:
    """The browser, each of whose pages waits up to :data:`PATIENCE` for what a test waits for (Playwright's 30 s is
    not enough on a machine busy with other work; a wait still ends as soon as what it waits for comes)."""

    PATIENCE = 120_000  # milliseconds

    def __init__(self, launched: Any) -> None:
        self._launched = launched

    def __getattr__(self, name: str) -> Any:
        return getattr(self._launched, name)

    async def new_context(self, **options: Any) -> Any:
        context = await self._launched.new_context(**options)
        context.set_default_timeout(self.PATIENCE)
        return context

    async def new_page(self, **options: Any) -> Any:
        page = await self._launched.new_page(**options)
        page.set_default_timeout(self.PATIENCE)
        return page
