"""The first lessons: one per game, a few small steps each, taught by doing (see :mod:`.steps` for what a step is,
:mod:`.judge` for how a move is judged, and one data module per game)."""

from __future__ import annotations

from bot.service.lessons import ashtarashki, kamisado, krepost
from bot.service.lessons.steps import Goal, Lesson, Step

#: Every game's lesson by the game's key, in the registry's order.
LESSONS: dict[str, Lesson] = {lesson.game: lesson for lesson in (kamisado.LESSON, ashtarashki.LESSON, krepost.LESSON)}


def lesson_of(game: str) -> Lesson | None:
    """The lesson of ``game``, if it has one."""
    return LESSONS.get(game)


__all__ = ["LESSONS", "Goal", "Lesson", "Step", "lesson_of"]
