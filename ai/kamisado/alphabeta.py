"""Alpha-beta for Kamisado on a compact board of its own; the rules core checks every move it returns.

The search itself is compiled (:mod:`ai.kamisado.core`): iterative deepening over a transposition
table, an instant-win ("strike") test at every node, moves ordered by the table's best move, then by
whether they hand the opponent a strike, the opponent mobility they force and their advance.
Pushes, sumo ranges, passes and deadlocks follow the rules core; round wins count the points they
score, so a sumo's win is worth more. The refill choice is made by searching the round each choice
starts.

>>> from rules import get_game
>>> state = get_game("kamisado").new_state(match="standard")
>>> result = search(state, max_depth=3, time_budget=None)
>>> result.move in state.legal_moves() and result.depth == 3
True
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import numpy as np

from ai.kamisado import core as core
from ai.kamisado import search as compiled
from ai.search import SearchResult
from rules.kamisado import KamisadoMove, KamisadoState
from rules.kamisado.board import COLOUR_INDEX, PLAYER_INDEX, SQUARE_INDEX, SQUARE_NAMES
from rules.kamisado.moves import SUMO_MATCHES

WIN, MATE_MARGIN, FREE = core.WIN, core.MATE_MARGIN, core.FREE
# Nodes a second assumed before the first iteration measures it; each iteration is given as many
# nodes as the time left allows at the measured rate.
FIRST_RATE = 300_000
_tables = threading.local()


class Board:
    """A rules-core state as the compiled core's arrays."""

    def __init__(self, state: KamisadoState) -> None:
        self.board = np.array(state.board, np.int64)
        self.squares = np.array(state.squares, np.int64)
        self.teeth = np.array(state.teeth, np.int64)
        self.reach = core.RANGE[self.teeth].copy()
        forced = FREE if state.forced is None else COLOUR_INDEX[state.forced]
        self.turn = np.array([PLAYER_INDEX[state.to_play or "black"], forced, int(state.match in SUMO_MATCHES)], np.int64)
        self.hashes = np.array([core.position_hash(self.squares, self.turn)], np.int64)

    @property
    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        return self.board, self.squares, self.teeth, self.reach, self.turn, self.hashes

    def moves(self) -> list[int]:
        out = np.zeros(core.MAX_MOVES, np.int64)
        count = core.generate(self.board, self.squares, self.teeth, self.reach, self.turn, out)
        return [int(code) for code in out[:count]]

    def play(self, code: int) -> tuple[np.ndarray, int]:
        """Make a move in place; return the undo record and the round's score for the mover (0: goes on)."""
        undo = np.zeros(5, np.int64)
        result = core.make(*self.arrays, code, undo)
        return undo, int(result)

    def undo(self, undo: np.ndarray) -> None:
        core.unmake(self.board, self.squares, self.turn, self.hashes, undo)

    def strike(self) -> int | None:
        code = int(compiled.strike(self.board, self.squares, self.reach, self.turn))
        return None if code == core.NO_MOVE else code


def _buffers() -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """This thread's transposition table and work arrays (searches in other threads have their own)."""
    if not hasattr(_tables, "table"):
        _tables.table = compiled.new_table()
        _tables.work = (np.zeros((core.MAX_PLY, core.MAX_MOVES), np.int64),
                        np.zeros((core.MAX_PLY, core.MAX_MOVES), np.int64),
                        np.zeros((core.MAX_PLY, 5), np.int64))
    return _tables.table, _tables.work


def warm_up() -> None:
    """Compile the engine now (a few seconds, once per process) rather than on the first move."""
    from rules import get_game

    state = get_game("kamisado").new_state(match="standard")
    assert isinstance(state, KamisadoState)
    search(state, max_depth=2, time_budget=None)


