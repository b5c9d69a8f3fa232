"""Choosing moves for the bot's own side. Imports the rules core only.

``choose(state, level=…, time_budget=…, seed=…)`` is the one entry point; ``LEVELS`` lists the
strengths from weakest to strongest:

- ``beginner`` plays a random legal move;
- ``easy`` looks one move ahead;
- ``normal`` searches two to three plies;
- ``hard`` and ``master`` search deeper and deeper within the time budget (``hard`` uses half);
- in Krepost the levels below master also blur their judgement and now and then play a careless
  (random) move, as often as their :class:`Plan`'s ``slip`` says: careful players draw that game;
- in a Kamisado round without teeth, ``master`` plays perfectly: from the opening book as the
  starter, with the round solver otherwise (see :mod:`ai.kamisado_round`); in an Ashtarashki
  endgame with few stones it plays the exact solver's move (:mod:`ai.ashtarashki_solver`).

>>> from rules import get_game
>>> state = get_game("ashtarashki").new_state()
>>> choose(state, level="normal", seed=1) in state.legal_moves()
True
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import Any

from ai import kamisado_engine
from ai.ashtarashki_solver import Unsolved, active_stones
from ai.ashtarashki_solver import solve as solve_endgame
from ai.baseline import greedy_move, random_move
from ai.evaluate import WIN
from ai.kamisado_round import advise, is_round_without_teeth
from ai.search import SearchResult, search
from rules.ashtarashki import AshtarashkiState
from rules.core import State
from rules.kamisado import KamisadoState

# About how many positions the round solver settles in a second; it gets a share of the time budget.
ROUND_SOLVER_NODES_PER_SECOND = 4_000
# Ashtarashki endgames with at most this many unfinished stones go to the exact solver first.
ENDGAME_STONES = 6
ENDGAME_POSITIONS_PER_SECOND = 12_000

LEVELS: tuple[str, ...] = ("beginner", "easy", "normal", "hard", "master")


@dataclass(frozen=True)
class Plan:
    """How deep a level searches in one game, and how many moves it keeps at inner nodes."""

    depth: int
    budget_share: float | None  # share of the time budget; None: no time limit (fixed depth)
    beam: int | None = None
    noise: float = 0.0  # blur of the evaluation: weaker levels misjudge more
    careful: bool = True  # whether the evaluation has the finer knowledge (see ai.evaluate)
    slip: float = 0.0  # chance per move of a careless move (a random legal one) instead of the searched one


PLANS: dict[str, dict[str, Plan]] = {
    "kamisado": {"easy": Plan(1, None), "normal": Plan(3, None), "hard": Plan(8, 0.5), "master": Plan(30, 1.0)},
    "ashtarashki": {"easy": Plan(1, None), "normal": Plan(3, None), "hard": Plan(5, 0.5), "master": Plan(30, 1.0)},
    # Between careful Krepost players the first count is 0-0 (see the README): levels differ by their slips.
    "krepost": {"easy": Plan(1, None, noise=10, careful=False, slip=0.25),
                "normal": Plan(2, None, beam=6, noise=6, careful=False, slip=0.16),
                "hard": Plan(3, 0.5, beam=8, noise=3, careful=False, slip=0.08), "master": Plan(4, 1.0, beam=10)},
}


def careless_move(state: State, plan: Plan, seed: int | None) -> Any:
    """The random move a level makes instead of searching, with the chance ``plan.slip``; else ``None``.

    Decided by ``seed`` alone, so the same seed always slips or always searches.
    """
    careless = random.Random(seed)
    if plan.slip and careless.random() < plan.slip:
        return random_move(state, careless)
    return None


def analyse(state: State, *, level: str = "normal", time_budget: float = 1.0, seed: int | None = None,
            depth: int | None = None, cancel: threading.Event | None = None) -> SearchResult | None:
    """The search behind :func:`choose` (``None`` for the random beginner)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    if level == "beginner":
        return None
    plan = PLANS[state.game_key][level]
    slip = careless_move(state, plan, seed)
    if slip is not None:
        return SearchResult(slip, 0.0, 0, 0, 0.0)
    budget = None if depth is not None or plan.budget_share is None else time_budget * plan.budget_share
    avoid: frozenset[Any] = frozenset()
    if level == "master" and is_round_without_teeth(state):
        began = time.perf_counter()
        advice = advise(state, node_limit=int(ROUND_SOLVER_NODES_PER_SECOND * time_budget))  # type: ignore[arg-type]
        if advice is not None and advice.move is not None:
            return SearchResult(advice.move, WIN if advice.proven == "win" else -WIN, 0, 0, time.perf_counter() - began)
        avoid = advice.avoid if advice is not None else avoid
    if level == "master" and isinstance(state, AshtarashkiState) and active_stones(state) <= ENDGAME_STONES:
        began = time.perf_counter()
        try:
            solution = solve_endgame(state, node_limit=int(ENDGAME_POSITIONS_PER_SECOND * time_budget))
        except Unsolved:
            pass
        else:
            won = solution.winner == state.to_play
            return SearchResult(solution.move, WIN if won else -WIN, 0, solution.positions,
                                time.perf_counter() - began)
    if isinstance(state, KamisadoState):
        return kamisado_engine.search(state, max_depth=depth or plan.depth, time_budget=budget, seed=seed, cancel=cancel,
                                      exclude=avoid)
    return search(state, max_depth=depth or plan.depth, time_budget=budget, seed=seed, cancel=cancel, beam=plan.beam,
                  exclude=avoid, noise=plan.noise, careful=plan.careful)


def choose(state: State, *, level: str = "normal", time_budget: float = 1.0, seed: int | None = None,
           depth: int | None = None, cancel: threading.Event | None = None) -> Any:
    """A legal move of ``state`` for the player to move, at ``level`` within about ``time_budget`` seconds.

    ``depth`` fixes the search depth (no time limit): then the same state, level, depth and seed
    always give the same move. ``cancel`` stops a search early (the best move found so far is
    returned). Raises :class:`ValueError` for an unknown level or a finished game.
    """
    result = analyse(state, level=level, time_budget=time_budget, seed=seed, depth=depth, cancel=cancel)
    if result is None:
        return random_move(state, random.Random(seed))
    move = result.move
    if move not in state.legal_moves():  # the engine works on the rules' own states: this never happens
        raise AssertionError(f"the engine chose an illegal move {move!r}")
    return move


def warm_up() -> None:
    """Prepare the engines that compile themselves (Kamisado's), so the first move is not slow."""
    kamisado_engine.warm_up()


__all__ = ["LEVELS", "analyse", "choose", "greedy_move", "random_move", "warm_up"]
