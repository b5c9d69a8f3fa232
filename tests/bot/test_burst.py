"""A burst of moves in many games at once, on PostgreSQL: every move answered, none waits forever.

The real ``python -m bot`` on a real PostgreSQL server talks to the fake Bot API: fifty groups each
play the built-in opponent, fifty moves arrive at once, and fifty more wait at Telegram while the
bot restarts.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

import pytest

from tests.bot.processes import start_bot, telegram_env
from tests.bot.test_telegram import ANN, keyboard
from tests.fakes.telegram_server import Call, FakeTelegram

GAMES = 50
SETTLED = ("ann to move", "Game over")  # the bot answered, or Ann's move ended the game
WAIT = 400.0  # seconds the boards of all fifty groups may take (they come in seconds on an idle machine)


def group(number: int) -> dict[str, Any]:
    return {"id": -5000 - number, "type": "group", "title": f"Group {number}"}


def latest_boards(fake: FakeTelegram, since: int) -> dict[int, Call]:
    """The last board picture sent to each chat after call number ``since``."""
    boards: dict[int, Call] = {}
    for call in fake.delivered("sendPhoto", since):
        boards[int(call.params["chat_id"])] = call
    return boards


async def boards_in_every_group(fake: FakeTelegram, since: int, timeout: float,
                                 settled: tuple[str, ...] = ()) -> dict[int, Call]:
    """Wait until every one of the groups got a board after ``since`` (with one of ``settled`` in its caption, when
    given: the bot's answer may come in a board of its own after the player's move was shown); the latest boards by
    chat."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        boards = latest_boards(fake, since)
        waiting = GAMES - sum(1 for board in boards.values()
                              if not settled or any(text in board.params["caption"] for text in settled))
        if not waiting:
            return boards
        if asyncio.get_running_loop().time() > deadline:
            last = {chat: board.params["caption"].splitlines()[1:] for chat, board in boards.items()
                    if settled and not any(text in board.params["caption"] for text in settled)}
            raise AssertionError(f"{waiting} of {GAMES} groups did not get their board within {timeout} s; the last "
                                 f"boards of those that did not settle: {last}")
        await asyncio.sleep(0.2)


def shown_everywhere(fake: FakeTelegram, since: int, text: str) -> bool:
    """Whether every group was shown ``text`` in the caption of a board sent after ``since`` (under load the player's
    move is shown as soon as it is stored, and the bot's answer in a board of its own)."""
    return {int(call.params["chat_id"]) for call in fake.delivered("sendPhoto", since)
            if text in call.params["caption"]} == {group(number)["id"] for number in range(GAMES)}


def press_first_button_everywhere(fake: FakeTelegram, boards: dict[int, Call]) -> None:
    for number in range(GAMES):
        board = boards[group(number)["id"]]
        fake.press(ANN, group(number), board.result["message_id"], keyboard(board)[0][0]["callback_data"])


@pytest.mark.slow(15)
@pytest.mark.timeout(1500)  # a machine busy with other work takes minutes where an idle one takes seconds
async def test_fifty_moves_at_once_and_fifty_queued_over_a_restart_are_all_answered(
        tmp_path: Path, postgres_url: str) -> None:
    fake = FakeTelegram()
    await fake.start()
    env = telegram_env(fake, postgres_url, AI_TIME_BUDGET="0.3", RATE_LIMIT="1000")
    process = await start_bot(env)
    try:
        await fake.wait_for("setMyCommands", count=4, timeout=120)
        since = len(fake.calls)
        fake.message(ANN, group(0), "/settings warnings off")  # a move that loses at once is played, not asked about
        await fake.wait_for("sendMessage", since=since)
        since = len(fake.calls)
        for number in range(GAMES):
            fake.message(ANN, group(number), "/play kamisado bot white standard level=beginner")  # no game ends in two moves
        boards = await boards_in_every_group(fake, since, timeout=WAIT)

        since = len(fake.calls)
        press_first_button_everywhere(fake, boards)  # fifty moves in fifty games, all at once
        boards = await boards_in_every_group(fake, since, timeout=WAIT, settled=SETTLED)
        assert shown_everywhere(fake, since, "ann played")

        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 60) == 0
        since = len(fake.calls)
        press_first_button_everywhere(fake, boards)  # fifty moves wait at Telegram for the restart
        process = await start_bot(env)
        boards = await boards_in_every_group(fake, since, timeout=WAIT, settled=SETTLED)
        assert shown_everywhere(fake, since, "ann played")
        since = len(fake.calls)
        fake.message(ANN, group(0), "/help")
        await fake.wait_for("sendMessage", since=since, timeout=30)  # and the process still answers
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            await asyncio.wait_for(process.wait(), 60)
        await fake.stop()
