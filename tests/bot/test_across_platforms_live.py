"""A game between a Telegram player and a Discord player, through the real python-telegram-bot and discord.py against
the fake Bot API and the fake Discord, both front ends in one process as ``python -m bot`` runs them: the challenge
reaches the Discord player's direct messages, and each board reaches each player's own chat once, with one Telegram
request in ten failing and a restart in the middle of the game."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from bot.couriers import Couriers
from bot.discord_app import BoardGameClient
from bot.service import Service, ServiceConfig
from bot.telegram_app import run_telegram, stop_telegram
from rules import get_game
from storage import SqliteStore
from tests.fakes.discord_server import GUILD_READY_TIMEOUT, FakeDiscord, point_discord_at, user
from tests.fakes.telegram_server import FakeTelegram

ANN = {"id": 11, "is_bot": False, "first_name": "Ann", "username": "ann", "language_code": "en"}
ANN_PRIVATE = {"id": 11, "type": "private", "first_name": "Ann"}
EVE = {"id": 77, "is_bot": False, "first_name": "Eve", "username": "eve", "language_code": "en"}
DORA = {"id": 66, "is_bot": False, "first_name": "Dora", "username": "dora", "language_code": "en"}
CID = user("333", "Cid")


class Process:
    """One bot process running both platforms' front ends on one database, as ``python -m bot`` does."""

    def __init__(self, telegram: FakeTelegram, discord_fake: FakeDiscord, path: Path) -> None:
        self.telegram, self.discord, self.path = telegram, discord_fake, path
        self.store: SqliteStore | None = None
        self.app: Any = None
        self.client: BoardGameClient | None = None
        self.task: asyncio.Task[None] | None = None
        self.couriers = Couriers()

    async def start(self) -> None:
        self.store = await SqliteStore.open(self.path)
        service = Service(self.store, config=ServiceConfig(board_size=160, rate_limit=1000))
        couriers = self.couriers = Couriers()
        service.elsewhere = partial(couriers.hand_over, service)
        self.app = await run_telegram(service, "123:TEST", self.telegram.url)
        couriers.add("telegram", self.app.bot_data["front"].send)
        point_discord_at(self.discord)
        self.discord.ready.clear()
        self.client = BoardGameClient(service, guild_ready_timeout=GUILD_READY_TIMEOUT)
        couriers.add("discord", self.client.front.send)
        self.task = asyncio.create_task(self.client.start("fake-token"))
        await asyncio.wait_for(self.discord.ready.wait(), 20)
        await asyncio.wait_for(self.client.wait_until_ready(), 20)

    async def stop(self) -> None:
        assert self.client is not None and self.store is not None
        await self.couriers.settle()
        await self.client.close()
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)
        await stop_telegram(self.app)
        await self.store.close()


def discord_board(call: Any, dm: str) -> bool:
    """A board of game #1 that Discord carried out in Cid's direct messages (posted there, or an answer to his
    command there, which only his direct messages receive here)."""
    return (call.method == "POST" and bool(call.files) and not call.failed
            and (call.path == f"channels/{dm}/messages" or call.path.startswith("webhooks/"))
            and "#1 Kamisado" in call.body.get("content", ""))


