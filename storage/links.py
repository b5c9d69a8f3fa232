"""One player on every platform (mixed into :class:`storage.sql.SqlStore`): accounts linked by one-time codes.

An account linked to another names that first account as its *player*: the ratings, the puzzle scores and the
stats read and written for either account are the player's (see :data:`PLAYER_OF`). The games and every rating
row stay where they were: linking writes no game, and an account unlinked again finds its own rows as it left them
(the first account keeps what the player earned meanwhile).

A code is typed by hand on the other platform: eight letters and digits that cannot be mistaken for each other,
good for ten minutes and once. Only its SHA-256 is kept, so the table alone links nobody.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from storage.driver import Driver, Statements
from storage.models import User
from storage.rows import user_of
from storage.sessions import hashed, spend_code

#: The player of the user whose id is the parameter (the user itself when it is linked to nobody), as SQL.
PLAYER_OF = "(SELECT COALESCE(player_id, id) FROM users WHERE id = ?)"
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: a code is read off one screen and typed on another
CODE_LENGTH = 8
LINK_FAILURES = ("unknown", "used", "expired", "same_platform", "already_one", "already_linked")


class _Refused(Exception):
    """A code that may not link this account (one of :data:`LINK_FAILURES`): undoes its spending."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def normal_code(text: str) -> str:
    """A code as typed (any case, with spaces or dashes) in the form it was given out.

    >>> normal_code("k7q4-mx2p")
    'K7Q4MX2P'
    """
    return "".join(ch for ch in text.upper() if ch.isalnum())


class LinkTable:
    _db: Driver
    _clock: Callable[[], float]

    async def new_link_code(self, user_id: int, lifetime: float) -> str:
        """A one-time code that links another account to user ``user_id``'s player, valid ``lifetime`` seconds."""
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        now = self._clock()
        await self._db.execute("DELETE FROM link_codes WHERE expires_at < ?", (now - 86_400,))
        await self._db.execute("INSERT INTO link_codes (code_hash, user_id, expires_at) VALUES (?, ?, ?)",
                               (hashed(code), user_id, now + lifetime))
        return code

    async def link_account(self, code: str, user_id: int) -> User | str:
        """Spend ``code`` to make user ``user_id`` one player with the code's account: that player's first account
        (its :class:`User`) once linked; else why not, one of :data:`LINK_FAILURES`. The code is spent, the account
        linked and the ratings the player lacks taken over in one transaction: all of it happens or none. Two
        accounts spending one code at once: one wins."""
        try:
            return await self._link(code, user_id)
        except _Refused as refused:  # the transaction is undone: the code stays good for the right account
            return refused.reason

    async def _link(self, code: str, user_id: int) -> User | str:
        async with self._db.transaction() as db:
            row = await spend_code(db, "link_codes", normal_code(code), self._clock())
            if isinstance(row, str):
                return row
            giver = user_of(await self._one(db, int(row["user_id"])))
            taker = await self._one(db, user_id)
            player_id = giver.player
            if taker["platform"] == giver.platform:
                raise _Refused("same_platform")
            if (taker["player_id"] or taker["id"]) == player_id:
                raise _Refused("already_one")
            if taker["player_id"] is not None or await db.fetch_one("SELECT id FROM users WHERE player_id = ?", (user_id,)):
                raise _Refused("already_linked")
            await db.execute("UPDATE users SET player_id = ? WHERE id = ?", (player_id, user_id))
            await self._take_over(db, user_id, player_id)
            return user_of(await self._one(db, player_id))

    async def _take_over(self, db: Statements, user_id: int, player_id: int) -> None:
        """Copy to the player the ratings and puzzle scores of ``user_id`` it has none of (its own rows stay)."""
        await db.execute(
            "INSERT INTO ratings (user_id, game, scope, rating, games, wins, losses, draws)"
            " SELECT ?, game, scope, rating, games, wins, losses, draws FROM ratings r WHERE r.user_id = ?"
            " AND NOT EXISTS (SELECT 1 FROM ratings p WHERE p.user_id = ? AND p.game = r.game AND p.scope = r.scope)",
            (player_id, user_id, player_id))
        await db.execute(
            "INSERT INTO puzzle_scores (user_id, scope, rating, solved, failed, streak, best_streak, unrated_solved)"
            " SELECT ?, scope, rating, solved, failed, streak, best_streak, unrated_solved FROM puzzle_scores s"
            " WHERE s.user_id = ? AND NOT EXISTS (SELECT 1 FROM puzzle_scores p WHERE p.user_id = ? AND p.scope = s.scope)",
            (player_id, user_id, player_id))

    async def unlink_account(self, user_id: int) -> list[User]:
        """Make user ``user_id`` a player of its own again (a first account: every account linked to it); the
        accounts separated, none when it was linked to nobody. The first account keeps the player's ratings."""
        async with self._db.transaction() as db:
            row = await self._one(db, user_id)
            if row["player_id"] is not None:
                await db.execute("UPDATE users SET player_id = NULL WHERE id = ?", (user_id,))
                return [user_of(row)]
            others = await db.fetch_all("SELECT * FROM users WHERE player_id = ? ORDER BY id", (user_id,))
            await db.execute("UPDATE users SET player_id = NULL WHERE player_id = ?", (user_id,))
            return [user_of(other) for other in others]

    async def accounts_of(self, user_id: int) -> list[User]:
        """Every account of user ``user_id``'s player, the first account first (one account when linked to none)."""
        rows = await self._db.fetch_all(
            f"SELECT * FROM users WHERE id = {PLAYER_OF} OR player_id = {PLAYER_OF} ORDER BY player_id IS NOT NULL, id",
            (user_id, user_id))
        return [user_of(row) for row in rows]

    @staticmethod
    async def _one(db: Statements, user_id: int) -> dict[str, object]:
        row = await db.fetch_one("SELECT * FROM users WHERE id = ?", (user_id,))
        assert row is not None, f"no user {user_id}"
        return dict(row)
