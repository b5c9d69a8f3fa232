"""The challenge and rating tables of the SQL store (mixed into :class:`storage.sql.SqlStore`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from storage.driver import Driver, Statements
from storage.links import PLAYER_OF
from storage.models import Challenge, ConflictError, GameRow, NotFoundError, Rating, User
from storage.outbox import Outgoing
from storage.rows import challenge_of, checked_id, rating_of


class ChallengeTable:
    """Open challenges: created, looked up, closed (accepting one creates its game: see the store)."""

    _db: Driver
    _clock: Callable[[], float]

    async def create_challenge(
        self, chat_id: int, game: str, options: dict[str, Any], challenger_id: int, target_id: int | None,
        ai_level: str | None, colour: str, time_per_move: int | None, rated: bool = True,
        owe: Callable[[int], list[Outgoing]] | None = None,
    ) -> Challenge:
        """A new open challenge, written with what it owes other chats (``owe`` makes the items from its id: the
        notice to a target on another platform) in one transaction."""
        async with self._db.transaction() as db:
            challenge_id = await db.insert(
                "INSERT INTO challenges (chat_id, game, options, challenger_id, target_id, ai_level, colour, time_per_move,"
                " rated, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?) RETURNING id",
                (chat_id, game, json.dumps(options), challenger_id, target_id, ai_level, colour, time_per_move, int(rated),
                 self._clock()),
            )
            if owe is not None:
                await self.owe(db, owe(challenge_id))  # type: ignore[attr-defined]
        return await self.challenge(challenge_id)

    async def challenge(self, challenge_id: int) -> Challenge:
        row = await self._db.fetch_one("SELECT * FROM challenges WHERE id = ?", (checked_id("challenge", challenge_id),))
        if row is None:
            raise NotFoundError(f"no challenge {challenge_id}")
        return challenge_of(row)

    async def open_challenges(self, chat_id: int) -> list[Challenge]:
        rows = await self._db.fetch_all("SELECT * FROM challenges WHERE chat_id = ? AND status = 'open' ORDER BY id", (chat_id,))
        return [challenge_of(r) for r in rows]

    async def open_challenges_to(self, user_id: int) -> list[Challenge]:
        """The open challenges to the user, in any chat, oldest first."""
        rows = await self._db.fetch_all(
            "SELECT * FROM challenges WHERE target_id = ? AND status = 'open' ORDER BY id", (user_id,))
        return [challenge_of(r) for r in rows]

    async def open_challenges_of(self, chat_id: int, user_id: int) -> list[Challenge]:
        """The user's open challenges in the chat, oldest first."""
        rows = await self._db.fetch_all(
            "SELECT * FROM challenges WHERE chat_id = ? AND challenger_id = ? AND status = 'open' ORDER BY id",
            (chat_id, user_id),
        )
        return [challenge_of(r) for r in rows]

    async def challenges_older_than(self, created: float, limit: int = 200) -> list[Challenge]:
        """Open challenges made before ``created``, oldest first."""
        rows = await self._db.fetch_all(
            "SELECT * FROM challenges WHERE status = 'open' AND created_at < ? ORDER BY created_at LIMIT ?", (created, limit)
        )
        return [challenge_of(r) for r in rows]

    async def close_challenge(self, challenge_id: int, status: str, game_id: int | None = None) -> None:
        """Mark an open challenge accepted, declined or cancelled; :class:`ConflictError` if it is no longer open."""
        changed = await self._db.execute(
            "UPDATE challenges SET status = ?, game_id = ? WHERE id = ? AND status = 'open'", (status, game_id, challenge_id)
        )
        if changed != 1:
            raise ConflictError(f"challenge {challenge_id} is no longer open")

    async def close_challenge_owing(self, challenge_id: int, status: str, owe: list[Outgoing]) -> bool:
        """Close the open challenge with ``status`` and owe ``owe`` in one transaction; whether it was open."""
        async with self._db.transaction() as db:
            changed = await db.execute("UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'",
                                       (status, challenge_id))
            if changed == 1:
                await self.owe(db, owe)  # type: ignore[attr-defined]
        return changed == 1


RatingRule = Callable[[Rating, Rating], tuple[Rating, Rating]]  # White's and Black's ratings after a game