async def test_a_game_between_a_telegram_and_a_discord_player_each_board_once_in_each_chat(tmp_path: Path) -> None:
    telegram, discord_fake = FakeTelegram(), FakeDiscord()
    await telegram.start()
    await discord_fake.start()
    process = Process(telegram, discord_fake, tmp_path / "bot.sqlite3")
    await process.start()
    try:
        store = process.store
        assert store is not None
        await discord_fake.say(CID, "hello")  # Cid is known on Discord once the bot has read this
        await _known(store, "discord", "Cid")
        ann = await store.user("telegram", "11", "ann")  # Ann linked her Discord account: she may name Cid
        await store.link_account(await store.new_link_code(ann.id, 600), (await store.user("discord", "444", "Ann")).id)

        telegram.message(ANN, ANN_PRIVATE, "play kamisado @Cid white single")
        [sent] = await telegram.wait_for("sendMessage")
        assert "Challenge #1 sent to Cid on Discord" in sent.params["text"]
        [opened] = await discord_fake.wait_for(lambda c: c.path == "users/@me/channels")
        assert str(opened.body["recipient_id"]) == CID["id"]
        [notice] = await discord_fake.wait_for(lambda c: c.method == "POST" and c.path.endswith("/messages")
                                               and "challenges you" in c.body.get("content", ""))
        dm = notice.path.split("/")[1]
        accept = notice.body["components"][0]["components"][0]["custom_id"]
        await discord_fake.press(CID, accept, "1", dm=dm)
        await telegram.wait_for("sendPhoto")  # Ann's first board
        telegram.flaky = 0.1  # one Telegram request in ten fails from now on (5xx or a dropped connection)

        game = get_game("kamisado")
        restarted = False
        for _ in range(120):
            store = process.store
            assert store is not None
            row = await store.game(1)
            if row.status != "active":
                break
            if len(row.moves) >= 4 and not restarted:
                await process.stop()
                await process.start()
                restarted = True
                continue
            await _settled(store)  # each player sees the board before answering it
            state = game.state_from_dict(row.state)
            move = game.format_move(state, state.legal_moves()[0])
            ply = len(row.moves)
            if state.to_play == "white":
                telegram.message(ANN, ANN_PRIVATE, move)
            else:
                await discord_fake.command(CID, "move", dm=dm, move=move)
            for _wait in range(200):
                await asyncio.sleep(0.05)
                if len((await store.game(1)).moves) > ply:
                    break
        assert restarted and (await process.store.game(1)).status == "finished"  # type: ignore[union-attr]

        store = process.store
        assert store is not None
        await _settled(store)
        items = await store._db.fetch_all(
            "SELECT outbox.status, chats.platform FROM outbox JOIN chats ON chats.id = outbox.chat_id"
            " WHERE outbox.kind = 'board' AND outbox.game_id = 1")
        owed = {"telegram": 0, "discord": 0}
        for item in items:
            assert item["status"] in ("sent", "superseded"), dict(item)
            if item["status"] == "sent":
                owed[item["platform"]] += 1
        to_ann = [c for c in telegram.delivered("sendPhoto") if str(c.params.get("chat_id")) == "11"]
        to_cid = [c for c in discord_fake.calls if discord_board(c, dm)]
        assert len(to_ann) == owed["telegram"] and len(to_cid) == owed["discord"], (len(to_ann), len(to_cid), owed)
        assert owed["telegram"] >= 10 and owed["discord"] >= 10
        last_telegram, last_discord = to_ann[-1].params["caption"], to_cid[-1].body["content"]
        assert "wins" in last_telegram and "wins" in last_discord
        # every ply is named in each chat, on the board that showed it or, where that one never arrived, the next one
        said_to_ann = "\n".join(str(c.params.get("caption") or c.params.get("text") or "")
                                 for c in telegram.delivered("sendPhoto") + telegram.delivered("sendMessage")
                                 if str(c.params.get("chat_id")) == "11")
        said_to_cid = "\n".join(str(c.body.get("content", "")) for c in discord_fake.calls
                                 if c.method == "POST" and not c.failed
                                 and (c.path == f"channels/{dm}/messages" or c.path.startswith("webhooks/")))
        for ply, move in enumerate((await store.game(1)).moves, 1):
            squares = move[move.index("("):] if "(" in move else move
            assert squares in said_to_ann and squares in said_to_cid, (ply, move)

        # The other way round: Cid, linked too, challenges Dora, who started the bot on Telegram: it reaches her
        # private chat there.
        cid = await store.user("discord", CID["id"], "Cid")
        await store.link_account(await store.new_link_code(cid.id, 600), (await store.user("telegram", "555", "Cid")).id)
        since = len(telegram.calls)
        telegram.message(DORA, {"id": 66, "type": "private", "first_name": "Dora"}, "/start")
        await telegram.wait_for("sendMessage", since=since, where=_says(66, "Commands"))  # her /start was read
        since = len(telegram.calls)
        await discord_fake.command(CID, "play", dm=dm, game="krepost", options="@dora")
        await telegram.wait_for("sendMessage", since=since, where=_says(66, "Cid (on Discord) challenges you to Krepost"))

        # Eve is known on Telegram from a group only and never started the bot: Telegram refuses her the notice for
        # good, and Cid is told so where he challenged her, with what she can still do.
        telegram.message(EVE, {"id": -800, "type": "group", "title": "Players"}, "hello")
        await _known(store, "telegram", "eve")
        since = len(discord_fake.calls)
        await discord_fake.command(CID, "play", dm=dm, game="krepost", options="@eve")
        [told] = await discord_fake.wait_for(lambda c: c.method == "POST" and not c.failed
                                             and "cannot be reached on Telegram" in c.body.get("content", ""), since=since)
        assert told.path == f"channels/{dm}/messages" and "accept 3" in told.body["content"]
    finally:
        await process.stop()
        await discord_fake.stop()
        await telegram.stop()
        point_discord_at(None)


async def _known(store: SqliteStore, platform: str, name: str) -> None:
    """Until the bot has read something from ``name`` on ``platform``."""
    for _ in range(200):
        if await store.find_user(platform, name) is not None:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{name} never became known on {platform}")


def _says(chat_id: int, text: str) -> Callable[[Any], bool]:
    """Whether a Telegram call is a message to ``chat_id`` that says ``text``."""
    return lambda call: call.params.get("chat_id") == chat_id and text in call.params.get("text", "")


async def _settled(store: SqliteStore) -> None:
    """Until nothing is waiting in the outbox (each front end sends what it was handed)."""
    for _ in range(200):
        if await store.pending_count() == 0:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{await store.pending_count()} outbox items still waiting")

