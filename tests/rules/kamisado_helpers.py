"""Compact Kamisado positions for tests: the start position with a few towers moved."""

from __future__ import annotations

from typing import Any

from rules.kamisado import KamisadoState
from rules.kamisado.board import COLOURS

START = KamisadoState.start("standard")


def position(
    towers: str = "",
    *,
    to_play: str = "white",
    forced: str | None = None,
    match: str = "standard",
    teeth: str = "",
    score: tuple[int, int] = (0, 0),
    phase: str = "play",
    round: int = 1,
) -> KamisadoState:
    """Build a state from the start position.

    ``towers`` moves towers: ``"W.red c4, B.green e4"``; ``teeth``: ``"W.yellow 3, B.red 2"``;
    ``score`` is (black, white). Towers not named stay on their home squares.
    """
    data: dict[str, Any] = START.to_dict()
    data.update(match=match, to_play=to_play, forced=forced, phase=phase, round=round)
    data["target"] = {"single": 1, "series": 3, "standard": 3, "long": 7, "marathon": 15}[match]
    data["score"] = {"black": score[0], "white": score[1]}
    if phase == "refill":
        data["rounds"] = [{"number": round, "starter": "black", "winner": to_play, "reason": "home_row",
                           "tower": None, "teeth": 0, "points": 1, "refill": None}]
    for item in filter(None, (part.strip() for part in towers.split(","))):
        name, square = item.split()
        player, colour = _tower(name)
        data["towers"][player][colour] = square
    for item in filter(None, (part.strip() for part in teeth.split(","))):
        name, count = item.split()
        player, colour = _tower(name)
        data["teeth"][player][colour] = int(count)
    return KamisadoState.from_dict(data)


def _tower(name: str) -> tuple[str, str]:
    side, colour = name.split(".")
    assert colour in COLOURS, colour
    return {"W": "white", "B": "black"}[side], colour
