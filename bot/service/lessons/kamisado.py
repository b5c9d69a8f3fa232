"""Kamisado's first lesson: the goal, how towers move, the colour rule, blocking, the deadlock, a two-move win and a
sumo's push (learner: White, moving up the board)."""

from bot.service.lessons.build import kamisado as position
from bot.service.lessons.steps import Goal, Lesson, Step

LESSON = Lesson("kamisado", (
    Step("goal", position(
        "brown a1, green b1, red c5, yellow d1, pink e1, purple f1, blue g1, orange h1",
        "brown h8, green g8, red f6, yellow e8, pink d7, purple b7, blue b8, orange a8", "red"),
        Goal("win"), mark="c8"),
    Step("moving", position(
        "brown a1, green d5, red c1, yellow d1, pink e1, purple f1, blue g1, orange h1",
        "brown h8, green d6, red f8, yellow e8, pink c7, purple b7, blue c8, orange a8", "green"),
        Goal("win"), mark="g8"),
    Step("colour", position(
        "brown d2, green g6, red a1, yellow h1, pink c4, purple d4, blue d1, orange c2",
        "brown h5, green f7, red a8, yellow e3, pink b3, purple h3, blue f6, orange g5", "yellow"),
        Goal("safe")),
    Step("block", position(
        "brown c2, green b3, red c1, yellow g4, pink b1, purple c3, blue h5, orange g2",
        "brown d6, green f6, red g8, yellow b7, pink d8, purple e7, blue c8, orange a7", "yellow"),
        Goal("block")),
    Step("deadlock", position(
        "brown f1, green e4, red h2, yellow g1, pink d5, purple h5, blue a2, orange e5",
        "brown d7, green b8, red h8, yellow b7, pink a7, purple b3, blue c7, orange e8", "blue"),
        Goal("safe")),
    Step("two", position(
        "brown b6, green d2, red e2, yellow b5, pink e5, purple g4, blue b2, orange d3",
        "brown f7, green f3, red c8, yellow e8, pink a8, purple e7, blue g5, orange h8", "green"),
        Goal("win", turns=2)),
    Step("sumo", position(
        "brown a1, green b1, red c1, yellow d4, pink e1, purple f1, blue g1, orange h1",
        "brown h8, green d5, red f8, yellow e8, pink a6, purple c8, blue b8, orange a8", "yellow",
        match="standard", teeth="white yellow 1", score=(1, 1)),
        Goal("push"), mark="d6"),
))
