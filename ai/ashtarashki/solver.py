"""An exact solver for Ashtarashki endgames: who wins with best play, in how many plies, and how.

Ashtarashki has no draws and every game ends (stones only step forward until they finish, and a
stone retreats at most three times), so a search of a small position settles it. The question
"does the player to move win?" is answered by the compiled prover (:mod:`ai.ashtarashki.prover`,
about a million positions a second, with a transposition table); this module finds the moves with
the prover's own move generation. A win is played for the best score proven: the clean win (two
points, no enemy stone left) when it can be forced, else the first winning move found; in a lost
position, the move whose proven refutation is longest among those that avoid a clean loss.

>>> from rules import get_game
>>> game = get_game("ashtarashki")
>>> state = game.new_state(position="White: M1 a3; M2 a5; M3 f6; M1 c1. Black: M1 g1; M2 b4; M3 e1; M3 h8. White to move.")
>>> solution = solve(state)
>>> solution.winner, solution.move in state.legal_moves()
('white', True)
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ai.ashtarashki.prover import LOSS, NO_WINNER, PLAIN, STOPPED, WIN, Board, Table, Turn, successors
from rules.ashtarashki import AshtarashkiState
from rules.ashtarashki.board import (
    FINISH_RANK,
    PLAYER_INDEX,
    PLAYER_NAMES,
    SQUARE_NAMES,
    AshtarashkiMove,
    owner_of,
)

_KINDS = ("step", "retreat", "capture")  # the prover's kinds of turn, by number
FIRST_ROUND = 20_000  # positions the prover may search in its first round; each next round doubles
RESISTANCE_POSITIONS = 20_000  # positions of a lost game's refutations measured to pick the longest


class Unsolved(Exception):
    """The position has more positions behind it than the node limit allows."""


@dataclass(frozen=True)
class Solution:
    winner: str
    move: Any  # the best move of the player to move
    positions: int  # positions judged
    points: int = 1  # the winner's score with best play: 2 for a clean win
    exact: bool = True  # whether ``points`` is proven (False: the time ran out after the win was proven)


def active_stones(state: AshtarashkiState) -> int:
    """Stones on the board that have not finished (the ones that can still move)."""
    return sum(1 for square, code in enumerate(state.board) if code and square // 8 != FINISH_RANK[owner_of(code)])


def _stones(board: Board, player: int) -> int:
    return sum(1 for code in board if code and owner_of(code) == player)


def move_of(turn: Turn) -> AshtarashkiMove:
    """The rules' move for a prover's turn."""
    path, kind = turn
    return AshtarashkiMove(tuple(SQUARE_NAMES[square] for square in path), _KINDS[kind])


def _mover(state: AshtarashkiState) -> int:
    return PLAYER_INDEX[state.to_play or "white"]


class EndgameSolver:
    """Solves positions of one game, remembering every position it settles (so later positions are quick).

    The compiled prover (:mod:`ai.ashtarashki.prover`) answers who wins; this class finds the moves.
    """

    def __init__(self, node_limit: int = 300_000, deadline: float | None = None) -> None:
        self.node_limit = node_limit
        self.deadline = deadline  # a time.perf_counter() value, checked between rounds of the prover
        self.table = Table()

    @property
    def positions(self) -> int:
        """Positions the prover has searched so far."""
        return self.table.positions

    def won(self, position: AshtarashkiState) -> bool:
        """Whether the player to move wins with best play; :class:`Unsolved` past the node limit or the deadline."""
        return self._won(position.board, _mover(position))

    def wins_cleanly(self, position: AshtarashkiState) -> bool:
        """Whether the player to move forces a clean win (no enemy stone left); :class:`Unsolved` past the node
        limit or the deadline."""
        player = _mover(position)
        return self._won(position.board, player, player)

    def _won(self, board: Board, player: int, goal: int = PLAIN) -> bool:
        """Whether ``player`` to move wins (with ``goal`` a player: whether that player forces a clean win)."""
        chunk, order = FIRST_ROUND, 0
        began, done = time.perf_counter(), self.table.positions
        while True:
            left = self.node_limit - self.table.positions
            now = time.perf_counter()
            if self.deadline is not None:
                if now >= self.deadline:
                    raise Unsolved
                if now > began:  # a round must not run past the deadline: at most what the time left allows
                    rate = (self.table.positions - done) / (now - began)
                    left = min(left, max(1_000, int(rate * (self.deadline - now))))
            if left <= 0:
                raise Unsolved
            result = self.table.won(board, player, min(chunk, left), goal, order)
            if result != STOPPED:
                return result == WIN
            # What a round settled stays in the table, but the positions it left open are searched again. The order
            # of moves that proves a position quickly differs from one position to another (by a hundredfold), so
            # the rounds take turns with the two orders, each round twice as long as the one before.
            chunk, order = chunk * 2, 1 - order

    def _clean(self, board: Board, player: int, winner: int) -> bool:
        """Whether ``winner`` forces a clean win (no enemy stone left), ``player`` to move. The score is a
        refinement: it may use half of the positions left, so later questions about the game still fit."""
        limit = self.node_limit
        self.node_limit = self.positions + max(0, limit - self.positions) // 2
        try:
            return self._won(board, player, winner)
        finally:
            self.node_limit = limit

    def _known(self, board: Board, player: int) -> int:
        """The prover's answer if it is known (or quick), else :data:`STOPPED`."""
        return self.table.won(board, player, 1)

    def solve(self, state: AshtarashkiState) -> Solution:
        """The result of ``state`` with the move to play: a win by the best score proven (a clean win, 2 points,
        when one can be forced in the time), or when lost the longest resistance that avoids a clean loss."""
        board, player = state.board, _mover(state)
        if self._won(board, player):
            options = successors(board, player)
            plain = Solution(PLAYER_NAMES[player], move_of(self._winning(options, player)[0]), self.positions, 1, False)
            try:  # the score is settled with what the win left of the limits
                if self._clean(board, player, player):
                    turn = self._keeping_clean(options, player)[0]
                    return Solution(PLAYER_NAMES[player], move_of(turn), self.positions, 2)
            except Unsolved:
                return plain
            return replace(plain, positions=self.positions, exact=True)
        return self._resisting(board, player)

    def _keeping_clean(self, options: list[tuple[Turn, Board, int]], player: int) -> tuple[Turn, Board, int]:
        """The first of ``options`` that keeps a forced clean win for ``player``."""
        for option in options:
            _, after, winner = option
            if winner == player and _stones(after, 1 - player) == 0:
                return option
            if winner == NO_WINNER and self._clean(after, 1 - player, player):
                return option
        raise AssertionError("a position with a forced clean win has a move that keeps it")

    def _resisting(self, board: Board, player: int) -> Solution:
        """A lost position: the longest resistance, among the moves that avoid a clean loss when any can."""
        opponent = 1 - player
        loser = PLAYER_NAMES[opponent]
        longest = Solution(loser, move_of(self._longest(board, player)), self.positions, 1, False)
        try:  # the score is settled with what the proof of the loss left of the limits
            if self._clean(board, player, opponent):
                return Solution(loser, longest.move, self.positions, 2)
            spared = [turn for turn, after, winner in successors(board, player)
                      if (winner == opponent and _stones(after, player) > 0)
                      or (winner == NO_WINNER and not self._clean(after, opponent, opponent))]
            return Solution(loser, move_of(self._longest(board, player, spared)), self.positions, 1)
        except Unsolved:
            return replace(longest, positions=self.positions)

    def _winning_turn(self, board: Board, player: int) -> Turn:
        """The first turn that keeps a proven win (the position must be won for ``player``)."""
        return self._winning(successors(board, player), player)[0]

    def _winning(self, options: list[tuple[Turn, Board, int]], player: int) -> tuple[Turn, Board, int]:
        """One of ``options`` (a won position's successors) that keeps the win: one the proof of the win has already
        settled when there is one (no search at all), else the first proven. The options are proven by turns, each
        round twice as long as the one before: the first option may take a hundred times longer to settle than the
        winning one (étude No. 2: 6.5 million positions one after the other; the table that knew the way may have
        been written over since)."""
        for option in options:
            _, after, winner = option
            if winner == player or (winner == NO_WINNER and self._known(after, 1 - player) == LOSS):
                return option
        undecided = [option for option in options if option[2] == NO_WINNER]
        limit, share = self.node_limit, FIRST_ROUND
        while undecided:
            for option in list(undecided):
                self.node_limit = min(limit, self.positions + share)
                try:
                    if not self._won(option[1], 1 - player):
                        return option
                    undecided.remove(option)  # the opponent wins after it
                except Unsolved:
                    if self.positions >= limit or (self.deadline is not None and time.perf_counter() >= self.deadline):
                        raise  # the whole question's limits, not this round's share
                finally:
                    self.node_limit = limit
            share *= 2
        raise AssertionError("a won position has a winning move")

    def losing_moves(self, state: AshtarashkiState) -> frozenset[AshtarashkiMove]:
        """The moves of ``state`` already proven to lose (after an :class:`Unsolved` search, say)."""
        player = _mover(state)
        lost = set()
        for turn, after, winner in successors(state.board, player):
            if winner == 1 - player or (winner == NO_WINNER and self._known(after, 1 - player) == WIN):
                lost.add(move_of(turn))
        return frozenset(lost)

    def proof_length(self, state: AshtarashkiState) -> int:
        """Plies of the proven line from a solved ``state``: the winner's proven moves, the loser's longest replies."""
        board, player = state.board, _mover(state)
        winner = player if self._won(board, player) else 1 - player
        return self._plies(board, player, winner, {})

    def _plies(self, board: Board, player: int, winner: int, memo: dict[tuple[Board, int], int]) -> int:
        """Plies of the proven line: the winner plays its first proven move, the loser its longest reply."""
        key = (board, player)
        if key in memo:
            return memo[key]
        if len(memo) >= RESISTANCE_POSITIONS:
            return 0  # too long to measure: counted as short
        options = successors(board, player)
        if player == winner:
            options = [self._winning(options, player)]
        longest = 0
        for _, after, ended in options:
            plies = 1 if ended != NO_WINNER else 1 + self._plies(after, 1 - player, winner, memo)
            longest = max(longest, plies)
        memo[key] = longest
        return longest

    def _longest(self, board: Board, player: int, among: list[Turn] | None = None) -> Turn:
        """For a lost position: the turn (of ``among``, when given) whose proven refutation is longest."""
        best, best_plies = None, -1
        memo: dict[tuple[Board, int], int] = {}
        for turn, after, ended in successors(board, player):
            if among is not None and turn not in among:
                continue
            plies = 0 if ended != NO_WINNER else self._plies(after, 1 - player, 1 - player, memo)
            if plies > best_plies:
                best, best_plies = turn, plies
        assert best is not None, "a lost position with no move is blocked, and over"
        return best


