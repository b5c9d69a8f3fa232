"""Each answer about a setting is one clear line: what was wrong with that value (or what the setting is now) and the
one line of help for that setting, in the chats of every front end."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import Service, ServiceConfig
from tests.bot.conftest import Chat


@pytest.mark.parametrize(("typed", "said"), [
    ("settings quiet", "quiet hours: off. settings quiet 22:00-07:00"),
    ("settings zone Mars/Olympus", "'Mars/Olympus' is not a value for time zone. settings zone Europe/Budapest"),
    ("settings quiet 25:00-07:00", "'25:00-07:00' is not a value for quiet hours. settings quiet 22:00-07:00"),
    ("settings mute #99", "You play no game #99. settings mute #12"),
    ("settings flip", "own side at the bottom: off (between people; against the bot your side is always at the bottom)"),
    ("settings flip on", "Saved: own side at the bottom: on (between people; against the bot"),
    ("settings reminders sometimes", "'sometimes' is not a value for reminders. settings reminders on|off, daily 08:00"),
    ("settings chat pages on", "This bot has no public address for game pages"),
    ("settings chat time forever", "'forever' is not a value for time limit. settings chat time 1d"),
    ("settings nonsense 3", "There is no setting 'nonsense'. Yours: lang, board, reminders, zone, quiet,"),
])
async def test_a_settings_answer_is_one_line_that_says_what_was_wrong(service: Service, typed: str, said: str) -> None:
    chat = Chat(service, "p-ann", private=True)
    answer = await chat.one("Ann", typed, is_admin=True)
    assert said in answer.text and "\n" not in answer.text, answer.text
    assert "Commands" not in answer.text and len(answer.text) < 300


async def test_settings_shows_reminders_once_and_says_whose_zone_is_whose(service: Service) -> None:
    chat = Chat(service, "p-ann", private=True)
    await chat.one("Ann", "settings zone Europe/Budapest")
    shown = (await chat.one("Ann", "settings")).text
    assert shown.count("reminders") == 1  # the notices line alone says how reminders come
    assert "Europe/Budapest" in shown


async def test_chat_pages_turn_on_where_the_bot_has_a_public_address(store: Any, clock: Any) -> None:
    service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, public_url="https://games.example"),
                      clock=clock)
    chat = Chat(service)
    assert "game pages are on again" in (await chat.one("Ann", "settings chat pages on", is_admin=True)).text


async def test_telegram_a_bad_time_zone_is_answered_in_one_line(telegram: Any) -> None:
    from tests.bot.test_telegram import ANN, GROUP

    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/settings zone Mars/Olympus")
    [said] = await fake.wait_for("sendMessage", since=since)
    assert said.params["text"].startswith("'Mars/Olympus' is not a value for time zone.")
    assert "\n" not in said.params["text"]


async def test_discord_a_setting_alone_says_what_it_is_now(running: Any) -> None:
    from tests.bot.test_discord import ANN

    fake = running.fake
    since = len(fake.calls)
    await fake.say(ANN, "settings quiet")
    await fake.wait_for(lambda c: c.method == "POST" and "quiet hours: off. settings quiet 22:00-07:00" in str(c.body),
                        since=since)
