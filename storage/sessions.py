"""Who plays on the web pages (mixed into :class:`storage.sql.SqlStore`): browser sessions and one-time sign-in links.

A session or link is a random token handed to the browser; only its SHA-256 is stored, so reading the database
signs nobody in. A sign-in link works once, within its lifetime, whichever process is asked.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable

from storage.driver import Driver, Row, Statements


def hashed(token: str) -> str:
    """What is stored of a token or code: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


class SessionTable:
    _db: Driver
    _clock: Callable[[], float]

    async def new_session(self, user_id: int, lifetime: float) -> str:
        """A new session of user ``user_id`` lasting ``lifetime`` seconds: its token (256 random bits)."""
        token = secrets.token_urlsafe(32)
        now = self._clock()
        await self._db.execute("DELETE FROM web_sessions WHERE expires_at < ?", (now,))
        await self._db.execute("INSERT INTO web_sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                               (hashed(token), user_id, now, now + lifetime))
        return token

    async def session_user(self, token: str) -> int | None:
        """The user whose unexpired session ``token`` is, or ``None``."""
        row = await self._db.fetch_one("SELECT user_id FROM web_sessions WHERE token_hash = ? AND expires_at >= ?",
                                       (hashed(token), self._clock()))
        return None if row is None else int(row["user_id"])

    async def end_session(self, token: str) -> None:
        await self._db.execute("DELETE FROM web_sessions WHERE token_hash = ?", (hashed(token),))

    async def sessions_of(self, user_id: int) -> list[tuple[float, float]]:
        """The user's sessions still valid: (when each began, when it ends), the newest first."""
        rows = await self._db.fetch_all("SELECT created_at, expires_at FROM web_sessions WHERE user_id = ? AND expires_at >= ?"
                                        " ORDER BY created_at DESC", (user_id, self._clock()))
        return [(float(row["created_at"]), float(row["expires_at"])) for row in rows]

    async def end_sessions(self, user_id: int) -> int:
        """End every session of the user (signed out in every browser); how many there were."""
        return await self._db.execute("DELETE FROM web_sessions WHERE user_id = ? AND expires_at >= ?",
                                      (user_id, self._clock()))

    async def new_signin_link(self, user_id: int, game_id: int | None, lifetime: float) -> str:
        """A one-time sign-in code for user ``user_id`` (leading to game ``game_id``'s page), valid ``lifetime`` s."""
        code = secrets.token_hex(20)  # letters and digits only: no chat markup can break the link
        now = self._clock()
        await self._db.execute("DELETE FROM signin_links WHERE expires_at < ?", (now - 86_400,))
        await self._db.execute("INSERT INTO signin_links (code_hash, user_id, game_id, expires_at) VALUES (?, ?, ?, ?)",
                               (hashed(code), user_id, game_id, now + lifetime))
        return code

    async def use_signin_link(self, code: str) -> tuple[int, int | None] | str:
        """Spend the sign-in ``code``: (its user, its game) the first time within its lifetime; else why not:
        ``"unknown"``, ``"used"`` or ``"expired"``. Two processes spending one code at once: one wins."""
        row = await spend_code(self._db, "signin_links", code, self._clock())
        if isinstance(row, str):
            return row
        return int(row["user_id"]), None if row["game_id"] is None else int(row["game_id"])


async def spend_code(db: Statements, table: str, code: str, now: float) -> Row | str:
    """Spend the one-time ``code`` of ``table`` (a table of codes by their SHA-256, with ``expires_at`` and
    ``used_at``): its row the first time within its lifetime; else why not: ``"unknown"``, ``"used"`` or
    ``"expired"``. Two processes spending one code at once: one wins."""
    row = await db.fetch_one(f"SELECT * FROM {table} WHERE code_hash = ?", (hashed(code),))
    if row is None:
        return "unknown"
    if row["used_at"] is not None:
        return "used"
    if row["expires_at"] < now:
        return "expired"
    if not await db.execute(f"UPDATE {table} SET used_at = ? WHERE code_hash = ? AND used_at IS NULL", (now, hashed(code))):
        return "used"
    return row
