"""An exact solver for Ashtarashki endgames: who wins with best play, in how many plies, and how.

Ashtarashki has no draws and every game ends (stones only step forward until they finish, and a
stone retreats at most three times), so a search of a small position settles it. The question
"does the player to move win?" is answered by the compiled prover (:mod:`ai.ashtarashki_prover`,
about a million positions a second, with a transposition table); this module finds the moves, on
its own compact position: the sorted tuple of its stones (``square << 5 | stone code``) and the
player to move, with the rules' moves and endings re-implemented over those few stones (tests play
both, and the prover, side by side with the rules core). The first winning move found is played;
in a lost position, the move whose proven refutation is longest.

>>> from rules import get_game
>>> game = get_game("ashtarashki")
>>> state = game.new_state(position="White: M1 a3; M2 a5; M3 f6; M1 c1. Black: M1 g1; M2 b4; M3 e1; M3 h8. White to move.")
>>> solution = solve(state)
>>> solution.winner, solution.move in state.legal_moves()
('white', True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ai.ashtarashki_prover import STOPPED, WIN, Table
from rules.ashtarashki import AshtarashkiState
from rules.ashtarashki.board import (
    BACKWARD_STEPS,
    BEATS,
    DIAGONALS,
    FINISH_RANK,
    FORWARD_STEPS,
    PLAYER_INDEX,
    PLAYER_NAMES,
    SQUARE_NAMES,
    AshtarashkiMove,
    W,
    owner_of,
    stone,
)

Stones = tuple[int, ...]  # sorted: square << 5 | stone code
Key = tuple[Stones, int]  # the stones and the player to move (0 White, 1 Black)
Turn = tuple[tuple[int, ...], int]  # the squares the stone stands on, and its kind
STEP, RETREAT, CAPTURE = 0, 1, 2
_KINDS = ("step", "retreat", "capture")
NO_WINNER = -1
FIRST_ROUND = 20_000  # positions the prover may search in its first round; each next round doubles
RESISTANCE_POSITIONS = 20_000  # positions of a lost game's refutations measured to pick the longest


class Unsolved(Exception):
    """The position has more positions behind it than the node limit allows."""


@dataclass(frozen=True)
class Solution:
    winner: str
    move: Any  # the best move of the player to move
    positions: int  # positions judged


def active_stones(state: AshtarashkiState) -> int:
    """Stones on the board that have not finished (the ones that can still move)."""
    return sum(1 for square, code in enumerate(state.board) if code and square // 8 != FINISH_RANK[owner_of(code)])


def key_of(state: AshtarashkiState) -> Key:
    """The solver's compact position of an unfinished ``state``."""
    return tuple(sorted(square << 5 | code for square, code in enumerate(state.board) if code)), PLAYER_INDEX[
        state.to_play or "white"]


def move_of(turn: Turn) -> AshtarashkiMove:
    """The rules' move for a solver's turn."""
    path, kind = turn
    return AshtarashkiMove(tuple(SQUARE_NAMES[square] for square in path), _KINDS[kind])


def turns(stones: Stones, player: int) -> list[Turn]:
    """The legal turns of ``player``, as the rules allow them: capture chains if any, else steps and retreats."""
    board = {item >> 5: item & 31 for item in stones}
    finish = FINISH_RANK[player]
    captures: list[Turn] = []
    for item in stones:
        square, code = item >> 5, item & 31
        if code >> 4 == player and square >> 3 != finish and not code & 12:  # an unfinished M stone
            _chains(board, player, square, code & 3, finish, (square,), captures)
    if captures:
        return captures
    forward: list[Turn] = []
    back: list[Turn] = []
    for item in stones:
        square, code = item >> 5, item & 31
        if code >> 4 != player or square >> 3 == finish:
            continue
        for target in FORWARD_STEPS[player][square]:
            if target not in board:
                forward.append(((square, target), STEP))
        for target in BACKWARD_STEPS[player][square]:
            if target not in board:
                back.append(((square, target), RETREAT))
    return forward + back


def _chains(board: dict[int, int], player: int, square: int, number: int, finish: int, path: tuple[int, ...],
            found: list[Turn]) -> None:
    if len(path) > 1 and square >> 3 == finish:
        found.append((path, CAPTURE))
        return
    extended = False
    for target in DIAGONALS[square]:
        taken = board.get(target)
        if (taken is not None and taken >> 4 != player and target >> 3 != FINISH_RANK[taken >> 4]
                and ((taken >> 2) & 3 == W or (number, taken & 3) in BEATS)):
            code = board.pop(square)
            board[target] = code
            _chains(board, player, target, number, finish, path + (target,), found)
            board[target] = taken
            board[square] = code
            extended = True
    if not extended and len(path) > 1:
        found.append((path, CAPTURE))


def play(stones: Stones, player: int, turn: Turn) -> tuple[Stones, int]:
    """The stones after ``turn`` and the winner if the game ends with it (:data:`NO_WINNER` otherwise).

    A game that goes on may still end by the next player having no turn (blocked): :meth:`EndgameSolver.won`
    sees that.
    """
    path, kind = turn
    start, end = path[0], path[-1]
    code = 0
    kept = []
    for item in stones:
        if item >> 5 == start:
            code = item & 31
        elif kind != CAPTURE or item >> 5 not in path:
            kept.append(item)
    if kind == RETREAT:
        state = (code >> 2) & 3
        if state == W:  # liquidated
            after = tuple(kept)
            return after, _winner(after, player)
        kept.append(end << 5 | stone(player, state + 1, code & 3))
        return tuple(sorted(kept)), NO_WINNER  # nothing left the board and nothing finished
    kept.append(end << 5 | code)
    after = tuple(sorted(kept))
    if kind == STEP and end >> 3 != FINISH_RANK[player]:
        return after, NO_WINNER
    return after, _winner(after, player)


