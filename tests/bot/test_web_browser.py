"""The game pages in a real browser (the system's Chromium, headless), against the real ``python -m bot`` process
driven through the Telegram fake: a page follows the game live, steps through its moves, catches up after the
server restarts, follows a move made in another process on PostgreSQL, and is gone when the chat takes it down."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.bot.processes import ROOT, start_bot, telegram_env, until_served
from tests.bot.test_telegram import ANN, BOB, keyboard
from tests.fakes.loopback import free_port
from tests.fakes.telegram_server import FakeTelegram

GROUP = {"id": -700, "type": "group", "title": "Watchers"}


async def stop(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), 60)


async def board_link(fake: FakeTelegram, since: int) -> str:
    """The page link on the latest board sent after call ``since`` (its URL button)."""
    [*_, board] = await fake.wait_for("sendPhoto", since=since, timeout=60)
    urls = [button["url"] for row in keyboard(board) for button in row if "url" in button]
    assert urls, keyboard(board)
    return urls[-1]


async def a_game_in_telegram(fake: FakeTelegram, url: str, game: str) -> str:
    """Once the bot serves ``url`` and Telegram: Ann challenges Bob in the group, Bob accepts; the game page's link."""
    await until_served(url)
    await fake.wait_for("setMyCommands", count=4, timeout=120)
    fake.message(BOB, GROUP, "/start")
    since = len(fake.calls)
    fake.message(ANN, GROUP, f"/play {game} @bob white")
    await fake.wait_for("sendMessage", since=since)
    since = len(fake.calls)
    fake.message(BOB, GROUP, "/accept")
    link = await board_link(fake, since)
    assert link.startswith(f"{url}/g/")
    return link


async def move_and_wait(fake: FakeTelegram, user: dict[str, Any], text: str) -> None:
    since = len(fake.calls)
    fake.message(user, GROUP, text)
    await fake.wait_for("sendPhoto", since=since, timeout=60)


async def moves_shown(page: Any) -> list[str]:
    return [text.strip() for text in await page.locator("#move-list a[data-ply]").all_inner_texts()]


