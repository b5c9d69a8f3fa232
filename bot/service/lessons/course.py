"""A learner's way through a lesson, as plain data (:class:`Progress`), and what one try, a hint or the answer does to
it. Nothing here is stored or sent: the chat keeps the progress in the store, a guest's page keeps it itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.service.lessons import judge
from bot.service.lessons.judge import Said
from bot.service.lessons.steps import Lesson, Step, stars_for
from rules import get_game
from rules.core import State

HINT_AFTER, ANSWER_AFTER = 2, 4  # wrong tries in a row before the hint, and before the answer is shown
LONGEST_LINE = 16  # moves in one step's line: no step comes near it


@dataclass(frozen=True)
class Progress:
    """Where a learner is: ``step`` (the lesson's length once finished), the ``line`` of moves played in it, their
    tries in it (``made``), wrong ones in a row (``wrong``), whether the answer was ``shown``, the ``stars`` of the
    steps finished."""

    step: int = 0
    line: tuple[str, ...] = ()
    made: int = 0
    wrong: int = 0
    shown: bool = False
    stars: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "line": list(self.line), "made": self.made, "wrong": self.wrong,
                "shown": self.shown, "stars": list(self.stars)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], lesson: Lesson) -> Progress:
        """The progress ``data`` describes in ``lesson``, checked (a page's copy is not trusted):
        :class:`ValueError` for anything that is not a way through it."""
        try:
            step, made, wrong = int(data["step"]), int(data["made"]), int(data["wrong"])
            line = tuple(str(move) for move in data["line"])
            stars = tuple(int(star) for star in data["stars"])
            shown = bool(data["shown"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a lesson's progress: {exc}") from None
        if not (0 <= step <= len(lesson.steps) and len(stars) == step and all(1 <= s <= 3 for s in stars)
                and 0 <= wrong <= made <= 1000 and len(line) <= LONGEST_LINE):
            raise ValueError("not a lesson's progress: out of range")
        progress = cls(step, line, made, wrong, shown, stars)
        if step < len(lesson.steps):
            judge.walk(lesson.steps[step], line)  # a MoveError (a ValueError) for a line that is not played there
        elif line:
            raise ValueError("not a lesson's progress: a finished lesson has no line")
        return progress

    def finished(self, lesson: Lesson) -> bool:
        return self.step >= len(lesson.steps)


@dataclass(frozen=True)
class Tried:
    """What a try did: the new ``progress``, whether the move was ``right``, what is said about it (in order), and
    whether it finished its step (``step_done``, with the ``stars`` earned) or the whole lesson."""

    progress: Progress
    right: bool
    said: tuple[Said, ...]
    step_done: bool = False
    stars: int = 0
    finished: bool = False


def step_of(lesson: Lesson, progress: Progress) -> Step | None:
    """The step the learner is at (``None``: the lesson is finished)."""
    return None if progress.finished(lesson) else lesson.steps[progress.step]


def position(lesson: Lesson, progress: Progress) -> tuple[State, list[Any]]:
    """The position the learner sees, and the moves of the step that led to it (the last step's end once
    finished)."""
    if progress.finished(lesson):
        return lesson.steps[-1].start, []
    return judge.walk(lesson.steps[progress.step], progress.line)


def attempt(lesson: Lesson, progress: Progress, move: Any) -> Tried:
    """The learner plays the legal ``move``: judged against the step's goal."""
    step = lesson.steps[progress.step]
    played = judge.judge(step, progress.line, move)
    if not played.right:
        wrong = progress.wrong + 1
        shown = progress.shown or wrong >= ANSWER_AFTER
        if wrong >= ANSWER_AFTER:
            then: Said = ("learn.answer", {"move": judge.answer_of(step, progress.line)})
        elif wrong >= HINT_AFTER:
            then = hinted(lesson, progress)
        else:
            then = ("learn.again", {})
        return Tried(replace(progress, made=progress.made + 1, wrong=wrong, shown=shown), False, (*played.said, then))
    made = progress.made + 1
    if not judge.done(step, played.line):
        return Tried(replace(progress, line=played.line, made=made, wrong=0), True, played.said)
    stars = stars_for(made, step.par, progress.shown)
    after = Progress(progress.step + 1, (), 0, 0, False, (*progress.stars, stars))
    said = (*played.said, (f"learn.{lesson.game}.{step.key}.done", {}))
    return Tried(after, True, said, step_done=True, stars=stars, finished=after.finished(lesson))


def hinted(lesson: Lesson, progress: Progress) -> Said:
    """The hint of the learner's step (asked for: it costs nothing but the hint's help)."""
    step = lesson.steps[progress.step]
    return ("learn.hint", {"hint": f"learn.{lesson.game}.{step.key}.hint"})


def move_text(lesson: Lesson, progress: Progress, move: Any) -> str:
    state, _ = position(lesson, progress)
    return get_game(lesson.game).format_move(state, move)
