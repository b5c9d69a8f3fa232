"""The last picture of a game says how it ended; boards mark the whole last exchange."""

from __future__ import annotations

import io

from PIL import Image

from bot.service import Service, ServiceConfig
from render import board_png
from rules import get_game
from storage import SqliteStore
from tests.bot.conftest import Chat, Clock
from tests.bot.test_service import start_game


def _height(png: bytes | None) -> int:
    assert png is not None
    return Image.open(io.BytesIO(png)).height


async def test_a_loss_on_time_shows_the_result_under_the_last_picture(store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(rate_limit=1000), clock=clock)
    chat = Chat(service)
    game_id = await start_game(chat, "krepost", "time=1d")
    moving = await chat.one("Ann", "@e4")
    clock.now += 3 * 86400  # Bob never answers
    ended = [r for r in await service.tick() if r.game_id == game_id and r.image is not None]
    assert ended and "out of time" in ended[-1].text, [r.text for r in ended]
    row = await store.game(game_id)
    state = get_game("krepost").state_from_dict(row.state)
    plain = board_png(state, size=service.config.board_size)
    assert _height(moving.image) == _height(plain)  # a game going on: no band
    assert _height(ended[-1].image) > _height(plain)  # the band under the board holds the result


async def test_the_text_board_names_the_move_and_its_answer(store: SqliteStore, clock: Clock) -> None:
    service = Service(store, config=ServiceConfig(rate_limit=1000, render_boards=False, text_diagrams=True),
                      clock=clock)
    chat = Chat(service)
    await start_game(chat, "krepost")
    await chat.one("Ann", "@e4")
    answered = await chat.one("Bob", "@h9")
    assert answered.diagram is not None and "Last moves: Ann @e4 · Bob @h9" in answered.diagram


def test_the_earlier_move_and_a_caption_are_drawn() -> None:
    game = get_game("krepost")
    state = game.new_state()
    first = game.parse_move(state, "@e4")
    state = state.play(first)
    second = game.parse_move(state, "@h9")
    state = state.play(second)
    alone = board_png(state, last_move=[second], size=320)
    both = board_png(state, last_move=[second], earlier_move=[first], size=320)
    assert alone != both
    captioned = board_png(state, last_move=[second], size=320, caption="Bob wins on time.")
    assert _height(captioned) > _height(alone)
