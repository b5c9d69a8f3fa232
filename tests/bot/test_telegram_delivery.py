"""Telegram as it really is: failing requests, refused private messages, busy chats, webhooks that repeat.

The real python-telegram-bot and the real bot process talk to the fake Bot API on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from rules import get_game
from tests.bot.processes import start_bot, stop_with_a_backlog, telegram_env
from tests.bot.test_telegram import ANN, BOB, GROUP, Running, keyboard, start_bot_game
from tests.fakes.telegram_server import FakeTelegram

OTHER_GROUP = {"id": -200, "type": "group", "title": "Elsewhere"}


def captions(fake: FakeTelegram, since: int = 0) -> list[str]:
    return [c.params.get("caption", "") for c in fake.delivered("sendPhoto", since)]


def answered_to(call: Any) -> int | None:
    parameters = call.params.get("reply_parameters")
    if isinstance(parameters, str):
        parameters = json.loads(parameters)
    return int(parameters["message_id"]) if parameters else None


async def test_a_board_arrives_once_after_three_server_errors(telegram: Running) -> None:
    fake = telegram.fake
    fake.fail_next["sendPhoto"] = [500, 502, "drop"]
    fake.message(ANN, GROUP, "/play kamisado bot white single level=beginner")
    await fake.wait_for("sendPhoto")
    await asyncio.sleep(0.5)
    assert len(fake.delivered("sendPhoto")) == 1 and fake.failures == 3
    assert telegram.store is not None and await telegram.store.pending_count() == 0


@pytest.mark.slow(11)
async def test_a_board_that_failed_every_try_is_sent_again_later(telegram: Running) -> None:
    fake = telegram.fake
    fake.fail_next["sendPhoto"] = ["drop"] * 4  # every try of the first send fails
    fake.message(ANN, GROUP, "/play kamisado bot white single level=beginner")
    board = (await fake.wait_for("sendPhoto", timeout=40))[0]
    assert "Game #1: Kamisado" in board.params["caption"]
    await asyncio.sleep(0.5)
    assert len(fake.delivered("sendPhoto")) == 1
    assert telegram.store is not None and await telegram.store.pending_count() == 0


async def test_a_failed_button_answer_keeps_the_move_and_its_board(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    fake.fail_next["answerCallbackQuery"] = ["drop"] * 4
    since = len(fake.calls)
    fake.press(ANN, GROUP, 100, keyboard(photo)[0][0]["callback_data"])
    board = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "ann played" in board.params["caption"]


async def test_a_board_left_unsent_by_a_killed_process_arrives_after_the_restart(tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    env = telegram_env(fake, f"sqlite:///{tmp_path / 'bot.sqlite3'}", AI_TIME_BUDGET="0.2")
    process = await start_bot(env)
    try:
        await fake.wait_for("setMyCommands", count=4, timeout=120)
        fake.hang.add("sendPhoto")  # the board is never sent: the process is stuck between commit and send
        fake.message(ANN, GROUP, "/play kamisado bot white single level=beginner")
        await fake.wait_for("sendPhoto", include_failed=True, timeout=60)
        process.send_signal(signal.SIGKILL)
        await process.wait()
        fake.hang.clear()
        since = len(fake.calls)
        process = await start_bot(env)
        board = (await fake.wait_for("sendPhoto", since=since, timeout=120))[0]
        assert "Game #1: Kamisado" in board.params["caption"] and keyboard(board)
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            await asyncio.wait_for(process.wait(), 60)
        await fake.stop()


async def human_game(telegram: Running, kind: str = "krepost") -> None:
    """Ann (White) against Bob in the group; Bob has never written to the bot in private."""
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(BOB, GROUP, "/help")  # the bot knows Bob's name
    fake.message(ANN, GROUP, f"/play {kind} @bob white")
    await fake.wait_for("sendMessage", count=2, since=since)
    since = len(fake.calls)
    fake.message(BOB, GROUP, "/accept")
    await fake.wait_for("sendPhoto", since=since)


async def test_a_refusal_to_a_typed_move_is_answered_in_the_group_when_a_private_message_is_refused(
        telegram: Running) -> None:
    fake = telegram.fake
    await human_game(telegram)
    since = len(fake.calls)
    typed = fake.message(BOB, GROUP, "@e9")  # not Bob's turn
    refused = await fake.wait_for("sendMessage", since=since)
    assert refused[0].params["chat_id"] == GROUP["id"] and answered_to(refused[0]) == typed
    assert "not your turn" in refused[0].params["text"] or "не ваш ход" in refused[0].params["text"].lower()
    assert [c.params["chat_id"] for c in fake.calls[since:] if c.result == 403] == [BOB["id"]]


async def test_a_private_notice_goes_privately_to_a_user_who_started_the_bot(telegram: Running) -> None:
    fake = telegram.fake
    fake.message(BOB, {"id": BOB["id"], "type": "private"}, "/help")
    await fake.wait_for("sendMessage")
    await human_game(telegram)
    since = len(fake.calls)
    fake.message(BOB, GROUP, "@e9")
    refused = await fake.wait_for("sendMessage", since=since)
    assert refused[0].params["chat_id"] == BOB["id"]


async def test_a_link_code_asked_for_in_a_group_says_there_where_it_went(telegram: Running) -> None:
    """The group hears "sent privately" only once the code arrived in private; when Telegram refuses the private
    message (Ann never started the bot), the group is told to open a private chat, and the code is shown nowhere."""
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/link")
    [told] = await fake.wait_for("sendMessage", since=since, where=lambda c: c.params["chat_id"] == GROUP["id"])
    assert "cannot write to you privately" in told.params["text"] and "Your link code" not in told.params["text"]
    assert [c.params["chat_id"] for c in fake.calls[since:] if c.result == 403] == [ANN["id"]]
    fake.message(ANN, {"id": ANN["id"], "type": "private"}, "/help")
    await fake.wait_for("sendMessage", since=since, where=lambda c: c.params["chat_id"] == ANN["id"])
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/link")
    [told] = await fake.wait_for("sendMessage", since=since, where=lambda c: c.params["chat_id"] == GROUP["id"])
    [code] = fake.delivered("sendMessage", since)[:1]
    assert code.params["chat_id"] == ANN["id"] and "Your link code" in code.params["text"]  # first the code ...
    assert "sent you your link code privately" in told.params["text"]  # ... then the word that it went


async def test_the_question_before_a_losing_move_is_asked_in_the_group_and_its_buttons_go_once_answered(
        telegram: Running) -> None:
    fake = telegram.fake
    await human_game(telegram, "ashtarashki")
    since = len(fake.calls)
    asked = fake.message(ANN, GROUP, "/resign")
    question = (await fake.wait_for("sendMessage", since=since))[0]
    assert question.params["chat_id"] == GROUP["id"] and answered_to(question) == asked
    buttons = keyboard(question)
    keep = buttons[0][1]["callback_data"]
    since = len(fake.calls)
    fake.press(ANN, GROUP, question.result["message_id"], keep)
    retired = (await fake.wait_for("editMessageReplyMarkup", since=since))[0]
    assert int(retired.params["message_id"]) == question.result["message_id"]
    assert telegram.store is not None and (await telegram.store.game(1)).status == "active"


async def test_a_chat_does_not_wait_for_another(telegram: Running) -> None:
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/play ashtarashki bot black level=master")  # the master thinks 1.6 s first
    await asyncio.sleep(0.2)
    fake.message(BOB, OTHER_GROUP, "/help")
    await fake.wait_for("sendPhoto", since=since)
    order = [c.method for c in fake.delivered("sendMessage", since) + fake.delivered("sendPhoto", since)]
    sent = [c for c in fake.calls[since:] if c.method in ("sendMessage", "sendPhoto") and c in fake.delivered(c.method)]
    assert [c.method for c in sent][:2] == ["sendMessage", "sendPhoto"], order  # help first, while the master thinks


async def test_a_flood_wait_holds_only_its_own_chat(telegram: Running) -> None:
    fake = telegram.fake
    fake.flood[GROUP["id"]] = 3
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/help")
    await fake.wait_for("sendMessage", since=since, include_failed=True)  # the 429
    began = time.monotonic()
    fake.message(BOB, OTHER_GROUP, "/help")
    other = (await fake.wait_for("sendMessage", since=since))[0]
    assert other.params["chat_id"] == OTHER_GROUP["id"] and time.monotonic() - began < 2.5
    held = (await fake.wait_for("sendMessage", count=2, since=since))[1]
    assert held.params["chat_id"] == GROUP["id"]


async def test_an_unknown_command_is_answered_with_the_nearest(telegram: Running) -> None:
    fake = telegram.fake
    fake.message(ANN, GROUP, "/gmaes")
    answer = (await fake.wait_for("sendMessage"))[0]
    assert "'gmaes'" in answer.params["text"] and "'games'" in answer.params["text"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/start@someotherbot")  # meant for another bot in the group
    fake.message(ANN, GROUP, "/help@boardgame_bot")
    assert "Commands" in (await fake.wait_for("sendMessage", since=since))[0].params["text"]
    assert len(fake.delivered("sendMessage", since)) == 1


async def test_an_edit_counts_only_as_the_correction_of_a_refused_message(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    target = keyboard(photo)[0][0]["text"]
    since = len(fake.calls)
    wrong = fake.message(ANN, GROUP, "/m zz9")
    assert "zz9" in (await fake.wait_for("sendMessage", since=since))[0].params["text"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, f"/m {target}", edit_of=wrong)  # corrected: played
    assert "ann played" in (await fake.wait_for("sendPhoto", since=since))[0].params["caption"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/resign yes", edit_of=wrong)  # an edit of a message already acted on
    fake.message(ANN, GROUP, "/help")
    await fake.wait_for("sendMessage", since=since)
    await asyncio.sleep(0.3)
    assert not fake.delivered("sendPhoto", since)
    assert telegram.store is not None and (await telegram.store.game(1)).status == "active"


async def test_a_long_answer_is_split_not_cut(telegram: Running) -> None:
    fake = telegram.fake
    store = telegram.store
    assert store is not None
    fake.message(ANN, GROUP, "/help")
    await fake.wait_for("sendMessage")
    chat = await store.chat("telegram", str(GROUP["id"]))
    ann = await store.user("telegram", str(ANN["id"]), "ann")
    bob = await store.user("telegram", str(BOB["id"]), "bob")
    for _ in range(300):
        challenge = await store.create_challenge(chat.id, "krepost", {}, ann.id, bob.id, None, "white", None)
        await store.accept_challenge(challenge, ann.id, bob.id, get_game("krepost").new_state().to_dict())
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/games")
    await fake.wait_for("sendMessage", since=since, count=2)
    await asyncio.sleep(0.3)
    parts = [c.params["text"] for c in fake.delivered("sendMessage", since)]
    assert all(len(p) <= 4096 for p in parts) and "#300" in "".join(parts) and "#1 " in "".join(parts)


async def next_board_or_question(fake: FakeTelegram, since: int, timeout: float = 40.0) -> Any:
    """The first board posted after call ``since``, or the question before a move that loses at once."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for call in fake.calls[since:]:
            if call in fake.delivered(call.method) and (
                    call.method == "sendPhoto" or (call.method == "sendMessage" and keyboard(call))):
                return call
        await asyncio.sleep(0.05)
    raise AssertionError(f"no board within {timeout} s: {[c.method for c in fake.calls[since:]]}")


