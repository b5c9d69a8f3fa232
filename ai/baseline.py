"""Baseline movers: a uniformly random legal move, and a one-ply greedy move."""

from __future__ import annotations

import random
from typing import Any

from rules.core import State


def random_move(state: State, rng: random.Random | None = None) -> Any:
    """A legal move of ``state`` chosen uniformly at random (raise :class:`ValueError` if none)."""
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    return (rng or random.Random()).choice(list(moves))


def greedy_move(state: State, rng: random.Random | None = None) -> Any:
    """A move that wins at once if one does, else one that does not let the opponent win at once.

    Ties are broken at random. This is the one-ply baseline the real engines are measured against.
    """
    rng = rng or random.Random()
    moves = list(state.legal_moves())
    if not moves:
        raise ValueError("no legal move: the game is over")
    player = state.to_play
    rng.shuffle(moves)
    safe = []
    for move in moves:
        after = state.play(move)
        outcome = after.outcome()
        if outcome is not None and outcome.winner == player:
            return move
        if not _opponent_wins_next(after, player):
            safe.append(move)
    return (safe or moves)[0]


def _opponent_wins_next(state: State, player: str | None) -> bool:
    if state.to_play is None or state.to_play == player:
        return False
    for reply in state.legal_moves():
        outcome = state.play(reply).outcome()
        if outcome is not None and outcome.winner == state.to_play:
            return True
    return False
