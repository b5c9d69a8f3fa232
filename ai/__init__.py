"""Choosing moves for the bot's own side. Imports the rules core only.

``choose(state, level=…, time_budget=…, seed=…)`` is the one entry point; ``LEVELS`` lists the
strengths from weakest to strongest:

- ``beginner`` plays a random legal move;
- ``easy`` looks one move ahead;
- ``normal`` searches two to three plies;
- ``hard`` and ``master`` search deeper and deeper within the time budget (``hard`` uses half);
- in Krepost ``easy``, ``normal`` and ``hard`` search one, two and three plies and lack the judgement's
  finer knowledge (every detachment's ways out, the turns left before the count), which ``master`` has;
  ``easy`` and ``normal`` also blur their judgement;
- in a Kamisado round without teeth, ``master`` plays perfectly: from the opening book as the
  starter, and as the second player after a losing first move; with the round solver otherwise
  (see :mod:`ai.kamisado.rounds`); in an Ashtarashki
  endgame with up to eight unfinished stones it plays the exact solver's move when it finishes in time
  (:mod:`ai.ashtarashki.solver`).

>>> from rules import get_game
>>> state = get_game("ashtarashki").new_state()
>>> choose(state, level="normal", seed=1) in state.legal_moves()
True
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from typing import Any

from ai.baseline import greedy_move, random_move
from ai.engine import Engine, Plan, engine_for
from ai.search import SearchResult
from ai.warming import prepare, ready_within
from rules.core import State
from rules.registry import all_games

LEVELS: tuple[str, ...] = ("beginner", "easy", "normal", "hard", "master")


def plans() -> dict[str, dict[str, Plan]]:
    """Every game's plan for every level above the beginner."""
    return {game.key: dict(engine_for(game.key).plans) for game in all_games()}


def analyse(state: State, *, level: str = "normal", time_budget: float = 1.0, seed: int | None = None,
            depth: int | None = None, cancel: threading.Event | None = None,
            recent: Sequence[Any] = ()) -> SearchResult | None:
    """The search behind :func:`choose` (``None`` for the random beginner)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    if level == "beginner":
        return None
    engine = engine_for(state.game_key)
    plan = engine.plans[level]
    search: dict[str, Any] = {"level": level, "plan": plan, "time_budget": time_budget, "seed": seed, "depth": depth,
                              "cancel": cancel}
    if recent:
        return engine.analyse_after(state, recent, **search)
    return engine.analyse(state, **search)


def choose(state: State, *, level: str = "normal", time_budget: float = 1.0, seed: int | None = None,
           depth: int | None = None, cancel: threading.Event | None = None, recent: Sequence[Any] = ()) -> Any:
    """A legal move of ``state`` for the player to move, at ``level`` within about ``time_budget`` seconds.

    ``depth`` fixes the search depth (no time limit): then the same state, level, depth and seed
    always give the same move. ``cancel`` stops a search early (the best move found so far is
    returned). ``recent`` are the player's own latest moves (latest last): among moves of equal worth a
    level may prefer progress to undoing them. Raises :class:`ValueError` for an unknown level or a
    finished game.
    """
    result = analyse(state, level=level, time_budget=time_budget, seed=seed, depth=depth, cancel=cancel,
                     recent=recent)
    if result is None:
        return random_move(state, random.Random(seed))
    move = result.move
    if move not in state.legal_moves():  # the engine works on the rules' own states: this never happens
        raise AssertionError(f"the engine chose an illegal move {move!r}")
    return move


def warm_up() -> None:
    """Compile the engines that compile themselves (Kamisado's search, Ashtarashki's prover) before the first move."""
    for game in all_games():
        engine_for(game.key).warm_up()


__all__ = [
    "LEVELS", "Engine", "Plan", "analyse", "choose", "engine_for", "greedy_move", "plans", "prepare", "random_move",
    "ready_within", "warm_up",
]