@pytest.mark.slow(7)
@pytest.mark.parametrize("where", ["group", "private"])
@pytest.mark.parametrize("kind", ["kamisado", "ashtarashki", "krepost"])
async def test_a_whole_game_over_a_flaky_network_loses_no_board(telegram: Running, kind: str, where: str) -> None:
    fake = telegram.fake
    chat = GROUP if where == "group" else {"id": ANN["id"], "type": "private"}
    fake.flaky = 0.1  # one request in ten fails: a 5xx or a dropped connection
    options = {"kamisado": "single", "ashtarashki": "", "krepost": ""}[kind]
    fake.message(ANN, chat, f"/play {kind} bot white {options} level=beginner")
    shown = await next_board_or_question(fake, 0)
    boards = 1
    assert telegram.store is not None
    for _ in range(10):
        since = len(fake.calls)
        if shown.method == "sendMessage":  # "play it anyway?": yes
            fake.press(ANN, chat, int(shown.result["message_id"]), keyboard(shown)[0][0]["callback_data"])
        else:  # a move typed, as players do
            row = await telegram.store.game(1)
            if row.status != "active":
                break
            game = get_game(kind)
            state = game.state_from_dict(row.state)
            fake.message(ANN, chat, f"/m {game.format_move(state, state.legal_moves()[0])}")
        shown = await next_board_or_question(fake, since)
        boards += shown.method == "sendPhoto"
    await asyncio.sleep(0.5)
    row = await telegram.store.game(1)
    posted = captions(fake)
    assert len(posted) == len(set(posted)) == boards >= 4  # every board once: none lost, none twice
    assert len(row.moves) >= boards - 1 and fake.failures > 0
    assert await telegram.store.pending_count() == 0


