"""The Kamisado engine: the compiled search (:mod:`ai.kamisado.alphabeta`), and for the master the proven
round play (:mod:`ai.kamisado.rounds`) in rounds without teeth."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from ai.engine import Engine, Plan
from ai.kamisado import alphabeta as kamisado_engine
from ai.kamisado.rounds import RoundProofs, advise, is_round_without_teeth, round_winner
from ai.search import WIN, SearchResult

# About how many positions the round solver settles in a second; it gets a share of the time budget.
ROUND_SOLVER_NODES_PER_SECOND = 4_000
PROOF_SHARE = 0.6  # of the time budget, at most, for the round solver; the search gets the rest


class KamisadoEngine(Engine):
    key = "kamisado"
    plans: Mapping[str, Plan] = MappingProxyType({
        "easy": Plan(1, None), "normal": Plan(3, None), "hard": Plan(8, 0.5), "master": Plan(30, 1.0),
    })

    def gain(self, before: Any, after: Any, player: str) -> float:
        return float(after.score[player] - before.score[player]) * 100

    def analyse(self, state: Any, *, level: str, plan: Plan, time_budget: float, seed: int | None,
                depth: int | None, cancel: threading.Event | None) -> SearchResult:
        began = time.perf_counter()
        result = self._analyse(state, level=level, plan=plan, time_budget=time_budget, seed=seed, depth=depth,
                               cancel=cancel)
        if level not in ("hard", "master"):
            return result
        left = None if depth is not None else max(0.05 * time_budget, time_budget - (time.perf_counter() - began))
        return self.holding(state, result, depth=depth or plan.depth, time_budget=left, seed=seed, cancel=cancel)

    def holding(self, state: Any, result: SearchResult, *, depth: int, time_budget: float | None, seed: int | None,
                cancel: threading.Event | None = None) -> SearchResult:
        """``result``, unless its move gives the round away at once while another move holds: then the
        best of the moves that hold. A search cut short (a proof that ran out of time, a loaded machine)
        must never throw a round away at once."""
        if result.move is None or not loses_at_once(state, result.move):
            return result
        losing = frozenset(m for m in state.legal_moves() if loses_at_once(state, m))
        if len(losing) == len(state.legal_moves()):
            return result
        return kamisado_engine.search(state, max_depth=depth, time_budget=time_budget, seed=seed, cancel=cancel,
                                      exclude=losing)

    def _analyse(self, state: Any, *, level: str, plan: Plan, time_budget: float, seed: int | None,
                 depth: int | None, cancel: threading.Event | None) -> SearchResult:
        avoid: frozenset[Any] = frozenset()
        began = time.perf_counter()
        if level == "master" and is_round_without_teeth(state):
            deadline = None if depth is not None else began + time_budget * PROOF_SHARE
            advice = advise(state, node_limit=int(ROUND_SOLVER_NODES_PER_SECOND * time_budget), deadline=deadline)
            if advice is not None and advice.move is not None:
                value = WIN if advice.proven == "win" else -WIN
                return SearchResult(advice.move, value, 0, 0, time.perf_counter() - began)
            avoid = advice.avoid if advice is not None else avoid
        budget = None if depth is not None or plan.budget_share is None else time_budget * plan.budget_share
        if budget is not None:  # what the proofs used is charged to the move's budget
            budget = max(0.05 * time_budget, budget - (time.perf_counter() - began))
        return kamisado_engine.search(state, max_depth=depth or plan.depth, time_budget=budget, seed=seed, cancel=cancel,
                                      exclude=avoid)

    def searched(self, state: Any, depth: int) -> SearchResult:
        return kamisado_engine.search(state, max_depth=depth, time_budget=None, seed=0)

    def proofs(self, stop: Callable[[], bool] | None = None) -> RoundProofs:
        return RoundProofs(stop=stop)

    def warm_up(self) -> None:
        kamisado_engine.warm_up()


def loses_at_once(state: Any, move: Any) -> bool:
    """Whether ``move`` gives the opponent the round at once: it ends the round against its player, or
    some reply of the opponent wins it (a match's score or a single game's end)."""
    player = state.to_play
    opponent = "white" if player == "black" else "black"
    after = state.play(move)
    if round_winner(state, after) == opponent:
        return True
    if after.to_play != opponent or after.outcome() is not None:
        return False
    return any(round_winner(after, after.play(reply)) == opponent for reply in after.legal_moves())


ENGINE = KamisadoEngine()
