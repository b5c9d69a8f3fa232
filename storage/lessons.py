"""The lessons' table of the SQL store (mixed into :class:`storage.sql.SqlStore`): each player's way through each
game's lesson, shared by their linked accounts, changed only against the version it was read at."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from storage.driver import Driver, Row
from storage.links import PLAYER_OF
from storage.models import ConflictError


@dataclass(frozen=True)
class LessonRow:
    """A player's lesson of ``game``: where they are (``progress``, as the service writes it), the best stars of each
    step ever earned (``best``), when it was last touched and first finished, and its ``version``."""

    player_id: int
    game: str
    progress: dict[str, Any]
    best: tuple[int, ...]
    touched_at: float
    finished_at: float | None
    version: int
    started_at: float = field(default=0.0)


def _lesson_of(row: Row) -> LessonRow:
    return LessonRow(row["player_id"], row["game"], json.loads(row["progress"]), tuple(json.loads(row["best"])),
                     row["touched_at"], row["finished_at"], row["version"], row["started_at"])


class LessonTable:
    _db: Driver
    _clock: Callable[[], float]

    async def lesson(self, user_id: int, game: str) -> LessonRow | None:
        """The lesson of ``game`` of user ``user_id``'s player, if they ever opened it."""
        row = await self._db.fetch_one(f"SELECT * FROM lessons WHERE player_id = {PLAYER_OF} AND game = ?",
                                       (user_id, game))
        return _lesson_of(row) if row else None

    async def lessons_of(self, user_id: int) -> list[LessonRow]:
        """Every lesson user ``user_id``'s player opened, the last touched first."""
        rows = await self._db.fetch_all(f"SELECT * FROM lessons WHERE player_id = {PLAYER_OF}"
                                        " ORDER BY touched_at DESC, game", (user_id,))
        return [_lesson_of(row) for row in rows]

    async def begin_lesson(self, user_id: int, game: str, progress: dict[str, Any]) -> LessonRow:
        """Open the lesson of ``game`` for user ``user_id``'s player at ``progress`` (again from the start, when
        they had it: their best stars stay)."""
        now = self._clock()
        async with self._db.transaction() as db:
            await db.execute(
                f"INSERT INTO lessons (player_id, game, progress, best, started_at, touched_at) VALUES ({PLAYER_OF},"
                " ?, ?, '[]', ?, ?) ON CONFLICT (player_id, game) DO UPDATE SET progress = excluded.progress,"
                " started_at = excluded.started_at, touched_at = excluded.touched_at,"
                " version = lessons.version + 1", (user_id, game, json.dumps(progress), now, now))
        found = await self.lesson(user_id, game)
        assert found is not None
        return found

    async def change_lesson(self, lesson: LessonRow, progress: dict[str, Any], best: tuple[int, ...],
                            finished: bool = False) -> LessonRow:
        """Move ``lesson`` (as read) on to ``progress`` with ``best`` stars; :class:`ConflictError` when it changed
        since it was read (a second press of one button: the first counted)."""
        now = self._clock()
        finished_at = lesson.finished_at if lesson.finished_at is not None or not finished else now
        changed = await self._db.execute(
            "UPDATE lessons SET progress = ?, best = ?, touched_at = ?, finished_at = ?, version = version + 1"
            " WHERE player_id = ? AND game = ? AND version = ?",
            (json.dumps(progress), json.dumps(list(best)), now, finished_at, lesson.player_id, lesson.game,
             lesson.version))
        if changed != 1:
            raise ConflictError(f"the {lesson.game} lesson of player {lesson.player_id} changed")
        return LessonRow(lesson.player_id, lesson.game, progress, best, now, finished_at, lesson.version + 1,
                         lesson.started_at)
