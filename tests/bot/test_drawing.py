"""Board pictures are drawn one at a time in the order asked: the first move of a burst is answered first."""

from __future__ import annotations

import asyncio

from bot.service.drawing import board_picture
from render import board_png
from rules import get_game


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
