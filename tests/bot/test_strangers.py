"""Strangers' work (an explored position's verdict, a shared link's card) after the bot's searches: a bot move waiting
goes before every piece of it that waits, too much waiting is refused at once (a page 503 with Retry-After, a
readable line), the same position or card is computed once; cards answer 304 to a browser that has them; an IPv6
/64 counts as one address, and a guest asks for verdicts and cards at a lower rate than a signed-in viewer."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from bot.service import explore
from bot.service.fair_share import FairShare
from bot.service.strangers import Busy, StrangerLane
from bot.web.server import COSTLY_PER_MINUTE
from rules import get_game
from tests.bot.test_web_pages import Site, a_game


async def test_a_bot_search_goes_before_every_strangers_piece_of_work_that_waits() -> None:
    share = FairShare(slots=1)
    lane = StrangerLane(share)
    order: list[str] = []
    release = threading.Event()

    def stranger(name: str) -> Any:
        def work() -> str:
            if name == "first":
                release.wait(10)  # the one already running when the bot's move comes
            order.append(name)
            return name
        return work

    first = asyncio.create_task(lane.run("first", stranger("first")))
    while share.running == 0:
        await asyncio.sleep(0.001)
    waiting = [asyncio.create_task(lane.run(f"s{n}", stranger(f"s{n}"))) for n in range(3)]
    while lane.waiting < 3:
        await asyncio.sleep(0.001)

    async def bot_move() -> None:
        async with share.turn(time.monotonic() + 2.0, "master", 2.0):
            order.append("bot")

    bot = asyncio.create_task(bot_move())
    await asyncio.sleep(0.01)
    release.set()
    await asyncio.gather(first, bot, *waiting)
    assert order == ["first", "bot", "s0", "s1", "s2"]  # only the piece already running came before it


async def test_too_much_waiting_is_refused_at_once_and_the_same_work_is_done_once() -> None:
    share = FairShare(slots=1)
    lane = StrangerLane(share, waiting_at_most=2)
    calls: list[str] = []
    gate = threading.Event()

    def slow(name: str) -> Any:
        def work() -> str:
            gate.wait(10)
            calls.append(name)
            return name.upper()
        return work

    async with share.turn(time.monotonic() + 1, "master", 1.0):  # the processor is the bot's for now
        same = [asyncio.create_task(lane.run("a", slow("a"))) for _ in range(5)]  # five ask for one position
        other = asyncio.create_task(lane.run("b", slow("b")))
        while lane.waiting < 2:
            await asyncio.sleep(0.001)
        with pytest.raises(Busy) as refused:
            await lane.run("c", slow("c"))
        assert refused.value.retry_after > 0
    gate.set()
    assert await asyncio.gather(*same) == ["A"] * 5 and await other == "B"
    assert sorted(calls) == ["a", "b"]  # once each
    assert await lane.run("a", slow("again")) == "A" and calls.count("again") == 0  # kept


async def test_a_failing_piece_of_work_fails_its_askers_and_is_not_kept() -> None:
    lane = StrangerLane(FairShare(slots=1))

    def broken() -> str:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        await lane.run("x", broken)
    assert await lane.run("x", lambda: "fine") == "fine"


async def test_an_explored_positions_verdict_is_the_solvers_own_and_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from ai.engine import engine_for

    solved: list[str] = []

    def counting(key: str) -> Any:
        solved.append(key)
        return engine_for(key)

    monkeypatch.setattr(explore, "engine_for", counting)
    lane = StrangerLane(FairShare(slots=1))
    game = get_game("kamisado")
    state = game.new_state(match="single")
    for _ in range(6):
        state = state.play(sorted(state.legal_moves(), key=lambda m: game.format_move(state, m))[0])
    first, again = await explore.proven(lane, state), await explore.proven(lane, state)
    proofs = engine_for("kamisado").proofs(stop=lambda: False)
    independent = proofs.winner(state) if proofs is not None else None  # the solver asked directly, with no limit
    assert first == again and (first is None or first == independent)
    assert solved == ["kamisado"]  # the second ask was answered from what was kept


async def test_a_card_is_answered_304_to_whoever_has_it_and_anew_after_a_move(site: Site) -> None:
    chat, game_id, token = await a_game(site)
    async with site.session.get(f"{site.url}/g/{token}.png") as response:
        tag = response.headers["ETag"]
        assert response.status == 200 and "max-age" in response.headers["Cache-Control"]
    async with site.session.get(f"{site.url}/g/{token}.png", headers={"If-None-Match": tag}) as response:
        assert response.status == 304 and await response.read() == b""
    row = await site.service.store.game(game_id)
    state = get_game(row.game).state_from_dict(row.state)
    mover = "Ann" if state.to_play == "white" else "Bob"
    await chat.say(mover, f"#{game_id} {get_game(row.game).format_move(state, next(iter(state.legal_moves())))}")
    async with site.session.get(f"{site.url}/g/{token}.png", headers={"If-None-Match": tag}) as response:
        assert response.status == 200 and response.headers["ETag"] != tag  # the game changed: a new card


async def test_a_card_past_the_bound_is_a_503_with_retry_after_and_a_readable_line(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    _, _, token = await a_game(site)
    monkeypatch.setattr(site.service.app.strangers, "waiting_at_most", 0)
    status, page, headers = await site.get(f"/g/{token}.png")
    assert status == 503 and headers["Retry-After"] == "5" and "try again in a few seconds" in page


async def test_an_ipv6_64_is_one_address_and_a_guests_cards_are_limited_below_the_pages(site: Site) -> None:
    _, _, token = await a_game(site)
    async def card(address: str) -> int:
        async with site.session.get(f"{site.url}/g/{token}.png", headers={"X-Forwarded-For": address}) as response:
            return response.status

    statuses = [await card(f"2001:db8:7:7::{n:x}") for n in range(1, COSTLY_PER_MINUTE + 2)]  # a new one each time
    assert statuses[:COSTLY_PER_MINUTE] == [200] * COSTLY_PER_MINUTE and statuses[-1] == 429  # one /64: one asker
    assert (await site.get(f"/g/{token}", **{"X-Forwarded-For": "2001:db8:7:7::ffff"}))[0] == 200  # pages: more
    assert await card("2001:db8:7:8::1") == 200  # the next /64 is someone else


async def test_strangers_work_waiting_takes_nothing_from_a_bot_searchs_share() -> None:
    share = FairShare(slots=1)
    lane = StrangerLane(share)
    gate = threading.Event()
    async with share.turn(time.monotonic() + 10, "master", 2.0):  # a search runs; strangers' work piles up
        waiting = [asyncio.create_task(lane.run(n, gate.wait)) for n in range(5)]
        while lane.waiting < 5:
            await asyncio.sleep(0.001)
        assert share.share(time.monotonic() + 4.0, "master", 2.0) == pytest.approx(2.0, abs=0.01)  # its whole budget
    gate.set()
    await asyncio.gather(*waiting)
