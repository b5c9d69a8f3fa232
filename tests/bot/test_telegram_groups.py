"""Telegram's groups at their edges, through python-telegram-bot against the fake Telegram: an admin who remains
anonymous writes as the group itself (GroupAnonymousBot, ``sender_chat``), and is no player; a supergroup with forum
topics, where every answer and board must carry the topic (``message_thread_id``) of the game it belongs to."""

from __future__ import annotations

from tests.bot.test_telegram import ANN, BOB, Running
from tests.fakes.telegram_server import GROUP_ANONYMOUS_BOT

GROUP = {"id": -100, "type": "group", "title": "Players"}
FORUM = {"id": -1001, "type": "supergroup", "title": "Club", "is_forum": True}


async def test_an_anonymous_admin_is_no_player_but_may_change_the_chats_settings(telegram: Running) -> None:
    fake = telegram.fake
    fake.started.add(ANN["id"])
    for line in ("/play kamisado @bob", "/play ashtarashki bot", "/settings zone Europe/Paris", "c3-d4", "/learn"):
        since = len(fake.calls)
        fake.message(ANN, GROUP, line, anonymous=True)
        [said] = await fake.wait_for("sendMessage", since=since)
        assert "anonymous admin" in said.params["text"] and said.params["chat_id"] == GROUP["id"], line
    assert telegram.store is not None and await telegram.store.all_games() == []  # nothing was started in their name
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/settings chat time 2d", anonymous=True)  # the group's own name: its admin
    [saved] = await fake.wait_for("sendMessage", since=since)
    assert "2" in saved.params["text"] and "anonymous" not in saved.params["text"], saved.params["text"]
    assert not [c for c in fake.calls[since:] if c.method == "getChatMember"]  # the group's name proves it
    assert not [c for c in fake.calls[since:] if c.params.get("chat_id") == GROUP_ANONYMOUS_BOT["id"]]
    since = len(fake.calls)
    fake.message(BOB, GROUP, "/play kamisado @ann")  # a person is a player as ever
    await fake.wait_for("sendMessage", since=since, where=lambda c: "anonymous" not in c.params.get("text", ""))


async def test_in_a_forum_each_topic_keeps_its_own_games_and_every_message_lands_in_its_topic(telegram: Running) -> None:
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(BOB, FORUM, "/start", topic=7)  # Bob is known to the bot
    await fake.wait_for("sendMessage", since=since)
    since = len(fake.calls)
    fake.message(ANN, FORUM, "/play kamisado @bob white single", topic=7)  # in the topic "Kamisado"
    [challenge] = await fake.wait_for("sendMessage", since=since)
    assert challenge.params["chat_id"] == FORUM["id"] and challenge.params["message_thread_id"] == 7
    since = len(fake.calls)
    fake.message(BOB, FORUM, "/accept", topic=7)
    [board] = await fake.wait_for("sendPhoto", since=since)
    assert board.params["message_thread_id"] == 7  # the board where the players play, not in General
    since = len(fake.calls)
    fake.message(BOB, FORUM, "g8-a2", topic=7)  # a move typed in the topic: its board there too
    [moved] = await fake.wait_for("sendPhoto", since=since)
    assert moved.params["message_thread_id"] == 7 and "(g8–a2)" in moved.params["caption"]
    since = len(fake.calls)
    fake.message(BOB, FORUM, "/games")  # in General: no game of this topic there
    [general] = await fake.wait_for("sendMessage", since=since)
    assert "message_thread_id" not in general.params or general.params["message_thread_id"] is None
    assert "#1" not in general.params["text"]
    since = len(fake.calls)
    fake.message(BOB, FORUM, "/play ashtarashki @ann", topic=9)  # another topic, a game of its own
    [other] = await fake.wait_for("sendMessage", since=since)
    assert other.params["message_thread_id"] == 9
    since = len(fake.calls)
    fake.message(ANN, FORUM, "/admin abort #1", topic=7)  # who administers the chat: asked of the supergroup itself
    [asked] = await fake.wait_for("getChatMember", since=since)
    assert int(asked.params["chat_id"]) == FORUM["id"]
    [refused] = await fake.wait_for("sendMessage", since=since)
    assert refused.params["message_thread_id"] == 7
    assert telegram.store is not None and len(await telegram.store.all_games()) == 1


async def test_players_of_a_forum_topic_are_told_privately_when_the_bot_is_removed_from_the_forum(
        telegram: Running) -> None:
    fake = telegram.fake
    for player in (ANN, BOB):
        fake.message(player, {"id": player["id"], "type": "private"}, "/help")
    since = len(fake.calls)
    fake.message(ANN, FORUM, "/play ashtarashki @bob white", topic=7)
    await fake.wait_for("sendMessage", since=since, where=lambda c: c.params["chat_id"] == FORUM["id"])
    since = len(fake.calls)
    fake.message(BOB, FORUM, "/accept", topic=7)
    await fake.wait_for("sendPhoto", since=since)
    since = len(fake.calls)
    fake.remove_bot(ANN, FORUM)  # the whole forum, not a topic: every topic's games are told of
    told = await fake.wait_for("sendMessage", count=2, since=since,
                               where=lambda c: c.params["chat_id"] in (ANN["id"], BOB["id"]))
    assert all("#1" in c.params["text"] for c in told)
