"""Choosing moves for the bot's own side. Imports the rules core only.

``choose(state, level=…, time_budget=…, seed=…)`` is the one entry point; ``LEVELS`` lists the
strengths from weakest to strongest.
"""

from __future__ import annotations

import random
from typing import Any

from ai.baseline import greedy_move, random_move
from rules.core import State

LEVELS: tuple[str, ...] = ("beginner", "easy", "normal", "hard", "master")


def choose(state: State, *, level: str = "normal", time_budget: float = 1.0, seed: int | None = None) -> Any:
    """A legal move of ``state`` for the player to move, at ``level`` within about ``time_budget`` seconds.

    The same state, level, budget and seed give the same move. Raises :class:`ValueError` for an
    unknown level or a finished game.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    rng = random.Random(seed)
    if level == "beginner":
        return random_move(state, rng)
    return greedy_move(state, rng)


__all__ = ["LEVELS", "choose", "greedy_move", "random_move"]