def to_move(state: KamisadoState, code: int) -> KamisadoMove:
    """The rules core's move for an engine move code (checked legal)."""
    tower, end, push = code >> 7, code >> 1 & 63, bool(code & 1)
    start = SQUARE_NAMES[state.squares[tower]]
    for move in state.legal_moves():
        if isinstance(move, KamisadoMove) and move.start == start and move.push == push and (
                push or move.end == SQUARE_NAMES[end]):
            return move
    raise AssertionError(f"the engine's move {code} is not legal here")


def code_of(state: KamisadoState, move: KamisadoMove) -> int:
    tower = state.board[SQUARE_INDEX[move.start]]
    end = SQUARE_INDEX[move.end]
    return (tower * 64 + end) * 2 + int(move.push)


def search(state: KamisadoState, *, max_depth: int, time_budget: float | None, seed: int | None = None,
           cancel: threading.Event | None = None, exclude: frozenset[Any] = frozenset()) -> SearchResult:
    """Iterative deepening until ``max_depth`` or the time budget (None: always reach ``max_depth``).

    Moves in ``exclude`` (known to lose) are searched only when every move is excluded.
    In the refill phase both refill choices are compared by searching the round each one starts.
    """
    began = time.perf_counter()
    deadline = None if time_budget is None else began + time_budget
    if state.phase == "refill":
        return _refill(state, max_depth, deadline, cancel, began)
    board = Board(state)
    hit = board.strike()
    if hit is not None:
        return SearchResult(to_move(state, hit), float(WIN), 1, 1, time.perf_counter() - began)
    order = board.moves()
    if not order:
        raise ValueError("no legal move: the round is over")
    order = [code for code in order if to_move(state, code) not in exclude] or order
    random.Random(seed).shuffle(order)
    candidates = np.array(order + [0] * (core.MAX_MOVES - len(order)), np.int64)
    (keys, depths, values, flags, best_moves), (moves, scores, undos) = _buffers()
    depths[:] = -1  # a fresh table for every search: the same seed and depth give the same move
    best, value, reached, nodes, rate = order[0], 0, 0, 0, float(FIRST_RATE)
    for depth in range(1, max_depth + 1):
        if cancel is not None and cancel.is_set():
            break
        limit = 10**15
        if deadline is not None and depth > 1:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            limit = int(rate * left)
        counters = np.array([0, limit, 0], np.int64)
        iteration_began = time.perf_counter()
        code, score = compiled.root(*board.arrays, keys, depths, values, flags, best_moves, moves, scores, undos, counters,
                                candidates, len(order), best if reached else core.NO_MOVE, depth)
        nodes += int(counters[0])
        spent = time.perf_counter() - iteration_began
        if spent > 0.01:
            rate = counters[0] / spent
        if counters[2]:
            break  # out of time in the middle of this depth: keep the last full result
        best, value, reached = int(code), int(score), depth
        if abs(value) >= WIN - MATE_MARGIN:
            break
    return SearchResult(to_move(state, best), float(value), reached, nodes, time.perf_counter() - began)


def _refill(state: KamisadoState, max_depth: int, deadline: float | None, cancel: threading.Event | None,
            began: float) -> SearchResult:
    chooser = state.to_play
    best_move, best_value, nodes, reached = None, float("-inf"), 0, 0
    moves = list(state.legal_moves())
    for number, move in enumerate(moves):
        after = state.play(move)
        if after.outcome() is not None or after.to_play is None:
            return SearchResult(move, 0.0, 0, nodes, time.perf_counter() - began)
        share = None if deadline is None else began + (deadline - began) * (number + 1) / len(moves)
        result = search(after, max_depth=max(1, max_depth - 1), time_budget=None if share is None else
                        max(0.01, share - time.perf_counter()), cancel=cancel)
        value = result.value if after.to_play == chooser else -result.value
        nodes += result.nodes
        reached = max(reached, result.depth)
        if value > best_value:
            best_move, best_value = move, value
    assert best_move is not None
    return SearchResult(best_move, best_value, reached, nodes, time.perf_counter() - began)
