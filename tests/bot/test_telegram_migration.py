"""A Telegram group upgraded to a supergroup: the same chat under a new id, its games and all the rest with it.

The real python-telegram-bot against the fake Bot API, which refuses the old id with 400 and
``migrate_to_chat_id`` once the group is upgraded, and announces the upgrade with both service messages.
"""

from __future__ import annotations

from typing import Any

from tests.bot.test_telegram import ANN, BOB, GROUP, Running
from tests.bot.test_telegram_delivery import human_game

SUPERGROUP = {"id": -1001234567890, "type": "supergroup", "title": "Players"}


def to(chat: dict[str, Any]) -> Any:
    return lambda c: c.params.get("chat_id") == chat["id"]


async def test_after_the_upgrade_the_supergroup_has_the_groups_games_and_challenges(telegram: Running) -> None:
    fake = telegram.fake
    await human_game(telegram, "ashtarashki")
    since = len(fake.calls)
    fake.message(BOB, GROUP, "/play kamisado @ann")  # a challenge still open when the group is upgraded
    await fake.wait_for("sendMessage", since=since, where=to(GROUP))
    fake.migrate(ANN, GROUP, SUPERGROUP)
    since = len(fake.calls)
    fake.message(ANN, SUPERGROUP, "/m a3-b4")  # game #1 goes on in the supergroup
    [board] = await fake.wait_for("sendPhoto", since=since, where=to(SUPERGROUP))
    assert "ann played" in board.params["caption"] and "#1" in board.params["caption"]
    since = len(fake.calls)
    fake.message(ANN, SUPERGROUP, "/accept")
    [started] = await fake.wait_for("sendPhoto", since=since, where=to(SUPERGROUP))
    assert "#2" in started.params["caption"]
    assert not [c for c in fake.calls if c.params.get("chat_id") == GROUP["id"] and c.result == 400]
    assert telegram.store is not None
    chat = await telegram.store.chat("telegram", str(SUPERGROUP["id"]))
    assert {g.chat_id for g in await telegram.store.all_games()} == {chat.id}


async def test_an_upgrade_the_bot_never_heard_of_is_learnt_from_telegrams_refusal(telegram: Running) -> None:
    """The service messages were missed: the first message to the old id is refused with the new one, the chat
    moves, and the message goes to the supergroup instead; nothing is lost."""
    fake = telegram.fake
    await human_game(telegram, "ashtarashki")
    fake.migrate(ANN, GROUP, SUPERGROUP, announce=False)
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/m a3-b4")  # typed just before the upgrade, answered after it
    [board] = await fake.wait_for("sendPhoto", since=since, where=to(SUPERGROUP))
    assert "ann played" in board.params["caption"]
    assert [c.method for c in fake.calls[since:] if c.result == 400] == ["sendPhoto"]  # the refusal, once
    since = len(fake.calls)
    fake.message(BOB, SUPERGROUP, "/board")
    [shown] = await fake.wait_for("sendPhoto", since=since, where=to(SUPERGROUP))
    assert "№1 Аштарашки" in shown.params["caption"]  # Bob reads Russian
    assert telegram.store is not None
    assert await telegram.store.pending_count() == 0


async def test_players_of_a_group_that_removed_the_bot_are_told_privately_and_can_end_the_game(telegram: Running) -> None:
    fake = telegram.fake
    for player in (ANN, BOB):
        fake.message(player, {"id": player["id"], "type": "private"}, "/help")
    await human_game(telegram, "ashtarashki")
    since = len(fake.calls)
    fake.remove_bot(ANN, GROUP)
    told = await fake.wait_for("sendMessage", count=2, since=since,
                               where=lambda c: c.params["chat_id"] in (ANN["id"], BOB["id"]))
    by_player = {c.params["chat_id"]: c.params["text"] for c in told}
    assert "removed from the chat of game #1" in by_player[ANN["id"]] and "'#1 resign'" in by_player[ANN["id"]]
    assert "#1" in by_player[BOB["id"]]
    since = len(fake.calls)
    fake.message(BOB, {"id": BOB["id"], "type": "private"}, "#1 resign yes")
    [answer] = await fake.wait_for("sendMessage", since=since, where=lambda c: c.params["chat_id"] == BOB["id"])
    assert answer.params["text"] == "bob сдаётся."  # in his language, where he resigned
    assert telegram.store is not None
    row = await telegram.store.game(1)
    assert row.status == "finished" and row.result is not None and row.result.get("winner") == "white"