@pytest.mark.slow(18)
async def test_a_page_follows_a_telegram_game_live_steps_back_and_catches_up_after_a_restart(
        chromium: Any, tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = telegram_env(fake, f"sqlite:///{tmp_path}/bot.sqlite3", HTTP_LISTEN=f"127.0.0.1:{port}", PUBLIC_URL=url,
                       RATE_LIMIT="1000")
    process = await start_bot(env)
    page = None
    try:
        link = await a_game_in_telegram(fake, url, "ashtarashki")

        page = await chromium.new_page(viewport={"width": 390, "height": 844})
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        response = await page.goto(link)
        assert response.status == 200
        assert await page.locator("#board svg").count() == 1
        assert await moves_shown(page) == []

        for user, move in ((ANN, "c3-d4"), (BOB, "f6-e5"), (ANN, "e3-f4")):
            await move_and_wait(fake, user, move)  # typed into Telegram, shown on the open page without a reload
        await page.wait_for_function("() => document.querySelectorAll('#move-list a[data-ply]').length === 3")
        shown = await moves_shown(page)
        assert len(shown) == 3 and "c3" in shown[0] and "e5" in shown[1]
        latest = await page.locator("#board svg").inner_html()

        await page.click("#move-list a[data-ply='1']")  # back through the moves
        await page.wait_for_function("() => document.querySelector(\"#move-list a[data-ply='1']\").hasAttribute('aria-current')")
        first = await page.locator("#board svg").inner_html()
        assert first != latest and "ply=1" in page.url
        await page.keyboard.press("ArrowRight")
        await page.wait_for_function("() => document.querySelector(\"#move-list a[data-ply='2']\").hasAttribute('aria-current')")
        await page.keyboard.press("End")
        await page.wait_for_function("() => document.querySelector(\"#move-list a[data-ply='3']\").hasAttribute('aria-current')")
        assert await page.locator("#board svg").inner_html() == latest
        await page.keyboard.press("Home")
        await page.wait_for_function("() => !document.querySelector('#move-list [aria-current]')")

        # The server stops; a move waits at Telegram; the restarted server plays it and the page catches up.
        await page.keyboard.press("End")
        await stop(process)
        fake.message(BOB, GROUP, "h6-g5")
        process = await start_bot(env)
        await until_served(url)
        await page.wait_for_function("() => document.querySelectorAll('#move-list a[data-ply]').length === 4")
        assert await page.locator("#move-list a[data-ply='4']").get_attribute("aria-current") == "step"

        # The chat takes its pages down: the page is gone, and a forged address never was there.
        fake.admins.add(ANN["id"])
        since = len(fake.calls)
        fake.message(ANN, GROUP, "/settings chat pages off")
        await fake.wait_for("sendMessage", since=since)
        gone = await page.goto(link)
        assert gone.status == 404 and "no such page" in (await page.content())
        forged = await page.goto(f"{url}/g/{'A' * 22}")
        assert forged.status == 404
        assert errors == []
    finally:
        if page is not None:
            await page.close()
        await stop(process)
        await fake.stop()


@pytest.mark.slow(8)
async def test_a_move_made_in_one_process_appears_on_a_page_served_by_another(chromium: Any, postgres_url: str) -> None:
    fake = FakeTelegram()
    await fake.start()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    playing = await start_bot(telegram_env(fake, postgres_url, RATE_LIMIT="1000", PUBLIC_URL=url,
                                           HTTP_LISTEN=f"127.0.0.1:{free_port()}"))
    # The second process serves the pages only (the terminal, waiting for a line that never comes).
    serving = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "console", cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL, env={**os.environ, "DATABASE_URL": postgres_url, "HTTP_LISTEN": f"127.0.0.1:{port}",
                                                "BOARDS_DIR": str(Path(os.environ.get("TMPDIR", "/tmp")) / f"boards-{port}")})
    page = None
    try:
        link = await a_game_in_telegram(fake, url, "krepost")
        page = await chromium.new_page(viewport={"width": 1280, "height": 900})
        assert (await page.goto(link)).status == 200
        await move_and_wait(fake, ANN, "@e4")
        await page.wait_for_function("() => document.querySelectorAll('#move-list a[data-ply]').length === 1")
        assert "e4" in (await moves_shown(page))[0]
    finally:
        if page is not None:
            await page.close()
        await stop(playing)
        if serving.stdin is not None:
            serving.stdin.close()
        await stop(serving)
        await fake.stop()


@pytest.mark.slow(21)
async def test_the_clock_on_the_page_counts_down(chromium: Any, tmp_path: Path) -> None:
    from bot.service import Service, ServiceConfig
    from storage import open_store
    from tests.bot.conftest import Chat
    from tests.bot.test_service import start_game
    from tests.bot.test_web_pages import serve

    store = await open_store(f"sqlite:///{tmp_path}/bot.sqlite3")
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, public_url="http://pages.test"))
    runner, url = await serve(service, store)
    page = None
    try:
        chat = Chat(service)
        game_id = await start_game(chat, "krepost", "time=1d")
        board = (await chat.say("Ann", f"board #{game_id}"))[0]
        assert board.link is not None
        page = await chromium.new_page(viewport={"width": 320, "height": 700})
        await page.goto(url + "/g/" + board.link[1].rsplit("/", 1)[1])
        first = await page.locator("#clock").inner_text()
        assert first.startswith("⏱ 23:59:") or first.startswith("⏱ 1 d 00:00:"), first  # a day per move
        await page.wait_for_function("() => document.getElementById('clock').textContent !== " + repr(first).replace("'", '"'),
                                     timeout=5_000)
    finally:
        if page is not None:
            await page.close()
        await runner.cleanup()
        await store.close()
