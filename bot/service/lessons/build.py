"""Positions for the lessons, written as people read them (``"red c5, green b1"``), made into rules states' dicts."""

from __future__ import annotations

from typing import Any

from rules import get_game


def _pairs(text: str) -> list[tuple[str, str]]:
    return [tuple(item.split()) for item in text.split(",") if item.strip()]  # type: ignore[misc]


def kamisado(white: str, black: str, forced: str | None, *, match: str = "single", teeth: str = "",
             score: tuple[int, int] = (0, 0), to_play: str = "white") -> dict[str, Any]:
    """A Kamisado position: each side's towers as ``"colour square, …"``, the tower that must move next (``None``: any),
    the teeth as ``"side colour count, …"``."""
    data = get_game("kamisado").new_state(match=match).to_dict()
    data["towers"] = {"white": dict((c, s) for c, s in _pairs(white)), "black": dict((c, s) for c, s in _pairs(black))}
    data.update(to_play=to_play, forced=forced, score={"white": score[0], "black": score[1]})
    data["teeth"] = {"white": {}, "black": {}}
    for side, colour, count in (item.split() for item in teeth.split(",") if item.strip()):
        data["teeth"][side][colour] = int(count)
    return data


def ashtarashki(white: str, black: str, to_play: str = "white") -> dict[str, Any]:
    """An Ashtarashki position: each side's stones as ``"M1 c3, V2 d4, W e5"`` (a twice retreated stone's number is
    hidden, written as W)."""
    stones = []
    for player, text in (("white", white), ("black", black)):
        for name, square in _pairs(text):
            state, number = name[0], int(name[1:] or 0)
            stones.append({"square": square, "player": player, "state": state, "number": number})
    return {"game": "ashtarashki", "stones": stones, "to_play": to_play, "result": None, "start_position": None}


def krepost(white: str, black: str, *, in_hand: tuple[int, int] = (40, 40), to_play: str = "white") -> dict[str, Any]:
    """A Krepost position: each side's stones as squares separated by spaces, the stones still in hand."""
    data = get_game("krepost").new_state().to_dict()
    data.update(white=white.split(), black=black.split(), to_play=to_play,
                in_hand={"white": in_hand[0], "black": in_hand[1]})
    return data
