"""Board pictures are drawn by a process of their own one at a time in the order asked (the first move of a burst is
answered first), a move's board is drawn while the move is being stored, and a drawing process that dies loses no
board."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
import threading
from typing import Any

import pytest

from bot.service import Service, ServiceConfig, drawing
from bot.service.drawing import board_picture
from render import board_png
from render.worker import DrawingWorker
from rules import get_game
from rules.core import State
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import start_game


async def test_a_burst_of_boards_is_drawn_in_the_order_asked_and_as_render_draws_them() -> None:
    states = [get_game(key).new_state() for key in ("kamisado", "ashtarashki", "krepost")] * 3
    finished: list[int] = []

    async def draw(number: int) -> bytes:
        picture = await board_picture(states[number], perspective="black", size=320)
        finished.append(number)
        return picture

    pictures = await asyncio.gather(*(draw(number) for number in range(len(states))))
    assert finished == list(range(len(states)))
    assert pictures == [board_png(state, perspective="black", size=320) for state in states]


async def test_each_move_draws_its_board_once_while_it_is_stored_and_the_picture_is_the_one_asked_for(
        store: SqliteStore, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[State] = []
    began = threading.Event()  # a move's picture began to be drawn
    stored_after: list[bool] = []  # for each move stored: whether its picture had begun to be drawn by then

    draw = drawing.draw

    def counted(state: State, options: dict[str, Any]) -> bytes:
        drawn.append(state)
        began.set()
        return draw(state, options)

    original = store.update_game

    async def storing(row: Any, **changes: Any) -> Any:
        if "moves" in changes:  # a move is being stored: its picture is drawn meanwhile (or never began: fail)
            stored_after.append(await asyncio.to_thread(began.wait, 10))
        return await original(row, **changes)

    monkeypatch.setattr(drawing, "draw", counted)
    monkeypatch.setattr(store, "update_game", storing)
    service = Service(store, config=ServiceConfig(render_boards=True, board_size=200), clock=clock)
    chat = Chat(service)
    game_id = await start_game(chat, "kamisado", "single")
    await chat.one("Bob", "settings flip on")  # Black sees the board from his side when he is to move
    await chat.one("Bob", "settings colorblind on")
    rng = random.Random(3)
    game = get_game("kamisado")
    state, moves = game.new_state(match="single"), []
    for _ in range(6):
        move = rng.choice(list(state.legal_moves()))
        player = "Ann" if state.to_play == "white" else "Bob"
        drawn.clear()
        began.clear()
        stored_after.clear()
        reply = await chat.one(player, f"#{game_id} {game.format_move(state, move)}")
        state = state.play(move)
        moves.append(move)
        assert stored_after == [True]  # the picture was being drawn while the move was stored
        assert len(drawn) == 1 and drawn[0].to_dict() == state.to_dict()  # and it is the one shown: drawn once
        seen_by = state.to_play if state.to_play == "black" else "white"
        assert reply.image == board_png(state, perspective=seen_by, colorblind=True, size=200, last_move=[moves[-1]],
                                        earlier_move=moves[-2:-1])


async def test_a_board_drawn_ahead_for_a_move_refused_as_stale_is_not_shown(
        store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(render_boards=True, board_size=200), clock=clock)
    chat = Chat(service)
    game_id = await start_game(chat, "ashtarashki")
    row = await service.store.game(game_id)
    state = get_game("ashtarashki").state_from_dict(row.state)
    first, second = sorted(state.legal_moves(), key=str)[:2]
    other = Service(store, config=ServiceConfig(render_boards=False), clock=clock)  # another process, first
    game = get_game("ashtarashki")
    await Chat(other).one("Ann", f"#{game_id} {game.format_move(state, second)}")
    refused = await chat.one("Ann", f"#{game_id} {game.format_move(state, first)}")
    assert refused.image is None
    board = await chat.one("Bob", f"board #{game_id}")
    assert board.image == board_png(state.play(second), size=200, last_move=[second])


async def test_a_drawing_process_that_died_is_started_again_and_a_board_it_died_drawing_is_drawn_here(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    state = get_game("krepost").new_state()
    assert await board_picture(state, size=200) == board_png(state, size=200)
    first = drawing._worker
    assert first is not None and first.alive
    os.kill(first.pid, signal.SIGKILL)  # killed between two boards: the next one starts another
    first.wait()
    assert await board_picture(state, size=240) == board_png(state, size=240)
    second = drawing._worker
    assert second is not None and second is not first and second.alive

    original = DrawingWorker.draw

    def dying(worker: DrawingWorker, state: State, options: dict[str, Any]) -> bytes:
        os.kill(worker.pid, signal.SIGKILL)  # dies with the board asked of it
        worker.wait()
        return original(worker, state, options)

    monkeypatch.setattr(DrawingWorker, "draw", dying)
    with caplog.at_level(logging.WARNING):
        assert await board_picture(state, size=280) == board_png(state, size=280)  # drawn here
    assert "drawn in the bot's own process" in caplog.text
    monkeypatch.setattr(DrawingWorker, "draw", original)
    assert await board_picture(state, size=200) == board_png(state, size=200)
    assert drawing._worker is not None and drawing._worker.alive and drawing._worker is not second
