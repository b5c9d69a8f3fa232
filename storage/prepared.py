"""Correspondence in the SQL store (mixed into :class:`storage.sql.SqlStore`): for each game and player the answers
they prepared from the position after ``ply`` moves, where the opponent is to move; and when each player who chose a
digest of their turns is next sent one."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from storage.driver import Driver, Row


@dataclass(frozen=True)
class PreparedRow:
    """A player's prepared answers in a game: from the position after ``ply`` moves (the opponent to move), ``lines``
    maps each move of the opponent to ``{"reply": my move, "next": the lines after it}`` (moves in the game's notation)."""

    game_id: int
    user_id: int
    ply: int
    lines: dict[str, Any]


def _prepared_of(row: Row) -> PreparedRow:
    return PreparedRow(row["game_id"], row["user_id"], row["ply"], json.loads(row["lines"]))


class CorrespondenceTable:
    _db: Driver
    _clock: Callable[[], float]

    async def prepared(self, game_id: int, user_id: int) -> PreparedRow | None:
        """What user ``user_id`` prepared in game ``game_id``, if anything."""
        row = await self._db.fetch_one("SELECT * FROM prepared_lines WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return _prepared_of(row) if row else None

    async def prepared_owed(self) -> list[PreparedRow]:
        """The answers whose player is to move in a game going on: the opponent moved, and the answer (or the notice
        that none fits) was not made yet (a process died in between). Usually none; read by key, never parsed."""
        rows = await self._db.fetch_all(
            "SELECT p.* FROM prepared_lines p JOIN games g ON g.id = p.game_id"
            " WHERE g.status = 'active' AND g.to_move_id = p.user_id ORDER BY p.game_id")
        return [_prepared_of(row) for row in rows]

    async def keep_prepared(self, game_id: int, user_id: int, ply: int, lines: dict[str, Any]) -> None:
        """Keep ``lines`` as user ``user_id``'s answers in game ``game_id`` from the position after ``ply`` moves (in
        place of what they had); no lines at all drops them."""
        if not lines:
            await self.drop_prepared(game_id, user_id)
            return
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO prepared_lines (game_id, user_id, ply, lines, changed_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO UPDATE SET ply = excluded.ply, lines = excluded.lines,"
                " changed_at = excluded.changed_at", (game_id, user_id, ply, json.dumps(lines), self._clock()))

    async def digests_due(self, now: float) -> list[tuple[int, float]]:
        """(user id, when their digest was due) of every player whose digest is due by ``now`` (found by index)."""
        rows = await self._db.fetch_all("SELECT id, digest_due FROM users WHERE digest_due <= ? ORDER BY digest_due",
                                        (now,))
        return [(row["id"], row["digest_due"]) for row in rows]

    async def schedule_digest(self, user_id: int, when: float | None, *, was: float | None = None) -> bool:
        """Set when user ``user_id``'s next digest is due (``None``: none); with ``was``, only if it was still due then
        (so of two processes only one sends it): whether it was set."""
        if was is None:
            changed = await self._db.execute("UPDATE users SET digest_due = ? WHERE id = ?", (when, user_id))
        else:
            changed = await self._db.execute("UPDATE users SET digest_due = ? WHERE id = ? AND digest_due = ?",
                                             (when, user_id, was))
        return changed == 1

    async def drop_prepared(self, game_id: int, user_id: int) -> None:
        """Forget user ``user_id``'s answers in game ``game_id``."""
        await self._db.execute("DELETE FROM prepared_lines WHERE game_id = ? AND user_id = ?", (game_id, user_id))
