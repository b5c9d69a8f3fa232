"""Ashtarashki's first lesson: stepping, retreating and its cost, which number takes which, choosing a capture chain,
the finish rank, a win by blocking and a clean win (learner: White, moving up the board)."""

from bot.service.lessons.build import ashtarashki as position
from bot.service.lessons.steps import Goal, Lesson, Step

LESSON = Lesson("ashtarashki", (
    Step("step", position("M1 c3, M2 e3", "M1 g7, M3 b8, M2 h6"), Goal("kind", name="step")),
    Step("retreat", position("M2 d4, M1 a1", "M3 c5, M3 e5, M1 g7"), Goal("safe")),
    Step("numbers", position("M1 c3, M3 e3", "M3 d4, M2 f4, M1 e5, M2 b8"), Goal("safe")),
    Step("chain", position("M3 d4, M1 a1", "M2 c5, M2 b6, M2 a5, M2 e5, M1 h8"), Goal("most")),
    Step("finish", position("M1 b8, M2 d8, M3 f8, M2 g7, M1 a3", "M3 a5, M2 c5, M1 e5, M2 h4"), Goal("win"), mark="h8"),
    Step("blocking", position("M3 g7, V2 c5", "M1 g1, M3 e1, M2 c1, M3 h8"), Goal("win")),  # the rulebook's trap
    Step("clean", position("M3 d4, M1 a1", "M2 c5, M2 d6, M2 e5, M2 b6"), Goal("win", clean=True)),
))
