"""The built-in opponent's searches under load: one at a time, the earliest deadline first, each given its share of
the time left (never less than its level's floor), and the master never falling back to a one-ply search."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from bot.service import moves
from bot.service.fair_share import FLOORS, FairShare
from rules import get_game


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_one_search_at_a_time_and_each_its_share_of_the_time_left() -> None:
    clock = Clock()
    share = FairShare(slots=1, clock=clock)
    running, shares, order = [], [], []
    release = asyncio.Event()

    async def search(name: str, deadline: float, level: str = "hard") -> None:
        async with share.turn(deadline, level, 2.0) as seconds:
            running.append(name)
            assert share.running == 1  # never two at once
            shares.append(seconds)
            order.append(name)
            await release.wait()
            running.remove(name)

    first = asyncio.create_task(search("first", 102.0))
    await asyncio.sleep(0)
    assert shares == [2.0]  # alone: its whole budget
    others = [asyncio.create_task(search(f"n{i}", 102.0 + i / 10)) for i in range(9, 0, -1)]  # later deadlines first
    await asyncio.sleep(0)
    assert share.waiting == 9 and running == ["first"]
    release.set()
    await asyncio.gather(first, *others)
    assert order == ["first"] + [f"n{i}" for i in range(1, 10)]  # the earliest deadline first
    assert shares[1] == pytest.approx(2.1 / 9)  # n1: 2.1 s left to its deadline, shared with the 8 behind it
    assert shares[-1] == 2.0  # the last, with none behind it: its whole budget (this clock stood still)

async def test_a_share_is_never_below_the_levels_floor() -> None:
    clock = Clock()
    share = FairShare(slots=1, clock=clock)
    for _ in range(100):  # a hundred searches waiting
        share._waiting.append((0.0, 0, asyncio.get_running_loop().create_future()))
    fair = 2.0 / 101  # 2 s left, shared with the hundred behind
    for level in ("easy", "normal", "hard", "master"):
        assert share.share(102.0, level, 2.0) == pytest.approx(max(FLOORS[level], fair)), level
    assert share.share(102.0, "master", 2.0) == FLOORS["master"] > fair  # the master keeps its floor


async def test_a_cancelled_wait_gives_its_place_up(monkeypatch: pytest.MonkeyPatch) -> None:
    share = FairShare(slots=1)
    holding = asyncio.Event()
    done = asyncio.Event()

    async def hold() -> None:
        async with share.turn(10**9, "hard", 1.0):
            holding.set()
            await done.wait()

    holder = asyncio.create_task(hold())
    await holding.wait()
    waiter = asyncio.create_task(_enter(share))
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)
    assert share.waiting == 0
    done.set()
    await holder
    assert share.running == 0
    async with share.turn(10**9, "hard", 1.0):  # free again
        assert share.running == 1


async def _enter(share: FairShare) -> None:
    async with share.turn(10**9, "hard", 1.0):
        pass


async def test_the_master_waits_for_its_own_search_where_lower_levels_fall_back(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    game = get_game("ashtarashki")
    state = game.new_state()
    slow = threading.Event()

    def slow_to_stop(position: Any, *, cancel: threading.Event, **_: Any) -> Any:
        cancel.wait(10)
        slow.wait(10)  # stops well after its budget and the tenth more
        return position.legal_moves()[-1]

    monkeypatch.setattr(moves, "choose", slow_to_stop)
    threading.Timer(1.0, slow.set).start()
    move = await moves.bot_move(state, "master", 0.2, 1, 1)
    assert move == state.legal_moves()[-1]  # its own search's move, late
    assert "one-ply" not in caplog.text
    slow.clear()
    threading.Timer(1.0, slow.set).start()
    await moves.bot_move(state, "hard", 0.2, 1, 1)
    assert "the best move of a one-ply search instead" in caplog.text