def _winner(stones: Stones, mover: int) -> int:
    """The rules' ending after a move of ``mover`` (see ``AshtarashkiState._after``), blocking aside."""
    counts = [0, 0]
    finished = [0, 0]
    for item in stones:
        owner = item >> 4 & 1
        counts[owner] += 1
        if item >> 8 == FINISH_RANK[owner]:
            finished[owner] += 1
    opponent = 1 - mover
    if counts[opponent] == 0 or counts[mover] == 0:
        return mover if counts[opponent] == 0 else opponent
    home = [counts[p] > 0 and finished[p] >= min(4, counts[p]) for p in (0, 1)]
    if not (home[mover] or home[opponent]):
        return NO_WINNER
    if counts[0] != counts[1] and min(counts) < 4:
        return 0 if counts[0] > counts[1] else 1
    return mover if home[mover] else opponent


class EndgameSolver:
    """Solves positions of one game, remembering every position it settles (so later positions are quick).

    The compiled prover (:mod:`ai.ashtarashki_prover`) answers who wins; this class finds the moves.
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
        stones, player = key_of(position)
        return self._won(stones, player)

    def _won(self, stones: Stones, player: int) -> bool:
        board = _board(stones)
        chunk = FIRST_ROUND
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
            result = self.table.won(board, player, min(chunk, left))
            if result != STOPPED:
                return result == WIN
            chunk *= 2  # what the last round settled stays in the table: the next one goes further

    def _known(self, stones: Stones, player: int) -> int:
        """The prover's answer if it is known (or quick), else :data:`STOPPED`."""
        return self.table.won(_board(stones), player, 1)

    def solve(self, state: AshtarashkiState) -> Solution:
        """The result of ``state`` with the move to play (the longest resistance when lost)."""
        stones, player = key_of(state)
        if self._won(stones, player):
            turn = self._winning_turn(stones, player)
            return Solution(PLAYER_NAMES[player], move_of(turn), self.positions)
        return Solution(PLAYER_NAMES[1 - player], move_of(self._longest(stones, player)), self.positions)

    def _winning_turn(self, stones: Stones, player: int) -> Turn:
        """The first turn that keeps a proven win (the position must be won for ``player``)."""
        for turn in turns(stones, player):
            after, winner = play(stones, player, turn)
            if winner == player or (winner == NO_WINNER and not self._won(after, 1 - player)):
                return turn
        raise AssertionError("a won position has a winning move")

    def losing_moves(self, state: AshtarashkiState) -> frozenset[AshtarashkiMove]:
        """The moves of ``state`` already proven to lose (after an :class:`Unsolved` search, say)."""
        stones, player = key_of(state)
        lost = set()
        for turn in turns(stones, player):
            after, winner = play(stones, player, turn)
            if winner == 1 - player or (winner == NO_WINNER and self._known(after, 1 - player) == WIN):
                lost.add(move_of(turn))
        return frozenset(lost)

    def proof_length(self, state: AshtarashkiState) -> int:
        """Plies of the proven line from a solved ``state``: the winner's proven moves, the loser's longest replies."""
        stones, player = key_of(state)
        winner = player if self._won(stones, player) else 1 - player
        return self._plies(stones, player, winner, {})

    def _plies(self, stones: Stones, player: int, winner: int, memo: dict[Key, int]) -> int:
        """Plies of the proven line: the winner plays its first proven move, the loser its longest reply."""
        key = (stones, player)
        if key in memo:
            return memo[key]
        if len(memo) >= RESISTANCE_POSITIONS:
            return 0  # too long to measure: counted as short
        options = [self._winning_turn(stones, player)] if player == winner else turns(stones, player)
        longest = 0
        for turn in options:
            after, ended = play(stones, player, turn)
            plies = 1 if ended != NO_WINNER else 1 + self._plies(after, 1 - player, winner, memo)
            longest = max(longest, plies)
        memo[key] = longest
        return longest

    def _longest(self, stones: Stones, player: int) -> Turn:
        """For a lost position: the turn whose proven refutation is longest."""
        best, best_plies = None, -1
        memo: dict[Key, int] = {}
        for turn in turns(stones, player):
            after, ended = play(stones, player, turn)
            plies = 0 if ended != NO_WINNER else self._plies(after, 1 - player, 1 - player, memo)
            if plies > best_plies:
                best, best_plies = turn, plies
        assert best is not None, "a lost position with no move is blocked, and over"
        return best


def _board(stones: Stones) -> tuple[int, ...]:
    board = [0] * 64
    for item in stones:
        board[item >> 5] = item & 31
    return tuple(board)


def solve(state: AshtarashkiState, node_limit: int = 300_000, deadline: float | None = None) -> Solution:
    """The exact result of ``state``; :class:`Unsolved` when it needs more than ``node_limit`` positions,
    or more time than ``deadline`` (a ``time.perf_counter()`` value) leaves.

    The search stops at the first winning move it finds (captures and advances are tried first),
    so the win it plays is not always the shortest one.
    """
    return EndgameSolver(node_limit, deadline).solve(state)
