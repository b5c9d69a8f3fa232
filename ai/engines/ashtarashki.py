"""The Ashtarashki engine: material and progress, compulsory captures followed past the depth, and the
exact endgame solver (:mod:`ai.ashtarashki_solver`) for the master with few unfinished stones."""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ai.ashtarashki_solver import Unsolved, active_stones
from ai.ashtarashki_solver import solve as solve_endgame
from ai.engine import Engine, Plan
from ai.search import WIN, SearchResult
from rules.ashtarashki import AshtarashkiState
from rules.ashtarashki.board import FINISH_RANK, M, V, owner_of, state_of

# Endgames with at most this many unfinished stones go to the exact solver first.
ENDGAME_STONES = 6
ENDGAME_POSITIONS_PER_SECOND = 12_000

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
        if level == "master" and active_stones(state) <= ENDGAME_STONES:
            try:
                solution = solve_endgame(state, node_limit=int(ENDGAME_POSITIONS_PER_SECOND * time_budget))
            except Unsolved:
                pass
            else:
                won = solution.winner == state.to_play
                return SearchResult(solution.move, WIN if won else -WIN, 0, solution.positions,
                                    time.perf_counter() - began)
        left = max(0.05 * time_budget, time_budget - (time.perf_counter() - began))  # a failed attempt is charged
        return super().analyse(state, level=level, plan=plan, time_budget=left, seed=seed, depth=depth, cancel=cancel)


ENGINE = AshtarashkiEngine()
