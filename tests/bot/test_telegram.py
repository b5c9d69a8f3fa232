"""The Telegram front end end to end: the real python-telegram-bot against a fake Bot API on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot import ops_http
from bot.metrics import METRICS, count_retries
from bot.service import Service, ServiceConfig
from bot.telegram_app import run_telegram, stop_telegram
from bot.telegram_webhook import TelegramWebhook
from storage import SqliteStore
from tests.fakes.loopback import free_port
from tests.fakes.telegram_server import FakeTelegram

ANN = {"id": 11, "is_bot": False, "first_name": "Ann", "username": "ann", "language_code": "en"}
BOB = {"id": 22, "is_bot": False, "first_name": "Bob", "username": "bob", "language_code": "ru"}
GROUP = {"id": -100, "type": "group", "title": "Players"}


class Running:
    def __init__(self, fake: FakeTelegram, path: Path) -> None:
        self.fake = fake
        self.path = path
        self.app: Any = None
        self.store: SqliteStore | None = None

    async def start(self) -> None:
        self.store = await SqliteStore.open(self.path)
        service = Service(self.store, config=ServiceConfig(board_size=240, rate_limit=1000, ai_time_budget=1.6))
        self.app = await run_telegram(service, "123:TEST", self.fake.url)

    async def stop(self) -> None:
        await stop_telegram(self.app)
        assert self.store is not None
        await self.store.close()


@pytest.fixture
async def telegram(tmp_path: Path) -> AsyncIterator[Running]:
    fake = FakeTelegram()
    await fake.start()
    running = Running(fake, tmp_path / "bot.sqlite3")
    await running.start()
    yield running
    await running.stop()
    await fake.stop()


async def photo_with(fake: FakeTelegram, text: str, since: int) -> Any:
    """The first picture sent after call number ``since`` whose caption holds ``text`` (waiting for it)."""
    for count in range(1, 20):
        found = [c for c in await fake.wait_for("sendPhoto", count=count, since=since) if text in c.params["caption"]]
        if found:
            return found[0]
    raise AssertionError(f"no picture with {text!r}")


def keyboard(call: Any) -> list[list[dict[str, str]]]:
    markup = call.params.get("reply_markup")
    if isinstance(markup, str):
        markup = json.loads(markup)
    return markup["inline_keyboard"] if markup else []


async def start_bot_game(telegram: Running) -> Any:
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/play kamisado bot white single level=beginner")
    photo = (await fake.wait_for("sendPhoto", since=since))[0]
    return photo


async def test_commands_are_registered_in_every_language(telegram: Running) -> None:
    calls = await telegram.fake.wait_for("setMyCommands", count=4)
    assert {c.params.get("language_code") for c in calls} == {None, "ru", "fa", "hu"}
    assert any(c["command"] == "play" for c in calls[0].params["commands"])


async def test_a_game_against_the_bot_with_buttons(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    assert photo.files and next(iter(photo.files.values()))[:4] == b"\x89PNG"
    assert "Bot (beginner) played" in photo.params["caption"]
    buttons = keyboard(photo)
    assert buttons and all(len(b["callback_data"]) <= 64 for row in buttons for b in row)
    board_id = 100 + 0  # message ids of the fake start at 100; the exact one does not matter for presses
    since = len(fake.calls)
    fake.press(ANN, GROUP, board_id, buttons[0][0]["callback_data"])
    answered = (await fake.wait_for("answerCallbackQuery", since=since))[0]
    assert answered.params.get("show_alert") in (None, False)
    board = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "ann played" in board.params["caption"]


async def test_a_stranger_pressing_a_button_is_refused_privately(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    since = len(fake.calls)
    fake.press(BOB, GROUP, 100, keyboard(photo)[0][0]["callback_data"])
    answered = (await fake.wait_for("answerCallbackQuery", since=since))[0]
    assert answered.params["show_alert"] is True and "партия" in answered.params["text"]  # Bob reads Russian
    assert not [c for c in fake.calls[since:] if c.method == "sendPhoto"]


async def test_typing_a_move_as_a_command(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    target = keyboard(photo)[0][0]["text"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, f"/m {target}")
    board = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "ann played" in board.params["caption"]


async def test_a_whole_game_to_the_end(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    for _ in range(40):
        caption = photo.params["caption"]
        if "Game over" in caption:
            break
        since = len(fake.calls)
        fake.press(ANN, GROUP, 100, keyboard(photo)[0][0]["callback_data"])
        await fake.wait_for("answerCallbackQuery", since=since)
        await asyncio.sleep(0.2)
        warnings = [c for c in fake.calls[since:] if c.method == "sendMessage" and "Careful" in c.params.get("text", "")]
        if warnings:  # the move loses at once: the question comes with a button to play it all the same
            since = len(fake.calls)
            fake.press(ANN, GROUP, 101, keyboard(warnings[0])[0][0]["callback_data"])
        photo = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "Game over" in photo.params["caption"]


async def test_flood_limits_are_waited_out_and_counted(telegram: Running) -> None:
    count_retries()
    before = METRICS.platform_retries
    fake = telegram.fake
    fake.fail_once.add("sendPhoto")
    fake.message(ANN, GROUP, "/play kamisado bot white single level=beginner")
    first, retried = await fake.wait_for("sendPhoto", count=2, include_failed=True)  # 429 retry_after=1, then the retry
    assert first.params["caption"] == retried.params["caption"] and "Bot (beginner) played" in retried.params["caption"]
    assert METRICS.platform_retries == before + 1


async def test_boards_are_edited_when_the_chat_asks(telegram: Running) -> None:
    fake = telegram.fake
    fake.admins.add(ANN["id"])  # only a group's administrators change its settings
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/settings chat board edit")
    await fake.wait_for("sendMessage", since=since)
    photo = await start_bot_game(telegram)
    since = len(fake.calls)
    fake.press(ANN, GROUP, 100, keyboard(photo)[0][0]["callback_data"])
    edited = (await fake.wait_for("editMessageMedia", since=since))[0]
    assert "ann played" in json.loads(edited.params["media"])["caption"] if isinstance(edited.params["media"], str) \
        else "ann played" in edited.params["media"]["caption"]


async def test_a_restart_in_the_middle_of_a_game_continues_it(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    await telegram.stop()
    await telegram.start()
    since = len(fake.calls)
    fake.press(ANN, GROUP, 100, keyboard(photo)[0][0]["callback_data"])
    board = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "ann played" in board.params["caption"]


async def test_in_a_group_a_reply_to_the_board_is_enough(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    target = keyboard(photo)[0][0]["text"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, target, reply_to=photo.result["message_id"])
    board = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "ann played" in board.params["caption"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, "nice weather")  # chatter, not a reply to the board: left alone
    fake.message(ANN, GROUP, "/games")
    listed = (await fake.wait_for("sendMessage", since=since))[0]
    assert "#1 Kamisado" in listed.params["text"]


def update_json(update_id: int, user: dict[str, Any], text: str, edit_of: int | None = None) -> dict[str, Any]:
    """A message update (with ``edit_of``: message number ``edit_of``'s edit into ``text``)."""
    message: dict[str, Any] = {"message_id": 500 + (edit_of or update_id), "date": int(time.time()), "chat": GROUP,
                               "from": user, "text": text}
    if text.startswith("/"):
        message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    if edit_of is not None:
        message["edit_date"] = int(time.time())
        return {"update_id": update_id, "edited_message": message}
    return {"update_id": update_id, "message": message}


async def test_webhook_workers_behind_a_load_balancer_share_one_game(tmp_path: Path) -> None:
    fake = FakeTelegram()
    await fake.start()
    ports = [free_port(), free_port()]
    stores = [await SqliteStore.open(tmp_path / "bot.sqlite3") for _ in ports]
    apps, servers = [], []
    try:
        for store, port in zip(stores, ports, strict=True):  # each worker serves the webhook beside its pages
            service = Service(store, config=ServiceConfig(render_boards=False, rate_limit=1000, shared_database=True))
            hook = TelegramWebhook("https://bot.example.org/telegram/hook", "s3cret")
            servers.append(await ops_http.start(store, "127.0.0.1", port, service, webhook=hook))
            apps.append(await run_telegram(service, "123:TEST", fake.url, webhook=hook))
        registered = await fake.wait_for("setWebhook", count=2)
        assert {c.params["url"] for c in registered} == {"https://bot.example.org/telegram/hook"}
        assert {c.params.get("secret_token") for c in registered} == {"s3cret"}
        async with aiohttp.ClientSession() as http:

            async def deliver(number: int, user: dict[str, Any], text: str, secret: str = "s3cret",
                              worker: int | None = None, edit_of: int | None = None) -> int:
                port = ports[number % 2 if worker is None else worker]  # the balancer alternates between the workers
                async with http.post(f"http://127.0.0.1:{port}/telegram/hook", json=update_json(number, user, text, edit_of),
                                     headers={"X-Telegram-Bot-Api-Secret-Token": secret}) as response:
                    return response.status

            assert await deliver(1, BOB, "/help") == 200
            await fake.wait_for("sendMessage")
            assert await deliver(1, BOB, "/help", worker=0) == 200  # Telegram timed out and delivers it again
            await asyncio.sleep(0.5)
            assert len(fake.delivered("sendMessage")) == 1  # handled once
            since = len(fake.calls)
            assert await deliver(2, ANN, "/play krepost @bob white") == 200
            await fake.wait_for("sendMessage", since=since)
            since = len(fake.calls)
            assert await deliver(3, BOB, "/accept") == 200
            await fake.wait_for("sendMessage", since=since)
            for number, (user, move) in enumerate([(ANN, "@e4"), (BOB, "@e9"), (ANN, "@d4"), (BOB, "@d9")], start=4):
                since = len(fake.calls)
                assert await deliver(number, user, move) == 200
                sent = await fake.wait_for("sendMessage", since=since)
                assert f": {move}" in sent[0].params["text"] or f"played {move}" in sent[0].params["text"]
            since = len(fake.calls)
            assert await deliver(9, ANN, "@c4", secret="wrong") == 403
            await asyncio.sleep(0.3)
            assert not [c for c in fake.calls[since:] if c.method == "sendMessage"]
            since = len(fake.calls)
            assert await deliver(10, ANN, "/move @e4", worker=0) == 200  # refused: e4 is taken
            await fake.wait_for("sendMessage", since=since)
            since = len(fake.calls)
            assert await deliver(11, ANN, "/move @c4", worker=1, edit_of=10) == 200  # corrected, at the other worker
            sent = await fake.wait_for("sendMessage", since=since)
            assert "@c4" in sent[0].params["text"], sent[0].params["text"]
        row = (await stores[0].all_games())[0]
        assert row.moves == ["@e4", "@e9", "@d4", "@d9", "@c4"]
    finally:
        for app in apps:
            await stop_telegram(app)
        for server in servers:
            await server.cleanup()
        for store in stores:
            await store.close()
        await fake.stop()


async def test_telegram_asks_who_administers_the_group(telegram: Running) -> None:
    fake = telegram.fake
    await start_bot_game(telegram)
    since = len(fake.calls)
    fake.message(BOB, GROUP, "/admin abort #1")
    await fake.wait_for("getChatMember", since=since)
    refused = await fake.wait_for("sendMessage", since=since)
    assert "администратор" in refused[0].params["text"]
    fake.admins.add(ANN["id"])
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/admin abort #1 testing")
    done = await fake.wait_for("sendMessage", since=since)
    assert "aborted by ann (testing)" in done[0].params["text"]
    assert telegram.store is not None and (await telegram.store.game(1)).status == "aborted"


async def test_typing_is_shown_while_the_bot_thinks(telegram: Running) -> None:
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/play ashtarashki bot black level=master")  # White (the master) thinks first
    await fake.wait_for("sendPhoto", since=since)
    actions = [c for c in fake.calls[since:] if c.method == "sendChatAction"]
    assert actions and actions[0].params["action"] == "typing"
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/help")  # a quick answer: no notice
    await fake.wait_for("sendMessage", since=since)
    assert not [c for c in fake.calls[since:] if c.method == "sendChatAction"]


async def test_a_replay_arrives_as_an_animation(telegram: Running) -> None:
    fake = telegram.fake
    photo = await start_bot_game(telegram)
    since = len(fake.calls)
    fake.press(ANN, GROUP, 100, keyboard(photo)[0][0]["callback_data"])
    await fake.wait_for("sendPhoto", since=since)
    since = len(fake.calls)
    fake.fail_next["sendAnimation"] = [500, "drop"]  # Telegram fails twice: the upload is tried again
    fake.message(ANN, GROUP, "/replay")
    animation = (await fake.wait_for("sendAnimation", since=since))[0]
    assert animation.files["animation"][:6] == b"GIF89a"
    assert "Replay of game #" in animation.params["caption"]
    since = len(fake.calls)
    game = animation.params["caption"].split("#")[1].split(":")[0]
    fake.message(ANN, {"id": ANN["id"], "type": "private", "first_name": "Ann"}, f"/replay #{game}")
    private = (await fake.wait_for("sendAnimation", since=since))[0]  # in private: her own game, named
    assert "Replay of game #" in private.params["caption"] and int(private.params["chat_id"]) == ANN["id"]


async def test_a_puzzle_answered_with_its_buttons_and_a_wrong_move_typed(telegram: Running) -> None:
    from ai.puzzles import shipped
    from bot.service.payloads import PuzzleMove, PuzzleStone, decode
    from bot.service.puzzles import position
    from rules import get_game

    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/puzzle kamisado")
    photo = (await fake.wait_for("sendPhoto", since=since))[0]
    caption = photo.params["caption"]
    assert "Puzzle Kamisado #" in caption and "to play and win the round in" in caption
    number = int(caption.split("#", 1)[1].split(" ", 1)[0])
    puzzle = shipped("kamisado")[number - 1]
    state, _ = position(puzzle, 0)
    wrong = next(iter(puzzle.refutations[0]), None) if puzzle.refutations else None
    if wrong is not None:  # Bob (Russian) types a wrong move: refuted in his words, in the group
        since = len(fake.calls)
        fake.message(BOB, GROUP, wrong)
        said = (await fake.wait_for("sendMessage", since=since))[0]
        assert "✘" in said.params["text"] and "не" in said.params["text"]
    right = get_game("kamisado").parse_move(state, puzzle.line[0])
    buttons = [b for row in keyboard(photo) for b in row]
    mine = [b for b in buttons if (p := decode(b["callback_data"])) is not None and isinstance(p, PuzzleMove)
            and state.legal_moves()[p.index] == right]
    since = len(fake.calls)
    if state.forced is None:  # a round's free first move: the buttons pick a tower first; here the move is typed
        assert buttons and all(isinstance(decode(b["callback_data"]), PuzzleStone) for b in buttons)
        fake.message(ANN, GROUP, puzzle.line[0])
    else:
        assert mine, "the right first move has a button"
        fake.press(ANN, GROUP, 100, mine[0]["callback_data"])
    answer = (await fake.wait_for("sendPhoto", since=since))[0]
    assert "✔ ann" in answer.params["caption"] or "🏆 ann solved it" in answer.params["caption"]  # her username


async def test_a_tournament_in_a_group_with_its_pairings_boards_and_final_standings(telegram: Running) -> None:
    fake = telegram.fake
    cid = {"id": 33, "is_bot": False, "first_name": "Cid", "username": "cid", "language_code": "hu"}
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/tournament new kamisado single roundrobin time=1d")
    opened = (await fake.wait_for("sendMessage", since=since))[0]
    assert "opened tournament #1" in opened.params["text"]
    for player in (BOB, cid):
        since = len(fake.calls)
        fake.message(player, GROUP, "/tournament join")
        await fake.wait_for("sendMessage", since=since)
    fake.fail_next["sendMessage"] = [500, "drop"]  # the round's announcement fails twice, and arrives all the same
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/tournament start")
    announced = (await fake.wait_for("sendMessage", since=since))[0]
    assert announced.params["text"].startswith("🏆 Tournament #1, round 1 of 3:") and "a bye" in announced.params["text"]
    entities = announced.params["entities"]
    entities = json.loads(entities) if isinstance(entities, str) else entities
    pinged = {e["user"]["id"] for e in entities if e["type"] == "text_mention"}
    sitting_out = next(p for p in (ANN, BOB, cid) if f"{p['username']}: a bye" in announced.params["text"])
    assert pinged == {p["id"] for p in (ANN, BOB, cid)} - {sitting_out["id"]}  # the paired players are notified
    text = announced.params["text"]
    for entity in entities:  # each mark covers the player's name (offsets in UTF-16 code units, as Telegram counts)
        marked = text.encode("utf-16-le")[2 * entity["offset"]:2 * (entity["offset"] + entity["length"])]
        assert marked.decode("utf-16-le") == next(p["username"] for p in (ANN, BOB, cid) if p["id"] == entity["user"]["id"])
    for number in range(1, 4):  # each round's one game: whoever is to move resigns, and the next round follows
        board = await photo_with(fake, f"Tournament #1, round {number} of 3.", since)
        caption = board.params["caption"]
        assert next(iter(board.files.values()))[:4] == b"\x89PNG"
        game = int(caption.split("#", 1)[1].split(" ", 1)[0])
        mover = next(p for p in (ANN, BOB, cid) if f"{p['username']} to move" in caption)
        since = len(fake.calls)
        fake.message(mover, GROUP, f"/resign #{game} yes")
    final = await photo_with(fake, "Tournament #1 is over", since)
    assert "Final standings" in final.params["caption"] and next(iter(final.files.values()))[:4] == b"\x89PNG"
    await asyncio.sleep(0.3)
    assert telegram.store is not None and await telegram.store.pending_count() == 0


async def test_a_review_arrives_with_its_graph_and_a_proven_blunder(telegram: Running) -> None:
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(BOB, GROUP, "/games")  # Bob has spoken here: '@bob' names him
    await fake.wait_for("sendMessage", since=since)
    for user, text, method in ((ANN, "/play kamisado @bob white single", "sendMessage"), (BOB, "/accept", "sendPhoto"),
                               (BOB, "e8-e2", "sendPhoto"), (ANN, "b1-g6", "sendPhoto"), (ANN, "g6-e8", "sendPhoto")):
        since = len(fake.calls)
        fake.message(user, GROUP, text)
        last = (await fake.wait_for(method, since=since))[0]
    assert "Game over" in last.params["caption"]
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/review")
    started = (await fake.wait_for("sendMessage", since=since))[0]
    assert "Reviewing game #1" in started.params["text"]
    graph = (await fake.wait_for("sendPhoto", since=since, timeout=120))[0]
    assert graph.files["photo"][:8] == b"\x89PNG\r\n\x1a\n"
    text = graph.params.get("caption", "") + "".join(c.params["text"] for c in fake.delivered("sendMessage", since))
    assert "Review of game #1" in text and "a blunder; better green ↑6 orange (g8–g2) (proven" in text, text


async def test_settings_board_text_sends_the_board_in_words_instead_of_the_picture(telegram: Running) -> None:
    """A player who reads the board in words ('settings board text'): their games' boards come as text, the ranks and
    files as the terminal shows them, with no picture; 'both' brings the picture back with the words beside it."""
    fake = telegram.fake
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/settings board text")
    await fake.wait_for("sendMessage", since=since, where=lambda c: "instead of the picture" in c.params["text"])
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/play kamisado bot white single level=beginner")
    ranks = re.compile(r"^ *8 .* 8$", re.M)
    [board] = await fake.wait_for("sendMessage", since=since, where=lambda c: bool(ranks.search(c.params["text"])))
    assert "Bot (beginner) played" in board.params["text"] and not fake.delivered("sendPhoto", since)
    target = keyboard(board)[0][0]["text"]  # the move buttons stay under the board in words
    since = len(fake.calls)
    fake.message(ANN, GROUP, "/settings board both")
    await fake.wait_for("sendMessage", since=since, where=lambda c: "the picture and the board in words" in c.params["text"])
    fake.message(ANN, GROUP, f"/m {target}")
    photo = await photo_with(fake, "ann played", since)
    told = photo.params["caption"] + " ".join(c.params.get("text", "") for c in fake.delivered("sendMessage", since))
    assert ranks.search(told), told




async def test_an_answer_prepared_in_private_is_played_in_the_group_and_never_shown_there_before(
        telegram: Running) -> None:
    fake = telegram.fake
    private = {"id": ANN["id"], "type": "private", "first_name": "Ann", "username": "ann"}
    fake.message(BOB, GROUP, "hello")
    fake.message(ANN, GROUP, "/play ashtarashki @bob white")
    await fake.wait_for("sendMessage", where=lambda c: "@bob" in c.params["text"] or "bob" in c.params["text"])
    since = len(fake.calls)
    fake.message(BOB, GROUP, "/accept")
    await fake.wait_for("sendPhoto", since=since)
    since = len(fake.calls)
    fake.message(ANN, GROUP, "a3-b4")
    await fake.wait_for("sendPhoto", since=since)
    since = len(fake.calls)
    fake.message(ANN, private, "/if b6-a5 then c3-d4")
    [kept] = await fake.wait_for("sendMessage", since=since, where=lambda c: "only you see them" in c.params["text"])
    assert kept.params["chat_id"] == ANN["id"]
    fake.message(ANN, GROUP, "/if b6-c5 then g3-h4")  # in the group: refused, and nothing is kept or shown there
    await fake.wait_for("sendMessage", since=since, where=lambda c: "private chat" in c.params["text"])
    before = len(fake.calls)
    fake.flaky = 0.2  # Telegram fails now and then: the board still comes, once
    fake.message(BOB, GROUP, "b6-a5")
    board = await photo_with(fake, "c3—d4", before)  # in Bob's words, Russian: he moved
    assert board.params["chat_id"] == GROUP["id"] and "(ответ, заготовленный заранее)" in board.params["caption"]
    to_group = [c for c in fake.calls[since:before] if c.params.get("chat_id") == GROUP["id"]]
    assert not any("c3" in str(c.params.get("text", "")) + str(c.params.get("caption", "")) for c in to_group)
