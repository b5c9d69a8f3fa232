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
