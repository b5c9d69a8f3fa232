"""What Discord never sends again: the messages typed while the bot was away, read from each game's channel when it
connects, through discord.py against the fake Discord (newest first, at most 100 a page, ``before``/``after``): a game
played only by slash commands and buttons, a move after 250 missed messages, a channel the bot may not read, a thread
a player opened (before the bot went away, or while it was); a refused move corrected by editing it while the bot is
up, as on Telegram; and the health of what the bot sends."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord

from bot.discord_app import BoardGameClient
from bot.service import Service, ServiceConfig
from storage import open_store
from tests.bot.test_discord import ANN, BOB, Running
from tests.fakes.discord_server import CHANNEL_ID, GUILD_READY_TIMEOUT, FakeDiscord, point_discord_at


def posts(running: Running, since: int, text: str) -> list[object]:
    return [c for c in running.fake.calls[since:] if c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages"
            and text in str(c.body.get("content", ""))]


async def caught_up(running: Running) -> None:
    """Wait until the catch-up after a start is over and every message it found is answered."""
    while running.client is None or running.client._catching_up is None:
        await asyncio.sleep(0.01)
    await running.client._catching_up
    while len(running.client.front.lanes):
        await asyncio.sleep(0.01)


async def a_game_by_slash_commands(running: Running) -> int:
    """Ann challenges Bob and Bob accepts, both by slash commands: no message typed in the channel; the game's id."""
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", game="ashtarashki", opponent=BOB["id"], options="white")
    await fake.wait_for(lambda c: "challenges you" in str(c.body.get("content", "")), since=since)
    since = len(fake.calls)
    await fake.command(BOB, "accept")
    await fake.wait_for(lambda c: c.method == "POST" and bool(c.files) and not c.failed, since=since)
    assert running.store is not None
    while CHANNEL_ID not in await running.store.marked_channels_of_games("discord"):  # the board marked the channel
        await asyncio.sleep(0.01)
    return (await running.store.all_games())[-1].id


async def test_a_move_typed_while_away_in_a_game_played_only_by_slash_commands_is_played(running: Running) -> None:
    game_id = await a_game_by_slash_commands(running)
    await running.stop()
    await running.fake.say(ANN, "c3-d4", missed=True)  # the first word anyone typed in the channel, while away
    await running.start()
    await caught_up(running)
    assert running.store is not None
    assert len((await running.store.game(game_id)).moves) == 1  # hers, found in the history


async def test_after_250_missed_messages_the_move_among_the_newest_is_played_and_the_stale_never(running: Running) -> None:
    fake = running.fake
    game_id = await a_game_by_slash_commands(running)
    await running.stop()
    for number in range(249):
        await fake.say(BOB, f"chatter {number}", missed=True)
    await fake.say(ANN, "c3-d4", missed=True)  # the 250th, the newest
    await running.start()
    await caught_up(running)
    assert running.store is not None and len((await running.store.game(game_id)).moves) == 1
    since = len(fake.calls)
    await running.stop()  # and at the next start nothing of it is played again, nothing refused
    await running.start()
    await caught_up(running)
    await fake.say(BOB, "b6-a5")  # Bob's move, now: his turn, not "not your turn"
    await fake.wait_for(lambda c: c.method == "POST" and bool(c.files) and not c.failed, since=since)
    assert len((await running.store.game(game_id)).moves) == 2
    assert not posts(running, since, "not your turn")


async def test_a_channel_the_bot_may_not_read_is_told_to_type_the_move_again(running: Running) -> None:
    fake = running.fake
    game_id = await a_game_by_slash_commands(running)
    await running.stop()
    await fake.say(ANN, "c3-d4", missed=True)
    fake.unreadable.add(CHANNEL_ID)
    since = len(fake.calls)
    await running.start()
    await caught_up(running)
    [told] = await fake.wait_for(lambda c: c.method == "POST" and "type it again" in str(c.body.get("content", "")),
                                 since=since)
    assert told.path == f"channels/{CHANNEL_ID}/messages"
    assert running.store is not None and (await running.store.game(game_id)).moves == []  # nothing guessed


