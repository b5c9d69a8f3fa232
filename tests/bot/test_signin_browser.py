"""A one-time sign-in link pressed in a real browser (the system's Chromium) against the real ``python -m bot``
process: the page's own form names its origin, so the bot can refuse every other (a login forgery from another site
or a sandboxed frame, which send ``null``), and its player lands on their game signed in."""

from __future__ import annotations

import re
from typing import Any

from tests.bot import test_web_play_browser
from tests.bot.test_web_browser import BOB as BOB_USER
from tests.bot.test_web_browser import a_game_in_telegram
from tests.bot.test_web_play_browser import Bot

bot = test_web_play_browser.bot  # the bot process with its pages and the Telegram fake (a fixture)


async def test_the_sign_in_page_names_its_origin_and_signs_its_player_in(chromium: Any, bot: Bot) -> None:
    link = await a_game_in_telegram(bot.fake, bot.url, "ashtarashki")
    since = len(bot.fake.calls)
    bot.fake.message(BOB_USER, {"id": BOB_USER["id"], "type": "private", "first_name": "Bob"}, "/signin")
    sent = await bot.fake.wait_for("sendMessage", since=since, timeout=60,
                                   where=lambda call: "/signin/" in str(call.params.get("text", "")))
    [address] = re.findall(r"http://\S+/signin/\S+", sent[-1].params["text"])
    page = await (await chromium.new_context()).new_page()
    origins: list[str | None] = []
    page.on("request", lambda request: origins.append(request.headers.get("origin"))
            if request.method == "POST" else None)
    await page.goto(address)
    await page.locator("form button").click()
    await page.wait_for_url(f"{bot.url}/app")  # his games, signed in
    await page.goto(link)
    await page.wait_for_function("() => document.body.dataset.role === 'player'")
    assert origins == [bot.url]  # its own origin, not "null": the one the bot accepts
