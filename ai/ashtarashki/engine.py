"""The Ashtarashki engine: material and progress, compulsory captures followed past the depth, and the
exact endgame solver (:mod:`ai.ashtarashki.solver`) for the master with few unfinished stones."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ai.ashtarashki.solver import EndgameProofs, EndgameSolver, KeptSolvers, Unsolved, active_stones
from ai.engine import Engine, Plan
from ai.search import WIN, SearchResult, search
from rules.ashtarashki import AshtarashkiState
from rules.ashtarashki.board import FINISH_RANK, M, V, owner_of, state_of, stone

# Endgames with at most this many unfinished stones go to the exact solver first, for this share of
# the time budget (about 1.8 million positions a second here). The search after an unfinished proof
# rarely saves a sharp endgame, so the proof gets nearly all the time.
ENDGAME_STONES = 8
ENDGAME_SHARE = 0.9
FIXED_DEPTH_POSITIONS = 1_000_000
KEPT = KeptSolvers()

_STONE = {M: 10.0, V: 7.0, 2: 4.0}


def judge(state: AshtarashkiState, player: str, careful: bool = True) -> float:
    """Stones by kind, finished stones, and how far the others have come."""
    me = 0 if player == "white" else 1
    value = 0.0
    for square, code in enumerate(state.board):
        if not code:
            continue
        owner = owner_of(code)
        rank = square // 8
        finished = rank == FINISH_RANK[owner]
        worth = _STONE[state_of(code)] + (8.0 if finished else 0.4 * (rank if owner == 0 else 7 - rank))
        value += worth if owner == me else -worth
    return value


def order(state: AshtarashkiState, move: Any) -> float:
    """Long captures first, retreats last."""
    return 10.0 * len(getattr(move, "captured", ())) + (0.0 if getattr(move, "kind", "") == "retreat" else 1.0)


class AshtarashkiEngine(Engine):
    key = "ashtarashki"
    plans: Mapping[str, Plan] = MappingProxyType({
        "easy": Plan(1, None), "normal": Plan(3, None), "hard": Plan(5, 0.5), "master": Plan(30, 1.0),
    })

    def judge(self, state: Any, player: str, careful: bool = True) -> float:
        return judge(state, player, careful)

    def order(self, state: Any, move: Any) -> float:
        return order(state, move)

    def forcing(self, state: Any) -> bool:
        """Captures are compulsory: when the first legal move captures, every one does."""
        moves = state.legal_moves()
        return bool(moves) and moves[0].kind == "capture"

    def gain(self, before: Any, after: Any, player: str) -> float:
        enemy = "black" if player == "white" else "white"
        return float(before.stones(enemy) - after.stones(enemy))

    def analyse(self, state: Any, *, level: str, plan: Plan, time_budget: float, seed: int | None,
                depth: int | None, cancel: threading.Event | None) -> SearchResult:
        began = time.perf_counter()
        avoid: frozenset[Any] = frozenset()
        if level == "master" and active_stones(state) <= ENDGAME_STONES:
            # With a time limit the solver is one kept from earlier moves: what it proved then serves now. A fixed
            # depth plays the same move at any speed and after any history: a fresh solver, a fixed number of positions.
            solving = KEPT.lent(began + ENDGAME_SHARE * time_budget) if depth is None else \
                contextlib.nullcontext(EndgameSolver(FIXED_DEPTH_POSITIONS))
            with solving as solver:
                done = solver.positions
                try:
                    solution = solver.solve(state)
                except Unsolved:
                    avoid = solver.losing_moves(state)  # what the unfinished proof already settled
                else:
                    won = solution.winner == state.to_play
                    return SearchResult(solution.move, WIN if won else -WIN, 0, solver.positions - done,
                                        time.perf_counter() - began)
        left = None  # a fixed depth, or a level without a time limit
        if depth is None and plan.budget_share is not None:  # what the solver used is charged to the search
            left = max(0.05 * time_budget, time_budget * plan.budget_share - (time.perf_counter() - began))
        return search(state, max_depth=depth or plan.depth, time_budget=left, seed=seed, cancel=cancel, beam=plan.beam,
                      exclude=avoid, noise=plan.noise, careful=plan.careful, engine=self)

    def proofs(self, stop: Callable[[], bool] | None = None) -> EndgameProofs:
        return EndgameProofs(ENDGAME_STONES, stop=stop)

    def warm_up(self) -> None:
        """Compile the endgame prover (a few seconds, once per process)."""
        EndgameSolver(1_000).won(AshtarashkiState.start(board=_WARM_UP, to_play="white"))


_WARM_UP = tuple(stone(1, M, 1) if square == 62 else stone(0, M, 2) if square == 9 else 0 for square in range(64))

ENGINE = AshtarashkiEngine()
