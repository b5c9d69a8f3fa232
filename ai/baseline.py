"""Baseline movers: a uniformly random legal move, and a one-ply greedy move."""

from __future__ import annotations

import random
from typing import Any

from ai.engine import engine_for
from rules.core import State


def random_move(state: State, rng: random.Random | None = None) -> Any:
    """A legal move of ``state`` chosen uniformly at random (raise :class:`ValueError` if none)."""
    moves = state.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    return (rng or random.Random()).choice(list(moves))


def gain(before: State, after: State, player: str) -> float:
    """What a move won at once for ``player``: the game (1000), match points (100 each) or material."""
    outcome = after.outcome()
    if outcome is not None:
        return 1000.0 if outcome.winner == player else (-1000.0 if outcome.winner else 0.0)
    return engine_for(before.game_key).gain(before, after, player)


def greedy_move(state: State, rng: random.Random | None = None) -> Any:
    """The move that wins most at once (the game, points or material), avoiding a reply that wins at once.

    Ties are broken at random. This is the one-ply baseline the real engines are measured against.
    """
    rng = rng or random.Random()
    moves = list(state.legal_moves())
    if not moves:
        raise ValueError("no legal move: the game is over")
    player = state.to_play or ""
    rng.shuffle(moves)
    best, best_value = moves[0], float("-inf")
    for move in moves:
        after = state.play(move)
        value = gain(state, after, player)
        if value < 1000 and _opponent_wins_next(after, player):
            value -= 500
        if value > best_value:
            best, best_value = move, value
    return best


def _opponent_wins_next(state: State, player: str) -> bool:
    if state.to_play is None or state.to_play == player:
        return False
    opponent = state.to_play
    moves = state.legal_moves()
    if len(moves) > 250:
        return False  # too many replies to look at for a baseline
    return any(gain(state, state.play(reply), opponent) >= 100 for reply in moves)
