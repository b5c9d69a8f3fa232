"""The Discord front end end to end: the real discord.py against a fake Discord on 127.0.0.1."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot.couriers import Couriers
from bot.discord_app import BoardGameClient, make_client
from bot.discord_posting import PREFIX
from bot.ops_http import application
from bot.service import Service, ServiceConfig
from bot.web.server import add_pages
from rules import get_game
from storage import SqliteStore
from tests.fakes.discord_server import (
    CHANNEL_ID,
    FRIENDS_DM,
    GUILD_ID,
    GUILD_READY_TIMEOUT,
    FakeDiscord,
    point_discord_at,
    user,
)
from tests.fakes.loopback import serve as serve_app

ANN = user("111", "Ann")
BOB = user("222", "Bob")


class Running:
    def __init__(self, fake: FakeDiscord, path: Path) -> None:
        self.fake = fake
        self.path = path
        self.client: BoardGameClient | None = None
        self.task: asyncio.Task[None] | None = None
        self.store: SqliteStore | None = None
        self.now = 1_000_000.0
        self.service: Service | None = None
        self.public_url: str | None = None  # where board messages link to the game pages

    async def start(self) -> None:
        self.fake.owner_id = ANN["id"]  # Ann owns the server: she manages its settings
        self.store = await SqliteStore.open(self.path, clock=lambda: self.now)
        service = self.service = Service(self.store, config=ServiceConfig(board_size=200, rate_limit=1000,
                                                                          ai_time_budget=1.6, public_url=self.public_url),
                                         clock=lambda: self.now)
        point_discord_at(self.fake)
        self.fake.ready.clear()
        self.client = BoardGameClient(service, guild_ready_timeout=GUILD_READY_TIMEOUT)
        self.task = asyncio.create_task(self.client.start("fake-token"))
        await asyncio.wait_for(self.fake.ready.wait(), 20)
        await asyncio.wait_for(self.client.wait_until_ready(), 20)

    async def stop(self) -> None:
        assert self.client is not None and self.store is not None
        await self.client.close()
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)
        await self.store.close()


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[Running]:
    fake = FakeDiscord()
    await fake.start()
    bot = Running(fake, tmp_path / "bot.sqlite3")
    await bot.start()
    yield bot
    await bot.stop()
    await fake.stop()
    point_discord_at(None)


def followups(fake: FakeDiscord, since: int = 0) -> Any:
    return lambda c: c.method == "POST" and c.path.startswith("webhooks/") and not c.body.get("flags")


def warned(call: Any) -> bool:
    """An ephemeral answer to a button that asks before a move that loses at once."""
    body = call.body if isinstance(call.body, dict) else {}
    return bool(call.method == "POST" and call.path.startswith("webhooks/") and body.get("flags") == 64
                and "Careful" in body.get("content", ""))


def buttons(call: Any) -> list[dict[str, Any]]:
    return [b for row in call.body.get("components", []) for b in row.get("components", [])]


async def test_slash_commands_are_synced(running: Running) -> None:
    put = await running.fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"))
    names = {c["name"] for c in put[0].body}
    assert {"play", "move", "board", "games", "resign", "takeback", "export", "rules", "help", "lang", "settings",
            "stats", "top", "accept", "decline", "cancel", "draw", "link", "unlink", "signin"} <= names


async def test_slash_commands_speak_russian_and_hungarian_as_telegrams_menu_does(running: Running) -> None:
    from bot.i18n import text

    [put] = await running.fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"))
    by_name = {c["name"]: c for c in put.body}
    for language in ("ru", "hu"):  # the languages Discord and the bot share (Discord has no Persian: English there)
        for name in ("play", "move", "board", "resign", "learn", "puzzle", "settings"):
            assert by_name[name]["description_localizations"][language] == text(language, f"menu.{name}")[:100]
        options = {o["name"]: o for o in by_name["play"]["options"]}
        assert options["game"]["description_localizations"][language] == text(language, "discord.option.game_kind")
        assert options["opponent"]["description_localizations"][language] == text(language, "discord.option.opponent")
        board_game = {o["name"]: o for o in by_name["board"]["options"]}["game"]
        assert board_game["description_localizations"][language] == text(language, "discord.option.game")
    assert by_name["play"]["description"] == "Start a game: against someone, anyone, or the bot"  # English stays
    assert not any(key.startswith("fa") for c in put.body for key in c.get("description_localizations") or {})
    for command in put.body:  # Discord's limits: at most 100 characters, every option described
        for words in (command.get("description_localizations") or {}).values():
            assert 1 <= len(words) <= 100, (command["name"], words)
        for option in command.get("options", []):
            assert option["description"] not in ("…", ""), (command["name"], option["name"])


async def start_game(running: Running) -> Any:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", game="kamisado", bot=True, level="beginner", options="white single")
    return (await fake.wait_for(followups(fake), since=since))[0]


async def test_settings_board_text_brings_the_board_in_words_with_no_picture(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "settings", change="board text")
    await fake.wait_for(lambda c: "instead of the picture" in str(c.body.get("content", "")), since=since)
    since = len(fake.calls)
    await fake.command(ANN, "play", game="kamisado", bot=True, level="beginner", options="white single")
    [board] = await fake.wait_for(lambda c: c.method == "POST" and "Bot (beginner) played" in str(c.body.get("content", "")),
                                  since=since)
    assert not board.files and re.search(r"^ *8 .* 8$", board.body["content"], re.M), board.body["content"]
    assert board.body.get("components")  # the move buttons stay under the board in words


async def test_a_game_against_the_bot_with_buttons(running: Running) -> None:
    fake = running.fake
    board = await start_game(running)
    assert board.files and next(iter(board.files.values()))[:4] == b"\x89PNG"
    assert "Bot (beginner) played" in board.body["content"]
    # the picture's alt text (the attachment's description, as Discord reads it from payload_json): every tower
    [attachment] = board.body["attachments"]
    described = attachment["description"]
    assert described.count("white") == 8 and described.count("black") == 8 and len(described) <= 1024, described
    move_buttons = buttons(board)
    assert move_buttons and all(b["custom_id"].startswith("bg:m:") for b in move_buttons)
    since = len(fake.calls)
    await fake.press(ANN, move_buttons[0]["custom_id"], "123")
    after = (await fake.wait_for(followups(fake), since=since))[0]
    assert "Ann played" in after.body["content"]


async def test_someone_else_pressing_gets_a_private_answer(running: Running) -> None:
    fake = running.fake
    board = await start_game(running)
    since = len(fake.calls)
    await fake.press(BOB, buttons(board)[0]["custom_id"], "123")
    callback = (await fake.wait_for(lambda c: c.path.startswith("interactions/"), since=since))[0]
    assert callback.body["type"] == 6  # acknowledged at once, before any work
    answer = (await fake.wait_for(lambda c: c.path.startswith("webhooks/") and c.method == "POST", since=since))[0]
    assert answer.body["flags"] == 64 and "not your game" in answer.body["content"]  # ephemeral


async def test_a_press_is_acknowledged_before_the_bot_thinks(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", game="ashtarashki", bot=True, level="master", options="white")
    board = (await fake.wait_for(followups(fake), since=since))[0]
    since = len(fake.calls)
    await fake.press(ANN, buttons(board)[0]["custom_id"], "123")
    await fake.wait_for(lambda c: c.path.startswith("interactions/") and c.body.get("type") == 6, since=since)
    assert running.store is not None and len((await running.store.game(1)).moves) <= 1  # the master has not answered yet
    after = (await fake.wait_for(followups(fake), since=since))[0]
    assert "Bot (master) played" in after.body["content"]


async def test_a_private_notice_for_a_typed_message_is_never_posted_in_the_channel(running: Running) -> None:
    fake = running.fake
    await start_game(running)
    fake.dms_closed.add(BOB["id"])
    since = len(fake.calls)
    board = (await running.store.game(1)) if running.store else None
    assert board is not None
    state = get_game("kamisado").state_from_dict(board.state)
    move = get_game("kamisado").format_move(state, state.legal_moves()[0])
    await fake.say(BOB, move)  # a move in Ann's game, by Bob, whose direct messages are closed
    await fake.wait_for(lambda c: c.path == "users/@me/channels", since=since)  # he is told privately, or not at all
    await fake.say(ANN, "help")
    await fake.wait_for(lambda c: c.method == "POST" and c.path == "channels/6000/messages", since=since)
    await asyncio.sleep(0.3)
    posted = [c.body.get("content", "") for c in fake.calls[since:] if c.path == "channels/6000/messages"]
    assert len(posted) == 1 and "not your game" not in posted[0], posted


async def test_answered_questions_lose_their_buttons_and_echoes_are_escaped(running: Running) -> None:
    fake = running.fake
    await start_game(running)
    since = len(fake.calls)
    await fake.command(ANN, "resign")
    question = (await fake.wait_for(lambda c: c.path.startswith("webhooks/") and c.method == "POST", since=since))[0]
    keep = buttons(question)[1]["custom_id"]
    since = len(fake.calls)
    await fake.press(ANN, keep, "777")
    await fake.wait_for(lambda c: c.method == "PATCH" and c.path.endswith("/messages/@original")
                        and c.body.get("components") == [], since=since)
    since = len(fake.calls)
    await fake.say(ANN, "move [click](https://evil.example)")
    answer = (await fake.wait_for(lambda c: c.method == "POST" and c.path == "channels/6000/messages", since=since))[0]
    assert "\\[click]" in answer.body["content"]


async def test_typing_a_move_in_the_channel(running: Running) -> None:
    fake = running.fake
    board = await start_game(running)
    target = buttons(board)[0]["label"]
    since = len(fake.calls)
    await fake.say(ANN, target)
    sent = (await fake.wait_for(lambda c: c.method == "POST" and c.path == "channels/6000/messages", since=since))[0]
    assert "Ann played" in sent.body["content"]


async def test_a_whole_game_to_the_end(running: Running) -> None:
    fake = running.fake
    board = await start_game(running)
    for _ in range(40):
        if "Game over" in board.body["content"]:
            break
        since = len(fake.calls)
        await fake.press(ANN, buttons(board)[0]["custom_id"], "123")
        answer = (await fake.wait_for(lambda c: followups(fake)(c) or warned(c), since=since))[0]
        if warned(answer):  # "this loses at once: play it anyway?" (only Ann sees it)
            sure = [b for b in buttons(answer) if b["custom_id"].startswith("bg:M:")]
            since = len(fake.calls)
            await fake.press(ANN, sure[0]["custom_id"], "124")
            answer = (await fake.wait_for(followups(fake), since=since))[0]
        board = answer
    assert "Game over" in board.body["content"]


async def test_a_restart_in_the_middle_of_a_game_continues_it(running: Running) -> None:
    fake = running.fake
    board = await start_game(running)
    await running.stop()
    await running.start()
    since = len(fake.calls)
    await fake.press(ANN, buttons(board)[0]["custom_id"], "123")  # a button from before the restart
    after = (await fake.wait_for(followups(fake), since=since))[0]
    assert "Ann played" in after.body["content"]


async def test_a_board_never_sent_before_the_process_stopped_arrives_after_the_restart(running: Running) -> None:
    fake = running.fake
    board = await start_game(running)
    fake.hang.add("webhooks/")  # the answer to the press never gets through: the process dies waiting
    since = len(fake.calls)
    await fake.press(ANN, buttons(board)[0]["custom_id"], "123")
    await fake.wait_for(lambda c: c.method == "POST" and c.path.startswith("webhooks/"), since=since)
    await running.stop()
    fake.hang.clear()
    since = len(fake.calls)
    await running.start()
    sent = (await fake.wait_for(lambda c: c.method == "POST" and c.path == "channels/6000/messages", since=since))[0]
    assert "Ann played" in sent.body["content"] and sent.files


async def test_a_move_typed_while_the_bot_was_away_is_read_from_the_history_and_played_once(running: Running) -> None:
    """Discord never sends a message again: one typed while the process was down is found in the channel's history
    when it connects, played once, and not again at the next start."""
    fake = running.fake
    since = len(fake.calls)
    first = await fake.say(ANN, "play ashtarashki bot level=beginner white")
    await fake.wait_for(lambda c: c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages" and c.files,
                        since=since)
    await running.stop()
    await fake.say(ANN, "a3-b4", missed=True)  # typed while the bot is away
    await fake.say(BOB, "good luck!", missed=True)  # chatter: read too, answered with nothing
    since = len(fake.calls)
    await running.start()
    [board] = await fake.wait_for(lambda c: c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages"
                                  and "Ann played" in c.body.get("content", ""), since=since)
    assert "a3" in board.body["content"] and "b4" in board.body["content"]
    assert running.client is not None and running.client._catching_up is not None
    await running.client._catching_up
    await running.stop()
    assert running.store is not None
    store = await SqliteStore.open(running.path)  # a mark left behind (a process died before writing the next one)
    await store._db.execute("UPDATE channel_marks SET message_id = ?", (first,))
    await store.close()
    since = len(fake.calls)
    await running.start()
    assert running.client._catching_up is not None
    await running.client._catching_up
    while len(running.client.front.lanes):
        await asyncio.sleep(0.01)
    assert not [c for c in fake.calls[since:] if c.method == "POST" and c.path.startswith("channels/")]  # nothing
    assert running.store is not None and len((await running.store.all_games())[-1].moves) == 2  # hers, the bot's


@pytest.mark.parametrize("where", ["server", "direct"])
@pytest.mark.parametrize("kind", ["kamisado", "ashtarashki", "krepost"])
async def test_a_game_over_a_flaky_network_loses_no_board(running: Running, kind: str, where: str) -> None:
    fake = running.fake
    dm = "7777" if where == "direct" else None
    fake.flaky = 0.1  # one message, follow-up or interaction answer in ten fails (500, or the connection drops)
    options = {"kamisado": "white single", "ashtarashki": "white", "krepost": "white"}[kind]
    await fake.command(ANN, "play", dm=dm, game=kind, bot=True, level="beginner", options=options)
    assert running.store is not None
    await fake.wait_for(lambda c: c.method == "POST" and c.files and not c.failed, timeout=40)
    for _ in range(8):
        row = (await running.store.all_games())[-1]
        if row.status != "active":
            break
        game = get_game(kind)
        state = game.state_from_dict(row.state)
        shown = len([c for c in fake.calls if c.files and not c.failed and c.method == "POST"])
        since = len(fake.calls)
        await fake.command(ANN, "move", dm=dm, move=f"#{row.id} {game.format_move(state, state.legal_moves()[0])}")
        found = await fake.wait_for(lambda c: c.method == "POST" and not c.failed
                                    and (bool(c.files) or "Careful" in c.body.get("content", "")), since=since, timeout=40)
        if not found[-1].files:  # "this loses at once: play it anyway?": the game has shown enough
            break
        assert len([c for c in fake.calls if c.files and not c.failed and c.method == "POST"]) > shown
    await asyncio.sleep(1)
    boards = [c.body.get("content", "") for c in fake.calls if c.files and not c.failed and c.method == "POST"]
    assert len(boards) == len(set(boards)) >= 4  # each board once: none lost, none twice
    assert any(c.failed for c in fake.calls)
    assert await running.store.pending_count() == 0


async def test_challenging_a_member(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", game="ashtarashki", opponent="222")
    challenge = (await fake.wait_for(followups(fake), since=since))[0]
    assert "challenges you" in challenge.body["content"] and "<@222>" in challenge.body["content"]
    accept = next(b for b in buttons(challenge) if b["custom_id"].startswith("bg:a:"))
    since = len(fake.calls)
    await fake.press(BOB, accept["custom_id"], "124")
    started = (await fake.wait_for(followups(fake), since=since))[0]
    assert "Game #1: Ashtarashki" in started.body["content"]


async def test_naming_a_friend_in_the_bots_direct_messages_challenges_them_in_theirs(running: Running) -> None:
    """In a direct message Discord resolves the option to a user with no member: the challenge is made all the same,
    and the friend is told in their own direct messages with the bot, where they accept it."""
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", dm="7300", game="ashtarashki", opponent=BOB["id"])
    answered = await fake.wait_for(lambda c: c.path.startswith("webhooks/") and not c.failed
                                   and "Bob" in c.body.get("content", ""), since=since)
    assert "challenge" in answered[0].body["content"].lower(), answered[0].body
    await fake.wait_for(lambda c: c.path == "users/@me/channels" and str(c.body.get("recipient_id")) == BOB["id"],
                        since=since)
    told = await fake.wait_for(lambda c: c.method == "POST" and c.path.startswith("channels/")
                               and "challenges you" in c.body.get("content", ""), since=since)
    accept = next(b for b in buttons(told[0]) if b["custom_id"].startswith("bg:a:"))
    since = len(fake.calls)
    await fake.press(BOB, accept["custom_id"], "125", dm=told[0].path.split("/")[1])
    await fake.wait_for(lambda c: not c.failed and "Game #1: Ashtarashki" in c.body.get("content", ""), since=since)


async def test_naming_a_friend_in_two_friends_direct_messages_challenges_them_there(running: Running) -> None:
    """Through the app Ann installed for herself, in her direct messages with Bob (no member there either): the
    challenge is shown in that conversation, and Bob accepts it with its button."""
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", elsewhere=True, game="ashtarashki", opponent=BOB["id"])
    [challenge] = await fake.wait_for(lambda c: c.path.startswith("webhooks/") and not c.failed
                                      and "challenges you" in c.body.get("content", ""), since=since)
    accept = next(b for b in buttons(challenge) if b["custom_id"].startswith("bg:a:"))
    since = len(fake.calls)
    await fake.press(BOB, accept["custom_id"], "9101", elsewhere=True)
    await fake.wait_for(lambda c: not c.failed and "Game #1: Ashtarashki" in c.body.get("content", ""), since=since)


async def test_players_of_a_server_that_removed_the_bot_are_told_by_direct_message(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", game="ashtarashki", opponent=BOB["id"])
    [challenge] = await fake.wait_for(lambda c: "challenges you" in c.body.get("content", "") and not c.failed,
                                      since=since)
    since = len(fake.calls)
    await fake.press(BOB, next(b for b in buttons(challenge) if b["custom_id"].startswith("bg:a:"))["custom_id"], "124")
    await fake.wait_for(lambda c: "Game #1: Ashtarashki" in c.body.get("content", "") and not c.failed, since=since)
    since = len(fake.calls)
    await fake.push("GUILD_DELETE", {"id": GUILD_ID})  # removed: no "unavailable" in it
    told = await fake.wait_for(lambda c: c.method == "POST" and "removed from the chat of game #1" in c.body.get(
        "content", ""), count=2, since=since)
    opened = {str(c.body.get("recipient_id")) for c in fake.calls[since:] if c.path == "users/@me/channels"}
    assert opened == {ANN["id"], BOB["id"]} and all(c.path != f"channels/{CHANNEL_ID}/messages" for c in told)


async def test_only_the_servers_managers_change_its_settings(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(BOB, "settings", change="chat thread on")
    ephemeral = (await fake.wait_for(lambda c: c.path.startswith("webhooks/") and c.body.get("flags") == 64, since=since))
    assert "administrators" in ephemeral[0].body["content"]  # only Bob sees it
    assert "thread" not in (await running.service.store.chat("discord", CHANNEL_ID)).settings


async def test_a_thread_per_game_when_the_chat_asks(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "settings", change="chat thread on")
    await fake.wait_for(followups(fake), since=since)
    board = await start_game(running)
    opened = await fake.wait_for(lambda c: c.method == "POST" and c.path.endswith("/threads"))
    thread_id = opened[0].path.split("/")[3]
    since = len(fake.calls)
    await fake.say(ANN, buttons(board)[0]["label"], channel=thread_id)  # a move typed in the game's thread
    sent = (await fake.wait_for(lambda c: c.method == "POST" and c.path == f"channels/{thread_id}/messages", since=since))[0]
    assert "Ann played" in sent.body["content"]


async def test_boards_are_edited_when_the_chat_asks(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "settings", change="chat board edit")
    await fake.wait_for(followups(fake), since=since)
    board = await start_game(running)
    since = len(fake.calls)
    await fake.press(ANN, buttons(board)[0]["custom_id"], "123")
    edited = (await fake.wait_for(lambda c: c.method == "PATCH" and c.path.startswith("channels/"), since=since))[0]
    assert "Ann played" in edited.body["content"]


async def test_reminders_mention_the_player_in_the_games_channel(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", game="krepost", bot=True, options="white time=1d")
    await fake.wait_for(followups(fake), since=since)
    running.now += 13 * 3600
    assert running.client is not None and running.service is not None
    since = len(fake.calls)
    due = []
    for _ in range(20):  # the board message's id may still be on its way to the database
        due = await running.service.tick()
        if due:
            break
        await asyncio.sleep(0.1)
    for reply in due:
        await running.client.front.post(reply)
    sent = (await fake.wait_for(lambda c: c.method == "POST" and c.path == "channels/6000/messages", since=since))[0]
    assert sent.body["content"].startswith("<@111>") and "your move" in sent.body["content"]


async def test_a_sharded_process_identifies_as_its_shards(tmp_path: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    point_discord_at(fake)
    client = make_client(Service(store), shard_count=4, shard_ids=(1, 3))
    task = asyncio.create_task(client.start("fake-token"))
    try:
        for _ in range(100):
            if len(fake.identified) >= 2:
                break
            await asyncio.sleep(0.1)
        assert sorted(tuple(d["shard"]) for d in fake.identified) == [(1, 4), (3, 4)]
        assert isinstance(client, discord.AutoShardedClient) and client.shard_count == 4
    finally:
        await client.close()
        await asyncio.gather(task, return_exceptions=True)
        await store.close()
        await fake.stop()
        point_discord_at(None)


def test_an_unsharded_client_by_default(tmp_path: Path) -> None:
    client = make_client(None, shard_count=None)  # type: ignore[arg-type]
    assert not isinstance(client, discord.AutoShardedClient)


async def test_text_players_type_never_pings_anyone(running: Running) -> None:
    fake = running.fake
    await start_game(running)
    since = len(fake.calls)
    await fake.say(ANN, "move @everyone <@&1> @here")
    echoed = (await fake.wait_for(lambda c: c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages",
                                  since=since))[0]
    assert "@everyone" in echoed.body["content"]  # the text is echoed …
    assert echoed.body["allowed_mentions"]["parse"] == []  # … but nobody is notified
    assert not echoed.body["allowed_mentions"].get("users")
    since = len(fake.calls)
    await fake.say(BOB, "hello")
    await fake.command(ANN, "play", game="krepost", opponent=BOB["id"])
    challenge = (await fake.wait_for(followups(fake), since=since))[0]
    assert challenge.body["content"].startswith(f"<@{BOB['id']}>")
    allowed = challenge.body["allowed_mentions"]
    assert allowed["parse"] == [] and [str(u) for u in allowed["users"]] == [BOB["id"]]  # Bob alone is pinged


async def test_the_clocks_go_on_after_a_failure(running: Running) -> None:
    """A database restart makes one tick fail; the next one still runs (here: the bot's owed move)."""
    assert running.client is not None and running.service is not None and running.store is not None
    service, front = running.service, running.client.front
    calls = 0
    real_tick = service.tick

    async def flaky_tick(platform: str | None = None) -> list[Any]:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ConnectionError("database restarting")
        return await real_tick(platform)

    service.tick = flaky_tick  # type: ignore[method-assign]
    store = running.store
    ann = await store.user("discord", ANN["id"], "Ann")
    bot = await service.people.bot("easy")
    chat = await store.chat("discord", CHANNEL_ID)
    challenge = await store.create_challenge(chat.id, "kamisado", {"match": "single"}, ann.id, bot.id, "easy", "white", None)
    await store.accept_challenge(challenge, ann.id, bot.id, get_game("kamisado").new_state(match="single").to_dict())
    since = len(running.fake.calls)
    front.tick_every = 0.05
    ticker = asyncio.create_task(front.tick_forever())
    try:
        posted = await running.fake.wait_for(
            lambda c: c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages", since=since)
        assert "Bot (easy) played" in posted[0].body["content"] and calls >= 2
    finally:
        ticker.cancel()


async def test_typing_is_shown_while_the_bot_thinks(running: Running) -> None:
    fake = running.fake
    await fake.say(ANN, "hello")
    since = len(fake.calls)
    await fake.say(ANN, "play ashtarashki bot black level=master")  # typed: White (the master) thinks first
    await fake.wait_for(lambda c: c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages", since=since)
    assert any(c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/typing" for c in fake.calls[since:])


async def test_a_replay_arrives_as_a_gif_attachment(running: Running) -> None:
    fake = running.fake
    await start_game(running)
    since = len(fake.calls)
    await fake.say(ANN, "replay")
    sent = (await fake.wait_for(lambda c: c.method == "POST" and bool(c.files), since=since))[0]
    assert "Replay of game #" in sent.body["content"]
    assert any(data[:6] == b"GIF89a" for data in sent.files.values())


@pytest.mark.parametrize("where", ["channel", "direct"])
async def test_a_puzzle_solved_over_a_flaky_network(running: Running, where: str) -> None:
    from ai.puzzles import shipped

    fake = running.fake
    dm = "7777" if where == "direct" else None
    fake.flaky = 0.1
    since = len(fake.calls)
    await fake.command(ANN, "puzzle", dm=dm, what="kamisado easy")
    posted = await fake.wait_for(lambda c: c.method == "POST" and bool(c.files) and not c.failed, since=since, timeout=40)
    content = posted[0].body["content"]
    assert "Puzzle Kamisado #" in content and "to play and win the round in" in content
    number = int(content.split("#", 1)[1].split(" ", 1)[0])
    puzzle = shipped("kamisado")[number - 1]
    since = len(fake.calls)
    await fake.command(ANN, "puzzle", dm=dm, what=puzzle.line[0])
    answered = await fake.wait_for(lambda c: c.method == "POST" and bool(c.files) and not c.failed, since=since,
                                   timeout=40)
    assert ("🏆 Ann solved it" if len(puzzle.line) == 1 else "✔ Ann") in answered[0].body["content"]


async def test_a_tournament_over_slash_commands_pings_the_paired_players(running: Running) -> None:
    fake = running.fake
    cid = user("333", "Cid")
    since = len(fake.calls)
    await fake.command(ANN, "tournament", what="new krepost roundrobin time=1d")
    opened = await fake.wait_for(followups(fake), since=since)
    assert "opened tournament #1" in opened[0].body["content"]
    for player in (BOB, cid):
        await fake.command(player, "tournament", what="join")
    since = len(fake.calls)
    await fake.command(ANN, "tournament", what="start")
    posted = await fake.wait_for(lambda c: c.method == "POST" and "round 1 of 3" in str(c.body), since=since)
    announcement = next(c for c in posted if "🏆 Tournament #1, round 1 of 3" in str(c.body))
    body = announcement.body
    paired = {u["id"] for u in (ANN, BOB, cid)} - {u["id"] for u in (ANN, BOB, cid)
                                                    if f"{u['username']}: a bye" in body["content"]}
    assert {str(u) for u in body["allowed_mentions"]["users"]} == paired and len(paired) == 2
    assert all(f"<@{player}>" in body["content"] for player in paired)
    boards = await fake.wait_for(lambda c: c.method == "POST" and bool(c.files) and not c.failed, since=since)
    assert boards
    since = len(fake.calls)
    await fake.command(cid, "tournament")
    table = await fake.wait_for(lambda c: c.method == "POST" and bool(c.files) and "Round 1 of 3" in str(c.body),
                                since=since)
    assert "(SB 0)" in str(table[0].body)


async def test_answers_are_sent_again_after_a_dropped_connection(running: Running) -> None:
    fake = running.fake
    await start_game(running)
    since = len(fake.calls)
    fake.drop_next["channels/6000/messages"] = 2  # an answer to a typed message: no outbox item behind it
    await fake.say(ANN, "games")
    posted = await fake.wait_for(lambda c: c.path == "channels/6000/messages" and not c.failed, since=since)
    assert "#1" in posted[0].body["content"]
    assert len([c for c in fake.calls[since:] if c.path == "channels/6000/messages"]) == 3  # two dropped, one sent

    since = len(fake.calls)
    fake.drop_next["webhooks/"] = 1  # a private answer to a button, through the interaction
    board = await running.store.game(1) if running.store else None
    assert board is not None
    await fake.press(BOB, f"bg:m:1:{len(board.moves)}:0", "123")  # not Bob's game: told privately
    answers = await fake.wait_for(lambda c: c.path.startswith("webhooks/") and not c.failed and c.body.get("flags") == 64,
                                  since=since)
    assert "not your game" in answers[0].body["content"]

    state = get_game("kamisado").state_from_dict(board.state)
    move = get_game("kamisado").format_move(state, state.legal_moves()[0])
    since = len(fake.calls)
    await fake.say(BOB, move)  # Bob types a move of Ann's game: told by direct message
    dm = (await fake.wait_for(lambda c: c.method == "POST" and c.path.startswith("channels/")
                              and c.path != "channels/6000/messages", since=since))[0]
    fake.drop_next[dm.path] = 1
    since = len(fake.calls)
    await fake.say(BOB, move)  # again, over a connection that drops
    told = await fake.wait_for(lambda c: c.path == dm.path and not c.failed, since=since)
    assert "not your game" in told[0].body["content"].lower()
    assert [c.failed for c in fake.calls[since:] if c.path == dm.path] == [True, False]


async def test_a_question_to_a_player_whose_direct_messages_are_closed_is_asked_in_the_channel(running: Running) -> None:
    from bot.service.commands.moves import winning_reply

    fake = running.fake
    fake.dms_closed.add(ANN["id"])
    since = len(fake.calls)
    await fake.command(ANN, "play", game="kamisado", opponent="222", options="single unrated")
    challenge = (await fake.wait_for(followups(fake), since=since))[0]
    since = len(fake.calls)
    await fake.press(BOB, next(b for b in buttons(challenge) if b["custom_id"].startswith("bg:a:"))["custom_id"], "124")
    await fake.wait_for(followups(fake), since=since)
    assert running.store is not None
    game = get_game("kamisado")
    for _ in range(12):  # safe moves typed in the channel until Ann has one that loses at once
        row = await running.store.game(1)
        state = game.state_from_dict(row.state)
        mover = ANN if row.player_of(state.to_play or "") == (await running.store.find_user("discord", "111")).id else BOB
        losing = [m for m in state.legal_moves() if winning_reply(state, m) is not None]
        if mover is ANN and losing:
            break
        since = len(fake.calls)
        await fake.say(mover, game.format_move(state, [m for m in state.legal_moves() if m not in losing][-1]))
        await fake.wait_for(lambda c: c.path == "channels/6000/messages" and "played" in c.body.get("content", ""), since=since)
    else:
        raise AssertionError("Ann never had a move that loses at once")
    since = len(fake.calls)
    await fake.say(ANN, game.format_move(state, losing[0]))
    asked = (await fake.wait_for(lambda c: c.path == "channels/6000/messages" and "Careful" in c.body.get("content", ""),
                                 since=since))[0]
    assert asked.body["content"].startswith("<@111>") and buttons(asked)
    since = len(fake.calls)
    await fake.press(ANN, buttons(asked)[0]["custom_id"], "5555")
    await fake.wait_for(lambda c: "Ann played" in c.body.get("content", ""), since=since)
    assert len((await running.store.game(1)).moves) == len(row.moves) + 1


async def test_a_board_links_to_its_page_with_a_link_button(running: Running) -> None:
    await running.stop()
    running.public_url = "https://pages.example"
    await running.start()
    board = await start_game(running)
    links = [b for b in buttons(board) if b.get("style") == 5]  # Discord's link style: a URL, no custom id
    assert len(links) == 1 and links[0]["url"].startswith("https://pages.example/g/") and "custom_id" not in links[0]
    assert links[0]["label"] == "Game page"
    token = links[0]["url"].rsplit("/", 1)[1]
    assert running.service is not None and await running.service.web.game(token, "en") is not None


async def test_board_gives_a_player_a_private_sign_in_link_for_the_page(running: Running) -> None:
    await running.stop()
    running.public_url = "https://pages.example"
    await running.start()
    await start_game(running)
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "board")
    private = await fake.wait_for(lambda c: c.path.startswith("webhooks/") and c.body.get("flags") == 64 | 4
                                  and "/signin/" in c.body.get("content", ""), since=since)
    assert "https://pages.example/signin/" in private[0].body["content"]  # ephemeral: Ann alone sees it
    public = [c for c in fake.calls[since:] if "/signin/" in str(c.body) and c.shown_to_all is not False]
    assert public == []  # never in the channel


async def test_a_move_made_on_the_page_posts_its_board_in_the_discord_channel(running: Running) -> None:
    """Signed in by the link 'board' gave her, Ann moves on the page; the Discord front end of this process posts the
    board (and the bot's answer) in the game's channel, as for a move typed there."""
    await running.stop()
    running.public_url = "https://pages.example"
    await running.start()
    assert running.client is not None and running.service is not None and running.store is not None
    couriers = Couriers()
    couriers.add("discord", running.client.front.send)
    app = application(running.store)
    add_pages(app, running.service, couriers)
    runner, url = await serve_app(app)
    try:
        await start_game(running)
        fake = running.fake
        since = len(fake.calls)
        await fake.command(ANN, "board")
        [private] = await fake.wait_for(lambda c: c.body.get("flags") == 64 | 4 and "/signin/" in c.body.get("content", ""),
                                        since=since)  # ephemeral, and no preview of the link (SUPPRESS_EMBEDS)
        code = private.body["content"].split("/signin/", 1)[1].split()[0].rstrip("\\")
        async with aiohttp.ClientSession() as browser:
            async with browser.get(f"{url}/signin/{code}", allow_redirects=False) as response:
                assert response.status == 200 and "session" not in response.cookies  # looking spends nothing
            async with browser.post(f"{url}/signin/{code}", allow_redirects=False) as response:
                assert response.status == 303 and response.cookies["session"]["secure"]  # the pages are https here
                page, cookie = response.headers["Location"], {"Cookie": f"session={response.cookies['session'].value}"}
            async with browser.get(f"{url}{page}/turn", headers=cookie) as response:
                turn = await response.json()
            assert turn["role"] == "player" and turn["moves"]
            since = len(fake.calls)
            async with browser.post(f"{url}{page}/play", json={"ply": turn["ply"], "index": turn["moves"][0][0]},
                                    headers={"X-CSRF": turn["csrf"], **cookie}) as response:
                assert (await response.json())["ok"]
        [posted] = await fake.wait_for(lambda c: c.method == "POST" and c.files and not c.failed
                                       and "Ann played" in c.body.get("content", ""), since=since, timeout=40)
        assert posted.path.startswith("channels/") and next(iter(posted.files.values()))[:4] == b"\x89PNG"
    finally:
        await runner.cleanup()


async def test_slash_link_joins_a_telegram_account_and_its_code_is_only_ever_ephemeral(running: Running) -> None:
    fake, store = running.fake, running.store
    assert store is not None
    ann_telegram = await store.user("telegram", "11", "Ann")
    code = await store.new_link_code(ann_telegram.id, 600)  # what 'link' gave Ann on Telegram

    async def answer(command: str, **options: str) -> Any:
        since = len(fake.calls)
        await fake.command(ANN, command, **options)
        [found] = await fake.wait_for(lambda c: c.method == "POST" and c.path.startswith("webhooks/") and not c.failed,
                                      since=since)
        return found.body

    assert "no such link code" in (await answer("link", code="WRONG123"))["content"]
    done = await answer("link", code=code)
    assert done["content"].startswith("Linked: Ann (Telegram), Ann (Discord) are one player now."), done
    assert "used already" in (await answer("link", code=code))["content"]
    since = len(fake.calls)
    given = await answer("link")  # a code for the other platform: Ann alone sees it
    assert given.get("flags") == 64 | 4, given  # ephemeral, no preview
    shown = given["content"].split("Your link code: ")[1][:9]
    assert [c for c in fake.calls[since:] if shown in str(c.body) and c.shown_to_all is not False] == []
    # Discord shows the first answer after "thinking…" to all: the channel sees only that an answer went privately
    assert [c.body["content"] for c in fake.calls[since:] if c.shown_to_all] == [
        "Answered privately (only the one who asked sees it)."]  # here, not "by direct message": no DM was sent
    assert "play on their own again" in (await answer("unlink"))["content"]


async def test_a_typed_link_in_a_channel_says_there_whether_the_code_went_by_direct_message(running: Running) -> None:
    fake = running.fake
    fake.dms_closed.add(ANN["id"])
    since = len(fake.calls)
    await fake.say(ANN, "link")
    [told] = await fake.wait_for(lambda c: c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages", since=since)
    assert "cannot write to you privately" in told.body["content"]
    assert not [c for c in fake.calls[since:] if c.path == f"channels/{CHANNEL_ID}/messages" and "Your link code" in str(c.body)]
    fake.dms_closed.clear()
    since = len(fake.calls)
    await fake.say(ANN, "link")
    [told] = await fake.wait_for(lambda c: c.method == "POST" and c.path == f"channels/{CHANNEL_ID}/messages", since=since)
    assert "sent you your link code privately" in told.body["content"]
    assert [c for c in fake.calls[since:] if "Your link code" in str(c.body) and c.path != f"channels/{CHANNEL_ID}/messages"]


async def test_a_user_installed_play_in_two_peoples_direct_messages_is_played_to_its_end_in_place(running: Running) -> None:
    """Installed by Ann for herself, the bot is no member of her direct messages with a friend: it answers there
    through the interactions alone, and the game's message is edited in place at every button press."""
    fake, store = running.fake, running.store
    assert store is not None
    put = await fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"))
    play = next(c for c in put[-1].body if c["name"] == "play")
    assert sorted(play["integration_types"]) == [0, 1] and sorted(play["contexts"]) == [0, 1, 2]  # any server or DM

    async def answered(since: int) -> Any:
        """The latest message shown to Ann since call ``since``: the board edited in place, or a follow-up."""
        found = await fake.wait_for(lambda c: c.path.startswith("webhooks/") and not c.failed and (
            c.method == "POST" or c.path.endswith("/messages/@original")) and c.body.get("content", "✓") != "✓", since=since)
        return found[-1]

    since = len(fake.calls)
    await fake.command(ANN, "help", elsewhere=True)
    assert "no member of the chat" in (await answered(since)).body["content"]
    assert running.client is not None
    while len(running.client.front.lanes):  # the command handled to its end
        await asyncio.sleep(0.01)
    # the help is the command's one answer: no "✓" after it, one of the interaction's five follow-ups used
    assert len([c for c in fake.calls[since:] if c.method == "POST" and c.path.startswith("webhooks/")]) == 1
    since = len(fake.calls)
    await fake.command(ANN, "play", elsewhere=True, game="kamisado", bot=True, level="beginner", options="white single")
    shown = await answered(since)
    assert "Game #1: Kamisado" in shown.body["content"], shown.body
    begun = since
    edits = 0
    for _ in range(120):
        row = (await store.all_games())[-1]
        if row.status != "active":
            break
        pressable = [b for b in buttons(shown) if b.get("custom_id", "").startswith(PREFIX)]
        assert pressable, shown.body
        since = len(fake.calls)
        await fake.press(ANN, pressable[0]["custom_id"], "9100", elsewhere=True)
        shown = await answered(since)
        edits += shown.method == "PATCH"
    row = (await store.all_games())[-1]
    assert row.status == "finished" and edits >= 3  # the board moved on in place, to the end
    assert [c for c in fake.calls[begun:] if c.path.startswith(f"channels/{FRIENDS_DM}")] == []  # never posted there
    assert await store.pending_count() == 0  # every board owed was shown


async def test_where_the_bot_only_answers_a_reminder_follows_up_while_the_token_lasts_and_is_never_posted(
        running: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = running.fake
    assert running.client is not None and running.service is not None and running.store is not None
    since = len(fake.calls)
    await fake.command(ANN, "play", elsewhere=True, game="krepost", bot=True, options="white time=1d")
    await fake.wait_for(lambda c: c.path.startswith("webhooks/") and c.files and not c.failed, since=since)

    async def remind() -> list[Any]:
        due: list[Any] = []
        for _ in range(20):  # the board message's id may still be on its way to the database
            due = await running.service.tick()  # type: ignore[union-attr]
            if due:
                break
            await asyncio.sleep(0.1)
        return due

    running.now += 13 * 3600
    since = len(fake.calls)
    for reply in await remind():
        await running.client.front.post(reply)
    told = await fake.wait_for(lambda c: c.method == "POST" and c.path.startswith("webhooks/")
                               and "your move" in c.body.get("content", ""), since=since)
    assert told and not [c for c in fake.calls[since:] if c.path.startswith(f"channels/{FRIENDS_DM}")]
    monkeypatch.setattr("bot.discord_posting.TOKEN_LIFETIME", 0.0)  # the interaction's token is too old now
    running.now += 12 * 3600  # out of time: the game's end is owed to the chat
    since = len(fake.calls)
    due = await remind()
    assert any("ran out of time" in reply.text for reply in due), [reply.text for reply in due]
    for reply in due:
        await running.client.front.post(reply)  # nowhere to show it: dropped, not posted where the bot is not
    assert [c for c in fake.calls[since:] if c.method in ("POST", "PATCH")] == []
    assert await running.store.pending_count() == 0


async def test_a_lesson_asked_for_in_the_server_is_ephemeral_and_the_channel_hears_one_line(running: Running) -> None:
    from bot.service.lessons import LESSONS, judge
    from bot.service.payloads import LessonMove, decode

    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "learn", game="kamisado")
    [lesson] = await fake.wait_for(lambda c: c.method == "POST" and c.path.startswith("webhooks/")
                                   and "Kamisado lesson" in str(c.body), since=since)
    assert lesson.shown_to_all is False and lesson.files["files[0]"][:4] == b"\x89PNG"  # Ann alone, with the board
    seen = [c for c in fake.calls[since:] if c.shown_to_all]
    assert [c.body.get("content") for c in seen] == ["Answered privately (only the one who asked sees it)."]
    assert not [c for c in fake.calls[since:] if c.path.startswith("users/@me/channels")]  # no direct message
    step = LESSONS["kamisado"].steps[0]
    right = judge.accepted(step, ())[0]
    pressed = next(b["custom_id"] for b in buttons(lesson)
                   if isinstance(p := decode(b["custom_id"].removeprefix(PREFIX)), LessonMove)
                   and step.start.legal_moves()[p.index] == right)
    since = len(fake.calls)
    await fake.press(ANN, pressed, "1")
    [after] = await fake.wait_for(lambda c: c.path.startswith("webhooks/") and "· 2/7" in str(c.body), since=since)
    assert after.shown_to_all is False
    assert not [c for c in fake.calls[since:] if c.shown_to_all]  # nothing more in the channel


async def test_a_lesson_in_the_bots_direct_messages_is_played_there(running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "learn", dm="4242", game="ashtarashki")
    [lesson] = await fake.wait_for(lambda c: c.path.startswith("webhooks/") and "Ashtarashki lesson" in str(c.body),
                                   since=since)
    assert "· 1/7" in lesson.body["content"]
    since = len(fake.calls)
    await fake.say(ANN, "c3-b2", channel="4242", dm=True)  # a retreat where a step is asked: told what it did
    [told] = await fake.wait_for(lambda c: c.path == "channels/4242/messages", since=since)
    assert "That goes backwards; step forward." in told.body["content"]


async def test_answers_prepared_in_direct_messages_are_played_in_the_server_and_never_shown_there_before(
        running: Running) -> None:
    fake = running.fake
    since = len(fake.calls)
    await fake.command(ANN, "play", game="ashtarashki", opponent=BOB["id"])
    [challenge] = await fake.wait_for(lambda c: "challenges you" in c.body.get("content", "") and not c.failed,
                                      since=since)
    since = len(fake.calls)
    await fake.press(BOB, next(b for b in buttons(challenge) if b["custom_id"].startswith("bg:a:"))["custom_id"], "124")
    await fake.wait_for(lambda c: "Game #1: Ashtarashki" in c.body.get("content", "") and not c.failed, since=since)
    since = len(fake.calls)
    await fake.say(ANN, "a3-b4")
    await fake.wait_for(lambda c: "played M2a3—b4" in c.body.get("content", "") and not c.failed, since=since)
    fake.flaky = 0.2  # Discord answers 5xx or drops the connection now and then: nothing is lost or sent twice
    since = len(fake.calls)
    await fake.say(ANN, "if b6-a5 then c3-d4", channel="4343", dm=True)  # a direct message: no server, no member
    [kept] = await fake.wait_for(lambda c: c.path == "channels/4343/messages" and not c.failed
                                 and "only you see them" in c.body.get("content", ""), since=since)
    in_server = [c for c in fake.calls[since:] if c.path == f"channels/{CHANNEL_ID}/messages"]
    assert not any("c3" in c.body.get("content", "") for c in in_server)  # nothing of it in the server
    since = len(fake.calls)
    await fake.say(BOB, "b6-a5")
    [board] = await fake.wait_for(lambda c: "(an answer prepared in advance)" in c.body.get("content", "")
                                  and c.files and not c.failed, since=since, timeout=40)
    assert "M3c3—d4" in board.body["content"] and board.path == f"channels/{CHANNEL_ID}/messages"
    assert kept is not None
