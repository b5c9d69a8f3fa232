"""The Krepost engine: the count, the fortresses' fronts, surrounded detachments and (the master's finer
knowledge) the ways out of every detachment (:func:`ai.krepost.judge.judge`), searched by the compiled search
(:mod:`ai.krepost.search`). Easy and normal search one and two turns deep without that knowledge; hard
searches three with it for the enemy's detachments only (it attacks, but does not see its own stones' ways
out); the master searches as deep as its budget allows with all of it."""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ai.engine import Engine, Plan
from ai.krepost import core as krepost_core
from ai.krepost import judge as krepost_judge
from ai.krepost import search as krepost_search
from ai.search import SearchResult
from rules.krepost import KrepostMove, KrepostState
from rules.krepost.geometry import SQUARE_INDEX

PROGRESS_SHARE = 0.7  # of the budget, for the turns that undo none of the player's recent turns
CLEARLY_BETTER = 5.0  # half a point of the count: what a turn back must win over the best turn onward


def judge(state: KrepostState, player: str, careful: bool = True, one_sided: bool = False) -> float:
    """The count as it stands, open fronts and surrounded detachments; with ``careful``, also the stones that
    cannot be placed in time, the ways out of every detachment (``one_sided``: of the enemy's only) and the
    nearness of the count."""
    neighbours, flags, fronts = krepost_core.tables(state.fortress_size)
    board, info, params = krepost_core.arrays(state)
    return float(krepost_judge.judge(board, info, params, neighbours, flags, fronts, 0 if player == "white" else 1,
                                    krepost_judge.knowledge_of(careful, one_sided)))


def _takes(state: KrepostState) -> bool:
    """Whether the player to move can take a prisoner this turn."""
    return any(move.prisoner is not None for move in state.legal_moves())


class KrepostEngine(Engine):
    key = "krepost"
    plans: Mapping[str, Plan] = MappingProxyType({"easy": Plan(1, None, noise=10, careful=False),
             "normal": Plan(2, None, noise=6, careful=False),
             "hard": Plan(3, 0.5, beam=8, one_sided=True), "master": Plan(12, 1.0, beam=10)})

    def judge(self, state: Any, player: str, careful: bool = True) -> float:
        return judge(state, player, careful)

    def hazard(self, state: Any, move: Any, after: Any) -> tuple[str, Any] | None:
        """A turn that leaves the opponent a prisoner to take at once, where another turn (one that takes a prisoner
        itself, or after which none can be taken) would not: ``("prisoner_given", that turn)``."""
        mover = state.to_play
        if move.prisoner is not None or after.outcome() is not None or after.to_play == mover or not _takes(after):
            return None
        for other in state.legal_moves():
            if other == move:
                continue
            reached = state.play(other)
            if other.prisoner is not None or reached.outcome() is not None or not _takes(reached):
                return "prisoner_given", other
        return None

    def gain(self, before: Any, after: Any, player: str) -> float:
        return float(after.prisoners_of(player) - before.prisoners_of(player))

    def analyse(self, state: Any, *, level: str, plan: Plan, time_budget: float, seed: int | None,
                depth: int | None, cancel: threading.Event | None, exclude: frozenset[int] = frozenset()) -> SearchResult:
        """The level's search (turns whose codes are in ``exclude`` only when every turn is)."""
        began = time.perf_counter()
        budget = None if depth is not None or plan.budget_share is None else time_budget * plan.budget_share

        def searched(seconds: float | None, excluded: frozenset[int]) -> SearchResult:
            return krepost_search.search(state, max_depth=depth or plan.depth, time_budget=seconds, seed=seed,
                                         cancel=cancel, beam=plan.beam, noise=plan.noise, careful=plan.careful,
                                         one_sided=plan.one_sided, exclude=excluded)

        result = searched(budget, exclude)
        if level != "master":
            return result
        # The master never leaves a detachment to be taken next turn while a quiet turn keeps every stone safe.
        legal = krepost_search.legal_codes(state)
        codes = [code for code in legal if code not in exclude] or legal
        unsafe = krepost_search.unsafe_codes(state, codes)
        if krepost_search.code_of(state, result.move) not in unsafe or len(unsafe) == len(codes):
            return result
        left = None if budget is None else max(0.05 * time_budget, budget - (time.perf_counter() - began))
        return searched(left, exclude | unsafe)

    def analyse_after(self, state: Any, recent: Sequence[Any], **search: Any) -> SearchResult:
        """The master and hard prefer progress: a turn that undoes one of the player's ``recent`` turns (``b4-b2``
        after ``b2-b4``) is played only when it is clearly better than every other turn."""
        undoing = _undoing(state, recent)
        codes = krepost_search.legal_codes(state)
        if search["level"] not in ("hard", "master") or not undoing or len(undoing) == len(codes):
            return self.analyse(state, **search)
        budget = search["time_budget"]  # (a fixed depth ignores it)
        onward = self.analyse(state, **{**search, "time_budget": budget * PROGRESS_SHARE}, exclude=undoing)
        back = self.analyse(state, **{**search, "time_budget": budget * (1 - PROGRESS_SHARE)},
                            exclude=frozenset(codes) - undoing)
        return back if back.value > onward.value + CLEARLY_BETTER else onward

    def searched(self, state: Any, depth: int) -> SearchResult:
        plan = self.plans["master"]
        return krepost_search.search(state, max_depth=depth, time_budget=None, seed=0, beam=plan.beam,
                                     careful=plan.careful, one_sided=plan.one_sided)

    def warm_up(self) -> None:
        krepost_search.warm_up()


def _undoing(state: KrepostState, recent: Sequence[Any]) -> frozenset[int]:
    """The codes of the turns that take a stone back where one of the ``recent`` steps or jumps took it from."""
    backs = {(SQUARE_INDEX[move.squares[-1]], SQUARE_INDEX[move.squares[0]]) for move in recent
             if isinstance(move, KrepostMove) and len(move.squares) > 1 and not move.prisoner}
    return frozenset(code for code in krepost_search.legal_codes(state) if krepost_core.decode(code)[:2] in backs)


ENGINE = KrepostEngine()