class KeptSolvers:
    """Endgame solvers kept from one move to the next, so that what one move's proof settled serves the next
    (a position's result is the same in every game, so any later game gains too); each serves one search at a
    time, and at most ``keep`` are kept."""

    def __init__(self, keep: int = 2) -> None:
        self.keep = keep
        self._idle: list[EndgameSolver] = []
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def lent(self, deadline: float) -> Iterator[EndgameSolver]:
        """A solver (a kept one when one is free) bound by ``deadline`` alone, kept again afterwards."""
        with self._lock:
            solver = self._idle.pop() if self._idle else EndgameSolver(0)
        solver.node_limit = 1 << 62
        solver.deadline = deadline
        try:
            yield solver
        finally:
            with self._lock:
                if len(self._idle) < self.keep:
                    self._idle.append(solver)


PROOF_POSITIONS = 4_000_000  # positions a review may spend settling one position (its table serves the next)


class EndgameProofs:
    """One solver whose table serves every endgame position of a game (for a review): who wins, and how."""

    def __init__(self, stones: int, positions: int = PROOF_POSITIONS, stop: Callable[[], bool] | None = None) -> None:
        self.stones = stones
        self.positions = positions
        self.stop = stop  # checked before each proof (each is bounded by ``positions``)
        self.solver = EndgameSolver(0)

    def winner(self, state: AshtarashkiState) -> str | None:
        """Who wins ``state`` with best play, when it has at most ``stones`` unfinished stones and the prover
        settles it within ``positions`` more positions; else ``None``."""
        if state.outcome() is not None or active_stones(state) > self.stones or (self.stop is not None and self.stop()):
            return None
        self.solver.node_limit = self.solver.positions + self.positions
        try:
            won = self.solver.won(state)
        except Unsolved:
            return None
        return PLAYER_NAMES[_mover(state) if won else 1 - _mover(state)]

    def keeping(self, state: AshtarashkiState) -> AshtarashkiMove:
        """The first move that keeps the win of the player to move (``state`` must be won for them)."""
        self.solver.node_limit = self.solver.positions + self.positions
        return move_of(self.solver._winning_turn(state.board, _mover(state)))


def solve(state: AshtarashkiState, node_limit: int = 300_000, deadline: float | None = None) -> Solution:
    """The exact result of ``state``; :class:`Unsolved` when it needs more than ``node_limit`` positions,
    or more time than ``deadline`` (a ``time.perf_counter()`` value) leaves.

    The search stops at the first winning move it finds (captures and advances are tried first),
    so the win it plays is not always the shortest one.
    """
    return EndgameSolver(node_limit, deadline).solve(state)
