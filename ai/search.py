"""Iterative-deepening alpha-beta over rules-core states, for any game without a compiled search of its
own (Ashtarashki; Kamisado and Krepost have theirs, :mod:`ai.kamisado.alphabeta` and :mod:`ai.krepost.search`).

Moves that keep the same player to move (an extra turn) are
searched without changing sides. A transposition table, per-game move ordering and an optional
beam (only the most promising moves at the inner nodes) keep the tree small.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.core import State

if TYPE_CHECKING:
    from ai.engine import Engine

WIN = 1_000_000.0  # a won game: worth far more than anything an evaluation gives
MAX_EXTENSION = 8


class SearchStopped(Exception):
    """The time budget ran out or the search was cancelled."""


@dataclass
class SearchResult:
    move: Any
    value: float
    depth: int
    nodes: int
    seconds: float


class Searcher:
    """One search: limits, statistics and the transposition table."""

    def __init__(self, engine: Engine, *, deadline: float | None, cancel: threading.Event | None, beam: int | None,
                 rng: random.Random, noise: float = 0.0, careful: bool = True) -> None:
        self.engine = engine
        self.noise = noise
        self.careful = careful
        self.deadline = deadline
        self.cancel = cancel
        self.beam = beam
        self.rng = rng
        self.nodes = 0
        self.table: dict[Any, tuple[int, float, int, Any]] = {}

    def _check(self) -> None:
        self.nodes += 1
        if self.nodes & 63 == 0:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SearchStopped
            if self.cancel is not None and self.cancel.is_set():
                raise SearchStopped

    def ordered(self, state: State, moves: list[Any], best: Any, depth: int) -> list[Any]:
        ranked = sorted(moves, key=lambda m: self.engine.order(state, m), reverse=True)
        if best is not None and best in ranked:
            ranked.remove(best)
            ranked.insert(0, best)
        if self.beam is not None and depth >= 2 and len(ranked) > self.beam:
            player = state.to_play or ""
            scored = sorted(ranked, key=lambda m: self.engine.value(state.play(m), player), reverse=True)
            keep = scored[: self.beam]
            if best is not None and best in ranked and best not in keep:
                keep.insert(0, best)
            return keep
        return ranked

    def value(self, state: State, depth: int, alpha: float, beta: float, ply: int, extended: int = 0) -> float:
        """The value of ``state`` for its player to move, searched ``depth`` plies deep.

        A forced sequence (Ashtarashki's compulsory captures) is followed past the depth, up to
        :data:`MAX_EXTENSION` plies, so the search never stops in the middle of an exchange.
        """
        self._check()
        player = state.to_play or ""
        if depth <= 0:
            if extended >= MAX_EXTENSION or not self.engine.forcing(state):
                return self._judge(state, player)
            depth, extended = 1, extended + 1
        key = _key(state)
        entry = self.table.get(key)
        best_move = None
        if entry is not None:
            stored_depth, stored_value, flag, best_move = entry
            fits = flag == 0 or (flag < 0 and stored_value <= alpha) or (flag > 0 and stored_value >= beta)
            if stored_depth >= depth and fits:
                return stored_value
        original_alpha = alpha
        best_value = -2 * WIN
        chosen = None
        for move in self.ordered(state, list(state.legal_moves()), best_move, depth):
            child = state.play(move)
            if child.outcome() is not None:
                result = self.engine.value(child, player)
                result = result - ply if result > 0 else (result + ply if result < 0 else result)
            elif child.to_play == player:
                result = self.value(child, depth - 1, alpha, beta, ply + 1, extended)
            else:
                result = -self.value(child, depth - 1, -beta, -alpha, ply + 1, extended)
            if result > best_value:
                best_value, chosen = result, move
            alpha = max(alpha, result)
            if alpha >= beta:
                break
        flag = 0 if original_alpha < best_value < beta else (-1 if best_value <= original_alpha else 1)
        self.table[key] = (depth, best_value, flag, chosen)
        return best_value

    def _judge(self, state: State, player: str) -> float:
        """The evaluation, blurred by the level's noise (weaker levels misjudge positions more)."""
        value = self.engine.value(state, player, self.careful)
        if self.noise and abs(value) < WIN / 2:
            value += self.rng.gauss(0.0, self.noise)
        return value

    def root(self, state: State, depth: int, first: Any, moves: list[Any]) -> tuple[Any, float]:
        """The best of ``moves`` at the root, searching ``first`` before the others."""
        player = state.to_play or ""
        moves = list(moves)
        self.rng.shuffle(moves)
        ordered = self.ordered(state, moves, first, depth)
        best_move, best_value = ordered[0], -2 * WIN
        alpha, beta = -2 * WIN, 2 * WIN
        for move in ordered:
            child = state.play(move)
            if child.outcome() is not None:
                result = self.engine.value(child, player)
            elif child.to_play == player:
                result = self.value(child, depth - 1, alpha, beta, 1)
            else:
                result = -self.value(child, depth - 1, -beta, -alpha, 1)
            if result > best_value:
                best_move, best_value = move, result
            alpha = max(alpha, result)
        return best_move, best_value


def _key(state: State) -> Any:
    data = getattr(state, "__dataclass_fields__", None)
    if data is None:
        return id(state)
    return tuple(getattr(state, name) for name in data if not name.startswith("_") and name not in ("rounds", "passes"))


def search(state: State, *, max_depth: int, time_budget: float | None, seed: int | None = None,
           cancel: threading.Event | None = None, beam: int | None = None,
           exclude: frozenset[Any] = frozenset(), noise: float = 0.0, careful: bool = True,
           engine: Engine | None = None) -> SearchResult:
    """Search deeper and deeper until ``max_depth`` or the time budget; return the last full result.

    With ``time_budget=None`` the search always reaches ``max_depth``, so the same seed gives the
    same move. Moves in ``exclude`` are not played at the root unless every move is excluded.
    ``noise`` blurs the evaluation (a standard deviation, in evaluation points) and ``careful=False``
    leaves out the finer knowledge, for weaker levels. ``engine`` judges positions (the game's own by default).
    """
    if engine is None:
        from ai.engine import engine_for  # the engines use this search: imported here, not at the top

        engine = engine_for(state.game_key)
    began = time.perf_counter()
    deadline = None if time_budget is None else began + time_budget
    searcher = Searcher(engine, deadline=deadline, cancel=cancel, beam=beam, rng=random.Random(seed), noise=noise,
                        careful=careful)
    moves = list(state.legal_moves())
    if not moves:
        raise ValueError("no legal move: the game is over")
    moves = [move for move in moves if move not in exclude] or moves
    best: Any = moves[0]
    value = 0.0
    reached = 0
    for depth in range(1, max_depth + 1):
        searcher.deadline = None if depth == 1 else deadline  # the first iteration always finishes
        try:
            best, value = searcher.root(state, depth, best if reached else None, moves)
        except SearchStopped:
            break
        reached = depth
        if abs(value) >= WIN / 2:
            break  # a forced result is found
    return SearchResult(best, value, reached, searcher.nodes, time.perf_counter() - began)
