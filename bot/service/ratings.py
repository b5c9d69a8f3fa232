"""Elo ratings: one per game and player, everywhere and in each chat, updated when a game ends."""

from __future__ import annotations

from dataclasses import replace

from rules import Outcome
from storage import GameRow, Rating, SqlStore, User
from storage.tables import RatingRule

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


class Ratings:
    """The rating rows: updated by :meth:`rule` with a game's final write, and listed."""

    def __init__(self, store: SqlStore) -> None:
        self._store = store

    def rule(self, row: GameRow, outcome: Outcome) -> RatingRule:
        """How the ratings of ``row``'s players change when it ends with ``outcome`` (applied by the store)."""
        score = 0.5 if outcome.winner is None else (1.0 if outcome.winner == "white" else 0.0)
        return lambda white, black: updated(white, black, score)

    async def rating(self, user_id: int, game: str) -> float:
        """The user's rating in ``game`` over all chats (the starting rating before their first rated game)."""
        return (await self._store.rating(user_id, game, "all")).rating

    async def of(self, user_id: int) -> list[Rating]:
        return await self._store.ratings_of(user_id)

    async def top(self, game: str, scope: str, limit: int) -> list[tuple[Rating, User]]:
        return await self._store.top(game, scope, limit)