class RatingTable:
    """Ratings per player, game and scope (everywhere, or one chat)."""

    _db: Driver

    async def rate_game(self, db: Statements, row: GameRow, rate: RatingRule) -> None:
        """Apply ``rate`` to the players of ``row`` in every scope, inside the caller's transaction ``db``.

        The rows are read locked (PostgreSQL: ``FOR UPDATE``, in id order so two games never wait
        on each other; SQLite: its one writer), so simultaneous game ends all count.
        """
        lock = " FOR UPDATE" if self._db.dialect == "postgresql" else ""
        players = await db.fetch_all("SELECT id, COALESCE(player_id, id) AS player FROM users WHERE id IN (?, ?)",
                                     (row.white_id, row.black_id))
        player = {int(r["id"]): int(r["player"]) for r in players}
        white, black = player[row.white_id], player[row.black_id]
        if white == black:
            return  # two accounts of one player: nobody's rating changes by playing oneself
        for scope in ("all", f"chat:{row.chat_id}"):
            for user_id in sorted({white, black}):
                await db.execute(
                    "INSERT INTO ratings (user_id, game, scope, rating, games, wins, losses, draws)"
                    " VALUES (?, ?, ?, 1500.0, 0, 0, 0, 0) ON CONFLICT (user_id, game, scope) DO NOTHING",
                    (user_id, row.game, scope),
                )
            found = await db.fetch_all(
                f"SELECT * FROM ratings WHERE game = ? AND scope = ? AND user_id IN (?, ?) ORDER BY user_id{lock}",
                (row.game, scope, white, black),
            )
            current = {r["user_id"]: rating_of(r) for r in found}
            for rating in rate(current[white], current[black]):
                await db.execute(
                    "UPDATE ratings SET rating = ?, games = ?, wins = ?, losses = ?, draws = ?"
                    " WHERE user_id = ? AND game = ? AND scope = ?",
                    (rating.rating, rating.games, rating.wins, rating.losses, rating.draws, rating.user_id, rating.game,
                     rating.scope),
                )

    async def rating(self, user_id: int, game: str, scope: str) -> Rating:
        """The rating of user ``user_id``'s player (see :mod:`storage.links`) in ``game`` and ``scope``."""
        row = await self._db.fetch_one(
            f"SELECT * FROM ratings WHERE user_id = {PLAYER_OF} AND game = ? AND scope = ?", (user_id, game, scope)
        )
        if row is None:
            return Rating(user_id, game, scope, 1500.0, 0, 0, 0, 0)
        return rating_of(row)

    async def save_ratings(self, ratings: list[Rating]) -> None:
        """Write several ratings in one transaction."""
        async with self._db.transaction() as db:
            for r in ratings:
                await db.execute(
                    "INSERT INTO ratings (user_id, game, scope, rating, games, wins, losses, draws)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (user_id, game, scope) DO UPDATE SET rating = excluded.rating, games = excluded.games,"
                    " wins = excluded.wins, losses = excluded.losses, draws = excluded.draws",
                    (r.user_id, r.game, r.scope, r.rating, r.games, r.wins, r.losses, r.draws),
                )

    async def top(self, game: str, scope: str, limit: int = 10) -> list[tuple[Rating, User]]:
        rows = await self._db.fetch_all(
            "SELECT r.*, u.id AS u_id, u.platform, u.platform_id, u.name, u.language, u.prefs FROM ratings r"
            " JOIN users u ON u.id = r.user_id WHERE r.game = ? AND r.scope = ? AND r.games > 0 AND u.player_id IS NULL"
            " ORDER BY r.rating DESC, r.games DESC LIMIT ?",
            (game, scope, limit),
        )
        return [(rating_of(r), User(r["u_id"], r["platform"], r["platform_id"], r["name"], r["language"], json.loads(r["prefs"])))
                for r in rows]

    async def ratings_of(self, user_id: int) -> list[Rating]:
        """Every rating of user ``user_id``'s player."""
        rows = await self._db.fetch_all(f"SELECT * FROM ratings WHERE user_id = {PLAYER_OF} ORDER BY game, scope", (user_id,))
        return [rating_of(r) for r in rows]
