"""A started bot is ready for its first moves: what they need is made before the first update is read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import render
from bot.service import Service, ServiceConfig, drawing
from rules import all_games
from rules.core import State
from storage import SqliteStore


async def test_warming_up_has_the_drawing_process_draw_each_empty_board_at_the_bots_size(
        store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str, dict[str, Any], bytes]] = []
    draw = drawing.draw

    def recorded(state: State, options: dict[str, Any]) -> bytes:
        picture = draw(state, options)
        asked.append((state.game_key, options, picture))
        return picture

    monkeypatch.setattr(drawing, "draw", recorded)
    Service(store, config=ServiceConfig(rate_limit=1000, board_size=480)).warm_up()
    assert sorted((key, options["perspective"], options["size"]) for key, options, _ in asked) == sorted(
        (game.key, side, 480) for game in all_games() for side in ("white", "black"))
    assert all(picture[:4] == b"\x89PNG" for _, _, picture in asked)  # drawn by the time warming up is over
    assert drawing._worker is not None and drawing._worker.alive


def test_an_empty_board_drawn_once_is_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """What makes the drawing process's first boards quick once it drew the empty ones (it runs this same code)."""
    for game in all_games():
        for side in ("white", "black"):
            render.board_png(game.new_state(), perspective=side, size=464)  # a size no other test draws at
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
            assert render.board_png(state, perspective=side, size=464)[:4] == b"\x89PNG"
    assert drawn == []
    render.board_png(all_games()[0].new_state(), size=496)  # and the count does see a board drawn anew
    assert drawn == [all_games()[0].key]
