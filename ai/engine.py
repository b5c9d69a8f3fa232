"""What the built-in opponent knows of one game: its levels' plans, judgement and search.

Each game has an :class:`Engine` in ``ai/<game key>/engine.py`` (its ``ENGINE``), found by
:func:`engine_for`; nothing outside that module knows the game's types.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from ai.search import WIN, SearchResult, search
from rules.core import State
from rules.registry import module_for


@dataclass(frozen=True)
class Plan:
    """How deep a level searches in one game, and how many moves it keeps at inner nodes."""

    depth: int
    budget_share: float | None  # share of the time budget; None: no time limit (fixed depth)
    beam: int | None = None
    noise: float = 0.0  # blur of the evaluation: weaker levels misjudge more
    careful: bool = True  # whether the evaluation has the finer knowledge (see the game's engine)
    one_sided: bool = False  # the finer knowledge judges only the opponent's pieces: attacks, does not defend


class Proofs(Protocol):
    """What a game's solvers prove about positions, remembered across the positions of one game."""

    def winner(self, state: Any) -> str | None:
        """The player who wins ``state`` (a Kamisado round, an Ashtarashki game) with best play, when the
        solvers settle it within their limits; ``None`` when they do not, or cannot (a position they do not cover)."""

    def keeping(self, state: Any) -> Any:
        """A move of ``state`` that keeps the win of its player to move (``state`` proven won for them)."""


class Engine:
    """The opponent's knowledge of one game. The defaults suit a game the generic search plays."""

    key: str
    #: The plan of every level above the random beginner.
    plans: Mapping[str, Plan]

    def judge(self, state: Any, player: str, careful: bool = True) -> float:
        """A heuristic value of an unfinished ``state`` for ``player`` (in points; a win is :data:`WIN`)."""
        return 0.0

    def order(self, state: Any, move: Any) -> float:
        """How promising ``move`` looks before searching it (higher first)."""
        return 0.0

    def forcing(self, state: Any) -> bool:
        """Whether ``state`` is inside a forced sequence that the search should follow past its depth."""
        return False

    def gain(self, before: Any, after: Any, player: str) -> float:
        """What one move won at once for ``player`` short of the game (match points ×100, material), for the greedy baseline."""
        return 0.0

    def value(self, state: State, player: str, careful: bool = True) -> float:
        """±:data:`WIN` for a finished game (0 for a draw), the judgement otherwise."""
        outcome = state.outcome()
        if outcome is not None:
            return 0.0 if outcome.winner is None else (WIN if outcome.winner == player else -WIN)
        return self.judge(state, player, careful)

    def analyse_after(self, state: Any, recent: Sequence[Any], **search: Any) -> SearchResult:
        """:meth:`analyse`, knowing the player's own ``recent`` moves (latest last), so that a game may prefer
        progress to undoing them among moves of equal worth; by default they change nothing."""
        return self.analyse(state, **search)

    def analyse(self, state: Any, *, level: str, plan: Plan, time_budget: float, seed: int | None,
                depth: int | None, cancel: threading.Event | None) -> SearchResult:
        """The level's search of ``state`` (``depth`` fixes the depth and lifts the time limit)."""
        budget = None if depth is not None or plan.budget_share is None else time_budget * plan.budget_share
        return search(state, max_depth=depth or plan.depth, time_budget=budget, seed=seed, cancel=cancel, beam=plan.beam,
                      noise=plan.noise, careful=plan.careful, engine=self)

    def searched(self, state: Any, depth: int) -> SearchResult:
        """The master's plain search of ``state`` to ``depth`` plies, without the solvers or any time limit: the
        same state always gets the same move and value, and two states searched alike compare."""
        plan = self.plans["master"]
        return search(state, max_depth=depth, time_budget=None, seed=0, beam=plan.beam, careful=plan.careful,
                      engine=self)

    def hazard(self, state: Any, move: Any, after: Any) -> tuple[str, Any] | None:
        """What ``move`` (played in ``state``, reaching ``after``) gives away for nothing that another move would not,
        as a review says it (a ``review.note.<code>`` message), with a move that does not; ``None``: nothing."""
        return None

    def proofs(self, stop: Callable[[], bool] | None = None) -> Proofs | None:
        """A fresh memory of the game's solvers for one game's positions (``None``: the game has no solver);
        once ``stop()`` is true, a proof under way gives up soon (its position unsettled)."""
        return None

    def warm_up(self) -> None:
        """Prepare anything slow (compilation) before the first game."""


@cache
def engine_for(key: str) -> Engine:
    """The engine of the game ``key`` (``ai/<key>/engine.py``); raise :class:`KeyError` when there is none."""
    try:
        engine: Engine = module_for(f"ai.{key}", "engine").ENGINE
    except ModuleNotFoundError as exc:  # no package for the game at all
        if exc.name != f"ai.{key}":
            raise
        raise KeyError(f"ai has no engine for the game {key!r}") from None
    return engine


def evaluate(state: State, player: str, careful: bool = True) -> float:
    """The value of ``state`` for ``player``: ±``WIN`` for a finished game, its engine's judgement otherwise.

    ``careful=False`` leaves out what weaker levels do not know (Krepost: the turns left before the count).
    """
    return engine_for(state.game_key).value(state, player, careful)