async def test_a_refused_move_corrected_by_editing_it_is_played(running: Running) -> None:
    fake = running.fake
    game_id = await a_game_by_slash_commands(running)
    since = len(fake.calls)
    typed = await fake.say(ANN, "c3-c4")  # not a legal move
    await fake.wait_for(lambda c: c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages", since=since)
    since = len(fake.calls)
    await fake.edit(ANN, typed, "c3-d4")  # corrected in place
    await fake.wait_for(lambda c: c.method == "POST" and bool(c.files) and not c.failed, since=since)
    assert running.store is not None and len((await running.store.game(game_id)).moves) == 1
    since = len(fake.calls)
    await fake.edit(ANN, typed, "e3-f4")  # an edit of a message acted on is no second move
    await fake.say(BOB, "b6-a5")  # and the game goes on by new messages
    await fake.wait_for(lambda c: c.method == "POST" and bool(c.files) and not c.failed, since=since)
    assert (await running.store.game(game_id)).moves[1:] == ["M2b6—a5"]


async def test_a_move_typed_while_away_in_a_thread_a_player_opened_is_played(running: Running) -> None:
    fake = running.fake
    game_id = await a_game_by_slash_commands(running)
    thread = await fake.user_thread(BOB, "our game")  # Bob opens a thread of his own under the game's channel
    since = len(fake.calls)
    await fake.say(BOB, "good luck", channel=thread)  # chatter there: the thread has a mark of its own now
    await asyncio.sleep(0.2)
    await running.stop()
    await fake.say(ANN, "c3-d4", channel=thread, missed=True)  # her move, typed in the thread while the bot was away
    await running.start()
    await caught_up(running)
    assert running.store is not None and len((await running.store.game(game_id)).moves) == 1
    assert any(c.method == "POST" and c.path == f"channels/{thread}/messages" for c in fake.calls[since:])


async def test_a_move_in_a_thread_opened_while_away_is_played_too(running: Running) -> None:
    fake = running.fake
    game_id = await a_game_by_slash_commands(running)
    await running.stop()
    thread = await fake.user_thread(ANN, "moves", missed=True)  # opened while the bot was away: nothing marks it
    await fake.say(ANN, "c3-d4", channel=thread, missed=True)
    await running.start()
    await caught_up(running)
    assert running.store is not None and len((await running.store.game(game_id)).moves) == 1
    await running.stop()  # and never again at the next start
    await running.start()
    await caught_up(running)
    assert len((await running.store.game(game_id)).moves) == 1


async def test_health_counts_discords_sends_too_not_only_its_gateway(running: Running) -> None:
    from bot.health import PlatformHealth
    from bot.service import Reply

    assert running.client is not None
    health = running.client.health = PlatformHealth(unhealthy_after=60.0)
    health.reached("discord")  # the gateway is up
    running.fake.flaky = 1.0  # every message fails (a 5xx or a dropped connection): the gateway still delivers
    await running.client.front.post(Reply("discord", CHANNEL_ID, "hello"))
    report = health.report()["discord"]
    assert report["reached"] is False and "sending" in report["error"], report
    running.fake.flaky = 0.0
    await running.client.front.post(Reply("discord", CHANNEL_ID, "hello again"))  # it gets out: reached again
    assert health.report() == {"discord": {"reached": True}}


async def test_a_restart_in_the_middle_of_the_catch_up_plays_the_missed_move_once(running: Running) -> None:
    fake = running.fake
    game_id = await a_game_by_slash_commands(running)
    await running.stop()
    await fake.say(ANN, "c3-d4", missed=True)
    history = f"channels/{CHANNEL_ID}/messages"
    fake.hang_reading.add(history)  # the history is asked for, and the process dies before it arrives
    since = len(fake.calls)
    await running.start()
    await fake.wait_for(lambda c: c.method == "GET" and c.path == history, since=since)
    await running.stop()
    fake.hang_reading.clear()
    await running.start()
    await caught_up(running)
    assert running.store is not None and len((await running.store.game(game_id)).moves) == 1
    await running.stop()
    await running.start()
    await caught_up(running)
    assert len((await running.store.game(game_id)).moves) == 1


class OnPostgres(Running):
    """A Discord process of a bot whose processes share a PostgreSQL database."""

    def __init__(self, fake: FakeDiscord, url: str) -> None:
        super().__init__(fake, Path("unused"))
        self.url = url

    async def start(self) -> None:
        self.fake.owner_id = ANN["id"]
        self.store = await open_store(self.url, clock=lambda: self.now)
        self.service = Service(self.store, config=ServiceConfig(board_size=200, rate_limit=1000, ai_time_budget=1.6,
                                                                shared_database=True), clock=lambda: self.now)
        self.fake.ready.clear()
        self.client = BoardGameClient(self.service, guild_ready_timeout=GUILD_READY_TIMEOUT)
        self.task = asyncio.create_task(self.client.start("fake-token"))
        await asyncio.wait_for(self.fake.ready.wait(), 20)
        await asyncio.wait_for(self.client.wait_until_ready(), 20)


async def test_two_processes_on_postgresql_catch_up_together_and_play_a_missed_move_once(postgres_url: str) -> None:
    fake = FakeDiscord()
    await fake.start()
    point_discord_at(fake)
    first, second = OnPostgres(fake, postgres_url), OnPostgres(fake, postgres_url)
    try:
        await first.start()
        game_id = await a_game_by_slash_commands(first)
        await first.stop()
        await fake.say(ANN, "c3-d4", missed=True)
        since = len(fake.calls)
        await asyncio.gather(first.start(), second.start())  # both read the channel's history after the same mark
        await asyncio.gather(caught_up(first), caught_up(second))
        assert first.store is not None and len((await first.store.game(game_id)).moves) == 1
        boards = [c for c in fake.calls[since:] if c.method == "POST" and c.files and not c.failed]
        assert len(boards) == 1, [c.path for c in boards]  # one answer, from one of them
        reads = [c for c in fake.calls[since:] if c.method == "GET" and c.path == f"channels/{CHANNEL_ID}/messages"]
        assert len(reads) >= 2  # both read it
    finally:
        for running in (first, second):
            if running.client is not None and not running.client.is_closed():
                await running.stop()
        await fake.stop()
        point_discord_at(None)


async def test_the_fake_history_pages_as_discord_documents_it(running: Running) -> None:
    """The fake's history against discord.py's own reader: newest first, 100 a page, before/after/around."""
    fake = running.fake
    ids = [await fake.say(BOB, f"line {number}", missed=True) for number in range(150)]
    assert running.client is not None
    channel = running.client.get_channel(int(CHANNEL_ID))
    newest = [m.content async for m in channel.history(limit=150)]  # type: ignore[union-attr]
    assert newest[0] == "line 149" and newest[-1] == "line 0" and len(newest) == 150  # two pages
    after = [m.content async for m in channel.history(after=discord.Object(id=int(ids[9])), limit=5)]  # type: ignore[union-attr]
    assert after == [f"line {n}" for n in range(10, 15)]  # oldest first after a message, as discord.py asks
    around = [m.content async for m in channel.history(around=discord.Object(id=int(ids[50])), limit=5)]  # type: ignore[union-attr]
    assert sorted(around, key=lambda line: int(line.split()[1])) == [f"line {n}" for n in range(48, 53)]
