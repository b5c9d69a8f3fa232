"""A player who blocked the bot (Telegram's 403) or closed their direct messages (Discord's 403, code 50007) still
hears of their turns: a notice their private chat refuses for good goes to the game's chat, mentioning them, and so do
their next ones (their settings say so) until they write to the bot privately again; a digest that cannot reach them
gives way to the reminders of each game. The real python-telegram-bot and discord.py against the fakes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest

from bot.couriers import Couriers
from bot.service import Service, ServiceConfig
from bot.service.events import Reply
from bot.telegram_app import run_telegram, stop_telegram
from storage import SqliteStore
from storage.outbox import CLAIM
from tests.bot.conftest import Chat, Clock
from tests.bot.test_discord import ANN as DISCORD_ANN
from tests.bot.test_discord import Running, followups
from tests.bot.test_service import start_game
from tests.bot.test_telegram import ANN, BOB
from tests.bot.test_telegram_delivery import human_game
from tests.fakes.telegram_server import FakeTelegram

GROUP = {"id": -100, "type": "group", "title": "Players"}
HOUR = 3600.0


class Telegram:
    """The Telegram front end on a clock the test moves."""

    def __init__(self, fake: FakeTelegram, store: SqliteStore) -> None:
        self.fake, self.store, self.now = fake, store, 1_000_000.0
        self.service = Service(store, config=ServiceConfig(board_size=200, rate_limit=1000), clock=lambda: self.now)
        self.app: object = None

    async def tick(self) -> None:
        """One look of the clocks and of the outbox, sent as the front end sends them."""
        front = self.app.bot_data["front"]  # type: ignore[attr-defined]
        await front.send_owed(await self.service.tick("telegram"))
        await front.send_owed(await self.service.redeliver("telegram"))


@pytest.fixture
async def telegram(tmp_path: Path) -> AsyncIterator[Telegram]:
    fake = FakeTelegram()
    await fake.start()
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    running = Telegram(fake, store)
    running.app = await run_telegram(running.service, "123:TEST", fake.url, tick_every=3600)
    couriers = Couriers()  # as the bot's process wires them: what is owed outside a chat's turn is handed over
    couriers.add("telegram", running.app.bot_data["front"].send_owed)  # type: ignore[attr-defined]
    running.service.elsewhere = partial(couriers.hand_over, running.service)
    yield running
    await stop_telegram(running.app)  # type: ignore[arg-type]
    await store.close()
    await fake.stop()


async def said(fake: FakeTelegram, user: dict[str, object], chat: dict[str, object], text: str) -> list[object]:
    since = len(fake.calls)
    fake.message(user, chat, text)
    return await fake.wait_for("sendMessage", since=since, include_failed=True)


async def test_a_blocked_bot_tells_the_game_chat_and_the_player_never_loses_without_a_word(telegram: Telegram) -> None:
    fake, bob_dm = telegram.fake, {"id": BOB["id"], "type": "private", "first_name": "Bob"}
    await said(fake, BOB, bob_dm, "/settings notices private")  # he started the bot: it may write to him
    await human_game(telegram, "ashtarashki time=1d")  # type: ignore[arg-type]
    since = len(fake.calls)
    fake.message(ANN, GROUP, "a3-b4")
    await fake.wait_for("sendPhoto", since=since)
    fake.started.discard(BOB["id"])  # and now he blocks it
    telegram.now += 13 * HOUR  # his first reminder is due
    since = len(fake.calls)
    await telegram.tick()
    refused = await fake.wait_for("sendMessage", since=since, include_failed=True)
    assert refused[0].params["chat_id"] == BOB["id"] and refused[0].result == 403
    [group] = await fake.wait_for("sendMessage", since=since, where=lambda c: c.params["chat_id"] == GROUP["id"])
    text = group.params["text"]
    assert "I cannot write to you in private" in text and "it is your move in game #1" in text, text
    assert any(e.get("type") == "text_mention" or "@bob" in text for e in group.params.get("entities") or [{}])
    telegram.now += 10 * HOUR  # his last warning: straight to the group, said once
    since = len(fake.calls)
    await telegram.tick()
    [last] = await fake.wait_for("sendMessage", since=since, where=lambda c: c.params["chat_id"] == GROUP["id"])
    assert "left for your move in game #1" in last.params["text"] and "private" not in last.params["text"]
    assert not [c for c in fake.calls[since:] if c.params.get("chat_id") == BOB["id"]]  # no more knocking
    shown = (await said(fake, BOB, GROUP, "/settings"))[0].params["text"]
    assert "ваша личка не принимает моих сообщений" in shown, shown  # Bob reads Russian
    fake.started.add(BOB["id"])  # he unblocks the bot and writes to it: his notices go privately again
    await said(fake, BOB, bob_dm, "/start")
    shown = (await said(fake, BOB, bob_dm, "/settings"))[0].params["text"]
    assert "уведомления: ваш личный чат со мной" in shown and "не принимает" not in shown, shown


async def test_closed_direct_messages_on_discord_send_the_reminder_to_the_games_channel(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(DISCORD_ANN, "settings", change="notices private")
    await fake.wait_for(lambda c: "your private chat" in str(c.body.get("content", "")), since=since)
    since = len(fake.calls)
    await fake.command(DISCORD_ANN, "play", game="krepost", bot=True, options="white time=1d")
    await fake.wait_for(followups(fake), since=since)
    fake.dms_closed.add(DISCORD_ANN["id"])
    running.now += 13 * HOUR
    assert running.client is not None and running.service is not None
    since = len(fake.calls)
    for reply in await running.service.tick():
        await running.client.front.post(reply)
    assert [c for c in fake.calls[since:] if c.path == "users/@me/channels"]  # tried her direct messages: refused
    running.now += CLAIM + 1  # owed to the channel now: sent by whichever process looks at the outbox next
    for reply in await running.service.redeliver("discord"):
        await running.client.front.post(reply)
    [posted] = await fake.wait_for(lambda c: c.method == "POST" and c.path == "channels/6000/messages", since=since)
    content = posted.body["content"]
    assert content.startswith("<@111>") and "I cannot write to you in private" in content and "your move" in content


async def test_a_refused_digest_gives_way_to_each_games_reminders(service: Service, chat: Chat, clock: Clock) -> None:
    clock.now = 1_000_000.0
    game_id = await start_game(chat, "ashtarashki", "time=3d")
    bob = Chat(service, "bob-dm", private=True)
    await bob.say("Bob", "settings reminders every 6h")
    await chat.say("Ann", "a3-b4")
    clock.now += 6 * HOUR + 1
    digests = [r for r in await service.tick() if r.chat_id == "bob-dm"]
    assert len(digests) == 1 and "Your move in 1 game(s)" in digests[0].text
    told: list[Reply] = []
    service.elsewhere = told.extend
    await service.unsent(digests[0], permanent=True)  # his private chat refuses it for good
    assert told == []  # a digest has no one chat to go to instead
    clock.now += 7 * HOUR  # the game's own reminder comes back, in the group
    reminders = [r for r in await service.tick() if r.mentions == ("bob",)]
    assert [r.chat_id for r in reminders] == [chat.chat_id] and f"game #{game_id}" in reminders[0].text
    clock.now += 6 * HOUR
    assert not [r for r in await service.tick() if r.chat_id == "bob-dm"]  # no digest knocks at the closed door
