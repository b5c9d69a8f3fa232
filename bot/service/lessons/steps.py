"""What a lesson is: steps, each a position, a goal the learner's moves must meet, and the par for its stars.

A step's texts are messages, ``learn.<game>.<step>.task`` (what is said), ``.hint`` (after two wrong tries) and
``.done`` (what the learner just saw, said once the step is met). Which moves meet the goal is computed from the
rules (:meth:`Goal.meets`), never listed by hand, so a step cannot accept a move that does not do what it teaches.

>>> from bot.service.lessons import lesson_of
>>> [step.key for step in lesson_of("kamisado").steps][:3]
['goal', 'moving', 'colour']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules import get_game
from rules.core import State, other

GOALS = ("win", "safe", "block", "push", "kind", "reach", "most", "prisoner")


@dataclass(frozen=True)
class Goal:
    """What the learner's moves must do.

    ``kind``: ``win`` (win the game, or the round, within ``turns`` of the learner's moves, whatever the bot answers;
    with ``clean``, an Ashtarashki clean win); ``safe`` (leave the bot no immediate gain: no winning move, no capture,
    no deadlock); ``block`` (the bot's tower that must move next cannot: it passes); ``push`` (a sumo push); ``kind``
    (a move of that ``name``: ``step``, ``retreat``, ``place``, ``jump``, optionally from ``square``); ``reach`` (end
    on ``square``); ``most`` (the capture chain that takes the most stones); ``prisoner`` (take a prisoner on each of
    ``turns`` moves).
    """

    kind: str
    turns: int = 1
    name: str = ""
    square: str = ""
    clean: bool = False

    def __post_init__(self) -> None:
        if self.kind not in GOALS:
            raise ValueError(f"unknown goal {self.kind!r}; expected one of {', '.join(GOALS)}")


@dataclass(frozen=True)
class Step:
    """One step of a lesson: ``key`` names its texts; ``position`` is the rules state's dict; the learner plays
    ``side``; ``mark`` is the square the page marks as the goal (if one)."""

    key: str
    position: Mapping[str, Any]
    goal: Goal
    side: str = "white"
    mark: str = ""

    @cached_property
    def start(self) -> State:
        """The step's first position as a rules state (checked: :class:`ValueError` for one the rules refuse)."""
        return get_game(self.position["game"]).state_from_dict(self.position)

    @property
    def par(self) -> int:
        """The learner's moves the step takes when each is right: three stars."""
        return self.goal.turns

    @property
    def opponent(self) -> str:
        return other(self.side)


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: its steps in order."""

    game: str
    steps: tuple[Step, ...]

    @property
    def par(self) -> int:
        return sum(step.par for step in self.steps)


def stars_for(made: int, par: int, shown: bool) -> int:
    """The stars of a finished step: three at par, two within two tries more, else one (one as well when the answer
    had to be shown).

    >>> stars_for(1, 1, False), stars_for(3, 1, False), stars_for(4, 1, False), stars_for(1, 1, True)
    (3, 2, 1, 1)
    """
    if shown:
        return 1
    return 3 if made <= par else 2 if made <= par + 2 else 1
