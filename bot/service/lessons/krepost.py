"""Krepost's first lesson: placing, jumping, a prisoner, the extra turn, the fortress and its garrison
(learner: White)."""

from bot.service.lessons.build import krepost as position
from bot.service.lessons.steps import Goal, Lesson, Step

LESSON = Lesson("krepost", (
    Step("place", position("e3 f3", "e10 f10"), Goal("kind", name="place")),
    Step("jump", position("c4 d4 f4 e3", "e10 f10 g10"), Goal("reach", square="g4", name="jump"), mark="g4"),
    Step("prisoner", position("e7 g7 f8 f5 d3", "f7 c10 d10"), Goal("prisoner")),
    Step("extra", position("b7 d7 c8 c5 i7 k7 j8 j5", "c7 j7 e10 f10"), Goal("prisoner", turns=2)),
    Step("fortress", position("b10 e4 f4", "e9 f9 h10"), Goal("win"), mark="b11"),
    Step("garrison", position("b9 c10 e4", "b12 h10 h11"), Goal("win"), mark="b10"),
))
