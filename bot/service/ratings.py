"""Elo ratings: one per game and player, everywhere and in each chat."""

from __future__ import annotations

from dataclasses import replace

from storage import Rating

K_FACTOR = 32.0


def expected(rating: float, opponent: float) -> float:
    """The expected score of ``rating`` against ``opponent``.

    >>> round(expected(1500, 1500), 2)
    0.5
    """
    return 1.0 / (1.0 + 10 ** ((opponent - rating) / 400.0))


def updated(white: Rating, black: Rating, score_white: float) -> tuple[Rating, Rating]:
    """Both ratings after a game that White scored ``score_white`` in (1, 0.5 or 0)."""
    change = K_FACTOR * (score_white - expected(white.rating, black.rating))
    return (
        _after(white, white.rating + change, score_white),
        _after(black, black.rating - change, 1.0 - score_white),
    )


def _after(rating: Rating, value: float, score: float) -> Rating:
    return replace(
        rating,
        rating=value,
        games=rating.games + 1,
        wins=rating.wins + (score == 1.0),
        losses=rating.losses + (score == 0.0),
        draws=rating.draws + (score == 0.5),
    )