async def test_a_board_sent_again_never_arrives_after_a_newer_board_of_its_game(telegram: Running) -> None:
    """Ann's board failed every try and is owed again; while the outbox's send of it is under way (slow), Bob moves:
    his board goes after hers, never before (a player would see the position jump back)."""
    fake = telegram.fake
    await human_game(telegram, "ashtarashki")
    fake.fail_next["sendPhoto"] = [500, 500, 500, 500]  # every try of Ann's board fails: the outbox owes it
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/m a3-b4")
    await fake.wait_for("sendPhoto", count=4, since=since, include_failed=True)
    fake.delay_next["sendPhoto"] = [3.0]  # the outbox's send of Ann's board is slow to be answered
    arrived = len(fake.arrived)
    while "sendPhoto" not in fake.arrived[arrived:]:
        fake.new_call.clear()
        await fake.new_call.wait()
    assert telegram.store is not None
    game = get_game("ashtarashki")
    state = game.state_from_dict((await telegram.store.game(1)).state)
    fake.message(BOB, GROUP, f"/m {game.format_move(state, state.legal_moves()[0])}")
    boards = await fake.wait_for("sendPhoto", count=2, since=since, where=lambda c: c.params["chat_id"] == GROUP["id"])
    assert "ann played" in boards[0].params["caption"] and "Ход: ann" in boards[1].params["caption"]  # Bob reads Russian


