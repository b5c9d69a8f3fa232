"""Games started from any chat with Telegram's inline mode: the real python-telegram-bot against the fake Bot API.
The bot is no member of the chat: the game lives in one inline message, edited in place (pictures named by the
file id of an upload to the chat for pictures, since an inline message takes no upload), played by its buttons."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import Service, ServiceConfig
from bot.telegram_app import run_telegram, stop_telegram
from rules import get_game
from storage import SqliteStore
from tests.fakes.telegram_server import FakeTelegram

ANN = {"id": 11, "is_bot": False, "first_name": "Ann", "username": "ann", "language_code": "en"}
BOB = {"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob", "language_code": "en"}
PICTURES = -900  # the operator's chat for pictures


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[tuple[FakeTelegram, SqliteStore]]:
    fake = FakeTelegram()
    await fake.start()
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    service = Service(store, config=ServiceConfig(board_size=240, rate_limit=1000))
    app = await run_telegram(service, "123:TEST", fake.url, picture_chat=PICTURES)
    yield fake, store
    await stop_telegram(app)
    await store.close()
    await fake.stop()


def markup_of(call: Any) -> list[list[dict[str, str]]]:
    markup = call.params.get("reply_markup")
    if isinstance(markup, str):
        markup = json.loads(markup)
    return markup["inline_keyboard"] if markup else []


def media_of(call: Any) -> dict[str, Any]:
    media = call.params["media"]
    return json.loads(media) if isinstance(media, str) else media


@pytest.mark.slow(90)
async def test_a_kamisado_game_started_inline_is_played_to_its_end_by_buttons_in_a_chat_the_bot_is_not_in(
        running: tuple[FakeTelegram, SqliteStore]) -> None:
    fake, store = running
    fake.inline_query(ANN, "kamisado single")
    [answer] = await fake.wait_for("answerInlineQuery")
    results = answer.params["results"]
    results = json.loads(results) if isinstance(results, str) else results
    assert [r["id"] for r in results] == ["kamisado single"]
    offered = results[0]
    assert offered["type"] == "photo" and offered["photo_file_id"].startswith("p")  # uploaded once, then named
    assert "ann challenges anyone here: Kamisado" in offered["caption"]
    everything = await asyncio.wait_for(asyncio.shield(_all_offers(fake)), 30)
    # Krepost's moves are typed, which never reach the bot here: without the game pages it is not offered
    assert {r["id"] for r in everything} == {"kamisado", "ashtarashki"}

    message = fake.choose(ANN, "kamisado single", "kamisado single")
    [challenge] = await fake.wait_for("editMessageCaption")
    assert challenge.params["inline_message_id"] == message and "accept with the button" in challenge.params["caption"]
    since = len(fake.calls)
    fake.press_inline(BOB, message, "inline-accept")  # the offered message's own button: Bob takes the challenge
    await fake.wait_for("editMessageMedia", since=since)

    fake.flaky = 0.1  # one call in ten fails from now on (500, 502 or a dropped connection)
    people = {"11": ANN, "22": BOB}
    for _ in range(200):
        row = (await store.all_games())[-1]
        if row.status != "active":
            break
        state = get_game(row.game).state_from_dict(row.state)
        mover = await store.user_by_id(row.player_of(state.to_play or "white"))
        shown = [c for c in fake.calls if c.method in ("editMessageMedia", "editMessageCaption") and c.result is True
                 and c.params.get("inline_message_id") == message]  # in the order they were shown
        buttons = [b for line in markup_of(shown[-1]) for b in line if "callback_data" in b]
        assert buttons, shown[-1].params
        since = len(fake.calls)
        fake.press_inline(people[mover.platform_id], message, buttons[0]["callback_data"])
        await shown_since(fake, message, since)  # the press is handled (a move, or a step of one) and shown
    row = (await store.all_games())[-1]
    assert row.status == "finished", row.moves
    for _ in range(100):  # what failed on the way is sent again by the outbox
        if await store.pending_count() == 0:
            break
        await asyncio.sleep(0.1)
    assert await store.pending_count() == 0
    boards = [c for c in fake.delivered("editMessageMedia") if c.params.get("inline_message_id") == message]
    assert "wins" in media_of(boards[-1])["caption"]
    uploads = fake.delivered("sendPhoto")
    assert {c.params["chat_id"] for c in uploads} == {PICTURES}  # the bot never posts where it is not
    assert all(media_of(b)["media"].startswith("p") for b in boards)  # named, never uploaded into the message


async def shown_since(fake: FakeTelegram, message: str, since: int) -> None:
    """Until the inline message was edited after call number ``since`` (what failed is sent again meanwhile)."""
    for _ in range(400):
        if [c for method in ("editMessageMedia", "editMessageCaption") for c in fake.delivered(method, since)
                if c.params.get("inline_message_id") == message]:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the inline message was not edited: {[(c.method, c.params) for c in fake.calls[since:]]}")


async def _all_offers(fake: FakeTelegram) -> list[dict[str, Any]]:
    since = len(fake.calls)
    fake.inline_query(BOB, "")
    [answer] = await fake.wait_for("answerInlineQuery", since=since)
    results = answer.params["results"]
    return json.loads(results) if isinstance(results, str) else list(results)


def test_the_chat_for_pictures_is_checked_at_start_up() -> None:
    from bot.config import ConfigError, load

    with pytest.raises(ConfigError, match="TELEGRAM_PICTURE_CHAT is the id of a chat"):
        load({"TELEGRAM_PICTURE_CHAT": "@pictures"}, dotenv=None)
    assert load({"TELEGRAM_PICTURE_CHAT": "-1001234567890"}, dotenv=None).telegram_picture_chat == -1001234567890


async def test_without_a_chat_for_pictures_the_inline_mode_offers_nothing(tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    app = await run_telegram(Service(store, config=ServiceConfig(rate_limit=1000)), "123:TEST", fake.url)
    try:
        fake.inline_query(ANN, "kamisado")
        [answer] = await fake.wait_for("answerInlineQuery")
        assert answer.params["results"] in ([], "[]") and not fake.delivered("sendPhoto")
    finally:
        await stop_telegram(app)
        await store.close()
        await fake.stop()


async def test_an_inline_games_reminder_goes_to_the_player_privately_or_nowhere(tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    now = [time.time()]
    store = await SqliteStore.open(tmp_path / "bot.sqlite3", clock=lambda: now[0])
    service = Service(store, config=ServiceConfig(board_size=200, rate_limit=1000), clock=lambda: now[0])
    app = await run_telegram(service, "123:TEST", fake.url, picture_chat=PICTURES)
    try:
        fake.inline_query(ANN, "ashtarashki time=1d")
        await fake.wait_for("answerInlineQuery")
        message = fake.choose(ANN, "ashtarashki time=1d", "ashtarashki time=1d")
        await fake.wait_for("editMessageCaption")
        fake.press_inline(BOB, message, "inline-accept")
        await fake.wait_for("editMessageMedia")
        row = (await store.all_games())[-1]
        state = get_game("ashtarashki").state_from_dict(row.state)
        mover = (await store.user_by_id(row.player_of(state.to_play or "white"))).platform_id
        fake.started.add(int(mover))  # the player to move once wrote to the bot in private
        now[0] += 13 * 3600
        since = len(fake.calls)
        await app.bot_data["front"].send(await service.tick())
        [told] = await fake.wait_for("sendMessage", since=since, where=lambda c: "your move" in c.params["text"])
        assert told.params["chat_id"] == int(mover)
        fake.started.discard(int(mover))  # ... and then blocked the bot: the last warning goes nowhere
        now[0] += 6 * 3600
        since = len(fake.calls)
        await app.bot_data["front"].send(await service.tick())
        assert not fake.delivered("sendMessage", since) and await store.pending_count() == 0
    finally:
        await stop_telegram(app)
        await store.close()
        await fake.stop()


def shown_buttons(fake: FakeTelegram, message: str) -> list[list[dict[str, str]]]:
    """The buttons inline message ``message`` shows now: what its last edit left (Telegram keeps no others)."""
    edits = [c for c in fake.delivered("editMessageMedia") + fake.delivered("editMessageCaption")
             + fake.delivered("editMessageReplyMarkup") if c.params.get("inline_message_id") == message]
    last = max(edits, key=fake.calls.index)
    return markup_of(last)


async def test_an_inline_game_called_off_says_so_over_its_board_and_keeps_no_buttons(
        running: tuple[FakeTelegram, SqliteStore]) -> None:
    fake, _ = running
    fake.started.update({ANN["id"], BOB["id"]})
    fake.inline_query(ANN, "kamisado single")
    await fake.wait_for("answerInlineQuery")
    message = fake.choose(ANN, "kamisado single", "kamisado single")
    await fake.wait_for("editMessageCaption")
    since = len(fake.calls)
    fake.press_inline(BOB, message, "inline-accept")
    await fake.wait_for("editMessageMedia", since=since)
    assert shown_buttons(fake, message)  # the board's moves
    since = len(fake.calls)
    fake.message(ANN, {"id": ANN["id"], "type": "private"}, "#1 abort")  # before her first move: called off
    [over] = await fake.wait_for("editMessageCaption", since=since,
                                 where=lambda c: c.params.get("inline_message_id") == message)
    assert "called off" in over.params["caption"] and "to move" not in over.params["caption"]
    assert shown_buttons(fake, message) == []  # no board left to press


async def alert_after(fake: FakeTelegram, since: int) -> str:
    """The alert shown on the first button pressed after call number ``since`` (waiting for its answer)."""
    answers = await fake.wait_for("answerCallbackQuery", since=since)
    return str(answers[0].params.get("text") or "")


async def test_every_press_of_accept_is_answered_and_the_player_to_move_is_told(
        running: tuple[FakeTelegram, SqliteStore]) -> None:
    fake, _ = running
    fake.started.update({ANN["id"], BOB["id"], 33})
    fake.inline_query(ANN, "kamisado single")
    await fake.wait_for("answerInlineQuery")
    message = fake.choose(ANN, "kamisado single", "kamisado single")
    await fake.wait_for("editMessageCaption")
    since = len(fake.calls)
    fake.press_inline(ANN, message, "inline-accept")  # her own offer
    assert "your own challenge" in await alert_after(fake, since)
    since = len(fake.calls)
    fake.press_inline(BOB, message, "inline-accept")
    told = (await fake.wait_for("sendMessage", since=since))[0]  # an edit notifies nobody: the player to move is told
    assert told.params["chat_id"] == BOB["id"] and "bob to move" in told.params["text"]
    since = len(fake.calls)
    fake.press_inline({"id": 33, "is_bot": False, "first_name": "Cat", "username": "cat"}, message, "inline-accept")
    assert "Too late" in await alert_after(fake, since)  # Bob was faster
    fake.inline_messages["lost"] = "kamisado single"  # posted, but its chosen_inline_result never came
    since = len(fake.calls)
    fake.press_inline(BOB, "lost", "inline-accept")
    assert "never reached me" in await alert_after(fake, since)
    since = len(fake.calls)
    fake.message(ANN, {"id": ANN["id"], "type": "private"}, "#1 resign yes")  # no page needed to end it
    await fake.wait_for("sendMessage", since=since, where=lambda c: c.params["text"] == "ann resigned.")
    [board] = await fake.wait_for("editMessageMedia", since=since)
    assert "wins" in media_of(board)["caption"]


async def test_krepost_is_offered_where_the_pages_are_on_and_played_there(tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    store = await SqliteStore.open(tmp_path / "bot.sqlite3")
    service = Service(store, config=ServiceConfig(board_size=200, rate_limit=1000, public_url="https://games.example"))
    app = await run_telegram(service, "123:TEST", fake.url, picture_chat=PICTURES)
    try:
        fake.inline_query(ANN, "krepost")
        [answer] = await fake.wait_for("answerInlineQuery")
        results = answer.params["results"]
        [offer] = json.loads(results) if isinstance(results, str) else results
        assert offer["id"] == "krepost" and "played on its page" in offer["caption"]
        message = fake.choose(ANN, "krepost", "krepost")
        await fake.wait_for("editMessageCaption")
        since = len(fake.calls)
        fake.press_inline(BOB, message, "inline-accept")
        [board] = await fake.wait_for("editMessageMedia", since=since)
        urls = [b.get("url", "") for line in markup_of(board) for b in line]
        assert any(url.startswith("https://games.example/g/") for url in urls)  # the page, where moves are made
        since = len(fake.calls)
        fake.press_inline(BOB, message, "inline-accept")  # after the first press is done with: the message as it stays
        await alert_after(fake, since)
        urls = [b.get("url", "") for line in shown_buttons(fake, message) for b in line]
        assert any(url.startswith("https://games.example/g/") for url in urls)  # the only way in, kept
    finally:
        await stop_telegram(app)
        await store.close()
        await fake.stop()


async def test_a_chat_for_pictures_that_refuses_the_bot_is_said_not_left_silent(
        running: tuple[FakeTelegram, SqliteStore], caplog: pytest.LogCaptureFixture) -> None:
    fake, _ = running
    fake.kicked.add(PICTURES)
    fake.inline_query(ANN, "kamisado")
    [answer] = await fake.wait_for("answerInlineQuery")
    button = answer.params.get("button")
    button = json.loads(button) if isinstance(button, str) else button
    assert answer.params["results"] in ([], "[]") and "cannot be offered" in button["text"]
    assert any("TELEGRAM_PICTURE_CHAT" in r.getMessage() for r in caplog.records)
