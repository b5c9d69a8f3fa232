"""A Krepost turn and how a game ends."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.core import Move, Outcome
from rules.krepost import messages as _messages  # noqa: F401  (declares the error codes)
from rules.krepost.geometry import (
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
)


@dataclass(frozen=True, slots=True)
class KrepostMove(Move):
    """One whole turn: the squares of the stone in order (one for a placement) and the prisoner taken."""

    squares: tuple[str, ...]
    prisoner: str | None = None

    @property
    def kind(self) -> str:
        """``"place"``, ``"step"`` or ``"jump"``."""
        if len(self.squares) == 1:
            return "place"
        if len(self.squares) == 2 and _distance(self.squares[0], self.squares[1]) == 1:
            return "step"
        return "jump"

    @property
    def start(self) -> str | None:
        """Where the stone came from (``None`` for a placement)."""
        return None if len(self.squares) == 1 else self.squares[0]

    @property
    def end(self) -> str:
        return self.squares[-1]


def _distance(a: str, b: str) -> int:
    x, y = SQUARE_INDEX[a], SQUARE_INDEX[b]
    return abs(x // SIZE - y // SIZE) + abs(x % SIZE - y % SIZE)


@dataclass(frozen=True)
class KrepostOutcome(Outcome):
    """The end: ``reason`` is ``fortress``, ``garrison``, ``no_move``, ``count``, ``agreed``, ``resignation`` or ``time``.

    ``count`` holds each player's count (prisoners plus the opponent's stones in hand) when the
    game was counted; ``half_stone`` names who held the half stone when the game had one.
    """

    count: Mapping[str, int] | None = None
    half_stone: str | None = None


_PLAIN: dict[tuple[int, ...], KrepostMove] = {}


def _plain_move(path: tuple[int, ...]) -> KrepostMove:
    """The move along ``path`` with no prisoner (shared, since moves are immutable)."""
    move = _PLAIN.get(path)
    if move is None:
        if len(_PLAIN) > 100_000:
            _PLAIN.clear()
        move = _PLAIN[path] = KrepostMove(tuple([SQUARE_NAMES[s] for s in path]))
    return move