async def test_a_failed_poll_is_logged_as_the_retry_it_is(telegram: Running, caplog: pytest.LogCaptureFixture) -> None:
    import logging

    from bot.metrics import count_retries

    count_retries()
    caplog.set_level(logging.INFO)
    fake = telegram.fake
    fake.fail_next["getUpdates"] = [502, "drop"]
    fake.message(ANN, GROUP, "/play kamisado bot white single level=beginner")
    await fake.wait_for("sendPhoto", timeout=40)
    polls = [r for r in caplog.records if r.name == "bot.telegram_app" and "getUpdates" in r.getMessage()]
    assert polls and all(r.levelno == logging.WARNING and not r.exc_info for r in polls), polls
    assert "polling again" in polls[0].getMessage()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_start_through_a_failing_network_goes_on_with_no_error(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    """The start's deleteWebhook failing more often than one call is retried is made again, not given up: the bot
    starts and plays, and nothing is logged as an error."""
    import logging

    caplog.set_level(logging.INFO)
    fake = FakeTelegram()
    await fake.start()
    fake.fail_next["deleteWebhook"] = [502, "drop", 502, 502, 502, "drop"]
    running = Running(fake, tmp_path / "bot.sqlite3")
    await running.start()
    try:
        fake.message(ANN, GROUP, "/play kamisado bot white single level=beginner")
        await fake.wait_for("sendPhoto", timeout=60)
        assert len([c for c in fake.calls if c.method == "deleteWebhook"]) == 7
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    finally:
        await running.stop()
        await fake.stop()


async def test_one_chatty_sender_does_not_hold_back_another_players_board(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)  # Ann plays the bot in the group
    since = len(fake.calls)
    for _ in range(25):  # Bob fills the group's budget (20 messages a minute) with chatter, all at once ...
        fake.message(BOB, GROUP, "/games")
    fake.press(ANN, GROUP, 100, keyboard(photo)[0][0]["callback_data"])  # ... and then Ann moves
    board = (await fake.wait_for("sendPhoto", since=since, timeout=60))[0]
    before = [c for c in fake.calls[since:fake.calls.index(board)] if c.method == "sendMessage"]
    assert "ann played" in board.params["caption"]
    assert len(before) <= 2, f"Ann's board waited behind {len(before)} of Bob's answers"  # their turns alternate


async def test_the_bot_stops_within_seconds_of_sigterm_whatever_the_backlog(tmp_path: Path) -> None:
    code, seconds = await stop_with_a_backlog(tmp_path)
    # the backlog (two minutes at Telegram's rate) and the hanging request are not waited out (bench/stop_speed.py
    # measures the stop: about 2 s)
    assert code == 0 and seconds < 20
