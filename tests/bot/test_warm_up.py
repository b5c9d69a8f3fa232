"""A started bot is ready for its first moves: what they need is made before the first update is read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import render
from bot.service import Service, ServiceConfig
from rules import all_games
from storage import SqliteStore


async def test_after_warming_up_no_first_board_draws_an_empty_board(store: SqliteStore,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    config = ServiceConfig(rate_limit=1000, board_size=480)  # a size no other test draws at, so nothing was cached
    Service(store, config=config).warm_up()
    drawn: list[str] = []
    for game in all_games():
        module = render.renderer(game.key)

        def counting(*args: object, _paint: Callable[..., None] = module.paint_board, _key: str = game.key,
                     **kwargs: object) -> None:
            drawn.append(_key)
            _paint(*args, **kwargs)

        monkeypatch.setattr(module, "paint_board", counting)
    for game in all_games():
        state = game.new_state()
        for side in ("white", "black"):
            assert render.board_png(state, perspective=side, size=480)[:4] == b"\x89PNG"
    assert drawn == []
    render.board_png(all_games()[0].new_state(), size=496)  # and the count does see a board drawn anew
    assert drawn == [all_games()[0].key]
